"""The lessons as a class sees them: each solution copy served by Voila, in Chromium.

Every check shows "right" on the page, no widget shows an error, and lesson 1's widget
answers its sliders with the core's exact numbers.

``make test`` opens a sample of the solution copies (``SHOWN``: other lessons than those
tests/test_grading.py runs there, with and without extra practice); ``make test-full``
(``--full``) every one. tests/test_lessons.py runs every solution copy in a kernel.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bluffmath import hochstapler as hs

from .conftest import ROOT, screenshot

LESSONS = sorted(p for p in (ROOT / "notebooks" / "lessons").glob("[0-9][0-9]-*.py") if not p.name.startswith("00-"))
#: The lessons make test opens here (make test-full: all).
SHOWN = {"03-doubt-or-raise", "06-hoax-bayes-tables", "07-face-down-card"}


def _exercises(source: Path) -> int:
    return len(re.findall(r"^check\((\d+), answer_\1\)", source.read_text(encoding="utf-8"), re.M))


@pytest.mark.slow
@pytest.mark.parametrize("source", [pytest.param(p, id=p.stem, marks=() if p.stem in SHOWN else pytest.mark.full)
                                    for p in LESSONS])
def test_every_check_shows_right_in_the_solution_copy(page, voila, source: Path) -> None:
    page.goto(f"{voila}/voila/render/lessons/solutions/{source.stem}.ipynb", timeout=180_000)
    verdicts = page.locator(".bluffmath-verdict")
    page.wait_for_function(f"() => document.querySelectorAll('.bluffmath-verdict').length >= {_exercises(source)}",
                           timeout=180_000)
    assert verdicts.count() == _exercises(source)
    assert [verdicts.nth(i).get_attribute("data-verdict") for i in range(verdicts.count())] == (
        ["right"] * _exercises(source))
    assert page.locator(".bluffmath-error:visible").count() == 0
    screenshot(page, f"lesson-{source.stem}")
    assert page.errors == []


def _row(page, label: str) -> str:
    return page.locator("table.bluffmath tr", has_text=label).first.inner_text()


@pytest.mark.slow
def test_lesson_1_widget_follows_its_sliders(page, voila) -> None:
    page.goto(f"{voila}/voila/render/lessons/solutions/01-counting.ipynb", timeout=180_000)
    page.locator(".widget-slider", has_text="players").first.wait_for(timeout=180_000)
    cards, dice = hs.total_distribution(5).at_least(15), hs.independent_total(5).at_least(15)
    assert f"{cards}" in _row(page, "P(total ≥ 15)")
    assert f"{dice}" in _row(page, "P(total ≥ 15)")

    handle = page.locator(".widget-slider", has_text="players").locator(".noUi-handle").first
    handle.focus()
    handle.press("ArrowLeft")  # 5 players -> 4
    cards = hs.total_distribution(4).at_least(15)
    page.wait_for_function(
        "text => [...document.querySelectorAll('table.bluffmath tr')].some(r => r.innerText.includes(text))",
        arg=f"{cards} (", timeout=30_000)
    assert f"{hs.independent_total(4).at_least(15)}" in _row(page, "P(total ≥ 15)")
    assert page.errors == []
