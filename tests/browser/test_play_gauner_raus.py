"""A 2-player game of Gauner raus! played to the end by clicking cells in Chromium (Voila),
the page's exact chances compared with the core's at every turn."""

from __future__ import annotations

from fractions import Fraction

from bluffmath.gauner import GRID
from bluffmath_widgets.gauner import GaunerTable

from .conftest import screenshot

PAGE = "/voila/render/04-play-gauner-raus.ipynb"


def page_chances(page) -> dict[str, Fraction]:
    """Each enabled cell's exact chance, read from its tooltip (``seat 1, red-A: p/q (exact)``)."""
    out = {}
    for title in page.locator("button.bluffmath-cell").evaluate_all("bs => bs.map(b => b.title)"):
        if "(exact)" in title:
            name, rest = title.split(", ", 1)[1].split(": ", 1)
            out[name] = Fraction(rest.split(" ")[0])
    return out


def test_a_two_player_game_to_the_end_by_clicking(page, voila):
    mirror = GaunerTable(players=2, seed=0, background=False)  # the same game, headless
    page.goto(voila + PAGE, timeout=120_000)
    for _ in range(40):
        if mirror.state.is_terminal:
            break
        expected = mirror.solution.table(1)
        page.get_by_text("Exact chances from all tables together").wait_for(timeout=60_000)
        page.wait_for_function("n => [...document.querySelectorAll('button.bluffmath-cell')]"
                               ".filter(b => b.title.includes('(exact)')).length === n",
                               arg=len(expected), timeout=60_000)
        assert page_chances(page) == expected
        best = mirror.solution.best_guesses(1)[0]
        before = len(mirror.state.actions)
        page.locator("button.bluffmath-cell").nth(GRID.index(best.cell)).click()
        mirror.cell_button(1, best.cell).click()
        assert len(mirror.state.actions) > before
        last = mirror.events.value.split("<br>")[-1]
        page.get_by_text(last.replace("&#x27;", "'")).last.wait_for(timeout=60_000)
    assert mirror.state.is_terminal
    page.get_by_text("Game over.").wait_for(timeout=60_000)
    screenshot(page, "play-gauner-raus")
    assert page.errors == []
