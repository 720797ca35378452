"""Count every deal that fits all tables at once, and how often each cell lies with each holder.

Each opponent's table is a :mod:`~bluffmath.gauner.diagram` over the same order of the
unknown cells. A deal sends each cell to exactly one opponent or to the surplus, so the
deals that fit every table are the paths through the *product* of the diagrams in which
no two opponents take the same cell. One forward pass counts the ways to reach each tuple
of nodes; one backward pass counts the ways to finish from it; for every layer, the
forward count times the backward count after each choice gives how many deals send that
cell to that holder. Every marginal comes out of the same two passes.

Two engines give identical answers: ``"python"`` (dicts of node tuples, ints; runs
anywhere, also under Pyodide) and ``"numpy"`` (dense arrays of int64). Every number either
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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bluffmath.gauner.diagram import Diagram, build
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.position import SeatFacts

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
    if engine == "numpy" and (len(seats) + 1) ** len(unknown) < 2**63:
        from bluffmath.gauner.joint_numpy import passes
        total, held = passes(diagrams)
    else:
        total, held = _passes(diagrams)
    order = diagrams[0].order if diagrams else tuple(unknown)
    holders: list[Holder] = [s.seat for s in seats] + ["surplus"]
    layer = {cell: j for j, cell in enumerate(order)}
    return Counts(total, {h: {cell: held[i][layer[cell]] for cell in sorted(order)} for i, h in enumerate(holders)})


def compile_all(seats: Sequence[SeatFacts], unknown: Sequence[int]) -> tuple[list[Diagram], int]:
    """Every seat's diagram over the order (of a few tried) whose product is smallest, and
    that size: the product of the widths, summed over the layers.

    The busiest-lines-first orders are tried always; the busiest-last ones, which take
    longer to build, only when the product is still large (a slow joint pass ahead).
    """
    best: list[Diagram] = []
    best_cost = math.inf
    for tried, order in enumerate(_orders(seats, unknown)):
        if tried >= 2 and best_cost < _WORTH_MORE_ORDERS:
            break
        diagrams = [build(s, order) for s in seats]
        cost = sum(math.prod(w) for w in zip(*(d.widths for d in diagrams), strict=True))
        if cost < best_cost:
            best, best_cost = diagrams, cost
    return best, int(best_cost)


_WORTH_MORE_ORDERS = 500_000
"""Product size (summed over layers) above which two more orders are worth building."""
_NUMPY_FROM = 5_000
"""Product size from which the numpy engine is faster than the python one (measured here:
at 1,000-10,000 they are even; below, python is about 3x faster, above, numpy 2-10x)."""


def _orders(seats: Sequence[SeatFacts], unknown: Sequence[int]) -> list[tuple[int, ...]]:
    """Cells row by row and column by column, the busiest lines (most numbers) first or last."""
    width = len(GRID.letters)
    rows = [0] * len(GRID.colours)
    cols = [0] * width
    for s in seats:
        for con in s.constraints:
            rows[con.cell // width] += 1
            cols[con.cell % width] += 1
    orders = []
    for sign in (-1, 1):  # busiest first, then busiest last
        orders.append(tuple(sorted(unknown, key=lambda c: (sign * rows[c // width], c // width, sign * cols[c % width], c))))
        orders.append(tuple(sorted(unknown, key=lambda c: (sign * cols[c % width], c % width, sign * rows[c // width], c))))
    return orders if len(seats) > 1 else orders[:1]


def _passes(diagrams: Sequence[Diagram]) -> tuple[int, list[list[int]]]:
    """The forward and backward passes over the product, with Python ints.

    The forward pass keeps, for each layer, every reached tuple with its successors, so
    that the backward pass only looks them up.
    """
    k = len(diagrams)
    n = len(diagrams[0].order) if diagrams else 0
    held = [[0] * n for _ in range(k + 1)]
    if not all(d.fits for d in diagrams):
        return 0, held
    ways: dict[tuple[int, ...], int] = {(0,) * k: 1}
    layers = []
    for j in range(n):
        successors = _successors(diagrams, j, ways)
        nxt: dict[tuple[int, ...], int] = {}
        for state, children in successors:
            w = ways[state]
            for _, child in children:
                nxt[child] = nxt.get(child, 0) + w
        layers.append((ways, successors))
        ways = nxt
    finish: dict[tuple[int, ...], int] = dict.fromkeys(ways, 1)
    for j in range(n - 1, -1, -1):
        ways, successors = layers[j]
        before: dict[tuple[int, ...], int] = {}
        row = [0] * (k + 1)
        for state, children in successors:
            total = 0
            for who, child in children:
                f = finish.get(child, 0)
                row[who] += ways[state] * f
                total += f
            if total:
                before[state] = total
        for who in range(k + 1):
            held[who][j] = row[who]
        finish = before
    return finish.get((0,) * k, 0), held


def _successors(diagrams: Sequence[Diagram], j: int, states: dict[tuple[int, ...], int]
                ) -> list[tuple[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]]:
    """Each state's successors after layer ``j``'s cell: (holder index, next state) pairs;
    holder ``k`` (one past the seats) is the surplus."""
    k = len(diagrams)
    low = [d.low[j] for d in diagrams]
    high = [d.high[j] for d in diagrams]
    out = []
    for state in states:
        lows = [low[i][v] for i, v in enumerate(state)]
        missing = [i for i, v in enumerate(lows) if v < 0]
        if len(missing) > 1:  # two seats cannot both take the cell
            continue
        takers = missing or range(k)
        children = []
        for i in takers:
            h = high[i][state[i]]
            if h >= 0:
                children.append((i, (*lows[:i], h, *lows[i + 1:])))
        if not missing:
            children.append((k, tuple(lows)))
        if children:
            out.append((state, children))
    return out


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True
