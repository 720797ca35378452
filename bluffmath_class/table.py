"""One table in memory: its settings, who sits where, and its games, each an engine state
with the moves that made it. The table applies moves through the game's rules and keeps
their public notes; it writes nothing (the room writes a move before the table takes it).

>>> from bluffmath_class.settings import TableSettings
>>> table = Table(1, TableSettings(seats=3))
>>> table.students[0] = Student("Ann", "secret-digest")
>>> run = table.begin(game_id=1, number=1, seed=4, opener=0)
>>> table.seating().names
('Ann', 'Bot 2', 'Bot 3')
>>> from bluffmath import hochstapler as hs
>>> run = table.play(hs.Raise(6, "red"), seat=0, by="student")
>>> run.at, table.rules.to_act(run.state), run.moves[-1].by
(1, 1, 'student')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .games import Rules, Seating
from .settings import TableSettings


@dataclass(frozen=True)
class Student:
    """A student in a seat: the name, and the SHA-256 of the seat's secret."""

    name: str
    secret: str


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

    A game replayed from the file keeps its notes' making for later (``pending``): a note
    can take an exact solve, and a restart should give the phones their tables at once.
    The notes are made, in order, the first time anyone reads them (:attr:`notes`)."""

    id: int
    number: int
    seed: int
    opener: int
    state: Any
    moves: list[Played] = field(default_factory=list)
    made: list[Any] = field(default_factory=list)
    ended_by: str | None = None
    pending: list[Callable[[], Any]] = field(default_factory=list, repr=False, compare=False)

    @property
    def at(self) -> int:
        """The number of moves played."""
        return len(self.moves)

    @property
    def notes(self) -> list[Any]:
        """The public notes of the moves so far (made now if they were left for later)."""
        if self.pending:
            waiting, self.pending = self.pending, []
            self.made.extend(note for note in (make() for make in waiting) if note is not None)
        return self.made


class Table:
    """A table: see the module docstring."""

    def __init__(self, table_id: int, settings: TableSettings) -> None:
        self.id = table_id
        self.settings = settings
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
        anonymous = self.settings.names == "anonymous"
        names = tuple(f"Bot {s + 1}" if s not in self.students else
                      f"Seat {s + 1}" if anonymous else self.students[s].name
                      for s in range(self.settings.seats))
        return Seating(names, frozenset(self.free_seats()))

    def begin(self, game_id: int, number: int, seed: int, opener: int) -> Run:
        """Start a game (the room has recorded it)."""
        settings = self.settings
        state = self.rules.new_state(settings.seats, settings.variant, seed, opener)
        run = Run(game_id, number, seed, opener, state)
        self.runs.append(run)
        return run

    def play(self, action: Any, seat: int, by: str, later: bool = False) -> Run:
        """Apply a move of the current game (the engine checks it; the room has written it);
        ``later``: leave its note to be made when the notes are read (a replay)."""
        run = self.current
        assert run is not None, "no game is being played"
        return self.advance(action, self.rules.apply(run.state, action), seat, by, later)

    def advance(self, action: Any, after: Any, seat: int, by: str, later: bool = False) -> Run:
        """Take a move whose state ``after`` the engine has made already."""
        run = self.current
        assert run is not None, "no game is being played"
        before, run.state = run.state, after
        run.moves.append(Played(seat, self.rules.move_json(action), by))
        if later:
            run.pending.append(partial(self.rules.note, before, action, after))
        else:
            note = self.rules.note(before, action, run.state)
            if note is not None:
                run.notes.append(note)
        if self.rules.to_act(run.state) is None:
            run.ended_by = "finished"
        return run
