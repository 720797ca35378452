"""Timing helpers: repeated wall-clock measurements, cold or warm, and their summaries.

"Cold" means every cache bluffmath keeps (each ``functools.cache`` / ``lru_cache`` in a
``bluffmath`` module, ``ways_by_sum`` among them) is emptied before each timed call, so a
repetition cannot reuse the previous one's work. The garbage collector is left on, as in
real use, after a ``gc.collect()`` before each series of repetitions (not before each
call: a full collection evicts the processor's caches and would slow a call of a few
microseconds several times over).

>>> t = Timing((0.003, 0.001, 0.002))
>>> t.median, t.p95, t.worst, t.best
(0.002, 0.003, 0.003, 0.001)
>>> seconds(0.0000123), seconds(0.0123), seconds(12.3)
('12.3 µs', '12.3 ms', '12.30 s')
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Timing:
    """The wall-clock seconds of each repetition of one call."""

    times: tuple[float, ...]

    @property
    def median(self) -> float:
        """The median repetition."""
        return statistics.median(self.times)

    @property
    def p95(self) -> float:
        """The 95th percentile (nearest rank: the smallest time that at least 95% of the
        repetitions do not exceed)."""
        ordered = sorted(self.times)
        return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]

    @property
    def worst(self) -> float:
        """The slowest repetition."""
        return max(self.times)

    @property
    def best(self) -> float:
        """The fastest repetition."""
        return min(self.times)

    @property
    def repeats(self) -> int:
        """How many repetitions were timed."""
        return len(self.times)


def bluffmath_caches() -> list[str]:
    """The qualified names of every cache bluffmath holds (for the report)."""
    return sorted({f"{f.__module__}.{f.__qualname__}" for f in _cached_functions()})


def _cached_functions() -> list[Any]:
    """Every function with a cache in a loaded bluffmath module. Looked up again only when
    a module has been loaded since, so that emptying the caches before a timed call costs
    a few calls, not a walk through every module (which would also evict the processor's
    caches and slow the call that follows)."""
    loaded = len(sys.modules)
    if _FOUND[0] != loaded:
        found = []
        for name, module in list(sys.modules.items()):
            if name == "bluffmath" or name.startswith("bluffmath."):
                for obj in vars(module).values():
                    if callable(getattr(obj, "cache_clear", None)):
                        found.append(obj)
        _FOUND[:] = [loaded, found]
    return _FOUND[1]


_FOUND: list[Any] = [-1, []]  # the number of modules loaded when last looked up, and what was found


def clear_bluffmath_caches() -> None:
    """Empty every cache bluffmath holds."""
    for function in _cached_functions():
        function.cache_clear()


def _once(call: Callable[[], Any], before: Callable[[], None] | None) -> tuple[float, Any]:
    if before is not None:
        before()
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def repeat(call: Callable[[], object], repeats: int,
           before: Callable[[], None] | None = None) -> Timing:
    """Time ``call`` ``repeats`` times, running ``before`` (untimed) before each."""
    gc.collect()
    return Timing(tuple(_once(call, before)[0] for _ in range(max(1, repeats))))


def within(call: Callable[[], Any], budget: float, most: int,
           before: Callable[[], None] | None = None) -> tuple[Timing, Any]:
    """Time ``call`` at least once and then again while the time spent stays under
    ``budget`` seconds, at most ``most`` times: for slow baselines. Returns the timing and
    the first call's result (so a slow baseline's checked answer is also a timed one)."""
    gc.collect()
    first, result = _once(call, before)
    times = [first]
    while len(times) < most and sum(times) + statistics.median(times) <= budget:
        times.append(_once(call, before)[0])
    return Timing(tuple(times)), result


def paired(ours: Callable[[], object], theirs: Callable[[], object],
           repeats: int) -> tuple[float, float]:
    """The median seconds of bluffmath's ``ours`` (cold) and of the baseline ``theirs`` on
    one query, timed in turn ``repeats`` times each, so that both see the same load."""
    gc.collect()
    mine, other = [], []
    for _ in range(max(1, repeats)):
        mine.append(_once(ours, clear_bluffmath_caches)[0])
        other.append(_once(theirs, None)[0])
    return statistics.median(mine), statistics.median(other)


def cold(call: Callable[[], object], repeats: int) -> Timing:
    """Time bluffmath's ``call`` with every bluffmath cache emptied before each repetition."""
    return repeat(call, repeats, clear_bluffmath_caches)


def warm(call: Callable[[], object], repeats: int) -> Timing:
    """Time bluffmath's ``call`` after one untimed call has filled its caches."""
    call()
    return repeat(call, repeats)


def seconds(t: float) -> str:
    """A duration for people: µs, ms or s with three significant figures."""
    if t < 0.9995e-3:
        return f"{t * 1e6:.3g} µs"
    if t < 0.9995:
        return f"{t * 1e3:.3g} ms"
    return f"{t:.2f} s"
