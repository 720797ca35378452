"""Saved games of Gauner raus!: a log that is replayed and checked, so that it cannot lie.

A save (version 2) is JSON text holding the variant, the seed, the deal, every number
written, every action with what everyone saw it do, and the scores::

    {"format": "bluffmath-gauner-raus", "version": 2,
     "players": 2, "brave": false, "seed": 5,
     "deal": {"hands": [["red-B", ...], ["red-A", ...]], "surplus": ["blue-C", ...]},
     "numbers": [[["green-A", 2], ["orange-E", 4], ...], [["green-A", 5], ...]],
     "actions": [["guess", 1, "red-A", "hit", 1], ["stop", 1], ["guess", 0, "blue-B", "miss", 0]],
     "scores": [1, 0], "winners": [], "check": "5f0c...e1"}

- ``players`` (2-4), ``brave`` (true for the brave-investigator variant), ``seed``
  (0 to 2**64 - 1): the game. The seed deals the cards and rolls the dice.
- ``deal``: the cards the seed dealt to each seat (``hands``, in seat order, each in grid
  order) and the surplus left in the box.
- ``numbers``: each seat's table in the order the numbers were written (the setup rolls,
  then each turn's roll): ``[cell, number]``.
- ``actions``: in order, ``["guess", opponent, cell, "hit" or "miss", points]`` (the
  player whose turn it is names a cell to an opponent) or ``["stop", points]`` (the player
  ends the turn after a hit); ``points`` is the player's score after the action (in the
  brave variant the points of a turn count once it is banked).
- ``scores``: each seat's points; ``winners``: the seats with the most points once the
  game is over (a tie shares the win), ``[]`` before the end.
- ``check``: the SHA-256 of the rest (:mod:`bluffmath.seal`), for the one edit a replay
  cannot see: ``brave`` flipped in a game where no point was banked before its end, which
  replays the same under both rules.

Loading reads the text strictly (:mod:`bluffmath.schema`: unknown keys, bools as numbers,
``1.0``, cells that are not cells are refused, each with its path), then replays the game
from the seed through the rules engine and compares every recorded fact with what the
replay produces, in the order it happened: the deal, the numbers of the setup, then each
action, its outcome and the numbers written after it, then the scores and the winners.
The first disagreement is named, and the save is refused with
:class:`~bluffmath.errors.SaveFileError`: a save whose seed, deal, numbers, actions or
outcomes were edited does not load. Last, the check is compared.

>>> from bluffmath.gauner.bots import RandomBot, play_game
>>> from bluffmath.gauner.game import Game
>>> state = play_game(Game(players=2, brave=True), [RandomBot(seed=1), RandomBot(seed=2)], seed=5)
>>> text = save_game(state)
>>> load_game(text) == state
True
>>> load_game(text.replace('"seed": 5', '"seed": 6'))
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: a save: deal.hands[0]: seat 0's hand holds yellow-C; seed 6 deals it to seat 1
>>> load_game(text.replace('"hit"', '"miss"', 1))
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: a save: actions[0]: the save says this guess missed, but the replay gives a hit
>>> load_game(text.replace('"version": 2', '"version": true'))
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: a save: version must be a whole number from 1 to 2; found true

Version 1 saves (bluffmath before layout 2: the variant, the seed and the actions
``["guess", seat, cell]`` / ``["stop"]``, nothing else) still load: they are replayed and
every action is checked by the rules, but they record no deal, numbers or outcomes, so
there is nothing to compare the replay with; they are trusted as before, and saved again
they are written as version 2.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bluffmath import seal
from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.gauner.game import Ask, Game, State, Stop
from bluffmath.gauner.grid import GRID, HAND_SIZE
from bluffmath.i18n import N_, _
from bluffmath.limits import MAX_ACTIONS, MAX_SEED
from bluffmath.schema import Node

FORMAT = "bluffmath-gauner-raus"
VERSION = 2
NAMES = tuple(GRID.name(c) for c in GRID.cells)
CELL = 'a cell such as "red-A"'


def save_game(state: State) -> str:
    """The game so far as JSON text (version 2, the layout above)."""
    if not isinstance(state, State):
        raise SaveFileError(f"save_game needs a Gauner raus! State, got {type(state).__name__}")
    hands = [sorted(h | laid) for h, laid in zip(state.hidden, state.laid, strict=True)]
    replay = Game(state.players, state.game.brave).new_game(state.seed)
    actions = []
    for action in state.actions:
        seat = replay.current
        replay = replay.apply(action)
        if isinstance(action, Ask):
            hit = action.cell in replay.laid[action.seat]
            actions.append(["guess", action.seat, GRID.name(action.cell), "hit" if hit else "miss",
                            replay.scores[seat]])
        else:
            actions.append(["stop", replay.scores[seat]])
    return json.dumps(seal.seal({
        "format": FORMAT, "version": VERSION,
        "players": state.players, "brave": state.game.brave, "seed": state.seed,
        "deal": {"hands": [[GRID.name(c) for c in h] for h in hands],
                 "surplus": [GRID.name(c) for c in sorted(state.surplus)]},
        "numbers": [[[GRID.name(c), n] for c, n in seat] for seat in state.numbers],
        "actions": actions,
        "scores": list(state.scores), "winners": list(state.winners),
    }))


def load_game(text: str | bytes) -> State:
    """Read a save strictly and replay it; :class:`~bluffmath.errors.SaveFileError` names
    the first thing that is malformed or that the replay contradicts."""
    return _replay(_read(text))


# --- reading: the shape of a save, and nothing else --------------------------------------------

@dataclass(frozen=True)
class _Action:
    """One recorded action (``node``: where it is in the save) and, from version 2, what it showed."""

    node: Node
    action: Ask | Stop
    hit: bool | None = None
    points: int | None = None


@dataclass(frozen=True)
class _Save:
    version: int
    game: Game
    seed: int
    actions: tuple[_Action, ...]
    keys: dict[str, Node]
    data: dict
    hands: tuple[tuple[Node, frozenset[int]], ...] = ()
    surplus: tuple[Node, frozenset[int]] | None = None
    numbers: tuple[tuple[tuple[Node, int, int], ...], ...] = ()
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()


def _read(text: object) -> _Save:
    root = Node.of(text, N_("a save"), SaveFileError)
    if type(root.value) is not dict:
        root.fail(f"a JSON object, a {FORMAT} save")
    if "format" not in root.value:
        root.error_at(_('key "format" missing: this is not a {format} save').format(format=FORMAT))
    Node(root.value["format"], "a save", SaveFileError, "format").text([FORMAT])
    version_node = Node(root.value.get("version"), "a save", SaveFileError, "version")
    if type(version_node.value) is int and version_node.value > VERSION:
        version_node.refuse(f"this save has version {version_node.value}; this bluffmath reads versions 1 "
                            f"to {VERSION} of {FORMAT} saves (a newer bluffmath wrote it?)")
    version = version_node.integer(1, VERSION)
    common = ["format", "version", "players", "brave", "seed", "actions"]
    keys = root.fields(common if version == 1 else [*common, "deal", "numbers", "scores", "winners", "check"])
    game = Game(keys["players"].integer(2, 4), keys["brave"].boolean())
    seed = keys["seed"].integer(0, MAX_SEED)
    actions = tuple(_action(a, game.players, version) for a in keys["actions"].items(MAX_ACTIONS))
    if version == 1:
        return _Save(version, game, seed, actions, keys, root.value)
    deal = keys["deal"].fields(["hands", "surplus"])
    size = HAND_SIZE[game.players]
    hands = tuple((h, _cells(h, size)) for h in deal["hands"].items(size=game.players))
    surplus = (deal["surplus"], _cells(deal["surplus"], GRID.surplus(game.players)))
    numbers = tuple(tuple(_number(n) for n in seat.items(len(NAMES)))
                    for seat in keys["numbers"].items(size=game.players))
    scores = tuple(s.integer(0, len(NAMES)) for s in keys["scores"].items(size=game.players))
    winners = tuple(w.integer(0, game.players - 1) for w in keys["winners"].items(game.players))
    keys["check"].text(allowed="the SHA-256 of the save, 64 hex digits")
    return _Save(version, game, seed, actions, keys, root.value, hands, surplus, numbers, scores, winners)


def _cell(node: Node) -> int:
    return GRID.index(node.text(NAMES, CELL))


def _cells(node: Node, size: int) -> frozenset[int]:
    items = node.items(size=size)
    cells = frozenset(_cell(c) for c in items)
    if len(cells) != size:
        node.refuse("names a card twice")
    return cells


def _number(node: Node) -> tuple[Node, int, int]:
    cell, number = node.items(size=2)
    return node, _cell(cell), number.integer(0, len(GRID.cross(0)))


def _action(node: Node, players: int, version: int) -> _Action:
    if version == 1:
        shape = '["guess", seat, cell] or ["stop"]'
    else:
        shape = '["guess", seat, cell, "hit" or "miss", points] or ["stop", points]'
    if type(node.value) is not list or not node.value:
        node.fail(shape)
    parts = node.items(size=len(node.value))
    kind = parts[0].text(["guess", "stop"])
    wanted = {("guess", 1): 3, ("stop", 1): 1, ("guess", 2): 5, ("stop", 2): 2}[kind, version]
    if len(parts) != wanted:
        node.fail(shape)
    if kind == "stop":
        return _Action(node, Stop(), None, parts[1].integer(0, len(NAMES)) if version > 1 else None)
    action = Ask(parts[1].integer(0, players - 1), _cell(parts[2]))
    if version == 1:
        return _Action(node, action)
    return _Action(node, action, parts[3].text(["hit", "miss"]) == "hit", parts[4].integer(0, len(NAMES)))


# --- replaying: every recorded fact against what the rules make of the seed ----------------------

def _replay(save: _Save) -> State:
    state = save.game.new_game(save.seed)
    if save.version > 1:
        _compare_deal(save, state)
        _compare_numbers(save, state, "the setup", final=False)
    for i, record in enumerate(save.actions):
        seat = state.current
        try:
            state = state.apply(record.action)
        except BluffmathError as error:
            record.node.refuse(f"the rules refuse this action: {error}")
        if save.version == 1:
            continue
        if isinstance(record.action, Ask):
            hit = record.action.cell in state.laid[record.action.seat]
            if hit != record.hit:
                record.node.refuse(f"the save says this guess {'hit' if record.hit else 'missed'}, "
                                   f"but the replay gives {'a hit' if hit else 'a miss'}")
        if state.scores[seat] != record.points:
            record.node.refuse(f"the save gives seat {seat} {record.points} points after this action; "
                               f"the replay gives {state.scores[seat]}")
        _compare_numbers(save, state, f"action {i}", final=False)
    if save.version > 1:
        _compare_numbers(save, state, "the last action", final=True)
        for name, saved, true in (("scores", save.scores, state.scores),
                                  ("winners", save.winners, state.winners)):
            if saved != tuple(true):
                save.keys[name].refuse(f"the save says {list(saved)}; the replay gives {list(true)}")
        seal.verify(save.data, "a save")
    return state


def _compare_deal(save: _Save, state: State) -> None:
    for seat, (node, cells) in enumerate(save.hands):
        for c in sorted(cells - state.hidden[seat]):
            holder = next((f"seat {s}" for s, h in enumerate(state.hidden) if c in h), "the surplus")
            node.refuse(f"seat {seat}'s hand holds {GRID.name(c)}; seed {save.seed} deals it to {holder}")
    node, cells = save.surplus
    if cells != state.surplus:
        node.refuse(f"is not the surplus that seed {save.seed} leaves")


def _compare_numbers(save: _Save, state: State, when: str, final: bool) -> None:
    """Every number the replay has written so far must be the save's, in its place."""
    for seat, (saved, true) in enumerate(zip(save.numbers, state.numbers, strict=True)):
        for k, (cell, number) in enumerate(true):
            if k >= len(saved):
                save.keys["numbers"].refuse(
                    f"seat {seat}'s table ends after {len(saved)} numbers, but after {when} the "
                    f"replay writes {GRID.name(cell)} = {number} there")
            node, saved_cell, saved_number = saved[k]
            if (saved_cell, saved_number) != (cell, number):
                node.refuse(f"after {when} the replay writes {GRID.name(cell)} = {number} here; "
                            f"the save says {GRID.name(saved_cell)} = {saved_number}")
        if final and len(saved) > len(true):
            saved[len(true)][0].refuse(f"the replay writes only {len(true)} numbers for seat {seat}")
