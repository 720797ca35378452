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
# # Play Gauner raus! with the exact chance of every card
#
# You play against bots (Ann, Ben, Cleo): choose 2 to 4 players, which bot sits at each
# seat, the brave variant and a seed, then press "New game". Each number in a table counts
# that player's cards of the cell's colour *or* letter. Every opponent's table shows what
# they wrote (✎), the cards they laid (●) and their "not mine" marks (✗); over the same grid,
# each cell gives your exact chance that they hold that card, from all tables together, as
# a fraction and a percentage (darker: likelier). Click a cell to ask for it; after a hit,
# ask again or stop. Certain cells carry ✓ or ✗, and the list below the tables says why.
# At the end every hand and the surplus are revealed, and the game can be replayed move by
# move.
#
# Serve this page alone with `voila notebooks/04-play-gauner-raus.ipynb`.

# %%
from bluffmath_widgets.gauner import GaunerTable

GaunerTable(players=2, seed=0)
