"""Why, in Gauner raus!: the reason given for every certain cell (``solution.forced``), and
the facts named when no deal fits at all (``ConflictError.facts``).

A certain cell's ``kind`` is the simplest reason that proves it: a "not mine" ``mark``; a
``circle`` (a number already reached by the seat's laid cards); a ``count`` inside one
table; the seat's ``own table`` (every hand that fits it); or ``all tables`` (every deal).
A holder lacks a cell that another opponent surely has for that other one's reason
("seat 2 has it: ..."), and the surplus holds a cell every opponent's table rules out.
Each kind is built by hand below, and every certain cell of positions along random games is
checked against the exact probabilities and against what its reason says.

A conflict is minimal: the position with only its facts still has no deal, and without
any one of them some deal fits.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from bluffmath.errors import BluffmathError, InconsistentEvidenceError, InvalidInputError
from bluffmath.gauner import (
    GRID,
    HAND_SIZE,
    ConflictError,
    Fact,
    Position,
    Solution,
    Table,
    random_positions,
    solve,
    solve_alone,
)

KINDS = ("mark", "circle", "count", "own table", "all tables")
RED = [f"red-{x}" for x in "ABCDEF"]
YELLOW = [f"yellow-{x}" for x in "ABCDEF"]


def position(players: int, *tables: dict) -> Position:
    """Seat 0 holds the red row and then yellow from A on; ``tables`` are the opponents'."""
    hand = (RED + YELLOW)[:HAND_SIZE[players]]
    return Position.from_json({"game": "gauner-raus", "players": players, "me": 0, "hand": hand,
                               "tables": [{}, *tables]})


@cache
def game(players: int, seed: int) -> tuple[Position, ...]:
    return tuple(p for p, _ in random_positions(players, seed))


def fits(p: Position) -> bool:
    try:
        solve(p)
    except ConflictError:
        return False
    return True


def forced(solution: Solution, holder, kind: str | None = None) -> dict[str, tuple[bool, str, str]]:
    """cell -> (held, kind, reason) of the holder's certain cells (of one kind, if given)."""
    return {f.cell: (f.held, f.kind, f.reason) for f in solution.forced
            if f.holder == holder and kind in (None, f.kind)}


def cells(*names: str) -> set[str]:
    return set(names)


def row(colour: str) -> set[str]:
    return {f"{colour}-{x}" for x in "ABCDEF"}


def column(letter: str, colours=("green", "blue", "purple", "orange")) -> set[str]:
    return {f"{c}-{letter}" for c in colours}


# --- every kind, built by hand ------------------------------------------------------------

def test_mark():
    s = solve(position(2, {"numbers": {"green-A": 5}, "not_mine": ["blue-B", "orange-F"]}))
    marked = forced(s, 1, "mark")
    assert set(marked) == cells("blue-B", "orange-F")
    assert marked["blue-B"] == (False, "mark", "seat 1 marked blue-B not mine")
    assert s.probability(1, "blue-B") == 0
    # With two players, a cell seat 1 cannot hold is in the box.
    held, kind, reason = forced(s, "surplus")["orange-F"]
    assert (held, kind) == (True, "mark")
    assert "seat 1 marked orange-F not mine" in reason
    assert s.probability("surplus", "orange-F") == 1


def test_circle_with_no_card_laid():
    s = solve(position(2, {"numbers": {"green-A": 0}}))
    circled = forced(s, 1, "circle")
    assert set(circled) == row("green") | column("A")
    for held, _, reason in circled.values():
        assert held is False
        assert reason.startswith("seat 1 wrote 0 at green-A and has laid 0 green or A cards")


def test_circle_when_the_laid_cards_reach_the_number():
    s = solve(position(2, {"numbers": {"green-B": 1, "blue-E": 3}, "laid": ["green-A"]}))
    circled = forced(s, 1, "circle")
    # green-A is green: one laid card reaches the 1 at green-B; the 3 at blue-E is not reached.
    assert set(circled) == (row("green") | column("B")) - {"green-A"}
    for cell, (held, _, reason) in circled.items():
        assert held is False
        assert s.probability(1, cell) == 0
        assert "seat 1 wrote 1 at green-B and has laid 1 green or B card" in reason
    assert not any("blue-E" in reason for _, _, reason in forced(s, 1).values())


def test_no_circle_before_the_laid_cards_reach_the_number():
    s = solve(position(2, {"numbers": {"green-B": 2}, "laid": ["green-A"]}))
    assert forced(s, 1, "circle") == {}
    assert 0 < s.probability(1, "green-C") < 1


def test_count_has_them_all_and_no_other():
    # 9 at purple-F: the 9 unknown purple or F cells are all seat 1's. Two of them are
    # green or B (green-F, purple-B), so the 2 at green-B rules out every other green or B.
    s = solve(position(2, {"numbers": {"purple-F": 9, "green-B": 2}}))
    counted = forced(s, 1, "count")
    has = row("purple") | column("F")
    none = (row("green") | column("B")) - has
    assert {c for c, (held, _, _) in counted.items() if held} == has
    assert {c for c, (held, _, _) in counted.items() if not held} == none
    for cell in has:
        assert s.probability(1, cell) == 1
        assert "seat 1 wrote 9 at purple-F" in counted[cell][2]
    for cell in none:
        assert s.probability(1, cell) == 0
        assert "seat 1 wrote 2 at green-B" in counted[cell][2]
    assert forced(s, 1, "circle") == {}  # reached by placed cards, not by laid ones
    held, kind, reason = forced(s, "surplus")["green-F"]
    assert (held, kind) == (False, "count")
    assert reason.startswith("seat 1 has it: seat 1 wrote 9 at purple-F")


def test_count_by_the_hand_size():
    # 3 players: seat 1 has 10 cards and may hold only 10 of the 26 unknown cells.
    allowed = row("green") | cells("blue-A", "blue-B", "blue-C", "blue-D")
    unknown = {GRID.name(c) for c in position(3, {}, {}).unknown}
    s = solve(position(3, {"not_mine": sorted(unknown - allowed, key=GRID.index)}, {}))
    counted = forced(s, 1, "count")
    assert set(counted) == allowed
    for cell, (held, _, reason) in counted.items():
        assert held is True
        assert s.probability(1, cell) == 1
        assert "seat 1 has 10 hidden cards and only 10 cells can still hold them" in reason
    # ...and once a number has placed all of seat 1's hidden cards, none is anywhere else
    s = solve(position(2, {"numbers": {"green-A": 9}, "laid": ["blue-F", "purple-F", "orange-F"]}))
    counted = forced(s, 1, "count")
    assert {c for c, (held, _, _) in counted.items() if held} == row("green") | column("A")
    rest = {c for c, (held, _, r) in counted.items() if not held}
    assert rest == {GRID.name(c) for c in s.position.unknown} - row("green") - column("A")
    assert all("seat 1's 9 hidden cards" in counted[c][2] for c in rest)


def test_own_table():
    # One of green-A, green-B is seat 1's (the 1 at green-A, after the marks); the 1 at
    # green-C counts that card too, so blue-C, purple-C and orange-C cannot be seat 1's.
    # No single number shows it: it takes both.
    marks = ["green-C", "green-D", "green-E", "green-F", "blue-A", "purple-A", "orange-A"]
    p = position(2, {"numbers": {"green-A": 1, "green-C": 1}, "not_mine": marks})
    s = solve(p)
    own = forced(s, 1, "own table")
    assert set(own) == column("C", ("blue", "purple", "orange"))
    alone = solve_alone(p, 1)
    for cell, (held, _, reason) in own.items():
        assert held is False
        assert s.probability(1, cell) == 0 == alone.probability(1, cell)
        assert reason == f"in none of the {alone.deals} hands that fit seat 1's table"
    assert set(forced(s, 1)) == set(own) | set(marks)  # nothing else is certain


ALL_TABLES = ({"numbers": {"green-A": 9}}, {"numbers": {"green-B": 1}, "not_mine": ["purple-B", "orange-B"]})


def test_all_tables_with_three_players():
    # Seat 1's 9 at green-A takes every unknown green or A card; seat 2's 1 at green-B
    # must then be blue-B, its only other green or B cell. Neither table alone tells.
    p = position(3, *ALL_TABLES)
    s = solve(p)
    seat1 = row("green") | column("A")
    assert {c for c, (held, _, _) in forced(s, 1, "count").items() if held} == seat1
    every = f"in every one of the {s.deals} deals that fit all tables"
    none = f"in none of the {s.deals} deals that fit all tables"
    assert forced(s, 2, "all tables") == {"blue-B": (True, "all tables", every)}
    assert forced(s, 1, "all tables") == {"blue-B": (False, "all tables", none)}
    assert forced(s, "surplus")["blue-B"] == (False, "all tables", none)
    assert (s.probability(2, "blue-B"), s.probability(1, "blue-B")) == (1, 0)
    for seat in (1, 2):
        alone = solve_alone(p, seat)
        assert 0 < alone.probability(seat, "blue-B") < 1
    # Seat 2 lacks seat 1's cells: seat 1's table alone shows that, and says so.
    for cell in seat1:
        held, kind, reason = forced(s, 2)[cell]
        assert (held, kind) == (False, "count")
        assert reason.startswith("seat 1 has it: seat 1 wrote 9 at green-A")


def test_all_tables_from_marks_alone():
    # Seat 1 may hold only the green row and blue-A to blue-D (10 cells, 10 cards); seat 2
    # only blue-D and 10 more. So seat 2 holds the other ten, which only the two tables
    # together show.
    unknown = {GRID.name(c) for c in position(3, {}, {}).unknown}
    one = row("green") | cells("blue-A", "blue-B", "blue-C", "blue-D")
    two = cells("blue-D", "blue-E", "blue-F", "orange-A", "orange-B") | row("purple")
    p = position(3, {"not_mine": sorted(unknown - one)}, {"not_mine": sorted(unknown - two)})
    s = solve(p)
    assert s.deals == 1
    assert forced(s, 2, "all tables") == {
        c: (True, "all tables", "in the only deal that fits all tables") for c in two - {"blue-D"}}
    held, kind, reason = forced(s, 2)["blue-D"]
    assert (held, kind) == (False, "count")
    assert reason.startswith("seat 1 has it: seat 1 has 10 hidden cards")
    box = {c for c, (held, kind, _) in forced(s, "surplus").items() if held and kind == "mark"}
    assert box == unknown - one - two
    assert all(s.probability("surplus", c) == 1 for c in box)


def test_a_quick_answer_uses_its_own_table_only():
    p = position(3, *ALL_TABLES)
    alone = solve_alone(p, 2)
    assert {f.kind for f in alone.forced} == {"mark"}
    assert {(f.holder, f.cell) for f in alone.forced} == {(2, "purple-B"), (2, "orange-B")}


# --- every certain cell of random games ---------------------------------------------------

NUMBER = re.compile(r"seat (\d) wrote (\d+) at ([a-z]+-[A-F])")


def every(held: bool, count: int, what: str, source: str) -> str:
    """The expected words: "in every one of the 12 deals that fit all tables", and for a
    single deal or hand "in the only deal that fits all tables"."""
    if count == 1:
        return f"{'in' if held else 'not in'} the only {what} that fits {source}"
    return f"{'in every one of' if held else 'in none of'} the {count} {what}s that fit {source}"


def check_forced(s: Solution) -> set[str]:
    """Every certain cell is listed once, in the right direction, with a true reason."""
    listed = [(f.holder, f.cell) for f in s.forced]
    assert len(listed) == len(set(listed))
    certain = {(h, name) for h in s.holders for name, q in s.table(h).items() if q in (0, 1)}
    assert set(listed) == certain
    alone: dict[int, Solution] = {}
    for f in s.forced:
        assert f.kind in KINDS
        check_reason(s, alone, f.holder, f.cell, f.held, f.kind, f.reason)
    return {f.kind for f in s.forced}


def check_reason(s: Solution, alone: dict, holder, cell: str, held: bool, kind: str, reason: str) -> None:
    """``reason`` (of ``kind``) proves that ``holder`` has ``cell`` (or not, as ``held`` says)."""
    p = s.position
    c = GRID.index(cell)
    where = f"{holder} {cell} {held} {kind}: {reason}"
    assert s.probability(holder, cell) == (1 if held else 0), where

    def quick(seat: int) -> Solution:
        if seat not in alone:
            alone[seat] = solve_alone(p, seat)
        return alone[seat]

    has_it = re.fullmatch(r"seat (\d) has it: (.*)", reason)
    if has_it:  # another holder surely has it, for a reason of its own
        seat = int(has_it.group(1))
        assert not held, where
        assert seat != holder, where
        assert seat in p.opponents, where
        assert kind in ("count", "own table"), where
        check_reason(s, alone, seat, cell, True, kind, has_it.group(2))
        return
    if kind == "all tables":
        assert reason == every(held, s.deals, "deal", "all tables"), where
        if holder != "surplus":
            assert 0 < quick(holder).probability(holder, cell) < 1, f"{where}: its own table shows it"
        if not held:
            for seat in p.opponents:
                assert quick(seat).probability(seat, cell) < 1, f"{where}: seat {seat}'s table shows it"
        return
    if holder == "surplus":  # no opponent can hold it: each one's reason in turn
        assert held, where
        assert reason.startswith("no opponent can hold it: "), where
        parts = reason.removeprefix("no opponent can hold it: ").split("; ")
        assert [int(re.match(r"seat (\d)", part)[1]) for part in parts] == list(p.opponents), where
        kinds = []
        for seat, part in zip(p.opponents, parts, strict=True):
            kinds.append("mark" if part.endswith("not mine") else
                         "circle" if NUMBER.match(part) and " and has laid " in part else "count")
            check_reason(s, alone, seat, cell, False, kinds[-1], part)
        assert kind == (kinds[0] if len(set(kinds)) == 1 else "count"), where
        return
    seat = holder
    t = p.tables[seat]
    assert f"seat {seat}" in reason, where
    if c in t.not_mine:
        assert kind == "mark", where  # the simplest reason wins
    if kind == "mark":
        assert not held, where
        assert c in t.not_mine, where
        assert reason == f"seat {seat} marked {cell} not mine", where
    elif kind == "circle":
        assert not held, where
        seat_, number, at = NUMBER.match(reason).groups()
        x = GRID.index(at)
        assert (int(seat_), int(number)) == (seat, t.numbers[x]), where
        assert c in GRID.cross(x), where
        assert len(GRID.cross(x) & t.laid) == t.numbers[x], f"{where}: the laid cards do not reach {number}"
        assert f" has laid {number} " in reason, where
    elif kind == "count":
        found = NUMBER.match(reason)
        if found:
            seat_, number, at = found.groups()
            assert (int(seat_), int(number)) == (seat, t.numbers[GRID.index(at)]), where
            assert c in GRID.cross(GRID.index(at)), where
        else:
            assert reason.startswith((f"seat {seat}'s {p.hidden(seat)} hidden cards", f"seat {seat} has ")), where
    else:
        assert kind == "own table", where
        assert quick(seat).probability(seat, cell) == (1 if held else 0), where
        assert reason == every(held, quick(seat).deals, "hand", f"seat {seat}'s table"), where


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_certain_cell_of_random_games(players):
    kinds = set()
    for seed in range(3):
        positions = game(players, seed)
        for p in positions[::3]:
            kinds |= check_forced(solve(p))
    assert {"mark", "circle", "count", "own table"} <= kinds
    if players > 2:
        assert "all tables" in kinds


def test_every_certain_cell_of_the_hand_built_positions():
    marks = ["green-C", "green-D", "green-E", "green-F", "blue-A", "purple-A", "orange-A"]
    kinds = set()
    for p in [
        position(2, {"numbers": {"green-A": 0}, "not_mine": ["blue-B"]}),
        position(2, {"numbers": {"green-B": 1, "blue-E": 3}, "laid": ["green-A"]}),
        position(2, {"numbers": {"purple-F": 9, "green-B": 2}}),
        position(2, {"numbers": {"green-A": 1, "green-C": 1}, "not_mine": marks}),
        position(3, *ALL_TABLES),
    ]:
        kinds |= check_forced(solve(p))
    assert kinds == set(KINDS)


# --- conflicts ----------------------------------------------------------------------------

def check_minimal(p: Position, error: ConflictError | None = None) -> ConflictError:
    """solve(p) fails (with ``error``, if already caught); its facts alone still fail;
    without any one of them a deal fits."""
    if error is None:
        with pytest.raises(ConflictError) as caught:
            solve(p)
        error = caught.value
    facts = error.facts
    assert facts, "a well-formed position always fits without the opponents' facts"
    assert set(facts) <= set(p.facts())
    assert not fits(p.keeping(facts))
    for fact in facts:
        assert fits(p.keeping([f for f in facts if f != fact])), f"{fact} is not needed"
    message = str(error)
    assert message.startswith("no deal fits these facts together: ")
    for fact in facts:
        assert str(fact) in message
    return error


def test_the_error_types():
    p = position(2, {"numbers": {"green-A": 0, "purple-F": 8}})
    error = check_minimal(p)
    assert isinstance(error, InconsistentEvidenceError)
    assert isinstance(error, BluffmathError)
    assert isinstance(error, ValueError)
    assert not isinstance(error, InvalidInputError)
    with pytest.raises(ConflictError):
        solve_alone(p, 1)


def test_a_conflict_within_one_table():
    # 10 at purple-F needs all 10 unknown purple or F cells; 0 at green-A rules out green-F.
    p = position(3, {"numbers": {"green-A": 0, "purple-F": 10, "blue-B": 2}, "not_mine": ["orange-C"]},
                 {"numbers": {"purple-F": 0, "red-A": 1}})
    error = check_minimal(p)
    assert set(error.facts) == {Fact("number", 1, GRID.index("green-A"), 0),
                                Fact("number", 1, GRID.index("purple-F"), 10)}
    assert "seat 1 wrote 0 at green-A" in str(error)
    assert "seat 1 wrote 10 at purple-F" in str(error)
    assert "seat 2" not in str(error)


def test_a_conflict_across_two_tables():
    # Seat 1's 9 at green-A takes the whole unknown green row; seat 2's 6 at green-B then
    # has only blue-B, purple-B and orange-B left. Either table alone is fine.
    p = position(3, {"numbers": {"green-A": 9, "blue-E": 3}, "not_mine": ["orange-E"]},
                 {"numbers": {"green-B": 6, "purple-D": 4}, "not_mine": ["yellow-F"]})
    solve_alone(p, 1)
    solve_alone(p, 2)
    error = check_minimal(p)
    assert set(error.facts) == {Fact("number", 1, GRID.index("green-A"), 9),
                                Fact("number", 2, GRID.index("green-B"), 6)}
    assert "seat 1 wrote 9 at green-A" in str(error)
    assert "seat 2 wrote 6 at green-B" in str(error)


def test_a_conflict_across_two_tables_with_marks():
    # Seat 1 must hold all of the green row (6 at green-A, the A column marked); seat 2
    # marks nothing green but writes 1 at green-B and marks blue-B, purple-B, orange-B.
    p = position(3, {"numbers": {"green-A": 6}, "not_mine": ["blue-A", "purple-A", "orange-A"]},
                 {"numbers": {"green-B": 1}, "not_mine": ["blue-B", "purple-B", "orange-B", "red-A"]})
    error = check_minimal(p)
    assert {f.seat for f in error.facts} == {1, 2}
    assert Fact("mark", 2, GRID.index("red-A")) not in error.facts  # my own card: never needed


def test_a_conflict_of_marks_only():
    # Two players: seat 1 holds 12 cards and marks 14 of the 24 unknown cells not its own.
    unknown = [GRID.name(c) for c in position(2, {}).unknown]
    p = position(2, {"not_mine": unknown[:14]})
    error = check_minimal(p)
    assert len(error.facts) == 13
    assert {f.kind for f in error.facts} == {"mark"}


def test_a_number_below_the_laid_cards():
    # Seat 1 has laid green-A and green-C yet wrote 1 at green-B: that number alone is false.
    p = position(2, {"numbers": {"green-B": 1, "blue-D": 2}, "laid": ["green-A", "green-C"]})
    error = check_minimal(p)
    assert error.facts == (Fact("number", 1, GRID.index("green-B"), 1),)
    assert "green-A, green-C" in str(error)  # the laid cards the conflict rests on


def corrupted(players: int, seed: int, count: int) -> list[Position]:
    """Positions of a random game with one opponent's number off by one (still in range)."""
    rng = random.Random(seed)
    positions = game(players, seed)
    out = []
    for i in sorted(rng.sample(range(len(positions)), count)):
        p = positions[i]
        seat = rng.choice(p.opponents)
        numbers = p.tables[seat].numbers
        cell = rng.choice(sorted(numbers))
        for step in (1, -1):
            n = numbers[cell] + step
            if 0 <= n <= min(11, HAND_SIZE[players]):
                tables = list(p.tables)
                t = tables[seat]
                tables[seat] = Table({**numbers, cell: n}, t.laid, t.not_mine)
                out.append(Position(p.players, p.me, p.hand, tuple(tables)))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_number_off_by_one_in_random_games(players):
    conflicts = 0
    for seed in range(3):
        for p in corrupted(players, seed, count=2):
            try:
                solve(p)
            except ConflictError as error:
                caught = error
            else:
                continue
            conflicts += 1
            check_minimal(p, caught)
            assert any(f.kind == "number" for f in caught.facts)
    assert conflicts >= 2


NAMED = ("You", "Ann", "Ben", "Cleo")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_named_reasons_say_the_same_with_names(players: int) -> None:
    """``forced_named``: the same cells, kinds and verdicts as ``forced``, each reason the
    seat-numbered one with every "seat N" a name and "it"/"its" for a seat "they"/"their"."""
    names = NAMED[:players]
    checked = 0
    for position, _ in list(random_positions(players, 7))[::3]:
        solution = solve(position)
        named = solution.forced_named(names)
        assert [(f.holder, f.cell, f.held, f.kind) for f in named] == \
            [(f.holder, f.cell, f.held, f.kind) for f in solution.forced]
        for plain, with_names in zip(solution.forced, named, strict=True):
            assert "seat " not in with_names.reason
            expected = re.sub(r"\bseat (\d)", lambda m: names[int(m[1])], plain.reason)
            expected = expected.replace(" its ", " their ").replace(" it has ", " they have ")
            assert with_names.reason == expected
            checked += 1
        held = solution.forced_named(names, held_only=True)
        assert held == tuple(f for f in named if f.held)
    assert checked > 0


@pytest.mark.parametrize("names", [("You",), "You,Ann", ("You", ""), ("You", 3), None])
def test_wrong_names_are_refused(names: object) -> None:
    position, _ = next(iter(random_positions(2, 1)))
    solution = solve(position)
    if names is None:
        assert solution.forced_named(("You", "Ann")) is solution.forced_named(["You", "Ann"])
        return
    with pytest.raises(InvalidInputError, match="names must be 2 non-empty names"):
        solution.forced_named(names)
