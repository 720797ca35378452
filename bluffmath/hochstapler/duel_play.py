"""Deprecated: the playable Duel moved to :mod:`bluffmath.duel`: the engine
(:mod:`bluffmath.duel.engine`, its moves :mod:`bluffmath.duel.actions`), the equilibrium's
strategies (:mod:`bluffmath.duel.strategies`), the bots (:mod:`bluffmath.duel.bots`), move
values, reviews, luck and bluffs (:mod:`bluffmath.duel.values`) and saves
(:mod:`bluffmath.duel.saves`, the same format). This module still gives every name it had,
for one release.

As in :mod:`bluffmath.hochstapler.duel`, and decided there: a name is looked up when it is
taken (a module-level ``__getattr__``) and warns then, naming its new module; importing this
module warns nothing.

>>> import warnings
>>> from bluffmath.hochstapler import duel_play
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     game = duel_play.Game(deck=(0, 1, 2))
>>> type(game).__module__, seen[0].category.__name__
('bluffmath.duel.engine', 'DeprecationWarning')
"""

from __future__ import annotations

from typing import Any

from bluffmath.moved import moved

_HOMES = ("bluffmath.duel.engine", "bluffmath.duel.actions", "bluffmath.duel.strategies", "bluffmath.duel.bots",
          "bluffmath.duel.values", "bluffmath.duel.saves")


def __getattr__(name: str) -> Any:
    """An old name, from the module of :mod:`bluffmath.duel` its code moved to."""
    return moved(__name__, _HOMES, name)
