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
# # Lesson 0: Notebook basics
#
# *About 7 minutes, before lesson 1, for anyone who has not used a notebook.*
#
# A notebook is a page of **cells**. Text cells, like this one, you read. **Code cells**
# hold Python: click into one and press **Shift+Enter** (hold Shift, press Enter) to run
# it. Its result appears below it and the next cell is selected, so pressing Shift+Enter
# again and again works through the notebook from the top. Run the cell below.

# %%
2 + 3

# %% [markdown]
# ## Names
#
# `=` gives a value a name; later cells can use the name. A name exists only once the
# cell that makes it has run, so run the cells **in order, from the top**. Coming back
# after a break? Click into the cell you stopped at and choose **Run > Run All Above
# Selected Cell**.

# %%
cards = 15
cards - 4

# %% [markdown]
# ## Exact fractions
#
# In Python `1 / 3` is a decimal that stops after 16 digits: close, but not exact. The
# lessons count exactly, with `Fraction`: `Fraction(1, 3)` is one third, and sums,
# products and comparisons of fractions stay exact. A fraction is always shown in lowest
# terms: `Fraction(3, 15)` shows as `Fraction(1, 5)`.

# %%
from fractions import Fraction

Fraction(1, 3) + Fraction(1, 6), Fraction(3, 15), 1 / 3

# %% [markdown]
# ## Exercises
#
# An exercise gives you a cell with a blank, such as `answer_1 = ...`. The three dots `...`
# are the blank: replace them with your answer, run the cell, then run the cell below it,
# `check(1, answer_1)`. The check says **right**, **not yet** (often with a hint) or **not
# answered yet** (the dots are still there). Answers are exact: a whole number, a
# `Fraction`, or a word in quotes such as `"doubt"`; a decimal such as 0.33 is never
# accepted. Try it here, without a check: replace the dots with one half plus one third,
# `Fraction(1, 2) + Fraction(1, 3)`, and run the cell. (With the dots left in, Python shows
# `Ellipsis`: its name for them.)

# %%
answer_1 = ...
answer_1

# %% [markdown]
# ## Error messages
#
# When Python cannot run a line, it stops and prints an **error message**. It can be
# long: read its **last line** first. It names the kind of error, then what went wrong.
# The cell below uses a name that no cell has made (`card`, where the name is `cards`):

# %% tags=["raises-exception"]
card + 1

# %% [markdown]
# The last line says `NameError: name 'card' is not defined`. A **NameError** almost
# always means that a cell above has not been run yet (run the cells above, from the
# top), or that a name is misspelt. A `SyntaxError` means Python cannot read the line: a
# bracket or a quote is missing, and a `^` points near the place. Fix the cell and run it
# again: nothing is broken.
#
# You are ready for [lesson 1](01-counting.ipynb).
