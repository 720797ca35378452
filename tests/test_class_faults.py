"""The class server as a real process: killed with ``kill -9`` at random moments and
started again on the same database, nothing it acknowledged is lost, the games go on and
their saves replay; it listens only where it is told; a frame too big is cut off."""

from __future__ import annotations

import json
import random
import threading
import time

import psutil
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bluffmath import hochstapler as hs
from bluffmath_class.database import Database
from bluffmath_class.room import Room
from tests.class_live import SETTINGS, LiveStudent

pytestmark = pytest.mark.slow



def test_killed_at_random_moments_the_server_loses_no_acknowledged_move(live):
    rng = random.Random(2026)
    live.order(type="open", tables=1, **SETTINGS)
    students = [LiveStudent(live, live.join(name), random.Random(i), think=(0.05, 0.25))
                for i, name in enumerate(["Ann", "Ben", "Cy"])]
    live.order(type="start", table=1)
    deadline = time.monotonic() + 150
    threads = [threading.Thread(target=s.play, args=(deadline,), daemon=True) for s in students]
    for thread in threads:
        thread.start()
    kills, resumed = 0, []
    while kills < 5 and not all(s.done for s in students):
        time.sleep(rng.uniform(0.1, 1.5))
        live.kill()
        kills += 1
        before = [len(s.reconnects) for s in students]
        live.start()
        while not all(s.done for s in students):
            if any(len(s.reconnects) > b for s, b in zip(students, before, strict=True)):
                resumed.append(time.monotonic() - live.started)
                break
            assert time.monotonic() < deadline, "no student came back"
            time.sleep(0.01)
    for thread in threads:
        thread.join(max(1, deadline - time.monotonic()))
    assert all(s.done for s in students), "the game did not go on to its end"
    assert kills == 5
    assert len(resumed) >= 3, "most kills should fall in the middle of the game"
    assert max(resumed) < 5
    live.stop()
    room = Room(Database(live.database))
    run = room.tables[1].last
    acked = set().union(*(s.acks for s in students))
    assert acked
    assert all(game == run.id and at <= run.at for game, at in acked)
    assert run.ended_by == "finished"
    assert hs.load_game(room.tables[1].rules.save(run.state)) == run.state
    last_seen = max(m["at"] for s in students for m in s.seen if m["game"] == run.id)
    assert last_seen == run.at


def test_it_listens_only_on_the_address_it_was_given(live):
    listening = [c for c in psutil.Process(live.process.pid).net_connections(kind="inet")
                 if c.status == psutil.CONN_LISTEN]
    assert [(c.laddr.ip, c.laddr.port) for c in listening] == [("127.0.0.1", live.port)]


def test_a_frame_too_big_is_cut_off_and_the_server_goes_on(live):
    live.order(type="open", tables=1, **SETTINGS)
    secret = live.join("Ann")
    url, cookie = f"ws://127.0.0.1:{live.port}/ws", {"Cookie": f"bm_seat={secret}"}
    with connect(url, additional_headers=cookie, max_size=None) as socket:
        json.loads(socket.recv(5))
        socket.send("x" * 100_000)
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(5)
    assert closed.value.rcvd.code == 1009
    with connect(url, additional_headers=cookie) as socket:
        assert json.loads(socket.recv(5))["type"] == "view"
