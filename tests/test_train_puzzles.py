"""Puzzle sets (bluffmath.train.sets, .candidates): every game ships at least 200 puzzles,
small; each answer is the review's, recomputed when shown; a set whose stored answer was
edited is refused; bad sets are bluffmath errors; the generator makes the same set again."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from importlib.resources import files

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.review import review
from bluffmath.review.habits import ADVICE
from bluffmath.train import answer
from bluffmath.train.candidates import SCALE, Found, Solution, balanced
from bluffmath.train.sets import FORMAT, VERSION, puzzle_set, read_set
from tests.scripts import ROOT, script

GAMES = list(SCALE)


def shipped(game: str) -> str:
    return files("bluffmath.train").joinpath("puzzles", f"{game}.json").read_text(encoding="utf-8")


def edited(game: str, change) -> str:
    data = json.loads(shipped(game))
    change(data)
    return json.dumps(data)


def test_every_game_ships_at_least_200_puzzles_in_under_2_mb() -> None:
    assert sum(len(shipped(game).encode()) for game in GAMES) < 2_000_000
    for game in GAMES:
        puzzles = puzzle_set(game)
        assert (puzzles.game, len(puzzles)) == (game, len(puzzles.puzzles))
        assert len(puzzles) >= 200
        assert {p.solution.skill for p in puzzles.puzzles} <= set(ADVICE)
        assert all(0 <= p.solution.difficulty <= 1 for p in puzzles.puzzles)
        assert len({p.id for p in puzzles.puzzles}) == len(puzzles)
        assert json.loads(shipped(game))["format"] == FORMAT


@pytest.mark.parametrize("game", GAMES)
def test_puzzle_answers_are_the_reviews_values(game) -> None:
    puzzles = puzzle_set(game)
    for index in random.Random(game).sample(range(len(puzzles)), 6):
        puzzle, drill = puzzles.puzzles[index], puzzles.drill(index)
        [decision] = [d for d in review(puzzles.saves[puzzle.save], puzzle.seat).decisions if d.number == puzzle.number]
        assert drill.decision == decision
        stored = puzzle.solution
        assert stored.best == decision.best
        assert stored.value == decision.best_value
        assert stored.second == max(v for v in decision.values.values() if v < decision.best_value)
        gap = stored.value - stored.second
        assert gap >= puzzles.rules.margin * decision.difficulty
        assert gap >= puzzles.rules.least_gap * puzzles.rules.scale
        assert stored.difficulty == max(Fraction(0), 1 - gap / puzzles.rules.scale)
        assert answer(drill, stored.best[0]).is_best
        assert answer(drill, next(o for o, v in decision.values.items() if v == stored.second)).cost == gap


#: The shipped puzzles of each game rechecked in make test, drawn by seed (make test-full: all).
SAMPLE = 40


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_puzzle_checks_out(game, full: bool) -> None:
    """Each puzzle's answer recomputed from its position; a seeded sample of each set in
    make test (every puzzle has the same code path), every puzzle with --full."""
    puzzles = puzzle_set(game)
    if full:
        puzzles.verify()
        return
    for index in sorted(random.Random(f"puzzles {game}").sample(range(len(puzzles)), SAMPLE)):
        assert puzzles.drill(index).id == puzzles.puzzles[index].id


@pytest.mark.parametrize(("field", "value", "why"), [
    ("value", "1/1", "value: stored 1, recomputed"),
    ("best", ["vote no"], "best: stored vote no, recomputed"),
    ("second", "0/1", "second: stored 0, recomputed"),
    ("skill", "accuses the less likely role", "skill: stored accuses the less likely role, recomputed"),
    ("difficulty", "1/1", "difficulty: stored 1, recomputed"),
])
def test_a_set_whose_stored_answer_was_edited_is_refused(field, value, why) -> None:
    def change(data) -> None:
        if data["puzzles"][3][field] == value:
            data["puzzles"][3]["value"] = "1/7"
        data["puzzles"][3][field] = value

    puzzles = read_set(edited("hoax", change), "hoax.json")
    puzzles.drill(2)  # the others are fine, until the edited one is shown
    with pytest.raises(SaveFileError, match=r"hoax\.json: puzzles\[3\]: its stored answer is not what the review "
                                            r"of its position gives: .*" + why):
        puzzles.drill(3)
    with pytest.raises(SaveFileError, match="the set is refused"):
        puzzles.drill(2)


def test_a_puzzle_at_a_move_the_seat_did_not_make_or_an_edited_save_is_refused() -> None:
    def elsewhere(data) -> None:
        data["puzzles"][0]["seat"] = (data["puzzles"][0]["seat"] + 1) % 3

    with pytest.raises(SaveFileError, match=r"puzzles\[0\]: seat . made no decision at move"):
        read_set(edited("muenchhausen", elsewhere)).verify()

    def cheat(data) -> None:
        data["saves"][0]["actions"][0] = ["name", 3]

    with pytest.raises(SaveFileError, match=r"save 0, seat .* cannot be reviewed: .*the set is refused"):
        read_set(edited("muenchhausen", cheat)).drill(0)


def test_a_save_of_another_game_is_refused() -> None:
    def other(data) -> None:
        data["saves"][0] = json.loads(shipped("muenchhausen"))["saves"][0]

    with pytest.raises(SaveFileError, match="its save 0 is a game of muenchhausen, not hoax"):
        read_set(edited("hoax", other)).drill(0)


def _set(key: str, value):
    def change(data) -> None:
        data[key] = value
    return change


def _puzzle(key: str, value):
    def change(data) -> None:
        data["puzzles"][1][key] = value
    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set("format", "bluffmath-hoax-game"), "is not a bluffmath puzzle set"),
    (_set("version", 2), "version 2 of the format bluffmath-train-puzzles; this bluffmath reads version 1"),
    (_set("version", True), "version true of the format"),
    (_set("extra", 1), 'unknown key "extra"'),
    (_set("game", "chess"), r'game: "chess" is not allowed; allowed: hochstapler, gauner'),
    (_set("rules", {"margin": "1/10", "least_gap": "1/50"}), 'key "scale" missing'),
    (_set("rules", {"margin": "0/1", "least_gap": "1/50", "scale": "1"}), "margin and scale must be above 0"),
    (_set("saves", []), "saves must be a list of at least one saved game"),
    (_set("saves", ["a save"]), r"saves\[0\] must be a saved game \(a JSON object"),
    (_puzzle("seat", True), r"puzzles\[1\].seat must be a whole number from 0 to 99; found true"),
    (_puzzle("save", 10**6), r"puzzles\[1\].save must be a whole number from 0 to"),
    (_puzzle("difficulty", "3/2"), r"puzzles\[1\].difficulty must be an exact number from 0 to 1"),
    (_puzzle("value", 0.5), r"puzzles\[1\].value must be an exact number"),
    (_puzzle("best", []), r"puzzles\[1\].best must be a list of the best options, each once"),
    (_puzzle("skill", "bluffs well"), r'puzzles\[1\].skill: "bluffs well" is not allowed'),
    (_puzzle("hint", "doubt"), r'puzzles\[1\]: unknown key "hint"'),
    (lambda data: data["puzzles"].append(data["puzzles"][0]), "holds a position twice"),
])
def test_a_bad_set_is_refused_naming_the_place(change, message) -> None:
    with pytest.raises(SaveFileError, match=message):
        read_set(edited("hoax", change), "a puzzle set")


def test_a_set_that_is_no_json_or_no_set_is_a_save_file_error() -> None:
    with pytest.raises(SaveFileError, match="a puzzle set must be JSON text"):
        read_set("[1,")
    with pytest.raises(SaveFileError, match="is not a bluffmath puzzle set"):
        read_set("[]")
    with pytest.raises(SaveFileError, match='each key once in an object; "game" appears twice'):
        read_set('{"format": "bluffmath-train-puzzles", "version": 1, "game": "hoax", "game": "hoax"}')


def test_a_puzzle_is_named_by_its_place_or_its_id() -> None:
    puzzles = puzzle_set("gauner")
    assert puzzles.drill(puzzles.puzzles[5].id) is puzzles.drill(5)
    for key in (len(puzzles), -1, True, "0000"):
        with pytest.raises(InvalidInputError, match="a puzzle is named by its place in the set"):
            puzzles.drill(key)
    with pytest.raises(InvalidInputError, match="game must be one of hochstapler, gauner, hoax"):
        puzzle_set("chess")


def test_a_set_written_and_read_again_is_the_same() -> None:
    puzzles = puzzle_set("hochstapler-duel")
    again = read_set(puzzles.to_json(), puzzles.name)
    assert again == puzzles
    assert puzzles.to_json() == shipped("hochstapler-duel")
    assert (json.loads(puzzles.to_json())["version"], VERSION) == (1, 1)


def test_the_generator_makes_the_same_set_from_the_same_seed() -> None:
    make = script("make_puzzles", ROOT / "scripts" / "make_puzzles.py").make
    text, played = make("muenchhausen", 3, 12)
    assert make("muenchhausen", 3, 12) == (text, played)
    small = read_set(text)
    small.verify()
    assert len(small) == 12
    assert len({p.solution.skill for p in small.puzzles}) == 4  # the skills take turns


@pytest.mark.slow
def test_the_generator_makes_the_shipped_set_again() -> None:
    make = script("make_puzzles", ROOT / "scripts" / "make_puzzles.py").make
    assert make("muenchhausen", 1, 240)[0] == shipped("muenchhausen")


SKILLS = ["stops too early", "guesses a less likely card", "guesses before the odds say so"]
SOLUTIONS = st.builds(lambda skill: Solution(("a",), Fraction(1), Fraction(0), skill, Fraction(0)),
                      st.sampled_from(SKILLS))
FOUND = st.lists(st.builds(Found, st.sampled_from("abcd"), st.just(0), st.integers(1, 5), SOLUTIONS,
                           st.tuples(st.integers(0, 12))), max_size=40)


@given(found=FOUND, count=st.integers(0, 30), per_game=st.integers(1, 8))
def test_a_balanced_choice_takes_each_position_once_and_each_game_at_most_per_game(found, count, per_game) -> None:
    chosen = balanced(found, count, per_game)
    assert len(chosen) <= count
    assert all(any(f is g for g in found) for f in chosen)
    assert len({f.key for f in chosen}) == len(chosen)
    assert all(sum(f.save == save for f in chosen) <= per_game for save in "abcd")


@given(found=FOUND, count=st.integers(0, 30))
def test_without_a_cap_the_skills_take_turns(found, count) -> None:
    chosen = balanced(found, count, per_game=len(found) + 1)
    first = {f.key: f.solution.skill for f in reversed(found)}  # a position's first finding
    available = {skill: sum(1 for s in first.values() if s == skill) for skill in SKILLS}
    taken = {skill: sum(1 for f in chosen if f.solution.skill == skill) for skill in SKILLS}
    assert len(chosen) == min(count, len(first))
    for skill in SKILLS:  # a skill with fewer than another's was exhausted, or it was one turn behind
        assert all(taken[skill] >= min(available[skill], taken[other] - 1) for other in SKILLS)
