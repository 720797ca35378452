"""What the fuzz suite throws at bluffmath: hostile values, the corpus of hostile texts kept
in ``tests/hostile/``, mutations of valid JSON, and a time limit per input.

The rule every entry point must keep: each input ends in a right answer or a bluffmath
error (a :class:`~bluffmath.errors.BluffmathError`), within the time limit. Anything else
is a finding; a finding that was fixed is added to the corpus, so that it stays fixed.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import signal
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from bluffmath import gauner, hoax, muenchhausen
from bluffmath import hochstapler as hs
from bluffmath.errors import BluffmathError, InvalidInputError, SaveFileError

CORPUS = Path(__file__).with_name("hostile")
#: Every JSON reader of the core, and the error it answers bad input with.
READERS = {
    "hochstapler save": (hs.load_game, SaveFileError),
    "gauner save": (gauner.load_game, SaveFileError),
    "muenchhausen save": (muenchhausen.load_game, SaveFileError),
    "gauner position": (gauner.Position.from_json, InvalidInputError),
    "hoax case": (hoax.Case.from_json, InvalidInputError),
}
SECONDS = 10  # an input still running after this long is a hang
MEMORY = 3 << 30  # an input that needs more memory than this (bytes) is a finding


class Hang(Exception):
    """An input ran past the time limit."""


@contextlib.contextmanager
def time_limit(seconds: float = SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` in the running code if it takes longer than ``seconds``, and
    :class:`MemoryError` if it asks for more than :data:`MEMORY` bytes beyond what the
    process holds (where the platform has neither, as in WebAssembly, there is no limit)."""
    if not hasattr(signal, "setitimer") or sys.platform == "emscripten":
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        with _memory_limit():
            yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def _memory_limit() -> Iterator[None]:
    """Lower the soft address-space limit to what the process has plus :data:`MEMORY`."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    status = Path("/proc/self/status")
    if not status.exists():
        yield
        return
    size = next(int(line.split()[1]) * 1024 for line in status.read_text().splitlines()
                if line.startswith("VmSize:"))
    limit = size + MEMORY if hard == resource.RLIM_INFINITY else min(size + MEMORY, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def outcome(call: Callable[[], Any], errors: type[BaseException] | tuple[type[BaseException], ...] = BluffmathError,
            seconds: float = SECONDS) -> tuple[str, Any]:
    """``("ok", value)``, ``("refused", error)`` for a bluffmath error, or a finding:
    ``("other", error)`` for any other exception, ``("hang", error)``, ``("memory", error)``."""
    try:
        with time_limit(seconds):
            return "ok", call()
    except Hang as error:
        return "hang", error
    except MemoryError as error:
        return "memory", error
    except errors as error:
        return "refused", error
    except Exception as error:
        return "other", error


def hostile_values() -> list[Any]:
    """Values no argument of a public function should turn into a traceback or a hang
    (made fresh on every call: iterators are used up)."""
    return [
        None, True, False, 0, -1, 1, 7, 99, 2**64, -(2**70), 10**100,
        0.5, 2.0, float("nan"), float("inf"), Fraction(1, 3), Fraction(-1, 2), Decimal("1.0"), 1j,
        "", "x", "0_7", "٣", " 7 ", "red", "1/0", "\ud800", "a" * 10_000,
        b"3", [], [None], [[[]]], [1.5], ["x"], [10**100], (), {}, {"x": 1}, {1, 2},
        itertools.count(), iter([]), range(10**12), object(), print,
    ]


def corpus(name: str) -> list[Any]:
    """One file of the corpus: a JSON list (of texts, or of whatever that file keeps)."""
    return json.loads((CORPUS / f"{name}.json").read_text(encoding="utf-8"))


def leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every leaf of parsed JSON (and every container, as a leaf to remove) with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, (*path, i))
    if path:
        yield path, data


def changed(value: Any) -> list[Any]:
    """Values that differ from ``value``: of the same JSON type, and the same number
    written as another type (``1.0`` for ``1``, ``1`` for ``true``)."""
    if isinstance(value, bool):
        return [not value, int(value)]
    if isinstance(value, int):
        return [value + 1, value - 1, float(value)]
    if isinstance(value, str):
        return [value + "x", value[:-1] if value else "x"]
    if value is None:
        return [0]
    return []


def mutations(data: Any) -> Iterator[tuple[str, Any]]:
    """Every single edit of ``data``: each leaf changed (same type), each key removed, an
    unknown key added to each object, each list item dropped; described for a message."""
    for path, value in leaves(data):
        for new in changed(value):
            yield f"{_shown(path)}: {value!r} -> {new!r}", _set(data, path, new)
        parent = _get(data, path[:-1])
        if isinstance(parent, dict):
            yield f"{_shown(path)} removed", _remove(data, path)
        elif isinstance(parent, list):
            yield f"{_shown(path)} dropped", _remove(data, path)
    for path, value in [((), data), *leaves(data)]:
        if isinstance(value, dict):
            yield f"{_shown(path) or 'the top'}: unknown key added", _set(data, (*path, "extra"), 1)


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(data)
    _get(out, path[:-1])[path[-1]] = value
    return out


def _remove(data: Any, path: tuple[Any, ...]) -> Any:
    out = copy.deepcopy(data)
    del _get(out, path[:-1])[path[-1]]
    return out


def _shown(path: tuple[Any, ...]) -> str:
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path).lstrip(".")
