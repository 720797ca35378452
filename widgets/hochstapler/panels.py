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
from bluffmath.i18n import _, n_, p_

from .cards import BOX, STYLE, call_text, card_html, colour_noun, scrolling

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
            face_up_words = _("face up: {cards}").format(cards=shown or _("none"))
            pile_words = _("pile: {n} left").format(n=left)
            piles.append(
                f'<div class="bm-colour" data-colour="{colour}" data-pile="{left}" '
                f'style="text-align: center; min-width: 5.2em;">'
                f"{card_html(colour, position.hand[colour])}"
                f'<div style="font-size: 12px;">{face_up_words}</div>'
                f'<div style="font-size: 12px; color: #555;">{pile_words}</div></div>')
        else:
            taken = [r for r in view.reveals if r.deal == view.deal and r.call.colour == colour]
            who = _("taken by {name}").format(name=name(taken[-1].taker)) if taken else _("out of play")
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
    opens = True  # a round's first call is announced (angesagt), a later one raises (erhöht)
    for event in position.history:
        if isinstance(event, hs.Call):
            said = p_("opening", "{name} calls {call}") if opens else p_("raising", "{name} calls {call}")
            items.append(said.format(name=name(event.seat), call=f"<b>{call_text(event.total, event.colour)}</b>"))
            opens = False
        elif isinstance(event, hs.Exchange):
            items.append(_("{name} lays {card} face up and draws a new {colour} card").format(
                name=name(event.seat), card=card_html(event.colour, event.value, small=True, kind="face-up"),
                colour=colour_noun(event.colour)))
        else:
            reveal = next(reveals)
            said = (_("{name} doubts: {colour} shows {total}, the call was true; {taker} takes {colour}")
                    if reveal.call_was_true else
                    _("{name} doubts: {colour} shows {total}, the call was false; {taker} takes {colour}"))
            items.append(said.format(name=name(event.seat), colour=colour_noun(reveal.call.colour),
                                     total=reveal.total, taker=name(reveal.taker)))
            opens = True
    opener = _("No call yet: {name} opens the deal.").format(name=name(view.to_act)) if not items else ""
    body = "".join(f"<li>{item}</li>" for item in items)
    title = _("This deal")
    return (f'<div class="bm-history" style="{BOX}"><h4 style="margin: 2px 0;">{title}'
            f"</h4>{opener}<ol style='margin: 2px 0; padding-left: 1.6em;'>{body}</ol></div>")


def scores_html(state: hs.State, view: hs.SeatView, name: Name, kind: Callable[[int], str]) -> str:
    """Each player's penalty points and the colours they took; ``kind`` says who plays a seat."""
    rows = []
    for seat in range(state.players):
        turn = "▶" if seat == view.to_act and not state.is_terminal else ""
        taken = ", ".join(colour_noun(r.call.colour) for r in view.reveals if r.taker == seat)
        rows.append(f'<tr data-seat="{seat}"><td>{turn}</td>'
                    f"<td>{name(seat)}</td><td><small>{kind(seat)}</small></td>"
                    f'<td class="bm-points" style="text-align: center;">{view.scores[seat]}'
                    f"</td><td><small>{taken}</small></td></tr>")
    head = "".join(f"<th>{h}</th>" for h in ("", _("player"), "", _("points"), _("taken")))
    table = (f'<table class="bm-table" style="border-collapse: collapse;"><tr>{head}</tr>'
             f"{''.join(rows)}</table>")
    title = _("Penalty points")
    return (f'<div class="bm-scores" style="{BOX}"><h4 style="margin: 2px 0;">{title}'
            f"</h4>{scrolling(table)}</div>")


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
    heading = (_("Doubt {number} (deal {deal})!").format(number=number, deal=reveal.deal + 1) if deals else
               _("Doubt {number}!").format(number=number))
    said = _("{doubter} doubted {caller}'s call of {call}. Everyone shows {colour}:").format(
        doubter=name(reveal.doubter), caller=name(call.seat), call=f"<b>{call_text(call.total, call.colour)}</b>",
        colour=colour_noun(call.colour))
    verdict = (_("Total {total} ≥ {call}: the call was true: the doubter, {taker}, takes {colour} (1 penalty point).")
               if reveal.call_was_true else
               _("Total {total} < {call}: the call was false: the caller, {taker}, takes {colour} (1 penalty point)."))
    verdict = verdict.format(total=f"<b>{reveal.total}</b>", call=call.total, taker=name(reveal.taker),
                             colour=colour_noun(call.colour))
    return (f'<div class="bm-reveal" data-doubt="{number}" data-colour="{call.colour}" '
            f'data-total="{reveal.total}" data-taker="{reveal.taker}" '
            f'style="{BOX} background: #fafafa;">'
            f"<b>{heading}</b> {said}<div>{shown}</div>{verdict}</div>")


def reveals_html(view: hs.SeatView, name: Name) -> str:
    """Every doubt of the game, newest first (empty before the first doubt)."""
    if not view.reveals:
        return ""
    deals = view.deal > 0
    last = len(view.reveals)
    items = [reveal_html(r, n, name, deals, small=n < last) for n, r in enumerate(view.reveals, 1)]
    title = _("Doubts this game, newest first")
    return f'<div class="bm-reveals"><h4 style="margin: 4px 0;">{title}</h4>{"".join(reversed(items))}</div>'


def result_html(state: hs.State, me: int, name: Name) -> str:
    """The end: who won, with how many points, and everyone's score."""
    winners = state.winners()
    fewest = state.scores[winners[0]]
    names = ", ".join(name(seat) for seat in winners)
    if len(winners) == 1:
        said = n_("{names} wins with {n} penalty point.", "{names} wins with {n} penalty points.", fewest)
    else:
        said = n_("{names} share the win with {n} penalty point.", "{names} share the win with {n} penalty points.",
                  fewest)
    mine = (_("You win!") if winners == (me,) else
            _("You share the win!") if me in winners else "")
    scores = ", ".join(f"{name(seat)} {points}" for seat, points in enumerate(state.scores))
    over, final = _("Game over."), _("Final scores: {scores}.").format(scores=scores)
    return (f'<div class="bm-result" style="{BOX} background: #eef7ee; font-size: 1.1em;">'
            f"<b>{over}</b> {mine} {said.format(names=names, n=fewest)}<br>{final}</div>")
