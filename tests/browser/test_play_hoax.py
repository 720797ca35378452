"""Playing Hoax as a person does: a Voila page in Chromium, at 1280 and at 390 px wide.

Moves are picked in the *my move* dropdown and played with the button until the game
ends. After every move the test reads the game from the page's own save box, asks the
core for my exact sheet (``deduce(sheet(state, 0, model))``) and checks that every cell
of the page's sheet holds that very Fraction (``data-p``); the page never scrolls sideways.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffmath.hoax import BluffModel, deduce
from bluffmath.hoax.saves import from_json
from bluffmath.hoax.sheet import sheet
from bluffmath.review import review

from .conftest import screenshot

PAGE = "/voila/render/07-play-hoax.ipynb"
TABLE = ".bm-hoax-table"
WAIT = 60_000
MOVES = f"{TABLE} .bm-hoax-moves select"
STATE = f"{TABLE} .bm-hoax-state"
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
# Nothing is cut off at the table's edge: every text box fits it (wide tables scroll inside).
FITS = """() => { const edge = document.querySelector('.bm-hoax-table').getBoundingClientRect().right;
    return [...document.querySelectorAll('.bm-hoax-table .widget-html-content')]
        .every(e => e.getBoundingClientRect().right <= edge + 1); }"""
CELLS = """() => [...document.querySelectorAll('.bm-hoax-table td.bm-hoax-odds')]
    .map(td => [Number(td.dataset.player), td.dataset.role, td.dataset.p])"""
# At 1280 px the sheet of four players fits beside the table without a scroll bar.
GRID_FITS = """() => { const box = document.querySelector('.bm-hoax-table .bm-hoax-grid-box');
    return box.scrollWidth <= box.clientWidth + 1; }"""
# The save box holds the game shown: as many moves as the status line counts.
SAVED = """() => {
    const box = document.querySelector('.bm-hoax-table .bm-hoax-save-text textarea');
    const state = document.querySelector('.bm-hoax-table .bm-hoax-state');
    if (!box || !state || !box.value) return false;
    try { return JSON.parse(box.value).actions.length === Number(state.dataset.moves); }
    catch (e) { return false; }
}"""


def labels(page) -> list[str]:
    """The dropdown's moves as the page shows them (ipywidgets draws spaces as no-break spaces)."""
    return page.locator(MOVES).evaluate(r"s => [...s.options].map(o => o.textContent.replace(/\u00a0/g, ' ').trim())")


def moves_made(page) -> int:
    return int(page.locator(STATE).get_attribute("data-moves"))


def saved_state(page):
    """The game the page shows, from its save box (filled by the save button)."""
    page.locator(f"{TABLE} .bm-hoax-save-text textarea").fill("")
    page.locator(f"{TABLE} button.bm-hoax-save").click()
    page.wait_for_function(SAVED, timeout=WAIT)
    return from_json(page.locator(f"{TABLE} .bm-hoax-save-text textarea").input_value())


def check_sheet(page, model: BluffModel) -> None:
    """Every cell of the page's sheet is the core's exact posterior for my seat (the save
    box is filled after the sheet is drawn: the kernel sends the updates in order)."""
    state = saved_state(page)
    if state.is_terminal:  # every card turned over: the truth
        expected = sorted([p, r, str(Fraction(r == card))] for p, card in enumerate(state.cards)
                          for r in state.game.edition.roles)
    else:
        d = deduce(sheet(state, 0, model))
        expected = sorted([p, r, str(d.probability(p, r))] for p in range(state.players)
                          for r in state.game.edition.roles)
    shown = sorted(page.evaluate(CELLS))
    assert [[p, r, Fraction(q)] for p, r, q in shown] == [[p, r, Fraction(q)] for p, r, q in expected]


def choose(options: list[str], made: int) -> str:
    """My policy: quiet at first (pass, vote no, the first claim), then accuse someone."""
    if made >= 4:
        accusations = [o for o in options if o.startswith("accuse ")]
        if accusations:
            return accusations[0]
    for quiet in ("let it pass", "vote no", "pass (no “illegal!”)", "pass (no fine)", "pass (no pardon)",
                  "no look now", "stop buying looks"):
        if quiet in options:
            return quiet
    return options[0]


def play(page, label: str) -> None:
    before = moves_made(page)
    page.locator(MOVES).select_option(index=labels(page).index(label))
    page.locator(f"{TABLE} button.bm-hoax-play").click()
    page.wait_for_function("([where, n]) => Number(document.querySelector(where).dataset.moves) > n",
                           arg=[STATE, before], timeout=WAIT)


def set_text(page, name: str, text: str) -> None:
    field = page.locator(f"{TABLE} .bm-hoax-{name} input")
    field.fill(text)
    field.press("Enter")


@pytest.mark.parametrize("width", [1280, 390])
def test_play_a_game_of_hoax_to_the_end(browser, voila, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        play_a_game(page, voila, width)
    finally:
        context.close()
    assert errors == []


def play_a_game(page, voila, width):
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(MOVES).wait_for(timeout=WAIT)
    assert page.locator(TABLE).get_by_text("Rules of Hoax").is_visible()
    assert page.locator(STATE).get_attribute("data-phase") == "take"
    assert labels(page) == ["take 1 gold from the castle", "take 1 grain from the castle",
                            "take 1 wine from the castle"]
    model = BluffModel(1, Fraction(1, 4))
    check_sheet(page, model)

    if width == 1280:  # a bad seed is said in the page; the game shown stays
        set_text(page, "seed", "1e3")
        page.locator(f"{TABLE} button.bm-hoax-new").click()
        error = page.locator(f"{TABLE} .bluffmath-error")
        error.wait_for(timeout=WAIT)
        assert "seed must be a whole number written in digits" in error.inner_text()
        set_text(page, "seed", "1")

    made = 0
    while labels(page):
        assert made < 60, "the game does not end"
        assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {width} px"
        assert page.evaluate(FITS), f"a box is cut off at {width} px"
        play(page, choose(labels(page), made))
        made += 1
        check_sheet(page, model)
        if made == 3:
            screenshot(page, f"play-hoax-{width}-sheet")
            assert width == 390 or page.evaluate(GRID_FITS)
            if width == 1280:  # another model: the sheet follows it
                set_text(page, "bluff", "1/3")
                model = BluffModel(1, Fraction(1, 3))
                page.wait_for_function("() => document.querySelector('.bm-hoax-table .bm-hoax-odds')"
                                       ".innerText.includes('1/3')", timeout=WAIT)
                check_sheet(page, model)

    end = page.locator(f"{TABLE} .bm-hoax-end")
    end.wait_for(timeout=WAIT)
    state = saved_state(page)
    assert state.is_terminal
    text = end.inner_text()
    names = ("Ann", "Bo", "Cy", "Di")
    for seat, card in enumerate(state.cards):
        assert f"{names[seat]}: the {card}" in text
    assert "the sheet shows who held what" in page.locator(f"{TABLE} .bm-hoax-truth").inner_text()
    assert (f"{names[state.winner]} wins" in text) if state.winner is not None else ("No winner" in text)
    assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {width} px"
    assert page.evaluate(FITS), f"a box is cut off at {width} px"
    screenshot(page, f"play-hoax-{width}-end")

    # "Review this game": my seat's review under the table's model, the core's numbers.
    page.locator(TABLE).get_by_role("button", name="Review this game").click()
    total = page.locator(".review-summary .total").first
    total.wait_for(timeout=WAIT)
    core = review(state, 0, model)
    assert Fraction(total.get_attribute("data-p")) == core.total_cost
    assert f"{len(core.decisions)} decisions" in page.locator(".review-summary").first.inner_text()
    assert page.evaluate(NO_OVERFLOW), f"the review scrolls sideways at {width} px"
    screenshot(page, f"play-hoax-{width}-review")

    # A damaged save is refused in the page; the game stays.
    page.locator(f"{TABLE} .bm-hoax-save-text textarea").fill("not a save")
    page.locator(f"{TABLE} button.bm-hoax-load").click()
    error = page.locator(f"{TABLE} .bluffmath-error")
    error.wait_for(timeout=WAIT)
    assert "the saved game in the box" in error.inner_text()
