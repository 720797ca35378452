"""Lesson 1's answer key against brute force: every set (or sequence) of cards listed.

The cards of one colour are listed from the rules text (three 0s, two each of 1-5, one 6,
one 7), not from bluffmath, and every answer is counted from the listing.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, product

import numpy
import pytest

from bluffmath.errors import InvalidInputError
from bluffmath_widgets.lessons.counting import KEY, CardsOrDice

CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]


def listed(players: int, dice: bool) -> Counter[int]:
    """Totals by number of equally likely deals (sets of cards) or rolls (sequences)."""
    hands = product(CARDS, repeat=players) if dice else combinations(CARDS, players)
    return Counter(sum(hand) for hand in hands)


def at_least(totals: Counter[int], call: int) -> Fraction:
    return Fraction(sum(n for t, n in totals.items() if t >= call), sum(totals.values()))


def moments(totals: Counter[int]) -> tuple[Fraction, Fraction]:
    n = sum(totals.values())
    mean = Fraction(sum(t * k for t, k in totals.items()), n)
    return mean, Fraction(sum((t - mean) ** 2 * k for t, k in totals.items()), n)


@pytest.fixture(scope="module")
def five() -> tuple[Counter[int], Counter[int]]:
    return listed(5, dice=False), listed(5, dice=True)


def test_exercise_1_counts_the_sets_of_four_cards() -> None:
    assert KEY.answer(1) == sum(listed(4, dice=False).values()) == 1365


def test_exercises_2_and_3_count_three_hands_and_three_rolls() -> None:
    assert KEY.answer(2) == at_least(listed(3, dice=False), 12)
    assert KEY.answer(3) == at_least(listed(3, dice=True), 12)
    assert KEY.answer(2) != KEY.answer(3)


def test_exercises_4_and_5_moments_of_five_cards_and_five_rolls(five) -> None:
    (cards_mean, cards_var), (dice_mean, dice_var) = map(moments, five)
    assert KEY.answer(4) == (cards_mean, dice_mean) == (Fraction(43, 3), Fraction(43, 3))
    assert KEY.answer(5) == cards_var / dice_var == Fraction(15 - 5, 15 - 1)


def test_exercise_6_the_largest_gap_over_all_calls(five) -> None:
    cards, dice = five
    gaps = {c: at_least(cards, c) - at_least(dice, c) for c in range(0, 36)}
    size = max(abs(g) for g in gaps.values())
    call, gap = KEY.answer(6)
    assert abs(gap) == size
    assert gaps[call] == gap
    assert [c for c, g in gaps.items() if abs(g) == size] == [call]


def test_the_widget_shows_both_models(five) -> None:
    view = CardsOrDice(players=5, call=15)
    cards, dice = five
    assert view.cards.at_least(15) == at_least(cards, 15)
    assert view.dice.at_least(15) == at_least(dice, 15)
    assert f"{at_least(cards, 15) - at_least(dice, 15)}" in view.summary.value
    view.players.value = 3
    assert view.cards.at_least(15) == at_least(listed(3, dice=False), 15)


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert KEY.check(1, 15**4).message.endswith("with replacement")
    assert KEY.check(2, KEY.answer(3)).message == "not yet: that is the dice answer"
    assert KEY.check(5, 0.714).status == "wrong"
    assert "is a Decimal" in KEY.check(1, Decimal(1365)).message
    assert KEY.check(1, numpy.int64(1365)).right  # an exact whole number, numpy's or not
    with pytest.raises(InvalidInputError, match=r"has exercises \[1, 2, 3, 4, 5, 6\], not 7"):
        KEY.answer(7)
    assert KEY.check(6, (KEY.answer(6)[0], 0)).status == "wrong"
