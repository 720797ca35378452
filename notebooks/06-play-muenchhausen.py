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
# # Play Münchhausen, with the exact odds
#
# Every player starts a round holding one card of every value. The start player names a
# value; the others offer, each at least the named value and the highest so far; the
# winner lays a card face down on the start player's pile, claiming it reaches the offer.
# Believe it, and it stays there unseen; doubt it, and it is turned over.
#
# You are seat 0, against two bots: seat 1 plays by the odds, seat 2 never lies. Every
# hand starts public, so what the table knows of every hand is exact under a model of how
# players choose their cards (pick it in the *card model* dropdown). When a card lies on
# your pile, the page shows the exact chance that it is honest, the chance of each value,
# and what believing or doubting is worth to you on average; when you are to offer, what
# each offer risks and gains. A doubted card that the model says could not have been laid
# is reported, and the game goes on: try the uniform model then.
#
# Pick your move in the dropdown and press *play*; the bots move at once. The rules are
# one click away, under *Rules of Münchhausen*.
#
# Serve this page alone with `voila notebooks/06-play-muenchhausen.ipynb`.

# %%
from bluffmath.muenchhausen import HonestBot, OddsBot
from bluffmath_widgets.muenchhausen import MuenchhausenTable

table = MuenchhausenTable(players=3, bots=[OddsBot(), HonestBot()], model="lowest-enough")
table

# %% [markdown]
# ## At a real table: the companion
#
# At a real table nobody knows the values of the cards laid face down, so no engine can
# referee; but the public log is enough for the exact numbers. Pick how many play (2 to 8)
# and which seat is yours (a new log starts). Record what everyone sees: pick the event, its
# seats and values, and press *add*. When you lay a card yourself, pick it as *card C*: the
# companion keeps your hand. While a card lies face down, the page shows the exact chance
# that it is honest; on your own pile, also whether to believe or doubt. With two players
# every card is laid face up, and the page shows what the other player holds. *undo* takes
# back the last event; *new round* deals again.

# %%
from bluffmath_widgets.muenchhausen import MuenchhausenCompanion

companion = MuenchhausenCompanion(players=4, me=0, model="lowest-enough")
companion
