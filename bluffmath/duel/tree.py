"""The Hochstapler Duel(D) as a game tree: two players, small enough to solve exactly.

As ``docs/reference/rulings.md`` has it: one colour whose cards are the multiset ``D`` (default the real
colour 0,0,0,1,1,2,2,3,3,4,4,5,5,6,7); each player is dealt one card without replacement
and sees only their own. Player 1 calls a total ``t`` with ``1 <= t <= T`` (``T``: the sum
of the two highest cards of ``D``); then, starting with player 2, the players raise to a
higher call up to ``T`` or doubt. A doubt is settled as in the full game: if the two cards
sum to at least the call, the doubter loses 1 and the caller wins 1; otherwise the
reverse. A call of ``T`` must be doubted, so the tree ends there at once.

The game (:func:`duel`) is a :class:`~bluffmath.equilibrium.tree.Game` for
:func:`bluffmath.equilibrium.solve`. Information sets are named ``"card:calls"``: ``"3:"``
is a player holding 3 before any call (player 1's opening), ``"3:4,7"`` a player holding 3
after the calls 4 and 7 (so player 1 again). Actions are ``"doubt"`` and the call as
digits (``"8"``). Chance deals the pair of values with probability by counts:
``n(a) * (n(b) - [a = b]) / (|D| (|D| - 1))``.

The game comes from the Duel's structure, a bid history and a card for each player: its
information sets and its sequence form are built from them directly (with numpy; without
it, from the tree), and the tree only when ``root`` is first used. It names its actions
that are dominated by sure outcomes (:func:`dominated_actions`), which
:func:`~bluffmath.equilibrium.solve` leaves out of its first program. The Duel played
move by move is :mod:`bluffmath.duel.engine`.

>>> g = duel((0, 1, 2))
>>> g.infosets["1:2"]
Infoset(player=2, actions=('doubt', '3'), parent=None)
>>> sorted(a for key, a in g.dominated if key == "0:1")   # 0 + 1 or 2: at least 1, below 3
['3', 'doubt']

Its certificate ships with bluffmath (:func:`bluffmath.equilibrium.solve` made it):

>>> from bluffmath.equilibrium import stored
>>> cert = stored(g.spec)
>>> cert.value, cert.verify()
(Fraction(1, 3), True)
>>> cert.strategy(1)["0:"]
{'2': Fraction(1, 1)}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from math import lcm

from bluffmath.equilibrium.sequence import SequenceForm, _leaf_cells, layout
from bluffmath.equilibrium.tree import Chance, Decision, Game, Infoset, Terminal
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.rules import card_values
from bluffmath.limits import MAX_DUEL_CALL
from bluffmath.validate import shown, whole_number

#: The real colour of Hochstapler.
COLOUR = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)

_WIN, _LOSE = Terminal(1), Terminal(-1)


def check_deck(deck: Iterable[int]) -> tuple[int, ...]:
    """``deck`` as a sorted tuple of card values, or a clear error (at least 2 cards,
    values from 0 to 13, the two highest summing to 1 to 13)."""
    values = tuple(sorted(card_values("deck", deck, MAX_DUEL_CALL)))
    if len(values) < 2:
        raise InvalidInputError(f"deck must hold at least 2 cards (one for each player), got {len(values)}")
    top = values[-1] + values[-2]
    if not 1 <= top <= MAX_DUEL_CALL:
        raise InvalidInputError(f"deck's two highest cards must sum to 1 to {MAX_DUEL_CALL} (the highest "
                                f"call T; the tree doubles with each call more), got {top}")
    return values


def highest_call(deck: Iterable[int] = COLOUR) -> int:
    """``T``, the highest call: the sum of the deck's two highest cards.

    >>> highest_call(), highest_call((0, 1, 2, 3, 4))
    (13, 7)
    """
    values = check_deck(deck)
    return values[-1] + values[-2]


def deals(deck: Iterable[int] = COLOUR) -> dict[tuple[int, int], Fraction]:
    """P(player 1 holds a, player 2 holds b) for each pair of values, by counts.

    >>> deals((0, 0, 1))
    {(0, 0): Fraction(1, 3), (0, 1): Fraction(1, 3), (1, 0): Fraction(1, 3)}
    """
    values = check_deck(deck)
    counts = Counter(values)
    pairs = len(values) * (len(values) - 1)
    out = {}
    for a in sorted(counts):
        for b in sorted(counts):
            ways = counts[a] * (counts[b] - (a == b))
            if ways:
                out[a, b] = Fraction(ways, pairs)
    return out


def duel(deck: Iterable[int] = COLOUR) -> Game:
    """The Duel on ``deck`` (a tuple of card values; default the real colour) as a game
    (see the module). Its information sets, its sequence form and its dominated actions
    (:func:`dominated_actions`) come from the Duel's structure (a bid history and a card
    per player), in the order a walk of the tree meets them; the tree itself is built
    on first use of ``root`` (the tests check that the two agree)."""
    values = check_deck(deck)
    top = values[-1] + values[-2]
    chances = deals(values)
    histories = _histories(top)
    infosets, where, dominated = _infosets(values, chances, histories)
    name = f"the Hochstapler Duel on {','.join(map(str, values))}"
    spec = {"game": "hochstapler-duel", "deck": list(values)}
    try:
        form = _form(infosets, where, chances, histories, top)
    except ImportError:  # no numpy (a browser's Python): the tree, walked
        return Game(_tree(values), name=name, spec=spec, dominated=frozenset(dominated))
    nodes = (len(chances) > 1) + len(chances) * (3 * len(histories) - 1)
    return Game.assembled(lambda: _tree(values), infosets, nodes, cache={"form": form},
                          name=name, spec=spec, dominated=frozenset(dominated))


def _tree(values: tuple[int, ...]) -> Chance | Decision:
    """The Duel's game tree (see the module)."""
    top = values[-1] + values[-2]
    names = [str(t) for t in range(top + 1)]
    keys: dict[tuple[int, tuple[int, ...]], str] = {}

    def key(card: int, calls: tuple[int, ...]) -> str:
        k = keys.get((card, calls))
        if k is None:
            k = keys[card, calls] = f"{card}:" + ",".join(names[c] for c in calls)
        return k

    def settle(total: int, caller: int, call: int) -> Terminal:
        caller_wins = total >= call
        return _WIN if (caller == 1) == caller_wins else _LOSE

    def node(cards: tuple[int, int], total: int, calls: tuple[int, ...]) -> Decision:
        mover = 1 + len(calls) % 2
        last = calls[-1] if calls else 0
        actions: list[str] = []
        children: list[object] = []
        if calls:
            actions.append("doubt")
            children.append(settle(total, 3 - mover, last))
        for t in range(last + 1, top + 1):
            actions.append(names[t])
            children.append(settle(total, mover, t) if t == top else node(cards, total, (*calls, t)))
        return Decision(mover, key(cards[mover - 1], calls), tuple(actions), tuple(children))

    branches = tuple((p, node((a, b), a + b, ())) for (a, b), p in deals(values).items())
    return branches[0][1] if len(branches) == 1 else Chance(branches)


def _histories(top: int) -> list[tuple[int, ...]]:
    """Every bid history (rising calls below ``top``: a call of ``top`` ends the game), in
    the order of a depth-first walk, lower calls first."""
    out: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        calls = stack.pop()
        out.append(calls)
        stack.extend((*calls, t) for t in range(top - 1, (calls[-1] if calls else 0), -1))
    return out


def _infosets(values: tuple[int, ...], chances: dict, histories: list) -> tuple[dict, dict, set]:
    """The information sets ``"card:calls"`` in the order a walk of the tree meets them
    (by the first deal that gives the mover the card, then by the history); ``where``:
    (card, history's position) -> the index among the mover's; the dominated sequences."""
    top = values[-1] + values[-2]
    first_deal: dict[tuple[int, int], int] = {}
    for n, (a, b) in enumerate(chances):
        first_deal.setdefault((1, a), n)
        first_deal.setdefault((2, b), n)
    order = sorted((n, pos, player, card) for (player, card), n in first_deal.items()
                   for pos, calls in enumerate(histories) if len(calls) % 2 == player - 1)
    others = _others(values)
    infosets: dict[str, Infoset] = {}
    where: dict[tuple[int, int], int] = {}
    counts = [0, 0]
    dominated: set[tuple[str, str]] = set()
    for _, pos, player, card in order:
        calls = histories[pos]
        key = f"{card}:" + ",".join(map(str, calls))
        last = calls[-1] if calls else 0
        actions = ("doubt",) * bool(calls) + tuple(str(t) for t in range(last + 1, top + 1))
        parent = (f"{card}:" + ",".join(map(str, calls[:-2])), str(calls[-2])) if len(calls) > 1 else None
        infosets[key] = Infoset(player, actions, parent)
        where[card, pos] = counts[player - 1]
        counts[player - 1] += 1
        dominated.update((key, a) for a in _dominated(top, card, others[card], calls))
    return infosets, where, dominated


def _form(infosets: dict, where: dict, chances: dict, histories: list, top: int) -> SequenceForm:
    """The sequence form; its payoff matrix from the Duel's two kinds of leaf at each
    history and deal (a doubt of the last call; a call of ``top``), in numpy."""
    import numpy as np

    sequences, index, names, parent, first = layout(infosets)
    size = (max(c for deal in chances for c in deal) + 1, len(histories))
    mover = np.array([len(calls) % 2 for calls in histories])  # 0: player 1 moves
    last = np.array([calls[-1] if calls else 0 for calls in histories])
    position = {calls: pos for pos, calls in enumerate(histories)}
    before = np.array([position[calls[:-1]] if calls else 0 for calls in histories])
    actions = (last > 0) + top - last  # a doubt if there was a call, then the calls above it
    begins = np.zeros(size, dtype=np.int64)  # the first sequence of each card's infoset there
    for (card, pos), i in where.items():
        begins[card, pos] = first[mover[pos]][i]
    # the sequence that made each history's last call: its maker's, holding each card
    made = begins[:, before] + (last[before] > 0) + last - last[before] - 1
    made[:, 0] = 0  # no call yet: the empty sequence
    a = np.array([deal[0] for deal in chances])[:, None]
    b = np.array([deal[1] for deal in chances])[:, None]
    denominator = lcm(*(p.denominator for p in chances.values()))
    weight = np.array([int(p * denominator) for p in chances.values()])[:, None]
    mine, theirs = np.where(mover == 0, a, b), np.where(mover == 0, b, a)
    spots = np.arange(len(histories))
    others = made[theirs, spots]
    rows, cols, values = [], [], []
    # a call of top, and (after a call) a doubt; each leaf is one cell
    for seq, p1_wins, keep in (
            (begins[mine, spots] + actions - 1, (mover == 0) == (a + b >= top), slice(None)),
            (begins[mine, spots], (mover == 1) == (a + b >= last), slice(1, None))):
        own = seq[:, keep]
        rows.append(np.where(mover[keep] == 0, own, others[:, keep]).ravel())
        cols.append(np.where(mover[keep] == 0, others[:, keep], own).ravel())
        values.append(np.where(p1_wins[:, keep], weight, -weight).ravel())
    # a call of top at the start meets player 2's empty sequence whatever their card: added up
    cells, payoffs = _leaf_cells(rows, cols, values)
    return SequenceForm(sequences, index, names, parent, first, cells, payoffs, denominator)


def _others(values: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """For each card value, the lowest and the highest card the other player can hold."""
    out = {}
    for card in set(values):
        rest = list(values)
        rest.remove(card)
        out[card] = (min(rest), max(rest))
    return out


def dominated_actions(top: int, card: int, other: tuple[int, int], calls: tuple[int, ...]) -> list[str]:
    """The actions of a player holding ``card`` after ``calls`` (the other card from
    ``other[0]`` to ``other[1]``) that another action there weakly dominates by sure
    outcomes: an action that surely wins (+1) beats every other, one that surely loses
    (-1) is beaten by every other; at least one action is kept.

    Facing 9 with a 0 when the highest other card is 7, the doubt surely wins; facing 3
    with a 4, it surely loses; calling the highest call 13 with a 5 surely loses:

    >>> dominated_actions(13, 0, (0, 7), (5, 9))
    ['10', '11', '12', '13']
    >>> dominated_actions(13, 4, (0, 7), (3,))
    ['doubt', '13']
    """
    whole_number("top", top, 1, MAX_DUEL_CALL)
    whole_number("card", card, 0, MAX_DUEL_CALL)
    if type(other) is not tuple or len(other) != 2:
        raise InvalidInputError(f"other must be a pair (lowest, highest) of the other card, got {shown(other)}")
    low, high = (whole_number("other's card", c, 0, MAX_DUEL_CALL) for c in other)
    if low > high:
        raise InvalidInputError(f"other must be a pair (lowest, highest) of the other card, got {shown(other)}")
    check_calls(top, calls)
    return _dominated(top, card, other, calls)


def check_calls(top: int, calls: object) -> None:
    """Raise InvalidInputError unless ``calls`` is a tuple of rising calls below ``top``."""
    if type(calls) is not tuple or any(type(t) is not int for t in calls) \
            or list(calls) != sorted(set(calls)) or (calls and not 1 <= calls[0] <= calls[-1] < top):
        raise InvalidInputError(f"calls must be rising whole numbers from 1 to {top - 1}, got {shown(calls)}")


def _dominated(top: int, card: int, other: tuple[int, int], calls: tuple[int, ...]) -> list[str]:
    """:func:`dominated_actions`, unchecked (the tree's own calls)."""
    last = calls[-1] if calls else 0
    low, high = card + other[0], card + other[1]  # the total's sure range
    # each action's sure range of payoffs to the mover: a doubt wins if the total is below
    # the last call; a call of top ends the game and wins if the total reaches it
    sure: dict[str, tuple[int, int]] = {}
    if calls:
        sure["doubt"] = (1, 1) if high < last else (-1, -1) if low >= last else (-1, 1)
    for t in range(last + 1, top):
        sure[str(t)] = (-1, 1)
    sure[str(top)] = (1, 1) if low >= top else (-1, -1) if high < top else (-1, 1)
    kept = list(sure)
    for b in sure:
        if any(a != b and sure[a][0] >= sure[b][1] for a in kept):
            kept.remove(b)
    return [a for a in sure if a not in kept]
