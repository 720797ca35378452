"""The Münchhausen calculator: is the card just laid face down honest?

A player (the layer) lays a card face down, claiming it reaches the offer. What the table
saw of the layer's earlier turns this round is typed as entries: ``b5`` (laid a card on an
offer of 5; it was believed and stayed unseen), ``d5:7`` (laid a card on an offer of 5; it
was doubted and shown: a 7), ``r`` (laid a card face down on its own pile).

>>> r = run({"players": "3", "model": "uniform", "offer": "6", "before": "", "hand": "1 2 3 4 5 6 7 8"})
>>> r["answer"]["fraction"], r["lines"][1]
('3/8', "your score's expected change this turn: believe +9/2 (about 4.50), doubt +59/8 (about 7.38); so doubt")
>>> run({"players": "3", "model": "uniform", "offer": "6", "before": "x"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: the layer's earlier turns must be entries such as b5, d5:7 or r, got 'x'
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
    Field("players", "Players", "3", choices(range(3, MAX_PLAYERS + 1))),
    Field("model", "How players choose the card", "uniform", (
        ("uniform", "any card alike"),
        ("lowest-enough", "honest when they can, with the lowest card that is enough"),
        ("random-enough", "honest when they can, any card that is enough"))),
    Field("offer", "The card must be at least", "6"),
    Field("before", "The layer's earlier turns this round", "",
          hint="b5: laid on an offer of 5, believed; d5:7: doubted, it was a 7; r: laid on its own pile"),
    Field("hand", "Your hand (you are the start player)", "1 2 3 4 5 6 7 8",
          hint="to weigh believe against doubt; leave empty to skip"),
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
            raise InvalidInputError(f"the layer's earlier turns must be entries such as b5, d5:7 or r, "
                                    f"got {item!r}")
        numbers = [int(n) for n in m.groups() if n is not None and n.isdigit()]
        for n in numbers:
            if n not in offer_values:
                raise InvalidInputError(f"{item!r}: card values and offers run from {offer_values.start} "
                                        f"to {offer_values.stop - 1} with these players, got {n}")
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
    players = whole(params, "players", "players", 3, MAX_PLAYERS)
    model = text(params, "model") or "uniform"
    if model not in MODELS:
        raise InvalidInputError(f"the model must be one of {', '.join(MODELS)}, got {model!r}")
    hand = values(players)
    span = range(hand[0], hand[-1] + 1)
    offer = whole(params, "offer", "the offer", span.start, span.stop - 1)
    events = earlier(text(params, "before"), span)
    if cards_left(events, len(hand)) < 1:
        raise InvalidInputError(f"after these earlier turns the layer has no card left to lay "
                                f"(a hand starts with {len(hand)} cards)")
    log = [RoundStarted(0, START, (hand,) * players), *events, Laid(LAYER, START, offer)]
    return Knowledge.from_log(log, MODELS[model])


def run(params: Params) -> Result:
    """P(the face-down card reaches the offer), each value's chance, and believe or doubt."""
    k = knowledge(params)
    lines = [f"the model: {k.model.name}"]
    mine = parse_whole_numbers("your hand", text(params, "hand"))
    low, high = values(len(k.beliefs))[0], values(len(k.beliefs))[-1]
    if any(not low <= v <= high for v in mine):
        raise InvalidInputError(f"your hand must be card values from {low} to {high}, got "
                                f"{', '.join(map(str, mine))}")
    if mine:
        d = decide(k, mine)
        lines.append(f"your score's expected change this turn: believe {_change(d.believe)}, "
                     f"doubt {_change(d.doubt)}; so {d.choice}")
    rows = [(c, p) for c, p in card_chances(k).items()]
    return result(answer(f"P(the card is at least {k.pending.offer})", honest_chance(k)), lines,
                  [table("the face-down card", ("value", "P(value)"), rows)], explain_honest(k))


def _change(x: object) -> str:
    text = about(x)  # type: ignore[arg-type]
    return text if text.startswith("-") else f"+{text}"


CALCULATOR = Calculator(
    "muenchhausen-card", "Münchhausen: believe or doubt?",
    "The exact chance that the card just laid face down reaches the offer, under a stated "
    "model of how players choose their cards.", FIELDS, run)
