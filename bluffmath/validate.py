"""Small argument checks shared by the game modules; each raises InvalidInputError.

JSON input is read by :mod:`bluffmath.schema`; this module checks Python arguments and
text typed in a box."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, language, number
from bluffmath.limits import MAX_DIGITS, MAX_ITEMS, bounded


def whole_number(name: str, value: object, low: int, high: int | None = None) -> int:
    """Return ``value`` if it is an int in ``[low, high]``, else raise a clear error.

    >>> whole_number("call", 12, 0)
    12
    >>> whole_number("call", -1, 0)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: call must be a whole number of at least 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(_whole_number_message(name, low, high, f"{shown(value)} ({type(value).__name__})"))
    if value < low or (high is not None and value > high):
        raise InvalidInputError(_whole_number_message(name, low, high, shown(value)))
    return value


def _whole_number_message(name: str, low: int, high: int | None, got: str) -> str:
    """The refusal of a number outside ``[low, high]``, in the language in use (``name`` too,
    if a caller marked it with ``N_``)."""
    if high is None:
        return _("{name} must be a whole number of at least {low}, got {got}").format(name=_(name), low=low, got=got)
    return _("{name} must be a whole number from {low} to {high}, got {got}").format(
        name=_(name), low=low, high=high, got=got)


def shown(value: object) -> str:
    """``value`` for an error message: its repr, cut short; a huge number by its size.

    ``repr`` itself may fail (Python refuses to write an int of 4,300 digits or more; a
    user's class may raise): the message must still be written.

    >>> shown(12), shown(10**5000), shown("x" * 100)[-4:], shown(2.5), shown(Fraction(-1, 2))
    ('12', 'a number of 5,001 digits', 'x...', '2.5', '-1/2')
    """
    if type(value) is int and abs(value) >= 10**40:
        return f"a number of {digits(value):,} digits"
    if type(value) is Fraction and max(abs(value.numerator), value.denominator) >= 10**40:
        return f"a fraction of {digits(value.numerator) + digits(value.denominator):,} digits"
    try:
        text = str(value) if type(value) is Fraction else repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:60] + "..."


def digits(n: int) -> int:
    """How many decimal digits ``n`` has, without ``str`` (which refuses 4,300 or more).

    >>> [digits(n) for n in (0, 9, 10, -99, 10**5000)]
    [1, 1, 2, 2, 5001]
    """
    n = abs(n)
    guess = max(1, int(n.bit_length() * 0.30103))
    return guess + (n >= 10**guess) - (guess > 1 and n < 10 ** (guess - 1))


def whole_numbers(name: str, values: object, low: int, high: int, limit: int = MAX_ITEMS) -> tuple[int, ...]:
    """Return ``values`` as a tuple of ints in ``[low, high]``, else raise a clear error.

    At most ``limit`` values are read, so an endless iterator is refused, not looped on; a
    text or a dict is refused, not read as its characters or keys.

    >>> whole_numbers("face_up", [7, 0], 0, 7)
    (7, 0)
    >>> whole_numbers("face_up", {0: 5}, 0, 7)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: face_up must be a sequence of whole numbers from 0 to 7, got {0: 5} (dict)
    """
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise InvalidInputError(
            f"{name} must be a sequence of whole numbers from {low} to {high}, "
            f"got {shown(values)} ({type(values).__name__})"
        )
    return tuple(whole_number(_("each value in {name}").format(name=name), v, low, high) for v in bounded(name, values, limit))


def probability(name: str, value: object) -> Fraction:
    """Return ``value`` as a Fraction in [0, 1]; floats are refused, since they are inexact.

    >>> probability("bluff", Fraction(1, 10))
    Fraction(1, 10)
    >>> probability("bluff", 0.1)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bluff must be an exact probability (...), got 0.1 (float)
    """
    allowed = "an exact probability (an int or a Fraction from 0 to 1, such as Fraction(1, 10))"
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InvalidInputError(f"{name} must be {allowed}, got {shown(value)} ({type(value).__name__})")
    if not 0 <= value <= 1:
        raise InvalidInputError(f"{name} must be {allowed}, got {shown(value)}")
    return Fraction(value)


def parse_whole_numbers(name: str, text: str) -> tuple[int, ...]:
    """Whole numbers typed as text, such as ``"0,7"`` (commas or spaces between; empty: none).

    Only the reading happens here; whether the numbers fit a game is for its module to say.

    >>> parse_whole_numbers("face-up", "0, 7"), parse_whole_numbers("face-up", "")
    ((0, 7), ())
    >>> parse_whole_numbers("face-up", "0_7")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: face-up must be card values separated by commas, such as 0,7; got '0_7'
    """
    if not isinstance(text, str):
        raise InvalidInputError(_("{name} must be text such as 0,7; got {kind}").format(
            name=name, kind=type(text).__name__))
    parts = text.replace(",", " ").split()
    if len(parts) > MAX_ITEMS or not all(map(_DIGITS.fullmatch, parts)):
        raise InvalidInputError(_("{name} must be card values separated by commas, such as 0,7; got {text}").format(
            name=name, text=_shown(text)))
    return tuple(int_text(name, part) for part in parts)


def int_text(name: str, text: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number typed as text: ASCII digits with an optional minus sign, nothing else.

    ``int()`` is kinder than a game should be: it reads ``"0_7"`` as 7, ``"٣"`` as 3 and
    ``" 7 "`` as 7, and raises its own error past 4,300 digits. This reads only digits,
    at most :data:`~bluffmath.limits.MAX_DIGITS` of them.

    >>> int_text("seed", "12"), int_text("seed", " -3 ")
    (12, -3)
    >>> int_text("seed", "1e3")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: seed must be a whole number written in digits, such as 12; got '1e3'
    >>> int_text("players", "9", 3, 7)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: players must be a whole number from 3 to 7, got 9

    With bounds, the message names them instead of an example that may lie outside them:

    >>> int_text("your move", "x", 0, 2)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: your move must be a whole number written in digits, from 0 to 2; got 'x'
    """
    if not isinstance(text, str) or not _DIGITS.fullmatch(text.strip()):
        shown = _shown(text) if isinstance(text, str) else type(text).__name__
        raise InvalidInputError(_not_digits(name, low, high, shown))
    digits = text.strip()
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InvalidInputError(_("{name} must have at most {most} digits; got {count}").format(
            name=_(name), most=MAX_DIGITS, count=_grouped(len(digits.lstrip("-")))))
    value = int(digits)
    if low is not None:
        whole_number(name, value, low, high)
    return value


_DIGITS = re.compile(r"-?[0-9]+")


def _not_digits(name: str, low: int | None, high: int | None, got: str) -> str:
    """The refusal of text that is no number, in the language in use: what it may be (its
    bounds where there are any, else an example)."""
    if low is None:
        message = _("{name} must be a whole number written in digits, such as 12; got {got}")
    elif high is None:
        message = _("{name} must be a whole number written in digits, of at least {low}; got {got}")
    else:
        message = _("{name} must be a whole number written in digits, from {low} to {high}; got {got}")
    return message.format(name=_(name), low=low, high=high, got=got)


def _grouped(n: int) -> str:
    """A count with the language's group sign (English: ``1,234``, German: ``1.234``)."""
    return f"{n:,}" if language() == "en" else number(n, 0)


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:40]) + "..."


def bot_object(where: str, bot: object, method: str, allowed: str) -> object:
    """Return ``bot`` if it has a ``name`` (a str) and a callable ``method``, else raise a
    clear error: ``where`` must be ``allowed``.

    >>> bot_object("bot", "SolverBot", "act", "a bot (such as SolverBot())")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bot must be a bot (such as SolverBot()), got 'SolverBot' (str)
    """
    name = getattr(bot, "name", None)
    if isinstance(bot, type) or not callable(getattr(bot, method, None)) or not isinstance(name, str):
        what = f"the class {bot.__name__}; call it" if isinstance(bot, type) else type(bot).__name__
        raise InvalidInputError(f"{where} must be {allowed}, got {bot!r} ({what})")
    return bot
