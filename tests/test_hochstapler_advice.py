"""The core's advice (bluffmath.hochstapler.advice) against the rule stated in its docstring,
each chance counted here by enumerating the unseen cards (tests/brute_force.py), not by the
core: opening with the highest call that holds half the time, doubting a call that is more
likely false than the best raise is true, raising otherwise (always, after an exchange)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from brute_force import max_total, probability_at_least, total_counts
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import BluffmathError
from bluffmath import hochstapler as hs

HALF = Fraction(1, 2)


def brute_chance(position: hs.Position, colour: str, total: int) -> Fraction:
    counts = total_counts(position.players, position.hand[colour], position.face_up(colour))
    return probability_at_least(counts, total)


def brute_opening(position: hs.Position, colour: str) -> tuple[int, Fraction]:
    chances = {t: brute_chance(position, colour, t) for t in range(max_total(position.players) + 1)}
    total = max(t for t, p in chances.items() if p >= HALF)
    return total, chances[total]


def hands(players: int, data: st.DataObject) -> hs.Position | None:
    hand = {c: data.draw(st.sampled_from(sorted(set(hs.PILE))), label=c) for c in hs.COLOURS}
    face_up = {c: data.draw(st.lists(st.sampled_from(sorted(set(hs.PILE))), max_size=2), label=f"{c} up")
               for c in ("red", "blue")}
    events = [hs.Exchange(1, c, v) for c, values in face_up.items() for v in values]
    try:
        return hs.Position(players=players, hand=hand, history=events)
    except BluffmathError:  # more cards of a value than the colour has: not a position
        return None


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 5), data=st.data())
def test_the_opening_is_the_highest_call_holding_half_the_time(players, data):
    position = hands(players, data)
    if position is None:
        return
    odds = hs.odds_table(position)
    expected = {c: brute_opening(position, c) for c in hs.COLOURS}
    openings = hs.colour_openings(odds)
    assert [(call.colour, (call.total, p)) for call, p in openings] == list(expected.items())
    tip = hs.advice(odds)
    best = max(expected.values())
    assert tip.move == "open"
    assert (tip.call.total, tip.chance) == best
    assert tip.call.colour == next(c for c, v in expected.items() if v == best)
    assert (tip.call, tip.chance) == hs.opening_call(odds)
    assert tip.chance >= HALF


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 4), data=st.data(), exchanged=st.booleans())
def test_facing_a_call_doubt_when_it_is_likelier_false_than_the_best_raise_is_true(players, data, exchanged):
    base = hands(players, data)
    if base is None:
        return
    colour = data.draw(st.sampled_from(hs.COLOURS), label="called colour")
    total = data.draw(st.integers(0, max_total(players)), label="call")
    position = hs.Position(players=players, hand=base.hand, history=(*base.history, hs.Call(2, total, colour)))
    tip = hs.advice(hs.odds_table(position), exchanged=exchanged)
    against = brute_chance(position, colour, total)
    raises = {(t, c): brute_chance(position, c, t)
              for t in range(total + 1, max_total(players) + 1) for c in hs.COLOURS}
    if not raises:
        assert (tip.move, tip.forced, tip.against) == ("doubt", "top", against)
        return
    best_p = max(raises.values())
    low = min(t for t, _ in raises)  # a higher total is never likelier: the best raise is the lowest
    best = next((low, c) for c in hs.COLOURS if raises[low, c] == best_p)
    assert tip.against == against
    if not exchanged and 1 - against > best_p:
        assert tip.move == "doubt"
        assert (tip.best_raise[0].total, tip.best_raise[0].colour, tip.best_raise[1]) == (*best, best_p)
    else:
        assert tip.move == "raise"
        assert (tip.call.total, tip.call.colour, tip.chance) == (*best, best_p)
        assert tip.forced == ("exchanged" if exchanged else None)


def test_a_wrong_exchanged_flag_is_refused():
    odds = hs.odds_table(hs.Position(players=3, hand=dict.fromkeys(hs.COLOURS, 3)))
    with pytest.raises(BluffmathError, match="exchanged must be True or False"):
        hs.advice(odds, exchanged=1)
