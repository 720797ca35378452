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
check; every failure is a :class:`~bluffmath.errors.SaveFileError`.

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

import json
from dataclasses import fields
from typing import Any

from bluffmath import seal
from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.hoax.actions import ACTION_TYPES, KINDS, Action, Fine
from bluffmath.hoax.game import MAX_TURNS, Game, State
from bluffmath.hoax.roles import ALL_ROLES, EDITIONS, MAX_PLAYERS
from bluffmath.hoax.tokens import START
from bluffmath.limits import MAX_ACTIONS, MAX_SEED
from bluffmath.schema import Node

FORMAT = "bluffmath-hoax-game"
VERSION = 2
WHAT = "a Hoax save"
_KEYS = ("format", "version", "edition", "players", "seed", "deal", "max_turns", "accuse_on_turn", "actions",
         "winner", "turns", "check")
_WORDS = {kind: "".join("_" + c.lower() if c.isupper() else c for c in kind.__name__).lstrip("_")
          for kind in ACTION_TYPES}
_KINDS = {word: kind for kind, word in _WORDS.items()}


def to_json(state: State) -> str:
    """The game so far as JSON text (the deal and every move; see the module's docs)."""
    if not isinstance(state, State):
        raise SaveFileError(f"only a Hoax State can be saved, got {state!r}")
    game = state.game
    data = {"format": FORMAT, "version": VERSION, "edition": game.edition.name, "players": game.players,
            "seed": game.seed if game.deal is None else None, "deal": list(state.cards),
            "max_turns": game.max_turns, "accuse_on_turn": game.accuse_on_turn,
            "actions": [_action_json(a) for a in state.actions], "winner": state.winner, "turns": state.turn}
    return json.dumps(seal.seal(data))


def from_json(text: str | bytes) -> State:
    """Read a save strictly, replay every move through the engine and check the outcome."""
    root = Node.of(text, WHAT, SaveFileError)
    top = root.value if type(root.value) is dict else {}
    if "format" in top:
        Node(top["format"], WHAT, SaveFileError, "format").text([FORMAT], f'"{FORMAT}" (this is not a Hoax save)')
    if "version" in top:
        Node(top["version"], WHAT, SaveFileError, "version").integer(1, VERSION)
    node = root.fields(_KEYS)
    version = node["version"].integer(1, VERSION)
    name = node["edition"].text(list(EDITIONS))
    ed = EDITIONS[name]
    players = node["players"].integer(ed.players.start, ed.players.stop - 1)
    seed = node["seed"].optional(lambda n: n.integer(0, MAX_SEED))
    deal = [n.text(list(ed.roles)) for n in node["deal"].items(size=players)]
    game = _game(node, ed.name, players, seed, deal)
    state = game.new_game()
    for item in node["actions"].items(limit=MAX_ACTIONS):
        action = _action(item)
        try:
            state = state.apply(action)
        except BluffmathError as error:
            item.refuse(f"the rules refuse this move: {error}")
        if version == 1 and state.passes:
            item.refuse("a version-1 save holds no pass on a turn (a seat with no legal move passes since "
                        "version 2)")
    winner = node["winner"].optional(lambda n: n.integer(0, players - 1))
    turns = node["turns"].integer(0, MAX_TURNS)
    if (winner, turns) != (state.winner, state.turn):
        node["winner"].refuse(f"the save says winner {json.dumps(winner)} after {turns} turns; the replay gives "
                              f"{json.dumps(state.winner)} after {state.turn}")
    node["check"].text(allowed="a SHA-256 digest (64 hexadecimal digits)")
    seal.verify(root.value, "this Hoax save")
    return state


def _game(node: dict[str, Node], edition: str, players: int, seed: int | None, deal: list[str]) -> Game:
    max_turns = node["max_turns"].integer(1, MAX_TURNS)
    variant = node["accuse_on_turn"].boolean()
    try:
        game = Game(edition, players, seed if seed is not None else 0, None if seed is not None else tuple(deal),
                    max_turns, variant)
    except BluffmathError as error:
        node["deal"].refuse(str(error))
    if list(game.cards()) != deal:
        node["deal"].refuse(f"seed {seed} deals {game.cards()}, not the deal saved")
    return game


def _action_json(action: Action) -> list[Any]:
    values = [getattr(action, f.name) for f in fields(action)]
    return [_WORDS[type(action)], *(list(v) if isinstance(v, tuple) else v for v in values)]


def _field(node: Node, name: str) -> Any:
    """One field of a move, by its name: its type is checked here, its legality by the engine."""
    value = node.value
    if name in ("role",):
        return node.text(list(ALL_ROLES))
    if name == "kind":
        return node.text(list(KINDS))
    if name in ("token", "get"):
        return node.optional(lambda n: n.integer(0, 2))
    if name in ("target", "judge", "vicar"):
        return node.optional(lambda n: n.integer(0, MAX_PLAYERS - 1))
    if name == "count":
        return node.integer(0, START)
    if name in ("vault", "yes"):
        return node.boolean()
    if name == "tokens":
        return tuple(n.integer(0, 2) for n in node.items(limit=2))
    raise AssertionError(f"unknown field {name}: {value!r}")


def _action(node: Node) -> Action:
    """``["take", 0]`` as ``Take(0)``; whether it is allowed is the engine's to say."""
    parts = node.items(limit=8)
    if not parts:
        node.fail('a move such as ["take", 0] or ["pass"]')
    kind = _KINDS[parts[0].text(list(_KINDS))]
    names = [f.name for f in fields(kind)]
    if len(parts) != 1 + len(names):
        node.fail(f'["{parts[0].value}"' + "".join(f", {n}" for n in names) + "]")
    values = [_field(part, name) for part, name in zip(parts[1:], names, strict=True)]
    if kind is Fine and not 1 <= len(values[0]) <= 2:
        parts[1].fail("a list of 1 or 2 tokens (0 gold, 1 grain, 2 wine)")
    return kind(*values)


save_game, load_game = to_json, from_json
