"""The Münchhausen companion as a person uses it: the Voila page in Chromium, a lay by
another seat on my pile recorded with the dropdowns and the add button. The exact
P(honest) read off the page (``data-p``) is compared with
:func:`bluffmath.muenchhausen.honest_chance` of the same public events, computed here."""

from __future__ import annotations

from fractions import Fraction

from playwright.sync_api import expect

from bluffmath.muenchhausen import MODELS, Knowledge, honest_chance
from bluffmath.muenchhausen.events import Laid, OpenCard, RoundStarted
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
    expect(items).to_have_count(3, timeout=WAIT)  # the log is drawn after the numbers
    assert page.errors == []


# --- every table size, on a laptop and on a phone --------------------------------------------
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
# Every select and button of the companion: its width and its right edge on screen.
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
    return [e.tagName, (e.closest('.widget-dropdown') || e).className, r.width, r.right]; })"""


def selected(page, name: str) -> str:
    """The text of the option picked in the dropdown ``name`` (no-break spaces as spaces)."""
    return page.locator(f"{COMPANION} .bm-mhc-{name} select").evaluate(
        r"s => s.options[s.selectedIndex].textContent.replace(/\u00a0/g, ' ')")


def test_the_companion_for_three_and_two_players_at_both_widths(sized, voila):
    page = sized
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(f"{COMPANION} button.bm-mhc-add").wait_for(timeout=WAIT)
    assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {page.width} px"
    widths = []
    for tag, where, width, right in page.locator(f"{COMPANION} select, {COMPANION} button").evaluate_all(BOXES):
        assert right <= page.width, f"{where} reaches past the page's edge ({right:.0f} px)"
        if tag == "SELECT":  # wide enough to read its value and to tap (the card box was 31 px)
            widths.append((where.split()[-1], round(width)))
            assert width >= 56, f"the select of {where} is {width:.0f} px wide"

    print(f"select widths at {page.width} px: {widths}")

    # three players, from seat 2: seat 0 lays a card face down on my pile
    page.locator(f"{COMPANION} .bm-mhc-players select").select_option("3")
    page.wait_for_function("n => document.querySelector('.bm-mhc-companion .bm-mhc-seat select')"
                           ".options.length === n", arg=3, timeout=WAIT)
    page.locator(f"{COMPANION} .bm-mhc-me select").select_option("seat 2")
    page.wait_for_function("() => document.querySelector('.bm-mhc-companion .bm-mhc-my-hand') && "
                           "[...document.querySelectorAll('.bm-mhc-companion .bm-mhc-start option')]"
                           ".some(o => o.selected && o.textContent.includes('(you)') && o.textContent.includes('2'))",
                           timeout=WAIT)
    pick(page, "seat", 0)
    pick(page, "start", 2)
    pick(page, "claim", VALUES.index(5))
    page.locator(f"{COMPANION} button.bm-mhc-add").click()
    log = [RoundStarted(0, 0, (VALUES,) * 3), Laid(0, 2, 5)]
    expected = honest_chance(Knowledge.from_log(log, MODELS["lowest-enough"], me=2, my_hand=VALUES))
    assert shown_honest(page, expected) == expected
    assert page.evaluate(NO_OVERFLOW)
    screenshot(page, f"muenchhausen-companion-3-{page.width}")

    # two players: the cards go face up, and the other hand is known exactly
    page.locator(f"{COMPANION} .bm-mhc-players select").select_option("2")
    page.wait_for_function("() => document.querySelector('.bm-mhc-companion .bm-mhc-kind select')"
                           ".options.length === 1", timeout=WAIT)
    page.locator(HONEST).wait_for(state="detached", timeout=WAIT)
    assert selected(page, "me") == "seat 1"  # seat 2 is gone: I am the last seat, seat 1
    page.locator(f"{COMPANION} .bm-mhc-me select").select_option("seat 0")
    page.wait_for_function("() => [...document.querySelectorAll('.bm-mhc-companion .bm-mhc-seat option')]"
                           ".some(o => /^seat\\s0\\s\\(you\\)$/.test(o.textContent.trim()))",
                           timeout=WAIT)
    pick(page, "seat", 1)
    pick(page, "start", 0)
    pick(page, "claim", VALUES.index(4))
    pick(page, "card", VALUES.index(6))
    page.locator(f"{COMPANION} button.bm-mhc-add").click()
    hand = f"{COMPANION} .bm-mhc-seat-hands[data-seat='1']"
    page.wait_for_function("w => { const e = document.querySelector(w); return e && e.textContent.includes('1 2 3 4 5 7 8'); }",
                           arg=hand, timeout=WAIT)
    k = Knowledge.from_log([RoundStarted(0, 0, (VALUES,) * 2), OpenCard(1, 0, 4, 6)], MODELS["lowest-enough"],
                           me=0, my_hand=VALUES)
    assert k.hands(1) == {(1, 2, 3, 4, 5, 7, 8): 1}
    assert page.locator(f"{hand} .bm-mhc-hand-p").get_attribute("data-p") == "1"
    # the log is drawn after the hands (no-break spaces read as spaces)
    expect(page.locator(f"{COMPANION} .bm-mhc-events li").last).to_contain_text(
        "seat 1 lays a 6 face up", use_inner_text=True, timeout=WAIT)
    assert page.evaluate(NO_OVERFLOW)
    screenshot(page, f"muenchhausen-companion-2-{page.width}")
    assert page.errors == []
