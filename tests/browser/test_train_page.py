"""The trainer as a person uses it: the notebook's Voila page in Chromium, at 1280 and 390 px.

Drills from the notebook's own saves are answered, some with the keyboard alone (Tab to the
list of options, the arrow keys, Enter on *Answer*, Enter on *Next*, which takes the focus)
and some with clicks; every number on the page (each option's ``data-p``, the answer's
cost) is compared with :func:`bluffmath.train.answer` of the same drill, computed here, and
nothing of the answer shows before it. Then a puzzle set is chosen and a puzzle answered.
The progress panel draws its charts and says each in words; axe-core finds no barrier, and
the page never scrolls sideways. The progress file may hold earlier runs' answers: the test
reads which drill is shown and how many answers are stored, and reckons from there.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from html import unescape

import pytest

from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game
from bluffmath.train import Drill, answer, drills, puzzle_set

from .axe import assert_accessible
from .conftest import screenshot

pytestmark = pytest.mark.slow

PAGE = "/voila/render/train.ipynb"
WAIT = 120_000
ROOT = ".bm-train"
#: The notebook's saves: seat 0 doubts less readily than its odds say.
YOU = CardCountingBot(doubt_bias=Fraction(-1, 4))
SAVES = [save_game(play_game(Game(players=3), [YOU, CardCountingBot(), CardCountingBot()], seed=seed))
         for seed in (1, 2, 3, 4, 5)]


def shown_drill(page, known: Callable[[str], Drill]) -> Drill:
    """The drill on the page (``known`` finds it by its id), with no part of its answer shown yet."""
    question = page.locator(f"{ROOT} .bm-train-drill")
    question.wait_for(timeout=WAIT)
    drill = known(question.get_attribute("data-id"))
    assert drill.position in question.inner_text()
    assert page.locator(f"{ROOT} .bm-train-outcome").count() == 0
    return drill


def tab_to(page, what: str) -> None:
    """Tab on until the focus is on ``what`` (a CSS selector), a few steps at most."""
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("what => document.activeElement.matches(what)", what):
            return
    raise AssertionError(f"Tab does not reach {what}")


def by_keyboard(page, drill: Drill) -> str:
    """A wrong answer with keys alone: Tab to the list of options from the player's box,
    the arrow keys to the first option that is not best, Tab to *Answer*, Enter."""
    option = next(o for o in drill.options if o not in drill.decision.best)
    for attempt in range(3):  # a redraw of the widget under the focus starts the walk again
        page.locator(f"{ROOT} .bm-train-player input").focus()
        try:
            tab_to(page, ".bm-train-options select")
            break
        except AssertionError:
            if attempt == 2:
                raise
            page.wait_for_timeout(500)
    page.keyboard.press("Home")
    for _ in range(drill.options.index(option)):
        page.keyboard.press("ArrowDown")
    tab_to(page, "button.bm-train-answer")
    page.keyboard.press("Enter")
    return option


def by_clicks(page, drill: Drill) -> str:
    """The best answer with the mouse: a click on the option, then on *Answer*."""
    option = drill.decision.best[0]
    page.locator(f"{ROOT} .bm-train-options select").select_option(option)
    page.get_by_role("button", name="Answer").click()
    return option


def check_answer(page, drill: Drill, option: str) -> None:
    """The answer on the page is the core's: its cost and every option's exact value."""
    shown = page.locator(f"{ROOT} .bm-train-outcome")
    shown.wait_for(timeout=WAIT)
    assert unescape(shown.get_attribute("data-option")) == option
    assert Fraction(shown.get_attribute("data-cost")) == answer(drill, option).cost
    rows = shown.locator("tr.bm-train-option").evaluate_all("rows => rows.map(r => [r.dataset.option, r.dataset.p])")
    assert {o: Fraction(p) for o, p in rows} == drill.decision.values
    assert "Why:" in shown.inner_text()


def next_by_keyboard(page) -> None:
    """*Next* has the focus after an answer: Enter brings the next drill."""
    page.wait_for_function("() => document.activeElement && document.activeElement.innerText === 'Next'",
                           timeout=WAIT)
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} .bm-train-outcome").wait_for(state="detached", timeout=WAIT)


def attempts(page) -> int:
    return int(page.locator(f"{ROOT} .bm-train-report").get_attribute("data-attempts"))


def wait_for_attempts(page, count: int) -> None:
    page.wait_for_function("n => document.querySelector('.bm-train .bm-train-report')?.dataset.attempts == n",
                           arg=str(count), timeout=WAIT)


def test_drills_answered_by_keyboard_and_clicks_with_the_progress_said(sized, voila) -> None:
    page = sized
    page.goto(voila + PAGE, timeout=WAIT)
    page.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    known = {d.id: d for d in drills(SAVES, 0)}.__getitem__
    drill = shown_drill(page, known)
    before = attempts(page)
    for n in range(4):
        option = (by_keyboard if n % 2 == 0 else by_clicks)(page, drill)
        check_answer(page, drill, option)
        wait_for_attempts(page, before + n + 1)
        next_by_keyboard(page)
        drill = shown_drill(page, known)

    chart = page.locator(f"{ROOT} figure[data-chart='accuracy']")
    assert chart.locator("svg[role='img'] circle").count() == before + 4
    assert chart.locator("svg").is_visible()
    said = chart.locator("figcaption").inner_text()
    assert f"after all {before + 4}" in said
    assert page.locator(f"{ROOT} figure[data-chart='skill'] figcaption").first.is_visible()

    # A puzzle set: its puzzle's answer is the set's, and the rating is drawn and said.
    page.locator(f"{ROOT} .bm-train-source select").select_option(label="Gauner raus! puzzles")
    page.locator(f"{ROOT} .bm-train-drill[data-game='gauner']").wait_for(timeout=WAIT)
    puzzle = shown_drill(page, puzzle_set("gauner").drill)
    check_answer(page, puzzle, by_clicks(page, puzzle))
    wait_for_attempts(page, before + 5)
    rating = page.locator(f"{ROOT} figure[data-chart='rating']")
    assert rating.locator("svg").is_visible()
    assert "Your puzzle rating" in rating.locator("figcaption").inner_text()

    scroll = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1]
    assert_accessible(page, f"train.ipynb at {page.width} px, after five answers")
    screenshot(page, f"train-{page.width}")
    assert page.errors == []
