"""Which reviewed decisions make puzzles: a clear best option, a habit to train, a difficulty.

A decision makes a puzzle when its best option is clearly the best under the review's
model (:class:`Rules`):

- the best value is ahead of the second (the highest value below it) by at least
  :data:`MARGIN` (1/10) of the decision's spread (best minus worst), and
- by at least :data:`LEAST_GAP` (1/50) of the game's :data:`SCALE`, so that a two-option
  decision, whose spread is its gap, is no coin flip either.

Several options may tie for the best: each is a right answer. The puzzle's **skill** is
the habit (a pattern :func:`~bluffmath.review.review_many` names) that the runner-up,
the likeliest wrong answer, would show (:func:`~bluffmath.train.drills.skill_of`). Its
**difficulty** is ``1 - gap / scale``, at least 0: how close the runner-up comes to the
best, as a share of one full step of the game's unit (:data:`SCALE`: a probability's 1 in
Hochstapler and Hoax, one point in Gauner raus!, a deal's -1 to +1 in the Duel, and in
Münchhausen 8 points, the highest card). A puzzle whose runner-up is worth nearly the
best is near 1; one whose best wins by a whole unit is 0. Ratings from attempts refine it.

>>> from bluffmath.review import Decision
>>> d = Decision(5, 1, "doubt", "", {"doubt": Fraction(3, 4), "pass": Fraction(1, 4)}, "pass", "")
>>> Rules.of("hoax").solution("hoax", d)
Solution(best=('doubt',), value=Fraction(3, 4), second=Fraction(1, 4), skill='lets a likely lie pass', difficulty=Fraction(1, 2))
>>> close = Decision(5, 1, "doubt", "", {"doubt": Fraction(51, 100), "pass": Fraction(49, 100)}, "pass", "")
>>> Rules.of("hoax").solution("hoax", close).difficulty      # 1/50 apart: just clear enough
Fraction(49, 50)
>>> closer = replace(close, values={"doubt": Fraction(101, 200), "pass": Fraction(99, 200)})
>>> Rules.of("hoax").solution("hoax", closer) is None          # 1/100 apart: a coin flip
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.review import Decision, review
from bluffmath.review.habits import ADVICE
from bluffmath.train.drills import runner_up, skill_of
from bluffmath.validate import shown

#: The best option must lead the second by this share of the decision's spread.
MARGIN = Fraction(1, 10)
#: ... and by this share of the game's scale.
LEAST_GAP = Fraction(1, 50)
#: One full step of each game's unit (keys: a review's ``game``).
SCALE = {"hochstapler": Fraction(1), "gauner": Fraction(1), "hoax": Fraction(1), "muenchhausen": Fraction(8),
         "hochstapler-duel": Fraction(2)}
#: The most puzzles taken from one game, so that a set spreads over many deals.
PER_GAME = 6
#: The longest numerator or denominator a stored answer writes (as a puzzle set reads it).
MOST_DIGITS = 40


@dataclass(frozen=True)
class Solution:
    """A puzzle's answer: the best options, their value, the second value, the skill and
    the difficulty (see the module)."""

    best: tuple[str, ...]
    value: Fraction
    second: Fraction
    skill: str
    difficulty: Fraction


@dataclass(frozen=True)
class Rules:
    """When a decision makes a puzzle (see the module): ``margin`` of the spread,
    ``least_gap`` of ``scale``, the game's unit."""

    margin: Fraction
    least_gap: Fraction
    scale: Fraction

    @classmethod
    def of(cls, game: str) -> Rules:
        """The rules for ``game`` (a review's game): :data:`MARGIN`, :data:`LEAST_GAP`, its :data:`SCALE`."""
        if not isinstance(game, str) or game not in SCALE:
            raise InvalidInputError(f"game must be one of {', '.join(SCALE)}, got {shown(game)}")
        return cls(MARGIN, LEAST_GAP, SCALE[game])

    def solution(self, game: str, decision: Decision) -> Solution | None:
        """The puzzle ``decision`` of ``game`` makes, or None when its best is not clear."""
        second = runner_up(decision)
        if second is None:
            return None
        best, low = decision.best_value, decision.values[second]
        gap = best - low
        if gap < self.margin * decision.difficulty or gap < self.least_gap * self.scale:
            return None
        return Solution(decision.best, best, low, skill_of(game, replace(decision, choice=second)),
                        max(Fraction(0), 1 - gap / self.scale))


@dataclass(frozen=True)
class Found:
    """A puzzle found in a game: its save text, the seat, the move, the solution, and the
    key of its position (its words and values) that tells repeats apart."""

    save: str
    seat: int
    number: int
    solution: Solution
    key: tuple[object, ...]


def found_in(save: str, seats: int, game: str) -> list[Found]:
    """Every puzzle in the saved game ``save`` (``seats`` seats, of ``game``), seat by
    seat, move by move; answers too long to store exactly are left out.

    >>> from bluffmath.hochstapler import Game, save_game
    >>> text = save_game(Game(players=3).new_game(seed=4).raise_(6, "red").raise_(12, "red").doubt())
    >>> [(f.seat, f.number, f.solution.skill) for f in found_in(text, 3, "hochstapler")]
    [(2, 3, 'doubts too late')]
    """
    rules, found = Rules.of(game), []
    for seat in range(seats):
        reviewed = review(save, seat)
        for d in reviewed.decisions:
            solution = rules.solution(game, d)
            if solution is not None and all(_fits(x) for x in (solution.value, solution.second)):
                key = (d.position, tuple(d.values.items()))
                found.append(Found(save, seat, d.number, solution, key))
    return found


def balanced(found: Iterable[Found], count: int, per_game: int = PER_GAME) -> list[Found]:
    """Up to ``count`` puzzles from ``found``, each position once (the first found), at
    most ``per_game`` (:data:`PER_GAME`) from one saved game, the skills taking turns (in
    :data:`~bluffmath.review.patterns.ADVICE`'s order) so that a common habit does not crowd
    out the rare ones.

    >>> s = Solution(("a",), Fraction(1), Fraction(0), "stops too early", Fraction(0))
    >>> t = replace(s, skill="guesses a less likely card")
    >>> picks = balanced([Found(str(n), 0, n, s if n < 4 else t, (n,)) for n in range(1, 7)], 4)
    >>> [(f.number, f.solution.skill) for f in picks]
    [(1, 'stops too early'), (4, 'guesses a less likely card'), (2, 'stops too early'), (5, 'guesses a less likely card')]
    >>> len(balanced([Found("one game", 0, n, s, (n,)) for n in range(1, 7)], 4, per_game=3))
    3
    """
    queues: dict[str, list[Found]] = {skill: [] for skill in ADVICE}
    seen: set[tuple[object, ...]] = set()
    for f in found:
        if f.key not in seen:
            seen.add(f.key)
            queues[f.solution.skill].append(f)
    chosen: list[Found] = []
    taken: Counter[str] = Counter()
    heads = {skill: iter(queue) for skill, queue in queues.items() if queue}
    while heads and len(chosen) < count:
        for skill, queue in list(heads.items()):
            pick = next((f for f in queue if taken[f.save] < per_game), None)
            if pick is None:
                del heads[skill]
            elif len(chosen) < count:
                chosen.append(pick)
                taken[pick.save] += 1
    return chosen


def _fits(x: Fraction) -> bool:
    """Whether ``x`` is written exactly in at most :data:`MOST_DIGITS` digits above and below."""
    return len(str(abs(x.numerator))) <= MOST_DIGITS and len(str(x.denominator)) <= MOST_DIGITS
