"""The class's habits on the teacher's live page: the costliest patterns over every game
that has ended, counted in the room's reviews worker thread, never on the server's loop.

A game's decisions are valued once, when it has ended (an ended game never changes), and
kept; each time the set of ended games changes, the patterns are counted again from them
and the teacher's page is redrawn. The live page names no student: it is projected, so it
shows how many students show each pattern; each student's own habits are in the printed
summary and the habits CSV.

What the worker counts, over the games that have ended:

>>> from bluffmath import hochstapler as hs
>>> from bluffmath_class.database import Database
>>> from bluffmath_class.protocol import Move
>>> from bluffmath_class.room import Room
>>> from bluffmath_class.settings import TableSettings
>>> room = Room(Database(":memory:"))
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> _ = room.join(room.code, "Ann")
>>> run = room.start(table.id)
>>> run = room.move(table, 0, Move(run.id, 0, hs.Raise(15, "red")))
>>> _ = room.end(table.id)
>>> html = LiveHabits(room).count(games_of(room))
>>> "Habits of the class" in html, "calls above the odds" in html, "Ann" in html
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from bluffmath.review.decision import Decision

from .pages import habits_section
from .results import GameRecord, class_habits, games_of
from .room import Room

Key = tuple[int, int]  # a game: its table's id and its number there
#: Seconds from a game's end to the count: the end pages and views go out first, and games
#: that end together are counted once.
HABITS_AFTER = 1.0


class LiveHabits:
    """The class's habits over the ended games, as HTML for the teacher's page."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.html = ""
        self._counting: frozenset[Key] = frozenset()  # the ended games counted, or being counted
        #: Each ended game's state and decisions (only the reviews' worker reads and writes
        #: it); the state is kept to tell a game from a later one with the same key (after
        #: the class's data is deleted, the numbers start again).
        self._valued: dict[Key, tuple[object, tuple[Decision, ...]]] = {}

    def region(self) -> str:
        """The habits as last counted; if games have ended since, a new count starts in the
        reviews worker, and its end redraws the teacher's page."""
        ended = frozenset((t.id, r.number) for t in list(self.room.tables.values())
                          for r in list(t.runs) if r.ended_by is not None)
        if ended != self._counting:
            self._counting = ended
            games = [g for g in games_of(self.room) if (g.table, g.number) in ended]
            if not ended:  # none yet, or the class's data deleted: nothing to count
                self.html = ""
            elif not self.room.review_later(lambda g: self.count(g) if ended == self._counting else None, games,
                                            lambda html: self._counted(ended, html), HABITS_AFTER):
                self.html = self.count(games)
        if self._counting and not self.html:
            return '<p class="small">Counting the class\'s habits over the games that have ended…</p>'
        return self.html

    def count(self, games: Sequence[GameRecord]) -> str:
        """The habits' HTML over ``games``, valuing only games not valued before."""
        for g in games:
            key = (g.table, g.number)
            if key not in self._valued or self._valued[key][0] is not g.state:
                self._valued[key] = (g.state, tuple(g.rules.decisions(g.state)))
        valued = {key: decisions for key, (_, decisions) in self._valued.items()}
        section = habits_section(class_habits(games, valued), names=False)
        return f'<section class="habits">{section}</section>' if section else ""

    def _counted(self, ended: frozenset[Key], html: str | None) -> None:
        """A count is done (on the loop): show it if no other game has ended meanwhile
        (``None``: another had, so it was not made)."""
        if html is not None and ended == self._counting:
            self.html = html
            self.room.redraw()
