"""The readings of the latest logs, kept: a log that goes on from a kept one is read from there.

A game's log only grows, and a page of each seat is drawn at each moment of it (the class
table): :class:`Readings` keeps what reading each log gave, so that each event is read once.
:func:`~bluffmath.muenchhausen.knowledge.public_knowledge` keeps its readings in one.

>>> read = Readings(2, 1, lambda model: 0, lambda total, events: total + sum(events))
>>> read.read((1, 2, 3), "any"), read.read((1, 2, 3, 4), "any")  # the second reads one more event
(6, 10)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class Readings(Generic[R]):
    """The readings (``replay(start(model), events)``) of the latest logs, by log and model:
    at most ``size``, the latest read kept; a log that goes on from a kept one by at most
    ``behind`` events is read from there. The log read last is known by its identity first
    (a log of hundreds of events takes longer to hash than to look up)."""

    def __init__(self, size: int, behind: int, start: Callable[[Any], R],
                 replay: Callable[[R, Sequence[Any]], R]) -> None:
        self.size, self.behind = size, behind
        self._start, self._replay = start, replay
        self._kept: OrderedDict[tuple[tuple[Any, ...], Hashable], R] = OrderedDict()
        self._last: tuple[tuple[Any, ...], Hashable, R] | None = None
        self._lock = threading.Lock()

    def read(self, log: tuple[Any, ...], model: Hashable) -> R:
        """The reading of ``log`` under ``model``, kept."""
        last = self._last
        if last is not None and last[0] is log and last[1] == model:
            return last[2]
        key = (log, model)
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            else:
                start = self._start(model)
                at = 0
                for back in range(1, min(self.behind, len(log)) + 1):
                    earlier = self._kept.get((log[:-back], model))
                    if earlier is not None:
                        start, at = earlier, len(log) - back
                        break
        if found is None:
            found = self._replay(start, log[at:])
            with self._lock:
                self._kept[key] = found
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
        self._last = (log, model, found)
        return found
