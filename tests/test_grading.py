"""Grading with nbgrader (notebooks/lessons/grading.py): full marks for the solutions, zero for a blank.

A course folder is made in a temporary directory from the lessons' sources; nbgrader
generates every release. Two students hand in every lesson: one the nbgrader source
notebook (every solution in place), one the release untouched. nbgrader's autograder
runs both, with no JupyterHub. The release must also be the student copy plus the
read-only test cells, so that what students get does not drift from the lessons.
"""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"


def _grading() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lesson_grading", LESSONS / "grading.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["lesson_grading"] = module
    spec.loader.exec_module(module)
    return module


grading = _grading()
SOURCES = sorted(LESSONS.glob("[0-9][0-9]-*.py"))


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    grading.make_course(root)
    for source in SOURCES:
        grading.submit(root, source.stem, "solved", root / "source" / source.stem / f"{source.stem}.ipynb")
        grading.submit(root, source.stem, "blank", root / "release" / source.stem / f"{source.stem}.ipynb")
    return root


def test_the_source_marks_one_solution_and_one_test_per_exercise() -> None:
    notebook = grading.source_notebook(LESSONS / "05-gauner-deduction.py")
    marked = [c.metadata["nbgrader"] for c in notebook.cells if "nbgrader" in c.metadata]
    ids = [m["grade_id"] for m in marked]
    assert ids == [f"{kind}-{n}" for n in range(1, 7) for kind in ("answer", "check")]
    assert all(m["solution"] and not m["grade"] for m in marked[::2])
    assert all(m["grade"] and m["locked"] and m["points"] == 1 for m in marked[1::2])
    assert not any("Teacher's note" in c.source for c in notebook.cells)


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_release_is_the_student_copy_with_its_tests(course: Path, source: Path) -> None:
    release = nbformat.read(course / "release" / source.stem / f"{source.stem}.ipynb", as_version=4)
    student = nbformat.read(LESSONS / "student" / f"{source.stem}.ipynb", as_version=4)
    kept = []
    for cell in release.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("check-"):
            continue
        text = cell.source
        if grade_id.startswith("answer-"):
            text = text.split("\n# your answer:")[0]
            assert "BEGIN SOLUTION" not in cell.source
        kept.append(text)
    assert kept == [cell.source for cell in student.cells]


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_autograde_gives_the_solutions_full_marks_and_a_blank_zero(course: Path, source: Path) -> None:
    assert grading.grade(course, source.stem) == {"blank": Fraction(0), "solved": Fraction(1)}
