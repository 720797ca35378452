"""Lesson 4's answer key against brute force: every deal of one colour listed and weighed.

The cards come from the rules text (three 0s, two each of 1-5, one 6, one 7), not from
bluffmath. A caller's belief is counted by listing the hands the caller cannot see; the
posterior by listing every ordered deal of the unseen cards to the other seats, each
weighed by the model's likelihood of the caller's card (Bayes' rule, done by hand).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from bluffmath_widgets.lessons.bids import KEY, BidReader

CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]
HALF = Fraction(1, 2)


def without(cards: list[int], value: int) -> list[int]:
    rest = list(cards)
    rest.remove(value)
    return rest


def chance(cards: list[int], hands: int, need: int) -> Fraction:
    """P(the sum of ``hands`` cards dealt from ``cards`` is at least ``need``), by listing."""
    sets = list(combinations(cards, hands))
    return Fraction(sum(sum(s) >= need for s in sets), len(sets))


def believes(players: int, card: int, call: int, threshold: Fraction = HALF) -> bool:
    """Seat 1's view: its own card, the other hands from the 14 cards it has not seen."""
    return chance(without(CARDS, card), players - 1, call - card) >= threshold


def deals(players: int, own: int) -> list[tuple[int, ...]]:
    """Every ordered deal of the unseen cards to seats 1, 2, ...: seat 1's card first."""
    unseen = without(CARDS, own)
    return [tuple(unseen[i] for i in seats) for seats in permutations(range(14), players - 1)]


def weighed(players: int, own: int, call: int, bluff: Fraction,
            threshold: Fraction = HALF) -> Callable[[Callable[[tuple[int, ...]], bool]], Fraction]:
    """P(event | seat 1 called ``call``): each deal weighs 1 or ``bluff`` by seat 1's card."""
    likely = {x: Fraction(1) if believes(players, x, call, threshold) else bluff for x in range(8)}
    listed = [(deal, likely[deal[0]]) for deal in deals(players, own)]
    total = sum(w for _, w in listed)
    return lambda event: sum((w for deal, w in listed if event(deal)), Fraction(0)) / total


def true_call(own: int, call: int) -> Callable[[tuple[int, ...]], bool]:
    return lambda deal: own + sum(deal) >= call


def test_exercise_1_the_prior_by_listing_hands() -> None:
    assert KEY.answer(1) == chance(without(CARDS, 2), 3, 12) == Fraction(85, 364)


def test_exercise_2_what_the_caller_believes() -> None:
    assert KEY.answer(2) == tuple(x for x in range(8) if believes(4, x, 14)) == (6, 7)


def test_exercises_3_and_4_the_posterior_over_every_deal() -> None:
    posterior = weighed(4, 2, 14, Fraction(1, 10))
    assert KEY.answer(3) == posterior(lambda deal: deal[0] in (6, 7)) == Fraction(5, 8)
    assert KEY.answer(4) == posterior(true_call(2, 14))


def test_exercise_5_doras_world() -> None:
    assert KEY.answer(5) == weighed(4, 2, 14, Fraction(1, 4))(true_call(2, 14))


def test_exercise_6_the_bluff_rate_where_the_reading_is_one_half() -> None:
    counts = {(b, t): 0 for b in (True, False) for t in (True, False)}
    for deal in deals(4, 2):
        counts[(believes(4, deal[0], 14), 2 + sum(deal) >= 14)] += 1
    a, c = counts[(True, True)], counts[(True, True)] + counts[(True, False)]
    b, d = counts[(False, True)], counts[(False, True)] + counts[(False, False)]
    rate = Fraction(c - 2 * a, 2 * b - d)
    assert KEY.answer(6) == rate
    assert weighed(4, 2, 14, rate)(true_call(2, 14)) == HALF
    assert weighed(4, 2, 14, Fraction(0))(true_call(2, 14)) > HALF
    assert weighed(4, 2, 14, Fraction(1, 10))(true_call(2, 14)) < HALF


@pytest.mark.parametrize(("players", "own", "call", "bluff", "threshold"), [
    (4, 2, 14, Fraction(1, 10), HALF),
    (3, 5, 11, Fraction(0), HALF),
    (5, 0, 15, Fraction(1, 4), Fraction(1, 3)),
])
def test_the_widget_shows_prior_and_posterior(players: int, own: int, call: int, bluff: Fraction,
                                              threshold: Fraction) -> None:
    view = BidReader()
    with view._hold():
        view.players.value, view.own.value, view.call.value = players, own, call
        view.bluff.value, view.threshold.value = bluff, threshold
    posterior = weighed(players, own, call, bluff, threshold)
    assert view.message.value == ""
    assert view.prior.at_least(call) == chance(without(CARDS, own), players - 1, call - own)
    assert view.posterior.at_least(call) == posterior(true_call(own, call))
    assert f"{posterior(true_call(own, call))} (" in view.summary.value
    for value in range(8):
        if value in without(CARDS, own):
            p = posterior(lambda deal, v=value: deal[0] == v)
            assert f"<td>{value}</td>" in view.table.value
            assert f"{p} (" in view.table.value


def test_the_widget_says_when_no_deal_fits() -> None:
    view = BidReader(players=4, own=2, call=17, bluff=Fraction(0))
    assert "nobody bluffs" in view.message.value
    assert view.table.value == view.summary.value == ""
    view.bluff.value = Fraction(1, 10)
    assert view.message.value == ""
    assert view.posterior.at_least(17) == weighed(4, 2, 17, Fraction(1, 10))(true_call(2, 17))


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert "caller cannot see your card" in KEY.check(2, (7,)).message
    assert "prior" in KEY.check(3, Fraction(1, 7)).message
    assert KEY.check(4, Fraction(85, 364)).message == "not yet: that is the prior, before the call"
    assert "honest model" in KEY.check(5, Fraction(41, 78)).message
    assert KEY.check(6, 1 / KEY.answer(6)).message == "not yet: that is the reciprocal"
    assert KEY.check(6, 0.0136).status == "wrong"
