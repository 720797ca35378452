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
# # Münchhausen spielen, mit den exakten Chancen
#
# Zu Beginn einer Runde hat jeder Spieler von jedem Wert eine Karte auf der Hand. Der
# Startspieler nennt einen Zahlenwert; die anderen machen Angebote, jedes mindestens so hoch wie
# der genannte Wert und das bisher höchste Angebot. Wer gewinnt, legt eine Karte verdeckt auf den
# Ablagestapel des Startspielers und behauptet damit, dass sie sein Angebot erreicht. Glaubt der
# Startspieler ihm, bleibt sie ungesehen liegen; zweifelt er sie an, wird sie aufgedeckt.
#
# Du bist Platz 0 und spielst gegen zwei Bots: Platz 1 spielt nach den Chancen, Platz 2 lügt
# nie. Am Anfang kennt jeder jede Hand, deshalb ist das, was der Tisch über jede Hand weiß,
# exakt – unter einem Modell dafür, wie Spieler ihre Karten wählen (du wählst es in der Liste
# *Kartenmodell*). Liegt eine Karte auf deinem Stapel, zeigt die Seite die exakte Chance, dass
# sie ehrlich ist, die Chance für jeden Wert und was dir Glauben oder Anzweifeln im Durchschnitt
# bringt; wenn du ein Angebot machst, was jedes Angebot riskiert und einbringt. Wird eine Karte
# aufgedeckt, die nach dem Modell gar nicht hätte gelegt werden können, meldet die Seite das,
# und das Spiel geht weiter: Probier dann das zufällige Modell.
#
# Wähl deinen Zug in der Liste und drück *spielen*; die Bots ziehen sofort. Die Regeln sind nur
# einen Klick entfernt, unter *Regeln von Münchhausen*.
#
# Als eigene Seite startest du das Spiel mit
# `voila --VoilaExporter.language_code=de notebooks/de/06-play-muenchhausen.ipynb`.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath.muenchhausen import HonestBot, OddsBot
from bluffmath_widgets.muenchhausen import MuenchhausenTable

table = MuenchhausenTable(players=3, bots=[OddsBot(), HonestBot()], model="lowest-enough")
table

# %% [markdown]
# ## An einem echten Tisch: der Begleiter
#
# An einem echten Tisch kennt niemand die Werte der verdeckt gelegten Karten, deshalb kann kein
# Programm Schiedsrichter sein; für die exakten Zahlen reicht aber, was alle sehen. Wähl, wie
# viele mitspielen (2 bis 8) und welcher Platz deiner ist (dann beginnt ein neues Protokoll).
# Trag ein, was alle sehen: Wähl das Ereignis, seine Plätze und Werte und drück *hinzufügen*.
# Legst du selbst eine Karte, wählst du sie als *Karte C*: Der Begleiter merkt sich deine Hand.
# Solange eine Karte verdeckt liegt, zeigt die Seite die exakte Chance, dass sie ehrlich ist;
# auf deinem eigenen Stapel auch, ob du glauben oder anzweifeln solltest. Zu zweit wird jede
# Karte offen gelegt, und die Seite zeigt, was der andere Spieler auf der Hand hat. *zurück*
# nimmt das letzte Ereignis zurück; *neue Runde* teilt neu aus.

# %%
from bluffmath_widgets.muenchhausen import MuenchhausenCompanion

companion = MuenchhausenCompanion(players=4, me=0, model="lowest-enough")
companion
