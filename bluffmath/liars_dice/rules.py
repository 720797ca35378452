"""The rules of two-player Liar's dice as Thomas Ahle's ``snyd`` analysis plays them.

Player 1 holds ``d1`` dice, player 2 ``d2``, each with ``sides`` faces, rolled in secret.
Player 1 opens with a call ``(count, face)``: "at least ``count`` of all the dice show
``face``". Then the players alternate: each either makes a strictly higher call (by
count, then face) or says "liar" to the last one. Whoever is right wins 1, the other
loses 1. After the highest call nothing higher is left: the other player says liar.

=========  ================================================================================
mode       what a call counts, and which calls there are
=========  ================================================================================
normal     the dice showing the face; counts 1 to ``d1 + d2``, faces 1 to ``sides``
joker      ones are wild: a one counts toward any face; faces 2 to ``sides`` only
stairs     as joker, and a hand that reads exactly 1, 2, ..., n (its n dice, in any order)
           counts as n + 1 dice of the called face; counts 1 to ``2 (d1 + d2)``
=========  ================================================================================

A call is written ``"2x5"`` (at least two fives); a hand as its dice in rising order,
``"13"``. :class:`Rules` holds a variant; :class:`State` is one play, immutable.

>>> rules = Rules(1, 1, 6, "joker")
>>> rules.calls[:3], len(rules.calls)
(('1x2', '1x3', '1x4'), 10)
>>> rules.count((1,), 4), rules.count((3,), 4)        # the one is wild
(1, 0)
>>> rules.is_true("2x4", (1,), (4,))
True
>>> Rules(2, 1, 6, "stairs").count((1, 2), 6)         # a stair of two: three sixes
3
>>> state = rules.deal((3,), (5,)).apply("1x3").apply("1x5")
>>> state.current_player, state.legal_actions()[:3]
(1, ['liar', '1x6', '2x2'])
>>> end = state.apply("liar")                         # one five: player 2 was right
>>> end.is_terminal, end.returns
(True, (-1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import combinations_with_replacement
from math import factorial, prod

from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.validate import shown, whole_number

#: The modes of play (see the module).
MODES = ("normal", "joker", "stairs")
#: The most dice one player may hold, and the most sides a die may have: the game's tree
#: doubles with each call more, so the limits are far above what can be solved; which
#: variants are built, :data:`~bluffmath.limits.MAX_GAME_NODES` decides, counted first.
MAX_DICE, MAX_SIDES = 5, 9
#: What a player says to the last call when not raising.
LIAR = "liar"

Hand = tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    """A variant: ``d1`` and ``d2`` dice (1 to :data:`MAX_DICE`), ``sides`` faces (1 to
    :data:`MAX_SIDES`; joker and stairs need at least 2) and the ``mode``."""

    d1: int
    d2: int
    sides: int
    mode: str = "normal"

    def __post_init__(self) -> None:
        whole_number("d1", self.d1, 1, MAX_DICE)
        whole_number("d2", self.d2, 1, MAX_DICE)
        whole_number("sides", self.sides, 1, MAX_SIDES)
        if self.mode not in MODES:
            raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {shown(self.mode)}")
        if self.mode != "normal" and self.sides < 2:
            raise InvalidInputError(f"the {self.mode} mode calls faces 2 to sides, so it needs at "
                                    f"least 2 sides, got {self.sides}")

    @property
    def name(self) -> str:
        """The variant for people: ``"Liar's dice 2v1, 6 sides, normal"``."""
        return f"Liar's dice {self.d1}v{self.d2}, {self.sides} side{'s' * (self.sides > 1)}, {self.mode}"

    @property
    def dice(self) -> tuple[int, int]:
        """Player 1's and player 2's number of dice."""
        return self.d1, self.d2

    @cached_property
    def faces(self) -> tuple[int, ...]:
        """The faces a call may name."""
        return tuple(range(1 if self.mode == "normal" else 2, self.sides + 1))

    @cached_property
    def highest_count(self) -> int:
        """The highest count a call may name."""
        return (self.d1 + self.d2) * (2 if self.mode == "stairs" else 1)

    @cached_property
    def call_pairs(self) -> tuple[tuple[int, int], ...]:
        """Every call as ``(count, face)``, lowest first."""
        return tuple((n, f) for n in range(1, self.highest_count + 1) for f in self.faces)

    @cached_property
    def calls(self) -> tuple[str, ...]:
        """Every call as text (``"2x5"``), lowest first."""
        return tuple(f"{n}x{f}" for n, f in self.call_pairs)

    @cached_property
    def rank(self) -> dict[str, int]:
        """Each call's position in :attr:`calls`."""
        return {c: i for i, c in enumerate(self.calls)}

    def hands(self, player: int) -> dict[Hand, Fraction]:
        """Each hand ``player`` may roll (dice in rising order) and its chance.

        >>> Rules(2, 1, 2).hands(1)
        {(1, 1): Fraction(1, 4), (1, 2): Fraction(1, 2), (2, 2): Fraction(1, 4)}
        """
        n = self.dice[whole_number("player", player, 1, 2) - 1]
        total = self.sides**n
        return {hand: Fraction(ways(hand), total)
                for hand in combinations_with_replacement(range(1, self.sides + 1), n)}

    def count(self, hand: Hand, face: int) -> int:
        """How many dice of ``face`` the hand counts as, in this mode."""
        if self.mode == "stairs" and tuple(sorted(hand)) == tuple(range(1, len(hand) + 1)):
            return len(hand) + 1
        wild = self.mode != "normal" and face != 1
        return sum(1 for d in hand if d == face or (wild and d == 1))

    def is_true(self, call: str, hand1: Hand, hand2: Hand) -> bool:
        """Whether ``call`` holds for the two hands."""
        count, face = self.call_pairs[self._rank(call)]
        return self.count(hand1, face) + self.count(hand2, face) >= count

    def _rank(self, call: str) -> int:
        rank = self.rank.get(call) if isinstance(call, str) else None
        if rank is None:
            raise InvalidInputError(f"{shown(call)} is not a call of this game; calls run from "
                                    f"{self.calls[0]} to {self.calls[-1]}")
        return rank

    def deal(self, hand1: Hand, hand2: Hand) -> State:
        """The state before player 1's opening call, with these hands."""
        return State(self, (_check_hand(self, 1, hand1), _check_hand(self, 2, hand2)))


def checked_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules`, else InvalidInputError saying what it must be."""
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"rules must be a liars_dice Rules, such as Rules(1, 1, 6), got "
                                f"{shown(rules)} ({type(rules).__name__})")
    return rules


def _check_hand(rules: Rules, player: int, hand: object, ordered: bool = False) -> Hand:
    """``hand`` in rising order, if it is a tuple of player's number of dice, each from 1 to
    the sides (``ordered``: already in rising order, as a :class:`State` holds it)."""
    n = rules.dice[player - 1]
    if (not isinstance(hand, tuple) or len(hand) != n
            or not all(type(d) is int and 1 <= d <= rules.sides for d in hand)):
        raise InvalidInputError(f"player {player}'s hand must be a tuple of {n} dice from 1 to "
                                f"{rules.sides}, got {shown(hand)}")
    if ordered and list(hand) != sorted(hand):
        raise InvalidInputError(f"player {player}'s hand must list its dice in rising order (Rules.deal "
                                f"sorts them), got {shown(hand)}")
    return tuple(sorted(hand))


def _check_history(rules: Rules, history: object) -> None:
    """Refuse ``history`` unless it is a tuple of call ranks (0 for the lowest call), each
    higher than the one before."""
    top = len(rules.calls) - 1
    allowed = (f"a tuple of call ranks, each a whole number from 0 (the lowest call, {rules.calls[0]}) to "
               f"{top} ({rules.calls[top]}) and higher than the one before")
    if not isinstance(history, tuple) or len(history) > top + 1:
        raise InvalidInputError(f"history must be {allowed}, got {shown(history)}")
    last = -1
    for rank in history:
        if isinstance(rank, bool) or type(rank) is not int or not last < rank <= top:
            raise InvalidInputError(f"history must be {allowed}, got {shown(history)}")
        last = rank


def ways(hand: Hand) -> int:
    """In how many orders the dice of ``hand`` can fall.

    >>> ways((2, 2, 5))
    3
    """
    return factorial(len(hand)) // prod(factorial(hand.count(d)) for d in set(hand))


@dataclass(frozen=True)
class State:
    """One play: the rules, both hands, the calls so far (ranks in ``rules.calls``) and
    whether the last call was called a liar. Every action returns a new state; each field
    is checked (:meth:`Rules.deal` is the way to start a play).

    >>> State(Rules(1, 1, 6), ((3,), (5,)), (99,))
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: history must be a tuple of call ranks, each a whole number from 0 ... got (99,)
    """

    rules: Rules
    hands: tuple[Hand, Hand]
    history: tuple[int, ...] = ()
    doubted: bool = False
    _top: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        checked_rules(self.rules)
        object.__setattr__(self, "_top", len(self.rules.calls) - 1)
        if not isinstance(self.hands, tuple) or len(self.hands) != 2:
            raise InvalidInputError(f"hands must be a pair (player 1's hand, player 2's), got {shown(self.hands)}")
        for player, hand in ((1, self.hands[0]), (2, self.hands[1])):
            _check_hand(self.rules, player, hand, ordered=True)
        _check_history(self.rules, self.history)
        if type(self.doubted) is not bool:
            raise InvalidInputError(f"doubted must be True or False, got {shown(self.doubted)}")
        if self.doubted and (not self.history or self.history[-1] == self._top):
            raise InvalidInputError("doubted must be False " + ("before any call: a liar answers a call" if not
                                    self.history else "after the highest call, which ends the play at once"))

    @property
    def is_terminal(self) -> bool:
        """True after a liar, or after the highest call (which can only be called a liar)."""
        return self.doubted or (bool(self.history) and self.history[-1] == self._top)

    @property
    def current_player(self) -> int | None:
        """1 or 2, whose turn it is; None when the play is over."""
        return None if self.is_terminal else 1 + len(self.history) % 2

    def legal_actions(self) -> list[str]:
        """``"liar"`` (after a call), then every higher call, lowest first."""
        if self.is_terminal:
            return []
        last = self.history[-1] if self.history else -1
        return [LIAR] * bool(self.history) + list(self.rules.calls[last + 1:])

    def can_apply(self, action: str) -> bool:
        """Whether ``action`` is legal now."""
        return action in self.legal_actions()

    def apply(self, action: str) -> State:
        """The state after ``action`` (``"liar"`` or a call's text)."""
        if not self.can_apply(action):
            legal = self.legal_actions()
            raise IllegalActionError(f"{shown(action)} is not legal now; " + (
                f"the legal actions are {legal[0]}, ..., {legal[-1]}" if legal else "the play is over"))
        if action == LIAR:
            return State(self.rules, self.hands, self.history, True)
        return State(self.rules, self.hands, (*self.history, self.rules.rank[action]))

    @property
    def returns(self) -> tuple[int, int]:
        """Each player's payoff (0, 0 before the end)."""
        if not self.is_terminal:
            return (0, 0)
        call = self.rules.calls[self.history[-1]]
        caller = 1 + (len(self.history) - 1) % 2
        caller_right = self.rules.is_true(call, *self.hands)
        one = 1 if (caller == 1) == caller_right else -1
        return (one, -one)

    def view(self, player: int) -> tuple[Hand, tuple[str, ...]]:
        """What ``player`` sees: their own hand and the calls so far."""
        return self.hands[whole_number("player", player, 1, 2) - 1], tuple(self.rules.calls[i] for i in self.history)
