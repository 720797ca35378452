"""A worker's own copy of the class's games, kept in step with the server's by the moves
alone: a game is told once how it was dealt (:class:`Deal`), then only its new moves, and
replays them through the engine, the way a save loads. The worker draws pages, makes the
notes and counts reviews from its copy, so that what crosses from the server's process
to a worker is a few bytes a move, not the game.

A copy that is out of step (a worker started again, a message lost) says so
(:class:`OutOfStep`), and the server sends the game from its first move.

>>> from bluffmath_class.games import GAMES
>>> store = Store()
>>> deal = Deal("hochstapler", 3, "one-deal", seed=4, opener=0)
>>> game = store.sync((1, 99), deal, 0, [{"kind": "call", "total": 6, "colour": "red"}])
>>> game.at, GAMES["hochstapler"].to_act(game.state), len(game.notes)
(1, 1, 1)
>>> store.sync((1, 99), deal, 2, [{"kind": "doubt"}])
Traceback (most recent call last):
...
bluffmath_class.mirror.OutOfStep: game (1, 99): this copy has 1 moves; the server sent moves from 2 on
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bluffmath.schema import Node

from .games import GAMES, Rules

#: A game's key: its id in the database and its seed (ids start again after the class's
#: data is deleted; seeds are 62 random bits).
Key = tuple[int, int]


class OutOfStep(Exception):
    """The worker's copy of a game is not where the server's moves start."""


@dataclass(frozen=True)
class Deal:
    """What deals a game again: the game's rules, its seats and variant, seed and opener."""

    rules: str
    seats: int
    variant: str
    seed: int
    opener: int

    def new_state(self) -> Any:
        """The game as dealt."""
        return GAMES[self.rules].new_state(self.seats, self.variant, self.seed, self.opener)


@dataclass
class Game:
    """A worker's copy of one game: its state, the moves applied, the notes made, and the
    pages it has drawn that never change (an ended game's end panels)."""

    deal: Deal
    state: Any
    #: Each move's note (None for a move without one), in order.
    marks: list[Any] = field(default_factory=list)
    ends: dict[Any, str] = field(default_factory=dict)
    #: Each seat's decisions valued by the review, once the game has ended (it never changes).
    decisions: list[Any] | None = None
    #: How many moves the reviews have been counted ahead for (:func:`~bluffmath_class.jobs.warm`).
    warmed: int = 0

    @property
    def rules(self) -> Rules:
        return GAMES[self.deal.rules]

    @property
    def at(self) -> int:
        """The moves applied."""
        return len(self.marks)

    @property
    def notes(self) -> list[Any]:
        """The notes of the moves so far, in order."""
        return [note for note in self.marks if note is not None]

    def play(self, move: dict[str, Any], note: Any = ...) -> Any:
        """Apply one move (as the database keeps it); its note, made here unless given
        (another worker made it), is kept and returned."""
        rules = self.rules
        action = rules.read_move(Node(move, f"move {self.at + 1}"))
        before, self.state = self.state, rules.apply(self.state, action)
        if note is ...:
            note = rules.note(before, action, self.state)
        self.marks.append(note)
        return note


class Store:
    """Every game a worker keeps, by :data:`Key`."""

    def __init__(self) -> None:
        self.games: dict[Key, Game] = {}

    def sync(self, key: Key, deal: Deal, start: int, moves: Sequence[dict[str, Any]],
             notes: Sequence[Any] | None = None) -> Game:
        """The game ``key`` with ``moves`` applied from move ``start + 1`` on (``start`` 0:
        dealt afresh), and their notes (``notes``, one per move, None for a move without:
        as another worker made them; else made here); :class:`OutOfStep` if the copy does
        not stand at ``start``."""
        game = self.games.get(key)
        if start == 0 and (game is None or game.at > 0 or game.deal != deal):
            game = self.games[key] = Game(deal, deal.new_state())
        if game is None or game.at != start:
            raise OutOfStep(f"game {key}: this copy has {0 if game is None else game.at} moves; "
                            f"the server sent moves from {start} on")
        for i, move in enumerate(moves):
            game.play(move, ... if notes is None else notes[i])
        return game

    def drop(self, keys: Sequence[Key]) -> None:
        """Forget games (the class's data was deleted)."""
        for key in keys:
            self.games.pop(key, None)
