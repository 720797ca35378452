"""Positions along random games of Gauner raus!, with the true deal beside each.

A small self-contained playout for lessons, tests and benchmarks: the setup rolls, then
turns in which the player rolls an empty cell of their own table and guesses cells of a
random opponent (never their own cards, nor a cell that opponent's table already rules
out), going on after a hit with probability ``go_on``. Every number follows
``docs/reference/rulings.md``; positions are seen by seat ``me``.

>>> positions = list(random_positions(players=3, seed=1))
>>> first, truth = positions[0]
>>> len(first.tables[1].numbers), truth.holds(1, next(iter(truth.hidden[1])))
(3, True)
>>> all(p.hidden(s) == len(t.hidden[s]) for p, t in positions for s in range(3))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from bluffmath.errors import InvalidInputError
from bluffmath.gauner.grid import GRID, HAND_SIZE, SETUP_ROLLS
from bluffmath.gauner.position import Position, Table
from bluffmath.validate import shown, whole_number


@dataclass(frozen=True)
class Deal:
    """Where every card really is: each seat's hidden cards, and the surplus."""

    hidden: tuple[frozenset[int], ...]
    surplus: frozenset[int]

    def holds(self, holder: int | str, cell: int) -> bool:
        """Whether ``holder`` (a seat or ``"surplus"``) holds ``cell`` (a number or a name) hidden."""
        if holder != "surplus" and (isinstance(holder, bool) or not isinstance(holder, int)
                                    or not 0 <= holder < len(self.hidden)):
            raise InvalidInputError(f'holder must be a seat from 0 to {len(self.hidden) - 1} or "surplus", '
                                    f"got {shown(holder)}")
        c = cell if isinstance(cell, int) and not isinstance(cell, bool) and cell in GRID.cells else GRID.index(cell)
        return c in (self.surplus if holder == "surplus" else self.hidden[holder])


def random_positions(players: int, seed: int, me: int = 0, go_on: float = 0.5) -> Iterator[tuple[Position, Deal]]:
    """Seat ``me``'s position before every guess of a random game, and the true deal.

    The arguments are checked at once (not at the first ``next``); a game ends, so the
    positions do too."""
    from bluffmath.gauner.bots import chance
    from bluffmath.limits import MAX_SEED
    whole_number("players", players, 2, 4)
    whole_number("seed", seed, 0, MAX_SEED)
    whole_number("me", me, 0, players - 1)
    return _positions(players, seed, me, chance("go_on", go_on))


def _positions(players: int, seed: int, me: int, go_on: float) -> Iterator[tuple[Position, Deal]]:
    rng = random.Random(seed)
    cards = list(GRID.cells)
    rng.shuffle(cards)
    size = HAND_SIZE[players]
    hidden = [set(cards[i * size:(i + 1) * size]) for i in range(players)]
    surplus = frozenset(cards[players * size:])
    laid: list[set[int]] = [set() for _ in range(players)]
    marks: list[set[int]] = [set() for _ in range(players)]
    numbers: list[dict[int, int]] = [{} for _ in range(players)]

    def write(seat: int, cell: int) -> None:
        numbers[seat][cell] = len(GRID.cross(cell) & (hidden[seat] | laid[seat]))

    def now() -> tuple[Position, Deal]:
        tables = tuple(Table(dict(numbers[s]), frozenset(laid[s]), frozenset(marks[s])) for s in range(players))
        return (Position(players, me, frozenset(hidden[me]), tables),
                Deal(tuple(frozenset(h) for h in hidden), surplus))

    for cell in rng.sample(list(GRID.cells), SETUP_ROLLS[players]):
        for seat in range(players):
            write(seat, cell)
    turn = 0
    while True:
        seat = turn % players
        empty = [c for c in GRID.cells if c not in numbers[seat]]
        if empty:
            write(seat, rng.choice(empty))
        while True:
            yield now()
            other = rng.choice([s for s in range(players) if s != seat])
            cell = rng.choice(_open_cells(hidden[seat], laid, marks[other], numbers[other], other))
            if cell not in hidden[other]:
                marks[other].add(cell)
                break
            hidden[other].discard(cell)
            laid[other].add(cell)
            for s in range(players):
                if s != other:
                    marks[s].add(cell)
            if not hidden[other]:
                return
            if rng.random() >= go_on:
                break
        turn += 1


def _open_cells(own: set[int], laid: list[set[int]], marks: set[int], numbers: dict[int, int],
                target: int) -> list[int]:
    """Cells a guesser could sensibly name: not its own, not face up, not ruled out publicly."""
    face_up = set().union(*laid)
    circled = {c for x, n in numbers.items() if len(GRID.cross(x) & laid[target]) == n for c in GRID.cross(x)}
    return [c for c in GRID.cells if c not in own | face_up | marks | circled]
