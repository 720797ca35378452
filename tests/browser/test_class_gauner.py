"""Gauner raus! at the class table as a class uses it: the teacher at 1280 px opens a table
of it through the open form and starts the game; two students at 390 px, each in a browser
context of their own, join and play a whole game by tapping cards in the opponents' grids
(mostly the likeliest, as the chances show) and "Stop" now and then; a solver bot plays the
third seat. Every frame a student's page received passes the leak check, nothing spills
off either screen, and the teacher's picture shows the figures counted again from the
saved game."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.class_game import (
    end_and_picture,
    frames,
    open_table,
    play_to_the_end,
    saved_game,
    seat_and_start,
)
from tests.browser.conftest import screenshot
from tests.test_class_gauner import (
    RULES,
    assert_views_hide_other_cards,
    expected_figures,
    shown_figures,
)

pytestmark = pytest.mark.slow
NAMES = ("Ann", "Ben")


def _tap(page, rng) -> str | None:
    """A move, if the page offers one: "Stop" one time in six when it may, else the card
    with the highest chance (one time in four any card). What was tapped, or None."""
    if page.locator("body.busy").count() or not page.locator("#status .mine").count():
        return None
    stop = page.locator("#moves button:has-text('Stop')")
    cells = page.locator("#board button.gn-ask")
    try:
        if stop.count() and rng.random() < 1 / 6:
            stop.click(timeout=1500)
            return "stop"
        chances = cells.evaluate_all("bs => bs.map(b => { const [a, c] = (b.closest('td').dataset.p || '0/1')"
                                     ".split('/'); return a / c; })")
        if not chances:
            return None
        best = max(range(len(chances)), key=chances.__getitem__)
        index = rng.randrange(len(chances)) if rng.random() < 0.25 else best
        said = cells.nth(index).locator(".sr-only").text_content(timeout=500)
        cells.nth(index).click(timeout=1500)
    except Exception:  # the table moved on between looking and tapping: look again
        return None
    return said


def test_a_class_plays_gauner_on_phones(browser, live):
    rng = random.Random(3)
    teacher_context, teacher = open_table(browser, live, "gauner", "Gauner raus!", variant="plain", seats="3",
                                          bot="solver", odds="always", move_seconds="0")
    students = seat_and_start(browser, live, teacher, NAMES)
    shot: list[object] = []

    def tap(page) -> str | None:
        cells = page.locator("#board button.gn-ask")
        # a turn with its chances drawn (they follow the move): keep a picture of it, and read a
        # card's button as a screen reader
        if not shot and cells.count() and cells.first.locator(".gn-pc").count():
            shot.append(screenshot(page, "class-gauner-student-play-390"))
            cell = cells.first
            words = cell.locator(".sr-only").text_content().split()  # for a screen reader only
            shows = cell.inner_text().split()[len(words):]  # what the button shows: the number written, the chance
            assert re.fullmatch(r"Ask (Ben|Ann) for [a-z]+-[A-F]:", " ".join(words))
            assert shows
            name = re.compile(r"\s+".join(map(re.escape, words + shows)))  # any space, a non-breaking one too
            expect(cell).to_have_accessible_name(name)  # its name holds what it shows
        return _tap(page, rng)

    tapped = play_to_the_end(students, tap, 150, every=10)
    picture = end_and_picture(teacher, students, "gauner", ".gn-guesses-table")
    assert any(t.startswith("Ask ") for t in tapped)
    assert shot, "no turn was read with its chances drawn"

    run, names = saved_game(live)
    assert run.state.is_terminal
    assert shown_figures(picture) == expected_figures([RULES.save(run.state)], bots=frozenset({2}))
    assert shown_figures(picture)["guesses"] > 0
    for seat, (_, page) in enumerate(students):
        assert assert_views_hide_other_cards(run, names, seat, frames(page), "always", rng) > 5
    for context, _ in students:
        context.close()
    teacher_context.close()
