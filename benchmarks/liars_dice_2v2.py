"""Liar's dice, two dice against two: every variant certified that fits, and the size of
every one that does not.

``python -m benchmarks.liars_dice_2v2 [--write] [--certificates]``

Each variant of :data:`bluffmath.liars_dice.table.TWO_AGAINST_TWO` whose reduced game
fits :data:`~bluffmath.limits.MAX_GAME_NODES` is solved in a process of its own, as
``benchmarks/liars_dice.py`` solves the published table's cells (the reduced game, its
sequence form, HiGHS's simplex method, the exact rebuild, both exact best responses): CPU
seconds, the process's peak memory, the reduced game's nodes and sequences.
``--certificates`` writes each certificate to ``bluffmath/liars_dice/certificates``. A
cell that takes more than ``LIMIT`` seconds is stopped and called not reached. The
variants that do not fit are listed with their size, counted before anything is built,
and so are the four stairs cells of the published table that no one has reached (two
dice against one, five and six sides).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.liars_dice import FOLDER, _name, whole_sequences
from bluffmath.liars_dice.rules import Rules

RESULTS = Path(__file__).with_name("LIARS_DICE_2V2.md")
#: How far the size of a variant that does not fit is counted (the count's own memory
#: grows with it): beyond this, "more than".
COUNT_UP_TO = 50_000_000
#: The seconds (wall clock) one cell may take here before it is called not reached.
LIMIT = 300
#: The published table's cells that no one has reached.
STAIRS = ((2, 1, 5, "stairs"), (1, 2, 5, "stairs"), (2, 1, 6, "stairs"), (1, 2, 6, "stairs"))


def size(cell: tuple[int, int, int, str]) -> tuple[int | None, str]:
    """The reduced game's nodes (None: more than :data:`COUNT_UP_TO`) and the words for them."""
    from bluffmath.liars_dice.reduced import least_nodes, reduced_nodes
    rules = Rules(*cell)
    nodes = reduced_nodes(rules, COUNT_UP_TO)
    if nodes is None:
        return None, f"more than {COUNT_UP_TO:,} (at least {least_nodes(rules):,} counted from its first calls)"
    return nodes, f"{nodes:,}"


def solved(cell: tuple[int, int, int, str], save: bool) -> dict | None:
    """The cell certified in a process of its own (``benchmarks.liars_dice --child``), or
    None if it takes more than :data:`LIMIT` seconds."""
    args = [sys.executable, "-m", "benchmarks.liars_dice", "--child", _name(cell), *["--certificates"] * save]
    try:
        done = subprocess.run(args, capture_output=True, text=True, check=True, cwd=FOLDER.parents[2], timeout=LIMIT)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout)


def rows(cells: Sequence[tuple[int, int, int, str]], save: bool) -> list[str]:
    """The table's rows: each cell solved, or its size where it does not fit."""
    from bluffmath.limits import MAX_GAME_NODES
    out = ["| dice | sides | mode | value (exact) | CPU seconds | peak memory "
           "| reduced game: nodes | sequences a player: reduced game (solved) | whole game |",
           "|---|---:|---|---|---:|---:|---:|---:|---:|"]
    for cell in cells:
        d1, d2, s, mode = cell
        whole = _whole(cell)
        nodes, said = size(cell)
        if nodes is None or nodes > MAX_GAME_NODES:
            out.append(f"| {d1}v{d2} | {s} | {mode} | not reached | - | - | {said} | - | {whole} |")
            continue
        print(f"  {_name(cell)}", file=sys.stderr, flush=True)
        r = solved(cell, save)
        if r is None:
            out.append(f"| {d1}v{d2} | {s} | {mode} | not reached | - | - | {said} | - | {whole} |")
            continue
        out.append(f"| {d1}v{d2} | {s} | {mode} | {r['value']} | {r['seconds']:.2f} s | {r['megabytes']:,.0f} MB "
                   f"| {said} | {' and '.join(f'{n:,}' for n in r['sequences'])} | {whole} |")
    return out


def report(save: bool) -> str:
    """The whole report."""
    from bluffmath.liars_dice.table import TWO_AGAINST_TWO
    from bluffmath.limits import MAX_GAME_NODES
    body = rows(TWO_AGAINST_TWO, save)
    unreached = [f"| {c[0]}v{c[1]} | {c[2]} | {c[3]} | {size(c)[1]} | {_whole(c)} |" for c in STAIRS]
    return "\n".join([
        "# Liar's dice: two dice against two", "",
        "Written by `python -m benchmarks.liars_dice_2v2 --write`; see `benchmarks/liars_dice_2v2.py`.", "",
        f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average (1 min) at the end: "
        f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} logical cores", "",
        "Each cell in a process of its own: CPU seconds from the rules to a verified certificate of the "
        "reduced game (the game, its sequence form, HiGHS, the exact rebuild, both exact best responses), "
        "and the process's peak memory (the interpreter and its libraries included). A cell whose reduced "
        f"game has more than MAX_GAME_NODES ({MAX_GAME_NODES:,}) nodes is not reached: its size is "
        f"counted before anything is built; nor is one that takes more than {LIMIT // 60} minutes here.", "",
        *body, "",
        "## The published table's four stairs cells", "",
        "Two dice against one in the stairs mode, with five and six sides: not reached. The size of each "
        "reduced game, counted as above, against the largest cell solved here, one die each in the stairs "
        "mode with six sides (2,729,769 nodes; 561,133 sequences a player; 40 CPU seconds with the simplex "
        "method, 2.6 GB: benchmarks/LIARS_DICE.md):", "",
        "| dice | sides | mode | reduced game: nodes | sequences a player: whole game |",
        "|---|---:|---|---:|---:|", *unreached, ""]) + "\n"


def _whole(cell: tuple[int, int, int, str]) -> str:
    return " and ".join(f"{n:,}" for n in whole_sequences(Rules(*cell)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.liars_dice_2v2", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    parser.add_argument("--certificates", action="store_true", help="write each cell's certificate")
    args = parser.parse_args(argv)
    text = report(args.certificates)
    print(text, end="")
    if args.write:
        RESULTS.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
