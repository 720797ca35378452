"""Münchhausen at the class table as a class uses it: the teacher at 1280 px opens a table
of it through the open form and starts the game; two students at 390 px, each in a browser
context of their own, join and play a whole round by tapping (name a value, offer or pass,
lay a card face down, believe or doubt, the reward card); a bot plays the third seat.
Every frame a student's page received passes the leak check, nothing spills off either
screen, and the teacher's picture shows the figures counted again from the saved game."""

from __future__ import annotations

import random

import pytest

from tests.browser.class_game import (
    end_and_picture,
    frames,
    open_table,
    play_to_the_end,
    saved_game,
    seat_and_start,
)
from tests.test_class_muenchhausen import (
    RULES,
    assert_views_hide_other_cards,
    expected_figures,
    shown_figures,
)

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Ben")


def _tap(page, rng) -> str | None:
    """A move, if the page offers one: pass half the time it may, else any button of the
    move region (a value, an offer, a card, believe, doubt, the reward card). What the
    tapped button said, or None."""
    if page.locator("body.busy").count():
        return None
    buttons = page.locator("#moves button")
    count = buttons.count()
    if not count:
        return None
    passing = page.locator("#moves button:text-is('Pass')")
    button = passing if passing.count() and rng.random() < 0.5 else buttons.nth(rng.randrange(count))
    try:
        said = button.inner_text(timeout=500)
        button.click(timeout=1500)
    except Exception:  # the table moved on between looking and tapping: look again
        return None
    return said


def test_a_class_plays_muenchhausen_on_phones(browser, live):
    rng = random.Random(3)
    teacher_context, teacher = open_table(browser, live, "muenchhausen", "Münchhausen", seats="3",
                                          variant="one-round", bot="odds", odds="always", move_seconds="0")
    students = seat_and_start(browser, live, teacher, NAMES)

    tapped = play_to_the_end(students, lambda page: _tap(page, rng), 90)
    picture = end_and_picture(teacher, students, "muenchhausen", "")
    assert any(t.startswith("Offer") for t in tapped)
    assert any(t.startswith("Lay") for t in tapped)

    run, names = saved_game(live)
    assert run.state.is_terminal
    assert shown_figures(picture) == expected_figures([RULES.save(run.state)])
    assert shown_figures(picture)["valued"] > 0
    for seat, (_, page) in enumerate(students):
        assert assert_views_hide_other_cards(RULES, run, names, seat, frames(page), "always", "one-round", rng) > 10
    for context, _ in students:
        context.close()
    teacher_context.close()
