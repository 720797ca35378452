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
from bluffmath.schema import describe

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


def shown(value: object) -> str:
    """A value a caller passed, as an error message shows it: Python's spelling, cut short,
    never a crash (a huge number, a repr that raises).

    >>> shown("x" * 100)[:8], shown(10 ** 5000), shown(None), shown([1, 2])
    ("'xxxxxxx", 'a number of 5001 digits', 'None', 'a list')
    """
    if isinstance(value, str):
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    if value is None or isinstance(value, bool):
        return repr(value)
    if type(value) is int:
        return str(value) if abs(value) < 10 ** 12 else f"a number of {_digits(value)} digits"
    if type(value) is float:
        return repr(value)
    return describe(value) if isinstance(value, list | tuple | dict) else f"a {type(value).__name__}"


def index(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``, else a clear error.

    >>> index("player", 9, 0, 3)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: player must be a whole number from 0 to 3, got 9
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        if isinstance(value, int) and not isinstance(value, bool):
            found = shown(int(value))
        elif isinstance(value, str | float | bool) or value is None:
            found = f"{shown(value)} ({type(value).__name__})"
        else:
            found = shown(value)
        raise InvalidInputError(f"{name} must be a whole number from {low} to {high}, got {found}")
    return int(value)


def _digits(value: int) -> int:
    """How many digits ``value`` has (without writing it out: Python refuses past 4,300)."""
    digits = int((abs(value).bit_length() - 1) * 0.30102999566398) + 1
    return digits + 1 if 10 ** digits <= abs(value) else digits
