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
# # Why bluff? The strategy explorer
#
# The exact equilibrium of Kuhn poker and of the Hochstapler Duel, read from the
# certificates that ship with bluffmath (checked by exact best responses as they load).
# Pick a game, your seat and your card: the equilibrium's chances, exact with their
# percentages, and its bluffs. Then change your own strategy with the sliders and see how
# much a best reply takes from it. Serve this page with
# `voila notebooks/equilibrium-explorer.ipynb`.

# %%
from bluffmath_widgets.equilibrium import DuelMatch, StrategyExplorer

StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")

# %% [markdown]
# ## Play the Duel against the equilibrium bot
#
# The bot draws every move from its exact mixed strategy. No strategy of yours expects to
# win more per deal than the game's value for your seat.

# %%
DuelMatch(deck="0,1,2,3,4", seat=1, seed=1)

# %% [markdown]
# ## Play against a bot that reads you
#
# This bot counts your moves after every deal and plays the exact best reply to what it
# has seen. Play predictably (never bluff, say) and watch what you can expect against it
# fall below the game's value; its own reply, meanwhile, is one a player who saw through
# it could punish. The equilibrium bot above gains nothing from your habits, and risks
# nothing.

# %%
DuelMatch(deck="0,1,2,3,4", seat=1, seed=1, opponent="reader")
