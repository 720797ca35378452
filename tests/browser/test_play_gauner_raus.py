"""A 3-player game of Gauner raus! set up and played to the end by clicking in Chromium
(Voila), at 1280 and at 390 px wide: no horizontal scroll of the page, every opponent's
written numbers on their grid, the exact chances on the page equal to the core's at every
turn, the end panel with every hand revealed. Screenshots at both widths in test-artifacts/."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bluffmath.gauner import GRID, solve
from bluffmath_widgets.gauner import GaunerTable

from .conftest import screenshot

PAGE = "/voila/render/04-play-gauner-raus.ipynb"
SEED = 31
CELLS = ("(seat) => [...document.querySelectorAll(`.bm-opponent-${seat} button.bm-gcell`)]"
         ".map(b => [b.dataset.cell, b.dataset.p || null, b.innerText, b.title])")
SAME = ("tips => { const t = [...document.querySelectorAll('button.bm-gcell')].map(b => b.title);"
        " return t.length === tips.length && t.every((x, i) => x === tips[i]); }")
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# The bots have played (each move is drawn a moment after the last): my turn, or the end.
MY_TURN = ("() => { const t = document.querySelector('.bm-gstatus').innerText;"
           " return t.includes('Your turn') || t.includes('Game over'); }")


def tips(mirror: GaunerTable) -> list[str]:
    return [grid.tip(c) for _, grid in sorted(mirror.grids.items()) for c in GRID.cells]


def check_page(page, mirror: GaunerTable) -> None:
    """The page shows every opponent's numbers, and the core's exact chances, for this state."""
    state = mirror.state
    expected = solve(state.view(0))
    for seat in range(1, state.players):
        shown = {cell: (p, text) for cell, p, text, _ in page.evaluate(CELLS, seat)}
        assert len(shown) == 36
        for cell, number in state.numbers[seat]:
            assert f"✎{number}" in shown[GRID.name(cell)][1]
        chances = {cell: Fraction(p) for cell, (p, _) in shown.items() if p is not None}
        open_cells = {c: p for c, p in expected.table(seat).items() if GRID.index(c) not in state.marks[seat]}
        assert chances == open_cells
        for cell, p in chances.items():
            stacked = " ".join(shown[cell][1].split())  # the numerator over the denominator
            assert f"{p.numerator} {p.denominator}" in stacked or str(p) in stacked
            assert "%" in shown[cell][1]
    assert page.evaluate(OVERFLOW) <= 0


@pytest.mark.parametrize("width", [1280, 390])
def test_a_three_player_game_set_up_and_played_to_the_end(browser, voila, width):
    context = browser.new_context(viewport={"width": width, "height": 1200})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(voila + PAGE, timeout=120_000)
        page.locator(".bm-players select").wait_for(timeout=120_000)
        page.locator(".bm-players select").select_option(label="3")
        page.locator(".bm-seed input").fill(str(SEED))
        page.locator(".bm-seed input").press("Enter")
        page.locator(".bm-new-game").click()
        mirror = GaunerTable(players=3, seed=SEED, bot_delay=0)  # at once: Playwright runs an event loop here
        turns = 0
        while not mirror.state.is_terminal:
            page.wait_for_function(SAME, arg=tips(mirror), timeout=60_000)
            page.wait_for_function(MY_TURN, timeout=60_000)
            check_page(page, mirror)
            if turns == 2:
                screenshot(page, f"play-gauner-raus-{width}")
            best = mirror.solution.best_guesses(1)[0]
            page.locator(f".bm-opponent-{best.seat} button[data-cell='{best.cell}']").click()
            mirror.cell_button(best.seat, best.cell).click()
            turns += 1
        end = page.locator(".bm-end")
        end.wait_for(timeout=60_000)
        winners = [("You", "Ann", "Ben")[s] for s in mirror.state.winners]
        assert all(name in end.inner_text() for name in winners)
        assert "revealed" in end.inner_text()
        assert page.locator(".bm-end td.bm-held").count() == 36
        page.wait_for_function(SAME, arg=tips(mirror), timeout=60_000)
        check_page(page, mirror)
        page.locator(".bm-end button", has_text="▶").click()
        page.locator(".bm-end").get_by_text("Move 2 of").wait_for(timeout=30_000)
        assert page.evaluate(OVERFLOW) <= 0
        screenshot(page, f"play-gauner-raus-{width}-end")
        assert turns > 3
        assert errors == []
    finally:
        context.close()


# Every grid's box scrolls at no width it is drawn at (its content fits), every cell lies on
# the screen, and no cell's text is under 12 px.
GRIDS_FIT = """() => {
    const boxes = [...document.querySelectorAll('.bm-gscroll')];  // mine and every opponent's
    const cells = [...document.querySelectorAll('button.bm-gcell')];
    const edge = document.documentElement.clientWidth;
    return {boxes: boxes.length, scrolling: boxes.filter(b => b.scrollWidth > b.clientWidth + 1).length,
            outside: cells.filter(c => c.getBoundingClientRect().right > edge + 1).length,
            small: cells.filter(c => parseFloat(getComputedStyle(c).fontSize) < 12).length};
}"""


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("width", [1280, 390])
def test_every_grid_fits_the_screen_whole(browser, voila, width, players):
    context = browser.new_context(viewport={"width": width, "height": 1200})
    page = context.new_page()
    try:
        page.goto(voila + PAGE, timeout=120_000)
        page.locator(".bm-players select").wait_for(timeout=120_000)
        page.locator(".bm-players select").select_option(label=str(players))
        old = page.locator("[class*=bm-opponent-]").first.element_handle()  # the first game's board
        page.locator(".bm-new-game").click()
        # the new board replaces the old one (with 2 players the old one has as many grids):
        # wait until the old one has gone, then for all of the new one, drawn grid by grid
        page.wait_for_function("old => !old.isConnected", arg=old, timeout=60_000)
        page.wait_for_function(f"() => document.querySelectorAll('[class*=bm-opponent-] .bm-gscroll').length "
                               f"=== {players - 1} && document.querySelectorAll('.bm-gscroll').length "
                               f"=== {players}", timeout=60_000)
        fit = page.evaluate(GRIDS_FIT)
        assert fit == {"boxes": players, "scrolling": 0, "outside": 0, "small": 0}, fit
        assert page.evaluate(OVERFLOW) <= 0
    finally:
        context.close()
