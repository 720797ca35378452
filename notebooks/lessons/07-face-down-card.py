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
# # Lesson 7: Münchhausen's face-down card: is it honest?
#
# In Münchhausen every player starts a round with the same hand: one card of each value
# 1 to 8. The start player names a value, the others offer, and the highest offer wins:
# its maker lays one hand card **face down** on the start player's pile, claiming "at
# least my offer". The start player then **believes** (the card stays there, unseen) or
# **doubts** (it is turned over). Your score is your pile minus your hand.
#
# At the start everybody knows every hand. Only which cards went face down is hidden, so
# "is that card honest?" has an exact answer, as soon as we say **how people choose the
# cards they lay**: a model. This lesson counts the answer, builds its Bayes table, turns
# it into a decision, and then asks how much the answer depends on the model.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. count the hands a player can hold after cards have left it face down;
# 2. give the face-down card's chances under a stated model (any card alike; honest
#    whenever possible with the lowest card that is enough; honest whenever possible with
#    any card that is enough);
# 3. build the Bayes table for "is it honest?": the hands the card may come from, their
#    prior, the likelihood of an honest card from each, and the normalising constant,
#    which is P(honest) itself;
# 4. compute the expected change of your score if you believe or doubt, and decide;
# 5. say how the answer changes from model to model, and why.
#
# **Where this lesson fits.** Lesson 7 of 8, the one on Münchhausen. Before it: Bayes'
# tables (lessons 4 and 6) and the break-even reasoning of lesson 3. Two school lessons:
# the second starts at "Second school lesson", before section 4.
#
# Every probability here is an exact fraction (`Fraction`). Exercises end with a
# `check(...)` cell that tells you whether your answer is right.

# %% [markdown] lang="de"
# # Lektion 7: Die verdeckte Karte bei Münchhausen – ist sie ehrlich?
#
# Bei Münchhausen beginnt jeder Spieler eine Runde mit derselben Hand: je eine Karte mit den
# Werten 1 bis 8. Der Startspieler nennt einen Zahlenwert, die anderen machen Angebote, und
# das höchste Angebot gewinnt: Wer es gemacht hat, legt eine Handkarte **verdeckt** auf den
# Ablagestapel des Startspielers und behauptet damit „mindestens mein Angebot“. Dann
# **glaubt** der Startspieler (die Karte bleibt liegen, ungesehen) oder er **zweifelt an**
# (sie wird aufgedeckt). Deine Punkte sind dein Ablagestapel minus deine Handkarten.
#
# Am Anfang kennt jeder jede Hand. Verborgen ist nur, welche Karten verdeckt gelegt wurden.
# Deshalb hat die Frage „Ist diese Karte ehrlich?“ eine exakte Antwort, sobald wir sagen,
# **wie Leute die Karten auswählen, die sie legen**: ein Modell. In dieser Lektion zählst du
# die Antwort aus, baust ihre Bayes-Tabelle, machst daraus eine Entscheidung und fragst dann,
# wie sehr die Antwort vom Modell abhängt.
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. die Hände zählen, die ein Spieler haben kann, nachdem Karten verdeckt seine Hand
#    verlassen haben;
# 2. die Wahrscheinlichkeiten der verdeckten Karte unter einem genannten Modell angeben (jede
#    Karte gleich wahrscheinlich; ehrlich, wann immer es geht, mit der niedrigsten Karte, die
#    reicht; ehrlich, wann immer es geht, mit irgendeiner Karte, die reicht);
# 3. die Bayes-Tabelle für „Ist sie ehrlich?“ aufstellen: die Hände, aus denen die Karte
#    kommen kann, ihre A-priori-Wahrscheinlichkeit, die Likelihood einer ehrlichen Karte aus
#    jeder Hand und die Normierungskonstante, die selbst P(ehrlich) ist;
# 4. ausrechnen, wie sich deine Punkte im Erwartungswert ändern, wenn du glaubst oder
#    anzweifelst, und dich entscheiden;
# 5. sagen, wie sich die Antwort von Modell zu Modell ändert, und warum.
#
# **Wo diese Lektion steht.** Lektion 7 von 8, die Lektion zu Münchhausen. Davor:
# Bayes-Tabellen (Lektionen 4 und 6) und die Überlegung zur Gewinnschwelle aus Lektion 3.
# Zwei Schulstunden: Die zweite beginnt bei „Zweite Schulstunde“, vor Abschnitt 4.
#
# Jede Wahrscheinlichkeit hier ist ein exakter Bruch (`Fraction`). Jede Aufgabe endet mit
# einer `check(...)`-Zelle, die dir sagt, ob deine Antwort stimmt.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 45 minutes with the cards).**
# The cards on the table: 10 min. The position: 4 min. Counting hands: 6 min (exercise
# 1). The card's chances: 5 min (exercise 2). The Bayes table: 8 min (exercises 3, 4).
# Believe or doubt: 7 min (exercise 5). The models side by side, with the widget in
# pairs: 5 min (exercise 6). A class that has never programmed takes two school lessons,
# split at "Second school lesson" (before section 4).
#
# **Working time, counted for a class that has never programmed: two school lessons,
# about 37 and 28 minutes**, each within a 40-minute lesson (the second starts at
# "Second school lesson"). Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks; part 1: 897 words to read at 120 a minute, 9 code
# cells to run (25 lines of code to read), 2 exercises by kind (one call: 1 at 4
# minutes; a few lines: 1 at 7 minutes), 0 widgets at 3 minutes, the activity with cards
# 10 minutes; part 2: 844 words to read at 120 a minute, 9 code cells to run (18 lines
# of code to read), 4 exercises by kind (reading: 4 at 2 minutes), 2 widgets at 3
# minutes.
#
# **Cards for the activity.** Each pair needs the cards 1 to 8 of one colour of an Elfer
# raus! deck: a deck's four colours serve four pairs, so a class of 30 needs four decks.
# No Elfer raus!? `make handouts` prints `deck-muenchhausen.html`: four sets of 1 to 8 on
# 4 A4 pages.
#
# **Or play it with the class.** After the activity with cards, the class can play
# Münchhausen at the class table (`make class`; docs: "Play with your class"): open tables
# of three or four seats, one round each. Afterwards, download "Every game's save (ZIP)"
# from your page into the lesson's folder as `class-games.zip`; the hands-on cell then sets
# every card the class laid face down, honest or a bluff, beside what laying at random from
# the same hands at the same offers gives (`class_face_down`): did the class bluff more or
# less than chance?
#
# **Common mistakes.**
# - Counting ordered pairs of cards (56) instead of hands (28) in exercise 1: the 7 then
#   the 8 leave the same hand as the 8 then the 7.
# - Saying 1/7 in exercise 2: that assumes seat 1 still holds its 8. The first card,
#   chosen alike from eight, may have been the 8.
# - Giving the prior (1/3) or the normaliser (2/3) as the posterior in exercise 4.
# - In exercise 5, valuing a doubted lie at +8 (or 0). The rules let the start player lay
#   a hand card on their own pile: the 8 leaves the hand (+8) *and* joins the pile (+8).
# - Believing the model is a fact. It is an assumption about people; the three models
#   give 1/8, 1 and 2/3 for the same card.
#
# **To discuss.** Which model describes your classmates? (Play a round in
# `notebooks/06-play-muenchhausen.ipynb` and watch.) Offers are not evidence in these
# models: a bold offer of 8 says nothing here. Should it? The advice looks at this turn
# only; what could a doubt cost later in the round?

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 45 Minuten mit
# den Karten).** Die Karten auf dem Tisch: 10 Min. Die Stellung: 4 Min. Hände zählen: 6 Min.
# (Aufgabe 1). Die Wahrscheinlichkeiten der Karte: 5 Min. (Aufgabe 2). Die Bayes-Tabelle:
# 8 Min. (Aufgaben 3 und 4). Glauben oder anzweifeln: 7 Min. (Aufgabe 5). Die Modelle
# nebeneinander, mit dem Widget in Partnerarbeit: 5 Min. (Aufgabe 6). Eine Klasse, die noch
# nie programmiert hat, braucht zwei Schulstunden, geteilt bei „Zweite Schulstunde“ (vor
# Abschnitt 4).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: zwei Schulstunden,
# etwa 37 und 28 Minuten**, jede innerhalb einer Schulstunde von 40 Minuten (die zweite
# beginnt bei „Zweite Schulstunde“). Gezählt von `notebooks/lessons/timing.py` an der
# englischen Schülerfassung, jede Aufgabe danach, was sie verlangt; Teil 1: 897 Wörter zu
# lesen bei 120 pro Minute, 9 Code-Zellen auszuführen (25 Zeilen Code zu lesen), 2 Aufgaben
# nach Art (ein Aufruf: 1 zu 4 Minuten; ein paar Zeilen: 1 zu 7 Minuten), 0 Widgets zu 3
# Minuten, die Aktivität mit Karten 10 Minuten; Teil 2: 844 Wörter zu lesen bei 120 pro
# Minute, 9 Code-Zellen auszuführen (18 Zeilen Code zu lesen), 4 Aufgaben nach Art (Lesen:
# 4 zu je 2 Minuten), 2 Widgets zu je 3 Minuten.
#
# **Karten für die Aktivität.** Jedes Paar braucht die Karten 1 bis 8 einer Farbe eines
# Elfer-raus!-Spiels: Die vier Farben eines Spiels reichen für vier Paare, eine Klasse von 30
# braucht also vier Spiele. Kein Elfer raus! zur Hand? `make handouts` druckt
# `deck-muenchhausen.html`: vier Sätze von 1 bis 8 auf 4 A4-Seiten.
#
# **Oder mit der Klasse spielen.** Nach der Aktivität mit Karten kann die Klasse Münchhausen
# am Klassentisch spielen (`make class`; Anleitung: „Mit der Klasse spielen“): Öffne Tische
# mit drei oder vier Plätzen, je eine Runde. Lade danach auf deiner Seite „Every game's save
# (ZIP)“ (alle Spielstände) in den Ordner der Lektion herunter, als `class-games.zip`; die
# Zelle zum Ausprobieren stellt dann jede Karte, die die Klasse verdeckt gelegt hat, ehrlich
# oder geblufft, neben das, was zufälliges Legen aus denselben Händen bei denselben Angeboten
# ergibt (`class_face_down`): Hat die Klasse mehr oder weniger geblufft als der Zufall?
#
# **Häufige Fehler.**
# - In Aufgabe 1 geordnete Kartenpaare (56) statt Hände (28) zählen: erst die 7, dann die 8
#   lässt dieselbe Hand übrig wie erst die 8, dann die 7.
# - In Aufgabe 2 1/7 sagen: Das setzt voraus, dass Platz 1 seine 8 noch hat. Die erste
#   Karte, gleich wahrscheinlich aus acht gewählt, kann die 8 gewesen sein.
# - In Aufgabe 4 die A-priori-Wahrscheinlichkeit (1/3) oder die Normierungskonstante (2/3)
#   als A-posteriori-Wahrscheinlichkeit angeben.
# - In Aufgabe 5 eine angezweifelte Lüge mit +8 (oder 0) bewerten. Nach den Regeln darf der
#   Startspieler eine Handkarte auf seinen eigenen Ablagestapel legen: Die 8 verlässt die
#   Hand (+8) *und* kommt auf den Stapel (+8).
# - Das Modell für eine Tatsache halten. Es ist eine Annahme über Menschen; die drei Modelle
#   geben für dieselbe Karte 1/8, 1 und 2/3.
#
# **Zum Besprechen.** Welches Modell beschreibt eure Mitschülerinnen und Mitschüler? (Spielt
# eine Runde in `notebooks/06-play-muenchhausen.ipynb` und schaut zu.) Angebote sind in diesen
# Modellen kein Hinweis: Ein kühnes Angebot von 8 sagt hier nichts. Sollte es? Der Rat
# betrachtet nur diesen Zug; was könnte ein Zweifel später in der Runde kosten?

# %%
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from bluffmath import muenchhausen as mh
from bluffmath.display import percent
from bluffmath_widgets.lessons.face_down import ThreeModels, check, position
from bluffmath_widgets.lessons.hands_on import class_face_down, compare, muenchhausen_chances

# %% [markdown]
# ## 0. Hands on: lay the cards first
#
# *Before the screen, about 10 minutes.* Pairs, each with the cards **1 to 8** of one
# colour of an Elfer raus! deck: the hand seat 1 starts with in this lesson's game. One of
# you plays seat 1 and lays cards **at random**: shuffle the eight cards face down, lay the
# top one aside (the card seat 1 lays on its offer of 6), then take the next one: it is the
# card seat 1 lays face down claiming **"at least 8"**. Turn it over: honest (it is the 8)
# or a bluff? Write it down, shuffle, again. Each pair does this 10 times.
#
# The class records how many second cards were honest and how many were bluffs. Type the
# counts in below (replace the zeros): the table sets them beside the exact chance for a
# player who lays cards at random, the first of the three models of section 3. (If the
# class played at the class table, put its download of the games beside this notebook as
# `class-games.zip`: the cell then sets every card laid face down there beside laying at
# random from the same hands.)

# %% [markdown] lang="de"
# ## 0. Zum Anfassen: erst die Karten legen
#
# *Vor dem Bildschirm, etwa 10 Minuten.* Paare, jedes mit den Karten **1 bis 8** einer Farbe
# eines Elfer-raus!-Spiels: die Hand, mit der Platz 1 in der Partie dieser Lektion beginnt.
# Eine oder einer von euch spielt Platz 1 und legt Karten **zufällig**: Mischt die acht Karten
# verdeckt, legt die oberste beiseite (die Karte, die Platz 1 auf sein Angebot 6 legt), und
# nehmt dann die nächste: Das ist die Karte, die Platz 1 verdeckt legt und dabei
# **„mindestens 8“** behauptet. Dreht sie um: ehrlich (es ist die 8) oder geblufft? Schreibt
# es auf, mischt, noch einmal. Jedes Paar macht das 10-mal.
#
# Die Klasse zählt, wie viele zweite Karten ehrlich waren und wie viele Bluffs. Trag die
# Zahlen unten ein (statt der Nullen; der erste Eintrag zählt die ehrlichen Karten, der zweite
# die Bluffs): Die Tabelle stellt sie neben die exakte Wahrscheinlichkeit für einen Spieler,
# der Karten zufällig legt, das erste der drei Modelle aus Abschnitt 3. (Hat die Klasse am
# Klassentisch gespielt, legt ihren Download der Partien als `class-games.zip` neben dieses
# Notebook: Die Zelle stellt dann jede dort verdeckt gelegte Karte neben zufälliges Legen aus
# denselben Händen.)

# %%
class_counts = {"honest (it is the 8)": 0, "a bluff": 0}  # the class's counts
chances = muenchhausen_chances()
if Path("class-games.zip").exists():  # the class table's games, if the class played there
    class_counts, chances = class_face_down("class-games.zip")
compare(class_counts, chances)

# %% [markdown]
# ## 1. The position
#
# Three players, seats 0, 1 and 2; **you are seat 2**. We play a short, fixed game on
# bluffmath's rules engine (`position()` in the lesson's module does exactly this):
#
# - Turn 1: seat 0 names 4, seat 1 offers 6, nobody offers more. Seat 1 lays a card face
#   down on seat 0's pile; seat 0 believes it, so nobody ever sees it.
# - Turn 2: seat 1 names 8 and nobody offers: the turn passes, no card moves.
# - Turn 3: you name 5; seat 1 offers **8** and lays a card face down on **your** pile.
#
# The engine must know the real cards (the lesson's module picks them), but the table
# sees only the **log** (the public record of everything said and done, in order), and
# the log never shows a face-down card:

# %% [markdown] lang="de"
# ## 1. Die Stellung
#
# Drei Spieler, Plätze 0, 1 und 2; **du bist Platz 2**. Wir spielen eine kurze, feste Partie
# mit bluffmaths Regel-Engine (`position()` im Modul der Lektion macht genau das):
#
# - Zug 1: Platz 0 nennt 4, Platz 1 bietet 6, niemand bietet mehr. Platz 1 legt eine Karte
#   verdeckt auf den Stapel von Platz 0; Platz 0 glaubt ihr, also sieht sie niemand je.
# - Zug 2: Platz 1 nennt 8 und niemand bietet: Der Zug geht weiter, keine Karte bewegt sich.
# - Zug 3: Du nennst 5; Platz 1 bietet **8** und legt eine Karte verdeckt auf **deinen**
#   Stapel.
#
# Die Engine muss die echten Karten kennen (das Modul der Lektion wählt sie), aber der Tisch
# sieht nur das **Protokoll** (die öffentliche Liste von allem, was gesagt und getan wurde, der
# Reihe nach), und das Protokoll zeigt nie eine verdeckte Karte:

# %%
state = position()
for event in state.log:
    print(event)

# %%
state.phase, state.to_act, state.offer_value, state.hands[2]

# %% [markdown]
# ## 2. Which hands can seat 1 hold?
#
# Seat 1 started with 1 2 3 4 5 6 7 8 and two cards have left its hand unseen. Suppose
# first that seat 1 picks **any card alike** each time (the *uniform* model): 8 choices for
# the first card, then 7 for the second, all $8 \cdot 7 = 56$ orders alike.

# %% [markdown] lang="de"
# ## 2. Welche Hände kann Platz 1 haben?
#
# Platz 1 hat mit 1 2 3 4 5 6 7 8 angefangen, und zwei Karten haben seine Hand ungesehen
# verlassen. Nimm zuerst an, dass Platz 1 jedes Mal **irgendeine Karte, alle gleich
# wahrscheinlich** wählt (das *gleichverteilte* Modell, `uniform`): 8 Möglichkeiten für die
# erste Karte, dann 7 für die zweite, alle $8 \cdot 7 = 56$ Reihenfolgen gleich
# wahrscheinlich.

# %%
orders = [(a, b) for a in range(1, 9) for b in range(1, 9) if a != b]
hands_left = Counter(tuple(c for c in range(1, 9) if c not in pair) for pair in orders)
len(orders), len(hands_left)

# %% [markdown]
# **Exercise 1.** Under the uniform model, how many different hands can seat 1 hold now,
# and what is the probability that it holds exactly 1 2 3 4 5 6 (the 7 and the 8 gone)?
# Give the pair `(number of hands, probability)`.

# %% [markdown] lang="de"
# **Aufgabe 1.** Wie viele verschiedene Hände kann Platz 1 im gleichverteilten Modell jetzt
# haben, und wie groß ist die Wahrscheinlichkeit, dass er genau 1 2 3 4 5 6 hat (die 7 und
# die 8 sind weg)? Gib das Paar `(Anzahl der Hände, Wahrscheinlichkeit)` an.

# %% [markdown] tags=["paper"]
# In Münchhausen every player starts a round with the same hand: one card of each value 1
# to 8. The start player names a value, the others offer, and the highest offer wins: its
# maker lays one hand card **face down** on the start player's pile, claiming "at least
# my offer". The start player then **believes** (the card stays there, unseen) or
# **doubts** (it is turned over). Your score is your pile minus your hand.
#
# The position: three players, seats 0, 1 and 2; **you are seat 2**.
#
# - Turn 1: seat 0 names 4, seat 1 offers 6, nobody offers more. Seat 1 lays a card face
#   down on seat 0's pile; seat 0 believes it, so nobody ever sees it.
# - Turn 2: seat 1 names 8 and nobody offers: the turn passes, no card moves.
# - Turn 3: you name 5; seat 1 offers **8** and lays a card face down on **your** pile.
#
# Seat 1 started with 1 2 3 4 5 6 7 8 and two cards have left its hand unseen. Suppose
# first that seat 1 picks **any card alike** each time (the *uniform* model): 8 choices
# for the first card, then 7 for the second, all $8 \cdot 7 = 56$ orders alike.
#
# **Exercise 1.** Under the uniform model, how many different hands can seat 1 hold now,
# and what is the probability that it holds exactly 1 2 3 4 5 6 (the 7 and the 8 gone)?
# Give the pair (number of hands, probability).

# %% [markdown] lang="de" tags=["paper"]
# Bei Münchhausen beginnt jeder Spieler eine Runde mit derselben Hand: je eine Karte mit den
# Werten 1 bis 8. Der Startspieler nennt einen Zahlenwert, die anderen machen Angebote, und
# das höchste Angebot gewinnt: Wer es gemacht hat, legt eine Handkarte **verdeckt** auf den
# Ablagestapel des Startspielers und behauptet damit „mindestens mein Angebot“. Dann
# **glaubt** der Startspieler (die Karte bleibt liegen, ungesehen) oder er **zweifelt an**
# (sie wird aufgedeckt). Deine Punkte sind dein Ablagestapel minus deine Handkarten.
#
# Die Stellung: drei Spieler, Plätze 0, 1 und 2; **du bist Platz 2**.
#
# - Zug 1: Platz 0 nennt 4, Platz 1 bietet 6, niemand bietet mehr. Platz 1 legt eine Karte
#   verdeckt auf den Stapel von Platz 0; Platz 0 glaubt ihr, also sieht sie niemand je.
# - Zug 2: Platz 1 nennt 8 und niemand bietet: Der Zug geht weiter, keine Karte bewegt sich.
# - Zug 3: Du nennst 5; Platz 1 bietet **8** und legt eine Karte verdeckt auf **deinen**
#   Stapel.
#
# Platz 1 hat mit 1 2 3 4 5 6 7 8 angefangen, und zwei Karten haben seine Hand ungesehen
# verlassen. Nimm zuerst an, dass Platz 1 jedes Mal **irgendeine Karte, alle gleich
# wahrscheinlich** wählt (das *gleichverteilte* Modell): 8 Möglichkeiten für die erste Karte,
# dann 7 für die zweite, alle $8 \cdot 7 = 56$ Reihenfolgen gleich wahrscheinlich.
#
# **Aufgabe 1.** Wie viele verschiedene Hände kann Platz 1 im gleichverteilten Modell jetzt
# haben, und wie groß ist die Wahrscheinlichkeit, dass er genau 1 2 3 4 5 6 hat (die 7 und
# die 8 sind weg)? Gib das Paar (Anzahl der Hände, Wahrscheinlichkeit) an.

# %% tags=["exercise"]
answer_1 = ...  # a pair: (a whole number, a Fraction)

# %% tags=["solution"]
answer_1 = (len(hands_left), Fraction(hands_left[(1, 2, 3, 4, 5, 6)], len(orders)))
answer_1, len(list(combinations(range(1, 9), 2)))  # 28 = 8 choose 2

# %%
check(1, answer_1)

# %% [markdown]
# bluffmath keeps, for every player, the exact distribution over the hands they can hold
# (`Knowledge`), from the log and a card model:

# %% [markdown] lang="de"
# bluffmath führt für jeden Spieler die exakte Verteilung über die Hände, die er haben kann
# (`Knowledge`), aus dem Protokoll und einem Kartenmodell:

# %%
k_uniform = mh.Knowledge.from_log(state.log, mh.UNIFORM)
len(k_uniform.hands(1)), k_uniform.hands(1)[(1, 2, 3, 4, 5, 6)]

# %% [markdown]
# ## 3. A model of how people lay cards
#
# bluffmath offers three models; each is a *stated assumption* about people:
#
# | model | the card laid on an offer |
# | --- | --- |
# | `uniform` | any hand card alike (honest or not) |
# | `lowest-enough` | honest whenever possible: the lowest card that reaches the offer |
# | `random-enough` | honest whenever possible: any card that reaches the offer, alike |
#
# When no card reaches the offer, the last two lay any hand card alike (a forced lie).
#
# **Exercise 2.** Under the uniform model, what is the probability that the card on your
# pile is honest (an 8)? Think before you compute: does seat 1 still hold its 8?

# %% [markdown] lang="de"
# ## 3. Ein Modell dafür, wie Leute Karten legen
#
# bluffmath bietet drei Modelle; jedes ist eine *ausgesprochene Annahme* über Menschen:
#
# | Modell | die Karte, die auf ein Angebot gelegt wird |
# | --- | --- |
# | `uniform` | irgendeine Handkarte, alle gleich wahrscheinlich (ehrlich oder nicht) |
# | `lowest-enough` | ehrlich, wann immer es geht: die niedrigste Karte, die das Angebot erreicht |
# | `random-enough` | ehrlich, wann immer es geht: irgendeine Karte, die das Angebot erreicht, jede gleich oft |
#
# Wenn keine Karte das Angebot erreicht, legen die beiden letzten irgendeine Handkarte, alle
# gleich wahrscheinlich (eine erzwungene Lüge).
#
# **Aufgabe 2.** Wie groß ist im gleichverteilten Modell die Wahrscheinlichkeit, dass die
# Karte auf deinem Stapel ehrlich ist (eine 8)? Denk nach, bevor du rechnest: Hat Platz 1
# seine 8 noch?

# %% [markdown] tags=["paper"]
# A *model* says how people choose the cards they lay. Three models, each a stated
# assumption about people:
#
# | model | the card laid on an offer |
# | --- | --- |
# | uniform | any hand card alike (honest or not) |
# | lowest-enough | honest whenever possible: the lowest card that reaches the offer |
# | random-enough | honest whenever possible: any card that reaches the offer, alike |
#
# When no card reaches the offer, the last two lay any hand card alike (a forced lie).
#
# **Exercise 2.** Under the uniform model, what is the probability that the card on your
# pile is honest (an 8)? Think before you compute: does seat 1 still hold its 8?

# %% [markdown] lang="de" tags=["paper"]
# Ein *Modell* sagt, wie Leute die Karten auswählen, die sie legen. Drei Modelle, jedes eine
# ausgesprochene Annahme über Menschen:
#
# | Modell | die Karte, die auf ein Angebot gelegt wird |
# | --- | --- |
# | gleichverteilt (uniform) | irgendeine Handkarte, alle gleich wahrscheinlich (ehrlich oder nicht) |
# | niedrigste, die reicht (lowest-enough) | ehrlich, wann immer es geht: die niedrigste Karte, die das Angebot erreicht |
# | zufällige, die reicht (random-enough) | ehrlich, wann immer es geht: irgendeine Karte, die reicht, jede gleich oft |
#
# Wenn keine Karte das Angebot erreicht, legen die beiden letzten irgendeine Handkarte, alle
# gleich wahrscheinlich (eine erzwungene Lüge).
#
# **Aufgabe 2.** Wie groß ist im gleichverteilten Modell die Wahrscheinlichkeit, dass die
# Karte auf deinem Stapel ehrlich ist (eine 8)? Denk nach, bevor du rechnest: Hat Platz 1
# seine 8 noch?

# %% tags=["exercise"]
answer_2 = ...  # a Fraction

# %% tags=["solution"]
still_has_8 = Fraction(7, 8)  # the first card, one of eight alike, was not the 8
answer_2 = still_has_8 * Fraction(1, 7)  # then the 8 is one of the seven cards left
answer_2, mh.honest_chance(k_uniform)

# %%
check(2, answer_2)

# %% [markdown]
# Each value is as likely as any other (the card's chances, `card_chances`):

# %% [markdown] lang="de"
# Jeder Wert ist so wahrscheinlich wie jeder andere (die Wahrscheinlichkeiten der Karte,
# `card_chances`):

# %%
mh.card_chances(k_uniform)

# %% [markdown]
# ## Second school lesson: the Bayes table, and believe or doubt
#
# *Start here in the second school lesson.* Coming back to the notebook after a break?
# Click into section 4 below and choose **Run > Run All Above Selected Cell**: part 1
# runs again, your answers with it, in a few seconds.
#
# Where we are: the log of three turns leaves seat 1 a set of possible hands, and a
# **model** of how people lay cards says how likely each card laid is. Under the uniform
# model the card on your pile is honest with chance 1/8. Now a Bayes table answers the
# question under the other models, and the chance decides: believe or doubt?

# %% [markdown] lang="de"
# ## Zweite Schulstunde: die Bayes-Tabelle, und glauben oder anzweifeln
#
# *Fang in der zweiten Schulstunde hier an.* Du kommst nach einer Pause zum Notebook zurück?
# Klick in Abschnitt 4 unten und wähle **Run > Run All Above Selected Cell**: Teil 1 läuft
# noch einmal, mit deinen Antworten, in ein paar Sekunden.
#
# Wo wir stehen: Das Protokoll von drei Zügen lässt Platz 1 eine Menge möglicher Hände, und
# ein **Modell** dafür, wie Leute Karten legen, sagt, wie wahrscheinlich jede gelegte Karte
# ist. Im gleichverteilten Modell ist die Karte auf deinem Stapel mit Wahrscheinlichkeit 1/8
# ehrlich. Jetzt beantwortet eine Bayes-Tabelle die Frage unter den anderen Modellen, und die
# Wahrscheinlichkeit entscheidet: glauben oder anzweifeln?

# %% [markdown]
# ## 4. The Bayes table for "is it honest?"
#
# Now take the *random-enough* model. In turn 1 seat 1 had to reach 6, so it laid a 6, a 7
# or an 8, each with chance 1/3. That gives three **hypotheses** about seat 1's hand just
# before the second card, with their **priors**. The **likelihood** of each is the chance
# that the model lays an honest card (at least 8) from that hand. Then, row by row:
#
# | hand before (first card gone) | prior | P(honest \| hand) | prior × likelihood | posterior |
# | --- | --- | --- | --- | --- |
# | the 6 gone: 1 2 3 4 5 7 8 | 1/3 | ? | ? | ? |
# | the 7 gone: 1 2 3 4 5 6 8 | 1/3 | ? | ? | ? |
# | the 8 gone: 1 2 3 4 5 6 7 | 1/3 | ? | ? | ? |
#
# The sum of the column prior × likelihood is the **normalising constant**: here it is
# $P(\text{honest})$ itself. The posterior column says which hand seat 1 held, *if* the
# card is honest.
#
# **Exercise 3.** Under the random-enough model, what is P(the card on your pile is
# honest)?

# %% [markdown] lang="de"
# ## 4. Die Bayes-Tabelle für „Ist sie ehrlich?“
#
# Nimm jetzt das Modell *random-enough*. In Zug 1 musste Platz 1 die 6 erreichen, also hat
# er eine 6, eine 7 oder eine 8 gelegt, jede mit Wahrscheinlichkeit 1/3. Das ergibt drei
# **Hypothesen** über die Hand von Platz 1 direkt vor der zweiten Karte, mit ihren
# **A-priori-Wahrscheinlichkeiten**. Die **Likelihood** jeder Hypothese ist die
# Wahrscheinlichkeit, dass das Modell aus dieser Hand eine ehrliche Karte (mindestens 8)
# legt. Dann, Zeile für Zeile:
#
# | Hand davor (erste Karte weg) | a priori | P(ehrlich \| Hand) | a priori × Likelihood | a posteriori |
# | --- | --- | --- | --- | --- |
# | die 6 weg: 1 2 3 4 5 7 8 | 1/3 | ? | ? | ? |
# | die 7 weg: 1 2 3 4 5 6 8 | 1/3 | ? | ? | ? |
# | die 8 weg: 1 2 3 4 5 6 7 | 1/3 | ? | ? | ? |
#
# Die Summe der Spalte a priori × Likelihood ist die **Normierungskonstante**: Hier ist sie
# selbst $P(\text{ehrlich})$. Die Spalte a posteriori sagt, welche Hand Platz 1 hatte, *falls*
# die Karte ehrlich ist.
#
# **Aufgabe 3.** Wie groß ist im Modell random-enough P(die Karte auf deinem Stapel ist
# ehrlich)?

# %% [markdown] tags=["paper"]
# Now take the *random-enough* model. In turn 1 seat 1 had to reach 6, so it laid a 6, a 7
# or an 8, each with chance 1/3. That gives three **hypotheses** about seat 1's hand just
# before the second card, with their **priors**. The **likelihood** of each is the chance
# that the model lays an honest card (at least 8) from that hand. Fill in the table, row
# by row:
#
# | hand before (first card gone) | prior | P(honest \| hand) | prior × likelihood | posterior |
# | --- | --- | --- | --- | --- |
# | the 6 gone: 1 2 3 4 5 7 8 | 1/3 | | | |
# | the 7 gone: 1 2 3 4 5 6 8 | 1/3 | | | |
# | the 8 gone: 1 2 3 4 5 6 7 | 1/3 | | | |
#
# The sum of the column "prior × likelihood" is the **normalising constant**: here it is
# $P(\text{honest})$ itself. The column "posterior" says which hand seat 1 held, *if* the
# card is honest.
#
# **Exercise 3.** Under the random-enough model, what is P(the card on your pile is
# honest)?

# %% [markdown] lang="de" tags=["paper"]
# Nimm jetzt das Modell *random-enough* (zufällige Karte, die reicht). In Zug 1 musste
# Platz 1 die 6 erreichen, also hat er eine 6, eine 7 oder eine 8 gelegt, jede mit
# Wahrscheinlichkeit 1/3. Das ergibt drei **Hypothesen** über die Hand von Platz 1 direkt vor
# der zweiten Karte, mit ihren **A-priori-Wahrscheinlichkeiten**. Die **Likelihood** jeder
# Hypothese ist die Wahrscheinlichkeit, dass das Modell aus dieser Hand eine ehrliche Karte
# (mindestens 8) legt. Füll die Tabelle Zeile für Zeile aus:
#
# | Hand davor (erste Karte weg) | a priori | P(ehrlich \| Hand) | a priori × Likelihood | a posteriori |
# | --- | --- | --- | --- | --- |
# | die 6 weg: 1 2 3 4 5 7 8 | 1/3 | | | |
# | die 7 weg: 1 2 3 4 5 6 8 | 1/3 | | | |
# | die 8 weg: 1 2 3 4 5 6 7 | 1/3 | | | |
#
# Die Summe der Spalte „a priori × Likelihood“ ist die **Normierungskonstante**: Hier ist sie
# selbst $P(\text{ehrlich})$. Die Spalte „a posteriori“ sagt, welche Hand Platz 1 hatte,
# *falls* die Karte ehrlich ist.
#
# **Aufgabe 3.** Wie groß ist im Modell random-enough P(die Karte auf deinem Stapel ist
# ehrlich)?

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
# likelihoods: the 6 or the 7 gone, the 8 is still there and laid (1); the 8 gone, 0
answer_3 = Fraction(1, 3) * 1 + Fraction(1, 3) * 1 + Fraction(1, 3) * 0
answer_3

# %%
check(3, answer_3)

# %% [markdown]
# bluffmath writes the same table (its rows are the hands, its last column the likelihood):

# %% [markdown] lang="de"
# bluffmath schreibt dieselbe Tabelle (ihre Zeilen sind die Hände, ihre letzte Spalte die
# Likelihood):

# %%
k_random = mh.Knowledge.from_log(state.log, mh.RANDOM_ENOUGH)
print(mh.explain_honest(k_random))

# %% [markdown]
# **Exercise 4.** Still under random-enough: if the card is honest, what is the
# probability that seat 1's *first* face-down card was the 6? (That is the posterior of
# the first row.)

# %% [markdown] lang="de"
# **Aufgabe 4.** Immer noch im Modell random-enough: Wie groß ist, falls die Karte ehrlich
# ist, die Wahrscheinlichkeit, dass die *erste* verdeckte Karte von Platz 1 die 6 war? (Das
# ist die A-posteriori-Wahrscheinlichkeit der ersten Zeile.)

# %% tags=["exercise"]
answer_4 = ...  # a Fraction

# %% tags=["solution"]
answer_4 = Fraction(1, 3) * 1 / answer_3  # the first row's prior × likelihood, normalised
answer_4

# %%
check(4, answer_4)

# %% [markdown]
# When you doubt, the card is turned over, and the table learns something about seat 1's
# hand: a Bayes update, which bluffmath shows step by step. Here you doubt and see the 8:

# %% [markdown] lang="de"
# Wenn du anzweifelst, wird die Karte aufgedeckt, und der Tisch erfährt etwas über die Hand
# von Platz 1: eine Bayes-Aktualisierung, die bluffmath Schritt für Schritt zeigt. Hier
# zweifelst du an und siehst die 8:

# %%
shown = mh.Knowledge.from_log(state.doubt().log, mh.RANDOM_ENOUGH)
print(shown.explain(1))

# %% [markdown]
# ## 5. Believe or doubt?
#
# Your score is your pile minus your hand. With the card $c$ face down on your pile:
#
# - **believe**: the card stays on your pile: $+c$;
# - **doubt, and it is honest**: you take it into your hand: $-c$;
# - **doubt, and it is a lie**: seat 1 takes it back, and you may lay one of your hand
#   cards on your own pile. You lay your highest, the 8: it leaves your hand and joins
#   your pile, $+2 \cdot 8 = +16$.
#
# The expected change of your score is the sum over the card's values of its chance
# times the change.
#
# **Exercise 5.** Under the uniform model, give (E[change if you believe], E[change if you
# doubt]).

# %% [markdown] lang="de"
# ## 5. Glauben oder anzweifeln?
#
# Deine Punkte sind dein Ablagestapel minus deine Handkarten. Mit der Karte $c$ verdeckt auf
# deinem Stapel:
#
# - **glauben**: Die Karte bleibt auf deinem Stapel: $+c$;
# - **anzweifeln, und sie ist ehrlich**: Du nimmst sie auf die Hand: $-c$;
# - **anzweifeln, und sie ist gelogen**: Platz 1 nimmt sie zurück, und du darfst eine deiner
#   Handkarten auf deinen eigenen Stapel legen. Du legst deine höchste, die 8: Sie verlässt
#   deine Hand und kommt auf deinen Stapel, $+2 \cdot 8 = +16$.
#
# Die erwartete Änderung deiner Punkte ist die Summe über die Werte der Karte, jeweils ihre
# Wahrscheinlichkeit mal die Änderung.
#
# **Aufgabe 5.** Gib im gleichverteilten Modell (E[Änderung, wenn du glaubst], E[Änderung,
# wenn du anzweifelst]) an.

# %% [markdown] tags=["paper"]
# Your score is your pile minus your hand. With the card $c$ face down on your pile:
#
# - **believe**: the card stays on your pile: $+c$;
# - **doubt, and it is honest**: you take it into your hand: $-c$;
# - **doubt, and it is a lie**: seat 1 takes it back, and you may lay one of your hand
#   cards on your own pile. You lay your highest, the 8: it leaves your hand and joins
#   your pile, $+2 \cdot 8 = +16$.
#
# Under the uniform model the card on your pile is any of the eight values, each as likely
# as the others. The expected change of your score is the sum over the card's values of
# its chance times the change.
#
# **Exercise 5.** Under the uniform model, give (E[change if you believe], E[change if you
# doubt]).

# %% [markdown] lang="de" tags=["paper"]
# Deine Punkte sind dein Ablagestapel minus deine Handkarten. Mit der Karte $c$ verdeckt auf
# deinem Stapel:
#
# - **glauben**: Die Karte bleibt auf deinem Stapel: $+c$;
# - **anzweifeln, und sie ist ehrlich**: Du nimmst sie auf die Hand: $-c$;
# - **anzweifeln, und sie ist gelogen**: Platz 1 nimmt sie zurück, und du darfst eine deiner
#   Handkarten auf deinen eigenen Stapel legen. Du legst deine höchste, die 8: Sie verlässt
#   deine Hand und kommt auf deinen Stapel, $+2 \cdot 8 = +16$.
#
# Im gleichverteilten Modell ist die Karte auf deinem Stapel einer der acht Werte, jeder so
# wahrscheinlich wie die anderen. Die erwartete Änderung deiner Punkte ist die Summe über die
# Werte der Karte, jeweils ihre Wahrscheinlichkeit mal die Änderung.
#
# **Aufgabe 5.** Gib im gleichverteilten Modell (E[Änderung, wenn du glaubst], E[Änderung,
# wenn du anzweifelst]) an.

# %% tags=["exercise"]
answer_5 = ...  # a pair of Fractions: (believe, doubt)

# %% tags=["solution"]
believe = Fraction(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8, 8)  # each value 1 to 8 with chance 1/8
doubt = Fraction(1, 8) * -8 + Fraction(7, 8) * 16  # the 8: -8; any other card: +16
answer_5 = (believe, doubt)
answer_5, mh.decide(k_uniform, my_hand=state.hands[2])

# %%
check(5, answer_5)

# %% [markdown]
# `decide` does this for you (and `explain_decision` shows the sum term by term):

# %% [markdown] lang="de"
# `decide` erledigt das für dich (und `explain_decision` zeigt die Summe Glied für Glied):

# %%
d = mh.decide(k_uniform, my_hand=state.hands[2])
print(mh.explain_decision(k_uniform, state.hands[2]))
d.choice, percent(d.honest)

# %% [markdown]
# ## 6. The same card, three models
#
# The widget sets the three models side by side for this position: P(honest), the card's
# chances (the honest values darker), the two expectations and the choice; below, the
# counting under one model. Change seat 1's offers (turn 1 and turn 3) and watch which
# numbers move, and which do not.

# %% [markdown] lang="de"
# ## 6. Dieselbe Karte, drei Modelle
#
# Das Widget stellt die drei Modelle für diese Stellung nebeneinander: P(ehrlich), die
# Wahrscheinlichkeiten der Karte (die ehrlichen Werte dunkler), die beiden Erwartungswerte und
# die Wahl; darunter das Zählen in einem Modell. Ändere die Angebote von Platz 1 (Zug 1 und
# Zug 3) und beobachte, welche Zahlen sich bewegen und welche nicht.

# %%
ThreeModels(first_offer=6, claim=8)

# %% [markdown]
# **Exercise 6.** For the position of this lesson (offers 6, then 8), what should you do
# under each model? Give a tuple of three words, "believe" or "doubt", in the order
# (uniform, lowest-enough, random-enough).

# %% [markdown] lang="de"
# **Aufgabe 6.** Was solltest du in der Stellung dieser Lektion (Angebote 6, dann 8) in jedem
# Modell tun? Gib ein Tupel aus drei Wörtern an, jedes `"believe"` (glauben) oder `"doubt"`
# (anzweifeln), in der Reihenfolge (uniform, lowest-enough, random-enough).

# %% [markdown] tags=["paper"]
# Under lowest-enough, seat 1 laid its 6 in turn 1 (the lowest card that reaches 6), so
# it still holds its 8 and lays it now: the card is surely honest. Under random-enough,
# the card is honest with your chance of exercise 3; if it is not, seat 1 had no card
# left that reaches 8 and laid any of its seven cards alike.
#
# **Exercise 6.** For the position of this lesson (offers 6, then 8), what should you do
# under each model? Give three words, "believe" or "doubt", in the order (uniform,
# lowest-enough, random-enough).

# %% [markdown] lang="de" tags=["paper"]
# Im Modell lowest-enough (niedrigste Karte, die reicht) hat Platz 1 in Zug 1 seine 6 gelegt
# (die niedrigste Karte, die 6 erreicht), also hat er seine 8 noch und legt sie jetzt: Die
# Karte ist sicher ehrlich. Im Modell random-enough ist die Karte mit deiner Wahrscheinlichkeit
# aus Aufgabe 3 ehrlich; wenn nicht, hatte Platz 1 keine Karte mehr, die 8 erreicht, und hat
# irgendeine seiner sieben Karten gelegt, alle gleich wahrscheinlich.
#
# **Aufgabe 6.** Was solltest du in der Stellung dieser Lektion (Angebote 6, dann 8) in jedem
# Modell tun? Gib drei Wörter an, jedes „glauben“ oder „anzweifeln“, in der Reihenfolge
# (gleichverteilt, lowest-enough, random-enough).

# %% tags=["exercise"]
answer_6 = ...  # a tuple of three words

# %% tags=["solution"]
answer_6 = ("doubt", "believe", "believe")  # the widget's choice under each model
answer_6, tuple(mh.decide(mh.Knowledge.from_log(state.log, model), state.hands[2]).choice
                for model in (mh.UNIFORM, mh.LOWEST_ENOUGH, mh.RANDOM_ENOUGH))

# %%
check(6, answer_6)

# %% [markdown]
# At a real table nobody knows the face-down cards, but the public log is enough. The
# companion below has this lesson's log typed in (you are seat 2); its *card model*
# dropdown changes the numbers exactly as above. Record the next events yourself.

# %% [markdown] lang="de"
# An einem echten Tisch kennt niemand die verdeckten Karten, aber das öffentliche Protokoll
# reicht. Im Begleiter unten ist das Protokoll dieser Lektion schon eingetragen (du bist
# Platz 2); sein Auswahlfeld für das *Kartenmodell* ändert die Zahlen genau wie oben. Trag die
# nächsten Ereignisse selbst ein.

# %%
from bluffmath_widgets.muenchhausen import MuenchhausenCompanion

companion = MuenchhausenCompanion(players=3, me=2, model="random-enough")
companion.record("lay", seat=1, start=0, value=6)
companion.record("believe", start=0)
companion.record("lay", seat=1, start=2, value=8)
companion

# %% [markdown]
# ## Summary
#
# - After $n$ cards have left a hand of 8 different cards unseen, it can be any of
#   $\binom{8}{n}$ hands; under the uniform model each is equally likely.
# - The face-down card's chances come from a **model** of how people lay cards, applied to
#   every hand the player may hold.
# - "Is it honest?" is a Bayes table: the hands before the card (prior), the chance of an
#   honest card from each (likelihood); the normalising constant is P(honest), and the
#   posterior tells which hand the player had if the card is honest.
# - Believe gains $c$; doubt loses $c$ on an honest card and gains twice your highest card
#   on a lie. Compare the two expectations.
# - The same card is honest with chance 1/8, 1 or 2/3 under the three models, and the
#   advice flips: state the model, and ask whether it fits the people at your table.
#
# Next: play a round against the bots in `notebooks/06-play-muenchhausen.ipynb` with
# these numbers beside you, and note when the model's advice and the truth disagree.
# Every model here *assumed* how often a player lies. Lesson 8, "Why bluff?"
# (`08-why-bluff`), asks how often a player *should* lie, and answers it exactly for a
# two-player Hochstapler duel.

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Nachdem $n$ Karten eine Hand aus 8 verschiedenen Karten ungesehen verlassen haben, kann
#   sie jede von $\binom{8}{n}$ Händen sein; im gleichverteilten Modell ist jede gleich
#   wahrscheinlich.
# - Die Wahrscheinlichkeiten der verdeckten Karte kommen aus einem **Modell** dafür, wie
#   Leute Karten legen, angewandt auf jede Hand, die der Spieler haben kann.
# - „Ist sie ehrlich?“ ist eine Bayes-Tabelle: die Hände vor der Karte (a priori), die
#   Wahrscheinlichkeit einer ehrlichen Karte aus jeder (Likelihood); die
#   Normierungskonstante ist P(ehrlich), und die A-posteriori-Wahrscheinlichkeit sagt, welche
#   Hand der Spieler hatte, falls die Karte ehrlich ist.
# - Glauben bringt $c$; anzweifeln kostet $c$ bei einer ehrlichen Karte und bringt bei einer
#   Lüge das Doppelte deiner höchsten Karte. Vergleiche die beiden Erwartungswerte.
# - Dieselbe Karte ist in den drei Modellen mit Wahrscheinlichkeit 1/8, 1 oder 2/3 ehrlich,
#   und der Rat kippt: Nenne das Modell und frag dich, ob es zu den Leuten an deinem Tisch
#   passt.
#
# Als Nächstes: Spiel eine Runde gegen die Bots in `notebooks/06-play-muenchhausen.ipynb`,
# mit diesen Zahlen neben dir, und notiere, wann der Rat des Modells und die Wahrheit nicht
# übereinstimmen. Jedes Modell hier hat *angenommen*, wie oft ein Spieler lügt. Lektion 8,
# „Warum bluffen?“ (`08-why-bluff`), fragt, wie oft ein Spieler lügen *sollte*, und
# beantwortet das exakt für ein Hochstapler-Duell zu zweit.

# %% [markdown]
# ## Going further
#
# - Under lowest-enough, seat 1 would have laid the 6 in turn 1. What if seat 0 had
#   doubted that card and seen a 2? Play it:
#   `mh.Game(players=3).new_game().name(4).offer(6).pass_().pass_().lay(2).doubt()`, and
#   ask `mh.Knowledge.from_log` with `mh.LOWEST_ENOUGH` about its log. bluffmath says the
#   model is contradicted. What should a player conclude about seat 1?
# - With four players and the same story, does the answer change? Why not?
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Im Modell lowest-enough hätte Platz 1 in Zug 1 die 6 gelegt. Was, wenn Platz 0 diese
#   Karte angezweifelt und eine 2 gesehen hätte? Spiel es durch:
#   `mh.Game(players=3).new_game().name(4).offer(6).pass_().pass_().lay(2).doubt()`, und frag
#   `mh.Knowledge.from_log` mit `mh.LOWEST_ENOUGH` nach seinem Protokoll. bluffmath sagt, dass
#   das Modell widerlegt ist. Was sollte ein Spieler über Platz 1 schließen?
# - Ändert sich die Antwort mit vier Spielern und derselben Geschichte? Warum nicht?
#
# Diese beiden sind zum Besprechen; sie haben keinen Check (Antworten in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ## Going further
#
# - Under lowest-enough, seat 1 would have laid the 6 in turn 1. What if seat 0 had
#   doubted that card and seen a 2? (The story of this lesson, but the card seat 1 lays
#   face down is a 2, and seat 0 doubts it.) No hand fits the model and that story: the
#   model is contradicted. What should a player conclude about seat 1?
# - With four players and the same story, does the answer change? Why not?

# %% [markdown] lang="de" tags=["paper"]
# ## Weiterdenken
#
# - Im Modell lowest-enough hätte Platz 1 in Zug 1 die 6 gelegt. Was, wenn Platz 0 diese
#   Karte angezweifelt und eine 2 gesehen hätte? (Die Geschichte dieser Lektion, aber die
#   Karte, die Platz 1 verdeckt legt, ist eine 2, und Platz 0 zweifelt sie an.) Keine Hand
#   passt zum Modell und zu dieser Geschichte: Das Modell ist widerlegt. Was sollte ein
#   Spieler über Platz 1 schließen?
# - Ändert sich die Antwort mit vier Spielern und derselben Geschichte? Warum nicht?

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - bluffmath stops and says the model is contradicted: no hand seat 1 may hold makes a
#   lowest-enough player lay a 2 on an offer of 6. So seat 1 is not playing lowest-enough: it bluffed
#   when the model says it had no reason to. The contradiction is evidence about the
#   *player*, not about the cards: drop the model for seat 1 (bluffmath suggests the
#   uniform model) or use one with bluffs.
# - With four players (three passes before seat 1 lays) the message is the same. The
#   contradiction is about seat 1's own hand and its own choice; more players change the
#   other hands, not what lowest-enough lets seat 1 lay.

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - bluffmath hält an und sagt, dass das Modell widerlegt ist: Keine Hand, die Platz 1 haben
#   kann, bringt einen Spieler nach lowest-enough dazu, auf ein Angebot von 6 eine 2 zu
#   legen. Platz 1 spielt also nicht nach lowest-enough: Er hat geblufft, wo das Modell sagt,
#   dass er keinen Grund dazu hatte. Der Widerspruch ist ein Hinweis auf den *Spieler*, nicht
#   auf die Karten: Gib das Modell für Platz 1 auf (bluffmath schlägt das gleichverteilte
#   Modell vor) oder nimm eines mit Bluffs.
# - Mit vier Spielern (drei Passen, bevor Platz 1 legt) ist die Meldung dieselbe. Der
#   Widerspruch betrifft die eigene Hand von Platz 1 und seine eigene Wahl; mehr Spieler
#   ändern die anderen Hände, nicht das, was lowest-enough Platz 1 zu legen erlaubt.
