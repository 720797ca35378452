"""The Hochstapler Duel built from its structure (information sets, sequence form and
dominated actions without a tree walk), checked against the game tree walked the generic
way; the dominated actions checked by brute force on the tree; and solving without them
checked against solving the whole game."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

import bluffmath.duel.tree as DUEL
from bluffmath.duel import duel
from bluffmath.equilibrium import Chance, Decision, Game, Terminal, matching_pennies, solve
from bluffmath.equilibrium.sequence import _build, form
from bluffmath.equilibrium.solver import has_solver
from bluffmath.errors import InvalidInputError

needs_solver = pytest.mark.skipif(not has_solver(), reason="solve needs the solver extra (scipy, highspy)")
DECKS = [(0, 1), (1, 1), (0, 0, 1), (0, 1, 1), (0, 1, 2), (3, 3, 3), (0, 1, 2, 3),
         (0, 1, 2, 3, 4), (0, 0, 1, 1, 2, 2, 3, 3), (1, 2, 2, 5), (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5)]


def walked(deck: tuple[int, ...]) -> Game:
    """The Duel's tree, checked and turned into a sequence form by the generic walks."""
    return Game(DUEL._tree(DUEL.check_deck(deck)))


@pytest.mark.parametrize("deck", DECKS)
def test_the_structure_agrees_with_the_tree(deck: tuple[int, ...]) -> None:
    g, tree = duel(deck), walked(deck)
    assert list(g.infosets.items()) == list(tree.infosets.items())  # the same order too
    assert g.nodes == tree.nodes
    assert "root" not in g.__dict__  # not built yet
    assert g.root == tree.root
    assert form(g) == _build(tree)


def test_without_numpy_the_tree_is_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy raises ImportError
    g = duel((0, 1, 2, 3))
    assert "root" in g.__dict__
    assert "form" not in g.cache
    monkeypatch.undo()
    h = duel((0, 1, 2, 3))
    assert "form" in h.cache
    assert form(g) == form(h)
    assert g.dominated == h.dominated
    assert g.nodes == h.nodes


def test_the_real_colour_has_its_counted_size() -> None:
    g = duel()
    f = form(g)
    assert g.nodes == 761_795 == 1 + 62 * (3 * 2**12 - 1)  # 62 deals, 4096 bid histories
    assert len(f.sequences[0]) == len(f.sequences[1]) == 49_145
    assert len(g.infosets) == 2 * 8 * 2**11  # a card and a history of each parity


# --- dominated actions, by brute force on the tree ----------------------------------------
def sure_range(node: object, player: int) -> tuple[int, int]:
    """The lowest and the highest payoff to ``player`` over every play below ``node``."""
    if isinstance(node, Terminal):
        v = node.payoff if player == 1 else -node.payoff
        return v, v
    children = [c for _, c in node.branches] if isinstance(node, Chance) else node.children
    ranges = [sure_range(c, player) for c in children]
    return min(r[0] for r in ranges), max(r[1] for r in ranges)


def decisions(node: object):
    if isinstance(node, Decision):
        yield node
    if not isinstance(node, Terminal):
        for c in ([c for _, c in node.branches] if isinstance(node, Chance) else node.children):
            yield from decisions(c)


@pytest.mark.parametrize("deck", DECKS[:9])
def test_each_dominated_action_is_beaten_surely_by_a_kept_one(deck: tuple[int, ...]) -> None:
    g = walked(deck)
    dominated = duel(deck).dominated
    ranges: dict[str, list[list[tuple[int, int]]]] = {}
    for node in decisions(g.root):
        ranges.setdefault(node.infoset, []).append([sure_range(c, node.player) for c in node.children])
    for key, info in g.infosets.items():
        kept = [k for k, a in enumerate(info.actions) if (key, a) not in dominated]
        assert kept  # every information set keeps an action
        for k, action in enumerate(info.actions):
            if (key, action) in dominated:  # some kept action does at least as well at every node
                assert any(all(at[a][0] >= at[k][1] for at in ranges[key]) for a in kept), (key, action)


def test_dominated_actions_examples() -> None:
    assert DUEL.dominated_actions(13, 0, (0, 7), ()) == ["13"]
    assert DUEL.dominated_actions(13, 7, (0, 6), (5,)) == ["doubt"]
    assert DUEL.dominated_actions(13, 7, (0, 6), (12,)) == []
    assert DUEL.dominated_actions(2, 0, (1, 1), (1,)) == ["doubt"]  # both lose: one is kept
    assert DUEL.dominated_actions(6, 3, (3, 3), ()) == ["1", "2", "3", "4", "5"]  # 6 surely wins


@pytest.mark.slow
@needs_solver
@pytest.mark.parametrize("deck", DECKS)
def test_solving_without_dominated_actions_gives_the_whole_games_value(deck: tuple[int, ...]) -> None:
    g = duel(deck)
    whole = Game(g.root, name="the whole Duel")  # no dominated actions named: the whole LP
    cert = solve(g)
    assert cert.verify()
    assert cert.value == solve(whole).value
    for player in (1, 2):  # no dominated action is played
        assert not any((key, a) in g.dominated for key, mix in cert.strategy(player).items() for a in mix)


@needs_solver
def test_a_wrong_dominated_set_falls_back_to_the_whole_program() -> None:
    pennies = matching_pennies()
    wrong = Game(pennies.root, name="pennies, heads wrongly dominated", dominated={("hide", "heads")})
    cert = solve(wrong)  # the program without heads has a certificate that fails: then the whole
    assert cert.value == 0
    assert cert.verify()
    assert cert.strategy(1)["hide"] == {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}


@pytest.mark.parametrize(("bad", "message"), [
    ([("hide", "heads")], "must be a set"),
    ({("hide", "up")}, "not a sequence"),
    ({(1, "heads")}, "not a sequence"),
    ({"hide"}, "not a sequence"),
    ({("hide", "heads"), ("hide", "tails")}, "no action"),
])
def test_the_dominated_set_is_checked(bad: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Game(matching_pennies().root, dominated=bad)


def test_an_assembled_game_builds_its_tree_once() -> None:
    calls = []
    tree = matching_pennies().root

    def build() -> object:
        calls.append(1)
        return tree

    g = Game.assembled(build, matching_pennies().infosets, 7, name="pennies")
    assert calls == []
    assert g.nodes == 7
    assert g.root is tree
    assert g.root is tree
    assert calls == [1]
    with pytest.raises(AttributeError):
        _ = g.nothing
    with pytest.raises(InvalidInputError, match="no action"):
        Game.assembled(build, g.infosets, 7, name="x", dominated={("guess", "heads"), ("guess", "tails")})
