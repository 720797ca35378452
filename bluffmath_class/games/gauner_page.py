"""Gauner raus!'s pages at the class table: a seat's view, its end and review, and the
teacher's public summary, as HTML regions.

A page is drawn from a :class:`SeatView` alone: the seat's own cards and every table on the
board (the engine's ``view(seat)``, a solver position), and the public facts of the game:
every number written and the order it was written in, the cards laid face up, the "not
mine" marks, the guesses asked and the points. Nothing here computes a chance: each is the
core's (:func:`~bluffmath.gauner.solve`, all tables at once, from the seat's own position;
the reasons for certain cards are :meth:`~bluffmath.gauner.Solution.forced_named`).

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
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bluffmath import gauner
from bluffmath.display import decimal, percent
from bluffmath.gauner import GRID, HAND_SIZE, Action, Ask, Position, Solution, State, Stop
from bluffmath.gauner.grid import SETUP_ROLLS
from bluffmath.review.gauner import review_state

from ..markup import button, chance, esc, form, own_only, review_list, rows
from .base import Seating, Words, cap, outcome, won_by
from .gauner_notes import MoveNote, certain, hit_chance, solution

#: The turns the log shows (the latest first).
LOG_TURNS = 20
#: The best guesses the odds region lists.
BEST = 3
#: The odds region of a page drawn before its odds are counted (``odds="later"``).
COUNTING_ODDS = '<p class="small gn-counting">Counting your exact chances…</p>'


@dataclass(frozen=True)
class SeatView:
    """What one seat may know (``me`` None: what everyone may know): its position (its own
    cards and every table; None for the public view) and the public facts of the game."""

    me: int | None
    position: Position | None
    game: gauner.Game
    numbers: tuple[tuple[tuple[int, int], ...], ...]
    laid: tuple[frozenset[int], ...]
    marks: tuple[frozenset[int], ...]
    scores: tuple[int, ...]
    actions: tuple[Action, ...]
    current: int
    must_guess: bool
    turn_points: int
    over: bool

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def hand(self) -> frozenset[int]:
        """The seat's own hidden cards (none for the public view)."""
        return frozenset() if self.position is None else self.position.hand

    def hidden(self, seat: int) -> int:
        """How many hidden cards ``seat`` holds."""
        return HAND_SIZE[self.players] - len(self.laid[seat])

    def holder(self, cell: int) -> int | None:
        """The seat that laid ``cell`` face up, or None."""
        return next((s for s, cards in enumerate(self.laid) if cell in cards), None)


def seat_view(state: State, seat: int | None) -> SeatView:
    """``seat``'s view of ``state`` (None: the public view, no cards)."""
    position = state.view(seat) if seat is not None else None
    return SeatView(seat, position, state.game, state.numbers, state.laid, state.marks, state.scores,
                    state.actions, state.current, state.must_guess, state.turn_points, state.is_terminal)


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
    """A card as the page shows it: its colour and letter, on its colour."""
    colour = GRID.colour(cell)
    return f'<span class="chip c-{colour}" data-cell="{GRID.name(cell)}">{GRID.name(cell)}</span>'


def _chips(cells: frozenset[int] | set[int]) -> str:
    return " ".join(cell_chip(c) for c in sorted(cells)) or "none"


def _s(n: int, noun: str) -> str:
    return f"{n} {noun if n == 1 else noun + 's'}"


def _status(view: SeatView, words: Words) -> str:
    if view.over:
        return '<p class="status">The game is over</p>'
    doing = "ask an opponent for a card" if view.must_guess else "a hit! Ask again, or stop"
    if view.current == view.me:
        return f'<p class="status mine">Your turn: {doing}</p>'
    return f'<p class="status">{words.who(view.current)} to {"guess" if view.must_guess else "guess again or stop"}</p>'


def rolled(view: SeatView, turn: int) -> tuple[int, int] | None:
    """The cell the dice gave on the table's turn ``turn`` (0 is the first) and the number its
    player wrote there, or None once that player's table was full (no roll)."""
    seat, k = turn % view.players, SETUP_ROLLS[view.players] + turn // view.players
    written = view.numbers[seat]
    return written[k] if k < len(written) else None


def turns(view: SeatView) -> list[list[tuple[int, Action]]]:
    """The moves of every turn of the table, in order (each with its number, 1 the first);
    the turn under way last (it may have no move yet)."""
    found: list[list[tuple[int, Action]]] = [[]]
    for number, action in enumerate(view.actions, 1):
        found[-1].append((number, action))
        if isinstance(action, Stop) or action.cell not in view.laid[action.seat]:
            found.append([])
    return found if found[-1] or not view.over else found[:-1]


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
    who = words.who(view.current)
    if roll is None:
        return f"<p>{cap(words.whose(view.current))} table is full: no roll this turn.</p>"
    cell, number = roll
    return f'<p class="gn-roll">{cap(who)} rolled {cell_chip(cell)} and wrote <b>{number}</b> there.</p>'


def _legend(odds: bool) -> str:
    chances = " A fraction is your exact chance that they hold the card; ✓ certain." if odds else ""
    return (f'<p class="small gn-legend">✎ the number written (cards of that colour or letter); ● laid face '
            f"up; ✗ marked “not mine”; mine: your card; out: laid by someone else.{chances}</p>")


def grid(view: SeatView, seat: int, words: Words, found: Solution | None, asks: set[tuple[int, int]],
         sure: frozenset[tuple[int, int]]) -> str:
    """One seat's table as a 6 x 6 grid (see the module docstring)."""
    numbers = dict(view.numbers[seat])
    table = found.table(seat) if found is not None and seat != view.me else {}
    head = "".join(f'<th scope="col">{x}</th>' for x in GRID.letters)
    body = "".join(f'<tr><th scope="row" class="chip c-{colour}">{colour}</th>'
                   + "".join(_cell(view, seat, c, numbers.get(c), table.get(GRID.name(c)), (seat, c) in asks,
                                   (seat, c) in sure, words)
                             for c in range(row * len(GRID.letters), (row + 1) * len(GRID.letters))) + "</tr>"
                   for row, colour in enumerate(GRID.colours))
    title = (f"<b>{cap(words.whose(seat))} table</b> · {view.hidden(seat)} hidden, {len(view.laid[seat])} laid · "
             f"{_s(view.scores[seat], 'point')}")
    return (f'<section class="gn-table" data-seat="{seat}"><p>{title}</p>'
            f'<table class="gn-grid" aria-label="{cap(words.whose(seat))} table"><tr><td></td>{head}</tr>{body}</table>'
            "</section>")


def _known(view: SeatView, seat: int, cell: int) -> tuple[str, str]:
    """What is known of a cell in ``seat``'s table: (its class, its word), or ("", "")."""
    if cell in view.laid[seat]:
        return "gn-laid", "●"
    if cell in view.hand:
        return "gn-mine", "mine"
    if cell in view.marks[seat]:
        return "gn-mark", "✗"
    if view.holder(cell) is not None:
        return "gn-out", "out"
    return "", ""


def _cell(view: SeatView, seat: int, cell: int, number: int | None, p: Fraction | None, ask: bool,
          sure: bool, words: Words) -> str:
    kind, word = _known(view, seat, cell)
    return _cell_html(seat, GRID.name(cell), number, kind, word, p, ask, sure, words.who(seat) if ask else "")


@lru_cache(maxsize=1 << 14)
def _cell_html(seat: int, name: str, number: int | None, kind: str, word: str, p: Fraction | None, ask: bool,
               sure: bool, who: str) -> str:
    """A cell of a grid (kept: the next page of the table shows most cells as they were)."""
    top = f'<span class="gn-n">✎{number}</span>' if number is not None else ""
    if kind or p is None:
        inner, css, data = f"{top}<span>{word}</span>", f"gn-cell {kind}".strip(), ""
    else:
        shown, css, data = _chance_cell(p.numerator, p.denominator, sure)
        inner = top + shown
    cell_data = f'data-seat="{seat}" data-cell="{name}"{data}'
    if ask and kind != "gn-mine":  # asking for one's own card is legal, and offered in the form only
        # The move in words for a screen reader, before what the cell shows: the button's
        # name holds its visible text too (an aria-label would hide it).
        said = f'<span class="sr-only">Ask {who} for {name}: </span>'
        return f'<td {cell_data}>{button(said + inner, {"kind": "guess", "seat": seat, "cell": name}, f"{css} gn-ask")}</td>'
    return f'<td {cell_data} class="{css}">{inner}</td>'


@lru_cache(maxsize=1 << 12)
def _chance_cell(numerator: int, denominator: int, sure: bool) -> tuple[str, str, str]:
    """A chance's cell (kept: a page shows the same few chances many times, and the next
    page the same again): what it shows after the number written, its classes, its data."""
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
    rough = "" if x.denominator == 1 else f" ({decimal(x)})"
    return f'<span class="pts" data-v="{x.numerator}/{x.denominator}"><b>{x}</b>{rough}</span>'


def _hand(view: SeatView) -> str:
    if view.me is None or view.over:
        return ""
    laid = view.laid[view.me]
    return (f'<p class="gn-hand">Your hidden cards: {_chips(view.hand)}</p>'
            + (f'<p class="small">Laid face up: {_chips(laid)}</p>' if laid else ""))


def seats_html(view: SeatView, words: Words) -> str:
    """Every seat: hidden cards, cards laid, points (and this turn's, brave variant)."""
    brave = view.game.brave
    cells = ([("▶ " if s == view.current and not view.over else "") + words.who(s), str(view.hidden(s)),
              str(len(view.laid[s])), str(view.scores[s])
              + (f" (+{view.turn_points} this turn)" if brave and s == view.current and view.turn_points else "")]
             for s in range(view.players))
    return rows(cells, ["player", "hidden", "laid", "points"], "seats gn-seats")


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
        keep = (f"keep this turn's {_s(view.turn_points, 'point')}" if view.game.brave else
                "your points are kept")
        stop = button(f"Stop: {keep}", {"kind": "stop"}, "quick")
    return f'<p class="small">Tap a card in a table above, or choose here:</p>{forms}{stop}'


def _ask_form(seat: int, cells: list[int], words: Words, found: Solution | None, own: frozenset[int]) -> str:
    chances: dict[int, Fraction] = {}
    if found is not None:
        table = found.table(seat)
        chances = {c: hit_chance(found, seat, c, table) for c in cells}
    ordered = sorted(cells, key=lambda c: -chances[c]) if chances else cells
    options = "".join(f'<option value="{GRID.name(c)}">{GRID.name(c)}'
                      + (" (your own card)" if c in own else
                         f" · {chances[c]} ({percent(chances[c])})" if chances else "") + "</option>"
                      for c in ordered)
    return form({"kind": "guess", "seat": seat},
                f'<label>Ask {words.who(seat)} for <select name="cell">{options}</select></label>', "Ask", "gn-form")


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "later":
        return COUNTING_ODDS
    if odds == "after-doubt":
        return ('<p class="small">Your exact chance of each of your guesses is shown in the log once it is '
                "answered: from your seat, at that moment, counting every deal that fits all the tables.</p>")
    return '<p class="small">Odds are off for this game: play on your judgement.</p>'


def _odds(view: SeatView, words: Words, found: Solution) -> str:
    best = "".join(f'<li data-seat="{g.seat}" data-cell="{g.cell}">Ask {words.who(g.seat)} for '
                   f"{cell_chip(GRID.index(g.cell))}: {chance(g.probability)}</li>"
                   for g in found.best_guesses(BEST))
    text = (f'<p><b class="gn-deals">{found.deals:,}</b> {"deal fits" if found.deals == 1 else "deals fit"} '
            "everything you know (all the tables at once); each is equally likely.</p>"
            f'<h3>Your best guesses</h3><ul class="odds-list gn-best">{best}</ul>')
    if view.game.brave and view.current == view.me and not view.must_guess:
        advice = found.brave(view.turn_points)
        text += (f"<p>Brave variant: one more guess scores {value_html(advice.go_on)} points on average; stopping "
                 f"keeps {advice.stop}: <b>{'guess on' if advice.guess_on else 'stop'}</b>.</p>")
    return text + _forced(found, words)


def _forced(found: Solution, words: Words) -> str:
    names = tuple(words.seating.name(s, words.me) for s in range(len(words.seating.names)))
    held = [f for f in found.forced_named(names, held_only=True) if f.held and f.holder != "surplus"]
    if not held:
        return '<p class="small">No card of an opponent is certain yet.</p>'
    items = "".join(f'<li data-seat="{f.holder}" data-cell="{f.cell}">{cell_chip(GRID.index(f.cell))} is '
                    f"{words.whose(f.holder)}: {esc(f.reason)}</li>" for f in held)
    return f'<h3>Certain cards ✓</h3><ul class="odds-list gn-forced">{items}</ul>'


# --- the log -------------------------------------------------------------------------------


def move_words(view: SeatView, action: Action, words: Words) -> str:
    """A move in words: whom the mover asked for which card and what came of it."""
    if isinstance(action, Stop):
        return "stopped"
    outcome = "a hit" if action.cell in view.laid[action.seat] else "a miss"
    return f"asked {words.who(action.seat)} for {cell_chip(action.cell)}: {outcome}"


def _turn_line(view: SeatView, turn: int, moves: list[tuple[int, Action]], words: Words,
               mine: Mapping[int, MoveNote]) -> str:
    seat = turn % view.players
    roll = rolled(view, turn)
    start = (f"{words.who(seat)} rolled {cell_chip(roll[0])}, wrote {roll[1]}" if roll is not None else
             f"{words.who(seat)} (table full, no roll)")
    said = [start]
    for number, action in moves:
        note = mine.get(number)
        extra = (f' <span class="note">your chance: {chance(note.chance)}</span>'
                 if note is not None and note.chance is not None else "")
        said.append(move_words(view, action, words) + extra)
    return cap("; ".join(said)) + "."


def _setup_line(view: SeatView) -> str:
    cells = [cell for cell, _ in view.numbers[0][:SETUP_ROLLS[view.players]]]
    return f"Before the first turn the dice gave {', '.join(cell_chip(c) for c in cells)}: everyone wrote a number there."


def log_html(view: SeatView, words: Words, mine: Mapping[int, MoveNote]) -> str:
    """Every turn (the latest :data:`LOG_TURNS`, latest first): the roll and each move, with
    the reader's own chance beside each of the reader's own moves (``mine``: its notes)."""
    found = turns(view)
    lines = [_turn_line(view, t, moves, words, mine) for t, moves in enumerate(found)]
    first = max(0, len(lines) - LOG_TURNS)
    items = [f'<li data-n="{first + t}">{line}</li>' for t, line in enumerate(lines[first:])]
    if first:
        items.insert(0, f'<li class="small">{first} earlier turns</li>')
    items.insert(0, f'<li data-n="setup">{_setup_line(view)}</li>')
    return f'<ol class="log gn-log" reversed>{"".join(reversed(items))}</ol>'


# --- the end -------------------------------------------------------------------------------


def end_page(state: State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), every seat's cards, then the seat's own review."""
    words = Words(seating, seat)
    head, marks = outcome(state.scores, words)
    order = sorted(range(state.players), key=lambda s: -state.scores[s])
    ranking = rows(([words.who(s), str(state.scores[s]), marks[s]] for s in order), ["player", "points", ""], "result")
    if not state.is_terminal:
        head = "The teacher ended the game; the points as they stood"
    cards = "".join(f'<li data-seat="{s}">{cap(words.whose(s))} cards never found: {_chips(state.hidden[s])}; '
                    f"laid: {_chips(state.laid[s])}</li>" for s in range(state.players))
    surplus = f"<li>Never dealt (the surplus): {_chips(state.surplus)}</li>"
    return (f'<h2>{head}</h2>{ranking}<h3>Every card</h3><ul class="gn-cards">{cards}{surplus}</ul>'
            + review_html(state, seat, words, own))


_SEAT = re.compile(r"seat (\d+)")


def review_html(state: State, seat: int, words: Words, own: frozenset[int] | None = None) -> str:
    """The seat's decisions, each valued exactly by the core's review (``own``: its
    student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat, solution)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        return "<p>You made no decisions in this game.</p>" + apart

    def said(option: str) -> str:  # the review's "guess red-A at seat 1", with the seat's name
        parts = _SEAT.split(option)
        return "".join(esc(p) if i % 2 == 0 else f"{words.whose(int(p))} table" for i, p in enumerate(parts))

    return review_list(review, f"a best choice, valued in {esc(review.unit)}.", said, value_html, own=own)


def table_page(state: State, seating: Seating, over: bool = False) -> str:
    """The teacher's view of a table: whose turn, the points, every seat's cards laid face
    up, and the latest turns; a game that is over (``over``, or finished) names nobody to
    play. Public facts only: the screen is projected."""
    view = seat_view(state, None)
    words = Words(seating, None)
    if state.is_terminal:
        turn = won_by(state.scores, words)
    elif over:
        turn = "The teacher ended the game before its end"
    else:
        turn = f"{words.who(state.current)} to {'guess' if state.must_guess else 'guess again or stop'}"
    seats = "".join(f"<li>{words.who(s)}: {_s(state.scores[s], 'point')}, {view.hidden(s)} hidden; laid "
                    f"{_chips(state.laid[s])}</li>" for s in range(state.players))
    found = turns(view)
    recent = "".join(f"<li>{_turn_line(view, t, found[t], words, {})}</li>"
                     for t in range(len(found) - 1, max(-1, len(found) - 5), -1))
    return (f'<p><b>{turn}</b></p><ul class="gn-public">{seats}</ul>'
            + (f'<ol class="doubts gn-recent">{recent}</ol>' if recent else ""))
