"""Hoax's facts in words, in the language in use: the sentences a page shows about what a
player has seen, said or kept silent about (one whole sentence per kind of fact).

>>> holds_words("revealed", "Thief", "player 2"), claim_words(False, "King", "Ann")
('player 2 is the Thief (shown to all)', 'Ann kept silent as the King')
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     is_not_words("bought", "Wizard", player_words(2))
'Spieler 2 ist nicht der Magier (gekaufte Information)'
"""

from __future__ import annotations

from bluffmath.hoax.roles import role_words
from bluffmath.i18n import _


def player_words(player: int) -> str:
    """A player called by number: "player 1", German "Spieler 1"."""
    return _("player {number}").format(number=player)


def holds_words(how: str, role: str, who: str) -> str:
    """``who`` holds ``role``, seen ``how`` ("own card", "revealed", "accused")."""
    said = {"own card": _("{who} is the {role} (my own card)"), "revealed": _("{who} is the {role} (shown to all)"),
            "accused": _("{who} is the {role} (a correct accusation)")}[how]
    return said.format(who=who, role=role_words(role))


def is_not_words(how: str, role: str, who: str) -> str:
    """``who`` does not hold ``role``, seen ``how`` ("bought", "challenge", "covered", "accused")."""
    said = {"bought": _("{who} is not the {role} (bought information)"),
            "challenge": _("{who} is not the {role} (a successful challenge)"),
            "covered": _("{who} is not the {role} (a covered role)"),
            "accused": _("{who} is not the {role} (a wrong accusation)")}[how]
    return said.format(who=who, role=role_words(role))


def claim_words(spoke: bool, role: str, who: str) -> str:
    """``who`` spoke as ``role`` (or, not ``spoke``, kept silent as it)."""
    said = _("{who} spoke as the {role}") if spoke else _("{who} kept silent as the {role}")
    return said.format(who=who, role=role_words(role))
