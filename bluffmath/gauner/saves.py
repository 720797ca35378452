"""Saved games of Gauner raus! as versioned JSON: the variant, the seed and the actions.

The deal and every roll follow from the seed, so a save replays the actions, each checked
by the engine: a save that is damaged, of another format or version, or whose actions the
rules refuse, raises :class:`~bluffmath.errors.SaveFileError` saying what is wrong.

>>> from bluffmath.gauner.bots import RandomBot, play_game
>>> from bluffmath.gauner.game import Game
>>> state = play_game(Game(players=2, brave=True), [RandomBot(seed=1), RandomBot(seed=2)], seed=5)
>>> load_game(save_game(state)) == state
True
>>> load_game('{"format": "bluffmath-gauner-raus", "version": 9}')
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: this save has version 9; this bluffmath reads version 1 of bluffmath-gauner-raus saves
"""

from __future__ import annotations

import json

from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.gauner.game import Ask, Game, State
from bluffmath.gauner.grid import GRID
from bluffmath.validate import json_data

FORMAT = "bluffmath-gauner-raus"
VERSION = 1


def save_game(state: State) -> str:
    """The game so far as JSON text: variant, seed, actions (``["guess", seat, "red-A"]``, ``["stop"]``)."""
    actions = [["guess", a.seat, GRID.name(a.cell)] if isinstance(a, Ask) else ["stop"] for a in state.actions]
    return json.dumps({"format": FORMAT, "version": VERSION, "players": state.players,
                       "brave": state.game.brave, "seed": state.seed, "actions": actions})


def load_game(text: str) -> State:
    """Replay a save; every action is checked by the rules."""
    data = json_data(text, "a save", SaveFileError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"this is not a {FORMAT} save (its format is {_get(data, 'format')!r})")
    if data.get("version") != VERSION:
        raise SaveFileError(f"this save has version {data.get('version')}; this bluffmath reads "
                            f"version {VERSION} of {FORMAT} saves")
    try:
        state = Game(data["players"], data["brave"]).new_game(data["seed"])
        for i, action in enumerate(data["actions"]):
            state = _replay(state, i, action)
    except KeyError as error:
        raise SaveFileError(f"the save lacks {error.args[0]!r}") from None
    except BluffmathError as error:
        if isinstance(error, SaveFileError):
            raise
        raise SaveFileError(f"the save does not replay: {error}") from None
    return state


def _replay(state: State, i: int, action: object) -> State:
    if action == ["stop"]:
        return state.stop()
    if isinstance(action, list) and len(action) == 3 and action[0] == "guess":
        try:
            return state.guess(action[1], action[2])
        except BluffmathError as error:
            raise SaveFileError(f"action {i} {action!r} is refused: {error}") from None
    raise SaveFileError(f"action {i} must be [\"guess\", seat, cell] or [\"stop\"], got {action!r}")


def _get(data: object, key: str) -> object:
    return data.get(key) if isinstance(data, dict) else None
