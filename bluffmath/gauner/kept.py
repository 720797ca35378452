"""Counts kept by the counting problem they answer, so that no problem is counted twice.

A problem is the unknown cells and each opponent's hidden cards, allowed cells and
numbers (:class:`~bluffmath.gauner.position.SeatFacts`): two positions that pose the same
problem get the same counts, and after a guess at my card, my own position poses the one
it posed before. :func:`~bluffmath.gauner.solve.solve`, its quick answers and the reasons
for certain cells (:mod:`~bluffmath.gauner.reasons`) all count through :func:`counted`.

>>> from bluffmath.gauner.position import SeatFacts
>>> seat = SeatFacts(1, 1, frozenset({0, 1}), ())
>>> counted((seat,), (0, 1), "python") is counted((seat,), (0, 1), "python")
True
"""

from __future__ import annotations

from functools import lru_cache

from bluffmath.gauner.joint import Counts, Engine, count_deals
from bluffmath.gauner.position import SeatFacts

KEPT = 1024
"""How many counts :func:`counted` keeps (a few KB each), by the counting problem they
solved: the unknown cells and each opponent's hidden cards, allowed cells and numbers."""


@lru_cache(maxsize=KEPT)
def counted(seats: tuple[SeatFacts, ...], unknown: tuple[int, ...], engine: Engine) -> Counts:
    """:func:`~bluffmath.gauner.joint.count_deals` of these seats' facts, kept (see
    :data:`KEPT`; the counts are shared by the solutions that read them: never change them)."""
    return count_deals(list(seats), unknown, engine)
