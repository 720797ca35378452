"""Write the student and solution copies of every lesson from its one source.

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
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import jupytext
import nbformat

HERE = Path(__file__).resolve().parent
COPIES = {"student": {"solution", "teacher", "paper"}, "solutions": {"exercise", "paper"}}
TAGS = {"exercise", "solution", "teacher", "paper"}


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


def copies(path: Path) -> dict[str, str]:
    """The student and solution copies of the lesson at ``path``, as notebook JSON text."""
    source = jupytext.read(path)
    check_source(path, source)
    return {copy: _write(path, source, dropped) for copy, dropped in COPIES.items()}


def _write(path: Path, source: nbformat.NotebookNode, dropped: set[str]) -> str:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "bluffmath": {"generated_from": f"notebooks/lessons/{path.name}",
                      "edit": "edit the source, then run: python notebooks/lessons/build.py"},
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
    """The copies that are missing or differ from what their sources give."""
    out = []
    for path in every_source(folder):
        for copy, text in copies(path).items():
            target = folder / copy / path.with_suffix(".ipynb").name
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                out.append(target)
    return out


def build(folder: Path = HERE, only: list[Path] | None = None) -> list[Path]:
    """Write the copies of every lesson (or of the sources ``only``); the paths written."""
    known = every_source(folder)
    strangers = [path.name for path in only or () if path not in known]
    if strangers:
        raise LessonSourceError(f"not lesson sources (NN-subject.py in {folder}): {strangers}")
    written = []
    for path in only or known:
        for copy, text in copies(path).items():
            target = folder / copy / path.with_suffix(".ipynb").name
            target.parent.mkdir(exist_ok=True)
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
