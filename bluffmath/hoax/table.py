"""What is on the table in a game of Hoax, as data: the game's parameters and one moment.

:class:`Setup` holds a game's parameters (checked), :class:`Table` what every seat holds
and the steps still to come. They are the engine's data, with no rules: the rules that
move a Table are in :mod:`bluffmath.hoax.flow` and :mod:`bluffmath.hoax.moves`, which
take it, and the engine that checks every move, :class:`~bluffmath.hoax.game.State`, is a
Table (as :class:`~bluffmath.hoax.game.Game` is a Setup that deals).

>>> setup = Setup("original", players=3, deal=("King", "Thief", "Wizard"))
>>> setup.cards(), setup.accusation_on_turn
(('King', 'Thief', 'Wizard'), False)
>>> Setup("original", players=3, deal=("King", "King", "King"))
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: deal holds the King 3 times; the deck has 2
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TypeVar

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.actions import Act, Action
from bluffmath.hoax.events import Event
from bluffmath.hoax.roles import COPIES, Edition, edition
from bluffmath.hoax.tokens import Holding
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.validate import shown, whole_number

MAX_TURNS = 10_000
T = TypeVar("T", bound="Table")


@dataclass(frozen=True)
class Setup:
    """A game's parameters: the edition, the players, the deal (given, or drawn by
    ``seed``), ``max_turns`` and, in the original edition, ``accuse_on_turn``."""

    edition: Edition | str = "original"
    players: int = 4
    seed: int = 0
    deal: tuple[str, ...] | None = None
    max_turns: int = 200
    accuse_on_turn: bool = False

    def __post_init__(self) -> None:
        ed = edition(self.edition)
        object.__setattr__(self, "edition", ed)
        whole_number("players", self.players, ed.players.start, ed.players.stop - 1)
        whole_number("seed", self.seed, 0, MAX_SEED)
        whole_number("max_turns", self.max_turns, 1, MAX_TURNS)
        if not isinstance(self.accuse_on_turn, bool):
            raise InvalidInputError(f"accuse_on_turn must be True or False, got {shown(self.accuse_on_turn)}")
        if self.deal is not None:
            object.__setattr__(self, "deal", _deal(ed, self.players, self.deal))

    @property
    def accusation_on_turn(self) -> bool:
        """Whether accusing is a turn action (German; original with the variant sheet)."""
        return self.edition.name == "german" or self.accuse_on_turn

    def cards(self) -> tuple[str, ...]:
        """Each seat's card: the given deal, or one drawn from the shuffled deck by ``seed``."""
        if self.deal is not None:
            return self.deal
        deck = [role for role in self.edition.roles for _ in range(COPIES)]
        return tuple(random.Random(self.seed).sample(deck, self.players))


def _deal(ed: Edition, players: int, deal: object) -> tuple[str, ...]:
    cards = tuple(ed.role(r, "each card of the deal") for r in bounded("deal", deal, players + 1))
    if len(cards) != players:
        raise InvalidInputError(f"deal must name one card per player ({players}), got {len(cards)}")
    for role in set(cards):
        if cards.count(role) > COPIES:
            raise InvalidInputError(f"deal holds the {role} {cards.count(role)} times; the deck has {COPIES}")
    return cards


@dataclass(frozen=True)
class Ctx:
    """The turn action under way: the claim, and the reactions standing against it."""

    act: Act
    kings: tuple[int, ...] = ()
    fines: tuple[tuple[int, tuple[int, ...]], ...] = ()
    pardons: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Table:
    """One moment of a game as data. ``cards`` are the engine's secret; ``outside`` are
    each seat's tokens outside its vault, ``vault`` its trios inside; ``covered`` the roles
    each seat may never claim (public); ``passes`` how many turns in a row ended in a pass
    (a seat with no legal move passes)."""

    game: Setup
    cards: tuple[str, ...]
    castle: Holding
    outside: tuple[Holding, ...]
    vault: tuple[int, ...]
    alive: tuple[bool, ...]
    covered: tuple[frozenset[str], ...]
    shown: frozenset[tuple[int, int, str]] = frozenset()
    agenda: tuple[tuple, ...] = ()
    turn: int = 0
    active: int = 0
    ctx: Ctx | None = None
    vaulting: int = 0
    passes: int = 0
    showdown: bool = False
    winner: int | None = None
    how: str = ""
    log: tuple[Event, ...] = ()
    actions: tuple[Action, ...] = field(default=(), repr=False)
    #: Where the log's private events are, and who sees each: ``(index, seen_by)``. A view
    #: cuts only those out, so a bot's view costs little however long the game grows.
    private: tuple[tuple[int, tuple[int, ...]], ...] = field(default=(), repr=False)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def is_terminal(self) -> bool:
        return not self.agenda

    @property
    def is_draw(self) -> bool:
        """Over with no winner: ``max_turns`` reached, or a full round of passes (:attr:`how`)."""
        return self.is_terminal and self.winner is None

    @property
    def phase(self) -> str:
        """"take", "cover", "turn", "buying", "show", "instant", "doubt", "vote", "pay",
        "king", "judge", "vicar", "settle", "duel" or "over"."""
        if not self.agenda:
            return "over"
        kind = self.agenda[0][0]
        return self.agenda[0][1].lower() if kind == "round" else "doubt" if kind == "window" else kind

    def holding(self, seat: int) -> Holding:
        """Everything ``seat`` holds: outside plus its vault trios."""
        v = self.vault[seat]
        g, r, w = self.outside[seat]
        return (g + v, r + v, w + v)

    def _but(self: T, **changes: object) -> T:
        """This moment with ``changes``, of the same class (no per-field work: bots make
        many moves)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__, **changes)
        return new
