"""A page's connection: its messages in order, and a phone that stops reading is dropped
(its socket closed, so that its page reconnects), never left hanging."""

from __future__ import annotations

import asyncio
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
