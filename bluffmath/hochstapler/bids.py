"""Reading the bids: a colour's total conditioned on the calls, under an opponent model.

Card counting ignores what the calls say. Here each call is evidence about its caller's
card in the called colour, weighed by a stated :class:`OpponentModel`: a caller names a
total they believe (by card counting, from their own card and the face-up cards at the
time) with probability at least ``threshold``; a total they do not believe they name only
as a bluff, ``bluff`` times as readily. The posterior is exact: a dynamic programme over
the other players' cards, dealt without replacement, weighted by each caller's likelihood.

For one call, :func:`caller_table` shows the same reasoning as a Bayes table of the
caller's card, :func:`call_odds_given_card` finishes it by card counting, and
:func:`break_even_bluff` finds the bluff rate at which the reading tips.

What the model leaves out, on purpose: a raise also says the caller chose not to doubt,
and the choice of colour says something about the colours not named; neither is used.

>>> from bluffmath.hochstapler import total_distribution
>>> reading = read_bids(players=4, own=2, calls=[SpokenCall(seat=1, total=14, face_up=())])
>>> counting = total_distribution(players=4, own=2)
>>> counting.at_least(14) < reading.at_least(14)     # someone believes in 14
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations
from math import comb, perm, prod
from operator import mul

from bluffmath.distribution import Distribution
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hochstapler.counting import (
    Pool,
    chance_at_least,
    known_cards,
    unseen_pool,
    ways_by_sum,
)
from bluffmath.hochstapler.position import SpokenCall
from bluffmath.hochstapler.rules import (
    VALUES,
    card_values,
    check_known_cards,
    check_players,
    check_total,
    check_value,
)
from bluffmath.i18n import N_, _
from bluffmath.limits import MAX_ACTIONS, bounded
from bluffmath.validate import probability, shown, whole_number


@dataclass(frozen=True)
class OpponentModel:
    """How the other players choose their calls (only the ratio of likelihoods matters).

    - ``threshold``: a caller believes a call when card counting gives it at least this
      chance, from their own card and what lay face up when they called.
    - ``bluff``: the likelihood of a call the caller does not believe, relative to one
      they do (0: nobody ever bluffs; 1: calls say nothing).

    >>> OpponentModel().likelihood(Fraction(3, 5)), OpponentModel().likelihood(Fraction(2, 5))
    (Fraction(1, 1), Fraction(1, 10))
    """

    threshold: Fraction = Fraction(1, 2)
    bluff: Fraction = Fraction(1, 10)

    def __post_init__(self) -> None:
        object.__setattr__(self, "threshold", probability("threshold", self.threshold))
        object.__setattr__(self, "bluff", probability("bluff", self.bluff))

    def likelihood(self, belief: Fraction) -> Fraction:
        """The weight of a call its caller believes with probability ``belief``."""
        if type(belief) is not Fraction:
            belief = probability("belief", belief)
        return Fraction(1) if belief >= self.threshold else self.bluff


def caller_likelihoods(players: int, pool: Pool, calls: Iterable[SpokenCall],
                       model: OpponentModel) -> tuple[Fraction, ...]:
    """For each card value a caller may hold, the likelihood of all of their ``calls``.

    With 3 players, only a caller holding the 7 believes that a colour reaches 12:

    >>> likely = caller_likelihoods(3, (3, 2, 2, 2, 2, 2, 1, 1), [SpokenCall(1, 12, ())],
    ...                             OpponentModel())
    >>> [str(weight) for weight in likely]
    ['1/10', '1/10', '1/10', '1/10', '1/10', '1/10', '1/10', '1']
    """
    calls = tuple(calls)
    likelihoods = []
    for value, available in zip(VALUES, pool, strict=True):
        if available <= 0:
            likelihoods.append(Fraction(0))
            continue
        weight = Fraction(1)
        for call in calls:  # the chance the caller gives the call, from what they could see
            ways = ways_by_sum(unseen_pool(value, call.face_up), players - 1)
            need, whole = call.total - value, sum(ways.values())
            weight *= model.likelihood(Fraction(sum(w for s, w in ways.items() if s >= need), whole))
            if not weight:
                break
        likelihoods.append(weight)
    return tuple(likelihoods)


@dataclass(frozen=True)
class CallerRow:
    """One value the caller may hold, in :func:`caller_table`: how many such cards I have
    not seen, the prior, the caller's own chance of the call holding it (``belief``), the
    model's likelihood of the call, their product (prior × likelihood) and the posterior."""

    value: int
    unseen: int
    prior: Fraction
    belief: Fraction
    likelihood: Fraction
    product: Fraction
    posterior: Fraction


@dataclass(frozen=True)
class CallerTable:
    """The Bayes table of one caller's card given their call: a :class:`CallerRow` per value
    the caller may hold, lowest first; ``normaliser`` is the sum of the products,
    P(the call | the model), the likelihood of a call weighed over the prior."""

    rows: tuple[CallerRow, ...]
    normaliser: Fraction

    def posterior_of(self, values: Iterable[int]) -> Fraction:
        """P(the caller holds one of ``values`` | the call).

        >>> caller_table(4, own=2, call=14).posterior_of((6, 7))
        Fraction(5, 8)
        """
        values = set(card_values("values", values))
        return sum((row.posterior for row in self.rows if row.value in values), Fraction(0))


def caller_table(players: int, own: int | None, call: int, face_up: Iterable[int] = (),
                 model: OpponentModel | None = None) -> CallerTable:
    """Bayes' rule for one caller's card in a colour, after they call ``call`` in it.

    I hold ``own`` in the colour (``None``: no card, or not looked at) and ``face_up``
    lay face up, as they did when the call was made. The prior of a value is its share of
    the cards I have not seen; the likelihood is ``model``'s (by default
    ``OpponentModel()``), from the chance the caller gives the call holding that value.
    Raises :class:`~bluffmath.errors.InconsistentEvidenceError` when no value fits (a
    call nobody could believe, under a model with ``bluff = 0``).

    >>> table = caller_table(4, own=2, call=14)
    >>> [str(row.likelihood) for row in table.rows]
    ['1/10', '1/10', '1/10', '1/10', '1/10', '1/10', '1', '1']
    >>> [str(row.posterior) for row in table.rows]
    ['3/32', '1/16', '1/32', '1/16', '1/16', '1/16', '5/16', '5/16']
    >>> table.normaliser
    Fraction(8, 35)
    """
    model = _check_model(model)
    players = check_players(players)
    call = whole_number("call", call, 0)
    face_up = check_known_cards(players, own, face_up)
    pool = unseen_pool(own, face_up)
    likelihood = caller_likelihoods(players, pool, [SpokenCall(1, call, face_up)], model)
    unseen = sum(pool)
    products = {v: Fraction(pool[v], unseen) * likelihood[v] for v in VALUES if pool[v]}
    normaliser = sum(products.values(), Fraction(0))
    if not normaliser:
        raise InconsistentEvidenceError(
            f"no card of the caller agrees with a call of {call} when nobody bluffs "
            f"(bluff = {model.bluff}): no value makes it likely enough to believe"
        )
    rows = tuple(
        CallerRow(v, pool[v], Fraction(pool[v], unseen),
                  chance_at_least(unseen_pool(v, face_up), players - 1, call - v),
                  likelihood[v], products[v], products[v] / normaliser)
        for v in products
    )
    return CallerTable(rows, normaliser)


def call_odds_given_card(players: int, own: int | None, card: int, call: int,
                         face_up: Iterable[int] = ()) -> Fraction:
    """P(the colour's total >= ``call``) when I hold ``own`` and I know that another hand
    (a caller's) holds ``card``: card counting for the rest of the hands.

    Weighed by :func:`caller_table`'s posteriors, these give the reading of one call, the
    law of total probability: ``sum(row.posterior * call_odds_given_card(..., row.value,
    ...))`` is ``read_bids(...).at_least(call)``.

    >>> call_odds_given_card(4, own=2, card=7, call=14)
    Fraction(47, 78)
    >>> table = caller_table(4, own=2, call=14)
    >>> sum(row.posterior * call_odds_given_card(4, 2, row.value, 14) for row in table.rows)
    Fraction(331, 832)
    """
    players = check_players(players)
    call = whole_number("call", call, 0)
    face_up = check_known_cards(players, own, face_up)
    card = check_value("card", card)
    pool = unseen_pool(own, face_up)
    if not pool[card]:
        raise InvalidInputError(
            f"another hand cannot hold a {card}: every card of value {card} is face up"
            + (" or yours" if own == card else "")
            + f"; allowed are the values still unseen, {[v for v in VALUES if pool[v]]}"
        )
    rest = unseen_pool(own, (*face_up, card))
    others = players - 1 - (own is not None)
    return chance_at_least(rest, others, call - (own or 0) - card)


def break_even_bluff(players: int, own: int | None, call: int, face_up: Iterable[int] = (),
                     threshold: Fraction = Fraction(1, 2),
                     target: Fraction = Fraction(1, 2)) -> Fraction | None:
    """The bluff rate at which one call of ``call`` is true with chance exactly ``target``
    (default 1/2) once read (:func:`read_bids` under ``OpponentModel(threshold, bluff)``);
    ``None`` when no single rate from 0 to 1 gives that chance.

    With likelihood 1 for the values the caller believes and ``b`` for the others, the
    reading is ``(A + b*B) / (C + b*D)``, where ``A``, ``B`` are sums of prior × P(true |
    the caller's card) over the two groups of values and ``C``, ``D`` the sums of the
    priors; setting it equal to ``target`` gives ``b = (target*C - A) / (B - target*D)``.
    The chance moves one way as ``b`` goes from 0 (honest callers) to 1 (calls say
    nothing), so the rate is the reading's tipping point.

    >>> break_even_bluff(4, own=2, call=14)
    Fraction(4, 295)
    >>> model = OpponentModel(bluff=Fraction(4, 295))
    >>> read_bids(4, 2, [SpokenCall(1, 14, ())], model=model).at_least(14)
    Fraction(1, 2)
    >>> break_even_bluff(4, own=2, call=8) is None   # likelier than 1/2 however they bluff
    True
    """
    threshold = probability("threshold", threshold)
    target = probability("target", target)
    table = caller_table(players, own, call, face_up, OpponentModel(threshold, Fraction(1)))
    a = b = c = d = Fraction(0)
    for row in table.rows:
        true = call_odds_given_card(players, own, row.value, call, face_up)
        if row.belief >= threshold:
            a, c = a + row.prior * true, c + row.prior
        else:
            b, d = b + row.prior * true, d + row.prior
    if not c or not d or b == target * d:  # the reading does not depend on the rate
        return None
    rate = (target * c - a) / (b - target * d)
    return rate if 0 <= rate <= 1 else None


@cache
def _tails(players: int, value: int, face_up: tuple[int, ...]) -> tuple[int, ...]:
    """For a caller holding ``value`` who saw ``face_up``: entry ``n`` is the number of ways
    the other hands' cards reach at least ``n`` (entry 0: every way; the last entry, one
    past the highest sum, is 0). Shared by every call made with the same face-up cards."""
    ways = ways_by_sum(unseen_pool(value, face_up), players - 1)
    column = [ways.get(s, 0) for s in range(max(VALUES) * (players - 1), -1, -1)]  # highest first
    return (*reversed(list(accumulate(column))), 0)


def _whole_likelihoods(players: int, pool: Pool, calls: Sequence[SpokenCall],
                       model: OpponentModel) -> tuple[int, ...]:
    """:func:`caller_likelihoods` times one common factor, as ints: Bayes' rule cares only
    for ratios, and whole numbers keep the dynamic programme fast. A value's likelihood is
    ``bluff ** d``, ``d`` the calls its holder would not believe, so with ``bluff = p/q``
    (in lowest terms) and ``D`` the largest ``d``, the factor is ``q ** D`` (the least
    that makes every likelihood whole) and the value's int ``p ** d * q ** (D - d)``.

    >>> pool, calls = (3, 2, 2, 2, 2, 2, 1, 1), [SpokenCall(1, 12, ())]
    >>> _whole_likelihoods(3, pool, calls, OpponentModel())
    (1, 1, 1, 1, 1, 1, 1, 10)
    """
    num, den = model.threshold.numerator, model.threshold.denominator
    doubts: list[int | None] = []
    for value, available in zip(VALUES, pool, strict=True):
        if available <= 0:
            doubts.append(None)
            continue
        d = 0
        for call in calls:
            tails = _tails(players, value, call.face_up)
            need = min(max(call.total - value, 0), len(tails) - 1)
            d += tails[need] * den < num * tails[0]  # believed: the chance is >= threshold
        doubts.append(d)
    most = max((d for d in doubts if d is not None), default=0)
    p, q = model.bluff.numerator, model.bluff.denominator
    return tuple(0 if d is None else p ** d * q ** (most - d) for d in doubts)


def read_bids(players: int, own: int | None, calls: Sequence[SpokenCall],
              face_up: Iterable[int] = (), model: OpponentModel | None = None) -> Distribution[int]:
    """The colour's total given my card, the face-up cards and the others' calls in it.

    ``calls`` are the calls that speak about cards their callers still hold (see
    :meth:`Position.spoken_calls`). The weights are numbers of ways to deal the unknown
    cards, each times its likelihood, all scaled by one whole-number factor; with no
    calls they are exactly :func:`total_distribution`'s.
    """
    model = _check_model(model)
    players = check_players(players)
    face_up, pool = known_cards(players, own, face_up)
    unknown_seats = players if own is None else players - 1
    by_seat = _calls_by_seat(calls, face_up, players, unknown_seats)
    likelihoods = [_whole_likelihoods(players, pool, seat_calls, model) for seat_calls in by_seat.values()]
    weights = deal_weights(pool, likelihoods, unknown_seats - len(by_seat))
    if not weights:
        raise InconsistentEvidenceError(
            _("no deal agrees with these calls when nobody bluffs (bluff = {bluff}): {calls}").format(
                bluff=model.bluff, calls="; ".join(_("seat {seat} called {total}").format(seat=c.seat, total=c.total)
                                                   for c in calls)))
    base = own or 0
    return Distribution._counted({base + s: w for s, w in weights.items()})


def deal_weights(pool: Pool, likelihoods: Sequence[Sequence[int]], rest: int) -> dict[int, int]:
    """For each sum s, the weight of the deals whose cards add up to s: one card from
    ``pool`` to each caller, weighted by that caller's ``likelihoods[value]`` (whole
    numbers), and ``rest`` cards to the hands that did not call. Sums of weight 0 are
    left out; the sums come in increasing order.

    The cards are distinct, dealt without replacement. Value by value, the dynamic
    programme decides how many of that value's cards go to the callers (and to which of
    those still without a card: a set of callers, ``mask``, as the state) and how many
    to the other hands. For each mask, the weights of (cards to the other hands, sum) are
    the digits of one big int, as in :func:`~bluffmath.hochstapler.counting.ways_by_sum`.

    Two callers, one believed only on a 7, the other on anything: from {0, 7} the 7 must
    go to the first caller 10 times as often as to the second.

    >>> deal_weights((1, 0, 0, 0, 0, 0, 0, 1), [(1, 0, 0, 0, 0, 0, 0, 10), (1,) * 8], 0)
    {7: 11}
    >>> from bluffmath.hochstapler.counting import ways_by_sum
    >>> deal_weights((3, 2, 0, 0, 0, 0, 0, 0), [], 2) == ways_by_sum((3, 2, 0, 0, 0, 0, 0, 0), 2)
    True
    """
    in_pool = [value for value in VALUES if pool[value] > 0]
    informative = []
    for row in likelihoods:
        weights = {row[value] for value in in_pool}
        if weights == {0}:
            return {}  # a caller who can hold no card: no deal at all
        if len(weights) > 1:
            informative.append(row)
        else:  # the same likelihood whatever their card: a hand like the others
            rest += 1
    callers = len(informative)
    if not callers:  # card counting for every hand
        return dict(ways_by_sum(pool, rest))
    # A digit holds any weight: no more than (callers + 2) ** cards ways to send each card
    # to a caller, to the other hands or nowhere, times the largest likelihoods.
    bound = (callers + 2) ** sum(pool) * prod(max(row) for row in informative)
    bits = bound.bit_length() + 1
    span = max(VALUES) * (rest + callers) + 1  # the sums of the dealt cards: 0 .. span - 1
    keep = (1 << (bits * span * (rest + 1))) - 1  # no more than `rest` cards to the others
    states = {0: 1}
    left = sum(pool)  # the cards of the values not yet dealt
    for value in in_pool:
        available = pool[value]
        left -= available
        layout = (bits, span + value, keep if rest else 0)
        states = _deal_value(states, value, available, _groups(value, available, informative), layout)
        # a set of callers still without a card that the cards left cannot serve: drop it
        states = {mask: poly for mask, poly in states.items() if callers - mask.bit_count() <= left}
    row = states.get((1 << callers) - 1, 0) >> (bits * span * rest)
    digit = (1 << bits) - 1
    weights = {}
    for s in range(span):
        if row & digit:
            weights[s] = row & digit
        row >>= bits
    return weights


def _deal_value(states: dict[int, int], value: int, available: int,
                groups: list[tuple[int, int, int]], layout: tuple[int, int, int]) -> dict[int, int]:
    """One step of :func:`deal_weights`: hand out the ``available`` cards of ``value``.

    ``layout`` is (bits per digit, digits per extra card to the other hands: the span
    plus ``value``, the mask that keeps the terms of no more than ``rest`` such cards, 0
    when ``rest`` is 0). Of the cards the callers do not take, j go to the other hands in
    C(cards left, j) ways: at most ``rest + 1`` shifts of the packed int, each times a
    small number, never a product of two big ints.
    """
    bits, digits, keep = layout
    step = bits * digits
    takers = 0  # the callers who may hold this value
    for group, _size, _count in groups:
        takers |= group
    ways = [[comb(left, j) for j in range(left + 1)] for left in range(available, -1, -1)]
    dealt: dict[int, int] = {}
    for mask, poly in states.items():
        free = min(available, (takers & ~mask).bit_count())
        spread = [poly]  # j cards of this value to the other hands, for each j
        while keep and len(spread) <= available and spread[-1]:
            spread.append((spread[-1] << step) & keep)
        moved = [(sum(map(mul, ways[t], spread)) if keep else poly) << (bits * value * t)
                 for t in range(free + 1)]
        for group, t, weight in groups:
            if not group & mask:
                got = mask | group
                dealt[got] = dealt.get(got, 0) + moved[t] * weight
    return dealt


def _groups(value: int, available: int, likelihoods: Sequence[Sequence[int]]) -> list[tuple[int, int, int]]:
    """Each set of callers that may take this value's cards together: (the set as a bit
    mask, its size t, the weight: the ways to hand them t of the ``available`` cards in
    order, times their likelihoods of holding ``value``)."""
    takers = [i for i, row in enumerate(likelihoods) if row[value]]
    groups = []
    for t in range(min(available, len(takers)) + 1):
        for group in combinations(takers, t):
            weight = perm(available, t)
            for i in group:
                weight *= likelihoods[i][value]
            groups.append((sum(1 << i for i in group), t, weight))
    return groups


def _check_model(model: object) -> OpponentModel:
    if model is None:
        return OpponentModel()
    if not isinstance(model, OpponentModel):
        raise InvalidInputError(f"model must be an OpponentModel, got {type(model).__name__}")
    return model


def _calls_by_seat(calls: Sequence[SpokenCall], face_up: tuple[int, ...], players: int,
                   unknown_seats: int) -> dict[int, list[SpokenCall]]:
    if isinstance(calls, str | bytes) or not isinstance(calls, Iterable):
        raise InvalidInputError(f"calls must be a sequence of SpokenCall, got {type(calls).__name__}")
    by_seat: dict[int, list[SpokenCall]] = {}
    for call in bounded("calls", calls, MAX_ACTIONS):
        if not isinstance(call, SpokenCall):
            raise InvalidInputError(f"each call must be a SpokenCall, got {shown(call)}")
        check_total(N_("a call's total"), call.total)
        whole_number("a call's seat", call.seat, 0, players - 1)
        then = list(face_up)
        for value in card_values("a call's face_up", call.face_up):
            if value not in then:
                raise InvalidInputError(
                    f"seat {call.seat}'s call of {call.total} saw {value} face up, "
                    f"but the face-up cards are now {face_up}"
                )
            then.remove(value)
        by_seat.setdefault(call.seat, []).append(call)
    if len(by_seat) > unknown_seats:
        raise InvalidInputError(
            f"calls come from {len(by_seat)} seats, but only {unknown_seats} other hands are unknown"
        )
    return by_seat
