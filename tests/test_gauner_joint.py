"""The two engines of the joint count on diagrams built by hand, including the shape the
numpy engine handles with a segment sum (two nodes whose "not taken" edges share a child)."""

from __future__ import annotations

import itertools

from bluffmath.gauner import joint_numpy
from bluffmath.gauner.diagram import Diagram
from bluffmath.gauner.joint import _passes


def paths(d: Diagram) -> list[frozenset[int]]:
    """Every hand a diagram accepts, by walking it (cells are the layer numbers)."""
    out = []
    for choice in itertools.product((0, 1), repeat=len(d.order)):
        node = 0
        for j, take in enumerate(choice):
            node = (d.high if take else d.low)[j][node]
            if node < 0:
                break
        else:
            out.append(frozenset(j for j, take in enumerate(choice) if take))
    return out


def brute(diagrams: list[Diagram]) -> tuple[int, list[list[int]]]:
    n = len(diagrams[0].order)
    held = [[0] * n for _ in range(len(diagrams) + 1)]
    total = 0
    for hands in itertools.product(*(paths(d) for d in diagrams)):
        if sum(map(len, hands)) != len(frozenset().union(*hands)):
            continue  # two seats took the same cell
        total += 1
        for j in range(n):
            who = next((i for i, h in enumerate(hands) if j in h), len(diagrams))
            held[who][j] += 1
    return total, held


# Layer 1 has two nodes whose "not taken" edges both lead to node 0 of layer 2; the hands
# are {2}, {1} and {0, 2}.
SHARED = Diagram(True, (0, 1, 2, 3),
                 low=((0,), (0, 0), (-1, 0), (0,)),
                 high=((1,), (1, -1), (0, -1), (-1,)),
                 left=((1,), (1, 1), (1, 0), (0,)))
ANY_ONE = Diagram(True, (0, 1, 2, 3),
                  low=((0,), (0, 1), (0, 1), (-1, 0)),
                  high=((1,), (1, -1), (1, -1), (0, -1)),
                  left=((1,), (1, 0), (1, 0), (1, 0)))


def test_the_hand_built_diagrams_are_what_they_claim():
    assert set(paths(SHARED)) == {frozenset({2}), frozenset({1}), frozenset({0, 2})}
    assert set(paths(ANY_ONE)) == {frozenset({j}) for j in range(4)}
    assert SHARED.low[1] == (0, 0)  # the shared child


def test_both_engines_agree_with_walking_the_diagrams():
    for diagrams in ([SHARED], [ANY_ONE], [SHARED, ANY_ONE], [ANY_ONE, SHARED, ANY_ONE]):
        expected = brute(diagrams)
        assert expected[0] > 0
        assert _passes(diagrams) == expected
        assert joint_numpy.passes(diagrams) == expected
