"""Refining a certified equilibrium: bluffmath's programs over the optimal face against the
whole sequence-form program with the value held as a row.

``python -m benchmarks.refine [--quick] [--write] [--games kuhn-poker duel-0-1-2-3 ...]``

*Ours.* :func:`bluffmath.equilibrium.refined` refines each player's strategy of a
certificate so that it also punishes the opponent's single misplays. Each program is the
optimal face alone (:func:`bluffmath.equilibrium.refine._optimal_face`): the maximiser's
best replies to the opponent's equilibrium plans, the actions dominated by sure outcomes
left out, the opponent's rows where its equilibrium plays held as equalities, and no row
for the value. The first program finds a point inside the face (HiGHS's interior point
method without crossover and without an objective), a guess at the misplays some
equilibrium punishes; the second holds each of those punished (a row each) and maximises
the total gain against the rest, its vertex rebuilt exactly and each gain counted exactly.
If it gains against some of the rest, the loop goes on as the baseline's, each program
maximising the total gain against the misplays not yet punished.

*Baseline.* :func:`plain_refined`, below: what a competent user of the solver would write,
and what bluffmath did before the face. The same loop, the same objective and the same
exact rebuild, each program the WHOLE sequence-form program
(:class:`bluffmath.equilibrium.program._Program`) with the value held as one more row,
``denominator * q[root] >= scale * value.numerator``.

Each game's certificate is refined both ways, each in a process of its own (so that its
peak memory is its own): CPU seconds (``time.process_time``) of the refinement alone (the
certificate loaded and verified, its sequence form built and scipy and highspy imported
before the clock starts), the process's peak resident memory (the loading included), the
programs each player needed (counted with ``progress=``) and the single misplays each
player's refined strategy punishes (each gain counted exactly by
:meth:`bluffmath.equilibrium.refine._Opponent.gains`). Both refined certificates must verify
and punish exactly the same misplays, player by player: a row that disagrees stops the run.

>>> [label(key) for key in QUICK]
['Kuhn poker', 'Duel on 0-1-2-3']
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from benchmarks.liars_dice import _peak_megabytes
from benchmarks.report import machine

RESULTS = Path(__file__).with_name("REFINE.md")
ROOT = Path(__file__).resolve().parents[1]
COLOUR = "duel-0-0-0-1-1-2-2-3-3-4-4-5-5-6-7"
#: Every game, the real colour last (its plain refinement takes about ten minutes).
FULL = ("kuhn-poker", "duel-0-1-2", "duel-0-1-2-3", "duel-0-1-2-3-4", "duel-0-0-0-1-1-2-2-3-3-4-4-5",
        "liars-dice-1v1-6", "liars-dice-2v1-4", COLOUR)
QUICK = ("kuhn-poker", "duel-0-1-2-3")
WAYS = ("bluffmath", "plain")


# --- the games --------------------------------------------------------------------------------
def label(key: str) -> str:
    """A game's name in the report."""
    if key.startswith("duel-"):
        return "Duel on the real colour (0-0-0-1-1-2-2-3-3-4-4-5-5-6-7)" if key == COLOUR else f"Duel on {key[5:]}"
    if key.startswith("liars-dice-"):
        dice, sides = key[11:].split("-")
        return f"Liar's dice {dice}, {sides} sides, normal (the reduced game)"
    return "Kuhn poker"


def load(key: str) -> Any:
    """The certificate to refine: the one that ships, or (a Duel whose does not) solved here."""
    from bluffmath.equilibrium import solve, stored
    if key == "kuhn-poker":
        return stored({"game": "kuhn-poker"})
    if key.startswith("duel-"):
        from bluffmath.duel import duel
        deck = [int(card) for card in key[5:].split("-")]
        return stored({"game": "hochstapler-duel", "deck": deck}) or solve(duel(deck))
    if key.startswith("liars-dice-"):
        from bluffmath.liars_dice import table
        dice, sides = key[11:].split("-")
        d1, d2 = dice.split("v")
        return table.certificate(int(d1), int(d2), int(sides))
    raise SystemExit(f"no game {key!r}: the games are {', '.join(FULL)}")


# --- the plain approach -------------------------------------------------------------------------
def plain_refined(cert: Any, progress: Callable[[str], None] | None = None) -> Any:
    """The refinement as a competent user of the solver would write it (and as bluffmath
    wrote it before the optimal face): each player's strategy by :func:`_plain_punishing`
    on the whole program, checked by an exact best response."""
    from bluffmath.equilibrium import Certificate
    from bluffmath.equilibrium.program import _Program, _silent
    from bluffmath.equilibrium.refine import _complete, _swapped
    from bluffmath.equilibrium.response import _behaviour, _plan, _respond
    from bluffmath.equilibrium.sequence import form
    from bluffmath.errors import CertificateError

    say = progress or _silent
    game, value = cert.game, cert.value
    f = form(game)
    strategies = []
    for player, sign, swapped in ((1, 1, f), (2, -1, _swapped(f))):
        opponent = _complete(game, cert.strategies[2 - player], 3 - player)
        plan = _plain_punishing(_Program(swapped, simplex=game.simplex), swapped, game, opponent, sign * value,
                                lambda text, player=player: say(f"player {player}'s strategy: {text}"))
        strategy = _behaviour(game, player, dict(zip(f.sequences[player - 1], plan, strict=True)))
        guaranteed, _ = _respond(game, player, _plan(game, player, strategy))
        if guaranteed != value:
            raise CertificateError(f"the refined strategy of player {player} guarantees {guaranteed}, "
                                   f"not the value {value}")
        strategies.append(strategy)
    return Certificate(game, value, (strategies[0], strategies[1]))


def _plain_punishing(program: Any, fs: Any, game: Any, beh: dict, value: Fraction,
                     say: Callable[[str], None]) -> list[Fraction]:
    """The maximiser's exact plan in ``fs``: the loop of :func:`bluffmath.equilibrium.refined`,
    each program the whole one with the value held (:func:`_holding_value`)."""
    from bluffmath.equilibrium.refine import _Opponent

    opp = _Opponent(fs, game, beh)
    target = set(opp.misplays)
    found: list[list[Fraction]] = []
    while target:
        say(f"program {len(found) + 1}, against {len(target):,} of {len(opp.misplays):,} single misplays "
            f"not yet punished")
        plan = _holding_value(program, value, opp.objective(target))
        gains = opp.gains(plan)
        punished = {m for m in target if gains[m] > 0}
        if not punished:
            break
        found.append(plan)
        target -= punished
    if not found:
        return _holding_value(program, value, [0.0] * program.n1)
    return [sum(column, Fraction(0)) / len(found) for column in zip(*found, strict=True)]


def _holding_value(program: Any, value: Fraction, objective: list[float]) -> list[Fraction]:
    """Player 1's exact plan at a vertex of the whole program that keeps ``q[root]`` at the
    game's ``value`` (one more row) and maximises ``objective``."""
    import highspy
    import numpy as np
    from scipy import sparse

    from bluffmath.errors import CertificateError

    n1 = program.n1
    scale = program.f.denominator  # q is the value times the payoff's denominator (lp_rows)
    hold = sparse.csr_matrix(([value.denominator], ([0], [n1])), shape=(1, program.ncols), dtype=np.int64)
    m = sparse.vstack([program.m, hold]).tocsr()
    floor = scale * value.numerator
    lower = np.append(program.lower, float(floor))
    upper = np.append(program.upper, highspy.kHighsInf)
    top = max((abs(c) for c in objective), default=0.0) or 1.0
    cost = np.zeros(program.ncols)
    cost[:n1] = [-c / top for c in objective]  # HiGHS minimises
    for tolerance in (1e-10, 1e-12):
        plan = _plain_vertex(program, m, (lower, upper), cost, tolerance, {m.shape[0] - 1: floor})
        if plan is not None:
            return plan
    raise CertificateError("the refining program's vertex was not rebuilt exactly")


def _plain_vertex(program: Any, m: Any, bounds: tuple[Any, Any], cost: Any, tolerance: float,
                  rhs: dict[int, int]) -> list[Fraction] | None:
    """Player 1's exact plan at HiGHS's optimal basis of ``min cost z`` over the rows ``m``
    (``bounds``: lower, upper); ``rhs``: the rows other than ``x[root] = 1`` whose active
    bound is not 0. None if HiGHS finds no optimum or the basis does not rebuild exactly."""
    import highspy
    import numpy as np

    from bluffmath.equilibrium.exact import exact_solve
    from bluffmath.equilibrium.program import IPM_FROM, _highs, _run
    from bluffmath.errors import CertificateError

    n1, ncols = program.n1, program.ncols
    h = _highs()
    for option in ("primal_feasibility_tolerance", "dual_feasibility_tolerance"):
        h.setOptionValue(option, tolerance)
    h.setOptionValue("solver", "ipm" if m.shape[0] > IPM_FROM and not program.simplex else "simplex")
    h.setOptionValue("run_crossover", "on")
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = ncols, m.shape[0]
    inf = highspy.kHighsInf
    lp.col_cost_ = cost
    lp.col_lower_ = np.array([0.0 if c < n1 else -inf for c in range(ncols)])
    lp.col_upper_ = np.full(ncols, inf)
    lp.row_lower_, lp.row_upper_ = np.maximum(bounds[0], -inf), bounds[1]
    csc = m.tocsc()
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = csc.indptr, csc.indices, csc.data.astype(float)
    h.passModel(lp)
    if _run(h) != highspy.HighsModelStatus.kOptimal:
        return None
    basis = h.getBasis()
    basic = highspy.HighsBasisStatus.kBasic
    cols_b = [j for j, st in enumerate(basis.col_status) if st == basic]
    rows_nb = [i for i, st in enumerate(basis.row_status) if st != basic]
    if len(cols_b) != len(rows_nb):
        return None
    try:
        z = exact_solve(m[rows_nb, :][:, cols_b].tocsc(), [1 if i == 0 else rhs.get(i, 0) for i in rows_nb])
    except CertificateError:
        return None
    plan = [Fraction(0)] * n1
    for j, v in zip(cols_b, z, strict=True):
        if j < n1:
            plan[j] = v
    return plan


# --- measuring ----------------------------------------------------------------------------------
def punished(cert: Any, strategies: Sequence[dict]) -> list[list[list[int]]]:
    """For each player, the opponent's single misplays (``[infoset, action]`` indices of its
    sequence form) against which ``strategies[player - 1]`` gains, counted exactly against
    ``cert``'s equilibrium."""
    from bluffmath.equilibrium.refine import _complete, _Opponent, _swapped
    from bluffmath.equilibrium.response import _plan
    from bluffmath.equilibrium.sequence import form

    game = cert.game
    f = form(game)
    out = []
    for player, fs in ((1, f), (2, _swapped(f))):
        opp = _Opponent(fs, game, _complete(game, cert.strategies[2 - player], 3 - player))
        gains = opp.gains(_plan(game, player, strategies[player - 1]))
        out.append(sorted([i, k] for (i, k), gain in gains.items() if gain > 0))
    return out


def child(key: str, way: str) -> dict:
    """In the child process: refine ``key``'s certificate one ``way``; the figures."""
    import resource

    import highspy  # noqa: F401 - the solver's one-off imports are not the refinement
    import scipy.sparse.linalg  # noqa: F401

    from bluffmath.equilibrium import refined
    from bluffmath.equilibrium.refine import _complete, _Opponent, _swapped
    from bluffmath.equilibrium.sequence import form

    cert = load(key)
    cert.verify()
    f = form(cert.game)
    loaded = _peak_megabytes(resource)
    lines: list[str] = []
    refine = refined if way == "bluffmath" else plain_refined
    start = time.process_time()
    out = refine(cert, progress=lines.append)
    seconds = time.process_time() - start
    peak = _peak_megabytes(resource)
    out.verify()  # CertificateError if not
    misplays = [len(_Opponent(fs, cert.game, _complete(cert.game, cert.strategies[2 - p], 3 - p)).misplays)
                for p, fs in ((1, f), (2, _swapped(f)))]
    return {"certificate": hashlib.sha256(cert.to_json().encode()).hexdigest(), "value": str(out.value),
            "verified": True, "seconds": seconds, "peak_mb": peak, "loaded_mb": loaded,
            "programs": [sum(line.startswith(f"player {p}'s strategy: program ") for line in lines) for p in (1, 2)],
            "misplays": misplays, "punished": punished(cert, out.strategies),
            "solved_punished": [len(side) for side in punished(cert, cert.strategies)]}


def measure(key: str, way: str) -> dict:
    """:func:`child` in a fresh process."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.refine", "--child", key, way],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout)


def check(key: str, got: dict[str, dict]) -> None:
    """Stop the run (SystemExit) unless both ways refined the same certificate to a verified
    one of the same value that punishes exactly the same misplays, player by player."""
    ours, plain = got["bluffmath"], got["plain"]
    for what in ("certificate", "value", "verified", "misplays"):
        if ours[what] != plain[what]:
            raise SystemExit(f"{label(key)}: the two refinements differ in {what}: {ours[what]} and {plain[what]}")
    for player, (a, b) in enumerate(zip(ours["punished"], plain["punished"], strict=True), start=1):
        if a != b:
            only = (len([m for m in a if m not in b]), len([m for m in b if m not in a]))
            raise SystemExit(f"{label(key)}: player {player}'s refined strategies punish different misplays: "
                             f"{only[0]} only bluffmath's, {only[1]} only the plain one's")


# --- the report ---------------------------------------------------------------------------------
def row(key: str, got: dict[str, dict]) -> str:
    """One game's row of the report."""
    ours, plain = got["bluffmath"], got["plain"]
    both = " and ".join(f"{len(side):,} of {n:,}" for side, n in zip(ours["punished"], ours["misplays"], strict=True))
    solved = " and ".join(f"{n:,}" for n in ours["solved_punished"])
    return (f"| {label(key)} | {ours['value']} | {both} ({solved}) | {ours['loaded_mb']:.0f} MB | "
            + " | ".join(f"{side['seconds']:.2f} s | {side['peak_mb']:.0f} MB | "
                         f"{side['programs'][0]} and {side['programs'][1]}" for side in (ours, plain))
            + f" | {plain['seconds'] / ours['seconds']:.3g}x |")


def run(keys: Sequence[str], quick: bool = False, measured: Callable[[str, str], dict] = measure) -> str:
    """Every game both ways, checked (:func:`check`); the report."""
    load_average = os.getloadavg()[0]
    rows = []
    for key in keys:
        got = {way: measured(key, way) for way in WAYS}
        check(key, got)
        print(f"{label(key)}: {got['bluffmath']['seconds']:.2f} s, plain {got['plain']['seconds']:.2f} s",
              file=sys.stderr, flush=True)
        rows.append(row(key, got))
    return "\n".join([
        "# Refining an equilibrium: the optimal face against the whole program", "",
        "Written by `python -m benchmarks.refine" + (" --quick" if quick else "") + " --write`.", "",
        *machine((load_average, os.getloadavg()[0])), "",
        "Each certificate refined to punish the opponent's single misplays (`bluffmath.equilibrium.refined`), "
        "both ways, each in a process of its own: bluffmath's programs over the optimal face (the maximiser's "
        "best replies to the opponent's equilibrium, the actions dominated by sure outcomes left out, the "
        "opponent's rows where its equilibrium plays held as equalities, no value row; first a point inside "
        "the face, then one program that keeps punished every misplay the point punishes and maximises the "
        "total gain against the rest, then, if that gains against some, the loop below) against the plain "
        "approach, what a competent user of the solver would write and what bluffmath did before: a loop of "
        "programs, each maximising the total gain against the misplays not yet punished, with the same exact "
        "rebuild, each program the whole sequence-form program with the value held as one more row (its "
        "code: `plain_refined` in `benchmarks/refine.py`). CPU seconds of the refinement "
        "alone (`time.process_time`; the certificate loaded and verified and its sequence form built before "
        "the clock starts) and the process's peak memory (the loading included: the loaded column is the "
        "peak before refining). Programs: HiGHS's programs each player's refinement solved (player 1's and "
        "player 2's, counted with `progress=`). Both refined certificates verified on every row and punish "
        "exactly the same single misplays, player by player (each gain counted exactly); in brackets, how "
        "many the certificate as solved punishes.", "",
        "| game | value | misplays punished (player 1's strategy, player 2's) | loaded | bluffmath: CPU "
        "| its peak memory | programs | plain program: CPU | its peak memory | programs | ratio |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", *rows, ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.refine", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="Kuhn poker and the Duel on 0-1-2-3 only (seconds)")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    parser.add_argument("--games", nargs="*", choices=FULL, metavar="GAME", help=f"of {', '.join(FULL)} (default: all)")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "WAY"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    report = run(args.games or (QUICK if args.quick else FULL), quick=args.quick)
    print(report, end="")
    if args.write:
        RESULTS.write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
