"""What the class table keeps beside a Münchhausen game's log: each believe or doubt with
the exact chance, from the deciding seat at that moment, that the face-down card was
honest, under a stated card model; what a seat's page is drawn from (:class:`SeatView`);
and the log in words, with those notes (:func:`log_html`), in the language in use.

Everything in a note is public. The chance counts every hand the card's owner may hold
after what the whole table has seen; the decider's own hand changes nothing in it (every
hand is followed on its own, :mod:`bluffmath.muenchhausen.knowledge`), so it is the same
from every seat. A doubted card is turned over and kept; a believed card stays face down,
and its note holds no value.

>>> from bluffmath import muenchhausen as mh
>>> before = mh.Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
>>> note = decision_note(before, mh.game.Doubt(), before.doubt(), mh.UNIFORM)
>>> note.decider, note.offerer, note.offer, note.chance, note.card, note.lie
(0, 2, 6, Fraction(3, 8), 7, False)
>>> decision_note(before, mh.game.Believe(), before.believe(), mh.UNIFORM).card is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, wraps
from typing import TypeVar

from bluffmath import muenchhausen as mh
from bluffmath.display import fraction_json, signed, written
from bluffmath.errors import InconsistentEvidenceError
from bluffmath.i18n import _, language, n_, number, p_
from bluffmath.muenchhausen.events import (
    Believed,
    Chose,
    Doubted,
    Event,
    Laid,
    Named,
    NoOffer,
    Offered,
    OpenCard,
    Rewarded,
    RoundEnded,
    RoundStarted,
)
from bluffmath.muenchhausen.game import Believe, Doubt
from bluffmath.muenchhausen.rules import Hand

from ..markup import chance, esc, tag
from .base import Words, cap

#: The turns of the current round the log shows (the latest first).
LOG_TURNS = 30


@dataclass(frozen=True)
class DecisionNote:
    """A believe or a doubt: the move's number in the game (1 is the first), the round, the
    deciding seat (the start player), the seat whose card lay face down and its offer, the
    exact chance that the card was honest from the decider's seat (None when a card shown
    earlier in the round contradicts the card model), and the card if it was doubted (a
    believed card is never shown: None)."""

    number: int
    round: int
    decider: int
    offerer: int
    offer: int
    chance: Fraction | None
    card: int | None

    @property
    def doubted(self) -> bool:
        """True for a doubt (the card was turned over)."""
        return self.card is not None

    @property
    def lie(self) -> bool:
        """True when a doubt turned over a lie (the doubter was right); False otherwise,
        and always for a believe (its card is not shown)."""
        return self.card is not None and self.card < self.offer


def honest_chance(state: mh.State, seat: int, model: mh.CardModel) -> Fraction | None:
    """The exact chance, from ``seat`` (its own hand and the log), that the card lying face
    down in ``state`` is honest under ``model``; None when the round so far contradicts
    the model."""
    hand, log = state.view(seat)
    try:
        return mh.honest_chance(mh.Knowledge.from_log(log, model, me=seat, my_hand=hand))
    except InconsistentEvidenceError:
        return None


def decision_note(before: mh.State, action: object, after: mh.State,
                  model: mh.CardModel) -> DecisionNote | None:
    """The note of a believe or a doubt (None for any other move)."""
    if not isinstance(action, Believe | Doubt):
        return None
    shown = after.log[len(before.log)]
    card = shown.card if isinstance(shown, Doubted) else None
    return DecisionNote(len(after.actions), before.round, before.start, before.offerer,
                        before.offer_value, honest_chance(before, before.start, model), card)


# --- what a page is drawn from ------------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """What one seat may know (``me`` None: what everyone may know): its hand and the
    public log, and the public facts of the turn that the log implies."""

    me: int | None
    hand: Hand
    log: tuple[Event, ...]
    game: mh.Game
    phase: str
    to_act: int | None
    start: int
    round: int
    named: int | None
    offers: tuple[tuple[int, int], ...]
    offerer: int | None
    offer_value: int | None
    rewarder: int | None
    idle: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]


def seat_view(state: mh.State, seat: int | None) -> SeatView:
    """``seat``'s view of ``state`` (None: the public view, no hand)."""
    hand, log = state.view(seat) if seat is not None else ((), state.log)
    return SeatView(seat, hand, log, state.game, state.phase, state.to_act, state.start, state.round,
                    state.named, state.offers, state.offerer, state.offer_value, state.rewarder,
                    state.idle, state.scores, tuple(map(len, state.hands)), tuple(map(len, state.piles)))


# --- the log in words ----------------------------------------------------------------------------


def card(value: int) -> str:
    """A card as a page shows it."""
    return f'<span class="mh-card" data-value="{value}">{value}</span>'


def points(x: Fraction, sign: bool = True) -> str:
    """An exact number of points, signed (a change) unless ``sign`` is False, with its
    decimal when it is not whole."""
    rough = "" if x.denominator == 1 else f" ({'+' if x > 0 and sign else ''}{number(x)})"
    shown = signed(x) if sign else written(x)
    return f'<span class="pts" data-v="{fraction_json(x)}"><b>{shown}</b>{rough}</span>'


def shown_notes(notes: Sequence[object], odds: str) -> list[DecisionNote | None]:
    """The decisions' notes in order, None where the odds setting hides the chance."""
    found = sorted((n for n in notes if isinstance(n, DecisionNote)), key=lambda n: n.number)
    if odds == "never":
        return [None] * len(found)
    return [n if odds == "always" or n.doubted else None for n in found]


def log_html(log: tuple[Event, ...], over: bool, words: Words, notes: Sequence[DecisionNote | None]) -> str:
    """The turns of the round under way (the latest :data:`LOG_TURNS`, a line each) and
    the end of every round, latest first (``over``: the game is, and the last round's turns
    stay, under its end)."""
    ends, earlier, turns = _log_parts(log, tuple(notes))
    spoken = language()
    ended = [f'<li data-n="end{r}">{_round_end(e, words, spoken)}</li>' for r, e in enumerate(ends)]
    items = ended[:-1] if over else ended
    if earlier:
        items.append(tag("li", n_("{n} earlier turn of this round", "{n} earlier turns of this round",
                                  earlier).format(n=earlier), ' class="small"'))
    now = len(ends) - over  # the round the turns belong to
    items += [f'<li data-n="{now}.{earlier + t}">{_turn_line(turn, words, spoken)}</li>'
              for t, turn in enumerate(turns)]
    if over:
        items.append(ended[-1])
    return f'<ol class="log mh-log" reversed>{"".join(reversed(items))}</ol>' if items else ""


#: A turn of the log: its events, each with its decision's note (None: none, or not shown).
Turn = tuple[tuple[Event, DecisionNote | None], ...]
_T = TypeVar("_T")


def _latest_log(f: Callable[..., _T]) -> Callable[..., _T]:
    """``f(log, *rest)``, its latest answer known by the log's identity (and the rest's
    equality) before ``f``'s own cache is asked: every seat's page of a moment reads the
    same log, and hashing a log of hundreds of events costs more than most of a page."""
    latest: list[tuple[object, tuple[object, ...], _T]] = []  # one entry, once there is one

    @wraps(f)
    def kept(log: object, *rest: object) -> _T:
        last = latest[0] if latest else None
        if last is not None and last[0] is log and last[1] == rest:
            return last[2]
        found = f(log, *rest)
        latest[:] = [(log, rest, found)]
        return found

    return kept


@_latest_log
@lru_cache(maxsize=256)
def _log_parts(log: tuple[Event, ...], notes: tuple[DecisionNote | None, ...]
               ) -> tuple[tuple[RoundEnded, ...], int, tuple[Turn, ...]]:
    """What the log region shows, before it is put in words: every round's end, how many
    turns of the round under way are left out, and its latest :data:`LOG_TURNS` turns, each
    event with its decision's note (kept: the same for every seat of a moment)."""
    ends: list[RoundEnded] = []
    turns: list[list[tuple[Event, DecisionNote | None]]] = []
    decided = 0
    for event in log:
        if isinstance(event, RoundStarted):
            turns = []
        elif isinstance(event, RoundEnded):
            ends.append(event)
        elif isinstance(event, Named):
            turns.append([(event, None)])
        elif isinstance(event, Believed | Doubted):
            turns[-1].append((event, notes[decided] if decided < len(notes) else None))
            decided += 1
        elif turns:
            turns[-1].append((event, None))
    return tuple(ends), max(0, len(turns) - LOG_TURNS), tuple(tuple(turn) for turn in turns[-LOG_TURNS:])


@lru_cache(maxsize=4096)
def _turn_line(turn: Turn, words: Words, spoken: str) -> str:
    """A turn of the log in words, each event with its note (kept, for each language
    ``spoken``: a turn played never changes, and every page shows the round's latest turns
    at every move)."""
    said = [_named(e, words) if isinstance(e, Named) else
            decision_words(e, words, note) if isinstance(e, Believed | Doubted) else _event(e, words)
            for e, note in turn]
    return f"{cap('; '.join(line for line in said if line))}."


def _named(event: Named, words: Words) -> str:
    said = _("you named {value}") if event.seat == words.me else _("{name} named {value}")
    return said.format(name=words.who(event.seat), value=event.value)


def _event(event: Event, words: Words) -> str:
    me = words.me
    if isinstance(event, Offered):
        said = _("you offered {value}") if event.seat == me else _("{name} offered {value}")
        return said.format(name=words.who(event.seat), value=event.value)
    if isinstance(event, NoOffer):
        return _("nobody offered")
    if isinstance(event, Chose):
        said = (_("you took {name}'s offer") if event.start == me else _("{start} took your offer")
                if event.seat == me else _("{start} took {name}'s offer"))
        return said.format(start=words.who(event.start), name=esc(words.seating.names[event.seat]))
    if isinstance(event, Laid | Rewarded):
        return _laid(event, words)
    if isinstance(event, OpenCard):
        return _open_card(event, words)
    return ""  # a pass: the offers say who offered


def _laid(event: Laid | Rewarded, words: Words) -> str:
    mine = event.seat == words.me
    if isinstance(event, Laid):
        said = (_("you laid a card face down claiming at least {offer}") if mine else
                _("{name} laid a card face down claiming at least {offer}"))
        return said.format(name=words.who(event.seat), offer=event.offer)
    said = (_("you laid a card face down on your own pile") if mine else
            _("{name} laid a card face down on their own pile"))
    return said.format(name=words.who(event.seat))


def _a(value: int) -> str:
    """The article before a card's value in a sentence (English: ``an 8``)."""
    return p_("article before the number 8", "an") if value == 8 else p_("article before a number", "a")


def _open_card(event: OpenCard, words: Words) -> str:
    """Two players: a card laid face up, and the pile it went to."""
    me, mine = words.me, event.seat == words.me
    if event.card <= event.named:
        said = (_("you laid {a} {card} face up: it went to your own pile") if mine else
                _("{name} laid {a} {card} face up: it went to their own pile"))
    elif mine:
        said = _("you laid {a} {card} face up: it went to {start}'s pile")
    else:
        said = (_("{name} laid {a} {card} face up: it went to your pile") if event.start == me else
                _("{name} laid {a} {card} face up: it went to {start}'s pile"))
    return said.format(name=words.who(event.seat), start=esc(words.seating.names[event.start]), a=_a(event.card),
                       card=event.card)


def doubted_words(event: Doubted, words: Words) -> str:
    """A doubt and what the card turned over showed, as a sentence."""
    me = words.me
    if event.honest:
        said = (_("you doubted: {a} {card}, honest; you took it into hand.") if event.start == me else
                _("{start} doubted: {a} {card}, honest; {start} took it into hand."))
    elif event.start == me:
        said = _("you doubted: {a} {card}, a lie; {name} took it back.")
    else:
        said = (_("{start} doubted: {a} {card}, a lie; you took it back.") if event.seat == me else
                _("{start} doubted: {a} {card}, a lie; {name} took it back."))
    return said.format(start=words.who(event.start), name=words.who(event.seat), a=_a(event.card),
                       card=card(event.card))


def decision_words(event: Believed | Doubted, words: Words, note: DecisionNote | None) -> str:
    """A believe or a doubt in words, with the chance the decider faced (``note``, if shown)."""
    if isinstance(event, Believed):
        said = (_("you believed it (it stays face down, unseen)") if event.start == words.me else
                _("{name} believed it (it stays face down, unseen)"))
        text = said.format(name=words.who(event.start))
    else:
        text = doubted_words(event, words)[:-1]
    if note is None or note.chance is None:
        return text
    seen = (_("P(honest) from your seat: {p}") if note.decider == words.me else
            _("P(honest) from {name}'s seat: {p}")).format(name=esc(words.seating.names[note.decider]),
                                                          p=chance(note.chance))
    return f'{text} <span class="note">{seen}</span>'


@lru_cache(maxsize=1024)
def _round_end(event: RoundEnded, words: Words, spoken: str) -> str:
    """A round's end and its points (kept, for each language ``spoken``)."""
    why = _("a full circle of turns with no offer") if event.circle else _("a hand was empty")
    each = ", ".join(_("{name} {points} (pile {pile}, hand {hand})").format(
        name=words.who(s), points=p, pile=" ".join(map(str, event.piles[s])) or "–",
        hand=" ".join(map(str, event.hands[s])) or "–") for s, p in enumerate(event.points))
    return _("<b>Round {round} ended</b> ({why}); points, the piles counted face up: {each}").format(
        round=event.round + 1, why=why, each=each)
