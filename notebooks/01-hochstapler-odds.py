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
# # Hochstapler: how likely is a call?
#
# *A lesson in exact probability, for a teacher to present or a student to work through
# alone. Every probability here is an exact fraction (Python's `Fraction`), never a
# rounded decimal; the percentages next to them are only for reading.*
#
# In Hochstapler (Reiner Knizia, 2009) every player holds one card in each of seven
# colours. Each colour has 15 cards: three 0s, two each of 1 to 5, one 6 and one 7.
# Players take turns to raise a *call* or to doubt it. This lesson works out how likely a
# call is to be true, first by counting cards, then by listening to the other players.
#
# Run the cells from top to bottom (Shift+Enter). At the end, two calculators let you try
# your own positions.

# %%
from collections import Counter
from fractions import Fraction

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import percent
from bluffmath_widgets.hochstapler import OddsCalculator, PositionOdds  # used at the end

# %% [markdown]
# ## What a call is
#
# A call names a total and a colour, such as "12 red clocks". It claims: **the red cards
# in all hands add up to at least 12.** The next player must name a higher total (in any
# colour) or doubt the call. On a doubt everybody shows their red card: if the total
# reaches 12 the doubter was wrong and takes the red cards as a penalty point; if it falls
# short, the caller is exposed as a *Hochstapler* (an impostor) and takes them.
#
# So the question every player keeps asking is: *how likely is it that a colour's total
# reaches the call?* Here is one colour's pile, as value: number of cards.

# %%
hs.PILE

# %%
sum(value * count for value, count in hs.PILE.items()), sum(hs.PILE.values())

# %% [markdown]
# ## One colour, five players
#
# You play with four others. You hold a **3** in red. Two red cards lie face up beside the
# red pile, laid there by players who exchanged them: a **0** and a **7**. The red total is
# your 3 plus the red cards in the four other hands, which you cannot see.
#
# Those four cards are 4 of the 12 red cards you have not seen, and every set of four is
# equally likely. `total_distribution` counts, for each total, in how many of those sets
# it comes out (the *weight* column), and divides by the number of sets.

# %%
d = hs.total_distribution(players=5, own=3, face_up=(0, 7))
d

# %% [markdown]
# A call of 12 is true when the total is 12 or more:

# %%
d.at_least(12), percent(d.at_least(12))

# %% [markdown]
# ## The counting behind it
#
# The same number, argued in words, and the formula it comes from: the number of ways
# is a coefficient of a product with one factor per unseen card.

# %%
hs.explain_call(players=5, own=3, call=12, face_up=(0, 7))

# %% [markdown]
# ## Dealt from one pile, not drawn independently
#
# A tempting shortcut treats each hidden card as an independent draw from the 12 unseen
# cards, as if every player drew from a fresh copy of the pile. But the cards are dealt
# from *one* pile: once a hand holds the 6, no other hand can. Let us build the shortcut
# and compare. `Distribution(unseen)` is one card drawn from the unseen cards, and `+`
# adds independent outcomes.

# %%
unseen = Counter(hs.PILE) - Counter([3, 0, 7])  # the 12 red cards you have not seen
one_card = Distribution(unseen)
independent = 3 + one_card + one_card + one_card + one_card
independent.at_least(12), d.at_least(12)

# %% [markdown]
# The shortcut gets the chance of a call of 12 wrong by:

# %%
difference = d.at_least(12) - independent.at_least(12)
difference, percent(difference)

# %% [markdown]
# Where does the difference come from? The average total is the same either way (the
# expected value of a sum is the sum of the expected values, dependent or not). The
# spread is not: dealing from one pile makes extreme totals rarer, because a high card in
# one hand is a high card missing from the others. The variance shrinks by exactly the
# *finite population correction* (N - k) / (N - 1), here (12 - 4) / (12 - 1) = 8/11.

# %%
d.mean(), independent.mean(), d.variance(), independent.variance()

# %%
shrink = d.variance() / independent.variance()
assert shrink == Fraction(12 - 4, 12 - 1)
shrink

# %% [markdown]
# ## Keep or exchange?
#
# Before you call, you may lay one card face up beside its pile and take the top card of
# that pile. If you exchange your red 3, the 3 joins the face-up cards, and your new card
# is as likely to be any of the 12 unseen cards as another hand's card is.

# %%
swap = hs.exchange_distribution(players=5, own=3, face_up=(0, 7))
swap.at_least(12), d.at_least(12)

# %%
hs.explain_exchange(players=5, own=3, call=12, face_up=(0, 7))

# %% [markdown]
# ## Reading the bids
#
# Card counting ignores what the others say. But a call is evidence: a player who calls
# 14 in red probably holds a good red card. bluffmath weighs each call by a stated
# *opponent model*: a caller names a total they believe in (card counting, from their own
# card, gives it a chance of at least `threshold`) with weight 1, and a total they do not
# believe in, as a bluff, with weight `bluff`. Bayes' rule turns the weights into a new
# distribution of the total.

# %%
model = hs.OpponentModel()
model

# %% [markdown]
# Say the player at seat 1 called 14 in red, with the 0 and the 7 already face up:

# %%
call_14 = hs.SpokenCall(seat=1, total=14, face_up=(0, 7))
reading = hs.read_bids(players=5, own=3, calls=[call_14], face_up=(0, 7), model=model)
d.at_least(14), reading.at_least(14)

# %%
hs.explain_reading(players=5, own=3, calls=[call_14], call=14, face_up=(0, 7), model=model)

# %% [markdown]
# ### The whole hand
#
# At the table you hold a card in every colour, and on your turn you choose a colour to
# raise in, or doubt. `odds_table` works out every colour at once, both ways. You sit at
# seat 0 of five; seat 2 exchanged a red 0, seat 3 a red 7, and seat 4 called 14 in red.
# The table shows, for each colour, the chance that the lowest call you may make (15) is
# true.

# %%
hand = {"red": 3, "orange": 0, "yellow": 1, "green": 6, "blue": 5, "purple": 2, "black": 4}
position = hs.Position(players=5, me=0, hand=hand, history=[
    hs.Exchange(2, "red", 0), hs.Exchange(3, "red", 7), hs.Call(4, 14, "red"),
])
table = hs.odds_table(position)
table

# %% [markdown]
# Should you doubt 14 in red? Doubting wins when the call is false. Here is the chance
# that it is true, by card counting and by reading the bids:

# %%
table.current, table.current_reading

# %% [markdown]
# And if you raise instead, the calls most likely to be true, both ways:

# %%
table.best_calls(3)

# %%
table.best_calls(3, reading=True)

# %% [markdown]
# ## Try it yourself
#
# The calculator below does all of the above for one colour. Change the number of
# players, your card, the face-up cards (typed like `0,7`) and the call; press *show the
# counting* for the argument. Try face-up cards that cannot happen, such as `0,0,0,0`, and
# read what it says.

# %%
OddsCalculator(players=5, own=3, face_up="0,7", call=12)

# %% [markdown]
# For a whole hand at a real table: enter your seven cards, the cards lying face up beside
# each pile and the call to beat. It starts with the position above, so it shows the same
# numbers as the table. A call to beat that the rules forbid (above what the deck holds
# with that many players, or not above the last call typed) is refused with the reason.

# %%
PositionOdds(players=5, me=0, hand=hand, face_up={"red": "0,7"}, call=(14, "red"))

# %% [markdown]
# ## Exercises
#
# 1. With 3 players, and your own card not counted, how likely is a call of 9 to be true?
# 2. Five players; you hold 3; 0 and 7 lie face up. What is the highest call that is true
#    more often than not?
# 3. In the same position, does exchanging your 3 make a call of 16 likelier?
#
# Work them out, then compare with the solutions below.

# %%
# Solution 1
hs.call_odds(players=3, own=None, call=9)

# %%
# Solution 2
highest = max(total for total in d if d.at_least(total) > Fraction(1, 2))
assert d.at_least(highest + 1) <= Fraction(1, 2)
highest, d.at_least(highest)

# %%
# Solution 3
swap.at_least(16) > d.at_least(16), swap.at_least(16), d.at_least(16)
