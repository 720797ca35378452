"""Tournaments: many seeded games between bots, seats rotated, spread over processes.

:func:`run_tournament` plays ``games`` games of Hochstapler between the bots given, on
all of this machine's cores by default, or on any :class:`concurrent.futures.Executor`
(a Dask cluster's ``Client(...).get_executor()`` runs the same tournament across
machines). Game ``g`` is a function of the seed and ``g`` alone, so the results are the
same whatever the executor, the number of workers and the chunks. The
:class:`TournamentResult` holds every game and a results table: games, wins (a tie
shares the win), mean penalty points as an exact Fraction, and a 95% confidence
interval for the mean.

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

import hashlib
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import ceil, floor, isqrt
from typing import TextIO

from bluffmath.display import Raw, decimal, interval_chart_svg, percent, table_html
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.bots import Bot, check_bot, play_game
from bluffmath.hochstapler.game import Game
from bluffmath.hochstapler.rules import check_players
from bluffmath.validate import whole_number

Progress = Callable[[int, int], object]

#: The normal quantile of a two-sided 95% interval, 1.95996..., rounded up.
Z95 = Fraction(196, 100)
#: Interval bounds are multiples of 10**-PLACES, rounded outward.
PLACES = 4


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament: the engine's deal seed, the bot (by its index in the
    tournament's ``bots``) in each seat, and each seat's penalty points."""

    game: int
    seed: int
    seating: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the fewest penalty points (ties share the win)."""
        fewest = min(self.scores)
        return tuple(seat for seat, points in enumerate(self.scores) if points == fewest)


@dataclass(frozen=True)
class Standing:
    """One bot's line of the results table.

    ``wins`` counts a win shared by ``n`` players as ``1/n``; ``mean`` is the mean penalty
    points per game; ``interval`` a 95% confidence interval for it (None with fewer than
    two games): see :func:`confidence_interval`.
    """

    bot: int
    name: str
    games: int
    wins: Fraction
    penalty: int
    mean: Fraction
    interval: tuple[Fraction, Fraction] | None

    @property
    def win_rate(self) -> Fraction:
        """The share of its games the bot won."""
        return self.wins / self.games


def confidence_interval(values: Sequence[int]) -> tuple[Fraction, Fraction] | None:
    """A 95% confidence interval for the mean of ``values``, without a float.

    The normal approximation ``mean ± 1.96 · s / √n`` (``s`` the sample standard
    deviation), good for a few dozen games or more. The square root is taken with
    :func:`math.isqrt` to 8 decimal places and rounded up, 1.96 is rounded up from 1.95996..., and the bounds
    are rounded outward to multiples of 1/10000, so the interval is never narrower than
    the exact one; the lower bound is at least 0 (penalty points are never negative).
    None for fewer than two values.

    >>> confidence_interval([0, 1, 2, 1])
    (Fraction(999, 5000), Fraction(9001, 5000))
    >>> confidence_interval([3, 3])
    (Fraction(3, 1), Fraction(3, 1))
    """
    n = len(values)
    if n < 2:
        return None
    mean = Fraction(sum(values), n)
    variance = (sum((v - mean) ** 2 for v in values)) / (n - 1)
    fine, scale = 10 ** (2 * PLACES), 10**PLACES  # the root is taken to 8 places
    square = ceil(variance / n * fine * fine)
    root = isqrt(square)
    root += root * root < square  # now root / fine >= sqrt(variance / n)
    half = Z95 * Fraction(root, fine)
    low = Fraction(floor((mean - half) * scale), scale)
    high = Fraction(ceil((mean + half) * scale), scale)
    return max(low, Fraction(0)), high


@dataclass(frozen=True)
class TournamentResult:
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

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.records)

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """One :class:`Standing` per bot, in the order the bots were given."""
        penalties: list[list[int]] = [[] for _ in self.names]
        wins = [Fraction(0)] * len(self.names)
        for record in self.records:
            winners = record.winners
            for seat, bot in enumerate(record.seating):
                penalties[bot].append(record.scores[seat])
                if seat in winners:
                    wins[bot] += Fraction(1, len(winners))
        return tuple(
            Standing(i, name, len(points), wins[i], sum(points),
                     Fraction(sum(points), len(points)) if points else Fraction(0),
                     confidence_interval(points))
            for i, (name, points) in enumerate(zip(self.names, penalties, strict=True))
        )

    def rows(self) -> list[list[str]]:
        """The results table as text cells, the header first."""
        lines = [["bot", "games", "wins", "win %", "mean penalty", "95% interval"]]
        for s in self.standings:
            interval = "–" if s.interval is None else \
                f"{decimal(s.interval[0], PLACES)} to {decimal(s.interval[1], PLACES)}"
            rate = percent(s.win_rate) if s.games else "–"
            lines.append([s.name, str(s.games), decimal(s.wins), rate, decimal(s.mean), interval])
        return lines

    def __str__(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                         for row in rows)

    def chart(self) -> Raw:
        """Each bot's mean penalty points with its 95% interval, as an inline SVG."""
        return interval_chart_svg([(s.name, s.mean, s.interval) for s in self.standings])

    def _repr_html_(self) -> str:
        header, *rows = self.rows()
        variant = "one deal" if self.target is None else f"until someone has {self.target} points"
        caption = (f"<p>{self.games} games of {self.players} players ({variant}), seed "
                   f"{self.seed}: mean penalty points with 95% intervals (fewer is better)</p>")
        return f'<div class="bluffmath-tournament">{table_html(header, rows)}{caption}{self.chart()}</div>'


def deal_seed(seed: int, game: int) -> int:
    """The engine's seed for game ``game`` of a tournament seeded ``seed``: the same on
    every machine and Python (a SHA-256 of both, not Python's salted ``hash``).

    >>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
    True
    """
    digest = hashlib.sha256(f"bluffmath-tournament/{seed}/{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seating(bots: int, players: int, game: int) -> tuple[int, ...]:
    """The bot in each seat of game ``game``: seat ``s`` gets bot ``(game + s) % bots``.

    Over any ``bots`` games in a row every bot sits in every seat once (if there are more
    bots than seats, it sits out the other games).

    >>> [seating(3, 3, g) for g in range(3)]
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    """
    return tuple((game + seat) % bots for seat in range(players))


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play any chunk of the tournament (it is pickled)."""

    bots: tuple[Bot, ...]
    players: int
    target: int | None
    seed: int


def _play_chunk(plan: _Plan, start: int, stop: int) -> tuple[GameRecord, ...]:
    """Play games ``start`` to ``stop - 1`` of the tournament (in a worker)."""
    game = Game(plan.players, plan.target)
    records = []
    for g in range(start, stop):
        seats = seating(len(plan.bots), plan.players, g)
        seed = deal_seed(plan.seed, g)
        end = play_game(game, [plan.bots[b] for b in seats], seed)
        records.append(GameRecord(g, seed, seats, end.scores))
    return tuple(records)


def text_progress(stream: TextIO | None = None, width: int = 30) -> Callable[[int, int], None]:
    """A ``progress`` callback for scripts: a bar on one line of ``stream`` (standard
    error by default), redrawn at each call and ended with a newline at the total.

    >>> import io
    >>> out = io.StringIO()
    >>> show = text_progress(out, width=10)
    >>> show(3, 6); show(6, 6)
    >>> out.getvalue()
    '\\r[#####.....] 3/6 games\\r[##########] 6/6 games\\n'
    """
    def show(done: int, total: int) -> None:
        target = sys.stderr if stream is None else stream
        filled = width * done // total if total else width
        end = "\n" if done >= total else ""
        target.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{end}")
        target.flush()

    return show


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
      by :func:`~bluffmath.hochstapler.bots.play_game` with that seed; the results depend
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
    entrants = _check_bots(bots)
    players = _check_players(players, len(entrants))
    games = whole_number("games", games, 1)
    if target is not None:
        whole_number("target", target, 1)
    seed = whole_number("seed", seed, 0)
    if executor is not None and not isinstance(executor, Executor):
        raise InvalidInputError(
            f"executor must be a concurrent.futures.Executor (such as ProcessPoolExecutor() "
            f"or a Dask Client(...).get_executor()), or None; got {type(executor).__name__}"
        )
    if workers is not None:
        if executor is not None:
            raise InvalidInputError("give either an executor or a number of workers, not both")
        whole_number("workers", workers, 1)
    if progress is not None and not callable(progress):
        raise InvalidInputError(f"progress must be a function progress(done, total), got {progress!r}")
    pool_size = workers or os.cpu_count() or 1
    chunk = whole_number("chunk", chunk, 1) if chunk is not None else \
        max(1, min(100, ceil(games / (4 * pool_size))))
    plan = _Plan(entrants, players, target, seed)
    spans = [(start, min(start + chunk, games)) for start in range(0, games, chunk)]
    if progress is not None:
        progress(0, games)
    if executor is None and pool_size == 1:
        chunks = _serially(plan, spans, games, progress)
    elif executor is None:
        from concurrent.futures import ProcessPoolExecutor  # only here: it loads multiprocessing

        with ProcessPoolExecutor(min(pool_size, len(spans))) as pool:
            chunks = _on(pool, plan, spans, games, progress)
    else:
        chunks = _on(executor, plan, spans, games, progress)
    records = tuple(record for span in spans for record in chunks[span[0]])
    return TournamentResult(labels([bot.name for bot in entrants]), players, target, seed, records)


def labels(names: Sequence[str]) -> tuple[str, ...]:
    """The bots' names, told apart: a name's second use becomes ``"name #2"``, and so on.

    >>> labels(["card counting", "random", "random"])
    ('card counting', 'random', 'random #2')
    """
    used: set[str] = set()
    out = []
    for name in names:
        label, n = name, 1
        while label in used:
            n += 1
            label = f"{name} #{n}"
        used.add(label)
        out.append(label)
    return tuple(out)


def _serially(plan: _Plan, spans: list[tuple[int, int]], games: int,
              progress: Progress | None) -> dict[int, tuple[GameRecord, ...]]:
    chunks = {}
    for start, stop in spans:
        chunks[start] = _play_chunk(plan, start, stop)
        if progress is not None:
            progress(stop, games)
    return chunks


def _on(executor: Executor, plan: _Plan, spans: list[tuple[int, int]], games: int,
        progress: Progress | None) -> dict[int, tuple[GameRecord, ...]]:
    futures: dict[Future[tuple[GameRecord, ...]], int] = {}
    try:
        for start, stop in spans:
            futures[executor.submit(_play_chunk, plan, start, stop)] = start
        chunks, done = {}, 0
        for future in as_completed(futures):
            records = future.result()
            chunks[futures[future]] = records
            done += len(records)
            if progress is not None:
                progress(done, games)
        return chunks
    finally:
        for future in futures:
            future.cancel()  # after a failure: drop what has not started


def _check_bots(bots: object) -> tuple[Bot, ...]:
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise InvalidInputError(
            f"bots must be a list of bots, such as [CardCountingBot(), RandomBot(), "
            f"RandomBot()]; got {type(bots).__name__}"
        )
    if not bots:
        raise InvalidInputError("a tournament needs bots: got none")
    return tuple(check_bot(bot, f"bots[{i}]") for i, bot in enumerate(bots))


def _check_players(players: object, entrants: int) -> int:
    if players is None:
        if not 3 <= entrants <= 7:
            raise InvalidInputError(
                f"a game seats 3 to 7 players, and the tournament has {entrants} bots: give "
                f"players=... (at most the number of bots), or one bot per seat"
            )
        return entrants
    players = check_players(players)
    if entrants < players:
        raise InvalidInputError(
            f"a tournament of {players}-player games needs at least {players} bots, one per "
            f"seat, got {entrants}; enter a bot more than once to fill the seats, such as "
            f"[CardCountingBot()] + [RandomBot()] * {players - 1}"
        )
    return players
