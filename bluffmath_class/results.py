"""The teacher's downloads: a CSV of every game's results, and a ZIP of every game's save.

A save is the core's own (``bluffmath review save.json --seat 2`` reviews it, the play
tables load it); the CSV has a row per seat per game. A name that a spreadsheet would read
as a formula (``=``, ``+``, ``-``, ``@``) is written with a leading apostrophe.

>>> from bluffmath_class.database import Database
>>> from bluffmath_class.room import Room
>>> from bluffmath_class.settings import TableSettings
>>> room = Room(Database(":memory:"))
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> _ = room.join(room.code, "=HYPERLINK(1)")
>>> _ = room.start(table.id)
>>> print(results_csv(room).splitlines()[1])
1,1,1,'=HYPERLINK(1),student,0,yes,0,0,playing
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator

from .room import Room
from .table import Run, Table

HEADER = ["table", "game", "seat", "name", "player", "score", "winner", "moves",
          "moves by a bot for an absent student", "ended"]


def _runs(room: Room) -> Iterator[tuple[Table, Run]]:
    for table in room.tables.values():
        for run in table.runs:
            yield table, run


def _cell(name: str) -> str:
    return "'" + name if name[:1] in ("=", "+", "-", "@", "\t", "\r") else name


def results_csv(room: Room) -> str:
    """Every seat of every game: see the module docstring (seats counted from 1)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for table, run in _runs(room):
        seating, rules = table.seating(), table.rules
        winners = rules.winners(run.state)
        for seat, name in enumerate(seating.names):
            moves = [m for m in run.moves if m.seat == seat]
            writer.writerow([table.id, run.number, seat + 1, _cell(name),
                             "bot" if seat in seating.bots else "student",
                             rules.scores(run.state)[seat], "yes" if seat in winners else "no",
                             len(moves), sum(m.by == "timeout" for m in moves),
                             run.ended_by or "playing"])
    return out.getvalue()


def saves_zip(room: Room) -> bytes:
    """Every game's save, ``table-1-game-2.json``, and the results as ``results.csv``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for table, run in _runs(room):
            archive.writestr(f"table-{table.id}-game-{run.number}.json", table.rules.save(run.state))
        archive.writestr("results.csv", results_csv(room))
    return out.getvalue()
