"""The lessons read a class's games: lesson 1's hands-on counts from the class table's
download of every game's save, instead of counts typed in."""

from __future__ import annotations

import json
import zipfile

import pytest

from bluffmath.errors import InvalidInputError
from bluffmath_widgets.lessons.hands_on import class_table_counts
from tests.class_server import join, open_table, order, served, teacher_socket


def _download(tmp_path, seats: int, games: int) -> tuple[str, list[dict]]:
    """Games of one student and bots at the class table (bots play the student's seat too,
    on a short clock), and the teacher's ZIP of their saves."""
    with served() as (client, app):
        room = app.state.room
        table_id = open_table(client, app, seats=seats)
        join(client, app, "Ann")
        client.portal.call(room.free, table_id, 0)     # a bot plays every seat: quick games
        with teacher_socket(client, app) as teacher:
            for _ in range(games):
                order(teacher, type="start", table=table_id)
                while room.tables[table_id].current is not None:
                    client.portal.call(lambda: None)
        client.cookies.set("bm_teacher", room.teacher_key)
        data = client.get("/teacher/saves.zip").content
    path = tmp_path / "class-games.zip"
    path.write_bytes(data)
    with zipfile.ZipFile(path) as archive:
        saves = [json.loads(archive.read(n)) for n in archive.namelist() if n.endswith(".json")]
    return str(path), saves


def test_lesson_1_counts_every_colour_of_every_deal_in_the_download(tmp_path):
    path, saves = _download(tmp_path, seats=5, games=2)
    totals = [sum(cards) for save in saves for deal in save["deals"] for cards in deal["hands"].values()]
    assert len(totals) == 14
    assert class_table_counts(path, players=5, call=15) == {
        "at least 15": sum(t >= 15 for t in totals), "less than 15": sum(t < 15 for t in totals)}


def test_a_download_without_games_of_that_size_says_what_to_do(tmp_path):
    path, _ = _download(tmp_path, seats=3, games=1)
    with pytest.raises(InvalidInputError, match=r"no Hochstapler game of 5 players: open tables of 5 seats"):
        class_table_counts(path, players=5)
    (tmp_path / "not.zip").write_text("hello")
    with pytest.raises(InvalidInputError, match=r"cannot read .*Every game.s save"):
        class_table_counts(tmp_path / "not.zip")
