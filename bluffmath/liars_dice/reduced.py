"""Liar's dice without its dominated actions: the same value from a much smaller game.

An action is *dominated by sure outcomes* when another action at the same information
set does at least as well whatever the other hand and whatever follows
(:func:`bluffmath.liars_dice.game.dominated_actions`): a liar that surely wins (the other
hand cannot make the call true) beats every raise; a liar that surely loses is beaten by
every other action; so is a call that the other player, whatever they hold, can call a
liar and surely win. The reduced game leaves them all out, walking the call histories
from the start: at each history it knows which hands can still be there (``live``), and
judges the sure outcomes over those hands only.

Leaving out weakly dominated actions, one after another, keeps a zero-sum game's value;
an equilibrium of what is left is one of the whole game once each player also answers
the left-out actions as the dominance says (a sure win where there is one: see
:func:`full_strategy`). The tests check both on every game small enough to solve whole.
The six-sided games with two dice against one shrink from millions of sequences to a
hundred thousand.

>>> from bluffmath.liars_dice.game import liars_dice, reduced_liars_dice
>>> full, small = liars_dice(2, 1, 3), reduced_liars_dice(2, 1, 3)
>>> len(full.infosets), len(small.infosets)
(1152, 756)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd

from bluffmath.equilibrium.sequence import SequenceForm, layout
from bluffmath.equilibrium.tree import Infoset
from bluffmath.liars_dice.rules import LIAR, Rules, ways

Ranks = tuple[int, ...]  # the actions kept at one information set: call ranks, -1 for liar


@dataclass(frozen=True)
class History:
    """One call history of the reduced game: its calls (ranks), the node before it
    (``parent``: -1 at the start), whose turn it is (0: player 1), the hands of the mover
    and of the other player that can be there, and for each mover's hand the actions
    kept."""

    history: tuple[int, ...]
    parent: int
    mover: int
    live: tuple[int, ...]
    others: tuple[int, ...]
    kept: tuple[Ranks, ...]


def truth(rules: Rules) -> tuple[list[list[int]], list[list[int]]]:
    """For each call (rank) and each hand of player 1 (index), the set of player 2's hands
    (a bit mask) for which the call holds; and the same the other way round."""
    hands = (list(rules.hands(1)), list(rules.hands(2)))
    counts = [[[rules.count(h, f) for f in range(rules.sides + 1)] for h in hs] for hs in hands]
    of1 = [[0] * len(hands[0]) for _ in rules.calls]
    of2 = [[0] * len(hands[1]) for _ in rules.calls]
    for c, (n, f) in enumerate(rules.call_pairs):
        for i, k1 in enumerate(counts[0]):
            for j, k2 in enumerate(counts[1]):
                if k1[f] + k2[f] >= n:
                    of1[c][i] |= 1 << j
                    of2[c][j] |= 1 << i
    return of1, of2


def walk(rules: Rules) -> list[History]:
    """The reduced game's call histories, depth first, lower calls first (see the module)."""
    true = truth(rules)
    sizes = (len(rules.hands(1)), len(rules.hands(2)))
    top = len(rules.calls) - 1
    # the hands of each player that can call each call a liar and surely win
    sure_liar = [[sum(1 << y for y in range(sizes[p]) if not true[p][c][y]) for c in range(top + 1)]
                 for p in (0, 1)]
    out: list[History] = []
    stack: list[tuple[tuple[int, ...], int, int, int, int]] = [((), -1, 0, (1 << sizes[0]) - 1, (1 << sizes[1]) - 1)]
    while stack:
        history, parent, m, live, others = stack.pop()
        o = 1 - m
        last = history[-1] if history else -1
        # a raise to c surely loses when every hand the other can hold calls it a liar, surely
        doomed = [(others & ~sure_liar[o][c]) == 0 for c in range(top + 1)]
        movers = [x for x in range(sizes[m]) if live >> x & 1]
        kept = tuple(_kept(true[m], x, last, top, others, doomed) for x in movers)
        me = len(out)
        out.append(History(history, parent, m, tuple(movers), _members(others), kept))
        makers: dict[int, int] = {}
        for x, actions in zip(movers, kept, strict=True):
            for c in actions:
                if 0 <= c < top:
                    makers[c] = makers.get(c, 0) | 1 << x
        for c in sorted(makers, reverse=True):  # popped lowest first
            stack.append(((*history, c), me, o, others, makers[c]))
    return out


def _members(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _kept(true: list[list[int]], x: int, last: int, top: int, others: int, doomed: list[bool]) -> Ranks:
    """The actions of the mover holding hand ``x`` that no other action dominates by sure
    outcomes over the other player's possible hands ``others`` (one is always kept)."""
    outcomes: dict[int, tuple[int, int]] = {}
    if last >= 0:  # liar: the mover wins if the last call fails
        holds = true[last][x] & others
        outcomes[-1] = (1, 1) if not holds else (-1, -1) if holds == others else (-1, 1)
    for c in range(last + 1, top):
        outcomes[c] = (-1, -1) if doomed[c] else (-1, 1)
    holds = true[top][x] & others
    outcomes[top] = (1, 1) if holds == others else (-1, -1) if not holds else (-1, 1)
    kept = list(outcomes)
    for b in outcomes:
        if any(a != b and outcomes[a][0] >= outcomes[b][1] for a in kept):
            kept.remove(b)
    return tuple(kept)


def action_name(rules: Rules, rank: int) -> str:
    """``"liar"`` for -1, else the call's text."""
    return LIAR if rank < 0 else rules.calls[rank]


def structure(rules: Rules, nodes: list[History]) -> tuple[dict[str, Infoset], int, SequenceForm]:
    """The reduced game's information sets (each player's by hand, then by history), its
    number of tree nodes and its sequence form, from the walk."""
    hands = (list(rules.hands(1)), list(rules.hands(2)))
    mine = tuple(["".join(map(str, h)) for h in hs] for hs in hands)
    histories = [""] * len(nodes)
    for t, node in enumerate(nodes):
        if node.history:
            before = histories[node.parent]
            histories[t] = (before + "," if before else "") + rules.calls[node.history[-1]]
    order: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] = ([], [])
    for t, node in enumerate(nodes):
        order[node.mover].extend((x, t, i) for i, x in enumerate(node.live))
    infosets: dict[str, Infoset] = {}
    first: dict[tuple[int, int], int] = {}  # (hand, node) -> its first sequence
    names: dict[tuple[int, ...], tuple[str, ...]] = {}
    for p in (0, 1):
        order[p].sort()
        count = 1
        for x, t, i in order[p]:
            node = nodes[t]
            ranks = node.kept[i]
            actions = names.get(ranks)
            if actions is None:
                actions = names[ranks] = tuple(action_name(rules, r) for r in ranks)
            parent = None
            if len(node.history) > 1:
                parent = (f"{mine[p][x]}:{histories[nodes[node.parent].parent]}", rules.calls[node.history[-2]])
            infosets[f"{mine[p][x]}:{histories[t]}"] = Infoset(p + 1, actions, parent)
            first[x, t] = count
            count += len(ranks)
    count, form = _cells(rules, nodes, first, SequenceForm(*layout(infosets), [], [], 1))
    return infosets, count, form


def _cells(rules: Rules, nodes: list[History], first: dict[tuple[int, int], int],
           shell: SequenceForm) -> tuple[int, SequenceForm]:
    """The payoff matrix, one cell per leaf and deal (the highest call at the start, one
    per hand of player 1), and the number of tree nodes."""
    true = truth(rules)
    hands = (list(rules.hands(1)), list(rules.hands(2)))
    weight = ([ways(h) for h in hands[0]], [ways(h) for h in hands[1]])
    top = len(rules.calls) - 1
    cells: list[tuple[int, int]] = []
    values: list[int] = []
    count = int(len(hands[0]) * len(hands[1]) > 1)  # the chance node
    for t, node in enumerate(nodes):
        m = node.mover
        last = node.history[-1] if node.history else -1
        if node.history:  # the sequence that made the last call, for each of its maker's hands
            before = nodes[node.parent]
            spot = {x: i for i, x in enumerate(before.live)}
            made = {y: first[y, node.parent] + before.kept[spot[y]].index(last) for y in node.others}
        for x, ranks in zip(node.live, node.kept, strict=True):
            count += len(node.others) * (1 + (ranks[0] == -1) + (ranks[-1] == top))
            start = first[x, t]
            ends = []
            if ranks[0] == -1:  # liar: the caller (the other player) wins if the call holds
                ends.append((start, true[m][last][x], m == 1))
            if ranks[-1] == top:  # the highest call: the mover wins if it holds
                ends.append((start + len(ranks) - 1, true[m][top][x], m == 0))
            for seq, holds, one_wins_if_true in ends:
                if not node.history:  # player 2 has made no move: one cell, added up
                    total = sum(weight[1][y] * (1 if (holds >> y & 1) == one_wins_if_true else -1)
                                for y in node.others)
                    if total:
                        cells.append((seq, 0))
                        values.append(weight[0][x] * total)
                    continue
                for y in node.others:
                    w = weight[m][x] * weight[1 - m][y]
                    v = w if bool(holds >> y & 1) == one_wins_if_true else -w
                    cells.append((seq, made[y]) if m == 0 else (made[y], seq))
                    values.append(v)
    denominator = rules.sides ** (rules.d1 + rules.d2)
    g = gcd(denominator, *values)
    return count, replace(shell, cells=cells, numerators=[v // g for v in values], denominator=denominator // g)


def full_strategy(rules: Rules, strategy: dict[str, dict[str, Fraction]], player: int) -> dict[str, dict[str, Fraction]]:
    """A strategy of the reduced game made one of the whole game: at every information set
    of ``player`` that the reduced strategy leaves out, the first action that sure outcomes
    do not dominate over all the other player's hands (:func:`~bluffmath.liars_dice.game.dominated_actions`;
    where a liar surely wins, the liar). The whole game must be small enough to list.

    >>> from bluffmath.equilibrium import Certificate
    >>> from bluffmath.liars_dice import liars_dice, table
    >>> small = table.certificate(2, 1, 3)                 # of the reduced game
    >>> rules = Rules(2, 1, 3)
    >>> whole = Certificate(liars_dice(2, 1, 3), small.value,
    ...                     (full_strategy(rules, small.strategy(1), 1), full_strategy(rules, small.strategy(2), 2)))
    >>> whole.value, whole.verify()
    (Fraction(1, 9), True)
    """
    from bluffmath.liars_dice.game import (
        count_ranges,
        dominated_actions,
        hand_text,
        public_histories,
    )
    sure = count_ranges(rules)
    out = {}
    histories = public_histories(len(rules.calls))
    texts = [",".join(rules.calls[c] for c in h) for h in histories]
    for hand in rules.hands(player):
        mine = hand_text(hand)
        for h, text in zip(histories, texts, strict=True):
            if len(h) % 2 != player - 1:
                continue
            key = f"{mine}:{text}"
            mix = strategy.get(key)
            if mix is None:
                left_out = dominated_actions(rules, player, hand, h, sure)
                last = h[-1] if h else -1
                actions = [LIAR] * bool(h) + list(rules.calls[last + 1:])
                mix = {next(a for a in actions if a not in left_out): Fraction(1)}
            out[key] = dict(mix)
    return out
