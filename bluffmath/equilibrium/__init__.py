"""Exact equilibria of two-player zero-sum games with imperfect information, with a
certificate anyone can check.

A game is a tree (:mod:`~bluffmath.equilibrium.tree`); its sequence form
(:mod:`~bluffmath.equilibrium.sequence`) makes an equilibrium the optimum of a linear
program (:mod:`~bluffmath.equilibrium.program`), which HiGHS solves in floats; exact
arithmetic rebuilds the optimal vertex (:mod:`~bluffmath.equilibrium.exact`) and exact best
responses (:mod:`~bluffmath.equilibrium.response`) certify it
(:mod:`~bluffmath.equilibrium.solver`); :mod:`~bluffmath.equilibrium.refine` refines it.

=======================================================  =======================================
``Game(root)``, ``Chance``, ``Decision``, ``Terminal``   a game tree, checked once
``kuhn_poker()``, ``matching_pennies()``                 games with known answers
``solve(game)``                                          an exact equilibrium: a ``Certificate``
``solve(game, refine=True)``, ``refined(cert)``          one that also punishes the opponent's misplays
``cert.value``, ``cert.strategy(p)``, ``cert.verify()``  the value, the strategies, the proof
``Certificate.from_json(text)``, ``cert.to_json()``      certificates as JSON (strictly read)
``best_response(game, p, strategy)``                     the other player's exact best reply
``exploitability(game, p, strategy)``                    what a strategy loses to that reply
``realisation_plan(game, p, strategy)``                  a strategy in the sequence form
``stored(spec)``                                         a certificate that ships with bluffmath
``game_from_spec(spec)``, ``register(name, builder)``    the games a certificate's spec may name
``EquilibriumBot(cert, player)``, ``deal(game, rng)``    play a certificate's strategy, exactly
``ReadingBot(cert, player)``                             read the opponent, reply best, say the risk
=======================================================  =======================================

Only :func:`solve` needs a solver (``pip install 'bluffmath[solve]'``: scipy, highspy);
everything else, checking a certificate included, is pure Python.

>>> from bluffmath.equilibrium import kuhn_poker, stored, exploitability
>>> cert = stored({"game": "kuhn-poker"})
>>> cert.value, cert.verify()
(Fraction(-1, 18), True)
>>> never_bluff = {"J": {"check": 1}, "Q": {"check": 1}, "K": {"bet": 1},
...                "J check bet": {"fold": 1}, "Q check bet": {"call": 1}}
>>> exploitability(kuhn_poker(), 1, never_bluff)   # it wins -1/6 against the best reply
Fraction(1, 9)
"""

from bluffmath.equilibrium.bot import EquilibriumBot, deal, draw
from bluffmath.equilibrium.certificate import Certificate, stored
from bluffmath.equilibrium.examples import kuhn_poker, matching_pennies
from bluffmath.equilibrium.games import game_from_spec, register
from bluffmath.equilibrium.reader import ReadingBot
from bluffmath.equilibrium.refine import refined
from bluffmath.equilibrium.response import BestResponse, behaviour, best_response, realisation_plan
from bluffmath.equilibrium.sequence import constraints, payoff_matrix, sequences
from bluffmath.equilibrium.solver import solve
from bluffmath.equilibrium.tree import Chance, Decision, Game, Infoset, Terminal
from bluffmath.equilibrium.value import exploitability, game_value

__all__ = [
    "BestResponse",
    "Certificate",
    "Chance",
    "Decision",
    "EquilibriumBot",
    "Game",
    "Infoset",
    "ReadingBot",
    "Terminal",
    "behaviour",
    "best_response",
    "constraints",
    "deal",
    "draw",
    "exploitability",
    "game_from_spec",
    "game_value",
    "kuhn_poker",
    "matching_pennies",
    "payoff_matrix",
    "realisation_plan",
    "refined",
    "register",
    "sequences",
    "solve",
    "stored",
]
