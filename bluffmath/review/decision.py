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

A decision's *difficulty* is how far apart its options' values lie (the best minus the
worst); its *accuracy* is the share of that spread the choice kept, ``1 - cost /
difficulty``. A game's accuracy weighs each decision by its difficulty, ``1 - total cost /
total difficulty``, so a decision whose options were all alike counts for nothing and a
close call counts as much as it mattered. A decision is marked by the share of its
spread it gave up (:class:`Thresholds`, which the user may set):

>>> d.difficulty, d.accuracy, r.accuracy, d.mark()
(Fraction(1, 5), Fraction(0, 1), Fraction(0, 1), 'blunder')
>>> e = Decision(4, 1, "raise", "", {"a": Fraction(0), "b": Fraction(1, 2), "c": Fraction(1)}, "b", "")
>>> e.accuracy, e.mark(), e.mark(Thresholds(blunder=Fraction(3, 4)))
(Fraction(1, 2), 'blunder', 'mistake')
>>> Review("hochstapler", 1, "a model", "probability", (d, e)).accuracy   # 1 - (1/5 + 1/2) / (1/5 + 1)
Fraction(5, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Any

from bluffmath.display import fraction_json, written
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, n_
from bluffmath.limits import MAX_DIGITS
from bluffmath.review.words import about, decimal, marks_words, option_words, options_words
from bluffmath.validate import shown


@dataclass(frozen=True)
class Thresholds:
    """The share of a decision's spread (its difficulty) that, given up, earns each mark:
    at least ``inaccuracy``, ``mistake``, ``blunder`` (fractions from 0 to 1, in that
    order; defaults 1/10, 1/4, 1/2). A decision that gave up nothing has no mark."""

    inaccuracy: Fraction = Fraction(1, 10)
    mistake: Fraction = Fraction(1, 4)
    blunder: Fraction = Fraction(1, 2)

    def __post_init__(self) -> None:
        shares = (self.inaccuracy, self.mistake, self.blunder)
        if not all(type(x) is Fraction and 0 < x <= 1 and x.denominator < 10**MAX_DIGITS for x in shares) \
                or not shares[0] <= shares[1] <= shares[2]:
            raise InvalidInputError(
                f"thresholds must be Fractions above 0 and at most 1 (at most {MAX_DIGITS} digits below the "
                f"line), inaccuracy <= mistake <= blunder; got {', '.join(shown(x) for x in shares)}")

    def mark(self, share: Fraction) -> str | None:
        """The mark of a decision that gave up ``share`` of its spread."""
        for name, floor in (("blunder", self.blunder), ("mistake", self.mistake), ("inaccuracy", self.inaccuracy)):
            if share >= floor:
                return name
        return None


MARKS = ("inaccuracy", "mistake", "blunder")


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
        if not isinstance(self.values, Mapping) or not self.values:
            raise InvalidInputError(f"values must map each option (text) to its exact value (a Fraction), "
                                    f"got {shown(self.values)}")
        values = dict(self.values)
        for option, value in values.items():
            if not isinstance(option, str) or type(value) is not Fraction:
                raise InvalidInputError(f"each option must be text and its value a Fraction, got {shown(option)}: "
                                        f"{shown(value)}")
        if not isinstance(self.choice, str) or self.choice not in values:
            raise InvalidInputError(f"the choice {shown(self.choice)} is not one of the options "
                                    f"{shown(', '.join(values))}")
        object.__setattr__(self, "values", MappingProxyType(values))

    @cached_property
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

    @cached_property
    def cost(self) -> Fraction:
        """What the choice gave up: the best value minus the chosen one (never negative)."""
        return self.best_value - self.chosen_value

    @property
    def is_best(self) -> bool:
        """True when the choice is among the best options (its cost is 0)."""
        return self.cost == 0

    @cached_property
    def difficulty(self) -> Fraction:
        """How far apart the options' values lie: the best minus the worst (0 when every
        option is worth the same: no real decision)."""
        return self.best_value - min(self.values.values())

    @cached_property
    def accuracy(self) -> Fraction | None:
        """The share of the spread the choice kept, ``1 - cost / difficulty``; None when
        there was no spread."""
        return 1 - self.cost / self.difficulty if self.difficulty else None

    def mark(self, thresholds: Thresholds | None = None) -> str | None:
        """"inaccuracy", "mistake" or "blunder" by the share of the spread given up
        (:class:`Thresholds`, defaults 1/10, 1/4, 1/2); None when nothing was given up."""
        if thresholds is not None and not isinstance(thresholds, Thresholds):
            raise InvalidInputError(f"thresholds must be a Thresholds, got {type(thresholds).__name__}")
        if not self.cost:
            return None
        return (thresholds or Thresholds()).mark(self.cost / self.difficulty)

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`fraction_text`)."""
        return {"number": self.number, "seat": self.seat, "kind": self.kind,
                "position": self.position, "choice": self.choice, "best": list(self.best),
                "chosen_value": fraction_text(self.chosen_value),
                "best_value": fraction_text(self.best_value), "cost": fraction_text(self.cost),
                "values": {option: fraction_text(v) for option, v in self.values.items()},
                "difficulty": fraction_text(self.difficulty),
                "accuracy": None if self.accuracy is None else fraction_text(self.accuracy),
                "mark": self.mark(), "explanation": self.explanation}


@dataclass(frozen=True)
class Luck:
    """What chance did to the seat at one event (a deal, the other player's move, the
    cards shown), under the review's model: the exact value after it minus the exact
    average over everything chance could have done there (which is the value before it).
    ``number`` is the action it came with (the first action of a deal for the deal)."""

    number: int
    event: str
    value: Fraction

    def to_json(self) -> dict[str, Any]:
        """The event as JSON data, its value as ``"p/q"`` (or a decimal: :func:`fraction_text`)."""
        return {"number": self.number, "event": self.event, "value": fraction_text(self.value)}


@dataclass(frozen=True)
class Review:
    """One seat's decisions in one game, valued under ``model`` (in words) in ``unit``.

    Where the model values the whole game (the Duel's), ``luck`` lists what chance did,
    ``expected`` is the seat's expected result before the first deal and ``result`` what it
    got (a deal still in play counts at its value now); then ``result - expected`` is
    exactly ``total_luck - total_cost``. Hochstapler's round model and Gauner raus! list
    the luck of the chance events at the seat's own turns (the card an exchange drew, the
    cards a doubt revealed, a guess's answer), each of mean exactly 0, with both None: their
    values do not look over the whole game. Elsewhere ``luck`` is empty and both are None."""

    game: str
    seat: int
    model: str
    unit: str
    decisions: tuple[Decision, ...]
    luck: tuple[Luck, ...] = ()
    expected: Fraction | None = None
    result: Fraction | None = None

    @cached_property
    def total_luck(self) -> Fraction:
        """The sum of every event's luck."""
        return sum((x.value for x in self.luck), Fraction(0))

    @cached_property
    def total_cost(self) -> Fraction:
        """The sum of every decision's cost."""
        return sum((d.cost for d in self.decisions), Fraction(0))

    @cached_property
    def accuracy(self) -> Fraction | None:
        """The game's accuracy: each decision weighed by its difficulty, ``1 - total cost /
        total difficulty`` (None when no decision had a spread)."""
        spread = sum((d.difficulty for d in self.decisions), Fraction(0))
        return 1 - self.total_cost / spread if spread else None

    def marks(self, thresholds: Thresholds | None = None) -> dict[str, int]:
        """How many decisions earned each mark."""
        found = [d.mark(thresholds) for d in self.decisions]
        return {name: found.count(name) for name in MARKS}

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that cost most, costliest first (ties: the earlier first);
        decisions that cost nothing are left out."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidInputError(f"n must be a whole number of at least 0, got {shown(n)}")
        costly = [d for d in self.decisions if d.cost]
        return sorted(costly, key=lambda d: (-d.cost, d.number))[:n]

    def to_json(self) -> dict[str, Any]:
        """The review as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`fraction_text`)."""
        return {"game": self.game, "seat": self.seat, "model": self.model, "unit": self.unit,
                "total_cost": fraction_text(self.total_cost),
                "accuracy": None if self.accuracy is None else fraction_text(self.accuracy),
                "marks": self.marks(),
                "costliest": [d.number for d in self.costliest()],
                "decisions": [d.to_json() for d in self.decisions],
                **({} if not self.luck else {"total_luck": fraction_text(self.total_luck),
                                             "luck": [x.to_json() for x in self.luck]}),
                **({} if self.expected is None or self.result is None else {
                    "expected": fraction_text(self.expected), "result": fraction_text(self.result)})}

    def text(self) -> str:
        """The review as plain text, in the language in use: a line per decision, then the summary."""
        lines = [_("Review of seat {seat} ({game}); cost in {unit}.").format(seat=self.seat, game=self.game,
                                                                            unit=self.unit),
                 _("Model: {model}").format(model=self.model), ""]
        for d in self.decisions:
            mark = _("best") if d.is_best else _("cost {cost}").format(cost=about(d.cost))
            lines.append(f"#{d.number:<4} {option_words(d.choice):<22} {mark}"
                         + ("" if d.is_best else _("; best: {options}").format(options=options_words(d.best[:3]))))
        lines += ["", self._summary()]
        for d in self.costliest():
            lines.append(_("  costliest: #{number} {choice} (cost {cost}): {position}").format(
                number=d.number, choice=option_words(d.choice), cost=written(d.cost), position=d.position))
        if self.expected is not None and self.result is not None:
            lines.append(_("Result {result} against an expected {expected}: luck {luck}, decisions -{cost} (luck "
                           "minus cost is the difference, exactly)").format(
                result=written(self.result), expected=written(self.expected), luck=written(self.total_luck),
                cost=written(self.total_cost)))
        elif self.luck:
            lines.append(_("Luck at your turns: {luck}; {events}").format(
                luck=about(self.total_luck),
                events="; ".join(f"#{x.number} {x.event}: {written(x.value)}" for x in self.luck)))
        return "\n".join(lines)

    def _summary(self) -> str:
        """The summary line of :meth:`text`: the decisions, the total cost, the accuracy, the marks."""
        count = n_("{n} decision", "{n} decisions", len(self.decisions)).format(n=len(self.decisions))
        line = _("{count}; total cost {cost}").format(count=count, cost=written(self.total_cost))
        if self.accuracy is not None:
            line += _("; accuracy {accuracy}%").format(accuracy=decimal(100 * self.accuracy, 1))
        marks = marks_words(self.marks())
        return line + (f" ({marks})" if marks else "")


def fraction_text(x: Fraction) -> str:
    """``x`` as ``"p/q"`` (the JSON form of an exact number) when numerator and denominator
    have at most :data:`~bluffmath.display.MAX_EXACT_DIGITS` digits each, else a decimal of
    12 significant digits, which has no slash (:func:`bluffmath.display.fraction_json`:
    the rule for long numbers).

    >>> fraction_text(Fraction(3, 4)), fraction_text(Fraction(2)), fraction_text(Fraction(1, 3**200))
    ('3/4', '2/1', '3.76486194960e-96')
    """
    return fraction_json(x)
