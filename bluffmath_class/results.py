"""The teacher's downloads: a CSV of every game's results, a CSV of every move with its
exact value, a CSV of each student's habits, and a ZIP of every game's save.

A save is the core's own (``bluffmath review save.json --seat 2`` reviews it, the play
tables load it). The results CSV has a row per seat per game, and a row for each who held
it if the seat changed hands during the game (``from move``, ``to move``); the moves CSV a
row per move, who made it and how (the student, a bot for the absent student, a bot), with
the exact value of the choice and of the best choice in the review's unit (``p/q``; a value
whose fraction would run past 60 digits is written as a 12-digit decimal, with no ``/``).
The record is what happened: freeing a seat afterwards changes none of it. A student's
habits count their own decisions only; those a bot made for them while they were away are
counted apart. Names are as the table shows them (``Seat 2`` at an anonymous table); a name
that a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``) is written with a
leading apostrophe.

>>> from bluffmath_class.database import Database
>>> from bluffmath_class.room import Room
>>> from bluffmath_class.settings import TableSettings
>>> room = Room(Database(":memory:"))
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> _ = room.join(room.code, "=HYPERLINK(1)")
>>> _ = room.start(table.id)
>>> print(results_csv(games_of(room)).splitlines()[1])
1,1,1,'=HYPERLINK(1),student,1,0,0,yes,0,0,playing
>>> from bluffmath import hochstapler as hs
>>> from bluffmath_class.protocol import Move
>>> run = room.move(table, 0, Move(table.current.id, 0, hs.Raise(6, "red")))
>>> row = moves_csv(games_of(room)).splitlines()[1].split(",")
>>> row[:7], row[-1]        # the opening call, valued over the round
(['1', '1', '1', '1', "'=HYPERLINK(1)", 'student', 'raise 6 red'], "probability of not taking this round's penalty point")
>>> _ = room.end(table.id)
>>> before = results_csv(games_of(room))
>>> room.free(table.id, 0)
>>> results_csv(games_of(room)) == before     # the record stays as it was
True
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bluffmath.review.decision import Decision, Review, fraction_text
from bluffmath.review.habits import Habits, habits_of

from .room import Room
from .table import name_of

HEADER = ["table", "game", "seat", "name", "player", "from move", "to move", "score", "winner", "moves",
          "moves by a bot for the absent student", "ended"]
#: How a move was made, in the downloads' words (the record's ``by``).
PLAYED_BY = {"student": "student", "timeout": "bot for the absent student", "bot": "bot"}


@dataclass(frozen=True)
class Stretch:
    """Who held a seat of a game, from move ``first`` to move ``last`` (``last < first``: a
    seat held while no move was made): the name pages show, and whether it was a student."""

    seat: int
    first: int
    last: int
    name: str
    student: bool


@dataclass(frozen=True)
class GameRecord:
    """One game of the room as the downloads read it: the table's id, the game's number
    there, the names its pages show, its rules, its state (immutable), its moves, how it
    ended, and who held each seat over which moves (the record, which freeing a seat
    later never changes)."""

    table: int
    number: int
    seating: Any
    rules: Any
    state: Any
    moves: tuple[Any, ...]
    ended_by: str | None
    stretches: tuple[Stretch, ...] = ()

    def holder(self, seat: int, number: int) -> Stretch:
        """Who held ``seat`` when move ``number`` was made."""
        found = [s for s in self.stretches if s.seat == seat and s.first <= number]
        return found[-1] if found else Stretch(seat, 1, len(self.moves), self.seating.names[seat], False)

    def maker(self, number: int) -> tuple[str, str]:
        """Who made move ``number`` and how: the holder's name and :data:`PLAYED_BY`'s words
        (a student, a bot for the absent student, a bot in an empty seat)."""
        move = self.moves[number - 1]
        return self.holder(move.seat, number).name, PLAYED_BY[move.by]

    def own(self, name: str) -> frozenset[int]:
        """The moves the student ``name`` made themselves."""
        return frozenset(n for n in range(1, len(self.moves) + 1) if self.maker(n) == (name, "student"))


def games_of(room: Room) -> list[GameRecord]:
    """Every game of the room, taken on the server's loop: the downloads then read this
    snapshot, in a worker if they review, while play goes on."""
    return [record(table, run) for table in list(room.tables.values()) for run in list(table.runs)]


def record(table: Any, run: Any) -> GameRecord:
    """One game of a table as the downloads read it."""
    stretches = tuple(Stretch(seat, first, last, name_of(table.settings, seat, student), student is not None)
                      for seat in range(table.settings.seats) for first, last, student in run.stretches(seat))
    return GameRecord(table.id, run.number, table.seating_of(run), table.rules, run.state, tuple(run.moves),
                      run.ended_by, stretches)


def _cell(name: str) -> str:
    return "'" + name if name[:1] in ("=", "+", "-", "@", "\t", "\r") else name


def result_rows(games: Sequence[GameRecord]) -> list[list[object]]:
    """Every seat of every game, a row for each student or bot who held it (seats from 1),
    as :data:`HEADER` names the columns."""
    found: list[list[object]] = []
    for g in games:
        rules = g.rules
        winners, scores = rules.winners(g.state), rules.scores(g.state)
        for seat in range(len(g.seating.names)):
            held = [s for s in g.stretches if s.seat == seat] or [g.holder(seat, 1)]
            shown = [s for s in held if s.last >= s.first] or held[-1:]
            for s in shown:
                moves = [m for n, m in enumerate(g.moves, 1) if m.seat == seat and s.first <= n <= s.last]
                found.append([g.table, g.number, seat + 1, s.name, "student" if s.student else "bot", s.first,
                              s.last, scores[seat], "yes" if seat in winners else "no", len(moves),
                              sum(m.by == "timeout" for m in moves), g.ended_by or "playing"])
    return found


def results_csv(games: Sequence[GameRecord]) -> str:
    """:func:`result_rows` as CSV (see the module docstring)."""
    return _csv(HEADER, ([_cell(v) if i == 3 else v for i, v in enumerate(row)] for row in result_rows(games)))


MOVES_HEADER = ["table", "game", "move", "seat", "name", "played by", "choice", "value",
                "best value", "best choices", "cost", "unit"]


def move_rows(g: GameRecord, decisions: Sequence[Decision] | None = None) -> list[list[object]]:
    """One game's moves, each with its exact value, as :data:`MOVES_HEADER` names the columns
    (``decisions``: the game's decisions, if valued already)."""
    rules = g.rules
    valued = {d.number: d for d in (rules.decisions(g.state) if decisions is None else decisions)}
    found = []
    for number, move in enumerate(g.moves, 1):
        d = valued.get(number)
        values = ([d.choice, fraction_text(d.chosen_value), fraction_text(d.best_value),
                   _best(d.best), fraction_text(d.cost), rules.unit] if d is not None else
                  [json.dumps(move.move), "", "", "", "", ""])
        name, how = g.maker(number)
        found.append([g.table, g.number, number, move.seat + 1, _cell(name), how, *values])
    return found


def moves_csv(games: Sequence[GameRecord]) -> str:
    """Every move of every game with its exact value (see the module docstring)."""
    return _csv(MOVES_HEADER, (row for g in games for row in move_rows(g)))


def _csv(header: list[str], rows: Iterable[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


HABITS_HEADER = ["name", "game", "games", "decisions", "decisions a bot made for them (not counted)",
                 "total cost", "accuracy", "unit",
                 *(f"habit {i} {what}" for i in (1, 2, 3) for what in ("name", "count", "cost", "example")),
                 "bluffing"]


#: A table's game, as the core's reviews name it (the habits' patterns read that name).
REVIEWED_AS = {"duel": "hochstapler-duel"}


@dataclass(frozen=True)
class StudentHabits:
    """A student's habits in one kind of game: their name, the game, the review's unit, the
    habits over their own decisions, and how many decisions a bot made for them while they
    were away (left out of the habits)."""

    name: str
    game: str
    unit: str
    habits: Habits
    stood_in: int = 0


def class_habits(games: Sequence[GameRecord], valued: Mapping[tuple[int, int], Sequence[Decision]] | None = None
                 ) -> list[StudentHabits]:
    """Each student's habits in each game they played, from the decisions the table valued
    as they were played (:func:`bluffmath.review.habits_of`): each student's own decisions
    only (a bot's, in an empty seat or for an absent student, are not theirs).
    ``games``: :func:`games_of`; ``valued``: the decisions of games valued before, by
    (table, game number), so that they are not valued again."""
    found: dict[tuple[str, str], list[tuple[Review, object, int]]] = {}
    stood_in: dict[tuple[str, str], int] = {}
    units: dict[str, str] = {}
    for g in games:
        rules, state = g.rules, g.state
        units[rules.name] = rules.unit
        made = valued[g.table, g.number] if valued and (g.table, g.number) in valued else rules.decisions(state)
        for s in g.stretches:
            if not s.student:
                continue
            key = (s.name, rules.name)
            mine = tuple(d for d in made if d.seat == s.seat and g.maker(d.number) == (s.name, "student"))
            apart = sum(1 for d in made if d.seat == s.seat and s.first <= d.number <= s.last
                        and g.moves[d.number - 1].by == "timeout")
            stood_in[key] = stood_in.get(key, 0) + apart
            if any(r[2] == s.seat and r[1] is state for r in found.get(key, [])):
                continue  # the same seat held twice in one game: its decisions are in already
            review = Review(REVIEWED_AS.get(rules.name, rules.name), s.seat, "", rules.unit, mine)
            found.setdefault(key, []).append((review, state, s.seat))
    out = []
    for (name, game), played in sorted(found.items()):
        reviews = [(i, r) for i, (r, _, _) in enumerate(played)]
        states = [(i, state, seat) for i, (_, state, seat) in enumerate(played)] if game == "duel" else []
        out.append(StudentHabits(name, game, units[game], habits_of(name, reviews, states), stood_in[name, game]))
    return out


def class_patterns(habits: Sequence[StudentHabits]) -> dict[str, list[tuple[str, int, int, Fraction]]]:
    """The class's habits by game: each pattern with how many students show it, in how many
    decisions, and what it cost them all, costliest first.

    >>> class_patterns([])
    {}
    """
    by_game: dict[str, dict[str, list[Any]]] = {}
    for student in habits:
        for p in student.habits.patterns:
            row = by_game.setdefault(student.game, {}).setdefault(p.name, [0, 0, Fraction(0)])
            row[0], row[1], row[2] = row[0] + 1, row[1] + p.count, row[2] + p.cost
    return {game: sorted(((name, s, n, c) for name, (s, n, c) in rows.items()), key=lambda r: (-r[3], r[0]))
            for game, rows in by_game.items()}


def habits_row(student: StudentHabits) -> list[object]:
    """One student's habits in one game, as :data:`HABITS_HEADER` names the columns."""
    h = student.habits
    cells: list[object] = []
    for p in [*h.top(3), None, None, None][:3]:
        cells += ["", "", "", ""] if p is None else [
            p.name, p.count, fraction_text(p.cost),
            f"game {p.example.game + 1}, move {p.example.decision.number}: {p.example.decision.choice}"
            f" (best {_best(p.example.decision.best)})"]
    return [_cell(student.name), student.game, len(h.reviews), len(h.decisions), student.stood_in,
            fraction_text(h.total_cost), "" if h.accuracy is None else fraction_text(h.accuracy), student.unit,
            *cells, "; ".join(t.text() for t in h.tendencies)]


def _best(best: tuple[str, ...]) -> str:
    more = f"; and {len(best) - 3} more" if len(best) > 3 else ""
    return "; ".join(best[:3]) + more
