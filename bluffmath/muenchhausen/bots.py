"""Bots for Münchhausen: a random player, an honest one, and one that plays by the odds.

A bot is any object with ``name`` and ``act(state) -> Action``; it looks only at what its
seat may know, ``state.view(state.to_act)``: its own hand and the public log.

>>> from bluffmath.muenchhausen.game import Game
>>> end = play_game(Game(players=4, rounds=2), [OddsBot(), HonestBot(), RandomBot(seed=1), RandomBot(seed=2)])
>>> end.is_terminal, len(end.scores)
(True, 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.muenchhausen.advice import _decide, honest_chance, offer_numbers
from bluffmath.muenchhausen.events import Event, Laid
from bluffmath.muenchhausen.game import (
    Action,
    Believe,
    Doubt,
    Game,
    Lay,
    Name,
    Offer,
    Pass,
    Reward,
    State,
)
from bluffmath.muenchhausen.knowledge import (
    LOWEST_ENOUGH,
    CardModel,
    Knowledge,
    ModelContradicted,
    card_model,
)
from bluffmath.muenchhausen.rules import MAX_PLAYERS
from bluffmath.validate import bot_object, whole_number


def _name(name: object) -> str:
    if not isinstance(name, str) or not 0 < len(name) <= 100:
        raise InvalidInputError(f"a bot's name must be text of 1 to 100 characters, got {name!r}")
    return name


def _to_act(state: object) -> int:
    """The seat to act in ``state``, or a clear error if it is no State or the game is over."""
    if not isinstance(state, State):
        raise InvalidInputError(f"a bot acts on a Münchhausen State (Game(...).new_game()), got {state!r}")
    if state.is_terminal:
        raise InvalidInputError("the game is over: there is no move to make")
    return state.to_act


@dataclass
class RandomBot:
    """Any legal move alike, except that it offers only half the time it may (else passes)
    and, when it may lay a card on its own pile, always lays one (any alike): so its games
    end within the bound of :func:`~bluffmath.muenchhausen.rules.turns_bound`."""

    name: str = "random"
    seed: int = 0

    def __post_init__(self) -> None:
        _name(self.name)
        whole_number("seed", self.seed, 0, MAX_SEED)
        self._rng = random.Random(self.seed)

    def act(self, state: State) -> Action:
        _to_act(state)
        legal = state.legal_actions()
        if state.phase == "offer" and len(legal) > 1 and self._rng.random() < 0.5:
            return Pass()
        if state.phase == "reward" and len(legal) > 1:
            legal = legal[1:]  # not Reward(None)
        return self._rng.choice(legal)


@dataclass
class HonestBot:
    """Never lies: offers the highest card it holds (once it beats the floor), lays the
    lowest card that is enough, names ``named``, believes unless the table knows the offer
    cannot be backed, takes the first of equal offers, and lays its highest card on its pile."""

    name: str = "honest"
    named: int = 5

    def __post_init__(self) -> None:
        _name(self.name)
        whole_number("named", self.named, 1, 8)

    def act(self, state: State) -> Action:
        seat = _to_act(state)
        hand, _ = state.view(seat)
        if state.phase == "name":
            return Name(min(max(self.named, state.game.values[0]), state.game.values[-1]))
        if state.phase == "offer":
            return Offer(max(hand)) if state.can_offer(max(hand)) else Pass()
        if state.phase == "choose":
            return state.legal_actions()[0]
        if state.phase == "lay":  # with two players a card must be above the named value
            need = state.named + 1 if state.game.two_player else state.offer_value
            return Lay(min((c for c in hand if c >= need), default=min(hand)))
        if state.phase == "decide":
            k = tracker(LOWEST_ENOUGH).knowledge(state.log)
            return Doubt() if k is not None and honest_chance(k) == 0 else Believe()
        return Reward(max(hand))


@dataclass
class OddsBot:
    """Plays by the exact numbers, under the card model ``model``: doubts when doubting
    gains more this turn on average (:func:`~bluffmath.muenchhausen.advice.decide`); among
    equal offers takes the one worth most to it; offers the value with the best expected
    gain, counting the offer believed when the table finds it at least even money and
    doubted otherwise (passes when nothing gains or its offer is already the highest); lays
    its highest card (never worse: a believed card counts for it, a doubted lie comes back;
    with two players, its highest card not above the named value, which goes to its own
    pile); names ``named``; lays its highest card on its own pile."""

    name: str = "odds"
    model: CardModel = field(default=LOWEST_ENOUGH)
    named: int = 6

    def __post_init__(self) -> None:
        _name(self.name)
        self.model = card_model(self.model)
        whole_number("named", self.named, 1, 8)

    def act(self, state: State) -> Action:
        seat = _to_act(state)
        hand, _ = state.view(seat)
        if state.phase == "name":
            return Name(min(max(self.named, state.game.values[0]), state.game.values[-1]))
        if state.phase == "offer":
            return self._offer(state, hand)
        if state.phase == "choose":
            return max(state.legal_actions(), key=lambda a: self._worth(state, a.seat, hand))
        if state.phase == "lay":
            return Lay(_open_card(hand, state.named) if state.game.two_player else max(hand))
        if state.phase == "decide":
            k = tracker(self.model).knowledge(state.log, state.to_act, hand)
            return Doubt() if k is None or _decide(k, k.pending, hand).choice == "doubt" else Believe()
        return Reward(max(hand))

    def _offer(self, state: State, hand: tuple[int, ...]) -> Action:
        seat = state.to_act
        if state.offers and state.offers[-1][0] == seat and state.highest == state.offers[-1][1]:
            return Pass()
        k = tracker(self.model).knowledge(state.log, state.to_act, hand)
        legal = state._offerable()
        if k is None or not legal:
            return Pass()
        best, gain = None, Fraction(0)
        for v, looks, believed, doubted in offer_numbers(k, seat, hand, legal, self.model):
            value = believed if 2 * looks.numerator >= looks.denominator else doubted  # looks >= 1/2
            if value > gain:
                best, gain = v, value
        return Offer(best) if best is not None else Pass()

    def _worth(self, state: State, seat: int, hand: tuple[int, ...]) -> Fraction:
        """What taking ``seat``'s offer is worth to the start player, on average."""
        k = tracker(self.model).knowledge(state.log, state.to_act, hand)
        if k is None:
            return Fraction(0)
        offer = max(v for s, v in state.offers if s == seat)
        laid = Laid(seat, state.start, offer)
        d = _decide(k._after(laid), laid, hand)
        return max(d.believe, d.doubt)


class Tracker:
    """What the table knows under one card model, kept up to date as a game's log grows.

    A bot asks at every move; replaying the whole log each time made a game's cost grow
    with the square of its length. The tracker replays only the events added since it was
    last asked, when the new log holds the same event objects at the first and the last
    place of the log it saw: the engine makes each event once, when it appends it to a
    log, so such a log continues the one seen. Any other log is replayed from its start.
    The answer is :meth:`Knowledge._from_engine` of the whole log.

    >>> from bluffmath.muenchhausen.game import Game
    >>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
    >>> table = Tracker(LOWEST_ENOUGH)
    >>> table.knowledge(state.log) == Knowledge._from_engine(state.log, LOWEST_ENOUGH, 0, None)
    True
    >>> later = state.believe().name(5)
    >>> table.knowledge(later.log).hands(2) == Knowledge.from_log(later.log).hands(2)
    True
    """

    def __init__(self, model: CardModel) -> None:
        self.model = model
        self._start()

    def _start(self) -> None:
        self._log: tuple[Event, ...] = ()
        self._known: Knowledge | None = Knowledge(self.model)

    def knowledge(self, log: tuple[Event, ...], me: int | None = None,
                  hand: tuple[int, ...] | None = None) -> Knowledge | None:
        """The knowledge after ``log`` (with ``me``'s ``hand`` known, if given); None once
        the log contradicts the model (as a replay of the whole log finds)."""
        seen = len(self._log)
        if seen > len(log) or (seen and (log[seen - 1] is not self._log[-1] or log[0] is not self._log[0])):
            self._start()
            seen = 0
        k = self._known
        try:
            for event in log[seen:] if k is not None else ():
                k = k._after(event)
        except ModelContradicted:
            k = None
        self._log, self._known = log, k
        if k is None or hand is None:
            return k
        return k._but(beliefs=(*k.beliefs[:me], {hand: Fraction(1)}, *k.beliefs[me + 1:]))


_TRACKERS: dict[CardModel, Tracker] = {}


def tracker(model: CardModel) -> Tracker:
    """The one :class:`Tracker` of ``model`` that every bot of this process shares: the bots
    at a table see the same log, so each event is read once per card model, not once per
    bot. Bots at two tables played by turns make it start again, never answer wrong."""
    if model not in _TRACKERS:
        _TRACKERS[model] = Tracker(model)
    return _TRACKERS[model]


def _open_card(hand: tuple[int, ...], named: int) -> int:
    """Two players: the highest card not above the named value goes to one's own pile (it
    counts twice: out of the hand, onto the pile); failing that, the lowest card."""
    return max((c for c in hand if c <= named), default=min(hand))


def play_game(game: Game, bots: Sequence[object]) -> State:
    """One game between ``bots`` (one per seat); the final State. Every round ends (see
    :func:`~bluffmath.muenchhausen.rules.turns_bound`), so the game does."""
    if not isinstance(game, Game):
        raise InvalidInputError(f"game must be a Münchhausen Game (such as Game(players=4)), got {game!r}")
    bots = bounded("bots", bots, MAX_PLAYERS)
    if len(bots) != game.players:
        raise InvalidInputError(f"bots must hold one bot per seat: {game.players}, got {len(bots)}")
    for seat, bot in enumerate(bots):
        bot_object(f"the bot in seat {seat}", bot, "act", "a Münchhausen bot (such as OddsBot())")
    state = game.new_game()
    while not state.is_terminal:
        state = state.apply(bots[state.to_act].act(state))
    return state
