"""Hochstapler's pages at the class table: a seat's view, its end and review, and the
teacher's public summary, as HTML regions. Nothing here computes a chance: the numbers
are the core's (:func:`~bluffmath.hochstapler.odds_table`, :func:`~bluffmath.hochstapler.
colour_openings`, :func:`~bluffmath.review.hochstapler.review_state`), and a seat's page is
drawn from its :class:`~bluffmath.hochstapler.SeatView` and the public notes alone. Every
word is in the language in use (:mod:`bluffmath.i18n`), with the German rules' terms
(ansagen, erhöhen, anzweifeln, tauschen: :mod:`~bluffmath_class.games.hochstapler_words`).

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
from bluffmath.hochstapler.rules import MAX_TOTAL
from bluffmath.i18n import _, language, n_, p_
from bluffmath.review.hochstapler import review_state

from ..markup import button, chance, esc, form, own_only, review_list, rows, tag
from .base import Seating, Words, outcome, won_by
from .hochstapler_notes import DoubtNote
from .hochstapler_words import CALL_WORDS, ROUND_MODEL, card_colour, colour_words, option_words


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
    return f'<span class="chip c-{colour}" data-colour="{colour}">{shown}{colour_words(colour)}</span>'


def call_html(call: Call) -> str:
    """A call as players say it: the total, then the colour."""
    return f'<span class="call"><b>{call.total}</b> {colour_chip(call.colour)}</span>'


def _status(view: hs.SeatView, seating: Seating) -> str:
    if not view.position.colours:
        return tag("p", _("The game is over"), ' class="status"')
    if view.to_act == view.me:
        return tag("p", _("Your turn"), ' class="status mine"')
    return tag("p", _("{name} to play").format(name=esc(seating.names[view.to_act])), ' class="status"')


def _hand(position: hs.Position) -> str:
    cards = "".join(f'<span class="card c-{c}" data-colour="{c}" data-value="{v}"><b>{v}</b>'
                    f"<small>{card_colour(c)}</small></span>" for c, v in position.hand.items())
    label = _("your cards")
    return f'<div class="hand" role="group" aria-label="{label}">{cards}</div>'


def _board(view: hs.SeatView, game: hs.Game, seating: Seating) -> str:
    position = view.position
    call = position.call
    if call:
        said = (_("Call to beat: {call} by you") if call.seat == view.me else
                _("Call to beat: {call} by {name}")).format(call=call_html(call), name=esc(seating.names[call.seat]))
        to_beat = f'<p class="to-beat">{said}</p>'
    else:
        to_beat = (tag("p", _("No call yet: the round opens with any total."), ' class="to-beat"')
                   if position.colours else "")
    face_up = "".join(tag("li", _("{colour} face up: {cards}").format(
        colour=colour_chip(c), cards=" ".join(map(str, position.face_up(c))))) for c in position.colours if position.face_up(c))
    n = len(position.colours)
    playing = (n_("deal {deal}, {n} colour in play", "deal {deal}, {n} colours in play", n) if game.target else
               n_("{n} colour in play", "{n} colours in play", n)).format(deal=view.deal + 1, n=n)
    out = " ".join((_("{colour}→ you") if r.taker == view.me else _("{colour}→ {name}")).format(
        colour=colour_chip(r.call.colour), name=esc(seating.names[r.taker]))
        for r in view.reveals if r.deal == view.deal)
    line = _("{playing}; taken: {taken}").format(playing=playing, taken=out) if out else playing
    return f'{to_beat}<ul class="face-up">{face_up}</ul><p class="small">{line}</p>'


def _seats(view: hs.SeatView, seating: Seating) -> str:
    playing = bool(view.position.colours)
    return rows(([("▶ " if s == view.to_act and playing else "") + esc(seating.name(s, view.me)), str(points)]
                 for s, points in enumerate(view.scores)), [_("player"), _("penalty points")], "seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(position: hs.Position, legal: Sequence[hs.Action], seating: Seating) -> str:
    if not legal:
        return ""
    parts = []
    raises = [a for a in legal if isinstance(a, hs.Raise)]
    if any(isinstance(a, hs.DoubtCall) for a in legal):
        call = position.call
        said = _("Doubt {name}'s {total} {colour}").format(name=esc(seating.names[call.seat]), total=call.total,
                                                           colour=card_colour(call.colour))
        parts.append(button(said, {"kind": "doubt"}, "doubt"))
    if raises:
        parts.append(_call_form(position, raises))
    exchanges = [a.colour for a in legal if isinstance(a, hs.ExchangeCard)]
    if exchanges:
        options = "".join(f'<option value="{c}">{colour_words(c)}</option>' for c in exchanges)
        field = tag("label", _("Colour to lay face up") + f' <select name="colour">{options}</select>')
        parts.append(tag("p", _("Or exchange a card: lay yours face up and draw from that pile, then call."))
                     + form({"kind": "exchange"}, field, _("Exchange"), "exchange"))
    return "".join(parts)


def _call_form(position: hs.Position, raises: Sequence[hs.Raise]) -> str:
    """The form to call (to open the round: ansagen; over a call: erhöhen)."""
    low, top = min(a.total for a in raises), MAX_TOTAL[position.players]
    colours = "".join(f'<option value="{c}">{colour_words(c)}</option>'
                      for c in dict.fromkeys(a.colour for a in raises))
    fields = (tag("label", _("total") + f' <input name="total" type="number" inputmode="numeric" min="{low}" '
                  f'max="{top}" value="{low}" data-int required>')
              + tag("label", _("colour") + f' <select name="colour">{colours}</select>'))
    exchanged = bool(position.history) and type(position.history[-1]) is Exchange
    if position.call is None:
        said = (p_("opening", "Call a total from {low} to {top} (you exchanged: now you must call):") if exchanged
                else p_("opening", "Call a total from {low} to {top}:"))
        submit = p_("opening", "Call")
    else:
        said = (p_("raising", "Call a total from {low} to {top} (you exchanged: now you must call):") if exchanged
                else p_("raising", "Call a total from {low} to {top}:"))
        submit = p_("raising", "Call")
    return f"<p>{said.format(low=low, top=top)}</p>" + form({"kind": "call"}, fields, submit, "call")


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        return tag("p", _("Odds are shown after each doubt: the chance the doubter faced, once the cards are on the "
                          "table."), ' class="small"')
    return tag("p", _("Odds are off for this game: play on your judgement."), ' class="small"')


def _odds(position: hs.Position, legal: Sequence[hs.Action], seating: Seating) -> str:
    if not position.colours:
        return ""
    table = hs.odds_table(position)
    call, my_turn = position.call, bool(legal)
    parts = []
    if call is not None:
        said = (_("{call} by you is true with P = {p} by card counting, {q} reading the bids.")
                if call.seat == position.me else
                _("{call} by {name} is true with P = {p} by card counting, {q} reading the bids."))
        parts.append("<p>" + said.format(call=call_html(call), name=esc(seating.names[call.seat]),
                                         p=f'<span class="current">{chance(table.current)}</span>',
                                         q=chance(table.current_reading)) + "</p>")
    parts.append(_calls(table, my_turn and any(isinstance(a, hs.Raise) for a in legal)))
    parts.append(_colours(table))
    return "".join(parts)


def _calls(table: hs.OddsTable, can_call: bool) -> str:
    position = table.position
    if position.call is None:
        rows_ = {r.colour: r for r in table.rows}
        items = [f"<li>{_opening(rows_[c.colour], c, p, can_call)}</li>" for c, p in hs.colour_openings(table)]
        return (tag("h3", _("Each colour's highest call that holds at least half the time"))
                + f'<ul class="odds-list openings">{"".join(items)}</ul>')
    if not position.legal_totals():
        return tag("p", _("No call can beat {total}: only a doubt is left.").format(total=position.call.total))
    items = [tag("li", _("{call} holds with P = {p}").format(call=_call_cell(c, can_call), p=chance(p)))
             for c, p in table.best_calls(3)]
    return tag("h3", _("Your likeliest calls")) + f'<ul class="odds-list calls">{"".join(items)}</ul>'


def _opening(row: hs.ColourOdds, call: Call, p: Any, can_call: bool) -> str:
    """A colour's highest opening call that holds at least half the time, and its chance if
    the card is exchanged first."""
    if row.exchange is None:
        return _("{card} → {call} holds with P = {p}").format(card=_mine(row), call=_call_cell(call, can_call),
                                                             p=chance(p))
    return _("{card} → {call} holds with P = {p}; if you exchange it first: {q}").format(
        card=_mine(row), call=_call_cell(call, can_call), p=chance(p), q=chance(row.exchange.at_least(call.total)))


def _mine(row: hs.ColourOdds) -> str:
    if not row.face_up:
        return colour_chip(row.colour, row.own)
    return _("{card} (face up: {cards})").format(card=colour_chip(row.colour, row.own),
                                                 cards=" ".join(map(str, row.face_up)))


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
    items = []
    for r in table.rows:
        said = (_("{card}: P(≥ {low}) = {p}") if r.exchange is None else
                _("{card}: P(≥ {low}) = {p}; if you exchange it first: {q}"))
        q = chance(r.exchange.at_least(low)) if r.exchange is not None else ""
        items.append(f"<li>{said.format(card=_mine(r), low=low, p=chance(r.chance(low)), q=q)}</li>")
    return (tag("h3", _("A call of {low} in each colour").format(low=low))
            + f'<ul class="odds-list colours">{"".join(items)}</ul>')


# --- the log -------------------------------------------------------------------------------


def _log(view: hs.SeatView, seating: Seating, notes: Sequence[Any], me: int) -> str:
    position = view.position
    reveals = iter([r for r in view.reveals if r.deal == view.deal])
    chances = doubt_notes(notes)
    lines, open_call = [], True
    for event in position.history:
        mine, name = event.seat == me, esc(seating.names[event.seat])
        if type(event) is Call:
            lines.append(CALL_WORDS[open_call, mine]().format(name=name, call=call_html(event)))
            open_call = False
        elif type(event) is Exchange:
            said = (_("you exchanged {colour}: laid a {value} face up and drew") if mine else
                    _("{name} exchanged {colour}: laid a {value} face up and drew"))
            lines.append(said.format(name=name, colour=colour_chip(event.colour), value=event.value))
        elif type(event) is Doubt:
            reveal = next(reveals)
            lines.append(doubt_text(reveal, seating, me, chances.get((reveal.deal, reveal.call))))
            open_call = True
    items = "".join(f'<li data-n="{view.deal}.{i}">{line}</li>' for i, line in reversed(list(enumerate(lines))))
    return f'<ol class="log" reversed>{items}</ol>' if items else ""


def doubt_notes(notes: Sequence[Any]) -> dict[tuple[int, Call], Any]:
    """The doubts' notes by (deal, call): a call's own note speaks of the caller's card,
    and a page never shows it."""
    return {(n.deal, n.call): n for n in notes if isinstance(n, DoubtNote)}


def doubt_text(reveal: hs.Reveal, seating: Seating, me: int | None, note: Any = None) -> str:
    """A doubt in words: the cards shown, who was right, who took the colour; and, from the
    note, the chance the doubter faced (kept for each language: a doubt is told again on
    every page at every move of its deal, and on the teacher's to the end of the game)."""
    return _doubt_text(reveal, seating, me, note, language())


@lru_cache(maxsize=4096)
def _doubt_text(reveal: hs.Reveal, seating: Seating, me: int | None, note: Any, spoken: str) -> str:
    call, names = reveal.call, seating.names
    if reveal.doubter == me:
        doubt = _("you doubted {caller}'s {call}")
    elif call.seat == me:
        doubt = _("{name} doubted your {call}")
    else:
        doubt = _("{name} doubted {caller}'s {call}")
    doubt = doubt.format(name=esc(names[reveal.doubter]), caller=esc(names[call.seat]), call=call_html(call))
    took = (_("you took {colour}") if reveal.taker == me else _("{name} took {colour}")).format(
        name=esc(names[reveal.taker]), colour=colour_chip(call.colour))
    sum_text = " + ".join(map(str, reveal.cards)) + f" = {reveal.total}"
    said = (_("{doubt}: the cards show {sum}, the call was true; {took}.") if reveal.call_was_true else
            _("{doubt}: the cards show {sum}, the call was false; {took}."))
    text = said.format(doubt=doubt, sum=sum_text, took=took)
    if note is not None:
        seen = (_("The chance it was true, from your seat: {p}.") if reveal.doubter == me else
                _("The chance it was true, from {name}'s seat: {p}.")).format(name=esc(names[reveal.doubter]),
                                                                              p=chance(note.chance))
        text += f' <span class="note">{seen}</span>'
    return text


# --- the end -------------------------------------------------------------------------------


def end_page(state: hs.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), then the seat's own review of its decisions."""
    words = Words(seating, seat)
    head, marks = outcome(state.scores, words, fewest=True)
    ranking = rows(([words.who(s), str(p), marks[s]] for s, p in sorted(enumerate(state.scores), key=lambda sp: sp[1])),
                   [_("player"), _("penalty points"), ""], "result")
    if not state.is_terminal:
        head = _("The teacher ended the game; the points so far")
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
        return tag("p", _("You made no decisions in this game.")) + apart
    return review_list(replace(review, model=_(ROUND_MODEL)),
                       _("the best choice, valued by each one's exact chance of taking no penalty "
                         "point this round, the others answering in the called colour by card counting."),
                       lambda option: esc(option_words(option)), label=_("P(no point) = "), own=own)


def table_page(state: hs.State, seating: Seating, notes: Sequence[Any], over: bool = False) -> str:
    """The teacher's view of a table: whose turn, the points, the call to beat, every doubt
    with the chance the doubter faced; a game that is over (``over``, or finished) names
    nobody to play. Public facts only: the screen is projected."""
    words = Words(seating, None)
    if state.is_terminal:
        turn, to_beat = won_by(state.scores, words, fewest=True), ""
    elif over:
        turn, to_beat = _("The teacher ended the game before its end"), ""
    else:
        call = state.call
        turn = _("{name} to play").format(name=esc(seating.names[state.to_act]))
        to_beat = _("; call to beat {call}").format(call=call_html(call)) if call else ""
    scores = ", ".join(f"{esc(seating.names[s])} {p}" for s, p in enumerate(state.scores))
    chances = doubt_notes(notes)
    doubts = "".join(f"<li>{doubt_text(r, seating, None, chances.get((r.deal, r.call)))}</li>"
                     for r in state.reveals)
    return (f"<p><b>{turn}</b>{to_beat}</p>" + tag("p", _("Penalty points: {scores}").format(scores=scores))
            + (f'<ol class="doubts">{doubts}</ol>' if doubts else ""))
