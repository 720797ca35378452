"""A drill's identity: one hash of its game's save, the seat and the decision's number.

A scheduler keys its cards on a drill, so a drill must be named the same way every time
its game is read: :func:`drill_id` hashes the save's *canonical text* (:func:`canonical`:
the JSON read strictly and written again with sorted keys, no spaces, ASCII, as
:mod:`bluffmath.seal` writes a save's content), the seat and the decision's number. The
same save file gives the same id however it is spaced; a game's State gives the id of the
save its game writes (:func:`save_text`). The id is a one-way hash: it shows nothing of
the cards the save holds.

>>> from bluffmath.hochstapler import Game, save_game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
>>> text = save_game(state)
>>> drill_id(canonical(text), 1, 2) == drill_id(canonical(save_text(state)), 1, 2)
True
>>> drill_id(canonical(text), 1, 2) == drill_id(canonical(text.replace(", ", ",")), 1, 2)
True
>>> len(drill_id(canonical(text), 1, 2)), drill_id(canonical(text), 1, 2) == drill_id(canonical(text), 0, 2)
(16, False)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from bluffmath.errors import SaveFileError
from bluffmath.schema import read_json

#: Hex digits of the SHA-256 kept in an id: 64 bits, no collision in any player's games.
ID_DIGITS = 16


def save_text(game: Any) -> str:
    """The save text of ``game``: the text itself (bytes read as UTF-8), or a game's State
    saved by its game's own saver; SaveFileError for anything else.

    >>> save_text(7)
    Traceback (most recent call last):
    ...
    bluffmath.errors.SaveFileError: a drill needs a saved game (its JSON text) or a game's State, got int
    """
    if isinstance(game, str):
        return game
    if isinstance(game, bytes | bytearray):
        try:
            return bytes(game).decode("utf-8")
        except UnicodeDecodeError as problem:
            raise SaveFileError(f"a saved game must be JSON text in UTF-8: {problem}") from None
    for kind, save in _savers():
        if isinstance(game, kind):
            return save(game)
    raise SaveFileError(f"a drill needs a saved game (its JSON text) or a game's State, got {type(game).__name__}")


def _savers() -> tuple[tuple[type, Callable[[Any], str]], ...]:
    """Each game's State with the function that saves it."""
    from bluffmath import duel, gauner, hoax, hochstapler, muenchhausen
    return ((hochstapler.State, hochstapler.save_game), (duel.State, duel.save_duel),
            (gauner.State, gauner.save_game), (muenchhausen.State, muenchhausen.save_game),
            (hoax.State, hoax.State.to_json))


def canonical(text: str) -> str:
    """``text`` (a save's JSON) read strictly and written canonically: sorted keys, no
    spaces, ASCII.

    >>> canonical('{"b": [1, 2], "a": "ü"}')
    '{"a":"\\\\u00fc","b":[1,2]}'
    >>> canonical('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    bluffmath.errors.SaveFileError: a saved game must be JSON text with each key once in an object; "a" appears twice
    """
    return canonical_data(read_json(text, "a saved game", SaveFileError))


def canonical_data(data: Any) -> str:
    """JSON data (as :func:`~bluffmath.schema.read_json` returns it) written canonically."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)


def drill_id(text: str, seat: int, number: int) -> str:
    """The id of decision ``number`` of ``seat`` in the game whose canonical save is
    ``text``: the first :data:`ID_DIGITS` hex digits of a SHA-256."""
    key = f"{text}\n{seat}\n{number}".encode("ascii", "backslashreplace")
    return hashlib.sha256(key).hexdigest()[:ID_DIGITS]
