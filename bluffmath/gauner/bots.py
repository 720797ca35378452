"""Bots for Gauner raus!: a random guesser and a solver-guided guesser.

A bot is any object with ``name`` and ``act(state) -> Action``; it may look only at
``state.view(state.current)``, what its seat knows.

>>> from bluffmath.gauner.game import Game
>>> end = play_game(Game(players=3), [SolverBot(), RandomBot(), RandomBot()], seed=2)
>>> end.is_terminal, end.scores[0] >= max(end.scores[1:])
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bluffmath.gauner.game import Action, Ask, Game, State, Stop
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.solve import solve


@dataclass
class RandomBot:
    """Guesses a random cell of a random opponent among those no public fact rules out
    (never its own cards); after a hit goes on with probability ``go_on``, else stops."""

    name: str = "random"
    seed: int = 0
    go_on: float = 0.5

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def act(self, state: State) -> Action:
        if not state.must_guess and self._rng.random() >= self.go_on:
            return Stop()
        view = state.view(state.current)
        options = [(seat, cell) for seat in view.opponents for cell in _open(view, seat)]
        seat, cell = self._rng.choice(options)
        return Ask(seat, cell)


@dataclass
class SolverBot:
    """Guesses the cell most likely to hit, from the exact joint solution of its seat's
    position (ties: lowest seat, then first cell). In the plain game it always guesses on
    after a hit (a miss only ends the turn); in the brave variant it stops when one more
    guess is worth less on average than the points of the turn so far."""

    name: str = "solver"

    def act(self, state: State) -> Action:
        solution = solve(state.view(state.current))
        if not state.must_guess and state.game.brave and not solution.brave(state.turn_points).guess_on:
            return Stop()
        best = solution.best_guesses(1)[0]
        return Ask(best.seat, GRID.index(best.cell))


def _open(view, seat: int) -> list[int]:
    """Cells of the unknown ones that ``seat``'s own public record does not rule out."""
    facts = view.seat_facts(seat)
    out = {c for con in facts.constraints if con.residual == 0 for c in con.cells}
    return sorted(facts.allowed - out)


def play_game(game: Game, bots: Sequence[object], seed: int = 0) -> State:
    """One game between ``bots`` (one per seat) from the seeded deal; the final State."""
    state = game.new_game(seed)
    while not state.is_terminal:
        state = state.apply(bots[state.current].act(state))
    return state
