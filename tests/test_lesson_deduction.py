"""Lesson 5's answer key against brute force, and its positions against the rules.

The grid, the crosses and the meaning of a number come from the rules text (a number
counts a player's cards, hidden or laid, of the cell's colour or letter; a card with both
counts once), not from bluffmath. The small positions are checked by listing every deal;
the full-grid one (24 unknown cells, 12 hidden) by listing how many hidden cards fall in
each group of cells that the numbers cannot tell apart, each way counted with binomials.

Every position the lesson shows must be one the rules can produce. ``rules_problems``
reads the rules text, not bluffmath: the setup rolls are written in every table (4 in a
two-player game, 3 with three players); after them each seat writes one number per turn
of its own, and turns go round from seat 0, so the seats' counts of own numbers differ by
at most one and never grow along the seats; a "not mine" mark is either a card another
seat laid face up or a wrong guess, and each wrong guess ends a turn; the game is not over
(every seat still hides a card); and some deal fits every number. The lesson's old
positions (three numbers shared by a two-player table; more marks than turns) fail it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, pairwise, product
from math import comb, prod
from typing import Any

import pytest

from bluffmath_widgets.gauner import GaunerSolver
from bluffmath_widgets.lessons.deduction import (
    AFTER_MISS,
    KEY,
    SMALL,
    SMALL_GAME,
    THREE,
    THREE_GAME,
    full_grid,
    small_position,
    three_players,
)

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
CELLS = [f"{colour}-{letter}" for colour in COLOURS for letter in "ABCDEF"]
HAND = {2: 12, 3: 10, 4: 8}
SETUP = {2: 4, 3: 3, 4: 4}


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


def with_number(position: dict[str, Any], cell: str, number: int) -> dict[str, Any]:
    changed = json.loads(json.dumps(position))
    changed["tables"][1]["numbers"][cell] = number
    return changed


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


AFTER = small_position(after_miss=True).to_json()


def test_exercise_1_the_number_less_the_laid_cards() -> None:
    seat1 = SMALL["tables"][1]
    assert seat1["numbers"]["red-F"] == 4
    assert KEY.answer(1) == 4 - len(cross("red-F") & set(seat1["laid"])) == 2


def test_exercises_2_and_3_every_deal_of_the_small_position() -> None:
    listed = list(deals(SMALL))
    assert KEY.answer(2) == len(listed) == 12 == 2 * 2 * 3
    assert comb(len(unknown(SMALL)), 3) == 455
    assert KEY.answer(3) == chance(SMALL, 1, "green-A") == Fraction(1, 3)
    assert sum(chance(SMALL, 1, c) for c in unknown(SMALL)) == 3


def test_the_lessons_reasoning_on_the_small_position() -> None:
    """What the text says: one of green-F and purple-F, one of red-B and red-D, and one of
    green-A, purple-A and purple-B; orange-D never; red-B, red-D, green-F, purple-F best."""
    listed = [set(d[1]) for d in deals(SMALL)]
    assert all(len(hand & {"green-F", "purple-F"}) == 1 and len(hand & {"red-B", "red-D"}) == 1
               and len(hand & {"green-A", "purple-A", "purple-B"}) == 1 for hand in listed)
    assert not any("orange-D" in hand for hand in listed)
    best = max(chance(SMALL, 1, c) for c in unknown(SMALL))
    assert best == Fraction(1, 2)
    assert [c for c in unknown(SMALL) if chance(SMALL, 1, c) == best] == [
        "red-B", "red-D", "green-F", "purple-F"]
    assert (chance(SMALL, 1, "green-F"), chance(with_number(SMALL, "red-F", 3), 1, "orange-D")) == (
        Fraction(1, 2), 1)
    assert len(list(deals(with_number(SMALL, "red-F", 3)))) == 6


def test_exercise_4_the_card_certain_after_a_wrong_guess() -> None:
    assert AFTER_MISS == (1, "red-B")
    assert AFTER["tables"][1]["not_mine"] == sorted({*SMALL["tables"][1]["not_mine"], "red-B"},
                                                    key=CELLS.index)
    listed = list(deals(AFTER))
    certain = [c for c in unknown(AFTER) if all(c in d[1] for d in listed)]
    assert [KEY.answer(4)] == certain == ["red-D"]
    # by logic alone, without seat 1's new number: the mark is enough
    assert all("red-D" in d[1] for d in deals(with_mark(SMALL, 1, "red-B")))


def test_going_further_guess_on_after_laying_red_d() -> None:
    laid = json.loads(json.dumps(AFTER))
    laid["tables"][1]["laid"].append("red-D")
    listed = [set(d[1]) for d in deals(laid)]
    assert len(listed) == 4
    assert max(Fraction(sum(c in h for h in listed), 4) for c in unknown(laid)) == Fraction(1, 2)


def test_exercise_5_both_tables_against_one() -> None:
    assert KEY.answer(5) == chance(THREE, 1, "orange-A") == Fraction(7, 11)
    alone = [hand for hand in combinations(unknown(THREE), 2) if fits(THREE["tables"][1], hand)]
    assert Fraction(sum("orange-A" in h for h in alone), len(alone)) == Fraction(1, 2)
    assert KEY.check(5, Fraction(1, 2)).message.endswith("seat 2's cards cannot be seat 1's too")


def test_grouping_agrees_with_listing_on_the_small_position() -> None:
    total, chances = grouped(SMALL)
    assert total == len(list(deals(SMALL)))
    assert all(chances[c] == chance(SMALL, 1, c) for c in unknown(SMALL))


def test_exercise_6_the_full_grid() -> None:
    total, chances = grouped(full_grid().to_json())
    assert KEY.answer(6) == (total, max(chances.values()))


@pytest.mark.parametrize("position", [SMALL, THREE, AFTER],
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
    bad["tables"][1]["numbers"]["red-F"] = 9
    panel.position_text.value = json.dumps(bad)
    assert panel.solution is None
    assert "seat 1 wrote 9 at red-F" in panel.message.value


def test_the_positions_are_the_lessons() -> None:
    assert small_position().to_json()["tables"][1]["numbers"] == SMALL["tables"][1]["numbers"]
    assert three_players().hidden(1) == three_players().hidden(2) == 2


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert "laid face up" in KEY.check(1, 4).message
    assert "keep only the sets that fit" in KEY.check(2, comb(13, 3)).message
    assert "ignoring the numbers" in KEY.check(3, Fraction(1, 5)).message
    assert KEY.check(4, "Red-D ").status == "right"
    assert "not hold red-B" in KEY.check(4, "red-B").message
    assert KEY.check(6, (comb(24, 12), Fraction(1, 2))).status == "wrong"


def rules_problems(position: dict[str, Any], fitting: int | None = None) -> list[str]:
    """What in a seat's view the rules of Gauner raus! cannot produce (see the docstring).

    ``fitting``: how many deals fit, when listing them would take too long."""
    players, tables = position["players"], position["tables"]
    problems = []
    shared = set.intersection(*(set(t["numbers"]) for t in tables))
    if len(shared) < SETUP[players]:
        problems.append(f"{len(shared)} cells numbered in every table; the setup rolls write "
                        f"{SETUP[players]}")
    own = [len(t["numbers"]) - SETUP[players] for t in tables]
    if any(a < b for a, b in pairwise(own)) or own[0] - own[-1] > 1 or min(own) < 0:
        problems.append(f"own numbers per seat {own}: turns go round from seat 0")
    for seat, table in enumerate(tables):
        others_laid = set().union(*(set(t.get("laid", [])) for s, t in enumerate(tables) if s != seat))
        misses = set(table.get("not_mine", [])) - others_laid
        guessers_turns = sum(max(own[s], 0) for s in range(players) if s != seat)
        if len(misses) > guessers_turns:
            problems.append(f"seat {seat}: {len(misses)} wrong guesses marked, in "
                            f"{guessers_turns} turns of the others")
        if len(table.get("laid", [])) >= HAND[players]:
            problems.append(f"seat {seat} has no hidden card: the game is over")
    if not (fitting if fitting is not None else any(True for _ in deals(position))):
        problems.append("no deal fits every number")
    return problems


OLD_SMALL = {"game": "gauner-raus", "players": 2, "me": 0,
             "hand": [f"{colour}-{letter}" for colour in ("red", "yellow") for letter in "ABCDEF"],
             "tables": [{"numbers": {"green-C": 2, "purple-E": 2, "orange-B": 2}},
                        {"numbers": {"green-C": 5, "purple-E": 3, "orange-B": 4},
                         "laid": ["green-A", "green-B", "green-D", "blue-A", "blue-F", "purple-F",
                                  "orange-A", "orange-B", "orange-F"],
                         "not_mine": ["green-F", "purple-A", "purple-B", "orange-C", "orange-E"]}]}
OLD_THREE = {"game": "gauner-raus", "players": 3, "me": 0,
             "hand": [f"red-{x}" for x in "ABCDEF"] + [f"yellow-{x}" for x in "ABCD"],
             "tables": [{"numbers": {"yellow-E": 5, "orange-D": 2, "blue-A": 2}},
                        {"numbers": {"yellow-E": 1, "orange-D": 2, "blue-A": 5},
                         "laid": [f"{c}-{x}" for c in ("green", "blue") for x in "ABCD"],
                         "not_mine": ["yellow-F", "blue-E"]},
                        {"numbers": {"yellow-E": 2, "orange-D": 5, "blue-A": 2},
                         "laid": [f"{c}-{x}" for c in ("purple", "orange") for x in "ABCD"],
                         "not_mine": ["purple-E", "orange-E"]}]}


@pytest.mark.parametrize("position", [SMALL, AFTER, THREE], ids=["small", "after", "three"])
def test_every_lesson_position_is_one_the_rules_produce(position: dict[str, Any]) -> None:
    assert rules_problems(position) == []


def test_the_full_grid_position_is_one_the_rules_produce() -> None:
    position = full_grid().to_json()
    assert rules_problems(position, fitting=grouped(position)[0]) == []


def test_the_old_positions_break_the_rules() -> None:
    assert rules_problems(OLD_SMALL) == [
        "3 cells numbered in every table; the setup rolls write 4",
        "own numbers per seat [-1, -1]: turns go round from seat 0",
        "seat 1: 5 wrong guesses marked, in 0 turns of the others"]
    assert rules_problems(OLD_THREE) == [
        "seat 1: 2 wrong guesses marked, in 0 turns of the others",
        "seat 2: 2 wrong guesses marked, in 0 turns of the others"]


@pytest.mark.parametrize("game", [SMALL_GAME, THREE_GAME], ids=["small", "three"])
def test_a_lesson_game_is_a_log_the_engine_replays(game) -> None:
    """Each recorded guess is legal when it is made, and the view is the replay's."""
    from bluffmath.gauner import GRID, Game

    state = Game(players=game.players).new_game(game.seed)
    for seat, cell in game.guesses:
        assert state.can_guess(seat, cell), (seat, cell)
        assert cell not in {GRID.name(c) for c in state.hidden[state.current]}, "a guess of one's own card"
        state = state.guess(seat, cell)
    assert state.current == 0
    assert state.must_guess
    assert state.view(0).to_json() == (SMALL if game is SMALL_GAME else THREE)
    assert list(deals(state.view(0).to_json()))
