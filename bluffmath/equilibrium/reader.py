"""A bot that reads you: it counts your moves, estimates your strategy and plays the exact
best reply to the estimate, saying what that risks against a player who plays well.

At each of the opponent's information sets the estimate is the opponent's moves seen
there so far plus ``prior`` imaginary moves shared as the certificate's equilibrium plays
them (an information set the equilibrium never reaches: shared alike among its actions).
With nothing seen, the estimate is the equilibrium itself. The reply is pure and exact
(:func:`~bluffmath.equilibrium.response.best_response`); :meth:`ReadingBot.risk` is its
exploitability: how much below the game's value a best counter to the reply would push
the bot. The equilibrium bot risks nothing and gains nothing from your mistakes; this
one gains from a predictable player and pays for it against a good one.

Matching pennies: player 1 hid heads three times; the bot (player 2) guesses heads,
expecting to win 3/7 of a game (3 heads seen, and 4 imaginary coins shared half and half:
heads 5/7 of the time), and a player who switches to tails wins a whole game from it:

>>> from fractions import Fraction
>>> from bluffmath.equilibrium import Certificate, matching_pennies
>>> half = {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
>>> cert = Certificate(matching_pennies(), Fraction(0), ({"hide": half}, {"guess": half}))
>>> bot = ReadingBot(cert, player=2)
>>> for _ in range(3):
...     bot.observe("hide", "heads")
>>> bot.estimate()["hide"], bot.act(cert.game.root.children[0])
({'heads': Fraction(5, 7), 'tails': Fraction(2, 7)}, 'heads')
>>> bot.expected(), bot.risk()     # player 1's payoff if the estimate is right; the risk
(Fraction(-3, 7), Fraction(1, 1))
"""

from __future__ import annotations

import random
from fractions import Fraction

from bluffmath.equilibrium.bot import own_decision, random_source
from bluffmath.equilibrium.certificate import Certificate
from bluffmath.equilibrium.response import BestResponse, Strategy, best_response
from bluffmath.equilibrium.tree import Decision
from bluffmath.equilibrium.value import exploitability
from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown, whole_number


class ReadingBot:
    """Plays ``player`` (1 or 2) of a certificate's game by the exact best reply to the
    opponent's estimated strategy (see the module); ``prior`` (0 to 1,000,000) is how many
    imaginary equilibrium moves each of the opponent's information sets starts with."""

    def __init__(self, certificate: Certificate, player: int, prior: int = 4) -> None:
        if not isinstance(certificate, Certificate):
            raise InvalidInputError(f"certificate must be a Certificate, got {shown(certificate)}")
        self.certificate = certificate
        self.player = whole_number("player", player, 1, 2)
        self.prior = whole_number("prior", prior, 0, 10**6)
        self.counts: dict[str, dict[str, int]] = {}
        self._reply: BestResponse | None = None

    @property
    def name(self) -> str:
        """The bot's name in a table."""
        return f"reader (player {self.player})"

    def observe(self, infoset: str, action: str) -> None:
        """Count one move of the opponent: ``action`` at their information set ``infoset``."""
        found = self.certificate.game.infosets.get(infoset) if isinstance(infoset, str) else None
        if found is None or found.player == self.player:
            raise InvalidInputError(f"{shown(infoset)} is not an information set of player {3 - self.player}")
        if action not in found.actions:
            raise InvalidInputError(f"{shown(action)} is not an action at {infoset!r}; the actions are "
                                    f"{', '.join(found.actions)}")
        seen = self.counts.setdefault(infoset, {})
        seen[action] = seen.get(action, 0) + 1
        self._reply = None

    def estimate(self) -> Strategy:
        """The opponent's estimated strategy, at every one of their information sets."""
        game, other = self.certificate.game, 3 - self.player
        equilibrium = self.certificate.strategies[other - 1]
        out: Strategy = {}
        for key, infoset in game.infosets.items():
            if infoset.player != other:
                continue
            mix = equilibrium.get(key) or {a: Fraction(1, len(infoset.actions)) for a in infoset.actions}
            seen = self.counts.get(key, {})
            total = sum(seen.values()) + self.prior
            if total == 0:
                out[key] = {a: Fraction(p) for a, p in mix.items() if p}
                continue
            weights = {a: (seen.get(a, 0) + self.prior * Fraction(mix.get(a, 0))) / total for a in infoset.actions}
            out[key] = {a: w for a, w in weights.items() if w}
        return out

    def reply(self) -> BestResponse:
        """The exact best reply to :meth:`estimate` (computed again after each observation)."""
        if self._reply is None:
            self._reply = best_response(self.certificate.game, 3 - self.player, self.estimate())
        return self._reply

    def expected(self) -> Fraction:
        """Player 1's expected payoff if the opponent plays as estimated and the bot replies."""
        return self.reply().value

    def risk(self) -> Fraction:
        """How much the reply loses against a best counter, compared with the game's value
        (0 only when the reply is itself an equilibrium strategy)."""
        return exploitability(self.certificate.game, self.player, self.reply().strategy, self.certificate.value)

    def act(self, node: Decision, rng: random.Random | None = None) -> str:
        """The move at ``node``, one of this player's decisions: the reply's (``rng`` is not
        used; it is there to play as the other bots do, and must be None or one that they take)."""
        own_decision(self.certificate, self.player, node)
        if rng is not None:
            random_source(rng)
        (action,) = self.reply().strategy[node.infoset]
        return action
