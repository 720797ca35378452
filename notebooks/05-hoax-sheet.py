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
# # Hoax: who is who, exactly
#
# In Hoax every player holds one secret role card, two of each role in the deck, and
# anyone may speak as any role. This sheet records what one player has seen — claims and
# silences, information bought, successful challenges, covered roles, cards revealed,
# accusations — and shows every player's exact chance of being every role, counted over
# all the deals of the cards. Claims are weighed by a bluffing model you set: a player
# holding the role speaks as it with chance *honest*, one who does not with chance *bluff*
# (exact fractions such as 1/4).
#
# The rules allow no written records at a real table, so this sheet is for study: replay
# a game afterwards, or work through a lesson. Below, you are Ann and hold a Wizard; Bo
# and Cy both spoke as the Wizard, Di kept silent, and Bo showed you he is not the King.
# Record more facts with the row of dropdowns; a fact that no deal fits is refused, with
# the facts that conflict. Every cell shows the exact fraction with its percentage beside
# it. Change the player count and the facts that still fit stay (the others wait, and come
# back when they fit again); *new sheet* clears every fact for the next game. Pick a player
# and a role under *Details* for the Bayes table and the counting.
#
# Serve this page alone with `voila notebooks/05-hoax-sheet.ipynb`.

# %%
from bluffmath.hoax import Claim, IsNot
from bluffmath_widgets.hoax import HoaxPractice, HoaxSheet

sheet = HoaxSheet(players=4, my_role="Wizard", names=["Ann", "Bo", "Cy", "Di"])
sheet.record(Claim(1, "Wizard"))
sheet.record(Claim(2, "Wizard"))
sheet.record(Claim(3, "Wizard", spoke=False))
sheet.record(IsNot(1, "King", "bought"))
sheet

# %% [markdown]
# ## Practice against bots
#
# You are player 0. Each round brings an occasion for one role (the page names it, and
# who spoke as it or kept silent); every bot in play speaks as it by the same bluffing
# model, so the sheet's numbers are the true odds. Buy
# information, challenge a claim ("Hoax!"), or accuse a player of a role; at the end
# every card is shown.

# %%
HoaxPractice(players=4, seed=0)
