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
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.tokens import Holding
from bluffmath.hoax.words import (
    act_words,
    claim_words,
    edition_words,
    holding_words,
    how_words,
    seat_words,
    why_words,
)
from bluffmath.i18n import _, n_


class _Text:
    """An event says itself in words, in the language in use (:mod:`bluffmath.hoax.words`):
    ``str(event)`` with seat numbers, ``event.text(names)`` with the players' names."""

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
    return seat_words(seat, names)


#: Each edition by its name, as the rules name it (the German one by its own title).
EDITION_WORDS = {"original": "the original edition", "german": "Die Erben von Hoax"}


@dataclass(frozen=True)
class Dealt(_Public):
    players: int
    edition: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return _("{players} players, {edition}: one card each, 20 of each token in the castle").format(
            players=self.players, edition=edition_words(self.edition))


@dataclass(frozen=True)
class Moved(_Public):
    """Tokens (a ``(gold, grain, wine)`` triple) from a seat or the castle (None) to another."""

    source: int | None
    to: int | None
    tokens: Holding
    why: str

    def text(self, names: Sequence[str] | None = None) -> str:
        if self.source is None:
            said = _("the castle gives {to} {tokens} ({why})")
        elif self.to is None:
            said = _("{source} gives the castle {tokens} ({why})")
        else:
            said = _("{source} gives {to} {tokens} ({why})")
        return said.format(source=_n(names, self.source) if self.source is not None else "",
                           to=_n(names, self.to) if self.to is not None else "", tokens=holding_words(self.tokens),
                           why=why_words(self.why))


@dataclass(frozen=True)
class Vaulted(_Public):
    seat: int
    trios: int
    """+1: a trio went into the vault; -1: one came out (broken)."""

    def text(self, names: Sequence[str] | None = None) -> str:
        said = _("{name} vaults a trio") if self.trios > 0 else _("{name} breaks a vault trio")
        return said.format(name=_n(names, self.seat))


@dataclass(frozen=True)
class Turn(_Public):
    seat: int
    number: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return _("turn {number}: {name}").format(number=self.number, name=_n(names, self.seat))


@dataclass(frozen=True)
class Passed(_Public):
    """``seat``'s turn offered no legal move, so it passed (``docs/reference/rulings.md``)."""

    seat: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return _("{name} has no legal move and passes").format(name=_n(names, self.seat))


@dataclass(frozen=True)
class Covered(_Public):
    seat: int
    role: str
    how: str
    """"covered" (German setup), "challenge" (a lie found out), "showdown"."""

    def text(self, names: Sequence[str] | None = None) -> str:
        said = {"covered": _("{name} covers the {role} (covered)"), "challenge": _("{name} covers the {role} (challenge)"),
                "showdown": _("{name} covers the {role} (showdown)")}.get(self.how)
        if said is None:
            return f"{_n(names, self.seat)} covers the {self.role} ({self.how})"
        return said.format(name=_n(names, self.seat), role=role_words(self.role))

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (IsNot(self.seat, self.role, "challenge" if self.how == "challenge" else "covered"),)


@dataclass(frozen=True)
class Claimed(_Public):
    seat: int
    role: str
    what: str
    act: Act | None = None  # the turn action claimed, if it was one (it words its target)

    def text(self, names: Sequence[str] | None = None) -> str:
        what = claim_words(self.what) if self.act is None else act_words(self.act, names)
        return _("{name} as the {role}: {what}").format(name=_n(names, self.seat), role=role_words(self.role),
                                                        what=what)

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (Claim(self.seat, self.role),)


@dataclass(frozen=True)
class Silent(_Public):
    """``seat`` had a chance to speak as ``role`` (a reaction round, or a payment the
    Wizard's immunity could have spared) and did not."""

    seat: int
    role: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return _("{name} does not speak as the {role}").format(name=_n(names, self.seat), role=role_words(self.role))

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (Claim(self.seat, self.role, spoke=False),)


@dataclass(frozen=True)
class Doubted(_Public):
    seat: int
    accused: int
    role: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return _("{name}: Hoax! ({accused} as the {role})").format(name=_n(names, self.seat),
                                                                   accused=_n(names, self.accused),
                                                                   role=role_words(self.role))


@dataclass(frozen=True)
class Voted(_Public):
    seat: int
    yes: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        return (_("{name} votes yes") if self.yes else _("{name} votes no")).format(name=_n(names, self.seat))


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
            said = n_("{yes} of {voters} vote yes: no challenge", "{yes} of {voters} vote yes: no challenge", self.yes)
        elif self.lie:
            said = n_("{yes} of {voters} vote yes: {name} was lying: not the {role}",
                      "{yes} of {voters} vote yes: {name} was lying: not the {role}", self.yes)
        else:
            said = n_("{yes} of {voters} vote yes: {name} is the {role} and wins",
                      "{yes} of {voters} vote yes: {name} is the {role} and wins", self.yes)
        return said.format(yes=self.yes, voters=self.voters, name=_n(names, self.accused), role=role_words(self.role))

    def facts(self, seat: int) -> tuple[Fact, ...]:
        """A truthful accused shows the card (a lie is found out: :class:`Covered` says it)."""
        return (Holds(self.accused, self.role, "revealed"),) if self.carried and not self.lie else ()


@dataclass(frozen=True)
class Looked(_Public):
    buyer: int
    target: int
    shown: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        said = (_("{target} shows {buyer} a role not theirs") if self.shown else
                _("{target} has nothing left to show {buyer}: the trio comes back"))
        return said.format(target=_n(names, self.target), buyer=_n(names, self.buyer))


@dataclass(frozen=True)
class Showed(_Text):
    seat: int
    buyer: int
    role: str

    @property
    def seen_by(self) -> tuple[int, ...]:
        return (self.seat, self.buyer)

    def text(self, names: Sequence[str] | None = None) -> str:
        return _("{name} shows {buyer}: not the {role}").format(name=_n(names, self.seat), buyer=_n(names, self.buyer),
                                                                role=role_words(self.role))

    def facts(self, seat: int) -> tuple[Fact, ...]:
        return (IsNot(self.seat, self.role, "bought"),) if seat == self.buyer else ()


@dataclass(frozen=True)
class Accused(_Public):
    accuser: int
    target: int
    right: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        leaver = self.target if self.right else self.accuser
        said = (_("{accuser} accuses {target}: right; {leaver} leaves") if self.right else
                _("{accuser} accuses {target}: wrong; {leaver} leaves"))
        return said.format(accuser=_n(names, self.accuser), target=_n(names, self.target), leaver=_n(names, leaver))


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
        said = (_("{accuser} named the {role} for {target}: right") if self.right else
                _("{accuser} named the {role} for {target}: wrong"))
        return said.format(accuser=_n(names, self.accuser), target=_n(names, self.target), role=role_words(self.role))

    def facts(self, seat: int) -> tuple[Fact, ...]:
        if seat != self.accuser:
            return ()
        return (Holds if self.right else IsNot)(self.target, self.role, "accused"),


@dataclass(frozen=True)
class Showdown(_Public):
    seats: tuple[int, int]

    def text(self, names: Sequence[str] | None = None) -> str:
        a, b = self.seats
        if names is None:
            return _("showdown: seats {a} and {b}").format(a=a, b=b)
        return _("showdown: {a} and {b}").format(a=names[a], b=names[b])


@dataclass(frozen=True)
class DuelDoubt(_Public):
    seat: int
    other: int
    role: str
    right: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        said = (_("{name} doubts {other} is the {role}: right, and wins") if self.right else
                _("{name} doubts {other} is the {role}: wrong"))
        return said.format(name=_n(names, self.seat), other=_n(names, self.other), role=role_words(self.role))

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
        if self.winner is None:
            return _("no winner: {how}").format(how=how_words(self.how))
        return _("{name} wins ({how})").format(name=_n(names, self.winner), how=how_words(self.how))


Event = (Dealt | Moved | Vaulted | Turn | Passed | Covered | Claimed | Silent | Doubted | Voted | Challenged
         | Looked | Showed | Accused | Named | Showdown | DuelDoubt | Ended)
