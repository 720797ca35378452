"""Hochstapler at the class table: moves as JSON, bots for empty seats, the notes kept
beside the log. The pages are drawn in :mod:`bluffmath_class.games.hochstapler_page`.

A move crosses the wire as ``{"kind": "call", "total": 12, "colour": "red"}``,
``{"kind": "exchange", "colour": "red"}`` or ``{"kind": "doubt"}``; the engine decides
whether it is legal.

>>> from bluffmath.schema import Node
>>> from bluffmath_class.errors import MessageError
>>> rules = RULES
>>> state = rules.new_state(3, "one-deal", seed=4, opener=0)
>>> move = rules.read_move(Node.of('{"kind": "call", "total": 6, "colour": "red"}', "a move", MessageError))
>>> state = rules.apply(state, move)
>>> rules.move_json(move), rules.to_act(state)
({'kind': 'call', 'total': 6, 'colour': 'red'}, 1)
>>> before, state = state, rules.apply(state, rules.read_move(Node.of('{"kind": "doubt"}', "a move", MessageError)))
>>> note = rules.note(before, hs.DoubtCall(), state)
>>> note.doubter, note.chance, note.call_was_true     # seat 1 held the red 1: 62 of the 91 pairs reach 5
(1, Fraction(62, 91), False)
>>> rules.read_move(Node.of('{"kind": "call", "total": 6, "color": "red"}', "a move", MessageError))
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: unknown key "color" (did you mean "colour"?); allowed: kind, total, colour
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bluffmath import hochstapler as hs
from bluffmath.hochstapler.game import VARIANT_TARGET
from bluffmath.hochstapler.rules import COLOURS, MAX_PLAYERS, MAX_TOTAL, MIN_PLAYERS
from bluffmath.i18n import N_
from bluffmath.review import Decision
from bluffmath.review.hochstapler import ROUND_UNIT, decide, review_state
from bluffmath.schema import Node

from . import hochstapler_page as page
from . import hochstapler_picture as picture
from .base import Record, Seating, odds_modes
from .hochstapler_notes import CallNote, DoubtNote

_BOTS: Mapping[str, hs.Bot] = MappingProxyType({
    "counting": hs.CardCountingBot(), "reading": hs.BidReadingBot(), "random": hs.RandomBot()})


class Hochstapler:
    """Hochstapler's :class:`~bluffmath_class.games.base.Rules`."""

    name = "hochstapler"
    title = "Hochstapler"
    bots: Mapping[str, str] = MappingProxyType({
        "counting": N_("card-counting bots (they play the exact odds of their own cards)"),
        "reading": N_("bid-reading bots (the odds given the others' calls)"),
        "random": N_("random bots (a baseline)")})
    #: The variants (``to-10``: :data:`~bluffmath.hochstapler.game.VARIANT_TARGET` is 10).
    variants: Mapping[str, str] = MappingProxyType({
        "one-deal": N_("one deal (about 10 minutes)"),
        "to-10": N_("deals until someone has 10 penalty points")})
    score_word = N_("penalty points")
    unit = ROUND_UNIT
    odds_modes: Mapping[str, str] = odds_modes(
        N_("after each doubt: the exact chance the doubter faced, once the cards are shown"))

    def seat_range(self, variant: str) -> range:
        """3 to 7 players, in either variant."""
        return range(MIN_PLAYERS, MAX_PLAYERS + 1)

    def new_state(self, seats: int, variant: str, seed: int, opener: int) -> hs.State:
        """A new game of ``seats`` players; ``variant`` one of :attr:`variants`."""
        target = VARIANT_TARGET if variant == "to-10" else None
        return hs.Game(players=seats, target=target).new_game(seed, opener)

    def read_move(self, node: Node) -> hs.Action:
        """A move as a page sends it (see the module docstring)."""
        kind = node.fields(["kind"], ["total", "colour"])["kind"].text(choices=_SHAPES)
        fields = node.fields(_SHAPES[kind])
        if kind == "doubt":
            return hs.DoubtCall()
        colour = fields["colour"].text(choices=COLOURS)
        if kind == "exchange":
            return hs.ExchangeCard(colour)
        return hs.Raise(fields["total"].integer(0, max(MAX_TOTAL.values())), colour)

    def move_json(self, action: hs.Action) -> dict[str, Any]:
        """The move as :meth:`read_move` reads it."""
        if isinstance(action, hs.Raise):
            return {"kind": "call", "total": action.total, "colour": action.colour}
        if isinstance(action, hs.ExchangeCard):
            return {"kind": "exchange", "colour": action.colour}
        return {"kind": "doubt"}

    def apply(self, state: hs.State, action: hs.Action) -> hs.State:
        """The engine's ``apply``."""
        return state.apply(action)

    def to_act(self, state: hs.State) -> int | None:
        """The seat to act, None at the end."""
        return None if state.is_terminal else state.to_act

    def bot_move(self, state: hs.State, bot: str, rng: random.Random) -> hs.Action:
        """The move of the bot ``bot`` (a key of :attr:`bots`) for the seat to act."""
        return _BOTS[bot].choose(state.view(state.to_act), state.legal_actions(), rng)

    def scores(self, state: hs.State) -> Sequence[int]:
        """Penalty points (fewest wins)."""
        return state.scores

    def winners(self, state: hs.State) -> tuple[int, ...]:
        """The seats with the fewest penalty points."""
        fewest = min(state.scores)
        return tuple(s for s, points in enumerate(state.scores) if points == fewest)

    def save(self, state: hs.State) -> str:
        """The core's save (``bluffmath-hochstapler-game``), which replays."""
        return hs.save_game(state)

    def note(self, before: hs.State, action: hs.Action, after: hs.State) -> CallNote | DoubtNote | None:
        """A call's note (the caller's exact chance) or a doubt's (the doubter's)."""
        seat, position = before.to_act, before.view(before.to_act).position
        if isinstance(action, hs.Raise):
            chance = hs.call_odds(before.players, position.hand[action.colour], action.total,
                                  position.face_up(action.colour))
            return CallNote(len(after.events), before.deal, after.call, chance)
        if not isinstance(action, hs.DoubtCall):
            return None
        reveal = after.reveals[-1]
        chance = hs.call_odds(before.players, position.hand[reveal.call.colour], reveal.call.total,
                              position.face_up(reveal.call.colour))
        return DoubtNote(len(after.events), reveal.deal, reveal.call, seat, chance, reveal.total, reveal.taker)

    def decisions(self, state: hs.State) -> list[Decision]:
        """Every seat's decisions, valued by the core's review (the round model)."""
        every = [d for seat in range(state.players) for d in review_state(state, seat).decisions]
        return sorted(every, key=lambda d: d.number)

    def warm(self, state: hs.State, since: int | None = None) -> int:
        """Count the round tables that the reviews of the moves after the first ``since``
        (None: of the move just made) need; how many moves are counted now. The class
        server does it in a worker as the game goes, so the end pages only look them up
        (at seven players a game's tables take seconds)."""
        events = state.events
        for n in range(len(events) - 1 if since is None else since, len(events)):
            if n >= 0:
                decide(state.game.replay(state.seed, state.opener, events[:n]), events[n], n + 1)
        return len(events)

    def seat_page(self, state: hs.State, seat: int, seating: Seating, odds: str,
                  notes: Sequence[DoubtNote], live: bool = True) -> dict[str, str]:
        """The regions of ``seat``'s page, from ``state.view(seat)`` and the notes."""
        legal = state.legal_actions() if live and state.to_act == seat else []
        return page.seat_page(state.view(seat), state.game, legal, seating, odds, notes)

    def end_page(self, state: hs.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
        """The result and the seat's own review (``own``: its student's own moves)."""
        return page.end_page(state, seat, seating, own)

    def table_page(self, state: hs.State, seating: Seating, notes: Sequence[DoubtNote], over: bool = False) -> str:
        """Public facts of the table for the teacher's screen (``over``: nobody to play)."""
        return page.table_page(state, seating, notes, over)

    def picture(self, records: Sequence[Record]) -> str:
        """Every doubt and every settled call of the class beside its exact chance."""
        return picture.picture(records)


_SHAPES = {"call": ["kind", "total", "colour"], "exchange": ["kind", "colour"], "doubt": ["kind"]}

#: Hochstapler at the class table (the registry, :data:`bluffmath_class.games.GAMES`, finds it).
RULES = Hochstapler()

