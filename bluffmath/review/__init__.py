"""Review a game: the exact cost of every decision of one seat.

After a game (played in a widget, by bots, or typed in), the review walks through the
decisions of one seat and says, for each, what the seat knew, every option's exact value
in the game's own unit, the best options, and what the choice cost. Each game's model is
stated in words in the review (``review.model``), and no value claims more than its model:
Hochstapler's values look over the rest of the round (or one step ahead, if asked), the
Duel's over the whole match, the others' one step or one turn ahead.

=====================================================  ====================================
``review(save, seat, model)``                          a saved game's (or State's) review
``review.decisions``                                   one :class:`Decision` per choice
``decision.values``, ``.choice``, ``.best``            every option's exact value, the choice
``decision.cost``                                      best value minus the chosen one (>= 0)
``review.total_cost``, ``review.costliest(3)``         the summary
``review.model``, ``review.unit``                      the model in words, the unit of values
``review.to_json()``, ``review.text()``                JSON (fractions as "p/q"), plain text
``review_many(saves, seat_or_name)``                   habits: the costliest patterns over games
``class_games(zip_bytes)``                             a class table's download: saves with names
=====================================================  ====================================

Units: Hochstapler, the probability of not taking this round's penalty point (one step
ahead: at that decision);
Gauner raus!, expected points; Münchhausen, the expected change of the seat's score this
turn; Hoax, the chance that a doubt, vote, accusation or showdown doubt is right; the
Duel, expected points of the deal against its equilibrium, with the luck of every event.
A Hoax sheet (evidence, no decisions) is refused with :class:`ReviewError`.

The words a person reads (the model, the unit, each position and explanation, ``text()``)
are in the language in use when the review is made (:mod:`bluffmath.i18n`); the options,
marks and pattern names stay the core's own, as data (the JSON's keys, a drill's answers),
and :mod:`bluffmath.review.words` says them in that language.

Values stay exact Fractions; their text follows one rule (:mod:`bluffmath.display`): the
exact ``p/q`` while numerator and denominator have at most 60 digits each, else a decimal of
12 significant digits (in JSON without a slash, so a reader knows it is not exact; in
``text()`` marked "decimal"). A long game's total cost, a sum over hundreds of decisions,
is where that happens.

>>> from bluffmath.hochstapler import Game, save_game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").raise_(7, "purple").doubt()
>>> r = review(save_game(state), seat=1)
>>> [(d.choice, d.chosen_value, d.cost) for d in r.decisions]
[('raise 7 purple', Fraction(1, 1), Fraction(0, 1))]
>>> r.unit
"probability of not taking this round's penalty point"
"""

from bluffmath.errors import ReviewError
from bluffmath.review.decision import Decision, Review, Thresholds
from bluffmath.review.dispatch import load, review
from bluffmath.review.download import class_games
from bluffmath.review.habits import Habits, Pattern, review_many

__all__ = ["Decision", "Habits", "Pattern", "Review", "ReviewError", "Thresholds", "class_games", "load",
           "review", "review_many"]
