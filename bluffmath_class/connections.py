"""The open WebSockets, and what each hears: a student's page gets its own seat's view
after every change at its table, the teacher's page the whole room (at most four times a
second). Each connection has its own queue and sender, so one slow phone never holds up
the rest; a phone that falls too far behind is disconnected, and its page reconnects and
gets the table as it stands.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from .room import Room
from .table import Table
from .throttle import Bucket

#: Messages waiting for one connection before it is dropped as too slow.
MAX_QUEUE = 64
#: The teacher's page is redrawn at most this often, in seconds.
TEACHER_EVERY = 0.25


class Connection:
    """One page's socket, its queue of messages and its message budget."""

    def __init__(self, socket: WebSocket, seat: tuple[int, int, str] | None = None) -> None:
        self.socket = socket
        self.seat = seat  # (table, seat, digest of the seat's secret); None: the teacher
        self.bucket = Bucket()
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(MAX_QUEUE)
        self._dropped = False
        self._closer: asyncio.Task[None] | None = None
        self._sender = asyncio.create_task(self._send_all())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a connection that cannot keep up is dropped (:meth:`drop`)."""
        if self._dropped:
            return
        try:
            self._queue.put_nowait(json.dumps(message, ensure_ascii=False))
        except asyncio.QueueFull:
            self.drop()

    def close(self) -> None:
        """Stop sending; the sender closes the socket after what is queued."""
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self.drop()

    def drop(self) -> None:
        """Too far behind: stop sending at once and close the socket ("try again later"),
        so that the page reconnects and gets the table as it stands."""
        if self._dropped:
            return
        self._dropped = True
        self._sender.cancel()
        self._closer = asyncio.create_task(self._close_now())

    async def _close_now(self) -> None:
        with contextlib.suppress(Exception):  # a socket already gone
            await self.socket.close(1013)

    async def _send_all(self) -> None:
        with contextlib.suppress(Exception):  # a socket gone away: its reader ends the rest
            while (text := await self._queue.get()) is not None:
                await self.socket.send_text(text)
            await self.socket.close(1000)

    async def finish(self) -> None:
        """Let the sender send what is queued and stop (after :meth:`close`), for at most
        a second, then stop it."""
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self._sender), 1.0)
        self._sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._sender


class Hub:
    """Every connection, by seat; see the module docstring. ``seat_view(table, seat)`` and
    ``room_view()`` draw the messages (:mod:`bluffmath_class.views`)."""

    def __init__(self, room: Room, seat_view: Callable[[Table, int], dict[str, Any]],
                 room_view: Callable[[set[tuple[int, int]]], dict[str, Any]]) -> None:
        self.room = room
        self.seat_view, self.room_view = seat_view, room_view
        self.students: dict[tuple[int, int], set[Connection]] = {}
        self.teachers: set[Connection] = set()
        self._teacher_due: asyncio.TimerHandle | None = None
        self._teacher_sent = float("-inf")
        room.listen(self.changed)
        room.present = lambda table, seat: bool(self.students.get((table, seat)))

    # --- who is here ------------------------------------------------------------------------
    def add_student(self, socket: WebSocket, table: Table, seat: int) -> Connection:
        """A student's page connected: it gets its view at once."""
        connection = Connection(socket, (table.id, seat, table.students[seat].secret))
        self.students.setdefault((table.id, seat), set()).add(connection)
        connection.send(self.seat_view(table, seat))
        self.room.back(table, seat)
        self._teacher_soon()
        return connection

    def add_teacher(self, socket: WebSocket) -> Connection:
        """The teacher's page connected: it gets the room at once."""
        connection = Connection(socket)
        self.teachers.add(connection)
        connection.send(self.room_view(self.connected()))
        return connection

    def remove(self, connection: Connection) -> None:
        """A page went away."""
        self.teachers.discard(connection)
        if connection.seat is not None:
            key = connection.seat[:2]
            self.students.get(key, set()).discard(connection)
            if not self.students.get(key):
                self.students.pop(key, None)
            self._teacher_soon()

    def connected(self) -> set[tuple[int, int]]:
        """The (table, seat) pairs with a page open."""
        return set(self.students)

    # --- telling -----------------------------------------------------------------------------
    def changed(self, table: Table | None) -> None:
        """After a change: each seat of the table hears its own view; a seat whose student
        left (or whose secret was renewed) has its pages told and closed."""
        if table is not None:
            for seat in range(table.settings.seats):
                self._tell_seat(table, seat)
        else:  # the room: a table that is gone (its class's data deleted) tells its seats
            for table_id, seat in list(self.students):
                if table_id not in self.room.tables:
                    self._gone(self.students[table_id, seat])
        self._teacher_soon()

    def _tell_seat(self, table: Table, seat: int) -> None:
        connections = self.students.get((table.id, seat))
        if not connections:
            return
        student = table.students.get(seat)
        message = None
        for connection in list(connections):
            if student is None or connection.seat[2] != student.secret:
                self._gone({connection})
                continue
            message = message or self.seat_view(table, seat)
            connection.send(message)

    @staticmethod
    def _gone(connections: set[Connection]) -> None:
        for connection in list(connections):
            connection.send({"type": "gone", "message": "You are no longer in this seat: "
                             "join again with the class's code."})
            connection.close()

    def _teacher_soon(self) -> None:
        """Redraw the teacher's page as soon as the last redraw is :data:`TEACHER_EVERY`
        old (the changes of one moment, and of a busy quarter second, go in one redraw)."""
        if self._teacher_due is None and self.teachers:
            loop = asyncio.get_running_loop()
            wait = max(0.0, self._teacher_sent + TEACHER_EVERY - loop.time())
            self._teacher_due = loop.call_later(wait, self._tell_teachers)

    def _tell_teachers(self) -> None:
        self._teacher_due = None
        if self.teachers:
            self._teacher_sent = asyncio.get_running_loop().time()
            message = self.room_view(self.connected())
            for connection in list(self.teachers):
                connection.send(message)

