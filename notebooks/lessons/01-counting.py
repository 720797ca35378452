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

# %% [markdown] lang="de"
# # Lektion 1: Die Summe einer Farbe zählen – Karten oder Würfel?
#
# In Hochstapler (Reiner Knizia, 2009) hat jede Farbe einen Stapel aus 15 Karten: dreimal
# die 0, je zweimal 1 bis 5, einmal die 6 und einmal die 7. Jeder Spieler hat von jeder
# Farbe eine Karte auf der Hand, und eine **Ansage** wie „12 Rot“ behauptet: Die roten Karten
# aller Spieler ergeben zusammen mindestens 12. Um gut zu bluffen, musst du wissen, welche
# Summen wahrscheinlich sind. In dieser Lektion zählst du sie exakt aus und untersuchst, wie
# viel es ausmacht, dass Karten *ausgeteilt* werden (keine Karte kommt zweimal vor) und nicht
# *gewürfelt* wie bei Würfeln.
#
# Noch nie mit einem Notebook gearbeitet? Fang mit [Lektion 0, Erste Schritte im
# Notebook](00-notebook-basics.ipynb) an.
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. die gleich wahrscheinlichen Möglichkeiten, die Karten einer Farbe auszuteilen, mit
#    Binomialkoeffizienten zählen;
# 2. die exakte Verteilung einer Summe durch Auflisten bestimmen (und mit dem Zählen des
#    Computers);
# 3. Ziehen ohne Zurücklegen mit unabhängigem Ziehen vergleichen: gleicher Mittelwert,
#    kleinere Streuung (das Widget zeigt beides; die Zusatzübungen messen es nach).
#
# **Wo diese Lektion steht.** Lektion 1 von 8, die erste von vier Lektionen zu Hochstapler.
# Davor: die Seite mit den Voraussetzungen und Lektion 0, falls die Klasse sie braucht. Eine
# Schulstunde.

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

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 32 Minuten, 40
# mit den Zusatzübungen).** Die Karten auf dem Tisch: 10 Min. Der Stapel und das Zählen der
# Austeilungen: 6 Min. (Aufgabe 1). Auflisten der Kartenauswahlen: 6 Min. (Aufgabe 2).
# Würfel: 5 Min. (Aufgabe 3). Das Widget, in Partnerarbeit, und der Mittelwert: 5 Min.
# Zusatzübungen, zu Hause oder für eine schnelle Klasse: Mittelwert, Streuung und die Größe
# des Unterschieds (Aufgaben 4 bis 6). Eine Klasse, die noch nie mit einem Notebook
# gearbeitet hat, macht vorher Lektion 0 (Erste Schritte im Notebook, etwa 8 Minuten): mit
# der Seite zu den Voraussetzungen oder zu Hause.
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: etwa 40 Minuten**,
# also eine Schulstunde von 40 Minuten. Gezählt von `notebooks/lessons/timing.py` an der
# englischen Schülerfassung, jede Aufgabe danach, was sie verlangt: 848 Wörter zu lesen bei
# 120 pro Minute, 9 Code-Zellen auszuführen (26 Zeilen Code zu lesen), 3 Aufgaben nach Art
# (ein Aufruf: 3 zu je 4 Minuten), 1 Widget zu 3 Minuten, die Aktivität mit Karten 10
# Minuten. Die Zusatzübungen nach der Zusammenfassung, für eine schnelle Klasse oder für zu
# Hause, brauchen etwa 26 Minuten mehr: 385 Wörter zu lesen bei 120 pro Minute, 6 Code-Zellen
# auszuführen (9 Zeilen Code zu lesen), 3 Aufgaben nach Art (ein Aufruf: 1 zu 4 Minuten;
# ein paar Zeilen: 2 zu je 7 Minuten), 0 Widgets zu 3 Minuten.
#
# **Karten für die Aktivität.** Jede Fünfergruppe braucht eine Hochstapler-Farbe (15
# Karten); ein Spiel aus der Schachtel oder ein ausgedrucktes Deck (7 Farben) reicht also für
# 35 Schülerinnen und Schüler, für eine Klasse von 30 genügt eines. Kein Spiel zur Hand?
# `make handouts` druckt `deck-hochstapler.html`: 105 Karten auf 12 A4-Seiten zum
# Ausschneiden, auf jeder Karte steht ihre Farbe in Worten (so lässt sie sich auch in
# Schwarzweiß lesen).
#
# **Oder mit der Klasse spielen.** Statt mit echten Karten kann die Klasse Hochstapler am
# Klassentisch spielen (`make class`; Anleitung in der Doku: „Play with your class“): Tische
# mit fünf Plätzen öffnen (Bots füllen die leeren Plätze), je eine Runde. Danach laden Sie auf
# Ihrer Seite „Every game's save (ZIP)“ (alle Spielstände als ZIP) herunter und legen die
# Datei als `class-games.zip` in den Ordner der Lektion; die Zelle zur Aktivität zählt dann
# jede Farbe jeder Runde (`class_table_counts`), sieben Versuche pro Spiel.
#
# **Häufige Fehler.**
# - In Aufgabe 1 geordnete Blätter zählen ($15 \cdot 14 \cdot 13 \cdot 12$) oder Ziehen mit
#   Zurücklegen ($15^4$). Der Check nennt beide Fälle. Fragen Sie: Spielt es eine Rolle,
#   *wer* welche Karte hat, wenn nur die Summe zählt? (Nein, und jede Auswahl ist gleich
#   wahrscheinlich.)
# - Die drei Nullen als eine Karte behandeln. Beim Auflisten sind die 15 Karten 15
#   verschiedene Gegenstände, von denen manche denselben Wert haben;
#   `combinations(PILE_CARDS, 3)` macht das richtig.
# - Erwarten, dass das Würfelmodell den *Mittelwert* ändert. Das tut es nicht; nur die
#   Streuung ändert sich.
#
# **Zum Besprechen.** Warum werden extreme Summen seltener, wenn ohne Zurücklegen ausgeteilt
# wird? (Eine hohe Karte, die ein Spieler bekommen hat, kann kein zweites Mal ausgeteilt
# werden.) Sind alle 15 Karten ausgeteilt, ist die Summe immer 43: Die Streuung ist null,
# und der Faktor der Formel, $\frac{15-15}{14}$, bestätigt das.

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

# %% [markdown] lang="de"
# ## 0. Zum Anfassen: erst die Karten austeilen
#
# *Vor dem Bildschirm, etwa 10 Minuten.* Bildet Fünfergruppen; jede Gruppe nimmt die 15
# Karten einer Farbe (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7). Mischt, teilt jedem der
# fünf eine Karte aus, deckt sie auf und zählt zusammen: Das ist die **Summe** der Farbe. Ist
# sie **mindestens 15**? Schreibt ja oder nein auf, dann sammelt die Karten ein und mischt
# neu: 10 Runden pro Gruppe.
#
# Tragt unten die Zählung der Klasse ein (ersetzt die Nullen; `"at least 15"` heißt
# „mindestens 15“, `"less than 15"` „weniger als 15“): Die Tabelle stellt den Anteil der
# Klasse neben die exakte Wahrscheinlichkeit, die ihr in dieser Lektion ausrechnet. Liegen
# sie nah beieinander? Wie nah sollten sie nach so wenigen Runden sein? (Hat die Klasse am
# Klassentisch gespielt, legt ihr den heruntergeladenen Spielstand als `class-games.zip`
# neben dieses Notebook.)

# %%
class_counts = {"at least 15": 0, "less than 15": 0}  # the class's counts
if Path("class-games.zip").exists():  # the class table's games, if the class played there
    class_counts = class_table_counts("class-games.zip", players=5, call=15)
compare(class_counts, hochstapler_chances(players=5, call=15))

# %% [markdown]
# ## 1. The pile
#
# `hs.PILE` says how many cards of each value a colour has. As a list of 15 cards:

# %% [markdown] lang="de"
# ## 1. Der Stapel
#
# `hs.PILE` sagt, wie viele Karten jedes Werts eine Farbe hat. Als Liste von 15 Karten:

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

# %% [markdown] lang="de"
# Bei vier Spielern sind vier der 15 roten Karten auf der Hand, und jede **Auswahl** von vier
# Karten ist gleich wahrscheinlich (es zählt nur die Summe, nicht, wer welche Karte hat).
#
# Die Anzahl der Möglichkeiten, $k$ Karten aus $n$ auszuwählen, ohne dass die Reihenfolge
# zählt, ist $\binom{n}{k}$ („$n$ über $k$“); in Python schreibt man `comb(n, k)`.
#
# **Aufgabe 1.** Wie viele verschiedene Auswahlen von 4 Karten können die vier Spieler
# zusammen auf der Hand haben? Zähl die 15 Karten als 15 verschiedene Karten, auch wenn
# manche denselben Wert haben.

# %% [markdown] tags=["paper"]
# **Exercise 1.** With four players, four of the 15 red cards are in the hands, and every
# set of four cards is equally likely. The number of ways to pick $k$ cards out of $n$,
# order not mattering, is $\binom{n}{k}$ ("$n$ choose $k$"). How many different sets of 4
# cards can the four players hold? Count the 15 cards as 15 different cards, even where
# their values are the same.

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 1.** Bei vier Spielern sind vier der 15 roten Karten auf der Hand, und jede
# Auswahl von vier Karten ist gleich wahrscheinlich. Die Anzahl der Möglichkeiten, $k$ Karten
# aus $n$ auszuwählen, ohne dass die Reihenfolge zählt, ist $\binom{n}{k}$ („$n$ über $k$“).
# Wie viele verschiedene Auswahlen von 4 Karten können die vier Spieler zusammen auf der Hand
# haben? Zähl die 15 Karten als 15 verschiedene Karten, auch wenn manche denselben Wert
# haben.

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

# %% [markdown] lang="de"
# ## 2. Eine Verteilung durch Auflisten
#
# Die **Verteilung** einer Summe gibt jede mögliche Summe mit ihrer Wahrscheinlichkeit an. Bei
# wenigen Spielern können wir jede Kartenauswahl auflisten: `combinations(PILE_CARDS, 3)`
# listet alle Auswahlen von 3 der 15 Karten auf (zwei Nullen sind verschiedene Karten), und
# wir addieren jede davon: `totals[t]` zählt die Auswahlen mit der Summe `t`. Eine Ansage
# von 12 stimmt, wenn die Summe **mindestens** 12 ist: 12, 13 und so weiter bis 18, die
# höchste. `at_least_12` addiert diese Anzahlen.

# %%
totals = Counter(sum(hand) for hand in combinations(PILE_CARDS, 3))
at_least_12 = totals[12] + totals[13] + totals[14] + totals[15] + totals[16] + totals[17] + totals[18]
sum(totals.values()), totals[12], at_least_12

# %% [markdown]
# **Exercise 2.** Three players play. What is the exact probability that the red total
# is **at least 12**, so that a call of 12 is true? Give a `Fraction`: the sets that make
# the call true, `at_least_12`, out of all 455 sets. (`Fraction(a, b)` is `a` divided by
# `b`, exactly.)

# %% [markdown] lang="de"
# **Aufgabe 2.** Drei Spieler spielen. Wie groß ist die exakte Wahrscheinlichkeit, dass die
# Summe der roten Karten **mindestens 12** ist, die Ansage 12 also stimmt? Gib einen
# `Fraction` an: die Auswahlen, bei denen die Ansage stimmt, `at_least_12`, von allen 455
# Auswahlen. (`Fraction(a, b)` ist `a` geteilt durch `b`, exakt.)

# %% [markdown] tags=["paper"]
# **Exercise 2.** Three players play. The table above counts the 455 sets of 3 red cards
# by their total. What is the exact probability that the red total is **at least 12**, so
# that a call of 12 is true? Add the counts of the totals from 12 up, and divide by 455.

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 2.** Drei Spieler spielen. Die Tabelle oben zählt die 455 Auswahlen von 3 roten
# Karten nach ihrer Summe. Wie groß ist die exakte Wahrscheinlichkeit, dass die Summe der
# roten Karten **mindestens 12** ist, die Ansage 12 also stimmt? Addiere die Anzahlen der
# Summen ab 12 und teile durch 455.

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

# %% [markdown] lang="de"
# ## 3. Was wäre, wenn die Karten Würfel wären?
#
# Stell dir vor, jeder Spieler zieht aus einem *vollen* Stapel und legt die Karte danach
# zurück, als würde er einen Würfel mit 15 Seiten werfen, der die Werte des Stapels trägt.
# Die Züge sind dann **unabhängig**: Ein Zug ändert nichts an den Wahrscheinlichkeiten des
# nächsten. Eine `Distribution` (Verteilung) ist eine Liste von Werten mit ihren
# Wahrscheinlichkeiten; `d.at_least(t)` ist die Wahrscheinlichkeit, dass der Wert mindestens
# `t` ist (hier: eine Karte mit 6 oder mehr, 2 von 15 Karten), und `+` addiert unabhängige
# Züge:

# %%
one_card = Distribution(hs.PILE)  # one draw: weights (numbers of cards) 3, 2, 2, 2, 2, 2, 1, 1
one_card, one_card.at_least(6), (one_card + one_card).at_least(13)

# %% [markdown]
# **Exercise 3.** Under this dice model, with three players, what is the probability that
# the total is at least 12? (Two players' chance of 13 or more is the last number above;
# the exercise's cell adds the three players' draws for you, as `dice_3`.)

# %% [markdown] lang="de"
# **Aufgabe 3.** Wie groß ist in diesem Würfelmodell bei drei Spielern die Wahrscheinlichkeit,
# dass die Summe mindestens 12 ist? (Die Wahrscheinlichkeit, dass zwei Spieler zusammen 13
# oder mehr haben, ist die letzte Zahl oben; die Zelle der Aufgabe addiert die Züge der drei
# Spieler schon für dich, als `dice_3`.)

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

# %% [markdown] lang="de" tags=["paper"]
# Stell dir stattdessen vor, jeder Spieler zieht aus einem *vollen* Stapel und legt die
# Karte danach zurück, als würde er einen Würfel mit 15 Seiten werfen, der die Werte des
# Stapels trägt: das **Würfelmodell**, in dem ein Zug nichts an den Wahrscheinlichkeiten des
# nächsten ändert. Bei drei Spielern sind die 15 × 15 × 15 = 3375 Züge gleich wahrscheinlich.
#
# <!-- paper -->
#
# **Aufgabe 3.** Wie groß ist bei drei Spielern im Würfelmodell die Wahrscheinlichkeit, dass
# die Summe mindestens 12 ist? (Geh den dritten Zug Wert für Wert durch: Er ist bei 3 seiner
# 15 Karten eine 0, bei 2 eine 1 und so weiter; die Tabelle zählt, was die ersten beiden
# Züge dann noch erreichen müssen.)

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

# %% [markdown] lang="de"
# Die beiden Antworten liegen nah beieinander, sind aber nicht gleich. Probier das Widget
# aus: Ändere die Anzahl der Spieler und die Ansage und beobachte die beiden
# Balkendiagramme (ein dunklerer Balken ist eine Summe, bei der die Ansage stimmt). Bei
# welchem Modell kommen extreme Summen häufiger vor? Die Tabelle gibt für jedes Modell den
# **Mittelwert** (die durchschnittliche Summe) und die **Varianz** an (wie stark die Summen
# streuen): Was fällt dir auf?

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

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Die Austeilungen einer Farbe sind die $\binom{15}{n}$ gleich wahrscheinlichen Auswahlen
#   von $n$ Karten.
# - Die Verteilung einer Summe zählt die Auswahlen nach ihrer Summe; bluffmath zählt, ohne
#   aufzulisten.
# - Ausgeteilte Karten und unabhängige Würfel haben denselben Mittelwert der Summe, aber
#   ausgeteilte Karten streuen weniger: Extreme Summen sind seltener (die Balkendiagramme
#   des Widgets). Das Würfelmodell ist eine gute erste Schätzung, aber nicht exakt; die
#   Zusatzübungen messen, um wie viel es danebenliegt.
#
# Nächste Lektion: was sich ändert, wenn du Karten *siehst* (deine eigenen, die offen
# liegenden).

# %% [markdown]
# ## Extra practice: the mean, the spread, and how big the difference is
#
# *For a fast class, or at home.*
#
# bluffmath counts the cards model without listing hands, `hs.total_distribution`, so it
# stays fast with seven players. Here are both models for five players, and the mean of
# one card (`d.mean()` is a distribution's mean, the average of its values weighed by
# their chances):

# %% [markdown] lang="de"
# ## Zusatzübungen: Mittelwert, Streuung und wie groß der Unterschied ist
#
# *Für eine schnelle Klasse oder für zu Hause.*
#
# bluffmath zählt das Kartenmodell, ohne Kartenauswahlen aufzulisten, `hs.total_distribution`,
# und bleibt deshalb auch mit sieben Spielern schnell. Hier sind beide Modelle für fünf
# Spieler und der Mittelwert einer Karte (`d.mean()` ist der Mittelwert einer Verteilung:
# der Durchschnitt ihrer Werte, gewichtet mit ihren Wahrscheinlichkeiten):

# %%
cards_5 = hs.total_distribution(players=5)  # five cards dealt from the pile
dice_5 = one_card + one_card + one_card + one_card + one_card  # five independent draws
one_card.mean()

# %% [markdown]
# **Exercise 4.** Give the mean total under the cards model and under the dice model, as
# a pair `(cards, dice)`. Both are the number of cards times the mean card, $43/15$: the
# mean of a sum is the sum of the means, independent or not.

# %% [markdown] lang="de"
# **Aufgabe 4.** Gib den Mittelwert der Summe im Kartenmodell und im Würfelmodell als Paar
# (Karten, Würfel) an. Beide sind die Anzahl der Karten mal den Mittelwert
# einer Karte, $43/15$: Der Mittelwert einer Summe ist die Summe der Mittelwerte, ob die
# Züge unabhängig sind oder nicht.

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

# %% [markdown] lang="de"
# ### Die Streuung
#
# Die Streuung ist verschieden. Um eine Streuung zu messen, nimmst du den Abstand jeder Summe
# vom Mittelwert, quadrierst ihn (damit eine Summe unter dem Mittelwert genauso zählt wie
# eine darüber) und bildest den Durchschnitt dieser Quadrate, gewichtet mit den
# Wahrscheinlichkeiten der Summen: Dieser Durchschnitt ist die **Varianz**,
#
# $$\operatorname{Var}(X) = \sum_x P(X = x)\,(x - \text{Mittelwert})^2 .$$
#
# ($\sum_x$ heißt: Rechne das Folgende für jede Summe $x$ aus und addiere die Ergebnisse.)
#
# Eine größere Varianz bedeutet, dass Summen weit weg vom Mittelwert wahrscheinlicher sind.
# Bei einer Karte ist der Mittelwert $43/15$; die Karte 7 liegt $7 - 43/15 = 62/15$ davon
# entfernt und trägt $\frac{1}{15}\left(\frac{62}{15}\right)^2$ zur Varianz bei.
#
# Zieht man $n$ Karten ohne Zurücklegen aus $N$, wird die Varianz der unabhängigen Summe mit
#
# $$\frac{N-n}{N-1}$$
#
# multipliziert, der *Endlichkeitskorrektur*: Eine ausgeteilte Karte kann nicht noch einmal
# kommen, und die Karten, die im Stapel bleiben, ziehen die Summe zur Mitte zurück.
# `d.variance()` ist die Varianz einer Verteilung; die einer Karte:

# %%
one_card.variance()

# %% [markdown]
# **Exercise 5.** With five players, divide the variance of the total under the cards
# model by its variance under the dice model. Is it the formula's
# $\frac{15-5}{15-1}$?

# %% [markdown] lang="de"
# **Aufgabe 5.** Teile bei fünf Spielern die Varianz der Summe im Kartenmodell durch ihre
# Varianz im Würfelmodell. Kommt der Faktor der Formel heraus, $\frac{15-5}{15-1}$?

# %% [markdown] tags=["paper"]
# **Exercise 5.** The **variance** of a total measures its spread: the average, weighed
# by the totals' chances, of each total's squared distance from the mean,
# $\operatorname{Var}(X) = \sum_x P(X = x)\,(x - \text{mean})^2$. Drawing $n$ cards without
# replacement from $N$ multiplies the variance of the independent sum by $\frac{N-n}{N-1}$
# (the *finite population correction*). With five players, divide the variance of the
# total under the cards model by its variance under the dice model. Is it
# $\frac{15-5}{15-1}$?

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 5.** Die **Varianz** einer Summe misst ihre Streuung: den mit den
# Wahrscheinlichkeiten gewichteten Durchschnitt der quadrierten Abstände der Summen vom
# Mittelwert, $\operatorname{Var}(X) = \sum_x P(X = x)\,(x - \text{Mittelwert})^2$. Zieht man $n$
# Karten ohne Zurücklegen aus $N$, wird die Varianz der unabhängigen Summe mit
# $\frac{N-n}{N-1}$ multipliziert (der *Endlichkeitskorrektur*). Teile bei fünf Spielern die
# Varianz der Summe im Kartenmodell durch ihre Varianz im Würfelmodell. Kommt
# $\frac{15-5}{15-1}$ heraus?

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

# %% [markdown] lang="de"
# ### Wie groß ist der Unterschied?
#
# Für einen Spieler zählt die Wahrscheinlichkeit, dass eine Ansage stimmt. Bei fünf Spielern
# unterscheiden sich die Wahrscheinlichkeiten der beiden Modelle für „Summe ≥ Ansage“ bei
# einer bestimmten Ansage am stärksten. Hier ist der Unterschied für jede Ansage $c$, Karten
# minus Würfel, mit Vorzeichen, in Prozent (`gaps[c]` ist der exakte Bruch):

# %%
gaps = {c: cards_5.at_least(c) - dice_5.at_least(c) for c in range(36)}
{c: percent(gap) for c, gap in gaps.items()}

# %% [markdown]
# **Exercise 6.** Find the call $c$ (a whole number) where
# $P_\text{cards}(\text{total} \ge c) - P_\text{dice}(\text{total} \ge c)$ is largest in
# size (far from 0, above or below), and give `(c, difference)` with the difference as a
# Fraction: `gaps[c]`.

# %% [markdown] lang="de"
# **Aufgabe 6.** Finde die Ansage $c$ (eine ganze Zahl), bei der
# $P_\text{Karten}(\text{Summe} \ge c) - P_\text{Würfel}(\text{Summe} \ge c)$ betragsmäßig am
# größten ist (am weitesten von 0 entfernt, nach oben oder unten), und gib
# `(c, difference)` an (Ansage, Unterschied), den Unterschied als `Fraction`: `gaps[c]`.

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

# %% [markdown] lang="de" tags=["paper"]
# Für einen Spieler zählt die Wahrscheinlichkeit, dass eine Ansage stimmt. Schreib bei fünf
# Spielern $P_\text{Karten}(\text{Summe} \ge c)$ für die Wahrscheinlichkeit, dass fünf
# ausgeteilte Karten zusammen mindestens $c$ ergeben, und $P_\text{Würfel}(\text{Summe} \ge
# c)$ für die Wahrscheinlichkeit, dass fünf Züge mit Zurücklegen das tun. Die beiden
# unterscheiden sich bei einer bestimmten Ansage am stärksten.
#
# <!-- paper -->
#
# **Aufgabe 6.** Finde die Ansage $c$ (eine ganze Zahl), bei der
# $P_\text{Karten}(\text{Summe} \ge c) - P_\text{Würfel}(\text{Summe} \ge c)$ betragsmäßig am
# größten ist, und gib ($c$, Unterschied) an, den Unterschied als Bruch (Karten minus Würfel,
# mit Vorzeichen).

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

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Welches Modell gibt bei sieben Spielern die höhere Wahrscheinlichkeit für eine Ansage
#   von 25? Warum?
# - Alle 15 Karten ausgeteilt (ein Tisch mit 15 Spielern, rein theoretisch): Wie groß ist
#   die Varianz der Summe?
#
# Diese beiden Fragen sind zum Diskutieren gedacht; es gibt keinen Check (die Antworten
# stehen in der Lösungsfassung).

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - Seven players, a call of 25: the cards model gives $\frac{23}{143}$ (16.1 %), the dice
#   model $\frac{38153639}{170859375}$ (22.3 %). 25 is above the mean ($\frac{301}{15}
#   \approx 20.1$ for both), so the model with the wider spread, the dice, puts more
#   chance on it (`hs.call_odds(7, None, 25)` against the dice distribution of exercise 3).
# - All 15 cards dealt: the total is always 43, so its variance is 0. The correction
#   factor says the same: $\frac{15-15}{15-1} = 0$.

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Sieben Spieler, Ansage 25: Das Kartenmodell ergibt $\frac{23}{143}$ (16,1 %), das
#   Würfelmodell $\frac{38153639}{170859375}$ (22,3 %). 25 liegt über dem Mittelwert
#   ($\frac{301}{15} \approx 20{,}1$ bei beiden), also legt das Modell mit der größeren
#   Streuung, das Würfelmodell, mehr Wahrscheinlichkeit darauf (`hs.call_odds(7, None, 25)`
#   gegen die Würfelverteilung aus Aufgabe 3).
# - Alle 15 Karten ausgeteilt: Die Summe ist immer 43, ihre Varianz also 0. Der
#   Korrekturfaktor sagt dasselbe: $\frac{15-15}{15-1} = 0$.
