"""The forward and backward passes of :mod:`bluffmath.gauner.joint` on dense numpy arrays.

The array for a layer has one axis per opponent, indexed by that opponent's diagram
nodes plus one padding slot at the end that always holds 0; entries are exact int64
counts (the caller checks that no count can reach 2**63). Moving along an axis by a
diagram's edges is a gather (``np.take``) both ways: backward, each node reads its child;
forward, each child reads its one parent (a diagram's "not taken" edges, and its "taken"
edges, never share a child in practice; where they do, a segment sum is used instead).
A missing edge reads the padding slot. Imported only when numpy is there and asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from bluffmath.gauner.diagram import Diagram

Move = Callable[[np.ndarray, int, object], np.ndarray]


def passes(diagrams: Sequence[Diagram]) -> tuple[int, list[list[int]]]:
    """Total deals, and for each holder (seats in order, then surplus) the deals per layer."""
    k = len(diagrams)
    n = len(diagrams[0].order)
    held = [[0] * n for _ in range(k + 1)]
    if not all(d.fits for d in diagrams):
        return 0, held
    # Only the nonzero forward counts are kept (typically a sixth of the product): the
    # backward pass needs them, at those places, and nothing else.
    counts = _unit(k)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for j in range(n):
        places = np.flatnonzero(counts)
        kept.append((places, counts.ravel()[places]))
        moves = [(_forward(d.low[j], d.widths[j + 1]), _forward(d.high[j], d.widths[j + 1])) for d in diagrams]
        counts = _spread(counts, moves, _move, split=False)[0]
    backward = _unit(k)
    for j in range(n - 1, -1, -1):
        places, ways = kept.pop()
        moves = [(_backward(d.low[j], d.widths[j + 1]), _backward(d.high[j], d.widths[j + 1])) for d in diagrams]
        finishes = _spread(backward, moves, _take, split=True)
        for who, finish in enumerate(finishes):
            held[who][j] = int(np.dot(ways, finish.ravel()[places]))
        backward = sum(finishes)
    return int(backward[(0,) * k]), held


def _unit(k: int) -> np.ndarray:
    """One node per axis (plus padding), holding a single way."""
    a = np.zeros((2,) * k, dtype=np.int64)
    a[(0,) * k] = 1
    return a


def _backward(edges: tuple[int, ...], width: int) -> np.ndarray:
    """For each node (and the padding slot) the child it reads; "no edge" reads the padding."""
    m = np.array((*edges, -1), dtype=np.intp)
    m[m < 0] = width
    return m


def _forward(edges: tuple[int, ...], width: int) -> np.ndarray | tuple[np.ndarray, int]:
    """For each child (and the padding slot) the one parent it reads, or, when some child
    has two parents, the edges themselves for a segment sum."""
    m = np.array(edges, dtype=np.intp)
    valid = np.flatnonzero(m >= 0)
    if np.unique(m[valid]).size < valid.size:
        return m, width
    parent = np.full(width + 1, len(edges), dtype=np.intp)
    parent[m[valid]] = valid
    return parent


def _take(counts: np.ndarray, axis: int, index: np.ndarray) -> np.ndarray:
    return np.take(counts, index, axis=axis)


def _move(counts: np.ndarray, axis: int, how: np.ndarray | tuple[np.ndarray, int]) -> np.ndarray:
    if isinstance(how, np.ndarray):
        return np.take(counts, how, axis=axis)
    return _segment_sum(counts, axis, *how)


def _spread(counts: np.ndarray, moves: list[tuple[object, object]], move: Move, split: bool) -> list[np.ndarray]:
    """Move ``counts`` along every axis, the cell going to at most one seat (or the surplus).

    Axis by axis from the last: the array where nobody has taken the cell yet moves by
    "not taken" and, once, by "taken"; arrays where a seat took it move by "not taken".
    With ``split`` the result is one array per holder (seats, then surplus, last);
    without, their sum (one array fewer to move at each axis).
    """
    none = counts
    taken: list[np.ndarray] = []
    for axis in range(len(moves) - 1, -1, -1):
        low, high = moves[axis]
        now = move(none, axis, high)
        taken = [move(t, axis, low) for t in taken]
        none = move(none, axis, low)
        if split:
            taken.insert(0, now)
        else:
            taken = [now + taken[0]] if taken else [now]
    return [*taken, none] if split else [taken[0] + none if taken else none]


def _segment_sum(counts: np.ndarray, axis: int, m: np.ndarray, width: int) -> np.ndarray:
    """Sum the counts into the next layer's nodes along one axis (``-1``: dropped)."""
    shape = list(counts.shape)
    shape[axis] = width + 1
    out = np.zeros(shape, dtype=np.int64)
    valid = np.flatnonzero(m >= 0)
    if valid.size:
        order = np.argsort(m[valid], kind="stable")
        sources, targets = valid[order], m[valid][order]
        starts = np.flatnonzero(np.concatenate(([True], targets[1:] != targets[:-1])))
        index = [slice(None)] * counts.ndim
        index[axis] = targets[starts]
        out[tuple(index)] = np.add.reduceat(np.take(counts, sources, axis=axis), starts, axis=axis)
    return out
