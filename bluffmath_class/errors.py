"""The class server's errors: bluffmath's own types, so a caller's ``except ValueError``
still holds, each with a message a student or teacher can act on.

>>> issubclass(MessageError, ValueError), issubclass(JoinError, ValueError)
(True, True)
"""

from __future__ import annotations

from bluffmath.errors import InvalidInputError


class MessageError(InvalidInputError):
    """A message from a page that the server cannot take: malformed, unknown, too long,
    too fast, out of turn, or a move the rules do not allow (the message says which)."""


class JoinError(InvalidInputError):
    """A student could not be seated: a wrong join code, a name that will not do, or no
    free seat (the message says what to do)."""


class WrongCodeError(JoinError):
    """A join code that is not the class's (answered slowly: see
    :mod:`bluffmath_class.throttle`)."""
