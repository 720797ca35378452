"""The Münchhausen engine: an immutable State, actions checked against the rules.

A turn: the start player names a value; the others offer, clockwise from the start
player's left, each offer at least the named value and the highest so far (equal is
allowed; a player's new offer must beat their own last one), until every other player
has passed in a row. Among equal highest offers the start player picks one. The winner
lays a hand card face down on the start player's pile, claiming it is at least the offer.
The start player believes (the card stays there, unseen) or doubts (it is turned over):
an honest card goes into the start player's hand and its owner may lay any own hand card
face down on their own pile; a lie goes back to its owner's hand and the start player may
lay a card on their own pile. With no offer the turn passes with no card moved. The start
player's role passes clockwise after every turn; a round ends after the turn in which a
player laid their last hand card, or when every player in turn has been start player with
no offer since the last card was laid (a full circle of passes: ``idle`` counts those
turns). Each player scores own pile minus hand, added to the scores, and the next
round starts one seat to the left of the last one's first start player. With two players
the other player lays a card face up instead: above the named value it goes to the start
player's pile, else to its owner's. ``docs/reference/rulings.md`` and ``docs/explanation/decisions.md``.

>>> state = Game(players=3).new_game()
>>> state.to_act, state.phase
(0, 'name')
>>> state = state.name(4).offer(5).offer(6).pass_().pass_()   # seat 1 offers 5, seat 2 offers 6
>>> state.phase, state.to_act, state.offer_value
('lay', 2, 6)
>>> state = state.lay(7).doubt()        # a 7: honest, so seat 0 takes it into hand
>>> state.hands[0], state.phase, state.to_act
((1, 2, 3, 4, 5, 6, 7, 7, 8), 'reward', 2)
>>> state = state.reward(8)              # seat 2 lays its 8 on its own pile
>>> state.piles, state.start, state.phase
(((), (), (8,)), 1, 'name')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.i18n import N_, _, p_
from bluffmath.limits import MAX_ROUNDS
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
    Passed,
    Rewarded,
    RoundEnded,
    RoundStarted,
)
from bluffmath.muenchhausen.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Hand,
    values,
    without,
)
from bluffmath.validate import whole_number


@dataclass(frozen=True)
class Name:
    value: int


@dataclass(frozen=True)
class Offer:
    value: int


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Choose:
    seat: int


@dataclass(frozen=True)
class Lay:
    card: int


@dataclass(frozen=True)
class Believe:
    pass


@dataclass(frozen=True)
class Doubt:
    pass


@dataclass(frozen=True)
class Reward:
    """Lay ``card`` face down on one's own pile; ``None``: lay nothing."""

    card: int | None


Action = Name | Offer | Pass | Choose | Lay | Believe | Doubt | Reward


@dataclass(frozen=True)
class Game:
    """A game of ``rounds`` rounds for ``players`` players (two: the two-player variant)."""

    players: int = 4
    rounds: int = 1

    def __post_init__(self) -> None:
        whole_number("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        whole_number("rounds", self.rounds, 1, MAX_ROUNDS)

    @property
    def two_player(self) -> bool:
        return self.players == 2

    @property
    def values(self) -> Hand:
        """The values every hand starts a round with."""
        return values(self.players)

    def check_value(self, what: str, value: object) -> int:
        """``value`` if it is one of the card values, else a clear error."""
        low, high = self.values[0], self.values[-1]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InvalidInputError(_("{what} must be a card value from {low} to {high}, got {value}").format(
                what=_(what), low=low, high=high, value=repr(value)))
        return value

    def new_game(self) -> State:
        """The first round's deal: every hand is every value; seat 0 starts."""
        return State(self, (), (), (0,) * self.players)._deal(0, 0)


@dataclass(frozen=True)
class State:
    """One moment of a game. ``phase`` is "name", "offer", "choose", "lay", "decide",
    "reward" or "over"; ``to_act`` is the seat whose move it is. ``laid`` (the face-down
    card) and the piles' values are the engine's secrets: :meth:`view` hides them."""

    game: Game
    hands: tuple[Hand, ...]
    piles: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    round: int = 0
    first: int = 0
    start: int = 0
    phase: str = "name"
    named: int | None = None
    offers: tuple[tuple[int, int], ...] = ()
    bidder: int | None = None
    passes: int = 0
    offerer: int | None = None
    laid: int | None = None
    rewarder: int | None = None
    idle: int = 0
    log: tuple[Event, ...] = ()
    actions: tuple[Action, ...] = field(default=(), repr=False)

    # --- what anyone can ask ---------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """Whose move it is (None when the game is over)."""
        return getattr(self, _ACTS[self.phase]) if self.phase in _ACTS else None

    @property
    def highest(self) -> int | None:
        """The highest offer so far (None before the first)."""
        return self.offers[-1][1] if self.offers else None  # no offer undercuts the highest

    @property
    def offer_value(self) -> int | None:
        """The chosen offer's value, which the face-down card claims to reach."""
        if self.offerer is None:
            return None
        return max(v for s, v in self.offers if s == self.offerer) if self.offers else self.named

    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make, in a fixed order."""
        if self.phase == "name":
            return [Name(v) for v in self.game.values]
        if self.phase == "offer":
            return [Pass(), *(Offer(v) for v in self._offerable())]
        if self.phase == "choose":
            return [Choose(s) for s in self._tied()]
        if self.phase == "lay":
            return [Lay(c) for c in sorted(set(self.hands[self.offerer]))]
        if self.phase == "decide":
            return [Believe(), Doubt()]
        if self.phase == "reward":
            return [Reward(None), *(Reward(c) for c in sorted(set(self.hands[self.rewarder])))]
        return []

    def apply(self, action: Action) -> State:
        """Do ``action``; an IllegalActionError says why a move is not allowed."""
        move = _MOVES.get(type(action))
        if move is None:
            raise IllegalActionError(_("an action is one of {actions}, got {action}").format(
                actions=", ".join(t.__name__ for t in _MOVES), action=repr(action)))
        return move(self, action)

    # --- verify / can / do -------------------------------------------------------------
    def verify_name(self, value: int) -> None:
        self._phase("name", "name a value")
        self.game.check_value(N_("the named value"), value)

    def can_name(self, value: int) -> bool:
        return _can(self.verify_name, value)

    def name(self, value: int) -> State:
        self.verify_name(value)
        after = self._but(named=value, log=(*self.log, Named(self.start, value)), actions=(*self.actions, Name(value)))
        if self.game.two_player:
            return after._but(phase="lay", offerer=self._left(self.start))
        return after._but(phase="offer", bidder=self._left(self.start), offers=(), passes=0)

    def verify_offer(self, value: int) -> None:
        self._phase("offer", "offer")
        self.game.check_value(N_("an offer"), value)
        floor = max(self.named, self.highest or self.named)
        if value < floor:
            raise IllegalActionError(_("an offer may equal but not undercut {floor} (the named value and "
                                       "the highest offer so far), got {value}").format(floor=floor, value=value))
        own = [v for s, v in self.offers if s == self.bidder]
        if own and value <= own[-1]:
            raise IllegalActionError(_("seat {seat} offered {offer} already: a new offer must beat it").format(
                seat=self.bidder, offer=own[-1]))

    def can_offer(self, value: int) -> bool:
        return _can(self.verify_offer, value)

    def offer(self, value: int) -> State:
        self.verify_offer(value)
        return self._but(offers=(*self.offers, (self.bidder, value)), passes=0,
                       bidder=self._next_bidder(), log=(*self.log, Offered(self.bidder, value)),
                       actions=(*self.actions, Offer(value)))

    def verify_pass(self) -> None:
        self._phase("offer", "pass")

    def can_pass(self) -> bool:
        return _can(self.verify_pass)

    def pass_(self) -> State:
        self.verify_pass()
        after = self._but(passes=self.passes + 1, bidder=self._next_bidder(),
                        log=(*self.log, Passed(self.bidder)), actions=(*self.actions, Pass()))
        return after._close_bidding() if after.passes == self.players - 1 else after

    def verify_choose(self, seat: int) -> None:
        self._phase("choose", "choose an offer")
        whole_number(N_("the chosen seat"), seat, 0, self.players - 1)
        tied = self._tied()
        if seat not in tied:
            raise IllegalActionError(_("choose one of the seats with the highest offer: {seats}, got {seat}").format(
                seats=list(tied), seat=repr(seat)))

    def can_choose(self, seat: int) -> bool:
        return _can(self.verify_choose, seat)

    def choose(self, seat: int) -> State:
        self.verify_choose(seat)
        return self._but(phase="lay", offerer=seat, log=(*self.log, Chose(self.start, seat)),
                       actions=(*self.actions, Choose(seat)))

    def verify_lay(self, card: int) -> None:
        self._phase("lay", "lay a card")
        self.game.check_value(N_("the card"), card)
        if card not in self.hands[self.offerer]:
            raise IllegalActionError(_holds_no(self.offerer, card, self.hands[self.offerer]))

    def can_lay(self, card: int) -> bool:
        return _can(self.verify_lay, card)

    def lay(self, card: int) -> State:
        self.verify_lay(card)
        hands = _without(self.hands, self.offerer, card)
        after = self._but(hands=hands, idle=0, actions=(*self.actions, Lay(card)))
        if self.game.two_player:
            to = self.start if card > self.named else self.offerer
            event = OpenCard(self.offerer, self.start, self.named, card)
            return after._but(piles=_with(self.piles, to, card), log=(*self.log, event))._end_turn()
        event = Laid(self.offerer, self.start, self.offer_value)
        return after._but(phase="decide", laid=card, log=(*self.log, event))

    def verify_believe(self) -> None:
        self._phase("decide", "believe")

    def can_believe(self) -> bool:
        return _can(self.verify_believe)

    def believe(self) -> State:
        self.verify_believe()
        event = Believed(self.offerer, self.start, self.offer_value)
        return self._but(piles=_with(self.piles, self.start, self.laid), laid=None,
                       log=(*self.log, event), actions=(*self.actions, Believe()))._end_turn()

    def verify_doubt(self) -> None:
        self._phase("decide", "doubt")

    def can_doubt(self) -> bool:
        return _can(self.verify_doubt)

    def doubt(self) -> State:
        self.verify_doubt()
        honest = self.laid >= self.offer_value
        gets, rewarder = (self.start, self.offerer) if honest else (self.offerer, self.start)
        after = self._but(hands=_with(self.hands, gets, self.laid), laid=None, rewarder=rewarder,
                        log=(*self.log, Doubted(self.offerer, self.start, self.offer_value, self.laid)),
                        actions=(*self.actions, Doubt()))
        return after._but(phase="reward") if after.hands[rewarder] else after._end_turn()

    def verify_reward(self, card: int | None) -> None:
        self._phase("reward", "lay a card on one's own pile")
        if card is not None:
            self.game.check_value(N_("the card"), card)
            if card not in self.hands[self.rewarder]:
                raise IllegalActionError(_holds_no(self.rewarder, card, self.hands[self.rewarder]))

    def can_reward(self, card: int | None) -> bool:
        return _can(self.verify_reward, card)

    def reward(self, card: int | None) -> State:
        self.verify_reward(card)
        after = self._but(actions=(*self.actions, Reward(card)))
        if card is not None:
            after = after._but(hands=_without(self.hands, self.rewarder, card),
                            piles=_with(self.piles, self.rewarder, card),
                            log=(*self.log, Rewarded(self.rewarder)))
        return after._end_turn()

    # --- what a seat may know ------------------------------------------------------------
    def view(self, seat: int) -> tuple[Hand, tuple[Event, ...]]:
        """``seat``'s own hand and the public log (no face-down card's value is in it)."""
        if type(seat) is not int or not 0 <= seat < self.game.players:
            whole_number("seat", seat, 0, self.players - 1)
        return self.hands[seat], self.log

    # --- the machinery -------------------------------------------------------------------
    def _but(self, **changes: object) -> State:
        """This state with ``changes``: :func:`dataclasses.replace` without its per-field
        work (a State has no ``__post_init__`` to run), since bots make thousands of moves."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__, **changes)
        return new

    def _phase(self, phase: str, what: str) -> None:
        if self.phase == "over":
            raise IllegalActionError(_("the game is over"))
        if self.phase != phase:
            raise IllegalActionError(_("cannot {what} now: seat {seat} is to {doing}").format(
                what=_move_words(what), seat=self.to_act, doing=_move_words(_DOING[self.phase])))

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _next_bidder(self) -> int:
        nxt = self._left(self.bidder)
        return self._left(nxt) if nxt == self.start else nxt

    def _offerable(self) -> list[int]:
        """The values :meth:`can_offer` allows, worked out once (the bots ask at every turn)."""
        floor = max(self.named, self.highest or self.named)
        own = [v for s, v in self.offers if s == self.bidder]
        return [v for v in self.game.values if v >= floor and (not own or v > own[-1])]

    def _tied(self) -> list[int]:
        best = {s: v for s, v in self.offers}  # each seat's last (its highest) offer
        return sorted(s for s, v in best.items() if v == self.highest)

    def _close_bidding(self) -> State:
        if not self.offers:
            idle = self._but(idle=self.idle + 1, log=(*self.log, NoOffer(self.start)))
            return idle._end_round(circle=True) if idle.idle == self.players else idle._end_turn()
        tied = self._tied()
        if len(tied) == 1:
            return self._but(phase="lay", offerer=tied[0])
        return self._but(phase="choose")

    def _end_turn(self) -> State:
        cleared = self._but(named=None, offers=(), bidder=None, passes=0, offerer=None, laid=None,
                          rewarder=None)
        if any(not hand for hand in self.hands):
            return cleared._end_round()
        return cleared._but(start=self._left(self.start), phase="name")

    def _end_round(self, circle: bool = False) -> State:
        """Score the round: by an empty hand, or (``circle``) by a full circle of passes."""
        points = tuple(sum(pile) - sum(hand) for pile, hand in zip(self.piles, self.hands, strict=True))
        scores = tuple(a + b for a, b in zip(self.scores, points, strict=True))
        ended = self._but(scores=scores, idle=0, named=None, offers=(), bidder=None, passes=0,
                        log=(*self.log, RoundEnded(self.round, points, self.piles, self.hands, circle)))
        if self.round + 1 == self.game.rounds:
            return ended._but(phase="over")
        return ended._deal(self.round + 1, self._left(self.first))

    def _deal(self, round_: int, first: int) -> State:
        hands = (self.game.values,) * self.players
        return self._but(hands=hands, piles=((),) * self.players, round=round_, first=first, start=first,
                       phase="name", log=(*self.log, RoundStarted(round_, first, hands)))


_MOVES = {Name: lambda s, a: s.name(a.value), Offer: lambda s, a: s.offer(a.value),
          Pass: lambda s, a: s.pass_(), Choose: lambda s, a: s.choose(a.seat),
          Lay: lambda s, a: s.lay(a.card), Believe: lambda s, a: s.believe(),
          Doubt: lambda s, a: s.doubt(), Reward: lambda s, a: s.reward(a.card)}
_ACTS = {"name": "start", "offer": "bidder", "choose": "start", "lay": "offerer", "decide": "start",
         "reward": "rewarder"}  # the phase: who acts
_DOING = {"name": "name a value", "offer": "offer or pass", "choose": "choose among the highest offers",
          "lay": "lay a card", "decide": "believe or doubt", "reward": "lay a card on its own pile"}


def _move_words(what: str) -> str:
    """A move's words (a phrase of :meth:`State._phase` or :data:`_DOING`) in the language in use."""
    return {"name a value": p_("refused move", "name a value"), "offer": p_("refused move", "offer"),
            "pass": p_("refused move", "pass"), "choose an offer": p_("refused move", "choose an offer"),
            "lay a card": p_("refused move", "lay a card"), "believe": p_("refused move", "believe"),
            "doubt": p_("refused move", "doubt"), "offer or pass": p_("refused move", "offer or pass"),
            "lay a card on one's own pile": p_("refused move", "lay a card on one's own pile"),
            "choose among the highest offers": p_("refused move", "choose among the highest offers"),
            "believe or doubt": p_("refused move", "believe or doubt"),
            "lay a card on its own pile": p_("refused move", "lay a card on its own pile")}[what]


def _holds_no(seat: int, card: int, hand: Hand) -> str:
    """The refusal of a card ``seat`` does not hold, in the language in use."""
    return _("seat {seat} holds no {card}: its hand is {hand}").format(seat=seat, card=card, hand=list(hand))


def _can(verify, *args) -> bool:
    try:
        verify(*args)
    except (IllegalActionError, ValueError):
        return False
    return True


def _without(hands: tuple[Hand, ...], seat: int, card: int) -> tuple[Hand, ...]:
    return (*hands[:seat], without(hands[seat], card), *hands[seat + 1:])


def _with(rows: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    return (*rows[:seat], tuple(sorted((*rows[seat], card))), *rows[seat + 1:])
