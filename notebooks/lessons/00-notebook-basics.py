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

# %% [markdown] lang="de"
# # Lektion 0: Erste Schritte im Notebook
#
# *Etwa 7 Minuten, vor Lektion 1, für alle, die noch nie mit einem Notebook gearbeitet haben.*
#
# Ein Notebook ist eine Seite aus **Zellen**. Textzellen wie diese hier liest du einfach.
# **Code-Zellen** enthalten Python: Klick in eine hinein und drück **Umschalt+Enter**
# (Umschalttaste festhalten, Enter drücken), um sie auszuführen. Das Ergebnis erscheint
# darunter, und die nächste Zelle ist ausgewählt. Wenn du also immer wieder Umschalt+Enter
# drückst, arbeitest du dich von oben nach unten durch das Notebook. Führ jetzt die Zelle
# unten aus.

# %%
2 + 3

# %% [markdown]
# ## Names
#
# `=` gives a value a name; later cells can use the name. A name exists only once the
# cell that makes it has run, so run the cells **in order, from the top**. Coming back
# after a break? Click into the cell you stopped at and choose **Run > Run All Above
# Selected Cell**.

# %% [markdown] lang="de"
# ## Namen
#
# Mit `=` gibst du einem Wert einen Namen; spätere Zellen können diesen Namen benutzen. Den
# Namen gibt es aber erst, wenn die Zelle, die ihn vergibt, ausgeführt wurde. Führ die Zellen
# deshalb **der Reihe nach von oben** aus. Du kommst aus der Pause zurück? Klick in die Zelle,
# bei der du aufgehört hast, und wähl im Menü **Run > Run All Above Selected Cell** (alle
# Zellen darüber ausführen).

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

# %% [markdown] lang="de"
# ## Exakte Brüche
#
# In Python ist `1 / 3` eine Dezimalzahl, die nach 16 Stellen abbricht: nah dran, aber nicht
# genau. In den Lektionen rechnen wir exakt, mit `Fraction` (englisch für „Bruch“):
# `Fraction(1, 3)` ist ein Drittel, und Summen, Produkte und Vergleiche von Brüchen bleiben
# exakt. Ein Bruch wird immer vollständig gekürzt angezeigt: Aus `Fraction(3, 15)` wird
# `Fraction(1, 5)`.

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

# %% [markdown] lang="de"
# ## Aufgaben
#
# Zu einer Aufgabe gehört eine Zelle mit einer Lücke, zum Beispiel `answer_1 = ...`. Die drei
# Punkte `...` sind die Lücke: Ersetz sie durch deine Antwort, führ die Zelle aus und danach
# die Zelle darunter, `check(1, answer_1)`. Der Check meldet **right** (richtig), **not yet**
# (noch nicht, oft mit einem Tipp) oder **not answered yet** (noch nicht beantwortet: Die
# Punkte stehen noch da). Antworten sind exakt: eine ganze Zahl, ein `Fraction` oder ein Wort
# in Anführungszeichen wie `"doubt"` (englisch für „anzweifeln“). Eine Dezimalzahl wie 0.33
# zählt nie. Probier es hier aus, noch ohne Check: Ersetz die Punkte durch ein Halb plus ein
# Drittel, `Fraction(1, 2) + Fraction(1, 3)`, und führ die Zelle aus. (Lässt du die Punkte
# stehen, zeigt Python `Ellipsis` an: So heißen sie in Python.)

# %%
answer_1 = ...
answer_1

# %% [markdown]
# ## Error messages
#
# When Python cannot run a line, it stops and prints an **error message**. It can be
# long: read its **last line** first. It names the kind of error, then what went wrong.
# The cell below uses a name that no cell has made (`card`, where the name is `cards`):

# %% [markdown] lang="de"
# ## Fehlermeldungen
#
# Wenn Python eine Zeile nicht ausführen kann, hält es an und zeigt eine **Fehlermeldung**.
# Die kann lang sein: Lies zuerst ihre **letzte Zeile**. Dort steht, welche Art Fehler es
# ist, und dann, was schiefgegangen ist. Die Zelle unten benutzt einen Namen, den keine Zelle
# vergeben hat (`card` statt `cards`):

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

# %% [markdown] lang="de"
# In der letzten Zeile steht `NameError: name 'card' is not defined` („der Name `card` ist
# nicht definiert“). Ein **NameError** heißt fast immer, dass eine Zelle weiter oben noch
# nicht ausgeführt wurde (führ die Zellen darüber von oben aus) oder dass ein Name falsch
# geschrieben ist. Ein `SyntaxError` heißt, dass Python die Zeile nicht lesen kann: Es fehlt
# eine Klammer oder ein Anführungszeichen, und ein `^` zeigt ungefähr auf die Stelle.
# Verbessere die Zelle und führ sie noch einmal aus: Kaputtmachen kannst du dabei nichts.
#
# Jetzt bist du bereit für [Lektion 1](01-counting.ipynb).
