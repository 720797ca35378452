"""Playing an equilibrium: a bot that draws each move with exactly the chances of a
certificate's strategy, and the exact draw it uses.

The draw is exact: with chances whose denominators have least common multiple ``L``, one
whole number from ``0`` to ``L - 1`` picks the move, so over all ``L`` of them every move
comes up exactly its chance times ``L`` times (no float rounds a chance).

>>> import random
>>> from bluffmath.equilibrium import stored
>>> bot = EquilibriumBot(stored({"game": "kuhn-poker"}), player=2)
>>> node = deal(bot.certificate.game, random.Random(1))      # the cards are dealt
>>> node.player, node.infoset                                 # player 1 holds the Jack
(1, 'J')
>>> node.children[0].infoset, bot.act(node.children[0], random.Random(1))   # after a check
('K check', 'bet')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from bluffmath.equilibrium.certificate import Certificate
from bluffmath.equilibrium.tree import Chance, Decision, Game, _game
from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_ITEMS, bounded
from bluffmath.validate import shown, whole_number

_CHANCES = "a list of exact chances (ints or Fractions, not negative) that sum to 1"


def random_source(rng: object, name: str = "rng") -> Any:
    """``rng`` if it draws whole numbers as :class:`random.Random` does (a ``randrange``
    method), else a clear error.

    >>> random_source(random.Random(1)).randrange(6) in range(6)
    True
    >>> random_source(1)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: rng must be a random number generator with randrange, ...; got 1 (int)
    """
    if isinstance(rng, type) or not callable(getattr(rng, "randrange", None)):
        what = f"the class {rng.__name__}; call it" if isinstance(rng, type) else type(rng).__name__
        raise InvalidInputError(f"{name} must be a random number generator with randrange, such as "
                                f"random.Random(1); got {shown(rng)} ({what})")
    return rng


def draw(rng: random.Random, chances: Sequence[Fraction]) -> int:
    """An index drawn with exactly ``chances`` (exact, summing to 1).

    >>> class Each:                     # every whole number the draw can use, once each
    ...     def __init__(self): self.n = -1
    ...     def randrange(self, top): self.n += 1; return self.n
    >>> each = Each()
    >>> [draw(each, [Fraction(1, 3), Fraction(2, 3)]) for _ in range(3)]
    [0, 1, 1]
    """
    rng, chances = random_source(rng), _chances(chances)
    scale = lcm(*(Fraction(p).denominator for p in chances))
    pick = rng.randrange(scale)
    for i, p in enumerate(chances):
        pick -= Fraction(p).numerator * (scale // Fraction(p).denominator)
        if pick < 0:
            return i
    raise AssertionError("unreachable: the chances sum to 1")  # pragma: no cover


def own_decision(certificate: Certificate, player: int, node: object) -> Decision:
    """``node`` if it is a decision of ``player`` at one of their information sets in the
    certificate's game, else a clear error (a bot plays no other node)."""
    infoset = None
    if isinstance(node, Decision) and isinstance(node.infoset, str):
        infoset = certificate.game.infosets.get(node.infoset)
    if infoset is None or infoset.player != player or node.player != player or node.actions != infoset.actions:
        raise InvalidInputError(f"the bot plays player {player}'s decisions in {certificate.game.name}, "
                                f"got {shown(node)}")
    return node


def _chances(chances: object) -> tuple[Fraction | int, ...]:
    """``chances`` read (at most :data:`~bluffmath.limits.MAX_ITEMS`, so an endless
    iterator is refused) and checked: exact, not negative, summing to 1."""
    if isinstance(chances, str | bytes | Mapping | set | frozenset) or not isinstance(chances, Iterable):
        raise InvalidInputError(f"chances must be {_CHANCES}, got {shown(chances)} ({type(chances).__name__})")
    got = bounded("chances", chances, MAX_ITEMS)
    if not got or any(isinstance(p, bool) or type(p) not in (int, Fraction) or p < 0 for p in got) or sum(got) != 1:
        raise InvalidInputError(f"chances must be {_CHANCES}, got {shown(list(got))}")
    return got


def deal(game: Game, rng: random.Random) -> Any:
    """The first node after the game's chance moves, drawn with their exact chances.

    >>> deal(None, random.Random(1))
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: game must be a bluffmath.equilibrium Game (such as kuhn_poker()), got None (NoneType)
    """
    node, rng = _game(game).root, random_source(rng)
    while isinstance(node, Chance):
        node = node.branches[draw(rng, [p for p, _ in node.branches])][1]
    return node


@dataclass(frozen=True)
class EquilibriumBot:
    """Plays ``player``'s strategy of a certificate (1 or 2): at each of its decisions, a
    move drawn with exactly the strategy's chances, so that it cannot be exploited."""

    certificate: Certificate
    player: int

    def __post_init__(self) -> None:
        if not isinstance(self.certificate, Certificate):
            raise InvalidInputError(f"certificate must be a Certificate, got {shown(self.certificate)}")
        whole_number("player", self.player, 1, 2)

    @property
    def name(self) -> str:
        """The bot's name in a table."""
        return f"equilibrium (player {self.player})"

    def act(self, node: Decision, rng: random.Random) -> str:
        """The move at ``node``, one of this player's decisions in the certificate's game."""
        own_decision(self.certificate, self.player, node)
        random_source(rng)
        mix = self.certificate.strategies[self.player - 1].get(node.infoset)
        if not mix:  # a situation the strategy never reaches: its first move
            return node.actions[0]
        actions = list(mix)
        return actions[draw(rng, [mix[a] for a in actions])]
