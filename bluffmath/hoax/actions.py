"""The moves of a game of Hoax, as small frozen values.

Tokens are numbered as in :mod:`bluffmath.hoax.tokens` (0 gold, 1 grain, 2 wine); seats
from 0. Which move is legal when is the engine's to say (:meth:`State.legal_actions`).

===============================  ==================================================================
``Take(token)``                  setup: take one token from the castle
``Cover(role)``                  German setup: cover a role one is not
``Store()``, ``Break()``         own turn: put an outside trio in the vault / take one out
``Act(role, kind, ...)``         own turn: claim ``role`` and do its turn action (below)
``Buy(target)``                  a look at ``target`` for a trio (turn, at once on a new trio,
                                 showdown)
``Done()``                       stop buying looks / decline the look at once
``Show(role)``                   show the buyer a role one is not
``Accuse(target, role)``         name ``target``'s role in secret
``Pass()``                       let a chance to doubt or to react go by; on one's own turn,
                                 pass when no other move is legal (``docs/reference/rulings.md``)
``Hoax()``                       doubt the claim just made (a public vote follows)
``Vote(yes)``                    vote on a doubt
``Pay(token)``                   pay a tax or tithe with ``token``; ``Pay(None)``: give up
                                 what a spell or a trade takes
``Immune()``                     claim the Wizard's immunity instead of paying
``Illegal()``                    as the King, call the turn action illegal
``Fine(tokens)``                 as the Judge, fine the actor 1 or 2 tokens: ``(to the Judge,
                                 [to the King])``
``Pardon(token)``                as the Vicar, offer a pardon for one ``token``
``PayFine(judge, vault)``        the fined actor pays that Judge's fine (``vault``: breaking
                                 vault trios for tokens lacking outside)
``PayPardon(vicar, vault)``      the fined actor pays that Vicar's pardon fee instead
``Doubt(role)``                  showdown: "you are not the ``role``"
===============================  ==================================================================

``Act`` kinds: ``"take"`` (Peasant 2 grain; Judge 1 grain or wine and King 1 wine or gold
as ``token``; German Vicar 2 wine; Merchant 1 gold), ``"tax"`` (King), ``"tithe"``
(Vicar: original with the ``token`` named, German without), ``"spell"`` (Wizard, on
``target``), ``"steal"`` (Thief: ``count`` of ``token`` from ``target``, from the vault if
``vault``), ``"trade"`` (Merchant: give ``count`` of ``token``, get as many of ``get`` from
``target``, or from the castle if ``target`` is None).

Each move checks its own fields when it is made, as every game's moves do: a token is a
whole number from 0 to 2, a seat one from 0 to 7, a count one from 0 to 20, ``vault`` and
``yes`` are True or False (a bool is not a number, a float not a whole number), a role is
one of either deck's (any case, kept as the deck spells it). Whether the move is legal now
is the engine's to say.

>>> str(Act("King", "tax")), str(Act("Thief", "steal", token=2, target=1, count=2, vault=True))
('King: tax', 'Thief: steal 2 wine from seat 1 (vault)')
>>> Cover("wizard"), Fine([0, 2])
(Cover(role='Wizard'), Fine(tokens=(0, 2)))
>>> Take(0.0)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: Take's token must be a whole number from 0 to 2 (0 gold, 1 grain, 2 wine), got 0.0 (float)
>>> Vote(1)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: Vote's yes must be True or False, got 1 (int)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.roles import ALL_ROLES, MAX_PLAYERS, any_role
from bluffmath.hoax.tokens import GOLD, GRAIN, START, TOKENS, WINE
from bluffmath.limits import bounded
from bluffmath.validate import shown

#: The roles whose "take" is fixed by the rules: (token, how many).
TAKES = {"Peasant": (GRAIN, 2), "Vicar": (WINE, 2), "Merchant": (GOLD, 1)}
#: The kinds of turn action an :class:`Act` may claim.
KINDS = ("take", "tax", "tithe", "spell", "steal", "trade")
#: What each kind of whole-number field holds: the largest value, and the words for it.
_WHOLE = {"token": (2, " (0 gold, 1 grain, 2 wine)"), "seat": (MAX_PLAYERS - 1, " (a seat)"),
          "count": (START, " (tokens of one type)")}
_ROLES = frozenset(ALL_ROLES)


def _whole(move: object, name: str, kind: str, optional: bool = False) -> None:
    """Refuse ``move.<name>`` unless it is an int in its kind's range (or None if ``optional``)."""
    value = getattr(move, name)
    high, words = _WHOLE[kind]
    if (type(value) is int and 0 <= value <= high) or (optional and value is None):
        return
    allowed = f"a whole number from 0 to {high}{words}" + (" or None" if optional else "")
    raise InvalidInputError(f"{type(move).__name__}'s {name} must be {allowed}, got {shown(value)} "
                            f"({type(value).__name__})")


def _yes_no(move: object, name: str) -> None:
    value = getattr(move, name)
    if type(value) is not bool:
        raise InvalidInputError(f"{type(move).__name__}'s {name} must be True or False, got {shown(value)} "
                                f"({type(value).__name__})")


def _role(move: object) -> None:
    """Keep ``move.role`` as the deck spells it (any case is read), or refuse it."""
    role = move.role
    if type(role) is not str or role not in _ROLES:
        object.__setattr__(move, "role", any_role(role, f"{type(move).__name__}'s role"))


@dataclass(frozen=True)
class Take:
    token: int

    def __post_init__(self) -> None:
        _whole(self, "token", "token")


@dataclass(frozen=True)
class Cover:
    role: str

    def __post_init__(self) -> None:
        _role(self)


@dataclass(frozen=True)
class Store:
    pass


@dataclass(frozen=True)
class Break:
    pass


@dataclass(frozen=True)
class Act:
    role: str
    kind: str
    token: int | None = None
    target: int | None = None
    count: int = 0
    get: int | None = None
    vault: bool = False

    def __post_init__(self) -> None:
        _role(self)
        if type(self.kind) is not str or self.kind not in KINDS:
            raise InvalidInputError(f"Act's kind must be one of {', '.join(KINDS)}, got {shown(self.kind)}")
        _whole(self, "token", "token", optional=True)
        _whole(self, "target", "seat", optional=True)
        _whole(self, "count", "count")
        _whole(self, "get", "token", optional=True)
        _yes_no(self, "vault")

    def __str__(self) -> str:
        return f"{self.role}: {self.what()}"

    def what(self, names: Sequence[str] | None = None) -> str:
        """The action in words, the seats called "seat N" or by ``names``."""
        fixed = TAKES.get(self.role)
        target = ("the castle" if self.target is None else
                  f"seat {self.target}" if names is None else names[self.target])
        bits = {"take": (f"take {fixed[1]} {TOKENS[fixed[0]]}" if fixed and self.token is None else
                         self.token is not None and f"take 1 {TOKENS[self.token]}"),
                "tithe": self.token is not None and f"tithe of {TOKENS[self.token]}",
                "spell": f"spell on {target}",
                "steal": self.token is not None and
                f"steal {self.count} {TOKENS[self.token]} from {target}{' (vault)' * self.vault}",
                "trade": self.token is not None and self.get is not None and
                f"trade {self.count} {TOKENS[self.token]} for {TOKENS[self.get]} with {target}"}
        return bits.get(self.kind) or self.kind


@dataclass(frozen=True)
class Buy:
    target: int

    def __post_init__(self) -> None:
        _whole(self, "target", "seat")


@dataclass(frozen=True)
class Done:
    pass


@dataclass(frozen=True)
class Show:
    role: str

    def __post_init__(self) -> None:
        _role(self)


@dataclass(frozen=True)
class Accuse:
    target: int
    role: str

    def __post_init__(self) -> None:
        _whole(self, "target", "seat")
        _role(self)


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Hoax:
    pass


@dataclass(frozen=True)
class Vote:
    yes: bool

    def __post_init__(self) -> None:
        _yes_no(self, "yes")


@dataclass(frozen=True)
class Pay:
    token: int | None

    def __post_init__(self) -> None:
        _whole(self, "token", "token", optional=True)


@dataclass(frozen=True)
class Immune:
    pass


@dataclass(frozen=True)
class Illegal:
    pass


@dataclass(frozen=True)
class Fine:
    tokens: tuple[int, ...]

    def __post_init__(self) -> None:
        tokens = bounded("Fine's tokens", self.tokens, 2)
        if not tokens or any(type(t) is not int or not 0 <= t <= 2 for t in tokens):
            raise InvalidInputError(f"Fine's tokens must be 1 or 2 whole numbers from 0 to 2 (0 gold, 1 grain, "
                                    f"2 wine), got {shown(self.tokens)}")
        object.__setattr__(self, "tokens", tokens)


@dataclass(frozen=True)
class Pardon:
    token: int

    def __post_init__(self) -> None:
        _whole(self, "token", "token")


@dataclass(frozen=True)
class PayFine:
    judge: int
    vault: bool = False

    def __post_init__(self) -> None:
        _whole(self, "judge", "seat")
        _yes_no(self, "vault")


@dataclass(frozen=True)
class PayPardon:
    vicar: int
    vault: bool = False

    def __post_init__(self) -> None:
        _whole(self, "vicar", "seat")
        _yes_no(self, "vault")


@dataclass(frozen=True)
class Doubt:
    role: str

    def __post_init__(self) -> None:
        _role(self)


Action = (Take | Cover | Store | Break | Act | Buy | Done | Show | Accuse | Pass | Hoax | Vote | Pay | Immune
          | Illegal | Fine | Pardon | PayFine | PayPardon | Doubt)
ACTION_TYPES: tuple[type, ...] = (Take, Cover, Store, Break, Act, Buy, Done, Show, Accuse, Pass, Hoax, Vote, Pay,
                                  Immune, Illegal, Fine, Pardon, PayFine, PayPardon, Doubt)
