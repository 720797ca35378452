"""``bluffmath train`` (bluffmath.train.cli): drills from saves answered in the terminal, each
answer judged exactly, bad input asked again, a summary at the end (also at the end of the
input and on Ctrl+C, status 130), answers recorded in a progress file, bad arguments
refused with status 2. In-process through ``main``, standard input fed."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from bluffmath.cli import main
from bluffmath.hochstapler import Game, save_game
from bluffmath.train import Progress, drills

#: Seat 1 doubts a call of 0, which is always true (cost 1: a certain point).
DOUBTS_ZERO = save_game(Game(players=3).new_game(seed=5).raise_(0, "red").doubt())
#: Seat 1 answers 6 in red with 12 in red (cost 80/91); raise 7 purple is a best option.
CALLS_HIGH = save_game(Game(players=3).new_game(seed=4).raise_(6, "red").raise_(12, "red").doubt())
UNIT = "probability of not taking this round's penalty point"


@pytest.fixture
def saves(tmp_path: Path) -> list[str]:
    paths = [tmp_path / "calls-high.json", tmp_path / "doubts-zero.json"]
    for path, save in zip(paths, [CALLS_HIGH, DOUBTS_ZERO], strict=True):
        path.write_text(save, encoding="utf-8")
    return [str(path) for path in paths]


def train(monkeypatch: pytest.MonkeyPatch, argv: list[str], typed: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["train", *argv])


def number_of(option: str, save: str) -> int:
    [drill] = drills(save, 1)
    return drill.options.index(option) + 1


def test_a_wrong_then_a_right_answer_are_judged_exactly(monkeypatch, capsys, saves) -> None:
    right = number_of("raise 7 purple", CALLS_HIGH)
    status = train(monkeypatch, [*saves, "--player", "1"], f"x\n0\n999\n1\n{right}\n")
    out = capsys.readouterr().out
    assert status == 0
    # the costliest first: the doubt of a certain call, its position as the seat saw it
    assert "Drill 1 of 2 (hochstapler, seat 1, move 2): deal 1, 3 players; your cards: red 5," in out
    assert "call to beat: 0 red (seat 0).\nValues are in probability of not taking" in out
    assert "  1. doubt              2. raise 1 red" in out
    for typed in ("'x'", "'0'", "'999'"):  # asked again, each time
        assert f"{typed} is not one of the options: type a number from 1 to 134." in out
    assert out.count("Your answer (a number from 1 to 134): ") == 4
    assert "You chose doubt: 0, cost 1 (blunder). Best: raise 1 blue," in out
    assert "In the game: doubt (0), cost 1." in out
    assert "Why: doubt: P(no penalty point this round) = 0" in out
    assert "Every option (probability of not taking this round's penalty point): doubt 0; raise 1 red 82/91;" in out
    assert "Drill 2 of 2 (hochstapler, seat 1, move 2)" in out
    assert ("You chose raise 7 purple: 1, a best option. Best: raise 7 purple, exchange red, exchange orange, "
            "exchange yellow, exchange green, exchange blue, exchange black (1). In the game: raise 12 red "
            "(11/91), cost 80/91.") in out
    assert out.endswith(f"Drills answered: 2 of 2; best answers: 1; total cost: 1, in {UNIT}.\n")


def test_game_order_and_a_cost_threshold(monkeypatch, capsys, saves) -> None:
    assert train(monkeypatch, [*saves, "--player", "1", "--order", "game", "--threshold", "81/91"], "1\n") == 0
    out = capsys.readouterr().out  # only the doubt costs 81/91 or more
    assert "Drill 1 of 1 (hochstapler, seat 1, move 2): deal 1, 3 players; your cards: red 5," in out
    assert train(monkeypatch, [*saves, "--player", "1", "--order", "game"], "1\n") == 0
    out = capsys.readouterr().out  # game by game: the high call first
    assert "Drill 1 of 2 (hochstapler, seat 1, move 2): deal 1, 3 players; your cards: red 1," in out
    assert "You chose doubt: 29/91, cost 62/91 (blunder)." in out


def test_the_end_of_the_input_ends_the_session_with_its_summary(monkeypatch, capsys, saves) -> None:
    assert train(monkeypatch, [*saves, "--player", "1"], "2\n") == 0
    out = capsys.readouterr().out
    assert "Drill 2 of 2" in out
    assert out.endswith(f"Drills answered: 1 of 2; best answers: 0; total cost: 9/91, in {UNIT}.\n")


class Interrupted(io.StringIO):
    """Standard input that gives its lines, then Ctrl+C."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_ends_with_the_summary_and_status_130(monkeypatch, capsys, saves) -> None:
    monkeypatch.setattr("sys.stdin", Interrupted("1\n"))
    assert main(["train", *saves, "--player", "1"]) == 130
    out = capsys.readouterr().out
    assert out.endswith(f"Drills answered: 1 of 2; best answers: 0; total cost: 1, in {UNIT}.\n")


def test_a_save_from_standard_input_leaves_no_answers(monkeypatch, capsys) -> None:
    assert train(monkeypatch, ["-", "--player", "1"], DOUBTS_ZERO) == 0
    out = capsys.readouterr().out
    assert "Drill 1 of 1 (hochstapler, seat 1, move 2)" in out
    assert out.endswith(f"Drills answered: 0 of 1; best answers: 0; total cost: 0, in {UNIT}.\n")


def test_no_drill_is_said(monkeypatch, capsys, saves) -> None:
    assert train(monkeypatch, [saves[0], "--player", "2"], "") == 0
    assert capsys.readouterr().out == ("No decision of 2 in these games passes the threshold mistake: "
                                       "nothing to drill.\n")


def test_progress_keeps_every_answer(monkeypatch, capsys, saves, tmp_path) -> None:
    store = tmp_path / "progress.sqlite3"
    right = number_of("raise 7 purple", CALLS_HIGH)
    before = datetime.now(UTC)
    assert train(monkeypatch, [*saves, "--player", "1", "--progress", str(store)], f"1\n{right}\n") == 0
    capsys.readouterr()
    doubt, high = drills([CALLS_HIGH, DOUBTS_ZERO], 1)
    progress = Progress(store)  # a new connection reads what the session wrote
    assert progress.due("1", before) == []
    assert progress.due("1", before + timedelta(minutes=5)) == [doubt.id]  # a wrong answer comes back first
    assert set(progress.due("1", before + timedelta(days=1))) == {doubt.id, high.id}
    accuracy = progress.accuracy("1")
    assert [share for _, share in accuracy[doubt.skill]] == [Fraction(0)]
    assert [share for _, share in accuracy[high.skill]] == [Fraction(1)]
    again = number_of(doubt.decision.best[0], DOUBTS_ZERO)
    assert train(monkeypatch, [saves[1], "--player", "1", "--progress", str(store)], f"{again}\n") == 0
    assert "Drills answered: 1 of 1" in capsys.readouterr().out
    assert [share for _, share in Progress(store).accuracy("1")[doubt.skill]] == [Fraction(1, 2)]


@pytest.mark.parametrize(("argv", "message"), [
    (["no/such/save.json", "--player", "1"],
     "cannot read the saved game 'no/such/save.json': No such file or directory"),
    (["{saves}", "--player", "1", "--threshold", "blunders"],
     "threshold must be a mark (inaccuracy, mistake, blunder) or a cost"),
    (["{saves}", "--player", "1", "--order", "first"], "argument --order: invalid choice: 'first'"),
    (["{saves}"], "the following arguments are required: --player"),
    (["{saves}", "--player", "7"], "seat must be a whole number from 0 to 2, got 7"),
    (["{saves}", "--player", "1", "--progress", "{saves}"], "is not a bluffmath progress file"),
])
def test_bad_arguments_are_refused_with_status_2(monkeypatch, capsys, saves, argv, message) -> None:
    argv = [saves[0] if word == "{saves}" else word for word in argv]
    assert train(monkeypatch, argv, "1\n") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("bluffmath: error: ")
    assert message in captured.err


def test_help_lists_train(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "  train         drills from your saved games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: bluffmath train")
    assert "--progress FILE" in out
