"""Saved games of Hoax as versioned JSON: a log of the deal and every move, replayed.

A save (version 2)::

    {"format": "bluffmath-hoax-game", "version": 2, "edition": "original", "players": 4,
     "seed": 7, "deal": ["Thief", "King", ...], "max_turns": 200, "accuse_on_turn": false,
     "actions": [["take", 0], ["act", "King", "tax", null, null, 0, null, false], ["pass"], ...],
     "winner": null, "turns": 3, "check": "..."}

- ``seed``: the number that dealt the cards (``null`` when the deal was given: then the
  seed plays no part, and the game loads with seed 0); ``deal``: each seat's card.
  Loading deals again by the seed and refuses a deal that differs.
- ``actions``: every move in order, as ``[word, field, ...]`` with the fields of
  :mod:`bluffmath.hoax.actions` in their order (``["act", role, kind, token, target, count,
  get, vault]``, ``["fine", [0, 1]]``, ``["vote", true]``, ``["pay", null]``, ...).
- ``winner`` (a seat or ``null``) and ``turns``: the replay must end the same.
- ``check``: the SHA-256 of the rest (:mod:`bluffmath.seal`), for edits the rules allow.

Version 2 came with the pass of a seat whose turn offers no legal move (``["pass"]`` on
its turn) and the draw after a full round of passes (``docs/reference/rulings.md``). A version-1 save
(written before) has the same keys and still loads, replayed as it was played: no such
pass was possible then, and a version-1 save that holds one is refused.

Loading reads strictly (:class:`~bluffmath.schema.Node`: unknown keys, duplicate keys,
bools as numbers refused, each error with its path), replays every move through the
engine (a move the rules refuse is named with its index), compares the outcome, then the
check; every failure is a :class:`~bluffmath.errors.SaveFileError`. The reading and the
writing are :mod:`bluffmath.hoax.record`'s, the replay the engine's
(:meth:`State.from_json <bluffmath.hoax.game.State.from_json>`).

>>> from bluffmath.hoax.bots import RandomBot, play
>>> from bluffmath.hoax.game import Game
>>> state = play(Game("german", players=4, seed=3), [RandomBot(seed=i) for i in range(4)])
>>> from_json(to_json(state)) == state
True
>>> from_json(to_json(state).replace('"version": 2', '"version": 3'))
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: a Hoax save: version must be a whole number from 1 to 2; found 3
"""

from __future__ import annotations

from bluffmath.errors import SaveFileError
from bluffmath.hoax.game import State
from bluffmath.hoax.record import FORMAT as FORMAT
from bluffmath.hoax.record import VERSION as VERSION
from bluffmath.hoax.record import WHAT as WHAT

# The ``name as name`` imports: names that moved to the module named, still found here.


def to_json(state: State) -> str:
    """The game so far as JSON text (the deal and every move; see the module's docs)."""
    if not isinstance(state, State):
        raise SaveFileError(f"only a Hoax State can be saved, got {state!r}")
    return state.to_json()


def from_json(text: str | bytes) -> State:
    """Read a save strictly, replay every move through the engine and check the outcome."""
    return State.from_json(text)


save_game, load_game = to_json, from_json
