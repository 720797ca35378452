"""What a player of Hoax has seen, as facts about single players, and the bluffing model.

Every fact is about one player's card:

===================================  ==============================================================
``Holds(player, role, how)``         the card is ``role``: my own card, or one shown to all
                                     (``how``: "own card", "revealed", "accused")
``IsNot(player, role, how)``         the card is not ``role``: bought information (shown to me),
                                     a successful Hoax challenge, the German covered role, a
                                     wrong accusation (``how``: "bought", "challenge", "covered",
                                     "accused")
``Claim(player, role, spoke)``       at an occasion to act as ``role``, the player spoke as it
                                     (or, ``spoke=False``, kept silent): weighed by the model
===================================  ==============================================================

The :class:`BluffModel` says how likely each is: a player holding ``role`` speaks as it with
probability ``honest``; a player not holding it speaks as it with probability ``bluff``
(one number, or one per role). A claim is never proof: it multiplies each deal by one of
those two numbers (a silence by one minus them).

>>> model = BluffModel(honest=Fraction(1), bluff=Fraction(1, 4))
>>> model.likelihood(Claim(1, "King"), "King"), model.likelihood(Claim(1, "King"), "Thief")
(Fraction(1, 1), Fraction(1, 4))
>>> str(IsNot(2, "Wizard", "bought"))
'player 2 is not the Wizard (bought information)'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.roles import Edition, edition
from bluffmath.validate import json_data, whole_number

HOLDS_HOW = ("own card", "revealed", "accused")
IS_NOT_HOW = ("bought", "challenge", "covered", "accused")
FORMAT, VERSION = "bluffmath-hoax", 1


@dataclass(frozen=True)
class Holds:
    """``player``'s card is ``role``."""

    player: int
    role: str
    how: str = "revealed"

    def __str__(self) -> str:
        what = {"own card": "my own card", "revealed": "shown to all", "accused": "a correct accusation"}
        return f"player {self.player} is the {self.role} ({what[self.how]})"


@dataclass(frozen=True)
class IsNot:
    """``player``'s card is not ``role``."""

    player: int
    role: str
    how: str = "bought"

    def __str__(self) -> str:
        what = {"bought": "bought information", "challenge": "a successful challenge",
                "covered": "a covered role", "accused": "a wrong accusation"}
        return f"player {self.player} is not the {self.role} ({what[self.how]})"


@dataclass(frozen=True)
class Claim:
    """At an occasion to act as ``role``, ``player`` spoke as it (or kept silent)."""

    player: int
    role: str
    spoke: bool = True

    def __str__(self) -> str:
        return f"player {self.player} {'spoke as' if self.spoke else 'kept silent as'} the {self.role}"


Fact = Holds | IsNot | Claim
KINDS: dict[str, type] = {"holds": Holds, "not": IsNot, "claim": Claim}


@dataclass(frozen=True)
class BluffModel:
    """How likely a player is to speak as a role: ``honest`` if they hold it, ``bluff``
    (one Fraction, or a mapping role -> Fraction) if they do not."""

    honest: Fraction = Fraction(1)
    bluff: Fraction | Mapping[str, Fraction] = Fraction(1, 4)

    def __post_init__(self) -> None:
        object.__setattr__(self, "honest", _probability("honest", self.honest))
        if isinstance(self.bluff, Mapping):
            object.__setattr__(self, "bluff", tuple(sorted(
                (str(role), _probability(f"bluff[{role}]", p)) for role, p in self.bluff.items())))
        else:
            object.__setattr__(self, "bluff", _probability("bluff", self.bluff))

    def bluff_for(self, role: str) -> Fraction:
        """The chance that a player who does not hold ``role`` speaks as it."""
        if isinstance(self.bluff, Fraction):
            return self.bluff
        return dict(self.bluff).get(role, Fraction(0))

    def likelihood(self, claim: Claim, held: str) -> Fraction:
        """P(this claim or silence | the player holds ``held``)."""
        p = self.honest if held == claim.role else self.bluff_for(claim.role)
        return p if claim.spoke else 1 - p

    def to_json(self) -> dict[str, Any]:
        bluff = str(self.bluff) if isinstance(self.bluff, Fraction) else {r: str(p) for r, p in self.bluff}
        return {"honest": str(self.honest), "bluff": bluff}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BluffModel:
        bluff = data.get("bluff", "1/4")
        return cls(honest=_probability("honest", data.get("honest", "1")),
                   bluff=dict(bluff) if isinstance(bluff, Mapping) else _probability("bluff", bluff))


@dataclass(frozen=True)
class Case:
    """Everything one player knows: the deck, the players, the facts in the order they
    came, and the bluffing model that weighs the claims."""

    edition: Edition
    players: int
    facts: tuple[Fact, ...] = ()
    model: BluffModel = field(default_factory=BluffModel)
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        ed = edition(self.edition)
        object.__setattr__(self, "edition", ed)
        whole_number("players", self.players, ed.players.start, ed.players.stop - 1)
        object.__setattr__(self, "facts", tuple(_checked(ed, self.players, f) for f in self.facts))
        if isinstance(self.model.bluff, tuple):  # per-role chances, under this deck's names
            bluff = {ed.role(role): p for role, p in self.model.bluff}
            object.__setattr__(self, "model", BluffModel(self.model.honest, bluff))
        names = tuple(self.names) or tuple(f"player {p}" for p in range(self.players))
        if len(names) != self.players or not all(isinstance(n, str) and n.strip() for n in names):
            raise InvalidInputError(f"names must be {self.players} non-empty strings, got {list(self.names)!r}")
        object.__setattr__(self, "names", names)

    def said(self, fact: Fact) -> str:
        """``fact`` in words, with the player's name.

        >>> Case("original", 3, names=("Ann", "Bo", "Cy")).said(Claim(1, "King"))
        'Bo spoke as the King'
        """
        return str(fact).replace(f"player {fact.player}", self.names[fact.player], 1)

    def adding(self, *facts: Fact) -> Case:
        """This case with more facts."""
        return Case(self.edition, self.players, (*self.facts, *facts), self.model, self.names)

    def keeping(self, facts: Sequence[Fact]) -> Case:
        """This case with only ``facts``."""
        return Case(self.edition, self.players, tuple(facts), self.model, self.names)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "edition": self.edition.name, "players": self.players,
                "names": list(self.names), "model": self.model.to_json(),
                "facts": [_fact_json(f) for f in self.facts]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Case:
        """Read the form :meth:`to_json` writes (a dict or its JSON text); clear errors."""
        if isinstance(data, str):
            data = json_data(data, "a Hoax case")
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise InvalidInputError(f'a Hoax case is a JSON object with "format": "{FORMAT}"')
        if data.get("version") != VERSION:
            raise InvalidInputError(f"this bluffmath reads Hoax cases of version {VERSION}, "
                                    f"got version {data.get('version')!r}")
        facts = data.get("facts", [])
        if not isinstance(facts, list):
            raise InvalidInputError("facts must be a list of objects with a kind: holds, not or claim")
        model = data.get("model", {})
        if not isinstance(model, Mapping):
            raise InvalidInputError('model must be an object such as {"honest": "1", "bluff": "1/4"}')
        return cls(data.get("edition"), data.get("players"), tuple(_fact(f) for f in facts),
                   BluffModel.from_json(model), tuple(data.get("names") or ()))


def _checked(ed: Edition, players: int, fact: object) -> Fact:
    if not isinstance(fact, Holds | IsNot | Claim):
        raise InvalidInputError(f"a fact must be a Holds, IsNot or Claim, got {fact!r}")
    whole_number("player", fact.player, 0, players - 1)
    role = ed.role(fact.role)
    if isinstance(fact, Holds) and fact.how not in HOLDS_HOW:
        raise InvalidInputError(f"how must be one of {', '.join(HOLDS_HOW)}, got {fact.how!r}")
    if isinstance(fact, IsNot) and fact.how not in IS_NOT_HOW:
        raise InvalidInputError(f"how must be one of {', '.join(IS_NOT_HOW)}, got {fact.how!r}")
    if isinstance(fact, Claim) and not isinstance(fact.spoke, bool):
        raise InvalidInputError(f"spoke must be true or false, got {fact.spoke!r}")
    return type(fact)(fact.player, role, fact.spoke if isinstance(fact, Claim) else fact.how)


def _fact_json(fact: Fact) -> dict[str, Any]:
    kind = next(k for k, t in KINDS.items() if isinstance(fact, t))
    extra = {"spoke": fact.spoke} if isinstance(fact, Claim) else {"how": fact.how}
    return {"kind": kind, "player": fact.player, "role": fact.role, **extra}


def _fact(data: object) -> Fact:
    if not isinstance(data, Mapping) or data.get("kind") not in KINDS:
        raise InvalidInputError(f"each fact is an object with a kind (holds, not or claim), got {data!r}")
    kind = KINDS[data["kind"]]
    extra = data.get("spoke", True) if kind is Claim else data.get("how", "revealed" if kind is Holds else "bought")
    return kind(data.get("player"), data.get("role"), extra)


def _probability(name: str, value: object) -> Fraction:
    """A probability given as a Fraction, an int or a string like "1/4" (never a float)."""
    try:
        if isinstance(value, bool) or not isinstance(value, Fraction | int | str):
            raise TypeError
        p = Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise InvalidInputError(f"{name} must be an exact probability such as 1/4 (a Fraction, an int "
                                f"or a string; not a float), got {value!r}") from None
    if not 0 <= p <= 1:
        raise InvalidInputError(f"{name} must be from 0 to 1, got {p}")
    return p
