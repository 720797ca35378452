"""The exact distribution type every bluffmath result is built on.

A :class:`Distribution` is an immutable mapping from outcome to exact probability. It
keeps the *weights* it was made from (often whole numbers of equally likely ways), so a
result can still say "512 of the 1001 ways" after it has been conditioned.

>>> d = Distribution({0: 1, 1: 2, 2: 1})     # two fair coins: number of heads
>>> d[1]
Fraction(1, 2)
>>> d.at_least(1), d.mean(), d.variance()
(Fraction(3, 4), Fraction(1, 1), Fraction(1, 2))
>>> d.given(lambda heads: heads >= 1)
Distribution({1: 2/3, 2: 1/3})
>>> d.given(lambda heads: heads >= 1).weight(1)   # still counted in ways
2
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import accumulate
from numbers import Number, Rational
from typing import Any, Generic, TypeVar

from bluffmath.display import distribution_html
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.limits import MAX_ITEMS, bounded
from bluffmath.validate import shown

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
Weight = int | Fraction


class _Tails:
    """The numeric outcomes of a distribution in increasing order, the weight of each
    outcome and all above it (one more entry: 0), and the chances read off so far."""

    __slots__ = ("chances", "outcomes", "weights")

    def __init__(self, weights: dict[Any, Weight]) -> None:
        self.outcomes = list(weights)
        self.weights = [*reversed(list(accumulate(reversed(weights.values())))), 0]
        self.chances: dict[int, Fraction] = {}


#: Outcome types that are surely exact (checked first: most outcomes are one of these).
_EXACT = frozenset({int, bool, str, tuple, frozenset, Fraction})


def _check_outcome(outcome: object, weight: object) -> None:
    """Refuse an outcome that is an inexact number (a float, such as nan; a complex; a
    Decimal): it would make the mean inexact, or not a number at all."""
    if type(outcome) not in _EXACT and isinstance(outcome, Number) and not isinstance(outcome, Rational):
        raise InvalidInputError(
            f"outcomes must be exact: whole numbers, Fractions, text or tuples, not floats; got "
            f"{shown(outcome)} ({type(outcome).__name__}) with weight {shown(weight)}"
        )


def _check_event(name: str, event: object) -> None:
    """Refuse an event (or a function of the outcomes) that cannot be called."""
    if not callable(event):
        raise InvalidInputError(f"{name} must be a function of an outcome, such as lambda x: x >= 2; "
                                f"got {shown(event)} ({type(event).__name__})")


def _written(value: object, write: Callable[[object], str]) -> str:
    """``write(value)``, or :func:`~bluffmath.validate.shown` when Python will not write it."""
    try:
        return write(value)
    except ValueError:
        return shown(value)


def _sorted_outcomes(outcomes: list[Any]) -> list[Any]:
    try:
        return sorted(outcomes)
    except TypeError:  # outcomes that do not compare keep their insertion order
        return outcomes


class Distribution(Mapping[T, Fraction], Generic[T]):
    """An immutable, exact probability distribution over hashable outcomes.

    Built from non-negative weights (``int`` or :class:`~fractions.Fraction`), which it
    keeps as given; ``d[x]`` is the weight of ``x`` over the total weight, a ``Fraction``,
    and ``Fraction(0)`` for an outcome outside the support. Outcomes of weight zero are
    dropped. Everything that changes a distribution returns a new one. Outcomes are
    hashable values; numbers among them must be exact (no float, so no ``nan``).

    >>> Distribution.uniform("abc")["b"]
    Fraction(1, 3)
    >>> Distribution({1: 1, 2: 1}) + Distribution({10: 1, 20: 3})   # sum of independent
    Distribution({11: 1/8, 12: 1/8, 21: 3/8, 22: 3/8})
    >>> Distribution({float("nan"): 1, 1: 1})
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: outcomes must be exact: ..., not floats; got nan (float) with weight 1
    """

    __slots__ = ("_numeric", "_tails", "_total", "_weights")

    def __init__(self, weights: Mapping[T, Weight]) -> None:
        if not isinstance(weights, Mapping):
            raise InvalidInputError(
                f"a Distribution is made from a mapping of outcome to weight, such as "
                f"{{0: 1, 1: 2}}; got {type(weights).__name__}"
            )
        if len(weights) > MAX_ITEMS:
            raise InvalidInputError(f"a Distribution has at most {MAX_ITEMS:,} outcomes, got {len(weights):,}")
        kept: dict[T, Weight] = {}
        for outcome, weight in weights.items():
            _check_outcome(outcome, weight)
            if isinstance(weight, bool) or not isinstance(weight, int | Fraction):
                raise InvalidInputError(
                    f"weights must be whole numbers or Fractions, got {shown(weight)} "
                    f"({type(weight).__name__}) for outcome {shown(outcome)}"
                )
            if weight < 0:
                raise InvalidInputError(
                    f"weights must not be negative, got {shown(weight)} for outcome {shown(outcome)}"
                )
            if weight:
                kept[outcome] = weight
        if not kept:
            raise InconsistentEvidenceError("a distribution needs at least one outcome of positive weight")
        self._weights = {x: kept[x] for x in _sorted_outcomes(list(kept))}
        self._total: Weight = sum(self._weights.values())
        self._numeric: bool | None = None  # are all outcomes ints and Fractions? (asked once)
        self._tails: _Tails | None = None  # for at_least on numeric outcomes (built once)

    @classmethod
    def _counted(cls, ways: dict[T, int]) -> Distribution[T]:
        """A distribution from numbers of ways that counting code has just made: positive
        whole numbers, keyed by outcomes in increasing order. Nothing is checked or sorted
        (the hot paths of the card counting build thousands of these); anything else
        should use ``Distribution(weights)``: private, as it trusts its caller.

        >>> Distribution._counted({2: 1, 3: 2}) == Distribution({3: 2, 2: 1})
        True
        """
        d = object.__new__(cls)
        d._weights = ways
        d._numeric = True  # counting code counts totals: whole numbers
        d._tails = None
        d._total = sum(ways.values())
        return d

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Every outcome equally likely (repeats count twice)."""
        if not isinstance(outcomes, Iterable):
            raise InvalidInputError(
                f"uniform needs a collection of outcomes, such as range(1, 7); "
                f"got {type(outcomes).__name__}"
            )
        weights: dict[T, int] = {}
        items = outcomes if isinstance(outcomes, str) else bounded("uniform's outcomes", outcomes)
        if len(items) > MAX_ITEMS:
            raise InvalidInputError(f"uniform takes at most {MAX_ITEMS:,} outcomes, got {len(items):,}")
        for outcome in items:
            if not isinstance(outcome, Hashable):
                raise InvalidInputError(f"outcomes must be hashable (numbers, text, tuples), got "
                                        f"{shown(outcome)} ({type(outcome).__name__})")
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    # --- the mapping -------------------------------------------------------------
    def __getitem__(self, outcome: T) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def __iter__(self) -> Iterator[T]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._weights

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        """The outcomes and their chances; a number too long for Python to write (4,300
        digits or more) by its size.

        >>> Distribution({10**5000: 1, 0: 1})
        Distribution({0: 1/2, a number of 5,001 digits: 1/2})
        """
        body = ", ".join(f"{_written(x, repr)}: {_written(p, str)}" for x, p in self.items())
        return f"Distribution({{{body}}})"

    # --- weights: the counting behind the probabilities ----------------------------
    def weight(self, outcome: T) -> Weight:
        """The weight of ``outcome`` as given (a number of ways, say); 0 outside the support."""
        return self._weights.get(outcome, 0)

    @property
    def total_weight(self) -> Weight:
        """The sum of all weights: the normalising constant."""
        return self._total

    # --- events --------------------------------------------------------------------
    def P(self, event: Callable[[T], bool]) -> Fraction:
        """The probability that ``event(outcome)`` is true.

        >>> Distribution.uniform(range(1, 7)).P(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        return Fraction(self.weight_of(event), self._total)

    def weight_of(self, event: Callable[[T], bool]) -> Weight:
        """The total weight of the outcomes where ``event`` holds."""
        _check_event("the event", event)
        return sum((w for x, w in self._weights.items() if event(x)), 0)

    def at_least(self, x: Any) -> Fraction:
        """P(outcome >= x).

        For numbers, every threshold is read off one table of the weights from each
        outcome up, built at the first call, so that asking many thresholds of one
        distribution costs one pass over it.
        """
        x = self._threshold(x)
        if not self._numeric:
            return Fraction(sum((w for o, w in self._weights.items() if o >= x), 0), self._total)
        tails = self._tails
        if tails is None:
            tails = self._tails = _Tails(self._weights)
        i = bisect_left(tails.outcomes, x)
        p = tails.chances.get(i)
        if p is None:
            p = tails.chances[i] = Fraction(tails.weights[i], self._total)
        return p

    def at_most(self, x: Any) -> Fraction:
        """P(outcome <= x)."""
        x = self._threshold(x)
        return Fraction(sum((w for o, w in self._weights.items() if o <= x), 0), self._total)

    def _threshold(self, x: object) -> object:
        """``x`` if it compares with every outcome exactly: an int or a Fraction for numeric
        outcomes (no bool, no float), else a value of the outcomes' own kind.

        >>> Distribution.uniform(range(6)).at_least(2.5)
        Traceback (most recent call last):
        ...
        bluffmath.errors.InvalidInputError: the threshold must be a whole number or a Fraction, as the ...; got 2.5 (float)
        """
        numeric = self._numeric
        if numeric is None:
            numeric = self._numeric = all(type(o) in (int, Fraction) for o in self._weights)
        if numeric and (isinstance(x, bool) or not isinstance(x, int | Fraction)):
            raise InvalidInputError(f"the threshold must be a whole number or a Fraction, as the outcomes are; "
                                    f"got {shown(x)} ({type(x).__name__})")
        if numeric:
            return x  # an int or a Fraction compares with every int and Fraction
        try:
            for outcome in self._weights:
                _ = outcome >= x
        except TypeError:
            raise InvalidInputError(f"the threshold {shown(x)} does not compare with the outcomes") from None
        return x

    def mean(self) -> Fraction:
        """The expected value of a numeric distribution.

        >>> Distribution.uniform("ab").mean()
        Traceback (most recent call last):
        ...
        bluffmath.errors.InvalidInputError: the mean needs outcomes that are numbers (ints or Fractions); got 'a' (str)
        """
        self._check_numbers("the mean")
        return Fraction(sum(x * w for x, w in self._weights.items()), self._total)

    def variance(self) -> Fraction:
        """E[(X - E[X])^2], exact."""
        self._check_numbers("the variance")
        mu = self.mean()
        return Fraction(sum((x - mu) ** 2 * w for x, w in self._weights.items()), self._total)

    def _check_numbers(self, what: str) -> None:
        """Refuse ``what`` (the mean, a sum) unless every outcome is an exact number."""
        if self._numeric:
            return
        for outcome in self._weights:
            if not isinstance(outcome, Rational):
                raise InvalidInputError(f"{what} needs outcomes that are numbers (ints or Fractions); "
                                        f"got {shown(outcome)} ({type(outcome).__name__})")

    # --- new distributions from old ------------------------------------------------
    def given(self, event: Callable[[T], bool]) -> Distribution[T]:
        """Condition on ``event``: keep the outcomes where it holds, weights unchanged.

        Raises InconsistentEvidenceError when ``event`` has probability 0.
        """
        _check_event("the event", event)
        kept = {x: w for x, w in self._weights.items() if event(x)}
        if not kept:
            raise InconsistentEvidenceError("cannot condition on an event of probability 0")
        return Distribution(kept)

    def reweighted(self, likelihood: Callable[[T], Weight]) -> Distribution[T]:
        """Bayes' rule: multiply each weight by ``likelihood(outcome)``.

        >>> Distribution({"fair": 1, "double-headed": 1}).reweighted(
        ...     lambda coin: Fraction(1, 2) if coin == "fair" else 1)["double-headed"]
        Fraction(2, 3)
        """
        _check_event("the likelihood", likelihood)
        return Distribution({x: w * likelihood(x) for x, w in self._weights.items()})

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        """The distribution of ``f(outcome)``; weights of outcomes that meet are added."""
        _check_event("the function", f)
        weights: dict[U, Weight] = {}
        for x, w in self._weights.items():
            y = f(x)
            weights[y] = weights.get(y, 0) + w
        return Distribution(weights)

    def __add__(self, other: Distribution[Any] | int) -> Distribution[Any]:
        """The sum of two independent numeric outcomes, or a shift by a constant."""
        if isinstance(other, int) and not isinstance(other, bool):
            self._check_numbers("a shift")
            return self.map(lambda x: x + other)
        if not isinstance(other, Distribution):
            return NotImplemented
        self._check_numbers("a sum of distributions")
        other._check_numbers("a sum of distributions")
        weights: dict[Any, Weight] = {}
        for x, w in self._weights.items():
            for y, v in other._weights.items():
                weights[x + y] = weights.get(x + y, 0) + w * v
        return Distribution(weights)

    __radd__ = __add__

    # --- notebooks -----------------------------------------------------------------
    def _repr_html_(self) -> str:
        return distribution_html(self)

