"""The teacher's page fits a phone (390 px and 320 px wide, and 1280 px at 200 % zoom) once
every game's picture is drawn, and the projector reads from the back of a room (1920 x 1080:
the whole width, the main figures 32 px or more, one table or chart alone on the screen).
A game of each of the five kinds is played to its end at a table of its own, one student at
each (who puts the phone away at once, so a bot plays for them after the first clock: the
class picture counts their moves, their habits leave them out), bots in the other seats.
The page may not scroll sideways; each table too wide for the screen scrolls inside its own
box, a box that a keyboard can reach (``tabindex="0"``) and that says what it holds
(``role="region"`` with an ``aria-label``)."""

from __future__ import annotations

import time

import pytest

from bluffmath_class.games import GAMES
from tests.browser.axe import assert_accessible
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


def _every_picture(teacher) -> None:
    """Wait until every game has ended and its picture is drawn."""
    deadline = time.monotonic() + 240
    while not _over(teacher, len(TABLES)):
        assert time.monotonic() < deadline, "the games did not end"
        time.sleep(0.5)
    for game in GAMES:
        teacher.wait_for_selector(f"#picture .picture[data-game='{game}'] table", timeout=60_000)


@pytest.mark.parametrize("width", [390, 320])
def test_the_teachers_page_fits_a_phone_with_every_games_picture(browser, played, width):
    made, teacher = context(browser, width)
    teacher.goto(f"{played.base}/teacher?key={played.key}")
    teacher.wait_for_selector("#link.ok")
    _every_picture(teacher)
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


def test_the_teachers_page_and_the_projector_work_at_200_percent_zoom(browser, played):
    """A 1280 x 720 screen at 200 % zoom: 640 x 360 CSS pixels, each two device pixels."""
    made = browser.new_context(viewport={"width": 640, "height": 360}, device_scale_factor=2)
    teacher = made.new_page()
    teacher.goto(f"{played.base}/teacher?key={played.key}")
    for path in ("/teacher", "/teacher?view=projector"):
        teacher.goto(played.base + path)
        teacher.wait_for_selector("#link.ok")
        _every_picture(teacher)
        assert teacher.evaluate("window.innerWidth") == 640
        found = teacher.evaluate(_CHECK)
        assert found["wide"] == [], path
        assert found["unreachable"] == [], path
    made.close()


def test_the_projector_uses_a_wide_screen_and_shows_one_table_or_chart_alone(browser, played):
    made = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = made.new_page()
    page.goto(f"{played.base}/teacher?key={played.key}")
    page.goto(f"{played.base}/teacher?view=projector")
    page.wait_for_selector("#link.ok")
    _every_picture(page)
    assert page.locator("main").bounding_box()["width"] >= 1900          # the whole width (was 1,240 px)
    tops = page.locator(".table-card").evaluate_all("cs => cs.map(c => Math.round(c.getBoundingClientRect().top))")
    assert tops.count(min(tops)) >= 3                                   # three tables side by side
    main = ".table-card h3, .table-card p:not(.small), .picture .big, .picture .p b"  # the main figures
    sizes = page.locator(main).evaluate_all("es => es.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert len(sizes) > 20
    assert min(sizes) >= 32, sorted(sizes)[:4]                          # read from the back of the room
    assert page.locator("form").count() == 0
    assert page.locator("button[data-send]:visible").count() == 0       # nothing to press on the projector

    assert page.get_by_role("button", name="Show alone").count() == len(TABLES) + len(GAMES)
    show = page.locator("button[data-alone='table-2']")                 # table 2, by the keyboard
    show.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body.alone")
    alone = page.locator(".table-card:visible")
    assert alone.count() == 1
    assert alone.get_attribute("data-table") == "2"
    assert alone.bounding_box()["width"] >= 1800
    assert page.locator(".picture:visible, #join:visible").count() == 0
    assert show.get_attribute("aria-pressed") == "true"
    assert page.evaluate("location.hash") == "#alone=table-2"
    assert_accessible(page, "a table alone on the projector")
    page.reload()                                                       # a reload keeps it alone
    page.wait_for_selector("body.alone .table-card[data-table='2']")
    page.keyboard.press("Escape")
    page.wait_for_selector("body:not(.alone)")
    assert page.locator(".table-card:visible").count() == len(TABLES)

    page.locator("button[data-alone='game-gauner']").click()            # one game's chart
    page.wait_for_selector("body.alone")
    assert page.locator(".picture:visible").evaluate_all("ps => ps.map(p => p.dataset.game)") == ["gauner"]
    assert page.locator(".table-card:visible").count() == 0
    page.locator("button[data-alone='game-gauner']").click()            # pressed again: everything
    page.wait_for_selector("body:not(.alone)")
    assert page.evaluate("location.hash") == ""
    made.close()
