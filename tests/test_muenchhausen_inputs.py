"""Münchhausen at its doors: every public name refuses bad arguments with a bluffmath error
saying what is allowed; saves are read strictly, replayed, and refuse any edited field."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest
from hostile import mutations, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import muenchhausen as mh
from bluffmath.errors import BluffmathError, InconsistentEvidenceError, SaveFileError
from bluffmath.muenchhausen import events as ev
from bluffmath.muenchhausen.game import Choose, Name

GAME = mh.Game(4)
LAID = GAME.new_game().name(5).pass_().offer(7).pass_().pass_().pass_().lay(3)   # seat 2 lays on 7
K = mh.Knowledge.from_log(LAID.log, mh.UNIFORM)
START = GAME.new_game().log
HOSTILE = [None, True, 1.0, 5.0, -1, 99, 10**100, "x", "5", [], [5], (99, 99), Fraction(1, 2), {}, b"x",
           object()]

CALLS = {
    "Game(players)": lambda b: mh.Game(b),
    "Game(rounds)": lambda b: mh.Game(4, b),
    "state.name": lambda b: GAME.new_game().name(b),
    "state.apply": lambda b: GAME.new_game().apply(b),
    "apply(Name(b))": lambda b: GAME.new_game().apply(Name(b)),
    "apply(Choose(b))": lambda b: GAME.new_game().name(5).offer(6).offer(6).offer(6).pass_().pass_().pass_()
    .apply(Choose(b)),
    "state.view": lambda b: LAID.view(b),
    "Knowledge.from_log(log)": lambda b: mh.Knowledge.from_log(b),
    "Knowledge.from_log(model)": lambda b: mh.Knowledge.from_log(LAID.log, b),
    "Knowledge.from_log(me)": lambda b: mh.Knowledge.from_log(LAID.log, me=b, my_hand=range(1, 9)),
    "Knowledge.from_log(my_hand)": lambda b: mh.Knowledge.from_log(LAID.log, me=0, my_hand=b),
    "k.hands": lambda b: K.hands(b),
    "k.explain": lambda b: K.explain(b),
    "k.holds(seat)": lambda b: K.holds(b, 3),
    "k.holds(value)": lambda b: K.holds(0, b),
    "k.after": lambda b: K.after(b),
    "decide(k)": lambda b: mh.decide(b, range(1, 9)),
    "decide(my_hand)": lambda b: mh.decide(K, b),
    "explain_decision": lambda b: mh.explain_decision(K, b),
    "honest_chance": lambda b: mh.honest_chance(b),
    "card_chances": lambda b: mh.card_chances(b),
    "explain_honest": lambda b: mh.explain_honest(b),
    "offers(seat)": lambda b: mh.offers(K, b, range(1, 9), [5]),
    "offers(hand)": lambda b: mh.offers(K, 1, b, [5]),
    "offers(values)": lambda b: mh.offers(K, 1, range(1, 9), b if b != [] else [0]),
    "offers(model)": lambda b: mh.offers(K, 1, range(1, 9), [5], b if b is not None else "highest"),
    "CardModel(lay)": lambda b: mh.CardModel(b),
    "CardModel(reward)": lambda b: mh.CardModel("uniform", b),
    "lay_chances(hand)": lambda b: mh.UNIFORM.lay_chances(b if b != [5] else [9], 5),
    "lay_chances(offer)": lambda b: mh.UNIFORM.lay_chances((1, 2), b),
    "reward_chances": lambda b: mh.UNIFORM.reward_chances(b if b != [5] else [0]),
    "Decision": lambda b: mh.Decision(b, 1, 1) if b not in ([5], []) else mh.Decision(2, 1, 1),
    "OfferOption": lambda b: mh.OfferOption(b, True, 1, 1, 1),
    "RandomBot(seed)": lambda b: mh.RandomBot(seed=b if b != 99 else -1),
    "RandomBot(name)": lambda b: mh.RandomBot(name=b if b != "x" else ""),
    "HonestBot(named)": lambda b: mh.HonestBot(named=b),
    "OddsBot(named)": lambda b: mh.OddsBot(named=b),
    "OddsBot(model)": lambda b: mh.OddsBot(model=b),
    "bot.act": lambda b: mh.OddsBot().act(b),
    "play_game(game)": lambda b: mh.play_game(b, [mh.RandomBot()] * 4),
    "play_game(bots)": lambda b: mh.play_game(GAME, b),
    "save_game": lambda b: mh.save_game(b),
    "load_game": lambda b: mh.load_game(b),
    "run_tournament(games)": lambda b: mh.run_tournament([mh.RandomBot()] * 2, b, workers=1),
    "run_tournament(rounds)": lambda b: mh.run_tournament([mh.RandomBot()] * 2, 1, rounds=b, workers=1),
    "run_tournament(bots)": lambda b: mh.run_tournament(b, 1, workers=1),
}
# a few hostile values are fine for some arguments: a whole number in range is one
FINE = {("Game(rounds)", "99"), ("run_tournament(games)", "99"), ("run_tournament(rounds)", "99"),
        ("RandomBot(name)", "'5'"), ("Knowledge.from_log(log)", "[]"), ("Knowledge.from_log(log)", "{}"),
        ("offers(values)", "[5]"), ("offers(values)", "{}"), ("Decision", "Fraction(1, 2)"),
        ("decide(my_hand)", "[5]"), ("explain_decision", "[5]")}


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("bad", [*HOSTILE, itertools.count()], ids=lambda b: (
    type(b).__name__ if type(b) in (object, itertools.count) else repr(b)))  # the same on every worker
def test_every_public_name_refuses_hostile_arguments(name, bad):
    if (name, repr(bad)) in FINE:
        return
    with pytest.raises(BluffmathError):
        CALLS[name](bad)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: mh.decide(K, (99, 99)), "each card in my_hand .* must be a whole number from 1 to 8, got 99"),
    (lambda: mh.decide(K, ()), "my_hand .* must hold at least one card"),
    (lambda: mh.offers(K, 2, (1, 2), [7]), r"hand \(seat 2's\) must hold 7 cards"),
    (lambda: mh.Knowledge.from_log(LAID.log, me=9, my_hand=range(1, 9)), "me must be a whole number from 0 to 3"),
    (lambda: K.hands(-1), "seat must be a whole number from 0 to 3, got -1"),
    (lambda: K.holds(0, 3.0), r"value must be a whole number from 1 to 8, got 3.0 \(float\)"),
    (lambda: mh.Knowledge.from_log(LAID.log, "uniformm"), "one of the names uniform, lowest-enough"),
    (lambda: mh.Knowledge.from_log(itertools.count()), "log holds more than"),
    (lambda: mh.Knowledge.from_log(LAID.log, me=0), "give both me"),
    (lambda: mh.Knowledge.from_log([ev.Laid(1, 0, 5)]), "must begin with RoundStarted"),
    (lambda: mh.Knowledge.from_log([*START, ev.Laid(9, 0, 5)]), "seat of Laid must be a whole number from 0 to 3"),
    (lambda: mh.Knowledge.from_log([*START, ev.Believed(1, 0, 5)]), "must follow the Laid event"),
    (lambda: mh.Knowledge.from_log([*LAID.log, ev.Doubted(2, 0, 8, 7)]), "must follow the Laid event"),
    (lambda: mh.Knowledge.from_log([*START, ev.RoundStarted(0, 0, ((1, 2),) * 4)]), "each every value"),
    (lambda: mh.Knowledge.from_log([*mh.Game(2).new_game().log, ev.OpenCard(1, 0, 4, 9)]),
     "card of OpenCard must be a whole number from 1 to 8"),
    (lambda: mh.decide(mh.Knowledge.from_log(START), range(1, 9)), "no card lies face down"),
    (lambda: mh.offers(K, 0, range(1, 9), [5, 9]), "each offer in values must be a whole number from 1 to 8"),
    (lambda: mh.offers(K, 1, range(1, 9), itertools.count(1)), "values holds more than"),
    (lambda: mh.play_game(GAME, [mh.RandomBot()] * 3), "one bot per seat: 4, got 3"),
    (lambda: mh.OddsBot().act(mh.play_game(mh.Game(2), [mh.RandomBot(), mh.RandomBot()])), "the game is over"),
    (lambda: mh.Game(rounds=10**6), "rounds must be a whole number from 1 to 1000"),
    (lambda: GAME.new_game().name(5).offer(6).offer(6).offer(6).pass_().pass_().pass_().choose(True),
     r"the chosen seat must be a whole number from 0 to 3, got True \(bool\)"),
])
def test_messages_say_what_is_allowed(call, message):
    with pytest.raises(BluffmathError, match=message):
        call()


def test_an_impossible_doubted_card_under_the_uniform_model_is_inconsistent_evidence():
    s = GAME.new_game().name(5).pass_().offer(7).pass_().pass_().pass_().lay(8).doubt().reward(None)
    s = s.name(5).offer(5).pass_().pass_().pass_().lay(1)      # seat 2 gave its only 8 away
    with pytest.raises(InconsistentEvidenceError, match="cannot have laid a card of value 8"):
        mh.Knowledge.from_log([*s.log, ev.Doubted(2, 1, 5, 8)], mh.UNIFORM)


# --- saves ------------------------------------------------------------------------------------

def small_games() -> list[mh.State]:
    """A two-player game, and a three-player one with a believed card, a doubt (honest and a
    lie), a declined reward and a round ended by a full circle of turns with no offer."""
    two = mh.play_game(mh.Game(2), [mh.RandomBot(seed=1), mh.RandomBot(seed=2)])
    s = mh.Game(3, rounds=2).new_game().name(4).offer(5).pass_().pass_().lay(8).believe()
    s = s.name(6).pass_().offer(7).pass_().pass_().lay(2).doubt().reward(7)
    s = s.name(3).offer(3).pass_().pass_().lay(5).doubt().reward(None)
    for _ in range(3):
        s = s.name(8)
        s = s.pass_().pass_()
    return [two, s.name(5).offer(6).pass_().pass_()]


@pytest.mark.parametrize("which", [0, 1])
def test_editing_any_single_field_of_a_save_is_refused(which):
    state = small_games()[which]
    text = mh.save_game(state)
    assert mh.load_game(text) == state
    edits = list(mutations(json.loads(text)))
    loaded = [what for what, edit in edits
              if outcome(lambda edit=edit: mh.load_game(json.dumps(edit)), SaveFileError)[0] != "refused"]
    assert loaded == []
    assert len(edits) > 100, [what for what, _ in edits]


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_a_save_round_trip_loses_nothing(players, seed):
    rng = random.Random(seed)
    state = mh.Game(players, rounds=2).new_game()
    for _ in range(rng.randrange(300)):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert mh.load_game(mh.save_game(state)) == state


def v1(state: mh.State) -> str:
    """The save as this project's earlier writer (version 1) wrote it."""
    data = json.loads(mh.save_game(state))
    return json.dumps({key: data[key] for key in ("format", "version", "players", "rounds", "actions")}
                      | {"version": 1})


def test_version_1_saves_still_load_replayed():
    state = small_games()[0]
    assert mh.load_game(v1(state)) == state
    text = json.loads(v1(state))
    text["actions"][3] = ["believe"]
    with pytest.raises(SaveFileError, match="action 3"):
        mh.load_game(json.dumps(text))
    with pytest.raises(SaveFileError, match="no observations"):
        mh.load_game(json.dumps(json.loads(mh.save_game(state)) | {"version": 1}))


def test_a_version_1_save_with_a_full_circle_of_passes_gets_a_clear_message():
    with pytest.raises(SaveFileError, match="version-1 save cannot be replayed as it was played: round 1"):
        mh.load_game(v1(small_games()[1]))


@pytest.mark.parametrize(("version", "message"), [
    ("true", "found true"), ("1.0", "found 1.0"), ('"2"', 'found "2"'), ("3", "from 1 to 2; found 3")])
def test_versions_are_json_integers(version, message):
    text = mh.save_game(small_games()[0]).replace('"version": 2', f'"version": {version}')
    with pytest.raises(SaveFileError, match=message):
        mh.load_game(text)


def test_an_edited_observation_is_named():
    data = json.loads(mh.save_game(small_games()[1]))
    turned = next(i for i, o in enumerate(data["observations"]) if "turned" in o)
    data["observations"][turned]["turned"] = 3
    with pytest.raises(SaveFileError, match=rf"observations\[{turned}\].turned: says 3; the replay shows 2"):
        mh.load_game(json.dumps(data))
