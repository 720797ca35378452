"""A lesson at the class table: a plan of activities, the class moved on in one step, the
groups kept, shuffled or set by the teacher, a student who finishes first, one who comes
late, and all of it kept across a restart."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.schema import Node
from bluffmath_class.database import Database
from bluffmath_class.errors import MessageError
from bluffmath_class.lesson import Activity, Plan, share, teacher_groups
from bluffmath_class.protocol import Move, read_order
from bluffmath_class.room import Room
from bluffmath_class.settings import TableSettings
from tests.class_server import join, open_table, order, seat_socket, served, teacher_socket, until

GAUNER = TableSettings("gauner", 3, "solver", "always", 0, "plain")
DUEL = TableSettings("duel", 2, "equilibrium", "always", 0, "0-4-1")


def _class(path, names=("Ann", "Ben", "Cy", "Dee", "Eve")) -> tuple[Room, list, dict[str, str]]:
    """A room with two Hochstapler tables of three, the students seated in order, playing;
    the plan: Gauner raus! at three seats, then the Duel."""
    room = Room(Database(path))
    tables = room.open_tables(TableSettings(seats=3), 2)
    secrets = {name: room.join(room.code, name)[0] for name in names}
    room.plan_add(Activity(GAUNER))
    room.plan_add(Activity(DUEL))
    for table in tables:
        room.start(table.id)
    return room, tables, secrets


def _places(room: Room, secrets: dict[str, str]) -> dict[str, tuple[int, int]]:
    return {name: (t.id, seat) for name, secret in secrets.items() if (found := room.seat_for(secret))
            for t, seat in [found]}


@settings(max_examples=60, deadline=None)
@given(groups=st.lists(st.lists(st.integers(), min_size=1, max_size=9), max_size=8),
       seats=st.integers(2, 8), tables=st.integers(0, 6))
def test_a_class_is_shared_out_whole_and_as_evenly_as_the_tables_allow(groups, seats, tables):
    everyone = [s for g in groups for s in g]
    bins = share(groups, seats, tables)
    assert sorted(s for b in bins for s in b) == sorted(everyone)          # everyone, once
    assert len(bins) == max(tables, -(-len(everyone) // seats), 1)          # as few tables as hold them
    assert all(len(b) <= seats for b in bins)
    assert max(map(len, bins)) - min(map(len, bins)) <= 1                    # as even as can be
    whole = [g for g in groups if len(g) <= seats]
    kept = sum(any(set(g) <= set(b) for b in bins) for g in whole)
    assert kept >= len(whole) - len(bins)    # at most one group split at each table's edge


def test_the_teachers_groups_are_read_strictly():
    names = ["Ann", "Ben", "Cy"]
    assert teacher_groups(" ann ,Ben\n\n cy ", names, 2) == [["Ann", "Ben"], ["Cy"]]
    for text, problem in [("Ann, Ann", "twice"), ("Ann, Bob", "Bob, who is not in this class"),
                          ("Ann, Ben, Cy", "has 3 students; a table of this activity has 2 seats")]:
        with pytest.raises(MessageError, match=problem):
            teacher_groups(text, names, 2)


def test_a_plan_is_read_strictly_and_kept_by_name(tmp_path):
    good = {"name": "Monday", "activities": [{**GAUNER.to_json(), "tables": 2}]}
    assert Plan.read(Node(good, "a plan")).to_json()["activities"][0]["tables"] == 2
    for bad, problem in [({**good, "extra": 1}, 'unknown key "extra"'),
                         ({"name": "", "activities": []}, "a name of 1 to 40"),
                         ({"name": "M", "activities": [{**GAUNER.to_json(), "seats": 9}]}, "seats must be"),
                         ({"name": "M", "activities": [GAUNER.to_json()] * 21}, "at most 20")]:
        with pytest.raises(ValueError, match=problem):
            Plan.read(Node(bad, "a plan"))
    room = Room(Database(tmp_path / "class.sqlite3"))
    room.plan_add(Activity(GAUNER))
    room.save_plan("Monday's lesson")
    room.set_plan(Plan("Other"))
    room.load_plan("Monday's lesson")
    assert [a.settings for a in room.plan.activities] == [GAUNER]
    with pytest.raises(MessageError, match="no lesson plan 'Tuesday'"):
        room.load_plan("Tuesday")
    again = Room(Database(tmp_path / "class.sqlite3"))
    assert again.plan == room.plan
    assert again.activity == -1


def test_next_activity_moves_everyone_now_to_balanced_tables_of_the_next_game(tmp_path):
    room, old, secrets = _class(tmp_path / "class.sqlite3")
    before = {name: room.student_of(s).id for name, s in secrets.items()}
    new = room.next_activity("kept", "now")
    assert all(t.last.ended_by == "teacher" for t in old)             # the games under way ended, kept as they stood
    assert [t.rules.name for t in new] == ["gauner", "gauner"]
    assert sorted(len(t.students) for t in new) == [2, 3]
    assert all(t.current is not None for t in new)                    # the games started
    places = _places(room, secrets)
    assert set(places) == set(secrets)                                # every student has a seat, same phone
    assert {name: room.student_of(s).id for name, s in secrets.items()} == before
    # the groups kept: Ann, Ben, Cy sat together at table 1 and fit a table of three
    assert len({places[n][0] for n in ("Ann", "Ben", "Cy")}) == 1
    assert room.activity == 0
    again = Room(Database(tmp_path / "class.sqlite3"))                # a restart keeps it all
    assert again.activity == 0
    assert _places(again, secrets) == places


def test_students_still_playing_finish_first_and_their_seats_wait_for_them(tmp_path):
    room, old, secrets = _class(tmp_path / "class.sqlite3")
    room.end(old[1].id)                                               # Dee and Eve's game is over
    new = room.next_activity("kept", "after-game")
    assert old[0].current is not None                                 # Ann, Ben, Cy play on
    places = _places(room, secrets)
    assert {n: places[n][0] for n in ("Ann", "Ben", "Cy")} == {n: old[0].id for n in ("Ann", "Ben", "Cy")}
    assert places["Dee"][0] in {t.id for t in new}
    kept_for = {room.students[s].name: place for s, place in room.reserved.items()}
    assert set(kept_for) == {"Ann", "Ben", "Cy"}
    waiting = room.tables[kept_for["Ann"][0]]
    assert waiting.current is None                                    # their table waits for them
    assert not set(room.open_seats(waiting)) & {seat for _, seat in kept_for.values()}  # nobody else takes them
    again = Room(Database(tmp_path / "class.sqlite3"))
    assert again.reserved == room.reserved                            # kept across a restart
    room.end(old[0].id)                                               # their game ends: they move, their game starts
    assert {_places(room, secrets)[n] for n in ("Ann", "Ben", "Cy")} == set(kept_for.values())
    assert room.reserved == {}
    assert waiting.current is not None


def test_a_late_student_joins_the_current_activity_and_a_full_activity_opens_a_table(tmp_path):
    room, _, _secrets = _class(tmp_path / "class.sqlite3", names=("Ann", "Ben", "Cy"))
    [table] = room.next_activity("kept", "now")
    _secret, joined, _seat = room.join(room.code, "Fay")                # one free seat? no: 3 of 3
    assert joined is not table
    assert joined.activity == room.activity
    assert joined.rules.name == "gauner"
    assert joined.current is not None                                 # the activity is being played: it starts
    _, second, _ = room.join(room.code, "Gus")
    assert second is joined                                           # the next late student joins Fay


def test_the_teachers_groups_seat_each_line_at_a_table(tmp_path):
    room, _, secrets = _class(tmp_path / "class.sqlite3")
    tables = room.next_activity("teacher", "now", "Eve, Ann\nben")
    places = _places(room, secrets)
    assert places["Eve"][0] == places["Ann"][0] == tables[0].id
    assert places["Ben"][0] == tables[1].id
    assert {places[n][0] for n in ("Cy", "Dee")} <= {t.id for t in tables}
    with pytest.raises(MessageError, match="Zed, who is not in this class"):
        room.next_activity("teacher", "now", "Zed")
    assert room.activity == 0                                         # a refused order changes nothing


def test_shuffled_groups_seat_everyone_and_the_plan_ends(tmp_path):
    room, _, secrets = _class(tmp_path / "class.sqlite3")
    room.next_activity("shuffled", "now")
    room.next_activity("shuffled", "now")
    assert room.activity == 1
    assert {room.tables[p[0]].rules.name for p in _places(room, secrets).values()} == {"duel"}
    assert len(_places(room, secrets)) == 5
    assert sorted(len(t.students) for t in room.current_tables()) == [1, 2, 2]
    with pytest.raises(MessageError, match="no next activity"):
        room.next_activity("kept", "now")


def test_the_orders_of_a_lesson_are_read_strictly():
    order_ = read_order(json.dumps({"type": "next", "grouping": "shuffled", "when": "now", "groups": "",
                                    "start": False}))
    assert (order_.grouping, order_.when, order_.start) == ("shuffled", "now", False)
    added = read_order(json.dumps({"type": "plan-add", **GAUNER.to_json(), "tables": 2}))
    assert added.activity() == Activity(GAUNER, 2)
    for text, problem in [({"type": "next", "grouping": "kep", "when": "now"}, 'did you mean "kept"'),
                          ({"type": "next", "grouping": "kept"}, 'key "when" missing'),
                          ({"type": "plan-save", "name": "x" * 41}, "a name of 1 to 40"),
                          ({"type": "next", "grouping": "teacher", "when": "now", "groups": "x" * 2001},
                           "at most 2,000"),
                          ({"type": "remove", "student": 0}, "at least 1")]:
        with pytest.raises(MessageError, match=problem):
            read_order(json.dumps(text))


def test_a_lesson_through_the_teachers_socket_and_the_students_phones():
    """The teacher builds the plan and moves the class on through the socket; each phone,
    its socket open all along, follows its student to the next activity's table."""
    with served() as (client, app):
        open_table(client, app, seats=3)
        secrets = [join(client, app, name) for name in ("Ann", "Ben")]
        with teacher_socket(client, app) as teacher, seat_socket(client, secrets[0]) as ann:
            until(ann, lambda m: m["type"] == "view")
            added = order(teacher, type="plan-add", **GAUNER.to_json())
            assert "Gauner raus!" in added["html"]
            assert order(teacher, type="plan-save", name="Monday")["type"] == "notice"
            room = until(teacher, lambda m: m["type"] == "room" and "Monday" in m["regions"]["lesson"])
            assert "Next activity: Gauner raus!" in room["regions"]["lesson"]
            moved = order(teacher, type="next", grouping="kept", when="now", groups="", start=True)
            assert "activity 1" in moved["html"]
            view = until(ann, lambda m: m["type"] == "view" and "Gauner raus!" in m["regions"]["table"]
                         and m["game"] is not None)
            assert view["regions"]["board"]
            assert "(the class is here)" in until(teacher, lambda m: m["type"] == "room"
                                                   and "class is here" in m["regions"]["lesson"])["regions"]["lesson"]


def test_a_freed_student_sits_down_again_from_the_phone():
    with served() as (client, app):
        first = open_table(client, app, seats=3)
        second = open_table(client, app, seats=3)
        secret = join(client, app, "Ann")
        room = app.state.room
        with teacher_socket(client, app) as teacher, seat_socket(client, secret) as ann:
            until(ann, lambda m: m["type"] == "view")
            order(teacher, type="free", table=first, seat=0)
            free = until(ann, lambda m: m["type"] == "view" and "no seat" in m["regions"]["status"])
            assert f'"table": {second}' in free["regions"]["board"]
            ann.send_text(json.dumps({"type": "move", "game": 1, "at": 0, "move": {"kind": "doubt"}}))
            assert "no seat" in until(ann, lambda m: m["type"] == "error")["message"]
            ann.send_text(json.dumps({"type": "sit", "table": second}))
            until(ann, lambda m: m["type"] == "view" and m["regions"]["table"].startswith(f"Table {second}"))
            assert room.seat_for(secret)[0].id == second
            ann.send_text(json.dumps({"type": "sit", "table": first}))
            assert "you have a seat already" in until(ann, lambda m: m["type"] == "error")["message"]


def test_the_join_form_offers_the_tables_with_a_free_seat_and_keeps_the_code():
    with served() as (client, app):
        first = open_table(client, app, seats=3)
        second = open_table(client, app, seats=3)
        page = client.get(f"/?code={app.state.room.code}").text
        assert f'value="{app.state.room.code}"' in page
        assert f'<option value="{second}">Table {second}: Hochstapler, 3 free</option>' in page
        answer = client.post("/join", data={"code": app.state.room.code, "name": "Ann", "table": str(second)},
                             follow_redirects=False)
        assert answer.status_code == 303
        assert app.state.room.seat_for(answer.cookies["bm_seat"])[0].id == second
        client.cookies.clear()
        wrong = client.post("/join", data={"code": app.state.room.code, "name": "Ben", "table": "x1"})
        assert wrong.status_code == 400
        assert "hoose a table from the list" in wrong.text
        assert first in app.state.room.tables


def test_a_game_started_by_next_activity_plays(tmp_path):
    """The class moved on plays the next game at once: a move at the new table is taken."""
    room, _, secrets = _class(tmp_path / "class.sqlite3")
    room.next_activity("kept", "now")
    table, seat = room.seat_for(secrets["Ann"])
    run = table.current
    rng = random.Random(1)
    while table.rules.to_act(run.state) != seat and run.ended_by is None:
        to_act = table.rules.to_act(run.state)
        room._play(table, run, to_act, rng.choice(run.state.legal_actions()), "student")
    if run.ended_by is None:
        room.move(table, seat, Move(run.id, run.at, rng.choice(run.state.legal_actions())))
        assert (run.moves[-1].seat, run.moves[-1].by) == (seat, "student")  # Ann's own move, taken
    assert run.at >= 1
    assert table.rules.name == "gauner"
