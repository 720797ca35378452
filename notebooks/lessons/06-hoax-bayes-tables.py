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
# # Lesson 6: Bayes tables for hidden identities
#
# In Hoax (1981) every player is dealt one secret role card. The original deck has two
# cards of each of six roles: King, Judge, Vicar, Wizard, Thief and Peasant (12 cards).
# Anyone may *speak as* any role ("As the King, I declare a tax"), true or not, and
# nothing short of a shown card proves who someone is. So the question "who is who?" has
# no certain answer, but it has an exact probability. This lesson finds it with the
# oldest tool of the trade: a **Bayes table**.
#
# Our table all lesson long: four players, and you are player 0, holding a **King**.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. find the prior chances of another player's role by counting the cards left, once
#    your own card is taken out of the deck;
# 2. fill in a Bayes table row by row: prior, likelihood, prior × likelihood, posterior,
#    and the normalising constant $P(\text{evidence})$ that makes the posteriors add up
#    to 1;
# 3. give a claim's likelihood under a stated bluffing model (an *honest* chance for a
#    player who holds the role, a *bluff* chance for one who does not);
# 4. explain why three Wizard claims must contain a lie when the deck has two Wizards,
#    and how likely each claim is to be that lie;
# 5. (in the extra practice) say what a successful challenge or bought information does
#    to a table: a fact is a likelihood of exactly 0 or 1.
#
# **Where this lesson fits.** Lesson 6 of 8, the one on Hoax. Before it: Bayes' rule as a
# table (lesson 4) and counting equally likely deals (lessons 1 and 5). One school lesson.

# %% [markdown] lang="de"
# # Lektion 6: Bayes-Tabellen für verborgene Rollen
#
# In Hoax (1981; auf Deutsch „Die Erben von Hoax“) bekommt jeder Spieler eine geheime
# Rollenkarte. Das Originalspiel hat von jeder der sechs Rollen zwei Karten: Baron, Richter,
# Mönch, Magier, Dieb und Bauer (12 Karten; die deutsche Ausgabe legt noch zwei Händler dazu,
# die wir in dieser Lektion weglassen). Jeder darf *als* irgendeine Rolle sprechen („Als Baron
# erhebe ich eine Steuer“), ob es stimmt oder nicht, und nur eine gezeigte Karte beweist, wer
# jemand ist. Auf die Frage „Wer ist wer?“ gibt es also keine sichere Antwort, aber eine exakte
# Wahrscheinlichkeit. In dieser Lektion bestimmst du sie mit dem ältesten Werkzeug dafür: einer
# **Bayes-Tabelle**.
#
# Unser Tisch in der ganzen Lektion: vier Spieler, und du bist Spieler 0 und hast einen
# **Baron**.
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. die A-priori-Wahrscheinlichkeiten (den *Prior*) für die Rolle eines anderen Spielers
#    bestimmen, indem du die übrigen Karten zählst, nachdem deine eigene Karte aus dem Stapel
#    genommen ist;
# 2. eine Bayes-Tabelle Zeile für Zeile ausfüllen: Prior, Likelihood, Prior × Likelihood,
#    Posterior und die Normierungskonstante $P(\text{Beobachtung})$, mit der sich die
#    Posterior-Werte zu 1 addieren;
# 3. die Likelihood einer Behauptung unter einem festgelegten Bluff-Modell angeben (eine
#    *ehrliche* Wahrscheinlichkeit für einen Spieler, der die Rolle hat, eine
#    *Bluff*-Wahrscheinlichkeit für einen, der sie nicht hat);
# 4. erklären, warum drei Magier-Behauptungen eine Lüge enthalten müssen, wenn der Stapel
#    zwei Magier hat, und wie wahrscheinlich jede Behauptung diese Lüge ist;
# 5. (in den Zusatzübungen) sagen, was ein erfolgreicher Hoax-Ruf oder eine gekaufte
#    Information mit einer Tabelle macht: Eine Tatsache ist eine Likelihood von genau 0 oder 1.
#
# **Wo diese Lektion steht.** Lektion 6 von 8, die Lektion zu Hoax. Davor: die Bayes-Regel als
# Tabelle (Lektion 4) und das Zählen gleich wahrscheinlicher Verteilungen (Lektionen 1 und 5).
# Eine Schulstunde.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 26 minutes, 40 with the extra
# practice).** The deck and the prior: 5 min (exercise 1). One claim's Bayes table: 10
# min (exercises 2, 3), then the widget in pairs: 4 min. Three Wizard claims: 6 min
# (exercise 4). Extra practice, at home or for a fast class: the deduction sheet, in
# pairs (4 min), counting the lies (exercise 5), and facts: challenges and bought
# information (exercise 6).
#
# **Working time, counted for a class that has never programmed: about 40 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 990 words to read at 120 a minute, 12 code cells
# to run (32 lines of code to read), 4 exercises by kind (reading: 2 at 2 minutes; a few
# lines: 2 at 7 minutes), 1 widget at 3 minutes. The extra practice after the summary,
# for a fast class or for home, takes about 24 minutes more: 443 words to read at 120 a
# minute, 7 code cells to run (19 lines of code to read), 2 exercises by kind (one call:
# 1 at 4 minutes; a few lines: 1 at 7 minutes), 1 widget at 3 minutes.
#
# **Common mistakes.**
# - Keeping the full deck's prior of 1/6 for player 1 after looking at your own card
#   (exercise 1: the check names it). Ask: could player 1 hold *your* King?
# - Giving a likelihood as "the chance that player 1 is the King". A likelihood is a
#   chance of the *evidence* (the claim), given the role: one number per row, and the
#   column need not add up to 1.
# - Confusing the normaliser with the posterior, or forgetting to divide by it.
# - Reading "three claims, two Wizards" as "each claim is a lie with chance 1/3". The
#   claims compete for the same two cards; exercise 5 asks for *exactly one* lie, which
#   needs a table whose hypotheses are "how many claimants hold a Wizard".
# - Thinking a successful challenge of one claimant proves the other two honest
#   (exercise 6: it makes them more likely, not certain).
#
# **To discuss.** bluffmath's own table (`d.table(p)`) starts from the full deck's 1/6 and
# counts your own card as part of the evidence; the lesson's table starts from the prior
# that already knows your card. Both give the same posterior: yesterday's posterior is
# today's prior. The model's two numbers are an assumption; the widget shows how much the
# answer rests on them. With bluff 0, three Wizard claims are impossible: the sheet
# refuses them.

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 26 Minuten, 40
# mit den Zusatzübungen).** Der Stapel und der Prior: 5 Min. (Aufgabe 1). Die Bayes-Tabelle
# einer Behauptung: 10 Min. (Aufgaben 2, 3), dann das Widget in Partnerarbeit: 4 Min. Drei
# Magier-Behauptungen: 6 Min. (Aufgabe 4). Zusatzübungen, zu Hause oder für eine schnelle
# Klasse: der Deduktionsbogen, in Partnerarbeit (4 Min.), die Lügen zählen (Aufgabe 5), und
# Tatsachen: Hoax-Rufe und gekaufte Informationen (Aufgabe 6).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: etwa 40 Minuten**,
# also eine Schulstunde von 40 Minuten. Gezählt von `notebooks/lessons/timing.py` an der
# englischen Schülerfassung, jede Aufgabe danach, was sie verlangt: 990 Wörter zu lesen bei
# 120 pro Minute, 12 Code-Zellen auszuführen (32 Zeilen Code zu lesen), 4 Aufgaben nach Art
# (Lesen: 2 zu je 2 Minuten; ein paar Zeilen: 2 zu je 7 Minuten), 1 Widget zu 3 Minuten. Die
# Zusatzübungen nach der Zusammenfassung, für eine schnelle Klasse oder für zu Hause, brauchen
# etwa 24 Minuten mehr: 443 Wörter zu lesen bei 120 pro Minute, 7 Code-Zellen auszuführen (19
# Zeilen Code zu lesen), 2 Aufgaben nach Art (ein Aufruf: 1 zu 4 Minuten; ein paar Zeilen: 1
# zu 7 Minuten), 1 Widget zu 3 Minuten.
#
# **Häufige Fehler.**
# - Für Spieler 1 den Prior des vollen Stapels, 1/6, behalten, nachdem man die eigene Karte
#   angesehen hat (Aufgabe 1: Der Check nennt diesen Fall). Fragen Sie: Kann Spieler 1 *deinen*
#   Baron haben?
# - Eine Likelihood als „die Wahrscheinlichkeit, dass Spieler 1 der Baron ist“ angeben. Eine
#   Likelihood ist die Wahrscheinlichkeit der *Beobachtung* (der Behauptung), gegeben die
#   Rolle: eine Zahl pro Zeile, und die Spalte muss sich nicht zu 1 addieren.
# - Die Normierungskonstante mit dem Posterior verwechseln oder vergessen, durch sie zu teilen.
# - „Drei Behauptungen, zwei Magier“ lesen als „jede Behauptung ist mit Wahrscheinlichkeit 1/3
#   gelogen“. Die Behauptungen konkurrieren um dieselben zwei Karten; Aufgabe 5 fragt nach
#   *genau einer* Lüge, und dafür braucht man eine Tabelle, deren Hypothesen lauten: „Wie viele
#   der Behauptenden haben einen Magier?“
# - Glauben, ein erfolgreicher Hoax-Ruf gegen einen Behauptenden beweise, dass die anderen
#   beiden ehrlich sind (Aufgabe 6: Er macht es wahrscheinlicher, nicht sicher).
#
# **Zum Besprechen.** Die Tabelle von bluffmath selbst (`d.table(p)`) beginnt mit 1/6 aus dem
# vollen Stapel und zählt die eigene Karte als Teil der Beobachtung; die Tabelle der Lektion
# beginnt mit dem Prior, der die eigene Karte schon kennt. Beide ergeben denselben Posterior:
# Der Posterior von gestern ist der Prior von heute. Die zwei Zahlen des Modells sind eine
# Annahme; das Widget zeigt, wie stark die Antwort davon abhängt. Mit Bluff 0 sind drei
# Magier-Behauptungen unmöglich: Der Bogen weist sie zurück.

# %%
from collections import Counter
from fractions import Fraction
from itertools import permutations

from IPython.display import HTML

from bluffmath import hoax
from bluffmath.display import percent, table_html
from bluffmath_widgets.lessons.identities import ClaimWeigher, check

# %% [markdown]
# ## 1. The deck, and what your own card removes
#
# The 12 cards are 12 different objects, two of each role (a "copy 1" and a "copy 2").
# Before anybody says anything, every way of dealing them is equally likely.

# %% [markdown] lang="de"
# ## 1. Der Stapel, und was deine eigene Karte herausnimmt
#
# Die 12 Karten sind 12 verschiedene Gegenstände, je zwei von jeder Rolle (ein „Exemplar 1“
# und ein „Exemplar 2“). Bevor jemand etwas sagt, ist jede Art, sie auszuteilen, gleich
# wahrscheinlich. Im Code heißen die Rollen englisch: `King` ist der Baron, `Judge` der
# Richter, `Vicar` der Mönch, `Wizard` der Magier, `Thief` der Dieb und `Peasant` der Bauer.

# %%
ROLES = hoax.ORIGINAL.roles
DECK = [(role, copy) for role in ROLES for copy in (1, 2)]
MY_CARD = ("King", 1)
rest = [card for card in DECK if card != MY_CARD]  # the cards someone else may hold
left = Counter(role for role, _ in rest)  # how many of each role are left
len(DECK), len(rest), left

# %% [markdown]
# Player 1's card is one of the 11 cards you do not hold, each as likely. That is the
# **prior**: what you believe about player 1 before anyone speaks.
#
# **Exercise 1.** Give the pair (P(player 1 is the King), P(player 1 is the Judge)),
# given that your own card is a King.

# %% [markdown] lang="de"
# Die Karte von Spieler 1 ist eine der 11 Karten, die du nicht hast, jede gleich
# wahrscheinlich. Das ist der **Prior** (die A-priori-Wahrscheinlichkeit): was du über Spieler 1
# glaubst, bevor jemand spricht.
#
# **Aufgabe 1.** Gib das Paar (P(Spieler 1 ist der Baron), P(Spieler 1 ist der Richter)) an,
# wenn deine eigene Karte ein Baron ist.

# %% [markdown] tags=["paper"]
# The original deck of Hoax has 12 cards: two each of six roles, King, Judge, Vicar,
# Wizard, Thief and Peasant. Four players, 0 to 3, get one card each; you are player 0 and
# hold a **King**. Before anybody says anything, every way of dealing the cards is equally
# likely. Player 1's card is one of the 11 cards you do not hold, each as likely. That is
# the **prior**: what you believe about player 1 before anyone speaks.
#
# **Exercise 1.** Give the pair (P(player 1 is the King), P(player 1 is the Judge)),
# given that your own card is a King.

# %% [markdown] lang="de" tags=["paper"]
# Das Originalspiel von Hoax hat 12 Karten: je zwei von sechs Rollen, Baron, Richter, Mönch,
# Magier, Dieb und Bauer. Vier Spieler, 0 bis 3, bekommen je eine Karte; du bist Spieler 0 und
# hast einen **Baron**. Bevor jemand etwas sagt, ist jede Art, die Karten auszuteilen, gleich
# wahrscheinlich. Die Karte von Spieler 1 ist eine der 11 Karten, die du nicht hast, jede
# gleich wahrscheinlich. Das ist der **Prior**: was du über Spieler 1 glaubst, bevor jemand
# spricht.
#
# **Aufgabe 1.** Gib das Paar (P(Spieler 1 ist der Baron), P(Spieler 1 ist der Richter)) an,
# wenn deine eigene Karte ein Baron ist.

# %% tags=["exercise"]
answer_1 = ...  # a pair of Fractions: (King, Judge)

# %% tags=["solution"]
answer_1 = (Fraction(1, 11), Fraction(2, 11))  # 1 King and 2 Judges among the 11 cards left
answer_1, (Fraction(left["King"], len(rest)), Fraction(left["Judge"], len(rest)))

# %%
check(1, answer_1)

# %% [markdown]
# bluffmath counts the same: a `Case` holds what you know (the edition, the players, the
# facts), and `deduce` gives every player's chances. Your own card is a `Holds` fact.

# %% [markdown] lang="de"
# bluffmath zählt genauso: Ein `Case` hält fest, was du weißt (die Ausgabe, die Spieler, die
# Tatsachen), und `deduce` gibt die Wahrscheinlichkeiten für jeden Spieler. Deine eigene Karte
# ist eine Tatsache vom Typ `Holds` („hat“).

# %%
mine = hoax.Holds(0, "King", "own card")
hoax.deduce(hoax.Case("original", 4, (mine,))).grid()[1]

# %% [markdown]
# ## 2. A claim, and its likelihood under a bluffing model
#
# Now player 1 says: *"As the King, I declare a tax."* Is player 1 the King? A claim is
# never proof, so we need a **model** of how people speak. bluffmath's is the simplest
# that says something: at an occasion to speak as a role,
#
# - a player who holds the role speaks as it with chance **honest** (here 1: a true King
#   always taxes);
# - a player who does not hold it speaks as it with chance **bluff** (here 1/4).
#
# These are the **likelihoods**: the chance of what we saw (the claim), given each role.

# %% [markdown] lang="de"
# ## 2. Eine Behauptung und ihre Likelihood unter einem Bluff-Modell
#
# Jetzt sagt Spieler 1: *„Als Baron erhebe ich eine Steuer.“* Ist Spieler 1 der Baron? Eine
# Behauptung ist nie ein Beweis, also brauchen wir ein **Modell** dafür, wie Leute sprechen.
# Das von bluffmath ist das einfachste, das etwas aussagt: Bei einer Gelegenheit, als eine
# Rolle zu sprechen,
#
# - spricht ein Spieler, der die Rolle hat, mit Wahrscheinlichkeit **honest** (ehrlich) als sie
#   (hier 1: Ein echter Baron erhebt immer die Steuer);
# - spricht ein Spieler, der sie nicht hat, mit Wahrscheinlichkeit **bluff** als sie (hier
#   1/4).
#
# Das sind die **Likelihoods**: die Wahrscheinlichkeit dessen, was wir gesehen haben (der
# Behauptung), gegeben jede Rolle.

# %%
model = hoax.BluffModel(honest=Fraction(1), bluff=Fraction(1, 4))
claim = hoax.Claim(1, "King")
prior = {role: Fraction(left[role], len(rest)) for role in ROLES}
likelihood = {role: model.likelihood(claim, role) for role in ROLES}
products = {role: prior[role] * likelihood[role] for role in ROLES}  # prior × likelihood
likelihood, products

# %% [markdown]
# A Bayes table has one row per hypothesis (here: player 1's role) and four columns:
#
# | role | prior | likelihood | prior × likelihood | posterior |
# | --- | --- | --- | --- | --- |
# | King | 1/11 | 1 | 1/11 | ? |
# | Judge | 2/11 | 1/4 | 1/22 | ? |
# | ... | | | | |
#
# The column "prior × likelihood" is $P(\text{role and the claim})$. Its sum over the rows
# is $P(\text{the claim})$, the **normalising constant**: dividing each row by it gives
# the **posterior**, $P(\text{role} \mid \text{the claim})$, which adds up to 1.
#
# **Exercise 2.** Using the prior from exercise 1, what is the normalising constant
# $P(\text{player 1 speaks as the King})$? (The cell above has the column "prior ×
# likelihood" as `products`; `products.values()` are its numbers.)

# %% [markdown] lang="de"
# Eine Bayes-Tabelle hat eine Zeile pro Hypothese (hier: die Rolle von Spieler 1) und vier
# Spalten:
#
# | Rolle | Prior | Likelihood | Prior × Likelihood | Posterior |
# | --- | --- | --- | --- | --- |
# | Baron | 1/11 | 1 | 1/11 | ? |
# | Richter | 2/11 | 1/4 | 1/22 | ? |
# | ... | | | | |
#
# Die Spalte „Prior × Likelihood“ ist $P(\text{Rolle und Behauptung})$. Ihre Summe über alle
# Zeilen ist $P(\text{Behauptung})$, die **Normierungskonstante**: Teilst du jede Zeile durch
# sie, bekommst du den **Posterior** (die A-posteriori-Wahrscheinlichkeit),
# $P(\text{Rolle} \mid \text{Behauptung})$, und die Posterior-Werte ergeben zusammen 1.
#
# **Aufgabe 2.** Wie groß ist mit dem Prior aus Aufgabe 1 die Normierungskonstante
# $P(\text{Spieler 1 spricht als Baron})$? (Die Zelle oben hat die Spalte „Prior ×
# Likelihood“ als `products`; `products.values()` sind ihre Zahlen.)

# %% [markdown] tags=["paper"]
# Now player 1 says: *"As the King, I declare a tax."* A claim is never proof, so we need
# a **model** of how people speak. Here: a player who holds the role speaks as it with
# chance 1 (*honest*: a true King always taxes); a player who does not hold it speaks as
# it with chance 1/4 (*bluff*). These are the **likelihoods**: the chance of the claim,
# given each role.
#
# <!-- paper -->
#
# Fill in the table. The column "prior × likelihood" is $P(\text{role and the claim})$.
# Its sum over the rows is $P(\text{the claim})$, the **normalising constant**: dividing
# each row by it gives the **posterior**, $P(\text{role} \mid \text{the claim})$, which
# adds up to 1.
#
# **Exercise 2.** Using the prior from exercise 1, what is the normalising constant
# $P(\text{player 1 speaks as the King})$?

# %% [markdown] lang="de" tags=["paper"]
# Jetzt sagt Spieler 1: *„Als Baron erhebe ich eine Steuer.“* Eine Behauptung ist nie ein
# Beweis, also brauchen wir ein **Modell** dafür, wie Leute sprechen. Hier: Ein Spieler, der
# die Rolle hat, spricht mit Wahrscheinlichkeit 1 als sie (*ehrlich*: Ein echter Baron erhebt
# immer die Steuer); ein Spieler, der sie nicht hat, spricht mit Wahrscheinlichkeit 1/4 als sie
# (*Bluff*). Das sind die **Likelihoods**: die Wahrscheinlichkeit der Behauptung, gegeben jede
# Rolle.
#
# <!-- paper -->
#
# Füll die Tabelle aus. Die Spalte „Prior × Likelihood“ ist $P(\text{Rolle und Behauptung})$.
# Ihre Summe über alle Zeilen ist $P(\text{Behauptung})$, die **Normierungskonstante**: Teilst
# du jede Zeile durch sie, bekommst du den **Posterior**, $P(\text{Rolle} \mid
# \text{Behauptung})$, und die Posterior-Werte ergeben zusammen 1.
#
# **Aufgabe 2.** Wie groß ist mit dem Prior aus Aufgabe 1 die Normierungskonstante
# $P(\text{Spieler 1 spricht als Baron})$?

# %% tags=["exercise"]
answer_2 = ...  # a Fraction

# %% tags=["solution"]
answer_2 = sum(products.values())
answer_2, sum(prior[role] * likelihood[role] for role in ROLES)

# %%
check(2, answer_2)

# %% [markdown]
# **Exercise 3.** What is the posterior $P(\text{player 1 is the King} \mid \text{the
# claim})$? (The King row's product, `products["King"]`, divided by the normalising
# constant.)

# %% [markdown] lang="de"
# **Aufgabe 3.** Wie groß ist der Posterior $P(\text{Spieler 1 ist der Baron} \mid
# \text{Behauptung})$? (Das Produkt der Baron-Zeile, `products["King"]`, geteilt durch die
# Normierungskonstante.)

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
answer_3 = products["King"] / answer_2
answer_3, HTML(table_html(["role", "prior", "likelihood", "prior × likelihood", "posterior"],
                          [[role, prior[role], likelihood[role], products[role], products[role] / answer_2]
                           for role in ROLES]))

# %%
check(3, answer_3)

# %% [markdown]
# The claim moved the King from 1/11 (9.1 %) to 2/7: the King row gained because a King
# surely speaks and anyone else only sometimes. Here is bluffmath's table for player 1:

# %% [markdown] lang="de"
# Die Behauptung hat den Baron von 1/11 (9,1 %) auf 2/7 gebracht: Die Baron-Zeile hat
# gewonnen, weil ein Baron sicher spricht und jeder andere nur manchmal. Hier ist die Tabelle
# von bluffmath für Spieler 1:

# %%
d = hoax.deduce(hoax.Case("original", 4, (mine, claim), model))
d.table(1)

# %% [markdown]
# Its posteriors are yours, but its other columns differ: bluffmath starts from the
# full deck (1/6 for every role) and counts **your own card as evidence too**. Two
# routes, one posterior: updating on your card and then on the claim, or on both at
# once, is the same thing.
#
# How much does the answer rest on the model? Slide the **bluff** chance and watch player
# 1's table and the list below it (player 1's chance for every bluff chance). Then let two
# or three players speak as the same role.

# %% [markdown] lang="de"
# Ihre Posterior-Werte sind deine, aber die anderen Spalten sind anders: bluffmath beginnt mit
# dem vollen Stapel (1/6 für jede Rolle) und zählt **auch deine eigene Karte als
# Beobachtung**. Zwei Wege, ein Posterior: Erst deine Karte und dann die Behauptung
# einzurechnen oder beides auf einmal, kommt auf dasselbe heraus.
#
# Wie stark hängt die Antwort vom Modell ab? Schieb den Regler **Bluff** (die
# Bluff-Wahrscheinlichkeit) und beobachte die Tabelle von Spieler 1 und die Liste darunter (die
# Wahrscheinlichkeit für Spieler 1 bei jeder Bluff-Wahrscheinlichkeit). Dann lass zwei oder drei
# Spieler als dieselbe Rolle sprechen.

# %%
ClaimWeigher(role="King", claimants=1, bluff=Fraction(1, 4))

# %% [markdown]
# ## 3. Three Wizard claims, two Wizards
#
# A tax is in the air (the King takes one token from every player, but the Wizard may
# declare itself *immune*: it does not pay). Players 1, 2 and 3 each say *"As the Wizard,
# I am immune."* The deck
# has two Wizards, so at least one of them lies: no deal gives three players a Wizard.
# Let us weigh the claims with the model honest 1, bluff 1/3.

# %% [markdown] lang="de"
# ## 3. Drei Magier-Behauptungen, zwei Magier
#
# Eine Steuer steht an (der Baron nimmt jedem Spieler einen Spielstein ab, aber der Magier darf
# sich für *immun* erklären: Er zahlt nicht). Die Spieler 1, 2 und 3 sagen jeder *„Als Magier
# bin ich immun.“* Der Stapel hat zwei Magier, also lügt mindestens einer von ihnen: Keine
# Verteilung gibt drei Spielern einen Magier. Wir gewichten die Behauptungen mit dem Modell
# ehrlich 1, Bluff 1/3.

# %%
wizards = hoax.Case("original", 4, (mine, *(hoax.Claim(p, "Wizard") for p in (1, 2, 3))),
                    hoax.BluffModel(honest=Fraction(1), bluff=Fraction(1, 3)))
d3 = hoax.deduce(wizards)

# %% [markdown]
# Player 1's Bayes table, given your card and the three claims:

# %% [markdown] lang="de"
# Die Bayes-Tabelle von Spieler 1, gegeben deine Karte und die drei Behauptungen:

# %%
d3.table(1)

# %% [markdown]
# **Exercise 4.** What is the chance that player 1's claim is a lie (player 1 holds no
# Wizard), given your card and all three claims? Read it from the table above, and say
# which row you used.

# %% [markdown] lang="de"
# **Aufgabe 4.** Wie groß ist die Wahrscheinlichkeit, dass die Behauptung von Spieler 1 eine
# Lüge ist (Spieler 1 hat keinen Magier), gegeben deine Karte und alle drei Behauptungen? Lies
# sie aus der Tabelle oben ab und sag, welche Zeile du benutzt hast.

# %% [markdown] tags=["paper"]
# A tax is in the air: the King takes one token from every player, but the Wizard may
# declare itself *immune* and not pay. Players 1, 2 and 3 each say *"As the Wizard, I am
# immune."* The deck has two Wizards, so at least one of them lies: no deal gives three
# players a Wizard. Weigh the claims with the model honest 1, bluff 1/3: a player who
# holds a Wizard always says so, one who does not says so with chance 1/3.
#
# <!-- paper -->
#
# **Exercise 4.** What is the chance that player 1's claim is a lie (player 1 holds no
# Wizard), given your card and all three claims? Fill in the table, and say which row you
# used.

# %% [markdown] lang="de" tags=["paper"]
# Eine Steuer steht an: Der Baron nimmt jedem Spieler einen Spielstein ab, aber der Magier darf
# sich für *immun* erklären und muss nicht zahlen. Die Spieler 1, 2 und 3 sagen jeder *„Als
# Magier bin ich immun.“* Der Stapel hat zwei Magier, also lügt mindestens einer von ihnen:
# Keine Verteilung gibt drei Spielern einen Magier. Gewichte die Behauptungen mit dem Modell
# ehrlich 1, Bluff 1/3: Wer einen Magier hat, sagt das immer; wer keinen hat, sagt es mit
# Wahrscheinlichkeit 1/3.
#
# <!-- paper -->
#
# **Aufgabe 4.** Wie groß ist die Wahrscheinlichkeit, dass die Behauptung von Spieler 1 eine
# Lüge ist (Spieler 1 hat keinen Magier), gegeben deine Karte und alle drei Behauptungen? Füll
# die Tabelle aus und sag, welche Zeile du benutzt hast.

# %% tags=["exercise"]
answer_4 = ...  # a Fraction

# %% tags=["solution"]
answer_4 = 1 - Fraction(42, 127)  # 1 - the posterior of the row "Wizard"
answer_4, percent(answer_4), 1 - d3.table(1).row("Wizard").posterior, d3.lie(1, "Wizard")

# %%
check(4, answer_4)

# %% [markdown]
# ## Summary
#
# - The prior is a count of the cards someone else may hold: your own card is out.
# - A Bayes table: prior × likelihood in every row; their sum is the normalising
#   constant $P(\text{evidence})$; each row divided by it is the posterior.
# - A claim's likelihood comes from a stated model: *honest* if the speaker holds the
#   role, *bluff* if not. The answer is only as good as the model; change it and look.
# - Three claims of a role with two cards contain a lie because no deal fits them all.
#
# Next lesson: Münchhausen, where the hidden thing is a card laid face down, and the
# question is whether it is honest.

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Der Prior ist eine Zählung der Karten, die ein anderer haben kann: Deine eigene Karte ist
#   nicht dabei.
# - Eine Bayes-Tabelle: Prior × Likelihood in jeder Zeile; ihre Summe ist die
#   Normierungskonstante $P(\text{Beobachtung})$; jede Zeile geteilt durch sie ist der
#   Posterior.
# - Die Likelihood einer Behauptung kommt aus einem festgelegten Modell: *ehrlich*, wenn der
#   Sprecher die Rolle hat, *Bluff*, wenn nicht. Die Antwort ist nur so gut wie das Modell;
#   ändere es und sieh hin.
# - Drei Behauptungen einer Rolle, von der es zwei Karten gibt, enthalten eine Lüge, weil keine
#   Verteilung zu allen passt.
#
# Nächste Lektion: Münchhausen, wo das Verborgene eine verdeckt gelegte Karte ist und die Frage
# lautet, ob sie ehrlich ist.

# %% [markdown]
# ## Extra practice: the deduction sheet, counting the lies, and facts
#
# *For a fast class, or at home.*
#
# The deduction sheet does these tables for every player and every role at once, one
# claim at a time. Below it holds your King and the three Wizard claims. Try: set the
# bluff chance to 1/2 and then to 1 and watch the Wizard column (with bluff 1, what does
# a claim tell you?); pick a player under
# *Details* for their Bayes table; record that player 1 also spoke as the Thief; then
# *undo*.

# %% [markdown] lang="de"
# ## Zusatzübungen: der Deduktionsbogen, die Lügen zählen, und Tatsachen
#
# *Für eine schnelle Klasse oder für zu Hause.*
#
# Der Deduktionsbogen macht diese Tabellen für jeden Spieler und jede Rolle zugleich, eine
# Behauptung nach der anderen. Unten enthält er deinen Baron und die drei
# Magier-Behauptungen. Probier aus: Stell die Bluff-Wahrscheinlichkeit auf 1/2 und dann auf 1
# und beobachte die Magier-Spalte (was sagt eine Behauptung bei Bluff 1 aus?); wähl unter
# *Details* einen Spieler für seine Bayes-Tabelle; trag ein, dass Spieler 1 auch als Dieb
# gesprochen hat; dann mach es mit *undo* rückgängig.

# %%
from bluffmath_widgets.hoax import HoaxSheet

sheet = HoaxSheet(players=4, my_role="King")
sheet.bluff.value = "1/3"
for fact in wizards.facts[1:]:
    sheet.record(fact)
sheet

# %% [markdown]
# ### Counting the lies
#
# Back to the three Wizard claims of section 3. Player 1's claim is a lie with the chance
# of exercise 4; players 2 and 3 have their own such chances. The three lie chances add
# up to more than 1: that sum is no chance, but the *expected number* of lies, and it
# must be at least 1.

# %% [markdown] lang="de"
# ### Die Lügen zählen
#
# Zurück zu den drei Magier-Behauptungen aus Abschnitt 3. Die Behauptung von Spieler 1 ist mit
# der Wahrscheinlichkeit aus Aufgabe 4 eine Lüge; die Spieler 2 und 3 haben ihre eigenen
# solchen Wahrscheinlichkeiten. Die drei Lügen-Wahrscheinlichkeiten ergeben zusammen mehr als
# 1: Diese Summe ist keine Wahrscheinlichkeit, sondern die *erwartete Anzahl* der Lügen, und die
# muss mindestens 1 sein.

# %%
sum(d3.lie(p, "Wizard") for p in (1, 2, 3))

# %% [markdown]
# A Bayes table may have any hypotheses, as long as exactly one of them is true. Take as
# hypothesis **how many of the three claimants hold a Wizard**: 0, 1, 2 or 3. List every
# way of dealing players 1, 2 and 3 their cards from the 11 you do not hold (990 ordered
# deals, all alike) and count:

# %% [markdown] lang="de"
# Eine Bayes-Tabelle darf beliebige Hypothesen haben, solange genau eine davon wahr ist. Nimm
# als Hypothese, **wie viele der drei Behauptenden einen Magier haben**: 0, 1, 2 oder 3. Geh
# jede Art durch, den Spielern 1, 2 und 3 ihre Karten aus den 11 auszuteilen, die du nicht
# hast (990 geordnete Verteilungen, alle gleich wahrscheinlich), und zähl:

# %%
bluff = Fraction(1, 3)
deals = list(permutations(rest, 3))
wizards_held = Counter(sum(role == "Wizard" for role, _ in deal) for deal in deals)
len(deals), [wizards_held[k] for k in range(4)]

# %% [markdown]
# The row "3 Wizards" has prior 0: no deal. That is why three claims must hold a lie,
# whatever the model. With $k$ Wizards among them, $k$ claims are honest (chance 1 each)
# and $3 - k$ are bluffs (chance 1/3 each). The table's columns, row $k$ at place $k$ of
# each list (`products_k[2]` is row $k = 2$'s product):

# %% [markdown] lang="de"
# Die Zeile „3 Magier“ hat den Prior 0: keine Verteilung. Deshalb müssen drei Behauptungen eine
# Lüge enthalten, egal welches Modell. Mit $k$ Magiern unter ihnen sind $k$ Behauptungen ehrlich
# (je Wahrscheinlichkeit 1) und $3 - k$ sind Bluffs (je Wahrscheinlichkeit 1/3). Die Spalten der
# Tabelle, Zeile $k$ jeweils an Stelle $k$ jeder Liste (`products_k[2]` ist das Produkt der
# Zeile $k = 2$):

# %%
prior_k = [Fraction(wizards_held[k], len(deals)) for k in range(4)]
likelihood_k = [bluff ** (3 - k) for k in range(4)]  # bluff ** 2 is bluff × bluff
products_k = [prior_k[k] * likelihood_k[k] for k in range(4)]
prior_k, likelihood_k, products_k

# %% [markdown]
# **Exercise 5.** What is the probability that **exactly one** of the three claims is a
# lie? (That is row $k = 2$'s posterior: its product divided by the sum of the four.)

# %% [markdown] lang="de"
# **Aufgabe 5.** Wie groß ist die Wahrscheinlichkeit, dass **genau eine** der drei
# Behauptungen eine Lüge ist? (Das ist der Posterior der Zeile $k = 2$: ihr Produkt geteilt
# durch die Summe aller vier.)

# %% [markdown] tags=["paper"]
# A Bayes table may have any hypotheses, as long as exactly one of them is true. Take as
# hypothesis **how many of the three claimants hold a Wizard**: 0, 1, 2 or 3. Deal players
# 1, 2 and 3 their cards from the 11 you do not hold in every possible way (990 ordered
# deals, all alike) and count:
#
# <!-- paper -->
#
# The row "3 Wizards" has prior 0: no deal. That is why three claims must hold a lie,
# whatever the model. With $k$ Wizards among them, $k$ claims are honest (chance 1 each)
# and $3 - k$ are bluffs (chance 1/3 each).
#
# **Exercise 5.** Fill in this table (rows $k = 0, 1, 2, 3$). What is the probability
# that **exactly one** of the three claims is a lie?

# %% [markdown] lang="de" tags=["paper"]
# Eine Bayes-Tabelle darf beliebige Hypothesen haben, solange genau eine davon wahr ist. Nimm
# als Hypothese, **wie viele der drei Behauptenden einen Magier haben**: 0, 1, 2 oder 3. Teil
# den Spielern 1, 2 und 3 ihre Karten auf jede mögliche Art aus den 11 aus, die du nicht hast
# (990 geordnete Verteilungen, alle gleich wahrscheinlich), und zähl:
#
# <!-- paper -->
#
# Die Zeile „3 Magier“ hat den Prior 0: keine Verteilung. Deshalb müssen drei Behauptungen eine
# Lüge enthalten, egal welches Modell. Mit $k$ Magiern unter ihnen sind $k$ Behauptungen ehrlich
# (je Wahrscheinlichkeit 1) und $3 - k$ sind Bluffs (je Wahrscheinlichkeit 1/3).
#
# **Aufgabe 5.** Füll diese Tabelle aus (Zeilen $k = 0, 1, 2, 3$). Wie groß ist die
# Wahrscheinlichkeit, dass **genau eine** der drei Behauptungen eine Lüge ist?

# %% tags=["exercise"]
answer_5 = ...  # a Fraction

# %% tags=["solution"]
answer_5 = products_k[2] / sum(products_k)  # two Wizards among them: exactly one lie
answer_5, HTML(table_html(["Wizards held", "prior", "likelihood", "prior × likelihood", "posterior"],
                          [[k, prior_k[k], likelihood_k[k], products_k[k], products_k[k] / sum(products_k)]
                           for k in range(4)]))

# %%
check(5, answer_5)

# %% [markdown]
# ### Facts: a successful challenge, bought information
#
# Someone calls *"Hoax!"* on player 3, the table agrees, and player 3 admits not being the
# Wizard (a successful challenge). Unlike a claim, that is a **fact**: its likelihood is 0
# in the Wizard row (a Wizard would have shown the card and won) and 1 in every other row.
# Bought information works the same way: a player shows you privately one role they are
# *not*. In bluffmath both are `IsNot` facts.

# %% [markdown] lang="de"
# ### Tatsachen: ein erfolgreicher Hoax-Ruf, eine gekaufte Information
#
# Jemand ruft *„Hoax!“* gegen Spieler 3, der Tisch stimmt zu, und Spieler 3 gibt zu, nicht der
# Magier zu sein (ein erfolgreicher Hoax-Ruf). Anders als eine Behauptung ist das eine
# **Tatsache**: Ihre Likelihood ist 0 in der Magier-Zeile (ein Magier hätte seine Karte gezeigt
# und gewonnen) und 1 in jeder anderen Zeile. Eine gekaufte Information funktioniert genauso:
# Ein Spieler zeigt dir heimlich eine Rolle, die er *nicht* ist. In bluffmath sind beides
# Tatsachen vom Typ `IsNot` („ist nicht“).

# %%
after = hoax.deduce(wizards.adding(hoax.IsNot(3, "Wizard", "challenge")))
after.table(3)

# %% [markdown]
# **Exercise 6.** After the challenge, what is the probability that player 1 is a
# Wizard? (`after` knows the challenge: ask it as `d3` was asked in section 3, or with
# `after.probability(player, role)`.)

# %% [markdown] lang="de"
# **Aufgabe 6.** Wie groß ist nach dem Hoax-Ruf die Wahrscheinlichkeit, dass Spieler 1 ein
# Magier ist? (`after` kennt den Hoax-Ruf: Frag es, wie in Abschnitt 3 `d3` gefragt wurde, oder
# mit `after.probability(player, role)`.)

# %% [markdown] tags=["paper"]
# Someone calls *"Hoax!"* on player 3, the table agrees, and player 3 admits not being
# the Wizard (a successful challenge). Unlike a claim, that is a **fact**: its likelihood
# is 0 in every deal that gives player 3 a Wizard (a Wizard would have shown the card and
# won), and 1 in every other deal. The three claims and the model (honest 1, bluff 1/3)
# stay as before.
#
# <!-- paper -->
#
# **Exercise 6.** After the challenge, what is the probability that player 1 is a Wizard?
# (Weigh each kind of deal in the table by the likelihood of the three claims.)

# %% [markdown] lang="de" tags=["paper"]
# Jemand ruft *„Hoax!“* gegen Spieler 3, der Tisch stimmt zu, und Spieler 3 gibt zu, nicht der
# Magier zu sein (ein erfolgreicher Hoax-Ruf). Anders als eine Behauptung ist das eine
# **Tatsache**: Ihre Likelihood ist 0 in jeder Verteilung, die Spieler 3 einen Magier gibt (ein
# Magier hätte seine Karte gezeigt und gewonnen), und 1 in jeder anderen Verteilung. Die drei
# Behauptungen und das Modell (ehrlich 1, Bluff 1/3) bleiben wie vorher.
#
# <!-- paper -->
#
# **Aufgabe 6.** Wie groß ist nach dem Hoax-Ruf die Wahrscheinlichkeit, dass Spieler 1 ein
# Magier ist? (Gewichte jede Art von Verteilung in der Tabelle mit der Likelihood der drei
# Behauptungen.)

# %% tags=["exercise"]
answer_6 = ...  # a Fraction

# %% tags=["solution"]
answer_6 = after.probability(1, "Wizard")
answer_6, after.table(1)

# %%
check(6, answer_6)

# %% [markdown]
# Player 1's claim became *more* believable (from 42/127 to 33/85): a Wizard card that
# player 3 does not hold is more likely with players 1 and 2.

# %% [markdown] lang="de"
# Die Behauptung von Spieler 1 ist *glaubwürdiger* geworden (von 42/127 auf 33/85): Eine
# Magier-Karte, die Spieler 3 nicht hat, liegt eher bei Spieler 1 oder 2.

# %% [markdown]
# ## Going further
#
# - With bluff 1 (everybody always speaks), what does a claim tell you? Check with the
#   widget.
# - Player 1 shows you they are not the Wizard (bought information) *before* anyone speaks.
#   What is then the chance that player 2's Wizard claim is honest?
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Was sagt eine Behauptung bei Bluff 1 (alle sprechen immer)? Prüf es mit dem Widget.
# - Spieler 1 zeigt dir, dass er nicht der Magier ist (gekaufte Information), *bevor* jemand
#   spricht. Wie groß ist dann die Wahrscheinlichkeit, dass die Magier-Behauptung von Spieler 2
#   ehrlich ist?
#
# Diese beiden Fragen sind zum Diskutieren gedacht; es gibt keinen Check (die Antworten stehen
# in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ### Going further
#
# - With bluff 1 (everybody always speaks), what does a claim tell you? (On the
#   computer, the lesson's widget shows it.)
# - Player 1 shows you they are not the Wizard (bought information) *before* anyone speaks.
#   What is then the chance that player 2's Wizard claim is honest?

# %% [markdown] lang="de" tags=["paper"]
# ### Weiterdenken
#
# - Was sagt eine Behauptung bei Bluff 1 (alle sprechen immer)? (Am Computer zeigt es das
#   Widget der Lektion.)
# - Spieler 1 zeigt dir, dass er nicht der Magier ist (gekaufte Information), *bevor* jemand
#   spricht. Wie groß ist dann die Wahrscheinlichkeit, dass die Magier-Behauptung von Spieler 2
#   ehrlich ist?

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - With bluff 1 every role speaks alike, so a claim has the same likelihood under every
#   hypothesis and the posterior is the prior: player 1 is a Wizard with chance
#   $\frac{2}{11}$, claim or no claim. A claim informs only if some roles speak more
#   readily than others.
# - Holding the King, with the model honest 1, bluff 1/3: player 2's Wizard claim alone is
#   honest with chance $\frac{2}{5}$; once player 1 has shown you they are not the Wizard,
#   $\frac{3}{7}$ (42.9 %), because the two Wizards are now among fewer unknown cards
#   (`hoax.IsNot(1, "Wizard", "bought")` as a fact).

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Bei Bluff 1 sprechen alle Rollen gleich, also hat eine Behauptung unter jeder Hypothese
#   dieselbe Likelihood, und der Posterior ist der Prior: Spieler 1 ist mit Wahrscheinlichkeit
#   $\frac{2}{11}$ ein Magier, mit oder ohne Behauptung. Eine Behauptung verrät nur etwas, wenn
#   manche Rollen bereitwilliger sprechen als andere.
# - Du hast den Baron, das Modell ist ehrlich 1, Bluff 1/3: Die Magier-Behauptung von Spieler 2
#   allein ist mit Wahrscheinlichkeit $\frac{2}{5}$ ehrlich; hat Spieler 1 dir gezeigt, dass er
#   nicht der Magier ist, mit $\frac{3}{7}$ (42,9 %), weil die zwei Magier jetzt unter weniger
#   unbekannten Karten liegen (`hoax.IsNot(1, "Wizard", "bought")` als Tatsache).
