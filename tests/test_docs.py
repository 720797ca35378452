"""The documentation site builds without a warning, and its shell examples are right.

The ``>>>`` examples in ``docs/`` are run by pytest's doctest collection (``testpaths``
includes ``docs`` and ``--doctest-glob=*.md``). The ``console`` blocks, which show the
``bluffmath`` command and what it prints, are run here: each ``$ bluffmath ...`` line is
run and its output (standard output and standard error together) compared with the lines
under it, where a line ``...`` stands for any text; ``$ echo $?`` checks the exit status.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared import once

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p.relative_to(DOCS) for p in DOCS.rglob("*.md") if "_build" not in p.parts)


BEFORE: dict[Path, int] = {}
"""The files of docs/ and notebooks/lessons/ before the build, with their modification
times in nanoseconds (the site fixture fills it)."""


def _source_files() -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for folder in (DOCS, ROOT / "notebooks" / "lessons")
            for p in folder.rglob("*")
            if "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts
            and "_build" not in p.relative_to(ROOT).parts}


def _build(out: Path) -> None:
    """``make docs`` into ``out``: warnings are errors. The sources as they were just before
    are written beside it, in ``<folder>-before.json``."""
    before = _source_files()
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html",
         "-d", str(out / ".doctrees"), str(DOCS), str(out)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert build.returncode == 0, f"sphinx-build failed:\n{build.stdout}\n{build.stderr}"
    # The lessons' notebooks run in a kernel, whose own start-up notice is not Sphinx's.
    stderr = [line for line in build.stderr.lower().splitlines()
              if "kernel is running over tcp without encryption" not in line]
    assert not [line for line in stderr if "warning" in line], build.stderr
    (out.parent / f"{out.name}-before.json").write_text(json.dumps({str(p): t for p, t in before.items()}))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built as ``make docs`` builds it (warnings are errors), once in a run:
    the browser tests of the site (tests/browser/test_docs_*.py) read the same build."""
    out = once(tmp_path_factory, "docs-html", _build)
    BEFORE.update({Path(p): t for p, t in
                   json.loads((out.parent / "docs-html-before.json").read_text()).items()})
    return out


@pytest.mark.slow
def test_the_build_writes_only_into_its_folder(site: Path) -> None:
    """Sphinx reads a copy of its sources staged in the build folder (docs/conf.py): no file
    of docs/ or of the lessons is added, changed or removed by a build."""
    assert BEFORE
    after = _source_files()
    assert sorted(set(after) - set(BEFORE)) == []
    assert sorted(set(BEFORE) - set(after)) == []
    assert sorted(p for p in BEFORE if after[p] != BEFORE[p]) == []


@pytest.mark.slow
def test_every_page_is_built(site: Path) -> None:
    assert PAGES, "no pages found in docs/"
    for page in PAGES:
        assert (site / page.with_suffix(".html")).is_file(), f"{page} was not built"


@pytest.mark.slow
def test_index_links_every_part(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    for part in ["tutorials/first-odds.html", "tutorials/gauner-first-solve.html",
                 "how-to/command-line.html", "how-to/real-table.html", "how-to/tournament.html",
                 "how-to/gauner-command-line.html", "how-to/hoax-sheet.html", "how-to/embed-calculator.html",
                 "how-to/lessons-in-the-browser.html",
                 "explanation/hochstapler.html",
                 "explanation/gauner.html", "explanation/hoax.html",
                 "explanation/muenchhausen.html", "explanation/models.html", "explanation/exact.html",
                 "lessons/index.html", "explanation/decisions.html",
                 "reference/api.html"]:
        assert f'href="{part}' in index, f"index.html does not link {part}"


@pytest.mark.slow
def test_every_lesson_is_a_student_page_and_no_solution_is_published(site: Path) -> None:
    course = (site / "lessons" / "index.html").read_text(encoding="utf-8")
    lessons = sorted(p for p in (ROOT / "notebooks" / "lessons").glob("[0-9][0-9]-*.py") if not p.name.startswith("00-"))
    assert len(lessons) >= 6
    for lesson in lessons:
        page = site / "lessons" / "notebooks" / f"{lesson.stem}.html"
        assert page.is_file(), f"{lesson.name} is not rendered"
        assert f'href="notebooks/{lesson.stem}.html' in course, f"the course page does not link {lesson.stem}"
        assert f"student/{lesson.stem}.ipynb" in course or course.count(f"{lesson.stem}.ipynb") >= 1
        rendered = page.read_text(encoding="utf-8")
        assert rendered.count('data-verdict="unanswered"') >= 3, f"{lesson.stem}: not the student copy"
        assert 'data-verdict="right"' not in rendered, f"{lesson.stem}: a solution is on the site"
        assert "Common mistakes" not in rendered, f"{lesson.stem}: the teacher's note is on the site"
    leaked = [p.relative_to(site) for p in site.rglob("*") if p.is_file() and p.suffix in {".html", ".ipynb", ".txt"}
              and "(for the teacher)" in p.read_text(encoding="utf-8", errors="replace")]
    assert leaked == [], f"answers published: {leaked}"


@pytest.mark.slow
def test_api_page_documents_the_core(site: Path) -> None:
    api = (site / "reference" / "api.html").read_text(encoding="utf-8")
    for name in [
        "bluffmath.distribution.Distribution",
        "bluffmath.distribution.Distribution.at_least",
        "bluffmath.errors.BluffmathError",
        "bluffmath.errors.InvalidInputError",
        "bluffmath.hochstapler.counting.total_distribution",
        "bluffmath.hochstapler.counting.call_odds",
        "bluffmath.hochstapler.counting.exchange_distribution",
        "bluffmath.hochstapler.bids.OpponentModel",
        "bluffmath.hochstapler.bids.read_bids",
        "bluffmath.hochstapler.position.Position",
        "bluffmath.hochstapler.table.odds_table",
        "bluffmath.hochstapler.explain.explain_call",
    ]:
        assert f'id="{name}"' in api, f"the API page does not document {name}"


@pytest.mark.slow
def test_pages_link_into_the_api(site: Path) -> None:
    """Cross-references such as {py:func}`...total_distribution` resolve to the API page."""
    tutorial = (site / "tutorials" / "first-odds.html").read_text(encoding="utf-8")
    assert "../reference/api.html#bluffmath.hochstapler.counting.total_distribution" in tutorial


# --- the console examples -----------------------------------------------------------

def console_examples() -> list[tuple[str, int, list[tuple[str, str]]]]:
    """Every ``console`` block of every page: (page, line, [(command, expected output)])."""
    examples = []
    for page in PAGES:
        lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if re.fullmatch(r"```\s*console\s*", lines[i]):
                start, steps = i + 1, []
                i += 1
                while not lines[i].startswith("```"):
                    if lines[i].startswith("$ "):
                        steps.append((lines[i][2:], ""))
                    else:
                        assert steps, f"{page}:{i + 1}: output before the first command"
                        command, output = steps[-1]
                        steps[-1] = (command, output + lines[i] + "\n")
                    i += 1
                examples.append((str(page), start, steps))
            i += 1
    return examples


EXAMPLES = console_examples()


def test_the_command_line_page_has_console_examples() -> None:
    assert any(page == "how-to/command-line.md" for page, _, _ in EXAMPLES)


@pytest.mark.parametrize(("page", "line", "steps"), EXAMPLES,
                         ids=[f"{page}:{line}" for page, line, _ in EXAMPLES])
def test_console_example(page: str, line: int, steps: list[tuple[str, str]],
                         tmp_path: Path) -> None:
    checker = doctest.OutputChecker()
    status = None
    for command, expected in steps:
        if command == "echo $?":
            got = f"{status}\n"
        else:
            argv = shlex.split(command)
            assert argv[0] == "bluffmath", f"{page}:{line}: only `bluffmath` commands are run: {command}"
            run = subprocess.run([sys.executable, "-m", "bluffmath", *argv[1:]],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True, cwd=tmp_path, check=False)
            got, status = run.stdout, run.returncode
            # The documented contract: an error is reported with status 2, anything else is 0.
            failed = any(": error: " in out for out in got.splitlines())
            assert status == (2 if failed else 0), f"{page}:{line}: `{command}` exited {status}\n{got}"
            assert "Traceback" not in got, f"{page}:{line}: `{command}` printed a traceback\n{got}"
        assert checker.check_output(expected, got, doctest.ELLIPSIS), (
            f"{page}:{line}: `{command}` printed\n{got}\nbut the page shows\n{expected}"
        )


# --- the shell synopses -------------------------------------------------------------
# A ``sh`` block shows commands without their output. Each ``bluffmath`` line in one is
# run in a folder holding the files the pages name, made from the pages' own examples;
# it must succeed without a traceback. (Lines of other programs, such as ``make``, are
# set-up steps that the rest of the suite runs in its own way.)

def _fence(page: str, language: str) -> str:
    """The first ``language`` block of a page."""
    text = (DOCS / page).read_text(encoding="utf-8")
    found = re.search(rf"^```{language}\n(.*?)^```", text, re.S | re.M)
    assert found, f"{page} has no {language} block"
    return found[1]


def _sheet() -> str:
    from bluffmath import hoax

    case = hoax.Case("german", 5, (hoax.Holds(0, "Merchant", "own card"),
                                   hoax.IsNot(1, "King", "covered"), hoax.Claim(1, "Judge")))
    return case.dumps()


def _game() -> str:
    from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game

    return save_game(play_game(Game(players=4), [CardCountingBot()] * 4, seed=3))


def _class_download() -> bytes:
    """A class table's download as the teacher's page writes it: the save and the names."""
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("table-1-game-1.json", _game())
        archive.writestr("results.csv", "table,game,seat,name\n" + "".join(
            f"1,1,{seat},{name}\n" for seat, name in enumerate(["Ann", "Ben", "Cy", "Dee"], 1)))
    return out.getvalue()


FILES = {"position.json": lambda: _fence("how-to/gauner-command-line.md", "json"),
         "sheet.json": _sheet, "game.json": _game, "class-games.zip": _class_download}


def shell_lines() -> list[tuple[str, int, str]]:
    lines = []
    for page in PAGES:
        text = (DOCS / page).read_text(encoding="utf-8").splitlines()
        inside = False
        for number, line in enumerate(text, 1):
            if line.startswith("```"):
                inside = line.strip() == "```sh" and not inside
            elif inside and re.match(r"(bluffmath|cat \S+ \| bluffmath) ", line):
                lines.append((str(page), number, line))
    return lines


SHELL = shell_lines()


def test_the_gauner_and_hoax_pages_have_shell_synopses() -> None:
    assert {page for page, _, _ in SHELL} >= {"how-to/gauner-command-line.md", "how-to/hoax-sheet.md",
                                               "how-to/review-a-game.md"}


@pytest.mark.parametrize(("page", "line", "command"), SHELL,
                         ids=[f"{page}:{line}" for page, line, _ in SHELL])
def test_shell_example(page: str, line: int, command: str, tmp_path: Path) -> None:
    for name, make in FILES.items():
        data = make()
        if isinstance(data, bytes):
            (tmp_path / name).write_bytes(data)
        else:
            (tmp_path / name).write_text(data, encoding="utf-8")
    argv, stdin = shlex.split(command, comments=True), None
    if argv[0] == "cat":
        stdin, argv = argv[1], argv[3:]
    if "<" in argv:
        stdin, argv = argv[argv.index("<") + 1], argv[:argv.index("<")]
    with (tmp_path / stdin).open() if stdin else open(os.devnull) as source:
        run = subprocess.run([sys.executable, "-m", "bluffmath", *argv[1:]], stdin=source,
                             capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 0, f"{page}:{line}: `{command}` exited {run.returncode}\n{run.stderr}"
    assert run.stdout.strip(), f"{page}:{line}: `{command}` printed nothing"
    assert "Traceback" not in run.stderr


def test_the_limits_page_lists_every_limit_with_its_value() -> None:
    from bluffmath import limits
    page = (DOCS / "reference" / "limits.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(MAX_\w+)` \| ([\d,]+)", page, re.MULTILINE))
    constants = {name: value for name, value in vars(limits).items() if name.startswith("MAX_")}
    assert set(rows) == set(constants)
    for name, value in constants.items():
        assert int(rows[name].replace(",", "")) == value, name


def test_the_limits_page_gives_the_class_servers_limits_as_its_modules_hold_them() -> None:
    import importlib
    page = (DOCS / "reference" / "limits.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)\.([A-Z_]+)` \| ([\d,]+)", page, re.MULTILINE)
    assert len(rows) >= 15
    for module, name, value in rows:
        held = getattr(importlib.import_module(f"bluffmath_class.{module}"), name)
        assert held == int(value.replace(",", "")), f"{module}.{name}"


def test_the_limits_page_names_every_error_type() -> None:
    from bluffmath import errors
    page = (DOCS / "reference" / "limits.md").read_text(encoding="utf-8")
    for name, value in vars(errors).items():
        if isinstance(value, type) and issubclass(value, errors.BluffmathError) and value is not errors.BluffmathError:
            assert f"| `{name}` |" in page, name
