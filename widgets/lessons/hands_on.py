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

A class that played at the class table (``make class``) need not type its counts: the
teacher's download of every game's save holds every deal, and
:func:`class_table_counts` counts lesson 1's outcome over every colour of every deal of
the games with the lesson's number of players (each colour is shuffled and dealt on its
own, so each is one try of the activity).
"""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from fractions import Fraction
from math import comb
from pathlib import Path

from bluffmath import hochstapler as hs
from bluffmath.display import decimal, percent, table_html
from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.gauner import GRID, HAND_SIZE
from bluffmath.hochstapler.game import deal_cards

from .face_down import honest_chance, knowledge, position

__all__ = ["Comparison", "class_table_counts", "compare", "gauner_chances", "hochstapler_chances",
           "muenchhausen_chances"]


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


def class_table_counts(download: str | Path, players: int = 5, call: int = 15) -> dict[str, int]:
    """Lesson 1's counts from a class's games: ``download`` is the teacher's ZIP of every
    game's save (the class table's "Every game's save"); every colour of every deal of its
    Hochstapler games of ``players`` players is one try: is its total at least ``call``?"""
    counts = {f"at least {call}": 0, f"less than {call}": 0}
    for state in _hochstapler_games(Path(download), players):
        for deal in range(state.deal + 1):
            hands, _ = deal_cards(players, state.seed, deal)
            for cards in hands.values():
                counts[f"at least {call}" if sum(cards) >= call else f"less than {call}"] += 1
    if not sum(counts.values()):
        raise InvalidInputError(f"{download} holds no Hochstapler game of {players} players: open "
                                f"tables of {players} seats at the class table")
    return counts


def _hochstapler_games(download: Path, players: int) -> list[hs.State]:
    try:
        with zipfile.ZipFile(download) as archive:
            texts = [archive.read(n) for n in archive.namelist() if n.endswith(".json")]
    except (OSError, zipfile.BadZipFile) as error:
        raise InvalidInputError(f"cannot read {download}: {error} (download the class's "
                                "\"Every game's save (ZIP)\" from the teacher's page)") from None
    games = []
    for text in texts:
        try:
            state = hs.load_game(text)
        except SaveFileError:  # another game's save: not this lesson's
            continue
        if state.players == players:
            games.append(state)
    return games


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
