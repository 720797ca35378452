# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Review a game: the exact cost of every decision
#
# Chess players run their games through an engine that marks each move with what it cost.
# `bluffmath.review` does that for bluffing and deduction games, exactly: for one seat, each
# decision with the position as that seat saw it, every option's value as a fraction, the
# best options, and the cost of the choice made. The values rest on a model, stated in
# words in every review; they never claim more than it.
#
# Here card-counting bots play a game of Hochstapler; the one at seat 2 doubts less readily
# than its odds say (`doubt_bias=-1/4`), and we look for its worst decision.

# %%
from fractions import Fraction

from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game
from bluffmath.review import review

late = CardCountingBot(doubt_bias=Fraction(-1, 4))
end = play_game(Game(players=4), [CardCountingBot(), CardCountingBot(), late, CardCountingBot()], seed=3)
saved = save_game(end)  # a game saved in a widget or typed in is reviewed the same way
r = review(saved, seat=2)
print(r.model)
print(r.unit)
print(len(r.decisions), "decisions; total cost", r.total_cost, "; accuracy", r.accuracy, r.marks())

# %% [markdown]
# Each call is valued over the rest of its round: the others answer in the called colour by
# card counting (doubt, or raise by one) and the bot, when the round comes back, doubts at
# its best turn. So its openings are valued too: where the turns fall matters, and a call
# that brings the risky totals back to you costs. Where it raised although the doubt was
# likelier right, it gave up the difference.

# %%
worst = r.costliest(1)[0]
print(f"#{worst.number}: {worst.position}")
print(f"chose {worst.choice}: {worst.chosen_value}; best {worst.best[0]}: {worst.best_value}")
print(f"cost {worst.cost}")

# %% [markdown]
# Every option's value is there, exact. The best ten:

# %%
for option, value in sorted(worst.values.items(), key=lambda item: -item[1])[:10]:
    print(f"{option:<20} {value}")

# %% [markdown]
# Under the round model the bot's costliest decision is an opening: it called the highest
# total it found at least even, but against players who raise by one, where the turns fall
# matters more than the call's own chance. The review's text says when, after the best call,
# to doubt as the round comes back.

# %%
print(worst.explanation)

# %% [markdown]
# ## Exercise: check a decision by hand, one step ahead
#
# `model="counting"` judges each decision one step ahead, with the next player always
# doubting: a raise is worth the chance that the call is true, by card counting from the
# seat's own card and the face-up cards (openings are not valued there). Find the worst
# decision under that model and recompute its value with `total_distribution`.

# %%
from bluffmath.hochstapler import total_distribution

step = review(saved, seat=2, model="counting").costliest(1)[0]
view = Game(players=4).replay(end.seed, end.opener, end.events[:step.number - 1]).view(2).position
_, total, colour = step.choice.split()
mine = total_distribution(4, view.hand[colour], view.face_up(colour)).at_least(int(total))
assert mine == step.chosen_value
step.choice, step.best, mine

# %% [markdown]
# ## Gauner raus! and Münchhausen
#
# The same door reviews the other games. In Gauner raus! a guess is worth its exact chance
# of hitting, from every deal that fits what the seat knows; the solver bot, which always
# takes the likeliest guess, costs nothing. A random guesser does not.

# %%
from bluffmath import gauner

game = gauner.play_game(gauner.Game(players=2), [gauner.RandomBot(seed=1), gauner.SolverBot()], seed=2)
print("random guesser:", review(game, 0).total_cost, " solver:", review(game, 1).total_cost)
assert review(game, 1).total_cost == 0

# %% [markdown]
# In Münchhausen the values are expected changes of the seat's own score this turn, under
# a card model of how players choose cards (uniform by default).

# %%
from bluffmath import muenchhausen

game = muenchhausen.play_game(muenchhausen.Game(players=3), [muenchhausen.OddsBot(), muenchhausen.HonestBot(),
                                                             muenchhausen.RandomBot(seed=1)])
for seat in range(3):
    m = review(game, seat)
    print(f"seat {seat}: {len(m.decisions)} decisions, total cost {m.total_cost}")
assert all(d.cost >= 0 for d in m.decisions)
assert isinstance(m.total_cost, Fraction)

# %% [markdown]
# ## The review widget
#
# The timeline colours each decision by its mark: green among the best, yellow, orange and
# red for an inaccuracy, a mistake and a blunder (the share of the decision's spread given
# up). A click opens the position and every option's value.

# %%
from bluffmath_widgets.review import ReviewWidget

ReviewWidget(saved, seat=2)

# %% [markdown]
# ## Habits over many games
#
# One game says little about a player. `review_many` reviews many and sorts the costly
# decisions into patterns (doubting too late, calling above the odds, ...), the most
# costly first, each with an example from the player's own games. Here the same bot sits
# at seat 2 in eight games. Over the round, its openings cost most; one step ahead, the
# habit planted in it (it doubts late) comes out on top.

# %%
from bluffmath.review import review_many

games = [play_game(Game(players=4), [CardCountingBot(), CardCountingBot(), late, CardCountingBot()], seed=s)
         for s in range(8)]
habits = review_many(games, 2)
print(habits.text())
assert review_many(games, 2, "counting").top(1)[0].name == "doubts too late"

# %%
from bluffmath_widgets.review import HabitsWidget

HabitsWidget(games, 2)
