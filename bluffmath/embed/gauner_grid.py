"""The Gauner raus! calculator: every opponent's chance of every card, from all tables.

You are seat 0. Cells are typed by name (``red-A``); a colour alone (``red``) or a letter
alone (``A``) stands for its whole row or column. Numbers are typed as ``green-A=5``.

**In German** the colours are *rot, gelb, grün, blau, lila, orange* (the words a class
uses for the cards; :func:`bluffmath.gauner.position.colour_words`): the page writes every
cell with them (``grün-B``), and the form reads them as typed, in any case (``rot-A``,
``Rot``), as well as the English names, which keep working in every language. The seats are
*Platz 0, 1, ...* ("seat"); the cards nobody holds are *der Rest* (the surplus).

>>> r = run({"players": "2", "hand": "red yellow", "numbers0": "green-A=2",
...          "numbers1": "green-A=5", "seat": "1", "cell": "green-B"})
>>> r["answer"]["fraction"], r["lines"][0]
('5/9', '810810 deals fit all tables, each equally likely')
>>> run({"players": "2", "hand": "red", "seat": "1", "cell": "green-B"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: your hidden cards (6) and laid cards (0) must make 12 with 2 players
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     r = run({"players": "2", "hand": "rot gelb", "numbers0": "grün-A=2", "numbers1": "Grün-A=5",
...              "seat": "1", "cell": "grün-B"})
>>> r["answer"]["label"], r["answer"]["fraction"], r["lines"][0]
('P(Platz 1 hat grün-B)', '5/9', '810810 Verteilungen passen zu allen Tischen, jede gleich wahrscheinlich')
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
from bluffmath.gauner import COLOURS, GRID, HAND_SIZE, LETTERS, Position, Solution, solve
from bluffmath.gauner.position import cell_named, cell_words, colour_named, colour_words, in_words
from bluffmath.i18n import N_, _, n_
from bluffmath.validate import shown

SEATS = range(4)
MOST_PLAYERS = 4
CELLS_HINT = N_("cells such as red-A; red alone is the red row, A alone the A column")


def _seat_fields(seat: int) -> tuple[Field, ...]:
    group = N_("Your table (seat 0)") if seat == 0 else SEAT_GROUPS[seat]
    defaults = {0: N_("green-A=2"), 1: N_("green-A=5")}
    return (
        Field(f"numbers{seat}", N_("Numbers written"), defaults.get(seat, ""),
              hint=N_("such as green-A=5, blue-C=4"), group=group, needs_players=seat + 1),
        Field(f"laid{seat}", N_("Cards laid face up"), hint=CELLS_HINT, group=group, needs_players=seat + 1),
        Field(f"notmine{seat}", N_('"Not mine" marks'), hint=CELLS_HINT, group=group,
              needs_players=seat + 1),
    )


SEAT_GROUPS = {1: N_("Seat 1's table"), 2: N_("Seat 2's table"), 3: N_("Seat 3's table")}

FIELDS = (
    Field("players", N_("Players"), "2", choices(range(2, MOST_PLAYERS + 1))),
    Field("hand", N_("Your hidden cards"), N_("red yellow"), hint=CELLS_HINT),
    *(f for seat in SEATS for f in _seat_fields(seat)),
    Field("seat", N_("Question: does seat"), "1", choices(range(1, MOST_PLAYERS))),
    Field("cell", N_("hold the card"), N_("green-B"), hint=N_("a cell such as green-B")),
)


def cells(what: str, raw: str) -> list[str]:
    """Cell names from typed text; a colour or a letter alone is its whole row or column.

    >>> cells("laid", "red-A, B")
    ['red-A', 'red-B', 'yellow-B', 'green-B', 'blue-B', 'purple-B', 'orange-B']
    """
    out = []
    for item in items(raw):
        colour = colour_named(item)
        if colour is not None:
            out += [f"{colour}-{x}" for x in LETTERS]
        elif item.upper() in LETTERS:
            out += [f"{c}-{item.upper()}" for c in COLOURS]
        else:
            out.append(_cell(what, item))
    return out


def _cell(what: str | None, name: str) -> str:
    """The cell ``name`` names (in English or the language's colours), else an error
    saying which field it came from."""
    cell = cell_named(name)
    if cell is None:
        words = colour_words()
        problem = _("{name} is not a cell: a cell is a colour ({colours}), a hyphen and a letter ({first}-{last}), "
                    "such as {example}").format(name=shown(name), colours=", ".join(words.values()),
                                                 first=LETTERS[0], last=LETTERS[-1],
                                                 example=repr(cell_words("red-A")))
        raise InvalidInputError(problem if what is None else _("{field}: {problem}").format(field=what,
                                                                                             problem=problem))
    return cell


def numbers(what: str, raw: str) -> dict[str, int]:
    """``{"green-A": 5}`` from ``"green-A=5"`` (``:`` works too); :func:`position` checks the range.

    >>> numbers("seat 1's numbers", "green-A=5 blue-C:4")
    {'green-A': 5, 'blue-C': 4}
    """
    out = {}
    for item in items(raw):
        name, sep, n = item.replace(":", "=").partition("=")
        if not sep or not is_number(n):
            raise InvalidInputError(_("{field} must be entries such as {example} (a cell, =, a number), got {item}")
                                    .format(field=what, example=f"{cell_words('green-A')}=5", item=repr(item)))
        cell = _cell(what, name)
        if cell in out:
            raise InvalidInputError(_("{field} give {cell} twice").format(field=what, cell=cell_words(cell)))
        out[cell] = int(n)
    return out


def _in_range(seat: int, written: dict[str, int], most: int) -> dict[str, int]:
    """The numbers, each checked against what a cross and a hand can hold."""
    for cell, n in written.items():
        if n > most:
            raise InvalidInputError(_("seat {seat}'s number at {cell} must be a whole number from 0 to {most}; "
                                      "found {number}").format(seat=seat, cell=cell_words(cell), most=most, number=n))
    return written


def position(params: Params) -> Position:
    """The position the form describes, seen by seat 0."""
    players = whole(params, "players", N_("players"), 2, MOST_PLAYERS)
    most = min(len(LETTERS) + len(COLOURS) - 1, HAND_SIZE[players])
    tables = []
    for seat in SEATS:
        fields = {k: text(params, f"{k}{seat}") for k in ("numbers", "laid", "notmine")}
        if seat >= players:
            if any(fields.values()):
                raise InvalidInputError(_("seat {seat} is not at a table of {players} players: leave its fields "
                                          "empty or choose more players").format(seat=seat, players=players))
            continue
        written = numbers(_("seat {seat}'s numbers").format(seat=seat), fields["numbers"])
        tables.append({"numbers": _in_range(seat, written, most),
                       "laid": cells(_("seat {seat}'s laid cards").format(seat=seat), fields["laid"]),
                       "not_mine": cells(_("seat {seat}'s marks").format(seat=seat), fields["notmine"])})
    try:
        return Position.from_json({"game": "gauner-raus", "players": players, "me": 0,
                                   "hand": cells(_("your hand"), text(params, "hand")), "tables": tables})
    except InvalidInputError as error:  # the form's words, not the JSON form's paths
        raise InvalidInputError(in_words(str(error))) from None


def grid_rows(solution: Solution, holder: int | str) -> list[list[object]]:
    """One holder's 6 x 6 grid: the exact chance of each unknown cell, else where it is."""
    chances, p, words = solution.table(holder), solution.position, colour_words()
    rows = []
    for colour in COLOURS:
        row: list[object] = [words[colour]]
        for letter in LETTERS:
            name = f"{colour}-{letter}"
            cell = GRID.index(name)
            row.append(chances.get(name, _("mine") if cell in p.hand else _("laid")))
        rows.append(row)
    return rows


def certain(solution: Solution) -> str:
    """The cells whose place is certain, each with the reason a player can follow."""
    lines = [_certain_line(f.cell, f.held, f.holder, f.reason) for f in solution.forced]
    return "\n".join([_("Certain cells:"), *lines]) if lines else _("No cell is certain yet.")


def _certain_line(cell: str, held: bool, holder: int | str, reason: str) -> str:
    if holder == "surplus":
        line = (_("{cell} is in the surplus: {reason}") if held else _("{cell} is not in the surplus: {reason}"))
        return line.format(cell=cell_words(cell), reason=reason)
    line = _("{cell} is held by seat {seat}: {reason}") if held else _("{cell} is not held by seat {seat}: {reason}")
    return line.format(cell=cell_words(cell), seat=holder, reason=reason)


def _asked(p: Position, params: Params) -> str:
    """The cell the question asks about: one nobody has seen yet."""
    cell = _cell(None, text(params, "cell"))
    c = GRID.index(cell)
    if c in p.hand:
        raise InvalidInputError(_("{cell} is not an unknown cell: it is in your hand").format(cell=cell_words(c)))
    for s, t in enumerate(p.tables):
        if c in t.laid:
            raise InvalidInputError(_("{cell} is not an unknown cell: it is laid face up by seat {seat}").format(
                cell=cell_words(c), seat=s))
    return cell


def _solved(p: Position) -> Solution:
    """Every deal that fits (a position no deal fits is refused in the page's language, as
    :func:`bluffmath.gauner.conflicts.conflict_error` says it)."""
    return solve(p, engine="python")  # the pure-Python engine: no numpy in a browser


def run(params: Params) -> Result:
    """The exact chance that the asked seat holds the asked cell, and every grid."""
    p = position(params)
    seat = whole(params, "seat", N_("the seat asked about"), 1, p.players - 1)
    solution = _solved(p)
    cell = _asked(p, params)
    asked = solution.probability(seat, cell)
    guesses = [(_("seat {seat}").format(seat=g.seat), cell_words(g.cell), g.probability)
               for g in solution.best_guesses(5)]
    grids = [table(_("seat {seat}'s hidden cards").format(seat=h) if h != "surplus" else
                   _("the cards nobody holds (surplus)"), ("", *LETTERS), grid_rows(solution, h))
             for h in solution.holders]
    fit = n_("{deals} deal fits all tables", "{deals} deals fit all tables, each equally likely", solution.deals)
    return result(answer(_("P(seat {seat} holds {cell})").format(seat=seat, cell=cell_words(cell)), asked),
                  [fit.format(deals=solution.deals)],
                  [table(_("best guesses"), (_("ask"), _("cell"), _("P(hit)")), guesses), *grids],
                  certain(solution))


CALCULATOR = Calculator(
    "gauner-grid", N_("Gauner raus!: where are the cards?"),
    N_("Every opponent's exact chance of holding every card, counting every deal that fits all "
       "the tables on the board. You are seat 0."), FIELDS, run)
