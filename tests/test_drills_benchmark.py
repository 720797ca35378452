"""The drills benchmark (benchmarks/drills.py): both sides keep the same decisions, a
baseline that keeps other ones stops it, and its report has a row per game with the floor."""

from __future__ import annotations

import pytest

from benchmarks import drills as bench


def test_both_sides_keep_the_same_decisions_and_the_report_has_every_game() -> None:
    rows = {game: bench.measure(game, 1) for game in ("hoax", "muenchhausen")}
    for ours, theirs, seats, built in rows.values():
        assert len(ours.times) == len(theirs.times) == seats > 1
        assert built > 0
    text = bench.report(True, 1, rows, (0.0, 0.0))
    table = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(table) == 1 + len(rows)
    assert all(line.endswith(("| 2 s | yes |", "| 2 s | no |")) for line in table[1:])


def test_a_baseline_that_keeps_other_decisions_stops_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    real = bench.by_hand
    monkeypatch.setattr(bench, "by_hand", lambda save, seat: real(save, seat)[1:])
    with pytest.raises(AssertionError):
        bench.measure("muenchhausen", 1)
