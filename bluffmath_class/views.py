"""What each page is told: a seat's view of its table, and the room as the teacher sees it.

A seat's message holds regions of HTML drawn by the game's page module from the engine's
``view(seat)``, the public notes and the seating; nothing else about the game goes in.
The teacher's regions hold only what the whole class may see (the screen is projected).

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

from collections.abc import Callable
from typing import Any

from .games import GAMES, Record
from .markup import button, esc
from .qr import qr_svg
from .room import Room
from .table import Table

#: The regions of a student's page, top to bottom.
SEAT_REGIONS = ("status", "board", "hand", "moves", "odds", "seats", "log", "end")


class Views:
    """Draws messages for the room's pages; keeps each seat's end panel (its review is
    computed once per game)."""

    def __init__(self, room: Room, join_url: str = "", habits: Callable[[], str] = str) -> None:
        self.room = room
        self.join_url = join_url
        #: The class's habits for the teacher's page (:class:`~bluffmath_class.live_habits.LiveHabits`).
        self.habits = habits
        self._ends: dict[tuple[int, int, tuple[str, ...]], str] = {}

    # --- a seat --------------------------------------------------------------------------
    def seat(self, table: Table, seat: int) -> dict[str, Any]:
        """The message for ``seat``'s pages: its view of the table now."""
        run = table.last
        seating = table.seating()
        regions = dict.fromkeys(SEAT_REGIONS, "")
        regions["table"] = (f"Table {table.id} · {esc(table.rules.title)} · "
                            f"<b>{esc(seating.names[seat])}</b>")
        if run is None:
            regions["status"] = '<p class="status">Waiting for the teacher to start the game</p>'
            regions["board"] = _seated(table)
            return {"type": "view", "game": None, "at": 0, "turn": False, "regions": regions}
        regions.update(table.rules.seat_page(run.state, seat, seating, table.settings.odds, run.notes,
                                             live=run.ended_by is None))
        turn = run.ended_by is None and table.rules.to_act(run.state) == seat
        if run.ended_by is not None:
            regions["moves"] = ""
            regions["status"] = '<p class="status">Game over: waiting for the next game</p>'
            regions["end"] = self._end(table, seat, seating.names)
        return {"type": "view", "game": run.id, "at": run.at, "turn": turn, "regions": regions}

    def _end(self, table: Table, seat: int, names: tuple[str, ...]) -> str:
        run = table.last
        key = (run.id, seat, names)
        if key not in self._ends:
            self._ends[key] = table.rules.end_page(run.state, seat, table.seating())
        return self._ends[key]

    # --- the room --------------------------------------------------------------------------
    def room_view(self, connected: set[tuple[int, int]]) -> dict[str, Any]:
        """The teacher's message: what to give the class, every table, and the class's play
        beside the mathematics; public facts only (the screen is projected). Each table
        is also a region of its own, ``table-3``, for the plain view of one table; ``played``
        holds each table's last game and the moves it has made (``{"3": [game, at]}``), so
        a client can tell which moves the regions show."""
        tables = list(self.room.tables.values())
        seated = sum(len(t.students) for t in tables)
        playing = sum(t.current is not None for t in tables)
        summary = (f"<p><b>{seated}</b> {'student' if seated == 1 else 'students'} seated at "
                   f"<b>{len(tables)}</b> {'table' if len(tables) == 1 else 'tables'}; <b>{playing}</b> "
                   f"playing. {button('Start every waiting table', {'type': 'start-all'})}</p>")
        regions = {"join": self._join(), "summary": summary, "picture": class_picture(tables), "habits": self.habits(),
                   "tables": "".join(self._table_card(t, connected) for t in tables)
                   or "<p>No tables yet: open some below.</p>"}
        regions.update({f"table-{t.id}": self._plain(t) for t in tables})
        played = {str(t.id): [t.last.id, t.last.at] for t in tables if t.last is not None}
        return {"type": "room", "regions": regions, "played": played}

    def _join(self) -> str:
        code, address = self.room.code, self.join_url or "this server's address"
        qr = qr_svg(f"{self.join_url}/?code={code}") if self.join_url else ""
        return (f'<div><p class="address">Students open <b>{esc(address)}</b></p>'
                f'<p class="code">Join code <b id="code">{esc(code)}</b></p></div>'
                f'<div class="qr" aria-label="QR code of the address with the code">{qr}</div>')

    def _plain(self, table: Table) -> str:
        """One table as the class may see it, for the projector."""
        run = table.last
        head = f"<h2>Table {table.id}: {esc(table.rules.title)}</h2>"
        if run is None:
            return head + "<p>Waiting to start.</p>" + _seated(table)
        return head + f"<p>Game {run.number}</p>" + table.rules.table_page(run.state, table.seating(), run.notes)

    def _table_card(self, table: Table, connected: set[tuple[int, int]]) -> str:
        settings, run, rules = table.settings, table.last, table.rules
        seating = table.seating()
        clock = f"{settings.move_seconds} s a move" if settings.move_seconds else "no time limit"
        head = (f'<h3>Table {table.id}</h3><p class="small">{esc(rules.title)}, {settings.seats} seats, '
                f"{esc(rules.variants[settings.variant])}; odds {esc(settings.odds)}; {clock}</p>")
        if table.current is not None:
            control = button("End this game", {"type": "end", "table": table.id}, "danger")
            state = f"<p>Game {run.number}</p>" + rules.table_page(run.state, seating, run.notes)
        else:
            control = button("Start a game" if run is None else "Start the next game",
                             {"type": "start", "table": table.id})
            state = ("<p>Waiting to start.</p>" if run is None else
                     f"<p>Game {run.number} is over.</p>" + rules.table_page(run.state, seating, run.notes))
        return (f'<section class="table-card" data-table="{table.id}">{head}'
                f'<ul class="seats">{self._seats(table, connected)}</ul>{control}{state}</section>')

    def _seats(self, table: Table, connected: set[tuple[int, int]]) -> str:
        items = []
        for seat, name in enumerate(table.seating().names):
            if seat not in table.students:
                items.append(f'<li class="bot">{esc(name)} (bot)</li>')
                continue
            here = "here" if (table.id, seat) in connected else "away"
            words = "away: a bot plays" if (table.id, seat) in self.room.away else here
            actions = (button("new link", {"type": "relink", "table": table.id, "seat": seat}, "small")
                       + button("free seat", {"type": "free", "table": table.id, "seat": seat}, "small"))
            items.append(f'<li class="{here}"><span class="dot" title="{words}"></span> {esc(name)} '
                         f'<span class="small">{words}</span> {actions}</li>')
        return "".join(items)


def class_picture(tables: list[Table]) -> str:
    """Each game's picture of the class, over every game of that kind in the room. Games
    a restart has not counted again yet (their notes wait, :class:`~bluffmath_class.table.Run`)
    join once they are: the picture never holds up the phones."""
    by_game: dict[str, list[Record]] = {}
    waiting = 0
    for table in tables:
        seating = table.seating()
        for run in table.runs:
            if run.pending:
                waiting += 1
                continue
            by_game.setdefault(table.rules.name, []).append(
                Record(seating, run.state, run.notes, run.ended_by, table.id, run.number))
    note = (f'<p class="small">Counting {waiting} earlier {"game" if waiting == 1 else "games"} again after the '
            "restart: they join the picture in a moment.</p>" if waiting else "")
    if not by_game:
        return note or "<p>The class's play appears here, beside the exact chances, as soon as games start.</p>"
    return note + "".join(f'<section class="picture" data-game="{name}"><h2>{esc(GAMES[name].title)}: '
                          f"the class beside the mathematics</h2>{GAMES[name].picture(records)}</section>"
                          for name, records in by_game.items())


def _seated(table: Table) -> str:
    names = ", ".join(esc(s.name) for _, s in sorted(table.students.items()))
    empty = len(table.free_seats())
    bots = f"; {empty} empty {'seat' if empty == 1 else 'seats'}, played by bots" if empty else ""
    return f"<p>At this table: {names}{bots}.</p>"
