"""The Gauner raus! solver page as a person uses it: served by Voila, in Chromium."""

from __future__ import annotations

import json
from fractions import Fraction

from bluffmath.gauner import solve, solve_alone
from bluffmath_widgets.gauner import example_position

from .conftest import screenshot

PAGE = "/voila/render/gauner-solver.ipynb"


def heat_map(page, where: str, holder: str) -> dict[str, Fraction]:
    """The exact fractions behind one holder's heat map in the quick or joint output."""
    cells = page.locator(f".bluffmath-{where} table.bluffmath-heat[data-holder='{holder}'] td[data-p]")
    return {c.get_attribute("data-cell"): Fraction(c.get_attribute("data-p")) for c in cells.all()}


def test_quick_answers_then_the_joint_one_match_the_core(page, voila):
    position = example_position()
    page.goto(voila + PAGE, timeout=120_000)
    page.get_by_text("Exact, from all tables at once:").wait_for(timeout=60_000)
    joint = solve(position)
    assert page.get_by_text(f"Exact, from all tables at once: {joint.deals} deals fit.").is_visible()
    for holder in (*position.opponents, "surplus"):
        assert heat_map(page, "joint", str(holder)) == joint.table(holder)
    for seat in position.opponents:
        assert heat_map(page, "quick", str(seat)) == solve_alone(position, seat).table(seat)
    framed = page.locator(".bluffmath-joint td[title]")
    assert framed.count() == len(joint.forced)
    screenshot(page, "gauner-solver")
    assert page.errors == []


def test_a_broken_position_shows_a_message_and_the_page_recovers(page, voila):
    page.goto(voila + PAGE, timeout=120_000)
    page.get_by_text("Exact, from all tables at once:").wait_for(timeout=60_000)
    box = page.locator("textarea").first
    box.fill('{"game": "gauner-raus", "players": 5}')
    box.blur()
    page.locator(".bluffmath-error").first.wait_for(timeout=30_000)
    assert 'keys "hand", "tables" missing' in page.locator(".bluffmath-error").first.inner_text()
    box.fill(json.dumps(example_position().to_json()))
    box.blur()
    # the message goes once the kernel has read the good position (the answer from before the
    # bad one may still be on the page meanwhile, so its words alone do not say it recovered)
    page.locator(".bluffmath-error").first.wait_for(state="hidden", timeout=60_000)
    page.get_by_text("Exact, from all tables at once:").wait_for(timeout=60_000)
    assert page.errors == []
