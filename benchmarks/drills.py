"""Training: building the drills of one game, for every game, against the review by hand.

``python -m benchmarks.drills [--quick] [--write]`` writes ``benchmarks/DRILLS.md``.

*Data.* Drawn by a fixed seed, not chosen: for each game the review knows (Hochstapler,
Gauner raus!, Hoax, Münchhausen and the Duel), the first 6 games (``--quick``: 2) that
``scripts/make_puzzles.py``'s generator plays between the project's bots from that seed
(players, editions and bots vary from game to game as the generator says), each as its
save's JSON text, and every seat of each.

*Ours.* :func:`bluffmath.train.drills` of one seat in one save, at the default threshold
("mistake"), the costliest first, with every bluffmath cache emptied before each call: all a
page does when a student asks for the drills of a game just played.

*Baseline: what a competent user writes instead* (:func:`by_hand`): the review of the seat
(:func:`bluffmath.review.review`), its decisions marked "mistake" or "blunder" kept, and
sorted by cost, also cold. Both sides must keep the same decisions in the same order
(checked, every call). The drills add to the review their ids (a hash of the save), their
skills and the position in words; the ratio says what that costs.

Floor (the issue's): the drills of a game built in under 2 s.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from pathlib import Path

from benchmarks.report import machine, ratio
from benchmarks.timing import Timing, clear_bluffmath_caches, seconds
from bluffmath.review import Decision, review
from bluffmath.train import drills

RESULTS = Path(__file__).with_name("DRILLS.md")
MAKE_PUZZLES = Path(__file__).resolve().parent.parent / "scripts" / "make_puzzles.py"
SEED = 20261206
FLOOR = 2.0  # the issue's: building the drills of a game under 2 s


def _generators() -> dict[str, Callable[[int], Iterator[tuple[str, int]]]]:
    """The puzzle script's games by kind, loaded from its file (the tests' own ``scripts``
    module would shadow the folder's name)."""
    spec = importlib.util.spec_from_file_location("bluffmath_make_puzzles", MAKE_PUZZLES)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.GAMES


GAMES = _generators()


def by_hand(save: str, seat: int) -> list[Decision]:
    """The baseline: the seat's review, its mistakes and blunders, the costliest first."""
    kept = [d for d in review(save, seat).decisions if d.mark() in ("mistake", "blunder")]
    return sorted(kept, key=lambda d: (-d.cost, d.number))


def _cold(call):  # type: ignore[no-untyped-def]
    clear_bluffmath_caches()
    began = time.perf_counter()
    result = call()
    return time.perf_counter() - began, result


def measure(game: str, count: int) -> tuple[Timing, Timing, int, int]:
    """Ours and the baseline on every seat of ``count`` games of ``game``; the seats and
    the drills built."""
    ours, theirs, built = [], [], 0
    for save, seats in islice(GAMES[game](SEED), count):
        for seat in range(seats):
            took, found = _cold(lambda: drills(save, seat))  # noqa: B023 (called at once)
            took_by_hand, kept = _cold(lambda: by_hand(save, seat))  # noqa: B023
            assert [(d.decision.number, d.decision.cost) for d in found] == [(d.number, d.cost) for d in kept]
            ours.append(took)
            theirs.append(took_by_hand)
            built += len(found)
    return Timing(tuple(ours)), Timing(tuple(theirs)), len(ours), built


def run(quick: bool) -> str:
    """The whole benchmark; the report's Markdown."""
    load_start = os.getloadavg()[0]
    count = 2 if quick else 6
    rows = {game: measure(game, count) for game in GAMES}
    return report(quick, count, rows, (load_start, os.getloadavg()[0]))


def report(quick: bool, count: int, rows: dict[str, tuple[Timing, Timing, int, int]],
           load: tuple[float, float]) -> str:
    """The Markdown of the results."""
    lines = []
    for game, (ours, theirs, seats, built) in rows.items():
        met = "yes" if ours.worst < FLOOR else "no"
        lines.append(f"| {game} | {count} games, {seats} seats, {built} drills | {seconds(ours.median)} / "
                     f"{seconds(ours.worst)} | {seconds(theirs.median)} / {seconds(theirs.worst)} | "
                     f"{ratio(ours.median / theirs.median)} | 2 s | {met} |")
    return "\n".join([
        "# Training: building the drills of a game", "",
        "Written by `python -m benchmarks.drills" + (" --quick" if quick else "") + " --write`; the method is in "
        "the module's docstring. Both sides kept the same decisions in the same order (checked).", "",
        *(line for line in machine(load) if not line.startswith("- caches")), "",
        f"{'Quick' if quick else 'Full'} run: games drawn by seed {SEED}, every seat of each; every cache emptied "
        "before each call. Floor: the drills of a game under 2 s.", "",
        "| game | positions | drills of one seat: median / worst | review by hand: median / worst "
        "| ours / by hand (medians) | floor | met? |",
        "|---|---|---|---|---:|---|---|",
        *lines,
    ]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.drills", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 games of each kind")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    text = run(args.quick)
    print(text)
    if args.write:
        RESULTS.write_text(text)
    print(f"({time.perf_counter() - began:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
