"""The random-games run (``benchmarks/hoax_games.py``): its checks fail on a broken state,
and a short run reports what it played."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_hoax_rules import thief_with_no_move

from benchmarks import hoax_games
from bluffmath.hoax.actions import Act, Pass
from bluffmath.hoax.events import Claimed
from bluffmath.hoax.game import Game


def test_a_short_run_reports_its_games():
    results = [hoax_games.run(edition, 12) for edition in hoax_games.SIZES]
    assert [r["games"] for r in results] == [12, 12]
    assert sum(len(ts) for ts in results[1]["times"].values()) == 12
    text = hoax_games.report(results, (0.5, 0.7), 1.0)
    assert "| original | 12 |" in text
    assert "| edition | games | moves | draws | turns passed | all rules held | save replays |" in text
    assert "load average (1 min): 0.50 at the start, 0.70 at the end" in text


def test_the_checks_catch_a_lost_token_and_a_covered_claim():
    state = Game("original", players=3, seed=1).new_game()
    with pytest.raises(AssertionError, match="tokens not conserved"):
        hoax_games.check(state, replace(state, castle=(19, 20, 20)))
    covered = replace(state, covered=(frozenset({"King"}), frozenset(), frozenset()))
    lying = replace(covered, log=(*covered.log, Claimed(0, "King", str(Act("King", "tax")))))
    with pytest.raises(AssertionError, match="a covered role claimed"):
        hoax_games.check(covered, lying)


def test_the_pass_check_reads_the_rules_from_the_raw_state():
    """A Thief found out as every other role, nothing anywhere to steal, no trio: no move, and
    the engine's lone pass agrees; a wine at Bo's, a trio of her own, or the variant sheet
    gives her a move, and a pass offered then (or none offered at all) is caught."""
    stuck = thief_with_no_move()
    assert hoax_games.no_move(stuck)
    hoax_games.check_turn(stuck, stuck.legal_actions())
    with pytest.raises(AssertionError, match="a pass offered with another move, or no move at all"):
        hoax_games.check_turn(stuck, [])
    for change in ({"outside": ((0, 0, 0), (0, 0, 1), (0, 0, 0))}, {"vault": (1, 0, 0)},
                   {"game": Game("original", players=3, deal=stuck.cards, accuse_on_turn=True)}):
        moving = replace(stuck, **change)
        assert not hoax_games.no_move(moving)
        with pytest.raises(AssertionError, match="a pass offered"):
            hoax_games.check_turn(moving, [Pass()])
