"""Every seat's odds of every moment of Gauner raus! games, as the class table now gets them
(each counting problem counted once and kept across moves and seats, each solution's
chances, best guesses and reasons kept, the pages' chance cells kept), are exactly those
of a plain per-seat solve made from nothing, and the pages drawn are byte for byte those
drawn with that plain solve.

The plain solve here is ``gauner.solve`` with every cache emptied first, and its counts
are checked once more against :func:`~bluffmath.gauner.joint.count_deals` of the
position's own seat facts (no key, no cache between them).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bluffmath import gauner
from bluffmath.gauner import GRID, Ask
from bluffmath.gauner.diagram import build
from bluffmath.gauner.joint import _alone, _passes, count_deals, cross_by_cross, regions
from bluffmath.gauner.pruning import Pruning, _inside, _pack
from bluffmath.gauner.reasons import forced_cells
from bluffmath.gauner.solve import Guess, Solution, _counted
from bluffmath_class.games import Seating, gauner_notes, gauner_page
from bluffmath_class.games.gauner import RULES

#: (players, seed, variant): whole games of the class table's bots, solver and random seats.
GAMES = [(2, 3, "plain"), (2, 8, "brave"), (3, 1, "plain"), (3, 6, "brave"), (4, 2, "plain"), (4, 5, "brave")]


#: The class table's kept solutions (a test below puts the plain solve in its place).
KEPT = gauner_notes.solution


def clear() -> None:
    """Empty every cache the core and the class table's Gauner pages keep."""
    _counted.cache_clear()
    KEPT.cache_clear()
    gauner_page._chance_cell.cache_clear()


def play(players: int, seed: int, variant: str) -> list[tuple[gauner.State, object, gauner.State | None]]:
    """Every state of a game of the table's bots, each with the move that led to it and the
    state before (the first: None, None)."""
    state = RULES.new_state(players, variant, seed, 0)
    rng = random.Random(seed)
    steps: list[tuple[gauner.State, object, gauner.State | None]] = [(state, None, None)]
    while not state.is_terminal:
        bot = "solver" if (state.current + seed) % 2 else "random"
        action = RULES.bot_move(state, bot, rng)
        before, state = state, RULES.apply(state, action)
        steps.append((state, action, before))
    return steps


def names(players: int, me: int) -> tuple[str, ...]:
    """The names a page gives the seats in its reasons (as ``gauner_page._forced`` does)."""
    seating = Seating(tuple(f"P{s}<i>" for s in range(players)))
    return tuple(seating.name(s, me) for s in range(players))


def plain(position: gauner.Position) -> Solution:
    """The plain per-seat solve, from nothing: every cache emptied first."""
    clear()
    found = gauner.solve(position)
    direct = count_deals([position.seat_facts(s) for s in position.opponents], position.unknown)
    assert found.counts == direct
    return found


def answers(found: Solution) -> dict[str, object]:
    """Everything a page or a note reads from a solution."""
    position = found.position
    return {
        "deals": found.deals,
        "held": found.counts.held,
        "tables": {h: found.table(h) for h in found.holders},
        "best": found.best_guesses(),
        "best 3": found.best_guesses(3),
        "forced": found.forced,
        "named": found.forced_named(names(position.players, position.me)),
        "named, held": found.forced_named(names(position.players, position.me), held_only=True),
        "brave": [found.brave(banked) for banked in (0, 1, 4)],
        "certain": gauner_notes.certain(found),
    }


def old_best_guesses(found: Solution) -> list[Guess]:
    """The best guesses as they were worked out before they were kept: every Fraction made
    and compared."""
    return sorted((Guess(seat, GRID.name(c), Fraction(n, found.deals))
                   for seat in found.position.opponents for c, n in found.counts.held[seat].items()),
                  key=lambda g: (-g.probability, g.seat, GRID.index(g.cell)))


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES)
def test_every_seats_odds_and_reasons_are_those_of_the_plain_solve(players, seed, variant):
    steps = play(players, seed, variant)
    views = [[state.view(seat) for seat in range(players)] for state, _, _ in steps if not state.is_terminal]
    expected = [[answers(plain(view)) for view in moment] for moment in views]
    clear()  # then as a worker meets them: move after move, seat after seat, the caches kept
    reused = 0
    for moment, wanted in zip(views, expected, strict=True):
        for view, plain_answers in zip(moment, wanted, strict=True):
            before = _counted.cache_info().hits
            found = gauner_notes.solution(view)
            reused += _counted.cache_info().hits > before
            assert answers(found) == plain_answers
            assert found.best_guesses() == old_best_guesses(found)
            assert found.forced_named(names(players, view.me)) == forced_cells(
                found, names(players, view.me))
    assert reused > 0  # some seat's problem was left as it was by a move, and not counted again


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES[::2])
def test_every_page_and_note_is_byte_for_byte_that_of_the_plain_solve(players, seed, variant, monkeypatch):
    steps = play(players, seed, variant)
    seating = Seating(tuple(f"P{s}<i>" for s in range(players)), frozenset({players - 1}))

    def draw_all(cold: bool) -> list[object]:
        clear()
        drawn: list[object] = []
        notes: list[object] = []
        for state, action, before in steps:
            if action is not None:
                if cold:
                    clear()
                notes.append(RULES.note(before, action, state))
                drawn.append(notes[-1])
            for seat in range(players):
                for odds in ("always", "after-doubt", "never"):
                    if cold:
                        clear()
                    drawn.append(RULES.seat_page(state, seat, seating, odds, notes))
            drawn.append(RULES.table_page(state, seating, notes))
        return drawn

    with monkeypatch.context() as patched:  # each page's and note's solution: the plain solve
        patched.setattr(gauner_page, "solution", plain)
        patched.setattr(gauner_notes, "solution", plain)
        expected = draw_all(cold=True)
    assert draw_all(cold=False) == expected


def test_a_guess_at_my_card_leaves_my_problem_and_its_count_is_kept():
    state = gauner.Game(players=3).new_game(seed=4)
    mine = sorted(state.hidden[1])[0]
    after = state.guess(1, mine)  # seat 0 asks seat 1 for one of seat 1's cards: a hit
    clear()
    first = gauner.solve(state.view(1))
    again = gauner.solve(after.view(1))
    assert after.view(1) != state.view(1)
    assert again.counts is first.counts
    assert again.position == after.view(1)
    assert gauner.solve(after.view(0)).counts is not gauner.solve(state.view(0)).counts


def test_the_engines_are_kept_apart():
    position = gauner.Game(players=4).new_game(seed=9).view(0)
    clear()
    python = gauner.solve(position, engine="python")
    numpy = gauner.solve(position, engine="numpy")
    assert python.counts == numpy.counts
    assert python.counts is not numpy.counts
    assert _counted.cache_info().currsize == 2


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES)
def test_the_facts_key_the_kept_counts_and_one_table_alone_counts_as_the_joint_pass(
        players, seed, variant):
    for state, _, _ in play(players, seed, variant)[::3]:
        for me in range(players):
            view = state.view(me)
            for seat in view.opponents:
                facts = view.seat_facts(seat)
                again = state.view(me).seat_facts(seat)  # the same problem, made anew: the same key
                assert facts == again
                assert hash(facts) == hash(again)
                diagram = build(facts, cross_by_cross([facts], view.unknown))
                assert _alone(diagram) == _passes([diagram], regions([facts]))


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES[1::2])
def test_the_pruning_bounds_per_layer_are_those_of_every_region_counted_apart(players, seed, variant):
    for state, _, _ in play(players, seed, variant)[::4]:
        view = state.view(0)
        seats = [view.seat_facts(s) for s in view.opponents]
        order = cross_by_cross(seats, view.unknown)
        pruning = Pruning([build(f, order) for f in seats], regions(seats))
        layer = {cell: j for j, cell in enumerate(order)}
        masks = sorted({m for m in (sum(1 << layer[c] for c in r if c in layer) for r in regions(seats)) if m})
        n = len(order)
        assert _inside(masks, n) == [_pack((m >> j) & 1 for m in masks) for j in range(n)]
        assert pruning.sizes == [_pack((m >> j).bit_count() for m in masks) for j in range(n + 1)]


def test_a_solutions_table_is_a_new_dict_each_time():
    found = gauner.solve(gauner.Game(players=2).new_game(seed=1).view(0))
    table = found.table(1)
    table.clear()
    assert found.table(1)
    assert found.table(1) is not found.table(1)


def test_a_note_reads_the_kept_solution_of_the_movers_page():
    state = gauner.Game(players=3).new_game(seed=2)
    clear()
    RULES.seat_page(state, 0, Seating(("A", "B", "C")), "always", [])
    cell = sorted(state.hidden[2])[0]
    after = state.guess(2, cell)
    misses = gauner_notes.solution.cache_info().misses
    note = RULES.note(state, Ask(2, cell), after)
    assert gauner_notes.solution.cache_info().misses == misses
    assert note.chance == plain(state.view(0)).guess(2, cell)
