"""A German class at the class table, in Chromium (issue 44): for each game, the teacher
(a German browser, 1280 px) opens a table in German through the open form, a student at
390 px joins and plays a whole game to its end by tapping (bots fill the other seats),
and every page says ``lang="de"``, shows the German words a German class reads (the
teacher's page, the join page, the shared parts of a phone's page, the end), fits its
screen, and has no violation axe-core finds. One student a table and the fewest seats:
the games' own tests play them in full."""

from __future__ import annotations

import random

import pytest

from tests.browser.axe import barriers_of
from tests.browser.class_game import context, fits, play_to_the_end
from tests.browser.test_class_duel import _tap as duel_tap
from tests.browser.test_class_gauner import _tap as gauner_tap
from tests.browser.test_class_hoax import _tap as hoax_tap
from tests.browser.test_class_muenchhausen import _tap as muenchhausen_tap
from tests.browser.test_class_table import _tap as hochstapler_tap

pytestmark = pytest.mark.slow

def assert_accessible(page, where: str) -> None:
    """No violation axe-core finds on ``page`` but the open ones (tests/browser/axe.py)."""
    said = barriers_of(page, where)
    assert not said, " | ".join(said)


#: Each game's table (the open form's fields, the fewest seats), its title on the teacher's
#: page, and a tap (what was tapped, or None).
GAMES = {
    "hochstapler": ({"seats": "3", "variant": "one-deal", "bot": "counting"}, "Hochstapler",
                    lambda page, rng: "tap" if hochstapler_tap(page, rng) else None),
    "gauner": ({"seats": "2", "variant": "plain", "bot": "solver"}, "Gauner raus!", gauner_tap),
    "hoax": ({"seats": "3", "variant": "original", "bot": "random"}, "Hoax", hoax_tap),
    "muenchhausen": ({"seats": "2", "variant": "one-round", "bot": "odds"}, "Münchhausen", muenchhausen_tap),
    "duel": ({"seats": "2", "variant": "0-4-1", "bot": "equilibrium"}, "Hochstapler-Duell",
             lambda page, rng: "tap" if duel_tap(page, rng) else None),
}


def _german_teacher(browser, live, game: str, fields: dict[str, str], title: str):
    """The teacher's page in a German browser, with table 1 of ``game`` opened in German."""
    made = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    teacher = made.new_page()
    teacher.errors = []
    teacher.on("pageerror", lambda error: teacher.errors.append(str(error)))
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    assert teacher.get_attribute("html", "lang") == "de"  # no language chosen yet: the browser's
    opening = teacher.locator(f"details.open-game[data-game='{game}']")
    if not opening.evaluate("details => details.open"):  # the first game's is open already
        opening.locator("summary").click()
    assert opening.locator("select[name=language]").input_value() == "de"
    for name in ("variant", "bot"):
        opening.locator(f"select[name={name}]").select_option(fields[name])
    opening.locator("select[name=odds]").select_option("always")
    opening.locator("select[name=language]").select_option("de")
    opening.locator("input[name=seats]").fill(fields["seats"])
    opening.locator("input[name=move_seconds]").fill("0")
    opening.locator("button[type=submit]:not([data-type])").click()
    teacher.wait_for_selector(f".table-card[data-table='1']:has-text('{title}')")
    return made, teacher


@pytest.mark.parametrize("game", list(GAMES))
def test_a_german_class_plays_a_whole_game_in_german(browser, live, game):
    fields, title, tap = GAMES[game]
    rng = random.Random(5)
    teacher_context, teacher = _german_teacher(browser, live, game, fields, title)
    page_text = teacher.inner_text("body")
    assert "Tische öffnen" in page_text
    assert "Nach der Stunde" in page_text
    assert "Beamer-Ansicht" in page_text

    student_context, student = context(browser, 390)
    student.goto(f"{live.base}/?code={live.code}")
    assert student.get_attribute("html", "lang") == "de"
    assert "Am Klassentisch mitspielen" in student.inner_text("h1")
    student.fill("input[name=name]", "Ann")
    student.click("button[type=submit]")
    student.wait_for_selector("#status:has-text('Warte, bis deine Lehrkraft')")
    assert student.get_attribute("html", "lang") == "de"
    assert_accessible(student, f"{game}: the student's page, waiting")

    teacher.wait_for_selector(".table-card:has-text('Ann')")
    teacher.click(".table-card[data-table='1'] button:has-text('Partie starten')")
    statuses: list[str] = []

    def watched(page):
        statuses.append(page.inner_text("#status"))
        return tap(page, rng)
    play_to_the_end([(student_context, student)], watched, 150, every=10)
    assert any(s.startswith("Du bist dran") for s in statuses), statuses[:5]  # the student's turn came
    assert not [s for s in statuses if "Your turn" in s or " to play" in s], statuses[:5]

    student.wait_for_selector("#practice:has-text('Meine Fehler üben')")
    assert "Spiel vorbei" in student.inner_text("#status")
    student.wait_for_selector("#end:has-text('Deine Auswertung')")
    student.wait_for_selector("#picture:has-text('die Klasse neben der Mathematik')")  # the class's picture
    fits(student)
    assert_accessible(student, f"{game}: the student's end")
    teacher.wait_for_selector(".table-card:has-text('Partie 1 ist vorbei.')")
    teacher.wait_for_selector(f"#picture .picture[data-game='{game}']")
    assert "die Klasse neben der Mathematik" in teacher.inner_text(f"#picture .picture[data-game='{game}'] h2")
    assert teacher.get_attribute("html", "lang") == "de"
    fits(teacher)
    assert_accessible(teacher, f"{game}: the teacher's page")
    if game == "hochstapler":  # the projector, once
        teacher.goto(f"{live.base}/teacher?view=projector")
        teacher.wait_for_selector("#link.ok")
        teacher.wait_for_selector(".table-card:has-text('Partie 1 ist vorbei.')")
        assert teacher.get_attribute("html", "lang") == "de"
        assert teacher.locator("form").count() == 0
        fits(teacher)
        assert_accessible(teacher, "the projector")
    assert student.errors == []
    assert teacher.errors == []
    student_context.close()
    teacher_context.close()
