"""The teacher's downloads: a CSV of every game's results, a CSV of every move with its
exact value, a CSV of each student's habits, and a ZIP of every game's save.

A save is the core's own (``bluffmath review save.json --seat 2`` reviews it, the play
tables load it); the results CSV has a row per seat per game, the moves CSV a row per
move, with the exact value of the choice and of the best choice in the review's unit (as
``p/q``). Names are as the table shows them (``Seat 2`` at an anonymous table); a name that
a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``) is written with a
leading apostrophe.

>>> from bluffmath_class.database import Database
>>> from bluffmath_class.room import Room
>>> from bluffmath_class.settings import TableSettings
>>> room = Room(Database(":memory:"))
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> _ = room.join(room.code, "=HYPERLINK(1)")
>>> _ = room.start(table.id)
>>> print(results_csv(games_of(room)).splitlines()[1])
1,1,1,'=HYPERLINK(1),student,0,yes,0,0,playing
>>> from bluffmath import hochstapler as hs
>>> from bluffmath_class.protocol import Move
>>> run = room.move(table, 0, Move(table.current.id, 0, hs.Raise(6, "red")))
>>> row = moves_csv(games_of(room)).splitlines()[1].split(",")
>>> row[:7], row[-1]        # the opening call, valued over the round
(['1', '1', '1', '1', "'=HYPERLINK(1)", 'student', 'raise 6 red'], "probability of not taking this round's penalty point")
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bluffmath.review.decision import Decision, Review, fraction_text
from bluffmath.review.habits import Habits, habits_of

from .room import Room

HEADER = ["table", "game", "seat", "name", "player", "score", "winner", "moves",
          "moves by a bot for an absent student", "ended"]


@dataclass(frozen=True)
class GameRecord:
    """One game of the room as the downloads read it: the table's id and seating, its rules,
    the game's number there, its state (immutable), its moves and how it ended."""

    table: int
    number: int
    seating: Any
    rules: Any
    state: Any
    moves: tuple[Any, ...]
    ended_by: str | None


def games_of(room: Room) -> list[GameRecord]:
    """Every game of the room, taken on the server's loop: the downloads then read this
    snapshot, in a worker thread if they review, while play goes on."""
    return [GameRecord(table.id, run.number, table.seating(), table.rules, run.state, tuple(run.moves),
                       run.ended_by) for table in list(room.tables.values()) for run in list(table.runs)]


def _cell(name: str) -> str:
    return "'" + name if name[:1] in ("=", "+", "-", "@", "\t", "\r") else name


def result_rows(games: Sequence[GameRecord]) -> list[list[object]]:
    """Every seat of every game, as :data:`HEADER` names the columns (seats from 1)."""
    found: list[list[object]] = []
    for g in games:
        seating, rules = g.seating, g.rules
        winners = rules.winners(g.state)
        for seat, name in enumerate(seating.names):
            moves = [m for m in g.moves if m.seat == seat]
            found.append([g.table, g.number, seat + 1, name,
                          "bot" if seat in seating.bots else "student",
                          rules.scores(g.state)[seat], "yes" if seat in winners else "no",
                          len(moves), sum(m.by == "timeout" for m in moves), g.ended_by or "playing"])
    return found


def results_csv(games: Sequence[GameRecord]) -> str:
    """:func:`result_rows` as CSV (see the module docstring)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in result_rows(games):
        writer.writerow([_cell(v) if i == 3 else v for i, v in enumerate(row)])
    return out.getvalue()


MOVES_HEADER = ["table", "game", "move", "seat", "name", "played by", "choice", "value",
                "best value", "best choices", "cost", "unit"]


def moves_csv(games: Sequence[GameRecord]) -> str:
    """Every move of every game with its exact value (see the module docstring)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MOVES_HEADER)
    for g in games:
        names, rules = g.seating.names, g.rules
        valued = {d.number: d for d in rules.decisions(g.state)}
        for number, move in enumerate(g.moves, 1):
            d = valued.get(number)
            values = ([d.choice, fraction_text(d.chosen_value), fraction_text(d.best_value),
                       _best(d.best), fraction_text(d.cost), rules.unit] if d is not None else
                      [json.dumps(move.move), "", "", "", "", ""])
            writer.writerow([g.table, g.number, number, move.seat + 1, _cell(names[move.seat]),
                             move.by, *values])
    return out.getvalue()


HABITS_HEADER = ["name", "game", "games", "decisions", "total cost", "accuracy", "unit",
                 *(f"habit {i} {what}" for i in (1, 2, 3) for what in ("name", "count", "cost", "example")),
                 "bluffing"]


#: A table's game, as the core's reviews name it (the habits' patterns read that name).
REVIEWED_AS = {"duel": "hochstapler-duel"}


def class_habits(games: Sequence[GameRecord], valued: Mapping[tuple[int, int], Sequence[Decision]] | None = None
                 ) -> list[tuple[str, str, str, Habits]]:
    """Each student's habits in each game they played (name, game, unit, habits), from
    the decisions the table valued as they were played (:func:`bluffmath.review.habits_of`);
    bots' seats are left out. ``games``: :func:`games_of`; ``valued``: the decisions of
    games valued before, by (table, game number), so that they are not valued again."""
    found: dict[tuple[str, str], list[tuple[Review, object, int]]] = {}
    units: dict[str, str] = {}
    for g in games:
        seating, rules, state = g.seating, g.rules, g.state
        units[rules.name] = rules.unit
        made = valued[g.table, g.number] if valued and (g.table, g.number) in valued else rules.decisions(state)
        for seat, name in enumerate(seating.names):
            if seat in seating.bots:
                continue
            mine = tuple(d for d in made if d.seat == seat)
            review = Review(REVIEWED_AS.get(rules.name, rules.name), seat, "", rules.unit, mine)
            found.setdefault((name, rules.name), []).append((review, state, seat))
    out = []
    for (name, game), played in sorted(found.items()):
        reviews = [(i, r) for i, (r, _, _) in enumerate(played)]
        states = [(i, state, seat) for i, (_, state, seat) in enumerate(played)] if game == "duel" else []
        out.append((name, game, units[game], habits_of(name, reviews, states)))
    return out


def class_patterns(habits: Sequence[tuple[str, str, str, Habits]]) -> dict[str, list[tuple[str, int, int, Fraction]]]:
    """The class's habits by game: each pattern with how many students show it, in how many
    decisions, and what it cost them all, costliest first.

    >>> class_patterns([])
    {}
    """
    by_game: dict[str, dict[str, list[Any]]] = {}
    for _name, game, _unit, h in habits:
        for p in h.patterns:
            row = by_game.setdefault(game, {}).setdefault(p.name, [0, 0, Fraction(0)])
            row[0], row[1], row[2] = row[0] + 1, row[1] + p.count, row[2] + p.cost
    return {game: sorted(((name, s, n, c) for name, (s, n, c) in rows.items()), key=lambda r: (-r[3], r[0]))
            for game, rows in by_game.items()}


def habits_csv(games: Sequence[GameRecord]) -> str:
    """:func:`class_habits` as CSV: a row per student and game, the three costliest habits
    with an example each (game number and move), and the Duel's bluffing against the
    equilibrium."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HABITS_HEADER)
    for name, game, unit, h in class_habits(games):
        cells: list[object] = []
        for p in [*h.top(3), None, None, None][:3]:
            cells += ["", "", "", ""] if p is None else [
                p.name, p.count, fraction_text(p.cost),
                f"game {p.example.game + 1}, move {p.example.decision.number}: {p.example.decision.choice}"
                f" (best {_best(p.example.decision.best)})"]
        writer.writerow([_cell(name), game, len(h.reviews), len(h.decisions), fraction_text(h.total_cost),
                         "" if h.accuracy is None else fraction_text(h.accuracy), unit, *cells,
                         "; ".join(t.text() for t in h.tendencies)])
    return out.getvalue()


def _best(best: tuple[str, ...]) -> str:
    more = f"; and {len(best) - 3} more" if len(best) > 3 else ""
    return "; ".join(best[:3]) + more


def saves_zip(games: Sequence[GameRecord]) -> bytes:
    """Every game's save, ``table-1-game-2.json``, and the other downloads' CSVs."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for g in games:
            archive.writestr(f"table-{g.table}-game-{g.number}.json", g.rules.save(g.state))
        archive.writestr("results.csv", results_csv(games))
        archive.writestr("moves.csv", moves_csv(games))
        archive.writestr("habits.csv", habits_csv(games))
    return out.getvalue()
