"""The games a class can play, by the key the teacher's settings use.

Each game is a module of this package that holds its rules at the class table as
``RULES`` (a :class:`~bluffmath_class.games.base.Rules`); the registry finds them, so a new
game is a new module and nothing else. :data:`ORDER` is the order the teacher sees them in.

>>> list(GAMES)[0]
'hochstapler'
>>> GAMES["hochstapler"].title
'Hochstapler'
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from .base import NAME_MODES, ODDS_MODES, Record, Rules, Seating

#: The games in the order the teacher's page lists them (any other after these).
ORDER = ("hochstapler", "gauner", "hoax", "muenchhausen", "duel")


def _found() -> Iterator[Rules]:
    for info in pkgutil.iter_modules(__path__):
        rules = getattr(importlib.import_module(f"{__name__}.{info.name}"), "RULES", None)
        if rules is not None:
            yield rules


def _rank(rules: Rules) -> tuple[int, str]:
    return (ORDER.index(rules.name) if rules.name in ORDER else len(ORDER), rules.name)


GAMES: Mapping[str, Rules] = MappingProxyType({r.name: r for r in sorted(_found(), key=_rank)})

__all__ = ["GAMES", "NAME_MODES", "ODDS_MODES", "Record", "Rules", "Seating"]
