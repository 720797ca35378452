"""Players that play Hochstapler by themselves, and a function that runs a game with them.

A bot sees only its seat's :class:`~bluffmath.hochstapler.game.SeatView` and the legal
actions, and chooses with the random generator it is given, so that a seeded game is
reproducible.

>>> from bluffmath.hochstapler.game import Game
>>> end = play_game(Game(players=3), [RandomBot()] * 3, seed=1)
>>> end.is_terminal, sum(end.scores)
(True, 7)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.game import Action, DoubtCall, Game, Raise, SeatView, State


class Bot(Protocol):
    """What a player needs: a name and a choice of action."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, for the seat of ``view``."""
        ...


class RandomBot:
    """Plays a uniformly random legal action, except that it calls within reach.

    Policy: doubt with probability 1/3 when a doubt is legal; otherwise a random raise
    among the legal raises no more than 4 above the lowest legal total, in a random colour
    (so that games do not end on absurd calls at once); exchanges never.
    """

    name = "random"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """See the class docstring."""
        raises = [a for a in legal if isinstance(a, Raise)]
        if isinstance(legal[-1], DoubtCall) and (not raises or rng.randrange(3) == 0):
            return legal[-1]
        low = min(a.total for a in raises)
        return rng.choice([a for a in raises if a.total <= low + 4])


def play_game(game: Game, bots: Sequence[Bot], seed: int = 0) -> State:
    """Play one game to the end; seat i is ``bots[i]``. The same seed, the same game."""
    if len(bots) != game.players:
        raise InvalidInputError(f"a game of {game.players} players needs {game.players} bots, got {len(bots)}")
    rng = random.Random(f"bluffmath-bots/{seed}")
    state = game.new_game(seed)
    while not state.is_terminal:
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state
