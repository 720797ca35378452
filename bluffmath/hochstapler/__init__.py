"""Hochstapler (Knizia, 2009): exact odds for a colour's total over all hands.

Seven colours of 15 cards (values 0,0,0,1,1,2,2,3,3,4,4,5,5,6,7); everyone holds one card
of each colour; a call says a colour's total over all hands is at least some number.
The rules are in ``shared/rules/hochstapler.md`` and ``RULINGS.md``.

=====================================================  ====================================
``total_distribution(players, own, face_up)``          a colour's total, by card counting
``call_odds(players, own, call, face_up)``             P(total >= call)
``exchange_distribution(players, own, face_up)``       the total if I exchange my card now
``read_bids(players, own, calls, face_up, model)``     the total given the others' calls
``Position(players, hand, history, me)``               what one seat knows of a deal
``odds_table(position, model)``                        every colour, every call, both ways
``explain_call``, ``explain_reading``, ...             the counting behind each number
``Game(players, target).new_game(seed)``               the rules engine: an immutable State
``state.raise_ / exchange / doubt``, ``apply``         actions (``verify_*`` and ``can_*`` too)
``state.view(seat)``                                   what one seat may know
``save_game(state)``, ``load_game(text)``              versioned JSON
``play_game(game, bots, seed)``                        one game between bots
``RandomBot``, ``CardCountingBot``, ``BidReadingBot``  bots, each policy in its docstring
``run_tournament(bots, games)``                        many seeded games, on any executor
=====================================================  ====================================

>>> from bluffmath import hochstapler as hs
>>> d = hs.total_distribution(players=5, own=3, face_up=(0, 7))
>>> d[12], d.at_least(12)
(Fraction(47, 495), Fraction(377, 495))
>>> hs.call_odds(players=5, own=3, call=12, face_up=(0, 7))
Fraction(377, 495)
"""

from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.bots import BidReadingBot, Bot, CardCountingBot, RandomBot, play_game
from bluffmath.hochstapler.counting import (
    call_odds,
    exchange_distribution,
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
from bluffmath.hochstapler.position import Call, Doubt, Exchange, Position, SpokenCall
from bluffmath.hochstapler.rules import COLOURS, MAX_TOTAL, PILE, SYMBOLS
from bluffmath.hochstapler.saves import load_game, save_game
from bluffmath.hochstapler.table import ColourOdds, OddsTable, odds_table
from bluffmath.hochstapler.tournament import TournamentResult, run_tournament, text_progress

__all__ = [
    "COLOURS",
    "MAX_TOTAL",
    "PILE",
    "SYMBOLS",
    "Action",
    "BidReadingBot",
    "Bot",
    "Call",
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
    "SeatView",
    "SpokenCall",
    "State",
    "TournamentResult",
    "call_odds",
    "exchange_distribution",
    "explain_call",
    "explain_exchange",
    "explain_reading",
    "load_game",
    "odds_table",
    "play_game",
    "read_bids",
    "run_tournament",
    "save_game",
    "text_progress",
    "total_distribution",
]
