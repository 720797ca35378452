"""Advice for the brave-investigator variant: guess once more, or stop and keep the points.

In the variant, the points a player scores in a turn are lost if the turn ends with a
wrong guess; stopping keeps them. With ``banked`` points scored this turn, one more guess
at the most likely cell (hit chance ``q``) and then stopping is worth ``q * (banked + 1)``
on average; stopping now is worth ``banked``. After a hit the question comes again, with
the new position's numbers: this is a one-step look-ahead, decided afresh each time.

>>> from fractions import Fraction
>>> from bluffmath.gauner.playout import random_positions
>>> from bluffmath.gauner.solve import solve
>>> position, _ = next(random_positions(players=2, seed=3))
>>> advice = solve(position).brave(banked=2)
>>> advice.best.probability, advice.go_on, advice.stop, advice.guess_on
(Fraction(109, 112), Fraction(327, 112), 2, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from bluffmath.validate import whole_number


@dataclass(frozen=True)
class Guess:
    """Naming ``cell`` to ``seat``: it hits with ``probability``."""

    seat: int
    cell: str
    probability: Fraction


@dataclass(frozen=True)
class BraveAdvice:
    """One more guess at ``best`` scores ``go_on`` points on average; stopping keeps ``stop``."""

    banked: int
    best: Guess | None
    go_on: Fraction
    stop: int

    @property
    def guess_on(self) -> bool:
        return self.go_on > self.stop


class Ranked(Protocol):
    """What the advice reads of a solution (a :class:`~bluffmath.gauner.solve.Solution`):
    its guesses from the most likely to hit."""

    def best_guesses(self, count: int | None = None) -> list[Guess]: ...


def brave_advice(solution: Ranked, banked: int) -> BraveAdvice:
    """Compare one more guess at the best cell with stopping, exactly."""
    banked = whole_number("banked", banked, 0)
    best = next(iter(solution.best_guesses(1)), None)
    go_on = best.probability * (banked + 1) if best else Fraction(0)
    return BraveAdvice(banked, best, go_on, banked)
