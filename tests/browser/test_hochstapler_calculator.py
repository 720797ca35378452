"""The Hochstapler calculator page as a person uses it: served by Voila, in Chromium."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bluffmath.hochstapler import call_odds

from .conftest import screenshot

PAGE = "/voila/render/hochstapler-calculator.ipynb"
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
SHOWN = re.compile(r"P\(total ≥ (\d+)\) = (\d+)/(\d+)")


def shown_probability(page) -> tuple[int, Fraction]:
    """The call and the exact fraction the calculator shows."""
    text = page.locator(".widget-html", has_text="P(total ≥").first.inner_text()
    match = SHOWN.search(text)
    assert match, f"no probability shown in {text!r}"
    return int(match[1]), Fraction(int(match[2]), int(match[3]))


def set_text(page, label: str, value: str) -> None:
    """Type into the text field labelled ``label`` and leave it (continuous_update=False)."""
    field = page.locator(".widget-text, .widget-inline-hbox", has_text=label).locator("input").first
    field.fill(value)
    field.press("Enter")


def wait_for_call(page, call: int) -> Fraction:
    page.wait_for_function(
        "call => [...document.querySelectorAll('.widget-html')]"
        ".some(e => e.innerText.includes('P(total ≥ ' + call + ') ='))",
        arg=call, timeout=30_000,
    )
    return shown_probability(page)[1]


def test_calculator_shows_the_cores_exact_odds(page, voila):
    page.goto(voila + PAGE, timeout=120_000)
    assert wait_for_call(page, 12) == call_odds(5, own=3, call=12, face_up=(0, 7))

    set_text(page, "call: total at least", "15")
    assert wait_for_call(page, 15) == call_odds(5, own=3, call=15, face_up=(0, 7))

    set_text(page, "face up", "0,7,5")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.widget-html')]"
        f".some(e => e.innerText.includes('{call_odds(5, 3, 15, (0, 7, 5))}'))",
        timeout=30_000,
    )
    screenshot(page, "hochstapler-calculator")
    assert page.errors == []


def test_bad_input_shows_a_message_and_the_page_recovers(page, voila):
    page.goto(voila + PAGE, timeout=120_000)
    wait_for_call(page, 12)

    set_text(page, "face up", "0,0,0,0")
    alert = page.locator(".bluffmath-error").first
    alert.wait_for(state="visible", timeout=30_000)
    assert "only 3 card(s) of value 0" in alert.inner_text()

    set_text(page, "face up", "0")
    assert wait_for_call(page, 12) == call_odds(5, own=3, call=12, face_up=(0,))
    page.wait_for_function(  # the message goes away too (it may be redrawn a moment later)
        "() => ![...document.querySelectorAll('.bluffmath-error')]"
        ".some(e => e.offsetParent !== null)", timeout=30_000,
    )
    assert page.errors == []


@pytest.mark.parametrize("width", [1280, 390])
def test_the_calculators_read_at_both_widths_and_refuse_forbidden_calls(browser, voila, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(voila + PAGE, timeout=120_000)
        assert wait_for_call(page, 12) == call_odds(5, own=3, call=12, face_up=(0, 7))
        assert page.get_by_text("Rules of Hochstapler").first.is_visible()
        assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {width} px"

        set_text(page, "call: total at least", "40")          # above what 5 hands can hold
        alert = page.locator(".bluffmath-error").first
        alert.wait_for(state="visible", timeout=30_000)
        assert "no call can go higher" in alert.inner_text()
        set_text(page, "call: total at least", "14")          # and the page works on
        assert wait_for_call(page, 14) == call_odds(5, own=3, call=14, face_up=(0, 7))

        history = page.locator("textarea").first               # the companion's deal so far
        history.fill("1:12 red, 1:doubt")
        history.press("Tab")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.bluffmath-error')]"
            ".some(e => e.offsetParent !== null && e.innerText.includes('nobody doubts their own call'))",
            timeout=30_000)
        history.fill("1:12 red, 2:13 blue")
        history.press("Tab")
        page.wait_for_function(
            "() => ![...document.querySelectorAll('.bluffmath-error')]"
            ".some(e => e.offsetParent !== null)", timeout=30_000)
        assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {width} px"
        screenshot(page, f"hochstapler-calculator-{width}")
    finally:
        context.close()
    assert errors == []
