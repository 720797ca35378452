"""Saved games of Münchhausen as versioned JSON: a log, replayed and checked.

The rules have no dice and no shuffle, so a save (version 2) is the players, the rounds,
every action (``["name", 4]``, ``["offer", 6]``, ``["pass"]``, ``["choose", 2]``,
``["lay", 7]``, ``["believe"]``, ``["doubt"]``, ``["reward", 8]`` or ``["reward", null]``)
and every observation, each with the number of actions played when it was seen: a round's
start (its number, of how many, the first start player, the hands dealt), each doubt (the
turned card and the seat that took it) and each round's end (the points, the piles and hands
counted face up, and why it ended: ``"empty hand"`` or ``"no offers"``, a full circle of
turns with no offer). ``check`` (:mod:`bluffmath.seal`) is a SHA-256 of all of it, so that an edited action that
the rules still allow is noticed too.

Loading reads the save strictly (:class:`~bluffmath.schema.Node`), replays every action
through the engine and compares every observation with the replay's; anything that
disagrees raises :class:`~bluffmath.errors.SaveFileError` naming the first action or
observation. Version 1 (actions only) still loads, replayed, unless the replay ends a round
by a full circle of turns with no offer: that rule came with version 2, and such a game
cannot be replayed as it was played.

>>> from bluffmath.muenchhausen.game import Game
>>> state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt()
>>> text = save_game(state)
>>> json.loads(text)["actions"]
[['name', 4], ['offer', 5], ['pass'], ['pass'], ['lay', 2], ['doubt']]
>>> json.loads(text)["observations"][1]
{'after': 6, 'turned': 2, 'to': 1}
>>> load_game(text) == state
True
"""

from __future__ import annotations

import json
from typing import Any

from bluffmath import seal
from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.limits import MAX_ACTIONS, MAX_ROUNDS
from bluffmath.muenchhausen.events import Doubted, RoundEnded, RoundStarted
from bluffmath.muenchhausen.game import (
    Action,
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
from bluffmath.muenchhausen.rules import MAX_PLAYERS, MIN_PLAYERS
from bluffmath.schema import Node

FORMAT = "bluffmath-muenchhausen"
VERSION = 2
_WORDS = {Name: ("name", "value"), Offer: ("offer", "value"), Pass: ("pass", None), Choose: ("choose", "seat"),
          Lay: ("lay", "card"), Believe: ("believe", None), Doubt: ("doubt", None), Reward: ("reward", "card")}
_ACTIONS = {word: (kind, field) for kind, (word, field) in _WORDS.items()}
_KEYS = ("format", "version", "players", "rounds", "actions")
_ENDED = {False: "empty hand", True: "no offers"}
_KIND = {"round": "a round's start", "turned": "a doubt", "points": "a round's end"}
_OBSERVED = {"round": ("after", "round", "of", "first", "hands"), "turned": ("after", "turned", "to"),
             "points": ("after", "points", "piles", "hands", "ended")}


def save_game(state: State) -> str:
    """The game so far as JSON text (version 2: actions, observations, check)."""
    if not isinstance(state, State):
        raise SaveFileError(f"only a Münchhausen State can be saved, got {state!r}")
    actions = [[word] if field is None else [word, getattr(a, field)]
               for a in state.actions for word, field in [_WORDS[type(a)]]]
    data = {"format": FORMAT, "version": VERSION, "players": state.players, "rounds": state.game.rounds,
            "actions": actions, "observations": _observations(state, _marks(state))}
    return json.dumps(seal.seal(data))


def load_game(text: str | bytes) -> State:
    """Read a save strictly, replay every action and check every observation."""
    root = Node.of(text, "a Münchhausen save", SaveFileError)
    top = root.value if type(root.value) is dict else {}
    if "format" in top:  # first the kind of file and its version, then the rest
        Node(top["format"], root.what, SaveFileError, "format").text([FORMAT], f'"{FORMAT}" (this file is not a '
                                                                    f"Münchhausen save)")
    if "version" in top:
        Node(top["version"], root.what, SaveFileError, "version").integer(1, VERSION)
    node = root.fields(_KEYS, ["observations", "check"])
    version = node["version"].integer(1, VERSION)
    later = [key for key in ("observations", "check") if key in node]
    if version == 1 and later:
        node[later[0]].refuse("a version-1 save has no observations and no check (they came with version 2)")
    if version == 2 and len(later) < 2:
        missing = "observations" if "observations" not in node else "check"
        node["version"].refuse(f'a version-2 save has "observations" and "check"; "{missing}" is missing')
    game = Game(node["players"].integer(MIN_PLAYERS, MAX_PLAYERS), node["rounds"].integer(1, MAX_ROUNDS))
    state, marks = _replay(game, [_action(item) for item in node["actions"].items(limit=MAX_ACTIONS)])
    if version == 1:
        circle = next((e for e in state.log if isinstance(e, RoundEnded) and e.circle), None)
        if circle is not None:
            raise SaveFileError(
                f"this version-1 save cannot be replayed as it was played: round {circle.round + 1} had a full "
                f"circle of turns with no offer, which since version 2 ends the round (the rulings of bluffmath's documentation)")
        return state
    _compare(node["observations"].items(limit=4 * MAX_ACTIONS), _observations(state, marks))
    node["check"].text(allowed="a SHA-256 digest (64 hexadecimal digits)")
    seal.verify(root.value, "this Münchhausen save")
    return state


# --- strict reading: one place --------------------------------------------------------------
def _action(node: Node) -> Action:
    """``["offer", 6]`` as ``Offer(6)``; whether it is allowed is the engine's to say."""
    parts = node.items(limit=2)
    if not parts:
        node.fail("an action such as [\"name\", 4] or [\"pass\"]")
    kind, field = _ACTIONS[parts[0].text(list(_ACTIONS))]
    if len(parts) != (1 if field is None else 2):
        node.fail(f"[\"{parts[0].value}\"]" if field is None else f"[\"{parts[0].value}\", its {field}]")
    if field is None:
        return kind()
    high = MAX_PLAYERS - 1 if kind is Choose else 8
    read = lambda n: n.integer(0 if kind is Choose else 1, high)  # noqa: E731
    return kind(parts[1].optional(read) if kind is Reward else read(parts[1]))


def _observation(node: Node) -> dict[str, Any]:
    """An observation, read strictly; its values are compared with the replay's."""
    kind = _kind(node.value) if type(node.value) is dict and any(k in node.value for k in _OBSERVED) else None
    if kind is None:
        node.fail('an observation: {"after", "round", "of", "first", "hands"} (a round starts), '
                  '{"after", "turned", "to"} (a doubt) or {"after", "points", "piles", "hands", "ended"} '
                  '(a round ends)')
    f = node.fields(_OBSERVED[kind])
    cards = lambda n: [[c.integer(1, 8) for c in row.items(limit=8 * MAX_PLAYERS)]  # noqa: E731
                       for row in n.items(limit=MAX_PLAYERS)]
    seat = lambda n: n.integer(0, MAX_PLAYERS - 1)  # noqa: E731
    read = {"after": lambda n: n.integer(0), "round": lambda n: n.integer(1, MAX_ROUNDS),
            "of": lambda n: n.integer(1, MAX_ROUNDS), "first": seat, "hands": cards, "turned": lambda n: n.integer(1, 8),
            "to": seat, "points": lambda n: [p.integer(-1000, 1000) for p in n.items(limit=MAX_PLAYERS)],
            "piles": cards, "ended": lambda n: n.text(list(_ENDED.values()))}
    return {key: read[key](f[key]) for key in _OBSERVED[kind]}


# --- replay and checks: another ------------------------------------------------------------
def _replay(game: Game, actions: list[Action]) -> tuple[State, list[int]]:
    """The state after ``actions`` and, for each event of its log, how many actions came first."""
    state, marks = game.new_game(), []
    marks += [0] * len(state.log)
    for i, action in enumerate(actions):
        try:
            state = state.apply(action)
        except BluffmathError as error:
            raise SaveFileError(f"a Münchhausen save: action {i} ({_shown(action)}) is refused: {error}") from None
        marks += [i + 1] * (len(state.log) - len(marks))
    return state, marks


def _marks(state: State) -> list[int]:
    return _replay(state.game, list(state.actions))[1]


def _observations(state: State, marks: list[int]) -> list[dict[str, Any]]:
    """What the table saw, each with the number of actions played when it was seen."""
    out: list[dict[str, Any]] = []
    for after, event in zip(marks, state.log, strict=True):
        if isinstance(event, RoundStarted):
            out.append({"after": after, "round": event.round + 1, "of": state.game.rounds, "first": event.first,
                        "hands": [list(h) for h in event.hands]})
        elif isinstance(event, Doubted):
            out.append({"after": after, "turned": event.card, "to": event.start if event.honest else event.seat})
        elif isinstance(event, RoundEnded):
            out.append({"after": after, "points": list(event.points), "piles": [list(p) for p in event.piles],
                        "hands": [list(h) for h in event.hands], "ended": _ENDED[event.circle]})
    return out


def _compare(saved: list[Node], replayed: list[dict[str, Any]]) -> None:
    for i, node in enumerate(saved):
        if i >= len(replayed):
            node.refuse(f"the replay shows only {len(replayed)} observations")
        mine, theirs = _observation(node), replayed[i]
        if mine.keys() != theirs.keys():
            node.refuse(f"is {_KIND[_kind(mine)]}; the replay shows {_KIND[_kind(theirs)]} here: "
                        f"{json.dumps(theirs)}")
        for key in mine:
            if mine[key] != theirs[key]:
                node.fields(_OBSERVED[_kind(mine)])[key].refuse(
                    f"says {json.dumps(mine[key])}; the replay shows {json.dumps(theirs[key])}")
    if len(saved) < len(replayed):
        raise SaveFileError(f"a Münchhausen save: observation {len(saved)} is missing; the replay shows "
                            f"{json.dumps(replayed[len(saved)])}")


def _kind(observation: dict[str, Any]) -> str:
    return next(k for k in _OBSERVED if k in observation)


def _shown(action: Action) -> str:
    word, field = _WORDS[type(action)]
    return json.dumps([word] if field is None else [word, getattr(action, field)])


