"""The turn rules a typed history must follow (bluffmath.hochstapler.turns), checked
against the rules engine: a pair of neighbouring events is refused exactly when no game
the engine plays ever shows such a pair."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import hochstapler as hs
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.turns import check_turns, turn_error

KINDS = {hs.Call: lambda seat: hs.Call(seat, 5, "red"),
         hs.Exchange: lambda seat: hs.Exchange(seat, "red", 3),
         hs.Doubt: hs.Doubt}


class AnyMoveBot:
    """Picks a kind of legal move at random (exchange, raise, doubt), then one of that kind."""

    name = "any move"

    def choose(self, view, legal, rng):
        kinds = sorted({type(a).__name__ for a in legal})
        kind = rng.choice(kinds)
        return rng.choice([a for a in legal if type(a).__name__ == kind])


def played(players: int, seed: int) -> tuple:
    """Every event of one game between bots that pick any kind of legal move at random."""
    bots = [AnyMoveBot() for _ in range(players)]
    return hs.play_game(hs.Game(players=players), bots, seed=seed).events


def shapes_the_engine_plays() -> set[tuple[type, type, bool]]:
    """(kind before, kind after, same seat) of every neighbouring pair in many games."""
    seen = set()
    for players in (3, 4, 5):
        for seed in range(25):
            events = played(players, seed)
            for before, after in pairwise(events):
                seen.add((type(before), type(after), before.seat == after.seat))
    return seen


def test_a_pair_is_refused_exactly_when_no_game_plays_it():
    seen = shapes_the_engine_plays()
    for before_kind, make_before in KINDS.items():
        for after_kind, make_after in KINDS.items():
            for same in (True, False):
                before, after = make_before(0), make_after(0 if same else 1)
                refused = turn_error(before, after) is not None
                assert refused == ((before_kind, after_kind, same) not in seen), (before, after)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10_000), data=st.data())
def test_every_stretch_of_a_played_game_passes(players, seed, data):
    events = played(players, seed)
    start = data.draw(st.integers(0, len(events) - 1))
    end = data.draw(st.integers(start, len(events)))
    check_turns(events[start:end])  # a history begun (and ended) anywhere is accepted


@pytest.mark.parametrize(("events", "number", "says"), [
    ([hs.Exchange(2, "blue", 3), hs.Doubt(2)], 2, "seat 2 exchanged, so seat 2 must raise next"),
    ([hs.Exchange(2, "blue", 3), hs.Exchange(2, "red", 1)], 2, "one exchange a turn"),
    ([hs.Exchange(2, "blue", 3), hs.Call(3, 9, "red")], 2, "seat 2 must raise next"),
    ([hs.Call(0, 4, "red"), hs.Call(1, 5, "red"), hs.Doubt(1)], 3, "nobody doubts their own call"),
    ([hs.Call(1, 4, "red"), hs.Call(1, 6, "blue")], 2, "nobody raises their own call"),
    ([hs.Call(1, 4, "red"), hs.Exchange(1, "red", 2)], 2, "the next player speaks"),
    ([hs.Call(1, 4, "red"), hs.Doubt(2), hs.Call(3, 5, "blue")], 3, "seat 2 opens the next round"),
])
def test_a_broken_turn_rule_is_named_in_words(events, number, says):
    with pytest.raises(InvalidInputError, match=f"^event {number} of the history") as info:
        check_turns(events)
    assert says in str(info.value)
    with pytest.raises(InvalidInputError, match=f"^event {number + 4} of"):
        check_turns(events, first=5)


def test_random_histories_agree_with_the_pairs():
    rng = random.Random(17)
    for _ in range(500):
        events = [rng.choice(list(KINDS.values()))(rng.randrange(3)) for _ in range(rng.randrange(1, 6))]
        bad = [k for k in range(1, len(events)) if turn_error(events[k - 1], events[k])]
        if bad:
            with pytest.raises(InvalidInputError, match=f"^event {bad[0] + 1} "):
                check_turns(events)
        else:
            check_turns(events)
