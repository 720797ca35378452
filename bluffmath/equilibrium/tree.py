"""Game trees of two-player zero-sum games with imperfect information and chance.

A game is a tree of three kinds of node, each an immutable tuple:

==================================================  ==========================================
``Chance(branches)``                                ``branches``: ``(probability, node)`` pairs,
                                                    exact probabilities > 0 that sum to 1
``Decision(player, infoset, actions, children)``    ``player`` 1 or 2 moves; ``infoset`` (text)
                                                    names what that player knows here;
                                                    ``children[i]`` follows ``actions[i]``
``Terminal(payoff)``                                the payoff to player 1 (player 2 gets
                                                    ``-payoff``), an int or a Fraction
==================================================  ==========================================

:class:`Game` checks a tree once: every decision node of one information set has the same
player and the same actions, and each player has *perfect recall* (at every node of an
information set, the player's own earlier information sets and actions were the same).
Those checks are what the sequence form needs (:mod:`bluffmath.equilibrium.sequence`).

>>> from fractions import Fraction
>>> win, lose = Terminal(1), Terminal(-1)
>>> pennies = Game(Decision(1, "hide", ("heads", "tails"),
...     (Decision(2, "guess", ("heads", "tails"), (lose, win)),
...      Decision(2, "guess", ("heads", "tails"), (win, lose)))), name="matching pennies")
>>> pennies.infosets["guess"]
Infoset(player=2, actions=('heads', 'tails'), parent=None)
>>> Game(Chance(((Fraction(1, 2), win), (Fraction(1, 3), lose))))
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a game tree: a chance node's probabilities must sum to exactly 1; they sum to 5/6 ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, Union

from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_GAME_NODES, MAX_ITEMS, MAX_STRING
from bluffmath.validate import shown

Sequence_ = Union[tuple[str, str], None]  # noqa: UP007 - (infoset, action), or None: the empty sequence


class Chance(NamedTuple):
    """A chance node: ``branches`` is a tuple of ``(probability, node)`` pairs."""

    branches: tuple[tuple[Fraction, Any], ...]


class Decision(NamedTuple):
    """A decision of ``player`` (1 or 2) in information set ``infoset``."""

    player: int
    infoset: str
    actions: tuple[str, ...]
    children: tuple[Any, ...]


class Terminal(NamedTuple):
    """The end of a play: ``payoff`` to player 1 (an int or a Fraction)."""

    payoff: Fraction | int


Node = Union[Chance, Decision, Terminal]  # noqa: UP007


class Infoset(NamedTuple):
    """What the tree says of one information set: whose it is, its actions, and
    ``parent``, the player's own last (infoset, action) before it (None: none)."""

    player: int
    actions: tuple[str, ...]
    parent: Sequence_


@dataclass(frozen=True, eq=False)
class Game:
    """A checked game tree. ``name`` is for people; ``spec`` (JSON data, or None) says how
    to build the game again, which lets a certificate name its game
    (:func:`bluffmath.equilibrium.games.game_from_spec`).

    ``infosets`` maps each information set's name to its :class:`Infoset`, parents before
    children (the order a depth-first walk meets them).

    ``dominated`` (optional) names sequences ``(infoset, action)`` that the game's builder
    knows to be weakly dominated at their information set, by sure outcomes: another
    action there does at least as well against every play of the other player, whatever
    follows. :func:`~bluffmath.equilibrium.solver.solve` may leave them out (an
    equilibrium without them is one of the whole game); its certificate is checked on the
    whole game all the same. Every information set keeps at least one action.

    ``simplex`` (optional): the builder knows that HiGHS's simplex method solves this
    game's programs faster than its interior point method whatever their size (Liar's
    dice: ``benchmarks/LIARS_DICE.md``'s simplex column); else the solver chooses by size.
    """

    root: Node
    name: str = "a game"
    spec: Any = None
    dominated: frozenset = frozenset()
    simplex: bool = False
    infosets: dict[str, Infoset] = field(init=False, repr=False)
    nodes: int = field(init=False, repr=False)
    cache: dict = field(init=False, repr=False, default_factory=dict)  # the sequence form, once

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidInputError(f"name must be text, got {type(self.name).__name__}")
        _spec(self.spec)
        infosets, nodes = _check(self.root)
        object.__setattr__(self, "infosets", infosets)
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "dominated", _dominated(infosets, self.dominated))

    @classmethod
    def assembled(cls, tree: Callable[[], Node], infosets: dict[str, Infoset], nodes: int, *,
                  name: str, spec: Any = None, dominated: frozenset = frozenset(),
                  cache: dict | None = None, simplex: bool = False) -> Game:
        """A game whose builder knows its information sets, its node count and (in
        ``cache``) its sequence form from the game's structure, without walking a tree:
        ``tree()`` builds the tree on the first use of ``root``. The builder's tests
        check that ``Game(tree())`` agrees with all of it."""
        _spec(spec)
        game = object.__new__(cls)
        for key, value in (("name", name), ("spec", spec), ("infosets", infosets),
                           ("nodes", nodes), ("cache", dict(cache or {})), ("_tree", tree),
                           ("simplex", simplex is True)):
            object.__setattr__(game, key, value)
        object.__setattr__(game, "dominated", _dominated(infosets, dominated))
        return game

    def __getattr__(self, key: str) -> Any:
        """``root`` of an :meth:`assembled` game, built on first use."""
        tree = self.__dict__.get("_tree")
        if key != "root" or tree is None:
            raise AttributeError(key)
        object.__setattr__(self, "root", tree())
        return self.__dict__["root"]

    def __repr__(self) -> str:
        return f"Game({self.name!r}: {self.nodes:,} nodes, {len(self.infosets):,} information sets)"

    def infosets_of(self, player: int) -> list[str]:
        """The information sets where ``player`` moves, parents first."""
        player = _player(player)
        return [key for key, info in self.infosets.items() if info.player == player]


def _dominated(infosets: dict[str, Infoset], dominated: object) -> frozenset:
    """``dominated`` checked: a set of sequences of the game that leaves every information
    set at least one action."""
    if not isinstance(dominated, set | frozenset):
        raise InvalidInputError(f"dominated must be a set of (infoset, action) pairs, got {shown(dominated)}")
    left: dict[str, int] = {}
    for seq in dominated:
        info = infosets.get(seq[0]) if type(seq) is tuple and len(seq) == 2 and isinstance(seq[0], str) else None
        if info is None or seq[1] not in info.actions:
            raise InvalidInputError(f"dominated names {shown(seq)}, which is not a sequence "
                                    f"(infoset, action) of the game")
        left[seq[0]] = left.get(seq[0], len(info.actions)) - 1
        if not left[seq[0]]:
            raise InvalidInputError(f"dominated leaves information set {seq[0]!r} no action")
    return frozenset(dominated)


def _player(player: object) -> int:
    if type(player) is not int or player not in (1, 2):
        raise InvalidInputError(f"player must be 1 or 2, got {shown(player)}")
    return player


def _game(game: object) -> Game:
    """``game`` if it is a :class:`Game`, else a clear error.

    >>> _game("kuhn poker")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: game must be a bluffmath.equilibrium Game (such as kuhn_poker()), got 'kuhn poker' (str)
    """
    if not isinstance(game, Game):
        raise InvalidInputError(f"game must be a bluffmath.equilibrium Game (such as kuhn_poker()), "
                                f"got {shown(game)} ({type(game).__name__})")
    return game


_SPEC = ('spec must be None or JSON data naming the game: {"game": name, **parameters}, each parameter '
         'a whole number, a text or a list of them, such as {"game": "hochstapler-duel", "deck": [0, 1, 2]}')


def _spec(spec: object) -> None:
    """Refuse a spec that is not None or JSON data naming a game (what
    :func:`~bluffmath.equilibrium.games.game_from_spec` reads).

    >>> _spec({"game": "kuhn-poker"}), _spec(None)
    (None, None)
    >>> _spec({"game": "kuhn-poker", "cards": 3.0})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: spec must be None or JSON data naming the game: ... {'game': 'kuhn-poker', 'cards': 3.0}
    """
    if spec is None:
        return
    if (type(spec) is not dict or type(spec.get("game")) is not str or len(spec) > MAX_ITEMS
            or not all(type(key) is str and _parameter(value) for key, value in spec.items())):
        raise InvalidInputError(f"{_SPEC}, got {shown(spec)}")


def _parameter(value: object) -> bool:
    """True for a spec's parameter: a whole number, a text, or a list of them."""
    if type(value) is list:
        return len(value) <= MAX_ITEMS and all(type(v) is not list and _parameter(v) for v in value)
    return type(value) is int or (type(value) is str and len(value) <= MAX_STRING)


def _fail(reason: str, path: object) -> None:
    steps = []
    while path is not None:  # a linked list (previous, step), built only for messages
        path, step = path
        steps.append(step if isinstance(step, str) else f"{step[0]}: {step[1]}")
    where = " > ".join(reversed(steps)) if steps else "the root"
    raise InvalidInputError(f"a game tree: {reason} (at {where})")


def _check(root: object) -> tuple[dict[str, Infoset], int]:
    """Walk the tree once (no recursion: any depth), checking every node."""
    infosets: dict[str, Infoset] = {}
    nodes = 0
    # (node, player 1's last sequence, player 2's last sequence, path for messages)
    stack: list[tuple[object, Sequence_, Sequence_, object]] = [(root, None, None, None)]
    while stack:
        node, last1, last2, path = stack.pop()
        nodes += 1
        if nodes > MAX_GAME_NODES:
            raise InvalidInputError(f"a game tree may have at most {MAX_GAME_NODES:,} nodes")
        kind = type(node)
        if kind is Terminal:
            payoff = node.payoff
            if type(payoff) not in (int, Fraction):
                _fail(f"a payoff must be an int or a Fraction, got {shown(payoff)} "
                      f"({type(payoff).__name__})", path)
        elif kind is Decision:
            player, key, actions, children = node
            if not isinstance(key, str):
                _fail(f"an information set must be named by text, got {shown(key)}", path)
            info = infosets.get(key)
            if info is None:
                if type(player) is not int or player not in (1, 2):
                    _fail(f"a decision's player must be 1 or 2, got {shown(player)}", path)
                if (type(actions) is not tuple or not actions
                        or not all(isinstance(a, str) for a in actions)
                        or len(set(actions)) != len(actions)):
                    _fail(f"a decision's actions must be a non-empty tuple of distinct texts, "
                          f"got {shown(actions)}", path)
                parent = last1 if player == 1 else last2
                infosets[key] = Infoset(player, actions, parent)
            else:
                if player != info.player or actions != info.actions:
                    _fail(f"information set {key!r} has two different players or action lists",
                          path)
                if (last1 if player == 1 else last2) != info.parent:
                    _fail(f"player {player} forgets what they did before information set "
                          f"{key!r} (the sequence form needs perfect recall)", path)
            if type(children) is not tuple or len(children) != len(actions):
                _fail(f"a decision needs one child per action ({len(actions)})", path)
            for action, child in reversed(tuple(zip(actions, children, strict=True))):  # first child first
                step = (key, action)
                stack.append((child, step if player == 1 else last1,
                              step if player == 2 else last2, (path, step)))
        elif kind is Chance:
            branches = node.branches
            if type(branches) is not tuple or not branches:
                _fail("a chance node needs a non-empty tuple of (probability, node) pairs", path)
            total = Fraction(0)
            for i, branch in reversed(tuple(enumerate(branches))):
                if type(branch) is not tuple or len(branch) != 2:
                    _fail("a chance branch must be a (probability, node) pair", path)
                p = branch[0]
                if type(p) not in (int, Fraction) or not 0 < p <= 1:
                    _fail(f"a chance probability must be an exact number in (0, 1], got {shown(p)}",
                          path)
                total += p
                stack.append((branch[1], last1, last2, (path, f"chance {i}")))
            if total != 1:
                _fail(f"a chance node's probabilities must sum to exactly 1; they sum to {total}",
                      path)
        else:
            _fail(f"a node must be a Chance, Decision or Terminal, got {type(node).__name__}",
                  path)
    # a depth-first walk with a stack meets a parent's infoset before its children's
    return infosets, nodes
