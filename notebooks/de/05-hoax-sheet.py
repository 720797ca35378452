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
# # Hoax: Wer ist wer – ganz genau
#
# Bei Hoax hat jeder Spieler eine geheime Rollenkarte; im Spiel ist jede Rolle zweimal, und
# jeder darf als jede Rolle sprechen. Dieser Bogen hält fest, was ein Spieler gesehen hat –
# Behauptungen und Schweigen, gekaufte Informationen, erfolgreiche Anfechtungen, abgedeckte Rollen,
# aufgedeckte Karten, Beschuldigungen – und zeigt für jeden Spieler die exakte Chance, jede
# Rolle zu haben, gezählt über alle Arten, die Karten auszuteilen. Behauptungen werden nach
# einem Bluff-Modell gewichtet, das du einstellst: Wer die Rolle hat, spricht mit der Chance
# *ehrlich* als diese Rolle, wer sie nicht hat, mit der Chance *Bluff* (exakte Brüche wie 1/4).
#
# An einem echten Tisch darf niemand mitschreiben, deshalb ist dieser Bogen zum Lernen da: Spiel
# eine Partie hinterher noch einmal durch oder arbeite eine Lektion durch. Unten bist du Ann und
# hast einen Magier; Bo und Cy haben beide als Magier gesprochen, Di hat geschwiegen, und Bo hat
# dir gezeigt, dass er nicht der Baron ist. Weitere Tatsachen trägst du mit der Reihe von
# Auswahllisten ein; eine Tatsache, zu der keine Verteilung der Karten passt, lehnt der Bogen ab
# und nennt die Tatsachen, die sich widersprechen. Jedes Feld zeigt den exakten Bruch mit der
# Prozentzahl daneben. Änderst du die Zahl der Spieler, bleiben die Tatsachen, die noch passen
# (die anderen warten und kommen zurück, sobald sie wieder passen); *neues Blatt* löscht alle
# Tatsachen für die nächste Partie. Wähl unter *Einzelheiten* einen Spieler und eine Rolle, dann
# siehst du die Bayes-Tabelle und die Rechnung.
#
# Als eigene Seite startest du den Bogen mit
# `voila --VoilaExporter.language_code=de notebooks/de/05-hoax-sheet.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath.hoax import Claim, IsNot
from bluffmath_widgets.hoax import HoaxPractice, HoaxSheet

sheet = HoaxSheet(players=4, my_role="Wizard", names=["Ann", "Bo", "Cy", "Di"])
sheet.record(Claim(1, "Wizard"))
sheet.record(Claim(2, "Wizard"))
sheet.record(Claim(3, "Wizard", spoke=False))
sheet.record(IsNot(1, "King", "bought"))
sheet

# %% [markdown]
# ## Üben gegen Bots
#
# Du bist Spieler 0. Jede Runde bringt eine Gelegenheit für eine Rolle (die Seite nennt sie und
# sagt, wer als diese Rolle gesprochen oder geschwiegen hat). Jeder Bot im Spiel spricht nach
# demselben Bluff-Modell als diese Rolle, deshalb sind die Zahlen auf dem Bogen die echten
# Chancen. Kauf einen Blick, ruf „Hoax!“ gegen eine Behauptung oder beschuldige einen
# Spieler, eine Rolle zu haben; am Ende werden alle Karten gezeigt.

# %%
HoaxPractice(players=4, seed=0)
