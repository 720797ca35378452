"""A page's connection: its messages in order, and a phone that stops reading is dropped
(its socket closed, so that its page reconnects), never left hanging."""

from __future__ import annotations

import asyncio
import itertools
import json

from bluffmath_class.connections import MAX_QUEUE, Connection
from tests.class_server import in_thread


class Phone:
    """A socket that keeps what it is sent; ``stuck`` makes it stop reading."""

    def __init__(self, stuck: bool = False) -> None:
        self.stuck, self.sent, self.closed = stuck, [], None

    async def send_text(self, text: str) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_messages_go_out_in_order_and_close_ends_the_socket():
    async def run():
        phone = Phone()
        connection = Connection(phone)
        for n in range(5):
            connection.send({"n": n})
        connection.close()
        await connection.finish()
        return phone

    phone = in_thread(asyncio.run, run())
    assert [m["n"] for m in phone.sent] == [0, 1, 2, 3, 4]
    assert phone.closed == 1000


def test_a_phone_that_stops_reading_is_dropped_and_its_socket_closed():
    async def run():
        phone = Phone(stuck=True)
        connection = Connection(phone)
        await asyncio.sleep(0)
        for n in range(MAX_QUEUE + 5):
            connection.send({"n": n})
        connection.close()
        await asyncio.sleep(0.05)
        return phone, connection

    phone, connection = in_thread(asyncio.run, run())
    assert phone.closed == 1013
    assert connection._sender.cancelled()


def test_the_teacher_hears_a_quiet_moment_at_once_and_a_busy_one_four_times_a_second():
    """A change after a quiet spell redraws the teacher's page at once (it used to wait a
    quarter second); changes in quick succession are gathered, a redraw at most every
    :data:`TEACHER_EVERY` seconds."""
    from bluffmath_class.connections import TEACHER_EVERY, Hub
    from bluffmath_class.database import Database
    from bluffmath_class.room import Room
    from bluffmath_class.views import Views

    async def run():
        loop = asyncio.get_running_loop()
        drawn: list[float] = []

        def room_view(connected):
            drawn.append(loop.time())
            return {"type": "room", "regions": {}, "played": {}}

        room = Room(Database(":memory:"))
        views = Views(room)
        views.room_view = room_view
        hub = Hub(room, views)
        hub.add_teacher(Phone())
        drawn.clear()
        changed = loop.time()
        hub.changed(None, frozenset())
        await asyncio.sleep(0.05)
        first = drawn[0] - changed
        for _ in range(20):  # a busy second: a change every 50 ms
            hub.changed(None, frozenset())
            await asyncio.sleep(0.05)
        await asyncio.sleep(TEACHER_EVERY * 2)
        return first, drawn

    first, drawn = in_thread(asyncio.run, run())
    assert first < 0.02
    gaps = [b - a for a, b in itertools.pairwise(drawn)]
    assert gaps
    assert min(gaps) >= TEACHER_EVERY - 0.01
    assert 4 <= len(drawn) <= 7
