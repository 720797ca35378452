"""Deprecated: the Duel's game tree and the bots' Duel strategies moved to :mod:`bluffmath.duel`
(:mod:`bluffmath.duel.tree`, :mod:`bluffmath.duel.strategies`). This module still gives
every name it had, for one release.

A name is looked up when it is taken (a module-level ``__getattr__``), in the modules its
code moved to, and a DeprecationWarning names where to import it from. Importing this
module warns nothing, by decision: pytest imports it to collect its doctests, and
``bluffmath.hochstapler`` imports it (see there), so a warning at import would reach every
user of Hochstapler; the code that takes a name from here is the code to change.

>>> import importlib, warnings
>>> old = importlib.import_module("bluffmath.hochstapler.duel")  # hochstapler.duel: the function
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     check_deck = old.check_deck
>>> check_deck is importlib.import_module("bluffmath.duel.tree").check_deck
True
>>> print(seen[0].message)
bluffmath.hochstapler.duel.check_deck is deprecated: import check_deck from bluffmath.duel.tree (the
old name goes in the next release)
"""

from __future__ import annotations

import warnings
from importlib import import_module
from typing import Any


def _moved(old: str, homes: tuple[str, ...], name: str) -> Any:
    """The name ``name`` of the old module ``old``, looked up in ``homes`` (the modules its
    code moved to, in this order: every name the old module had, its private helpers and
    what it imported too, is in one of them) and handed out with a DeprecationWarning that
    names the module to import it from; for the old module's ``__getattr__``."""
    if not name.startswith("__"):
        for home in homes:
            found = vars(import_module(home))
            if name in found:
                value = found[name]
                where = getattr(value, "__module__", None)
                where = where if isinstance(where, str) and where.startswith("bluffmath.") else home
                warnings.warn(f"{old}.{name} is deprecated: import {name} from {where} (the old name "
                              "goes in the next release)", DeprecationWarning, stacklevel=3)
                return value
    raise AttributeError(f"module {old!r} has no attribute {name!r}")


def __getattr__(name: str) -> Any:
    """An old name, from :mod:`bluffmath.duel.tree` or :mod:`bluffmath.duel.strategies`."""
    return _moved(__name__, ("bluffmath.duel.tree", "bluffmath.duel.strategies"), name)
