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
# # Lesson 4: Reading the bids with Bayes' rule, and what the model assumes
#
# In Hochstapler every player holds one card of each colour, and the players take turns
# to raise a call ("14 red": the red cards in all hands add up to at least 14) or to
# doubt it. So far we have counted cards: from your own card (and any face-up cards),
# every way of dealing the rest is equally likely. But the other players *talk*. A player
# who calls 14 in red probably holds a good red card. How much should that call change
# your numbers?
#
# This lesson answers with **Bayes' rule**. It needs one thing that counting cards does not:
# a stated **model** of how players choose their calls. The answer is exact *for that
# model*, and we shall see how much it moves when the model changes.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. give the **prior**: the chances before anyone speaks, for the colour's total and for
#    one opponent's card, by counting cards;
# 2. write down the **likelihood** of a call under a stated opponent model (a call the
#    caller believes has likelihood 1, a bluff has likelihood $\beta$);
# 3. apply Bayes' rule as a table (prior × likelihood, then normalise) to get the
#    **posterior** of the caller's card, and carry it over to the chance that the call is
#    true;
# 4. say how the answer depends on the model: find the bluff rate at which your decision
#    flips, and explain why a reading is exactly right only for the world its model
#    describes.
#
# **Where this lesson fits.** Lesson 4 of 8, the last on Hochstapler. Before it: lessons
# 1-3 (a colour's total, counted from what you see; the break-even chance). Two school
# lessons: the second starts at "Second school lesson", before section 4.
#
# Every probability here is an exact fraction (`Fraction`); percentages are only for
# reading. Exercises end with a `check(...)` cell that tells you whether your answer is
# right.

# %% [markdown] lang="de"
# # Lektion 4: Ansagen lesen mit dem Satz von Bayes – und was das Modell annimmt
#
# In Hochstapler hat jeder Spieler von jeder Farbe eine Karte auf der Hand, und die Spieler
# erhöhen reihum eine Ansage („14 Rot“: Die roten Karten aller Spieler ergeben zusammen
# mindestens 14) oder zweifeln sie an. Bisher haben wir Karten gezählt: Ausgehend von deiner
# eigenen Karte (und den offenen Karten) ist jede Art, den Rest auszuteilen, gleich
# wahrscheinlich. Aber die anderen Spieler *reden*. Wer 14 in Rot ansagt, hat wahrscheinlich
# eine gute rote Karte. Wie stark sollte diese Ansage deine Zahlen verändern?
#
# Diese Lektion antwortet mit dem **Satz von Bayes**. Er braucht etwas, das Kartenzählen
# nicht braucht: ein ausdrücklich formuliertes **Modell** dafür, wie Spieler ihre Ansagen
# wählen. Die Antwort ist exakt *für dieses Modell*, und wir werden sehen, wie stark sie sich
# bewegt, wenn sich das Modell ändert.
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. den **Prior** angeben: die Wahrscheinlichkeiten, bevor jemand etwas sagt, für die Summe
#    der Farbe und für die Karte eines Gegners, durch Kartenzählen;
# 2. die **Likelihood** einer Ansage unter einem formulierten Gegnermodell aufschreiben (eine
#    Ansage, an die der Ansagende glaubt, hat die Likelihood 1, ein Bluff die Likelihood
#    $\beta$);
# 3. den Satz von Bayes als Tabelle anwenden (Prior × Likelihood, dann normieren), um den
#    **Posterior** der Karte des Ansagenden zu bekommen, und ihn auf die Wahrscheinlichkeit
#    übertragen, dass die Ansage stimmt;
# 4. sagen, wie die Antwort vom Modell abhängt: die Bluffrate finden, bei der deine
#    Entscheidung kippt, und erklären, warum eine Deutung nur für die Welt genau stimmt, die
#    ihr Modell beschreibt.
#
# **Wo diese Lektion steht.** Lektion 4 von 8, die letzte zu Hochstapler. Davor: die
# Lektionen 1 bis 3 (die Summe einer Farbe, gezählt aus dem, was du siehst; die
# Schwellenwahrscheinlichkeit). Zwei Schulstunden: Die zweite beginnt bei „Zweite
# Schulstunde“, vor Abschnitt 4.
#
# Jede Wahrscheinlichkeit hier ist ein exakter Bruch (`Fraction`); Prozentangaben sind nur
# zum Lesen da. Jede Aufgabe endet mit einer Zelle `check(...)`, die dir sagt, ob deine
# Antwort stimmt.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 40 minutes: one school
# lesson).** The prior: 5 min (exercise 1). The model and what the caller believes: 7
# min (exercise 2). Bayes' table: 8 min (exercise 3). From the card to the total: 6 min
# (exercise 4). The widget, in pairs: 5 min. A wrong model: 5 min (exercise 5). Where
# the decision flips: 4 min (exercise 6). A class that has never programmed takes two
# school lessons, split at "Second school lesson" (before section 4).
#
# **Working time, counted for a class that has never programmed: two school lessons,
# about 32 and 40 minutes**, each within a 40-minute lesson (the second starts at
# "Second school lesson"). Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks; part 1: 916 words to read at 120 a minute, 13
# code cells to run (32 lines of code to read), 3 exercises by kind (reading: 1 at 2
# minutes; one call: 1 at 4 minutes; a few lines: 1 at 7 minutes), 0 widgets at 3
# minutes; part 2: 1037 words to read at 120 a minute, 9 code cells to run (22 lines of
# code to read), 3 exercises by kind (a few lines: 3 at 7 minutes), 1 widget at 3
# minutes.
#
# **Common mistakes.**
# - Working out what the caller believes *from your own seat*, with your 2 known. The
#   caller cannot see your card: they count from their own card alone (exercise 2; the
#   check names this mistake).
# - Giving the eight card values equal prior weight. There are three 0s and one 7: the
#   prior of a value is its number of unseen cards over 14.
# - Forgetting to normalise: prior × likelihood does not add up to 1; dividing by its sum
#   (the *normaliser*, the chance of hearing the call at all) is the step that makes it a
#   probability.
# - Answering with the caller's card (5/8) when the question is about the total, or with
#   the prior when it is about the posterior.
# - Treating the posterior as a fact about the table. It is a fact about the model.
#
# **To discuss.** What does the model leave out? (A raise also says the caller chose not to
# doubt; the colour chosen says something about the colours *not* chosen; people have
# styles.) Can the calls themselves tell you which model fits a player? (Yes, slowly:
# the normaliser is the chance of the call under a model, so it weighs models against
# each other, by Bayes' rule again.)

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 40 Minuten: eine
# Schulstunde).** Der Prior: 5 Min. (Aufgabe 1). Das Modell und was der Ansagende glaubt: 7
# Min. (Aufgabe 2). Die Bayes-Tabelle: 8 Min. (Aufgabe 3). Von der Karte zur Summe: 6 Min.
# (Aufgabe 4). Das Widget, in Partnerarbeit: 5 Min. Ein falsches Modell: 5 Min. (Aufgabe 5).
# Wo die Entscheidung kippt: 4 Min. (Aufgabe 6). Eine Klasse, die noch nie programmiert hat,
# braucht zwei Schulstunden, geteilt bei „Zweite Schulstunde“ (vor Abschnitt 4).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: zwei Schulstunden,
# etwa 32 und 40 Minuten**, jede innerhalb einer Schulstunde von 40 Minuten (die zweite
# beginnt bei „Zweite Schulstunde“). Gezählt von `notebooks/lessons/timing.py` an der
# englischen Schülerfassung, jede Aufgabe danach, was sie verlangt; Teil 1: 916 Wörter zu
# lesen bei 120 pro Minute, 13 Code-Zellen auszuführen (32 Zeilen Code zu lesen), 3 Aufgaben
# nach Art (Ablesen: 1 zu 2 Minuten; ein Aufruf: 1 zu 4 Minuten; ein paar Zeilen: 1 zu 7
# Minuten), 0 Widgets zu 3 Minuten; Teil 2: 1037 Wörter zu lesen bei 120 pro Minute, 9
# Code-Zellen auszuführen (22 Zeilen Code zu lesen), 3 Aufgaben nach Art (ein paar Zeilen: 3
# zu je 7 Minuten), 1 Widget zu 3 Minuten.
#
# **Häufige Fehler.**
# - Ausrechnen, was der Ansagende glaubt, *vom eigenen Platz aus*, mit der bekannten 2. Der
#   Ansagende sieht deine Karte nicht: Er zählt nur von seiner eigenen Karte aus (Aufgabe 2;
#   der Check nennt diesen Fehler).
# - Den acht Kartenwerten denselben Prior geben. Es gibt drei Nullen und nur eine 7: Der
#   Prior eines Werts ist die Anzahl seiner ungesehenen Karten geteilt durch 14.
# - Das Normieren vergessen: Prior × Likelihood ergibt zusammen nicht 1; erst das Teilen durch
#   die Summe (die *Normierungskonstante*, die Wahrscheinlichkeit, die Ansage überhaupt zu
#   hören) macht daraus eine Wahrscheinlichkeit.
# - Mit der Karte des Ansagenden antworten (5/8), wenn nach der Summe gefragt ist, oder mit
#   dem Prior, wenn nach dem Posterior gefragt ist.
# - Den Posterior als Tatsache über den Tisch behandeln. Er ist eine Tatsache über das
#   Modell.
#
# **Zum Besprechen.** Was lässt das Modell weg? (Eine Erhöhung sagt auch, dass der Ansagende
# sich entschieden hat, nicht anzuzweifeln; die gewählte Farbe sagt etwas über die *nicht*
# gewählten Farben; Menschen haben ihren eigenen Stil.) Können die Ansagen selbst verraten,
# welches Modell zu einem Spieler passt? (Ja, langsam: Die Normierungskonstante ist die
# Wahrscheinlichkeit der Ansage unter einem Modell, also wiegt sie Modelle gegeneinander ab,
# wieder mit dem Satz von Bayes.)

# %%
from collections import Counter
from fractions import Fraction
from itertools import permutations

from IPython.display import HTML

from bluffmath import Distribution
from bluffmath import hochstapler as hs
from bluffmath.display import percent, table_html
from bluffmath_widgets.lessons.bids import BidReader, check

# %% [markdown]
# ## 1. Before anyone speaks: the prior
#
# Four players. You sit at seat 0 and hold a **2** in red; no red card lies face up. The
# red pile has 15 cards; the 14 you have not seen are shared out at random: one to each
# of seats 1, 2 and 3, the rest stay in the pile.

# %% [markdown] lang="de"
# ## 1. Bevor jemand etwas sagt: der Prior
#
# Vier Spieler. Du sitzt auf Platz 0 und hast eine rote **2**; keine rote Karte liegt offen.
# Der rote Stapel hat 15 Karten; die 14, die du nicht gesehen hast, werden zufällig verteilt:
# je eine an die Plätze 1, 2 und 3, der Rest bleibt im Stapel.

# %%
PILE_CARDS = sorted(Counter(hs.PILE).elements())
UNSEEN = sorted((Counter(PILE_CARDS) - Counter([2])).elements())  # the pile less your 2
UNSEEN, len(UNSEEN)

# %% [markdown]
# Card counting (lessons 1 to 3) gives the red total, your 2 plus three of these 14 cards.
# The *weight* column counts the sets of three cards that give each total.

# %% [markdown] lang="de"
# Das Kartenzählen (Lektionen 1 bis 3) liefert die rote Summe: deine 2 plus drei dieser 14
# Karten. Die Spalte *weight* (Gewicht) zählt die Auswahlen von drei Karten, die jede Summe
# ergeben.

# %%
prior = hs.total_distribution(players=4, own=2)
prior

# %% [markdown]
# **Exercise 1.** Before anyone speaks, what is the chance that the red total is **at
# least 14**? This is the *prior* chance that a call of 14 is true.

# %% [markdown] lang="de"
# **Aufgabe 1.** Bevor jemand etwas sagt: Wie groß ist die Wahrscheinlichkeit, dass die rote
# Summe **mindestens 14** ist? Das ist die *A-priori*-Wahrscheinlichkeit (der Prior), dass
# eine Ansage von 14 stimmt.

# %% tags=["exercise"]
answer_1 = ...  # a Fraction

# %% tags=["solution"]
answer_1 = prior.at_least(14)
answer_1, percent(answer_1)

# %%
check(1, answer_1)

# %% [markdown]
# The prior says something about seat 1's card too: it is any of the 14 unseen cards,
# each as likely as the others. A value with more cards is likelier: three 0s, but only
# one 7 (and only one 2 left, since you hold the other).

# %% [markdown] lang="de"
# Der Prior sagt auch etwas über die Karte von Platz 1: Sie ist irgendeine der 14 ungesehenen
# Karten, jede so wahrscheinlich wie die anderen. Ein Wert mit mehr Karten ist
# wahrscheinlicher: drei Nullen, aber nur eine 7 (und nur noch eine 2, weil du die andere
# hast).

# %%
card_prior = Distribution(Counter(UNSEEN))
card_prior

# %% [markdown]
# ## 2. Seat 1 calls "14 red": a model of the caller
#
# A call is evidence only if we say *how* players choose their calls. The **likelihood**
# of the call, for each card $x$ the caller may hold, is how likely a caller holding $x$
# is to make it. bluffmath's `OpponentModel` says:
#
# - the caller knows their own red card $x$ (and nothing else: not yours);
# - by card counting from $x$ they work out $q(x) = P(\text{total} \ge 14 \mid x)$, the
#   chance that their call is true;
# - they **believe** the call if $q(x) \ge \theta$ (the *threshold*, $\frac12$ by default);
# - a call they believe they make with likelihood **1**; one they do not believe, a
#   bluff, with likelihood **$\beta$** (the *bluff* rate, $\frac1{10}$ by default: they
#   bluff a tenth as readily as they call what they believe).
#
# Only the *ratio* of likelihoods matters, which is why "1 and $\beta$" is enough.

# %% [markdown] lang="de"
# ## 2. Platz 1 sagt „14 Rot“ an: ein Modell des Ansagenden
#
# Eine Ansage ist nur dann ein Hinweis, wenn wir sagen, *wie* Spieler ihre Ansagen wählen. Die
# **Likelihood** der Ansage ist für jede Karte $x$, die der Ansagende haben könnte, die
# Wahrscheinlichkeit, dass jemand mit $x$ diese Ansage macht. Das `OpponentModel` von
# bluffmath (das Gegnermodell) sagt:
#
# - Der Ansagende kennt seine eigene rote Karte $x$ (und sonst nichts: deine nicht);
# - durch Kartenzählen von $x$ aus rechnet er $q(x) = P(\text{Summe} \ge 14 \mid x)$ aus, die
#   Wahrscheinlichkeit, dass seine Ansage stimmt;
# - er **glaubt** an die Ansage, wenn $q(x) \ge \theta$ (die *Schwelle*, standardmäßig
#   $\frac12$);
# - eine Ansage, an die er glaubt, macht er mit der Likelihood **1**; eine, an die er nicht
#   glaubt, einen Bluff, mit der Likelihood **$\beta$** (die *Bluffrate*, standardmäßig
#   $\frac1{10}$: Er blufft nur ein Zehntel so bereitwillig, wie er ansagt, woran er glaubt).
#
# Es kommt nur auf das *Verhältnis* der Likelihoods an; deshalb genügt „1 und $\beta$“.

# %%
model = hs.OpponentModel()
model

# %% [markdown]
# The caller's $q(x)$ is an ordinary card-counting chance, seen from seat 1 with its card
# $x$ (four players, so `call_odds(4, x, 14)`):

# %% [markdown] lang="de"
# Das $q(x)$ des Ansagenden ist eine ganz normale Wahrscheinlichkeit aus dem Kartenzählen,
# gesehen von Platz 1 mit seiner Karte $x$ (vier Spieler, also `call_odds(4, x, 14)`):

# %%
{x: hs.call_odds(players=4, own=x, call=14) for x in range(8)}

# %% [markdown]
# **Exercise 2.** With the threshold $\frac12$, holding which red values would seat 1
# *believe* the call of 14? Give a tuple of values, smallest first, such as `(3, 4)`.

# %% [markdown] lang="de"
# **Aufgabe 2.** Bei der Schwelle $\frac12$: Mit welchen roten Werten würde Platz 1 an die
# Ansage 14 *glauben*? Gib ein Tupel von Werten an, den kleinsten zuerst, etwa `(3, 4)`.

# %% [markdown] tags=["paper"]
# Seat 1 calls **"14 red"**: the red total is at least 14. A call is evidence only if we
# say *how* players choose their calls. The **likelihood** of the call, for each card $x$
# the caller may hold, is how likely a caller holding $x$ is to make it. The model:
#
# - the caller knows their own red card $x$ (and nothing else: not yours);
# - by card counting from $x$ they work out $q(x) = P(\text{total} \ge 14 \mid x)$, the
#   chance that their call is true (the table below);
# - they **believe** the call if $q(x) \ge \theta$, the *threshold*, here $\frac12$;
# - a call they believe they make with likelihood **1**; one they do not believe, a
#   bluff, with likelihood **$\beta$**, the *bluff rate*, here $\frac1{10}$.
#
# <!-- paper -->
#
# **Exercise 2.** With the threshold $\frac12$, holding which red values would seat 1
# *believe* the call of 14? Give the values, smallest first, such as (3, 4).

# %% [markdown] lang="de" tags=["paper"]
# Platz 1 sagt **„14 Rot“** an: Die rote Summe ist mindestens 14. Eine Ansage ist nur dann ein
# Hinweis, wenn wir sagen, *wie* Spieler ihre Ansagen wählen. Die **Likelihood** der Ansage
# ist für jede Karte $x$, die der Ansagende haben könnte, die Wahrscheinlichkeit, dass jemand
# mit $x$ diese Ansage macht. Das Modell:
#
# - Der Ansagende kennt seine eigene rote Karte $x$ (und sonst nichts: deine nicht);
# - durch Kartenzählen von $x$ aus rechnet er $q(x) = P(\text{Summe} \ge 14 \mid x)$ aus, die
#   Wahrscheinlichkeit, dass seine Ansage stimmt (die Tabelle unten);
# - er **glaubt** an die Ansage, wenn $q(x) \ge \theta$, die *Schwelle*, hier $\frac12$;
# - eine Ansage, an die er glaubt, macht er mit der Likelihood **1**; eine, an die er nicht
#   glaubt, einen Bluff, mit der Likelihood **$\beta$**, der *Bluffrate*, hier $\frac1{10}$.
#
# <!-- paper -->
#
# **Aufgabe 2.** Bei der Schwelle $\frac12$: Mit welchen roten Werten würde Platz 1 an die
# Ansage 14 *glauben*? Gib die Werte an, den kleinsten zuerst, etwa (3, 4).

# %% tags=["exercise"]
answer_2 = ...  # a tuple of card values

# %% tags=["solution"]
answer_2 = (6, 7)  # the values whose chance above is at least 1/2
answer_2, tuple(x for x in range(8) if hs.call_odds(4, x, 14) >= model.threshold)

# %%
check(2, answer_2)

# %% [markdown]
# So the **likelihood** of hearing "14" is 1 if seat 1 holds a 6 or a 7, and $\frac1{10}$
# if it holds anything else. `model.likelihood` turns a caller's chance into this weight:

# %% [markdown] lang="de"
# Die **Likelihood**, „14“ zu hören, ist also 1, wenn Platz 1 eine 6 oder eine 7 hat, und
# $\frac1{10}$, wenn er etwas anderes hat. `model.likelihood` macht aus der Wahrscheinlichkeit
# des Ansagenden dieses Gewicht:

# %%
likelihood = {x: model.likelihood(hs.call_odds(4, x, 14)) for x in range(8)}
likelihood

# %% [markdown]
# ## 3. Bayes' rule as a table
#
# The **hypotheses** are the possible answers we weigh, exactly one of them true: here,
# the values seat 1 may hold. For each one, multiply the prior by the likelihood. The
# products do not add up to 1: their sum is the chance of hearing this call at all, under
# the model (the *normaliser*). Dividing each by it (*normalising*: now they add up to 1)
# gives the **posterior**:
#
# $$P(x \mid \text{call}) = \frac{P(x)\, L(x)}{\sum_{y} P(y)\, L(y)} .$$
#
# Here are the first columns of the table:

# %% [markdown] lang="de"
# ## 3. Der Satz von Bayes als Tabelle
#
# Die **Hypothesen** sind die möglichen Antworten, die wir gegeneinander abwägen, von denen
# genau eine stimmt: hier die Werte, die Platz 1 haben könnte. Multipliziere für jede den
# Prior mit der Likelihood. Die Produkte ergeben zusammen nicht 1: Ihre Summe ist die
# Wahrscheinlichkeit, diese Ansage unter dem Modell überhaupt zu hören (die
# *Normierungskonstante*). Wenn du jedes Produkt durch sie teilst (*normieren*: jetzt ergeben
# sie zusammen 1), bekommst du den **Posterior**:
#
# $$P(x \mid \text{Ansage}) = \frac{P(x)\, L(x)}{\sum_{y} P(y)\, L(y)} .$$
#
# Hier sind die ersten Spalten der Tabelle:

# %%
rows = [(x, card_prior[x], likelihood[x], card_prior[x] * likelihood[x]) for x in card_prior]
normaliser = sum(product for _, _, _, product in rows)
HTML(table_html(["seat 1 holds x", "prior P(x)", "likelihood L(x)", "P(x) × L(x)"], rows)
     + f"<p>normaliser (the sum of the last column): {normaliser}</p>")

# %% [markdown]
# **Exercise 3.** After the call, what is the chance that seat 1 holds a **6 or a 7**?
# (Before the call it was $\frac{2}{14}$. Add the two rows' products, `card_prior[6] *
# likelihood[6]` and the same for 7, and divide by the normaliser.)

# %% [markdown] lang="de"
# **Aufgabe 3.** Wie groß ist nach der Ansage die Wahrscheinlichkeit, dass Platz 1 eine **6
# oder eine 7** hat? (Vor der Ansage war sie $\frac{2}{14}$. Addiere die Produkte der beiden
# Zeilen, `card_prior[6] * likelihood[6]` und dasselbe für 7, und teile durch die
# Normierungskonstante.)

# %% [markdown] tags=["paper"]
# The **hypotheses** are the values seat 1 may hold, exactly one of them true. For each,
# multiply the prior by the likelihood. The products do not add up to 1: their sum is the
# chance of hearing this call at all (the *normaliser*). Dividing each by it gives the
# **posterior**:
#
# $$P(x \mid \text{call}) = \frac{P(x)\, L(x)}{\sum_{y} P(y)\, L(y)} .$$
#
# Fill in the columns "P(x) × L(x)" and "posterior" of the table above.
#
# **Exercise 3.** After the call, what is the chance that seat 1 holds a **6 or a 7**?
# (Before the call it was $\frac{2}{14}$.)

# %% [markdown] lang="de" tags=["paper"]
# Die **Hypothesen** sind die Werte, die Platz 1 haben könnte; genau einer davon stimmt.
# Multipliziere für jeden den Prior mit der Likelihood. Die Produkte ergeben zusammen nicht 1:
# Ihre Summe ist die Wahrscheinlichkeit, diese Ansage überhaupt zu hören (die
# *Normierungskonstante*). Wenn du jedes Produkt durch sie teilst, bekommst du den
# **Posterior**:
#
# $$P(x \mid \text{Ansage}) = \frac{P(x)\, L(x)}{\sum_{y} P(y)\, L(y)} .$$
#
# Füll die Spalten „P(x) × L(x)“ und „Posterior“ der Tabelle oben aus.
#
# **Aufgabe 3.** Wie groß ist nach der Ansage die Wahrscheinlichkeit, dass Platz 1 eine **6
# oder eine 7** hat? (Vor der Ansage war sie $\frac{2}{14}$.)

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
answer_3 = (card_prior[6] * likelihood[6] + card_prior[7] * likelihood[7]) / normaliser
answer_3, sum(product for x, _, _, product in rows if x in (6, 7)) / normaliser

# %%
check(3, answer_3)

# %% [markdown]
# The whole table, with the caller's own chance $q(x)$ that the call is true
# (`hs.caller_table` computes it with the same card counting):

# %% [markdown] lang="de"
# Die ganze Tabelle, mit der eigenen Wahrscheinlichkeit $q(x)$ des Ansagenden, dass die Ansage
# stimmt (`hs.caller_table` berechnet sie mit demselben Kartenzählen):

# %%
HTML(table_html(["x", "q(x)", "prior", "likelihood", "prior × likelihood", "posterior"],
                [(row.value, row.belief, row.prior, row.likelihood, row.product, row.posterior)
                 for row in hs.caller_table(players=4, own=2, call=14).rows]))

# %% [markdown]
# `Distribution.reweighted` is this table in one line: multiply every weight by the
# likelihood, and the probabilities come out normalised. `posterior_card[x]` is then the
# posterior of the value `x`.

# %% [markdown] lang="de"
# `Distribution.reweighted` ist diese Tabelle in einer Zeile: Jedes Gewicht wird mit der
# Likelihood multipliziert, und die Wahrscheinlichkeiten kommen normiert heraus.
# `posterior_card[x]` ist dann der Posterior des Werts `x`.

# %%
posterior_card = card_prior.reweighted(lambda x: likelihood[x])
posterior_card

# %% [markdown]
# ## Second school lesson: from the card to the total, and the model
#
# *Start here in the second school lesson.* Coming back to the notebook after a break?
# Click into section 4 below and choose **Run > Run All Above Selected Cell**: part 1
# runs again, your answers with it, in a few seconds.
#
# Where we are: before anyone spoke, seat 1's card had its **prior**, counted from the
# cards you cannot see. The call is evidence, weighed by its **likelihood** under a
# model of the caller. Bayes' table turned prior × likelihood into the **posterior** of
# seat 1's card. Now we carry the posterior over to the total, try the model in a
# widget, and ask what happens when the model is wrong.

# %% [markdown] lang="de"
# ## Zweite Schulstunde: von der Karte zur Summe, und das Modell
#
# *Hier fängst du in der zweiten Schulstunde an.* Kommst du nach einer Pause zum Notebook
# zurück? Klick in Abschnitt 4 unten und wähl im Menü **Run > Run All Above Selected Cell**
# (alle Zellen oberhalb der ausgewählten ausführen): Teil 1 läuft in ein paar Sekunden noch
# einmal, mit deinen Antworten.
#
# Wo wir stehen: Bevor jemand etwas gesagt hat, hatte die Karte von Platz 1 ihren **Prior**,
# gezählt aus den Karten, die du nicht sehen kannst. Die Ansage ist ein Hinweis, gewichtet mit
# ihrer **Likelihood** unter einem Modell des Ansagenden. Die Bayes-Tabelle hat aus Prior ×
# Likelihood den **Posterior** der Karte von Platz 1 gemacht. Jetzt übertragen wir den
# Posterior auf die Summe, probieren das Modell in einem Widget aus und fragen, was passiert,
# wenn das Modell falsch ist.

# %% [markdown]
# ## 4. From the caller's card to the total
#
# We want the chance that the *call* is true, not just the caller's card. If we knew seat
# 1's card $x$, card counting would do the rest: your 2, the caller's $x$, and two cards
# for seats 2 and 3 from the 13 left. `hs.call_odds_given_card(4, 2, x, 14)` is that
# chance.
# Weigh each by the posterior of $x$ (the *law of total probability*):
#
# $$P(\text{total} \ge 14 \mid \text{call}) = \sum_x P(x \mid \text{call})\;
#   P(\text{total} \ge 14 \mid x).$$

# %% [markdown] lang="de"
# ## 4. Von der Karte des Ansagenden zur Summe
#
# Wir wollen die Wahrscheinlichkeit, dass die *Ansage* stimmt, nicht nur die Karte des
# Ansagenden. Wenn wir die Karte $x$ von Platz 1 kennen würden, erledigte das Kartenzählen
# den Rest: deine 2, das $x$ des Ansagenden und zwei Karten für die Plätze 2 und 3 aus den 13
# übrigen. `hs.call_odds_given_card(4, 2, x, 14)` ist diese Wahrscheinlichkeit. Gewichte
# jede mit dem Posterior von $x$ (der *Satz von der totalen Wahrscheinlichkeit*):
#
# $$P(\text{Summe} \ge 14 \mid \text{Ansage}) = \sum_x P(x \mid \text{Ansage})\;
#   P(\text{Summe} \ge 14 \mid x).$$

# %%
true_given = {x: hs.call_odds_given_card(4, 2, x, 14) for x in card_prior}
true_given

# %% [markdown]
# **Exercise 4.** After hearing seat 1 call 14, under the default model, what is the
# chance that the call is true? (Add up `posterior_card[x] * true_given[x]` over the
# values `x` from 0 to 7: `posterior_card` is the posterior of part 1.)

# %% [markdown] lang="de"
# **Aufgabe 4.** Du hast gehört, wie Platz 1 die 14 ansagt: Wie groß ist unter dem
# Standardmodell die Wahrscheinlichkeit, dass die Ansage stimmt? (Addiere
# `posterior_card[x] * true_given[x]` über die Werte `x` von 0 bis 7: `posterior_card` ist der
# Posterior aus Teil 1.)

# %% [markdown] tags=["paper"]
# We want the chance that the *call* is true, not just the caller's card. Weigh the chance
# for each card $x$ (the table above) by the posterior of $x$ (your table of exercise 3):
# that is the *law of total probability*,
#
# $$P(\text{total} \ge 14 \mid \text{call}) = \sum_x P(x \mid \text{call})\;
#   P(\text{total} \ge 14 \mid x).$$
#
# **Exercise 4.** After hearing seat 1 call 14, under the default model, what is the
# chance that the call is true?

# %% [markdown] lang="de" tags=["paper"]
# Wir wollen die Wahrscheinlichkeit, dass die *Ansage* stimmt, nicht nur die Karte des
# Ansagenden. Gewichte die Wahrscheinlichkeit für jede Karte $x$ (die Tabelle oben) mit dem
# Posterior von $x$ (deine Tabelle aus Aufgabe 3): Das ist der *Satz von der totalen
# Wahrscheinlichkeit*,
#
# $$P(\text{Summe} \ge 14 \mid \text{Ansage}) = \sum_x P(x \mid \text{Ansage})\;
#   P(\text{Summe} \ge 14 \mid x).$$
#
# **Aufgabe 4.** Du hast gehört, wie Platz 1 die 14 ansagt: Wie groß ist unter dem
# Standardmodell die Wahrscheinlichkeit, dass die Ansage stimmt?

# %% tags=["exercise"]
answer_4 = ...  # a Fraction

# %% tags=["solution"]
answer_4 = (posterior_card[0] * true_given[0] + posterior_card[1] * true_given[1]
            + posterior_card[2] * true_given[2] + posterior_card[3] * true_given[3]
            + posterior_card[4] * true_given[4] + posterior_card[5] * true_given[5]
            + posterior_card[6] * true_given[6] + posterior_card[7] * true_given[7])
answer_4, percent(answer_4), sum(posterior_card[x] * true_given[x] for x in posterior_card)

# %%
check(4, answer_4)

# %% [markdown]
# bluffmath's `read_bids` does the same for any number of calls and callers:

# %% [markdown] lang="de"
# `read_bids` von bluffmath macht dasselbe für beliebig viele Ansagen und Ansagende:

# %%
call_14 = hs.SpokenCall(seat=1, total=14, face_up=())
reading = hs.read_bids(players=4, own=2, calls=[call_14], model=model)
prior.at_least(14), reading.at_least(14)

# %% [markdown]
# You need not trust it. Deal the 14 unseen cards to seats 1, 2 and 3 in every possible
# way (14 × 13 × 12 = 2184 deals, all equally likely before the call), weigh each deal by
# the likelihood of seat 1's card, and add up by total: Bayes' rule over whole deals.

# %% [markdown] lang="de"
# Du musst dem nicht einfach glauben. Teile die 14 ungesehenen Karten auf jede mögliche Weise
# an die Plätze 1, 2 und 3 aus (14 × 13 × 12 = 2184 Austeilungen, vor der Ansage alle gleich
# wahrscheinlich), gewichte jede Austeilung mit der Likelihood der Karte von Platz 1 und
# addiere nach Summen: der Satz von Bayes über ganze Austeilungen.

# %%
weights = Counter()
for seat1, seat2, seat3 in permutations(range(14), 3):
    cards = UNSEEN[seat1], UNSEEN[seat2], UNSEEN[seat3]
    weights[2 + sum(cards)] += likelihood[cards[0]]
by_hand = Distribution(weights)
by_hand == reading, by_hand.at_least(14)

# %% [markdown]
# ## 5. Try it: change the model
#
# The widget hears one call from seat 1. The table is the Bayes table of seat 1's card;
# below it, the red total before the call (card counting) and after it (reading the
# bid), darker bars for totals that make the call true. Try:
#
# - **bluff = 1**: every call is as likely as any other. What happens to the posterior?
# - **bluff = 0**: an honest caller. Which rows vanish?
# - a **lower threshold** (a bold caller, who calls what is merely possible): does the
#   call still say much?
# - a call of **17**, with bluff = 0. Why does the widget complain?

# %% [markdown] lang="de"
# ## 5. Probier es aus: Ändere das Modell
#
# Das Widget hört eine Ansage von Platz 1. Die Tabelle ist die Bayes-Tabelle der Karte von
# Platz 1; darunter die rote Summe vor der Ansage (Kartenzählen) und nach ihr (die Ansage
# gelesen), mit dunkleren Balken für die Summen, bei denen die Ansage stimmt. Probier:
#
# - **Bluffrate = 1**: Jede Ansage ist so wahrscheinlich wie jede andere. Was passiert mit
#   dem Posterior?
# - **Bluffrate = 0**: ein ehrlicher Ansagender. Welche Zeilen verschwinden?
# - eine **niedrigere Schwelle** (ein mutiger Ansagender, der auch ansagt, was nur möglich
#   ist): Sagt die Ansage dann noch viel aus?
# - eine Ansage von **17**, mit Bluffrate = 0. Warum beschwert sich das Widget?

# %%
BidReader(players=4, own=2, call=14)

# %% [markdown]
# ## 6. What the model assumes, and a wrong model
#
# The reading is exact **given the model**, and the model is a simplification, stated so
# that you can argue with it:
#
# - every caller counts cards from their own card, and does nothing else;
# - one threshold and one bluff rate, the same for every player and every moment;
# - belief is all or nothing: a 6 and a 7 weigh the same if both believe the call;
# - it leaves out what a raise says about *not* doubting, and what the choice of colour
#   says about the colours not chosen.
#
# With an **honest** caller (bluff = 0) only a 6 or a 7 could call 14, and the reading is
# higher still:

# %% [markdown] lang="de"
# ## 6. Was das Modell annimmt, und ein falsches Modell
#
# Die Deutung ist exakt **unter dem Modell**, und das Modell ist eine Vereinfachung, die
# ausdrücklich formuliert ist, damit du mit ihr streiten kannst:
#
# - Jeder Ansagende zählt Karten von seiner eigenen Karte aus und tut sonst nichts;
# - eine Schwelle und eine Bluffrate, gleich für jeden Spieler und jeden Moment;
# - Glauben heißt alles oder nichts: Eine 6 und eine 7 wiegen gleich viel, wenn beide an die
#   Ansage glauben;
# - es lässt weg, was eine Erhöhung darüber verrät, dass *nicht* angezweifelt wurde, und was
#   die Wahl der Farbe über die nicht gewählten Farben verrät.
#
# Bei einem **ehrlichen** Ansagenden (Bluffrate 0) könnte nur eine 6 oder eine 7 die 14
# ansagen, und die Wahrscheinlichkeit ist noch höher:

# %%
honest = hs.read_bids(4, 2, [call_14], model=hs.OpponentModel(bluff=Fraction(0)))
honest.at_least(14), percent(honest.at_least(14))

# %% [markdown]
# Better than even: believe the call, do not doubt. But suppose the caller is Dora, and
# Dora bluffs a quarter as readily as she calls what she believes: her true bluff rate is
# $\frac14$. Think of very many deals in which you hold a 2 and Dora calls 14. In
# each, the cards were dealt at random and Dora called by *her* rule.
#
# **Exercise 5.** In Dora's world, what fraction of her calls of 14 are true? (The honest
# model said $\frac{41}{78}$.)

# %% [markdown] lang="de"
# Besser als halbe-halbe: Glaub der Ansage, zweifle sie nicht an. Aber angenommen, die
# Ansagende ist Dora, und Dora blufft ein Viertel so bereitwillig, wie sie ansagt, woran sie
# glaubt: Ihre wahre Bluffrate ist $\frac14$. Stell dir sehr viele Austeilungen vor, in denen
# du eine 2 hast und Dora 14 ansagt. In jeder wurden die Karten zufällig ausgeteilt, und Dora
# hat nach *ihrer* Regel angesagt.
#
# **Aufgabe 5.** Welcher Anteil von Doras Ansagen „14“ stimmt in Doras Welt? (Das ehrliche
# Modell sagte $\frac{41}{78}$.)

# %% [markdown] tags=["paper"]
# Suppose the caller is Dora, and Dora bluffs a quarter as readily as she calls what she
# believes: her true bluff rate is $\frac14$ (her threshold is $\frac12$, as before).
# Think of very many deals in which you hold a 2 and Dora calls 14. In each, the cards
# were dealt at random and Dora called by *her* rule.
#
# **Exercise 5.** In Dora's world, what fraction of her calls of 14 are true? (Weigh the
# table of exercise 3 again, with her likelihoods. For an honest caller, $\beta = 0$, it
# is $\frac{41}{78}$.)

# %% [markdown] lang="de" tags=["paper"]
# Angenommen, die Ansagende ist Dora, und Dora blufft ein Viertel so bereitwillig, wie sie
# ansagt, woran sie glaubt: Ihre wahre Bluffrate ist $\frac14$ (ihre Schwelle ist wie vorher
# $\frac12$). Stell dir sehr viele Austeilungen vor, in denen du eine 2 hast und Dora 14
# ansagt. In jeder wurden die Karten zufällig ausgeteilt, und Dora hat nach *ihrer* Regel
# angesagt.
#
# **Aufgabe 5.** Welcher Anteil von Doras Ansagen „14“ stimmt in Doras Welt? (Gewichte die
# Tabelle aus Aufgabe 3 noch einmal, mit ihren Likelihoods. Bei einem ehrlichen Ansagenden,
# $\beta = 0$, ist es $\frac{41}{78}$.)

# %% tags=["exercise"]
answer_5 = ...  # a Fraction

# %% tags=["solution"]
dora = hs.OpponentModel(bluff=Fraction(1, 4))
answer_5 = hs.read_bids(4, 2, [call_14], model=dora).at_least(14)
answer_5, percent(answer_5)

# %%
check(5, answer_5)

# %% [markdown]
# Nothing in the honest reading was miscounted: $\frac{41}{78}$ is *exactly right for a
# world of honest callers*. In Dora's world her call of 14 is true less than one time in
# three. A wrong model gives numbers that are exactly right for the wrong world: that is
# why bluffmath always states the model beside the answer.
#
# ## 7. Where the decision flips
#
# Doubting wins when the call is false. Use the simplest rule here: doubt when the chance
# that the call is true is below $\frac12$ (lesson 3's rule, against your best raise, takes
# the reading in the same way). With bluff = 0 you believe ($\frac{41}{78}$); with the
# default bluff = $\frac1{10}$ you doubt ($\frac{331}{832}$). Somewhere in between, the
# decision flips.
#
# Split the Bayes table into the believed values (6, 7: likelihood 1) and the others
# (likelihood $\beta$). With
# $A = \sum_{\text{believed}} P(x)\,P(\text{true} \mid x)$, $C = \sum_{\text{believed}} P(x)$,
# and $B$, $D$ the same sums over the other values,
#
# $$P(\text{true} \mid \text{call}) = \frac{A + \beta B}{C + \beta D}.$$

# %% [markdown] lang="de"
# In der ehrlichen Deutung wurde nichts falsch gezählt: $\frac{41}{78}$ ist *genau richtig für
# eine Welt ehrlicher Ansagender*. In Doras Welt stimmt ihre Ansage 14 in weniger als einem
# von drei Fällen. Ein falsches Modell liefert Zahlen, die für die falsche Welt genau richtig
# sind: Deshalb nennt bluffmath das Modell immer neben der Antwort.
#
# ## 7. Wo die Entscheidung kippt
#
# Anzweifeln gewinnt, wenn die Ansage falsch ist. Nimm hier die einfachste Regel: Zweifle an,
# wenn die Wahrscheinlichkeit, dass die Ansage stimmt, unter $\frac12$ liegt (die Regel aus
# Lektion 3, mit deiner besten Erhöhung, nimmt die Deutung genauso auf). Bei Bluffrate 0
# glaubst du ($\frac{41}{78}$); bei der Standard-Bluffrate $\frac1{10}$ zweifelst du an
# ($\frac{331}{832}$). Irgendwo dazwischen kippt die Entscheidung.
#
# Teile die Bayes-Tabelle in die Werte, bei denen er glaubt (6, 7: Likelihood 1), und die
# anderen (Likelihood $\beta$). Mit
# $A = \sum_{\text{geglaubt}} P(x)\,P(\text{stimmt} \mid x)$,
# $C = \sum_{\text{geglaubt}} P(x)$ und $B$, $D$ denselben Summen über die anderen Werte gilt
#
# $$P(\text{stimmt} \mid \text{Ansage}) = \frac{A + \beta B}{C + \beta D}.$$

# %%
A = card_prior[6] * true_given[6] + card_prior[7] * true_given[7]
C = card_prior[6] + card_prior[7]
B = sum(card_prior[x] * true_given[x] for x in range(6))  # the same over the values 0 to 5
D = sum(card_prior[x] for x in range(6))
A, B, C, D

# %% [markdown]
# **Exercise 6.** Find the bluff rate $\beta$ at which $P(\text{true} \mid \text{call})$
# is exactly $\frac12$. Set the fraction equal to $\frac12$, $2(A + \beta B) = C + \beta
# D$, and solve for $\beta$ on paper; then compute it from `A`, `B`, `C` and `D`.

# %% [markdown] lang="de"
# **Aufgabe 6.** Finde die Bluffrate $\beta$, bei der $P(\text{stimmt} \mid \text{Ansage})$
# genau $\frac12$ ist. Setz den Bruch gleich $\frac12$, $2(A + \beta B) = C + \beta D$, und
# löse auf dem Papier nach $\beta$ auf; dann berechne sie aus `A`, `B`, `C` und `D`.

# %% [markdown] tags=["paper"]
# Doubting wins when the call is false. Use the simplest rule: doubt when the chance that
# the call is true is below $\frac12$. With an honest caller ($\beta = 0$) you believe;
# with the default $\beta = \frac1{10}$ you doubt. Somewhere in between, the decision
# flips. Split the Bayes table into the believed values (6 and 7: likelihood 1) and the
# others (0 to 5: likelihood $\beta$). Write $P(\text{true} \mid x)$ for the chance that
# the call is true when seat 1 holds $x$ (the table of exercise 4). With $A$ the sum of
# $P(x)\,P(\text{true} \mid x)$ over the believed values, $C$ the sum of their $P(x)$,
# and $B$ and $D$ the same sums over the other values,
#
# $$P(\text{true} \mid \text{call}) = \frac{A + \beta B}{C + \beta D}.$$
#
# <!-- paper -->
#
# **Exercise 6.** Find the bluff rate $\beta$ at which $P(\text{true} \mid \text{call})$
# is exactly $\frac12$, with $A$, $B$, $C$ and $D$ as given above. (Set the fraction equal
# to $\frac12$ and solve for $\beta$.)

# %% [markdown] lang="de" tags=["paper"]
# Anzweifeln gewinnt, wenn die Ansage falsch ist. Nimm die einfachste Regel: Zweifle an, wenn
# die Wahrscheinlichkeit, dass die Ansage stimmt, unter $\frac12$ liegt. Bei einem ehrlichen
# Ansagenden ($\beta = 0$) glaubst du; bei der Standard-Bluffrate $\beta = \frac1{10}$
# zweifelst du an. Irgendwo dazwischen kippt die Entscheidung. Teile die Bayes-Tabelle in die
# Werte, bei denen er glaubt (6 und 7: Likelihood 1), und die anderen (0 bis 5: Likelihood
# $\beta$). Schreib $P(\text{stimmt} \mid x)$ für die Wahrscheinlichkeit, dass die Ansage
# stimmt, wenn Platz 1 die Karte $x$ hat (die Tabelle aus Aufgabe 4). Mit $A$ der Summe von
# $P(x)\,P(\text{stimmt} \mid x)$ über die geglaubten Werte, $C$ der Summe ihrer $P(x)$ und
# $B$ und $D$ denselben Summen über die anderen Werte gilt
#
# $$P(\text{stimmt} \mid \text{Ansage}) = \frac{A + \beta B}{C + \beta D}.$$
#
# <!-- paper -->
#
# **Aufgabe 6.** Finde die Bluffrate $\beta$, bei der $P(\text{stimmt} \mid \text{Ansage})$
# genau $\frac12$ ist, mit $A$, $B$, $C$ und $D$ wie oben angegeben. (Setz den Bruch gleich
# $\frac12$ und löse nach $\beta$ auf.)

# %% tags=["exercise"]
answer_6 = ...  # a Fraction

# %% tags=["solution"]
answer_6 = (C - 2 * A) / (2 * B - D)
at_answer = hs.read_bids(4, 2, [call_14], model=hs.OpponentModel(bluff=answer_6))
answer_6, percent(answer_6), at_answer.at_least(14)  # the reading is exactly 1/2 there

# %%
check(6, answer_6)

# %% [markdown]
# (`hs.break_even_bluff(4, 2, 14)` solves the equation for you.) By the simple rule, a
# caller who bluffs more readily than about once in 74 believed calls already turns
# "believe" into "doubt". The decision hangs on a number nobody at the table knows
# exactly: read the bids, but know what you assumed.
#
# ## Summary
#
# - The **prior** is card counting: the total from your card, and each unseen card equally
#   likely to be the caller's.
# - A call is evidence only through a stated **model**: likelihood 1 for a call the caller
#   believes, $\beta$ for a bluff.
# - **Bayes' rule** as a table: prior × likelihood, divided by the sum (the chance of the
#   call). The posterior of the caller's card, weighed with card counting for the rest,
#   gives the chance that the call is true; `read_bids` does it for any calls.
# - The answer depends on the model: at $\beta = 1$ the call says nothing, at $\beta = 0$
#   it says the most, and here the decision flips at $\beta = \frac{4}{295}$. A wrong model
#   gives numbers that are exactly right for the wrong world.
#
# Next lesson: deduction with constraints in *Gauner raus!*, where every number written
# is true, and counting the deals that fit them is all there is to do.

# %% [markdown] lang="de"
# (`hs.break_even_bluff(4, 2, 14)` löst die Gleichung für dich.) Nach der einfachen Regel
# reicht schon ein Ansagender, der öfter als etwa einmal auf 74 geglaubte Ansagen blufft,
# damit aus „glauben“ „anzweifeln“ wird. Die Entscheidung hängt an einer Zahl, die niemand am
# Tisch genau kennt: Lies die Ansagen, aber wisse, was du dabei angenommen hast.
#
# ## Zusammenfassung
#
# - Der **Prior** ist Kartenzählen: die Summe ausgehend von deiner Karte, und jede
#   ungesehene Karte ist gleich wahrscheinlich die des Ansagenden.
# - Eine Ansage ist nur über ein formuliertes **Modell** ein Hinweis: Likelihood 1 für eine
#   Ansage, an die der Ansagende glaubt, $\beta$ für einen Bluff.
# - Der **Satz von Bayes** als Tabelle: Prior × Likelihood, geteilt durch die Summe (die
#   Wahrscheinlichkeit der Ansage). Der Posterior der Karte des Ansagenden, für den Rest mit
#   Kartenzählen gewichtet, ergibt die Wahrscheinlichkeit, dass die Ansage stimmt; `read_bids`
#   macht das für beliebige Ansagen.
# - Die Antwort hängt vom Modell ab: Bei $\beta = 1$ sagt die Ansage nichts, bei $\beta = 0$
#   am meisten, und hier kippt die Entscheidung bei $\beta = \frac{4}{295}$. Ein falsches
#   Modell liefert Zahlen, die für die falsche Welt genau richtig sind.
#
# Nächste Lektion: Schlussfolgern mit Bedingungen in *Gauner raus!*, wo jede aufgeschriebene
# Zahl stimmt und es nur darum geht, die Austeilungen zu zählen, die dazu passen.

# %% [markdown]
# ## Going further
#
# - Seat 3 raises to 15 after seat 1's 14. Read both calls with
#   `hs.read_bids(4, 2, [hs.SpokenCall(1, 14, ()), hs.SpokenCall(3, 15, ())])`. Is the
#   second call independent evidence? What does the model assume?
# - The normaliser is the chance of hearing the call under a model. For the honest model
#   and for Dora's, which makes a call of 14 more likely? What would a second, third call
#   by the same player tell you about *which model* fits them?
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Platz 3 erhöht nach der 14 von Platz 1 auf 15. Lies beide Ansagen mit
#   `hs.read_bids(4, 2, [hs.SpokenCall(1, 14, ()), hs.SpokenCall(3, 15, ())])`. Ist die zweite
#   Ansage ein unabhängiger Hinweis? Was nimmt das Modell an?
# - Die Normierungskonstante ist die Wahrscheinlichkeit, die Ansage unter einem Modell zu
#   hören. Unter welchem Modell, dem ehrlichen oder Doras, ist eine Ansage von 14
#   wahrscheinlicher? Was würde dir eine zweite, dritte Ansage desselben Spielers darüber
#   verraten, *welches Modell* zu ihm passt?
#
# Diese beiden Fragen sind zum Diskutieren gedacht; es gibt keinen Check (die Antworten
# stehen in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ## Going further
#
# - Seat 3 raises to 15 after seat 1's 14. Read both calls together, as this lesson read
#   one. Is the second call independent evidence? What does the model assume?
# - The normaliser is the chance of hearing the call under a model. For the honest model
#   and for Dora's, which makes a call of 14 more likely? What would a second, third call
#   by the same player tell you about *which model* fits them?

# %% [markdown] lang="de" tags=["paper"]
# ## Weiterdenken
#
# - Platz 3 erhöht nach der 14 von Platz 1 auf 15. Lies beide Ansagen zusammen, so wie diese
#   Lektion eine gelesen hat. Ist die zweite Ansage ein unabhängiger Hinweis? Was nimmt das
#   Modell an?
# - Die Normierungskonstante ist die Wahrscheinlichkeit, die Ansage unter einem Modell zu
#   hören. Unter welchem Modell, dem ehrlichen oder Doras, ist eine Ansage von 14
#   wahrscheinlicher? Was würde dir eine zweite, dritte Ansage desselben Spielers darüber
#   verraten, *welches Modell* zu ihm passt?

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - After seat 1's 14 alone, the chance that red reaches 15 is $\frac{123}{416}$
#   (29.6 %); with seat 3's 15 as well, $\frac{513}{1228}$ (41.8 %). The model reads each
#   call from the caller's own card only, as if seat 3 had not heard seat 1. In a real
#   game seat 3 may raise *because* of seat 1's call, and then the two calls partly repeat
#   one piece of evidence: the model counts it twice.
# - The normaliser is $\frac{1}{7}$ (14.3 %) for honest callers and $\frac{5}{14}$
#   (35.7 %) under Dora's model: a call of 14 is $\frac{5}{2}$ times as likely from a
#   player like Dora. Each further call multiplies the odds between the two models by its
#   own such ratio (Bayes' rule on the models): a player who keeps making calls an
#   honest player would rarely make soon looks like Dora.

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Nach der 14 von Platz 1 allein erreicht Rot die 15 mit Wahrscheinlichkeit
#   $\frac{123}{416}$ (29,6 %); kommt die 15 von Platz 3 dazu, mit $\frac{513}{1228}$
#   (41,8 %). Das Modell liest jede Ansage nur von der eigenen Karte des Ansagenden aus, als
#   hätte Platz 3 die Ansage von Platz 1 nicht gehört. In einem echten Spiel erhöht Platz 3
#   vielleicht *wegen* der Ansage von Platz 1, und dann wiederholen die beiden Ansagen
#   teilweise denselben Hinweis: Das Modell zählt ihn doppelt.
# - Die Normierungskonstante ist $\frac{1}{7}$ (14,3 %) für ehrliche Ansagende und
#   $\frac{5}{14}$ (35,7 %) unter Doras Modell: Eine Ansage von 14 ist von einem Spieler wie
#   Dora $\frac{5}{2}$-mal so wahrscheinlich. Jede weitere Ansage multipliziert das
#   Chancenverhältnis zwischen den beiden Modellen mit ihrem eigenen solchen Verhältnis (der
#   Satz von Bayes, angewandt auf die Modelle): Ein Spieler, der immer wieder Ansagen macht,
#   die ein ehrlicher Spieler selten machen würde, sieht bald aus wie Dora.
