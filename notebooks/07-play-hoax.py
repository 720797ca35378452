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
# # Play Hoax, with your deduction sheet beside the table
#
# Everyone holds one secret role card. On your turn you claim a role, any role, and do
# what it allows: the Peasant takes 2 grain, the King taxes everyone, the Wizard takes all
# of one player's tokens... Every claim can be doubted ("Hoax!"): if the table votes for a
# challenge, a liar's claim is undone and that role is covered for good, but a player who
# told the truth shows the card and wins at once. You may also spend a trio (one gold, one
# grain, one wine) to buy a look: the player you name shows you, and only you, a role they
# are not. Accuse a player of holding a role: right, they leave; wrong, you leave. The
# last player left wins.
#
# You are Ann, against bots: *deducer* bots decide their doubts, looks and accusations by
# their own exact sheets; *honest* ones never lie; *bluffers* claim other roles at a set
# rate; *random* ones pick any legal move. Pick the edition, the players, the bots and a
# seed, and press *new game*. Every move the rules allow you at this moment is one entry of *my move*: pick
# one and press *play*; the bots then move until it is your move again. Beside the table is
# your sheet: for every player and every role, the exact chance that the player holds it,
# from what you have seen (your card, the claims, the challenges, the covered roles, your
# looks and accusations), under the bluffing model you set: a player speaks as a role they
# hold with chance *honest*, as one they do not with chance *bluff* (or one chance per
# role, such as `King=1/2, Thief=1/8`). *count silences* also weighs every chance to speak
# that a player let go by (only sound with *honest* below 1). At the end every card is
# turned over.
#
# *save* puts the game in the box as JSON (it holds every card, so no peeking); *load*
# goes on with a saved game. The rules are one click away, under *Rules of Hoax*.
#
# Serve this page alone with `voila notebooks/07-play-hoax.ipynb`.

# %%
from bluffmath_widgets.hoax.table import HoaxTable

table = HoaxTable(edition="original", players=4, seed=1, bots="deducer")
table
