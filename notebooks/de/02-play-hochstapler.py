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
# # Hochstapler spielen
#
# Spiel eine ganze Partie Hochstapler (Reiner Knizia, 2009) gegen Bots, mit deinen exakten
# Chancen neben dem Tisch. Jeder hat von jeder der sieben Farben eine Karte auf der Hand. Wenn
# du dran bist, **erhöhst** du (du sagst eine Summe in einer Farbe an: „Die roten Karten auf
# allen Händen ergeben zusammen mindestens 12“), oder du **zweifelst** die Ansage **an**, die du
# überbieten müsstest, und alle zeigen ihre Karte dieser Farbe. Bevor du erhöhst, darfst du eine
# Karte **tauschen**: Sie kommt offen neben ihren Stapel, und du ziehst die oberste Karte des
# Stapels. Wer sich geirrt hat, der Ansager oder der Zweifler, nimmt die Farbe: ein Strafpunkt. Sind
# alle sieben Farben vergeben, gewinnt, wer die wenigsten Punkte hat.
#
# Die Chancen rechnen nur mit dem, was dein Platz sehen kann: deine Karten, die Ansagen und die
# offenen Karten. Jede Chance ist ein exakter Bruch, einmal durch **Kartenzählen** (jede
# Verteilung der ungesehenen Karten ist gleich wahrscheinlich) und einmal durch **Ansagen lesen**
# (wer eine Farbe ansagt, hat wahrscheinlich eine gute Karte darin). Mit *Rechnung zeigen*
# siehst du, wie jede Zahl gezählt wird.
#
# Tipp eine Summe ins Feld *Ansage* und drück **Enter** (oder *erhöhen*), um sie anzusagen. Jedes
# Anzweifeln der Partie bleibt auf der Seite stehen, das neueste oben: wer was angesagt hat, wer
# angezweifelt hat, die Karte jeder Hand in dieser Farbe, die Summe und wer die Farbe nehmen
# musste. Weil das hier eine Übung ist, nimmt **zurück** deine letzte Entscheidung und die Züge
# der Bots danach zurück. Eröffnest du eine Runde, rät dir die Seite zur höchsten Ansage, die
# mindestens in der Hälfte der Fälle stimmt (eine Ansage von 0 stimmt immer, verrät dem nächsten
# Spieler aber nichts). Die Karte *Regeln von Hochstapler* oben fasst die Regeln kurz zusammen.
#
# Unter *Einstellungen* kannst du die Spieler, deinen Namen, die Bots oder den Startwert ändern;
# dann drückst du *neues Spiel*. Als eigene Seite startest du das Spiel mit
# `voila --VoilaExporter.language_code=de notebooks/de/02-play-hochstapler.ipynb`, oder du
# führst die Zelle unten in JupyterLab aus.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.hochstapler import HochstaplerTable

HochstaplerTable(players=4, me=0, bot_delay=0.6)
