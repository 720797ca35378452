"""Hochstapler's cards and limits (RULINGS.md), and the checks every function shares.

>>> sum(value * n for value, n in PILE.items()), sum(PILE.values())
(43, 15)
>>> SYMBOLS["red"], MAX_TOTAL[5]
('clock', 27)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from bluffmath.errors import InvalidInputError
from bluffmath.validate import whole_number, whole_numbers

# One colour's pile: value -> number of cards. Every colour has the same pile.
PILE: Mapping[int, int] = {0: 3, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 7: 1}
VALUES = tuple(PILE)
CARDS_PER_COLOUR = sum(PILE.values())
MIN_PLAYERS, MAX_PLAYERS = 3, 7
# The rulebook pairs green/diamond, yellow/yacht, purple/wine and blue/ring and the
# Wikipedia text says "rote Uhren" (red clocks); orange/house and black/car are ours.
SYMBOLS: Mapping[str, str] = {
    "red": "clock", "orange": "house", "yellow": "yacht", "green": "diamond",
    "blue": "ring", "purple": "wine", "black": "car",
}
COLOURS = tuple(SYMBOLS)
# The highest total a colour can reach: the `players` highest cards of the pile.
MAX_TOTAL: Mapping[int, int] = {
    n: sum(sorted(Counter(PILE).elements(), reverse=True)[:n])
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def check_players(players: object) -> int:
    """The number of players, 3 to 7."""
    return whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)


def check_value(name: str, value: object) -> int:
    """A card value, 0 to 7."""
    return whole_number(name, value, 0, max(VALUES))


def check_colour(colour: object) -> str:
    """One of the seven colour names."""
    if not isinstance(colour, str) or colour not in SYMBOLS:
        raise InvalidInputError(f"colour must be one of {', '.join(COLOURS)}, got {colour!r}")
    return colour  # type: ignore[return-value]


def check_known_cards(players: int, own: int | None, face_up: Iterable[object]) -> tuple[int, ...]:
    """Check that my card and the face-up cards fit together in one colour's pile.

    Returns the face-up values as a tuple of ints.
    """
    face_up = whole_numbers("face_up", face_up, 0, max(VALUES))
    if own is not None:
        check_value("own", own)
    most = CARDS_PER_COLOUR - players
    if len(face_up) > most:
        raise InvalidInputError(
            f"at most {most} cards of a colour can lie face up with {players} players "
            f"(each exchange takes a card from the pile of {most}), got {len(face_up)}"
        )
    known = Counter(face_up) + Counter([] if own is None else [own])
    for value, n in sorted(known.items()):
        if n > PILE[value]:
            mine = " with your card" if own == value else ""
            raise InvalidInputError(
                f"a colour has only {PILE[value]} card(s) of value {value}, but the face-up "
                f"cards{mine} need {n} ({describe_pile()})"
            )
    return face_up


def describe_pile() -> str:
    """The pile in words: 'values 0,0,0,1,1,...'."""
    return "values " + ",".join(str(v) for v in sorted(Counter(PILE).elements()))
