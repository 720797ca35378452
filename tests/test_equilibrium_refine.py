"""Refined equilibria (``solve(game, refine=True)``, issue 33): still exact equilibria, and
they punish the opponent's misplays.

A *single misplay* is the opponent's equilibrium strategy with one action at one
information set played for certain. Every gain here is counted by walking the game tree
(``_payoff`` below), not by bluffmath's sequence form; Kuhn poker's equilibria of player 1
are Kuhn's (1950) one-parameter family, written out here from the published solution.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from bluffmath.duel import duel
from bluffmath.equilibrium import kuhn_poker, solve
from bluffmath.equilibrium.tree import Chance, Terminal
from bluffmath.errors import InvalidInputError
from bluffmath.liars_dice.game import liars_dice

GAMES = {"kuhn": kuhn_poker, "duel 0-3": lambda: duel((0, 1, 2, 3)), "duel 0-4": lambda: duel((0, 1, 2, 3, 4)),
         "liar's dice 1v1, 3 sides": lambda: liars_dice(1, 1, 3)}


def _payoff(node: Any, strategies: tuple[dict, dict]) -> Fraction:
    """Player 1's expected payoff, by walking the tree (an information set a strategy leaves
    out plays its first action)."""
    if isinstance(node, Terminal):
        return Fraction(node.payoff)
    if isinstance(node, Chance):
        return sum((p * _payoff(child, strategies) for p, child in node.branches), Fraction(0))
    mix = strategies[node.player - 1].get(node.infoset) or {node.actions[0]: 1}
    return sum((Fraction(p) * _payoff(node.children[node.actions.index(a)], strategies)
                for a, p in mix.items() if p), Fraction(0))


def _gains(game: Any, me: int, mine: dict, theirs: dict, value: Fraction) -> dict[tuple[str, str], Fraction]:
    """What ``mine`` (player ``me``'s strategy) gains over the value against each single
    misplay of the other player's ``theirs``."""
    other = 3 - me
    complete = {k: theirs.get(k) or {i.actions[0]: 1} for k, i in game.infosets.items() if i.player == other}
    out = {}
    for key, info in game.infosets.items():
        if info.player != other:
            continue
        for action in info.actions:
            if complete[key].get(action) == 1:
                continue
            played = {**complete, key: {action: 1}}
            pair = (mine, played) if me == 1 else (played, mine)
            out[key, action] = (_payoff(game.root, pair) - value) * (1 if me == 1 else -1)
    return out


@pytest.fixture(scope="module", params=sorted(GAMES))
def solved(request: pytest.FixtureRequest) -> tuple[Any, Any, Any]:
    game = GAMES[request.param]()
    return game, solve(game), solve(game, refine=True)


def test_a_refined_equilibrium_is_certified_with_the_same_value(solved) -> None:
    game, plain, refined = solved
    assert refined.verify()
    assert refined.value == plain.value
    assert _payoff(game.root, refined.strategies) == plain.value


@pytest.mark.parametrize("me", [1, 2])
def test_it_punishes_every_misplay_the_plain_equilibrium_punishes_and_more(solved, me: int) -> None:
    """Against every single misplay of the opponent (of the plain equilibrium's strategy),
    the refined strategy never does worse than the value, gains wherever the plain
    equilibrium's strategy gains, and gains somewhere the plain one does not (on these
    games, player 1's side)."""
    game, plain, refined = solved
    theirs = plain.strategies[2 - me]
    before = _gains(game, me, plain.strategies[me - 1], theirs, plain.value)
    after = _gains(game, me, refined.strategies[me - 1], theirs, plain.value)
    assert min(after.values()) >= 0
    assert {m for m, g in before.items() if g > 0} <= {m for m, g in after.items() if g > 0}
    if me == 1:
        assert sum(1 for g in after.values() if g > 0) > sum(1 for g in before.values() if g > 0)


def _kuhn_player_1(alpha: Fraction) -> dict[str, dict[str, Fraction]]:
    """Kuhn's equilibria of player 1: bet the Jack with chance alpha (0 to 1/3), the King
    with 3 alpha, call with the Queen with alpha + 1/3; fold the Jack, call the King."""
    return {"J": {"bet": alpha, "check": 1 - alpha}, "J check bet": {"fold": Fraction(1)},
            "Q": {"check": Fraction(1)}, "Q check bet": {"call": alpha + Fraction(1, 3), "fold": Fraction(2, 3) - alpha},
            "K": {"bet": 3 * alpha, "check": 1 - 3 * alpha}, "K check bet": {"call": Fraction(1)}}


def test_in_kuhn_poker_it_punishes_whatever_any_equilibrium_of_kuhns_family_punishes() -> None:
    game = kuhn_poker()
    plain, refined = solve(game), solve(game, refine=True)
    theirs = plain.strategies[1]
    after = {m for m, g in _gains(game, 1, refined.strategies[0], theirs, plain.value).items() if g > 0}
    family = set()
    for alpha in (Fraction(k, 12) for k in range(5)):
        assert _payoff(game.root, (_kuhn_player_1(alpha), theirs)) == Fraction(-1, 18)
        family |= {m for m, g in _gains(game, 1, _kuhn_player_1(alpha), theirs, plain.value).items() if g > 0}
    assert family
    assert family <= after


def test_a_duel_player_who_doubts_a_surely_true_call_is_punished() -> None:
    """Duel on 0-4: player 2 doubting a call its own card makes sure (its card and the
    lowest other card reach it) is a misplay; wherever the refined player 1 makes that call
    with that card possible, it gains."""
    game = duel((0, 1, 2, 3, 4))
    plain, refined = solve(game), solve(game, refine=True)
    gains = _gains(game, 1, refined.strategies[0], plain.strategies[1], plain.value)
    def surely_true(key: str) -> bool:
        card, _, calls = key.partition(":")
        return int(card) + min(c for c in range(5) if c != int(card)) >= int(calls.split(",")[-1])

    sure = [(key, "doubt") for key, info in game.infosets.items()
            if info.player == 2 and "doubt" in info.actions and surely_true(key)]
    reached = [m for m in sure if m in gains and _reaches(game, refined.strategies[0], m[0])]
    assert reached
    assert all(gains[m] > 0 for m in reached)


def _reaches(game: Any, strategy: dict, infoset: str) -> bool:
    """Whether player 1's ``strategy`` (with any play of player 2) can lead to ``infoset``."""
    def walk(node: Any) -> bool:
        if isinstance(node, Terminal):
            return False
        if isinstance(node, Chance):
            return any(walk(child) for _, child in node.branches)
        if node.infoset == infoset:
            return True
        if node.player == 1:
            mix = strategy.get(node.infoset, {})
            return any(walk(node.children[node.actions.index(a)]) for a, p in mix.items() if p)
        return any(walk(child) for child in node.children)
    return walk(game.root)


def test_refine_takes_true_or_false() -> None:
    with pytest.raises(InvalidInputError, match="refine must be True or False"):
        solve(kuhn_poker(), refine="yes")


def test_the_command_line_refines_on_request(capsys) -> None:
    """``bluffmath liars-dice solve 1 1 3 --refined --json``: the value, and strategies that
    pass the checks above on the game they name."""
    import json

    from bluffmath.cli import main

    assert main(["liars-dice", "solve", "1", "1", "3", "--refined", "--json", "--strategies"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["refined"] is True
    assert data["value"] == "-1/9"
    assert "refined to punish misplays" in data["certificate"]


def test_the_refined_certificates_that_ship_are_equilibria_that_punish_more() -> None:
    """Each refined certificate beside a stored one (what the bots play) verifies, has the
    stored one's value, and punishes every single misplay the stored one punishes."""
    from importlib.resources import files

    from bluffmath.equilibrium import Certificate, stored

    folder = files("bluffmath.equilibrium").joinpath("certificates", "refined")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    assert {"kuhn-poker.json", "hochstapler-duel-0-1-2-3-4.json"} <= set(names)
    for name in names:
        shipped = Certificate.from_json(folder.joinpath(name).read_text(encoding="utf-8"))
        assert shipped.verify()
        plain = stored(shipped.game.spec)
        assert stored(shipped.game.spec, refined=True).value == plain.value == shipped.value
        if len(shipped.game.infosets) > 2000:
            continue  # the real colour: verified above; its misplays are too many to walk here
        for me in (1, 2):
            theirs = plain.strategies[2 - me]
            before = _gains(shipped.game, me, plain.strategies[me - 1], theirs, plain.value)
            after = _gains(shipped.game, me, shipped.strategies[me - 1], theirs, plain.value)
            assert {m for m, g in before.items() if g > 0} <= {m for m, g in after.items() if g > 0}


@pytest.mark.parametrize("deck", [(0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4)])
def test_refining_now_punishes_the_very_misplays_the_shipped_refinement_punishes(deck: tuple[int, ...]) -> None:
    """The refined certificates that ship were made by the earlier refinement, over the
    whole program with the value held as a row (issue 48 made it a program over the
    optimal face alone); each player's refined strategy made now gains against exactly the
    single misplays the shipped one gains against, counted by walking the tree."""
    from bluffmath.equilibrium import refined, stored

    spec = {"game": "hochstapler-duel", "deck": list(deck)}
    plain, shipped = stored(spec), stored(spec, refined=True)
    fresh = refined(plain)
    for me in (1, 2):
        theirs = plain.strategies[2 - me]
        now = _gains(plain.game, me, fresh.strategies[me - 1], theirs, plain.value)
        then = _gains(plain.game, me, shipped.strategies[me - 1], theirs, plain.value)
        assert min(now.values()) >= 0
        assert {m for m, g in now.items() if g > 0} == {m for m, g in then.items() if g > 0}


def _punished_sets(cert: Any) -> list[set]:
    """Each player's single misplays of the stored Duel on 0-1-2-3's equilibrium that
    ``cert``'s strategy gains against, counted by walking the tree."""
    from bluffmath.equilibrium import stored

    plain = stored({"game": "hochstapler-duel", "deck": [0, 1, 2, 3]})
    return [{m for m, g in _gains(plain.game, me, cert.strategies[me - 1], plain.strategies[2 - me],
                                  plain.value).items() if g > 0} for me in (1, 2)]


@pytest.mark.parametrize("broken", ["no point", "a guess no vertex holds"])
def test_without_the_points_guess_the_refinement_is_the_same(monkeypatch: pytest.MonkeyPatch, broken: str) -> None:
    """The point inside the face is a guess the next program confirms: with no point
    (HiGHS found none), or rows no vertex can hold (the program has no optimum), the
    refinement takes the misplays one program at a time and punishes the same ones."""
    from bluffmath.equilibrium import refined, stored
    from bluffmath.equilibrium.program import _Face
    from bluffmath.equilibrium.refine import _Opponent

    plain = stored({"game": "hochstapler-duel", "deck": [0, 1, 2, 3]})
    expected = _punished_sets(refined(plain))
    if broken == "no point":
        monkeypatch.setattr(_Face, "inside", lambda self: None)
    else:
        guess = _Opponent.held
        def impossible(self: Any, face: Any, point: Any) -> Any:
            held, rows, floor = guess(self, face, point)
            return held, -rows, floor  # a gain never negative held at least 2 ** -floor below 0
        monkeypatch.setattr(_Opponent, "held", impossible)
    said: list[str] = []
    again = refined(plain, progress=said.append)
    assert again.verify()
    assert _punished_sets(again) == expected
    tried = any("holding the" in line for line in said)  # a program held the guess (and found no optimum)
    assert tried == (broken != "no point")
