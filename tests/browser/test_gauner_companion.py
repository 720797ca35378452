"""The Gauner raus! companion (for a real game) as a person uses it: typing the cards and
the numbers into the solver page served by Voila, in Chromium."""

from __future__ import annotations

import time
from fractions import Fraction

from playwright.sync_api import expect

from bluffmath.gauner import GRID, random_positions, solve

from .conftest import screenshot

PAGE = "/voila/render/gauner-solver.ipynb"
COMPANION = ".bluffmath-companion"


def heat_map(page, holder: str) -> dict[str, Fraction]:
    cells = page.locator(f"{COMPANION} .bluffmath-joint table.bluffmath-heat[data-holder='{holder}'] td[data-p]")
    return {c.get_attribute("data-cell"): Fraction(c.get_attribute("data-p")) for c in cells.all()}


def type_into(page, field: str, text: str) -> None:
    """Type into one of the companion's text fields and press Enter (they update on Enter)."""
    box = page.locator(f"{COMPANION} .{field} input")
    box.fill(text)
    box.press("Enter")


def wait_for_joint(page, deals: int) -> None:
    page.locator(f"{COMPANION} .bluffmath-joint").get_by_text(f"{deals} deals fit").wait_for(timeout=60_000)


def shows(page, holder: str, expected: dict[str, Fraction], timeout: float = 60) -> bool:
    """Whether the joint heat map of ``holder`` comes to show ``expected``: each typed entry
    starts a new answer, and one entry (a redundant mark) may leave the count unchanged,
    so the page is read again until it settles."""
    deadline = time.monotonic() + timeout
    while heat_map(page, holder) != expected:
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(200)
    return True


def test_typing_a_real_game_gives_the_cores_answer_and_survives_a_conflict(page, voila):
    position = next(random_positions(players=3, seed=4))[0]  # 3 players, me at seat 0
    data = position.to_json()
    page.goto(voila + PAGE, timeout=120_000)
    page.locator(f"{COMPANION}").get_by_text("Type your cards to start.").wait_for(timeout=60_000)
    type_into(page, "bm-hand", ", ".join(data["hand"]))
    for seat, table in enumerate(data["tables"]):
        type_into(page, f"bm-numbers-{seat}", ", ".join(f"{c}={n}" for c, n in table["numbers"].items()))
    joint = solve(position)
    wait_for_joint(page, joint.deals)
    for holder in (*position.opponents, "surplus"):
        assert shows(page, str(holder), joint.table(holder))
    screenshot(page, "gauner-companion")

    # An entry that no deal fits: the conflicting facts are named, and the page goes on.
    numbers = ", ".join(f"{c}={n}" for c, n in data["tables"][1]["numbers"].items())
    type_into(page, "bm-numbers-1", f"{numbers}, {_crowded(position)}=10")
    error = page.locator(f"{COMPANION} .bluffmath-error")
    error.wait_for(timeout=60_000)
    assert "no deal fits these facts together" in error.inner_text()
    type_into(page, "bm-numbers-1", numbers)
    wait_for_joint(page, joint.deals)
    # the kernel clears the message after starting the joint answer in a thread, which may
    # draw first: the answer on the page does not say the message has gone yet
    expect(error).to_be_hidden(timeout=60_000)
    assert shows(page, "1", joint.table(1))

    # A card laid face up by seat 1, with everyone's marks: a new exact answer.
    laid = next(c for c in sorted(position.unknown) if joint.table(1)[_name(c)] > 0)
    after = solve({**data, "tables": [
        {**t, "not_mine": [_name(laid)]} if s != 1 else {**t, "laid": [_name(laid)]}
        for s, t in enumerate(data["tables"])]})
    type_into(page, "bm-laid-1", _name(laid))
    type_into(page, "bm-not-mine-0", _name(laid))
    type_into(page, "bm-not-mine-2", _name(laid))
    wait_for_joint(page, after.deals)
    assert shows(page, "1", after.table(1))
    assert page.errors == []


def _name(cell: int) -> str:
    return GRID.name(cell)


def _crowded(position) -> str:
    """An unwritten cell of seat 1 whose cross holds two of my cards: seat 1 cannot have
    all 10 of its cards in those 11 cells."""
    written = set(position.tables[1].numbers)
    return next(GRID.name(c) for c in GRID.cells
                if c not in written and len(GRID.cross(c) & position.hand) >= 2)
