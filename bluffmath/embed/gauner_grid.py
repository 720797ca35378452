"""The Gauner raus! calculator: every opponent's chance of every card, from all tables.

You are seat 0. Cells are typed by name (``red-A``); a colour alone (``red``) or a letter
alone (``A``) stands for its whole row or column. Numbers are typed as ``green-A=5``.

>>> r = run({"players": "2", "hand": "red yellow", "numbers0": "green-A=2",
...          "numbers1": "green-A=5", "seat": "1", "cell": "green-B"})
>>> r["answer"]["fraction"], r["lines"][0]
('5/9', '810810 deals fit all tables, each equally likely')
>>> run({"players": "2", "hand": "red", "seat": "1", "cell": "green-B"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: your hidden cards (6) and laid cards (0) must make 12 with 2 players
"""

from __future__ import annotations

from bluffmath.embed.forms import (
    Calculator,
    Field,
    Params,
    Result,
    answer,
    choices,
    is_number,
    items,
    result,
    table,
    text,
    whole,
)
from bluffmath.errors import InvalidInputError
from bluffmath.gauner import COLOURS, GRID, LETTERS, Position, Solution, solve
from bluffmath.gauner.position import in_words

SEATS = range(4)
MOST_PLAYERS = 4
CELLS_HINT = "cells such as red-A; red alone is the red row, A alone the A column"


def _seat_fields(seat: int) -> tuple[Field, ...]:
    group = "Your table (seat 0)" if seat == 0 else f"Seat {seat}'s table"
    defaults = {0: "green-A=2", 1: "green-A=5"}
    return (
        Field(f"numbers{seat}", "Numbers written", defaults.get(seat, ""),
              hint="such as green-A=5, blue-C=4", group=group, needs_players=seat + 1),
        Field(f"laid{seat}", "Cards laid face up", hint=CELLS_HINT, group=group, needs_players=seat + 1),
        Field(f"notmine{seat}", '"Not mine" marks', hint=CELLS_HINT, group=group,
              needs_players=seat + 1),
    )


FIELDS = (
    Field("players", "Players", "2", choices(range(2, MOST_PLAYERS + 1))),
    Field("hand", "Your hidden cards", "red yellow", hint=CELLS_HINT),
    *(f for seat in SEATS for f in _seat_fields(seat)),
    Field("seat", "Question: does seat", "1", choices(range(1, MOST_PLAYERS))),
    Field("cell", "hold the card", "green-B", hint="a cell such as green-B"),
)


def cells(what: str, raw: str) -> list[str]:
    """Cell names from typed text; a colour or a letter alone is its whole row or column.

    >>> cells("laid", "red-A, B")
    ['red-A', 'red-B', 'yellow-B', 'green-B', 'blue-B', 'purple-B', 'orange-B']
    """
    out = []
    for item in items(raw):
        if item.lower() in COLOURS:
            out += [f"{item.lower()}-{x}" for x in LETTERS]
        elif item.upper() in LETTERS:
            out += [f"{c}-{item.upper()}" for c in COLOURS]
        else:
            out.append(_cell(what, item))
    return out


def _cell(what: str, name: str) -> str:
    """``name`` if it is a cell, else the core's message, saying which field it came from."""
    try:
        GRID.index(name)
    except InvalidInputError as error:
        raise InvalidInputError(f"{what}: {error}") from None
    return name


def numbers(what: str, raw: str) -> dict[str, int]:
    """``{"green-A": 5}`` from ``"green-A=5"`` (``:`` works too); the core checks the range.

    >>> numbers("seat 1's numbers", "green-A=5 blue-C:4")
    {'green-A': 5, 'blue-C': 4}
    """
    out = {}
    for item in items(raw):
        cell, sep, n = item.replace(":", "=").partition("=")
        if not sep or not is_number(n):
            raise InvalidInputError(f"{what} must be entries such as green-A=5 (a cell, =, a number), "
                                    f"got {item!r}")
        _cell(what, cell)
        if cell in out:
            raise InvalidInputError(f"{what} give {cell} twice")
        out[cell] = int(n)
    return out


def position(params: Params) -> Position:
    """The position the form describes, seen by seat 0."""
    players = whole(params, "players", "players", 2, MOST_PLAYERS)
    tables = []
    for seat in SEATS:
        fields = {k: text(params, f"{k}{seat}") for k in ("numbers", "laid", "notmine")}
        if seat >= players:
            if any(fields.values()):
                raise InvalidInputError(f"seat {seat} is not at a table of {players} players: "
                                        f"leave its fields empty or choose more players")
            continue
        tables.append({"numbers": numbers(f"seat {seat}'s numbers", fields["numbers"]),
                       "laid": cells(f"seat {seat}'s laid cards", fields["laid"]),
                       "not_mine": cells(f"seat {seat}'s marks", fields["notmine"])})
    try:
        return Position.from_json({"game": "gauner-raus", "players": players, "me": 0,
                                   "hand": cells("your hand", text(params, "hand")), "tables": tables})
    except InvalidInputError as error:  # the form's words, not the JSON form's paths
        raise InvalidInputError(in_words(str(error))) from None


def grid_rows(solution: Solution, holder: int | str) -> list[list[object]]:
    """One holder's 6 x 6 grid: the exact chance of each unknown cell, else where it is."""
    chances, p = solution.table(holder), solution.position
    rows = []
    for colour in COLOURS:
        row: list[object] = [colour]
        for letter in LETTERS:
            name = f"{colour}-{letter}"
            cell = GRID.index(name)
            row.append(chances.get(name, "mine" if cell in p.hand else "laid"))
        rows.append(row)
    return rows


def certain(solution: Solution) -> str:
    """The cells whose place is certain, each with the reason a player can follow."""
    lines = [f"{f.cell} {'is' if f.held else 'is not'} "
             f"{'in the surplus' if f.holder == 'surplus' else f'held by seat {f.holder}'}: {f.reason}"
             for f in solution.forced]
    return "\n".join(["Certain cells:", *lines]) if lines else "No cell is certain yet."


def run(params: Params) -> Result:
    """The exact chance that the asked seat holds the asked cell, and every grid."""
    p = position(params)
    seat = whole(params, "seat", "the seat asked about", 1, p.players - 1)
    cell = text(params, "cell")
    solution = solve(p, engine="python")  # the pure-Python engine: no numpy in a browser
    asked = solution.probability(seat, cell)
    guesses = [(f"seat {g.seat}", g.cell, g.probability) for g in solution.best_guesses(5)]
    grids = [table(f"seat {h}'s hidden cards" if h != "surplus" else "the cards nobody holds (surplus)",
                   ("", *LETTERS), grid_rows(solution, h)) for h in solution.holders]
    return result(answer(f"P(seat {seat} holds {cell})", asked),
                  [f"{solution.deals} deals fit all tables, each equally likely"],
                  [table("best guesses", ("ask", "cell", "P(hit)"), guesses), *grids],
                  certain(solution))


CALCULATOR = Calculator(
    "gauner-grid", "Gauner raus!: where are the cards?",
    "Every opponent's exact chance of holding every card, counting every deal that fits all "
    "the tables on the board. You are seat 0.", FIELDS, run)
