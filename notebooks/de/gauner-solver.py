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
# # Gauner-raus!-Löser
#
# Wo verstecken sich die Gauner deiner Gegner? Füg eine Stellung ein (das JSON, das
# `bluffmath gauner solve` liest) oder bearbeite das Beispiel und klick dann außerhalb des
# Feldes. Die eigene Tabelle jedes Gegners gibt sofort eine schnelle Antwort; die exakte Antwort
# aus allen Tabellen zusammen folgt, denn die Hände haben keine Karte gemeinsam, und eine
# Tabelle verrät etwas über die anderen. Umrahmte Felder sind sicher: Fahr mit der Maus darüber,
# dann siehst du den Grund. Als eigene Seite startest du den Löser mit
# `voila --VoilaExporter.language_code=de notebooks/de/gauner-solver.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.gauner import GaunerSolver

GaunerSolver()

# %% [markdown]
# ## Neben einer echten Partie
#
# Tipp deine Karten ein (die verdeckten; ausgelegte unter „offen“ bei deinem Platz) und im
# Lauf der Partie die Zahlen jedes Platzes, seine ausgelegten Karten und seine Markierungen
# „nicht meine“. Die Antworten folgen jeder Eingabe; eine Eingabe, die den anderen widerspricht,
# wird gemeldet, mit den Tatsachen, die sich widersprechen.

# %%
from bluffmath_widgets.gauner import GaunerCompanion

GaunerCompanion(players=3)
