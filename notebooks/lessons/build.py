"""Write the student and solution copies of every lesson, in each of its languages, from its one source.

A lesson's source is ``notebooks/lessons/NN-subject.py`` (``01`` to ``08``; ``00-notebook-basics.py``
is the start before lesson 1 for a class new to notebooks, built the same way but not a
graded lesson of the course) (Jupytext's percent format: edit
it as text or open it in JupyterLab as a notebook). Its cells carry tags:

- ``exercise``: the student's blank (``answer = ...``); only in the student copy;
- ``solution``: the worked answer that replaces the blank; only in the solution copy;
- ``teacher``: the teacher's note (timing, common mistakes); only in the solution copy;
- ``paper``: an exercise's question as the printed worksheet asks it (no code names: a
  sheet of paper has no ``hands`` or ``deals``); in neither copy, only on the worksheet
  (``handouts.py``), where it replaces the exercise's text of the same number;
- no tag: in both copies.

Every ``exercise`` cell is followed at once by its ``solution`` cell. The copies go to
``student/NN-subject.ipynb`` and ``solutions/NN-subject.ipynb``, stored without outputs
and with cell ids derived from the cells' text, so that the same source always gives the
same bytes. ``python notebooks/lessons/build.py [SOURCE...]`` writes them (of every lesson,
or of the sources named); ``--check`` only reports
copies that differ from their source (the tests run it, so the copies never drift).

**Translations.** The source is written in English; a markdown cell's translation is its
**twin**, the markdown cell right after it with the cell metadata ``lang`` (one of
:data:`TRANSLATIONS`) and the same tags::

    # %% [markdown] tags=["teacher"]
    # ## Teacher's note ...

    # %% [markdown] lang="de" tags=["teacher"]
    # ## Hinweise für die Lehrkraft ...

(``lang`` before ``tags``: the order Jupytext writes back when the source is saved from
JupyterLab.) Code cells have no twin: one code cell serves every language, so a fix to the
code lands in all of them. The lesson in a language (:func:`read`) is the English one with
each markdown cell replaced by its twin in that language. A lesson whose every markdown cell
has a twin in a language gets that language's copies, ``student/LANG/NN-subject.ipynb`` and
``solutions/LANG/NN-subject.ipynb`` (inside ``solutions/``, so that whatever leaves out the
solution copies for students leaves these out too); a lesson with no twin in it gets none;
a lesson with some twins and not all is refused, naming the cells without one, so that a
half-translated lesson never ships. Tools that read a source (the worksheets, grading, the
working time) read it through :func:`read`, which leaves the twins out of the English, and
find a lesson's parts by its language's headings (:data:`MARKS`: a German twin writes
``**Aufgabe 3.**``, ``## Zweite Schulstunde``, ``## Zusatzübungen``, ``## Weiterdenken``).

**The kernel's language.** Code cells are shared, so what the code prints (the checks'
messages, the widgets) cannot be told its language by the code: a translated copy says its
language in its notebook metadata, ``"bluffmath": {"language": "de"}`` (an English copy says
none), and the kernel learns it when the lesson imports from ``bluffmath_widgets.lessons``,
whose docstring gives the order: the notebook's own metadata where Jupyter Server names the
notebook to its kernel (``JPY_SESSION_NAME``: JupyterLab, ``make lab``, ``make teach``),
else ``BLUFFMATH_LANGUAGE`` in the kernel's environment (set by ``scripts/lab.py --lang
de``, by ``grading.py`` when it autogrades a German course, and by a test that runs a
German copy with nbclient, which names no notebook). Outside a lesson,
``bluffmath_widgets.language("de")`` chooses the language by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import jupytext
import nbformat

HERE = Path(__file__).resolve().parent
COPIES = {"student": {"solution", "teacher", "paper"}, "solutions": {"exercise", "paper"}}
TAGS = {"exercise", "solution", "teacher", "paper"}
ENGLISH = "en"
#: The languages a markdown cell's twin may be in (its cell metadata ``lang``).
TRANSLATIONS = ("de",)


@dataclass(frozen=True)
class Marks:
    """How a lesson's text marks its parts in one language: the headings and phrases that the
    worksheets (``handouts.py``), grading (``grading.py``) and the working time
    (``timing.py``) look for. A translation (a twin) writes its language's."""

    exercise: str       #: the word of an exercise's question, ``**Exercise N.**``
    goals: str          #: the heading of the learning goals
    fits: str           #: the paragraph of the goals' cell that is not a goal
    hands_on: str       #: the heading of the activity with cards
    below: str          #: a word of the activity's paragraphs that point at the code below
    further: str        #: the name of "Going further" (a heading, ``##`` or ``###``)
    no_check: str       #: a word of the paragraph under it that only a notebook needs
    answers: str        #: how the teacher's cell of its answers starts
    second: str         #: the heading where a lesson's second school lesson starts
    extra: str          #: the heading of the extra practice (for a fast class, or for home)

    @property
    def question(self) -> re.Pattern[str]:
        """An exercise's question: the paragraph that starts ``**Exercise N.**``."""
        return re.compile(rf"^\*\*{self.exercise} (\d+)\.\*\*", re.M)


#: The marks of each language the lessons are written in.
MARKS = {
    ENGLISH: Marks("Exercise", "## Learning goals", "Where this lesson fits", "## 0. Hands on", "below",
                   "Going further", "answers in the solution copy", '**Answers to "Going further"** (for the teacher).',
                   "## Second school lesson", "## Extra practice"),
    "de": Marks("Aufgabe", "## Lernziele", "Wo diese Lektion steht", "## 0. Zum Anfassen", "unten",
                "Weiterdenken", "Lösungsfassung", "**Antworten zu „Weiterdenken“** (für die Lehrkraft).",
                "## Zweite Schulstunde", "## Zusatzübungen"),
}


class LessonSourceError(ValueError):
    """A lesson's source breaks the rules above."""


#: The notebook basics, before lesson 1: no exercise to grade, no handout.
START = "00-notebook-basics.py"


def sources(folder: Path = HERE) -> list[Path]:
    """The lessons' sources, in order: ``NN-subject.py`` from ``01``."""
    return sorted(p for p in folder.glob("[0-9][0-9]-*.py") if p.name != START)


def every_source(folder: Path = HERE) -> list[Path]:
    """The notebook basics, then the lessons: every source a copy is built from."""
    return [folder / START, *sources(folder)]


def _tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.metadata.get("tags", ()))


def _lang(cell: nbformat.NotebookNode) -> str:
    return cell.metadata.get("lang", ENGLISH)


def check_source(path: Path, notebook: nbformat.NotebookNode) -> None:
    """Raise :class:`LessonSourceError` unless every exercise is followed by its solution."""
    cells = notebook.cells
    for i, cell in enumerate(cells):
        tags = _tags(cell)
        if len(tags & TAGS) > 1:
            raise LessonSourceError(f"{path.name}: cell {i} has more than one of {sorted(TAGS)}")
        if "exercise" in tags and (i + 1 == len(cells) or "solution" not in _tags(cells[i + 1])):
            raise LessonSourceError(f"{path.name}: exercise cell {i} is not followed by a solution cell")
        if "solution" in tags and (i == 0 or "exercise" not in _tags(cells[i - 1])):
            raise LessonSourceError(f"{path.name}: solution cell {i} does not follow an exercise cell")


def _named(i: int, cell: nbformat.NotebookNode) -> str:
    return f"cell {i} ({cell.source.strip().splitlines()[0][:50] if cell.source.strip() else 'empty'!r})"


def twins(path: Path, notebook: nbformat.NotebookNode) -> dict[int, dict[str, str]]:
    """Each English markdown cell's twins, ``{cell's index: {language: text}}`` (the index
    counts every cell of the source); :class:`LessonSourceError` for a twin that breaks the
    rules of the module's docstring."""
    found: dict[int, dict[str, str]] = {}
    english = None
    for i, cell in enumerate(notebook.cells):
        lang = _lang(cell)
        if lang == ENGLISH:
            english = i if cell.cell_type == "markdown" else None
            if english is not None:
                found[i] = {}
            continue
        where = f"{path.name}: {_named(i, cell)}"
        if lang not in TRANSLATIONS:
            raise LessonSourceError(f"{where} is in {lang!r}: a twin's lang is one of {list(TRANSLATIONS)}")
        if cell.cell_type != "markdown" or english is None:
            raise LessonSourceError(f"{where}: a twin (lang={lang!r}) is a markdown cell after an English one")
        if lang in found[english]:
            raise LessonSourceError(f"{where}: a second {lang!r} twin of {_named(english, notebook.cells[english])}")
        if _tags(cell) != _tags(notebook.cells[english]):
            raise LessonSourceError(f"{where}: its tags {sorted(_tags(cell))} are not its English cell's "
                                    f"{sorted(_tags(notebook.cells[english]))}")
        found[english][lang] = cell.source
    return found


def languages(path: Path, notebook: nbformat.NotebookNode) -> list[str]:
    """The languages the lesson is in: English and each it is wholly translated into;
    :class:`LessonSourceError` for a language only some markdown cells have a twin in."""
    found = twins(path, notebook)
    out = [ENGLISH]
    for lang in TRANSLATIONS:
        missing = [_named(i, notebook.cells[i]) for i, texts in found.items() if lang not in texts]
        if len(missing) < len(found):
            if missing:
                raise LessonSourceError(f"{path.name}: half translated into {lang!r}: no {lang!r} twin of "
                                        + ", ".join(missing))
            out.append(lang)
    return out


def in_language(path: Path, notebook: nbformat.NotebookNode, lang: str = ENGLISH) -> nbformat.NotebookNode:
    """``notebook``, the source of the lesson at ``path``, in ``lang``: its code cells and
    its markdown cells in that language (English: the twins left out)."""
    if lang not in languages(path, notebook):
        raise LessonSourceError(f"{path.name} is not translated into {lang!r}: it is in "
                                f"{languages(path, notebook)}")
    found = twins(path, notebook)
    out = nbformat.v4.new_notebook(metadata=notebook.metadata)
    for i, cell in enumerate(notebook.cells):
        if _lang(cell) != ENGLISH:
            continue
        if lang != ENGLISH and i in found:
            cell = nbformat.from_dict({**cell, "source": found[i][lang]})
        out.cells.append(cell)
    return out


def read(path: Path, lang: str = ENGLISH) -> nbformat.NotebookNode:
    """The lesson whose source is at ``path``, in ``lang``, its rules checked."""
    notebook = in_language(path, jupytext.read(path), lang)
    check_source(path, notebook)
    return notebook


def copies(path: Path) -> dict[str, str]:
    """The copies of the lesson at ``path``, as notebook JSON text, by folder: ``student``
    and ``solutions``, then ``student/LANG`` and ``solutions/LANG`` for each translation."""
    source = jupytext.read(path)
    out = {}
    for lang in languages(path, source):
        lesson = in_language(path, source, lang)
        check_source(path, lesson)
        for copy, dropped in COPIES.items():
            out[copy if lang == ENGLISH else f"{copy}/{lang}"] = _write(path, lesson, dropped, lang)
    return out


def _write(path: Path, source: nbformat.NotebookNode, dropped: set[str], lang: str) -> str:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "bluffmath": {"generated_from": f"notebooks/lessons/{path.name}",
                      "edit": "edit the source, then run: python notebooks/lessons/build.py",
                      **({} if lang == ENGLISH else {"language": lang})},
    }
    seen: set[str] = set()
    for cell in source.cells:
        if _tags(cell) & dropped:
            continue
        notebook.cells.append(_clean(cell, seen))
    nbformat.validate(notebook)
    return nbformat.writes(notebook) + "\n"


def _clean(cell: nbformat.NotebookNode, seen: set[str]) -> nbformat.NotebookNode:
    make = {"code": nbformat.v4.new_code_cell, "markdown": nbformat.v4.new_markdown_cell,
            "raw": nbformat.v4.new_raw_cell}[cell.cell_type]
    tags = sorted(_tags(cell))
    new = make(cell.source, metadata={"tags": tags} if tags else {})
    digest = hashlib.sha256(cell.source.encode()).hexdigest()[:12]
    new.id = next(f"{digest}-{n}" if n else digest for n in range(len(seen) + 1)
                  if (f"{digest}-{n}" if n else digest) not in seen)
    seen.add(new.id)
    return new


def stale(folder: Path = HERE) -> list[Path]:
    """The copies that are missing or differ from what their sources give, and the
    translated copies no source gives any more."""
    out = []
    made = set()
    for path in every_source(folder):
        for copy, text in copies(path).items():
            target = folder / copy / path.with_suffix(".ipynb").name
            made.add(target)
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                out.append(target)
    return out + sorted(set(_translated_copies(folder)) - made)


def _translated_copies(folder: Path) -> list[Path]:
    return [p for copy in COPIES for lang in TRANSLATIONS for p in (folder / copy / lang).glob("*.ipynb")]


def build(folder: Path = HERE, only: list[Path] | None = None) -> list[Path]:
    """Write the copies of every lesson (or of the sources ``only``); the paths written."""
    known = every_source(folder)
    strangers = [path.name for path in only or () if path not in known]
    if strangers:
        raise LessonSourceError(f"not lesson sources (NN-subject.py in {folder}): {strangers}")
    written = []
    if not only:
        for target in _translated_copies(folder):  # a lesson no longer wholly translated
            target.unlink()
    for path in only or known:
        for copy, text in copies(path).items():
            target = folder / copy / path.with_suffix(".ipynb").name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale copies")
    parser.add_argument("lessons", nargs="*", type=Path, help="sources to build (default: all)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            out = stale()
            for path in out:
                print(f"stale: {path.relative_to(HERE.parent.parent)}")
            return 1 if out else 0
        for path in build(only=[p.resolve() for p in args.lessons]):
            print(f"wrote {path.relative_to(HERE.parent.parent)}")
    except LessonSourceError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
