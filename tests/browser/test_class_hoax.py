"""Hoax at the class table as a class uses it: the teacher at 1280 px opens a table of it
through the open form and starts the game; two students at 390 px, each in a browser
context of their own, join and play a whole game by tapping (take a token, claim a role,
"Hoax!", vote, pay, accuse, ...); bots play the other seats. Every frame a student's page
received passes the leak check, nothing spills off either screen, and the teacher's
picture shows the figures counted again from the saved game."""

from __future__ import annotations

import json
import random
import time

import pytest

from bluffmath_class.database import Database
from bluffmath_class.room import Room
from tests.browser.conftest import screenshot
from tests.test_class_hoax import (
    RULES,
    assert_views_hide_other_cards,
    expected_figures,
    shown_figures,
)

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Ben")


def _context(browser, width):
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.frames_in = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: page.frames_in.append(frame)))
    return context, page


def _fits(page) -> None:
    """Nothing lies beyond the right edge of the screen."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wide = page.evaluate(f"""[...document.querySelectorAll('body *')].filter(e => {{
        const r = e.getBoundingClientRect(); return r.width > 0 && r.right > {width} + 1; }}).length""")
    assert wide == 0


def _tap(page, rng) -> str | None:
    """A move, if the page offers one: a kind of button first (the groups of the move
    region), then one of it. What the tapped button said, or None."""
    if page.locator("body.busy").count():
        return None
    groups = page.locator("#moves .hx-moves")
    count = groups.count()
    if not count:
        return None
    group = groups.nth(rng.randrange(count))
    buttons = group.locator("button")
    n = buttons.count()
    if not n:
        return None
    button = buttons.nth(rng.randrange(n))
    try:
        if not button.is_visible():  # a folded group (many thefts or trades): unfold it first
            group.locator("xpath=ancestor::details[1]/summary").click(timeout=1000)
        said = button.inner_text(timeout=500)
        button.click(timeout=1500)
    except Exception:  # the table moved on between looking and tapping: look again
        return None
    return said


def test_a_class_plays_hoax_on_phones(browser, live):
    rng = random.Random(5)
    teacher_context, teacher = _context(browser, 1280)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    opening = teacher.locator("details.open-game[data-game='hoax']")
    opening.locator("summary").click()
    opening.locator("select[name=variant]").select_option("original")
    opening.locator("input[name=seats]").fill("4")
    opening.locator("select[name=bot]").select_option("deducer")
    opening.locator("select[name=odds]").select_option("always")
    opening.locator("input[name=move_seconds]").fill("0")
    opening.locator("button[type=submit]").click()
    teacher.wait_for_selector(".table-card[data-table='1']:has-text('Hoax')")

    students = []
    for name in NAMES:
        context, page = _context(browser, 390)
        page.goto(f"{live.base}/?code={live.code}")
        page.fill("input[name=name]", name)
        page.click("button[type=submit]")
        page.wait_for_selector("#status:has-text('Waiting for the teacher')")
        students.append((context, page))
    teacher.wait_for_selector(".table-card:has-text('Ben')")
    teacher.click(".table-card[data-table='1'] button:has-text('Start a game')")

    tapped: list[str] = []
    shot: list[object] = []
    deadline = time.monotonic() + 120
    while not all(p.locator("#end h2").count() for _, p in students):
        assert time.monotonic() < deadline, "the game did not end"
        for _, page in students:
            if not shot and page.locator("#moves button").count() > 10:  # a turn: keep a picture of it
                shot.append(screenshot(page, "class-hoax-student-play-390"))
            said = _tap(page, rng)
            if said is not None:
                tapped.append(said)
                if len(tapped) % 10 == 1:
                    _fits(page)

        time.sleep(0.03)
    for _, page in students:
        assert "There is no move-by-move review for Hoax yet" in page.inner_text("#end")
        assert "Your exact sheet" in page.inner_text("#end")
        _fits(page)
    screenshot(students[0][1], "class-hoax-student-end-390")
    teacher.wait_for_selector(".table-card:has-text('Game 1 is over')")
    teacher.wait_for_selector("#picture .picture[data-game='hoax']")
    picture = teacher.inner_html("#picture .picture[data-game='hoax']")
    screenshot(teacher, "class-hoax-teacher-1280")
    _fits(teacher)
    for _, page in [*students, (None, teacher)]:
        assert page.errors == []
    assert any(t.startswith("Take 1") for t in tapped)

    live.stop()
    table = Room(Database(live.database)).tables[1]
    run, names = table.last, table.seating()
    assert run.state.is_terminal
    assert shown_figures(picture) == expected_figures([RULES.save(run.state)])
    assert shown_figures(picture)["chances"], "no challenge or accusation was counted"
    for seat, (_, page) in enumerate(students):
        messages = [json.loads(f) for f in page.frames_in if isinstance(f, str)]
        assert assert_views_hide_other_cards(run, names, seat, messages, "always", "original", rng) > 5
    for context, _ in students:
        context.close()
    teacher_context.close()
