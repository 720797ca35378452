"""Hoax's words at the class table, in the language in use: what the seat to act is asked,
what another seat is doing, each legal move as a button says it, a Judge's fine, and the
review's options (German in the words of *Die Erben von Hoax*: Baron, Richter, Mönch,
Magier, Dieb, Bauer, Händler; Gold, Getreide, Wein; die Burg, der Tresor).

>>> from bluffmath.hoax.actions import Act, Pass
>>> names = ("Ann", "Bo", "Cy")
>>> move_label(Act("Wizard", "spell", target=2), names, "turn"), move_label(Pass(), names, "king")
('Wizard: take all of Cy’s tokens outside', 'Pass (no “illegal!”)')
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     move_label(Act("Wizard", "spell", target=2), names, "turn"), option_words("accuse seat 2 as the Thief", names)
('Magier: alle Marker von Cy außerhalb des Tresors nehmen', 'Cy als Dieb beschuldigen')

The review's model is the core's, in the page's words:

>>> from bluffmath.review.hoax import model_text
>>> from bluffmath_class.games.hoax_notes import MODEL
>>> REVIEW_MODEL.format(honest=MODEL.honest, bluff=MODEL.bluff) == model_text(MODEL)
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bluffmath.hoax.actions import (
    Accuse,
    Act,
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
from bluffmath.hoax.words import token_words
from bluffmath.i18n import N_, _

from ..markup import esc
from .base import Seating

#: What the seat to act is asked, by the engine's phase (translated where shown).
PROMPTS = {
    "take": N_("take one token from the castle"),
    "cover": N_("cover a role you are not (everyone sees it)"),
    "turn": N_("claim a role and act, buy looks, or accuse"),
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
#: Another seat to act, by the phase: a whole sentence with ``{name}``.
DOING = {"take": N_("{name} to take a token"), "cover": N_("{name} to cover a role"),
         "turn": N_("{name} to take a turn"), "buying": N_("{name} to buy looks"),
         "show": N_("{name} to show a role it is not"), "instant": N_("{name} to buy a look at once or not"),
         "doubt": N_("{name} to doubt the claim or not"), "vote": N_("{name} to vote"),
         "pay": N_("{name} to pay or claim immunity"), "king": N_("{name} to react as the King or pass"),
         "judge": N_("{name} to react as the Judge or pass"), "vicar": N_("{name} to react as the Vicar or pass"),
         "settle": N_("{name} to pay a fine, a pardon fee, or claim immunity"),
         "duel": N_("{name} to take a showdown turn")}
_PASS = {"doubt": N_("Let it pass"), "king": N_("Pass (no “illegal!”)"), "judge": N_("Pass (no fine)"),
         "vicar": N_("Pass (no pardon)"), "turn": N_("Pass: the rules leave you no other move")}


def prompt(phase: str) -> str:
    """What the seat to act is asked in ``phase``."""
    return _(PROMPTS[phase])


def doing(phase: str, name: str) -> str:
    """Another seat (``name``, escaped) to act in ``phase``."""
    return _(DOING[phase]).format(name=name)


def names_for(seating: Seating, me: int | None) -> tuple[str, ...]:
    """The names an event says itself with (not yet escaped): ``Ann (you)`` for the reader."""
    return tuple(_("{name} (you)").format(name=n) if s == me else n for s, n in enumerate(seating.names))


def act_words(a: Act, names: tuple[str, ...]) -> str:
    """A turn action as the player reads it (names escaped)."""
    token = token_words(a.token) if a.token is not None else ""
    target = esc(names[a.target]) if a.target is not None else ""
    if a.kind == "take":
        n, kind = {"Peasant": (2, 1), "Vicar": (2, 2)}.get(a.role, (1, a.token if a.token is not None else 0))
        what = _("take {n} {token}").format(n=n, token=token_words(kind))
    elif a.kind == "tax":
        what = _("tax: everyone else pays you 1 token")
    elif a.kind == "tithe":
        what = (_("tithe: everyone else with {token} pays you 1") if token else
                _("tithe: everyone else pays you 1")).format(token=token)
    elif a.kind == "spell":
        what = (_("take all of the castle’s tokens outside") if a.target is None else
                _("take all of {target}’s tokens outside")).format(target=target)
    elif a.kind == "steal":
        said = ((_("steal {count} {token} from the castle") if a.target is None else
                 _("steal {count} {token} from {target}")) if not a.vault else
                (_("steal {count} {token} from the castle (vault)") if a.target is None else
                 _("steal {count} {token} from {target} (vault)")))
        what = said.format(count=a.count, token=token, target=target)
    else:
        what = (_("give {count} {token}, get {count} {get} from the castle") if a.target is None else
                _("give {count} {token}, get {count} {get} from {target}")).format(
            count=a.count, token=token, get=token_words(a.get) if a.get is not None else "", target=target)
    return _("{role}: {action}").format(role=role_words(a.role), action=what)


def move_label(action: object, names: tuple[str, ...], phase: str, other: int | None = None,
               two_left: bool = False) -> str:
    """``action`` as the player to act reads it (HTML, names escaped); ``two_left``: only
    two players are still in (then a Judge is also the King a second token of a fine goes
    to)."""
    vault = bool(getattr(action, "vault", False))
    match action:
        case Take(token=t):
            return _("Take 1 {token}").format(token=token_words(t))
        case Cover(role=r):
            return _("Cover the {role}").format(role=role_words(r))
        case Store():
            return _("Put a trio into your vault")
        case Break():
            return _("Break a trio out of your vault")
        case Act():
            return act_words(action, names)
        case Buy(target=t):
            return _("Look at {name} (one trio)").format(name=esc(names[t]))
        case Done():
            return _("No look now") if phase == "instant" else _("Stop buying looks")
        case Show(role=r):
            return _("Show: not the {role}").format(role=role_words(r))
        case Accuse(target=t, role=r):
            return _("Accuse {name}: the {role}").format(name=esc(names[t]), role=role_words(r))
        case Pass():
            return _(_PASS[phase]) if phase in _PASS else _("Pass")
        case Hoax():
            return _("Hoax! (doubt it)")
        case Vote(yes=yes):
            return _("Vote yes: challenge") if yes else _("Vote no")
        case Pay(token=None):
            return _("Give it up")
        case Pay(token=t):
            return _("Pay 1 {token}").format(token=token_words(t))
        case Immune():
            return _("Wizard: immune, pay nothing")
        case Illegal():
            return _("King: illegal!")
        case Fine(tokens=ts):
            return _("Judge: fine {tokens}").format(tokens=fine_words(ts, two_left))
        case Pardon(token=t):
            return _("Vicar: pardon for 1 {token}").format(token=token_words(t))
        case PayFine(judge=j):
            return (_("Pay {name}’s fine (breaking vault trios)") if vault else _("Pay {name}’s fine")).format(
                name=esc(names[j]))
        case PayPardon(vicar=v):
            return (_("Pay {name}’s pardon fee (breaking vault trios)") if vault else
                    _("Pay {name}’s pardon fee")).format(name=esc(names[v]))
        case Doubt(role=r):
            return (_("Say the other is not the {role}") if other is None else
                    _("Say {name} is not the {role}")).format(name=esc(names[other]) if other is not None else "",
                                                              role=role_words(r))
    return esc(str(action))


def fine_words(tokens: tuple[int, ...], two_left: bool = False) -> str:
    """A Judge's fine in words: the first token is the Judge's, a second goes to the King
    who called the action illegal (the Judge too when only two players are left).

    >>> fine_words((0,)), fine_words((0, 1)), fine_words((2, 2)), fine_words((0, 1), two_left=True)
    ('1 gold', '1 gold to you, 1 grain to the King', '2 wine: 1 to you, 1 to the King', '1 gold and 1 grain, both to you')
    """
    if len(tokens) == 1:
        return _("1 {token}").format(token=token_words(tokens[0]))
    first, second = (token_words(t) for t in tokens)
    if two_left:
        said = _("2 {first}, both to you") if first == second else _("1 {first} and 1 {second}, both to you")
    elif first == second:
        said = _("2 {first}: 1 to you, 1 to the King")
    else:
        said = _("1 {first} to you, 1 {second} to the King")
    return said.format(first=first, second=second)


#: The review's model (the core's, :func:`bluffmath.review.hoax.model_text`, with ``{honest}``
#: and ``{bluff}``); translated where it is shown (a test checks it is the core's).
REVIEW_MODEL = N_(
    "the seat's live deduction sheet, claims read with BluffModel(honest={honest}, bluff={bluff}), and its exact "
    "posterior; one step ahead, each decision about a hidden card by its chance of being right: a doubt or a yes "
    "vote P(the claim is a lie), letting it pass or a no vote P(it is true), an accusation P(the target holds the "
    "role named), a showdown doubt P(the other does not hold it). Claims, reactions, looks, what to show and "
    "tokens are not valued, nor the stakes of being wrong.")

_OPTION = re.compile(r"(accuse|doubt) seat (\d+) as the (\w+)|doubt: not the (\w+)")


def option_words(option: str, names: Sequence[str]) -> str:
    """A review's option (the core's ``accuse seat 2 as the King``, ``doubt seat 1 as the
    Thief``, ``doubt: not the Wizard``, ``vote yes``, ``vote no``, ``let it pass``) in the
    page's words, a seat by its name (escaped)."""
    fixed = {"vote yes": _("vote yes"), "vote no": _("vote no"), "let it pass": _("let it pass")}
    if option in fixed:
        return fixed[option]
    found = _OPTION.fullmatch(option)
    if found is None:
        return esc(option)
    verb, seat, role, not_role = found.groups()
    if not_role is not None:
        return _("doubt: not the {role}").format(role=role_words(not_role))
    said = _("accuse {name} as the {role}") if verb == "accuse" else _("doubt {name} as the {role}")
    return said.format(name=esc(names[int(seat)]), role=role_words(role))
