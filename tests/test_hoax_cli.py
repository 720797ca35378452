"""``bluffmath hoax deduce``: the exact fractions of ``deduce()``, the counting on demand,
JSON for programs, one-line errors."""

from __future__ import annotations

import io
import json
from fractions import Fraction

from bluffmath.cli import main
from bluffmath.hoax import BluffModel, Case, Claim, Holds, IsNot, deduce

CASE = Case("original", 4, (Holds(0, "Wizard", "own card"), Claim(1, "Wizard"), IsNot(2, "King", "bought")),
            BluffModel(Fraction(1), Fraction(1, 3)))


def run(capsys, *argv):
    status = main(["hoax", "deduce", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_equals_deduce(tmp_path, capsys):
    path = tmp_path / "sheet.json"
    path.write_text(CASE.dumps(), encoding="utf-8")
    status, out, err = run(capsys, str(path), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    d = deduce(CASE)
    assert [{r: Fraction(p) for r, p in row.items()} for row in data["players"]] == d.grid()
    assert Fraction(data["evidence"]) == d.evidence


def test_the_text_table_and_the_counting(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(CASE.dumps()))
    status, out, _ = run(capsys, "-", "--explain", "1", "wizard")
    assert status == 0
    d = deduce(CASE)
    row = out.splitlines()[3]  # player 1
    assert row.split()[2:] == [str(q) for q in d.grid()[1].values()]
    assert "P(player 1 is the Wizard) = " in out
    assert out.rstrip().endswith(str(d.probability(1, "Wizard")) + ".")


def test_errors_are_one_line(tmp_path, capsys):
    status, _, err = run(capsys, str(tmp_path / "missing.json"))
    assert status == 2
    assert err.startswith("bluffmath: error: cannot read the sheet")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**CASE.to_json(), "players": 9}), encoding="utf-8")
    status, _, err = run(capsys, str(bad))
    assert (status, err.count("\n")) == (2, 1)
    assert "players must be a whole number from 3 to 6" in err
    conflict = tmp_path / "conflict.json"
    conflict.write_text(CASE.adding(Holds(1, "Wizard"), Holds(3, "Wizard")).dumps(), encoding="utf-8")
    status, _, err = run(capsys, str(conflict))
    assert status == 2
    assert "no deal of the cards fits these facts together" in err


def test_hostile_sheets_and_explain_arguments_give_one_line(tmp_path, capsys):
    good = CASE.to_json()
    sheets = {
        "kind-list": {**good, "facts": [{"kind": ["claim"], "player": 1, "role": "King"}]},
        "names-numbers": {**good, "names": [1, 2, 3, 4]},
        "misspelt": {**good, "fact": good["facts"]},
        "spoke-misspelt": {**good, "facts": [{"kind": "claim", "player": 1, "role": "King", "Spoke": False}]},
    }
    for name, data in sheets.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        status, out, err = run(capsys, str(path))
        assert (status, out, err.count("\n")) == (2, "", 1), name
        assert err.startswith("bluffmath: error: a Hoax case"), name
    path = tmp_path / "good.json"
    path.write_text(CASE.dumps(), encoding="utf-8")
    for player, role in [("²", "King"), ("0_7", "King"), ("9", "King"), ("1", "abcd"), ("1", "Merchant")]:
        status, out, err = run(capsys, str(path), "--explain", player, role)
        assert (status, out, err.count("\n")) == (2, "", 1), (player, role)
        assert err.startswith("bluffmath: error: ")
