"""The flow of a game of Hoax: whose move it is, which moves are legal, what a move does.

The engine's inside (:mod:`bluffmath.hoax.game` is the outside). A State (its data, a
:class:`~bluffmath.hoax.table.Table`) carries an *agenda*, a tuple of steps still to
come; the first step is a decision of one seat, and the steps that need no decision
(``start``, ``effect``, ``end``, rounds and windows with nobody left to ask, ...) are
worked off at once by :func:`advance`. A step is a tuple:

``("take", p)``, ``("cover", p)``, ``("turn", p)``, ``("buying", p)``, ``("instant", p)``,
``("duel", p)``, ``("show", shower, buyer)``, ``("window", claimant, role, askers, kind)``,
``("vote", accused, role, kind, voters, yes, total)``, ``("pay", payer)``,
``("round", role, askers, taken)``, ``("settle",)``, ``("effect",)``, ``("start",)``, ``("end",)``.
"""

from __future__ import annotations

from dataclasses import replace

from bluffmath.hoax.actions import (
    TAKES,
    Accuse,
    Act,
    Action,
    Break,
    Buy,
    Cover,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pass,
    PayFine,
    Show,
    Store,
    Take,
    Vote,
)
from bluffmath.hoax.events import (
    ALL_PASSED,
    Accused,
    Challenged,
    Claimed,
    Covered,
    Doubted,
    DuelDoubt,
    Ended,
    Looked,
    Moved,
    Named,
    Passed,
    Showdown,
    Showed,
    Silent,
    Turn,
    Vaulted,
    Voted,
)
from bluffmath.hoax.moves import others, owes, showable
from bluffmath.hoax.table import Ctx, Table
from bluffmath.hoax.tokens import NONE, TOKENS, TRIO, add, describe, minus, plus, total, trios


# --- doing a move --------------------------------------------------------------------------
def do(s: Table, action: Action) -> Table:
    """``action`` done (already checked legal), and every step that needs no decision after it."""
    before = [trios(h) for h in s.outside]
    head, rest = s.agenda[0], s.agenda[1:]
    s = _HANDLERS[head[0]](s._but(agenda=rest, actions=(*s.actions, action)), head, action)
    return advance(_instants(s, before, head[1] if isinstance(action, Break) else None))


def _instants(s: Table, before: list[int], breaker: int | None = None) -> Table:
    """A look at once offered first to every player whose outside trios grew since ``before``
    (but not by their own Break, ``breaker``), while the game goes on."""
    if not s.agenda:
        return s
    new = [q for q in range(s.players) if s.alive[q] and q != breaker and trios(s.outside[q]) > before[q]]
    return s._but(agenda=(*(("instant", q) for q in new), *s.agenda)) if new else s


def _log(s: Table, *events: object) -> Table:
    n = len(s.log)
    private = tuple((n + i, e.seen_by) for i, e in enumerate(events) if e.seen_by is not None)
    if private:
        return s._but(log=(*s.log, *events), private=(*s.private, *private))
    return s._but(log=(*s.log, *events))


def _push(s: Table, *steps: tuple) -> Table:
    return s._but(agenda=(*steps, *s.agenda))


def _set(rows: tuple, seat: int, value: object) -> tuple:
    return (*rows[:seat], value, *rows[seat + 1:])


def move(s: Table, source: int | None, to: int | None, tokens: tuple[int, int, int], why: str) -> Table:
    """Move ``tokens`` (as many as ``source`` has of each, outside or in the castle)."""
    have = s.castle if source is None else s.outside[source]
    tokens = (min(tokens[0], have[0]), min(tokens[1], have[1]), min(tokens[2], have[2]))
    if not total(tokens):
        return s
    castle, outside = s.castle, s.outside
    if source is None:
        castle = minus(castle, tokens)
    else:
        outside = _set(outside, source, minus(outside[source], tokens))
    if to is None:
        castle = plus(castle, tokens)
    else:
        outside = _set(outside, to, plus(outside[to], tokens))
    return _log(s._but(castle=castle, outside=outside), Moved(source, to, tokens, why))


def one(token: int, n: int = 1) -> tuple[int, int, int]:
    return add(NONE, token, n)


def _from_vault(s: Table, seat: int, to: int, token: int, why: str) -> Table:
    """Break one of ``seat``'s vault trios: ``token`` goes to ``to``, the other two outside."""
    s = _log(s._but(vault=_set(s.vault, seat, s.vault[seat] - 1),
                    outside=_set(s.outside, seat, plus(s.outside[seat], TRIO))), Vaulted(seat, -1))
    return move(s, seat, to, one(token), why)


def _pay(s: Table, payer: int, to: int, tokens: tuple[int, ...], why: str, vault: bool) -> Table:
    for token in tokens:
        if s.outside[payer][token]:
            s = move(s, payer, to, one(token), why)
        elif vault and s.vault[payer]:
            s = _from_vault(s, payer, to, token, why)
    return s


def _take(s: Table, h: tuple, a: Take) -> Table:
    return move(s, None, h[1], one(a.token), "takes at the start")


def _cover(s: Table, h: tuple, a: Cover) -> Table:
    return _log(s._but(covered=_set(s.covered, h[1], s.covered[h[1]] | {a.role})), Covered(h[1], a.role, "covered"))


def _turn(s: Table, h: tuple, a: Action) -> Table:
    p = h[1]
    if isinstance(a, Pass):  # offered only when nothing else is
        return _push(_log(s._but(passes=s.passes + 1), Passed(p)), ("end",))
    if s.passes:
        s = s._but(passes=0)
    if isinstance(a, Store | Break):
        d = 1 if isinstance(a, Store) else -1
        s = s._but(vault=_set(s.vault, p, s.vault[p] + d), outside=_set(s.outside, p, plus(s.outside[p], (-d, -d, -d))),
                   vaulting=d)
        return _push(_log(s, Vaulted(p, d)), h)
    if isinstance(a, Act):
        s = _log(s._but(ctx=Ctx(a)), Claimed(p, a.role, a.what(), a))
        return _push(s, ("window", p, a.role, others(s, p), "act"), ("effect",), ("round", "King", others(s, p), None),
                     ("end",))
    if isinstance(a, Buy):
        return buy(_push(s, ("buying", p), ("end",)), p, a.target, outside_only=False)
    return _push(accuse(s, p, a.target, a.role), ("end",))


def _buying(s: Table, h: tuple, a: Action) -> Table:
    return buy(_push(s, h), h[1], a.target, outside_only=False) if isinstance(a, Buy) else s


def _instant(s: Table, h: tuple, a: Action) -> Table:
    return buy(s, h[1], a.target, outside_only=True) if isinstance(a, Buy) else s


def buy(s: Table, buyer: int, target: int, outside_only: bool) -> Table:
    """A look: the trio to the castle and ``target`` to show a role (or, with nothing to
    show, nothing moves)."""
    if not showable(s, target, buyer):
        return _log(s, Looked(buyer, target, False))
    if outside_only or trios(s.outside[buyer]):
        s = move(s, buyer, None, TRIO, "a look")
    else:
        s = _log(s._but(vault=_set(s.vault, buyer, s.vault[buyer] - 1), castle=plus(s.castle, TRIO)),
                 Vaulted(buyer, -1), Moved(buyer, None, TRIO, "a look, from the vault"))
    return _push(s, ("show", target, buyer))


def _show(s: Table, h: tuple, a: Show) -> Table:
    shower, buyer = h[1], h[2]
    s = _log(s._but(shown=s.shown | {(shower, buyer, a.role)}), Looked(buyer, shower, True),
             Showed(shower, buyer, a.role))
    if s.showdown:
        s = _log(s._but(covered=_set(s.covered, shower, s.covered[shower] | {a.role})),
                 Covered(shower, a.role, "showdown"))
    return s


def accuse(s: Table, accuser: int, target: int, role: str) -> Table:
    """The accused answers truly; the wrong one leaves, its tokens (vault too) to the other."""
    right = s.cards[target] == role
    leaver, other = (target, accuser) if right else (accuser, target)
    s = _log(s, Accused(accuser, target, right), Named(accuser, target, role, right))
    s = move(s, leaver, other, s.outside[leaver], "leaves")
    if s.vault[leaver]:
        v = s.vault[leaver]
        s = _log(s._but(vault=_set(_set(s.vault, other, s.vault[other] + v), leaver, 0)),
                 Moved(leaver, other, (v, v, v), "leaves: vault trios, into the vault"))
    return s._but(alive=_set(s.alive, leaver, False))


def _window(s: Table, h: tuple, a: Action) -> Table:
    claimant, role, askers, kind = h[1:]
    if isinstance(a, Pass):
        return _push(s, ("window", claimant, role, askers[1:], kind))
    if isinstance(a, Hoax):
        voters = tuple(q for q in others(s, claimant) if q != askers[0])
        return _push(_log(s, Doubted(askers[0], claimant, role)), ("vote", claimant, role, kind, voters, 1,
                                                                   len(voters) + 1))
    return accuse(s, askers[0], a.target, a.role)._but(agenda=(("end",),))


def _vote(s: Table, h: tuple, a: Vote) -> Table:
    accused, role, kind, voters, yes, n = h[1:]
    return _push(_log(s, Voted(voters[0], a.yes)), ("vote", accused, role, kind, voters[1:], yes + a.yes, n))


def _resolve(s: Table, h: tuple) -> Table:
    accused, role, kind, _, yes, n = h[1:]
    carried = 2 * yes > n
    lie = carried and s.cards[accused] != role
    s = _log(s, Challenged(accused, role, yes, n, carried, lie))
    if not carried:
        return s
    if not lie:
        return finish(s, accused, f"the {role} was doubted and told the truth")
    s = _log(s._but(covered=_set(s.covered, accused, s.covered[accused] | {role})), Covered(accused, role, "challenge"))
    ctx = s.ctx
    if kind == "act":
        return s._but(agenda=s.agenda[s.agenda.index(("end",)):], ctx=None)
    if kind == "immune":
        return _push(s, ("pay", accused))
    if kind == "settle":
        return _push(s, ("settle",))
    if kind == "illegal":
        return s._but(ctx=replace(ctx, kings=tuple(q for q in ctx.kings if q != accused)))
    if kind == "fine":
        return s._but(ctx=replace(ctx, fines=tuple(f for f in ctx.fines if f[0] != accused)))
    return s._but(ctx=replace(ctx, pardons=tuple(f for f in ctx.pardons if f[0] != accused)))


def _claim_window(s: Table, claimant: int, role: str, kind: str) -> Table:
    return _push(s, ("window", claimant, role, others(s, claimant), kind))


def _effect(s: Table) -> Table:
    act, p = s.ctx.act, s.active
    if act.kind == "take":
        token, n = TAKES.get(act.role, (act.token, 1))
        return move(s, None, p, one(token, n), f"{act.role}: take")
    if act.kind in ("tax", "tithe"):
        return _push(s, *(("pay", q) for q in others(s, p) if owes(s, q)))
    if act.kind == "spell" or (act.kind == "trade" and act.target is not None):
        return _push(s, ("pay", act.target)) if owes(s, act.target) or act.kind == "trade" else s
    if act.kind == "steal":
        if not act.vault:
            return move(s, act.target, p, one(act.token, act.count), "Thief: steal")
        for _ in range(act.count):
            s = _from_vault(s, act.target, p, act.token, "Thief: steal from the vault")
        return s
    return _trade(s, p, None, act)


def _trade(s: Table, p: int, partner: int | None, act: Act) -> Table:
    s = move(s, p, partner, one(act.token, act.count), "Merchant: trade")
    return move(s, partner, p, one(act.get, act.count), "Merchant: trade")


def _pay_step(s: Table, h: tuple, a: Action) -> Table:
    payer = h[1]
    if isinstance(a, Immune):
        return _claim_window(_log(s, Claimed(payer, "Wizard", "immune, pays nothing")), payer, "Wizard", "immune")
    if "Wizard" not in s.covered[payer]:
        s = _log(s, Silent(payer, "Wizard"))
    act, p = s.ctx.act, s.active
    if act.kind == "spell":
        return move(s, payer, p, s.outside[payer], "Wizard: spell")
    if act.kind == "trade":
        return _trade(s, p, payer, act)
    return move(s, payer, p, one(a.token), f"{act.role}: {act.kind}")


def _round(s: Table, h: tuple, a: Action) -> Table:
    role, askers = h[1], h[2]
    q = askers[0]
    if isinstance(a, Pass):
        return _push(_log(s, Silent(q, role)) if role not in s.covered[q] else s, ("round", role, askers[1:], None))
    ctx = s.ctx
    if isinstance(a, Illegal):
        s, what = s._but(ctx=replace(ctx, kings=(*ctx.kings, q))), "illegal!"
    elif isinstance(a, Fine):
        s, what = s._but(ctx=replace(ctx, fines=(*ctx.fines, (q, a.tokens)))), f"a fine of {_tokens(a.tokens)}"
    else:
        s, what = s._but(ctx=replace(ctx, pardons=(*ctx.pardons, (q, a.token)))), f"a pardon for 1 {TOKENS[a.token]}"
    taken = q if s.game.edition.name == "original" else None
    s = _push(_log(s, Claimed(q, role, what)), ("round", role, askers[1:], taken))
    return _claim_window(s, q, role, {"King": "illegal", "Judge": "fine", "Vicar": "pardon"}[role])


def _tokens(tokens: tuple[int, ...]) -> str:
    return describe(tuple(tokens.count(t) for t in range(3)))


def _settle(s: Table, h: tuple, a: Action) -> Table:
    p, ctx = s.active, s.ctx
    if isinstance(a, Immune):
        return _claim_window(_log(s, Claimed(p, "Wizard", "immune, pays nothing")), p, "Wizard", "settle")
    if "Wizard" not in s.covered[p]:
        s = _log(s, Silent(p, "Wizard"))
    if isinstance(a, PayFine):
        tokens = dict(ctx.fines)[a.judge]
        s = _pay(s, p, a.judge, tokens[:1], "a fine", a.vault)
        return _pay(s, p, ctx.kings[0], tokens[1:], "a fine, to the King", a.vault)
    return _pay(s, p, a.vicar, (dict(ctx.pardons)[a.vicar],), "a pardon", a.vault)


def _duel(s: Table, h: tuple, a: Action) -> Table:
    p = h[1]
    other = others(s, p)[0]
    s = _push(s, ("end",))
    if isinstance(a, Buy):
        return buy(s, p, other, outside_only=False)
    if isinstance(a, Accuse):
        return accuse(s, p, other, a.role)
    right = s.cards[other] == a.role
    s = _log(s, DuelDoubt(p, other, a.role, right))
    if right:
        return finish(s, other, f"doubted as the {a.role} in the showdown, and it is")
    return _log(s._but(covered=_set(s.covered, other, s.covered[other] | {a.role})), Covered(other, a.role, "showdown"))


_HANDLERS = {"take": _take, "cover": _cover, "turn": _turn, "buying": _buying, "instant": _instant, "show": _show,
             "window": _window, "vote": _vote, "pay": _pay_step, "round": _round, "settle": _settle, "duel": _duel}


# --- the steps without a decision ------------------------------------------------------------
def advance(s: Table) -> Table:
    """Work off the steps that need no decision, until one does (or the game is over)."""
    while s.agenda:
        h, rest = s.agenda[0], s.agenda[1:]
        k = h[0]
        if k == "start":
            s = _begin(s._but(agenda=rest), 0)
        elif k == "end":
            s = _end_turn(s._but(agenda=rest))
        elif k == "effect":  # a turn action's effect may complete a trio
            s = _instants(_effect(s._but(agenda=rest)), [trios(h) for h in s.outside])
        elif _idle(s, h):
            s = s._but(agenda=rest)
        elif k == "window" and not s.alive[h[3][0]]:
            s = s._but(agenda=(("window", *h[1:3], tuple(q for q in h[3] if s.alive[q]), h[4]), *rest))
        elif k == "vote" and not h[4]:
            s = _resolve(s._but(agenda=rest), h)
        elif k == "round" and (not h[2] or _stands(s, h)):
            s = _next_round(s._but(agenda=rest), h[1])
        elif k == "round" and h[3] is not None:
            s = s._but(agenda=(("round", h[1], h[2], None), *rest))
        else:
            break
    return s


def _idle(s: Table, h: tuple) -> bool:
    """Whether step ``h`` asks nobody anything any more, and is dropped."""
    k = h[0]
    return ((k == "instant" and not (s.alive[h[1]] and trios(s.outside[h[1]]) and others(s, h[1])))
            or (k == "window" and not [q for q in h[3] if s.alive[q]])
            or (k == "pay" and not owes(s, h[1])) or (k == "settle" and not s.ctx.fines))


def _stands(s: Table, h: tuple) -> bool:
    """Whether the first claimant of an original round still holds the role."""
    taken, ctx = h[3], s.ctx
    if taken is None:
        return False
    return taken in {"King": ctx.kings, "Judge": [j for j, _ in ctx.fines], "Vicar": [v for v, _ in ctx.pardons]}[h[1]]


def _next_round(s: Table, role: str) -> Table:
    ctx, p = s.ctx, s.active
    two = sum(s.alive) == 2
    if role == "King" and ctx.kings:
        return _push(s, ("round", "Judge", tuple(q for q in others(s, p) if two or q not in ctx.kings), None))
    if role == "Judge" and ctx.fines:
        judges = {j for j, _ in ctx.fines}
        return _push(s, ("round", "Vicar", tuple(q for q in others(s, p) if two or q not in judges), None))
    if role == "Vicar" and ctx.fines:
        return _push(s, ("settle",))
    return s


def finish(s: Table, winner: int | None, how: str) -> Table:
    return _log(s._but(agenda=(), winner=winner, how=how, ctx=None), Ended(winner, how))


def _begin(s: Table, seat: int) -> Table:
    if s.turn >= s.game.max_turns:
        return finish(s, None, f"no winner after {s.game.max_turns} turns: a draw")
    step = ("duel" if s.showdown else "turn", seat)
    return _log(s._but(turn=s.turn + 1, active=seat, ctx=None, vaulting=0, agenda=(step, *s.agenda)),
                Turn(seat, s.turn + 1))


def _end_turn(s: Table) -> Table:
    left = [q for q in range(s.players) if s.alive[q]]
    if len(left) == 1:
        return finish(s, left[0], "the last player left")
    if s.passes >= len(left):
        return finish(s, None, ALL_PASSED)
    s = s._but(agenda=())
    if s.game.edition.name == "german" and len(left) == 2 and not s.showdown:
        s = _log(s._but(showdown=True), Showdown((left[0], left[1])))
        for shower, buyer in ((left[0], left[1]), (left[1], left[0])):
            for role in s.game.edition.roles:
                if (shower, buyer, role) in s.shown and role not in s.covered[shower]:
                    s = _log(s._but(covered=_set(s.covered, shower, s.covered[shower] | {role})),
                             Covered(shower, role, "showdown"))
    return _begin(s, others(s, s.active)[0])


__all__ = ["advance", "buy", "do", "move"]
