"""The class server through its own pages and sockets, in-process (Starlette's TestClient):
joining, whole games between students, and every message a page may send wrong."""

from __future__ import annotations

import csv as csv_module
import io
import json
import time
import zipfile
from fractions import Fraction

import pytest
from starlette.websockets import WebSocketDisconnect

from bluffmath import hochstapler as hs
from bluffmath.review import review, review_many
from bluffmath.review.download import class_games
from bluffmath_class.settings import TableSettings
from tests.class_server import (
    Player,
    join,
    open_direct,
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
        yield client, app


# --- joining -----------------------------------------------------------------------------------


def test_a_student_joins_with_the_code_and_gets_a_seat_cookie(server):
    client, app = server
    open_table(client, app)
    page = client.get("/?code=123456")
    assert 'value="123456"' in page.text
    assert 'name="name"' in page.text
    response = client.post("/join", data={"code": app.state.room.code, "name": "Ann"}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/play"
    cookie = response.headers["set-cookie"].lower()
    assert "bm_seat=" in cookie
    assert "httponly" in cookie
    assert "samesite=strict" in cookie
    assert client.get("/play").status_code == 200           # the cookie seats the page
    assert client.get("/", follow_redirects=False).headers["location"] == "/play"
    client.cookies.clear()
    assert client.get("/play", follow_redirects=False).headers["location"] == "/"


def test_a_wrong_code_is_refused_slowly_and_then_not_at_all(server, monkeypatch):
    client, app = server
    open_table(client, app)
    pauses = []

    async def sleep(seconds):
        pauses.append(seconds)

    monkeypatch.setattr("bluffmath_class.app.asyncio.sleep", sleep)
    wrong = "000000" if app.state.room.code != "000000" else "111111"
    for _ in range(20):
        response = client.post("/join", data={"code": wrong, "name": "Eve"})
        assert response.status_code == 403
        assert "not this class" in response.text
        assert 'value="Eve"' in response.text          # the name is kept, the code is not
    assert pauses[:5] == [0.5, 1.0, 2.0, 4.0, 8.0]
    assert max(pauses) == 8.0
    refused = client.post("/join", data={"code": app.state.room.code, "name": "Eve"})
    assert refused.status_code == 429
    assert "Too many wrong codes" in refused.text
    assert not any(t.students for t in app.state.room.tables.values())


@pytest.mark.parametrize(("name", "problem"), [
    ("", "Type your name"), ("   ", "Type your name"), ("x" * 25, "1 to 24"),
    ("Ann\x00", "Type your name"), ("bot 2", "kept for the bots"), ("ANN", "called ANN already"),
])
def test_names_that_will_not_do_are_refused_with_a_reason(server, name, problem):
    client, app = server
    open_table(client, app)
    join(client, app, "Ann")
    response = client.post("/join", data={"code": app.state.room.code, "name": name})
    assert response.status_code == 400
    assert problem in response.text


def test_the_join_form_is_read_strictly(server):
    client, app = server
    open_table(client, app)
    code = app.state.room.code
    extra = client.post("/join", data={"code": code, "name": "Ann", "seat": "3"})
    assert extra.status_code == 400
    assert "unknown or repeated field" in extra.text
    twice = client.post("/join", content=f"code={code}&name=Ann&name=Ben",
                        headers={"content-type": "application/x-www-form-urlencoded"})
    assert twice.status_code == 400
    long = client.post("/join", data={"code": code, "name": "A" * 5000})
    assert long.status_code == 400
    assert "longer than 2048 bytes" in long.text
    other_site = client.post("/join", data={"code": code, "name": "Ann"}, headers={"origin": "http://evil.example"})
    assert other_site.status_code == 403
    assert not app.state.room.tables[1].students


def test_seats_fill_the_tables_in_order_and_run_out_with_a_clear_message(server):
    client, app = server
    open_table(client, app, seats=3)
    open_table(client, app, seats=3)
    for name in "ABCDEF":
        join(client, app, name)
    room = app.state.room
    assert [s.name for s in room.tables[1].students.values()] == ["A", "B", "C"]
    assert [s.name for s in room.tables[2].students.values()] == ["D", "E", "F"]
    response = client.post("/join", data={"code": room.code, "name": "G"})
    assert response.status_code == 400
    assert "Every seat is taken" in response.text


# --- a whole game --------------------------------------------------------------------------------


def test_three_students_and_a_bot_play_a_whole_game_and_the_teacher_downloads_it(server):
    client, app = server
    table_id = open_table(client, app, seats=4, odds="after-doubt")
    players = [Player(client, app, join(client, app, n), table_id, seed=i) for i, n in enumerate(["Ann", "Ben", "Cy"])]
    with teacher_socket(client, app) as teacher:
        order(teacher, type="start", table=table_id)
    play_threads(players)
    room = app.state.room
    run = room.tables[table_id].last
    assert run.ended_by == "finished"
    assert run.state.is_terminal
    by = [m.by for m in run.moves]
    assert set(by) == {"student", "bot"}
    assert all(m.by == "bot" for m in run.moves if m.seat == 3)
    answers = [0] * 4
    for event in run.state.events:  # every move is reviewed: the round model values openings too
        answers[event.seat] += 1
    for seat, player in enumerate(players):
        assert player.errors == []
        assert [at for _, at in player.acks] == [i + 1 for i, m in enumerate(run.moves) if m.seat == seat]
        end = player.messages[-1]["regions"]["end"]
        assert "Your review" in end
        assert f"of {answers[seat]} decisions" in end
    client.cookies.set("bm_teacher", room.teacher_key)
    csv = client.get("/teacher/results.csv")
    assert csv.status_code == 200
    assert csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0].startswith("table,game,seat,name")
    assert len(lines) == 5
    assert lines[4].split(",")[3:5] == ["Bot 4", "bot"]
    archive = zipfile.ZipFile(io.BytesIO(client.get("/teacher/saves.zip").content))
    saved = hs.load_game(archive.read(f"table-{table_id}-game-1.json"))
    assert saved == run.state
    assert saved.scores == run.state.scores
    assert review(archive.read(f"table-{table_id}-game-1.json").decode(), seat=0).decisions
    habits = client.get("/teacher/habits.csv")
    assert habits.headers["content-disposition"].endswith('filename="class-habits.csv"')
    rows = list(csv_module.DictReader(io.StringIO(habits.text)))
    assert [r["name"] for r in rows] == ["Ann", "Ben", "Cy"]  # students only, never the bot
    save = archive.read(f"table-{table_id}-game-1.json").decode()
    for row in rows:
        core = review_many([(save, ["Ann", "Ben", "Cy", "Bot 4"])], row["name"])
        assert Fraction(row["total cost"]) == core.total_cost
        assert int(row["decisions"]) == len(core.decisions)
        assert [row[f"habit {i} name"] for i in (1, 2, 3)] == [p.name for p in core.top(3)] + [""] * (3 - len(core.top(3)))
    assert archive.read("habits.csv").decode() == habits.text
    names = ("Ann", "Ben", "Cy", "Bot 4")
    makers = tuple(names[m.seat] if m.by == "student" else None for m in run.moves)  # the bot made seat 4's
    assert makers.count(None) == sum(m.seat == 3 for m in run.moves) > 0
    assert class_games(client.get("/teacher/saves.zip").content) == {
        "bluffmath-hochstapler-game": [(save, names, makers)]}


def test_a_student_reads_their_habits_from_the_class_download(tmp_path, capsys):
    from bluffmath.cli import main
    with served() as (client, app):
        table_id = open_table(client, app, seats=4)
        players = [Player(client, app, join(client, app, n), table_id, seed=i) for i, n in enumerate(["Ann", "Ben"])]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        play_threads(players)
        client.cookies.set("bm_teacher", app.state.room.teacher_key)
        download = tmp_path / "class-games.zip"
        download.write_bytes(client.get("/teacher/saves.zip").content)
    save = zipfile.ZipFile(download).read(f"table-{table_id}-game-1.json").decode()
    assert main(["review", str(download), "--name", "Ben", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    core = review_many([(save, ["Ann", "Ben", "Bot 3", "Bot 4"])], "Ben")
    assert list(found) == ["hochstapler"]
    assert Fraction(found["hochstapler"]["total_cost"]) == core.total_cost
    assert found["hochstapler"]["decisions"] == len(review(save, 1).decisions)
    assert main(["review", str(download), "--name", "Zed"]) == 2
    assert "no game in" in capsys.readouterr().err


def test_a_page_that_reloads_gets_the_same_seat_and_both_pages_hear_every_change(server):
    client, app = server
    table_id = open_table(client, app, seats=3)
    secret = join(client, app, "Ann")
    with seat_socket(client, secret) as first, seat_socket(client, secret) as second:
        assert receive(first)["regions"]["status"] == receive(second)["regions"]["status"]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        a = until(first, lambda m: m["type"] == "view" and m["turn"])
        b = until(second, lambda m: m["type"] == "view" and m["turn"])
        assert a == b
        assert a["game"] is not None
        first.send_text(json.dumps({"type": "move", "game": a["game"], "at": 0,
                                    "move": {"kind": "call", "total": 3, "colour": "red"}}))
        assert until(first, lambda m: m["type"] == "ack")["at"] == 1
        assert until(second, lambda m: m["type"] == "view" and m["at"] == 1)["turn"] is False


# --- what a page must not do ----------------------------------------------------------------


BAD_MOVES = [
    ("not json", "must be JSON text"),
    ('{"type": "move", "game": 1, "at": 0}', 'key "move" missing'),
    ('{"type": "mvoe", "game": 1, "at": 0, "move": {"kind": "doubt"}}', 'did you mean "move"'),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "fold"}}', '"fold" is not allowed'),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": 3, "color": "red"}}', 'did you mean "colour"'),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": true, "colour": "red"}}', "found true"),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": 3.0, "colour": "red"}}', "found 3.0"),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": 3, "colour": "pink"}}', '"pink" is not allowed'),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "doubt"}, "move": {"kind": "doubt"}}', "appears twice"),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "doubt"}}', "there is no call to doubt"),
    ('{"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": 99, "colour": "red"}}', "from 0 to"),
    ('{"type": "move", "game": 1, "at": 5, "move": {"kind": "doubt"}}', "moved on"),
    ('{"type": "move", "game": 7, "at": 0, "move": {"kind": "doubt"}}', "earlier game"),
    ("[" * 100 + "]" * 100, "nested at most"),
    ("x" * 5000, "at most 4,096 characters"),
]


def test_every_bad_move_gets_a_clear_error_and_the_table_goes_on(server):
    client, app = server
    table_id = open_table(client, app, seats=3)
    secret, other = join(client, app, "Ann"), join(client, app, "Ben")
    with seat_socket(client, secret) as socket, seat_socket(client, other) as ben:
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        view = until(socket, lambda m: m["type"] == "view" and m["turn"])
        assert view["game"] == 1
        for text, problem in BAD_MOVES:
            socket.send_text(text)
            answer = until(socket, lambda m: m["type"] == "error")
            assert problem in answer["message"], (text[:60], answer)
        socket.send_bytes(b'{"type": "move"}')
        assert "JSON text" in until(socket, lambda m: m["type"] == "error")["message"]
        until(ben, lambda m: m["type"] == "view" and m["game"] == 1)
        ben.send_text(json.dumps({"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": 3, "colour": "red"}}))
        assert "it is Ann's turn, not yours" in until(ben, lambda m: m["type"] == "error")["message"]
        assert app.state.room.tables[table_id].current.at == 0           # nothing was applied
        socket.send_text(json.dumps({"type": "move", "game": 1, "at": 0, "move": {"kind": "call", "total": 3, "colour": "red"}}))
        assert until(socket, lambda m: m["type"] == "ack")["at"] == 1


def test_a_flood_is_slowed_then_cut_off(server):
    client, app = server
    open_table(client, app, seats=3)
    secret = join(client, app, "Ann")
    with seat_socket(client, secret) as socket:
        receive(socket)
        for _ in range(80):
            socket.send_text("{}")
        answers = []
        with pytest.raises(WebSocketDisconnect):
            _read_all(socket, answers)
    messages = [a["message"] for a in answers]
    assert "Too many messages: slow down." in messages
    assert messages[-1] == "Too many messages: disconnected."


def _read_all(socket, into):
    while True:
        into.append(receive(socket))


def test_a_student_cannot_reach_the_teachers_pages_orders_or_downloads(server):
    client, app = server
    open_table(client, app, seats=3)
    secret = join(client, app, "Ann")
    client.cookies.set("bm_seat", secret)
    for path in ("/teacher", "/teacher/results.csv", "/teacher/saves.zip", "/teacher?key=guess"):
        response = client.get(path, follow_redirects=False)
        assert response.status_code == 403, path
        assert "teacher" in response.text
    client.cookies.set("bm_teacher", secret)                 # a seat's secret is not the key
    assert client.get("/teacher").status_code == 403
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect("/teacher/ws", headers={"cookie": f"bm_teacher={secret}"}) as socket:
        socket.receive_text()
    assert closed.value.code == 1008


def test_sockets_from_another_origin_or_without_a_seat_are_refused(server):
    client, app = server
    open_table(client, app, seats=3)
    secret = join(client, app, "Ann")
    for headers in ({"origin": "http://evil.example"}, {"origin": "null"}):
        with pytest.raises(WebSocketDisconnect) as closed, seat_socket(client, secret, **headers) as socket:
            socket.receive_text()
        assert closed.value.code == 1008
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            "/ws", headers={"cookie": "bm_seat=not-a-seat"}) as socket:
        socket.receive_text()
    with seat_socket(client, secret, origin="http://testserver") as socket:   # its own origin
        assert receive(socket)["type"] == "view"


def test_every_page_carries_the_security_headers(server):
    client, _ = server
    headers = client.get("/").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert "default-src" in client.get("/static/class.css").headers["content-security-policy"]


def test_names_are_escaped_on_every_page(server):
    client, app = server
    table_id = open_table(client, app, seats=3)
    evil = '<b onclick="x">Eve</b>'
    secret = join(client, app, evil)
    join(client, app, "Ben")
    with teacher_socket(client, app) as teacher:
        room = until(teacher, lambda m: m["type"] == "room")
        order(teacher, type="start", table=table_id)
        started = until(teacher, lambda m: m["type"] == "room" and "Game 1" in m["regions"]["tables"])
    with seat_socket(client, secret) as socket:
        view = receive(socket)
    texts = [json.dumps(room), json.dumps(started), json.dumps(view)]
    for text in texts:
        assert "<b onclick" not in text
    assert "&lt;b onclick=&quot;x&quot;&gt;Eve&lt;/b&gt;" in json.loads(texts[2])["regions"]["table"]


# --- the teacher's orders -----------------------------------------------------------------------


def test_the_teachers_orders_are_read_strictly(server):
    client, app = server
    with teacher_socket(client, app) as teacher:
        for fields, problem in [
            ({"type": "begin", "table": 1}, '"begin" is not allowed'),
            ({"type": "start", "table": 9}, "there is no table 9"),
            ({"type": "start", "table": True}, "found true"),
            ({"type": "open", "tables": 1, "game": "poker", "seats": 4, "bot": "counting", "odds": "always",
              "move_seconds": 0, "variant": "one-deal"}, '"poker" is not allowed'),
            ({"type": "open", "tables": 1, "game": "hochstapler", "seats": 4, "bot": "counting", "odds": "always",
              "move_seconds": 3, "variant": "one-deal"}, "0 (no limit) or a whole number from 10"),
            ({"type": "open", "tables": 31, "game": "hochstapler", "seats": 4, "bot": "counting",
              "odds": "always", "move_seconds": 0, "variant": "one-deal"}, "from 1 to 30"),
            ({"type": "end", "table": 1, "seat": 0}, 'unknown key "seat"'),
        ]:
            answer = order(teacher, **fields)
            assert answer["type"] == "error", fields
            assert problem in answer["message"], (fields, answer)
    assert app.state.room.tables == {}


def test_a_freed_seat_is_told_and_played_by_a_bot_and_a_new_link_works_once(server):
    client, app = server
    table_id = open_table(client, app, seats=3)
    ann, ben = join(client, app, "Ann"), join(client, app, "Ben")
    with teacher_socket(client, app) as teacher:
        notice = order(teacher, type="relink", table=table_id, seat=1)["html"]
        link = notice.split('href="')[1].split('"')[0].split("/seat/")[1]
        with seat_socket(client, ann) as socket:
            receive(socket)
            order(teacher, type="free", table=table_id, seat=0)
            free = until(socket, lambda m: m["type"] == "view" and "no seat" in m["regions"]["status"])
            assert f'"table": {table_id}' in free["regions"]["board"]   # Ann stays in the class: she may sit again
            assert 0 not in app.state.room.tables[table_id].students
            socket.send_text(json.dumps({"type": "sit", "table": table_id}))
            back = until(socket, lambda m: m["type"] == "view" and "Ann" in m["regions"]["table"])
            assert back["regions"]["table"].startswith(f"Table {table_id}")
            order(teacher, type="remove", student=app.state.room.student_of(ann).id)
            gone = until(socket, lambda m: m["type"] == "gone")
            assert "no longer in this class" in gone["message"]
            assert gone["join"] == f"/?code={app.state.room.code}"   # the join page keeps the code
    assert app.state.room.student_of(ann) is None
    assert all(s.name != "Ann" for s in app.state.room.tables[table_id].students.values())
    first = client.get(f"/seat/{link}", follow_redirects=False)
    new = first.cookies["bm_seat"]
    client.cookies.clear()
    assert first.status_code == 303
    assert new != ben
    assert client.get(f"/seat/{link}").status_code == 404                  # once only
    assert app.state.room.seat_for(ben) is None
    assert app.state.room.seat_for(new)[1] == 1


def test_a_student_who_vanished_is_played_by_the_bot_and_comes_back(server):
    client, app = server
    room = app.state.room
    table_id = open_direct(client, app, TableSettings(seats=3, move_seconds=1))
    ann = join(client, app, "Ann")
    with teacher_socket(client, app) as teacher:
        order(teacher, type="start", table=table_id)
        table = room.tables[table_id]
        deadline = time.monotonic() + 30
        while table.current is not None:            # nobody's page is open: the clock runs out once,
            assert time.monotonic() < deadline      # then the bot plays Ann's seat at its own pace
            time.sleep(0.05)
        run = table.last
        assert {m.by for m in run.moves if m.seat == 0} == {"timeout"}
        assert (table_id, 0) in room.away
        room_view = until(teacher, lambda m: m["type"] == "room" and "away: a bot plays" in m["regions"]["tables"])
        assert "Ann" in room_view["regions"]["tables"]
        with seat_socket(client, ann) as socket:
            assert "Game over" in receive(socket)["regions"]["status"]
            assert (table_id, 0) not in room.away


def test_a_student_with_the_page_open_gets_the_full_time_each_turn(server):
    client, app = server
    room = app.state.room
    table_id = open_direct(client, app, TableSettings(seats=3, move_seconds=1))
    ann = join(client, app, "Ann")
    with seat_socket(client, ann) as socket:
        receive(socket)
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        started = time.monotonic()
        until(socket, lambda m: m["type"] == "view" and m["at"] == 1)   # the bot played for Ann
        assert time.monotonic() - started >= 0.9
        run = room.tables[table_id].current
        assert [(m.seat, m.by) for m in run.moves[:1]] == [(0, "timeout")]
        assert (table_id, 0) not in room.away


def test_the_teacher_gives_a_student_more_time_and_the_student_asks_for_more(server):
    client, app = server
    room = app.state.room
    table_id = open_direct(client, app, TableSettings(seats=3, move_seconds=1))
    ann = join(client, app, "Ann")
    student = next(iter(room.students))
    with teacher_socket(client, app) as teacher:
        notice = order(teacher, type="clock", student=student, clock="triple")
        assert "three times the table" in notice["html"]
        room_view = until(teacher, lambda m: m["type"] == "room" and "three times" in m["regions"]["tables"])
        assert "Ann" in room_view["regions"]["tables"]              # beside her seat, in words
        assert f'<option value="{student}">Ann (table {table_id})</option>' in room_view["regions"]["students"]
        for wrong, problem in (({"clock": "forever"}, "allowed: table, double, triple, off"),
                               ({"clock": "off", "student": 99}, "no student 99"),
                               ({"clock": "off", "student": student, "seat": 0}, "seat")):
            said = order(teacher, **{"type": "clock", "student": student, **wrong})
            assert said["type"] == "error", said
            assert problem in said["message"], said
        with seat_socket(client, ann) as socket:
            receive(socket)
            order(teacher, type="start", table=table_id)
            started = time.monotonic()
            view = until(socket, lambda m: m["type"] == "view" and m["turn"])
            assert view["clock"] == 3                      # the student's page knows, to warn them
            assert "3 seconds for this move" in view["regions"]["time"]
            time.sleep(2)
            socket.send_text(json.dumps({"type": "time"}))  # more time: the clock starts again
            assert until(socket, lambda m: m["type"] == "clock") == {"type": "clock", "seconds": 3}
            asked = time.monotonic()
            until(socket, lambda m: m["type"] == "view" and m["at"] == 1)   # then the bot played for Ann
            assert time.monotonic() - asked >= 2.8
            assert time.monotonic() - started >= 4.8
            assert room.tables[table_id].current.moves[0].by == "timeout"
            socket.send_text(json.dumps({"type": "time"}))
            said = until(socket, lambda m: m["type"] in ("error", "clock"))
            assert said["type"] == "error"
            assert "not your turn" in said["message"]
        assert order(teacher, type="clock", student=student, clock="off")["type"] == "notice"
    assert room.seconds(room.tables[table_id], 0) == 0
    assert room.clocks == {student: "off"}
    assert json.loads(room.db.room_value("clocks")) == {str(student): "off"}   # on disk: a restart keeps it


def test_a_student_whose_game_has_ended_sees_the_class_picture_the_projector_shows(server):
    client, app = server
    table_id = open_table(client, app, seats=3)
    ann = join(client, app, "Ann")
    with seat_socket(client, ann) as socket, teacher_socket(client, app) as teacher:
        receive(socket)
        order(teacher, type="start", table=table_id)
        view = until(socket, lambda m: m["type"] == "view" and m["game"] is not None)
        assert view["regions"]["picture"] == ""            # a game in play: no picture yet
        order(teacher, type="end", table=table_id)
        shown = until(socket, lambda m: m["type"] == "room")
        projected = until(teacher, lambda m: m["type"] == "room" and 'data-game="hochstapler"' in m["regions"]["picture"])
    picture = shown["regions"]["picture"]
    assert list(shown["regions"]) == ["picture"]
    assert '<section class="picture" data-game="hochstapler">' in picture
    assert "data-alone" not in picture                     # the teacher's button is not on a phone
    section = projected["regions"]["picture"]
    assert picture.split("</h2>", 1)[1] in section.split("</h2>", 1)[1]   # the same figures
