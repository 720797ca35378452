"""The live deduction sheet: what one seat of a game knows, as the Case the exact posterior takes.

``deduce(sheet(state, seat, model))`` gives that seat's exact identity odds for every
player at this moment. The facts come from the events the seat may see (each event says
what it tells, :meth:`facts`, in :mod:`bluffmath.hoax.events`); this module only collects
them, so there is one copy of the evidence rules:

==============================================  ================================================
own card                                        ``Holds(seat, card, "own card")``
a look shown to this seat                       ``IsNot(p, role, "bought")``
a lie found out by a challenge                  ``IsNot(p, role, "challenge")``
a German cover, a showdown cover                ``IsNot(p, role, "covered")``
a truthful accused, a right showdown doubt      ``Holds(p, role, "revealed")``
this seat's own accusation                      ``Holds``/``IsNot(p, role, "accused")``
every claim of a role (turn action, reaction)   ``Claim(p, role)``
a silence at a chance to react (``silences``)   ``Claim(p, role, spoke=False)``
==============================================  ================================================

Facts about the seat itself (its own claims, its covers) are left out: its card settles
them. The occasions that count as a silence are the reaction rounds (a player asked
as King, Judge or Vicar who passes) and the payments the Wizard's immunity could have
spared (a payer who pays); a role already covered is no occasion.

Which model is sound: every hard fact the game emits is true, so the true deal keeps a
positive weight whenever every claim and silence the players really made has a positive
likelihood under the model. With ``honest = 1`` (holders always speak when they may) a
lie must be possible, so ``bluff > 0``; and a holder who kept silent would be impossible,
so silences may only be counted under ``honest < 1`` (and ``bluff < 1``). The default is
the truthful model with ``bluff = 1/4`` and no silences.

>>> from bluffmath.hoax.actions import Act, Take
>>> from bluffmath.hoax.deduce import deduce
>>> from bluffmath.hoax.game import Game
>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax"))
>>> case = sheet(state, 1)
>>> [str(f) for f in case.facts]
['player 1 is the Thief (my own card)', 'player 0 spoke as the King']
>>> deduce(case).probability(0, "King")
Fraction(8, 17)
"""

from __future__ import annotations

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.events import Silent
from bluffmath.hoax.evidence import BluffModel, Case, Fact, Holds
from bluffmath.hoax.game import State, View
from bluffmath.validate import shown


def sheet(state: State | View, seat: int | None = None, model: BluffModel | None = None, *,
          silences: bool = False) -> Case:
    """What ``seat`` knows now (a State and a seat, or that seat's View), as a Case."""
    if isinstance(state, State):
        if seat is None:
            raise InvalidInputError("sheet(state, seat): name the seat whose sheet it is")
        view = state.view(seat)
    elif isinstance(state, View):
        view = state
    else:
        raise InvalidInputError(f"sheet takes a Hoax State and a seat, or a View, got {shown(state)}")
    if not isinstance(silences, bool):
        raise InvalidInputError(f"silences must be True or False, got {shown(silences)}")
    return Case(view.edition, view.players, facts(view, silences), model if model is not None else BluffModel())


def facts(view: View, silences: bool = False) -> tuple[Fact, ...]:
    """The facts of ``view``, own card first, then in the order they came."""
    me = view.seat
    out: list[Fact] = [Holds(me, view.card, "own card")]
    for event in view.log:
        if isinstance(event, Silent) and not silences:
            continue
        out += [f for f in event.facts(me) if f.player != me]
    return tuple(out)
