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

``python notebooks/lessons/grading.py course [--out build/course]`` (``make course``) writes
an nbgrader course folder (``nbgrader_config.py``, ``source/``) and generates every release
(``release/LESSON/LESSON.ipynb``: what students get). Students' work goes to
``submitted/STUDENT/LESSON/LESSON.ipynb``: nbgrader's ``collect`` puts it there on a
JupyterHub, and ``grading.py collect FOLDER [LESSON]`` (``make collect FOLDER=...``) places
a folder of returned files there, each found by its name (:func:`owner` states the rule),
never over a notebook already there. ``grading.py grade LESSON`` (``make grade
LESSON=...``) autogrades every submission of a lesson, prints each student's score and
writes ``grades/LESSON.csv``, a mark per exercise per student, the in-class share of full
marks and the extra practice's apart; work it cannot grade is named with what is wrong in
it (read with nbformat first: not a notebook, cut short, which cell is broken, no test
cells), and the others are graded. nbgrader's and the kernels' warnings are kept out of
the teacher's way (the kernels talk encrypted, so ipykernel has nothing to warn of).

**Languages.** ``grading.py --lang de course`` (``make course LANG=de``) writes the German
course, of the lessons wholly translated into German (``build.py``'s twins), into a folder of
its own, ``build/course/de``; ``--lang de collect`` and ``--lang de grade`` work in it
(``--out`` names any other folder). Its notebooks are the German copies' (the markdown in
German, the code cells the same), marked ``"bluffmath": {"language": "de"}`` in their
metadata, and the answer cell's stub is German; the autograder runs them in German: it
starts their kernels with ``BLUFFMATH_LANGUAGE`` set to the source notebook's language,
which :mod:`bluffmath_widgets.lessons` follows (the checks' messages in German). The marks,
the CSV and what this script prints stay in English, as the command line does.

A teacher's mistake (a lesson that is not one, no course yet, nothing to grade, a folder
that is not there) stops the command with one line saying what to do, exit status 2. A
lesson is only ever a name from the list of lessons, so nothing is written outside the
course folder. The course folder is nbgrader's own: ``nbgrader`` on the command line and
its JupyterLab extension work in it too.
"""

from __future__ import annotations

import argparse
import copy
import csv
import difflib
import importlib.util
import json
import os
import re
import shutil
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "build" / "course"
CHECK = re.compile(r"^check\((\d+), answer_\1\)\s*$", re.M)
#: The heading after which a lesson's exercises are extra practice (as ``timing.py`` counts;
#: a translation's heading is its ``build.MARKS``).
EXTRA = "## Extra practice"
ENGLISH = "en"
#: What the release puts under an answer cell's blank, in each language.
STUBS = {"en": "# your answer: replace the ... above", "de": "# deine Antwort: ersetze oben die ... durch sie"}
#: The environment variable that tells a lesson's kernel its language (bluffmath_widgets.lessons).
LANGUAGE_VARIABLE = "BLUFFMATH_LANGUAGE"
#: How an extra practice exercise is named in the marks: ``exercise 5 (extra practice)``.
EXTRA_WORDS = " (extra practice)"
CONFIG = r'''# nbgrader's configuration for the bluffmath course (written by notebooks/lessons/grading.py)
c = get_config()  # noqa: F821
c.CourseDirectory.root = {root!r}
c.ClearSolutions.code_stub = {{"python": {stub!r}}}
c.ExecutePreprocessor.timeout = 300
{kernel}# nbgrader's gradebook under SQLAlchemy 2 warns of a harmless step (grading.py's _quiet says why)
import warnings  # noqa: E402
warnings.filterwarnings("ignore", message=r"Object of type <\w+> not in session")
'''
#: A browser's, Jupyter's or a file manager's marks of a copy at the end of a file's name:
#: ``05-gauner-deduction (1)``, ``05-gauner-deduction-Copy1``, ``05-gauner-deduction - Copy``.
COPY_MARKS = re.compile(r"(?:\s*\(\d+\)|\s+-\s+copy(?:\s*\(\d+\))?|[-_ ]copy\d*)+$", re.I)
#: The end of a learning platform's folder per student (Moodle's "Download all submissions":
#: ``Ada Lovelace_123456_assignsubmission_file_``), which is not part of the student's name.
PLATFORM_FOLDER = re.compile(r"_\d+_assignsubmission_\w*$", re.I)
#: A line of a Python traceback that names the exception: ``nbformat.reader.NotJSONError: ...``.
EXCEPTION_LINE = re.compile(r"^\s*(?:[\w.]+\.)?(\w*(?:Error|Exception|Timeout\w*)): (.+)$")


class GradingError(Exception):
    """A teacher's mistake that stops a command: the message says what to do, in one line."""


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


def source_notebook(path: Path, lang: str = ENGLISH) -> nbformat.NotebookNode:
    """The nbgrader source notebook of the lesson at ``path`` in ``lang`` (solutions and
    tests marked; a translation's language in its metadata)."""
    build = _build()
    lesson = build.read(path, lang)
    notebook = nbformat.v4.new_notebook()
    notebook.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "language_info": {"name": "python"},
                         **({} if lang == ENGLISH else {"bluffmath": {"language": lang}})}
    cells, seen, extra = lesson.cells, set(), ""
    i = 0
    while i < len(cells):
        cell, tags = cells[i], set(cells[i].metadata.get("tags", ()))
        if cell.cell_type == "markdown" and cell.source.startswith(build.MARKS[lang].extra):
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


# --- nbgrader, quietly ---------------------------------------------------------------------

def _kernel_settings() -> dict[str, str]:
    """How the autograder's kernels are started: encrypted (CurveZMQ) where jupyter_client and
    zmq can, so that ipykernel does not warn of a kernel "running over TCP without encryption"."""
    import zmq
    from jupyter_client import KernelManager

    if "transport_encryption" in KernelManager.class_traits() and zmq.has("curve"):
        return {"transport_encryption": "auto"}
    return {}


def notebook_language(notebook: Path) -> str:
    """The language of a course's source notebook (its metadata), English when none is said."""
    metadata = nbformat.read(notebook, as_version=4).metadata
    return metadata.get("bluffmath", {}).get("language", ENGLISH)


@contextmanager
def _kernels_speak(lang: str) -> Iterator[None]:
    """Start the kernels (the autograder's) in ``lang``: :data:`LANGUAGE_VARIABLE` in their
    environment, which they inherit from this process."""
    before = os.environ.get(LANGUAGE_VARIABLE)
    os.environ[LANGUAGE_VARIABLE] = lang
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(LANGUAGE_VARIABLE, None)
        else:
            os.environ[LANGUAGE_VARIABLE] = before


def _api(course: Path, lang: str = ENGLISH):
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    # nbgrader runs the ``alembic`` command of its own environment: find it without an activated venv
    here = str(Path(sys.executable).parent)
    if shutil.which("alembic") is None and here not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")
    config = Config()
    config.CourseDirectory.root = str(course)
    config.ClearSolutions.code_stub = {"python": STUBS[lang]}
    config.ExecutePreprocessor.timeout = 300
    for name, value in _kernel_settings().items():
        setattr(config.KernelManager, name, value)
    return NbGraderAPI(CourseDirectory(config=config), config=config)


@contextmanager
def _quiet() -> Iterator[None]:
    """Keep nbgrader's SQLAlchemy warnings off the teacher's screen: under SQLAlchemy 2 its
    gradebook warns that a new submission "not in session" is not added through a relation,
    which is harmless, since nbgrader adds it itself a line later."""
    from sqlalchemy.exc import SAWarning

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Object of type <\w+> not in session", category=SAWarning)
        yield


# --- names: lessons, courses, students -----------------------------------------------------

def lesson_names() -> list[str]:
    """The names of the lessons, in order: ``01-counting``, ... (the notebook basics is not graded)."""
    return [path.stem for path in _build().sources(HERE)]


def lessons_in(lang: str) -> list[Path]:
    """The sources of the lessons in ``lang``: every lesson in English, those wholly
    translated in another language."""
    build = _build()
    return [path for path in build.sources(HERE)
            if lang == ENGLISH or lang in build.languages(path, build.jupytext.read(path))]


def course_folder(lang: str = ENGLISH) -> Path:
    """Where the course of ``lang`` is written unless ``--out`` says: ``build/course``, and
    ``build/course/LANG`` for a translation."""
    return OUT if lang == ENGLISH else OUT / lang


def _nearest(name: str, names: list[str]) -> str | None:
    """The lesson a mistyped ``name`` most likely means: by its number (``5``, ``05``), by
    the start of its name (``05-gauner``), or by spelling (``03-doubt-or-rasie``)."""
    name = re.sub(r"[\s_]+", "-", name.strip().lower())
    if name.isdigit():
        numbered = [n for n in names if n.startswith(f"{int(name):02d}-")]
        return numbered[0] if numbered else None
    started = [n for n in names if name and n.startswith(name)]
    if len(started) == 1:
        return started[0]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    return close[0] if close else None


def check_lesson(name: str) -> str:
    """``name`` when it is a lesson's; else a :class:`GradingError` with the list of lessons
    and the nearest one. A lesson is a name from the list, never a path."""
    names = lesson_names()
    if name in names:
        return name
    nearest = _nearest(name, names)
    path = " (a lesson is named, not given as a path)" if re.search(r"[/\\]|^\.", name) else ""
    hint = f": did you mean {nearest}?" if nearest else "."
    raise GradingError(f"there is no lesson {name!r}{path}{hint} The lessons: {', '.join(names)}.")


def _show(path: Path) -> str:
    """``path`` as the teacher typed it: from the current folder when it is inside it."""
    try:
        return str(path.absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _make_course(course: Path) -> str:
    """The command that writes the course folder ``course``."""
    if course.resolve() == OUT.resolve():
        return "make course"
    if course.parent.resolve() == OUT.resolve() and course.name in _build().MARKS:
        return f"make course LANG={course.name}"
    return f"{_show(Path(sys.executable))} {_show(Path(__file__))} --out {course} course"


def check_course(course: Path, lesson: str | None = None) -> None:
    """A :class:`GradingError` saying to run ``make course`` when ``course`` is not a course
    folder written by :func:`make_course` (or lacks ``lesson``)."""
    if not (course / "nbgrader_config.py").is_file() or not (course / "gradebook.db").is_file():
        raise GradingError(f"there is no course in {_show(course)} yet: run `{_make_course(course)}` first "
                           f"(it writes the course and the notebooks to hand out)")
    if lesson is not None and not (course / "source" / lesson / f"{lesson}.ipynb").is_file():
        raise GradingError(f"the course in {_show(course)} has no lesson {lesson}: run "
                           f"`{_make_course(course)}` again")


def _inside(course: Path, path: Path) -> Path:
    """``path``, which must be inside the course folder (nothing is written anywhere else)."""
    if not path.resolve().is_relative_to(course.resolve()):
        raise GradingError(f"{path} is outside the course folder {_show(course)}: nothing is written there")
    return path


def student_name(text: str) -> str:
    """A student's name as the course keeps it, from a folder's or a file's name: in lower
    case, spaces and signs become ``-``, a learning platform's ending goes (``Ada
    Lovelace_123456_assignsubmission_file_`` -> ``ada-lovelace``); empty when no letter or
    digit is left."""
    name = re.sub(r"[^\w.]+", "-", PLATFORM_FOLDER.sub("", text.strip()).lower())
    return name.strip("-_. ")


# --- a returned notebook: whose, and what is wrong in it ----------------------------------

class Unplaced(ValueError):
    """Why a returned file cannot be placed in the course."""


def _student_folder(path: Path, folder: Path, lessons: list[str]) -> str:
    """The student named by the folders between ``folder`` and the file: the first that is
    not a lesson's folder (``FOLDER/05-gauner-deduction/ada/...``), or "" when there is none."""
    for part in path.relative_to(folder).parts[:-1]:
        if not any(lesson in part.lower() for lesson in lessons):
            return student_name(part)
    return ""


def owner(path: Path, folder: Path, lessons: list[str]) -> tuple[str, str]:
    """The student and lesson of the returned notebook at ``path`` in ``folder``; else
    :class:`Unplaced` with the reason. The naming rule (docs/how-to/teach-the-course.md):

    - the file's name holds the lesson's name as handed out (``05-gauner-deduction.ipynb``),
      perhaps with a copy's mark after it (`` (1)``, ``-Copy1``, `` - Copy``);
    - the student is named by the folder the file is in (the first folder under ``folder``
      that is not named after a lesson), or by the rest of the file's name, before or after
      the lesson's (``ada-05-gauner-deduction.ipynb``, ``05-gauner-deduction_ada.ipynb``);
      when both name one, the file's must be the folder's name or one of its words.
    """
    stem = COPY_MARKS.sub("", path.name[: -len(path.suffix)])
    named = [lesson for lesson in lessons if lesson in stem.lower()]
    if len(named) != 1:
        raise Unplaced("its name holds no lesson's name (as handed out: 05-gauner-deduction.ipynb)" if not named
                       else f"its name holds the names of {len(named)} lessons ({', '.join(named)})")
    lesson = named[0]
    at = stem.lower().index(lesson)
    before, after = student_name(stem[:at]), student_name(COPY_MARKS.sub("", stem[at + len(lesson):]))
    if before and after:
        raise Unplaced(f"its name holds two names, {before!r} and {after!r}: which is the student's?")
    in_name, in_folder = before or after, _student_folder(path, folder, lessons)
    if in_name and in_folder and in_name not in {in_folder, *re.split(r"[-_.]", in_folder)}:
        raise Unplaced(f"it is in the folder of {in_folder!r} but its name says {in_name!r}: "
                       f"rename it or move it to the right student's folder")
    if not (in_folder or in_name):
        raise Unplaced(f"whose is it? Its name holds no student's name and it is in no student's folder: "
                       f"rename it like ada-{lesson}.ipynb, or put it in a folder named after the student")
    return in_folder or in_name, lesson


def _sniffed(data: bytes) -> str | None:
    """What a file that is not a notebook is, by its first bytes, when that is plain."""
    head = data.lstrip()[:200]
    if head.startswith(b"%PDF"):
        return "it is a PDF, not a notebook (saved or printed as PDF: ask for the .ipynb file)"
    if head.startswith(b"PK\x03\x04"):
        return "it is a zip file (or a Word or Excel document), not a notebook"
    if head[:1] == b"<":
        return ("it is a web page (HTML), not a notebook: the browser saved the page instead of the "
                "notebook (in JupyterLab: File > Download)")
    return None


def _not_json(text: str, error: json.JSONDecodeError) -> str:
    if error.msg.startswith("Unterminated string") or error.pos >= len(text.rstrip()):
        return (f"it is cut short: the notebook stops at line {error.lineno} before its end "
                f"(saved or copied only in part: ask for it again)")
    return (f"it is not a notebook: its text is broken at line {error.lineno}, column {error.colno} "
            f"({error.msg.lower()}; edited outside Jupyter?)")


def _cell_words(content: dict, index: int) -> str:
    """``cell 4 ("## 1. The pile")``: a cell counted from the top, with its first line."""
    try:
        source = content["cells"][index].get("source", "")
        first = ("".join(source) if isinstance(source, list) else source).strip().splitlines()
    except (AttributeError, IndexError, KeyError, TypeError):
        first = []
    return f"cell {index + 1}" + (f' ("{first[0][:40]}")' if first else "")


def _invalid(content: dict, error: nbformat.ValidationError) -> str:
    """Which cell or field of a notebook's ``content`` nbformat finds wrong, and how."""
    where, path = [], list(error.absolute_path)
    while path:
        part = path.pop(0)
        if part in ("cells", "outputs") and path and isinstance(path[0], int):
            index = path.pop(0)
            where.append(_cell_words(content, index) if part == "cells" else f"output {index + 1}")
        else:
            where.append(f"its {part!r}")
    place = ", ".join(where) or "the notebook"
    found = re.search(r"'(\w+)' is a required property", error.message)
    if error.validator == "required" and found:
        what = f"{found[1]!r} is missing"
    elif error.validator == "additionalProperties":
        what = "it has " + error.message.split("(")[-1].rstrip(")").replace(" was unexpected", ", which has no place there")
    elif error.validator in ("type", "oneOf", "anyOf", "enum", "const"):
        kind = "text" if error.absolute_path and error.absolute_path[-1] == "source" else "what belongs there"
        what = f"it holds {json.dumps(error.instance)[:40]}, not {kind}"
    else:
        what = error.message[:120]
    return f"it is not a notebook Jupyter can read: {place}: {what}"


def notebook_problem(path: Path) -> str | None:
    """What is wrong with the file at ``path`` as a notebook, in a teacher's words (empty, not
    a notebook, cut short, which cell or field is broken); None when nbformat reads it whole."""
    data = path.read_bytes()
    if not data.strip():
        return "the file is empty: the notebook was not saved (ask for it again)"
    try:
        text = data.decode("utf-8-sig")
        content = json.loads(text)
    except UnicodeDecodeError:
        return _sniffed(data) or "it is not a notebook (not even text: a picture or another kind of file?)"
    except json.JSONDecodeError as error:
        return _sniffed(data) or _not_json(text, error)
    if not isinstance(content, dict) or not ({"cells", "worksheets"} & set(content)):
        return "it is not a notebook: it holds data, but no cells"
    if content.get("nbformat") == 4:
        try:
            nbformat.validate(copy.deepcopy(content))
        except nbformat.ValidationError as error:
            return _invalid(content, error)
    try:
        nbformat.convert(nbformat.reader.reads(text), 4)
    except Exception as error:  # whatever nbformat says is the reason
        return (f"it is not a notebook Jupyter can read: it says it is of notebook format "
                f"{content.get('nbformat')!r}, but {str(error)[:120]}")
    return None


def _test_ids(notebook: nbformat.NotebookNode) -> list[str]:
    """The nbgrader ids of a notebook's marked cells, in order (``answer-1``, ``check-1``, ...)."""
    return [cell.metadata["nbgrader"]["grade_id"] for cell in notebook.cells
            if isinstance(cell.metadata.get("nbgrader"), dict) and "grade_id" in cell.metadata["nbgrader"]]


def _cell_name(grade_id: str) -> str:
    if grade_id.startswith("check-"):
        return f"the test cell of {_exercise(grade_id)}"
    if grade_id.startswith("answer-"):
        return f"the answer cell of exercise {grade_id.split('-')[1]}"
    return f"the cell {grade_id!r}"


def cells_problem(path: Path, expected: list[str]) -> str | None:
    """What keeps nbgrader from grading the readable notebook at ``path`` against the
    lesson's marked cells ``expected``: none of them (not the notebook handed out), or one
    twice (a copied cell); None when nbgrader can grade it."""
    found = _test_ids(nbformat.read(path, as_version=4))
    if not set(found) & {grade_id for grade_id in expected if grade_id.startswith("check-")}:
        return ("it holds none of the lesson's test cells: it is not the notebook handed out from "
                "build/course/release (the student copy of notebooks/lessons/student, or a new notebook "
                "the answers were copied into?): ask for the one handed out, with the answers in it")
    twice = sorted({grade_id for grade_id in found if found.count(grade_id) > 1}, key=found.index)
    if twice:
        return (f"{' and '.join(map(_cell_name, twice))} {'is' if len(twice) == 1 else 'are'} in it twice "
                f"(a copied cell): delete the copy in {path.name} and grade again")
    return None


def _nbgrader_reason(log: str) -> str:
    """The reason in nbgrader's log of a failed autograde: the error its traceback ends with."""
    lines = str(log).splitlines()
    errors = [m[2].strip() for m in map(EXCEPTION_LINE.match, lines) if m and m[1] != "NbGraderException"]
    if not errors:
        errors = [line.split("]", 1)[1].strip() for line in lines if line.startswith("[ERROR]")
                  and "above traceback" not in line and "error processing assignment" not in line]
    if not errors:
        return "nbgrader could not grade it (no reason given)"
    if errors[-1].startswith("Kernel died"):
        return "running it stopped Python itself (a cell that quits Python or takes all the memory?)"
    return f"nbgrader could not grade it: {errors[-1][:200]}"


# --- the course ---------------------------------------------------------------------------

def make_course(course: Path = OUT, lessons: list[Path] | None = None, lang: str = ENGLISH) -> list[Path]:
    """Write the course folder in ``lang`` and generate the release of every lesson (of
    every lesson in ``lang``, or of ``lessons``); the releases."""
    course.mkdir(parents=True, exist_ok=True)
    kernel = "".join(f"c.KernelManager.{name} = {value!r}  # the kernels talk encrypted (no warning)\n"
                     for name, value in _kernel_settings().items())
    (course / "nbgrader_config.py").write_text(CONFIG.format(root=str(course), kernel=kernel, stub=STUBS[lang]),
                                               encoding="utf-8")
    api = _api(course, lang)
    releases = []
    for path in lessons or lessons_in(lang):
        folder = course / "source" / path.stem
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(source_notebook(path, lang), folder / f"{path.stem}.ipynb")
        with _quiet():
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


# --- collecting a folder of returned files -------------------------------------------------

@dataclass
class Collected:
    """What :func:`collect` did with each file of a folder: ``placed`` and ``already`` (the
    same notebook was there) as ``(student, lesson, file)``, ``not_placed`` as ``(file,
    why)``, ``left`` (notebooks of other lessons than the one asked for) and ``unreadable``
    (placed, but nbgrader will not be able to grade them: the submission and why)."""

    placed: list[tuple[str, str, Path]] = field(default_factory=list)
    already: list[tuple[str, str, Path]] = field(default_factory=list)
    not_placed: list[tuple[Path, str]] = field(default_factory=list)
    left: list[Path] = field(default_factory=list)
    unreadable: dict[Path, str] = field(default_factory=dict)


def _returned(folder: Path) -> Iterator[Path]:
    """Every file under ``folder``, but hidden ones (``.ipynb_checkpoints``, ``.DS_Store``)
    and a zip tool's ``__MACOSX``."""
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and not any(part.startswith(".") or part == "__MACOSX" for part in parts):
            yield path


def _claim(path: Path, folder: Path, lessons: list[str]) -> tuple[str, str]:
    """The student and lesson of a returned file (:func:`owner`), or :class:`Unplaced`."""
    if path.suffix.lower() == ".zip":
        raise Unplaced("a zip file: unzip it, then collect the folder again")
    if path.suffix.lower() != ".ipynb":
        raise Unplaced("not a notebook (.ipynb)")
    return owner(path, folder, lessons)


def _place(course: Path, student: str, lesson: str, files: list[Path], done: Collected) -> None:
    """Copy one student's notebook of a lesson to ``submitted/STUDENT/LESSON/LESSON.ipynb``,
    unless they handed in several different ones, or different work is already there."""
    contents = {path.read_bytes() for path in files}
    if len(contents) > 1:
        names = ", ".join(path.name for path in files)
        done.not_placed += [(path, f"{student} handed in {len(files)} different notebooks of {lesson} ({names}): "
                                   f"keep the one to grade and collect again") for path in files]
        return
    target = _inside(course, course / "submitted" / student / lesson / f"{lesson}.ipynb")
    there = sorted(target.parent.glob("*.ipynb")) if target.parent.is_dir() else []
    if any(path.read_bytes() in contents for path in there):
        done.already += [(student, lesson, path) for path in files]
    elif there:
        done.not_placed += [(path, f"{student} already has different work of {lesson} in the course "
                                   f"({_show(there[0])}): to replace it, delete that file and collect again")
                            for path in files]
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(files[0], target)
        done.placed.append((student, lesson, files[0]))
        done.already += [(student, lesson, path) for path in files[1:]]
        problem = notebook_problem(target)
        if problem:
            done.unreadable[target] = problem


def collect(folder: Path, course: Path = OUT, lesson: str | None = None) -> Collected:
    """Place the notebooks in ``folder`` (of ``lesson`` only, when given) in the course, each
    at ``submitted/STUDENT/LESSON/LESSON.ipynb`` by the naming rule of :func:`owner`. A
    notebook already there is never replaced: the same one is said to be there already,
    a different one is not placed, with the reason. Returns what was done with each file."""
    if lesson is not None:
        lesson = check_lesson(lesson)
    check_course(course, lesson)
    folder = folder.expanduser()
    if not folder.is_dir():
        raise GradingError(f"there is no folder {_show(folder)}: name the folder that holds the returned notebooks")
    mine, theirs = folder.resolve(), course.resolve()
    if mine.is_relative_to(theirs) or theirs.is_relative_to(mine):
        raise GradingError(f"{_show(folder)} holds or is inside the course folder {_show(course)}: "
                           f"name the folder where the students' files were saved")
    lessons, done, claims = lesson_names(), Collected(), {}
    for path in _returned(folder):
        try:
            student, of = _claim(path, folder, lessons)
        except Unplaced as why:
            done.not_placed.append((path, str(why)))
            continue
        if lesson and of != lesson:
            done.left.append(path)
        else:
            claims.setdefault((student, of), []).append(path)
    for (student, of), files in sorted(claims.items()):
        if (course / "source" / of / f"{of}.ipynb").is_file():
            _place(course, student, of, files, done)
        else:
            done.not_placed += [(path, f"the course in {_show(course)} has no lesson {of}: run "
                                       f"`{_make_course(course)}` again") for path in files]
    return done


# --- grading ------------------------------------------------------------------------------

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

    def note(self, student: str, text: str) -> None:
        """Add ``text`` to what is said of ``student``'s grading."""
        self.notes[student] = f"{self.notes[student]}; {text}" if student in self.notes else text


def _submissions(course: Path, lesson: str) -> list[Path]:
    """Each student's folder of the lesson in ``submitted/``; a :class:`GradingError` when there is none."""
    submitted = course / "submitted"
    folders = sorted(p for p in submitted.glob(f"*/{lesson}") if p.is_dir() and not p.parent.name.startswith("."))
    if not folders:
        raise GradingError(f"there is no work of {lesson} to grade in {_show(submitted)}: place the returned "
                           f"notebooks there first (make collect FOLDER=the folder they are in)")
    return folders


def _autograde(api: Any, folder: Path, lesson: str, expected: list[str], grades: Grades) -> bool:
    """Autograde the work in a student's ``folder``; True when it was graded, else the
    reason is in ``grades.not_graded``: what is wrong in the notebook, read before nbgrader
    runs it, or the error nbgrader ends with."""
    student = folder.parent.name
    why = _ready(folder, lesson, grades, student)
    if why is None:
        notebook = folder / f"{lesson}.ipynb"
        why = notebook_problem(notebook) or cells_problem(notebook, expected)
    if why is None:
        with _quiet():
            result = api.autograde(lesson, student)
        why = None if result["success"] else _nbgrader_reason(result["log"])
    if why is not None:
        grades.not_graded[student] = why
    return why is None


def _read_marks(api: Any, lesson: str, students: list[str], grades: Grades) -> None:
    """Each graded student's marks from the gradebook, and the shares of full marks; an
    exercise whose test cell the notebook lacks is marked 0 and named in the notes."""
    from nbgrader.api import Gradebook

    with _quiet(), Gradebook(api.coursedir.db_url) as gradebook:
        for student in students:
            submission = gradebook.find_submission(lesson, student)
            tests = [g for nb in submission.notebooks for g in nb.grades if g.name.startswith("check-")]
            marks = {_exercise(g.name): Fraction(g.score).limit_denominator() for g in tests}
            grades.marks[student] = marks
            missing = [_exercise(g.name) for g in tests if g.auto_score is None]
            if missing:
                grades.note(student, f"no test cell for {', '.join(missing)} in the notebook (deleted?): "
                                     f"marked 0, look at {'it' if len(missing) == 1 else 'them'} by hand")
            for shares, extra in ((grades.scores, False), (grades.extra, True)):
                mine = [mark for name, mark in marks.items() if name.endswith(EXTRA_WORDS) == extra]
                if mine:
                    shares[student] = sum(mine, Fraction(0)) / len(mine)


def grade(course: Path, lesson: str) -> Grades:
    """Autograde every submission of ``lesson``. One student's work that cannot be graded
    (no notebook, several, one that is not a notebook or is broken, one nbgrader cannot run)
    is named with the reason, and the others are graded all the same; a single notebook
    under another name (``05-gauner-deduction (1).ipynb``, as a browser saves a second
    download) is graded as the lesson's. A :class:`GradingError` when ``lesson`` is not a
    lesson, the course is not written yet, or there is nothing to grade."""
    lesson = check_lesson(lesson)
    check_course(course, lesson)
    folders = _submissions(course, lesson)
    api, grades = _api(course), Grades()
    source = course / "source" / lesson / f"{lesson}.ipynb"
    expected = _test_ids(nbformat.read(source, as_version=4))
    with _kernels_speak(notebook_language(source)):
        ready = [folder.parent.name for folder in folders if _autograde(api, folder, lesson, expected, grades)]
    _read_marks(api, lesson, ready, grades)
    return grades


def _exercise(grade_id: str) -> str:
    """``check-5`` -> ``exercise 5``; ``check-5-extra`` -> ``exercise 5 (extra practice)``."""
    parts = grade_id.split("-")
    return f"exercise {parts[1]}" + (EXTRA_WORDS if parts[2:] == ["extra"] else "")


def _ready(folder: Path, lesson: str, grades: Grades, student: str) -> str | None:
    """None when ``folder`` holds the lesson's notebook (a single one under another name is
    copied to the lesson's name, said in the notes); else why it cannot be graded."""
    expected = folder / f"{lesson}.ipynb"
    if expected.is_file():
        return None
    found = sorted(p.name for p in folder.glob("*.ipynb"))
    if len(found) == 1:
        shutil.copyfile(folder / found[0], expected)
        grades.note(student, f"graded {found[0]!r} as {expected.name!r}")
        return None
    if not found:
        return f"no notebook in {_show(folder)} (expected {expected.name})"
    return f"{len(found)} notebooks in {_show(folder)} ({', '.join(found)}): keep one, named {expected.name}"


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


# --- the command line ---------------------------------------------------------------------

def _say_grades(grades: Grades, course: Path, lesson: str) -> None:
    for student, score in grades.scores.items():
        extra = f"; extra practice {grades.extra[student]}" if student in grades.extra else ""
        note = f" ({grades.notes[student]})" if student in grades.notes else ""
        print(f"{student}: {score} of full marks{extra}{note}")
    for student, why in grades.not_graded.items():
        print(f"{student}: not graded: {why}")
    path = write_csv(grades, _inside(course, course / "grades" / f"{lesson}.csv"))
    print(f"marks per exercise: {_show(path)}")


def _say_collected(done: Collected, folder: Path, course: Path) -> None:
    def name(path: Path) -> str:
        return str(path.relative_to(folder))

    for student, lesson, path in done.placed:
        print(f"placed {name(path)} as {student}'s {lesson}")
    for student, lesson, path in done.already:
        print(f"already in the course: {name(path)} (the same notebook as {student}'s {lesson} there)")
    for target, why in done.unreadable.items():
        print(f"placed, but it cannot be graded as it is: {_show(target)}: {why}")
    for path, why in done.not_placed:
        print(f"not placed: {name(path)}: {why}")
    if done.left:
        print(f"left {len(done.left)} notebook{'s' * (len(done.left) != 1)} of other lessons")
    lessons = sorted({lesson for _, lesson, _ in done.placed})
    print(f"placed {len(done.placed)}, already there {len(done.already)}, not placed {len(done.not_placed)} "
          f"(in {_show(course / 'submitted')})"
          + (f"; next: {', '.join(f'make grade LESSON={lesson}' for lesson in lessons)}" if lessons else ""))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="the course folder (default: build/course, build/course/LANG for --lang LANG)")
    parser.add_argument("--lang", choices=list(STUBS), default=ENGLISH,
                        help="the course's language (default: en); a translation's course has a folder of its own")
    # --lang after the command too (make's recipes put it last): the command's, when given, wins
    after = argparse.ArgumentParser(add_help=False)
    after.add_argument("--lang", choices=list(STUBS), default=argparse.SUPPRESS, help="the course's language")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("course", parents=[after], help="write the course folder and every lesson's release")
    collected = commands.add_parser("collect", parents=[after],
                                    help="place a folder of returned notebooks in the course")
    collected.add_argument("folder", type=Path, help="the folder the students' files were saved in")
    collected.add_argument("lesson", nargs="?", help="only this lesson's notebooks, such as 05-gauner-deduction")
    graded = commands.add_parser("grade", parents=[after], help="autograde every submission of a lesson")
    graded.add_argument("lesson", help="a lesson's name, such as 05-gauner-deduction")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    course = (args.out or course_folder(args.lang)).expanduser().resolve()
    try:
        if args.command == "course":
            for path in make_course(course, lang=args.lang):
                print(f"released {_show(path)}")
        elif args.command == "collect":
            _say_collected(collect(args.folder, course, args.lesson), args.folder.expanduser(), course)
        else:
            _say_grades(grade(course, args.lesson), course, args.lesson)
    except GradingError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
