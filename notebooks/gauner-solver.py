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
# # Gauner raus! solver
#
# Where are the opponents' crooks? Paste a position (the JSON that
# `bluffmath gauner solve` reads) or edit the example, then click outside the box. Each
# opponent's own table gives a quick answer at once; the exact answer from all tables
# together follows, since the hands are disjoint and one table tells about the others.
# Framed cells are certain: hover over one for the reason. Serve this page with
# `voila notebooks/gauner-solver.ipynb`.

# %%
from bluffmath_widgets.gauner import GaunerSolver

GaunerSolver()

# %% [markdown]
# ## Beside a real game
#
# Type your cards (the hidden ones; laid ones under your seat's "laid") and, as the game
# goes, each seat's numbers, laid cards and "not mine" marks. The answers follow every
# entry; an entry that contradicts the others is reported with the facts that conflict.

# %%
from bluffmath_widgets.gauner import GaunerCompanion

GaunerCompanion(players=3)
