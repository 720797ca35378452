"""The Hoax decks: which roles, how many copies, and for how many players.

>>> ORIGINAL.roles, ORIGINAL.deck_size, ORIGINAL.players
(('King', 'Judge', 'Vicar', 'Wizard', 'Thief', 'Peasant'), 12, range(3, 7))
>>> edition("german").roles[-1], GERMAN.deck_size
('Merchant', 14)
>>> ORIGINAL.role("wizard")
'Wizard'
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffmath.errors import InvalidInputError

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

    def role(self, text: object) -> str:
        """The role named ``text`` (any case), or a clear error listing this deck's roles."""
        if isinstance(text, str):
            for role in self.roles:
                if role.lower() == text.strip().lower():
                    return role
        raise InvalidInputError(f"role must be one of {', '.join(self.roles)} (the {self.name} deck), "
                                f"got {text!r}")


ORIGINAL = Edition("original", ROLES, range(3, 7))
GERMAN = Edition("german", (*ROLES, "Merchant"), range(4, 9))
EDITIONS = {e.name: e for e in (ORIGINAL, GERMAN)}


def edition(name: object) -> Edition:
    """The edition called ``name``: "original" (3-6 players) or "german" (4-8, with Merchants)."""
    if isinstance(name, Edition):
        return name
    if isinstance(name, str) and name.strip().lower() in EDITIONS:
        return EDITIONS[name.strip().lower()]
    raise InvalidInputError(f"edition must be one of {', '.join(EDITIONS)}, got {name!r}")
