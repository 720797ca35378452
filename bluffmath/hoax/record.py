"""A Hoax save's JSON, read and written, apart from the engine that replays it.

:func:`written` writes a game's parameters, deal and moves (the format is
:mod:`bluffmath.hoax.saves`'s); :func:`read` reads them strictly into a :class:`Saved` and
the game it names, whose moves :meth:`~bluffmath.hoax.game.State.from_json` replays and
whose outcome it checks (:meth:`Saved.check`).

>>> from bluffmath.hoax.table import Setup, Table
>>> setup = Setup("original", players=3, deal=("King", "Thief", "Wizard"))
>>> start = Table(setup, setup.cards(), (20, 20, 20), ((0, 0, 0),) * 3, (0,) * 3, (True,) * 3,
...               (frozenset(),) * 3)
>>> saved, game = read(written(start), Setup)
>>> game == start.game, saved.version, list(saved.moves())
(True, 2, [])
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from bluffmath import seal
from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.hoax.actions import ACTION_TYPES, KINDS, Action, Fine
from bluffmath.hoax.roles import ALL_ROLES, EDITIONS, MAX_PLAYERS
from bluffmath.hoax.table import MAX_TURNS, Setup, Table
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
G = TypeVar("G", bound=Setup)


def written(table: Table) -> str:
    """The game so far as JSON text (the deal and every move; see :mod:`bluffmath.hoax.saves`)."""
    game = table.game
    data = {"format": FORMAT, "version": VERSION, "edition": game.edition.name, "players": game.players,
            "seed": game.seed if game.deal is None else None, "deal": list(table.cards),
            "max_turns": game.max_turns, "accuse_on_turn": game.accuse_on_turn,
            "actions": [_action_json(a) for a in table.actions], "winner": table.winner, "turns": table.turn}
    return json.dumps(seal.seal(data))


@dataclass(frozen=True)
class Saved:
    """A save read up to its moves: the whole text (``root``), its fields (``node``), its
    ``version`` and its ``players``; :meth:`moves` reads the moves one by one, :meth:`check`
    the rest."""

    root: Node
    node: dict[str, Node]
    version: int
    players: int

    def moves(self) -> Iterator[tuple[Node, Action]]:
        """Each move read in order, with its place in the save (to refuse it by)."""
        for item in self.node["actions"].items(limit=MAX_ACTIONS):
            yield item, _action(item)

    def check(self, winner: int | None, turn: int) -> None:
        """Refuse the save unless the replay ended as it says (``winner`` after ``turn``
        turns) and its check is the digest of the rest."""
        node = self.node
        saved = node["winner"].optional(lambda n: n.integer(0, self.players - 1))
        turns = node["turns"].integer(0, MAX_TURNS)
        if (saved, turns) != (winner, turn):
            node["winner"].refuse(f"the save says winner {json.dumps(saved)} after {turns} turns; the replay gives "
                                  f"{json.dumps(winner)} after {turn}")
        node["check"].text(allowed="a SHA-256 digest (64 hexadecimal digits)")
        seal.verify(self.root.value, "this Hoax save")


def read(text: str | bytes, kind: type[G]) -> tuple[Saved, G]:
    """Read a save strictly up to its moves, and the game it names, made as ``kind`` (a
    :class:`~bluffmath.hoax.table.Setup`, or the engine's Game that deals)."""
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
    return Saved(root, node, version, players), _game(kind, node, ed.name, players, seed, deal)


def _game(kind: type[G], node: dict[str, Node], edition: str, players: int, seed: int | None,
          deal: list[str]) -> G:
    max_turns = node["max_turns"].integer(1, MAX_TURNS)
    variant = node["accuse_on_turn"].boolean()
    try:
        game = kind(edition, players, seed if seed is not None else 0, None if seed is not None else tuple(deal),
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
