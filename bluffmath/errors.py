"""bluffmath's exception types.

Every error bluffmath raises on purpose is a :class:`BluffmathError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do not care
which rule was broken. The message always says what was wrong and what is allowed.

>>> from bluffmath.hochstapler import total_distribution
>>> total_distribution(players=9)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: players must be a whole number from 3 to 7, got 9
"""

from __future__ import annotations


class BluffmathError(ValueError):
    """Base class of every error bluffmath raises on purpose."""


class InvalidInputError(BluffmathError):
    """An argument has the wrong type or lies outside what the rules allow."""


class InconsistentEvidenceError(BluffmathError):
    """The evidence given is well formed, but no deal of the cards agrees with all of it."""


class IllegalActionError(BluffmathError):
    """A game action the rules do not allow in this state (the message says why)."""


class SaveFileError(BluffmathError):
    """A saved game or training progress file that is damaged, of another format, or of an
    unknown version."""


class CertificateError(BluffmathError):
    """An equilibrium certificate that does not check out (the best responses' values do
    not meet, or a stored certificate was changed), or a solve that could not produce one."""


class ReviewError(BluffmathError):
    """A game that cannot be reviewed: a game bluffmath cannot review yet, or a game that
    contradicts the model the review was asked to assume."""
