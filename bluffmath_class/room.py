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

A lesson plan moves the class on in one press: every student to a seat at the next
activity's tables (the same phone, the same name), the games started.

>>> from bluffmath_class.lesson import Activity
>>> room.plan_add(Activity(TableSettings("gauner", 3, "solver", "always", 60, "plain")))
>>> _ = room.end(table.id)
>>> [moved] = room.next_activity("kept", "now")
>>> room.seat_for(secret) == (moved, 0), moved.rules.title, moved.current is not None
(True, 'Gauner raus!', True)
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from bluffmath.errors import BluffmathError
from bluffmath.i18n import _
from bluffmath.schema import Node

from .auth import digest, new_code, new_secret, same_secret
from .database import Database
from .errors import JoinError, MessageError, WrongCodeError
from .lesson import UNNAMED, Activity, Plan, share, teacher_groups
from .protocol import MAX_TABLES, Move
from .settings import CLOCKS, TableSettings
from .table import Holder, Run, Student, Table

log = logging.getLogger("bluffmath.class")

#: The longest name a student may give; names are unique in a room (ignoring case).
MAX_NAME = 24
#: How long a seat's new link (for a phone that lost its cookie) stays good, in seconds.
LINK_SECONDS = 600.0
_BOT_NAME = re.compile(r"bot(\s*\d+)?", re.IGNORECASE)

#: Told of every change: the table that changed (None: the room as a whole), and the
#: students who changed seats.
Listener = Callable[[Table | None, frozenset[int]], None]


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
        #: The class's students (not those the teacher took out), by id.
        self.students: dict[int, Student] = {}
        self._secrets: dict[str, int] = {}  # digest of a phone's secret -> student id
        #: Where each seated student sits: student id -> (table id, seat).
        self.places: dict[int, tuple[int, int]] = {}
        #: The lesson plan, and the activity the class is at (-1: none yet).
        self.plan = Plan(UNNAMED)
        self.activity = -1
        #: Seats kept for students who finish their game before they move on: id -> (table id, seat).
        self.reserved: dict[int, tuple[int, int]] = {}
        self._links: dict[str, tuple[int, float]] = {}  # link -> student id, good until
        self._listeners: list[Listener] = []
        self._timers: dict[int, asyncio.TimerHandle] = {}
        #: One worker thread thinks for every bot, so that a slow bot (a solver, the Duel's
        #: reader on the real colour) never holds up the other tables' moves and pages.
        self._thinker: ThreadPoolExecutor | None = None
        self.away: set[tuple[int, int]] = set()
        #: Each student's time for a move, where the teacher set one (:data:`CLOCKS`): id -> key.
        self.clocks: dict[int, str] = {}
        #: How many times the class's data was deleted: another era's tables and games are gone (an id may come again).
        self.era = 0
        #: Whether a seat has a page open: the connections' answer (none by default).
        self.present: Callable[[int, int], bool] = lambda table, seat: False
        #: Where the bots think: ``think(table, run, seed)``, a future of the move as JSON (the
        #: server's workers); None: in a thread of this process.
        self.think: Callable[[Table, Run, str], Future[Any]] | None = None
        self._load()

    def _load(self) -> None:
        """Rebuild the room from the database: its plan, students and tables, replaying
        every game's moves."""
        plan, activity, reserved, clocks = (self.db.room_value(k) for k in ("plan", "activity", "reserved", "clocks"))
        self.clocks = {int(k): v for k, v in json.loads(clocks or "{}").items()}
        if plan is not None:
            self.plan = Plan.read(Node(json.loads(plan), "the stored lesson plan"))
        self.activity = int(activity) if activity is not None else -1
        self.reserved = {int(k): (v[0], v[1]) for k, v in json.loads(reserved or "{}").items()}
        for table_id, data, activity_of in self.db.tables():
            self.tables[table_id] = Table(table_id, TableSettings.read(Node(data, "a stored table")), activity_of)
        everyone = {row.id: Student(row.id, row.name, row.secret) for row in self.db.students()}
        for row in self.db.students():
            if not row.left:
                self.students[row.id] = everyone[row.id]
                self._secrets[row.secret] = row.id
        for row in self.db.places():
            self.tables[row.table_id].students[row.seat] = everyone[row.student_id]
            self.places[row.student_id] = (row.table_id, row.seat)
        for game in self.db.games():
            table = self.tables[game.table_id]
            run = table.begin(game.id, game.number, game.seed, game.opener)
            run.holders = [Holder(h.seat, h.after, None if h.student_id is None else everyone[h.student_id])
                           for h in self.db.holders(game.id)]
            for move in self.db.moves(game.id):
                action = table.rules.read_move(Node(move.move, f"move {move.number} of game {game.id}"))
                table.play(action, move.seat, move.by)
            if game.ended_by is not None:
                run.ended_by = game.ended_by

    # --- listening -------------------------------------------------------------------------
    def listen(self, listener: Listener) -> None:
        """Call ``listener(table, students)`` after every change: ``table`` changed (None:
        the room as a whole), and the students in ``students`` changed seats."""
        self._listeners.append(listener)

    def _changed(self, table: Table | None, students: Iterable[int] = ()) -> None:
        if table is not None:
            self._schedule(table)
        moved = frozenset(students)
        for listener in self._listeners:
            listener(table, moved)

    # --- students --------------------------------------------------------------------------
    def student_of(self, secret: str | None) -> Student | None:
        """The student whose phone holds this secret, or None."""
        found = self._secrets.get(digest(secret)) if secret else None
        return None if found is None else self.students[found]

    def place_of(self, student: int) -> tuple[Table, int] | None:
        """The table and seat of a student, or None when they have no seat."""
        found = self.places.get(student)
        return None if found is None else (self.tables[found[0]], found[1])

    def seat_for(self, secret: str | None) -> tuple[Table, int] | None:
        """The table and seat whose student's phone holds this secret, or None."""
        student = self.student_of(secret)
        return None if student is None else self.place_of(student.id)

    def join(self, code: str, name: str, table_id: int | None = None) -> tuple[str, Table, int]:
        """A new student of the class, seated (at ``table_id``, or where the lesson
        wants them): their phone's secret (for the cookie), table and seat."""
        if not same_secret(code.strip() if isinstance(code, str) else None, self.code):
            raise WrongCodeError(_("that is not this class's join code: check the code on the board"))
        name = self._name(name)
        table, seat = self._free_seat(table_id)
        secret = new_secret()
        with self.db.together():
            student = Student(self.db.add_student(name, digest(secret)), name, digest(secret))
            self._write_place(student, (table, seat))
        self.students[student.id] = student
        self._secrets[student.secret] = student.id
        self._take_place(student, (table, seat))
        self._arrived(table)
        return secret, table, seat

    def sit(self, student: Student, table_id: int | None = None) -> tuple[Table, int]:
        """Seat a student who has no seat (at ``table_id``, or where the lesson wants them)."""
        if student.id in self.places:
            raise JoinError(_("you have a seat already"))
        place = self._free_seat(table_id)
        self._place(student, place)
        self._arrived(place[0])
        return place

    def _name(self, name: object) -> str:
        text = " ".join(name.split()) if isinstance(name, str) else ""
        if not text or len(text) > MAX_NAME or not text.isprintable():
            raise JoinError(_("type your name: 1 to {n} letters or digits").format(n=MAX_NAME))
        if _BOT_NAME.fullmatch(text):
            raise JoinError(_("that name is kept for the bots: type your own name"))
        if text.casefold() in {s.name.casefold() for s in self.students.values()}:
            raise JoinError(_("someone in this class is called {name} already: add your surname's first "
                              "letter").format(name=text))
        return text

    def open_seats(self, table: Table) -> list[int]:
        """A table's seats a student may take now: free, and not kept for a student who is
        finishing a game elsewhere."""
        kept = {seat for t, seat in self.reserved.values() if t == table.id}
        return [s for s in table.free_seats() if s not in kept]

    def current_tables(self) -> list[Table]:
        """The tables of the activity the class is at (every table, with no lesson plan
        under way), those waiting to start first."""
        now = [t for t in self.tables.values() if t.activity == self.activity and self.activity >= 0]
        return sorted(now or self.tables.values(), key=lambda t: (t.current is not None, t.id))

    def _free_seat(self, table_id: int | None) -> tuple[Table, int]:
        if table_id is not None:
            table = self._table(table_id)
            if not self.open_seats(table):
                raise JoinError(_("table {table} is full: choose another table").format(table=table_id))
            return table, self.open_seats(table)[0]
        for table in self.current_tables():
            if self.open_seats(table):
                return table, self.open_seats(table)[0]
        if self.activity >= 0 and len(self.tables) < MAX_TABLES:  # a late student: one more table
            [table] = self.open_tables(self.plan.activities[self.activity].settings, 1, self.activity)
            return table, 0
        raise JoinError(_("every seat is taken: ask your teacher to open another table"))

    def _arrived(self, table: Table) -> None:
        """A student sat down at ``table``: if the class is playing this activity and the
        table waits for nobody else, its game starts."""
        if table.current is not None or table.activity is None or table.activity != self.activity:
            return
        waiting = any(t == table.id for t, _ in self.reserved.values())
        others = [t for t in self.tables.values() if t.activity == self.activity and t is not table]
        if not waiting and any(t.current is not None for t in others):
            self.start(table.id)

    def _write_place(self, student: Student, place: tuple[Table, int] | None) -> None:
        """Write a student's move to ``place`` (None: out of every seat), and who holds the
        seats of the games being played, in the caller's transaction or one of its own."""
        old = self.place_of(student.id)
        with self.db.together():
            if place is None and old is not None:
                self.db.free(old[0].id, old[1])
            elif place is not None:
                self.db.sit(place[0].id, place[1], student.id)
            if old is not None and old[0].current is not None:
                self.db.hold(old[0].current.id, old[1], old[0].current.at, None)
            if place is not None and place[0].current is not None:
                self.db.hold(place[0].current.id, place[1], place[0].current.at, student.id)

    def _take_place(self, student: Student, place: tuple[Table, int] | None) -> None:
        """Take in memory what :meth:`_write_place` wrote, and tell the pages."""
        old = self.place_of(student.id)
        if old is not None:
            old[0].leave(old[1])
            del self.places[student.id]
            self.away.discard((old[0].id, old[1]))
        if place is not None:
            place[0].sit(place[1], student)
            self.places[student.id] = (place[0].id, place[1])
        for table in {id(t): t for t in (old and old[0], place and place[0]) if t}.values():
            self._changed(table, [student.id])

    def _place(self, student: Student, place: tuple[Table, int] | None) -> None:
        """Move a student to ``place`` (None: out of every seat), durably, then in memory."""
        self._write_place(student, place)
        self._take_place(student, place)

    def move(self, table: Table, seat: int, move: Move, done: Callable[[Run], None] | None = None) -> Run:
        """A seat's move: checked, written, then taken (MessageError if it cannot be);
        ``done(run)`` is called once it is on disk, before anyone hears of it (the mover's
        acknowledgement comes before every page's new view)."""
        run = table.current
        if run is None:
            raise MessageError(_("no game is being played at your table: wait for the teacher to start one"))
        if move.game != run.id:
            raise MessageError(_("that move was for an earlier game: look at the table again"))
        to_act = table.rules.to_act(run.state)
        if to_act != seat:
            raise MessageError(_("it is {name}'s turn, not yours").format(name=table.seating().names[to_act]))
        if move.at != run.at:
            raise MessageError(_("the table has moved on since you chose: look again and choose"))
        return self._play(table, run, seat, move.action, "student", done)

    def _play(self, table: Table, run: Run, seat: int, action: Any, by: str,
              done: Callable[[Run], None] | None = None) -> Run:
        try:
            after = table.rules.apply(run.state, action)
        except BluffmathError as error:
            raise MessageError(_("that move is not allowed: {reason}").format(reason=error)) from None
        try:
            self.db.add_move(run.id, run.at + 1, seat, table.rules.move_json(action), by)
        except sqlite3.Error as error:  # a full disk, a file taken away: the move is not made
            log.error("table %s: a move could not be written: %s", table.id, error)
            raise MessageError(_("the server could not save that move ({reason}), so it was not made: tell your "
                                 "teacher").format(reason=error)) from None
        table.advance(action, after, seat, by)
        if run.ended_by == "finished":
            self.db.end_game(run.id, "finished")
        if done is not None:
            done(run)
        self._changed(table)
        if run.ended_by is not None:
            self._move_on(table)
        return run

    def redraw(self) -> None:
        """Tell the listeners the room changed (the teacher's page is drawn again)."""
        self._changed(None)

    # --- the teacher ------------------------------------------------------------------------
    def open_tables(self, settings: TableSettings, count: int, activity: int | None = None) -> list[Table]:
        """Open ``count`` tables with these settings (for the plan's activity ``activity``)."""
        if len(self.tables) + count > MAX_TABLES:
            raise MessageError(_("a class holds at most {most} tables; {n} are open").format(
                most=MAX_TABLES, n=len(self.tables)))
        opened = []
        for _table in range(count):
            table_id = self.db.add_table(settings.to_json(), activity)
            opened.append(self.tables.setdefault(table_id, Table(table_id, settings, activity)))
        self._changed(None)
        return opened

    def start(self, table_id: int) -> Run:
        """Deal a new game at a table (bots play the empty seats)."""
        table = self._table(table_id)
        if table.current is not None:
            raise MessageError(_("table {table} is playing: end its game first").format(table=table_id))
        number = len(table.runs) + 1
        seed, opener = secrets.randbits(62), (number - 1) % table.settings.seats
        with self.db.together():
            game_id = self.db.add_game(table.id, number, seed, opener)
            for seat in range(table.settings.seats):
                student = table.students.get(seat)
                self.db.hold(game_id, seat, 0, None if student is None else student.id)
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
            raise MessageError(_("table {table} is not playing").format(table=table_id))
        self.db.end_game(run.id, "teacher")
        run.ended_by = "teacher"
        self._changed(table)
        self._move_on(table)
        return run

    def free(self, table_id: int, seat: int) -> None:
        """Free a seat: its student leaves it (they stay in the class, and may sit down
        again), a bot plays it. A game that has ended keeps its record as it was."""
        table = self._table(table_id)
        student = table.students.get(seat)
        if student is None:
            raise MessageError(_("seat {seat} of table {table} is free already").format(seat=seat + 1, table=table_id))
        self._place(student, None)

    def remove(self, student_id: int) -> Student:
        """Take a student out of the class: their seat is freed, their phone's secret stops
        working, and their name is free for someone else; the record keeps their games."""
        student = self.students.get(student_id)
        if student is None:
            raise MessageError(_("there is no student {student} in this class").format(student=student_id))
        with self.db.together():
            self._write_place(student, None)
            self.db.leave(student.id, digest(new_secret()))
        self._take_place(student, None)
        del self.students[student.id], self._secrets[student.secret]
        self._keep({k: v for k, v in self.reserved.items() if k != student.id})
        self._changed(None, [student.id])
        return student

    def relink(self, table_id: int, seat: int) -> str:
        """A one-time link for a seat's student (a phone that lost its cookie): the link's
        secret, good for :data:`LINK_SECONDS`."""
        table = self._table(table_id)
        if seat not in table.students:
            raise MessageError(_("nobody sits in seat {seat} of table {table}").format(seat=seat + 1, table=table_id))
        link = new_secret()
        self._links[link] = (table.students[seat].id, time.monotonic() + LINK_SECONDS)
        return link

    def use_link(self, link: str) -> str | None:
        """The student's new secret for a good link (the old secret and the link stop
        working), or None."""
        found = self._links.pop(link, None)
        if found is None or found[1] < time.monotonic() or found[0] not in self.students:
            return None
        old = self.students[found[0]]
        secret = new_secret()
        self.db.new_secret(old.id, digest(secret))
        student = Student(old.id, old.name, digest(secret))
        self.students[old.id] = student
        del self._secrets[old.secret]
        self._secrets[student.secret] = old.id
        place = self.place_of(old.id)
        if place is not None:
            place[0].students[place[1]] = student
            for run in place[0].runs:  # the same student: the record's holders stay who they were
                run.holders = [Holder(h.seat, h.after, student) if h.student == old else h for h in run.holders]
            self._changed(place[0], [old.id])
        return secret

    def delete_all(self) -> None:
        """Delete the class's data: every table, student, seat, game and move, on disk and
        here; a new join code (the old one lets nobody in). Every student's page is told.
        The saved lesson plans stay."""
        self.stop()
        self.db.clear()
        self.tables.clear()
        self.students.clear()
        self._secrets.clear()
        self.places.clear()
        self._links.clear()
        self.away.clear()
        self.reserved.clear()
        self.clocks.clear()
        self.activity = -1
        self.era += 1
        self.code, self.teacher_key = keys(self.db)
        self._changed(None)

    def _table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise MessageError(_("there is no table {table}; the tables are {tables}").format(
                table=table_id, tables=", ".join(map(str, self.tables)) or _("none yet")))
        return table

    # --- the lesson plan ----------------------------------------------------------------------
    def set_plan(self, plan: Plan) -> None:
        """Make ``plan`` the lesson's plan, durably (the class stays at its activity)."""
        self.db.set_room_value("plan", json.dumps(plan.to_json()))
        self.plan = plan
        self._changed(None)

    def plan_add(self, activity: Activity) -> None:
        """Add an activity at the end of the lesson plan."""
        self.set_plan(self.plan.with_activity(activity))

    def save_plan(self, name: str) -> None:
        """Keep the lesson plan under ``name``, for another lesson."""
        plan = Plan(name, self.plan.activities)
        with self.db.together():
            self.db.save_plan(name, plan.to_json())
            self.db.set_room_value("plan", json.dumps(plan.to_json()))
        self.plan = plan
        self._changed(None)

    def offer_plan(self, plan: Plan) -> None:
        """Keep ``plan`` under its name, and make it the lesson's plan unless the class has
        begun one (a server started again with the same plan goes on where it was)."""
        with self.db.together():
            self.db.save_plan(plan.name, plan.to_json())
            if self.activity < 0:
                self.db.set_room_value("plan", json.dumps(plan.to_json()))
        if self.activity < 0:
            self.plan = plan

    def load_plan(self, name: str) -> None:
        """Take the plan kept as ``name`` as the lesson's plan; the class starts it again
        from its first activity."""
        kept = self.db.plans()
        if name not in kept:
            raise MessageError(_("there is no lesson plan {name}; the plans kept: {plans}").format(
                name=repr(name[:40]), plans=", ".join(kept) or _("none")))
        plan = Plan.read(Node(kept[name], f"the lesson plan {name!r}"))
        with self.db.together():
            self.db.set_room_value("plan", json.dumps(plan.to_json()))
            self.db.set_room_value("activity", "-1")
        self.plan, self.activity = plan, -1
        self._changed(None)

    def next_activity(self, grouping: str = "kept", when: str = "after-game", groups: str = "",
                      start: bool = True) -> list[Table]:
        """Move the class on to the plan's next activity in one step: its tables opened,
        every student seated at them (``grouping``: :data:`~bluffmath_class.lesson.GROUPINGS`,
        ``groups`` the teacher's lines), the games started (``start``). A student whose game
        is still being played finishes it first (``when="after-game"``; their seat is kept
        for them) or every game ends now (``"now"``). The new tables, in order."""
        index = self.activity + 1
        if index >= len(self.plan.activities):
            raise MessageError(_("the lesson plan has no next activity: add one under \"Lesson plan\""))
        activity = self.plan.activities[index]
        bins = self._groups(grouping, groups, activity)
        if len(self.tables) + len(bins) > MAX_TABLES:
            raise MessageError(_("a class holds at most {most} tables; {n} are open and this activity needs "
                                 "{needed}").format(most=MAX_TABLES, n=len(self.tables), needed=len(bins)))
        playing = {table.id for table in self.tables.values() if table.current is not None}
        later = set() if when == "now" else {s for s, (t, _) in self.places.items() if t in playing}
        with self.db.together():
            if when == "now":
                for table_id in sorted(playing):
                    self.db.end_game(self.tables[table_id].current.id, "teacher")
            opened = [self.db.add_table(activity.settings.to_json(), index) for _ in bins]
            kept = {s.id: (t, seat) for t, group in zip(opened, bins, strict=True)
                    for seat, s in enumerate(group) if s.id in later}
            self.db.set_room_value("activity", str(index))
            self.db.set_room_value("reserved", json.dumps(kept))
            for t, group in zip(opened, bins, strict=True):
                for seat, student in enumerate(group):
                    if student.id not in later:
                        self.db.sit(t, seat, student.id)
        if when == "now":
            for table_id in sorted(playing):
                self.tables[table_id].current.ended_by = "teacher"
                self._changed(self.tables[table_id])
        tables = [self.tables.setdefault(t, Table(t, activity.settings, index)) for t in opened]
        self.activity, self.reserved = index, kept
        for table, group in zip(tables, bins, strict=True):
            for seat, student in enumerate(group):
                if student.id not in later:
                    self._take_place(student, (table, seat))
        for table in tables:
            if start and table.students and not any(t == table.id for t, _ in kept.values()):
                self.start(table.id)
        self._changed(None)
        return tables

    def _groups(self, grouping: str, text: str, activity: Activity) -> list[list[Student]]:
        """The students of the class at the next activity's tables, table by table."""
        seats = activity.settings.seats
        by_name = {s.name: s for s in self.students.values()}
        if grouping == "teacher":
            named = [[by_name[n] for n in g] for g in teacher_groups(text, list(by_name), seats)]
            others = [s for s in self.students.values() if all(s not in g for g in named)]
            bins = named + [[] for _ in range(max(activity.tables - len(named), 0))]
            for student in others:
                room = [b for b in bins if len(b) < seats]
                if not room:
                    bins.append([])
                    room = [bins[-1]]
                min(room, key=len).append(student)
            return bins or [[]]
        if grouping == "shuffled":
            order = list(self.students.values())
            secrets.SystemRandom().shuffle(order)
            return share([[s] for s in order], seats, activity.tables)
        tables = sorted(self.tables.values(), key=lambda t: t.id)
        groups = [[t.students[s] for s in sorted(t.students)] for t in tables]
        groups.append([s for s in self.students.values() if s.id not in self.places])
        return share([g for g in groups if g], seats, activity.tables)

    def _move_on(self, table: Table) -> None:
        """A game ended at ``table``: its students whose seats at the next activity were
        kept for them go there now, and a table that waited only for them starts."""
        going = [(sid, place) for sid, place in self.reserved.items() if self.places.get(sid, (None,))[0] == table.id]
        if not going:
            return
        self._keep({k: v for k, v in self.reserved.items() if k not in dict(going)})
        for student_id, (table_id, seat) in going:
            target = self.tables.get(table_id)
            place = (target, seat) if target is not None and seat in target.free_seats() else self._free_seat(None)
            self._place(self.students[student_id], place)
        for target in sorted({self.places[sid][0] for sid, _where in going}):
            if self.tables[target].current is None and not any(t == target for t, _ in self.reserved.values()):
                self.start(target)

    def _keep(self, reserved: dict[int, tuple[int, int]]) -> None:
        """The seats kept for students finishing a game, durably."""
        self.db.set_room_value("reserved", json.dumps(reserved) if reserved else None)
        self.reserved = reserved

    # --- bots and the clock ------------------------------------------------------------------
    def set_clock(self, student_id: int, clock: str) -> Student:
        """Give a student their own time for a move (:data:`CLOCKS`: the table's, twice or
        three times it, or none), kept durably; their table's clock starts again."""
        student = self.students.get(student_id)
        if student is None:
            raise MessageError(_("there is no student {student} in this class").format(student=student_id))
        clocks = {k: v for k, v in self.clocks.items() if k != student_id}
        if clock != "table":
            clocks[student_id] = clock
        self.db.set_room_value("clocks", json.dumps(clocks) if clocks else None)
        self.clocks = clocks
        place = self.places.get(student_id)
        self._changed(None if place is None else self.tables[place[0]])
        return student

    def seconds(self, table: Table, seat: int) -> int:
        """The seconds ``seat``'s student has for a move before a bot plays it (0: no
        limit; a bot's seat: 0)."""
        student = table.students.get(seat)
        if student is None:
            return 0
        return table.settings.move_seconds * CLOCKS[self.clocks.get(student.id, "table")][1]

    def more_time(self, table: Table, seat: int) -> int:
        """The student to move asks for more time: their clock starts again (WCAG 2.2.1);
        the seconds they have now (0: they have no clock running)."""
        run = table.current
        if run is None or table.rules.to_act(run.state) != seat:
            raise MessageError(_("it is not your turn, so your time is not running"))
        self.away.discard((table.id, seat))
        self._schedule(table)
        return self.seconds(table, seat)

    def resume(self) -> None:
        """Arm every table's clock (call once the event loop runs)."""
        for table in self.tables.values():
            self._schedule(table)

    def stop(self) -> None:
        """Disarm every clock, and let a bot that is thinking finish unheard."""
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)
        self._thinker = None

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
        elif self.seconds(table, seat):
            delay, by = self.seconds(table, seat), "timeout"
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
        seed = f"{run.seed}/{at}"
        if self.think is not None:
            thinking = asyncio.wrap_future(self.think(table, run, seed))
        else:
            if self._thinker is None:
                self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            thinking = asyncio.get_running_loop().run_in_executor(
                self._thinker, table.rules.bot_move, run.state, table.settings.bot, random.Random(seed))
        thinking.add_done_callback(lambda done: self._bot_moved(table, run, at, seat, by, done))

    def _bot_moved(self, table: Table, run: Run, at: int, seat: int, by: str, done: asyncio.Future[Any]) -> None:
        """Play the move the bot thought of, if the table is still where it was."""
        if done.cancelled() or table.current is not run or run.at != at:
            return
        try:
            action = done.result()
            if isinstance(action, dict):  # thought in a worker: the move as the database keeps it
                action = table.rules.read_move(Node(action, "a bot's move"))
            self._play(table, run, seat, action, by)
        except Exception:  # a bug, or a full disk: say so, keep serving the other tables
            log.exception("table %s: the bot could not move", table.id)
