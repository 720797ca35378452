"""Every page of the class table passes axe-core's WCAG 2.2 AA rules (:mod:`tests.browser.axe`)
at 390 and 1280 px: the join page, a student's page of each of the five games while waiting
for the teacher, on the student's own turn and at the end (the review shown), the teacher's
page, the projector and a table shown alone."""

from __future__ import annotations

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.class_game import ONE_STUDENT_TABLES, context, every_game_open

pytestmark = pytest.mark.slow

TABLES = ONE_STUDENT_TABLES


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A class server with two tables of every game, one for each width (bots move at once;
    a student has 60 s)."""
    with every_game_open(tmp_path_factory.mktemp("accessible"), tables=2) as server:
        yield server


def _student(browser, live, width: int, table: int, name: str):
    made, page = context(browser, width)
    page.goto(f"{live.base}/?code={live.code}")
    assert_accessible(page, "the join page")
    page.fill("input[name=name]", name)
    page.select_option("select[name=table]", str(table))
    page.click("button[type=submit]")
    page.wait_for_selector("#status:has-text('Waiting for the teacher')")
    return made, page


@pytest.mark.parametrize("width", [390, 1280])
def test_every_class_page_passes_axe(browser, live, width):
    ends = []
    for game in TABLES:
        table = 1 + 2 * list(TABLES).index(game) + (width == 1280)
        made, page = _student(browser, live, width, table, f"{game[:3]} {width}")
        assert_accessible(page, f"{game}, waiting")
        assert live.order(type="start", table=table)["type"] == "notice"
        page.wait_for_selector("#status .mine", timeout=60_000)  # the student's own turn: the moves shown
        page.wait_for_selector("#moves button, #moves form")
        assert_accessible(page, f"{game}, the student's turn")
        assert live.order(type="end", table=table)["type"] == "notice"
        page.wait_for_selector("#end h2")
        page.wait_for_function("!document.querySelector('#end').textContent.includes('Counting your review')",
                               timeout=60_000)
        assert_accessible(page, f"{game}, the end and the review")
        assert page.errors == []
        ends.append(made)
    made, teacher = context(browser, width)
    for path, what in (("/teacher?key={key}", "the teacher's page"), ("/teacher?key={key}&view=projector",
                                                                       "the projector"),
                       ("/teacher/table/1?key={key}", "a table alone")):
        teacher.goto(live.base + path.format(key=live.key))
        teacher.wait_for_selector("#link.ok" if "table/" not in path else "body")
        teacher.wait_for_selector("#picture .picture table, #picture .small, body", timeout=60_000)
        assert_accessible(teacher, what)
    assert teacher.errors == []
    for context_ in (*ends, made):
        context_.close()
