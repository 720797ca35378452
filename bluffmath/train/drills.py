"""Drills from your own games: the decisions that cost you, to answer again.

:func:`drills` reviews one player's games (:func:`bluffmath.review.review_many`: one seat
in every game, or a name in games that name their seats, such as a class table's
download) and turns every decision whose cost passes a threshold into a :class:`Drill`:
the position exactly as the seat saw it (the review's words for the seat's view, nothing
hidden), the options, and, once answered (:func:`answer`), every option's exact value in
the review's unit, the best options, what the answer cost and why, in the review's words.
The values are the review's own, under the model the review states (``drill.model``); a
drill computes nothing itself.

>>> from bluffmath.hochstapler import Game, save_game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").raise_(12, "red").doubt()
>>> [drill] = drills(save_game(state), 1)
>>> drill.position
'deal 1, 3 players; your cards: red 1, orange 5, ..., purple 7, black 3; face up: none; call to beat: 6 red (seat 0)'
>>> drill.options[:3], len(drill.options)
(('doubt', 'raise 7 red', 'raise 8 red'), 92)
>>> result = answer(drill, "raise 7 purple")
>>> result.value, result.cost, result.is_best
(Fraction(1, 1), Fraction(0, 1), True)
>>> answer(drill, "doubt").cost, drill.decision.choice, drill.decision.cost, drill.skill
(Fraction(62, 91), 'raise 12 red', Fraction(80, 91), 'calls above the odds')

Drills come in two orders: ``"costliest"`` (the default: the costliest first, ties in
game order, so ``drills(...)[:3]`` are the three costliest) and ``"game"`` (the next
mistake: game by game, move by move). A drill's ``id`` is stable (a hash of its game's
save, the seat and the move: :mod:`bluffmath.train.identity`), so a scheduler can key
on it. The threshold is a mark (``"inaccuracy"``, ``"mistake"``, ``"blunder"``: the share
of the decision's spread given up, :class:`~bluffmath.review.Thresholds`) or a cost in
the review's unit; the default is :data:`THRESHOLD`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from bluffmath.display import fraction_json, written
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _
from bluffmath.limits import MAX_REVIEWED_GAMES, bounded
from bluffmath.review import Decision, Thresholds, review_many
from bluffmath.review.habits import pattern_of
from bluffmath.review.words import mark_words, option_words, options_words
from bluffmath.train.identity import canonical, drill_id, save_text
from bluffmath.validate import shown

#: The marks, mildest first (the fields of :class:`~bluffmath.review.Thresholds`).
MARKS = tuple(f.name for f in fields(Thresholds))
#: The default threshold: a decision marked "mistake" or "blunder" (it gave up at least a
#: quarter of its spread) becomes a drill; an inaccuracy is too small to practise first.
THRESHOLD = "mistake"
#: The orders of :func:`drills`: the costliest first, or game by game (the next mistake).
ORDERS = ("costliest", "game")


@dataclass(frozen=True)
class Drill:
    """One decision to answer again: ``decision`` is the review's (its values, best
    options, the choice played and the explanation), ``game``, ``model`` and ``unit`` the
    review's, ``source`` the game's place in the list given to :func:`drills` (or the
    puzzle's in its set), ``skill`` the habit it trains (:func:`skill_of`)."""

    id: str
    game: str
    source: int
    model: str
    unit: str
    decision: Decision
    skill: str

    @property
    def seat(self) -> int:
        """The seat whose decision it is."""
        return self.decision.seat

    @property
    def number(self) -> int:
        """The decision's move number in its game."""
        return self.decision.number

    @property
    def position(self) -> str:
        """The position as the seat saw it, in the review's words."""
        return self.decision.position

    @property
    def options(self) -> tuple[str, ...]:
        """Every option the seat had, in the review's order."""
        return tuple(self.decision.values)

    def question(self) -> dict[str, Any]:
        """What is shown before an answer, as JSON data: no value, no best option, not the
        choice played."""
        return {"id": self.id, "game": self.game, "seat": self.seat, "number": self.number,
                "kind": self.decision.kind, "unit": self.unit, "position": self.position,
                "options": list(self.options)}

    def to_json(self) -> dict[str, Any]:
        """The whole drill as JSON data (the question, then what an answer shows), every
        Fraction as ``"p/q"``."""
        d = self.decision
        return {**self.question(), "model": self.model, "skill": self.skill,
                "values": {option: fraction_json(v) for option, v in d.values.items()},
                "best": list(d.best), "best_value": fraction_json(d.best_value),
                "played": d.choice, "played_cost": fraction_json(d.cost), "played_mark": d.mark(),
                "explanation": d.explanation}

    def text(self) -> str:
        """The question in words, in the language in use."""
        return _("Drill {id} ({game}, seat {seat}, move {number}): {position}.\nOptions: {options}.\nValues are in "
                 "{unit}.").format(id=self.id, game=self.game, seat=self.seat, number=self.number,
                                   position=self.position, options=options_words(self.options), unit=self.unit)


@dataclass(frozen=True)
class Answer:
    """An answer to a drill: the option chosen, its exact value and cost (best value minus
    its value), and what the drill shows after it."""

    drill: Drill
    option: str

    @property
    def value(self) -> Fraction:
        """The option's exact value in the review's unit."""
        return self.drill.decision.values[self.option]

    @property
    def cost(self) -> Fraction:
        """The best value minus the option's (0: a best option)."""
        return self.drill.decision.best_value - self.value

    @property
    def is_best(self) -> bool:
        """True when the option is among the best."""
        return self.cost == 0

    @property
    def mark(self) -> str | None:
        """The review's mark for the share of the spread the answer gave up (None: a best
        option)."""
        spread = self.drill.decision.difficulty
        return Thresholds().mark(self.cost / spread) if self.cost else None

    def to_json(self) -> dict[str, Any]:
        """The answer and the drill's solution as JSON data, every Fraction as ``"p/q"``."""
        return {"id": self.drill.id, "option": self.option, "value": fraction_json(self.value),
                "cost": fraction_json(self.cost), "is_best": self.is_best, "mark": self.mark,
                **{k: v for k, v in self.drill.to_json().items() if k not in self.drill.question()}}

    def text(self) -> str:
        """The answer in words, in the language in use: its value and cost, the best, what was
        played, and why."""
        d = self.drill.decision
        mark = self.mark
        verdict = (_("a best option") if self.is_best else
                   _("cost {cost} ({mark})").format(cost=written(self.cost), mark=mark_words(mark)) if mark
                   else _("cost {cost}").format(cost=written(self.cost)))  # a cost too small for any mark has none
        played = (_("In the game: {choice} ({value}), a best option.") if d.is_best else
                  _("In the game: {choice} ({value}), cost {cost}.")).format(
            choice=option_words(d.choice), value=written(d.chosen_value), cost=written(d.cost))
        values = "; ".join(f"{option_words(option)} {written(v)}" for option, v in d.values.items())
        return _("You chose {option}: {value}, {verdict}. Best: {best} ({best_value}). {played}\nWhy: {why}\n"
                 "Every option ({unit}): {values}.").format(
            option=option_words(self.option), value=written(self.value), verdict=verdict,
            best=options_words(d.best), best_value=written(d.best_value), played=played, why=d.explanation,
            unit=self.drill.unit, values=values)


def drills(saves: Any, player: int | str, threshold: str | Fraction | int = THRESHOLD,
           order: str = "costliest", model: Any = None) -> list[Drill]:
    """The drills of ``player`` in ``saves``, in ``order`` (see the module).

    ``saves`` is one saved game (its JSON text, or a State) or a list of them, each
    perhaps as ``(save, names)`` or ``(save, names, makers)`` as
    :func:`~bluffmath.review.class_games` gives a class's games (then only the player's own
    moves count); games of one kind, whose costs share a unit. ``player`` is a seat
    number, or a name in games that name their seats. ``threshold`` (default
    ``"mistake"``, :data:`THRESHOLD`): a mark name (the decision's mark at least that) or a
    cost in the review's unit (a Fraction or a whole number of at least 0: every decision
    with a spread that cost at least that; 0 gives every real decision). ``model`` is the
    review's (:func:`bluffmath.review.review`).

    >>> drills([], 0)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: review_many needs at least one game to review
    >>> drills("{}", 0, threshold="blunders")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: threshold must be a mark (inaccuracy, mistake, blunder) or a cost ..., got 'blunders'
    """
    keep = _kept(threshold)
    if not isinstance(order, str) or order not in ORDERS:
        raise InvalidInputError(f"order must be one of {', '.join(ORDERS)}, got {shown(order)}")
    games = _listed(saves)
    habits = review_many(games, player, model)
    found = []
    for index, reviewed in habits.reviews:
        text = canonical(save_text(_game_part(games[index])))
        found += [Drill(drill_id(text, d.seat, d.number), reviewed.game, index, reviewed.model, reviewed.unit,
                        d, skill_of(reviewed.game, d)) for d in reviewed.decisions if keep(d)]
    if order == "costliest":
        return sorted(found, key=lambda x: (-x.decision.cost, x.source, x.number))
    return sorted(found, key=lambda x: (x.source, x.number))


def answer(drill: Drill, option: str) -> Answer:
    """The answer ``option`` to ``drill``: its exact value, cost and whether it is best.

    >>> answer("a drill", "doubt")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: answer needs a Drill (from drills() or a puzzle set), got 'a drill'
    """
    if not isinstance(drill, Drill):
        raise InvalidInputError(f"answer needs a Drill (from drills() or a puzzle set), got {shown(drill)}")
    if not isinstance(option, str) or option not in drill.decision.values:
        raise InvalidInputError(f"the answer {shown(option)} is not one of the drill's options: "
                                f"{shown(', '.join(drill.options))}")
    return Answer(drill, option)


def runner_up(decision: Decision) -> str | None:
    """The first option worth the most below the best (None: every option is worth the same).

    >>> d = Decision(1, 0, "guess", "", {"a": Fraction(1), "b": Fraction(1, 2), "c": Fraction(1, 2)}, "a", "")
    >>> runner_up(d)
    'b'
    """
    below = [v for v in decision.values.values() if v < decision.best_value]
    if not below:
        return None
    second = max(below)
    return next(option for option, v in decision.values.items() if v == second)


def skill_of(game: str, decision: Decision) -> str:
    """The habit (a pattern :func:`~bluffmath.review.review_many` names) that ``decision``
    of ``game`` trains: the one its choice shows when the choice cost something, else the
    one the runner-up (:func:`runner_up`) would show, the likeliest mistake there.
    InvalidInputError when every option is worth the same: nothing to train."""
    if decision.cost:
        return str(pattern_of(game, decision))
    second = runner_up(decision)
    if second is None:
        raise InvalidInputError(f"decision {decision.number}: every option is worth the same, so it trains nothing")
    return str(pattern_of(game, replace(decision, choice=second)))


def _kept(threshold: object) -> Callable[[Decision], bool]:
    """Whether a decision passes ``threshold`` (see :func:`drills`)."""
    if isinstance(threshold, str) and threshold in MARKS:
        floor = MARKS.index(threshold)
        return lambda d: (mark := d.mark()) is not None and MARKS.index(mark) >= floor
    if isinstance(threshold, bool) or not isinstance(threshold, int | Fraction) or threshold < 0:
        raise InvalidInputError(f"threshold must be a mark ({', '.join(MARKS)}) or a cost (a Fraction or whole "
                                f"number of at least 0), got {shown(threshold)}")
    return lambda d: d.difficulty > 0 and d.cost >= threshold


def _listed(saves: object) -> tuple[Any, ...]:
    """``saves`` as a tuple of games: one save (text or State) becomes a list of one."""
    if isinstance(saves, Mapping | Set):
        raise InvalidInputError(f"saves must be a saved game or a list of them, got a {type(saves).__name__}")
    if isinstance(saves, str | bytes | bytearray) or not isinstance(saves, Iterable):
        return (saves,)
    return bounded("saves", saves, MAX_REVIEWED_GAMES)


def _game_part(entry: Any) -> Any:
    """The game of an entry of :func:`drills` (a save, or a tuple whose first part is)."""
    return entry[0] if isinstance(entry, tuple) else entry
