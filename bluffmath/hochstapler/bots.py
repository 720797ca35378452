"""Players that play Hochstapler by themselves, and a function that runs a game with them.

A bot sees only its seat's :class:`~bluffmath.hochstapler.deal.SeatView` and the legal
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
computed once per hand of cards seen
(:func:`~bluffmath.hochstapler.chances.counting_chances`), which is what lets a
five-player game of card-counting bots take a few milliseconds. What a bot is and how a
game of bots is played (:class:`~bluffmath.hochstapler.play.Bot`,
:func:`~bluffmath.hochstapler.play.play_game`) are in :mod:`~bluffmath.hochstapler.play`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.actions import Action, ExchangeCard, Raise
from bluffmath.hochstapler.bids import OpponentModel
from bluffmath.hochstapler.chances import Chances, counting_chances, reading_chances
from bluffmath.hochstapler.deal import SeatView
from bluffmath.hochstapler.options import Options, checked, only_doubt, read_options
from bluffmath.hochstapler.penalties import _doubt_costs_less
from bluffmath.hochstapler.play import Bot as Bot
from bluffmath.hochstapler.play import check_bot as check_bot
from bluffmath.hochstapler.play import play_game as play_game
from bluffmath.hochstapler.rules import MAX_TOTAL
from bluffmath.limits import MAX_DIGITS
from bluffmath.validate import shown

# The ``name as name`` imports: names that moved to the module named, still found here.


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
        options = read_options(checked(view, legal, rng))
        if not options.low:  # no raise is legal: only a doubt is
            return only_doubt(options, legal)
        if not isinstance(rng, random.Random):
            raise InvalidInputError(f"rng must be a random.Random, got {type(rng).__name__}")
        if options.doubt is not None and rng.randrange(3) == 0:
            return options.doubt
        low = min(options.low.values())
        return rng.choice([Raise(t, c) for c in options.low
                           for t in range(options.low[c], min(options.high[c], low + 4) + 1)])


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
        options = read_options(checked(view, legal, rng))
        if not options.low:  # no raise is legal: only a doubt is
            return only_doubt(options, legal)
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

    def _best_raise(self, view: SeatView, options: Options) -> tuple[Fraction, str]:
        best: tuple[Fraction, str] | None = None
        for colour, low in options.low.items():
            p = self.chances(view, colour)[low]
            if best is None or p > best[0]:
                best = (p, colour)
        assert best is not None
        return best

    def _best_exchange(self, view: SeatView, options: Options) -> tuple[Fraction, str | None]:
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

    def _open(self, view: SeatView, options: Options) -> Action:
        best: tuple[int, Fraction, str] | None = None
        for colour, low in options.low.items():
            chances = self.chances(view, colour)
            total = max(low, min(chances.highest(self.open_at), options.high[colour]))
            p = chances[total]
            if best is None or total > best[0] or (total == best[0] and p > best[1]):
                best = (total, p, colour)
        assert best is not None
        return Raise(best[0], best[2])


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
        options = read_options(checked(view, legal, rng))
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
