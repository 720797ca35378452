"""Gauner raus! in a player's words: names for the seats, moves as sentences, and the
engine's refusals with names in place of seat numbers (the reasons for certain cards come
named from the core: :meth:`bluffmath.gauner.Solution.forced_named`).

>>> names = seat_names(3)
>>> names
('You', 'Ann', 'Ben')
>>> with_names("seat 1 wrote 3 at blue-C: 2 more hidden blue or C cards are needed, so it has them all", names)
'Ann wrote 3 at blue-C: 2 more hidden blue or C cards are needed, so they have them all'
>>> with_names("seat 2 has it: every hand that fits seat 2's table", names)
"Ben has it: every hand that fits Ben's table"
>>> from bluffmath.gauner.game import Ask, Stop
>>> move_line(Ask(2, 0), 0, True, names), move_line(Stop(), 1, False, names)
('You ask Ben for red-A: a hit', 'Ann stops')
"""

from __future__ import annotations

import re

from bluffmath.gauner.game import Action, Ask
from bluffmath.gauner.position import cell_words
from bluffmath.i18n import N_, _

__all__ = ["NAMES", "move_line", "seat_names", "with_names"]

NAMES = (N_("You"), "Ann", "Ben", "Cleo")
"""Seat 0 is the player at the keyboard; the bots sit at seats 1-3."""

_SEAT = re.compile(r"\bseat (\d)('s)?")
_PLATZ = re.compile(r"\bPlatz (\d)")  # the core's German for "seat N"


def seat_names(players: int) -> tuple[str, ...]:
    """The name of every seat of a game of ``players``, mine (seat 0) in the language in use.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     seat_names(2)
    ('Du', 'Ann')
    """
    return (_(NAMES[0]), *NAMES[1:players])


def with_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` (a reason or a message from the core) with "seat N" replaced by a name."""
    def name(match: re.Match[str]) -> str:
        who = names[int(match[1])]
        return (("Your" if who == "You" else f"{who}'s") if match[2] else who)
    text = _PLATZ.sub(lambda match: names[int(match[1])], text)
    return _SEAT.sub(name, text).replace(" its ", " their ").replace(" it has ", " they have ")


def move_line(action: Action, seat: int, hit: bool, names: tuple[str, ...]) -> str:
    """One move as a sentence: who asked whom for which card, and what came of it."""
    who = names[seat]
    if not isinstance(action, Ask):
        return _("You stop") if seat == 0 else _("{who} stops").format(who=who)
    if seat == 0:
        line = _("You ask {other} for {cell}: a hit") if hit else _("You ask {other} for {cell}: a miss")
    elif action.seat == 0:
        line = _("{who} asks You for {cell}: a hit") if hit else _("{who} asks You for {cell}: a miss")
    else:
        line = _("{who} asks {other} for {cell}: a hit") if hit else _("{who} asks {other} for {cell}: a miss")
    return line.format(who=who, other=names[action.seat], cell=cell_words(action.cell))
