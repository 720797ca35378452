"""Hochstapler's rules engine: an immutable state, actions as verify / can / do.

A :class:`Game` holds the variant (players, and the points that end a multi-deal game);
``game.new_game(seed)`` deals. A :class:`State` never changes: every action returns a
new one. Each action comes three ways: ``verify_raise(...)`` raises
:class:`~bluffmath.errors.IllegalActionError` saying why it is illegal, ``can_raise(...)``
answers True or False, ``raise_(...)`` returns the new state (likewise ``exchange`` and
``doubt``); ``apply(action)`` takes an action object. What one seat may know is
``state.view(seat)``, whose :class:`~bluffmath.hochstapler.Position` feeds the odds.
The action objects are :mod:`~bluffmath.hochstapler.actions`'s; the cards dealt, a
doubt's :class:`~bluffmath.hochstapler.deal.Reveal` and a seat's view
:mod:`~bluffmath.hochstapler.deal`'s.

>>> state = Game(players=3).new_game(seed=7)
>>> state.to_act, state.call
(0, None)
>>> state = state.raise_(5, "red").raise_(9, "blue")
>>> state.call
Call(seat=1, total=9, colour='blue')
>>> state.can_doubt(), state.can_raise(9, "red")
(True, False)
>>> after = state.doubt()
>>> reveal = after.reveals[-1]
>>> reveal.total == sum(state.hands["blue"]), reveal.taker in (1, 2)
(True, True)
>>> "blue" in after.colours, after.to_act
(False, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.hochstapler.actions import Action, DoubtCall, ExchangeCard, Raise
from bluffmath.hochstapler.deal import Reveal, SeatView, deal_cards
from bluffmath.hochstapler.position import (
    Call,
    Doubt,
    Event,
    Exchange,
    Position,
    describe_event,
    shared_event,
)
from bluffmath.hochstapler.rules import (
    COLOURS,
    MAX_TOTAL,
    check_colour,
    check_players,
    shown_int,
)
from bluffmath.limits import MAX_ACTIONS, MAX_SEED, MAX_TARGET, bounded
from bluffmath.validate import shown, whole_number

#: The rules' multi-deal variant ends after the deal in which someone reaches 10 points.
VARIANT_TARGET = 10

@dataclass(frozen=True)
class Game:
    """The variant: ``players`` (3 to 7) and ``target`` (None: one deal; 10: the rules'
    multi-deal variant, played until someone has at least that many points)."""

    players: int = 5
    target: int | None = None

    def __post_init__(self) -> None:
        check_players(self.players)
        if self.target is not None:
            whole_number("target", self.target, 1, MAX_TARGET)

    def new_game(self, seed: int = 0, opener: int = 0) -> State:
        """Shuffle and deal with ``seed`` (0 to MAX_SEED); ``opener`` makes the first call."""
        whole_number("seed", seed, 0, MAX_SEED)
        whole_number("opener", opener, 0, self.players - 1)
        hands, piles = deal_cards(self.players, seed, 0)
        return _built(game=self, seed=seed, deal=0, hands=hands, piles=piles, history=(),
                      to_act=opener, reveals=(), earlier=())

    def replay(self, seed: int, opener: int, events: object) -> State:
        """The state after ``events`` (Call, Exchange and Doubt events, as
        :attr:`State.events` lists them) from the deal of ``seed``; IllegalActionError
        naming the first event that could not happen there.

        >>> game = Game(players=3)
        >>> end = game.new_game(seed=4).raise_(6, "red").doubt()
        >>> game.replay(4, 0, end.events) == end
        True
        >>> game.replay(4, 0, [Call(0, 6, "red"), Doubt(2)])
        Traceback (most recent call last):
        ...
        bluffmath.errors.IllegalActionError: event 2 (seat 2 doubts): it is seat 1's turn, not seat 2's
        """
        state = self.new_game(seed, opener)
        for number, event in enumerate(bounded("events", events, MAX_ACTIONS), 1):
            try:
                state = state.play(event)
            except IllegalActionError as error:
                raise IllegalActionError(f"event {number} ({describe_event(event)}): {error}") from None
        return state


@dataclass(frozen=True)
class State:
    """One moment of a game; see the module docstring. Build it with ``Game.new_game``.

    ``events`` is every action of the game in order: ``earlier`` (the deals before this
    one) then ``history`` (this deal). A State built by hand is checked: it must be the
    state the engine reaches by replaying its events from the deal its seed gives.
    """

    game: Game
    seed: int
    deal: int
    hands: Mapping[str, tuple[int, ...]]  # colour in play -> each seat's card
    piles: Mapping[str, tuple[int, ...]]  # colour in play -> face-down pile, top first
    history: tuple[Event, ...]            # this deal's public events
    to_act: int
    reveals: tuple[Reveal, ...]           # every doubt of the game, in order
    earlier: tuple[Event, ...] = ()       # the events of the deals before this one

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise InvalidInputError(f"game must be a Game, got {type(self.game).__name__}")
        for name in ("history", "earlier"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                raise InvalidInputError(f"{name} must be a tuple of events, got {type(value).__name__}")
        replayed = self.game.replay(self.seed, self.opener, self.events)
        for name in ("deal", "hands", "piles", "history", "to_act", "reveals", "earlier"):
            if getattr(self, name) != getattr(replayed, name):
                raise InvalidInputError(
                    f"{name} is not what the game's events give from the deal of seed "
                    f"{self.seed}: {getattr(self, name)!r}, not {getattr(replayed, name)!r}"
                )
        self.__dict__.update(replayed.__dict__)  # the engine's values: plain ints, no bools

    @property
    def events(self) -> tuple[Event, ...]:
        """Every action of the game so far, all deals, in order."""
        return self.earlier + self.history

    @property
    def opener(self) -> int:
        """The seat that made (or makes) the game's first call."""
        events = self.earlier or self.history
        if events:
            return whole_number("the seat of the first event", getattr(events[0], "seat", None),
                                0, self.game.players - 1)
        return whole_number("to_act", self.to_act, 0, self.game.players - 1)

    # --- what the table shows --------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players."""
        return self.game.players

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours still in play this deal."""
        return tuple(self.hands)

    @cached_property
    def call(self) -> Call | None:
        """The call to beat, or None when a round opens."""
        for event in reversed(self.history):
            if isinstance(event, Doubt):
                return None
            if isinstance(event, Call):
                return event
        return None

    @cached_property
    def exchanged(self) -> bool:
        """True when the seat to act has exchanged this turn (and so must raise)."""
        return bool(self.history) and isinstance(self.history[-1], Exchange)

    def face_up(self, colour: str) -> tuple[int, ...]:
        """The values face up beside ``colour``'s pile, in the order laid; none once the
        colour has left play (its face-up cards left with it)."""
        if not isinstance(colour, str) or colour not in self.hands:
            check_colour(colour)
            return ()
        return tuple(e.value for e in self.history if type(e) is Exchange and e.colour == colour)

    @cached_property
    def scores(self) -> tuple[int, ...]:
        """Penalty points of each seat, over all deals so far."""
        points = [0] * self.players
        for reveal in self.reveals:
            points[reveal.taker] += 1
        return tuple(points)

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return not self.hands

    def winners(self) -> tuple[int, ...]:
        """The seats with the fewest penalty points (ties share the win); only at the end."""
        if not self.is_terminal:
            raise IllegalActionError("the game is not over yet: nobody has won")
        fewest = min(self.scores)
        return tuple(seat for seat, points in enumerate(self.scores) if points == fewest)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: never another seat's hidden card."""
        whole_number("seat", seat, 0, self.players - 1)
        hand = {colour: cards[seat] for colour, cards in self.hands.items()}
        face_up = {c: self.face_up(c) for c in self.colours}
        position = Position._trusted(self.players, hand, self.history, seat,
                                     {c: v for c, v in face_up.items() if v}, self.call)
        return SeatView(position, self.to_act, self.scores, self.reveals, self.deal)

    # --- exchange --------------------------------------------------------------------
    def verify_exchange(self, colour: str) -> None:
        """Raise IllegalActionError unless the seat to act may exchange in ``colour``."""
        self._verify_playing()
        self._verify_in_play(colour)
        if self.exchanged:
            raise IllegalActionError("you have exchanged a card this turn already; now raise")
        if not self.piles[colour]:
            raise IllegalActionError(f"the {colour} pile is empty: nothing to exchange for")
        if self.call is not None and self.call.total >= MAX_TOTAL[self.players]:
            raise IllegalActionError(
                f"after an exchange you must raise, and nothing beats {self.call.total}, "
                f"the highest total a colour can reach with {self.players} players"
            )

    def can_exchange(self, colour: str) -> bool:
        """True if :meth:`exchange` would succeed."""
        return _can(self.verify_exchange, colour)

    def exchange(self, colour: str) -> State:
        """Lay my ``colour`` card face up, draw the top of its pile; I must raise next."""
        self.verify_exchange(colour)
        seat, cards, pile = self.to_act, self.hands[colour], self.piles[colour]
        hands, piles = dict(self.hands), dict(self.piles)
        hands[colour] = (*cards[:seat], pile[0], *cards[seat + 1:])
        piles[colour] = pile[1:]
        return self._next(MappingProxyType(hands), MappingProxyType(piles),
                          (*self.history, shared_event(Exchange, seat, colour, cards[seat])), seat,
                          self.reveals, self.call, exchanged=True)

    # --- raise -----------------------------------------------------------------------
    def verify_raise(self, total: int, colour: str) -> None:
        """Raise IllegalActionError unless the seat to act may call ``total`` in ``colour``."""
        self._verify_playing()
        self._verify_in_play(colour)
        highest = MAX_TOTAL[self.players]
        call = self.call
        low = 0 if call is None else call.total + 1
        if type(total) is not int or not low <= total <= highest:
            beat = "" if call is None else f" to beat {call.total}"
            raise IllegalActionError(
                f"a call{beat} names a whole number from {low} to {highest} (the highest "
                f"total a colour can reach with {self.players} players), got {_shown(total)}"
            )

    def can_raise(self, total: int, colour: str) -> bool:
        """True if :meth:`raise_` would succeed."""
        return _can(self.verify_raise, total, colour)

    def raise_(self, total: int, colour: str) -> State:
        """Call ``total`` in ``colour``; the next seat clockwise is to act."""
        self.verify_raise(total, colour)
        call = shared_event(Call, self.to_act, total, colour)
        return self._next(self.hands, self.piles, (*self.history, call),
                          (self.to_act + 1) % self.game.players, self.reveals, call)

    # --- doubt -----------------------------------------------------------------------
    def verify_doubt(self) -> None:
        """Raise IllegalActionError unless the seat to act may doubt the call to beat."""
        self._verify_playing()
        if self.call is None:
            raise IllegalActionError("there is no call to doubt: open the round with a call")
        if self.exchanged:
            raise IllegalActionError("after an exchange you must raise, not doubt")

    def can_doubt(self) -> bool:
        """True if :meth:`doubt` would succeed."""
        return _can(self.verify_doubt)

    def doubt(self) -> State:
        """Doubt the call: the colour is shown and taken; the doubter opens the next round.

        When the last colour is taken the deal ends; in the multi-deal variant a new deal
        follows unless someone has reached the target.
        """
        self.verify_doubt()
        call, doubter = self.call, self.to_act
        assert call is not None
        cards = self.hands[call.colour]
        taker = doubter if sum(cards) >= call.total else call.seat
        reveal = Reveal(self.deal, call, doubter, cards, taker)
        hands = {c: v for c, v in self.hands.items() if c != call.colour}
        piles = {c: v for c, v in self.piles.items() if c != call.colour}
        scores = list(self.scores)
        scores[taker] += 1
        after = self._next(MappingProxyType(hands), MappingProxyType(piles),
                           (*self.history, shared_event(Doubt, doubter)), doubter,
                           (*self.reveals, reveal), None, scores=tuple(scores))
        return after if hands else after._next_deal()

    def _next_deal(self) -> State:
        target = self.game.target
        if target is None or max(self.scores) >= target:
            return self
        hands, piles = deal_cards(self.players, self.seed, self.deal + 1)
        return self._next(hands, piles, (), self.to_act, self.reveals, None,
                          deal=self.deal + 1, scores=self.scores,
                          earlier=self.earlier + self.history)

    def _next(self, hands: Mapping[str, tuple[int, ...]], piles: Mapping[str, tuple[int, ...]],
              history: tuple[Event, ...], to_act: int, reveals: tuple[Reveal, ...],
              call: Call | None, *, exchanged: bool = False, deal: int | None = None,
              scores: tuple[int, ...] | None = None,
              earlier: tuple[Event, ...] | None = None) -> State:
        """The state after an action, built without the dataclass __init__ (the engine's hot
        path); ``call``, ``exchanged`` and ``scores`` fill the cached properties."""
        state = object.__new__(State)
        fields = {"game": self.game, "seed": self.seed,
                  "deal": self.deal if deal is None else deal, "hands": hands, "piles": piles,
                  "history": history, "to_act": to_act, "reveals": reveals,
                  "earlier": self.earlier if earlier is None else earlier,
                  "call": call, "exchanged": exchanged}
        if scores is None and reveals is self.reveals:
            scores = self.__dict__.get("scores")
        if scores is not None:
            fields["scores"] = scores
        state.__dict__.update(fields)
        return state

    # --- events, as the history records them ----------------------------------------
    def play(self, event: Event) -> State:
        """The state after a recorded event: a Call, an Exchange (its value must be the
        card the seat holds) or a Doubt, by the seat to act; IllegalActionError if not."""
        if type(event) not in (Call, Exchange, Doubt):
            raise IllegalActionError(f"an event is a Call, an Exchange or a Doubt, got {shown(event)}")
        self._verify_playing()
        seat = event.seat
        if type(seat) is not int or seat != self.to_act:
            raise IllegalActionError(f"it is seat {self.to_act}'s turn, not seat {shown(seat)}'s")
        if type(event) is Call:
            return self.raise_(event.total, event.colour)
        if type(event) is Doubt:
            return self.doubt()
        after = self.exchange(event.colour)
        held = self.hands[event.colour][seat]
        if type(event.value) is not int or event.value != held:
            raise IllegalActionError(
                f"seat {seat}'s {event.colour} card was {held}, not {shown(event.value)}"
            )
        return after

    # --- actions as objects ----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (none at the end): exchanges, raises by
        colour and total, and the doubt last."""
        hands = self.hands
        if not hands:
            return []
        call, top = self.call, MAX_TOTAL[self.game.players]
        low = 0 if call is None else call.total + 1
        exchanged = self.exchanged
        actions: list[Action] = []
        if not exchanged and (call is None or call.total < top):
            piles = self.piles
            actions = [_EXCHANGES[c] for c in hands if piles[c]]
        for colour in hands:
            actions += _RAISES[colour][low:top + 1]
        if call is not None and not exchanged:
            actions.append(_DOUBT)
        return actions

    def apply(self, action: Action) -> State:
        """Apply an action object; IllegalActionError if it is not legal here."""
        if isinstance(action, Raise):
            return self.raise_(action.total, action.colour)
        if isinstance(action, ExchangeCard):
            return self.exchange(action.colour)
        if isinstance(action, DoubtCall):
            return self.doubt()
        raise IllegalActionError(
            f"an action is a Raise, an ExchangeCard or a DoubtCall, got {shown(action)}"
        )

    # --- checks ----------------------------------------------------------------------
    def _verify_playing(self) -> None:
        if not self.hands:
            raise IllegalActionError("the game is over")

    def _verify_in_play(self, colour: object) -> None:
        if not isinstance(colour, str) or colour not in self.hands:
            in_play = ", ".join(self.colours)
            raise IllegalActionError(f"{shown(colour)} is not in play; the colours in play are {in_play}")


def _built(**fields: object) -> State:
    """A State from the engine, valid by construction: no checks."""
    state = object.__new__(State)
    state.__dict__.update(fields)
    return state


# Every action object the engine hands out, made once (they are immutable).
_RAISES = {c: tuple(Raise(t, c) for t in range(max(MAX_TOTAL.values()) + 1)) for c in COLOURS}
_EXCHANGES = {c: ExchangeCard(c) for c in COLOURS}
_DOUBT = DoubtCall()


def _shown(value: object) -> str:
    return shown_int(value) if type(value) is int else repr(value)[:40]


def _can(verify: object, *args: object) -> bool:
    try:
        verify(*args)  # type: ignore[operator]
    except IllegalActionError:
        return False
    return True
