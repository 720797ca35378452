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


def _in_a_loop(lesson):
    """Run ``lesson()`` (a coroutine function) in an event loop of its own thread."""
    found: list = []
    runner = threading.Thread(target=lambda: found.append(asyncio.run(lesson())))
    runner.start()
    runner.join(60)
    assert len(found) == 1, "the lesson did not finish"
    return found[0]


def test_only_ended_games_are_counted_and_each_is_valued_once(monkeypatch) -> None:
    valued: list[int] = []
    from bluffmath_class.games.hochstapler import Hochstapler
    decisions = Hochstapler.decisions

    def counted(self, state):
        valued.append(len(state.events))
        return decisions(self, state)
    monkeypatch.setattr(Hochstapler, "decisions", counted)
    monkeypatch.setattr("bluffmath_class.live_habits.HABITS_AFTER", 0.0)

    async def lesson():
        room = Room(Database(":memory:"), bot_seconds=60)
        ended, playing = room.open_tables(TableSettings(seats=3), 2)
        for name, table in (("Ann", ended), ("Ben", playing)):
            room.join(room.code, name, table.id)
            run = room.start(table.id)
            room.move(table, 0, Move(run.id, 0, hs.Raise(15, "red")))
        room.end(ended.id)
        live = LiveHabits(room)
        first = live.region()
        for _ in range(500):
            if live.html:
                break
            await asyncio.sleep(0.01)
        again = live.region()  # nothing new has ended: no new count
        games = [g for g in games_of(room) if g.table == ended.id]
        room.stop()
        return first, live.html, again, habits_section(class_habits(games), names=False)

    first, html, again, expected = _in_a_loop(lesson)
    assert "Counting the class's habits" in first
    assert "calls above the odds" in html
    assert html == again == f'<section class="habits">{expected}</section>'
    assert "Ann" not in html
    assert valued == [1, 1]  # the ended game, once by the live page, once for the expected


def test_a_count_not_yet_due_is_dropped_when_the_room_stops() -> None:
    """``Room.stop`` (the server shutting down, the class's data deleted) cancels the counts
    still waiting for their time; one due at once runs, in the reviews' worker."""
    ran: list[str] = []

    async def lesson():
        room = Room(Database(":memory:"))
        assert room.review_later(lambda x: ran.append(f"late {x}"), 1, ran.append, delay=1.0)
        assert room.review_later(lambda x: threading.current_thread().name, 2, ran.append)
        for _ in range(500):
            if ran:
                break
            await asyncio.sleep(0.01)
        room.stop()
        await asyncio.sleep(1.5)  # past the late count's time
        return list(ran)

    found = _in_a_loop(lesson)
    assert len(found) == 1
    assert found[0].startswith("review")
