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
# # Hoax: what one look, and one challenge, do to the odds
#
# A seeded game of Hoax, played by the engine: Ann (seat 0) against three quiet bots. At
# every moment Ann's sheet is exact: `deduce(sheet(state, 0, model))` counts every deal of
# the twelve cards that fits what she has seen, each weighed by how likely the claims she
# heard were under a bluffing model. Here the model is the truthful one: a player always
# speaks as a role they hold when they may, and as one they do not with chance 1/4.
#
# We follow Ann's sheet through two events: a look she buys at Bo, and a challenge she
# starts against Bo's claim, and print the sheet just before and just after each.

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
# ## One look
#
# Ann collects a trio (one token of each type) and spends it on a look at Bo. Bo shows her,
# and only her, one role Bo is not. Before and after:

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
# The role Bo showed drops to 0 in Bo's row. Its two cards are now somewhere else, so the
# same role rises for Cy and Di, and Bo's other roles share what it lost. Every row still
# sums to 1.

# %%
for row in after.grid():
    assert sum(row.values()) == 1
print("every row sums to 1")

# %% [markdown]
# ## One challenge
#
# Next, Bo claims the Peasant again and Ann cries "Hoax!"; the quiet bots vote yes, so the challenge
# is on. A liar's claim is undone and the role covered for good; a truthful Bo shows the
# card and wins.

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
# Each of Bo's Peasant claims had already moved the sheet (under this model a Peasant
# always claims the Peasant, anyone else only with chance 1/4); the challenge settles it:
# either Bo was lying, and the Peasant is 0 in Bo's row for good, or Bo told the truth,
# showed the card and won, and the row is certain. Try another seed in `Game(...)` above,
# or another model, and see the same steps move the odds differently.
