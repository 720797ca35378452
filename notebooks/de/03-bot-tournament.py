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
# # Welcher Bot spielt Hochstapler am besten?
#
# Ein Turnier spielt viele Partien mit festem Startwert zwischen Bots und zählt die Strafpunkte
# jedes Bots. Jeder Bot sitzt nacheinander auf jedem Platz, jede Partie wird neu gemischt, und
# derselbe Startwert ergibt auf jedem Rechner dieselben Partien. Der Mittelwert der Strafpunkte
# ist exakt; sein 95-%-Intervall wird nach außen gerundet, damit es nie zu schmal ist.
#
# Die Bots: Der Bot **zufällig** sagt irgendeine erreichbare Summe an; **Kartenzählen** sagt an und
# zweifelt an nach den exakten Chancen aus seinen eigenen Karten und den offenen Karten;
# **Ansagen lesen** wertet zusätzlich aus, was die Ansagen der anderen über ihre Karten verraten
# (das dauert länger: Es rechnet für jede Farbe mit dem Satz von Bayes neu).

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
from bluffmath.hochstapler import CardCountingBot, RandomBot, run_tournament

result = run_tournament([CardCountingBot(), RandomBot(), RandomBot(), RandomBot()], games=200,
                        seed=1, workers=1)
print(result)

# %% [markdown]
# Der Kartenzähl-Bot sollte deutlich weniger Strafpunkte bekommen als die zufälligen Bots:

# %%
counting, *randoms = result.standings
assert counting.name == "card counting"
assert all(counting.mean < r.mean for r in randoms)
result

# %% [markdown]
# ## Dein eigenes Turnier
#
# Wähl die Bots und die Zahl der Partien und drück dann *Turnier starten*. Die Partien werden auf die
# Prozessorkerne des Rechners verteilt; der Balken zeigt, wie viele schon fertig sind. (Um
# stattdessen auf einem Dask-Cluster zu rechnen, gibst du `run_tournament` zusätzlich
# `executor=Client(...).get_executor()` mit; mehr dazu steht in der Anleitung.) Für die anderen
# Spiele gibt es auch Turniere: `TournamentPanel(game="gauner")`, `game="muenchhausen"` oder
# `game="hoax"` (der Kombinierer-Bot von Hoax ruft „Hoax!“ und beschuldigt nach der exakten
# A-posteriori-Wahrscheinlichkeit dessen, was er gesehen hat).

# %%
from bluffmath_widgets.tournament import TournamentPanel

TournamentPanel(players=4, bots=["card counting", "random", "random", "random"], games=200)
