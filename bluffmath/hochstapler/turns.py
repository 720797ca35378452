"""The turn rules that a deal's history typed at a real table must follow.

A :class:`~bluffmath.hochstapler.Position` checks what the odds rest on (the cards, rising
calls, colours in play) but not whose turn it was, so that a history begun halfway through
a deal is accepted. Some steps, though, no table can take wherever the history begins:

- after an exchange, the same player must call next (one exchange a turn, then a raise:
  no second exchange, no doubt);
- nobody doubts their own call, and the doubter opens the next round;
- nobody raises their own call, or exchanges right after it: the next player speaks first.

:func:`check_turns` refuses such a history with the rule in a player's words, naming the
step as ``event k of the history (...)`` like Position does. Every history the rules
engine (:class:`~bluffmath.hochstapler.Game`) plays, and every stretch of one, passes.

>>> from bluffmath.hochstapler.position import Call, Doubt, Exchange
>>> check_turns([Call(1, 9, "red"), Exchange(2, "blue", 3), Call(2, 11, "blue"), Doubt(3)])
>>> check_turns([Exchange(2, "blue", 3), Doubt(2)])
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: event 2 of the history (seat 2 doubts): seat 2 exchanged, so seat 2 must raise next (...)
>>> check_turns([Call(1, 9, "red"), Doubt(1)])
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: event 2 of the history (seat 1 doubts): nobody doubts their own call (seat 1 made it)
"""

from __future__ import annotations

from collections.abc import Sequence

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.position import Call, Doubt, Event, Exchange, describe_event

__all__ = ["check_turns", "turn_error"]


def turn_error(before: Event | None, event: Event) -> str | None:
    """Why ``event`` cannot follow ``before`` at any table (None: it can).

    >>> turn_error(Call(0, 5, "red"), Call(0, 6, "red"))
    "after seat 0's call the next player speaks: nobody raises their own call"
    >>> turn_error(Call(0, 5, "red"), Call(1, 6, "red")) is None
    True
    """
    if before is None:
        return None
    seat = event.seat
    if isinstance(before, Exchange) and (not isinstance(event, Call) or seat != before.seat):
        return (f"seat {before.seat} exchanged, so seat {before.seat} must raise next "
                "(one exchange a turn, and no doubt after it)")
    if isinstance(before, Doubt) and (seat != before.seat or isinstance(event, Doubt)):
        return (f"seat {before.seat} doubted, so seat {before.seat} opens the next round "
                "with a call (or an exchange first)")
    if isinstance(before, Call) and before.seat == seat:
        if isinstance(event, Doubt):
            return f"nobody doubts their own call (seat {seat} made it)"
        return f"after seat {seat}'s call the next player speaks: nobody raises their own call"
    return None


def check_turns(events: Sequence[Event], first: int = 1) -> None:
    """Refuse ``events`` if two neighbours break a turn rule; ``first`` numbers the first
    event (so that a caller that put other events before can name the step as typed)."""
    before: Event | None = None
    for number, event in enumerate(events, first):
        reason = turn_error(before, event)
        if reason is not None:
            raise InvalidInputError(
                f"event {number} of the history ({describe_event(event)}): {reason}")
        before = event
