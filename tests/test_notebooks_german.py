"""The demo notebooks in German (issue 44): each notebook of notebooks/ has a German twin in
notebooks/de/ with the same name, the same code and German text.

How the twins are kept (the rule these tests hold):

- ``notebooks/de/NAME.ipynb`` is the German twin of ``notebooks/NAME.ipynb``, paired by
  Jupytext with ``notebooks/de/NAME.py`` (``notebooks/jupytext.toml`` applies to the folder;
  after an edit, ``jupytext --sync notebooks/de/*.py``).
- Its cells are the English notebook's cells in the same order: the code cells unchanged,
  each markdown cell written anew in German (for 13-16-year-olds, du-form), and one cell
  more before the first code cell, :data:`LANGUAGE_CELL`: it makes the widgets made after it,
  and the texts the core writes, German (an assignment, so that the page shows no ``'de'``).
  A fix to the code is made in the English notebook and copied into its twin; the tests
  here fail while the two differ.
- A German page served alone says it is German: ``voila --VoilaExporter.language_code=de
  notebooks/de/NAME.ipynb`` (``<html lang="de">``), the command each twin's first cell
  gives (tests/browser/test_voila_german.py serves the calculator so).
- Lines the code itself prints (in hoax-one-look and review-a-game) stay English, since the
  code is the English notebook's; the German text says so there.
- Relative links lead to German pages (the German lessons are ``../lessons/student/de/``).
- No file but the twins in notebooks/de/: JupyterLab (with Jupytext) would open a Markdown
  file there as one more notebook.

Executing every twin would add about a minute to the suite (each takes 3 to 10 s, as its
English notebook does), so three of the quickest run top to bottom (:data:`EXECUTED`); the
others' code is the code tests/test_notebooks.py runs in English.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_lessons_german import sentences

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GERMAN = NOTEBOOKS / "de"
ENGLISH = sorted(NOTEBOOKS.glob("*.ipynb"))
by_notebook = pytest.mark.parametrize("english", ENGLISH, ids=lambda path: path.stem)

#: The one cell a German twin has more than its English notebook.
LANGUAGE_CELL = ('# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.\n'
                 'import bluffmath_widgets\n\nSPRACHE = bluffmath_widgets.language("de")')
#: Twins run top to bottom here: three of the quickest (about 3 s each).
EXECUTED = ("equilibrium-explorer", "gauner-solver", "hochstapler-calculator")
#: Words of German sentences: every German markdown cell has one (an English cell none).
GERMAN_WORDS = re.compile(r"\b(und|der|die|das|ist|du|dein|deine|mit|nicht|eine?|für|wie)\b", re.I)
LINK = re.compile(r"\]\(([^)#\s]+)")


def _read(path: Path):
    import nbformat

    return nbformat.read(path, as_version=4)


def _twin(english: Path) -> Path:
    return GERMAN / english.name


def test_every_demo_notebook_has_a_german_twin_with_its_text_twin() -> None:
    assert len(ENGLISH) >= 14
    assert sorted(p.name for p in GERMAN.glob("*.ipynb")) == [p.name for p in ENGLISH]
    assert sorted(GERMAN.glob("*.py")) == sorted(p.with_suffix(".py") for p in GERMAN.glob("*.ipynb"))
    assert sorted(p.name for p in GERMAN.iterdir() if not p.name.startswith(".")) == sorted(
        name for p in ENGLISH for name in (p.name, p.with_suffix(".py").name)), "only the twins"


@by_notebook
def test_a_twin_has_the_english_cells_and_the_language_cell_first(english: Path) -> None:
    source, german = _read(english), _read(_twin(english))
    kinds = [cell.cell_type for cell in german.cells]
    first_code = kinds.index("code")
    assert german.cells[first_code].source == LANGUAGE_CELL
    rest = german.cells[:first_code] + german.cells[first_code + 1:]
    assert [c.cell_type for c in rest] == [c.cell_type for c in source.cells], "a cell more or less"
    assert [c.source for c in rest if c.cell_type == "code"] == [
        c.source for c in source.cells if c.cell_type == "code"], "the code is the English notebook's"
    assert [c.metadata.get("tags", []) for c in rest] == [c.metadata.get("tags", []) for c in source.cells]
    assert german.metadata.kernelspec == source.metadata.kernelspec


@by_notebook
def test_a_twins_text_is_german_with_no_english_sentence_left(english: Path) -> None:
    source, german = _read(english), _read(_twin(english))
    said = [cell.source for cell in german.cells if cell.cell_type == "markdown"]
    text = " ".join(" ".join(said).split())
    left = [s for cell in source.cells if cell.cell_type == "markdown" for s in sentences(cell.source) if s in text]
    assert left == []
    assert [cell for cell in said if not (sentences(cell) and GERMAN_WORDS.search(cell))] == []
    assert not any(GERMAN_WORDS.search(cell.source) for cell in source.cells if cell.cell_type == "markdown")


@by_notebook
def test_a_twins_links_and_commands_lead_to_german_pages(english: Path) -> None:
    german = _read(_twin(english))
    text = "\n".join(cell.source for cell in german.cells if cell.cell_type == "markdown")
    for target in LINK.findall(text):
        if not re.match(r"[a-z]+:", target):
            resolved = (GERMAN / target).resolve()
            assert resolved.is_file(), f"{english.name}: {target} is not there"
            assert "de" in resolved.relative_to(NOTEBOOKS).parts, f"{english.name}: {target} is English"
    for served in re.findall(r"voila[^`]* (notebooks/\S+\.ipynb)", text):
        assert served == f"notebooks/de/{english.name}"
        assert "--VoilaExporter.language_code=de" in text, "the page would say it is English"


@by_notebook
def test_a_twin_is_stored_clean_and_in_sync_with_its_text_twin(english: Path) -> None:
    import jupytext
    import nbformat

    path = _twin(english)
    notebook = _read(path)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert (cell.outputs, cell.execution_count) == ([], None), f"stored run: {cell.source[:60]!r}"
    cells = [(cell.cell_type, cell.source) for cell in jupytext.read(path).cells]
    text = [(cell.cell_type, cell.source) for cell in jupytext.read(path.with_suffix(".py")).cells]
    assert cells == text, f"{path.name} and its .py differ: run jupytext --sync notebooks/de/*.py"


def _widget_texts(notebook) -> str:
    """Every string the notebook's widgets held when it ran (their stored state)."""
    state = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(state.get("state", {}))
    return "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("name", EXECUTED)
def test_a_german_twin_runs_top_to_bottom_in_german(name: str) -> None:
    import nbformat
    from nbclient import NotebookClient

    notebook = _read(GERMAN / f"{name}.ipynb")
    notebook.cells.append(nbformat.v4.new_code_cell("print(bluffmath_widgets.language())"))
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(GERMAN)}}).execute()
    errors = [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs
              if out.output_type == "error"]
    assert errors == []
    assert notebook.cells[-1].outputs[0].text.strip() == "de"
    if name == "hochstapler-calculator":  # its widgets are German: their words, none of English's
        from bluffmath.hochstapler import call_odds

        shown = _widget_texts(notebook)
        assert "Rechnung zeigen" in shown
        assert str(call_odds(5, own=3, call=12, face_up=(0, 7))) in shown  # the page's first call
        assert "show the counting" not in shown
        assert "P(total" not in shown
