"""bluffmath's benchmarks: ``python -m benchmarks`` (full) or ``python -m benchmarks --quick``.

Speed is measured here, never asserted by a timer in a test. Every benchmark runs
bluffmath and a baseline (what a competent user would write instead: plain itertools
enumeration, icepool, a model counter) on the same queries in the same run, checks that
both give exactly the same answer, and reports median, 95th percentile and worst, and the
ratio, against the floors the project set:

1. a colour's total at least as fast as plain enumeration (medians) at every number of
   players, on queries drawn from simulated games;
2. ``read_bids`` at least 20x faster than enumerating the callers' cards, at 7 players;
3. the whole odds table of every position drawn (3 to 7 players, crowded ones among
   them) in under 20 ms, cold;
4. at least 100 five-player games per second per core with card-counting bots (in this
   process, no pool; the baseline is the same games by bots that build a full odds table
   at every decision). The tournament runner on 2 processes is measured too (against one,
   with the machine's core count and load).

The full run prints a Markdown report and writes it to ``benchmarks/RESULTS.md``; the
quick run (tiny queries, few repeats, a few seconds) only prints it, and is what
``tests/test_benchmarks.py`` runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import games, positions, report, suite
from benchmarks.suite import BENCHMARKS, Disagreement, Row

RESULTS = Path(__file__).with_name("RESULTS.md")

__all__ = ["BENCHMARKS", "RESULTS", "Disagreement", "Outcome", "Row", "main", "run"]


@dataclass(frozen=True)
class Outcome:
    """What a run produced: its rows and the Markdown report."""

    rows: tuple[Row, ...]
    markdown: str


def _load() -> float:
    """The 1-minute load average (NaN where the system does not say)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def run(quick: bool = False) -> Outcome:
    """Run every benchmark (tiny versions if ``quick``) and build the report; write nothing."""
    plan = suite.QUICK if quick else suite.FULL
    print(f"bluffmath benchmarks ({'quick' if quick else 'full'} run):", file=sys.stderr)
    load_before = _load()
    rows = tuple(suite.run(plan))
    extra: list[str] = []
    if not quick:
        position = max(suite.table_positions(plan, 7), key=positions.callers)
        print("  profiling a crowded 7-player odds table", file=sys.stderr, flush=True)
        extra = ["", "## Where the time goes: a crowded 7-player odds table, cold (cProfile)",
                 "", f"The first of the drawn 7-player positions with the most callers in one "
                 f"colour ({positions.callers(position)} seats).", "",
                 *report.profile(lambda: suite.our_table(position, plan.model), repeats=10)]
        print("  profiling 5-player card-counting games", file=sys.stderr, flush=True)
        game = suite.Game(players=5)
        extra += ["", f"## Where the time goes: {plan.game_batch} five-player games of "
                  "card-counting bots, cold (cProfile)", "",
                  *report.profile(lambda: games.card_counting_games(game, range(plan.game_batch)),
                                  repeats=3, top=16)]
    load = (load_before, _load())
    return Outcome(rows, report.markdown(rows, quick, extra, load))


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: run, print the report, and write RESULTS.md after a full run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="tiny queries and few repeats, a few seconds; writes no RESULTS.md")
    args = parser.parse_args(argv)
    outcome = run(quick=args.quick)
    print(outcome.markdown, end="")
    if not args.quick:
        RESULTS.write_text(outcome.markdown, encoding="utf-8")
        print(f"written to {RESULTS}", file=sys.stderr)
    return 0
