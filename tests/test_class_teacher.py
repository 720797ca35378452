"""The teacher's side of the class table: the projector and single-table views, the class
summary to print, the moves with their exact values, anonymous seats, and deleting a
class's data."""

from __future__ import annotations

import csv
import io
import json

import pytest

from bluffmath import hochstapler as hs
from bluffmath.hochstapler.round_model import round_values
from bluffmath_class.database import Database
from tests import brute_force as brute
from tests.class_server import (
    Player,
    join,
    open_table,
    order,
    play_threads,
    receive,
    seat_socket,
    served,
    teacher_socket,
    until,
)


@pytest.fixture
def server():
    with served() as (client, app):
        client.cookies.set("bm_teacher", app.state.room.teacher_key)
        yield client, app


def _played(client, app, students=("Ann", "Ben", "Cy"), **settings) -> int:
    """A whole game of three students (or ``students``) and a bot at a new table; the table's id."""
    table_id = open_table(client, app, **{"seats": len(students) + 1, **settings})
    client.cookies.clear()
    players = [Player(client, app, join(client, app, n), table_id, seed=i) for i, n in enumerate(students)]
    with teacher_socket(client, app) as teacher:
        order(teacher, type="start", table=table_id)
    play_threads(players)
    client.cookies.set("bm_teacher", app.state.room.teacher_key)
    return table_id


def test_the_projector_view_has_no_forms_and_the_table_view_one_table(server):
    client, app = server
    table_id = open_table(client, app)
    projector = client.get("/teacher?view=projector").text
    assert 'class="projector"' in projector
    assert "<form" not in projector
    normal = client.get("/teacher").text
    assert normal.count('class="open-game"') >= 1
    assert 'data-game="hochstapler"' in normal
    assert f'id="table-{table_id}"' in client.get(f"/teacher/table/{table_id}").text
    assert client.get("/teacher/table/99").status_code == 404
    with teacher_socket(client, app) as teacher:
        room = until(teacher, lambda m: m["type"] == "room")
    assert room["regions"][f"table-{table_id}"].startswith(f"<h2>Table {table_id}: Hochstapler</h2>")
    assert app.state.room.code in room["regions"]["join"]


def test_a_student_cannot_read_the_summary_or_the_moves(server):
    client, app = server
    open_table(client, app)
    client.cookies.clear()
    client.cookies.set("bm_seat", join(client, app, "Ann"))
    for path in ("/teacher/summary", "/teacher/moves.csv", "/teacher/table/1", "/teacher?view=projector"):
        assert client.get(path).status_code == 403, path


def test_the_summary_holds_the_picture_and_every_seat(server):
    client, app = server
    _played(client, app)
    page = client.get("/teacher/summary").text
    assert "Hochstapler: the class beside the mathematics" in page
    assert "<script" not in page
    assert page.count("<tr>") >= 1 + 4
    assert "Ann" in page


def test_the_summary_sets_the_class_habits_beside_the_cores_review(server):
    """The class's habits in the summary add up each student's, as review_many finds them
    from the saved game (the bot's seat left out)."""
    import re
    import zipfile
    from collections import defaultdict
    from fractions import Fraction

    from bluffmath.review import review_many
    client, app = server
    table_id = _played(client, app)
    page = client.get("/teacher/summary").text
    assert "Habits of the class" in page
    archive = zipfile.ZipFile(io.BytesIO(client.get("/teacher/saves.zip").content))
    save = archive.read(f"table-{table_id}-game-1.json").decode()
    expected: dict[str, list] = defaultdict(lambda: [0, 0, Fraction(0)])
    for name in ("Ann", "Ben", "Cy"):
        for p in review_many([(save, ["Ann", "Ben", "Cy", "Bot 4"])], name).patterns:
            row = expected[p.name]
            row[0], row[1], row[2] = row[0] + 1, row[1] + p.count, row[2] + p.cost
    shown = re.findall(r'<tr class="class-habit" data-name="([^"]+)" data-cost="([^"]+)"><td>[^<]*</td>'
                       r"<td>(\d+)</td><td>(\d+)</td>", page)
    top = sorted(expected.items(), key=lambda kv: (-kv[1][2], kv[0]))[:5]
    assert [(n, Fraction(c), int(s), int(d)) for n, c, s, d in shown] == [(n, c, s, d) for n, (s, d, c) in top]
    assert shown


def test_every_move_comes_with_its_exact_value(server):
    client, app = server
    table_id = _played(client, app)
    rows = list(csv.DictReader(io.StringIO(client.get("/teacher/moves.csv").text)))
    run = app.state.room.tables[table_id].last
    assert [int(r["move"]) for r in rows] == list(range(1, run.at + 1))
    state, checked = run.state, 0
    for row, event in zip(rows, state.events, strict=True):
        before = state.game.replay(state.seed, state.opener, state.events[:int(row["move"]) - 1])
        seat = event.seat
        assert int(row["seat"]) == seat + 1
        if isinstance(event, hs.Call):       # a call (the opening too) is valued over the round
            own = before.hands[event.colour][seat]
            table = round_values(4, own, before.face_up(event.colour))  # played out in test_round_model
            assert row["value"] == _text(table.value(event.total))
            checked += 1
        elif isinstance(event, hs.Doubt):    # a doubt avoids it when the call is false
            call = before.call
            counts = brute.total_counts(4, before.hands[call.colour][seat], before.face_up(call.colour))
            assert row["value"] == _text(1 - brute.probability_at_least(counts, call.total))
            checked += 1
        assert row["unit"] == "probability of not taking this round's penalty point"
    assert checked > 10


def _text(p) -> str:
    return f"{p.numerator}/{p.denominator}"


def test_an_anonymous_table_names_seats_not_students(server):
    client, app = server
    table_id = _played(client, app, names="anonymous")
    results = client.get("/teacher/results.csv").text
    assert [r["name"] for r in csv.DictReader(io.StringIO(results))] == ["Seat 1", "Seat 2", "Seat 3", "Bot 4"]
    assert "Ann" not in client.get("/teacher/moves.csv").text
    assert "Ann" not in client.get("/teacher/summary").text
    with teacher_socket(client, app) as teacher:
        room = until(teacher, lambda m: m["type"] == "room")
    assert "Ann" not in json.dumps(room)
    view = app.state.views.seat(app.state.room.tables[table_id], 1)
    assert "Ann" not in json.dumps(view)
    assert "Seat 2" in view["regions"]["table"]


def test_deleting_the_class_clears_everything_and_tells_every_page(server, tmp_path):
    client, app = server
    table_id = open_table(client, app, seats=3)
    client.cookies.clear()
    secret = join(client, app, "Ann")
    client.cookies.set("bm_teacher", app.state.room.teacher_key)
    old_code = app.state.room.code
    with seat_socket(client, secret) as socket, teacher_socket(client, app) as teacher:
        receive(socket)
        order(teacher, type="start", table=table_id)
        wrong = order(teacher, type="delete", confirm="delete")
        assert wrong["type"] == "error"
        assert '"DELETE", typed to confirm' in wrong["message"]
        assert app.state.room.tables
        done = order(teacher, type="delete", confirm="DELETE")
        assert "deleted" in done["html"]
        assert until(socket, lambda m: m["type"] == "gone")
    room = app.state.room
    assert room.tables == {}
    assert room.code != old_code
    assert room.seat_for(secret) is None
    assert client.get("/teacher/results.csv").text.count("\n") == 1
    db: Database = room.db
    assert db.tables() == []
    assert db.games() == []
    assert db.places() == []
    assert db.students() == []
    again = open_table(client, app, seats=3)                  # the next class: the table's id given again
    assert again == table_id
    secret = join(client, app, "Ben")
    with seat_socket(client, secret) as socket, teacher_socket(client, app) as teacher:
        until(socket, lambda m: m["type"] == "view")
        order(teacher, type="start", table=again)
        assert until(socket, lambda m: m["type"] == "view" and m["game"] is not None)["turn"]


@pytest.mark.parametrize("path", ["/teacher/moves.csv", "/teacher/habits.csv", "/teacher/saves.zip",
                                  "/teacher/summary"])
def test_a_download_that_reviews_holds_up_nothing_else(server, monkeypatch, path):
    """The downloads that review every game are made in a worker (a thread here, as the
    tests' server runs them): while one is still being made, the server answers another
    request (made on the loop, that request would wait for ever: the download waits for it)."""
    import threading

    from bluffmath_class import jobs
    client, app = server
    _played(client, app)
    asked, answered = threading.Event(), threading.Event()
    records = jobs.records

    def slow(*args):
        asked.set()
        assert answered.wait(20), "no other request was answered while the download was made"
        return records(*args)
    monkeypatch.setattr(jobs, "records", slow)
    got: list[int] = []
    download = threading.Thread(target=lambda: got.append(client.get(path).status_code))
    download.start()
    assert asked.wait(20)
    assert client.get("/teacher/results.csv").status_code == 200  # answered mid-download
    answered.set()
    download.join(30)
    assert got == [200]


@pytest.mark.parametrize("game", ["hochstapler", "gauner", "hoax", "muenchhausen", "duel"])
def test_the_teacher_page_shows_the_class_habits_once_games_end(server, monkeypatch, game):
    """Once a game ends, the teacher's live page has the class's habits: the summary's rows
    (the same patterns, students, decisions and costs), counted in the reviews' worker (a
    thread here: the test's server runs its workers so), naming no student (the page is
    projected); deleting the class clears them."""
    import re
    import threading

    from bluffmath_class import live_habits
    client, app = server
    threads: list[str] = []
    count = live_habits.habits_of_class

    def watched(*args):
        threads.append(threading.current_thread().name)
        return count(*args)
    monkeypatch.setattr(live_habits, "habits_of_class", watched)
    from bluffmath_class.games import GAMES
    rules = GAMES[game]
    duel = {"students": ("Ann", "Ben"), "seats": 2} if game == "duel" else {}  # two students, no bot
    _played(client, app, game=game, variant=next(iter(rules.variants)), bot=next(iter(rules.bots)), **duel)
    row = r'<tr class="class-habit" data-name="[^"]+" data-cost="[^"]+">.*?</tr>'
    summary = re.findall(row, client.get("/teacher/summary").text)
    assert summary
    with teacher_socket(client, app) as teacher:
        habits = until(teacher, lambda m: m["type"] == "room" and "Habits of the class" in m["regions"]["habits"]
                       )["regions"]["habits"]
        assert re.findall(row, habits) == summary
        assert not any(name in habits for name in ("Ann", "Ben", "Cy"))
        assert threads
        assert all(name.startswith("reviews") for name in threads)
        order(teacher, type="delete", confirm="DELETE")
        assert until(teacher, lambda m: m["type"] == "room" and not m["regions"]["tables"].count("table-card")
                     )["regions"]["habits"] == ""
