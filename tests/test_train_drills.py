"""Drills from one's own games (bluffmath.train.drills): planted mistakes come back, costliest
first or in game order, with the review's exact values; answers are exact; ids are stable;
a class download drills a student's own moves only; bad input is a bluffmath error."""

from __future__ import annotations

import io
import zipfile
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import duel
from bluffmath.errors import BluffmathError, InvalidInputError, SaveFileError
from bluffmath.gauner import Game as GaunerGame
from bluffmath.gauner import play_game as play_gauner
from bluffmath.gauner.bots import RandomBot as GaunerRandom
from bluffmath.hochstapler import (
    BidReadingBot,
    CardCountingBot,
    Game,
    RandomBot,
    play_game,
    save_game,
)
from bluffmath.review import class_games, review
from bluffmath.train import Drill, answer, drills

#: Seat 1 answers 6 in red with 12 in red (cost 80/91 under the round model).
CALLS_HIGH = Game(players=3).new_game(seed=4).raise_(6, "red").raise_(12, "red").doubt()
#: Seat 1 doubts a call of 0, which is always true (cost 1: a certain point).
DOUBTS_ZERO = Game(players=3).new_game(seed=5).raise_(0, "red").doubt()
#: Seat 1 raises where the review finds its best call: no mistake.
PLAYS_WELL = Game(players=3).new_game(seed=4).raise_(6, "red").raise_(7, "purple").doubt()


def test_planted_mistakes_come_back_as_drills_costliest_first() -> None:
    saves = [save_game(CALLS_HIGH), save_game(PLAYS_WELL), save_game(DOUBTS_ZERO)]
    found = drills(saves, 1)
    assert [(d.source, d.number, d.decision.choice) for d in found] == [(2, 2, "doubt"), (0, 2, "raise 12 red")]
    assert [d.decision.cost for d in found] == [1, Fraction(80, 91)]
    assert [d.skill for d in found] == ["doubts too early", "calls above the odds"]
    in_game_order = drills(saves, 1, order="game")
    assert [d.source for d in in_game_order] == [0, 2]
    for drill in found:  # the review's own decision, values and words
        [reviewed] = [x for x in review(saves[drill.source], 1).decisions if x.number == drill.number]
        assert drill.decision == reviewed
        assert drill.model == review(saves[drill.source], 1).model


def test_a_planted_duel_blunder_is_a_drill() -> None:
    start = duel.Game().new_game(seed=3)
    assert start.view(0).card == 0
    [drill] = drills(duel.save_duel(start.call(13)), 0)  # 13 needs the 6 and the 7: holding 0, never true
    assert (drill.game, drill.decision.choice, drill.skill) == ("hochstapler-duel", "call 13", "calls the wrong total")
    assert drill.decision.values["call 13"] == -1


def test_an_answer_is_exact_and_says_why() -> None:
    [drill, _] = drills([save_game(CALLS_HIGH), save_game(DOUBTS_ZERO)], 1, order="game")
    best = answer(drill, drill.decision.best[0])
    assert (best.value, best.cost, best.is_best, best.mark) == (1, 0, True, None)
    doubt = answer(drill, "doubt")
    assert doubt.cost == drill.decision.best_value - drill.decision.values["doubt"] == Fraction(62, 91)
    assert doubt.mark == "blunder"
    data = doubt.to_json()
    assert data["cost"] == "62/91"
    assert data["played"] == "raise 12 red"
    assert data["played_cost"] == "80/91"
    assert (data["mark"], data["played_mark"]) == ("blunder", "blunder")
    assert answer(drill, "raise 7 red").to_json()["mark"] == "mistake"
    assert data["explanation"] == drill.decision.explanation
    assert data["values"] == {o: f"{v.numerator}/{v.denominator}" for o, v in drill.decision.values.items()}
    assert "Why: raise 12 red: P(no penalty point this round) = 11/91" in doubt.text()


def test_the_question_shows_neither_values_nor_the_choice_played() -> None:
    [drill] = drills(save_game(CALLS_HIGH), 1)
    question = drill.question()
    assert set(question) == {"id", "game", "seat", "number", "kind", "unit", "position", "options"}
    assert "11/91" not in str(question)
    assert "12 red" not in drill.text().split("Options:")[0]
    assert drill.to_json()["best"] == list(drill.decision.best)


def download(files: dict[str, str]) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return data.getvalue()


def test_a_class_download_drills_a_students_own_moves_only() -> None:
    state = Game(players=3).new_game(seed=4).raise_(9, "red").raise_(10, "red").raise_(11, "red") \
        .raise_(18, "red").doubt()  # Ann (seat 1) calls 9 herself; a bot, for her, calls 18
    results = "table,game,seat,name\n1,1,1,Ann\n1,1,2,Ben\n1,1,3,Cy\n"
    moves = ("table,game,move,name,played by\n1,1,1,Ann,student\n1,1,2,Ben,student\n1,1,3,Cy,student\n"
             "1,1,4,Ann,bot\n1,1,5,Ben,student\n")
    entries = class_games(download({"results.csv": results, "moves.csv": moves,
                                    "table-1-game-1.json": save_game(state)}))["bluffmath-hochstapler-game"]
    assert [d.number for d in drills(entries, 0, threshold=0)] == [4, 1]  # the seat: every move
    own = drills(entries, "Ann", threshold=0)
    assert [d.number for d in own] == [1]
    assert own[0].id == drills(save_game(state), 0, threshold=0)[1].id  # the same decision, the same id
    with pytest.raises(InvalidInputError, match="no game names the player 'Dee'"):
        drills(entries, "Dee")


def test_an_id_is_the_same_for_the_text_the_state_and_a_respaced_text() -> None:
    text = save_game(CALLS_HIGH)
    ids = {drills(game, 1)[0].id for game in (text, CALLS_HIGH, text.replace(", ", ",  "), text.encode())}
    assert len(ids) == 1
    everything = drills(text, 1, threshold=0) + drills(text, 0, threshold=0) + drills(save_game(DOUBTS_ZERO), 1)
    assert len({d.id for d in everything}) == len(everything)


def test_a_threshold_is_a_mark_or_a_cost() -> None:
    end = play_game(Game(players=4), [RandomBot(), CardCountingBot(), BidReadingBot(), RandomBot(name="r")], seed=9)
    decisions = [d for d in review(end, 0).decisions if d.difficulty]
    assert {d.number for d in drills(end, 0, threshold=0)} == {d.number for d in decisions}
    assert {d.number for d in drills(end, 0, threshold=Fraction(1, 5))} == {d.number for d in decisions
                                                                          if d.cost >= Fraction(1, 5)}
    marks = {"inaccuracy": {"inaccuracy", "mistake", "blunder"}, "mistake": {"mistake", "blunder"},
             "blunder": {"blunder"}}
    for mark, kept in marks.items():
        assert {d.number for d in drills(end, 0, threshold=mark)} == {d.number for d in decisions if d.mark() in kept}
    assert drills(end, 0) == drills(end, 0, threshold="mistake")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"threshold": "blunders"}, "threshold must be a mark (inaccuracy, mistake, blunder) or a cost"),
    ({"threshold": -1}, "threshold must be a mark"),
    ({"threshold": True}, "threshold must be a mark"),
    ({"threshold": 0.25}, "threshold must be a mark"),
    ({"order": "cheapest"}, "order must be one of costliest, game, got 'cheapest'"),
    ({"player": 3}, "seat must be a whole number from 0 to 2, got 3"),
    ({"player": "Ann"}, "the game has no names"),
    ({"model": "guessing"}, "a Hochstapler review's model is 'round'"),
])
def test_bad_arguments_are_refused_saying_what_is_allowed(kwargs, message) -> None:
    arguments = {"player": 1, **kwargs}
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        drills(save_game(CALLS_HIGH), **arguments)


def test_bad_saves_and_answers_are_bluffmath_errors() -> None:
    with pytest.raises(InvalidInputError, match="saves must be a saved game or a list of them, got a dict"):
        drills({"a": save_game(CALLS_HIGH)}, 1)
    with pytest.raises(SaveFileError, match="not a saved game that bluffmath can review"):
        drills('{"format": "chess"}', 1)
    with pytest.raises(BluffmathError, match="game 2: "):
        drills([save_game(CALLS_HIGH), "[1,"], 1)
    gauner = play_gauner(GaunerGame(players=3), [GaunerRandom(), GaunerRandom(seed=1), GaunerRandom(seed=2)], seed=1)
    with pytest.raises(InvalidInputError, match="games of one kind"):
        drills([save_game(CALLS_HIGH), gauner], 1)
    [drill] = drills(save_game(CALLS_HIGH), 1)
    with pytest.raises(InvalidInputError, match=r"the answer 'raise 99 red' is not one of the drill's options"):
        answer(drill, "raise 99 red")
    with pytest.raises(InvalidInputError, match="answer needs a Drill"):
        answer(drill.to_json(), "doubt")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 4),
       threshold=st.sampled_from([0, Fraction(1, 10), "inaccuracy", "mistake", "blunder"]))
def test_costliest_first_is_sorted_and_a_permutation_of_the_game_order(seed, players, threshold) -> None:
    bots = [RandomBot(), CardCountingBot(doubt_bias=Fraction(-1, 4)), BidReadingBot(), RandomBot(name="r")]
    ends = [play_game(Game(players=players), bots[:players], seed=seed + k) for k in range(2)]
    costly = drills(ends, 1, threshold=threshold)
    in_order = drills(ends, 1, threshold=threshold, order="game")
    assert [d.decision.cost for d in costly] == sorted((d.decision.cost for d in costly), reverse=True)
    assert sorted(costly, key=lambda d: (d.source, d.number)) == in_order
    assert [(d.source, d.number) for d in in_order] == sorted((d.source, d.number) for d in in_order)
    assert all(isinstance(d, Drill) and d.decision.cost >= 0 for d in costly)
    kept = drills(ends, 1, threshold=0)
    assert {d.id for d in costly} <= {d.id for d in kept}
    assert len(kept) == sum(1 for end in ends for d in review(end, 1).decisions if d.difficulty)


def test_an_answer_too_close_to_the_best_for_a_mark_says_its_cost_and_no_mark() -> None:
    """Three options worth 1, 99/100 and 0: the second gives up 1/100 of the spread, under
    the review's first mark (an inaccuracy gives up a tenth), so its answer has a cost and
    no mark in its words."""
    from fractions import Fraction

    from bluffmath.review import Decision
    from bluffmath.train import Drill, answer

    decision = Decision(number=1, seat=1, kind="raise", position="a made-up position", choice="c",
                        values={"a": Fraction(1), "b": Fraction(99, 100), "c": Fraction(0)}, explanation="why")
    drill = Drill(id="0" * 16, game="hochstapler", source=0, model="a model", unit="points", decision=decision,
                  skill="a skill")
    result = answer(drill, "b")
    assert (result.cost, result.mark) == (Fraction(1, 100), None)
    assert result.text().startswith("You chose b: 99/100, cost 1/100. Best: a (1). In the game: c (0), cost 1.")
