"""Hoax's table talk in the language in use: tokens, a claimed action, why tokens moved and
how a game ended, each a whole sentence or phrase from the engine's own data (German in
the words of *Die Erben von Hoax*: Gold, Getreide, Wein; die Burg, der Tresor).

The engine keeps its English words as data (a move's ``why``, a game's ``how``: the
saves and the command line read them); these functions say them for a page, and the
English is exactly the engine's.

>>> from bluffmath.hoax.actions import Act
>>> holding_words((1, 0, 2)), act_words(Act("Thief", "steal", token=2, target=1, count=2, vault=True), None)
('1 gold, 2 wine', 'steal 2 wine from seat 1 (vault)')
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     holding_words((1, 0, 2)), why_words("Vicar: tithe"), how_words("the last player left")
('1 Gold, 2 Wein', 'Mönch: Zehnt', 'als Letzte oder Letzter übrig')
>>> with speaking("de"):
...     act_words(Act("Merchant", "trade", token=0, count=2, get=1), ("Ann", "Bo"))
'2 Gold gegen Getreide mit der Burg tauschen'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bluffmath.hoax.actions import TAKES, Act
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.tokens import TOKENS, Holding
from bluffmath.i18n import N_, _, p_


def token_words(token: int) -> str:
    """A kind of token (0 gold, 1 grain, 2 wine) in words."""
    return (p_("Hoax token", "gold"), p_("Hoax token", "grain"), p_("Hoax token", "wine"))[token]


def holding_words(holding: Holding) -> str:
    """Tokens ``(gold, grain, wine)`` in words (``nothing`` when empty)."""
    parts = [_("{n} {token}").format(n=n, token=token_words(t)) for t, n in enumerate(holding) if n]
    return ", ".join(parts) or p_("Hoax tokens", "nothing")


def seat_words(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat as a sentence says it: ``seat 2``, or its name."""
    return _("seat {number}").format(number=seat) if names is None else names[seat]


def act_words(act: Act, names: Sequence[str] | None = None) -> str:
    """A claimed turn action in words (the engine's :meth:`~bluffmath.hoax.actions.Act.what`)."""
    fixed, token = TAKES.get(act.role), act.token
    if act.kind == "take" and (fixed or token is not None):
        n, kind = (fixed[1], fixed[0]) if fixed and token is None else (1, token)
        return _("take {n} {token}").format(n=n, token=token_words(kind))
    if act.kind == "tithe" and token is not None:
        return _("tithe of {token}").format(token=token_words(token))
    if act.kind == "spell":
        return _("spell on {target}").format(target=_target(act.target, names))
    if act.kind == "steal" and token is not None:
        said = _("steal {count} {token} from {target} (vault)") if act.vault else _("steal {count} {token} from {target}")
        return said.format(count=act.count, token=token_words(token), target=_target(act.target, names))
    if act.kind == "trade" and token is not None and act.get is not None:
        said = (_("trade {count} {token} for {get} with the castle") if act.target is None else
                _("trade {count} {token} for {get} with {target}"))
        return said.format(count=act.count, token=token_words(token), get=token_words(act.get),
                           target=_target(act.target, names))
    return kind_words(act.kind)


def _target(seat: int | None, names: Sequence[str] | None) -> str:
    return _("the castle") if seat is None else seat_words(seat, names)


def kind_words(kind: str) -> str:
    """A kind of turn action as a noun (``tax``, German ``Steuer``)."""
    return {"take": p_("Hoax action", "take"), "tax": p_("Hoax action", "tax"), "tithe": p_("Hoax action", "tithe"),
            "spell": p_("Hoax action", "spell"), "steal": p_("Hoax action", "steal"),
            "trade": p_("Hoax action", "trade")}.get(kind, kind)


#: Why tokens moved, besides a role's action (the engine's words, translated where shown).
_WHY = {"takes at the start": N_("takes at the start"), "a look": N_("a look"),
        "a look, from the vault": N_("a look, from the vault"), "leaves": N_("leaves"),
        "leaves: vault trios, into the vault": N_("leaves: vault trios, into the vault"), "a fine": N_("a fine"),
        "a fine, to the King": N_("a fine, to the King"), "a pardon": N_("a pardon"),
        "Thief: steal from the vault": N_("Thief: steal from the vault")}


def why_words(why: str) -> str:
    """Why tokens moved (a :class:`~bluffmath.hoax.events.Moved`'s ``why``): ``a fine``,
    or a role's action, ``King: tax``."""
    if why in _WHY:
        return _(_WHY[why])
    role, sep, kind = why.partition(": ")
    if sep:
        return _("{role}: {action}").format(role=role_words(role), action=kind_words(kind))
    return why


def claim_words(what: str) -> str:
    """What a reaction claimed (a :class:`~bluffmath.hoax.events.Claimed`'s ``what``
    without an action): ``illegal!``, ``a fine of 1 gold``, ``a pardon for 1 wine``,
    ``immune, pays nothing``."""
    if what == "illegal!":
        return _("illegal!")
    if what == "immune, pays nothing":
        return _("immune, pays nothing")
    fine, pardon = re.fullmatch(r"a fine of (.+)", what), re.fullmatch(r"a pardon for 1 (\w+)", what)
    if fine:
        return _("a fine of {tokens}").format(tokens=_tokens_said(fine[1]))
    if pardon:
        return _("a pardon for 1 {token}").format(token=token_words(TOKENS.index(pardon[1])))
    return what


def _tokens_said(text: str) -> str:
    """``1 gold, 2 wine`` (the engine's words) in the language in use."""
    held = [0, 0, 0]
    for n, token in re.findall(r"(\d+) (gold|grain|wine)", text):
        held[TOKENS.index(token)] = int(n)
    return holding_words((held[0], held[1], held[2]))


def how_words(how: str) -> str:
    """How a game ended (a :class:`~bluffmath.hoax.events.Ended`'s ``how``) in words."""
    if how == "the last player left":
        return _("the last player left")
    if how == "every player still in passed in one full round: a draw":
        return _("every player still in passed in one full round: a draw")
    doubted = re.fullmatch(r"the (\w+) was doubted and told the truth", how)
    if doubted:
        return _("the {role} was doubted and told the truth").format(role=role_words(doubted[1]))
    showdown = re.fullmatch(r"doubted as the (\w+) in the showdown, and it is", how)
    if showdown:
        return _("doubted as the {role} in the showdown, and it is").format(role=role_words(showdown[1]))
    turns = re.fullmatch(r"no winner after (\d+) turns: a draw", how)
    if turns:
        return _("no winner after {n} turns: a draw").format(n=turns[1])
    return how


def edition_words(edition: str) -> str:
    """An edition by its name, as the rules name it (the German one by its own title)."""
    return {"original": _("the original edition"), "german": "Die Erben von Hoax"}.get(edition, edition)
