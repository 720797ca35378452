"""The Hoax decks: which roles, how many copies, and for how many players.

>>> ORIGINAL.roles, ORIGINAL.deck_size, ORIGINAL.players
(('King', 'Judge', 'Vicar', 'Wizard', 'Thief', 'Peasant'), 12, range(3, 7))
>>> edition("german").roles[-1], GERMAN.deck_size
('Merchant', 14)
>>> ORIGINAL.role("wizard")
'Wizard'
>>> ORIGINAL.role("Wizzard")
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: role must be one of King, ... got 'Wizzard' (did you mean 'Wizard'?)

**In German** the roles are named as *Die Erben von Hoax* (Spielzeit, 1999) names its
identities: Baron (King), Richter (Judge), Mönch (Vicar), Magier (Wizard), Dieb (Thief),
Bauer (Peasant), Händler (Merchant), each "der". The roles stay English inside bluffmath
(saves, JSON, the forms' values); :func:`role_words` names one for a page, and a role is
read in either language's words while German is in use:

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     role_words("Vicar"), ORIGINAL.role("magier")
('Mönch', 'Wizard')
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import N_, _, p_
from bluffmath.limits import MAX_STRING
from bluffmath.validate import shown

ROLES = ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant")
COPIES = 2
"""Every role has two cards in either deck."""


@dataclass(frozen=True)
class Edition:
    """A deck: its ``roles`` (two cards each) and the player counts it is played with."""

    name: str
    roles: tuple[str, ...]
    players: range

    @property
    def deck_size(self) -> int:
        return COPIES * len(self.roles)

    def role(self, text: object, name: str = N_("role")) -> str:
        """The role named ``text`` (any case), or a clear error listing this deck's roles."""
        listed = ", ".join(map(role_words, self.roles))
        allowed = (_("{roles} (the original deck)") if self.name == "original" else
                   _("{roles} (the german deck)")).format(roles=listed)
        return _role(text, self.roles, allowed, name)


ORIGINAL = Edition("original", ROLES, range(3, 7))
GERMAN = Edition("german", (*ROLES, "Merchant"), range(4, 9))
EDITIONS = {e.name: e for e in (ORIGINAL, GERMAN)}
#: Every role of either deck, and the most players either is played with.
ALL_ROLES = GERMAN.roles
MAX_PLAYERS = max(e.players.stop - 1 for e in EDITIONS.values())


def role_words(role: str) -> str:
    """A role's name in the language in use (German: the German edition's words)."""
    return {"King": p_("Hoax role", "King"), "Judge": p_("Hoax role", "Judge"), "Vicar": p_("Hoax role", "Vicar"),
            "Wizard": p_("Hoax role", "Wizard"), "Thief": p_("Hoax role", "Thief"),
            "Peasant": p_("Hoax role", "Peasant"), "Merchant": p_("Hoax role", "Merchant")}.get(role, role)


def edition_name(name: str) -> str:
    """An edition's name as a page shows it, in the language in use (German: as the German
    boxes name them); a name not an edition's is given back.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     edition_name("original"), edition_name("german")
    ('Original', 'Die Erben von Hoax')
    >>> edition_name("original")
    'original'
    """
    return {"original": p_("Hoax edition", "original"), "german": p_("Hoax edition", "german")}.get(name, name)


def edition(name: object) -> Edition:
    """The edition called ``name``: "original" (3-6 players) or "german" (4-8, with Merchants)."""
    if isinstance(name, Edition) and name in EDITIONS.values():
        return name
    if isinstance(name, str) and name.strip().lower() in EDITIONS:
        return EDITIONS[name.strip().lower()]
    raise InvalidInputError(_("edition must be one of {editions}, got {got}{hint}").format(
        editions=", ".join(EDITIONS), got=shown(name), hint=_hint(name, EDITIONS)))


def any_role(text: object, name: str = N_("role")) -> str:
    """The role of either deck named ``text`` (any case); which deck is the case's to check.

    >>> any_role("merchant")
    'Merchant'
    """
    return _role(text, ALL_ROLES, ", ".join(map(role_words, ALL_ROLES)), name)


def _role(text: object, roles: tuple[str, ...], allowed: str, name: str) -> str:
    if isinstance(text, str):
        for role in roles:
            if text.strip().casefold() in (role.casefold(), role_words(role).casefold()):
                return role
    words = [role_words(role) for role in roles]
    raise InvalidInputError(_("{name} must be one of {allowed}, got {got}{hint}").format(
        name=_(name), allowed=allowed, got=shown(text), hint=_hint(text, words)))


def _hint(text: object, choices: object) -> str:
    if not isinstance(text, str):
        return ""
    near = difflib.get_close_matches(text.strip()[:MAX_STRING], list(choices), n=1, cutoff=0.6)
    return _(" (did you mean {near}?)").format(near=repr(near[0])) if near else ""


