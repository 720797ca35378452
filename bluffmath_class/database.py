"""The class's durable record: one SQLite file in WAL mode, written before anything is
acknowledged.

What is kept is what a restart needs to rebuild every table exactly, the way a save loads:
the room (join code, teacher's key), each table's settings, who sits where (a seat's secret
only as its SHA-256), each game's seed and opener, and every move in order. Each write is
its own transaction, committed (``synchronous=FULL``: on disk, not only in the page cache)
before the caller goes on; a server killed at any moment restarts on the same file with
every committed move, and a move is acknowledged to a student only after its commit.

>>> db = Database(":memory:")
>>> table = db.add_table({"game": "hochstapler"})
>>> game = db.add_game(table, number=1, seed=7, opener=0)
>>> db.add_move(game, 1, seat=0, move={"kind": "doubt"}, by="student")
>>> [m.move for m in db.moves(game)]
[{'kind': 'doubt'}]
>>> db.add_move(game, 1, seat=1, move={"kind": "doubt"}, by="student")
Traceback (most recent call last):
...
sqlite3.IntegrityError: UNIQUE constraint failed: moves.game_id, moves.number
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bluffmath.errors import InvalidInputError

#: The layout of the file; a file of another layout is refused, not guessed at.
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, settings TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, secret TEXT NOT NULL UNIQUE, joined REAL NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL, seed INTEGER NOT NULL, opener INTEGER NOT NULL,
    started REAL NOT NULL, ended REAL, ended_by TEXT, UNIQUE (table_id, number));
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
    seat INTEGER NOT NULL, move TEXT NOT NULL, by TEXT NOT NULL, time REAL NOT NULL,
    PRIMARY KEY (game_id, number));
"""


@dataclass(frozen=True)
class SeatRow:
    """A student's seat: the table, the seat, the name, the SHA-256 of the seat's secret."""

    table_id: int
    seat: int
    name: str
    secret: str


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
class MoveRow:
    """One move: its number in the game (1 is the first), the seat, the move as JSON, and
    who made it (``student``, ``bot`` for an empty seat, ``timeout`` for an absent student)."""

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
        self._db.executescript(_SCHEMA)  # CREATE ... IF NOT EXISTS: idempotent
        with self._transaction():
            version = self.room_value("schema")
            if version is None:
                self._set("schema", str(SCHEMA_VERSION))
        if version not in (None, str(SCHEMA_VERSION)):
            raise InvalidInputError(
                f"{self.path} is a class database of layout {version}; this bluffmath reads "
                f"layout {SCHEMA_VERSION}. Start the class with another --db file")

    def close(self) -> None:
        """Close the file (every write is already committed)."""
        self._db.close()

    # --- the room ------------------------------------------------------------------------
    def room_value(self, key: str) -> str | None:
        """A room setting (``code``, ``teacher``), or None if not set yet."""
        row = self._db.execute("SELECT value FROM room WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def set_room_value(self, key: str, value: str) -> None:
        """Set a room setting, durably."""
        with self._transaction():
            self._set(key, value)

    def _set(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO room (key, value) VALUES (?, ?)", (key, value))

    # --- tables and seats ----------------------------------------------------------------
    def add_table(self, settings: dict[str, Any]) -> int:
        """A new table with these settings; its id."""
        with self._transaction():
            cursor = self._db.execute("INSERT INTO tables (settings, created) VALUES (?, ?)",
                                      (json.dumps(settings), time.time()))
        return int(cursor.lastrowid)

    def tables(self) -> list[tuple[int, Any]]:
        """Every table's id and settings, in the order they were opened."""
        return [(i, json.loads(s)) for i, s in self._db.execute("SELECT id, settings FROM tables ORDER BY id")]

    def seat(self, row: SeatRow) -> None:
        """Seat a student (a seat is taken once; :meth:`free` frees it)."""
        with self._transaction():
            self._db.execute("INSERT INTO seats (table_id, seat, name, secret, joined) VALUES (?, ?, ?, ?, ?)",
                             (row.table_id, row.seat, row.name, row.secret, time.time()))

    def new_secret(self, table_id: int, seat: int, secret: str) -> None:
        """Give a seat a new secret (its old link stops working)."""
        with self._transaction():
            self._db.execute("UPDATE seats SET secret = ? WHERE table_id = ? AND seat = ?",
                             (secret, table_id, seat))

    def free(self, table_id: int, seat: int) -> None:
        """Free a seat: a bot plays it until someone joins."""
        with self._transaction():
            self._db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    def seats(self) -> list[SeatRow]:
        """Every student's seat."""
        return [SeatRow(*row) for row in
                self._db.execute("SELECT table_id, seat, name, secret FROM seats ORDER BY table_id, seat")]

    # --- games and moves -----------------------------------------------------------------
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

    def add_move(self, game_id: int, number: int, seat: int, move: Any, by: str) -> None:
        """Record a move durably; the move's number must be the next one of its game."""
        with self._transaction():
            self._db.execute("INSERT INTO moves (game_id, number, seat, move, by, time) VALUES (?, ?, ?, ?, ?, ?)",
                             (game_id, number, seat, json.dumps(move), by, time.time()))

    def moves(self, game_id: int) -> list[MoveRow]:
        """A game's moves in order."""
        return [MoveRow(n, s, json.loads(m), by, t) for n, s, m, by, t in self._db.execute(
            "SELECT number, seat, move, by, time FROM moves WHERE game_id = ? ORDER BY number", (game_id,))]

    def clear(self) -> None:
        """Delete every table, seat, game and move, and the join code (one transaction)."""
        with self._transaction():
            for table in ("moves", "games", "seats", "tables"):
                self._db.execute(f"DELETE FROM {table}")
            self._db.execute("DELETE FROM room WHERE key = 'code'")

    # --- transactions --------------------------------------------------------------------
    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def rows(db: Database) -> Iterator[tuple[GameRow, list[MoveRow]]]:
    """Every game with its moves (for a restart and the downloads)."""
    for game in db.games():
        yield game, db.moves(game.id)
