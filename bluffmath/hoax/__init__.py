"""Hoax (1981; German edition "Die Erben von Hoax"): who is who, exactly.

Each player holds one card of a deck with two cards per role; nobody's identity is ever
certain. From what one player has seen (their own card, bought information, challenges,
covered roles, revealed cards, accusations) and the claims weighed by a stated bluffing
model, :func:`deduce` gives every player's exact posterior over the roles, by counting
deals. Rules: ``shared/rules/hoax.md`` and ``docs/reference/rulings.md``.

=====================================================  ====================================
``Case(edition, players, facts, model)``               what one player knows
``Holds(p, role, how)``, ``IsNot(p, role, how)``       what was seen about player p
``Claim(p, role, spoke)``                              p spoke as a role (or kept silent)
``BluffModel(honest, bluff)``                          how likely a claim is, held or not
``deduce(case)``                                       the exact answer, by counting deals
``d.probability(p, role)``, ``d.grid()``               posteriors (Fractions)
``d.table(p)``                                         p's Bayes table and the normaliser
``d.lie(p, role)``, ``d.accusation_succeeds(p, r)``    a claim's chance to be a lie; an accusation's
``d.explain(p, role)``                                 the counting, in words
``Case.from_json(text)``, ``case.to_json()``           versioned JSON
``Practice(...)``                                      bots that claim by the model, to practise on
``Game(edition, players, seed).new_game()``            the whole game: a State
``state.legal_actions()``, ``state.apply(action)``     moves (:mod:`bluffmath.hoax.actions`)
``state.view(seat)``                                   what one seat knows
``sheet(state, seat, model)``                          that seat's knowledge as a Case: deduce it
``state.to_json()``, ``State.from_json(text)``         saves: the deal and every move, replayed
``RandomBot(seed)``, ``play(game, bots)``              a random player; a whole game
=====================================================  ====================================

>>> from bluffmath import hoax
>>> case = hoax.Case("original", 4, (hoax.Holds(0, "Wizard", "own card"),
...                                  hoax.Claim(1, "Wizard"), hoax.Claim(2, "Wizard")))
>>> d = hoax.deduce(case)
>>> d.probability(1, "Wizard"), d.lie(2, "Wizard")
(Fraction(4, 17), Fraction(13, 17))

The other Wizard card is with player 1 or 2 at most once: both claims cannot be true.
"""

from bluffmath.hoax.bayes import BayesRow, BayesTable
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.deduce import ConflictError, Deduction, deduce
from bluffmath.hoax.evidence import BluffModel, Case, Claim, Holds, IsNot
from bluffmath.hoax.game import Game, State, View
from bluffmath.hoax.roles import EDITIONS, GERMAN, ORIGINAL, Edition, edition
from bluffmath.hoax.sheet import sheet

__all__ = ["EDITIONS", "GERMAN", "ORIGINAL", "BayesRow", "BayesTable", "BluffModel", "Case", "Claim",
           "ConflictError", "Deduction", "Edition", "Game", "Holds", "IsNot", "RandomBot", "State", "View", "deduce",
           "edition", "play", "sheet"]
