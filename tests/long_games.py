"""Long games played by the engine, for the tests of what long games cost and write.

A game of Hoax ends when a challenged claim was true, when one player is left, or after
``max_turns`` turns (up to 10,000), so it runs long when nobody accuses and no true claim
is ever challenged: :func:`long_hoax_game` plays such a game with seeded random choices.
Every claim still gives every other seat a chance to doubt (a decision the review
values), lies are doubted now and then and found out by the vote, looks are bought and
shown, and a few accusations are made while many players are in.

>>> state = long_hoax_game(300)
>>> len(state.actions) >= 300, state.is_terminal, state.phase
(True, False, 'turn')
>>> long_hoax_game(300).actions == state.actions      # the same seed plays the same game
True
"""

from __future__ import annotations

import random

from bluffmath.hoax.actions import Accuse, Hoax, Pass, Vote
from bluffmath.hoax.events import Doubted
from bluffmath.hoax.game import Game, State


def long_hoax_game(min_moves: int = 2000, seed: int = 0, players: int = 6, edition: str = "german") -> State:
    """A game of Hoax of at least ``min_moves`` moves, stopped at the start of a turn (not
    over). The moves are drawn by ``random.Random(seed)``, looking at the cards (this is a
    test's helper, not a bot): at a chance to doubt, a lie is doubted with chance 1/4 and a
    true claim with 1/20; a vote says yes only to a lie, half the time, so a true claim is
    never found true (which would end the game); an accusation is made with chance 1/50
    on a turn while more than four players are in; every other move is drawn uniformly
    from the legal ones."""
    rng = random.Random(seed)
    state = Game(edition, players=players, seed=seed, max_turns=10_000).new_game()
    while len(state.actions) < min_moves or state.phase != "turn":
        state = state.apply(_move(state, rng))
        if state.is_terminal:
            raise AssertionError(f"the long game ended after {len(state.actions)} moves: {state.how}")
    return state


def _move(state: State, rng: random.Random) -> object:
    phase = state.phase
    if phase == "doubt":
        _, claimant, role, *_ = state.agenda[0]
        lie = state.cards[claimant] != role
        return Hoax() if rng.random() < (1 / 4 if lie else 1 / 20) else Pass()
    if phase == "vote":
        doubted = next(e for e in reversed(state.log) if isinstance(e, Doubted))
        return Vote(state.cards[doubted.accused] != doubted.role and rng.random() < 1 / 2)
    legal = state.legal_actions()
    accusations = [a for a in legal if isinstance(a, Accuse)]
    if accusations and phase == "turn" and sum(state.alive) > 4 and rng.random() < 1 / 50:
        return rng.choice(accusations)
    return rng.choice([a for a in legal if not isinstance(a, Accuse)])
