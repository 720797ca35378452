"""bluffmath: exact probabilities for bluffing and deduction card games.

Every probability is a :class:`fractions.Fraction`, never a float. The vocabulary:

=========================  ===================================================
``Distribution(weights)``  an immutable outcome -> probability mapping
``d[x]``                   P(X = x), a Fraction (0 outside the support)
``d.P(event)``             P(event(X)), for a predicate ``event``
``d.at_least(x)``          P(X >= x); ``d.at_most(x)`` is P(X <= x)
``d.mean()``               E[X]; ``d.variance()`` is Var[X]
``d.given(event)``         X conditioned on ``event`` (a new distribution)
``d.reweighted(f)``        Bayes' rule: weights times the likelihood ``f(x)``
``d + e``                  the sum of independent X and Y
``d.weight(x)``            the weight behind ``d[x]`` (a number of ways, say)
=========================  ===================================================

Games: :mod:`bluffmath.hochstapler`. Errors: :mod:`bluffmath.errors`.

>>> from bluffmath import Distribution
>>> die = Distribution.uniform(range(1, 7))
>>> (die + die).at_least(10), (die + die).mean()
(Fraction(1, 6), Fraction(7, 1))
"""

from bluffmath.distribution import Distribution
from bluffmath.errors import (
    BluffmathError,
    IllegalActionError,
    InconsistentEvidenceError,
    InvalidInputError,
    SaveFileError,
)

__version__ = "0.1.0"

__all__ = [
    "BluffmathError",
    "Distribution",
    "IllegalActionError",
    "InconsistentEvidenceError",
    "InvalidInputError",
    "SaveFileError",
    "__version__",
]
