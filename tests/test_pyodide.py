"""The core under Pyodide (Python 3.14, WebAssembly) in Node, offline: every doctest of
every bluffmath module, and pytest itself on the core's own test modules, must pass there as
they do here, so that the core never drifts from what a browser can run.

Needs node and the npm package pyodide (``make test`` runs ``npm ci``) and the pure-Python
wheels that ``make test`` downloads to ``.cache/pyodide-wheels`` (sympy, mpmath, and pytest
with its dependencies, hypothesis, lark). Without them the tests skip with the reason, and in
CI a skip is a failure.

Which test modules run there, and which tests are left out and why, is declared once below
(``UNDER_PYODIDE``, ``NOT_UNDER_PYODIDE``, ``DESELECTED``); a test module added to tests/
must be put in one of the first two, or ``test_every_test_module_is_declared`` fails.
``make test`` runs pytest there on a sample of them, every game's engine and readers in it
(all but ``FULL_ONLY``, the slowest there, whose tests run natively); ``make test-full``
(``--full``) on all of them. The doctests of every core module run there in both.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bluffmath.embed.wheel import write_wheel

ROOT = Path(__file__).resolve().parents[1]
WHEELS = ROOT / ".cache" / "pyodide-wheels"
TESTS = ROOT / "tests"

# The core's test modules that pytest runs under Pyodide, and the helpers they import.
UNDER_PYODIDE = (
    "test_distribution.py", "test_hochstapler_counting.py", "test_hochstapler_bids.py",
    "test_hochstapler_position.py", "test_hochstapler_table.py", "test_hochstapler_explain.py",
    "test_hochstapler_penalties.py", "test_hochstapler_hostile.py",
    "test_game.py", "test_bots.py", "test_saves.py", "test_tournament.py", "test_cli.py",
    "test_hoax.py", "test_hoax_cli.py", "test_muenchhausen.py",
    "test_gauner_position.py", "test_gauner_solver.py", "test_gauner_reasons.py",
    "test_gauner_game.py", "test_gauner_tournament.py", "test_gauner_cli.py",
    # deep JSON is refused before parsing: json.loads would overflow WebAssembly's stack
    "test_json_input.py",
    # the strict readers and the fuzz corpus: the browser reads the same forms
    "test_schema.py", "test_fuzz_readers.py", "test_muenchhausen_inputs.py",
    # equilibria: trees, best responses, every stored certificate (no solver needed)
    "test_equilibrium.py",
    # the fast paths against the simple ones: the browser runs the fast paths
    "test_hoax_fast.py", "test_hochstapler_speed.py", "test_gauner_speed.py",
    # reviews of games: the same exact values a page would show
    "test_review.py",
    # the Hoax game: its rules, saves and command line (the random batteries run natively)
    "test_hoax_rules.py", "test_hoax_saves.py", "test_hoax_game_cli.py", "test_hochstapler_turns.py",
    # the advice the tables give, by the odds
    "test_hochstapler_advice.py",
    # the playable Duel against its equilibrium tree
    "test_duel_play.py",
    "test_review_accuracy.py", "test_review_habits.py",
    # how exact numbers too long for a person are written: the pages in the browser write them so
    "test_long_numbers.py",
    # old import paths that still work (issue 48), the Duel as a package of its own
    "test_equilibrium_moved.py", "test_duel_package.py",
    # training: drills, ratings, spaced repetition and the progress store (SQLite)
    "test_train_drills.py", "test_train_rating.py", "test_train_schedule.py", "test_train_progress.py",
    "test_train_cli.py",
    # the reviews and drills in German, and the core's other words a German page shows (issue 44)
    "test_review_german.py", "test_core_german_rest.py",
)
# Under Pyodide in make test-full only (--full): 9 of the slowest there (62 s of the 88 s the
# 40 modules take there, benchmarks/TESTS.md). Each game keeps modules in make test's sample:
# Hochstapler its bids, penalties, tables, turns, advice, fast paths, positions and games;
# Gauner raus! its reasons, fast paths, tournament and command line; Hoax its deduction,
# rules, saves and command lines; Münchhausen and the Duel all of theirs; the reviews their
# accuracy and habits. Also there only: the Duel's package test and training's four (their
# modules' doctests run in make test's sample, as every core module's do).
FULL_ONLY = ("test_gauner_game.py", "test_gauner_solver.py", "test_saves.py", "test_hoax_fast.py",
             "test_gauner_position.py", "test_review.py", "test_hochstapler_counting.py", "test_bots.py",
             "test_hochstapler_explain.py", "test_duel_package.py", "test_train_drills.py", "test_train_rating.py",
             "test_train_schedule.py", "test_train_progress.py", "test_train_cli.py",
             "test_review_german.py", "test_core_german_rest.py")
HELPERS = ("conftest.py", "brute_force.py", "gauner_brute.py", "hostile.py", "played.py", "reading.py",
           *(f"hostile/{p.name}" for p in sorted((TESTS / "hostile").glob("*.json"))))

# Every other test module, with the reason it cannot run there.
WIDGETS = "tests the Jupyter widgets (ipywidgets is not in the offline Pyodide)"
NOT_UNDER_PYODIDE = {
    "test_refine_benchmark.py": "runs benchmarks/refine.py (not in the wheel) and refines with HiGHS (scipy, highspy)",
    "test_layout.py": "reads the repository's sources (the layout is the same wherever it runs)",
    "test_cli_plugins.py": ("runs the command line in subprocesses, with the class server's plug-in (an "
                            "installed entry point; neither processes nor the server in the offline Pyodide)"),
    "test_train_puzzles.py": "loads scripts/make_puzzles.py, which is not in the wheel (the sets' doctests run there)",
    "test_drills_benchmark.py": "tests benchmarks/, which is not in the wheel",
    "test_train_widget.py": WIDGETS,
    "test_widgets_german.py": WIDGETS,
    "test_widgets_german_games.py": WIDGETS,
    "test_widgets_german_study.py": WIDGETS,
    "test_docs_german.py": "reads the docs' sources with nbformat, markdown-it and docs/conf.py",
    "test_course_german.py": "builds the German handouts and course with nbformat, Jupyter kernels and ipywidgets",
    "test_notebooks_german.py": "reads the German demo notebooks with nbformat/jupytext and runs three with nbclient",
    "test_widgets_german_lessons_a.py": WIDGETS,
    "test_widgets_german_lessons_b.py": WIDGETS,
    "test_lessons_german.py": "builds and runs the German lesson copies with jupytext and a Jupyter kernel",
    "test_i18n.py": ("checks the catalogs and the numbers against Babel (scripts/catalogs.py), which the offline "
                     "Pyodide lacks (bluffmath.i18n's doctests run there)"),
    "test_embed_german.py": ("renders the calculators' pages, the site's files with them, in both languages "
                             "(bluffmath.i18n's doctests run there)"),
    "test_train_leaks.py": "imports the class table's tests (bluffmath_class, starlette)",
    "test_equilibrium_duel.py": ("compares the Duel's numpy-built sequence form with its tree's and solves "
                                 "with HiGHS (scipy, highspy), which the offline Pyodide lacks"),
    "test_game_playouts.py": "all of it is marked slow (minutes here)",
    "test_equilibrium_reader.py": ("the reading bot by brute force over Kuhn poker; not yet run there "
                                   "(its module's doctest runs there with the core's doctests)"),
    "test_liars_dice.py": ("compares Liar's dice's numpy-built sequence forms with its trees' and runs "
                           "the command line in a subprocess (no numpy, no processes in the offline Pyodide)"),
    "test_liars_dice_values.py": ("solves with HiGHS and checks against an independent linear program "
                                  "in scipy, which the offline Pyodide lacks"),
    "test_gauner_joint.py": "imports the numpy engine (joint_numpy) at module level",
    "test_gauner_soundness.py": "imports benchmarks/ (not in the wheel) and is slow",
    "test_benchmarks.py": "tests benchmarks/, which is not in the wheel",
    "test_hoax_benchmarks.py": "tests benchmarks/, which is not in the wheel",
    "test_hoax_games_benchmark.py": "tests benchmarks/, which is not in the wheel",
    "test_hoax_game.py": "hundreds of random games with every rule checked (minutes under Pyodide); "
                         "test_hoax_rules.py runs the same engine there",
    "test_hoax_sheet.py": "enumerates deals for many random positions (slow under Pyodide); "
                          "test_hoax_fast.py runs the posterior there",
    "test_hoax_bots.py": "plays bots that deduce at every move (slow under Pyodide)",
    "test_hoax_soundness.py": "plays bots that deduce at every move (slow under Pyodide)",
    "test_hoax_tournament.py": "runs tournaments on process pools (no processes under Pyodide)",
    "test_contrast.py": "reads the widgets' sources and the core's report colours (the widgets are not "
                        "in the offline Pyodide)",
    "test_muenchhausen_benchmarks.py": "tests benchmarks/, which is not in the wheel",
    "test_muenchhausen_fast.py": "plays bot tables for a minute natively (several under Pyodide); "
                                 "test_muenchhausen.py runs the same engine there",
    "test_readme_figures.py": "reads the README, the Makefile and benchmarks/ (not in the wheel)",
    "test_gauner_benchmarks.py": "tests benchmarks/ and compares with numpy and a model counter",
    "test_docs.py": "runs Sphinx and the command line in subprocesses",
    "test_notebooks.py": "executes notebooks with nbclient and a Jupyter kernel",
    "test_lessons.py": "checks the lesson notebooks with nbformat and jupytext",
    "test_handouts.py": "builds the printable handouts from the lesson sources with jupytext and markdown-it",
    "test_grading.py": "runs nbgrader (kernels, sqlite) on the lessons",
    "test_embed.py": "imports benchmarks/ and builds the embeddable site in subprocesses",
    "test_packaging.py": "builds and installs wheels with pip in subprocesses",
    "test_teacher_install.py": "a fresh clone's make targets: a venv and pip in subprocesses",
    "test_equilibrium_refine.py": "refining solves linear programs with HiGHS (scipy, highspy), which Pyodide lacks",
    "test_pyodide.py": "this file: it starts Node",
    "test_equilibrium_solve.py": "solve needs scipy and highspy (HiGHS), which the offline Pyodide lacks",
    "test_lite.py": "builds the JupyterLite site with the jupyter lite command",
    "test_start.py": "starts JupyterLab on this computer, as make lab and make teach do",
    "test_gauner_saves.py": "time budget: replays every edit of whole games' saves (minutes there)",
    "test_muenchhausen_rounds.py": "time budget: plays whole tables of bots to their bound (minutes there)",
    "test_fuzz_saves.py": "time budget: replays some thousand edited saves (minutes there)",
    "test_fuzz_api.py": "time budget: thousands of calls, each under a timer WebAssembly lacks",
    "test_equilibrium_arguments.py": "the fuzz suite's hostile calls, each under a timer WebAssembly lacks",
    "test_liars_dice_fuzz.py": "the fuzz suite's hostile calls, each under a timer WebAssembly lacks",
    "test_decks.py": "prints the decks to PDF with Chromium, which a WebAssembly Python cannot start",
    "test_docs_commands.py": "runs make, the docs' commands and JupyterLab, which a WebAssembly Python cannot start",
    "test_grading_collect.py": "places submissions in an nbgrader course, which the offline Pyodide lacks",
    "test_paper.py": "prints the handouts to PDF with Chromium, which a WebAssembly Python cannot start",
    "test_liars_dice_2v2.py": "reads the benchmark's results and runs the command line's solve with its size checks",
    "test_pacing.py": "reads the lesson sources with jupytext, which the offline Pyodide lacks",
    "test_liars_dice_response.py": ("compares every stored cell's two checks, the generic one building games of "
                                    "millions of nodes; the doctests of liars_dice.response and table, which read "
                                    "cells the fast way, run there"),
    "test_liars_dice_limits.py": ("reads every stored Liar's dice cell (the whole table, minutes in "
                                  "WebAssembly); the limits' doctests run there with the core's"),
    "test_boundaries_46.py": "the class server's join form (Starlette), which the browser has no use for",
    "test_fuzz_cli.py": "runs the command line in subprocesses",
    "test_fuzz_widgets.py": WIDGETS,
    "test_widgets.py": WIDGETS,
    "test_play_widget.py": WIDGETS,
    "test_tournament_widget.py": WIDGETS,
    "test_gauner_widget.py": WIDGETS,
    "test_gauner_table.py": WIDGETS,
    "test_hoax_widget.py": WIDGETS,
    "test_hoax_table.py": WIDGETS,
    "test_review_widget.py": WIDGETS,
    "test_review_hoax.py": "also checks the Hoax play table's review (widgets); the review's doctest runs there",
    "test_review_luck.py": ("plays 3,000 Duel deals against the equilibrium (slow under Pyodide); "
                            "test_duel_play.py runs the engine there"),
    "test_review_benchmark.py": "tests benchmarks/, which is not in the wheel",
    "test_round_model.py": ("plays every deal of a colour out through the bots (half a minute here, "
                            "minutes under Pyodide); the round model's doctests run there"),
    "test_rules_card.py": WIDGETS,
    "test_muenchhausen_widget.py": WIDGETS,
    "test_muenchhausen_companion.py": WIDGETS,
    "test_lesson_counting.py": WIDGETS,
    "test_lesson_conditioning.py": WIDGETS,
    "test_lesson_doubting.py": WIDGETS,
    "test_lesson_bids.py": WIDGETS,
    "test_lesson_deduction.py": WIDGETS,
    "test_lesson_hands_on.py": WIDGETS,
    "test_lesson_positions.py": WIDGETS,
    "test_lesson_identities.py": WIDGETS,
    "test_lesson_face_down.py": WIDGETS,
    "test_equilibrium_widget.py": WIDGETS,
    "test_api_reference.py": ("reads the docs and the source tree, which are not copied into Pyodide "
                              "(only the tests and pyproject.toml are)"),
    "test_lesson_why_bluff.py": WIDGETS,
    "test_gauner_seats.py": ("draws the class table's Gauner raus! pages (bluffmath_class) against the plain "
                             "solve; the solver's own tests run there"),
    "test_long_review.py": ("reviews games of 2,000 moves and more (seconds here, minutes in WebAssembly); "
                            "the rule for long numbers it checks runs there in test_long_numbers.py"),
    **dict.fromkeys(("test_class_protocol.py", "test_class_views.py", "test_class_room.py",
                     "test_class_faults.py", "test_class_fuzz.py", "test_class_cli.py",
                     "test_class_widget.py", "test_class_connections.py", "test_class_benchmarks.py",
                     "test_class_picture.py", "test_class_teacher.py", "test_class_lessons.py",
                     "test_class_duel.py", "test_class_muenchhausen.py", "test_class_hoax.py",
                     "test_class_gauner.py", "test_class_live_habits.py", "test_class_words.py",
                     "test_class_lesson.py", "test_class_record.py", "test_class_workers.py",
                     "test_class_downloads.py", "test_class_drawing_speed.py", "test_class_practice.py",
                     "test_class_german.py", "test_class_german_gauner.py", "test_class_german_muenchhausen.py",
                     "test_class_german_hoax.py", "test_class_german_duel.py",
                     "test_class_german_teacher.py", "test_class_german_picture.py"),
                    "tests the class table server (Starlette, sockets, SQLite files), which runs on "
                    "the teacher's computer, never in a browser"),
}

# Tests of those modules left out there (pytest's --deselect, a node id prefix), each with
# its reason. Tests marked slow are left out too (-m "not slow": minutes in WebAssembly).
NUMPY = "compares with the numpy engine (numpy is not in the offline Pyodide)"
THREADS = "runs a thread or process pool (WebAssembly has neither)"
BUDGET = "time budget: the same test runs there at the smaller sizes"
DESELECTED = {
    "test_duel_package.py::test_importing_hochstapler_or_the_old_modules_imports_no_duel_and_warns_nothing":
        "starts a Python subprocess (no processes under Pyodide)",
    "test_gauner_solver.py::test_engines_agree_on_thinned_positions": NUMPY,
    "test_gauner_solver.py::test_invariants": NUMPY,
    "test_gauner_solver.py::test_a_true_fact_keeps_the_truth_and_never_adds_deals": NUMPY,
    "test_gauner_solver.py::test_the_numbers_a_seat_could_write_split_the_deals": NUMPY,
    "test_gauner_cli.py::test_every_engine_prints_the_same[numpy]": NUMPY,
    "test_muenchhausen.py::test_a_tournament_is_the_same_on_any_executor": THREADS,
    "test_tournament.py::test_a_thread_pool_in_small_chunks_gives_the_same_results": THREADS,
    "test_tournament.py::test_a_process_pool_gives_the_same_results": THREADS,
    "test_tournament.py::test_a_local_dask_cluster_gives_the_same_results": THREADS,
    "test_gauner_tournament.py::test_two_workers_give_the_same_records_as_one": THREADS,
    "test_gauner_tournament.py::test_a_thread_pool_in_small_chunks_gives_the_same_records": THREADS,
    "test_gauner_tournament.py::test_a_process_pool_given_gives_the_same_records": THREADS,
    "test_cli.py::test_python_dash_m_bluffmath": "starts `python -m bluffmath` in a subprocess",
    "test_gauner_cli.py::test_python_dash_m_bluffmath": "starts `python -m bluffmath` in a subprocess",
    "test_gauner_reasons.py::test_a_number_off_by_one_in_random_games[4]": BUDGET,
    "test_gauner_reasons.py::test_every_certain_cell_of_random_games[4]": BUDGET,
    "test_gauner_tournament.py::test_the_solver_beats_random_bots[4-4]": BUDGET,
    "test_muenchhausen.py::test_bots_play_whole_games_by_the_rules[5]": BUDGET,
}
MAX_EXAMPLES = 10  # hypothesis's examples per property there (a test's own setting capped)
AT_LEAST = 880  # tests that must pass there, sample or whole (910 did when written: a dropped file shows)


def _pyodide_run(tmp_path: Path, script: str, *args: str) -> dict:
    """Run one of tests/pyodide/*.mjs on our wheel (+ sympy, mpmath); its last line as JSON."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("needs node and `npm ci` (make test does both where node is installed)")
    extra = sorted(WHEELS.glob("*.whl"))
    if not {w.name.split("-")[0] for w in extra} >= {"sympy", "mpmath"}:
        pytest.skip(f"needs the sympy and mpmath wheels in {WHEELS} (make test fetches them)")
    # The wheel the embedded calculators ship, written from the package's files (building
    # with pip in the work tree would race with the other tests that build there).
    ours = write_wheel(tmp_path)
    done = subprocess.run([node, str(ROOT / "tests" / "pyodide" / script), *args, str(ours), *map(str, extra)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_gauner_solver_under_pyodide_matches_numpy_here(tmp_path: Path) -> None:
    """The pure-Python engine in the browser's Python gives the numpy engine's answers."""
    from bluffmath.gauner import random_positions, solve

    positions = [list(random_positions(players, seed=11))[turn][0] for players, turn in ((2, 3), (3, 6), (4, 9))]
    file = tmp_path / "positions.json"
    file.write_text(json.dumps([p.to_json() for p in positions]))
    report = _pyodide_run(tmp_path, "gauner_solve.mjs", str(file))
    assert report["python"].startswith("3.14")
    assert report["numpy"] is False
    assert report["answers"] == [solve(p, engine="numpy").to_json() for p in positions]


@pytest.mark.slow
def test_every_core_doctest_passes_under_pyodide(tmp_path: Path) -> None:
    report = _pyodide_run(tmp_path, "core_doctests.mjs")
    assert report["python"].startswith("3.14")
    modules = report["modules"]
    needs_numpy = {name for name, counts in modules.items() if counts == "needs numpy"}
    assert needs_numpy == {"bluffmath.gauner.joint_numpy"}, needs_numpy
    modules = {name: counts for name, counts in modules.items() if name not in needs_numpy}
    expected = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                for p in (ROOT / "bluffmath").rglob("*.py")
                if p.stem not in ("__init__", "__main__")}
    assert expected - needs_numpy <= set(modules), f"not tested under Pyodide: {expected - set(modules)}"
    failed = {name: counts for name, counts in modules.items() if counts[1]}
    assert failed == {}, f"doctests failing under Pyodide: {failed}"
    assert sum(attempted for attempted, _ in modules.values()) >= 100


def test_every_test_module_is_declared() -> None:
    """Each test module runs under Pyodide or is excluded with a reason; no stale exclusion."""
    here = {p.name for p in TESTS.glob("test_*.py")}
    assert set(UNDER_PYODIDE).isdisjoint(NOT_UNDER_PYODIDE)
    assert here - set(UNDER_PYODIDE) - set(NOT_UNDER_PYODIDE) == set(), "declare these above"
    assert set(UNDER_PYODIDE) <= here
    assert set(FULL_ONLY) < set(UNDER_PYODIDE)
    for node, reason in DESELECTED.items():
        module, test = node.split("::")
        assert module in UNDER_PYODIDE
        assert reason
        assert f"def {test.split('[')[0]}(" in (TESTS / module).read_text(), f"stale: {node}"


def _modules(full: bool) -> tuple[str, ...]:
    """The test modules pytest runs under Pyodide: all under --full, else the sample."""
    return UNDER_PYODIDE if full else tuple(name for name in UNDER_PYODIDE if name not in FULL_ONLY)


def _pytest_plan(tmp_path: Path, modules: tuple[str, ...]) -> Path:
    """The files to copy into Pyodide and pytest's arguments there, as core_pytest.mjs reads them."""
    files = ["pyproject.toml", *(f"tests/{name}" for name in (*HELPERS, *modules))]
    args = ["-p", "no:cacheprovider", "-q", "-m", "not slow", "--durations=15",
            *(f"--deselect=tests/{node}" for node in DESELECTED if node.split("::")[0] in modules),
            *(f"tests/{name}" for name in modules)]
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"root": str(ROOT), "files": files, "args": args,
                                "max_examples": MAX_EXAMPLES}))
    return plan


@pytest.mark.slow
def test_the_core_test_suite_passes_under_pyodide(tmp_path: Path, full: bool) -> None:
    """pytest itself, under Python 3.14 in WebAssembly, on the core's own test modules (a
    sample of them in make test, all in make test-full)."""
    needed = {"pytest", "pluggy", "iniconfig", "packaging", "pygments", "hypothesis",
              "sortedcontainers", "lark"}
    have = {w.name.split("-")[0].lower() for w in WHEELS.glob("*.whl")}
    if not needed <= have:
        pytest.skip(f"needs the wheels of {sorted(needed - have)} in {WHEELS} (make test fetches them)")
    run = _modules(full)
    report = _pyodide_run(tmp_path, "core_pytest.mjs", str(_pytest_plan(tmp_path, run)))
    assert report["python"].startswith("3.14")
    assert report["problems"] == [], "\n\n".join(f"{n}\n{text}" for n, text in report["problems"])
    assert report["exit_code"] == 0
    modules = report["modules"]
    assert sorted(modules) == sorted(f"tests/{name}" for name in run)
    for module, counts in modules.items():
        assert set(counts) == {"passed"}, f"{module}: {counts}"  # no skip, failure or error
    passed = sum(counts["passed"] for counts in modules.values())
    print(f"under Pyodide: {passed} passed in {len(modules)} modules, {report['deselected']} deselected")
    print("seconds per module there:", report["seconds"])
    assert passed >= AT_LEAST
    assert report["deselected"] >= len([node for node in DESELECTED if node.split("::")[0] in run])
    assert report["capped"] > 0  # the cap on examples reached the tests' own settings
