"""Gauner raus! (Puttin, 2016): exact deduction of every opponent's every card.

36 cards, one per cell of a 6 x 6 grid of colours and letters; each player's table holds
public numbers "my cards of this colour or this letter". Every deal that fits all tables
at once is counted, exactly; each is equally likely. Rules: ``shared/rules/gauner-raus.md``
and ``docs/reference/rulings.md``.

=====================================================  ====================================
``Position.from_json(data)``                           what one seat knows (the JSON form)
``solve(position)``                                    every deal that fits all tables
``solution.deals``                                     how many (an int)
``solution.probability(holder, cell)``                 a Fraction; holder: seat or "surplus"
``solution.best_guesses(n)``, ``solution.guess``       the guesses most likely to hit
``solution.forced``                                    certain cells, each with a reason
``solution.brave(banked)``                             guess on or stop (brave variant)
``solve_alone(position, seat)``                        quick: one opponent's table alone
``solve_steps(position)``                              the quick answers, then the joint one
``random_positions(players, seed)``                    positions along random games
``Game(players, brave).new_game(seed)``                the rules engine: an immutable State
``state.guess(seat, cell)``, ``state.stop()``          actions (``verify_*``, ``can_*`` too)
``state.view(seat)``                                   a seat's knowledge, as a Position
``save_game(state)``, ``load_game(text)``              versioned JSON (replayed, checked)
``RandomBot``, ``SolverBot``, ``play_game``            bots, each policy in its docstring
``run_tournament(bots, games)``                        many seeded games, on any executor
=====================================================  ====================================

>>> from fractions import Fraction
>>> from bluffmath import gauner
>>> position = gauner.Position.from_json('''{"game": "gauner-raus", "players": 2, "me": 0,
...   "hand": ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...            "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"],
...   "tables": [{"numbers": {"green-A": 2}}, {"numbers": {"green-A": 5}}]}''')
>>> s = gauner.solve(position)
>>> s.deals, s.probability(1, "green-B"), s.probability(1, "blue-B")
(810810, Fraction(5, 9), Fraction(7, 15))

Seat 1's 5 lies among the 9 unknown green or A cells, its other 7 cards among the other 15:

>>> from math import comb
>>> comb(9, 5) * comb(15, 7), Fraction(comb(8, 4), comb(9, 5)), Fraction(comb(14, 6), comb(15, 7))
(810810, Fraction(5, 9), Fraction(7, 15))
"""

from bluffmath.gauner.bots import RandomBot, SolverBot, play_game
from bluffmath.gauner.conflicts import ConflictError
from bluffmath.gauner.game import Action, Ask, Game, State, Stop
from bluffmath.gauner.grid import COLOURS, GRID, HAND_SIZE, LETTERS, Grid
from bluffmath.gauner.guessing import BraveAdvice, Guess
from bluffmath.gauner.playout import Deal, random_positions
from bluffmath.gauner.position import Fact, Position, Table
from bluffmath.gauner.reasons import Forced
from bluffmath.gauner.saves import load_game, save_game
from bluffmath.gauner.solve import Solution, solve, solve_alone, solve_steps
from bluffmath.gauner.tournament import run_tournament

__all__ = [
    "COLOURS",
    "GRID",
    "HAND_SIZE",
    "LETTERS",
    "Action",
    "Ask",
    "BraveAdvice",
    "ConflictError",
    "Deal",
    "Fact",
    "Forced",
    "Game",
    "Grid",
    "Guess",
    "Position",
    "RandomBot",
    "Solution",
    "SolverBot",
    "State",
    "Stop",
    "Table",
    "load_game",
    "play_game",
    "random_positions",
    "run_tournament",
    "save_game",
    "solve",
    "solve_alone",
    "solve_steps",
]
