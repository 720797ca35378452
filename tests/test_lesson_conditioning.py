"""Lesson 2's answer key against brute force: every set of hidden cards listed.

One colour's 15 cards are written out from the rules text (three 0s, two each of 1-5, one
6, one 7), not taken from bluffmath. Seeing a card removes it from the list; the other
hands then hold every set of the remaining cards equally often, and an exchange adds every
remaining card as the one on top of the pile. Every answer is counted from such listings.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from bluffmath_widgets.lessons.conditioning import KEY, NOT_LOOKED, BeforeAfter

CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]
VALUES = range(8)


def without(cards: list[int], seen: tuple[int, ...]) -> list[int]:
    """The cards left when the ``seen`` values are taken out, one card each."""
    left = list(cards)
    for value in seen:
        left.remove(value)
    return left


def totals(players: int, own: int | None = None, face_up: tuple[int, ...] = ()) -> Counter[int]:
    """The colour's totals, by number of equally likely sets of the hidden hands' cards."""
    mine = () if own is None else (own,)
    hidden = players - len(mine)
    left = without(CARDS, (*mine, *face_up))
    return Counter(sum(mine) + sum(hand) for hand in combinations(left, hidden))


def exchanged(players: int, own: int, face_up: tuple[int, ...] = ()) -> Counter[int]:
    """The totals after laying ``own`` face up and drawing the top card of the pile:
    every set of the other hands' cards, with every card left as the top of the pile."""
    left = without(CARDS, (own, *face_up))
    ways: Counter[int] = Counter()
    for others in combinations(range(len(left)), players - 1):
        for top in set(range(len(left))) - set(others):
            ways[sum(left[i] for i in others) + left[top]] += 1
    return ways


def at_least(ways: Counter[int], call: int) -> Fraction:
    return Fraction(sum(n for t, n in ways.items() if t >= call), sum(ways.values()))


def test_exercise_1_counts_the_sets_left_after_seeing_my_five() -> None:
    assert KEY.answer(1) == sum(totals(4, own=5).values()) == 364


def test_exercise_2_before_and_after_looking() -> None:
    assert KEY.answer(2) == (at_least(totals(4), 12), at_least(totals(4, own=5), 12))


def test_exercise_3_the_lowest_card_that_makes_twelve_likely() -> None:
    likely = [v for v in VALUES if at_least(totals(4, own=v), 12) > Fraction(1, 2)]
    assert KEY.answer(3) == min(likely)
    assert at_least(totals(4, own=KEY.answer(3) - 1), 12) <= Fraction(1, 2)


def test_exercise_4_the_weighted_average_of_the_afters_is_the_before() -> None:
    weighted = sum(CARDS.count(v) * at_least(totals(4, own=v), 12) for v in VALUES) / len(CARDS)
    assert KEY.answer(4) == weighted == at_least(totals(4), 12)


def test_exercise_5_a_low_or_a_high_card_face_up() -> None:
    low, high = KEY.answer(5)
    assert low == at_least(totals(4, own=3, face_up=(0,)), 12)
    assert high == at_least(totals(4, own=3, face_up=(7,)), 12)
    assert high < at_least(totals(4, own=3), 12) < low


def test_exercise_6_the_cards_worth_exchanging_for_sixteen() -> None:
    worth = tuple(v for v in VALUES
                  if at_least(exchanged(4, v), 16) > at_least(totals(4, own=v), 16))
    assert KEY.answer(6) == worth


@pytest.mark.parametrize(("players", "own", "face_up"), [(4, 5, ()), (5, 3, (0, 7)), (3, 0, (6,))])
def test_the_widget_shows_each_step_as_listed(players: int, own: int,
                                              face_up: tuple[int, ...]) -> None:
    view = BeforeAfter(players=3, own=None, call=12)
    view.players.value, view.own.value = players, own
    view.face_up.value = ",".join(map(str, face_up))
    expected = [totals(players), totals(players, own)]
    expected += [totals(players, own, face_up)] if face_up else []
    expected += [exchanged(players, own, face_up)]
    assert len(view.stages) == len(expected)
    for d, ways in zip(view.stages.values(), expected, strict=True):
        assert all(d.at_least(c) == at_least(ways, c) for c in range(0, 36, 3))
    assert view.stages["your card"].total_weight == sum(totals(players, own).values())
    assert f"<b>{at_least(exchanged(players, own, face_up), 12)}</b>" in view.table.value


def test_the_widget_without_my_card_and_with_bad_input() -> None:
    view = BeforeAfter(players=5, own=3, face_up="0,7", call=12)
    view.own.value = NOT_LOOKED
    assert list(view.stages) == ["nothing seen", "the face-up cards"]
    assert view.stages["the face-up cards"].at_least(12) == at_least(totals(5, None, (0, 7)), 12)
    view.face_up.value = "7,7"
    assert view.stages == {}
    assert "only 1 card(s) of value 7" in view.message.value
    view.face_up.value = ""
    assert view.message.value == ""
    assert list(view.stages) == ["nothing seen"]


def test_the_check_marks_wrong_answers_with_hints() -> None:
    from math import comb

    assert "your 5 included" in KEY.check(1, comb(15, 3)).message
    before, after = KEY.answer(2)
    assert KEY.check(2, (after, before)).message.startswith("not yet: the two are swapped")
    assert "14 cards left" in KEY.check(2, (before, at_least(totals(3), 7))).message
    assert "exactly half" in KEY.check(3, 3).message
    plain = sum(at_least(totals(4, own=v), 12) for v in VALUES) / 8
    assert "weigh each" in KEY.check(4, plain).message
    assert KEY.check(6, (0, 1, 2)).status == "wrong"
    assert KEY.check(5, (0.57, 0.4)).status == "wrong"
