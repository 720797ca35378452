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
# # Train on your own mistakes
#
# A review tells you once what each of your decisions cost. To play better, answer the
# positions you got wrong again, until you find the better move. Here every decision of
# yours that cost at least a "mistake" comes back as a **drill**: the position exactly as
# your seat saw it (nothing of the other seats' hidden cards), and its options. Choose one
# and press **Answer**: you see every option's exact value, the best, what your answer
# cost and why, in the review's words. **Next** brings the next drill: the costliest
# first, or game by game ("next mistake").
#
# **Load saved games** takes the JSON files a table's "save" button writes (one or many,
# all of one game); type your seat (0 is the first) or, in a class table's games, your
# name. Or choose a **puzzle set**: positions from the bots' games where one option is
# clearly the best, each chosen near your level.
#
# Every answer is kept in a progress file (`train.sqlite` in this folder): close the page,
# come back tomorrow, and the drills you got wrong come back first, on a spaced-repetition
# schedule. Below the drill, your progress: the share of your answers that were best, your
# puzzle rating, each skill's accuracy per day and your habits then and now.

# %% [markdown]
# Five games of Hochstapler to start with, played here by card-counting bots; the one at
# seat 0, "you", doubts less readily than its odds say. Replace them with your own saves
# (the button) to drill your own mistakes.

# %%
from fractions import Fraction

from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game
from bluffmath_widgets.train import Trainer

you = CardCountingBot(doubt_bias=Fraction(-1, 4))
saves = [save_game(play_game(Game(players=3), [you, CardCountingBot(), CardCountingBot()], seed=seed))
         for seed in (1, 2, 3, 4, 5)]
Trainer(saves=saves, player=0)

# %% [markdown]
# The values rest on the review's model, stated with each game's review: in Hochstapler a
# call is valued over the rest of its round, the others answering by card counting. The
# how-to *Train on your mistakes* in the documentation says each game's model, and how to
# run the same drills on the command line (`bluffmath train`).
