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

from typing import Any

from bluffmath.moved import moved


def __getattr__(name: str) -> Any:
    """An old name, from :mod:`bluffmath.duel.tree` or :mod:`bluffmath.duel.strategies`."""
    return moved(__name__, ("bluffmath.duel.tree", "bluffmath.duel.strategies"), name)
