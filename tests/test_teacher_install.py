"""The teacher's day from a fresh clone (issue 31): ``make handouts``, ``make course`` and
``make grade`` on a copy of the project with no virtual environment, as a teacher runs
them. Each installs only the ``teach`` extra (no Playwright, Sphinx, JupyterLite or
pytest), prints every handout, releases every lesson and grades a returned notebook.

The copy holds the files git would clone (tracked, and new files not ignored), so that the
test sees the working tree as it would be committed; it runs the project's own Makefile
with this machine's ``python3``, and pip fetches from the package index as it would for
the teacher (about a minute and a half on 2 cores).
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _fresh_clone(target: Path) -> Path:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def _make(clone: Path, *targets: str) -> str:
    done = subprocess.run(["make", *targets], cwd=clone, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def test_a_teacher_prints_releases_and_grades_from_a_fresh_clone(tmp_path: Path) -> None:
    clone = _fresh_clone(tmp_path / "bluffmath")
    assert not (clone / ".venv").exists()
    _make(clone, "handouts", "course")

    handouts = clone / "build" / "handouts"
    lessons = sorted(p.stem for p in (clone / "notebooks" / "lessons").glob("0[1-9]-*.py"))
    assert lessons
    for lesson in lessons:
        assert (handouts / f"{lesson}-worksheet.html").is_file()
        assert (handouts / f"{lesson}-key.html").is_file()
        assert (clone / "build" / "course" / "release" / lesson / f"{lesson}.ipynb").is_file()

    installed = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-m", "pip", "list",
                                "--format=freeze"], capture_output=True, text=True, check=True).stdout.lower()
    names = {line.split("==")[0] for line in installed.splitlines()}
    assert {"nbgrader", "jupytext", "bluffmath"} <= names
    assert not names & {"playwright", "sphinx", "voila", "jupyterlite-core", "pytest", "hypothesis"}

    lesson = lessons[0]
    returned = clone / "build" / "course" / "submitted" / "ann" / lesson / f"{lesson}.ipynb"
    returned.parent.mkdir(parents=True)
    shutil.copy2(clone / "build" / "course" / "source" / lesson / f"{lesson}.ipynb", returned)
    said = _make(clone, "grade", f"LESSON={lesson}")
    assert "ann: 1 of full marks" in said
    with (clone / "build" / "course" / "grades" / f"{lesson}.csv").open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert [row["student"] for row in rows] == ["ann"]
    assert rows[0]["share of full marks"] == "1"
