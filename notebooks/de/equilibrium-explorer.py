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
# # Warum bluffen? Der Strategie-Entdecker
#
# Das exakte Gleichgewicht von Kuhn-Poker und vom Hochstapler-Duell, gelesen aus den
# Zertifikaten, die bluffmath mitbringt (beim Laden mit exakten besten Antworten geprüft). Wähl
# ein Spiel, deinen Platz und deine Karte: Du siehst die Wahrscheinlichkeiten des
# Gleichgewichts, exakt und mit Prozentzahlen, und seine Bluffs. Dann änderst du mit den
# Schiebereglern deine eigene Strategie und siehst, wie viel dir eine beste Antwort darauf
# abnimmt. Als eigene Seite startest du den Entdecker mit
# `voila --VoilaExporter.language_code=de notebooks/de/equilibrium-explorer.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.equilibrium import DuelMatch, StrategyExplorer

StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="0")

# %% [markdown]
# ## Spiel das Duell gegen den Gleichgewichts-Bot
#
# Der Bot zieht jeden Zug aus seiner exakten gemischten Strategie. Keine Strategie, die du
# wählst, kann im Mittel pro Runde mehr gewinnen als den Wert des Spiels für deinen Platz.

# %%
DuelMatch(deck="0,1,2,3,4", seat=1, seed=1)

# %% [markdown]
# ## Spiel gegen einen Bot, der dich durchschaut
#
# Dieser Bot zählt nach jeder Runde deine Züge und spielt die exakte beste Antwort auf das, was
# er gesehen hat. Spiel vorhersehbar (bluff zum Beispiel nie) und schau zu, wie das, was du
# gegen ihn erwarten kannst, unter den Wert des Spiels fällt. Seine eigene Antwort kann dafür
# ein Spieler bestrafen, der ihn durchschaut. Der Gleichgewichts-Bot oben gewinnt nichts durch
# deine Gewohnheiten, und er riskiert nichts.

# %%
DuelMatch(deck="0,1,2,3,4", seat=1, seed=1, opponent="reader")
