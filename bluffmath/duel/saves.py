"""Saved Duels: a match as a log (the variant, the seed, the opener, every move), read
strictly and replayed through the engine (:mod:`bluffmath.duel.engine`), so a save that
disagrees with its own replay does not load.

The format is ``bluffmath-hochstapler-duel``, version 1 (``bluffmath/hochstapler-duel``,
its name before 2026-12-04, is still read).

>>> from bluffmath.duel.engine import Game
>>> state = Game(deck=(0, 1, 2)).new_game(seed=1).call(1).doubt()
>>> load_duel(save_duel(state)) == state
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NoReturn

from bluffmath import seal
from bluffmath.duel.actions import DOUBT, Action, Call, Doubt
from bluffmath.duel.engine import MAX_DEALS, Game, State, deal_cards
from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.limits import MAX_ACTIONS, MAX_DUEL_CALL, MAX_SEED
from bluffmath.schema import Node, describe

FORMAT = "bluffmath-hochstapler-duel"
#: The format's name before 2026-12-04, still read.
FORMERLY = "bluffmath/hochstapler-duel"
VERSION = 1


def save_duel(state: State) -> str:
    """The match's log as JSON text: the variant, the seed, the opener, every move, every
    deal's cards as the seed dealt them, the seat to act, and the ``check`` (the SHA-256 of
    the rest, :mod:`bluffmath.seal`). The file holds the cards: not for the players' eyes.

    >>> text = save_duel(Game(deck=(0, 1, 2)).new_game(seed=1).call(1))
    >>> json.loads(text)["actions"], json.loads(text)["deals"]
    ([['call', 0, 1]], [{'cards': [2, 0]}])
    >>> load_duel(text) == Game(deck=(0, 1, 2)).new_game(seed=1).call(1)
    True
    """
    if not isinstance(state, State):
        raise InvalidInputError(f"save_duel saves a Duel State, got {type(state).__name__}")
    return json.dumps(seal.seal(_save_data(state)))


def _save_data(state: State) -> dict[str, Any]:
    game = state.game
    dealt = len(state.deals) + (state.cards is not None)
    return {
        "format": FORMAT, "version": VERSION,
        "game": {"deck": list(game.deck), "deals": game.deals},
        "seed": state.seed, "opener": state.opener,
        "actions": [["doubt", seat] if isinstance(a, Doubt) else ["call", seat, a.total]
                    for seat, a in state.events],
        "deals": [{"cards": list(deal_cards(game.deck, state.seed, n))} for n in range(dealt)],
        "to_act": state.to_act,
    }


@dataclass(frozen=True)
class SaveRecord:
    """What a save says, read strictly but not yet replayed."""

    game: Game
    seed: int
    opener: int
    events: tuple[tuple[int, Action], ...]
    deals: tuple[tuple[int, int], ...]
    to_act: int | None
    check: str


_WHAT = "this saved Duel"
_KEYS = ["format", "version", "game", "seed", "opener", "actions", "deals", "to_act", "check"]


def read_save(text: object) -> SaveRecord:
    """The save's fields, read strictly (:class:`~bluffmath.schema.Node`: unknown keys,
    ``true`` or ``1.0`` for a number are refused, naming the place); SaveFileError."""
    root = Node.of(text, _WHAT, SaveFileError)
    data = root.value
    if type(data) is not dict or data.get("format") not in (FORMAT, FORMERLY):
        raise SaveFileError(f"this is not a saved Hochstapler Duel (its format is not {FORMAT!r})")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise SaveFileError(f"this file is version {describe(data.get('version'))} of the Duel's save "
                            f"format; this bluffmath reads version {VERSION}")
    fields = root.fields(_KEYS)
    settings = fields["game"].fields(["deck", "deals"])
    deck_node = settings["deck"]
    try:
        game = Game(tuple(n.integer(0, MAX_DUEL_CALL) for n in deck_node.items(1000)),
                    settings["deals"].integer(1, MAX_DEALS))
    except InvalidInputError as error:
        deck_node.refuse(str(error))
    events = tuple(_event(n) for n in fields["actions"].items(MAX_ACTIONS))
    deals = tuple(_cards(n.fields(["cards"])["cards"], game) for n in fields["deals"].items(MAX_DEALS))
    return SaveRecord(game, fields["seed"].integer(0, MAX_SEED), fields["opener"].integer(0, 1), events,
                      deals, fields["to_act"].optional(lambda n: n.integer(0, 1)),
                      fields["check"].text(allowed="64 hex digits, as save_duel writes them"))


def _event(node: Node) -> tuple[int, Action]:
    items = node.items(3)
    if not items:
        node.fail('["call", seat, total] or ["doubt", seat]')
    kind = items[0].text(choices=["call", "doubt"])
    if len(items) != (3 if kind == "call" else 2):
        node.fail('["call", seat, total]' if kind == "call" else '["doubt", seat]')
    seat = items[1].integer(0, 1)
    return (seat, Call(items[2].integer(1, MAX_DUEL_CALL)) if kind == "call" else DOUBT)


def _cards(node: Node, game: Game) -> tuple[int, int]:
    first, second = (n.integer(0, game.deck[-1]) for n in node.items(2, 2))
    return first, second


def replay_save(record: SaveRecord) -> State:
    """The state the record's moves reach from its seed's deal; SaveFileError naming the
    first move or deal that disagrees with the replay, or a check that does not match."""
    if not isinstance(record, SaveRecord):
        raise InvalidInputError(f"replay_save replays a SaveRecord (read_save gives one), got {type(record).__name__}")
    state = record.game.new_game(record.seed, record.opener)
    for number, (seat, action) in enumerate(record.events, 1):
        try:
            state = state.play(seat, action)
        except IllegalActionError as error:
            _fail(f"action {number} (seat {seat}: {action}) cannot happen: {error}")
    dealt = len(state.deals) + (state.cards is not None)
    if len(record.deals) != dealt:
        _fail(f"the save holds {len(record.deals)} deals, but the actions reach {dealt}")
    for n, cards in enumerate(record.deals):
        real = deal_cards(record.game.deck, record.seed, n)
        if cards != real:
            _fail(f"deal {n + 1} is not the one seed {record.seed} deals: the cards are "
                  f"{cards[0]},{cards[1]}, but the seed deals {real[0]},{real[1]}")
    if record.to_act != state.to_act:
        _fail(f"to_act is {describe(record.to_act)}, but after the actions it is "
              f"{'nobody' if state.to_act is None else f'seat {state.to_act}'}'s turn")
    if record.check != seal.digest(_save_data(state)):
        _fail("the check does not match: the save was edited after it was written (a move or "
              "the length that the rules allow, but is not what was played)")
    return state


def _fail(problem: str) -> NoReturn:
    raise SaveFileError(f"{_WHAT}: {problem}")


def load_duel(text: str | bytes) -> State:
    """The match saved in ``text``, replayed and checked (SaveFileError if it is not a
    Duel save, is damaged, or disagrees with its own replay).

    >>> data = json.loads(save_duel(Game(deck=(0, 1, 2, 3, 4)).new_game(seed=1).call(1).call(2)))
    >>> data["actions"][1][2] = 4
    >>> load_duel(json.dumps(data))
    Traceback (most recent call last):
    ...
    bluffmath.errors.SaveFileError: this saved Duel: the check does not match: the save was edited
    after it was written (a move or the length that the rules allow, but is not what was played)
    """
    return replay_save(read_save(text))
