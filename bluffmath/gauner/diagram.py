"""One opponent's table compiled into a layered decision diagram over the unknown cells.

Layer ``j`` decides whether the ``j``-th cell of an order is among the opponent's hidden
cards. A node stands for every partial choice with the same future; ``low[j][v]`` and
``high[j][v]`` are the nodes reached by "not this cell" and "this cell" (``-1``: no
completion that way). Every path from the root to the last layer is one hand that fits
the table, and every such hand is one path.

Nodes are built top-down from what is still owed (cards left to place, and for each number
the cards of its cross still to come), pruned when that cannot be met, and then merged
bottom-up where two nodes have the same children, which makes the diagram the smallest
for its order.

>>> from bluffmath.gauner.position import Constraint, SeatFacts
>>> facts = SeatFacts(seat=1, hidden=2, allowed=frozenset({0, 1, 2, 3}),
...                   constraints=(Constraint(0, 1, frozenset({0, 1}), 1),))
>>> d = build(facts, order=(0, 1, 2, 3))
>>> d.count()  # one of cells 0, 1 and one of cells 2, 3
4
>>> d.widths
(1, 2, 1, 2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter, le, sub

from bluffmath.gauner.position import SeatFacts


@dataclass(frozen=True)
class Diagram:
    """A reduced layered diagram; ``left[j][v]`` is how many cards node ``v`` still needs.

    ``fits`` is False when no hand fits the table (then every layer is empty).
    """

    fits: bool
    order: tuple[int, ...]
    low: tuple[tuple[int, ...], ...]
    high: tuple[tuple[int, ...], ...]
    left: tuple[tuple[int, ...], ...]

    @property
    def widths(self) -> tuple[int, ...]:
        """Nodes per layer, the last layer (the end) included."""
        return (*(len(layer) for layer in self.low), int(self.fits))

    def count(self) -> int:
        """How many hands fit the table (paths from the root to the end)."""
        ways = [int(self.fits)]
        for low, high in zip(reversed(self.low), reversed(self.high), strict=True):
            ways = [(ways[a] if a >= 0 else 0) + (ways[b] if b >= 0 else 0) for a, b in zip(low, high, strict=True)]
        return ways[0]


def build(facts: SeatFacts, order: Sequence[int]) -> Diagram:
    """Compile one opponent's facts over ``order``, which must list every unknown cell."""
    order = tuple(order)
    room = _room(facts, order)
    start = (facts.hidden, *(con.residual for con in facts.constraints))
    fits = all(0 <= owed <= space for owed, space in zip(start, room[0], strict=True))
    layers: list[dict[tuple[int, ...], int]] = [{start: 0} if fits else {}]
    edges: list[list[tuple[int, int]]] = []
    for j, cell in enumerate(order):
        if cell in facts.allowed:
            # The cross-number test pays only where there are many states to prune.
            viable = _viability(facts, order, j + 1) if len(layers[j]) >= _PRUNE_FROM else _anything
            nodes, layer_edges = _decide(facts, layers[j], cell, room[j + 1], viable)
        else:  # not this opponent's card: every state goes on unchanged
            nodes = {state: v for v, state in enumerate(layers[j])}
            layer_edges = [(v, -1) for v in range(len(nodes))]
        layers.append(nodes)
        edges.append(layer_edges)
    return _reduce(order, layers, edges)


def _decide(facts: SeatFacts, states: dict[tuple[int, ...], int], cell: int, room: tuple[int, ...],
            viable: Callable[[tuple[int, ...]], bool]) -> tuple[dict[tuple[int, ...], int], list[tuple[int, int]]]:
    """The next layer's nodes, and each state's (not taken, taken) edges, for one allowed cell.

    Only the hand and the numbers whose cross holds the cell are touched by it; taking the
    cell takes one from each of them.
    """
    touched = (0, *(k + 1 for k, con in enumerate(facts.constraints) if cell in con.cells))
    owed = itemgetter(*touched) if len(touched) > 1 else lambda state: (state[0],)
    limits = tuple(room[i] for i in touched)
    take = tuple(int(i in touched) for i in range(len(room)))
    nodes: dict[tuple[int, ...], int] = {}
    edges = []
    for state in states:
        low = high = -1
        counts = owed(state)
        if all(map(le, counts, limits)) and (state in nodes or viable(state)):
            low = nodes.setdefault(state, len(nodes))
        if 0 not in counts:
            child = tuple(map(sub, state, take))
            if child in nodes or viable(child):
                high = nodes.setdefault(child, len(nodes))
        edges.append((low, high))
    return nodes, edges


_PRUNE_FROM = 16
"""States in a layer from which the cross-number test is worth its set-up (measured here)."""


def _anything(state: tuple[int, ...]) -> bool:
    return True


def _viability(facts: SeatFacts, order: tuple[int, ...], j: int) -> Callable[[tuple[int, ...]], bool]:
    """A quick test that a state before layer ``j`` can still be completed (True may be
    wrong; False never is).

    Numbers whose crosses have the same cells left must owe the same; for a family of
    numbers whose cells left are disjoint, the hand still owes at least the sum of what
    they owe and at most that plus the allowed cells left outside them.
    """
    ahead = frozenset(order[j:])
    left: dict[frozenset[int], list[int]] = {}
    for k, con in enumerate(facts.constraints, start=1):
        cells = con.cells & ahead
        if cells:
            left.setdefault(cells, []).append(k)
    firsts = [k for ks in left.values() for k in [ks[0]] * (len(ks) - 1)]
    others = [k for ks in left.values() for k in ks[1:]]
    family: list[int] = []
    covered: frozenset[int] = frozenset()
    for cells, ks in sorted(left.items(), key=lambda item: -len(item[0])):
        if not cells & covered:
            family.append(ks[0])
            covered |= cells
    free = len(facts.allowed & ahead) - len(covered)
    same = _pick(firsts), _pick(others)
    owes = _pick(family)

    def viable(state: tuple[int, ...]) -> bool:
        if same[0](state) != same[1](state):
            return False
        owed = sum(owes(state))
        return owed <= state[0] <= owed + free

    return viable


def _pick(indices: list[int]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """``itemgetter`` that always returns a tuple."""
    if len(indices) == 1:
        (i,) = indices
        return lambda state: (state[i],)
    return itemgetter(*indices) if indices else lambda state: ()


def _room(facts: SeatFacts, order: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``room[j]``: allowed cells from layer ``j`` on, in all and in each number's cross."""
    room = [(0,) * (1 + len(facts.constraints))]
    for cell in reversed(order):
        last = room[-1]
        room.append((last[0] + (cell in facts.allowed),
                     *(r + (cell in con.cells) for r, con in zip(last[1:], facts.constraints, strict=True))))
    return room[::-1]


def _reduce(order: tuple[int, ...], layers: list[dict[tuple[int, ...], int]],
            edges: list[list[tuple[int, int]]]) -> Diagram:
    """Merge nodes with equal children, bottom-up, and drop nodes with no completion."""
    n = len(order)
    canon = [0 if not any(state) else -1 for state in layers[n]]
    low: list[tuple[int, ...]] = []
    high: list[tuple[int, ...]] = []
    left: list[tuple[int, ...]] = []
    for j in range(n - 1, -1, -1):
        merged: dict[tuple[int, int], int] = {}
        this = []
        needs = []
        for state, (a, b) in zip(layers[j], edges[j], strict=True):
            key = (canon[a] if a >= 0 else -1, canon[b] if b >= 0 else -1)
            if key == (-1, -1):
                this.append(-1)
                continue
            if key not in merged:
                merged[key] = len(merged)
                needs.append(state[0])
            this.append(merged[key])
        canon = this
        low.append(tuple(k[0] for k in merged))
        high.append(tuple(k[1] for k in merged))
        left.append(tuple(needs))
    fits = bool(canon) and canon[0] >= 0
    if not fits:
        empty: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n))
        return Diagram(False, order, empty, empty, empty)
    return Diagram(True, order, tuple(reversed(low)), tuple(reversed(high)), tuple(reversed(left)))
