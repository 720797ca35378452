"""The lessons read a class's games: the hands-on counts of lessons 1, 5 and 7 from the
class table's download of every game's save, instead of counts typed in; each checked
against the deals and cards the saves hold, read here from their JSON."""

from __future__ import annotations

import json
import zipfile
from fractions import Fraction

import pytest

from bluffmath import gauner
from bluffmath import muenchhausen as mh
from bluffmath.errors import InvalidInputError
from bluffmath_widgets.lessons.hands_on import (
    class_face_down,
    class_gauner_counts,
    class_table_counts,
    compare,
    gauner_chances,
)
from tests.class_server import join, open_table, order, served, teacher_socket


def _download(tmp_path, seats: int, games: int, **settings) -> tuple[str, list[dict]]:
    """Games of one student and bots at the class table (bots play the student's seat too,
    on a short clock), and the teacher's ZIP of their saves."""
    with served() as (client, app):
        room = app.state.room
        table_id = open_table(client, app, seats=seats, **settings)
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


def _zip(tmp_path, saves: list[str]) -> str:
    path = tmp_path / "games.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for n, text in enumerate(saves):
            archive.writestr(f"game-{n}.json", text)
    return str(path)


def test_lesson_5_counts_every_hand_of_the_two_player_games(tmp_path):
    saves = [gauner.save_game(gauner.Game(players).new_game(seed)) for players, seed in
             [(2, 1), (2, 2), (3, 3), (2, 4)]]
    path = _zip(tmp_path, saves)
    hands = [hand for text in saves if json.loads(text)["players"] == 2 for hand in json.loads(text)["deal"]["hands"]]
    expected = dict.fromkeys(range(12), 0)  # 0 to 11: the cross holds 11 of the 36 cards
    for hand in hands:
        expected[sum(card.startswith("green-") or card.endswith("-C") for card in hand)] += 1
    assert len(hands) == 6
    assert class_gauner_counts(path, players=2, cell="green-C") == expected
    assert "6" in compare(expected, gauner_chances(players=2, cell="green-C"))


def test_lesson_5_reads_the_class_tables_gauner_games(tmp_path):
    path, saves = _download(tmp_path, seats=2, games=2, game="gauner", bot="solver", variant="plain")
    hands = [hand for save in saves for hand in save["deal"]["hands"]]
    expected = dict.fromkeys(range(12), 0)
    for hand in hands:
        expected[sum(card.startswith("green-") or card.endswith("-C") for card in hand)] += 1
    assert len(hands) == 4
    assert class_gauner_counts(path, players=2, cell="green-C") == expected


def test_lesson_7_sets_every_card_laid_face_down_beside_laying_at_random(tmp_path):
    first = mh.Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7).believe()
    # seat 2 laid 7 on its offer of 6 from 1..8: honest; 3 of its 8 cards reach 6
    second = mh.Game(players=3).new_game().name(3).offer(8).pass_().pass_().lay(2).doubt()
    # seat 1 laid 2 on its offer of 8 from 1..8: a bluff; 1 of its 8 cards reaches 8
    path = _zip(tmp_path, [mh.save_game(first), mh.save_game(second)])
    counts, chances = class_face_down(path)
    assert counts == {"honest": 1, "a bluff": 1}
    assert chances == {"honest": (Fraction(3, 8) + Fraction(1, 8)) / 2, "a bluff": 1 - Fraction(1, 4)}


def test_lesson_7_reads_the_class_tables_munchhausen_games(tmp_path):
    path, saves = _download(tmp_path, seats=3, games=1, game="muenchhausen", bot="odds", variant="one-round")
    lays = sum(action[0] == "lay" for save in saves for action in save["actions"])
    counts, chances = class_face_down(path)
    assert sum(counts.values()) == lays > 0
    assert 0 <= chances["honest"] <= 1
    assert chances["honest"] + chances["a bluff"] == 1
