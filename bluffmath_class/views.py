"""What each page is told: a seat's view of its table, a student with no seat, and the room
as the teacher sees it.

The pages are drawn by the workers (:mod:`bluffmath_class.jobs`, :mod:`bluffmath_class.
workers`): after every change at a table, its lane draws the seats that have a page open
and the table's public page, and this module keeps what comes back and tells the pages.
Each table has at most one drawing under way; changes made meanwhile are drawn together
next, so a busy table never queues up work it no longer needs. A game whose odds cost more
than a tap may wait (:func:`~bluffmath_class.games.base.odds_follow`: Gauner raus!'s joint
solves) is drawn without them first; the table's odds lane (:mod:`bluffmath_class.workers`)
then draws the same seats with them, and they are sent if the table has not moved on
meanwhile (else the odds of the newer position are counted next: a table that plays fast
never queues up odds nobody will read); such a game's end panels are counted there too.
The other end panels and reviews are counted in the reviews lane (as the game goes, for
Hochstapler) or the table's own lane, the class's picture in the room lane; the teacher's
page is composed here from what was drawn, and sent as the regions that changed.

Without an event loop (a script, a doctest) everything is drawn on the spot:

>>> from bluffmath_class.database import Database
>>> from bluffmath_class.room import Room
>>> from bluffmath_class.settings import TableSettings
>>> room = Room(Database(":memory:"))
>>> [table] = room.open_tables(TableSettings(seats=3), 1)
>>> secret, table, seat = room.join(room.code, "Ann")
>>> views = Views(room)
>>> message = views.seat(table, seat)
>>> message["type"], message["game"], message["turn"], "Waiting for the teacher" in message["regions"]["status"]
('view', None, False, True)
>>> room.start(table.id).opener
0
>>> views.seat(table, seat)["turn"]
True
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

from bluffmath.i18n import _, n_, speaking

from .games import GAMES
from .games.base import odds_follow
from .jobs import (
    COUNTING,
    Drawn,
    Entry,
    Sketch,
    Sync,
    draw,
    end_panels,
    pictures,
    seat_message,
    think,
    warm,
)
from .language import of_class
from .markup import button, esc, tag
from .mirror import OutOfStep, Store
from .results import record
from .room import Room
from .syncs import Syncs, deal_of, error_of, on_loop
from .table import Run, Student, Table
from .teacher_page import TeacherPage, picture_html, seated
from .workers import BrokenProcessPool, Lane, Lanes, resend

log = logging.getLogger("bluffmath.class")
#: The class picture is counted again at most this often, in seconds (it sums every game).
PICTURE_EVERY = 1.0


@dataclass
class Sheet:
    """One table as last drawn: the change it shows, each seat's message (JSON text), the
    public page and the game and move it shows; and what is wanted of the next drawing."""

    version: int = 0
    drawn: int = -1
    busy: bool = False
    views: dict[int, str] = field(default_factory=dict)
    public: str = ""
    played: tuple[int, int] | None = None
    wanted: set[int] = field(default_factory=set)
    #: The seats whose view, as last drawn, waits for its odds.
    plain: set[int] = field(default_factory=set)


class Views:
    """Draws messages for the room's pages (see the module docstring). ``send(table,
    seat, text)`` delivers a seat's message; ``changed()`` is called when the teacher's
    page has something new."""

    def __init__(self, room: Room, join_url: str = "", habits: Callable[[], str] = str,
                 lanes: Lanes | None = None) -> None:
        self.room = room
        self.join_url = join_url
        #: The class's habits for the teacher's page (:class:`~bluffmath_class.live_habits.LiveHabits`).
        self.habits = habits
        self.lanes = lanes
        self.syncs = Syncs()
        self.send: Callable[[int, int, str | None, str], None] = lambda table, seat, spoken, text: None
        self.changed: Callable[[], None] = lambda: None
        #: Which seats have a page open, each with its page's language (the connections' answer).
        self.open_seats: Callable[[Table], Iterable[tuple[int, str]]] = lambda table: ()
        #: The class's language: the pages' that follow the class, and the tables' public pages.
        self.language = of_class(room.db)
        self._sheets: dict[tuple[int, str], Sheet] = {}  # by table and language
        self._ends: dict[tuple[int, int, str], str] = {}  # (game id, seat, language) -> the seat's end panel
        self._asked: set[tuple[int, str]] = set()  # games (and languages) whose end panels are being counted
        self.teacher = TeacherPage(self)
        self._kinds: dict[str, str] = {}  # each game's picture, as last drawn
        self._kinds_language = ""  # the language the pictures were counted in ("": changed since)
        self._shown: dict[str, tuple[str, str]] = {}  # each game's picture and its message to the phones
        self._dirty: set[str] = set(GAMES)
        self._picturing = False
        self._pictured = float("-inf")  # when the last count of the picture started (the loop's time)
        self._picture_due: asyncio.TimerHandle | None = None
        self._warmed: dict[int, tuple[int, int]] = {}  # each table's game and move counted ahead
        self._decided: dict[tuple[int, int], Any] = {}  # an ended game's decisions, as a worker valued them
        self._to_warm: dict[int, Table] = {}  # tables with moves to count ahead, oldest first
        self._odds_wanted: dict[str, dict[tuple[int, str], Table]] = {}  # by odds lane: tables (and languages) whose odds wait
        self._odds_busy: set[str] = set()  # the odds lanes counting a table's odds
        self._warming = False
        self._era = room.era  # the room's era these drawings belong to

    # --- a seat --------------------------------------------------------------------------
    def seat(self, table: Table, seat: int, spoken: str | None = None) -> dict[str, Any]:
        """The message for ``seat``'s pages in ``spoken`` (None: the class's language),
        drawn on the spot (no worker)."""
        run, store, spoken = table.last, Store(), spoken or self.language
        sketch = self._sketch(table, (seat,), spoken)
        drawn = draw(store, sketch)
        message = json.loads(drawn.views[seat])
        if run is not None and run.ended_by is not None and (run.id, seat, spoken) not in self._ends:
            message["regions"]["end"] = end_panels(store, sketch.sync, sketch.seating, {seat: run.own(seat)},
                                                   spoken)[0][seat]
        return message

    def unseated(self, student: Student, spoken: str | None = None) -> dict[str, Any]:
        """The message for a student of the class who has no seat, in ``spoken`` (None: the
        class's language): the tables of the activity with a free seat, to choose one."""
        with speaking(spoken or self.language):
            regions = {"table": _("Class table · <b>{name}</b>").format(name=esc(student.name)),
                       "status": tag("p", _("You have no seat: choose a table, or wait for your teacher"), ' class="status"'),
                       "board": self.tables_to_join(), "picture": ""}
        return {"type": "view", "game": None, "at": 0, "turn": False, "regions": regions}

    def tables_to_join(self) -> str:
        """Buttons to sit at a table of the activity with a free seat (in the language in use)."""
        buttons = []
        for t in self.room.current_tables():
            free = len(self.room.open_seats(t))
            if free:
                words = (n_("Table {table}: {game}, {n} free seat (playing: you take a bot's seat)",
                            "Table {table}: {game}, {n} free seats (playing: you take a bot's seat)", free)
                         if t.current is not None else
                         n_("Table {table}: {game}, {n} free seat", "Table {table}: {game}, {n} free seats", free))
                buttons.append(button(words.format(table=t.id, game=esc(t.rules.title), n=free),
                                      {"type": "sit", "table": t.id}))
        return ('<div class="tables-to-join">' + "".join(buttons) + "</div>" if buttons else
                tag("p", _("Every seat is taken: your teacher can open another table.")))

    def table_changed(self, table: Table) -> None:
        """A table changed: draw it again (its open seats in each of their languages, and
        its public page), and after a move count ahead what its end pages will need. A
        language nobody reads the table in now is drawn when a page asks for it."""
        self._same_era()
        spoken = {self.language, *(code for _seat, code in self.open_seats(table))}
        for (table_id, code), sheet in self._sheets.items():
            if table_id == table.id:
                sheet.version += 1
                if sheet.wanted:
                    spoken.add(code)
        self._dirty.add(table.rules.name)
        for code in sorted(spoken):
            self._sheets.setdefault((table.id, code), Sheet(version=1))
            self._draw(table, code)
        run = table.current
        if run is not None and run.at and self._warmed.get(table.id) != (run.id, run.at):
            self._warmed[table.id] = (run.id, run.at)
            self.moved(table, run)

    def think(self, table: Table, run: Run, seed: str) -> Future[Any]:
        """A bot's move for the seat to act at ``table`` (as the database keeps it), thought
        in the table's lane, seeded by ``seed``; a future, answered on the event loop."""
        answer: Future[Any] = Future()

        def ask(again: bool) -> None:
            lane = self.lanes.table(table.id)
            if again:
                self.syncs.reset(lane, (run.id, run.seed))
            sync = self.syncs.sync(lane, table, run)

            def done(thought: Future[Any]) -> None:
                error = error_of(thought)
                if resend(error) and not again:
                    ask(True)
                elif error is not None:
                    answer.set_exception(error)
                else:
                    move, notes = thought.result()
                    self._take_marks(table, sync, notes)
                    answer.set_result(move)
            on_loop(lane.call(think, sync, table.settings.bot, seed), done)
        ask(False)
        return answer

    def want(self, table: Table, seat: int, spoken: str | None = None) -> None:
        """A page of ``seat`` in ``spoken`` (None: the class's language) wants its view: now
        if drawn in that language, else once drawn."""
        self._same_era()
        spoken = spoken or self.language
        sheet = self._sheets.setdefault((table.id, spoken), Sheet())
        if sheet.drawn == sheet.version and seat in sheet.views:
            self.send(table.id, seat, spoken, sheet.views[seat])
            self._show_picture(table, (seat,))
            return
        sheet.wanted.add(seat)
        self._draw(table, spoken)

    def _draw(self, table: Table, spoken: str) -> None:
        """Draw ``table`` in ``spoken``: the seats read in it (and, in the class's language,
        the public page)."""
        sheet = self._sheets[table.id, spoken]
        if sheet.busy or self.lanes is None:
            return
        run = table.last
        seats = tuple(sorted({*(s for s, code in self.open_seats(table) if code == spoken), *sheet.wanted}))
        if not seats and spoken != self.language:
            return
        sketch = self._sketch(table, seats, spoken, self.lanes.table(table.id))
        if odds_follow(table.rules) and table.settings.odds == "always":
            sketch = replace(sketch, later=True)  # the odds follow (see the module docstring)
        sheet.busy, sheet.wanted = True, set()
        future = self.lanes.table(table.id).call(draw, sketch)
        on_loop(future, lambda done: self._drawn(table, sketch, done))
        if run is not None and run.ended_by is not None:
            self._count_ends(table, run, spoken)  # after the drawing: the end shows at once; each seat's panel follows

    def _sketch(self, table: Table, seats: tuple[int, ...], spoken: str, lane: Lane | None = None) -> Sketch:
        run = table.last
        seating = table.seating() if run is None else table.seating_of(run)
        sync = None
        if run is not None:
            sync = (self.syncs.sync(lane, table, run) if lane is not None else
                    Sync((run.id, run.seed), deal_of(table, run), 0, tuple(m.move for m in run.moves), None,
                         run.number, run.ended_by))
        ends = tuple((s, self._ends[run.id, s, spoken]) for s in seats
                     if run is not None and (run.id, s, spoken) in self._ends)
        version = self._sheets.get((table.id, spoken), Sheet()).version
        clocks = tuple(self.room.seconds(table, s) for s in range(table.settings.seats))
        with speaking(spoken):
            sitting = seated(table)
        return Sketch(table.id, table.settings, seating, sitting, seats, sync, version, ends, clocks=clocks,
                      language=spoken)

    def _drawn(self, table: Table, sketch: Sketch, done: Future[Drawn]) -> None:
        spoken = sketch.language
        sheet = self._sheets.get((table.id, spoken))
        if sheet is None or self.room.tables.get(table.id) is not table:
            return  # the class's data was deleted meanwhile
        sheet.busy = False
        error = error_of(done)
        if error is not None:
            if resend(error) and sketch.sync is not None:
                self.syncs.reset(self.lanes.table(table.id), sketch.sync.key)
            elif not resend(error):
                log.error("table %s could not be drawn", table.id, exc_info=error)
            sheet.wanted |= set(sketch.seats)
            if resend(error):
                self._draw(table, spoken)
            return
        drawn = done.result()
        if sketch.sync is not None:
            self._take_marks(table, sketch.sync, drawn.notes)
        if drawn.version >= sheet.drawn:
            if drawn.version != sheet.drawn:
                sheet.views, sheet.plain = {}, set()
            sheet.drawn, sheet.public, sheet.played = drawn.version, drawn.public, drawn.played
            sheet.views.update(drawn.views)
            sheet.plain = sheet.plain | set(drawn.views) if drawn.later else set()
            for seat, text in drawn.views.items():
                self.send(table.id, seat, spoken, text)
            self._show_picture(table, tuple(drawn.views))
        self._picture()
        self.changed()
        if sheet.drawn != sheet.version or sheet.wanted:
            self._draw(table, spoken)
        else:
            self._count_odds(table, spoken)

    def _count_odds(self, table: Table, spoken: str) -> None:
        """Draw the seats whose view waits for its odds again with them, in the table's odds
        lane (see the module docstring): each lane counts one table's odds at a time, and
        picks the next table when it is done, at the change that table is at then, so that
        it never counts the odds of a position left while it waited (and an end panel asked
        of the lane waits behind one drawing at most)."""
        if self._sheets[table.id, spoken].plain:
            lane = self.lanes.odds_of(table.id)
            self._odds_wanted.setdefault(lane.name, {})[table.id, spoken] = table
            self._next_odds(lane)

    def _next_odds(self, lane: Lane) -> None:
        wanted = self._odds_wanted.get(lane.name, {})
        while lane.name not in self._odds_busy and wanted:
            key = next(iter(wanted))
            table, spoken = wanted.pop(key), key[1]
            sheet = self._sheets.get(key)
            if sheet is None or self.room.tables.get(table.id) is not table or sheet.busy or not sheet.plain \
                    or sheet.drawn != sheet.version:
                continue  # gone, or drawn again first (which asks for its odds once drawn)
            sketch = self._sketch(table, tuple(sorted(sheet.plain)), spoken, lane)
            self._odds_busy.add(lane.name)
            on_loop(lane.call(draw, sketch), lambda done, table=table, sketch=sketch:
                    self._counted(table, sketch, lane, done))

    def _counted(self, table: Table, sketch: Sketch, lane: Lane, done: Future[Drawn]) -> None:
        self._odds_busy.discard(lane.name)
        sheet = self._sheets.get((table.id, sketch.language))
        if sheet is None or self.room.tables.get(table.id) is not table:
            self._next_odds(lane)
            return  # the class's data was deleted meanwhile
        error = error_of(done)
        if error is not None:
            if resend(error) and sketch.sync is not None:
                self.syncs.reset(lane, sketch.sync.key)
            else:  # the pages keep their view without odds rather than fail
                log.error("the odds of table %s could not be counted", table.id, exc_info=error)
                sheet.plain.clear()
        elif done.result().version == sheet.drawn == sheet.version:
            drawn = done.result()
            sheet.views.update(drawn.views)
            sheet.plain -= set(drawn.views)
            for seat, text in drawn.views.items():
                self.send(table.id, seat, sketch.language, text)
        self._count_odds(table, sketch.language)
        self._next_odds(lane)

    def _take_marks(self, table: Table, sync: Sync, notes: Sequence[Any]) -> None:
        """Keep the notes a table's worker made of the moves ``sync`` sent it (the picture
        reads them, so it is counted again)."""
        run = table.last
        if run is not None and run.id == sync.key[0] and len(run.marks) >= sync.start and notes:
            run.marks[sync.start:sync.start + len(notes)] = notes
            self._dirty.add(table.rules.name)

    # --- the end panels and reviews --------------------------------------------------------
    def moved(self, table: Table, run: Run) -> None:
        """A move was made at ``table``: count ahead in the reviews lane what the end
        pages will need (Hochstapler's round tables), one count at a time, each taking
        every move of its table not counted yet, so that an end page never waits behind a
        queue of them."""
        if self.lanes is not None and hasattr(table.rules, "warm"):
            self._to_warm[table.id] = table
            self._warm_next()

    def _warm_next(self) -> None:
        if self._warming or not self._to_warm:
            return
        table = self._to_warm.pop(next(iter(self._to_warm)))
        run = table.last
        if run is None or self.room.tables.get(table.id) is not table:
            self._warm_next()
            return
        lane, self._warming = self.lanes.reviews, True

        def done(counted: Future[Any]) -> None:
            self._warming = False
            self._reviewed(lane, run)(counted)
            self._warm_next()
        on_loop(lane.call(warm, self.syncs.sync(lane, table, run, noted=False)), done)

    def _count_ends(self, table: Table, run: Run, spoken: str) -> None:
        """Count the end panels of an ended game's seats in ``spoken``, once, in a worker
        (the table is drawn again when they come)."""
        seats = [s for s in range(table.settings.seats) if (run.id, s, spoken) not in self._ends]
        if not seats or self.lanes is None or (run.id, spoken) in self._asked:
            return
        self._asked.add((run.id, spoken))
        # Hochstapler's in the reviews lane, which counted them ahead; a game whose odds
        # follow in its odds lane, whose caches hold the seats' solves (and which no tap
        # waits for); the others' in the table's own lane, whose caches hold the notes' solves
        ahead = hasattr(table.rules, "warm")
        lane = (self.lanes.reviews if ahead else self.lanes.odds_of(table.id) if odds_follow(table.rules)
                else self.lanes.table(table.id))
        seating = table.seating_of(run)

        sync = self.syncs.sync(lane, table, run, noted=not ahead)

        def counted(done: Future[tuple[dict[int, str], tuple[Any, ...]]]) -> None:
            self._asked.discard((run.id, spoken))
            if error_of(done) is None:
                panels, notes, decisions = done.result()
                self._ends.update({(run.id, s, spoken): html for s, html in panels.items()})
                self._decided[run.id, run.seed] = decisions
                if not ahead:
                    self._take_marks(table, sync, notes)
            else:  # the page goes out without them rather than never
                self._reviewed(lane, run)(done)
                self._ends.update({(run.id, s, spoken): "" for s in seats})
            if self.room.tables.get(table.id) is table:
                self.table_changed(table)
        on_loop(lane.call(end_panels, sync, seating, {s: run.own(s) for s in seats}, spoken), counted)

    def _reviewed(self, lane: Lane, run: Run) -> Callable[[Future[Any]], None]:
        def said(done: Future[Any]) -> None:
            error = error_of(done)
            if resend(error):
                self.syncs.reset(lane, (run.id, run.seed))
            elif error is not None:
                log.error("a review could not be counted", exc_info=error)
        return said

    # --- the room --------------------------------------------------------------------------
    def room_view(self, connected: set[int]) -> dict[str, Any]:
        """The teacher's message (:class:`~bluffmath_class.teacher_page.TeacherPage`) in the
        language in use (the connections speak the teacher's page's); ``connected``: the
        students with a page open. The tables' public pages and the class's picture are in
        the class's language."""
        self._same_era()
        return self.teacher.message(connected)

    def relanguage(self) -> None:
        """The class's language changed: its picture is counted again in it (the tables
        are drawn again by the caller)."""
        self._dirty = set(GAMES)
        self._kinds_language = ""

    def played(self, table: Table) -> tuple[int, int] | None:
        """The game and the move that ``table``'s public page, as last drawn, shows."""
        if self.lanes is None:
            return None if table.last is None else (table.last.id, table.last.at)
        return self._sheets.get((table.id, self.language), Sheet()).played

    def public(self, table: Table) -> str:
        """``table``'s public page (what the teacher's screen shows of it), as last drawn."""
        run = table.last
        if run is None:
            return ""
        if self.lanes is None:
            with speaking(self.language):
                return table.rules.table_page(run.state, table.seating_of(run), run.notes, over=run.ended_by is not None)
        sheet = self._sheets.get((table.id, self.language))
        if sheet is None or sheet.played is None or sheet.played[0] != run.id:
            return tag("p", _("Drawing…"), ' class="small"')
        return sheet.public

    # --- the class picture -------------------------------------------------------------------
    def picture(self) -> str:
        """Each game's picture of the class, over every game of that kind in the room, as
        last counted in the room lane (on the spot without a loop)."""
        if self.lanes is None:
            self._kinds = self._count_pictures(Store(), set(GAMES))
        return picture_html(self._kinds, self._waiting())

    def _waiting(self) -> int:
        """Ended games the room lane has not been sent at all (after a restart, the games
        that ended before it, counted again; a game just started joins in a moment)."""
        if self.lanes is None:
            return 0
        return sum(run.ended_by is not None and not self.syncs.sent(self.lanes.room, run)
                   for t in self.room.tables.values() for run in t.runs)

    def _noted(self, table: Table, run: Run) -> int:
        """How many of ``run``'s moves the room lane is sent: those whose notes a table's
        lane has made, or every move of a game no table's lane will draw again (the room
        lane makes their notes)."""
        return len(run.marks) if run is table.last or len(run.marks) >= run.at else run.at

    def _entries(self, kinds: set[str]) -> list[Entry]:
        return [Entry((run.id, run.seed), table.seating_of(run), table.id, run.number, run.ended_by)
                for table in self.room.tables.values() if table.rules.name in kinds for run in table.runs]

    def _count_pictures(self, store: Store, kinds: set[str]) -> dict[str, str]:
        tables = [t for t in self.room.tables.values() if t.rules.name in kinds]
        syncs = [Sync((r.id, r.seed), deal_of(t, r), 0, tuple(m.move for m in r.moves), None, r.number, r.ended_by)
                 for t in tables for r in t.runs]
        return pictures(store, syncs, self._entries(kinds), sorted(kinds), self.language)

    def _picture(self) -> None:
        """Count the picture of the games that changed again in the room lane, one count at
        a time and at most every :data:`PICTURE_EVERY` seconds (changes meanwhile are
        counted together next)."""
        if self._picturing or not self._dirty or self.lanes is None:
            return
        loop = asyncio.get_running_loop()
        wait = self._pictured + PICTURE_EVERY - loop.time()
        if wait > 0:
            if self._picture_due is None:
                self._picture_due = loop.call_later(wait, self._picture_now)
            return
        self._pictured = loop.time()
        kinds, self._dirty = self._dirty, set()
        lane = self.lanes.room
        tables = [t for t in self.room.tables.values() if t.rules.name in kinds]
        syncs = [self.syncs.sync(lane, t, r, self._noted(t, r)) for t in tables for r in t.runs
                 if self.syncs.behind(lane, r, self._noted(t, r))]
        self._picturing, spoken = True, self.language

        def counted(done: Future[dict[str, str]]) -> None:
            self._picturing = False
            error = error_of(done)
            if error is None:
                if spoken != self._kinds_language:  # the first count since the language changed
                    self._kinds, self._shown, self._kinds_language = {}, {}, spoken
                self._kinds.update(done.result())
                self.changed()
                for table in tables:
                    self._show_picture(table, tuple(table.students))
            else:
                for sync in syncs:
                    self.syncs.reset(lane, sync.key)
                self._dirty |= kinds
                if not resend(error):
                    log.error("the class picture could not be counted", exc_info=error)
            self._picture()
        on_loop(lane.call(pictures, syncs, self._entries(kinds), sorted(kinds), spoken), counted)

    def _show_picture(self, table: Table, seats: Sequence[int]) -> None:
        """Once a table's game has ended, its students' pages show the class's picture of
        that game as the projector does: nothing is only on the projector."""
        kind = table.rules.name
        html = self._kinds.get(kind)
        if table.current is not None or table.last is None or not html:
            return
        shown = self._shown.get(kind)
        if shown is None or shown[0] is not html:  # written once a picture, for every table of its game
            with speaking(self.language):  # the picture's language: the class's
                message = {"type": "room", "regions": {"picture": picture_html({kind: html}, alone=False)}}
            shown = self._shown[kind] = (html, json.dumps(message, ensure_ascii=False))
        text = shown[1]
        for seat in seats:
            self.send(table.id, seat, None, text)

    def hold(self, seconds: float) -> None:
        """Count no picture for ``seconds`` (after a restart: the phones' tables first)."""
        self._pictured = asyncio.get_running_loop().time() + seconds - PICTURE_EVERY

    def _picture_now(self) -> None:
        self._picture_due = None
        self._picture()

    # --- work over many games: the class's habits, the downloads --------------------------
    def shipment(self, lane: Lane, pairs: Sequence[tuple[Table, Run]]) -> tuple[list[Sync], list[Any]]:
        """What ``lane`` needs to work on the games ``pairs`` names: their moves it has not
        been sent, and each game's record without its state (the worker has its own). The
        room lane keeps the notes (it draws the picture); the others read none."""
        noted = self.lanes is not None and lane is self.lanes.room
        syncs = [self.syncs.sync(lane, t, r, noted=noted) for t, r in pairs if self.syncs.behind(lane, r)]
        return syncs, [((r.id, r.seed), replace(record(t, r), state=None), self._decided.get((r.id, r.seed)))
                       for t, r in pairs]

    async def ask(self, lane: Lane, job: Callable[..., Any], pairs: Sequence[tuple[Table, Run]], *args: Any) -> Any:
        """``job(store, syncs, games, *args)`` in ``lane`` over the games ``pairs`` names
        (:meth:`shipment`), awaited; a copy out of step is sent every move and asked again."""
        for again in (False, True):
            if again:
                for _table, run in pairs:
                    self.syncs.reset(lane, (run.id, run.seed))
            syncs, games = self.shipment(lane, pairs)
            try:
                return await asyncio.wrap_future(lane.call(job, syncs, games, *args))
            except (OutOfStep, BrokenProcessPool):
                if again:
                    raise
        raise AssertionError("not reached")

    def _same_era(self) -> None:
        """Forget every drawing of an era before the room's (the class's data was deleted:
        a table's id may be given again)."""
        if self._era != self.room.era:
            self._era = self.room.era
            self._sheets.clear()
            self._ends.clear()
            self._asked.clear()
            self._warmed.clear()
            self._decided.clear()
            self._odds_wanted.clear()
            self._kinds.clear()
            self.syncs.clear()
            self._dirty = set(GAMES)


def class_picture(room: Room) -> str:
    """Each game's picture of the class over every game of the room, counted on the spot
    (the printed summary: in a worker)."""
    return Views(room).picture()


__all__ = ["COUNTING", "Views", "class_picture", "seat_message"]
