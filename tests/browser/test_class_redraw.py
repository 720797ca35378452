"""A student's page drawn again at the same position (Gauner raus!'s odds following the
move) keeps what the student was doing: the card chosen in a list, the focused button, and
a move on its way. A new position draws the moves afresh.

The page is the server's own (its HTML, ``class.js`` and styles), served here with the
network blocked; its socket is answered by the test (Playwright's ``route_web_socket``),
with the regions the Gauner raus! page module draws for a real deal: first without the
odds (``"counting": true``), then with them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from bluffmath import gauner
from bluffmath_class.games import Seating
from bluffmath_class.games.gauner import RULES
from tests.browser.class_game import SITE, context, serve_page

pytestmark = pytest.mark.slow
NAMES = Seating(("Ann", "Ben", "Cid"))


def _view(state: gauner.State, odds: str, at: int, counting: bool) -> str:
    regions = RULES.seat_page(state, 0, NAMES, odds, [])
    regions.update(table="Table 1 · Gauner raus! · <b>Ann</b>", end="")
    message = {"type": "view", "game": 1, "at": at, "turn": RULES.to_act(state) == 0, "regions": regions}
    return json.dumps({**message, "counting": True} if counting else message)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_redraw_of_the_same_position_keeps_the_students_choice_focus_and_move(browser, width):
    made, page = context(browser, width)
    sockets: list[Any] = []
    sent: list[dict[str, Any]] = []

    def answer(ws: Any) -> None:
        ws.on_message(lambda text: sent.append(json.loads(text)))
        sockets.append(ws)

    page.route("**/*", serve_page)  # nothing leaves the machine
    page.route_web_socket(f"{SITE.replace('http', 'ws')}/ws", answer)
    page.goto(f"{SITE}/play")
    expect(page.locator("#link")).to_have_text("connected")
    state = gauner.Game(players=3).new_game(seed=4)
    socket = sockets[0]

    socket.send(_view(state, "later", 0, counting=True))
    expect(page.locator("#odds")).to_contain_text("Counting your exact chances")
    choice = page.locator("#moves select").first
    options = choice.locator("option").evaluate_all("os => os.map(o => o.value)")
    choice.select_option(options[4])
    button = page.locator("#board button.gn-ask").nth(2)
    button.focus()
    focused = button.get_attribute("data-send")
    ring = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); "
                         "return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert ring[0] != "none"  # where the keyboard is, always seen: a ring of 2 px or more
    assert ring[1] >= 2
    assert page.locator("#status").get_attribute("role") == "status"  # said when it changes

    socket.send(_view(state, "always", 0, counting=False))  # the odds come
    expect(page.locator("#odds")).to_contain_text("deals fit")
    expect(page.locator("#board td[data-p]").first).to_be_attached()
    assert page.evaluate("document.activeElement.isConnected && document.activeElement.dataset.send") == focused
    assert page.locator("#moves select").first.input_value() == options[4]
    assert page.locator("#moves select").first.locator("option").evaluate_all("os => os.map(o => o.value)") != options

    page.locator("#board button.gn-ask").nth(2).press("Enter")  # the move goes; the page waits for it
    expect(page.locator("body")).to_have_class("busy")
    assert sent[-1]["type"] == "move"
    assert sent[-1]["at"] == 0
    socket.send(_view(state, "always", 0, counting=False))  # the same position again: still waiting
    expect(page.locator("body")).to_have_class("busy")

    after = state.apply(gauner.Stop()) if gauner.Stop() in state.legal_actions() else state.apply(
        next(a for a in state.legal_actions() if isinstance(a, gauner.Ask)))
    socket.send(_view(after, "later", 1, counting=True))  # a new position: the moves afresh
    expect(page.locator("body")).not_to_have_class("busy")
    if page.locator("#moves select").count():
        first = page.locator("#moves select").first
        assert first.input_value() == first.locator("option").first.get_attribute("value")
    assert page.errors == []
    made.close()


def test_a_student_is_warned_before_their_time_runs_out_and_gets_more_with_one_press(browser):
    made, page = context(browser, 390)
    sockets: list[Any] = []
    sent: list[dict[str, Any]] = []

    def answer(ws: Any) -> None:
        ws.on_message(lambda text: sent.append(json.loads(text)))
        sockets.append(ws)

    page.route("**/*", serve_page)
    page.route_web_socket(f"{SITE.replace('http', 'ws')}/ws", answer)
    page.goto(f"{SITE}/play")
    expect(page.locator("#link")).to_have_text("connected")
    state = gauner.Game(players=3).new_game(seed=4)
    view = json.loads(_view(state, "never", 0, counting=False))
    assert view["turn"]
    sockets[0].send(json.dumps({**view, "clock": 4}))
    warning = page.get_by_role("alert").filter(has_text="seconds left")
    expect(warning).to_be_hidden()
    page.wait_for_timeout(1000)
    expect(warning).to_be_hidden()                    # not before the last half (at most 20 s)
    expect(warning).to_have_text("2 seconds left for your move: then a bot plays it for you. More time",
                                 timeout=3000)
    warning.get_by_role("button", name="More time").press("Enter")
    assert sent[-1] == {"type": "time"}
    sockets[0].send(json.dumps({"type": "clock", "seconds": 4}))
    expect(warning).to_be_hidden()                    # the clock started again
    expect(warning).to_be_visible(timeout=4000)
    sockets[0].send(json.dumps({**view, "at": 1, "turn": False}))  # moved: no clock runs
    expect(warning).to_be_hidden()
    page.wait_for_timeout(2500)
    expect(warning).to_be_hidden()
    assert page.errors == []
    made.close()
