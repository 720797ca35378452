"""The Hochstapler Duel: two players, one colour of Hochstapler cards, solved exactly.

Each player holds one card of the deck (default the real colour 0,0,0,1,1,2,2,3,3,4,4,5,5,6,7);
they call ever higher totals of the two cards, up to the two highest cards' sum, until one
doubts. Rules: ``docs/reference/rulings.md``. What is where:

=====================================================  ====================================
``duel(deck)``                                         the game, for ``equilibrium.solve``
                                                       (:mod:`~bluffmath.duel.tree`)
``deals``, ``highest_call``, ``dominated_actions``     its chance moves, ``T``, what it leaves out
``Game(deck, deals).new_game(seed)``                   the rules engine: an immutable State
                                                       (:mod:`~bluffmath.duel.engine`)
``state.call(t)``, ``doubt()``, ``apply(action)``      moves (``verify_*``, ``can_*`` too;
                                                       :mod:`~bluffmath.duel.actions`)
``state.view(seat)``, ``state.infoset``                what one seat knows; its tree's name
``certificate(deck)``, ``equilibrium_strategy``        the equilibrium that ships, completed
``played_strategy``                                    the refined one the bot plays
``bot_strategy(bot, player, deck)``                    a Hochstapler bot's policy as a Duel
                                                       strategy (:mod:`~bluffmath.duel.strategies`)
``bot_exploitability(bots, deck)``                     what each bot loses to a best reply
``call_chance(deck, card, call)``                      a call's chance by card counting
``equilibrium_bot``, ``random_bot``, ``reading_bot``   bots (:mod:`~bluffmath.duel.bots`)
``move_values(game, player, card, calls)``             every move's exact value against the
                                                       equilibrium (:mod:`~bluffmath.duel.values`)
``review(state, seat)``, ``luck(state, seat)``         a match's review; what chance did
``bluff_spots(state, seat)``                           where a seat or the equilibrium bluffs
``save_duel(state)``, ``load_duel(text)``              versioned JSON, replayed and checked
                                                       (:mod:`~bluffmath.duel.saves`)
=====================================================  ====================================

Before this package the Duel lived in ``bluffmath.hochstapler.duel`` (the tree and the
bots' strategies) and ``bluffmath.hochstapler.duel_play`` (the rest); both still give every
name, with a DeprecationWarning, for one release.

>>> from bluffmath import duel
>>> game = duel.Game(deck=(0, 1, 2, 3, 4))
>>> state = game.new_game(seed=22).call(5)          # seat 0 holds 4 and calls 5
>>> state.view(1).card, state.infoset
(3, '3:5')
>>> duel.move_values(game, 2, 3, (5,))              # the equilibrium mixes them: all worth 0
{Doubt(): Fraction(0, 1), Call(total=6): Fraction(0, 1), Call(total=7): Fraction(0, 1)}
>>> duel.load_duel(duel.save_duel(state)) == state
True
"""

from bluffmath.duel.actions import DOUBT, Action, Call, Doubt, action_name, action_of
from bluffmath.duel.bots import ReaderBot, StrategyBot, equilibrium_bot, random_bot, reading_bot
from bluffmath.duel.engine import MAX_DEALS, Deal, DuelView, Game, State, deal_cards
from bluffmath.duel.saves import SaveRecord, load_duel, read_save, replay_save, save_duel
from bluffmath.duel.strategies import (
    bot_exploitability,
    bot_strategy,
    call_chance,
    certificate,
    equilibrium_strategy,
    played_strategy,
)
from bluffmath.duel.tree import COLOUR, check_deck, deals, dominated_actions, duel, highest_call
from bluffmath.duel.values import (
    MODEL,
    UNIT,
    bluff_spots,
    luck,
    move_values,
    position_value,
    review,
)

__all__ = [
    "COLOUR", "DOUBT", "MAX_DEALS", "MODEL", "UNIT", "Action", "Call", "Deal", "Doubt", "DuelView", "Game",
    "ReaderBot", "SaveRecord", "State", "StrategyBot", "action_name", "action_of", "bluff_spots",
    "bot_exploitability", "bot_strategy", "call_chance", "certificate", "check_deck", "deal_cards", "deals",
    "dominated_actions", "duel", "equilibrium_bot", "equilibrium_strategy", "highest_call", "load_duel", "luck",
    "move_values", "played_strategy", "position_value", "random_bot", "read_save", "reading_bot", "replay_save",
    "review", "save_duel",
]
