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
# # Play Hochstapler
#
# Play a whole game of Hochstapler (Reiner Knizia, 2009) against bots, with your exact
# odds beside the table. Everyone holds one card of each of seven colours; on your turn
# you **raise** (call a total in a colour: "the red cards in all hands add up to at least
# 12"), or **doubt** the call to beat, and everybody shows that colour. Before raising you
# may **exchange** one card: it goes face up beside its pile and you draw the pile's top
# card. Whoever was wrong, the caller or the doubter, takes the colour: one penalty point.
# When all seven colours are taken, the fewest points win.
#
# The odds panel works only from what your seat can see: your cards, the calls and the
# face-up cards. Each chance is an exact fraction, by **card counting** (every deal of the
# unseen cards equally likely) and by **reading the bids** (a caller probably holds a
# good card in the colour they call). Press *show the counting* to see how each number
# is counted.
#
# Type a total in the *call* box and press **Enter** (or *raise*) to call it. Every doubt
# of the game stays on the page, newest first: who called what, who doubted, every hand's
# card of that colour, the total and who took it. This is practice, so **undo** takes back
# your last decision and the bots' moves after it. When you open a round, the advice is the
# highest call that holds at least half the time (a call of 0 always holds, and tells the
# next player nothing). The *Rules of Hochstapler* card at the top has the rules in brief.
#
# Change the players, your name, the bots or the seed under *Setup*, then press
# *new game*. Serve this page with `voila notebooks/02-play-hochstapler.ipynb`, or run
# the cell below in JupyterLab.

# %%
from bluffmath_widgets.hochstapler import HochstaplerTable

HochstaplerTable(players=4, me=0, bot_delay=0.6)
