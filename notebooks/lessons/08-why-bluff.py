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
# # Lesson 8: Why bluff?
#
# The lessons so far asked *what is likely*, under a model of the other players. Now the
# other player is as clever as you, and knows how you play. Then any habit of yours is a
# weakness: if you always do the same thing, they answer it. The way out is to **mix**:
# to choose at random, with chances chosen so well that no answer gains. A pair of such
# strategies is an **equilibrium**; what the first player then expects to win is the
# game's **value**. Bluffing is part of it: a **bluff** is a move that claims more than
# your cards support (a call you expect to be false, a bet with a hand that loses if it
# is called), made so that the others cannot read your cards from your moves. A player who
# never bluffs is predictable, and we will measure, exactly, how much that costs.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. say what a mixed strategy is, and what a best reply to it is;
# 2. find the mix that makes the other player indifferent in a two-by-two game, and what
#    it guarantees (the extra practice);
# 3. compute a strategy's **exploitability**: how much less than the value it wins
#    against a best reply;
# 4. read an equilibrium's certificate (Kuhn poker, the Hochstapler Duel) and check it;
# 5. explain, with the exact number, why a player who never bluffs is exploitable.
#
# **Where this lesson fits.** Lesson 8 of 8, the last. Before it: expected values and the
# break-even chance (lesson 3); the games it uses, Kuhn poker and the Hochstapler Duel,
# are explained here. One school lesson.
#
# Every number here is an exact fraction (`Fraction`). Exercises end with a `check(...)`
# cell that tells you whether your answer is right.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 25 minutes, 40 with the extra
# practice).** Matching pennies and best replies: 6 min (exercise 1). Kuhn poker's
# certificate: 6 min (exercise 2). Never bluffing: 6 min (exercise 3). The Duel and its
# bluffs, with the explorer in pairs: 5 min (exercise 4). Summary: 2 min. Extra practice,
# at home or for a fast class: making the other indifferent (exercise 5, 7 min), the
# bots, measured (exercise 6), and one die against one in Liar's Dice (exercise 7).
#
# **Working time, counted for a class that has never programmed: about 37 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 1303 words to read at 120 a minute, 11 code cells
# to run (34 lines of code to read), 4 exercises by kind (reading: 3 at 2 minutes; a few
# lines: 1 at 7 minutes), 1 widget at 3 minutes. The extra practice after the summary,
# for a fast class or for home, takes about 26 minutes more: 478 words to read at 120 a
# minute, 5 code cells to run (7 lines of code to read), 3 exercises by kind (one call:
# 1 at 4 minutes; a few lines: 2 at 7 minutes), 0 widgets at 3 minutes.
#
# **Or play it with the class.** After exercise 4, the class can play the Duel itself at
# the class table (`make class`; docs: "Play with your class"): open tables of the Duel
# with "the deck 0,1,2,3,4 (lesson 8): 10 deals", two students a table, or one student
# against the equilibrium bot. Your page's picture then sets the class's bluffing and
# doubting frequencies beside the equilibrium's, and shows exactly how much the class's
# average strategy would lose against a best reply: the lesson's exploitability, measured
# on the class.
#
# **Common mistakes.**
# - Giving the guesser's win instead of the hider's in exercise 1 (+1/3 for -1/3): every
#   value here is *to player 1*, the hider, the opener.
# - Answering 1/2 in exercise 5 out of habit: the bonus makes heads dearer, so the hider
#   shows it less (2/5). The rule: choose *your* mix so that *the other* is indifferent.
# - Taking exploitability as what the strategy wins (-1/6) rather than what it gives away
#   compared with the value (-1/18 - (-1/6) = 1/9).
# - Calling every call a bluff that might be false. A bluff here is a call that card
#   counting from your own card says is more likely false than true: with the 0, calling
#   3 is true half the time, calling 4 only a quarter.
# - Thinking the equilibrium is the best play against these bots. It is the play that
#   *no one* can exploit; against a known, weak bot, a best reply wins more.
#
# **To discuss.** Why must a bluff be random to work, and what happens to a bluff that
# everybody can predict? Are there moments at a real Hochstapler table where the other
# players can read your habits? Is playing the equilibrium "good play", or only "safe
# play"?

# %%
from fractions import Fraction

from bluffmath.display import percent
from bluffmath.duel import bot_exploitability, duel
from bluffmath.equilibrium import best_response, exploitability, kuhn_poker, stored
from bluffmath_widgets.equilibrium import StrategyExplorer
from bluffmath_widgets.lessons.why_bluff import (
    DECK,
    NEVER_BLUFF,
    best_mix,
    bonus_pennies,
    check,
    guaranteed,
    heads,
    liars_dice_certificate,
    matching_pennies,
    true_chance,
)

# %% [markdown]
# ## 1. Matching pennies
#
# The **hider** (player 1) hides a coin, heads or tails; the **guesser** (player 2)
# guesses without seeing. A right guess wins 1 for the guesser, a wrong one 1 for the
# hider. A **strategy** is a player's whole plan: what to do, or with what chances, in
# every situation. If the hider always hides heads, the guesser always guesses heads and the hider
# loses 1 every time: a **pure** strategy, fully predictable, fully exploited.
#
# A **mixed** strategy chooses at random: heads with chance $p$. The guesser's **best
# reply** is the guess that does best against that mix. bluffmath computes it exactly
# (`best_response(game, player, strategy)`: the best reply of the *other* player to
# `player`'s `strategy`; below, the `1` says the strategy given is player 1's, the
# hider's. The value it reports is always the **payoff**, what is won, *to player 1*):

# %%
pennies = matching_pennies()
reply = best_response(pennies, 1, heads(Fraction(1)))
reply.strategy, reply.value

# %% [markdown]
# **Exercise 1.** The hider plays heads with chance 2/3. What does the hider win per game,
# on average, against the guesser's best reply?

# %% [markdown] tags=["paper"]
# Matching pennies: the **hider** (player 1) hides a coin, heads or tails; the **guesser**
# (player 2) guesses without seeing. A right guess wins 1 for the guesser, a wrong one 1
# for the hider. The payoffs to the hider (rows: what the hider shows; columns: what the
# guesser guesses):
#
# | | heads | tails |
# | --- | --- | --- |
# | heads | −1 | +1 |
# | tails | +1 | −1 |
#
# A **mixed** strategy chooses at random: heads with chance $p$. The guesser's **best
# reply** is the guess that does best against that mix.
#
# **Exercise 1.** The hider plays heads with chance 2/3. What does the hider win per game,
# on average, against the guesser's best reply?

# %% tags=["exercise"]
answer_1 = ...  # a Fraction

# %% tags=["solution"]
# the guesser guesses heads: right 2 times in 3 (-1), wrong 1 time in 3 (+1)
answer_1 = Fraction(2, 3) * -1 + Fraction(1, 3) * 1
answer_1, guaranteed(pennies, heads(Fraction(2, 3)))

# %%
check(1, answer_1)

# %% [markdown]
# With $p = 1/2$ both guesses do equally well: the guesser is **indifferent**, and the
# hider wins 0 whatever the guesser does. No mix guarantees more: 0 is the **value** of
# matching pennies, and (1/2, 1/2) for both is its equilibrium.

# %%
{p: guaranteed(pennies, heads(p)) for p in (Fraction(0), Fraction(1, 4), Fraction(1, 2),
                                            Fraction(3, 4), Fraction(1))}

# %% [markdown]
# ## 2. Kuhn poker and its certificate
#
# Kuhn poker is the smallest real poker: three cards J < Q < K, one each, the third
# unseen; each player puts in 1. Player 1 checks (passes) or bets 1; after a check,
# player 2 checks (the higher card wins 1) or bets 1; a bet is folded (given up: the
# bettor wins 1) or called (matched: the higher card wins 2).
#
# Its equilibrium is known since 1950; bluffmath ships it with a **certificate**: the
# value and both strategies, which `verify()` checks with exact best replies: what each
# strategy guarantees must be the value. Then neither player gains by changing.

# %%
kuhn = stored({"game": "kuhn-poker"})
kuhn.value, kuhn.verify(), kuhn.bounds(), kuhn.strategy(2)

# %% [markdown]
# An **information set** is what a player knows when acting: its card and what was said.
# `"J check"` is player 2 holding the Jack after player 1 checked.
#
# **Exercise 2.** Give the value of Kuhn poker to player 1, and how often player 2 bets
# with the Jack after a check (a bluff: the Jack never wins a showdown). A pair of
# Fractions.

# %% [markdown] tags=["paper"]
# Kuhn poker is the smallest real poker: three cards J < Q < K (Jack, Queen, King), one
# each, the third unseen; each player puts in 1. Player 1 checks (passes) or bets 1; after
# a check, player 2 checks (the higher card wins 1) or bets 1; a bet is folded (given up:
# the bettor wins 1) or called (matched: the higher card wins 2). Its equilibrium is known
# since 1950, and bluffmath ships it with a **certificate**: the game's **value** (what
# player 1 wins per hand, on average, when both play it) and both strategies, checked with
# exact best replies. An **information set** is what a player knows when acting: its card
# and what was said. "J check" is player 2 holding the Jack after player 1 checked.
#
# <!-- paper -->
#
# **Exercise 2.** Give the value of Kuhn poker to player 1, and how often player 2 bets
# with the Jack after a check (a bluff: the Jack never wins a showdown). A pair of
# fractions.

# %% tags=["exercise"]
answer_2 = ...  # a pair of Fractions: (the value, how often the Jack bets after a check)

# %% tags=["solution"]
answer_2 = (Fraction(-1, 18), Fraction(1, 3))  # the value; "J check": bet 1/3
answer_2, (kuhn.value, kuhn.strategy(2)["J check"]["bet"])

# %%
check(2, answer_2)

# %% [markdown]
# ## 3. The player who never bluffs
#
# Player 1 below never bluffs: the Jack checks and folds to a bet, the Queen checks and
# calls, the King bets. An honest, sensible strategy. A best reply learns it. A bet means
# a King, so fold to it. A check means a Jack or a Queen, and the best reply bets after a
# check **only with the King**: the Queen then calls and loses 2, the Jack folds. With
# the Jack, check: player 1's check then means the Queen, which would call a bet. With
# the Queen, check too: the check then means the Jack, which the Queen beats as it is.
#
# The **exploitability** of a strategy is how much less than the value it wins against
# its best reply: 0 exactly for an equilibrium strategy, more for any strategy a clever
# opponent can punish. Player 1's strategy, the best reply's, and what player 1 wins
# against it (`reply.value`):

# %%
reply = best_response(kuhn_poker(), 1, NEVER_BLUFF)
NEVER_BLUFF, reply.strategy, reply.value

# %% [markdown]
# **Exercise 3.** What does the never-bluffer win per hand against its best reply, and
# what is its exploitability? A pair of Fractions.

# %% [markdown] tags=["paper"]
# Player 1 below never bluffs: the Jack checks and folds to a bet, the Queen checks and
# calls, the King bets. A best reply learns it. The **exploitability** of a strategy is
# how much less than the value it wins against its best reply: 0 exactly for an
# equilibrium strategy, more for any strategy a clever opponent can punish. The six deals
# of two cards to the two players are equally likely.
#
# <!-- paper -->
#
# **Exercise 3.** What does the never-bluffer win per hand against its best reply, and
# what is its exploitability? A pair of fractions.

# %% tags=["exercise"]
answer_3 = ...  # a pair of Fractions: (what it wins against the best reply, exploitability)

# %% tags=["solution"]
answer_3 = (reply.value, kuhn.value - reply.value)
answer_3, exploitability(kuhn_poker(), 1, NEVER_BLUFF)

# %%
check(3, answer_3)

# %% [markdown]
# Never bluffing costs 1/9 per hand, twice the whole value of the game (1/18). The
# bluffs are not about winning the hand they are made in: they make the honest bets
# believable, so that a King's bet gets called.

# %% [markdown]
# ## 4. The Hochstapler Duel
#
# The Duel is Hochstapler cut down to two players and one colour (the rulings in the
# bluffmath documentation): each player gets one card of the deck, here 0, 1, 2, 3, 4;
# player 1 calls a total, then the players raise or doubt in turn. A doubt is settled as
# in the full game: the call is true if the two cards reach it. Its certificate ships
# with bluffmath too:

# %%
game = duel(DECK)
cert = stored(game.spec)
cert.value, cert.verify(), cert.strategy(1)["0:"]

# %% [markdown]
# (`"0:"` is player 1 holding the 0, nothing said yet.) Holding the 0, player 1 opens
# with 3 or with 4. A call of 3 needs the other card to be
# at least 3: two of the four other cards. A call of 4 needs the 4.
#
# **Exercise 4.** Holding the 0, how often does the equilibrium open with 4, and how
# often is a call of 4 true, by card counting from your card alone? A pair of Fractions.

# %% [markdown] tags=["paper"]
# The Hochstapler Duel is Hochstapler cut down to two players and one colour: each player
# gets one card of the deck 0, 1, 2, 3, 4 and sees only their own; player 1 calls a
# total, then the players raise or doubt in turn. A doubt is settled as in the full game:
# if the two cards add up to at least the call, the doubter loses 1 and the caller wins 1;
# otherwise the reverse. Its certificate ships with bluffmath too.
#
# <!-- paper -->
#
# A call of 3 needs the other card to be at least 3: two of the four other cards. A call
# of 4 needs the 4.
#
# **Exercise 4.** Holding the 0, how often does the equilibrium open with 4, and how
# often is a call of 4 true, by card counting from your card alone? A pair of fractions.

# %% tags=["exercise"]
answer_4 = ...  # a pair of Fractions: (how often it calls 4, how often that call is true)

# %% tags=["solution"]
answer_4 = (Fraction(2, 3), Fraction(1, 4))  # "4": 2/3 above; only the 4 of the other four cards
answer_4, (cert.strategy(1)["0:"]["4"], true_chance(0, 4))

# %%
check(4, answer_4)

# %% [markdown]
# The equilibrium bluffs two times in three with the worst card. The explorer shows the
# whole picture: pick a seat and a card, see the equilibrium's chances (bluffs marked),
# then move the sliders to make your own strategy and watch its exploitability and the
# best reply to it. Try: holding the 0, never call 4. How much does that cost?

# %%
StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")

# %% [markdown]
# ## Summary
#
# - A **mixed** strategy chooses at random with chosen chances; a **best reply** is the
#   answer that does best against it. A pure strategy in matching pennies loses 1 a game.
# - In a two-by-two game, choose your mix so that the *other* player is indifferent: then
#   no reply gains, and what you get is the game's **value** (0 in matching pennies; -1/5
#   with the bonus of the extra practice).
# - An **equilibrium** is a pair of strategies where neither gains by changing; its
#   **certificate** is checked by two exact best replies that must both give the value
#   (Kuhn poker: -1/18).
# - **Exploitability** is how much less than the value a strategy wins against its best
#   reply. Never bluffing in Kuhn poker costs 1/9 a hand (the extra practice measures the
#   card-counting bot in the Duel).
# - Bluffs belong to good play not to win the hand they are made in, but to keep the
#   other player from reading your cards from your calls.
#
# Next: play the Duel against the equilibrium bot in `notebooks/equilibrium-explorer.ipynb`;
# over many deals, no strategy of yours expects more than the game's value.

# %% [markdown]
# ## Extra practice: make the other indifferent, the bots measured, and dice
#
# *For a fast class, or at home.*

# %% [markdown]
# ### Make the other indifferent
#
# Change one payoff: when both show heads, the guesser wins **2** instead of 1. Payoffs
# to the hider:
#
# | hider \ guesser | heads | tails |
# | --- | --- | --- |
# | heads | -2 | +1 |
# | tails | +1 | -1 |
#
# If the hider shows heads with chance $p$, a guess of heads gives the hider
# $-2p + (1 - p)$ and a guess of tails $p - (1 - p)$. The guesser picks the smaller one.
# The hider's best $p$ makes the two equal: then the guesser cannot pick.
#
# **Exercise 5.** Give the hider's equilibrium chance of heads, and what it guarantees
# the hider per game: `(p, value)`.

# %% [markdown] tags=["paper"]
# Change one payoff of matching pennies: when both show heads, the guesser wins **2**
# instead of 1. The payoffs to the hider (rows: what the hider shows; columns: what the
# guesser guesses):
#
# | | heads | tails |
# | --- | --- | --- |
# | heads | −2 | +1 |
# | tails | +1 | −1 |
#
# If the hider shows heads with chance $p$, a guess of heads gives the hider
# $-2p + (1 - p)$ and a guess of tails $p - (1 - p)$. The guesser picks the smaller one.
# The hider's best $p$ makes the two equal: then the guesser cannot pick.
#
# **Exercise 5.** Give the hider's equilibrium chance of heads, and what it guarantees
# the hider per game: (p, value).

# %% tags=["exercise"]
answer_5 = ...  # a pair of Fractions: (chance of heads, what it guarantees)

# %% tags=["solution"]
# -2p + (1 - p) = p - (1 - p)  gives  1 - 3p = 2p - 1,  so  p = 2/5
p = Fraction(2, 5)
answer_5 = (p, -2 * p + (1 - p))
answer_5, best_mix(bonus_pennies()), guaranteed(bonus_pennies(), heads(p))

# %%
check(5, answer_5)

# %% [markdown]
# The hider shows the dearer side *less* often. And the game is worth -1/5 to the hider:
# a mix cannot make a bad game good, it only stops the other from making it worse.

# %% [markdown]
# ### The bots, measured
#
# bluffmath's Hochstapler bots, read as Duel strategies, can be measured the same way.
# The card-counting bot calls what its card makes likely and doubts what is unlikely: it
# never bluffs.
#
# `bot_exploitability(deck=DECK)` measures the bots on the deck 0-4, in a table by name
# (each bot's exploitability as player 1, then as player 2).
# `exploitability(game, 1, strategy, value)` measures any strategy of player 1, such as
# the equilibrium's, `cert.strategy(1)`, with the game's value `cert.value`.

# %%
table = bot_exploitability(deck=DECK)
table

# %% [markdown]
# **Exercise 6.** On the deck 0-4, as player 1: what is the card-counting bot's
# exploitability, and the equilibrium's? A pair of Fractions.

# %% [markdown] tags=["paper"]
# bluffmath's Hochstapler bots, read as Duel strategies, can be measured the same way.
# The card-counting bot calls what its card makes likely and doubts what is unlikely: it
# never bluffs.
#
# <!-- paper -->
#
# **Exercise 6.** On the deck 0-4, as player 1: what is the card-counting bot's
# exploitability, and the equilibrium's? A pair of fractions.

# %% tags=["exercise"]
answer_6 = ...  # a pair of Fractions: (card counting, the equilibrium)

# %% tags=["solution"]
answer_6 = (table["card counting"][0], exploitability(game, 1, cert.strategy(1), cert.value))
answer_6

# %%
check(6, answer_6)

# %% [markdown]
# Against a best reply the card-counting bot wins $1/30 - 8/15 = -1/2$ per deal as player
# 1, where the equilibrium keeps its 1/30 whatever the other does.

# %% [markdown]
# ### Cards or dice: Liar's Dice
#
# Hochstapler is Liar's Dice played with cards. In Liar's Dice with one die each, both
# players roll in secret; player 1 must open with a call such as "two 5s" (at least two of
# the dice show 5), and each then calls higher (more dice, or as many of a higher face) or
# calls "liar". Whoever is right wins 1. bluffmath ships its exact equilibrium, certified
# like Kuhn poker's:

# %%
dice = liars_dice_certificate(1, 1, 6)
dice.verify(), dice.bounds()

# %% [markdown]
# **Exercise 7.** What is one die against one (six sides) worth to player 1, who must
# make the first call? A Fraction. (`dice.value`.)

# %% [markdown] tags=["paper"]
# **Exercise 7.** Liar's Dice with one six-sided die each: both roll in secret, player 1
# must open with a call such as "two 5s" (at least two of the dice show 5), and each then
# calls higher or calls "liar"; whoever is right wins 1. What is the game worth to player
# 1, who must make the first call? (Answer it on the computer: the value is on the
# game's certificate.)

# %% tags=["exercise"]
answer_7 = ...  # a Fraction

# %% tags=["solution"]
answer_7 = dice.value
answer_7, percent(answer_7)

# %%
check(7, answer_7)

# %% [markdown]
# With dice the first call costs player 1 a ninth of a point per game; in the Duel on 0-4
# the opener is ahead by 1/30. Two things differ. Dice are rolled independently, so your
# die tells you nothing about the other's, where a card dealt to you is a card the other
# cannot hold. And a call in Liar's Dice names one face: player 1 must commit to a face
# before knowing anything of the other die, while a total in the Duel can open low and
# safe. Same bluffing, other counting: which is why lesson 1 asked "cards or dice?".

# %% [markdown]
# ## Going further
#
# - In the explorer, choose "you answer (player 2)" and the card 4. Facing a call of 2,
#   the equilibrium sometimes calls 6 with the 4: when is that a bluff?
# - Start your strategy from the random bot. Why does it lose more than the card-counting
#   bot, though it bluffs?
#
# These two are for discussion; they have no check (answers in the solution copy).


# %% [markdown] tags=["paper"]
# ### Going further
#
# - On the computer, in the lesson's explorer, choose "you answer (player 2)" and the card
#   4. Facing a call of 2, the equilibrium sometimes calls 6 with the 4: when is that a
#   bluff?
# - In the explorer, start your strategy from the random bot. Why does it lose more than
#   the card-counting bot, though it bluffs?

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - A trick question, partly: in the equilibrium of the Duel on 0-4, player 1 never opens
#   with 2 (it opens 3, 4 or 5), so "facing a call of 2" is off the equilibrium's path, and
#   the move there (call 6 with chance $\frac{1}{21}$) only has to make such an opening
#   unprofitable. Holding the 4, a call of 6 is true when player 1 holds 2 or 3: by
#   counting from your own card, $\frac{1}{2}$, so the explorer does not mark it a bluff;
#   what player 1's call of 2 says about their card depends on why they made a call the
#   equilibrium never makes.
# - The random bot bluffs, but at random: it calls high with weak cards and doubts true
#   calls as often as false ones, so a best reply exploits it from both sides. On the Duel
#   on 0-4 it gives away $\frac{1916}{3375}$ (as player 1) and $\frac{446}{675}$ (as
#   player 2), the card-counting bot $\frac{8}{15}$ and $\frac{4}{15}$
#   (`hs.bot_exploitability(deck=(0, 1, 2, 3, 4))`). Bluffs pay in the right proportion,
#   the one that leaves the other player indifferent.
