"""Münchhausen's pages at the class table: a seat's view, its end and review, as HTML
regions, in the language in use (:mod:`bluffmath.i18n`, with the German rules' words:
Zahlenwert nennen, bieten, Ablagestapel, glauben, anzweifeln); the teacher's public
summary is :func:`~bluffmath_class.games.muenchhausen_picture.table_page`, the log
:func:`~bluffmath_class.games.muenchhausen_notes.log_html`.

A page is drawn from a :class:`~bluffmath_class.games.muenchhausen_notes.SeatView` alone:
the seat's own hand and the public log (the engine's ``view(seat)``), and the public facts
of the turn (whose move, the named value, the offers, how many cards each hand and pile
holds, the points of finished rounds). Nothing here computes a chance: the numbers are the
core's (:func:`~bluffmath.muenchhausen.honest_chance`, :func:`~bluffmath.muenchhausen.decide`,
:func:`~bluffmath.muenchhausen.offers`, :func:`~bluffmath.review.muenchhausen.lay_value`,
:func:`~bluffmath.review.muenchhausen.review_state`), under a stated card model. A card
shown that the model says could not have been chosen leaves the round without numbers
under that model, and the page says so.

>>> from bluffmath import muenchhausen as mh
>>> from bluffmath_class.games.base import Seating
>>> from bluffmath_class.games.muenchhausen_notes import seat_view
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
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     seat_page(seat_view(state, 0), state.legal_actions(), seating, "always", [], mh.UNIFORM)["status"]
'<p class="status mine">Du bist dran: Glaub der Karte oder zweifle sie an</p>'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from bluffmath import muenchhausen as mh
from bluffmath.errors import InconsistentEvidenceError
from bluffmath.i18n import N_, _, n_, p_
from bluffmath.muenchhausen.events import Doubted, Laid, RoundEnded
from bluffmath.muenchhausen.game import Choose, Offer, Reward
from bluffmath.muenchhausen.knowledge import public_knowledge
from bluffmath.muenchhausen.rules import Hand
from bluffmath.review.muenchhausen import lay_value, review_state

from ..markup import button, chance, esc, own_only, review_list, rows, tag
from .base import Seating, Words, cap, outcome, scroll_box
from .muenchhausen_notes import (
    SeatView,
    card,
    doubted_words,
    log_html,
    points,
    shown_notes,
)

#: The card models in words (by their ``lay`` rule); translated where they are shown.
MODEL_WORDS = {
    "uniform": N_("the card laid is any card of its player's hand alike"),
    "lowest-enough": N_("a player is honest whenever possible, with the lowest card that is enough"),
    "random-enough": N_("a player is honest whenever possible, with any card that is enough alike"),
}


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
        return tag("p", _("A card turned over this round could not have been laid if {rule} (the card model "
                          "{model}): the model does not explain this round, so there are no numbers under it "
                          "until the next round.").format(rule=_(MODEL_WORDS[model.lay]), model=esc(model.words)),
                   ' class="mh-contradicted"')


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
        "log": log_html(view.log, view.phase == "over", words, shown_notes(notes, odds)),
    }


# --- words ---------------------------------------------------------------------------------


def _name(words: Words, seat: int) -> str:
    """The seat's name, escaped, as it starts a sentence."""
    return cap(esc(words.seating.names[seat]))


def _your_turn(view: SeatView) -> str:
    """``Your turn: ...`` in the turn's phase."""
    if view.phase == "lay":
        return _("Your turn: lay a card face up") if view.game.two_player else _("Your turn: lay a card face down")
    return {"name": lambda: _("Your turn: name a value"), "offer": lambda: _("Your turn: offer or pass"),
            "choose": lambda: _("Your turn: choose whose offer to take"),
            "decide": lambda: _("Your turn: believe or doubt"),
            "reward": lambda: _("Your turn: lay a card on your own pile, or none")}[view.phase]()


def to_do(view: SeatView, words: Words, seat: int) -> str:
    """``Ann to ...`` in the turn's phase (``seat``: not the reader's)."""
    if view.phase == "lay":
        said = _("{name} to lay a card face up") if view.game.two_player else _("{name} to lay a card face down")
    else:
        said = {"name": lambda: _("{name} to name a value"), "offer": lambda: _("{name} to offer or pass"),
                "choose": lambda: _("{name} to choose whose offer to take"),
                "decide": lambda: _("{name} to believe or doubt"),
                "reward": lambda: _("{name} to lay a card on their own pile, or none")}[view.phase]()
    return said.format(name=words.who(seat))


def _status(view: SeatView, words: Words) -> str:
    if view.phase == "over":
        return tag("p", _("The game is over"), ' class="status"')
    if view.to_act == view.me:
        return tag("p", _your_turn(view), ' class="status mine"')
    return tag("p", to_do(view, words, view.to_act), ' class="status"')


# --- the table -----------------------------------------------------------------------------


def board(view: SeatView, words: Words) -> str:
    """The round and the turn as they stand: the named value, the offers, the card laid."""
    game = view.game
    if view.phase == "over":
        return tag("p", _("The round is played.") if game.rounds == 1 else
                   _("All {n} rounds played.").format(n=game.rounds))
    starts = (_("Round {round} of {rounds}: you start this turn") if view.start == view.me else
              _("Round {round} of {rounds}: {name} starts this turn")).format(
        round=view.round + 1, rounds=game.rounds, name=words.who(view.start))
    idle = ("; " + n_("{n} turn in a row with no offer (at {players} the round ends)",
                      "{n} turns in a row with no offer (at {players} the round ends)", view.idle).format(
        n=view.idle, players=game.players) if view.idle else "")
    head = tag("p", f"{starts}{idle}.", ' class="small"')
    return head + _turn(view, words) + (_open_hand(view, words) if game.two_player else "")


def _turn(view: SeatView, words: Words) -> str:
    if view.phase == "name":
        return tag("p", _naming(view, words))
    me, start = view.me, _name(words, view.start)
    named = (_("You named {value}.") if view.start == me else _("{name} named {value}.")).format(
        name=start, value=f'<b class="named">{view.named}</b>')
    if view.game.two_player:
        return f'<p class="mh-turn">{named} {_face_up(view, words, view.named)}</p>'
    offers = ", ".join(f"{words.who(s)} {card(v)}" for s, v in view.offers) or _("none yet")
    text = f'<p class="mh-turn">{named} ' + _("Offers: {offers}.").format(offers=offers) + "</p>"
    value = f"<b>{view.offer_value}</b>"
    offerer = esc(words.seating.names[view.offerer]) if view.offerer is not None else ""
    start_ = esc(words.seating.names[view.start])
    if view.phase == "decide":
        said = (_("On your pile lies a card face down from {name}, claiming at least {value}.") if view.start == me
                else _("On {start}'s pile lies a card face down from you, claiming at least {value}.")
                if view.offerer == me else
                _("On {start}'s pile lies a card face down from {name}, claiming at least {value}."))
        text += (f'<p class="mh-facedown" data-offer="{view.offer_value}"><span class="mh-back" '
                 f'aria-hidden="true"></span><span>{said.format(start=start_, name=offerer, value=value)}</span></p>')
    elif view.phase == "lay":
        said = (_("Your offer of {value} is taken: you lay a card face down on {start}'s pile, claiming at least "
                  "{offer}.") if view.offerer == me else
                _("{Name}'s offer of {value} is taken: {name} lays a card face down on your pile, claiming at "
                  "least {offer}.") if view.start == me else
                _("{Name}'s offer of {value} is taken: {name} lays a card face down on {start}'s pile, claiming at "
                  "least {offer}."))
        text += tag("p", said.format(Name=cap(offerer), name=offerer, start=start_, value=value,
                                     offer=view.offer_value))
    elif view.phase == "reward":
        doubted = next(e for e in reversed(view.log) if isinstance(e, Doubted))
        may = (_("You may lay a card face down on your own pile.") if view.rewarder == me else
               _("{name} may lay a card face down on their own pile.")).format(name=_name(words, view.rewarder))
        text += tag("p", f"{cap(doubted_words(doubted, words))} {may}")
    return text


def _naming(view: SeatView, words: Words) -> str:
    """The naming phase in words (two players: where the card laid face up will go)."""
    me, start = view.me, _name(words, view.start)
    if not view.game.two_player:
        return (_("You name a value: every offer must be at least that high.") if view.start == me else
                _("{name} names a value: every offer must be at least that high.")).format(name=start)
    said = (_("You name a value; then {other} lays a card face up: above the value it goes to your pile, else to "
              "their own pile.") if view.start == me else
            _("{Name} names a value; then you lay a card face up: above the value it goes to {name}'s pile, else "
              "to your own pile.") if 1 - view.start == me else
            _("{Name} names a value; then {other} lays a card face up: above the value it goes to {name}'s pile, "
              "else to their own pile."))
    name = esc(words.seating.names[view.start])
    return said.format(Name=cap(name), name=name, other=esc(words.seating.names[1 - view.start]))


def _face_up(view: SeatView, words: Words, value: int) -> str:
    """Two players, after the naming: where the card laid face up will go."""
    said = (_("You lay a card face up: above {value} it goes to {start}'s pile, else to your own pile.")
            if view.offerer == view.me else
            _("{name} lays a card face up: above {value} it goes to your pile, else to their own pile.")
            if view.start == view.me else
            _("{name} lays a card face up: above {value} it goes to {start}'s pile, else to their own pile."))
    return said.format(name=_name(words, view.offerer), start=esc(words.seating.names[view.start]), value=value)


def _open_hand(view: SeatView, words: Words) -> str:
    """Two players: every card is laid face up, so the other hand is known exactly."""
    other = 1 - view.me if view.me is not None else None
    if other is None:
        return ""
    k = mh.Knowledge.from_log(view.log, mh.UNIFORM, me=view.me, my_hand=view.hand)
    [(hand, _unused)] = k.hands(other).items()
    return tag("p", _("{name}'s hand (every card is laid face up with two players): {cards}").format(
        name=esc(words.seating.names[other]), cards=f'<span class="mh-open">{"".join(card(c) for c in hand)}</span>'))


def _hand(view: SeatView) -> str:
    if view.me is None or view.phase == "over":
        return ""
    cards = "".join(card(c) for c in view.hand) or _("no card")
    label = _("your cards")
    return f'<div class="mh-hand" aria-label="{label}">{cards}</div>'


def _seats(view: SeatView, words: Words) -> str:
    playing = view.phase != "over"
    starts = " " + tag("span", p_("Münchhausen seat", "starts"), ' class="small"')
    cells = ([("▶ " if s == view.to_act and playing else "") + words.who(s)
              + (starts if s == view.start and playing else ""),
              str(view.hand_sizes[s]), str(view.pile_sizes[s]), str(score)]
             for s, score in enumerate(view.scores))
    return rows(cells, [_("player"), _("in hand"), p_("Münchhausen", "pile"), _("points")], "seats mh-seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(view: SeatView, legal: Sequence[object], words: Words) -> str:
    if not legal:
        return ""
    if view.phase == "name":
        values = "".join(button(str(a.value), {"kind": "name", "value": a.value}, "mh-value") for a in legal)
        return tag("p", _("Name a value:")) + f'<div class="mh-values">{values}</div>'
    if view.phase == "offer":
        offers = "".join(button(_("Offer {value}").format(value=a.value), {"kind": "offer", "value": a.value},
                                "mh-value") for a in legal if isinstance(a, Offer))
        return (button(p_("Münchhausen move", "Pass"), {"kind": "pass"}, "quick")
                + (tag("p", _("Or offer (a card of at least that value, face down):"))
                   + f'<div class="mh-values">{offers}</div>' if offers else ""))
    if view.phase == "choose":
        return "".join(button(_("Take {name}'s offer").format(name=esc(words.seating.names[a.seat])),
                              {"kind": "choose", "seat": a.seat}) for a in legal if isinstance(a, Choose))
    if view.phase == "lay":
        return '<div class="mh-values">' + "".join(_lay_button(view, a.card, words) for a in legal) + "</div>"
    if view.phase == "decide":
        return (button(p_("Münchhausen move", "Believe"), {"kind": "believe"}, "believe")
                + button(_("Doubt: turn it over"), {"kind": "doubt"}, "doubt"))
    cards = "".join(button(_("Lay {value} on your pile").format(value=a.card), {"kind": "reward", "card": a.card})
                    for a in legal if isinstance(a, Reward) and a.card is not None)
    return cards + button(_("Lay nothing"), {"kind": "reward", "card": None}, "quick")


def _lay_button(view: SeatView, value: int, words: Words) -> str:
    if view.game.two_player:
        to = (_("{name}'s pile").format(name=esc(words.seating.names[view.start])) if value > view.named else
              _("your pile"))
        said = f"<small>→ {to}</small>"
    else:
        said = tag("small", p_("Münchhausen card", "honest") if value >= view.offer_value else
                   p_("Münchhausen card", "a lie"))
    return button(_("Lay {value}").format(value=value) + " " + said, {"kind": "lay", "card": value}, "mh-value")


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        return tag("p", _("The exact chance is shown after each doubt: the chance that the card was honest, from the "
                          "doubter's seat, once it is turned over."), ' class="small"')
    return tag("p", _("Odds are off for this game: play on your judgement."), ' class="small"')


def _odds(view: SeatView, legal: Sequence[object], words: Words, model: mh.CardModel) -> str:
    if view.phase == "over" or (view.phase == "name" and not legal):
        return ""
    k = knowledge(view, model)
    if isinstance(k, str):
        return k
    stated = tag("p", _("The card model: {rule} ({model}).").format(rule=_(MODEL_WORDS[model.lay]),
                                                                     model=esc(model.words)), ' class="small"')
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
        return tag("p", _("A card laid on your own pile counts twice: out of your hand and onto your pile."))
    return tag("p", _("Naming a value is not valued: it depends on how the others will offer."), ' class="small"')


def _decide_odds(view: SeatView, legal: Sequence[object], words: Words, k: mh.Knowledge) -> str:
    h = f'<span class="honest">{chance(mh.honest_chance(k))}</span>'
    cards = "".join(f"<li>{card(c)} {chance(p)}</li>" for c, p in mh.card_chances(k).items())
    said = (_("Your card looks honest to the table (at least {offer}) with P = {p}, counting every hand it thinks "
              "you may hold.") if view.offerer == view.me else
            _("The card on your pile is honest (at least {offer}) with P = {p}, counting every hand {name} may "
              "hold.") if view.start == view.me else
            _("The card on {start}'s pile is honest (at least {offer}) with P = {p}, counting every hand {name} may "
              "hold."))
    label = _("each value the card may have")
    text = (tag("p", said.format(offer=view.offer_value, p=h, start=esc(words.seating.names[view.start]),
                                 name=words.who(view.offerer)))
            + tag("ul", cards, f' class="mh-chances" aria-label="{label}"'))
    if not legal:
        return text
    d = mh.decide(k, view.hand)
    shown = f'<b class="advice" data-choice="{d.choice}">'
    better = (_("the same on average: doubting shows the card") if d.believe == d.doubt else
              _("{b}Believe{end} gains more on average") if d.choice == "believe" else
              _("{b}Doubt{end} gains more on average")).format(b=shown, end="</b>")
    expected = _("Expected change of your points this turn: believe {believe}, doubt {doubt}: {better}.").format(
        believe=f'<span class="believe">{points(d.believe)}</span>',
        doubt=f'<span class="doubt">{points(d.doubt)}</span>', better=better)
    return (text + tag("p", expected) + "<details>" + tag("summary", _("The counting"))
            + f'<pre class="mh-explain">{esc(mh.explain_decision(k, view.hand))}</pre></details>')


def _offer_odds(view: SeatView, legal: Sequence[object], k: mh.Knowledge) -> str:
    values = [a.value for a in legal if isinstance(a, Offer)]
    if not values:
        return tag("p", _("No offer is possible now: pass."))
    items = []
    for option in mh.offers(k, view.me, view.hand, values):
        backed = (_("you hold a card that high") if option.backed else
                  _("you hold no card that high: only a lie could follow"))
        looks = _("It looks honest to the table with P = {p}.").format(
            p=f'<span class="looks">{chance(option.looks_honest)}</span>')
        items.append(f'<li data-offer="{option.value}"><b>' + _("Offer {value}").format(value=option.value)
                     + f"</b>: {backed}. {looks} {_outcomes(view.hand, option.value)}</li>")
    return (tag("h3", _("Each offer: what it risks and gains"))
            + tag("p", _("The change of your points this turn if your offer wins and you lay your best card on it."),
                  ' class="small"') + f'<ul class="odds-list mh-offers">{"".join(items)}</ul>')


def _outcomes(hand: Hand, offer: int) -> str:
    """The best card to lay on ``offer`` from ``hand`` if it is believed, and if it is doubted
    (:func:`~bluffmath.review.muenchhausen.lay_value`)."""
    said = []
    for believed, word in ((True, "believed"), (False, "doubted")):
        value, best = max((lay_value(hand, c, offer, believed), c) for c in set(hand))
        shown = f'<span class="{word}">{points(value)}</span>'
        said.append((_("if believed: {points} (lay your {card})") if believed else
                     _("if doubted: {points} (lay your {card})")).format(points=shown, card=best))
    return cap("; ".join(said)) + "."


def _choose_odds(view: SeatView, legal: Sequence[object], words: Words, k: mh.Knowledge) -> str:
    offer = view.offers[-1][1]
    items = []
    for action in legal:
        after = k.after(Laid(action.seat, view.start, offer))
        d = mh.decide(after, view.hand)
        said = _("{name}'s card would be honest with P = {p}; then believe {believe}, doubt {doubt}.").format(
            name=esc(words.seating.names[action.seat]), believe=points(d.believe), doubt=points(d.doubt),
            p=f'<span class="honest">{chance(mh.honest_chance(after))}</span>')
        items.append(f'<li data-seat="{action.seat}">{said}</li>')
    return tag("h3", _("Whose offer of {offer}?").format(offer=offer)) + \
        f'<ul class="odds-list mh-choose">{"".join(items)}</ul>'


def _lay_odds(view: SeatView, k: mh.Knowledge) -> str:
    offer = view.offer_value
    [option] = mh.offers(k, view.me, view.hand, [offer])
    items = "".join(f'<li data-card="{c}">' + (_("{card} honest: believed {believed}, doubted {doubted}") if c >= offer
                                               else _("{card} a lie: believed {believed}, doubted {doubted}")).format(
        card=card(c), believed=points(lay_value(view.hand, c, offer, True)),
        doubted=points(lay_value(view.hand, c, offer, False))) + "</li>" for c in sorted(set(view.hand)))
    said = _("Your offer of {offer} looks honest to the table with P = {p} (from what it knows of your hand).")
    return (tag("p", said.format(offer=offer, p=f'<span class="looks">{chance(option.looks_honest)}</span>'))
            + f'<ul class="odds-list mh-lay">{items}</ul>')


def _open_odds(view: SeatView, legal: Sequence[object], words: Words) -> str:
    if view.phase != "lay" or not legal:
        return ""
    start = esc(words.seating.names[view.start])
    items = "".join(f"<li>{card(a.card)} → " + (
        _("{name}'s pile: {points}").format(name=start, points=points(Fraction(a.card))) if a.card > view.named else
        _("your pile: {points}").format(points=points(Fraction(2 * a.card)))) + "</li>" for a in legal)
    return tag("h3", _("Each card: the change of your points")) + f'<ul class="odds-list mh-lay">{items}</ul>'


# --- the end -------------------------------------------------------------------------------


def end_page(state: mh.State, seat: int, seating: Seating, model: mh.CardModel, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over), then the seat's own review of its decisions."""
    words = Words(seating, seat)
    ended = [e for e in state.log if isinstance(e, RoundEnded)]
    head, marks = outcome(state.scores, words)
    order = sorted(range(state.players), key=lambda s: -state.scores[s])
    header = [_("player"), *(_("round {n}").format(n=e.round + 1) for e in ended), _("points"), ""]
    ranking = rows(([words.who(s), *(str(e.points[s]) for e in ended), str(state.scores[s]), marks[s]]
                    for s in order), header, "result")
    if not state.is_terminal:
        head = _("The teacher ended the game; the points of the rounds played (the round under way is not scored)")
    table = scroll_box(ranking, _("the points of each round"))
    return tag("h2", head) + table + review_html(state, seat, words, model, own)


#: The core review's options (``take seat 2's offer``, ``lay 5 on your pile``, ...), read
#: back to say them in the page's words.
_OPTION = re.compile(r"(offer|lay|name) (\d+)|take seat (\d+)'s offer|lay (\d+) on your pile")


def option_words(option: str, words: Words) -> str:
    """A review's option in the page's words, with the seat's name (escaped)."""
    plain = {"pass": lambda: p_("Münchhausen review option", "pass"),
             "believe": lambda: p_("Münchhausen review option", "believe"),
             "doubt": lambda: p_("Münchhausen review option", "doubt"),
             "lay nothing on your pile": lambda: p_("Münchhausen review option", "lay nothing on your pile")}
    if option in plain:
        return plain[option]()
    found = _OPTION.fullmatch(option)
    if found is None:
        return esc(option)
    kind, value, seat, reward = found.groups()
    if seat is not None:
        return (_("take your offer") if int(seat) == words.me else
                _("take {name}'s offer").format(name=esc(words.seating.names[int(seat)])))
    if reward is not None:
        return p_("Münchhausen review option", "lay {card} on your pile").format(card=reward)
    return {"offer": lambda: p_("Münchhausen review option", "offer {card}"),
            "lay": lambda: p_("Münchhausen review option", "lay {card}"),
            "name": lambda: p_("Münchhausen review option", "name {card}")}[kind]().format(card=value)


def review_html(state: mh.State, seat: int, words: Words, model: mh.CardModel, own: frozenset[int] | None = None) -> str:
    """The seat's decisions, each valued exactly by the core's review (``own``: its
    student's own moves; a bot's for them are left out)."""
    review = review_state(state, seat, model)
    mine, apart = own_only(review, own)
    if not mine.decisions:
        return tag("p", _("You made no decisions that the review values (naming a value is not valued).")) + apart
    return review_list(review, _("a best choice, valued by the expected change of your points in that turn."),
                       lambda option: option_words(option, words), points, lambda x: points(x, False), own=own)
