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
# # Lesson 3: When to doubt and when to raise
#
# Lessons 1 and 2 worked out how likely a call is. At the table you must also **do**
# something: doubt the call or raise it, and either can cost you a penalty point. This
# lesson puts a price on each choice, the *expected penalty*, and finds the chance of a
# call at which the two prices are equal: the *break-even* probability.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. say who pays when a call is doubted, and compute the expected penalty of doubting;
# 2. compute the expected penalty of raising, and say which raise to compare with;
# 3. find the break-even probability and decide "doubt" or "raise" from exact odds;
# 4. (extra practice) explain how the decision moves with the number of players and your
#    own card, and why a call more likely true than not can still be worth doubting.
#
# **Where this lesson fits.** Lesson 3 of 8, on Hochstapler. Before it: lessons 1 and 2 (a
# colour's total, counted from your own card and the face-up cards). One school lesson.

# %% [markdown] lang="de"
# # Lektion 3: Wann du anzweifelst und wann du erhöhst
#
# In den Lektionen 1 und 2 hast du ausgerechnet, wie wahrscheinlich eine Ansage ist. Am Tisch
# musst du aber auch etwas **tun**: die Ansage anzweifeln oder erhöhen, und beides kann dich
# einen Minuspunkt kosten. In dieser Lektion bekommt jede Entscheidung einen Preis, die
# *erwarteten Minuspunkte*, und du findest die Wahrscheinlichkeit einer Ansage, bei der beide
# Preise gleich sind: die *Schwellenwahrscheinlichkeit*.
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. sagen, wer zahlt, wenn eine Ansage angezweifelt wird, und die erwarteten Minuspunkte
#    beim Anzweifeln berechnen;
# 2. die erwarteten Minuspunkte beim Erhöhen berechnen und sagen, mit welcher Erhöhung du
#    vergleichen musst;
# 3. die Schwellenwahrscheinlichkeit bestimmen und mit exakten Wahrscheinlichkeiten
#    zwischen „anzweifeln“ und „erhöhen“ entscheiden;
# 4. (Zusatzübungen) erklären, wie sich die Entscheidung mit der Anzahl der Spieler und mit
#    deiner eigenen Karte verschiebt, und warum es sich lohnen kann, eine Ansage anzuzweifeln,
#    die eher stimmt als nicht.
#
# **Wo diese Lektion steht.** Lektion 3 von 8, zu Hochstapler. Davor: die Lektionen 1 und 2
# (die Summe einer Farbe, gezählt von deiner eigenen Karte und den offenen Karten aus). Eine
# Schulstunde.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 28 minutes, 37 with the extra
# practice).** What a doubt costs, from the rules: 5 min. Doubting: 5 min (exercise 1).
# Raising: 6 min (exercise 2). The break-even and the decision: 7 min (exercises 3, 4).
# The widget, in pairs: 5 min. Extra practice, at home or for a fast class: players and
# your own card, the rule written as a function with one blank (exercise 5), and a
# likely call worth doubting (exercise 6).
#
# **Working time, counted for a class that has never programmed: about 38 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 1038 words to read at 120 a minute, 12 code cells
# to run (21 lines of code to read), 4 exercises by kind (reading: 1 at 2 minutes; one
# call: 2 at 4 minutes; a few lines: 1 at 7 minutes), 1 widget at 3 minutes. The extra
# practice after the summary, for a fast class or for home, takes about 22 minutes more:
# 397 words to read at 120 a minute, 5 code cells to run (15 lines of code to read), 2
# exercises by kind (a few lines: 2 at 7 minutes), 0 widgets at 3 minutes.
#
# **Common mistakes.**
# - Giving the chance that the doubt is *right*, $1 - p$, as its expected penalty
#   (exercise 1). You pay when the call is **true**. The check says so.
# - Leaving your own card out of the chance (lesson 2's lesson); the check names it.
# - Using the chance that the raise is true instead of its penalty, $1 - q$
#   (exercises 2 and 3).
# - Comparing with a raise in the called colour when another colour offers a safer
#   raise (exercise 3): here the blue 7 changes the answer of exercise 4.
# - The rule of thumb "doubt whatever is less likely than not" ($p < \frac12$). It
#   agrees with the exact rule in small games and fails with six or seven players
#   (exercise 5, extra practice): the raise has its own risk.
#
# **To discuss.** The model looks one step ahead and assumes the worst: that your raise
# will be doubted. Is that too gloomy? (The widget lets the next player doubt only some of
# the time; but that player's doubt is not a coin toss: they doubt more often when your
# raise is false, so the kind estimate is too kind.) What the model leaves out: the doubter
# opens the next round; an exchange before raising (lesson 2); what the caller's call says
# about their card (lesson 4). And a point is a point: a doubt that loses by one pip costs
# as much as one that loses by ten.

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 28 Minuten, 37
# mit den Zusatzübungen).** Was ein Zweifel kostet, nach den Regeln: 5 Min. Anzweifeln: 5 Min.
# (Aufgabe 1). Erhöhen: 6 Min. (Aufgabe 2). Die Schwelle und die Entscheidung: 7 Min.
# (Aufgaben 3, 4). Das Widget, in Partnerarbeit: 5 Min. Zusatzübungen, zu Hause oder für eine
# schnelle Klasse: Spieleranzahl und eigene Karte, die Regel als Funktion mit einer Lücke
# (Aufgabe 5), und eine wahrscheinliche Ansage, die sich anzuzweifeln lohnt (Aufgabe 6).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: etwa 38 Minuten**,
# also innerhalb einer Schulstunde von 40 Minuten. Gezählt von `notebooks/lessons/timing.py`
# an der englischen Schülerfassung, jede Aufgabe danach, was sie verlangt: 1038 Wörter zu
# lesen bei 120 pro Minute, 12 Code-Zellen auszuführen (21 Zeilen Code zu lesen), 4 Aufgaben
# nach Art (Ablesen: 1 zu 2 Minuten; ein Aufruf: 2 zu je 4 Minuten; ein paar Zeilen: 1 zu 7
# Minuten), 1 Widget zu 3 Minuten. Die Zusatzübungen nach der Zusammenfassung, für eine
# schnelle Klasse oder für zu Hause, brauchen etwa 22 Minuten mehr: 397 Wörter zu lesen bei
# 120 pro Minute, 5 Code-Zellen auszuführen (15 Zeilen Code zu lesen), 2 Aufgaben nach Art
# (ein paar Zeilen: 2 zu je 7 Minuten), 0 Widgets zu 3 Minuten.
#
# **Häufige Fehler.**
# - Die Wahrscheinlichkeit, dass der Zweifel *berechtigt* ist, $1 - p$, als erwartete
#   Minuspunkte angeben (Aufgabe 1). Man zahlt, wenn die Ansage **stimmt**. Der Check sagt es.
# - Die eigene Karte bei der Wahrscheinlichkeit weglassen (die Lehre aus Lektion 2); der
#   Check nennt es.
# - Die Wahrscheinlichkeit, dass die Erhöhung stimmt, statt ihrer Minuspunkte $1 - q$
#   verwenden (Aufgaben 2 und 3).
# - Mit einer Erhöhung in der angesagten Farbe vergleichen, wenn eine andere Farbe eine
#   sicherere Erhöhung bietet (Aufgabe 3): Hier ändert die blaue 7 die Antwort von Aufgabe 4.
# - Die Faustregel „zweifle alles an, was eher falsch als richtig ist“ ($p < \frac12$). Sie
#   stimmt in kleinen Runden mit der exakten Regel überein und versagt bei sechs oder sieben
#   Spielern (Aufgabe 5, Zusatzübungen): Auch die Erhöhung hat ihr eigenes Risiko.
#
# **Zum Besprechen.** Das Modell schaut einen Schritt voraus und nimmt das Schlimmste an:
# dass deine Erhöhung angezweifelt wird. Ist das zu pessimistisch? (Im Widget kann der
# nächste Spieler auch nur manchmal anzweifeln; aber sein Zweifel ist kein Münzwurf: Er
# zweifelt öfter an, wenn deine Erhöhung falsch ist, und so ist die freundliche Schätzung zu
# freundlich.) Was das Modell weglässt: Wer anzweifelt, eröffnet die nächste Runde; ein Tausch
# vor dem Erhöhen (Lektion 2); was die Ansage über die Karte des Ansagenden verrät (Lektion
# 4). Und ein Punkt ist ein Punkt: Ein Zweifel, der um einen Punkt verliert, kostet so viel
# wie einer, der um zehn verliert.

# %%
from fractions import Fraction

from IPython.display import HTML

from bluffmath import hochstapler as hs
from bluffmath.display import percent, table_html
from bluffmath_widgets.lessons.doubting import DoubtOrRaise, bot_says, check

# %% [markdown]
# ## 1. What a doubt costs, and whom
#
# The rules say: when a player doubts, everyone shows their card of the called colour
# and the values are added up.
#
# - If the total is **at least** the call, the doubter was wrong and takes the colour.
# - If the total is **lower**, the caller is exposed as a *Hochstapler* (an impostor) and
#   takes it.
#
# "Taking the colour" means **one penalty point** (the rulings in the bluffmath
# documentation). Nobody else scores, and the margin does not matter: short by one costs
# as much as short by ten. At the end, the fewest points win.
#
# The position for the whole lesson: four players; Ada, at seat 0, opens with **"13
# red"**. You, at seat 1, must answer. Nothing lies face up. Your hand:

# %% [markdown] lang="de"
# ## 1. Was ein Zweifel kostet, und wen
#
# Die Regeln sagen: Wenn ein Spieler anzweifelt, zeigen alle ihre Karte der angesagten Farbe,
# und die Werte werden addiert.
#
# - Ist die Summe **mindestens** so groß wie die Ansage, lag der Zweifler falsch und bekommt
#   die Farbe.
# - Ist die Summe **kleiner**, ist der Ansagende als *Hochstapler* entlarvt und bekommt sie.
#
# „Die Farbe bekommen“ heißt **ein Minuspunkt** (so die Regelauslegungen in der Dokumentation
# von bluffmath). Sonst bekommt niemand Punkte, und der Abstand ist egal: Um eins zu knapp
# kostet so viel wie um zehn zu knapp. Am Ende gewinnt, wer die wenigsten Punkte hat.
#
# Die Spielsituation für die ganze Lektion: vier Spieler; Ada auf Platz 0 eröffnet mit **„13
# Rot“**. Du sitzt auf Platz 1 und musst antworten. Nichts liegt offen. Deine Hand:

# %%
hand = {"red": 4, "orange": 2, "yellow": 1, "green": 3, "blue": 7, "purple": 0, "black": 5}
position = hs.Position(players=4, me=1, hand=hand, history=[hs.Call(0, 13, "red")])
position.call

# %% [markdown]
# If you doubt, you take one point when the call is true, none when it is false. The
# *expected penalty* is the average number of points over the equally likely deals:
#
# $$E[\text{penalty} \mid \text{doubt}] = 1 \cdot P(\text{call true}) + 0 \cdot
# P(\text{call false}).$$
#
# Lesson 2's `hs.call_odds(players, own, call)` is the chance that a call is true, counted
# from your own card in the called colour. Here is the chance that the red total is at
# least **10**, with four players and your red 4:

# %% [markdown] lang="de"
# Wenn du anzweifelst, bekommst du einen Punkt, falls die Ansage stimmt, und keinen, falls sie
# falsch ist. Die *erwarteten Minuspunkte* sind die durchschnittliche Anzahl von Punkten über
# alle gleich wahrscheinlichen Austeilungen:
#
# $$E[\text{Minuspunkte} \mid \text{anzweifeln}] = 1 \cdot P(\text{Ansage stimmt}) + 0 \cdot
# P(\text{Ansage falsch}).$$
#
# `hs.call_odds(players, own, call)` aus Lektion 2 ist die Wahrscheinlichkeit, dass eine
# Ansage stimmt, gezählt von deiner eigenen Karte in der angesagten Farbe aus. Hier die
# Wahrscheinlichkeit, dass die rote Summe mindestens **10** ist, bei vier Spielern und deiner
# roten 4:

# %%
hs.call_odds(players=4, own=4, call=10)

# %% [markdown]
# **Exercise 1.** What is your expected penalty, in points, if you doubt Ada's 13 in red?
# (You hold the red 4: use it, as in lesson 2.)

# %% [markdown] lang="de"
# **Aufgabe 1.** Wie viele Minuspunkte erwartest du, wenn du Adas 13 in Rot anzweifelst? (Du
# hast die rote 4: Benutze sie, wie in Lektion 2.)

# %% [markdown] tags=["paper"]
# When a player doubts, everyone shows their card of the called colour and the values are
# added up. If the total is **at least** the call, the doubter was wrong and takes the
# colour; if it is lower, the caller takes it. Taking the colour is **one penalty point**,
# and at the end the fewest points win. So if you doubt, you take one point when the call
# is true and none when it is false. Your *expected penalty* is the average number of
# points over the equally likely deals:
#
# $$E[\text{penalty} \mid \text{doubt}] = 1 \cdot P(\text{call true}) + 0 \cdot
# P(\text{call false}).$$
#
# **Exercise 1.** What is your expected penalty, in points, if you doubt Ada's 13 in red?
# (You hold the red 4: read its row of the table above.)

# %% [markdown] lang="de" tags=["paper"]
# Wenn ein Spieler anzweifelt, zeigen alle ihre Karte der angesagten Farbe, und die Werte
# werden addiert. Ist die Summe **mindestens** so groß wie die Ansage, lag der Zweifler falsch
# und bekommt die Farbe; ist sie kleiner, bekommt sie der Ansagende. Die Farbe zu bekommen ist
# **ein Minuspunkt**, und am Ende gewinnt, wer die wenigsten Punkte hat. Wenn du anzweifelst,
# bekommst du also einen Punkt, falls die Ansage stimmt, und keinen, falls sie falsch ist.
# Deine *erwarteten Minuspunkte* sind die durchschnittliche Anzahl von Punkten über alle
# gleich wahrscheinlichen Austeilungen:
#
# $$E[\text{Minuspunkte} \mid \text{anzweifeln}] = 1 \cdot P(\text{Ansage stimmt}) + 0 \cdot
# P(\text{Ansage falsch}).$$
#
# **Aufgabe 1.** Wie viele Minuspunkte erwartest du, wenn du Adas 13 in Rot anzweifelst? (Du
# hast die rote 4: Lies ihre Zeile in der Tabelle oben ab.)

# %% tags=["exercise"]
answer_1 = ...  # a Fraction (points)

# %% tags=["solution"]
answer_1 = hs.call_odds(players=4, own=4, call=13)  # 1 · P(true) + 0 · P(false) is P(true)
answer_1, percent(answer_1)

# %%
check(1, answer_1)

# %% [markdown]
# The call is a little less likely than not. Doubt it? First price the other choice.
#
# ## 2. What a raise risks
#
# If you raise, the next player raises again or doubts **your** call, and then you take
# the point if your call is false. Assume the worst, that you will be doubted:
#
# $$E[\text{penalty} \mid \text{raise}] = P(\text{your raise is false}) = 1 - q ,$$
#
# where $q$ is the chance that your raise is true.
#
# Which raise? Any total above 13, in any colour. A higher total is never likelier, so
# the safest raise in a colour is 14. Worked for red, with your red 4: the chance $q$ that
# "14 red" is true, and your expected penalty $1 - q$ if you are doubted:

# %% [markdown] lang="de"
# Die Ansage ist ein bisschen eher falsch als richtig. Also anzweifeln? Gib zuerst der anderen
# Entscheidung einen Preis.
#
# ## 2. Was eine Erhöhung riskiert
#
# Wenn du erhöhst, erhöht der nächste Spieler wieder oder zweifelt **deine** Ansage an, und
# dann bekommst du den Punkt, wenn deine Ansage falsch ist. Nimm das Schlimmste an, nämlich
# dass du angezweifelt wirst:
#
# $$E[\text{Minuspunkte} \mid \text{erhöhen}] = P(\text{deine Erhöhung ist falsch}) = 1 - q ,$$
#
# wobei $q$ die Wahrscheinlichkeit ist, dass deine Erhöhung stimmt.
#
# Welche Erhöhung? Jede Summe über 13, in jeder Farbe. Eine höhere Summe ist nie
# wahrscheinlicher, also ist in jeder Farbe 14 die sicherste Erhöhung. Für Rot
# ausgerechnet, mit deiner roten 4: die Wahrscheinlichkeit $q$, dass „14 Rot“ stimmt, und
# deine erwarteten Minuspunkte $1 - q$, wenn du angezweifelt wirst:

# %%
q_red = hs.call_odds(players=4, own=4, call=14)
q_red, 1 - q_red

# %% [markdown]
# Your own card makes the colour matter. `odds_table` shows every colour, with the chance
# of the lowest call you may make. (Its column "reading the bids" is lesson 4.)

# %% [markdown] lang="de"
# Wegen deiner eigenen Karten ist die Farbe nicht egal. `odds_table` zeigt jede Farbe mit der
# Wahrscheinlichkeit der niedrigsten Ansage, die du machen darfst. (Ihre Spalte „Ansagen lesen“
# kommt in Lektion 4.)

# %%
table = hs.odds_table(position)
table

# %% [markdown]
# **Exercise 2.** Give your expected penalty if you raise to **14 in red** and if you
# raise to **14 in blue** (you hold the blue 7), assuming the next player doubts you, as a
# pair `(red, blue)`. The red one is worked above.

# %% [markdown] lang="de"
# **Aufgabe 2.** Gib deine erwarteten Minuspunkte an, wenn du auf **14 in Rot** erhöhst und
# wenn du auf **14 in Blau** erhöhst (du hast die blaue 7), jeweils unter der Annahme, dass der
# nächste Spieler dich anzweifelt, als Paar `(red, blue)` (Rot, Blau). Rot ist oben schon
# ausgerechnet.

# %% [markdown] tags=["paper"]
# If you raise, the next player raises again or doubts **your** call, and then you take
# the point if your call is false. Assume the worst, that you will be doubted: your
# expected penalty is then $1 - q$, where $q$ is the chance that your raise is true. You
# may raise to any total above 13, in any colour; a higher total is never likelier, so the
# safest raise in a colour is 14.
#
# **Exercise 2.** Give your expected penalty if you raise to **14 in red** and if you
# raise to **14 in blue**, assuming the next player doubts you, as a pair (red, blue).

# %% [markdown] lang="de" tags=["paper"]
# Wenn du erhöhst, erhöht der nächste Spieler wieder oder zweifelt **deine** Ansage an, und
# dann bekommst du den Punkt, wenn deine Ansage falsch ist. Nimm das Schlimmste an, nämlich
# dass du angezweifelt wirst: Deine erwarteten Minuspunkte sind dann $1 - q$, wobei $q$ die
# Wahrscheinlichkeit ist, dass deine Erhöhung stimmt. Du darfst auf jede Summe über 13
# erhöhen, in jeder Farbe; eine höhere Summe ist nie wahrscheinlicher, also ist in jeder
# Farbe 14 die sicherste Erhöhung.
#
# **Aufgabe 2.** Gib deine erwarteten Minuspunkte an, wenn du auf **14 in Rot** erhöhst und
# wenn du auf **14 in Blau** erhöhst, jeweils unter der Annahme, dass der nächste Spieler dich
# anzweifelt, als Paar (Rot, Blau).

# %% tags=["exercise"]
answer_2 = ...  # a pair of Fractions: (red, blue), the red one as worked above

# %% tags=["solution"]
answer_2 = (1 - q_red, 1 - hs.call_odds(players=4, own=7, call=14))
answer_2, [percent(x) for x in answer_2]

# %%
check(2, answer_2)

# %% [markdown]
# ## 3. The break-even probability
#
# Doubting costs $p = P(\text{call true})$, raising costs $1 - q$. So
#
# $$\text{doubt when } p < 1 - q, \qquad \text{raise when } p \ge 1 - q .$$
#
# $1 - q$ is the **break-even probability**: below it, a doubt is cheaper on average.
# Use your best raise, the one with the largest $q$. `table.best_calls(1)` gives it as a
# list of one pair, (the call, its chance $q$); `[0]` takes the pair out of the list, and
# `best_call, q_best = ...` names its two parts:

# %% [markdown] lang="de"
# ## 3. Die Schwellenwahrscheinlichkeit
#
# Anzweifeln kostet $p = P(\text{Ansage stimmt})$, Erhöhen kostet $1 - q$. Also
#
# $$\text{anzweifeln, wenn } p < 1 - q, \qquad \text{erhöhen, wenn } p \ge 1 - q .$$
#
# $1 - q$ ist die **Schwellenwahrscheinlichkeit**: Liegt $p$ darunter, ist ein Zweifel im
# Mittel billiger. Nimm deine beste Erhöhung, die mit dem größten $q$. `table.best_calls(1)`
# gibt sie als Liste mit einem Paar an, (die Ansage, ihre Wahrscheinlichkeit $q$); `[0]` holt
# das Paar aus der Liste, und `best_call, q_best = ...` gibt seinen beiden Teilen Namen:

# %%
best_call, q_best = table.best_calls(1)[0]
best_call, q_best

# %% [markdown]
# **Exercise 3.** What is the break-even probability $1 - q$ for Ada's call, given your
# best raise?

# %% [markdown] lang="de"
# **Aufgabe 3.** Wie groß ist die Schwellenwahrscheinlichkeit $1 - q$ für Adas Ansage, mit
# deiner besten Erhöhung?

# %% [markdown] tags=["paper"]
# Doubting costs $p = P(\text{call true})$ on average, raising costs $1 - q$. So doubt
# when $p < 1 - q$, and raise when $p \ge 1 - q$. $1 - q$ is the **break-even
# probability**: below it, a doubt is cheaper on average. Use your best raise: 14 in the
# colour where it is likeliest to be true (your card in each colour is in your hand).
#
# **Exercise 3.** What is the break-even probability for Ada's call, given your best
# raise?

# %% [markdown] lang="de" tags=["paper"]
# Anzweifeln kostet im Mittel $p = P(\text{Ansage stimmt})$, Erhöhen kostet $1 - q$. Zweifle
# also an, wenn $p < 1 - q$, und erhöhe, wenn $p \ge 1 - q$. $1 - q$ ist die
# **Schwellenwahrscheinlichkeit**: Liegt $p$ darunter, ist ein Zweifel im Mittel billiger.
# Nimm deine beste Erhöhung: 14 in der Farbe, in der sie am wahrscheinlichsten stimmt (deine
# Karte in jeder Farbe ist auf deiner Hand).
#
# **Aufgabe 3.** Wie groß ist die Schwellenwahrscheinlichkeit für Adas Ansage, mit deiner
# besten Erhöhung?

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
answer_3 = 1 - q_best
best_call, answer_3, percent(answer_3)

# %%
check(3, answer_3)

# %% [markdown]
# **Exercise 4.** So: do you doubt Ada's 13 in red, or raise? Answer with the word
# `"doubt"` or `"raise"`.

# %% [markdown] lang="de"
# **Aufgabe 4.** Also: Zweifelst du Adas 13 in Rot an, oder erhöhst du? Antworte mit dem
# englischen Wort `"doubt"` (anzweifeln) oder `"raise"` (erhöhen).

# %% tags=["exercise"]
answer_4 = ...  # "doubt" or "raise"

# %% tags=["solution"]
answer_4 = "doubt" if answer_1 < answer_3 else "raise"
answer_4, percent(answer_1), percent(answer_3)

# %%
check(4, answer_4)

# %% [markdown]
# What decided it: your **blue 7**. With red raises only, a raise to 14 would be false
# with probability 229/364 (about 63 %), and doubting (about 47 %) would be cheaper. A
# good card in *another* colour makes raising safe.
#
# bluffmath's card-counting bot uses the same rule. Asked about this position, and about
# it with only red raises allowed:

# %% [markdown] lang="de"
# Entschieden hat es deine **blaue 7**. Könntest du nur in Rot erhöhen, wäre eine Erhöhung auf
# 14 mit Wahrscheinlichkeit 229/364 (etwa 63 %) falsch, und Anzweifeln (etwa 47 %) wäre
# billiger. Eine gute Karte in einer *anderen* Farbe macht das Erhöhen sicher.
#
# Der kartenzählende Bot von bluffmath benutzt dieselbe Regel. Hier seine Antwort für diese
# Spielsituation, und für dieselbe, wenn nur Erhöhungen in Rot erlaubt sind:

# %%
bot_says(position), bot_says(position, colours=["red"])

# %% [markdown]
# ## 4. Move the call
#
# The widget compares the two choices. Pick your card in the called colour and the card
# you would raise with, and move the call. The solid line is the expected penalty of
# doubting; the dashed line, the **break-even line**, that of the raise. Doubt where the
# solid line is below the dashed one.
#
# - Where do the two lines cross, with your red 4 and the blue 7? With the red 4 only?
# - Change the number of players. Where does the crossing move?
# - Set "the next player doubts my raise" to half the time. Why is that too kind to you?
#   (Who doubts more often: a player facing a true call, or a false one?)

# %% [markdown] lang="de"
# ## 4. Verschieb die Ansage
#
# Das Widget vergleicht die beiden Entscheidungen. Wähle deine Karte in der angesagten Farbe
# und die Karte, mit der du erhöhen würdest, und verschieb die Ansage. Die durchgezogene Linie
# zeigt die erwarteten Minuspunkte beim Anzweifeln, die gestrichelte, die **Schwellenlinie**,
# die beim Erhöhen. Zweifle dort an, wo die durchgezogene Linie unter der gestrichelten liegt.
#
# - Wo kreuzen sich die beiden Linien mit deiner roten 4 und der blauen 7? Nur mit der roten
#   4?
# - Ändere die Anzahl der Spieler. Wohin wandert der Schnittpunkt?
# - Stell „der Nächste zweifelt meine Erhöhung an“ auf „in der Hälfte der Fälle“. Warum ist
#   das zu freundlich zu dir? (Wer zweifelt öfter an: ein Spieler vor einer richtigen Ansage
#   oder vor einer falschen?)

# %%
DoubtOrRaise(players=4, own=4, raise_with=7, call=13)

# %% [markdown]
# ## Summary
#
# - A doubt gives one penalty point to the doubter if the call is true, to the caller if
#   it is false: doubting costs you $P(\text{call true})$ points on average.
# - If your raise is doubted it costs $1 - q$, where $q$ is the chance that your best
#   raise (the lowest total, in your best colour) is true.
# - The break-even probability is $1 - q$: doubt a call less likely than that, raise
#   otherwise. A strong card in any colour makes raising safer.
# - (Extra practice) The line moves up by about three per extra player, and with your
#   own card.
#
# Next lesson: the calls themselves as evidence, read with Bayes' rule.

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Ein Zweifel gibt einen Minuspunkt: dem Zweifler, wenn die Ansage stimmt, dem
#   Ansagenden, wenn sie falsch ist. Anzweifeln kostet dich im Mittel
#   $P(\text{Ansage stimmt})$ Punkte.
# - Wird deine Erhöhung angezweifelt, kostet sie $1 - q$, wobei $q$ die Wahrscheinlichkeit
#   ist, dass deine beste Erhöhung (die niedrigste Summe, in deiner besten Farbe) stimmt.
# - Die Schwellenwahrscheinlichkeit ist $1 - q$: Zweifle eine Ansage an, die weniger
#   wahrscheinlich ist, sonst erhöhe. Eine starke Karte in irgendeiner Farbe macht das
#   Erhöhen sicherer.
# - (Zusatzübungen) Die Schwelle steigt mit jedem weiteren Spieler um etwa drei, und sie
#   hängt von deiner eigenen Karte ab.
#
# Nächste Lektion: die Ansagen selbst als Hinweise, gelesen mit dem Satz von Bayes.

# %% [markdown]
# ## Extra practice: more players, another card, and a likely call worth doubting
#
# *For a fast class, or at home.*
#
# Suppose you can only raise in the called colour, by one. Write $P(t)$ for the chance
# that the total is at least $t$. Doubting a call of $T$ costs $P(T)$; raising to $T + 1$
# costs $1 - P(T + 1)$. So doubt when
#
# $$P(T) < 1 - P(T + 1).$$
#
# Add $P(T + 1)$ to both sides: the rule becomes
#
# $$\text{doubt a call of } T \text{ when } P(T) + P(T + 1) < 1.$$
#
# (The sum of two chances is no chance itself: it can be more than 1.) With no higher
# call left, $T$ the highest total a colour can reach, you must doubt. Here are the calls
# around the crossing, for four players and your red 4, the two chances side by side:

# %% [markdown] lang="de"
# ## Zusatzübungen: mehr Spieler, eine andere Karte und eine wahrscheinliche Ansage, die sich anzuzweifeln lohnt
#
# *Für eine schnelle Klasse oder für zu Hause.*
#
# Angenommen, du kannst nur in der angesagten Farbe erhöhen, und zwar um eins. Schreib $P(t)$
# für die Wahrscheinlichkeit, dass die Summe mindestens $t$ ist. Eine Ansage von $T$
# anzuzweifeln kostet $P(T)$; auf $T + 1$ zu erhöhen kostet $1 - P(T + 1)$. Zweifle also an,
# wenn
#
# $$P(T) < 1 - P(T + 1).$$
#
# Addiere $P(T + 1)$ auf beiden Seiten: Die Regel wird zu
#
# $$\text{zweifle eine Ansage von } T \text{ an, wenn } P(T) + P(T + 1) < 1.$$
#
# (Die Summe zweier Wahrscheinlichkeiten ist selbst keine Wahrscheinlichkeit: Sie kann größer
# als 1 sein.) Gibt es keine höhere Ansage mehr, weil $T$ die höchste Summe ist, die eine
# Farbe erreichen kann, musst du anzweifeln. Hier sind die Ansagen rund um den Schnittpunkt,
# für vier Spieler und deine rote 4, die beiden Wahrscheinlichkeiten nebeneinander:

# %%
rows = [(t, hs.call_odds(4, 4, t), hs.call_odds(4, 4, t + 1)) for t in range(11, 16)]
HTML(table_html(["call T", "P(T)", "P(T + 1)", "P(T) + P(T + 1) < 1?"],
                [(t, p, p_next, "yes: doubt" if p + p_next < 1 else "no: raise") for t, p, p_next in rows]))

# %% [markdown]
# **Exercise 5.** Holding the red 4, and raising only in red, what is the **lowest** call
# in red that you should doubt, with 3, 4, 5, 6 and 7 players? Give a tuple of five
# totals. The cell below does it with a *function*, `lowest_doubt(players, own)`: it
# tries the calls $t = 0, 1, 2, \ldots$ in turn and gives back the first one that the
# rule says to doubt. Fill in its blank 1, the rule, and then blank 2: call the function
# once for each number of players, as `lowest_doubt(3, 4)` for three players and your 4.

# %% [markdown] lang="de"
# **Aufgabe 5.** Du hast die rote 4 und erhöhst nur in Rot: Was ist die **niedrigste** Ansage
# in Rot, die du anzweifeln solltest, bei 3, 4, 5, 6 und 7 Spielern? Gib ein Tupel aus fünf
# Summen an. Die Zelle unten erledigt das mit einer *Funktion*, `lowest_doubt(players, own)`:
# Sie probiert die Ansagen $t = 0, 1, 2, \ldots$ der Reihe nach aus und gibt die erste zurück,
# die man laut der Regel anzweifeln soll. Füll ihre Lücke 1 aus, die Regel, und dann Lücke 2:
# Ruf die Funktion für jede Spieleranzahl einmal auf, etwa `lowest_doubt(3, 4)` für drei
# Spieler und deine 4.

# %% [markdown] tags=["paper"]
# Suppose you can only raise in the called colour, by one. Write $P(t)$ for the chance
# that the total is at least $t$. Doubting a call of $T$ costs $P(T)$; raising to $T + 1$
# costs $1 - P(T + 1)$. So doubt when $P(T) < 1 - P(T + 1)$, that is when
# $P(T) + P(T + 1) < 1$: in the table above, when the counts of $T$ and $T + 1$ add up to
# less than the number of sets in all.
#
# **Exercise 5.** Holding the red 4, and raising only in red, what is the **lowest** call
# in red that you should doubt, with 3, 4, 5, 6 and 7 players? Give the five calls in
# order.

# %% [markdown] lang="de" tags=["paper"]
# Angenommen, du kannst nur in der angesagten Farbe erhöhen, und zwar um eins. Schreib $P(t)$
# für die Wahrscheinlichkeit, dass die Summe mindestens $t$ ist. Eine Ansage von $T$
# anzuzweifeln kostet $P(T)$; auf $T + 1$ zu erhöhen kostet $1 - P(T + 1)$. Zweifle also an,
# wenn $P(T) < 1 - P(T + 1)$, also wenn $P(T) + P(T + 1) < 1$: In der Tabelle oben ist das
# der Fall, wenn die Anzahlen für $T$ und $T + 1$ zusammen kleiner sind als die Anzahl aller
# Auswahlen.
#
# **Aufgabe 5.** Du hast die rote 4 und erhöhst nur in Rot: Was ist die **niedrigste** Ansage
# in Rot, die du anzweifeln solltest, bei 3, 4, 5, 6 und 7 Spielern? Gib die fünf Ansagen der
# Reihe nach an.

# %% tags=["exercise"]
def lowest_doubt(players, own):
    """The lowest call to doubt, holding ``own`` and raising only in the called colour."""
    top = hs.MAX_TOTAL[players]  # the highest total the colour can reach
    for t in range(top):  # t = 0, 1, 2, ... up to top - 1, in turn
        if ...:  # blank 1: the rule, with hs.call_odds(players, own, t) for P(t)
            return t  # the first call to doubt: the function stops here and gives t
    return top  # no lower call is worth doubting: with no higher call left, doubt the top


answer_5 = ...  # blank 2: (lowest_doubt(3, 4), lowest_doubt(4, 4), and so on up to 7 players)

# %% tags=["solution"]
def lowest_doubt(players, own):  # noqa: F811 (the exercise's cell makes it with its blank)
    """The lowest call to doubt, holding ``own`` and raising only in the called colour."""
    top = hs.MAX_TOTAL[players]  # the highest total the colour can reach
    for t in range(top):  # t = 0, 1, 2, ... up to top - 1, in turn
        if hs.call_odds(players, own, t) + hs.call_odds(players, own, t + 1) < 1:
            return t  # the first call to doubt: the function stops here and gives t
    return top  # no lower call is worth doubting: with no higher call left, doubt the top


answer_5 = (lowest_doubt(3, 4), lowest_doubt(4, 4), lowest_doubt(5, 4), lowest_doubt(6, 4), lowest_doubt(7, 4))
answer_5

# %%
check(5, answer_5)

# %% [markdown]
# bluffmath's core has this function too, as `hs.lowest_doubt(players, own)`, with the
# chance that your raise is doubted as a parameter. Four players, your red 4:

# %% [markdown] lang="de"
# Auch der Kern von bluffmath hat diese Funktion, als `hs.lowest_doubt(players, own)`, mit der
# Wahrscheinlichkeit, dass deine Erhöhung angezweifelt wird, als Parameter. Vier Spieler,
# deine rote 4:

# %%
hs.lowest_doubt(4, 4)

# %% [markdown]
# Each extra player adds a hidden card, worth 39/14 (about 2.8) on average when you hold
# the 4, and the line moves up by about that much. Now look at six players and a call of
# 18:

# %% [markdown] lang="de"
# Jeder weitere Spieler bringt eine verdeckte Karte dazu, im Mittel 39/14 (etwa 2,8) wert,
# wenn du die 4 hast, und die Schwelle steigt ungefähr um so viel. Sieh dir jetzt sechs
# Spieler und eine Ansage von 18 an:

# %%
p_18, q_19 = hs.call_odds(6, 4, 18), hs.call_odds(6, 4, 19)
percent(p_18), percent(q_19), p_18 > Fraction(1, 2), p_18 < 1 - q_19

# %% [markdown]
# The call is true **more often than not**, and still you should doubt it: a raise to 19
# is even more likely to be false. The rule of thumb "doubt what is less likely than not"
# gets this wrong. What matters is never the call alone, but the call *against your
# best alternative*.
#
# **Exercise 6.** Four players, raising only in red. What is the lowest call in red that
# you should doubt if you hold the red **0**, and if you hold the red **7**? Give the pair
# `(with a 0, with a 7)`.

# %% [markdown] lang="de"
# Die Ansage stimmt **öfter, als sie falsch ist**, und trotzdem solltest du sie anzweifeln:
# Eine Erhöhung auf 19 ist noch wahrscheinlicher falsch. Die Faustregel „zweifle an, was eher
# falsch als richtig ist“ liegt hier daneben. Es kommt nie auf die Ansage allein an, sondern
# auf die Ansage *im Vergleich zu deiner besten Alternative*.
#
# **Aufgabe 6.** Vier Spieler, du erhöhst nur in Rot. Was ist die niedrigste Ansage in Rot,
# die du anzweifeln solltest, wenn du die rote **0** hast, und wenn du die rote **7** hast?
# Gib das Paar `(mit einer 0, mit einer 7)` an.

# %% [markdown] tags=["paper"]
# With six players and your red 4, a call of 18 is true more often than not, and still
# you should doubt it: a raise to 19 is even more likely to be false. What matters is
# never the call alone, but the call against your best alternative.
#
# **Exercise 6.** Four players, raising only in red, by one (the rule of exercise 5). What
# is the lowest call in red that you should doubt if you hold the red **0**, and if you
# hold the red **7**? (The table of four players at the top counts both.) Give the pair
# (with a 0, with a 7).

# %% [markdown] lang="de" tags=["paper"]
# Bei sechs Spielern und deiner roten 4 stimmt eine Ansage von 18 öfter, als sie falsch ist,
# und trotzdem solltest du sie anzweifeln: Eine Erhöhung auf 19 ist noch wahrscheinlicher
# falsch. Es kommt nie auf die Ansage allein an, sondern auf die Ansage im Vergleich zu
# deiner besten Alternative.
#
# **Aufgabe 6.** Vier Spieler, du erhöhst nur in Rot, und zwar um eins (die Regel aus
# Aufgabe 5). Was ist die niedrigste Ansage in Rot, die du anzweifeln solltest, wenn du die
# rote **0** hast, und wenn du die rote **7** hast? (Die Tabelle für vier Spieler ganz oben
# zählt beides.) Gib das Paar (mit einer 0, mit einer 7) an.

# %% tags=["exercise"]
answer_6 = ...  # a pair of totals: (holding a 0, holding a 7)

# %% tags=["solution"]
answer_6 = (hs.lowest_doubt(4, 0), hs.lowest_doubt(4, 7))
answer_6

# %%
check(6, answer_6)

# %% [markdown]
# ## Going further
#
# - In the widget, with "half the time": the decision of section 3 does not change, but
#   in which positions does it? Is "half the time" a fair guess for a careful opponent?
# - Lesson 2's exchange: before raising you may exchange a card. How would you add "exchange
#   and raise" as a third choice? (bluffmath's `CardCountingBot` does: read its docstring.)
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Im Widget, mit „in der Hälfte der Fälle“: Die Entscheidung aus Abschnitt 3 ändert sich
#   nicht, aber in welchen Spielsituationen ändert sie sich? Ist „in der Hälfte der Fälle“
#   eine faire Schätzung für einen vorsichtigen Gegner?
# - Der Tausch aus Lektion 2: Bevor du erhöhst, darfst du eine Karte tauschen. Wie würdest du
#   „tauschen und erhöhen“ als dritte Möglichkeit dazunehmen? (Der `CardCountingBot` von
#   bluffmath tut das: Lies seinen Docstring.)
#
# Diese beiden Fragen sind zum Diskutieren gedacht; es gibt keinen Check (die Antworten
# stehen in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ### Going further
#
# - On the computer, let the next player doubt your raise only "half the time" (a
#   setting of the lesson's widget). Your decision in exercise 4 does not change, but in
#   which positions does it? Is "half the time" a fair guess for a careful opponent?
# - Lesson 2's exchange: before raising you may exchange a card. How would you add
#   "exchange and raise" as a third choice? (bluffmath's card-counting bot does.)

# %% [markdown] lang="de" tags=["paper"]
# ### Weiterdenken
#
# - Lass am Computer den nächsten Spieler deine Erhöhung nur „in der Hälfte der Fälle“
#   anzweifeln (eine Einstellung im Widget der Lektion). Deine Entscheidung in Aufgabe 4
#   ändert sich nicht, aber in welchen Spielsituationen ändert sie sich? Ist „in der Hälfte
#   der Fälle“ eine faire Schätzung für einen vorsichtigen Gegner?
# - Der Tausch aus Lektion 2: Bevor du erhöhst, darfst du eine Karte tauschen. Wie würdest du
#   „tauschen und erhöhen“ als dritte Möglichkeit dazunehmen? (Der kartenzählende Bot von
#   bluffmath tut das.)

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - With "half the time", the raise's expected penalty halves, so raising stays the better
#   choice for higher calls: raising only in red and holding the red 4, the lowest call to
#   doubt moves up by 2 at every table size (3 to 7 players: 10, 13, 16, 18, 21 become 12,
#   15, 18, 20, 23; `hs.lowest_doubt(players, 4, doubted=Fraction(1, 2))`). It is too kind:
#   a careful opponent doubts a *false* raise more often than a true one, so the chance of
#   being doubted is higher exactly when the raise is likely to be false.
# - Exchange and raise: compare three penalties, the doubt's, the best raise's, and the
#   best raise's after the exchange (its odds from `hs.exchange_distribution`); the bot
#   does this.

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Mit „in der Hälfte der Fälle“ halbieren sich die erwarteten Minuspunkte der Erhöhung,
#   also bleibt Erhöhen auch bei höheren Ansagen die bessere Wahl: Wer nur in Rot erhöht und
#   die rote 4 hat, bei dem steigt die niedrigste anzuzweifelnde Ansage bei jeder
#   Tischgröße um 2 (3 bis 7 Spieler: aus 10, 13, 16, 18, 21 wird 12, 15, 18, 20, 23;
#   `hs.lowest_doubt(players, 4, doubted=Fraction(1, 2))`). Die Annahme ist zu freundlich:
#   Ein vorsichtiger Gegner zweifelt eine *falsche* Erhöhung öfter an als eine richtige, also
#   ist die Wahrscheinlichkeit, angezweifelt zu werden, genau dann höher, wenn die Erhöhung
#   wahrscheinlich falsch ist.
# - Tauschen und erhöhen: Man vergleicht drei Werte, die Minuspunkte des Zweifels, die der
#   besten Erhöhung und die der besten Erhöhung nach dem Tausch (ihre Wahrscheinlichkeiten aus
#   `hs.exchange_distribution`); der Bot macht genau das.
