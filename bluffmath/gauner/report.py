"""A solution as text for a terminal and as JSON for programs (the command line's output);
as HTML heat maps (:func:`html`, :func:`grid_html`), as the solution shows itself in a
notebook (:mod:`bluffmath.gauner.solve`).

>>> from bluffmath.gauner.position import Position
>>> from bluffmath.gauner.solve import solve
>>> hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...         "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
>>> s = solve(Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand,
...     "tables": [{}, {"numbers": {"green-A": 5}}]}))
>>> print(text(s, guesses=2).split("surplus")[0])
Gauner raus!, 2 players, seen by seat 0: 810810 deals fit all tables
<BLANKLINE>
seat 1, 12 hidden cards: the chance of each cell, per cent
             A      B      C      D      E      F
red       mine   mine   mine   mine   mine   mine
yellow    mine   mine   mine   mine   mine   mine
green     55.6   55.6   55.6   55.6   55.6   55.6
blue      55.6   46.7   46.7   46.7   46.7   46.7
purple    55.6   46.7   46.7   46.7   46.7   46.7
orange    55.6   46.7   46.7   46.7   46.7   46.7
<BLANKLINE>
<BLANKLINE>
"""

from __future__ import annotations

from typing import Any

from bluffmath.display import percent
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.joint import Holder
from bluffmath.gauner.solve import Solution, _check, _mark
from bluffmath.gauner.solve import grid_html as grid_html
from bluffmath.gauner.solve import html as html

# The ``name as name`` imports: names that moved to the module named, still found here.


def text(solution: Solution, guesses: int = 5) -> str:
    """Per-cent grids for every holder, the best guesses and the forced cells."""
    _check(solution)
    p = solution.position
    lines = [f"Gauner raus!, {p.players} players, seen by seat {p.me}: {solution.deals} deals fit all tables", ""]
    for holder in solution.holders:
        lines += [*_grid(solution, holder), ""]
    lines.append("best guesses:")
    lines += [f"  seat {g.seat} {g.cell}: {g.probability} ({percent(g.probability)})"
              for g in solution.best_guesses(guesses)]
    if solution.forced:
        lines.append("certain:")
        lines += [f"  {f.cell} {'is' if f.held else 'is not'} {_holder(f.holder)}: {f.reason}"
                  for f in solution.forced]
    return "\n".join(lines)


def to_json(solution: Solution, guesses: int = 5) -> dict[str, Any]:
    """The solution's JSON plus the forced cells and the best guesses, fractions as "p/q"."""
    _check(solution)
    return {
        **solution.to_json(),
        "best_guesses": [{"seat": g.seat, "cell": g.cell,
                          "probability": f"{g.probability.numerator}/{g.probability.denominator}"}
                         for g in solution.best_guesses(guesses)],
        "forced": [{"holder": str(f.holder), "cell": f.cell, "held": f.held, "kind": f.kind, "reason": f.reason}
                   for f in solution.forced],
    }


def _holder(holder: Holder) -> str:
    return "in the surplus" if holder == "surplus" else f"seat {holder}'s"


def _grid(solution: Solution, holder: Holder) -> list[str]:
    p = solution.position
    if holder == "surplus":
        title = f"surplus, {GRID.surplus(p.players)} cards: the chance of each cell, per cent"
    else:
        title = f"seat {holder}, {p.hidden(holder)} hidden cards: the chance of each cell, per cent"
    table = solution.table(holder)
    rows = [title, " " * 7 + "".join(f"{x:>7}" for x in GRID.letters)]
    for colour in GRID.colours:
        cells = [f"{colour}-{x}" for x in GRID.letters]
        rows.append(f"{colour:<7}" + "".join(f"{_mark(solution, table, c):>7}" for c in cells))
    return rows
