"""Münchhausen (a variant for an Elfer raus! deck): offers, a card laid face down, believe
or doubt. Rules: ``shared/rules/muenchhausen.md`` and ``docs/reference/rulings.md``.

Every hand starts public (every value once); cards then leave hands unseen. Under a stated
model of how players choose cards, the table's knowledge of every hand is exact, and so is
the chance that a face-down card is honest.

=====================================================  ====================================
``Game(players, rounds).new_game()``                   the rules engine: an immutable State
``state.name(v)``, ``offer(v)``, ``pass_()``, ...      actions (``verify_*``, ``can_*`` too)
``state.log``                                          what everyone saw (no face-down value)
``Knowledge.from_log(log, model, me, my_hand)``        every hand's exact distribution
``k.explain(seat)``                                    how it came about: mixing, Bayes tables
``UNIFORM``, ``LOWEST_ENOUGH``, ``RANDOM_ENOUGH``      how players choose cards
``honest_chance(k)``, ``card_chances(k)``              the face-down card, exactly
``explain_honest(k)``                                  the counting behind the honest chance
``explain_decision(k, my_hand)``                       the counting behind believe or doubt
``decide(k, my_hand)``                                 believe or doubt: expected score change
``offers(k, seat, hand, values)``                      each possible offer's risk and gain
``save_game(state)``, ``load_game(text)``              versioned JSON, replayed and checked
``RandomBot``, ``HonestBot``, ``OddsBot``              bots (``play_game``), each in its docstring
``run_tournament(bots, games, rounds=...)``            many games, on any executor
``one_turn(start_hand, offer_hand, offer)``            one turn as a game for equilibrium.solve
=====================================================  ====================================

>>> from bluffmath import muenchhausen as mh
>>> state = mh.Game(players=4).new_game().name(5).pass_().offer(7).pass_().pass_().pass_().lay(3)
>>> mh.honest_chance(mh.Knowledge.from_log(state.log, mh.UNIFORM))
Fraction(1, 4)
"""

from bluffmath.muenchhausen.advice import (
    Decision,
    OfferOption,
    card_chances,
    decide,
    explain_decision,
    explain_honest,
    honest_chance,
    offers,
)
from bluffmath.muenchhausen.bots import HonestBot, OddsBot, RandomBot, play_game
from bluffmath.muenchhausen.game import Game, State
from bluffmath.muenchhausen.knowledge import (
    LOWEST_ENOUGH,
    MODELS,
    RANDOM_ENOUGH,
    UNIFORM,
    CardModel,
    Knowledge,
    ModelContradicted,
)
from bluffmath.muenchhausen.one_turn import one_turn
from bluffmath.muenchhausen.saves import load_game, save_game
from bluffmath.muenchhausen.tournament import run_tournament

__all__ = [
    "LOWEST_ENOUGH", "MODELS", "RANDOM_ENOUGH", "UNIFORM", "CardModel", "Decision", "Game", "HonestBot",
    "Knowledge", "ModelContradicted", "OddsBot", "OfferOption", "RandomBot", "State", "card_chances", "decide",
    "explain_decision", "explain_honest", "honest_chance", "load_game", "offers", "one_turn", "play_game",
    "run_tournament", "save_game",
]
