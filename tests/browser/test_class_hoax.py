"""Hoax at the class table as a class uses it: the teacher at 1280 px opens a table of it
through the open form and starts the game; two students at 390 px, each in a browser
context of their own, join and play a whole game by tapping (take a token, claim a role,
"Hoax!", vote, pay, accuse, ...); bots play the other seats. Every frame a student's page
received passes the leak check, nothing spills off either screen, and the teacher's
picture shows the figures counted again from the saved game."""

from __future__ import annotations

import random
import time

import pytest

from tests.browser.class_game import (
    end_and_picture,
    frames,
    open_table,
    saved_game,
    seat_and_start,
)
from tests.browser.class_game import fits as _fits
from tests.browser.conftest import screenshot
from tests.test_class_hoax import (
    RULES,
    assert_views_hide_other_cards,
    expected_figures,
    shown_figures,
)

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Ben")


def _tap(page, rng) -> str | None:
    """A move, if the page offers one: a kind of button first (the groups of the move
    region), then one of it. What the tapped button said, or None."""
    if page.locator("body.busy").count():
        return None
    groups = page.locator("#moves .hx-moves")
    count = groups.count()
    if not count:
        return None
    group = groups.nth(rng.randrange(count))
    buttons = group.locator("button")
    n = buttons.count()
    if not n:
        return None
    button = buttons.nth(rng.randrange(n))
    try:
        if not button.is_visible():  # a folded group (many thefts or trades): unfold it first
            group.locator("xpath=ancestor::details[1]/summary").click(timeout=1000)
        said = button.inner_text(timeout=500)
        button.click(timeout=1500)
    except Exception:  # the table moved on between looking and tapping: look again
        return None
    return said


def test_a_class_plays_hoax_on_phones(browser, live):
    rng = random.Random(5)
    teacher_context, teacher = open_table(browser, live, "hoax", "Hoax", variant="original", seats="4",
                                          bot="deducer", odds="always", move_seconds="0")
    students = seat_and_start(browser, live, teacher, NAMES)

    tapped: list[str] = []
    shot: list[object] = []
    deadline = time.monotonic() + 120
    while not all(p.locator("#end h2").count() for _, p in students):
        assert time.monotonic() < deadline, "the game did not end"
        for _, page in students:
            if not shot and page.locator("#moves button").count() > 10:  # a turn: keep a picture of it
                shot.append(screenshot(page, "class-hoax-student-play-390"))
            said = _tap(page, rng)
            if said is not None:
                tapped.append(said)
                if len(tapped) % 10 == 1:
                    _fits(page)

        time.sleep(0.03)
    for _, page in students:
        assert "Your exact sheet" in page.inner_text("#end")
    picture = end_and_picture(teacher, students, "hoax", "", "Your review")
    assert any(t.startswith("Take 1") for t in tapped)

    run, names = saved_game(live)
    assert run.state.is_terminal
    assert shown_figures(picture) == expected_figures([RULES.save(run.state)])
    assert shown_figures(picture)["chances"], "no challenge or accusation was counted"
    for seat, (_, page) in enumerate(students):
        assert assert_views_hide_other_cards(run, names, seat, frames(page), "always", "original", rng) > 5
    for context, _ in students:
        context.close()
    teacher_context.close()
