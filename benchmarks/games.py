"""Whole games of bots, for the games-per-second benchmarks, and their naive baseline.

The baseline plays the same games the way a first version would: the legal actions as
the engine's full list (:meth:`State.legal_actions`), and bots that decide by building
the whole :func:`~bluffmath.hochstapler.odds_table` of their position at every decision
(every colour's counting, bid-reading and exchange distributions) and reading the
chances off it. Its policy is :class:`~bluffmath.hochstapler.bots.CardCountingBot`'s, so
both sides must play exactly the same games: the benchmark checks that they do.

>>> from bluffmath.hochstapler import Game
>>> fast = card_counting_games(Game(players=3), seeds=range(2))
>>> fast == table_bot_games(Game(players=3), seeds=range(2))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from bluffmath.hochstapler import Game, SeatView, State, odds_table
from bluffmath.hochstapler.bots import Bot, CardCountingBot, Chances, play_game
from bluffmath.hochstapler.game import Action
from bluffmath.hochstapler.rules import MAX_TOTAL

Outcome = tuple[tuple[Any, ...], tuple[int, ...]]  # every reveal of a game, and its scores


class TableBot(CardCountingBot):
    """:class:`CardCountingBot`'s policy, with every chance read off a full odds table
    built once per decision."""

    def __init__(self) -> None:
        super().__init__(name="odds-table card counting")
        object.__setattr__(self, "_memo", (None, None))

    def _table(self, view: SeatView) -> Any:
        seen, table = self._memo  # type: ignore[attr-defined]
        if seen is not view:
            table = odds_table(view.position)
            object.__setattr__(self, "_memo", (view, table))
        return table

    def chances(self, view: SeatView, colour: str) -> Chances:
        """The card-counting chances, read off the table."""
        row = self._table(view).row(colour)
        return Chances(row.counting.at_least(t) for t in range(MAX_TOTAL[view.position.players] + 2))

    def exchange_chances(self, view: SeatView, colour: str) -> Chances:
        """The exchange chances, read off the table."""
        row = self._table(view).row(colour)
        return Chances(row.exchange.at_least(t) if row.exchange is not None else Fraction(0)
                       for t in range(MAX_TOTAL[view.position.players] + 2))


def naive_play(game: Game, bots: Sequence[Bot], seed: int) -> State:
    """:func:`play_game` with the engine's full list of legal actions at every turn."""
    rng = random.Random(f"bluffmath-bots/{seed}")
    state = game.new_game(seed)
    while not state.is_terminal:
        seat = state.to_act
        action: Action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        state = state.apply(action)
    return state


def _outcome(end: State) -> Outcome:
    return end.reveals, end.scores


def card_counting_games(game: Game, seeds: Iterable[int]) -> list[Outcome]:
    """bluffmath: games of card-counting bots, one per seed, by :func:`play_game`."""
    bots = [CardCountingBot()] * game.players
    return [_outcome(play_game(game, bots, seed)) for seed in seeds]


def table_bot_games(game: Game, seeds: Iterable[int]) -> list[Outcome]:
    """The baseline: the same games, by :class:`TableBot` and :func:`naive_play`."""
    bots = [TableBot() for _ in range(game.players)]
    return [_outcome(naive_play(game, bots, seed)) for seed in seeds]
