"""Slowing down what should be slow: wrong join codes, and a page that sends too much.

A wrong join code is answered only after a pause that doubles with each wrong code from
the same address (half a second, 1 s, 2 s, ... at most :data:`MAX_PAUSE`), and after
:data:`MAX_WRONG` wrong codes in :data:`WINDOW` seconds that address is refused until the
window has passed. A student who mistypes once waits half a second; guessing a million
codes takes weeks.

A connection may send :data:`BURST` messages at once and :data:`RATE` a second after that
(a token bucket); a message beyond that is refused with a message, and a connection that
keeps flooding is closed.

>>> t = JoinThrottle(clock=lambda: 100.0)
>>> [t.wrong("10.0.0.7") for _ in range(4)]
[0.5, 1.0, 2.0, 4.0]
>>> t.refused("10.0.0.7"), t.refused("10.0.0.8")
(None, None)
>>> b = Bucket(clock=lambda: 0.0)
>>> sum(b.take() for _ in range(30)) == BURST
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: The longest pause before a wrong code is answered, in seconds.
MAX_PAUSE = 8.0
#: Wrong codes from one address in :data:`WINDOW` seconds before it is refused outright.
MAX_WRONG = 20
WINDOW = 600.0
#: Messages a connection may send at once, and per second after that.
BURST, RATE = 20, 5.0
#: Refused messages in a row after which a connection is closed.
MAX_REFUSED = 50


@dataclass
class JoinThrottle:
    """Wrong join codes by address; see the module docstring."""

    clock: Callable[[], float] = time.monotonic
    _wrong: dict[str, list[float]] = field(default_factory=dict)

    def _recent(self, address: str) -> list[float]:
        now = self.clock()
        times = [t for t in self._wrong.get(address, ()) if now - t < WINDOW]
        if times:
            self._wrong[address] = times
        else:
            self._wrong.pop(address, None)
        return times

    def refused(self, address: str) -> float | None:
        """Seconds until ``address`` may try again, or None if it may try now."""
        times = self._recent(address)
        if len(times) < MAX_WRONG:
            return None
        return max(1.0, WINDOW - (self.clock() - times[0]))

    def wrong(self, address: str) -> float:
        """Record a wrong code; the pause before answering it."""
        times = self._recent(address)
        times.append(self.clock())
        self._wrong[address] = times
        return min(MAX_PAUSE, 0.5 * 2 ** (len(times) - 1))

    def right(self, address: str) -> None:
        """A right code clears the address's record."""
        self._wrong.pop(address, None)


@dataclass
class Bucket:
    """A token bucket for one connection's messages."""

    clock: Callable[[], float] = time.monotonic
    tokens: float = BURST
    refused: int = 0
    _last: float | None = None

    def take(self) -> bool:
        """True if a message may pass now (and count it), False if it must be refused."""
        now = self.clock()
        if self._last is not None:
            self.tokens = min(BURST, self.tokens + (now - self._last) * RATE)
        self._last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    @property
    def flooding(self) -> bool:
        """True once :data:`MAX_REFUSED` messages in a row were refused."""
        return self.refused >= MAX_REFUSED
