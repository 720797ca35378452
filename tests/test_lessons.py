"""The course in notebooks/lessons/: one source per lesson, two generated copies.

Each lesson states its goals, has a teacher's note and at least three exercises, each
with a blank for the student, a worked solution and a check against the lesson's answer
key (``bluffmath_widgets.lessons.<subject>.KEY``). The copies are exactly what build.py
makes of the source; the solution copy runs top to bottom with every check right, and
the student copy runs top to bottom with every exercise still open. The keys themselves
are checked against brute-force enumerations in tests/test_lesson_<subject>.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from scripts import script

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"


build = script("lesson_build", LESSONS / "build.py")
timing = script("lesson_timing", LESSONS / "timing.py")
SOURCES = build.sources(LESSONS)
by_source = pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)


def _cells(source: Path) -> list[tuple[set[str], str, str]]:
    import jupytext

    return [(set(c.metadata.get("tags", ())), c.cell_type, c.source) for c in jupytext.read(source).cells
            if "lang" not in c.metadata]


def _key(source: Path) -> ModuleType:
    text = source.read_text(encoding="utf-8")
    found = re.search(r"^from bluffmath_widgets\.lessons\.(\w+) import (?:\([^)]*|.*)\bcheck\b", text, re.M)
    assert found, f"{source.name} does not import check from its bluffmath_widgets.lessons module"
    return importlib.import_module(f"bluffmath_widgets.lessons.{found[1]}")


def test_there_are_at_least_six_lessons() -> None:
    assert len(SOURCES) >= 6, [p.name for p in SOURCES]
    assert [int(p.name[:2]) for p in SOURCES] == list(range(1, len(SOURCES) + 1))


def test_the_copies_are_what_the_sources_make() -> None:
    stale = build.stale(LESSONS)
    assert stale == [], f"run `python notebooks/lessons/build.py`: {stale}"
    made = {p.stem for p in build.every_source(LESSONS)}
    for copy in build.COPIES:
        assert {p.stem for p in (LESSONS / copy).glob("*.ipynb")} == made, f"{copy}/ has extra copies"


@pytest.mark.slow
def test_the_notebook_basics_run_top_to_bottom_and_show_a_name_error_to_read() -> None:
    """The start before lesson 1 (issue 31: no lesson said how to run a cell): it runs from
    the top as a student runs it, its one failing cell is the NameError it explains, it
    shows an exact Fraction beside a float, and lesson 1 points to it."""
    import nbformat
    from nbclient import NotebookClient

    path = LESSONS / "student" / build.START.replace(".py", ".ipynb")
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert [e.ename for e in errors] == ["NameError"]
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert "NameError: name 'card' is not defined" in text
    shown = "\n".join(o.get("data", {}).get("text/plain", "") for c in notebook.cells if c.cell_type == "code"
                      for o in c.outputs)
    assert "Fraction(1, 2)" in shown
    assert "0.3333333333333333" in shown
    assert "Shift+Enter" in text
    assert "(00-notebook-basics.ipynb)" in (LESSONS / "01-counting.py").read_text(encoding="utf-8")
    assert timing_minutes(LESSONS / build.START) <= 10


def timing_minutes(source: Path) -> int:
    return timing.count(source).minutes[0]


@by_source
def test_a_lesson_has_goals_a_teacher_note_a_widget_and_checked_exercises(source: Path) -> None:
    cells = _cells(source)
    text = "\n".join(body for _, _, body in cells)
    assert re.search(r"^# Lesson \d+: ", cells[0][2], re.M), "the first cell is the lesson's title"
    assert "## Learning goals" in text
    teacher = [body for tags, _, body in cells if "teacher" in tags]
    assert len(teacher) == 2, "a teacher's note at the top, the answers to 'Going further' at the end"
    assert "Timing" in teacher[0]
    assert "Common mistakes" in teacher[0]
    assert "## Going further" in text
    assert 'Answers to "Going further"' in teacher[1]
    assert cells[-1][2] == teacher[1], "the answers close the lesson"
    assert re.search(r"^from bluffmath_widgets\.(?!lessons\.key)[\w.]+ import (?!check$)\w", text, re.M)
    numbers = [int(n) for tags, _, body in cells if "exercise" in tags
               for n in re.findall(r"^answer_(\d+) = \.\.\.", body, re.M)]
    assert len(numbers) >= 3, numbers
    assert numbers == sorted(set(numbers)), numbers
    checks = [int(n) for _, _, body in cells for n in re.findall(r"^check\((\d+), answer_\1\)", body, re.M)]
    assert checks == numbers, "every exercise is checked once, in order"
    key = _key(source)
    assert set(numbers) == set(key.KEY.exercises), "the key and the lesson disagree"
    subject = key.__name__.rsplit(".", 1)[1]
    assert (LESSONS.parents[1] / "tests" / f"test_lesson_{subject}.py").is_file(), (
        f"the key of {source.name} needs its brute-force test tests/test_lesson_{subject}.py")


def test_build_refuses_an_exercise_without_its_solution(tmp_path: Path) -> None:
    lesson = tmp_path / "01-broken.py"
    lesson.write_text('# %% tags=["exercise"]\nanswer_1 = ...\n\n# %%\ncheck(1, answer_1)\n')
    with pytest.raises(build.LessonSourceError, match="not followed by a solution"):
        build.copies(lesson)


@pytest.mark.parametrize("copy", sorted(build.COPIES))
@by_source
def test_a_copy_is_stored_clean(source: Path, copy: str) -> None:
    import nbformat

    notebook = nbformat.read(LESSONS / copy / source.with_suffix(".ipynb").name, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    for cell in notebook.cells:
        tags = set(cell.metadata.get("tags", ()))
        assert not tags & {"solution", "teacher"} if copy == "student" else "exercise" not in tags
        if cell.cell_type == "code":
            assert cell.outputs == []
            assert cell.execution_count is None
            assert "float(" not in cell.source, "the lessons keep to exact fractions"


def _run(path: Path) -> dict[str, str]:
    """Run a notebook top to bottom; what its checks said, by exercise number."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(
        "import json, sys\nfrom bluffmath_widgets.lessons.key import marks\n"
        "print(json.dumps({'prefix': sys.prefix, 'marks': [[*k, v] for k, v in marks().items()]}))"))
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    report = json.loads(notebook.cells[-1].outputs[0].text)
    assert report["prefix"] == sys.prefix, "the python3 kernel is not this virtualenv's"
    return {str(number): status for _, number, status in report["marks"]}


@pytest.mark.slow
@by_source
def test_the_solution_copy_runs_and_every_answer_is_right(source: Path) -> None:
    marks = _run(LESSONS / "solutions" / source.with_suffix(".ipynb").name)
    expected = {str(n): "right" for n in _key(source).KEY.exercises}
    assert marks == expected


@pytest.mark.slow
@by_source
def test_the_student_copy_runs_with_every_exercise_open(source: Path) -> None:
    marks = _run(LESSONS / "student" / source.with_suffix(".ipynb").name)
    expected = {str(n): "unanswered" for n in _key(source).KEY.exercises}
    assert marks == expected




@by_source
def test_the_teacher_note_states_the_counted_working_time(source: Path) -> None:
    counted = timing.count(source)
    teacher = " ".join(next(body for tags, _, body in _cells(source) if "teacher" in tags).split())
    assert " ".join(counted.note().replace("# ", "").split()) in teacher
    minutes = " and ".join(map(str, counted.minutes))
    assert f"about {minutes} minutes" in teacher
    for part in counted.parts:
        assert f"{part.words} words to read" in teacher


@by_source
def test_every_school_lesson_fits_the_hour(source: Path) -> None:
    """Issue 20: no school lesson over 45 minutes, counted for a class that never programmed;
    a lesson in two parts says where the second starts, and how to pick up from there."""
    counted = timing.count(source)
    assert counted.fits, f"{source.name}: {counted.minutes} minutes, over {timing.LIMIT}"
    assert len(counted.parts) <= 2
    cells = _cells(source)
    top = " ".join(cells[0][2].split())
    assert "**Where this lesson fits.** Lesson " in top
    assert ("Two school lessons" in top) == (len(counted.parts) == 2)
    assert ("One school lesson" in top) == (len(counted.parts) == 1)
    headings = [body.split("\n", 1)[0] for tags, kind, body in cells
                if kind == "markdown" and "teacher" not in tags and body.startswith("## ")]
    if len(counted.parts) == 2:
        second = next(body for _, _, body in cells if body.startswith(timing.SECOND))
        assert "Run All Above Selected Cell" in second
        assert all(2 * part.minutes >= timing.LIMIT for part in counted.parts), "too short a part"
    if counted.extra is not None:
        order = [h for h in headings if h.startswith(("## Summary", timing.EXTRA, timing.FURTHER))]
        assert [h.split(":")[0] for h in order] == ["## Summary", timing.EXTRA, timing.FURTHER]


def test_the_working_time_counts_what_a_student_does(tmp_path: Path) -> None:
    """Words, cells and lines of code, each exercise by what it asks (a number typed in:
    reading; a call: one call; a start given in its cell: lines to read), a widget (a class
    imported from bluffmath_widgets, made in a cell; a table shown with HTML is none) and
    the activity with cards."""
    lesson = tmp_path / "01-demo.py"
    lesson.write_text('# %% [markdown]\n# one two three\n\n# %% [markdown]\n# ## 0. Hands on\n\n'
                      '# %%\nfrom bluffmath_widgets.demo import Widget\nx = 1\ny = 2\n\n'
                      '# %% tags=["exercise"]\nanswer_1 = ...\n\n'
                      '# %% tags=["solution"]\nanswer_1 = 1\n\n'
                      '# %% tags=["exercise"]\nz = x + y  # given\nanswer_2 = ...\n\n'
                      '# %% tags=["solution"]\nz = x + y  # given\nanswer_2 = max(z, 4)\n\n'
                      '# %%\nWidget(3)\n\n# %%\nHTML("<table></table>")\n\n'
                      '# %% [markdown] tags=["teacher"]\n# not counted at all\n')
    (counted,) = timing.count(lesson).parts
    assert (counted.words, counted.cells, counted.lines, counted.exercises, counted.widgets,
            counted.hands_on) == (6, 3, 6, (timing.READ, timing.CALL), 1, True)
    assert counted.minutes == round(6 / 120 + 3 * 0.5 + 6 * 0.15 + 2 + 4 + 3 + 10)


def test_the_working_time_counts_each_school_lesson_and_the_extra_practice(tmp_path: Path) -> None:
    lesson = tmp_path / "01-demo.py"
    lesson.write_text('# %% [markdown]\n# one two\n\n# %% tags=["exercise"]\nanswer_1 = ...\n\n'
                      '# %% tags=["solution"]\nanswer_1 = 1\n\n'
                      '# %% [markdown]\n# ## Second school lesson: more\n\n# %%\nx = 1\n\n'
                      '# %% [markdown]\n# ## Summary\n\n# %% [markdown]\n# ## Extra practice\n\n'
                      '# %% tags=["exercise"]\nanswer_2 = ...\n\n# %% tags=["solution"]\nanswer_2 = 2\n\n'
                      '# %% [markdown]\n# ## Going further\n\n# %%\nnot_counted = 1\n')
    counted = timing.count(lesson)
    first, second = counted.parts
    assert (first.words, first.exercises, first.cells) == (2, (timing.READ,), 0)
    assert (second.words, second.cells, second.lines, second.exercises) == (5, 1, 1, ())
    assert (counted.extra.words, counted.extra.exercises, counted.extra.cells) == (2, (timing.READ,), 0)
    assert counted.minutes == (round(2 / 120 + 2), round(5 / 120 + 0.5 + 0.15))
    assert "two school lessons, about 2 and 1 minutes" in " ".join(counted.note().replace("# ", "").split())


def test_the_timing_modules_examples_run() -> None:
    import doctest

    assert doctest.testmod(timing).failed == 0


def test_the_teachers_page_lists_each_lessons_counted_minutes() -> None:
    """docs/how-to/teach-the-course.md's table of school lessons is the count's, lesson by lesson."""
    page = (LESSONS.parents[1] / "docs" / "how-to" / "teach-the-course.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d)\. [^|]+\| (\d) \| ([\d +]+) \| ([^|]+) \|$", page, re.M)
    assert [int(r[0]) for r in rows] == list(range(1, len(SOURCES) + 1))
    for source, (_, parts, minutes, extra) in zip(SOURCES, rows, strict=True):
        counted = timing.count(source)
        assert (int(parts), minutes.strip()) == (len(counted.parts), " + ".join(map(str, counted.minutes)))
        assert (extra.strip() == "–") == (counted.extra is None)
        if counted.extra is not None:
            assert extra.strip().endswith(f", {counted.extra.minutes} min")


# --- what the lessons show and say (issue 45) --------------------------------------------------

#: Functions and methods whose value is a chance.
CHANCES = {"call_odds", "call_odds_given_card", "at_least", "probability", "honest_chance", "lie"}


def summed_chances(source: str) -> list[str]:
    """Sums of two chances that a code cell shows as its value, outside a comparison: a
    reader takes what a cell shows for a chance, and such a sum can pass 1 (lesson 3 showed
    ``Fraction(461, 364)`` so). A sum tested against a number (``p + q < 1``) is a rule, not
    a value, and passes.

    >>> summed_chances("{t: (hs.call_odds(4, 4, t) + hs.call_odds(4, 4, t + 1)) for t in range(11, 16)}")
    ['hs.call_odds(4, 4, t) + hs.call_odds(4, 4, t + 1)']
    >>> summed_chances("p = d.at_least(3)\\n['doubt' if p + d.at_least(4) < 1 else 'raise']")
    []
    """
    import ast

    tree = ast.parse(source)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return []
    shown = tree.body[-1]
    compared = {id(node) for compare in ast.walk(shown) if isinstance(compare, ast.Compare)
                for node in ast.walk(compare)}

    def chance(node: ast.AST) -> bool:
        func = node.func if isinstance(node, ast.Call) else None
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        return name in CHANCES

    return [ast.unparse(node) for node in ast.walk(shown)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and id(node) not in compared
            and chance(node.left) and chance(node.right)]


@pytest.mark.parametrize("source", [LESSONS / build.START, *SOURCES], ids=lambda p: p.stem)
def test_no_cell_shows_a_sum_of_chances_as_a_value(source: Path) -> None:
    """No chance above 1 on any page: a cell shows chances apart, or a sum only with what it
    is tested against."""
    shown = [found for tags, kind, body in _cells(source) if kind == "code" and not tags & {"teacher", "paper"}
             for found in summed_chances(body)]
    assert shown == []
    # lesson 3's cell as issue 45 found it (it showed Fraction(461, 364)) is caught
    assert summed_chances("{t: (hs.call_odds(4, 4, t) + hs.call_odds(4, 4, t + 1)) for t in range(11, 16)}")


def bets_after_a_check(strategy: dict[str, dict[str, object]]) -> set[str]:
    """The cards with which a Kuhn poker strategy of player 2 bets after player 1's check."""
    return {name.split()[0] for name, moves in strategy.items() if name.endswith(" check") and moves.get("bet")}


def said_to_bet_after_a_check(text: str) -> set[str] | None:
    """The cards a lesson's text says the best reply bets with after a check, if it says."""
    names = {"Jack": "J", "Queen": "Q", "King": "K"}
    only = re.search(r"bets after a check \*{0,2}only with the (Jack|Queen|King)\b", text)
    if only:
        return {names[only[1]]}
    if re.search(r"a check means no King, so bet\b", text):
        return set(names.values())  # whatever it holds
    return None


def test_lesson_8_says_when_the_best_reply_bets_after_a_check() -> None:
    """Lesson 8, section 3: the text says what the computed best reply to the never-bluffer
    does after a check (it said "a check means no King, so bet"; the reply bets only with
    the King)."""
    from bluffmath.equilibrium import best_response, kuhn_poker
    from bluffmath_widgets.lessons.why_bluff import NEVER_BLUFF

    computed = bets_after_a_check(best_response(kuhn_poker(), 1, NEVER_BLUFF).strategy)
    assert computed == {"K"}
    text = " ".join((LESSONS / "08-why-bluff.py").read_text(encoding="utf-8").replace("\n# ", "\n").split())
    assert said_to_bet_after_a_check(text) == computed
    # the sentence the lesson had says otherwise, and the check catches it
    assert said_to_bet_after_a_check("A best reply learns it: a bet means a King, so fold to it; "
                                      "a check means no King, so bet.") != computed
