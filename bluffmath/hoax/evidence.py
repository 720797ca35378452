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
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.roles import (
    ALL_ROLES,
    EDITIONS,
    MAX_PLAYERS,
    Edition,
    any_role,
    edition,
)
from bluffmath.hoax.said import claim_words, holds_words, is_not_words, player_words
from bluffmath.i18n import N_, _, p_
from bluffmath.limits import MAX_DIGITS, MAX_HOAX_FACTS, MAX_STRING, bounded
from bluffmath.schema import Node, describe
from bluffmath.validate import shown, whole_number

HOLDS_HOW = ("own card", "revealed", "accused")
IS_NOT_HOW = ("bought", "challenge", "covered", "accused")
FORMAT, VERSION = "bluffmath-hoax", 1
WHAT = "a Hoax case"


def _fact_fields(fact: Holds | IsNot, choices: tuple[str, ...]) -> None:
    """Check a seen fact's player, role (either deck, any case) and ``how``; keep the role's spelling."""
    whole_number(N_("player"), fact.player, 0, MAX_PLAYERS - 1)
    object.__setattr__(fact, "role", any_role(fact.role))
    if not isinstance(fact.how, str) or fact.how not in choices:
        raise InvalidInputError(f"how must be one of {', '.join(choices)}, got {shown(fact.how)}")


@dataclass(frozen=True)
class Holds:
    """``player``'s card is ``role``."""

    player: int
    role: str
    how: str = "revealed"

    def __post_init__(self) -> None:
        _fact_fields(self, HOLDS_HOW)

    def __str__(self) -> str:
        return self.said_of(player_words(self.player))

    def said_of(self, who: str) -> str:
        """The fact in words, about the player called ``who``, in the language in use."""
        return holds_words(self.how, self.role, who)


@dataclass(frozen=True)
class IsNot:
    """``player``'s card is not ``role``."""

    player: int
    role: str
    how: str = "bought"

    def __post_init__(self) -> None:
        _fact_fields(self, IS_NOT_HOW)

    def __str__(self) -> str:
        return self.said_of(player_words(self.player))

    def said_of(self, who: str) -> str:
        return is_not_words(self.how, self.role, who)


@dataclass(frozen=True)
class Claim:
    """At an occasion to act as ``role``, ``player`` spoke as it (or kept silent)."""

    player: int
    role: str
    spoke: bool = True

    def __post_init__(self) -> None:
        whole_number(N_("player"), self.player, 0, MAX_PLAYERS - 1)
        object.__setattr__(self, "role", any_role(self.role))
        if not isinstance(self.spoke, bool):
            raise InvalidInputError(f"spoke must be True or False, got {shown(self.spoke)}")

    def __str__(self) -> str:
        return self.said_of(player_words(self.player))

    def said_of(self, who: str) -> str:
        return claim_words(self.spoke, self.role, who)


Fact = Holds | IsNot | Claim
KINDS: dict[str, type] = {"holds": Holds, "not": IsNot, "claim": Claim}


@dataclass(frozen=True)
class BluffModel:
    """How likely a player is to speak as a role: ``honest`` if they hold it, ``bluff``
    (one Fraction, or a mapping role -> Fraction) if they do not.

    A chance is a Fraction, an int, or text such as ``"1/4"`` or ``"0.25"`` (read exactly);
    never a float. Per-role chances name roles of either deck (any case); a role left out
    is never bluffed.
    """

    honest: Fraction = Fraction(1)
    bluff: Fraction | Mapping[str, Fraction] = Fraction(1, 4)

    def __post_init__(self) -> None:
        object.__setattr__(self, "honest", _probability("honest", self.honest))
        bluff = self.bluff
        if isinstance(bluff, tuple) and all(isinstance(pair, tuple) and len(pair) == 2 for pair in bluff):
            bluff = _pairs(bluff)  # the stored form, as dataclasses.replace passes it back
        if isinstance(bluff, Mapping):
            chances: dict[str, Fraction] = {}
            for role, p in _pairs(bluff.items()).items():
                chances[role] = _probability(f"bluff[{role}]", p)
            object.__setattr__(self, "bluff", tuple(sorted(chances.items())))
        else:
            object.__setattr__(self, "bluff", _probability("bluff", bluff))

    def bluff_for(self, role: str) -> Fraction:
        """The chance that a player who does not hold ``role`` speaks as it."""
        role = any_role(role)
        if isinstance(self.bluff, Fraction):
            return self.bluff
        return dict(self.bluff).get(role, Fraction(0))

    def likelihood(self, claim: Claim, held: str) -> Fraction:
        """P(this claim or silence | the player holds ``held``)."""
        if not isinstance(claim, Claim):
            raise InvalidInputError(f"claim must be a Claim, such as Claim(1, 'King'), got {shown(claim)}")
        p = self.honest if any_role(held, "held") == claim.role else self.bluff_for(claim.role)
        return p if claim.spoke else 1 - p

    def to_json(self) -> dict[str, Any]:
        bluff = str(self.bluff) if isinstance(self.bluff, Fraction) else {r: str(p) for r, p in self.bluff}
        return {"honest": str(self.honest), "bluff": bluff}

    @classmethod
    def from_json(cls, data: object) -> BluffModel:
        """Read the form :meth:`to_json` writes (a dict or its JSON text), strictly."""
        return _read_model(Node.of(data, "a bluffing model"), None)


def _pairs(items: Iterable[object]) -> dict[str, object]:
    """Per-role chances as {role: chance}: at most one per role of either deck, each role once."""
    out: dict[str, object] = {}
    for pair in bounded("bluff", items, len(ALL_ROLES)):
        role, p = pair
        role = any_role(role, "each role in bluff")
        if role in out:
            raise InvalidInputError(f"bluff names the {role} twice")
        out[role] = p
    return out


@dataclass(frozen=True)
class Case:
    """Everything one player knows: the deck, the players, the facts in the order they
    came, and the bluffing model that weighs the claims.

    ``facts`` is read with a limit of :data:`~bluffmath.limits.MAX_HOAX_FACTS`; ``names``
    (default: "player 0", ...) are one per player, non-empty, different (ignoring case),
    without control characters.
    """

    edition: Edition
    players: int
    facts: tuple[Fact, ...] = ()
    model: BluffModel = field(default_factory=BluffModel)
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        ed = edition(self.edition)
        object.__setattr__(self, "edition", ed)
        whole_number("players", self.players, ed.players.start, ed.players.stop - 1)
        if isinstance(self.facts, str | bytes | Mapping) or not isinstance(self.facts, Iterable):
            raise InvalidInputError(f"facts must be a list of Holds, IsNot and Claim facts, got {shown(self.facts)}")
        facts = bounded("facts", self.facts, MAX_HOAX_FACTS)
        object.__setattr__(self, "facts", tuple(_checked(ed, self.players, f, i) for i, f in enumerate(facts)))
        if not isinstance(self.model, BluffModel):
            raise InvalidInputError(f"model must be a BluffModel, such as BluffModel(1, Fraction(1, 4)), "
                                    f"got {shown(self.model)}")
        if isinstance(self.model.bluff, tuple):  # per-role chances: roles of this deck
            for role, _chance in self.model.bluff:
                ed.role(role, "each role in the model's bluff")
        object.__setattr__(self, "names", _names(self.names, self.players))

    def said(self, fact: Fact) -> str:
        """``fact`` in words, with the player's name.

        >>> Case("original", 3, names=("Ann", "Bo", "Cy")).said(Claim(1, "King"))
        'Bo spoke as the King'
        """
        fact = _checked(self.edition, self.players, fact)
        return fact.said_of(self.name(fact.player))

    def name(self, player: int) -> str:
        """What ``player`` is called: its name, or "player 1" in the language in use."""
        return player_words(player) if self.names[player] == f"player {player}" else self.names[player]

    def adding(self, *facts: Fact) -> Case:
        """This case with more facts (at most :data:`~bluffmath.limits.MAX_HOAX_FACTS` in all)."""
        if len(self.facts) + len(facts) > MAX_HOAX_FACTS:
            raise InvalidInputError(f"a case holds at most {MAX_HOAX_FACTS:,} facts; this one has "
                                    f"{len(self.facts):,} and {len(facts):,} more were added")
        return Case(self.edition, self.players, (*self.facts, *facts), self.model, self.names)

    def keeping(self, facts: Sequence[Fact]) -> Case:
        """This case with only ``facts``."""
        return Case(self.edition, self.players, facts, self.model, self.names)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "edition": self.edition.name, "players": self.players,
                "names": list(self.names), "model": self.model.to_json(),
                "facts": [_fact_json(f) for f in self.facts]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: object) -> Case:
        """Read the form :meth:`to_json` writes (a dict or its JSON text), strictly: every
        key known, every value of its kind, each error naming its path (``facts[3].role``).

        ``names``, ``model`` and ``facts`` may be left out (the default names, the model
        honest 1 and bluff 1/4, no facts); so may a fact's ``how`` (holds: "revealed",
        not: "bought") and a claim's ``spoke`` (true). Roles and editions are spelt as
        :meth:`to_json` writes them.

        >>> Case.from_json('{"format": "bluffmath-hoax", "version": 1, "edition": "original", '
        ...                '"players": 3, "fact": []}')
        Traceback (most recent call last):
        ...
        bluffmath.errors.InvalidInputError: a Hoax case: unknown key "fact" (did you mean "facts"?); allowed: ...
        """
        return _read_case(Node.of(data, WHAT))


# --- checking Python arguments ----------------------------------------------------------

def _checked(ed: Edition, players: int, fact: object, at: int | None = None) -> Fact:
    """``fact`` as a fact of this case (a clear error naming ``facts[at]`` if it is not)."""
    where = "" if at is None else f"facts[{at}]: "
    if not isinstance(fact, Holds | IsNot | Claim):
        raise InvalidInputError(f"{where}a fact must be a Holds, IsNot or Claim, got {shown(fact)}")
    try:
        copy = _base(fact)(fact.player, fact.role, fact.spoke if isinstance(fact, Claim) else fact.how)
        whole_number(N_("player"), copy.player, 0, players - 1)
        ed.role(copy.role)
    except InvalidInputError as problem:
        raise InvalidInputError(f"{where}{problem}") from None
    return copy


def _base(fact: Fact) -> type:
    return next(kind for kind in (Holds, IsNot, Claim) if isinstance(fact, kind))


_CHANCE = re.compile(r"\s*(?:([0-9]+)\s*/\s*([0-9]+)|([0-9]*)\.([0-9]+)|([0-9]+)\.?)\s*\Z")


def _probability(name: str, value: object) -> Fraction:
    """A probability given as a Fraction, an int or text such as "1/4" or "0.25" (never a float).

    >>> _probability("bluff", " 1/4 "), _probability("bluff", "0.25"), _probability("bluff", 1)
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 1))
    >>> _probability("bluff", "1e-9")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bluff must be an exact probability such as 1/4 (...), got '1e-9'
    """
    name = _chance_words(name)
    bad = _("{name} must be an exact probability such as 1/4 (a Fraction, an int or a string; not a float), got {got}")
    if isinstance(value, str):
        match = _CHANCE.match(value) if len(value) <= 3 * MAX_DIGITS else None
        if match is None or any(len(part or "") > MAX_DIGITS for part in match.groups()):
            raise InvalidInputError(bad.format(name=name, got=shown(value)))
        top, bottom, whole, decimals, integer = match.groups()
        if bottom is not None and int(bottom) == 0:
            raise InvalidInputError(_("{name} must be an exact probability such as 1/4 (a Fraction, an int or a "
                                      "string; not a float), got {got} (divided by 0)").format(name=name, got=shown(value)))
        p = (Fraction(int(top), int(bottom)) if top is not None else
             Fraction(int(whole or "0") * 10 ** len(decimals) + int(decimals), 10 ** len(decimals))
             if decimals is not None else Fraction(int(integer)))
    elif isinstance(value, Fraction | int) and not isinstance(value, bool):
        p = Fraction(value)
    else:
        raise InvalidInputError(bad.format(name=name, got=shown(value)))
    if not 0 <= p <= 1:
        raise InvalidInputError(_("{name} must be from 0 to 1, got {got}").format(name=name, got=_fraction_shown(p)))
    if p.denominator >= 10 ** MAX_DIGITS:
        raise InvalidInputError(_("{name} must be a fraction with at most {digits} digits below the line").format(
            name=name, digits=MAX_DIGITS))
    return p


def _chance_words(name: str) -> str:
    """The model's chances as a page names them (German: P(ehrlich), P(Bluff))."""
    return {"honest": p_("probability", "honest"), "bluff": p_("probability", "bluff")}.get(name, name)


def _fraction_shown(p: Fraction) -> str:
    return str(p) if abs(p.numerator) < 10 ** 12 and p.denominator < 10 ** 12 else "a number of many digits"


def _names(names: object, players: int) -> tuple[str, ...]:
    """The players' names: one each, non-empty, different; none given: "player 0", ..."""
    allowed = f"names must be one per player: {players} names, each different and not blank"
    if names is None:
        names = ()
    if isinstance(names, str | bytes | Mapping) or not isinstance(names, Iterable):
        raise InvalidInputError(f"{allowed}; got {shown(names)}")
    got = bounded("names", names, MAX_PLAYERS)
    if not got:
        return tuple(f"player {p}" for p in range(players))
    if len(got) != players:
        raise InvalidInputError(f"{allowed}; got {len(got)} name{'s' * (len(got) != 1)}")
    seen: dict[str, str] = {}
    for name in got:
        if not isinstance(name, str) or not _printable(name):
            raise InvalidInputError(f"each name must be text of 1 to {MAX_STRING:,} characters, not blank, "
                                    f"without control characters; got {shown(name)}")
        key = name.strip().casefold()
        if key in seen:
            raise InvalidInputError(f"{allowed}; {shown(seen[key])} and {shown(name)} are the same name")
        seen[key] = name
    return tuple(got)


def _printable(name: str) -> bool:
    """A name a page, a table and a file can show: 1 to MAX_STRING characters, some not
    blank, no control characters, no lone surrogates."""
    return (0 < len(name) <= MAX_STRING and bool(name.strip())
            and not any(unicodedata.category(c) in ("Cc", "Cs") for c in name))


# --- reading JSON (one place) -------------------------------------------------------------

def _read_case(root: Node) -> Case:
    data = root.value
    if type(data) is not dict or data.get("format") != FORMAT:
        found = (f'"format": {_found(data["format"])}' if type(data) is dict and "format" in data else
                 'no "format"' if type(data) is dict else shown(data))
        raise InvalidInputError(f'{WHAT} is a JSON object with "format": "{FORMAT}"; found {found}')
    version = Node(data.get("version"), WHAT, InvalidInputError, "version")
    if type(version.value) is not int:
        version.fail(f"the whole number {VERSION}")
    if version.value != VERSION:
        version.refuse(f"this bluffmath reads Hoax cases of version {VERSION}, got version {_found(version.value)}")
    node = root.fields(required=("format", "version", "edition", "players"),
                       optional=("names", "model", "facts"))
    ed = EDITIONS[node["edition"].text(choices=EDITIONS)]
    players = node["players"].integer(ed.players.start, ed.players.stop - 1)
    facts = node["facts"].items(limit=MAX_HOAX_FACTS) if "facts" in node else []
    names: tuple[str, ...] = ()
    if "names" in node:
        given = node["names"]
        if type(given.value) is list and len(given.value) != players:
            given.refuse(f"one name per player: {players} names; found {len(given.value)}")
        items = given.items(size=players)
        names = tuple(map(_read_name, items))
        folded = [name.strip().casefold() for name in names]
        for i, key in enumerate(folded):
            if key in folded[:i]:
                items[i].refuse(f"{describe(names[i])} is another player's name too; the names must differ")
    model = _read_model(node["model"], ed) if "model" in node else BluffModel()
    return Case(ed, players, tuple(_read_fact(n, ed, players) for n in facts), model, names)


def _found(value: object) -> str:
    """A value found in JSON data, as written (a huge int of data passed as a dict: its size)."""
    return shown(value) if type(value) is int else describe(value)


def _read_name(node: Node) -> str:
    allowed = f"a name: text of 1 to {MAX_STRING:,} characters, not blank, without control characters"
    if not _printable(node.text(allowed=allowed)):
        node.fail(allowed)
    return node.value


def _read_model(node: Node, ed: Edition | None) -> BluffModel:
    fields = node.fields(optional=("honest", "bluff"))
    honest = fields["honest"].fraction(0, 1) if "honest" in fields else Fraction(1)
    bluff: Fraction | dict[str, Fraction] = Fraction(1, 4)
    if "bluff" in fields:
        b = fields["bluff"]
        if type(b.value) is dict:
            roles = ed.roles if ed is not None else ALL_ROLES
            allowed = f"{', '.join(roles)}" + (f" (the {ed.name} deck)" if ed is not None else "")
            bluff = {}
            for role, chance in b.entries(limit=len(roles)):
                Node(role, b.what, b.error, f"{b.path} (a role)").text(choices=roles, allowed=allowed)
                bluff[role] = chance.fraction(0, 1)
        else:
            bluff = b.fraction(0, 1)
    return BluffModel(honest, bluff)


def _read_fact(node: Node, ed: Edition, players: int) -> Fact:
    allowed = "an object with a kind (holds, not or claim), a player and a role"
    if type(node.value) is not dict:
        node.fail(allowed)
    if "kind" not in node.value:
        node.fields(required=("kind", "player", "role"), optional=("how", "spoke"))
        node.error_at('key "kind" missing (holds, not or claim)')
    kind = KINDS[node.fields(required=("kind",), optional=("player", "role", "how", "spoke"))["kind"]
                 .text(choices=KINDS)]
    extra = "spoke" if kind is Claim else "how"
    fields = node.fields(required=("kind", "player", "role"), optional=(extra,))
    player = fields["player"].integer(0, players - 1)
    role = fields["role"].text(choices=ed.roles, allowed=f"{', '.join(ed.roles)} (the {ed.name} deck)")
    if kind is Claim:
        return Claim(player, role, fields["spoke"].boolean() if "spoke" in fields else True)
    how = HOLDS_HOW if kind is Holds else IS_NOT_HOW
    default = "revealed" if kind is Holds else "bought"
    return kind(player, role, fields["how"].text(choices=how) if "how" in fields else default)


def _fact_json(fact: Fact) -> dict[str, Any]:
    kind = next(k for k, t in KINDS.items() if isinstance(fact, t))
    extra = {"spoke": fact.spoke} if isinstance(fact, Claim) else {"how": fact.how}
    return {"kind": kind, "player": fact.player, "role": fact.role, **extra}
