"""The hands-on activities that open each game's first lesson: the exact numbers to compare.

Before the screen, the class deals real cards and records what happens. The lesson then
types the class's counts in, and :func:`compare` sets them beside the exact chances (from
:mod:`bluffmath`) and the counts those chances lead you to expect.

- Lesson 1, Hochstapler: the 15 cards of one colour, 5 dealt; is the total at least 15?
  (:func:`hochstapler_chances`);
- Lesson 5, Gauner raus!: 12 of the 36 cards dealt; how many are green or C, the number a
  player writes at green-C? (:func:`gauner_chances`);
- Lesson 7, Münchhausen: seat 1's cards 1 to 8 shuffled face down; one is laid on the first
  offer, the next on the claim "at least 8": is that one honest? (:func:`muenchhausen_chances`).

>>> hochstapler_chances()
{'at least 15': Fraction(37, 77), 'less than 15': Fraction(40, 77)}
>>> sum(gauner_chances().values()), muenchhausen_chances()["honest (it is the 8)"]
(Fraction(1, 1), Fraction(1, 8))
>>> "40/77" in compare({"at least 15": 9, "less than 15": 11}, hochstapler_chances())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from bluffmath import hochstapler as hs
from bluffmath.display import decimal, percent, table_html
from bluffmath.errors import InvalidInputError
from bluffmath.gauner import GRID, HAND_SIZE

from .face_down import honest_chance, knowledge, position

__all__ = ["Comparison", "compare", "gauner_chances", "hochstapler_chances", "muenchhausen_chances"]


class Comparison(str):
    """The comparison's HTML table, shown as a table in Jupyter."""

    def _repr_html_(self) -> str:
        return str(self)


def hochstapler_chances(players: int = 5, call: int = 15) -> dict[str, Fraction]:
    """The chance that ``players`` cards of one colour add up to at least ``call``, and not."""
    p = hs.total_distribution(players).at_least(call)
    return {f"at least {call}": p, f"less than {call}": 1 - p}


def gauner_chances(players: int = 2, cell: str = "green-C") -> dict[int, Fraction]:
    """How many cards of a dealt hand lie in ``cell``'s cross: each number's chance.

    A hand is an equally likely set of ``HAND_SIZE[players]`` of the 36 cards; the cross
    holds 11 of them (a hypergeometric count).
    """
    size, cross = HAND_SIZE[players], len(GRID.cross(GRID.index(cell)))
    total = comb(len(GRID.cells), size)
    return {k: Fraction(comb(cross, k) * comb(len(GRID.cells) - cross, size - k), total)
            for k in range(min(size, cross) + 1)}


def muenchhausen_chances() -> dict[str, Fraction]:
    """Lesson 7's second face-down card, laid at random (the uniform model): honest or not."""
    p = honest_chance(knowledge(position(), "uniform"))
    return {"honest (it is the 8)": p, "a bluff": 1 - p}


def compare(recorded: Mapping[object, int], exact: Mapping[object, Fraction]) -> Comparison:
    """An HTML table: each outcome, the class's count and share, the exact chance, the
    count that chance leads you to expect from as many tries.

    >>> print(compare({"a": 1}, {"a": Fraction(1)}).count("<tr"))
    2
    """
    unknown = [outcome for outcome in recorded if outcome not in exact]
    if unknown:
        raise InvalidInputError(f"outcomes {unknown} are not among {list(exact)}")
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in recorded.values()):
        raise InvalidInputError("the class's counts are whole numbers, 0 or more")
    tries = sum(recorded.values())
    rows = []
    for outcome, p in exact.items():
        n = recorded.get(outcome, 0)
        share = Fraction(n, tries) if tries else Fraction(0)
        rows.append([outcome, n, f"{share} ({percent(share)})", f"{p} ({percent(p)})",
                     decimal(p * tries, 1)])
    return Comparison(table_html(["outcome", "the class", "share", "exact chance", f"expected in {tries}"],
                                 rows))
