"""The forward and backward passes of :mod:`bluffmath.gauner.joint` on numpy arrays.

The same walk as the Python pass, a layer at a time on arrays: the tuples of nodes
reached (one row each, one column per opponent) and the ways to reach them; their
successors, all at once; duplicates joined by sorting their codes (a tuple's nodes in
mixed radix); the dead ones dropped by the same bounds (:class:`~bluffmath.gauner.pruning.Pruning`,
as arrays). Counts are exact int64 (the caller checks that no count can reach 2**63). The
backward pass reads each successor's ways to finish by its index in the next layer.
Imported only when numpy is there and asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from bluffmath.gauner.diagram import Diagram
from bluffmath.gauner.pruning import WIDTH, Pruning


@dataclass(frozen=True)
class _Layer:
    """One layer's reached tuples: ways to reach them, and every successor: the tuple it
    comes from, the holder who takes the cell, its row in the next layer (-1: dead)."""

    ways: np.ndarray
    parent: np.ndarray
    holder: np.ndarray
    child: np.ndarray


def passes(diagrams: Sequence[Diagram], regions: Iterable[Iterable[int]] = ()) -> tuple[int, list[list[int]]]:
    """Total deals, and for each holder (seats in order, then surplus) the deals per layer."""
    k = len(diagrams)
    n = len(diagrams[0].order)
    held = [[0] * n for _ in range(k + 1)]
    if not all(d.fits for d in diagrams):
        return 0, held
    tests = _Tests(Pruning(diagrams, regions))
    states = np.zeros((1, k), dtype=np.int64)
    ways = np.ones(1, dtype=np.int64)
    layers = []
    widths = [d.widths for d in diagrams]
    for j in range(n):
        parent, holder, children = _successors(diagrams, j, states)
        codes = _codes(children, [w[j + 1] for w in widths])
        unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        alive = tests.viable(j + 1, children[first])
        row = np.full(unique.size, -1, dtype=np.int64)
        row[alive] = np.arange(int(alive.sum()))
        child = row[inverse.ravel()]
        layers.append(_Layer(ways, parent, holder, child))
        reached = np.zeros(int(alive.sum()), dtype=np.int64)
        kept = child >= 0
        np.add.at(reached, child[kept], ways[parent[kept]])
        states, ways = children[first][alive], reached
        if not len(ways):  # no deal fits
            return 0, held
    finish = np.ones(len(ways), dtype=np.int64)
    for j in range(n - 1, -1, -1):
        layer = layers[j]
        after = np.where(layer.child >= 0, finish[np.maximum(layer.child, 0)], 0)
        deals = layer.ways[layer.parent] * after
        for who in range(k + 1):
            held[who][j] = int(deals[layer.holder == who].sum())
        finish = np.zeros(len(layer.ways), dtype=np.int64)
        np.add.at(finish, layer.parent, after)
    return int(finish[0]), held


def _successors(diagrams: Sequence[Diagram], j: int, states: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every successor of every row of ``states`` across layer ``j``: its row, its
    holder (``k``: the surplus) and its nodes."""
    k = len(diagrams)
    low = np.stack([np.asarray(d.low[j], dtype=np.int64)[states[:, i]] for i, d in enumerate(diagrams)], axis=1)
    high = np.stack([np.asarray(d.high[j], dtype=np.int64)[states[:, i]] for i, d in enumerate(diagrams)], axis=1)
    missing = low < 0
    unmissed = ~missing.any(axis=1)
    rows = [np.flatnonzero(unmissed)]
    holders = [np.full(rows[0].size, k, dtype=np.int64)]
    nodes = [low[rows[0]]]
    count = missing.sum(axis=1)
    for i in range(k):  # seat i may take the cell if nobody else must
        may = (high[:, i] >= 0) & (count == missing[:, i])
        r = np.flatnonzero(may)
        taken = low[r].copy()
        taken[:, i] = high[r, i]
        rows.append(r)
        holders.append(np.full(r.size, i, dtype=np.int64))
        nodes.append(taken)
    return np.concatenate(rows), np.concatenate(holders), np.concatenate(nodes)


def _codes(nodes: np.ndarray, widths: Sequence[int]) -> np.ndarray:
    """One int per tuple of nodes (mixed radix by the layer's widths)."""
    code = np.zeros(len(nodes), dtype=np.int64)
    for i, width in enumerate(widths):
        code = code * width + nodes[:, i]
    return code


class _Tests:
    """:class:`Pruning`'s bounds as arrays, to test many tuples at once."""

    def __init__(self, pruning: Pruning) -> None:
        r = pruning.regions
        n = len(pruning.sizes) - 1
        sizes = _fields(pruning.sizes, r)
        self.base = np.concatenate([(n - np.arange(n + 1))[:, None] - sizes, sizes], axis=1)
        self.must = [[np.asarray(layer, dtype=np.int64) for layer in must] for must in pruning.must]
        self.bounds = [[np.concatenate([_fields(most[j], r) - np.asarray(left[j], dtype=np.int32)[:, None],
                                        -_fields(fewest[j], r)], axis=1) for j in range(n + 1)]
                       for fewest, most, left in zip(pruning.fewest, pruning.most, pruning.left, strict=True)]

    def viable(self, j: int, states: np.ndarray) -> np.ndarray:
        """For each row of ``states`` (nodes before layer ``j``): whether it may still fit."""
        total = np.broadcast_to(self.base[j], (len(states), len(self.base[j]))).copy()
        taken = np.zeros(len(states), dtype=np.int64)
        ok = np.ones(len(states), dtype=bool)
        for i in range(states.shape[1]):
            must = self.must[i][j][states[:, i]]
            ok &= (taken & must) == 0
            taken |= must
            total += self.bounds[i][j][states[:, i]]
        return ok & (total >= 0).all(axis=1)


def _fields(packed: Sequence[int], regions: int) -> np.ndarray:
    """Packed non-negative ints (:data:`~bluffmath.gauner.pruning.WIDTH` bits a field) as
    rows of int32."""
    size = regions * WIDTH // 8
    raw = b"".join(x.to_bytes(size, "little") for x in packed)
    return np.frombuffer(raw, dtype="<u2").reshape(len(packed), regions).astype(np.int32)
