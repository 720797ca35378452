"""What each page is told: a seat's view of its table, a student with no seat, and the room
as the teacher sees it.

The pages are drawn by the workers (:mod:`bluffmath_class.jobs`, :mod:`bluffmath_class.
workers`): after every change at a table, its lane draws the seats that have a page open
and the table's public page, and this module keeps what comes back and tells the pages.
Each table has at most one drawing under way; changes made meanwhile are drawn together
next, so a busy table never queues up work it no longer needs. The end panels and reviews
are counted in the reviews lane (as the game goes, for Hochstapler), the class's picture
in the room lane; the teacher's page is composed here from what was drawn, and sent as
the regions that changed.

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
import contextlib
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

from .games import GAMES
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
from .lesson import GROUPINGS, WHEN
from .markup import button, esc, form
from .mirror import Deal, OutOfStep, Store
from .qr import qr_svg
from .results import record
from .room import Room
from .table import Run, Student, Table
from .workers import BrokenProcessPool, Lane, Lanes, resend

log = logging.getLogger("bluffmath.class")
#: The class picture is counted again at most this often, in seconds (it sums every game).
PICTURE_EVERY = 1.0


def deal_of(table: Table, run: Run) -> Deal:
    """What deals ``run`` again."""
    return Deal(table.rules.name, table.settings.seats, table.settings.variant, run.seed, run.opener)


class Syncs:
    """How many moves of each game each lane's copy has been sent (see
    :mod:`bluffmath_class.mirror`), and the notes the tables' lanes made of them."""

    def __init__(self) -> None:
        self._sent: dict[tuple[str, tuple[int, int]], tuple[int, int]] = {}

    def sync(self, lane: Lane, table: Table, run: Run, upto: int | None = None, noted: bool = True) -> Sync:
        """The moves of ``run`` that ``lane`` has not been sent (up to move ``upto``, by
        default every move), counted as sent, with their notes where the tables' lanes made
        them (else the lane makes them; ``noted=False``: it needs none)."""
        key, upto = (run.id, run.seed), run.at if upto is None else min(upto, run.at)
        generation, sent = self._sent.get((lane.name, key), (lane.generation, 0))
        if generation != lane.generation or sent > upto:
            sent = 0
        self._sent[lane.name, key] = (lane.generation, upto)
        moves = tuple(m.move for m in run.moves[sent:upto])
        if not noted:
            notes: tuple[Any, ...] | None = (None,) * len(moves)
        else:
            notes = tuple(run.marks[sent:upto]) if len(run.marks) >= upto else None
        return Sync(key, deal_of(table, run), sent, moves, notes, run.number, run.ended_by)

    def behind(self, lane: Lane, run: Run, upto: int | None = None) -> bool:
        """Whether ``lane`` has not been sent every move of ``run`` (up to move ``upto``)."""
        generation, sent = self._sent.get((lane.name, (run.id, run.seed)), (-1, -1))
        return generation != lane.generation or sent != (run.at if upto is None else min(upto, run.at))

    def sent(self, lane: Lane, run: Run) -> bool:
        """Whether ``lane`` has been sent ``run`` at all (its copy is dealt)."""
        generation, _ = self._sent.get((lane.name, (run.id, run.seed)), (-1, -1))
        return generation == lane.generation

    def reset(self, lane: Lane, key: tuple[int, int]) -> None:
        """``lane``'s copy of a game is out of step: send it every move again."""
        self._sent.pop((lane.name, key), None)

    def clear(self) -> None:
        """Forget every game (the class's data was deleted)."""
        self._sent.clear()


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
        self.send: Callable[[int, int, str], None] = lambda table, seat, text: None
        self.changed: Callable[[], None] = lambda: None
        #: Which seats have a page open (the connections' answer).
        self.open_seats: Callable[[Table], Iterable[int]] = lambda table: ()
        self._sheets: dict[int, Sheet] = {}
        self._ends: dict[tuple[int, int], str] = {}  # (game id, seat) -> the seat's end panel
        self._asked: set[int] = set()  # games whose end panels are being counted
        self._qr: tuple[str, str] = ("", "")
        self._kinds: dict[str, str] = {}  # each game's picture, as last drawn
        self._dirty: set[str] = set(GAMES)
        self._picturing = False
        self._pictured = float("-inf")  # when the last count of the picture started (the loop's time)
        self._picture_due: asyncio.TimerHandle | None = None
        self._warmed: dict[int, tuple[int, int]] = {}  # each table's game and move counted ahead
        self._decided: dict[tuple[int, int], Any] = {}  # an ended game's decisions, as a worker valued them
        self._era = room.era  # the room's era these drawings belong to

    # --- a seat --------------------------------------------------------------------------
    def seat(self, table: Table, seat: int) -> dict[str, Any]:
        """The message for ``seat``'s pages, drawn on the spot (no worker)."""
        run, store = table.last, Store()
        sketch = self._sketch(table, (seat,))
        drawn = draw(store, sketch)
        message = json.loads(drawn.views[seat])
        if run is not None and run.ended_by is not None and (run.id, seat) not in self._ends:
            message["regions"]["end"] = end_panels(store, sketch.sync, sketch.seating, {seat: run.own(seat)})[0][seat]
        return message

    def unseated(self, student: Student) -> dict[str, Any]:
        """The message for a student of the class who has no seat: the tables of the
        activity with a free seat, to choose one."""
        regions = {"table": f"Class table · <b>{esc(student.name)}</b>",
                   "status": '<p class="status">You have no seat: choose a table, or wait for your teacher</p>',
                   "board": self.tables_to_join()}
        return {"type": "view", "game": None, "at": 0, "turn": False, "regions": regions}

    def tables_to_join(self) -> str:
        """Buttons to sit at a table of the activity with a free seat."""
        buttons = [button(f"Table {t.id}: {esc(t.rules.title)}, {len(self.room.open_seats(t))} free "
                          f"{'seat' if len(self.room.open_seats(t)) == 1 else 'seats'}"
                          + (" (playing: you take a bot's seat)" if t.current is not None else ""),
                          {"type": "sit", "table": t.id})
                   for t in self.room.current_tables() if self.room.open_seats(t)]
        return ('<div class="tables-to-join">' + "".join(buttons) + "</div>" if buttons else
                "<p>Every seat is taken: your teacher can open another table.</p>")

    def table_changed(self, table: Table) -> None:
        """A table changed: draw it again (its open seats and its public page), and after a
        move count ahead what its end pages will need."""
        self._same_era()
        sheet = self._sheets.setdefault(table.id, Sheet())
        sheet.version += 1
        self._dirty.add(table.rules.name)
        self._draw(table)
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
                error = _error(thought)
                if resend(error) and not again:
                    ask(True)
                elif error is not None:
                    answer.set_exception(error)
                else:
                    move, notes = thought.result()
                    self._take_marks(table, sync, notes)
                    answer.set_result(move)
            _on_loop(lane.call(think, sync, table.settings.bot, seed), done)
        ask(False)
        return answer

    def want(self, table: Table, seat: int) -> None:
        """A page of ``seat`` wants its view: now if drawn, else once drawn."""
        self._same_era()
        sheet = self._sheets.setdefault(table.id, Sheet())
        if sheet.drawn == sheet.version and seat in sheet.views:
            self.send(table.id, seat, sheet.views[seat])
            return
        sheet.wanted.add(seat)
        self._draw(table)

    def _draw(self, table: Table) -> None:
        sheet = self._sheets[table.id]
        if sheet.busy or self.lanes is None:
            return
        run = table.last
        if run is not None and run.ended_by is not None and self._count_ends(table, run):
            return  # an ended game is drawn once its end panels are counted
        seats = tuple(sorted({*self.open_seats(table), *sheet.wanted}))
        sketch = self._sketch(table, seats, self.lanes.table(table.id))
        sheet.busy, sheet.wanted = True, set()
        future = self.lanes.table(table.id).call(draw, sketch)
        _on_loop(future, lambda done: self._drawn(table, sketch, done))

    def _sketch(self, table: Table, seats: tuple[int, ...], lane: Lane | None = None) -> Sketch:
        run = table.last
        seating = table.seating() if run is None else table.seating_of(run)
        sync = None
        if run is not None:
            sync = (self.syncs.sync(lane, table, run) if lane is not None else
                    Sync((run.id, run.seed), deal_of(table, run), 0, tuple(m.move for m in run.moves), None,
                         run.number, run.ended_by))
        ends = tuple((s, self._ends[run.id, s]) for s in seats if run is not None and (run.id, s) in self._ends)
        version = self._sheets.get(table.id, Sheet()).version
        return Sketch(table.id, table.settings, seating, seated(table), seats, sync, version, ends)

    def _drawn(self, table: Table, sketch: Sketch, done: Future[Drawn]) -> None:
        sheet = self._sheets.get(table.id)
        if sheet is None or self.room.tables.get(table.id) is not table:
            return  # the class's data was deleted meanwhile
        sheet.busy = False
        error = _error(done)
        if error is not None:
            if resend(error) and sketch.sync is not None:
                self.syncs.reset(self.lanes.table(table.id), sketch.sync.key)
            elif not resend(error):
                log.error("table %s could not be drawn", table.id, exc_info=error)
            sheet.wanted |= set(sketch.seats)
            if resend(error):
                self._draw(table)
            return
        drawn = done.result()
        if sketch.sync is not None:
            self._take_marks(table, sketch.sync, drawn.notes)
        if drawn.version >= sheet.drawn:
            if drawn.version != sheet.drawn:
                sheet.views = {}
            sheet.drawn, sheet.public, sheet.played = drawn.version, drawn.public, drawn.played
            sheet.views.update(drawn.views)
            for seat, text in drawn.views.items():
                self.send(table.id, seat, text)
        self._picture()
        self.changed()
        if sheet.drawn != sheet.version or sheet.wanted:
            self._draw(table)

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
        pages will need (Hochstapler's round tables)."""
        if self.lanes is not None and hasattr(table.rules, "warm"):
            lane = self.lanes.reviews
            _on_loop(lane.call(warm, self.syncs.sync(lane, table, run, noted=False)), self._reviewed(lane, run))

    def _count_ends(self, table: Table, run: Run) -> bool:
        """Count the end panels of an ended game's seats, once, in a worker; whether some are
        still to come."""
        seats = [s for s in range(table.settings.seats) if (run.id, s) not in self._ends]
        if not seats or self.lanes is None:
            return False
        if run.id in self._asked:
            return True
        self._asked.add(run.id)
        # Hochstapler's in the reviews lane, which counted them ahead; the others' in the
        # table's own lane, whose caches hold the game's solves
        ahead = hasattr(table.rules, "warm")
        lane, seating = self.lanes.reviews if ahead else self.lanes.table(table.id), table.seating_of(run)

        sync = self.syncs.sync(lane, table, run, noted=not ahead)

        def counted(done: Future[tuple[dict[int, str], tuple[Any, ...]]]) -> None:
            self._asked.discard(run.id)
            if _error(done) is None:
                panels, notes, decisions = done.result()
                self._ends.update({(run.id, s): html for s, html in panels.items()})
                self._decided[run.id, run.seed] = decisions
                if not ahead:
                    self._take_marks(table, sync, notes)
            else:  # the page goes out without them rather than never
                self._reviewed(lane, run)(done)
                self._ends.update({(run.id, s): "" for s in seats})
            if self.room.tables.get(table.id) is table:
                self.table_changed(table)
        _on_loop(lane.call(end_panels, sync, seating, {s: run.own(s) for s in seats}), counted)
        return True

    def _reviewed(self, lane: Lane, run: Run) -> Callable[[Future[Any]], None]:
        def said(done: Future[Any]) -> None:
            error = _error(done)
            if resend(error):
                self.syncs.reset(lane, (run.id, run.seed))
            elif error is not None:
                log.error("a review could not be counted", exc_info=error)
        return said

    # --- the room --------------------------------------------------------------------------
    def room_view(self, connected: set[int]) -> dict[str, Any]:
        """The teacher's message: what to give the class, the lesson plan, every table,
        and the class's play beside the mathematics; public facts only (the screen is
        projected). Each table is also a region of its own, ``table-3``, for the plain view
        of one table; ``played`` holds what each table's region shows, its latest game and
        the moves (``{"3": [game, at]}``). ``connected``: the students with a page open."""
        self._same_era()
        tables = sorted(self.room.tables.values(), key=lambda t: t.id)
        seated = len(self.room.places)
        playing = sum(t.current is not None for t in tables)
        summary = (f"<p><b>{seated}</b> {'student' if seated == 1 else 'students'} seated at "
                   f"<b>{len(tables)}</b> {'table' if len(tables) == 1 else 'tables'}; <b>{playing}</b> "
                   f"playing. {button('Start every waiting table', {'type': 'start-all'})}</p>")
        regions = {"join": self._join(), "summary": summary, "picture": self.picture(), "lesson": self._lesson(),
                   "students": self._students(connected), "habits": self.habits(),
                   "tables": self._cards(tables, connected)}
        regions.update({f"table-{t.id}": self._plain(t) for t in tables})
        played = {str(t.id): list(self._played(t)) for t in tables if self._played(t) is not None}
        return {"type": "room", "regions": regions, "played": played}

    def _lesson(self) -> str:
        """The lesson plan: its activities (the one the class is at marked), Next activity
        with how the class is shared out, and the plans kept by name."""
        plan, at = self.room.plan, self.room.activity
        items = "".join(_step(i, a.words(), at) for i, a in enumerate(plan.activities))
        steps = f'<ol class="plan">{items}</ol>' if items else (
            "<p>No activities yet: open a game's settings under “Open tables” below and press “Add to the "
            "lesson plan”.</p>")
        upcoming = plan.activities[at + 1] if at + 1 < len(plan.activities) else None
        nothing_next = "<p>The plan has no activity after this one.</p>" if plan.activities else ""
        return (f'<section class="lesson"><h2>Lesson plan: {esc(plan.name)}</h2>{steps}'
                + (next_form(upcoming) if upcoming is not None else nothing_next)
                + plans_forms(plan.name, list(self.room.db.plans())) + "</section>")

    def _students(self, connected: set[int]) -> str:
        """The students of the class who have no seat, to take out of the class."""
        waiting = [s for s in self.room.students.values() if s.id not in self.room.places]
        if not waiting:
            return ""
        kept = set(self.room.reserved)
        items = "".join(
            f'<li>{esc(s.name)} <span class="small">{"here" if s.id in connected else "away"}'
            f'{", finishing a game" if s.id in kept else ""}</span> '
            + button("take out of the class", {"type": "remove", "student": s.id}, "small") + "</li>"
            for s in waiting)
        return f'<section class="waiting"><h2>Students without a seat</h2><ul class="seats">{items}</ul></section>'

    def _played(self, table: Table) -> tuple[int, int] | None:
        if self.lanes is None:
            return None if table.last is None else (table.last.id, table.last.at)
        return self._sheets.get(table.id, Sheet()).played

    def _public(self, table: Table) -> str:
        run = table.last
        if run is None:
            return ""
        if self.lanes is None:
            return table.rules.table_page(run.state, table.seating_of(run), run.notes, over=run.ended_by is not None)
        sheet = self._sheets.get(table.id)
        if sheet is None or sheet.played is None or sheet.played[0] != run.id:
            return '<p class="small">Drawing…</p>'
        return sheet.public

    def _join(self) -> str:
        code, address = self.room.code, self.join_url or "this server's address"
        if self._qr[0] != f"{self.join_url}/?code={code}":  # made once per address and code
            url = f"{self.join_url}/?code={code}"
            self._qr = (url, qr_svg(url) if self.join_url else "")
        return (f'<div><p class="address">Students open <b>{esc(address)}</b></p>'
                f'<p class="code">Join code <b id="code">{esc(code)}</b></p></div>'
                f'<figure class="qr">{self._qr[1]}<figcaption>The QR code holds the address and the join code'
                "</figcaption></figure>")

    def _plain(self, table: Table) -> str:
        """One table as the class may see it, for the projector."""
        run = table.last
        head = f"<h2>Table {table.id}: {esc(table.rules.title)}</h2>"
        if run is None:
            return head + "<p>Waiting to start.</p>" + seated(table)
        return head + f"<p>{_game_words(run)}</p>" + self._public(table)

    def _cards(self, tables: list[Table], connected: set[int]) -> str:
        if not tables:
            return "<p>No tables yet: open some below.</p>"
        now = [t for t in tables if t.activity == self.room.activity] if self.room.activity >= 0 else tables
        earlier = [t for t in tables if t not in now]
        cards = "".join(self._card(t, connected) for t in now)
        if earlier:
            cards += (f'<details class="earlier"><summary>Tables of earlier activities ({len(earlier)})</summary>'
                      + "".join(self._card(t, connected) for t in earlier) + "</details>")
        return cards

    def _card(self, table: Table, connected: set[int]) -> str:
        settings, run, rules = table.settings, table.last, table.rules
        clock = f"{settings.move_seconds} s a move" if settings.move_seconds else "no time limit"
        head = (f'<h3>Table {table.id}</h3><p class="small">{esc(rules.title)}, {settings.seats} seats, '
                f"{esc(rules.variants[settings.variant])}; odds {esc(settings.odds)}; {clock}</p>")
        if table.current is not None:
            control = button("End this game", {"type": "end", "table": table.id}, "danger")
        else:
            control = button("Start a game" if run is None else "Start the next game",
                             {"type": "start", "table": table.id})
        state = "<p>Waiting to start.</p>" if run is None else f"<p>{_game_words(run)}</p>" + self._public(table)
        return (f'<section class="table-card" data-table="{table.id}">{head}'
                f'<ul class="seats">{self._seats(table, connected)}</ul>{control}{state}</section>')

    def _seats(self, table: Table, connected: set[int]) -> str:
        items = []
        for seat, name in enumerate(table.seating().names):
            student = table.students.get(seat)
            if student is None:
                kept = [s for s, place in self.room.reserved.items() if place == (table.id, seat)]
                waiting = (f" (kept for {esc(self.room.students[kept[0]].name)}, who is finishing a game)"
                           if kept and kept[0] in self.room.students else "")
                items.append(f'<li class="bot">{esc(name)} (bot){waiting}</li>')
                continue
            here = "here" if student.id in connected else "away"
            words = "away: a bot plays" if (table.id, seat) in self.room.away else here
            actions = (button("new link", {"type": "relink", "table": table.id, "seat": seat}, "small")
                       + button("free seat", {"type": "free", "table": table.id, "seat": seat}, "small"))
            items.append(f'<li class="{here}"><span class="dot" aria-hidden="true"></span> {esc(name)} '
                         f'<span class="small">{words}</span> {actions}</li>')
        return "".join(items)

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
        return pictures(store, syncs, self._entries(kinds), sorted(kinds))

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
        self._picturing = True

        def counted(done: Future[dict[str, str]]) -> None:
            self._picturing = False
            error = _error(done)
            if error is None:
                self._kinds.update(done.result())
                self.changed()
            else:
                for sync in syncs:
                    self.syncs.reset(lane, sync.key)
                self._dirty |= kinds
                if not resend(error):
                    log.error("the class picture could not be counted", exc_info=error)
            self._picture()
        _on_loop(lane.call(pictures, syncs, self._entries(kinds), sorted(kinds)), counted)

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
                for _, run in pairs:
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
            self._kinds.clear()
            self.syncs.clear()
            self._dirty = set(GAMES)


def class_picture(room: Room) -> str:
    """Each game's picture of the class over every game of the room, counted on the spot
    (the printed summary: in a worker)."""
    return Views(room).picture()


def picture_html(kinds: dict[str, str], waiting: int = 0) -> str:
    """The class picture: each game's part (``kinds``, by the game's key), in the order the
    teacher's page lists the games, and how many games are still being counted."""
    sections = [f'<section class="picture" data-game="{name}"><h2>{esc(GAMES[name].title)}: '
                f"the class beside the mathematics</h2>{html}</section>"
                for name, html in sorted(kinds.items(), key=lambda kv: list(GAMES).index(kv[0])) if html]
    note = (f'<p class="small">Counting {waiting} {"game" if waiting == 1 else "games"} for the picture: '
            "they join it in a moment.</p>" if waiting else "")
    if not sections:
        return note or "<p>The class's play appears here, beside the exact chances, as soon as games start.</p>"
    return note + "".join(sections)


def _step(index: int, words: str, at: int) -> str:
    """One activity of the lesson plan, marked done, the class's, or to come (and then
    movable and removable)."""
    if index == at:
        return f'<li class="now" aria-current="step">{esc(words)} <b>(the class is here)</b></li>'
    if index < at:
        return f'<li class="done">{esc(words)} <span class="small">(done)</span></li>'
    earlier = button("earlier", {"type": "plan-up", "index": index}, "small") if index > at + 1 else ""
    return (f'<li class="to-come">{esc(words)} {earlier}'
            f'{button("remove", {"type": "plan-remove", "index": index}, "small")}</li>')


def next_form(activity: Any) -> str:
    """Next activity: how the class is shared out over its tables, and what happens to a
    game still being played."""
    def choose(name: str, options: dict[str, str], label: str) -> str:
        items = "".join(f'<option value="{k}">{esc(v)}</option>' for k, v in options.items())
        return f'<label>{label} <select name="{name}">{items}</select></label>'
    fields = (choose("grouping", GROUPINGS, "Groups") + choose("when", WHEN, "Games being played")
              + '<label class="groups">Your groups, if you set them (one line per table) '
              '<textarea name="groups" rows="3" cols="30" maxlength="2000"></textarea></label>'
              '<label><input type="checkbox" name="start" checked> start the games at once</label>')
    return form({"type": "next"}, fields, f"Next activity: {esc(activity.words())}", "next")


def plans_forms(name: str, kept: list[str]) -> str:
    """Keep the plan under a name; load a plan kept before."""
    keep = form({"type": "plan-save"}, f'<label>Keep this plan as <input name="name" maxlength="40" '
                f'value="{esc(name)}" required></label>', "Keep", "plan-save")
    if not kept:
        return keep
    options = "".join(f'<option value="{esc(k)}">{esc(k)}</option>' for k in kept)
    return keep + form({"type": "plan-load"}, f'<label>Plans kept <select name="name">{options}</select></label>',
                       "Load this plan", "plan-load")


def seated(table: Table) -> str:
    """Who sits at a table, as HTML."""
    names = ", ".join(esc(s.name) for _, s in sorted(table.students.items()))
    empty = len(table.free_seats())
    bots = f"; {empty} empty {'seat' if empty == 1 else 'seats'}, played by bots" if empty else ""
    return f"<p>At this table: {names or 'nobody yet'}{bots}.</p>"


def _game_words(run: Run) -> str:
    return f"Game {run.number}" if run.ended_by is None else f"Game {run.number} is over."


def _error(done: Future[Any]) -> BaseException | None:
    if done.cancelled():
        return asyncio.CancelledError()
    return done.exception()


def _on_loop(future: Future[Any], then: Callable[[Future[Any]], None]) -> None:
    """Call ``then(future)`` on the event loop once the worker's job is done."""
    loop = asyncio.get_running_loop()

    def back(done: Future[Any]) -> None:
        with contextlib.suppress(RuntimeError):  # the server stopped meanwhile: nobody to tell
            loop.call_soon_threadsafe(_safely, then, done)
    future.add_done_callback(back)


def _safely(then: Callable[[Future[Any]], None], done: Future[Any]) -> None:
    try:
        then(done)
    except Exception:  # a bug: the server goes on, the log says what
        log.exception("a worker's answer could not be taken")


__all__ = ["COUNTING", "Views", "class_picture", "seat_message", "seated"]
