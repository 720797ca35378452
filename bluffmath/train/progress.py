"""A player's training, kept in one SQLite file that survives a restart.

The file (named by the caller; ``":memory:"`` for a trial) holds the drills and puzzles
known to it (:class:`Item`: a stable id, its skill, and for a puzzle its rating), every
attempt, each player's rating and each player's scheduler card for each item answered.
Each :meth:`Progress.record` is one transaction, committed to disk before it returns; a
file that is damaged, of another program or of another layout is refused with a
:class:`~bluffmath.errors.SaveFileError`, never guessed at.

================================================  ===========================================
``Progress(path)``                                open (or create) the file
``add_items([Item(id, skill, puzzle)])``          the drills and puzzles that can be answered
``record([Attempt(player, item, when, cost)])``   answers, in order; cost 0 is the best
``rating(player)``                                the player's level (:mod:`.rating`)
``next_puzzle(player, now, seed)``                the unseen or due puzzle rated nearest
``due(player, now)``                              drills to answer again, earliest first
``accuracy(player)``                              by skill, per day: the share answered best
``rating_series(player)``                         the rating before and after each puzzle
``accuracy_chart(player, skill)``                 an SVG bar chart of one skill's accuracy
``running_accuracy(player)``, ``progress_chart``  the share best after each answer, and its line
``rating_chart(player)``                          the rating over the puzzles, as a line
``then_and_now(player)``                          by skill: the share best at first and lately
``attempts(player)``, ``answered(player)``        how many answers are stored; the items answered
================================================  ===========================================

Accuracies are exact Fractions; ratings are floats (see :mod:`bluffmath.train.rating`).
A day is the attempt's date in the time zone its time was given in.

>>> progress = Progress(":memory:")
>>> progress.add_items([Item("hochstapler-17", "doubt by the odds", puzzle=True),
...                     Item("ann-game-3-move-12", "call by the odds")])
>>> progress.record([Attempt("ann", "hochstapler-17", "2026-03-01T10:00:00+01:00", 0),
...                  Attempt("ann", "ann-game-3-move-12", "2026-03-01T10:01:00+01:00", Fraction(1, 4))])
>>> str(progress.rating("ann")), [str(r) for r in progress.rating_series("ann")]
('1658 ± 484', ['1500 ± 500', '1658 ± 484'])
>>> progress.due("ann", "2026-03-01T10:05:00+01:00")
['ann-game-3-move-12']
>>> progress.accuracy("ann")["call by the odds"]
[(datetime.date(2026, 3, 1), Fraction(0, 1))]
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any

from bluffmath.display import Raw, bar_chart_svg, line_chart_svg, percent
from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.i18n import _, p_
from bluffmath.review.words import pattern_words
from bluffmath.train.rating import START, Rating, nearest, rate
from bluffmath.train.schedule import Repetition, after_answer, answer_cost, aware, moment
from bluffmath.validate import shown

#: What the ``meta`` table says a file is; a file that says otherwise is another program's.
FORMAT = "bluffmath training progress"
#: The layout of the file; a file of another layout is refused.
SCHEMA_VERSION = 1
#: The longest player name, item id or skill name kept.
LONGEST = 200

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE items (id TEXT PRIMARY KEY, skill TEXT NOT NULL, puzzle INTEGER NOT NULL, mu REAL, sigma REAL);
CREATE TABLE players (name TEXT PRIMARY KEY, mu REAL NOT NULL, sigma REAL NOT NULL);
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY, player TEXT NOT NULL, item TEXT NOT NULL REFERENCES items(id),
    time TEXT NOT NULL, day TEXT NOT NULL, cost TEXT NOT NULL, mu REAL, sigma REAL);
CREATE INDEX attempts_by_player ON attempts (player, id);
CREATE TABLE cards (
    player TEXT NOT NULL, item TEXT NOT NULL REFERENCES items(id), card TEXT NOT NULL,
    due TEXT NOT NULL, learned INTEGER NOT NULL, PRIMARY KEY (player, item));
"""
_TABLES = {"meta", "items", "players", "attempts", "cards"}


def _text(name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > LONGEST:
        raise InvalidInputError(f"{name} must be a non-empty text of at most {LONGEST} characters, "
                                f"got {shown(value)}")
    return value


@dataclass(frozen=True)
class Item:
    """A drill or a puzzle: its stable ``id``, the ``skill`` it trains, whether it is a
    ``puzzle`` (rated, chosen by level) or a drill (from the player's own games), and a
    puzzle's starting ``rating`` (None: :data:`~bluffmath.train.rating.START`)."""

    id: str
    skill: str
    puzzle: bool = False
    rating: Rating | None = None

    def __post_init__(self) -> None:
        _text("an item's id", self.id)
        _text("an item's skill", self.skill)
        if not isinstance(self.puzzle, bool):
            raise InvalidInputError(f"puzzle must be True or False, got {shown(self.puzzle)}")
        if self.rating is not None and not (self.puzzle and isinstance(self.rating, Rating)):
            raise InvalidInputError(f"only a puzzle has a starting rating, and it must be a Rating; "
                                    f"got {shown(self.rating)} for {'a puzzle' if self.puzzle else 'a drill'}")


@dataclass(frozen=True)
class Change:
    """One skill's habit then and now: of the player's ``answers`` in that skill, the share
    answered best in the first half (``then``: the first ``answers // 2``) and in the
    second half (``now``: the rest)."""

    skill: str
    then: Fraction
    now: Fraction
    answers: int

    def text(self) -> str:
        """In words.

        >>> Change("doubt by the odds", Fraction(1, 2), Fraction(1), 5).text()
        'doubt by the odds: 50.0 % best in your first 2 answers, 100.0 % in your last 3'
        """
        first = self.answers // 2
        return _("{skill}: {then} best in your first {first} answers, {now} in your last {last}").format(
            skill=pattern_words(self.skill), then=percent(self.then), first=first, now=percent(self.now),
            last=self.answers - first)


@dataclass(frozen=True)
class Attempt:
    """One answer: the ``player``, the item's id, ``when`` (a datetime or ISO 8601 text
    with its time zone; kept as given) and the answer's exact ``cost`` (0: a best option,
    a puzzle solved)."""

    player: str
    item: str
    when: datetime
    cost: Fraction

    def __init__(self, player: str, item: str, when: datetime | str, cost: Fraction | int) -> None:
        object.__setattr__(self, "player", _text("a player's name", player))
        object.__setattr__(self, "item", _text("an item's id", item))
        object.__setattr__(self, "when", aware(when))
        object.__setattr__(self, "cost", answer_cost(cost))


class Progress:
    """The training file: one SQLite connection, used from one thread."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as error:
            raise SaveFileError(f"cannot open {self.path} as a progress file: {error}") from None
        try:
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._check_or_create()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise SaveFileError(f"{self.path} is not a bluffmath progress file ({error}); "
                                "give a new file name, or the file this program wrote") from None
        except SaveFileError:
            self._db.close()
            raise

    def _check_or_create(self) -> None:
        tables = {n for (n,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            with self._transaction():
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    self._db.execute(statement)
                self._db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                                     [("format", FORMAT), ("schema", str(SCHEMA_VERSION))])
            return
        meta = dict(self._db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("format") != FORMAT:
            raise SaveFileError(f"{self.path} is an SQLite file of another program (tables: "
                                f"{', '.join(sorted(tables))}), not a bluffmath progress file; give a new file name")
        if meta.get("schema") != str(SCHEMA_VERSION):
            raise SaveFileError(f"{self.path} is a progress file of layout {meta.get('schema')}; this "
                                f"bluffmath reads layout {SCHEMA_VERSION}")
        if not tables >= _TABLES:
            raise SaveFileError(f"{self.path} is a damaged progress file (missing tables: "
                                f"{', '.join(sorted(_TABLES - tables))})")
        checked = " ".join(line for (line,) in self._db.execute("PRAGMA quick_check(5)"))
        if checked != "ok":
            raise SaveFileError(f"{self.path} is a damaged progress file (SQLite's check says: {checked[:300]})")

    def close(self) -> None:
        """Close the file (every write is already committed)."""
        self._db.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- items and attempts --------------------------------------------------------------
    def add_items(self, items: Iterable[Item]) -> None:
        """Make drills and puzzles known (one transaction). An id already known is kept
        as it is (a puzzle's rating has moved since); known with another skill or kind,
        it is refused."""
        with self._transaction():
            for item in items:
                if not isinstance(item, Item):
                    raise InvalidInputError(f"add_items takes Item objects, got {shown(item)}")
                start = (item.rating or START) if item.puzzle else None
                self._db.execute("INSERT OR IGNORE INTO items (id, skill, puzzle, mu, sigma) VALUES (?, ?, ?, ?, ?)",
                                 (item.id, item.skill, item.puzzle, start and start.mu, start and start.sigma))
                skill, puzzle = self._item(item.id)[:2]
                if (skill, puzzle) != (item.skill, item.puzzle):
                    raise InvalidInputError(f"{item.id!r} is already known as a {'puzzle' if puzzle else 'drill'} "
                                            f"of the skill {skill!r}; an id names one item for good")

    def record(self, attempts: Iterable[Attempt]) -> None:
        """Record answers, in order, in one transaction (all, or none if one is refused):
        each moves the item's card on (:mod:`.schedule`), and a puzzle's moves the
        player's and the puzzle's ratings (:mod:`.rating`)."""
        with self._transaction():
            for attempt in attempts:
                if not isinstance(attempt, Attempt):
                    raise InvalidInputError(f"record takes Attempt objects, got {shown(attempt)}")
                self._record(attempt)

    def _record(self, attempt: Attempt) -> None:
        player, item, cost = attempt.player, attempt.item, attempt.cost
        _skill, puzzle, level = self._item(item)
        card = after_answer(self._card(player, item), cost, attempt.when)
        self._db.execute("INSERT OR REPLACE INTO cards (player, item, card, due, learned) VALUES (?, ?, ?, ?, ?)",
                         (player, item, card.to_json(), _stamp(card.due), card.learned))
        after = None
        if puzzle:
            after, level = rate(self.rating(player), level, solved=cost == 0)
            self._db.execute("UPDATE items SET mu = ?, sigma = ? WHERE id = ?", (level.mu, level.sigma, item))
            self._db.execute("INSERT OR REPLACE INTO players (name, mu, sigma) VALUES (?, ?, ?)",
                             (player, after.mu, after.sigma))
        self._db.execute("INSERT INTO attempts (player, item, time, day, cost, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (player, item, _stamp(moment(attempt.when)), attempt.when.date().isoformat(), str(cost),
                          after and after.mu, after and after.sigma))

    def _item(self, item: str) -> tuple[str, bool, Rating]:
        row = self._db.execute("SELECT skill, puzzle, mu, sigma FROM items WHERE id = ?", (item,)).fetchone()
        if row is None:
            raise InvalidInputError(f"no drill or puzzle has the id {shown(item)}; add it with add_items first")
        skill, puzzle, mu, sigma = row
        return skill, bool(puzzle), START if mu is None else Rating(mu, sigma)

    def _card(self, player: str, item: str) -> Repetition | None:
        row = self._db.execute("SELECT card FROM cards WHERE player = ? AND item = ?", (player, item)).fetchone()
        if row is None:
            return None
        try:
            return Repetition.from_json(row[0])
        except (KeyError, TypeError, ValueError) as error:
            raise SaveFileError(f"{self.path}: the card of {player!r} for {item!r} is damaged ({error})") from None

    # --- what to answer next ---------------------------------------------------------------
    def rating(self, player: str) -> Rating:
        """The player's rating (:data:`~bluffmath.train.rating.START` before any puzzle)."""
        row = self._db.execute("SELECT mu, sigma FROM players WHERE name = ?", (_text("a player's name", player),))
        found = row.fetchone()
        return START if found is None else Rating(*found)

    def next_puzzle(self, player: str, now: datetime | str, seed: int = 0, skill: str | None = None) -> str | None:
        """The id of the puzzle (of ``skill``, if given) that the player has not answered
        yet, or whose card is due at ``now`` and not learned, rated nearest the player's
        level; equally near ones are drawn by ``seed``. None if there is none."""
        level = self.rating(player)
        query = ("SELECT i.id, i.mu, i.sigma, abs(i.mu - ?) FROM items i "
                 "LEFT JOIN cards c ON c.player = ? AND c.item = i.id "
                 "WHERE i.puzzle = 1 AND (c.item IS NULL OR (c.learned = 0 AND c.due <= ?))")
        args: list[Any] = [level.mu, player, _stamp(moment(now))]
        if skill is not None:
            query, args = query + " AND i.skill = ?", [*args, _text("a skill", skill)]
        # SQLite sorts by distance; only the nearest (and those as near) reach Python
        group = next(groupby(self._db.execute(query + " ORDER BY 4", args), key=itemgetter(3)), None)
        tied = {} if group is None else {i: Rating(mu, sigma) for i, mu, sigma, _ in group[1]}
        return nearest(level, tied, seed)

    def due(self, player: str, now: datetime | str) -> list[str]:
        """The ids of the player's drills due at ``now`` and not learned, earliest first
        (drills never answered are the caller's to offer: they have no card yet)."""
        return [i for (i,) in self._db.execute(
            "SELECT c.item FROM cards c JOIN items i ON i.id = c.item WHERE c.player = ? AND i.puzzle = 0 "
            "AND c.learned = 0 AND c.due <= ? ORDER BY c.due, c.item",
            (_text("a player's name", player), _stamp(moment(now))))]

    # --- progress -------------------------------------------------------------------------
    def accuracy(self, player: str) -> dict[str, list[tuple[date, Fraction]]]:
        """For each skill (in the order of their names), each day the player answered
        it and the exact share of that day's answers that were best (cost 0)."""
        series: dict[str, list[tuple[date, Fraction]]] = {}
        for skill, day, best, total in self._db.execute(
                "SELECT i.skill, a.day, SUM(a.cost = '0'), COUNT(*) FROM attempts a JOIN items i ON i.id = a.item "
                "WHERE a.player = ? GROUP BY i.skill, a.day ORDER BY i.skill, a.day",
                (_text("a player's name", player),)):
            series.setdefault(skill, []).append((date.fromisoformat(day), Fraction(best, total)))
        return series

    def rating_series(self, player: str) -> list[Rating]:
        """The player's rating before the first puzzle and after each puzzle answered, in
        order (for a chart of the rating over attempts)."""
        after = self._db.execute("SELECT mu, sigma FROM attempts WHERE player = ? AND mu IS NOT NULL ORDER BY id",
                                 (_text("a player's name", player),))
        return [START, *(Rating(mu, sigma) for mu, sigma in after)]

    def accuracy_chart(self, player: str, skill: str) -> Raw:
        """One skill's accuracy per day as an SVG bar chart (:func:`bluffmath.display.bar_chart_svg`;
        each bar's title gives the day and the exact share).

        >>> progress = Progress(":memory:")
        >>> progress.add_items([Item("d1", "ask for the certain card")])
        >>> progress.record([Attempt("bo", "d1", "2026-03-02T09:00:00+00:00", 0)])
        >>> progress.accuracy_chart("bo", "ask for the certain card").count("<rect")
        1
        """
        days = self.accuracy(player).get(_text("a skill", skill), [])
        return bar_chart_svg([(day.isoformat(), share) for day, share in days])

    def attempts(self, player: str) -> int:
        """How many answers of the player are stored."""
        (count,) = self._db.execute("SELECT COUNT(*) FROM attempts WHERE player = ?",
                                    (_text("a player's name", player),)).fetchone()
        return int(count)

    def answered(self, player: str) -> set[str]:
        """The ids of the items the player has answered at least once (a drill not due
        again need not be offered as new after a restart).

        >>> progress = Progress(":memory:")
        >>> progress.add_items([Item("d1", "call by the odds"), Item("d2", "call by the odds")])
        >>> progress.record([Attempt("bo", "d2", "2026-03-02T09:00:00+00:00", 0)])
        >>> progress.answered("bo"), progress.answered("cy")
        ({'d2'}, set())
        """
        return {item for (item,) in self._db.execute("SELECT DISTINCT item FROM attempts WHERE player = ?",
                                                     (_text("a player's name", player),))}

    def running_accuracy(self, player: str) -> list[Fraction]:
        """After each of the player's answers, in order, the exact share of the answers so
        far that were best (cost 0).

        >>> progress = Progress(":memory:")
        >>> progress.add_items([Item("d1", "call by the odds"), Item("d2", "call by the odds")])
        >>> progress.record([Attempt("bo", "d1", "2026-03-02T09:00:00+00:00", Fraction(1, 3)),
        ...                  Attempt("bo", "d2", "2026-03-02T09:01:00+00:00", 0)])
        >>> progress.running_accuracy("bo")
        [Fraction(0, 1), Fraction(1, 2)]
        >>> progress.progress_chart("bo").count("<circle")
        2
        """
        costs = self._db.execute("SELECT cost = '0' FROM attempts WHERE player = ? ORDER BY id",
                                 (_text("a player's name", player),))
        best, shares = 0, []
        for n, (solved,) in enumerate(costs, start=1):
            best += solved
            shares.append(Fraction(best, n))
        return shares

    def progress_chart(self, player: str) -> Raw:
        """:meth:`running_accuracy` as a line from 0 to 100 % (:func:`bluffmath.display.line_chart_svg`)."""
        shares = self.running_accuracy(player)
        return line_chart_svg([(_("after answer {n}").format(n=n), share) for n, share in enumerate(shares, start=1)],
                              _("the share of your answers that were best, after each answer"),
                              low=0, high=1, say=percent)

    def rating_chart(self, player: str) -> Raw:
        """The rating (its mean) before the first puzzle and after each, as a line."""
        series = self.rating_series(player)
        return line_chart_svg([(p_("rating chart", "start") if n == 0 else _("after puzzle {n}").format(n=n), r.mu)
                               for n, r in enumerate(series)],
                              _("your rating over the puzzles"), say=lambda mu: str(round(mu)))

    def then_and_now(self, player: str) -> list[Change]:
        """For each skill the player answered at least twice (in the order of their names),
        the share best in the first half of those answers and in the second
        (:class:`Change`): "your habits then and now".

        >>> progress = Progress(":memory:")
        >>> progress.add_items([Item(f"d{i}", "believe by the odds") for i in range(3)])
        >>> progress.record([Attempt("bo", f"d{i}", f"2026-03-0{i + 1}T09:00:00+00:00", cost)
        ...                  for i, cost in enumerate([1, 0, 0])])
        >>> [change.text() for change in progress.then_and_now("bo")]
        ['believe by the odds: 0.0 % best in your first 1 answers, 100.0 % in your last 2']
        """
        answers: dict[str, list[bool]] = {}
        for skill, solved in self._db.execute(
                "SELECT i.skill, a.cost = '0' FROM attempts a JOIN items i ON i.id = a.item "
                "WHERE a.player = ? ORDER BY a.id", (_text("a player's name", player),)):
            answers.setdefault(skill, []).append(bool(solved))
        changes = []
        for skill, solved in sorted(answers.items()):
            if len(solved) >= 2:
                first, last = solved[:len(solved) // 2], solved[len(solved) // 2:]
                changes.append(Change(skill, Fraction(sum(first), len(first)), Fraction(sum(last), len(last)),
                                      len(solved)))
        return changes

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")


def _stamp(when: datetime) -> str:
    """A UTC time as fixed-width text, so that SQLite orders times as it orders text."""
    return when.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
