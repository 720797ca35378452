"""The class's habits on the teacher's live page: the costliest patterns over every game
that has ended, counted in the reviews' worker (:mod:`bluffmath_class.workers`, where the
end pages' reviews were counted ahead), never on the server's loop.

A game's decisions are valued once, when it has ended (an ended game never changes), and
kept with the worker's copy of the game; each time the set of ended games changes, the
patterns are counted again from them and the teacher's page is redrawn. The live page
names no student: it is projected, so it shows how many students show each pattern; each
student's own habits are in the printed summary and the habits CSV. A student's habits
are their own decisions: a bot's, for an absent student, are left out.

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
>>> html = LiveHabits(room).region()
>>> "Habits of the class" in html, "calls above the odds" in html, "Ann" in html
(True, True, False)
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bluffmath.i18n import _, language, speaking

from .jobs import habits_of_class
from .markup import tag
from .pages import habits_section
from .results import class_habits, games_of
from .room import Room

if TYPE_CHECKING:
    from .views import Views

log = logging.getLogger("bluffmath.class")
Key = tuple[int, int]  # a game: its id and seed
#: Seconds from a game's end to the count: the end pages and views go out first, and games
#: that end together are counted once.
HABITS_AFTER = 1.0
#: The habits are counted again at most this often, in seconds (a count sums every ended
#: game; a class whose games end every few seconds is counted once in a while).
HABITS_EVERY = 5.0


class LiveHabits:
    """The class's habits over the ended games, as HTML for the teacher's page; counted in
    the reviews lane of ``views`` (on the spot without it)."""

    def __init__(self, room: Room, views: Views | None = None) -> None:
        self.room, self.views = room, views
        self.html: str | None = ""  # None: games have ended and their count is not in yet
        self._counting: frozenset[Key] = frozenset()  # the ended games counted, or being counted
        self._spoken = ""  # the language they are counted in
        self._due: asyncio.TimerHandle | None = None
        self._after = HABITS_AFTER
        self._next = float("-inf")  # the loop's time before which no count starts

    def hold(self, seconds: float) -> None:
        """Count nothing for ``seconds`` (after a restart: the phones' tables first)."""
        self._after = seconds
        asyncio.get_running_loop().call_later(seconds, self._held)

    def _held(self) -> None:
        self._after = HABITS_AFTER

    def _ended(self) -> frozenset[Key]:
        return frozenset((r.id, r.seed) for t in self.room.tables.values() for r in t.runs if r.ended_by is not None)

    def _language(self) -> str:
        """The class's language, which the habits are counted in (the teacher's page's)."""
        return self.views.language if self.views is not None else language()

    def region(self) -> str:
        """The habits as last counted; if games have ended since (or the class's language
        changed), a new count starts in the room lane, and its end redraws the teacher's page."""
        ended = self._ended()
        if (ended, self._language()) != (self._counting, self._spoken):
            self._counting, self._spoken = ended, self._language()
            if not ended:  # none yet, or the class's data deleted: nothing to count
                self.html = ""
            elif self.views is None or self.views.lanes is None:
                games = [g for g in games_of(self.room) if g.ended_by is not None]
                with speaking(self._spoken):
                    self.html = _section(habits_section(class_habits(games), names=False))
            else:
                self.html = self.html or None  # the first count: say it is coming
                if self._due is None:
                    loop = asyncio.get_running_loop()
                    self._due = loop.call_later(max(self._after, self._next - loop.time()), self._count)
        if self.html is None:
            return tag("p", _("Counting the class's habits over the games that have ended…"), ' class="small"')
        return self.html

    def _count(self) -> None:
        """Count the habits of the games ended now in the reviews lane (on the loop: the order)."""
        self._due = None
        self._next = asyncio.get_running_loop().time() + HABITS_EVERY
        views, ended, spoken = self.views, self._counting, self._spoken
        pairs = [(t, r) for t in self.room.tables.values() for r in t.runs if (r.id, r.seed) in ended]
        if views is None or views.lanes is None or not pairs:
            return
        counting = asyncio.ensure_future(views.ask(views.lanes.reviews, habits_of_class, pairs, False, spoken))

        def counted(done: asyncio.Future[str]) -> None:
            if done.cancelled():
                return
            if done.exception() is not None:
                log.error("the class's habits could not be counted", exc_info=done.exception())
                with speaking(spoken):
                    self.html = tag("p", _("The class's habits could not be counted (the server's log says why); "
                                           "the downloads still hold every move."), ' class="small"')
                self.room.redraw()
            elif (ended, spoken) == (self._counting, self._spoken):
                self.html = _section(done.result())
                self.room.redraw()
            if (ended, spoken) != (self._counting, self._spoken) and self._due is None:  # more games ended meanwhile
                loop = asyncio.get_running_loop()
                self._due = loop.call_later(max(HABITS_AFTER, self._next - loop.time()), self._count)
        counting.add_done_callback(counted)

    def stop(self) -> None:
        """Count nothing more (the server stops)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None


def _section(section: str) -> str:
    """The habits' region around ``section`` (none: no student has played a game that ended)."""
    return f'<section class="habits">{section}</section>' if section else ""
