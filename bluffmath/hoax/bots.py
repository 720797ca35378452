"""Bots for Hoax, and a runner that plays a whole game with them.

A bot is any object with ``name`` and ``act(state) -> Action``; a bot should look only at
what its seat may know, ``state.view(state.to_act)``, and choose among
``state.legal_actions()``. :class:`RandomBot` chooses uniformly among the legal moves with
its own seeded :class:`random.Random` (so the same seed plays the same).

>>> from bluffmath.hoax.game import Game
>>> end = play(Game("original", players=4, seed=7), [RandomBot(seed=s) for s in range(4)])
>>> end.is_terminal, end.winner is not None or end.is_draw
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.actions import Action
from bluffmath.hoax.game import Game, State
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.validate import bot_object, whole_number


@dataclass
class RandomBot:
    """Chooses uniformly among the legal moves (``seed``: its own random numbers)."""

    seed: int = 0
    name: str = "random"
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        whole_number("seed", self.seed, 0, MAX_SEED)
        self.rng = random.Random(self.seed)

    def act(self, state: State) -> Action:
        if not isinstance(state, State) or state.is_terminal:
            raise InvalidInputError(f"a bot acts on a Hoax State whose game is not over, got {state!r}")
        return self.rng.choice(state.legal_actions())


def play(game: Game, bots: Sequence[object], seed: int | None = None) -> State:
    """Play ``game`` to the end, seat ``i`` moved by ``bots[i]``; ``seed`` (if given)
    replaces the game's seed, which deals the cards."""
    if not isinstance(game, Game):
        raise InvalidInputError(f"game must be a Hoax Game, such as Game('original', players=4), got {game!r}")
    bots = bounded("bots", bots, game.players + 1)
    if len(bots) != game.players:
        raise InvalidInputError(f"bots must be one per player ({game.players}), got {len(bots)}")
    for i, bot in enumerate(bots):
        bot_object(f"bots[{i}]", bot, "act", "an object with act(state) -> Action, such as RandomBot()")
    if seed is not None:
        whole_number("seed", seed, 0, MAX_SEED)
        game = Game(game.edition, game.players, seed, game.deal, game.max_turns, game.accuse_on_turn)
    state = game.new_game()
    while not state.is_terminal:
        state = state.apply(bots[state.to_act].act(state))
    return state
