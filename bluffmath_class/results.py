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

**Language.** A download speaks the class's language (the teacher's page's): its column
names (:func:`results_header`, :func:`moves_header`, :func:`habits_header`) and its words
(who played, winner, how a game ended, the examples of a habit) are in it; names, numbers
and exact values are the same in every language, and so are a row's cells' order and
number. The note of the language is in the file's name, never in the file: a German
download is ``class-results.de.csv``, its HTTP answer says ``Content-Language: de``, and its
first line is the header, as a spreadsheet or ``csv.reader`` expects (a comment line would
be read as a row). English, the code's own language, keeps the names it always had
(``class-results.csv``), so that a script reading them goes on working (:func:`file_name`).
The ZIP of every game's save holds the CSVs in English, as ``bluffmath review
class-games.zip`` reads them (:mod:`bluffmath.review.download`), and, for a class in
another language, in that language too (``results.de.csv`` beside ``results.csv``).

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

from bluffmath.i18n import _, language, p_
from bluffmath.review.decision import Decision, Review, fraction_text
from bluffmath.review.habits import Habits, habits_of
from bluffmath.review.words import option_words, pattern_words

from .room import Room
from .table import name_of


def results_header() -> list[str]:
    """The results CSV's columns, in the language in use."""
    return [p_("csv column", "table"), p_("csv column: a game's number", "game"), p_("csv column", "seat"),
            p_("csv column", "name"), p_("csv column", "player"), p_("csv column", "from move"),
            p_("csv column", "to move"), p_("csv column", "score"), p_("csv column", "winner"),
            p_("csv column", "moves"), p_("csv column", "moves by a bot for the absent student"),
            p_("csv column", "ended")]


HEADER = results_header()  # in English, the code's own language
#: How a move was made, in the downloads' words (the record's ``by``; :func:`played_by`
#: in the language in use).
PLAYED_BY = {"student": "student", "timeout": "bot for the absent student", "bot": "bot"}


def played_by(by: str) -> str:
    """:data:`PLAYED_BY`'s words for ``by``, in the language in use."""
    return {"student": p_("csv: played by", "student"), "timeout": p_("csv: played by", "bot for the absent student"),
            "bot": p_("csv: played by", "bot")}[by]


def ended(ended_by: str | None) -> str:
    """How a game ended, in the results' words (``finished``, ``teacher``: ended by the
    teacher, ``playing``), in the language in use."""
    return {"finished": p_("csv: a game's end", "finished"), "teacher": p_("csv: a game's end", "teacher"),
            None: p_("csv: a game's end", "playing")}.get(ended_by, ended_by or "")


def file_name(name: str, code: str | None = None) -> str:
    """A download's file ``name`` with its language ``code`` (None: the language in use)
    before its ending; English, the code's own, keeps the name as it is.

    >>> file_name("class-results.csv", "de"), file_name("class-results.csv", "en")
    ('class-results.de.csv', 'class-results.csv')
    """
    code = code or language()
    stem, dot, ending = name.rpartition(".")
    return name if code == "en" else f"{stem}.{code}{dot}{ending}"


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
                found.append([g.table, g.number, seat + 1, s.name, played_by("student" if s.student else "bot"),
                              s.first, s.last, scores[seat], p_("csv: a winner", "yes") if seat in winners else
                              p_("csv: a winner", "no"), len(moves), sum(m.by == "timeout" for m in moves),
                              ended(g.ended_by)])
    return found


def results_csv(games: Sequence[GameRecord]) -> str:
    """:func:`result_rows` as CSV (see the module docstring), in the language in use."""
    return _csv(results_header(), ([_cell(v) if i == 3 else v for i, v in enumerate(row)] for row in result_rows(games)))


def moves_header() -> list[str]:
    """The moves CSV's columns, in the language in use."""
    return [p_("csv column", "table"), p_("csv column: a game's number", "game"), p_("csv column", "move"),
            p_("csv column", "seat"), p_("csv column", "name"), p_("csv column", "played by"),
            p_("csv column", "choice"), p_("csv column", "value"), p_("csv column", "best value"),
            p_("csv column", "best choices"), p_("csv column", "cost"), p_("csv column", "unit")]


MOVES_HEADER = moves_header()  # in English


def move_rows(g: GameRecord, decisions: Sequence[Decision] | None = None) -> list[list[object]]:
    """One game's moves, each with its exact value, as :data:`MOVES_HEADER` names the columns
    (``decisions``: the game's decisions, if valued already)."""
    rules = g.rules
    valued = {d.number: d for d in (rules.decisions(g.state) if decisions is None else decisions)}
    found = []
    for number, move in enumerate(g.moves, 1):
        d = valued.get(number)
        values = ([option_words(d.choice), fraction_text(d.chosen_value), fraction_text(d.best_value),
                   _best(d.best), fraction_text(d.cost), _(rules.unit)] if d is not None else
                  [json.dumps(move.move), "", "", "", "", ""])
        name = g.maker(number)[0]
        found.append([g.table, g.number, number, move.seat + 1, _cell(name), played_by(move.by), *values])
    return found


def moves_csv(games: Sequence[GameRecord]) -> str:
    """Every move of every game with its exact value (see the module docstring), in the
    language in use."""
    return _csv(moves_header(), (row for g in games for row in move_rows(g)))


def _csv(header: list[str], rows: Iterable[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def habits_header() -> list[str]:
    """The habits CSV's columns, in the language in use."""
    return [p_("csv column", "name"), p_("csv column: a kind of game", "game"), p_("csv column", "games"),
            p_("csv column", "decisions"), p_("csv column", "decisions a bot made for them (not counted)"),
            p_("csv column", "total cost"), p_("csv column", "accuracy"), p_("csv column", "unit"),
            p_("csv column", "habit 1 name"), p_("csv column", "habit 1 count"), p_("csv column", "habit 1 cost"),
            p_("csv column", "habit 1 example"), p_("csv column", "habit 2 name"), p_("csv column", "habit 2 count"),
            p_("csv column", "habit 2 cost"), p_("csv column", "habit 2 example"), p_("csv column", "habit 3 name"),
            p_("csv column", "habit 3 count"), p_("csv column", "habit 3 cost"), p_("csv column", "habit 3 example"),
            p_("csv column", "bluffing")]


HABITS_HEADER = habits_header()  # in English


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
            pattern_words(p.name), p.count, fraction_text(p.cost),
            _("game {game}, move {move}: {choice} (best {best})").format(
                game=p.example.game + 1, move=p.example.decision.number, choice=option_words(p.example.decision.choice),
                best=_best(p.example.decision.best))]
    return [_cell(student.name), student.game, len(h.reviews), len(h.decisions), student.stood_in,
            fraction_text(h.total_cost), "" if h.accuracy is None else fraction_text(h.accuracy), _(student.unit),
            *cells, "; ".join(t.text() for t in h.tendencies)]


def _best(best: tuple[str, ...]) -> str:
    more = _("; and {n} more").format(n=len(best) - 3) if len(best) > 3 else ""
    return "; ".join(map(option_words, best[:3])) + more
