"""The room and its database: every change durable before it is acknowledged, and a room
rebuilt from the file standing exactly where the old one stood."""

from __future__ import annotations

import random
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import hochstapler as hs
from bluffmath.errors import InvalidInputError
from bluffmath_class.database import Database
from bluffmath_class.errors import MessageError
from bluffmath_class.protocol import Move
from bluffmath_class.room import Room
from bluffmath_class.settings import TableSettings


def _play(room: Room, table, rng: random.Random, moves: int) -> None:
    """Random legal moves by the students of ``table`` (bots do not move without a clock)."""
    for _ in range(moves):
        run = table.current
        if run is None:
            return
        seat = table.rules.to_act(run.state)
        action = rng.choice(run.state.legal_actions())
        if seat in table.students:
            room.move(table, seat, Move(run.id, run.at, action))
        else:  # an empty seat: play it as the bot's clock would
            room._play(table, run, seat, action, "bot")


def _ann_plays(path) -> tuple[Room, object, object]:
    """A room on ``path`` with one table of three, Ann in seat 0, a game dealt: (room, table, run)."""
    room = Room(Database(path))
    [table] = room.open_tables(TableSettings(seats=3), 1)
    room.join(room.code, "Ann")
    return room, table, room.start(table.id)


def _same(a: Room, b: Room) -> None:
    assert (a.code, a.teacher_key) == (b.code, b.teacher_key)
    assert a.tables.keys() == b.tables.keys()
    for table_id, table in a.tables.items():
        other = b.tables[table_id]
        assert table.settings == other.settings
        assert table.students == other.students
        assert len(table.runs) == len(other.runs)
        for run, again in zip(table.runs, other.runs, strict=True):
            assert (run.id, run.number, run.seed, run.opener, run.ended_by) == \
                (again.id, again.number, again.seed, again.opener, again.ended_by)
            assert run.state == again.state
            assert run.moves == again.moves
            assert run.notes == again.notes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_room_rebuilt_from_its_file_stands_where_the_old_one_stood(tmp_path_factory, seed):
    path = tmp_path_factory.mktemp("room") / "class.sqlite3"
    rng = random.Random(seed)
    room = Room(Database(path))
    tables = room.open_tables(TableSettings(seats=rng.randint(3, 5)), rng.randint(1, 3))
    seats = sum(t.settings.seats for t in tables)
    for i in range(rng.randint(1, seats)):
        room.join(room.code, f"student {i}")
    for table in tables:
        if rng.random() < 0.8:
            room.start(table.id)
            _play(room, table, rng, rng.randint(0, 40))
    busy = [t for t in tables if t.current is not None]
    if busy and rng.random() < 0.5:
        room.end(busy[0].id)
        room.start(busy[0].id)
        _play(room, busy[0], rng, 3)
    seated = [(t.id, s) for t in tables for s in t.students]
    if seated and rng.random() < 0.5:
        room.free(*rng.choice(seated))
    _same(room, Room(Database(path)))


def test_a_move_is_on_disk_before_it_is_acknowledged(tmp_path):
    path = tmp_path / "class.sqlite3"
    room, table, run = _ann_plays(path)
    seen = []

    def acknowledge(after):  # another connection, as a new process would open the file
        with sqlite3.connect(path) as other:
            seen.append(other.execute("SELECT number, move FROM moves WHERE game_id = ?", (after.id,)).fetchall())

    room.move(table, 0, Move(run.id, 0, hs.Raise(5, "red")), acknowledge)
    assert seen == [[(1, '{"kind": "call", "total": 5, "colour": "red"}')]]


def test_a_refused_move_writes_nothing_and_changes_nothing(tmp_path):
    path = tmp_path / "class.sqlite3"
    room, table, run = _ann_plays(path)
    for move, problem in [(Move(run.id, 0, hs.DoubtCall()), "no call to doubt"),
                          (Move(run.id, 0, hs.Raise(30, "red")), "from 0 to 18"),
                          (Move(run.id, 1, hs.Raise(3, "red")), "moved on"),
                          (Move(run.id + 1, 0, hs.Raise(3, "red")), "earlier game")]:
        with pytest.raises(MessageError, match=problem):
            room.move(table, 0, move)
    with pytest.raises(MessageError, match="Ann's turn, not yours"):
        room.move(table, 1, Move(run.id, 0, hs.Raise(3, "red")))
    assert run.at == 0
    assert Database(path).moves(run.id) == []


def test_a_database_of_another_layout_is_refused(tmp_path):
    path = tmp_path / "class.sqlite3"
    Database(path).set_room_value("schema", "99")
    with pytest.raises(InvalidInputError, match="layout 99; this bluffmath reads layout 2"):
        Database(path)


def test_the_teachers_orders_keep_to_the_rules_of_the_room(tmp_path):
    room = Room(Database(tmp_path / "class.sqlite3"))
    [table] = room.open_tables(TableSettings(seats=3), 1)
    with pytest.raises(MessageError, match="is not playing"):
        room.end(table.id)
    room.start(table.id)
    with pytest.raises(MessageError, match="end its game first"):
        room.start(table.id)
    with pytest.raises(MessageError, match="free already"):
        room.free(table.id, 2)
    with pytest.raises(MessageError, match="nobody sits in seat 1"):
        room.relink(table.id, 0)
    with pytest.raises(MessageError, match="at most 100 tables"):
        room.open_tables(TableSettings(), 100)
    assert room.start_all() == []          # no table with a student is waiting


def test_a_late_student_takes_a_bots_seat_in_a_game_under_way(tmp_path):
    room, table, run = _ann_plays(tmp_path / "class.sqlite3")
    room.move(table, 0, Move(run.id, 0, hs.Raise(3, "red")))
    _, joined, seat = room.join(room.code, "Ben")
    assert (joined, seat) == (table, 1)
    assert table.seating().names == ("Ann", "Ben", "Bot 3")
    room.move(table, 1, Move(run.id, 1, hs.Raise(4, "red")))
    assert [m.by for m in run.moves] == ["student", "student"]


def test_a_move_that_cannot_be_written_is_not_made(tmp_path, monkeypatch):
    room, table, run = _ann_plays(tmp_path / "class.sqlite3")

    def full(*args):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(room.db, "add_move", full)
    with pytest.raises(MessageError, match=r"could not save that move \(database or disk is full\), so it was not made"):
        room.move(table, 0, Move(run.id, 0, hs.Raise(3, "red")))
    assert run.at == 0
    assert run.state == hs.Game(players=3).new_game(run.seed, run.opener)


def test_a_bot_that_thinks_long_holds_up_no_other_table(monkeypatch) -> None:
    """A Duel bot that thinks until a student at another table has moved: on the event loop
    it would wait for ever (the other move could not be taken); in the bots' thread it
    waits for that move, then plays."""
    import asyncio
    import threading

    from bluffmath_class.games.duel import Duel
    asked, released = threading.Event(), threading.Event()
    think = Duel.bot_move

    def slow(self, state, bot, rng):
        asked.set()
        assert released.wait(20), "no move was taken at the other table while this bot thought"
        return think(self, state, bot, rng)
    monkeypatch.setattr(Duel, "bot_move", slow)

    async def lesson() -> tuple[int, int]:
        room = Room(Database(":memory:"), bot_seconds=0)
        [duel] = room.open_tables(TableSettings("duel", 2, "equilibrium", "always", 0, "0-4-1"), 1)
        [other] = room.open_tables(TableSettings("muenchhausen", 2, "odds", "always", 0, "one-round"), 1)
        room.join(room.code, "Ann", duel.id)
        room.join(room.code, "Ben", other.id)
        room.join(room.code, "Cy", other.id)
        room.start(duel.id)
        room.start(other.id)
        run = duel.current
        room.move(duel, 0, Move(run.id, 0, run.state.legal_actions()[0]))  # Ann calls 1: the bot thinks
        for _ in range(200):
            if asked.is_set():
                break
            await asyncio.sleep(0.01)
        mine = other.current
        seat = other.rules.to_act(mine.state)
        room.move(other, seat, Move(mine.id, mine.at, mine.state.legal_actions()[0]))
        released.set()
        for _ in range(500):
            if run.at == 2 or run.ended_by:
                break
            await asyncio.sleep(0.01)
        room.stop()
        return run.at, mine.at

    found: list[tuple[int, int]] = []  # a loop of its own, in a thread of its own (pytest may run one)
    runner = threading.Thread(target=lambda: found.append(asyncio.run(lesson())))
    runner.start()
    runner.join(60)
    duel_moves, other_moves = found[0]
    assert other_moves == 1
    assert duel_moves == 2  # the bot's move came, once the other table had moved


def test_a_restart_makes_the_notes_when_they_are_read_and_they_are_the_same(tmp_path) -> None:
    """A replayed game leaves its notes (exact solves, for Gauner raus!) to be made when
    first read, so that the phones have their tables back at once; made, they are the
    notes the live game made."""
    path = str(tmp_path / "class.sqlite3")
    room = Room(Database(path), bot_seconds=0)
    [table] = room.open_tables(TableSettings("gauner", 3, "solver", "always", 0, "plain"), 1)
    room.join(room.code, "Ann", table.id)
    run, rng = room.start(table.id), random.Random(3)
    while run.ended_by is None:
        seat = table.rules.to_act(run.state)
        room.move(table, seat, Move(run.id, run.at, table.rules.bot_move(run.state, "solver", rng)))
    live = list(run.notes)
    room.db.close()
    again = Room(Database(path)).tables[table.id].runs[0]
    assert again.state == run.state
    assert again.noted == 0
    assert again.made == []
    assert again.notes == live
    assert again.noted == run.at


def test_the_reviews_worker_counts_each_move_ahead_of_the_end(monkeypatch) -> None:
    """As a Hochstapler table plays, the reviews' lane counts what the end pages will need
    (the round tables) for every move, each once, off the event loop (moves made while a
    count runs are counted together next); the end page then finds them (here the lanes are
    threads, so that the test sees the cache)."""
    import asyncio
    import threading

    from bluffmath.hochstapler.round_model import _round_values
    from bluffmath_class.games import hochstapler as rules
    seen: list[tuple[int, bool]] = []  # each move's round tables counted: its number, and where
    decide = rules.decide

    def watched(before, event, number):
        seen.append((number, threading.current_thread().name.startswith("review")))
        return decide(before, event, number)
    monkeypatch.setattr(rules, "decide", watched)

    async def lesson() -> int:
        from bluffmath_class.connections import Hub
        from bluffmath_class.views import Views
        from bluffmath_class.workers import Lanes
        room, lanes = Room(Database(":memory:"), bot_seconds=0), Lanes(processes=False)
        Hub(room, Views(room, lanes=lanes))
        [table] = room.open_tables(TableSettings(seats=3), 1)
        for name in ("Ann", "Ben", "Cy"):
            room.join(room.code, name, table.id)
        room.start(table.id)
        run = table.current
        for _ in range(4):
            seat = table.rules.to_act(run.state)
            room.move(table, seat, Move(run.id, run.at, run.state.legal_actions()[1]))  # raise by one
        for _ in range(500):
            if len(seen) == 4:
                break
            await asyncio.sleep(0.01)
        room.stop()
        lanes.shutdown()
        return run.at

    _round_values.cache_clear()
    found: list[int] = []
    runner = threading.Thread(target=lambda: found.append(asyncio.run(lesson())))
    runner.start()
    runner.join(60)
    assert found == [4]
    assert sorted(seen) == [(1, True), (2, True), (3, True), (4, True)]  # each move, in a worker
    assert _round_values.cache_info().currsize > 0


def test_warming_each_move_leaves_the_end_reviews_nothing_to_count() -> None:
    """``warm`` counts exactly the round tables of the move just made: after it has run on
    every move of a four-player game of card-counting bots, reviewing every seat counts no
    new table (its cache misses stay put), and each warm step counted something new for
    some move (it is not an empty call)."""
    import random

    from bluffmath.hochstapler import CardCountingBot, Game
    from bluffmath.hochstapler.round_model import _round_values
    from bluffmath.review.hochstapler import review_state
    from bluffmath_class.games.hochstapler import Hochstapler
    rules, rng, bot = Hochstapler(), random.Random(11), CardCountingBot()
    _round_values.cache_clear()
    state, grew = Game(players=4).new_game(seed=11), 0
    while not state.is_terminal:
        state = state.apply(bot.choose(state.view(state.to_act), state.legal_actions(), rng))
        misses = _round_values.cache_info().misses
        rules.warm(state)
        grew += _round_values.cache_info().misses > misses
    misses = _round_values.cache_info().misses
    for seat in range(state.players):
        assert review_state(state, seat).decisions
    assert _round_values.cache_info().misses == misses
    assert grew >= 3


def test_a_students_own_time_for_a_move_is_kept_through_a_restart_and_goes_with_the_class(tmp_path):
    db = Database(tmp_path / "class.sqlite3")
    room = Room(db)
    [table] = room.open_tables(TableSettings(seats=3, move_seconds=60), 1)
    _, table, seat = room.join(room.code, "Ann")
    ann = table.students[seat].id
    assert room.seconds(table, seat) == 60
    assert room.seconds(table, 1) == 0                       # a bot's seat has no clock
    room.set_clock(ann, "double")
    assert room.seconds(table, seat) == 120
    again = Room(Database(tmp_path / "class.sqlite3"))       # a restart on the same file
    assert again.seconds(again.tables[table.id], seat) == 120
    again.set_clock(ann, "table")                            # back to the table's: nothing kept
    assert again.clocks == {}
    assert again.db.room_value("clocks") is None
    again.set_clock(ann, "off")
    assert again.seconds(again.tables[table.id], seat) == 0
    with pytest.raises(MessageError, match="no student 7"):
        again.set_clock(7, "off")
    with pytest.raises(MessageError, match="not your turn"):
        again.more_time(again.tables[table.id], seat)        # no game yet
    again.delete_all()
    assert again.clocks == {}
    assert Room(Database(tmp_path / "class.sqlite3")).clocks == {}
