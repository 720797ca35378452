"""The record of a lesson never changes after the fact: who held each seat of each game and
who made each move are fixed when they happen; freeing a seat changes only what comes
after; a bot's moves for an absent student are marked as such and are not that student's."""

from __future__ import annotations

import csv
import io
import random
import re
import sqlite3
import zipfile

from bluffmath.review import review_many
from bluffmath.review.download import class_games
from bluffmath_class.database import Database
from bluffmath_class.pages import habits_section
from bluffmath_class.protocol import Move
from bluffmath_class.results import class_habits, games_of, moves_csv, result_rows, results_csv
from bluffmath_class.room import Room
from bluffmath_class.settings import TableSettings
from bluffmath_class.views import Views
from tests.class_server import join, open_table, order, played_by, served, teacher_socket


def _play(room: Room, table, rng: random.Random, moves: int, by=None) -> None:
    """``moves`` random legal moves (or to the end), each made by the seat to act as ``by``
    says (default: the student if the seat has one, else a bot)."""
    for _ in range(moves):
        run = table.current
        if run is None:
            return
        seat = table.rules.to_act(run.state)
        how = by(seat) if by else ("student" if seat in table.students else "bot")
        if how == "student":
            room.move(table, seat, Move(run.id, run.at, rng.choice(run.state.legal_actions())))
        else:
            room._play(table, run, seat, rng.choice(run.state.legal_actions()), how)


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_freeing_a_seat_after_a_game_changes_nothing_of_that_game(tmp_path):
    room = Room(Database(tmp_path / "class.sqlite3"))
    [table] = room.open_tables(TableSettings(seats=3), 1)
    for name in ("Ann", "Ben"):
        room.join(room.code, name, table.id)
    room.start(table.id)
    _play(room, table, random.Random(2), 500)
    run = table.last
    assert run.ended_by == "finished"
    before = (results_csv(games_of(room)), moves_csv(games_of(room)), Views(room).picture(),
              table.seating_of(run), Views(room).seat(table, 0)["regions"]["end"])
    room.free(table.id, 0)
    room.free(table.id, 1)
    after = (results_csv(games_of(room)), moves_csv(games_of(room)), Views(room).picture(),
             table.seating_of(run), Views(room).seat(table, 0)["regions"]["end"])
    assert after == before
    assert table.seating_of(run).names == ("Ann", "Ben", "Bot 3")
    assert Room(Database(tmp_path / "class.sqlite3")).tables[table.id].seating_of(run).names == ("Ann", "Ben", "Bot 3")
    assert "Ann" in before[1]


def test_a_seat_that_changes_hands_mid_game_is_recorded_move_by_move(tmp_path):
    """Ann leaves after three moves (a bot plays her seat), Cy sits down there two moves
    later: the results have a row for each, the moves say who made each, and a restart
    reads the same from the file."""
    room = Room(Database(tmp_path / "class.sqlite3"))
    [table] = room.open_tables(TableSettings(seats=3), 1)
    room.join(room.code, "Ann", table.id)
    room.join(room.code, "Ben", table.id)
    run = room.start(table.id)
    rng = random.Random(5)
    _play(room, table, rng, 3)
    left = run.at
    room.free(table.id, 0)
    _play(room, table, rng, 2)
    came = run.at
    _, at, seat = room.join(room.code, "Cy", table.id)
    assert (at, seat) == (table, 0)
    _play(room, table, rng, 400)
    assert run.ended_by == "finished"
    [record] = games_of(room)
    makers = [record.maker(n) for n in range(1, run.at + 1)]
    for n, (move, (name, how)) in enumerate(zip(run.moves, makers, strict=True), 1):
        if move.seat == 0:
            expected = ("Ann", "student") if n <= left else ("Bot 1", "bot") if n <= came else ("Cy", "student")
            assert (name, how) == expected
    rows = [r for r in result_rows(games_of(room)) if r[2] == 1]
    assert [(r[3], r[4], r[5], r[6]) for r in rows] == [("Ann", "student", 1, left), ("Bot 1", "bot", left + 1, came),
                                                        ("Cy", "student", came + 1, run.at)]
    assert table.seating_of(run).names[0] == "Ann then Bot 1 then Cy"
    again = Room(Database(tmp_path / "class.sqlite3"))
    assert [r[:7] for r in result_rows(games_of(again))] == [r[:7] for r in result_rows(games_of(room))]


def test_a_bots_moves_for_an_absent_student_are_marked_and_not_the_students(tmp_path):
    """Ann's clock runs out now and then: a bot moves for her ("timeout"). Those moves say
    so in moves.csv, her habits leave them out (and count them apart), and the core's
    review of the download by her name leaves them out too."""
    room = Room(Database(tmp_path / "class.sqlite3"))
    [table] = room.open_tables(TableSettings(seats=3), 1)
    room.join(room.code, "Ann", table.id)
    room.join(room.code, "Ben", table.id)
    run = room.start(table.id)
    rng, turns = random.Random(9), iter(range(10**6))

    def how(seat: int) -> str:
        if seat == 0:
            return "timeout" if next(turns) % 2 else "student"
        return "student" if seat in table.students else "bot"
    _play(room, table, rng, 500, how)
    assert run.ended_by == "finished"
    stood_in = {n for n, m in enumerate(run.moves, 1) if m.by == "timeout"}
    own = {n for n, m in enumerate(run.moves, 1) if m.seat == 0 and m.by == "student"}
    assert stood_in
    assert own
    moves = _rows(moves_csv(games_of(room)))
    assert {int(r["move"]) for r in moves if r["played by"] == "bot for the absent student"} == stood_in
    assert all(r["name"] == "Ann" for r in moves if int(r["move"]) in stood_in)
    [ann] = [h for h in class_habits(games_of(room)) if h.name == "Ann"]
    decisions = {d.number for d in table.rules.decisions(run.state) if d.seat == 0}
    assert {seen.decision.number for seen in ann.habits.decisions} == decisions & own
    assert ann.stood_in == len(decisions & stood_in)
    assert ann.stood_in > 0
    save = table.rules.save(run.state)
    makers = tuple("Ann" if n in own else ("Ben" if m.by == "student" else None) for n, m in enumerate(run.moves, 1))
    core = review_many([(save, ("Ann", "Ben", "Bot 3"), makers)], "Ann")
    assert {seen.decision.number for seen in core.decisions} == decisions & own
    end = Views(room).seat(table, 0)["regions"]["end"]              # Ann's end page: her own decisions
    assert f"of {len(decisions & own)} decisions were" in end
    apart = len(decisions & stood_in)
    assert f"{apart} decision{'s' if apart > 1 else ''} a bot made for you while you were away" in end
    assert sorted(int(n) for n in re.findall(r"<b>#(\d+)</b>", end)) == sorted(decisions & own)


def test_the_habits_say_so_when_a_bot_made_every_decision():
    """Ann was away the whole game: the class's habits do not call her play "among the
    best"; they say no student made a decision of their own and how many a bot made."""
    room = Room(Database(":memory:"))
    [table] = room.open_tables(TableSettings(seats=3), 1)
    room.join(room.code, "Ann", table.id)
    run = room.start(table.id)
    _play(room, table, random.Random(5), 500, lambda seat: "timeout" if seat == 0 else "bot")
    assert run.ended_by == "finished"
    [ann] = class_habits(games_of(room))
    made = sum(1 for d in table.rules.decisions(run.state) if d.seat == 0)
    assert made > 0
    assert ann.habits.decisions == []
    assert ann.stood_in == made
    html = habits_section([ann], names=False)
    assert "among the best" not in html
    assert f"the {made} a bot made for absent students are not counted" in html


def test_the_download_carries_the_record_to_the_cores_review():
    """The ZIP's results and moves are read back by the core: each seat's names and who
    made each move, so a student's review from the download is their own decisions."""
    with served() as (client, app):
        table_id = open_table(client, app, seats=3)
        secret = join(client, app, "Ann")
        room = app.state.room
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
            table = room.tables[table_id]
            client.portal.call(_play, room, table, random.Random(4), 4, lambda seat: "timeout" if seat == 0 else "bot")
            order(teacher, type="end", table=table_id)
        client.cookies.set("bm_teacher", room.teacher_key)
        data = client.get("/teacher/saves.zip").content
        assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
        [(_, names, makers)] = class_games(data)["bluffmath-hochstapler-game"]
        run = table.last
        assert names == ("Ann", "Bot 2", "Bot 3")
        assert makers == (None,) * run.at                     # the bots made every move, Ann's for her
        assert played_by(client.get("/teacher/moves.csv").text) == ["bot for the absent student" if m.seat == 0
                                                                    else "bot" for m in run.moves]
        assert room.seat_for(secret) is not None


def test_a_file_of_layout_1_is_brought_up_to_date(tmp_path):
    """A class file written before the record kept who held each seat opens: each seated
    student becomes a student in their seat, each game is held by those seated, and every
    move replays."""
    path = tmp_path / "class.sqlite3"
    old = sqlite3.connect(path)
    old.executescript("""
        CREATE TABLE room (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE tables (id INTEGER PRIMARY KEY, settings TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE seats (table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
            name TEXT NOT NULL, secret TEXT NOT NULL UNIQUE, joined REAL NOT NULL, PRIMARY KEY (table_id, seat));
        CREATE TABLE games (id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL REFERENCES tables(id),
            number INTEGER NOT NULL, seed INTEGER NOT NULL, opener INTEGER NOT NULL,
            started REAL NOT NULL, ended REAL, ended_by TEXT, UNIQUE (table_id, number));
        CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
            seat INTEGER NOT NULL, move TEXT NOT NULL, by TEXT NOT NULL, time REAL NOT NULL,
            PRIMARY KEY (game_id, number));
        INSERT INTO room VALUES ('schema', '1'), ('code', '123456'), ('teacher', 'key');
        INSERT INTO tables VALUES (1, '{"game": "hochstapler", "seats": 3, "bot": "counting", "odds": "always",
            "move_seconds": 60, "variant": "one-deal"}', 0);
        INSERT INTO seats VALUES (1, 0, 'Ann', 'digest-a', 0), (1, 2, 'Cy', 'digest-c', 1);
        INSERT INTO games VALUES (1, 1, 1, 7, 0, 0, NULL, NULL);
        INSERT INTO moves VALUES (1, 1, 0, '{"kind": "call", "total": 5, "colour": "red"}', 'student', 0);
    """)
    old.close()
    room = Room(Database(path))
    table = room.tables[1]
    assert room.code == "123456"
    assert table.seating().names == ("Ann", "Bot 2", "Cy")
    assert table.current.at == 1
    assert table.current.holder(0, 1).name == "Ann"
    assert [r[3] for r in result_rows(games_of(room))] == ["Ann", "Bot 2", "Cy"]
    assert Database(path).room_value("schema") == "2"
    assert sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE name = 'seats'").fetchone() is None
