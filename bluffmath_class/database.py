"""The class's durable record: one SQLite file in WAL mode, written before anything is
acknowledged.

What is kept is what a restart needs to rebuild every table exactly, the way a save loads,
and what the record of the lesson says for ever: the room (join code, teacher's key, the
lesson plan and how far the class has come in it), each table's settings, every student
(a name, and the seat's secret only as its SHA-256), who sits where now, each game's seed
and opener, **who held each seat of each game from which move on** (a row is added when a
seat changes hands during a game, never changed afterwards), and every move in order with
how it was made; and the teacher's drill set (a room value) with each student's first answer
to each of its drills (:mod:`bluffmath_class.practice`). Each write is its own transaction,
committed (``synchronous=FULL``: on disk, not only in the page cache) before the caller goes on; a server killed at any moment
restarts on the same file with every committed move, and a move is acknowledged to a
student only after its commit. Several writes that belong together (a class moved on to
its next activity) go in one transaction (:meth:`Database.together`).

>>> db = Database(":memory:")
>>> table = db.add_table({"game": "hochstapler"})
>>> ann = db.add_student("Ann", "digest-of-anns-secret")
>>> db.sit(table, 0, ann)
>>> game = db.add_game(table, number=1, seed=7, opener=0)
>>> db.hold(game, seat=0, after=0, student=ann)
>>> db.add_move(game, 1, seat=0, move={"kind": "doubt"}, by="student")
>>> [m.move for m in db.moves(game)], db.holders(game)
([{'kind': 'doubt'}], [HolderRow(game_id=1, seat=0, after=0, student_id=1)])
>>> db.add_move(game, 1, seat=1, move={"kind": "doubt"}, by="student")
Traceback (most recent call last):
...
sqlite3.IntegrityError: UNIQUE constraint failed: moves.game_id, moves.number
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bluffmath.errors import InvalidInputError

#: The layout of the file; a file of another layout is refused, not guessed at (layout 1,
#: written before the record kept who held each seat, is brought up to date on opening).
SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, settings TEXT NOT NULL, created REAL NOT NULL, activity INTEGER);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, secret TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL, left REAL);
CREATE TABLE IF NOT EXISTS places (
    table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    student_id INTEGER NOT NULL UNIQUE REFERENCES students(id), PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL, seed INTEGER NOT NULL, opener INTEGER NOT NULL,
    started REAL NOT NULL, ended REAL, ended_by TEXT, UNIQUE (table_id, number));
CREATE TABLE IF NOT EXISTS holders (
    game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, after INTEGER NOT NULL,
    student_id INTEGER REFERENCES students(id), PRIMARY KEY (game_id, seat, after));
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
    seat INTEGER NOT NULL, move TEXT NOT NULL, by TEXT NOT NULL, time REAL NOT NULL,
    PRIMARY KEY (game_id, number));
CREATE TABLE IF NOT EXISTS plans (name TEXT PRIMARY KEY, plan TEXT NOT NULL, saved REAL NOT NULL);
CREATE TABLE IF NOT EXISTS drill_answers (
    drill_set INTEGER NOT NULL, drill TEXT NOT NULL, student_id INTEGER NOT NULL REFERENCES students(id),
    option TEXT NOT NULL, cost TEXT NOT NULL, time REAL NOT NULL, PRIMARY KEY (drill_set, drill, student_id));
"""


@dataclass(frozen=True)
class StudentRow:
    """A student of the class: the name, the SHA-256 of the phone's secret, and whether the
    teacher took them out of the class (``left``: they keep their place in the record)."""

    id: int
    name: str
    secret: str
    left: bool = False


@dataclass(frozen=True)
class PlaceRow:
    """Who sits where now: a table's seat and its student."""

    table_id: int
    seat: int
    student_id: int


@dataclass(frozen=True)
class GameRow:
    """A game of a table: its number there (1, 2, ...), seed and opener, and how it ended."""

    id: int
    table_id: int
    number: int
    seed: int
    opener: int
    started: float
    ended: float | None
    ended_by: str | None


@dataclass(frozen=True)
class HolderRow:
    """Who held a seat of a game from the move after ``after`` on (0: from the deal): a
    student, or None for a bot."""

    game_id: int
    seat: int
    after: int
    student_id: int | None


@dataclass(frozen=True)
class MoveRow:
    """One move: its number in the game (1 is the first), the seat, the move as JSON, and
    how it was made (``student``, ``bot`` for an empty seat, ``timeout`` for a bot standing
    in for an absent student)."""

    number: int
    seat: int
    move: Any
    by: str
    time: float


class Database:
    """The class's SQLite file (``:memory:`` for tests). One connection, used from the
    server's event loop only."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._open: int = 0  # transactions open in this connection (writes inside :meth:`together`)
        version = self._version()
        if version not in (None, "1", str(SCHEMA_VERSION)):
            self._db.close()
            raise InvalidInputError(
                f"{self.path} is a class database of layout {version}; this bluffmath reads "
                f"layout {SCHEMA_VERSION}. Start the class with another --db file")
        with self._transaction():
            if version == "1":
                _upgrade_from_1(self._db)
            _create(self._db)  # CREATE ... IF NOT EXISTS: idempotent
            self._set("schema", str(SCHEMA_VERSION))

    def _version(self) -> str | None:
        known = self._db.execute("SELECT name FROM sqlite_master WHERE type='table' AND name='room'").fetchone()
        return None if known is None else self.room_value("schema")

    def close(self) -> None:
        """Close the file (every write is already committed)."""
        self._db.close()

    # --- the room ------------------------------------------------------------------------
    def room_value(self, key: str) -> str | None:
        """A room setting (``code``, ``teacher``, ``plan``, ...), or None if not set yet."""
        row = self._db.execute("SELECT value FROM room WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def set_room_value(self, key: str, value: str | None) -> None:
        """Set a room setting (None: remove it), durably."""
        with self._transaction():
            self._set(key, value)

    def _set(self, key: str, value: str | None) -> None:
        if value is None:
            self._db.execute("DELETE FROM room WHERE key = ?", (key,))
        else:
            self._db.execute("INSERT OR REPLACE INTO room (key, value) VALUES (?, ?)", (key, value))

    # --- tables, students and places ---------------------------------------------------------
    def add_table(self, settings: dict[str, Any], activity: int | None = None) -> int:
        """A new table with these settings (of the lesson plan's activity ``activity``); its id."""
        with self._transaction():
            cursor = self._db.execute("INSERT INTO tables (settings, created, activity) VALUES (?, ?, ?)",
                                      (json.dumps(settings), time.time(), activity))
        return int(cursor.lastrowid)

    def tables(self) -> list[tuple[int, Any, int | None]]:
        """Every table's id, settings and activity, in the order they were opened."""
        return [(i, json.loads(s), a) for i, s, a in
                self._db.execute("SELECT id, settings, activity FROM tables ORDER BY id")]

    def add_student(self, name: str, secret: str) -> int:
        """A new student of the class (the SHA-256 of their phone's secret); their id."""
        with self._transaction():
            cursor = self._db.execute("INSERT INTO students (name, secret, joined) VALUES (?, ?, ?)",
                                      (name, secret, time.time()))
        return int(cursor.lastrowid)

    def students(self) -> list[StudentRow]:
        """Every student the class has had, in the order they joined."""
        return [StudentRow(i, n, s, left is not None) for i, n, s, left in
                self._db.execute("SELECT id, name, secret, left FROM students ORDER BY id")]

    def new_secret(self, student: int, secret: str) -> None:
        """Give a student's phone a new secret (the old one stops working)."""
        with self._transaction():
            self._db.execute("UPDATE students SET secret = ? WHERE id = ?", (secret, student))

    def leave(self, student: int, secret: str) -> None:
        """The teacher takes a student out of the class: their seat is freed, their phone's
        secret is replaced (``secret``: a digest no phone holds), their name stays in the record."""
        with self._transaction():
            self._db.execute("DELETE FROM places WHERE student_id = ?", (student,))
            self._db.execute("UPDATE students SET left = ?, secret = ? WHERE id = ?", (time.time(), secret, student))

    def sit(self, table_id: int, seat: int, student: int) -> None:
        """Seat a student (leaving any seat they had)."""
        with self._transaction():
            self._db.execute("DELETE FROM places WHERE student_id = ?", (student,))
            self._db.execute("INSERT INTO places (table_id, seat, student_id) VALUES (?, ?, ?)",
                             (table_id, seat, student))

    def free(self, table_id: int, seat: int) -> None:
        """Free a seat: a bot plays it until someone sits there."""
        with self._transaction():
            self._db.execute("DELETE FROM places WHERE table_id = ? AND seat = ?", (table_id, seat))

    def places(self) -> list[PlaceRow]:
        """Who sits where now."""
        return [PlaceRow(*row) for row in
                self._db.execute("SELECT table_id, seat, student_id FROM places ORDER BY table_id, seat")]

    # --- games, holders and moves ---------------------------------------------------------
    def add_game(self, table_id: int, number: int, seed: int, opener: int) -> int:
        """A new game at a table; its id."""
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (table_id, number, seed, opener, started) VALUES (?, ?, ?, ?, ?)",
                (table_id, number, seed, opener, time.time()))
        return int(cursor.lastrowid)

    def end_game(self, game_id: int, ended_by: str) -> None:
        """Mark a game ended (``finished``: by its rules; ``teacher``: stopped early)."""
        with self._transaction():
            self._db.execute("UPDATE games SET ended = ?, ended_by = ? WHERE id = ?",
                             (time.time(), ended_by, game_id))

    def games(self) -> list[GameRow]:
        """Every game, in the order they started."""
        return [GameRow(*row) for row in self._db.execute(
            "SELECT id, table_id, number, seed, opener, started, ended, ended_by FROM games ORDER BY id")]

    def hold(self, game_id: int, seat: int, after: int, student: int | None) -> None:
        """Record who holds a seat of a game from move ``after + 1`` on (None: a bot); a
        second change before the next move replaces the first (no move was made between)."""
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO holders (game_id, seat, after, student_id) VALUES (?, ?, ?, ?)",
                             (game_id, seat, after, student))

    def holders(self, game_id: int) -> list[HolderRow]:
        """Who held each seat of a game, in order."""
        return [HolderRow(*row) for row in self._db.execute(
            "SELECT game_id, seat, after, student_id FROM holders WHERE game_id = ? ORDER BY after, seat",
            (game_id,))]

    def add_move(self, game_id: int, number: int, seat: int, move: Any, by: str) -> None:
        """Record a move durably; the move's number must be the next one of its game."""
        with self._transaction():
            self._db.execute("INSERT INTO moves (game_id, number, seat, move, by, time) VALUES (?, ?, ?, ?, ?, ?)",
                             (game_id, number, seat, json.dumps(move), by, time.time()))

    def moves(self, game_id: int) -> list[MoveRow]:
        """A game's moves in order."""
        return [MoveRow(n, s, json.loads(m), by, t) for n, s, m, by, t in self._db.execute(
            "SELECT number, seat, move, by, time FROM moves WHERE game_id = ? ORDER BY number", (game_id,))]

    # --- the teacher's drill set ----------------------------------------------------------
    def add_set_answer(self, drill_set: int, drill: str, student: int, option: str, cost: str) -> None:
        """Keep a student's answer to a drill of the class's set; only their first counts
        (a second answer to the same drill is not kept here)."""
        with self._transaction():
            self._db.execute("INSERT OR IGNORE INTO drill_answers (drill_set, drill, student_id, option, cost, time) "
                             "VALUES (?, ?, ?, ?, ?, ?)", (drill_set, drill, student, option, cost, time.time()))

    def set_answers(self, drill_set: int) -> list[tuple[str, str, str]]:
        """Every first answer to the drills of a set, as (drill, option, cost), in the order
        they came; no student is named."""
        return list(self._db.execute("SELECT drill, option, cost FROM drill_answers WHERE drill_set = ? "
                                     "ORDER BY time, rowid", (drill_set,)))

    # --- lesson plans ----------------------------------------------------------------------
    def save_plan(self, name: str, plan: dict[str, Any]) -> None:
        """Keep a lesson plan under its name (a plan of the same name is replaced)."""
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO plans (name, plan, saved) VALUES (?, ?, ?)",
                             (name, json.dumps(plan), time.time()))

    def plans(self) -> dict[str, Any]:
        """Every saved lesson plan by name, in the order of their names."""
        return {n: json.loads(p) for n, p in self._db.execute("SELECT name, plan FROM plans ORDER BY name")}

    def clear(self) -> None:
        """Delete every table, student, seat, game and move, the drill set and its answers,
        the join code, the students' own move times and how far the class came in its
        lesson (one transaction); the lesson plan and the saved plans stay, for the next class."""
        with self._transaction():
            for table in ("drill_answers", "moves", "holders", "games", "places", "students", "tables"):
                self._db.execute(f"DELETE FROM {table}")
            self._db.execute("DELETE FROM room WHERE key IN ('code', 'activity', 'reserved', 'clocks', 'drill-set')")

    # --- transactions --------------------------------------------------------------------
    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """Every write in the block in one transaction: all on disk, or none."""
        with self._transaction():
            yield

    def _transaction(self) -> _Transaction:
        return _Transaction(self)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an error; inside another, part of it."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def __enter__(self) -> None:
        if not self._db._open:
            self._db._db.execute("BEGIN IMMEDIATE")
        self._db._open += 1

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db._open -= 1
        if not self._db._open:
            self._db._db.execute("COMMIT" if kind is None else "ROLLBACK")


def _upgrade_from_1(db: sqlite3.Connection) -> None:
    """Bring a layout-1 file (seats with names and secrets, no record of who held a seat)
    to layout 2, in the caller's transaction: each seated student becomes a student in
    their seat, and each game is recorded as held by the students seated at the upgrade
    (what layout 1 knew)."""
    db.execute("ALTER TABLE tables ADD COLUMN activity INTEGER")
    _create(db)
    for table_id, seat, name, secret, joined in db.execute(
            "SELECT table_id, seat, name, secret, joined FROM seats ORDER BY joined").fetchall():
        cursor = db.execute("INSERT INTO students (name, secret, joined) VALUES (?, ?, ?)", (name, secret, joined))
        db.execute("INSERT INTO places (table_id, seat, student_id) VALUES (?, ?, ?)",
                   (table_id, seat, cursor.lastrowid))
    db.execute("INSERT INTO holders (game_id, seat, after, student_id) SELECT g.id, p.seat, 0, p.student_id "
               "FROM games g JOIN places p ON p.table_id = g.table_id")
    db.execute("DROP TABLE seats")


def _create(db: sqlite3.Connection) -> None:
    """The tables of :data:`_SCHEMA` that are not there yet (statement by statement: a
    script would commit the caller's transaction)."""
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
