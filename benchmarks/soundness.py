"""The Gauner raus! solver against the truth, at every decision of many simulated games.

At each decision the player to act is fed exactly its view (``State.view``), and the
exact solution must agree with the cards really dealt:

- the true deal is one of the deals the solver counts (the position with every other
  cell marked "not mine" has exactly one deal);
- no card really held (or really in the surplus) gets probability 0;
- every cell the solver calls certain (``Solution.forced``) is where it says.

The test suite runs 200 games per player count (``tests/test_gauner_soundness.py``);
``python -m benchmarks.soundness --games 1000`` runs the long battery and prints its figures.

>>> result = battery(players=2, seeds=range(2))
>>> result.games, result.failures
(2, [])
>>> result.decisions > 10
True
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.report import machine
from bluffmath.gauner import GRID, solve
from bluffmath.gauner.bots import RandomBot, SolverBot
from bluffmath.gauner.game import Game, State
from bluffmath.gauner.joint import count_deals
from bluffmath.gauner.position import Position, Table

SOUNDNESS = Path(__file__).with_name("SOUNDNESS.md")


@dataclass
class Battery:
    """What a run checked: games, decisions checked, seconds, and every failure in words."""

    players: int
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def bots_for(players: int, seed: int) -> list[object]:
    """A mix of tables: all random guessers (long games, weak deductions), one solver-guided
    player among random ones, or solver-guided players only (short, sharp games)."""
    kind = seed % 3
    bots: list[object] = [RandomBot(seed=seed * 10 + i, go_on=0.3 + 0.2 * (i % 3)) for i in range(players)]
    if kind == 1:
        bots[seed % players] = SolverBot()
    elif kind == 2:
        bots = [SolverBot() for _ in range(players)]
    return bots


def battery(players: int, seeds: Iterable[int], every_decision: bool = False) -> Battery:
    """Play one game per seed (brave variant on odd seeds), checking each turn's start
    (with ``every_decision``, also each choice after a hit)."""
    result = Battery(players)
    start = time.perf_counter()
    for seed in seeds:
        state = Game(players, brave=seed % 2 == 1).new_game(seed)
        bots = bots_for(players, seed)
        while not state.is_terminal:
            if state.must_guess or every_decision:
                result.failures += [f"{players} players, seed {seed}, action {len(state.actions)}: {f}"
                                    for f in check_decision(state)]
                result.decisions += 1
            state = state.apply(bots[state.current].act(state))
        result.games += 1
    result.seconds = time.perf_counter() - start
    return result


def check_decision(state: State) -> list[str]:
    """Everything the solution for the current player's view gets wrong about the deal."""
    view = state.view(state.current)
    solution = solve(view)
    wrong = []
    for seat in view.opponents:
        wrong += [f"seat {seat} holds {GRID.name(c)} but its probability is 0"
                  for c in state.hidden[seat] if solution.counts.held[seat][c] == 0]
    wrong += [f"the surplus holds {GRID.name(c)} but its probability is 0"
              for c in state.surplus if solution.counts.held["surplus"][c] == 0]
    for f in solution.forced:
        where = state.surplus if f.holder == "surplus" else state.hidden[f.holder]
        if (GRID.index(f.cell) in where) != f.held:
            wrong.append(f"certain but false: {f}")
    pinned = _pinned(state, view)
    if count_deals([pinned.seat_facts(s) for s in pinned.opponents], pinned.unknown).total != 1:
        wrong.append("the true deal is not among the deals counted")
    return wrong


def _pinned(state: State, view: Position) -> Position:
    """The view with every unknown cell an opponent does not hold marked "not mine"."""
    tables = list(view.tables)
    for seat in view.opponents:
        t = tables[seat]
        tables[seat] = Table(t.numbers, t.laid, t.not_mine | (frozenset(view.unknown) - state.hidden[seat]))
    return Position(view.players, view.me, view.hand, tuple(tables))


def report(results: Sequence[Battery]) -> list[str]:
    """A markdown table of the run."""
    lines = ["| players | games | decisions checked | failures | time | per decision |",
             "|---|---|---|---|---|---|"]
    for r in results:
        per = r.seconds / max(r.decisions, 1) * 1000
        lines.append(f"| {r.players} | {r.games:,} | {r.decisions:,} | {len(r.failures)} | "
                     f"{r.seconds:.0f} s | {per:.1f} ms |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soundness", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count (default 1000)")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--write", action="store_true", help=f"also write {SOUNDNESS.name}")
    args = parser.parse_args(argv)
    results = []
    for players in args.players:
        results.append(battery(players, range(args.games)))
        print(f"  {players} players: {results[-1].games} games checked", file=sys.stderr, flush=True)
    text = "\n".join(["# The Gauner raus! solver against the truth", "",
                      f"Written by `python -m benchmarks.soundness --games {args.games} --write`; "
                      "see `benchmarks/soundness.py`.", "",
                      *(line for line in machine() if "caches" not in line), "", *report(results), ""])
    print(text)
    for r in results:
        print("\n".join(r.failures[:20]))
    if args.write:
        SOUNDNESS.write_text(text, encoding="utf-8")
    return 1 if any(r.failures for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
