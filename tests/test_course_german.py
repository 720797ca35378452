"""The course's machinery in German (issue 44): the checks, the printables, the grading.

A German lesson's checks answer in German (``bluffmath_widgets.lessons.key``), and its
kernel learns the language from the copy's metadata or its environment
(``bluffmath_widgets.lessons``); the worksheets, answer keys, quizzes and decks of
``notebooks/lessons/handouts.py`` and ``decks.py`` come in German with no sentence of the
English ones left (names and numbers aside) and the same exact numbers; and a German
lesson's nbgrader release runs blank to the end and grades.
"""

from __future__ import annotations

import importlib
import json
import re
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import nbformat
import pytest

from bluffmath.i18n import speaking
from scripts import script
from tests.german import sentences, texts_of

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
build = script("lesson_build", LESSONS / "build.py")
handouts = script("lesson_handouts", LESSONS / "handouts.py")
decks = script("lesson_decks_german", LESSONS / "decks.py")
grading = script("lesson_grading", LESSONS / "grading.py")

#: The lessons wholly in German, and each lesson's key module.
GERMAN = [p for p in build.sources(LESSONS) if "de" in build.languages(p, build.jupytext.read(p))]
KEYS = sorted({re.search(r"^from bluffmath_widgets\.lessons\.(\w+) import", p.read_text(encoding="utf-8"), re.M)[1]
               for p in build.sources(LESSONS)})
#: What stays the same in both languages: the games' and editions' names, the code's own
#: names a lesson types (information sets, models), and words German shares with English.
NAMES = ("Hochstapler", "Gauner raus!", "Münchhausen", "Die Erben von Hoax", "Hoax", "Quiz", "Name",
         "Fraction", "Start", "illegal", "orange", "Showdown", "bluffmath", "Bayes", "Var",
         "random-enough", "lowest-enough", "uniform")  # lesson 7's card models, as its code names them
#: Kuhn poker's information sets, as lesson 8 and its worksheet name them: "Q check bet".
INFORMATION_SET = re.compile(r"\b[JQK](?: (?:check|bet|call|fold))+\b")
FRACTION = re.compile(r"−?\d+/\d+")


def _left(english: str, german: str) -> set[str]:
    """The pieces of the English page that the German one still holds (an answer key's
    answers aside: they are what a student types in code, ``"doubt"``, ``red-D``)."""
    english, german = (re.sub(r'<td class="answer">.*?</td>', "", page) for page in (english, german))
    names = (*NAMES, *INFORMATION_SET.findall(english))
    return sentences(texts_of(english), names) & sentences(texts_of(german), names)


def _fractions(page: str) -> list[str]:
    return sorted(FRACTION.findall(" ".join(texts_of(page))))


# --- the checks -----------------------------------------------------------------------------

def _said(key, number: int, answer: object) -> str:
    return key.check(number, answer).message


@pytest.mark.parametrize("module", KEYS)
def test_every_check_answers_in_german_with_the_same_numbers(module: str) -> None:
    """Each exercise's messages, unanswered, right, each likely mistake and a wrong answer,
    in English and in German: no English piece left, the same fractions in both."""
    key = importlib.import_module(f"bluffmath_widgets.lessons.{module}").KEY
    for number, exercise in key.exercises.items():
        answers = [..., key.answer(number), *exercise.mistakes(), "no such answer", 0.5]
        english = [_said(key, number, a) for a in answers]
        with speaking("de"):
            german = [_said(key, number, a) for a in answers]
            shown = key.check(number, ...)._repr_html_()
        typed = NAMES + _words_in(answers)  # a check says back what was typed: ("doubt", "raise"), "red-D"
        left = sentences(english, typed) & sentences(german, typed)
        assert left == set(), (module, number, left)
        assert [FRACTION.findall(t) for t in english] == [FRACTION.findall(t) for t in german]
        assert f"Aufgabe {number}: noch nicht beantwortet" in shown


def _words_in(answers: list) -> tuple[str, ...]:
    """The words among answers (a word, or a tuple of them): the code's, typed as they are."""
    found: list[str] = []
    for answer in answers:
        found += [answer] if isinstance(answer, str) else _words_in(list(answer)) if isinstance(answer, tuple) else []
    return tuple(found)


def test_a_check_in_german_says_what_is_wrong_in_german_words() -> None:
    from bluffmath_widgets.lessons.counting import KEY

    with speaking("de"):
        assert KEY.check(2, 0.5).message.startswith("nur exakte Zahlen: 0.5 ist ein float")
        assert KEY.check(1, 15**4).message == "noch nicht: Das zählt geordnete Züge mit Zurücklegen."
        assert KEY.check(1, 1365).message == "richtig: 1365"
    assert KEY.check(1, 1365).message == "right: 1365"


def test_the_kernel_takes_the_lessons_language_from_its_notebook_or_its_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bluffmath_widgets import lessons

    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.delenv(lessons.ENVIRONMENT, raising=False)
    assert lessons.lesson_language() is None
    monkeypatch.setenv(lessons.ENVIRONMENT, "de")
    assert lessons.lesson_language() == "de"
    monkeypatch.setenv("JPY_SESSION_NAME", str(LESSONS / "student" / "01-counting.ipynb"))
    assert lessons.lesson_language() == "en", "an English copy is English, whatever the environment says"
    monkeypatch.setenv("JPY_SESSION_NAME", str(LESSONS / "student" / "de" / "01-counting.ipynb"))
    monkeypatch.setenv(lessons.ENVIRONMENT, "en")
    assert lessons.lesson_language() == "de"
    other = tmp_path / "mine.ipynb"
    other.write_text(json.dumps({"metadata": {}, "cells": []}), encoding="utf-8")
    monkeypatch.setenv("JPY_SESSION_NAME", str(other))
    assert lessons.lesson_language() == "en", "a notebook that is no lesson's copy: the environment says"


def test_the_widgets_of_the_lessons_speak_german() -> None:
    from bluffmath_widgets.lessons.counting import CardsOrDice
    from bluffmath_widgets.lessons.face_down import ThreeModels
    from bluffmath_widgets.lessons.hands_on import compare, hochstapler_chances

    for make in (CardsOrDice, ThreeModels, lambda: compare({"at least 15": 9}, hochstapler_chances())):
        english = make()
        with speaking("de"):
            german = make()
        assert _left(_page(english), _page(german)) == set()
        assert _fractions(_page(english)) == _fractions(_page(german))


def _page(view: object) -> str:
    """What a widget shows (its HTML outputs and its controls' labels), or a table's HTML."""
    if isinstance(view, str):
        return view
    shown = []
    for child in view.children:
        parts = child.children if isinstance(child, widgets.Box) else (child,)
        shown += [part.value if isinstance(part, widgets.HTML) else f"<p>{part.description}</p>" for part in parts]
    return "".join(shown)


# --- the printables -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def german_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every German page against its English one: the worksheets and keys of the German
    lessons, the quizzes and the decks."""
    pages = {}
    for source in GERMAN:
        english = handouts.read_lesson(source)
        with speaking("de"):
            german = handouts.read_lesson(source, "de")
            sheet, key = handouts.worksheet(german), handouts.answer_key(german)
        pages[f"{source.stem}-worksheet"] = (handouts.worksheet(english), sheet)
        pages[f"{source.stem}-key"] = (handouts.answer_key(english), key)
    from bluffmath_widgets.lessons.quiz import QUIZZES

    for game in QUIZZES:
        for key in (False, True):
            with speaking("de"):
                german = handouts.quiz(game, key)
            pages[f"quiz-{game}{'-key' * key}"] = (handouts.quiz(game, key), german)
    for game, draw in decks.DECKS.items():
        with speaking("de"):
            german = draw()
        pages[f"deck-{game}"] = (draw(), german)
    return pages


def test_there_are_german_lessons_to_print() -> None:
    assert LESSONS / "01-counting.py" in GERMAN


def test_the_german_printables_keep_no_english_sentence_and_the_same_numbers(german_pages: dict) -> None:
    left, numbers = {}, {}
    for name, (english, german) in german_pages.items():
        assert '<html lang="de">' in german, name
        assert '<html lang="en">' in english, name
        left[name] = _left(english, german)
        numbers[name] = sorted(set(_fractions(english)) ^ set(_fractions(german)))
    assert {name: found for name, found in left.items() if found} == {}
    assert {name: found for name, found in numbers.items() if found} == {}


def test_a_german_worksheet_and_key_are_headed_in_german(german_pages: dict) -> None:
    sheet, key = german_pages["01-counting-worksheet"][1], german_pages["01-counting-key"][1]
    assert "<h2>Ziele</h2>" in sheet
    assert "<strong>Aufgabe 1.</strong>" in sheet
    assert "Klasse: ________" in sheet
    assert "Zusatzübungen" in sheet
    assert "<h2>Weiterdenken</h2>" in sheet
    assert 'class="answer"' not in sheet
    assert "Gesucht ist" in key
    assert "Weiterdenken: Antworten" in key
    assert "Lösungen (für die Lehrkraft)" in key
    numbers = [int(n) for n in re.findall(r'data-exercise="(\d+)"', sheet)]
    assert numbers == sorted(handouts.read_lesson(LESSONS / "01-counting.py").key.exercises)


def test_the_german_decks_use_the_german_boxes_words(german_pages: dict) -> None:
    hoax = german_pages["deck-hoax"][1]
    for word in ("Rollenkarte: Mönch", "Verdacht · Dieb", "Getreide", "Tresor", "Burg", "Händler"):
        assert word in hoax, word
    assert "rot · Uhr" in german_pages["deck-hochstapler"][1]
    assert "grün C" in german_pages["deck-gauner"][1]


def test_the_handouts_write_each_language_in_its_folder(tmp_path: Path) -> None:
    written = handouts.build(handouts.folder(tmp_path, "de"), "de")
    assert {p.parent for p in written} == {tmp_path / "de"}
    names = {p.name for p in written}
    assert {f"{s.stem}-worksheet.html" for s in GERMAN} <= names
    assert {"quiz-hoax.html", "deck-hoax.html"} <= names
    assert '<html lang="de">' in (tmp_path / "de" / "index.html").read_text(encoding="utf-8")


# --- grading --------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_german_lessons_release_runs_blank_to_the_end_in_german_and_grades(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbclient import NotebookClient

    source = LESSONS / "01-counting.py"
    course = tmp_path / "course"
    [release_path] = grading.make_course(course, [source], "de")
    release = nbformat.read(release_path, as_version=4)
    assert release.metadata["bluffmath"]["language"] == "de"
    student = nbformat.read(LESSONS / "student" / "de" / "01-counting.ipynb", as_version=4)
    kept = [c.source.split("\n" + grading.STUBS["de"])[0] for c in release.cells
            if not c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("check-")]
    assert kept == [c.source for c in student.cells]
    monkeypatch.setenv("BLUFFMATH_LANGUAGE", "de")  # nbclient names no notebook to the kernel
    NotebookClient(release, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()  # raises on a failing cell
    said = [o["data"]["text/html"] for c in release.cells for o in c.get("outputs", ())
            if "bluffmath-verdict" in o.get("data", {}).get("text/html", "")]
    assert said
    assert all("Aufgabe" in text and "noch nicht beantwortet" in text for text in said)
    monkeypatch.delenv("BLUFFMATH_LANGUAGE")
    grading.submit(course, source.stem, "solved", course / "source" / source.stem / f"{source.stem}.ipynb")
    grading.submit(course, source.stem, "blank", release_path)
    grades = grading.grade(course, source.stem)
    assert grades.scores == {"blank": Fraction(0), "solved": Fraction(1)}
    assert grades.extra == {"blank": Fraction(0), "solved": Fraction(1)}
    graded = nbformat.read(course / "autograded" / "blank" / source.stem / f"{source.stem}.ipynb", as_version=4)
    errors = [o["evalue"] for c in graded.cells for o in c.get("outputs", ()) if o.get("output_type") == "error"]
    assert errors
    assert all(e.startswith("Aufgabe") and "noch nicht beantwortet" in e for e in errors)


def test_the_german_course_has_a_folder_of_its_own_and_says_how_to_make_it(tmp_path: Path) -> None:
    assert grading.course_folder("de") == grading.OUT / "de"
    assert grading._make_course(grading.OUT / "de") == "make course LANG=de"
    assert grading.lessons_in("de") == GERMAN
    notebook = grading.source_notebook(LESSONS / "01-counting.py", "de")
    ids = [c.metadata["nbgrader"]["grade_id"] for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert ids == ["check-1", "check-2", "check-3", "check-4-extra", "check-5-extra", "check-6-extra"]


@pytest.mark.parametrize("source", GERMAN, ids=lambda p: p.stem)
def test_the_german_working_time_note_has_the_counts_numbers(source: Path) -> None:
    """``timing.py --write`` keeps the German twin of the teacher's working time note in step."""
    timing = script("lesson_timing", LESSONS / "timing.py")
    text = source.read_text(encoding="utf-8")
    german = timing.TWIN_NOTES["de"].search(text)
    assert german is not None
    assert timing.NUMBER.findall(german[0]) == timing.NUMBER.findall(timing.count(source).note())
