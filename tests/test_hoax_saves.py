"""Hoax saves: a round trip replays to the same state; edited, lying or malformed saves are
refused with SaveFileError naming what is wrong."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import SaveFileError
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.game import Game
from bluffmath.hoax.saves import from_json, to_json


def finished(edition="original", players=4, seed=3):
    return play(Game(edition, players=players, seed=seed), [RandomBot(seed=seed + i) for i in range(players)])


@given(st.sampled_from(["original", "german"]), st.integers(0, 10**9), st.integers(0, 400))
def test_round_trip_at_any_moment(edition, seed, cut):
    sizes = range(3, 7) if edition == "original" else range(4, 9)
    game = Game(edition, players=sizes[seed % len(sizes)], seed=seed, max_turns=50)
    rng, state = random.Random(seed), game.new_game()
    for _ in range(cut):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    text = to_json(state)
    assert from_json(text) == state
    assert json.loads(text)["actions"] == json.loads(to_json(from_json(text)))["actions"]


def test_a_given_deal_round_trips():
    state = Game("german", players=4, deal=("Merchant", "King", "Thief", "Thief")).new_game()
    data = json.loads(to_json(state))
    assert data["seed"] is None
    assert data["deal"] == ["Merchant", "King", "Thief", "Thief"]
    assert from_json(to_json(state)) == state


def _resealed(data):
    from bluffmath import seal
    return json.dumps(seal.seal(data))


def test_an_edited_move_is_refused_by_the_replay_or_the_check():
    state = finished()
    data = json.loads(to_json(state))
    take = data["actions"][0]
    assert take[0] == "take"
    edited = {**data, "actions": [["take", (take[1] + 1) % 3], *data["actions"][1:]]}
    with pytest.raises(SaveFileError, match="changed after it was saved"):
        from_json(json.dumps(edited))
    illegal = {**data, "actions": [["pass"], *data["actions"][1:]]}
    with pytest.raises(SaveFileError, match=r"actions\[0\]: the rules refuse this move"):
        from_json(_resealed(illegal))


def test_a_lying_outcome_or_deal_is_refused():
    data = json.loads(to_json(finished()))
    lying = {**data, "winner": (data["winner"] + 1) % 4 if data["winner"] is not None else 0}
    with pytest.raises(SaveFileError, match="the replay gives"):
        from_json(_resealed(lying))
    swapped = {**data, "deal": data["deal"][::-1]}
    if swapped["deal"] != data["deal"]:
        with pytest.raises(SaveFileError, match=r"deal: seed 3 deals"):
            from_json(_resealed(swapped))
    too_many = {**data, "seed": None, "deal": ["King", "King", "King", "Thief"]}
    with pytest.raises(SaveFileError, match="holds the King 3 times"):
        from_json(_resealed(too_many))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: {**d, "version": 2}, "version must be a whole number from 1 to 1; found 2"),
    (lambda d: {**d, "version": True}, "version must be a whole number from 1 to 1; found true"),
    (lambda d: {**d, "format": "bluffmath-muenchhausen"}, "this is not a Hoax save"),
    (lambda d: {**d, "extra": 1}, 'unknown key "extra"'),
    (lambda d: {k: v for k, v in d.items() if k != "deal"}, '"deal" missing'),
    (lambda d: {**d, "players": True}, "players must be a whole number from 3 to 6; found true"),
    (lambda d: {**d, "accuse_on_turn": 0}, "accuse_on_turn must be true or false; found 0"),
    (lambda d: {**d, "actions": [["take", True], *d["actions"][1:]]}, r"actions\[0\]\[1\] must be a whole number"),
    (lambda d: {**d, "actions": [["take"], *d["actions"][1:]]}, r'actions\[0\] must be \["take", token\]'),
    (lambda d: {**d, "actions": [["steal", 1], *d["actions"][1:]]}, r'actions\[0\]\[0\]: "steal" is not allowed'),
    (lambda d: {**d, "actions": [*d["actions"][:-1], ["fine", [0, 1, 2]]]}, "has 3 items; at most 2"),
])
def test_malformed_saves_are_refused_with_their_path(change, message):
    data = json.loads(to_json(finished()))
    with pytest.raises(SaveFileError, match=message):
        from_json(_resealed(change(data)))


def test_duplicate_keys_and_not_json_are_refused():
    text = to_json(finished())
    with pytest.raises(SaveFileError, match="players"):
        from_json(text.replace('"players": 4', '"players": 4, "players": 4'))
    with pytest.raises(SaveFileError):
        from_json("{not json")
    with pytest.raises(SaveFileError, match="only a Hoax State"):
        to_json("state")
