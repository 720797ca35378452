"""The Gauner raus! benchmark's code runs, and its model counter (Ganak, through pyganak)
counts exactly what ``solve`` counts on a few tiny positions. No timing is asserted."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks import gauner, model_counter, report, suite
from benchmarks.timing import Timing
from bluffmath.gauner import random_positions, solve

pytest.importorskip("pyganak")
pytest.importorskip("pysat")

TINY = [(2, 0, 12), (3, 0, 35), (4, 1, 30)]  # players, seed, index: well into the game
TINY_PLAN = suite.GaunerPlan(games=1, per_stage=1, repeats=1, python_every=2,
                             counter_positions=((2, 1, "late"),), counter_budget=None,
                             counter_timeout=None)


def _position(players: int, seed: int, index: int):
    return list(random_positions(players, seed))[index][0]


@pytest.mark.parametrize(("players", "seed", "index"), TINY)
def test_the_model_counter_counts_the_whole_table_exactly(players: int, seed: int,
                                                          index: int) -> None:
    position = _position(players, seed, index)
    ours = solve(position, engine="numpy").counts
    theirs = model_counter.whole_table(position)
    assert theirs.total == ours.total
    assert theirs.held == ours.held  # every opponent's every cell, and the surplus
    assert theirs.counted == theirs.needed == 1 + len(model_counter.encode(position).queries())


def test_a_count_with_a_unit_clause() -> None:
    position = _position(2, 0, 12)
    formula = model_counter.encode(position)
    assert model_counter.count(formula) == solve(position).deals == 12
    seat, cell = formula.queries()[0]
    held = solve(position).counts.held[seat][cell]
    assert model_counter.count(formula, [formula.var[seat, cell]]) == held
    assert model_counter.count(formula, [-formula.var[seat, cell]]) == 12 - held


def test_a_count_in_a_child_process_and_its_timeout() -> None:
    formula = model_counter.encode(_position(2, 0, 12))
    assert model_counter.timed_count(formula, (), timeout=60)[0] == 12
    slow = model_counter.encode(_position(2, 0, 1))  # Ganak takes seconds here
    assert model_counter.timed_count(slow, (), timeout=0.05) == (None, 0.05)


def test_ganak_writes_nothing_to_the_standard_output(capfd: pytest.CaptureFixture[str]) -> None:
    formula = model_counter.encode(_position(3, 0, 35))
    for seat, cell in formula.queries()[:5]:  # counts of 0 make Ganak talk
        model_counter.count(formula, [formula.var[seat, cell]])
    assert capfd.readouterr().out == ""


def test_positions_cover_every_stage_and_every_first_position() -> None:
    samples = gauner.sample_positions(3, games=4, per_stage=2)
    assert len(samples) == 4 * 7
    assert [(s.seed, s.index) for s in samples if s.stage == "first"] == [(g, 0) for g in range(4)]
    for s in samples:
        assert s.stage == gauner.stage_of(s.index, s.length)
        assert s.position == _position(3, s.seed, s.index)
    assert {s.stage for s in samples} == set(gauner.STAGES)
    assert gauner.stage_of(1, 30) == "early"
    assert gauner.stage_of(10, 30) == "middle"
    assert gauner.stage_of(20, 30) == "late"
    assert gauner.stage_of(0, 30) == "first"
    assert gauner.p95([float(i) for i in range(1, 101)]) == 95.0
    assert gauner.p95([3.0]) == 3.0


@pytest.fixture(scope="module")
def tiny_rows() -> list[suite.Row]:
    return gauner.bench(TINY_PLAN)


def test_the_benchmark_runs_and_reports(tiny_rows: list[suite.Row]) -> None:
    timed = [row for row in tiny_rows if row.benchmark == suite.GAUNER]
    counted = [row for row in tiny_rows if row.benchmark == suite.GAUNER_COUNTER]
    assert [row.floor for row in timed] == [suite.GAUNER_TIME[p] for p in (2, 3, 4)]
    assert len(counted) == 1
    assert counted[0].floor is suite.GAUNER_RATIO
    for row in timed:
        assert row.ours.repeats == 4
        assert row.baseline.repeats == 2
        assert row.peak is not None
        assert row.peak > 0
        assert row.text is not None
        assert "p95" in row.text[0]
    assert counted[0].data.complete
    assert not counted[0].data.timed_out
    lines = report.table(tiny_rows)
    assert len(lines) == 2 + len(tiny_rows)
    for row, line in zip(tiny_rows, lines[2:], strict=True):
        assert line.startswith(f"| {row.benchmark} | {row.query} |")
    floors = "\n".join(report.floors(tiny_rows))
    for players in (2, 3, 4):
        assert f"{suite.GAUNER_TIME[players].text}: **" in floors
    assert "peak memory < 300 MB on every position: **met**" in floors
    section = "\n".join(gauner.section(tiny_rows))
    assert "random_positions(4, 0))[0][0]" in section  # a first position, by its recipe
    assert "### Against the model counter" in section


def test_the_full_report_has_the_gauner_section(tiny_rows: list[suite.Row]) -> None:
    full = report.markdown(tiny_rows, quick=False)
    quick = report.markdown(tiny_rows, quick=True)
    assert "## Gauner raus!: the whole table" in full
    assert "## Gauner raus!" not in quick  # the quick report keeps a single table
    assert "pyganak" in quick
    assert "Ganak through `pyganak`" in quick


def test_a_model_counter_that_counts_otherwise_stops_the_benchmark(
        monkeypatch: pytest.MonkeyPatch) -> None:
    right = model_counter.count
    monkeypatch.setattr(model_counter, "count", lambda f, units=(): right(f, units) + 1)
    with pytest.raises(suite.Disagreement, match="model counter"):
        gauner.against_counter(gauner.pick(2, 1, "late"), TINY_PLAN)


def test_engines_that_disagree_stop_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    def lopsided(position, engine="auto"):
        s = solve(position, engine=engine)
        if engine == "python":
            counts = dataclasses.replace(s.counts, total=s.counts.total + 1)
            return dataclasses.replace(s, counts=counts)
        return s

    monkeypatch.setattr(gauner, "solve", lopsided)
    sample = gauner.sample_positions(2, games=1, per_stage=1)[1]
    with pytest.raises(suite.Disagreement, match="python vs default engine"):
        gauner.measure(sample, repeats=1, python=True)


def test_a_deal_that_misses_the_truth_stops_the_benchmark() -> None:
    sample = gauner.sample_positions(2, games=1, per_stage=1)[2]
    counts = solve(sample.position).counts
    seat = sample.position.opponents[0]
    cell = next(iter(sample.deal.hidden[seat]))
    held = {h: dict(cells) for h, cells in counts.held.items()}
    held[seat][cell] = 0
    with pytest.raises(suite.Disagreement, match="true deal"):
        gauner.check_truth(sample, dataclasses.replace(counts, held=held))


def test_a_floor_on_the_median_and_the_worst() -> None:
    floor = suite.Floor(suite.GAUNER, "median < 0.1 s, every position < 2 s", seconds=0.1, worst=2.0)
    assert floor.verdict(Timing((0.05, 0.06, 1.9)), 0) == (True, "yes (median and worst)")
    assert floor.verdict(Timing((0.05, 0.06, 2.5)), 0)[0] is False
    assert floor.verdict(Timing((0.2, 0.3, 1.0)), 0) == (False, "worst only (median is over)")


def test_the_gauner_floor_is_a_quarter_second_on_every_position() -> None:
    for players in (2, 3, 4):
        floor = suite.GAUNER_TIME[players]
        assert floor.verdict(Timing((0.01, 0.24)), 0)[0] is True
        assert floor.verdict(Timing((0.01, 0.26)), 0)[0] is False


# --- the three engines side by side (python -m benchmarks.gauner) ------------------------
TINY_ENGINES = gauner.EnginePlan(games=1, per_stage=1, stress=1, repeats=1)


@pytest.fixture(scope="module")
def engine_runs() -> dict[tuple[int, str], list[gauner.Engines]]:
    return gauner.run(TINY_ENGINES)


def test_the_engines_run_on_every_set(engine_runs) -> None:
    assert list(engine_runs) == [(p, name) for p in (2, 3, 4) for name in ("games", "stress")]
    for (players, name), rows in engine_runs.items():
        assert len(rows) == (4 if name == "games" else 2)
        for m in rows:
            assert m.sample.players == players
            assert set(m.times) == set(gauner.ENGINES)
            assert all(t > 0 for t in m.times.values())
            assert m.deals == solve(m.sample.position).deals
    stress = engine_runs[4, "stress"]
    assert [(m.sample.seed, m.sample.index) for m in stress] == [(1000, 0), (1000, 1)]


def test_the_engines_report(engine_runs) -> None:
    text = gauner.markdown(engine_runs, TINY_ENGINES, ("1.00", "2.00"))
    assert text.startswith("# Gauner raus!: the three engines of `solve`")
    assert "load average 1.00 at the start, 2.00 at the end" in text
    rows = [line for line in text.splitlines() if line.startswith("| 4 | ")]
    assert [r.split(" | ")[1] for r in rows] == ["games", "stress"]
    assert all(r.endswith("| yes |") for r in rows)
    for floor in ("default engine < 250 ms on every position", "python pass < 5 x 250 ms",
                  "python pass < 2.00 s on 4-player first and early positions"):
        assert f"- {floor}" in text


def test_a_floor_is_not_met_when_a_time_is_over() -> None:
    sample = gauner.stress_positions(2, 1)[0]
    slow = gauner.Engines(sample, {"auto": 0.3, "python": 0.1, "numpy": 0.3}, 1)
    fast = gauner.Engines(sample, {"auto": 0.01, "python": 0.02, "numpy": 0.01}, 1)
    lines = gauner.floor_lines({(2, "games"): [fast, slow]})
    assert lines[0] == "- default engine < 250 ms on every position: **not met** (worst 300 ms)"
    assert lines[1].endswith("**met** (worst 100 ms)")
    assert "**not met** (worst 0 µs)" in lines[2]  # no 4-player position measured


def test_an_engine_that_disagrees_stops_the_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    def lopsided(position, engine="auto"):
        s = solve(position, engine=engine)
        if engine == "numpy":
            held = {h: dict(cells) for h, cells in s.counts.held.items()}
            held["surplus"][next(iter(held["surplus"]))] += 1
            return dataclasses.replace(s, counts=dataclasses.replace(s.counts, held=held))
        return s

    monkeypatch.setattr(gauner, "solve", lopsided)
    with pytest.raises(suite.Disagreement, match="numpy vs default engine"):
        gauner.engines(gauner.stress_positions(2, 1)[0], repeats=1)


def test_without_node_the_pyodide_section_says_so(engine_runs, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    monkeypatch.setattr(shutil, "which", lambda name: None)
    lines = gauner.under_pyodide(engine_runs, repeats=1)
    assert lines[-1] == "Not measured: needs node and `npm ci` (the npm package pyodide)."
    script = gauner.NODE_SCRIPT % ("file:///pyodide.mjs", gauner.SOLVE % 3)
    assert 'from "file:///pyodide.mjs"' in script
    assert "range(3)" in script
    page = gauner.CHROMIUM_PAGE % ('["bluffmath.whl"]', gauner.SOLVE % 3)
    assert 'for (const name of ["bluffmath.whl"])' in page
    assert "range(3)" in page
