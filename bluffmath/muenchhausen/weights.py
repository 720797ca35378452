"""What the table knows, in whole numbers: the bots' fast path to the exact posterior.

:class:`~bluffmath.muenchhausen.knowledge.Knowledge` keeps every player's distribution as
Fractions and every step for its explanation. A bot needs neither: a decision compares
expected values, and those are ratios of sums. So :class:`Table` keeps, for every seat, a
whole-number weight per possible hand, proportional to its exact probability (divided by
the weights' greatest common divisor after each change, so they stay small), and updates
it in place, event by event:

- a card leaving face down multiplies a hand's weight by the card's chance times
  ``lcm(1..n)`` for an ``n``-card hand: a whole number, and the same scale for every hand
  of that seat (all hold ``n`` cards), so the mixed weights are proportional to the
  mixture;
- a shown card keeps the hands it could have come from, each weight times that card's
  whole-number chance (Bayes' rule up to the normalising constant); hands of zero weight
  are dropped at once;
- a card moving in plain view moves in every hand.

Each mixing is cached by the model, the offer and the seat's weights: the hands left after
the same unseen departures recur in many games (under the uniform model, after any offers),
and the card a start player weighs when choosing among offers is the card then laid.

``Table.beliefs(seat)`` divides by the total: it equals ``Knowledge.beliefs[seat]`` (tested,
and both against a brute force over every hidden choice). A round's start deals fresh,
public hands, so it starts fresh knowledge, also after a round that contradicted the
card model (``docs/reference/rulings.md``).

>>> from bluffmath.muenchhausen.game import Game
>>> from bluffmath.muenchhausen.knowledge import UNIFORM
>>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
>>> table = Table(UNIFORM)
>>> for event in state.log:
...     table.see(event)
>>> table.cards                              # the face-down card: each of 8 alike
{1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}
>>> table.beliefs(2)[(1, 2, 3, 4, 5, 7, 8)]
Fraction(1, 8)
"""

from __future__ import annotations

import functools
import math
import threading
from bisect import insort
from collections.abc import Callable
from fractions import Fraction

from bluffmath.muenchhausen.events import (
    Believed,
    Chose,
    Doubted,
    Event,
    Laid,
    Named,
    NoOffer,
    Offered,
    OpenCard,
    Passed,
    Rewarded,
    RoundEnded,
    RoundStarted,
)
from bluffmath.muenchhausen.models import CardModel, LayRule, lay_moves, reward_moves
from bluffmath.muenchhausen.rules import Hand, without

Weights = dict[Hand, int]


class Table:
    """Every seat's hands with whole-number weights under ``model``, updated in place by
    :meth:`see`. ``pending`` is the face-down card's Laid event (None when no card lies
    face down), ``cards`` that card's weight per value, and ``contradicted`` is True from
    a shown card that the model says could not have been chosen until the next round."""

    __slots__ = ("before", "cards", "contradicted", "hands", "keys", "model", "pending")

    def __init__(self, model: CardModel) -> None:
        self.model = model
        self.hands: list[Weights] = []  # shared with a cache: replaced, never changed
        self.keys: list[frozenset | None] = []  # each seat's weights as a frozenset, once asked for
        self.pending: Laid | None = None
        self.cards: dict[int, int] = {}
        self.before: Weights = {}  # the laying seat's hands before the face-down card left
        self.contradicted = False

    def see(self, event: Event) -> None:
        """Update for one more event of an engine's log (unchecked: the engine wrote it)."""
        if type(event) is RoundStarted:
            self.hands = [{hand: 1} for hand in event.hands]
            self.keys = [None] * len(event.hands)
            self.pending, self.contradicted = None, False
        elif not self.contradicted and type(event) not in _SAID:
            _SEE[type(event)](self, event)

    def beliefs(self, seat: int) -> dict[Hand, Fraction]:
        """``seat``'s hands with their exact probabilities."""
        weights = self.hands[seat]
        total = sum(weights.values())
        return {hand: Fraction(w, total) for hand, w in weights.items()}

    def lay_weights(self, seat: int, offer: int) -> dict[int, int]:
        """The weight of each card ``seat`` would lay on an offer of ``offer`` (its total
        is the normaliser)."""
        return _mixed(True, self.model.lay, _offer(self.model.lay, offer), self._key(seat))[2]

    def _key(self, seat: int) -> frozenset:
        key = self.keys[seat]
        if key is None:
            key = self.keys[seat] = frozenset(self.hands[seat].items())
        return key

    def _laid(self, event: Laid) -> None:
        seat, rule = event.seat, self.model.lay
        self.before = self.hands[seat]
        self.hands[seat], self.keys[seat], self.cards = _mixed(True, rule, _offer(rule, event.offer), self._key(seat))
        self.pending = event

    def _rewarded(self, event: Rewarded) -> None:
        seat = event.seat
        self.hands[seat], self.keys[seat], _ = _mixed(False, self.model.reward, 0, self._key(seat))

    def _doubted(self, event: Doubted) -> None:
        """The face-down card is shown: Bayes' rule on the hands it came from."""
        rule, card = self.model.lay, event.card
        offer = _offer(rule, event.offer)
        post: Weights = {}
        for hand, w in self.before.items():
            for c, _, _, m in lay_moves(rule, hand, offer):
                if c == card:
                    post[hand] = w * m
        self.pending, self.cards, self.before = None, {}, {}
        if not post:
            self.contradicted = True
            return
        post = _reduced(post)
        if event.honest:  # to the start player's hand, in plain view
            self.hands[event.seat] = {without(hand, card): w for hand, w in post.items()}
            self.hands[event.start] = {_plus(hand, card): w for hand, w in self.hands[event.start].items()}
            self.keys[event.start] = None
        else:  # the liar takes it back: the hand it held before
            self.hands[event.seat] = post
        self.keys[event.seat] = None

    def _believed(self, event: Believed | RoundEnded) -> None:
        self.pending, self.cards, self.before = None, {}, {}

    def _open(self, event: OpenCard) -> None:
        self.hands[event.seat] = {without(hand, event.card): w for hand, w in self.hands[event.seat].items()}
        self.keys[event.seat] = None


@functools.lru_cache(maxsize=1 << 12)
def _mixed(lay: bool, rule: str, offer: int, weights: frozenset) -> tuple[Weights, frozenset, dict[int, int]]:
    """A card leaves a hand with ``weights`` face down, chosen by the model (laid on an offer
    of ``offer``, or on one's own pile): the mixture of the hands after, as a dict and a
    frozenset, and the card's weight per value. Cached: a seat's hands after the same
    departures recur in many games, and the card an offer would bring is asked for before
    it is laid."""
    after: Weights = {}
    cards: dict[int, int] = {}
    for hand, w in weights:
        for c, _, rest, m in lay_moves(rule, hand, offer) if lay else reward_moves(rule, hand):
            after[rest] = after.get(rest, 0) + w * m
            cards[c] = cards.get(c, 0) + w * m
    after = _reduced(after)
    return after, frozenset(after.items()), _reduced(cards)


def _offer(rule: LayRule, offer: int) -> int:
    """The offer as the lay rule sees it: the uniform model lays any card on any offer."""
    return 0 if rule == "uniform" else offer


_SAID = frozenset((Named, Offered, Passed, NoOffer, Chose))
_SEE: dict[type, Callable[[Table, Event], None]] = {
    Laid: Table._laid, Believed: Table._believed, Doubted: Table._doubted, Rewarded: Table._rewarded,
    OpenCard: Table._open, RoundEnded: Table._believed}


def _reduced(weights: Weights) -> Weights:
    """``weights`` divided by their greatest common divisor (the same distribution)."""
    g = math.gcd(*weights.values())
    return weights if g == 1 else {hand: w // g for hand, w in weights.items()}


def _plus(hand: Hand, card: int) -> Hand:
    cards = list(hand)
    insort(cards, card)
    return tuple(cards)


class Tracker:
    """A :class:`Table` under one card model, kept up to date as a game's log grows.

    A bot asks at every move; replaying the whole log each time made a game's cost grow
    with the square of its length. The tracker reads only the events added since it was
    last asked, when the new log holds the same event objects at the first and the last
    place of the log it saw: the engine makes each event once, when it appends it to a
    log, so such a log continues the one seen. Any other log is read from its start.

    >>> from bluffmath.muenchhausen.game import Game
    >>> from bluffmath.muenchhausen.knowledge import LOWEST_ENOUGH, Knowledge
    >>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
    >>> seen = Tracker(LOWEST_ENOUGH)
    >>> seen.table(state.log).cards               # seat 2's lowest card of at least 6
    {6: 1}
    >>> later = state.believe().name(5)
    >>> seen.table(later.log).beliefs(2) == Knowledge.from_log(later.log).beliefs[2]
    True
    """

    def __init__(self, model: CardModel) -> None:
        self.model = model
        self._start()

    def _start(self) -> None:
        self._log: tuple[Event, ...] = ()
        self._table = Table(self.model)

    def table(self, log: tuple[Event, ...]) -> Table | None:
        """What the table knows after ``log``; None while this round contradicts the model."""
        seen = len(self._log)
        if seen > len(log) or (seen and (log[seen - 1] is not self._log[-1] or log[0] is not self._log[0])):
            self._start()
            seen = 0
        table = self._table
        for event in log[seen:]:
            table.see(event)
        self._log = log
        return None if table.contradicted else table


_LOCAL = threading.local()


def tracker(model: CardModel) -> Tracker:
    """The :class:`Tracker` of ``model`` that every bot of this thread shares: the bots at a
    table see the same log, so each event is read once per card model, not once per bot.
    Bots at two tables played by turns make it start again, never answer wrong; tables
    played in other threads have trackers of their own."""
    trackers = _LOCAL.__dict__.setdefault("trackers", {})
    key = (model.lay, model.reward)  # cheaper to hash than the model
    if key not in trackers:
        trackers[key] = Tracker(model)
    return trackers[key]
