"""Hoax at the class table: moves as JSON, bots for empty seats, the notes kept beside the
log. The pages are drawn in :mod:`bluffmath_class.games.hoax_page`, the teacher's picture
in :mod:`bluffmath_class.games.hoax_picture`.

The variants are the core's editions: ``original`` (3 to 6 players, accusations at a
chance to doubt) and ``german`` (Die Erben von Hoax: 4 to 8 players, Merchants, a covered
role each, accusations on one's turn, the showdown). A move crosses the wire as an object
whose ``kind`` is the core's move word and whose other keys are exactly that move's
fields: ``{"kind": "take", "token": 0}``, ``{"kind": "act", "role": "King", "does": "tax",
"token": null, "target": null, "count": 0, "get": null, "vault": false}`` (an Act's own
``kind`` travels as ``does``), ``{"kind": "hoax"}``, ``{"kind": "vote", "yes": true}``,
``{"kind": "accuse", "target": 2, "role": "Thief"}``, ``{"kind": "fine", "tokens": [0, 2]}``,
``{"kind": "pay", "token": null}``, ... (see :data:`SHAPES`); the engine decides whether it
is legal.

The engine deals by ``seed`` and always starts with seat 0 (``new_game`` takes no first
player), so ``opener`` changes nothing. Each seat's doubts, votes and accusations are
valued by the core's review, :mod:`bluffmath.review.hoax` (:meth:`Hoax.decisions`), under
the notes' bluffing model; the end page shows the seat its own.

The odds settings, read for Hoax: ``always`` shows the student's exact sheet (every other
player's posterior over the roles, from the student's own card, looks and the public
facts) beside the table, and beside each of the student's own challenges and accusations
the chance it faced; ``after-doubt`` shows no sheet while playing, only, once each of the
student's challenges ("Hoax!", when its vote is counted) or accusations is resolved, the
exact posterior the student faced at that moment; ``never`` shows neither (the end page
shows the sheet and those chances in every setting). A student's chance is never shown to
another student: it counts the student's own card.

>>> from bluffmath.schema import Node
>>> from bluffmath_class.errors import MessageError
>>> rules = RULES
>>> def read(text):
...     return rules.read_move(Node.of(text, "a move", MessageError))
>>> read('{"kind": "accuse", "target": 2, "role": "Thief"}')
Accuse(target=2, role='Thief')
>>> rules.move_json(read('{"kind": "fine", "tokens": [0, 2]}'))
{'kind': 'fine', 'tokens': [0, 2]}
>>> read('{"kind": "vote", "yes": 1}')
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: yes must be true or false; found 1
>>> read('{"kind": "take", "role": "King"}')
Traceback (most recent call last):
...
bluffmath_class.errors.MessageError: a move: "take" takes the keys kind, token; found kind, role
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import fields
from types import MappingProxyType
from typing import Any

from bluffmath import hoax as hx
from bluffmath.hoax.actions import ACTION_TYPES, KINDS, Action
from bluffmath.hoax.players import BlufferBot, DeducerBot, HonestBot
from bluffmath.hoax.roles import ALL_ROLES, EDITIONS, MAX_PLAYERS
from bluffmath.hoax.tokens import START
from bluffmath.i18n import N_
from bluffmath.review import Decision
from bluffmath.review.hoax import review_seats
from bluffmath.schema import Node

from . import hoax_page as page
from . import hoax_picture as picture
from .base import Record, Seating, odds_modes
from .hoax_notes import MODEL, ChallengeNote, challenge_note, replay_notes

_WORDS = {kind: "".join("-" + c.lower() if c.isupper() else c for c in kind.__name__).lstrip("-")
          for kind in ACTION_TYPES}
_TYPES = {word: kind for kind, word in _WORDS.items()}
#: Each move's keys besides ``kind`` (an Act's own kind is ``does``).
SHAPES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    word: tuple("does" if f.name == "kind" else f.name for f in fields(kind)) for word, kind in _TYPES.items()})
_BOTS = {"honest": HonestBot, "bluffer": BlufferBot, "deducer": DeducerBot, "random": hx.RandomBot}
_SEED = 2**62


def _field(node: Node, name: str) -> Any:
    if name == "role":
        return node.text(list(ALL_ROLES))
    if name == "does":
        return node.text(list(KINDS))
    if name in ("token", "get"):
        return node.optional(lambda n: n.integer(0, 2))
    if name in ("target", "judge", "vicar"):
        return node.optional(lambda n: n.integer(0, MAX_PLAYERS - 1))
    if name == "count":
        return node.integer(0, START)
    if name == "tokens":
        found = node.items(limit=2)
        if not found:
            node.fail("a list of 1 or 2 tokens (0 gold, 1 grain, 2 wine)")
        return tuple(n.integer(0, 2) for n in found)
    return node.boolean()  # vault, yes


class Hoax:
    """Hoax's :class:`~bluffmath_class.games.base.Rules`."""

    name = "hoax"
    title = "Hoax"
    bots: Mapping[str, str] = MappingProxyType({
        "deducer": N_("deducer bots (claim honestly, doubt and accuse by their exact sheet)"),
        "honest": N_("honest bots (they never lie)"),
        "bluffer": N_("bluffer bots (they claim roles they do not hold)"),
        "random": N_("random bots (a baseline)")})
    variants: Mapping[str, str] = MappingProxyType({
        "original": N_("the original edition (3-6 players)"),
        "german": N_("Die Erben von Hoax, the German edition (4-8 players, Merchants, a showdown)")})
    score_word = N_("wins")
    unit = N_("wins")
    odds_modes: Mapping[str, str] = odds_modes(
        N_("after each challenge or accusation: the exact chance, from the student's seat, that the role was "
           "really held, once it is settled"))

    def seat_range(self, variant: str) -> range:
        """The edition's player counts."""
        return EDITIONS[variant].players

    def new_state(self, seats: int, variant: str, seed: int, opener: int) -> hx.State:
        """A new game dealt by ``seed``; seat 0 always starts (``opener`` changes nothing)."""
        return hx.Game(variant, players=seats, seed=seed).new_game()

    def read_move(self, node: Node) -> Action:
        """A move as a page sends it (see the module docstring)."""
        given = node.fields(["kind"], sorted({k for keys in SHAPES.values() for k in keys}))
        kind = given["kind"].text(choices=SHAPES)
        keys = ("kind", *SHAPES[kind])
        if set(given) != set(keys):
            node.error_at(f'"{kind}" takes the keys {", ".join(keys)}; found {", ".join(given)}')
        values = {("kind" if k == "does" else k): _field(given[k], k) for k in SHAPES[kind]}
        return _TYPES[kind](**values)

    def move_json(self, action: Action) -> dict[str, Any]:
        """The move as :meth:`read_move` reads it."""
        out: dict[str, Any] = {"kind": _WORDS[type(action)]}
        for f in fields(action):
            value = getattr(action, f.name)
            out["does" if f.name == "kind" else f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def apply(self, state: hx.State, action: Action) -> hx.State:
        """The engine's ``apply``."""
        return state.apply(action)

    def to_act(self, state: hx.State) -> int | None:
        """The seat to act, None at the end."""
        return state.to_act

    def bot_move(self, state: hx.State, bot: str, rng: random.Random) -> Action:
        """The move of a fresh bot ``bot`` (a key of :attr:`bots`) seeded from ``rng``; a bot
        reads only the view of the seat to act."""
        return _BOTS[bot](seed=rng.randrange(_SEED)).act(state)

    def scores(self, state: hx.State) -> Sequence[int]:
        """1 for the winner, 0 for everyone else (a draw: 0 for all)."""
        return [int(s == state.winner) for s in range(state.players)]

    def winners(self, state: hx.State) -> tuple[int, ...]:
        """The winner, once there is one."""
        return () if state.winner is None else (state.winner,)

    def save(self, state: hx.State) -> str:
        """The core's save (``bluffmath-hoax-game``), which replays."""
        return state.to_json()

    def note(self, before: hx.State, action: Action, after: hx.State) -> ChallengeNote | None:
        """A counted challenge's or an accusation's note: the accuser's exact posterior."""
        return challenge_note(before, action, after)

    def decisions(self, state: hx.State) -> list[Decision]:
        """Every seat's doubts, votes and accusations, valued by the core's review (the
        notes' bluffing model)."""
        every = [d for review in review_seats(state, MODEL) for d in review.decisions]  # one replay for all
        return sorted(every, key=lambda d: d.number)

    def seat_page(self, state: hx.State, seat: int, seating: Seating, odds: str,
                  notes: Sequence[ChallengeNote], live: bool = True) -> dict[str, str]:
        """The regions of ``seat``'s page, from ``state.view(seat)``, the legal moves on its
        turn and its own notes."""
        legal = state.legal_actions() if live and state.to_act == seat else []
        return page.seat_page(state.view(seat), legal, seating, odds, notes)

    def end_page(self, state: hx.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
        """The result, every card, the seat's review (``own``: its student's own moves), its
        exact sheet at the end and its own challenges and accusations (their notes made
        again from the moves)."""
        return page.end_page(state, seat, seating, replay_notes(state), own)

    def table_page(self, state: hx.State, seating: Seating, notes: Sequence[ChallengeNote],
                   over: bool = False) -> str:
        """Public facts of the table for the teacher's screen (``over``: nobody to move)."""
        return page.table_page(state, seating, over)

    def picture(self, records: Sequence[Record]) -> str:
        """Claims, lies caught and missed, and each challenge's and accusation's exact chance."""
        return picture.picture(records)


#: Hoax at the class table (the registry, :data:`bluffmath_class.games.GAMES`, finds it).
RULES = Hoax()
