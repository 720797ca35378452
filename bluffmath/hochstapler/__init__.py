"""Hochstapler (Knizia, 2009): exact odds for a colour's total over all hands.

Seven colours of 15 cards (values 0,0,0,1,1,2,2,3,3,4,4,5,5,6,7); everyone holds one card
of each colour; a call says a colour's total over all hands is at least some number.
The rules are in ``shared/rules/hochstapler.md`` and ``docs/reference/rulings.md``.

=====================================================  =======================================
``total_distribution(players, own, face_up)``          a colour's total, by card counting
``call_odds(players, own, call, face_up)``             P(total >= call)
``exchange_distribution(players, own, face_up)``       the total if I exchange my card now
``cards_to_exchange(players, call, face_up)``          the cards whose exchange helps a call
``independent_total(players)``                         the total if hands drew like dice
``doubt_penalty``, ``raise_penalty``                   expected penalty points of each answer
``doubt_or_raise(doubt, raise_)``                      the cheaper answer to a call
``lowest_doubt(players, own, face_up, doubted)``       the lowest call worth doubting
``read_bids(players, own, calls, face_up, model)``     the total given the others' calls
``caller_table(players, own, call, face_up, model)``   Bayes table of one caller's card
``call_odds_given_card(players, own, card, call)``     P(total >= call), a caller's card known
``break_even_bluff(players, own, call, ...)``          the bluff rate where a reading tips
``Position(players, hand, history, me)``               what one seat knows of a deal
``odds_table(position, model)``                        every colour, every call, both ways
``advice(odds, exchanged)``                            open, raise or doubt, by the odds
``colour_openings(odds)``, ``opening_call(odds)``      each colour's safe opening, the best
``explain_call``, ``explain_reading``, ...             the counting behind each number
``Game(players, target).new_game(seed)``               the rules engine: an immutable State
``state.raise_ / exchange / doubt``, ``apply``         actions (``verify_*`` and ``can_*`` too)
``state.view(seat)``                                   what one seat may know
``save_game(state)``, ``load_game(text)``              versioned JSON
``play_game(game, bots, seed)``                        one game between bots
``RandomBot``, ``CardCountingBot``, ``BidReadingBot``  bots, each policy in its docstring
``CalledColourBot``                                    card counting in the called colour only
``round_values(players, own, face_up)``                every call valued over the rest of the round
``run_tournament(bots, games)``                        many seeded games, on any executor
=====================================================  =======================================

>>> from bluffmath import hochstapler as hs
>>> d = hs.total_distribution(players=5, own=3, face_up=(0, 7))
>>> d[12], d.at_least(12)
(Fraction(47, 495), Fraction(377, 495))
>>> hs.call_odds(players=5, own=3, call=12, face_up=(0, 7))
Fraction(377, 495)

The two-player Duel is the package :mod:`bluffmath.duel`, which imports this one. Its
names here (``duel``, ``bot_strategy``, ``bot_exploitability``) and its old modules
(:mod:`bluffmath.hochstapler.duel`, :mod:`bluffmath.hochstapler.duel_play`) still work for
one release: each name is taken from :mod:`bluffmath.duel` when it is first asked for,
with a DeprecationWarning (this package never imports :mod:`bluffmath.duel` itself, so the
two cannot import each other in a cycle).
"""

from importlib import import_module
from typing import Any

from bluffmath.hochstapler.advice import Advice, advice, colour_openings, opening_call
from bluffmath.hochstapler.bids import (
    CallerRow,
    CallerTable,
    OpponentModel,
    break_even_bluff,
    call_odds_given_card,
    caller_table,
    read_bids,
)
from bluffmath.hochstapler.bots import (
    BidReadingBot,
    Bot,
    CalledColourBot,
    CardCountingBot,
    RandomBot,
    play_game,
)
from bluffmath.hochstapler.counting import (
    call_odds,
    cards_to_exchange,
    exchange_distribution,
    independent_total,
    total_distribution,
)
from bluffmath.hochstapler.explain import explain_call, explain_exchange, explain_reading
from bluffmath.hochstapler.game import (
    Action,
    DoubtCall,
    ExchangeCard,
    Game,
    Raise,
    Reveal,
    SeatView,
    State,
)
from bluffmath.hochstapler.penalties import (
    doubt_or_raise,
    doubt_penalty,
    lowest_doubt,
    raise_penalty,
)
from bluffmath.hochstapler.position import Call, Doubt, Exchange, Position, SpokenCall
from bluffmath.hochstapler.round_model import RoundModel, RoundValues, round_values
from bluffmath.hochstapler.rules import COLOURS, MAX_TOTAL, PILE, SYMBOLS
from bluffmath.hochstapler.saves import load_game, save_game
from bluffmath.hochstapler.table import ColourOdds, OddsTable, odds_table
from bluffmath.hochstapler.tournament import TournamentResult, run_tournament, text_progress
from bluffmath.moved import moved

__all__ = [
    "COLOURS",
    "MAX_TOTAL",
    "PILE",
    "SYMBOLS",
    "Action",
    "Advice",
    "BidReadingBot",
    "Bot",
    "Call",
    "CalledColourBot",
    "CallerRow",
    "CallerTable",
    "CardCountingBot",
    "ColourOdds",
    "Doubt",
    "DoubtCall",
    "Exchange",
    "ExchangeCard",
    "Game",
    "OddsTable",
    "OpponentModel",
    "Position",
    "Raise",
    "RandomBot",
    "Reveal",
    "RoundModel",
    "RoundValues",
    "SeatView",
    "SpokenCall",
    "State",
    "TournamentResult",
    "advice",
    "break_even_bluff",
    "call_odds",
    "call_odds_given_card",
    "caller_table",
    "cards_to_exchange",
    "colour_openings",
    "doubt_or_raise",
    "doubt_penalty",
    "exchange_distribution",
    "explain_call",
    "explain_exchange",
    "explain_reading",
    "independent_total",
    "load_game",
    "lowest_doubt",
    "odds_table",
    "opening_call",
    "play_game",
    "raise_penalty",
    "read_bids",
    "round_values",
    "run_tournament",
    "save_game",
    "text_progress",
    "total_distribution",
]

#: The Duel's names that this package gave before :mod:`bluffmath.duel`.
_MOVED_TO_DUEL = ("bot_exploitability", "bot_strategy", "duel")


def __getattr__(name: str) -> Any:
    """``duel``, ``bot_strategy`` or ``bot_exploitability``, from :mod:`bluffmath.duel`
    (imported now, not with this package), with a DeprecationWarning."""
    return moved(__name__, dict.fromkeys(_MOVED_TO_DUEL, "bluffmath.duel"), name)


# The old module bluffmath.hochstapler.duel (a light shim) is imported here, and the name
# that its import binds in this package is taken away again: imported later, it would bind
# ``duel`` to itself for good and hide the function that __getattr__ gives.
import_module("bluffmath.hochstapler.duel")
globals().pop("duel", None)
