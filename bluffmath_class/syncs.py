"""The server's side of the workers' copies of the games (:mod:`bluffmath_class.mirror`):
how many moves of each game each lane has been sent (:class:`Syncs`), and a worker's answer
brought back onto the event loop (:func:`on_loop`).

>>> from bluffmath_class.settings import TableSettings
>>> from bluffmath_class.table import Table
>>> from bluffmath_class.workers import Lane
>>> table, lane, syncs = Table(1, TableSettings(seats=3)), Lane("tables-1", processes=False), Syncs()
>>> run = table.begin(game_id=7, number=1, seed=4, opener=0)
>>> syncs.sync(lane, table, run).start, syncs.behind(lane, run)
(0, False)
>>> syncs.sent(lane, run), syncs.sync(lane, table, run).moves      # nothing new to send
(True, ())
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from .jobs import Sync
from .mirror import Deal
from .table import Run, Table
from .workers import Lane

log = logging.getLogger("bluffmath.class")


def deal_of(table: Table, run: Run) -> Deal:
    """What deals ``run`` again."""
    return Deal(table.rules.name, table.settings.seats, table.settings.variant, run.seed, run.opener)


class Syncs:
    """How many moves of each game each lane's copy has been sent (see
    :mod:`bluffmath_class.mirror`), and the notes the tables' lanes made of them."""

    def __init__(self) -> None:
        self._sent: dict[tuple[str, tuple[int, int]], tuple[int, int]] = {}

    def sync(self, lane: Lane, table: Table, run: Run, upto: int | None = None, noted: bool = True) -> Sync:
        """The moves of ``run`` that ``lane`` has not been sent (up to move ``upto``, by
        default every move), counted as sent, with their notes where the tables' lanes made
        them (else the lane makes them; ``noted=False``: it needs none)."""
        key, upto = (run.id, run.seed), run.at if upto is None else min(upto, run.at)
        generation, sent = self._sent.get((lane.name, key), (lane.generation, 0))
        if generation != lane.generation or sent > upto:
            sent = 0
        self._sent[lane.name, key] = (lane.generation, upto)
        moves = tuple(m.move for m in run.moves[sent:upto])
        if not noted:
            notes: tuple[Any, ...] | None = (None,) * len(moves)
        else:
            notes = tuple(run.marks[sent:upto]) if len(run.marks) >= upto else None
        return Sync(key, deal_of(table, run), sent, moves, notes, run.number, run.ended_by)

    def behind(self, lane: Lane, run: Run, upto: int | None = None) -> bool:
        """Whether ``lane`` has not been sent every move of ``run`` (up to move ``upto``)."""
        generation, sent = self._sent.get((lane.name, (run.id, run.seed)), (-1, -1))
        return generation != lane.generation or sent != (run.at if upto is None else min(upto, run.at))

    def sent(self, lane: Lane, run: Run) -> bool:
        """Whether ``lane`` has been sent ``run`` at all (its copy is dealt)."""
        generation, _ = self._sent.get((lane.name, (run.id, run.seed)), (-1, -1))
        return generation == lane.generation

    def reset(self, lane: Lane, key: tuple[int, int]) -> None:
        """``lane``'s copy of a game is out of step: send it every move again."""
        self._sent.pop((lane.name, key), None)

    def clear(self) -> None:
        """Forget every game (the class's data was deleted)."""
        self._sent.clear()


def error_of(done: Future[Any]) -> BaseException | None:
    if done.cancelled():
        return asyncio.CancelledError()
    return done.exception()


def on_loop(future: Future[Any], then: Callable[[Future[Any]], None]) -> None:
    """Call ``then(future)`` on the event loop once the worker's job is done."""
    loop = asyncio.get_running_loop()

    def back(done: Future[Any]) -> None:
        with contextlib.suppress(RuntimeError):  # the server stopped meanwhile: nobody to tell
            loop.call_soon_threadsafe(_safely, then, done)
    future.add_done_callback(back)


def _safely(then: Callable[[Future[Any]], None], done: Future[Any]) -> None:
    try:
        then(done)
    except Exception:  # a bug: the server goes on, the log says what
        log.exception("a worker's answer could not be taken")
