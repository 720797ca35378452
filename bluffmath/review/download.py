"""A class table's download, read for reviews: every game's save with its seats' names.

The teacher's page offers "Every game's save (ZIP)" (``class-games.zip``): each game as
``table-T-game-G.json`` (the core's own save) and ``results.csv`` (a row per seat per game,
with the seat's name). :func:`class_games` pairs each save with its seats' names and groups
the games by kind, ready for :func:`~bluffmath.review.review_many` by name:
``review_many(class_games(data)["bluffmath-hochstapler-game"], "Ann")``.

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

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.limits import MAX_CLASS_DOWNLOAD
from bluffmath.validate import shown

_SAVE = re.compile(r"table-(\d+)-game-(\d+)\.json")
_WHAT = "a class table's download (a ZIP of every game's save)"


def class_games(data: bytes) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """The games in a class table's download, by save format: each ``(save, names)``,
    the names of its seats in order (``Seat 2`` at an anonymous table, ``Bot 3`` for a
    bot), in the order of the tables and games."""
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
        games: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        found = sorted((int(m[1]), int(m[2]), n) for n in listed if (m := _SAVE.fullmatch(n)))
        for table, game, name in found:
            text = archive.read(name).decode("utf-8", "replace")
            if (table, game) not in names:
                raise SaveFileError(f"{name}: results.csv names no seat of table {table}, game {game}")
            games.setdefault(_format(text, name), []).append((text, names[table, game]))
    return games


def _names(data: bytes) -> dict[tuple[int, int], tuple[str, ...]]:
    rows = csv.DictReader(io.StringIO(data.decode("utf-8", "replace")))
    seats: dict[tuple[int, int], dict[int, str]] = {}
    try:
        for row in rows:
            name = row["name"][1:] if row["name"][:2] in ("'=", "'+", "'-", "'@") else row["name"]
            seats.setdefault((int(row["table"]), int(row["game"])), {})[int(row["seat"]) - 1] = name
    except (KeyError, ValueError, TypeError) as error:
        raise SaveFileError(f"results.csv in {_WHAT} is not the teacher's results ({error})") from None
    return {key: tuple(by[s] for s in sorted(by)) for key, by in seats.items()}


def _format(text: str, name: str) -> str:
    try:
        found = json.loads(text).get("format")
    except (ValueError, AttributeError):
        found = None
    if not isinstance(found, str):
        raise SaveFileError(f"{name} in {_WHAT} is not a saved game (no \"format\")")
    return found
