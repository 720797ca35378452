"""The Hochstapler Duel, played: a rules engine for two seats, the equilibrium bot, exact
values of every move, and saves.

:mod:`bluffmath.hochstapler.duel` builds the Duel as a game tree for the equilibrium
solver; this module plays it. A :class:`Game` holds the deck (default the real colour)
and the length of a match (``deals``, the openers alternating deal by deal); a
:class:`State` never changes: ``call(total)``, ``doubt()`` and ``apply(action)`` return a
new one, ``verify_*`` says why a move is illegal and ``can_*`` answers yes or no. Each
deal gives both seats one card of the deck, drawn from the seed. The deal's opener
(player 1 in the tree) calls a total from 1 to ``T`` (the sum of the deck's two highest
cards); then each in turn raises or doubts. A call of ``T`` cannot be beaten, so it is
doubted at once (the tree ends there too). A doubt shows both cards: if they reach the
call the caller wins the deal (+1) and the doubter loses it (-1), else the reverse.

What a seat may know is :meth:`State.view`: its own card, the calls, and every finished
deal (a deal ends with both cards shown). ``state.infoset`` names the seat to act's
information set in the tree (``"3:4,7"``: holding 3 after the calls 4 and 7) and
``state.node`` is the node of :func:`~bluffmath.hochstapler.duel` it stands at.

>>> game = Game(deck=(0, 1, 2, 3, 4))
>>> state = game.new_game(seed=22)
>>> state.cards, state.to_act, state.legal_actions()[:3]
((4, 3), 0, [Call(total=1), Call(total=2), Call(total=3)])
>>> state = state.call(5)
>>> state.view(1).card, state.view(1).calls, state.infoset
(3, (5,), '3:5')
>>> end = state.doubt()                        # 4 + 3 reaches 5: the caller wins
>>> end.is_terminal, end.scores, end.deals[0].winner
(True, (1, -1), 0)

The equilibrium bot plays the refined equilibrium that ships with bluffmath (it also
punishes misplays: :func:`played_strategy`); :func:`move_values` values every move exactly
against the certificate the lessons read (:func:`~bluffmath.equilibrium.stored`), and
:func:`review` reviews a seat's moves so:

>>> bot = equilibrium_bot(game)
>>> bot.mix(game.new_game(seed=22).view(0))    # holding 4, open with 3, 4 or 5
{Call(total=3): Fraction(221, 540), Call(total=4): Fraction(293, 540), Call(total=5): Fraction(13, 270)}
>>> values = move_values(game, player=2, card=2, calls=(4,))
>>> values[DOUBT], values[Call(6)], values[Call(7)]   # the equilibrium doubts or calls 6 here
(Fraction(-1, 5), Fraction(-1, 5), Fraction(-1, 1))
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from typing import Any, NoReturn

from bluffmath import seal
from bluffmath.equilibrium.bot import draw
from bluffmath.equilibrium.certificate import Certificate, stored
from bluffmath.equilibrium.tree import Chance, Decision
from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.hochstapler.duel import COLOUR, check_deck, duel
from bluffmath.limits import MAX_ACTIONS, MAX_DUEL_CALL, MAX_SEED
from bluffmath.review.decision import Decision as Reviewed
from bluffmath.review.decision import Luck, Review
from bluffmath.schema import Node, describe
from bluffmath.validate import shown, whole_number

__all__ = [
    "DOUBT",
    "MODEL",
    "UNIT",
    "Action",
    "Call",
    "Deal",
    "Doubt",
    "DuelView",
    "Game",
    "ReaderBot",
    "State",
    "StrategyBot",
    "action_name",
    "action_of",
    "certificate",
    "deal_cards",
    "equilibrium_bot",
    "equilibrium_strategy",
    "load_duel",
    "move_values",
    "played_strategy",
    "random_bot",
    "read_save",
    "reading_bot",
    "replay_save",
    "review",
    "save_duel",
]

#: The longest match: deals in one game.
MAX_DEALS = 100
FORMAT = "bluffmath-hochstapler-duel"
#: The format's name before 2026-12-04, still read.
FORMERLY = "bluffmath/hochstapler-duel"
VERSION = 1
#: What :func:`move_values` and :func:`review` measure.
UNIT = "expected points of the deal against the equilibrium bot, playing best after this move"
MODEL = ("Each move is valued by the points it expects in its deal (+1 a deal won, -1 a deal "
         "lost) against the equilibrium bot (the certificate that ships with bluffmath), when "
         "you play best from then on. The other card is weighted by how likely the equilibrium "
         "makes the other player's calls with it; if the equilibrium would never have made "
         "those calls with any card, by card counting alone (the deck's other cards, at random).")


# --- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """Call ``total``: the two cards reach at least that much."""

    total: int

    def __post_init__(self) -> None:
        whole_number("a call's total", self.total, 1, MAX_DUEL_CALL)

    def __str__(self) -> str:
        return f"call {self.total}"


@dataclass(frozen=True)
class Doubt:
    """Doubt the last call: both cards are shown."""

    def __str__(self) -> str:
        return "doubt"


Action = Call | Doubt
DOUBT = Doubt()


def action_name(action: Action) -> str:
    """The action's name in the tree: ``"doubt"`` or the call's total as digits."""
    return "doubt" if isinstance(action, Doubt) else str(action.total)


def action_of(name: str) -> Action:
    """The action the tree names ``name``."""
    return DOUBT if name == "doubt" else Call(int(name))


# --- the match -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """The variant: the ``deck`` (card values; default the real colour) and the number of
    ``deals`` in a match (1 to :data:`MAX_DEALS`; the seats open in turn)."""

    deck: tuple[int, ...] = COLOUR
    deals: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", check_deck(self.deck))
        whole_number("deals", self.deals, 1, MAX_DEALS)

    @property
    def top(self) -> int:
        """``T``, the highest call: the sum of the deck's two highest cards."""
        return self.deck[-1] + self.deck[-2]

    @property
    def tree(self) -> Any:
        """The Duel on this deck as a game tree (:func:`~bluffmath.hochstapler.duel`)."""
        return _tree_game(self.deck)

    def new_game(self, seed: int = 0, opener: int = 0) -> State:
        """A match dealt from ``seed`` (0 to MAX_SEED); seat ``opener`` opens the first deal."""
        whole_number("seed", seed, 0, MAX_SEED)
        whole_number("opener", opener, 0, 1)
        return _built(game=self, seed=seed, opener=opener, deals=(),
                      cards=deal_cards(self.deck, seed, 0), calls=())

    def replay(self, seed: int, opener: int, events: Iterable[tuple[int, Action]]) -> State:
        """The state after ``events`` ((seat, action) pairs, as :attr:`State.events` lists
        them) from the deal of ``seed``; IllegalActionError naming the first that cannot be.

        >>> game = Game(deck=(0, 1, 2))
        >>> game.replay(1, 0, [(0, Call(2)), (0, DOUBT)])
        Traceback (most recent call last):
        ...
        bluffmath.errors.IllegalActionError: event 2 (seat 0: doubt): it is seat 1's turn, not seat 0's
        """
        state = self.new_game(seed, opener)
        for number, (seat, action) in enumerate(events, 1):
            if number > MAX_ACTIONS:
                raise InvalidInputError(f"a match has at most {MAX_ACTIONS:,} events")
            try:
                state = state.play(seat, action)
            except IllegalActionError as error:
                raise IllegalActionError(f"event {number} (seat {seat}: {action}): {error}") from None
        return state


def deal_cards(deck: tuple[int, ...], seed: int, number: int) -> tuple[int, int]:
    """Seat 0's and seat 1's card of deal ``number``: two cards of the deck, drawn without
    replacement; the same on every machine and Python."""
    rng = random.Random(f"bluffmath-duel/{seed}/{number}")
    first, second = rng.sample(sorted(deck), 2)
    return first, second


@dataclass(frozen=True)
class Deal:
    """A finished deal, its cards shown: the seat that opened, each seat's card, the calls
    in order (from the opener, alternating), and whether the last call was the highest,
    doubted at once (``forced``)."""

    number: int  # 0: the first deal
    opener: int
    cards: tuple[int, int]
    calls: tuple[int, ...]
    forced: bool

    @property
    def caller(self) -> int:
        """The seat that made the last call."""
        return self.opener if len(self.calls) % 2 else 1 - self.opener

    @property
    def doubter(self) -> int:
        """The seat that doubted it (or had to)."""
        return 1 - self.caller

    @property
    def total(self) -> int:
        """The two cards' sum."""
        return self.cards[0] + self.cards[1]

    @property
    def call_was_true(self) -> bool:
        """True when the cards reach the last call (the caller wins)."""
        return self.total >= self.calls[-1]

    @property
    def winner(self) -> int:
        """The seat that won the deal."""
        return self.caller if self.call_was_true else self.doubter

    def payoff(self, seat: int) -> int:
        """+1 to the winner, -1 to the other."""
        return 1 if seat == self.winner else -1

    def events(self) -> tuple[tuple[int, Action], ...]:
        """The deal's moves as (seat, action); a forced doubt is no move."""
        moves: list[tuple[int, Action]] = [((self.opener + i) % 2, Call(t)) for i, t in enumerate(self.calls)]
        if not self.forced:
            moves.append((self.doubter, DOUBT))
        return tuple(moves)


@dataclass(frozen=True)
class DuelView:
    """What seat ``me`` may know: its own card (None once the match is over), the calls of
    this deal, who opened it and who is to act, and every finished deal (cards shown)."""

    game: Game
    me: int
    card: int | None
    calls: tuple[int, ...]
    opener: int
    to_act: int | None
    deals: tuple[Deal, ...]

    @property
    def player(self) -> int:
        """1 if ``me`` opens this deal, else 2 (the tree's players)."""
        return 1 if self.me == self.opener else 2

    @property
    def infoset(self) -> str:
        """This seat's information set in the tree (meaningful on its turn)."""
        return f"{self.card}:" + ",".join(map(str, self.calls))

    @property
    def scores(self) -> tuple[int, int]:
        """Each seat's points over the finished deals."""
        return _scores(self.deals)

    @property
    def legal(self) -> list[Action]:
        """The moves of this seat now (none when it is not its turn)."""
        return _legal(self.game.top, self.calls) if self.to_act == self.me else []


@dataclass(frozen=True)
class State:
    """One moment of a match; see the module docstring. Build it with ``Game.new_game``.
    A State built by hand is checked: it must be what the engine reaches by replaying its
    events from the deal its seed gives."""

    game: Game
    seed: int
    opener: int
    deals: tuple[Deal, ...]      # the finished deals
    cards: tuple[int, int] | None  # this deal's, by seat; None once the match is over
    calls: tuple[int, ...]       # this deal's calls

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise InvalidInputError(f"game must be a Game, got {type(self.game).__name__}")
        if type(self.deals) is not tuple or not all(type(d) is Deal for d in self.deals):
            raise InvalidInputError("deals must be a tuple of Deal")
        if type(self.calls) is not tuple:
            raise InvalidInputError(f"calls must be a tuple, got {type(self.calls).__name__}")
        events = [e for d in self.deals for e in d.events()]
        first = (self.opener + len(self.deals)) % 2 if type(self.opener) is int else 0
        events += [((first + i) % 2, Call(t)) for i, t in enumerate(self.calls)]
        replayed = self.game.replay(self.seed, self.opener, events)
        for name in ("deals", "cards", "calls"):
            if getattr(self, name) != getattr(replayed, name):
                raise InvalidInputError(f"{name} is not what the events give from the deal of seed "
                                        f"{self.seed}: {getattr(self, name)!r}, not {getattr(replayed, name)!r}")

    # --- what the table shows ----------------------------------------------------------
    @property
    def deal(self) -> int:
        """The deal being played (0: the first); at the end, the number of deals."""
        return len(self.deals)

    @property
    def is_terminal(self) -> bool:
        """True when the match is over."""
        return self.cards is None

    @property
    def deal_opener(self) -> int:
        """The seat that opens this deal (player 1 in the tree)."""
        return (self.opener + self.deal) % 2

    @property
    def to_act(self) -> int | None:
        """The seat to move, None at the end."""
        return None if self.cards is None else (self.deal_opener + len(self.calls)) % 2

    def player(self, seat: int) -> int:
        """1 if ``seat`` opens this deal, else 2."""
        return 1 if seat == self.deal_opener else 2

    @cached_property
    def scores(self) -> tuple[int, int]:
        """Each seat's points over the finished deals (+1 a deal won, -1 a deal lost)."""
        return _scores(self.deals)

    @property
    def events(self) -> tuple[tuple[int, Action], ...]:
        """Every move of the match so far, as (seat, action), in order."""
        done = tuple(e for d in self.deals for e in d.events())
        first = self.deal_opener
        return done + tuple(((first + i) % 2, Call(t)) for i, t in enumerate(self.calls))

    @property
    def infoset(self) -> str:
        """The seat to act's information set in the tree, ``"card:calls"``."""
        if self.cards is None:
            raise IllegalActionError("the match is over: nobody is to act")
        return f"{self.cards[self.to_act]}:" + ",".join(map(str, self.calls))

    @property
    def node(self) -> Any:
        """The node of the Duel's game tree this deal stands at (a Decision; at the end
        of the match, the Terminal where the last deal ended)."""
        if self.cards is None:
            last = self.deals[-1]
            cards, opener, calls = last.cards, last.opener, last.calls
            names = [str(t) for t in calls] + ([] if last.forced else ["doubt"])
        else:
            cards, opener, calls = self.cards, self.deal_opener, self.calls
            names = [str(t) for t in calls]
        return _walk(self.game.tree.root, (cards[opener], cards[1 - opener]), names)

    def view(self, seat: int) -> DuelView:
        """What ``seat`` may know: never the other seat's card before the deal ends."""
        whole_number("seat", seat, 0, 1)
        card = None if self.cards is None else self.cards[seat]
        return DuelView(self.game, seat, card, self.calls, self.deal_opener, self.to_act, self.deals)

    # --- moves ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The seat to act's moves: the doubt (once there is a call), then the calls."""
        return [] if self.cards is None else _legal(self.game.top, self.calls)

    def verify_call(self, total: int) -> None:
        """Raise IllegalActionError unless the seat to act may call ``total``."""
        self._verify_playing()
        low, top = (self.calls[-1] + 1 if self.calls else 1), self.game.top
        if type(total) is not int or not low <= total <= top:
            beat = f" to beat {self.calls[-1]}" if self.calls else ""
            raise IllegalActionError(f"a call{beat} names a whole number from {low} to {top} (the "
                                     f"sum of the deck's two highest cards), got {shown(total)}")

    def can_call(self, total: int) -> bool:
        """True if :meth:`call` would succeed."""
        return _can(self.verify_call, total)

    def call(self, total: int) -> State:
        """Call ``total``; the highest call is doubted at once and ends the deal."""
        self.verify_call(total)
        calls = (*self.calls, total)
        if total == self.game.top:
            return self._settled(calls, forced=True)
        return self._next(calls=calls)

    def verify_doubt(self) -> None:
        """Raise IllegalActionError unless the seat to act may doubt."""
        self._verify_playing()
        if not self.calls:
            raise IllegalActionError("there is no call to doubt: open the deal with a call")

    def can_doubt(self) -> bool:
        """True if :meth:`doubt` would succeed."""
        return _can(self.verify_doubt)

    def doubt(self) -> State:
        """Doubt the last call: the cards are shown, the deal is settled."""
        self.verify_doubt()
        return self._settled(self.calls, forced=False)

    def apply(self, action: Action) -> State:
        """Apply an action object; IllegalActionError if it is not legal here."""
        if isinstance(action, Call):
            return self.call(action.total)
        if isinstance(action, Doubt):
            return self.doubt()
        raise IllegalActionError(f"an action is a Call or a Doubt, got {shown(action)}")

    def play(self, seat: int, action: Action) -> State:
        """:meth:`apply`, checking that it is ``seat``'s turn (a replay's check)."""
        self._verify_playing()
        if type(seat) is not int or seat != self.to_act:
            raise IllegalActionError(f"it is seat {self.to_act}'s turn, not seat {shown(seat)}'s")
        return self.apply(action)

    # --- the engine's steps --------------------------------------------------------------
    def _verify_playing(self) -> None:
        if self.cards is None:
            raise IllegalActionError(f"the match is over (all {self.game.deals} deals are played)")

    def _settled(self, calls: tuple[int, ...], forced: bool) -> State:
        assert self.cards is not None
        deals = (*self.deals, Deal(self.deal, self.deal_opener, self.cards, calls, forced))
        if len(deals) == self.game.deals:
            return self._next(deals=deals, cards=None, calls=())
        return self._next(deals=deals, cards=deal_cards(self.game.deck, self.seed, len(deals)), calls=())

    def _next(self, **fields: Any) -> State:
        return _built(**{"game": self.game, "seed": self.seed, "opener": self.opener,
                         "deals": self.deals, "cards": self.cards, "calls": self.calls, **fields})


def _built(**fields: Any) -> State:
    """A State from the engine, valid by construction: no checks."""
    state = object.__new__(State)
    state.__dict__.update(fields)
    return state


def _legal(top: int, calls: tuple[int, ...]) -> list[Action]:
    low = calls[-1] + 1 if calls else 1
    return ([DOUBT] if calls else []) + [Call(t) for t in range(low, top + 1)]


def _scores(deals: tuple[Deal, ...]) -> tuple[int, int]:
    return (sum(d.payoff(0) for d in deals), sum(d.payoff(1) for d in deals))


def _can(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True


@cache
def _tree_game(deck: tuple[int, ...]) -> Any:
    return duel(deck)


def _walk(root: Any, pair: tuple[int, int], names: list[str]) -> Any:
    """The node below ``root`` for player 1 holding ``pair[0]``, player 2 ``pair[1]``,
    after the actions ``names``."""
    node = root
    if isinstance(node, Chance):
        node = next(child for _, child in node.branches
                    if _first_cards(child) == pair)
    for name in names:
        node = node.children[node.actions.index(name)]
    return node


def _first_cards(node: Decision) -> tuple[int, int]:
    """Player 1's and player 2's cards below a deal's first node (read off their infosets)."""
    first = int(node.infoset.partition(":")[0])
    reply = next(c for c in node.children if isinstance(c, Decision))
    return first, int(reply.infoset.partition(":")[0])


# --- the equilibrium and the bots ----------------------------------------------------------


def certificate(deck: Iterable[int]) -> Certificate:
    """The equilibrium of the Duel on ``deck`` that ships with bluffmath (checked once), or
    InvalidInputError naming the decks that have one."""
    values = check_deck(deck)
    cert = stored({"game": "hochstapler-duel", "deck": list(values)})
    if cert is None:
        from bluffmath.equilibrium.explore import DUELS
        raise InvalidInputError(f"bluffmath ships no equilibrium of the Duel on {','.join(map(str, values))}; "
                                f"the decks with one are {'; '.join(DUELS)}")
    return cert


@lru_cache(maxsize=16)
def equilibrium_strategy(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """The equilibrium bot's play as ``player`` at every information set: the certificate's
    mix where the equilibrium goes, and at a set it never reaches (the certificate leaves it
    out) the first action there, the doubt (or, opening, the call of 1), as
    :class:`~bluffmath.equilibrium.EquilibriumBot` plays. Do not change what it returns.

    >>> equilibrium_strategy((0, 1, 2), 1)["0:"]
    {'2': Fraction(1, 1)}
    """
    cert = certificate(deck)
    whole_number("player", player, 1, 2)
    chosen = cert.strategy(player)
    infosets = cert.game.infosets
    return {key: chosen.get(key) or {infosets[key].actions[0]: Fraction(1)}
            for key in cert.game.infosets_of(player)}


def played_strategy(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """The equilibrium bot's play as ``player``: the refined equilibrium where one ships
    with bluffmath (it also punishes misplays), completed as :func:`equilibrium_strategy`
    completes the plain one; else that.

    >>> played_strategy((0, 1, 2, 3, 4), 1)["0:"] == equilibrium_strategy((0, 1, 2, 3, 4), 1)["0:"]
    False
    """
    cert = certificate(deck)
    better = stored(cert.game.spec, refined=True)
    if better is None:
        return equilibrium_strategy(deck, player)
    whole_number("player", player, 1, 2)
    chosen, infosets = better.strategy(player), better.game.infosets
    return {key: chosen.get(key) or {infosets[key].actions[0]: Fraction(1)}
            for key in better.game.infosets_of(player)}


@dataclass(frozen=True)
class StrategyBot:
    """A bot that plays a behavioural strategy for each player of the tree (``strategies``:
    player 1's, player 2's, each at every information set), drawing each move with exactly
    its chances (:func:`~bluffmath.equilibrium.draw`). It reads only its seat's view."""

    name: str
    strategies: tuple[Mapping[str, Mapping[str, Fraction]], Mapping[str, Mapping[str, Fraction]]]

    def mix(self, view: DuelView) -> dict[Action, Fraction]:
        """The chance of each move at the view's information set (its seat's turn)."""
        if view.to_act != view.me:
            raise IllegalActionError(f"it is not seat {view.me}'s turn")
        return {action_of(a): p for a, p in self.strategies[view.player - 1][view.infoset].items()}

    def choose(self, view: DuelView, rng: random.Random) -> Action:
        """A move drawn with the mix's exact chances."""
        mix = self.mix(view)
        actions = list(mix)
        return actions[draw(rng, [mix[a] for a in actions])]


def equilibrium_bot(game: Game) -> StrategyBot:
    """The equilibrium bot of ``game``'s deck (:func:`played_strategy`)."""
    return _bot("equilibrium", game.deck)


def random_bot(game: Game) -> StrategyBot:
    """Hochstapler's random bot read in the Duel (:func:`~bluffmath.hochstapler.duel.bot_strategy`):
    facing a call it doubts 1/3; else it calls, from the lowest call it may make to 4 above
    it, each alike."""
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

    def reader(self, view: DuelView) -> Any:
        """The ReadingBot of the role this seat plays now, with the other seat's moves in
        the opposite role counted."""
        return _reader(view.game.deck, view.player, _observed(view))

    def choose(self, view: DuelView, rng: random.Random) -> Action:
        """The reply's move at the view's information set (``rng`` is not used). The reply
        is kept while the moves counted stay the same (a whole deal): on the real colour it
        takes a few seconds."""
        if view.to_act != view.me:
            raise IllegalActionError(f"it is not seat {view.me}'s turn")
        (name,) = _reply(view.game.deck, view.player, _observed(view))[view.infoset]
        return action_of(name)


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
    certificate(game.deck)  # a deck without a stored equilibrium is refused here
    return ReaderBot()


@cache
def _bot(name: str, deck: tuple[int, ...]) -> StrategyBot:
    """A bot's strategies, made once per deck (the real colour's random bot takes seconds)."""
    if name == "equilibrium":
        return StrategyBot(name, (played_strategy(deck, 1), played_strategy(deck, 2)))
    from bluffmath.hochstapler.bots import RandomBot
    from bluffmath.hochstapler.duel import bot_strategy
    return StrategyBot(name, (bot_strategy(RandomBot(), 1, deck), bot_strategy(RandomBot(), 2, deck)))


# --- every move's exact value against the equilibrium --------------------------------------


def move_values(game: Game, player: int, card: int, calls: tuple[int, ...]) -> dict[Action, Fraction]:
    """Each legal move of ``player`` holding ``card`` after ``calls``, valued exactly in
    :data:`UNIT` (see :data:`MODEL`): the points the deal then expects against the
    equilibrium bot, with best play afterwards.

    >>> game = Game(deck=(0, 1, 2))
    >>> move_values(game, 1, 0, ())     # with the 0, only a call of 1 or 2 can be true
    {Call(total=1): Fraction(1, 1), Call(total=2): Fraction(1, 1), Call(total=3): Fraction(-1, 1)}
    """
    whole_number("player", player, 1, 2)
    if type(card) is not int or card not in game.deck:
        raise InvalidInputError(f"card must be one of the deck's values {sorted(set(game.deck))}, got {shown(card)}")
    _legal_calls(game.top, calls)
    return dict(_values(game.deck, player, card, tuple(calls)))


def _legal_calls(top: int, calls: object) -> None:
    if type(calls) is not tuple or any(type(t) is not int for t in calls) \
            or list(calls) != sorted(set(calls)) or (calls and not 1 <= calls[0] <= calls[-1] < top):
        raise InvalidInputError(f"calls must be rising whole numbers from 1 to {top - 1}, got {shown(calls)}")


@lru_cache(maxsize=4096)
def _values(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    other = equilibrium_strategy(deck, 3 - player)
    top = deck[-1] + deck[-2]
    prior = _other_cards(deck, card)
    weights = {}
    for b, p in prior.items():  # the other player's calls: the even ones if player 2 is valued
        for i in range(player % 2, len(calls), 2):
            p *= other[_key(b, calls[:i])].get(str(calls[i]), 0)
        weights[b] = p
    if not any(weights.values()):
        weights = prior
    total = sum(weights.values(), Fraction(0))
    walk = _Walk(other, card, top)
    return tuple((a, walk.action(calls, a, weights) / total) for a in _legal(top, calls))


def _other_cards(deck: tuple[int, ...], card: int) -> dict[int, Fraction]:
    counts = Counter(deck)
    counts[card] -= 1
    return {b: Fraction(n, len(deck) - 1) for b, n in sorted(counts.items()) if n}


def _key(card: int, calls: tuple[int, ...]) -> str:
    return f"{card}:" + ",".join(map(str, calls))


@dataclass(frozen=True)
class _Walk:
    """The best reply, below one history, of a player holding ``card`` to the other's
    strategy ``other``, by the weights of the other's cards (unnormalised)."""

    other: Mapping[str, Mapping[str, Fraction]]
    card: int
    top: int

    def best(self, calls: tuple[int, ...], weights: dict[int, Fraction]) -> Fraction:
        return max(self.action(calls, a, weights) for a in _legal(self.top, calls))

    def action(self, calls: tuple[int, ...], action: Action, weights: dict[int, Fraction]) -> Fraction:
        card = self.card
        if isinstance(action, Doubt):  # I doubt: I win when the cards fall short of the call
            return sum((w if card + b < calls[-1] else -w for b, w in weights.items()), Fraction(0))
        t = action.total
        if t == self.top:  # doubted at once: I win when the cards reach it
            return sum((w if card + b >= t else -w for b, w in weights.items()), Fraction(0))
        after = (*calls, t)
        value = Fraction(0)
        replies: dict[int, dict[int, Fraction]] = {}
        for b, w in weights.items():
            for name, p in self.other[_key(b, after)].items():
                if name == "doubt":
                    value += w * p if card + b >= t else -w * p
                else:
                    replies.setdefault(int(name), {})[b] = w * p
        for reply, split in replies.items():
            value += self.best((*after, reply), split)
        return value


def review(state: State, seat: int) -> Review:
    """Every move of ``seat`` in the match, valued by :func:`move_values` (see :data:`MODEL`).

    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(3)     # holding 0: 3 cannot be true
    >>> [(d.choice, d.chosen_value, d.best) for d in review(state, 0).decisions]
    [('call 3', Fraction(-1, 1), ('call 1', 'call 2'))]
    """
    whole_number("seat", seat, 0, 1)
    decisions = []
    for number, deal, opener, card, before, action in _seat_moves(state, seat):
        player = 1 if seat == opener else 2
        values = _values(state.game.deck, player, card, before)
        decisions.append(Reviewed(number, seat, "doubt" if isinstance(action, Doubt) else "call",
                                  _position_words(deal, player, card, before),
                                  {str(a): v for a, v in values}, str(action), MODEL))
    found, expected, result = luck(state, seat)
    return Review("hochstapler-duel", seat, MODEL, UNIT, tuple(decisions), found, expected, result)


def luck(state: State, seat: int) -> tuple[tuple[Luck, ...], Fraction, Fraction]:
    """What chance did to ``seat`` in the match, event by event, under :data:`MODEL`, with
    the seat's expected result before the match and its result (a deal in play counted at
    its value now). Every value is :func:`position_value`: the deal's luck is the value
    with the card dealt minus the average over every card; the other player's move, the
    value after it minus the value before (the average over its every move, weighted as
    the model has them); the cards shown, the points won minus the value before. So the
    result minus the expected is exactly the luck minus the cost of the seat's moves.

    Seat 0 opens holding the 0 of (0, 1, 2): a call of 1 or 2 is sure to win against the
    equilibrium, so the deal is worth 1 where the opener's average is 1/3:

    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(2).doubt()
    >>> found, expected, result = luck(state, 0)
    >>> [(x.event, x.value) for x in found]
    [('deal 1: you hold 0', Fraction(2, 3)), ('their doubt and the cards shown', Fraction(0, 1))]
    >>> expected, result
    (Fraction(1, 3), Fraction(1, 1))
    """
    whole_number("seat", seat, 0, 1)
    deck, found = state.game.deck, []
    expected, result, number = Fraction(0), Fraction(0), 0
    pieces = [(d.number, d.opener, d.cards, d.calls, d, d.forced) for d in state.deals]
    if state.cards is not None:
        pieces.append((state.deal, state.deal_opener, state.cards, state.calls, None, False))
    for deal, opener, cards, calls, finished, forced in pieces:
        player, card = (1 if seat == opener else 2), cards[seat]
        average = sum((p * position_value(deck, player, c, ()) for c, p in _card_chances(deck).items()), Fraction(0))
        now = position_value(deck, player, card, ())
        expected += average
        found.append(Luck(number + 1, f"deal {deal + 1}: you hold {card}", now - average))
        for i, total in enumerate(calls):
            number += 1
            if (opener + i) % 2 == seat:
                now = dict(_values(deck, player, card, calls[:i]))[Call(total)]
            else:
                after = position_value(deck, player, card, calls[:i + 1])
                found.append(Luck(number, f"their call of {total}", after - now))
                now = after
        if finished is None:
            result += now
            continue
        if not forced:
            number += 1
            if finished.doubter == seat:
                now = dict(_values(deck, player, card, calls))[DOUBT]
        shown = "their doubt and the cards shown" if not forced and finished.doubter != seat else "the cards shown"
        found.append(Luck(number, shown, finished.payoff(seat) - now))
        result += finished.payoff(seat)
    return tuple(found), expected, result


def position_value(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...]) -> Fraction:
    """What ``player`` holding ``card`` expects from the deal after ``calls`` under
    :data:`MODEL`: its best move's value on its turn; on the other's turn, its last call's
    value (or, before the other's opening call, the average over the other's every card and
    opening call, each followed by its best reply).

    >>> position_value((0, 1, 2), 1, 0, ()), position_value((0, 1, 2), 1, 2, ())
    (Fraction(1, 1), Fraction(0, 1))
    >>> position_value((0, 1, 2), 2, 2, ())     # answering with the 2: the opener's call wins
    Fraction(-1, 1)
    """
    if len(calls) % 2 == player - 1:  # the player's turn
        return max(v for _, v in _values(deck, player, card, calls))
    if calls:
        return dict(_values(deck, player, card, calls[:-1]))[Call(calls[-1])]
    other = equilibrium_strategy(deck, 1)
    walk = _Walk(other, card, deck[-1] + deck[-2])
    replies: dict[int, dict[int, Fraction]] = {}
    for b, w in _other_cards(deck, card).items():
        for name, p in other[_key(b, ())].items():
            replies.setdefault(int(name), {})[b] = w * p
    return sum((walk.best((reply,), split) for reply, split in replies.items()), Fraction(0))


def _card_chances(deck: tuple[int, ...]) -> dict[int, Fraction]:
    return {c: Fraction(n, len(deck)) for c, n in sorted(Counter(deck).items())}


def bluff_spots(state: State, seat: int) -> list[tuple[int, bool, Fraction]]:
    """Each move of ``seat`` where it or the equilibrium might bluff: ``(number, bluffed,
    share)``, with ``share`` the equilibrium's chance of a bluff there (the certificate
    the lessons read, :func:`equilibrium_strategy`). A *bluff* is a call that the caller's
    own card gives no better than an even chance (card counting: the other card is any of
    the deck's others alike).

    >>> state = Game(deck=(0, 1, 2)).new_game(seed=0).call(2)     # seat 0 holds 0: even at best
    >>> bluff_spots(state, 0)
    [(1, True, Fraction(1, 1))]
    """
    whole_number("seat", seat, 0, 1)
    deck, spots = state.game.deck, []
    for number, _, opener, card, before, action in _seat_moves(state, seat):
        others = _other_cards(deck, card)

        def bluff(total: int, card: int = card, others: dict[int, Fraction] = others) -> bool:
            return 2 * sum((p for b, p in others.items() if card + b >= total), Fraction(0)) <= 1
        mix = equilibrium_strategy(deck, 1 if seat == opener else 2)[_key(card, before)]
        share = sum((p for a, p in mix.items() if a != "doubt" and bluff(int(a))), Fraction(0))
        bluffed = isinstance(action, Call) and bluff(action.total)
        if share or bluffed:
            spots.append((number, bluffed, share))
    return spots


def _seat_moves(state: State, seat: int) -> Iterator[tuple[int, int, int, int, tuple[int, ...], Action]]:
    """Each move of ``seat``: (its number in the match, the deal, the deal's opener, the
    seat's card, the calls before it, the move); a forced doubt is no move."""
    number = 0
    pieces = [(d.opener, d.cards, d.calls, d.forced, d.number) for d in state.deals]
    if state.cards is not None:
        pieces.append((state.deal_opener, state.cards, state.calls, True, state.deal))
    for opener, cards, calls, no_doubt, deal in pieces:
        moves = [(i, Call(t)) for i, t in enumerate(calls)] + ([] if no_doubt else [(len(calls), DOUBT)])
        for i, action in moves:
            number += 1
            if (opener + i) % 2 == seat:
                yield number, deal, opener, cards[seat], calls[:i], action


def _position_words(deal: int, player: int, card: int, calls: tuple[int, ...]) -> str:
    said = ", ".join(("you" if (i % 2 == 0) == (player == 1) else "they") + f" called {t}"
                     for i, t in enumerate(calls))
    return f"deal {deal + 1}, holding {card}, " + (said if said else "you open")


# --- saves ---------------------------------------------------------------------------------


def save_duel(state: State) -> str:
    """The match's log as JSON text: the variant, the seed, the opener, every move, every
    deal's cards as the seed dealt them, the seat to act, and the ``check`` (the SHA-256 of
    the rest, :mod:`bluffmath.seal`). The file holds the cards: not for the players' eyes.

    >>> text = save_duel(Game(deck=(0, 1, 2)).new_game(seed=1).call(1))
    >>> json.loads(text)["actions"], json.loads(text)["deals"]
    ([['call', 0, 1]], [{'cards': [2, 0]}])
    >>> load_duel(text) == Game(deck=(0, 1, 2)).new_game(seed=1).call(1)
    True
    """
    if not isinstance(state, State):
        raise InvalidInputError(f"save_duel saves a Duel State, got {type(state).__name__}")
    return json.dumps(seal.seal(_save_data(state)))


def _save_data(state: State) -> dict[str, Any]:
    game = state.game
    dealt = len(state.deals) + (state.cards is not None)
    return {
        "format": FORMAT, "version": VERSION,
        "game": {"deck": list(game.deck), "deals": game.deals},
        "seed": state.seed, "opener": state.opener,
        "actions": [["doubt", seat] if isinstance(a, Doubt) else ["call", seat, a.total]
                    for seat, a in state.events],
        "deals": [{"cards": list(deal_cards(game.deck, state.seed, n))} for n in range(dealt)],
        "to_act": state.to_act,
    }


@dataclass(frozen=True)
class SaveRecord:
    """What a save says, read strictly but not yet replayed."""

    game: Game
    seed: int
    opener: int
    events: tuple[tuple[int, Action], ...]
    deals: tuple[tuple[int, int], ...]
    to_act: int | None
    check: str


_WHAT = "this saved Duel"
_KEYS = ["format", "version", "game", "seed", "opener", "actions", "deals", "to_act", "check"]


def read_save(text: object) -> SaveRecord:
    """The save's fields, read strictly (:class:`~bluffmath.schema.Node`: unknown keys,
    ``true`` or ``1.0`` for a number are refused, naming the place); SaveFileError."""
    root = Node.of(text, _WHAT, SaveFileError)
    data = root.value
    if type(data) is not dict or data.get("format") not in (FORMAT, FORMERLY):
        raise SaveFileError(f"this is not a saved Hochstapler Duel (its format is not {FORMAT!r})")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise SaveFileError(f"this file is version {describe(data.get('version'))} of the Duel's save "
                            f"format; this bluffmath reads version {VERSION}")
    fields = root.fields(_KEYS)
    settings = fields["game"].fields(["deck", "deals"])
    deck_node = settings["deck"]
    try:
        game = Game(tuple(n.integer(0, MAX_DUEL_CALL) for n in deck_node.items(1000)),
                    settings["deals"].integer(1, MAX_DEALS))
    except InvalidInputError as error:
        deck_node.refuse(str(error))
    events = tuple(_event(n) for n in fields["actions"].items(MAX_ACTIONS))
    deals = tuple(_cards(n.fields(["cards"])["cards"], game) for n in fields["deals"].items(MAX_DEALS))
    return SaveRecord(game, fields["seed"].integer(0, MAX_SEED), fields["opener"].integer(0, 1), events,
                      deals, fields["to_act"].optional(lambda n: n.integer(0, 1)),
                      fields["check"].text(allowed="64 hex digits, as save_duel writes them"))


def _event(node: Node) -> tuple[int, Action]:
    items = node.items(3)
    if not items:
        node.fail('["call", seat, total] or ["doubt", seat]')
    kind = items[0].text(choices=["call", "doubt"])
    if len(items) != (3 if kind == "call" else 2):
        node.fail('["call", seat, total]' if kind == "call" else '["doubt", seat]')
    seat = items[1].integer(0, 1)
    return (seat, Call(items[2].integer(1, MAX_DUEL_CALL)) if kind == "call" else DOUBT)


def _cards(node: Node, game: Game) -> tuple[int, int]:
    first, second = (n.integer(0, game.deck[-1]) for n in node.items(2, 2))
    return first, second


def replay_save(record: SaveRecord) -> State:
    """The state the record's moves reach from its seed's deal; SaveFileError naming the
    first move or deal that disagrees with the replay, or a check that does not match."""
    state = record.game.new_game(record.seed, record.opener)
    for number, (seat, action) in enumerate(record.events, 1):
        try:
            state = state.play(seat, action)
        except IllegalActionError as error:
            _fail(f"action {number} (seat {seat}: {action}) cannot happen: {error}")
    dealt = len(state.deals) + (state.cards is not None)
    if len(record.deals) != dealt:
        _fail(f"the save holds {len(record.deals)} deals, but the actions reach {dealt}")
    for n, cards in enumerate(record.deals):
        real = deal_cards(record.game.deck, record.seed, n)
        if cards != real:
            _fail(f"deal {n + 1} is not the one seed {record.seed} deals: the cards are "
                  f"{cards[0]},{cards[1]}, but the seed deals {real[0]},{real[1]}")
    if record.to_act != state.to_act:
        _fail(f"to_act is {describe(record.to_act)}, but after the actions it is "
              f"{'nobody' if state.to_act is None else f'seat {state.to_act}'}'s turn")
    if record.check != seal.digest(_save_data(state)):
        _fail("the check does not match: the save was edited after it was written (a move or "
              "the length that the rules allow, but is not what was played)")
    return state


def _fail(problem: str) -> NoReturn:
    raise SaveFileError(f"{_WHAT}: {problem}")


def load_duel(text: str | bytes) -> State:
    """The match saved in ``text``, replayed and checked (SaveFileError if it is not a
    Duel save, is damaged, or disagrees with its own replay).

    >>> data = json.loads(save_duel(Game(deck=(0, 1, 2, 3, 4)).new_game(seed=1).call(1).call(2)))
    >>> data["actions"][1][2] = 4
    >>> load_duel(json.dumps(data))
    Traceback (most recent call last):
    ...
    bluffmath.errors.SaveFileError: this saved Duel: the check does not match: the save was edited
    after it was written (a move or the length that the rules allow, but is not what was played)
    """
    return replay_save(read_save(text))
