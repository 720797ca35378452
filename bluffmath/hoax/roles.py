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
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from bluffmath.errors import InvalidInputError
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

    def role(self, text: object, name: str = "role") -> str:
        """The role named ``text`` (any case), or a clear error listing this deck's roles."""
        return _role(text, self.roles, f"{', '.join(self.roles)} (the {self.name} deck)", name)


ORIGINAL = Edition("original", ROLES, range(3, 7))
GERMAN = Edition("german", (*ROLES, "Merchant"), range(4, 9))
EDITIONS = {e.name: e for e in (ORIGINAL, GERMAN)}
#: Every role of either deck, and the most players either is played with.
ALL_ROLES = GERMAN.roles
MAX_PLAYERS = max(e.players.stop - 1 for e in EDITIONS.values())


def edition(name: object) -> Edition:
    """The edition called ``name``: "original" (3-6 players) or "german" (4-8, with Merchants)."""
    if isinstance(name, Edition) and name in EDITIONS.values():
        return name
    if isinstance(name, str) and name.strip().lower() in EDITIONS:
        return EDITIONS[name.strip().lower()]
    raise InvalidInputError(f"edition must be one of {', '.join(EDITIONS)}, got {shown(name)}{_hint(name, EDITIONS)}")


def any_role(text: object, name: str = "role") -> str:
    """The role of either deck named ``text`` (any case); which deck is the case's to check.

    >>> any_role("merchant")
    'Merchant'
    """
    return _role(text, ALL_ROLES, ", ".join(ALL_ROLES), name)


def _role(text: object, roles: tuple[str, ...], allowed: str, name: str) -> str:
    if isinstance(text, str):
        for role in roles:
            if role.lower() == text.strip().lower():
                return role
    raise InvalidInputError(f"{name} must be one of {allowed}, got {shown(text)}{_hint(text, roles)}")


def _hint(text: object, choices: object) -> str:
    if not isinstance(text, str):
        return ""
    near = difflib.get_close_matches(text.strip()[:MAX_STRING], list(choices), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


