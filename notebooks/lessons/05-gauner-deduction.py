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
# # Lesson 5: Deduction with constraints: exact counting on the Gauner raus! grid
#
# *Gauner raus!* (Puttin, 2016) has 36 cards, one for each cell of a 6 × 6 grid: a colour
# (red, yellow, green, blue, purple, orange) and a letter (A to F). The cards are dealt
# out; what is left over stays face down in the box. When a cell is rolled, players write
# in their table **how many of their cards have that colour or that letter**. Every number
# written is true and public. On your turn you name an opponent and a cell: if they hold
# that card they lay it face up; if not, they mark the cell "not mine".
#
# In Hochstapler (lesson 4) the calls could be bluffs, and we needed a model of the
# players. Here nobody lies: every number, every card laid and every mark is a fact. So
# no model is needed, only **counting**: which deals of the cards fit all the facts?
#
# ## Learning goals
#
# After this lesson you can
#
# 1. read a number in a table as a **constraint**: "exactly so many of this player's hidden
#    cards lie among these cells";
# 2. find cards that are **certain or impossible by pure logic**;
# 3. **count the deals** that fit all the constraints, by listing them on a small position;
# 4. give a card's **probability** as (deals in which it is there) / (all deals), and say
#    why guessing "constraint by constraint" is not exact;
# 5. use the **solver** on the full grid, where listing is hopeless, and see how one
#    opponent's table tells you about another's cards.
#
# **Where this lesson fits.** Lesson 5 of 8, the one on Gauner raus!. Before it: counting
# equally likely deals and a probability as a share of them (lessons 1 and 2); no
# Hochstapler rules are needed. Two school lessons: the second starts at "Second school
# lesson", before section 3.
#
# Every probability is an exact `Fraction`. Exercises end with a `check(...)` cell.

# %% [markdown] lang="de"
# # Lektion 5: Schließen mit Bedingungen – exakt zählen auf dem Raster von Gauner raus!
#
# *Gauner raus!* (Puttin, 2016) hat 36 Karten, eine für jedes Feld eines 6 × 6-Rasters: eine
# Farbe (rot, gelb, grün, blau, lila, orange) und ein Buchstabe (A bis F). Die Karten werden
# ausgeteilt; was übrig bleibt, kommt verdeckt zurück in die Schachtel. Wird ein Feld
# gewürfelt, trägt jeder in seine Tabelle ein, **wie viele seiner Karten diese Farbe oder
# diesen Buchstaben haben**. Jede eingetragene Zahl stimmt, und alle können sie sehen. Bist du
# am Zug, nennst du einen Gegner und ein Feld: Hat er diese Karte, legt er sie offen aus; wenn
# nicht, markiert er das Feld als „nicht meine“.
#
# In Hochstapler (Lektion 4) konnten Ansagen geblufft sein, und wir brauchten ein Modell der
# Spieler. Hier lügt niemand: Jede Zahl, jede ausgelegte Karte und jede Markierung ist eine
# Tatsache. Ein Modell ist also nicht nötig, nur **Zählen**: Welche Verteilungen der Karten
# passen zu allen Tatsachen?
#
# ## Lernziele
#
# Nach dieser Lektion kannst du
#
# 1. eine Zahl in einer Tabelle als **Bedingung** lesen: „Genau so viele der verdeckten
#    Karten dieses Spielers liegen unter diesen Feldern“;
# 2. Karten finden, die **allein durch Logik sicher oder unmöglich** sind;
# 3. **die Verteilungen zählen**, die zu allen Bedingungen passen, indem du sie in einer
#    kleinen Stellung auflistest;
# 4. die **Wahrscheinlichkeit** einer Karte als (Verteilungen, in denen sie dabei ist) / (alle
#    passenden Verteilungen) angeben und erklären, warum Raten „Bedingung für Bedingung“ nicht
#    exakt ist;
# 5. auf dem ganzen Raster, wo Auflisten aussichtslos ist, den **Solver** benutzen und sehen,
#    wie die Tabelle eines Gegners etwas über die Karten eines anderen verrät.
#
# **Wo diese Lektion steht.** Lektion 5 von 8, die Lektion zu Gauner raus!. Davor: gleich
# wahrscheinliche Verteilungen zählen und eine Wahrscheinlichkeit als deren Anteil (Lektionen 1
# und 2); die Regeln von Hochstapler brauchst du nicht. Zwei Schulstunden: Die zweite beginnt
# bei „Zweite Schulstunde“, vor Abschnitt 3.
#
# Jede Wahrscheinlichkeit ist ein exakter `Fraction`-Bruch. Jede Aufgabe endet mit einer
# `check(...)`-Zelle.

# %% [markdown] tags=["teacher"]
# ## Teacher's note
#
# **Timing by section, for a class that programs (about 50 minutes with the cards).**
# The cards on the table: 10 min. The grid and a number as a constraint: 6 min (exercise
# 1). Counting the deals: 8 min (exercise 2). A card's probability, and why guessing
# constraint by constraint fails: 8 min (exercise 3). Pure logic after a wrong guess: 6
# min (exercise 4). Two opponents: 6 min (exercise 5). The full grid and the widget: 6
# min (exercise 6). Two school lessons, split at "Second school lesson" (before section
# 3).
#
# **Working time, counted for a class that has never programmed: two school lessons,
# about 35 and 39 minutes**, each within a 40-minute lesson (the second starts at
# "Second school lesson"). Counted by `notebooks/lessons/timing.py` from the student
# copy, each exercise by what it asks; part 1: 970 words to read at 120 a minute, 10
# code cells to run (38 lines of code to read), 2 exercises by kind (reading: 1 at 2
# minutes; one call: 1 at 4 minutes), 0 widgets at 3 minutes, the activity with cards 10
# minutes; part 2: 1229 words to read at 120 a minute, 15 code cells to run (35 lines of
# code to read), 4 exercises by kind (reading: 3 at 2 minutes; a few lines: 1 at 7
# minutes), 1 widget at 3 minutes.
#
# **Cards for the activity.** Each pair needs the 36 Gauner raus! cards: a class of 30
# needs 15 decks (or groups of four sharing 8 decks, dealing in turn). No boxed games?
# `make handouts` prints `deck-gauner.html`: the 36 cards on 4 A4 pages, each with its
# colour in words and its place on the grid, and a table sheet to write numbers on.
#
# **Or play it with the class.** Instead of dealing cards in pairs, the class can play
# Gauner raus! at the class table (`make class`; docs: "Play with your class"): open
# tables of two seats, one game each. Afterwards, download "Every game's save (ZIP)" from
# your page into the lesson's folder as `class-games.zip`; the hands-on cell then counts
# every hand dealt in the two-player games (`class_gauner_counts`), two tries a game.
#
# **Common mistakes.**
# - Forgetting the cards already laid face up: a number counts *all* the player's cards
#   of that colour or letter, laid ones included (exercise 1: 4 instead of 2).
# - Counting a card with both the colour and the letter twice. It counts once: a cross
#   has 11 cells, not 12.
# - Treating each number on its own ("2 of these 4 cells, so 1/2 each") and then
#   averaging or multiplying. The numbers are not independent: they share cells and
#   share the same few hidden cards. Only whole deals that fit *every* fact at once give
#   exact chances (exercise 3).
# - Reading one opponent's table alone. The hands are disjoint, so a card seat 2 must
#   hold cannot be seat 1's (exercise 5).
#
# **To discuss.** Why are the deals that fit still *equally likely*? (Before anything
# was known every deal was equally likely; a fact only removes deals, it does not favour
# any of those left.) Is the *choice* of a guess evidence? (A player never names their own
# card, so in a way yes; but how much depends on how that player chooses, and the solver
# uses only what the rules make public and true.)

# %% [markdown] lang="de" tags=["teacher"]
# ## Hinweise für die Lehrkraft
#
# **Zeitplan nach Abschnitten, für eine Klasse, die programmieren kann (etwa 50 Minuten mit
# den Karten).** Die Karten auf dem Tisch: 10 Min. Das Raster und eine Zahl als Bedingung:
# 6 Min. (Aufgabe 1). Die Verteilungen zählen: 8 Min. (Aufgabe 2). Die Wahrscheinlichkeit
# einer Karte und warum Raten Bedingung für Bedingung scheitert: 8 Min. (Aufgabe 3). Reine
# Logik nach einem falschen Tipp: 6 Min. (Aufgabe 4). Zwei Gegner: 6 Min. (Aufgabe 5). Das
# ganze Raster und das Widget: 6 Min. (Aufgabe 6). Zwei Schulstunden, geteilt bei „Zweite
# Schulstunde“ (vor Abschnitt 3).
#
# **Arbeitszeit, gezählt für eine Klasse, die noch nie programmiert hat: zwei Schulstunden,
# etwa 35 und 39 Minuten**, jede innerhalb einer Schulstunde von 40 Minuten (die zweite
# beginnt bei „Zweite Schulstunde“). Gezählt von `notebooks/lessons/timing.py` an der
# englischen Schülerfassung, jede Aufgabe danach, was sie verlangt; Teil 1: 970 Wörter zu
# lesen bei 120 pro Minute, 10 Code-Zellen auszuführen (38 Zeilen Code zu lesen), 2 Aufgaben
# nach Art (Lesen: 1 zu 2 Minuten; ein Aufruf: 1 zu 4 Minuten), 0 Widgets zu 3 Minuten, die
# Aktivität mit Karten 10 Minuten; Teil 2: 1229 Wörter zu lesen bei 120 pro Minute, 15
# Code-Zellen auszuführen (35 Zeilen Code zu lesen), 4 Aufgaben nach Art (Lesen: 3 zu je 2
# Minuten; ein paar Zeilen: 1 zu 7 Minuten), 1 Widget zu 3 Minuten.
#
# **Karten für die Aktivität.** Jedes Paar braucht die 36 Karten von Gauner raus!: Eine
# Klasse von 30 braucht 15 Spiele (oder Vierergruppen teilen sich 8 Spiele und teilen
# abwechselnd aus). Keine Spiele zur Hand? `make handouts` druckt `deck-gauner.html`: die 36
# Karten auf 4 A4-Seiten, jede mit ihrer Farbe in Worten und ihrem Platz im Raster, dazu ein
# Tabellenblatt zum Eintragen der Zahlen.
#
# **Oder mit der Klasse spielen.** Statt in Paaren Karten auszuteilen, kann die Klasse
# Gauner raus! am Klassentisch spielen (`make class`; Anleitung in der Doku: „Play with your
# class“): Tische mit zwei Plätzen öffnen, je ein Spiel. Danach laden Sie auf Ihrer Seite
# „Every game's save (ZIP)“ (alle Spielstände als ZIP) herunter und legen die Datei als
# `class-games.zip` in den Ordner der Lektion; die Zelle zur Aktivität zählt dann jede Hand,
# die in den Zweierspielen ausgeteilt wurde (`class_gauner_counts`), zwei Versuche pro Spiel.
#
# **Häufige Fehler.**
# - Die schon offen ausgelegten Karten vergessen: Eine Zahl zählt *alle* Karten des Spielers
#   dieser Farbe oder dieses Buchstabens, die ausgelegten eingeschlossen (Aufgabe 1: 4 statt 2).
# - Eine Karte mit der Farbe und dem Buchstaben doppelt zählen. Sie zählt einmal: Ein Kreuz
#   hat 11 Felder, nicht 12.
# - Jede Zahl für sich nehmen („2 von diesen 4 Feldern, also je 1/2“) und dann mitteln oder
#   multiplizieren. Die Zahlen sind nicht unabhängig: Sie teilen sich Felder und dieselben
#   wenigen verdeckten Karten. Nur ganze Verteilungen, die zu *allen* Tatsachen zugleich
#   passen, geben exakte Wahrscheinlichkeiten (Aufgabe 3).
# - Die Tabelle eines Gegners allein lesen. Die Hände sind disjunkt: Eine Karte, die Platz 2
#   haben muss, kann nicht die von Platz 1 sein (Aufgabe 5).
#
# **Zum Besprechen.** Warum sind die passenden Verteilungen immer noch *gleich
# wahrscheinlich*? (Bevor etwas bekannt war, war jede Verteilung gleich wahrscheinlich; eine
# Tatsache streicht nur Verteilungen, sie bevorzugt keine der übrigen.) Ist die *Wahl* eines
# Tipps ein Hinweis? (Niemand nennt seine eigene Karte, also in gewisser Weise ja; wie viel er
# verrät, hängt aber davon ab, wie dieser Spieler wählt, und der Solver benutzt nur, was die
# Regeln öffentlich und wahr machen.)

# %%
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

from bluffmath import gauner
from bluffmath.gauner import GRID
from bluffmath_widgets.gauner import GaunerSolver
from bluffmath_widgets.lessons.deduction import (
    check,
    full_grid,
    position_text,
    small_position,
    three_players,
)
from bluffmath_widgets.lessons.hands_on import class_gauner_counts, compare, gauner_chances

# %% [markdown]
# ## 0. Hands on: deal the cards first
#
# *Before the screen, about 10 minutes.* Pairs, each with the 36 Gauner raus! cards.
# Shuffle them face down and deal **12** cards to one of you (a hand of a two-player game).
# Look at the hand: how many of the 12 cards are **green or C** (a green card with C counts
# once)? That is the number you would write at green-C in your table. Write it down, put
# the cards back, shuffle, deal again. Each pair does this 5 times.
#
# The class then records how many hands gave 0, 1, 2, ... green or C cards. Type the counts
# in below (replace the zeros). The table sets the class's shares beside the exact chances:
# a hand is 12 of the 36 cards, all sets equally likely, and 11 cards are green or C. (If
# the class played at the class table instead, put its download of the games beside this
# notebook as `class-games.zip`: the cell then reads every hand from it.)

# %% [markdown] lang="de"
# ## 0. Zum Anfassen: erst die Karten austeilen
#
# *Vor dem Bildschirm, etwa 10 Minuten.* Arbeitet zu zweit, jedes Paar mit den 36 Karten von
# Gauner raus!. Mischt sie verdeckt und teilt einem von euch **12** Karten aus (eine Hand im
# Spiel zu zweit). Seht euch die Hand an: Wie viele der 12 Karten sind **grün oder C** (eine
# grüne Karte mit C zählt einmal)? Das ist die Zahl, die ihr bei grün-C in eure Tabelle
# eintragen würdet. Schreibt sie auf, legt die Karten zurück, mischt und teilt neu aus. Jedes
# Paar macht das 5-mal.
#
# Dann hält die Klasse fest, wie viele Hände 0, 1, 2, ... grüne oder C-Karten hatten. Tragt die
# Zählung unten ein (ersetzt die Nullen). Die Tabelle stellt die Anteile der Klasse neben die
# exakten Wahrscheinlichkeiten: Eine Hand besteht aus 12 der 36 Karten, jede Auswahl ist
# gleich wahrscheinlich, und 11 Karten sind grün oder C. (Hat die Klasse stattdessen am
# Klassentisch gespielt, legt ihr den heruntergeladenen Spielstand als `class-games.zip` neben
# dieses Notebook: Die Zelle liest dann jede Hand daraus.)

# %%
class_counts = {0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0}  # the class's counts
if Path("class-games.zip").exists():  # the class table's games, if the class played there
    class_counts = class_gauner_counts("class-games.zip", players=2, cell="green-C")
compare(class_counts, gauner_chances(players=2, cell="green-C"))

# %% [markdown]
# ## 1. A number is a constraint
#
# A number written at a cell counts the cards of that cell's colour **or** its letter:
# the cell's *cross*, its row and its column, 11 cells in all (the cell itself counts
# once). The cross of red-F:

# %% [markdown] lang="de"
# ## 1. Eine Zahl ist eine Bedingung
#
# Eine Zahl, die bei einem Feld steht, zählt die Karten mit der Farbe **oder** dem Buchstaben
# dieses Feldes: das *Kreuz* des Feldes, seine Zeile und seine Spalte, insgesamt 11 Felder (das
# Feld selbst zählt einmal). Der Computer schreibt die Felder mit den englischen Farbnamen:
# `red` rot, `yellow` gelb, `green` grün, `blue` blau, `purple` lila, `orange` orange; `red-F`
# ist also rot-F. Das Kreuz von rot-F:

# %%
[GRID.name(cell) for cell in sorted(GRID.cross(GRID.index("red-F")))]

# %% [markdown]
# Here is a position late in a real two-player game: bluffmath's rules engine dealt the
# cards from a seed, rolled the dice and played the game's recorded guesses, so every
# number, card and mark below is one the rules produce. You are seat 0 and hold 12 cards
# (`hand`). In your first two turns you found 9 of seat 1's 12 cards, and they lie face
# up (`laid`); 3 are still hidden. The other 12 cards are in the box. Seat 1's table
# shows its numbers (four from the setup rolls, which both players wrote, and one from
# each of its own two turns) and the cells it marked "not mine" after your wrong guesses.

# %% [markdown] lang="de"
# Hier ist eine Stellung spät in einem echten Spiel zu zweit: Die Regel-Engine von bluffmath
# hat die Karten nach einem Startwert (Seed) ausgeteilt, gewürfelt und die aufgezeichneten
# Tipps des Spiels gespielt. Jede Zahl, jede Karte und jede Markierung unten ist also eine, die
# die Regeln so ergeben. Du bist Platz 0 und hast 12 Karten (`hand`). In deinen ersten beiden
# Zügen hast du 9 der 12 Karten von Platz 1 gefunden, und sie liegen offen aus (`laid`); 3
# sind noch verdeckt. Die übrigen 12 Karten liegen in der Schachtel. Die Tabelle von Platz 1
# zeigt seine Zahlen (vier aus den Würfen beim Aufbau, die beide Spieler eingetragen haben, und
# je eine aus seinen beiden eigenen Zügen) und die Felder, die er nach deinen falschen Tipps
# als „nicht meine“ markiert hat.

# %%
small = small_position()
print(position_text(small))

# %% [markdown]
# Seat 1 wrote **4 at red-F**: four of its twelve cards are red or F. Some of those
# are already face up. The number says something about the *hidden* cards only after you
# take the laid ones away.
#
# **Exercise 1.** How many of seat 1's 3 hidden cards are red or F?

# %% [markdown] lang="de"
# Platz 1 hat **4 bei rot-F** eingetragen: Vier seiner zwölf Karten sind rot oder F. Einige
# davon liegen schon offen aus. Über die *verdeckten* Karten sagt die Zahl erst etwas, wenn du
# die ausgelegten abziehst.
#
# **Aufgabe 1.** Wie viele der 3 verdeckten Karten von Platz 1 sind rot oder F?

# %% tags=["exercise"]
answer_1 = ...  # a whole number

# %% tags=["solution"]
answer_1 = 4 - 2  # 4 written at red-F, less the two red or F cards laid: red-A and red-C
answer_1, sorted(GRID.name(cell) for cell in GRID.cross(GRID.index("red-F")) & small.tables[1].laid)

# %%
check(1, answer_1)

# %% [markdown]
# bluffmath turns every number into such a constraint: `residual` of seat 1's hidden
# cards lie among `cells`, the cross's cells that seat 1 could still hold (not yours, not
# laid, not marked "not mine").

# %% [markdown] lang="de"
# bluffmath macht aus jeder Zahl so eine Bedingung: `residual` (der Rest) der verdeckten Karten
# von Platz 1 liegen unter `cells`, den Feldern des Kreuzes, die Platz 1 noch haben könnte
# (nicht deine, nicht ausgelegt, nicht als „nicht meine“ markiert). Die Zelle schreibt jede
# Bedingung als „Feld `wrote` Zahl `->` Rest `of` Felder“.

# %%
for constraint in small.seat_facts(1).constraints:
    print(GRID.name(constraint.cell), "wrote", constraint.number, "->", constraint.residual, "of",
          sorted(GRID.name(cell) for cell in constraint.cells))

# %% [markdown]
# Look at yellow-C: seat 1 wrote 4 there, and it has already laid four yellow or C cards
# (red-C, yellow-E, purple-C, orange-C). So **none** of its hidden cards is yellow or C:
# yellow-A, yellow-C, yellow-D and green-C are impossible for seat 1, by pure logic. The
# same at blue-E (3 written, blue-D, yellow-E and purple-E laid): blue-A is impossible.
# (At the table seat 1 circles such a number and crosses out the whole row and column.)
#
# ## 2. Counting the deals
#
# You know where 21 cards are: your 12 and the 9 laid ones. The other 15 are *unknown*.
# As far as you can tell, a deal is the choice of which 3 of them are seat 1's hidden
# cards (the other 12 are in the box). The cards were shuffled, so before the numbers every
# such choice was equally likely: $\binom{15}{3} = 455$ of them.

# %% [markdown] lang="de"
# Sieh dir gelb-C an: Platz 1 hat dort 4 eingetragen und schon vier gelbe oder C-Karten
# ausgelegt (rot-C, gelb-E, lila-C, orange-C). Also ist **keine** seiner verdeckten Karten gelb
# oder C: gelb-A, gelb-C, gelb-D und grün-C sind für Platz 1 unmöglich, allein durch Logik.
# Genauso bei blau-E (3 eingetragen; blau-D, gelb-E und lila-E ausgelegt): blau-A ist
# unmöglich. (Am Tisch kreist Platz 1 so eine Zahl ein und streicht die ganze Zeile und
# Spalte durch.)
#
# ## 2. Die Verteilungen zählen
#
# Du weißt, wo 21 Karten sind: deine 12 und die 9 ausgelegten. Die anderen 15 sind
# *unbekannt*. Soweit du es sagen kannst, ist eine Verteilung die Wahl, welche 3 davon die
# verdeckten Karten von Platz 1 sind (die anderen 12 liegen in der Schachtel). Die Karten
# wurden gemischt, also war vor den Zahlen jede solche Wahl gleich wahrscheinlich: Es gibt
# $\binom{15}{3} = 455$ davon.

# %%
len(small.unknown), comb(15, 3)

# %% [markdown]
# A choice *fits* a table if it holds none of the cells marked "not mine", and if every
# number is right: the laid cards and the hidden ones together have exactly that many
# cards in the cross.

# %% [markdown] lang="de"
# Eine Wahl *passt* zu einer Tabelle, wenn sie keines der als „nicht meine“ markierten Felder
# enthält und wenn jede Zahl stimmt: Die ausgelegten und die verdeckten Karten zusammen haben
# genau so viele Karten im Kreuz. Die Funktion `fits` prüft das; unten probiert sie die Wahl
# rot-D, grün-F, grün-A aus.

# %%
def fits(table, hidden):
    """Do these hidden cards agree with every number and mark in the table?"""
    cards = set(hidden) | table.laid
    return not set(hidden) & table.not_mine and all(
        len(GRID.cross(cell) & cards) == number for cell, number in table.numbers.items())


seat1 = small.tables[1]
fits(seat1, [GRID.index(name) for name in ("red-D", "green-F", "green-A")])

# %% [markdown]
# The cell below lists every set of 3 unknown cells (`combinations(small.unknown, 3)`),
# keeps the sets that fit seat 1's table as `hands`, and prints them: out of 455 ways to
# hide 3 cards, only these fit every fact.

# %% [markdown] lang="de"
# Die Zelle unten geht jede Auswahl von 3 unbekannten Feldern durch
# (`combinations(small.unknown, 3)`), behält die Auswahlen, die zur Tabelle von Platz 1
# passen, als `hands` und gibt sie aus: Von 455 Möglichkeiten, 3 Karten zu verstecken, passen
# nur diese zu allen Tatsachen.

# %%
hands = [hand for hand in combinations(small.unknown, 3) if fits(seat1, hand)]
for hand in hands:
    print(", ".join(GRID.name(cell) for cell in hand))

# %% [markdown]
# **Exercise 2.** How many deals fit? (`len(hands)` counts the sets in `hands`.)

# %% [markdown] lang="de"
# **Aufgabe 2.** Wie viele Verteilungen passen? (`len(hands)` zählt die Auswahlen in `hands`.)

# %% [markdown] tags=["paper"]
# **Exercise 2.** Seat 1 hides 3 of the 15 unknown cells. List every set of 3 unknown
# cells and keep the sets that fit seat 1's table: none of them marked "not mine", and
# every number right, the laid cards and the hidden ones together. How many deals fit?

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 2.** Platz 1 versteckt 3 der 15 unbekannten Felder. Schreib jede Auswahl von 3
# unbekannten Feldern auf und behalte die, die zur Tabelle von Platz 1 passen: keines davon als
# „nicht meine“ markiert, und jede Zahl stimmt, ausgelegte und verdeckte Karten zusammen. Wie
# viele Verteilungen passen?

# %% tags=["exercise"]
answer_2 = ...  # a whole number

# %% tags=["solution"]
answer_2 = len(hands)
answer_2, sum(1 for hand in combinations(small.unknown, 3) if fits(seat1, hand))

# %%
check(2, answer_2)

# %% [markdown]
# ## Second school lesson: from counting deals to chances
#
# *Start here in the second school lesson.* Coming back to the notebook after a break?
# Click into section 3 below and choose **Run > Run All Above Selected Cell**: part 1
# runs again, your answers with it, in a few seconds.
#
# Where we are: each number in a table is a **constraint** on the hidden cards, and we
# listed the deals that fit all the constraints. Now a card's chance comes from that
# list; the same count finds certain and impossible cards; we take on two opponents at
# once; and the solver counts the full grid.

# %% [markdown] lang="de"
# ## Zweite Schulstunde: vom Zählen der Verteilungen zu Wahrscheinlichkeiten
#
# *Hier beginnt die zweite Schulstunde.* Du kommst nach einer Pause zum Notebook zurück? Klick
# unten in Abschnitt 3 und wähle **Run > Run All Above Selected Cell** (alle Zellen oberhalb
# ausführen): Teil 1 läuft in wenigen Sekunden noch einmal, deine Antworten mit.
#
# Wo wir stehen: Jede Zahl in einer Tabelle ist eine **Bedingung** für die verdeckten Karten,
# und wir haben die Verteilungen aufgelistet, die zu allen Bedingungen passen. Jetzt ergibt sich
# aus dieser Liste die Wahrscheinlichkeit einer Karte; dieselbe Zählung findet sichere und
# unmögliche Karten; wir nehmen es mit zwei Gegnern zugleich auf; und der Solver zählt das
# ganze Raster.

# %% [markdown]
# ## 3. A card's probability: count the deals that have it
#
# All 455 deals were equally likely. The facts rule some out and say nothing else, so the
# deals that fit are **still equally likely** (conditioning a uniform distribution, one
# that gives every outcome the same chance, keeps it uniform on what is left). So the chance that seat 1 holds a card is
#
# $$P(\text{seat 1 holds } c) = \frac{\text{deals that fit and give } c \text{ to seat 1}}
#   {\text{deals that fit}} .$$
#
# **Exercise 3.** What is the chance that seat 1 holds **green-A**? In the list of the
# deals that fit (above exercise 2), count those that give seat 1 green-A, and divide by
# all the deals that fit.

# %% [markdown] lang="de"
# ## 3. Die Wahrscheinlichkeit einer Karte: zähl die Verteilungen, in denen sie vorkommt
#
# Alle 455 Verteilungen waren gleich wahrscheinlich. Die Tatsachen schließen einige aus und
# sagen sonst nichts, also sind die passenden Verteilungen **immer noch gleich wahrscheinlich**
# (bedingt man eine Gleichverteilung, also eine, die jedem Ergebnis dieselbe Wahrscheinlichkeit
# gibt, bleibt sie auf dem Rest eine Gleichverteilung). Die Wahrscheinlichkeit, dass Platz 1
# eine Karte $c$ hat, ist also
#
# $$P(\text{Platz 1 hat } c) = \frac{\text{passende Verteilungen, die } c \text{ Platz 1 geben}}
#   {\text{passende Verteilungen}} .$$
#
# **Aufgabe 3.** Wie groß ist die Wahrscheinlichkeit, dass Platz 1 **grün-A** hat? Zähl in der
# Liste der passenden Verteilungen (über Aufgabe 2) die, die Platz 1 grün-A geben, und teile
# durch alle passenden Verteilungen.

# %% [markdown] tags=["paper"]
# **Exercise 3.** In exercise 2 you listed the deals that fit seat 1's table, all equally
# likely. What is the chance that seat 1 holds **green-A**? Count the deals that give it
# green-A, and divide by all the deals that fit.

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 3.** In Aufgabe 2 hast du die Verteilungen aufgelistet, die zur Tabelle von Platz 1
# passen, alle gleich wahrscheinlich. Wie groß ist die Wahrscheinlichkeit, dass Platz 1
# **grün-A** hat? Zähl die Verteilungen, die ihm grün-A geben, und teile durch alle passenden
# Verteilungen.

# %% tags=["exercise"]
answer_3 = ...  # a Fraction

# %% tags=["solution"]
answer_3 = Fraction(4, 12)  # 4 of the 12 deals that fit give seat 1 green-A
answer_3, Fraction(sum(GRID.index("green-A") in hand for hand in hands), len(hands))

# %%
check(3, answer_3)

# %% [markdown]
# Every unknown cell at once, next to what the solver says (the chances add up to 3, seat
# 1's hidden cards):

# %% [markdown] lang="de"
# Alle unbekannten Felder auf einmal, neben dem, was der Solver sagt (die Wahrscheinlichkeiten
# ergeben zusammen 3, die verdeckten Karten von Platz 1):

# %%
by_hand = {GRID.name(c): Fraction(sum(c in hand for hand in hands), len(hands)) for c in small.unknown}
solution = gauner.solve(small)
by_hand == solution.table(1), solution.deals, by_hand

# %% [markdown]
# **Why not constraint by constraint?** A quick guess reads each number on its own.
# yellow-F says "1 of green-F, purple-F, yellow-A, yellow-C, yellow-D", so green-F would
# be $\frac15$; blue-F says "1 of blue-A, green-F, purple-F", so $\frac13$. It is neither:
# $\frac12$. And green-A, in no cross at all, is not "3 cards among 15 cells, $\frac{3}{15}$"
# but $\frac13$.
#
# The numbers *share* seat 1's three hidden cards. The circled numbers rule out the yellow
# and C cells and blue-A, so yellow-F and blue-F both ask for exactly one of green-F and
# purple-F. red-F needs two red or F cards: that F card, and one of red-B and red-D. red-D's
# 5 needs exactly one of red-B, red-D and orange-D, so with red-B or red-D it never takes
# orange-D. That makes two of the three hidden cards; the third lies in no cross: green-A,
# purple-A or purple-B. So $2 \times 2 \times 3 = 12$ deals, equally likely. A guess made
# number by number cannot see this; counting whole deals sees every fact at once, and since
# the deals that fit are equally likely, the count is the exact answer.
#
# ## 4. Certain and impossible, by pure logic
#
# Counting also finds every certain card: a card in **all** the deals that fit is
# certain, a card in **none** is impossible. orange-D has chance 0, as the reasoning above
# said, and so do the cells the circled numbers cross out.
#
# Your best guesses are red-B, red-D, green-F and purple-F, $\frac12$ each. You name red-B
# to seat 1 and are wrong: seat 1 marks red-B "not mine", and your turn ends. Seat 1's
# turn starts: it rolls the dice and writes its new number in its table.

# %% [markdown] lang="de"
# **Warum nicht Bedingung für Bedingung?** Wer schnell rät, liest jede Zahl für sich. Gelb-F
# sagt „1 von grün-F, lila-F, gelb-A, gelb-C, gelb-D“, also wäre grün-F $\frac15$; blau-F sagt
# „1 von blau-A, grün-F, lila-F“, also $\frac13$. Es ist keins von beiden, sondern $\frac12$.
# Und grün-A, das in gar keinem Kreuz liegt, ist nicht „3 Karten unter 15 Feldern,
# $\frac{3}{15}$“, sondern $\frac13$.
#
# Die Zahlen *teilen sich* die drei verdeckten Karten von Platz 1. Die eingekreisten Zahlen
# schließen die gelben Felder, die C-Felder und blau-A aus, also verlangen gelb-F und blau-F
# beide genau eine von grün-F und lila-F. Rot-F braucht zwei rote oder F-Karten: diese F-Karte
# und eine von rot-B und rot-D. Die 5 bei rot-D verlangt genau eine von rot-B, rot-D und
# orange-D; mit rot-B oder rot-D kommt orange-D also nie dazu. Das sind zwei der drei verdeckten
# Karten; die dritte liegt in keinem Kreuz: grün-A, lila-A oder lila-B. Also gibt es
# $2 \times 2 \times 3 = 12$ Verteilungen, gleich wahrscheinlich. Wer Zahl für Zahl rät, sieht
# das nicht; wer ganze Verteilungen zählt, sieht alle Tatsachen zugleich, und weil die passenden
# Verteilungen gleich wahrscheinlich sind, ist die Zählung die exakte Antwort.
#
# ## 4. Sicher und unmöglich, allein durch Logik
#
# Das Zählen findet auch jede sichere Karte: Eine Karte, die in **allen** passenden
# Verteilungen vorkommt, ist sicher, eine, die in **keiner** vorkommt, unmöglich. Orange-D hat
# die Wahrscheinlichkeit 0, wie die Überlegung oben gezeigt hat, und ebenso die Felder, die die
# eingekreisten Zahlen durchstreichen.
#
# Deine besten Tipps sind rot-B, rot-D, grün-F und lila-F, je $\frac12$. Du fragst Platz 1 nach
# rot-B und liegst falsch: Platz 1 markiert rot-B als „nicht meine“, und dein Zug ist vorbei.
# Platz 1 ist dran: Er würfelt und trägt seine neue Zahl in seine Tabelle ein.

# %%
after = small_position(after_miss=True)
after.tables[1].to_json()

# %% [markdown]
# The deals that still fit, listed as before:

# %% [markdown] lang="de"
# Die Verteilungen, die jetzt noch passen, aufgelistet wie vorher:

# %%
hands_after = [hand for hand in combinations(after.unknown, 3) if fits(after.tables[1], hand)]
for hand in hands_after:
    print(", ".join(GRID.name(cell) for cell in hand))

# %% [markdown]
# **Exercise 4.** Now one card is **certain** to be seat 1's. Which one? Find it by logic
# (which red or F cards can red-F's number still use?) or in the list (which card is in
# every deal?), and give its name as text, such as `"blue-D"`.

# %% [markdown] lang="de"
# **Aufgabe 4.** Jetzt gehört eine Karte **sicher** Platz 1. Welche? Finde sie durch Logik
# (welche roten oder F-Karten kann die Zahl bei rot-F noch benutzen?) oder in der Liste (welche
# Karte kommt in jeder Verteilung vor?) und gib ihren Namen als Text an, etwa `"blue-D"` oder
# auf Deutsch `"blau-D"`.

# %% [markdown] tags=["paper"]
# **Exercise 4.** Now one card is **certain** to be seat 1's. Which one? Find it by logic
# (which red or F cards can red-F's number still use?) or by counting the deals that still
# fit (which card is in every one?), and give its name, such as "blue-D".

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 4.** Jetzt gehört eine Karte **sicher** Platz 1. Welche? Finde sie durch Logik
# (welche roten oder F-Karten kann die Zahl bei rot-F noch benutzen?) oder indem du die
# Verteilungen zählst, die noch passen (welche Karte kommt in jeder vor?), und gib ihren Namen
# an, etwa „blau-D“.

# %% tags=["exercise"]
answer_4 = ...  # a cell's name

# %% tags=["solution"]
# Logic: red-F needs two of green-F, purple-F, red-D (red-B is marked now), and yellow-F
# allows only one of green-F and purple-F: so red-D. (Seat 1's new 4 at red-B agrees.)
answer_4 = "red-D"  # in every deal of the list
answer_4, [GRID.name(c) for c in after.unknown if all(c in hand for hand in hands_after)]

# %%
check(4, answer_4)

# %% [markdown]
# Pure logic is a special case of counting: "certain" is probability 1, "impossible" is
# probability 0. Counting also gives all the chances in between. (The solver names each
# certain cell with the simplest reason it finds: a mark, a circle, counting inside one
# table, or counting every deal; the widget below frames them.)
#
# ## 5. Two opponents: the hands are disjoint
#
# *Disjoint*: no card is in two hands.
#
# With three players, a deal shares the unknown cells among seat 1, seat 2 and the box.
# Late in this game (again a real one, played by the rules engine) you hold ten cards;
# seats 1 and 2 have two hidden cards each, and the box holds 6. Ten cells are unknown.

# %% [markdown] lang="de"
# Reine Logik ist ein Sonderfall des Zählens: „sicher“ heißt Wahrscheinlichkeit 1, „unmöglich“
# heißt Wahrscheinlichkeit 0. Das Zählen liefert aber auch alle Wahrscheinlichkeiten
# dazwischen. (Der Solver nennt zu jedem sicheren Feld den einfachsten Grund, den er findet:
# eine Markierung, eine eingekreiste Zahl, Zählen innerhalb einer Tabelle oder Zählen aller
# Verteilungen; das Widget unten rahmt diese Felder ein.)
#
# ## 5. Zwei Gegner: Die Hände sind disjunkt
#
# *Disjunkt*: Keine Karte ist in zwei Händen.
#
# Bei drei Spielern verteilt eine Verteilung die unbekannten Felder auf Platz 1, Platz 2 und
# die Schachtel. Spät in diesem Spiel (wieder ein echtes, von der Regel-Engine gespielt) hast
# du zehn Karten; Platz 1 und Platz 2 haben je zwei verdeckte Karten, und in der Schachtel
# liegen 6. Zehn Felder sind unbekannt.

# %%
three = three_players()
[GRID.name(c) for c in three.unknown], three.to_json()["tables"][1:]

# %% [markdown]
# A deal gives 2 cells to seat 1 and 2 of the rest to seat 2; the other 6 go to the box.
# It fits if each seat's hidden cards fit its table:

# %% [markdown] lang="de"
# Eine Verteilung gibt Platz 1 zwei Felder und Platz 2 zwei vom Rest; die anderen 6 kommen in
# die Schachtel. Sie passt, wenn die verdeckten Karten jedes Platzes zu seiner Tabelle passen
# (die Zelle schreibt `seat 1:` für Platz 1 und `seat 2:` für Platz 2):

# %%
deals = [(hand1, hand2)
         for hand1 in combinations(three.unknown, 2) if fits(three.tables[1], hand1)
         for hand2 in combinations([c for c in three.unknown if c not in hand1], 2)
         if fits(three.tables[2], hand2)]
for hand1, hand2 in deals:
    print("seat 1:", ", ".join(GRID.name(c) for c in hand1), "  seat 2:", ", ".join(GRID.name(c) for c in hand2))
len(deals), comb(10, 2) * comb(8, 2)

# %% [markdown]
# Seat 1's table *alone* allows these hands, and in half of them seat 1 holds orange-A:

# %% [markdown] lang="de"
# Die Tabelle von Platz 1 *allein* erlaubt diese Hände, und in der Hälfte davon hat Platz 1
# orange-A:

# %%
alone = [hand for hand in combinations(three.unknown, 2) if fits(three.tables[1], hand)]
orange_a = GRID.index("orange-A")
len(alone), Fraction(sum(orange_a in hand for hand in alone), len(alone))

# %% [markdown]
# **Exercise 5.** Using *both* tables, what is the chance that seat 1 holds orange-A?
# (Count the deals listed above that give seat 1 orange-A, and divide by all of them.)

# %% [markdown] lang="de"
# **Aufgabe 5.** Wie groß ist mit *beiden* Tabellen die Wahrscheinlichkeit, dass Platz 1
# orange-A hat? (Zähl die oben aufgelisteten Verteilungen, die Platz 1 orange-A geben, und teile
# durch alle.)

# %% [markdown] tags=["paper"]
# **Exercise 5.** Three players: the position above. A deal gives 2 of the unknown cells
# to seat 1 and 2 of the rest to seat 2 (the other 6 go to the box), and fits when each
# seat's hidden cards fit its table. Seat 1's table alone allows 6 hands, 3 of them with
# orange-A. Using *both* tables, what is the chance that seat 1 holds orange-A? (List
# seat 1's hands; beside each, count seat 2's hands that still fit.)

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 5.** Drei Spieler: die Stellung oben. Eine Verteilung gibt Platz 1 zwei der
# unbekannten Felder und Platz 2 zwei vom Rest (die anderen 6 kommen in die Schachtel), und sie
# passt, wenn die verdeckten Karten jedes Platzes zu seiner Tabelle passen. Die Tabelle von
# Platz 1 allein erlaubt 6 Hände, 3 davon mit orange-A. Wie groß ist mit *beiden* Tabellen die
# Wahrscheinlichkeit, dass Platz 1 orange-A hat? (Schreib die Hände von Platz 1 auf; zähl neben
# jeder, wie viele Hände von Platz 2 noch passen.)

# %% tags=["exercise"]
answer_5 = ...  # a Fraction

# %% tags=["solution"]
answer_5 = Fraction(7, 11)  # 7 of the 11 deals give seat 1 orange-A
answer_5, Fraction(sum(orange_a in hand1 for hand1, _ in deals), len(deals))

# %%
check(5, answer_5)

# %% [markdown]
# Why higher? By its own table, each of seat 1's six hands is as likely as any other. But
# seat 2's hidden cards must fit seat 2's table too, among the cells seat 1 leaves free.
# Count, beside each of seat 1's hands, the hands seat 2 can still have:

# %% [markdown] lang="de"
# Warum mehr? Nach seiner eigenen Tabelle ist jede der sechs Hände von Platz 1 so
# wahrscheinlich wie jede andere. Aber die verdeckten Karten von Platz 2 müssen auch zur
# Tabelle von Platz 2 passen, und zwar unter den Feldern, die Platz 1 frei lässt. Zähl neben
# jeder Hand von Platz 1, wie viele Hände Platz 2 dann noch haben kann:

# %%
for hand1 in alone:
    rest = [c for c in three.unknown if c not in hand1]
    print(", ".join(GRID.name(c) for c in hand1), "->",
          sum(1 for hand2 in combinations(rest, 2) if fits(three.tables[2], hand2)))

# %% [markdown]
# The three hands with orange-A leave seat 2 more room (2, 2 and 3 ways) than the other
# three (1, 1 and 2): 7 of the 11 deals go through orange-A. One opponent's table tells you
# about another's cards, because **a card cannot be in two hands**. The solver's quick
# answer (one table alone) and its joint answer:

# %% [markdown] lang="de"
# Die drei Hände mit orange-A lassen Platz 2 mehr Spielraum (2, 2 und 3 Möglichkeiten) als die
# anderen drei (1, 1 und 2): 7 der 11 Verteilungen laufen über orange-A. Die Tabelle eines
# Gegners verrät etwas über die Karten eines anderen, weil **eine Karte nicht in zwei Händen
# sein kann**. Die schnelle Antwort des Solvers (eine Tabelle allein) und seine gemeinsame
# Antwort:

# %%
(gauner.solve_alone(three, 1).probability(1, "orange-A"),
 gauner.solve(three).probability(1, "orange-A"))

# %% [markdown]
# ## 6. The full grid: let the solver count
#
# Early in a game listing is hopeless. Here is seat 0's view of a real two-player game
# before its first guess: four numbers in seat 1's table, and 24 unknown cells, of which
# seat 1 hides 12. There are $\binom{24}{12}$ ways to choose them, and with three or four
# players many billions of deals. bluffmath's `solve` counts the deals that fit without
# listing them (it builds a small diagram of each table's possible hands and walks them
# side by side: see the docs' explanation of the solver).

# %% [markdown] lang="de"
# ## 6. Das ganze Raster: Lass den Solver zählen
#
# Früh im Spiel ist Auflisten aussichtslos. Hier ist die Sicht von Platz 0 auf ein echtes Spiel
# zu zweit vor seinem ersten Tipp: vier Zahlen in der Tabelle von Platz 1 und 24 unbekannte
# Felder, von denen Platz 1 zwölf versteckt. Es gibt $\binom{24}{12}$ Möglichkeiten, sie
# auszuwählen, und mit drei oder vier Spielern viele Milliarden Verteilungen. `solve` von
# bluffmath zählt die passenden Verteilungen, ohne sie aufzulisten (es baut für jede Tabelle
# ein kleines Diagramm ihrer möglichen Hände und geht sie nebeneinander durch: siehe die
# Erklärung des Solvers in der Doku).

# %%
full = full_grid()
full.to_json(), comb(24, 12)

# %% [markdown]
# `gauner.solve(full)` counts them. Its `.deals` is the number of deals that fit, and
# `.best_guesses(3)` lists your three best guesses, each with its cell and the chance
# that it hits:

# %% [markdown] lang="de"
# `gauner.solve(full)` zählt sie. Sein `.deals` ist die Zahl der passenden Verteilungen, und
# `.best_guesses(3)` listet deine drei besten Tipps auf, jeden mit seinem Feld (`cell`) und der
# Wahrscheinlichkeit (`probability`), dass er trifft:

# %%
full_solution = gauner.solve(full)
full_solution.best_guesses(3)

# %% [markdown]
# **Exercise 6.** How many deals fit, and what is the chance that your best guess hits?
# Give a pair `(deals, chance)`.

# %% [markdown] lang="de"
# **Aufgabe 6.** Wie viele Verteilungen passen, und wie groß ist die Wahrscheinlichkeit, dass
# dein bester Tipp trifft? Gib ein Paar `(deals, chance)` an: (Anzahl, Wahrscheinlichkeit).

# %% [markdown] tags=["paper"]
# **Exercise 6.** The position above, early in a two-player game: 24 unknown cells, of
# which seat 1 hides 12, too many deals to list by hand. On the computer, let the solver
# count: how many deals fit, and what is the chance that your best guess hits? Write down
# both.

# %% [markdown] lang="de" tags=["paper"]
# **Aufgabe 6.** Die Stellung oben, früh in einem Spiel zu zweit: 24 unbekannte Felder, von
# denen Platz 1 zwölf versteckt, zu viele Verteilungen, um sie von Hand aufzulisten. Lass am
# Computer den Solver zählen: Wie viele Verteilungen passen, und wie groß ist die
# Wahrscheinlichkeit, dass dein bester Tipp trifft? Schreib beides auf.

# %% tags=["exercise"]
answer_6 = ...  # a pair (a whole number, a Fraction)

# %% tags=["solution"]
answer_6 = (full_solution.deals, full_solution.best_guesses(1)[0].probability)
answer_6, full_solution.best_guesses(1)[0].cell

# %%
check(6, answer_6)

# %% [markdown]
# The widget shows the same position as heat maps: each opponent's quick answer from its
# own table, then the exact answer from all tables; certain cells are framed. Edit the
# position's text (each table's numbers, laid cards and "not mine" marks) and watch the
# chances move: add a wrong guess to seat 1's `not_mine`.

# %% [markdown] lang="de"
# Das Widget zeigt dieselbe Stellung als Farbkarten (Heatmaps): zuerst für jeden Gegner die
# schnelle Antwort aus seiner eigenen Tabelle, dann die exakte Antwort aus allen Tabellen;
# sichere Felder sind eingerahmt. Ändere den Text der Stellung (die Zahlen jeder Tabelle,
# ausgelegte Karten und „nicht meine“-Markierungen) und sieh zu, wie sich die
# Wahrscheinlichkeiten bewegen: Trag bei `not_mine` von Platz 1 einen falschen Tipp nach.

# %%
GaunerSolver(full, background=False)

# %% [markdown]
# ## Summary
#
# - A number is a constraint on hidden cards: take the laid cards of its cross away, and
#   exactly that many hidden cards lie among the cross's cells still open.
# - Some cards are certain or impossible by pure logic (a circled number; two numbers that
#   need more cards than the hand has).
# - The deals that fit every fact are equally likely, so a card's probability is the
#   number of deals that have it over the number of deals that fit. Guessing number by
#   number is not exact, because numbers share the same few hidden cards.
# - Hands are disjoint: one opponent's table changes the chances of another's cards. The
#   solver counts all tables at once, exactly, even when there are billions of deals.
#
# Next lesson: Bayes tables for hidden identities in *Hoax*, where counting deals meets a
# model of bluffing again.

# %% [markdown] lang="de"
# ## Zusammenfassung
#
# - Eine Zahl ist eine Bedingung für verdeckte Karten: Zieh die ausgelegten Karten ihres
#   Kreuzes ab, dann liegen genau so viele verdeckte Karten unter den noch offenen Feldern des
#   Kreuzes.
# - Manche Karten sind allein durch Logik sicher oder unmöglich (eine eingekreiste Zahl; zwei
#   Zahlen, die mehr Karten brauchen, als die Hand hat).
# - Die Verteilungen, die zu allen Tatsachen passen, sind gleich wahrscheinlich. Die
#   Wahrscheinlichkeit einer Karte ist also die Zahl der Verteilungen, in denen sie vorkommt,
#   geteilt durch die Zahl der passenden Verteilungen. Zahl für Zahl raten ist nicht exakt, weil
#   sich die Zahlen dieselben wenigen verdeckten Karten teilen.
# - Die Hände sind disjunkt: Die Tabelle eines Gegners ändert die Wahrscheinlichkeiten für die
#   Karten eines anderen. Der Solver zählt alle Tabellen zugleich, exakt, selbst bei Milliarden
#   von Verteilungen.
#
# Nächste Lektion: Bayes-Tabellen für verborgene Rollen in *Hoax*, wo das Zählen von
# Verteilungen wieder auf ein Modell des Bluffens trifft.

# %% [markdown]
# ## Going further
#
# - In section 1, seat 1 wrote 4 at red-F. What if it had written 3? Count again.
# - With the brave-investigators variant, `gauner.solve(position).brave(banked)` says
#   whether to guess once more. After one right guess, should you guess on in the
#   position of section 4?
#
# These two are for discussion; they have no check (answers in the solution copy).

# %% [markdown] lang="de"
# ## Weiterdenken
#
# - In Abschnitt 1 hat Platz 1 eine 4 bei rot-F eingetragen. Was wäre, wenn er eine 3
#   eingetragen hätte? Zähl noch einmal.
# - Mit der Variante für mutige Ermittler sagt `gauner.solve(position).brave(banked)`, ob du
#   noch einmal raten solltest. Solltest du in der Stellung von Abschnitt 4 nach einem
#   richtigen Tipp weiterraten?
#
# Diese beiden Fragen sind zum Diskutieren gedacht; es gibt keinen Check (die Antworten stehen
# in der Lösungsfassung).

# %% [markdown] tags=["paper"]
# ## Going further
#
# - In the position of exercises 1 and 2, seat 1 wrote 4 at red-F. What if it had written 3?
#   Count again.
# - With the brave-investigators variant, a wrong guess loses the points of the turn. After
#   one right guess, should you guess on in the position of exercise 4?

# %% [markdown] lang="de" tags=["paper"]
# ## Weiterdenken
#
# - In der Stellung der Aufgaben 1 und 2 hat Platz 1 eine 4 bei rot-F eingetragen. Was wäre,
#   wenn er eine 3 eingetragen hätte? Zähl noch einmal.
# - In der Variante für mutige Ermittler kostet ein falscher Tipp die Punkte des ganzen Zuges.
#   Solltest du in der Stellung von Aufgabe 4 nach einem richtigen Tipp weiterraten?

# %% [markdown] tags=["teacher"]
# **Answers to "Going further"** (for the teacher).
#
# - With 3 at red-F, only one of seat 1's hidden cards is red or F. yellow-F still needs
#   one of green-F and purple-F, so that is the one: red-B and red-D are not held, and
#   red-D's 5 then needs orange-D, which becomes certain. The third card is green-A,
#   purple-A or purple-B: $2 \times 3 = 6$ deals fit instead of 12.
# - After the wrong guess on red-B, your next turn lays red-D (certain) and banks 1
#   point. Then seat 1 hides two cards and 4 deals fit: one of green-F and purple-F, and
#   one of green-A and purple-A (seat 1's new 4 at red-B rules out purple-B). The best
#   guess is right with chance $\frac12$. Guessing on is worth $\frac12 \times 2 = 1$ point in
#   expectation, stopping keeps the 1 point: exactly even, so either is right by the
#   one-step rule (`solve(position).brave(1)` says `go_on=1, stop=1`).

# %% [markdown] lang="de" tags=["teacher"]
# **Antworten zu „Weiterdenken“** (für die Lehrkraft).
#
# - Mit 3 bei rot-F ist nur eine der verdeckten Karten von Platz 1 rot oder F. Gelb-F braucht
#   weiterhin eine von grün-F und lila-F, also ist es diese: Rot-B und rot-D hat Platz 1 nicht,
#   und die 5 bei rot-D braucht dann orange-D, das damit sicher wird. Die dritte Karte ist
#   grün-A, lila-A oder lila-B: Statt 12 passen $2 \times 3 = 6$ Verteilungen.
# - Nach dem falschen Tipp auf rot-B legt dein nächster Zug rot-D (sicher) aus und bringt 1
#   Punkt. Dann versteckt Platz 1 zwei Karten, und 4 Verteilungen passen: eine von grün-F und
#   lila-F und eine von grün-A und lila-A (die neue 4 von Platz 1 bei rot-B schließt lila-B
#   aus). Der beste Tipp trifft mit Wahrscheinlichkeit $\frac12$. Weiterraten bringt im
#   Erwartungswert $\frac12 \times 2 = 1$ Punkt, Aufhören behält den 1 Punkt: genau gleich, nach
#   der Ein-Schritt-Regel ist also beides richtig (`solve(position).brave(1)` sagt `go_on=1,
#   stop=1`).
