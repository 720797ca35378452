"""Fuzz: the command line in a subprocess, as a user runs it, on the corpus of hostile
commands (tests/hostile/cli.json: arguments and standard input). Each must succeed (exit
0) or print exactly one line ``bluffmath: error: ...`` and exit 2: no traceback, no
internal error, no hang."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hostile import SECONDS, corpus

CASES = corpus("cli")


def _run(args: list[str], stdin: str, cwd: Path) -> tuple[list[str], subprocess.CompletedProcess[str] | str]:
    try:
        done = subprocess.run([sys.executable, "-m", "bluffmath", *args], input=stdin, cwd=cwd,
                              capture_output=True, text=True, timeout=3 * SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return args, "hang"
    return args, done


def _finding(args: list[str], done: subprocess.CompletedProcess[str] | str) -> str | None:
    if done == "hang":
        return f"{args}: still running after {3 * SECONDS} s"
    assert not isinstance(done, str)
    lines = done.stderr.splitlines()
    if done.returncode == 0 and not lines:
        return None
    if done.returncode == 2 and len(lines) == 1 and lines[0].startswith("bluffmath: error: "):
        return None
    return f"{args}: exit {done.returncode}, stderr {done.stderr[-300:]!r}"


@pytest.mark.slow
def test_every_hostile_command_ends_in_an_answer_or_one_error_line(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda case: _run(case["args"], case["stdin"], tmp_path), CASES))
    findings = [f for args, done in results if (f := _finding(args, done)) is not None]
    assert findings == []
    errors = sum(1 for _, done in results if not isinstance(done, str) and done.returncode == 2)
    assert errors >= len(CASES) - 5  # nearly all of them are bad input


def test_embed_does_not_overwrite_unless_forced(tmp_path: Path) -> None:
    from bluffmath.cli import main
    out = tmp_path / "site"
    assert main(["embed", "hochstapler-odds", "-o", str(out)]) == 0
    page = out / "hochstapler-odds.html"
    page.write_text("my own edits")
    assert main(["embed", "hochstapler-odds", "-o", str(out)]) == 2
    assert page.read_text() == "my own edits"
    assert main(["embed", "hochstapler-odds", "-o", str(out), "--force"]) == 0
    assert page.read_text() != "my own edits"


def test_an_endless_input_file_is_refused_after_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from bluffmath.cli import main
    assert main(["gauner", "solve", "/dev/zero"]) == 2
    assert "longer than 4,000,000 characters" in capsys.readouterr().err

