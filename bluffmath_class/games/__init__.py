"""The games a class can play, by the key the teacher's settings use.

>>> sorted(GAMES)
['hochstapler']
>>> GAMES["hochstapler"].title
'Hochstapler'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .base import ODDS_MODES, Rules, Seating
from .hochstapler import HOCHSTAPLER

GAMES: Mapping[str, Rules] = MappingProxyType({"hochstapler": HOCHSTAPLER})

__all__ = ["GAMES", "ODDS_MODES", "Rules", "Seating"]
