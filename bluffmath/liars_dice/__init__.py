"""Liar's dice for two players, as Thomas Ahle's ``snyd`` analysis plays it: exact
equilibria with certificates (the rules: :mod:`bluffmath.liars_dice.rules`).

==================================================  ==========================================
``Rules(d1, d2, sides, mode)``                      a variant; ``rules.deal(h1, h2)``: a play
``state.legal_actions()``, ``state.apply(a)``       calls (``"2x5"``) and ``"liar"``
``liars_dice(d1, d2, sides, mode)``                 the game, for ``bluffmath.equilibrium.solve``
``reduced_liars_dice(d1, d2, sides, mode)``         the same without dominated actions: the
                                                    same value, a much smaller program
``full_strategy(rules, strategy, player)``          a reduced game's strategy on the whole game
``table.value(d1, d2, sides, mode)``                a cell's value, from its stored certificate
``table.cell(...)``                                 its stored certificate, checked at once
``table.certificate(...)``, ``table.PUBLISHED``     the same with the game built; snyd's values
==================================================  ==========================================

>>> from bluffmath.liars_dice import table
>>> table.value(1, 1, 6), table.value(1, 1, 6, "joker")
(Fraction(-1, 9), Fraction(-7, 327))
>>> cert = table.certificate(1, 1, 6)
>>> cert.strategy(1)["4:"], cert.strategy(1)["2:"]    # a four opens one four; a two bluffs
({'1x4': Fraction(1, 1)}, {'1x6': Fraction(1, 1)})
"""

from bluffmath.liars_dice.game import liars_dice
from bluffmath.liars_dice.reduced import full_strategy, reduced_liars_dice
from bluffmath.liars_dice.rules import LIAR, MODES, Rules, State

__all__ = ["LIAR", "MODES", "Rules", "State", "full_strategy", "liars_dice", "reduced_liars_dice"]
