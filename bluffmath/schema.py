"""Strict readers for bluffmath's JSON forms: parse, don't validate.

Every JSON input (a save, a position, a Hoax case, a calculator's form) is read in two
steps. :func:`read_json` turns text into plain data, refusing what :func:`json.loads`
lets through: text too long or nested too deep, duplicate keys, ``NaN`` and
``Infinity``, numbers of more than :data:`~bluffmath.limits.MAX_DIGITS` digits.
Then a form's reader walks the data with :class:`Node`, which knows its path
(``tables[2].numbers["red-G"]``) and turns each value into what the game needs or
raises the form's error naming the path, what was found and what is allowed. Unknown
keys are refused with the nearest allowed one; ``true`` is not ``1``; ``1.0`` is not a
whole number.

>>> data = Node.of('{"players": 4, "tabels": []}', "a position")
>>> data.fields(required=["players"], optional=["tables"])
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a position: unknown key "tabels" (did you mean "tables"?); allowed: players, tables
>>> Node.of('{"players": true}', "a position").fields(["players"])["players"].integer(2, 4)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a position: players must be a whole number from 2 to 4; found true
>>> seats = Node.of('{"numbers": {"red-G": 1.0}}', "a position").fields(["numbers"])["numbers"]
>>> [(key, n.integer(0, 12)) for key, n in seats.entries()]
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a position: numbers["red-G"] must be a whole number from 0 to 12; found 1.0
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any, NoReturn

from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.i18n import _, n_
from bluffmath.limits import MAX_DIGITS, MAX_ITEMS, MAX_JSON_DEPTH, MAX_STRING, MAX_TEXT
from bluffmath.validate import digits

_MARKS = re.compile(r'[\[\]{}"\\]')  # what changes the depth, or whether we are in a string
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_FRACTION = re.compile(r"(-?[0-9]+)(?:/([0-9]+))?\Z")


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into the reader's error."""


def read_json(text: object, what: str, error: type[BluffmathError] = InvalidInputError) -> Any:
    """``text`` parsed as strict JSON, or ``error`` saying what is wrong with ``what``.

    >>> read_json('{"a": [1, 2]}', "a save")
    {'a': [1, 2]}
    >>> read_json('{"a": 1, "a": 2}', "a save")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a save must be JSON text with each key once in an object; "a" appears twice
    >>> read_json("[" * 100 + "]" * 100, "a save")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a save must be JSON text nested at most 64 deep; this is nested 100 deep
    >>> read_json("[1,", "a save")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a save must be JSON text: Expecting value: line 1 column 4 (char 3)
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * MAX_TEXT:
            raise error(f"{what} is {len(text):,} bytes long; bluffmath reads at most {MAX_TEXT:,} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(f"{what} must be JSON text in UTF-8: {problem}") from None
    if not isinstance(text, str):
        raise error(f"{what} must be JSON text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise error(f"{what} is {len(text):,} characters long; bluffmath reads at most {MAX_TEXT:,}")
    depth = nesting(text)
    if depth > MAX_JSON_DEPTH:
        raise error(f"{what} must be JSON text nested at most {MAX_JSON_DEPTH} deep; this is nested {depth} deep")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int,
                          parse_float=_float, parse_constant=_constant)
    except _Refused as problem:
        raise error(f"{what} must be JSON text {problem}") from None
    except (ValueError, RecursionError) as problem:
        raise error(f"{what} must be JSON text: {problem}") from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"with each key once in an object; {_quoted(key)} appears twice")
        out[key] = value
    return out


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"with numbers of at most {MAX_DIGITS} digits; one has {len(digits.lstrip('-')):,}")
    return int(digits)


def _float(digits: str) -> Decimal:
    if len(digits) > MAX_DIGITS + 10:
        raise _Refused(f"with numbers of at most {MAX_DIGITS} digits; one is {len(digits):,} characters long")
    return Decimal(digits)  # kept exact, so that an error can show it as written


def _constant(name: str) -> NoReturn:
    raise _Refused(f"with numbers only as digits; {name} is not JSON")


def nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings, in one pass over the text.

    >>> nesting('{"a": "[[{ in a string", "b": [[1]]}')
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


class Node:
    """A JSON value with its path; its methods return the value as a type or raise.

    ``what`` names the whole input ("a save"), ``error`` is the form's error type.
    """

    __slots__ = ("error", "path", "value", "what")

    def __init__(self, value: Any, what: str, error: type[BluffmathError] = InvalidInputError,
                 path: str = "") -> None:
        self.value, self.what, self.error, self.path = value, what, error, path

    @classmethod
    def of(cls, data: Any, what: str, error: type[BluffmathError] = InvalidInputError) -> Node:
        """The root of an input: JSON text (read strictly) or data already parsed."""
        if isinstance(data, str | bytes | bytearray):
            data = read_json(data, what, error)
        return cls(data, what, error)

    # --- failing ----------------------------------------------------------------------
    def fail(self, allowed: str) -> NoReturn:
        """Raise the form's error: this value must be ``allowed``, and what was found."""
        raise self.error(f"{self._where()} must be {allowed}; found {describe(self.value)}")

    def refuse(self, reason: str) -> NoReturn:
        """Raise the form's error about this value with a reason of the caller's words."""
        raise self.error(f"{self._where()}: {reason}")

    def _where(self) -> str:
        """The input (in the language in use, if its caller marked it with ``N_``) and the path."""
        return f"{_(self.what)}: {self.path}" if self.path else _(self.what)

    def _child(self, value: Any, step: str | int) -> Node:
        if isinstance(step, int):
            path = f"{self.path}[{step}]"
        elif _NAME.match(step):
            path = f"{self.path}.{step}" if self.path else step
        else:
            path = f"{self.path}[{_quoted(step)}]"
        return Node(value, self.what, self.error, path)

    # --- containers -------------------------------------------------------------------
    def fields(self, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict[str, Node]:
        """An object with exactly these keys (``optional`` ones may be missing).

        Returns key -> Node for the keys present. An unknown key is refused with the
        nearest allowed one; a missing required key is named.
        """
        required, optional = tuple(required), tuple(optional)
        if type(self.value) is not dict:
            self.fail("an object with " + _keys(required + optional))
        allowed = required + optional
        for key in self.value:
            if key not in allowed:
                self.error_at(_unknown_key(key, allowed))
        missing = [key for key in required if key not in self.value]
        if missing:
            self.error_at(n_("key {missing} missing (needs keys {needed})", "keys {missing} missing (needs keys {needed})",
                             len(missing)).format(missing=", ".join(map(_quoted, missing)), needed=", ".join(required)))
        return {key: self._child(value, key) for key, value in self.value.items()}

    def error_at(self, reason: str) -> NoReturn:
        """Raise about this container: "a save: tables[2]: reason"."""
        raise self.error(f"{self._where()}: {reason}")

    def entries(self, limit: int = MAX_ITEMS) -> list[tuple[str, Node]]:
        """An object whose keys the caller checks: (key, Node) pairs in order."""
        if type(self.value) is not dict:
            self.fail("an object")
        if len(self.value) > limit:
            self.error_at(f"has {len(self.value):,} keys; at most {limit:,} are allowed")
        return [(key, self._child(value, key)) for key, value in self.value.items()]

    def items(self, limit: int = MAX_ITEMS, size: int | None = None) -> list[Node]:
        """A list (of exactly ``size`` items if given, at most ``limit``) as Nodes."""
        if type(self.value) is not list:
            self.fail("a list" if size is None else f"a list of {size}")
        if size is not None and len(self.value) != size:
            raise self.error(f"{self._where()} must be a list of {size}; found a list of {len(self.value):,}")
        if len(self.value) > limit:
            self.error_at(f"has {len(self.value):,} items; at most {limit:,} are allowed")
        return [self._child(value, i) for i, value in enumerate(self.value)]

    # --- values -----------------------------------------------------------------------
    def integer(self, low: int, high: int | None = None) -> int:
        """A whole number in ``[low, high]`` (no bool, no ``1.0``)."""
        if type(self.value) is not int or self.value < low or (high is not None and self.value > high):
            message = (_("{where} must be a whole number of at least {low}; found {found}") if high is None else
                       _("{where} must be a whole number from {low} to {high}; found {found}"))
            raise self.error(message.format(where=self._where(), low=low, high=high, found=describe(self.value)))
        return self.value

    def boolean(self) -> bool:
        """``true`` or ``false``."""
        if type(self.value) is not bool:
            raise self.error(_("{where} must be true or false; found {found}").format(
                where=self._where(), found=describe(self.value)))
        return self.value

    def text(self, choices: Iterable[str] | None = None, allowed: str = "",
             longest: int = MAX_STRING) -> str:
        """A string (one of ``choices`` if given; then a near miss is named), at most
        ``longest`` characters."""
        value = self.value
        if type(value) is not str or not _encodable(value):
            self.fail(allowed or (f"one of {', '.join(map(_quoted, choices))}" if choices is not None else "text"))
        if len(value) > longest:
            self.refuse(f"text of {len(value):,} characters; at most {longest:,} are allowed")
        if choices is not None:
            choices = tuple(choices)
            if value not in choices:
                hint = _nearest(value, choices)
                self.refuse(f"{_quoted(value)} is not allowed{hint}; allowed: {allowed or ', '.join(choices)}")
        return value

    def fraction(self, low: Fraction | int = 0, high: Fraction | int = 1) -> Fraction:
        """An exact number in ``[low, high]``: an int or a string such as ``"1/4"``."""
        allowed = f'an exact number from {low} to {high}, such as "1/4" (text) or 0 or 1'
        value = self.value
        if type(value) is int:
            number = Fraction(value)
        elif type(value) is str and (match := _FRACTION.match(value.strip())) and len(value) <= 2 * MAX_DIGITS:
            if match[2] is not None and int(match[2]) == 0:
                self.fail(allowed + " (not divided by 0)")
            number = Fraction(int(match[1]), int(match[2] or 1))
        else:
            self.fail(allowed)
        if not low <= number <= high:
            self.fail(allowed)
        return number

    def optional(self, read: Callable[[Node], Any]) -> Any:
        """None for ``null``, else what ``read(self)`` makes of the value."""
        return None if self.value is None else read(self)


def describe(value: Any) -> str:
    """A found value as an error message shows it (JSON spelling, cut short).

    >>> describe(True), describe(Decimal("1.0")), describe("x" * 100)[:12], describe([1])
    ('true', '1.0', '"xxxxxxxxxxx', 'a list')
    """
    if value is None or type(value) is bool:
        return json.dumps(value)
    if type(value) is int:
        return str(value) if abs(value) < 10**12 else f"a number of {digits(value):,} digits"
    if isinstance(value, Decimal):
        text = str(value)
        return text if len(text) <= 24 else "a long decimal number"
    if isinstance(value, str):
        return _quoted(value[:40]) + ("..." if len(value) > 40 else "")
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, list | tuple):
        return _("a list")
    return f"a {type(value).__name__}"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False) if _encodable(text) else json.dumps(text)


def _encodable(text: str) -> bool:
    """False for strings holding lone surrogates ("\\ud800"), which no file or page can show."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _keys(keys: tuple[str, ...]) -> str:
    return "keys " + ", ".join(keys) if keys else "no keys"


def _unknown_key(key: str, allowed: tuple[str, ...]) -> str:
    """The refusal of an unknown key, with the nearest allowed one, in the language in use."""
    if not allowed:
        return _("unknown key {key}; allowed: none").format(key=_quoted(key))
    near = _near(key, allowed)
    if near is not None:
        return _("unknown key {key} (did you mean {near}?); allowed: {allowed}").format(
            key=_quoted(key), near=_quoted(near), allowed=", ".join(allowed))
    return _("unknown key {key}; allowed: {allowed}").format(key=_quoted(key), allowed=", ".join(allowed))


def _nearest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean "x"?)' for the nearest choice, or '' if none is near."""
    near = _near(word, choices)
    return "" if near is None else f" (did you mean {_quoted(near)}?)"


def _near(word: str, choices: Iterable[str]) -> str | None:
    """The choice nearest to ``word`` (the same but for case, else a close spelling), or None."""
    choices = list(choices)
    folded = {c.casefold(): c for c in choices}
    if isinstance(word, str) and word.casefold() in folded:
        return folded[word.casefold()]
    near = difflib.get_close_matches(str(word)[:MAX_STRING], choices, n=1, cutoff=0.6)
    return near[0] if near else None
