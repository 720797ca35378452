"""The Hochstapler Duel at the class table: two seats, one colour, against each other or
against the equilibrium bot (lesson 8, "Why bluff?"). The engine is
:mod:`bluffmath.duel`; the pages are drawn in
:mod:`bluffmath_class.games.duel_page`, the teacher's picture in
:mod:`bluffmath_class.games.duel_picture`.

A variant is a deck (the decks of the strategy explorer, whose equilibria ship with
bluffmath) and a length: one deal, or a match of 10 deals in which the seats open in turn
(each opens 5). A move crosses the wire as ``{"kind": "call", "total": 5}`` or
``{"kind": "doubt"}``; the engine decides whether it is legal.

>>> from bluffmath.schema import Node
>>> from bluffmath_class.errors import MessageError
>>> def move(text):
...     return RULES.read_move(Node.of(text, "a move", MessageError))
>>> state = RULES.new_state(2, "0-4-10", seed=22, opener=0)
>>> state = RULES.apply(state, move('{"kind": "call", "total": 5}'))
>>> RULES.to_act(state), RULES.move_json(move('{"kind": "doubt"}'))
(1, {'kind': 'doubt'})
>>> state = RULES.apply(state, move('{"kind": "doubt"}'))    # 4 + 3 reach 5
>>> RULES.scores(state), RULES.to_act(state)                 # deal 2: seat 1 opens
((1, -1), 1)
>>> move('{"kind": "call", "total": true}')
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: total must be a whole number from 1 to 13; found true
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bluffmath import duel as dp
from bluffmath.equilibrium.explore import DUELS
from bluffmath.i18n import N_
from bluffmath.limits import MAX_DUEL_CALL
from bluffmath.review import Decision
from bluffmath.schema import Node

from . import duel_page as page
from . import duel_picture as picture
from .base import Record, Seating, odds_modes

#: The decks a table may play, by key: the explorer's Duels (their equilibria ship).
DECKS: Mapping[str, tuple[int, ...]] = MappingProxyType({
    "0-4": DUELS["0,1,2,3,4"], "colour": DUELS["the real colour"], "0-3": DUELS["0,1,2,3"],
    "0-2": DUELS["0,1,2"]})
#: The lengths of a match: one deal, or 10 deals with the seats opening in turn.
LENGTHS = (10, 1)
#: Each variant in words, by key (a page shows ``_(words)``), in :data:`VARIANTS`' order.
_VARIANT_WORDS = {
    "0-4-10": N_("the deck 0,1,2,3,4 (lesson 8): 10 deals, the seats opening in turn"),
    "0-4-1": N_("the deck 0,1,2,3,4 (lesson 8): one deal"),
    "colour-10": N_("the real colour (15 cards, 0 to 7): 10 deals, the seats opening in turn"),
    "colour-1": N_("the real colour (15 cards, 0 to 7): one deal"),
    "0-3-10": N_("the deck 0,1,2,3: 10 deals, the seats opening in turn"),
    "0-3-1": N_("the deck 0,1,2,3: one deal"),
    "0-2-10": N_("the deck 0,1,2: 10 deals, the seats opening in turn"),
    "0-2-1": N_("the deck 0,1,2: one deal")}


#: Each variant's deck and number of deals, by key (the first is the default).
VARIANTS: Mapping[str, dp.Game] = MappingProxyType({
    f"{deck}-{deals}": dp.Game(DECKS[deck], deals) for deck in DECKS for deals in LENGTHS})
_BOTS = {"equilibrium": dp.equilibrium_bot, "reader": dp.reading_bot, "random": dp.random_bot}
_SHAPES = {"call": ["kind", "total"], "doubt": ["kind"]}


class Duel:
    """The Duel's :class:`~bluffmath_class.games.base.Rules`."""

    name = "duel"
    #: The game's name (a page shows ``_(title)``: German "Hochstapler-Duell").
    title = N_("Hochstapler Duel")
    bots: Mapping[str, str] = MappingProxyType({
        "equilibrium": N_("the equilibrium bot (its exact mixed strategy: it cannot be exploited)"),
        "reader": N_("a bot that reads you (the exact best reply to your moves so far)"),
        "random": N_("a random bot (a baseline: doubts a third of the time, calls up to 4 higher)")})
    #: The variants in words, by key: the keys of :data:`VARIANTS`, in its order.
    variants: Mapping[str, str] = MappingProxyType({key: _VARIANT_WORDS[key] for key in VARIANTS})
    score_word = N_("points")
    unit = dp.UNIT
    odds_modes: Mapping[str, str] = odds_modes(
        N_("after each deal: every move's exact chance from its player's card, and the equilibrium's play "
           "there, once the cards are shown"))

    def seat_range(self, variant: str) -> range:
        """Two players, in every variant."""
        return range(2, 3)

    def new_state(self, seats: int, variant: str, seed: int, opener: int) -> dp.State:
        """A new match of the variant (a key of :attr:`variants`); ``opener`` opens deal 1."""
        return VARIANTS[variant].new_game(seed, opener)

    def read_move(self, node: Node) -> dp.Action:
        """A move as a page sends it (see the module docstring)."""
        kind = node.fields(["kind"], ["total"])["kind"].text(choices=_SHAPES)
        fields = node.fields(_SHAPES[kind])
        return dp.DOUBT if kind == "doubt" else dp.Call(fields["total"].integer(1, MAX_DUEL_CALL))

    def move_json(self, action: dp.Action) -> dict[str, Any]:
        """The move as :meth:`read_move` reads it."""
        return {"kind": "doubt"} if isinstance(action, dp.Doubt) else {"kind": "call", "total": action.total}

    def apply(self, state: dp.State, action: dp.Action) -> dp.State:
        """The engine's ``apply``."""
        return state.apply(action)

    def to_act(self, state: dp.State) -> int | None:
        """The seat to act, None at the end."""
        return state.to_act

    def bot_move(self, state: dp.State, bot: str, rng: random.Random) -> dp.Action:
        """The move of the bot ``bot`` (a key of :attr:`bots`), from its seat's view."""
        return _BOTS[bot](state.game).choose(state.view(state.to_act), rng)

    def scores(self, state: dp.State) -> Sequence[int]:
        """Points: +1 a deal won, -1 a deal lost."""
        return state.scores

    def winners(self, state: dp.State) -> tuple[int, ...]:
        """The seats with the most points (both when level)."""
        best = max(state.scores)
        return tuple(s for s, points in enumerate(state.scores) if points == best)

    def save(self, state: dp.State) -> str:
        """The core's save (``bluffmath-hochstapler-duel``), which replays."""
        return dp.save_duel(state)

    def note(self, before: dp.State, action: dp.Action, after: dp.State) -> None:
        """Nothing is kept beside the log: every number a page shows comes from the state
        (a finished deal shows both cards)."""
        return None

    def decisions(self, state: dp.State) -> list[Decision]:
        """Both seats' moves, each valued against the equilibrium bot (the core's review)."""
        every = [*dp.review(state, 0).decisions, *dp.review(state, 1).decisions]
        return sorted(every, key=lambda d: d.number)

    def seat_page(self, state: dp.State, seat: int, seating: Seating, odds: str,
                  notes: Sequence[Any], live: bool = True) -> dict[str, str]:
        """The regions of ``seat``'s page, from ``state.view(seat)`` alone."""
        regions = page.seat_page(state.view(seat), seating, odds)
        return regions if live else {**regions, "moves": ""}

    def end_page(self, state: dp.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
        """The result and the seat's own review (``own``: its student's own moves)."""
        return page.end_page(state, seat, seating, own)

    def table_page(self, state: dp.State, seating: Seating, notes: Sequence[Any], over: bool = False) -> str:
        """Public facts of the table for the teacher's screen (``over``: nobody to play)."""
        return page.table_page(state, seating, over)

    def picture(self, records: Sequence[Record]) -> str:
        """The class's calls and doubts beside the equilibrium's, and what the class's
        average strategy loses to a best reply."""
        return picture.picture(records)


#: The Duel at the class table (the registry, :data:`bluffmath_class.games.GAMES`, finds it).
RULES = Duel()
