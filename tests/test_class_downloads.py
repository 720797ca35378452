"""The teacher's downloads never fail: a game of Die Erben von Hoax past 2,000 moves (the
rules allow it) downloads and summarises, every exact value as the core writes it (a
fraction of at most 60 digits a side, else a decimal marked as one), while the server goes
on answering; the ZIP is made as it goes out and reads back."""

from __future__ import annotations

import csv
import io
import re
import threading
import zipfile
from fractions import Fraction

from bluffmath.display import MAX_EXACT_DIGITS
from bluffmath.hoax.game import State
from bluffmath_class.games import GAMES
from bluffmath_class.settings import TableSettings
from tests.class_server import served
from tests.long_games import long_hoax_game

#: The longest run of digits a download may hold: an exact value's side, or a decimal's.
LONGEST = MAX_EXACT_DIGITS


def _long_table(client, app) -> tuple[int, object]:
    """A Hoax table (Die Erben von Hoax, six seats, two students) whose first game is the
    seeded long game of the core's tests, played move by move through the room."""
    state = long_hoax_game(2000, seed=0, players=6)
    room = app.state.room

    def set_up() -> tuple[int, object]:
        [table] = room.open_tables(TableSettings("hoax", 6, next(iter(GAMES["hoax"].bots)), "always", 0, "german"), 1)
        room.join(room.code, "Ann", table.id)
        room.join(room.code, "Ben", table.id)
        import bluffmath_class.room as room_module
        draw = room_module.secrets.randbits
        room_module.secrets.randbits = lambda bits: 0      # the long game's seed
        try:
            run = room.start(table.id)
        finally:
            room_module.secrets.randbits = draw
        for action in state.actions:
            seat = table.rules.to_act(run.state)
            room._play(table, run, seat, action, "student" if seat in table.students else "bot")
        room.end(table.id)
        return table.id, run
    return client.portal.call(set_up)


def _digits(text: str) -> int:
    return max((len(m) for m in re.findall(r"\d+", text)), default=0)


def test_a_game_past_2000_moves_downloads_and_summarises():
    with served() as (client, app):
        table_id, run = _long_table(client, app)
        assert run.at > 2000
        client.cookies.set("bm_teacher", app.state.room.teacher_key)
        for path in ("/teacher/results.csv", "/teacher/moves.csv", "/teacher/habits.csv", "/teacher/summary",
                     "/teacher/saves.zip"):
            answer = client.get(path)
            assert answer.status_code == 200, (path, answer.text[:300])
            if path.endswith(".zip"):
                archive = zipfile.ZipFile(io.BytesIO(answer.content))
                assert archive.testzip() is None
                assert State.from_json(archive.read(f"table-{table_id}-game-1.json").decode()) == run.state
                assert archive.read("moves.csv").decode() == client.get("/teacher/moves.csv").text
                texts = [archive.read(n).decode() for n in ("results.csv", "moves.csv", "habits.csv")]
            else:
                texts = [answer.text]
            for text in texts:
                assert _digits(text) <= max(LONGEST, len(str(run.at)))
        moves = list(csv.DictReader(io.StringIO(client.get("/teacher/moves.csv").text)))
        assert len(moves) == run.at
        valued = [r for r in moves if r["cost"]]
        assert valued
        for row in valued:  # each value exact (p/q) or a decimal marked by having no slash
            for field in ("value", "best value", "cost"):
                assert "/" in row[field] or re.fullmatch(r"-?\d+(\.\d+)?(e-?\d+)?", row[field])
                assert Fraction(row[field]) >= 0 or field == "cost"


def test_a_download_goes_out_as_it_is_made_while_play_goes_on(monkeypatch):
    """The moves CSV of many games comes a few games at a time: its first rows arrive
    before the last game is valued, and the server answers the other pages meanwhile."""
    from bluffmath_class import app as app_module
    from bluffmath_class import jobs
    monkeypatch.setattr(app_module, "CHUNK", 1)
    released = threading.Event()
    made: list[int] = []
    records = jobs.records

    def slow(*args):
        made.append(1)
        if len(made) == 2:                           # the second game waits until the first rows are read
            assert released.wait(20), "the first game's rows never came out before the second was made"
        return records(*args)
    with served() as (client, app):
        room = app.state.room

        def two_games() -> None:
            [table] = room.open_tables(TableSettings(seats=3), 1)
            room.join(room.code, "Ann", table.id)
            for _ in range(2):
                run = room.start(table.id)
                room._play(table, run, 0, run.state.legal_actions()[1], "student")
                room.end(table.id)
        client.portal.call(two_games)
        client.cookies.set("bm_teacher", room.teacher_key)
        monkeypatch.setattr(jobs, "records", slow)
        with client.stream("GET", "/teacher/moves.csv") as answer:
            lines = answer.iter_lines()
            assert next(lines).startswith("table,game,move")
            first = next(lines)
            assert first.startswith("1,1,1,1,Ann,student")
            assert client.get("/teacher/results.csv").status_code == 200   # answered mid-download
            released.set()
            rest = list(lines)
        assert any(line.startswith("1,2,1,1,Ann,student") for line in rest)


def test_an_ended_games_decisions_are_valued_once_for_its_end_pages_habits_and_downloads(monkeypatch):
    """The worker that counts a game's end pages values its decisions once; the teacher's
    live habits, the summary and every download read them from there, never again."""
    from tests.class_server import (
        Player,
        count_valuings,
        join,
        open_table,
        order,
        play_threads,
        teacher_socket,
        until,
    )
    valued = count_valuings(monkeypatch)
    with served() as (client, app):
        table_id = open_table(client, app, seats=3)
        players = [Player(client, app, join(client, app, n), table_id, seed=i) for i, n in enumerate(["Ann", "Ben"])]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
            play_threads(players)
            until(teacher, lambda m: m["type"] == "room" and "Habits of the class" in m["regions"]["habits"])
        client.cookies.set("bm_teacher", app.state.room.teacher_key)
        for path in ("/teacher/moves.csv", "/teacher/habits.csv", "/teacher/summary", "/teacher/saves.zip"):
            assert client.get(path).status_code == 200
        run = app.state.room.tables[table_id].last
    assert valued == [run.at]
