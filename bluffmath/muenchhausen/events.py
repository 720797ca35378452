"""What everyone at a Münchhausen table sees, as a log of events.

No event carries the value of a card laid face down: :class:`Laid` and :class:`Rewarded`
say only that a card left a hand unseen. A doubted card is turned over
(:class:`Doubted` has its value); with two players the offered card lies face up
(:class:`OpenCard`). The piles are counted, face up, when a round ends (:class:`RoundEnded`).

>>> str(Laid(2, 0, 6)), str(Doubted(2, 0, 6, 7))
('seat 2 lays a card face down on seat 0\\'s pile: "at least 6"', 'seat 0 doubts: a 7, honest; seat 0 takes it')

Each event says itself in the language in use (the log a German page shows):

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     print(Laid(2, 0, 6), Doubted(2, 0, 6, 5), sep="\\n")
Platz 2 legt eine Karte verdeckt auf den Ablagestapel von Platz 0: „mindestens 6“
Platz 0 zweifelt an: eine 5, gelogen; Platz 2 nimmt sie zurück
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffmath.i18n import _


@dataclass(frozen=True)
class RoundStarted:
    round: int
    first: int
    hands: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return _("round {round}: every hand is {hand}; seat {seat} starts").format(
            round=self.round + 1, hand=", ".join(map(str, self.hands[0])), seat=self.first)


@dataclass(frozen=True)
class Named:
    seat: int
    value: int

    def __str__(self) -> str:
        return _("seat {seat} names {value}").format(seat=self.seat, value=self.value)


@dataclass(frozen=True)
class Offered:
    seat: int
    value: int

    def __str__(self) -> str:
        return _("seat {seat} offers {value}").format(seat=self.seat, value=self.value)


@dataclass(frozen=True)
class Passed:
    seat: int

    def __str__(self) -> str:
        return _("seat {seat} passes").format(seat=self.seat)


@dataclass(frozen=True)
class NoOffer:
    start: int

    def __str__(self) -> str:
        return _("nobody offers: seat {seat}'s turn passes").format(seat=self.start)


@dataclass(frozen=True)
class Chose:
    start: int
    seat: int

    def __str__(self) -> str:
        return _("seat {start} takes seat {seat}'s offer").format(start=self.start, seat=self.seat)


@dataclass(frozen=True)
class Laid:
    seat: int
    start: int
    offer: int

    def __str__(self) -> str:
        return _('seat {seat} lays a card face down on seat {start}\'s pile: "at least {offer}"').format(
            seat=self.seat, start=self.start, offer=self.offer)


@dataclass(frozen=True)
class Believed:
    seat: int
    start: int
    offer: int

    def __str__(self) -> str:
        return _("seat {start} believes: the card stays on its pile, unseen").format(start=self.start)


@dataclass(frozen=True)
class Doubted:
    seat: int
    start: int
    offer: int
    card: int

    @property
    def honest(self) -> bool:
        return self.card >= self.offer

    def __str__(self) -> str:
        if self.honest:
            return _("seat {start} doubts: a {card}, honest; seat {start} takes it").format(
                start=self.start, card=self.card)
        return _("seat {start} doubts: a {card}, a lie; seat {seat} takes it back").format(
            start=self.start, card=self.card, seat=self.seat)


@dataclass(frozen=True)
class Rewarded:
    seat: int

    def __str__(self) -> str:
        return _("seat {seat} lays a card face down on its own pile").format(seat=self.seat)


@dataclass(frozen=True)
class OpenCard:
    """Two players: ``seat`` lays ``card`` face up against the value ``named``."""

    seat: int
    start: int
    named: int
    card: int

    def __str__(self) -> str:
        if self.card > self.named:
            return _("seat {seat} lays a {card} face up: it goes to seat {start}'s pile").format(
                seat=self.seat, card=self.card, start=self.start)
        return _("seat {seat} lays a {card} face up: it goes to its own pile").format(seat=self.seat, card=self.card)


@dataclass(frozen=True)
class RoundEnded:
    """A round is scored: after a player laid their last card, or (``circle``) after every
    player in turn was start player with no offer since the last card was laid."""

    round: int
    points: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    circle: bool = False

    def __str__(self) -> str:
        points = ", ".join(map(str, self.points))
        if self.circle:
            return _("round {round} ends (a full circle of turns with no offer): points {points}").format(
                round=self.round + 1, points=points)
        return _("round {round} ends: points {points}").format(round=self.round + 1, points=points)


Event = (RoundStarted | Named | Offered | Passed | NoOffer | Chose | Laid | Believed | Doubted | Rewarded
         | OpenCard | RoundEnded)
