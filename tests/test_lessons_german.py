"""The course in German (issue 44): each lesson's German copies come from its one source.

A German copy holds the English copy's code cells, in order, and none of its English text;
the German student copies run top to bottom as the English ones do; a half-translated
source is refused. notebooks/lessons/build.py's docstring states the rule of the twins.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts import script

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"

build = script("lesson_build", LESSONS / "build.py")
#: The lessons: each gets German copies.
GERMAN = sorted(LESSONS.glob("0[0-9]-*.py"))
by_lesson = pytest.mark.parametrize("source", GERMAN, ids=lambda p: p.stem)
by_copy = pytest.mark.parametrize("copy", sorted(build.COPIES))


def _notebook(copy: str, source: Path):
    import nbformat

    return nbformat.read(LESSONS / copy / source.with_suffix(".ipynb").name, as_version=4)


def _cells(notebook, kind: str) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == kind]


def sentences(text: str) -> list[str]:
    """The sentences of a markdown text of four words or more, without its code, formulas,
    links' targets and markup: what a translation must not keep.

    >>> sentences("Run `check(1, answer_1)` now, then go on. See [lesson 1](01-counting.ipynb) to start!")
    ['Run now, then go on', 'See lesson 1 to start']
    """
    text = re.sub(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "", text)
    text = re.sub(r"[*_#>\[\]]", "", text)
    parts = (" ".join(part.split()).strip(" ,;:(") for part in re.split(r"[.!?]\s|[.!?]$|\n\s*\n", text))
    return [part for part in parts if len(re.findall(r"[A-Za-z]{2,}", part)) >= 4]


def test_the_translated_lessons_are_the_german_copies() -> None:
    translated = [path for path in build.every_source(LESSONS)
                  if "de" in build.languages(path, build.jupytext.read(path))]
    assert translated == GERMAN
    for copy in build.COPIES:
        assert sorted(p.stem for p in (LESSONS / copy / "de").glob("*.ipynb")) == [p.stem for p in GERMAN]
    assert build.stale(LESSONS) == [], "run `python notebooks/lessons/build.py`"


@by_copy
@by_lesson
def test_a_german_copy_has_the_english_copys_code_and_none_of_its_text(source: Path, copy: str) -> None:
    english, german = _notebook(copy, source), _notebook(f"{copy}/de", source)
    assert _cells(german, "code") == _cells(english, "code")
    assert [sorted(c.metadata.get("tags", [])) for c in german.cells] == [
        sorted(c.metadata.get("tags", [])) for c in english.cells]
    assert german.metadata.bluffmath.language == "de"
    text = "\n".join(_cells(german, "markdown"))
    left = [s for body in _cells(english, "markdown") for s in sentences(body) if s in " ".join(text.split())]
    assert left == []
    assert len(sentences(text)) >= len(_cells(german, "markdown")), "every German cell says something"


def test_the_english_lesson_leaves_the_twins_out(tmp_path: Path) -> None:
    import jupytext

    source = jupytext.read(GERMAN[1])
    english = build.read(GERMAN[1])
    assert [c.source for c in english.cells] == [c.source for c in source.cells if "lang" not in c.metadata]
    german = build.read(GERMAN[1], "de")
    assert [c.source for c in german.cells if c.cell_type == "code"] == [
        c.source for c in english.cells if c.cell_type == "code"]
    english_only = tmp_path / "09-english.py"
    english_only.write_text("# %% [markdown]\n# # Lesson 9: English only\n\n# %%\nx = 1\n", encoding="utf-8")
    with pytest.raises(build.LessonSourceError, match="not translated into 'de'"):
        build.read(english_only, "de")


HALF = '''# %% [markdown]
# # Lesson 9: Half

# %% [markdown] lang="de"
# # Lektion 9: Halb

# %%
x = 1

# %% [markdown] tags=["teacher"]
# A note to the teacher.
'''


def test_a_half_translated_lesson_is_refused_naming_its_cells(tmp_path: Path) -> None:
    lesson = tmp_path / "09-half.py"
    lesson.write_text(HALF, encoding="utf-8")
    with pytest.raises(build.LessonSourceError, match=r"half translated into 'de'.*cell 3 \('A note to the teacher\.'\)"):
        build.copies(lesson)
    lesson.write_text(HALF + '\n# %% [markdown] lang="de"\n# Eine Notiz.\n', encoding="utf-8")
    with pytest.raises(build.LessonSourceError, match=r"its tags \[\] are not its English cell's \['teacher'\]"):
        build.copies(lesson)
    lesson.write_text(HALF + '\n# %% [markdown] lang="de" tags=["teacher"]\n# Eine Notiz.\n', encoding="utf-8")
    assert sorted(build.copies(lesson)) == ["solutions", "solutions/de", "student", "student/de"]
    lesson.write_text(HALF.replace('lang="de"', 'lang="fr"'), encoding="utf-8")
    with pytest.raises(build.LessonSourceError, match=r"a twin's lang is one of \['de'\]"):
        build.copies(lesson)


def test_a_twin_follows_an_english_markdown_cell(tmp_path: Path) -> None:
    lesson = tmp_path / "09-twin.py"
    lesson.write_text('# %%\nx = 1\n\n# %% [markdown] lang="de"\n# Eins.\n', encoding="utf-8")
    with pytest.raises(build.LessonSourceError, match="a markdown cell after an English one"):
        build.copies(lesson)


@pytest.mark.slow
def test_the_german_notebook_basics_run_and_show_the_name_error_they_explain() -> None:
    from nbclient import NotebookClient

    notebook = _notebook("student/de", GERMAN[0])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert [e.ename for e in errors] == ["NameError"]
    text = "\n".join(_cells(notebook, "markdown"))
    assert "NameError: name 'card' is not defined" in text
    assert "Umschalt+Enter" in text
    assert "(01-counting.ipynb)" in text
    assert (LESSONS / "student" / "de" / "01-counting.ipynb").is_file()


@pytest.mark.slow
@pytest.mark.parametrize("copy", ["student", "solutions"])
def test_the_german_lesson_1_runs_as_the_english_one_does(copy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import bluffmath_widgets.lessons  # noqa: F401  (imported here first: in this process it reads no language)
    from tests.test_lessons import _key, _run

    monkeypatch.setenv("BLUFFMATH_LANGUAGE", "de")  # the kernel's, as make lab LANG=de starts it
    marks = _run(LESSONS / copy / "de" / "01-counting.ipynb")
    expected = "unanswered" if copy == "student" else "right"
    assert marks == {str(n): expected for n in _key(GERMAN[1]).KEY.exercises}
