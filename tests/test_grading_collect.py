"""Placing a folder of returned notebooks in the course (``grading.py collect``, ``make collect``).

Students save the release under names of their own making: in a folder of their own, with
their name before or after the lesson's, with a browser's `` (1)`` after it. Each file is
placed at ``submitted/STUDENT/LESSON/LESSON.ipynb`` by the naming rule of
``grading.owner`` (docs/how-to/teach-the-course.md states it), or named with why it was
not; a notebook already in the course is never replaced. No kernel runs here: a course of
one lesson is written once for the module (nbgrader's generate step, a few seconds).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_grading import LESSONS, grading

from scripts import outside_make

LESSON = "05-gauner-deduction"
NAMES = grading.lesson_names()


@pytest.mark.parametrize(("path", "student", "lesson"), [
    ("ada/05-gauner-deduction.ipynb", "ada", LESSON),
    ("Ada/05-gauner-deduction (1).ipynb", "ada", LESSON),
    ("ada-05-gauner-deduction.ipynb", "ada", LESSON),
    ("Ada Lovelace-05-gauner-deduction (2).ipynb", "ada-lovelace", LESSON),
    ("05-gauner-deduction_ada.ipynb", "ada", LESSON),
    ("ada/ada_05-gauner-deduction-Copy1.ipynb", "ada", LESSON),
    ("bo/05-gauner-deduction - Copy.ipynb", "bo", LESSON),
    ("Bo Berg_123456_assignsubmission_file_/bo-05-gauner-deduction.ipynb", "bo-berg", LESSON),
    ("05-gauner-deduction/cy/05-gauner-deduction.ipynb", "cy", LESSON),
    ("cy/lesson five/03-doubt-or-raise.ipynb", "cy", "03-doubt-or-raise"),
    ("dee/DEE-08-why-bluff.ipynb", "dee", "08-why-bluff"),
])
def test_the_naming_rule_finds_whose_and_which_lesson(path: str, student: str, lesson: str) -> None:
    folder = Path("/returned")
    assert grading.owner(folder / path, folder, NAMES) == (student, lesson)


@pytest.mark.parametrize(("path", "why"), [
    ("Untitled.ipynb", "its name holds no lesson's name"),
    ("ada/lesson5.ipynb", "its name holds no lesson's name"),
    ("05-gauner-deduction.ipynb", "whose is it?"),
    ("05-gauner-deduction (1).ipynb", "whose is it?"),
    ("ada/fred-05-gauner-deduction.ipynb", "it is in the folder of 'ada' but its name says 'fred'"),
    ("ada-05-gauner-deduction-bo.ipynb", "its name holds two names, 'ada' and 'bo'"),
])
def test_the_naming_rule_never_guesses(path: str, why: str) -> None:
    folder = Path("/returned")
    with pytest.raises(grading.Unplaced, match=why.replace("(", r"\(").replace("?", r"\?")):
        grading.owner(folder / path, folder, NAMES)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    grading.make_course(root, [LESSONS / f"{LESSON}.py"])
    return root


def _notebook(course: Path, kind: str = "release") -> bytes:
    return (course / kind / LESSON / f"{LESSON}.ipynb").read_bytes()


def _submitted(course: Path, student: str) -> Path:
    return course / "submitted" / student / LESSON / f"{LESSON}.ipynb"


def test_collect_places_each_file_and_names_what_it_could_not(course: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    course = _copy(course, tmp_path)
    returned = tmp_path / "returned"
    files = {f"ada/{LESSON}.ipynb": _notebook(course, "source"),
             f"bo-{LESSON} (1).ipynb": _notebook(course),
             f"Cy Dunn_42_assignsubmission_file_/{LESSON}.ipynb": _notebook(course),
             f"dee-{LESSON}.ipynb": b"<!DOCTYPE html><html></html>",        # placed, said unreadable
             f"eve/{LESSON}.ipynb": _notebook(course), f"eve/{LESSON} (1).ipynb": _notebook(course),  # the same twice
             f"fi/{LESSON}.ipynb": _notebook(course), f"fi/{LESSON}-Copy1.ipynb": _notebook(course, "source"),
             "Untitled.ipynb": _notebook(course), f"{LESSON}.ipynb": _notebook(course),
             "gus/notes.txt": b"done", "all.zip": b"PK\x03\x04",
             f"gus/.ipynb_checkpoints/{LESSON}-checkpoint.ipynb": b"{}", "__MACOSX/._x": b"",
             "hal-01-counting.ipynb": _notebook(course)}                    # a lesson not in this course
    for name, data in files.items():
        (returned / name).parent.mkdir(parents=True, exist_ok=True)
        (returned / name).write_bytes(data)
    done = grading.collect(returned, course)
    assert [(s, path.relative_to(returned).as_posix()) for s, _, path in done.placed] == [
        ("ada", f"ada/{LESSON}.ipynb"), ("bo", f"bo-{LESSON} (1).ipynb"),
        ("cy-dunn", f"Cy Dunn_42_assignsubmission_file_/{LESSON}.ipynb"), ("dee", f"dee-{LESSON}.ipynb"),
        ("eve", f"eve/{LESSON} (1).ipynb")]
    assert _submitted(course, "ada").read_bytes() == _notebook(course, "source")
    assert _submitted(course, "bo").read_bytes() == _notebook(course)
    assert [p.name for _, _, p in done.already] == [f"{LESSON}.ipynb"]   # eve's second copy
    assert list(done.unreadable) == [_submitted(course, "dee")]
    assert "web page" in done.unreadable[_submitted(course, "dee")]
    why = {path.relative_to(returned).as_posix(): reason for path, reason in done.not_placed}
    assert set(why) == {f"fi/{LESSON}.ipynb", f"fi/{LESSON}-Copy1.ipynb", "Untitled.ipynb", f"{LESSON}.ipynb",
                        "gus/notes.txt", "all.zip", "hal-01-counting.ipynb"}
    assert why[f"fi/{LESSON}.ipynb"].startswith(f"fi handed in 2 different notebooks of {LESSON}")
    assert why["all.zip"].startswith("a zip file: unzip it")
    assert "has no lesson 01-counting" in why["hal-01-counting.ipynb"]
    assert not _submitted(course, "fi").exists()
    assert sorted(p.name for p in (course / "submitted").iterdir()) == ["ada", "bo", "cy-dunn", "dee", "eve"]

    assert grading.main(["--out", str(course), "collect", str(returned), LESSON]) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"already in the course: ada/{LESSON}.ipynb (the same notebook as ada's {LESSON} there)" in out
    assert "not placed: Untitled.ipynb: its name holds no lesson's name (as handed out: 05-gauner-deduction.ipynb)" in out
    assert "left 1 notebook of other lessons" in out
    assert out[-1].startswith("placed 0, already there 6, not placed 6 ")


def _copy(course: Path, tmp_path: Path) -> Path:
    import shutil

    return Path(shutil.copytree(course, tmp_path / "course"))


def test_collect_never_replaces_a_notebook_already_there(course: Path, tmp_path: Path) -> None:
    course = _copy(course, tmp_path)
    returned = tmp_path / "returned"
    (returned / "ada").mkdir(parents=True)
    (returned / "ada" / f"{LESSON}.ipynb").write_bytes(_notebook(course))
    assert len(grading.collect(returned, course).placed) == 1
    (returned / "ada" / f"{LESSON}.ipynb").write_bytes(_notebook(course, "source"))  # worked on since
    done = grading.collect(returned, course)
    assert (done.placed, done.already) == ([], [])
    assert "ada already has different work of" in done.not_placed[0][1]
    assert "delete that file and collect again" in done.not_placed[0][1]
    assert _submitted(course, "ada").read_bytes() == _notebook(course)
    _submitted(course, "ada").unlink()
    assert len(grading.collect(returned, course).placed) == 1
    assert _submitted(course, "ada").read_bytes() == _notebook(course, "source")


def test_collect_refuses_what_it_cannot_start_on(course: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that is not there, a lesson that is not one, the course's own folder, no
    course: one line, status 2, nothing placed."""
    (tmp_path / "returned").mkdir()
    cases = {(str(tmp_path / "nowhere"),): "there is no folder ",
             (str(tmp_path / "returned"), "05-gauner-deducton"): "did you mean 05-gauner-deduction?",
             (str(course / "release"),): "holds or is inside the course folder",
             (str(course.parent),): "holds or is inside the course folder"}
    for args, said in cases.items():
        assert grading.main(["--out", str(course), "collect", *args]) == 2
        err = capsys.readouterr().err
        assert said in err
        assert err.count("\n") == 1
    assert grading.main(["--out", str(tmp_path / "no-course"), "collect", str(tmp_path / "returned")]) == 2
    assert "course` first" in capsys.readouterr().err
    assert not (course / "submitted").exists()


def test_make_collect_passes_the_folder_and_the_lesson() -> None:
    root = LESSONS.parents[1]
    env = outside_make()
    said = subprocess.run(["make", "-n", "collect", "FOLDER=my returned/ada's", f"LESSON={LESSON}"], cwd=root, env=env,
                          capture_output=True, text=True, check=True).stdout
    assert f'notebooks/lessons/grading.py collect "my returned/ada\'s" "{LESSON}"' in said
    said = subprocess.run(["make", "-n", "collect", "FOLDER=returned"], cwd=root, env=env, capture_output=True, text=True,
                          check=True).stdout
    assert said.rstrip().endswith('grading.py collect "returned"')
    recipe = (root / "Makefile").read_text(encoding="utf-8").split("\ncollect:", 1)[1].split("\n\n", 1)[0]
    assert 'test -n "$(FOLDER)" || { echo "say which folder: make collect FOLDER=' in recipe
