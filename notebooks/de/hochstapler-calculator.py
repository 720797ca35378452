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
# # Hochstapler-Rechner: Wie wahrscheinlich stimmt eine Ansage?
#
# Hier siehst du die exakte Wahrscheinlichkeit, dass eine Ansage stimmt, Karte für Karte
# ausgezählt. Stell die Zahl der Spieler ein, deine Karte in der Farbe, die Werte, die offen
# neben ihrem Stapel liegen, und die Ansage. Darunter stehen die Chancen für einen ganzen
# Durchgang an einem echten Tisch. Als eigene Seite startest du den Rechner mit
# `voila --VoilaExporter.language_code=de notebooks/de/hochstapler-calculator.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.hochstapler import OddsCalculator, PositionOdds

OddsCalculator(players=5, own=3, face_up="0,7", call=12)

# %% [markdown]
# ## Ein ganzer Durchgang an einem echten Tisch
#
# Tipp den bisherigen Durchgang so ein, wie er gelaufen ist: Ansagen als `1:12 rot`, Tauschen
# als `2:rot:3`, Anzweifeln als `3:zweifel`. Eine offen liegende Karte zählt nur einmal, egal
# ob du sie ins Feld ihrer Farbe tippst, in den Verlauf oder in beides. Einen Verlauf, den
# kein Tisch so spielen kann, lehnt der Rechner ab und nennt die Regel, gegen die er
# verstößt: zum Beispiel, wenn jemand seine eigene Ansage anzweifelt, wenn jemand zweimal in
# einem Zug tauscht oder wenn die Ansage, die du überbieten musst, höher ist, als die Karten im
# Spiel überhaupt ergeben können.

# %%
PositionOdds(players=4)
