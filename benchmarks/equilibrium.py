"""The Hochstapler Duel: seconds to the exact, certified value against OpenSpiel's CFR+.

``python -m benchmarks.equilibrium [--quick] [--write]``

Both sides are timed in CPU seconds of this process (``time.process_time``; each runs one
thread), which a busy shared machine does not stretch; the wall clock is reported beside.

*Ours.* From the deck to a verified certificate, in this process, cold: build the game
(:func:`bluffmath.duel.duel`), the sequence form, HiGHS's LP and the exact rebuild
(:func:`bluffmath.equilibrium.solve`), and the certificate's check by exact best responses
(``verify``). The answer is exact: the game's value as a Fraction, with proof.

*Baseline.* The same game written as an EFG file (:func:`write_efg`, chance probabilities
as 17-digit decimals) and read by OpenSpiel's ``efg_game``; OpenSpiel's C++ CFR+
(``pyspiel.CFRPlusSolver``) runs until ``pyspiel.exploitability`` of its average policy
(NashConv / 2) is at most 1e-3, checked every ``CHECK`` iterations (the checks' time
counts: they are how CFR+ knows to stop). Its answer is a float policy within 1e-3 of an
equilibrium, no proof. The value bluffmath certified must lie within CFR+'s bracket
(the two float best-response values of its average policy).

Without open-spiel (``pip install 'bluffmath[bench]'``) the baseline is skipped and the
report says so. The full run also solves the real colour (CFR+ takes most of its
time).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from bluffmath.duel import COLOUR, duel
from bluffmath.equilibrium import Chance, Decision, Game, Terminal, solve

RESULTS = Path(__file__).with_name("EQUILIBRIUM.md")
QUICK = ((0, 1, 2, 3, 4),)
FULL = ((0, 1, 2, 3, 4), (0, 0, 1, 1, 2, 2, 3, 3), (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5), COLOUR)
TARGET = 1e-3
CHECK = 10


def write_efg(game: Game, path: Path) -> None:
    """``game`` as a Gambit extensive-form file (the format OpenSpiel's efg_game reads)."""
    numbers: tuple[dict[str, int], dict[str, int]] = ({}, {})  # numbered 1, 2, ... per player
    outcomes: dict[Fraction, int] = {}
    chance = 0
    lines = [f'EFG 2 R "{game.name}" {{ "Player 1" "Player 2" }}', '""']
    stack: list[object] = [game.root]
    while stack:
        node = stack.pop()
        if isinstance(node, Terminal):
            payoff = Fraction(node.payoff)
            n = outcomes.setdefault(payoff, len(outcomes) + 1)
            lines.append(f't "" {n} "" {{ {float(payoff)!r}, {float(-payoff)!r} }}')
        elif isinstance(node, Chance):
            chance += 1
            branches = " ".join(f'"{i}" {float(p)!r}' for i, (p, _) in enumerate(node.branches))
            lines.append(f'c "" {chance} "" {{ {branches} }} 0')
            stack.extend(child for _, child in reversed(node.branches))
        else:
            assert isinstance(node, Decision)
            mine = numbers[node.player - 1]
            n = mine.setdefault(node.infoset, len(mine) + 1)
            actions = " ".join(f'"{a}"' for a in node.actions)
            lines.append(f'p "" {node.player} {n} "{node.infoset}" {{ {actions} }} 0')
            stack.extend(reversed(node.children))
    path.write_text("\n".join(lines) + "\n")


def ours(deck: tuple[int, ...]) -> tuple[float, float, Fraction, int]:
    """CPU seconds and wall-clock seconds from the deck to a verified certificate, its
    value, the tree's nodes."""
    start, wall = time.process_time(), time.perf_counter()
    game = duel(deck)
    cert = solve(game)
    cert.verify()
    return time.process_time() - start, time.perf_counter() - wall, cert.value, game.nodes


def openspiel(game: Game, folder: Path) -> tuple[float, float, int, float, tuple[float, float]] | str:
    """CPU and wall-clock seconds of CFR+ to exploitability <= TARGET (file reading
    excluded), its iterations, the exploitability reached, and the bracket of the value;
    or why it could not run."""
    try:
        import pyspiel
    except ImportError as error:
        return f"open-spiel is not installed ({error}); pip install 'bluffmath[bench]'"
    path = folder / "duel.efg"
    write_efg(game, path)
    spiel = pyspiel.load_game("efg_game", {"filename": str(path)})
    start, wall = time.process_time(), time.perf_counter()
    solver = pyspiel.CFRPlusSolver(spiel)
    iterations = 0
    while True:
        for _ in range(CHECK):
            solver.evaluate_and_update_policy()
        iterations += CHECK
        policy = solver.average_policy()
        gap = pyspiel.exploitability(spiel, policy)
        if gap <= TARGET:
            break
    seconds, wall = time.process_time() - start, time.perf_counter() - wall
    values = pyspiel.expected_returns(spiel.new_initial_state(), policy, -1, True)
    bracket = (values[0] - 2 * gap, values[0] + 2 * gap)  # NashConv = 2 gap bounds each side
    return seconds, wall, iterations, gap, bracket


def run(quick: bool) -> str:
    import tempfile

    import highspy  # noqa: F401 - the solver's one-off import is not the solve
    import scipy.optimize
    import scipy.sparse.linalg  # noqa: F401
    rows = ["| deck | tree nodes | value (exact) | bluffmath: certified | OpenSpiel CFR+ to 1e-3 | ratio "
            "| wall clock: bluffmath, CFR+ |",
            "|---|---:|---|---:|---:|---:|---:|"]
    notes = []
    sizes = ["| deck | sequences a player | without dominated actions (the program solved first) |",
             "|---|---:|---:|"]
    with tempfile.TemporaryDirectory() as folder:
        for deck in (QUICK if quick else FULL):
            print(f"  Duel on {len(deck)} cards", file=sys.stderr, flush=True)
            seconds, wall, value, nodes = ours(deck)
            whole, kept = sizes_of(duel(deck))
            base = openspiel(duel(deck), Path(folder))
            if isinstance(base, str):
                notes.append(base)
                cfr, ratio, walls = "not run", "-", f"{wall:.2f} s, -"
            else:
                cfr_seconds, cfr_wall, iterations, gap, (low, high) = base
                assert low - 1e-9 <= value <= high + 1e-9, (deck, value, low, high)
                cfr = f"{cfr_seconds:.2f} s ({iterations} iterations, {gap:.1e})"
                ratio = f"{cfr_seconds / seconds:.2g}x" + (" faster" if cfr_seconds > seconds else "")
                walls = f"{wall:.2f} s, {cfr_wall:.2f} s"
            rows.append(f"| {','.join(map(str, deck))} | {nodes:,} | {value} ({float(value):.5f}) | "
                        f"{seconds:.2f} s | {cfr} | {ratio} | {walls} |")
            sizes.append(f"| {','.join(map(str, deck))} | {' and '.join(map('{:,}'.format, whole))} | "
                         f"{' and '.join(map('{:,}'.format, kept))} |")
    head = ["# The Hochstapler Duel: exact equilibria against CFR+", "",
            "Written by `python -m benchmarks.equilibrium --write`; see `benchmarks/equilibrium.py`.", "",
            f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average (1 min) at the "
            f"end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} logical cores", "",
            "CPU seconds of this process (`time.process_time`: one core's work, whatever else "
            "the machine runs) from the deck to the exact value with a verified certificate "
            "(bluffmath: the game, its sequence form, HiGHS, exact rebuild, exact best responses; "
            "scipy and highspy imported before timing), against OpenSpiel's C++ CFR+ on the same "
            "game (an EFG file) run until its average policy's exploitability is at most 1e-3 "
            "(checked every 10 iterations), measured the same way; the ratio is of CPU seconds. "
            "The last column is the wall clock of each, which a loaded machine stretches. "
            "bluffmath's exact value lies inside CFR+'s bracket on every row (checked).", "",
            f"{'Quick' if quick else 'Full'} run, one process, one thread for each side.", ""]
    sized = ["Each player's sequences (player 1's and player 2's), in the whole game and without the "
             "actions dominated by sure outcomes (`Game.dominated`), which `solve` leaves out first:", "",
             *sizes, ""]
    return "\n".join([*head, *rows, "", *sized, *(f"Note: {n}" for n in sorted(set(notes)))]) + "\n"


def sizes_of(game: Game) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each player's sequences in ``game``, and without its dominated actions."""
    from bluffmath.equilibrium.sequence import form
    from bluffmath.equilibrium.solver import _undominated
    f = form(game)
    kept = _undominated(f, game.dominated)
    return (len(f.sequences[0]), len(f.sequences[1])), (len(kept[0]), len(kept[1]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.equilibrium", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the 5-card Duel only")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    args = parser.parse_args(argv)
    report = run(args.quick)
    print(report, end="")
    if args.write:
        RESULTS.write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
