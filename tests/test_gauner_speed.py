"""The fast joint pass of the Gauner raus! solver (cross-by-cross order, dead tuples pruned,
the sparse numpy pass) against counts that know nothing of it.

Three independent references: every assignment of a few cells to the holders, checked
literally (hypothesis draws the seats); the brute force of ``tests/gauner_brute.py`` on
positions of real games; and, for the pruning alone, the product of the diagrams walked
without it, forwards and backwards, to find every tuple that can still be completed.
"""

from __future__ import annotations

import itertools
from importlib.util import find_spec

from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.gauner import random_positions, solve
from bluffmath.gauner.diagram import Diagram, build
from bluffmath.gauner.joint import _orders, _passes, count_deals, cross_by_cross, regions
from bluffmath.gauner.position import Constraint, Position, SeatFacts
from bluffmath.gauner.pruning import Pruning
from tests.gauner_brute import brute_counts, brute_plan

ENGINES = ("python", "numpy") if find_spec("numpy") else ("python",)  # Pyodide: no numpy


# --- a literal count over a few cells ----------------------------------------------------
def literal(seats: list[SeatFacts], cells: tuple[int, ...]) -> tuple[int, dict]:
    """Every way to give each cell to a seat or the surplus, checked against every fact."""
    holders = [s.seat for s in seats] + ["surplus"]
    held = {h: dict.fromkeys(cells, 0) for h in holders}
    total = 0
    for owners in itertools.product(range(len(holders)), repeat=len(cells)):
        hands = [{c for c, o in zip(cells, owners, strict=True) if o == i} for i in range(len(seats))]
        if all(len(hand) == s.hidden and hand <= s.allowed
               and all(len(hand & con.cells) == con.residual for con in s.constraints)
               for s, hand in zip(seats, hands, strict=True)):
            total += 1
            for c, o in zip(cells, owners, strict=True):
                held[holders[o]][c] += 1
    return total, held


@st.composite
def seat_problems(draw):
    """One to three seats over up to seven cells, each with a hand size, allowed cells and
    a few numbers (a set of its allowed cells and how many of them it holds)."""
    n = draw(st.integers(2, 7))
    cells = tuple(sorted(draw(st.sets(st.integers(0, 35), min_size=n, max_size=n))))
    seats = []
    for seat in range(1, draw(st.integers(1, 3)) + 1):
        allowed = frozenset(draw(st.sets(st.sampled_from(cells), min_size=1)))
        hidden = draw(st.integers(0, len(allowed)))
        constraints = []
        for _ in range(draw(st.integers(0, 3))):
            group = frozenset(draw(st.sets(st.sampled_from(sorted(allowed)), min_size=1)))
            constraints.append(Constraint(draw(st.sampled_from(cells)), 0, group,
                                          draw(st.integers(0, len(group)))))
        seats.append(SeatFacts(seat, hidden, allowed, tuple(constraints)))
    return seats, cells


@settings(max_examples=150, deadline=None)
@given(seat_problems())
def test_every_engine_counts_what_the_literal_count_counts(problem):
    seats, cells = problem
    total, held = literal(seats, cells)
    for engine in (*ENGINES, "auto"):
        counts = count_deals(seats, cells, engine)
        assert counts.total == total
        if total:
            assert counts.held == held


@settings(max_examples=60, deadline=None)
@given(seat_problems())
def test_every_order_gives_the_same_counts(problem):
    """The answer does not depend on the order of the cells (nor on the pruning)."""
    seats, cells = problem
    total, held = literal(seats, cells)
    for order in _orders(seats, cells):
        assert sorted(order) == list(cells)
        diagrams = [build(s, order) for s in seats]
        for bounds in ((), regions(seats)):
            deals, per_layer = _passes(diagrams, bounds)
            assert deals == total
            if total:
                assert per_layer == [[held[h][c] for c in order] for h in [s.seat for s in seats] + ["surplus"]]


# --- the pruning never drops a tuple that can be completed ------------------------------
def walked(diagrams: list[Diagram]) -> list[set[tuple[int, ...]]]:
    """Per layer, the tuples of nodes that are reached from the start and can reach the
    end, by walking the whole product (a seat takes the cell, or nobody does)."""
    k, n = len(diagrams), len(diagrams[0].order)
    reached = [{(0,) * k}]
    moves: list[dict[tuple[int, ...], set[tuple[int, ...]]]] = []
    for j in range(n):
        step = {}
        for t in reached[j]:
            step[t] = set()
            for taker in range(k + 1):
                child = tuple((d.high if i == taker else d.low)[j][v] for i, (d, v) in enumerate(zip(diagrams, t, strict=True)))
                if min(child) >= 0:
                    step[t].add(child)
        moves.append(step)
        reached.append(set().union(*step.values()))
    live = [set() for _ in range(n)] + [reached[n]]
    for j in range(n - 1, -1, -1):
        live[j] = {t for t, children in moves[j].items() if children & live[j + 1]}
    return live


def small_positions() -> list[Position]:
    """Positions of random games that the brute force lists quickly."""
    found = []
    for players, seed in [(2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (4, 1)]:
        for p, _ in random_positions(players, seed):
            if brute_plan(p, 20_000) is not None:
                found.append(p)
                if sum(q.players == players for q in found) == 2:
                    break
    return found


SMALL = small_positions()


def test_small_positions_are_there():
    assert sorted({p.players for p in SMALL}) == [2, 3, 4]


def test_the_pruning_keeps_every_tuple_that_can_be_completed():
    checked = 0
    for p in SMALL:
        seats = [p.seat_facts(s) for s in p.opponents]
        diagrams = [build(s, cross_by_cross(seats, p.unknown)) for s in seats]
        pruning = Pruning(diagrams, regions(seats))
        for j, tuples in enumerate(walked(diagrams)):
            for t in tuples:
                assert pruning.viable(j, t), (p.dumps(), j, t)
                checked += 1
    assert checked > 100


def test_the_pruning_drops_dead_tuples():
    """Not only sound but useful: some tuples the product reaches are found dead."""
    p = next(random_positions(4, 0))[0]
    seats = [p.seat_facts(s) for s in p.opponents]
    diagrams = [build(s, cross_by_cross(seats, p.unknown)) for s in seats]
    pruning = Pruning(diagrams, regions(seats))
    j = len(p.unknown) // 2
    ahead = [set(range(len(d.low[j]))) for d in diagrams]
    dead = [t for t in itertools.islice(itertools.product(*ahead), 5000) if not pruning.viable(j, t)]
    assert dead


def test_the_solver_equals_the_brute_force_on_positions_of_games():
    for p in SMALL:
        expected = brute_counts(p)
        for engine in (*ENGINES, "auto"):
            s = solve(p, engine=engine)
            assert s.deals == expected.deals
            assert s.counts.held == expected.held


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000), st.integers(0, 3))
def test_the_engines_agree_exactly(players, seed, index):
    """On early positions of random games (the largest joint passes), every count."""
    p = list(itertools.islice(random_positions(players, seed), index + 1))[-1][0]
    answers = [solve(p, engine=e).counts for e in (*ENGINES, "auto")]
    assert all(a == answers[0] for a in answers)
    assert answers[0].total > 0


def test_cross_by_cross_puts_each_cross_together():
    p = next(random_positions(4, 3))[0]
    seats = [p.seat_facts(s) for s in p.opponents]
    order = cross_by_cross(seats, p.unknown)
    assert sorted(order) == sorted(p.unknown)
    crosses = {con.cell: con.cells for s in seats for con in s.constraints}
    first = crosses[min(crosses, key=lambda q: (len(crosses[q]), q))]
    assert set(order[:len(first)]) == first  # the smallest cross comes first, whole
    covered = set().union(*crosses.values())
    tail = [c for c in order if c not in covered]
    assert list(order[len(order) - len(tail):]) == sorted(tail)  # cells in no cross, last
