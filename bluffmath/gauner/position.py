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

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.gauner.grid import GRID, HAND_SIZE
from bluffmath.i18n import N_, _, p_
from bluffmath.limits import bounded
from bluffmath.schema import Node
from bluffmath.validate import whole_number

GAME = "gauner-raus"


@dataclass(frozen=True)
class Table:
    """One seat's public record: its numbers, its cards laid face up, its "not mine" marks."""

    numbers: Mapping[int, int] = field(default_factory=dict, hash=False)
    laid: frozenset[int] = frozenset()
    not_mine: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        for name in ("laid", "not_mine"):
            if isinstance(getattr(self, name), set):
                object.__setattr__(self, name, frozenset(getattr(self, name)))

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
        object.__setattr__(self, "hand", frozenset(self.hand))

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Position:
        """Read the JSON form (text or already parsed data), strictly: an unknown or misspelt
        key, a bool or ``1.0`` where a number belongs, a cell that is not one, a position the
        rules cannot produce: each is an :class:`~bluffmath.errors.InvalidInputError` naming
        the path (``tables[2].numbers["red-G"]``), what was found and what is allowed."""
        if not isinstance(data, str | bytes | bytearray | Mapping):
            raise InvalidInputError(f"a position must be JSON text or a mapping, got {type(data).__name__}")
        if isinstance(data, Mapping):
            data = _as_text(data)
        return _read(Node.of(data, N_("a position")))

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
        """The fact in words, in the language in use."""
        if self.kind == "number":
            return _("seat {seat} wrote {number} at {cell}").format(seat=self.seat, number=self.number,
                                                                     cell=cell_words(self.cell))
        return _("seat {seat} marked {cell} not mine").format(seat=self.seat, cell=cell_words(self.cell))


# --- the grid's names in the language in use ---------------------------------------------

def colour_words() -> dict[str, str]:
    """Each colour's name in the language in use (German: rot, gelb, grün, blau, lila, orange).

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     list(colour_words().values()), cell_words("purple-B"), cell_named("Grün-b"), cell_named("green-B")
    (['rot', 'gelb', 'grün', 'blau', 'lila', 'orange'], 'lila-B', 'green-B', 'green-B')
    """
    return {"red": p_("colour", "red"), "yellow": p_("colour", "yellow"), "green": p_("colour", "green"),
            "blue": p_("colour", "blue"), "purple": p_("colour", "purple"), "orange": p_("colour", "orange")}


def cell_words(cell: int | str) -> str:
    """A cell's name in the language in use: ``red-A``, German ``rot-A``."""
    cell = GRID.index(cell) if isinstance(cell, str) else cell
    return f"{colour_words()[GRID.colour(cell)]}-{GRID.letter(cell)}"


def colour_named(text: str) -> str | None:
    """The colour ``text`` names (``red``, ``Red``, or in German also ``rot``), or None."""
    text = text.strip().casefold()
    if text in GRID.colours:
        return text
    local = {word.casefold(): colour for colour, word in colour_words().items()}
    return local.get(text)


def cell_named(text: str) -> str | None:
    """The cell (its name, ``green-B``) ``text`` names: the name itself, or in a language
    with other colour names a cell named with them (``grün-B``, any case); else None."""
    if text in NAMES:
        return text
    words = colour_words()
    if all(word == colour for colour, word in words.items()):
        return None  # English: the names themselves only
    local = {c: c for c in words} | {word.casefold(): c for c, word in words.items()}
    colour, hyphen, letter = text.strip().rpartition("-")
    if hyphen and colour.casefold() in local and letter.upper() in GRID.letters:
        return f"{local[colour.casefold()]}-{letter.upper()}"
    return None


# --- reading the JSON form: every check of its shape is here -------------------------------

NAMES = tuple(GRID.name(c) for c in GRID.cells)
CELL = (f"a cell: a colour ({', '.join(GRID.colours)}), a hyphen and a letter "
        f"({GRID.letters[0]}-{GRID.letters[-1]}), such as \"red-A\"")


def _as_text(data: Mapping[str, Any]) -> str:
    """Python data as JSON text, so that it is read exactly as a file would be."""
    try:
        return json.dumps(dict(data))
    except (TypeError, ValueError, RecursionError) as problem:
        raise InvalidInputError(f"a position must be JSON data (objects, lists, text, whole numbers): "
                                f"{str(problem)[:200]}") from None


def _read(root: Node) -> Position:
    if type(root.value) is not dict:
        root.fail("a JSON object with keys game, players, me, hand, tables")
    keys = root.fields(required=["game", "players", "hand", "tables"], optional=["me"])
    keys["game"].text([GAME])
    players = keys["players"].integer(2, 4)
    me = keys["me"].integer(0, players - 1) if "me" in keys else 0
    if type(keys["tables"].value) is list and len(keys["tables"].value) != players:
        keys["tables"].refuse(f"holds {len(keys['tables'].value)} tables; a position needs one table "
                              f"per player ({players})")
    tables = keys["tables"].items(size=players)
    hand, read = _cells(keys["hand"]), tuple(_table(t, _most(players)) for t in tables)
    try:
        return Position(players, me, hand, read)
    except _RuleError as error:
        raise InvalidInputError(f"a position: {error.path}: {error}") from None


def _cell(node: Node) -> int:
    name = node.text(allowed=CELL)
    if name not in NAMES:
        node.refuse(f"{_shown(name)} is not a cell{_nearest(name)}; allowed: {CELL}")
    return GRID.index(name)


def _cells(node: Node) -> frozenset[int]:
    cells: dict[int, Node] = {}
    for item in node.items(limit=len(NAMES)):
        cell = _cell(item)
        if cell in cells:
            item.refuse(_("{cell} is named twice (also at {path})").format(cell=cell_words(cell),
                                                                           path=cells[cell].path))
        cells[cell] = item
    return frozenset(cells)


def _table(node: Node, most: int) -> Table:
    keys = node.fields(optional=["numbers", "laid", "not_mine"])
    numbers: dict[int, int] = {}
    if "numbers" in keys:
        if type(keys["numbers"].value) is not dict:
            keys["numbers"].fail('an object mapping cells to numbers, such as {"blue-C": 4}')
        for name, number in keys["numbers"].entries(limit=len(NAMES)):
            if name not in NAMES:
                number.refuse(f"{_shown(name)} is not a cell{_nearest(name)}; allowed: {CELL}")
            numbers[GRID.index(name)] = number.integer(0, most)
    empty = Node([], node.what, node.error)
    return Table(numbers, _cells(keys.get("laid", empty)), _cells(keys.get("not_mine", empty)))


def _shown(text: str) -> str:
    return json.dumps(text[:40] + ("..." if len(text) > 40 else ""), ensure_ascii=False)


def _nearest(name: str) -> str:
    near = difflib.get_close_matches(name[:40], NAMES, n=1, cutoff=0.6)
    return f" (did you mean {json.dumps(near[0])}?)" if near else ""


def _most(players: int) -> int:
    """The largest number a table can hold: a cross has 11 cells, a hand may have fewer cards."""
    return min(len(GRID.cross(0)), HAND_SIZE[players])


# --- what the rules allow: checked for every Position, however it was made --------------------

class _RuleError(InvalidInputError):
    """A position the rules cannot produce; ``path`` is where the JSON form says so."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path


def _check_cells(what: str, cells: object) -> frozenset[int]:
    if not isinstance(cells, frozenset | set):
        raise InvalidInputError(f"{what} must be a frozenset of cell numbers (0 to 35), "
                                f"got {type(cells).__name__}")
    for c in cells:
        if isinstance(c, bool) or not isinstance(c, int) or c not in GRID.cells:
            raise InvalidInputError(f"{c!r} in {what} is not a cell number (0 to 35)")
    return frozenset(cells)


def _check_table(seat: int, table: object, most: int) -> None:
    if not isinstance(table, Table):
        raise InvalidInputError(f"seat {seat}'s table must be a Table, got {type(table).__name__}")
    if not isinstance(table.numbers, Mapping):
        raise InvalidInputError(f"seat {seat}'s numbers must map cell numbers to numbers, "
                                f"got {type(table.numbers).__name__}")
    _check_cells(f"seat {seat}'s numbers", frozenset(bounded("numbers", table.numbers, len(NAMES))))
    _check_cells(f"seat {seat}'s laid cards", table.laid)
    _check_cells(f"seat {seat}'s marks", table.not_mine)
    for c, n in table.numbers.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= most:
            raise InvalidInputError(f"seat {seat}'s number at {GRID.name(c)} must be a whole number "
                                    f"from 0 to {most}, got {n!r}")


def _check(p: Position) -> None:
    """Everything a position must satisfy before counting starts (InvalidInputError if not):
    well formed, and a position some game by the rules could reach."""
    whole_number("players", p.players, 2, 4)
    whole_number("me", p.me, 0, p.players - 1)
    if not isinstance(p.tables, tuple) or len(p.tables) != p.players:
        got = len(p.tables) if isinstance(p.tables, tuple) else type(p.tables).__name__
        raise InvalidInputError(f"a position needs one table per player ({p.players}), got {got}")
    size, most = HAND_SIZE[p.players], _most(p.players)
    _check_cells("your hand", p.hand)
    for seat, table in enumerate(p.tables):
        _check_table(seat, table, most)
    seen: dict[int, str] = {c: _("your hand") for c in p.hand}
    for seat, table in enumerate(p.tables):
        for c in sorted(table.laid):
            if c in seen:
                raise _RuleError(f"tables[{seat}].laid", _("{cell} is in two places: {first} and {second}").format(
                    cell=cell_words(c), first=seen[c], second=_laid_cards(seat)))
            seen[c] = _laid_cards(seat)
        if len(table.laid) > size:
            raise _RuleError(f"tables[{seat}].laid", _(
                "seat {seat} has {laid} laid cards; a hand has {size} with {players} players").format(
                seat=seat, laid=len(table.laid), size=size, players=p.players))
        if len(table.not_mine) > len(NAMES) - size:
            raise _RuleError(f"tables[{seat}].not_mine", _(
                "seat {seat} has {marks} \"not mine\" marks; with {players} players a seat holds {size} of the "
                "36 cards, so at most {most} can be marked").format(
                seat=seat, marks=len(table.not_mine), players=p.players, size=size, most=len(NAMES) - size))
    out = [seat for seat, table in enumerate(p.tables) if len(table.laid) == size]
    if len(out) > 1:
        raise _RuleError("tables", _(
            "seats {seats} have both laid all their cards; the game ends the moment the first of them has no "
            "hidden card").format(seats=_(" and ").join(map(str, out))))
    mine = p.tables[p.me]
    if len(p.hand) + len(mine.laid) != size:
        raise _RuleError("hand", _(
            "your hidden cards ({hidden}) and laid cards ({laid}) must make {size} with {players} players").format(
            hidden=len(p.hand), laid=len(mine.laid), size=size, players=p.players))
    dealt = p.hand | mine.laid
    for c, n in sorted(mine.numbers.items()):
        true = len(GRID.cross(c) & dealt)
        if n != true:
            raise _RuleError(f'tables[{p.me}].numbers["{GRID.name(c)}"]', _(
                "your number at {cell} is {number}, but your cards give {true}").format(
                cell=cell_words(c), number=n, true=true))
    for c in sorted(mine.not_mine & p.hand):
        raise _RuleError(f"tables[{p.me}].not_mine", _(
            "your table marks {cell} not mine, but it is in your hand").format(cell=cell_words(c)))


def _laid_cards(seat: int) -> str:
    return _("seat {seat}'s laid cards").format(seat=seat)


_PATHS = [  # the JSON form's paths, as a form's boxes name them
    (re.compile(r'tables\[(\d)\]\.numbers\["([^"]+)"\]'),
     lambda m: _("seat {seat}'s number at {cell}").format(seat=m[1], cell=_cell_shown(m[2]))),
    (re.compile(r"tables\[(\d)\]\.laid(\[\d+\])?"), lambda m: _laid_cards(int(m[1]))),
    (re.compile(r"tables\[(\d)\]\.not_mine(\[\d+\])?"),
     lambda m: _("seat {seat}'s not-mine marks").format(seat=m[1])),
]


def _cell_shown(name: str) -> str:
    return cell_words(name) if name in NAMES else name


def in_words(message: str, hand: str | None = None) -> str:
    """A position's error as a form's boxes name things, for a page or a widget that fills
    the JSON form from boxes (no ``tables[1].laid``); ``hand`` names the hand's box (by
    default "your hand", in the language in use).

    >>> in_words('a position: tables[1].numbers["blue-C"] must be a whole number from 0 to 10; found 12')
    "seat 1's number at blue-C must be a whole number from 0 to 10; found 12"
    >>> in_words("a position: hand: your hidden cards (6) and laid cards (0) must make 12")
    'your hidden cards (6) and laid cards (0) must make 12'
    >>> in_words('a position: hand[2]: "red-G" is not a cell', "my cards")
    'my cards: "red-G" is not a cell'
    """
    message = message.removeprefix("a position: ").removeprefix(_("a position") + ": ")
    message = re.sub(r"^hand: ", "", message)  # the rule's words say "your" already
    for path, words in _PATHS:
        message = path.sub(words, message)
    return re.sub(r"^hand(\[\d+\])?", lambda _m: _("your hand") if hand is None else hand, message)
