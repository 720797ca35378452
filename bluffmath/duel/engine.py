"""The Duel, played: a rules engine for two seats over a match of deals.

:mod:`bluffmath.duel.tree` builds the Duel as a game tree for the equilibrium solver; this
module plays it. A :class:`Game` holds the deck (default the real colour) and the length of
a match (``deals``, the openers alternating deal by deal); a :class:`State` never changes:
``call(total)``, ``doubt()`` and ``apply(action)`` return a new one, ``verify_*`` says why
a move is illegal and ``can_*`` answers yes or no. Each deal gives both seats one card of
the deck, drawn from the seed. The deal's opener (player 1 in the tree) calls a total from
1 to ``T`` (the sum of the deck's two highest cards); then each in turn raises or doubts. A
call of ``T`` cannot be beaten, so it is doubted at once (the tree ends there too). A doubt
shows both cards: if they reach the call the caller wins the deal (+1) and the doubter
loses it (-1), else the reverse.

What a seat may know is :meth:`State.view`: its own card, the calls, and every finished
deal (a deal ends with both cards shown). ``state.infoset`` names the seat to act's
information set in the tree (``"3:4,7"``: holding 3 after the calls 4 and 7) and
``state.node`` is the node of :func:`~bluffmath.duel.tree.duel` it stands at. The moves are
:mod:`bluffmath.duel.actions`; bots, move values and saves are
:mod:`bluffmath.duel.bots`, :mod:`bluffmath.duel.values` and :mod:`bluffmath.duel.saves`.

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
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from bluffmath.duel.actions import DOUBT, Action, Call, Doubt
from bluffmath.duel.tree import COLOUR, check_deck, duel
from bluffmath.equilibrium.tree import Chance, Decision
from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.limits import MAX_ACTIONS, MAX_SEED
from bluffmath.validate import shown, whole_number

#: The longest match: deals in one game.
MAX_DEALS = 100

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
        """The Duel on this deck as a game tree (:func:`~bluffmath.duel.tree.duel`)."""
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
        if isinstance(events, str | bytes) or not isinstance(events, Iterable):
            raise InvalidInputError(f"events must be a list of (seat, action) pairs, got {shown(events)}")
        for number, event in enumerate(events, 1):
            if number > MAX_ACTIONS:
                raise InvalidInputError(f"a match has at most {MAX_ACTIONS:,} events")
            if type(event) is not tuple or len(event) != 2:
                raise InvalidInputError(f"event {number} must be a (seat, action) pair, got {shown(event)}")
            seat, action = event
            try:
                state = state.play(seat, action)
            except IllegalActionError as error:
                raise IllegalActionError(f"event {number} (seat {seat}: {action}): {error}") from None
        return state


def deal_cards(deck: tuple[int, ...], seed: int, number: int) -> tuple[int, int]:
    """Seat 0's and seat 1's card of deal ``number``: two cards of the deck, drawn without
    replacement; the same on every machine and Python.

    >>> deal_cards((0, 1, 2, 3, 4), 22, 0)
    (4, 3)
    """
    deck = check_deck(deck)
    whole_number("seed", seed, 0, MAX_SEED)
    whole_number("number", number, 0, MAX_DEALS - 1)
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
        whole_number("seat", seat, 0, 1)
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


def checked(name: str, value: Any, kind: type) -> Any:
    """``value`` if it is a ``kind``, else InvalidInputError naming what it is."""
    if not isinstance(value, kind):
        raise InvalidInputError(f"{name} must be a Duel {kind.__name__}, got {shown(value)} ({type(value).__name__})")
    return value


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

