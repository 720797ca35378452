"""What one seat knows in Gauner raus!: its own cards and every table on the board.

A position reads and writes the JSON form the command line and the widgets share::

    {"game": "gauner-raus", "players": 3, "me": 0, "hand": ["red-A", ...],
     "tables": [{"numbers": {"blue-C": 4, ...}, "laid": ["green-F", ...],
                 "not_mine": ["orange-B", ...]}, ...]}

``hand`` is my hidden cards; ``tables[i]`` is seat i's public record. Malformed input
(unknown cells, a card in two places, numbers out of range, wrong hand sizes, my own
numbers not matching my cards) raises :class:`~bluffmath.errors.InvalidInputError`.

>>> p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0,
...     "hand": ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...              "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"],
...     "tables": [{"numbers": {"green-A": 2}}, {"numbers": {"green-A": 5}, "not_mine": ["blue-B"]}]})
>>> p.opponents, len(p.unknown), p.hidden(1)
((1,), 24, 12)
>>> p.to_json()["tables"][1]
{'numbers': {'green-A': 5}, 'laid': [], 'not_mine': ['blue-B']}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.gauner.grid import GRID, HAND_SIZE
from bluffmath.validate import json_data, whole_number

GAME = "gauner-raus"


@dataclass(frozen=True)
class Table:
    """One seat's public record: its numbers, its cards laid face up, its "not mine" marks."""

    numbers: Mapping[int, int] = field(default_factory=dict, hash=False)
    laid: frozenset[int] = frozenset()
    not_mine: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {
            "numbers": {GRID.name(c): n for c, n in sorted(self.numbers.items())},
            "laid": [GRID.name(c) for c in sorted(self.laid)],
            "not_mine": [GRID.name(c) for c in sorted(self.not_mine)],
        }


@dataclass(frozen=True)
class Constraint:
    """A number as a count of hidden cards: ``residual`` of the ``cells`` are in the hand.

    ``cells`` are the cross's cells that could still be hidden in that hand; ``residual`` is
    the number written at ``cell`` minus the seat's laid cards in the cross.
    """

    cell: int
    number: int
    cells: frozenset[int]
    residual: int


@dataclass(frozen=True)
class SeatFacts:
    """What the board says about one opponent's hidden cards, ready for counting."""

    seat: int
    hidden: int
    allowed: frozenset[int]
    constraints: tuple[Constraint, ...]


@dataclass(frozen=True)
class Position:
    """One seat's knowledge; build it with :meth:`from_json` or directly with cell numbers."""

    players: int
    me: int
    hand: frozenset[int]
    tables: tuple[Table, ...]

    def __post_init__(self) -> None:
        _check(self)

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Position:
        """Read the JSON form (text or an already parsed mapping)."""
        if isinstance(data, str):
            data = json_data(data, "a position")
        if not isinstance(data, Mapping):
            raise InvalidInputError(f"a position must be a JSON object, got {type(data).__name__}")
        _check_keys("the position", data, {"game", "players", "me", "hand", "tables"}, {"game", "players", "hand", "tables"})
        if data["game"] != GAME:
            raise InvalidInputError(f"game must be {GAME!r}, got {data['game']!r}")
        players = whole_number("players", data["players"], 2, 4)
        me = whole_number("me", data.get("me", 0), 0, players - 1)
        tables = data["tables"]
        if not isinstance(tables, list) or len(tables) != players:
            raise InvalidInputError(f"tables must be a list with one table per player ({players}), got {tables!r}")
        return cls(players, me, _cells("hand", data["hand"]),
                   tuple(_table(f"tables[{seat}]", t, _most(players)) for seat, t in enumerate(tables)))

    def to_json(self) -> dict[str, Any]:
        """The JSON form, cells sorted; ``from_json(p.to_json()) == p``."""
        return {
            "game": GAME, "players": self.players, "me": self.me,
            "hand": [GRID.name(c) for c in sorted(self.hand)],
            "tables": [t.to_json() for t in self.tables],
        }

    def dumps(self) -> str:
        """The JSON form as text."""
        return json.dumps(self.to_json())

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s != self.me)

    @property
    def laid(self) -> frozenset[int]:
        """Every card laid face up, by anyone."""
        return frozenset().union(*(t.laid for t in self.tables))

    @property
    def unknown(self) -> tuple[int, ...]:
        """The cells whose holder I do not know: an opponent's hidden card or the surplus."""
        known = self.hand | self.laid
        return tuple(c for c in GRID.cells if c not in known)

    def hidden(self, seat: int) -> int:
        """How many hidden cards a seat holds."""
        return HAND_SIZE[self.players] - len(self.tables[seat].laid)

    def seat_facts(self, seat: int) -> SeatFacts:
        """The counting problem one opponent's table poses about its hidden cards."""
        table = self.tables[seat]
        allowed = frozenset(self.unknown) - table.not_mine
        constraints = tuple(
            Constraint(cell, n, GRID.cross(cell) & allowed, n - len(GRID.cross(cell) & table.laid))
            for cell, n in sorted(table.numbers.items())
        )
        return SeatFacts(seat, self.hidden(seat), allowed, constraints)

    def facts(self) -> tuple[Fact, ...]:
        """The opponents' numbers and marks: the evidence a conflict is made of."""
        return tuple(
            Fact(kind, seat, cell, n)
            for seat in self.opponents
            for kind, items in (("number", self.tables[seat].numbers.items()),
                                ("mark", ((c, None) for c in self.tables[seat].not_mine)))
            for cell, n in sorted(items)
        )

    def keeping(self, facts: Iterable[Fact]) -> Position:
        """The same position with only these of the opponents' numbers and marks."""
        kept = set(facts)
        tables = list(self.tables)
        for seat in self.opponents:
            t = tables[seat]
            tables[seat] = Table(
                {c: n for c, n in t.numbers.items() if Fact("number", seat, c, n) in kept},
                t.laid, frozenset(c for c in t.not_mine if Fact("mark", seat, c, None) in kept))
        return Position(self.players, self.me, self.hand, tuple(tables))


@dataclass(frozen=True, order=True)
class Fact:
    """One public fact about an opponent: a number in its table, or a "not mine" mark."""

    kind: str
    seat: int
    cell: int
    number: int | None = None

    def __str__(self) -> str:
        if self.kind == "number":
            return f"seat {self.seat} wrote {self.number} at {GRID.name(self.cell)}"
        return f"seat {self.seat} marked {GRID.name(self.cell)} not mine"


def _check_keys(what: str, data: Mapping[str, Any], allowed: set[str], required: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise InvalidInputError(f"{what} has unknown keys {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")
    missing = sorted(required - set(data))
    if missing:
        raise InvalidInputError(f"{what} lacks {', '.join(missing)}")


def _cells(what: str, names: object) -> frozenset[int]:
    if not isinstance(names, list):
        raise InvalidInputError(f"{what} must be a list of cells such as ['red-A'], got {names!r}")
    cells = [GRID.index(n) for n in names]
    if len(set(cells)) != len(cells):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise InvalidInputError(f"{what} names {', '.join(twice)} twice")
    return frozenset(cells)


def _most(players: int) -> int:
    """The largest number a table can hold: a cross has 11 cells, a hand may have fewer cards."""
    return min(len(GRID.cross(0)), HAND_SIZE[players])


def _table(what: str, data: object, most: int) -> Table:
    if not isinstance(data, Mapping):
        raise InvalidInputError(f"{what} must be an object with numbers, laid and not_mine")
    _check_keys(what, data, {"numbers", "laid", "not_mine"}, set())
    numbers = data.get("numbers", {})
    if not isinstance(numbers, Mapping):
        raise InvalidInputError(f"{what}.numbers must map cells to numbers, such as {{'blue-C': 4}}")
    return Table(
        {GRID.index(c): whole_number(f"{what}.numbers[{c!r}]", n, 0, most) for c, n in numbers.items()},
        _cells(f"{what}.laid", data.get("laid", [])),
        _cells(f"{what}.not_mine", data.get("not_mine", [])),
    )


def _check_cells(what: str, cells: Iterable[object]) -> None:
    for c in cells:
        if isinstance(c, bool) or not isinstance(c, int) or c not in GRID.cells:
            raise InvalidInputError(f"{c!r} in {what} is not a cell number (0 to 35)")


def _check(p: Position) -> None:
    """Everything a position must satisfy before counting starts (InvalidInputError if not)."""
    whole_number("players", p.players, 2, 4)
    whole_number("me", p.me, 0, p.players - 1)
    if len(p.tables) != p.players:
        raise InvalidInputError(f"a position needs one table per player ({p.players}), got {len(p.tables)}")
    size = HAND_SIZE[p.players]
    _check_cells("your hand", p.hand)
    for seat, table in enumerate(p.tables):
        _check_cells(f"seat {seat}'s cells", {*table.numbers, *table.laid, *table.not_mine})
    seen: dict[int, str] = {c: "your hand" for c in p.hand}
    for seat, table in enumerate(p.tables):
        for c in table.laid:
            if c in seen:
                raise InvalidInputError(f"{GRID.name(c)} is in two places: {seen[c]} and seat {seat}'s laid cards")
            seen[c] = f"seat {seat}'s laid cards"
        if len(table.laid) > size:
            raise InvalidInputError(f"seat {seat} has {len(table.laid)} laid cards; a hand has {size} with {p.players} players")
        for c, n in table.numbers.items():
            whole_number(f"seat {seat}'s number at {GRID.name(c)}", n, 0, _most(p.players))
    mine = p.tables[p.me]
    if len(p.hand) + len(mine.laid) != size:
        raise InvalidInputError(
            f"your hidden cards ({len(p.hand)}) and laid cards ({len(mine.laid)}) must make {size} "
            f"with {p.players} players")
    dealt = p.hand | mine.laid
    for c, n in sorted(mine.numbers.items()):
        true = len(GRID.cross(c) & dealt)
        if n != true:
            raise InvalidInputError(f"your number at {GRID.name(c)} is {n}, but your cards give {true}")
    for c in sorted(mine.not_mine & p.hand):
        raise InvalidInputError(f"your table marks {GRID.name(c)} not mine, but it is in your hand")
