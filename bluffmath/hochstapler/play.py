"""A game of Hochstapler played by bots: what a bot is, and the game from deal to end.

A bot has a ``name`` and a ``choose(view, legal, rng)`` method (:class:`Bot`); the bots
that come with bluffmath are in :mod:`bluffmath.hochstapler.bots`. A game is played with
the seed's random generator, so that the same seed gives the same game.

>>> from bluffmath.hochstapler.bots import RandomBot
>>> from bluffmath.hochstapler.game import Game
>>> play_game(Game(players=3), [RandomBot()] * 3, seed=1).is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.actions import Action
from bluffmath.hochstapler.deal import SeatView
from bluffmath.hochstapler.game import Game, State
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.validate import bot_object, shown, whole_number


class Bot(Protocol):
    """What a player needs: a name and a choice of action.

    ``choose`` is given the seat's view, the legal actions as
    :meth:`State.legal_actions <bluffmath.hochstapler.game.State.legal_actions>` lists
    them, and the game's random generator; it returns one of the legal actions.
    """

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, for the seat of ``view``."""
        ...


def check_bot(bot: object, where: str = "bot") -> Bot:
    """Return ``bot`` if it has a ``name`` (a str) and a ``choose`` method, else raise
    :class:`~bluffmath.errors.InvalidInputError`.

    >>> check_bot("CardCountingBot")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bot must be a bot (...), got 'CardCountingBot' (str)
    """
    return bot_object(where, bot, "choose", "a bot (an object with a name and a "
                      "choose(view, legal, rng) method, such as CardCountingBot())")


def play_game(game: Game, bots: Sequence[Bot], seed: int = 0) -> State:
    """Play one game to the end; seat i is ``bots[i]``. The same seed, the same game."""
    whole_number("seed", seed, 0, MAX_SEED)
    if not isinstance(game, Game):
        raise InvalidInputError(f"play_game needs a Game, got {shown(game)} ({type(game).__name__})")
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise InvalidInputError(f"bots must be a sequence of bots, one per seat, got {type(bots).__name__}")
    bots = bounded("bots", bots, 100)  # read with a limit: len(range(10**12)) overflows in 32 bits
    if len(bots) != game.players:
        raise InvalidInputError(f"a game of {game.players} players needs {game.players} bots, got {len(bots)}")
    for seat, bot in enumerate(bots):
        check_bot(bot, f"bots[{seat}]")
    rng = random.Random(f"bluffmath-bots/{seed}")
    state = game.new_game(seed)
    while not state.is_terminal:
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state
