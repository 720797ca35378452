"""Hochstapler's pages at the class table: a seat's view, its end and review, and the
teacher's public summary, as HTML regions. Nothing here computes a chance: the numbers
are the core's (:func:`~bluffmath.hochstapler.odds_table`, :func:`~bluffmath.hochstapler.
colour_openings`, :func:`~bluffmath.review.hochstapler.review_state`), and a seat's page is
drawn from its :class:`~bluffmath.hochstapler.SeatView` and the public notes alone.

>>> from bluffmath import hochstapler as hs
>>> from bluffmath_class.games.base import Seating
>>> state = hs.Game(players=3).new_game(seed=4).raise_(6, "red")
>>> seating = Seating(("Ann", "Ben", "<i>Cy</i>"))
>>> regions = seat_page(state.view(1), state.game, state.legal_actions(), seating, "always", [])
>>> sorted(regions)
['board', 'hand', 'log', 'moves', 'odds', 'seats', 'status']
>>> regions["status"]
'<p class="status mine">Your turn</p>'
>>> "&lt;i&gt;Cy&lt;/i&gt;" in regions["seats"] and "<i>" not in regions["seats"]
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from bluffmath import hochstapler as hs
from bluffmath.hochstapler.position import Call, Doubt, Exchange
from bluffmath.hochstapler.rules import MAX_TOTAL, SYMBOLS
from bluffmath.review.hochstapler import review_state

from ..markup import button, chance, esc, form, own_only, review_list, rows
from .base import Seating, Words, outcome, won_by
from .hochstapler_notes import DoubtNote


def seat_page(view: hs.SeatView, game: hs.Game, legal: Sequence[hs.Action], seating: Seating,
              odds: str, notes: Sequence[Any]) -> dict[str, str]:
    """The regions of one seat's page (see the module docstring)."""
    position, me = view.position, view.me
    return {
        "status": _status(view, seating),
        "hand": _hand(position),
        "board": _board(view, game, seating),
        "seats": _seats(view, seating),
        "moves": _moves(position, legal, seating),
        "odds": _odds(position, legal, seating) if odds == "always" else _odds_off(odds),
        "log": _log(view, seating, notes if odds != "never" else (), me),
    }


# --- the table ---------------------------------------------------------------------------


def colour_chip(colour: str, value: object = None) -> str:
    """A colour's badge, with a card value on it if given."""
    shown = "" if value is None else f"<b>{esc(value)}</b> "
    return f'<span class="chip c-{colour}" data-colour="{colour}">{shown}{colour} {SYMBOLS[colour]}</span>'


def call_html(call: Call) -> str:
    """A call as players say it: the total, then the colour."""
    return f'<span class="call"><b>{call.total}</b> {colour_chip(call.colour)}</span>'


def _status(view: hs.SeatView, seating: Seating) -> str:
    if not view.position.colours:
        return '<p class="status">The game is over</p>'
    if view.to_act == view.me:
        return '<p class="status mine">Your turn</p>'
    return f'<p class="status">{esc(seating.names[view.to_act])} to play</p>'


def _hand(position: hs.Position) -> str:
    cards = "".join(f'<span class="card c-{c}" data-colour="{c}" data-value="{v}"><b>{v}</b>'
                    f"<small>{c}</small></span>" for c, v in position.hand.items())
    return f'<div class="hand" aria-label="your cards">{cards}</div>'


def _board(view: hs.SeatView, game: hs.Game, seating: Seating) -> str:
    position = view.position
    call = position.call
    to_beat = (f"<p class=\"to-beat\">Call to beat: {call_html(call)} by "
               f"{esc(seating.name(call.seat, view.me))}</p>" if call else
               '<p class="to-beat">No call yet: the round opens with any total.</p>' if position.colours
               else "")
    face_up = "".join(f"<li>{colour_chip(c)} face up: {' '.join(map(str, position.face_up(c)))}</li>"
                      for c in position.colours if position.face_up(c))
    deal = f"deal {view.deal + 1}, " if game.target else ""
    out = " ".join(colour_chip(r.call.colour) + f"→ {esc(seating.name(r.taker, view.me))}"
                   for r in view.reveals if r.deal == view.deal)
    return (f"{to_beat}<ul class=\"face-up\">{face_up}</ul>"
            f"<p class=\"small\">{deal}{len(position.colours)} colours in play"
            f"{'; taken: ' + out if out else ''}</p>")


def _seats(view: hs.SeatView, seating: Seating) -> str:
    playing = bool(view.position.colours)
    return rows(([("▶ " if s == view.to_act and playing else "") + esc(seating.name(s, view.me)), str(points)]
                 for s, points in enumerate(view.scores)), ["player", "penalty points"], "seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(position: hs.Position, legal: Sequence[hs.Action], seating: Seating) -> str:
    if not legal:
        return ""
    parts = []
    raises = [a for a in legal if isinstance(a, hs.Raise)]
    if any(isinstance(a, hs.DoubtCall) for a in legal):
        call = position.call
        parts.append(button(f"Doubt {esc(seating.name(call.seat, position.me))}'s "
                            f"{call.total} {call.colour}", {"kind": "doubt"}, "doubt"))
    if raises:
        low, top = min(a.total for a in raises), MAX_TOTAL[position.players]
        colours = "".join(f'<option value="{c}">{c} {SYMBOLS[c]}</option>'
                          for c in dict.fromkeys(a.colour for a in raises))
        fields = (f'<label>total <input name="total" type="number" inputmode="numeric" min="{low}" '
                  f'max="{top}" value="{low}" data-int required></label>'
                  f'<label>colour <select name="colour">{colours}</select></label>')
        must = " (you exchanged: now you must call)" if position.history and \
            type(position.history[-1]) is Exchange else ""
        parts.append(f"<p>Call a total from {low} to {top}{must}:</p>"
                     + form({"kind": "call"}, fields, "Call", "call"))
    exchanges = [a.colour for a in legal if isinstance(a, hs.ExchangeCard)]
    if exchanges:
        options = "".join(f'<option value="{c}">{c} {SYMBOLS[c]}</option>' for c in exchanges)
        parts.append("<p>Or exchange a card: lay yours face up and draw from that pile, then call.</p>"
                     + form({"kind": "exchange"}, f'<label>Colour to lay face up <select name="colour">{options}'
                            "</select></label>", "Exchange", "exchange"))
    return "".join(parts)


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        return ('<p class="small">Odds are shown after each doubt: the chance the doubter '
                "faced, once the cards are on the table.</p>")
    return '<p class="small">Odds are off for this game: play on your judgement.</p>'


def _odds(position: hs.Position, legal: Sequence[hs.Action], seating: Seating) -> str:
    if not position.colours:
        return ""
    table = hs.odds_table(position)
    call, my_turn = position.call, bool(legal)
    parts = []
    if call is not None:
        parts.append(f"<p>{call_html(call)} by {esc(seating.name(call.seat, position.me))} is true "
                     f'with P = <span class="current">{chance(table.current)}</span> by card '
                     f"counting, {chance(table.current_reading)} reading the bids.</p>")
    parts.append(_calls(table, my_turn and any(isinstance(a, hs.Raise) for a in legal)))
    parts.append(_colours(table))
    return "".join(parts)


def _calls(table: hs.OddsTable, can_call: bool) -> str:
    position = table.position
    if position.call is None:
        rows_ = {r.colour: r for r in table.rows}
        items = [f"<li>{_mine(rows_[c.colour])} → {_call_cell(c, can_call)} holds with P = {chance(p)}"
                 f"{_if_exchanged(rows_[c.colour], c.total)}</li>" for c, p in hs.colour_openings(table)]
        return ("<h3>Each colour's highest call that holds at least half the time</h3>"
                f'<ul class="odds-list openings">{"".join(items)}</ul>')
    if not position.legal_totals():
        return f"<p>No call can beat {position.call.total}: only a doubt is left.</p>"
    items = [f"<li>{_call_cell(c, can_call)} holds with P = {chance(p)}</li>" for c, p in table.best_calls(3)]
    return f'<h3>Your likeliest calls</h3><ul class="odds-list calls">{"".join(items)}</ul>'


def _mine(row: hs.ColourOdds) -> str:
    face_up = f" (face up: {' '.join(map(str, row.face_up))})" if row.face_up else ""
    return colour_chip(row.colour, row.own) + face_up


def _if_exchanged(row: hs.ColourOdds, total: int) -> str:
    if row.exchange is None:
        return ""
    return f"; if you exchange it first: {chance(row.exchange.at_least(total))}"


def _call_cell(call: Call, can_call: bool) -> str:
    if not can_call:
        return call_html(call)
    return button(f"{call.total} {colour_chip(call.colour)}",
                  {"kind": "call", "total": call.total, "colour": call.colour}, "quick")


def _colours(table: hs.OddsTable) -> str:
    legal = table.position.legal_totals()
    if table.position.call is None or not legal:
        return ""
    low = legal.start
    items = [f"<li>{_mine(r)}: P(≥ {low}) = {chance(r.chance(low))}{_if_exchanged(r, low)}</li>"
             for r in table.rows]
    return (f"<h3>A call of {low} in each colour</h3>"
            f'<ul class="odds-list colours">{"".join(items)}</ul>')


# --- the log -------------------------------------------------------------------------------


def _log(view: hs.SeatView, seating: Seating, notes: Sequence[Any], me: int) -> str:
    position = view.position
    reveals = iter([r for r in view.reveals if r.deal == view.deal])
    chances = doubt_notes(notes)
    lines = []
    for event in position.history:
        who = esc(seating.name(event.seat, me))
        if type(event) is Call:
            lines.append(f"{who} called {call_html(event)}")
        elif type(event) is Exchange:
            lines.append(f"{who} exchanged {colour_chip(event.colour)}: laid a {event.value} face "
                         "up and drew")
        elif type(event) is Doubt:
            reveal = next(reveals)
            lines.append(doubt_text(reveal, seating, me, chances.get((reveal.deal, reveal.call))))
    items = "".join(f'<li data-n="{view.deal}.{i}">{line}</li>' for i, line in reversed(list(enumerate(lines))))
    return f'<ol class="log" reversed>{items}</ol>' if items else ""


def doubt_notes(notes: Sequence[Any]) -> dict[tuple[int, Call], Any]:
    """The doubts' notes by (deal, call): a call's own note speaks of the caller's card,
    and a page never shows it."""
    return {(n.deal, n.call): n for n in notes if isinstance(n, DoubtNote)}


@lru_cache(maxsize=4096)
def doubt_text(reveal: hs.Reveal, seating: Seating, me: int | None, note: Any = None) -> str:
    """A doubt in words: the cards shown, who was right, who took the colour; and, from the
    note, the chance the doubter faced (kept: a doubt is told again on every page at every
    move of its deal, and on the teacher's to the end of the game)."""
    call, words = reveal.call, Words(seating, me)
    sum_text = " + ".join(map(str, reveal.cards)) + f" = {reveal.total}"
    verdict = "true" if reveal.call_was_true else "false"
    text = (f"{words.who(reveal.doubter)} doubted {words.whose(call.seat)} {call_html(call)}: the cards show "
            f"{sum_text}, the call was {verdict}; {words.who(reveal.taker)} took {colour_chip(call.colour)}.")
    if note is not None:
        text += (f' <span class="note">The chance it was true, from {words.whose(reveal.doubter)} seat: '
                 f"{chance(note.chance)}.</span>")
    return text


# --- the end -------------------------------------------------------------------------------


def end_page(state: hs.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), then the seat's own review of its decisions."""
    words = Words(seating, seat)
    head, marks = outcome(state.scores, words, fewest=True)
    ranking = rows(([words.who(s), str(p), marks[s]] for s, p in sorted(enumerate(state.scores), key=lambda sp: sp[1])),
                   ["player", "penalty points", ""], "result")
    if not state.is_terminal:
        head = "The teacher ended the game; the points so far"
    return f"<h2>{head}</h2>{ranking}{review_html(state, seat, own)}"


#: The core's review says "raise" where the page's buttons say "call" (a call in
#: Hochstapler always raises the one before it): the end page uses the page's word.
_CALL_WORDS = ((re.compile(r"\braise by one\b"), "call one higher"), (re.compile(r"\braises\b"), "calls"),
               (re.compile(r"\braise\b"), "call"))


def page_words(text: str) -> str:
    """The core's review text in the page's words ("raise 7 red" is "call 7 red").

    >>> page_words("raise 7 red"), page_words("doubt, or raise by one; the best raise")
    ('call 7 red', 'doubt, or call one higher; the best call')
    """
    for pattern, word in _CALL_WORDS:
        text = pattern.sub(word, text)
    return text


def review_html(state: hs.State, seat: int, own: frozenset[int] | None = None) -> str:
    """The seat's decisions, each valued exactly by the core's review, in the page's words
    (``own``: its student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        return "<p>You made no decisions in this game.</p>" + apart
    return review_list(replace(review, model=page_words(review.model)),
                       "the best choice, valued by each one's exact chance of taking no penalty "
                       "point this round, the others answering in the called colour by card counting.",
                       lambda option: esc(page_words(option)), label="P(no point) = ", own=own)


def table_page(state: hs.State, seating: Seating, notes: Sequence[Any], over: bool = False) -> str:
    """The teacher's view of a table: whose turn, the points, the call to beat, every doubt
    with the chance the doubter faced; a game that is over (``over``, or finished) names
    nobody to play. Public facts only: the screen is projected."""
    words = Words(seating, None)
    if state.is_terminal:
        turn, to_beat = won_by(state.scores, words, fewest=True), ""
    elif over:
        turn, to_beat = "The teacher ended the game before its end", ""
    else:
        call = state.call
        turn = f"{esc(seating.names[state.to_act])} to play"
        to_beat = f"; call to beat {call_html(call)}" if call else ""
    scores = ", ".join(f"{esc(seating.names[s])} {p}" for s, p in enumerate(state.scores))
    chances = doubt_notes(notes)
    doubts = "".join(f"<li>{doubt_text(r, seating, None, chances.get((r.deal, r.call)))}</li>"
                     for r in state.reveals)
    return (f"<p><b>{turn}</b>{to_beat}</p><p>Penalty points: {scores}</p>"
            + (f'<ol class="doubts">{doubts}</ol>' if doubts else ""))
