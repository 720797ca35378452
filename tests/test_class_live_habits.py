"""The class's habits on the teacher's live page count only the games that have ended (a
game in play would tell the class about a seat's cards), each ended game valued once."""

from __future__ import annotations

import asyncio
import threading

from bluffmath import hochstapler as hs
from bluffmath_class.database import Database
from bluffmath_class.live_habits import LiveHabits
from bluffmath_class.pages import habits_section
from bluffmath_class.protocol import Move
from bluffmath_class.results import class_habits, games_of
from bluffmath_class.room import Room
from bluffmath_class.settings import TableSettings
from bluffmath_class.views import Views
from bluffmath_class.workers import Lanes
from tests.class_server import count_valuings


def _in_a_loop(lesson):
    """Run ``lesson()`` (a coroutine function) in an event loop of its own thread."""
    found: list = []
    runner = threading.Thread(target=lambda: found.append(asyncio.run(lesson())))
    runner.start()
    runner.join(60)
    assert len(found) == 1, "the lesson did not finish"
    return found[0]


def test_only_ended_games_are_counted_and_each_is_valued_once(monkeypatch) -> None:
    valued = count_valuings(monkeypatch)

    async def lesson():
        room, lanes = Room(Database(":memory:"), bot_seconds=60), Lanes(processes=False)
        views = Views(room, lanes=lanes)
        ended, playing = room.open_tables(TableSettings(seats=3), 2)
        for name, table in (("Ann", ended), ("Ben", playing)):
            room.join(room.code, name, table.id)
            run = room.start(table.id)
            room.move(table, 0, Move(run.id, 0, hs.Raise(15, "red")))
        room.end(ended.id)
        live = LiveHabits(room, views)
        first = live.region()
        for _ in range(500):
            if live.html:
                break
            await asyncio.sleep(0.01)
        again = live.region()  # nothing new has ended: no new count
        games = [g for g in games_of(room) if g.table == ended.id]
        room.stop()
        lanes.shutdown()
        return first, live.html, again, habits_section(class_habits(games), names=False)

    first, html, again, expected = _in_a_loop(lesson)
    assert "Counting the class's habits" in first
    assert "calls above the odds" in html
    assert html == again == f'<section class="habits">{expected}</section>'
    assert "Ann" not in html
    assert valued == [1, 1]  # the ended game, once by the live page, once for the expected


def test_a_count_not_yet_due_is_dropped_when_the_server_stops(monkeypatch) -> None:
    """``LiveHabits.stop`` (the server shutting down) cancels a count still waiting for its
    time: nothing is counted after."""
    counted: list[int] = []
    monkeypatch.setattr("bluffmath_class.live_habits.habits_of_class", lambda *args: counted.append(1) or "")
    monkeypatch.setattr("bluffmath_class.live_habits.HABITS_AFTER", 0.2)

    async def lesson():
        room, lanes = Room(Database(":memory:"), bot_seconds=60), Lanes(processes=False)
        live = LiveHabits(room, Views(room, lanes=lanes))
        [table] = room.open_tables(TableSettings(seats=3), 1)
        room.join(room.code, "Ann", table.id)
        room.start(table.id)
        room.end(table.id)
        waiting = live.region()
        live.stop()
        await asyncio.sleep(0.5)  # past the count's time
        lanes.shutdown()
        return waiting

    assert "Counting the class's habits" in _in_a_loop(lesson)
    assert counted == []
