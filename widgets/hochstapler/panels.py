"""The Hochstapler table's panels as HTML: the board, this deal's log, the scores, every doubt
of the game, the end. Each takes my seat's view and ``name``, which gives a seat's name as
HTML (escaped), so that a player is called by one name everywhere.

Nothing here computes a probability, and nothing is drawn that my seat cannot see: the
cards of the other seats appear only when a doubt showed them.
"""

from __future__ import annotations

from collections.abc import Callable

from bluffmath import hochstapler as hs
from bluffmath.hochstapler.rules import CARDS_PER_COLOUR

from .cards import BOX, STYLE, call_text, card_html, scrolling

__all__ = ["board_html", "log_html", "result_html", "reveal_html", "reveals_html", "scores_html"]

Name = Callable[[int], str]


def board_html(view: hs.SeatView, name: Name) -> str:
    """My hand as cards, the face-up cards beside each colour, what is left of each pile, and
    who took each colour out of play."""
    position = view.position
    piles = []
    for colour in hs.COLOURS:
        if colour in position.hand:
            face_up = position.face_up(colour)
            left = CARDS_PER_COLOUR - position.players - len(face_up)
            shown = "".join(card_html(colour, v, small=True, kind="face-up") for v in face_up)
            piles.append(
                f'<div class="bm-colour" data-colour="{colour}" data-pile="{left}" '
                f'style="text-align: center; min-width: 5.2em;">'
                f"{card_html(colour, position.hand[colour])}"
                f'<div style="font-size: 12px;">face up: {shown or "none"}</div>'
                f'<div style="font-size: 12px; color: #555;">pile: {left} left</div></div>')
        else:
            taken = [r for r in view.reveals if r.deal == view.deal and r.call.colour == colour]
            who = f"taken by {name(taken[-1].taker)}" if taken else "out of play"
            piles.append(
                f'<div class="bm-colour bm-taken" data-colour="{colour}" style="text-align: '
                f'center; min-width: 5.2em; color: #333;">'
                f"{card_html(colour, None, kind='taken')}<div style='font-size: 12px;'>{who}</div></div>")
    return (f'{STYLE}<div class="bm-board" style="display: flex; flex-wrap: wrap; gap: 6px; {BOX}">'
            f"{''.join(piles)}</div>")


def log_html(view: hs.SeatView, name: Name) -> str:
    """This deal, move by move, in words."""
    position = view.position
    reveals = iter([r for r in view.reveals if r.deal == view.deal])
    items = []
    for event in position.history:
        if isinstance(event, hs.Call):
            items.append(f"{name(event.seat)} calls <b>{call_text(event.total, event.colour)}</b>")
        elif isinstance(event, hs.Exchange):
            items.append(f"{name(event.seat)} lays "
                         f"{card_html(event.colour, event.value, small=True, kind='face-up')}"
                         f" face up and draws a new {event.colour} card")
        else:
            reveal = next(reveals)
            verdict = "true" if reveal.call_was_true else "false"
            items.append(f"{name(event.seat)} doubts: {reveal.call.colour} shows "
                         f"{reveal.total}, the call was {verdict}; "
                         f"{name(reveal.taker)} takes {reveal.call.colour}")
    opener = f"No call yet: {name(view.to_act)} opens the deal." if not items else ""
    body = "".join(f"<li>{item}</li>" for item in items)
    return (f'<div class="bm-history" style="{BOX}"><h4 style="margin: 2px 0;">This deal'
            f"</h4>{opener}<ol style='margin: 2px 0; padding-left: 1.6em;'>{body}</ol></div>")


def scores_html(state: hs.State, view: hs.SeatView, name: Name, kind: Callable[[int], str]) -> str:
    """Each player's penalty points and the colours they took; ``kind`` says who plays a seat."""
    rows = []
    for seat in range(state.players):
        turn = "▶" if seat == view.to_act and not state.is_terminal else ""
        taken = ", ".join(r.call.colour for r in view.reveals if r.taker == seat)
        rows.append(f'<tr data-seat="{seat}"><td>{turn}</td>'
                    f"<td>{name(seat)}</td><td><small>{kind(seat)}</small></td>"
                    f'<td class="bm-points" style="text-align: center;">{view.scores[seat]}'
                    f"</td><td><small>{taken}</small></td></tr>")
    table = (f'<table class="bm-table" style="border-collapse: collapse;"><tr><th></th>'
             f"<th>player</th><th></th><th>points</th><th>taken</th></tr>{''.join(rows)}</table>")
    return (f'<div class="bm-scores" style="{BOX}"><h4 style="margin: 2px 0;">Penalty '
            f"points</h4>{scrolling(table)}</div>")


def reveal_html(reveal: hs.Reveal, number: int, name: Name, deals: bool = False,
                small: bool = False) -> str:
    """One doubt: who called what, who doubted, every hand's card of that colour, the total,
    who took the colour. ``number`` counts the doubts of the game from 1; ``small`` draws
    the cards small (the older doubts, so that the newest stands out)."""
    call = reveal.call
    shown = "".join(
        f'<span class="bm-shown" data-seat="{seat}" style="display: inline-block; '
        f'text-align: center; margin: 0 4px;">{card_html(call.colour, value, small=small, kind="shown")}'
        f"<br><small>{name(seat)}</small></span>"
        for seat, value in enumerate(reveal.cards))
    relation = "≥" if reveal.call_was_true else "<"
    verdict = ("the call was true: the doubter" if reveal.call_was_true else
               "the call was false: the caller")
    deal = f" (deal {reveal.deal + 1})" if deals else ""
    return (f'<div class="bm-reveal" data-doubt="{number}" data-colour="{call.colour}" '
            f'data-total="{reveal.total}" data-taker="{reveal.taker}" '
            f'style="{BOX} background: #fafafa;">'
            f"<b>Doubt {number}{deal}!</b> {name(reveal.doubter)} doubted {name(call.seat)}'s "
            f"call of <b>{call_text(call.total, call.colour)}</b>. Everyone shows "
            f"{call.colour}:<div>{shown}</div>Total <b>{reveal.total}</b> {relation} "
            f"{call.total}: {verdict}, {name(reveal.taker)}, takes "
            f"{call.colour} (1 penalty point).</div>")


def reveals_html(view: hs.SeatView, name: Name) -> str:
    """Every doubt of the game, newest first (empty before the first doubt)."""
    if not view.reveals:
        return ""
    deals = view.deal > 0
    last = len(view.reveals)
    items = [reveal_html(r, n, name, deals, small=n < last) for n, r in enumerate(view.reveals, 1)]
    return (f'<div class="bm-reveals"><h4 style="margin: 4px 0;">Doubts this game, newest '
            f"first</h4>{''.join(reversed(items))}</div>")


def result_html(state: hs.State, me: int, name: Name) -> str:
    """The end: who won, with how many points, and everyone's score."""
    winners = state.winners()
    fewest = state.scores[winners[0]]
    names = ", ".join(name(seat) for seat in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    mine = ("You win!" if winners == (me,) else
            "You share the win!" if me in winners else "")
    scores = ", ".join(f"{name(seat)} {points}" for seat, points in enumerate(state.scores))
    return (f'<div class="bm-result" style="{BOX} background: #eef7ee; font-size: 1.1em;">'
            f"<b>Game over.</b> {mine} {names} {verb} with {fewest} penalty point"
            f"{'' if fewest == 1 else 's'}.<br>Final scores: {scores}.</div>")
