"""The machinery every game's tournament shares: seeds, seats, chunks, executors, progress,
and the results table with its exact intervals and chart (:mod:`bluffmath.standings`).

A game's tournament module (:mod:`bluffmath.hochstapler.tournament`,
:mod:`bluffmath.gauner.tournament`) supplies only what is particular to its game:

- how to play one game: a picklable function ``play(bots, seed)`` that plays the bots
  given, one per seat in seat order, from the deal seed and returns each seat's score;
- whether fewer points win (Hochstapler's penalty points) or more (Gauner raus!): the
  ``lower_wins`` of its :class:`~bluffmath.standings.GameRecord` subclass;
- how to check its bots and numbers of players (an :class:`Entry`);
- the wording of the table and the caption (a :class:`~bluffmath.standings.Results`
  subclass: ``column`` such as ``"mean penalty"`` or ``"mean points"``, and
  :meth:`~bluffmath.standings.Results.variant`).

:func:`play_games` then plays game ``g`` with the bots of :func:`seating` and the seed
:func:`deal_seed(seed, g) <deal_seed>`, here or on any
:class:`concurrent.futures.Executor`, so the records are the same whatever the executor,
the number of workers and the chunks:

>>> def play(bots, seed):  # a toy game: each seat scores its bot's number, fewest wins
...     return tuple(bots)
>>> records = play_games(play, (5, 1, 3), 3, games=3, workers=1)
>>> [(r.seating, r.scores, r.winners) for r in records]
[((0, 1, 2), (5, 1, 3), (1,)), ((1, 2, 0), (1, 3, 5), (0,)), ((2, 0, 1), (3, 5, 1), (2,))]
>>> records[2].seed == deal_seed(0, 2)
True
>>> play_games(play, (5, 1, 3), 3, games=3, workers=1, chunk=2) == records
True
"""

from __future__ import annotations

import copy
import hashlib
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, fields, is_dataclass, replace
from math import ceil
from typing import Any, TextIO

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import p_
from bluffmath.standings import PLACES as PLACES
from bluffmath.standings import Z95 as Z95
from bluffmath.standings import GameRecord
from bluffmath.standings import Results as Results
from bluffmath.standings import Standing as Standing
from bluffmath.standings import confidence_interval as confidence_interval
from bluffmath.validate import whole_number

# The ``name as name`` imports: names that moved to the module named, still found here.

__all__ = [
    "Entry",
    "Progress",
    "deal_seed",
    "fresh_bot",
    "labels",
    "play_games",
    "seating",
    "text_progress",
]

Progress = Callable[[int, int], object]
#: ``play(bots, seed)``: one game between ``bots`` (one per seat) from the deal ``seed``;
#: each seat's score. It is pickled to the workers with the bots.
Play = Callable[[Sequence[Any], int], Sequence[int]]


def deal_seed(seed: int, game: int) -> int:
    """The engine's seed for game ``game`` of a tournament seeded ``seed``: the same on
    every machine and Python (a SHA-256 of both, not Python's salted ``hash``).

    >>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
    True
    """
    digest = hashlib.sha256(f"bluffmath-tournament/{seed}/{game}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def fresh_bot(bot: Any, seed: int, seat: int, salt: str) -> Any:
    """A copy of ``bot`` for one seat of one game, so that nothing it draws or remembers
    carries over between games or seats: a dataclass bot with a whole-number ``seed`` field
    is rebuilt with a seed drawn (SHA-256) from ``salt``, its own seed, the game's seed and
    the seat; any other bot is deep-copied.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Bot:
    ...     seed: int = 0
    >>> fresh_bot(Bot(3), 10, 0, "x") == fresh_bot(Bot(3), 10, 0, "x") != fresh_bot(Bot(3), 10, 1, "x")
    True
    """
    if is_dataclass(bot) and not isinstance(bot, type):
        own = getattr(bot, "seed", None)
        if (any(f.name == "seed" and f.init for f in fields(bot))
                and isinstance(own, int) and not isinstance(own, bool)):
            digest = hashlib.sha256(f"{salt}/{own}/{seed}/{seat}".encode()).digest()
            return replace(bot, seed=int.from_bytes(digest[:8], "big"))
    return copy.deepcopy(bot)


def seating(bots: int, players: int, game: int) -> tuple[int, ...]:
    """The bot in each seat of game ``game``: seat ``s`` gets bot ``(game + s) % bots``.

    Over any ``bots`` games in a row every bot sits in every seat once (if there are more
    bots than seats, it sits out the other games).

    >>> [seating(3, 3, g) for g in range(3)]
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    """
    return tuple((game + seat) % bots for seat in range(players))


def bot_words(name: str) -> str:
    """A bot's name (its ``name``, any game's) as a page or a results table shows it, in the
    language in use; a bot bluffmath does not ship keeps its own name.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     bot_words("card counting"), bot_words("deducer"), bot_words("my bot")
    ('Kartenzählen', 'Kombinierer', 'my bot')
    >>> bot_words("card counting")
    'card counting'
    """
    words = {"random": p_("bot", "random"), "card counting": p_("bot", "card counting"),
             "bid reading": p_("bot", "bid reading"), "called colour": p_("bot", "called colour"),
             "solver": p_("bot", "solver"), "odds": p_("bot", "odds"), "honest": p_("bot", "honest"),
             "deducer": p_("bot", "deducer"), "bluffer": p_("bot", "bluffer")}
    return words.get(name, name)


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


def text_progress(stream: TextIO | None = None, width: int = 30) -> Callable[[int, int], None]:
    """A ``progress`` callback for scripts: a bar on one line of ``stream`` (standard
    error by default), redrawn at each call and ended with a newline at the total.

    >>> import io
    >>> out = io.StringIO()
    >>> show = text_progress(out, width=10)
    >>> show(3, 6); show(6, 6)
    >>> out.getvalue()
    '\\r[#####.....] 3/6 games\\r[##########] 6/6 games\\n'

    ``width`` is 1 to 200 characters; ``stream`` a text stream (with write and flush).
    """
    whole_number("width", width, 1, 200)
    if stream is not None and not (callable(getattr(stream, "write", None))
                                   and callable(getattr(stream, "flush", None))):
        raise InvalidInputError(f"stream must be a text stream (with write and flush), such as "
                                f"sys.stderr, got {type(stream).__name__}")

    def show(done: int, total: int) -> None:
        target = sys.stderr if stream is None else stream
        filled = width * done // total if total else width
        end = "\n" if done >= total else ""
        target.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{end}")
        target.flush()

    return show


@dataclass(frozen=True)
class Entry:
    """How a game's tournament checks its entrants, and the bots its messages suggest.

    ``check_bot(bot, where)`` returns a valid bot or raises
    :class:`~bluffmath.errors.InvalidInputError`; ``check_players(players)`` returns a
    valid number of seats from ``fewest`` to ``most`` or raises; ``lead`` and ``other``
    are examples of bots, such as ``"CardCountingBot()"`` and ``"RandomBot()"``.

    >>> from bluffmath.validate import whole_number
    >>> entry = Entry(lambda bot, where: bot, lambda n: whole_number("players", n, 2, 4), 2, 4,
    ...               "SolverBot()", "RandomBot()")
    >>> entry.players(None, 5)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a game seats 2 to 4 players, and the tournament has 5 bots: ...
    """

    check_bot: Callable[[object, str], Any]
    check_players: Callable[[object], int]
    fewest: int
    most: int
    lead: str
    other: str

    def bots(self, bots: object) -> tuple[Any, ...]:
        """``bots`` as a tuple, each checked; at least one."""
        if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
            raise InvalidInputError(
                f"bots must be a list of bots, such as [{self.lead}, {self.other}, "
                f"{self.other}]; got {type(bots).__name__}"
            )
        if not bots:
            raise InvalidInputError("a tournament needs bots: got none")
        return tuple(self.check_bot(bot, f"bots[{i}]") for i, bot in enumerate(bots))

    def players(self, players: object, entrants: int) -> int:
        """The seats at the table: ``players``, or one per bot if it is None."""
        if players is None:
            if not self.fewest <= entrants <= self.most:
                raise InvalidInputError(
                    f"a game seats {self.fewest} to {self.most} players, and the tournament has "
                    f"{entrants} bots: give players=... (at most the number of bots), or one "
                    f"bot per seat"
                )
            return entrants
        players = self.check_players(players)
        if entrants < players:
            raise InvalidInputError(
                f"a tournament of {players}-player games needs at least {players} bots, one per "
                f"seat, got {entrants}; enter a bot more than once to fill the seats, such as "
                f"[{self.lead}] + [{self.other}] * {players - 1}"
            )
        return players


def play_games(play: Play, bots: Sequence[Any], players: int, games: int, *, seed: int = 0,
               executor: Executor | None = None, workers: int | None = None,
               chunk: int | None = None, progress: Progress | None = None,
               record: type[GameRecord] = GameRecord) -> tuple[GameRecord, ...]:
    """Play ``games`` games and return their records (of class ``record``), in order.

    Game ``g`` is ``play([bots[b] for b in seating(len(bots), players, g)], deal_seed(seed,
    g))``. ``bots`` and ``players`` are taken as checked (see :class:`Entry`); ``games``,
    ``seed``, ``executor``, ``workers``, ``chunk`` and ``progress`` are checked here, and
    mean what a game's ``run_tournament`` says
    (:func:`bluffmath.hochstapler.tournament.run_tournament`). ``play``, ``bots`` and
    ``record`` are pickled to the workers of a process pool or a cluster.
    """
    games = whole_number("games", games, 1)
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
    plan = _Plan(play, tuple(bots), players, seed, record)
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
    return tuple(record for span in spans for record in chunks[span[0]])


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play any chunk of the tournament (it is pickled)."""

    play: Play
    bots: tuple[Any, ...]
    players: int
    seed: int
    record: type[GameRecord]


def _play_chunk(plan: _Plan, start: int, stop: int) -> tuple[GameRecord, ...]:
    """Play games ``start`` to ``stop - 1`` of the tournament (in a worker)."""
    records = []
    for g in range(start, stop):
        seats = seating(len(plan.bots), plan.players, g)
        seed = deal_seed(plan.seed, g)
        scores = plan.play([plan.bots[b] for b in seats], seed)
        records.append(plan.record(g, seed, seats, tuple(scores)))
    return tuple(records)


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
