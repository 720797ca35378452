"""Saved games: a :class:`~bluffmath.hochstapler.game.State` as versioned JSON and back.

The file holds the whole state (the deal included, so a saved game is not for the eyes
of the players). Loading checks the format, the version, every field, and that all
105 cards are accounted for; a damaged file raises :class:`~bluffmath.errors.SaveFileError`
and never gives a half-loaded game.

>>> from bluffmath.hochstapler.game import Game
>>> state = Game(players=4).new_game(seed=3).exchange("red").raise_(12, "red")
>>> load_game(save_game(state)) == state
True
>>> load_game('{"format": "bluffmath/hochstapler-game", "version": 99}')
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: this file is version 99 of the Hochstapler save format; this bluffmath reads version 1
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.hochstapler.game import Game, Reveal, State
from bluffmath.hochstapler.position import Call, Doubt, Event, Exchange, Position
from bluffmath.hochstapler.rules import CARDS_PER_COLOUR, COLOURS, PILE

FORMAT = "bluffmath/hochstapler-game"
VERSION = 1


def save_game(state: State) -> str:
    """The state as JSON text (format and version first)."""
    return json.dumps({
        "format": FORMAT,
        "version": VERSION,
        "game": {"players": state.players, "target": state.game.target},
        "seed": state.seed,
        "deal": state.deal,
        "to_act": state.to_act,
        "hands": {c: list(v) for c, v in state.hands.items()},
        "piles": {c: list(v) for c, v in state.piles.items()},
        "history": [_event_json(e) for e in state.history],
        "reveals": [
            {"deal": r.deal, "call": _event_json(r.call), "doubter": r.doubter,
             "cards": list(r.cards), "taker": r.taker}
            for r in state.reveals
        ],
    })


def load_game(text: str) -> State:
    """The state saved in ``text``; SaveFileError if the file is damaged or foreign."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SaveFileError(f"this is not a saved game: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"this is not a saved Hochstapler game (its format is not {FORMAT!r})")
    if data.get("version") != VERSION:
        raise SaveFileError(
            f"this file is version {data.get('version')!r} of the Hochstapler save format; "
            f"this bluffmath reads version {VERSION}"
        )
    try:
        state = _state(data)
        check_state(state)
    except SaveFileError:
        raise
    except (BluffmathError, KeyError, TypeError, ValueError, AttributeError) as error:
        raise SaveFileError(f"the saved game is damaged: {_describe(error)}") from None
    return state


def check_state(state: State) -> None:
    """Check that a state could happen: every card accounted for, a history the hands and
    piles agree with, reveals that say who took what. SaveFileError otherwise."""
    players = state.players
    _need(0 <= state.to_act < players, f"to_act {state.to_act} is not a seat")
    _need(set(state.hands) == set(state.piles), "hands and piles name different colours")
    taken = [r.call.colour for r in state.reveals if r.deal == state.deal]
    _need(set(state.hands) | set(taken) == set(COLOURS) and not set(state.hands) & set(taken),
          "every colour must be either in play or taken this deal, once")
    for colour, cards in state.hands.items():
        _need(len(cards) == players, f"{colour}: {len(cards)} cards in hands for {players} seats")
        every = Counter(cards) + Counter(state.piles[colour]) + Counter(state.face_up(colour))
        _need(every == Counter(PILE), f"{colour}: the cards do not add up to one colour's "
              f"{CARDS_PER_COLOUR} ({sorted(every.elements())})")
    for reveal in state.reveals:
        _need(Counter(reveal.cards) <= Counter(PILE) and len(reveal.cards) == players,
              f"a reveal shows cards no colour holds: {reveal.cards}")
        true = sum(reveal.cards) >= reveal.call.total
        _need(reveal.taker == (reveal.doubter if true else reveal.call.seat),
              f"the wrong seat took {reveal.call.colour} in deal {reveal.deal}")
    Position(players, {c: v[0] for c, v in state.hands.items()}, state.history, 0)


def _state(data: Mapping[str, Any]) -> State:
    game = Game(**_fields(data["game"], "players", "target"))
    return State(
        game, _int(data["seed"]), _int(data["deal"]),
        MappingProxyType({c: _ints(v) for c, v in _colours(data["hands"]).items()}),
        MappingProxyType({c: _ints(v) for c, v in _colours(data["piles"]).items()}),
        tuple(_event(e) for e in data["history"]), _int(data["to_act"]),
        tuple(_reveal(r) for r in data["reveals"]),
    )


def _event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, Call):
        return {"event": "call", "seat": event.seat, "total": event.total, "colour": event.colour}
    if isinstance(event, Exchange):
        return {"event": "exchange", "seat": event.seat, "colour": event.colour, "value": event.value}
    return {"event": "doubt", "seat": event.seat}


_EVENTS: Mapping[str, tuple[Callable[..., Event], tuple[str, ...]]] = {
    "call": (Call, ("seat", "total", "colour")),
    "exchange": (Exchange, ("seat", "colour", "value")),
    "doubt": (Doubt, ("seat",)),
}


def _event(data: Mapping[str, Any]) -> Event:
    kind, names = _EVENTS[data["event"]]
    fields = _fields(data, "event", *names)
    del fields["event"]
    return kind(**fields)


def _reveal(data: Mapping[str, Any]) -> Reveal:
    call = _event(data["call"])
    _need(isinstance(call, Call), "a reveal's call is not a call")
    return Reveal(_int(data["deal"]), call, _int(data["doubter"]), _ints(data["cards"]),  # type: ignore[arg-type]
                  _int(data["taker"]))


def _fields(data: Mapping[str, Any], *names: str) -> dict[str, Any]:
    _need(isinstance(data, dict) and set(data) == set(names),
          f"expected the fields {', '.join(names)}, got {data!r}")
    return dict(data)


def _colours(data: Mapping[str, Any]) -> dict[str, Any]:
    _need(isinstance(data, dict) and set(data) <= set(COLOURS), f"unknown colours in {data!r}")
    return {c: data[c] for c in COLOURS if c in data}


def _int(value: Any) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool), f"{value!r} is not a whole number")
    return value


def _ints(values: Any) -> tuple[int, ...]:
    _need(isinstance(values, list), f"{values!r} is not a list")
    return tuple(_int(v) for v in values)


def _need(condition: bool, problem: str) -> None:
    if not condition:
        raise SaveFileError(f"the saved game is damaged: {problem}")


def _describe(error: Exception) -> str:
    return f"missing field {error}" if isinstance(error, KeyError) else str(error)
