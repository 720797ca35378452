"""Münchhausen at the class table: moves as JSON, bots for empty seats, the notes kept
beside the log. The pages are drawn in :mod:`bluffmath_class.games.muenchhausen_page`,
the teacher's picture in :mod:`bluffmath_class.games.muenchhausen_picture`.

A move crosses the wire as ``{"kind": "name", "value": 5}``, ``{"kind": "offer", "value":
6}``, ``{"kind": "pass"}``, ``{"kind": "choose", "seat": 2}``, ``{"kind": "lay", "card":
7}``, ``{"kind": "believe"}``, ``{"kind": "doubt"}`` or ``{"kind": "reward", "card": 8}``
(``"card": null`` lays nothing); the engine decides whether it is legal.

The rules have no shuffle: every hand starts a round as every value, and seat 0 starts the
first round (the engine's ``new_game`` takes neither a seed nor a first player), so
:meth:`Muenchhausen.new_state` uses neither. The numbers (the students' odds, the notes,
the picture, the reviews) are exact under one stated card model, ``uniform`` unless told.

>>> from bluffmath.schema import Node
>>> from bluffmath_class.errors import MessageError
>>> rules = RULES
>>> state = rules.new_state(3, "one-round", seed=4, opener=0)
>>> def read(text):
...     return rules.read_move(Node.of(text, "a move", MessageError))
>>> for text in ['{"kind": "name", "value": 4}', '{"kind": "offer", "value": 5}', '{"kind": "offer", "value": 6}',
...              '{"kind": "pass"}', '{"kind": "pass"}', '{"kind": "lay", "card": 7}']:
...     state = rules.apply(state, read(text))
>>> before, state = state, rules.apply(state, read('{"kind": "doubt"}'))
>>> note = rules.note(before, read('{"kind": "doubt"}'), state)
>>> note.decider, note.chance, note.lie          # seat 2's card: any of 8 alike, 3 of them at least 6
(0, Fraction(3, 8), False)
>>> rules.move_json(read('{"kind": "reward", "card": null}'))
{'kind': 'reward', 'card': None}
>>> read('{"kind": "offer", "value": true}')
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: value must be a whole number from 1 to 8; found true
>>> read('{"kind": "lay", "value": 7}')
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: "lay" takes the keys kind, card; found kind, value
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bluffmath import muenchhausen as mh
from bluffmath.i18n import N_
from bluffmath.muenchhausen.game import (
    Action,
    Believe,
    Choose,
    Doubt,
    Lay,
    Name,
    Offer,
    Pass,
    Reward,
)
from bluffmath.muenchhausen.rules import MAX_PLAYERS, MIN_PLAYERS
from bluffmath.review import Decision
from bluffmath.review.muenchhausen import UNIT, review_state
from bluffmath.schema import Node

from . import muenchhausen_page as page
from . import muenchhausen_picture as picture
from .base import Record, Seating, odds_modes
from .muenchhausen_notes import DecisionNote, decision_note, seat_view

#: The variants: how many rounds a game has (each round's first start player is the next
#: seat to the left).
ROUNDS: Mapping[str, int | None] = MappingProxyType({"one-round": 1, "three-rounds": 3, "round-each": None})

_SHAPES = {"name": ("value",), "offer": ("value",), "pass": (), "choose": ("seat",), "lay": ("card",),
           "believe": (), "doubt": (), "reward": ("card",)}
_MOVES = {"name": Name, "offer": Offer, "choose": Choose, "lay": Lay, "reward": Reward}
_PLAIN = {"pass": Pass(), "believe": Believe(), "doubt": Doubt()}
_BOTS = MappingProxyType({"odds": mh.OddsBot(), "honest": mh.HonestBot()})
_KIND = {Name: "name", Offer: "offer", Pass: "pass", Choose: "choose", Lay: "lay", Believe: "believe",
         Doubt: "doubt", Reward: "reward"}


class Muenchhausen:
    """Münchhausen's :class:`~bluffmath_class.games.base.Rules`, its numbers under the card
    ``model`` (:data:`RULES` uses ``uniform``: any card of a hand alike, which no game
    contradicts)."""

    name = "muenchhausen"
    title = "Münchhausen"
    bots: Mapping[str, str] = MappingProxyType({
        "odds": N_("odds bots (believe, doubt and offer by the exact expected points)"),
        "honest": N_("honest bots (they never lie)"),
        "random": N_("random bots (a baseline)")})
    variants: Mapping[str, str] = MappingProxyType({
        "one-round": N_("one round"),
        "three-rounds": N_("three rounds"),
        "round-each": N_("a round for each player (each starts one)")})
    score_word = "points"
    unit = UNIT
    odds_modes: Mapping[str, str] = odds_modes(N_(
        "after each doubt: the exact chance the card was honest, from the doubter's seat, once it is "
        "turned over"))

    def __init__(self, model: mh.CardModel = mh.UNIFORM) -> None:
        self.model = model

    def seat_range(self, variant: str) -> range:
        """2 to 8 players (two: the offered card lies face up), in every variant."""
        return range(MIN_PLAYERS, MAX_PLAYERS + 1)

    def new_state(self, seats: int, variant: str, seed: int, opener: int) -> mh.State:
        """A new game of ``seats`` players; ``variant`` one of :attr:`variants`. Every hand
        is every value and seat 0 starts: ``seed`` and ``opener`` change nothing."""
        return mh.Game(players=seats, rounds=ROUNDS[variant] or seats).new_game()

    def read_move(self, node: Node) -> Action:
        """A move as a page sends it (see the module docstring)."""
        given = node.fields(["kind"], ["value", "seat", "card"])
        kind = given["kind"].text(choices=_SHAPES)
        keys = ("kind", *_SHAPES[kind])
        if set(given) != set(keys):
            node.error_at(f'"{kind}" takes the keys {", ".join(keys)}; found {", ".join(given)}')
        if kind in _PLAIN:
            return _PLAIN[kind]
        if kind == "choose":
            return Choose(given["seat"].integer(0, MAX_PLAYERS - 1))
        if kind == "reward":
            return Reward(given["card"].optional(lambda n: n.integer(1, 8)))
        return _MOVES[kind](given[_SHAPES[kind][0]].integer(1, 8))

    def move_json(self, action: Action) -> dict[str, Any]:
        """The move as :meth:`read_move` reads it."""
        kind = _KIND[type(action)]
        return {"kind": kind, **{key: getattr(action, key) for key in _SHAPES[kind]}}

    def apply(self, state: mh.State, action: Action) -> mh.State:
        """The engine's ``apply``."""
        return state.apply(action)

    def to_act(self, state: mh.State) -> int | None:
        """The seat to act, None at the end."""
        return state.to_act

    def bot_move(self, state: mh.State, bot: str, rng: random.Random) -> Action:
        """The move of the bot ``bot`` (a key of :attr:`bots`) for the seat to act; the
        random bot draws from ``rng``."""
        if bot == "random":
            return mh.RandomBot(seed=rng.getrandbits(63)).act(state)
        return _BOTS[bot].act(state)

    def scores(self, state: mh.State) -> Sequence[int]:
        """Points of the rounds played: own pile minus hand (most wins)."""
        return state.scores

    def winners(self, state: mh.State) -> tuple[int, ...]:
        """The seats with the most points."""
        best = max(state.scores)
        return tuple(s for s, points in enumerate(state.scores) if points == best)

    def save(self, state: mh.State) -> str:
        """The core's save (``bluffmath-muenchhausen``), which replays."""
        return mh.save_game(state)

    def note(self, before: mh.State, action: Action, after: mh.State) -> DecisionNote | None:
        """A believe's or a doubt's note: the decider's exact chance that the card was honest."""
        return decision_note(before, action, after, self.model)

    def decisions(self, state: mh.State) -> list[Decision]:
        """Every seat's decisions, valued by the core's review under :attr:`model` (in a
        round that contradicts the model, those after the card that shows it are left out;
        every seat has a decision before it, so the review never refuses a game)."""
        every = [d for seat in range(state.players) for d in review_state(state, seat, self.model).decisions]
        return sorted(every, key=lambda d: d.number)

    def seat_page(self, state: mh.State, seat: int, seating: Seating, odds: str,
                  notes: Sequence[DecisionNote], live: bool = True) -> dict[str, str]:
        """The regions of ``seat``'s page, from ``state.view(seat)``, the public facts of the
        turn and the notes."""
        legal = state.legal_actions() if live and state.to_act == seat else []
        return page.seat_page(seat_view(state, seat), legal, seating, odds, notes, self.model)

    def end_page(self, state: mh.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
        """The result and the seat's own review (``own``: its student's own moves)."""
        return page.end_page(state, seat, seating, self.model, own)

    def table_page(self, state: mh.State, seating: Seating, notes: Sequence[DecisionNote],
                   over: bool = False) -> str:
        """Public facts of the table for the teacher's screen (``over``: nobody to play)."""
        return picture.table_page(state, seating, notes, over)

    def picture(self, records: Sequence[Record]) -> str:
        """Every believe and doubt of the class beside its exact chance of an honest card."""
        return picture.picture(records, self.model)


#: Münchhausen at the class table (the registry, :data:`bluffmath_class.games.GAMES`, finds it).
RULES = Muenchhausen()
