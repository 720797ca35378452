"""The Hoax benchmark's quick mode runs and both sides agree: every posterior equals the
enumeration of role assignments, every conflict names the plain search's facts. The
baseline is checked against bluffmath's public ``deduce`` on cases a Case can hold. No
timing is asserted."""

from __future__ import annotations

import random

import pytest

from benchmarks import hoax
from bluffmath.hoax import ConflictError, deduce


def test_the_quick_run_agrees_and_reports_every_row() -> None:
    text, rows = hoax.run(quick=True)  # asserts inside: the same answers on every case
    assert [(r.what, r.claims) for r in rows] == [
        ("per-role odds", 100), ("per-role odds", 1_000), ("conflict search", 100), ("conflict search", 1_000)]
    assert all(r.cases == 3 and len(r.ours.times) == 3 for r in rows)
    assert all(f"| {r.what} | {r.claims:,} |" in text for r in rows)


def test_the_drawn_cases_are_deduced_alike_by_the_public_function() -> None:
    rng = random.Random(5)
    for _ in range(4):
        d = hoax.draw(rng, 60)
        case = d.case.adding(*d.facts)
        assert [list(row.values()) for row in deduce(case).grid()] == hoax.ours(d)
        if d.assignments <= hoax.MOST_ASSIGNMENTS:
            assert hoax.enumerate_assignments(d) == hoax.ours(d)


def test_a_drawn_conflict_is_the_one_deduce_reports() -> None:
    rng = random.Random(6)
    d = hoax.draw(rng, 80, conflict=True)
    with pytest.raises(ConflictError) as caught:
        deduce(d.case.adding(*d.facts))
    assert list(caught.value.facts) == hoax.plain_conflict(d)
