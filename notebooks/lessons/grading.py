"""Collect and grade the lessons with nbgrader, from the same sources as the copies.

Each lesson becomes an nbgrader assignment of one notebook, named after the lesson
(``05-gauner-deduction``). The nbgrader *source* notebook is made from the lesson's source
(``notebooks/lessons/NN-subject.py``) the way ``build.py`` makes the copies, then marked:

- an ``exercise`` cell and the ``solution`` cell after it become one nbgrader **solution
  cell**: the student's blank (``answer_3 = ...``) stays, the worked answer sits between
  ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (nbgrader takes it out of the release);
- after each ``check(N, answer_N)`` cell comes an **autograder test cell** worth one point,
  ``check(N, answer_N).graded()``, read-only for the student: it fails only under nbgrader's
  autograder, so a student's Run All reaches the end whatever they answered; its id is
  ``check-N``, or ``check-N-extra`` after the lesson's ``## Extra practice`` heading (for
  a fast class or for home), whose marks are kept apart from the lesson's own;
- the teacher's cells are left out, as in the student copy.

``python notebooks/lessons/grading.py course [--out build/course]`` writes an nbgrader
course folder (``nbgrader_config.py``, ``source/``) and generates every release
(``release/LESSON/LESSON.ipynb``: what students get). Students' work goes to
``submitted/STUDENT/LESSON/LESSON.ipynb`` (nbgrader's ``collect`` puts it there on a
JupyterHub; copy the files there otherwise); ``python notebooks/lessons/grading.py grade
LESSON [--out build/course]`` (``make grade LESSON=...``) autogrades every submission of a
lesson, prints each student's score and writes ``grades/LESSON.csv``, a mark per exercise
per student, the in-class share of full marks and the extra practice's apart; work it
cannot grade is named with the reason, and the others are graded.
The course folder is nbgrader's own: ``nbgrader`` on the command line
and its JupyterLab extension work in it too.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import jupytext
import nbformat

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "build" / "course"
CHECK = re.compile(r"^check\((\d+), answer_\1\)\s*$", re.M)
#: The heading after which a lesson's exercises are extra practice (as ``timing.py`` counts).
EXTRA = "## Extra practice"
#: How an extra practice exercise is named in the marks: ``exercise 5 (extra practice)``.
EXTRA_WORDS = " (extra practice)"
CONFIG = '''# nbgrader's configuration for the bluffmath course (written by notebooks/lessons/grading.py)
c = get_config()  # noqa: F821
c.CourseDirectory.root = {root!r}
c.ClearSolutions.code_stub = {{"python": "# your answer: replace the ... above"}}
c.ExecutePreprocessor.timeout = 300
'''


def _build():
    spec = importlib.util.spec_from_file_location("lesson_build", HERE / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("lesson_build", module)
    spec.loader.exec_module(module)
    return module


def _meta(grade_id: str, *, solution: bool, grade: bool, points: int = 0) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": not solution, "schema_version": 3,
            "solution": solution}
    if grade:
        meta["points"] = points
    return {"nbgrader": meta}


def source_notebook(path: Path) -> nbformat.NotebookNode:
    """The nbgrader source notebook of the lesson at ``path`` (solutions and tests marked)."""
    build = _build()
    lesson = jupytext.read(path)
    build.check_source(path, lesson)
    notebook = nbformat.v4.new_notebook()
    notebook.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "language_info": {"name": "python"}}
    cells, seen, extra = lesson.cells, set(), ""
    i = 0
    while i < len(cells):
        cell, tags = cells[i], set(cells[i].metadata.get("tags", ()))
        if cell.cell_type == "markdown" and cell.source.startswith(EXTRA):
            extra = "-extra"
        if tags & {"teacher", "paper"}:
            i += 1
            continue
        if "exercise" in tags:
            number = re.search(r"^answer_(\d+) = \.\.\.", cell.source, re.M)[1]
            text = (f"{cell.source.rstrip()}\n### BEGIN SOLUTION\n{cells[i + 1].source.rstrip()}\n"
                    f"### END SOLUTION")
            notebook.cells.append(nbformat.v4.new_code_cell(
                text, metadata=_meta(f"answer-{number}", solution=True, grade=False)))
            i += 2
            continue
        new = build._clean(cell, seen)
        new.metadata = {}
        notebook.cells.append(new)
        found = CHECK.search(cell.source) if cell.cell_type == "code" else None
        if found:
            n = found[1]
            notebook.cells.append(nbformat.v4.new_code_cell(
                f"check({n}, answer_{n}).graded()  # marked by the autograder; Run All goes on",
                metadata=_meta(f"check-{n}{extra}", solution=False, grade=True, points=1)))
        i += 1
    nbformat.validate(notebook)
    return notebook


def _api(course: Path):
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    # nbgrader runs the ``alembic`` command of its own environment: find it without an activated venv
    here = str(Path(sys.executable).parent)
    if shutil.which("alembic") is None and here not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")
    config = Config()
    config.CourseDirectory.root = str(course)
    config.ClearSolutions.code_stub = {"python": "# your answer: replace the ... above"}
    config.ExecutePreprocessor.timeout = 300
    return NbGraderAPI(CourseDirectory(config=config), config=config)


def make_course(course: Path = OUT, lessons: list[Path] | None = None) -> list[Path]:
    """Write the course folder and generate the release of every lesson; the releases."""
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(CONFIG.format(root=str(course)), encoding="utf-8")
    api = _api(course)
    releases = []
    for path in lessons or _build().sources(HERE):
        folder = course / "source" / path.stem
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(source_notebook(path), folder / f"{path.stem}.ipynb")
        result = api.generate_assignment(path.stem)
        if not result["success"]:
            raise RuntimeError(f"nbgrader could not generate {path.stem}: {result['log']}")
        releases.append(course / "release" / path.stem / f"{path.stem}.ipynb")
    return releases


def submit(course: Path, lesson: str, student: str, notebook: Path) -> Path:
    """Put a student's notebook where nbgrader's ``collect`` would."""
    target = course / "submitted" / student / lesson / f"{lesson}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(notebook, target)
    return target


@dataclass
class Grades:
    """A lesson's grading: each student's share of full marks in the lesson's own exercises
    (``scores``) and in its extra practice (``extra``, for a lesson that has one), marks per
    exercise (``marks``: ``{"exercise 3": 1, "exercise 5 (extra practice)": 0, ...}``), the
    students whose work could not be graded with the reason (``not_graded``), and what was
    done to grade the others (``notes``)."""

    scores: dict[str, Fraction] = field(default_factory=dict)
    extra: dict[str, Fraction] = field(default_factory=dict)
    marks: dict[str, dict[str, Fraction]] = field(default_factory=dict)
    not_graded: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)


def grade(course: Path, lesson: str) -> Grades:
    """Autograde every submission of ``lesson``. One student's work that cannot be graded
    (no notebook, several, or one nbgrader cannot run) is named with the reason, and the
    others are graded all the same; a single notebook under another name
    (``05-gauner-deduction (1).ipynb``, as a browser saves a second download) is graded
    as the lesson's."""
    from nbgrader.api import Gradebook

    api, grades = _api(course), Grades()
    submitted = course / "submitted"
    folders = sorted(p for p in submitted.glob(f"*/{lesson}") if p.is_dir()) if submitted.is_dir() else []
    ready = []
    for folder in folders:
        student = folder.parent.name
        why = _ready(folder, lesson, grades.notes, student)
        if why is None:
            result = api.autograde(lesson, student)
            why = None if result["success"] else f"nbgrader could not run it: {_last_line(result['log'])}"
        if why is None:
            ready.append(student)
        else:
            grades.not_graded[student] = why
    with Gradebook(api.coursedir.db_url) as gradebook:
        for student in ready:
            submission = gradebook.find_submission(lesson, student)
            marks = {_exercise(g.name): Fraction(g.score).limit_denominator()
                     for nb in submission.notebooks for g in nb.grades if g.name.startswith("check-")}
            grades.marks[student] = marks
            for shares, extra in ((grades.scores, False), (grades.extra, True)):
                mine = [mark for name, mark in marks.items() if name.endswith(EXTRA_WORDS) == extra]
                if mine:
                    shares[student] = sum(mine, Fraction(0)) / len(mine)
    return grades



def _exercise(grade_id: str) -> str:
    """``check-5`` -> ``exercise 5``; ``check-5-extra`` -> ``exercise 5 (extra practice)``."""
    parts = grade_id.split("-")
    return f"exercise {parts[1]}" + (EXTRA_WORDS if parts[2:] == ["extra"] else "")


def _ready(folder: Path, lesson: str, notes: dict[str, str], student: str) -> str | None:
    """None when ``folder`` holds the lesson's notebook (a single one under another name is
    copied to the lesson's name, said in ``notes``); else why it cannot be graded."""
    expected = folder / f"{lesson}.ipynb"
    if expected.is_file():
        return None
    found = sorted(p.name for p in folder.glob("*.ipynb"))
    if len(found) == 1:
        shutil.copyfile(folder / found[0], expected)
        notes[student] = f"graded {found[0]!r} as {expected.name!r}"
        return None
    if not found:
        return f"no notebook in {folder} (expected {expected.name})"
    return f"{len(found)} notebooks in {folder} ({', '.join(found)}): keep one, named {expected.name}"


def _last_line(log: str) -> str:
    lines = [line.strip() for line in str(log).splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no reason given"


def write_csv(grades: Grades, path: Path) -> Path:
    """The marks as a CSV a spreadsheet opens: a row per student, a column per exercise of
    the lesson and its share of full marks, then (for a lesson with extra practice) a
    column per extra exercise and their share, and why a student's work was not graded."""
    every = sorted({e for m in grades.marks.values() for e in m}, key=lambda e: int(e.split()[1]))
    own = [e for e in every if not e.endswith(EXTRA_WORDS)]
    extra = [e for e in every if e.endswith(EXTRA_WORDS)]
    columns = [*own, "share of full marks"] + ([*extra, "extra practice: share of full marks"] if extra else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["student", *columns, "note"])
        for student in sorted({*grades.scores, *grades.not_graded}):
            found = {**grades.marks.get(student, {}), "share of full marks": grades.scores.get(student),
                     "extra practice: share of full marks": grades.extra.get(student)}
            writer.writerow([student, *("" if found.get(c) is None else str(found[c]) for c in columns),
                             grades.not_graded.get(student, grades.notes.get(student, ""))])
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the course folder (default: build/course)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("course", help="write the course folder and every lesson's release")
    graded = commands.add_parser("grade", help="autograde every submission of a lesson")
    graded.add_argument("lesson", help="a lesson's name, such as 05-gauner-deduction")
    args = parser.parse_args(argv)
    if args.command == "course":
        for path in make_course(args.out.resolve()):
            print(f"released {path}")
    else:
        grades = grade(args.out.resolve(), args.lesson)
        for student, score in grades.scores.items():
            extra = f"; extra practice {grades.extra[student]}" if student in grades.extra else ""
            print(f"{student}: {score} of full marks{extra}"
                  + (f" ({grades.notes[student]})" if student in grades.notes else ""))
        for student, why in grades.not_graded.items():
            print(f"{student}: not graded: {why}")
        print(f"marks per exercise: {write_csv(grades, args.out.resolve() / 'grades' / f'{args.lesson}.csv')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
