"""Playing Hochstapler as a person does: clicks in Chromium, on a Voila page and in JupyterLab.

The page tells the test what my seat knows: the status line's ``data-view`` attribute holds my
view (hand and this deal's public history) as JSON, nothing hidden. From it the test asks
bluffmath for the odds, and checks that the page shows exactly those numbers.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from bluffmath import hochstapler as hs
from bluffmath_widgets.common import fraction_html

from .conftest import screenshot

PAGE = "/voila/render/02-play-hochstapler.ipynb"
NOTEBOOK = "02-play-hochstapler.ipynb"
SEED = 7
WAIT = 60_000

# My turn (or the end), with everything drawn: the widget writes its status, which holds
# my view, last.
MY_TURN = """previous => {
    const status = document.querySelector('.bm-status');
    if (!status || status.dataset.view === previous) return false;
    return status.innerText.includes('Your turn') || status.innerText.includes('game is over');
}"""

SHOWN = r"""() => {
    const text = selector => [...document.querySelectorAll(selector)].map(e => e.innerText.trim());
    const colours = document.querySelector('.bm-colours');
    return {
        current: text('.bm-current-counting, .bm-current-reading'),
        best: [...document.querySelectorAll('.bm-best tr[data-rank]')].map(row =>
            [...row.querySelectorAll('td')].slice(1).map(td => td.innerText.trim())),
        openings: [...document.querySelectorAll('.bm-openings tr[data-colour]')].map(row =>
            [...row.querySelectorAll('td')].map(td => td.innerText.trim())),
        total: colours ? Number(colours.dataset.total) : null,
        colours: Object.fromEntries([...document.querySelectorAll('.bm-colours tr[data-colour]')]
            .map(row => [row.dataset.colour, [row.querySelector('.bm-counting'), row.querySelector('.bm-reading')]
                .map(cell => cell.innerText.replace(/\s+/g, ' ').trim())])),
        hand: Object.fromEntries([...document.querySelectorAll('.bm-board .bm-mine')]
            .map(card => [card.dataset.colour, Number(card.dataset.value)])),
        field: document.querySelector('.bm-call-total input').value,
    };
}"""

# The page is never wider than the window (a wide table scrolls inside its own box).
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"

# The chances a player acts on (the call to beat, the best raises, each colour's chances of
# the call typed) lie inside the window and inside any box that scrolls, unscrolled: on a
# phone they are read without scrolling sideways. Returns those that do not.
CHANCES_OUT_OF_VIEW = r"""() => {
    const chances = '.bm-current-counting, .bm-current-reading, .bm-best-counting, .bm-best-reading, '
        + '.bm-counting, .bm-reading, .bm-exchange, .bm-opening';
    return [...document.querySelectorAll(chances)].filter(el => {
        const right = el.getBoundingClientRect().right, box = el.closest('.bm-scroll');
        const edge = box ? Math.min(box.getBoundingClientRect().right, window.innerWidth) : window.innerWidth;
        return right > edge + 0.5;
    }).map(el => el.className + ': ' + el.innerText.replace(/\s+/g, ' '));
}"""

REVEALS = """() => [...document.querySelectorAll('.bm-reveal')].map(r => [Number(r.dataset.doubt),
    r.dataset.colour, Number(r.dataset.total), Number(r.dataset.taker),
    [...r.querySelectorAll('.bm-shown .bm-card')].length])"""

HALF = Fraction(1, 2)


def text(p) -> str:
    """A fraction as the page shows it: ``fraction_html`` without its tags."""
    return re.sub(r"<[^>]+>", "", fraction_html(p))


def call_text(call) -> str:
    return f"{call.total} {call.colour} {hs.SYMBOLS[call.colour]}"


def event(data):
    kind = data.pop("event")
    return {"call": hs.Call, "exchange": hs.Exchange, "doubt": hs.Doubt}[kind](**data)


def shown_view(page) -> dict:
    return json.loads(page.locator(".bm-status").get_attribute("data-view"))


def position_of(view: dict) -> hs.Position:
    """The Position the page says my seat is in."""
    return hs.Position(players=view["players"], hand=view["hand"], me=view["me"],
                       history=[event(dict(e)) for e in view["history"]])


def openings(odds: hs.OddsTable) -> list[list[str]]:
    """Each colour's highest call that holds at least half the time, from the core's odds."""
    top = hs.MAX_TOTAL[odds.position.players]
    rows = []
    for colour in odds.position.colours:
        total = max(t for t in range(top + 1) if odds.probability(t, colour) >= HALF)
        rows.append([call_text(hs.Call(0, total, colour)), text(odds.probability(total, colour))])
    return rows


def expected_shown(odds: hs.OddsTable, total: int) -> dict:
    """What the odds panel must show (the part of SHOWN that is numbers)."""
    call = odds.position.call
    current = [] if call is None else [text(odds.current), text(odds.current_reading)]
    best = []
    if call is not None and odds.position.legal_totals():
        for (a, p), (b, q) in zip(odds.best_calls(3), odds.best_calls(3, reading=True), strict=True):
            best.append([call_text(a), text(p), call_text(b), text(q)])
    colours = {row.colour: [text(odds.probability(total, row.colour)),
                            text(odds.probability(total, row.colour, reading=True))]
               for row in odds.rows}
    return {"current": current, "best": best, "openings": [] if call else openings(odds),
            "total": total, "colours": colours}


KEYS = ("current", "best", "openings", "total", "colours")


def check_odds(page, total: int | None = None) -> dict:
    """The page shows the core's odds for the view it shows; returns what it shows."""
    view = shown_view(page)
    odds = hs.odds_table(position_of(view))
    totals = odds.position.legal_totals()
    total = (totals.start if totals else odds.position.call.total) if total is None else total
    expected = expected_shown(odds, total)
    page.wait_for_function(  # the odds are drawn by then; this only guards a slow page
        f"expected => {{ const s = ({SHOWN})(); return JSON.stringify([{', '.join('s.' + k for k in KEYS)}])"
        " === JSON.stringify(expected); }",
        arg=[expected[k] for k in KEYS], timeout=WAIT,
    )
    shown = page.evaluate(SHOWN)
    for key in KEYS:
        assert shown[key] == expected[key], key
    assert shown["hand"] == view["hand"]
    if totals:
        assert int(shown["field"]) == total
    return shown


def check_reveals(page) -> None:
    """Every doubt of the game is on the page, newest first, with every hand's card."""
    view = shown_view(page)
    expected = [[n, r["colour"], r["total"], r["taker"], view["players"]]
                for n, r in reversed(list(enumerate(view["reveals"], 1)))]
    assert page.evaluate(REVEALS) == expected


def wait_for_my_turn(page, previous: str | None) -> str:
    page.wait_for_function(MY_TURN, arg=previous, timeout=WAIT)
    return page.locator(".bm-status").get_attribute("data-view")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def set_field(page, selector: str, value: str, key: str = "Enter") -> None:
    field = page.locator(f"{selector} input")
    field.fill(value)
    field.press(key)


def new_game(page, seed: int) -> str:
    """A known deal and quick bots: the setup, then "new game"; returns the view shown."""
    first = wait_for_my_turn(page, None)
    page.get_by_text("Setup: players, names, bots, seed").click()
    set_field(page, ".bm-seed", str(seed))
    set_field(page, ".bm-bot-delay", "0.1")
    game = hs.Game(players=4).new_game(seed=seed)
    hand = json.dumps(dict(game.view(0).position.hand), separators=(",", ":"))
    button(page, "new game").click()
    page.wait_for_function(
        "hand => JSON.stringify(JSON.parse(document.querySelector('.bm-status').dataset.view)"
        ".hand) === hand", arg=hand, timeout=WAIT)
    view = wait_for_my_turn(page, first)
    assert position_of(json.loads(view)) == game.view(0).position
    page.get_by_text("Setup: players, names, bots, seed").click()  # closed again
    return view


@pytest.mark.parametrize("width", [1280, 390])
def test_play_a_game_to_the_end(browser, voila, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        play_a_game(page, voila, width)
    finally:
        context.close()
    assert errors == []


def play_a_game(page, voila, width):
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(".bm-board").wait_for(timeout=WAIT)
    assert page.get_by_text("Rules of Hochstapler").last.is_visible()  # the card, not the lesson
    view = new_game(page, SEED)
    assert page.evaluate(NO_OVERFLOW)

    seen, moves, undone = [], [], False
    while "game is over" not in page.locator(".bm-status").inner_text():
        assert len(moves) < 80, "the game does not end"
        shown = check_odds(page)
        check_reveals(page)
        assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {width} px"
        assert page.evaluate(CHANCES_OUT_OF_VIEW) == [], f"chances out of view at {width} px"
        seen.append(json.dumps([shown["current"], shown["colours"]]))
        turn = len(moves)
        if turn == 0:  # opening advice: a real call, not 0 at 100 %
            advice = page.locator(".bm-advice")
            assert "open with" in advice.inner_text()
            assert int(advice.get_attribute("data-total")) > 0
        typed = turn == 1 and button(page, "raise").is_enabled()
        if typed:  # a higher call typed: the colours' odds follow it, and Enter calls it
            total = shown["total"] + 2
            if total in position_of(shown_view(page)).legal_totals():
                set_field(page, ".bm-call-total", str(total), key="Tab")
                seen.append(json.dumps(check_odds(page, total)["colours"]))
                before = len(shown_view(page)["history"])
                page.locator(".bm-call-total input").press("Enter")
                moves.append("enter")
                view = wait_for_my_turn(page, view)
                mine = event(dict(shown_view(page)["history"][before]))
                assert mine.total == total, "Enter did not make the call typed"
                continue
        if turn == 2 and width == 1280:
            button(page, "show the counting").click()
            page.locator(".bm-why").first.wait_for(timeout=WAIT)
            page.locator(".bm-why summary").first.click()
            screenshot(page, "play-hochstapler-counting")
            button(page, "show the counting").click()
            page.wait_for_function("() => !document.querySelector('.bm-why')", timeout=WAIT)
        if turn == 3 and not undone:  # undo: my last decision and the bots' after it go
            previous = view
            button(page, "raise").click() if button(page, "raise").is_enabled() else \
                button(page, "doubt").click()
            view = wait_for_my_turn(page, view)
            button(page, "undo").click()
            view = wait_for_my_turn(page, view)
            assert json.loads(view)["history"] == json.loads(previous)["history"]
            undone = True
            continue
        if turn % 4 == 0 and button(page, "exchange").is_enabled():
            move = "exchange"
        elif button(page, "doubt").is_enabled() and (
                turn % 2 == 1 or button(page, "raise").is_disabled()):
            move = "doubt"
        else:
            move = "raise"
        moves.append(move)
        button(page, move).click()
        view = wait_for_my_turn(page, view)

    assert {"exchange", "raise", "doubt", "enter"} <= set(moves)
    assert undone
    assert len(set(seen)) > 1, "the odds shown never changed"
    result = page.locator(".bm-result")
    assert result.is_visible()
    assert "Game over" in result.inner_text()
    assert page.locator("button.bm-end-review").is_visible()  # the review, beside the result
    assert re.search(r"(wins|share the win) with \d+ penalty point", result.inner_text())
    final = json.loads(view)
    assert sum(final["scores"]) == 7
    assert "Final scores" in result.inner_text()
    check_reveals(page)
    assert len(final["reveals"]) == 7
    for name in ("raise", "doubt", "exchange"):
        assert button(page, name).is_disabled()
    assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {width} px"
    screenshot(page, f"play-hochstapler-{width}")


def test_jupyterlab_runs_the_notebook_and_a_click_updates_the_odds(page, jupyterlab):
    base, token = jupyterlab
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}", timeout=120_000)
    page.wait_for_function(
        "() => { const bar = document.querySelector('#jp-main-statusbar');"
        " return bar && bar.innerText.includes('| Idle'); }", timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.locator(".bm-board").wait_for(timeout=WAIT)
    view = wait_for_my_turn(page, None)
    before = check_odds(page)

    button(page, "raise").click()
    view = wait_for_my_turn(page, view)
    after = check_odds(page)
    assert position_of(json.loads(view)).history, "the raise is not in the history"
    assert after != before
    screenshot(page, "play-hochstapler-jupyterlab")
    assert page.errors == []
