"""Gauner raus!'s pages at the class table: a seat's view, its end and review, as HTML
regions, in the language in use (:mod:`bluffmath.i18n`; the teacher's public summary is
:func:`~bluffmath_class.games.gauner_picture.table_page`).

A page is drawn from a :class:`~bluffmath_class.games.gauner_notes.SeatView` alone: the
seat's own cards and every table on the board (the engine's ``view(seat)``, a solver
position), and the public facts of the game: every number written and the order it was
written in, the cards laid face up, the "not mine" marks, the guesses asked and the
points. Nothing here computes a chance: each is the core's (:func:`~bluffmath.gauner.solve`,
all tables at once, from the seat's own position; the reasons for certain cards are
:meth:`~bluffmath.gauner.Solution.forced_named`).

Each opponent's table is a 6 x 6 grid: the numbers they wrote, their cards laid face up
(●), their "not mine" marks (✗), my own cards (mine), cards laid by someone else (out), and
with odds on my exact chance that they hold each other card (✓ when it is certain). On my
turn each card I may ask for is a button; the moves region asks the same in forms.

The odds take a joint solve per seat and position, the dearest work of the class table:
with ``odds="later"`` the page is drawn without them (the odds region says they are being
counted), and the server sends the page with them as soon as they are counted (see
:mod:`bluffmath_class.views`). Both drawings hold the same moves.

>>> from bluffmath import gauner
>>> from bluffmath_class.games.base import Seating
>>> from bluffmath_class.games.gauner_notes import seat_view
>>> state = gauner.Game(players=2).new_game(seed=4)
>>> regions = seat_page(seat_view(state, 0), state.legal_actions(), Seating(("Ann", "<i>Bo</i>")), "always", [])
>>> sorted(regions)
['board', 'hand', 'log', 'moves', 'odds', 'seats', 'status']
>>> regions["status"]
'<p class="status mine">Your turn: ask an opponent for a card</p>'
>>> "&lt;i&gt;Bo&lt;/i&gt;" in regions["board"] and "<i>" not in regions["board"]
True
>>> regions["moves"].count("<form"), regions["board"].count('data-send=')    # Bo's 24 unknown cards
(1, 24)
>>> later = seat_page(seat_view(state, 0), state.legal_actions(), Seating(("Ann", "Bo")), "later", [])
>>> later["odds"] == COUNTING_ODDS, "data-p=" in later["board"], later["board"].count('data-send=')
(True, False, 24)

In German, with the cards' colours in German too:

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     german = seat_page(seat_view(state, 0), state.legal_actions(), Seating(("Ann", "Bo")), "always", [])
>>> german["status"], '<th scope="row" class="chip c-red">rot</th>' in german["board"]
('<p class="status mine">Du bist dran: Frag einen Gegner nach einer Karte</p>', True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from bluffmath.gauner import GRID, Action, Ask, Solution, State, Stop
from bluffmath.gauner.grid import SETUP_ROLLS
from bluffmath.gauner.position import cell_words, colour_words
from bluffmath.i18n import _, language, n_, number, p_, percent
from bluffmath.review.gauner import review_state

from ..markup import button, chance, esc, form, own_only, review_list, rows, tag
from .base import Seating, Words, cap, outcome
from .gauner_notes import (
    MoveNote,
    SeatView,
    certain,
    hit_chance,
    rolled,
    solution,
    turns,
)

#: The turns the log shows (the latest first).
LOG_TURNS = 20
#: The best guesses the odds region lists.
BEST = 3
#: The odds region of a page drawn before its odds are counted (``odds="later"``), in
#: English (:func:`counting_odds` in the language in use).
COUNTING_ODDS = '<p class="small gn-counting">Counting your exact chances…</p>'


def counting_odds() -> str:
    """:data:`COUNTING_ODDS` in the language in use."""
    return tag("p", _("Counting your exact chances…"), ' class="small gn-counting"')


def seat_page(view: SeatView, legal: Sequence[Action], seating: Seating, odds: str,
              notes: Sequence[object]) -> dict[str, str]:
    """The regions of one seat's page (see the module docstring)."""
    words = Words(seating, view.me)
    found = solution(view.position) if odds == "always" and not view.over else None
    mine = {n.number: n for n in notes if isinstance(n, MoveNote) and n.seat == view.me} if odds != "never" else {}
    return {
        "status": _status(view, words),
        "board": board(view, words, found, legal),
        "hand": _hand(view),
        "moves": _moves(view, legal, words, found),
        "odds": "" if view.over else _odds(view, words, found) if found is not None else _odds_off(odds),
        "seats": seats_html(view, words),
        "log": log_html(view, words, mine),
    }


# --- words ---------------------------------------------------------------------------------


def cell_chip(cell: int) -> str:
    """A card as the page shows it: its colour and letter (in the language in use), on its colour."""
    colour = GRID.colour(cell)
    return f'<span class="chip c-{colour}" data-cell="{GRID.name(cell)}">{cell_words(cell)}</span>'


def chips(cells: frozenset[int] | set[int]) -> str:
    """Cards as chips, in order (``none`` for no card)."""
    return " ".join(cell_chip(c) for c in sorted(cells)) or p_("no cards", "none")


def _name(words: Words, seat: int) -> str:
    """The seat's name, escaped, as it starts a sentence."""
    return cap(esc(words.seating.names[seat]))


def _table_of(words: Words, seat: int) -> str:
    """``Your table`` or ``Ann's table``."""
    return _("Your table") if seat == words.me else _("{name}'s table").format(name=_name(words, seat))


def _status(view: SeatView, words: Words) -> str:
    if view.over:
        return tag("p", _("The game is over"), ' class="status"')
    if view.current == view.me:
        said = (_("Your turn: ask an opponent for a card") if view.must_guess else
                _("Your turn: a hit! Ask again, or stop"))
        return tag("p", said, ' class="status mine"')
    return tag("p", to_guess(view.current, view.must_guess, words), ' class="status"')


def to_guess(seat: int, must_guess: bool, words: Words) -> str:
    """``Ann to guess`` (or to guess again or stop)."""
    said = _("{name} to guess") if must_guess else _("{name} to guess again or stop")
    return said.format(name=words.who(seat))


# --- the board -----------------------------------------------------------------------------


def board(view: SeatView, words: Words, found: Solution | None, legal: Sequence[Action]) -> str:
    """The turn's roll, then every seat's table: the reader's own first, then each
    opponent's (with the reader's exact chances when ``found`` is given)."""
    asks = {(a.seat, a.cell) for a in legal if isinstance(a, Ask)}
    seats = sorted(range(view.players), key=lambda s: s != view.me)
    sure = certain(found) if found is not None else frozenset()
    grids = "".join(grid(view, s, words, found, asks, sure) for s in seats)
    return _roll_line(view, words) + f'<div class="gn-grids">{grids}</div>' + _legend(found is not None)


def _roll_line(view: SeatView, words: Words) -> str:
    if view.over:
        return ""
    roll = rolled(view, len(turns(view)) - 1)
    mine, name = view.current == view.me, _name(words, view.current)
    if roll is None:
        said = (_("Your table is full: no roll this turn.") if mine else
                _("{name}'s table is full: no roll this turn.")).format(name=name)
        return tag("p", said)
    cell, written = roll
    said = (_("You rolled {cell} and wrote {number} there.") if mine else
            _("{name} rolled {cell} and wrote {number} there."))
    return tag("p", said.format(name=name, cell=cell_chip(cell), number=f"<b>{written}</b>"), ' class="gn-roll"')


def _legend(odds: bool) -> str:
    chances = " " + _("A fraction is your exact chance that they hold the card; ✓ certain.") if odds else ""
    said = _("✎ the number written (cards of that colour or letter); ● laid face up; ✗ marked “not mine”; "
             "mine: your card; out: laid by someone else.")
    return tag("p", said + chances, ' class="small gn-legend"')


def grid(view: SeatView, seat: int, words: Words, found: Solution | None, asks: set[tuple[int, int]],
         sure: frozenset[tuple[int, int]]) -> str:
    """One seat's table as a 6 x 6 grid (see the module docstring)."""
    numbers = dict(view.numbers[seat])
    table = found.table(seat) if found is not None and seat != view.me else {}
    head = "".join(f'<th scope="col">{x}</th>' for x in GRID.letters)
    colours = colour_words()
    body = "".join(f'<tr><th scope="row" class="chip c-{colour}">{colours[colour]}</th>'
                   + "".join(_cell(view, seat, c, numbers.get(c), table.get(GRID.name(c)), (seat, c) in asks,
                                   (seat, c) in sure, words)
                             for c in range(row * len(GRID.letters), (row + 1) * len(GRID.letters))) + "</tr>"
                   for row, colour in enumerate(GRID.colours))
    whose, points = _table_of(words, seat), view.scores[seat]
    title = (f"<b>{whose}</b> · " + _("{hidden} hidden, {laid} laid").format(hidden=view.hidden(seat),
                                                                           laid=len(view.laid[seat]))
             + " · " + n_("{n} point", "{n} points", points).format(n=points))
    return (f'<section class="gn-table" data-seat="{seat}"><p>{title}</p>'
            f'<table class="gn-grid" aria-label="{whose}"><tr><td></td>{head}</tr>{body}</table>'
            "</section>")


def _known(view: SeatView, seat: int, cell: int) -> tuple[str, str]:
    """What is known of a cell in ``seat``'s table: (its class, its word), or ("", "")."""
    if cell in view.laid[seat]:
        return "gn-laid", "●"
    if cell in view.hand:
        return "gn-mine", p_("Gauner raus! cell", "mine")
    if cell in view.marks[seat]:
        return "gn-mark", "✗"
    if view.holder(cell) is not None:
        return "gn-out", p_("Gauner raus! cell", "out")
    return "", ""


def _cell(view: SeatView, seat: int, cell: int, number_: int | None, p: Fraction | None, ask: bool,
          sure: bool, words: Words) -> str:
    kind, word = _known(view, seat, cell)
    return _cell_html(seat, GRID.name(cell), number_, kind, word, p, ask, sure, words.who(seat) if ask else "",
                      language())


@lru_cache(maxsize=1 << 14)
def _cell_html(seat: int, name: str, number_: int | None, kind: str, word: str, p: Fraction | None, ask: bool,
               sure: bool, who: str, spoken: str) -> str:
    """A cell of a grid (kept, for each language ``spoken``: the next page of the table shows
    most cells as they were)."""
    top = f'<span class="gn-n">✎{number_}</span>' if number_ is not None else ""
    if kind or p is None:
        inner, css, data = f"{top}<span>{word}</span>", f"gn-cell {kind}".strip(), ""
    else:
        shown, css, data = _chance_cell(p.numerator, p.denominator, sure, spoken)
        inner = top + shown
    cell_data = f'data-seat="{seat}" data-cell="{name}"'
    if ask and kind != "gn-mine":  # asking for one's own card is legal, and offered in the form only
        # The move in words for a screen reader, before what the cell shows: the button's
        # name holds its visible text too (an aria-label would hide it).
        said = tag("span", _("Ask {name} for {cell}:").format(name=who, cell=cell_words(name)) + " ", ' class="sr-only"')
        asked = button(said + inner, {"kind": "guess", "seat": seat, "cell": name}, f"{css} gn-ask")
        return f"<td {cell_data}{data}>{asked}</td>"
    return f'<td {cell_data}{data} class="{css}">{inner}</td>'


@lru_cache(maxsize=1 << 12)
def _chance_cell(numerator: int, denominator: int, sure: bool, spoken: str) -> tuple[str, str, str]:
    """A chance's cell (kept, for each language ``spoken``: a page shows the same few chances
    many times, and the next page the same again): what it shows after the number written,
    its classes, its data."""
    p = Fraction(numerator, denominator)
    level = int(p * 10 + Fraction(1, 2))
    return (f'{"✓" if sure else ""}{_stacked(p)}<span class="gn-pc">{percent(p)}</span>',
            f"gn-cell gn-h{level}" + (" gn-sure" if sure else ""), f' data-p="{numerator}/{denominator}"')


def _stacked(p: Fraction) -> str:
    """A chance's fraction, the numerator over the denominator (so six columns fit a phone)."""
    if p.denominator == 1:
        return f'<span class="gn-f">{p}</span>'
    return f'<span class="gn-f"><span>{p.numerator}</span><span>{p.denominator}</span></span>'


def value_html(x: Fraction) -> str:
    """An exact number of expected points, with its decimal when it is not whole."""
    rough = "" if x.denominator == 1 else f" ({number(x)})"
    return f'<span class="pts" data-v="{x.numerator}/{x.denominator}"><b>{x}</b>{rough}</span>'


def _hand(view: SeatView) -> str:
    if view.me is None or view.over:
        return ""
    laid = view.laid[view.me]
    return (tag("p", _("Your hidden cards: {cards}").format(cards=chips(view.hand)), ' class="gn-hand"')
            + (tag("p", _("Laid face up: {cards}").format(cards=chips(laid)), ' class="small"') if laid else ""))


def seats_html(view: SeatView, words: Words) -> str:
    """Every seat: hidden cards, cards laid, points (and this turn's, brave variant)."""
    brave = view.game.brave
    cells = ([("▶ " if s == view.current and not view.over else "") + words.who(s), str(view.hidden(s)),
              str(len(view.laid[s])), str(view.scores[s])
              + (" " + _("(+{n} this turn)").format(n=view.turn_points)
                 if brave and s == view.current and view.turn_points else "")]
             for s in range(view.players))
    return rows(cells, [_("player"), p_("Gauner raus! cards", "hidden"), p_("Gauner raus! cards", "laid"),
                        _("points")], "seats gn-seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(view: SeatView, legal: Sequence[Action], words: Words, found: Solution | None) -> str:
    if not legal:
        return ""
    by_seat: dict[int, list[int]] = {}
    for a in legal:
        if isinstance(a, Ask):
            by_seat.setdefault(a.seat, []).append(a.cell)
    forms = "".join(_ask_form(seat, cells, words, found, view.hand) for seat, cells in by_seat.items())
    stop = ""
    if any(isinstance(a, Stop) for a in legal):
        n = view.turn_points
        said = (n_("Stop: keep this turn's {n} point", "Stop: keep this turn's {n} points", n).format(n=n)
                if view.game.brave else _("Stop: your points are kept"))
        stop = button(said, {"kind": "stop"}, "quick")
    return tag("p", _("Tap a card in a table above, or choose here:"), ' class="small"') + forms + stop


def _ask_form(seat: int, cells: list[int], words: Words, found: Solution | None, own: frozenset[int]) -> str:
    chances: dict[int, Fraction] = {}
    if found is not None:
        table = found.table(seat)
        chances = {c: hit_chance(found, seat, c, table) for c in cells}
    ordered = sorted(cells, key=lambda c: -chances[c]) if chances else cells
    mine = " " + _("(your own card)")
    options = "".join(f'<option value="{GRID.name(c)}">{cell_words(c)}'
                      + (mine if c in own else
                         f" · {chances[c]} ({percent(chances[c])})" if chances else "") + "</option>"
                      for c in ordered)
    select = f'<select name="cell">{options}</select>'
    return form({"kind": "guess", "seat": seat},
                tag("label", _("Ask {name} for {cell}").format(name=words.who(seat), cell=select)),
                p_("button", "Ask"), "gn-form")


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "later":
        return counting_odds()
    if odds == "after-doubt":
        return tag("p", _("Your exact chance of each of your guesses is shown in the log once it is answered: "
                          "from your seat, at that moment, counting every deal that fits all the tables."),
                   ' class="small"')
    return tag("p", _("Odds are off for this game: play on your judgement."), ' class="small"')


def _count(n: int) -> str:
    """A whole number of many digits as the language groups them (English: ``12,345``)."""
    return f"{n:,}" if language() == "en" else number(n, 0)


def _odds(view: SeatView, words: Words, found: Solution) -> str:
    best = "".join(f'<li data-seat="{g.seat}" data-cell="{g.cell}">'
                   + _("Ask {name} for {cell}: {p}").format(name=words.who(g.seat), cell=cell_chip(GRID.index(g.cell)),
                                                           p=chance(g.probability)) + "</li>"
                   for g in found.best_guesses(BEST))
    deals = n_("{deals} deal fits everything you know (all the tables at once); each is equally likely.",
               "{deals} deals fit everything you know (all the tables at once); each is equally likely.",
               found.deals).format(deals=f'<b class="gn-deals">{_count(found.deals)}</b>')
    text = f"<p>{deals}</p>" + tag("h3", _("Your best guesses")) + f'<ul class="odds-list gn-best">{best}</ul>'
    if view.game.brave and view.current == view.me and not view.must_guess:
        advice = found.brave(view.turn_points)
        said = (_("Brave variant: one more guess scores {value} points on average; stopping keeps {stop}: "
                  "<b>guess on</b>.") if advice.guess_on else
                _("Brave variant: one more guess scores {value} points on average; stopping keeps {stop}: "
                  "<b>stop</b>."))
        text += tag("p", said.format(value=value_html(advice.go_on), stop=advice.stop))
    return text + _forced(found, words)


def _forced(found: Solution, words: Words) -> str:
    names = tuple(words.seating.name(s, words.me) for s in range(len(words.seating.names)))
    held = [f for f in found.forced_named(names, held_only=True) if f.held and f.holder != "surplus"]
    if not held:
        return tag("p", _("No card of an opponent is certain yet."), ' class="small"')
    items = "".join(f'<li data-seat="{f.holder}" data-cell="{f.cell}">'
                    + _("{cell} is {name}'s: {reason}").format(cell=cell_chip(GRID.index(f.cell)),
                                                              name=esc(words.seating.names[f.holder]),
                                                              reason=esc(f.reason)) + "</li>" for f in held)
    return tag("h3", _("Certain cards ✓")) + f'<ul class="odds-list gn-forced">{items}</ul>'


# --- the log -------------------------------------------------------------------------------


def move_words(view: SeatView, action: Action, words: Words) -> str:
    """A move in words: whom the mover asked for which card and what came of it."""
    if isinstance(action, Stop):
        return p_("Gauner raus! log", "stopped")
    asked = (_("asked you for {cell}") if action.seat == words.me else
             _("asked {name} for {cell}")).format(name=words.who(action.seat), cell=cell_chip(action.cell))
    outcome_ = p_("Gauner raus! guess", "a hit") if action.cell in view.laid[action.seat] else \
        p_("Gauner raus! guess", "a miss")
    return f"{asked}: {outcome_}"


def turn_line(view: SeatView, turn: int, moves: list[tuple[int, Action]], words: Words,
               mine: Mapping[int, MoveNote]) -> str:
    """The table's turn ``turn`` in words: the roll and each move, with the reader's own
    chance beside each of the reader's own moves (``mine``: its notes)."""
    seat = turn % view.players
    roll = rolled(view, turn)
    if roll is not None:
        start = (_("you rolled {cell}, wrote {number}") if seat == words.me else
                 _("{name} rolled {cell}, wrote {number}"))
    else:
        start = _("you (table full, no roll)") if seat == words.me else _("{name} (table full, no roll)")
    said = [start.format(name=words.who(seat), cell=cell_chip(roll[0]) if roll else "", number=roll[1] if roll else "")]
    for number_, action in moves:
        note = mine.get(number_)
        extra = (" " + tag("span", _("your chance: {p}").format(p=chance(note.chance)), ' class="note"')
                 if note is not None and note.chance is not None else "")
        said.append(move_words(view, action, words) + extra)
    return cap("; ".join(said)) + "."


def _setup_line(view: SeatView) -> str:
    cells = [cell for cell, _unused in view.numbers[0][:SETUP_ROLLS[view.players]]]
    return _("Before the first turn the dice gave {cells}: everyone wrote a number there.").format(
        cells=", ".join(cell_chip(c) for c in cells))


def log_html(view: SeatView, words: Words, mine: Mapping[int, MoveNote]) -> str:
    """Every turn (the latest :data:`LOG_TURNS`, latest first): the roll and each move, with
    the reader's own chance beside each of the reader's own moves (``mine``: its notes)."""
    found = turns(view)
    lines = [turn_line(view, t, moves, words, mine) for t, moves in enumerate(found)]
    first = max(0, len(lines) - LOG_TURNS)
    items = [f'<li data-n="{first + t}">{line}</li>' for t, line in enumerate(lines[first:])]
    if first:
        items.insert(0, tag("li", n_("{n} earlier turn", "{n} earlier turns", first).format(n=first), ' class="small"'))
    items.insert(0, f'<li data-n="setup">{_setup_line(view)}</li>')
    return f'<ol class="log gn-log" reversed>{"".join(reversed(items))}</ol>'


# --- the end -------------------------------------------------------------------------------


def end_page(state: State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), every seat's cards, then the seat's own review."""
    words = Words(seating, seat)
    head, marks = outcome(state.scores, words)
    order = sorted(range(state.players), key=lambda s: -state.scores[s])
    ranking = rows(([words.who(s), str(state.scores[s]), marks[s]] for s in order), [_("player"), _("points"), ""],
                   "result")
    if not state.is_terminal:
        head = _("The teacher ended the game; the points as they stood")
    cards = "".join(f'<li data-seat="{s}">' + (_("Your cards never found: {hidden}; laid: {laid}") if s == seat else
                                               _("{name}'s cards never found: {hidden}; laid: {laid}")).format(
        name=_name(words, s), hidden=chips(state.hidden[s]), laid=chips(state.laid[s])) + "</li>"
        for s in range(state.players))
    surplus = tag("li", _("Never dealt (the surplus): {cards}").format(cards=chips(state.surplus)))
    return (f"<h2>{head}</h2>{ranking}" + tag("h3", _("Every card")) + f'<ul class="gn-cards">{cards}{surplus}</ul>'
            + review_html(state, seat, words, own))


_OPTION = re.compile(r"guess (\S+) at seat (\d+)")


def option_words(option: str, words: Words) -> str:
    """A review's option (the core's ``guess red-A at seat 1``, ``stop``) in the page's words,
    with the seat's name (escaped)."""
    found = _OPTION.fullmatch(option)
    if found is None:
        return p_("Gauner raus! review option", "stop") if option == "stop" else esc(option)
    seat = int(found[2])
    said = _("guess {cell} at your table") if seat == words.me else _("guess {cell} at {name}'s table")
    return said.format(cell=esc(cell_words(found[1])), name=esc(words.seating.names[seat]))


def review_html(state: State, seat: int, words: Words, own: frozenset[int] | None = None) -> str:
    """The seat's decisions, each valued exactly by the core's review (``own``: its
    student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat, solution)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        return tag("p", _("You made no decisions in this game.")) + apart
    return review_list(review, _("a best choice, valued in expected points."), lambda o: option_words(o, words),
                       value_html, own=own)

