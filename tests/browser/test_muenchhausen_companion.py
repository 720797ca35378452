"""The Münchhausen companion as a person uses it: the Voila page in Chromium, a lay by
another seat on my pile recorded with the dropdowns and the add button. The exact
P(honest) read off the page (``data-p``) is compared with
:func:`bluffmath.muenchhausen.honest_chance` of the same public events, computed here."""

from __future__ import annotations

from fractions import Fraction

from bluffmath.muenchhausen import MODELS, Knowledge, honest_chance
from bluffmath.muenchhausen.events import Laid, RoundStarted
from bluffmath.muenchhausen.rules import values

from .conftest import screenshot

PAGE = "/voila/render/06-play-muenchhausen.ipynb"
COMPANION = ".bm-mhc-companion"
WAIT = 60_000
HONEST = f"{COMPANION} .bm-mhc-honest"
VALUES = values(4)
DEAL = RoundStarted(0, 0, (VALUES,) * 4)


def pick(page, name: str, index: int) -> None:
    page.locator(f"{COMPANION} .bm-mhc-{name} select").select_option(index=index)


def shown_honest(page, expected: Fraction) -> Fraction:
    """P(honest) as the page shows it, once it shows ``expected`` (or the wait times out)."""
    page.wait_for_function("([where, p]) => { const e = document.querySelector(where); "
                           "return e && e.dataset.p === p; }", arg=[HONEST, str(expected)], timeout=WAIT)
    return Fraction(page.locator(HONEST).get_attribute("data-p"))


def test_recording_a_lay_on_my_pile_shows_the_exact_honest_chance(page, voila):
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(f"{COMPANION} button.bm-mhc-add").wait_for(timeout=WAIT)
    assert page.locator(HONEST).count() == 0

    # seat 2 lays a card face down on my pile (seat 0), claiming at least 6
    pick(page, "kind", 0)
    pick(page, "seat", 2)
    pick(page, "start", 0)
    pick(page, "claim", VALUES.index(6))
    page.locator(f"{COMPANION} button.bm-mhc-add").click()
    log = [DEAL, Laid(2, 0, 6)]
    for model in ("lowest-enough", "uniform", "random-enough"):
        page.locator(f"{COMPANION} .bm-mhc-model select").select_option(model)
        expected = honest_chance(Knowledge.from_log(log, MODELS[model], me=0, my_hand=VALUES))
        assert shown_honest(page, expected) == expected
    items = page.locator(f"{COMPANION} .bm-mhc-events li")
    assert items.count() == 2
    assert "seat 2 lays a card face down on seat 0" in items.nth(1).inner_text().replace("\u00a0", " ")
    assert page.locator(f"{COMPANION} .bm-mhc-choice").get_attribute("data-choice") in ("believe", "doubt")
    screenshot(page, "muenchhausen-companion")

    # seat 1 cannot believe a card on my pile: refused inline; then I believe it
    pick(page, "kind", 1)
    pick(page, "start", 1)
    page.locator(f"{COMPANION} button.bm-mhc-add").click()
    error = page.locator(f"{COMPANION} .bluffmath-error")
    error.wait_for(timeout=WAIT)
    assert "only seat 0 believes or doubts it" in error.inner_text()
    pick(page, "start", 0)
    page.locator(f"{COMPANION} button.bm-mhc-add").click()
    error.wait_for(state="hidden", timeout=WAIT)
    page.locator(HONEST).wait_for(state="detached", timeout=WAIT)
    assert items.count() == 3
    assert page.errors == []
