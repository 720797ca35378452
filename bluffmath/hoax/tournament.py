"""Tournaments of Hoax: many games between bots, seats rotated, spread over processes.

The machinery is :mod:`bluffmath.tournament`'s, shared with the other games. Game ``g``
deals the cards by the seed :func:`~bluffmath.tournament.deal_seed` gives it, and every
seat plays a fresh copy of its bot (see :func:`~bluffmath.tournament.fresh_bot`). A win
scores 1 and every other seat 0; a game that reaches ``max_turns``, or in which every
player still in passes in one full round, is a draw and scores 0 for all: nobody wins it
(unlike the other games, where equal scores share the win).

>>> from bluffmath.hoax.bots import RandomBot
>>> from bluffmath.hoax.players import DeducerBot, HonestBot
>>> result = run_tournament([DeducerBot(), RandomBot(), RandomBot(), HonestBot()], games=4, max_turns=30,
...                         workers=1)
>>> [s.games for s in result.standings], sum(s.wins for s in result.standings) <= 4
([4, 4, 4, 4], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

from bluffmath import tournament
from bluffmath.hoax.bots import play
from bluffmath.hoax.game import MAX_TURNS, Game
from bluffmath.hoax.roles import Edition, edition_name
from bluffmath.hoax.roles import edition as edition_named
from bluffmath.i18n import _
from bluffmath.limits import MAX_GAMES
from bluffmath.tournament import Progress, Standing, bot_words, labels, play_games, text_progress
from bluffmath.validate import bot_object, whole_number

__all__ = ["GameRecord", "Standing", "TournamentResult", "bot_words", "check_bot", "run_tournament", "text_progress"]


@dataclass(frozen=True)
class GameRecord(tournament.GameRecord):
    """One game: the seed, the bot in each seat, each seat's score (1 for the winner, else
    0); a draw (every score 0) has no winners."""

    lower_wins = False

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that won, or none after a draw."""
        return tuple(seat for seat, points in enumerate(self.scores) if points > 0)


@dataclass(frozen=True)
class TournamentResult(tournament.Results):
    """Every game of a tournament, and the results table (:attr:`standings`)."""

    names: tuple[str, ...]
    players: int
    edition: str
    max_turns: int
    seed: int
    records: tuple[GameRecord, ...]

    column = "win share"
    points = "wins per game"
    record = GameRecord
    standing = Standing

    def variant(self) -> str:
        """The edition, and when a game is a draw, in the language in use."""
        return _("{edition} edition; a draw, scoring 0 for all, after {turns} turns or a full round of "
                 "passes").format(edition=edition_name(self.edition), turns=self.max_turns)

    @property
    def draws(self) -> int:
        """How many games nobody won."""
        return sum(not r.winners for r in self.records)


def check_bot(bot: object, where: str = "bot") -> Any:
    """Return ``bot`` if it has a ``name`` and an ``act`` method, else a clear error."""
    return bot_object(where, bot, "act", "a Hoax bot (an object with a name and an act(state) method, "
                      "such as DeducerBot())")


def _entry(ed: Edition) -> tournament.Entry:
    fewest, most = ed.players.start, ed.players.stop - 1
    return tournament.Entry(check_bot, partial(whole_number, "players", low=fewest, high=most), fewest, most,
                            "DeducerBot()", "RandomBot()")


def play_seated(game: Game, bots: Sequence[Any], seed: int) -> tuple[int, ...]:
    """Each seat's score in one game dealt by ``seed``: ``bots`` in seat order, each a fresh copy."""
    fresh = [tournament.fresh_bot(bot, seed, seat, "bluffmath-hoax-bot") for seat, bot in enumerate(bots)]
    end = play(game, fresh, seed=seed)
    return tuple(int(seat == end.winner) for seat in range(game.players))


def run_tournament(bots: Sequence[Any], games: int, players: int | None = None, *, edition: str = "original",
                   max_turns: int = 200, seed: int = 0, executor: Executor | None = None,
                   workers: int | None = None, chunk: int | None = None,
                   progress: Progress | None = None) -> TournamentResult:
    """Play ``games`` games of Hoax between ``bots``; the arguments are those of
    :func:`bluffmath.gauner.run_tournament` (``players``: 3 to 6 in the original edition,
    4 to 8 in the German, one per bot by default), and ``edition`` ("original" or
    "german") and ``max_turns`` (the turns after which a game is a draw) of
    :class:`~bluffmath.hoax.game.Game`."""
    ed = edition_named(edition)
    entry = _entry(ed)
    entrants = entry.bots(bots)
    players = entry.players(players, len(entrants))
    games = whole_number("games", games, 1, MAX_GAMES)
    max_turns = whole_number("max_turns", max_turns, 1, MAX_TURNS)
    game = Game(ed, players, max_turns=max_turns)
    records = play_games(partial(play_seated, game), entrants, players, games, seed=seed,
                         executor=executor, workers=workers, chunk=chunk, progress=progress,
                         record=GameRecord)
    names = labels([bot_words(bot.name) for bot in entrants])
    return TournamentResult(names, players, ed.name, max_turns, seed, records)
