"""The odds table for a whole position: every colour in play, every call, both ways.

For each colour in play: the total's distribution by card counting, the same reading the
bids (under an :class:`OpponentModel`), and what an exchange would make of it. From those,
the chance that each call is true, the case for doubting the call to beat, and the best
calls I can make.

>>> from bluffmath.hochstapler import COLOURS
>>> p = Position(players=4, hand={c: 3 for c in COLOURS}, history=[Call(1, 14, "blue")])
>>> table = odds_table(p)
>>> table.current, table.current_reading
(Fraction(..., ...), Fraction(..., ...))
>>> table.current < table.current_reading    # seat 1 seems to believe in blue
True
>>> [(c.total, c.colour) for c, _ in table.best_calls(2)]
[(15, 'red'), (15, 'orange')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bluffmath.display import bar_chart_svg, exact, percent, table_html
from bluffmath.distribution import Distribution
from bluffmath.errors import InvalidInputError
from bluffmath.explain import Explanation
from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.counting import total_distribution
from bluffmath.hochstapler.explain import explain_call, explain_reading
from bluffmath.hochstapler.position import Call, Position
from bluffmath.hochstapler.rules import (
    CARDS_PER_COLOUR,
    MAX_TOTAL,
    SYMBOLS,
    check_total,
    colour_noun,
)
from bluffmath.i18n import N_, _
from bluffmath.validate import shown, whole_number


@dataclass(frozen=True)
class ColourOdds:
    """One colour's row: my card, the face-up cards and three distributions of the total."""

    colour: str
    own: int
    face_up: tuple[int, ...]
    counting: Distribution[int]
    reading: Distribution[int]
    exchange: Distribution[int] | None  # None when the pile is empty
    players: int | None = None  # the players at the table (None: any number)

    def chance(self, total: int, reading: bool = False) -> Fraction:
        """P(this colour's total >= total): the chance a call of ``total`` is true. A call
        above the highest total the colour can reach is refused, saying so."""
        if type(total) is not int or not 0 <= total <= _TOP.get(self.players, _HIGHEST):
            check_total(N_("the call's total"), total, self.players)  # which says what is wrong
        if type(reading) is not bool:
            raise InvalidInputError(f"reading must be True or False, got {shown(reading)}")
        return (self.reading if reading else self.counting).at_least(total)


_TOP, _HIGHEST = MAX_TOTAL, max(MAX_TOTAL.values())  # a total beyond these is refused


@dataclass(frozen=True)
class OddsTable:
    """The odds for every colour of a position; see the module docstring."""

    position: Position
    model: OpponentModel
    rows: tuple[ColourOdds, ...]

    def row(self, colour: str) -> ColourOdds:
        """The row of ``colour``; a clear error if it is not in play."""
        for row in self.rows:
            if row.colour == colour:
                return row
        in_play = ", ".join(self.position.colours)
        raise InvalidInputError(f"{shown(colour)} is not in play; the colours in play are {in_play}")

    def probability(self, total: int, colour: str, reading: bool = False) -> Fraction:
        """P(a call of ``total`` in ``colour`` is true)."""
        return self.row(colour).chance(total, reading)

    @property
    def current(self) -> Fraction | None:
        """P(the call to beat is true) by card counting: the case against doubting it."""
        call = self.position.call
        return None if call is None else self.probability(call.total, call.colour)

    @property
    def current_reading(self) -> Fraction | None:
        """P(the call to beat is true), reading the bids."""
        call = self.position.call
        return None if call is None else self.probability(call.total, call.colour, reading=True)

    def best_calls(self, n: int = 3, reading: bool = False) -> list[tuple[Call, Fraction]]:
        """The ``n`` legal calls most likely to be true, most likely first.

        A higher total is never likelier, so each colour offers its lowest legal total;
        ties go to the colour listed first. None when nothing beats the call to beat.
        """
        whole_number("n", n, 1)
        if type(reading) is not bool:
            raise InvalidInputError(f"reading must be True or False, got {shown(reading)}")
        totals = self.position.legal_totals()
        if not totals:  # the call to beat is the highest there is
            return []
        low = totals.start
        me = self.position.me
        calls = [(Call(me, low, row.colour), row.chance(low, reading)) for row in self.rows]
        return sorted(calls, key=lambda item: -item[1])[:n]

    def explain(self, total: int, colour: str, reading: bool = False) -> Explanation:
        """The counting behind ``probability(total, colour, reading)``."""
        row = self.row(colour)
        players = self.position.players
        row.chance(total, reading)  # the checks: a total within reach, reading a bool
        if not reading:
            return explain_call(players, row.own, total, row.face_up)
        spoken = self.position.spoken_calls(colour)
        return explain_reading(players, row.own, spoken, total, row.face_up, self.model)

    def _repr_html_(self) -> str:
        legal = self.position.legal_totals()
        rows = []
        for row in self.rows:
            chart = bar_chart_svg(list(row.counting.items()), highlight=legal.start, height=40, bar_width=5)
            chances = [_chance(row.chance(legal.start)), _chance(row.chance(legal.start, reading=True))] if legal else []
            rows.append([f"{colour_noun(row.colour)} {SYMBOLS[row.colour]}", row.own, " ".join(map(str, row.face_up)),
                         *chances, chart])
        first = [_("colour"), _("my card"), _("face up")]
        if not legal:  # the call to beat is the highest a colour can reach
            note = _("No call can beat {total}: the only answer is a doubt.").format(total=legal.start - 1)
            return f"<p>{note}</p>" + table_html([*first, _("total")], rows)
        return table_html([*first, f"P(≥ {legal.start})", _("reading the bids"), _("total")], rows)


def _chance(p: Fraction) -> str:
    """An exact chance with its percentage beside it, as every table shows one.

    >>> _chance(Fraction(3, 8))
    '3/8 (37.5 %)'
    """
    return f"{exact(p)} ({percent(p)})"


def odds_table(position: Position, model: OpponentModel | None = None) -> OddsTable:
    """Compute the :class:`OddsTable` of ``position``."""
    if not isinstance(position, Position):
        raise InvalidInputError(f"odds_table needs a Position, got {type(position).__name__}")
    model = OpponentModel() if model is None else model
    if not isinstance(model, OpponentModel):
        raise InvalidInputError(f"model must be an OpponentModel, got {type(model).__name__}")
    return OddsTable(position, model, tuple(_row(position, colour, model) for colour in position.colours))


def _row(position: Position, colour: str, model: OpponentModel) -> ColourOdds:
    """One colour's row. A colour nobody has spoken about reads as it counts (the same
    weights as :func:`~bluffmath.hochstapler.bids.read_bids` with no calls); the exchange
    is the total with my card face up and none in my hand, as in
    :func:`~bluffmath.hochstapler.counting.exchange_distribution` (the position is checked)."""
    players, own, face_up = position.players, position.hand[colour], position.face_up(colour)
    counting = total_distribution(players, own, face_up)
    spoken = position.spoken_calls(colour)
    can_exchange = len(face_up) < CARDS_PER_COLOUR - players
    return ColourOdds(
        colour, own, face_up, counting,
        reading=read_bids(players, own, spoken, face_up, model) if spoken else counting,
        exchange=total_distribution(players, None, (*face_up, own)) if can_exchange else None,
        players=players,
    )

