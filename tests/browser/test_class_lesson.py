"""A whole lesson at the class table, in Chromium: the teacher at 1280 px plans three
activities (Hochstapler, then Gauner raus!, then the Duel) and moves the class from one to
the next with one press; three students at 390 px play, one leaves mid-game and one
arrives late; each phone follows its student to the next activity's table without a
reload; the record of a finished game is the same before and after a seat is freed; and
every frame a student's page received in the Hochstapler game hides the other seats' cards."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect

from bluffmath_class.database import Database
from bluffmath_class.games import Seating
from bluffmath_class.room import Room
from tests.browser.class_game import context, fits
from tests.browser.conftest import screenshot
from tests.class_server import assert_views_hide_other_cards

pytestmark = pytest.mark.slow


def _plan(teacher, game: str, seats: str) -> None:
    """Add an activity to the lesson plan from the game's open form."""
    form = teacher.locator(f"details.open-game[data-game='{game}']")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    form.locator("input[name=seats]").fill(seats)
    form.locator("button[data-type='plan-add']").click()
    expect(teacher.locator("#notice")).to_contain_text("Added to the lesson plan")


def _next(teacher, grouping: str, when: str) -> None:
    lesson = teacher.locator("#lesson form.next")
    lesson.locator("select[name=grouping]").select_option(grouping)
    lesson.locator("select[name=when]").select_option(when)
    lesson.locator("button[type=submit]").click()
    expect(teacher.locator("#notice")).to_contain_text("The class is at activity")


def _join(browser, live, name: str):
    made, page = context(browser, 390)
    page.goto(f"{live.base}/?code={live.code}")
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_selector("#link.ok")
    return made, page


def _tap(page, rng) -> bool:
    """Tap a move the page offers, if any (a button, or a form's submit)."""
    moves = page.locator("#moves")
    taps = moves.locator("button[data-send], form button[type=submit]")
    if not taps.count():
        return False
    try:
        taps.nth(rng.randrange(taps.count())).click(timeout=1500)
    except Exception:  # the table moved on between looking and tapping: look again
        return False
    return True


def _hides(rules, run, seating, seat: int, view, rng) -> bool:
    """Whether ``view`` is the page drawn with ``seating`` in worlds where every card the
    seat cannot see was dealt anew (:func:`~tests.class_server.assert_views_hide_other_cards`)."""
    try:
        return assert_views_hide_other_cards(rules, run, seating, seat, [view], "always", rng) == 1
    except AssertionError:
        return False


def _results(teacher) -> str:
    return teacher.evaluate("fetch('/teacher/results.csv').then(r => r.text())")


def test_a_lesson_of_three_activities_moved_on_by_next_activity(browser, live):
    rng = random.Random(3)
    teacher_context, teacher = context(browser, 1280)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    for game, seats in (("hochstapler", "3"), ("gauner", "3"), ("duel", "2")):
        _plan(teacher, game, seats)
    teacher.fill("#lesson form.plan-save input[name=name]", "Monday")
    # the plan is drawn again while the teacher types (another page of theirs adds an
    # activity and takes it out): what they typed stays, and keeps the focus
    teacher.focus("#lesson form.plan-save input[name=name]")
    duel = {"game": "duel", "seats": 2, "bot": "equilibrium", "odds": "always", "move_seconds": 60, "variant": "0-4-10"}
    for change in ({"type": "plan-add", "tables": 1, **duel}, {"type": "plan-remove", "index": 3}):
        assert live.order(**change)["type"] == "notice"
    expect(teacher.locator("#lesson li")).to_have_count(3)
    expect(teacher.locator("#lesson form.plan-save input[name=name]")).to_have_value("Monday")
    expect(teacher.locator("#lesson form.plan-save input[name=name]")).to_be_focused()
    teacher.click("#lesson form.plan-save button[type=submit]")
    expect(teacher.locator("#lesson")).to_contain_text("Lesson plan: Monday")
    _next(teacher, "kept", "now")                                    # activity 1, before anyone is here
    students = {name: _join(browser, live, name) for name in ("Ann", "Ben", "Cy")}
    for _, page in students.values():
        expect(page.locator("#table")).to_contain_text("Hochstapler")
        fits(page)
    teacher.wait_for_selector(".table-card:has-text('Cy')")
    teacher.click("button:has-text('Start every waiting table')")

    # Hochstapler: a few taps, then Cy leaves mid-game; the bot plays Cy's seat to the end
    deadline = time.monotonic() + 180
    taps = 0
    while taps < 6:
        assert time.monotonic() < deadline
        taps += sum(_tap(page, rng) for _, page in students.values())
        time.sleep(0.1)
    teacher.click(".table-card li:has-text('Cy') button:has-text('free seat')")
    cy = students["Cy"][1]
    expect(cy.locator("#status")).to_contain_text("You have no seat")
    assert cy.locator("#board button[data-send]").count() >= 1       # the tables to sit down at
    while not all(p.locator("#end h2").count() for n, (_, p) in students.items() if n != "Cy"):
        assert time.monotonic() < deadline, "the Hochstapler game did not end"
        for name in ("Ann", "Ben"):
            _tap(students[name][1], rng)
        time.sleep(0.1)
    for name in ("Ann", "Ben"):
        assert "Your review" in students[name][1].inner_text("#end")
    teacher.wait_for_selector(".table-card:has-text('Game 1 is over')")
    before = _results(teacher)
    teacher.click(".table-card li:has-text('Ben') button:has-text('free seat')")  # after the game: the record stays
    expect(students["Ben"][1].locator("#status")).to_contain_text("You have no seat")
    assert _results(teacher) == before
    assert "Cy,student,1," in before                                 # Cy's stretch of seat 3,
    assert ",Bot 3,bot," in before                                   # then the bot's
    hochstapler_frames = {n: list(p.frames_in) for n, (_, p) in students.items()}

    students["Dee"] = _join(browser, live, "Dee")                   # a late student joins the activity
    expect(students["Dee"][1].locator("#table")).to_contain_text("Hochstapler")

    _next(teacher, "kept", "now")                                    # Gauner raus!, everyone moved
    for name, (_, page) in students.items():
        expect(page.locator("#table")).to_contain_text("Gauner raus!", timeout=20_000)
        expect(page.locator("#table")).to_contain_text(name)
        fits(page)
    screenshot(students["Ann"][1], "class-lesson-gauner-390")
    taps, deadline = 0, time.monotonic() + 60
    while taps < 4:
        assert time.monotonic() < deadline
        taps += sum(_tap(page, rng) for _, page in students.values())
        time.sleep(0.1)

    _next(teacher, "shuffled", "now")                                # the Duel, new pairs
    for _, page in students.values():
        expect(page.locator("#table")).to_contain_text("Duel", timeout=20_000)
        fits(page)
    expect(teacher.locator("#lesson li.now")).to_contain_text("Duel")
    screenshot(teacher, "class-lesson-teacher-1280")
    fits(teacher)
    for _, page in [*students.values(), (None, teacher)]:
        assert page.errors == []

    live.stop()
    room = Room(Database(live.database))
    first = room.tables[1]
    run = first.runs[0]
    assert first.seating_of(run).names == ("Ann", "Ben", "Cy then Bot 3")
    assert [t.activity for t in room.tables.values()].count(2) == 2   # two Duel tables of two
    # each view was drawn with the names of its moment: Cy's, the bot's after she left, the record's
    seatings = [Seating(("Ann", "Ben", "Cy")), Seating(("Ann", "Ben", "Bot 3"), frozenset({2})), first.seating_of(run)]
    for seat, name in enumerate(("Ann", "Ben", "Cy")):
        messages = [json.loads(f) for f in hochstapler_frames[name] if isinstance(f, str)]
        views = [m for m in messages if m["type"] == "view" and m["game"] == run.id]
        assert len(views) > 2
        for view in views:
            assert any(_hides(first.rules, run, seating, seat, view, rng) for seating in seatings)
    for made, _ in students.values():
        made.close()
    teacher_context.close()
