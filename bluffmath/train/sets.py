"""Puzzle sets: positions from the bots' games, each answer recomputed before it is shown.

A set is versioned JSON (format :data:`FORMAT`, version :data:`VERSION`), made by
``scripts/make_puzzles.py`` and shipped for every game (:func:`puzzle_set`). Each puzzle
stores what recomputes it (a saved game, the seat, the move) and its stored answer.
:meth:`PuzzleSet.drill` reviews the position again (:func:`bluffmath.review.review`) and
compares the best options, their value, the second value, the skill and the difficulty
(:class:`~bluffmath.train.candidates.Rules`) with what is stored; a set whose stored
answer disagrees is refused, then and every time after, with a
:class:`~bluffmath.errors.SaveFileError`. Recomputing takes one review of the seat's game,
kept for the set's other puzzles of that game, so it happens per puzzle, when it is first
shown (:meth:`PuzzleSet.verify` checks them all).

The layout (version 1), one JSON object::

    {"format": "bluffmath-train-puzzles", "version": 1,
     "game": "hoax",                                    a review's game
     "rules": {"margin": "1/10", "least_gap": "1/50", "scale": "1"},  when a decision is kept
     "generator": "python scripts/make_puzzles.py ...", how the set was made
     "saves": [{"format": "bluffmath-hoax-game", ...}],  each game once, as its game saves it
     "puzzles": [{"save": 0, "seat": 2, "number": 7,    seat 2's decision at move 7 of save 0
                  "skill": "lets a likely lie pass",     the habit it trains
                  "difficulty": "7/10",                  1 - gap / scale
                  "best": ["hoax"], "value": "17/20",    the stored answer: the best options,
                  "second": "3/20"}]}                    their value, the value below it

>>> puzzles = puzzle_set("hoax")
>>> drill = puzzles.drill(0)
>>> puzzles.puzzles[0].solution.best == drill.decision.best
True
>>> read_set('{"format": "bluffmath-train-puzzles", "version": 2}')
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: a puzzle set is version 2 of the format bluffmath-train-puzzles; this bluffmath reads version 1
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import cache
from typing import Any, NoReturn

from bluffmath.errors import BluffmathError, InvalidInputError, SaveFileError
from bluffmath.i18n import language
from bluffmath.limits import MAX_ACTIONS, MAX_STRING, MAX_TEXT
from bluffmath.review import Review, review
from bluffmath.review.habits import ADVICE
from bluffmath.schema import Node, describe
from bluffmath.train.candidates import MOST_DIGITS, SCALE, Found, Rules, Solution
from bluffmath.train.drills import Drill
from bluffmath.train.identity import canonical, canonical_data, drill_id
from bluffmath.validate import shown

FORMAT = "bluffmath-train-puzzles"
VERSION = 1
_PUZZLE_KEYS = ["save", "seat", "number", "skill", "difficulty", "best", "value", "second"]
_LARGEST = 10**MOST_DIGITS


@dataclass(frozen=True)
class Puzzle:
    """One stored puzzle: the seat's decision at move ``number`` of the set's save
    ``save``, its stable ``id`` (:func:`~bluffmath.train.identity.drill_id`) and its stored
    ``solution``, not yet checked."""

    id: str
    save: int
    seat: int
    number: int
    solution: Solution

    def to_json(self) -> dict[str, Any]:
        """The puzzle as the set stores it."""
        s = self.solution
        return {"save": self.save, "seat": self.seat, "number": self.number, "skill": s.skill,
                "difficulty": _exact(s.difficulty), "best": list(s.best), "value": _exact(s.value),
                "second": _exact(s.second)}


@dataclass(frozen=True)
class PuzzleSet:
    """A set of puzzles of one ``game`` (see the module); ``saves`` holds each game's
    canonical save text; ``name`` names the set in messages."""

    game: str
    rules: Rules
    generator: str
    saves: tuple[str, ...]
    puzzles: tuple[Puzzle, ...]
    name: str = "a puzzle set"
    _found: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.puzzles)

    def drill(self, key: int | str) -> Drill:
        """Puzzle ``key`` (its place in the set or its id) as a Drill, its answer recomputed
        from its position and checked against the stored one first."""
        index = self._index(key)
        if "refused" in self._found:
            raise SaveFileError(self._found["refused"])
        found = (index, language())  # the review's words are in the language in use
        if found not in self._found:
            self._found[found] = self._recomputed(index)
        return self._found[found]

    def verify(self) -> None:
        """Recompute and check every puzzle (SaveFileError at the first that disagrees)."""
        for index in range(len(self.puzzles)):
            self.drill(index)

    def to_json(self) -> str:
        """The set as JSON text: a line per save and per puzzle."""
        head = json.dumps({"format": FORMAT, "version": VERSION, "game": self.game,
                           "rules": {f.name: _exact(getattr(self.rules, f.name)) for f in fields(Rules)},
                           "generator": self.generator}, ensure_ascii=False)
        saves = ",\n  ".join(self.saves)
        puzzles = ",\n  ".join(json.dumps(p.to_json(), ensure_ascii=False) for p in self.puzzles)
        return f'{head[:-1]},\n "saves": [\n  {saves}],\n "puzzles": [\n  {puzzles}]}}\n'

    def _index(self, key: object) -> int:
        if type(key) is int and 0 <= key < len(self.puzzles):
            return key
        if isinstance(key, str):
            ids = self._found.setdefault("ids", {p.id: i for i, p in enumerate(self.puzzles)})
            if key in ids:
                return ids[key]
        raise InvalidInputError(f"a puzzle is named by its place in the set (0 to {len(self.puzzles) - 1}) or "
                                f"its id, got {shown(key)}")

    def _recomputed(self, index: int) -> Drill:
        puzzle = self.puzzles[index]
        reviewed = self._review(puzzle.save, puzzle.seat)
        if reviewed.game != self.game:
            self._refuse(index, f"its save {puzzle.save} is a game of {reviewed.game}, not {self.game}")
        decision = next((d for d in reviewed.decisions if d.number == puzzle.number), None)
        if decision is None:
            self._refuse(index, f"seat {puzzle.seat} made no decision at move {puzzle.number} of save {puzzle.save}")
        found = self.rules.solution(self.game, decision)
        if found != puzzle.solution:
            self._refuse(index, "its stored answer is not what the review of its position gives: "
                                + _difference(puzzle.solution, found))
        return Drill(puzzle.id, reviewed.game, index, reviewed.model, reviewed.unit, decision, puzzle.solution.skill)

    def _review(self, save: int, seat: int) -> Review:
        key = ("review", save, seat, language())
        if key not in self._found:
            try:
                self._found[key] = review(self.saves[save], seat)
            except BluffmathError as error:
                self._refuse(None, f"save {save}, seat {seat} cannot be reviewed: {error}")
        return self._found[key]

    def _refuse(self, index: int | None, reason: str) -> NoReturn:
        where = "" if index is None else f"puzzles[{index}]: "
        self._found["refused"] = f"{self.name}: {where}{reason}; the set is refused"
        raise SaveFileError(self._found["refused"])


@cache
def puzzle_set(game: str) -> PuzzleSet:
    """The puzzle set that ships with bluffmath for ``game`` (a review's game: one of
    :data:`~bluffmath.train.candidates.SCALE`'s keys), read once; each puzzle is checked
    when first shown."""
    from importlib.resources import files
    if not isinstance(game, str) or game not in SCALE:
        raise InvalidInputError(f"game must be one of {', '.join(SCALE)}, got {shown(game)}")
    path = files("bluffmath.train").joinpath("puzzles", f"{game}.json")
    return read_set(path.read_text(encoding="utf-8"), f"the puzzle set {game}.json")


def make_set(game: str, found: Iterable[Found], generator: str) -> PuzzleSet:
    """A set of ``game`` holding the puzzles ``found`` (each save stored once), made by
    ``generator`` (how, in words)."""
    rules = Rules.of(game)
    saves: dict[str, int] = {}
    puzzles = []
    for f in found:
        text = canonical(f.save)
        index = saves.setdefault(text, len(saves))
        puzzles.append(Puzzle(drill_id(text, f.seat, f.number), index, f.seat, f.number, f.solution))
    return PuzzleSet(game, rules, generator, tuple(saves), tuple(puzzles))


def read_set(text: object, name: str = "a puzzle set") -> PuzzleSet:
    """The puzzle set in ``text``, read strictly (unknown keys, wrong types and repeats
    refused, naming the place); its answers are checked when shown."""
    root = Node.of(text, name, SaveFileError)
    data = root.value
    if type(data) is not dict or data.get("format") != FORMAT:
        raise SaveFileError(f"{name} is not a bluffmath puzzle set (its \"format\" is not {FORMAT!r})")
    if data.get("version") != VERSION or type(data.get("version")) is not int:
        raise SaveFileError(f"{name} is version {describe(data.get('version'))} of the format {FORMAT}; this "
                            f"bluffmath reads version {VERSION}")
    keys = root.fields(["format", "version", "game", "rules", "generator", "saves", "puzzles"])
    game = keys["game"].text(SCALE)
    rules = _rules(keys["rules"])
    saves = tuple(_save(n) for n in keys["saves"].items(MAX_ACTIONS))
    if not saves:
        keys["saves"].fail("a list of at least one saved game")
    puzzles = tuple(_puzzle(n, saves) for n in keys["puzzles"].items(MAX_ACTIONS))
    places = {(p.save, p.seat, p.number) for p in puzzles}
    if len(places) < len(puzzles):
        keys["puzzles"].error_at("holds a position twice (the same save, seat and move)")
    return PuzzleSet(game, rules, keys["generator"].text(longest=MAX_STRING), saves, puzzles, name)


def _rules(node: Node) -> Rules:
    found = node.fields([f.name for f in fields(Rules)])
    margin, least_gap = found["margin"].fraction(0, 1), found["least_gap"].fraction(0, 1)
    scale = found["scale"].fraction(0, _LARGEST)
    if not margin or not scale:
        node.refuse("margin and scale must be above 0")
    return Rules(margin, least_gap, scale)


def _save(node: Node) -> str:
    if type(node.value) is not dict:
        node.fail("a saved game (a JSON object, as its game saves it)")
    text = canonical_data(node.value)
    if len(text) > MAX_TEXT:
        node.refuse(f"a saved game of more than {MAX_TEXT:,} characters")
    return text


def _puzzle(node: Node, saves: tuple[str, ...]) -> Puzzle:
    keys = node.fields(_PUZZLE_KEYS)
    save = keys["save"].integer(0, len(saves) - 1)
    seat, number = keys["seat"].integer(0, 99), keys["number"].integer(1, MAX_ACTIONS)
    best = tuple(n.text(longest=MAX_STRING) for n in keys["best"].items())
    if not best or len(set(best)) < len(best):
        keys["best"].fail("a list of the best options, each once, at least one")
    solution = Solution(best, keys["value"].fraction(-_LARGEST, _LARGEST), keys["second"].fraction(-_LARGEST, _LARGEST),
                        keys["skill"].text(ADVICE), keys["difficulty"].fraction(0, 1))
    return Puzzle(drill_id(saves[save], seat, number), save, seat, number, solution)


def _exact(x: Fraction) -> str:
    """``x`` written exactly, ``"p/q"``."""
    return f"{x.numerator}/{x.denominator}"


def _difference(stored: Solution, found: Solution | None) -> str:
    """What differs between a stored answer and the recomputed one, in words."""
    if found is None:
        return f"stored best {', '.join(stored.best)} ({stored.value}), but its best is not clear under the set's rules"
    return "; ".join(f"{f.name}: stored {_shown(getattr(stored, f.name))}, recomputed {_shown(getattr(found, f.name))}"
                     for f in fields(Solution) if getattr(stored, f.name) != getattr(found, f.name))


def _shown(value: Any) -> str:
    return ", ".join(value) if isinstance(value, tuple) else str(value)
