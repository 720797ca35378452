"""What every part of the ``bluffmath`` command line reads its words and files with: the
core's commands (:mod:`bluffmath.cli`), a game's own (:mod:`bluffmath.hoax.cli`,
:mod:`bluffmath.liars_dice.cli`) and a plug-in's (``bluffmath class``). It imports none
of them, so that each can take these without importing the others.

A number is read in digits only (``int`` would take ``0_7`` and ``٣``), and a bad one is
argparse's error, said the way the command line says every mistake:

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="bluffmath")
>>> _ = parser.add_argument("--players", type=number("--players", 3, 7))
>>> parser.parse_args(["--players", "5"]).players
5
>>> number("--players", 3, 7)("٣")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: --players must be a whole number written in digits, from 3 to 7; got ...
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.limits import MAX_TEXT
from bluffmath.validate import int_text


def number(name: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in digits, from ``low`` to ``high`` where given."""
    def read(text: str) -> int:
        try:
            return int_text(name, text, low, high)
        except BluffmathError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return read


def read_input(path: str, what: str) -> str:
    """A JSON input's text from a file, or from standard input for ``-``; at most
    :data:`~bluffmath.limits.MAX_TEXT` characters (``/dev/zero`` is refused, not read).
    ``what`` names the input in the error (``saved game``, ``lesson plan``).

    >>> read_input("no/such/file.json", "saved game")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: cannot read the saved game 'no/such/file.json': No such file or directory
    """
    try:
        if path == "-" and not hasattr(sys.stdin, "buffer"):  # a text stream (in tests)
            data = sys.stdin.read(MAX_TEXT + 1).encode("utf-8", "surrogateescape")
        elif path == "-":
            data = sys.stdin.buffer.read(4 * MAX_TEXT + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(4 * MAX_TEXT + 1)
        text = data.decode("utf-8")
    except OSError as error:
        raise InvalidInputError(f"cannot read the {what} {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"the {what} {path!r} is not UTF-8 text (a {what} is JSON)") from None
    if len(text) > MAX_TEXT:
        raise InvalidInputError(f"the {what} {path!r} is longer than {MAX_TEXT:,} characters, "
                                f"the most bluffmath reads")
    return text
