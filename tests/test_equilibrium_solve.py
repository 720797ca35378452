"""bluffmath.equilibrium.solve (HiGHS and the exact rebuild), checked against independent
solvers: a CFR+ written here, whose strategies bracket the value within their
exploitability, and a brute force over column mixtures for the Münchhausen matrix games;
the command line ``bluffmath hochstapler duel``, and the benchmark's EFG writer."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_equilibrium import KUHN_2, kuhn_family

from bluffmath.cli import main
from bluffmath.duel import duel
from bluffmath.equilibrium import (
    Chance,
    Game,
    Terminal,
    best_response,
    exploitability,
    kuhn_poker,
    matching_pennies,
    solve,
    stored,
)
from bluffmath.errors import InvalidInputError
from bluffmath.muenchhausen import one_turn

pytest.importorskip("highspy", reason="solve needs the solver extra (make test installs it)")

F = Fraction


# --- an independent solver: CFR+ (floats) on the tree ------------------------------------
def cfr_plus(game: Game, iterations: int) -> tuple[dict, dict]:
    """Average strategies of CFR+ (regret matching+, alternating updates, linear averaging),
    rounded to exact fractions."""
    regret = {k: [0.0] * len(i.actions) for k, i in game.infosets.items()}
    total = {k: [0.0] * len(i.actions) for k, i in game.infosets.items()}

    def current(k: str) -> list[float]:
        positive = [max(v, 0.0) for v in regret[k]]
        s = sum(positive)
        return [v / s for v in positive] if s > 0 else [1 / len(positive)] * len(positive)

    def walk(node, me: int, other: float, own: float, sigma: dict, t: int) -> float:
        if isinstance(node, Terminal):
            return float(node.payoff) if me == 1 else -float(node.payoff)
        if isinstance(node, Chance):
            return sum(float(p) * walk(c, me, other * float(p), own, sigma, t) for p, c in node.branches)
        s = sigma[node.infoset]
        if node.player != me:
            return sum(s[a] * walk(c, me, other * s[a], own, sigma, t)
                       for a, c in enumerate(node.children) if s[a] > 0)
        values = [walk(c, me, other, own * s[a], sigma, t) for a, c in enumerate(node.children)]
        v = sum(p * x for p, x in zip(s, values, strict=True))
        for a, x in enumerate(values):
            regret[node.infoset][a] += other * (x - v)
            total[node.infoset][a] += t * own * s[a]
        return v

    for t in range(1, iterations + 1):
        for me in (1, 2):
            sigma = {k: current(k) for k in game.infosets}
            walk(game.root, me, 1.0, 1.0, sigma, t)
            for k, info in game.infosets.items():
                if info.player == me:
                    regret[k] = [max(v, 0.0) for v in regret[k]]
    out: tuple[dict, dict] = ({}, {})
    for k, info in game.infosets.items():
        weights = [round(w * 10**6 / (sum(total[k]) or 1)) for w in total[k]]
        if not any(weights):
            weights = [1] * len(weights)
        out[info.player - 1][k] = {a: F(w, sum(weights)) for a, w in zip(info.actions, weights, strict=True) if w}
    return out


@pytest.mark.parametrize("deck", [(0, 1, 2), (0, 1, 2, 3), (0, 0, 1, 2), (0, 1, 1, 2, 3)])
def test_the_duel_value_lies_within_cfr_bounds(deck: tuple[int, ...]) -> None:
    g = duel(deck)
    cert = solve(g)
    assert cert.verify()
    x, y = cfr_plus(g, 400)
    low, high = best_response(g, 1, x).value, best_response(g, 2, y).value
    assert low <= cert.value <= high
    assert high - low < F(1, 50)  # CFR+ got close, so the bracket means something


def test_kuhn_poker_solves_to_its_known_value_and_family() -> None:
    cert = solve(kuhn_poker())
    assert cert.value == F(-1, 18)
    assert cert.verify()
    s1 = cert.strategy(1)
    alpha = s1["J"].get("bet", F(0))
    assert 0 <= alpha <= F(1, 3)
    assert s1["K"].get("bet", F(0)) == 3 * alpha
    assert s1["Q check bet"].get("call", F(0)) == alpha + F(1, 3)
    assert cert.strategy(2) == {k: {a: F(p) for a, p in v.items()} for k, v in KUHN_2.items()}
    for member in (F(0), F(1, 9), F(1, 3)):
        assert exploitability(kuhn_poker(), 1, kuhn_family(member)) == 0


def test_matching_pennies_and_a_deck_in_any_order() -> None:
    cert = solve(matching_pennies())
    assert cert.value == 0
    assert cert.strategy(1) == {"hide": {"heads": F(1, 2), "tails": F(1, 2)}}
    assert solve(duel((3, 1, 0, 2))).value == stored(duel((0, 1, 2, 3)).spec).value


@pytest.mark.parametrize("game", [kuhn_poker(), duel((0, 1, 2)), duel((0, 0, 1, 2, 3))], ids=repr)
def test_the_double_oracle_finds_the_same_value(game: Game) -> None:
    assert solve(game, method="oracle").value == solve(game, method="lp").value


@pytest.mark.parametrize("deck", [(0, 1, 2, 3, 4), (0, 0, 1, 1, 2, 2, 3, 3)])
def test_the_interior_point_path_certifies_the_same_value(deck, monkeypatch: pytest.MonkeyPatch) -> None:
    """Large programs go to HiGHS's interior point method and its crossover: forced here on
    small Duels, the rebuilt basis still gives a certificate with the stored value."""
    from bluffmath.equilibrium import program
    by_simplex = solve(duel(deck)).value
    monkeypatch.setattr(program, "IPM_FROM", 0)
    cert = solve(duel(deck))
    assert cert.verify()
    assert cert.value == by_simplex


def test_solve_checks_its_arguments() -> None:
    with pytest.raises(InvalidInputError, match="method must be"):
        solve(kuhn_poker(), method="cfr")
    with pytest.raises(InvalidInputError, match=r"game must be a bluffmath\.equilibrium Game"):
        solve("kuhn")


def test_solved_certificates_match_the_stored_ones() -> None:
    for deck in ((0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4)):
        g = duel(deck)
        assert solve(g).value == stored(g.spec).value


# --- the Münchhausen one-turn game against brute force ---------------------------------
def _matrix_value(rows: list[tuple[Fraction, Fraction]]) -> Fraction:
    """The value of an m x 2 matrix game for the row player: the column player's best
    mixture q lies at 0, 1, or where two rows' lines cross."""
    qs = {F(0), F(1)}
    for a1, a2 in rows:
        for b1, b2 in rows:
            if (a1 - a2) != (b1 - b2):
                q = (b2 - a2) / ((a1 - a2) - (b1 - b2))
                if 0 <= q <= 1:
                    qs.add(q)
    return min(max(q * a + (1 - q) * b for a, b in rows) for q in qs)


@settings(max_examples=30, deadline=None)
@given(start=st.lists(st.integers(1, 8), max_size=4), offerer=st.lists(st.integers(1, 8), min_size=1, max_size=4),
       offer=st.integers(1, 8))
def test_one_turn_matches_the_brute_force_matrix_value(start, offerer, offer) -> None:
    g = one_turn(start, offerer, offer)
    rows = [(F(node.children[0].payoff), F(node.children[1].payoff)) for node in g.root.children]
    cert = solve(g)
    assert cert.value == _matrix_value(rows)
    assert cert.verify()


def test_one_turn_checks_its_arguments() -> None:
    with pytest.raises(InvalidInputError, match="at least one card"):
        one_turn((1,), (), 3)
    with pytest.raises(InvalidInputError, match="offer must be a whole number from 1 to 8"):
        one_turn((1,), (2,), 9)


# --- the command line ------------------------------------------------------------------
def test_duel_command_line_prints_exact_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hochstapler", "duel", "--deck", "0,1,2,3,4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == "1/30"
    assert data["deck"] == [0, 1, 2, 3, 4]
    strategies = {int(p): {k: {a: F(v) for a, v in mix.items()} for k, mix in s.items()}
                  for p, s in data["strategies"].items()}
    g = duel((0, 1, 2, 3, 4))
    assert exploitability(g, 1, strategies[1], value=F(1, 30)) == 0
    assert exploitability(g, 2, strategies[2], value=F(1, 30)) == 0


def test_duel_command_line_solves_a_deck_it_has_no_certificate_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hochstapler", "duel", "--deck", "0 0 1 2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("the Hochstapler Duel on 0,0,1,2: value to player 1 = ")
    assert "solved now" in out


@pytest.mark.parametrize(("deck", "message"), [
    ("0,x", "--deck must be card values separated by commas"),
    ("0", "deck must hold at least 2 cards"),
    ("7,7,7", "two highest cards must sum to 1 to 13"),
])
def test_duel_command_line_errors_are_one_line(capsys: pytest.CaptureFixture[str], deck: str, message: str) -> None:
    assert main(["hochstapler", "duel", "--deck", deck]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffmath: error: ")
    assert message in err
    assert err.count("\n") == 1


# --- the benchmark's EFG writer --------------------------------------------------------
def test_the_benchmark_writes_kuhn_poker_as_efg(tmp_path) -> None:
    from benchmarks.equilibrium import write_efg
    path = tmp_path / "kuhn.efg"
    write_efg(kuhn_poker(), path)
    lines = path.read_text().splitlines()
    assert lines[0].startswith("EFG 2 R")
    kinds = [line.split()[0] for line in lines[2:]]
    assert kinds.count("c") == 1
    assert kinds.count("p") == 24  # 6 deals x (1 + 2 + 1) decisions of the two players
    assert kinds.count("t") == 30  # 6 deals x 5 ends
    infosets = {(line.split()[2], line.split()[3]) for line in lines[2:] if line.startswith("p")}
    assert len(infosets) == 12
