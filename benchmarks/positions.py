"""Hochstapler positions drawn at random from simulated games, by a fixed seed.

The benchmarks time bluffmath on what it meets in play, not on positions chosen for it:
:func:`positions` plays whole games of bots (each seat a random, a card-counting or a
bid-reading bot, the mix drawn from the game's seed) and keeps the position of the seat
to act at every decision. :func:`sample` draws from them by a seeded
:class:`random.Random`; :func:`crowded` keeps the positions in which most of the other
seats have called one colour, the hardest case for reading the bids, so that the
benchmarks cover it whatever the draw. Everything is a function of the seeds: the same
seeds, the same positions.

>>> ps = positions(players=4, games=2)
>>> len(ps) > 10, all(p.players == 4 for p in ps)
(True, True)
>>> sample(ps, 3, seed=1) == sample(ps, 3, seed=1)
True
>>> all(callers(p) >= 2 for p in crowded(ps, 2))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bluffmath.hochstapler import Game, Position
from bluffmath.hochstapler.bots import BidReadingBot, CardCountingBot, RandomBot

Query = tuple[int, int | None, tuple[int, ...]]  # players, own card, face-up cards

_KINDS = (RandomBot, CardCountingBot, BidReadingBot)


def positions(players: int, games: int, first_seed: int = 0) -> list[Position]:
    """The position of the seat to act at every decision of ``games`` games (seeds
    ``first_seed``, ``first_seed + 1``, ...), in order of play."""
    found = []
    for seed in range(first_seed, first_seed + games):
        mix = random.Random(f"bluffmath-bench-bots/{players}/{seed}")
        bots = [mix.choice(_KINDS)() for _ in range(players)]
        rng = random.Random(f"bluffmath-bots/{seed}")
        state = Game(players=players).new_game(seed)
        while not state.is_terminal:
            seat = state.to_act
            view = state.view(seat)
            found.append(view.position)
            state = state.apply(bots[seat].choose(view, state.legal_actions(), rng))
    return found


def sample(items: Sequence[Position], n: int, seed: int) -> list[Position]:
    """``n`` of ``items`` (all of them if fewer), drawn without replacement by ``seed``."""
    return random.Random(seed).sample(list(items), min(n, len(items)))


def callers(position: Position) -> int:
    """The most seats that have spoken calls in one colour of ``position``."""
    return max((len({c.seat for c in position.spoken_calls(colour)}) for colour in position.colours),
               default=0)


def crowded(items: Sequence[Position], least: int) -> list[Position]:
    """The positions in which at least ``least`` seats have spoken calls in one colour."""
    return [p for p in items if callers(p) >= least]


def colour_queries(items: Sequence[Position]) -> list[Query]:
    """Every colour of every position as a card-counting query (players, own, face up)."""
    return [(p.players, p.hand[c], p.face_up(c)) for p in items for c in p.colours]
