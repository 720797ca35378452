"""One reviewed decision and a whole review: what the seat knew, chose, and gave up.

A :class:`Decision` holds every option the seat had, each with its exact value in the
game's unit, the choice made and the best choices; its ``cost`` is what the choice gave
up against the best one (0 when the choice was among the best). A :class:`Review` is the
list of one seat's decisions in a game, with the model that gives the values, in words.

>>> from fractions import Fraction
>>> d = Decision(number=3, seat=1, kind="doubt", position="9 blue to beat",
...              values={"doubt": Fraction(2, 5), "raise 10 red": Fraction(3, 5)},
...              choice="doubt", explanation="")
>>> d.best, d.best_value, d.cost, d.is_best
(('raise 10 red',), Fraction(3, 5), Fraction(1, 5), False)
>>> r = Review("hochstapler", 1, "a model", "probability", (d,))
>>> r.total_cost, [x.number for x in r.costliest()]
(Fraction(1, 5), [3])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from bluffmath.display import decimal
from bluffmath.errors import InvalidInputError


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    - ``number``: the action's number in the game's log (1 is the first action);
    - ``kind``: what sort of decision (``"raise"``, ``"guess"``, ``"offer"``, ...);
    - ``position``: the position as the seat saw it, in words;
    - ``values``: every option the seat had -> its exact value in the review's unit;
    - ``choice``: the option the seat took (a key of ``values``);
    - ``explanation``: how the chosen and the best value come about, in words.
    """

    number: int
    seat: int
    kind: str
    position: str
    values: Mapping[str, Fraction]
    choice: str
    explanation: str

    def __post_init__(self) -> None:
        values = dict(self.values)
        if self.choice not in values:
            raise InvalidInputError(f"the choice {self.choice!r} is not one of the options "
                                    f"{', '.join(values)}")
        for option, value in values.items():
            if type(value) is not Fraction:
                raise InvalidInputError(f"the value of {option!r} must be a Fraction, got {value!r}")
        object.__setattr__(self, "values", MappingProxyType(values))

    @property
    def best_value(self) -> Fraction:
        """The highest value of any option."""
        return max(self.values.values())

    @property
    def best(self) -> tuple[str, ...]:
        """Every option with the highest value, in the order the options are listed."""
        top = self.best_value
        return tuple(option for option, value in self.values.items() if value == top)

    @property
    def chosen_value(self) -> Fraction:
        """The value of the option taken."""
        return self.values[self.choice]

    @property
    def cost(self) -> Fraction:
        """What the choice gave up: the best value minus the chosen one (never negative)."""
        return self.best_value - self.chosen_value

    @property
    def is_best(self) -> bool:
        """True when the choice is among the best options (its cost is 0)."""
        return self.cost == 0

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON data, every Fraction as ``"p/q"``."""
        return {"number": self.number, "seat": self.seat, "kind": self.kind,
                "position": self.position, "choice": self.choice, "best": list(self.best),
                "chosen_value": fraction_text(self.chosen_value),
                "best_value": fraction_text(self.best_value), "cost": fraction_text(self.cost),
                "values": {option: fraction_text(v) for option, v in self.values.items()},
                "explanation": self.explanation}


@dataclass(frozen=True)
class Review:
    """One seat's decisions in one game, valued under ``model`` (in words) in ``unit``."""

    game: str
    seat: int
    model: str
    unit: str
    decisions: tuple[Decision, ...]

    @property
    def total_cost(self) -> Fraction:
        """The sum of every decision's cost."""
        return sum((d.cost for d in self.decisions), Fraction(0))

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that cost most, costliest first (ties: the earlier first);
        decisions that cost nothing are left out."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidInputError(f"n must be a whole number of at least 0, got {n!r:.40}")
        costly = [d for d in self.decisions if d.cost]
        return sorted(costly, key=lambda d: (-d.cost, d.number))[:n]

    def to_json(self) -> dict[str, Any]:
        """The review as JSON data, every Fraction as ``"p/q"``."""
        return {"game": self.game, "seat": self.seat, "model": self.model, "unit": self.unit,
                "total_cost": fraction_text(self.total_cost),
                "costliest": [d.number for d in self.costliest()],
                "decisions": [d.to_json() for d in self.decisions]}

    def text(self) -> str:
        """The review as plain text: a line per decision, then the summary."""
        lines = [f"Review of seat {self.seat} ({self.game}); cost in {self.unit}.",
                 f"Model: {self.model}", ""]
        for d in self.decisions:
            mark = "best" if d.is_best else f"cost {d.cost} (about {decimal(d.cost, 3)})"
            lines.append(f"#{d.number:<4} {d.choice:<22} {mark}"
                         + ("" if d.is_best else f"; best: {', '.join(d.best[:3])}"))
        lines.append("")
        lines.append(f"{len(self.decisions)} decisions; total cost {self.total_cost}")
        for d in self.costliest():
            lines.append(f"  costliest: #{d.number} {d.choice} (cost {d.cost}): {d.position}")
        return "\n".join(lines)


def fraction_text(x: Fraction) -> str:
    """``x`` as ``"p/q"`` (the JSON form of an exact number).

    >>> fraction_text(Fraction(3, 4)), fraction_text(Fraction(2))
    ('3/4', '2/1')
    """
    return f"{x.numerator}/{x.denominator}"
