"""Playing Hochstapler as a person does: clicks in Chromium, on a Voila page and in JupyterLab.

The page tells the test what my seat knows: the status line's ``data-view`` attribute holds my
view (hand and this deal's public history) as JSON, nothing hidden. From it the test asks
bluffmath for the odds, and checks that the page shows exactly those numbers.
"""

from __future__ import annotations

import json
import re

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

SHOWN = """() => {
    const text = selector => [...document.querySelectorAll(selector)].map(e => e.innerText.trim());
    const colours = document.querySelector('.bm-colours');
    return {
        current: text('.bm-current-counting, .bm-current-reading'),
        best: [...document.querySelectorAll('.bm-best tr[data-rank]')].map(row =>
            [...row.querySelectorAll('td')].slice(1).map(td => td.innerText.trim())),
        total: colours ? Number(colours.dataset.total) : null,
        colours: Object.fromEntries([...document.querySelectorAll('.bm-colours tr[data-colour]')]
            .map(row => [row.dataset.colour, [row.querySelector('.bm-counting').innerText.trim(),
                                              row.querySelector('.bm-reading').innerText.trim()]])),
        hand: Object.fromEntries([...document.querySelectorAll('.bm-board .bm-mine')]
            .map(card => [card.dataset.colour, Number(card.dataset.value)])),
        field: document.querySelector('.bm-call-total input').value,
    };
}"""


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


def expected_shown(odds: hs.OddsTable, total: int) -> dict:
    """What the odds panel must show (the part of SHOWN that is numbers)."""
    call = odds.position.call
    current = [] if call is None else [text(odds.current), text(odds.current_reading)]
    best = []
    if odds.position.legal_totals():
        for (a, p), (b, q) in zip(odds.best_calls(3), odds.best_calls(3, reading=True), strict=True):
            best.append([call_text(a), text(p), call_text(b), text(q)])
    colours = {row.colour: [text(odds.probability(total, row.colour)),
                            text(odds.probability(total, row.colour, reading=True))]
               for row in odds.rows}
    return {"current": current, "best": best, "total": total, "colours": colours}


def check_odds(page, total: int | None = None) -> dict:
    """The page shows the core's odds for the view it shows; returns what it shows."""
    view = shown_view(page)
    odds = hs.odds_table(position_of(view))
    totals = odds.position.legal_totals()
    total = totals.start if total is None else total
    expected = expected_shown(odds, total)
    page.wait_for_function(  # the odds are drawn by then; this only guards a slow page
        f"expected => {{ const s = ({SHOWN})(); return JSON.stringify([s.current, s.best, "
        "s.total, s.colours]) === JSON.stringify(expected); }",
        arg=[expected["current"], expected["best"], expected["total"], expected["colours"]],
        timeout=WAIT,
    )
    shown = page.evaluate(SHOWN)
    for key in ("current", "best", "total", "colours"):
        assert shown[key] == expected[key], key
    assert shown["hand"] == view["hand"]
    assert int(shown["field"]) == total
    return shown


def wait_for_my_turn(page, previous: str | None) -> str:
    page.wait_for_function(MY_TURN, arg=previous, timeout=WAIT)
    return page.locator(".bm-status").get_attribute("data-view")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def set_field(page, selector: str, value: str) -> None:
    field = page.locator(f"{selector} input")
    field.fill(value)
    field.press("Enter")


def test_play_a_game_to_the_end(page, voila):
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(".bm-board").wait_for(timeout=WAIT)
    first = wait_for_my_turn(page, None)

    # A known deal, and quick bots: the setup, then "new game".
    page.get_by_text("Setup: players, names, bots, seed").click()
    set_field(page, ".bm-seed", str(SEED))
    set_field(page, ".bm-bot-delay", "0.1")
    game = hs.Game(players=4).new_game(seed=SEED)
    hand = json.dumps(dict(game.view(0).position.hand), separators=(",", ":"))
    button(page, "new game").click()
    page.wait_for_function(
        "hand => JSON.stringify(JSON.parse(document.querySelector('.bm-status').dataset.view)"
        ".hand) === hand", arg=hand, timeout=WAIT)
    view = wait_for_my_turn(page, first)
    assert position_of(json.loads(view)) == game.view(0).position

    seen, moves = [], []
    while "game is over" not in page.locator(".bm-status").inner_text():
        assert len(moves) < 80, "the game does not end"
        shown = check_odds(page)
        seen.append(json.dumps([shown["current"], shown["colours"]]))
        turn = len(moves)
        typed = turn == 1 and button(page, "raise").is_enabled()
        if typed:  # a higher call typed: the colours' odds follow it, and I call it
            total = shown["total"] + 2
            if total in position_of(shown_view(page)).legal_totals():
                set_field(page, ".bm-call-total", str(total))
                seen.append(json.dumps(check_odds(page, total)["colours"]))
        if turn == 2:
            button(page, "show the counting").click()
            page.locator(".bm-why").first.wait_for(timeout=WAIT)
            page.locator(".bm-why summary").first.click()
            screenshot(page, "play-hochstapler-counting")
            button(page, "show the counting").click()
            page.wait_for_function("() => !document.querySelector('.bm-why')", timeout=WAIT)
        if turn % 4 == 0 and button(page, "exchange").is_enabled():
            move = "exchange"
        elif button(page, "doubt").is_enabled() and not typed and (
                turn % 2 == 1 or button(page, "raise").is_disabled()):
            move = "doubt"
        else:
            move = "raise"
        moves.append(move)
        button(page, move).click()
        view = wait_for_my_turn(page, view)

    assert {"exchange", "raise", "doubt"} <= set(moves)
    assert len(set(seen)) > 1, "the odds shown never changed"
    result = page.locator(".bm-result").inner_text()
    assert "Game over" in result
    assert re.search(r"(wins|share the win) with \d+ penalty point", result)
    final = json.loads(view)
    assert sum(final["scores"]) == 7
    assert "Final scores" in result
    assert page.locator(".bm-reveal").inner_text().startswith("Doubt!")
    for name in ("raise", "doubt", "exchange"):
        assert button(page, name).is_disabled()
    screenshot(page, "play-hochstapler-voila")
    assert page.errors == []


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
