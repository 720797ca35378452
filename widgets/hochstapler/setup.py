"""The Hochstapler table's setup: the seats' names, the bots a seat can be given, the variants.

>>> "random" in available_bots()
True
>>> per_seat("random", "counting")[6]
'random'
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     bot_label("card counting"), bot_label("a new bot")
('Kartenzählen', 'a new bot')
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.hochstapler import bots as bots_module
from bluffmath.hochstapler.rules import MAX_PLAYERS
from bluffmath.i18n import _
from bluffmath.tournament import bot_words

__all__ = ["DEFAULT_NAMES", "available_bots", "bot_label", "default_bot", "per_seat", "variant_value"]

#: The seats' names until the user types others.
DEFAULT_NAMES = ("Ada", "Bruno", "Clara", "Dieter", "Eva", "Franz", "Greta")


def available_bots() -> dict[str, type]:
    """The bots a seat can be given, by name, in the order bots.py defines them.

    Every class of :mod:`bluffmath.hochstapler.bots` whose instances, built without
    arguments, have a ``name`` and a ``choose`` method (the protocol ``Bot`` excluded).
    """
    found: dict[str, type] = {}
    for cls in vars(bots_module).values():
        if (not inspect.isclass(cls) or cls.__module__ != bots_module.__name__
                or getattr(cls, "_is_protocol", False)
                or not callable(getattr(cls, "choose", None))):
            continue
        try:
            inspect.signature(cls).bind()
        except (TypeError, ValueError):  # needs arguments: not for a dropdown
            continue
        name = getattr(cls(), "name", None)
        if isinstance(name, str) and name:
            found[name] = cls
    return found


def bot_label(name: str) -> str:
    """A bot's name (its ``name``, as :func:`available_bots` lists it) in the language in use;
    a bot this page does not know keeps its own name."""
    return bot_words(name)


def default_bot(names: Sequence[str]) -> str:
    """The bot a seat gets unless told: the first that plays better than at random."""
    return next((n for n in names if n != hs.RandomBot.name), names[0])


def per_seat(values: Sequence[str] | Mapping[int, str] | None, default: str) -> dict[int, str]:
    """The bot named for each seat: one name for all, a list by seat, or a mapping."""
    if values is None:
        return {}
    if isinstance(values, Mapping):
        return dict(values)
    if isinstance(values, str):
        return dict.fromkeys(range(MAX_PLAYERS), values)
    return dict(enumerate(values))


def variant_value(field: w.Dropdown, target: int | None) -> int:
    """The ``variant`` dropdown's value for ``target``, adding that option if it is missing."""
    value = target or 0
    if value not in [v for _, v in field.options]:
        field.options = [*field.options, (_("deals until someone has {n} points").format(n=value), value)]
    return value
