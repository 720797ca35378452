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
from bluffmath.i18n import N_, _, n_
from bluffmath.validate import parse_whole_numbers

FIELDS = (
    Field("players", N_("Players"), "5", choices(range(MIN_PLAYERS, MAX_PLAYERS + 1))),
    Field("own", N_("Your card in this colour"), "3", choices(VALUES, unknown=N_("none / not counted"))),
    Field("face_up", N_("Face up beside the pile"), "0,7",
          hint=N_("values laid face up by exchanges, such as 0,7")),
    Field("call", N_("Call: the total is at least"), "12"),
)


def run(params: Params) -> Result:
    """P(total >= call) for one colour, with the whole distribution and the exchange."""
    players = whole(params, "players", N_("players"), MIN_PLAYERS, MAX_PLAYERS)
    own_text = text(params, "own")
    own = None if own_text == "" else whole(params, "own", N_("your card"), 0, max(VALUES))
    face_up = parse_whole_numbers(_("face up"), text(params, "face_up"))
    call = whole(params, "call", N_("the call"), 0)
    d = total_distribution(players, own, face_up)
    p = d.at_least(call)
    lines = [_("{players} players; your card: {card}; face up: {face_up}").format(
                 players=players, card=_("not counted") if own is None else own,
                 face_up=", ".join(map(str, face_up)) or _("none")),
             _("mean total: {mean}").format(mean=about(d.mean()))]
    if own is not None and len(face_up) < CARDS_PER_COLOUR - players:
        swap = exchange_distribution(players, own, face_up).at_least(call)
        lines.append(_("if you exchange your {card} first: P(total ≥ {call}) = {p}").format(
            card=own, call=call, p=about(swap, 3)))
    k = players if own is None else players - 1
    sets = n_("one set", "{n} sets", d.total_weight).format(n=d.total_weight)
    details = _("The {k} hands you cannot see hold {k} of the cards you have not seen: {sets}, each as likely. "
                "In {ways} of them the total reaches {call}.").format(
        k=k, sets=sets, ways=d.weight_of(lambda t: t >= call), call=call)
    rows = [(t, d.weight(t), d[t], d.at_least(t)) for t in d]
    header = (_("total"), _("ways"), _("P(= total)"), _("P(≥ total)"))
    return result(answer(_("P(total ≥ {call})").format(call=call), p), lines,
                  [table(_("every total"), header, rows)], details)


CALCULATOR = Calculator(
    "hochstapler-odds", N_("Hochstapler: is the call true?"),
    N_("The exact chance that one colour's total over all hands reaches a call, from your own "
       "card and the cards lying face up."), FIELDS, run)
