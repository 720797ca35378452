"""The patterns of costly decisions: which one a decision shows, and what it means.

A decision that cost something shows a *pattern* by what was chosen against what was
best (:func:`pattern_of`): a Hochstapler doubt where a raise was better is "doubts too
early", a raise where the doubt was better "doubts too late", and so on (:data:`ADVICE`
lists them all). :mod:`bluffmath.review.habits` gathers them over many games, each
:class:`Pattern` with every decision that shows it.

>>> d = Decision(2, 0, "raise", "", {"doubt": Fraction(1, 2), "raise 5 red": Fraction(1, 3)}, "raise 5 red", "")
>>> pattern_of("hochstapler", d), ADVICE["doubts too late"][:20]
('doubts too late', 'you let a call stand')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from bluffmath.display import written
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _
from bluffmath.review.decision import Decision, Review, fraction_text
from bluffmath.review.words import ADVICE as ADVICE
from bluffmath.review.words import (
    about,
    advice,
    decimal,
    option_words,
    options_words,
    pattern_words,
)
from bluffmath.validate import shown

# ADVICE (every pattern, with what it means in words) lives with the review's words.

#: The games a review may be of (a Review's ``game``).
GAMES = ("hochstapler", "hochstapler-duel", "gauner", "muenchhausen", "hoax")
_RAISE = re.compile(r"raise [0-9]{1,3} [a-z]+")


@dataclass(frozen=True)
class Seen:
    """One reviewed decision of the player: the game it comes from (its place in the list
    given to :func:`review_many`) and the decision."""

    game: int
    decision: Decision


@dataclass(frozen=True)
class Pattern:
    """Costly decisions of one kind: ``name`` (a key of :data:`ADVICE`) and every one seen."""

    name: str
    seen: tuple[Seen, ...]

    @property
    def count(self) -> int:
        """How many decisions show the pattern."""
        return len(self.seen)

    @cached_property
    def cost(self) -> Fraction:
        """What they cost together, in the reviews' unit."""
        return sum((s.decision.cost for s in self.seen), Fraction(0))

    @cached_property
    def example(self) -> Seen:
        """The costliest of them (ties: the earliest)."""
        return min(self.seen, key=lambda s: (-s.decision.cost, s.game, s.decision.number))

    @cached_property
    def chosen(self) -> Fraction:
        """The chosen options' mean value."""
        return mean([s.decision.chosen_value for s in self.seen])

    @cached_property
    def best(self) -> Fraction:
        """The best options' mean value."""
        return mean([s.decision.best_value for s in self.seen])

    def text(self) -> str:
        """The pattern in words, with its example, in the language in use."""
        e = self.example
        d = e.decision
        return _("{name}: {count} times, cost {cost}: {advice}. On average your choice was worth {chosen}, the "
                 "best {best}. For example game {game}, #{number}: {position}; you chose {choice} ({value}), "
                 "best was {options} ({best_value}).").format(
            name=pattern_words(self.name), count=self.count, cost=about(self.cost), advice=advice(self.name),
            chosen=decimal(self.chosen, 3), best=decimal(self.best, 3), game=e.game + 1, number=d.number,
            position=d.position, choice=option_words(d.choice), value=written(d.chosen_value),
            options=options_words(d.best[:2]), best_value=written(d.best_value))

    def to_json(self) -> dict[str, Any]:
        """The pattern as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`~bluffmath.review.decision.fraction_text`)."""
        e = self.example
        return {"name": self.name, "advice": advice(self.name), "count": self.count,
                "cost": fraction_text(self.cost), "chosen": fraction_text(self.chosen),
                "best": fraction_text(self.best),
                "example": {"game": e.game, **e.decision.to_json()}}


def pattern_of(game: str, decision: Decision) -> str | None:
    """The pattern a decision of ``game`` (a review's ``game``) shows; None at no cost.

    >>> d = Decision(2, 0, "doubt", "", {"doubt": Fraction(1, 3), "raise 5 red": Fraction(1, 2)}, "doubt", "")
    >>> pattern_of("hochstapler", d)
    'doubts too early'
    """
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidInputError(f"game must be one of {', '.join(GAMES)} (a review's game), got {shown(game)}")
    if not isinstance(decision, Decision):
        raise InvalidInputError(f"decision must be a Decision (a review's), got {shown(decision)}")
    if decision.is_best:
        return None
    chosen, best = _verb(decision.choice), {_verb(o) for o in decision.best}
    if game == "gauner":
        return ("guesses before the odds say so" if best == {"stop"} else
                "stops too early" if chosen == "stop" else "guesses a less likely card")
    if game == "hoax":
        if decision.kind in ("accusation", "showdown"):
            return {"accusation": "accuses the less likely role",
                    "showdown": "names a likely role in the showdown"}[decision.kind]
        doubted = decision.choice == "vote yes" or chosen == "doubt"
        return "doubts a likely truth" if doubted else "lets a likely lie pass"
    if game == "muenchhausen":
        return {"believe": "believes too readily", "doubt": "doubts too readily",
                "take": "takes the weaker offer"}.get(chosen, "lays the wrong card")
    if chosen == "doubt":
        return "doubts too early"
    if "doubt" in best:
        return "doubts too late"
    if game == "hochstapler-duel":
        return "calls the wrong total"
    if chosen == "exchange":
        return "exchanges when it does not pay"
    calls = {o: v for o, v in decision.values.items() if _RAISE.fullmatch(o)}
    if not calls or not _RAISE.fullmatch(decision.choice):
        raise InvalidInputError(f"a costly Hochstapler decision that is no doubt or exchange is a raise, "
                                f"\"raise TOTAL COLOUR\"; got {shown(decision.choice)}")
    if decision.chosen_value == max(calls.values()):
        return "misses an exchange"
    best_call, chosen_total = _total(max(calls, key=calls.__getitem__)), _total(decision.choice)
    return ("calls too low" if best_call > chosen_total else
            "calls the wrong colour" if best_call == chosen_total else "calls above the odds")


def _total(option: str) -> int:
    return int(option.split(" ")[1])


def _verb(option: str) -> str:
    return option.partition(" ")[0]


def patterns(reviews: Sequence[tuple[int, Review]], found: list[Seen]) -> tuple[Pattern, ...]:
    """The patterns ``found`` shows (decisions of the numbered ``reviews``), the costliest
    first (ties: in :data:`ADVICE`'s order)."""
    games = dict(reviews)
    grouped: dict[str, list[Seen]] = {}
    for seen in found:
        name = pattern_of(games[seen.game].game, seen.decision)
        if name is not None:
            grouped.setdefault(name, []).append(seen)
    patterns = [Pattern(name, tuple(seen)) for name, seen in grouped.items()]
    return tuple(sorted(patterns, key=lambda p: (-p.cost, list(ADVICE).index(p.name))))


def mean(values: list[Fraction]) -> Fraction:
    """The exact mean of ``values`` (at least one)."""
    return sum(values, Fraction(0)) / len(values)
