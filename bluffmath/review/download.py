"""A class table's download, read for reviews: every game's save with its seats' names.

The teacher's page offers "Every game's save (ZIP)" (``class-games.zip``): each game as
``table-T-game-G.json`` (the core's own save), ``results.csv`` (a row per seat per game, or
per student or bot who held it, with the names) and ``moves.csv`` (who made each move, and
how: the student, a bot for the absent student, a bot). :func:`class_games` pairs each save
with its seats' names (``"Ann then Bot 2"`` for a seat that changed hands) and, from
``moves.csv``, who made each move themselves, and groups the games by kind, ready for
:func:`~bluffmath.review.review_many` by name, which then counts a student's own decisions
only: ``review_many(class_games(data)["bluffmath-hochstapler-game"], "Ann")``.

>>> class_games(b"not a zip")
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: this is not a class table's download (a ZIP of every game's save): File is not a zip file

Every part is read strictly: a save as bluffmath reads JSON (:func:`~bluffmath.schema.read_json`),
numbers in the file names and the tables as at most :data:`~bluffmath.limits.MAX_DIGITS` digits,
names of at most :data:`~bluffmath.limits.MAX_STRING` characters; anything else is a
:class:`~bluffmath.errors.SaveFileError` naming the file:

>>> import io, zipfile
>>> data = io.BytesIO()
>>> with zipfile.ZipFile(data, "w") as z:
...     z.writestr("results.csv", "table,game,seat,name\\n1,1,1,Ann\\n")
...     z.writestr("table-1-game-1.json", "[" * 1000)
>>> class_games(data.getvalue())
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: table-1-game-1.json in a class ... must be JSON text nested at most 64 deep; ...
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from typing import Any

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.limits import MAX_ACTIONS, MAX_CLASS_DOWNLOAD, MAX_DIGITS, MAX_STRING
from bluffmath.schema import read_json
from bluffmath.validate import shown

_SAVE = re.compile(r"table-([0-9]+)-game-([0-9]+)\.json")
_WHOLE = re.compile(r"[0-9]+")
#: What reading a member of a ZIP may raise besides BadZipFile: an encrypted member
#: (RuntimeError), a compression Python lacks (NotImplementedError), damaged data.
_UNREADABLE = (zipfile.BadZipFile, NotImplementedError, RuntimeError, zlib.error, EOFError, OSError, ValueError)
_WHAT = "a class table's download (a ZIP of every game's save)"


def class_games(data: bytes) -> dict[str, list[tuple[Any, ...]]]:
    """The games in a class table's download, by save format: each ``(save, names,
    makers)``, the names of its seats in order (``Seat 2`` at an anonymous table, ``Bot 3``
    for a bot) and the student who made each move themselves (None: a bot), in the order of
    the tables and games; ``(save, names)`` from a download with no ``moves.csv``."""
    with _opened(data) as archive:
        listed = archive.namelist()
        if "results.csv" not in listed:
            raise SaveFileError(f"this is not {_WHAT}: it holds no results.csv (the seats' names)")
        names = _names(_member(archive, "results.csv"))
        makers = _makers(_member(archive, "moves.csv")) if "moves.csv" in listed else None
        games: dict[str, list[tuple[Any, ...]]] = {}
        for table, game, name in _saves(listed):
            text = _member(archive, name).decode("utf-8", "replace")
            if (table, game) not in names:
                raise SaveFileError(f"{name}: results.csv names no seat of table {table}, game {game}")
            entry = (text, names[table, game]) if makers is None else (text, names[table, game],
                                                                         makers.get((table, game), ()))
            games.setdefault(_format(text, name), []).append(entry)
    return games


def _opened(data: object) -> zipfile.ZipFile:
    """The download as a ZipFile, once its size is checked: packed and unpacked."""
    if not isinstance(data, bytes | bytearray):
        raise InvalidInputError(f"class_games reads the download's bytes (open it with \"rb\"), got {shown(data)}")
    if len(data) > MAX_CLASS_DOWNLOAD:
        raise SaveFileError(f"{_WHAT} is larger than {MAX_CLASS_DOWNLOAD:,} bytes, the most bluffmath reads")
    try:
        archive = zipfile.ZipFile(io.BytesIO(bytes(data)))
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as error:
        raise SaveFileError(f"this is not {_WHAT}: {error}") from None
    if sum(info.file_size for info in archive.infolist()) > MAX_CLASS_DOWNLOAD:
        archive.close()
        raise SaveFileError(f"{_WHAT} unpacks to more than {MAX_CLASS_DOWNLOAD:,} bytes, the most "
                            "bluffmath reads")
    return archive


def _member(archive: zipfile.ZipFile, name: str) -> bytes:
    """One file of the download, or SaveFileError naming it (damaged, encrypted, ...)."""
    try:
        return archive.read(name)
    except _UNREADABLE as error:
        raise SaveFileError(f"{name} in {_WHAT} cannot be unpacked: {error}") from None


def _saves(listed: list[str]) -> list[tuple[int, int, str]]:
    """The saves among the files, ``(table, game, file name)`` in order of table and game."""
    found = []
    for name in listed:
        if match := _SAVE.fullmatch(name):
            where = name if len(name) <= 60 else f"{name[:30]}...{name[-20:]}"
            found.append((_whole(match[1], where, "its table"), _whole(match[2], where, "its game"), name))
    return sorted(found)


def _whole(text: object, where: str, what: str, high: int | None = None) -> int:
    """A whole number written in ASCII digits, at most :data:`MAX_DIGITS` of them (and at
    most ``high``), or SaveFileError naming ``where`` and ``what``.

    >>> _whole("12", "moves.csv", "a move")
    12
    >>> _whole("1" * 50, "table-1...-game-1.json", "its table")
    Traceback (most recent call last):
    ...
    bluffmath.errors.SaveFileError: table-1...-game-1.json in ...: its table must be ... at most 40 digits; got 50 digits
    """
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        raise SaveFileError(f"{where} in {_WHAT}: {what} must be a whole number written in digits; "
                            f"got {shown(text)}")
    if len(text) > MAX_DIGITS:
        raise SaveFileError(f"{where} in {_WHAT}: {what} must be a whole number of at most {MAX_DIGITS} "
                            f"digits; got {len(text):,} digits")
    value = int(text)
    if high is not None and value > high:
        raise SaveFileError(f"{where} in {_WHAT}: {what} must be at most {high:,}; got {shown(value)}")
    return value


def _name(cell: object, where: str) -> str:
    """A name as the download wrote it (a leading ``'`` keeps a spreadsheet from a formula),
    at most :data:`MAX_STRING` characters."""
    if not isinstance(cell, str):
        raise SaveFileError(f"{where} in {_WHAT}: a row has no name (the teacher's columns are needed)")
    if len(cell) > MAX_STRING:
        raise SaveFileError(f"{where} in {_WHAT}: a name of {len(cell):,} characters; at most "
                            f"{MAX_STRING:,} are allowed")
    return cell[1:] if cell[:2] in ("'=", "'+", "'-", "'@") else cell


def _rows(data: bytes, where: str, columns: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    """The rows of a CSV file of the download, each with ``columns``; SaveFileError naming
    the file for anything else (a cell longer than the csv module reads, a NUL, ...)."""
    reader = csv.DictReader(io.StringIO(data.decode("utf-8", "replace")))
    try:
        for row in reader:
            if any(not isinstance(row.get(column), str) for column in columns):
                raise SaveFileError(f"{where} in {_WHAT} is not the teacher's: each row needs the columns "
                                    f"{', '.join(columns)}")
            yield row
    except csv.Error as error:
        raise SaveFileError(f"{where} in {_WHAT} is not the teacher's CSV (cells of at most {MAX_STRING:,} "
                            f"characters): {error}") from None


def _names(data: bytes) -> dict[tuple[int, int], tuple[str, ...]]:
    seats: dict[tuple[int, int], dict[int, list[str]]] = {}
    where = "results.csv"
    for row in _rows(data, where, ("table", "game", "seat", "name")):
        key = (_whole(row["table"], where, "a table"), _whole(row["game"], where, "a game"))
        held = seats.setdefault(key, {}).setdefault(_whole(row["seat"], where, "a seat"), [])
        name = _name(row["name"], where)
        if not held or held[-1] != name:
            held.append(name)
    return {key: _seat_names(key, by) for key, by in seats.items()}


def _seat_names(key: tuple[int, int], by: dict[int, list[str]]) -> tuple[str, ...]:
    """The names of a game's seats 1, 2, ... in order; SaveFileError if a seat is missing."""
    if sorted(by) != list(range(1, len(by) + 1)):
        raise SaveFileError(f"results.csv in {_WHAT}: table {key[0]}, game {key[1]} must name seats 1 to "
                            f"{len(by)}, each at least once; it names seats {', '.join(map(str, sorted(by)))}")
    return tuple(" then ".join(by[s]) for s in sorted(by))


def _makers(data: bytes) -> dict[tuple[int, int], tuple[str | None, ...]]:
    """Who made each move of each game themselves (None: a bot), from ``moves.csv``."""
    moves: dict[tuple[int, int], dict[int, str | None]] = {}
    where = "moves.csv"
    for row in _rows(data, where, ("table", "game", "move", "name", "played by")):
        made = _name(row["name"], where) if row["played by"] == "student" else None
        key = (_whole(row["table"], where, "a table"), _whole(row["game"], where, "a game"))
        moves.setdefault(key, {})[_whole(row["move"], where, "a move", MAX_ACTIONS)] = made
    return {key: tuple(by.get(n) for n in range(1, max(by, default=0) + 1)) for key, by in moves.items()}


def _format(text: str, name: str) -> str:
    data = read_json(text, f"{name} in {_WHAT}", SaveFileError)
    found = data.get("format") if isinstance(data, dict) else None
    if not isinstance(found, str):
        raise SaveFileError(f"{name} in {_WHAT} is not a saved game (no \"format\")")
    return found
