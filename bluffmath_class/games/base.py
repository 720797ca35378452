"""What the class server needs of a game: the engine's common shape, in one Protocol.

The server holds tables, seats and connections; a game module turns the engine's states
and actions into what crosses the wire (a move as JSON, a seat's page as HTML) and back.
It decides no rule: every move goes through the engine's ``apply``, every page through the
engine's ``view(seat)``, every number through the core.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from bluffmath.i18n import N_, _
from bluffmath.review import Decision
from bluffmath.schema import Node

from ..markup import esc

#: Whether students see their exact odds while they play, in words that fit every game (the
#: keys are the settings' and the same for every game; each game says them in its own
#: words, :attr:`Rules.odds_modes`, built by :func:`odds_modes`). Marked for the catalogs,
#: translated where they are shown (the teacher's open form), as every game's words are.
ODDS_MODES: Mapping[str, str] = MappingProxyType({
    "always": N_("always: each student sees their exact odds beside the table"),
    "after-doubt": N_("afterwards: the exact chance a student faced, once what was hidden is shown"),
    "never": N_("never: play on judgement, the mathematics comes after the game"),
})


def odds_follow(rules: Rules) -> bool:
    """Whether a seat's page with odds always on is sent first without them, the odds
    following once counted: a game whose odds cost more than a tap may wait (its rules'
    ``odds_follow``; such a game's ``seat_page`` takes ``odds="later"``)."""
    return bool(getattr(rules, "odds_follow", False))


def odds_modes(afterwards: str) -> Mapping[str, str]:
    """A game's words for the odds settings: :data:`ODDS_MODES` with the game's own words
    for ``after-doubt`` (``afterwards``: when the game shows a student the chance they
    faced, and which chance).

    >>> odds_modes("after each guess: the guesser's chance of a hit")["after-doubt"]
    "after each guess: the guesser's chance of a hit"
    >>> list(odds_modes("...")) == list(ODDS_MODES)
    True
    """
    return MappingProxyType({**ODDS_MODES, "after-doubt": afterwards})


#: Whether students' names are shown, everywhere: to the other students, on the teacher's
#: screen and class picture, in the downloads (a student sees "you" and the seat number).
NAME_MODES: Mapping[str, str] = {
    "names": N_("names: each student's name, as typed"),
    "anonymous": N_("anonymous seats: Seat 1, Seat 2, ..."),
}


@dataclass(frozen=True)
class Seating:
    """Who sits where: each seat's name as the page shows it, and which seats are bots."""

    names: tuple[str, ...]
    bots: frozenset[int] = frozenset()

    def name(self, seat: int, me: int | None = None) -> str:
        """``you`` for the reader's own seat, else the seat's name (not yet escaped)."""
        return _("you") if seat == me else self.names[seat]


@dataclass(frozen=True)
class Words:
    """The names of a page's seats, escaped: ``you`` for the reader's own."""

    seating: Seating
    me: int | None

    def who(self, seat: int) -> str:
        """``you`` or the seat's name."""
        return esc(self.seating.name(seat, self.me))

    def whose(self, seat: int) -> str:
        """``your`` or the name with ``'s``."""
        return _("your") if seat == self.me else _("{name}'s").format(name=esc(self.seating.names[seat]))

    def own(self, seat: int) -> str:
        """``your own`` or ``their own``."""
        return _("your own") if seat == self.me else _("their own")


def cap(text: str) -> str:
    """``text`` with its first letter upper case (a sentence that starts with ``you``)."""
    return text[:1].upper() + text[1:]


def listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def outcome(scores: Sequence[int], words: Words, fewest: bool = False) -> tuple[str, list[str]]:
    """A game's result in words: the sentence that heads the end page, and each seat's word
    in the result table. The best score wins (``fewest``: the lowest, as with penalty
    points); when every seat is level it is a draw, and nobody is called a winner.

    >>> words = Words(Seating(("Ann", "Ben", "Cy")), 1)
    >>> outcome([2, 5, 2], words)
    ('You win', ['', 'winner', ''])
    >>> outcome([2, 5, 2], words, fewest=True)
    ('Ann and Cy share the win', ['joint winner', '', 'joint winner'])
    >>> outcome([0, 0], Words(Seating(("Ann", "Ben")), 1))
    ('A draw: you and Ann level', ['draw', 'draw'])
    >>> outcome([1, 3, 3], Words(Seating(("Ann", "Ben", "Cy")), 2))
    ('You and Ben share the win', ['', 'joint winner', 'joint winner'])
    """
    best = min(scores) if fewest else max(scores)
    top = sorted((s for s, points in enumerate(scores) if points == best), key=lambda s: s != words.me)
    if len(top) == len(scores) > 1:
        who = _("everyone") if len(top) > 2 else listed([words.who(s) for s in top])
        return _("A draw: {who} level").format(who=who), [_("draw")] * len(scores)
    named = listed([words.who(s) for s in top])
    if len(top) == 1:
        head = _("You win") if top[0] == words.me else _("{name} wins").format(name=named)
        return head, [_("winner") if s in top else "" for s in range(len(scores))]
    return (_("{names} share the win").format(names=cap(named)),
            [_("joint winner") if s in top else "" for s in range(len(scores))])


def won_by(scores: Sequence[int], words: Words, fewest: bool = False) -> str:
    """A finished game's result as the teacher's screen says it: ``Won by Ann`` (``Won by
    Ann and Cy`` when they are level at the top), or the draw of :func:`outcome`.

    >>> won_by([0, 0], Words(Seating(("Ann", "Ben")), None))
    'A draw: Ann and Ben level'
    >>> won_by([2, 5, 2], Words(Seating(("Ann", "Ben", "Cy")), None), fewest=True)
    'Won by Ann and Cy'
    """
    head, marks = outcome(scores, words, fewest)
    if len(scores) > 1 and len(set(scores)) == 1:  # a draw
        return head
    return _("Won by {names}").format(names=listed([words.who(s) for s, mark in enumerate(marks) if mark]))


def scroll_box(html: str, label: str, tall: bool = False) -> str:
    """``html`` (a table wider than a phone) in a box of its own that scrolls sideways, so
    the page does not: a keyboard reaches it (``tabindex="0"``) and a screen reader says
    what it holds (``label``, already escaped). ``tall``: a long list, which scrolls
    down inside the box too.

    >>> scroll_box("<table></table>", "the doubts")
    '<div class="scroll-box" role="region" tabindex="0" aria-label="the doubts"><table></table></div>'
    """
    css = "scroll-box tall" if tall else "scroll-box"
    return f'<div class="{css}" role="region" tabindex="0" aria-label="{label}">{html}</div>'


@dataclass(frozen=True)
class Record:
    """One game as the class picture reads it: who sat where, the state it reached, its
    notes (public or not: the picture shows only what is public), how it ended (None while
    it is played), and its table and number there."""

    seating: Seating
    state: Any
    notes: Sequence[Any]
    ended_by: str | None = None
    table: int = 0
    game: int = 0


class Rules(Protocol):
    """A game at the class table. ``State`` and ``Action`` are the engine's own types."""

    #: The key in settings and URLs, and the game's name as people write it.
    name: str
    title: str
    #: Bots that fill empty seats (key -> words), and the game's variants (key -> words;
    #: the first is the default).
    bots: Mapping[str, str]
    variants: Mapping[str, str]
    #: What the exact values of its decisions measure (the review's unit), and what its
    #: scores count ("penalty points", "points").
    unit: str
    score_word: str
    #: The odds settings in the game's own words (key -> words; the keys of
    #: :data:`ODDS_MODES`), made by :func:`odds_modes`.
    odds_modes: Mapping[str, str]

    def seat_range(self, variant: str) -> range:
        """The table sizes the variant allows."""

    def new_state(self, seats: int, variant: str, seed: int, opener: int) -> Any:
        """A new game, dealt from ``seed``; ``opener`` moves first."""

    def read_move(self, node: Node) -> Any:
        """A move as a page sends it, read strictly (MessageError naming the place), not yet
        checked against a state: that is the engine's ``apply``."""

    def move_json(self, action: Any) -> dict[str, Any]:
        """The move as :meth:`read_move` reads it: what the database keeps."""

    def apply(self, state: Any, action: Any) -> Any:
        """The engine's state after ``action`` (IllegalActionError if the rules forbid it)."""

    def to_act(self, state: Any) -> int | None:
        """The seat to move, or None once the game is over."""

    def bot_move(self, state: Any, bot: str, rng: random.Random) -> Any:
        """The move of a ``bot`` playing the seat to act."""

    def scores(self, state: Any) -> Sequence[int]:
        """Each seat's score as the game counts it (its ``score_word``)."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winning seats so far (at the end: the winners)."""

    def save(self, state: Any) -> str:
        """The game's save (the core's versioned JSON, which replays)."""

    def note(self, before: Any, action: Any, after: Any) -> Any:
        """A remark on a move (an exact chance from the mover's seat), kept beside the log,
        or None. Pages and the class picture show of a note only what is public by then."""

    def decisions(self, state: Any) -> list[Decision]:
        """Every seat's decisions, each valued exactly by the core's review, in the order
        played (empty while the game has no review)."""

    def seat_page(self, state: Any, seat: int, seating: Seating, odds: str,
                  notes: Sequence[Any], live: bool = True) -> dict[str, str]:
        """The regions of ``seat``'s page (status, board, hand, moves, odds, seats, log: see
        :data:`bluffmath_class.views.SEAT_REGIONS`) as HTML, drawn from the engine's view of
        ``seat``, the legal moves when it is ``seat``'s turn and the game is ``live`` (not
        ended by the teacher), and what is public of the notes."""

    def end_page(self, state: Any, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
        """The end panel of ``seat``: the result and the seat's own review (``own``: the moves
        its student made themselves; a bot's for them are left out and said apart; None:
        every move of the seat)."""

    def table_page(self, state: Any, seating: Seating, notes: Sequence[Any], over: bool = False) -> str:
        """What the teacher's screen shows of a table: public facts only (it is projected).
        ``over``: the game has ended (finished, or ended by the teacher before its end): the
        page names nobody to move."""

    def picture(self, records: Sequence[Record]) -> str:
        """The class's play beside the exact mathematics, over every game of this kind in
        the room, as HTML for the teacher's screen: public facts and exact numbers only."""
