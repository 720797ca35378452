"""The hands-on activities (bluffmath_widgets.lessons.hands_on): exact chances by brute force.

The chances the class's counts are compared with are counted here again from the rules:
every set of 5 of a colour's 15 cards; every hand of 12 of the 36 Gauner raus! cards, by
a walk over the cards one at a time (how many hands of each size hold how many cards of
the cross); and every order of seat 1's cards 1 to 8 (the lesson 7 brute force).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from test_lesson_face_down import chance, worlds

from bluffmath.errors import InvalidInputError
from bluffmath_widgets.lessons.hands_on import (
    compare,
    gauner_chances,
    hochstapler_chances,
    muenchhausen_chances,
)

PILE_CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]
LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"


def test_hochstapler_five_cards_at_least_15() -> None:
    hands = list(combinations(range(15), 5))
    hits = sum(1 for hand in hands if sum(PILE_CARDS[i] for i in hand) >= 15)
    p = Fraction(hits, len(hands))
    assert hochstapler_chances(players=5, call=15) == {"at least 15": p, "less than 15": 1 - p}


def test_gauner_the_number_at_green_c_in_a_hand_of_12() -> None:
    cells = [(colour, letter) for colour in "RYGBPO" for letter in "ABCDEF"]
    in_cross = [colour == "G" or letter == "C" for colour, letter in cells]
    ways = {(0, 0): 1}                       # (cards taken, of them in the cross) -> hands
    for marked in in_cross:
        step = dict(ways)
        for (size, k), n in ways.items():
            if size < 12:
                key = (size + 1, k + marked)
                step[key] = step.get(key, 0) + n
        ways = step
    total = sum(n for (size, _), n in ways.items() if size == 12)
    assert total == comb(36, 12)
    expected = {k: Fraction(n, total) for (size, k), n in sorted(ways.items()) if size == 12}
    assert gauner_chances(players=2, cell="green-C") == expected


def test_muenchhausen_the_second_card_laid_at_random() -> None:
    honest = chance(worlds("uniform", 6, 8), lambda first, second: second >= 8)
    assert muenchhausen_chances() == {"honest (it is the 8)": honest, "a bluff": 1 - honest}


def test_compare_sets_the_class_beside_the_exact_counts() -> None:
    table = compare({"at least 15": 9, "less than 15": 11}, hochstapler_chances())
    assert "<td>9</td>" in table
    assert "9/20 (45.0 %)" in table
    assert "37/77 (48.1 %)" in table
    assert "expected in 20" in table
    assert table._repr_html_() == str(table)
    with pytest.raises(InvalidInputError, match="not among"):
        compare({"maybe": 1}, hochstapler_chances())
    with pytest.raises(InvalidInputError, match="whole numbers"):
        compare({"at least 15": -1}, hochstapler_chances())


@pytest.mark.parametrize("lesson", ["01-counting", "05-gauner-deduction", "07-face-down-card"])
def test_each_games_first_lesson_starts_with_the_activity(lesson: str) -> None:
    text = (LESSONS / f"{lesson}.py").read_text(encoding="utf-8")
    sections = [line for line in text.splitlines() if line.startswith("# ## ") and line[5].isdigit()]
    assert sections[0].startswith("# ## 0. Hands on")
    assert "class_counts = {" in text
    assert "compare(class_counts, " in text
