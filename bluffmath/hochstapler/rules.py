"""Hochstapler's cards and limits (docs/reference/rulings.md), and the checks every function shares.

>>> sum(value * n for value, n in PILE.items()), sum(PILE.values())
(43, 15)
>>> SYMBOLS["red"], MAX_TOTAL[5]
('clock', 27)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, p_
from bluffmath.limits import MAX_ITEMS
from bluffmath.validate import shown, whole_number, whole_numbers

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


def check_seat(name: str, seat: object, players: int = MAX_PLAYERS) -> int:
    """A seat at a table of ``players``: 0 to players - 1."""
    return whole_number(name, seat, 0, players - 1)


def check_total(name: str, total: object, players: int | None = None) -> int:
    """A call's total: 0 to the highest a colour can reach with ``players`` players (with
    any number of players when None).

    >>> check_total("call", 28, players=5)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: call must be a whole number from 0 to 27 (the highest total
    a colour can reach with 5 players), got 28
    """
    top = MAX_TOTAL[players] if players is not None else max(MAX_TOTAL.values())
    if type(total) is int and 0 <= total <= top:
        return total
    found = f"{shown(total)} ({type(total).__name__})" if type(total) is not int else shown_int(total)
    if players is None:
        message = _("{name} must be a whole number from 0 to {top} (the highest total a colour can reach "
                    "with up to {most} players), got {found}")
    else:
        message = _("{name} must be a whole number from 0 to {top} (the highest total a colour can reach "
                    "with {players} players), got {found}")
    raise InvalidInputError(message.format(name=_(name), top=top, most=MAX_PLAYERS, players=players, found=found))


def shown_int(value: int) -> str:
    """An int as a message shows it: in digits, or its size when it is long."""
    if abs(value) < 10**12:
        return str(value)
    if abs(value) < 10**4000:
        return _("a number of {n} digits").format(n=len(str(abs(value))))
    return _("a huge number")


def check_value(name: str, value: object) -> int:
    """A card value, 0 to 7."""
    return whole_number(name, value, 0, max(VALUES))


def check_colour(colour: object) -> str:
    """One of the seven colour names."""
    if not isinstance(colour, str) or colour not in SYMBOLS:
        raise InvalidInputError(f"colour must be one of {', '.join(COLOURS)}, got {shown(colour)}")
    return colour  # type: ignore[return-value]


def check_known_cards(players: int, own: int | None, face_up: Iterable[object]) -> tuple[int, ...]:
    """Check that my card and the face-up cards fit together in one colour's pile.

    Returns the face-up values as a tuple of ints.
    """
    face_up = card_values("face_up", face_up)
    if own is not None:
        check_value("own", own)
    most = CARDS_PER_COLOUR - players
    if len(face_up) > most:
        raise InvalidInputError(_(
            "at most {most} cards of a colour can lie face up with {players} players "
            "(each exchange takes a card from the pile of {most}), got {count}").format(
            most=most, players=players, count=len(face_up)))
    known = Counter(face_up) + Counter([] if own is None else [own])
    for value, n in sorted(known.items()):
        if n > PILE[value]:
            if own == value:
                message = _("a colour has only {pile} card(s) of value {value}, but the face-up cards with "
                            "your card need {n} ({cards})")
            else:
                message = _("a colour has only {pile} card(s) of value {value}, but the face-up cards need "
                            "{n} ({cards})")
            raise InvalidInputError(message.format(pile=PILE[value], value=value, n=n, cards=describe_pile()))
    return face_up


def card_values(name: str, values: object, high: int = max(VALUES), limit: int = MAX_ITEMS) -> tuple[int, ...]:
    """``values`` as a tuple of card values, whole numbers from 0 to ``high``
    (:func:`~bluffmath.validate.whole_numbers`, which refuses a dict rather than read its keys).

    >>> card_values("face_up", [0, 7])
    (0, 7)
    >>> card_values("face_up", {0: 5})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: face_up must be a sequence of whole numbers from 0 to 7, got {0: 5} (dict)
    """
    return whole_numbers(name, values, 0, high, limit)


def describe_pile() -> str:
    """The pile in words: 'values 0,0,0,1,1,...'."""
    return _("values {values}").format(values=",".join(str(v) for v in sorted(Counter(PILE).elements())))


def colour_noun(colour: str) -> str:
    """A colour's name as a table's row says it, in the language in use.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     colour_noun("black")
    'Schwarz'
    """
    return {"red": p_("colour noun", "red"), "orange": p_("colour noun", "orange"),
            "yellow": p_("colour noun", "yellow"), "green": p_("colour noun", "green"),
            "blue": p_("colour noun", "blue"), "purple": p_("colour noun", "purple"),
            "black": p_("colour noun", "black")}[check_colour(colour)]
