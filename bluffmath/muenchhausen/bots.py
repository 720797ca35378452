"""Bots for Münchhausen: a random player, an honest one, and one that plays by the odds.

A bot is any object with ``name`` and ``act(state) -> Action``; it looks only at what its
seat may know, ``state.view(state.to_act)``: its own hand and the public log.

>>> from bluffmath.muenchhausen.game import Game
>>> end = play_game(Game(players=4, rounds=2), [OddsBot(), HonestBot(), RandomBot(seed=1), RandomBot(seed=2)])
>>> end.is_terminal, len(end.scores)
(True, 4)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.muenchhausen.advice import _outcomes
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
from bluffmath.muenchhausen.knowledge import LOWEST_ENOUGH, CardModel, card_model
from bluffmath.muenchhausen.rules import MAX_PLAYERS
from bluffmath.muenchhausen.weights import Table, tracker
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
            table = tracker(LOWEST_ENOUGH).table(state.log)
            return Doubt() if table is not None and _honest_weight(table) == 0 else Believe()
        return Reward(max(hand))


@dataclass
class OddsBot:
    """Plays by the exact numbers, under the card model ``model``: doubts when doubting
    gains more this turn on average (:func:`~bluffmath.muenchhausen.advice.decide`); among
    equal offers takes the one worth most to it; offers the value with the best expected
    gain, counting the offer believed when the model, given the bot's own hand, lays an
    honest card on it at least half the time, and doubted otherwise (passes when nothing
    gains or its offer is already the highest); after a shown card that contradicts the
    model it doubts every card and offers nothing until the next round; lays
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
            table = tracker(self.model).table(state.log)
            return Doubt() if table is None or not _believes(table.cards, table.pending.offer, hand) else Believe()
        return Reward(max(hand))

    def _offer(self, state: State, hand: tuple[int, ...]) -> Action:
        seat = state.to_act
        if state.offers and state.offers[-1][0] == seat and state.highest == state.offers[-1][1]:
            return Pass()
        legal = state._offerable()
        if not legal or tracker(self.model).table(state.log) is None:
            return Pass()
        best = _best_offer(self.model, hand, tuple(legal))
        return Offer(best) if best is not None else Pass()

    def _worth(self, state: State, seat: int, hand: tuple[int, ...]) -> Fraction:
        """What taking ``seat``'s offer is worth to the start player, on average."""
        table = tracker(self.model).table(state.log)
        if table is None:
            return Fraction(0)
        offer = max(v for s, v in state.offers if s == seat)
        cards = table.lay_weights(seat, offer)
        believe, doubt = _sums(cards, offer, hand)
        return Fraction(max(believe, doubt), sum(cards.values()))


def _sums(cards: dict[int, int], offer: int, hand: tuple[int, ...]) -> tuple[int, int]:
    """The start player's expected score change if it believes and if it doubts, times the
    cards' total weight (see :func:`~bluffmath.muenchhausen.advice.decide`)."""
    reward = 2 * max(hand) if hand else 0  # an empty hand lays nothing
    believe = sum(w * c for c, w in cards.items())
    doubt = sum(w * (-c if c >= offer else reward) for c, w in cards.items())
    return believe, doubt


def _believes(cards: dict[int, int], offer: int, hand: tuple[int, ...]) -> bool:
    """Believing gains more than doubting (a tie doubts, as ``Decision.choice`` does)."""
    believe, doubt = _sums(cards, offer, hand)
    return believe > doubt


def _honest_weight(table: Table) -> int:
    """The weight of an honest face-down card (0: the table knows it is a lie)."""
    offer = table.pending.offer
    return sum(w for c, w in table.cards.items() if c >= offer)


@functools.lru_cache(maxsize=1 << 14)
def _best_offer(model: CardModel, hand: tuple[int, ...], legal: tuple[int, ...]) -> int | None:
    """The odds bot's offer: the value of the best expected gain, counted believed when the
    model gives my hand at least an even chance of laying an honest card on it."""
    best, gain = None, Fraction(0)
    for v in legal:
        believed, doubted = _outcomes(model, hand, v)
        looks = model._honest(hand, v)
        value = believed if 2 * looks.numerator >= looks.denominator else doubted  # looks >= 1/2
        if value > gain:
            best, gain = v, value
    return best


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
