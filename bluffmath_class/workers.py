"""The class server's workers: processes beside the server's event loop that keep their own
copy of the games (:mod:`bluffmath_class.mirror`) and do every piece of work that costs:
the seats' pages with their exact odds, the notes, the bots' thinking, the end pages and
reviews, the class's picture and habits, and the downloads. The event loop only checks and
writes moves and passes messages, so that a tap is answered at once however busy the
workers are (and a worker's work never shares Python's lock with the loop).

There are five kinds of lane, each a process of its own that takes its jobs in order:

- **tables**: three lanes per core (at most 8); each table always goes to the same lane
  (its jobs in order, its copy and its cached reviews in one place); more lanes than cores,
  so that the system shares the cores among them and a quick drawing never waits behind
  another table's long one (a Gauner raus! table's four solves);
- **odds**: one lane per core (at most 4): the seats' pages again with their exact odds,
  for a game whose odds cost more than a tap may wait (Gauner raus!: a joint solve per
  seat), after its table's lane has sent them without, and that game's end panels; a
  table always goes to the same odds lane, which keeps its own copy of the game and its
  solves;
- **room**: the class's picture, over every game;
- **reviews**: the end panels with each student's review, counted ahead as the game goes,
  and the class's habits;
- **downloads**: the teacher's downloads, started when first asked for.

``processes=False`` runs each lane in a thread of the server's own process instead (the
tests' in-process server, and a machine that cannot start processes): the same jobs, in
the same order, on the same copies.

>>> lanes = Lanes(processes=False)
>>> def count(store, n): return len(store.games) + n
>>> lanes.room.call(count, 2).result()
2
>>> lanes.shutdown()
"""

from __future__ import annotations

import asyncio
import contextlib
import copyreg
import logging
import multiprocessing
import os
import signal
import threading
import time
import types
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .mirror import OutOfStep, Store

log = logging.getLogger("bluffmath.class")

#: The worker process's copy of the games (each process has its own).
_STORE = Store()
#: How often a worker checks that the server's process is still there, in seconds.
WATCH_SECONDS = 0.5
#: How much lower (``nice``) the lanes of work no tap waits for run than the tables' lanes:
#: the odds that follow a page, the picture, the reviews (an ended game shows at once; its
#: panel follows) and the downloads take the cores the seats' pages leave.
BACKGROUND = 10


def _proxy(mapping: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(mapping)


# The engines keep read-only mappings in their states (a hand by colour); a worker receives
# and returns states and notes, so these pickle as the dict they show.
copyreg.pickle(types.MappingProxyType, lambda m: (_proxy, (dict(m),)))


def _in_process(job: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """A job in a worker process, on that process's copy of the games."""
    return job(_STORE, *args)


def _ready() -> int:
    return os.getpid()


def _started(server: int, nice: int) -> None:
    """A worker process's start: ``nice`` its priority below the server's (a background
    lane), and watch the server (:func:`_watch`)."""
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    _watch(server)


def _watch(server: int) -> None:
    """In a worker process: end when the server's process is gone (killed, crashed), and
    take the fork server with it, so that nothing is left running behind a dead server."""
    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                parent = os.getppid()
                if parent not in (1, server):
                    with contextlib.suppress(OSError):
                        os.kill(parent, signal.SIGKILL)
                os._exit(0)
            except PermissionError:  # the number is another user's process now: ours is gone
                os._exit(0)
    threading.Thread(target=watch, name="watch-server", daemon=True).start()


class Lane:
    """One worker (a process, or a thread) and its jobs in order; rebuilt if its process
    dies (:attr:`generation` counts the rebuilds: a copy made before is gone)."""

    def __init__(self, name: str, processes: bool, nice: int = 0) -> None:
        self.name, self.processes, self.nice = name, processes, nice
        self.generation = 0
        self._lock = threading.Lock()
        self._executor: Executor | None = None
        self._store = Store()  # a thread's copy of the games (a process keeps its own)

    def _worker(self) -> Executor:
        with self._lock:
            if self._executor is None:
                if self.processes:
                    self._executor = ProcessPoolExecutor(1, mp_context=_context(), initializer=_started,
                                                         initargs=(os.getpid(), self.nice))
                else:
                    self._executor = ThreadPoolExecutor(1, thread_name_prefix=self.name)
            return self._executor

    def call(self, job: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``job(store, *args)`` in the lane, after the jobs before it; its future. A
        worker that died (killed, out of memory) is replaced first: the new one has no
        copies (:attr:`generation`), which the server sends again."""
        for again in (False, True):
            worker = self._worker()
            try:
                if self.processes:
                    return worker.submit(_in_process, job, args)
                return worker.submit(job, self._store, *args)
            except BrokenProcessPool:
                if again:
                    raise
                self.restart()
        raise AssertionError("not reached")

    async def run(self, job: Callable[..., Any], *args: Any) -> Any:
        """:meth:`call` awaited on the event loop."""
        return await asyncio.wrap_future(self.call(job, *args))

    def start(self) -> None:
        """Start the worker now rather than at its first job (a process takes a moment)."""
        if self.processes:
            self._worker().submit(_ready)

    def restart(self) -> None:
        """Drop a broken worker: the next job starts a new one, with no copies."""
        with self._lock:
            old, self._executor = self._executor, None
            self.generation += 1
            self._store = Store()
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the worker; jobs waiting are cancelled."""
        with self._lock:
            old, self._executor = self._executor, None
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)


def resend(error: BaseException | None) -> bool:
    """Whether a job that failed with ``error`` is to be sent again, its games with it from
    their first move: a worker's copy out of step, or a worker that died."""
    return isinstance(error, OutOfStep | BrokenProcessPool)


class Lanes:
    """Every lane of the server (see the module docstring); ``tables`` lanes for the tables
    (by default three per core, at most 8)."""

    def __init__(self, processes: bool = True, tables: int | None = None) -> None:
        count = tables or max(2, min(3 * (os.cpu_count() or 1), 8))
        self.processes = processes
        self.tables = [Lane(f"tables-{i + 1}", processes) for i in range(count)]
        cores = max(1, min(os.cpu_count() or 1, 4))
        self.odds = [Lane(f"odds-{i + 1}", processes, BACKGROUND) for i in range(cores)]
        self.room = Lane("room", processes, BACKGROUND)
        self.reviews = Lane("reviews", processes, BACKGROUND)
        self.downloads = Lane("downloads", processes, BACKGROUND)

    def table(self, table_id: int) -> Lane:
        """The lane of a table (always the same one)."""
        return self.tables[table_id % len(self.tables)]

    def odds_of(self, table_id: int) -> Lane:
        """The lane that counts a table's odds after its page was sent (always the same one)."""
        return self.odds[table_id % len(self.odds)]

    def start(self) -> None:
        """Start the table and room workers now."""
        for lane in (*self.tables, self.room, self.reviews):  # the odds lanes: at their first job
            lane.start()

    def shutdown(self) -> None:
        """Stop every worker."""
        for lane in (*self.tables, *self.odds, self.room, self.reviews, self.downloads):
            lane.shutdown()


_CONTEXT: Any = None


def _context() -> Any:
    """Worker processes are forked from a clean server process that has imported the games
    once (``forkserver``): quick to start, and never a copy of the event loop's threads."""
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = multiprocessing.get_context("forkserver")
        _CONTEXT.set_forkserver_preload(["bluffmath_class.jobs"])
    return _CONTEXT


