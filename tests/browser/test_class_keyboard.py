"""Each of the five games is played at the class table with the keyboard alone: on every turn
of the student, Tab moves the focus to a move (a button, or a form's field or button) and
Enter plays it; no mouse, no script clicking for the student. The game goes to its end
(the teacher ends a long one after :data:`MOVES` of the student's moves)."""

from __future__ import annotations

import time

import pytest

from tests.browser.class_game import ONE_STUDENT_TABLES, context, every_game_open

pytestmark = pytest.mark.slow
#: The student's moves after which the teacher ends a game that is still going.
MOVES = 60
#: A move the keyboard can reach and play with Enter: a move's button, or a field or button
#: of a move's form (Enter in a field sends its form).
MOVE = "button[data-send], form[data-send] :is(button, input)"


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A class server with a table of every game (bots move at once; a student has 60 s)."""
    with every_game_open(tmp_path_factory.mktemp("keyboard"), tables=1) as server:
        yield server


def _key_move(page, skip: int) -> bool:
    """From the top of the page, Tab to the move after ``skip`` others and press Enter;
    whether one was found."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate(f"!!document.activeElement && document.activeElement.matches({MOVE!r})"):
            if skip == 0:
                page.keyboard.press("Enter")
                return True
            skip -= 1
    return False


@pytest.mark.parametrize("game", list(ONE_STUDENT_TABLES))
def test_a_whole_game_is_played_with_the_keyboard_alone(browser, live, game):
    table = 1 + list(ONE_STUDENT_TABLES).index(game)
    made, page = context(browser, 390)
    page.goto(f"{live.base}/?code={live.code}")
    page.locator("input[name=name]").focus()
    page.keyboard.type(f"Keys {game}")
    page.keyboard.press("Tab")  # the table list: from "any free seat" down to this table
    for _ in range(table):
        page.keyboard.press("ArrowDown")
    assert page.locator("select[name=table]").input_value() == str(table)
    page.keyboard.press("Tab")  # to "Sit down"
    page.keyboard.press("Enter")
    page.wait_for_selector("#status:has-text('Waiting for the teacher')")
    assert live.order(type="start", table=table)["type"] == "notice"
    played, skip, deadline = 0, 0, time.monotonic() + 180
    while not page.locator("#end h2").count():
        assert time.monotonic() < deadline, f"{game}: the game did not end ({played} moves by keys)"
        if played >= MOVES:
            assert live.order(type="end", table=table)["type"] == "notice"
            page.wait_for_selector("#end h2")
            break
        if page.locator("#status .mine").count() and not page.locator("body.busy").count():
            assert _key_move(page, skip), f"{game}: no move reached with Tab"
            page.wait_for_selector("body:not(.busy)", timeout=30_000)  # answered: a new view, or an error
            if page.locator("#error").is_visible():  # that move was refused (a form's default): the next one
                skip += 1
            else:
                played, skip = played + 1, 0
        else:
            page.wait_for_timeout(100)
    assert played >= 1, f"{game}: no move was played by keys"
    assert page.errors == []
    made.close()
