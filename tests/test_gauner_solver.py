"""The Gauner raus! solver (``bluffmath.gauner.solve``) against brute force and the truth.

``gauner_brute`` counts deals from the rules alone, two ways: every assignment of the
unknown cells by nested ``combinations`` (small positions), and each seat's own hands
joined by disjointness (larger ones). Positions come from ``random_positions`` along random
games, as they are or "thinned" (some of the opponents' facts dropped, so more deals fit);
every one of them is true of its game's deal, which must therefore always be counted.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache, lru_cache
from importlib.util import find_spec
from math import comb, prod

import pytest
from gauner_brute import (
    CELLS,
    HAND_SIZE,
    SURPLUS,
    TooMany,
    alone_brute,
    assignments,
    brute_counts,
    brute_plan,
    cell,
    fits_table,
    hidden_count,
    join_work,
    joined_counts,
    number_for,
    opponents,
    seat_hands,
    unknown_cells,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.gauner import (
    ConflictError,
    Deal,
    Fact,
    Position,
    Solution,
    Table,
    random_positions,
    solve,
    solve_alone,
)
from bluffmath.gauner.joint import count_deals

# Under Pyodide (tests/test_pyodide.py) there is no numpy: the pure-Python engine alone.
ENGINES = ("python", "numpy") if find_spec("numpy") else ("python",)
BRUTE_MOST = 200_000
"""At most this many assignments visited by the first brute force, per position."""
GAME_BUDGET = 150_000
"""At most this many in all for the positions taken from one game."""
CASES_PER_GAME = 4


@lru_cache(maxsize=512)
def game(players: int, seed: int) -> tuple[tuple[Position, Deal], ...]:
    """Seat 0's position before every guess of one random game, with the true deal."""
    return tuple(random_positions(players, seed))


def thinned(position: Position, seed: int, keep: float = 0.5) -> Position:
    """The position with each opponent's number and mark kept with probability ``keep``."""
    rng = random.Random(seed)
    return position.keeping([f for f in position.facts() if rng.random() < keep])


def with_table(position: Position, seat: int, table: Table) -> Position:
    tables = list(position.tables)
    tables[seat] = table
    return Position(position.players, position.me, position.hand, tuple(tables))


def pinned(position: Position, truth: Deal) -> Position:
    """The position plus every true "not mine" mark: only the true deal can still fit."""
    unknown = set(unknown_cells(position))
    for seat in opponents(position):
        t = position.tables[seat]
        position = with_table(position, seat, Table(t.numbers, t.laid, t.not_mine | (unknown - truth.hidden[seat])))
    return position


def assert_matches(solution: Solution, brute) -> None:
    """Deals, every count and every probability exactly as the brute force has them."""
    assert solution.deals == brute.deals
    assert solution.counts.held == brute.held
    for holder, held in brute.held.items():
        assert solution.table(holder) == {
            name: Fraction(held[cell(name)], brute.deals) for name in solution.table(holder)}
        for c, n in held.items():
            assert solution.probability(holder, c) == Fraction(n, brute.deals)


def check_invariants(solution: Solution) -> None:
    """What every answer must satisfy, whatever the position."""
    p = solution.position
    seats = opponents(p)
    holders = (*seats, SURPLUS)
    unknown = unknown_cells(p)
    assert solution.deals >= 1
    assert set(solution.counts.held) == set(holders)
    for h in holders:
        assert set(solution.counts.held[h]) == set(unknown)
    for c in unknown:
        assert sum(solution.probability(h, c) for h in holders) == 1
    for seat in seats:
        assert sum(solution.table(seat).values()) == hidden_count(p, seat)
    assert sum(solution.table(SURPLUS).values()) == len(CELLS) - p.players * HAND_SIZE[p.players]
    # forced: exactly the certain (holder, cell) pairs, each in the right direction
    certain = {(h, c) for h in holders for c in unknown if solution.probability(h, c) in (0, 1)}
    forced = [(f.holder, cell(f.cell)) for f in solution.forced]
    assert len(forced) == len(set(forced))
    assert set(forced) == certain
    for f in solution.forced:
        assert solution.probability(f.holder, f.cell) == (1 if f.held else 0), f
    # best guesses: every opponent's every unknown cell, most likely first
    guesses = solution.best_guesses()
    assert len(guesses) == len(seats) * len(unknown)
    assert sorted((g.seat, cell(g.cell)) for g in guesses) == sorted((s, c) for s in seats for c in unknown)
    chances = [g.probability for g in guesses]
    assert chances == sorted(chances, reverse=True)
    assert guesses == sorted(guesses, key=lambda g: (-g.probability, g.seat, cell(g.cell)))  # ties: seat, cell
    assert chances[0] == max(solution.probability(s, c) for s in seats for c in unknown)
    assert all(g.probability == solution.probability(g.seat, g.cell) for g in guesses)
    assert solution.best_guesses(3) == guesses[:3]


def check_truth(solution: Solution, truth: Deal) -> None:
    """The true deal is among those counted, and every certain cell says what is true."""
    p = solution.position
    for seat in opponents(p):
        assert fits_table(p.tables[seat], sorted(truth.hidden[seat]))
        for c in truth.hidden[seat]:
            assert solution.probability(seat, c) > 0
    for c in truth.surplus:
        assert solution.probability(SURPLUS, c) > 0
    for f in solution.forced:
        assert truth.holds(f.holder, cell(f.cell)) == f.held, f


# --- the first brute force: every assignment -------------------------------------------


@cache
def small_cases(players: int, seed: int) -> tuple[tuple[Position, tuple[int, ...], int], ...]:
    """A few positions of one game (as they are, or thinned) the brute force can list.

    The plan (a bound on the assignments visited, and the order of the opponents) is
    computed first; only positions under ``BRUTE_MOST`` qualify. Of those, the ones whose
    opponents' tables leave the most hands are taken, up to ``GAME_BUDGET`` assignments in
    all, and one position as it is. Each case: position, order, bound.
    """
    moments = game(players, seed)
    late = [i for i, (p, _) in enumerate(moments)
            if min(assignments_first(p, s) for s in opponents(p)) <= BRUTE_MOST]
    candidates = []
    for i in late:
        for keep in (1, 0.5, 0.25):
            p = moments[i][0] if keep == 1 else thinned(moments[i][0], seed * 1000 + i, keep)
            hands = own_hands(p)
            plan = brute_plan(p, BRUTE_MOST, hands)
            if plan is not None:
                candidates.append((-prod(hands.values()), keep != 1, i, p, plan))
    candidates.sort(key=lambda c: c[:3])
    cases = []
    budget = GAME_BUDGET
    for *_, p, (visits, order) in candidates[:CASES_PER_GAME - 1]:
        if visits <= budget:
            cases.append((p, order, visits))
            budget -= visits
    as_dealt = [c for c in candidates if not c[1] and c[-1][0] <= budget]
    if as_dealt:
        cases.append((as_dealt[0][3], as_dealt[0][4][1], as_dealt[0][4][0]))
    return tuple(cases)


def assignments_first(p: Position, seat: int) -> int:
    """The hands of ``seat`` alone among all unknown cells: the least any order visits."""
    return comb(len(unknown_cells(p)), hidden_count(p, seat))


def brute(p: Position, order: tuple[int, ...]):
    """The first brute force, once per position (a Position holds dicts: keyed by its JSON)."""
    return _brute(p.dumps(), order)


@cache
def _brute(text: str, order: tuple[int, ...]):
    return brute_counts(Position.from_json(text), order)


SMALL_GAMES = [(2, seed) for seed in range(3)] + [(3, seed) for seed in range(4)] + [(4, seed) for seed in range(4)]


@pytest.mark.parametrize(("players", "seed"), SMALL_GAMES)
def test_brute_force_agrees_exactly(players, seed):
    cases = small_cases(players, seed)
    assert cases, "no position small enough in this game"
    for p, order, _ in cases:
        counted = brute(p, order)
        for engine in ENGINES:
            assert_matches(solve(p, engine=engine), counted)


@pytest.mark.parametrize(("players", "seed"), SMALL_GAMES)
def test_the_two_brute_forces_agree(players, seed):
    for p, order, visits in small_cases(players, seed):
        if visits <= BRUTE_MOST // 4 or players > 2:
            assert joined_counts(p) == brute(p, order)


def test_brute_force_agrees_when_a_number_is_false():
    """One number off by one: a conflict exactly when the brute force finds no deal."""
    rng = random.Random(5)
    conflicts = fits = 0
    for players, seed in SMALL_GAMES:
        for p, _, _ in small_cases(players, seed)[:2]:
            seat = rng.choice([s for s in opponents(p) if p.tables[s].numbers])
            table = p.tables[seat]
            at = rng.choice(sorted(table.numbers))
            n = table.numbers[at] + rng.choice([d for d in (-1, 1) if 0 <= table.numbers[at] + d <= HAND_SIZE[players]])
            wrong = with_table(p, seat, Table({**table.numbers, at: n}, table.laid, table.not_mine))
            plan = brute_plan(wrong, BRUTE_MOST // 4, own_hands(wrong))
            if plan is None:
                continue
            counted = brute_counts(wrong, plan[1])
            if counted.deals:
                for engine in ENGINES:
                    assert_matches(solve(wrong, engine=engine), counted)
            else:
                with pytest.raises(ConflictError) as error:
                    solve(wrong, engine=ENGINES[-1])
                # The true facts admit the true deal: the false number is in every conflict.
                assert Fact("number", seat, at, n) in error.value.facts
                kept = wrong.keeping(error.value.facts)
                kept_plan = brute_plan(kept, BRUTE_MOST // 4, own_hands(kept))
                if kept_plan is not None:  # the facts named do conflict
                    assert brute_counts(kept, kept_plan[1]).deals == 0
            conflicts += not counted.deals
            fits += bool(counted.deals)
    assert conflicts >= 3, "too few false numbers conflicted: the test lost its point"
    assert fits >= 1, "no false number still fitted some deal"


def test_a_hand_built_position():
    """Seat 1 has laid all greens and three As: its 3 hidden cards avoid green, A and blue-C."""
    hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
            "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
    laid = ["green-A", "green-B", "green-C", "green-D", "green-E", "green-F", "blue-A", "purple-A", "orange-A"]
    p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand, "tables": [
        {}, {"numbers": {"green-A": 9, "blue-B": 3}, "laid": laid, "not_mine": ["blue-C"]}]})
    counted = brute_counts(p)
    # blue-B's 3: blue-A and green-B are laid, so 1 hidden card among the 6 open blue or B
    # cells and 2 among the other 8 open cells.
    assert counted.deals == 6 * 28
    for engine in ENGINES:
        assert_matches(solve(p, engine=engine), counted)
    assert joined_counts(p) == counted


# --- the second brute force: each seat's hands, joined -----------------------------------


JOIN_MOST = 100_000
"""At most this many loop steps of the join, per position."""


def own_hands(p: Position) -> dict[int, int]:
    """How many hands fit each opponent's own table, as ``solve_alone`` says.

    Used only to choose positions small enough for the brute forces (which count again).
    """
    hands = {}
    for s in opponents(p):
        try:
            hands[s] = solve_alone(p, s).deals
        except ConflictError:
            hands[s] = 0
    return hands


@cache
def larger_cases(players: int, seed: int) -> tuple[Position, ...]:
    """Three positions of one game from its middle on, as they are or thinned, beyond the
    first brute force: those whose own hands join in the most steps up to ``JOIN_MOST``."""
    moments = game(players, seed)
    candidates = []
    for i in range(len(moments) // 2, len(moments)):
        for keep in (1, 0.7, 0.5):
            q = moments[i][0] if keep == 1 else thinned(moments[i][0], seed * 1000 + i, keep)
            if assignments(q) > BRUTE_MOST:
                work = join_work([[0] * n for n in own_hands(q).values()])
                if work <= JOIN_MOST:
                    candidates.append((-work, i, keep, q))
    candidates.sort(key=lambda c: c[:3])
    return tuple(c[-1] for c in candidates[:3])


LARGER_GAMES = [(3, seed) for seed in range(10, 15)] + [(4, seed) for seed in range(10, 15)]


@pytest.mark.parametrize(("players", "seed"), LARGER_GAMES)
def test_joined_hands_agree_on_larger_positions(players, seed):
    cases = larger_cases(players, seed)
    assert cases, "no position fits the join in this game"
    for p in cases:
        assert_matches(solve(p), joined_counts(p))


# --- the two engines ---------------------------------------------------------------------


def engine_positions(players: int) -> list[Position]:
    if players < 4:
        return [p for seed in range(2) for p, _ in game(players, seed)]
    # The earliest 4-player positions make the largest joint passes: every game's first
    # four, then every fourth position.
    return [p for seed in range(3) for p, _ in game(4, seed)[:4] + game(4, seed)[4::4]]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_engines_give_identical_counts(players):
    for p in engine_positions(players):
        assert solve(p, engine="python").counts == solve(p, engine="numpy").counts


def test_engines_agree_on_thinned_positions():
    """Fewer facts, more deals: the same answer from both engines."""
    for players, seed in [(2, 20), (3, 20), (4, 20)]:
        for i, (p, _) in enumerate(game(players, seed)[8::4]):
            q = thinned(p, i, keep=0.6)
            assert solve(q, engine="python").counts == solve(q, engine="numpy").counts


# --- the truth ---------------------------------------------------------------------------

TRUTH_GAMES = {2: 24, 3: 6, 4: 3}
"""Random games per number of players whose every position is checked against the deal."""


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_random_games_counts_the_true_deal(players):
    for seed in range(100, 100 + TRUTH_GAMES[players]):
        for i, (p, truth) in enumerate(game(players, seed)):
            solution = solve(p, engine="numpy")
            check_truth(solution, truth)
            if i % 3 == 0:
                check_invariants(solution)
            if i % 5 == 0:
                only = solve(pinned(p, truth), engine="numpy")
                assert only.deals == 1  # the true deal fits every table
                assert all(only.probability(s, c) == 1 for s in opponents(p) for c in truth.hidden[s])


# --- properties over any position --------------------------------------------------------


@st.composite
def positions(draw, players=(2, 3, 4)):
    """A position along a random game (perhaps thinned) and the true deal."""
    n = draw(st.sampled_from(players))
    seed = draw(st.integers(0, 10_000))
    moments = game(n, seed)
    p, truth = moments[draw(st.integers(0, len(moments) - 1))]
    if draw(st.booleans()):
        p = thinned(p, draw(st.integers(0, 2**32)), keep=draw(st.sampled_from((0.25, 0.5, 0.75))))
    return p, truth


@settings(max_examples=40)
@given(positions())
def test_invariants(case):
    p, truth = case
    solution = solve(p, engine="numpy")
    check_invariants(solution)
    check_truth(solution, truth)


@settings(max_examples=20)
@given(positions(), st.data())
def test_solve_alone_is_the_seats_own_table(case, data):
    p, _ = case
    seat = data.draw(st.sampled_from(opponents(p)))
    try:
        hands = seat_hands(p, seat, limit=30_000)
    except TooMany:
        hands = None
    alone = solve_alone(p, seat)
    assert alone.holders == (seat, SURPLUS)
    unknown = unknown_cells(p)
    if hands is not None:
        assert alone.deals == len(hands)
        for c in unknown:
            has = sum(h >> c & 1 for h in hands)
            assert alone.probability(seat, c) == Fraction(has, len(hands))
            assert alone.probability(SURPLUS, c) == 1 - Fraction(has, len(hands))
    if assignments_first(p, seat) <= 20_000:
        counted = alone_brute(p, seat)
        assert alone.deals == counted.deals
        assert alone.counts.held == counted.held
    for f in alone.forced:
        assert alone.probability(f.holder, f.cell) == (1 if f.held else 0)


def test_solve_alone_on_small_positions():
    """Every opponent of every small position, against ``combinations`` over its own table."""
    checked = 0
    for players, seed in SMALL_GAMES:
        for p, _, _ in small_cases(players, seed):
            for seat in opponents(p):
                if assignments_first(p, seat) <= 20_000:
                    counted = alone_brute(p, seat)
                    alone = solve_alone(p, seat)
                    assert alone.deals == counted.deals
                    assert alone.counts.held == counted.held
                    assert len(seat_hands(p, seat)) == counted.deals
                    checked += 1
    assert checked >= 8


@settings(max_examples=15)
@given(positions(), st.data())
def test_a_true_fact_keeps_the_truth_and_never_adds_deals(case, data):
    p, truth = case
    seat = data.draw(st.sampled_from(opponents(p)))
    table = p.tables[seat]
    before = solve(p, engine="numpy")
    if data.draw(st.booleans(), label="a number"):
        at = data.draw(st.sampled_from(CELLS), label="at")
        n = number_for(truth.hidden[seat] | table.laid, at)
        after_position = with_table(p, seat, Table({**table.numbers, at: n}, table.laid, table.not_mine))
    else:
        outside = [c for c in unknown_cells(p) if c not in truth.hidden[seat]]
        c = data.draw(st.sampled_from(outside), label="mark")
        after_position = with_table(p, seat, Table(table.numbers, table.laid, table.not_mine | {c}))
    after = solve(after_position, engine="numpy")
    assert after.deals <= before.deals
    if after_position.tables[seat].not_mine != table.not_mine:
        # The deals left are exactly those that did not give the marked cell to the seat.
        (c,) = after_position.tables[seat].not_mine - table.not_mine
        assert after.deals == before.deals - before.counts.held[seat][c]
    check_truth(after, truth)
    assert solve(pinned(after_position, truth), engine="numpy").deals == 1


@settings(max_examples=12)
@given(positions(players=(2, 3)), st.data())
def test_the_numbers_a_seat_could_write_split_the_deals(case, data):
    """Every deal gives a seat exactly one number at a cell: the counts over them add up."""
    p, _ = case
    seat = data.draw(st.sampled_from(opponents(p)))
    at = data.draw(st.sampled_from(CELLS), label="at")
    table = p.tables[seat]
    unwritten = with_table(p, seat, Table({c: n for c, n in table.numbers.items() if c != at},
                                          table.laid, table.not_mine))
    total = solve(unwritten, engine="numpy").deals
    least = number_for(table.laid, at)
    room = sum(1 for c in unknown_cells(p) if c not in table.not_mine and number_for([c], at))
    split = 0
    for n in range(least, least + min(room, hidden_count(p, seat)) + 1):
        q = with_table(p, seat, Table({**unwritten.tables[seat].numbers, at: n}, table.laid, table.not_mine))
        split += count_deals([q.seat_facts(s) for s in q.opponents], q.unknown).total
    assert split == total


def test_marks_that_pin_the_truth_leave_one_deal():
    """The pinned position of a game's first moment: the marginals are the true deal itself."""
    for players in (2, 3, 4):
        p, truth = game(players, 7)[0]
        only = solve(pinned(p, truth))
        assert only.deals == 1
        for c in unknown_cells(p):
            holder = next((s for s in opponents(p) if c in truth.hidden[s]), SURPLUS)
            assert only.probability(holder, c) == 1
