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
# # Hoax: Was ein Blick und eine Anfechtung mit den Chancen machen
#
# Eine Partie Hoax mit festem Startwert, gespielt vom Programm: Ann (Platz 0) gegen drei stille
# Bots. In jedem Moment ist Anns Bogen exakt: `deduce(sheet(state, 0, model))` zählt jede
# Verteilung der zwölf Karten, die zu dem passt, was sie gesehen hat, jede gewichtet danach, wie
# wahrscheinlich die Behauptungen, die sie gehört hat, unter einem Bluff-Modell waren. Hier ist
# es das ehrliche Modell: Ein Spieler spricht immer als eine Rolle, die er hat, wenn er darf, und
# als eine, die er nicht hat, mit der Chance 1/4.
#
# Wir verfolgen Anns Bogen durch zwei Ereignisse: einen Blick, den sie bei Bo kauft, und eine
# Anfechtung, die sie gegen Bos Behauptung startet. Vor und nach jedem Ereignis drucken wir den
# Bogen aus. (Die Zeilen, die der Code selbst schreibt, etwa „Ann's card:“, bleiben englisch:
# Der Code ist derselbe wie im englischen Notebook.)

# %%
# Diese Seite spricht Deutsch: ihre Widgets und die Texte, die bluffmath schreibt.
import bluffmath_widgets

SPRACHE = bluffmath_widgets.language("de")

# %%
import random
from fractions import Fraction

from bluffmath.display import percent
from bluffmath.hoax import BluffModel, Case, Game, deduce
from bluffmath.hoax.actions import Accuse, Act, Buy, Done, Hoax, Pass, Take, Vote
from bluffmath.hoax.events import Challenged, Claimed, Showed
from bluffmath.hoax.report import text
from bluffmath.hoax.sheet import sheet

NAMES = ("Ann", "Bo", "Cy", "Di")
MODEL = BluffModel(honest=1, bluff=Fraction(1, 4))


class QuietBot:
    """Lets every claim pass and accuses no one; votes yes on a doubt; on its own turn
    claims the Peasant and takes 2 grain; else a move drawn at random (its own seeded
    random numbers)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, state):
        legal = state.legal_actions()
        for move in (Pass(), Vote(True), Done(), Act("Peasant", "take")):
            if move in legal:
                return move
        return self.rng.choice([a for a in legal if not isinstance(a, Accuse)] or legal)


def collecting(state):
    """Ann's moves: take what she lacks for a trio (claiming the King or the Judge), else pass."""
    legal = state.legal_actions()
    lack = [t for t in range(3) if state.outside[0][t] == 0]
    wanted = ([Take(t) for t in lack] + [Act("King", "take", token=t) for t in lack if t != 1]
              + [Act("Judge", "take", token=t) for t in lack if t != 0] + [Pass(), Vote(False), Done()])
    return next((a for a in wanted if a in legal), legal[0])


def play_until(state, bots, stop):
    """Play on (Ann by ``collecting``) until ``stop(state)`` or the end."""
    while not state.is_terminal and not stop(state):
        state = state.apply(collecting(state) if state.to_act == 0 else bots[state.to_act].act(state))
    return state


def ann_sheet(state):
    case = sheet(state, 0, MODEL)
    return deduce(Case(case.edition, case.players, case.facts, case.model, NAMES))


def moved(before, after):
    """The cells of the sheet that changed, as 'Bo the Vicar: 2/9 (22.2 %) -> 0 (0.0 %)'."""
    old, new = before.grid(), after.grid()
    return [f"{NAMES[p]} the {role}: {old[p][role]} ({percent(old[p][role])}) -> "
            f"{new[p][role]} ({percent(new[p][role])})"
            for p in range(len(NAMES)) for role in new[p] if old[p][role] != new[p][role]]


bots = {seat: QuietBot(seed=seat) for seat in (1, 2, 3)}
state = Game("original", players=4, seed=0).new_game()
print("Ann's card:", state.cards[0])

# %% [markdown]
# ## Ein Blick
#
# Ann sammelt ein Trio (von jeder Markerart einen) und gibt es für einen Blick auf Bo aus. Bo
# zeigt ihr, und nur ihr, eine Rolle, die er nicht ist. Vorher und nachher:

# %%
state = play_until(state, bots, lambda s: s.to_act == 0 and Buy(1) in s.legal_actions())
before = ann_sheet(state)
print(text(before))

# %%
state = play_until(state.apply(Buy(1)), bots, lambda s: isinstance(s.log[-1], Showed))
after = ann_sheet(state)
print(text(after))
print()
print("\n".join(moved(before, after)))

# %% [markdown]
# Die Rolle, die Bo gezeigt hat, fällt in seiner Zeile auf 0. Ihre beiden Karten sind jetzt
# woanders, also steigt dieselbe Rolle bei Cy und Di, und Bos andere Rollen teilen sich, was sie
# verloren hat. Jede Zeile ergibt zusammen immer noch 1.

# %%
for row in after.grid():
    assert sum(row.values()) == 1
print("every row sums to 1")

# %% [markdown]
# ## Eine Anfechtung
#
# Als Nächstes behauptet Bo wieder den Bauern, und Ann ruft „Hoax!“; die stillen Bots stimmen
# mit Ja, also kommt es zur Anfechtung. Hat Bo gelogen, wird seine Behauptung rückgängig gemacht und
# die Rolle für ihn endgültig abgedeckt; hat er die Wahrheit gesagt, zeigt er die Karte und
# gewinnt.

# %%
state = play_until(state, bots, lambda s: s.to_act == 0 and Hoax() in s.legal_actions()
                   and isinstance(s.log[-1], Claimed) and s.log[-1].seat == 1)
print("Bo:", state.log[-1].role, "-", state.log[-1].what)
before = ann_sheet(state)
print(text(before))

# %%
state = play_until(state.apply(Hoax()), bots, lambda s: any(isinstance(e, Challenged) for e in s.log[-2:]))
print(next(e for e in reversed(state.log) if isinstance(e, Challenged)).text(NAMES))
after = ann_sheet(state)
print(text(after))
print()
print("\n".join(moved(before, after)))
print()
print("Bo's card, turned over by the challenge or still secret:",
      state.cards[1] if after.probability(1, state.cards[1]) == 1 else "still secret")
# The sheet is sound: every player's true card keeps a positive chance.
assert all(after.probability(p, card) > 0 for p, card in enumerate(state.cards))

# %% [markdown]
# Jede Bauern-Behauptung von Bo hatte den Bogen schon verschoben (unter diesem Modell behauptet
# ein Bauer immer den Bauern, jeder andere nur mit der Chance 1/4); die Anfechtung entscheidet
# es: Entweder hat Bo gelogen, und der Bauer steht in seiner Zeile endgültig auf 0, oder Bo hat
# die Wahrheit gesagt, die Karte gezeigt und gewonnen, und die Zeile ist sicher. Probier oben
# in `Game(...)` einen anderen Startwert oder ein anderes Modell und schau, wie dieselben
# Schritte die Chancen anders verschieben.
