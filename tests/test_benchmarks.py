"""The benchmarks' quick mode runs, both sides of every benchmark agree, and the report
lists every benchmark. No timing is asserted: speed is measured by ``python -m benchmarks``
(figures in benchmarks/RESULTS.md), never by a timer in a test."""

from __future__ import annotations

import os
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

import benchmarks
from benchmarks import brute, games, icepool_total, plain, suite, sympy_stats
from bluffmath import hochstapler as hs
from bluffmath.hochstapler.bots import CardCountingBot


@pytest.fixture(scope="module")
def quick_run() -> benchmarks.Outcome:
    """One quick run for the whole module (a few seconds)."""
    return benchmarks.run(quick=True)


def test_every_benchmark_ran_and_agreed(quick_run: benchmarks.Outcome) -> None:
    assert {row.benchmark for row in quick_run.rows} == set(benchmarks.BENCHMARKS)
    assert all(row.agreed for row in quick_run.rows)


def test_every_row_is_in_the_report(quick_run: benchmarks.Outcome) -> None:
    table = [line for line in quick_run.markdown.splitlines() if line.startswith("| ")]
    assert len(table) == 1 + len(quick_run.rows)  # the header, then one line per row
    for row, line in zip(quick_run.rows, table[1:], strict=True):
        assert line.startswith(f"| {row.benchmark} | {row.query} |")
    for benchmark in benchmarks.BENCHMARKS:
        assert any(line.startswith(f"| {benchmark} |") for line in table)


def test_timings_were_taken(quick_run: benchmarks.Outcome) -> None:
    for row in quick_run.rows:  # something was timed on both sides; how fast is not asserted
        assert row.ours.repeats >= 1
        assert row.warm.repeats >= 1
        assert row.baseline.repeats >= 1


def test_main_quick_prints_and_writes_nothing(quick_run: benchmarks.Outcome,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    asked = []
    monkeypatch.setattr(benchmarks, "run", lambda quick: asked.append(quick) or quick_run)
    before = benchmarks.RESULTS.read_bytes() if benchmarks.RESULTS.exists() else None
    assert benchmarks.main(["--quick"]) == 0
    assert asked == [True]
    out = capsys.readouterr().out
    assert out.startswith("# bluffmath benchmarks (quick mode")
    for benchmark in benchmarks.BENCHMARKS:
        assert f"| {benchmark} |" in out
    after = benchmarks.RESULTS.read_bytes() if benchmarks.RESULTS.exists() else None
    assert after == before


def test_a_wrong_total_stops_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    right = hs.total_distribution
    monkeypatch.setattr(hs, "total_distribution", lambda *query: right(*query) + 1)
    with pytest.raises(suite.Disagreement, match="bluffmath gave"):
        suite.bench_total(suite.QUICK)


def test_a_reading_that_ignores_the_calls_stops_the_benchmark(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def counting_only(players, own, calls, face_up=(), model=None):
        return hs.total_distribution(players, own, face_up)

    monkeypatch.setattr(hs, "read_bids", counting_only)
    with pytest.raises(suite.Disagreement, match="read_bids"):
        suite.bench_bids(suite.QUICK)


def test_the_baselines_answer_the_rulebook_questions() -> None:
    # Three enumerations against each other and against bluffmath, on one more query
    # (sympy.stats is no benchmark's baseline any more: an oracle only).
    query = (3, 2, (0, 0, 1, 3, 3, 4, 5, 6))
    ours = dict(hs.total_distribution(*query).items())
    assert brute.total(*query) == ours
    assert sympy_stats.as_fractions(sympy_stats.density(*query)) == ours
    ways = plain.total(*query)
    assert {t: Fraction(n, sum(ways.values())) for t, n in ways.items()} == ours
    assert sum(ours.values()) == 1


def test_the_games_rows_report_games_per_second(quick_run: benchmarks.Outcome) -> None:
    games_row = next(row for row in quick_run.rows if row.benchmark == suite.GAMES)
    assert games_row.items == suite.QUICK.game_batch
    assert games_row.floor is suite.GAMES_RATE
    line = next(line for line in quick_run.markdown.splitlines() if line.startswith(f"| {suite.GAMES} |"))
    assert "games/s" in line
    assert f"- {suite.GAMES}, ≥ 100 games/s per core: **" in quick_run.markdown


def test_bots_that_play_other_games_stop_the_games_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    # bluffmath's side doubts more readily than the policy the baseline plays
    monkeypatch.setattr(games, "CardCountingBot", lambda: CardCountingBot(doubt_bias=Fraction(1, 2)))
    with pytest.raises(suite.Disagreement, match="card-counting games"):
        suite.bench_games(suite.QUICK)


def test_the_baseline_bots_play_the_card_counting_policy() -> None:
    game = hs.Game(players=4)
    assert games.card_counting_games(game, range(3)) == games.table_bot_games(game, range(3))


def test_the_plain_baseline_shows_its_whole_code() -> None:
    # The listing in benchmarks.plain's docstring is the code the benchmark runs.
    source = Path(plain.__file__).read_text(encoding="utf-8")
    code = source[source.rindex("\nPILE_CARDS = (0,"):]
    listing = plain.__doc__.split("This is the whole code::\n\n", 1)[1].split("\n(``tests/", 1)[0]
    assert textwrap.dedent(listing).strip() == code.strip()


def test_icepool_or_its_fallback_counts_like_plain_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    queries = [(3, 7, ()), (4, None, (0, 5)), (7, 2, (0, 0, 3))]
    for q in queries:
        assert icepool_total.total(*q) == plain.total(*q)
    monkeypatch.setattr(icepool_total, "icepool", None)  # as in a quick run without the extra
    for q in queries:
        assert icepool_total.total(*q) == plain.total(*q)


def test_the_plain_reading_is_the_brute_force_reading() -> None:
    # Two enumerations (the callers only, every seat) of the same posterior.
    position = hs.Position(players=4, hand={c: 3 for c in hs.COLOURS},
                           history=[hs.Call(1, 14, "blue"), hs.Call(2, 15, "blue"),
                                    hs.Call(3, 16, "red")])
    model = hs.OpponentModel()
    for colour in ("blue", "red"):
        q = (4, 3, position.spoken_calls(colour), position.face_up(colour))
        callers_only = plain.read_bids(*q, model.threshold, model.bluff)
        whole = sum(callers_only.values())
        assert {t: Fraction(n, whole) for t, n in sorted(callers_only.items())} == \
            brute.read_bids(*q, model)


def test_the_rows_say_median_p95_and_worst(quick_run: benchmarks.Outcome) -> None:
    lines = [line for line in quick_run.markdown.splitlines() if line.startswith("| ")]
    for benchmark in (suite.TOTAL, suite.ICEPOOL, suite.CALL, suite.EXCHANGE, suite.BIDS,
                      suite.TABLE):
        rows = [line for line in lines if line.startswith(f"| {benchmark} |")]
        assert rows
        assert all("median" in row and "p95" in row and "worst" in row for row in rows)
    tournament = next(line for line in lines if line.startswith(f"| {suite.TOURNAMENT} |"))
    assert f"{os.cpu_count()} logical cores, load average" in tournament


def test_the_queries_are_drawn_by_a_fixed_seed() -> None:
    first = suite.total_queries(suite.QUICK, 3)
    suite._POSITIONS.clear()
    assert suite.total_queries(suite.QUICK, 3) == first
    assert [p.history for p in suite.table_positions(suite.QUICK, 4)] == \
        [p.history for p in suite.table_positions(suite.QUICK, 4)]


# --- Liar's dice: the certified solve against CFR+ (benchmarks/liars_dice.py, liars_dice_cfr.py) ---
def test_liars_dice_cells_are_tried_smallest_first_within_each_shape() -> None:
    from benchmarks.liars_dice_cfr import by_shape
    from bluffmath.liars_dice.table import CELLS, TWO_AGAINST_TWO
    order = by_shape(CELLS + TWO_AGAINST_TWO)
    assert sorted(order) == sorted(CELLS + TWO_AGAINST_TWO)
    shapes = [(d1, d2, mode) for d1, d2, _, mode in order]
    for shape in set(shapes):
        first, sides = shapes.index(shape), [c[2] for c in order if (c[0], c[1], c[3]) == shape]
        assert shapes[first:first + len(sides)] == [shape] * len(sides)  # a shape's cells together
        assert sides == sorted(sides)


def test_liars_dice_a_cell_stopped_at_the_limit_stops_its_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmarks import liars_dice_cfr as cfr

    def fake_cfr(path: Path, limit: float) -> dict:
        done = not path.name.startswith("1v1-3")
        return {"iterations": 10, "gap": 1e-4 if done else 0.1, "value": 0.0, "seconds": 2.0, "wall": 2.5,
                "megabytes": 50.0, "finished": done, "failed": None}

    monkeypatch.setattr(cfr, "openspiel_installed", lambda: True)
    monkeypatch.setattr(cfr, "in_child", lambda cell, save: {"value": "0", "seconds": 0.5, "megabytes": 90.0,
                                                             "wall": 0.5})
    monkeypatch.setattr(cfr, "export_in_child", lambda cell, path: path.write_text(""))
    monkeypatch.setattr(cfr, "cfr_in_child", fake_cfr)
    rows = cfr.against_cfr([(1, 1, 4, "normal"), (2, 1, 6, "normal"), (1, 1, 3, "normal"),
                            (1, 1, 2, "normal"), (2, 1, 2, "normal")], 600)
    cells = [row for row in rows if row.startswith(("| 1v1", "| 2v1"))]
    assert [row.split(" | ")[0] for row in cells] == ["| 1v1, 2 sides, normal", "| 1v1, 3 sides, normal",
                                                      "| 1v1, 4 sides, normal", "| 2v1, 2 sides, normal",
                                                      "| 2v1, 6 sides, normal"]
    assert "| 2.00 s (10 iterations, 1.0e-04) | 50 MB | 4x | yes: -0.00020 to 0.00020 |" in cells[0]
    assert "stopped at 10 minutes: 2.00 s (10 iterations, 1.0e-01) at its last check" in cells[1]
    assert "| more than 4x |" in cells[1]
    assert "not tried: a smaller cell of this shape took longer than 10 minutes" in cells[2]
    assert "2.00 s" in cells[3]
    assert "| 49,545,091 | not tried: bluffmath builds whole games of at most" in cells[4]


def test_liars_dice_quick_speed_part_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import liars_dice
    report = liars_dice.run(quick=True, cells=None, save=False, part="speed")
    assert report.count("## ") == 1
    assert "## Against CFR+" in report
    assert "| 1v1, 4 sides, normal | 6,129 | -1/8 (-0.12500) |" in report or "Not run: open-spiel" in report
    assert "| **no**" not in report


def test_liars_dice_write_replaces_only_the_part_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from benchmarks import liars_dice
    results = tmp_path / "LIARS_DICE.md"
    results.write_text("# old\n\nold head\n## Against CFR+\n\nold rows\n## The table\n\nold table\n")
    monkeypatch.setattr(liars_dice, "RESULTS", results)
    monkeypatch.setattr(liars_dice, "run", lambda *args: "# new\n\n## Against CFR+\n\nnew rows\n")
    assert liars_dice.main(["--part", "speed", "--write"]) == 0
    assert results.read_text() == "# new\n\n## Against CFR+\n\nnew rows\n## The table\n\nold table\n"


def test_liars_dice_results_try_every_cell_and_hold_every_exact_value() -> None:
    """The results file's CFR+ section: a row for every cell, and on every row CFR+ ran,
    the exact value inside its bracket."""
    from benchmarks import liars_dice
    from benchmarks.liars_dice_cfr import _title, by_shape
    from bluffmath.liars_dice.table import CELLS, TWO_AGAINST_TWO
    section = liars_dice._sections(liars_dice.RESULTS.read_text(encoding="utf-8"))[1]["## Against CFR+"]
    rows = [line for line in section.splitlines() if line.startswith(("| 1v", "| 2v"))]
    assert [row.split(" | ")[0][2:] for row in rows] == [_title(c) for c in by_shape(CELLS + TWO_AGAINST_TWO)]
    for row in rows:
        assert "| not tried: " in row or "| yes: " in row, row
