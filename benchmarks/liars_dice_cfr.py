"""Liar's dice against OpenSpiel's CFR+: the part ``--part speed`` of ``benchmarks/liars_dice.py``.

Every cell of :data:`bluffmath.liars_dice.table.CELLS` and of
:data:`~bluffmath.liars_dice.table.TWO_AGAINST_TWO`, smallest first within each shape (dice
and mode): bluffmath's certified solve of the reduced game in a process of its own
(:func:`benchmarks.liars_dice.in_child`: CPU seconds, peak memory), against OpenSpiel's C++
CFR+ on the whole game in a process of its own (:func:`cfr_in_child`), until the
exploitability of its average policy is at most 1e-3, checked every 10 iterations. Another
process writes the whole game as an EFG file first (:func:`export`, as
``benchmarks/equilibrium.py`` writes the Duel). The CFR+ process prints each check and is
killed once CFR+ has run ``limit`` seconds of wall clock (10 minutes): its last check is
reported and the larger cells of its shape are not tried; nor is a cell whose whole game
bluffmath does not build (over ``MAX_GAME_NODES``). The exact value must lie in the bracket
of CFR+'s last check (the row says whether it does). Without open-spiel
(``pip install 'bluffmath[bench]'``) the part is not run and says so.

``python -m benchmarks.liars_dice_cfr --export CELL PATH`` and ``--cfr PATH`` are the two
child processes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import IO

from benchmarks.liars_dice import FOLDER, LIMIT, Cell, _cell, _name, _peak_megabytes, in_child
from bluffmath.liars_dice.rules import Rules

QUICK = ((1, 1, 4, "normal"),)
FLOOR = (1, 1, 6, "normal")
TARGET = 1e-3
CHECK = 10
TEXT = (
    "The cells (in a full run, every cell of the table and of two dice against two, "
    "`TWO_AGAINST_TWO`), smallest first within each shape (dice and mode). bluffmath: the reduced "
    "game certified in a process of its own, from the rules to the exact value with a verified "
    "certificate (the game, its sequence form, HiGHS, the exact rebuild, exact best responses; scipy "
    "and highspy imported before timing): CPU seconds (`time.process_time`) and the process's peak "
    "memory (VmHWM: the interpreter and its libraries included). The reduced game leaves out the "
    "actions dominated by sure outcomes (`bluffmath/liars_dice/reduced.py`) and has the whole game's "
    "value. OpenSpiel's C++ CFR+ on the whole game (an EFG file, written by another process and read "
    "before timing) in a process of its own, until its average policy's exploitability is at most "
    "1e-3, checked every 10 iterations (the checks timed with it): CPU seconds, iterations, the "
    "exploitability reached, and the process's peak memory (VmHWM at its last check). CFR+ may run "
    "{limit} of wall clock on a cell: then its process is killed, its last check is shown, and the "
    "larger cells of that shape are not tried. The ratio is of CPU seconds (a lower bound where CFR+ "
    "was stopped). The exact value must lie in the bracket of CFR+'s last check, its average "
    "policy's value plus or minus twice the exploitability (which bounds the game's value): checked "
    "on every row. On the smallest cells both sides take hundredths of a second: their ratio is noise.")


def export(cell: Cell, path: Path) -> None:
    """The whole game of ``cell`` written to ``path`` as an EFG file (what OpenSpiel's
    ``efg_game`` reads), by :func:`benchmarks.equilibrium.write_efg`."""
    from benchmarks.equilibrium import write_efg
    from bluffmath.liars_dice.game import liars_dice
    write_efg(liars_dice(*cell), path)


def export_in_child(cell: Cell, path: Path) -> None:
    """:func:`export` in a process of its own (the whole game's memory is not the caller's)."""
    subprocess.run([sys.executable, "-m", "benchmarks.liars_dice_cfr", "--export", _name(cell), str(path)],
                   check=True, cwd=FOLDER.parents[2])


def openspiel_installed() -> bool:
    """Whether OpenSpiel's Python module can be imported (``pip install 'bluffmath[bench]'``)."""
    return importlib.util.find_spec("pyspiel") is not None


def cfr_plus(path: Path, target: float = TARGET) -> Iterator[dict]:
    """OpenSpiel's CFR+ on the EFG file at ``path``, in this process: a report once the file
    is read, then one every ``CHECK`` iterations until the exploitability of the average
    policy is at most ``target``: the CPU and wall-clock seconds of CFR+ and its checks (the
    file's reading not included), that exploitability, player 1's value under the policy
    (not timed), and this process's peak memory."""
    import resource

    import pyspiel
    spiel = pyspiel.load_game("efg_game", {"filename": str(path)})
    yield {"iterations": 0, "megabytes": _peak_megabytes(resource)}
    iterations, seconds, wall, gap = 0, 0.0, 0.0, math.inf
    start, clock = time.process_time(), time.perf_counter()
    solver = pyspiel.CFRPlusSolver(spiel)
    while gap > target:
        for _ in range(CHECK):
            solver.evaluate_and_update_policy()
        iterations += CHECK
        policy = solver.average_policy()
        gap = pyspiel.exploitability(spiel, policy)
        seconds, wall = seconds + time.process_time() - start, wall + time.perf_counter() - clock
        value = pyspiel.expected_returns(spiel.new_initial_state(), policy, -1, True)[0]
        yield {"iterations": iterations, "gap": gap, "value": value, "seconds": seconds, "wall": wall,
               "megabytes": _peak_megabytes(resource)}
        start, clock = time.process_time(), time.perf_counter()


def cfr_in_child(path: Path, limit: float) -> dict:
    """:func:`cfr_plus` in a process of its own, killed once CFR+ has run ``limit`` seconds
    of wall clock (counted from the file's reading, which may take ``limit`` seconds too):
    its last report, with ``finished`` (whether it reached the target) and ``failed`` (the
    exit code of a process that ended otherwise, or None)."""
    child = subprocess.Popen([sys.executable, "-m", "benchmarks.liars_dice_cfr", "--cfr", str(path)],
                             stdout=subprocess.PIPE, text=True, cwd=FOLDER.parents[2])
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_pump, args=(child.stdout, lines), daemon=True).start()
    report: dict = {}
    killed, deadline = False, time.monotonic() + limit
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            child.kill()
            killed = True
            break
        if line is None:
            break
        if not report:  # the file is read: CFR+'s clock starts
            deadline = time.monotonic() + limit
        report = json.loads(line)
    code = child.wait()
    return {**report, "finished": not killed and code == 0, "failed": None if killed or code == 0 else code}


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def by_shape(cells: Sequence[Cell]) -> list[Cell]:
    """The cells grouped by shape (dice and mode) in the order the shapes first come, each
    group smallest first.

    >>> by_shape([(1, 1, 6, "normal"), (2, 1, 2, "joker"), (1, 1, 2, "normal")])
    [(1, 1, 2, 'normal'), (1, 1, 6, 'normal'), (2, 1, 2, 'joker')]
    """
    shapes = list(dict.fromkeys(_shape(c) for c in cells))
    return sorted(cells, key=lambda c: (shapes.index(_shape(c)), c[2]))


def _shape(cell: Cell) -> tuple[int, int, str]:
    return cell[0], cell[1], cell[3]


def against_cfr(cells: Sequence[Cell], limit: float = LIMIT) -> list[str]:
    """The rows comparing bluffmath with CFR+, each cell tried smallest first within its
    shape until one of the shape is stopped at ``limit``, and the floor's line."""
    import tempfile

    from bluffmath.liars_dice.game import whole_nodes
    from bluffmath.limits import MAX_GAME_NODES
    if not openspiel_installed():
        return ["Not run: open-spiel is not installed; pip install 'bluffmath[bench]'."]
    rows = ["| game | tree nodes (whole game) | value (exact) | bluffmath: reduced game certified (CPU) "
            "| its peak memory | OpenSpiel CFR+ to 1e-3, whole game (CPU) | its peak memory "
            "| ratio (CPU: CFR+ / bluffmath) | exact value in CFR+'s bracket | wall clock: bluffmath, CFR+ |",
            "|---|---:|---|---:|---:|---:|---:|---:|---|---:|"]
    stopped: dict[tuple[int, int, str], str] = {}  # a shape: why its larger cells are not tried
    floor = []
    with tempfile.TemporaryDirectory() as folder:
        for cell in by_shape(cells):
            nodes = whole_nodes(Rules(*cell))
            if _shape(cell) in stopped or nodes > MAX_GAME_NODES:
                why = stopped.get(_shape(cell)) or (f"bluffmath builds whole games of at most {MAX_GAME_NODES:,} "
                                                    "nodes (MAX_GAME_NODES), so there is no EFG file for CFR+")
                rows.append(f"| {_title(cell)} | {nodes:,} | not tried: {why} | - | - | - | - | - | - | - |")
                continue
            print(f"  against CFR+: {_name(cell)}", file=sys.stderr, flush=True)
            ours, path = in_child(cell, False), Path(folder) / f"{_name(cell)}.efg"
            export_in_child(cell, path)
            theirs = cfr_in_child(path, limit)
            path.unlink()
            if not theirs["finished"]:
                stopped[_shape(cell)] = "a smaller cell of this shape " + (
                    f"took longer than {minutes(limit)}" if theirs["failed"] is None else "failed")
            rows.append(cfr_row(cell, nodes, ours, theirs, limit))
            if cell == FLOOR:
                met = "met" if ours["seconds"] < 1 else "**not met**"
                floor = ["", f"Floor: 1v1 with six sides (normal) certified in under 1 s: {met} "
                             f"({ours['seconds']:.2f} s)."]
    return rows + floor


def cfr_row(cell: Cell, nodes: int, ours: dict, theirs: dict, limit: float = LIMIT) -> str:
    """One row: bluffmath's figures (:func:`~benchmarks.liars_dice.certify`) and CFR+'s
    (:func:`cfr_in_child`).

    >>> ours = {"value": "-1/8", "seconds": 0.03, "megabytes": 90.4, "wall": 0.03}
    >>> theirs = {"iterations": 80, "gap": 8.4e-4, "value": -0.1249, "seconds": 0.33, "wall": 0.35,
    ...           "megabytes": 120.0, "finished": True, "failed": None}
    >>> print(cfr_row((1, 1, 4, "normal"), 6129, ours, theirs).replace(" | ", "\\n"))
    | 1v1, 4 sides, normal
    6,129
    -1/8 (-0.12500)
    0.03 s
    90 MB
    0.33 s (80 iterations, 8.4e-04)
    120 MB
    11x
    yes: -0.12658 to -0.12322
    0.03 s, 0.35 s |
    """
    value = Fraction(ours["value"])
    start = (f"| {_title(cell)} | {nodes:,} | {value} ({float(value):.5f}) | {ours['seconds']:.2f} s "
             f"| {ours['megabytes']:,.0f} MB |")
    why = "" if theirs["finished"] else \
        f"failed (exit code {theirs['failed']})" if theirs["failed"] is not None else f"stopped at {minutes(limit)}"
    if "gap" not in theirs:
        return f"{start} {why} before its first check ({CHECK} iterations) | - | - | - | {ours['wall']:.2f} s, - |"
    seconds, gap = theirs["seconds"], theirs["gap"]
    cfr = f"{seconds:.2f} s ({theirs['iterations']} iterations, {gap:.1e})"
    ratio = f"{seconds / ours['seconds']:.3g}x" if ours["seconds"] > 0 else "-"
    if why:
        cfr, ratio = f"{why}: {cfr} at its last check", f"more than {ratio}"
    low, high = theirs["value"] - 2 * gap, theirs["value"] + 2 * gap  # NashConv = 2 gap bounds each side
    inside = "yes" if low - 1e-9 <= value <= high + 1e-9 else "**no**"
    return (f"{start} {cfr} | {theirs['megabytes']:,.0f} MB | {ratio} | {inside}: {low:.5f} to {high:.5f} "
            f"| {ours['wall']:.2f} s, {theirs['wall']:.2f} s |")


def _title(cell: Cell) -> str:
    return f"{cell[0]}v{cell[1]}, {cell[2]} side{'s' * (cell[2] > 1)}, {cell[3]}"


def minutes(seconds: float) -> str:
    """``600`` as "10 minutes", ``5`` as "5 seconds"."""
    return f"{seconds / 60:g} minutes" if seconds >= 60 else f"{seconds:g} seconds"


def main(argv: Sequence[str] | None = None) -> int:
    """The child processes: ``--export CELL PATH`` writes a whole game's EFG file, ``--cfr
    PATH`` runs CFR+ on it and prints each report as a line of JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.liars_dice_cfr", description=main.__doc__)
    parser.add_argument("--export", nargs=2, metavar=("CELL", "PATH"))
    parser.add_argument("--cfr", metavar="PATH")
    args = parser.parse_args(argv)
    if args.export:
        export(_cell(args.export[0]), Path(args.export[1]))
    if args.cfr:
        for report in cfr_plus(Path(args.cfr)):
            print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
