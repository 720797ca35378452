"""Playing Münchhausen as a person does: a Voila page in Chromium, moves picked in the
dropdown and played with the button. When a card lies on my pile, the exact P(honest) read
off the page (``data-p``) is compared with :func:`bluffmath.muenchhausen.honest_chance` of
the same game, which the test loads from the page's own save box."""

from __future__ import annotations

from fractions import Fraction

from bluffmath.muenchhausen import MODELS, Knowledge, State, honest_chance, load_game

from .conftest import screenshot

PAGE = "/voila/render/06-play-muenchhausen.ipynb"
TABLE = ".bm-mh-table"
WAIT = 60_000
MOVES = f"{TABLE} .bm-mh-moves select"
STATE = f"{TABLE} .bm-mh-state"
HONEST = f"{TABLE} .bm-mh-honest"
# The save box holds the game shown: as many actions as the status line counts.
SAVED = """() => {
    const box = document.querySelector('.bm-mh-table .bm-mh-save-text textarea');
    const state = document.querySelector('.bm-mh-table .bm-mh-state');
    if (!box || !state || !box.value) return false;
    try { return JSON.parse(box.value).actions.length === Number(state.dataset.moves); }
    catch (e) { return false; }
}"""


def labels(page) -> list[str]:
    """The dropdown's moves as the page shows them (ipywidgets draws spaces as no-break spaces)."""
    return page.locator(MOVES).evaluate(r"s => [...s.options].map(o => o.textContent.replace(/\u00a0/g, ' ').trim())")


def moves_made(page) -> int:
    return int(page.locator(STATE).get_attribute("data-moves"))


def play(page, label: str) -> None:
    """Pick ``label`` in the dropdown, press play, wait until the page shows the result."""
    before = moves_made(page)
    page.locator(MOVES).select_option(index=labels(page).index(label))
    page.locator(f"{TABLE} button.bm-mh-play").click()
    page.wait_for_function("([where, n]) => Number(document.querySelector(where).dataset.moves) > n",
                           arg=[STATE, before], timeout=WAIT)


def saved_state(page) -> State:
    """The game the page shows, from its save box (filled by the save button)."""
    page.locator(f"{TABLE} button.bm-mh-save").click()
    page.wait_for_function(SAVED, timeout=WAIT)
    return load_game(page.locator(f"{TABLE} .bm-mh-save-text textarea").input_value())


def expected_honest(state: State, model: str) -> Fraction:
    k = Knowledge.from_log(state.log, MODELS[model], me=0, my_hand=state.hands[0])
    return honest_chance(k)


def shown_honest(page, expected: Fraction) -> Fraction:
    """P(honest) as the page shows it, once it shows ``expected`` (or the wait times out)."""
    page.wait_for_function("([where, p]) => { const e = document.querySelector(where); "
                           "return e && e.dataset.p === p; }", arg=[HONEST, str(expected)], timeout=WAIT)
    return Fraction(page.locator(HONEST).get_attribute("data-p"))


def choose(options: list[str]) -> str:
    """My policy: name a low value, take the first of equal offers, else the first move."""
    for wanted in ("name 2", "pass"):
        if wanted in options:
            return wanted
    return options[0]


def test_playing_moves_and_reading_the_exact_honest_chance(page, voila):
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(MOVES).wait_for(timeout=WAIT)
    assert page.locator(STATE).get_attribute("data-phase") == "name"
    assert labels(page)[:2] == ["name 1", "name 2"]

    decided = 0
    for _ in range(40):
        options = labels(page)
        if not options:
            break
        if "believe" in options:
            state = saved_state(page)
            assert state.phase == "decide"
            assert state.to_act == 0
            for model in ("lowest-enough", "uniform", "random-enough"):
                page.locator(f"{TABLE} .bm-mh-model select").select_option(model)
                expected = expected_honest(state, model)
                assert shown_honest(page, expected) == expected
            if decided == 0:
                assert expected_honest(state, "uniform") != expected_honest(state, "lowest-enough")
                screenshot(page, "play-muenchhausen-decide")
            page.locator(f"{TABLE} .bm-mh-model select").select_option("lowest-enough")
            decided += 1
            play(page, "doubt")
            if decided == 2:
                break
            continue
        play(page, choose(options))
    assert decided == 2, "no decision of mine came up"

    # The page and the core agree on the game so far; a damaged save is refused inline.
    state = saved_state(page)
    assert len(state.actions) == moves_made(page)
    page.locator(f"{TABLE} .bm-mh-save-text textarea").fill("not a save")
    page.locator(f"{TABLE} button.bm-mh-load").click()
    error = page.locator(f"{TABLE} .bluffmath-error")
    error.wait_for(timeout=WAIT)
    assert "The saved game in the box must be JSON text" in error.inner_text()
    assert moves_made(page) == len(state.actions)

    # The game goes on after the error; the message goes with the next move.
    options = labels(page)
    if options:
        play(page, choose(options))
        error.wait_for(state="hidden", timeout=WAIT)
    screenshot(page, "play-muenchhausen")
    assert page.errors == []


# --- a whole game, on a laptop and on a phone ------------------------------------------------
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"

# Every select and button in a widget: its width and its right edge on screen.
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
    return [e.tagName, (e.closest('.widget-dropdown') || e).className, r.width, r.right]; })"""


def controls_fit(page, where: str) -> None:
    """Every select and button of ``where`` lies inside the page, each select wide enough to read."""
    for tag, name, width, right in page.locator(f"{where} select, {where} button").evaluate_all(BOXES):
        assert right <= page.width, f"{name} reaches past the page's edge ({right:.0f} px)"
        if tag == "SELECT":
            assert width >= 56, f"the select of {name} is {width:.0f} px wide"


def no_overflow(page) -> None:
    assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {page.width} px"


def test_a_whole_game_by_clicking_at_both_widths(sized, voila):
    page = sized
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(MOVES).wait_for(timeout=WAIT)
    no_overflow(page)
    controls_fit(page, TABLE)
    card = page.locator(f"{TABLE} .bluffmath-rules-card")
    card.get_by_text("Rules of Münchhausen").click()
    assert "full circle with no offer" in card.locator(".bluffmath-rules").inner_text()

    decisions = 0
    for _ in range(400):
        if page.locator(STATE).get_attribute("data-phase") is None or not labels(page):
            break
        options = labels(page)
        if "believe" in options:  # a card lies on my pile: the page's odds are the core's
            state = saved_state(page)
            expected = expected_honest(state, "lowest-enough")
            assert shown_honest(page, expected) == expected
            decisions += 1
            if decisions == 1:
                no_overflow(page)
                screenshot(page, f"play-muenchhausen-decide-{page.width}")
            play(page, "believe" if expected == 1 else "doubt")
            continue
        play(page, choose(options))
    final = saved_state(page)
    assert final.is_terminal, "the game did not end"
    assert decisions >= 1
    status = page.locator(f"{TABLE} .bm-mh-status").inner_text()
    assert "The game is over" in status
    shown = page.locator(f"{TABLE} .bm-mh-score").evaluate_all("cells => cells.map(c => Number(c.dataset.score))")
    assert tuple(shown) == final.scores
    review = page.locator(f"{TABLE} button.bm-end-review")  # the review, beside the result
    assert review.is_visible()
    review.click()
    page.locator(f"{TABLE} .review-summary").first.wait_for(timeout=30_000)
    no_overflow(page)
    screenshot(page, f"play-muenchhausen-end-{page.width}")
    assert page.errors == []
