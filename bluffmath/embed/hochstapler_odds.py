"""The Hochstapler calculator: the chance that a colour's total reaches a call.

>>> r = run({"players": "5", "own": "3", "face_up": "0,7", "call": "12"})
>>> r["answer"]["fraction"], r["answer"]["percent"]
('377/495', '76.2 %')
>>> run({"players": "5", "own": "3", "face_up": "0,0,0,0", "call": "12"})
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a colour has only 3 card(s) of value 0, but the face-up cards need 4 (...)
"""

from __future__ import annotations

from bluffmath.embed.forms import (
    Calculator,
    Field,
    Params,
    Result,
    about,
    answer,
    choices,
    result,
    table,
    text,
    whole,
)
from bluffmath.hochstapler import exchange_distribution, total_distribution
from bluffmath.hochstapler.rules import CARDS_PER_COLOUR, MAX_PLAYERS, MIN_PLAYERS, VALUES
from bluffmath.validate import parse_whole_numbers

FIELDS = (
    Field("players", "Players", "5", choices(range(MIN_PLAYERS, MAX_PLAYERS + 1))),
    Field("own", "Your card in this colour", "3", choices(VALUES, unknown="none / not counted")),
    Field("face_up", "Face up beside the pile", "0,7", hint="values laid face up by exchanges, such as 0,7"),
    Field("call", "Call: the total is at least", "12"),
)


def run(params: Params) -> Result:
    """P(total >= call) for one colour, with the whole distribution and the exchange."""
    players = whole(params, "players", "players", MIN_PLAYERS, MAX_PLAYERS)
    own_text = text(params, "own")
    own = None if own_text == "" else whole(params, "own", "your card", 0, max(VALUES))
    face_up = parse_whole_numbers("face up", text(params, "face_up"))
    call = whole(params, "call", "the call", 0)
    d = total_distribution(players, own, face_up)
    p = d.at_least(call)
    mine = "not counted" if own is None else str(own)
    lines = [f"{players} players; your card: {mine}; face up: {', '.join(map(str, face_up)) or 'none'}",
             f"mean total: {about(d.mean())}"]
    if own is not None and len(face_up) < CARDS_PER_COLOUR - players:
        swap = exchange_distribution(players, own, face_up).at_least(call)
        lines.append(f"if you exchange your {own} first: P(total ≥ {call}) = {about(swap, 3)}")
    k = players if own is None else players - 1
    details = (f"The {k} hands you cannot see hold {k} of the cards you have not seen: "
               f"{d.total_weight} equally likely sets. In {d.weight_of(lambda t: t >= call)} of them "
               f"the total reaches {call}.")
    rows = [(t, d.weight(t), d[t], d.at_least(t)) for t in d]
    return result(answer(f"P(total ≥ {call})", p), lines,
                  [table("every total", ("total", "ways", "P(= total)", "P(≥ total)"), rows)], details)


CALCULATOR = Calculator(
    "hochstapler-odds", "Hochstapler: is the call true?",
    "The exact chance that one colour's total over all hands reaches a call, from your own "
    "card and the cards lying face up.", FIELDS, run)
