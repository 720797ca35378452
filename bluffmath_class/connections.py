"""The open WebSockets, and what each hears: a student's page gets the view of the seat the
student sits at now (or, with no seat, the tables to choose from) after every change there,
and follows the student when the class moves to its next activity; the teacher's page gets
the room (at most four times a second), as the regions that changed since it last heard.
Each connection has its own queue and sender, so one slow phone never holds up the rest; a
phone that falls too far behind is disconnected, and its page reconnects and gets the table
as it stands. A student may have :data:`MAX_PER_STUDENT` pages open, an address
:data:`MAX_PER_ADDRESS` sockets (but the laptop's own: the teacher's, a test's).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections import Counter
from typing import Any

from starlette.websockets import WebSocket

from bluffmath.i18n import _, speaking

from .room import Room
from .table import Student, Table
from .throttle import Bucket
from .views import Views

#: Messages waiting for one connection before it is dropped as too slow.
MAX_QUEUE = 64
#: The teacher's page is redrawn at most this often, in seconds.
TEACHER_EVERY = 0.25
#: The most pages one student may have open at once (a phone, a laptop, a tab left open).
MAX_PER_STUDENT = 4
#: The most sockets one address may hold open (a class behind one router stays well under).
MAX_PER_ADDRESS = 64


class Connection:
    """One page's socket, its queue of messages and its message budget."""

    def __init__(self, socket: WebSocket, student: Student | None = None, address: str = "",
                 language: str | None = None) -> None:
        self.socket = socket
        self.student = student  # the student as the page connected (their phone's secret); None: the teacher
        self.address = address
        self.language = language  # the phone's own language (its cookie); None: the class's
        self.bucket = Bucket()
        self.shown: dict[str, str] = {}  # the teacher's regions as this page last heard them
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(MAX_QUEUE)
        self._dropped = False
        self._closer: asyncio.Task[None] | None = None
        self._sender = asyncio.create_task(self._send_all())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a connection that cannot keep up is dropped (:meth:`drop`)."""
        self.send_text(json.dumps(message, ensure_ascii=False))

    def send_text(self, text: str) -> None:
        """Queue a message already written as JSON text."""
        if self._dropped:
            return
        try:
            self._queue.put_nowait(text)
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


def _loopback(address: str) -> bool:
    """Whether ``address`` is this computer itself.

    >>> _loopback("127.0.0.1"), _loopback("::1"), _loopback("192.168.1.20"), _loopback("testclient")
    (True, True, False, False)
    """
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Hub:
    """Every connection, by student; see the module docstring. The pages' messages are
    drawn by :class:`~bluffmath_class.views.Views`."""

    def __init__(self, room: Room, views: Views) -> None:
        self.room, self.views = room, views
        self.students: dict[int, set[Connection]] = {}
        self.teachers: set[Connection] = set()
        self.addresses: Counter[str] = Counter()
        self._teacher_due: asyncio.TimerHandle | None = None
        self._teacher_sent = float("-inf")
        room.listen(self.changed)
        room.present = self.present
        views.send = self._send_seat
        views.changed = self._teacher_soon
        views.open_seats = lambda table: {(s, self.language_of(c)) for s, st in table.students.items()
                                          for c in self.students.get(st.id, ())}

    # --- who is here ------------------------------------------------------------------------
    def full(self, address: str, student: Student | None = None) -> str | None:
        """Why another socket from ``address`` (of ``student``) is refused, or None. The
        laptop's own address (loopback) is not counted: it is the teacher's, or a test's."""
        if self.addresses[address] >= MAX_PER_ADDRESS and not _loopback(address):
            return f"too many pages are open from this device ({MAX_PER_ADDRESS}): close some"
        if student is not None and len(self.students.get(student.id, ())) >= MAX_PER_STUDENT:
            return f"you have {MAX_PER_STUDENT} pages of the class table open: close one"
        return None

    def add_student(self, socket: WebSocket, student: Student, address: str = "",
                    language: str | None = None) -> Connection:
        """A student's page connected (``language``: its phone's own; None: the class's): it
        gets its view at once."""
        connection = Connection(socket, student, address, language)
        self.students.setdefault(student.id, set()).add(connection)
        self.addresses[address] += 1
        self._tell_student(student.id)
        place = self.room.place_of(student.id)
        if place is not None:
            self.room.back(*place)
        self._teacher_soon()
        return connection

    def add_teacher(self, socket: WebSocket, address: str = "", language: str | None = None) -> Connection:
        """The teacher's page connected (``language``: the one its page was drawn in,
        :func:`~bluffmath_class.language.teachers`; None: the class's): it gets the room at
        once, in that language."""
        connection = Connection(socket, None, address, language)
        self.teachers.add(connection)
        self.addresses[address] += 1
        with speaking(self.language_of(connection)):
            message = self.views.room_view(self.connected())
        connection.shown = dict(message["regions"])
        connection.send(message)
        return connection

    def remove(self, connection: Connection) -> None:
        """A page went away."""
        self.teachers.discard(connection)
        self.addresses[connection.address] -= 1
        if self.addresses[connection.address] <= 0:
            del self.addresses[connection.address]
        if connection.student is not None:
            key = connection.student.id
            self.students.get(key, set()).discard(connection)
            if not self.students.get(key):
                self.students.pop(key, None)
            self._teacher_soon()

    def language_of(self, connection: Connection) -> str:
        """The language a page speaks: its phone's own, else the class's (the teacher's page:
        the one it was drawn in)."""
        return connection.language or self.views.language

    def relanguage(self, changed: bool = True) -> None:
        """The teacher chose the class's language: every student page that follows it
        reloads if it ``changed`` (its shell is in the old language; the seats' views are
        drawn again by the caller), and so does every teacher's page drawn in another."""
        for connections in self.students.values() if changed else ():
            for connection in connections:
                if connection.language is None:
                    connection.send({"type": "reload"})
        for connection in self.teachers:
            if self.language_of(connection) != self.views.language:
                connection.send({"type": "reload"})

    def connected(self) -> set[int]:
        """The students with a page open."""
        return set(self.students)

    def present(self, table: int, seat: int) -> bool:
        """Whether the student at a seat has a page open."""
        student = self.room.tables[table].students.get(seat) if table in self.room.tables else None
        return student is not None and student.id in self.students

    # --- telling -----------------------------------------------------------------------------
    def changed(self, table: Table | None, moved: frozenset[int]) -> None:
        """After a change: the table is drawn again (each seat hears its own view when it
        is drawn); students who changed seats hear where they are now; after a change of
        the room, every student whose phone no longer belongs to the class is told."""
        if table is not None:
            self.views.table_changed(table)
        for student in moved:  # a student the teacher took out may join again: the code stays
            self._tell_student(student, self.room.code)
        if table is None:
            for student in list(self.students):
                if student not in self.room.students or self.room.place_of(student) is None:
                    self._tell_student(student)
        self._teacher_soon()

    def _tell_student(self, student_id: int, code: str | None = None) -> None:
        """A student's pages hear their place: the seat's view, the tables to choose from,
        or that their phone is no longer in the class (``code``: the join code their join
        page keeps)."""
        connections = self.students.get(student_id)
        if not connections:
            return
        student = self.room.students.get(student_id)
        for connection in list(connections):
            if student is None or connection.student.secret != student.secret:
                self._gone({connection}, code if student is None else None)
        place = None if student is None else self.room.place_of(student_id)
        if student is None or not self.students.get(student_id):
            return
        if place is None:
            for connection in self.students[student_id]:
                connection.send(self.views.unseated(student, self.language_of(connection)))
        else:
            for spoken in {self.language_of(c) for c in self.students[student_id]}:
                self.views.want(*place, spoken)

    def _send_seat(self, table_id: int, seat: int, spoken: str | None, text: str) -> None:
        """A seat's drawn view, to the pages of the student who sits there now that speak
        ``spoken`` (None: every page of theirs)."""
        table = self.room.tables.get(table_id)
        student = None if table is None else table.students.get(seat)
        for connection in list(self.students.get(student.id, ())) if student is not None else ():
            if connection.student.secret == student.secret and spoken in (None, self.language_of(connection)):
                connection.send_text(text)

    def _gone(self, connections: set[Connection], code: str | None = None) -> None:
        for connection in list(connections):
            self.students.get(connection.student.id, set()).discard(connection)
            if not self.students.get(connection.student.id, True):
                self.students.pop(connection.student.id, None)
            with speaking(self.language_of(connection)):
                said = _("You are no longer in this class on this phone: join again with the class's code.")
            connection.send({"type": "gone", "message": said, "join": f"/?code={code}" if code else "/"})
            connection.close()

    def _teacher_soon(self) -> None:
        """Redraw the teacher's page as soon as the last redraw is :data:`TEACHER_EVERY`
        old (the changes of one moment, and of a busy quarter second, go in one redraw)."""
        if self._teacher_due is None and self.teachers:
            loop = asyncio.get_running_loop()
            wait = max(0.0, self._teacher_sent + TEACHER_EVERY - loop.time())
            self._teacher_due = loop.call_later(wait, self._tell_teachers)

    def _tell_teachers(self) -> None:
        """Each teacher's page hears the regions that changed since it last heard."""
        self._teacher_due = None
        if not self.teachers:
            return
        self._teacher_sent = asyncio.get_running_loop().time()
        messages: dict[str, dict[str, Any]] = {}  # by language: each drawn once
        for connection in list(self.teachers):
            code = self.language_of(connection)
            if code not in messages:
                with speaking(code):
                    messages[code] = self.views.room_view(self.connected())
            message = messages[code]
            changed = {k: v for k, v in message["regions"].items() if connection.shown.get(k) != v}
            connection.shown.update(changed)
            connection.send({**message, "regions": changed})
