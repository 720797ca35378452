"""Every size limit bluffmath enforces, in one place (docs: "Limits and errors").

Each limit is checked before any work starts, and the error names it. They are far
above what a real game needs and far below what would make a page hang.

>>> from bluffmath.limits import bounded
>>> bounded("cards", iter(range(3)), 5)
(0, 1, 2)
>>> from itertools import count
>>> bounded("cards", count(), 5)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: cards holds more than 5 items; bluffmath reads at most 5
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import TypeVar

from bluffmath.errors import InvalidInputError

#: Characters in any JSON text (a save, a position, a Hoax case, a calculator's form).
MAX_TEXT = 4_000_000
#: Nesting of brackets in JSON text (deeper text would overflow a browser's stack).
MAX_JSON_DEPTH = 64
#: Digits in one number, in JSON or typed in a box (a seed has at most 20).
MAX_DIGITS = 40
#: Characters in one string inside JSON (a name, a cell, a role).
MAX_STRING = 1_000
#: Items read from any list or iterable a caller passes to a public function.
MAX_ITEMS = 100_000
#: Actions in one saved game (a Hochstapler game of 10-point deals has a few thousand).
MAX_ACTIONS = 100_000
#: Facts (claims, silences, holds, not) in one Hoax case.
MAX_HOAX_FACTS = 2_000
#: The largest seed of any game, bot or tournament (20 digits; a browser's number box
#: stops at 2**53, so the widgets take seeds as text).
MAX_SEED = 2**64 - 1
#: The highest target of a multi-deal Hochstapler game: any game to it ends within
#: MAX_ACTIONS actions.
MAX_TARGET = 100
#: Games in one review of habits (:func:`bluffmath.review.review_many`).
MAX_REVIEWED_GAMES = 10_000
#: Bytes a class table's download (every game's save, a ZIP) may unpack to.
MAX_CLASS_DOWNLOAD = 200_000_000
#: Games in one tournament.
MAX_GAMES = 1_000_000
#: Rounds in one game of Münchhausen.
MAX_ROUNDS = 1_000
#: Looks bought in one Hoax practice game.
MAX_BUYS = 99
#: Nodes in one game tree for the equilibrium solver (the Hochstapler Duel on the real
#: colour has about 760,000). Liar's dice counts its game before building it: the whole
#: game by a formula, the reduced game without building it (the largest with a stored
#: certificate, 1v1 with six sides in the stairs mode, has 2,729,769).
MAX_GAME_NODES = 5_000_000
#: Characters in one probability of an equilibrium certificate, "p/q" (the real colour's
#: Duel has fractions of about 110).
MAX_CERTIFICATE_FRACTION = 1_000
#: The highest call T of a Hochstapler Duel (the real colour's is 13): the Duel's tree
#: doubles with each call more.
MAX_DUEL_CALL = 13

T = TypeVar("T")


def bounded(name: str, items: Iterable[T], limit: int = MAX_ITEMS) -> tuple[T, ...]:
    """``items`` as a tuple, read no further than ``limit`` + 1 items; more is an error."""
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise InvalidInputError(f"{name} must be a list, got {type(items).__name__}")
    got = tuple(islice(items, limit + 1))
    if len(got) > limit:
        raise InvalidInputError(f"{name} holds more than {limit:,} items; bluffmath reads at most {limit:,}")
    return got
