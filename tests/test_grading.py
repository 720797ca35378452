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
import json
import re
import shutil
import subprocess
import sys
import warnings
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from scripts import outside_make, script

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"


grading = script("lesson_grading", LESSONS / "grading.py")
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
def test_one_misnamed_missing_or_broken_notebook_stops_no_one_elses_marks(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """A second download's name is graded as the lesson's; an empty folder, a folder of two
    notebooks, a notebook cut short and one with a test cell twice are named with the
    reason (not "see the above traceback"); a notebook without one test cell is graded and
    the exercise named; everyone else is graded, the CSV holds it all, and neither nbgrader
    (SQLAlchemy) nor the kernels print a warning."""
    from sqlalchemy.exc import SAWarning

    source = SOURCES[0]
    lesson = source.stem
    grading.make_course(tmp_path, [source])
    # nbgrader's own commands in the course folder are as quiet (its configuration file)
    assert "c.KernelManager.transport_encryption = 'auto'" in (tmp_path / "nbgrader_config.py").read_text()
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
    text = solved.read_text(encoding="utf-8")
    grading.submit(tmp_path, lesson, "ed", solved).write_text(text[: len(text) // 2], encoding="utf-8")
    notebook, own, extra = json.loads(text), *_exercises(source)
    first = f"check-{own[0].split()[1]}"  # the test of the lesson's first exercise
    tests = [i for i, c in enumerate(notebook["cells"]) if c["metadata"].get("nbgrader", {}).get("grade_id") == first]
    without = {**notebook, "cells": [c for i, c in enumerate(notebook["cells"]) if i not in tests]}
    grading.submit(tmp_path, lesson, "fi", solved).write_text(json.dumps(without), encoding="utf-8")
    copied = {**notebook, "cells": [*notebook["cells"][:tests[0]], {**notebook["cells"][tests[0]], "id": "copied"},
                                    *notebook["cells"][tests[0]:]]}
    grading.submit(tmp_path, lesson, "gi", solved).write_text(json.dumps(copied), encoding="utf-8")
    capfd.readouterr()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        grades = grading.grade(tmp_path, lesson)
    assert [w.message for w in caught if issubclass(w.category, SAWarning)] == []
    # No kernel warning ("running over TCP without encryption"). One line is libzmq's own: under
    # load, a kernel's sockets closing can trip its signaler's assertion as the kernel ends;
    # it is no warning of ours, and the marks below say whether the grading was right.
    said = capfd.readouterr().err.splitlines()
    assert [line for line in said if line != "Assertion failed: pfd.revents & POLLIN (src/signaler.cpp:238)"] == []
    assert grades.scores == {"ann": Fraction(1), "bo": Fraction(1), "fi": 1 - Fraction(1, len(own))}
    assert grades.notes == {"bo": f"graded '{lesson} (1).ipynb' as '{lesson}.ipynb'",
                            "fi": f"no test cell for {own[0]} in the notebook (deleted?): marked 0, "
                                  "look at it by hand"}
    assert set(grades.not_graded) == {"cy", "di", "ed", "gi"}
    assert grades.not_graded["cy"].startswith("no notebook in ")
    assert "2 notebooks in " in grades.not_graded["di"]
    assert "a.ipynb, b.ipynb" in grades.not_graded["di"]
    assert grades.not_graded["ed"].startswith("it is cut short: the notebook stops at line ")
    assert grades.not_graded["gi"].startswith(f"the test cell of {own[0]} is in it twice")
    assert not any("traceback" in why.lower() for why in grades.not_graded.values())
    rows = list(csv.reader(grading.write_csv(grades, tmp_path / "grades.csv").open(encoding="utf-8")))
    assert extra, "lesson 1 has extra practice, kept apart in the CSV"
    assert rows[0] == ["student", *own, "share of full marks", *extra, "extra practice: share of full marks",
                       "note"]
    assert [r[0] for r in rows[1:]] == ["ann", "bo", "cy", "di", "ed", "fi", "gi"]
    assert rows[1][1:-1] == ["1"] * (len(own) + len(extra) + 2)
    assert rows[3][1:-1] == [""] * (len(own) + len(extra) + 2)
    assert rows[3][-1] == grades.not_graded["cy"]
    assert rows[6][1:len(own) + 1] == ["0"] + ["1"] * (len(own) - 1)


def test_make_grade_runs_the_grading_with_the_venvs_python() -> None:
    makefile = (LESSONS.parents[1] / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ngrade:", 1)[1].split("\n\n", 1)[0]
    assert '$(BIN)/python notebooks/lessons/grading.py grade "$(LESSON)"' in recipe
    assert "make grade LESSON=" in recipe  # said when no lesson is named


# --- a teacher's mistakes: one line, exit status 2, nothing written -------------------------

def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = grading.main(argv)
    said = capsys.readouterr()
    return status, said.out, said.err


def _files(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")}


def test_a_misspelt_lesson_is_refused_with_the_list_and_the_nearest(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Not an empty CSV and exit status 0: the list of lessons, the one meant, status 2."""
    status, out, err = _run(["--out", str(tmp_path / "course"), "grade", "03-doubt-or-rasie"], capsys)
    assert (status, out) == (2, "")
    assert "did you mean 03-doubt-or-raise?" in err
    assert all(source.stem in err for source in SOURCES)
    assert len(err.strip().splitlines()) == 1
    assert _files(tmp_path) == set()
    for typed, meant in (("5", "05-gauner-deduction"), ("05-gauner", "05-gauner-deduction"), ("05 Gauner", "05-gauner-deduction"),
                         ("08-why-bluf", "08-why-bluff")):
        assert f"did you mean {meant}?" in _run(["--out", str(tmp_path), "grade", typed], capsys)[2]


def test_a_lesson_given_as_a_path_writes_nothing_outside_the_course(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``LESSON=../../etc`` wrote ``build/etc.csv``: a lesson is only a name from the list."""
    course = tmp_path / "build" / "course"
    course.mkdir(parents=True)
    for name in ("../../etc", "../05-gauner-deduction", "/tmp/x", "05-gauner-deduction/../../x"):
        status, _, err = _run(["--out", str(course), "grade", name], capsys)
        assert status == 2
        assert "a lesson is named, not given as a path" in err
        assert _files(tmp_path) == {tmp_path / "build", course}
    with pytest.raises(grading.GradingError):
        grading.grade(course, "../../etc")
    with pytest.raises(grading.GradingError, match="outside the course folder"):
        grading._inside(course, course / "grades" / ".." / ".." / "etc.csv")


def test_grading_before_make_course_says_to_run_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a SQLAlchemy traceback: one line that says to run ``make course`` first."""
    monkeypatch.setattr(grading, "OUT", tmp_path / "build" / "course")
    status, out, err = _run(["grade", "05-gauner-deduction"], capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "run `make course` first" in err
    assert _files(tmp_path) == set()
    (tmp_path / "build" / "course").mkdir(parents=True)  # an empty folder is no course either
    assert "run `make course` first" in _run(["grade", "05-gauner-deduction"], capsys)[2]
    status, _, err = _run(["--out", str(tmp_path / "elsewhere"), "grade", "05-gauner-deduction"], capsys)
    assert status == 2
    assert f"grading.py --out {tmp_path / 'elsewhere'} course` first" in err


def test_nothing_to_grade_is_said_not_an_empty_csv(course: Path, tmp_path: Path) -> None:
    lesson = SOURCES[0].stem
    empty = tmp_path / "course"
    shutil.copytree(course, empty, ignore=shutil.ignore_patterns("submitted", "autograded", "grades"))
    with pytest.raises(grading.GradingError, match=f"there is no work of {lesson} to grade in .*make collect"):
        grading.grade(empty, lesson)
    assert not (empty / "grades").exists()


# --- what is wrong in a submission, read before nbgrader runs it ---------------------------

def _solved() -> dict:
    """A readable notebook of lesson 1 with its solutions: the nbgrader source notebook."""
    return json.loads(nbformat.writes(grading.source_notebook(LESSONS / "01-counting.py")))


def _heading() -> int:
    """The index of lesson 1's first section heading, ``## 1. ...``, in its notebook."""
    return next(i for i, c in enumerate(_solved()["cells"]) if "".join(c["source"]).startswith("## 1. "))


def _broken(kind: str) -> bytes:
    text = json.dumps(_solved(), indent=1)
    notebook = _solved()
    if kind == "a cell's text is a number":
        notebook["cells"][_heading()]["source"] = 5
    elif kind == "a cell without metadata":
        del notebook["cells"][_heading()]["metadata"]
    elif kind == "an old format number":
        notebook["nbformat"] = 3
    return {"empty": b"", "a web page": b"<!DOCTYPE html><html><body>Lesson 1</body></html>",
            "a PDF": b"%PDF-1.7\n\xff\xfe", "cut short": text[: len(text) // 2].encode(),
            "broken JSON": text.replace('"cells": [', '"cells": [,', 1).encode(),
            "JSON but no notebook": b'[1, 2, 3]'}.get(kind, json.dumps(notebook).encode())


@pytest.mark.parametrize(("kind", "said"), [
    ("empty", "the file is empty"),
    ("a web page", "it is a web page (HTML), not a notebook"),
    ("a PDF", "it is a PDF, not a notebook"),
    ("cut short", "it is cut short: the notebook stops at line "),
    ("broken JSON", "its text is broken at line 2, column "),
    ("JSON but no notebook", "it holds data, but no cells"),
    ("a cell's text is a number", "cell {n}, its 'source': it holds 5, not text"),
    ("a cell without metadata", "cell {n} (\"## 1. "),
    ("an old format number", "it says it is of notebook format 3, but "),
])
def test_a_corrupt_notebook_is_named_with_what_is_wrong_in_it(kind: str, said: str, tmp_path: Path) -> None:
    path = tmp_path / "01-counting.ipynb"
    path.write_bytes(_broken(kind))
    reason = grading.notebook_problem(path)
    assert reason is not None
    assert said.format(n=_heading() + 1) in reason
    assert "traceback" not in reason.lower()


def test_a_readable_notebook_without_the_lessons_test_cells_is_named(tmp_path: Path) -> None:
    """The student copy (not the release) grades nothing; a copied test cell stops nbgrader."""
    expected = grading._test_ids(grading.source_notebook(LESSONS / "01-counting.py"))
    student = LESSONS / "student" / "01-counting.ipynb"
    assert grading.notebook_problem(student) is None
    assert "none of the lesson's test cells" in grading.cells_problem(student, expected)
    notebook, first = _solved(), next(i for i in expected if i.startswith("check-"))
    test = next(i for i, c in enumerate(notebook["cells"]) if c["metadata"].get("nbgrader", {}).get("grade_id") == first)
    notebook["cells"].insert(test, {**notebook["cells"][test], "id": "copied"})
    twice = tmp_path / "01-counting.ipynb"
    twice.write_text(json.dumps(notebook), encoding="utf-8")
    assert grading.notebook_problem(twice) is None
    assert grading.cells_problem(twice, expected).startswith(f"the test cell of {grading._exercise(first)} is in it twice")
    ok = tmp_path / "ok.ipynb"
    ok.write_text(json.dumps(_solved()), encoding="utf-8")
    assert grading.cells_problem(ok, expected) is None


def test_nbgraders_failure_is_told_by_the_error_its_traceback_ends_with() -> None:
    log = """[INFO] Converting notebook /c/submitted/bad/01-counting/01-counting.ipynb
[ERROR] There was an error processing assignment: /c/submitted/bad/01-counting
[ERROR] Traceback (most recent call last):
      File "nbformat/reader.py", line 25, in parse_json
        raise NotJSONError(message) from e
    nbformat.reader.NotJSONError: Notebook does not appear to be JSON: 'not json{'
[ERROR] There was an error processing assignment '01-counting' for student 'bad'
[ERROR] Please see the the above traceback for details on the specific errors on the above failures.
Traceback (most recent call last):
  File "nbgrader/converters/base.py", line 468, in convert_notebooks
nbgrader.converters.base.NbGraderException: Please see the the above traceback for details
"""
    assert grading._nbgrader_reason(log) == ("nbgrader could not grade it: Notebook does not appear to be "
                                             "JSON: 'not json{'")
    assert "stopped Python" in grading._nbgrader_reason("    nbclient.exceptions.DeadKernelError: Kernel died")


# --- the teacher's page: every command runs as printed --------------------------------------

ROOT = LESSONS.parents[1]
PAGE = ROOT / "docs" / "how-to" / "teach-the-course.md"


def _page_commands() -> list[str]:
    """Every command the teacher's page prints: the lines of its ``sh`` blocks."""
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"^ *```sh\n(.*?)^ *```", text, re.S | re.M)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_the_teachers_page_prints_only_commands_that_run_from_the_projects_folder() -> None:
    """A ``make`` target the Makefile has, with variables its recipe reads, or the project's
    own nbgrader in the course folder: never a bare ``python`` or ``nbgrader`` (not on a
    fresh clone's PATH), never a file to place by hand."""
    commands = _page_commands()
    assert {c.split()[1] for c in commands if c.startswith("make ")} >= {"handouts", "course", "collect", "grade"}
    nbgrader = re.compile(r"\(cd build/course && \.\./\.\./\.venv/bin/nbgrader [a-z_]+ 0\d-[a-z-]+( --course=\w+)?\)$")
    for command in commands:
        assert re.fullmatch(r"make [a-z]+( [A-Z_]+=\S+)*", command) or nbgrader.match(command), command
        if command.startswith("make "):
            target, *settings = command.split()[1:]
            dry = subprocess.run(["make", "-n", target, *settings], cwd=ROOT, capture_output=True, text=True,
                                 check=False)
            assert dry.returncode == 0, dry.stderr
            for setting in settings:
                assert setting.split("=", 1)[1] in dry.stdout, (command, dry.stdout)
        else:
            from nbgrader.apps.nbgraderapp import NbGraderApp

            assert command.split()[4] in NbGraderApp.subcommands, command
    prose = PAGE.read_text(encoding="utf-8")
    assert not re.search(r"`(python|nbgrader) ", prose), "a command the page prints outside a sh block"
    targets = set(re.findall(r"^([a-z-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))
    assert set(re.findall(r"`make ([a-z-]+)", prose)) <= targets


def _sandbox(project: Path) -> Path:
    """A clone of the project as the teacher's commands see it, with lesson 5 alone (one
    course of one lesson) and a ``.venv`` whose ``python`` and ``nbgrader`` are this one's."""
    for name in ("Makefile", "pyproject.toml", "package-lock.json"):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, project / name)
    lessons = project / "notebooks" / "lessons"
    lessons.mkdir(parents=True)
    for path in LESSONS.iterdir():
        if path.is_file() and not (re.match(r"\d\d-", path.name) and not path.name.startswith(("00-", "05-"))):
            shutil.copy2(path, lessons / path.name)
    bin_ = project / ".venv" / "bin"
    bin_.mkdir(parents=True)
    for name, run in (("python", ""), ("nbgrader", " -m nbgrader")):
        (bin_ / name).write_text(f'#!/bin/sh\nexec {sys.executable}{run} "$@"\n', encoding="utf-8")
        (bin_ / name).chmod(0o755)
    (project / ".venv" / ".installed-teach").touch()
    return project


@pytest.mark.slow
def test_the_teachers_grading_commands_run_as_printed(tmp_path: Path) -> None:
    """The page's commands, as printed, from the project's folder: the course, nbgrader's
    exchange (as a JupyterHub's administrator sets it up), ``make collect`` on a folder of
    files named as students save them, ``make grade``, nbgrader's feedback. (The handouts
    run in tests/test_handouts.py and tests/test_teacher_install.py.)"""
    project, home = _sandbox(tmp_path / "bluffmath"), tmp_path / "home"
    config = tmp_path / "jupyter"
    config.mkdir()
    (config / "nbgrader_config.py").write_text(f"c.Exchange.root = {str(tmp_path / 'exchange')!r}\n", encoding="utf-8")
    env = {**outside_make(), "HOME": str(home), "JUPYTER_CONFIG_DIR": str(config)}
    course, said = project / "build" / "course", {}
    for command in _page_commands():
        if "handouts" in command:
            continue
        if command.startswith("make collect"):
            returned = home / "Downloads" / "lesson-5"
            (returned / "Ada").mkdir(parents=True)
            lesson = "05-gauner-deduction"
            shutil.copy2(course / "source" / lesson / f"{lesson}.ipynb", returned / "Ada" / f"{lesson}.ipynb")
            shutil.copy2(course / "release" / lesson / f"{lesson}.ipynb", returned / f"bo-{lesson} (1).ipynb")
        run = subprocess.run(["bash", "-c", command], cwd=project, env=env, capture_output=True, text=True,
                             timeout=600, check=False)
        assert run.returncode == 0, (command, run.stdout, run.stderr)
        said[" ".join(command.split("&&")[-1].split()[:2]).replace("../../.venv/bin/", "")] = run
    assert (tmp_path / "exchange" / "bluffmath" / "outbound" / "05-gauner-deduction").is_dir()
    assert said["make collect"].stdout.splitlines()[:2] == [
        "placed Ada/05-gauner-deduction.ipynb as ada's 05-gauner-deduction",
        "placed bo-05-gauner-deduction (1).ipynb as bo's 05-gauner-deduction"]
    assert said["make grade"].stdout.splitlines() == ["ada: 1 of full marks", "bo: 0 of full marks",
                                                 "marks per exercise: build/course/grades/05-gauner-deduction.csv"]
    assert said["make grade"].stderr == ""  # no warning to read past
    assert (course / "feedback" / "ada" / "05-gauner-deduction" / "05-gauner-deduction.html").is_file()
