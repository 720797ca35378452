"""Tournaments of Gauner raus!: many seeded games between bots, seats rotated, spread over
processes.

:func:`run_tournament` plays ``games`` games of Gauner raus! between the bots given, on
all of this machine's cores by default, or on any :class:`concurrent.futures.Executor`
(a Dask cluster's ``Client(...).get_executor()`` runs the same tournament across
machines). Game ``g`` is a function of the seed and ``g`` alone, so the results are the
same whatever the executor, the number of workers and the chunks. The
:class:`TournamentResult` holds every game and a results table: games, wins (a tie for
the most points shares the win), mean points as an exact Fraction, and a 95% confidence
interval for the mean. The machinery is :mod:`bluffmath.tournament`'s, shared with
:mod:`bluffmath.hochstapler.tournament`; this module adds what is Gauner raus!'s: the
engine, its bots, and points, of which more are better.

>>> from bluffmath.gauner.bots import RandomBot, SolverBot
>>> result = run_tournament([SolverBot(), RandomBot()], games=6, seed=1, workers=1)
>>> print(result)
bot     games  wins  win %    mean points  95% interval
solver  6      6.00  100.0 %  12.00        12.0000 to 12.0000
random  6      0.00  0.0 %    2.50         1.0911 to 3.9089
>>> result.records[0].winners, result.records[0].scores
((0,), (12, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

from bluffmath import tournament
from bluffmath.errors import InvalidInputError
from bluffmath.gauner.bots import play_game
from bluffmath.gauner.game import Game
from bluffmath.gauner.grid import HAND_SIZE
from bluffmath.i18n import _
from bluffmath.limits import MAX_GAMES
from bluffmath.tournament import Progress, Standing, bot_words, labels, play_games, text_progress
from bluffmath.validate import bot_object, shown, whole_number

__all__ = [
    "GameRecord",
    "Standing",
    "TournamentResult",
    "check_bot",
    "run_tournament",
    "text_progress",
]

MIN_PLAYERS, MAX_PLAYERS = min(HAND_SIZE), max(HAND_SIZE)
"""The most games one tournament plays (a million games of solver bots take days)."""


@dataclass(frozen=True)
class GameRecord(tournament.GameRecord):
    """One game of a tournament: the engine's deal seed, the bot (by its index in the
    tournament's ``bots``) in each seat, and each seat's points.

    :attr:`winners` are the seats with the most points (ties share the win).

    >>> GameRecord(0, 7, (2, 0, 1), (4, 9, 9)).winners
    (1, 2)
    """

    lower_wins = False


@dataclass(frozen=True)
class TournamentResult(tournament.Results):
    """Every game of a tournament, and the results table (:attr:`standings`).

    ``str(result)`` is the table as text; in Jupyter the result shows as an HTML table
    and a chart of each bot's mean points with its interval. Two results are equal when
    the same bots (by name) played the same games with the same outcomes.
    """

    names: tuple[str, ...]
    players: int
    brave: bool
    seed: int
    records: tuple[GameRecord, ...]

    column = "mean points"
    points = "points"
    record = GameRecord
    standing = Standing

    def variant(self) -> str:
        """``"plain rules"``, or ``"brave investigators"`` (the ``brave`` variant)."""
        return _("brave investigators") if self.brave else _("plain rules")


def check_bot(bot: object, where: str = "bot") -> Any:
    """Return ``bot`` if it has a ``name`` (a str) and an ``act`` method, else raise
    :class:`~bluffmath.errors.InvalidInputError`.

    >>> check_bot("SolverBot")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bot must be a Gauner raus! bot (...), got 'SolverBot' (str)
    """
    return bot_object(where, bot, "act", "a Gauner raus! bot (an object with a name and an "
                      "act(state) method, such as SolverBot())")


def _check_players(players: object) -> int:
    return whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)


ENTRY = tournament.Entry(check_bot, _check_players, MIN_PLAYERS, MAX_PLAYERS,
                         "SolverBot()", "RandomBot()")


def fresh_bot(bot: Any, seed: int, seat: int) -> Any:
    """The bot that plays ``seat`` of the game dealt from ``seed``: a copy of ``bot``, so
    that nothing it draws or remembers carries over from one game to another (nor between
    the seats of a bot entered twice), whichever worker plays the game.

    A dataclass bot with a whole-number ``seed`` field (such as
    :class:`~bluffmath.gauner.bots.RandomBot`) is rebuilt with a seed drawn from its own
    seed, the game's seed and the seat (a SHA-256 of the three), so each game has its own
    random choices; any other bot is deep-copied as it is.

    >>> from bluffmath.gauner.bots import RandomBot
    >>> bot = RandomBot(seed=3)
    >>> fresh_bot(bot, 10, 0) == fresh_bot(bot, 10, 0) != fresh_bot(bot, 10, 1)
    True
    >>> fresh_bot(bot, 10, 0).go_on, bot.seed
    (0.5, 3)
    """
    return tournament.fresh_bot(bot, seed, seat, "bluffmath-gauner-bot")


def play_seated(game: Game, bots: Sequence[Any], seed: int) -> tuple[int, ...]:
    """Each seat's points in the game of a tournament dealt from ``seed``: ``bots`` in seat
    order, each as :func:`fresh_bot` makes it, played by
    :func:`~bluffmath.gauner.bots.play_game`.

    >>> from bluffmath.gauner.bots import RandomBot, SolverBot
    >>> play_seated(Game(2), [SolverBot(), RandomBot()], 5)
    (12, 3)
    """
    return play_game(game, [fresh_bot(bot, seed, seat) for seat, bot in enumerate(bots)], seed).scores


def run_tournament(bots: Sequence[Any], games: int, players: int | None = None, *,
                   brave: bool = False, seed: int = 0, executor: Executor | None = None,
                   workers: int | None = None, chunk: int | None = None,
                   progress: Progress | None = None) -> TournamentResult:
    """Play ``games`` seeded games of Gauner raus! between ``bots`` and return the results.

    - ``bots``: the entrants, at least one per seat (pass the same bot twice to enter it
      twice: ``[SolverBot()] + [RandomBot()] * 3``; a name used twice is told apart as
      ``"random #2"``). Game ``g`` seats bot ``(g + s) % len(bots)`` in seat ``s`` (see
      :func:`~bluffmath.tournament.seating`), so over any ``len(bots)`` games in a row
      every bot holds every seat once; the first seat plays first.
    - ``players``: the seats at the table, 2 to 4; by default one per bot.
    - ``brave``: True for the brave-investigator variant (a turn that ends with a miss
      loses its points).
    - ``seed``: game ``g`` is dealt with :func:`deal_seed(seed, g)
      <bluffmath.tournament.deal_seed>` and played by :func:`play_seated` with that seed:
      each bot is a fresh copy (see :func:`fresh_bot`; a
      :class:`~bluffmath.gauner.bots.RandomBot` is re-seeded from its seed, the game's
      and the seat), so the results depend on nothing else.
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

    The points of the brave variant, in a result's HTML caption:

    >>> from bluffmath.gauner.bots import RandomBot, SolverBot
    >>> result = run_tournament([SolverBot(), RandomBot()], games=2, brave=True, workers=1)
    >>> "2 games of 2 players (brave investigators), seed 0: mean points" in result._repr_html_()
    True
    """
    entrants = ENTRY.bots(bots)
    players = ENTRY.players(players, len(entrants))
    games = whole_number("games", games, 1, MAX_GAMES)
    if not isinstance(brave, bool):
        raise InvalidInputError(f"brave must be True or False, got {shown(brave)}")
    whole_number("seed", seed, 0)
    game = Game(players, brave)
    records = play_games(partial(play_seated, game), entrants, players, games, seed=seed,
                         executor=executor, workers=workers, chunk=chunk, progress=progress,
                         record=GameRecord)
    return TournamentResult(labels([bot_words(bot.name) for bot in entrants]), players, brave, seed, records)
