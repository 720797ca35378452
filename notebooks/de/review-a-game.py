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
# # Eine Partie auswerten: was jede Entscheidung genau gekostet hat
#
# Schachspieler lassen ihre Partien von einem Programm prüfen, das bei jedem Zug zeigt, was er
# gekostet hat. `bluffmath.review` macht das für Bluff- und Kombinationsspiele, und zwar exakt:
# für einen Platz jede Entscheidung mit der Stellung, wie dieser Platz sie gesehen hat, den Wert
# jeder Möglichkeit als Bruch, die besten Möglichkeiten und was die getroffene Wahl gekostet
# hat. Die Werte beruhen auf einem Modell, das jede Auswertung in Worten nennt; sie behaupten nie
# mehr, als das Modell hergibt.
#
# Hier spielen Kartenzähl-Bots eine Partie Hochstapler; der Bot auf Platz 2 zweifelt seltener
# an, als seine Chancen sagen (`doubt_bias=-1/4`), und wir suchen seine schlechteste
# Entscheidung. (Die Zeilen, die der Code selbst druckt, etwa „decisions; total cost“, bleiben
# englisch: Der Code ist derselbe wie im englischen Notebook.)

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from fractions import Fraction

from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game
from bluffmath.review import review

late = CardCountingBot(doubt_bias=Fraction(-1, 4))
end = play_game(Game(players=4), [CardCountingBot(), CardCountingBot(), late, CardCountingBot()], seed=3)
saved = save_game(end)  # a game saved in a widget or typed in is reviewed the same way
r = review(saved, seat=2)
print(r.model)
print(r.unit)
print(len(r.decisions), "decisions; total cost", r.total_cost, "; accuracy", r.accuracy, r.marks())

# %% [markdown]
# Jede Ansage wird über den Rest ihrer Runde bewertet: Die anderen antworten in der angesagten
# Farbe nach dem Kartenzählen (anzweifeln oder um eins erhöhen), und der Bot zweifelt, wenn die
# Runde zu ihm zurückkommt, im besten Moment an. Deshalb werden auch seine Eröffnungen bewertet:
# Es kommt darauf an, wann wer dran ist, und eine Ansage, die die riskanten Summen wieder zu dir
# zurückbringt, kostet. Wo er erhöht hat, obwohl Anzweifeln wahrscheinlicher richtig gewesen
# wäre, hat er den Unterschied verschenkt.

# %%
worst = r.costliest(1)[0]
print(f"#{worst.number}: {worst.position}")
print(f"chose {worst.choice}: {worst.chosen_value}; best {worst.best[0]}: {worst.best_value}")
print(f"cost {worst.cost}")

# %% [markdown]
# Der Wert jeder Möglichkeit steht da, exakt. Die besten zehn:

# %%
for option, value in sorted(worst.values.items(), key=lambda item: -item[1])[:10]:
    print(f"{option:<20} {value}")

# %% [markdown]
# Nach dem Rundenmodell ist die teuerste Entscheidung des Bots eine Eröffnung: Er hat die
# höchste Summe angesagt, die er mindestens ausgeglichen fand. Gegen Spieler, die um eins
# erhöhen, kommt es aber mehr darauf an, wann wer dran ist, als auf die Chance der Ansage selbst.
# Der Text der Auswertung sagt, wann du nach der besten Ansage anzweifeln solltest, wenn die
# Runde zurückkommt.

# %%
print(worst.explanation)

# %% [markdown]
# ## Aufgabe: Prüf eine Entscheidung von Hand, einen Schritt voraus
#
# `model="counting"` bewertet jede Entscheidung nur einen Schritt voraus, wobei der nächste
# Spieler immer anzweifelt: Eine Erhöhung ist so viel wert wie die Chance, dass die Ansage
# stimmt, durch Kartenzählen aus der eigenen Karte des Platzes und den offenen Karten
# (Eröffnungen werden dort nicht bewertet). Such die schlechteste Entscheidung unter diesem
# Modell und rechne ihren Wert mit `total_distribution` nach.

# %%
from bluffmath.hochstapler import total_distribution

step = review(saved, seat=2, model="counting").costliest(1)[0]
view = Game(players=4).replay(end.seed, end.opener, end.events[:step.number - 1]).view(2).position
_, total, colour = step.choice.split()
mine = total_distribution(4, view.hand[colour], view.face_up(colour)).at_least(int(total))
assert mine == step.chosen_value
step.choice, step.best, mine

# %% [markdown]
# ## Gauner raus! und Münchhausen
#
# Dieselbe Tür wertet auch die anderen Spiele aus. Bei Gauner raus! ist ein Tipp so viel wert
# wie seine exakte Chance zu treffen, aus allen Verteilungen, die zu dem passen, was der Platz
# weiß; der Löser-Bot, der immer den wahrscheinlichsten Tipp nimmt, verliert dabei nichts. Ein
# Bot, der zufällig rät, schon.

# %%
from bluffmath import gauner

game = gauner.play_game(gauner.Game(players=2), [gauner.RandomBot(seed=1), gauner.SolverBot()], seed=2)
print("random guesser:", review(game, 0).total_cost, " solver:", review(game, 1).total_cost)
assert review(game, 1).total_cost == 0

# %% [markdown]
# Bei Münchhausen sind die Werte die erwarteten Änderungen der eigenen Punkte des Platzes in
# diesem Zug, unter einem Kartenmodell dafür, wie Spieler ihre Karten wählen (wenn nichts
# anderes gesagt ist: zufällig).

# %%
from bluffmath import muenchhausen

game = muenchhausen.play_game(muenchhausen.Game(players=3), [muenchhausen.OddsBot(), muenchhausen.HonestBot(),
                                                             muenchhausen.RandomBot(seed=1)])
for seat in range(3):
    m = review(game, seat)
    print(f"seat {seat}: {len(m.decisions)} decisions, total cost {m.total_cost}")
assert all(d.cost >= 0 for d in m.decisions)
assert isinstance(m.total_cost, Fraction)

# %% [markdown]
# ## Das Auswertungs-Widget
#
# Die Zeitleiste färbt jede Entscheidung nach ihrer Note: grün, wenn sie zu den besten gehört,
# gelb, orange und rot für eine Ungenauigkeit, einen Fehler und einen groben Fehler (je nachdem,
# wie viel von der Spanne der Entscheidung verschenkt wurde). Ein Klick öffnet die Stellung und
# den Wert jeder Möglichkeit.

# %%
from bluffmath_widgets.review import ReviewWidget

ReviewWidget(saved, seat=2)

# %% [markdown]
# ## Gewohnheiten über viele Partien
#
# Eine einzelne Partie sagt wenig über einen Spieler. `review_many` wertet viele aus und sortiert
# die teuren Entscheidungen nach Mustern (zu spät anzweifeln, über den Chancen ansagen, …), das
# teuerste zuerst, jedes mit einem Beispiel aus den eigenen Partien des Spielers. Hier sitzt
# derselbe Bot in acht Partien auf Platz 2. Über die ganze Runde kosten seine Eröffnungen am
# meisten; einen Schritt voraus steht die Gewohnheit oben, die wir ihm eingebaut haben (er
# zweifelt zu spät an).

# %%
from bluffmath.review import review_many

games = [play_game(Game(players=4), [CardCountingBot(), CardCountingBot(), late, CardCountingBot()], seed=s)
         for s in range(8)]
habits = review_many(games, 2)
print(habits.text())
assert review_many(games, 2, "counting").top(1)[0].name == "doubts too late"

# %%
from bluffmath_widgets.review import HabitsWidget

HabitsWidget(games, 2)
