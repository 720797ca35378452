"""Liar's dice without a solver: the rules, the game built from its structure against its
tree, the reduced game's structure, the registry that lets a certificate name a game
without the equilibrium package importing any game, and the command line's wiring.

The values (against an independent linear program written here in the tests, against
the published ones, and every stored certificate) are in ``test_liars_dice_values.py``."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from fractions import Fraction as F
from itertools import product
from pathlib import Path

import pytest

from bluffmath.equilibrium import Game, game_from_spec, register
from bluffmath.equilibrium.games import builder, certificate_folder, names
from bluffmath.equilibrium.sequence import _build, form
from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.liars_dice.game import dominated_actions, liars_dice, tree
from bluffmath.liars_dice.reduced import reduced_liars_dice, walk
from bluffmath.liars_dice.rules import Rules

ROOT = Path(__file__).resolve().parents[1]
SMALL = [(1, 1, 1, "normal"), (1, 1, 2, "normal"), (1, 1, 3, "normal"), (2, 1, 1, "normal"),
         (2, 1, 2, "normal"), (1, 2, 2, "normal"), (1, 1, 2, "joker"), (1, 1, 3, "joker"),
         (2, 1, 2, "joker"), (1, 2, 3, "joker"), (1, 1, 2, "stairs"), (1, 1, 3, "stairs"),
         (2, 1, 2, "stairs"), (1, 2, 2, "stairs"), (2, 1, 3, "normal"), (2, 2, 2, "normal")]


# --- the rules -------------------------------------------------------------------------
def test_the_calls_of_each_mode() -> None:
    assert Rules(1, 1, 6).calls == tuple(f"{n}x{f}" for n in (1, 2) for f in range(1, 7))
    assert Rules(2, 1, 6, "joker").calls[:5] == ("1x2", "1x3", "1x4", "1x5", "1x6")
    assert len(Rules(2, 1, 6, "joker").calls) == 3 * 5
    assert Rules(2, 1, 6, "stairs").calls[-1] == "6x6"  # up to 2 (d1 + d2)
    assert len(Rules(2, 1, 6, "stairs").calls) == 6 * 5
    for mode in ("joker", "stairs"):
        with pytest.raises(InvalidInputError, match="at least 2 sides"):
            Rules(1, 1, 1, mode)
    with pytest.raises(InvalidInputError, match="mode must be one of normal, joker, stairs"):
        Rules(1, 1, 6, "wild")
    with pytest.raises(InvalidInputError, match="d1 must be a whole number from 1 to 5"):
        Rules(True, 1, 6)


def test_hands_and_their_chances() -> None:
    for d, s in ((1, 6), (2, 6), (3, 4), (2, 1)):
        hands = Rules(d, 1, s).hands(1)
        assert sum(hands.values()) == 1
        rolls = list(product(range(1, s + 1), repeat=d))  # every ordered roll, alike
        for hand, p in hands.items():
            assert p == F(sum(1 for r in rolls if tuple(sorted(r)) == hand), len(rolls))


def test_counts_by_mode() -> None:
    normal, joker, stairs = Rules(2, 1, 6), Rules(2, 1, 6, "joker"), Rules(2, 1, 6, "stairs")
    assert [normal.count((1, 4), f) for f in (1, 4, 5)] == [1, 1, 0]
    assert [joker.count((1, 4), f) for f in (2, 4)] == [1, 2]
    assert [joker.count((1, 1), f) for f in (2, 6)] == [2, 2]
    assert [stairs.count((1, 2), f) for f in (2, 3, 6)] == [3, 3, 3]  # a stair of two: three
    assert [stairs.count((1, 1), f) for f in (2, 6)] == [2, 2]  # ones are wild, not a stair
    assert [stairs.count((1, 3), f) for f in (3, 4)] == [2, 1]
    assert [stairs.count((1,), f) for f in (2, 6)] == [2, 2]  # one die: a one is a stair
    assert stairs.is_true("5x4", (1, 2), (1,))  # 3 + 2
    assert not stairs.is_true("6x4", (1, 2), (1,))


def test_a_play_by_the_rules() -> None:
    rules = Rules(1, 1, 2)
    state = rules.deal((2,), (1,))
    assert state.current_player == 1
    assert state.legal_actions() == ["1x1", "1x2", "2x1", "2x2"]  # no liar before a call
    with pytest.raises(IllegalActionError, match="'liar' is not legal now"):
        state.apply("liar")
    state = state.apply("1x2").apply("2x1")
    assert state.view(1) == ((2,), ("1x2", "2x1"))
    assert state.view(2) == ((1,), ("1x2", "2x1"))
    assert state.legal_actions() == ["liar", "2x2"]
    assert state.apply("liar").returns == (1, -1)  # one 1 only: player 2's 2x1 was a lie
    last = state.apply("2x2")  # the highest call ends the play; one 2 only: a lie
    assert last.is_terminal
    assert last.returns == (-1, 1)
    assert last.legal_actions() == []
    with pytest.raises(InvalidInputError, match="player 2's hand must be a tuple of 1 dice"):
        rules.deal((1,), (1, 2))


# --- the game built from its structure, against its tree -------------------------------
def _payoffs(g: Game) -> dict:
    f = form(g)
    return {(f.sequences[0][i], f.sequences[1][j]): v for (i, j), v in f.payoff().items()}


@pytest.mark.parametrize("cell", SMALL)
@pytest.mark.parametrize("build", [liars_dice, reduced_liars_dice])
def test_the_structure_agrees_with_the_tree(cell, build) -> None:
    g = build(*cell)
    walked = Game(tree(Rules(*cell), g.infosets))
    assert "root" not in g.__dict__  # not built yet
    assert g.infosets == walked.infosets
    assert g.nodes == walked.nodes
    assert _payoffs(g) == {(form(walked).sequences[0][i], form(walked).sequences[1][j]): v
                           for (i, j), v in _build(walked).payoff().items()}
    assert g.root == walked.root


def test_the_tree_plays_by_the_rules() -> None:
    """Every leaf of the whole tree pays what State.returns says, for 1v1 joker on 3 sides."""
    rules = Rules(1, 1, 3, "joker")
    root = tree(rules, liars_dice(1, 1, 3, "joker").infosets)
    seen = 0
    for p, node in root.branches:
        hand1, hand2 = (tuple(map(int, node.infoset.partition(":")[0])),
                        tuple(map(int, node.children[0].infoset.partition(":")[0])))
        stack = [(node, rules.deal(hand1, hand2))]
        while stack:
            here, state = stack.pop()
            if not hasattr(here, "children"):
                assert state.is_terminal
                assert here.payoff == state.returns[0]
                seen += 1
                continue
            assert state.legal_actions() == list(here.actions)
            assert state.current_player == here.player
            stack.extend((child, state.apply(a)) for a, child in zip(here.actions, here.children, strict=True))
        assert p == F(1, 9)
    assert seen == 9 * (2 * 2**3 - 1)  # 4 calls: 8 histories, 7 liars and 8 highest calls


def test_without_numpy_the_tree_is_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    g = liars_dice(2, 1, 2)
    assert "root" in g.__dict__
    monkeypatch.undo()
    assert _payoffs(g) == _payoffs(liars_dice(2, 1, 2))


def test_the_whole_game_has_its_counted_size() -> None:
    g = liars_dice(1, 1, 6)
    assert g.nodes == 1 + 36 * (3 * 2**11 - 1)  # 36 deals, 2,048 call histories
    assert len(form(g).sequences[0]) == 18_427
    assert len(g.infosets) == 2 * 6 * 2**10


# --- dominated actions and the reduced game --------------------------------------------
def _sure_range(rules: Rules, player: int, hand: tuple, history: tuple, action: str) -> tuple[int, int] | None:
    """The mover's payoffs of a liar or the highest call over every other hand (None for
    other calls, whose outcome depends on what follows)."""
    other = 3 - player
    calls = rules.calls
    if action == "liar":
        outs = [1 if not rules.is_true(calls[history[-1]], *((hand, h) if player == 1 else (h, hand))) else -1
                for h in rules.hands(other)]
    elif action == calls[-1]:
        outs = [1 if rules.is_true(action, *((hand, h) if player == 1 else (h, hand))) else -1
                for h in rules.hands(other)]
    else:
        return None
    return min(outs), max(outs)


@pytest.mark.parametrize("cell", [(1, 1, 3, "normal"), (2, 1, 2, "joker"), (1, 2, 3, "stairs")])
def test_dominated_actions_are_dominated_by_brute_force(cell) -> None:
    rules = Rules(*cell)
    g = liars_dice(*cell)
    for (key, action) in g.dominated:
        hand = tuple(map(int, key.partition(":")[0]))
        text = key.partition(":")[2]
        history = tuple(rules.rank[c] for c in text.split(",")) if text else ()
        player = g.infosets[key].player
        assert action in dominated_actions(rules, player, hand, history)
        mine = _sure_range(rules, player, hand, history, action)
        others = [_sure_range(rules, player, hand, history, a) or (-1, 1)
                  for a in g.infosets[key].actions if a != action]
        assert any(lo >= (1 if mine is None else mine[1]) for lo, _ in others)


def test_the_reduced_game_is_the_whole_game_with_fewer_actions() -> None:
    whole, small = liars_dice(2, 1, 3), reduced_liars_dice(2, 1, 3)
    assert set(small.infosets) < set(whole.infosets)
    for key, info in small.infosets.items():
        assert set(info.actions) <= set(whole.infosets[key].actions)
        assert info.player == whole.infosets[key].player
    nodes = walk(Rules(2, 1, 3))
    assert nodes[0].history == ()
    assert nodes[0].live == tuple(range(6))
    # player 2, facing three of a face that their die does not show, calls it a liar (a sure win)
    faced = [n for n in nodes if n.mover == 1 and n.history and n.history[-1] >= 6]
    assert faced
    for n in faced:
        face = n.history[-1] % 3 + 1
        for y, kept in zip(n.live, n.kept, strict=True):
            assert kept == (-1,) or y + 1 == face, (n.history, y, kept)
    assert small.spec == {"game": "liars-dice-reduced", "d1": 2, "d2": 1, "sides": 3, "mode": "normal"}


# --- certificates name their games through the registry --------------------------------
def test_specs_build_liars_dice() -> None:
    g = game_from_spec({"game": "liars-dice", "d1": 1, "d2": 1, "sides": 2, "mode": "joker"})
    assert g.spec == {"game": "liars-dice", "d1": 1, "d2": 1, "sides": 2, "mode": "joker"}
    assert game_from_spec({"game": "liars-dice", "d1": 1, "d2": 1, "sides": 3}).name == \
        "Liar's dice 1v1, 3 sides, normal"
    for spec, message in (({"game": "liars-dice", "d1": 1, "d2": 1}, 'key "sides" missing'),
                          ({"game": "liars-dice", "d1": 1, "d2": 1, "sides": 2, "jokers": 1}, 'unknown key "jokers"'),
                          ({"game": "liars-dice", "d1": True, "d2": 1, "sides": 2}, "d1 must be a whole number"),
                          ({"game": "liars-dice", "d1": 1.0, "d2": 1, "sides": 2}, "d1 must be a whole number"),
                          ({"game": "liars-dice", "d1": 1, "d2": 1, "sides": 2, "mode": "wild"}, "mode must be one of"),
                          ({"game": "liars-dice", "d1": 1, "d2": 1, "sides": 1, "mode": "joker"}, "at least 2 sides")):
        with pytest.raises(InvalidInputError, match=message):
            game_from_spec(spec)


def test_the_registry() -> None:
    assert {"kuhn-poker", "hochstapler-duel", "muenchhausen-one-turn", "liars-dice", "liars-dice-reduced"} <= set(names())
    assert builder("liars-dice") is liars_dice
    assert certificate_folder("liars-dice-reduced") == ("bluffmath.liars_dice", "certificates")
    assert certificate_folder("kuhn-poker") == ("bluffmath.equilibrium", "certificates")
    register("liars-dice", "bluffmath.liars_dice.game:liars_dice")  # the same again: nothing changes
    register("liars-dice", liars_dice)
    with pytest.raises(InvalidInputError, match=r"registered already, to bluffmath\.liars_dice\.game:liars_dice"):
        register("liars-dice", "bluffmath.liars_dice.game:reduced_liars_dice")
    with pytest.raises(InvalidInputError, match="no game is registered as 'dice'"):
        builder("dice")
    with pytest.raises(InvalidInputError, match="'module:function'"):
        register("a game of mine", "no colon")
    register("test: a tiny game", "bluffmath.equilibrium.examples:matching_pennies")
    assert game_from_spec({"game": "test: a tiny game"}).name == "matching pennies"


GAMES = ("bluffmath.duel", "bluffmath.hochstapler", "bluffmath.gauner", "bluffmath.hoax", "bluffmath.muenchhausen",
         "bluffmath.liars_dice", "bluffmath_widgets", "bluffmath_class")


def test_the_equilibrium_package_imports_no_game() -> None:
    """No module of bluffmath.equilibrium imports a game, even inside a function (the
    strategy explorer, explore.py, is the Duel's and Kuhn poker's: the one exception), and
    reading and checking a stored certificate of the Duel imports the Duel only then."""
    for path in sorted((ROOT / "bluffmath" / "equilibrium").glob("*.py")):
        if path.name == "explore.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(m.startswith(GAMES) for m in modules), (path.name, modules)
    code = ("import sys, json, bluffmath.equilibrium as e; before = sorted(sys.modules); "
            "c = e.stored({'game': 'hochstapler-duel', 'deck': [0, 1, 2]}); "
            "print(json.dumps([before, sorted(sys.modules), str(c.value)]))")
    before, after, value = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                                     text=True, check=True, cwd=ROOT).stdout)
    assert not [m for m in before if m.startswith(GAMES)]
    assert "bluffmath.duel.tree" in after
    assert value == "1/3"


# --- the command line's wiring ---------------------------------------------------------
def test_the_command_line_wiring() -> None:
    import argparse

    from bluffmath.liars_dice.cli import add_commands
    parser = argparse.ArgumentParser(prog="bluffmath liars-dice")
    add_commands(parser)
    args = parser.parse_args(["solve", "2", "1", "6", "--mode", "joker", "--json"])
    assert (args.d1, args.d2, args.sides, args.mode, args.json, args.whole) == (2, 1, 6, "joker", True, False)
    for bad in (["solve", "0", "1", "6"], ["solve", "1", "1", "10"], ["solve", "1", "1", "6", "--mode", "wild"],
                ["solve", "1", "1", "٣"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)


def test_bluffmath_liars_dice_solve(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's command, through the main command line: the certified value of two dice
    against one (snyd's own output file for that cell prints 212027/771552), a strategy
    whose every opening mix adds up to 1; every decision; a refused input in one line."""
    from bluffmath.cli import main
    assert main(["liars-dice", "solve", "2", "1", "6", "--mode", "normal", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["d1"], data["d2"], data["sides"], data["mode"]) == ("212027/771552", 2, 1, 6, "normal")
    assert len(data["opening"]) == 21  # two six-sided dice: 21 hands
    assert all(sum(F(p) for p in mix.values()) == 1 for mix in data["opening"].values())
    assert main(["liars-dice", "solve", "1", "1", "6", "--strategies"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Liar's dice 1v1, 6 sides, normal: value to player 1 = -1/9 (about -0.1111)")
    assert "player 2 (information set" in text
    assert "\n  6:1x1 " in text  # player 2 holding a six, after 1x1
    assert main(["liars-dice", "solve", "1", "1", "1", "--mode", "joker"]) == 2
    assert capsys.readouterr().err == ("bluffmath: error: the joker mode calls faces 2 to sides, so it needs at "
                                       "least 2 sides, got 1\n")


def test_bluffmath_liars_dice_table(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The table task, on a few light cells (every cell: the heavy ones take half a minute)."""
    from bluffmath.cli import main
    from bluffmath.liars_dice import table
    monkeypatch.setattr(table, "CELLS", ((1, 1, 6, "normal"), (1, 1, 5, "normal"), (2, 1, 5, "stairs")))
    monkeypatch.setattr(table, "TWO_AGAINST_TWO", ((2, 2, 4, "normal"),))
    assert main(["liars-dice", "table"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["1v1       6  normal  -1/9 (about -0.1111)   -1/9",
                         "1v1       5  normal  -3/25 (about -0.1200)  -3/35",
                         "2v1       5  stairs  not stored             -",
                         "2v2       4  normal  7/384 (about 0.0182)   -"]
    assert main(["liars-dice", "table", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[1] == {"d1": 1, "d2": 1, "sides": 5, "mode": "normal",
                                                      "value": "-3/25", "published": "-3/35"}
