"""The Duel's bots: each reads only its seat's view (:class:`~bluffmath.duel.engine.DuelView`)
and chooses a move.

:class:`StrategyBot` plays a behavioural strategy for each player of the tree, each move
drawn with exactly its chances: :func:`equilibrium_bot` plays the refined equilibrium that
ships with bluffmath (it also punishes misplays: :func:`~bluffmath.duel.strategies.played_strategy`),
:func:`random_bot` Hochstapler's random bot read in the Duel. :class:`ReaderBot`
(:func:`reading_bot`) counts the other seat's moves and plays the exact best reply to them.

>>> from bluffmath.duel.engine import Game
>>> game = Game(deck=(0, 1, 2, 3, 4))
>>> bot = equilibrium_bot(game)
>>> bot.mix(game.new_game(seed=22).view(0))    # holding 4, open with 3, 4 or 5
{Call(total=3): Fraction(221, 540), Call(total=4): Fraction(293, 540), Call(total=5): Fraction(13, 270)}
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from bluffmath.duel.actions import Action, action_name, action_of
from bluffmath.duel.engine import Deal, DuelView, Game, checked
from bluffmath.duel.strategies import bot_strategy, certificate, played_strategy
from bluffmath.equilibrium.bot import draw
from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.validate import shown


@dataclass(frozen=True)
class StrategyBot:
    """A bot that plays a behavioural strategy for each player of the tree (``strategies``:
    player 1's, player 2's, each at every information set), drawing each move with exactly
    its chances (:func:`~bluffmath.equilibrium.draw`). It reads only its seat's view."""

    name: str
    strategies: tuple[Mapping[str, Mapping[str, Fraction]], Mapping[str, Mapping[str, Fraction]]]

    def mix(self, view: DuelView) -> dict[Action, Fraction]:
        """The chance of each move at the view's information set (its seat's turn)."""
        _check_turn(view)
        mix = self.strategies[view.player - 1].get(view.infoset)
        if mix is None:
            raise InvalidInputError(f"the bot {self.name} has no strategy at {view.infoset}: is the view of "
                                    f"a game on another deck than its own?")
        return {action_of(a): p for a, p in mix.items()}

    def choose(self, view: DuelView, rng: random.Random) -> Action:
        """A move drawn with the mix's exact chances."""
        _check_rng(rng)
        mix = self.mix(view)
        actions = list(mix)
        return actions[draw(rng, [mix[a] for a in actions])]


def equilibrium_bot(game: Game) -> StrategyBot:
    """The equilibrium bot of ``game``'s deck (:func:`played_strategy`)."""
    checked("game", game, Game)
    return _bot("equilibrium", game.deck)


def random_bot(game: Game) -> StrategyBot:
    """Hochstapler's random bot read in the Duel (:func:`~bluffmath.duel.strategies.bot_strategy`):
    facing a call it doubts 1/3; else it calls, from the lowest call it may make to 4 above
    it, each alike."""
    checked("game", game, Game)
    return _bot("random", game.deck)


@dataclass(frozen=True)
class ReaderBot:
    """The Duel's bot that reads you (:class:`~bluffmath.equilibrium.ReadingBot`, prior 4):
    it counts the other seat's moves in the deals finished so far, as player 1 and as
    player 2 apart (the seats take turns to open), and plays the exact best reply to them
    in the role it has now. It reads only its seat's view: the finished deals are public.

    >>> game = Game(deck=(0, 1, 2, 3, 4), deals=4)
    >>> view = game.new_game(seed=1).view(0)
    >>> ReaderBot().choose(view, random.Random(0)) in view.legal
    True
    """

    name: str = "reader"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidInputError(f"name must be text, got {shown(self.name)} ({type(self.name).__name__})")

    def reader(self, view: DuelView) -> Any:
        """The ReadingBot of the role this seat plays now, with the other seat's moves in
        the opposite role counted."""
        return _reader(view.game.deck, view.player, _observed(view))

    def choose(self, view: DuelView, rng: random.Random) -> Action:
        """The reply's move at the view's information set (``rng`` is not used). The reply
        is kept while the moves counted stay the same (a whole deal): on the real colour it
        takes a few seconds."""
        _check_rng(rng)
        _check_turn(view)
        (name,) = _reply(view.game.deck, view.player, _observed(view))[view.infoset]
        return action_of(name)


def _check_turn(view: DuelView) -> None:
    checked("view", view, DuelView)
    if view.to_act != view.me:
        raise IllegalActionError(f"it is not seat {view.me}'s turn")


def _check_rng(rng: random.Random) -> None:
    if not isinstance(rng, random.Random):
        raise InvalidInputError(f"rng must be a random.Random, got {type(rng).__name__}")


def _observed(view: DuelView) -> tuple[tuple[str, str], ...]:
    """The other seat's moves in the finished deals, in the role opposite to the view's."""
    return tuple((infoset, action) for deal in view.deals
                 for infoset, player, action in _moves(deal, 1 - view.me) if player != view.player)


def _reader(deck: tuple[int, ...], player: int, observed: tuple[tuple[str, str], ...]) -> Any:
    from bluffmath.equilibrium.reader import ReadingBot

    bot = ReadingBot(certificate(deck), player)
    for infoset, action in observed:
        bot.observe(infoset, action)
    return bot


@lru_cache(maxsize=32)
def _reply(deck: tuple[int, ...], player: int, observed: tuple[tuple[str, str], ...]
           ) -> Mapping[str, Mapping[str, Fraction]]:
    return _reader(deck, player, observed).reply().strategy


def _moves(deal: Deal, seat: int) -> Iterable[tuple[str, int, str]]:
    """``seat``'s moves in a finished deal: (information set, tree player, action name)."""
    player = 1 if seat == deal.opener else 2
    for i, (mover, action) in enumerate(deal.events()):
        if mover == seat:
            yield f"{deal.cards[seat]}:" + ",".join(map(str, deal.calls[:i])), player, action_name(action)


def reading_bot(game: Game) -> ReaderBot:
    """The bot that reads the other seat (:class:`ReaderBot`); ``game`` names the deck."""
    checked("game", game, Game)
    certificate(game.deck)  # a deck without a stored equilibrium is refused here
    return ReaderBot()


@cache
def _bot(name: str, deck: tuple[int, ...]) -> StrategyBot:
    """A bot's strategies, made once per deck (the real colour's random bot takes seconds)."""
    if name == "equilibrium":
        return StrategyBot(name, (played_strategy(deck, 1), played_strategy(deck, 2)))
    from bluffmath.hochstapler.bots import RandomBot
    return StrategyBot(name, (bot_strategy(RandomBot(), 1, deck), bot_strategy(RandomBot(), 2, deck)))

