"""Small argument checks shared by the game modules; each raises InvalidInputError
(:func:`json_data` raises the error type its caller names)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from bluffmath.errors import BluffmathError, InvalidInputError

#: No save, position or form nests deeper than this; deeper text is refused unread.
MAX_JSON_DEPTH = 64
_MARKS = re.compile(r'[\[\]{}"\\]')  # what changes the depth, or whether we are in a string


def json_data(text: object, what: str, error: type[BluffmathError] = InvalidInputError) -> Any:
    """``text`` parsed as JSON, or ``error`` saying that ``what`` must be JSON text.

    Nesting deeper than :data:`MAX_JSON_DEPTH` is refused before parsing: a parser's
    recursion would otherwise exhaust the stack, which in the browser (Pyodide) kills the
    page rather than raising an error Python can catch.

    >>> json_data('{"a": [1, 2]}', "a save")
    {'a': [1, 2]}
    >>> json_data("[" * 100 + "]" * 100, "a save")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a save must be JSON text nested at most 64 deep; this is nested 100 deep
    >>> json_data("[1,", "a save")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a save must be JSON text: Expecting value: line 1 column 4 (char 3)
    """
    if not isinstance(text, str | bytes | bytearray):
        raise error(f"{what} must be JSON text, got {type(text).__name__}")
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(f"{what} must be JSON text in UTF-8: {problem}") from None
    depth = _depth(text)
    if depth > MAX_JSON_DEPTH:
        raise error(f"{what} must be JSON text nested at most {MAX_JSON_DEPTH} deep; this is nested {depth} deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as problem:
        raise error(f"{what} must be JSON text: {problem}") from None


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings, in one pass over the text.

    >>> _depth('{"a": "[[{ in a string", "b": [[1]]}')
    3
    """
    deepest = depth = 0
    in_string, skip = False, -1
    for mark in _MARKS.finditer(text):
        char, at = mark[0], mark.start()
        if at == skip:  # the character after a backslash in a string
            continue
        if in_string:
            if char == "\\":
                skip = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def whole_number(name: str, value: object, low: int, high: int | None = None) -> int:
    """Return ``value`` if it is an int in ``[low, high]``, else raise a clear error.

    >>> whole_number("call", 12, 0)
    12
    >>> whole_number("call", -1, 0)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: call must be a whole number of at least 0, got -1
    """
    allowed = (
        f"a whole number of at least {low}" if high is None else
        f"a whole number from {low} to {high}"
    )
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{name} must be {allowed}, got {value!r} ({type(value).__name__})")
    if value < low or (high is not None and value > high):
        raise InvalidInputError(f"{name} must be {allowed}, got {value}")
    return value


def whole_numbers(name: str, values: object, low: int, high: int) -> tuple[int, ...]:
    """Return ``values`` as a tuple of ints in ``[low, high]``, else raise a clear error.

    >>> whole_numbers("face_up", [7, 0], 0, 7)
    (7, 0)
    """
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InvalidInputError(
            f"{name} must be a sequence of whole numbers from {low} to {high}, "
            f"got {values!r} ({type(values).__name__})"
        )
    return tuple(whole_number(f"each value in {name}", v, low, high) for v in values)


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
        raise InvalidInputError(f"{name} must be {allowed}, got {value!r} ({type(value).__name__})")
    if not 0 <= value <= 1:
        raise InvalidInputError(f"{name} must be {allowed}, got {value}")
    return Fraction(value)


def parse_whole_numbers(name: str, text: str) -> tuple[int, ...]:
    """Whole numbers typed as text, such as ``"0,7"`` (commas or spaces between; empty: none).

    Only the reading happens here; whether the numbers fit a game is for its module to say.

    >>> parse_whole_numbers("face-up", "0, 7"), parse_whole_numbers("face-up", "")
    ((0, 7), ())
    >>> parse_whole_numbers("face-up", "seven")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: face-up must be card values separated by commas, such as 0,7; got 'seven'
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"{name} must be text such as 0,7; got {type(text).__name__}")
    try:
        return tuple(int(part) for part in text.replace(",", " ").split())
    except ValueError:
        raise InvalidInputError(
            f"{name} must be card values separated by commas, such as 0,7; got {text!r}"
        ) from None


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
