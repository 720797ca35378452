"""``bluffmath gauner solve``: JSON with exact fractions equal to ``solve()``'s, readable
grids, one-line errors, and a position from a file or standard input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from bluffmath.cli import main
from bluffmath.gauner import GRID, Position, random_positions, solve

HAND = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
        "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
SMALL = {"game": "gauner-raus", "players": 2, "me": 0, "hand": HAND,
         "tables": [{"numbers": {"green-A": 2}}, {"numbers": {"green-A": 5}, "not_mine": ["blue-B"]}]}
# Seat 1 wrote 0 at green-A, so only 7 purple or F cells are left for its 8.
CONFLICT = {"game": "gauner-raus", "players": 2, "me": 0, "hand": HAND,
            "tables": [{}, {"numbers": {"green-A": 0, "purple-F": 8, "blue-B": 3}}]}


def later(players: int, seed: int, step: int = 4) -> Position:
    """A position some way into a random game: numbers, laid cards and marks on every table."""
    positions = [p for p, _ in random_positions(players, seed)]
    return positions[min(step, len(positions) - 1)]


def run(capsys, *argv):
    status = main(["gauner", "solve", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path, data, name="position.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def check_json(data: dict, position: Position, guesses: int = 5) -> None:
    """The printed JSON says exactly what solve() says, fractions as "p/q"."""
    s = solve(position)
    assert isinstance(data["deals"], str)
    assert int(data["deals"]) == s.deals
    assert set(data["probabilities"]) == {str(h) for h in s.holders}
    assert set(data["probabilities"]) == {*map(str, position.opponents), "surplus"}
    for holder in s.holders:
        table = data["probabilities"][str(holder)]
        assert set(table) == set(s.unknown)
        for cell, text in table.items():
            assert re.fullmatch(r"\d+/\d+", text), text
            assert Fraction(text) == s.probability(holder, cell)
    assert data["probabilities"] == s.to_json()["probabilities"]
    best = s.best_guesses(guesses)
    assert [(g["seat"], g["cell"], Fraction(g["probability"])) for g in data["best_guesses"]] == [
        (g.seat, g.cell, g.probability) for g in best]
    assert [(f["holder"], f["cell"], f["held"], f["kind"]) for f in data["forced"]] == [
        (str(f.holder), f.cell, f.held, f.kind) for f in s.forced]


@pytest.mark.parametrize(("players", "seed", "step"), [(2, 1, 0), (2, 3, 6), (3, 2, 3), (3, 5, 9), (4, 4, 5)])
def test_json_equals_solve(capsys, tmp_path, players, seed, step):
    position = later(players, seed, step)
    status, out, err = run(capsys, write(tmp_path, position.dumps()), "--json")
    assert (status, err) == (0, "")
    check_json(json.loads(out), position)


def test_json_of_a_small_position(capsys, tmp_path):
    status, out, err = run(capsys, write(tmp_path, SMALL), "--json", "--guesses", "3")
    assert (status, err) == (0, "")
    data = json.loads(out)
    check_json(data, Position.from_json(SMALL), guesses=3)
    assert data["deals"] == "432432"  # C(9, 5) * C(14, 7): blue-B is not seat 1's
    assert data["probabilities"]["1"]["green-B"] == "5/9"
    assert data["probabilities"]["1"]["blue-B"] == "0/1"  # always "p/q", even when certain
    assert data["probabilities"]["surplus"]["blue-B"] == "1/1"
    assert len(data["best_guesses"]) == 3
    assert {"holder": "1", "cell": "blue-B", "held": False, "kind": "mark",
            "reason": "seat 1 marked blue-B not mine"} in data["forced"]


@pytest.mark.parametrize("engine", ["python", "numpy", "auto"])
def test_every_engine_prints_the_same(capsys, tmp_path, engine):
    path = write(tmp_path, later(3, 2, 3).dumps())
    status, out, err = run(capsys, path, "--json", "--engine", engine)
    assert (status, err) == (0, "")
    check_json(json.loads(out), later(3, 2, 3))


def test_text_shows_the_grids(capsys, tmp_path):
    position = later(3, 2, 3)
    s = solve(position)
    status, out, err = run(capsys, write(tmp_path, position.dumps()))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"Gauner raus!, 3 players, seen by seat 0: {s.deals} deals fit all tables"
    for seat in position.opponents:
        assert f"seat {seat}, {position.hidden(seat)} hidden cards: the chance of each cell, per cent" in lines
    assert "surplus, 6 cards: the chance of each cell, per cent" in lines
    grids = [i for i, line in enumerate(lines) if line.endswith("the chance of each cell, per cent")]
    assert len(grids) == 3
    for holder, start in zip(s.holders, grids, strict=True):
        assert lines[start + 1].split() == list("ABCDEF")
        for colour, line in zip(GRID.colours, lines[start + 2:start + 8], strict=True):
            words = line.split()
            assert words[0] == colour
            assert len(words) == 7
            for letter, word in zip(GRID.letters, words[1:], strict=True):
                cell = f"{colour}-{letter}"
                c = GRID.index(cell)
                if c in position.hand:
                    assert word == "mine"
                elif c in position.laid:
                    assert word == "laid"
                else:
                    assert float(word) == pytest.approx(float(s.probability(holder, cell) * 100), abs=0.05)
    assert "best guesses:" in lines
    best = s.best_guesses(1)[0]
    assert lines[lines.index("best guesses:") + 1].startswith(f"  seat {best.seat} {best.cell}: {best.probability} (")


def test_text_lists_the_certain_cells(capsys, tmp_path):
    status, out, _ = run(capsys, write(tmp_path, SMALL))
    assert status == 0
    assert "certain:" in out.splitlines()
    assert "  blue-B is not seat 1's: seat 1 marked blue-B not mine" in out.splitlines()
    assert any(line.startswith("  blue-B is ") and "surplus" in line and line.endswith("seat 1 marked blue-B not mine")
               for line in out.splitlines())


def test_guesses_option(capsys, tmp_path):
    path = write(tmp_path, SMALL)
    status, out, _ = run(capsys, path, "--guesses", "2")
    assert status == 0
    lines = out.splitlines()
    start = lines.index("best guesses:")
    assert [line for line in lines[start + 1:start + 4] if line.startswith("  seat ")] == [
        f"  seat 1 {cell}: 5/9 (55.6 %)" for cell in ("green-A", "green-B")]


def test_reading_standard_input(capsys, monkeypatch):
    position = later(4, 4, 5)
    monkeypatch.setattr(sys, "stdin", io.StringIO(position.dumps()))
    status, out, err = run(capsys, "-", "--json")
    assert (status, err) == (0, "")
    check_json(json.loads(out), position)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(SMALL, indent=2)))
    status, out, err = run(capsys, "-")
    assert (status, err) == (0, "")
    assert out.startswith("Gauner raus!, 2 players, seen by seat 0: 432432 deals fit all tables")


def errors(capsys, *argv):
    """Run the command, which must fail: its one line on stderr, without a traceback."""
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.endswith("\n")
    assert err.startswith("bluffmath: error: ")
    assert "Traceback" not in err
    return err


def test_a_missing_file(capsys, tmp_path):
    missing = str(tmp_path / "nowhere.json")
    err = errors(capsys, missing)
    assert "cannot read the position" in err
    assert "nowhere.json" in err
    assert "No such file" in err
    err = errors(capsys, str(tmp_path))
    assert "cannot read the position" in err


@pytest.mark.parametrize(("text", "words"), [
    ("{", ["a position must be JSON"]),
    ("", ["a position must be JSON"]),
    ("[]", ["a position must be a JSON object", "list"]),
    ('{"game": "gauner-raus", "players": 5, "hand": [], "tables": []}', ["players", "from 2 to 4", "5"]),
    (json.dumps({**SMALL, "hand": [*HAND[:-1], "pink-F"]}), ['hand[11]', '"pink-F" is not a cell', 'such as "red-A"']),
    (json.dumps({**SMALL, "hand": HAND[:-1]}), ["your hidden cards (11)", "12"]),
])
def test_bad_json_is_one_line_on_stderr(capsys, tmp_path, text, words):
    err = errors(capsys, write(tmp_path, text))
    for word in words:
        assert word in err


def test_an_inconsistent_position_is_one_line_on_stderr(capsys, tmp_path):
    err = errors(capsys, write(tmp_path, CONFLICT), "--json")
    assert "no deal fits these facts together" in err
    assert "seat 1 wrote 0 at green-A" in err
    assert "seat 1 wrote 8 at purple-F" in err
    assert "blue-B" not in err  # not part of the conflict


def test_every_fraction_in_the_json_is_p_over_q(capsys, tmp_path):
    status, out, _ = run(capsys, write(tmp_path, SMALL), "--json", "--guesses", "40")
    assert status == 0
    data = json.loads(out)
    assert len(data["best_guesses"]) == 24  # all of them, down to blue-B, which seat 1 marked
    assert data["probabilities"]["1"]["blue-B"] == "0/1"
    for g in data["best_guesses"]:
        assert re.fullmatch(r"\d+/\d+", g["probability"]), g


def test_a_file_that_is_not_text(capsys, tmp_path):
    path = tmp_path / "position.json"
    path.write_bytes(b"\xff\xfe{\x00")
    err = errors(capsys, str(path))
    assert "cannot read the position" in err or "position" in err


def test_python_dash_m_bluffmath(tmp_path):
    position = later(3, 5, 9)
    done = subprocess.run([sys.executable, "-m", "bluffmath", "gauner", "solve", "-", "--json"],
                          input=position.dumps(), capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    check_json(json.loads(done.stdout), position)
    failed = subprocess.run([sys.executable, "-m", "bluffmath", "gauner", "solve", write(tmp_path, CONFLICT)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert failed.returncode == 2
    assert failed.stdout == ""
    assert failed.stderr.startswith("bluffmath: error: no deal fits these facts together: ")
    assert failed.stderr.count("\n") == 1
