"""The lessons in notebooks/: each runs top to bottom, is stored clean, and has a text twin.

nbformat, nbclient and jupytext are imported inside the tests, so that collecting the
rest of the suite stays quick; a missing one fails these tests, it never skips them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))
lessons = pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)


def code_cells(notebook):
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def test_there_are_lessons_and_each_has_a_twin():
    assert LESSONS, f"no notebooks in {NOTEBOOKS}"
    assert sorted(p.with_suffix(".py") for p in LESSONS) == sorted(NOTEBOOKS.glob("*.py"))
    assert (NOTEBOOKS / "jupytext.toml").read_text().strip() == 'formats = "ipynb,py:percent"'


@pytest.mark.slow
@lessons
def test_lesson_runs_top_to_bottom(path):
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    # One more cell, run last: the kernel must be this interpreter, with bluffmath in it.
    notebook.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.prefix)"))
    client = NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # raises CellExecutionError, with the cell and traceback, if one fails
    errors = [out for cell in code_cells(notebook) for out in cell.outputs
              if out.output_type == "error"]
    assert errors == []
    prefix = notebook.cells[-1].outputs[0]
    assert prefix.text.strip() == sys.prefix, "the python3 kernel is not this virtualenv's"


@lessons
def test_lesson_is_stored_clean(path):
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    for cell in code_cells(notebook):
        assert cell.outputs == [], f"stored with outputs: {cell.source[:60]!r}"
        assert cell.execution_count is None, f"stored with a count: {cell.source[:60]!r}"
        assert "float(" not in cell.source, "the lessons keep to exact fractions"


@lessons
def test_lesson_and_its_text_twin_hold_the_same_cells(path):
    import jupytext

    twin = path.with_suffix(".py")
    assert twin.exists(), f"{path.name} has no percent-format twin {twin.name}"
    cells = [(cell.cell_type, cell.source) for cell in jupytext.read(path).cells]
    twin_cells = [(cell.cell_type, cell.source) for cell in jupytext.read(twin).cells]
    assert cells == twin_cells, f"{path.name} and {twin.name} differ: run jupytext --sync"
