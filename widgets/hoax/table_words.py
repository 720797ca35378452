"""The Hoax table in a player's words: every legal move as a choice, the log with names.

Nothing here decides a rule: the engine says which moves are legal and what happened
(each event says itself with names: ``event.text(names)``); these functions word the
moves for the player to act, in the language in use (the roles and tokens by the German
edition's words in German).

>>> from bluffmath.hoax.actions import Doubt
>>> from bluffmath.hoax.events import Moved
>>> names = ("Ann", "Bo", "Cy")
>>> move_label(Act("Wizard", "spell", target=2), names, "turn")
'claim the Wizard: take all of Cy’s tokens outside'
>>> move_label(Pass(), names, "king"), move_label(Pass(), names, "turn")
('pass (no “illegal!”)', 'pass: the rules leave you no other move')
>>> Moved(1, 0, (0, 1, 0), "tax").text(names)   # an event says itself with names
'Bo gives Ann 1 grain (tax)'
"""

from __future__ import annotations

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
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.tokens import TOKENS
from bluffmath.i18n import N_, _, p_

__all__ = ["NAMES", "NO_MOVE", "PROMPTS", "move_label", "token_words"]

#: The players' names unless others are given: short, and one per seat of the largest game.
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

#: What the player to act is asked, by the engine's phase (in English: shown with ``_()``).
PROMPTS = {
    "take": N_("take one token from the castle"),
    "cover": N_("cover a role you are not (everyone sees it)"),
    "turn": N_("your turn: claim a role and act, buy looks, or accuse"),
    "buying": N_("buy another look, or stop"),
    "show": N_("show the buyer a role you are not (only the buyer sees which)"),
    "instant": N_("you completed a trio: buy a look with it at once?"),
    "doubt": N_("doubt the claim just made (“Hoax!”), or let it pass"),
    "vote": N_("vote: challenge the claim?"),
    "pay": N_("pay, or claim the Wizard’s immunity"),
    "king": N_("as the King, call the turn action illegal?"),
    "judge": N_("as the Judge, fine the actor?"),
    "vicar": N_("as the Vicar, offer a pardon?"),
    "settle": N_("you were fined: pay the fine, a pardon fee, or claim immunity"),
    "duel": N_("the showdown: look, doubt a role of the other, or accuse"),
}

_PASS = {"doubt": N_("let it pass"), "king": N_("pass (no “illegal!”)"), "judge": N_("pass (no fine)"),
         "vicar": N_("pass (no pardon)"), "turn": N_("pass: the rules leave you no other move")}

#: What the player to act is asked on a turn that offers nothing but a pass.
NO_MOVE = N_("your turn, but the rules leave you no move: pass (a full round of passes is a draw)")


def token_words(token: int) -> str:
    """A token type's name in the language in use (German: Gold, Getreide, Wein).

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     [token_words(t) for t in range(3)]
    ['Gold', 'Getreide', 'Wein']
    """
    return {"gold": p_("Hoax token", "gold"), "grain": p_("Hoax token", "grain"),
            "wine": p_("Hoax token", "wine")}[TOKENS[token]]


def _act(a: Act, names: tuple[str, ...]) -> str:
    role = role_words(a.role)
    token = token_words(a.token) if a.token is not None else ""
    if a.kind == "take":
        count, token = {"Peasant": (2, token_words(1)), "Vicar": (2, token_words(2))}.get(
            a.role, (1, token or token_words(0)))
        return _("claim the {role}: take {count} {token}").format(role=role, count=count, token=token)
    if a.kind == "tax":
        return _("claim the {role}: tax: everyone else pays you 1 token of their choice").format(role=role)
    if a.kind == "tithe":
        return (_("claim the {role}: tithe: everyone else with {token} outside pays you 1") if token else
                _("claim the {role}: tithe: everyone else pays you 1 token of their choice")).format(
            role=role, token=token)
    if a.kind == "spell":
        return _("claim the {role}: take all of {name}’s tokens outside").format(role=role, name=names[a.target])
    if a.kind == "steal":
        return (_("claim the {role}: steal {count} {token} from {name} (from the vault)") if a.vault else
                _("claim the {role}: steal {count} {token} from {name}")).format(
            role=role, count=a.count, token=token, name=names[a.target])
    trade = (_("claim the {role}: give {count} {token}, get {count} {get} from the castle") if a.target is None else
             _("claim the {role}: give {count} {token}, get {count} {get} from {name}"))
    return trade.format(role=role, count=a.count, token=token, get=token_words(a.get),
                        name="" if a.target is None else names[a.target])


def move_label(action: Action, names: tuple[str, ...], phase: str, other: int | None = None) -> str:
    """``action`` as the player to act reads it, in ``phase`` (the engine's word);
    ``other``: in the showdown, the other player.

    >>> move_label(Doubt("King"), ("Ann", "Bo"), "duel", other=1)
    'say Bo is not the King'
    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     move_label(Doubt("King"), ("Ann", "Bo"), "duel", other=1)
    'sagen, dass Bo nicht der Baron ist'
    """
    vault = bool(getattr(action, "vault", False))
    match action:
        case Take(token=t):
            return _("take 1 {token} from the castle").format(token=token_words(t))
        case Cover(role=r):
            return _("cover the {role}").format(role=role_words(r))
        case Store():
            return _("put a trio into my vault")
        case Break():
            return _("break a trio out of my vault")
        case Act():
            return _act(action, names)
        case Buy(target=t):
            return _("buy a look at {name} (one trio)").format(name=names[t])
        case Done():
            return _("no look now") if phase == "instant" else _("stop buying looks")
        case Show(role=r):
            return _("show: I am not the {role}").format(role=role_words(r))
        case Accuse(target=t, role=r):
            return _("accuse {name} of being the {role}").format(name=names[t], role=role_words(r))
        case Pass():
            return _(_PASS.get(phase, N_("pass")))
        case Hoax():
            return _("Hoax! (doubt it)")
        case Vote(yes=yes):
            return _("vote yes: challenge") if yes else _("vote no")
        case Pay(token=None):
            return _("give it up")
        case Pay(token=t):
            return _("pay 1 {token}").format(token=token_words(t))
        case Immune():
            return _("claim the Wizard: immune, pay nothing")
        case Illegal():
            return _("claim the King: illegal!")
        case Fine(tokens=ts):
            fine = _(" and ").join(_("1 {token}").format(token=token_words(t)) for t in ts)
            return _("claim the Judge: fine {tokens}").format(tokens=fine)
        case Pardon(token=t):
            return _("claim the Vicar: pardon for 1 {token}").format(token=token_words(t))
        case PayFine(judge=j):
            return (_("pay {name}’s fine (breaking vault trios)") if vault else _("pay {name}’s fine")).format(
                name=names[j])
        case PayPardon(vicar=v):
            return (_("pay {name}’s pardon fee instead (breaking vault trios)") if vault else
                    _("pay {name}’s pardon fee instead")).format(name=names[v])
        case Doubt(role=r):
            said = _("say the other is not the {role}") if other is None else _("say {name} is not the {role}")
            return said.format(name="" if other is None else names[other], role=role_words(r))
    return str(action)
