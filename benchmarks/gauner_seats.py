"""Gauner raus! at the class table: drawing every seat's page after each move.

``python -m benchmarks.gauner_seats [--games N] [--repeats R] [--players 3 4] [--profile]``
plays seeded games with the class table's own bots (:meth:`Gauner.bot_move`: solver bots at
every seat, one random bot at the last seat so that games do not all look alike), keeps
every state, then times, state by state as the server meets them:

- *pages*: every seat's page (``RULES.seat_page(state, seat, seating, "always", notes)``
  for each seat), what a table's worker draws after each move;
- *draw*: the whole class page's drawing per move, through the worker's own job
  (:func:`bluffmath_class.jobs.draw`): the move taken in with its note (the mover's
  chances before the move), every seat's message (its page as JSON) and the teacher's
  public page of the table.

Every cache bluffmath keeps, and those of the class table's Gauner pages
(:func:`~bluffmath_class.games.gauner_notes.solution`), is emptied at the start of each
game and kept along it, as in a worker that draws one table move after move. Each game is
timed ``repeats`` times (the caches emptied before each); a move's time is its median over
the repetitions. Reported: median and p95 (nearest rank) over all moves, per player count;
``--profile`` adds cProfile's top functions (cumulative) for one pass over every game.
The same seeds in every run (``random.Random(29)``), so two versions can be compared.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import time
from collections.abc import Callable

from benchmarks.timing import Timing, clear_bluffmath_caches, seconds
from bluffmath import gauner
from bluffmath_class.games import Seating
from bluffmath_class.games.gauner import RULES
from bluffmath_class.jobs import Sketch, Sync, draw
from bluffmath_class.mirror import Deal, Store
from bluffmath_class.settings import TableSettings

SEEDS = random.Random(29)


def play(players: int, seed: int) -> list[tuple[gauner.State, gauner.Action | None, gauner.State | None]]:
    """A whole game by the table's bots: each state, with the move that led to it and the
    state before (None for the first)."""
    rng = random.Random(seed)
    state = RULES.new_state(players, "plain", seed, 0)
    steps: list[tuple[gauner.State, gauner.Action | None, gauner.State | None]] = [(state, None, None)]
    while not state.is_terminal:
        bot = "random" if state.current == players - 1 else "solver"
        action = RULES.bot_move(state, bot, rng)
        before, state = state, RULES.apply(state, action)
        steps.append((state, action, before))
    return steps


def clear() -> None:
    """Empty every cache bluffmath and the class table's Gauner pages keep."""
    from bluffmath_class.games import gauner_notes, gauner_page
    clear_bluffmath_caches()
    for module in (gauner_notes, gauner_page):
        for cached in vars(module).values():
            if callable(getattr(cached, "cache_clear", None)):
                cached.cache_clear()


def pages_pass(steps, seating: Seating) -> list[float]:
    """One pass over a game: per state before the end, the seconds to draw every seat's
    page (each move's note made first, untimed, as the worker makes it on the move)."""
    clear()
    notes: list[object] = []
    pages = []
    for state, action, before in steps:
        if action is not None:
            notes.append(RULES.note(before, action, state))
        if state.is_terminal:
            break
        start = time.perf_counter()
        for seat in range(state.players):
            RULES.seat_page(state, seat, seating, "always", notes)
        pages.append(time.perf_counter() - start)
    return pages


def draw_pass(steps, seating: Seating, seed: int) -> list[float]:
    """One pass over a game through the worker's own job (:func:`bluffmath_class.jobs.draw`):
    per state before the end, the seconds to take the move in (its note), draw every seat's
    message and the teacher's public page."""
    clear()
    players = steps[0][0].players
    store, deal = Store(), Deal("gauner", players, "plain", seed, 0)
    settings = TableSettings(game="gauner", seats=players, bot="solver", odds="always", variant="plain")
    moments = []
    for i, (state, action, _) in enumerate(steps):
        if state.is_terminal:
            break
        moves = () if action is None else (RULES.move_json(action),)
        sync = Sync((1, seed), deal, max(0, i - 1), moves)
        sketch = Sketch(1, settings, seating, "", tuple(range(players)), sync, i)
        start = time.perf_counter()
        drawn = draw(store, sketch)
        moments.append(time.perf_counter() - start)
        assert drawn.played == (1, i)
    return moments


def measure(players: int, games: int, repeats: int) -> tuple[Timing, Timing]:
    seeds = [SEEDS.randrange(2**32) for _ in range(games)]
    seating = Seating(tuple(f"P{i}" for i in range(players)))
    pages: list[float] = []
    moments: list[float] = []
    for seed in seeds:
        steps = play(players, seed)
        runs = [pages_pass(steps, seating) for _ in range(repeats)]
        pages += [statistics.median(r[i] for r in runs) for i in range(len(runs[0]))]
        runs = [draw_pass(steps, seating, seed) for _ in range(repeats)]
        moments += [statistics.median(r[i] for r in runs) for i in range(len(runs[0]))]
    return Timing(tuple(pages)), Timing(tuple(moments))


def profile(players: int, games: int, top: int = 25) -> str:
    rng = random.Random(players)
    seeds = [rng.randrange(2**32) for _ in range(games)]
    seating = Seating(tuple(f"P{i}" for i in range(players)))
    every = [play(players, seed) for seed in seeds]
    prof = cProfile.Profile()
    run: Callable[[], None] = lambda: [pages_pass(steps, seating) for steps in every]  # noqa: E731
    prof.runcall(run)
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print("| players | moves | pages: median | p95 | worst | draw: median | p95 | worst |")
    print("|---|---|---|---|---|---|---|---|")
    for players in args.players:
        pages, moments = measure(players, args.games, args.repeats)
        print(f"| {players} | {pages.repeats} | {seconds(pages.median)} | {seconds(pages.p95)} | "
              f"{seconds(pages.worst)} | {seconds(moments.median)} | {seconds(moments.p95)} | "
              f"{seconds(moments.worst)} |")
    if args.profile:
        for players in args.players:
            print(f"\n## cProfile, {players} players\n")
            print(profile(players, max(1, args.games // 2)))


if __name__ == "__main__":
    main()
