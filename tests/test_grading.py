"""Grading with nbgrader (notebooks/lessons/grading.py): full marks for the solutions, zero for a blank.

A course folder is made in a temporary directory from the lessons' sources; nbgrader
generates every release. Two students hand in every lesson: one the nbgrader source
notebook (every solution in place), one the release untouched. nbgrader's autograder
runs both, with no JupyterHub. The release must also be the student copy plus the
read-only test cells, so that what students get does not drift from the lessons.

Every release is generated and compared with its student copy in ``make test``; the runs
of the releases (autograding, a blank release run to the end) cover a sample of lessons
there (``GRADED``: with and without extra practice, the first and the longest), and every
lesson in ``make test-full`` (``--full``). tests/test_lessons.py runs every lesson's copies.
"""

from __future__ import annotations

import csv
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
SOURCES = sorted(p for p in LESSONS.glob("[0-9][0-9]-*.py") if not p.name.startswith("00-"))
#: The lessons whose releases make test runs (make test-full: every lesson's).
GRADED = {"01-counting", "05-gauner-deduction", "08-why-bluff"}
RUN = [pytest.param(p, id=p.stem, marks=() if p.stem in GRADED else pytest.mark.full) for p in SOURCES]


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    grading.make_course(root)
    for source in SOURCES:
        grading.submit(root, source.stem, "solved", root / "source" / source.stem / f"{source.stem}.ipynb")
        grading.submit(root, source.stem, "blank", root / "release" / source.stem / f"{source.stem}.ipynb")
    return root


def _exercises(source: Path) -> tuple[list[str], list[str]]:
    """The names of the lesson's own exercises and of its extra practice's, read from its
    source: every ``check(N, answer_N)`` before and after the ``## Extra practice`` heading."""
    text = source.read_text(encoding="utf-8")
    own, _, extra = text.partition("\n# ## Extra practice")
    return ([f"exercise {n}" for n in grading.CHECK.findall(own)],
            [f"exercise {n} (extra practice)" for n in grading.CHECK.findall(extra)])


def test_extra_practice_is_marked_apart() -> None:
    notebook = grading.source_notebook(LESSONS / "01-counting.py")
    ids = [c.metadata["nbgrader"]["grade_id"] for c in notebook.cells
           if c.metadata.get("nbgrader", {}).get("grade", False)]
    assert ids == ["check-1", "check-2", "check-3", "check-4-extra", "check-5-extra", "check-6-extra"]
    assert grading._exercise("check-5-extra") == "exercise 5 (extra practice)"
    assert grading._exercise("check-12") == "exercise 12"


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
@pytest.mark.parametrize("source", RUN)
def test_autograde_gives_the_solutions_full_marks_and_a_blank_zero(course: Path, source: Path) -> None:
    grades = grading.grade(course, source.stem)
    assert grades.scores == {"blank": Fraction(0), "solved": Fraction(1)}
    own, extra = _exercises(source)
    assert grades.extra == ({"blank": Fraction(0), "solved": Fraction(1)} if extra else {})
    assert grades.marks == {"blank": dict.fromkeys(own + extra, Fraction(0)),
                            "solved": dict.fromkeys(own + extra, Fraction(1))}
    assert grades.not_graded == {}


@pytest.mark.slow
@pytest.mark.parametrize("source", RUN)
def test_a_release_with_every_answer_blank_runs_all_to_the_end(course: Path, source: Path, tmp_path: Path) -> None:
    """What a student gets runs top to bottom whatever they answered (the widgets and the
    definitions later exercises need are reached); its test cells fail only under nbgrader."""
    from nbclient import NotebookClient

    release = nbformat.read(course / "release" / source.stem / f"{source.stem}.ipynb", as_version=4)
    NotebookClient(release, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}},
                   ).execute()  # raises on the first cell that fails
    checked = [c for c in release.cells if c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("check-")]
    assert checked
    assert all(c.get("outputs") == [] for c in checked)


@pytest.mark.slow
def test_one_misnamed_or_missing_notebook_stops_no_one_elses_marks(tmp_path: Path) -> None:
    """A second download's name is graded as the lesson's; an empty folder and a folder of
    two notebooks are named with the reason; everyone else is graded, and the CSV holds it all."""
    source = SOURCES[0]
    lesson = source.stem
    grading.make_course(tmp_path, [source])
    solved = tmp_path / "source" / lesson / f"{lesson}.ipynb"
    grading.submit(tmp_path, lesson, "ann", solved)
    renamed = tmp_path / "submitted" / "bo" / lesson / f"{lesson} (1).ipynb"
    renamed.parent.mkdir(parents=True)
    renamed.write_bytes(solved.read_bytes())
    (tmp_path / "submitted" / "cy" / lesson).mkdir(parents=True)
    (tmp_path / "submitted" / "cy" / lesson / "notes.txt").write_text("forgot", encoding="utf-8")
    twice = tmp_path / "submitted" / "di" / lesson
    twice.mkdir(parents=True)
    for name in ("a.ipynb", "b.ipynb"):
        (twice / name).write_bytes(solved.read_bytes())
    grades = grading.grade(tmp_path, lesson)
    assert grades.scores == {"ann": Fraction(1), "bo": Fraction(1)}
    assert grades.notes == {"bo": f"graded '{lesson} (1).ipynb' as '{lesson}.ipynb'"}
    assert set(grades.not_graded) == {"cy", "di"}
    assert grades.not_graded["cy"].startswith("no notebook in ")
    assert "2 notebooks in " in grades.not_graded["di"]
    assert "a.ipynb, b.ipynb" in grades.not_graded["di"]
    rows = list(csv.reader(grading.write_csv(grades, tmp_path / "grades.csv").open(encoding="utf-8")))
    own, extra = _exercises(source)
    assert extra, "lesson 1 has extra practice, kept apart in the CSV"
    assert rows[0] == ["student", *own, "share of full marks", *extra, "extra practice: share of full marks",
                       "note"]
    assert [r[0] for r in rows[1:]] == ["ann", "bo", "cy", "di"]
    assert rows[1][1:-1] == ["1"] * (len(own) + len(extra) + 2)
    assert rows[3][1:-1] == [""] * (len(own) + len(extra) + 2)
    assert rows[3][-1] == grades.not_graded["cy"]


def test_make_grade_runs_the_grading_with_the_venvs_python() -> None:
    makefile = (LESSONS.parents[1] / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ngrade:", 1)[1].split("\n\n", 1)[0]
    assert "$(BIN)/python notebooks/lessons/grading.py grade $(LESSON)" in recipe
    assert "make grade LESSON=" in recipe  # said when no lesson is named
