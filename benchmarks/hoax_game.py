"""Hoax: games per second with the deducer bots, against a plain deducer and random bots.

``python -m benchmarks.hoax_game [--quick] [--write]``

*Tables.* 4 and 6 players, in the original and the German edition. For each game the deal
seed and every bot's seed are drawn by a fixed seed, not chosen; every seat is a
:class:`~bluffmath.hoax.players.DeducerBot` (its default thresholds and model).

*Ours.* :func:`~bluffmath.hoax.bots.play` with the deducer bots as they are: each reads
its view's log on from where it stopped, and computes the exact posterior again only when
its facts have grown (by the counting of :mod:`bluffmath.hoax.deduce`).

*Baseline: what a competent user writes instead.* :class:`PlainDeducerBot`, the same
policy through the public functions only: at every decision it turns its whole view into a
:class:`~bluffmath.hoax.evidence.Case` again and calls
:func:`~bluffmath.hoax.deduce.deduce` (and again with the claims left out). Both sides must
play the very same games, action for action (checked), and every game must end (checked).
The same deals played by :class:`~bluffmath.hoax.bots.RandomBot` seats give the cost of the
engine alone.

Each game is timed on its own (wall clock): the table gives the median, 95th percentile
and worst seconds per game, and games per second of processor time of this one process
(one core), which other processes on the machine disturb less than the wall clock.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.report import machine, ratio
from benchmarks.timing import Timing, seconds
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.deduce import deduce
from bluffmath.hoax.evidence import BluffModel, Case, Claim
from bluffmath.hoax.game import Game, State, View
from bluffmath.hoax.players import DeducerBot, Grid, facts

RESULTS = Path(__file__).with_name("HOAX_GAME.md")
SEED = 20261202
TABLES = (("original", 4), ("german", 4), ("original", 6), ("german", 6))
SIZES = {True: "2 games a table",
         False: "40 games a table of 4 players, 12 of 6: the plain deducers take seconds a game"}


class PlainDeducerBot(DeducerBot):
    """The deducer's policy, its posteriors computed from the whole view at every decision
    with :func:`deduce` (see the module)."""

    def known(self, view: View) -> Grid:
        hard = [f for f in facts(view) if not isinstance(f, Claim)]
        return tuple(deduce(Case(view.edition, view.players, hard, BluffModel())).grid())

    def believes(self, view: View) -> Grid:
        return tuple(deduce(Case(view.edition, view.players, facts(view), self.model)).grid())


@dataclass(frozen=True)
class Side:
    """One side's games: each game's wall-clock seconds, and the processor seconds in all."""

    times: Timing
    cpu: float

    @property
    def rate(self) -> float:
        return len(self.times.times) / self.cpu


def draw_games(rng: random.Random, edition: str, players: int, games: int) -> list[tuple[int, tuple[int, ...]]]:
    """For each game, the deal seed and a seed for every seat."""
    return [(rng.randrange(2**32), tuple(rng.randrange(2**32) for _ in range(players))) for _ in range(games)]


def _side(edition: str, players: int, drawn: list[tuple[int, tuple[int, ...]]],
          make: Callable[[int], object]) -> tuple[Side, list[State]]:
    walls, cpu, ends = [], 0.0, []
    for seed, seats in drawn:
        game = Game(edition, players=players, seed=seed)
        bots = [make(s) for s in seats]
        wall, used = time.perf_counter(), time.process_time()
        end = play(game, bots)
        walls.append(time.perf_counter() - wall)
        cpu += time.process_time() - used
        assert end.is_terminal, (edition, players, seed)
        ends.append(end)
    return Side(Timing(tuple(walls)), cpu), ends


def run_table(edition: str, players: int, games: int, rng: random.Random) -> tuple[Side, Side, Side, list[State]]:
    """Play the drawn games with ours, the plain deducers and random bots; check the first two agree."""
    drawn = draw_games(rng, edition, players, games)
    ours, ends = _side(edition, players, drawn, lambda s: DeducerBot(seed=s))
    plain, plain_ends = _side(edition, players, drawn, lambda s: PlainDeducerBot(seed=s))
    assert [e.actions for e in ends] == [e.actions for e in plain_ends], f"{edition} {players}: other games"
    randoms, _ = _side(edition, players, drawn, lambda s: RandomBot(seed=s))
    return ours, plain, randoms, ends


def _summary(t: Timing) -> str:
    return f"{seconds(t.median)} / {seconds(t.p95)} / {seconds(t.worst)}"


def run(quick: bool, games: int | None = None) -> tuple[str, dict[tuple[str, int], tuple[Side, Side, Side]]]:
    rng = random.Random(SEED)
    start = os.getloadavg()[0]
    results = {}
    lines = ["| edition | players | games | actions per game | draws | deducers: s per game, median / p95 / worst "
             "| deducers: games/s (one core) | plain deducers: s per game, median / p95 / worst | plain: games/s "
             "| ratio | random bots: games/s |",
             "|---|---:|---:|---:|---:|---|---:|---|---:|---:|---:|"]
    for edition, players in TABLES:
        n = games or (2 if quick else 40 if players == 4 else 12)
        print(f"  {edition}, {players} players: {n} games", file=sys.stderr, flush=True)
        ours, plain, randoms, ends = run_table(edition, players, n, rng)
        results[edition, players] = (ours, plain, randoms)
        actions = sum(len(e.actions) for e in ends) / n
        draws = sum(e.is_draw for e in ends)
        lines.append(f"| {edition} | {players} | {n} | {actions:.0f} | {draws} | {_summary(ours.times)} | "
                     f"{ours.rate:.2f} | {_summary(plain.times)} | {plain.rate:.2f} | "
                     f"{ratio(ours.rate / plain.rate)} | {randoms.rate:.0f} |")
    load = (start, os.getloadavg()[0])
    head = ["# Hoax: games per second with the deducer bots", "",
            "Written by `python -m benchmarks.hoax_game" + (" --quick" if quick else "") + " --write`; the "
            "method is in the module's docstring. The deducers and the plain deducers played the very same "
            "games, action for action, and every game ended (checked). The random bots played the same deals.",
            "", *machine(load), "",
            f"{'Quick' if quick else 'Full'} run: game and bot seeds drawn by seed {SEED} ({SIZES[quick]}); "
            "a draw after 200 turns.",
            ""]
    return "\n".join([*head, *lines]) + "\n", results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hoax_game", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 games a table")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    text, _ = run(args.quick)
    print(text)
    if args.write:
        RESULTS.write_text(text)
    print(f"({time.perf_counter() - began:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
