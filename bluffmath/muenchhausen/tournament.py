"""Tournaments of Münchhausen: many games between bots, seats rotated, spread over processes.

The machinery is :mod:`bluffmath.tournament`'s, shared with the other games. Münchhausen
deals no cards at random (every hand starts with every value), so a game's seed only
re-seeds the random bots (see :func:`~bluffmath.tournament.fresh_bot`); points are summed
over the game's rounds, and more are better.

>>> from bluffmath.muenchhausen.bots import HonestBot, OddsBot, RandomBot
>>> result = run_tournament([OddsBot(), HonestBot(), RandomBot()], games=3, workers=1)
>>> [s.games for s in result.standings]
[3, 3, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

from bluffmath import tournament
from bluffmath.i18n import n_
from bluffmath.limits import MAX_GAMES
from bluffmath.muenchhausen.bots import play_game
from bluffmath.muenchhausen.game import Game
from bluffmath.muenchhausen.rules import MAX_PLAYERS, MIN_PLAYERS
from bluffmath.tournament import Progress, Standing, bot_words, labels, play_games, text_progress
from bluffmath.validate import bot_object, whole_number

#: Games in one tournament.

__all__ = ["GameRecord", "Standing", "TournamentResult", "check_bot", "run_tournament", "text_progress"]


@dataclass(frozen=True)
class GameRecord(tournament.GameRecord):
    """One game: the seed, the bot in each seat, each seat's points; the most points win."""

    lower_wins = False


@dataclass(frozen=True)
class TournamentResult(tournament.Results):
    """Every game of a tournament, and the results table (:attr:`standings`)."""

    names: tuple[str, ...]
    players: int
    rounds: int
    seed: int
    records: tuple[GameRecord, ...]

    column = "mean points"
    points = "points"
    record = GameRecord
    standing = Standing

    def variant(self) -> str:
        """How many rounds a game has."""
        return n_("{n} round a game", "{n} rounds a game", self.rounds).format(n=self.rounds)


def check_bot(bot: object, where: str = "bot") -> Any:
    """Return ``bot`` if it has a ``name`` and an ``act`` method, else a clear error."""
    return bot_object(where, bot, "act", "a Münchhausen bot (an object with a name and an "
                      "act(state) method, such as OddsBot())")


def _check_players(players: object) -> int:
    return whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)


ENTRY = tournament.Entry(check_bot, _check_players, MIN_PLAYERS, MAX_PLAYERS, "OddsBot()", "RandomBot()")


def play_seated(game: Game, bots: Sequence[Any], seed: int) -> tuple[int, ...]:
    """Each seat's points in one game: ``bots`` in seat order, each a fresh copy."""
    fresh = [tournament.fresh_bot(bot, seed, seat, "bluffmath-muenchhausen-bot") for seat, bot in enumerate(bots)]
    return play_game(game, fresh).scores


def run_tournament(bots: Sequence[Any], games: int, players: int | None = None, *, rounds: int = 1,
                   seed: int = 0, executor: Executor | None = None, workers: int | None = None,
                   chunk: int | None = None, progress: Progress | None = None) -> TournamentResult:
    """Play ``games`` games of ``rounds`` rounds between ``bots``; the arguments are those
    of :func:`bluffmath.gauner.run_tournament` (``players``: 2 to 8, one per bot by default)."""
    entrants = ENTRY.bots(bots)
    players = ENTRY.players(players, len(entrants))
    games = whole_number("games", games, 1, MAX_GAMES)
    game = Game(players, rounds)
    records = play_games(partial(play_seated, game), entrants, players, games, seed=seed,
                         executor=executor, workers=workers, chunk=chunk, progress=progress,
                         record=GameRecord)
    return TournamentResult(labels([bot_words(bot.name) for bot in entrants]), players, rounds, seed, records)
