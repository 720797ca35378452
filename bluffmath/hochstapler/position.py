"""What one player knows in a deal of Hochstapler: their hand and what happened in public.

A :class:`Position` is my seat, my hand (one card per colour still in play) and the
deal's public history: calls, exchanges (the card laid face up) and doubts. Everything
else (face-up cards, colours in play, the call to beat, which calls still speak about a
card someone holds) is derived from that history, so it cannot disagree with it.

A Position checks what the odds rest on: the cards (no more face-up cards than a colour
has), rising calls, a doubt only of a call, colours still in play. It does not check whose
turn it was, so that a history typed in at a real table, or begun halfway through a deal,
is accepted; the game engine enforces the turn order.

>>> hand = {"red": 3, "orange": 0, "yellow": 1, "green": 6, "blue": 5, "purple": 2, "black": 4}
>>> p = Position(players=4, me=0, hand=hand,
...              history=[Call(1, 9, "blue"), Exchange(2, "red", 7), Call(2, 11, "red")])
>>> p.call, p.face_up("red")
(Call(seat=2, total=11, colour='red'), (7,))
>>> p.spoken_calls("red")
(SpokenCall(seat=2, total=11, face_up=(7,)),)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.rules import (
    COLOURS,
    MAX_TOTAL,
    card_values,
    check_colour,
    check_known_cards,
    check_players,
    check_seat,
    check_total,
    check_value,
)
from bluffmath.i18n import N_
from bluffmath.limits import MAX_ACTIONS, bounded
from bluffmath.validate import whole_number


@dataclass(frozen=True)
class Call:
    """``seat`` calls "the total of ``colour`` over all hands is at least ``total``"."""

    seat: int
    total: int
    colour: str

    def __post_init__(self) -> None:
        check_seat("a call's seat", self.seat)
        check_total(N_("a call's total"), self.total)
        check_colour(self.colour)


@dataclass(frozen=True)
class Exchange:
    """``seat`` lays their ``colour`` card of ``value`` face up and draws from that pile."""

    seat: int
    colour: str
    value: int

    def __post_init__(self) -> None:
        check_seat("an exchange's seat", self.seat)
        check_colour(self.colour)
        check_value("the card laid face up", self.value)


@dataclass(frozen=True)
class Doubt:
    """``seat`` doubts the call to beat; that colour is revealed and leaves play."""

    seat: int

    def __post_init__(self) -> None:
        check_seat("a doubt's seat", self.seat)


Event = Call | Exchange | Doubt


@dataclass(frozen=True)
class SpokenCall:
    """A call that still tells about a card its caller holds: who, how high, and what
    lay face up in that colour when it was made."""

    seat: int
    total: int
    face_up: tuple[int, ...]

    def __post_init__(self) -> None:
        check_seat("a call's seat", self.seat)
        check_total(N_("a call's total"), self.total)
        object.__setattr__(self, "face_up", card_values("a call's face_up", self.face_up, 7, 15))


@dataclass(frozen=True)
class Position:
    """One seat's view of a deal: see the module docstring."""

    players: int
    hand: Mapping[str, int]
    history: tuple[Event, ...] = ()
    me: int = 0
    _face_up: Mapping[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _call: Call | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_players(self.players)
        whole_number("me", self.me, 0, self.players - 1)
        if not isinstance(self.hand, Mapping):
            raise InvalidInputError(
                f"hand must map colour names to card values, got {type(self.hand).__name__}"
            )
        hand = {check_colour(c): check_value(f"your {c} card", v) for c, v in self.hand.items()}
        object.__setattr__(self, "hand", MappingProxyType(dict(sorted(hand.items(), key=_order))))
        if isinstance(self.history, str | bytes) or not isinstance(self.history, Iterable):
            raise InvalidInputError(
                f"history must be a sequence of Call, Exchange and Doubt events, "
                f"got {type(self.history).__name__}"
            )
        object.__setattr__(self, "history", bounded("history", self.history, MAX_ACTIONS))
        face_up, call, out = _replay(self.players, self.history)
        if set(hand) != set(COLOURS) - out:
            raise InvalidInputError(
                f"hand must hold one card of each colour still in play "
                f"({', '.join(c for c in COLOURS if c not in out)}), "
                f"got {', '.join(hand) or 'none'}"
            )
        for colour, own in hand.items():
            check_known_cards(self.players, own, face_up.get(colour, ()))
        object.__setattr__(self, "_face_up", MappingProxyType(face_up))
        object.__setattr__(self, "_call", call)

    @classmethod
    def _trusted(cls, players: int, hand: Mapping[str, int], history: tuple[Event, ...], me: int,
                 face_up: Mapping[str, tuple[int, ...]], call: Call | None) -> Position:
        """A Position from the rules engine, whose state is valid by construction: no checks."""
        position = object.__new__(cls)
        for name, value in (("players", players), ("hand", MappingProxyType(dict(hand))),
                            ("history", history), ("me", me),
                            ("_face_up", MappingProxyType(dict(face_up))), ("_call", call)):
            object.__setattr__(position, name, value)
        return position

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours still in play, in the standard order."""
        return tuple(self.hand)

    @property
    def call(self) -> Call | None:
        """The call to beat, or None when a round opens."""
        return self._call

    def face_up(self, colour: str) -> tuple[int, ...]:
        """The values lying face up beside ``colour``'s pile, in the order laid."""
        return self._face_up.get(check_colour(colour), ())

    def spoken_calls(self, colour: str) -> tuple[SpokenCall, ...]:
        """The other players' calls in ``colour`` made with the card they still hold.

        A call made before its caller exchanged in that colour speaks about the card now
        lying face up, so it is left out; so are my own calls, which tell me nothing.
        """
        check_colour(colour)
        spoken: list[SpokenCall] = []
        face_up: list[int] = []
        for event in self.history:
            if isinstance(event, Exchange) and event.colour == colour:
                face_up.append(event.value)
                spoken = [c for c in spoken if c.seat != event.seat]
            elif isinstance(event, Call) and event.colour == colour and event.seat != self.me:
                spoken.append(SpokenCall(event.seat, event.total, tuple(face_up)))
        return tuple(spoken)

    def legal_totals(self) -> range:
        """The totals I may call now, in any colour in play (the top is the highest a
        colour can reach, since a call above it is never true)."""
        low = 0 if self._call is None else self._call.total + 1
        return range(low, MAX_TOTAL[self.players] + 1)


def describe_event(event: object) -> str:
    """An event in words: 'seat 2 calls 9 red', 'seat 0 exchanges red (a 4)', 'seat 1 doubts'."""
    seat = getattr(event, "seat", "?")
    if type(event) is Call:
        return f"seat {seat} calls {event.total!r} {event.colour}"
    if type(event) is Exchange:
        return f"seat {seat} exchanges {event.colour} (a {event.value!r})"
    if type(event) is Doubt:
        return f"seat {seat} doubts"
    return repr(event)[:40]


# Events are immutable, and few differ (7 seats, 35 totals, 7 colours, 8 values): each is
# made once and shared, so that states compare, save and load their histories quickly.
_EVENTS: dict[tuple[object, ...], Event] = {}


def shared_event(kind: type, *fields: object) -> Event:
    """An event equal to ``kind(*fields)``: the first one made with plain int and str
    fields is kept, and handed out again for every equal request (the game engine makes
    its events so).

    >>> shared_event(Call, 1, 9, "blue") is shared_event(Call, 1, 9, "blue")
    True
    """
    key = (kind, *fields)
    known = _EVENTS.get(key)
    if known is not None:
        return known
    made: Event = kind(*fields)
    if all(type(f) is int or type(f) is str for f in fields):
        if len(_EVENTS) >= 1 << 16:  # only odd fields get here: a game has fewer than 3,000
            _EVENTS.clear()
        _EVENTS[key] = made
    return made


def _order(item: tuple[str, int]) -> int:
    return COLOURS.index(item[0])


def _replay(players: int, history: Iterable[Event]) -> tuple[dict[str, tuple[int, ...]], Call | None, set[str]]:
    """Check the history event by event; return face-up cards, the call to beat, colours out."""
    face_up: dict[str, tuple[int, ...]] = {}
    out: set[str] = set()
    call: Call | None = None
    for i, event in enumerate(history):
        where = f"event {i + 1} of the history ({describe_event(event)})"
        if not isinstance(event, Call | Exchange | Doubt):
            raise InvalidInputError(f"{where}: each event must be a Call, an Exchange or a Doubt")
        whole_number(f"the seat in {where}", event.seat, 0, players - 1)
        if isinstance(event, Doubt):
            if call is None:
                raise InvalidInputError(f"{where}: there is no call to doubt")
            out.add(call.colour)
            face_up.pop(call.colour, None)
            call = None
            continue
        check_colour(event.colour)
        if event.colour in out:
            raise InvalidInputError(f"{where}: {event.colour} has already left play")
        if isinstance(event, Exchange):
            check_value(f"the value in {where}", event.value)
            face_up[event.colour] = (*face_up.get(event.colour, ()), event.value)
            check_known_cards(players, None, face_up[event.colour])
        else:
            check_total(f"the total in {where}", event.total, players)
            if call is not None and event.total <= call.total:
                raise InvalidInputError(
                    f"{where}: a call must name a higher total than {call.total}"
                )
            call = event
    return face_up, call, out
