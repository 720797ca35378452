"""Every page of the class table passes axe-core's WCAG 2.2 AA rules (:mod:`tests.browser.axe`)
at 320, 390 and 1280 px: the join page; a student's page of each of the five games while
waiting for the teacher, on the student's own turn (where it also keeps all its text, and
no sideways scrolling, with WCAG 1.4.12's wider text spacing) and at the end with the
review; a student with no seat and one taken out of the class; the teacher's page, the
projector and a table shown alone."""

from __future__ import annotations

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.class_game import ONE_STUDENT_TABLES, context, every_game_open

pytestmark = pytest.mark.slow

TABLES = ONE_STUDENT_TABLES
#: A small phone (WCAG 1.4.10's 320 px: 1280 px at 400 % zoom), a phone, a laptop.
WIDTHS = [320, 390, 1280]


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A class server with a table of every game for each width (bots move at once; a
    student has 60 s)."""
    with every_game_open(tmp_path_factory.mktemp("accessible"), tables=len(WIDTHS)) as server:
        yield server


#: WCAG 1.4.12's text spacing: line height 1.5, paragraphs 2 em apart, letters 0.12 em and
#: words 0.16 em; then the elements whose text no longer fits their box (clipped, or past
#: the screen's edge outside a box that scrolls).
SPACED = """() => {
  const style = document.createElement('style');
  style.textContent = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
    word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;
  document.head.append(style);
  const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const lost = [...document.querySelectorAll('body *')].filter((e) => {
    const s = getComputedStyle(e), r = e.getBoundingClientRect();
    if (!r.width || [...e.children].length && !e.textContent.trim()) return false;
    const clipped = s.overflow === 'hidden' && !e.classList.contains('sr-only')
      && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
    let box = e.parentElement; while (box && !scrolls(box)) box = box.parentElement;
    return clipped || (!box && r.right > window.innerWidth + 1);
  }).map((e) => e.tagName + '.' + [...e.classList].join('.'));
  style.remove();
  return lost;
}"""


def _spaced(page) -> list[str]:
    return page.evaluate(SPACED)


def _student(browser, live, width: int, table: int, name: str):
    made, page = context(browser, width)
    page.goto(f"{live.base}/?code={live.code}")
    assert_accessible(page, "the join page")
    page.fill("input[name=name]", name)
    page.select_option("select[name=table]", str(table))
    page.click("button[type=submit]")
    page.wait_for_selector("#status:has-text('Waiting for the teacher')")
    return made, page


@pytest.mark.parametrize("width", WIDTHS)
def test_every_class_page_passes_axe(browser, live, width):
    ends = []
    for game in TABLES:
        table = 1 + len(WIDTHS) * list(TABLES).index(game) + WIDTHS.index(width)
        made, page = _student(browser, live, width, table, f"{game[:3]} {width}")
        assert_accessible(page, f"{game}, waiting")
        assert live.order(type="start", table=table)["type"] == "notice"
        page.wait_for_selector("#status .mine", timeout=60_000)  # the student's own turn: the moves shown
        page.wait_for_selector("#moves button, #moves form")
        assert_accessible(page, f"{game}, the student's turn")
        assert _spaced(page) == [], f"{game}: text lost with wider spacing"
        assert live.order(type="end", table=table)["type"] == "notice"
        page.wait_for_selector("#end h2")
        page.wait_for_function("!document.querySelector('#end').textContent.includes('Counting your review')",
                               timeout=60_000)
        assert_accessible(page, f"{game}, the end and the review")
        assert page.errors == []
        ends.append((made, page, table))
    _, page, table = ends[-1]
    assert live.order(type="free", table=table, seat=0)["type"] == "notice"
    page.wait_for_selector("#status:has-text('You have no seat')")
    assert_accessible(page, "a student with no seat, choosing a table")
    made, teacher = context(browser, width)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    # the page says so, then goes to the join page after 3 s: it stays here for the check
    page.route("**/*", lambda r: r.abort() if r.request.is_navigation_request() else r.continue_())
    teacher.locator("#students li", has_text=f"{game[:3]} {width}").get_by_role(
        "button", name="take out of the class").click()
    page.wait_for_selector("#error:has-text('no longer in this class')")
    assert_accessible(page, "a student no longer in the class")
    for path, what in (("/teacher?key={key}", "the teacher's page"), ("/teacher?key={key}&view=projector",
                                                                       "the projector"),
                       ("/teacher/table/1?key={key}", "a table alone")):
        teacher.goto(live.base + path.format(key=live.key))
        teacher.wait_for_selector("#link.ok" if "table/" not in path else "body")
        teacher.wait_for_selector("#picture .picture table, #picture .small, body", timeout=60_000)
        assert_accessible(teacher, what)
    assert teacher.errors == []
    for context_ in (*(e[0] for e in ends), made):
        context_.close()
