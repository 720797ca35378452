"""The Hochstapler Duel as a class plays it: the teacher at 1280 px opens a Duel table through
its open form and starts the match; two students at 390 px, each in a browser context of
their own, join with the code and play the whole match (10 deals on the lesson's deck) by
tapping. Every frame a student's page received is checked to hide the other card; nothing
lies beyond the screen's right edge; the teacher's picture shows the numbers recomputed from
the database after the server stops."""

from __future__ import annotations

import json
import random
import time

import pytest

from bluffmath_class.database import Database
from bluffmath_class.games import Record
from bluffmath_class.room import Room
from tests.browser.class_game import context as _context
from tests.browser.class_game import fits as _fits
from tests.browser.class_game import seat_and_start, settled
from tests.browser.conftest import screenshot
from tests.test_class_duel import (
    LESSON,
    assert_picture_is_recomputed,
    assert_views_hide_the_other_card,
)

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Ben")


_READABLE = """(root) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const back = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
  const bad = [];
  for (const e of document.querySelectorAll(root + ' *')) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const style = getComputedStyle(e), [a, b] = [lum(rgb(style.color)), lum(back(e))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (parseFloat(style.fontSize) < 12 || ratio < 4.5) bad.push([e.tagName, e.textContent.slice(0, 40), style.fontSize, ratio]);
  }
  return bad;
}"""


def _readable(page, root: str) -> None:
    """Every text under ``root`` at least 12 px, with a contrast of at least 4.5:1."""
    assert page.evaluate(_READABLE, root) == []


def _tap(page, rng) -> bool:
    """A move if the page offers one: the doubt now and then, else one of the three lowest calls."""
    moves = page.locator("#moves")
    calls = moves.locator("button.duel-call")
    doubt = moves.locator("button.doubt")
    try:
        if doubt.count() and (rng.random() < 0.4 or not calls.count()):
            doubt.click(timeout=1500)
        elif calls.count():
            calls.nth(rng.randrange(min(3, calls.count()))).click(timeout=1500)
        else:
            return False
    except Exception:  # the table moved on between looking and tapping: look again
        return False
    return True


def _open_duel_table(teacher) -> None:
    form = teacher.locator("details.open-game[data-game='duel']")
    form.locator("summary").click()
    form.locator("select[name=variant]").select_option("0-4-10")
    form.locator("select[name=bot]").select_option("equilibrium")
    form.locator("select[name=odds]").select_option("always")
    form.locator("input[name=move_seconds]").fill("0")
    assert form.locator("input[name=seats]").input_value() == "2"
    form.locator("form.open button[type=submit]:not([data-type])").click()
    teacher.wait_for_selector(".table-card[data-table='1']:has-text('Hochstapler Duel')")


def test_two_students_play_a_whole_duel_on_phones(browser, live):
    rng = random.Random(3)
    teacher_context, teacher = _context(browser, 1280)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    _open_duel_table(teacher)

    students = seat_and_start(browser, live, teacher, NAMES)

    deadline, fitted = time.monotonic() + 120, set()
    while not all(p.locator("#end h2").count() for _, p in students):
        assert time.monotonic() < deadline, "the match did not end"
        for seat, (_, page) in enumerate(students):
            if seat not in fitted and page.locator("#odds table.duel-odds").count():
                _fits(page)                    # the odds table on a phone, on a turn
                _readable(page, "main")
                fitted.add(seat)
                screenshot(page, f"class-duel-student-{seat}-turn-390")
            _tap(page, rng)
        time.sleep(0.1)
    heads = []
    for _, page in students:
        assert "Your review" in page.inner_text("#end")
        heads.append(page.inner_text("#end h2"))
        assert "over" not in heads[-1]  # the status line says the game is over, once
        _fits(page)
        _readable(page, "main")
        assert page.errors == []
    screenshot(students[0][1], "class-duel-student-end-390")
    teacher.wait_for_selector(".table-card:has-text('Game 1 is over')")
    teacher.wait_for_selector("#picture .picture[data-game='duel'] .duel-situations-table")
    picture = settled(teacher, "#picture")
    screenshot(teacher, "class-duel-teacher-1280")
    _fits(teacher)
    _readable(teacher, "#picture")
    assert teacher.errors == []
    projector = teacher.context.new_page()
    projector.goto(f"{live.base}/teacher?view=projector")
    projector.wait_for_selector("#picture .picture[data-game='duel']")
    _fits(projector)
    projector.close()

    live.stop()
    table = Room(Database(live.database)).tables[1]
    run, seating = table.last, table.seating()
    assert run.state.is_terminal
    assert len(run.state.deals) == 10
    first, second = run.state.scores
    assert heads == (["You win", "Ann wins"] if first > second else ["Ben wins", "You win"] if second > first
                     else ["A draw: you and Ben level", "A draw: you and Ann level"])
    assert fitted == {0, 1}
    assert seating.bots == frozenset()
    for seat, (_, page) in enumerate(students):
        messages = [json.loads(f) for f in page.frames_in if isinstance(f, str)]
        assert assert_views_hide_the_other_card(run, "0-4-10", seating, seat, messages, "always", rng) > 10
    assert_picture_is_recomputed(picture, [Record(seating, run.state, run.notes, run.ended_by, 1, 1)], LESSON)
    for context, _ in students:
        context.close()
    teacher_context.close()
