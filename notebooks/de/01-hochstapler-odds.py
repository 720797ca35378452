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
# # Hochstapler: Wie wahrscheinlich stimmt eine Ansage?
#
# *Eine Lektion über exakte Wahrscheinlichkeiten: Deine Lehrkraft kann sie vorführen, oder du
# arbeitest sie allein durch. Jede Wahrscheinlichkeit hier ist ein exakter Bruch (Pythons
# `Fraction`), nie eine gerundete Dezimalzahl; die Prozentzahlen daneben sind nur zum
# leichteren Lesen da.*
#
# Bei Hochstapler (Reiner Knizia, 2009) hat jeder Spieler von jeder der sieben Farben eine
# Karte auf der Hand. Jede Farbe hat 15 Karten: dreimal die 0, je zweimal die 1 bis 5 und je
# einmal die 6 und die 7. Reihum erhöht jeder die *Ansage* oder zweifelt sie an. In dieser
# Lektion rechnest du aus, wie wahrscheinlich eine Ansage stimmt: zuerst, indem du Karten
# zählst, dann, indem du den anderen Spielern zuhörst.
#
# Führ die Zellen von oben nach unten aus (Umschalt+Enter). Am Ende kannst du mit zwei
# Rechnern eigene Stellungen ausprobieren. Wie man solche Chancen Schritt für Schritt zählt,
# lernst du auch in [Lektion 1](../lessons/student/de/01-counting.ipynb).

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from collections import Counter
from fractions import Fraction

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import percent
from bluffmath_widgets.hochstapler import OddsCalculator, PositionOdds  # used at the end

# %% [markdown]
# ## Was eine Ansage ist
#
# Eine Ansage nennt eine Summe und eine Farbe, zum Beispiel „12 rote Uhren“. Sie behauptet:
# **Die roten Karten auf allen Händen ergeben zusammen mindestens 12.** Der nächste Spieler muss
# eine höhere Summe ansagen (in irgendeiner Farbe) oder die Ansage anzweifeln. Wird
# angezweifelt, zeigen alle ihre rote Karte: Erreicht die Summe 12, lag der Zweifler falsch und
# nimmt die roten Karten als Strafpunkt. Bleibt sie darunter, ist der Ansager als
# *Hochstapler* entlarvt und nimmt sie selbst.
#
# Alle fragen sich also ständig: *Wie wahrscheinlich erreicht die Summe einer Farbe die Ansage?*
# Hier ist der Stapel einer Farbe, als Wert: Anzahl der Karten.

# %%
hs.PILE

# %%
sum(value * count for value, count in hs.PILE.items()), sum(hs.PILE.values())

# %% [markdown]
# ## Eine Farbe, fünf Spieler
#
# Du spielst mit vier anderen. Du hast eine rote **3**. Neben dem roten Stapel liegen zwei rote
# Karten offen, die Spieler dort beim Tauschen abgelegt haben: eine **0** und eine **7**. Die
# rote Summe ist deine 3 plus die roten Karten auf den vier anderen Händen, die du nicht sehen
# kannst.
#
# Diese vier Karten sind 4 der 12 roten Karten, die du nicht gesehen hast, und jede Auswahl von
# vier Karten ist gleich wahrscheinlich. `total_distribution` zählt für jede Summe, bei wie
# vielen dieser Auswahlen sie herauskommt (die Spalte *weight*, das Gewicht), und teilt durch
# die Zahl aller Auswahlen.

# %%
d = hs.total_distribution(players=5, own=3, face_up=(0, 7))
d

# %% [markdown]
# Eine Ansage von 12 stimmt, wenn die Summe 12 oder mehr ist:

# %%
d.at_least(12), percent(d.at_least(12))

# %% [markdown]
# ## Die Rechnung dahinter
#
# Dieselbe Zahl, in Worten begründet, und die Formel, aus der sie kommt: Die Zahl der
# Möglichkeiten ist ein Koeffizient eines Produkts mit einem Faktor für jede Karte, die du
# nicht siehst.

# %%
hs.explain_call(players=5, own=3, call=12, face_up=(0, 7))

# %% [markdown]
# ## Von einem Stapel ausgeteilt, nicht unabhängig gezogen
#
# Eine verlockende Abkürzung behandelt jede verdeckte Karte so, als würde sie unabhängig aus
# den 12 ungesehenen Karten gezogen – als hätte jeder Spieler seinen eigenen, vollen Stapel.
# Die Karten kommen aber von *einem* Stapel: Hat eine Hand die 6, kann keine andere sie haben.
# Bauen wir die Abkürzung nach und vergleichen. `Distribution(unseen)` ist eine Karte, gezogen
# aus den ungesehenen Karten, und `+` addiert unabhängige Ergebnisse.

# %%
unseen = Counter(hs.PILE) - Counter([3, 0, 7])  # the 12 red cards you have not seen
one_card = Distribution(unseen)
independent = 3 + one_card + one_card + one_card + one_card
independent.at_least(12), d.at_least(12)

# %% [markdown]
# Um so viel liegt die Abkürzung bei einer Ansage von 12 daneben:

# %%
difference = d.at_least(12) - independent.at_least(12)
difference, percent(difference)

# %% [markdown]
# Woher kommt der Unterschied? Der Durchschnitt der Summe ist in beiden Fällen gleich (der
# Erwartungswert einer Summe ist die Summe der Erwartungswerte, ob abhängig oder nicht). Die
# Streuung aber nicht: Werden die Karten von einem Stapel ausgeteilt, sind extreme Summen
# seltener, denn eine hohe Karte auf einer Hand ist eine hohe Karte, die den anderen fehlt. Die
# Varianz schrumpft genau um die *Endlichkeitskorrektur* (N - k) / (N - 1), hier
# (12 - 4) / (12 - 1) = 8/11.

# %%
d.mean(), independent.mean(), d.variance(), independent.variance()

# %%
shrink = d.variance() / independent.variance()
assert shrink == Fraction(12 - 4, 12 - 1)
shrink

# %% [markdown]
# ## Behalten oder tauschen?
#
# Bevor du ansagst, darfst du eine Karte offen neben ihren Stapel legen und die oberste Karte
# dieses Stapels nehmen. Tauschst du deine rote 3, kommt die 3 zu den offenen Karten, und deine
# neue Karte ist mit derselben Wahrscheinlichkeit jede der 12 ungesehenen Karten wie die Karte
# auf einer anderen Hand.

# %%
swap = hs.exchange_distribution(players=5, own=3, face_up=(0, 7))
swap.at_least(12), d.at_least(12)

# %%
hs.explain_exchange(players=5, own=3, call=12, face_up=(0, 7))

# %% [markdown]
# ## Die Ansagen lesen
#
# Beim Kartenzählen ist egal, was die anderen sagen. Aber eine Ansage verrät etwas: Wer 14 in
# Rot ansagt, hat wahrscheinlich eine gute rote Karte. bluffmath gewichtet jede Ansage nach
# einem ausdrücklich festgelegten *Gegnermodell*: Eine Summe, an die der Ansager glaubt (das
# Kartenzählen gibt ihr von seiner eigenen Karte aus eine Chance von mindestens `threshold`),
# sagt er mit Gewicht 1 an; eine Summe, an die er nicht glaubt, als Bluff mit Gewicht `bluff`.
# Der Satz von Bayes macht aus diesen Gewichten eine neue Verteilung der Summe.

# %%
model = hs.OpponentModel()
model

# %% [markdown]
# Nimm an, der Spieler auf Platz 1 hat 14 in Rot angesagt, während die 0 und die 7 schon offen
# liegen:

# %%
call_14 = hs.SpokenCall(seat=1, total=14, face_up=(0, 7))
reading = hs.read_bids(players=5, own=3, calls=[call_14], face_up=(0, 7), model=model)
d.at_least(14), reading.at_least(14)

# %%
hs.explain_reading(players=5, own=3, calls=[call_14], call=14, face_up=(0, 7), model=model)

# %% [markdown]
# ### Der ganze Durchgang
#
# Am Tisch hast du von jeder Farbe eine Karte, und wenn du dran bist, wählst du eine Farbe, in
# der du erhöhst, oder du zweifelst an. `odds_table` rechnet alle Farben auf einmal aus, auf
# beide Arten. Du sitzt auf Platz 0 von fünf; Platz 2 hat eine rote 0 getauscht, Platz 3 eine
# rote 7, und Platz 4 hat 14 in Rot angesagt. Die Tabelle zeigt für jede Farbe die Chance, dass
# die niedrigste Ansage stimmt, die du machen darfst (15).

# %%
hand = {"red": 3, "orange": 0, "yellow": 1, "green": 6, "blue": 5, "purple": 2, "black": 4}
position = hs.Position(players=5, me=0, hand=hand, history=[
    hs.Exchange(2, "red", 0), hs.Exchange(3, "red", 7), hs.Call(4, 14, "red"),
])
table = hs.odds_table(position)
table

# %% [markdown]
# Solltest du die 14 in Rot anzweifeln? Anzweifeln gewinnt, wenn die Ansage falsch ist. Hier
# ist die Chance, dass sie stimmt, einmal durch Kartenzählen und einmal durch das Lesen der
# Ansagen:

# %%
table.current, table.current_reading

# %% [markdown]
# Und wenn du stattdessen erhöhst: die Ansagen, die am wahrscheinlichsten stimmen, auf beide
# Arten:

# %%
table.best_calls(3)

# %%
table.best_calls(3, reading=True)

# %% [markdown]
# ## Probier es selbst
#
# Der Rechner unten macht all das für eine Farbe. Ändere die Zahl der Spieler, deine Karte, die
# offenen Karten (so getippt: `0,7`) und die Ansage; mit *Rechnung zeigen* siehst du die
# Begründung. Probier auch offene Karten, die es gar nicht geben kann, etwa `0,0,0,0`, und lies,
# was der Rechner dazu sagt.

# %%
OddsCalculator(players=5, own=3, face_up="0,7", call=12)

# %% [markdown]
# Für einen ganzen Durchgang an einem echten Tisch: Gib deine sieben Karten ein, die Karten, die
# offen neben jedem Stapel liegen, und die Ansage, die du überbieten musst. Der Rechner beginnt
# mit der Stellung von oben und zeigt deshalb dieselben Zahlen wie die Tabelle. Eine Ansage, die
# die Regeln verbieten (höher, als die Karten bei so vielen Spielern ergeben können, oder nicht
# höher als die zuletzt eingetippte Ansage), lehnt er ab und sagt, warum.

# %%
PositionOdds(players=5, me=0, hand=hand, face_up={"red": "0,7"}, call=(14, "red"))

# %% [markdown]
# ## Aufgaben
#
# 1. Bei 3 Spielern, ohne deine eigene Karte mitzuzählen: Wie wahrscheinlich stimmt eine
#    Ansage von 9?
# 2. Fünf Spieler; du hast eine 3; die 0 und die 7 liegen offen. Was ist die höchste Ansage,
#    die öfter stimmt als nicht?
# 3. In derselben Stellung: Wird eine Ansage von 16 wahrscheinlicher, wenn du deine 3
#    tauschst?
#
# Rechne sie selbst aus und vergleiche dann mit den Lösungen unten.

# %%
# Solution 1
hs.call_odds(players=3, own=None, call=9)

# %%
# Solution 2
highest = max(total for total in d if d.at_least(total) > Fraction(1, 2))
assert d.at_least(highest + 1) <= Fraction(1, 2)
highest, d.at_least(highest)

# %%
# Solution 3
swap.at_least(16) > d.at_least(16), swap.at_least(16), d.at_least(16)
