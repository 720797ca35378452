"""Tournaments: many seeded games between bots, seats rotated, spread over processes.

:func:`run_tournament` plays ``games`` games of Hochstapler between the bots given, on
all of this machine's cores by default, or on any :class:`concurrent.futures.Executor`
(a Dask cluster's ``Client(...).get_executor()`` runs the same tournament across
machines). Game ``g`` is a function of the seed and ``g`` alone, so the results are the
same whatever the executor, the number of workers and the chunks. The
:class:`TournamentResult` holds every game and a results table: games, wins (a tie
shares the win), mean penalty points as an exact Fraction, and a 95% confidence
interval for the mean. The machinery is :mod:`bluffmath.tournament`'s, shared with
:mod:`bluffmath.gauner.tournament`; this module adds what is Hochstapler's: the engine,
its bots, and penalty points, of which fewer are better.

>>> from bluffmath.hochstapler.bots import CardCountingBot, RandomBot
>>> bots = [CardCountingBot(), RandomBot(), RandomBot(name="random 2")]
>>> result = run_tournament(bots, games=30, seed=1, workers=1)
>>> print(result)
bot            games  wins   win %   mean penalty  95% interval
card counting  30     27.50  91.7 %  0.60          0.3585 to 0.8415
random         30     1.50   5.0 %   3.00          2.6483 to 3.3517
random 2       30     1.00   3.3 %   3.40          3.0288 to 3.7712
>>> result.standings[0].mean
Fraction(3, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

from bluffmath import tournament
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.game import Game
from bluffmath.hochstapler.play import Bot, check_bot, play_game
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS, check_players, shown_int
from bluffmath.i18n import _
from bluffmath.limits import MAX_GAMES, MAX_SEED, MAX_TARGET
from bluffmath.tournament import (
    PLACES,
    Z95,
    Progress,
    bot_words,
    confidence_interval,
    deal_seed,
    labels,
    play_games,
    seating,
    text_progress,
)
from bluffmath.validate import whole_number

__all__ = [
    "PLACES",
    "Z95",
    "GameRecord",
    "Progress",
    "Standing",
    "TournamentResult",
    "confidence_interval",
    "deal_seed",
    "labels",
    "run_tournament",
    "seating",
    "text_progress",
]


@dataclass(frozen=True)
class GameRecord(tournament.GameRecord):
    """One game of a tournament: the engine's deal seed, the bot (by its index in the
    tournament's ``bots``) in each seat, and each seat's penalty points.

    :attr:`winners` are the seats with the fewest penalty points (ties share the win).
    """

    lower_wins = True


@dataclass(frozen=True)
class Standing(tournament.Standing):
    """One bot's line of the results table.

    ``wins`` counts a win shared by ``n`` players as ``1/n``; ``penalty`` (also
    ``total``) is its penalty points over all its games, ``mean`` the mean penalty points
    per game; ``interval`` a 95% confidence interval for it (None with fewer than two
    games): see :func:`confidence_interval`.
    """

    @property
    def penalty(self) -> int:
        """The bot's penalty points over all its games."""
        return self.total


@dataclass(frozen=True)
class TournamentResult(tournament.Results):
    """Every game of a tournament, and the results table (:attr:`standings`).

    ``str(result)`` is the table as text; in Jupyter the result shows as an HTML table
    and a chart of each bot's mean penalty with its interval. Two results are equal when
    the same bots (by name) played the same games with the same outcomes.
    """

    names: tuple[str, ...]
    players: int
    target: int | None
    seed: int
    records: tuple[GameRecord, ...]

    column = "mean penalty"
    points = "penalty points"
    record = GameRecord
    standing = Standing

    def variant(self) -> str:
        """``"one deal"``, or ``"until someone has 10 points"`` (the ``target``)."""
        return (_("one deal") if self.target is None else
                _("until someone has {target} points").format(target=self.target))


ENTRY = tournament.Entry(check_bot, check_players, MIN_PLAYERS, MAX_PLAYERS,
                         "CardCountingBot()", "RandomBot()")


def _play(game: Game, bots: Sequence[Bot], seed: int) -> tuple[int, ...]:
    """One game's penalty points (in a worker)."""
    return play_game(game, bots, seed).scores


def run_tournament(bots: Sequence[Bot], games: int, players: int | None = None, *,
                   target: int | None = None, seed: int = 0, executor: Executor | None = None,
                   workers: int | None = None, chunk: int | None = None,
                   progress: Progress | None = None) -> TournamentResult:
    """Play ``games`` seeded games between ``bots`` and return the results.

    - ``bots``: the entrants, at least one per seat (pass the same bot twice to enter it
      twice: ``[CardCountingBot()] + [RandomBot()] * 4``; a name used twice is told
      apart as ``"random #2"``). Game ``g`` seats bot
      ``(g + s) % len(bots)`` in seat ``s`` (see :func:`seating`), so over any
      ``len(bots)`` games in a row every bot holds every seat once; the first seat opens.
    - ``players``: the seats at the table, 3 to 7; by default one per bot.
    - ``target``: None for one deal per game; 10 for the rules' multi-deal variant.
    - ``seed``: game ``g`` is dealt with :func:`deal_seed(seed, g) <deal_seed>` and played
      by :func:`~bluffmath.hochstapler.play.play_game` with that seed; the results depend
      on nothing else.
    - ``executor``: None to spread the games over a new
      :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes (by
      default ``os.cpu_count()``; ``workers=1`` plays them here, without a pool), shut
      down at the end; or any :class:`~concurrent.futures.Executor`, used and left
      running: a thread pool, a process pool, a Dask ``Client(...).get_executor()``. The
      bots are pickled to the workers, so they (and bluffmath) must be importable there.
    - ``chunk``: games per task; by default about a quarter of the games per worker, at
      most 100.
    - ``progress``: called as ``progress(done, total)`` with 0 first, then the games
      finished so far after each chunk, ending with ``total``; :func:`text_progress`
      draws a bar for scripts.
    """
    entrants = ENTRY.bots(bots)
    players = ENTRY.players(players, len(entrants))
    games = whole_number("games", games, 1)
    whole_number("seed", seed, 0)
    if target is not None:
        whole_number("target", target, 1)
    for name, value, top in (("games", games, MAX_GAMES), ("seed", seed, MAX_SEED),
                             ("target", target or 0, MAX_TARGET)):
        if value > top:
            raise InvalidInputError(f"{name} must be at most {top:,}; got {shown_int(value)}")
    records = play_games(partial(_play, Game(players, target)), entrants, players, games,
                         seed=seed, executor=executor, workers=workers, chunk=chunk,
                         progress=progress, record=GameRecord)
    return TournamentResult(labels([bot_words(bot.name) for bot in entrants]), players, target, seed, records)
