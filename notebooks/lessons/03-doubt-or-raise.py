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
# # Lesson 3: When to doubt and when to raise
#
# Lessons 1 and 2 worked out how likely a call is. At the table you must also **do**
# something: doubt the call or raise it, and either can cost you a penalty point. This
# lesson puts a price on each choice, the *expected penalty*, and finds the chance of a
# call at which the two prices are equal: the *break-even* probability.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. say who pays when a call is doubted, and compute the expected penalty of doubting;
# 2. compute the expected penalty of raising, and say which raise to compare with;
# 3. find the break-even probability and decide "doubt" or "raise" from exact odds;
# 4. (extra practice) explain how the decision moves with the number of players and your
#    own card, and why a call more likely true than not can still be worth doubting.
#
# **Where this lesson fits.** Lesson 3 of 8, on Hochstapler. Before it: lessons 1 and 2 (a
# colour's total, counted from your own card and the face-up cards). One school lesson.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 28 minutes, 37 with the extra
# practice).** What a doubt costs, from the rules: 5 min. Doubting: 5 min (exercise 1).
# Raising: 6 min (exercise 2). The break-even and the decision: 7 min (exercises 3, 4).
# The widget, in pairs: 5 min. Extra practice, at home or for a fast class: players and
# your own card, the rule written as a function with one blank (exercise 5), and a
# likely call worth doubting (exercise 6).
#
# **Working time, counted for a class that has never programmed: about 38 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 1038 words to read at 120 a minute, 12 code cells
# to run (21 lines of code to read), 4 exercises by kind (reading: 1 at 2 minutes; one
# call: 2 at 4 minutes; a few lines: 1 at 7 minutes), 1 widget at 3 minutes. The extra
# practice after the summary, for a fast class or for home, takes about 22 minutes more:
# 397 words to read at 120 a minute, 5 code cells to run (15 lines of code to read), 2
# exercises by kind (a few lines: 2 at 7 minutes), 0 widgets at 3 minutes.
#
# **Common mistakes.**
# - Giving the chance that the doubt is *right*, $1 - p$, as its expected penalty
#   (exercise 1). You pay when the call is **true**. The check says so.
# - Leaving your own card out of the chance (lesson 2's lesson); the check names it.
# - Using the chance that the raise is true instead of its penalty, $1 - q$
#   (exercises 2 and 3).
# - Comparing with a raise in the called colour when another colour offers a safer
#   raise (exercise 3): here the blue 7 changes the answer of exercise 4.
# - The rule of thumb "doubt whatever is less likely than not" ($p < \frac12$). It
#   agrees with the exact rule in small games and fails with six or seven players
#   (exercise 5, extra practice): the raise has its own risk.
#
# **To discuss.** The model looks one step ahead and assumes the worst: that your raise
# will be doubted. Is that too gloomy? (The widget lets the next player doubt only some of
# the time; but that player's doubt is not a coin toss: they doubt more often when your
# raise is false, so the kind estimate is too kind.) What the model leaves out: the doubter
# opens the next round; an exchange before raising (lesson 2); what the caller's call says
# about their card (lesson 4). And a point is a point: a doubt that loses by one pip costs
# as much as one that loses by ten.

# %%
from fractions import Fraction

from IPython.display import HTML

from bluffmath import hochstapler as hs
from bluffmath.display import percent, table_html
from bluffmath_widgets.lessons.doubting import DoubtOrRaise, bot_says, check

# %% [markdown]
# ## 1. What a doubt costs, and whom
#
# The rules say: when a player doubts, everyone shows their card of the called colour
# and the values are added up.
#
# - If the total is **at least** the call, the doubter was wrong and takes the colour.
# - If the total is **lower**, the caller is exposed as a *Hochstapler* (an impostor) and
#   takes it.
#
# "Taking the colour" means **one penalty point** (the rulings in the bluffmath
# documentation). Nobody else scores, and the margin does not matter: short by one costs
# as much as short by ten. At the end, the fewest points win.
#
# The position for the whole lesson: four players; Ada, at seat 0, opens with **"13
# red"**. You, at seat 1, must answer. Nothing lies face up. Your hand:

# %%
hand = {"red": 4, "orange": 2, "yellow": 1, "green": 3, "blue": 7, "purple": 0, "black": 5}
position = hs.Position(players=4, me=1, hand=hand, history=[hs.Call(0, 13, "red")])
position.call

# %% [markdown]
# If you doubt, you take one point when the call is true, none when it is false. The
# *expected penalty* is the average number of points over the equally likely deals:
#
# $$E[\text{penalty} \mid \text{doubt}] = 1 \cdot P(\text{call true}) + 0 \cdot
# P(\text{call false}).$$
#
# Lesson 2's `hs.call_odds(players, own, call)` is the chance that a call is true, counted
# from your own card in the called colour. Here is the chance that the red total is at
# least **10**, with four players and your red 4:

# %%
hs.call_odds(players=4, own=4, call=10)

# %% [markdown]
# **Exercise 1.** What is your expected penalty, in points, if you doubt Ada's 13 in red?
# (You hold the red 4: use it, as in lesson 2.)

# %% [markdown] tags=["paper"]
# When a player doubts, everyone shows their card of the called colour and the values are
# added up. If the total is **at least** the call, the doubter was wrong and takes the
# colour; if it is lower, the caller takes it. Taking the colour is **one penalty point**,
# and at the end the fewest points win. So if you doubt, you take one point when the call
# is true and none when it is false. Your *expected penalty* is the average number of
# points over the equally likely deals:
#
# $$E[\text{penalty} \mid \text{doubt}] = 1 \cdot P(\text{call true}) + 0 \cdot
# P(\text{call false}).$$
#
# **Exercise 1.** What is your expected penalty, in points, if you doubt Ada's 13 in red?
# (You hold the red 4: read its row of the table above.)

# %% tags=["exercise"]
answer_1 = ...  # a Fraction (points)

# %% tags=["solution"]
answer_1 = hs.call_odds(players=4, own=4, call=13)  # 1 · P(true) + 0 · P(false) is P(true)
answer_1, percent(answer_1)

# %%
check(1, answer_1)

# %% [markdown]
# The call is a little less likely than not. Doubt it? First price the other choice.
#
# ## 2. What a raise risks
#
# If you raise, the next player raises again or doubts **your** call, and then you take
# the point if your call is false. Assume the worst, that you will be doubted:
#
# $$E[\text{penalty} \mid \text{raise}] = P(\text{your raise is false}) = 1 - q ,$$
#
# where $q$ is the chance that your raise is true.
#
# Which raise? Any total above 13, in any colour. A higher total is never likelier, so
# the safest raise in a colour is 14. Worked for red, with your red 4: the chance $q$ that
# "14 red" is true, and your expected penalty $1 - q$ if you are doubted:

# %%
q_red = hs.call_odds(players=4, own=4, call=14)
q_red, 1 - q_red

# %% [markdown]
# Your own card makes the colour matter. `odds_table` shows every colour, with the chance
# of the lowest call you may make. (Its column "reading the bids" is lesson 4.)

# %%
table = hs.odds_table(position)
table

# %% [markdown]
# **Exercise 2.** Give your expected penalty if you raise to **14 in red** and if you
# raise to **14 in blue** (you hold the blue 7), assuming the next player doubts you, as a
# pair `(red, blue)`. The red one is worked above.

# %% [markdown] tags=["paper"]
# If you raise, the next player raises again or doubts **your** call, and then you take
# the point if your call is false. Assume the worst, that you will be doubted: your
# expected penalty is then $1 - q$, where $q$ is the chance that your raise is true. You
# may raise to any total above 13, in any colour; a higher total is never likelier, so the
# safest raise in a colour is 14.
#
# **Exercise 2.** Give your expected penalty if you raise to **14 in red** and if you
# raise to **14 in blue**, assuming the next player doubts you, as a pair (red, blue).

# %% tags=["exercise"]
answer_2 = ...  # a pair of Fractions: (red, blue), the red one as worked above

# %% tags=["solution"]
answer_2 = (1 - q_red, 1 - hs.call_odds(players=4, own=7, call=14))
answer_2, [percent(x) for x in answer_2]

# %%
check(2, answer_2)

# %% [markdown]
# ## 3. The break-even probability
#
# Doubting costs $p = P(\text{call true})$, raising costs $1 - q$. So
#
# $$\text{doubt when } p < 1 - q, \qquad \text{raise when } p \ge 1 - q .$$
#
# $1 - q$ is the **break-even probability**: below it, a doubt is cheaper on average.
# Use your best raise, the one with the largest $q$. `table.best_calls(1)` gives it as a
# list of one pair, (the call, its chance $q$); `[0]` takes the pair out of the list, and
# `best_call, q_best = ...` names its two parts:

# %%
best_call, q_best = table.best_calls(1)[0]
best_call, q_best

# %% [markdown]
# **Exercise 3.** What is the break-even probability $1 - q$ for Ada's call, given your
# best raise?

# %% [markdown] tags=["paper"]
# Doubting costs $p = P(\text{call true})$ on average, raising costs $1 - q$. So doubt
# when $p < 1 - q$, and raise when $p \ge 1 - q$. $1 - q$ is the **break-even
# probability**: below it, a doubt is cheaper on average. Use your best raise: 14 in the
# colour where it is likeliest to be true (your card in each colour is in your hand).
#
# **Exercise 3.** What is the break-even probability for Ada's call, given your best
# raise?

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
answer_3 = 1 - q_best
best_call, answer_3, percent(answer_3)

# %%
check(3, answer_3)

# %% [markdown]
# **Exercise 4.** So: do you doubt Ada's 13 in red, or raise? Answer with the word
# `"doubt"` or `"raise"`.

# %% tags=["exercise"]
answer_4 = ...  # "doubt" or "raise"

# %% tags=["solution"]
answer_4 = "doubt" if answer_1 < answer_3 else "raise"
answer_4, percent(answer_1), percent(answer_3)

# %%
check(4, answer_4)

# %% [markdown]
# What decided it: your **blue 7**. With red raises only, a raise to 14 would be false
# with probability 229/364 (about 63 %), and doubting (about 47 %) would be cheaper. A
# good card in *another* colour makes raising safe.
#
# bluffmath's card-counting bot uses the same rule. Asked about this position, and about
# it with only red raises allowed:

# %%
bot_says(position), bot_says(position, colours=["red"])

# %% [markdown]
# ## 4. Move the call
#
# The widget compares the two choices. Pick your card in the called colour and the card
# you would raise with, and move the call. The solid line is the expected penalty of
# doubting; the dashed line, the **break-even line**, that of the raise. Doubt where the
# solid line is below the dashed one.
#
# - Where do the two lines cross, with your red 4 and the blue 7? With the red 4 only?
# - Change the number of players. Where does the crossing move?
# - Set "the next player doubts my raise" to half the time. Why is that too kind to you?
#   (Who doubts more often: a player facing a true call, or a false one?)

# %%
DoubtOrRaise(players=4, own=4, raise_with=7, call=13)

# %% [markdown]
# ## Summary
#
# - A doubt gives one penalty point to the doubter if the call is true, to the caller if
#   it is false: doubting costs you $P(\text{call true})$ points on average.
# - If your raise is doubted it costs $1 - q$, where $q$ is the chance that your best
#   raise (the lowest total, in your best colour) is true.
# - The break-even probability is $1 - q$: doubt a call less likely than that, raise
#   otherwise. A strong card in any colour makes raising safer.
# - (Extra practice) The line moves up by about three per extra player, and with your
#   own card.
#
# Next lesson: the calls themselves as evidence, read with Bayes' rule.

# %% [markdown]
# ## Extra practice: more players, another card, and a likely call worth doubting
#
# *For a fast class, or at home.*
#
# Suppose you can only raise in the called colour, by one. Write $P(t)$ for the chance
# that the total is at least $t$. Doubting a call of $T$ costs $P(T)$; raising to $T + 1$
# costs $1 - P(T + 1)$. So doubt when
#
# $$P(T) < 1 - P(T + 1).$$
#
# Add $P(T + 1)$ to both sides: the rule becomes
#
# $$\text{doubt a call of } T \text{ when } P(T) + P(T + 1) < 1.$$
#
# (The sum of two chances is no chance itself: it can be more than 1.) With no higher
# call left, $T$ the highest total a colour can reach, you must doubt. Here are the calls
# around the crossing, for four players and your red 4, the two chances side by side:

# %%
rows = [(t, hs.call_odds(4, 4, t), hs.call_odds(4, 4, t + 1)) for t in range(11, 16)]
HTML(table_html(["call T", "P(T)", "P(T + 1)", "P(T) + P(T + 1) < 1?"],
                [(t, p, p_next, "yes: doubt" if p + p_next < 1 else "no: raise") for t, p, p_next in rows]))

# %% [markdown]
# **Exercise 5.** Holding the red 4, and raising only in red, what is the **lowest** call
# in red that you should doubt, with 3, 4, 5, 6 and 7 players? Give a tuple of five
# totals. The cell below does it with a *function*, `lowest_doubt(players, own)`: it
# tries the calls $t = 0, 1, 2, \ldots$ in turn and gives back the first one that the
# rule says to doubt. Fill in its blank 1, the rule, and then blank 2: call the function
# once for each number of players, as `lowest_doubt(3, 4)` for three players and your 4.

# %% [markdown] tags=["paper"]
# Suppose you can only raise in the called colour, by one. Write $P(t)$ for the chance
# that the total is at least $t$. Doubting a call of $T$ costs $P(T)$; raising to $T + 1$
# costs $1 - P(T + 1)$. So doubt when $P(T) < 1 - P(T + 1)$, that is when
# $P(T) + P(T + 1) < 1$: in the table above, when the counts of $T$ and $T + 1$ add up to
# less than the number of sets in all.
#
# **Exercise 5.** Holding the red 4, and raising only in red, what is the **lowest** call
# in red that you should doubt, with 3, 4, 5, 6 and 7 players? Give the five calls in
# order.

# %% tags=["exercise"]
def lowest_doubt(players, own):
    """The lowest call to doubt, holding ``own`` and raising only in the called colour."""
    top = hs.MAX_TOTAL[players]  # the highest total the colour can reach
    for t in range(top):  # t = 0, 1, 2, ... up to top - 1, in turn
        if ...:  # blank 1: the rule, with hs.call_odds(players, own, t) for P(t)
            return t  # the first call to doubt: the function stops here and gives t
    return top  # no lower call is worth doubting: with no higher call left, doubt the top


answer_5 = ...  # blank 2: (lowest_doubt(3, 4), lowest_doubt(4, 4), and so on up to 7 players)

# %% tags=["solution"]
def lowest_doubt(players, own):  # noqa: F811 (the exercise's cell makes it with its blank)
    """The lowest call to doubt, holding ``own`` and raising only in the called colour."""
    top = hs.MAX_TOTAL[players]  # the highest total the colour can reach
    for t in range(top):  # t = 0, 1, 2, ... up to top - 1, in turn
        if hs.call_odds(players, own, t) + hs.call_odds(players, own, t + 1) < 1:
            return t  # the first call to doubt: the function stops here and gives t
    return top  # no lower call is worth doubting: with no higher call left, doubt the top


answer_5 = (lowest_doubt(3, 4), lowest_doubt(4, 4), lowest_doubt(5, 4), lowest_doubt(6, 4), lowest_doubt(7, 4))
answer_5

# %%
check(5, answer_5)

# %% [markdown]
# bluffmath's core has this function too, as `hs.lowest_doubt(players, own)`, with the
# chance that your raise is doubted as a parameter. Four players, your red 4:

# %%
hs.lowest_doubt(4, 4)

# %% [markdown]
# Each extra player adds a hidden card, worth 39/14 (about 2.8) on average when you hold
# the 4, and the line moves up by about that much. Now look at six players and a call of
# 18:

# %%
p_18, q_19 = hs.call_odds(6, 4, 18), hs.call_odds(6, 4, 19)
percent(p_18), percent(q_19), p_18 > Fraction(1, 2), p_18 < 1 - q_19

# %% [markdown]
# The call is true **more often than not**, and still you should doubt it: a raise to 19
# is even more likely to be false. The rule of thumb "doubt what is less likely than not"
# gets this wrong. What matters is never the call alone, but the call *against your
# best alternative*.
#
# **Exercise 6.** Four players, raising only in red. What is the lowest call in red that
# you should doubt if you hold the red **0**, and if you hold the red **7**? Give the pair
# `(with a 0, with a 7)`.

# %% [markdown] tags=["paper"]
# With six players and your red 4, a call of 18 is true more often than not, and still
# you should doubt it: a raise to 19 is even more likely to be false. What matters is
# never the call alone, but the call against your best alternative.
#
# **Exercise 6.** Four players, raising only in red, by one (the rule of exercise 5). What
# is the lowest call in red that you should doubt if you hold the red **0**, and if you
# hold the red **7**? (The table of four players at the top counts both.) Give the pair
# (with a 0, with a 7).

# %% tags=["exercise"]
answer_6 = ...  # a pair of totals: (holding a 0, holding a 7)

# %% tags=["solution"]
answer_6 = (hs.lowest_doubt(4, 0), hs.lowest_doubt(4, 7))
answer_6

# %%
check(6, answer_6)

# %% [markdown]
# ## Going further
#
# - In the widget, with "half the time": the decision of section 3 does not change, but
#   in which positions does it? Is "half the time" a fair guess for a careful opponent?
# - Lesson 2's exchange: before raising you may exchange a card. How would you add "exchange
#   and raise" as a third choice? (bluffmath's `CardCountingBot` does: read its docstring.)
#
# These two are for discussion; they have no check (answers in the solution copy).


# %% [markdown] tags=["paper"]
# ### Going further
#
# - On the computer, let the next player doubt your raise only "half the time" (a
#   setting of the lesson's widget). Your decision in exercise 4 does not change, but in
#   which positions does it? Is "half the time" a fair guess for a careful opponent?
# - Lesson 2's exchange: before raising you may exchange a card. How would you add
#   "exchange and raise" as a third choice? (bluffmath's card-counting bot does.)

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - With "half the time", the raise's expected penalty halves, so raising stays the better
#   choice for higher calls: raising only in red and holding the red 4, the lowest call to
#   doubt moves up by 2 at every table size (3 to 7 players: 10, 13, 16, 18, 21 become 12,
#   15, 18, 20, 23; `hs.lowest_doubt(players, 4, doubted=Fraction(1, 2))`). It is too kind:
#   a careful opponent doubts a *false* raise more often than a true one, so the chance of
#   being doubted is higher exactly when the raise is likely to be false.
# - Exchange and raise: compare three penalties, the doubt's, the best raise's, and the
#   best raise's after the exchange (its odds from `hs.exchange_distribution`); the bot
#   does this.
