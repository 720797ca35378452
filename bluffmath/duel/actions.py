"""The Duel's moves: :class:`Call` a total, or :class:`Doubt` the last call; and their names
in the game tree (:mod:`bluffmath.duel.tree`): ``"doubt"``, or the call's total as digits.

>>> Call(5), str(Call(5)), action_name(Call(5)), action_of("doubt") == DOUBT
(Call(total=5), 'call 5', '5', True)
>>> Call(0)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: a call's total must be a whole number from 1 to 13, got 0
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_DUEL_CALL
from bluffmath.validate import shown, whole_number


@dataclass(frozen=True)
class Call:
    """Call ``total``: the two cards reach at least that much."""

    total: int

    def __post_init__(self) -> None:
        whole_number("a call's total", self.total, 1, MAX_DUEL_CALL)

    def __str__(self) -> str:
        return f"call {self.total}"


@dataclass(frozen=True)
class Doubt:
    """Doubt the last call: both cards are shown."""

    def __str__(self) -> str:
        return "doubt"


Action = Call | Doubt
DOUBT = Doubt()


def action_name(action: Action) -> str:
    """The action's name in the tree: ``"doubt"`` or the call's total as digits."""
    if not isinstance(action, Call | Doubt):
        raise InvalidInputError(f"an action is a Call or a Doubt, got {shown(action)}")
    return "doubt" if isinstance(action, Doubt) else str(action.total)


def action_of(name: str) -> Action:
    """The action the tree names ``name``.

    >>> action_of("call 5")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: an action's name is "doubt" or a call's total as digits ("5"), got 'call 5'
    """
    if type(name) is not str or not (name == "doubt" or (name.isascii() and name.isdigit() and len(name) <= 2)):
        raise InvalidInputError(f'an action\'s name is "doubt" or a call\'s total as digits ("5"), got {shown(name)}')
    return DOUBT if name == "doubt" else Call(int(name))

