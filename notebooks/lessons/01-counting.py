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
# each of 1 to 5, one 6 and one 7. Every player holds one card of each colour, and a
# **call** such as "12 red" says the red cards in all hands add up to at least 12. To
# bluff well you need to know which totals are likely. This lesson counts them exactly,
# and asks how much it matters that cards are *dealt* (no card twice), not *rolled* like
# dice.
#
# New to notebooks? Start with [lesson 0, notebook basics](00-notebook-basics.ipynb).
#
# ## Learning goals
#
# After this lesson you can
#
# 1. count the equally likely deals of one colour with binomial coefficients;
# 2. find the exact distribution of a total by listing (and by the computer's counting);
# 3. compare drawing without replacement with independent draws: the same mean, a
#    smaller spread (the widget shows both; the extra practice measures them).
#
# **Where this lesson fits.** Lesson 1 of 8, the first of four on Hochstapler. Before it:
# the prerequisites page and lesson 0, for a class that needs them. One school lesson.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 32 minutes, 40 with the extra
# practice).** The cards on the table: 10 min. The pile and counting deals: 6 min
# (exercise 1). Listing hands: 6 min (exercise 2). Dice: 5 min (exercise 3). The widget,
# in pairs, and the mean: 5 min. Extra practice, at home or for a fast class: the mean,
# the spread and the size of the gap (exercises 4 to 6). A class that has never used a
# notebook does lesson 0 (notebook basics, about 8 minutes) first: with the
# prerequisites page, or at home.
#
# **Working time, counted for a class that has never programmed: about 40 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 848 words to read at 120 a minute, 9 code cells
# to run (26 lines of code to read), 3 exercises by kind (one call: 3 at 4 minutes), 1
# widget at 3 minutes, the activity with cards 10 minutes. The extra practice after the
# summary, for a fast class or for home, takes about 26 minutes more: 385 words to read
# at 120 a minute, 6 code cells to run (9 lines of code to read), 3 exercises by kind
# (one call: 1 at 4 minutes; a few lines: 2 at 7 minutes), 0 widgets at 3 minutes.
#
# **Cards for the activity.** Each group of five needs one Hochstapler colour (15 cards),
# so one boxed game or one printed deck (7 colours) serves 35 students: a class of 30
# needs one. No boxed game? `make handouts` prints `deck-hochstapler.html`, 105 cards on
# 12 A4 pages to cut out, each card saying its colour in words (it reads in black and
# white).
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
# one colour (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7). Shuffle, deal one
# card to each of the five, turn them over and add them up: the colour's **total**. Is it
# **at least 15**? Write yes or no, then gather and shuffle again: 10 deals a group.
#
# Type the class's counts in below (replace the zeros): the table sets the class's share
# beside the exact chance, which this lesson computes. Are they close? How close should
# they be after so few deals? (A class that played at the class table puts its download
# of the games beside this notebook as `class-games.zip`.)

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
# With four players, four of the 15 red cards are in the hands, and every **set** of four
# cards is equally likely (only the total matters, not who holds which card).
#
# The number of ways to pick $k$ cards out of $n$, order not mattering, is
# $\binom{n}{k}$ ("$n$ choose $k$"); Python writes it `comb(n, k)`.
#
# **Exercise 1.** How many different sets of 4 cards can the four players hold? Count the
# 15 cards as 15 different cards, even where their values are the same.


# %% [markdown] tags=["paper"]
# **Exercise 1.** With four players, four of the 15 red cards are in the hands, and every
# set of four cards is equally likely. The number of ways to pick $k$ cards out of $n$,
# order not mattering, is $\binom{n}{k}$ ("$n$ choose $k$"). How many different sets of 4
# cards can the four players hold? Count the 15 cards as 15 different cards, even where
# their values are the same.
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
# players we can list every set of cards: `combinations(PILE_CARDS, 3)` lists the sets of
# 3 cards out of the 15 (two 0s are different cards), and we add up each one: `totals[t]`
# counts the sets whose total is `t`. A call of 12 is true when the total is **at least**
# 12: 12, 13, and so on up to 18, the highest. `at_least_12` adds their counts.

# %%
totals = Counter(sum(hand) for hand in combinations(PILE_CARDS, 3))
at_least_12 = totals[12] + totals[13] + totals[14] + totals[15] + totals[16] + totals[17] + totals[18]
sum(totals.values()), totals[12], at_least_12

# %% [markdown]
# **Exercise 2.** Three players play. What is the exact probability that the red total
# is **at least 12**, so that a call of 12 is true? Give a `Fraction`: the sets that make
# the call true, `at_least_12`, out of all 455 sets. (`Fraction(a, b)` is `a` divided by
# `b`, exactly.)


# %% [markdown] tags=["paper"]
# **Exercise 2.** Three players play. The table above counts the 455 sets of 3 red cards
# by their total. What is the exact probability that the red total is **at least 12**, so
# that a call of 12 is true? Add the counts of the totals from 12 up, and divide by 455.
# %% tags=["exercise"]
answer_2 = ...  # a Fraction

# %% tags=["solution"]
answer_2 = Fraction(at_least_12, 455)
answer_2

# %%
check(2, answer_2)

# %% [markdown]
# ## 3. What if the cards were dice?
#
# Suppose each player drew from a *full* pile and put the card back, like rolling a
# 15-sided die with the pile's values. The draws are then **independent**: one draw does
# not change the chances of the next. A `Distribution` is a list of values with their
# chances; `d.at_least(t)` is the chance that it is at least `t` (here: a card of 6 or
# more, 2 cards in 15), and `+` adds independent draws:

# %%
one_card = Distribution(hs.PILE)  # one draw: weights (numbers of cards) 3, 2, 2, 2, 2, 2, 1, 1
one_card, one_card.at_least(6), (one_card + one_card).at_least(13)

# %% [markdown]
# **Exercise 3.** Under this dice model, with three players, what is the probability that
# the total is at least 12? (Two players' chance of 13 or more is the last number above;
# the exercise's cell adds the three players' draws for you, as `dice_3`.)


# %% [markdown] tags=["paper"]
# Suppose instead that each player drew from a *full* pile and put the card back, like
# rolling a 15-sided die with the pile's values: the **dice model**, where one draw does
# not change the chances of the next. With three players, the 15 × 15 × 15 = 3375 draws
# are equally likely.
#
# <!-- paper -->
#
# **Exercise 3.** With three players, what is the probability that the total is at least
# 12 under the dice model? (Take the third draw one value at a time: it is a 0 in 3 of
# its 15 cards, a 1 in 2, and so on; the table counts what the first two draws must then
# reach.)
# %% tags=["exercise"]
dice_3 = one_card + one_card + one_card  # three independent draws
answer_3 = ...  # a Fraction

# %% tags=["solution"]
dice_3 = one_card + one_card + one_card  # three independent draws
answer_3 = dice_3.at_least(12)
answer_3

# %%
check(3, answer_3)

# %% [markdown]
# The two answers are close, but not equal. Try the widget: change the number of players
# and the call, and watch the two bar charts (a darker bar is a total that makes the call
# true). Which model has more extreme totals? Its table gives each model's **mean** (the
# average total) and **variance** (how spread out the totals are): what do you notice?

# %%
CardsOrDice(players=5, call=15)

# %% [markdown]
# ## Summary
#
# - The deals of one colour are the $\binom{15}{n}$ equally likely sets of $n$ cards.
# - A total's distribution is a count of sets by their sum; bluffmath counts without
#   listing.
# - Dealt cards and independent dice give the same mean total, but dealt cards spread
#   less: extreme totals are rarer (the widget's bar charts). The dice model is a fair
#   first guess, but not exact; the extra practice measures by how much.
#
# Next lesson: what changes when you *see* cards (your own, the face-up ones).

# %% [markdown]
# ## Extra practice: the mean, the spread, and how big the difference is
#
# *For a fast class, or at home.*
#
# bluffmath counts the cards model without listing hands, `hs.total_distribution`, so it
# stays fast with seven players. Here are both models for five players, and the mean of
# one card (`d.mean()` is a distribution's mean, the average of its values weighed by
# their chances):

# %%
cards_5 = hs.total_distribution(players=5)  # five cards dealt from the pile
dice_5 = one_card + one_card + one_card + one_card + one_card  # five independent draws
one_card.mean()

# %% [markdown]
# **Exercise 4.** Give the mean total under the cards model and under the dice model, as
# a pair `(cards, dice)`. Both are the number of cards times the mean card, $43/15$: the
# mean of a sum is the sum of the means, independent or not.

# %% tags=["exercise"]
answer_4 = ...  # a pair of Fractions: (cards, dice)

# %% tags=["solution"]
answer_4 = (cards_5.mean(), dice_5.mean())
answer_4

# %%
check(4, answer_4)

# %% [markdown]
# ### The spread
#
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
# cards still in the pile pull the total back towards the middle. `d.variance()` is a
# distribution's variance; one card's:

# %%
one_card.variance()

# %% [markdown]
# **Exercise 5.** With five players, divide the variance of the total under the cards
# model by its variance under the dice model. Is it the formula's
# $\frac{15-5}{15-1}$?


# %% [markdown] tags=["paper"]
# **Exercise 5.** The **variance** of a total measures its spread: the average, weighed
# by the totals' chances, of each total's squared distance from the mean,
# $\operatorname{Var}(X) = \sum_x P(X = x)\,(x - \text{mean})^2$. Drawing $n$ cards without
# replacement from $N$ multiplies the variance of the independent sum by $\frac{N-n}{N-1}$
# (the *finite population correction*). With five players, divide the variance of the
# total under the cards model by its variance under the dice model. Is it
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
# two models' chances of "total ≥ call" differ most at one call. Here is the difference
# at every call $c$, cards minus dice, with its sign, as a percentage (`gaps[c]` is the
# exact fraction):

# %%
gaps = {c: cards_5.at_least(c) - dice_5.at_least(c) for c in range(36)}
{c: percent(gap) for c, gap in gaps.items()}

# %% [markdown]
# **Exercise 6.** Find the call $c$ (a whole number) where
# $P_\text{cards}(\text{total} \ge c) - P_\text{dice}(\text{total} \ge c)$ is largest in
# size (far from 0, above or below), and give `(c, difference)` with the difference as a
# Fraction: `gaps[c]`.

# %% [markdown] tags=["paper"]
# For a player what matters is the chance that a call is true. With five players, write
# $P_\text{cards}(\text{total} \ge c)$ for the chance that five dealt cards add up to at
# least $c$, and $P_\text{dice}(\text{total} \ge c)$ for the chance that five draws with
# replacement do. The two differ most at one call.
#
# <!-- paper -->
#
# **Exercise 6.** Find the call $c$ (a whole number) where
# $P_\text{cards}(\text{total} \ge c) - P_\text{dice}(\text{total} \ge c)$ is largest in
# size, and give (c, difference) with the difference as a fraction (cards minus dice, with
# its sign).

# %% tags=["exercise"]
answer_6 = ...  # a pair: (call, Fraction)

# %% tags=["solution"]
answer_6 = (10, gaps[10])  # 4.2 %, the largest in size
answer_6, max(gaps, key=lambda c: abs(gaps[c]))

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
