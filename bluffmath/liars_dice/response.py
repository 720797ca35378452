"""Exact best responses in the reduced game of Liar's dice, without building its tree.

A certificate of a cell (:mod:`bluffmath.liars_dice.table`) claims a value and an
equilibrium of the reduced game (:mod:`bluffmath.liars_dice.reduced`). The generic check
(:meth:`~bluffmath.equilibrium.Certificate.verify`) builds the whole reduced game first:
2.7 million nodes for the one-die stairs game with six sides. This module checks the same
claim on the call histories alone. Each best reply walks only the histories that the
fixed strategy reaches (it is known there, so an equilibrium, which leaves most of its
information sets unreached, is checked in a blink), every action of the replying player,
and at each history the hands and kept actions of the reduced game, worked out as the
walk goes (:func:`~bluffmath.liars_dice.reduced.walk` does the same for every history).

The strategies are checked as the walk meets them: a mix at every information set the
strategy's own choices reach, kept actions only, exact probabilities that sum to 1; an
information set the walk does not meet is looked up along its calls.

>>> from bluffmath.liars_dice import table
>>> cert = table.certificate(1, 1, 3)
>>> bounds(Rules(1, 1, 3), (cert.strategy(1), cert.strategy(2))) == cert.bounds()
True
>>> bounds(Rules(1, 1, 3), ({"1:": {"1x1": 1}}, cert.strategy(2)))
Traceback (most recent call last):
...
bluffmath.errors.CertificateError: player 1's strategy has no mix at '2:', which its own choices reach; the actions there are ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from bluffmath.errors import CertificateError
from bluffmath.liars_dice.reduced import (
    _members,
    _position,
    _sure_liars,
    action_name,
    check_size,
    truth,
)
from bluffmath.liars_dice.rules import Rules, checked_rules, ways

__all__ = ["bounds"]

Strategy = dict[str, dict[str, Fraction]]
Reach = dict[int, Fraction]  # the fixed player's hands (index) that reach a history: their chance


def bounds(rules: Rules, strategies: tuple[Strategy, Strategy]) -> tuple[Fraction, Fraction]:
    """What player 1's strategy guarantees (player 2's exact best reply to it) and what
    player 2's concedes (player 1's best reply), in the reduced game of ``rules``; a
    CertificateError if a strategy is not one of that game's (see the module).

    >>> from bluffmath.liars_dice.table import cell
    >>> one, two = cell(1, 1, 3).strategy(1), cell(1, 1, 3).strategy(2)
    >>> bounds(Rules(1, 1, 3), (one, two))
    (Fraction(-1, 9), Fraction(-1, 9))
    >>> one["3:"]                                # holding a three, player 1 opens 1x3
    {'1x3': Fraction(1, 1)}
    >>> bounds(Rules(1, 1, 3), ({**one, "3:": {"2x3": 1}}, two))[0]   # opening 2x3 instead: it loses more
    Fraction(-1, 3)
    """
    checked_rules(rules)
    if type(strategies) is not tuple or len(strategies) != 2:
        raise CertificateError(f"strategies must be a pair (player 1's, player 2's), got {type(strategies).__name__}")
    check_size(rules)
    return _Walk(rules, 0, strategies[0]).value(), _Walk(rules, 1, strategies[1]).value()


@dataclass
class _Walk:
    """One best reply: to ``strategy`` of the player ``fixed`` (0: player 1), over the
    histories it reaches, payoffs to player 1 in units of one deal's chance."""

    rules: Rules
    fixed: int
    strategy: Strategy
    seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        rules = self.rules
        self.true = truth(rules)
        self.hands = (list(rules.hands(1)), list(rules.hands(2)))
        self.names = tuple(["".join(map(str, h)) for h in hs] for hs in self.hands)
        self.weight = tuple([ways(h) for h in hs] for hs in self.hands)
        self.top = len(rules.calls) - 1
        self.sure_liar = _sure_liars(self.true, (len(self.hands[0]), len(self.hands[1])), self.top)
        self.player = self.fixed + 1
        self.everyone = ((1 << len(self.hands[0])) - 1, (1 << len(self.hands[1])) - 1)  # every hand, as masks

    def value(self) -> Fraction:
        """The best reply's value to player 1, with the strategy checked."""
        if not isinstance(self.strategy, Mapping):
            raise CertificateError(f"player {self.player}'s strategy must be a dict {{infoset: {{action: "
                                   f"probability}}}}, got {type(self.strategy).__name__}")
        start = self._fixed_moves if self.fixed == 0 else self._reply_moves
        values = start((), "", *self.everyone, dict.fromkeys(range(len(self.hands[self.fixed])), Fraction(1)))
        for key in self.strategy.keys() - self.seen:
            self._unreached(key)
        reply = self.weight[1 - self.fixed]
        total = sum(reply[y] * v for y, v in values.items())
        return Fraction(total, self.rules.sides ** (self.rules.d1 + self.rules.d2))

    def _terminal(self, m: int, last: int, rank: int, x: int) -> tuple[int, bool]:
        """For the mover's hand ``x`` ending the play with ``rank`` (-1: liar, to the call
        ``last``): the other's hands for which the judged call holds (a mask), and whether
        player 1 then wins."""
        if rank < 0:  # liar: the caller (the other player) wins if the last call holds
            return self.true[m][last][x], m == 1
        return self.true[m][rank][x], m == 0

    def _fixed_moves(self, history: tuple[int, ...], text: str, live: int, others: int,
                     reach: Reach) -> dict[int, Fraction]:
        """The fixed player moves: for each of the replier's hands there, the value."""
        m, last = self.fixed, history[-1] if history else -1
        movers, _, kept, raising = _position(self.true[m], self.sure_liar[1 - m], last, self.top, live, others)
        replies = _members(others)
        values = dict.fromkeys(replies, Fraction(0))
        after: dict[int, Reach] = {}
        spot = {x: i for i, x in enumerate(movers)}
        for x, chance in reach.items():
            ranks = kept[spot[x]]
            for rank, p in self._mix(x, text, ranks).items():
                if rank < 0 or rank == self.top:
                    holds, one_if_true = self._terminal(m, last, rank, x)
                    w = chance * p * self.weight[m][x]
                    for y in replies:
                        values[y] += w if bool(holds >> y & 1) == one_if_true else -w
                else:
                    after.setdefault(rank, {})[x] = chance * p
        for rank, child in after.items():
            below = self._reply_moves((*history, rank), _joined(text, self.rules.calls[rank]), others, raising, child)
            for y, v in below.items():
                values[y] += v
        return values

    def _reply_moves(self, history: tuple[int, ...], text: str, live: int, others: int,
                     reach: Reach) -> dict[int, Fraction]:
        """The replier moves: for each of its hands there, the best of its kept actions."""
        m, last = 1 - self.fixed, history[-1] if history else -1
        movers, raises, kept, raising = _position(self.true[m], self.sure_liar[1 - m], last, self.top, live, others)
        below = {c: self._fixed_moves((*history, c), _joined(text, self.rules.calls[c]), others, raising, reach)
                 for c in raises} if raising else {}
        best = max if m == 0 else min
        values = {}
        for x, ranks in zip(movers, kept, strict=True):
            options = []
            for rank in ranks:
                if rank < 0 or rank == self.top:
                    holds, one_if_true = self._terminal(m, last, rank, x)
                    options.append(sum((c if bool(holds >> y & 1) == one_if_true else -c) * self.weight[1 - m][y]
                                       for y, c in reach.items()))
                else:
                    options.append(below[rank][x])
            values[x] = best(options)
        return values

    def _mix(self, x: int, text: str, ranks: tuple[int, ...]) -> dict[int, Fraction]:
        """The fixed strategy's mix for hand ``x`` at the history ``text``, checked, by rank."""
        key = f"{self.names[self.fixed][x]}:{text}"
        mix = self.strategy.get(key)
        if mix is None:
            if len(ranks) == 1:  # one action: nothing to choose
                return {ranks[0]: Fraction(1)}
            raise CertificateError(f"player {self.player}'s strategy has no mix at {key!r}, which its own "
                                   f"choices reach; the actions there are {self._texts(ranks)}")
        self.seen.add(key)
        return self._checked(key, mix, ranks)

    def _checked(self, key: str, mix: object, ranks: tuple[int, ...]) -> dict[int, Fraction]:
        """``mix`` by rank, if a mix of the actions ``ranks`` kept at ``key``."""
        by_name = {action_name(self.rules, r): r for r in ranks}
        if not isinstance(mix, Mapping) or not all(type(a) is str and a in by_name for a in mix):
            raise CertificateError(f"player {self.player}'s strategy at {key!r} must be a mix of "
                                   f"{self._texts(ranks)}, got {mix!r:.200}")
        if not all(type(p) in (int, Fraction) and 0 <= p <= 1 for p in mix.values()) or sum(mix.values()) != 1:
            raise CertificateError(f"player {self.player}'s strategy at {key!r} must give exact "
                                   f"probabilities from 0 to 1 that sum to 1, got {mix!r:.200}")
        return {by_name[a]: Fraction(p) for a, p in mix.items() if p}

    def _texts(self, ranks: tuple[int, ...]) -> str:
        return ", ".join(action_name(self.rules, r) for r in ranks)

    def _unreached(self, key: object) -> None:
        """Check a mix the walk never met: its key must name one of the fixed player's
        information sets of the reduced game, and the mix one of its actions there."""
        ranks = self._locate(key) if type(key) is str else None
        if ranks is None:
            raise CertificateError(f"player {self.player}'s strategy names {key!r:.200}, which is not one of "
                                   f"player {self.player}'s information sets in the reduced game of {self.rules.name}")
        self._checked(key, self.strategy[key], ranks)

    def _locate(self, key: str) -> tuple[int, ...] | None:
        """The actions kept at the information set ``key`` ("hand:calls"), None if the
        reduced game has no such information set of the fixed player."""
        hand, _, text = key.partition(":")
        if hand not in self.names[self.fixed]:
            return None
        rank = self.rules.rank
        calls = text.split(",") if text else []
        if len(calls) % 2 != self.fixed or not all(c in rank for c in calls):
            return None
        (live, others), last = self.everyone, -1
        for depth, call in enumerate([*calls, None]):
            m = depth % 2
            movers, raises, kept, raising = _position(self.true[m], self.sure_liar[1 - m], last, self.top,
                                                      live, others)
            if call is None:
                x = self.names[m].index(hand)
                return kept[movers.index(x)] if x in movers else None
            if rank[call] not in raises or not raising:
                return None
            live, others, last = others, raising, rank[call]
        return None


def _joined(text: str, call: str) -> str:
    return f"{text},{call}" if text else call
