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
# # Lesson 5: Deduction with constraints: exact counting on the Gauner raus! grid
#
# *Gauner raus!* (Puttin, 2016) has 36 cards, one for each cell of a 6 × 6 grid: a colour
# (red, yellow, green, blue, purple, orange) and a letter (A to F). The cards are dealt
# out; what is left over stays face down in the box. When a cell is rolled, players write
# in their table **how many of their cards have that colour or that letter**. Every number
# written is true and public. On your turn you name an opponent and a cell: if they hold
# that card they lay it face up; if not, they mark the cell "not mine".
#
# In Hochstapler (lesson 4) the calls could be bluffs, and we needed a model of the
# players. Here nobody lies: every number, every card laid and every mark is a fact. So
# no model is needed, only **counting**: which deals of the cards fit all the facts?
#
# ## Learning goals
#
# After this lesson you can
#
# 1. read a number in a table as a **constraint**: "exactly so many of this player's hidden
#    cards lie among these cells";
# 2. find cards that are **certain or impossible by pure logic**;
# 3. **count the deals** that fit all the constraints, by listing them on a small position;
# 4. give a card's **probability** as (deals in which it is there) / (all deals), and say
#    why guessing "constraint by constraint" is not exact;
# 5. use the **solver** on the full grid, where listing is hopeless, and see how one
#    opponent's table tells you about another's cards.
#
# **Where this lesson fits.** Lesson 5 of 8, the one on Gauner raus!. Before it: counting
# equally likely deals and a probability as a share of them (lessons 1 and 2); no
# Hochstapler rules are needed. Two school lessons: the second starts at "Second school
# lesson", before section 3.
#
# Every probability is an exact `Fraction`. Exercises end with a `check(...)` cell.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 50 minutes with the cards).**
# The cards on the table: 10 min. The grid and a number as a constraint: 6 min (exercise
# 1). Counting the deals: 8 min (exercise 2). A card's probability, and why guessing
# constraint by constraint fails: 8 min (exercise 3). Pure logic after a wrong guess: 6
# min (exercise 4). Two opponents: 6 min (exercise 5). The full grid and the widget: 6
# min (exercise 6). Two school lessons, split at "Second school lesson" (before section
# 3).
#
# **Working time, counted for a class that has never programmed: two school lessons,
# about 35 and 39 minutes**, each within a 40-minute lesson (the second starts at
# "Second school lesson"). Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks; part 1: 970 words to read at 120 a minute, 10
# code cells to run (38 lines of code to read), 2 exercises by kind (reading: 1 at 2
# minutes; one call: 1 at 4 minutes), 0 widgets at 3 minutes, the activity with cards 10
# minutes; part 2: 1229 words to read at 120 a minute, 15 code cells to run (35 lines of
# code to read), 4 exercises by kind (reading: 3 at 2 minutes; a few lines: 1 at 7
# minutes), 1 widget at 3 minutes.
#
# **Cards for the activity.** Each pair needs the 36 Gauner raus! cards: a class of 30
# needs 15 decks (or groups of four sharing 8 decks, dealing in turn). No boxed games?
# `make handouts` prints `deck-gauner.html`: the 36 cards on 4 A4 pages, each with its
# colour in words and its place on the grid, and a table sheet to write numbers on.
#
# **Or play it with the class.** Instead of dealing cards in pairs, the class can play
# Gauner raus! at the class table (`make class`; docs: "Play with your class"): open
# tables of two seats, one game each. Afterwards, download "Every game's save (ZIP)" from
# your page into the lesson's folder as `class-games.zip`; the hands-on cell then counts
# every hand dealt in the two-player games (`class_gauner_counts`), two tries a game.
#
# **Common mistakes.**
# - Forgetting the cards already laid face up: a number counts *all* the player's cards
#   of that colour or letter, laid ones included (exercise 1: 4 instead of 2).
# - Counting a card with both the colour and the letter twice. It counts once: a cross
#   has 11 cells, not 12.
# - Treating each number on its own ("2 of these 4 cells, so 1/2 each") and then
#   averaging or multiplying. The numbers are not independent: they share cells and
#   share the same few hidden cards. Only whole deals that fit *every* fact at once give
#   exact chances (exercise 3).
# - Reading one opponent's table alone. The hands are disjoint, so a card seat 2 must
#   hold cannot be seat 1's (exercise 5).
#
# **To discuss.** Why are the deals that fit still *equally likely*? (Before anything
# was known every deal was equally likely; a fact only removes deals, it does not favour
# any of those left.) Is the *choice* of a guess evidence? (A player never names their own
# card, so in a way yes; but how much depends on how that player chooses, and the solver
# uses only what the rules make public and true.)

# %%
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

from bluffmath import gauner
from bluffmath.gauner import GRID
from bluffmath_widgets.gauner import GaunerSolver
from bluffmath_widgets.lessons.deduction import (
    check,
    full_grid,
    position_text,
    small_position,
    three_players,
)
from bluffmath_widgets.lessons.hands_on import class_gauner_counts, compare, gauner_chances

# %% [markdown]
# ## 0. Hands on: deal the cards first
#
# *Before the screen, about 10 minutes.* Pairs, each with the 36 Gauner raus! cards.
# Shuffle them face down and deal **12** cards to one of you (a hand of a two-player game).
# Look at the hand: how many of the 12 cards are **green or C** (a green card with C counts
# once)? That is the number you would write at green-C in your table. Write it down, put
# the cards back, shuffle, deal again. Each pair does this 5 times.
#
# The class then records how many hands gave 0, 1, 2, ... green or C cards. Type the counts
# in below (replace the zeros). The table sets the class's shares beside the exact chances:
# a hand is 12 of the 36 cards, all sets equally likely, and 11 cards are green or C. (If
# the class played at the class table instead, put its download of the games beside this
# notebook as `class-games.zip`: the cell then reads every hand from it.)

# %%
class_counts = {0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0}  # the class's counts
if Path("class-games.zip").exists():  # the class table's games, if the class played there
    class_counts = class_gauner_counts("class-games.zip", players=2, cell="green-C")
compare(class_counts, gauner_chances(players=2, cell="green-C"))

# %% [markdown]
# ## 1. A number is a constraint
#
# A number written at a cell counts the cards of that cell's colour **or** its letter:
# the cell's *cross*, its row and its column, 11 cells in all (the cell itself counts
# once). The cross of red-F:

# %%
[GRID.name(cell) for cell in sorted(GRID.cross(GRID.index("red-F")))]

# %% [markdown]
# Here is a position late in a real two-player game: bluffmath's rules engine dealt the
# cards from a seed, rolled the dice and played the game's recorded guesses, so every
# number, card and mark below is one the rules produce. You are seat 0 and hold 12 cards
# (`hand`). In your first two turns you found 9 of seat 1's 12 cards, and they lie face
# up (`laid`); 3 are still hidden. The other 12 cards are in the box. Seat 1's table
# shows its numbers (four from the setup rolls, which both players wrote, and one from
# each of its own two turns) and the cells it marked "not mine" after your wrong guesses.

# %%
small = small_position()
print(position_text(small))

# %% [markdown]
# Seat 1 wrote **4 at red-F**: four of its twelve cards are red or F. Some of those
# are already face up. The number says something about the *hidden* cards only after you
# take the laid ones away.
#
# **Exercise 1.** How many of seat 1's 3 hidden cards are red or F?

# %% tags=["exercise"]
answer_1 = ...  # a whole number

# %% tags=["solution"]
answer_1 = 4 - 2  # 4 written at red-F, less the two red or F cards laid: red-A and red-C
answer_1, sorted(GRID.name(cell) for cell in GRID.cross(GRID.index("red-F")) & small.tables[1].laid)

# %%
check(1, answer_1)

# %% [markdown]
# bluffmath turns every number into such a constraint: `residual` of seat 1's hidden
# cards lie among `cells`, the cross's cells that seat 1 could still hold (not yours, not
# laid, not marked "not mine").

# %%
for constraint in small.seat_facts(1).constraints:
    print(GRID.name(constraint.cell), "wrote", constraint.number, "->", constraint.residual, "of",
          sorted(GRID.name(cell) for cell in constraint.cells))

# %% [markdown]
# Look at yellow-C: seat 1 wrote 4 there, and it has already laid four yellow or C cards
# (red-C, yellow-E, purple-C, orange-C). So **none** of its hidden cards is yellow or C:
# yellow-A, yellow-C, yellow-D and green-C are impossible for seat 1, by pure logic. The
# same at blue-E (3 written, blue-D, yellow-E and purple-E laid): blue-A is impossible.
# (At the table seat 1 circles such a number and crosses out the whole row and column.)
#
# ## 2. Counting the deals
#
# You know where 21 cards are: your 12 and the 9 laid ones. The other 15 are *unknown*.
# As far as you can tell, a deal is the choice of which 3 of them are seat 1's hidden
# cards (the other 12 are in the box). The cards were shuffled, so before the numbers every
# such choice was equally likely: $\binom{15}{3} = 455$ of them.

# %%
len(small.unknown), comb(15, 3)

# %% [markdown]
# A choice *fits* a table if it holds none of the cells marked "not mine", and if every
# number is right: the laid cards and the hidden ones together have exactly that many
# cards in the cross.

# %%
def fits(table, hidden):
    """Do these hidden cards agree with every number and mark in the table?"""
    cards = set(hidden) | table.laid
    return not set(hidden) & table.not_mine and all(
        len(GRID.cross(cell) & cards) == number for cell, number in table.numbers.items())


seat1 = small.tables[1]
fits(seat1, [GRID.index(name) for name in ("red-D", "green-F", "green-A")])

# %% [markdown]
# The cell below lists every set of 3 unknown cells (`combinations(small.unknown, 3)`),
# keeps the sets that fit seat 1's table as `hands`, and prints them: out of 455 ways to
# hide 3 cards, only these fit every fact.

# %%
hands = [hand for hand in combinations(small.unknown, 3) if fits(seat1, hand)]
for hand in hands:
    print(", ".join(GRID.name(cell) for cell in hand))

# %% [markdown]
# **Exercise 2.** How many deals fit? (`len(hands)` counts the sets in `hands`.)

# %% [markdown] tags=["paper"]
# **Exercise 2.** Seat 1 hides 3 of the 15 unknown cells. List every set of 3 unknown
# cells and keep the sets that fit seat 1's table: none of them marked "not mine", and
# every number right, the laid cards and the hidden ones together. How many deals fit?

# %% tags=["exercise"]
answer_2 = ...  # a whole number

# %% tags=["solution"]
answer_2 = len(hands)
answer_2, sum(1 for hand in combinations(small.unknown, 3) if fits(seat1, hand))

# %%
check(2, answer_2)

# %% [markdown]
# ## Second school lesson: from counting deals to chances
#
# *Start here in the second school lesson.* Coming back to the notebook after a break?
# Click into section 3 below and choose **Run > Run All Above Selected Cell**: part 1
# runs again, your answers with it, in a few seconds.
#
# Where we are: each number in a table is a **constraint** on the hidden cards, and we
# listed the deals that fit all the constraints. Now a card's chance comes from that
# list; the same count finds certain and impossible cards; we take on two opponents at
# once; and the solver counts the full grid.

# %% [markdown]
# ## 3. A card's probability: count the deals that have it
#
# All 455 deals were equally likely. The facts rule some out and say nothing else, so the
# deals that fit are **still equally likely** (conditioning a uniform distribution, one
# that gives every outcome the same chance, keeps it uniform on what is left). So the chance that seat 1 holds a card is
#
# $$P(\text{seat 1 holds } c) = \frac{\text{deals that fit and give } c \text{ to seat 1}}
#   {\text{deals that fit}} .$$
#
# **Exercise 3.** What is the chance that seat 1 holds **green-A**? In the list of the
# deals that fit (above exercise 2), count those that give seat 1 green-A, and divide by
# all the deals that fit.


# %% [markdown] tags=["paper"]
# **Exercise 3.** In exercise 2 you listed the deals that fit seat 1's table, all equally
# likely. What is the chance that seat 1 holds **green-A**? Count the deals that give it
# green-A, and divide by all the deals that fit.
# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
answer_3 = Fraction(4, 12)  # 4 of the 12 deals that fit give seat 1 green-A
answer_3, Fraction(sum(GRID.index("green-A") in hand for hand in hands), len(hands))

# %%
check(3, answer_3)

# %% [markdown]
# Every unknown cell at once, next to what the solver says (the chances add up to 3, seat
# 1's hidden cards):

# %%
by_hand = {GRID.name(c): Fraction(sum(c in hand for hand in hands), len(hands)) for c in small.unknown}
solution = gauner.solve(small)
by_hand == solution.table(1), solution.deals, by_hand

# %% [markdown]
# **Why not constraint by constraint?** A quick guess reads each number on its own.
# yellow-F says "1 of green-F, purple-F, yellow-A, yellow-C, yellow-D", so green-F would
# be $\frac15$; blue-F says "1 of blue-A, green-F, purple-F", so $\frac13$. It is neither:
# $\frac12$. And green-A, in no cross at all, is not "3 cards among 15 cells, $\frac{3}{15}$"
# but $\frac13$.
#
# The numbers *share* seat 1's three hidden cards. The circled numbers rule out the yellow
# and C cells and blue-A, so yellow-F and blue-F both ask for exactly one of green-F and
# purple-F. red-F needs two red or F cards: that F card, and one of red-B and red-D. red-D's
# 5 needs exactly one of red-B, red-D and orange-D, so with red-B or red-D it never takes
# orange-D. That makes two of the three hidden cards; the third lies in no cross: green-A,
# purple-A or purple-B. So $2 \times 2 \times 3 = 12$ deals, equally likely. A guess made
# number by number cannot see this; counting whole deals sees every fact at once, and since
# the deals that fit are equally likely, the count is the exact answer.
#
# ## 4. Certain and impossible, by pure logic
#
# Counting also finds every certain card: a card in **all** the deals that fit is
# certain, a card in **none** is impossible. orange-D has chance 0, as the reasoning above
# said, and so do the cells the circled numbers cross out.
#
# Your best guesses are red-B, red-D, green-F and purple-F, $\frac12$ each. You name red-B
# to seat 1 and are wrong: seat 1 marks red-B "not mine", and your turn ends. Seat 1's
# turn starts: it rolls the dice and writes its new number in its table.

# %%
after = small_position(after_miss=True)
after.tables[1].to_json()

# %% [markdown]
# The deals that still fit, listed as before:

# %%
hands_after = [hand for hand in combinations(after.unknown, 3) if fits(after.tables[1], hand)]
for hand in hands_after:
    print(", ".join(GRID.name(cell) for cell in hand))

# %% [markdown]
# **Exercise 4.** Now one card is **certain** to be seat 1's. Which one? Find it by logic
# (which red or F cards can red-F's number still use?) or in the list (which card is in
# every deal?), and give its name as text, such as `"blue-D"`.

# %% [markdown] tags=["paper"]
# **Exercise 4.** Now one card is **certain** to be seat 1's. Which one? Find it by logic
# (which red or F cards can red-F's number still use?) or by counting the deals that still
# fit (which card is in every one?), and give its name, such as "blue-D".

# %% tags=["exercise"]
answer_4 = ...  # a cell's name

# %% tags=["solution"]
# Logic: red-F needs two of green-F, purple-F, red-D (red-B is marked now), and yellow-F
# allows only one of green-F and purple-F: so red-D. (Seat 1's new 4 at red-B agrees.)
answer_4 = "red-D"  # in every deal of the list
answer_4, [GRID.name(c) for c in after.unknown if all(c in hand for hand in hands_after)]

# %%
check(4, answer_4)

# %% [markdown]
# Pure logic is a special case of counting: "certain" is probability 1, "impossible" is
# probability 0. Counting also gives all the chances in between. (The solver names each
# certain cell with the simplest reason it finds: a mark, a circle, counting inside one
# table, or counting every deal; the widget below frames them.)
#
# ## 5. Two opponents: the hands are disjoint
#
# *Disjoint*: no card is in two hands.
#
# With three players, a deal shares the unknown cells among seat 1, seat 2 and the box.
# Late in this game (again a real one, played by the rules engine) you hold ten cards;
# seats 1 and 2 have two hidden cards each, and the box holds 6. Ten cells are unknown.

# %%
three = three_players()
[GRID.name(c) for c in three.unknown], three.to_json()["tables"][1:]

# %% [markdown]
# A deal gives 2 cells to seat 1 and 2 of the rest to seat 2; the other 6 go to the box.
# It fits if each seat's hidden cards fit its table:

# %%
deals = [(hand1, hand2)
         for hand1 in combinations(three.unknown, 2) if fits(three.tables[1], hand1)
         for hand2 in combinations([c for c in three.unknown if c not in hand1], 2)
         if fits(three.tables[2], hand2)]
for hand1, hand2 in deals:
    print("seat 1:", ", ".join(GRID.name(c) for c in hand1), "  seat 2:", ", ".join(GRID.name(c) for c in hand2))
len(deals), comb(10, 2) * comb(8, 2)

# %% [markdown]
# Seat 1's table *alone* allows these hands, and in half of them seat 1 holds orange-A:

# %%
alone = [hand for hand in combinations(three.unknown, 2) if fits(three.tables[1], hand)]
orange_a = GRID.index("orange-A")
len(alone), Fraction(sum(orange_a in hand for hand in alone), len(alone))

# %% [markdown]
# **Exercise 5.** Using *both* tables, what is the chance that seat 1 holds orange-A?
# (Count the deals listed above that give seat 1 orange-A, and divide by all of them.)


# %% [markdown] tags=["paper"]
# **Exercise 5.** Three players: the position above. A deal gives 2 of the unknown cells
# to seat 1 and 2 of the rest to seat 2 (the other 6 go to the box), and fits when each
# seat's hidden cards fit its table. Seat 1's table alone allows 6 hands, 3 of them with
# orange-A. Using *both* tables, what is the chance that seat 1 holds orange-A? (List
# seat 1's hands; beside each, count seat 2's hands that still fit.)
# %% tags=["exercise"]
answer_5 = ...  # a Fraction

# %% tags=["solution"]
answer_5 = Fraction(7, 11)  # 7 of the 11 deals give seat 1 orange-A
answer_5, Fraction(sum(orange_a in hand1 for hand1, _ in deals), len(deals))

# %%
check(5, answer_5)

# %% [markdown]
# Why higher? By its own table, each of seat 1's six hands is as likely as any other. But
# seat 2's hidden cards must fit seat 2's table too, among the cells seat 1 leaves free.
# Count, beside each of seat 1's hands, the hands seat 2 can still have:

# %%
for hand1 in alone:
    rest = [c for c in three.unknown if c not in hand1]
    print(", ".join(GRID.name(c) for c in hand1), "->",
          sum(1 for hand2 in combinations(rest, 2) if fits(three.tables[2], hand2)))

# %% [markdown]
# The three hands with orange-A leave seat 2 more room (2, 2 and 3 ways) than the other
# three (1, 1 and 2): 7 of the 11 deals go through orange-A. One opponent's table tells you
# about another's cards, because **a card cannot be in two hands**. The solver's quick
# answer (one table alone) and its joint answer:

# %%
(gauner.solve_alone(three, 1).probability(1, "orange-A"),
 gauner.solve(three).probability(1, "orange-A"))

# %% [markdown]
# ## 6. The full grid: let the solver count
#
# Early in a game listing is hopeless. Here is seat 0's view of a real two-player game
# before its first guess: four numbers in seat 1's table, and 24 unknown cells, of which
# seat 1 hides 12. There are $\binom{24}{12}$ ways to choose them, and with three or four
# players many billions of deals. bluffmath's `solve` counts the deals that fit without
# listing them (it builds a small diagram of each table's possible hands and walks them
# side by side: see the docs' explanation of the solver).

# %%
full = full_grid()
full.to_json(), comb(24, 12)

# %% [markdown]
# `gauner.solve(full)` counts them. Its `.deals` is the number of deals that fit, and
# `.best_guesses(3)` lists your three best guesses, each with its cell and the chance
# that it hits:

# %%
full_solution = gauner.solve(full)
full_solution.best_guesses(3)

# %% [markdown]
# **Exercise 6.** How many deals fit, and what is the chance that your best guess hits?
# Give a pair `(deals, chance)`.


# %% [markdown] tags=["paper"]
# **Exercise 6.** The position above, early in a two-player game: 24 unknown cells, of
# which seat 1 hides 12, too many deals to list by hand. On the computer, let the solver
# count: how many deals fit, and what is the chance that your best guess hits? Write down
# both.
# %% tags=["exercise"]
answer_6 = ...  # a pair (a whole number, a Fraction)

# %% tags=["solution"]
answer_6 = (full_solution.deals, full_solution.best_guesses(1)[0].probability)
answer_6, full_solution.best_guesses(1)[0].cell

# %%
check(6, answer_6)

# %% [markdown]
# The widget shows the same position as heat maps: each opponent's quick answer from its
# own table, then the exact answer from all tables; certain cells are framed. Edit the
# position's text (each table's numbers, laid cards and "not mine" marks) and watch the
# chances move: add a wrong guess to seat 1's `not_mine`.

# %%
GaunerSolver(full, background=False)

# %% [markdown]
# ## Summary
#
# - A number is a constraint on hidden cards: take the laid cards of its cross away, and
#   exactly that many hidden cards lie among the cross's cells still open.
# - Some cards are certain or impossible by pure logic (a circled number; two numbers that
#   need more cards than the hand has).
# - The deals that fit every fact are equally likely, so a card's probability is the
#   number of deals that have it over the number of deals that fit. Guessing number by
#   number is not exact, because numbers share the same few hidden cards.
# - Hands are disjoint: one opponent's table changes the chances of another's cards. The
#   solver counts all tables at once, exactly, even when there are billions of deals.
#
# Next lesson: Bayes tables for hidden identities in *Hoax*, where counting deals meets a
# model of bluffing again.

# %% [markdown]
# ## Going further
#
# - In section 1, seat 1 wrote 4 at red-F. What if it had written 3? Count again.
# - With the brave-investigators variant, `gauner.solve(position).brave(banked)` says
#   whether to guess once more. After one right guess, should you guess on in the
#   position of section 4?
#
# These two are for discussion; they have no check (answers in the solution copy).


# %% [markdown] tags=["paper"]
# ## Going further
#
# - In the position of exercises 1 and 2, seat 1 wrote 4 at red-F. What if it had written 3?
#   Count again.
# - With the brave-investigators variant, a wrong guess loses the points of the turn. After
#   one right guess, should you guess on in the position of exercise 4?
# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - With 3 at red-F, only one of seat 1's hidden cards is red or F. yellow-F still needs
#   one of green-F and purple-F, so that is the one: red-B and red-D are not held, and
#   red-D's 5 then needs orange-D, which becomes certain. The third card is green-A,
#   purple-A or purple-B: $2 \times 3 = 6$ deals fit instead of 12.
# - After the wrong guess on red-B, your next turn lays red-D (certain) and banks 1
#   point. Then seat 1 hides two cards and 4 deals fit: one of green-F and purple-F, and
#   one of green-A and purple-A (seat 1's new 4 at red-B rules out purple-B). The best
#   guess is right with chance $\frac12$. Guessing on is worth $\frac12 \times 2 = 1$ point in
#   expectation, stopping keeps the 1 point: exactly even, so either is right by the
#   one-step rule (`solve(position).brave(1)` says `go_on=1, stop=1`).
