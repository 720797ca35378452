"""Lesson 5's answer key against brute force: the deals of the rules text, listed and checked.

The grid, the crosses and the meaning of a number come from the rules text (a number
counts a player's cards, hidden or laid, of the cell's colour or letter; a card with both
counts once), not from bluffmath. The small positions are checked by listing every deal;
the full-grid one (24 unknown cells, 12 hidden) by listing how many hidden cards fall in
each group of cells that the numbers cannot tell apart, each way counted with binomials.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, product
from math import comb, prod
from typing import Any

import pytest

from bluffmath_widgets.gauner import GaunerSolver
from bluffmath_widgets.lessons.deduction import (
    KEY,
    SMALL,
    THREE,
    full_grid,
    small_position,
    three_players,
)

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
CELLS = [f"{colour}-{letter}" for colour in COLOURS for letter in "ABCDEF"]
HAND = {2: 12, 3: 10, 4: 8}


def cross(cell: str) -> set[str]:
    colour, letter = cell.split("-")
    return {c for c in CELLS if c.startswith(colour + "-") or c.endswith("-" + letter)}


def fits(table: dict[str, Any], hidden: tuple[str, ...]) -> bool:
    cards = set(hidden) | set(table.get("laid", []))
    return not set(hidden) & set(table.get("not_mine", [])) and all(
        len(cross(cell) & cards) == n for cell, n in table["numbers"].items())


def unknown(position: dict[str, Any]) -> list[str]:
    known = set(position["hand"]).union(*(t.get("laid", []) for t in position["tables"]))
    return [c for c in CELLS if c not in known]


def deals(position: dict[str, Any]) -> Iterator[dict[int, tuple[str, ...]]]:
    """Every deal of the unknown cells to the opponents' hidden hands that fits every table."""
    seats = [s for s in range(position["players"]) if s != position["me"]]
    sizes = [HAND[position["players"]] - len(position["tables"][s].get("laid", [])) for s in seats]

    def deal(cells: list[str], i: int) -> Iterator[dict[int, tuple[str, ...]]]:
        if i == len(seats):
            yield {}
            return
        for hand in combinations(cells, sizes[i]):
            if fits(position["tables"][seats[i]], hand):
                rest = [c for c in cells if c not in hand]
                for others in deal(rest, i + 1):
                    yield {seats[i]: hand, **others}

    yield from deal(unknown(position), 0)


def chance(position: dict[str, Any], seat: int, cell: str) -> Fraction:
    listed = list(deals(position))
    return Fraction(sum(cell in d[seat] for d in listed), len(listed))


def with_mark(position: dict[str, Any], seat: int, cell: str) -> dict[str, Any]:
    changed = json.loads(json.dumps(position))
    changed["tables"][seat].setdefault("not_mine", []).append(cell)
    return changed


def grouped(position: dict[str, Any]) -> tuple[int, dict[str, Fraction]]:
    """Two players: the deals that fit, and each cell's chance, by groups of alike cells."""
    table = position["tables"][1 - position["me"]]
    numbers = list(table["numbers"].items())
    laid = set(table.get("laid", []))
    hidden = HAND[2] - len(laid)
    groups: dict[tuple[bool, ...], list[str]] = {}
    for cell in unknown(position):
        marked = cell in table.get("not_mine", [])
        groups.setdefault((marked, *(cell in cross(c) for c, _ in numbers)), []).append(cell)
    keys = list(groups)
    total, ways_in = 0, dict.fromkeys(keys, Fraction(0))
    for takes in product(*(range(len(groups[k]) + 1) for k in keys)):
        if sum(takes) != hidden or any(k[0] and t for k, t in zip(keys, takes, strict=True)):
            continue
        if any(len(cross(cell) & laid) + sum(t for k, t in zip(keys, takes, strict=True) if k[1 + i])
               != n for i, (cell, n) in enumerate(numbers)):
            continue
        ways = prod(comb(len(groups[k]), t) for k, t in zip(keys, takes, strict=True))
        total += ways
        for k, t in zip(keys, takes, strict=True):
            ways_in[k] += Fraction(ways * t, len(groups[k]))
    return total, {cell: ways_in[k] / total for k in keys for cell in groups[k]}


def test_exercise_1_the_number_less_the_laid_cards() -> None:
    seat1 = SMALL["tables"][1]
    assert KEY.answer(1) == 5 - len(cross("green-C") & set(seat1["laid"])) == 2


def test_exercises_2_and_3_every_deal_of_the_small_position() -> None:
    listed = list(deals(SMALL))
    assert KEY.answer(2) == len(listed) == 13
    assert comb(len(unknown(SMALL)), 3) == 455
    assert KEY.answer(3) == chance(SMALL, 1, "purple-C") == Fraction(7, 13)
    assert sum(chance(SMALL, 1, c) for c in unknown(SMALL)) == 3


def test_exercise_4_the_card_certain_after_a_wrong_guess() -> None:
    after = with_mark(SMALL, 1, "green-E")
    listed = list(deals(after))
    certain = [c for c in unknown(after) if all(c in d[1] for d in listed)]
    assert [KEY.answer(4)] == certain == ["purple-C"]


def test_exercise_5_both_tables_against_one() -> None:
    assert KEY.answer(5) == chance(THREE, 1, "purple-E") == Fraction(3, 5)
    alone = [hand for hand in combinations(unknown(THREE), 2) if fits(THREE["tables"][1], hand)]
    assert KEY.check(5, Fraction(sum("purple-E" in h for h in alone), len(alone))).message.endswith(
        "seat 2's cards cannot be seat 1's too")


def test_grouping_agrees_with_listing_on_the_small_position() -> None:
    total, chances = grouped(SMALL)
    assert total == len(list(deals(SMALL)))
    assert all(chances[c] == chance(SMALL, 1, c) for c in unknown(SMALL))


def test_exercise_6_the_full_grid() -> None:
    total, chances = grouped(full_grid().to_json())
    assert KEY.answer(6) == (total, max(chances.values()))


@pytest.mark.parametrize("position", [SMALL, THREE, with_mark(SMALL, 1, "green-E")],
                         ids=["small", "three", "after"])
def test_the_widget_on_the_lessons_positions(position: dict[str, Any]) -> None:
    panel = GaunerSolver(full_grid(), background=False)
    assert panel.solution is not None
    assert panel.solution.deals == grouped(full_grid().to_json())[0]
    panel.position_text.value = json.dumps(position)
    listed = list(deals(position))
    assert panel.solution.deals == len(listed)
    for seat in listed[0]:
        for cell in unknown(position):
            p = Fraction(sum(cell in d[seat] for d in listed), len(listed))
            assert panel.solution.probability(seat, cell) == p
    assert "from all tables" in panel.joint.value


def test_the_widget_names_the_conflict() -> None:
    panel = GaunerSolver(small_position(), background=False)
    bad = json.loads(json.dumps(SMALL))
    bad["tables"][1]["numbers"]["green-C"] = 9
    panel.position_text.value = json.dumps(bad)
    assert panel.solution is None
    assert "seat 1 wrote 9 at green-C" in panel.message.value


def test_the_positions_are_the_lessons() -> None:
    assert small_position().to_json()["tables"][1]["numbers"] == SMALL["tables"][1]["numbers"]
    assert three_players().hidden(1) == three_players().hidden(2) == 2


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert "laid face up" in KEY.check(1, 5).message
    assert "keep only the sets that fit" in KEY.check(2, 120).message
    assert "green-C's number alone" in KEY.check(3, Fraction(1, 2)).message
    assert KEY.check(4, "Purple-C ").status == "right"
    assert "not hold green-E" in KEY.check(4, "green-E").message
    assert KEY.check(6, (comb(24, 12), Fraction(1, 2))).status == "wrong"
