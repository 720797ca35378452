"""A lesson plan: the activities of a lesson in order (a game, its settings, how many
tables), and how the class is shared out over an activity's tables when the teacher moves
it on.

A plan is read strictly, like every other input, and kept by name in the class's file
("Monday's lesson"), so that the next class can run it again; ``bluffmath class --plan
monday.json`` starts a class on a plan kept as a file (the form :meth:`Plan.to_json` writes).

>>> plan = Plan.read(Node({"name": "Monday", "activities": [
...     {"game": "hochstapler", "seats": 4, "bot": "counting", "odds": "always",
...      "move_seconds": 60, "variant": "one-deal"},
...     {"game": "gauner", "seats": 3, "bot": "solver", "odds": "always",
...      "move_seconds": 60, "variant": "plain", "tables": 2}]}, "the plan"))
>>> [(a.settings.rules.title, a.tables) for a in plan.activities]
[('Hochstapler', 0), ('Gauner raus!', 2)]
>>> Plan.read(Node({"name": "Monday", "activites": []}, "the plan"))
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: the plan: unknown key "activites" (did you mean "activities"?); allowed: name, activities

Sharing a class out: groups of as nearly equal size as the tables allow, whole groups kept
together where they fit.

>>> share([["Ann", "Ben", "Cy"], ["Dee", "Eve"], ["Fay"]], seats=4, tables=0)
[['Ann', 'Ben', 'Cy'], ['Dee', 'Eve', 'Fay']]
>>> share([["Ann", "Ben", "Cy", "Dee", "Eve"]], seats=3, tables=0)
[['Ann', 'Ben', 'Cy'], ['Dee', 'Eve']]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bluffmath.i18n import N_, _, n_
from bluffmath.schema import Node

from .errors import MessageError
from .settings import OPTIONAL_KEYS, SETTINGS_KEYS, TableSettings

#: The most activities a plan holds, and the longest name a plan may have.
MAX_ACTIVITIES, MAX_PLAN_NAME = 20, 40
#: How the class is shared out over the next activity's tables.
#: (Marked for the catalogs; translated where they are shown.)
GROUPINGS = {
    "kept": N_("keep the groups: who sat together stays together where the tables allow"),
    "shuffled": N_("shuffle: new groups drawn at random"),
    "teacher": N_("my groups: one line per table, names separated by commas"),
}
#: What happens to a game still being played when the class moves on.
WHEN = {
    "after-game": N_("students still playing finish their game first, then move"),
    "now": N_("every game ends now (it is kept as it stood) and everyone moves"),
}
#: The name of a class's plan until the teacher keeps it under one (shown in the language in
#: use: :func:`shown_name`).
UNNAMED = N_("Today's lesson")
#: The most tables one activity opens (the room holds at most 100).
MAX_ACTIVITY_TABLES = 30

T = TypeVar("T")


@dataclass(frozen=True)
class Activity:
    """One activity of a lesson: the tables' settings, and how many tables (0: as many as
    the class needs, each as full as the seats allow)."""

    settings: TableSettings
    tables: int = 0

    @classmethod
    def read(cls, node: Node) -> Activity:
        """An activity from JSON: a table's settings and, if it says so, ``tables``."""
        fields = node.fields(SETTINGS_KEYS, [*OPTIONAL_KEYS, "tables"])
        settings = TableSettings.read(Node({k: v for k, v in node.value.items() if k != "tables"},
                                           node.what, node.error, node.path))
        return cls(settings, fields["tables"].integer(0, MAX_ACTIVITY_TABLES) if "tables" in fields else 0)

    def to_json(self) -> dict[str, Any]:
        """The activity as :meth:`read` reads it."""
        return {**self.settings.to_json(), "tables": self.tables}

    def words(self) -> str:
        """The activity in a line, in the language in use: ``Hochstapler, 4 seats, one deal
        (about 10 minutes)``."""
        rules, settings = self.settings.rules, self.settings
        variant = _(rules.variants[settings.variant])
        if not self.tables:
            return _("{game}, {seats} seats, {variant}").format(game=_(rules.title), seats=settings.seats, variant=variant)
        return n_("{game}, {seats} seats, {variant}, {n} table", "{game}, {seats} seats, {variant}, {n} tables",
                  self.tables).format(game=_(rules.title), seats=settings.seats, variant=variant, n=self.tables)


@dataclass(frozen=True)
class Plan:
    """A lesson plan: its name and its activities in order."""

    name: str
    activities: tuple[Activity, ...] = ()

    @classmethod
    def read(cls, node: Node) -> Plan:
        """A plan from JSON (``{"name": ..., "activities": [...]}``), strictly."""
        fields = node.fields(["name", "activities"])
        items = fields["activities"].items(limit=MAX_ACTIVITIES)
        return cls(plan_name(fields["name"]), tuple(Activity.read(item) for item in items))

    def to_json(self) -> dict[str, Any]:
        """The plan as :meth:`read` reads it."""
        return {"name": self.name, "activities": [a.to_json() for a in self.activities]}

    def with_activity(self, activity: Activity) -> Plan:
        """The plan with ``activity`` added at the end."""
        if len(self.activities) >= MAX_ACTIVITIES:
            raise MessageError(_("a lesson plan holds at most {n} activities").format(n=MAX_ACTIVITIES))
        return Plan(self.name, (*self.activities, activity))

    def without(self, index: int) -> Plan:
        """The plan without its activity number ``index`` (from 0)."""
        self._check(index)
        return Plan(self.name, self.activities[:index] + self.activities[index + 1:])

    def raised(self, index: int) -> Plan:
        """The plan with activity ``index`` one place earlier."""
        self._check(index)
        if index == 0:
            return self
        a = list(self.activities)
        a[index - 1], a[index] = a[index], a[index - 1]
        return Plan(self.name, tuple(a))

    def _check(self, index: int) -> None:
        if not 0 <= index < len(self.activities):
            raise MessageError(_("the lesson plan has no activity {number}; it has {n}").format(
                number=index + 1, n=len(self.activities)))


def shown_name(name: str) -> str:
    """A plan's name as the teacher's page shows it: :data:`UNNAMED` in the language in
    use, any other as the teacher typed it."""
    return _(name) if name == UNNAMED else name


def plan_name(node: Node) -> str:
    """A plan's name: 1 to :data:`MAX_PLAN_NAME` printable characters."""
    text = " ".join(node.text().split())
    if not text or len(text) > MAX_PLAN_NAME or not text.isprintable():
        node.fail(f"a name of 1 to {MAX_PLAN_NAME} letters, digits or spaces")
    return text


def share(groups: Sequence[Sequence[T]], seats: int, tables: int) -> list[list[T]]:
    """Share ``groups`` (the students who sat together, in order) out over tables of
    ``seats``: at least ``tables`` tables (0: as few as hold everyone), as many as needed,
    the students spread as evenly as the tables allow, and each group kept whole at one
    table where it fits (first fit, largest groups first); a group larger than a table is
    split in order."""
    everyone = [s for g in groups for s in g]
    count = max(tables, math.ceil(len(everyone) / seats), 1)
    sizes = [len(everyone) // count + (i < len(everyone) % count) for i in range(count)]
    pieces = [list(g[i:i + seats]) for g in groups for i in range(0, len(g), seats)]
    bins: list[list[T]] = [[] for _ in sizes]
    left: list[T] = []
    for piece in sorted(pieces, key=len, reverse=True):
        room = [i for i, b in enumerate(bins) if len(b) + len(piece) <= sizes[i]]
        if room:
            bins[room[0]].extend(piece)
        else:
            left.extend(piece)
    for student in left:  # the pieces that fit nowhere whole fill the gaps, in order
        bins[next(i for i, b in enumerate(bins) if len(b) < sizes[i])].append(student)
    return bins


def teacher_groups(text: str, names: Sequence[str], seats: int) -> list[list[str]]:
    """The teacher's groups: one line per table, names separated by commas (case and
    spaces as they come); a name not in the class, named twice, or a line with more names
    than a table has seats is an error that says which.

    >>> teacher_groups("Ann, ben\\n\\nCy", ["Ann", "Ben", "Cy", "Dee"], seats=3)
    [['Ann', 'Ben'], ['Cy']]
    >>> teacher_groups("Ann, Bob", ["Ann", "Ben"], seats=3)
    Traceback (most recent call last):
    ...
    bluffmath_class.errors.MessageError: your groups name Bob, who is not in this class; the class: Ann, Ben
    """
    known = {n.casefold(): n for n in names}
    groups, seen = [], set()
    for line in text.splitlines():
        group = []
        for typed in (" ".join(part.split()) for part in line.split(",")):
            if not typed:
                continue
            name = known.get(typed.casefold())
            if name is None:
                raise MessageError(_("your groups name {name}, who is not in this class; the class: {names}").format(
                    name=typed[:30], names=", ".join(names) or _("nobody yet")))
            if name in seen:
                raise MessageError(_("your groups name {name} twice: each student sits at one table").format(name=name))
            seen.add(name)
            group.append(name)
        if len(group) > seats:
            raise MessageError(_("your group {names} has {n} students; a table of this activity has {seats} "
                                 "seats").format(names=", ".join(group), n=len(group), seats=seats))
        if group:
            groups.append(group)
    return groups
