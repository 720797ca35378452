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
# # Lesson 8: Why bluff?
#
# The lessons so far asked *what is likely*, under a model of the other players. Now the
# other player is as clever as you, and knows how you play. Then any habit of yours is a
# weakness: if you always do the same thing, they answer it. The way out is to **mix**:
# to choose at random, with chances chosen so well that no answer gains. A pair of such
# strategies is an **equilibrium**; what the first player then expects to win is the
# game's **value**. Bluffing is part of it: a **bluff** is a move that claims more than
# your cards support (a call you expect to be false, a bet with a hand that loses if it
# is called), made so that the others cannot read your cards from your moves. A player who
# never bluffs is predictable, and we will measure, exactly, how much that costs.
#
# ## Learning goals
#
# After this lesson you can
#
# 1. say what a mixed strategy is, and what a best reply to it is;
# 2. find the mix that makes the other player indifferent in a two-by-two game, and what
#    it guarantees (the extra practice);
# 3. compute a strategy's **exploitability**: how much less than the value it wins
#    against a best reply;
# 4. read an equilibrium's certificate (Kuhn poker, the Hochstapler Duel) and check it;
# 5. explain, with the exact number, why a player who never bluffs is exploitable.
#
# **Where this lesson fits.** Lesson 8 of 8, the last. Before it: expected values and the
# break-even chance (lesson 3); the games it uses, Kuhn poker and the Hochstapler Duel,
# are explained here. One school lesson.
#
# Every number here is an exact fraction (`Fraction`). Exercises end with a `check(...)`
# cell that tells you whether your answer is right.

# %% [markdown] lang="de"
# # Lektion 8: Warum bluffen?
#
# Die bisherigen Lektionen haben gefragt, *was wahrscheinlich ist*, unter einem Modell der
# anderen Spieler. Jetzt ist die andere Spielerin so schlau wie du und weiß, wie du spielst.
# Dann ist jede deiner Gewohnheiten eine Schwäche: Wenn du immer dasselbe tust, stellt sie
# sich darauf ein. Der Ausweg ist, zu **mischen**: zufällig zu wählen, mit so gut gewählten
# Wahrscheinlichkeiten, dass keine Antwort etwas gewinnt. Ein Paar solcher Strategien ist ein
# **Gleichgewicht**; was der erste Spieler dann erwartet zu gewinnen, ist der **Wert** des
# Spiels. Bluffen gehört dazu: Ein **Bluff** ist ein Zug, der mehr behauptet, als deine
# Karten hergeben (eine Ansage, die du für falsch hältst, ein Einsatz mit einer Hand, die
# verliert, wenn jemand mitgeht), gemacht, damit die anderen deine Karten nicht an deinen
# Zügen ablesen können. Wer nie blufft, ist berechenbar, und wir messen exakt, wie viel das
# kostet.
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. sagen, was eine gemischte Strategie ist und was eine beste Antwort darauf ist;
# 2. in einem Zwei-mal-zwei-Spiel die Mischung finden, die den anderen Spieler indifferent
#    macht, und sagen, was sie garantiert (die Zusatzübungen);
# 3. die **Ausnutzbarkeit** einer Strategie ausrechnen: wie viel weniger als den Wert sie
#    gegen eine beste Antwort gewinnt;
# 4. das Zertifikat eines Gleichgewichts lesen (Kuhn-Poker, das Hochstapler-Duell) und
#    prüfen;
# 5. mit der exakten Zahl erklären, warum ein Spieler, der nie blufft, ausnutzbar ist.
#
# **Wo diese Lektion steht.** Lektion 8 von 8, die letzte. Davor: Erwartungswerte und die
# Gewinnschwelle (Lektion 3); die Spiele, die sie verwendet, Kuhn-Poker und das
# Hochstapler-Duell, werden hier erklärt. Eine Schulstunde.
#
# Jede Zahl hier ist ein exakter Bruch (`Fraction`). Jede Aufgabe endet mit einer
# `check(...)`-Zelle, die dir sagt, ob deine Antwort stimmt.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 25 minutes, 40 with the extra
# practice).** Matching pennies and best replies: 6 min (exercise 1). Kuhn poker's
# certificate: 6 min (exercise 2). Never bluffing: 6 min (exercise 3). The Duel and its
# bluffs, with the explorer in pairs: 5 min (exercise 4). Summary: 2 min. Extra practice,
# at home or for a fast class: making the other indifferent (exercise 5, 7 min), the
# bots, measured (exercise 6), and one die against one in Liar's Dice (exercise 7).
#
# **Working time, counted for a class that has never programmed: about 37 minutes**,
# within a 40-minute lesson. Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks: 1303 words to read at 120 a minute, 11 code cells
# to run (34 lines of code to read), 4 exercises by kind (reading: 3 at 2 minutes; a few
# lines: 1 at 7 minutes), 1 widget at 3 minutes. The extra practice after the summary,
# for a fast class or for home, takes about 26 minutes more: 478 words to read at 120 a
# minute, 5 code cells to run (7 lines of code to read), 3 exercises by kind (one call:
# 1 at 4 minutes; a few lines: 2 at 7 minutes), 0 widgets at 3 minutes.
#
# **Or play it with the class.** After exercise 4, the class can play the Duel itself at
# the class table (`make class`; docs: "Play with your class"): open tables of the Duel
# with "the deck 0,1,2,3,4 (lesson 8): 10 deals", two students a table, or one student
# against the equilibrium bot. Your page's picture then sets the class's bluffing and
# doubting frequencies beside the equilibrium's, and shows exactly how much the class's
# average strategy would lose against a best reply: the lesson's exploitability, measured
# on the class.
#
# **Common mistakes.**
# - Giving the guesser's win instead of the hider's in exercise 1 (+1/3 for -1/3): every
#   value here is *to player 1*, the hider, the opener.
# - Answering 1/2 in exercise 5 out of habit: the bonus makes heads dearer, so the hider
#   shows it less (2/5). The rule: choose *your* mix so that *the other* is indifferent.
# - Taking exploitability as what the strategy wins (-1/6) rather than what it gives away
#   compared with the value (-1/18 - (-1/6) = 1/9).
# - Calling every call a bluff that might be false. A bluff here is a call that card
#   counting from your own card says is more likely false than true: with the 0, calling
#   3 is true half the time, calling 4 only a quarter.
# - Thinking the equilibrium is the best play against these bots. It is the play that
#   *no one* can exploit; against a known, weak bot, a best reply wins more.
#
# **To discuss.** Why must a bluff be random to work, and what happens to a bluff that
# everybody can predict? Are there moments at a real Hochstapler table where the other
# players can read your habits? Is playing the equilibrium "good play", or only "safe
# play"?

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 25 Minuten, 40
# mit den Zusatzübungen).** Matching Pennies und beste Antworten: 6 Min. (Aufgabe 1). Das
# Zertifikat des Kuhn-Pokers: 6 Min. (Aufgabe 2). Nie bluffen: 6 Min. (Aufgabe 3). Das Duell
# und seine Bluffs, mit dem Explorer in Partnerarbeit: 5 Min. (Aufgabe 4). Zusammenfassung:
# 2 Min. Zusatzübungen, zu Hause oder für eine schnelle Klasse: den anderen indifferent
# machen (Aufgabe 5, 7 Min.), die Bots, gemessen (Aufgabe 6), und ein Würfel gegen einen bei
# Liar's Dice (Aufgabe 7).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: etwa 37 Minuten**,
# innerhalb einer Schulstunde von 40 Minuten. Gezählt von `notebooks/lessons/timing.py` an
# der englischen Schülerfassung, jede Aufgabe danach, was sie verlangt: 1303 Wörter zu lesen
# bei 120 pro Minute, 11 Code-Zellen auszuführen (34 Zeilen Code zu lesen), 4 Aufgaben nach
# Art (Lesen: 3 zu je 2 Minuten; ein paar Zeilen: 1 zu 7 Minuten), 1 Widget zu 3 Minuten. Die
# Zusatzübungen nach der Zusammenfassung, für eine schnelle Klasse oder für zu Hause,
# brauchen etwa 26 Minuten mehr: 478 Wörter zu lesen bei 120 pro Minute, 5 Code-Zellen
# auszuführen (7 Zeilen Code zu lesen), 3 Aufgaben nach Art (ein Aufruf: 1 zu 4 Minuten; ein
# paar Zeilen: 2 zu je 7 Minuten), 0 Widgets zu 3 Minuten.
#
# **Oder mit der Klasse spielen.** Nach Aufgabe 4 kann die Klasse das Duell selbst am
# Klassentisch spielen (`make class`; Anleitung: „Mit der Klasse spielen“): Öffne Tische des
# Duells mit dem Deck 0,1,2,3,4 (Lektion 8), 10 Runden, zwei Schülerinnen oder Schüler an
# einem Tisch, oder eine Person gegen den Gleichgewichts-Bot. Das Bild auf deiner Seite
# stellt dann die Bluff- und Zweifelhäufigkeiten der Klasse neben die des Gleichgewichts und
# zeigt exakt, wie viel die durchschnittliche Strategie der Klasse gegen eine beste Antwort
# verlieren würde: die Ausnutzbarkeit der Lektion, an der Klasse gemessen.
#
# **Häufige Fehler.**
# - In Aufgabe 1 den Gewinn des Raters statt des Verbergers angeben (+1/3 statt −1/3): Jeder
#   Wert hier gilt *für Spieler 1*, den Verberger, den Eröffner.
# - In Aufgabe 5 aus Gewohnheit 1/2 antworten: Der Bonus macht Kopf teurer, also zeigt der
#   Verberger Kopf seltener (2/5). Die Regel: Wähle *deine* Mischung so, dass *der andere*
#   indifferent ist.
# - Die Ausnutzbarkeit für das halten, was die Strategie gewinnt (−1/6), statt für das, was
#   sie im Vergleich zum Wert verschenkt (−1/18 − (−1/6) = 1/9).
# - Jede Ansage einen Bluff nennen, die falsch sein könnte. Ein Bluff ist hier eine Ansage,
#   die nach dem Kartenzählen mit der eigenen Karte eher falsch als richtig ist: Mit der 0
#   stimmt die Ansage 3 in der Hälfte der Fälle, die Ansage 4 nur in einem Viertel.
# - Glauben, das Gleichgewicht sei das beste Spiel gegen diese Bots. Es ist das Spiel, das
#   *niemand* ausnutzen kann; gegen einen bekannten, schwachen Bot gewinnt eine beste Antwort
#   mehr.
#
# **Zum Besprechen.** Warum muss ein Bluff zufällig sein, damit er wirkt, und was passiert
# mit einem Bluff, den alle vorhersehen können? Gibt es an einem echten Hochstapler-Tisch
# Momente, in denen die anderen deine Gewohnheiten lesen können? Ist das Gleichgewicht
# „gutes Spiel“ oder nur „sicheres Spiel“?

# %%
from fractions import Fraction

from bluffmath.display import percent
from bluffmath.duel import bot_exploitability, duel
from bluffmath.equilibrium import best_response, exploitability, kuhn_poker, stored
from bluffmath_widgets.equilibrium import StrategyExplorer
from bluffmath_widgets.lessons.why_bluff import (
    DECK,
    NEVER_BLUFF,
    best_mix,
    bonus_pennies,
    check,
    guaranteed,
    heads,
    liars_dice_certificate,
    matching_pennies,
    true_chance,
)

# %% [markdown]
# ## 1. Matching pennies
#
# The **hider** (player 1) hides a coin, heads or tails; the **guesser** (player 2)
# guesses without seeing. A right guess wins 1 for the guesser, a wrong one 1 for the
# hider. A **strategy** is a player's whole plan: what to do, or with what chances, in
# every situation. If the hider always hides heads, the guesser always guesses heads and the hider
# loses 1 every time: a **pure** strategy, fully predictable, fully exploited.
#
# A **mixed** strategy chooses at random: heads with chance $p$. The guesser's **best
# reply** is the guess that does best against that mix. bluffmath computes it exactly
# (`best_response(game, player, strategy)`: the best reply of the *other* player to
# `player`'s `strategy`; below, the `1` says the strategy given is player 1's, the
# hider's. The value it reports is always the **payoff**, what is won, *to player 1*):

# %% [markdown] lang="de"
# ## 1. Matching Pennies
#
# Der **Verberger** (Spieler 1) versteckt eine Münze, Kopf oder Zahl; der **Rater**
# (Spieler 2) rät, ohne sie zu sehen. Richtig geraten gewinnt der Rater 1, falsch geraten
# gewinnt der Verberger 1. Eine **Strategie** ist der ganze Plan eines Spielers: was er in
# jeder Lage tut, oder mit welchen Wahrscheinlichkeiten. Versteckt der Verberger immer Kopf,
# rät der Rater immer Kopf, und der Verberger verliert jedes Mal 1: eine **reine** Strategie,
# völlig vorhersehbar, völlig ausgenutzt.
#
# Eine **gemischte** Strategie wählt zufällig: Kopf mit Wahrscheinlichkeit $p$. Die **beste
# Antwort** des Raters ist der Tipp, der gegen diese Mischung am besten abschneidet.
# bluffmath rechnet sie exakt aus (`best_response(game, player, strategy)`: die beste
# Antwort des *anderen* Spielers auf die Strategie `strategy` von `player`; unten sagt die
# `1`, dass die gegebene Strategie die von Spieler 1 ist, dem Verberger. Der Wert, den sie
# angibt, ist immer die **Auszahlung**, also das, was gewonnen wird, *für Spieler 1*; im Code
# heißt Kopf `heads` und Zahl `tails`):

# %%
pennies = matching_pennies()
reply = best_response(pennies, 1, heads(Fraction(1)))
reply.strategy, reply.value

# %% [markdown]
# **Exercise 1.** The hider plays heads with chance 2/3. What does the hider win per game,
# on average, against the guesser's best reply?

# %% [markdown] lang="de"
# **Aufgabe 1.** Der Verberger spielt Kopf mit Wahrscheinlichkeit 2/3. Was gewinnt der
# Verberger im Durchschnitt pro Spiel gegen die beste Antwort des Raters?

# %% [markdown] tags=["paper"]
# Matching pennies: the **hider** (player 1) hides a coin, heads or tails; the **guesser**
# (player 2) guesses without seeing. A right guess wins 1 for the guesser, a wrong one 1
# for the hider. The payoffs to the hider (rows: what the hider shows; columns: what the
# guesser guesses):
#
# | | heads | tails |
# | --- | --- | --- |
# | heads | −1 | +1 |
# | tails | +1 | −1 |
#
# A **mixed** strategy chooses at random: heads with chance $p$. The guesser's **best
# reply** is the guess that does best against that mix.
#
# **Exercise 1.** The hider plays heads with chance 2/3. What does the hider win per game,
# on average, against the guesser's best reply?

# %% [markdown] lang="de" tags=["paper"]
# Matching Pennies: Der **Verberger** (Spieler 1) versteckt eine Münze, Kopf oder Zahl; der
# **Rater** (Spieler 2) rät, ohne sie zu sehen. Richtig geraten gewinnt der Rater 1, falsch
# geraten gewinnt der Verberger 1. Die Auszahlungen an den Verberger (Zeilen: was der
# Verberger zeigt; Spalten: was der Rater rät):
#
# | | Kopf | Zahl |
# | --- | --- | --- |
# | Kopf | −1 | +1 |
# | Zahl | +1 | −1 |
#
# Eine **gemischte** Strategie wählt zufällig: Kopf mit Wahrscheinlichkeit $p$. Die **beste
# Antwort** des Raters ist der Tipp, der gegen diese Mischung am besten abschneidet.
#
# **Aufgabe 1.** Der Verberger spielt Kopf mit Wahrscheinlichkeit 2/3. Was gewinnt der
# Verberger im Durchschnitt pro Spiel gegen die beste Antwort des Raters?

# %% tags=["exercise"]
answer_1 = ...  # a Fraction

# %% tags=["solution"]
# the guesser guesses heads: right 2 times in 3 (-1), wrong 1 time in 3 (+1)
answer_1 = Fraction(2, 3) * -1 + Fraction(1, 3) * 1
answer_1, guaranteed(pennies, heads(Fraction(2, 3)))

# %%
check(1, answer_1)

# %% [markdown]
# With $p = 1/2$ both guesses do equally well: the guesser is **indifferent**, and the
# hider wins 0 whatever the guesser does. No mix guarantees more: 0 is the **value** of
# matching pennies, and (1/2, 1/2) for both is its equilibrium.

# %% [markdown] lang="de"
# Mit $p = 1/2$ schneiden beide Tipps gleich gut ab: Der Rater ist **indifferent**, und der
# Verberger gewinnt 0, egal was der Rater tut. Keine Mischung garantiert mehr: 0 ist der
# **Wert** von Matching Pennies, und (1/2, 1/2) für beide ist sein Gleichgewicht.

# %%
{p: guaranteed(pennies, heads(p)) for p in (Fraction(0), Fraction(1, 4), Fraction(1, 2),
                                            Fraction(3, 4), Fraction(1))}

# %% [markdown]
# ## 2. Kuhn poker and its certificate
#
# Kuhn poker is the smallest real poker: three cards J < Q < K, one each, the third
# unseen; each player puts in 1. Player 1 checks (passes) or bets 1; after a check,
# player 2 checks (the higher card wins 1) or bets 1; a bet is folded (given up: the
# bettor wins 1) or called (matched: the higher card wins 2).
#
# Its equilibrium is known since 1950; bluffmath ships it with a **certificate**: the
# value and both strategies, which `verify()` checks with exact best replies: what each
# strategy guarantees must be the value. Then neither player gains by changing.

# %% [markdown] lang="de"
# ## 2. Kuhn-Poker und sein Zertifikat
#
# Kuhn-Poker ist das kleinste echte Poker: drei Karten B < D < K (Bube, Dame, König; im Code
# J, Q, K), jeder bekommt eine, die dritte bleibt ungesehen; jeder setzt 1. Spieler 1 schiebt
# (passt) oder setzt 1; nach einem Schieben schiebt Spieler 2 (die höhere Karte gewinnt 1)
# oder setzt 1; auf einen Einsatz wird ausgestiegen (aufgegeben: wer gesetzt hat, gewinnt 1)
# oder mitgegangen (gleichgezogen: die höhere Karte gewinnt 2).
#
# Sein Gleichgewicht kennt man seit 1950; bluffmath liefert es mit einem **Zertifikat**: dem
# Wert und beiden Strategien, die `verify()` mit exakten besten Antworten prüft: Was jede
# Strategie garantiert, muss der Wert sein. Dann gewinnt keiner der beiden, wenn er abweicht.

# %%
kuhn = stored({"game": "kuhn-poker"})
kuhn.value, kuhn.verify(), kuhn.bounds(), kuhn.strategy(2)

# %% [markdown]
# An **information set** is what a player knows when acting: its card and what was said.
# `"J check"` is player 2 holding the Jack after player 1 checked.
#
# **Exercise 2.** Give the value of Kuhn poker to player 1, and how often player 2 bets
# with the Jack after a check (a bluff: the Jack never wins a showdown). A pair of
# Fractions.

# %% [markdown] lang="de"
# Eine **Informationsmenge** ist das, was ein Spieler weiß, wenn er dran ist: seine Karte und
# das, was gesagt wurde. `"J check"` ist Spieler 2 mit dem Buben, nachdem Spieler 1
# geschoben hat.
#
# **Aufgabe 2.** Gib den Wert des Kuhn-Pokers für Spieler 1 an, und wie oft Spieler 2 mit dem
# Buben nach einem Schieben setzt (ein Bluff: Der Bube gewinnt nie beim Aufdecken). Ein Paar
# von Brüchen.

# %% [markdown] tags=["paper"]
# Kuhn poker is the smallest real poker: three cards J < Q < K (Jack, Queen, King), one
# each, the third unseen; each player puts in 1. Player 1 checks (passes) or bets 1; after
# a check, player 2 checks (the higher card wins 1) or bets 1; a bet is folded (given up:
# the bettor wins 1) or called (matched: the higher card wins 2). Its equilibrium is known
# since 1950, and bluffmath ships it with a **certificate**: the game's **value** (what
# player 1 wins per hand, on average, when both play it) and both strategies, checked with
# exact best replies. An **information set** is what a player knows when acting: its card
# and what was said. "J check" is player 2 holding the Jack after player 1 checked.
#
# <!-- paper -->
#
# **Exercise 2.** Give the value of Kuhn poker to player 1, and how often player 2 bets
# with the Jack after a check (a bluff: the Jack never wins a showdown). A pair of
# fractions.

# %% [markdown] lang="de" tags=["paper"]
# Kuhn-Poker ist das kleinste echte Poker: drei Karten B < D < K (Bube, Dame, König), jeder
# bekommt eine, die dritte bleibt ungesehen; jeder setzt 1. Spieler 1 schiebt (passt) oder
# setzt 1; nach einem Schieben schiebt Spieler 2 (die höhere Karte gewinnt 1) oder setzt 1;
# auf einen Einsatz wird ausgestiegen (aufgegeben: wer gesetzt hat, gewinnt 1) oder
# mitgegangen (gleichgezogen: die höhere Karte gewinnt 2). Sein Gleichgewicht kennt man seit
# 1950, und bluffmath liefert es mit einem **Zertifikat**: dem **Wert** des Spiels (was
# Spieler 1 im Durchschnitt pro Hand gewinnt, wenn beide danach spielen) und beiden
# Strategien, geprüft mit exakten besten Antworten. Eine **Informationsmenge** ist das, was
# ein Spieler weiß, wenn er dran ist: seine Karte und das, was gesagt wurde. „B schiebt“ ist
# Spieler 2 mit dem Buben, nachdem Spieler 1 geschoben hat.
#
# <!-- paper -->
#
# **Aufgabe 2.** Gib den Wert des Kuhn-Pokers für Spieler 1 an, und wie oft Spieler 2 mit dem
# Buben nach einem Schieben setzt (ein Bluff: Der Bube gewinnt nie beim Aufdecken). Ein Paar
# von Brüchen.

# %% tags=["exercise"]
answer_2 = ...  # a pair of Fractions: (the value, how often the Jack bets after a check)

# %% tags=["solution"]
answer_2 = (Fraction(-1, 18), Fraction(1, 3))  # the value; "J check": bet 1/3
answer_2, (kuhn.value, kuhn.strategy(2)["J check"]["bet"])

# %%
check(2, answer_2)

# %% [markdown]
# ## 3. The player who never bluffs
#
# Player 1 below never bluffs: the Jack checks and folds to a bet, the Queen checks and
# calls, the King bets. An honest, sensible strategy. A best reply learns it. A bet means
# a King, so fold to it. A check means a Jack or a Queen, and the best reply bets after a
# check **only with the King**: the Queen then calls and loses 2, the Jack folds. With
# the Jack, check: player 1's check then means the Queen, which would call a bet. With
# the Queen, check too: the check then means the Jack, which the Queen beats as it is.
#
# The **exploitability** of a strategy is how much less than the value it wins against
# its best reply: 0 exactly for an equilibrium strategy, more for any strategy a clever
# opponent can punish. Player 1's strategy, the best reply's, and what player 1 wins
# against it (`reply.value`):

# %% [markdown] lang="de"
# ## 3. Der Spieler, der nie blufft
#
# Spieler 1 blufft unten nie: Mit dem Buben schiebt er und steigt bei einem Einsatz aus, mit
# der Dame schiebt er und geht mit, mit dem König setzt er. Eine ehrliche, vernünftige
# Strategie. Eine beste Antwort lernt sie. Ein Einsatz heißt König, also steig aus. Ein
# Schieben heißt Bube oder Dame, und die beste Antwort setzt nach einem Schieben **nur mit
# dem König**: Die Dame geht dann mit und verliert 2, der Bube steigt aus. Mit dem Buben
# schieb: Das Schieben von Spieler 1 heißt dann Dame, und die würde bei einem Einsatz
# mitgehen. Mit der Dame schieb auch: Das Schieben heißt dann Bube, und den schlägt die Dame
# sowieso.
#
# Die **Ausnutzbarkeit** einer Strategie ist, wie viel weniger als den Wert sie gegen ihre
# beste Antwort gewinnt: genau 0 für eine Gleichgewichtsstrategie, mehr für jede Strategie,
# die ein schlauer Gegner bestrafen kann. Die Strategie von Spieler 1, die der besten Antwort
# und was Spieler 1 dagegen gewinnt (`reply.value`):

# %%
reply = best_response(kuhn_poker(), 1, NEVER_BLUFF)
NEVER_BLUFF, reply.strategy, reply.value

# %% [markdown]
# **Exercise 3.** What does the never-bluffer win per hand against its best reply, and
# what is its exploitability? A pair of Fractions.

# %% [markdown] lang="de"
# **Aufgabe 3.** Was gewinnt der Nie-Bluffer pro Hand gegen seine beste Antwort, und wie groß
# ist seine Ausnutzbarkeit? Ein Paar von Brüchen.

# %% [markdown] tags=["paper"]
# Player 1 below never bluffs: the Jack checks and folds to a bet, the Queen checks and
# calls, the King bets. A best reply learns it. The **exploitability** of a strategy is
# how much less than the value it wins against its best reply: 0 exactly for an
# equilibrium strategy, more for any strategy a clever opponent can punish. The six deals
# of two cards to the two players are equally likely.
#
# <!-- paper -->
#
# **Exercise 3.** What does the never-bluffer win per hand against its best reply, and
# what is its exploitability? A pair of fractions.

# %% [markdown] lang="de" tags=["paper"]
# Spieler 1 blufft unten nie: Mit dem Buben schiebt er und steigt bei einem Einsatz aus, mit
# der Dame schiebt er und geht mit, mit dem König setzt er. Eine beste Antwort lernt das. Die
# **Ausnutzbarkeit** einer Strategie ist, wie viel weniger als den Wert sie gegen ihre beste
# Antwort gewinnt: genau 0 für eine Gleichgewichtsstrategie, mehr für jede Strategie, die ein
# schlauer Gegner bestrafen kann. Die sechs Arten, zwei Karten an die beiden Spieler
# auszuteilen, sind gleich wahrscheinlich.
#
# <!-- paper -->
#
# **Aufgabe 3.** Was gewinnt der Nie-Bluffer pro Hand gegen seine beste Antwort, und wie groß
# ist seine Ausnutzbarkeit? Ein Paar von Brüchen.

# %% tags=["exercise"]
answer_3 = ...  # a pair of Fractions: (what it wins against the best reply, exploitability)

# %% tags=["solution"]
answer_3 = (reply.value, kuhn.value - reply.value)
answer_3, exploitability(kuhn_poker(), 1, NEVER_BLUFF)

# %%
check(3, answer_3)

# %% [markdown]
# Never bluffing costs 1/9 per hand, twice the whole value of the game (1/18). The
# bluffs are not about winning the hand they are made in: they make the honest bets
# believable, so that a King's bet gets called.

# %% [markdown] lang="de"
# Nie zu bluffen kostet 1/9 pro Hand, das Doppelte des ganzen Werts des Spiels (1/18). Bei
# den Bluffs geht es nicht darum, die Hand zu gewinnen, in der sie gemacht werden: Sie machen
# die ehrlichen Einsätze glaubwürdig, sodass jemand mitgeht, wenn der König setzt.

# %% [markdown]
# ## 4. The Hochstapler Duel
#
# The Duel is Hochstapler cut down to two players and one colour (the rulings in the
# bluffmath documentation): each player gets one card of the deck, here 0, 1, 2, 3, 4;
# player 1 calls a total, then the players raise or doubt in turn. A doubt is settled as
# in the full game: the call is true if the two cards reach it. Its certificate ships
# with bluffmath too:

# %% [markdown] lang="de"
# ## 4. Das Hochstapler-Duell
#
# Das Duell ist Hochstapler, verkleinert auf zwei Spieler und eine Farbe (die Festlegungen in
# der Dokumentation von bluffmath): Jeder Spieler bekommt eine Karte des Decks, hier 0, 1, 2,
# 3, 4; Spieler 1 sagt eine Summe an, dann erhöhen die Spieler abwechselnd oder zweifeln an.
# Ein Zweifel wird wie im ganzen Spiel entschieden: Die Ansage stimmt, wenn die beiden Karten
# sie erreichen. Auch sein Zertifikat liefert bluffmath mit:

# %%
game = duel(DECK)
cert = stored(game.spec)
cert.value, cert.verify(), cert.strategy(1)["0:"]

# %% [markdown]
# (`"0:"` is player 1 holding the 0, nothing said yet.) Holding the 0, player 1 opens
# with 3 or with 4. A call of 3 needs the other card to be
# at least 3: two of the four other cards. A call of 4 needs the 4.
#
# **Exercise 4.** Holding the 0, how often does the equilibrium open with 4, and how
# often is a call of 4 true, by card counting from your card alone? A pair of Fractions.

# %% [markdown] lang="de"
# (`"0:"` ist Spieler 1 mit der 0, noch nichts gesagt.) Mit der 0 eröffnet Spieler 1 mit 3
# oder mit 4. Eine Ansage von 3 braucht als andere Karte mindestens eine 3: zwei der vier
# anderen Karten. Eine Ansage von 4 braucht die 4.
#
# **Aufgabe 4.** Wie oft eröffnet das Gleichgewicht mit der 0 mit 4, und wie oft stimmt eine
# Ansage von 4, wenn du nur von deiner eigenen Karte aus Karten zählst? Ein Paar von Brüchen.

# %% [markdown] tags=["paper"]
# The Hochstapler Duel is Hochstapler cut down to two players and one colour: each player
# gets one card of the deck 0, 1, 2, 3, 4 and sees only their own; player 1 calls a
# total, then the players raise or doubt in turn. A doubt is settled as in the full game:
# if the two cards add up to at least the call, the doubter loses 1 and the caller wins 1;
# otherwise the reverse. Its certificate ships with bluffmath too.
#
# <!-- paper -->
#
# A call of 3 needs the other card to be at least 3: two of the four other cards. A call
# of 4 needs the 4.
#
# **Exercise 4.** Holding the 0, how often does the equilibrium open with 4, and how
# often is a call of 4 true, by card counting from your card alone? A pair of fractions.

# %% [markdown] lang="de" tags=["paper"]
# Das Hochstapler-Duell ist Hochstapler, verkleinert auf zwei Spieler und eine Farbe: Jeder
# Spieler bekommt eine Karte des Decks 0, 1, 2, 3, 4 und sieht nur seine eigene; Spieler 1
# sagt eine Summe an, dann erhöhen die Spieler abwechselnd oder zweifeln an. Ein Zweifel wird
# wie im ganzen Spiel entschieden: Ergeben die beiden Karten zusammen mindestens die Ansage,
# verliert, wer angezweifelt hat, 1, und wer angesagt hat, gewinnt 1; sonst umgekehrt. Auch
# sein Zertifikat liefert bluffmath mit.
#
# <!-- paper -->
#
# Eine Ansage von 3 braucht als andere Karte mindestens eine 3: zwei der vier anderen Karten.
# Eine Ansage von 4 braucht die 4.
#
# **Aufgabe 4.** Wie oft eröffnet das Gleichgewicht mit der 0 mit 4, und wie oft stimmt eine
# Ansage von 4, wenn du nur von deiner eigenen Karte aus Karten zählst? Ein Paar von Brüchen.

# %% tags=["exercise"]
answer_4 = ...  # a pair of Fractions: (how often it calls 4, how often that call is true)

# %% tags=["solution"]
answer_4 = (Fraction(2, 3), Fraction(1, 4))  # "4": 2/3 above; only the 4 of the other four cards
answer_4, (cert.strategy(1)["0:"]["4"], true_chance(0, 4))

# %%
check(4, answer_4)

# %% [markdown]
# The equilibrium bluffs two times in three with the worst card. The explorer shows the
# whole picture: pick a seat and a card, see the equilibrium's chances (bluffs marked),
# then move the sliders to make your own strategy and watch its exploitability and the
# best reply to it. Try: holding the 0, never call 4. How much does that cost?

# %% [markdown] lang="de"
# Das Gleichgewicht blufft mit der schlechtesten Karte zweimal von dreimal. Der Explorer zeigt
# das ganze Bild: Wähle einen Platz und eine Karte, sieh dir die Wahrscheinlichkeiten des
# Gleichgewichts an (Bluffs sind markiert), und bewege dann die Schieberegler, um deine
# eigene Strategie zu bauen, und beobachte ihre Ausnutzbarkeit und die beste Antwort darauf.
# Probier: Mit der 0 nie 4 ansagen. Wie viel kostet das?

# %%
StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")

# %% [markdown]
# ## Summary
#
# - A **mixed** strategy chooses at random with chosen chances; a **best reply** is the
#   answer that does best against it. A pure strategy in matching pennies loses 1 a game.
# - In a two-by-two game, choose your mix so that the *other* player is indifferent: then
#   no reply gains, and what you get is the game's **value** (0 in matching pennies; -1/5
#   with the bonus of the extra practice).
# - An **equilibrium** is a pair of strategies where neither gains by changing; its
#   **certificate** is checked by two exact best replies that must both give the value
#   (Kuhn poker: -1/18).
# - **Exploitability** is how much less than the value a strategy wins against its best
#   reply. Never bluffing in Kuhn poker costs 1/9 a hand (the extra practice measures the
#   card-counting bot in the Duel).
# - Bluffs belong to good play not to win the hand they are made in, but to keep the
#   other player from reading your cards from your calls.
#
# Next: play the Duel against the equilibrium bot in `notebooks/equilibrium-explorer.ipynb`;
# over many deals, no strategy of yours expects more than the game's value.

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Eine **gemischte** Strategie wählt zufällig mit gewählten Wahrscheinlichkeiten; eine
#   **beste Antwort** ist die Antwort, die dagegen am besten abschneidet. Eine reine Strategie
#   verliert bei Matching Pennies 1 pro Spiel.
# - Wähle in einem Zwei-mal-zwei-Spiel deine Mischung so, dass der *andere* Spieler
#   indifferent ist: Dann gewinnt keine Antwort etwas, und du bekommst den **Wert** des Spiels
#   (0 bei Matching Pennies; −1/5 mit dem Bonus der Zusatzübungen).
# - Ein **Gleichgewicht** ist ein Paar von Strategien, bei dem keiner durch Abweichen gewinnt;
#   sein **Zertifikat** wird mit zwei exakten besten Antworten geprüft, die beide den Wert
#   ergeben müssen (Kuhn-Poker: −1/18).
# - Die **Ausnutzbarkeit** ist, wie viel weniger als den Wert eine Strategie gegen ihre beste
#   Antwort gewinnt. Nie bluffen kostet beim Kuhn-Poker 1/9 pro Hand (die Zusatzübungen
#   messen den kartenzählenden Bot im Duell).
# - Bluffs gehören zum guten Spiel, nicht um die Hand zu gewinnen, in der sie gemacht werden,
#   sondern damit der andere Spieler deine Karten nicht an deinen Ansagen ablesen kann.
#
# Als Nächstes: Spiel das Duell gegen den Gleichgewichts-Bot in
# `notebooks/equilibrium-explorer.ipynb`; über viele Runden erwartet keine deiner Strategien
# mehr als den Wert des Spiels.

# %% [markdown]
# ## Extra practice: make the other indifferent, the bots measured, and dice
#
# *For a fast class, or at home.*

# %% [markdown] lang="de"
# ## Zusatzübungen: den anderen indifferent machen, die Bots gemessen, und Würfel
#
# *Für eine schnelle Klasse oder für zu Hause.*

# %% [markdown]
# ### Make the other indifferent
#
# Change one payoff: when both show heads, the guesser wins **2** instead of 1. Payoffs
# to the hider:
#
# | hider \ guesser | heads | tails |
# | --- | --- | --- |
# | heads | -2 | +1 |
# | tails | +1 | -1 |
#
# If the hider shows heads with chance $p$, a guess of heads gives the hider
# $-2p + (1 - p)$ and a guess of tails $p - (1 - p)$. The guesser picks the smaller one.
# The hider's best $p$ makes the two equal: then the guesser cannot pick.
#
# **Exercise 5.** Give the hider's equilibrium chance of heads, and what it guarantees
# the hider per game: `(p, value)`.

# %% [markdown] lang="de"
# ### Den anderen indifferent machen
#
# Ändere eine Auszahlung: Wenn beide Kopf zeigen, gewinnt der Rater **2** statt 1.
# Auszahlungen an den Verberger:
#
# | Verberger \ Rater | Kopf | Zahl |
# | --- | --- | --- |
# | Kopf | -2 | +1 |
# | Zahl | +1 | -1 |
#
# Zeigt der Verberger Kopf mit Wahrscheinlichkeit $p$, bringt ein Tipp auf Kopf dem
# Verberger $-2p + (1 - p)$ und ein Tipp auf Zahl $p - (1 - p)$. Der Rater nimmt den
# kleineren. Das beste $p$ des Verbergers macht beide gleich: Dann kann der Rater nicht
# wählen.
#
# **Aufgabe 5.** Gib die Gleichgewichtswahrscheinlichkeit für Kopf beim Verberger an und was
# sie dem Verberger pro Spiel garantiert: `(p, value)`, also (p, Wert).

# %% [markdown] tags=["paper"]
# Change one payoff of matching pennies: when both show heads, the guesser wins **2**
# instead of 1. The payoffs to the hider (rows: what the hider shows; columns: what the
# guesser guesses):
#
# | | heads | tails |
# | --- | --- | --- |
# | heads | −2 | +1 |
# | tails | +1 | −1 |
#
# If the hider shows heads with chance $p$, a guess of heads gives the hider
# $-2p + (1 - p)$ and a guess of tails $p - (1 - p)$. The guesser picks the smaller one.
# The hider's best $p$ makes the two equal: then the guesser cannot pick.
#
# **Exercise 5.** Give the hider's equilibrium chance of heads, and what it guarantees
# the hider per game: (p, value).

# %% [markdown] lang="de" tags=["paper"]
# Ändere eine Auszahlung von Matching Pennies: Wenn beide Kopf zeigen, gewinnt der Rater
# **2** statt 1. Die Auszahlungen an den Verberger (Zeilen: was der Verberger zeigt; Spalten:
# was der Rater rät):
#
# | | Kopf | Zahl |
# | --- | --- | --- |
# | Kopf | −2 | +1 |
# | Zahl | +1 | −1 |
#
# Zeigt der Verberger Kopf mit Wahrscheinlichkeit $p$, bringt ein Tipp auf Kopf dem
# Verberger $-2p + (1 - p)$ und ein Tipp auf Zahl $p - (1 - p)$. Der Rater nimmt den
# kleineren. Das beste $p$ des Verbergers macht beide gleich: Dann kann der Rater nicht
# wählen.
#
# **Aufgabe 5.** Gib die Gleichgewichtswahrscheinlichkeit für Kopf beim Verberger an und was
# sie dem Verberger pro Spiel garantiert: (p, Wert).

# %% tags=["exercise"]
answer_5 = ...  # a pair of Fractions: (chance of heads, what it guarantees)

# %% tags=["solution"]
# -2p + (1 - p) = p - (1 - p)  gives  1 - 3p = 2p - 1,  so  p = 2/5
p = Fraction(2, 5)
answer_5 = (p, -2 * p + (1 - p))
answer_5, best_mix(bonus_pennies()), guaranteed(bonus_pennies(), heads(p))

# %%
check(5, answer_5)

# %% [markdown]
# The hider shows the dearer side *less* often. And the game is worth -1/5 to the hider:
# a mix cannot make a bad game good, it only stops the other from making it worse.

# %% [markdown] lang="de"
# Der Verberger zeigt die teurere Seite *seltener*. Und das Spiel ist für den Verberger −1/5
# wert: Eine Mischung kann aus einem schlechten Spiel kein gutes machen, sie verhindert nur,
# dass der andere es noch schlechter macht.

# %% [markdown]
# ### The bots, measured
#
# bluffmath's Hochstapler bots, read as Duel strategies, can be measured the same way.
# The card-counting bot calls what its card makes likely and doubts what is unlikely: it
# never bluffs.
#
# `bot_exploitability(deck=DECK)` measures the bots on the deck 0-4, in a table by name
# (each bot's exploitability as player 1, then as player 2).
# `exploitability(game, 1, strategy, value)` measures any strategy of player 1, such as
# the equilibrium's, `cert.strategy(1)`, with the game's value `cert.value`.

# %% [markdown] lang="de"
# ### Die Bots, gemessen
#
# Die Hochstapler-Bots von bluffmath lassen sich, als Strategien im Duell gelesen, genauso
# messen. Der kartenzählende Bot sagt an, was seine Karte wahrscheinlich macht, und zweifelt
# an, was unwahrscheinlich ist: Er blufft nie.
#
# `bot_exploitability(deck=DECK)` misst die Bots auf dem Deck 0-4, in einer Tabelle nach
# Namen (die Ausnutzbarkeit jedes Bots als Spieler 1, dann als Spieler 2).
# `exploitability(game, 1, strategy, value)` misst jede Strategie von Spieler 1, etwa die des
# Gleichgewichts, `cert.strategy(1)`, mit dem Wert des Spiels `cert.value`.

# %%
table = bot_exploitability(deck=DECK)
table

# %% [markdown]
# **Exercise 6.** On the deck 0-4, as player 1: what is the card-counting bot's
# exploitability, and the equilibrium's? A pair of Fractions.

# %% [markdown] lang="de"
# **Aufgabe 6.** Auf dem Deck 0-4, als Spieler 1: Wie groß ist die Ausnutzbarkeit des
# kartenzählenden Bots, und die des Gleichgewichts? Ein Paar von Brüchen.

# %% [markdown] tags=["paper"]
# bluffmath's Hochstapler bots, read as Duel strategies, can be measured the same way.
# The card-counting bot calls what its card makes likely and doubts what is unlikely: it
# never bluffs.
#
# <!-- paper -->
#
# **Exercise 6.** On the deck 0-4, as player 1: what is the card-counting bot's
# exploitability, and the equilibrium's? A pair of fractions.

# %% [markdown] lang="de" tags=["paper"]
# Die Hochstapler-Bots von bluffmath lassen sich, als Strategien im Duell gelesen, genauso
# messen. Der kartenzählende Bot sagt an, was seine Karte wahrscheinlich macht, und zweifelt
# an, was unwahrscheinlich ist: Er blufft nie.
#
# <!-- paper -->
#
# **Aufgabe 6.** Auf dem Deck 0-4, als Spieler 1: Wie groß ist die Ausnutzbarkeit des
# kartenzählenden Bots, und die des Gleichgewichts? Ein Paar von Brüchen.

# %% tags=["exercise"]
answer_6 = ...  # a pair of Fractions: (card counting, the equilibrium)

# %% tags=["solution"]
answer_6 = (table["card counting"][0], exploitability(game, 1, cert.strategy(1), cert.value))
answer_6

# %%
check(6, answer_6)

# %% [markdown]
# Against a best reply the card-counting bot wins $1/30 - 8/15 = -1/2$ per deal as player
# 1, where the equilibrium keeps its 1/30 whatever the other does.

# %% [markdown] lang="de"
# Gegen eine beste Antwort gewinnt der kartenzählende Bot als Spieler 1 $1/30 - 8/15 = -1/2$
# pro Runde, während das Gleichgewicht seine 1/30 behält, egal was der andere tut.

# %% [markdown]
# ### Cards or dice: Liar's Dice
#
# Hochstapler is Liar's Dice played with cards. In Liar's Dice with one die each, both
# players roll in secret; player 1 must open with a call such as "two 5s" (at least two of
# the dice show 5), and each then calls higher (more dice, or as many of a higher face) or
# calls "liar". Whoever is right wins 1. bluffmath ships its exact equilibrium, certified
# like Kuhn poker's:

# %% [markdown] lang="de"
# ### Karten oder Würfel: Liar's Dice
#
# Hochstapler ist Liar's Dice mit Karten gespielt. Bei Liar's Dice mit einem Würfel pro
# Person würfeln beide geheim; Spieler 1 muss mit einer Ansage wie „zwei Fünfen“ eröffnen
# (mindestens zwei der Würfel zeigen eine 5), und danach sagt jeder abwechselnd höher an (mehr
# Würfel, oder gleich viele mit einer höheren Augenzahl) oder ruft „Lügner“. Wer recht hat,
# gewinnt 1. bluffmath liefert sein exaktes Gleichgewicht mit, zertifiziert wie das des
# Kuhn-Pokers:

# %%
dice = liars_dice_certificate(1, 1, 6)
dice.verify(), dice.bounds()

# %% [markdown]
# **Exercise 7.** What is one die against one (six sides) worth to player 1, who must
# make the first call? A Fraction. (`dice.value`.)

# %% [markdown] lang="de"
# **Aufgabe 7.** Was ist ein Würfel gegen einen (sechs Seiten) für Spieler 1 wert, der die
# erste Ansage machen muss? Ein Bruch. (`dice.value`.)

# %% [markdown] tags=["paper"]
# **Exercise 7.** Liar's Dice with one six-sided die each: both roll in secret, player 1
# must open with a call such as "two 5s" (at least two of the dice show 5), and each then
# calls higher or calls "liar"; whoever is right wins 1. What is the game worth to player
# 1, who must make the first call? (Answer it on the computer: the value is on the
# game's certificate.)

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 7.** Liar's Dice mit je einem sechsseitigen Würfel: Beide würfeln geheim,
# Spieler 1 muss mit einer Ansage wie „zwei Fünfen“ eröffnen (mindestens zwei der Würfel
# zeigen eine 5), und danach sagt jeder abwechselnd höher an oder ruft „Lügner“; wer recht
# hat, gewinnt 1. Was ist das Spiel für Spieler 1 wert, der die erste Ansage machen muss?
# (Beantworte es am Computer: Der Wert steht im Zertifikat des Spiels.)

# %% tags=["exercise"]
answer_7 = ...  # a Fraction

# %% tags=["solution"]
answer_7 = dice.value
answer_7, percent(answer_7)

# %%
check(7, answer_7)

# %% [markdown]
# With dice the first call costs player 1 a ninth of a point per game; in the Duel on 0-4
# the opener is ahead by 1/30. Two things differ. Dice are rolled independently, so your
# die tells you nothing about the other's, where a card dealt to you is a card the other
# cannot hold. And a call in Liar's Dice names one face: player 1 must commit to a face
# before knowing anything of the other die, while a total in the Duel can open low and
# safe. Same bluffing, other counting: which is why lesson 1 asked "cards or dice?".

# %% [markdown] lang="de"
# Mit Würfeln kostet die erste Ansage Spieler 1 ein Neuntel Punkt pro Spiel; im Duell auf 0-4
# liegt der Eröffner mit 1/30 vorn. Zwei Dinge sind anders. Würfel werden unabhängig
# geworfen, also sagt dir dein Würfel nichts über den anderen, während eine Karte, die du
# bekommst, eine Karte ist, die der andere nicht haben kann. Und eine Ansage bei Liar's Dice
# nennt eine Augenzahl: Spieler 1 muss sich auf eine Augenzahl festlegen, bevor er irgendetwas
# über den anderen Würfel weiß, während eine Summe im Duell niedrig und sicher eröffnen kann.
# Dasselbe Bluffen, anderes Zählen: Deshalb hat Lektion 1 gefragt „Karten oder Würfel?“.

# %% [markdown]
# ## Going further
#
# - In the explorer, choose "you answer (player 2)" and the card 4. Facing a call of 2,
#   the equilibrium sometimes calls 6 with the 4: when is that a bluff?
# - Start your strategy from the random bot. Why does it lose more than the card-counting
#   bot, though it bluffs?
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - Wähle im Explorer, dass du antwortest (Spieler 2), und die Karte 4. Auf eine Ansage von 2
#   sagt das Gleichgewicht mit der 4 manchmal 6 an: Wann ist das ein Bluff?
# - Beginne deine Strategie beim Zufalls-Bot. Warum verliert er mehr als der kartenzählende
#   Bot, obwohl er blufft?
#
# Diese beiden sind zum Besprechen; sie haben keinen Check (Antworten in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ### Going further
#
# - On the computer, in the lesson's explorer, choose "you answer (player 2)" and the card
#   4. Facing a call of 2, the equilibrium sometimes calls 6 with the 4: when is that a
#   bluff?
# - In the explorer, start your strategy from the random bot. Why does it lose more than
#   the card-counting bot, though it bluffs?

# %% [markdown] lang="de" tags=["paper"]
# ### Weiterdenken
#
# - Wähle am Computer im Explorer der Lektion, dass du antwortest (Spieler 2), und die
#   Karte 4. Auf eine Ansage von 2 sagt das Gleichgewicht mit der 4 manchmal 6 an: Wann ist
#   das ein Bluff?
# - Beginne im Explorer deine Strategie beim Zufalls-Bot. Warum verliert er mehr als der
#   kartenzählende Bot, obwohl er blufft?

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - A trick question, partly: in the equilibrium of the Duel on 0-4, player 1 never opens
#   with 2 (it opens 3, 4 or 5), so "facing a call of 2" is off the equilibrium's path, and
#   the move there (call 6 with chance $\frac{1}{21}$) only has to make such an opening
#   unprofitable. Holding the 4, a call of 6 is true when player 1 holds 2 or 3: by
#   counting from your own card, $\frac{1}{2}$, so the explorer does not mark it a bluff;
#   what player 1's call of 2 says about their card depends on why they made a call the
#   equilibrium never makes.
# - The random bot bluffs, but at random: it calls high with weak cards and doubts true
#   calls as often as false ones, so a best reply exploits it from both sides. On the Duel
#   on 0-4 it gives away $\frac{1916}{3375}$ (as player 1) and $\frac{446}{675}$ (as
#   player 2), the card-counting bot $\frac{8}{15}$ and $\frac{4}{15}$
#   (`hs.bot_exploitability(deck=(0, 1, 2, 3, 4))`). Bluffs pay in the right proportion,
#   the one that leaves the other player indifferent.

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Zum Teil eine Fangfrage: Im Gleichgewicht des Duells auf 0-4 eröffnet Spieler 1 nie mit 2
#   (er eröffnet mit 3, 4 oder 5), also liegt „auf eine Ansage von 2“ abseits des Wegs des
#   Gleichgewichts, und der Zug dort (6 ansagen mit Wahrscheinlichkeit $\frac{1}{21}$) muss
#   eine solche Eröffnung nur unrentabel machen. Mit der 4 stimmt eine Ansage von 6, wenn
#   Spieler 1 eine 2 oder 3 hat: von der eigenen Karte aus gezählt $\frac{1}{2}$, also
#   markiert der Explorer sie nicht als Bluff; was die Ansage 2 von Spieler 1 über seine
#   Karte sagt, hängt davon ab, warum er eine Ansage gemacht hat, die das Gleichgewicht nie
#   macht.
# - Der Zufalls-Bot blufft, aber zufällig: Er sagt mit schwachen Karten hoch an und zweifelt
#   wahre Ansagen genauso oft an wie falsche, also nutzt eine beste Antwort ihn von beiden
#   Seiten aus. Im Duell auf 0-4 verschenkt er $\frac{1916}{3375}$ (als Spieler 1) und
#   $\frac{446}{675}$ (als Spieler 2), der kartenzählende Bot $\frac{8}{15}$ und
#   $\frac{4}{15}$ (`hs.bot_exploitability(deck=(0, 1, 2, 3, 4))`). Bluffs zahlen sich im
#   richtigen Verhältnis aus, dem, das den anderen Spieler indifferent lässt.
