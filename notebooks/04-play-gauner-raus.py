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
# You are seat 0; a solver-guided bot plays seat 1. Each number in a table counts that
# player's cards of the cell's colour *or* letter. The grids show, for each cell, the exact
# chance that the opponent holds it, from what you may know: first from the opponent's own
# table alone (quick), then from all tables together (exact). Click a cell to ask for it;
# after a hit, ask again or stop. Hover over a cell for the exact fraction, and for the
# reason when it is certain (✓ surely there, ✗ surely not).
#
# Serve this page alone with `voila notebooks/04-play-gauner-raus.ipynb`.

# %%
from bluffmath_widgets.gauner import GaunerTable

GaunerTable(players=2, seed=0)
