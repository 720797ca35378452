"""A solution as text for a terminal and as JSON for programs (the command line's output).

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

from fractions import Fraction
from html import escape
from typing import Any

from bluffmath.display import decimal, percent
from bluffmath.errors import InvalidInputError
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.joint import Holder
from bluffmath.gauner.solve import Solution


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


def html(solution: Solution) -> str:
    """The answer as HTML: what it is based on, then a heat map per holder (a quick answer:
    only its seat's)."""
    _check(solution)
    holders = solution.holders if solution.alone is None else (solution.alone,)
    return f"<div class='bluffmath-gauner'><p>{escape(_title(solution))}</p>" + "".join(
        grid_html(solution, h) for h in holders) + "</div>"


def grid_html(solution: Solution, holder: Holder) -> str:
    """A 6 x 6 heat map of one holder's chances; certain cells framed, their reason on hover.

    Each cell carries ``data-cell`` and, when unknown, ``data-p`` (the exact fraction), so a
    page or a test can read the exact numbers behind the rounded percentages.
    """
    _check(solution)
    table = solution.table(holder)  # an unknown holder is refused here
    forced = {f.cell: f for f in solution.forced if f.holder == holder}
    head = "".join(f"<th>{x}</th>" for x in GRID.letters)
    rows = []
    for colour in GRID.colours:
        cells = "".join(_td(solution, table, forced, f"{colour}-{x}") for x in GRID.letters)
        rows.append(f"<tr><th>{colour}</th>{cells}</tr>")
    name = "surplus" if holder == "surplus" else f"seat {holder}"
    return (f"<table class='bluffmath-heat' data-holder='{holder}' style='display:inline-table;"
            f"margin:0 1em 1em 0;border-collapse:collapse;text-align:center'>"
            f"<caption>{name}</caption><tr><th></th>{head}</tr>{''.join(rows)}</table>")


def _td(solution: Solution, table: dict, forced: dict, cell: str) -> str:
    style = "padding:2px 5px;border:1px solid #ccc;min-width:3em"
    if cell not in table:
        return f"<td data-cell='{cell}' style='{style};background:#eee;color:#595959'>{_mark(solution, table, cell)}</td>"
    p = table[cell]
    title = ""
    if cell in forced:
        style += ";border:2px solid #000;font-weight:bold"
        title = f" title='{escape(forced[cell].reason, quote=True)}'"
    # black text on a shade of at most 0.85: at least 5.15:1 at every p (WCAG AA)
    background = f"rgba(30,100,220,{decimal(p * Fraction(85, 100), 2)})"
    return (f"<td data-cell='{cell}' data-p='{p}'{title} style='{style};background:{background};"
            f"color:#000'>{decimal(p * 100, 1)}</td>")


def _title(solution: Solution) -> str:
    if solution.alone is None:
        return f"Exact, from all tables at once: {solution.deals} deals fit."
    return (f"Quick answer from seat {solution.alone}'s table alone ({solution.deals} hands fit it); "
            f"the other tables are not used yet.")


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


def _mark(solution: Solution, table: dict, cell: str) -> str:
    if cell in table:
        return decimal(table[cell] * 100, 1)
    c = GRID.index(cell)
    if c in solution.position.hand:
        return "mine"
    return "laid"


def _check(solution: object) -> None:
    if not isinstance(solution, Solution):
        raise InvalidInputError(f"a report needs a Solution (from solve(position)), got {type(solution).__name__}")
