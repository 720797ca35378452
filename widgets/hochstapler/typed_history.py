"""Reading a deal's history as typed at a real table, for the companion (:class:`PositionOdds`).

Only the reading happens here, and the page's words for what went wrong: whether the
events fit together is for :class:`~bluffmath.hochstapler.Position` and
:func:`~bluffmath.hochstapler.turns.check_turns` to say.

>>> parse_history("3:12 green diamonds, 1:doubt", players=4)
[Call(seat=3, total=12, colour='green'), Doubt(seat=1)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bluffmath import hochstapler as hs
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.rules import VALUES
from bluffmath.validate import int_text

__all__ = ["HISTORY_HELP", "call_to_beat", "colours_out", "in_words", "laid_before", "parse_history"]

#: How to type a deal's history, for placeholders and error messages.
HISTORY_HELP = ("calls as seat:total colour (1:12 red), exchanges as seat:colour:value "
                "(2:red:3), doubts as seat:doubt (3:doubt), separated by commas")

_COLOUR_WORDS = {**{c: c for c in hs.COLOURS}, **{s: c for c, s in hs.SYMBOLS.items()},
                 **{s + "s": c for c, s in hs.SYMBOLS.items()}}
_CALL = re.compile(r"([0-9]+)\s+([a-z]+)(?:\s+([a-z]+))?")
_EXCHANGE = re.compile(r"([a-z]+)\s*:\s*([0-9]+)")


def parse_history(text: str, players: int) -> list[hs.Call | hs.Exchange | hs.Doubt]:
    """The events typed in ``text`` (see :data:`HISTORY_HELP`), in order.

    Only the reading happens here: seats are checked against ``players``, colours and
    symbols are recognised ("12 green", "12 green diamonds" and "12 diamonds" are one call);
    whether the events fit together is for :class:`~bluffmath.hochstapler.Position` to say.
    An entry that cannot be read raises InvalidInputError naming it.
    """
    events: list[hs.Call | hs.Exchange | hs.Doubt] = []
    entries = [e.strip() for e in re.split(r"[,;\n]", text)]
    for number, entry in enumerate((e for e in entries if e), 1):
        events.append(_parse_event(entry.lower(), players, f"history entry {number} ({entry!r})"))
    return events


def _parse_event(entry: str, players: int, where: str) -> hs.Call | hs.Exchange | hs.Doubt:
    seat_text, colon, rest = entry.partition(":")
    seat_text, rest = seat_text.strip(), rest.strip()
    if not colon or not re.fullmatch(r"[0-9]+", seat_text):
        raise InvalidInputError(f"{where} does not start with a seat and a colon; write {HISTORY_HELP}")
    seat = int_text(f"{where}: the seat", seat_text)
    if seat >= players:
        raise InvalidInputError(f"{where}: the seats are 0 to {players - 1} with {players} players")
    if rest in ("doubt", "doubts", "d"):
        return hs.Doubt(seat)
    if match := _EXCHANGE.fullmatch(rest):
        value = int_text(f"{where}: the card laid face up", match[2], 0, max(VALUES))
        return hs.Exchange(seat, _colour(match[1], where), value)
    if match := _CALL.fullmatch(rest):
        colour = _colour(match[2], where)
        if match[3] is not None and _colour(match[3], where) != colour:
            raise InvalidInputError(f"{where}: {match[3]} are not {colour} "
                                    f"(the {colour} symbol is the {hs.SYMBOLS[colour]})")
        top = hs.MAX_TOTAL[players]
        total = int_text(f"{where}: the total", match[1])
        if total > top:
            raise InvalidInputError(f"{where}: a call names a total from 0 to {top}, the most "
                                    f"{players} cards of a colour add up to; got {total}")
        return hs.Call(seat, total, colour)
    raise InvalidInputError(f"{where} is neither a call, an exchange nor a doubt; write {HISTORY_HELP}")


def in_words(message: str, face_up: int, typed: list[hs.Call | hs.Exchange | hs.Doubt],
              text: str) -> str:
    """A Position's message about "event k of the history" in the words of the page: a
    face-up card, a history entry as typed, or the call to beat."""
    match = re.search(r"event (\d+) of the history \([^)]*\)", message)
    if match is None:
        return message
    k = int(match[1])
    entries = [e.strip() for e in re.split(r"[,;\n]", text) if e.strip()]
    if k <= face_up:
        where = "the face-up cards"
    elif k <= face_up + len(typed):
        where = f"history entry {k - face_up} ({entries[k - face_up - 1]!r})"
    else:
        where = "the call to beat"
    return message[:match.start()] + where + message[match.end():]


def _colour(word: str, where: str) -> str:
    if word not in _COLOUR_WORDS:
        raise InvalidInputError(f"{where}: {word!r} is not a colour; the colours are "
                                f"{', '.join(hs.COLOURS)} (or their symbols)")
    return _COLOUR_WORDS[word]


def laid_before(face_up: tuple[int, ...], colour: str,
                 typed: Iterable[hs.Call | hs.Exchange | hs.Doubt]) -> list[int]:
    """The face-up cards of ``colour`` whose exchange is not in the typed history: a card
    lies face up once, whether typed in the face-up field, in the history, or in both.

    >>> laid_before((3, 3, 5), "blue", [hs.Exchange(2, "blue", 3), hs.Exchange(1, "red", 5)])
    [3, 5]
    """
    left = list(face_up)
    for event in typed:
        if isinstance(event, hs.Exchange) and event.colour == colour and event.value in left:
            left.remove(event.value)
    return left


def call_to_beat(total: int, players: int) -> int:
    """The call to beat's total, or a refusal saying what the rules allow with ``players``."""
    top = hs.MAX_TOTAL[players]
    if not 0 <= total <= top:
        raise InvalidInputError(
            f"the call to beat names a total from 0 to {top}: with {players} players the "
            f"highest cards of a colour add up to {top}, so no call goes higher; got {total}")
    return total


def colours_out(events: Iterable[hs.Call | hs.Exchange | hs.Doubt]) -> set[str]:
    """The colours a doubt took out of play: each doubt takes the colour of the call before it."""
    out, call = set(), None
    for event in events:
        if isinstance(event, hs.Call):
            call = event.colour
        elif isinstance(event, hs.Doubt) and call is not None:
            out.add(call)
            call = None
    return out
