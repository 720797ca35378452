"""The review widget as a person sees it: the demo notebook's Voila page in Chromium. The
summary's total, accuracy, marks and luck, a clicked decision's every value, and the habits over
eight games are read off the page (``data-p``) and compared with
:func:`bluffmath.review.review` and :func:`~bluffmath.review.review_many` of the same games,
computed here."""

from __future__ import annotations

from fractions import Fraction
from html import unescape

import pytest

from bluffmath.hochstapler import CardCountingBot, Game, play_game
from bluffmath.review import review, review_many

from .conftest import screenshot

PAGE = "/voila/render/review-a-game.ipynb"
WAIT = 120_000


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, 390])
def test_a_finished_games_review_shows_the_cores_numbers(page, voila, width: int) -> None:
    late = CardCountingBot(doubt_bias=Fraction(-1, 4))
    games = [play_game(Game(players=4), [CardCountingBot(), CardCountingBot(), late, CardCountingBot()], seed=s)
             for s in range(8)]
    core, habits = review(games[3], 2), review_many(games, 2)
    page.set_viewport_size({"width": width, "height": 1600})
    page.goto(voila + PAGE, timeout=WAIT)
    total = page.locator(".review-summary .total").first
    total.wait_for(timeout=WAIT)
    assert Fraction(total.get_attribute("data-p")) == core.total_cost
    accuracy = page.locator(".review-summary .accuracy").first
    assert Fraction(accuracy.get_attribute("data-p")) == core.accuracy
    marks = page.locator(".review-summary .mark")
    assert {marks.nth(i).get_attribute("data-mark"): int(marks.nth(i).inner_text())
            for i in range(marks.count())} == core.marks()
    assert core.luck  # the seat doubted: the round model's luck line is on the page
    luck = page.locator(".review-summary .total-luck").first
    assert Fraction(luck.get_attribute("data-p")) == core.total_luck
    assert page.locator(".review-summary .luck").count() == len(core.luck)
    shown = page.locator(".habits li.habit")
    shown.first.wait_for(timeout=WAIT)
    assert [(shown.nth(i).get_attribute("data-name"), Fraction(shown.nth(i).get_attribute("data-cost")))
            for i in range(shown.count())] == [(p.name, p.cost) for p in habits.top(3)]
    assert shown.first.is_visible()
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
    scroll = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1]
    screenshot(page, f"review-a-game-{width}")
    assert page.errors == []
