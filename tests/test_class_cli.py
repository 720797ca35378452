"""``bluffmath class`` on the command line: its help, and clear errors where it cannot start."""

from __future__ import annotations

import socket
import sys

import pytest

from bluffmath.cli import main
from bluffmath.errors import InvalidInputError
from bluffmath_class import server


def test_the_help_names_every_option(capsys):
    with pytest.raises(SystemExit):
        main(["class", "--help"])
    text = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--bot-seconds", "--plan", "lan"):
        assert option in text


def test_a_port_in_use_is_a_clear_error(capsys, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        status = main(["class", "--port", str(port), "--db", str(tmp_path / "c.sqlite3")])
    assert status == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in capsys.readouterr().err


def test_an_address_this_computer_does_not_have_is_a_clear_error(capsys, tmp_path):
    assert main(["class", "--host", "203.0.113.77", "--port", "0", "--db", str(tmp_path / "c.sqlite3")]) == 2
    assert "cannot listen on 203.0.113.77" in capsys.readouterr().err


def test_lan_without_a_network_says_what_to_do(monkeypatch):
    monkeypatch.setattr(server, "lan_address", lambda: None)
    with pytest.raises(InvalidInputError, match="on no network"):
        server.bind("lan", 0)


def test_lan_binds_the_network_address_only(monkeypatch):
    monkeypatch.setattr(server, "lan_address", lambda: "127.0.0.2")  # a stand-in that binds here
    with server.bind("lan", 0) as listener:
        assert listener.getsockname()[0] == "127.0.0.2"
        assert server.address_of(listener).startswith("http://127.0.0.2:")


def test_without_the_class_extra_the_command_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "bluffmath_class.server", None)
    assert main(["class"]) == 2
    assert "pip install 'bluffmath[class]'" in capsys.readouterr().err


def test_the_banner_gives_the_address_the_code_and_the_teachers_page(tmp_path):
    banner = server.banner(tmp_path / "c.sqlite3", "http://10.0.0.5:8000")
    text = banner.text()
    assert f"Students open   http://10.0.0.5:8000   and type the code   {banner.code}" in text
    assert banner.teacher_url.startswith("http://10.0.0.5:8000/teacher?key=")
    assert "█" in text
    assert server.banner(tmp_path / "c.sqlite3", "http://10.0.0.5:8000") == banner   # kept in the file



def test_a_lesson_plan_from_a_file_is_kept_and_followed_until_the_class_begins_another(tmp_path, capsys):
    import json

    from bluffmath_class.database import Database
    from bluffmath_class.room import Room
    db = tmp_path / "c.sqlite3"
    activity = {"game": "gauner", "seats": 3, "bot": "solver", "odds": "always", "move_seconds": 60,
                "variant": "plain"}
    (tmp_path / "monday.json").write_text(json.dumps({"name": "Monday", "activities": [activity]}))
    server.banner(db, "http://10.0.0.5:8000", server.Plan.read(server.Node.of(
        (tmp_path / "monday.json").read_text(), "the plan")))
    room = Room(Database(db))
    assert room.plan.name == "Monday"
    assert [a.settings.game for a in room.plan.activities] == ["gauner"]
    room.next_activity("kept", "now")                          # the lesson begins
    other = server.Plan.read(server.Node.of({"name": "Tuesday", "activities": []}, "the plan"))
    server.banner(db, "http://10.0.0.5:8000", other)           # a restart with another plan
    again = Room(Database(db))
    assert again.plan.name == "Monday"                         # the lesson goes on as it was
    assert set(again.db.plans()) == {"Monday", "Tuesday"}      # the other is kept, to load later
    (tmp_path / "bad.json").write_text('{"name": "x", "activites": []}')
    assert main(["class", "--port", "0", "--db", str(db), "--plan", str(tmp_path / "bad.json")]) == 2
    assert 'unknown key "activites" (did you mean "activities"?)' in capsys.readouterr().err
    assert main(["class", "--port", "0", "--db", str(db), "--plan", str(tmp_path / "none.json")]) == 2
    assert "cannot read the lesson plan" in capsys.readouterr().err
