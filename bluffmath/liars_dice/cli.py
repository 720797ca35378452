"""The ``bluffmath liars-dice`` commands: ``solve`` one variant, print the ``table``.

    bluffmath liars-dice solve D1 D2 SIDES [--mode normal|joker|stairs] [--whole] [--strategies] [--json]
    bluffmath liars-dice table [--json]

``solve`` prints the exact value of the game to player 1 and how each hand of player 1
opens, from the certificate stored with bluffmath when there is one (verified now), else
solved now (:func:`bluffmath.equilibrium.solve`, the solver extra) on the reduced game
(the same value; ``--whole``: the whole game), each stage of the solve said on standard
error as it starts (Ctrl+C stops it, HiGHS included). ``--strategies`` adds every information
set's mix of both players. A game larger than :data:`~bluffmath.limits.MAX_GAME_NODES`
nodes is refused at once, before it is built. ``table`` prints every stored cell, each
one's progress on standard error as it is read and verified.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bluffmath liars-dice")
>>> add_commands(parser)
>>> args = parser.parse_args(["solve", "1", "1", "3", "--json"])
>>> data = json.loads(args.run(args))
>>> data["value"], data["certificate"], data["opening"]["1"]
('-1/9', 'stored with bluffmath, verified now', {'1x3': '1'})
>>> print(args.run(parser.parse_args(["solve", "1", "1", "2"])).splitlines()[0])
Liar's dice 1v1, 2 sides, normal: value to player 1 = 0 (stored with bluffmath, verified now)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from bluffmath.cli_args import number
from bluffmath.display import decimal
from bluffmath.errors import CertificateError
from bluffmath.liars_dice.rules import MAX_DICE, MAX_SIDES, MODES, Rules

if TYPE_CHECKING:
    from bluffmath.equilibrium import Certificate


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Add the tasks ``solve`` and ``table`` to the ``liars-dice`` command's parser."""
    tasks = parser.add_subparsers(title="tasks", required=True, metavar="TASK")
    solver = tasks.add_parser("solve", help="the exact equilibrium of one variant, with its value")
    solver.add_argument("d1", type=number("D1", 1, MAX_DICE), metavar="D1", help="player 1's dice")
    solver.add_argument("d2", type=number("D2", 1, MAX_DICE), metavar="D2", help="player 2's dice")
    solver.add_argument("sides", type=number("SIDES", 1, MAX_SIDES), metavar="SIDES", help="sides of each die")
    solver.add_argument("--mode", choices=MODES, default="normal",
                        help="normal; joker (ones are wild); stairs (joker, and 1, 2, ..., n counts n + 1)")
    solver.add_argument("--whole", action="store_true",
                        help="solve the whole game, not the one without dominated actions (slower; same value)")
    solver.add_argument("--refined", action="store_true",
                        help="refine both strategies to punish the other's misplays (still an exact equilibrium; "
                             "needs the solver extra)")
    solver.add_argument("--strategies", action="store_true", help="print both players' every mix (long)")
    solver.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    solver.set_defaults(run=run_solve)
    table = tasks.add_parser("table", help="the exact value of every stored variant (1v1, 2v1, 1v2, 2v2)")
    table.add_argument("--json", action="store_true", help="print JSON, fractions as 'p/q'")
    table.set_defaults(run=run_table)


def run_solve(args: argparse.Namespace) -> str:
    """The ``solve`` task: its output text. A game too large to build, or a task that needs
    the solver extra where it is not installed, is refused before any work starts; a solve
    prints its stages on standard error as they start, and Ctrl+C stops it."""
    from bluffmath.liars_dice import table
    from bluffmath.liars_dice.game import check_whole_size
    from bluffmath.liars_dice.reduced import check_size
    rules = Rules(args.d1, args.d2, args.sides, args.mode)
    nodes = (check_whole_size if args.whole else check_size)(rules)
    if args.refined:
        _need_solver("--refined")
    stored = None if args.whole else table.cell(*rules.dice, rules.sides, rules.mode)
    # the solver's refinement takes the game built
    cert: table.Cell | Certificate | None = stored.certificate if stored and args.refined else stored
    source = "stored with bluffmath, verified now"
    say = _stages()
    if cert is None:
        _need_solver(f"solving {rules.name}, which has no stored certificate,")
        cert = _solve_now(rules, args.whole, nodes, say)
        source = "solved now, verified by exact best responses"
    if args.refined:
        from bluffmath.equilibrium import refined
        with _stopping(say):
            say("refining both strategies to punish misplays")
            cert = refined(cert, progress=say)
        source += "; refined to punish misplays, verified again"
    opening = {key.partition(":")[0]: mix for key, mix in cert.strategy(1).items() if key.endswith(":")}
    name = rules.name
    if args.json:
        data: dict[str, Any] = {"game": "liars-dice", "d1": rules.d1, "d2": rules.d2, "sides": rules.sides,
                                "mode": rules.mode, "value": _text(cert.value), "certificate": source,
                                "solved": "whole" if args.whole else "reduced", "refined": args.refined,
                                "opening": {hand: _mix(mix) for hand, mix in opening.items()}}
        if args.strategies:
            data["strategies"] = {str(p): {k: _mix(m) for k, m in cert.strategy(p).items()} for p in (1, 2)}
        return json.dumps(data, indent=2)
    lines = [f"{name}: value to player 1 = {_about(cert.value)} ({source})",
             "player 1 opens (hand: calls and their chances):"]
    lines += [f"  {hand:<6} " + ", ".join(f"{a}: {p}" for a, p in mix.items()) for hand, mix in opening.items()]
    if args.strategies:
        for player in (1, 2):
            lines.append(f"player {player} (information set 'hand:calls so far'; actions never played left out):")
            lines += [f"  {key:<20} " + ", ".join(f"{a}: {p}" for a, p in mix.items())
                      for key, mix in cert.strategy(player).items()]
    return "\n".join(lines)


def _stages() -> Callable[[str], None]:
    """A ``progress`` for a solve: each stage on a line of standard error, with the
    seconds since the command started it."""
    start = time.monotonic()

    def say(text: str) -> None:
        print(f"bluffmath liars-dice solve: {text} ({time.monotonic() - start:.1f} s)", file=sys.stderr, flush=True)
    return say


def _solve_now(rules: Rules, whole: bool, nodes: int, say: Callable[[str], None]) -> Certificate:
    """The game of ``rules`` (the whole game or the reduced one, of ``nodes`` nodes)
    built and solved, each stage said."""
    from bluffmath.equilibrium import solve
    from bluffmath.liars_dice.game import liars_dice
    from bluffmath.liars_dice.reduced import reduced_liars_dice
    with _stopping(say):
        say(f"building the {'whole' if whole else 'reduced'} game of {rules.name} ({nodes:,} nodes)")
        game = (liars_dice if whole else reduced_liars_dice)(*rules.dice, rules.sides, rules.mode)
        cert = solve(game, progress=say)
        say(f"solved: the value to player 1 is {cert.value}")
    return cert


@contextmanager
def _stopping(say: Callable[[str], None]) -> Iterator[None]:
    """Say so when Ctrl+C stops the work inside (which goes on up as KeyboardInterrupt)."""
    try:
        yield
    except KeyboardInterrupt:
        say("stopped (Ctrl+C)")
        raise


def _need_solver(what: str) -> None:
    """Refuse ``what`` unless the solver extra (scipy and highspy) is installed (found,
    not imported: before any work starts)."""
    from importlib.util import find_spec
    missing = [name for name in ("scipy", "highspy") if find_spec(name) is None]
    if missing:
        raise CertificateError(f"{what} needs the solver extra (pip install 'bluffmath[solve]': scipy, highspy): "
                               f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} not installed")


def run_table(args: argparse.Namespace) -> str:
    """The ``table`` task: every cell's value from its stored certificate (each verified),
    a line of progress on standard error as each cell is read. Ctrl+C stops it with a
    line saying how far it got."""
    from bluffmath.liars_dice.table import CELLS, PUBLISHED, TWO_AGAINST_TWO
    values = _read_cells(CELLS + TWO_AGAINST_TWO)
    if args.json:
        return json.dumps([{"d1": d1, "d2": d2, "sides": s, "mode": mode,
                            "value": None if v is None else _text(v), "published": PUBLISHED[d1, d2, s, mode]}
                           for (d1, d2, s, mode), v in values.items()], indent=2)
    lines = [f"{'dice':<5} {'sides':>5}  {'mode':<7} {'value to player 1':<22} published (snyd)"]
    for (d1, d2, s, mode), v in values.items():
        shown = "not stored" if v is None else _about(v)
        lines.append(f"{d1}v{d2:<3} {s:>5}  {mode:<7} {shown:<22} {PUBLISHED[d1, d2, s, mode] or '-'}")
    return "\n".join(lines)


def _read_cells(cells: tuple[tuple[int, int, int, str], ...]) -> dict[tuple[int, int, int, str], Fraction | None]:
    """Each cell's value from its stored certificate, verified; progress on standard error."""
    from bluffmath.liars_dice.table import cell as read
    values: dict[tuple[int, int, int, str], Fraction | None] = {}
    try:
        for cell in cells:
            start = time.monotonic()
            cert = read(*cell)
            values[cell] = v = None if cert is None else cert.value
            d1, d2, s, mode = cell
            print(f"bluffmath liars-dice table: {len(values)}/{len(cells)} {d1}v{d2}, {s} side{'s' * (s > 1)}, {mode}: "
                  f"{'not stored' if v is None else 'verified'} ({time.monotonic() - start:.1f} s)",
                  file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"bluffmath liars-dice table: stopped after {len(values)} of {len(cells)} cells",
              file=sys.stderr, flush=True)
        raise
    return values


def _mix(mix: dict[str, Fraction]) -> dict[str, str]:
    return {a: _text(p) for a, p in mix.items()}


def _text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _about(x: Fraction) -> str:
    return str(x) if x.denominator == 1 else f"{x} (about {decimal(x, 4)})"
