"""The messages a page sends, read strictly (:class:`bluffmath.schema.Node`) into typed
objects, or refused with a :class:`~bluffmath_class.errors.MessageError` that says what
was wrong and what is allowed.

A student's page sends a move, with the game and the number of moves it has seen
(``at``), so that a tap on a table that has moved on is refused, not applied to a later
position; a student with no seat sends which table they sit down at (0: any); a student whose time
for a move is running out asks for more (their clock starts again)::

    {"type": "move", "game": 12, "at": 5, "move": {"kind": "doubt"}}
    {"type": "sit", "table": 3}
    {"type": "time"}

The teacher's page sends orders: ``open`` (tables, with their settings), ``start``,
``start-all``, ``end``, ``free`` (a seat: a bot plays it; its student stays in the class),
``remove`` (a student out of the class), ``clock`` (a student's own time for a move:
``student`` and ``clock``, see :data:`~bluffmath_class.settings.CLOCKS`), ``relink`` (a new link for a seat whose phone lost
its cookie), ``delete`` (every table, seat, game and move, with ``"confirm": "DELETE"``),
and the lesson plan's: ``plan-add`` (an activity: a table's settings, and ``tables``;
``open`` and ``plan-add`` may carry the class's ``language`` too),
``plan-remove`` and ``plan-up`` (an activity, by ``index`` from 0), ``plan-save`` and
``plan-load`` (by ``name``), and ``next`` (the class to the next activity: ``grouping``,
``when``, ``groups`` and ``start``, see :mod:`bluffmath_class.lesson`).

>>> from bluffmath_class.games import GAMES
>>> read_move('{"type": "move", "game": 1, "at": 0, "move": {"kind": "doubt"}}', GAMES["hochstapler"])
Move(game=1, at=0, action=DoubtCall())
>>> read_move('{"type": "move", "game": 1, "at": 0, "move": {"kind": "fold"}}', GAMES["hochstapler"])
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: move.kind: "fold" is not allowed; allowed: call, exchange, doubt
>>> order = read_order('{"type": "start", "table": 2}')
>>> order.kind, order.table
('start', 2)
>>> read_student('{"type": "sit", "table": 0}', None)
Sit(table=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bluffmath.i18n import LANGUAGES, _
from bluffmath.schema import Node

from .errors import MessageError
from .games import Rules
from .lesson import GROUPINGS, MAX_ACTIVITY_TABLES, WHEN, Activity, plan_name
from .settings import CLOCKS, OPTIONAL_KEYS, SETTINGS_KEYS, TableSettings

#: The longest message a page may send, in characters (a move is under 100).
MAX_MESSAGE = 4096
#: The most tables one ``open`` order opens, and a room holds.
MAX_OPEN, MAX_TABLES = 30, 100

#: The longest groups a teacher may type for the next activity, in characters.
MAX_GROUPS = 2000

_ORDERS = {"open": ["tables", *SETTINGS_KEYS], "start": ["table"], "start-all": [], "end": ["table"],
           "free": ["table", "seat"], "relink": ["table", "seat"], "remove": ["student"], "delete": ["confirm"],
           "plan-add": SETTINGS_KEYS, "plan-remove": ["index"], "plan-up": ["index"], "plan-save": ["name"],
           "plan-load": ["name"], "next": ["grouping", "when"], "clock": ["student", "clock"]}
_OPTIONAL = {"open": [*OPTIONAL_KEYS, "language"], "plan-add": [*OPTIONAL_KEYS, "tables", "language"],
             "next": ["groups", "start"]}


@dataclass(frozen=True)
class Move:
    """A student's move: the game and the moves seen (``at``), and the engine's action."""

    game: int
    at: int
    action: Any


@dataclass(frozen=True)
class Sit:
    """A student with no seat sits down: at ``table``, or where the lesson wants them (None)."""

    table: int | None


@dataclass(frozen=True)
class MoreTime:
    """The student to move asks for more time."""


@dataclass(frozen=True)
class Order:
    """A teacher's order (see the module docstring): the table, seat and count it names,
    the tables' settings (``open``), the plan's activity (``index``, or the whole activity
    as ``settings`` and ``count`` for ``plan-add``) or name, and how the class moves on."""

    kind: str
    table: int | None = None
    seat: int | None = None
    count: int | None = None
    settings: TableSettings | None = None
    index: int | None = None
    student: int | None = None
    name: str = ""
    grouping: str = ""
    when: str = ""
    groups: str = ""
    start: bool = True
    #: The class's language the open form chose (``open`` and ``plan-add``; "": unchanged).
    language: str = ""

    def activity(self) -> Activity:
        """The activity a ``plan-add`` order adds."""
        assert self.settings is not None
        return Activity(self.settings, self.count or 0)


def _root(text: object, what: str) -> Node:
    if isinstance(text, str | bytes) and len(text) > MAX_MESSAGE:
        raise MessageError(f"{what} is {len(text):,} characters long; a page sends at most {MAX_MESSAGE:,}")
    return Node.of(text, what, MessageError)


def read_move(text: object, rules: Rules) -> Move:
    """A student's move (see the module docstring)."""
    message = read_student(text, rules)
    if not isinstance(message, Move):
        raise MessageError("a move: this page sends moves only")
    return message


def read_student(text: object, rules: Rules | None) -> Move | Sit | MoreTime:
    """A student's message (see the module docstring); ``rules``: the game at the student's
    table (None: they have no seat, and may only sit down)."""
    root = _root(text, "a message")
    kind = root.fields(["type"], ["game", "at", "move", "table"])["type"].text(choices=["move", "sit", "time"])
    if kind == "sit":
        fields = root.fields(["type", "table"])
        table = fields["table"].integer(0, MAX_TABLES)
        return Sit(table or None)
    if rules is None:
        raise MessageError(_("you have no seat, so you cannot move: choose a table first"))
    if kind == "time":
        root.fields(["type"])
        return MoreTime()
    root = Node(root.value, "a move", MessageError)
    fields = root.fields(["type", "game", "at", "move"])
    return Move(fields["game"].integer(0), fields["at"].integer(0), rules.read_move(fields["move"]))


def read_order(text: object) -> Order:
    """A teacher's order (see the module docstring)."""
    root = _root(text, "an order")
    every = [k for keys in (*_ORDERS.values(), *_OPTIONAL.values()) for k in keys]
    kind = root.fields(["type"], every)["type"].text(choices=_ORDERS)
    fields = root.fields(["type", *_ORDERS[kind]], _OPTIONAL.get(kind, ()))
    spoken = fields["language"].text(choices=LANGUAGES) if "language" in fields else ""
    if kind == "open":
        keys = (*SETTINGS_KEYS, *OPTIONAL_KEYS)
        settings = TableSettings.read(Node({k: v for k, v in root.value.items() if k in keys},
                                           "an order", MessageError))
        return Order(kind, count=fields["tables"].integer(1, MAX_OPEN), settings=settings, language=spoken)
    if kind == "delete":
        fields["confirm"].text(choices=["DELETE"], allowed='"DELETE", typed to confirm')
        return Order(kind)
    if kind == "plan-add":
        activity = Activity.read(Node({k: v for k, v in root.value.items() if k not in ("type", "language")},
                                      "an order", MessageError))
        return Order(kind, count=activity.tables, settings=activity.settings, language=spoken)
    if kind in ("plan-remove", "plan-up"):
        return Order(kind, index=fields["index"].integer(0, MAX_ACTIVITY_TABLES * 10))
    if kind in ("plan-save", "plan-load"):
        return Order(kind, name=plan_name(fields["name"]))
    if kind == "next":
        return Order(kind, grouping=fields["grouping"].text(choices=GROUPINGS), when=fields["when"].text(choices=WHEN),
                     groups=fields["groups"].text(longest=MAX_GROUPS) if "groups" in fields else "",
                     start=fields["start"].boolean() if "start" in fields else True)
    if kind == "remove":
        return Order(kind, student=fields["student"].integer(1))
    if kind == "clock":
        return Order(kind, student=fields["student"].integer(1), name=fields["clock"].text(choices=CLOCKS))
    table = fields["table"].integer(1) if "table" in fields else None
    seat = fields["seat"].integer(0) if "seat" in fields else None
    return Order(kind, table, seat)
