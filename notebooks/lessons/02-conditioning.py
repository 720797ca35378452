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
# # Lesson 2: Conditioning on what you see
#
# In lesson 1 every card of a colour was hidden. At the table you hold one card of every
# colour, and cards that players exchange lie **face up** for everybody to see. Each card
# you see rules out the deals in which it is somewhere else. This lesson turns that into
# exact numbers, *conditioning* on what you see, with a short rule: **take the cards you
# have seen out of the pile, and count the rest.**
#
# ## Learning goals
#
# After this lesson you can
#
# 1. condition a colour's total on the cards you see: take them out of the pile and count
#    the equally likely sets of the cards left;
# 2. say how your own card shifts the chance of a call, and show that the chances after
#    looking average back to the chance before;
# 3. explain why a low card face up *helps* a call and a high one hurts it;
# 4. (extra practice) decide whether exchanging your card makes a call likelier.
#
# **Where this lesson fits.** Lesson 2 of 8, on Hochstapler. Before it: lesson 1 (the
# equally likely deals of a colour, a total's distribution, `Fraction`). One school lesson.

# %% [markdown] lang="de"
# # Lektion 2: Bedingte Wahrscheinlichkeit – was du siehst, zählt
#
# In Lektion 1 war jede Karte einer Farbe verdeckt. Am Tisch hast du aber von jeder Farbe
# eine Karte auf der Hand, und Karten, die beim Tauschen abgelegt werden, liegen **offen**
# für alle sichtbar. Jede Karte, die du siehst, schließt alle Austeilungen aus, in denen sie
# woanders steckt. In dieser Lektion machst du daraus exakte Zahlen: Du rechnest *bedingt*
# auf das, was du siehst, mit einer kurzen Regel: **Nimm die Karten, die du gesehen hast,
# aus dem Stapel und zähl den Rest.**
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. die Summe einer Farbe auf die Karten bedingen, die du siehst: sie aus dem Stapel nehmen
#    und die gleich wahrscheinlichen Auswahlen der übrigen Karten zählen;
# 2. sagen, wie deine eigene Karte die Wahrscheinlichkeit einer Ansage verschiebt, und
#    zeigen, dass die Wahrscheinlichkeiten nach dem Hinsehen im Mittel wieder die
#    Wahrscheinlichkeit vor dem Hinsehen ergeben;
# 3. erklären, warum eine niedrige offene Karte einer Ansage *hilft* und eine hohe ihr
#    schadet;
# 4. (Zusatzübungen) entscheiden, ob ein Tausch deiner Karte eine Ansage wahrscheinlicher
#    macht.
#
# **Wo diese Lektion steht.** Lektion 2 von 8, zu Hochstapler. Davor: Lektion 1 (die gleich
# wahrscheinlichen Austeilungen einer Farbe, die Verteilung einer Summe, `Fraction`). Eine
# Schulstunde.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 28 minutes, 37 with the extra
# practice).** Your own card: 10 min (exercises 1, 2). A high or a low card, and
# averaging back: 8 min (exercises 3, 4). Face-up cards: 3 min. The widget, in pairs: 5
# min. Summary: 2 min. Extra practice, at home or for a fast class: one face-up card
# (exercise 5) and the exchange (exercise 6).
#
# **Working time, counted for a class that has never programmed: about 40 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 930 words to read at 120 a minute, 11 code cells
# to run (27 lines of code to read), 4 exercises by kind (reading: 1 at 2 minutes; one
# call: 1 at 4 minutes; a few lines: 2 at 7 minutes), 1 widget at 3 minutes. The extra
# practice after the summary, for a fast class or for home, takes about 18 minutes more:
# 464 words to read at 120 a minute, 6 code cells to run (11 lines of code to read), 2
# exercises by kind (reading: 1 at 2 minutes; a few lines: 1 at 7 minutes), 0 widgets at
# 3 minutes.
#
# **Common mistakes.**
# - Drawing the other hands from the *full* pile after looking: $\binom{15}{3}$ in
#   exercise 1, or lesson 1's three-player total shifted by 5 in exercise 2. The check
#   names both. Ask: can another player hold *your* 5?
# - Averaging the eight chances of exercise 4 without weights. A 0 is three times as
#   likely to be your card as a 7 is; the check says so.
# - Counting a face-up card into the total. The total is over the **hands**; a face-up
#   card is in nobody's hand, which is exactly why it matters.
# - Saying "more often than not" and meaning "at least half" (exercise 3: with a 3 the
#   chance is exactly 1/2).
# - Judging an exchange by the mean alone ("swap anything below the average card"). That
#   rule is right for ordinary calls, but the exchange also widens the spread, and for a
#   high call a 3 is worth swapping too (exercise 6).
#
# **To discuss.** Why may we simply remove the seen cards and count? (Every deal was
# equally likely; seeing your card rules some deals out and leaves the others equally
# likely. That is $P(A \mid B) = P(A \cap B) / P(B)$ done by counting.) Why is the top card
# of the pile "like another hand"? (From your seat, the shuffled colour is split into
# hands and pile at random; you cannot tell the pile's cards from the hands'.) And an
# exchange is a commitment: after it you must raise, you may not doubt.

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 28 Minuten, 37
# mit den Zusatzübungen).** Die eigene Karte: 10 Min. (Aufgaben 1, 2). Eine hohe oder eine
# niedrige Karte, und der Mittelwert zurück: 8 Min. (Aufgaben 3, 4). Offene Karten: 3 Min.
# Das Widget, in Partnerarbeit: 5 Min. Zusammenfassung: 2 Min. Zusatzübungen, zu Hause oder
# für eine schnelle Klasse: eine offene Karte (Aufgabe 5) und der Tausch (Aufgabe 6).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: etwa 40 Minuten**,
# also eine Schulstunde von 40 Minuten. Gezählt von `notebooks/lessons/timing.py` an der
# englischen Schülerfassung, jede Aufgabe danach, was sie verlangt: 930 Wörter zu lesen bei
# 120 pro Minute, 11 Code-Zellen auszuführen (27 Zeilen Code zu lesen), 4 Aufgaben nach Art
# (Ablesen: 1 zu 2 Minuten; ein Aufruf: 1 zu 4 Minuten; ein paar Zeilen: 2 zu je 7
# Minuten), 1 Widget zu 3 Minuten. Die Zusatzübungen nach der Zusammenfassung, für eine
# schnelle Klasse oder für zu Hause, brauchen etwa 18 Minuten mehr: 464 Wörter zu lesen bei
# 120 pro Minute, 6 Code-Zellen auszuführen (11 Zeilen Code zu lesen), 2 Aufgaben nach Art
# (Ablesen: 1 zu 2 Minuten; ein paar Zeilen: 1 zu 7 Minuten), 0 Widgets zu 3 Minuten.
#
# **Häufige Fehler.**
# - Die anderen Hände nach dem Hinsehen aus dem *vollen* Stapel ziehen: $\binom{15}{3}$ in
#   Aufgabe 1, oder in Aufgabe 2 die Summe für drei Spieler aus Lektion 1, um 5 verschoben.
#   Der Check nennt beide Fälle. Fragen Sie: Kann ein anderer Spieler *deine* 5 haben?
# - Die acht Wahrscheinlichkeiten aus Aufgabe 4 ohne Gewichte mitteln. Eine 0 ist dreimal so
#   wahrscheinlich deine Karte wie eine 7; das sagt auch der Check.
# - Eine offene Karte in die Summe einrechnen. Die Summe geht über die **Hände**; eine offene
#   Karte ist auf keiner Hand, und genau deshalb zählt sie.
# - „In mehr als der Hälfte der Fälle“ sagen und „mindestens in der Hälfte der Fälle“ meinen
#   (Aufgabe 3: Mit einer 3 ist die Wahrscheinlichkeit genau 1/2).
# - Einen Tausch nur nach dem Mittelwert beurteilen („tausche alles unter der
#   Durchschnittskarte“). Für gewöhnliche Ansagen stimmt diese Regel, aber der Tausch
#   vergrößert auch die Streuung, und bei einer hohen Ansage lohnt es sich, auch eine 3 zu
#   tauschen (Aufgabe 6).
#
# **Zum Besprechen.** Warum dürfen wir die gesehenen Karten einfach herausnehmen und zählen?
# (Jede Austeilung war gleich wahrscheinlich; wer seine Karte sieht, schließt manche
# Austeilungen aus, und die übrigen bleiben gleich wahrscheinlich. Das ist $P(A \mid B) =
# P(A \cap B) / P(B)$, durch Zählen ausgerechnet.) Warum ist die oberste Karte des Stapels „wie
# eine weitere Hand“? (Von deinem Platz aus wird die gemischte Farbe zufällig auf Hände und
# Stapel verteilt; du kannst die Karten des Stapels nicht von denen auf den Händen
# unterscheiden.) Und ein Tausch verpflichtet: Danach musst du erhöhen, anzweifeln darfst du
# nicht mehr.

# %%
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import percent
from bluffmath_widgets.lessons.conditioning import BeforeAfter, check

# %% [markdown]
# ## 1. Your own card
#
# Four players, red cards. Before you look, the four red cards dealt are any of the
# $\binom{15}{4} = 1365$ equally likely sets. Now you look: you hold the red **5**. The
# other three hands hold three of the **14 red cards you have not seen**, each set as
# likely as any other. So: take your card out of the pile, and count.

# %% [markdown] lang="de"
# ## 1. Deine eigene Karte
#
# Vier Spieler, rote Karten. Bevor du hinsiehst, sind die vier ausgeteilten roten Karten
# irgendeine der $\binom{15}{4} = 1365$ gleich wahrscheinlichen Auswahlen. Jetzt siehst du
# hin: Du hast die rote **5**. Die anderen drei Hände haben drei der **14 roten Karten, die
# du nicht gesehen hast**, und jede Auswahl davon ist so wahrscheinlich wie jede andere. Also:
# Nimm deine Karte aus dem Stapel und zähl.

# %%
PILE_CARDS = sorted(Counter(hs.PILE).elements())
unseen = list(PILE_CARDS)
unseen.remove(5)  # your red 5 is in your hand, not in anybody else's
unseen, len(unseen)

# %% [markdown]
# **Exercise 1.** How many different sets of 3 cards can the other three hands hold, now
# that you have seen your 5? (As in lesson 1, the 14 cards are 14 different cards.)

# %% [markdown] lang="de"
# **Aufgabe 1.** Wie viele verschiedene Auswahlen von 3 Karten können die anderen drei Hände
# haben, jetzt, wo du deine 5 gesehen hast? (Wie in Lektion 1 sind die 14 Karten 14
# verschiedene Karten.)

# %% tags=["exercise"]
answer_1 = ...  # a whole number

# %% tags=["solution"]
answer_1 = comb(14, 3)  # 3 of the 14 cards you have not seen
answer_1, len(list(combinations(unseen, 3)))

# %%
check(1, answer_1)

# %% [markdown]
# The red total is your 5 plus the other three cards; listing the sets gives its
# distribution *given what you have seen*:

# %% [markdown] lang="de"
# Die Summe der roten Karten ist deine 5 plus die drei anderen Karten; wenn du die Auswahlen
# auflistest, bekommst du ihre Verteilung *unter der Bedingung, was du gesehen hast*:

# %%
after_5 = Counter(5 + sum(hand) for hand in combinations(unseen, 3))
sum(after_5.values()), after_5[12]

# %% [markdown]
# A player calls "12 red": the red total is at least 12. **Before** you look at your card,
# the total is lesson 1's: four cards from the full pile, every set of them counted by its
# total. As in lesson 1, `Distribution` turns counts into chances, and `.at_least(12)`
# is the chance of 12 or more:

# %% [markdown] lang="de"
# Ein Spieler sagt „12 Rot“ an: Die Summe der roten Karten ist mindestens 12. **Bevor** du
# deine Karte ansiehst, ist die Summe die aus Lektion 1: vier Karten aus dem vollen Stapel,
# jede Auswahl nach ihrer Summe gezählt. Wie in Lektion 1 macht `Distribution` aus Anzahlen
# Wahrscheinlichkeiten, und `.at_least(12)` ist die Wahrscheinlichkeit für 12 oder mehr:

# %%
before_looking = Counter(sum(hand) for hand in combinations(PILE_CARDS, 4))
before = Distribution(before_looking).at_least(12)
before, percent(before)

# %% [markdown]
# **Exercise 2.** What is the chance that the call of 12 is true **after** you have seen
# your 5? Give the pair `(before, after)` as Fractions: `before` is worked above; count
# `after` the same way, from `after_5`.

# %% [markdown] lang="de"
# **Aufgabe 2.** Wie groß ist die Wahrscheinlichkeit, dass die Ansage 12 stimmt, **nachdem**
# du deine 5 gesehen hast? Gib das Paar `(before, after)` (vorher, nachher) als `Fraction`
# an: `before` ist oben ausgerechnet; `after` zählst du genauso, aus `after_5`.

# %% [markdown] tags=["paper"]
# **Exercise 2.** A player calls "12 red": the red total is at least 12. What is the
# chance that this call is true **before** you look at your card, and **after** you have
# seen your 5? Give both, as fractions. (Before looking, the total is lesson 1's: four
# cards from the full pile.)

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 2.** Ein Spieler sagt „12 Rot“ an: Die Summe der roten Karten ist mindestens 12.
# Wie groß ist die Wahrscheinlichkeit, dass diese Ansage stimmt, **bevor** du deine Karte
# ansiehst, und **nachdem** du deine 5 gesehen hast? Gib beide als Brüche an. (Vor dem
# Hinsehen ist die Summe die aus Lektion 1: vier Karten aus dem vollen Stapel.)

# %% tags=["exercise"]
answer_2 = ...  # a pair of Fractions: (before, after), with before from the cell above

# %% tags=["solution"]
answer_2 = (before, Distribution(after_5).at_least(12))
answer_2, percent(answer_2[1]), Fraction(sum(after_5[t] for t in range(12, 24)), comb(14, 3))

# %%
check(2, answer_2)

# %% [markdown]
# In the language of probability, this is $P(\text{total} \ge 12 \mid \text{my card is
# } 5)$: among the equally likely deals that fit what you see, the share in which the call
# is true.
#
# ## 2. A high card, a low card
#
# Seeing a 5 made the call of 12 likelier. bluffmath counts the same sets without listing
# them: `hs.call_odds(players, own=v, call=12)` is the chance of the call when you hold
# `v`. Here it is for every card you might hold:

# %% [markdown] lang="de"
# In der Sprache der Wahrscheinlichkeitsrechnung ist das $P(\text{Summe} \ge 12 \mid
# \text{meine Karte ist } 5)$: Unter den gleich wahrscheinlichen Austeilungen, die zu dem
# passen, was du siehst, der Anteil, bei dem die Ansage stimmt.
#
# ## 2. Eine hohe Karte, eine niedrige Karte
#
# Die 5 zu sehen hat die Ansage 12 wahrscheinlicher gemacht. bluffmath zählt dieselben
# Auswahlen, ohne sie aufzulisten: `hs.call_odds(players, own=v, call=12)` ist die
# Wahrscheinlichkeit der Ansage, wenn du `v` hast. Hier für jede Karte, die du haben könntest:

# %%
after_each = {v: hs.call_odds(players=4, own=v, call=12) for v in range(8)}
{v: (p, percent(p)) for v, p in after_each.items()}

# %% [markdown]
# Your own card counts twice: it is part of the total, and no other hand can hold it. A
# high card raises the total and leaves lower cards for the others; the first effect wins.
#
# **Exercise 3.** What is the lowest card you can hold for which a call of 12 (four
# players) is true **more often than not**?

# %% [markdown] lang="de"
# Deine eigene Karte zählt doppelt: Sie gehört zur Summe, und keine andere Hand kann sie
# haben. Eine hohe Karte erhöht die Summe und lässt den anderen niedrigere Karten übrig; die
# erste Wirkung ist stärker.
#
# **Aufgabe 3.** Was ist die niedrigste Karte, bei der eine Ansage von 12 (vier Spieler) **in
# mehr als der Hälfte der Fälle** stimmt?

# %% tags=["exercise"]
answer_3 = ...  # a card value, 0 to 7

# %% tags=["solution"]
answer_3 = 4  # with a 3 the chance is exactly 1/2: not more often than not
answer_3, after_each[answer_3 - 1], min(v for v, p in after_each.items() if p > Fraction(1, 2))

# %%
check(3, answer_3)

# %% [markdown]
# Now average the other way round. Before you look, your card is a 0 with probability
# 3/15, a 1 with 2/15, and so on, down to a 7 with 1/15. Weigh each chance *after*
# looking by how likely that card was: the *law of total probability* says you get the
# chance *before* looking.
#
# **Exercise 4.** Compute $\sum_v P(\text{your card} = v) \cdot P(\text{total} \ge 12 \mid
# \text{your card} = v)$ with the chances above (`hs.PILE[v]` is the number of cards of
# value `v`). Is it the first number of exercise 2? ($\sum_v$: work it out for every card
# value $v$ and add. A start: `Fraction(3, 15) * after_each[0] + Fraction(2, 15) *
# after_each[1] + ...` up to 7.)

# %% [markdown] lang="de"
# Jetzt mittelst du andersherum. Bevor du hinsiehst, ist deine Karte mit Wahrscheinlichkeit
# 3/15 eine 0, mit 2/15 eine 1 und so weiter, bis zur 7 mit 1/15. Gewichte jede
# Wahrscheinlichkeit *nach* dem Hinsehen damit, wie wahrscheinlich diese Karte war: Der *Satz
# von der totalen Wahrscheinlichkeit* sagt, dass dabei die Wahrscheinlichkeit *vor* dem
# Hinsehen herauskommt.
#
# **Aufgabe 4.** Berechne $\sum_v P(\text{deine Karte} = v) \cdot P(\text{Summe} \ge 12 \mid
# \text{deine Karte} = v)$ mit den Wahrscheinlichkeiten oben (`hs.PILE[v]` ist die Anzahl der
# Karten mit dem Wert `v`). Ist es die erste Zahl aus Aufgabe 2? ($\sum_v$: Rechne es für
# jeden Kartenwert $v$ aus und addiere. Ein Anfang: `Fraction(3, 15) * after_each[0] +
# Fraction(2, 15) * after_each[1] + ...` bis 7.)

# %% tags=["exercise"]
answer_4 = ...  # a Fraction

# %% tags=["solution"]
answer_4 = (Fraction(3, 15) * after_each[0] + Fraction(2, 15) * after_each[1]
            + Fraction(2, 15) * after_each[2] + Fraction(2, 15) * after_each[3]
            + Fraction(2, 15) * after_each[4] + Fraction(2, 15) * after_each[5]
            + Fraction(1, 15) * after_each[6] + Fraction(1, 15) * after_each[7])
answer_4, answer_4 == before, sum(Fraction(hs.PILE[v], 15) * p for v, p in after_each.items())

# %%
check(4, answer_4)

# %% [markdown]
# Looking cannot make a call likelier *on average*: weighed by how likely each card is,
# the rises and falls cancel out exactly. Looking gives you a chance that fits *your* deal.
#
# ## 3. Face-up cards
#
# A player who exchanges lays a card face up. That card is in **no hand** any more, so the
# hidden hands are drawn from one card fewer. Five players; you hold the red 3; a red 0
# and a red 7 lie face up:

# %% [markdown] lang="de"
# Hinsehen kann eine Ansage *im Mittel* nicht wahrscheinlicher machen: Gewichtet damit, wie
# wahrscheinlich jede Karte ist, heben sich das Steigen und das Fallen genau auf. Durch das
# Hinsehen bekommst du eine Wahrscheinlichkeit, die zu *deiner* Austeilung passt.
#
# ## 3. Offene Karten
#
# Wer tauscht, legt eine Karte offen ab. Diese Karte ist auf **keiner Hand** mehr, also
# werden die verdeckten Hände aus einer Karte weniger gezogen. Fünf Spieler; du hast die rote
# 3; eine rote 0 und eine rote 7 liegen offen:

# %%
own_only = hs.call_odds(players=5, own=3, call=12)
with_face_up = hs.call_odds(players=5, own=3, call=12, face_up=(0, 7))
own_only, with_face_up, percent(own_only), percent(with_face_up)

# %% [markdown]
# The 7 face up is bad news for a call (the best card is out of every hand); the 0 is good
# news (a card that adds nothing is out of the way). Together they leave the chance about
# where it was. Which one weighs more?
#
# Try it. The widget shows the total step by step: before you see anything, after your
# card, after the face-up cards, after an exchange. Darker bars make the call true.
#
# - Set your card to 0, then to 7: how far does the row "your card" slide?
# - Type face-up cards: `7`, then `0`, then `0,0,0`. Which moves the chance more?

# %% [markdown] lang="de"
# Die offene 7 ist eine schlechte Nachricht für eine Ansage (die beste Karte ist auf keiner
# Hand); die 0 ist eine gute Nachricht (eine Karte, die nichts beiträgt, ist aus dem Weg).
# Zusammen lassen sie die Wahrscheinlichkeit ungefähr da, wo sie war. Welche wiegt schwerer?
#
# Probier es aus. Das Widget zeigt die Summe Schritt für Schritt: bevor du etwas siehst, nach
# deiner Karte, nach den offenen Karten, nach einem Tausch. Dunklere Balken sind Summen, bei
# denen die Ansage stimmt.
#
# - Stell deine Karte auf 0, dann auf 7: Wie weit verschiebt sich die Zeile „deine Karte“?
# - Tippe offene Karten ein: `7`, dann `0`, dann `0,0,0`. Was verändert die
#   Wahrscheinlichkeit stärker?

# %%
BeforeAfter(players=5, own=3, face_up="0,7", call=12)

# %% [markdown]
# ## Summary
#
# - To condition on the cards you see, take them out of the pile: every set of the
#   remaining cards is equally likely, and you count.
# - Your own card moves the chance of a call a lot; weighted by how likely each card is,
#   the chances after looking average back to the chance before.
# - A face-up card is in no hand: a low one face up helps a call, a high one hurts it.
#
# Next lesson: when to **doubt** a call and when to **raise** it.

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Um auf die Karten zu bedingen, die du siehst, nimm sie aus dem Stapel: Jede Auswahl der
#   übrigen Karten ist gleich wahrscheinlich, und du zählst.
# - Deine eigene Karte verändert die Wahrscheinlichkeit einer Ansage stark; gewichtet damit,
#   wie wahrscheinlich jede Karte ist, ergeben die Wahrscheinlichkeiten nach dem Hinsehen im
#   Mittel wieder die Wahrscheinlichkeit vorher.
# - Eine offene Karte ist auf keiner Hand: Eine niedrige offene Karte hilft einer Ansage,
#   eine hohe schadet ihr.
#
# Nächste Lektion: wann du eine Ansage **anzweifelst** und wann du **erhöhst**.

# %% [markdown]
# ## Extra practice: one face-up card, and the exchange
#
# *For a fast class, or at home.*
#
# **Exercise 5.** Four players; you hold the red 3, so that a call of 12 is true exactly
# half the time. What is the chance of the call if you see **a red 0** face up, and what
# is it if instead you see **a red 7** face up? Give the pair `(with a 0, with a 7)`.
# (`(0, 7)` is a *tuple*; a tuple of one card keeps its comma: `face_up=(0,)`.)

# %% [markdown] lang="de"
# ## Zusatzübungen: eine offene Karte und der Tausch
#
# *Für eine schnelle Klasse oder für zu Hause.*
#
# **Aufgabe 5.** Vier Spieler; du hast die rote 3, sodass eine Ansage von 12 genau in der
# Hälfte der Fälle stimmt. Wie groß ist die Wahrscheinlichkeit der Ansage, wenn **eine rote
# 0** offen liegt, und wie groß, wenn stattdessen **eine rote 7** offen liegt? Gib das Paar
# `(mit einer 0, mit einer 7)` an. (`(0, 7)` ist ein *Tupel*; ein Tupel aus einer Karte behält
# sein Komma: `face_up=(0,)`.)

# %% [markdown] tags=["paper"]
# A player who exchanges lays a card face up. That card is in **no hand** any more, so the
# hidden hands are drawn from one card fewer.
#
# <!-- paper -->
#
# **Exercise 5.** Four players; you hold the red 3, so that a call of 12 is true exactly
# half the time. What is the chance of the call if you see **a red 0** face up, and what
# is it if instead you see **a red 7** face up? Give the pair (with a 0, with a 7).

# %% [markdown] lang="de" tags=["paper"]
# Wer tauscht, legt eine Karte offen ab. Diese Karte ist auf **keiner Hand** mehr, also
# werden die verdeckten Hände aus einer Karte weniger gezogen.
#
# <!-- paper -->
#
# **Aufgabe 5.** Vier Spieler; du hast die rote 3, sodass eine Ansage von 12 genau in der
# Hälfte der Fälle stimmt. Wie groß ist die Wahrscheinlichkeit der Ansage, wenn **eine rote
# 0** offen liegt, und wie groß, wenn stattdessen **eine rote 7** offen liegt? Gib das Paar
# (mit einer 0, mit einer 7) an.

# %% tags=["exercise"]
answer_5 = ...  # a pair of Fractions: (a 0 face up, a 7 face up)

# %% tags=["solution"]
answer_5 = (hs.call_odds(4, own=3, call=12, face_up=(0,)),
            hs.call_odds(4, own=3, call=12, face_up=(7,)))
answer_5, [percent(p) for p in answer_5]

# %%
check(5, answer_5)

# %% [markdown]
# The 7 matters more: it is a rare, big card, and seeing it face up removes it for sure.

# %% [markdown] lang="de"
# Die 7 zählt mehr: Sie ist eine seltene, hohe Karte, und wenn sie offen liegt, ist sie mit
# Sicherheit aus dem Spiel.

# %% [markdown]
# ### The exchange
#
# Before you call, you may lay one of your cards face up beside its pile and take the top
# card of that pile into your hand. (After an exchange you must raise: you may not doubt.)
# Should you exchange your red card to make a red call likelier?
#
# After the exchange your old card lies face up: it is a seen card, out of every hand. Your
# new card you do not know. The pile is the part of the shuffled colour that nobody holds,
# so, from where you sit, its top card is as likely to be any card you have not seen as
# another player's card is. The total is then the sum of **all** hands drawn from the
# unseen cards, with your old card among the face-up ones. That is
# `exchange_distribution`:

# %% [markdown] lang="de"
# ### Der Tausch
#
# Bevor du ansagst, darfst du eine deiner Karten offen neben ihren Stapel legen und die
# oberste Karte dieses Stapels auf die Hand nehmen. (Nach einem Tausch musst du erhöhen:
# Anzweifeln darfst du dann nicht.) Solltest du deine rote Karte tauschen, damit eine Ansage
# in Rot wahrscheinlicher wird?
#
# Nach dem Tausch liegt deine alte Karte offen: Sie ist eine gesehene Karte, auf keiner Hand.
# Deine neue Karte kennst du nicht. Der Stapel ist der Teil der gemischten Farbe, den niemand
# auf der Hand hat; von deinem Platz aus ist seine oberste Karte also mit derselben
# Wahrscheinlichkeit irgendeine der Karten, die du nicht gesehen hast, wie die Karte eines
# anderen Spielers. Die Summe ist dann die Summe **aller** Hände, gezogen aus den ungesehenen
# Karten, und deine alte Karte liegt bei den offenen. Das ist `exchange_distribution`:

# %%
keep = hs.total_distribution(players=4, own=5)
swap = hs.exchange_distribution(players=4, own=5)  # the same as nobody's card known, 5 face up
same = swap == hs.total_distribution(players=4, own=None, face_up=(5,))
same, keep.at_least(12), swap.at_least(12)

# %%
hs.explain_exchange(players=4, own=5, call=12)

# %% [markdown]
# Swapping a 5 away was a bad idea: the new card is worth $\frac{43 - 5}{14} = \frac{19}{7}$
# on average, less than 3. An exchange raises the **mean** total exactly when your card is
# below the average unseen card, $\frac{43 - v}{14}$, which happens for $v \le 2$:

# %% [markdown] lang="de"
# Eine 5 wegzutauschen war keine gute Idee: Die neue Karte ist im Mittel
# $\frac{43 - 5}{14} = \frac{19}{7}$ wert, weniger als 3. Ein Tausch erhöht den
# **Mittelwert** der Summe genau dann, wenn deine Karte unter dem Mittelwert der ungesehenen
# Karten liegt, $\frac{43 - v}{14}$, und das ist bei $v \le 2$ so:

# %%
{v: hs.exchange_distribution(4, own=v).mean() - hs.total_distribution(4, own=v).mean()
 for v in range(8)}

# %% [markdown]
# But a call asks for the chance of reaching a total, not for the mean. An exchange also
# makes your card *uncertain*, and so the total more spread out; for a call far above the
# middle, a wider spread is what you need. Four players, nothing face up, a call of 16:
# for each red card you may hold, the chance of the call if you keep it, and if you
# exchange it:

# %% [markdown] lang="de"
# Bei einer Ansage geht es aber um die Wahrscheinlichkeit, eine Summe zu erreichen, nicht um
# den Mittelwert. Ein Tausch macht deine Karte außerdem *unsicher* und damit die Summe
# breiter gestreut; für eine Ansage weit über der Mitte ist eine größere Streuung genau das,
# was du brauchst. Vier Spieler, nichts liegt offen, eine Ansage von 16: für jede rote Karte,
# die du haben könntest, die Wahrscheinlichkeit der Ansage, wenn du sie behältst und wenn du
# sie tauschst:

# %%
{v: (percent(hs.call_odds(4, own=v, call=16)), percent(hs.exchange_distribution(4, own=v).at_least(16)))
 for v in range(8)}

# %% [markdown]
# **Exercise 6.** Four players, nothing face up, and you mean to call 16 in red. For which
# red cards in your hand does an exchange make the call likelier than keeping the card?
# Give the card values as a tuple, lowest first.

# %% [markdown] lang="de"
# **Aufgabe 6.** Vier Spieler, nichts liegt offen, und du willst 16 in Rot ansagen. Bei
# welchen roten Karten auf deiner Hand macht ein Tausch die Ansage wahrscheinlicher, als
# wenn du die Karte behältst? Gib die Kartenwerte als Tupel an, den niedrigsten zuerst.

# %% [markdown] tags=["paper"]
# Before you call, you may lay one of your cards face up beside its pile and take the top
# card of that pile into your hand. Your old card is then out of every hand; your new card
# you do not know. From where you sit, the pile's top card is as likely to be any card you
# have not seen as another player's card is: the total is then the sum of **all four**
# hands drawn from the 14 cards you have not seen. An exchange makes your card
# *uncertain*, and so the total more spread out; for a call far above the middle, a wider
# spread is what you need.
#
# <!-- paper -->
#
# **Exercise 6.** Four players, nothing face up, and you mean to call 16 in red. For which
# red cards in your hand does an exchange make the call likelier than keeping the card?
# Give the card values, lowest first.

# %% [markdown] lang="de" tags=["paper"]
# Bevor du ansagst, darfst du eine deiner Karten offen neben ihren Stapel legen und die
# oberste Karte dieses Stapels auf die Hand nehmen. Deine alte Karte ist dann auf keiner
# Hand; deine neue Karte kennst du nicht. Von deinem Platz aus ist die oberste Karte des
# Stapels mit derselben Wahrscheinlichkeit irgendeine der Karten, die du nicht gesehen hast,
# wie die Karte eines anderen Spielers: Die Summe ist dann die Summe **aller vier** Hände,
# gezogen aus den 14 Karten, die du nicht gesehen hast. Ein Tausch macht deine Karte
# *unsicher* und damit die Summe breiter gestreut; für eine Ansage weit über der Mitte ist
# eine größere Streuung genau das, was du brauchst.
#
# <!-- paper -->
#
# **Aufgabe 6.** Vier Spieler, nichts liegt offen, und du willst 16 in Rot ansagen. Bei
# welchen roten Karten auf deiner Hand macht ein Tausch die Ansage wahrscheinlicher, als
# wenn du die Karte behältst? Gib die Kartenwerte an, den niedrigsten zuerst.

# %% tags=["exercise"]
answer_6 = ...  # a tuple of card values, lowest first

# %% tags=["solution"]
answer_6 = (0, 1, 2, 3)  # from 4 up, keeping the card gives the higher chance
answer_6, hs.cards_to_exchange(4, 16)

# %%
check(6, answer_6)

# %% [markdown]
# With a 3 the exchange lowers the mean a little but raises the chance of 16: the gamble
# pays at high calls. For a call of 12 the answer is only 0, 1 and 2. So decide an
# exchange by the chance **of the call you mean to make**, not by the card alone.
# (bluffmath's core answers this question for any call: `hs.cards_to_exchange(4, 16)`.)

# %% [markdown] lang="de"
# Mit einer 3 senkt der Tausch den Mittelwert ein wenig, erhöht aber die Wahrscheinlichkeit
# für 16: Bei hohen Ansagen zahlt sich das Risiko aus. Bei einer Ansage von 12 lautet die
# Antwort nur 0, 1 und 2. Entscheide über einen Tausch also nach der Wahrscheinlichkeit **der
# Ansage, die du machen willst**, nicht nach der Karte allein. (Der Kern von bluffmath
# beantwortet diese Frage für jede Ansage: `hs.cards_to_exchange(4, 16)`.)

# %% [markdown]
# ## Going further
#
# - Four players, you hold a 3. At which calls does an exchange help? (The widget answers
#   it row by row.)
# - The other players' *calls* are something you see too. Conditioning on them needs a
#   model of how people call: lesson 4, "Reading the bids", takes it up (and the notebook
#   `01-hochstapler-odds.ipynb` beside the lessons).
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Vier Spieler, du hast eine 3. Bei welchen Ansagen hilft ein Tausch? (Das Widget
#   beantwortet es Zeile für Zeile.)
# - Auch die *Ansagen* der anderen Spieler siehst du. Um auf sie zu bedingen, braucht man ein
#   Modell davon, wie Menschen ansagen: Darum geht es in Lektion 4, „Ansagen lesen“ (und im
#   Notebook `01-hochstapler-odds.ipynb` neben den Lektionen).
#
# Diese beiden Fragen sind zum Diskutieren gedacht; es gibt keinen Check (die Antworten
# stehen in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ### Going further
#
# - Four players, you hold a 3. At which calls does an exchange help? (On the computer,
#   the lesson's widget answers it.)
# - The other players' *calls* are something you see too. Conditioning on them needs a
#   model of how people call: lesson 4, "Reading the bids", takes it up.

# %% [markdown] lang="de" tags=["paper"]
# ### Weiterdenken
#
# - Vier Spieler, du hast eine 3. Bei welchen Ansagen hilft ein Tausch? (Am Computer
#   beantwortet es das Widget der Lektion.)
# - Auch die *Ansagen* der anderen Spieler siehst du. Um auf sie zu bedingen, braucht man ein
#   Modell davon, wie Menschen ansagen: Darum geht es in Lektion 4, „Ansagen lesen“.

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - Four players, holding a 3: the exchange makes the call likelier for every call from
#   15 to 23 (the highest), and less likely for every call from 2 to 14; at 1 both are
#   certain. At 15, for example, $\frac{225}{1001}$ (22.5 %) after the exchange against
#   $\frac{79}{364}$ (21.7 %) keeping the 3. The high calls need a high card, and only an
#   exchange can bring one.
# - Conditioning on calls needs a model of how people call: that is lesson 4.

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Vier Spieler, man hat eine 3: Der Tausch macht die Ansage bei jeder Ansage von 15 bis 23
#   (der höchsten) wahrscheinlicher und bei jeder Ansage von 2 bis 14 unwahrscheinlicher; bei
#   1 sind beide sicher. Bei 15 zum Beispiel $\frac{225}{1001}$ (22,5 %) nach dem Tausch
#   gegenüber $\frac{79}{364}$ (21,7 %), wenn man die 3 behält. Die hohen Ansagen brauchen
#   eine hohe Karte, und nur ein Tausch kann eine bringen.
# - Um auf Ansagen zu bedingen, braucht man ein Modell davon, wie Menschen ansagen: Das ist
#   Lektion 4.
