"""Liar's dice: reading a stored cell, checked by best responses on the call histories
against the generic check on the reduced game built.

``python -m benchmarks.liars_dice_read [--write] [--cells 1v1-6-stairs ...]``

Every stored cell of :data:`bluffmath.liars_dice.table.CELLS` is read twice, each time in a
fresh process (so that its wall clock includes nothing cached, and its peak memory is its
own): by :func:`bluffmath.liars_dice.table.cell` (the strategies checked as best
responses walk the histories they reach, no game built) and as a competent user of the
solver's API would read it (:meth:`bluffmath.equilibrium.Certificate.from_json`, which
builds the reduced game, then :meth:`~bluffmath.equilibrium.Certificate.verify`). Both must
give the same value. Wall-clock seconds from the process's start to the verified value
(the interpreter's start and the imports included) and the process's peak resident
memory are reported.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.report import machine

RESULTS = Path(__file__).with_name("LIARS_DICE_READ.md")
WAYS = ("cell", "generic")


def child(cell: tuple[int, int, int, str], way: str) -> dict:
    """In the child process: read and verify ``cell`` one ``way``; its value and memory."""
    from bluffmath.liars_dice import table
    if way == "cell":
        value = table.cell(*cell).value
    else:
        from importlib.resources import files

        from bluffmath.equilibrium import Certificate
        from bluffmath.equilibrium.certificate import file_name
        path = files("bluffmath.liars_dice").joinpath("certificates", file_name(table.spec(*cell)))
        cert = Certificate.from_json(path.read_text(encoding="utf-8"))
        cert.verify()
        value = cert.value
    return {"value": str(value), "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def measure(cell: tuple[int, int, int, str], way: str) -> dict:
    """Run :func:`child` in a fresh process; its wall clock, value and peak memory."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "benchmarks.liars_dice_read", "--child", _text(cell), way],
                          capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    result = json.loads(done.stdout)
    result["seconds"] = time.perf_counter() - start
    return result


def run(cells: Sequence[tuple[int, int, int, str]]) -> str:
    """Every cell both ways; the report."""
    load = os.getloadavg()[0]
    rows, worst = [], {way: 0.0 for way in WAYS}
    for cell in cells:
        got = {way: measure(cell, way) for way in WAYS}
        if got["cell"]["value"] != got["generic"]["value"]:
            raise SystemExit(f"{_text(cell)}: the two reads differ: {got}")
        for way in WAYS:
            worst[way] = max(worst[way], got[way]["seconds"])
        print(f"{_text(cell)}: {got['cell']['seconds']:.2f} s, generic {got['generic']['seconds']:.2f} s",
              file=sys.stderr, flush=True)
        rows.append(f"| {_text(cell)} | {got['cell']['value']} | {got['cell']['seconds']:.2f} s | "
                    f"{got['cell']['peak_mb']:.0f} MB | {got['generic']['seconds']:.2f} s | "
                    f"{got['generic']['peak_mb']:.0f} MB | {got['generic']['seconds'] / got['cell']['seconds']:.3g}x |")
    return "\n".join([
        "# Liar's dice: reading a stored cell", "",
        "Written by `python -m benchmarks.liars_dice_read --write`.", "",
        *machine((load, os.getloadavg()[0])), "",
        "Each cell read in a fresh process, wall clock from the process's start to the verified value "
        "(the interpreter and the imports included), and the process's peak memory: `table.cell` (best "
        "responses on the call histories the strategies reach, no game built) against "
        "`Certificate.from_json` and `verify` (the reduced game built, best responses in its sequence form). "
        "Both gave the same value on every cell.", "",
        f"Slowest cell: `table.cell` {worst['cell']:.2f} s; the generic check {worst['generic']:.2f} s.", "",
        "| cell | value | table.cell | its peak memory | generic check | its peak memory | ratio |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |", *rows, ""])


def _text(cell: tuple[int, int, int, str]) -> str:
    d1, d2, sides, mode = cell
    return f"{d1}v{d2}-{sides}-{mode}"


def _cell(text: str) -> tuple[int, int, int, str]:
    dice, sides, mode = text.split("-")
    d1, d2 = dice.split("v")
    return int(d1), int(d2), int(sides), mode


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.liars_dice_read", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    parser.add_argument("--cells", nargs="*", metavar="CELL", help="cells such as 1v1-6-stairs (default: all stored)")
    parser.add_argument("--child", nargs=2, metavar=("CELL", "WAY"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(_cell(args.child[0]), args.child[1])))
        return 0
    from bluffmath.liars_dice import table
    cells = [_cell(c) for c in args.cells] if args.cells else [c for c in table.CELLS if table.value(*c) is not None]
    report = run(cells)
    print(report, end="")
    if args.write:
        RESULTS.write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
