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
# # Üben mit deinen eigenen Fehlern
#
# Eine Auswertung sagt dir einmal, was jede deiner Entscheidungen gekostet hat. Um besser zu
# spielen, beantwortest du die Stellungen, in denen du danebenlagst, noch einmal, bis du den
# besseren Zug findest. Hier kommt jede deiner Entscheidungen, die mindestens einen „Fehler“
# gekostet hat, als **Übung** zurück: die Stellung genau so, wie dein Platz sie gesehen hat
# (nichts von den verdeckten Karten der anderen), und ihre Möglichkeiten. Wähl eine und drück
# **Antworten**: Du siehst den exakten Wert jeder Möglichkeit, die beste, was deine Antwort
# gekostet hat und warum, in den Worten der Auswertung. **Weiter** bringt die nächste Übung:
# die teuerste zuerst oder Partie für Partie („nächster Fehler“).
#
# **Gespeicherte Spiele laden** nimmt die JSON-Dateien, die der Knopf „speichern“ eines Tisches
# schreibt (eine oder viele, alle vom selben Spiel); tipp deinen Platz ein (0 ist der erste)
# oder, bei Partien vom Klassentisch, deinen Namen. Oder wähl einen **Rätselsatz**: Stellungen
# aus den Partien der Bots, in denen eine Möglichkeit klar die beste ist, jede passend zu deinem
# Können ausgesucht.
#
# Jede Antwort wird in einer Fortschrittsdatei gespeichert (`train.sqlite` in diesem Ordner):
# Schließ die Seite, komm morgen wieder, und die Übungen, bei denen du danebenlagst, kommen
# zuerst dran, in wachsenden Abständen wiederholt. Unter der Übung steht dein Fortschritt: der
# Anteil deiner Antworten, die die besten waren, deine Rätsel-Wertung, die Trefferquote jeder
# Fähigkeit pro Tag und deine Gewohnheiten damals und heute.

# %% [markdown]
# Zum Anfangen fünf Partien Hochstapler, hier von Kartenzähl-Bots gespielt; der auf Platz 0,
# „du“, zweifelt seltener an, als seine Chancen sagen. Ersetz sie durch deine eigenen
# gespeicherten Spiele (mit dem Knopf), um deine eigenen Fehler zu üben.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from fractions import Fraction

from bluffmath.hochstapler import CardCountingBot, Game, play_game, save_game
from bluffmath_widgets.train import Trainer

you = CardCountingBot(doubt_bias=Fraction(-1, 4))
saves = [save_game(play_game(Game(players=3), [you, CardCountingBot(), CardCountingBot()], seed=seed))
         for seed in (1, 2, 3, 4, 5)]
Trainer(saves=saves, player=0)

# %% [markdown]
# Die Werte beruhen auf dem Modell der Auswertung, das bei der Auswertung jeder Partie genannt
# wird: Bei Hochstapler wird eine Ansage über den Rest ihrer Runde bewertet, und die anderen
# antworten nach dem Kartenzählen. Die Anleitung *Train on your mistakes* in der (englischen)
# Dokumentation nennt das Modell jedes Spiels und sagt, wie du dieselben Übungen auf der
# Kommandozeile übst (`bluffmath train`).
