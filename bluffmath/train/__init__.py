"""Train on your own mistakes: drills from your reviewed games, and exact puzzles.

Everything here is built on the review (:mod:`bluffmath.review`): a drill or a puzzle is
one reviewed decision, shown as the seat saw it and answered against the review's exact
values, under the model the review states.

=====================================================  ====================================
``drills(saves, player, threshold, order)``            your costly decisions, to answer again
                                                       (:mod:`~bluffmath.train.drills`)
``answer(drill, option)``                              its exact value, cost, and why
``drill.question()``, ``drill.text()``                 what is shown before the answer
``drill.id``, ``drill.skill``                          a stable key; the habit it trains
``puzzle_set(game)``                                   the puzzles that ship for a game
                                                       (:mod:`~bluffmath.train.sets`)
``puzzles.drill(i)``                                   puzzle ``i``, its answer recomputed
``puzzles.verify()``, ``read_set(text)``               every answer checked; a set's file read
``Progress(path)``                                     attempts, cards and ratings in SQLite
                                                       (:mod:`~bluffmath.train.progress`)
``progress.next_puzzle(player, now, seed)``            a puzzle near the player's level
``after_answer(card, cost, when)``                     when a drill comes back (FSRS:
                                                       :mod:`~bluffmath.train.schedule`)
``rate(player, puzzle, solved)``                       both ratings after an attempt
                                                       (OpenSkill: :mod:`~bluffmath.train.rating`)
=====================================================  ====================================

>>> puzzles = puzzle_set("gauner")
>>> len(puzzles) >= 200
True
>>> drill = puzzles.drill(0)
>>> result = answer(drill, drill.decision.best[0])
>>> result.cost, result.is_best, drill.skill == puzzles.puzzles[0].solution.skill
(Fraction(0, 1), True, True)
"""

from bluffmath.train.drills import Answer, Drill, answer, drills, skill_of
from bluffmath.train.progress import Attempt, Change, Item, Progress
from bluffmath.train.rating import START, Rating, nearest, rate, replay
from bluffmath.train.schedule import WELL_IN_A_ROW, Repetition, after_answer, grade
from bluffmath.train.sets import Puzzle, PuzzleSet, puzzle_set, read_set

__all__ = ["START", "WELL_IN_A_ROW", "Answer", "Attempt", "Change", "Drill", "Item", "Progress", "Puzzle", "PuzzleSet",
           "Rating", "Repetition", "after_answer", "answer", "drills", "grade", "nearest", "puzzle_set", "rate",
           "read_set", "replay", "skill_of"]
