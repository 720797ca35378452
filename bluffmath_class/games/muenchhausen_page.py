"""Münchhausen's pages at the class table: a seat's view, its end and review, and the
teacher's public summary, as HTML regions.

A page is drawn from a :class:`SeatView` alone: the seat's own hand and the public log
(the engine's ``view(seat)``), and the public facts of the turn (whose move, the named
value, the offers, how many cards each hand and pile holds, the points of finished
rounds). Nothing here computes a chance: the numbers are the core's
(:func:`~bluffmath.muenchhausen.honest_chance`, :func:`~bluffmath.muenchhausen.decide`,
:func:`~bluffmath.muenchhausen.offers`, :func:`~bluffmath.review.muenchhausen.lay_value`,
:func:`~bluffmath.review.muenchhausen.review_state`), under a stated card model. A card
shown that the model says could not have been chosen leaves the round without numbers
under that model, and the page says so.

>>> from bluffmath import muenchhausen as mh
>>> from bluffmath_class.games.base import Seating
>>> state = mh.Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
>>> seating = Seating(("Ann", "Ben", "<i>Cy</i>"))
>>> regions = seat_page(seat_view(state, 0), state.legal_actions(), seating, "always", [], mh.UNIFORM)
>>> sorted(regions)
['board', 'hand', 'log', 'moves', 'odds', 'seats', 'status']
>>> regions["status"]
'<p class="status mine">Your turn: believe or doubt</p>'
>>> "&lt;i&gt;Cy&lt;/i&gt;" in regions["board"] and "<i>" not in regions["board"]
True
>>> 'class="honest"><span class="p" data-p="3/8">' in regions["odds"]   # 6, 7 or 8 of Cy's 8 cards
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, wraps
from typing import TypeVar

from bluffmath import muenchhausen as mh
from bluffmath.display import decimal, fraction_json, signed, written
from bluffmath.errors import InconsistentEvidenceError
from bluffmath.muenchhausen.events import (
    Believed,
    Chose,
    Doubted,
    Event,
    Laid,
    Named,
    NoOffer,
    Offered,
    OpenCard,
    Rewarded,
    RoundEnded,
    RoundStarted,
)
from bluffmath.muenchhausen.game import Choose, Offer, Reward
from bluffmath.muenchhausen.knowledge import public_knowledge
from bluffmath.muenchhausen.rules import Hand
from bluffmath.review.muenchhausen import lay_value, review_state

from ..markup import button, chance, esc, own_only, review_list, rows
from .base import Seating, Words, cap, outcome, scroll_box, won_by
from .muenchhausen_notes import DecisionNote

#: The card models in words (by their ``lay`` rule).
MODEL_WORDS = {
    "uniform": "the card laid is any card of its player's hand alike",
    "lowest-enough": "a player is honest whenever possible, with the lowest card that is enough",
    "random-enough": "a player is honest whenever possible, with any card that is enough alike",
}
#: The turns of the current round the log shows (the latest first).
LOG_TURNS = 30


@dataclass(frozen=True)
class SeatView:
    """What one seat may know (``me`` None: what everyone may know): its hand and the
    public log, and the public facts of the turn that the log implies."""

    me: int | None
    hand: Hand
    log: tuple[Event, ...]
    game: mh.Game
    phase: str
    to_act: int | None
    start: int
    round: int
    named: int | None
    offers: tuple[tuple[int, int], ...]
    offerer: int | None
    offer_value: int | None
    rewarder: int | None
    idle: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]


def seat_view(state: mh.State, seat: int | None) -> SeatView:
    """``seat``'s view of ``state`` (None: the public view, no hand)."""
    hand, log = state.view(seat) if seat is not None else ((), state.log)
    return SeatView(seat, hand, log, state.game, state.phase, state.to_act, state.start, state.round,
                    state.named, state.offers, state.offerer, state.offer_value, state.rewarder,
                    state.idle, state.scores, tuple(map(len, state.hands)), tuple(map(len, state.piles)))


def knowledge(view: SeatView, model: mh.CardModel) -> mh.Knowledge | str:
    """What the table knows of every hand under ``model`` (the public log), or the words
    that say why there is no number under it (a card shown this round contradicts the
    model). A seat's own hand changes nothing in what it knows of the others (each hand is
    followed on its own), and an offer's look of honesty is the table's view of the hand.
    The core keeps it (:func:`~bluffmath.muenchhausen.knowledge.public_knowledge`): every
    seat's page of a moment reads the same log, and the next moment's log goes on from it."""
    try:
        return public_knowledge(view.log, model)
    except InconsistentEvidenceError:
        return (f'<p class="mh-contradicted">A card turned over this round could not have been laid if '
                f"{MODEL_WORDS[model.lay]} (the card model {esc(model.name)}): the model does not explain "
                "this round, so there are no numbers under it until the next round.</p>")


def seat_page(view: SeatView, legal: Sequence[object], seating: Seating, odds: str,
              notes: Sequence[object], model: mh.CardModel) -> dict[str, str]:
    """The regions of one seat's page (see the module docstring)."""
    words = Words(seating, view.me)
    return {
        "status": _status(view, words),
        "board": board(view, words),
        "hand": _hand(view),
        "moves": _moves(view, legal, words),
        "odds": _odds(view, legal, words, model) if odds == "always" else _odds_off(odds),
        "seats": _seats(view, words),
        "log": _log(view, words, _shown_notes(notes, odds)),
    }


# --- words ---------------------------------------------------------------------------------


def card(value: int) -> str:
    """A card as the page shows it."""
    return f'<span class="mh-card" data-value="{value}">{value}</span>'


def points(x: Fraction, sign: bool = True) -> str:
    """An exact number of points, signed (a change) unless ``sign`` is False, with its
    decimal when it is not whole."""
    rough = "" if x.denominator == 1 else f" ({'+' if x > 0 and sign else ''}{decimal(x)})"
    shown = signed(x) if sign else written(x)
    return f'<span class="pts" data-v="{fraction_json(x)}"><b>{shown}</b>{rough}</span>'


_DOING = {"name": "name a value", "offer": "offer or pass", "choose": "choose whose offer to take",
          "decide": "believe or doubt"}


def _doing(view: SeatView, mine: bool) -> str:
    if view.phase == "lay":
        return f"lay a card face {'up' if view.game.two_player else 'down'}"
    if view.phase == "reward":
        return f"lay a card on {'your' if mine else 'their'} own pile, or none"
    return _DOING[view.phase]


def _status(view: SeatView, words: Words) -> str:
    if view.phase == "over":
        return '<p class="status">The game is over</p>'
    if view.to_act == view.me:
        return f'<p class="status mine">Your turn: {_doing(view, True)}</p>'
    return f'<p class="status">{words.who(view.to_act)} to {_doing(view, False)}</p>'


# --- the table -----------------------------------------------------------------------------


def board(view: SeatView, words: Words) -> str:
    """The round and the turn as they stand: the named value, the offers, the card laid."""
    game = view.game
    if view.phase == "over":
        return "<p>The round is played.</p>" if game.rounds == 1 else f"<p>All {game.rounds} rounds played.</p>"
    starts = "you start" if view.start == view.me else f"{words.who(view.start)} starts"
    idle = (f"; {view.idle} {'turn' if view.idle == 1 else 'turns'} in a row with no offer (at "
            f"{game.players} the round ends)" if view.idle else "")
    head = f'<p class="small">Round {view.round + 1} of {game.rounds}: {starts} this turn{idle}.</p>'
    return head + _turn(view, words) + (_open_hand(view, words) if game.two_player else "")


def _turn(view: SeatView, words: Words) -> str:
    start = words.who(view.start)
    if view.phase == "name" and view.game.two_player:
        other = words.who(1 - view.start)
        return (f"<p>{cap(start)} {'name' if view.start == view.me else 'names'} a value; then {other} "
                f"{'lay' if view.start != view.me else 'lays'} a card face up: above the value it goes to "
                f"{words.whose(view.start)} pile, else to {words.own(1 - view.start)} pile.</p>")
    if view.phase == "name":
        return (f"<p>{cap(start)} {'name' if view.start == view.me else 'names'} a value: every offer must be "
                "at least that high.</p>")
    named = f'<p class="mh-turn">{cap(start)} named <b class="named">{view.named}</b>.'
    if view.game.two_player:
        other = words.who(view.offerer)
        return (f"{named} {cap(other)} {'lay' if view.offerer == view.me else 'lays'} a card face up: above "
                f"{view.named} it goes to {words.whose(view.start)} pile, else to {words.own(view.offerer)} "
                "pile.</p>")
    offers = ", ".join(f"{words.who(s)} {card(v)}" for s, v in view.offers) or "none yet"
    text = f"{named} Offers: {offers}.</p>"
    if view.phase == "decide":
        text += (f'<p class="mh-facedown" data-offer="{view.offer_value}"><span class="mh-back" '
                 f'aria-hidden="true"></span><span>On {words.whose(view.start)} pile lies a card face down from '
                 f"{words.who(view.offerer)}, claiming at least <b>{view.offer_value}</b>.</span></p>")
    elif view.phase == "lay":
        text += (f"<p>{cap(words.whose(view.offerer))} offer of <b>{view.offer_value}</b> is taken: "
                 f"{words.who(view.offerer)} {'lay' if view.offerer == view.me else 'lays'} a card face down on "
                 f"{words.whose(view.start)} pile, claiming at least {view.offer_value}.</p>")
    elif view.phase == "reward":
        doubted = next(e for e in reversed(view.log) if isinstance(e, Doubted))
        text += (f"<p>{cap(_doubted(doubted, words))} {cap(words.who(view.rewarder))} may lay a card face down "
                 f"on {words.own(view.rewarder)} pile.</p>")
    return text


def _open_hand(view: SeatView, words: Words) -> str:
    """Two players: every card is laid face up, so the other hand is known exactly."""
    other = 1 - view.me if view.me is not None else None
    if other is None:
        return ""
    k = mh.Knowledge.from_log(view.log, mh.UNIFORM, me=view.me, my_hand=view.hand)
    [(hand, _)] = k.hands(other).items()
    return (f'<p>{words.whose(other)} hand (every card is laid face up with two players): '
            f'<span class="mh-open">{"".join(card(c) for c in hand)}</span></p>')


def _hand(view: SeatView) -> str:
    if view.me is None or view.phase == "over":
        return ""
    cards = "".join(card(c) for c in view.hand) or "no card"
    return f'<div class="mh-hand" aria-label="your cards">{cards}</div>'


def _seats(view: SeatView, words: Words) -> str:
    playing = view.phase != "over"
    cells = ([("▶ " if s == view.to_act and playing else "") + words.who(s)
              + (' <span class="small">starts</span>' if s == view.start and playing else ""),
              str(view.hand_sizes[s]), str(view.pile_sizes[s]), str(score)]
             for s, score in enumerate(view.scores))
    return rows(cells, ["player", "in hand", "pile", "points"], "seats mh-seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(view: SeatView, legal: Sequence[object], words: Words) -> str:
    if not legal:
        return ""
    if view.phase == "name":
        values = "".join(button(str(a.value), {"kind": "name", "value": a.value}, "mh-value") for a in legal)
        return f'<p>Name a value:</p><div class="mh-values">{values}</div>'
    if view.phase == "offer":
        offers = "".join(button(f"Offer {a.value}", {"kind": "offer", "value": a.value}, "mh-value")
                         for a in legal if isinstance(a, Offer))
        return (button("Pass", {"kind": "pass"}, "quick")
                + (f'<p>Or offer (a card of at least that value, face down):</p><div class="mh-values">{offers}</div>'
                   if offers else ""))
    if view.phase == "choose":
        return "".join(button(f"Take {words.whose(a.seat)} offer", {"kind": "choose", "seat": a.seat})
                       for a in legal if isinstance(a, Choose))
    if view.phase == "lay":
        return '<div class="mh-values">' + "".join(_lay_button(view, a.card, words) for a in legal) + "</div>"
    if view.phase == "decide":
        return (button("Believe", {"kind": "believe"}, "believe")
                + button("Doubt: turn it over", {"kind": "doubt"}, "doubt"))
    cards = "".join(button(f"Lay {a.card} on your pile", {"kind": "reward", "card": a.card})
                    for a in legal if isinstance(a, Reward) and a.card is not None)
    return cards + button("Lay nothing", {"kind": "reward", "card": None}, "quick")


def _lay_button(view: SeatView, value: int, words: Words) -> str:
    if view.game.two_player:
        to = f"{words.whose(view.start)} pile" if value > view.named else "your pile"
        return button(f"Lay {value} <small>→ {to}</small>", {"kind": "lay", "card": value}, "mh-value")
    honest = "honest" if value >= view.offer_value else "a lie"
    return button(f"Lay {value} <small>{honest}</small>", {"kind": "lay", "card": value}, "mh-value")


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        return ('<p class="small">The exact chance is shown after each doubt: the chance that the card '
                "was honest, from the doubter's seat, once it is turned over.</p>")
    return '<p class="small">Odds are off for this game: play on your judgement.</p>'


def _odds(view: SeatView, legal: Sequence[object], words: Words, model: mh.CardModel) -> str:
    if view.phase == "over" or (view.phase == "name" and not legal):
        return ""
    k = knowledge(view, model)
    if isinstance(k, str):
        return k
    stated = f'<p class="small">The card model: {MODEL_WORDS[model.lay]} ({esc(model.name)}).</p>'
    if view.game.two_player:
        return _open_odds(view, legal, words)
    if view.phase == "decide":
        return _decide_odds(view, legal, words, k) + stated
    if not legal:
        return ""
    if view.phase == "offer":
        return _offer_odds(view, legal, k) + stated
    if view.phase == "choose":
        return _choose_odds(view, legal, words, k) + stated
    if view.phase == "lay":
        return _lay_odds(view, k) + stated
    if view.phase == "reward":
        return "<p>A card laid on your own pile counts twice: out of your hand and onto your pile.</p>"
    return '<p class="small">Naming a value is not valued: it depends on how the others will offer.</p>'


def _decide_odds(view: SeatView, legal: Sequence[object], words: Words, k: mh.Knowledge) -> str:
    h = mh.honest_chance(k)
    cards = "".join(f"<li>{card(c)} {chance(p)}</li>" for c, p in mh.card_chances(k).items())
    whose = ("Your card looks honest to the table (at least" if view.offerer == view.me else
             f"The card on {words.whose(view.start)} pile is honest (at least")
    hands = "it thinks you" if view.offerer == view.me else words.who(view.offerer)
    text = (f'<p>{whose} {view.offer_value}) with P = <span class="honest">{chance(h)}</span>, counting every '
            f"hand {hands} may hold.</p>"
            f'<ul class="mh-chances" aria-label="each value the card may have">{cards}</ul>')
    if not legal:
        return text
    d = mh.decide(k, view.hand)
    better = "the same on average: doubting shows the card" if d.believe == d.doubt else \
        f"<b class=\"advice\" data-choice=\"{d.choice}\">{d.choice.capitalize()}</b> gains more on average"
    return (text + f"<p>Expected change of your points this turn: believe "
            f'<span class="believe">{points(d.believe)}</span>, doubt <span class="doubt">{points(d.doubt)}</span>: '
            f"{better}.</p><details><summary>The counting</summary><pre class=\"mh-explain\">"
            f"{esc(mh.explain_decision(k, view.hand))}</pre></details>")


def _offer_odds(view: SeatView, legal: Sequence[object], k: mh.Knowledge) -> str:
    values = [a.value for a in legal if isinstance(a, Offer)]
    if not values:
        return "<p>No offer is possible now: pass.</p>"
    items = []
    for option in mh.offers(k, view.me, view.hand, values):
        backed = ("you hold a card that high" if option.backed else
                  "you hold no card that high: only a lie could follow")
        items.append(f'<li data-offer="{option.value}"><b>Offer {option.value}</b>: {backed}. It looks honest '
                     f'to the table with P = <span class="looks">{chance(option.looks_honest)}</span>. '
                     f"{_outcomes(view.hand, option.value)}</li>")
    return ("<h3>Each offer: what it risks and gains</h3><p class=\"small\">The change of your points this turn "
            "if your offer wins and you lay your best card on it.</p>"
            f'<ul class="odds-list mh-offers">{"".join(items)}</ul>')


def _outcomes(hand: Hand, offer: int) -> str:
    """The best card to lay on ``offer`` from ``hand`` if it is believed, and if it is doubted
    (:func:`~bluffmath.review.muenchhausen.lay_value`)."""
    said = []
    for believed, word in ((True, "believed"), (False, "doubted")):
        value, best = max((lay_value(hand, c, offer, believed), c) for c in set(hand))
        said.append(f'if {word}: <span class="{word}">{points(value)}</span> (lay your {best})')
    return cap("; ".join(said)) + "."


def _choose_odds(view: SeatView, legal: Sequence[object], words: Words, k: mh.Knowledge) -> str:
    offer = view.offers[-1][1]
    items = []
    for action in legal:
        after = k.after(Laid(action.seat, view.start, offer))
        d = mh.decide(after, view.hand)
        items.append(f'<li data-seat="{action.seat}">{words.whose(action.seat)} card would be honest with P = '
                     f'<span class="honest">{chance(mh.honest_chance(after))}</span>; then believe '
                     f"{points(d.believe)}, doubt {points(d.doubt)}.</li>")
    return f'<h3>Whose offer of {offer}?</h3><ul class="odds-list mh-choose">{"".join(items)}</ul>'


def _lay_odds(view: SeatView, k: mh.Knowledge) -> str:
    offer = view.offer_value
    [option] = mh.offers(k, view.me, view.hand, [offer])
    items = "".join(f'<li data-card="{c}">{card(c)} {"honest" if c >= offer else "a lie"}: believed '
                    f"{points(lay_value(view.hand, c, offer, True))}, doubted "
                    f"{points(lay_value(view.hand, c, offer, False))}</li>" for c in sorted(set(view.hand)))
    return (f"<p>Your offer of {offer} looks honest to the table with P = <span class=\"looks\">"
            f"{chance(option.looks_honest)}</span> (from what it knows of your hand).</p>"
            f'<ul class="odds-list mh-lay">{items}</ul>')


def _open_odds(view: SeatView, legal: Sequence[object], words: Words) -> str:
    if view.phase != "lay" or not legal:
        return ""
    items = "".join(f"<li>{card(a.card)} → " + (f"{words.whose(view.start)} pile: {points(Fraction(a.card))}"
                                               if a.card > view.named else
                                               f"your pile: {points(Fraction(2 * a.card))}") + "</li>"
                    for a in legal)
    return f'<h3>Each card: the change of your points</h3><ul class="odds-list mh-lay">{items}</ul>'


# --- the log -------------------------------------------------------------------------------


def _shown_notes(notes: Sequence[object], odds: str) -> list[DecisionNote | None]:
    """The decisions' notes in order, None where the odds setting hides the chance."""
    found = sorted((n for n in notes if isinstance(n, DecisionNote)), key=lambda n: n.number)
    if odds == "never":
        return [None] * len(found)
    return [n if odds == "always" or n.doubted else None for n in found]


def _log(view: SeatView, words: Words, notes: Sequence[DecisionNote | None]) -> str:
    """The turns of the round under way (the latest :data:`LOG_TURNS`, a line each) and
    the end of every round, latest first."""
    ends, earlier, turns = _log_parts(view.log, tuple(notes))
    over = view.phase == "over"  # the last round's turns stay, under its end
    ended = [f'<li data-n="end{r}">{_round_end(e, words)}</li>' for r, e in enumerate(ends)]
    items = ended[:-1] if over else ended
    if earlier:
        items.append(f'<li class="small">{earlier} earlier turns of this round</li>')
    now = len(ends) - over  # the round the turns belong to
    items += [f'<li data-n="{now}.{earlier + t}">{_turn_line(turn, words)}</li>' for t, turn in enumerate(turns)]
    if over:
        items.append(ended[-1])
    return f'<ol class="log mh-log" reversed>{"".join(reversed(items))}</ol>' if items else ""


#: A turn of the log: its events, each with its decision's note (None: none, or not shown).
Turn = tuple[tuple[Event, DecisionNote | None], ...]
_T = TypeVar("_T")


def _latest_log(f: Callable[..., _T]) -> Callable[..., _T]:
    """``f(log, *rest)``, its latest answer known by the log's identity (and the rest's
    equality) before ``f``'s own cache is asked: every seat's page of a moment reads the
    same log, and hashing a log of hundreds of events costs more than most of a page."""
    latest: list[tuple[object, tuple[object, ...], _T]] = []  # one entry, once there is one

    @wraps(f)
    def kept(log: object, *rest: object) -> _T:
        last = latest[0] if latest else None
        if last is not None and last[0] is log and last[1] == rest:
            return last[2]
        found = f(log, *rest)
        latest[:] = [(log, rest, found)]
        return found

    return kept


@_latest_log
@lru_cache(maxsize=256)
def _log_parts(log: tuple[Event, ...], notes: tuple[DecisionNote | None, ...]
               ) -> tuple[tuple[RoundEnded, ...], int, tuple[Turn, ...]]:
    """What the log region shows, before it is put in words: every round's end, how many
    turns of the round under way are left out, and its latest :data:`LOG_TURNS` turns, each
    event with its decision's note (kept: the same for every seat of a moment)."""
    ends: list[RoundEnded] = []
    turns: list[list[tuple[Event, DecisionNote | None]]] = []
    decided = 0
    for event in log:
        if isinstance(event, RoundStarted):
            turns = []
        elif isinstance(event, RoundEnded):
            ends.append(event)
        elif isinstance(event, Named):
            turns.append([(event, None)])
        elif isinstance(event, Believed | Doubted):
            turns[-1].append((event, notes[decided] if decided < len(notes) else None))
            decided += 1
        elif turns:
            turns[-1].append((event, None))
    return tuple(ends), max(0, len(turns) - LOG_TURNS), tuple(tuple(turn) for turn in turns[-LOG_TURNS:])


@lru_cache(maxsize=4096)
def _turn_line(turn: Turn, words: Words) -> str:
    """A turn of the log in words, each event with its note (kept: a turn played never
    changes, and every page shows the round's latest turns at every move)."""
    said = [f"{words.who(e.seat)} named {e.value}" if isinstance(e, Named) else
            _decision(e, words, note) if isinstance(e, Believed | Doubted) else _event(e, words)
            for e, note in turn]
    return f"{cap('; '.join(line for line in said if line))}."


def _event(event: Event, words: Words) -> str:
    if isinstance(event, Offered):
        return f"{words.who(event.seat)} offered {event.value}"
    if isinstance(event, NoOffer):
        return "nobody offered"
    if isinstance(event, Chose):
        return f"{words.who(event.start)} took {words.whose(event.seat)} offer"
    if isinstance(event, Laid):
        return f"{words.who(event.seat)} laid a card face down claiming at least {event.offer}"
    if isinstance(event, Rewarded):
        return f"{words.who(event.seat)} laid a card face down on {words.own(event.seat)} pile"
    if isinstance(event, OpenCard):
        to = f"{words.whose(event.start)} pile" if event.card > event.named else f"{words.own(event.seat)} pile"
        return f"{words.who(event.seat)} laid {_a(event.card)} {event.card} face up: it went to {to}"
    return ""  # a pass: the offers say who offered


def _doubted(event: Doubted, words: Words) -> str:
    start, seat = words.who(event.start), words.who(event.seat)
    if event.honest:
        return f"{start} doubted: {_a(event.card)} {card(event.card)}, honest; {start} took it into hand."
    return f"{start} doubted: {_a(event.card)} {card(event.card)}, a lie; {seat} took it back."


def _a(value: int) -> str:
    return "an" if value == 8 else "a"


def _decision(event: Believed | Doubted, words: Words, note: DecisionNote | None) -> str:
    if isinstance(event, Believed):
        text = f"{words.who(event.start)} believed it (it stays face down, unseen)"
    else:
        text = _doubted(event, words)[:-1]
    if note is None or note.chance is None:
        return text
    return (f'{text} <span class="note">P(honest) from {words.whose(note.decider)} seat: '
            f"{chance(note.chance)}</span>")


@lru_cache(maxsize=1024)
def _round_end(event: RoundEnded, words: Words) -> str:
    why = "a full circle of turns with no offer" if event.circle else "a hand was empty"
    each = ", ".join(f"{words.who(s)} {p} (pile {' '.join(map(str, event.piles[s])) or '–'}, hand "
                     f"{' '.join(map(str, event.hands[s])) or '–'})" for s, p in enumerate(event.points))
    return f"<b>Round {event.round + 1} ended</b> ({why}); points, the piles counted face up: {each}"


# --- the end -------------------------------------------------------------------------------


def end_page(state: mh.State, seat: int, seating: Seating, model: mh.CardModel, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), then the seat's own review of its decisions."""
    words = Words(seating, seat)
    ended = [e for e in state.log if isinstance(e, RoundEnded)]
    head, marks = outcome(state.scores, words)
    order = sorted(range(state.players), key=lambda s: -state.scores[s])
    ranking = rows(([words.who(s), *(str(e.points[s]) for e in ended), str(state.scores[s]), marks[s]]
                    for s in order), ["player", *(f"round {e.round + 1}" for e in ended), "points", ""], "result")
    if not state.is_terminal:
        head = "The teacher ended the game; the points of the rounds played (the round under way is not scored)"
    return (f"<h2>{head}</h2>{scroll_box(ranking, 'the points of each round')}"
            f"{review_html(state, seat, words, model, own)}")


_SEAT = re.compile(r"seat (\d+)'s")


def review_html(state: mh.State, seat: int, words: Words, model: mh.CardModel, own: frozenset[int] | None = None) -> str:
    """The seat's decisions, each valued exactly by the core's review (``own``: its
    student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat, model)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        return ("<p>You made no decisions that the review values (naming a value is not valued).</p>"
                + apart)

    def said(option: str) -> str:  # the review's "take seat 2's offer", with the seat's name
        parts = _SEAT.split(option)
        return "".join(esc(p) if i % 2 == 0 else words.whose(int(p)) for i, p in enumerate(parts))

    return review_list(review, "a best choice, valued by the expected change of your points in that turn.",
                       said, points, lambda x: points(x, False), own=own)


def table_page(state: mh.State, seating: Seating, notes: Sequence[object], over: bool = False) -> str:
    """The teacher's view of a table: the round, whose move, the points, the turn as it
    stands, and the latest believes and doubts with the chance the decider faced; a game
    that is over (``over``, or finished) names nobody to play. Public facts only: the
    screen is projected."""
    view = seat_view(state, None)
    words = Words(seating, None)
    if state.is_terminal:
        turn = won_by(state.scores, words)
    elif over:
        turn = "The teacher ended the game before its end (the round under way is not scored)"
    else:
        turn = f"{words.who(state.to_act)} to {_doing(view, False)}"
    scores = ", ".join(f"{words.who(s)} {p}" for s, p in enumerate(state.scores))
    sizes = ", ".join(f"{words.who(s)} {h} in hand, {p} on the pile"
                      for s, (h, p) in enumerate(zip(view.hand_sizes, view.pile_sizes, strict=True)))
    found = [n for n in notes if isinstance(n, DecisionNote)]
    decisions = [e for e in state.log if isinstance(e, Believed | Doubted)]
    recent = "".join(f"<li>{cap(_decision(e, words, n))}</li>"
                     for e, n in list(zip(decisions, found, strict=False))[-6:][::-1])
    return (f"<p><b>{turn}</b></p>" + (board(view, words) if not (state.is_terminal or over) else "")
            + f"<p>Points: {scores}</p><p class=\"small\">{sizes}</p>"
            + (f'<ol class="doubts mh-decisions">{recent}</ol>' if recent else ""))
