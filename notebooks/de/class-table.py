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
# # Der Klassentisch: Deine Schülerinnen und Schüler spielen auf ihren Handys gegeneinander
#
# Führ die nächste Zelle aus. Sie startet den Server für den Klassentisch auf diesem Rechner, im
# Netz der Schule (oder im Hotspot eines Handys), und zeigt, was du der Klasse gibst: die
# Adresse, den Beitrittscode und einen QR-Code, der beides enthält. Die Schülerinnen und Schüler
# öffnen die Adresse auf ihren Handys, tippen den Code und ihren Namen ein und setzen sich an die
# Tische, die du öffnest.
#
# Auf deiner eigenen Seite (dem Link unter dem QR-Code) öffnest du Tische und wählst das Spiel,
# die Bots für leere Plätze, ob die Klasse beim Spielen ihre exakten Chancen sieht und wie lange
# ein Zug dauern darf, bevor ein Bot für jemanden spielt, der fehlt. Dort startest und beendest
# du Partien, und nach der Stunde lädst du dort die Spielstände aller Partien und eine CSV-Datei
# mit den Ergebnissen herunter. Wie eine Stunde abläuft, zeigt die Anleitung *Mit der Klasse
# spielen* in der Dokumentation.
#
# Alles wird in einer Datei gespeichert (normalerweise `bluffmath-class.sqlite3` in deinem
# persönlichen Ordner): Schläft der Laptop ein oder startet das Notebook neu, führst du die
# Zelle einfach noch einmal aus, und jeder Tisch geht dort weiter, wo er stand; die Handys der
# Klasse finden ihre Plätze von selbst wieder.

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath_widgets.class_table import ClassTable

table = ClassTable()  # ClassTable(host="127.0.0.1") to try it on this computer alone
table.start()
table

# %% [markdown]
# Die Liste der Tische oben zeichnet sich alle zwei Sekunden neu. Drück **Aufhören**, wenn die
# Stunde vorbei ist; nichts geht verloren, und wenn du mit derselben Datei wieder startest, geht
# es weiter.
