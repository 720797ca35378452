"""The class table's teacher side in German (issue 44): the teacher's page, the projector,
the summary to print, the downloads, the practice pages, the refusals a teacher or student
reads, and the live habits keep no sentence of their English rendering (names and
numbers aside) and show the same exact numbers; the CSVs say their language in their
file's name, with a header and words in it; and the teacher's choice of the class's
language is the language of the teacher's pages.

Every game's own words (its public table, its picture of the class, its variants and bots)
and the core's texts (a drill's position, a habit's name) are compared too; only the codes
a refusal names (:data:`CODES`) are taken out, as names are."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import zipfile
from collections import Counter
from datetime import date
from typing import Any

import pytest

from bluffmath.i18n import speaking
from bluffmath.review.download import class_games
from bluffmath.train.drills import MARKS
from bluffmath_class import pages, results
from bluffmath_class.database import Database
from bluffmath_class.games import GAMES
from bluffmath_class.live_habits import LiveHabits
from bluffmath_class.orders import speak
from bluffmath_class.practice import LEVELS
from bluffmath_class.room import Room
from bluffmath_class.settings import TableSettings
from bluffmath_class.views import Views
from tests.class_server import SETTINGS, join, order, random_move, receive, served, teacher_socket
from tests.german import sentences, texts_of

#: Words that are the same in both languages: names (of people and of games), what is not a
#: sentence, and the German words the English shares ("orange", a Gauner raus! colour as in
#: the cell "orange-B"; Hoax's cry "illegal!", the German rules' word).
SAME = ("Ann", "Ben", "Cy", "Dee", "Eve", "Deutsch", "English", "CSV", "ZIP", "PDF", "A4", "Bot 2", "Bot 3",
        "Bot 4", "DELETE", "Seat 1", "Seat 2", "Hochstapler", "Gauner raus!", "Münchhausen", "Die Erben von Hoax",
        "Hoax", "orange", "illegal")
#: An exact number as the pages and files write it.
FRACTION = re.compile(r"(?<![\d/])-?\d+/\d+(?![\d/])")


def play(room: Room, table: Any, moves: int, seed: int) -> None:
    """Random legal moves (seeded) at ``table``: its student's as theirs, the others' as a
    bot's; the game ended by the teacher after ``moves`` if it is still on."""
    run, rng = room.start(table.id), random.Random(seed)
    for _move in range(moves):
        if table.current is None:
            return
        seat = table.rules.to_act(run.state)
        room._play(table, run, seat, random_move(run.state, rng), "student" if seat in table.students else "bot")
    if table.current is not None:
        room.end(table.id)


@pytest.fixture(scope="module")
def classroom() -> tuple[Room, Views]:
    """A class of five tables, one of each game, each with a student and bots, each game
    played a few moves (Hochstapler's to its end), drawn on the spot (no workers)."""
    room = Room(Database(":memory:"), 0)
    for n, (game, rules) in enumerate(GAMES.items()):
        variant = next(iter(rules.variants))
        settings = TableSettings(game, rules.seat_range(variant).start, next(iter(rules.bots)), "always", 0, variant)
        [table] = room.open_tables(settings, 1)
        room.join(room.code, SAME[n], table.id)
        play(room, table, 200 if game == "hochstapler" else 12, seed=n)
    views = Views(room)
    views.habits = LiveHabits(room, views).region
    return room, views


def teacher_side(room: Room, views: Views, code: str) -> dict[str, str]:
    """Every teacher's page of the class in ``code``, as HTML."""
    views.language = code
    with speaking(code):
        games = results.games_of(room)
        summary = pages.summary_page(pages.summary_title(date(2026, 12, 6)), views.picture(), results.results_header(),
                                     results.result_rows(games), pages.habits_section(results.class_habits(games)))
        return {"room": "".join(views.room_view(set())["regions"].values()), "page": pages.teacher_page(False, code),
                "projector": pages.teacher_page(True, code), "table": pages.table_view(3), "summary": summary,
                "refused": pages.message_page("x", "y")}


def words(html: str, aside: set[str]) -> set[str]:
    """The sentences of a page, names and the sentences ``aside`` (codes: :data:`CODES`) aside."""
    return sentences(texts_of(html, ("script", "style", "svg")), SAME) - aside


def test_the_teachers_pages_of_every_game_keep_no_english_sentence_and_the_same_numbers(classroom) -> None:
    room, views = classroom
    english, german = teacher_side(room, views, "en"), teacher_side(room, views, "de")
    for part in english:
        assert words(english[part], set()) & words(german[part], set()) == set(), part
        assert Counter(FRACTION.findall(english[part])) == Counter(FRACTION.findall(german[part])), part
        assert 'lang="de"' in german[part] or part == "room"
    assert "Tische öffnen" in german["page"]
    assert "Die Klasse am Tisch, 6. Dezember 2026" in german["summary"]
    assert "Jeder Platz jeder Partie" in german["summary"]
    assert "Heutige Stunde" in german["room"]
    assert "Alle wartenden Tische starten" in german["room"]
    assert "<form" not in german["projector"]
    assert any(FRACTION.search(part) for part in german.values()), "no exact number to compare"


def _csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_the_csvs_have_a_german_header_and_words_and_the_same_cells_otherwise(classroom) -> None:
    room, _views = classroom
    games = results.games_of(room)
    for make in (results.results_csv, results.moves_csv):
        english = _csv(make(games))
        with speaking("de"):
            german = _csv(make(games))
        assert len(english) == len(german) > 1
        assert set(english[0]).isdisjoint(german[0])
        for en, de in zip(english[1:], german[1:], strict=True):
            assert len(en) == len(de)
            assert [c for c in en if FRACTION.fullmatch(c) or c.lstrip("-").isdigit()] == \
                [c for c in de if FRACTION.fullmatch(c) or c.lstrip("-").isdigit()]
    with speaking("de"):
        german = _csv(results.results_csv(games))
    assert german[0][:3] == ["Tisch", "Partie", "Platz"]
    assert {row[4] for row in german[1:]} == {"Schüler/in", "Bot"}
    assert {row[8] for row in german[1:]} <= {"ja", "nein"}
    assert results.file_name("class-moves.csv", "de") == "class-moves.de.csv"


# --- through the server: the teacher's choice, the downloads, the practice pages -------------------


def _teacher(client: Any, app: Any, path: str, **headers: str) -> Any:
    client.cookies.clear()
    return client.get(path, headers={"cookie": f"bm_teacher={app.state.room.teacher_key}", **headers})


def _student(client: Any, path: str, secret: str, method: str = "GET", data: Any = None) -> Any:
    client.cookies.clear()
    headers = {"cookie": f"bm_seat={secret}", "origin": "http://testserver"}
    return client.request(method, path, headers=headers, data=data)


def _everything(client: Any, app: Any, secret: str, game: int) -> dict[str, Any]:
    """What the teacher and the student read after a game, in the class's language."""
    got = {path: _teacher(client, app, path) for path in (
        "/teacher", "/teacher?view=projector", "/teacher/table/1", "/teacher/summary", "/teacher/results.csv",
        "/teacher/moves.csv", "/teacher/habits.csv", "/teacher/saves.zip", "/teacher/drills", "/teacher/table/99")}
    got["not the teacher"] = client.get("/teacher/summary")
    for path in ("/practice", f"/practice/game/{game}?level=any", "/practice/progress", "/practice/class",
                 "/practice/game/1?level=nonsense"):
        got[path] = _student(client, path, secret)
    page = got[f"/practice/game/{game}?level=any"].text
    drill = re.search(r'name="drill" value="([^"]+)"', page).group(1)
    option = re.findall(r'(?:name="option" |<option )value="([^"]+)"', page)[0]
    got["answer"] = _student(client, f"/practice/game/{game}", secret, "POST",
                             {"drill": drill, "option": option, "n": "0", "level": "any"})
    return got


#: The codes a refusal names, as the address says them (``?level=any``): a drill's marks and levels.
CODES = (*MARKS, *LEVELS)


def test_a_german_class_gives_the_teacher_german_pages_downloads_and_practice(tmp_path) -> None:
    with served(str(tmp_path / "class.sqlite3")) as (client, app):
        with teacher_socket(client, app) as teacher:
            opened = order(teacher, type="open", tables=1, language="de", **SETTINGS)
        assert opened["html"] == "<p>Tisch 1 ist geöffnet.</p>"
        room, secret = app.state.room, join(client, app, "Ann")
        table = room.tables[1]
        client.portal.call(play, room, table, 200, 4)
        run = table.last
        german = _everything(client, app, secret, run.id)
        client.portal.call(speak, app, "en")
        english = _everything(client, app, secret, run.id)
    aside = sentences(CODES, SAME)
    for key, de in german.items():
        en = english[key]
        assert de.status_code == en.status_code, key
        if key.endswith(".zip"):
            names = zipfile.ZipFile(io.BytesIO(de.content)).namelist()
            assert {"results.de.csv", "moves.de.csv", "habits.de.csv", "results.csv", "moves.csv"} <= set(names)
            assert class_games(de.content), "bluffmath review reads a German class's ZIP"
            continue
        assert Counter(FRACTION.findall(en.text)) == Counter(FRACTION.findall(de.text)), key
        if key.endswith(".csv"):
            assert de.headers["content-language"] == "de"
            assert de.headers["content-disposition"] == f'attachment; filename="class-{key[9:-4]}.de.csv"'
            assert set(_csv(en.text)[0]).isdisjoint(_csv(de.text)[0])
            continue
        assert '<html lang="de">' in de.text, key
        left = words(en.text, aside) & words(de.text, aside)
        assert left == set(), (key, left)
    assert "Die Übungen der Klasse" in german["/teacher/drills"].text
    assert "Diese Seite ist für die Lehrkraft" in german["not the teacher"].text
    assert "Es gibt keinen Tisch 99." in german["/teacher/table/99"].text
    assert "Die Stufe muss eine von diesen sein" in german["/practice/game/1?level=nonsense"].text
    assert "Deine Antwort" in german["answer"].text
    assert 'filename="class-results.csv"' in english["/teacher/results.csv"].headers["content-disposition"]


def test_the_teachers_choice_is_the_language_of_the_teachers_pages() -> None:
    with served() as (client, app):
        # before a choice: the language the teacher's browser asks for
        assert '<html lang="de">' in _teacher(client, app, "/teacher", **{"accept-language": "de"}).text
        assert '<html lang="en">' in _teacher(client, app, "/teacher", **{"accept-language": "en"}).text
        with teacher_socket(client, app) as teacher:
            refused = order(teacher, type="end", table=1)
            assert refused["type"] == "error"
            assert "table 1" in refused["message"]
            order(teacher, type="open", tables=1, language="en", **SETTINGS)
        # the teacher chose English: a German browser gets the teacher's pages in English
        page = _teacher(client, app, "/teacher", **{"accept-language": "de"})
        assert '<html lang="en">' in page.text
        assert "Open tables" in page.text
        csv_answer = _teacher(client, app, "/teacher/results.csv", **{"accept-language": "de"})
        assert 'filename="class-results.csv"' in csv_answer.headers["content-disposition"]
        assert csv_answer.text.startswith("table,game,seat")
        # the teacher chooses German: a teacher's page drawn in English reloads, and speaks German after
        with teacher_socket(client, app) as teacher:
            assert receive(teacher)["type"] == "room"
            teacher.send_text(json.dumps({"type": "open", "tables": 1, "language": "de", **SETTINGS}))
            while receive(teacher)["type"] != "reload":
                pass
        with teacher_socket(client, app) as teacher:
            room = receive(teacher)
            assert "Alle wartenden Tische starten" in room["regions"]["summary"]
            refused = order(teacher, type="end", table=1)
            assert refused["message"] == "an Tisch 1 wird nicht gespielt"
        assert '<html lang="de">' in _teacher(client, app, "/teacher", **{"accept-language": "en"}).text
