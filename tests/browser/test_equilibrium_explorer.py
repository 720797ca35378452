"""The strategy explorer as a person uses it: the Voila page in Chromium, at a desktop's
width and a phone's. The exact chances read off the page (``data-p``) are compared with the
stored certificate, and the exploitability after a slider moves with
:func:`bluffmath.equilibrium.exploitability`, computed here; the page never scrolls
sideways."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffmath.duel import duel
from bluffmath.equilibrium import exploitability, stored

from .conftest import screenshot

PAGE = "/voila/render/equilibrium-explorer.ipynb"
EXPLORER = ".bm-eq-explorer"
WAIT = 60_000
DECK = (0, 1, 2, 3, 4)


def no_sideways_scroll(page) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_explorer_shows_the_certificate_and_prices_a_change(browser, voila, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(voila + PAGE, timeout=120_000)
        cell = page.locator(f"{EXPLORER} .bm-eq-mix [data-key='0:'][data-action='4']").first
        cell.wait_for(timeout=WAIT)
        cert = stored(duel(DECK).spec)
        assert Fraction(cell.get_attribute("data-p")) == cert.strategy(1)["0:"]["4"]
        value = page.locator(f"{EXPLORER} .bm-eq-value").get_attribute("data-value")
        assert Fraction(value) == cert.value
        assert page.locator(f"{EXPLORER} .bm-eq-exploitability").get_attribute("data-value") == "0"
        page.locator(".bm-duel-match .bm-duel-card").first.wait_for(timeout=WAIT)
        no_sideways_scroll(page)
        screenshot(page, f"equilibrium-explorer-{width}")

        # never bluff with the 0: all on call 3 (true half the time), none on call 4
        slider = page.locator(f"{EXPLORER} .bm-eq-slider", has_text="call 3").first
        slider.locator(".slider-container, .widget-slider").first.wait_for(timeout=WAIT)
        handle = slider.locator(".noUi-handle").first
        handle.focus()
        for _ in range(25):
            handle.press("ArrowRight")
        strategy = cert.strategy(1)
        strategy["0:"] = {"3": Fraction(1)}
        for key, info in duel(DECK).infosets.items():  # where the equilibrium never goes: the first action
            if info.player == 1 and key not in strategy:
                strategy[key] = {info.actions[0]: Fraction(1)}
        want = exploitability(duel(DECK), 1, strategy, cert.value)
        assert want > 0
        page.wait_for_function(
            "([where, v]) => { const e = document.querySelector(where); return e && e.dataset.value === v; }",
            arg=[f"{EXPLORER} .bm-eq-exploitability", str(want)], timeout=WAIT)
        no_sideways_scroll(page)
        assert errors == []
    finally:
        context.close()


def test_playing_a_deal_against_the_bot(page, voila) -> None:
    page.goto(voila + PAGE, timeout=120_000)
    for match, said in ((page.locator(".bm-duel-match").first, "no strategy expects more than"),
                        (page.locator(".bm-duel-match").nth(1), "The reader has seen 1 of your moves")):
        card = match.locator(".bm-duel-card")
        card.wait_for(timeout=WAIT)
        assert card.inner_text() in {str(c) for c in DECK}
        select = match.locator(".bm-duel-choice select")
        options = [o.replace("\u00a0", " ") for o in select.locator("option").all_inner_texts()]
        assert options[-1] == "call 7"  # the highest call: the bot must doubt, the deal ends
        select.select_option(index=len(options) - 1)
        match.locator("button.bm-duel-play").click()
        result = match.locator(".bm-duel-result")
        result.wait_for(timeout=WAIT)
        assert result.get_attribute("data-payoff") in ("1", "-1")
        match.locator(f".bm-duel-score:has-text('{said}')").wait_for(timeout=WAIT)
    assert page.errors == []
