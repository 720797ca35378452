"""The review widget as a person sees it: the demo notebook's Voila page in Chromium. The
summary's total and a clicked decision's every value are read off the page (``data-p``)
and compared with :func:`bluffmath.review.review` of the same game, computed here."""

from __future__ import annotations

from fractions import Fraction
from html import unescape

import pytest

from bluffmath.hochstapler import CardCountingBot, Game, play_game
from bluffmath.review import review

from .conftest import screenshot

PAGE = "/voila/render/review-a-game.ipynb"
WAIT = 120_000


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, 390])
def test_a_finished_games_review_shows_the_cores_numbers(page, voila, width: int) -> None:
    core = review(play_game(Game(players=4), [CardCountingBot()] * 4, seed=3), 2)
    page.set_viewport_size({"width": width, "height": 1600})
    page.goto(voila + PAGE, timeout=WAIT)
    total = page.locator(".review-summary .total").first
    total.wait_for(timeout=WAIT)
    assert Fraction(total.get_attribute("data-p")) == core.total_cost
    worst = core.costliest(1)[0]
    page.get_by_role("button", name=f"#{worst.number} {worst.choice}").click()
    detail = page.locator(f".review-decision[data-number='{worst.number}']")
    detail.wait_for(timeout=WAIT)
    assert Fraction(detail.get_attribute("data-cost")) == worst.cost
    rows = detail.locator("tr.option")
    shown = {unescape(rows.nth(i).get_attribute("data-option")): Fraction(rows.nth(i).get_attribute("data-p"))
             for i in range(rows.count())}
    assert worst.choice in shown
    assert shown == {o: worst.values[o] for o in shown}
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    screenshot(page, f"review-a-game-{width}")
    assert page.errors == []
