"""What everyone at a Münchhausen table sees, as a log of events.

No event carries the value of a card laid face down: :class:`Laid` and :class:`Rewarded`
say only that a card left a hand unseen. A doubted card is turned over
(:class:`Doubted` has its value); with two players the offered card lies face up
(:class:`OpenCard`). The piles are counted, face up, when a round ends (:class:`RoundEnded`).

>>> str(Laid(2, 0, 6)), str(Doubted(2, 0, 6, 7))
('seat 2 lays a card face down on seat 0\\'s pile: "at least 6"', 'seat 0 doubts: a 7, honest; seat 0 takes it')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundStarted:
    round: int
    first: int
    hands: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return f"round {self.round + 1}: every hand is {', '.join(map(str, self.hands[0]))}; seat {self.first} starts"


@dataclass(frozen=True)
class Named:
    seat: int
    value: int

    def __str__(self) -> str:
        return f"seat {self.seat} names {self.value}"


@dataclass(frozen=True)
class Offered:
    seat: int
    value: int

    def __str__(self) -> str:
        return f"seat {self.seat} offers {self.value}"


@dataclass(frozen=True)
class Passed:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True)
class NoOffer:
    start: int

    def __str__(self) -> str:
        return f"nobody offers: seat {self.start}'s turn passes"


@dataclass(frozen=True)
class Chose:
    start: int
    seat: int

    def __str__(self) -> str:
        return f"seat {self.start} takes seat {self.seat}'s offer"


@dataclass(frozen=True)
class Laid:
    seat: int
    start: int
    offer: int

    def __str__(self) -> str:
        return f'seat {self.seat} lays a card face down on seat {self.start}\'s pile: "at least {self.offer}"'


@dataclass(frozen=True)
class Believed:
    seat: int
    start: int
    offer: int

    def __str__(self) -> str:
        return f"seat {self.start} believes: the card stays on its pile, unseen"


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
            return f"seat {self.start} doubts: a {self.card}, honest; seat {self.start} takes it"
        return f"seat {self.start} doubts: a {self.card}, a lie; seat {self.seat} takes it back"


@dataclass(frozen=True)
class Rewarded:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} lays a card face down on its own pile"


@dataclass(frozen=True)
class OpenCard:
    """Two players: ``seat`` lays ``card`` face up against the value ``named``."""

    seat: int
    start: int
    named: int
    card: int

    def __str__(self) -> str:
        where = f"seat {self.start}'s pile" if self.card > self.named else "its own pile"
        return f"seat {self.seat} lays a {self.card} face up: it goes to {where}"


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
        why = " (a full circle of turns with no offer)" if self.circle else ""
        return f"round {self.round + 1} ends{why}: points {', '.join(map(str, self.points))}"


Event = (RoundStarted | Named | Offered | Passed | NoOffer | Chose | Laid | Believed | Doubted | Rewarded
         | OpenCard | RoundEnded)
