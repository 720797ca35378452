"""Which moves are legal at a step of a game of Hoax, in a fixed order (the engine's inside).

:func:`legal` lists every move of the seat to act (:func:`actor`) at the agenda's first
step (see :mod:`bluffmath.hoax.flow`); choices with many combinations (a Thief's theft, a
Merchant's trade, a Judge's fine) are listed in full: they are few. A turn that offers
nothing else offers :class:`~bluffmath.hoax.actions.Pass` alone (``docs/reference/rulings.md``: a seat with
no legal move passes). Every other step always offers something: a chance to doubt or to
react can be let go by, a vote has two sides, a look can be declined, and the steps that
take something (a payment, a fine, a look shown) are only reached when there is something
to take (``tests/test_hoax_game.py`` searches the positions a game can reach for this).
"""

from __future__ import annotations

from functools import cache

from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Action,
    Break,
    Buy,
    Cover,
    Done,
    Doubt,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pardon,
    Pass,
    Pay,
    PayFine,
    PayPardon,
    Show,
    Store,
    Take,
    Vote,
)
from bluffmath.hoax.table import Ctx as Ctx
from bluffmath.hoax.table import Table
from bluffmath.hoax.tokens import GOLD, GRAIN, WINE, total, trios

# The ``name as name`` imports: names that moved to the module named, still found here.


@cache
def made(kind: type, *args: object, **fields: object) -> Action:
    """The move ``kind(*args, **fields)``, made (and its fields checked) once: moves are
    values, and the lists below are built again at every step of every game."""
    return kind(*args, **fields)


DOING = {"take": "take a token", "cover": "cover a role it is not", "turn": "take its turn",
         "buying": "buy another look or stop", "instant": "buy a look with its new trio or not",
         "duel": "take its showdown turn", "show": "show a role it is not", "window": "doubt the claim or not",
         "vote": "vote on the doubt", "pay": "pay or claim immunity", "round": "react or pass",
         "settle": "pay the fine, a pardon fee, or claim immunity"}


# --- who, and which moves ----------------------------------------------------------------
def actor(s: Table) -> int:
    h = s.agenda[0]
    k = h[0]
    if k == "window":
        return h[3][0]
    if k == "vote":
        return h[4][0]
    if k == "round":
        return h[2][0]
    if k == "settle":
        return s.active
    return h[1]


def others(s: Table, seat: int) -> tuple[int, ...]:
    """The seats still in but ``seat``, in seat order from ``seat``'s left."""
    n = s.players
    return tuple(q for i in range(1, n) if s.alive[q := (seat + i) % n])


def has_trio(s: Table, seat: int) -> bool:
    return trios(s.outside[seat]) > 0 or s.vault[seat] > 0


def showable(s: Table, shower: int, buyer: int) -> list[str]:
    """The roles ``shower`` may show ``buyer``: not its card, not covered, not shown before."""
    return [r for r in s.game.edition.roles if r != s.cards[shower] and r not in s.covered[shower]
            and (shower, buyer, r) not in s.shown]


def legal(s: Table) -> list[Action]:
    h = s.agenda[0]
    k, p = h[0], actor(s)
    roles = s.game.edition.roles
    if k == "take":
        return [made(Take, t) for t in range(3)]
    if k == "cover":
        return [made(Cover, r) for r in roles if r != s.cards[p]]
    if k == "turn":  # docs/reference/rulings.md: a seat with no legal move passes
        return turn_moves(s, p) or [Pass()]
    if k == "buying":
        return [*(made(Buy, t) for t in others(s, p) if has_trio(s, p)), Done()]
    if k == "instant":
        return [*(made(Buy, t) for t in others(s, p)), Done()]
    if k == "show":
        return [made(Show, r) for r in showable(s, p, h[2])]
    if k == "window":
        accuse = s.game.edition.name == "original" and not s.game.accuse_on_turn
        return [Pass(), Hoax(), *(_accusations(s, p) if accuse else ())]
    if k == "vote":
        return [made(Vote, True), made(Vote, False)]
    if k == "pay":
        return [*_payments(s, p), *((Immune(),) if "Wizard" not in s.covered[p] else ())]
    if k == "round":
        return [Pass(), *(_reactions(h[1]) if h[1] not in s.covered[p] else ())]
    if k == "settle":
        return _settlements(s)
    if k == "duel":
        other = others(s, p)[0]
        doubts = [made(Doubt, r) for r in roles if r not in s.covered[other]]
        return [*((made(Buy, other),) if has_trio(s, p) else ()), *doubts, *(made(Accuse, other, r) for r in roles)]
    raise AssertionError(f"no decision at step {h!r}")


def _accusations(s: Table, p: int) -> list[Action]:
    return [made(Accuse, t, r) for t in others(s, p) for r in s.game.edition.roles]


def turn_moves(s: Table, p: int) -> list[Action]:
    """What ``p``'s turn offers now besides a pass: trios to store or break, the turn actions of
    every role ``p`` has not covered, looks with a trio, accusations where the rules have them."""
    moves: list[Action] = []
    if s.vaulting >= 0 and trios(s.outside[p]):
        moves.append(Store())
    if s.vaulting <= 0 and s.vault[p]:
        moves.append(Break())
    for role in s.game.edition.roles:
        if role not in s.covered[p]:
            moves += _acts(s, p, role)
    if has_trio(s, p):
        moves += [made(Buy, t) for t in others(s, p)]
    if s.game.accusation_on_turn:
        moves += _accusations(s, p)
    return moves


def _acts(s: Table, p: int, role: str) -> list[Act]:
    german = s.game.edition.name == "german"
    if role == "Peasant":
        return [made(Act, role, "take")]
    if role == "Judge":
        return [made(Act, role, "take", token=GRAIN), made(Act, role, "take", token=WINE)]
    if role == "King":
        return [made(Act, role, "take", token=WINE), made(Act, role, "take", token=GOLD), made(Act, role, "tax")]
    if role == "Vicar":
        if german:
            return [made(Act, role, "take"), made(Act, role, "tithe")]
        return [made(Act, role, "tithe", token=t) for t in range(3)]
    if role == "Wizard":
        return [made(Act, role, "spell", target=t) for t in others(s, p)]
    if role == "Thief":
        return [made(Act, role, "steal", token=tok, target=t, count=c, vault=v) for t in others(s, p)
                for tok in range(3) for v in (False, True) for c in (1, 2)
                if c <= (s.vault[t] if v else s.outside[t][tok])]
    out = [made(Act, role, "take")]
    for give in range(3):
        for get in range(3):
            if get == give:
                continue
            for partner in (None, *others(s, p)):
                limit = min(s.outside[p][give], s.castle[get] if partner is None else s.outside[partner][get])
                out += [made(Act, role, "trade", token=give, count=x, get=get, target=partner)
                        for x in range(1, limit + 1)]
    return out


def owes(s: Table, payer: int) -> bool:
    """Whether ``payer`` has anything the turn action under way takes from it."""
    act = s.ctx.act
    held = s.outside[payer]
    if act.kind == "tithe" and act.token is not None:
        return held[act.token] > 0
    return total(held) > 0


def _payments(s: Table, p: int) -> list[Action]:
    act = s.ctx.act
    if act.kind in ("spell", "trade"):
        return [made(Pay, None)]
    if act.kind == "tithe" and act.token is not None:
        return [made(Pay, act.token)]
    return [made(Pay, t) for t in range(3) if s.outside[p][t]]


def _reactions(role: str) -> list[Action]:
    if role == "King":
        return [Illegal()]
    if role == "Judge":
        return [*(made(Fine, (t,)) for t in range(3)),
                *(made(Fine, (a, b)) for a in range(3) for b in range(3))]
    return [made(Pardon, t) for t in range(3)]


def _lacks(s: Table, seat: int, tokens: tuple[int, ...]) -> bool:
    held = s.outside[seat]
    return any(tokens.count(t) > held[t] for t in set(tokens))


def _settlements(s: Table) -> list[Action]:
    p, ctx = s.active, s.ctx
    vault = s.vault[p] > 0
    out: list[Action] = []
    for judge, tokens in ctx.fines:
        out += [made(PayFine, judge), *((made(PayFine, judge, True),) if vault and _lacks(s, p, tokens) else ())]
    for vicar, token in ctx.pardons:
        out += [made(PayPardon, vicar), *((made(PayPardon, vicar, True),) if vault and _lacks(s, p, (token,)) else ())]
    return out + ([Immune()] if "Wizard" not in s.covered[p] else [])


