"""Spaced repetition of drills (bluffmath.train.schedule): a wrong answer comes back
before a right one, at every stage; a drill returns until answered well three times in a
row; a card survives its JSON; times and costs are read strictly."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta, timezone
from fractions import Fraction

import fsrs
import pytest

from bluffmath.errors import InvalidInputError
from bluffmath.train.schedule import WELL_IN_A_ROW, Repetition, after_answer, aware, grade, moment

NOW = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


def _answers(costs: list[Fraction | int], start: datetime = NOW) -> list[Repetition]:
    """The cards after answering each cost in turn, each answer when the card is due."""
    card, cards, when = None, [], start
    for cost in costs:
        card = after_answer(card, cost, when)
        cards.append(card)
        when = card.due
    return cards


def test_a_wrong_first_answer_comes_back_before_a_right_one() -> None:
    wrong, right = after_answer(None, Fraction(1, 3), NOW), after_answer(None, 0, NOW)
    assert wrong.due < right.due
    assert (wrong.due - NOW, right.due - NOW) == (timedelta(minutes=1), timedelta(minutes=10))


@pytest.mark.parametrize("before", [[0], [0, 0], [Fraction(1, 2), 0, 0], [0, 0, Fraction(1, 9), 0]])
def test_after_any_history_a_wrong_answer_comes_back_before_a_right_one(before) -> None:
    card = _answers(before)[-1]
    wrong, right = after_answer(card, Fraction(1, 5), card.due), after_answer(card, 0, card.due)
    assert wrong.due < right.due
    assert wrong.well_in_a_row == 0
    assert right.well_in_a_row == card.well_in_a_row + 1


def test_a_drill_returns_until_answered_well_three_times_in_a_row() -> None:
    assert WELL_IN_A_ROW == 3
    cards = _answers([0, 0, Fraction(1, 4), 0, 0, 0])
    assert [c.well_in_a_row for c in cards] == [1, 2, 0, 1, 2, 3]
    assert [c.learned for c in cards] == [False] * 5 + [True]
    # three right answers at once, with no mistake: learned, and the intervals grew
    first = _answers([0, 0, 0])
    assert first[-1].learned
    gaps = [b.due - a.due for a, b in itertools.pairwise(first)]
    assert gaps == sorted(gaps)
    assert gaps[-1] >= timedelta(days=7)


def test_the_answer_is_graded_by_its_exact_cost() -> None:
    assert grade(0) is fsrs.Rating.Good
    assert grade(Fraction(0)) is fsrs.Rating.Good
    assert grade(Fraction(1, 10**30)) is fsrs.Rating.Again  # any cost at all is a mistake


def test_a_card_survives_its_json() -> None:
    card = _answers([0, Fraction(1, 2), 0, 0])[-1]
    back = Repetition.from_json(card.to_json())
    assert back.card.to_dict() == card.card.to_dict()
    assert back.well_in_a_row == card.well_in_a_row
    assert after_answer(back, Fraction(1, 7), back.due) == after_answer(card, Fraction(1, 7), card.due)


@pytest.mark.parametrize("text", ['{"fsrs": {}, "well_in_a_row": 0}', "[]", "not json",
                                  '{"fsrs": {"card_id": 0, "state": 1, "step": 0, "stability": null, '
                                  '"difficulty": null, "due": "2026-03-01T10:00:00", "last_review": null}, '
                                  '"well_in_a_row": 0}'])
def test_text_that_is_not_a_card_is_refused(text) -> None:
    with pytest.raises((KeyError, TypeError, ValueError)):
        Repetition.from_json(text)


def test_times_keep_their_zone_and_the_scheduler_gets_utc() -> None:
    berlin = timezone(timedelta(hours=1))
    assert aware("2026-03-01T11:00:00+01:00") == datetime(2026, 3, 1, 11, tzinfo=berlin)
    assert moment(datetime(2026, 3, 1, 11, tzinfo=berlin)) == NOW
    assert moment("2026-03-01T10:00:00Z").tzinfo is UTC
    assert after_answer(None, 0, "2026-03-01T11:00:00+01:00").card.last_review == NOW


@pytest.mark.parametrize(("when", "says"), [
    ("2026-03-01T10:00:00", "must say its time zone"),
    (datetime(2026, 3, 1, 10), "must say its time zone"),
    ("yesterday", "must be ISO 8601 text"),
    (1772359200, "must be a datetime or ISO 8601 text"),
])
def test_a_bad_time_is_refused(when, says) -> None:
    with pytest.raises(InvalidInputError, match=says):
        after_answer(None, 0, when)


@pytest.mark.parametrize("cost", [0.0, -1, Fraction(-1, 2), True, "0", None])
def test_a_bad_cost_is_refused(cost) -> None:
    with pytest.raises(InvalidInputError, match="an answer's cost must be an exact Fraction or whole number of at least 0"):
        after_answer(None, cost, NOW)


def test_an_answer_before_the_last_one_is_refused() -> None:
    card = after_answer(None, 0, NOW)
    with pytest.raises(InvalidInputError, match="comes before this drill's last answer"):
        after_answer(card, 0, NOW - timedelta(seconds=1))
    assert after_answer(card, 0, NOW).well_in_a_row == 2  # the same moment is allowed
