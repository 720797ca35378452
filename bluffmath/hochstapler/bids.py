"""Reading the bids: a colour's total conditioned on the calls, under an opponent model.

Card counting ignores what the calls say. Here each call is evidence about its caller's
card in the called colour, weighed by a stated :class:`OpponentModel`: a caller names a
total they believe (by card counting, from their own card and the face-up cards at the
time) with probability at least ``threshold``; a total they do not believe they name only
as a bluff, ``bluff`` times as readily. The posterior is exact: a dynamic programme over
the other players' cards, dealt without replacement, weighted by each caller's likelihood.

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
from math import lcm

from bluffmath.distribution import Distribution
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hochstapler.counting import Pool, chance_at_least, unseen_pool, ways_by_sum
from bluffmath.hochstapler.position import SpokenCall
from bluffmath.hochstapler.rules import VALUES, check_known_cards, check_players
from bluffmath.validate import probability, whole_number, whole_numbers


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
    likelihoods = []
    for value, available in zip(VALUES, pool, strict=True):
        weight = Fraction(1) if available else Fraction(0)
        for call in calls:
            if weight:
                unseen = unseen_pool(value, call.face_up)  # what the caller could not see
                weight *= model.likelihood(chance_at_least(unseen, players - 1, call.total - value))
        likelihoods.append(weight)
    return tuple(likelihoods)


def _whole(likelihoods: Sequence[Fraction]) -> tuple[int, ...]:
    """The same likelihoods times one common factor, as ints: Bayes' rule cares only for
    ratios, and whole numbers keep the dynamic programme fast."""
    scale = lcm(*(x.denominator for x in likelihoods))
    return tuple(int(x * scale) for x in likelihoods)


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
    face_up = check_known_cards(players, own, face_up)
    unknown_seats = players if own is None else players - 1
    by_seat = _calls_by_seat(calls, face_up, players, unknown_seats)
    pool = unseen_pool(own, face_up)
    states: dict[Pool, int] = {pool: 1}  # cards still unseen -> weight
    for seat_calls in by_seat.values():
        states = _deal_one(states, _whole(caller_likelihoods(players, pool, seat_calls, model)))
    rest = unknown_seats - len(by_seat)
    weights: dict[int, int] = {}
    for remaining, weight in states.items():
        dealt = (own or 0) + _value_sum(pool) - _value_sum(remaining)
        for s, ways in ways_by_sum(remaining, rest).items():
            weights[dealt + s] = weights.get(dealt + s, 0) + weight * ways
    if not any(weights.values()):
        raise InconsistentEvidenceError(
            f"no deal agrees with these calls when nobody bluffs (bluff = {model.bluff}): "
            + "; ".join(f"seat {c.seat} called {c.total}" for c in calls)
        )
    return Distribution(weights)


def _deal_one(states: dict[Pool, int], likelihood: Sequence[int]) -> dict[Pool, int]:
    """Give one caller a card from each state's unseen cards, weighted by ``likelihood``."""
    dealt: dict[Pool, int] = {}
    for remaining, weight in states.items():
        for value, available in enumerate(remaining):
            if available and likelihood[value]:
                after = (*remaining[:value], available - 1, *remaining[value + 1:])
                dealt[after] = dealt.get(after, 0) + weight * available * likelihood[value]
    return dealt


def _value_sum(pool: Pool) -> int:
    return sum(value * n for value, n in zip(VALUES, pool, strict=True))


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
    for call in calls:
        if not isinstance(call, SpokenCall):
            raise InvalidInputError(f"each call must be a SpokenCall, got {call!r}")
        whole_number("a call's total", call.total, 0)
        whole_number("a call's seat", call.seat, 0, players - 1)
        then = list(face_up)
        for value in whole_numbers("a call's face_up", call.face_up, 0, max(VALUES)):
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
