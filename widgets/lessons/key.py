"""Answer keys for the lessons' exercises, and the check that marks an answer.

A lesson's key lists its exercises. Each one knows how to compute its answer from the
core (when it is checked, never stored as a copied number), what kind of answer it wants,
and the wrong answers a student is likely to give, each with a hint. ``check`` marks one
answer and returns a :class:`Verdict`, which Jupyter shows as a coloured line:

>>> from fractions import Fraction
>>> key = Key("demo", [Exercise(1, "a Fraction", lambda: Fraction(1, 6),
...                             mistakes=lambda: {Fraction(1, 36): "that is two sixes"})])
>>> key.check(1, ...)
Verdict(lesson='demo', number=1, status='unanswered', message='not answered yet: replace ... with a Fraction')
>>> key.check(1, Fraction(2, 12)).status
'right'
>>> key.check(1, Fraction(1, 36)).message
'not yet: that is two sixes'
>>> key.check(1, 0.1667).message
'exact numbers only: 0.1667 is a float; write a Fraction such as Fraction(1, 3)'
>>> marks()[("demo", 1)]
'wrong'

Answers compare exactly: a Fraction equal to an int is right, a float never is, and a
text answer ignores case and surrounding spaces. Tuples and lists compare item by item.

A check speaks the language in use (:mod:`bluffmath.i18n`; a German lesson's kernel speaks
German, :mod:`bluffmath_widgets.lessons` says how it knows): its sentences, and each
exercise's ``wants`` and hints, which a key marks with ``N_`` and the check translates:

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     print(key.check(1, ...).message)
...     print(key.check(1, Fraction(1, 5)).message)
noch nicht beantwortet: Ersetze ... durch deine Antwort – gesucht ist ein Bruch (Fraction)
noch nicht: 1/5 ist es nicht – gesucht ist ein Bruch (Fraction)
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _

__all__ = ["Exercise", "Key", "Verdict", "marks"]

# What every check in this Python process said, by (lesson, exercise): the tests read it
# after running a lesson top to bottom.
_MARKS: dict[tuple[str, int], str] = {}

_COLOURS = {"right": "#1b7a2f", "wrong": "#b00020", "unanswered": "#6b6b6b"}
_SIGNS = {"right": "✔", "wrong": "✘", "unanswered": "…"}


def marks() -> dict[tuple[str, int], str]:
    """Every exercise checked so far in this process: (lesson, number) -> its last status."""
    return dict(_MARKS)


@dataclass(frozen=True)
class Exercise:
    """One exercise: its number, the kind of answer it wants, how the core answers it.

    ``expected`` and ``mistakes`` are functions, so that the key computes its answers
    from :mod:`bluffmath` only when a student checks one.
    """

    number: int
    wants: str
    expected: Callable[[], Any]
    mistakes: Callable[[], Mapping[Any, str]] = field(default=dict)


@dataclass(frozen=True)
class Verdict:
    """What a check said: ``status`` is "right", "wrong" or "unanswered"."""

    lesson: str
    number: int
    status: str
    message: str

    @property
    def right(self) -> bool:
        return self.status == "right"

    def graded(self) -> None:
        """nbgrader's read-only test cell after an exercise: under nbgrader's autograder (it
        sets ``NBGRADER_EXECUTION``) an answer that is not right fails the cell, which scores
        it 0; anywhere else nothing happens, so a student's Run All goes on to the end
        whatever they answered (the marks come from the autograder).

        >>> Verdict("demo", 1, "unanswered", "not answered yet").graded()  # a student's run
        """
        if os.environ.get("NBGRADER_EXECUTION") and not self.right:
            raise AssertionError(_("exercise {number} is not right yet: {message}").format(
                number=self.number, message=self.message))

    def _repr_html_(self) -> str:
        colour, sign = _COLOURS[self.status], _SIGNS[self.status]
        said = _("Exercise {number}: {message}").format(number=self.number, message=self.message)
        return (f'<div class="bluffmath-verdict" data-verdict="{self.status}" '
                f'style="color: {colour}; font-weight: bold;">{sign} {escape(said)}</div>')


class Key:
    """A lesson's exercises, by number."""

    def __init__(self, lesson: str, exercises: Iterable[Exercise]) -> None:
        self.lesson = lesson
        self.exercises = {exercise.number: exercise for exercise in exercises}

    def check(self, number: int, answer: object) -> Verdict:
        """Mark ``answer`` to exercise ``number``; ``...`` (the student copy's blank) is unanswered."""
        status, message = _judge(self._exercise(number), answer)
        _MARKS[(self.lesson, number)] = status
        return Verdict(self.lesson, number, status, message)

    def answer(self, number: int) -> Any:
        """The key's answer to exercise ``number``, computed by the core (for teachers)."""
        return self._exercise(number).expected()

    def _exercise(self, number: int) -> Exercise:
        if number not in self.exercises:
            raise InvalidInputError(f"lesson {self.lesson!r} has exercises "
                                    f"{sorted(self.exercises)}, not {number!r}")
        return self.exercises[number]


def _judge(exercise: Exercise, answer: object) -> tuple[str, str]:
    """The status of ``answer`` and the check's message, in the language in use."""
    wants = _(exercise.wants)
    if answer is Ellipsis:
        return "unanswered", _("not answered yet: replace ... with {wants}").format(wants=wants)
    if _has_float(answer):
        return "wrong", _("exact numbers only: {answer} is a {kind}; write a Fraction such as Fraction(1, 3)").format(
            answer=repr(answer), kind=type(_first_float(answer)).__name__)
    expected = exercise.expected()
    if _same(answer, expected):
        return "right", _("right: {answer}").format(answer=_show(answer))
    for mistake, hint in exercise.mistakes().items():
        if _same(answer, mistake):
            return "wrong", _("not yet: {hint}").format(hint=_(hint))
    return "wrong", _("not yet: {answer} is not it (the answer is {wants})").format(answer=_show(answer), wants=wants)


def _first_float(answer: object) -> object | None:
    """The first number in ``answer`` that is not exact: a float, a Decimal, a complex."""
    if isinstance(answer, numbers.Number) and not isinstance(answer, numbers.Rational):
        return answer
    if isinstance(answer, tuple | list):
        return next((found for item in answer if (found := _first_float(item)) is not None), None)
    return None


def _has_float(answer: object) -> bool:
    return _first_float(answer) is not None


def _same(answer: object, expected: object) -> bool:
    if isinstance(expected, str):
        return isinstance(answer, str) and answer.strip().lower() == expected.lower()
    if isinstance(expected, tuple | list):
        return (isinstance(answer, tuple | list) and len(answer) == len(expected)
                and all(_same(a, e) for a, e in zip(answer, expected, strict=True)))
    if isinstance(expected, int | Fraction) and not isinstance(expected, bool):
        # any exact number: an int, a Fraction, numpy's whole numbers
        return isinstance(answer, numbers.Rational) and not isinstance(answer, bool) and answer == expected
    return answer == expected


def _show(answer: object) -> str:
    if isinstance(answer, tuple | list):
        return "(" + ", ".join(_show(item) for item in answer) + ")"
    return str(answer)
