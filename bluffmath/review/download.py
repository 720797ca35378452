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
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from typing import Any

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.limits import MAX_CLASS_DOWNLOAD
from bluffmath.validate import shown

_SAVE = re.compile(r"table-(\d+)-game-(\d+)\.json")
_WHAT = "a class table's download (a ZIP of every game's save)"


def class_games(data: bytes) -> dict[str, list[tuple[Any, ...]]]:
    """The games in a class table's download, by save format: each ``(save, names,
    makers)``, the names of its seats in order (``Seat 2`` at an anonymous table, ``Bot 3``
    for a bot) and the student who made each move themselves (None: a bot), in the order of
    the tables and games; ``(save, names)`` from a download with no ``moves.csv``."""
    if not isinstance(data, bytes | bytearray):
        raise InvalidInputError(f"class_games reads the download's bytes (open it with \"rb\"), got {shown(data)}")
    if len(data) > MAX_CLASS_DOWNLOAD:
        raise SaveFileError(f"{_WHAT} is larger than {MAX_CLASS_DOWNLOAD:,} bytes, the most bluffmath reads")
    try:
        archive = zipfile.ZipFile(io.BytesIO(bytes(data)))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise SaveFileError(f"this is not {_WHAT}: {error}") from None
    with archive:
        if sum(info.file_size for info in archive.infolist()) > MAX_CLASS_DOWNLOAD:
            raise SaveFileError(f"{_WHAT} unpacks to more than {MAX_CLASS_DOWNLOAD:,} bytes, the most "
                                "bluffmath reads")
        listed = archive.namelist()
        if "results.csv" not in listed:
            raise SaveFileError(f"this is not {_WHAT}: it holds no results.csv (the seats' names)")
        names = _names(archive.read("results.csv"))
        makers = _makers(archive.read("moves.csv")) if "moves.csv" in listed else None
        games: dict[str, list[tuple[Any, ...]]] = {}
        found = sorted((int(m[1]), int(m[2]), n) for n in listed if (m := _SAVE.fullmatch(n)))
        for table, game, name in found:
            text = archive.read(name).decode("utf-8", "replace")
            if (table, game) not in names:
                raise SaveFileError(f"{name}: results.csv names no seat of table {table}, game {game}")
            entry = (text, names[table, game]) if makers is None else (text, names[table, game],
                                                                         makers.get((table, game), ()))
            games.setdefault(_format(text, name), []).append(entry)
    return games


def _name(cell: str) -> str:
    """A name as the download wrote it (a leading ``'`` keeps a spreadsheet from a formula)."""
    return cell[1:] if cell[:2] in ("'=", "'+", "'-", "'@") else cell


def _names(data: bytes) -> dict[tuple[int, int], tuple[str, ...]]:
    rows = csv.DictReader(io.StringIO(data.decode("utf-8", "replace")))
    seats: dict[tuple[int, int], dict[int, list[str]]] = {}
    try:
        for row in rows:
            held = seats.setdefault((int(row["table"]), int(row["game"])), {}).setdefault(int(row["seat"]) - 1, [])
            if not held or held[-1] != _name(row["name"]):
                held.append(_name(row["name"]))
    except (KeyError, ValueError, TypeError) as error:
        raise SaveFileError(f"results.csv in {_WHAT} is not the teacher's results ({error})") from None
    return {key: tuple(" then ".join(by[s]) for s in sorted(by)) for key, by in seats.items()}


def _makers(data: bytes) -> dict[tuple[int, int], tuple[str | None, ...]]:
    """Who made each move of each game themselves (None: a bot), from ``moves.csv``."""
    rows = csv.DictReader(io.StringIO(data.decode("utf-8", "replace")))
    moves: dict[tuple[int, int], dict[int, str | None]] = {}
    try:
        for row in rows:
            made = _name(row["name"]) if row["played by"] == "student" else None
            moves.setdefault((int(row["table"]), int(row["game"])), {})[int(row["move"])] = made
    except (KeyError, ValueError, TypeError) as error:
        raise SaveFileError(f"moves.csv in {_WHAT} is not the teacher's moves ({error})") from None
    return {key: tuple(by.get(n) for n in range(1, max(by, default=0) + 1)) for key, by in moves.items()}


def _format(text: str, name: str) -> str:
    try:
        found = json.loads(text).get("format")
    except (ValueError, AttributeError):
        found = None
    if not isinstance(found, str):
        raise SaveFileError(f"{name} in {_WHAT} is not a saved game (no \"format\")")
    return found
