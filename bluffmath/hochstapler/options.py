"""The legal actions as the bots read them: the raises by colour, the exchanges, a doubt.

Every bot's ``choose`` first checks what it was given (:func:`checked`: a seat's view and
the engine's legal actions) and reads the actions once (:func:`read_options`).

>>> from bluffmath.hochstapler.game import Game
>>> state = Game(players=3).new_game(seed=1).raise_(5, "red")
>>> found = read_options(checked(state.view(1), state.legal_actions(), None))
>>> found.low["red"], found.high["red"], found.doubt
(6, 18, DoubtCall())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.actions import Action, DoubtCall, ExchangeCard, Raise
from bluffmath.hochstapler.deal import SeatView
from bluffmath.limits import MAX_ITEMS, bounded


@dataclass(frozen=True)
class Options:
    """What ``legal`` allows, read once: the raises by colour, the exchanges, a doubt."""

    low: dict[str, int]    # colour -> lowest legal total
    high: dict[str, int]   # colour -> highest legal total
    exchanges: tuple[str, ...]
    doubt: DoubtCall | None


def read_options(legal: Sequence[Action]) -> Options:
    """The raises (lowest and highest total by colour), the exchanges and the doubt in ``legal``."""
    low: dict[str, int] = {}
    high: dict[str, int] = {}
    exchanges: list[str] = []
    doubt = None
    for action in legal:
        kind = type(action)
        if kind is Raise:
            colour, total = action.colour, action.total  # type: ignore[union-attr]
            if total < low.get(colour, total + 1):
                low[colour] = total
            if total > high.get(colour, -1):
                high[colour] = total
        elif kind is ExchangeCard:
            exchanges.append(action.colour)  # type: ignore[union-attr]
        elif kind is DoubtCall:
            doubt = action
    return Options(low, high, tuple(exchanges), doubt)  # type: ignore[arg-type]


def only_doubt(options: Options, legal: Sequence[Action]) -> Action:
    """The doubt, when no raise is legal; an InvalidInputError when there is none either."""
    if options.doubt is not None:
        return options.doubt
    raise InvalidInputError(f"the legal actions offer neither a raise nor a doubt: {list(legal)!r}")


#: The engine's action types.
ACTIONS = frozenset({Raise, ExchangeCard, DoubtCall})


def checked(view: object, legal: object, rng: object) -> tuple[Action, ...]:
    """The legal actions, once ``view``, ``legal`` and ``rng`` are what ``choose`` needs."""
    if not isinstance(view, SeatView):
        raise InvalidInputError(f"view must be a SeatView (state.view(seat)), got {type(view).__name__}")
    actions = bounded("legal", legal, MAX_ITEMS) if not isinstance(legal, list | tuple) else legal
    if not ({type(a) for a in actions} <= ACTIONS  # the engine's own, in one quick look
            or all(isinstance(a, Raise | ExchangeCard | DoubtCall) for a in actions)):
        raise InvalidInputError("legal must be the legal actions (state.legal_actions()): "
                                "Raise, ExchangeCard and DoubtCall objects")
    return tuple(actions)
