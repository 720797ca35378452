"""The command line: a readable table, JSON with exact fractions, one-line errors."""

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest
from brute_force import mean_of, normalised, probability_at_least, total_counts
from played import muenchhausen_game

from bluffmath.cli import main


def run(capsys, *argv):
    status = main(["hochstapler", "odds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def check_json(data, players, own, face_up, call):
    counts = total_counts(players, own, face_up)
    assert data["game"] == "hochstapler"
    assert (data["players"], data["own"], data["face_up"], data["call"]) == (players, own, list(face_up), call)
    assert {int(t): Fraction(p) for t, p in data["distribution"].items()} == normalised(counts)
    assert {int(t): Fraction(p) for t, p in data["at_least"].items()} == {
        t: probability_at_least(counts, t) for t in counts}
    assert Fraction(data["mean"]) == mean_of(counts)
    if call is None:
        assert data["probability"] is None
    else:
        assert Fraction(data["probability"]) == probability_at_least(counts, call)
    # Every fraction is written "p/q", never as a float.
    for text in [*data["distribution"].values(), *data["at_least"].values(), data["mean"]]:
        assert re.fullmatch(r"\d+/\d+", text), text


@pytest.mark.parametrize(("players", "own", "face_up", "call"), [
    (5, 3, (0, 7), 12),
    (3, None, (), None),
    (7, 0, (5, 5, 6), 30),
    (4, 7, (), 0),
])
def test_json_fractions_equal_brute_force(capsys, players, own, face_up, call):
    argv = ["--players", str(players), "--json"]
    if own is not None:
        argv += ["--own", str(own)]
    if face_up:
        argv += ["--face-up", ",".join(map(str, face_up))]
    if call is not None:
        argv += ["--call", str(call)]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    check_json(json.loads(out), players, own, face_up, call)


def test_readable_table(capsys):
    status, out, err = run(capsys, "--players", "5", "--own", "3", "--face-up", "0,7", "--call", "12")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Hochstapler, 5 players; your card: 3; face up: 0, 7"
    assert lines[1].split() == ["total", "ways", "P(=", "total)", "P(>=", "total)"]
    counts = total_counts(5, 3, (0, 7))
    rows = {}
    for line in lines[2:2 + len(counts)]:
        cells = line.split()
        rows[int(cells[0])] = cells
        total, ways = int(cells[0]), int(cells[1])
        assert ways == counts[total]
        assert Fraction(cells[2]) == Fraction(ways, sum(counts.values()))
        assert cells[3:5] == [cells[3], "%"]
        assert Fraction(cells[5]) == probability_at_least(counts, total)
        assert cells[-1] == ("call" if total == 12 else "%")
    assert sorted(rows) == sorted(counts)
    assert sum(counts.values()) == 495  # C(12, 4): four other hands from 12 unseen cards
    assert f"mean total: {mean_of(counts)}" in out
    assert f"P(total >= 12) = {probability_at_least(counts, 12)}" in out
    hits = sum(n for t, n in counts.items() if t >= 12)
    assert f"in {hits} of them the other hands add up to at least 9" in out


def test_readable_table_without_my_card_shows_a_decimal_mean(capsys):
    status, out, _ = run(capsys, "--players", "4", "--own", "2")
    assert status == 0
    assert "your card: 2; face up: none" in out
    assert mean_of(total_counts(4, 2, ())) == Fraction(151, 14)
    assert "mean total: 151/14 (about 10.79)" in out
    status, out, _ = run(capsys, "--players", "3")
    assert "your card: not counted" in out
    assert "mean total: 43/5 (about 8.60)" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--players", "9"], ["players must be a whole number from 3 to 7", "got 9"]),
    (["--players", "2"], ["players must be a whole number from 3 to 7", "got 2"]),
    (["--players", "5", "--own", "8"], ["own must be a whole number from 0 to 7", "got 8"]),
    (["--players", "5", "--own", "-1"], ["own must be a whole number from 0 to 7", "got -1"]),
    (["--players", "5", "--face-up", "0,x"], ["--face-up must be card values separated by commas", "'0,x'"]),
    (["--players", "5", "--face-up", "9"], ["each value in face_up must be a whole number from 0 to 7"]),
    (["--players", "5", "--own", "7", "--face-up", "7"], ["only 1 card(s) of value 7", "with your card"]),
    (["--players", "7", "--face-up", "0,0,0,1,1,2,2,3,3"], ["at most 8 cards of a colour can lie face up"]),
    (["--players", "5", "--call", "-1"], ["call must be a whole number of at least 0", "got -1"]),
])
def test_bad_input_is_one_line_on_stderr(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("bluffmath: error: ")
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.mark.parametrize("argv", [
    ["hochstapler", "odds", "--players", "five"], ["hochstapler", "odds"],
    ["hochstapler", "odds", "--players", "5", "--call", "1.5"],
    ["gauner", "solve"], ["gauner", "solve", "a.json", "--engine", "fortran"],
    ["gauner", "solve", "a.json", "--guesses", "many"],
])
def test_argument_errors_are_one_line_too(capsys, argv):
    try:
        status = main(argv)
    except SystemExit as exit:
        status = exit.code
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1
    assert err.startswith("bluffmath: error: ")


def test_python_dash_m_bluffmath():
    argv = ["--players", "5", "--own", "3", "--face-up", "0,7", "--call", "12", "--json"]
    done = subprocess.run([sys.executable, "-m", "bluffmath", "hochstapler", "odds", *argv],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    check_json(json.loads(done.stdout), 5, 3, (0, 7), 12)
    failed = subprocess.run([sys.executable, "-m", "bluffmath", "hochstapler", "odds", "--players", "9"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert failed.returncode == 2
    assert failed.stdout == ""
    assert failed.stderr == "bluffmath: error: players must be a whole number from 3 to 7, got 9\n"


def test_help_lists_every_command_in_plain_words(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    listed = re.findall(r"^  (\S+)\s{2,}\S", out, flags=re.MULTILINE)
    # the core's commands; a plug-in's (class) follow them: tests/test_cli_plugins.py
    assert listed[:7] == ["hochstapler", "gauner", "hoax", "muenchhausen", "liars-dice", "review", "embed"]
    assert out.index("games:") < out.index("  hochstapler") < out.index("tools:") < out.index("  review")
    for markup in ("``", ":mod:", ":func:", ".. ", "`"):  # help is read in a terminal, not rendered
        assert markup not in out


def test_every_command_has_its_own_help(capsys):
    for command in ("hochstapler", "gauner", "hoax", "muenchhausen", "liars-dice", "review", "embed"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert capsys.readouterr().out.startswith(f"usage: bluffmath {command}")


def test_muenchhausen_card_is_the_cores(capsys):
    from bluffmath import muenchhausen as mh
    state, typed = muenchhausen_game("b5")
    argv = ["muenchhausen", "card", "--players", "4", "--offer", "7", "--before", typed]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    chance = mh.honest_chance(mh.Knowledge.from_log(state.log, mh.MODELS["uniform"]))
    assert (data["game"], Fraction(data["answer"]["fraction"])) == ("muenchhausen", chance)
    assert main(argv) == 0
    assert f"= {chance} (about " in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize(("argv", "words"), [
    (["--players", "4", "--offer", "7", "--model", "guess"], "invalid choice: 'guess'"),
    (["--players", "4", "--offer", "seven"], "--offer must be a whole number"),
    (["--players", "4", "--offer", "7", "--before", "x9"], "bluffmath: error: "),
])
def test_muenchhausen_card_refuses_bad_words_in_one_line(capsys, argv, words):
    try:
        status = main(["muenchhausen", "card", *argv])
    except SystemExit as exit:
        status = exit.code
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1
    assert words in err
