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
# # Which bot plays Hochstapler best?
#
# A tournament plays many seeded games between bots and counts each bot's penalty points.
# Every bot sits in every seat in turn, every game gets its own shuffle, and the same seed
# gives the same games on any machine. The mean penalty is exact; its 95 % interval is
# rounded outward, so it is never too narrow.
#
# The bots: **random** calls at random within reach; **card counting** calls and doubts by
# the exact odds of its own cards and the face-up cards; **bid reading** also weighs what
# the other players' calls say about their cards (slower: it runs a Bayes update per
# colour).

# %%
from bluffmath.hochstapler import CardCountingBot, RandomBot, run_tournament

result = run_tournament([CardCountingBot(), RandomBot(), RandomBot(), RandomBot()], games=200,
                        seed=1, workers=1)
print(result)

# %% [markdown]
# The card-counting bot should take clearly fewer penalty points than the random ones:

# %%
counting, *randoms = result.standings
assert counting.name == "card counting"
assert all(counting.mean < r.mean for r in randoms)
result

# %% [markdown]
# ## Your own tournament
#
# Choose the bots and the number of games, then press *run*. The games are spread over
# the machine's cores; the bar shows how many are done. (To run on a Dask cluster instead,
# pass `executor=Client(...).get_executor()` to `run_tournament`; see the how-to guide.)
# The other games have tournaments too: `TournamentPanel(game="gauner")`,
# `game="muenchhausen"` or `game="hoax"` (Hoax's deducer bot doubts and accuses by the
# exact posterior of what it has seen).

# %%
from bluffmath_widgets.tournament import TournamentPanel

TournamentPanel(players=4, bots=["card counting", "random", "random", "random"], games=200)
