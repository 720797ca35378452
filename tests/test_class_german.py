"""The class table in German (issue 44, phase 1): the join page, the play page and a whole
Hochstapler game's phone pages (my turn, the others' turns, a doubt, the end) keep no
sentence of their English rendering (names and numbers aside), with the same exact numbers;
the teacher chooses the class's language, a student switches only their own phone, two
students of different languages at one table each get their own, and a language the server
does not speak is refused or ignored, never a traceback."""

from __future__ import annotations

import json
import random
import re
import threading
from typing import Any

import pytest

from bluffmath.i18n import speaking
from bluffmath_class.games import GAMES, Seating
from bluffmath_class.jobs import Sketch, Sync, counting, draw, end_panels
from bluffmath_class.mirror import Deal, Store
from bluffmath_class.settings import TableSettings
from tests.class_server import (
    SETTINGS,
    join,
    random_game,
    random_move,
    receive,
    served,
    teacher_socket,
)
from tests.german import fractions, page_sentences

RULES = GAMES["hochstapler"]
#: Words that are the same in both languages: names, and what is not a word ("orange" is German too).
NAMES = {"Hochstapler", "Ann", "Ben", "Bot 3", "Bot 4", "Deutsch", "English", "CalledColourBot()", "bluffmath", "orange"}


def sentences(*htmls: str) -> set[str]:
    """The pieces of the pages' text with words in them (names and numbers aside)."""
    return page_sentences(htmls, NAMES)


def numbers(html: str) -> list[str]:
    """The exact numbers a page shows (each chance's fraction), in order."""
    return fractions(html)


def _game(seed: int, players: int = 4) -> list[dict[str, Any]]:
    """A whole game's moves (random legal ones, seeded) as the database keeps them."""
    return random_game(RULES, players, "one-deal", seed, seed)


def _views(moves: list[dict[str, Any]], at: int, language: str, odds: str = "always",
           variant: str = "one-deal", ended: str | None = None) -> dict[int, dict[str, Any]]:
    """Every seat's message at move ``at`` of the game, drawn in ``language``."""
    seating = Seating(("Ann", "Ben", "Bot 3", "Bot 4"), frozenset({2, 3}))
    settings = TableSettings(seats=4, odds=odds, variant=variant)
    sync = Sync((1, 7), Deal("hochstapler", 4, variant, 7, 0), 0, tuple(moves[:at]), ended_by=ended)
    sketch = Sketch(1, settings, seating, "", (0, 1, 2, 3), sync, 1, clocks=(60,) * 4, language=language)
    return {seat: json.loads(text) for seat, text in draw(Store(), sketch).views.items()}


def _html(message: dict[str, Any]) -> str:
    return "".join(message["regions"].values())


def test_every_phone_page_of_a_whole_game_keeps_no_english_sentence_and_the_same_numbers() -> None:
    moves = _game(7)
    english_seen, german_seen = set(), set()
    for at in range(len(moves) + 1):
        english, german = _views(moves, at, "en"), _views(moves, at, "de")
        for seat in english:
            en, de = _html(english[seat]), _html(german[seat])
            assert numbers(en) == numbers(de), (at, seat)
            assert sentences(en) & sentences(de) == set(), (at, seat, sentences(en) & sentences(de))
            english_seen |= sentences(en)
            german_seen |= sentences(de)
    assert {"Your turn", "Du bist dran"} <= english_seen | german_seen
    assert any("angezweifelt" in s for s in german_seen), "the game has a doubt"
    assert any("getauscht" in s for s in german_seen) or "exchange" not in json.dumps(moves)
    assert english_seen & german_seen == set()


@pytest.mark.parametrize("odds", ["after-doubt", "never"])
def test_the_odds_settings_and_the_other_variant_speak_german(odds: str) -> None:
    moves = _game(3)
    en, de = _views(moves, 2, "en", odds, "to-10")[0], _views(moves, 2, "de", odds, "to-10")[0]
    assert sentences(_html(en)) & sentences(_html(de)) == set()
    assert "Durchgang 1" in _html(de)


def test_the_end_and_the_review_speak_german_with_the_same_numbers() -> None:
    moves = _game(11)
    english, german = _views(moves, len(moves), "en", ended="finished"), _views(moves, len(moves), "de",
                                                                                  ended="finished")
    seating = Seating(("Ann", "Ben", "Bot 3", "Bot 4"), frozenset({2, 3}))
    sync = Sync((1, 7), Deal("hochstapler", 4, "one-deal", 7, 0), 0, tuple(moves), ended_by="finished")
    owns = {0: frozenset(), 1: None, 2: None}  # seat 0: a bot made every decision for its student
    panels = {code: end_panels(Store(), sync, seating, owns, code)[0] for code in ("en", "de")}
    for seat in owns:
        en = _html(english[seat]) + panels["en"][seat]
        de = _html(german[seat]) + panels["de"][seat]
        assert numbers(en) == numbers(de)
        assert sentences(en) & sentences(de) == set(), sentences(en) & sentences(de)
    assert "Deine Auswertung" in panels["de"][1]
    assert "nicht mitgezählt" in panels["de"][0]
    with speaking("de"):
        assert counting() != '<p class="small">Counting your review…</p>'


def test_a_german_percentage_is_the_english_one_with_a_decimal_comma() -> None:
    moves = _game(7)
    en, de = _html(_views(moves, 3, "en")[0]), _html(_views(moves, 3, "de")[0])
    english = re.findall(r"(\d+(?:\.\d)?)&nbsp;%", en)
    assert english
    assert [p.replace(".", ",") for p in english] == re.findall(r"(\d+(?:,\d)?)&nbsp;%", de)


# --- through the server ---------------------------------------------------------------------------


def _open(client: Any, app: Any, language: str | None, **settings: Any) -> dict[str, Any]:
    with teacher_socket(client, app) as teacher:
        fields = {**SETTINGS, **settings, **({"language": language} if language else {})}
        teacher.send_text(json.dumps({"type": "open", "tables": 1, **fields}))
        while True:
            message = receive(teacher)
            if message["type"] in ("notice", "error"):
                return message


def _page(client: Any, path: str, **cookies: str) -> str:
    client.cookies.clear()
    response = client.get(path, headers={"cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
    assert response.status_code == 200, response.text
    return response.text


def test_a_class_opened_in_german_joins_and_plays_in_german(tmp_path) -> None:
    with served(str(tmp_path / "class.sqlite3")) as (client, app):
        assert _open(client, app, "de")["type"] == "notice"
        german, english = _page(client, "/"), _page(client, "/", bm_language="en")
        assert '<html lang="de">' in german
        assert '<html lang="en">' in english
        assert "Am Klassentisch mitspielen" in german
        assert 'aria-pressed="true">Deutsch' in german
        assert sentences(german) & sentences(english) == set()
        secret = join(client, app, "Ann")
        play_de, play_en = _page(client, "/play", bm_seat=secret), _page(client, "/play", bm_seat=secret,
                                                                           bm_language="en")
        assert '<html lang="de">' in play_de
        assert "Klassentisch" in play_de
        assert sentences(play_de) & sentences(play_en) == set()
    with served(str(tmp_path / "class.sqlite3")) as (client, app):  # kept with the class
        assert '<html lang="de">' in _page(client, "/")


def test_a_wrong_code_and_a_bad_name_are_refused_in_german() -> None:
    with served() as (client, app):
        _open(client, app, "de")
        headers = {"origin": "http://testserver"}
        wrong = client.post("/join", data={"code": "x", "name": "Ann"}, headers=headers)
        assert wrong.status_code == 403
        assert "Das ist nicht der Code dieser Klasse" in wrong.text
        bot = client.post("/join", data={"code": app.state.room.code, "name": "Bot 2"}, headers=headers)
        assert bot.status_code == 400
        assert "für die Bots reserviert" in bot.text
        assert '<html lang="de">' in bot.text


def _student(client: Any, app: Any, secret: str, cookies: str, texts: list[str], language: str) -> None:
    """A student at the table until their end panel is counted: a random legal move on each turn."""
    rng = random.Random(secret)
    table = next(iter(app.state.room.tables.values()))
    with speaking(language):
        waiting = counting()
    with client.websocket_connect("/ws", headers={"cookie": f"bm_seat={secret}{cookies}"}) as socket:
        while True:
            message = json.loads(socket.receive_text())
            if message["type"] != "view":
                continue
            texts.append(_html(message))
            end = message["regions"]["end"]
            if end and end != waiting:
                return
            run = table.current
            if message["turn"] and run is not None and run.at == message["at"]:
                move = RULES.move_json(random_move(run.state, rng))
                socket.send_text(json.dumps({"type": "move", "game": message["game"], "at": message["at"],
                                             "move": move}))


def test_two_students_of_different_languages_at_one_table_each_get_their_own() -> None:
    with served() as (client, app):
        _open(client, app, "de", seats=3)
        ann, ben = join(client, app, "Ann"), join(client, app, "Ben")
        client.portal.call(app.state.room.start, next(iter(app.state.room.tables)))
        seen: dict[str, list[str]] = {"de": [], "en": []}
        threads = [threading.Thread(target=_student, args=(client, app, ann, "", seen["de"], "de")),
                   threading.Thread(target=_student, args=(client, app, ben, "; bm_language=en", seen["en"], "en"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not any(t.is_alive() for t in threads)
        german, english = sentences(*seen["de"]), sentences(*seen["en"])
        assert "Du bist dran" in german
        assert "Your turn" in english
        assert german & english == set(), german & english


def test_a_students_switch_changes_only_their_own_phone() -> None:
    with served() as (client, app):
        _open(client, app, "de")
        ann, ben = join(client, app, "Ann"), join(client, app, "Ben")
        client.cookies.clear()
        switched = client.post("/language", data={"language": "en", "back": "/play"},
                               headers={"origin": "http://testserver", "cookie": f"bm_seat={ann}"},
                               follow_redirects=False)
        assert switched.status_code == 303
        assert switched.headers["location"] == "/play"
        cookie = switched.cookies["bm_language"]
        assert '<html lang="en">' in _page(client, "/play", bm_seat=ann, bm_language=cookie)
        assert '<html lang="de">' in _page(client, "/play", bm_seat=ben)
        assert app.state.views.language == "de"


@pytest.mark.parametrize("value", ["fr", "", "de; DROP", "x" * 500])
def test_a_language_the_server_does_not_speak_is_refused_or_ignored(value: str) -> None:
    with served() as (client, app):
        _open(client, app, "de")
        refused = client.post("/language", data={"language": value, "back": "/"},
                              headers={"origin": "http://testserver"})
        assert refused.status_code == 400
        assert "Diese Sprache gibt es hier nicht" in refused.text
        assert "Traceback" not in refused.text
        assert "bm_language" not in refused.headers.get("set-cookie", "")
        assert '<html lang="de">' in _page(client, "/", bm_language=value.replace(";", "") or "zz")
        bad = _open(client, app, value or "zz")
        assert bad["type"] == "error"
        assert "language" in bad["message"]
        assert "allowed: en, de" in bad["message"]
        assert app.state.views.language == "de"


def test_the_teachers_form_offers_the_browsers_language_first_then_the_classs() -> None:
    with served() as (client, app):
        key = app.state.room.teacher_key
        page = client.get("/teacher", headers={"cookie": f"bm_teacher={key}", "accept-language": "de-AT,de;q=0.9"})
        assert '<option value="de" selected>Deutsch</option>' in page.text
        _open(client, app, "en")
        page = client.get("/teacher", headers={"cookie": f"bm_teacher={key}", "accept-language": "de"})
        assert '<option value="en" selected>English</option>' in page.text


def test_a_phone_that_follows_the_class_reloads_when_its_language_changes() -> None:
    with served() as (client, app):
        _open(client, app, "en")
        ann, ben = join(client, app, "Ann"), join(client, app, "Ben")
        with client.websocket_connect("/ws", headers={"cookie": f"bm_seat={ann}"}) as following, \
                client.websocket_connect("/ws", headers={"cookie": f"bm_seat={ben}; bm_language=en"}) as own:
            assert json.loads(following.receive_text())["type"] == "view"
            assert json.loads(own.receive_text())["type"] == "view"
            _open(client, app, "de")
            while json.loads(following.receive_text())["type"] != "reload":
                pass
        hub = app.state.hub
        assert all(hub.language_of(c) == "en" for c in hub.students.get(app.state.room.student_of(ben).id, ()))
