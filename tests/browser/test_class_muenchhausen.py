"""Münchhausen at the class table as a class uses it: the teacher at 1280 px opens a table
of it through the open form and starts the game; two students at 390 px, each in a browser
context of their own, join and play a whole round by tapping (name a value, offer or pass,
lay a card face down, believe or doubt, the reward card); a bot plays the third seat.
Every frame a student's page received passes the leak check, nothing spills off either
screen, and the teacher's picture shows the figures counted again from the saved game."""

from __future__ import annotations

import json
import random
import time

import pytest

from bluffmath_class.database import Database
from bluffmath_class.room import Room
from tests.browser.conftest import screenshot
from tests.test_class_muenchhausen import (
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
    """A move, if the page offers one: pass half the time it may, else any button of the
    move region (a value, an offer, a card, believe, doubt, the reward card). What the
    tapped button said, or None."""
    if page.locator("body.busy").count():
        return None
    buttons = page.locator("#moves button")
    count = buttons.count()
    if not count:
        return None
    passing = page.locator("#moves button:text-is('Pass')")
    button = passing if passing.count() and rng.random() < 0.5 else buttons.nth(rng.randrange(count))
    try:
        said = button.inner_text(timeout=500)
        button.click(timeout=1500)
    except Exception:  # the table moved on between looking and tapping: look again
        return None
    return said


def test_a_class_plays_muenchhausen_on_phones(browser, live):
    rng = random.Random(3)
    teacher_context, teacher = _context(browser, 1280)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    opening = teacher.locator("details.open-game[data-game='muenchhausen']")
    opening.locator("summary").click()
    opening.locator("input[name=seats]").fill("3")
    opening.locator("select[name=variant]").select_option("one-round")
    opening.locator("select[name=bot]").select_option("odds")
    opening.locator("select[name=odds]").select_option("always")
    opening.locator("input[name=move_seconds]").fill("0")
    opening.locator("button[type=submit]").click()
    teacher.wait_for_selector(".table-card[data-table='1']:has-text('Münchhausen')")

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
    deadline = time.monotonic() + 90
    while not all(p.locator("#end h2").count() for _, p in students):
        assert time.monotonic() < deadline, "the game did not end"
        for _, page in students:
            said = _tap(page, rng)
            if said is not None:
                tapped.append(said)
                if len(tapped) % 25 == 1:
                    _fits(page)
        time.sleep(0.03)
    for _, page in students:
        assert "Your review" in page.inner_text("#end")
        _fits(page)
    screenshot(students[0][1], "class-muenchhausen-student-end-390")
    teacher.wait_for_selector(".table-card:has-text('Game 1 is over')")
    teacher.wait_for_selector("#picture .picture[data-game='muenchhausen']")
    picture = teacher.inner_html("#picture .picture[data-game='muenchhausen']")
    screenshot(teacher, "class-muenchhausen-teacher-1280")
    _fits(teacher)
    for _, page in [*students, (None, teacher)]:
        assert page.errors == []
    assert any(t.startswith("Offer") for t in tapped)
    assert any(t.startswith("Lay") for t in tapped)

    live.stop()
    table = Room(Database(live.database)).tables[1]
    run, names = table.last, table.seating()
    assert run.state.is_terminal
    assert shown_figures(picture) == expected_figures([RULES.save(run.state)])
    assert shown_figures(picture)["valued"] > 0
    for seat, (_, page) in enumerate(students):
        messages = [json.loads(f) for f in page.frames_in if isinstance(f, str)]
        assert assert_views_hide_other_cards(RULES, run, names, seat, messages, "always", "one-round", rng) > 10
    for context, _ in students:
        context.close()
    teacher_context.close()
