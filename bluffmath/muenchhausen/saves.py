"""Saved games of Münchhausen as versioned JSON: the variant and the actions, replayed.

The rules have no dice and no shuffle, so a save is the players, the rounds and every
action (``["name", 4]``, ``["offer", 6]``, ``["pass"]``, ``["choose", 2]``, ``["lay", 7]``,
``["believe"]``, ``["doubt"]``, ``["reward", 8]`` or ``["reward", null]``), each checked
by the engine on loading: a damaged save, another format or version, or an action the
rules refuse raises :class:`~bluffmath.errors.SaveFileError` saying what is wrong.

>>> from bluffmath.muenchhausen.game import Game
>>> state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt()
>>> text = save_game(state)
>>> json.loads(text)["actions"]
[['name', 4], ['offer', 5], ['pass'], ['pass'], ['lay', 2], ['doubt']]
>>> load_game(text) == state
True
"""

from __future__ import annotations

import json

from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.muenchhausen.game import (
    Believe,
    Choose,
    Doubt,
    Game,
    Lay,
    Name,
    Offer,
    Pass,
    Reward,
    State,
)
from bluffmath.validate import json_data

FORMAT = "bluffmath-muenchhausen"
VERSION = 1
_WORDS = {Name: ("name", "value"), Offer: ("offer", "value"), Pass: ("pass", None), Choose: ("choose", "seat"),
          Lay: ("lay", "card"), Believe: ("believe", None), Doubt: ("doubt", None), Reward: ("reward", "card")}
_ACTIONS = {word: (kind, field) for kind, (word, field) in _WORDS.items()}


def save_game(state: State) -> str:
    """The game so far as JSON text."""
    actions = []
    for a in state.actions:
        word, field = _WORDS[type(a)]
        actions.append([word] if field is None else [word, getattr(a, field)])
    return json.dumps({"format": FORMAT, "version": VERSION, "players": state.players,
                       "rounds": state.game.rounds, "actions": actions})


def load_game(text: str) -> State:
    """Replay a save; every action is checked by the rules."""
    data = json_data(text, "a save", SaveFileError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"this is not a {FORMAT} save (its format is "
                            f"{data.get('format') if isinstance(data, dict) else None!r})")
    if data.get("version") != VERSION:
        raise SaveFileError(f"this save has version {data.get('version')}; this bluffmath reads "
                            f"version {VERSION} of {FORMAT} saves")
    try:
        state = Game(data["players"], data["rounds"]).new_game()
        actions = data["actions"]
    except KeyError as error:
        raise SaveFileError(f"the save lacks {error.args[0]!r}") from None
    except BluffmathError as error:
        raise SaveFileError(f"the save's variant is refused: {error}") from None
    if not isinstance(actions, list):
        raise SaveFileError("the save's actions must be a list")
    for i, action in enumerate(actions):
        state = _replay(state, i, action)
    return state


def _replay(state: State, i: int, action: object) -> State:
    if not isinstance(action, list) or not action or action[0] not in _ACTIONS:
        raise SaveFileError(f"action {i} must be a list starting with one of {', '.join(_ACTIONS)}, got {action!r}")
    kind, field = _ACTIONS[action[0]]
    if len(action) != (1 if field is None else 2):
        raise SaveFileError(f"action {i} {action!r} has the wrong number of parts")
    try:
        return state.apply(kind() if field is None else kind(action[1]))
    except BluffmathError as error:
        raise SaveFileError(f"action {i} {action!r} is refused: {error}") from None
