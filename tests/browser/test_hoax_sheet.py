"""The Hoax sheet and practice page as a person uses it: served by Voila, in Chromium.
Every number read off the page (each cell's ``data-p``, and the fraction and percentage it
shows) is compared with :func:`bluffmath.hoax.deduce` of the same case, computed here; at
1280 and at 390 px wide the page never scrolls sideways."""

from __future__ import annotations

from fractions import Fraction

from playwright.sync_api import expect

from bluffmath.display import exact, percent
from bluffmath.hoax import BluffModel, Case, Claim, Holds, IsNot, deduce
from bluffmath.hoax.practice import Practice

from .conftest import screenshot

PAGE = "/voila/render/05-hoax-sheet.ipynb"
SHEET = ".bm-hoax-sheet"
PRACTICE = ".bm-hoax-practice"
WAIT = 60_000
# What the notebook records before the page is shown.
NOTEBOOK_CASE = Case("original", 4, (Holds(0, "Wizard", "own card"), Claim(1, "Wizard"), Claim(2, "Wizard"),
                                     Claim(3, "Wizard", False), IsNot(1, "King", "bought")),
                     BluffModel(), ("Ann", "Bo", "Cy", "Di"))
CELLS = """cells => cells.map(c => [c.dataset.player, c.dataset.role, c.dataset.p])"""


def grid(page, where: str) -> dict[tuple[int, str], Fraction]:
    """The exact fraction of every cell of the sheet in ``where``."""
    found = page.locator(f"{where} table.bluffmath-sheet td[data-p]").evaluate_all(CELLS)
    return {(int(p), role): Fraction(q) for p, role, q in found}


def expected(case: Case) -> dict[tuple[int, str], Fraction]:
    d = deduce(case)
    return {(p, role): d.probability(p, role) for p in range(case.players) for role in case.edition.roles}


def wait_for_facts(page, where: str, count: int) -> None:
    """Wait until the log in ``where`` lists ``count`` facts."""
    page.wait_for_function("([where, n]) => document.querySelectorAll(where + ' .bm-hoax-facts li')"
                           ".length === n", arg=[where, count], timeout=WAIT)


def record(page, player: str, kind: str, role: str) -> None:
    """The record row as a person uses it: three dropdowns, then "add"."""
    page.locator(f"{SHEET} .bm-hoax-player select").select_option(player)
    page.locator(f"{SHEET} .bm-hoax-kind select").select_option(kind)
    page.locator(f"{SHEET} .bm-hoax-role select").select_option(role)
    page.locator(f"{SHEET} button.bm-hoax-add").click()


def test_recording_undoing_and_a_refused_conflict_on_the_sheet(page, voila):
    case = NOTEBOOK_CASE
    page.goto(voila + PAGE, timeout=120_000)
    wait_for_facts(page, SHEET, len(case.facts))
    assert grid(page, SHEET) == expected(case)

    record(page, "Di", "spoke as", "King")
    wait_for_facts(page, SHEET, len(case.facts) + 1)
    assert page.locator(f"{SHEET} .bm-hoax-facts li").last.inner_text() == "Di spoke as the King"
    assert grid(page, SHEET) == expected(case.adding(Claim(3, "King")))

    page.locator(f"{SHEET} button.bm-hoax-undo").click()
    wait_for_facts(page, SHEET, len(case.facts))
    assert grid(page, SHEET) == expected(case)

    # Ann holds a Wizard: that she is not one is refused, the conflict named, nothing kept.
    record(page, "Ann", "is not (bought information)", "Wizard")
    error = page.locator(f"{SHEET} .bluffmath-error")
    error.wait_for(timeout=WAIT)
    assert error.inner_text() == ("⚠ no deal of the cards fits these facts together: Ann is the Wizard "
                                  "(my own card); Ann is not the Wizard (bought information)")
    assert page.locator(f"{SHEET} .bm-hoax-facts li").count() == len(case.facts)
    assert grid(page, SHEET) == expected(case)
    screenshot(page, "hoax-sheet-conflict")

    # The page goes on: a sound fact is kept, the message goes.
    record(page, "Cy", "is not (successful challenge)", "Wizard")
    case = case.adding(IsNot(2, "Wizard", "challenge"))
    wait_for_facts(page, SHEET, len(case.facts))
    error.wait_for(state="hidden", timeout=WAIT)
    assert grid(page, SHEET) == expected(case)

    # Details: Bo's Bayes table.
    page.locator(f"{SHEET} .bm-hoax-detail-player select").select_option("Bo")
    page.locator(f"{SHEET} .bluffmath-bayes[data-player='1']").wait_for(timeout=WAIT)
    wizard = deduce(case).table(1).row("Wizard")
    assert f"{wizard.unnormalised}" in page.locator(f"{SHEET} .bluffmath-bayes").inner_text()
    screenshot(page, "hoax-sheet")
    assert page.errors == []


def test_the_practice_table_shows_the_sheet_of_what_seat_0_knows(page, voila):
    game = Practice.new("original", 4, BluffModel(), seed=0, buys=3)
    page.goto(voila + PAGE, timeout=120_000)
    wait_for_facts(page, PRACTICE, len(game.case.facts))
    assert grid(page, PRACTICE) == expected(game.case)

    page.locator(f"{PRACTICE} button.bm-hoax-occasion").click()
    game = game.occasion()
    wait_for_facts(page, PRACTICE, len(game.case.facts))
    assert grid(page, PRACTICE) == expected(game.case)

    # A challenge of a claim never made is explained, and the table goes on.
    silent = next(f for f in game.case.facts if isinstance(f, Claim) and not f.spoke)
    page.locator(f"{PRACTICE} .bm-hoax-target select").select_option(f"player {silent.player}")
    page.locator(f"{PRACTICE} .bm-hoax-practice-role select").select_option(silent.role)
    page.locator(f"{PRACTICE} button.bm-hoax-challenge").click()
    error = page.locator(f"{PRACTICE} .bluffmath-error")
    error.wait_for(timeout=WAIT)
    assert f"player {silent.player} has not spoken as the {silent.role}" in error.inner_text()

    page.locator(f"{PRACTICE} button.bm-hoax-buy").click()
    game = game.buy(silent.player)
    wait_for_facts(page, PRACTICE, len(game.case.facts))
    error.wait_for(state="hidden", timeout=WAIT)
    assert grid(page, PRACTICE) == expected(game.case)
    assert "purchases of information left: 2" in page.locator(f"{PRACTICE} .bm-hoax-status").inner_text()
    screenshot(page, "hoax-practice")
    assert page.errors == []


# --- a phone and a laptop ------------------------------------------------------------------
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
# Each cell's fraction and percentage as shown, and how many lines each takes on screen.
SHOWN = """cells => cells.map(c => {
    const f = c.querySelector('.bm-hoax-frac'), q = c.querySelector('.bm-hoax-pct');
    return [c.dataset.player, c.dataset.role, f.textContent, q.textContent,
            f.getClientRects().length, q.getClientRects().length];
})"""

# Every select and button in a widget: its width and its right edge on screen.
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
    return [e.tagName, (e.closest('.widget-dropdown') || e).className, r.width, r.right]; })"""


def controls_fit(page, where: str) -> None:
    """Every select and button of ``where`` lies inside the page, each select wide enough to read."""
    for tag, name, width, right in page.locator(f"{where} select, {where} button").evaluate_all(BOXES):
        assert right <= page.width, f"{name} reaches past the page's edge ({right:.0f} px)"
        if tag == "SELECT":
            assert width >= 56, f"the select of {name} is {width:.0f} px wide"


def shown_cells(page, where: str) -> dict[tuple[int, str], tuple[str, str]]:
    """What every cell shows, after checking that no number is broken across lines."""
    rows = page.locator(f"{where} table.bluffmath-sheet td[data-p]").evaluate_all(SHOWN)
    broken = [(p, role) for p, role, _, _, fraction_lines, percent_lines in rows if (fraction_lines, percent_lines) != (1, 1)]
    assert not broken, f"numbers broken across lines in {broken}"
    return {(int(p), role): (f, q) for p, role, f, q, *_ in rows}


def as_shown(case: Case) -> dict[tuple[int, str], tuple[str, str]]:
    """The core's numbers as the sheet should print them: the fraction, its percentage beside it."""
    return {cell: (exact(p), f"({percent(p)})") for cell, p in expected(case).items()}


def no_overflow(page) -> None:
    assert page.evaluate(NO_OVERFLOW), f"the page scrolls sideways at {page.width} px"


def test_the_sheet_at_a_laptops_and_a_phones_width(sized, voila):
    page, case = sized, NOTEBOOK_CASE
    page.goto(voila + PAGE, timeout=120_000)
    wait_for_facts(page, SHEET, len(case.facts))
    no_overflow(page)
    assert shown_cells(page, SHEET) == as_shown(case)
    controls_fit(page, SHEET)

    # the rules, one click away
    page.locator(f"{SHEET} .bluffmath-rules-card").get_by_text("Rules of Hoax").click()
    page.locator(f"{SHEET} .bluffmath-rules").wait_for(timeout=WAIT)
    assert "two cards each" in page.locator(f"{SHEET} .bluffmath-rules").inner_text()

    # a silence is evidence
    record(page, "Cy", "kept silent as", "King")
    case = case.adding(Claim(2, "King", False))
    wait_for_facts(page, SHEET, len(case.facts))
    assert page.locator(f"{SHEET} .bm-hoax-facts li").last.inner_text() == "Cy kept silent as the King"
    assert shown_cells(page, SHEET) == as_shown(case)

    # three players: Di's facts wait aside, the grid stays and shows the rest
    page.locator(f"{SHEET} .bm-hoax-players select").select_option("3")
    three = Case("original", 3, tuple(f for f in case.facts if f.player < 3), BluffModel(), ("Ann", "Bo", "Cy"))
    wait_for_facts(page, SHEET, len(three.facts))
    assert shown_cells(page, SHEET) == as_shown(three)
    assert "Di kept silent as the Wizard" in page.locator(f"{SHEET} .bm-hoax-set-aside").inner_text()
    no_overflow(page)
    screenshot(page, f"hoax-sheet-{page.width}")

    # back to four: they return; then a new sheet
    page.locator(f"{SHEET} .bm-hoax-players select").select_option("4")
    wait_for_facts(page, SHEET, len(case.facts))
    assert shown_cells(page, SHEET) == as_shown(case)
    page.locator(f"{SHEET} button.bm-hoax-new-sheet").click()
    page.locator(f"{SHEET} .bm-hoax-facts").wait_for(state="detached", timeout=WAIT)
    blank = Case("original", 4, (), BluffModel(), ("Ann", "Bo", "Cy", "Di"))
    assert shown_cells(page, SHEET) == as_shown(blank)
    assert shown_cells(page, SHEET)[0, "King"] == ("1/6", "(16.7 %)")
    no_overflow(page)
    assert page.errors == []


def test_the_practice_names_the_role_in_question_at_both_widths(sized, voila):
    page = sized
    game = Practice.new("original", 4, BluffModel(), seed=0, buys=3)
    page.goto(voila + PAGE, timeout=120_000)
    wait_for_facts(page, PRACTICE, len(game.case.facts))
    controls_fit(page, PRACTICE)
    for _ in range(2):
        before = len(game.case.facts)
        page.locator(f"{PRACTICE} button.bm-hoax-occasion").click()
        game = game.occasion()
        wait_for_facts(page, PRACTICE, len(game.case.facts))
        role = game.case.facts[before].role
        question = page.locator(f"{PRACTICE} .bm-hoax-question-role")
        assert question.get_attribute("data-role") == role
        assert f"This round's question is about the {role}" in question.inner_text()
        # the role dropdown turns to the occasion's role after the sheet and its log are drawn
        picked = page.locator(f"{PRACTICE} .bm-hoax-practice-role select option:checked")
        expect(picked).to_have_text(role, timeout=WAIT)
        assert shown_cells(page, PRACTICE) == as_shown(game.case)
    no_overflow(page)
    screenshot(page, f"hoax-practice-{page.width}")
    assert page.errors == []
