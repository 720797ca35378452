"""The class room: the join code, the teacher's key, every table, and the rules of who may
do what. Every change is written to the database before it is taken in memory and before
anyone hears of it; a room built on the same database after a crash replays every game
move by move through the engine and stands where the last acknowledged move left it.

Bots play empty seats after ``bot_seconds`` (so that a student can follow what happened),
and play for a student who has not moved after the table's ``move_seconds``. A student
whose clock ran out with no page open is away: the bot plays that seat at its own pace
until a page of the seat connects again, so that one phone left in a bag does not hold up
the table every turn.

>>> import asyncio
>>> from bluffmath_class.database import Database
>>> from bluffmath_class.settings import TableSettings
>>> db = Database(":memory:")
>>> room = Room(db)
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> secret, table, seat = room.join(room.code, " Ann ")
>>> table.students[seat].name, seat
('Ann', 0)
>>> room.join("000000" if room.code != "000000" else "111111", "Ben")
Traceback (most recent call last):
...
bluffmath_class.errors.WrongCodeError: that is not this class's join code: check the code on the board
>>> run = room.start(table.id)
>>> run.number, run.at, room.seat_for(secret) == (table, 0)
(1, 0, True)
>>> again = Room(db)                   # a restart on the same file
>>> again.code == room.code, again.tables[table.id].current.id == run.id
(True, True)
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import secrets
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bluffmath.errors import BluffmathError
from bluffmath.schema import Node

from .auth import digest, new_code, new_secret, same_secret
from .database import Database, SeatRow
from .errors import JoinError, MessageError, WrongCodeError
from .protocol import MAX_TABLES, Move
from .settings import TableSettings
from .table import Run, Student, Table

log = logging.getLogger("bluffmath.class")

#: The longest name a student may give; names are unique in a room (ignoring case).
MAX_NAME = 24
#: How long a seat's new link (for a phone that lost its cookie) stays good, in seconds.
LINK_SECONDS = 600.0
_BOT_NAME = re.compile(r"bot(\s*\d+)?", re.IGNORECASE)

Listener = Callable[[Table | None], None]


def keys(db: Database) -> tuple[str, str]:
    """The room's join code and teacher's key, made and written the first time."""
    found = []
    for key, make in (("code", new_code), ("teacher", new_secret)):
        value = db.room_value(key)
        if value is None:
            value = make()
            db.set_room_value(key, value)
        found.append(value)
    return found[0], found[1]


class Room:
    """The room: see the module docstring."""

    def __init__(self, db: Database, bot_seconds: float = 1.5) -> None:
        self.db = db
        self.bot_seconds = bot_seconds
        self.code, self.teacher_key = keys(db)
        self.tables: dict[int, Table] = {}
        self._seats: dict[str, tuple[int, int]] = {}  # digest of a seat's secret -> table, seat
        self._links: dict[str, tuple[int, int, float]] = {}
        self._listeners: list[Listener] = []
        self._timers: dict[int, asyncio.TimerHandle] = {}
        #: One worker thread thinks for every bot, so that a slow bot (a solver, the Duel's
        #: reader on the real colour) never holds up the other tables' moves and pages.
        self._thinker: ThreadPoolExecutor | None = None
        self._reviewer: ThreadPoolExecutor | None = None
        self._warming: asyncio.Task[None] | None = None
        self._later: set[asyncio.TimerHandle] = set()  # counts for the reviews' worker, not yet due
        self.away: set[tuple[int, int]] = set()
        #: Whether a seat has a page open: the connections' answer (none by default).
        self.present: Callable[[int, int], bool] = lambda table, seat: False
        self._load()

    def _load(self) -> None:
        """Rebuild every table from the database, replaying every game's moves."""
        for table_id, data in self.db.tables():
            self.tables[table_id] = Table(table_id, TableSettings.read(Node(data, "a stored table")))
        for row in self.db.seats():
            self.tables[row.table_id].students[row.seat] = Student(row.name, row.secret)
            self._seats[row.secret] = (row.table_id, row.seat)
        for game in self.db.games():
            table = self.tables[game.table_id]
            run = table.begin(game.id, game.number, game.seed, game.opener)
            for move in self.db.moves(game.id):
                action = table.rules.read_move(Node(move.move, f"move {move.number} of game {game.id}"))
                table.play(action, move.seat, move.by, later=True)
            if game.ended_by is not None:
                run.ended_by = game.ended_by

    # --- listening -------------------------------------------------------------------------
    def listen(self, listener: Listener) -> None:
        """Call ``listener(table)`` after every change (``None``: the room as a whole)."""
        self._listeners.append(listener)

    def _changed(self, table: Table | None) -> None:
        if table is not None:
            self._schedule(table)
        for listener in self._listeners:
            listener(table)

    # --- students --------------------------------------------------------------------------
    def seat_for(self, secret: str | None) -> tuple[Table, int] | None:
        """The table and seat whose secret this is, or None."""
        if not secret:
            return None
        found = self._seats.get(digest(secret))
        return None if found is None else (self.tables[found[0]], found[1])

    def join(self, code: str, name: str, table_id: int | None = None) -> tuple[str, Table, int]:
        """Seat a student: their seat's secret (for the cookie), table and seat."""
        if not same_secret(code.strip() if isinstance(code, str) else None, self.code):
            raise WrongCodeError("that is not this class's join code: check the code on the board")
        name = self._name(name)
        table, seat = self._free_seat(table_id)
        secret = new_secret()
        self.db.seat(SeatRow(table.id, seat, name, digest(secret)))
        table.students[seat] = Student(name, digest(secret))
        self._seats[digest(secret)] = (table.id, seat)
        self._changed(table)
        return secret, table, seat

    def _name(self, name: object) -> str:
        text = " ".join(name.split()) if isinstance(name, str) else ""
        if not text or len(text) > MAX_NAME or not text.isprintable():
            raise JoinError(f"type your name: 1 to {MAX_NAME} letters or digits")
        if _BOT_NAME.fullmatch(text):
            raise JoinError("that name is kept for the bots: type your own name")
        taken = {s.name.casefold() for t in self.tables.values() for s in t.students.values()}
        if text.casefold() in taken:
            raise JoinError(f"someone in this class is called {text} already: add your "
                            "surname's first letter")
        return text

    def _free_seat(self, table_id: int | None) -> tuple[Table, int]:
        if table_id is not None:
            table = self._table(table_id)
            if not table.free_seats():
                raise JoinError(f"table {table_id} is full: choose another table")
            return table, table.free_seats()[0]
        tables = sorted(self.tables.values(), key=lambda t: (t.current is not None, t.id))
        for table in tables:
            if table.free_seats():
                return table, table.free_seats()[0]
        raise JoinError("every seat is taken: ask your teacher to open another table")

    def move(self, table: Table, seat: int, move: Move, done: Callable[[Run], None] | None = None) -> Run:
        """A seat's move: checked, written, then taken (MessageError if it cannot be);
        ``done(run)`` is called once it is on disk, before anyone hears of it (the mover's
        acknowledgement comes before every page's new view)."""
        run = table.current
        if run is None:
            raise MessageError("no game is being played at your table: wait for the teacher to start one")
        if move.game != run.id:
            raise MessageError("that move was for an earlier game: look at the table again")
        to_act = table.rules.to_act(run.state)
        if to_act != seat:
            raise MessageError(f"it is {table.seating().names[to_act]}'s turn, not yours")
        if move.at != run.at:
            raise MessageError("the table has moved on since you chose: look again and choose")
        return self._play(table, run, seat, move.action, "student", done)

    def _play(self, table: Table, run: Run, seat: int, action: Any, by: str,
              done: Callable[[Run], None] | None = None) -> Run:
        try:
            after = table.rules.apply(run.state, action)
        except BluffmathError as error:
            raise MessageError(f"that move is not allowed: {error}") from None
        try:
            self.db.add_move(run.id, run.at + 1, seat, table.rules.move_json(action), by)
        except sqlite3.Error as error:  # a full disk, a file taken away: the move is not made
            log.error("table %s: a move could not be written: %s", table.id, error)
            raise MessageError(f"the server could not save that move ({error}), so it was not "
                               "made: tell your teacher") from None
        table.advance(action, after, seat, by)
        if run.ended_by == "finished":
            self.db.end_game(run.id, "finished")
        if done is not None:
            done(run)
        self._review_ahead(table, run)
        self._changed(table)
        return run

    def _review_ahead(self, table: Table, run: Run) -> None:
        """Have the reviews' worker thread count, move by move, what the game's end pages
        will need (a game's ``warm``, if it has one: Hochstapler's round tables), so that
        the end pages, made on the loop, mostly look it up."""
        warm = getattr(table.rules, "warm", None)
        if warm is not None:  # without a loop (a script, a doctest) the end page counts it all
            self.review_later(warm, run.state, lambda _: None)

    def review_later(self, count: Callable[[Any], Any], data: Any, then: Callable[[Any], None],
                     delay: float = 0.0) -> bool:
        """Run ``count(data)`` in the reviews' worker thread (after the reviews ahead already
        asked for), ``delay`` seconds from now, and ``then(result)`` on the loop; False,
        doing nothing, without a loop."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False

        def done(counted: asyncio.Future[Any]) -> None:
            if not counted.cancelled() and counted.exception() is None:
                then(counted.result())

        def submit() -> None:
            self._later.discard(handle)  # None (nothing to discard) when submitted at once
            if self._reviewer is None:
                self._reviewer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
            counting = loop.run_in_executor(self._reviewer, count, data)
            counting.add_done_callback(_said_if_failed)
            counting.add_done_callback(done)
        handle = loop.call_later(delay, submit) if delay else None
        if handle is None:
            submit()
        else:
            self._later.add(handle)
        return True

    def redraw(self) -> None:
        """Tell the listeners the room changed (the teacher's page is drawn again)."""
        self._changed(None)

    # --- the teacher ------------------------------------------------------------------------
    def open_tables(self, settings: TableSettings, count: int) -> list[Table]:
        """Open ``count`` tables with these settings."""
        if len(self.tables) + count > MAX_TABLES:
            raise MessageError(f"a class holds at most {MAX_TABLES} tables; {len(self.tables)} are open")
        opened = []
        for _ in range(count):
            table_id = self.db.add_table(settings.to_json())
            opened.append(self.tables.setdefault(table_id, Table(table_id, settings)))
        self._changed(None)
        return opened

    def start(self, table_id: int) -> Run:
        """Deal a new game at a table (bots play the empty seats)."""
        table = self._table(table_id)
        if table.current is not None:
            raise MessageError(f"table {table_id} is playing: end its game first")
        number = len(table.runs) + 1
        seed, opener = secrets.randbits(62), (number - 1) % table.settings.seats
        game_id = self.db.add_game(table.id, number, seed, opener)
        run = table.begin(game_id, number, seed, opener)
        self._changed(table)
        return run

    def start_all(self) -> list[Run]:
        """Start a game at every table that has a student and is not playing."""
        return [self.start(t.id) for t in self.tables.values() if t.current is None and t.students]

    def end(self, table_id: int) -> Run:
        """End a table's game now (it stays as it stood, and is saved and reviewed so)."""
        table = self._table(table_id)
        run = table.current
        if run is None:
            raise MessageError(f"table {table_id} is not playing")
        self.db.end_game(run.id, "teacher")
        run.ended_by = "teacher"
        self._changed(table)
        return run

    def free(self, table_id: int, seat: int) -> None:
        """Free a seat: its student leaves, a bot plays it."""
        table = self._table(table_id)
        student = table.students.get(seat)
        if student is None:
            raise MessageError(f"seat {seat + 1} of table {table_id} is free already")
        self.db.free(table_id, seat)
        del table.students[seat]
        self._seats.pop(student.secret, None)
        self._changed(table)

    def relink(self, table_id: int, seat: int) -> str:
        """A one-time link for a seat's student (a phone that lost its cookie): the link's
        secret, good for :data:`LINK_SECONDS`."""
        table = self._table(table_id)
        if seat not in table.students:
            raise MessageError(f"nobody sits in seat {seat + 1} of table {table_id}")
        link = new_secret()
        self._links[link] = (table_id, seat, time.monotonic() + LINK_SECONDS)
        return link

    def use_link(self, link: str) -> str | None:
        """The seat's new secret for a good link (the old secret and the link stop working),
        or None."""
        found = self._links.pop(link, None)
        if found is None or found[2] < time.monotonic():
            return None
        table = self.tables[found[0]]
        student = table.students.get(found[1])
        if student is None:
            return None
        secret = new_secret()
        self.db.new_secret(table.id, found[1], digest(secret))
        self._seats.pop(student.secret, None)
        table.students[found[1]] = Student(student.name, digest(secret))
        self._seats[digest(secret)] = (table.id, found[1])
        return secret

    def delete_all(self) -> None:
        """Delete the class's data: every table, seat, game and move, on disk and here; a
        new join code (the old one lets nobody in). Every student's page is told."""
        self.stop()
        self.db.clear()
        self.tables.clear()
        self._seats.clear()
        self._links.clear()
        self.away.clear()
        self.code, self.teacher_key = keys(self.db)
        self._changed(None)

    def _table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise MessageError(f"there is no table {table_id}; the tables are "
                               f"{', '.join(map(str, self.tables)) or 'none yet'}")
        return table

    # --- bots and the clock ------------------------------------------------------------------
    def resume(self) -> None:
        """Arm every table's clock, and make the notes a restart left for later, a game at a
        time between the loop's other work (call once the event loop runs)."""
        for table in self.tables.values():
            self._schedule(table)
        waiting = [run for table in self.tables.values() for run in table.runs if run.pending]
        if waiting:
            self._warming = asyncio.get_running_loop().create_task(self._warm(waiting))

    async def _warm(self, runs: list[Run]) -> None:
        """Make each run's notes, a game at a time, letting the loop serve pages between;
        then redraw the teacher's picture, which left them out until now."""
        for run in runs:
            await asyncio.sleep(0)
            _ = run.notes  # reading the notes makes them
        self._changed(None)

    def stop(self) -> None:
        """Disarm every clock, and let a bot that is thinking finish unheard."""
        for handle in [*self._timers.values(), *self._later]:
            handle.cancel()
        self._timers.clear()
        self._later.clear()
        for worker in (self._thinker, self._reviewer):
            if worker is not None:
                worker.shutdown(wait=False, cancel_futures=True)
        self._thinker = self._reviewer = None
        if self._warming is not None:
            self._warming.cancel()
            self._warming = None

    def back(self, table: Table, seat: int) -> None:
        """A page of ``seat`` connected: it is not away any more."""
        if (table.id, seat) in self.away:
            self.away.discard((table.id, seat))
            self._schedule(table)

    def _schedule(self, table: Table) -> None:
        old = self._timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        run = table.current
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script, a doctest): nothing plays by itself
            return
        if run is None:
            return
        seat = table.rules.to_act(run.state)
        if seat not in table.students:
            delay, by = self.bot_seconds, "bot"
        elif (table.id, seat) in self.away:
            delay, by = self.bot_seconds, "timeout"
        elif table.settings.move_seconds:
            delay, by = table.settings.move_seconds, "timeout"
        else:
            return
        self._timers[table.id] = loop.call_later(delay, self._auto, table, run, run.at, by)

    def _auto(self, table: Table, run: Run, at: int, by: str) -> None:
        """A bot's move, if the table is still where it was when the clock was armed: the
        bot thinks in the worker thread (the engines' states never change, so it reads
        ``run.state`` safely), and its move is played back here, on the event loop, only if
        nobody moved meanwhile."""
        self._timers.pop(table.id, None)
        if table.current is not run or run.at != at:
            return
        seat = table.rules.to_act(run.state)
        if by == "timeout" and not self.present(table.id, seat):
            self.away.add((table.id, seat))
        rng = random.Random(f"{run.seed}/{at}")
        if self._thinker is None:
            self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        thinking = asyncio.get_running_loop().run_in_executor(
            self._thinker, table.rules.bot_move, run.state, table.settings.bot, rng)
        thinking.add_done_callback(lambda done: self._bot_moved(table, run, at, seat, by, done))

    def _bot_moved(self, table: Table, run: Run, at: int, seat: int, by: str, done: asyncio.Future[Any]) -> None:
        """Play the move the bot thought of, if the table is still where it was."""
        if done.cancelled() or table.current is not run or run.at != at:
            return
        try:
            self._play(table, run, seat, done.result(), by)
        except Exception:  # a bug, or a full disk: say so, keep serving the other tables
            log.exception("table %s: the bot could not move", table.id)


def _said_if_failed(done: asyncio.Future[Any]) -> None:
    """Log a count in the reviews' worker that failed (a review ahead: the end page counts
    it again, and says any error; the class's habits: the teacher's page keeps the last)."""
    if not done.cancelled() and done.exception() is not None:
        log.error("a count in the reviews' worker failed", exc_info=done.exception())
