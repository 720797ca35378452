"""What the class table's browser tests share: a phone's or a laptop's browser context that
keeps every frame its page received, the check that nothing spills off the screen, the
teacher opening a table through the open form, students joining it, and a whole game
played by tapping until every student's page shows its end."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bluffmath_class.database import Database
from bluffmath_class.pages import play_page
from bluffmath_class.room import Room
from tests.browser.conftest import screenshot
from tests.class_live import Live, free_port

#: A table of each game with one student and bots in the other seats: its settings (the
#: seats are the most each game's picture is drawn for in a few seconds).
ONE_STUDENT_TABLES = {
    "hochstapler": {"seats": 5, "bot": "counting", "variant": "one-deal"},
    "gauner": {"seats": 4, "bot": "solver", "variant": "plain"},
    "hoax": {"seats": 5, "bot": "random", "variant": "original"},
    "muenchhausen": {"seats": 5, "bot": "odds", "variant": "one-round"},
    "duel": {"seats": 2, "bot": "equilibrium", "variant": "0-4-10"},
}


#: The address a student's page is served at when the test answers its socket itself.
SITE = "http://class.test"
STATIC = Path(__file__).resolve().parents[2] / "bluffmath_class" / "static"


def serve_page(route: Any) -> None:
    """Serve the server's own student page (``/play``) and static files at :data:`SITE`,
    and nothing else: the network is blocked (a test answers the socket itself, with
    Playwright's ``route_web_socket``)."""
    path = route.request.url.removeprefix(SITE)
    if path == "/play":
        route.fulfill(body=play_page(), content_type="text/html; charset=utf-8")
    elif path.startswith("/static/") and (STATIC / path.removeprefix("/static/")).is_file():
        kind = "text/css" if path.endswith(".css") else "text/javascript"
        route.fulfill(body=(STATIC / path.removeprefix("/static/")).read_text(encoding="utf-8"), content_type=kind)
    else:
        route.abort()


@contextlib.contextmanager
def every_game_open(folder: Path, tables: int = 1) -> Iterator[Live]:
    """A class server on a file in ``folder`` with ``tables`` tables of each game of
    :data:`ONE_STUDENT_TABLES` open (bots move at once; a student has 60 s)."""
    server = Live(folder / "class.sqlite3", free_port())
    server.start()
    try:
        for game, settings in ONE_STUDENT_TABLES.items():
            notice = server.order(type="open", tables=tables, game=game, odds="always", move_seconds=60, **settings)
            assert notice["type"] == "notice", notice
        yield server
    finally:
        server.stop()


def context(browser: Any, width: int) -> tuple[Any, Any]:
    """A browser context at ``width`` px and its page, which keeps its script errors
    (``page.errors``) and every socket frame it received (``page.frames_in``)."""
    made = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 900})
    page = made.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.frames_in = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: page.frames_in.append(frame)))
    return made, page


def fits(page: Any) -> None:
    """Nothing lies beyond the right edge of the screen, but inside a box that scrolls (a
    wide table's)."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wide = page.evaluate(f"""[...document.querySelectorAll('body *')].filter(e => {{
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > {width} + 1 && !e.parentElement.closest('.scroll-box'); }})
        .map(e => e.tagName + '.' + [...e.classList].join('.'))""")
    assert wide == [], wide


def open_table(browser: Any, live: Any, game: str, title: str, **fields: str) -> tuple[Any, Any]:
    """The teacher's page at 1280 px, with table 1 of ``game`` opened through its form
    (``fields``: each select's or input's value by name); its context and page."""
    made, teacher = context(browser, 1280)
    teacher.goto(f"{live.base}/teacher?key={live.key}")
    teacher.wait_for_selector("#link.ok")
    opening = teacher.locator(f"details.open-game[data-game='{game}']")
    opening.locator("summary").click()
    for name, value in fields.items():
        select = opening.locator(f"select[name={name}]")
        if select.count():
            select.select_option(value)
        else:
            opening.locator(f"input[name={name}]").fill(value)
    opening.locator("button[type=submit]:not([data-type])").click()
    teacher.wait_for_selector(f".table-card[data-table='1']:has-text('{title}')")
    return made, teacher


def seat_and_start(browser: Any, live: Any, teacher: Any, names: tuple[str, ...]) -> list[tuple[Any, Any]]:
    """Each of ``names`` joins on a phone (390 px) of their own; then the teacher starts
    table 1. Their contexts and pages, in seat order."""
    students = []
    for name in names:
        made, page = context(browser, 390)
        page.goto(f"{live.base}/?code={live.code}")
        page.fill("input[name=name]", name)
        page.click("button[type=submit]")
        page.wait_for_selector("#status:has-text('Waiting for the teacher')")
        students.append((made, page))
    teacher.wait_for_selector(f".table-card:has-text('{names[-1]}')")
    teacher.click(".table-card[data-table='1'] button:has-text('Start a game')")
    return students


def play_to_the_end(students: list[tuple[Any, Any]], tap: Callable[[Any], str | None], seconds: float,
                    every: int = 25) -> list[str]:
    """Tap (``tap(page)``: what was tapped, or None) on every phone until each shows the
    game's end, checking that a page fits every ``every`` taps; what was tapped."""
    tapped: list[str] = []
    deadline = time.monotonic() + seconds
    while not all(p.locator("#end h2").count() for _, p in students):
        assert time.monotonic() < deadline, "the game did not end"
        for _, page in students:
            said = tap(page)
            if said is not None:
                tapped.append(said)
                if len(tapped) % every == 1:
                    fits(page)
        time.sleep(0.03)
    return tapped


def end_and_picture(teacher: Any, students: list[tuple[Any, Any]], game: str, ready: str,
                    end_text: str = "Your review") -> str:
    """Once every phone shows the end (with ``end_text``): each fits its screen, the
    teacher's screen shows the game over and ``game``'s picture (``ready``: a selector
    inside it that the finished picture has) and fits too, and no page had a script error;
    a screenshot of a phone's end and of the teacher's screen. The picture's HTML."""
    for _, page in students:
        assert end_text in page.inner_text("#end")
        fits(page)
    screenshot(students[0][1], f"class-{game}-student-end-390")
    teacher.wait_for_selector(".table-card:has-text('Game 1 is over')")
    teacher.wait_for_selector(f"#picture .picture[data-game='{game}'] {ready}".rstrip())
    picture = settled(teacher, f"#picture .picture[data-game='{game}']")
    screenshot(teacher, f"class-{game}-teacher-1280")
    fits(teacher)
    for page in [*(p for _, p in students), teacher]:
        assert page.errors == []
    return picture


def settled(page: Any, selector: str, quiet: float = 3.0, within: float = 60.0) -> str:
    """The HTML of ``selector`` once it has stayed the same for ``quiet`` seconds: the
    class picture is counted again at most once a second, in a worker, so the game's last
    moves join it a moment after the game is over."""
    deadline, html = time.monotonic() + within, page.inner_html(selector)
    since = time.monotonic()
    while time.monotonic() - since < quiet:
        assert time.monotonic() < deadline, f"{selector} kept changing for {within} s"
        time.sleep(0.25)
        now = page.inner_html(selector)
        if now != html:
            html, since = now, time.monotonic()
    return html


def saved_game(live: Any) -> tuple[Any, Any]:
    """Stop the server; table 1's last game and seating as the database holds them."""
    live.stop()
    table = Room(Database(live.database)).tables[1]
    return table.last, table.seating()


def frames(page: Any) -> list[dict[str, Any]]:
    """Every message the page's socket received."""
    return [json.loads(f) for f in page.frames_in if isinstance(f, str)]
