"""Ratings of players and puzzles: a puzzle solved is the player's win against it.

Each attempt at a puzzle is a game of two: the player against the puzzle. Solving it (the
best option, cost 0) is the player's win; any other answer is the puzzle's. Both ratings
move after every attempt, as lichess rates its puzzles, so a puzzle that many strong
players miss climbs, and the next puzzle is chosen near the player's level (:func:`nearest`).

======================================  =============================================
``START``                               a new player's or puzzle's rating (1500 ± 500)
``rate(player, puzzle, solved)``        both ratings after one attempt
``replay(attempts)``                    every rating from the attempts, in order
``nearest(level, candidates, seed)``    the candidate rated nearest, ties drawn by seed
======================================  =============================================

**The library: OpenSkill, not glicko2.** The ratings come from OpenSkill (``openskill``,
the Bradley-Terry full-pairing model of Weng and Lin, "A Bayesian approximation method for
online ranking", JMLR 12, 2011), which the issue allows where it fits better than a
Glicko-2 package. It does here:

- ``glicko2`` 2.1.0, the Glicko-2 package on PyPI, installs a top-level ``tests``
  package beside its ``glicko2``; a regular package of that name hides bluffmath's own
  ``tests`` folder (a namespace package), so ``from tests import ...`` in bluffmath's test
  modules fails once it is installed. It is also the 2009 code, repackaged: a mutable
  ``Player``, no types, and a volatility step that uses the rating where Glickman's step 5
  uses the deviation.
- OpenSkill is maintained (6.2.0, January 2026), typed, with no dependencies, a
  pure-Python wheel (which Pyodide loads) beside compiled ones, and tests against
  reference values. Its rating is Glicko's in all but name: a mean ``mu`` and a deviation
  ``sigma``, updated after every single game with no rating periods (which Glicko-2
  assumes, and which puzzles do not have), by Weng and Lin's approximation, whose
  Bradley-Terry form is the logistic curve of Elo and Glicko.

The model runs on the scale people know from lichess: OpenSkill's defaults (mu 25, sigma
25/3, beta 25/6, tau 25/300) times 60, so a newcomer is 1500 ± 500 and one win against an
equal newcomer is worth about 158 points (a linear change of scale changes no decision).

**Floats, on purpose.** A rating is an estimate of skill, not a probability of a game:
it is a ``float``, as the library computes it. bluffmath's rule of no float in a result
is about the games' probabilities, which stay exact Fractions everywhere; a rating is
written for people as whole points (``str(rating)``).

>>> player, puzzle = rate(START, START, solved=True)
>>> str(player), str(puzzle)
('1658 ± 484', '1342 ± 484')
>>> player.mu > START.mu > puzzle.mu
True
>>> nearest(player, {"easy": puzzle, "hard": Rating(1700.0, 300.0)}, seed=1)
'hard'
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown

#: OpenSkill's default parameters times this: the scale of lichess's ratings (1500).
SCALE = 60
_MODEL = BradleyTerryFull(mu=25.0 * SCALE, sigma=25.0 * SCALE / 3, beta=25.0 * SCALE / 6,
                          tau=25.0 * SCALE / 300)  # 1500, 500, 250, 5


@dataclass(frozen=True)
class Rating:
    """A rating: the estimated skill ``mu`` and its uncertainty ``sigma`` (one standard
    deviation), in points; floats, as the rating library computes them."""

    mu: float
    sigma: float

    def __post_init__(self) -> None:
        for name, value in (("mu", self.mu), ("sigma", self.sigma)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise InvalidInputError(f"a rating's {name} must be a finite number, got {shown(value)}")
        if self.sigma <= 0:
            raise InvalidInputError(f"a rating's sigma must be above 0, got {shown(self.sigma)}")

    def __str__(self) -> str:
        return f"{round(self.mu)} ± {round(self.sigma)}"


#: A new player's and a new puzzle's rating: 1500 ± 500.
START = Rating(_MODEL.mu, _MODEL.sigma)


def rate(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt (``solved``: the player's win).

    >>> won, _ = rate(START, START, solved=True)
    >>> lost, _ = rate(START, START, solved=False)
    >>> lost.mu < START.mu < won.mu, won.sigma < START.sigma
    (True, True)
    """
    if not isinstance(solved, bool):
        raise InvalidInputError(f"solved must be True or False, got {shown(solved)}")
    ranks = [1.0, 2.0] if solved else [2.0, 1.0]
    [[p], [q]] = _MODEL.rate([[_MODEL.rating(player.mu, player.sigma)],
                              [_MODEL.rating(puzzle.mu, puzzle.sigma)]], ranks=ranks)
    return Rating(p.mu, p.sigma), Rating(q.mu, q.sigma)


def replay(attempts: Iterable[tuple[str, str, bool]],
           puzzles: Mapping[str, Rating] | None = None) -> tuple[dict[str, Rating], dict[str, Rating]]:
    """Every player's and puzzle's rating after ``attempts`` ``(player, puzzle, solved)``,
    rated in the order given from :data:`START` (a puzzle from its rating in ``puzzles``,
    where given): the ratings are a function of the attempts, the way a save is of its moves.

    >>> players, puzzles = replay([("ann", "p1", False), ("bob", "p1", True)])
    >>> players["bob"].mu > rate(START, START, True)[0].mu  # p1 had beaten ann: worth more
    True
    """
    players: dict[str, Rating] = {}
    rated = dict(puzzles or {})
    for player, puzzle, solved in attempts:
        players[player], rated[puzzle] = rate(players.get(player, START), rated.get(puzzle, START), solved)
    return players, rated


def nearest(level: Rating, candidates: Mapping[str, Rating], seed: int = 0) -> str | None:
    """The candidate (by id) whose rating's ``mu`` is nearest the player's ``level``, or
    None if there is none. Among equally near ones (new puzzles all start at 1500), one is
    drawn from their ids in order by a ``random.Random(seed)``: the same seed, the same choice.

    >>> same = dict.fromkeys(["a", "b", "c", "d"], START)
    >>> nearest(START, same, seed=1) == nearest(START, same, seed=1), nearest(START, {}) is None
    (True, True)
    """
    if not candidates:
        return None
    best = min(abs(r.mu - level.mu) for r in candidates.values())
    return random.Random(seed).choice(sorted(i for i, r in candidates.items() if abs(r.mu - level.mu) == best))
