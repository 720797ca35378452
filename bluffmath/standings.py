"""A tournament's results: each game's record, each bot's standing with an exact 95%
interval, and the table and chart that show them.

A game's ``TournamentResult`` is a :class:`Results`; :mod:`bluffmath.tournament` plays the
games and makes the :class:`GameRecord` of each.

>>> record = GameRecord(game=0, seed=1, seating=(1, 0), scores=(2, 2))
>>> record.winners
(0, 1)
>>> Standing(0, "random", 4, Fraction(3, 2), 6, Fraction(3, 2), None).win_rate
Fraction(3, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import ceil, floor, isqrt
from typing import ClassVar

from bluffmath.display import Raw, interval_chart_svg, percent, table_html
from bluffmath.i18n import N_, _, p_
from bluffmath.i18n import number as decimal

#: The normal quantile of a two-sided 95% interval, 1.95996..., rounded up.
Z95 = Fraction(196, 100)
#: Interval bounds are multiples of 10**-PLACES, rounded outward.
PLACES = 4
#: The score's headings and words the games' results use (``column``, ``points``), marked
#: for the catalogs here and translated where the table shows them.
HEADINGS = (N_("mean points"), N_("points"), N_("mean penalty"), N_("penalty points"), N_("win share"),
            N_("wins per game"))


@dataclass(frozen=True)
class GameRecord:
    """One game of a tournament: the engine's deal seed, the bot (by its index in the
    tournament's ``bots``) in each seat, and each seat's score.

    A game's subclass sets ``lower_wins``: True when the fewest points win.
    """

    game: int
    seed: int
    seating: tuple[int, ...]
    scores: tuple[int, ...]

    lower_wins: ClassVar[bool] = True

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best score: the fewest points if ``lower_wins``, else the
        most (ties share the win)."""
        best = min(self.scores) if self.lower_wins else max(self.scores)
        return tuple(seat for seat, points in enumerate(self.scores) if points == best)


@dataclass(frozen=True)
class Standing:
    """One bot's line of the results table.

    ``wins`` counts a win shared by ``n`` players as ``1/n``; ``total`` is the sum of its
    points over its games, ``mean`` the mean points per game; ``interval`` a 95%
    confidence interval for the mean (None with fewer than two games): see
    :func:`confidence_interval`.
    """

    bot: int
    name: str
    games: int
    wins: Fraction
    total: int
    mean: Fraction
    interval: tuple[Fraction, Fraction] | None

    @property
    def win_rate(self) -> Fraction:
        """The share of its games the bot won."""
        return self.wins / self.games


def confidence_interval(values: Sequence[int]) -> tuple[Fraction, Fraction] | None:
    """A 95% confidence interval for the mean of ``values``, without a float.

    The normal approximation ``mean ± 1.96 · s / √n`` (``s`` the sample standard
    deviation), good for a few dozen games or more. The square root is taken with
    :func:`math.isqrt` to 8 decimal places and rounded up, 1.96 is rounded up from 1.95996..., and the bounds
    are rounded outward to multiples of 1/10000, so the interval is never narrower than
    the exact one; the lower bound is at least 0 (a game's points are never negative).
    None for fewer than two values.

    >>> confidence_interval([0, 1, 2, 1])
    (Fraction(999, 5000), Fraction(9001, 5000))
    >>> confidence_interval([3, 3])
    (Fraction(3, 1), Fraction(3, 1))
    """
    n = len(values)
    if n < 2:
        return None
    mean = Fraction(sum(values), n)
    variance = (sum((v - mean) ** 2 for v in values)) / (n - 1)
    fine, scale = 10 ** (2 * PLACES), 10**PLACES  # the root is taken to 8 places
    square = ceil(variance / n * fine * fine)
    root = isqrt(square)
    root += root * root < square  # now root / fine >= sqrt(variance / n)
    half = Z95 * Fraction(root, fine)
    low = Fraction(floor((mean - half) * scale), scale)
    high = Fraction(ceil((mean + half) * scale), scale)
    return max(low, Fraction(0)), high


class Results:
    """What a game's ``TournamentResult`` shares: the standings, the table, the chart.

    A subclass is a frozen dataclass with at least ``names`` (one label per bot),
    ``players``, ``seed`` and ``records``, and sets ``record`` (its :class:`GameRecord`
    subclass, which says whether fewer points win), ``column`` (the score's heading, such
    as ``"mean penalty"``), ``points`` (the caption's word for them, such as ``"penalty
    points"``), ``standing`` (the :class:`Standing` class to fill) and :meth:`variant`.

    ``str(result)`` is the table as text; in Jupyter the result shows as an HTML table
    and a chart of each bot's mean points with its interval.
    """

    names: tuple[str, ...]
    players: int
    seed: int
    records: tuple[GameRecord, ...]

    column: ClassVar[str] = "mean points"
    points: ClassVar[str] = "points"
    record: ClassVar[type[GameRecord]] = GameRecord
    standing: ClassVar[type[Standing]] = Standing

    def variant(self) -> str:
        """The rules variant, as the caption names it (such as ``"one deal"``)."""
        raise NotImplementedError

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.records)

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """One :class:`Standing` per bot, in the order the bots were given."""
        scores: list[list[int]] = [[] for _ in self.names]
        wins = [Fraction(0)] * len(self.names)
        for record in self.records:
            winners = record.winners
            for seat, bot in enumerate(record.seating):
                scores[bot].append(record.scores[seat])
                if seat in winners:
                    wins[bot] += Fraction(1, len(winners))
        return tuple(
            self.standing(i, name, len(points), wins[i], sum(points),
                          Fraction(sum(points), len(points)) if points else Fraction(0),
                          confidence_interval(points))
            for i, (name, points) in enumerate(zip(self.names, scores, strict=True))
        )

    def rows(self) -> list[list[str]]:
        """The results table as text cells, the header first."""
        lines = [[p_("results table", "bot"), p_("results table", "games"), p_("results table", "wins"),
                  p_("results table", "win %"), _(self.column), p_("results table", "95% interval")]]
        for s in self.standings:
            interval = "–" if s.interval is None else _("{low} to {high}").format(
                low=decimal(s.interval[0], PLACES), high=decimal(s.interval[1], PLACES))
            rate = percent(s.win_rate) if s.games else "–"
            lines.append([s.name, str(s.games), decimal(s.wins), rate, decimal(s.mean), interval])
        return lines

    def __str__(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                         for row in rows)

    def chart(self) -> Raw:
        """Each bot's mean points with its 95% interval, as an inline SVG."""
        return interval_chart_svg([(s.name, s.mean, s.interval) for s in self.standings])

    def _repr_html_(self) -> str:
        header, *rows = self.rows()
        caption = (_("{games} games of {players} players ({variant}), seed {seed}: mean {points} with 95% "
                     "intervals (fewer is better)") if self.record.lower_wins else
                   _("{games} games of {players} players ({variant}), seed {seed}: mean {points} with 95% "
                     "intervals (more is better)")).format(games=self.games, players=self.players,
                                                            variant=self.variant(), seed=self.seed,
                                                            points=_(self.points))
        caption = f"<p>{caption}</p>"
        scroll = '<div style="overflow-x: auto; max-width: 100%">{}</div>'  # wide: scrolls in its box
        return (f'<div class="bluffmath-tournament" style="max-width: 100%">{scroll.format(table_html(header, rows))}'
                f"{caption}{scroll.format(self.chart())}</div>")
