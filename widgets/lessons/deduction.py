"""Lesson 5, "Deduction with constraints": its positions and its answer key.

The lesson counts deals by hand on small positions of Gauner raus! late in a game, then
lets the solver count the full grid. The positions are written here as the JSON that
``bluffmath gauner solve`` reads, so that the lesson, its key and its tests share them;
the widget is :class:`bluffmath_widgets.gauner.GaunerSolver` on these positions.

>>> from bluffmath import gauner
>>> s = gauner.solve(small_position())
>>> s.deals, s.probability(1, "purple-C")
(13, Fraction(7, 13))
>>> gauner.solve(small_position(wrong_guess="green-E")).probability(1, "purple-C")
Fraction(1, 1)
>>> gauner.solve(three_players()).probability(1, "purple-E")
Fraction(3, 5)
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from typing import Any

from bluffmath import gauner
from bluffmath.gauner import GRID, Position

from .key import Exercise, Key

__all__ = ["KEY", "SMALL", "THREE", "check", "full_grid", "small_position",
           "three_players"]

SMALL: dict[str, Any] = {
    "game": "gauner-raus", "players": 2, "me": 0,
    "hand": [f"{colour}-{letter}" for colour in ("red", "yellow") for letter in "ABCDEF"],
    "tables": [
        {"numbers": {"green-C": 2, "purple-E": 2, "orange-B": 2}},
        {"numbers": {"green-C": 5, "purple-E": 3, "orange-B": 4},
         "laid": ["green-A", "green-B", "green-D", "blue-A", "blue-F", "purple-F",
                  "orange-A", "orange-B", "orange-F"],
         "not_mine": ["green-F", "purple-A", "purple-B", "orange-C", "orange-E"]},
    ],
}
"""Two players, late: seat 1 has laid 9 of its 12 cards, 3 are hidden."""

THREE: dict[str, Any] = {
    "game": "gauner-raus", "players": 3, "me": 0,
    "hand": [f"red-{letter}" for letter in "ABCDEF"] + [f"yellow-{letter}" for letter in "ABCD"],
    "tables": [
        {"numbers": {"yellow-E": 5, "orange-D": 2, "blue-A": 2}},
        {"numbers": {"yellow-E": 1, "orange-D": 2, "blue-A": 5},
         "laid": [f"{colour}-{letter}" for colour in ("green", "blue") for letter in "ABCD"],
         "not_mine": ["yellow-F", "blue-E"]},
        {"numbers": {"yellow-E": 2, "orange-D": 5, "blue-A": 2},
         "laid": [f"{colour}-{letter}" for colour in ("purple", "orange") for letter in "ABCD"],
         "not_mine": ["purple-E", "orange-E"]},
    ],
}
"""Three players, late: seats 1 and 2 have laid 8 of their 10 cards, 2 each are hidden."""


def small_position(wrong_guess: str | None = None) -> Position:
    """The two-player position; ``wrong_guess``: a cell seat 1 then marks "not mine".

    >>> small_position().hidden(1), len(small_position().unknown)
    (3, 15)
    """
    data = json.loads(json.dumps(SMALL))
    if wrong_guess is not None:
        data["tables"][1]["not_mine"].append(wrong_guess)
    return Position.from_json(data)


def three_players() -> Position:
    """The three-player position: 10 unknown cells, 2 for each opponent, 6 in the box.

    >>> p = three_players()
    >>> len(p.unknown), p.hidden(1), p.hidden(2)
    (10, 2, 2)
    """
    return Position.from_json(THREE)


def full_grid() -> Position:
    """Seat 0's view of a real two-player game before its first guess (seeded, so fixed).

    >>> p = full_grid()
    >>> len(p.unknown), p.tables[1].numbers == {GRID.index("green-C"): 3,
    ...     GRID.index("purple-E"): 3, GRID.index("orange-B"): 4, GRID.index("orange-D"): 5}
    (24, True)
    """
    position, _ = next(gauner.random_positions(players=2, seed=1))
    return position


def _residual() -> int:
    facts = small_position().seat_facts(1)
    return next(c.residual for c in facts.constraints if c.cell == GRID.index("green-C"))


def _certain_after_wrong_guess() -> str:
    forced = gauner.solve(small_position(wrong_guess="green-E")).forced
    (cell,) = [f.cell for f in forced if f.holder == 1 and f.held]
    return cell


def _full() -> tuple[int, Fraction]:
    s = gauner.solve(full_grid())
    return s.deals, s.best_guesses(1)[0].probability


KEY = Key("deduction", [
    Exercise(1, "a whole number", _residual,
             mistakes=lambda: {5: "that is the number written; take away the green or C cards "
                               "seat 1 has already laid face up",
                               4: "that is how many unknown cells of the cross seat 1 may hold; "
                               "how many of them must it hold?"}),
    Exercise(2, "a whole number", lambda: gauner.solve(small_position()).deals,
             mistakes=lambda: {comb(10, 3): "that is every set of 3 of the 10 cells seat 1 may "
                               "hold; keep only the sets that fit every number",
                               comb(15, 3): "that forgets the marks and the numbers"}),
    Exercise(3, "a Fraction", lambda: gauner.solve(small_position()).probability(1, "purple-C"),
             mistakes=lambda: {Fraction(1, 2): "that is green-C's number alone (2 of 4 cells); "
                               "count the hands that fit every number",
                               Fraction(2, 5): "that is purple-E's number alone (2 of 5 cells); "
                               "count the hands that fit every number",
                               Fraction(3, 10): "that is 3 cards among 10 cells, ignoring the "
                               "numbers"}),
    Exercise(4, "a cell's name, such as 'blue-D'", _certain_after_wrong_guess,
             mistakes=lambda: {"green-E": "seat 1 has just said it does not hold green-E",
                               "blue-D": "blue-D is now impossible, not certain"}),
    Exercise(5, "a Fraction", lambda: gauner.solve(three_players()).probability(1, "purple-E"),
             mistakes=lambda: {gauner.solve_alone(three_players(), 1).probability(
                 1, "purple-E"): "that is seat 1's table alone; seat 2's cards cannot be "
                 "seat 1's too"}),
    Exercise(6, "a pair (deals, Fraction)", _full,
             mistakes=lambda: {(comb(24, 12), Fraction(1, 2)): "that ignores every number: "
                               "let solve count the deals that fit them"}),
])
check = KEY.check
