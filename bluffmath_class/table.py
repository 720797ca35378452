"""One table in memory: its settings, who sits where, and its games, each an engine state
with the moves that made it. The table applies moves through the game's rules and keeps
their public notes; it writes nothing (the room writes a move before the table takes it).

>>> from bluffmath_class.settings import TableSettings
>>> table = Table(1, TableSettings(seats=3))
>>> ann = Student(1, "Ann", "secret-digest")
>>> table.students[0] = ann
>>> run = table.begin(game_id=1, number=1, seed=4, opener=0)
>>> table.seating().names
('Ann', 'Bot 2', 'Bot 3')
>>> from bluffmath import hochstapler as hs
>>> run = table.play(hs.Raise(6, "red"), seat=0, by="student")
>>> run.at, table.rules.to_act(run.state), run.moves[-1].by
(1, 1, 'student')

Who held each seat is kept with the game: a seat freed later changes what comes after, and
a game that has ended keeps its names.

>>> table.leave(0)
>>> run.holder(0, 1) == ann, run.holder(0, 2) is None
(True, True)
>>> run = table.play(hs.Raise(7, "red"), seat=1, by="bot")
>>> run.ended_by = "teacher"
>>> table.seating().names, run.seating(table.settings).names
(('Bot 1', 'Bot 2', 'Bot 3'), ('Ann then Bot 1', 'Bot 2', 'Bot 3'))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bluffmath.schema import Node

from .games import Rules, Seating
from .settings import TableSettings


@dataclass(frozen=True)
class Student:
    """A student of the class: their id in the record, the name, and the SHA-256 of their
    phone's secret."""

    id: int
    name: str
    secret: str


@dataclass(frozen=True)
class Holder:
    """Who held a seat of a game from the move after ``after`` on (0: from the deal): a
    student, or None for a bot."""

    seat: int
    after: int
    student: Student | None


@dataclass(frozen=True)
class Played:
    """A move of a game, as the table keeps it: who played it and how (``student``,
    ``bot`` for an empty seat, ``timeout`` for a student who did not move in time)."""

    seat: int
    move: dict[str, Any]
    by: str


@dataclass
class Run:
    """One game at a table: its id in the database, its number at the table (1, 2, ...),
    the seed and opener it was dealt with, its state now, its moves and notes, and how it
    ended (``finished``, ``teacher``, or None while it is played).

    A game makes its notes only when someone reads them here (:attr:`notes`: a script, a
    test), replaying its moves from the deal: a note can take an exact solve, which the
    server's workers make on their own copies of the game (:attr:`marks` holds what they
    made), so the server's process never does, and keeps nothing for it."""

    id: int
    number: int
    seed: int
    opener: int
    state: Any
    moves: list[Played] = field(default_factory=list)
    made: list[Any] = field(default_factory=list)
    ended_by: str | None = None
    #: How many moves' notes are in :attr:`made`.
    noted: int = 0
    holders: list[Holder] = field(default_factory=list)
    #: Each move's note as the workers made it (None: a move without), as far as they have.
    marks: list[Any] = field(default_factory=list, repr=False, compare=False)
    #: The game's rules, and what deals it again (to make the notes by replaying the moves).
    rules: Any = field(default=None, repr=False, compare=False)
    deal: Callable[[], Any] | None = field(default=None, repr=False, compare=False)
    _noting: Any = field(default=None, repr=False, compare=False)  # the state after ``noted`` moves

    @property
    def at(self) -> int:
        """The number of moves played."""
        return len(self.moves)

    @property
    def notes(self) -> list[Any]:
        """The public notes of the moves so far (the moves not noted yet replayed now)."""
        if self.noted < self.at:
            state = self._noting if self.noted else self.deal()
            for played in self.moves[self.noted:]:
                action = self.rules.read_move(Node(played.move, "a stored move"))
                before, state = state, self.rules.apply(state, action)
                note = self.rules.note(before, action, state)
                if note is not None:
                    self.made.append(note)
            self.noted, self._noting = self.at, state
        return self.made

    def hold(self, holder: Holder) -> None:
        """A seat changes hands (a second change before the next move replaces the first)."""
        self.holders[:] = [h for h in self.holders if (h.seat, h.after) != (holder.seat, holder.after)]
        self.holders.append(holder)

    def holder(self, seat: int, number: int) -> Student | None:
        """The student who held ``seat`` when move ``number`` was made (None: a bot)."""
        found = None
        for h in self.holders:
            if h.seat == seat and h.after < number:
                found = h.student
        return found

    def own(self, seat: int) -> frozenset[int]:
        """The moves of ``seat`` that the student who holds it now (at the end: who held it
        last) made themselves: not a bot's for them, nor another holder's; none if a bot
        holds it."""
        now = self.holder(seat, self.at + 1)
        if now is None:
            return frozenset()
        return frozenset(n for n, m in enumerate(self.moves, 1) if m.seat == seat and m.by == "student"
                         and self.holder(seat, n) == now)

    def stretches(self, seat: int) -> list[tuple[int, int, Student | None]]:
        """Who held ``seat`` over the game: ``(first move, last move, student)`` in order,
        each stretch its own (a stretch with no move in it has ``last < first``)."""
        mine = [h for h in self.holders if h.seat == seat] or [Holder(seat, 0, None)]  # none kept: a bot's
        ends = [h.after for h in mine[1:]] + [self.at]
        return [(h.after + 1, end, h.student) for h, end in zip(mine, ends, strict=True)]

    def seating(self, settings: TableSettings) -> Seating:
        """The names of the game's seats as its record shows them: each seat by who held
        it, in order (``Ann then Bot 2`` for a seat that changed hands), and as bots the
        seats no student held."""
        names, bots = [], set()
        for seat in range(settings.seats):
            said = [name_of(settings, seat, s) for _, _, s in self.stretches(seat)] or [name_of(settings, seat, None)]
            names.append(" then ".join(n for i, n in enumerate(said) if i == 0 or n != said[i - 1]))
            if all(s is None for _, _, s in self.stretches(seat)):
                bots.add(seat)
        return Seating(tuple(names), frozenset(bots))


def name_of(settings: TableSettings, seat: int, student: Student | None) -> str:
    """A seat's holder as pages name it: ``Bot 3``, ``Seat 2`` at an anonymous table, or the name."""
    if student is None:
        return f"Bot {seat + 1}"
    return f"Seat {seat + 1}" if settings.names == "anonymous" else student.name


class Table:
    """A table: see the module docstring."""

    def __init__(self, table_id: int, settings: TableSettings, activity: int | None = None) -> None:
        self.id = table_id
        self.settings = settings
        #: The lesson plan's activity the table was opened for (None: opened by hand).
        self.activity = activity
        self.rules: Rules = settings.rules
        self.students: dict[int, Student] = {}
        self.runs: list[Run] = []

    @property
    def current(self) -> Run | None:
        """The game being played, or None between games."""
        run = self.runs[-1] if self.runs else None
        return run if run is not None and run.ended_by is None else None

    @property
    def last(self) -> Run | None:
        """The latest game, played or ended."""
        return self.runs[-1] if self.runs else None

    def free_seats(self) -> list[int]:
        """The seats no student sits in (a bot plays them), lowest first."""
        return [s for s in range(self.settings.seats) if s not in self.students]

    def seating(self) -> Seating:
        """The names at the table as pages show them: bots named by their seat (``Bot 3``),
        students by name or, at an anonymous table, by seat (``Seat 2``)."""
        names = tuple(name_of(self.settings, s, self.students.get(s)) for s in range(self.settings.seats))
        return Seating(names, frozenset(self.free_seats()))

    def seating_of(self, run: Run) -> Seating:
        """The names a game's pages show: the seats' holders now while it is played, its
        record's once it has ended (:meth:`Run.seating`)."""
        return self.seating() if run.ended_by is None else run.seating(self.settings)

    def begin(self, game_id: int, number: int, seed: int, opener: int) -> Run:
        """Start a game (the room has recorded it)."""
        settings = self.settings
        state = self.rules.new_state(settings.seats, settings.variant, seed, opener)
        run = Run(game_id, number, seed, opener, state,
                  holders=[Holder(s, 0, self.students.get(s)) for s in range(settings.seats)], rules=self.rules,
                  deal=partial(self.rules.new_state, settings.seats, settings.variant, seed, opener))
        self.runs.append(run)
        return run

    def sit(self, seat: int, student: Student) -> None:
        """A student takes a seat (the room has recorded it); the game being played, if
        any, records that they hold it from the next move on."""
        self.students[seat] = student
        if self.current is not None:
            self.current.hold(Holder(seat, self.current.at, student))

    def leave(self, seat: int) -> None:
        """A seat's student leaves it; a bot plays it from the next move on."""
        del self.students[seat]
        if self.current is not None:
            self.current.hold(Holder(seat, self.current.at, None))

    def play(self, action: Any, seat: int, by: str) -> Run:
        """Apply a move of the current game (the engine checks it; the room has written it)."""
        run = self.current
        assert run is not None, "no game is being played"
        return self.advance(action, self.rules.apply(run.state, action), seat, by)

    def advance(self, action: Any, after: Any, seat: int, by: str) -> Run:
        """Take a move whose state ``after`` the engine has made already (its note is made
        when the notes are read; the server's workers make their own)."""
        run = self.current
        assert run is not None, "no game is being played"
        run.state = after
        run.moves.append(Played(seat, self.rules.move_json(action), by))
        if self.rules.to_act(run.state) is None:
            run.ended_by = "finished"
        return run
