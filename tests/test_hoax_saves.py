"""Hoax saves: a round trip replays to the same state; edited, lying or malformed saves are
refused with SaveFileError naming what is wrong; a version-1 save still loads; a game with
passes and the draw they make saves and replays; a review refuses a Hoax save with the error
its docs name."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_hoax_rules import thief_with_no_move, thieves_with_no_move

from bluffmath.errors import SaveFileError
from bluffmath.hoax.actions import Accuse, Act, Hoax, Pass, Take
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.game import Game
from bluffmath.hoax.saves import from_json, to_json
from bluffmath.review import load, review


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
    (lambda d: {**d, "version": 3}, "version must be a whole number from 1 to 2; found 3"),
    (lambda d: {**d, "version": True}, "version must be a whole number from 1 to 2; found true"),
    (lambda d: {**d, "version": 2.0}, "version must be a whole number from 1 to 2; found 2.0"),
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


#: A save written by bluffmath before version 2 (the engine of that time, unchanged here).
#: Judge, Thief and King take grain, gold and gold; seat 1 accuses seat 0 (the Judge) at a
#: chance to doubt: right, seat 0 leaves; seat 1's false King is found out ("Hoax!", the one
#: yes of two left); seat 2 the King takes gold and seat 1 wrongly accuses it of the Vicar:
#: seat 1 leaves, seat 2 is the last player left after 3 turns.
VERSION_1 = (
    '{"format": "bluffmath-hoax-game", "version": 1, "edition": "original", "players": 3, "seed": 1, '
    '"deal": ["Judge", "Thief", "King"], "max_turns": 200, "accuse_on_turn": false, "actions": [["take", 1], '
    '["take", 0], ["take", 0], ["act", "Peasant", "take", null, null, 0, null, false], ["accuse", 0, "Judge"], '
    '["act", "King", "take", 0, null, 0, null, false], ["hoax"], ["act", "King", "take", 0, null, 0, null, false], '
    '["accuse", 2, "Vicar"]], "winner": 2, "turns": 3, '
    '"check": "97f834f463a41517a0802ec82631b65dae1e27fbe81e6af6ec7755e7c8c61386"}')


def test_a_version_1_save_still_loads_as_it_was_played():
    state = from_json(VERSION_1)
    moves = [Take(1), Take(0), Take(0), Act("Peasant", "take"), Accuse(0, "Judge"), Act("King", "take", token=0),
             Hoax(), Act("King", "take", token=0), Accuse(2, "Vicar")]
    played = Game("original", players=3, seed=1).new_game()
    for move in moves:
        played = played.apply(move)
    assert state == played
    assert (state.winner, state.turn, state.how, state.alive) == (2, 3, "the last player left", (False, False, True))
    assert state.covered[1] == {"King"}
    assert json.loads(to_json(state))["version"] == 2


def test_a_version_1_save_of_a_seat_left_without_a_move_loads_and_the_seat_passes():
    """A game saved by the old engine where it stood still (it offered no move) goes on now."""
    stuck = thief_with_no_move()
    data = {**json.loads(to_json(stuck)), "version": 1}
    state = from_json(_resealed(data))
    assert state == stuck
    assert state.legal_actions() == [Pass()]


def test_passes_and_their_draw_save_load_and_replay():
    draw = thieves_with_no_move().apply(Pass()).apply(Pass())
    text = to_json(draw)
    data = json.loads(text)
    assert (data["version"], data["winner"], data["turns"]) == (2, None, 14)
    assert data["actions"][-2:] == [["pass"], ["pass"]]
    loaded = from_json(text)
    assert loaded == draw
    assert loaded.is_draw
    assert loaded.how == "every player still in passed in one full round: a draw"
    lying = {**data, "winner": 0}
    with pytest.raises(SaveFileError, match="the save says winner 0 after 14 turns; the replay gives null after 14"):
        from_json(_resealed(lying))


def test_a_version_1_save_that_passes_a_turn_is_refused():
    data = json.loads(to_json(thieves_with_no_move().apply(Pass())))
    first_pass = len(data["actions"]) - 1
    with pytest.raises(SaveFileError, match=rf"actions\[{first_pass}\]: a version-1 save holds no pass on a turn"):
        from_json(_resealed({**data, "version": 1}))


def test_a_hoax_game_is_reviewed_from_a_save_a_state_or_bytes_alike():
    """A save, its State and its bytes give the same review."""
    state = thief_with_no_move()
    reviews = [review(save, seat) for save in (to_json(state), state, to_json(state).encode())
               for seat in range(state.players)]
    assert reviews[:state.players] == reviews[state.players:2 * state.players] == reviews[2 * state.players:]
    assert load(to_json(state)) == state
