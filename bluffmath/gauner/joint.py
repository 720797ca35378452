"""Count every deal that fits all tables at once, and how often each cell lies with each holder.

Each opponent's table is a :mod:`~bluffmath.gauner.diagram` over the same order of the
unknown cells. A deal sends each cell to exactly one opponent or to the surplus, so the
deals that fit every table are the paths through the *product* of the diagrams in which
no two opponents take the same cell. One forward pass counts the ways to reach each tuple
of nodes; one backward pass counts the ways to finish from it; for every layer, the
forward count times the backward count after each choice gives how many deals send that
cell to that holder. Every marginal comes out of the same two passes. The cells go
:func:`cross_by_cross`, which keeps the product small, and tuples that cannot finish are
dropped as they appear (:mod:`~bluffmath.gauner.pruning`).

Two engines give identical answers: ``"python"`` (dicts of node tuples, ints; runs
anywhere, also under Pyodide) and ``"numpy"`` (arrays of the tuples reached, int64);
``"auto"`` takes numpy from a product of :data:`_NUMPY_FROM`. Every number either
pass makes counts distinct ways to send some of the ``n`` unknown cells to the ``k``
opponents or the surplus, so none exceeds ``(k + 1) ** n``: at most ``4 ** 28 = 2 ** 56`` in a
real game. That bound is checked to be below ``2 ** 63`` before numpy is used (else the
Python engine runs, whatever was asked), so int64 never overflows and the answers are exact.

>>> from bluffmath.gauner.position import Constraint, SeatFacts
>>> a = SeatFacts(1, 1, frozenset({0, 1, 2}), (Constraint(0, 1, frozenset({0, 1}), 1),))
>>> b = SeatFacts(2, 1, frozenset({0, 1, 2}), ())
>>> counts = count_deals([a, b], unknown=(0, 1, 2), engine="python")
>>> counts.total, counts.held[1], counts.held[2], counts.held["surplus"]
(4, {0: 2, 1: 2, 2: 0}, {0: 1, 1: 1, 2: 2}, {0: 1, 1: 1, 2: 2})
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from bluffmath.gauner.diagram import Diagram, build
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.position import SeatFacts
from bluffmath.gauner.pruning import Pruning

Holder = int | Literal["surplus"]
Engine = Literal["auto", "python", "numpy"]


@dataclass(frozen=True)
class Counts:
    """``total`` deals fit; ``held[holder][cell]`` of them put ``cell`` with ``holder``."""

    total: int
    held: dict[Holder, dict[int, int]]


def count_deals(seats: Sequence[SeatFacts], unknown: Sequence[int], engine: Engine = "auto") -> Counts:
    """Count the deals of ``unknown`` cells to the ``seats`` (rest: surplus) fitting all facts."""
    diagrams, size = compile_all(seats, unknown)
    if engine == "auto":  # numpy's fixed cost per layer pays only on large products
        engine = "numpy" if size >= _NUMPY_FROM and _has_numpy() else "python"
    if len(diagrams) == 1:  # one table alone: every node of its diagram can finish
        total, held = _alone(diagrams[0])
    elif engine == "numpy" and (len(seats) + 1) ** len(unknown) < 2**63:
        from bluffmath.gauner.joint_numpy import passes
        total, held = passes(diagrams, regions(seats))
    else:
        total, held = _passes(diagrams, regions(seats))
    order = diagrams[0].order if diagrams else tuple(unknown)
    holders: list[Holder] = [s.seat for s in seats] + ["surplus"]
    layer = {cell: j for j, cell in enumerate(order)}
    return Counts(total, {h: {cell: held[i][layer[cell]] for cell in sorted(order)} for i, h in enumerate(holders)})


def compile_all(seats: Sequence[SeatFacts], unknown: Sequence[int]) -> tuple[list[Diagram], int]:
    """Every seat's diagram over the order (of a few tried) whose product is smallest, and
    that size: the product of the widths, summed over the layers.

    The cross-by-cross order is tried first; the line-by-line ones only when its product
    is still large (they seldom do better, and take longer to build).
    """
    best: list[Diagram] = []
    best_cost = math.inf
    for order in _orders(seats, unknown):
        if best_cost < _WORTH_MORE_ORDERS:
            break
        diagrams = [build(s, order) for s in seats]
        cost = sum(math.prod(w) for w in zip(*(d.widths for d in diagrams), strict=True))
        if cost < best_cost:
            best, best_cost = diagrams, cost
    return best, int(best_cost)


def regions(seats: Sequence[SeatFacts]) -> list[frozenset[int]]:
    """The sets of cells the joint pass bounds (see :mod:`~bluffmath.gauner.pruning`):
    every number's cross (the cells it counts) and every row and column of the grid."""
    width = len(GRID.letters)
    lines = [frozenset(c for c in GRID.cells if c // width == r) for r in range(len(GRID.colours))]
    lines += [frozenset(c for c in GRID.cells if c % width == col) for col in range(width)]
    return [*{con.cells for s in seats for con in s.constraints}, *lines]


_WORTH_MORE_ORDERS = 2_000_000
"""Product size (summed over layers) from which the line-by-line orders are worth building."""
_NUMPY_FROM = 30_000
"""Product size from which the numpy engine is faster than the python one (measured here
on all positions of random games, both passes pruned: below 10,000 python is faster on
nearly all, 1.5-30x; from 30,000 numpy on nearly all, 2-6x)."""


def _orders(seats: Sequence[SeatFacts], unknown: Sequence[int]) -> list[tuple[int, ...]]:
    """Cross by cross (:func:`cross_by_cross`), then row by row and column by column with
    the busiest lines (most numbers) first or last."""
    width = len(GRID.letters)
    rows = [0] * len(GRID.colours)
    cols = [0] * width
    for s in seats:
        for con in s.constraints:
            rows[con.cell // width] += 1
            cols[con.cell % width] += 1
    orders = [cross_by_cross(seats, unknown)]
    for sign in (-1, 1):  # busiest first, then busiest last
        orders.append(tuple(sorted(unknown, key=lambda c: (sign * rows[c // width], c // width, sign * cols[c % width], c))))
        orders.append(tuple(sorted(unknown, key=lambda c: (sign * cols[c % width], c % width, sign * rows[c // width], c))))
    return orders


def cross_by_cross(seats: Sequence[SeatFacts], unknown: Sequence[int]) -> tuple[int, ...]:
    """The unknown cells a number's cross at a time: next, always the cross with the
    fewest cells not yet placed (within it, cells in fewer crosses first); the cells in no
    cross last.

    A number's count is open (its diagram must remember what it still owes) from its
    cross's first cell to its last; finishing a cross before starting the next keeps few
    numbers open at once, and the others only a little under way. On the first positions
    of 4-player games this makes the joint pass 10-35 times smaller than line by line.

    >>> from bluffmath.gauner.position import Constraint, SeatFacts
    >>> seat = SeatFacts(1, 2, frozenset(range(5)), (Constraint(0, 1, frozenset({0, 1, 2}), 1),
    ...                                            Constraint(3, 1, frozenset({2, 3}), 1)))
    >>> cross_by_cross([seat], range(5))
    (3, 2, 0, 1, 4)
    """
    crosses: dict[int, set[int]] = {}
    for s in seats:
        for con in s.constraints:
            crosses.setdefault(con.cell, set()).update(con.cells)
    cover = {c: sum(c in cells for cells in crosses.values()) for c in unknown}
    left = set(unknown)
    order: list[int] = []
    while crosses:
        nearest = min(crosses, key=lambda q: (len(crosses[q] & left), q))
        cells = sorted(crosses.pop(nearest) & left, key=lambda c: (cover[c], c))
        order += cells
        left -= set(cells)
    return (*order, *sorted(left))


def _passes(diagrams: Sequence[Diagram], regions: Iterable[Iterable[int]] = ()) -> tuple[int, list[list[int]]]:
    """The forward and backward passes over the product, with Python ints.

    The forward pass keeps, for each layer, every tuple reached that
    :class:`~bluffmath.gauner.pruning.Pruning` (over ``regions``) does not find dead,
    with the ways to reach it and its successors; the backward pass walks them from the
    last layer up and keeps only the tuples with a way to finish.
    """
    k = len(diagrams)
    n = len(diagrams[0].order) if diagrams else 0
    held = [[0] * n for _ in range(k + 1)]
    if not all(d.fits for d in diagrams):
        return 0, held
    root = (0,) * k
    if n == 0:
        return 1, held
    pruning = Pruning(diagrams, regions)
    ways = {root: 1}
    layers = []
    for j in range(n):
        successors = _successors(diagrams, j, ways)
        ways = _forward(j, successors, pruning)
        layers.append(successors)
    finish = dict.fromkeys(ways, 1)
    for j in range(n - 1, -1, -1):
        finish = _backward(layers[j], finish, held, j)
    return finish.get(root, 0), held


def _alone(diagram: Diagram) -> tuple[int, list[list[int]]]:
    """:func:`_passes` for one diagram: the ways to reach each node, then the ways to
    finish from it (no tuples, no pruning: in a reduced diagram every node can finish).

    >>> from bluffmath.gauner.diagram import build
    >>> from bluffmath.gauner.position import Constraint, SeatFacts
    >>> seat = SeatFacts(1, 1, frozenset({0, 1, 2}), (Constraint(0, 1, frozenset({0, 1}), 1),))
    >>> d = build(seat, (0, 1, 2))
    >>> _alone(d) == _passes([d])
    True
    >>> _alone(d)  # two hands: cell 0 or cell 1; cell 2 always left to "anyone else"
    (2, [[1, 1, 0], [1, 1, 2]])
    """
    n = len(diagram.order)
    held = [[0] * n, [0] * n]
    if not diagram.fits:
        return 0, held
    ways = [[1]]
    for low, high, width in zip(diagram.low, diagram.high, diagram.widths[1:], strict=True):
        reach = [0] * width
        for w, a, b in zip(ways[-1], low, high, strict=True):
            if a >= 0:
                reach[a] += w
            if b >= 0:
                reach[b] += w
        ways.append(reach)
    finish = [1]
    for j in range(n - 1, -1, -1):
        before, took, left = [], 0, 0
        for w, a, b in zip(ways[j], diagram.low[j], diagram.high[j], strict=True):
            fa = finish[a] if a >= 0 else 0
            fb = finish[b] if b >= 0 else 0
            took += w * fb
            left += w * fa
            before.append(fa + fb)
        held[0][j], held[1][j] = took, left
        finish = before
    return finish[0], held


Successors = list[tuple[tuple[int, ...], int, list[tuple[int, tuple[int, ...]]]]]
"""Each tuple of a layer, its ways, and its successors: (holder index, next tuple) pairs;
holder ``k`` (one past the seats) is the surplus."""


def _successors(diagrams: Sequence[Diagram], j: int, ways: dict[tuple[int, ...], int]) -> Successors:
    """Every reached tuple's successors across layer ``j``: each seat may take the cell
    (if its diagram has that edge), or nobody (if every diagram has that edge); a seat
    that must take it leaves no choice."""
    lows = [d.low[j] for d in diagrams]
    highs = [d.high[j] for d in diagrams]
    takers = [(i, high) for i, high in enumerate(highs) if max(high, default=-1) >= 0]
    surplus = len(diagrams)
    out: Successors = []
    for state, w in ways.items():
        lo = tuple([low[v] for low, v in zip(lows, state)])  # noqa: B905 (hot loop)
        if -1 in lo:
            i = lo.index(-1)
            h = highs[i][state[i]]
            if h >= 0 and lo.count(-1) == 1:
                out.append((state, w, [(i, (*lo[:i], h, *lo[i + 1:]))]))
            continue
        children = [(surplus, lo)]
        for i, high in takers:
            h = high[state[i]]
            if h >= 0:
                children.append((i, (*lo[:i], h, *lo[i + 1:])))
        out.append((state, w, children))
    return out


def _forward(j: int, successors: Successors, pruning: Pruning) -> dict[tuple[int, ...], int]:
    """The ways to reach each live-looking tuple after layer ``j``."""
    nxt: dict[tuple[int, ...], int] = {}
    dead: set[tuple[int, ...]] = set()
    viable = pruning.viable
    for _, w, children in successors:
        for _, child in children:
            if child in nxt:
                nxt[child] += w
            elif child not in dead:
                if viable(j + 1, child):
                    nxt[child] = w
                else:
                    dead.add(child)
    return nxt


def _backward(successors: Successors, finish: dict[tuple[int, ...], int], held: list[list[int]], j: int
              ) -> dict[tuple[int, ...], int]:
    """The ways to finish from each tuple before layer ``j``; puts layer ``j``'s deals per
    holder (ways to reach, times ways to finish after the choice) in ``held``."""
    row = [0] * len(held)
    before: dict[tuple[int, ...], int] = {}
    get = finish.get
    for state, w, children in successors:
        total = 0
        for who, child in children:
            f = get(child, 0)
            if f:
                row[who] += w * f
                total += f
        if total:
            before[state] = total
    for who, deals in enumerate(row):
        held[who][j] = deals
    return before


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True
