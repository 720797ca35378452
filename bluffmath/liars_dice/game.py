"""Liar's dice as a :class:`~bluffmath.equilibrium.tree.Game` for :func:`bluffmath.equilibrium.solve`.

Chance rolls both hands (a hand is its dice in rising order, with the chance of all the
orders it can fall in); information sets are named ``"hand:calls"``: ``"13:"`` is player 1
holding a one and a three before any call, ``"4:1x3,2x2"`` a player holding a four after
the calls 1x3 and 2x2 (so player 1 again). Actions are ``"liar"`` (after a call) and the
higher calls, lowest first. After the highest call the play ends at once: the other
player can only call it a liar (:mod:`bluffmath.liars_dice.rules`).

As the Duel's (:func:`bluffmath.duel.duel`), the game comes from its structure, a
call history and a hand for each player: its information sets and its sequence form are
built from them directly (with numpy; without it, from the tree), and the tree only when
``root`` is first used. It names the actions dominated by sure outcomes
(:func:`dominated_actions`), which :func:`~bluffmath.equilibrium.solve` leaves out of its
first program.

>>> g = liars_dice(1, 1, 2)
>>> g
Game("Liar's dice 1v1, 2 sides, normal": 93 nodes, 16 information sets)
>>> g.infosets["2:1x1"]
Infoset(player=2, actions=('liar', '1x2', '2x1', '2x2'), parent=None)
>>> g.dominated >= {("2:2x1", "2x2")}   # holding a two, two ones are surely a lie
True
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb, gcd

from bluffmath.equilibrium.sequence import SequenceForm, _leaf_cells, layout
from bluffmath.equilibrium.tree import Chance, Decision, Game, Infoset, Terminal
from bluffmath.errors import InvalidInputError
from bluffmath.liars_dice.rules import LIAR, MAX_SIDES, Hand, Rules, ways
from bluffmath.limits import MAX_GAME_NODES
from bluffmath.moved import moved

_WIN, _LOSE = Terminal(1), Terminal(-1)


def liars_dice(d1: int, d2: int, sides: int, mode: str = "normal") -> Game:
    """The game of :class:`~bluffmath.liars_dice.rules.Rules` ``(d1, d2, sides, mode)``
    (see the module)."""
    rules = Rules(d1, d2, sides, mode)
    check_whole_size(rules)
    name, spec = _names(rules, "liars-dice")
    histories = public_histories(len(rules.calls))
    infosets, dominated = _infosets(rules, histories)
    try:
        form = _form(rules, infosets, histories)
    except ImportError:  # no numpy (a browser's Python): the tree, walked
        return Game(tree(rules, infosets), name=name, spec=spec, dominated=frozenset(dominated))
    deals = len(rules.hands(1)) * len(rules.hands(2))
    nodes = (deals > 1) + deals * (3 * len(histories) - 1)
    return Game.assembled(lambda: tree(rules, infosets), infosets, nodes, cache={"form": form},
                          name=name, spec=spec, dominated=frozenset(dominated), simplex=True)


def _names(rules: Rules, game: str) -> tuple[str, dict]:
    return rules.name, {"game": game, "d1": rules.d1, "d2": rules.d2, "sides": rules.sides, "mode": rules.mode}


def whole_nodes(rules: Rules) -> int:
    """The number of nodes of the whole game's tree, counted from the rules alone: each
    deal (chance, unless there is one deal) and each of the ``2 ** (calls - 1)`` call
    histories, with a liar after each call and the highest call at each history.

    >>> whole_nodes(Rules(1, 1, 6)), f"{whole_nodes(Rules(2, 1, 6)):,}"
    (221149, '49,545,091')
    """
    deals = comb(rules.sides + rules.d1 - 1, rules.d1) * comb(rules.sides + rules.d2 - 1, rules.d2)
    return (deals > 1) + deals * (3 * 2 ** (len(rules.call_pairs) - 1) - 1)


def check_whole_size(rules: Rules) -> int:
    """The whole game's nodes (:func:`whole_nodes`), if at most
    :data:`~bluffmath.limits.MAX_GAME_NODES`; else an error saying which variants fit.

    >>> check_whole_size(Rules(2, 1, 6))
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: the whole game of Liar's dice 2v1, 6 sides, normal has 49,545,091 nodes; ...
    ... (MAX_GAME_NODES). With 2v1 dice in the normal mode, 1 to 5 sides fit; the reduced game ...
    """
    nodes = whole_nodes(rules)
    if nodes > MAX_GAME_NODES:
        raise InvalidInputError(f"the whole game of {rules.name} has {nodes:,} nodes; bluffmath builds at most "
                                f"{MAX_GAME_NODES:,} (MAX_GAME_NODES). {what_fits(rules, _fits_whole)}; the reduced game "
                                f"(reduced_liars_dice) has the same value and is far smaller")
    return nodes


def _fits_whole(rules: Rules) -> bool:
    return whole_nodes(rules) <= MAX_GAME_NODES


def what_fits(rules: Rules, fits: Callable[[Rules], bool]) -> str:
    """Which numbers of sides ``fits`` allows with these dice and mode, from the fewest up
    to the first that does not fit (a game grows with its sides).

    >>> what_fits(Rules(2, 1, 6), lambda r: whole_nodes(r) <= MAX_GAME_NODES)
    'With 2v1 dice in the normal mode, 1 to 5 sides fit'
    """
    low = 1 if rules.mode == "normal" else 2
    high = low - 1
    while high < MAX_SIDES and fits(Rules(rules.d1, rules.d2, high + 1, rules.mode)):
        high += 1
    where = f"With {rules.d1}v{rules.d2} dice in the {rules.mode} mode"
    if high < low:
        return f"{where}, no number of sides fits"
    if high == low:
        return f"{where}, only {low} side{'s fit' if low > 1 else ' fits'}"
    return f"{where}, {low} to {high} sides fit"


def hand_text(hand: Hand) -> str:
    """A hand as its dice: ``"13"``."""
    return "".join(map(str, hand))


def tree(rules: Rules, infosets: dict[str, Infoset]) -> Chance | Decision:
    """The game tree: each hand of each player plays the actions ``infosets`` gives it
    (see the module)."""
    calls, top = rules.calls, len(rules.calls) - 1
    texts = {(): ""}

    def node(hands: tuple[Hand, Hand], mine: tuple[str, str], history: tuple[int, ...]) -> Decision:
        mover = 1 + len(history) % 2
        text = texts.get(history)
        if text is None:
            text = texts[history] = ",".join(calls[c] for c in history)
        key = f"{mine[mover - 1]}:{text}"
        actions = infosets[key].actions
        children: list[object] = []
        for action in actions:
            if action == LIAR:  # the caller (the other player) wins if the call holds
                children.append(_settle(rules.is_true(calls[history[-1]], *hands), 3 - mover))
            elif rules.rank[action] == top:
                children.append(_settle(rules.is_true(action, *hands), mover))
            else:
                children.append(node(hands, mine, (*history, rules.rank[action])))
        return Decision(mover, key, actions, tuple(children))

    branches = tuple((p1 * p2, node((a, b), (hand_text(a), hand_text(b)), ()))
                     for a, p1 in rules.hands(1).items() for b, p2 in rules.hands(2).items())
    return branches[0][1] if len(branches) == 1 else Chance(branches)


def _settle(true: bool, caller: int) -> Terminal:
    return _WIN if (caller == 1) == true else _LOSE


def public_histories(n_calls: int) -> list[tuple[int, ...]]:
    """Every call history at which a player moves (rising call ranks, never the highest,
    which ends the play), in the order of a depth-first walk, lower calls first.

    >>> public_histories(3)
    [(), (0,), (0, 1), (1,)]
    """
    out: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        history = stack.pop()
        out.append(history)
        stack.extend((*history, c) for c in range(n_calls - 2, (history[-1] if history else -1), -1))
    return out


def _infosets(rules: Rules, histories: list[tuple[int, ...]]) -> tuple[dict[str, Infoset], set]:
    """The information sets, each player's by hand then by history (parents first), and
    the sequences dominated by sure outcomes."""
    calls = rules.calls
    texts = [",".join(calls[c] for c in h) for h in histories]
    actions = []
    for h in histories:
        last = h[-1] if h else -1
        actions.append((LIAR,) * bool(h) + calls[last + 1:])
    position = {h: t for t, h in enumerate(histories)}
    infosets: dict[str, Infoset] = {}
    dominated: set[tuple[str, str]] = set()
    sure = count_ranges(rules)
    for player in (1, 2):
        for hand in rules.hands(player):
            mine = hand_text(hand)
            for t, h in enumerate(histories):
                if len(h) % 2 != player - 1:
                    continue
                key = f"{mine}:{texts[t]}"
                parent = (f"{mine}:{texts[position[h[:-2]]]}", calls[h[-2]]) if len(h) > 1 else None
                infosets[key] = Infoset(player, actions[t], parent)
                dominated.update((key, a) for a in dominated_actions(rules, player, hand, h, sure))
    return infosets, dominated


def count_ranges(rules: Rules) -> dict[tuple[int, int], tuple[int, int]]:
    """For each player and face, the fewest and the most dice of that face the player's
    hand can count as.

    >>> count_ranges(Rules(2, 1, 2, "joker"))[1, 2]    # two dice of 1 or 2: a one is wild
    (2, 2)
    """
    out = {}
    for player in (1, 2):
        hands = rules.hands(player)
        for face in range(1, rules.sides + 1):
            counts = [rules.count(h, face) for h in hands]
            out[player, face] = (min(counts), max(counts))
    return out


def dominated_actions(rules: Rules, player: int, hand: Hand, history: tuple[int, ...],
                      sure: dict[tuple[int, int], tuple[int, int]] | None = None) -> list[str]:
    """The actions of ``player`` holding ``hand`` after ``history`` (call ranks) that another
    action there weakly dominates by sure outcomes: an action that surely wins (+1) beats
    every other, one that surely loses (-1) is beaten by every other; one is always kept.
    A liar is sure when the other hand cannot change the last call's truth; so is the
    highest call, which ends the play.

    Holding a six (1v1, normal), 1x6 is sure to hold: calling it a liar surely loses:

    >>> dominated_actions(Rules(1, 1, 6), 2, (6,), (5,))
    ['liar']
    """
    sure = count_ranges(rules) if sure is None else sure
    other = 3 - player
    top = len(rules.calls) - 1
    last = history[-1] if history else -1

    def outcome(rank: int, caller_is_me: bool) -> tuple[int, int]:
        count, face = rules.call_pairs[rank]
        low, high = sure[other, face]
        mine = rules.count(hand, face)
        true = (1, 1) if mine + low >= count else (-1, -1) if mine + high < count else (-1, 1)
        return true if caller_is_me else (-true[1], -true[0])

    outcomes: dict[str, tuple[int, int]] = {}
    if history:
        outcomes[LIAR] = outcome(last, False)
    for c in range(last + 1, top):
        outcomes[rules.calls[c]] = (-1, 1)
    outcomes[rules.calls[top]] = outcome(top, True)
    kept = list(outcomes)
    for b in outcomes:
        if any(a != b and outcomes[a][0] >= outcomes[b][1] for a in kept):
            kept.remove(b)
    return [a for a in outcomes if a not in kept]


def _form(rules: Rules, infosets: dict[str, Infoset], histories: list[tuple[int, ...]]) -> SequenceForm:
    """The sequence form; its payoff matrix from the two kinds of leaf at each history and
    deal (a liar to the last call; the highest call), in numpy."""
    import numpy as np

    sequences, index, names, parent, first = layout(infosets)
    n_calls = len(rules.calls)
    hands = (rules.hands(1), rules.hands(2))
    mover = np.array([len(h) % 2 for h in histories])  # 0: player 1 moves
    last = np.array([h[-1] if h else -1 for h in histories])
    position = {h: t for t, h in enumerate(histories)}
    before = np.array([position[h[:-1]] if h else 0 for h in histories])
    actions = (last >= 0) + n_calls - 1 - last
    # the first sequence of each hand's infoset at each history: hands in order, then
    # the mover's histories in order (as _infosets lists them)
    begins = np.zeros((max(map(len, hands)), len(histories)), dtype=np.int64)
    for p in (0, 1):
        mine = np.flatnonzero(mover == p)
        block = int(actions[mine].sum())
        offsets = np.concatenate(([0], np.cumsum(actions[mine])[:-1]))
        for a in range(len(hands[p])):
            begins[a, mine] = 1 + a * block + offsets
    # the sequence that made each history's last call, for each hand of its maker
    made = begins[:, before] + (last[before] >= 0) + last - last[before] - 1
    made[:, 0] = 0  # no call yet: the empty sequence
    counts, faces = zip(*rules.call_pairs, strict=True)
    k1 = np.array([[rules.count(h, f) for f in range(rules.sides + 1)] for h in hands[0]])
    k2 = np.array([[rules.count(h, f) for f in range(rules.sides + 1)] for h in hands[1]])
    a = np.repeat(np.arange(len(hands[0])), len(hands[1]))[:, None]  # deals: (a, b), a major
    b = np.tile(np.arange(len(hands[1])), len(hands[0]))[:, None]
    w1 = np.array([ways(h) for h in hands[0]])  # of sides ** d1 orders
    w2 = np.array([ways(h) for h in hands[1]])
    denominator = rules.sides ** (rules.d1 + rules.d2)
    weight = w1[a] * w2[b]
    count_of = np.array(counts)
    face_of = np.array(faces)

    def true(rank: np.ndarray) -> np.ndarray:  # (deals, histories): does the call hold?
        safe = np.maximum(rank, 0)
        f = face_of[safe][None, :]
        return k1[a, f] + k2[b, f] >= count_of[safe][None, :]

    mine, theirs = np.where(mover == 0, a, b), np.where(mover == 0, b, a)
    spots = np.arange(len(histories))
    others = made[theirs, spots]
    rows, cols, values = [], [], []
    top = np.full(len(histories), n_calls - 1)
    for seq, p1_wins, keep in (
            (begins[mine, spots] + actions - 1, (mover == 0) == true(top), slice(None)),
            (begins[mine, spots], (mover == 1) == true(last), slice(1, None))):
        own = seq[:, keep]
        rows.append(np.where(mover[keep] == 0, own, others[:, keep]).ravel())
        cols.append(np.where(mover[keep] == 0, others[:, keep], own).ravel())
        values.append(np.where(p1_wins[:, keep], weight, -weight).ravel())
    # the highest call at the start meets player 2's empty sequence whatever the hand: added up
    cells, payoffs = _leaf_cells(rows, cols, values)
    g = gcd(denominator, *payoffs)
    return SequenceForm(sequences, index, names, parent, first, cells, [v // g for v in payoffs], denominator // g)


# deprecated path: the reduced game's builder, in its own module now, found here until the next release
_MOVED = {"reduced_liars_dice": "bluffmath.liars_dice.reduced"}


def __getattr__(name: str) -> object:
    """A name that moved (``_MOVED``), with a DeprecationWarning (:mod:`~bluffmath.moved`)."""
    return moved(__name__, _MOVED, name)
