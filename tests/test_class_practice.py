"""Practice at the class table (bluffmath_class.practice): a student's own mistakes from a
game that has ended, and the teacher's drill set, through the in-process server.

A student gets drills of the moves they made themselves in their own seat, the costliest
first; an answer is in the progress file before the page answers, and after a restart; a
tampered form is refused with a clear page; a practice page shows only what the drill's
question holds (the core's leak check covers that: tests/test_train_leaks.py), and the
question is the same in a world where the cards the seat could not see were dealt anew;
the teacher's set names no student, and the teacher sees the class's answers.
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from bluffmath import hochstapler as hs
from bluffmath.train import Progress, drills
from bluffmath_class import practice_pages
from bluffmath_class.practice import progress_path
from tests.class_server import (
    Player,
    join,
    open_table,
    order,
    play_threads,
    served,
    teacher_socket,
)
from tests.test_train_leaks import dealing, dealt_anew, drill_at

NAMES = ("Ann", "Ben")


def cookie(secret: str) -> dict[str, str]:
    return {"cookie": f"bm_seat={secret}"}


def play_a_game(client: Any, app: Any, seed: int = 3) -> tuple[dict[str, str], Any, Any]:
    """Ann and Ben play a game of Hochstapler (4 seats, two bots) to its end: their
    secrets, the table and the game."""
    table_id = open_table(client, app, seats=4)
    secrets = {n: join(client, app, n) for n in NAMES}
    players = [Player(client, app, secrets[n], table_id, seed=seed + i) for i, n in enumerate(NAMES)]
    with teacher_socket(client, app) as teacher:
        order(teacher, type="start", table=table_id)
    play_threads(players)
    table = app.state.room.tables[table_id]
    return secrets, table, table.last


def seat_of(table: Any, name: str) -> int:
    return next(s for s, st in table.students.items() if st.name == name)


def expected(run: Any, table: Any, name: str, level: str = "any") -> list[Any]:
    """The drills of ``name``'s own moves, made here from the game's save by the core."""
    seat = seat_of(table, name)
    own = {n for n, m in enumerate(run.moves, 1) if m.seat == seat and m.by == "student"}
    found = drills(table.rules.save(run.state), seat, threshold=0)
    return [d for d in found if d.number in own and (d.decision.cost > 0 if level == "any" else True)]


def drill_ids(page: str) -> list[str]:
    return re.findall(r'name="drill" value="([^"]+)"', page)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A played game on a class database in a file: (folder, secrets, table, run)."""
    folder = tmp_path_factory.mktemp("practice")
    with served(str(folder / "class.sqlite3")) as (client, app):
        secrets, table, run = play_a_game(client, app)
        assert run.ended_by == "finished"
    return folder, secrets, table, run


def test_a_student_gets_drills_of_their_own_seat_only_the_costliest_first(game):
    folder, secrets, table, run = game
    with served(str(folder / "class.sqlite3")) as (client, _app):
        for name in NAMES:
            want = expected(run, table, name)
            assert want, "the game gave no drill: choose another seed"
            shown = []
            for n in range(len(want) + 1):
                page = client.get(f"/practice/game/{run.id}?level=any&n={n}", headers=cookie(secrets[name])).text
                shown += drill_ids(page)
            assert shown == [d.id for d in sorted(want, key=lambda d: (-d.decision.cost, d.number))]
            costs = [d.decision.cost for d in want if d.id in shown]
            assert sorted(costs, reverse=True) == [next(d for d in want if d.id == i).decision.cost for i in shown]
            assert "You have answered every drill" in page or "No decision" in page
        ann = {d.id for d in expected(run, table, "Ann")}
        assert not ann & {d.id for d in expected(run, table, "Ben")}
        # the ended game's page offers the practice, and a stranger gets nothing
        assert client.get(f"/practice/game/{run.id}", follow_redirects=False).status_code == 303
        index = client.get("/practice", headers=cookie(secrets["Ann"])).text
        assert f"/practice/game/{run.id}" in index


def test_an_answer_is_in_the_store_before_the_reply_and_after_a_restart(game, tmp_path):
    folder, secrets, table, run = game
    database = tmp_path / "class.sqlite3"
    database.write_bytes((folder / "class.sqlite3").read_bytes())  # a copy: the other tests keep theirs
    drill = expected(run, table, "Ann")[0]
    student = f"student {table.students[seat_of(table, 'Ann')].id}"
    with served(str(database)) as (client, _):
        reply = client.post(f"/practice/game/{run.id}", headers=cookie(secrets["Ann"]),
                            data={"drill": drill.id, "option": drill.decision.best[0], "n": "0", "level": "any"})
        assert reply.status_code == 200
        with Progress(progress_path(database)) as store:  # another connection: committed on disk
            assert store.attempts(student) == 1
            assert store.running_accuracy(student) == [Fraction(1)]
        assert "A best option" in reply.text
        assert "Next" in reply.text
        worst = min(drill.options, key=lambda o: drill.decision.values[o])
        reply = client.post(f"/practice/game/{run.id}", headers=cookie(secrets["Ann"]),
                            data={"drill": drill.id, "option": worst, "n": "0", "level": "any"})
        assert reply.status_code == 200
        assert "It cost" in reply.text
        assert "Why:" in reply.text
    with served(str(database)) as (client, _app):
        page = client.get("/practice/progress", headers=cookie(secrets["Ann"])).text
        assert "1 of 2" in page
        assert "<svg" in page
        assert 'aria-label="the share of your answers' in page
        assert "Accuracy by skill" in page
        assert drill.skill in html.unescape(page)


@pytest.mark.parametrize(("fields", "said"), [
    ({"option": "raise 99 red"}, "is not one of the drill"),
    ({"drill": "0" * 16}, "not one of yours"),
    ({"n": "-1"}, "whole number"),
    ({"level": "all"}, "level must be one of"),
    ({"extra": "1"}, "unknown or repeated field"),
    ({"option": None}, "lacks option"),
])
def test_a_tampered_form_is_refused_with_a_clear_page(game, fields, said):
    folder, secrets, table, run = game
    drill = expected(run, table, "Ann")[0]
    data = {"drill": drill.id, "option": drill.options[0], "n": "0", "level": "any", **fields}
    data = {k: v for k, v in data.items() if v is not None}
    with served(str(folder / "class.sqlite3")) as (client, _app):
        reply = client.post(f"/practice/game/{run.id}", headers=cookie(secrets["Ann"]), data=data)
        assert reply.status_code == 400
        assert said in html.unescape(reply.text)
        assert "Traceback" not in reply.text
    with Progress(progress_path(folder / "class.sqlite3")) as store:
        assert store.attempts(f"student {table.students[seat_of(table, 'Ann')].id}") == 0


def test_a_student_cannot_answer_another_seats_drill_nor_post_from_elsewhere(game):
    folder, secrets, table, run = game
    bens = expected(run, table, "Ben")[0]
    with served(str(folder / "class.sqlite3")) as (client, _app):
        reply = client.post(f"/practice/game/{run.id}", headers=cookie(secrets["Ann"]),
                            data={"drill": bens.id, "option": bens.options[0], "n": "0", "level": "any"})
        assert reply.status_code == 400
        assert "not one of yours" in html.unescape(reply.text)
        foreign = {**cookie(secrets["Ann"]), "origin": "http://evil.example"}
        assert client.post(f"/practice/game/{run.id}", headers=foreign, data={}).status_code == 403
        assert client.post(f"/practice/game/{run.id}", data={}).status_code == 403
        assert client.get("/practice/game/999", headers=cookie(secrets["Ann"])).status_code == 400


def test_a_practice_page_shows_only_the_drills_question(game):
    """What a page shows before the answer is the question's (the core's leak check covers
    it): the same page with every value, the best and the game's choice taken away."""
    folder, secrets, table, run = game
    with served(str(folder / "class.sqlite3")) as (client, _app):
        for n, drill in enumerate(sorted(expected(run, table, "Ann"), key=lambda d: (-d.decision.cost, d.number))):
            page = client.get(f"/practice/game/{run.id}?level=any&n={n}", headers=cookie(secrets["Ann"])).text
            blank = replace(drill, decision=replace(drill.decision, values=dict.fromkeys(drill.options, Fraction(0)),
                                                    choice=drill.options[0], explanation=""), skill="", model="")
            section = practice_pages.question(blank, f"/practice/game/{run.id}", {"n": str(n), "level": "any"},
                                              f"Drill {n + 1} of {len(expected(run, table, 'Ann'))}")
            assert section in page


@pytest.mark.parametrize("seed", [1, 2])
def test_a_practice_question_is_the_same_whatever_the_cards_the_seat_cannot_see(seed, monkeypatch):
    """The class table's leak check on the practice page: the cards the seat could not see
    dealt anew, the same moves replayed, the very same page (but the drill's id)."""
    end = hs.play_game(hs.Game(players=3), [hs.RandomBot(), hs.CardCountingBot(), hs.BidReadingBot()], seed=seed)
    events, rng, checked = end.events, random.Random(seed), 0
    calls = next((i for i, e in enumerate(events) if type(e).__name__ != "Call"), len(events))
    for number in range(1, min(calls + 1, len(events)) + 1):
        seat = events[number - 1].seat
        base = drill_at(hs.Game(players=3).replay(seed, end.opener, events[:number]), seat, number)
        if base is None:
            continue
        page = practice_pages.question(base, "/practice/game/1", {"n": "0"}, "Drill 1 of 1")
        for _ in range(2):
            with dealing(monkeypatch, 3, seed, dealt_anew(hs.game.deal_cards(3, seed, 0), seat, rng)):
                other = drill_at(hs.Game(players=3).replay(seed, end.opener, events[:number]), seat, number)
            assert other is not None
            assert other.id != base.id
            world = practice_pages.question(other, "/practice/game/1", {"n": "0"}, "Drill 1 of 1")
            assert world.replace(other.id, base.id) == page
        checked += 1
    assert checked


def test_the_teachers_set_names_no_student_and_counts_the_classs_answers(game, tmp_path):
    folder, secrets, table, run = game
    database = tmp_path / "class.sqlite3"
    database.write_bytes((folder / "class.sqlite3").read_bytes())
    teacher_cookie = None
    with served(str(database)) as (client, app):
        teacher_cookie = {"cookie": f"bm_teacher={app.state.room.teacher_key}"}
        assert client.post("/teacher/drills", follow_redirects=False).status_code == 403
        assert client.get("/practice/class", headers=cookie(secrets["Ann"])).status_code == 400
        made = client.post("/teacher/drills", headers=teacher_cookie, follow_redirects=False)
        assert made.status_code == 303
        page = client.get("/teacher/drills", headers=teacher_cookie).text
        for name in (*NAMES, *(s.name for s in app.state.room.students.values())):
            assert name not in page
        count = page.count('class="set-drill"')
        assert 0 < count <= 10
        everyone = expected(run, table, "Ann") + expected(run, table, "Ben")
        costliest = max(everyone, key=lambda d: (d.decision.cost / d.decision.difficulty, d.decision.cost))
        assert re.search(r'data-drill="([^"]+)"', page)[1] == costliest.id
        # each student answers the first drill of the set from their phone
        for name, best in (("Ann", True), ("Ben", False)):
            question = client.get("/practice/class", headers=cookie(secrets[name])).text
            for who in NAMES:
                assert who not in question
            [drill_id] = drill_ids(question)
            number = re.search(r'name="set" value="(\d+)"', question)[1]
            option = costliest.decision.best[0] if best else min(
                costliest.options, key=lambda o: costliest.decision.values[o])
            reply = client.post("/practice/class", headers=cookie(secrets[name]),
                                data={"drill": drill_id, "option": option, "n": "0", "set": number})
            assert reply.status_code == 200
        page = client.get("/teacher/drills", headers=teacher_cookie).text
        assert 'data-answers="2" data-best="1"' in page
        assert "1 of 2 best (1/2, 50" in page
    with served(str(database)) as (client, app):  # the set and its answers outlive a restart
        assert 'data-answers="2" data-best="1"' in client.get("/teacher/drills", headers=teacher_cookie).text
