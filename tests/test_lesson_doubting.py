"""Lesson 3's answer key against brute force: every set of the other hands' cards listed.

The pile of one colour is written out from the rules text, and a call's chance is counted
from the sets of the cards you have not seen. The penalties follow the rules (docs/reference/rulings.md):
on a doubt one player takes the colour, one point: the doubter when the total reaches the
call, the caller when it does not. Looking one step ahead, a doubt costs P(call true) and a
raise, if it is doubted, P(raise false); doubt when the first is smaller (ties raise).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from bluffmath_widgets.lessons.doubting import KEY, SAME_COLOUR, SCENE, DoubtOrRaise

CARDS = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)
# The lesson's hand (four players, seat 0 has called 13 in red, you are seat 1).
HAND = {"red": 4, "orange": 2, "yellow": 1, "green": 3, "blue": 7, "purple": 0, "black": 5}


def highest(players: int) -> int:
    """The highest total a colour can reach: the ``players`` highest cards."""
    return sum(sorted(CARDS)[-players:])


@cache
def totals(players: int, own: int) -> Counter[int]:
    left = list(CARDS)
    left.remove(own)
    return Counter(own + sum(hand) for hand in combinations(left, players - 1))


def true(players: int, own: int, call: int) -> Fraction:
    ways = totals(players, own)
    return Fraction(sum(n for t, n in ways.items() if t >= call), sum(ways.values()))


def doubts(players: int, own: int, call: int, mine: int | None = None,
           d: Fraction = Fraction(1)) -> bool:
    """Doubt rather than raise by one (in a colour where I hold ``mine``)?"""
    if call >= highest(players):
        return True
    raise_own = own if mine is None else mine
    return true(players, own, call) < d * (1 - true(players, raise_own, call + 1))


def lowest_doubt(players: int, own: int) -> int:
    return min(t for t in range(highest(players) + 1) if doubts(players, own, t))


def test_the_scene_is_the_lessons() -> None:
    assert dict(SCENE.hand) == HAND
    assert (SCENE.players, SCENE.me, SCENE.call.total, SCENE.call.colour) == (4, 1, 13, "red")


def test_exercise_1_doubting_costs_the_chance_that_the_call_is_true() -> None:
    assert KEY.answer(1) == true(4, 4, 13) == Fraction(43, 91)


def test_exercise_2_a_raise_costs_the_chance_that_it_is_false() -> None:
    assert KEY.answer(2) == (1 - true(4, 4, 14), 1 - true(4, 7, 14))


def test_exercise_3_the_break_even_is_the_best_raise_s_risk() -> None:
    best = max(true(4, own, 14) for own in HAND.values())
    assert KEY.answer(3) == 1 - best == 1 - true(4, HAND["blue"], 14)


def test_exercise_4_the_decision() -> None:
    best = max(true(4, own, 14) for own in HAND.values())
    assert KEY.answer(4) == ("doubt" if true(4, 4, 13) < 1 - best else "raise") == "raise"
    assert doubts(4, 4, 13)  # raising in red only, you would doubt


def test_exercise_5_the_lowest_call_to_doubt_by_number_of_players() -> None:
    assert KEY.answer(5) == tuple(lowest_doubt(n, 4) for n in range(3, 8))
    for n, low in zip(range(3, 8), KEY.answer(5), strict=True):
        assert all(doubts(n, 4, t) for t in range(low, highest(n) + 1))


def test_exercise_6_the_lowest_call_to_doubt_with_a_low_and_a_high_card() -> None:
    assert KEY.answer(6) == (lowest_doubt(4, 0), lowest_doubt(4, 7))


def test_a_likely_call_can_be_worth_doubting() -> None:
    """With six players a call of 18 is true more often than not, and still doubted."""
    assert true(6, 4, 18) > Fraction(1, 2)
    assert KEY.answer(5)[3] == 18


@pytest.mark.parametrize(("players", "own", "mine", "call"),
                         [(4, 4, 7, 13), (4, 4, None, 13), (6, 4, None, 18), (3, 0, 5, 9)])
def test_the_widget_shows_both_penalties(players: int, own: int, mine: int | None,
                                         call: int) -> None:
    view = DoubtOrRaise(players=5, own=0, raise_with=SAME_COLOUR, call=5)
    view.players.value, view.own.value, view.call.value = players, own, call
    view.raise_with.value = SAME_COLOUR if mine is None else mine
    raise_own = own if mine is None else mine
    assert view.p_call == view.doubt == true(players, own, call)
    assert view.p_raise == true(players, raise_own, call + 1)
    assert view.raise_ == view.break_even == 1 - true(players, raise_own, call + 1)
    assert view.decision == ("doubt" if doubts(players, own, call, mine) else "raise")
    assert f'data-decision="{view.decision}"' in view.verdict.value
    assert f"<td>{true(players, own, call)}</td>" in view.summary.value
    assert view.chart.value.count("<polyline") == 2


def test_the_widget_with_a_next_player_who_doubts_half_the_time() -> None:
    view = DoubtOrRaise(players=4, own=4, raise_with=SAME_COLOUR, call=13)
    assert view.decision == "doubt"
    view.doubted.value = Fraction(1, 2)
    assert view.break_even == Fraction(1, 2) * (1 - true(4, 4, 14))
    assert view.decision == ("doubt" if doubts(4, 4, 13, d=Fraction(1, 2)) else "raise") == "raise"


def test_the_widget_at_the_highest_call() -> None:
    view = DoubtOrRaise(players=3, own=7, raise_with=SAME_COLOUR, call=highest(3))
    assert view.raise_ is None
    assert view.decision == "doubt"
    assert view.p_call == true(3, 7, highest(3))
    assert "no higher call exists" in view.verdict.value


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert "your doubt is right" in KEY.check(1, 1 - true(4, 4, 13)).message
    unlooked = [sum(hand) >= 13 for hand in combinations(CARDS, 4)]
    assert "condition on it" in KEY.check(1, Fraction(sum(unlooked), len(unlooked))).message
    red, blue = true(4, 4, 14), true(4, 7, 14)
    assert "when it is false" in KEY.check(2, (red, blue)).message
    assert "likeliest" in KEY.check(3, 1 - red).message
    assert KEY.check(4, "Doubt").status == "wrong"
    assert KEY.check(4, " RAISE ").right
    half = tuple(min(t for t in range(40) if true(n, 4, t) < Fraction(1, 2)) for n in range(3, 8))
    assert half != KEY.answer(5)
    assert "its own risk" in KEY.check(5, half).message
    assert KEY.check(6, KEY.answer(6)[::-1]).message.startswith("not yet: the two are swapped")
