"""Gauner raus! at the class table: moves as JSON, bots for empty seats, the notes kept
beside the log. The pages are drawn in :mod:`bluffmath_class.games.gauner_page`, the
teacher's picture in :mod:`bluffmath_class.games.gauner_picture`.

A move crosses the wire as ``{"kind": "guess", "seat": 2, "cell": "red-A"}`` (ask seat 2
for the red A) or ``{"kind": "stop"}`` (end the turn after a hit); the engine decides
whether it is legal. The variants are the rules as printed (``plain``) and the brave
investigators' (``brave``: a turn that ends with a miss loses its points).

The engine deals by ``seed`` and seat 0 always takes the first turn (``new_game`` takes no
first player), so ``opener`` changes nothing.

>>> from bluffmath.schema import Node
>>> from bluffmath_class.errors import MessageError
>>> rules = RULES
>>> def read(text):
...     return rules.read_move(Node.of(text, "a move", MessageError))
>>> read('{"kind": "guess", "seat": 1, "cell": "yellow-B"}')
Ask(seat=1, cell=7)
>>> rules.move_json(read('{"kind": "guess", "seat": 1, "cell": "yellow-B"}'))
{'kind': 'guess', 'seat': 1, 'cell': 'yellow-B'}
>>> read('{"kind": "guess", "seat": 1, "cell": "pink-A"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: cell: "pink-A" is not allowed...; allowed: a cell such as "red-A": ...
>>> read('{"kind": "stop", "seat": 1}')
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: "stop" takes the keys kind; found kind, seat
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bluffmath import gauner
from bluffmath.gauner import GRID, Ask, Stop
from bluffmath.i18n import N_
from bluffmath.review import Decision
from bluffmath.review.gauner import UNIT, review_state
from bluffmath.schema import Node

from . import gauner_page as page
from . import gauner_picture as picture
from .base import Record, Seating, odds_modes
from .gauner_notes import MoveNote, move_note, seat_view, solution

_SHAPES = {"guess": ("seat", "cell"), "stop": ()}
_CELLS = [GRID.name(c) for c in GRID.cells]
_CELL_WORDS = (f'a cell such as "red-A": a colour ({", ".join(GRID.colours)}), a hyphen and a letter '
               f"({GRID.letters[0]} to {GRID.letters[-1]})")
_SEED = 2**63


class Gauner:
    """Gauner raus!'s :class:`~bluffmath_class.games.base.Rules`."""

    name = "gauner"
    title = "Gauner raus!"
    bots: Mapping[str, str] = MappingProxyType({
        "solver": N_("solver bots (they ask for the card most likely to hit, by the exact chances)"),
        "random": N_("random bots (a baseline: any card no table rules out)")})
    variants: Mapping[str, str] = MappingProxyType({
        "plain": N_("the rules as printed"),
        "brave": N_("brave investigators: a turn that ends with a miss loses its points")})
    score_word = "points"
    unit = UNIT
    odds_modes: Mapping[str, str] = odds_modes(
        N_("after each guess: the guesser's exact chance of a hit, in the log once it is answered"))
    #: A seat's odds are a joint solve of every table: its page is sent at once without
    #: them, and again with them once counted (:func:`~bluffmath_class.games.base.odds_follow`).
    odds_follow = True

    def seat_range(self, variant: str) -> range:
        """2 to 4 players, in both variants."""
        return range(2, 5)

    def new_state(self, seats: int, variant: str, seed: int, opener: int) -> gauner.State:
        """A new game dealt by ``seed``; seat 0 always starts (``opener`` changes nothing)."""
        return gauner.Game(players=seats, brave=variant == "brave").new_game(seed)

    def read_move(self, node: Node) -> gauner.Action:
        """A move as a page sends it (see the module docstring)."""
        given = node.fields(["kind"], ["seat", "cell"])
        kind = given["kind"].text(choices=_SHAPES)
        keys = ("kind", *_SHAPES[kind])
        if set(given) != set(keys):
            node.error_at(f'"{kind}" takes the keys {", ".join(keys)}; found {", ".join(given)}')
        if kind == "stop":
            return Stop()
        return Ask(given["seat"].integer(0, 3), GRID.index(given["cell"].text(_CELLS, _CELL_WORDS)))

    def move_json(self, action: gauner.Action) -> dict[str, Any]:
        """The move as :meth:`read_move` reads it."""
        if isinstance(action, Stop):
            return {"kind": "stop"}
        return {"kind": "guess", "seat": action.seat, "cell": GRID.name(action.cell)}

    def apply(self, state: gauner.State, action: gauner.Action) -> gauner.State:
        """The engine's ``apply``."""
        return state.apply(action)

    def to_act(self, state: gauner.State) -> int | None:
        """The seat to act, None at the end."""
        return None if state.is_terminal else state.current

    def bot_move(self, state: gauner.State, bot: str, rng: random.Random) -> gauner.Action:
        """The move of the core's bot ``bot`` (a key of :attr:`bots`) for the seat to act; a
        bot reads only that seat's view. The random bot is seeded from ``rng``."""
        if bot == "random":
            return gauner.RandomBot(seed=rng.randrange(_SEED)).act(state)
        return gauner.SolverBot().act(state)

    def scores(self, state: gauner.State) -> Sequence[int]:
        """Points: the cards each seat found (most wins)."""
        return state.scores

    def winners(self, state: gauner.State) -> tuple[int, ...]:
        """The seats with the most points (so far, for a game the teacher ended)."""
        best = max(state.scores)
        return tuple(s for s, points in enumerate(state.scores) if points == best)

    def save(self, state: gauner.State) -> str:
        """The core's save (``bluffmath-gauner-raus``), which replays."""
        return gauner.save_game(state)

    def note(self, before: gauner.State, action: gauner.Action, after: gauner.State) -> MoveNote:
        """Every move's note: the mover's exact chances at that moment (private to the mover
        until the game is over)."""
        return move_note(before, action, after)

    def decisions(self, state: gauner.State) -> list[Decision]:
        """Every seat's guesses and stops, valued by the core's review (expected points)."""
        every = [d for seat in range(state.players) for d in review_state(state, seat, solution).decisions]
        return sorted(every, key=lambda d: d.number)

    def seat_page(self, state: gauner.State, seat: int, seating: Seating, odds: str,
                  notes: Sequence[MoveNote], live: bool = True) -> dict[str, str]:
        """The regions of ``seat``'s page, from ``state.view(seat)``, the public facts, the
        legal moves on its turn and its own notes."""
        legal = state.legal_actions() if live and self.to_act(state) == seat else []
        return page.seat_page(seat_view(state, seat), legal, seating, odds, notes)

    def end_page(self, state: gauner.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
        """The result, every card, and the seat's own review (``own``: its student's own moves)."""
        return page.end_page(state, seat, seating, own)

    def table_page(self, state: gauner.State, seating: Seating, notes: Sequence[MoveNote],
                   over: bool = False) -> str:
        """Public facts of the table for the teacher's screen (``over``: nobody to play)."""
        return picture.table_page(state, seating, over)

    def picture(self, records: Sequence[Record]) -> str:
        """The class's guesses beside their exact chances, certain cards and how soon they
        were taken."""
        return picture.picture(records)


#: Gauner raus! at the class table (the registry, :data:`bluffmath_class.games.GAMES`, finds it).
RULES = Gauner()
