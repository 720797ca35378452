"""Saved games: a game's log as versioned JSON, loaded by replaying it through the engine.

A save is a log, not a snapshot: the variant, the seed, the opener, every action of the
game (all deals) and what the table saw (each deal as the seed dealt it, each doubt's
reveal, the seat to act). Loading reads the text strictly (:func:`read_save`: unknown
keys, wrong types, ``true`` or ``1.0`` for a number are refused, naming the place), then
replays the actions from the seed's deal (:func:`replay_save`) and compares every
observation with what the replay gives; the first that disagrees is named in a
:class:`~bluffmath.errors.SaveFileError`. So a save whose deal, seed or actions were
edited does not load. The file holds the deal: it is not for the players' eyes.

The layout (version 2), one JSON object::

    {"format": "bluffmath-hochstapler-game", "version": 2,
     "game": {"players": 3, "target": null},    players 3-7; target null or 1-100
     "seed": 4, "opener": 0,                    the deal's seed; the seat that opens
     "actions": [["exchange", 0, "red", 5],     every action in order, all deals:
                 ["call", 0, 6, "red"],         ["call", seat, total, colour],
                 ["doubt", 1]],                 ["exchange", seat, colour, card laid],
                                                ["doubt", seat]
     "deals": [{"hands": {"red": [0, 1, 4], ...},      each deal as dealt: colour -> the
                "piles": {"red": [5, 0, 2, ...], ...}}],  seats' cards; its pile, top first
     "reveals": [{"deal": 0, "call": ["call", 0, 6, "red"], "doubter": 1,
                  "cards": [5, 1, 4], "taker": 0}],    each doubt: the cards shown
     "to_act": 1,                                      the seat to act now
     "check": "9c1f..."}                        the SHA-256 of the rest (bluffmath.seal)

Each field is checked by the replay: the deals against the seed, each action against the
rules, each exchanged card and reveal against the cards, the seat to act. An action the
rules allow but that was not played (a call edited from 6 to 7), or another target, is a
different game that no observation contradicts; the ``check`` refuses those edits.

>>> import json
>>> from bluffmath.hochstapler.game import Game
>>> state = Game(players=3).new_game(seed=4).exchange("red").raise_(6, "red").doubt()
>>> text = save_game(state)
>>> load_game(text) == state
True
>>> data = json.loads(text)
>>> data["actions"]
[['exchange', 0, 'red', 0], ['call', 0, 6, 'red'], ['doubt', 1]]
>>> data["deals"][0]["hands"]["red"], data["reveals"][0]["cards"], data["to_act"]
([0, 1, 4], [5, 1, 4], 1)
>>> data["deals"][0]["hands"]["red"][1] = 3          # an edited card is refused
>>> load_game(json.dumps(data))
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: this saved game: the first deal is not the one seed 4 deals: the red cards
in the hands are 0,3,4, but the seed deals 0,1,4
>>> data = json.loads(text)
>>> data["actions"][1][2] = 9                        # so is an edited action
>>> load_game(json.dumps(data))
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: this saved game: reveals[0] is not what action 3 (seat 1 doubts)
shows: call doubted: 9 red in the replay, 6 red in the save

Version-1 saves (a snapshot of the current deal with its history) still load when they
can be checked: a game in its first deal is replayed from its seed and must end in
exactly the hands, piles, reveals and seat to act recorded. A version-1 save of a later
deal lacks the earlier deals' actions and is refused, saying so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NoReturn

from bluffmath import seal
from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.hochstapler.deal import Reveal, deal_cards
from bluffmath.hochstapler.game import Game, State
from bluffmath.hochstapler.position import Call, Doubt, Event, Exchange, describe_event
from bluffmath.hochstapler.rules import (
    CARDS_PER_COLOUR,
    COLOURS,
    MAX_PLAYERS,
    MAX_TOTAL,
    MIN_PLAYERS,
    VALUES,
)
from bluffmath.limits import MAX_ACTIONS, MAX_SEED, MAX_TARGET
from bluffmath.schema import Node, describe

FORMAT = "bluffmath-hochstapler-game"
#: The format's name before 2026-12-04 ("bluffmath/..."), still read: no save is lost.
FORMERLY = "bluffmath/hochstapler-game"
VERSION = 2
_WHAT = "this saved game"
_HIGHEST = max(VALUES)


# --- saving --------------------------------------------------------------------------------


def save_game(state: State) -> str:
    """The game's log as JSON text (see the module docstring for the layout)."""
    if not isinstance(state, State):
        raise InvalidInputError(f"save_game saves a Hochstapler State, got {type(state).__name__}")
    data = _save_data(state)
    return json.dumps(seal.seal(data))


def _save_data(state: State) -> dict[str, Any]:
    game = state.game
    deals = [deal_cards(game.players, state.seed, d) for d in range(state.deal + 1)]
    return {
        "format": FORMAT, "version": VERSION,
        "game": {"players": game.players, "target": game.target},
        "seed": state.seed, "opener": state.opener,
        "actions": [_event_data(e) for e in state.events],
        "deals": [{"hands": _colours(hands), "piles": _colours(piles)} for hands, piles in deals],
        "reveals": [_reveal_data(r) for r in state.reveals],
        "to_act": state.to_act,
    }




def _event_data(event: Event) -> list[Any]:
    if type(event) is Call:
        return ["call", event.seat, event.total, event.colour]
    if type(event) is Exchange:
        return ["exchange", event.seat, event.colour, event.value]
    return ["doubt", event.seat]


def _reveal_data(reveal: Reveal) -> dict[str, Any]:
    return {"deal": reveal.deal, "call": _event_data(reveal.call), "doubter": reveal.doubter,
            "cards": list(reveal.cards), "taker": reveal.taker}


def _colours(cards: Any) -> dict[str, list[int]]:
    return {colour: list(values) for colour, values in cards.items()}


# --- reading: the text, strictly, into a record (no rules yet) ------------------------------


@dataclass(frozen=True)
class SaveRecord:
    """What a save says, read but not yet checked against the rules.

    ``deals`` holds (hands, piles) per deal as dealt (version 2), or the current deal's
    hands and piles as they are now (version 1, one entry).
    """

    version: int
    game: Game
    seed: int
    opener: int | None  # None: version 1, where the first event's seat (or to_act) opens
    events: tuple[Event, ...]
    deals: tuple[tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]], ...]
    reveals: tuple[Reveal, ...]
    to_act: int
    check: str | None  # None: version 1


_V2 = ["format", "version", "game", "seed", "opener", "actions", "deals", "reveals", "to_act",
       "check"]
_V1 = ["format", "version", "game", "seed", "deal", "to_act", "hands", "piles", "history",
       "reveals"]


def read_save(text: object) -> SaveRecord:
    """The save's fields, read strictly with :class:`~bluffmath.schema.Node`;
    SaveFileError naming the place of the first field that is wrong."""
    root = Node.of(text, _WHAT, SaveFileError)
    data = root.value
    if type(data) is not dict or data.get("format") not in (FORMAT, FORMERLY):
        raise SaveFileError(f"this is not a saved Hochstapler game (its format is not {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version not in (1, VERSION):
        raise SaveFileError(f"this file is version {describe(version)} of the Hochstapler save format; "
                            f"this bluffmath reads versions 1 and {VERSION} (whole numbers)")
    fields = root.fields(_V1 if version == 1 else _V2)
    settings = fields["game"].fields(["players", "target"])
    players = settings["players"].integer(MIN_PLAYERS, MAX_PLAYERS)
    game = Game(players, settings["target"].optional(lambda n: n.integer(1, MAX_TARGET)))
    seed = fields["seed"].integer(0, MAX_SEED)
    to_act = fields["to_act"].integer(0, players - 1)
    reveals = tuple(_reveal(n, players) for n in fields["reveals"].items(MAX_ACTIONS))
    if version == 1:
        deal = fields["deal"].integer(0)
        if deal != 0:
            fields["deal"].refuse(
                f"this version-1 save is of deal {deal + 1} of a multi-deal game; version 1 "
                "kept only the current deal's actions, so the earlier deals cannot be replayed "
                "and checked. Only version-1 saves of a game's first deal can be loaded")
        now = (_cards(fields["hands"], players, live=True), _cards(fields["piles"], None, live=True))
        events = tuple(_event(n, players) for n in fields["history"].items(MAX_ACTIONS))
        return SaveRecord(1, game, seed, None, events, (now,), reveals, to_act, None)
    deals = tuple((_cards(d["hands"], players), _cards(d["piles"], CARDS_PER_COLOUR - players))
                  for d in (n.fields(["hands", "piles"]) for n in fields["deals"].items(MAX_ACTIONS)))
    events = tuple(_event(n, players) for n in fields["actions"].items(MAX_ACTIONS))
    opener = fields["opener"].integer(0, players - 1)
    check = fields["check"].text(allowed="64 hex digits, as save_game writes them")
    return SaveRecord(VERSION, game, seed, opener, events, deals, reveals, to_act, check)


_FORMS = {"call": '["call", seat, total, colour]', "exchange": '["exchange", seat, colour, card]',
          "doubt": '["doubt", seat]'}
_SIZES = {"call": 4, "exchange": 4, "doubt": 2}


def _event(node: Node, players: int) -> Event:
    items = node.items(4)
    if not items:
        node.fail("an action: " + ", ".join(_FORMS.values()))
    kind = items[0].text(choices=_FORMS)
    if len(items) != _SIZES[kind]:
        node.fail(f"a {kind}: {_FORMS[kind]}")
    seat = items[1].integer(0, players - 1)
    if kind == "call":
        return Call(seat, items[2].integer(0, MAX_TOTAL[players]), items[3].text(choices=COLOURS))
    if kind == "exchange":
        return Exchange(seat, items[2].text(choices=COLOURS), items[3].integer(0, _HIGHEST))
    return Doubt(seat)


def _reveal(node: Node, players: int) -> Reveal:
    fields = node.fields(["deal", "call", "doubter", "cards", "taker"])
    call = _event(fields["call"], players)
    if type(call) is not Call:
        fields["call"].fail('a call: ["call", seat, total, colour]')
    cards = _values(fields["cards"], players)
    return Reveal(fields["deal"].integer(0), call, fields["doubter"].integer(0, players - 1),
                  cards, fields["taker"].integer(0, players - 1))


def _cards(node: Node, size: int | None, live: bool = False) -> dict[str, tuple[int, ...]]:
    """colour -> card values; every colour (a deal as dealt) or those in play (``live``)."""
    if live:
        pairs = node.entries(len(COLOURS))
        for colour, _ in pairs:
            if colour not in COLOURS:
                node.error_at(f"unknown colour {json.dumps(colour)}; the colours are {', '.join(COLOURS)}")
    else:
        pairs = list(node.fields(COLOURS).items())
    return {colour: _values(cards, size) for colour, cards in pairs}


def _values(node: Node, size: int | None) -> tuple[int, ...]:
    """Card values (0 to 7), ``size`` of them if given."""
    values = node.value
    if (type(values) is list and len(values) == size
            and all(type(v) is int and 0 <= v <= _HIGHEST for v in values)):
        return tuple(values)  # the common case, without a Node for each value
    return tuple(n.integer(0, _HIGHEST) for n in node.items(CARDS_PER_COLOUR, size))


# --- replaying: the record through the engine, every observation compared ------------------


def replay_save(record: SaveRecord) -> State:
    """The state the record's actions reach from its seed's deal; SaveFileError naming the
    first action or observation that disagrees with the replay."""
    events = record.events
    opener = record.opener
    if opener is None:  # version 1
        opener = events[0].seat if events else record.to_act
    state = record.game.new_game(record.seed, opener)
    if record.version == VERSION:
        _same_deal(state, record, "the first deal")
    reveals = record.reveals
    for number, event in enumerate(events, 1):
        action = f"action {number} ({describe_event(event)})"
        try:
            after = state.play(event)
        except IllegalActionError as error:
            _fail(f"{action} cannot happen: {error}")
        if len(after.reveals) > len(state.reveals):
            i = len(state.reveals)
            if i >= len(reveals):
                _fail(f"{action} shows the {after.reveals[i].call.colour} cards, but the save "
                      f"holds no reveal for it (it has {len(reveals)})")
            _same_reveal(reveals[i], after.reveals[i], f"reveals[{i}] is not what {action} shows")
        if after.deal != state.deal and record.version == VERSION:
            _same_deal(after, record, f"deal {after.deal + 1}, dealt after {action},")
        state = after
    if len(reveals) > len(state.reveals):
        _fail(f"reveals[{len(state.reveals)}] shows a doubt that the actions do not make")
    if record.version == VERSION and len(record.deals) != state.deal + 1:
        _fail(f"the save holds {len(record.deals)} deals, but the actions reach deal {state.deal + 1}")
    if record.version == 1:
        hands, piles = record.deals[0]
        for name, saved, replayed in (("hands", hands, state.hands), ("piles", piles, state.piles)):
            if saved != dict(replayed):
                colour = next(c for c in COLOURS if saved.get(c) != replayed.get(c))
                _fail(f"the {colour} {name} are not what seed {record.seed} and the history give: "
                      f"{_shown(saved.get(colour))}, not {_shown(replayed.get(colour))}")
    if record.to_act != state.to_act:
        _fail(f"to_act is {record.to_act}, but after the actions it is seat {state.to_act}'s turn")
    if record.check is not None and record.check != seal.digest(_save_data(state)):
        _fail("the check does not match: the save was edited after it was written (a call, "
              "the target or another choice that the rules allow, but is not what was played)")
    return state


def _same_deal(state: State, record: SaveRecord, which: str) -> None:
    if state.deal >= len(record.deals):
        _fail(f"{which} is missing from the save's deals")
    hands, piles = record.deals[state.deal]
    for name, saved, dealt in (("in the hands", hands, state.hands), ("in the pile", piles, state.piles)):
        for colour in COLOURS:
            if saved[colour] != dealt[colour]:
                _fail(f"{which} is not the one seed {record.seed} deals: the {colour} cards {name} "
                      f"are {_shown(saved[colour])}, but the seed deals {_shown(dealt[colour])}")


def _same_reveal(saved: Reveal, replayed: Reveal, where: str) -> None:
    call, real = saved.call, replayed.call
    for field, shown, right in (
            ("deal", saved.deal + 1, replayed.deal + 1),
            ("call doubted", f"{call.total} {call.colour}", f"{real.total} {real.colour}"),
            ("caller", f"seat {call.seat}", f"seat {real.seat}"),
            ("doubter", f"seat {saved.doubter}", f"seat {replayed.doubter}"),
            ("cards shown", _shown(saved.cards), _shown(replayed.cards)),
            ("taker", f"seat {saved.taker}", f"seat {replayed.taker}")):
        if shown != right:
            _fail(f"{where}: {field}: {right} in the replay, {shown} in the save")


def _shown(cards: object) -> str:
    return "none" if cards is None else ",".join(map(str, cards))  # type: ignore[call-overload]


def _fail(problem: str) -> NoReturn:
    raise SaveFileError(f"{_WHAT}: {problem}")


# --- loading -------------------------------------------------------------------------------


def load_game(text: str | bytes) -> State:
    """The game saved in ``text``, replayed and checked; SaveFileError if the text is not a
    save, is damaged, or disagrees with its own replay anywhere."""
    return replay_save(read_save(text))
