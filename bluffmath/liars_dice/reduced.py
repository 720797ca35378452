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

>>> from bluffmath.liars_dice.game import liars_dice
>>> full, small = liars_dice(2, 1, 3), reduced_liars_dice(2, 1, 3)
>>> len(full.infosets), len(small.infosets)
(1152, 756)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd
from typing import NoReturn

from bluffmath.equilibrium.response import check_strategy, realisation_plan
from bluffmath.equilibrium.sequence import SequenceForm, layout
from bluffmath.equilibrium.tree import Game, Infoset
from bluffmath.errors import InvalidInputError
from bluffmath.liars_dice.game import (
    _names,
    check_whole_size,
    count_ranges,
    dominated_actions,
    hand_text,
    public_histories,
    tree,
    what_fits,
)
from bluffmath.liars_dice.rules import LIAR, Rules, checked_rules, ways
from bluffmath.limits import MAX_GAME_NODES
from bluffmath.validate import whole_number

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


def reduced_liars_dice(d1: int, d2: int, sides: int, mode: str = "normal") -> Game:
    """The game without the actions that sure outcomes dominate, one after another (see
    the module): the same value, and its equilibria are the whole game's
    (:func:`~bluffmath.liars_dice.game.liars_dice`) once the left-out actions are answered
    by the dominance (:func:`full_strategy`). Its size is checked before the walk of its
    histories starts, and the walk stops once past the limit (:func:`walk`)."""
    rules = Rules(d1, d2, sides, mode)
    name, spec = _names(rules, "liars-dice-reduced")
    infosets, nodes, form = structure(rules, walk(rules))
    return Game.assembled(lambda: tree(rules, infosets), infosets, nodes, cache={"form": form},
                          name=name + ", reduced", spec=spec, simplex=True)


def truth(rules: Rules) -> tuple[list[list[int]], list[list[int]]]:
    """For each call (rank) and each hand of player 1 (index), the set of player 2's hands
    (a bit mask) for which the call holds; and the same the other way round.

    >>> truth(Rules(1, 1, 2))[0][1]   # 1x2: holding a one, if player 2's die is a two; holding a two, always
    [2, 3]
    """
    counts = _counts(rules)
    reach = [_at_least(rules, k) for k in counts]  # [face][t]: the hands counting at least t
    most = rules.highest_count
    out = []
    for mine, theirs in ((counts[0], reach[1]), (counts[1], reach[0])):
        out.append([[theirs[f][max(n - k[f], 0)] if n - k[f] <= most else 0 for k in mine]
                    for n, f in rules.call_pairs])
    return out[0], out[1]


def _counts(rules: Rules) -> tuple[list[list[int]], list[list[int]]]:
    """For each player's each hand (index), how many dice of each face (0 to sides) it counts as."""
    faces = range(rules.sides + 1)
    one, two = ([[rules.count(h, f) for f in faces] for h in rules.hands(p)] for p in (1, 2))
    return one, two


def _at_least(rules: Rules, counts: list[list[int]]) -> list[list[int]]:
    """For each face and each count t from 0 to the highest call's, the hands (a bit mask)
    that count at least t dice of the face."""
    out = []
    for f in range(rules.sides + 1):
        row = [0] * (rules.highest_count + 1)
        for i, k in enumerate(counts):
            for t in range(min(k[f], rules.highest_count) + 1):
                row[t] |= 1 << i
        out.append(row)
    return out


def least_nodes(rules: Rules) -> int:
    """A lower bound on the reduced game's nodes, counted cheaply before it is walked: the
    chance node, a decision at the start for each deal, and one for each deal after each
    first call its opener keeps (every call that some deal makes true, below the highest,
    unless the highest call surely wins for the opener's hand: then it is the only one).

    >>> least_nodes(Rules(1, 1, 6)), reduced_nodes(Rules(1, 1, 6))
    (433, 35299)
    >>> f"{least_nodes(Rules(5, 5, 9)):,}"     # more than MAX_GAME_NODES: refused at once
    '149,073,211'
    """
    counts = _counts(rules)
    sizes = len(counts[0]), len(counts[1])
    most = [[max(k[f] for k in counts[p]) for f in range(rules.sides + 1)] for p in (0, 1)]
    raises = sum(1 for n, f in rules.call_pairs[:-1] if most[0][f] + most[1][f] >= n)
    n, f = rules.call_pairs[-1]
    fewest = min(k[f] for k in counts[1])
    sure = sum(1 for k in counts[0] if k[f] + fewest >= n)  # the highest call wins, whatever player 2 holds
    deals = sizes[0] * sizes[1]
    return (deals > 1) + deals + sizes[1] * (sizes[0] - sure) * raises


def reduced_nodes(rules: Rules, at_most: int = MAX_GAME_NODES) -> int | None:
    """The reduced game's nodes, counted without building it, or None if there are more
    than ``at_most`` (the count stops there). What follows a call history depends only on
    the last call, who moves and which hands of each player can be there, so each such
    position is counted once however many histories reach it.

    >>> reduced_nodes(Rules(2, 1, 3)), reduced_nodes(Rules(2, 1, 6, "stairs"))
    (4444, None)
    """
    return None if least_nodes(rules) > at_most else _counted(rules, at_most)


def _counted(rules: Rules, at_most: int) -> int | None:
    """:func:`reduced_nodes` once its lower bound fits: each position counted once."""
    true = truth(rules)
    sizes, top = (len(true[0][0]), len(true[1][0])), len(rules.calls) - 1
    sure_liar = _sure_liars(true, sizes, top)
    known: dict[tuple[int, int, int, int], int] = {}

    def count(last: int, m: int, live: int, others: int) -> int:
        total = known.get((last, m, live, others))
        if total is None:
            _, raises, kept, raising = _position(true[m], sure_liar[1 - m], last, top, live, others)
            total = others.bit_count() * sum(1 + (r[0] == -1) + (r[-1] == top) for r in kept)
            for c in raises if raising else ():
                total += count(c, 1 - m, others, raising)
                if total > at_most or len(known) > at_most:
                    raise _TooManyError
            known[last, m, live, others] = total
        return total

    try:
        nodes = int(sizes[0] * sizes[1] > 1) + count(-1, 0, (1 << sizes[0]) - 1, (1 << sizes[1]) - 1)
    except _TooManyError:
        return None
    return nodes if nodes <= at_most else None


class _TooManyError(Exception):
    """The count passed its limit."""


def check_size(rules: Rules) -> int:
    """The reduced game's nodes (:func:`reduced_nodes`), if at most
    :data:`~bluffmath.limits.MAX_GAME_NODES`; else an error with the count, the limit
    and the numbers of sides that fit with these dice and mode. It takes a fraction of a
    second for every variant the rules allow.

    >>> check_size(Rules(2, 1, 6))
    946279
    >>> check_size(Rules(5, 5, 9))
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: the reduced game of Liar's dice 5v5, 9 sides, normal has at least 149,073,211 nodes ...
    """
    least = least_nodes(rules)
    nodes = None if least > MAX_GAME_NODES else _counted(rules, MAX_GAME_NODES)
    if nodes is None:
        _refuse(rules, f"at least {least:,} nodes (counted from its first calls)" if least > MAX_GAME_NODES
                else f"more than {MAX_GAME_NODES:,} nodes (counted before it is built)")
    return nodes


def _refuse(rules: Rules, size: str) -> NoReturn:
    raise InvalidInputError(
        f"the reduced game of {rules.name} has {size}; bluffmath builds at most {MAX_GAME_NODES:,} "
        f"(MAX_GAME_NODES). {what_fits(rules, lambda r: reduced_nodes(r) is not None)}")


def walk(rules: Rules) -> list[History]:
    """The reduced game's call histories, depth first, lower calls first (see the module).

    Its size is checked before the walk starts (:func:`check_size`), and the walk itself
    stops as soon as the game passes :data:`~bluffmath.limits.MAX_GAME_NODES` nodes:

    >>> walk(Rules(2, 2, 6))
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: the reduced game of Liar's dice 2v2, 6 sides, normal has more than 5,000,000 nodes ...
    """
    check_size(rules)
    true = truth(rules)
    sizes, top = (len(true[0][0]), len(true[1][0])), len(rules.calls) - 1
    sure_liar = _sure_liars(true, sizes, top)
    out: list[History] = []
    nodes = int(sizes[0] * sizes[1] > 1)
    # what follows a history depends only on these four: each is judged once
    known: dict[tuple[int, int, int, int], tuple] = {}
    stack: list[tuple[tuple[int, ...], int, int, int, int]] = [((), -1, 0, (1 << sizes[0]) - 1, (1 << sizes[1]) - 1)]
    while stack:
        history, parent, m, live, others = stack.pop()
        last = history[-1] if history else -1
        here = known.get((last, m, live, others))
        if here is None:
            movers, raises, kept, raising = _position(true[m], sure_liar[1 - m], last, top, live, others)
            size = others.bit_count() * sum(1 + (r[0] == -1) + (r[-1] == top) for r in kept)
            here = known[last, m, live, others] = (movers, _members(others), kept, size, raises if raising else (),
                                                   raising)
        movers, members, kept, size, raises, raising = here
        nodes += size
        if nodes > MAX_GAME_NODES:  # counted before: a safeguard
            _refuse(rules, f"more than {MAX_GAME_NODES:,} nodes (the walk passed them after {len(out):,} call histories)")
        out.append(History(history, parent, m, movers, members, kept))
        # the raises, popped lowest first; the hands that keep them are the next one's others
        stack.extend(((*history, c), len(out) - 1, 1 - m, others, raising) for c in reversed(raises))
    return out


def _sure_liars(true: tuple[list[list[int]], list[list[int]]], sizes: tuple[int, int], top: int) -> list[list[int]]:
    """For each player and call, the hands that can call it a liar and surely win."""
    return [[sum(1 << y for y in range(sizes[p]) if not true[p][c][y]) for c in range(top + 1)] for p in (0, 1)]


def _position(true: list[list[int]], sure_liar: list[int], last: int, top: int, live: int,
              others: int) -> tuple[tuple[int, ...], Ranks, tuple[Ranks, ...], int]:
    """At a call history: the mover's hands that can be there, the raises that do not
    surely lose, each hand's kept actions, and the hands that keep the raises (a mask)."""
    # a raise to c surely loses when every hand the other can hold calls it a liar, surely
    raises = tuple(c for c in range(last + 1, top) if others & ~sure_liar[c])
    movers = _members(live)
    kept = tuple(_kept(true, x, last, top, others, raises) for x in movers)
    raising = sum(1 << x for x, r in zip(movers, kept, strict=True) if len(r) > 1 or r[0] not in (-1, top))
    return movers, raises, kept, raising


def _members(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _kept(true: list[list[int]], x: int, last: int, top: int, others: int, raises: Ranks) -> Ranks:
    """The actions of the mover holding hand ``x`` that no other action dominates by sure
    outcomes over the other player's possible hands ``others`` (one is always kept);
    ``raises``: the calls between the last one and the highest that do not surely lose.

    An action that surely wins leaves only itself (the highest call before a liar); else
    every action that can win or lose is kept (they dominate the sure losses); else the
    highest call. The same as leaving out, one after another in the order of the actions,
    each action that another one left dominates."""
    holds = true[top][x] & others
    if holds == others:  # the highest call surely holds
        return (top,)
    liar = ()
    if last >= 0:  # liar: the mover wins if the last call fails
        doubted = true[last][x] & others
        if not doubted:
            return (-1,)
        liar = (-1,) if doubted != others else ()
    kept = liar + raises + ((top,) if holds else ())
    return kept or (top,)


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
    where a liar surely wins, the liar). The whole game must be small enough to build
    (:func:`~bluffmath.liars_dice.game.check_whole_size`), and ``strategy`` must be one of
    ``player``'s in the reduced game of ``rules``: its information sets and their actions,
    exact probabilities (ints or Fractions) that sum to 1 at each, and a mix at every
    information set its own choices reach.

    >>> from bluffmath.equilibrium import Certificate
    >>> from bluffmath.liars_dice import liars_dice, table
    >>> small = table.certificate(2, 1, 3)                 # of the reduced game
    >>> rules = Rules(2, 1, 3)
    >>> whole = Certificate(liars_dice(2, 1, 3), small.value,
    ...                     (full_strategy(rules, small.strategy(1), 1), full_strategy(rules, small.strategy(2), 2)))
    >>> whole.value, whole.verify()
    (Fraction(1, 9), True)
    >>> full_strategy(rules, small.strategy(1), 2)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: player 2's strategy names '11:', which is not one of player 2's information sets ...
    """
    clean = _checked_strategy(rules, strategy, player)
    sure = count_ranges(rules)
    out = {}
    histories = public_histories(len(rules.calls))
    texts = [",".join(rules.calls[c] for c in h) for h in histories]
    for hand in rules.hands(player):
        mine = hand_text(hand)
        for h, text in zip(histories, texts, strict=True):
            if len(h) % 2 == player - 1:
                key = f"{mine}:{text}"
                out[key] = dict(clean[key]) if key in clean else _sure_answer(rules, player, hand, h, sure)
    return out


def _checked_strategy(rules: object, strategy: object, player: object) -> dict[str, dict[str, Fraction]]:
    """``strategy`` as a clean dict of Fractions if it is one of ``player``'s strategies in
    the reduced game of ``rules`` (see :func:`full_strategy`), whose whole game fits."""
    checked_rules(rules)
    whole_number("player", player, 1, 2)
    check_whole_size(rules)
    reduced = reduced_liars_dice(rules.d1, rules.d2, rules.sides, rules.mode)
    clean = check_strategy(reduced, player, strategy)
    realisation_plan(reduced, player, clean)  # a mix at every information set it reaches
    return clean


def _sure_answer(rules: Rules, player: int, hand: tuple[int, ...], history: tuple[int, ...],
                 sure: dict[tuple[int, int], tuple[int, int]]) -> dict[str, Fraction]:
    """The first action there that sure outcomes do not dominate, played for certain."""
    left_out = dominated_actions(rules, player, hand, history, sure)
    last = history[-1] if history else -1
    actions = [LIAR] * bool(history) + list(rules.calls[last + 1:])
    return {next(a for a in actions if a not in left_out): Fraction(1)}
