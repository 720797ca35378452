"""The messages a page sends, read strictly (:class:`bluffmath.schema.Node`) into typed
objects, or refused with a :class:`~bluffmath_class.errors.MessageError` that says what
was wrong and what is allowed.

A student's page sends one kind of message, a move, with the game and the number of moves
it has seen (``at``), so that a tap on a table that has moved on is refused, not applied
to a later position::

    {"type": "move", "game": 12, "at": 5, "move": {"kind": "doubt"}}

The teacher's page sends orders: ``open`` (tables, with their settings), ``start``,
``start-all``, ``end``, ``free`` (a seat: a bot plays it), ``relink`` (a new link for a
seat whose phone lost its cookie) and ``delete`` (every table, seat, game and move, with
``"confirm": "DELETE"``).

>>> from bluffmath_class.games import GAMES
>>> read_move('{"type": "move", "game": 1, "at": 0, "move": {"kind": "doubt"}}', GAMES["hochstapler"])
Move(game=1, at=0, action=DoubtCall())
>>> read_move('{"type": "move", "game": 1, "at": 0, "move": {"kind": "fold"}}', GAMES["hochstapler"])
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: move.kind: "fold" is not allowed; allowed: call, exchange, doubt
>>> read_order('{"type": "start", "table": 2}')
Order(kind='start', table=2, seat=None, count=None, settings=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bluffmath.schema import Node

from .errors import MessageError
from .games import Rules
from .settings import OPTIONAL_KEYS, SETTINGS_KEYS, TableSettings

#: The longest message a page may send, in characters (a move is under 100).
MAX_MESSAGE = 4096
#: The most tables one ``open`` order opens, and a room holds.
MAX_OPEN, MAX_TABLES = 30, 100

_ORDERS = {"open": ["tables", *SETTINGS_KEYS], "start": ["table"], "start-all": [], "end": ["table"],
           "free": ["table", "seat"], "relink": ["table", "seat"], "delete": ["confirm"]}
_OPTIONAL = {"open": OPTIONAL_KEYS}


@dataclass(frozen=True)
class Move:
    """A student's move: the game and the moves seen (``at``), and the engine's action."""

    game: int
    at: int
    action: Any


@dataclass(frozen=True)
class Order:
    """A teacher's order (see the module docstring)."""

    kind: str
    table: int | None = None
    seat: int | None = None
    count: int | None = None
    settings: TableSettings | None = None


def _root(text: object, what: str) -> Node:
    if isinstance(text, str | bytes) and len(text) > MAX_MESSAGE:
        raise MessageError(f"{what} is {len(text):,} characters long; a page sends at most {MAX_MESSAGE:,}")
    return Node.of(text, what, MessageError)


def read_move(text: object, rules: Rules) -> Move:
    """A student's message (see the module docstring)."""
    root = _root(text, "a move")
    fields = root.fields(["type", "game", "at", "move"])
    fields["type"].text(choices=["move"])
    return Move(fields["game"].integer(0), fields["at"].integer(0), rules.read_move(fields["move"]))


def read_order(text: object) -> Order:
    """A teacher's order (see the module docstring)."""
    root = _root(text, "an order")
    every = [k for keys in (*_ORDERS.values(), *_OPTIONAL.values()) for k in keys]
    kind = root.fields(["type"], every)["type"].text(choices=_ORDERS)
    fields = root.fields(["type", *_ORDERS[kind]], _OPTIONAL.get(kind, ()))
    if kind == "open":
        keys = (*SETTINGS_KEYS, *OPTIONAL_KEYS)
        settings = TableSettings.read(Node({k: v for k, v in root.value.items() if k in keys},
                                           "an order", MessageError))
        return Order(kind, count=fields["tables"].integer(1, MAX_OPEN), settings=settings)
    if kind == "delete":
        fields["confirm"].text(choices=["DELETE"], allowed='"DELETE", typed to confirm')
        return Order(kind)
    table = fields["table"].integer(1) if "table" in fields else None
    seat = fields["seat"].integer(0) if "seat" in fields else None
    return Order(kind, table, seat)
