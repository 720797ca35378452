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
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from bluffmath.equilibrium.certificate import Certificate
from bluffmath.equilibrium.tree import Chance, Decision
from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown, whole_number


def draw(rng: random.Random, chances: Sequence[Fraction]) -> int:
    """An index drawn with exactly ``chances`` (exact, summing to 1).

    >>> class Each:                     # every whole number the draw can use, once each
    ...     def __init__(self): self.n = -1
    ...     def randrange(self, top): self.n += 1; return self.n
    >>> each = Each()
    >>> [draw(each, [Fraction(1, 3), Fraction(2, 3)]) for _ in range(3)]
    [0, 1, 1]
    """
    chances = list(chances)
    if not chances or any(not isinstance(p, Fraction | int) or isinstance(p, bool) or p < 0 for p in chances) \
            or sum(chances) != 1:
        raise InvalidInputError(f"chances must be exact and non-negative and sum to 1, got {shown(chances)}")
    scale = lcm(*(Fraction(p).denominator for p in chances))
    pick = rng.randrange(scale)
    for i, p in enumerate(chances):
        pick -= Fraction(p).numerator * (scale // Fraction(p).denominator)
        if pick < 0:
            return i
    raise AssertionError("unreachable: the chances sum to 1")  # pragma: no cover


def deal(game: Any, rng: random.Random) -> Any:
    """The first node after the game's chance moves, drawn with their exact chances."""
    node = game.root
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
        if not isinstance(node, Decision) or node.player != self.player:
            raise InvalidInputError(f"the bot plays player {self.player}'s decisions, got {shown(node)}")
        mix = self.certificate.strategies[self.player - 1].get(node.infoset)
        if not mix:  # a situation the strategy never reaches: its first move
            return node.actions[0]
        actions = list(mix)
        return actions[draw(rng, [mix[a] for a in actions])]
