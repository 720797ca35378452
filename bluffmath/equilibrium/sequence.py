"""The sequence form of a game (Koller, Megiddo and von Stengel, 1996), from small builders.

A player's *sequence* is the list of their own (information set, action) choices on the way
to a node; with perfect recall it is named by its last choice, ``(infoset, action)``, or
``None`` for the empty sequence. A *realisation plan* ``x`` gives each sequence the chance
that the player's own choices make it; it is a mixed strategy written linearly:

==============================  ===========================================================
``sequences(game, p)``          player ``p``'s sequences, the empty one first (index 0)
``constraints(game, p)``        ``(E, e)``: ``E x = e`` says ``x`` is a realisation plan:
                                ``x[empty] = 1`` and, at each infoset, the actions' ``x``
                                sum to the ``x`` of the sequence before it
``payoff_matrix(game)``         ``A``: ``x^T A y`` is player 1's expected payoff; entry
                                ``(i, j)`` sums chance x payoff over the leaves where
                                player 1's sequence is ``i`` and player 2's is ``j``
``form(game)``                  all of it, computed in one walk of the tree and kept
==============================  ===========================================================

Matrices are sparse: ``E`` is a list of rows, each a dict column -> coefficient; ``A`` a dict
``(i, j) -> Fraction``.

Matching pennies, worked by hand: player 1 has sequences (empty, heads, tails); the
constraints say ``x0 = 1`` and ``x_heads + x_tails = x0``:

>>> from bluffmath.equilibrium.examples import matching_pennies
>>> g = matching_pennies()
>>> sequences(g, 1)
[None, ('hide', 'heads'), ('hide', 'tails')]
>>> constraints(g, 1)
([{0: 1}, {0: -1, 1: 1, 2: 1}], [1, 0])
>>> sorted(payoff_matrix(g).items())
[((1, 1), Fraction(-1, 1)), ((1, 2), Fraction(1, 1)), ((2, 1), Fraction(1, 1)), ((2, 2), Fraction(-1, 1))]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from bluffmath.equilibrium.tree import (
    Chance,
    Decision,
    Game,
    Infoset,
    Sequence_,
    Terminal,
    _game,
    _player,
)


@dataclass(frozen=True)
class SequenceForm:
    """Both players' sequences and information sets, and the payoff matrix.

    For player ``p`` (index ``p - 1`` of each pair): ``sequences[p-1][k]`` is sequence
    ``k``; ``index[p-1]`` maps a sequence to ``k``; ``infosets[p-1]`` lists the player's
    information sets parents first, ``parent[p-1][i]`` is the index of the sequence
    before infoset ``i`` and ``first[p-1][i]`` the index of its first action's sequence
    (an infoset's actions have consecutive indices). The payoff matrix is
    ``A[(i, j)] = numerators[k] / denominator`` for ``(i, j) = cells[k]``: integers, so
    that best responses run in integer arithmetic.
    """

    sequences: tuple[list[Sequence_], list[Sequence_]]
    index: tuple[dict[Sequence_, int], dict[Sequence_, int]]
    infosets: tuple[list[str], list[str]]
    parent: tuple[list[int], list[int]]
    first: tuple[list[int], list[int]]
    cells: list[tuple[int, int]]
    numerators: list[int]
    denominator: int

    def payoff(self) -> dict[tuple[int, int], Fraction]:
        """``A`` as a dict ``(i, j) -> Fraction``."""
        d = self.denominator
        return {cell: Fraction(n, d) for cell, n in zip(self.cells, self.numerators, strict=True)}


def reached(f: SequenceForm, r: int, allowed: list[bool]) -> list[int]:
    """The sequences of player ``r + 1`` that choices among ``allowed`` (a flag for each of
    their sequences) can make: the root, and each allowed sequence at an information set
    that such choices reach, parents first.

    >>> from bluffmath.equilibrium.examples import kuhn_poker
    >>> f = form(kuhn_poker())
    >>> f.sequences[0][:5]
    [None, ('J', 'check'), ('J', 'bet'), ('J check bet', 'fold'), ('J check bet', 'call')]
    >>> reached(f, 0, [s is None or s[1] != "bet" for s in f.sequences[0]])  # player 1 never bets
    [0, 1, 3, 4, 5, 7, 8, 9, 11, 12]
    """
    out = [0]
    made = [False] * len(f.sequences[r])
    made[0] = True
    for i, parent in enumerate(f.parent[r]):  # parents first
        if made[parent]:
            end = f.first[r][i + 1] if i + 1 < len(f.first[r]) else len(f.sequences[r])
            for k in range(f.first[r][i], end):
                if allowed[k]:
                    made[k] = True
                    out.append(k)
    return out


def form(game: Game) -> SequenceForm:
    """The sequence form of ``game``, built once and kept on the game."""
    cached = _game(game).cache.get("form")
    if cached is None:
        cached = game.cache["form"] = _build(game)
    return cached


def layout(game_infosets: dict[str, Infoset]) -> tuple[tuple, tuple, tuple, tuple, tuple]:
    """The first five fields of a :class:`SequenceForm` (sequences, index, infosets, parent,
    first) from a game's information sets."""
    sequences: tuple[list[Sequence_], list[Sequence_]] = ([None], [None])
    index: tuple[dict, dict] = ({None: 0}, {None: 0})
    infosets: tuple[list[str], list[str]] = ([], [])
    parent: tuple[list[int], list[int]] = ([], [])
    first: tuple[list[int], list[int]] = ([], [])
    for key, info in game_infosets.items():  # parents first, so a parent has its index
        p = info.player - 1
        infosets[p].append(key)
        parent[p].append(index[p][info.parent])
        first[p].append(len(sequences[p]))
        for action in info.actions:
            index[p][(key, action)] = len(sequences[p])
            sequences[p].append((key, action))
    return sequences, index, infosets, parent, first


def _leaf_cells(rows: list, cols: list, values: list) -> tuple[list[tuple[int, int]], list[int]]:
    """The payoff matrix's cells from leaves given as numpy arrays (blocks of rows, columns
    and integer payoffs): leaves that meet in one cell added up, zeros left out, in row
    then column order. For the games that build their sequence form with numpy."""
    import numpy as np
    i, j, v = (np.concatenate(x) for x in (rows, cols, values))
    order = np.lexsort((j, i))
    i, j, v = i[order], j[order], v[order]
    starts = np.flatnonzero(np.r_[True, (i[1:] != i[:-1]) | (j[1:] != j[:-1])])
    i, j, v = i[starts], j[starts], np.add.reduceat(v, starts) if len(v) else v
    nonzero = v != 0
    return list(zip(i[nonzero].tolist(), j[nonzero].tolist(), strict=True)), v[nonzero].tolist()


def _build(game: Game) -> SequenceForm:
    sequences, index, infosets, parent, first = layout(game.infosets)
    # the payoff matrix: chance x payoff summed per (sequence of 1, sequence of 2)
    sums: dict[tuple[int, int], Fraction] = {}
    index1, index2 = index
    stack: list[tuple[object, Fraction, int, int]] = [(game.root, Fraction(1), 0, 0)]
    while stack:
        node, reach, i, j = stack.pop()
        kind = type(node)
        if kind is Terminal:
            if node.payoff:
                sums[i, j] = sums.get((i, j), 0) + reach * node.payoff
        elif kind is Decision:
            key = node.infoset
            if node.player == 1:
                for action, child in zip(node.actions, node.children, strict=True):
                    stack.append((child, reach, index1[key, action], j))
            else:
                for action, child in zip(node.actions, node.children, strict=True):
                    stack.append((child, reach, i, index2[key, action]))
        elif kind is Chance:
            for p, child in node.branches:
                stack.append((child, reach * p, i, j))
    cells = sorted(cell for cell, value in sums.items() if value)
    denominator = lcm(*(Fraction(sums[c]).denominator for c in cells)) if cells else 1
    numerators = [int(sums[c] * denominator) for c in cells]
    return SequenceForm(sequences, index, infosets, parent, first, cells, numerators, denominator)


def sequences(game: Game, player: int) -> list[Sequence_]:
    """Player ``player``'s sequences: ``None`` (the empty one), then ``(infoset, action)``
    for each infoset in the order :class:`~bluffmath.equilibrium.tree.Game` lists them."""
    return list(form(game).sequences[_player(player) - 1])


def constraints(game: Game, player: int) -> tuple[list[dict[int, int]], list[int]]:
    """``(E, e)`` for ``player``: row 0 says ``x[0] = 1``; row ``1 + i`` says the
    actions of infoset ``i`` share the realisation of the sequence before it."""
    f = form(game)
    p = _player(player) - 1
    rows: list[dict[int, int]] = [{0: 1}]
    for i, key in enumerate(f.infosets[p]):
        row = {f.parent[p][i]: -1}
        start = f.first[p][i]
        for k in range(start, start + len(game.infosets[key].actions)):
            row[k] = 1
        rows.append(row)
    return rows, [1] + [0] * len(f.infosets[p])


def payoff_matrix(game: Game) -> dict[tuple[int, int], Fraction]:
    """``A``: player 1's expected payoff is ``sum(x[i] * A[i, j] * y[j])``."""
    return form(game).payoff()
