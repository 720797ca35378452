"""The Gauner raus! deck and table: 36 cells, 6 colours by 6 letters, and who holds how many.

A cell is named ``"colour-letter"`` (``"red-A"``) and numbered 0-35 inside bluffmath,
colour by colour. A number written in a table counts the cards with the cell's colour *or*
its letter: the cell's *cross*, 11 cells.

>>> GRID.index("red-B"), GRID.name(7)
(1, 'yellow-B')
>>> [GRID.name(c) for c in sorted(GRID.cross(GRID.index("red-A")))][:7]
['red-A', 'red-B', 'red-C', 'red-D', 'red-E', 'red-F', 'yellow-A']
>>> len(GRID.cross(0)), HAND_SIZE[3], GRID.surplus(3)
(11, 10, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
LETTERS = ("A", "B", "C", "D", "E", "F")
HAND_SIZE = {2: 12, 3: 10, 4: 8}
"""Cards dealt to each player, by number of players; the rest is the unseen surplus."""
SETUP_ROLLS = {2: 4, 3: 3, 4: 4}
"""Cells rolled before the first turn (each player once; twice each with two players)."""


@dataclass(frozen=True)
class Grid:
    """The geometry of the 6 x 6 table: cell names, rows, columns and crosses."""

    colours: tuple[str, ...] = COLOURS
    letters: tuple[str, ...] = LETTERS
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _index: dict[str, int] = field(init=False, repr=False, compare=False)
    _crosses: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = tuple(f"{c}-{x}" for c in self.colours for x in self.letters)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_index", {name: i for i, name in enumerate(names)})
        width = len(self.letters)
        crosses = tuple(
            frozenset(c for c in range(len(names)) if c // width == i // width or c % width == i % width)
            for i in range(len(names))
        )
        object.__setattr__(self, "_crosses", crosses)

    @property
    def cells(self) -> range:
        """Every cell number, colour by colour."""
        return range(len(self.colours) * len(self.letters))

    def name(self, cell: int) -> str:
        """``"colour-letter"`` of a cell number."""
        return self._names[cell]

    def index(self, name: object) -> int:
        """The cell number of a name such as ``"red-A"``; a clear error for anything else."""
        if not isinstance(name, str) or name not in self._index:
            raise InvalidInputError(
                f"{shown(name)} is not a cell: a cell is a colour ({', '.join(self.colours)}), "
                f"a hyphen and a letter ({'-'.join((self.letters[0], self.letters[-1]))}), such as 'red-A'"
            )
        return self._index[name]

    def colour(self, cell: int) -> str:
        return self.colours[cell // len(self.letters)]

    def letter(self, cell: int) -> str:
        return self.letters[cell % len(self.letters)]

    def cross(self, cell: int) -> frozenset[int]:
        """The cells a number written at ``cell`` counts: same colour or same letter."""
        return self._crosses[cell]

    def surplus(self, players: int) -> int:
        """How many cards stay face down in the box."""
        return len(self.cells) - players * HAND_SIZE[players]


GRID = Grid()


