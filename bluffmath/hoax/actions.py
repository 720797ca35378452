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
``Pass()``                       let a chance to doubt or to react go by
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

>>> str(Act("King", "tax")), str(Act("Thief", "steal", token=2, target=1, count=2, vault=True))
('King: tax', 'Thief: steal 2 wine from seat 1 (vault)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bluffmath.hoax.tokens import GOLD, GRAIN, TOKENS, WINE

#: The roles whose "take" is fixed by the rules: (token, how many).
TAKES = {"Peasant": (GRAIN, 2), "Vicar": (WINE, 2), "Merchant": (GOLD, 1)}


@dataclass(frozen=True)
class Take:
    token: int


@dataclass(frozen=True)
class Cover:
    role: str


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


@dataclass(frozen=True)
class Done:
    pass


@dataclass(frozen=True)
class Show:
    role: str


@dataclass(frozen=True)
class Accuse:
    target: int
    role: str


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Hoax:
    pass


@dataclass(frozen=True)
class Vote:
    yes: bool


@dataclass(frozen=True)
class Pay:
    token: int | None


@dataclass(frozen=True)
class Immune:
    pass


@dataclass(frozen=True)
class Illegal:
    pass


@dataclass(frozen=True)
class Fine:
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class Pardon:
    token: int


@dataclass(frozen=True)
class PayFine:
    judge: int
    vault: bool = False


@dataclass(frozen=True)
class PayPardon:
    vicar: int
    vault: bool = False


@dataclass(frozen=True)
class Doubt:
    role: str


Action = (Take | Cover | Store | Break | Act | Buy | Done | Show | Accuse | Pass | Hoax | Vote | Pay | Immune
          | Illegal | Fine | Pardon | PayFine | PayPardon | Doubt)
ACTION_TYPES: tuple[type, ...] = (Take, Cover, Store, Break, Act, Buy, Done, Show, Accuse, Pass, Hoax, Vote, Pay,
                                  Immune, Illegal, Fine, Pardon, PayFine, PayPardon, Doubt)
