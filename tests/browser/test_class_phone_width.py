"""The teacher's page fits a phone (390 px and 320 px wide) once every game's picture is
drawn: a game of each of the five kinds is played to its end at a table of its own, one
student at each (who puts the phone away at once, so a bot plays for them after the first
clock: the class picture counts their moves, their habits leave them out), bots in the other seats. The page may not
scroll sideways; each table too wide for the screen scrolls inside its own box, a box that
a keyboard can reach (``tabindex="0"``) and that says what it holds (``role="region"``
with an ``aria-label``)."""

from __future__ import annotations

import time

import pytest

from bluffmath_class.games import GAMES
from tests.browser.class_game import ONE_STUDENT_TABLES, context
from tests.browser.conftest import screenshot
from tests.class_live import Live, free_port

pytestmark = pytest.mark.slow

TABLES = ONE_STUDENT_TABLES

#: The elements outside every scrolling box that reach past the screen's right edge, and
#: every scrolling box that a keyboard cannot reach or that says nothing of what it holds.
_CHECK = """() => {
  const width = window.innerWidth;
  const boxes = [...document.querySelectorAll('body *')].filter(e => {
    const style = getComputedStyle(e);
    return ['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth; });
  const inside = e => boxes.some(b => b !== e && b.contains(e));
  const wide = [...document.querySelectorAll('body *')].filter(e => {
    const r = e.getBoundingClientRect(); return r.width > 0 && r.right > width + 1 && !inside(e); });
  const said = e => e.tagName + (e.id ? '#' + e.id : '') + '.' + [...e.classList].join('.');
  return {
    wide: wide.map(said),
    unreachable: boxes.filter(b => b.tabIndex < 0).map(said),
    unlabelled: boxes.filter(b => !(b.getAttribute('aria-label') || b.getAttribute('aria-labelledby'))
                                  || b.getAttribute('role') !== 'region').map(said),
    boxes: boxes.length,
  };
}"""


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The class server (bots move at once) with a finished game of every kind, each at a
    table of its own with one absent student."""
    live = Live(tmp_path_factory.mktemp("phone-width") / "class.sqlite3", free_port())
    live.start()
    try:
        for number, (game, settings) in enumerate(TABLES.items(), 1):
            notice = live.order(type="open", tables=1, game=game, odds="always", move_seconds=10, **settings)
            assert notice["type"] == "notice", notice
            live.join(f"Student {number}")  # the first table that is not playing: this one
            assert live.order(type="start", table=number)["type"] == "notice"
        yield live
    finally:
        live.stop()


def _over(page, games: int) -> bool:
    return page.locator(".table-card:has-text('Game 1 is over')").count() == games


@pytest.mark.parametrize("width", [390, 320])
def test_the_teachers_page_fits_a_phone_with_every_games_picture(browser, played, width):
    made, teacher = context(browser, width)
    teacher.goto(f"{played.base}/teacher?key={played.key}")
    teacher.wait_for_selector("#link.ok")
    deadline = time.monotonic() + 240
    while not _over(teacher, len(TABLES)):
        assert time.monotonic() < deadline, "the games did not end"
        time.sleep(0.5)
    for game in GAMES:
        teacher.wait_for_selector(f"#picture .picture[data-game='{game}'] table", timeout=60_000)
    teacher.wait_for_selector("#habits .habits", timeout=60_000)
    # the students were away: a bot made every decision of theirs, and none is counted
    assert "No student has made a decision of their own" in teacher.inner_text("#habits")
    time.sleep(0.5)  # the last redraw settles
    screenshot(teacher, f"class-teacher-pictures-{width}")
    assert teacher.evaluate("document.documentElement.scrollWidth") <= teacher.evaluate("window.innerWidth") == width
    found = teacher.evaluate(_CHECK)
    assert found["boxes"] > 0  # the wide tables are there, and scroll in their boxes
    assert found["wide"] == []
    assert found["unreachable"] == []
    assert found["unlabelled"] == []
    assert teacher.errors == []
    made.close()
