"""The random-games run (``benchmarks/hoax_games.py``): its checks fail on a broken state,
and a short run reports what it played."""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks import hoax_games
from bluffmath.hoax.actions import Act
from bluffmath.hoax.events import Claimed
from bluffmath.hoax.game import Game


def test_a_short_run_reports_its_games():
    results = [hoax_games.run(edition, 12) for edition in hoax_games.SIZES]
    assert [r["games"] for r in results] == [12, 12]
    assert sum(len(ts) for ts in results[1]["times"].values()) == 12
    text = hoax_games.report(results, (0.5, 0.7), 1.0)
    assert "| original | 12 |" in text
    assert "load average (1 min): 0.50 at the start, 0.70 at the end" in text


def test_the_checks_catch_a_lost_token_and_a_covered_claim():
    state = Game("original", players=3, seed=1).new_game()
    with pytest.raises(AssertionError, match="tokens not conserved"):
        hoax_games.check(state, replace(state, castle=(19, 20, 20)))
    covered = replace(state, covered=(frozenset({"King"}), frozenset(), frozenset()))
    lying = replace(covered, log=(*covered.log, Claimed(0, "King", str(Act("King", "tax")))))
    with pytest.raises(AssertionError, match="a covered role claimed"):
        hoax_games.check(covered, lying)
