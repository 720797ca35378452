"""What happens at a Hoax table, as a log of events.

Every event is public except :class:`Showed` (the role a look showed: only the buyer and
the shower see it) and :class:`Named` (an accusation's named role: accuser and accused).
``seen_by`` is ``None`` for a public event, else the seats that see it;
:meth:`State.view` keeps only what a seat may see.

>>> str(Claimed(0, "King", "tax")), str(Moved(1, 0, (0, 1, 0), "tax"))
('seat 0 as the King: tax', 'seat 1 gives seat 0 1 grain (tax)')
>>> Moved(1, 0, (0, 1, 0), "tax").text(("Ann", "Bo")), Showdown((0, 1)).text(("Ann", "Bo"))
('Bo gives Ann 1 grain (tax)', 'showdown: Ann and Bo')
>>> Showed(2, 0, "Thief").seen_by, Looked(0, 2, True).seen_by
((2, 0), None)
>>> Passed(2).text(("Ann", "Bo", "Cy")), str(Ended(None, ALL_PASSED))
('Cy has no legal move and passes', 'no winner: every player still in passed in one full round: a draw')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bluffmath.hoax.actions import Act
from bluffmath.hoax.evidence import Claim, Fact, Holds, IsNot
from bluffmath.hoax.tokens import Holding, describe


class _Text:
    """An event says itself in words: ``str(event)`` with seat numbers, ``event.text(names)``
    with the players' names."""

    def text(self, names: Sequence[str] | None = None) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


class _Public(_Text):
    seen_by: tuple[int, ...] | None = None

    def facts(self, seat: int) -> tuple[Fact, ...]:
        """What this event tells ``seat`` about the cards, as the posterior reads it."""
        return ()


def _n(names: Sequence[str] | None, seat: int) -> str:
    """A seat as the text says it: "seat 2", or its name."""
    return f"seat {seat}" if names is None else names[seat]


def _who(seat: int | None, names: Sequence[str] | None = None) -> str:
    return "the castle" if seat is None else _n(names, seat)


#: Each edition by its name, as the rules name it (the German one by its own title).
EDITION_WORDS = {"original": "the original edition", "german": "Die Erben von Hoax"}


@dataclass(frozen=True)
class Dealt(_Public):
    players: int
    edition: str

    def text(self, names: Sequence[str] | None = None) -> str:
        edition = EDITION_WORDS.get(self.edition, self.edition)
        return f"{self.players} players, {edition}: one card each, 20 of each token in the castle"


@dataclass(frozen=True)
class Moved(_Public):
    """Tokens (a ``(gold, grain, wine)`` triple) from a seat or the castle (None) to another."""

    source: int | None
    to: int | None
    tokens: Holding
    why: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.source, names)} gives {_who(self.to, names)} {describe(self.tokens)} ({self.why})"


@dataclass(frozen=True)
class Vaulted(_Public):
    seat: int
    trios: int
    """+1: a trio went into the vault; -1: one came out (broken)."""

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)} {'vaults a trio' if self.trios > 0 else 'breaks a vault trio'}"


@dataclass(frozen=True)
class Turn(_Public):
    seat: int
    number: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"turn {self.number}: {_n(names, self.seat)}"


@dataclass(frozen=True)
class Passed(_Public):
    """``seat``'s turn offered no legal move, so it passed (``docs/reference/rulings.md``)."""

    seat: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)} has no legal move and passes"


@dataclass(frozen=True)
class Covered(_Public):
    seat: int
    role: str
    how: str
    """"covered" (German setup), "challenge" (a lie found out), "showdown"."""

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)} covers the {self.role} ({self.how})"

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (IsNot(self.seat, self.role, "challenge" if self.how == "challenge" else "covered"),)


@dataclass(frozen=True)
class Claimed(_Public):
    seat: int
    role: str
    what: str
    act: Act | None = None  # the turn action claimed, if it was one (it words its target)

    def text(self, names: Sequence[str] | None = None) -> str:
        what = self.what if self.act is None or names is None else self.act.what(names)
        return f"{_n(names, self.seat)} as the {self.role}: {what}"

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (Claim(self.seat, self.role),)


@dataclass(frozen=True)
class Silent(_Public):
    """``seat`` had a chance to speak as ``role`` (a reaction round, or a payment the
    Wizard's immunity could have spared) and did not."""

    seat: int
    role: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)} does not speak as the {self.role}"

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (Claim(self.seat, self.role, spoke=False),)


@dataclass(frozen=True)
class Doubted(_Public):
    seat: int
    accused: int
    role: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)}: Hoax! ({_n(names, self.accused)} as the {self.role})"


@dataclass(frozen=True)
class Voted(_Public):
    seat: int
    yes: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)} votes {'yes' if self.yes else 'no'}"


@dataclass(frozen=True)
class Challenged(_Public):
    """The vote on a doubt: ``yes`` of ``voters``; if it carried, ``lie`` says the outcome."""

    accused: int
    role: str
    yes: int
    voters: int
    carried: bool
    lie: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        if not self.carried:
            return f"{self.yes} of {self.voters} vote yes: no challenge"
        return (f"{self.yes} of {self.voters} vote yes: {_n(names, self.accused)} "
                f"{'was lying: not the ' + self.role if self.lie else 'is the ' + self.role + ' and wins'}")

    def facts(self, seat: int) -> tuple[Fact, ...]:
        """A truthful accused shows the card (a lie is found out: :class:`Covered` says it)."""
        return (Holds(self.accused, self.role, "revealed"),) if self.carried and not self.lie else ()


@dataclass(frozen=True)
class Looked(_Public):
    buyer: int
    target: int
    shown: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        return (f"{_n(names, self.target)} shows {_n(names, self.buyer)} a role not theirs" if self.shown else
                f"{_n(names, self.target)} has nothing left to show {_n(names, self.buyer)}: the trio comes back")


@dataclass(frozen=True)
class Showed(_Text):
    seat: int
    buyer: int
    role: str

    @property
    def seen_by(self) -> tuple[int, ...]:
        return (self.seat, self.buyer)

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_n(names, self.seat)} shows {_n(names, self.buyer)}: not the {self.role}"

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (IsNot(self.seat, self.role, "bought"),) if seat == self.buyer else ()


@dataclass(frozen=True)
class Accused(_Public):
    accuser: int
    target: int
    right: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        leaver = self.target if self.right else self.accuser
        return (f"{_n(names, self.accuser)} accuses {_n(names, self.target)}: "
                f"{'right' if self.right else 'wrong'}; {_n(names, leaver)} leaves")


@dataclass(frozen=True)
class Named(_Text):
    accuser: int
    target: int
    role: str
    right: bool

    @property
    def seen_by(self) -> tuple[int, ...]:
        return (self.accuser, self.target)

    def text(self, names: Sequence[str] | None = None) -> str:
        return (f"{_n(names, self.accuser)} named the {self.role} for {_n(names, self.target)}: "
                f"{'right' if self.right else 'wrong'}")

    def facts(self, seat: int) -> tuple[Fact, ...]:
        if seat != self.accuser:
            return ()
        return (Holds if self.right else IsNot)(self.target, self.role, "accused"),


@dataclass(frozen=True)
class Showdown(_Public):
    seats: tuple[int, int]

    def text(self, names: Sequence[str] | None = None) -> str:
        a, b = self.seats
        return f"showdown: seats {a} and {b}" if names is None else f"showdown: {names[a]} and {names[b]}"


@dataclass(frozen=True)
class DuelDoubt(_Public):
    seat: int
    other: int
    role: str
    right: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        return (f"{_n(names, self.seat)} doubts {_n(names, self.other)} is the {self.role}: "
                f"{'right, and wins' if self.right else 'wrong'}")

    def facts(self, seat: int) -> tuple[Fact, ...]:
        """Right: the card is shown; wrong: :class:`Covered` follows."""
        return (Holds(self.other, self.role, "revealed"),) if self.right else ()


#: How a game ends when every player still in passed in one full round (``docs/reference/rulings.md``).
ALL_PASSED = "every player still in passed in one full round: a draw"


@dataclass(frozen=True)
class Ended(_Public):
    winner: int | None
    how: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"no winner: {self.how}" if self.winner is None else f"{_n(names, self.winner)} wins ({self.how})"


Event = (Dealt | Moved | Vaulted | Turn | Passed | Covered | Claimed | Silent | Doubted | Voted | Challenged
         | Looked | Showed | Accused | Named | Showdown | DuelDoubt | Ended)
