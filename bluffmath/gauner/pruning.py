"""A quick test that a tuple of diagram nodes (one per opponent) can still be completed
jointly, so that the joint pass drops dead tuples as soon as they appear.

For every node of every diagram, and for every *region* (a set of cells: each number's
cross, each row, each column), the fewest and the most of the region's cells that lie
ahead which a path from that node can take (exact, by one pass up the diagram). A tuple of
nodes after layer ``j`` is dead if

- two opponents must both take the same cell (the cells on *every* path from a node); or
- in some region, the opponents together can take too few of its cells ahead, even with
  the surplus's room (the cells ahead that nobody still needs) all there; or
- they must take more than the region has.

False is always right (no completion); True may be wrong, and the dead tuples it lets
through are dropped when the backward pass finds no way to finish them. On the early
4-player positions that test leaves a few percent more tuples than the live ones, where
the product of the diagrams reaches eight times as many.

The bounds are packed into one Python int per node (one bit field per region and per
direction, each offset so that a sum that goes negative clears its field's top bit), so
testing a tuple is an addition per opponent and one mask.

>>> from bluffmath.gauner.diagram import build
>>> from bluffmath.gauner.position import Constraint, SeatFacts
>>> one = SeatFacts(1, 1, frozenset({0, 1}), (Constraint(0, 1, frozenset({0, 1}), 1),))
>>> tests = Pruning([build(one, (0, 1)), build(one, (0, 1))], regions=[{0, 1}])
>>> tests.viable(0, (0, 0))  # both need one of cells 0 and 1, and the surplus none
True
>>> three = Pruning([build(one, (0, 1))] * 3, regions=[{0, 1}])
>>> three.viable(0, (0, 0, 0))  # three opponents cannot each take one of two cells
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from bluffmath.gauner.diagram import Diagram


class Pruning:
    """The bounds of every node of ``diagrams`` (same order) over ``regions``.

    ``must[i][j][v]`` is the bit mask (bit ``t`` for layer ``t``) of the cells every path
    from node ``v`` of diagram ``i`` at layer ``j`` takes; ``fewest[i][j][v]`` and
    ``most[i][j][v]`` hold, packed (:data:`WIDTH` bits per region), the fewest and the most
    cells of each region ahead that such a path takes; ``left[i][j][v]`` is how many cells
    it takes in all; ``sizes[j]`` (packed) is each region's number of cells ahead. A tuple
    of nodes is viable when no cell is a must of two of them, and in every region the
    sum of their fewest is at most the size, and the sum of their most, plus the room of
    the surplus, at least the size.
    """

    def __init__(self, diagrams: Sequence[Diagram], regions: Iterable[Iterable[int]]) -> None:
        order = diagrams[0].order
        n = len(order)
        layer = {cell: j for j, cell in enumerate(order)}
        masks = sorted({m for m in (sum(1 << layer[c] for c in set(r) if c in layer) for r in regions) if m})
        self.regions = len(masks)
        inside = _inside(masks, n)
        self.sizes = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            self.sizes[j] = self.sizes[j + 1] + inside[j]
        self.must, self.fewest, self.most = [], [], []
        for d in diagrams:
            must, fewest, most = _nodes(d, inside, len(masks))
            self.must.append(must)
            self.fewest.append(fewest)
            self.most.append(most)
        self.left = [(*d.left, (0,)) for d in diagrams]

    @cached_property
    def _packed(self) -> tuple[int, list[int], list[list[list[tuple[int, int]]]]]:
        """For :meth:`viable`: the top bits of the fields (the most's, then the fewest's);
        per layer the fields' offsets; per node its must and its part of the sum."""
        ones = _pack([1] * self.regions)
        shift = WIDTH * self.regions
        top = (ones + (ones << shift)) << (WIDTH - 1)
        base = [top + (len(self.sizes) - 1 - j) * ones - size + (size << shift) for j, size in enumerate(self.sizes)]
        nodes = [[list(zip(must[j], (hi - lo * ones - (fe << shift) for hi, lo, fe in zip(most[j], left[j], fewest[j],
                                                                                     strict=True)), strict=True))
                  for j in range(len(must))]
                 for must, fewest, most, left in zip(self.must, self.fewest, self.most, self.left, strict=True)]
        return top, base, nodes

    def viable(self, j: int, state: Sequence[int]) -> bool:
        """Whether the nodes ``state`` (one per diagram, before layer ``j``) may still fit."""
        top, base, nodes = self._packed
        packed = base[j]
        taken = 0
        for layers, v in zip(nodes, state, strict=True):
            must, part = layers[j][v]
            if taken & must:
                return False
            taken |= must
            packed += part
        return packed & top == top


WIDTH = 16
"""Bits per packed field: room for any count of cells, and for a sign in the sums."""


def _inside(masks: Sequence[int], n: int) -> list[int]:
    """Per layer, packed: 1 in the field of each region (mask) that holds the layer's cell.

    >>> _inside([0b011, 0b110], 3) == [1, 1 + (1 << WIDTH), 1 << WIDTH]
    True
    """
    inside = [0] * n
    for f, m in enumerate(masks):
        one = 1 << (WIDTH * f)
        while m:
            lowest = m & -m
            inside[lowest.bit_length() - 1] += one
            m ^= lowest
    return inside


def _nodes(d: Diagram, inside: Sequence[int], regions: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """Per layer and node: the cells every path takes, and the fewest and the most of
    each region's cells a path takes (packed; ``inside[j]``: the regions of layer ``j``'s
    cell), by one pass up the diagram."""
    n = len(d.order)
    top = _pack([1 << (WIDTH - 1)] * regions)
    must: list[list[int]] = [[] for _ in range(n)] + [[0]]
    fewest: list[list[int]] = [[] for _ in range(n)] + [[0]]
    most: list[list[int]] = [[] for _ in range(n)] + [[0]]
    for j in range(n - 1, -1, -1):
        bit, here = 1 << j, inside[j]
        for a, b in zip(d.low[j], d.high[j], strict=True):
            if b < 0:
                must[j].append(must[j + 1][a])
                fewest[j].append(fewest[j + 1][a])
                most[j].append(most[j + 1][a])
            elif a < 0:
                must[j].append(must[j + 1][b] | bit)
                fewest[j].append(fewest[j + 1][b] + here)
                most[j].append(most[j + 1][b] + here)
            else:
                must[j].append(must[j + 1][a] & (must[j + 1][b] | bit))
                fewest[j].append(_order(fewest[j + 1][a], fewest[j + 1][b] + here, top)[0])
                most[j].append(_order(most[j + 1][a], most[j + 1][b] + here, top)[1])
    return must, fewest, most


def _order(a: int, b: int, top: int) -> tuple[int, int]:
    """Field by field, the smaller and the larger of two packed vectors (fields below
    ``2 ** (WIDTH - 1)``; ``top``: every field's top bit): ``a`` plus the top bit minus
    ``b`` keeps that bit where ``a >= b``."""
    ge = ((a | top) - b) & top
    mask = (ge << 1) - (ge >> (WIDTH - 1))
    return (b & mask) | (a & ~mask), (a & mask) | (b & ~mask)


def _pack(values: Iterable[int]) -> int:
    """Small ints side by side, :data:`WIDTH` bits each, the first lowest (a negative one
    borrows from the fields above: sums of packed ints stay exact)."""
    return sum(x << (WIDTH * f) for f, x in enumerate(values))
