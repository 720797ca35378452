"""What the table knows about every hand in Münchhausen, exactly.

At a round's start every hand is public: every value once. Afterwards cards leave hands
unseen (a believed card, a card laid on one's own pile) or are shown (a doubted card),
and cards move into hands in plain view. For every player the table keeps the exact
distribution over the hands that player can hold, updated event by event under a stated
:class:`~bluffmath.muenchhausen.models.CardModel` of how players choose cards. Hands evolve independently (each player
chooses from their own hand), so a player's distribution is exact on its own; a viewer
knows their own hand outright.

A face-down card is chosen by the model: an unseen departure mixes the hands it could
come from (``P(h') = sum over h, c with h - c = h' of P(h) P(c | h)``); a shown card is a
Bayes update (prior ``P(h)``, likelihood ``P(that card | h)``). Offers are not evidence:
the model says how a card is chosen for an offer, not how an offer is chosen. The card
models are :mod:`~bluffmath.muenchhausen.models`'s; each change, and its explanation in
words, a :class:`~bluffmath.muenchhausen.steps.Step`.

>>> from bluffmath.muenchhausen.game import Game
>>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7).believe()
>>> k = Knowledge.from_log(state.log, LOWEST_ENOUGH)
>>> k.hands(2)     # seat 2 laid its lowest card of at least 6, a 6, if the model is right
{(1, 2, 3, 4, 5, 7, 8): Fraction(1, 1)}
>>> k = Knowledge.from_log(state.log, UNIFORM)
>>> k.hands(2)[(1, 2, 3, 4, 5, 7, 8)]
Fraction(1, 8)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.i18n import _
from bluffmath.limits import MAX_ACTIONS, bounded
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
from bluffmath.muenchhausen.models import (
    LOWEST_ENOUGH,
    UNIFORM,
    CardModel,
    Moves,
    card_model,
    card_value,
    cards_of,
    lay_moves,
    lcm_to,
    reward_moves,
)
from bluffmath.muenchhausen.models import MAX_HAND as MAX_HAND
from bluffmath.muenchhausen.models import MODELS as MODELS
from bluffmath.muenchhausen.models import RANDOM_ENOUGH as RANDOM_ENOUGH
from bluffmath.muenchhausen.models import LayRule as LayRule
from bluffmath.muenchhausen.models import RewardRule as RewardRule
from bluffmath.muenchhausen.readings import Readings
from bluffmath.muenchhausen.rules import MAX_PLAYERS, MIN_PLAYERS, Hand, values
from bluffmath.muenchhausen.steps import Step, card_moved, explained
from bluffmath.validate import whole_number

# The ``name as name`` imports: names that moved to the module named, still found here.

#: Events read from one log (each action adds at most four: a pass may close a turn, a round
#: and start the next).
MAX_EVENTS = 4 * MAX_ACTIONS
Beliefs = dict[Hand, Fraction]


class ModelContradicted(InconsistentEvidenceError):
    """A shown card that the card model says could not have been chosen."""


@dataclass(frozen=True)
class Knowledge:
    """Every player's distribution over hands after the events so far (this round's)."""

    model: CardModel
    beliefs: tuple[Beliefs, ...] = ()
    pending: Laid | None = None
    steps: tuple[Step, ...] = field(default=(), repr=False)
    me: int | None = field(default=None, repr=False)
    """The seat whose knowledge this is, if any: the card model describes how the *others*
    choose, so this seat's own face-down cards are counted under
    :data:`~bluffmath.muenchhausen.models.UNIFORM` (any card
    of its hand), and its own play never contradicts the model."""

    def model_of(self, seat: int) -> CardModel:
        """The card model for ``seat``'s face-down cards: :attr:`model`, ``UNIFORM`` for :attr:`me`."""
        return UNIFORM if seat == self.me else self.model

    @property
    def laid(self) -> Step | None:
        """While a card lies face down: the step that took it from its owner's hand (each
        row a hand before, its probability, the card, that card's chance, the hand after)."""
        return self.steps[-1] if self.pending is not None else None

    @classmethod
    def from_log(cls, log: Iterable[Event], model: CardModel = LOWEST_ENOUGH,
                 me: int | None = None, my_hand: Hand | None = None) -> Knowledge:
        """Replay ``log``; with ``me`` and ``my_hand``, that seat's hand is known. ``model``
        is a CardModel or the name of one (:data:`~bluffmath.muenchhausen.models.MODELS`).

        A round that contradicts the model (:class:`ModelContradicted`) raises if it is the
        log's last; a later round starts fresh, as every hand is public at a round's start
        (``docs/reference/rulings.md``): the knowledge is this round's. With ``me``, the card model is not
        applied to that seat's own cards (:attr:`me`): a player's own bluff never contradicts it."""
        seat = me if type(me) is int and my_hand is not None else None  # checked once the table is known
        k, contradicted = _replay(cls(card_model(model), me=seat), None, bounded("log", log, MAX_EVENTS))
        if contradicted is not None:
            raise contradicted
        if (me is None) != (my_hand is None):
            raise InvalidInputError("give both me (a seat) and my_hand (its cards), or neither")
        if me is not None:
            me = k.seat("me", me)
            hand = cards_of("my_hand", my_hand, k.size(me))
            k = k._but(beliefs=_set(k.beliefs, me, {hand: Fraction(1)}))
        return k

    @property
    def players(self) -> int:
        """The number of players (0 before the log's first round starts)."""
        return len(self.beliefs)

    def seat(self, what: str, seat: object) -> int:
        """``seat`` if it is a seat at this table, else a clear error."""
        if not self.beliefs:
            raise InvalidInputError("no round has started in the log: it must begin with RoundStarted")
        return whole_number(what, seat, 0, len(self.beliefs) - 1)

    def size(self, seat: int) -> int:
        """How many cards ``seat`` holds (everyone knows: cards leave and join in view)."""
        return len(next(iter(self.beliefs[seat])))

    def hand_of(self, what: str, hand: object, seat: int | None) -> Hand:
        """A caller's ``hand`` for ``seat``: card values of this table, as many as it holds
        (``seat`` None: any number of cards, at least one)."""
        low = values(len(self.beliefs))[0]
        cards = cards_of(what, hand, None if seat is None else self.size(seat))
        if cards and cards[0] < low:
            raise InvalidInputError(f"{what} must hold card values from {low} to 8, got {cards[0]}")
        return cards

    def hands(self, seat: int) -> Beliefs:
        """``seat``'s possible hands with their exact probabilities (most likely first)."""
        seat = self.seat("seat", seat)
        return dict(sorted(self.beliefs[seat].items(), key=lambda item: (-item[1], item[0])))

    def explain(self, seat: int) -> str:
        """How ``seat``'s distribution came about this round, step by step: each card that
        left unseen (the hands it may have come from, the card's chance, the hand after)
        and each card shown (a Bayes table: prior, likelihood, unnormalised, posterior).

        >>> from bluffmath.muenchhausen.game import Game
        >>> state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(8).doubt()
        >>> print(Knowledge.from_log(state.log, RANDOM_ENOUGH).explain(1))
        seat 1 lays a card face down on seat 0's pile: "at least 5"
          hand before       P  card  P(card | hand)  hand after
          1 2 3 4 5 6 7 8   1     5             1/4  1 2 3 4 6 7 8
          1 2 3 4 5 6 7 8   1     6             1/4  1 2 3 4 5 7 8
          1 2 3 4 5 6 7 8   1     7             1/4  1 2 3 4 5 6 8
          1 2 3 4 5 6 7 8   1     8             1/4  1 2 3 4 5 6 7
        seat 0 doubts: a 8, honest; seat 0 takes it
          hand before       prior  likelihood  prior x likelihood  posterior
          1 2 3 4 5 6 7 8       1         1/4                 1/4          1
          normalising constant: 1/4
        """
        return explained(self.steps, self.seat("seat", seat))

    def holds(self, seat: int, value: int) -> Fraction:
        """P(``seat`` holds at least one card of ``value``)."""
        seat, value = self.seat("seat", seat), card_value("value", value)
        return sum((p for h, p in self.beliefs[seat].items() if value in h), Fraction(0))

    def after(self, event: Event) -> Knowledge:
        """The knowledge after one more event (checked: an event that no game could show
        here is refused)."""
        self._check(event)
        return self._after(event)

    def _but(self, **changes: object) -> Knowledge:
        """:func:`dataclasses.replace` without its per-field work (no ``__post_init__``
        to run): knowledge changes at every event."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__, **changes)
        return new

    def _after(self, event: Event) -> Knowledge:
        if type(event) in _SAID:
            return self
        if isinstance(event, RoundStarted):
            return self._but(beliefs=tuple({h: Fraction(1)} for h in event.hands), pending=None, steps=())
        if isinstance(event, Laid):
            rule, offer = self.model_of(event.seat).lay, event.offer
            return self._unseen(event, lambda h: lay_moves(rule, h, offer), pending=event)
        if isinstance(event, Believed):
            return self._but(pending=None)
        if isinstance(event, Doubted):
            return self._doubted(event)
        if isinstance(event, Rewarded):
            rule = self.model_of(event.seat).reward
            return self._unseen(event, lambda h: reward_moves(rule, h))
        if isinstance(event, OpenCard):  # two players: everything is in plain view
            gone = card_moved(self.beliefs[event.seat], event, -event.card)
            return self._with(gone)
        if isinstance(event, RoundEnded):
            return self._but(pending=None)
        return self

    def _doubted(self, event: Doubted) -> Knowledge:
        """The face-down card is shown: a Bayes update of the hand it came from."""
        seat, card = event.seat, event.card
        model = self.model_of(seat)
        before: Beliefs = {h: p for h, p, *_ in self.laid.rows}  # the hand before the lay
        rows, total = [], Fraction(0)
        for h, p in before.items():
            like = model._lay(h, event.offer).get(card, Fraction(0))
            rows.append((h, p, like, p * like))
            total += p * like
        if total == 0 and model == UNIFORM:  # every hand it could hold is counted: impossible
            raise InconsistentEvidenceError(_("seat {seat} cannot have laid a card of value {card}: no hand it may "
                                              "hold has one").format(seat=seat, card=card))
        if total == 0:
            raise ModelContradicted(_(
                "the card model {model} says seat {seat} could not have laid a {card} on an offer of {offer} from "
                "any hand it may hold; try the uniform model").format(
                model=repr(self.model.words), seat=seat, card=card, offer=event.offer))
        table = tuple((*row, row[3] / total) for row in rows)
        shown = Step(seat, event, "bayes", table, total)
        after = {h: post for h, _, _, _, post in table if post}
        k = self._but(beliefs=_set(self.beliefs, seat, after), pending=None, steps=(*self.steps, shown))
        if event.honest:  # the card moves to the start player's hand, in plain view
            k = k._with(card_moved(k.beliefs[seat], event, -card))._with(card_moved(k.beliefs[event.start], event, card,
                                                                          seat=event.start))
        return k

    def _check(self, event: object) -> None:
        """Refuse an event that is not one, or that no game could show after this log."""
        if self._check_shape(event):
            return
        if isinstance(event, Laid | OpenCard) and event.seat == event.start:
            raise InvalidInputError(f"{event!r}: a player never lays a card on an offer of their own turn")
        if isinstance(event, Believed | Doubted) and (
                self.pending is None or (event.seat, event.start, event.offer) != (
                    self.pending.seat, self.pending.start, self.pending.offer)):
            raise InvalidInputError(f"{event!r} must follow the Laid event of its card, with the same seats and offer")
        if isinstance(event, Laid | Rewarded | OpenCard) and self.pending is not None:
            raise InvalidInputError(f"{event!r} cannot come while a card lies face down, before believe or doubt")
        if isinstance(event, Laid | Rewarded | OpenCard) and self.size(event.seat) == 0:
            raise InvalidInputError(f"{event!r}: seat {event.seat} has no card left")
        if isinstance(event, OpenCard) and not all(event.card in h for h in self.beliefs[event.seat]):
            raise InconsistentEvidenceError(f"seat {event.seat} cannot lay a {event.card} face up: it holds none")

    def _check_shape(self, event: object) -> bool:
        """Refuse an event that is not one, or whose seats and values are not of this
        table; True for a round's start (which needs no more checks)."""
        if not isinstance(event, _EVENTS):
            raise InvalidInputError(f"a log holds Münchhausen events ({', '.join(t.__name__ for t in _EVENTS)}), "
                                    f"got {event!r}")
        if isinstance(event, RoundStarted):
            whole_number("a round's number", event.round, 0)
            hands = event.hands
            n = len(hands) if isinstance(hands, tuple) else 0
            if not MIN_PLAYERS <= n <= MAX_PLAYERS or hands != (values(n),) * n:
                raise InvalidInputError(f"a round starts with 2 to 8 hands, each every value (1-8, or 3-8 with 6 "
                                        f"to 8 players); got {hands!r}")
            whole_number("the first start player", event.first, 0, n - 1)
            return True
        if not self.beliefs:
            raise InvalidInputError(f"a log must begin with RoundStarted, got {event!r} first")
        for what in ("seat", "start"):
            if hasattr(event, what):
                whole_number(f"the {what} of {type(event).__name__}", getattr(event, what), 0, self.players - 1)
        for what in ("value", "offer", "card", "named"):
            if hasattr(event, what):
                card_value(f"the {what} of {type(event).__name__}", getattr(event, what))
        if isinstance(event, RoundEnded) and not (
                all(isinstance(x, tuple) and len(x) == self.players for x in (event.points, event.piles, event.hands))
                and isinstance(event.circle, bool)):
            raise InvalidInputError(f"a round ends with points, piles and hands for each of the {self.players} "
                                    f"players, got {event!r}")
        return False

    def _unseen(self, event: Laid | Rewarded, moves_of: Callable[[Hand], Moves], **changes: object) -> Knowledge:
        """A card leaves ``event.seat``'s hand face down, chosen by the card model
        (``moves_of(hand)``: each card, its chance and the hand after): the step's rows
        and the mixed distribution, ``P(h') = sum of P(h) P(c | h) over h - c = h'``."""
        beliefs = self.beliefs[event.seat]
        rows = tuple((h, p, c, q, after) for h, p in beliefs.items() for c, q, after, _ in moves_of(h))
        # whole numbers over one denominator: P(h) over the lcm of their denominators, each
        # card's chance over the lcm of 1..(cards in a hand), which every chance divides
        tops = math.lcm(*(p.denominator for p in beliefs.values()))
        sums: dict[Hand, int] = {}
        for h, p in beliefs.items():
            weight = p.numerator * (tops // p.denominator)
            for _card, _q, after, chance in moves_of(h):
                sums[after] = sums.get(after, 0) + weight * chance
        below = tops * lcm_to(len(next(iter(beliefs))))
        after = {hand: Fraction(top, below) for hand, top in sums.items()}
        step = Step(event.seat, event, "unseen", rows)
        return self._but(beliefs=_set(self.beliefs, event.seat, after), steps=(*self.steps, step), **changes)

    def _with(self, step: Step, **changes: object) -> Knowledge:
        one = Fraction(1)
        beliefs = totals((row[-1], row[1], row[3] if step.kind == "unseen" else one) for row in step.rows)
        return self._but(beliefs=_set(self.beliefs, step.seat, beliefs), steps=(*self.steps, step),
                       **changes)


def _replay(k: Knowledge, contradicted: ModelContradicted | None,
            events: Iterable[Event]) -> tuple[Knowledge, ModelContradicted | None]:
    """:meth:`Knowledge.from_log`'s reading of ``events`` after ``k``: the knowledge, and the
    contradiction of the round under way if the model cannot explain it (the rest of that
    round is only checked; a later round starts fresh)."""
    for event in events:
        if contradicted is not None and not isinstance(event, RoundStarted):
            k._check_shape(event)  # the rest of a round the model cannot explain
            continue
        try:
            k, contradicted = k.after(event), None
        except ModelContradicted as error:
            contradicted = error
    return k, contradicted


#: A log's reading: the knowledge, and the contradiction of the round under way, if any.
_Reading = tuple[Knowledge, ModelContradicted | None]


#: :func:`public_knowledge` keeps the readings of the latest ``KEPT_LOGS`` logs it read, and
#: reads a log on from a kept one at most ``KEPT_BEHIND`` events shorter (a move adds one to
#: four events).
KEPT_LOGS, KEPT_BEHIND = 256, 8
_readings: Readings[_Reading] = Readings(KEPT_LOGS, KEPT_BEHIND, lambda model: (Knowledge(model), None),
                                         lambda reading, events: _replay(*reading, events))


def public_knowledge(log: tuple[Event, ...], model: CardModel | str = LOWEST_ENOUGH) -> Knowledge:
    """``Knowledge.from_log(log, model)``: what the whole table knows (no seat's hand),
    and the same error for a round that contradicts the model. The readings of the latest
    :data:`KEPT_LOGS` logs are kept, and a log that goes on from a kept one by at most
    :data:`KEPT_BEHIND` events is read from there: a game's log only grows, and a page of
    each seat is drawn at each moment of it (the class table), so each event is read once.

    >>> from bluffmath.muenchhausen.game import Game
    >>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
    >>> public_knowledge(state.log, UNIFORM) is public_knowledge(state.log, UNIFORM)
    True
    >>> later = state.believe().log
    >>> public_knowledge(later, UNIFORM) == Knowledge.from_log(later, UNIFORM)
    True
    """
    model = card_model(model)
    if type(log) is not tuple or len(log) > MAX_EVENTS:
        return Knowledge.from_log(log, model)  # read as it is given (or refused)
    k, contradicted = _readings.read(log, model)
    if contradicted is not None:  # a new error each time: the kept one is shared
        raise ModelContradicted(*contradicted.args)
    return k


#: Events that move no card: what the table knows stays as it is.
_SAID = frozenset((Named, Offered, Passed, NoOffer, Chose))
_EVENTS = (RoundStarted, Named, Offered, Passed, NoOffer, Chose, Laid, Believed, Doubted, Rewarded, OpenCard,
           RoundEnded)


def totals(terms: Iterable[tuple[object, Fraction, Fraction]]) -> dict:
    """``{key: sum of p * q}`` over ``(key, p, q)``, keys in order of first appearance:
    exact, with one common denominator in place of a Fraction per product and sum.

    >>> totals([("a", Fraction(1, 2), Fraction(1, 3)), ("b", Fraction(1, 4), Fraction(1)),
    ...         ("a", Fraction(1, 6), Fraction(1, 2))])
    {'a': Fraction(1, 4), 'b': Fraction(1, 4)}
    """
    sums, below = whole_totals(terms)
    return {key: Fraction(top, below) for key, top in sums.items()}


def whole_totals(terms: Iterable[tuple[object, Fraction, Fraction]]) -> tuple[dict, int]:
    """:func:`totals` as whole numbers over one common denominator: ``(sums, below)``."""
    rows = [(key, p.numerator * q.numerator, p.denominator * q.denominator) for key, p, q in terms]
    below = math.lcm(*(d for _, _, d in rows))
    sums: dict = {}
    for key, top, d in rows:
        sums[key] = sums.get(key, 0) + top * (below // d)
    return sums, below


def _set(beliefs: tuple[Beliefs, ...], seat: int, new: Beliefs) -> tuple[Beliefs, ...]:
    return (*beliefs[:seat], new, *beliefs[seat + 1:])
