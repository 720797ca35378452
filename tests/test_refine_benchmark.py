"""The refinement benchmark's quick mode runs (in this process), both refinements verify
and punish exactly the same misplays, and a row where they differ stops the run. No
timing is asserted."""

from __future__ import annotations

import copy

import pytest

pytest.importorskip("highspy")
pytest.importorskip("scipy")

from benchmarks import refine as bench


@pytest.fixture(scope="module")
def duel() -> dict[str, dict]:
    """The Duel on 0-1-2-3 refined both ways, in this process."""
    return {way: bench.child("duel-0-1-2-3", way) for way in bench.WAYS}


def test_the_quick_run_refines_each_game_both_ways() -> None:
    text = bench.run(bench.QUICK, quick=True, measured=bench.child)  # checks each row inside
    assert "Written by `python -m benchmarks.refine --quick --write`." in text
    assert "| Kuhn poker | -1/18 | 4 of 8 and 3 of 7 (2 and 3) |" in text
    assert "| Duel on 0-1-2-3 | 0 |" in text


def test_both_refinements_verify_and_punish_the_same_misplays(duel: dict[str, dict]) -> None:
    bench.check("duel-0-1-2-3", duel)
    ours, plain = duel["bluffmath"], duel["plain"]
    assert ours["verified"]
    assert plain["verified"]
    assert ours["punished"] == plain["punished"]
    assert [len(side) for side in ours["punished"]] == [38, 10]
    assert ours["misplays"] == [48, 20]
    assert all(n >= 1 for n in ours["programs"] + plain["programs"])


def test_a_row_whose_refinements_punish_different_misplays_stops_the_run(duel: dict[str, dict]) -> None:
    doctored = copy.deepcopy(duel)
    doctored["plain"]["punished"][1].pop()
    with pytest.raises(SystemExit, match="player 2's refined strategies punish different misplays: 1 only bluffmath's"):
        bench.check("duel-0-1-2-3", doctored)


def test_a_row_of_other_certificates_stops_the_run(duel: dict[str, dict]) -> None:
    doctored = copy.deepcopy(duel)
    doctored["plain"]["certificate"] = "0" * 64
    with pytest.raises(SystemExit, match="differ in certificate"):
        bench.check("duel-0-1-2-3", doctored)


def test_the_plain_refinement_is_the_old_loop_on_the_whole_program() -> None:
    from bluffmath.equilibrium import refined, stored
    cert = stored({"game": "kuhn-poker"})
    said: list[str] = []
    plain = bench.plain_refined(cert, progress=said.append)
    assert plain.value == cert.value
    assert plain.verify()
    assert bench.punished(cert, plain.strategies) == bench.punished(cert, refined(cert).strategies)
    assert said[0] == "player 1's strategy: program 1, against 8 of 8 single misplays not yet punished"
