"""Players that play Hochstapler by themselves, and a function that runs a game with them.

A bot sees only its seat's :class:`~bluffmath.hochstapler.game.SeatView` and the legal
actions, and chooses with the random generator it is given, so that a seeded game is
reproducible. Three bots come with bluffmath:

=====================  ==============================================================
``RandomBot()``        random calls within reach, random doubts: a baseline
``CardCountingBot()``  doubts, raises and exchanges by the exact card-counting odds
``BidReadingBot()``    the same decisions, by the odds given the others' calls under
                       an :class:`~bluffmath.hochstapler.bids.OpponentModel`
``CalledColourBot()``  card counting, answering only in the called colour: doubt, or
                       raise by one (the policy the round model of the review assumes)
=====================  ==============================================================

>>> from bluffmath.hochstapler.game import Game
>>> end = play_game(Game(players=3), [RandomBot()] * 3, seed=1)
>>> end.is_terminal, sum(end.scores)
(True, 7)
>>> end = play_game(Game(players=5), [CardCountingBot()] * 5, seed=1)
>>> end.scores
(1, 2, 0, 4, 0)

The odds the card-counting bots use are the same Fractions as
:func:`~bluffmath.hochstapler.counting.total_distribution`'s, read from tables that are
computed once per hand of cards seen (:func:`counting_chances`), which is what lets a
five-player game of card-counting bots take a few milliseconds.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.counting import unseen_pool, ways_by_sum
from bluffmath.hochstapler.game import (
    Action,
    DoubtCall,
    ExchangeCard,
    Game,
    Raise,
    SeatView,
    State,
)
from bluffmath.hochstapler.penalties import _doubt_costs_less
from bluffmath.hochstapler.position import SpokenCall
from bluffmath.hochstapler.rules import MAX_TOTAL
from bluffmath.limits import MAX_DIGITS, MAX_ITEMS, MAX_SEED, bounded
from bluffmath.validate import bot_object, shown, whole_number


class Bot(Protocol):
    """What a player needs: a name and a choice of action.

    ``choose`` is given the seat's view, the legal actions as
    :meth:`State.legal_actions <bluffmath.hochstapler.game.State.legal_actions>` lists
    them, and the game's random generator; it returns one of the legal actions.
    """

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, for the seat of ``view``."""
        ...


def check_bot(bot: object, where: str = "bot") -> Bot:
    """Return ``bot`` if it has a ``name`` (a str) and a ``choose`` method, else raise
    :class:`~bluffmath.errors.InvalidInputError`.

    >>> check_bot("CardCountingBot")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bot must be a bot (...), got 'CardCountingBot' (str)
    """
    return bot_object(where, bot, "choose", "a bot (an object with a name and a "
                      "choose(view, legal, rng) method, such as CardCountingBot())")


@dataclass(frozen=True)
class RandomBot:
    """Plays a uniformly random legal action, except that it calls within reach.

    Policy: doubt with probability 1/3 when a doubt is legal; otherwise a random raise
    among the legal raises no more than 4 above the lowest legal total, in a random colour
    (so that games do not end on absurd calls at once); exchanges never.
    """

    name: str = "random"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidInputError(f"name must be text, got {shown(self.name)} ({type(self.name).__name__})")

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """See the class docstring."""
        options = _options(_checked(view, legal, rng))
        if not options.low:  # no raise is legal: only a doubt is
            return _only_doubt(options, legal)
        if not isinstance(rng, random.Random):
            raise InvalidInputError(f"rng must be a random.Random, got {type(rng).__name__}")
        if options.doubt is not None and rng.randrange(3) == 0:
            return options.doubt
        low = min(options.low.values())
        return rng.choice([Raise(t, c) for c in options.low
                           for t in range(options.low[c], min(options.high[c], low + 4) + 1)])


# --- the odds, as tables read by index ---------------------------------------------------
@lru_cache(maxsize=16384)
def counting_chances(players: int, own: int | None, face_up: tuple[int, ...]) -> Chances:
    """P(a colour's total >= t) by card counting, for every t from 0 to one past the
    highest total: ``chances[t]``. ``face_up`` must be sorted (it is a cache key).

    The same Fractions as ``total_distribution(players, own, face_up).at_least(t)``; the
    arguments are trusted (the engine made them), so nothing is checked here.

    >>> from bluffmath.hochstapler.counting import total_distribution
    >>> chances = counting_chances(5, 3, (0, 7))
    >>> chances[12] == total_distribution(5, 3, (0, 7)).at_least(12), chances[12]
    (True, Fraction(377, 495))
    """
    k = players if own is None else players - 1
    ways = ways_by_sum(unseen_pool(own, face_up), k)
    return _tails(ways, own or 0, MAX_TOTAL[players] + 1)


class Chances(tuple[Fraction, ...]):
    """A colour's odds: ``chances[t]`` = P(the total >= t), for t from 0 to one past the
    highest total a colour can reach (so the last is 0). The bots' tables are cached, so
    a table's answers to :meth:`highest` are remembered with it.

    >>> chances = counting_chances(3, 7, ())
    >>> chances[0], chances[7], chances[8] < 1, chances[-1]
    (Fraction(1, 1), Fraction(1, 1), True, Fraction(0, 1))
    >>> chances.highest(Fraction(1, 2)), chances[12] >= Fraction(1, 2) > chances[13]
    (12, True)
    """

    def highest(self, p: Fraction) -> int:
        """The highest total ``t`` with ``chances[t] >= p`` (0 when none but the first)."""
        memo: dict[Fraction, int] = self.__dict__.setdefault("_highest", {})
        if p not in memo:  # the chances never rise with t: count those >= p, by bisection
            memo[p] = max(0, bisect_right(self, -p, key=_negative) - 1)
        return memo[p]


def _negative(p: Fraction) -> Fraction:
    return -p


def _tails(weights: dict[int, int], shift: int, top: int) -> Chances:
    """``weights`` (total - shift -> weight) as P(total >= t) for t = 0 .. top."""
    whole = sum(weights.values())
    tail, chances = 0, []
    for t in range(top, -1, -1):
        tail += weights.get(t - shift, 0)
        chances.append(Fraction(tail, whole))
    chances.reverse()
    return Chances(chances)


@lru_cache(maxsize=4096)
def reading_chances(players: int, own: int | None, calls: tuple[SpokenCall, ...],
                    face_up: tuple[int, ...], model: OpponentModel) -> Chances | None:
    """P(a colour's total >= t) given the others' ``calls`` under ``model``, for every t
    from 0 to one past the highest total (see :func:`read_bids`); None when no deal
    agrees with the calls (possible only when the model says nobody bluffs).

    >>> from bluffmath.hochstapler.bids import read_bids
    >>> calls = (SpokenCall(seat=1, total=14, face_up=()),)
    >>> chances = reading_chances(4, 2, calls, (), OpponentModel())
    >>> chances[14] == read_bids(4, 2, calls).at_least(14)
    True
    """
    try:
        d = read_bids(players, own, calls, face_up, model)
    except InconsistentEvidenceError:
        return None
    weights = {total: d.weight(total) for total in d}
    return _tails(weights, 0, MAX_TOTAL[players] + 1)


# --- the decision shared by the odds bots ----------------------------------------------
@dataclass(frozen=True)
class _Options:
    """What ``legal`` allows, read once: the raises by colour, the exchanges, a doubt."""

    low: dict[str, int]    # colour -> lowest legal total
    high: dict[str, int]   # colour -> highest legal total
    exchanges: tuple[str, ...]
    doubt: DoubtCall | None


def _options(legal: Sequence[Action]) -> _Options:
    low: dict[str, int] = {}
    high: dict[str, int] = {}
    exchanges: list[str] = []
    doubt = None
    for action in legal:
        kind = type(action)
        if kind is Raise:
            colour, total = action.colour, action.total  # type: ignore[union-attr]
            if total < low.get(colour, total + 1):
                low[colour] = total
            if total > high.get(colour, -1):
                high[colour] = total
        elif kind is ExchangeCard:
            exchanges.append(action.colour)  # type: ignore[union-attr]
        elif kind is DoubtCall:
            doubt = action
    return _Options(low, high, tuple(exchanges), doubt)  # type: ignore[arg-type]


def _exact(name: str, value: object, low: int) -> Fraction:
    """``value`` as a Fraction from ``low`` to 1; floats are refused, since they are inexact,
    and so are fractions of more than :data:`~bluffmath.limits.MAX_DIGITS` digits below the
    line (a bot's name shows its parameters, and no table tells them apart).

    >>> _exact("doubt_bias", Fraction(-1, 4), -1)
    Fraction(-1, 4)
    >>> _exact("doubt_bias", Fraction(1, 10**5000), -1)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: doubt_bias must be ... at most 40 digits below the line; got a fraction of 5,002 digits
    """
    allowed = f"an exact number (an int or a Fraction, such as Fraction(1, 10)) from {low} to 1"
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InvalidInputError(f"{name} must be {allowed}, got {shown(value)} ({type(value).__name__})")
    if not low <= value <= 1:
        raise InvalidInputError(f"{name} must be {allowed}, got {shown(value)}")
    if Fraction(value).denominator >= 10**MAX_DIGITS:
        raise InvalidInputError(f"{name} must be {allowed}, with at most {MAX_DIGITS} digits below the line; "
                                f"got {shown(value)}")
    return Fraction(value)


@dataclass(frozen=True)
class CardCountingBot:
    """Doubts, raises and exchanges by the exact card-counting odds of its own view.

    The bot knows its own cards and the face-up cards, nothing else; ``P(c, t)`` below is
    the card-counting chance that colour ``c``'s total is at least ``t``
    (:func:`~bluffmath.hochstapler.counting.total_distribution`), and ``low`` is the
    lowest legal total. Its policy, in order:

    1. **Opening a round** (no call to beat): in each colour, the highest total ``t`` with
       ``P(c, t) >= open_at``; it calls the highest of these (ties: the likelier call,
       then the colour listed first in ``COLOURS``). It never exchanges before opening.
    2. **A call it cannot beat** (the call is the highest total possible): it doubts, the
       only legal action.
    3. **Answering a call** of ``T`` in colour ``c0``, with ``p_call = P(c0, T)``:

       - its best raise is ``low`` in the colour where ``P(c, low)`` is highest (ties: the
         colour listed first), with chance ``p_raise``;
       - its best exchange is in the colour, among those it may exchange, where the
         exchange distribution (:func:`~bluffmath.hochstapler.counting.exchange_distribution`)
         gives ``low`` the highest chance ``p_swap``; it plans to exchange there if
         ``p_swap > p_raise + exchange_gain``, and then its raise is worth ``p_swap``;
       - it **doubts** when the doubt is more likely right than its raise is true:
         ``1 - p_call + doubt_bias > max(p_raise, p_swap if it plans to exchange)``, that
         is when doubting costs fewer expected penalty points than raising and being
         doubted (:func:`~bluffmath.hochstapler.penalties.doubt_or_raise`);
         a call that cannot be true (``p_call = 0``) it always doubts, a call that must
         be true (``p_call = 1``) never;
       - otherwise it exchanges as planned, or raises its best raise.
    4. **After its exchange** (it must raise): it raises its best raise as in 3 with the
       new card, or opens as in 1 if no call is to beat.

    The random generator is never used: the bot's play is a function of its view.

    Parameters (exact numbers, never floats):

    - ``doubt_bias`` (default 0, from -1 to 1): added to the doubt's chance before the
      comparison; above 0 the bot doubts more readily, below 0 less.
    - ``exchange_gain`` (default 0, from 0 to 1): how much an exchange must raise the
      chance of its best raise; 1 means never exchange.
    - ``open_at`` (default 1/2, from 0 to 1): how likely an opening call must be.
    - ``name``: the label in tournaments; by default ``"card counting"`` followed by any
      parameters that differ from the defaults.

    Seat 0 opens with 13 in red; seat 1, holding a red 4, finds that less likely than not
    (43/91), and its best raise no better, so it doubts:

    >>> from bluffmath.hochstapler.game import Game
    >>> state = Game(players=4).new_game(seed=1).raise_(13, "red")
    >>> bot, view = CardCountingBot(), state.view(1)
    >>> view.position.hand["red"], bot.chances(view, "red")[13]
    (4, Fraction(43, 91))
    >>> bot.choose(view, state.legal_actions(), random.Random(0))
    DoubtCall()
    """

    doubt_bias: Fraction = Fraction(0)
    exchange_gain: Fraction = Fraction(0)
    open_at: Fraction = Fraction(1, 2)
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubt_bias", _exact("doubt_bias", self.doubt_bias, -1))
        object.__setattr__(self, "exchange_gain", _exact("exchange_gain", self.exchange_gain, 0))
        object.__setattr__(self, "open_at", _exact("open_at", self.open_at, 0))
        if not isinstance(self.name, str):
            raise InvalidInputError(f"name must be text, got {shown(self.name)} ({type(self.name).__name__})")
        if not self.name:
            object.__setattr__(self, "name", self._default_name())

    def _default_name(self) -> str:
        changed = self._changes()
        return self._label() + (f" ({', '.join(changed)})" if changed else "")

    def _label(self) -> str:
        return "card counting"

    def _changes(self) -> list[str]:
        """The parameters that differ from the defaults, as ``name=value``."""
        return [f"{f}={getattr(self, f)}" for f in ("doubt_bias", "exchange_gain", "open_at")
                if getattr(self, f) != getattr(CardCountingBot, f)]

    # --- the odds the policy reads (BidReadingBot replaces these two) --------------------
    def chances(self, view: SeatView, colour: str) -> Chances:
        """``chances[t]`` = P(``colour``'s total >= t), by card counting from ``view``."""
        position = view.position
        return counting_chances(position.players, position.hand[colour],
                                tuple(sorted(position.face_up(colour))))

    def exchange_chances(self, view: SeatView, colour: str) -> Chances:
        """``chances[t]`` = P(``colour``'s total >= t) if I exchange my card in it now."""
        position = view.position
        face_up = tuple(sorted((*position.face_up(colour), position.hand[colour])))
        return counting_chances(position.players, None, face_up)

    # --- the policy -------------------------------------------------------------------
    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """See the class docstring; ``rng`` is not used."""
        options = _options(_checked(view, legal, rng))
        if not options.low:  # no raise is legal: only a doubt is
            return _only_doubt(options, legal)
        call = view.position.call
        if call is None:
            return self._open(view, options)
        chance, colour = self._best_raise(view, options)
        if options.doubt is None:  # after my exchange: I must raise
            return Raise(options.low[colour], colour)
        p_call = self.chances(view, call.colour)[call.total]
        if p_call == 0:  # it cannot be true
            return options.doubt
        swap, swap_colour = self._best_exchange(view, options)
        exchange = swap_colour is not None and swap > chance + self.exchange_gain
        worth = swap if exchange else chance
        # doubting costs p_call points, raising 1 - worth (penalties.py): the doubt is
        # more likely right than the raise is true, 1 - p_call + doubt_bias > worth
        if p_call < 1 and _doubt_costs_less(p_call, 1 - worth, self.doubt_bias):
            return options.doubt
        if exchange:
            return ExchangeCard(swap_colour)  # type: ignore[arg-type]
        return Raise(options.low[colour], colour)

    def _best_raise(self, view: SeatView, options: _Options) -> tuple[Fraction, str]:
        best: tuple[Fraction, str] | None = None
        for colour, low in options.low.items():
            p = self.chances(view, colour)[low]
            if best is None or p > best[0]:
                best = (p, colour)
        assert best is not None
        return best

    def _best_exchange(self, view: SeatView, options: _Options) -> tuple[Fraction, str | None]:
        """The likeliest raise after an exchange, and the colour to exchange in (None when
        no exchange is legal, or when ``exchange_gain`` is 1 and none can be worth it)."""
        best: tuple[Fraction, str | None] = (Fraction(0), None)
        if self.exchange_gain == 1:
            return best
        for colour in options.exchanges:
            low = options.low.get(colour)
            if low is not None:
                p = self.exchange_chances(view, colour)[low]
                if best[1] is None or p > best[0]:
                    best = (p, colour)
        return best

    def _open(self, view: SeatView, options: _Options) -> Action:
        best: tuple[int, Fraction, str] | None = None
        for colour, low in options.low.items():
            chances = self.chances(view, colour)
            total = max(low, min(chances.highest(self.open_at), options.high[colour]))
            p = chances[total]
            if best is None or total > best[0] or (total == best[0] and p > best[1]):
                best = (total, p, colour)
        assert best is not None
        return Raise(best[0], best[2])


def _only_doubt(options: _Options, legal: Sequence[Action]) -> Action:
    if options.doubt is not None:
        return options.doubt
    raise InvalidInputError(f"the legal actions offer neither a raise nor a doubt: {list(legal)!r}")


@dataclass(frozen=True)
class BidReadingBot(CardCountingBot):
    """:class:`CardCountingBot`'s policy, with the odds given the other players' calls.

    Every ``P(c, t)`` of the card-counting policy is read instead from the bid-reading
    posterior :func:`~bluffmath.hochstapler.bids.read_bids` under ``model`` (by default
    ``OpponentModel()``): the calls in colour ``c`` that speak about a card their caller
    still holds (:meth:`Position.spoken_calls
    <bluffmath.hochstapler.position.Position.spoken_calls>`) are evidence about those
    cards. In a colour nobody has called, this is the card-counting chance.

    The exchange odds read the bids too: after an exchange my card lies face up and I
    hold an unknown card from the pile, so they are ``read_bids(players, None, calls,
    face_up + (my card,), model)``, the callers' likelihoods unchanged.

    When the calls contradict the model (possible only with ``bluff = 0``: a call nobody
    could believe), no deal agrees with them, and the bot falls back on card counting for
    that colour rather than raise an error.

    Other parameters and the name as for :class:`CardCountingBot`; the default name is
    ``"bid reading"`` followed by any parameters that differ from the defaults.

    Where the card-counting bot doubts seat 0's opening 13 in red (see
    :class:`CardCountingBot`), the bid-reading bot takes the call as a sign of a high red
    card, finds 13 likely true, and raises:

    >>> from bluffmath.hochstapler.game import Game
    >>> state = Game(players=4).new_game(seed=1).raise_(13, "red")
    >>> bot, view = BidReadingBot(), state.view(1)
    >>> bot.chances(view, "red")[13]
    Fraction(877, 1300)
    >>> bot.choose(view, state.legal_actions(), random.Random(0))
    Raise(total=14, colour='red')
    """

    model: OpponentModel = field(default_factory=OpponentModel)

    def __post_init__(self) -> None:
        if not isinstance(self.model, OpponentModel):
            raise InvalidInputError(
                f"model must be an OpponentModel, got {shown(self.model)} ({type(self.model).__name__})"
            )
        super().__post_init__()

    def _changes(self) -> list[str]:
        model = self.model
        changed = super()._changes()
        if model != OpponentModel():
            changed.append(f"threshold={model.threshold}, bluff={model.bluff}")
        return changed

    def _label(self) -> str:
        return "bid reading"

    def chances(self, view: SeatView, colour: str) -> Chances:
        """``chances[t]`` = P(``colour``'s total >= t), reading the others' calls."""
        position = view.position
        calls = position.spoken_calls(colour)
        if calls:
            own, face_up = position.hand[colour], tuple(sorted(position.face_up(colour)))
            read = reading_chances(position.players, own, calls, face_up, self.model)
            if read is not None:
                return read
        return super().chances(view, colour)

    def exchange_chances(self, view: SeatView, colour: str) -> Chances:
        """``chances[t]`` = P(``colour``'s total >= t) if I exchange now, reading the calls."""
        position = view.position
        calls = position.spoken_calls(colour)
        if calls:
            face_up = tuple(sorted((*position.face_up(colour), position.hand[colour])))
            read = reading_chances(position.players, None, calls, face_up, self.model)
            if read is not None:
                return read
        return super().exchange_chances(view, colour)


@dataclass(frozen=True)
class CalledColourBot(CardCountingBot):
    """:class:`CardCountingBot`'s opening and doubt, but it answers a call only in the called
    colour and never exchanges: the policy the Hochstapler review's round model
    (:mod:`bluffmath.hochstapler.round_model`) assumes of the other players.

    Answering a call of ``T`` in colour ``c`` it doubts exactly when
    :func:`doubts_in_colour` says so (the card-counting comparison of the doubt's chance with
    the chance of the raise to ``T + 1`` in ``c``), and otherwise raises to ``T + 1`` in
    ``c``. Since its decision reads only its own card in the called colour, the rest of a
    round after a call can be counted exactly over the deals of that one colour.
    Parameters as for :class:`CardCountingBot` (``exchange_gain`` is not used); the default
    name is ``"called colour"`` followed by any that differ from the defaults.

    Where the card-counting bot doubts seat 0's opening 13 in red, holding a red 4 (43/91
    that the call is true, 29/91 that 14 is), this bot does the same; a red 7 raises:

    >>> from bluffmath.hochstapler.game import Game
    >>> state = Game(players=4).new_game(seed=1).raise_(13, "red")
    >>> CalledColourBot().choose(state.view(1), state.legal_actions(), random.Random(0))
    DoubtCall()
    >>> chances = counting_chances(4, 7, ())
    >>> doubts_in_colour(chances, 13, 26), doubts_in_colour(chances, 17, 26)
    (False, True)
    """

    def _label(self) -> str:
        return "called colour"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """See the class docstring; ``rng`` is not used."""
        options = _options(_checked(view, legal, rng))
        call = view.position.call
        if call is None:
            return self._open(view, options)
        if options.doubt is None:  # only after an exchange, which this bot never makes
            colour = min(options.low, key=options.low.__getitem__)
            return Raise(options.low[colour], colour)
        low = options.low.get(call.colour)
        if low is None or doubts_in_colour(self.chances(view, call.colour), call.total,
                                           MAX_TOTAL[view.position.players], self.doubt_bias):
            return options.doubt
        return Raise(low, call.colour)


def doubts_in_colour(chances: Chances, total: int, top: int, bias: Fraction = Fraction(0)) -> bool:
    """Whether :class:`CalledColourBot` doubts a call of ``total``, its colour's chances
    being ``chances`` and ``top`` the highest total: always at ``top`` or when the call
    cannot be true, never when it must be, else when the doubt is more likely right than
    the raise by one is true (:func:`~bluffmath.hochstapler.penalties.doubt_or_raise`).
    """
    p_call = chances[total]
    if total >= top or p_call == 0:
        return True
    return p_call < 1 and _doubt_costs_less(p_call, 1 - chances[total + 1], bias)


_ACTIONS = frozenset({Raise, ExchangeCard, DoubtCall})


def _checked(view: object, legal: object, rng: object) -> tuple[Action, ...]:
    """The legal actions, once ``view``, ``legal`` and ``rng`` are what ``choose`` needs."""
    if not isinstance(view, SeatView):
        raise InvalidInputError(f"view must be a SeatView (state.view(seat)), got {type(view).__name__}")
    actions = bounded("legal", legal, MAX_ITEMS) if not isinstance(legal, list | tuple) else legal
    if not ({type(a) for a in actions} <= _ACTIONS  # the engine's own, in one quick look
            or all(isinstance(a, Raise | ExchangeCard | DoubtCall) for a in actions)):
        raise InvalidInputError("legal must be the legal actions (state.legal_actions()): "
                                "Raise, ExchangeCard and DoubtCall objects")
    return tuple(actions)


def play_game(game: Game, bots: Sequence[Bot], seed: int = 0) -> State:
    """Play one game to the end; seat i is ``bots[i]``. The same seed, the same game."""
    whole_number("seed", seed, 0, MAX_SEED)
    if not isinstance(game, Game):
        raise InvalidInputError(f"play_game needs a Game, got {shown(game)} ({type(game).__name__})")
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise InvalidInputError(f"bots must be a sequence of bots, one per seat, got {type(bots).__name__}")
    bots = bounded("bots", bots, 100)  # read with a limit: len(range(10**12)) overflows in 32 bits
    if len(bots) != game.players:
        raise InvalidInputError(f"a game of {game.players} players needs {game.players} bots, got {len(bots)}")
    for seat, bot in enumerate(bots):
        check_bot(bot, f"bots[{seat}]")
    rng = random.Random(f"bluffmath-bots/{seed}")
    state = game.new_game(seed)
    while not state.is_terminal:
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state
