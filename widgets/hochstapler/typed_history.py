"""Reading a deal's history as typed at a real table, for the companion (:class:`PositionOdds`).

Only the reading happens here, and the page's words for what went wrong: whether the
events fit together is for :class:`~bluffmath.hochstapler.Position` and
:func:`~bluffmath.hochstapler.turns.check_turns` to say.

>>> parse_history("3:12 green diamonds, 1:doubt", players=4)
[Call(seat=3, total=12, colour='green'), Doubt(seat=1)]

The colours, their symbols and the doubt may be typed in every language bluffmath speaks:

>>> parse_history("0:12 grüne Diamanten, 1:lila:3, 2:zweifel", players=4)
[Call(seat=0, total=12, colour='green'), Exchange(seat=1, colour='purple', value=3), Doubt(seat=2)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bluffmath import hochstapler as hs
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.rules import VALUES
from bluffmath.i18n import LANGUAGES, N_, _, p_, speaking
from bluffmath.validate import int_text

from .cards import colour_name, symbol

__all__ = ["HISTORY_HELP", "call_to_beat", "colours_out", "in_words", "laid_before", "parse_history"]

#: How to type a deal's history, for placeholders and error messages (shown in the language
#: in use: ``_(HISTORY_HELP)``).
HISTORY_HELP = N_("calls as seat:total colour (1:12 red), exchanges as seat:colour:value "
                  "(2:red:3), doubts as seat:doubt (3:doubt), separated by commas")

_CALL = re.compile(r"([0-9]+)\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?")
_EXCHANGE = re.compile(r"([^\W\d_]+)\s*:\s*([0-9]+)")


def _words() -> tuple[dict[str, str], set[str]]:
    """The words a colour may be typed as (its name, its symbol, the symbol's plural, in
    every language), and the words for a doubt."""
    colours = {**{c: c for c in hs.COLOURS}, **{s: c for c, s in hs.SYMBOLS.items()},
               **{s + "s": c for c, s in hs.SYMBOLS.items()}}
    doubts = {"doubt", "doubts", "d"}
    for code in LANGUAGES:
        with speaking(code):
            plurals = {"red": p_("Hochstapler symbols", "clocks"), "orange": p_("Hochstapler symbols", "houses"),
                       "yellow": p_("Hochstapler symbols", "yachts"), "green": p_("Hochstapler symbols", "diamonds"),
                       "blue": p_("Hochstapler symbols", "rings"), "purple": p_("Hochstapler symbols", "wines"),
                       "black": p_("Hochstapler symbols", "cars")}
            for c in hs.COLOURS:
                for word in (colour_name(c), symbol(c), plurals[c]):
                    colours[word.casefold()] = c
            doubts.add(p_("typed history", "doubt").casefold())
    return colours, doubts


def parse_history(text: str, players: int) -> list[hs.Call | hs.Exchange | hs.Doubt]:
    """The events typed in ``text`` (see :data:`HISTORY_HELP`), in order.

    Only the reading happens here: seats are checked against ``players``, colours and
    symbols are recognised ("12 green", "12 green diamonds" and "12 diamonds" are one call);
    whether the events fit together is for :class:`~bluffmath.hochstapler.Position` to say.
    An entry that cannot be read raises InvalidInputError naming it.
    """
    events: list[hs.Call | hs.Exchange | hs.Doubt] = []
    entries = [e.strip() for e in re.split(r"[,;\n]", text)]
    words = _words()
    for number, entry in enumerate((e for e in entries if e), 1):
        where = _("history entry {number} ({entry})").format(number=number, entry=repr(entry))
        events.append(_parse_event(entry.casefold(), players, where, words))
    return events


def _parse_event(entry: str, players: int, where: str,
                 words: tuple[dict[str, str], set[str]]) -> hs.Call | hs.Exchange | hs.Doubt:
    seat_text, colon, rest = entry.partition(":")
    seat_text, rest = seat_text.strip(), rest.strip()
    if not colon or not re.fullmatch(r"[0-9]+", seat_text):
        raise InvalidInputError(_("{where} does not start with a seat and a colon; write {help}").format(
            where=where, help=_(HISTORY_HELP)))
    seat = int_text(_("{where}: the seat").format(where=where), seat_text)
    if seat >= players:
        raise InvalidInputError(_("{where}: the seats are 0 to {last} with {players} players").format(
            where=where, last=players - 1, players=players))
    colours, doubts = words
    if rest in doubts:
        return hs.Doubt(seat)
    if match := _EXCHANGE.fullmatch(rest):
        value = int_text(_("{where}: the card laid face up").format(where=where), match[2], 0, max(VALUES))
        return hs.Exchange(seat, _colour(match[1], where, colours), value)
    if match := _CALL.fullmatch(rest):
        return _call(match, seat, players, where, colours)
    raise InvalidInputError(_("{where} is neither a call, an exchange nor a doubt; write {help}").format(
        where=where, help=_(HISTORY_HELP)))


def _call(match: re.Match[str], seat: int, players: int, where: str, colours: dict[str, str]) -> hs.Call:
    colour = _colour(match[2], where, colours)
    if match[3] is not None and _colour(match[3], where, colours) != colour:
        raise InvalidInputError(_("{where}: {word} are not {colour} (the {colour} symbol is the {symbol})").format(
            where=where, word=match[3], colour=colour_name(colour), symbol=symbol(colour)))
    top = hs.MAX_TOTAL[players]
    total = int_text(_("{where}: the total").format(where=where), match[1])
    if total > top:
        raise InvalidInputError(_("{where}: a call names a total from 0 to {top}, the most {players} cards of a "
                                  "colour add up to; got {total}").format(where=where, top=top, players=players,
                                                                          total=total))
    return hs.Call(seat, total, colour)


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
        where = _("the face-up cards")
    elif k <= face_up + len(typed):
        where = _("history entry {number} ({entry})").format(number=k - face_up, entry=repr(entries[k - face_up - 1]))
    else:
        where = _("the call to beat")
    return message[:match.start()] + where + message[match.end():]


def _colour(word: str, where: str, colours: dict[str, str]) -> str:
    """The colour ``word`` names; an adjective's ending is let go (German ``grüne``, ``roter``)."""
    for stem in (word, *(word[:-len(end)] for end in ("en", "er", "es", "e") if word.endswith(end))):
        if stem in colours:
            return colours[stem]
    names = ", ".join(colour_name(c) for c in hs.COLOURS)
    raise InvalidInputError(_("{where}: {word} is not a colour; the colours are {colours} (or their symbols)").format(
        where=where, word=repr(word), colours=names))


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
        raise InvalidInputError(_(
            "the call to beat names a total from 0 to {top}: with {players} players the highest cards of a colour "
            "add up to {top}, so no call goes higher; got {total}").format(top=top, players=players, total=total))
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
