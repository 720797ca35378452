"""Bots for Gauner raus!: a random guesser and a solver-guided guesser.

A bot is any object with ``name`` and ``act(state) -> Action``; it may look only at
``state.view(state.current)``, what its seat knows.

>>> from bluffmath.gauner.game import Game
>>> end = play_game(Game(players=3), [SolverBot(), RandomBot(), RandomBot()], seed=2)
>>> end.is_terminal, end.scores[0] >= max(end.scores[1:])
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.gauner.game import Action, Ask, Game, State, Stop
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.solve import solve
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.validate import bot_object, shown, whole_number


@dataclass
class RandomBot:
    """Guesses a random cell of a random opponent among those no public fact rules out
    (never its own cards); after a hit goes on with probability ``go_on``, else stops."""

    name: str = "random"
    seed: int = 0
    go_on: float | Fraction = 0.5

    def __post_init__(self) -> None:
        _name(self.name)
        whole_number("a RandomBot's seed", self.seed, 0, MAX_SEED)
        self.go_on = chance("go_on", self.go_on)
        self._rng = random.Random(self.seed)

    def act(self, state: State) -> Action:
        _playing(state)
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

    def __post_init__(self) -> None:
        _name(self.name)

    def act(self, state: State) -> Action:
        _playing(state)
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
    """One game between ``bots`` (one per seat) from the seeded deal; the final State.

    A bot's answer that is not an action the rules allow raises an error naming the bot."""
    if not isinstance(game, Game):
        raise InvalidInputError(f"game must be a Game, such as Game(players=3), got {shown(game)}")
    if not isinstance(bots, str | bytes) and isinstance(bots, Sequence):
        bots = bounded("bots", bots, 100)  # read with a limit: len(range(10**12)) overflows in 32 bits
    if not isinstance(bots, tuple) or len(bots) != game.players:
        raise InvalidInputError(f"bots must be a list of {game.players} bots, one per seat, "
                                f"got {shown(bots) if not isinstance(bots, tuple) else len(bots)}")
    for seat, bot in enumerate(bots):
        bot_object(f"bots[{seat}]", bot, "act", "a bot (an object with a name and an act(state) method, "
                   "such as SolverBot())")
    state = game.new_game(seed)
    while not state.is_terminal:
        bot = bots[state.current]
        action = bot.act(state)
        if not isinstance(action, Ask | Stop):
            raise InvalidInputError(f"bot {bot.name!r} (seat {state.current}) answered {shown(action)}; "
                                    f"a bot's act must return an Ask or a Stop")
        state = state.apply(action)
    return state


def chance(name: str, value: object) -> float | Fraction:
    """A chance from 0 to 1 for a random choice: an int, a Fraction or a finite float (a bot's
    habit, not an answer, so a float is welcome here); anything else is refused."""
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction) or (
            isinstance(value, float) and not math.isfinite(value)) or not 0 <= value <= 1:
        raise InvalidInputError(f"{name} must be a chance from 0 to 1 (such as 0.5 or Fraction(1, 2)), "
                                f"got {shown(value)}")
    return value


def _name(name: object) -> None:
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise InvalidInputError(f"a bot's name must be text of 1 to 100 characters, got {shown(name)}")


def _playing(state: object) -> None:
    if not isinstance(state, State):
        raise InvalidInputError(f"a bot acts on a Gauner raus! State, got {shown(state)}")
    if state.is_terminal:
        raise InvalidInputError("the game is over: there is nothing left to do")
