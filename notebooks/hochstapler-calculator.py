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
# # Hochstapler odds calculator
#
# The exact chance that a call is true, counted card by card: pick the number of players,
# your card in the colour, the values lying face up beside its pile, and the call. Below
# it, the odds for a whole hand at a real table. Serve this page with
# `voila notebooks/hochstapler-calculator.ipynb`.

# %%
from bluffmath_widgets.hochstapler import OddsCalculator, PositionOdds

OddsCalculator(players=5, own=3, face_up="0,7", call=12)

# %% [markdown]
# ## A whole hand at a real table
#
# Type the deal so far as it happened (calls as `1:12 red`, exchanges as `2:blue:3`,
# doubts as `3:doubt`). A card lying face up is counted once, whether you type it in its
# colour's field, in the history, or in both. A history no table can play (a doubt of
# one's own call, a second exchange in one turn, a call to beat above what the deck
# holds) is refused with the rule it breaks.

# %%
PositionOdds(players=4)
