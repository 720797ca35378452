"""The command line's plug-ins: ``bluffmath class`` comes from the class server's entry point
(group ``bluffmath.commands``), the core's commands never import the server's package, and
a plug-in that does not load is a clear line, not a traceback, while the rest works."""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from bluffmath.cli import PLUGINS, main

CLASS = EntryPoint("class", "bluffmath_class.cli:add_commands", PLUGINS)


def _plugins(monkeypatch: pytest.MonkeyPatch, *found: EntryPoint) -> None:
    """Make ``found`` the installed plug-ins."""
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [p for p in found if p.group == group])


def test_the_class_command_is_the_class_servers_entry_point() -> None:
    assert CLASS in importlib.metadata.entry_points(group=PLUGINS), (
        "reinstall the checkout (pip install --no-deps -e .) so that its entry points are seen")


def test_class_and_its_help_come_from_the_plug_in(capsys: pytest.CaptureFixture[str]) -> None:
    from bluffmath_class.cli import DESCRIPTION
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    listed = re.findall(r"^  (\S+)\s{2,}(.+)$", out, flags=re.MULTILINE)
    assert listed[5:] == [("review", "the exact cost of every decision of one seat in a saved game"),
                          ("embed", "write a calculator page for a blog: it runs in the reader's browser"),
                          ("train", "drills from your saved games: answer your costly decisions again, judged exactly"),
                          ("class", DESCRIPTION)]  # among the tools, after the core's
    with pytest.raises(SystemExit):
        main(["class", "--help"])
    assert capsys.readouterr().out.startswith("usage: bluffmath class [-h] [--host HOST]")


def test_without_the_entry_point_there_is_no_class_command(monkeypatch, capsys) -> None:
    _plugins(monkeypatch)
    assert main(["class", "--help"]) == 2
    assert "invalid choice: 'class'" in capsys.readouterr().err
    assert main(["hochstapler", "odds", "--players", "4", "--call", "12"]) == 0


def test_a_core_command_does_not_import_the_class_server(tmp_path: Path) -> None:
    code = """
import json, sys
from bluffmath.cli import main
statuses = [main(["hochstapler", "odds", "--players", "4"]), main(["hoax", "play", "--players", "nine"]),
            main(["liars-dice", "solve", "1", "1", "2"])]
print(json.dumps([statuses, sorted(m for m in sys.modules if m.split(".")[0] == "bluffmath_class")]))
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == [[0, 2, 0], []]


def test_python_dash_m_bluffmath_class_from_the_install(tmp_path: Path) -> None:
    """From another folder: the entry point is the installed package's, not the checkout's."""
    done = subprocess.run([sys.executable, "-m", "bluffmath", "class", "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("usage: bluffmath class")


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The class plug-in and three broken ones: one whose module is missing, one that fails
    as it adds its command, one that adds another command than its name."""
    (tmp_path / "bluffmath_test_plugins.py").write_text(
        "def fails(commands):\n    raise RuntimeError('half built')\n\n"
        "def other(commands):\n    commands.add_parser('somethingelse')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    _plugins(monkeypatch, CLASS, EntryPoint("missing", "bluffmath_no_such_module:add_commands", PLUGINS),
             EntryPoint("fails", "bluffmath_test_plugins:fails", PLUGINS),
             EntryPoint("named", "bluffmath_test_plugins:other", PLUGINS))


@pytest.mark.usefixtures("broken")
def test_a_broken_plug_in_asked_for_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["missing"]) == 2
    assert capsys.readouterr().err == (
        "bluffmath: error: the command 'missing' comes from the plug-in bluffmath_no_such_module:add_commands, "
        "which did not load (ModuleNotFoundError: No module named 'bluffmath_no_such_module'): reinstall the "
        "package that adds it, or remove it\n")
    assert main(["fails", "--help"]) == 2
    assert "(RuntimeError: half built)" in capsys.readouterr().err
    assert main(["named"]) == 2
    assert "(LookupError: it added no command 'named')" in capsys.readouterr().err


@pytest.mark.usefixtures("broken")
def test_the_other_commands_work_beside_a_broken_plug_in(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hochstapler", "odds", "--players", "4"]) == 0
    out, err = capsys.readouterr()
    assert (out.split(",")[0], err) == ("Hochstapler", "")          # the plug-ins are not even loaded
    with pytest.raises(SystemExit):
        main(["class", "--help"])                                   # the class plug-in alone is loaded
    out, err = capsys.readouterr()
    assert (out.split("\n")[0][:22], err) == ("usage: bluffmath class", "")
    with pytest.raises(SystemExit):
        main(["--help"])                                            # every plug-in: each broken one said
    out, err = capsys.readouterr()
    assert {"  class ", "  embed "} <= set(re.findall(r"^  \S+ ", out, flags=re.MULTILINE))
    warnings = err.splitlines()
    assert [line.split("'")[1] for line in warnings] == ["missing", "fails", "named"]
    assert all(line.startswith("bluffmath: warning: the command '") and line.endswith("; the other commands work")
               for line in warnings)
