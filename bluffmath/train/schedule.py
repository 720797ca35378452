"""When a drill comes back: spaced repetition by FSRS (the ``fsrs`` package, py-fsrs).

Every drill or puzzle a player has answered has a card; the scheduler sets when it is due
again. The answer's exact cost under the game's model grades it:

=========================  ==========================================================
the answer                 its FSRS grade
=========================  ==========================================================
cost 0 (a best option)     ``Good``
any cost above 0           ``Again``
=========================  ==========================================================

``Hard`` and ``Easy`` are not used: an answer is right or wrong by its exact value, and
how easy it felt is not measured. With FSRS-6's default parameters, a desired retention of
0.9, learning steps of 1 and 10 minutes and a relearning step of 10 minutes, a wrong first
answer comes back after 1 minute and a right one after 10; a drill answered right twice
more moves on to days (2, then 11).

**Until answered well three times in a row.** A drill is *learned*, and leaves the queue,
once it has been answered well :data:`WELL_IN_A_ROW` (3) times in a row; a wrong answer
sets the count back to 0, and the drill returns on FSRS's schedule until then. The
library's fuzz (a random spread of long intervals) is off: it draws from Python's global
random numbers, and a schedule must be the same on every run.

FSRS's stability and difficulty are floats, as the library computes them: they are
estimates of memory, not probabilities of a game.

>>> now = moment("2026-03-01T10:00:00+00:00")
>>> wrong, right = after_answer(None, Fraction(1, 4), now), after_answer(None, 0, now)
>>> wrong.due - now, right.due - now
(datetime.timedelta(seconds=60), datetime.timedelta(seconds=600))
>>> card = right
>>> for _ in range(2):
...     card = after_answer(card, 0, card.due)
>>> card.learned, card.well_in_a_row
(True, 3)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction

import fsrs

from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown

#: Right answers in a row after which a drill is learned and leaves the queue.
WELL_IN_A_ROW = 3
_SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)


def aware(when: datetime | str) -> datetime:
    """A time that says its time zone (a ``datetime`` or ISO 8601 text), as given.

    >>> aware("2026-03-01T11:30:00+01:00").isoformat()
    '2026-03-01T11:30:00+01:00'
    >>> aware("2026-03-01 11:30")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a time must say its time zone, e.g. 2026-03-01T11:30:00+01:00; got '2026-03-01 11:30'
    """
    if isinstance(when, str):
        try:
            parsed = datetime.fromisoformat(when)
        except ValueError:
            raise InvalidInputError(f"a time must be ISO 8601 text such as 2026-03-01T11:30:00+01:00, "
                                    f"got {shown(when)}") from None
    elif isinstance(when, datetime):
        parsed = when
    else:
        raise InvalidInputError(f"a time must be a datetime or ISO 8601 text, got {shown(when)} "
                                f"({type(when).__name__})")
    if parsed.utcoffset() is None:
        raise InvalidInputError("a time must say its time zone, e.g. 2026-03-01T11:30:00+01:00; "
                                f"got {shown(when if isinstance(when, str) else parsed.isoformat())}")
    return parsed


def moment(when: datetime | str) -> datetime:
    """:func:`aware`'s time in UTC (what the scheduler and the store keep).

    >>> moment("2026-03-01T11:30:00+01:00")
    datetime.datetime(2026, 3, 1, 10, 30, tzinfo=datetime.timezone.utc)
    """
    return aware(when).astimezone(UTC)


def answer_cost(cost: Fraction | int) -> Fraction:
    """An answer's cost: an exact Fraction or whole number, at least 0 (0: a best option).

    >>> answer_cost(0), answer_cost(Fraction(1, 3))
    (Fraction(0, 1), Fraction(1, 3))
    >>> answer_cost(0.25)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: an answer's cost must be an exact Fraction or whole number of at least 0, got 0.25 (float)
    """
    if isinstance(cost, bool) or not isinstance(cost, Fraction | int) or cost < 0:
        raise InvalidInputError("an answer's cost must be an exact Fraction or whole number of at least 0, "
                                f"got {shown(cost)} ({type(cost).__name__})")
    return Fraction(cost)


def grade(cost: Fraction | int) -> fsrs.Rating:
    """The FSRS grade of an answer of this cost: ``Good`` for 0, else ``Again``.

    >>> grade(0).name, grade(Fraction(1, 100)).name
    ('Good', 'Again')
    """
    return fsrs.Rating.Good if answer_cost(cost) == 0 else fsrs.Rating.Again


@dataclass(frozen=True)
class Repetition:
    """One player's card for one drill: FSRS's card (when it is due, its stability and
    difficulty) and how many times in a row it was answered well."""

    card: fsrs.Card
    well_in_a_row: int

    @property
    def due(self) -> datetime:
        """When the drill comes back (UTC)."""
        return self.card.due

    @property
    def learned(self) -> bool:
        """Answered well :data:`WELL_IN_A_ROW` times in a row: it leaves the queue."""
        return self.well_in_a_row >= WELL_IN_A_ROW

    def to_json(self) -> str:
        """The card as JSON text (FSRS's own form, and the count)."""
        return json.dumps({"fsrs": self.card.to_dict(), "well_in_a_row": self.well_in_a_row})

    @classmethod
    def from_json(cls, text: str) -> Repetition:
        """Read :meth:`to_json`'s text back (a ``KeyError``, ``TypeError`` or ``ValueError``
        for text it did not write: the store turns those into its own error)."""
        data = json.loads(text)
        card = fsrs.Card.from_dict(data["fsrs"])
        if card.due.tzinfo != UTC or type(data["well_in_a_row"]) is not int:
            raise ValueError("not a card this module wrote")
        return cls(card, data["well_in_a_row"])


def after_answer(card: Repetition | None, cost: Fraction | int, when: datetime | str) -> Repetition:
    """The card after an answer of this ``cost`` at ``when`` (``card`` None: the first
    answer to this drill). An answer before the card's last one is refused."""
    cost, when = answer_cost(cost), moment(when)
    if card is None:
        card = Repetition(fsrs.Card(card_id=0, due=when), 0)
    elif card.card.last_review is not None and when < card.card.last_review:
        raise InvalidInputError(f"an answer at {when.isoformat()} comes before this drill's last answer, "
                                f"at {card.card.last_review.isoformat()}; answers must come in order")
    reviewed, _ = _SCHEDULER.review_card(card.card, grade(cost), when)
    return Repetition(reviewed, card.well_in_a_row + 1 if cost == 0 else 0)
