"""A Hochstapler call valued over the rest of its round, counted exactly.

The **round model**: the other players' cards are as card counting has them (every deal
that fits my cards and the face-up cards is equally likely; what the earlier calls say is
not read), and after my call every other player answers as
:class:`~bluffmath.hochstapler.bots.CalledColourBot` does, in the called colour only:
doubt, or raise by one. When the round comes back to me, I answer at my best knowing that
(the doubt that costs least, or the raise by one); I never change colour or exchange
again. A call's **value** is the probability that I do not take the round's penalty point.

Because every answer reads only the answering player's card in the called colour, the
rest of the round is decided by that one colour's cards, and its deals can be counted:
the other hands' cards of the colour, in seat order, drawn without replacement from the
cards I cannot see. Each player's doubt is a function of its own card and the total it
faces, so a deal's round ends at the lowest total any of them doubts; counting the deals
by that total and the colour's sum gives my exact chance of taking the point for every
turn at which I might doubt.

>>> values = round_values(4, own=3, face_up=())
>>> values.value(12), values.stop(12)   # call 12 holding a 3; when it comes back, doubt 19 or more
(Fraction(225, 364), 19)
>>> values.value(23)                    # the top: the next player must doubt, and it is false
Fraction(0, 1)
>>> values.best(10)                     # the best call of at least 10, and its value
(10, Fraction(887, 1092))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial, perm

from bluffmath.hochstapler.bots import CalledColourBot, counting_chances, doubts_in_colour
from bluffmath.hochstapler.counting import Pool, known_cards, ways_by_sum
from bluffmath.hochstapler.rules import MAX_TOTAL, VALUES, check_players
from bluffmath.validate import whole_number

NEVER = 10**6  # a doubt total no round reaches


@dataclass(frozen=True)
class RoundModel:
    """The review's round model (see the module): the others answer as
    :class:`~bluffmath.hochstapler.bots.CalledColourBot` ``(doubt_bias=doubt_bias)`` does.

    >>> RoundModel().values(4, 3, ()).value(12)
    Fraction(225, 364)
    >>> RoundModel(doubt_bias=0.1)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: doubt_bias must be an exact number (...) from -1 to 1, got 0.1 (float)
    """

    doubt_bias: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubt_bias", CalledColourBot(doubt_bias=self.doubt_bias).doubt_bias)

    @property
    def policy(self) -> CalledColourBot:
        """The bot the others are taken to be."""
        return CalledColourBot(doubt_bias=self.doubt_bias)

    def values(self, players: int, own: int, face_up: tuple[int, ...] = ()) -> RoundValues:
        """Every call of a colour, valued over the rest of the round: :func:`round_values`."""
        return round_values(players, own, face_up, self.doubt_bias)


@dataclass(frozen=True)
class RoundValues:
    """Every call of one colour, valued over the rest of the round (see the module).

    ``values[t]`` is the probability of not taking the point after calling ``t``, and
    ``stops[t]`` the lowest call I then doubt when the round comes back (``None``: I
    never need to, someone else doubts first).
    """

    players: int
    own: int
    face_up: tuple[int, ...]
    values: tuple[Fraction, ...]
    stops: tuple[int | None, ...]

    def value(self, total: int) -> Fraction:
        """P(I do not take the point) if I call ``total``, 0 to the highest total."""
        return self.values[whole_number("total", total, 0, len(self.values) - 1)]

    def stop(self, total: int) -> int | None:
        """The lowest call I doubt when the round comes back after I call ``total``."""
        return self.stops[whole_number("total", total, 0, len(self.stops) - 1)]

    def best(self, low: int = 0) -> tuple[int, Fraction]:
        """The call of at least ``low`` with the highest value (the lowest on a tie)."""
        low = whole_number("low", low, 0, len(self.values) - 1)
        top = max(self.values[low:])
        return self.values.index(top, low), top


def round_values(players: int, own: int, face_up: tuple[int, ...] = (),
                 bias: Fraction = Fraction(0)) -> RoundValues:
    """Every call of a colour in which I hold ``own``, with ``face_up`` lying face up,
    valued over the rest of the round against :class:`CalledColourBot`
    ``(doubt_bias=bias)`` (see the module)."""
    players = check_players(players)
    face_up, _ = known_cards(players, whole_number("own", own, 0, max(VALUES)), face_up)
    return _round_values(players, own, tuple(sorted(face_up)), RoundModel(doubt_bias=bias).doubt_bias)


@lru_cache(maxsize=16384)
def _round_values(players: int, own: int, face_up: tuple[int, ...], bias: Fraction) -> RoundValues:
    counter = _Counter(players, own, face_up, bias)
    top = MAX_TOTAL[players]
    costs: list[tuple[int, int | None]] = [(0, None)] * (top + 1)
    for t in range(top, -1, -1):
        costs[t] = counter.sure_lap(t, costs) or counter.cost(t)
    whole = counter.whole
    return RoundValues(players, own, face_up, tuple(1 - Fraction(c, whole) for c, _ in costs),
                       tuple(stop for _, stop in costs))


class _Counter:
    """The deals of one colour and the others' answers, for :func:`round_values`.

    Weights are ordered deals: the other players' cards, in seat order after mine, as
    distinct cards from the pool; ``whole`` is their number."""

    def __init__(self, players: int, own: int, face_up: tuple[int, ...], bias: Fraction) -> None:
        self.n, self.own, self.top = players, own, MAX_TOTAL[players]
        self.pool: Pool = known_cards(players, own, face_up)[1]
        self.others = players - 1
        self.rests: dict[tuple[tuple[int, ...], int], list[tuple[int, int]]] = {}
        self.whole = perm(sum(self.pool), self.others)
        # doubt_at[v][s]: the lowest total s, s + n, s + 2n, ... a player holding v doubts
        self.doubt_at = {v: self._doubt_totals(counting_chances(players, v, face_up), bias)
                         for v in VALUES if self.pool[v]}
        sums = ways_by_sum(self.pool, self.others)
        self.at_least = _tails({own + s: w * factorial(self.others) for s, w in sums.items()},
                               self.top + 1)

    def _doubt_totals(self, chances: tuple[Fraction, ...], bias: Fraction) -> list[int]:
        n, top = self.n, self.top
        doubts = [doubts_in_colour(chances, u, top, bias) for u in range(top + 1)]
        first = [NEVER] * (top + 1 + n)
        for s in range(top, -1, -1):
            first[s] = s if doubts[s] else first[s + n]
        return first

    def sure_lap(self, t: int, costs: list[tuple[int, int | None]]) -> tuple[int, int | None] | None:
        """My cost after calling ``t`` when every other player surely raises once: doubt the
        call that comes back, or go on as if I had called ``t + n``; None otherwise."""
        back = t + self.n - 1
        if back > self.top or any(first[t + k] == t + k
                                  for first in self.doubt_at.values() for k in range(self.others)):
            return None
        doubt = (self.at_least[back], back)
        if back == self.top:
            return doubt
        later = costs[t + self.n]
        return doubt if doubt[0] <= later[0] else later

    def cost(self, t: int) -> tuple[int, int | None]:
        """My least expected penalty (in ordered deals) after calling ``t``, and my stop."""
        ends = self.ends(t)
        back = range(t + self.n - 1, self.top + 1, self.n)  # the calls that come back to me
        options = [(self._cost(t, ends, stop), stop) for stop in back]
        if not back or back[-1] != self.top:  # I never face the top: I may always raise
            options.append((self._cost(t, ends, None), None))
        return min(options, key=lambda option: option[0])

    def _cost(self, t: int, ends: dict[tuple[int, int], int], stop: int | None) -> int:
        """Ordered deals in which I take the point: the next player doubts my call, false;
        or I doubt the call ``stop`` before anyone else doubts, and it is true."""
        cost = 0
        for (end, total), w in ends.items():
            if stop is not None and end > stop:
                cost += w if total >= stop else 0
            elif (end - t) % self.n == 0 and total < end:
                cost += w
        return cost

    def ends(self, t: int) -> dict[tuple[int, int], int]:
        """(the call the others first doubt, the colour's total) -> ordered deals, after
        I call ``t``."""
        ends: dict[tuple[int, int], int] = {}
        # answers[k]: each card the (k+1)-th player after me may hold, and the call it doubts
        answers = [[(v, first[t + k]) for v, first in self.doubt_at.items()] for k in range(self.others)]
        self._deal(t, answers, 0, [0] * len(VALUES), self.own, NEVER, 1, ends)
        return ends

    def _deal(self, t: int, answers: list[list[tuple[int, int]]], k: int, used: list[int], total: int,
              end: int, w: int, ends: dict[tuple[int, int], int]) -> None:
        """Count into ``ends`` the deals of players k+1 .. n-1 after me, given the cards of
        those before; once someone has doubted, the rest only add to the total."""
        if end < t + k:
            for s, ways in self._rest(tuple(used), self.others - k):
                key = (end, total + s)
                ends[key] = ends.get(key, 0) + w * ways
            return
        pool = self.pool
        if k == self.others - 1:
            for v, doubt in answers[k]:
                free = pool[v] - used[v]
                if free:
                    key = (doubt if doubt < end else end, total + v)
                    ends[key] = ends.get(key, 0) + w * free
            return
        for v, doubt in answers[k]:
            free = pool[v] - used[v]
            if free:
                used[v] += 1
                self._deal(t, answers, k + 1, used, total + v, doubt if doubt < end else end, w * free, ends)
                used[v] -= 1

    def _rest(self, used: tuple[int, ...], left: int) -> list[tuple[int, int]]:
        """The sums of ``left`` more players' cards from what ``used`` leaves, with their
        ordered deals."""
        key = (used, left)
        if key not in self.rests:
            rest = tuple(p - u for p, u in zip(self.pool, used, strict=True))
            self.rests[key] = [(s, ways * factorial(left)) for s, ways in ways_by_sum(rest, left).items()]
        return self.rests[key]


def _tails(weights: dict[int, int], top: int) -> list[int]:
    """``tails[x]`` = the weight of totals >= x, for x from 0 to ``top``."""
    tails = [0] * (top + 2)
    for total, w in weights.items():
        tails[min(total, top + 1)] += w
    for x in range(top, -1, -1):
        tails[x] += tails[x + 1]
    return tails
