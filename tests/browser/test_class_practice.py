"""Practice at the class table in Chromium: a student at 390 px plays a game of Münchhausen
(a round started by each of the four players, three bots: enough decisions for ten drills
whatever the deal) by tapping, opens "Practise my mistakes" at its end, answers ten
drills of their own seat (every decision that cost something: ``?level=any``) with plain
forms, and sees the progress chart; axe-core finds no violation on the practice pages,
which fit the phone. The teacher at 1280 px gives the class a drill set and sees how the
class does on it, no student named."""

from __future__ import annotations

import random

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.class_game import fits, open_table, play_to_the_end, seat_and_start
from tests.browser.conftest import screenshot
from tests.browser.test_class_muenchhausen import _tap

pytestmark = pytest.mark.slow
DRILLS = 10


def _answer(page, rng) -> None:
    """Choose an option of the drill on the page and press Answer."""
    radios = page.locator("input[type=radio][name=option]")
    if radios.count():
        radios.nth(rng.randrange(radios.count())).check()
    else:
        select = page.locator("select[name=option]")
        select.select_option(index=1 + rng.randrange(select.locator("option").count() - 1))
    page.click("button:text-is('Answer')")


def test_a_student_practises_their_mistakes_on_a_phone_and_the_teacher_gives_a_set(browser, live):
    rng = random.Random(5)
    teacher_context, teacher = open_table(browser, live, "muenchhausen", "Münchhausen", seats="4",
                                          variant="round-each", bot="odds", odds="always", move_seconds="0")
    students = seat_and_start(browser, live, teacher, ("Ann",))
    play_to_the_end(students, lambda page: _tap(page, rng), 300)
    _, phone = students[0]
    phone.wait_for_selector("#practice a:text-is('Practise my mistakes')")
    phone.click("#practice a:text-is('Practise my mistakes')")
    phone.wait_for_selector("h1:text-is('Practise my mistakes')")
    phone.goto(phone.url + "?level=any")
    assert int(phone.inner_text("#drill-head").rsplit(" ", 1)[1]) >= DRILLS
    for n in range(DRILLS):
        assert phone.inner_text("#drill-head").startswith(f"Drill {n + 1} of")
        if n == 0:
            fits(phone)
            assert_accessible(phone, "a practice drill at 390 px")
            screenshot(phone, "class-practice-drill-390")
        _answer(phone, rng)
        phone.wait_for_selector("#answer-head")
        assert "Why:" in phone.inner_text("main")
        if n == 0:
            fits(phone)
            assert_accessible(phone, "a practice answer at 390 px")
        phone.click("a:text-is('Next')")
    phone.goto(f"{live.base}/practice/progress")
    chart = phone.locator("figure.chart svg[role=img]")
    assert chart.count() == 1
    assert chart.locator("circle").count() == DRILLS
    assert f"of {DRILLS}" in phone.inner_text("figcaption")
    fits(phone)
    assert_accessible(phone, "the practice progress at 390 px")
    screenshot(phone, "class-practice-progress-390")

    assert phone.errors == []
    teacher.goto(f"{live.base}/teacher")
    teacher.click("button:text-is('Give the class a drill set')")
    teacher.wait_for_selector("h1:text-is('The class drill set')")
    assert teacher.locator(".set-drill").count() >= 1
    assert "Ann" not in teacher.inner_text("main")
    fits(teacher)
    assert_accessible(teacher, "the teacher's drill set at 1280 px")
    screenshot(teacher, "class-practice-teacher-set-1280")

    phone.goto(f"{live.base}/practice")
    phone.click("a:text-is('Class drills')")
    _answer(phone, rng)
    phone.wait_for_selector("#answer-head")
    teacher.reload()
    assert teacher.locator(".set-drill[data-answers='1']").count() == 1
    for made in (teacher_context, students[0][0]):
        made.close()
