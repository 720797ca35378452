"""The Münchhausen calculator: is the card just laid face down honest?

A player (the layer) lays a card face down, claiming it reaches the offer. What the table
saw of the layer's earlier turns this round is typed as entries: ``b5`` (laid a card on an
offer of 5; it was believed and stayed unseen), ``d5:7`` (laid a card on an offer of 5; it
was doubted and shown: a 7), ``r`` (laid a card face down on its own pile).

**In German** the entries are typed the same way (``b`` for *believed*, ``d`` for
*doubted*, as the form's hint explains), and the models are named "zufällig",
"niedrigste passende", "zufällig passende" (:attr:`~bluffmath.muenchhausen.models.CardModel.words`).

>>> r = run({"players": "3", "model": "uniform", "offer": "6", "before": "", "hand": "1 2 3 4 5 6 7 8"})
>>> r["answer"]["fraction"], r["lines"][1]
('3/8', "your score's expected change this turn: believe +9/2 (about 4.50), doubt +59/8 (about 7.38); so doubt")
>>> run({"players": "3", "model": "uniform", "offer": "6", "before": "x"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: the layer's earlier turns must be entries such as b5, d5:7 or r, got 'x'
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     r = run({"players": "3", "model": "uniform", "offer": "6", "before": "", "hand": "1 2 3 4 5 6 7 8"})
>>> r["answer"]["label"], r["answer"]["fraction"], r["lines"][1].split(": ")[1]
('P(die Karte ist mindestens 6)', '3/8', 'glauben +9/2 (etwa 4,50), anzweifeln +59/8 (etwa 7,38); also anzweifeln')
"""

from __future__ import annotations

import re

from bluffmath.embed.forms import (
    Calculator,
    Field,
    Params,
    Result,
    about,
    answer,
    choices,
    items,
    result,
    table,
    text,
    whole,
)
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import N_, _
from bluffmath.muenchhausen import (
    MODELS,
    Knowledge,
    card_chances,
    decide,
    explain_honest,
    honest_chance,
)
from bluffmath.muenchhausen.events import Believed, Doubted, Event, Laid, Rewarded, RoundStarted
from bluffmath.muenchhausen.rules import MAX_PLAYERS, values
from bluffmath.validate import parse_whole_numbers

LAYER, START = 1, 0
ENTRY = re.compile(r"(?:(b)([0-9]{1,6})|(d)([0-9]{1,6}):([0-9]{1,6})|(r))", re.IGNORECASE)

FIELDS = (
    Field("players", N_("Players"), "3", choices(range(3, MAX_PLAYERS + 1))),
    Field("model", N_("How players choose the card"), "uniform", (
        ("uniform", N_("any card alike")),
        ("lowest-enough", N_("honest when they can, with the lowest card that is enough")),
        ("random-enough", N_("honest when they can, any card that is enough")))),
    Field("offer", N_("The card must be at least"), "6"),
    Field("before", N_("The layer's earlier turns this round"), "",
          hint=N_("b5: laid on an offer of 5, believed; d5:7: doubted, it was a 7; r: laid on its own pile")),
    Field("hand", N_("Your hand (you are the start player)"), "1 2 3 4 5 6 7 8",
          hint=N_("to weigh believe against doubt; leave empty to skip")),
)


def earlier(raw: str, offer_values: range) -> list[Event]:
    """The events of the layer's earlier turns, from entries such as ``b5 d5:7 r``.

    >>> earlier("b5 r", range(1, 9))
    [Laid(seat=1, start=0, offer=5), Believed(seat=1, start=0, offer=5), Rewarded(seat=1)]
    """
    events: list[Event] = []
    for item in items(raw):
        m = ENTRY.fullmatch(item)
        if m is None:
            raise InvalidInputError(_("the layer's earlier turns must be entries such as b5, d5:7 or r, got {item}")
                                    .format(item=repr(item)))
        numbers = [int(n) for n in m.groups() if n is not None and n.isdigit()]
        for n in numbers:
            if n not in offer_values:
                raise InvalidInputError(_("{item}: card values and offers run from {low} to {high} with these "
                                          "players, got {number}").format(
                    item=repr(item), low=offer_values.start, high=offer_values.stop - 1, number=n))
        if m[6]:
            events.append(Rewarded(LAYER))
        elif m[1]:
            events += [Laid(LAYER, START, numbers[0]), Believed(LAYER, START, numbers[0])]
        else:
            events += [Laid(LAYER, START, numbers[0]), Doubted(LAYER, START, *numbers)]
    return events


def cards_left(events: list[Event], start: int) -> int:
    """How many cards the layer holds after ``events`` (a lie comes back to its hand)."""
    gone = sum(isinstance(e, Laid | Rewarded) for e in events)
    back = sum(isinstance(e, Doubted) and not e.honest for e in events)
    return start - gone + back


def knowledge(params: Params) -> Knowledge:
    """What the table knows once the layer's card lies face down."""
    players = whole(params, "players", N_("players"), 3, MAX_PLAYERS)
    model = text(params, "model") or "uniform"
    if model not in MODELS:
        raise InvalidInputError(_("the model must be one of {models}, got {model}").format(
            models=", ".join(MODELS), model=repr(model)))
    hand = values(players)
    span = range(hand[0], hand[-1] + 1)
    offer = whole(params, "offer", N_("the offer"), span.start, span.stop - 1)
    events = earlier(text(params, "before"), span)
    if cards_left(events, len(hand)) < 1:
        raise InvalidInputError(_("after these earlier turns the layer has no card left to lay (a hand starts "
                                  "with {cards} cards)").format(cards=len(hand)))
    log = [RoundStarted(0, START, (hand,) * players), *events, Laid(LAYER, START, offer)]
    return Knowledge.from_log(log, MODELS[model])


def run(params: Params) -> Result:
    """P(the face-down card reaches the offer), each value's chance, and believe or doubt."""
    k = knowledge(params)
    lines = [_("the model: {model}").format(model=k.model.words)]
    mine = parse_whole_numbers(_("your hand"), text(params, "hand"))
    low, high = values(len(k.beliefs))[0], values(len(k.beliefs))[-1]
    if any(not low <= v <= high for v in mine):
        raise InvalidInputError(_("your hand must be card values from {low} to {high}, got {values}").format(
            low=low, high=high, values=", ".join(map(str, mine))))
    if mine:
        d = decide(k, mine)
        said = (_("your score's expected change this turn: believe {believe}, doubt {doubt}; so believe")
                if d.choice == "believe" else
                _("your score's expected change this turn: believe {believe}, doubt {doubt}; so doubt"))
        lines.append(said.format(believe=_change(d.believe), doubt=_change(d.doubt)))
    rows = [(c, p) for c, p in card_chances(k).items()]
    return result(answer(_("P(the card is at least {offer})").format(offer=k.pending.offer), honest_chance(k)),
                  lines, [table(_("the face-down card"), (_("value"), _("P(value)")), rows)], explain_honest(k))


def _change(x: object) -> str:
    text = about(x)  # type: ignore[arg-type]
    return text if text.startswith("-") else f"+{text}"


CALCULATOR = Calculator(
    "muenchhausen-card", N_("Münchhausen: believe or doubt?"),
    N_("The exact chance that the card just laid face down reaches the offer, under a stated "
       "model of how players choose their cards."), FIELDS, run)
