"""The class table as a class uses it: the teacher at 1280 px opens a table and starts the
game; three students at 390 px, each in a browser context of their own, join with the code
and play a whole game by tapping; one reloads mid-game and comes back to the same seat, one
puts the phone away and the bot plays for them. Every frame a student's page received is
checked to hide the other seats' cards, and the pages never spill off a phone's screen."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import time

import pytest
from playwright.sync_api import expect

from bluffmath_class.database import Database
from bluffmath_class.room import Room
from tests.browser.class_game import context as _context
from tests.browser.class_game import fits as _fits
from tests.browser.conftest import screenshot
from tests.class_server import assert_views_hide_other_cards

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Ben", "Cy")


def _tap(page, rng) -> bool:
    """Make a move if the page offers one: a doubt now and then, else a quick call or the form."""
    moves = page.locator("#moves")
    if not moves.locator("button, form").count():
        return False
    doubt = moves.locator("button.doubt")
    try:
        if doubt.count() and rng.random() < 0.35:
            doubt.click(timeout=1500)
        elif page.locator("#odds button.quick").count() and rng.random() < 0.5:
            page.locator("#odds button.quick").first.click(timeout=1500)
        elif moves.locator("form.call").count():
            moves.locator("form.call button[type=submit]").click(timeout=1500)
        elif doubt.count():
            doubt.click(timeout=1500)
        else:
            return False
    except Exception:  # the table moved on between looking and tapping: look again
        return False
    return True


def test_a_class_plays_a_whole_game_on_phones(browser, live):
    rng = random.Random(7)
    teacher_context, teacher = _context(browser, 1280)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    teacher.fill("input[name=seats]", "4")
    teacher.fill("input[name=move_seconds]", "10")
    teacher.click("form.open button[type=submit]:not([data-type])")
    teacher.wait_for_selector(".table-card[data-table='1']")
    assert teacher.inner_text("#code") == live.code

    students = []
    for name in NAMES:
        context, page = _context(browser, 390)
        page.goto(f"{live.base}/?code={live.code}")
        page.fill("input[name=name]", name)
        page.click("button[type=submit]")
        page.wait_for_selector("#status:has-text('Waiting for the teacher')")
        _fits(page)
        students.append((context, page))
    teacher.wait_for_selector(".table-card:has-text('Cy')")
    teacher.click(".table-card[data-table='1'] button:has-text('Start a game')")

    reloaded = vanished = False
    taps = 0
    deadline = time.monotonic() + 240
    while not all(p.locator("#end h2").count() for _, p in students[:2]):
        assert time.monotonic() < deadline, "the game did not end"
        for _, page in students:
            if page.is_closed():
                continue
            if _tap(page, rng):
                taps += 1
            if taps == 6 and not reloaded:          # Ben's phone reloads the page
                page = students[1][1]
                page.reload()
                page.wait_for_selector("#link.ok")    # the socket is open; the view follows
                expect(page.locator("#table")).to_have_text(re.compile(r"Ben$"))
                reloaded = True
            if taps == 10 and not vanished:         # Cy puts the phone away for good
                students[2][1].frames_kept = list(students[2][1].frames_in)
                students[2][0].close()
                vanished = True
        time.sleep(0.15)
    for _, page in students[:2]:
        assert "Your review" in page.inner_text("#end")
        _fits(page)
    screenshot(students[0][1], "class-student-end-390")
    teacher.wait_for_selector(".table-card:has-text('Game 1 is over')")
    teacher.wait_for_selector("#habits h2:has-text('Habits of the class')")  # counted in a worker
    assert not any(name in teacher.inner_text("#habits") for name in NAMES)  # the screen is projected
    screenshot(teacher, "class-teacher-1280")
    _fits(teacher)
    with teacher.expect_download() as download:
        teacher.click("a[href='/teacher/results.csv']")
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text())))
    assert [r["name"] for r in rows] == [*NAMES, "Bot 4"]
    cy = rows[2]
    assert int(cy["moves by a bot for the absent student"]) >= 1
    assert all(r["ended"] == "finished" for r in rows)
    for _, page in [*students[:2], (None, teacher)]:
        assert page.errors == []
    _projector_and_summary(teacher, live)

    live.stop()
    table = Room(Database(live.database)).tables[1]
    run, seating = table.last, table.seating()
    assert reloaded
    assert vanished
    assert run.state.is_terminal
    for seat, (_, page) in enumerate(students):
        frames = page.frames_kept if seat == 2 else page.frames_in
        messages = [json.loads(f) for f in frames if isinstance(f, str)]
        assert assert_views_hide_other_cards(table.rules, run, seating, seat, messages, "always", rng) > 3
    for context, _ in students[:2]:
        context.close()
    teacher_context.close()


def _projector_and_summary(teacher, live) -> None:
    """The projector's view in large type with the class's picture; one table alone; the
    summary printed to an A4 PDF."""
    projector = teacher.context.new_page()
    projector.goto(f"{live.base}/teacher?view=projector")
    projector.wait_for_selector("#picture .picture[data-game='hochstapler']")
    projector.wait_for_selector("#habits h2:has-text('Habits of the class')")
    assert projector.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 24
    assert projector.locator("form").count() == 0
    screenshot(projector, "class-projector-1280")
    projector.goto(f"{live.base}/teacher/table/1")
    projector.wait_for_selector("#table-1 h2:has-text('Table 1: Hochstapler')")
    projector.goto(f"{live.base}/teacher/summary")
    pdf = projector.pdf(format="A4", print_background=True)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert boxes
    for width, height in boxes:  # A4 is 595.3 by 841.9 points; Chromium rounds to its pixels
        assert abs(float(width) - 595.3) < 1.5
        assert abs(float(height) - 841.9) < 1.5
    assert 1 <= len(boxes) <= 6
    projector.close()


def test_the_class_notebook_shows_the_address_the_code_and_a_working_qr_code(sized, voila):
    page = sized
    page.goto(f"{voila}/voila/render/class-table.ipynb", timeout=120_000)
    page.wait_for_selector(".bm-class-qr svg", timeout=120_000)
    text = page.inner_text("body")
    address = re.search(r"Students open\s+(http://127\.0\.0\.1:\d+)", text)[1]
    code = re.search(r"Join code\s+(\d{6})", text)[1]
    assert page.locator(".bm-class-qr svg").is_visible()
    student = page.context.new_page()                      # the address on the page works
    student.goto(f"{address}/?code={code}")
    assert student.input_value("input[name=code]") == code
    student.close()
    _fits(page)
    assert page.errors == []
