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
# # Gauner raus! spielen, mit der exakten Chance für jede Karte
#
# Du spielst gegen Bots (Ann, Ben, Cleo): Wähl 2 bis 4 Spieler, welcher Bot auf welchem Platz
# sitzt, ob ihr die Variante für mutige Ermittler spielt, und einen Startwert; dann drückst du
# „Neues Spiel“. Jede Zahl in einer Tabelle zählt die Karten dieses Spielers, die die Farbe
# *oder* den Buchstaben des Feldes haben. Die Tabelle jedes Gegners zeigt, was er eingetragen
# hat (✎), welche Karten er ausgelegt hat (●) und wo er „nicht meine“ markiert hat (✗). Auf
# demselben Raster steht in jedem Feld deine exakte Chance, dass er diese Karte hat, aus allen
# Tabellen zusammen, als Bruch und als Prozentzahl (je dunkler, desto wahrscheinlicher). Klick
# auf ein Feld, um nach dieser Karte zu fragen; nach einem Treffer fragst du weiter oder hörst
# auf. Felder, die sicher sind, tragen ✓ oder ✗, und die Liste unter den Tabellen sagt, warum.
# Am Ende werden alle Hände und die übrigen Karten aufgedeckt, und du kannst die Partie Zug für
# Zug noch einmal ansehen.
#
# Als eigene Seite startest du das Spiel mit
# `voila --VoilaExporter.language_code=de notebooks/de/04-play-gauner-raus.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.gauner import GaunerTable

GaunerTable(players=2, seed=0)
