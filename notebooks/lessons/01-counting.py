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
# # Lesson 1: Counting a colour's total: cards or dice?
#
# In Hochstapler (Reiner Knizia, 2009) each colour has a pile of 15 cards: three 0s, two
# each of 1 to 5, one 6 and one 7. Every player holds one card of each colour, and the
# players bid on a colour's **total over all hands**: a **call** such as "12 red" says
# the red cards in all hands add up to at least 12, and it is *true* if they do. To bluff
# well you need to know what totals are likely. This lesson counts them exactly, and asks
# how much it matters that cards are *dealt* (no card twice) rather than *rolled* like dice.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. count the equally likely deals of one colour with binomial coefficients;
# 2. find the exact distribution of a total by listing (and by the computer's counting);
# 3. compare drawing without replacement with independent draws: the same mean, a
#    smaller spread (the extra practice measures it: the factor $\frac{N-n}{N-1}$).
#
# **Where this lesson fits.** Lesson 1 of 8, the first of four on Hochstapler. Before it:
# fractions and counting (the prerequisites page). One school lesson.
#
# Every probability here is an exact `Fraction`; each exercise's `check(...)` cell marks
# your answer.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 35 minutes with the extra
# practice).** The cards on the table: 10 min. The pile and counting deals: 6 min
# (exercise 1). Listing hands: 6 min (exercise 2). Dice: 5 min (exercise 3). The widget,
# in pairs: 5 min. The mean: 3 min (exercise 4). Extra practice, at home or for a fast
# class: the spread and the size of the gap (exercises 5, 6).
#
# **Working time, counted for a class that has never programmed: about 45 minutes**,
# within a 45-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy: 902 words to read at 120 a minute, 10 code cells to run (25 lines of code to
# read), 4 exercises at 4 minutes, 1 widget at 3 minutes, the activity with cards 10
# minutes. The extra practice after the summary, for a fast class or for home, takes
# about 13 minutes more: 303 words to read at 120 a minute, 3 code cells to run (4 lines
# of code to read), 2 exercises at 4 minutes, 0 widgets at 3 minutes.
#
# **Or play it with the class.** Instead of real cards, the class can play Hochstapler at
# the class table (`make class`; docs: "Play with your class"): open tables of five seats
# (bots fill the empty ones), one deal each. Afterwards, download "Every game's save (ZIP)"
# from your page into the lesson's folder as `class-games.zip`; the hands-on cell then
# counts every colour of every deal (`class_table_counts`), seven tries a game.
#
# **Common mistakes.**
# - Counting ordered hands ($15 \cdot 14 \cdot 13 \cdot 12$) or draws with replacement
#   ($15^4$) in exercise 1. The check names both. Ask: does it matter *who* holds which
#   card, when only the total counts? (It does not, and each set is equally likely.)
# - Treating the three 0s as one card. In the listing, the 15 cards are 15 different
#   objects that happen to share values; `combinations(PILE_CARDS, 3)` gets this right.
# - Expecting the dice model to change the *mean*. It does not; only the spread changes.
#
# **To discuss.** Why does dealing without replacement make extreme totals rarer? (A
# high card dealt to one player cannot be dealt again.) With all 15 cards dealt the total
# is always 43: the spread is zero, and the formula's factor $\frac{15-15}{14}$ agrees.

# %%
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import percent
from bluffmath_widgets.lessons.counting import CardsOrDice, check
from bluffmath_widgets.lessons.hands_on import class_table_counts, compare, hochstapler_chances

# %% [markdown]
# ## 0. Hands on: deal the cards first
#
# *Before the screen, about 10 minutes.* Groups of five; each group takes the 15 cards of
# one Hochstapler colour (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7). Shuffle, deal one
# card to each of the five, turn them over and add them up: the colour's **total**. Is it
# **at least 15**? Write yes or no, then gather and shuffle again: 10 deals a group.
#
# The class records how many totals were at least 15 and how many were less. Type them in
# below (replace the zeros): the table sets the class's share beside the exact chance,
# which this lesson computes, and the count it leads you to expect. Are they close? How
# close should they be after so few deals? (If the class played at the class table
# instead, put its download of the games beside this notebook as `class-games.zip`: the
# cell then reads every deal from it.)

# %%
class_counts = {"at least 15": 0, "less than 15": 0}  # the class's counts
if Path("class-games.zip").exists():  # the class table's games, if the class played there
    class_counts = class_table_counts("class-games.zip", players=5, call=15)
compare(class_counts, hochstapler_chances(players=5, call=15))

# %% [markdown]
# ## 1. The pile
#
# `hs.PILE` says how many cards of each value a colour has. As a list of 15 cards:

# %%
PILE_CARDS = sorted(Counter(hs.PILE).elements())
PILE_CARDS, len(PILE_CARDS), sum(PILE_CARDS)

# %% [markdown]
# With four players, four of the 15 red cards are in the hands. Every **set** of four
# cards is equally likely to be the one dealt (the order does not matter: only the total
# does).
#
# The number of ways to pick $k$ cards out of $n$, order not mattering, is
# $\binom{n}{k}$ ("$n$ choose $k$"); Python writes it `comb(n, k)`.
#
# **Exercise 1.** How many different sets of 4 cards can the four players hold? Count the
# 15 cards as 15 different cards, even where their values are the same.

# %% tags=["exercise"]
answer_1 = ...  # a whole number

# %% tags=["solution"]
answer_1 = comb(15, 4)  # "15 choose 4": sets of 4 from 15
answer_1

# %%
check(1, answer_1)

# %% [markdown]
# ## 2. A distribution by listing
#
# The **distribution** of a total lists every total it can take with its chance. With few
# players we can list every set of cards and add up each one.
# `combinations(PILE_CARDS, 3)` lists the sets of 3 cards out of the 15 (as positions in
# the list, so two 0s are different cards).

# %%
totals = Counter(sum(hand) for hand in combinations(PILE_CARDS, 3))
sum(totals.values()), totals[12]

# %% [markdown]
# **Exercise 2.** Three players play. What is the exact probability that the red total
# is **at least 12**, so that a call of 12 is true? Use `totals` (or list the hands
# yourself) and give a `Fraction`. (Add `totals[t]` for every `t` from 12 up, and divide
# by the number of sets, `sum(totals.values())`.)

# %% tags=["exercise"]
answer_2 = ...  # a Fraction

# %% tags=["solution"]
answer_2 = Fraction(sum(n for total, n in totals.items() if total >= 12), sum(totals.values()))
answer_2

# %%
check(2, answer_2)

# %% [markdown]
# ## 3. What if the cards were dice?
#
# Suppose each player drew from a *full* pile and put the card back, like rolling a
# 15-sided die with the pile's values. The draws are then
# **independent**: one draw does not change the chances of the next. `Distribution` adds
# independent draws with `+`:

# %%
one_card = Distribution(hs.PILE)  # one draw: weights (numbers of cards) 3, 2, 2, 2, 2, 2, 1, 1
one_card

# %% [markdown]
# **Exercise 3.** Under this dice model, with three players, what is the probability that
# the total is at least 12?

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
dice_3 = one_card + one_card + one_card
answer_3 = dice_3.at_least(12)
answer_3

# %%
check(3, answer_3)

# %% [markdown]
# The two answers are close, but not equal. Before reading on, try the widget: change the
# number of players and the call, and watch the two bar charts (a darker bar is a total
# that makes the call true). Which model has more extreme totals?

# %%
CardsOrDice(players=5, call=15)

# %% [markdown]
# ## 4. The same mean, a smaller spread
#
# The mean of a total is the number of cards times the mean card, $43/15$, in both models:
# the mean of a sum is the sum of the means, independent or not.
#
# **Exercise 4.** With five players, give the mean total under the cards model and under
# the dice model, as a pair `(cards, dice)`. (`d.mean()` gives a distribution's mean;
# `hs.total_distribution(players=5)` is the cards model: bluffmath counts it without
# listing hands, so it stays fast with seven players.)

# %% tags=["exercise"]
answer_4 = ...  # a pair of Fractions: (cards, dice)

# %% tags=["solution"]
cards_5 = hs.total_distribution(players=5)
dice_5 = one_card + one_card + one_card + one_card + one_card
answer_4 = (cards_5.mean(), dice_5.mean())
answer_4

# %%
check(4, answer_4)

# %% [markdown]
# ## Summary
#
# - The deals of one colour are the $\binom{15}{n}$ equally likely sets of $n$ cards.
# - A total's distribution is a count of sets by their sum; bluffmath counts without
#   listing.
# - Dealt cards and independent dice give the same mean total, but dealt cards spread
#   less: extreme totals are rarer (the widget's bar charts). The extra practice measures
#   by how much: the factor $\frac{N-n}{N-1}$, and a few percentage points at most for a
#   call with five players. The dice model is a fair first guess, but not exact.
#
# Next lesson: what changes when you *see* cards (your own, the face-up ones).

# %% [markdown]
# ## Extra practice: the spread, and how big the difference is
#
# *For a fast class, or at home.* The two models with five players, as exercise 4 made
# them (run this cell whatever you answered there):

# %%
cards_5 = hs.total_distribution(players=5)
dice_5 = one_card + one_card + one_card + one_card + one_card

# %% [markdown]
# The spread is different. To measure a spread, take each total's distance from the mean,
# square it (so that a total below the mean counts as much as one above), and average
# these squares with the totals' chances: that average is the **variance**,
#
# $$\operatorname{Var}(X) = \sum_x P(X = x)\,(x - \text{mean})^2 .$$
#
# ($\sum_x$ means: work out what follows for every total $x$, and add the results.)
#
# A bigger variance means totals far from the mean are more likely. For one card the
# mean is $43/15$; the card 7 is $7 - 43/15 = 62/15$ from it, and contributes
# $\frac{1}{15}\left(\frac{62}{15}\right)^2$ to the variance.
#
# Drawing $n$ cards without replacement from $N$ multiplies the variance of the
# independent sum by
#
# $$\frac{N-n}{N-1},$$
#
# the *finite population correction*: once a card is dealt it cannot come again, so the
# cards still in the pile pull the total back towards the middle.
#
# **Exercise 5.** With five players, divide the variance of the total under the cards
# model by its variance under the dice model (`d.variance()`). Is it the formula's
# $\frac{15-5}{15-1}$?

# %% tags=["exercise"]
answer_5 = ...  # a Fraction

# %% tags=["solution"]
answer_5 = cards_5.variance() / dice_5.variance()
answer_5, Fraction(15 - 5, 15 - 1)

# %%
check(5, answer_5)

# %% [markdown]
# ### How big is the difference?
#
# For a player what matters is the chance that a call is true. With five players, the
# two models' chances of "total ≥ call" differ most at one call.
#
# **Exercise 6.** Find the call $c$ (a whole number) where
# $P_\text{cards}(\text{total} \ge c) - P_\text{dice}(\text{total} \ge c)$ is largest in
# size, and give `(c, difference)` with the difference as a Fraction (cards minus dice,
# with its sign). (A start: `{c: cards_5.at_least(c) - dice_5.at_least(c) for c in
# range(36)}` is every difference; `abs(x)` is the size of `x`.)

# %% tags=["exercise"]
answer_6 = ...  # a pair: (call, Fraction)

# %% tags=["solution"]
gaps = {c: cards_5.at_least(c) - dice_5.at_least(c) for c in range(0, 36)}
best = max(gaps, key=lambda c: abs(gaps[c]))
answer_6 = (best, gaps[best])
answer_6, percent(gaps[best])

# %%
check(6, answer_6)

# %% [markdown]
# ## Going further
#
# - With seven players, which model gives a higher chance for a call of 25? Why?
# - All 15 cards dealt (a table of 15 players, in theory): what is the total's variance?
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - Seven players, a call of 25: the cards model gives $\frac{23}{143}$ (16.1 %), the dice
#   model $\frac{38153639}{170859375}$ (22.3 %). 25 is above the mean ($\frac{301}{15}
#   \approx 20.1$ for both), so the model with the wider spread, the dice, puts more
#   chance on it (`hs.call_odds(7, None, 25)` against the dice distribution of exercise 3).
# - All 15 cards dealt: the total is always 43, so its variance is 0. The correction
#   factor says the same: $\frac{15-15}{15-1} = 0$.
