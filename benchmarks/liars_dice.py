"""Liar's dice: the certified table, and bluffmath's certified solve against OpenSpiel's CFR+.

``python -m benchmarks.liars_dice [--quick] [--write] [--part all|table|speed] [--limit SECONDS]
[--certificates] [--cells 2v1-6-normal ...]``

*The table* (``--part table``). Every cell of :data:`bluffmath.liars_dice.table.CELLS` is
solved in a process of its own (so that its peak memory is its own): the reduced game
(:func:`bluffmath.liars_dice.reduced.reduced_liars_dice`), its sequence form, HiGHS and the
exact rebuild (:func:`bluffmath.equilibrium.solve`), and the certificate's check by exact
best responses. CPU seconds (``time.process_time``) and the process's peak resident memory
(VmHWM, the Python interpreter and numpy, scipy and highspy included) are reported.
``--certificates`` writes each certificate to ``bluffmath/liars_dice/certificates``. The
cells that are not reached are listed with the reason.

*Against CFR+* (``--part speed``, :mod:`benchmarks.liars_dice_cfr`). Every cell of the table
and of two dice against two, smallest first within each shape: the same certified solve
against OpenSpiel's C++ CFR+ on the whole game, each in a process of its own, CFR+ until
the exploitability of its average policy is at most 1e-3 or it has run ``--limit`` seconds
(10 minutes), after which the larger cells of the shape are not tried.

``--write`` writes the report to ``LIARS_DICE.md``; when one part runs, the other part's
section is kept as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from pathlib import Path

from bluffmath.liars_dice.rules import Rules

Cell = tuple[int, int, int, str]

RESULTS = Path(__file__).with_name("LIARS_DICE.md")
FOLDER = Path(__file__).resolve().parents[1] / "bluffmath" / "liars_dice" / "certificates"
#: The cells left out, and why: the reduced game is still too large for this machine.
UNREACHED = {cell: "the reduced game has millions of sequences a player (2v1 stairs with 5 sides: "
                   "2.4 and 1.6 million); not attempted on 2 cores (1v1 stairs with 6 sides, 561,133, "
                   "took 520 CPU seconds and 2.7 GB)"
             for cell in ((2, 1, 5, "stairs"), (1, 2, 5, "stairs"), (2, 1, 6, "stairs"), (1, 2, 6, "stairs"))}
#: The wall-clock seconds CFR+ may run on one cell before its process is killed.
LIMIT = 600
#: The report's two sections, one a part.
SECTIONS = {"speed": "## Against CFR+", "table": "## The table"}


def whole_sequences(rules: Rules) -> tuple[int, int]:
    """Each player's sequences in the whole game, counted (every rising call history).

    >>> whole_sequences(Rules(1, 1, 6))
    (18427, 18427)
    """
    calls = len(rules.calls)
    moves = [0, 0]
    for k in range(calls + 1):  # histories of k calls, the last of rank m (never the highest)
        if k == 0:
            moves[0] += calls
            continue
        for m in range(k - 1, calls - 1):
            moves[k % 2] += comb(m, k - 1) * (calls - m)  # the higher calls and a liar
    return 1 + moves[0] * len(rules.hands(1)), 1 + moves[1] * len(rules.hands(2))


def certify(cell: Cell, save: bool = False, ipm: bool = False) -> dict:
    """Solve one cell's reduced game in this process (scipy and highspy imported before timing).
    ``ipm``: an experiment, HiGHS's interior point method where the program has more than
    ``IPM_FROM`` rows (the solver's own choice for Liar's dice is its simplex method at any
    size, ``Game.simplex``, because this experiment measured it faster on every cell)."""
    import resource

    import highspy  # noqa: F401 - the solver's one-off imports are not the solve
    import scipy.optimize
    import scipy.sparse.linalg  # noqa: F401

    from bluffmath.equilibrium import solve
    from bluffmath.equilibrium.sequence import form
    from bluffmath.liars_dice.reduced import reduced_liars_dice
    start, wall = time.process_time(), time.perf_counter()
    game = reduced_liars_dice(*cell)
    if ipm:
        object.__setattr__(game, "simplex", False)  # the solver then chooses by size
    cert = solve(game)
    cert.verify()
    seconds, wall = time.process_time() - start, time.perf_counter() - wall
    f = form(game)
    if save:
        from bluffmath.equilibrium.certificate import file_name
        FOLDER.mkdir(exist_ok=True)
        (FOLDER / file_name(game.spec)).write_text(cert.to_json() + "\n", encoding="utf-8")
    return {"value": str(cert.value), "seconds": seconds, "wall": wall, "nodes": game.nodes,
            "megabytes": _peak_megabytes(resource),
            "sequences": [len(f.sequences[0]), len(f.sequences[1])],
            "rows": 1 + len(f.infosets[0]) + len(f.sequences[1])}  # the LP's, as the solver counts them


def _peak_megabytes(resource: object) -> float:
    """This process's peak resident memory: VmHWM (its own, where ``ru_maxrss`` on Linux
    keeps the parent's peak across fork and exec), else ``ru_maxrss``."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # type: ignore[attr-defined]


def in_child(cell: Cell, save: bool, ipm: bool = False) -> dict:
    """:func:`certify` in a new process: its figures, as JSON."""
    args = [sys.executable, "-m", "benchmarks.liars_dice", "--child", _name(cell),
            *["--certificates"] * save, *["--ipm"] * ipm]
    done = subprocess.run(args, capture_output=True, text=True, check=True, cwd=FOLDER.parents[2])
    return json.loads(done.stdout)


def _name(cell: Cell) -> str:
    return f"{cell[0]}v{cell[1]}-{cell[2]}-{cell[3]}"


def _cell(name: str) -> Cell:
    dice, sides, mode = name.split("-")
    d1, d2 = dice.split("v")
    return int(d1), int(d2), int(sides), mode


# --- the table --------------------------------------------------------------------------------
def table(cells: Sequence[Cell], save: bool) -> list[str]:
    """The rows of the certified table."""
    from bluffmath.liars_dice.table import PUBLISHED
    rows = ["| dice | sides | mode | value (exact) | published (snyd) | CPU seconds | peak memory "
            "| with HiGHS's interior point method | sequences a player: whole game | reduced game (solved) |",
            "|---|---:|---|---|---|---:|---:|---:|---:|---:|"]
    for cell in cells:
        d1, d2, s, mode = cell
        whole = " and ".join(f"{n:,}" for n in whole_sequences(Rules(*cell)))
        published = PUBLISHED[cell] or "none"
        if cell in UNREACHED:
            rows.append(f"| {d1}v{d2} | {s} | {mode} | not reached | {published} | - | - | - | {whole} | - |")
            continue
        print(f"  {_name(cell)}", file=sys.stderr, flush=True)
        r = in_child(cell, save)
        value = Fraction(r["value"])
        agrees = _agrees(value, published)
        other_method = "the same (simplex)"
        if r["rows"] > _ipm_from():  # a game of another kind would get the interior point method
            other = in_child(cell, False, ipm=True)
            assert other["value"] == r["value"], cell
            other_method = f"{other['seconds']:.2f} s, {other['megabytes']:,.0f} MB"
        rows.append(f"| {d1}v{d2} | {s} | {mode} | {value} | {published}{agrees} | {r['seconds']:.2f} s "
                    f"| {r['megabytes']:,.0f} MB | {other_method} | {whole} "
                    f"| {' and '.join(f'{n:,}' for n in r['sequences'])} |")
    return rows


def _agrees(value: Fraction, published: str) -> str:
    if published in ("", "-", "none"):
        return ""
    if published.endswith(".."):  # a decimal, cut: the value rounds to it
        places = len(published[:-2].partition(".")[2])
        return f" (agrees: {float(value):.4f})" if f"{float(value):.{places}f}" == published[:-2] else " (**differs**)"
    return " (agrees)" if Fraction(published) == value else " (**differs**)"


# --- the report -------------------------------------------------------------------------------
def run(quick: bool, cells: Sequence[Cell] | None, save: bool, part: str = "all", limit: float = LIMIT) -> str:
    """The report of the part run (``speed``, ``table``) or of both (``all``); CFR+ may run
    ``limit`` seconds on a cell."""
    from benchmarks import liars_dice_cfr as cfr
    from bluffmath.liars_dice.table import CELLS, TWO_AGAINST_TWO
    head = ["# Liar's dice: the certified table, and exact equilibria against CFR+", "",
            "Written by `python -m benchmarks.liars_dice --write`; see `benchmarks/liars_dice.py`. "
            "`--part speed` or `--part table` runs one part: its section is written again and the other "
            "kept as it was, each with the date of its own run.", ""]
    sections = []
    if part != "table":
        rows = cfr.against_cfr(list(cells) if cells else cfr.QUICK if quick else CELLS + TWO_AGAINST_TWO, limit)
        sections.append([SECTIONS["speed"], "", *_stamp(quick), cfr.TEXT.format(limit=cfr.minutes(limit)), "",
                         *rows, ""])
    if part != "speed":
        rows = table(list(cells) if cells else [c for c in CELLS if not quick or c[2] <= 4], save)
        sections.append([SECTIONS["table"], "", *_stamp(quick), _TABLE_TEXT.format(ipm=_ipm_from()), "", *rows, "",
                         "`python -m benchmarks.liars_dice --verify` re-verifies every stored certificate, and each "
                         f"reduced equilibrium on the whole game where the whole game has at most {WHOLE_LIMIT:,} "
                         "sequences a player.", ""])
    return "\n".join(head + [line for section in sections for line in section]) + "\n"


def _stamp(quick: bool) -> list[str]:
    return [f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average (1 min) at the "
            f"end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} logical cores; {'quick' if quick else 'full'} "
            "run", ""]


_TABLE_TEXT = (
    "Each cell in a process of its own: CPU seconds to a verified certificate of the reduced game, and "
    "the process's peak memory (the interpreter and its libraries included). Published: the README of "
    "github.com/thomasahle/snyd (its stairs mode plays other rules: see docs/explanation/liars-dice.md). "
    "`solve` uses HiGHS's simplex method on every Liar's dice program (`Game.simplex`); the interior "
    "point column is the same cell with the method the solver chooses for other games from {ipm:,} rows "
    "of the program (an experiment, which keeps that choice measured).")


def merged(report: str, old: str) -> str:
    """``report`` with each section it lacks taken from ``old`` (the results as they were),
    as it is.

    >>> old = "# R\\n\\nold head\\n## Against CFR+\\n\\nold rows\\n## The table\\n\\nold table\\n"
    >>> print(merged("# R\\n\\nnew head\\n## The table\\n\\nnew table\\n", old), end="")
    # R
    <BLANKLINE>
    new head
    ## Against CFR+
    <BLANKLINE>
    old rows
    ## The table
    <BLANKLINE>
    new table
    """
    head, new = _sections(report)
    kept = _sections(old)[1]
    return head + "".join(new.get(title) or kept.get(title, "") for title in SECTIONS.values())


def _sections(text: str) -> tuple[str, dict[str, str]]:
    """The text before the first section, and each section (its ``## `` line first) by title."""
    head, *parts = re.split(r"(?m)^(?=## )", text)
    return head, {part.split("\n", 1)[0]: part for part in parts}


#: The largest whole game (sequences of one player) whose strategies --verify checks too.
WHOLE_LIMIT = 600_000


def verify_all() -> str:
    """Every stored certificate read and verified (timed), and its strategies answered as
    the dominance says checked on the whole game where that is at most WHOLE_LIMIT
    sequences a player; raises if one fails."""
    from bluffmath.equilibrium import Certificate
    from bluffmath.liars_dice.game import liars_dice
    from bluffmath.liars_dice.reduced import full_strategy
    from bluffmath.liars_dice.table import CELLS, certificate
    lines = []
    for cell in CELLS:
        if cell in UNREACHED or (cell[3] != "normal" and cell[2] == 1):
            continue
        start = time.process_time()
        cert = certificate(*cell)
        if cert is None:
            raise SystemExit(f"{_name(cell)}: no stored certificate")
        cert.verify()
        line = f"{_name(cell)}: {cert.value}, verified in {time.process_time() - start:.2f} s"
        if max(whole_sequences(Rules(*cell))) <= WHOLE_LIMIT:
            start = time.process_time()
            rules = Rules(*cell)
            whole = Certificate(liars_dice(*cell), cert.value, (full_strategy(rules, cert.strategy(1), 1),
                                                               full_strategy(rules, cert.strategy(2), 2)))
            whole.verify()
            line += f"; on the whole game too, in {time.process_time() - start:.2f} s"
        print(line, file=sys.stderr, flush=True)
        lines.append(line)
    return "\n".join(lines)


def _ipm_from() -> int:
    from bluffmath.equilibrium.program import IPM_FROM
    return IPM_FROM


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.liars_dice", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="1v1 with 4 sides against CFR+; cells of up to 4 sides")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name} (a part run "
                                                             "alone replaces its own section only)")
    parser.add_argument("--certificates", action="store_true", help="write each cell's certificate")
    parser.add_argument("--cells", nargs="*", metavar="CELL",
                        help="cells such as 2v1-6-normal, for either part (default: all)")
    parser.add_argument("--part", choices=["all", "table", "speed"], default="all",
                        help="the table, the comparison with CFR+ (speed), or both (default)")
    parser.add_argument("--limit", type=float, default=LIMIT, metavar="SECONDS",
                        help=f"wall-clock seconds CFR+ may run on one cell (default {LIMIT})")
    parser.add_argument("--verify", action="store_true",
                        help="verify every stored certificate (and, where the whole game can be built, "
                             "its strategies on the whole game), timed")
    parser.add_argument("--child", metavar="CELL", help=argparse.SUPPRESS)
    parser.add_argument("--ipm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.verify:
        print(verify_all())
    elif args.child:
        print(json.dumps(certify(_cell(args.child), save=args.certificates, ipm=args.ipm)))
    else:
        cells = [_cell(c) for c in args.cells] if args.cells else None
        report = run(args.quick, cells, args.certificates, args.part, args.limit)
        print(report, end="")
        if args.write:
            RESULTS.write_text(merged(report, RESULTS.read_text() if RESULTS.exists() else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
