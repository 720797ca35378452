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
# # Hoax spielen, mit deinem Bogen neben dem Tisch
#
# Jeder hat eine geheime Rollenkarte. Wenn du dran bist, behauptest du eine Rolle, irgendeine,
# und tust, was sie erlaubt: Der Bauer nimmt 2 Getreide, der Baron verlangt von allen Steuern,
# der Magier nimmt einem Spieler alle Marker … Gegen jede Behauptung darf jemand „Hoax!“
# rufen: Stimmt der Tisch für eine Anfechtung, wird die Behauptung eines Lügners
# rückgängig gemacht und diese Rolle für ihn endgültig abgedeckt; wer aber die Wahrheit gesagt
# hat, zeigt seine Karte und gewinnt sofort. Du kannst auch ein Trio (ein Gold, ein Getreide,
# ein Wein) ausgeben und dir einen Blick kaufen: Der Spieler, den du nennst, zeigt dir, und
# nur dir, eine Rolle, die er nicht ist. Beschuldige einen Spieler, eine bestimmte Rolle zu
# haben: Hast du recht, scheidet er aus; liegst du falsch, scheidest du aus. Wer als Letzter
# übrig bleibt, gewinnt.
#
# Du bist Ann und spielst gegen Bots: *Kombinierer* entscheiden über ihre Hoax-Rufe, ihre
# Blicke und Beschuldigungen nach ihrem eigenen exakten Bogen; *ehrliche* Bots lügen nie;
# *Bluffer* behaupten mit einer festen Rate andere Rollen; *zufällige* Bots wählen irgendeinen
# erlaubten Zug. Wähl die Ausgabe, die Spieler, die Bots und einen Startwert und drück *neues
# Spiel*. Jeder Zug, den dir die Regeln gerade erlauben, ist ein Eintrag in *mein Zug*: Wähl
# einen und drück *spielen*; danach ziehen die Bots, bis du wieder dran bist. Neben dem Tisch
# liegt dein Bogen: für jeden Spieler und jede Rolle die exakte Chance, dass er sie hat, aus
# dem, was du gesehen hast (deine Karte, die Behauptungen, die Anfechtungen, die abgedeckten
# Rollen, deine gekauften Blicke und Beschuldigungen), unter dem Bluff-Modell, das du
# einstellst: Ein Spieler spricht mit der Chance *ehrlich* als eine Rolle, die er hat, und mit
# der Chance *Bluff* als eine, die er nicht hat (oder mit einer Chance je Rolle, etwa
# `King=1/2, Thief=1/8`). *Schweigen zählt* wertet auch jede Gelegenheit zu sprechen aus, die
# ein Spieler verstreichen ließ (nur sinnvoll, wenn *ehrlich* unter 1 liegt). Am Ende werden
# alle Karten aufgedeckt.
#
# *speichern* legt die Partie als JSON ins Feld (darin stehen alle Karten, also nicht spicken);
# *laden* spielt eine gespeicherte Partie weiter. Die Regeln sind nur einen Klick entfernt,
# unter *Regeln von Hoax*.
#
# Als eigene Seite startest du das Spiel mit
# `voila --VoilaExporter.language_code=de notebooks/de/07-play-hoax.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.hoax.table import HoaxTable

table = HoaxTable(edition="original", players=4, seed=1, bots="deducer")
table
