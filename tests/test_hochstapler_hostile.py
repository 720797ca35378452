"""Hostile arguments to every public name of bluffmath.hochstapler, and to the methods a user
calls on what they return: each call ends in an answer or a bluffmath error, in time.

The values are the fuzz suite's (tests/hostile.py: None, bools, floats, huge and negative
numbers, odd text, wrong containers, endless iterators, ...). Where a value cannot be right
(a float, a bool or text where a whole number belongs, an endless iterator), the answer
must be an error. ``own=None`` (my card not counted) and ``target=None`` (one deal) are
meanings, not mistakes.
"""

from __future__ import annotations

import io
import itertools
import random
from fractions import Fraction

import pytest
from hostile import hostile_values, outcome

import bluffmath.hochstapler as h


def state():
    return h.Game(players=4).new_game(seed=3)


def called():
    return state().raise_(12, "red")


def position():
    return called().view(2).position


def table():
    return h.odds_table(position())


SPOKEN = [h.SpokenCall(1, 12, ())]
ENTRIES = [
    ("total_distribution", h.total_distribution, {"players": 5, "own": 3, "face_up": (0, 7)}),
    ("call_odds", h.call_odds, {"players": 5, "own": 3, "call": 12, "face_up": (0,)}),
    ("call_odds_given_card", h.call_odds_given_card, {"players": 5, "own": 3, "card": 4, "call": 12}),
    ("caller_table", h.caller_table, {"players": 5, "own": 3, "call": 12, "model": h.OpponentModel()}),
    ("cards_to_exchange", h.cards_to_exchange, {"players": 5, "call": 12, "face_up": ()}),
    ("exchange_distribution", h.exchange_distribution, {"players": 5, "own": 3, "face_up": ()}),
    ("independent_total", h.independent_total, {"players": 5}),
    ("doubt_penalty", h.doubt_penalty, {"players": 5, "own": 3, "call": 12}),
    ("raise_penalty", h.raise_penalty, {"players": 5, "own": 3, "total": 12}),
    ("doubt_or_raise", h.doubt_or_raise, {"doubt": Fraction(1, 2), "raise_": Fraction(1, 3)}),
    ("lowest_doubt", h.lowest_doubt, {"players": 5, "own": 3, "face_up": ()}),
    ("break_even_bluff", h.break_even_bluff, {"players": 5, "own": 3, "call": 12}),
    ("read_bids", h.read_bids, {"players": 5, "own": 3, "calls": SPOKEN, "model": h.OpponentModel()}),
    ("explain_call", h.explain_call, {"players": 5, "own": 3, "call": 12}),
    ("explain_exchange", h.explain_exchange, {"players": 5, "own": 3, "call": 12}),
    ("explain_reading", h.explain_reading, {"players": 5, "own": 3, "calls": SPOKEN, "call": 12}),
    ("odds_table", h.odds_table, {"position": position(), "model": h.OpponentModel()}),
    ("OddsTable.probability", lambda total, colour, reading: table().probability(total, colour, reading),
     {"total": 12, "colour": "red", "reading": False}),
    ("OddsTable.best_calls", lambda n, reading: table().best_calls(n, reading), {"n": 3, "reading": True}),
    ("OddsTable.explain", lambda total, colour: table().explain(total, colour), {"total": 13, "colour": "red"}),
    ("CallerTable.posterior_of", lambda values: h.caller_table(5, 3, 12).posterior_of(values), {"values": [4, 5]}),
    ("OpponentModel", h.OpponentModel, {"threshold": Fraction(1, 2), "bluff": Fraction(1, 10)}),
    ("OpponentModel.likelihood", lambda belief: h.OpponentModel().likelihood(belief), {"belief": Fraction(1, 2)}),
    ("SpokenCall", h.SpokenCall, {"seat": 1, "total": 12, "face_up": ()}),
    ("Call", h.Call, {"seat": 1, "total": 12, "colour": "red"}),
    ("Exchange", h.Exchange, {"seat": 1, "colour": "red", "value": 3}),
    ("Doubt", h.Doubt, {"seat": 1}),
    ("Raise", h.Raise, {"total": 5, "colour": "red"}),
    ("ExchangeCard", h.ExchangeCard, {"colour": "red"}),
    ("Position", h.Position, {"players": 4, "hand": dict(position().hand), "history": (), "me": 0}),
    ("Position.spoken_calls", lambda colour: position().spoken_calls(colour), {"colour": "red"}),
    ("Game", h.Game, {"players": 4, "target": 10}),
    ("Game.new_game", lambda seed, opener: h.Game(4).new_game(seed, opener), {"seed": 3, "opener": 1}),
    ("Game.replay", lambda seed, events: h.Game(4).replay(seed, 0, events),
     {"seed": 3, "events": [h.Call(0, 3, "red")]}),
    ("State.raise_", lambda total, colour: state().raise_(total, colour), {"total": 5, "colour": "red"}),
    ("State.exchange", lambda colour: state().exchange(colour), {"colour": "red"}),
    ("State.face_up", lambda colour: state().face_up(colour), {"colour": "red"}),
    ("State.view", lambda seat: state().view(seat), {"seat": 1}),
    ("State.apply", lambda action: state().apply(action), {"action": h.Raise(5, "red")}),
    ("State.play", lambda event: state().play(event), {"event": h.Call(0, 5, "red")}),
    ("State", lambda seed, to_act, history: h.State(h.Game(4), seed, 0, state().hands, state().piles,
                                                   history, to_act, ()),
     {"seed": 3, "to_act": 0, "history": ()}),
    ("CardCountingBot", h.CardCountingBot, {"doubt_bias": Fraction(0), "name": "c"}),
    ("BidReadingBot", h.BidReadingBot, {"doubt_bias": Fraction(0), "name": "b"}),
    ("RandomBot", h.RandomBot, {"name": "r"}),
    ("CardCountingBot.choose", lambda view, legal: h.CardCountingBot().choose(view, legal, random.Random(1)),
     {"view": called().view(1), "legal": called().legal_actions()}),
    ("RandomBot.choose", lambda view, rng: h.RandomBot().choose(view, called().legal_actions(), rng),
     {"view": called().view(1), "rng": random.Random(1)}),
    ("play_game", h.play_game, {"game": h.Game(3), "bots": [h.RandomBot()] * 3, "seed": 1}),
    ("run_tournament", lambda bots, games, players, seed: h.run_tournament(bots, games, players, seed=seed,
                                                                           workers=1),
     {"bots": [h.RandomBot("a"), h.RandomBot("b"), h.RandomBot("c")], "games": 2, "players": 3, "seed": 1}),
    ("save_game", h.save_game, {"state": state()}),
    ("load_game", h.load_game, {"text": h.save_game(state())}),
]
MEANINGS = {("own", None), ("target", None), ("raise_", None), ("model", None), ("players", None)}


def never_right(value, default):
    """A value that cannot be right where ``default`` works."""
    if isinstance(value, float | complex | type(itertools.count())) or value is print:
        return True
    if type(default) is int:
        return type(value) is not int
    if type(default) is str:
        return not isinstance(value, str)
    if type(default) is bool:
        return type(value) is not bool
    if isinstance(default, Fraction):
        return not isinstance(value, int | Fraction) or isinstance(value, bool)
    return False


@pytest.mark.parametrize(("name", "call", "kwargs"), ENTRIES, ids=[e[0] for e in ENTRIES])
def test_hostile_arguments_end_in_an_answer_or_a_bluffmath_error(name, call, kwargs):
    kind, result = outcome(lambda: call(**kwargs))
    assert kind == "ok", f"the working call fails: {result!r}"
    findings = []
    for argument, default in kwargs.items():
        for value in hostile_values():
            kind, result = outcome(lambda a=argument, v=value: call(**{**kwargs, a: v}), seconds=5)
            if kind in ("other", "hang", "memory"):
                findings.append(f"{argument}={value!r:.30}: {kind} {type(result).__name__}: {result}")
            elif kind == "ok" and never_right(value, default) and (argument, value) not in MEANINGS:
                findings.append(f"{argument}={value!r:.30}: accepted")
    assert findings == []


def test_can_answers_no_to_anything_it_cannot_do():
    # can_* is the yes-or-no form of verify_*: a total or colour that is no total or colour
    # is a move nobody can make, so the answer is False, never an exception
    s = state()
    for value in hostile_values():
        assert s.can_raise(value, "red") is (type(value) is int and 0 <= value <= 23)
        assert s.can_raise(5, value) is (value == "red")
        assert s.can_exchange(value) is (value == "red")


def test_the_progress_bar_draws_on_any_stream():
    out = io.StringIO()
    h.text_progress(out, width=4)(1, 2)
    assert out.getvalue() == "\r[##..] 1/2 games"
