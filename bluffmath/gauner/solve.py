"""Exact probabilities for every opponent's every card, from all tables at once.

>>> from bluffmath.gauner.position import Position
>>> hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...         "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
>>> p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand,
...     "tables": [{"numbers": {"green-A": 2}}, {"numbers": {"green-A": 5}}]})
>>> s = solve(p)
>>> s.deals, s.probability(1, "green-B"), s.probability("surplus", "green-B")
(810810, Fraction(5, 9), Fraction(4, 9))
>>> s.best_guesses(2)
[Guess(seat=1, cell='green-A', probability=Fraction(5, 9)), Guess(seat=1, cell='green-B', probability=Fraction(5, 9))]
>>> s.to_json()["probabilities"]["1"]["blue-B"]
'7/15'

Each counting problem is counted once and kept (:mod:`~bluffmath.gauner.kept`): a
position that poses the same one as a position solved before gets its counts at once.
When seat 0 finds one of seat 1's cards, seat 1's own problem is unchanged (its own table
never enters it):

>>> from bluffmath.gauner.game import Game
>>> state = Game(players=3).new_game(seed=4)
>>> after = state.guess(1, min(state.hidden[1]))
>>> solve(after.view(1)).counts is solve(state.view(1)).counts
True

A solution shows itself in a notebook as heat maps, one per holder (:func:`html`,
:func:`grid_html`; :mod:`~bluffmath.gauner.report` writes it as text and JSON too).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from html import escape
from typing import Any

from bluffmath.display import decimal
from bluffmath.errors import InvalidInputError
from bluffmath.gauner.conflicts import conflict_error
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.guessing import BraveAdvice, Guess, brave_advice
from bluffmath.gauner.joint import Counts, Engine, Holder, _has_numpy
from bluffmath.gauner.kept import KEPT as KEPT
from bluffmath.gauner.kept import counted as _counted
from bluffmath.gauner.position import Position, colour_words
from bluffmath.gauner.reasons import Forced, forced_cells
from bluffmath.i18n import _, number
from bluffmath.validate import shown as _shown
from bluffmath.validate import whole_number

# The ``name as name`` imports: names that moved to the module named, still found here.


@dataclass(frozen=True)
class Solution:
    """All deals that fit a position, counted: ``deals`` of them, each equally likely.

    ``alone`` is None for the joint answer; for a quick answer it is the one seat whose
    table alone was used (``deals`` then counts that seat's possible hands). ``counts`` may
    be shared with other solutions of the same counting problem (see
    :data:`~bluffmath.gauner.kept.KEPT`): read them, never change them.
    """

    position: Position
    counts: Counts
    alone: int | None = None

    @property
    def deals(self) -> int:
        return self.counts.total

    @property
    def holders(self) -> tuple[Holder, ...]:
        return tuple(self.counts.held)

    @property
    def unknown(self) -> tuple[str, ...]:
        """The cells whose holder is not known to me, by name."""
        return tuple(GRID.name(c) for c in self.position.unknown)

    def probability(self, holder: Holder, cell: str | int) -> Fraction:
        """The chance that ``cell`` is among ``holder``'s hidden cards (or in the surplus)."""
        c = _cell(cell)
        if isinstance(holder, bool) or not isinstance(holder, int | str) or holder not in self.counts.held:
            allowed = ", ".join(repr(h) for h in self.holders)
            raise InvalidInputError(f"holder must be one of {allowed}, got {_shown(holder)}")
        if c not in self.counts.held[holder]:
            raise InvalidInputError(f"{GRID.name(c)} is not an unknown cell: it is {_where(self.position, c)}")
        return Fraction(self.counts.held[holder][c], self.deals)

    def table(self, holder: Holder) -> dict[str, Fraction]:
        """Every unknown cell's probability for one holder (a new dict each time; the
        Fractions are made once per solution)."""
        if isinstance(holder, bool) or not isinstance(holder, int | str) or holder not in self.counts.held:
            allowed = ", ".join(repr(h) for h in self.holders)
            raise InvalidInputError(f"holder must be one of {allowed}, got {_shown(holder)}")
        tables = self._tables
        if holder not in tables:
            tables[holder] = {GRID.name(c): Fraction(n, self.deals) for c, n in self.counts.held[holder].items()}
        return dict(tables[holder])

    @cached_property
    def _tables(self) -> dict[Holder, dict[str, Fraction]]:
        return {}

    def best_guesses(self, count: int | None = None) -> list[Guess]:
        """Guesses from most to least likely to hit (ties: by seat, then cell); all if no count."""
        if count is not None:
            whole_number("count", count, 0)
        # Every chance has the same denominator (the deals): order by the counts.
        ranked = sorted((-n, seat, c) for seat in self.position.opponents for c, n in self.counts.held[seat].items())
        return [Guess(seat, GRID.name(c), Fraction(-n, self.deals)) for n, seat, c in ranked[:count]]

    def guess(self, seat: int, cell: str | int) -> Fraction:
        """The chance that naming ``cell`` to opponent ``seat`` hits."""
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.position.opponents:
            raise InvalidInputError(f"a guess names an opponent, one of {self.position.opponents}; "
                                    f"got {_shown(seat)}")
        return self.probability(seat, cell)

    def brave(self, banked: int) -> BraveAdvice:
        """Brave-investigator variant: guess once more (best cell) or stop with ``banked`` points."""
        return brave_advice(self, banked)

    @cached_property
    def forced(self) -> tuple[Forced, ...]:
        """Every (holder, unknown cell) with probability 0 or 1, each with a reason."""
        return forced_cells(self)

    def forced_named(self, names: Sequence[str], held_only: bool = False) -> tuple[Forced, ...]:
        """:attr:`forced` with reasons that call each seat by its name (``names``: one per
        seat) instead of "seat N": "Ann wrote 3 at blue-C: ... so they have them all";
        ``held_only``: only the cards someone surely holds. The answer for the last
        ``names`` asked is kept."""
        key = (tuple(names) if isinstance(names, Sequence) and not isinstance(names, str) else names, held_only)
        if self._named.get("key") != key:
            self._named.update(key=key, forced=forced_cells(self, key[0], held_only=held_only))
        return self._named["forced"]

    @cached_property
    def _named(self) -> dict[str, object]:
        return {}

    @property
    def label(self) -> str:
        """What the answer is based on: all tables, or one seat's table alone."""
        return "all tables" if self.alone is None else f"seat {self.alone}'s table alone"

    def _repr_html_(self) -> str:
        return html(self)

    def to_json(self) -> dict[str, Any]:
        """``{"deals": "<int>", "probabilities": {"<seat>": {"red-A": "p/q"}, "surplus": {...}}}``."""
        return {
            "deals": str(self.deals),
            "probabilities": {str(h): {name: f"{p.numerator}/{p.denominator}" for name, p in self.table(h).items()}
                              for h in self.holders},
        }


def solve(position: Position | Mapping[str, Any] | str, engine: Engine = "auto") -> Solution:
    """The exact answer from every table jointly.

    Raises :class:`~bluffmath.errors.InconsistentEvidenceError` naming a small set of
    facts that conflict when no deal fits the position.
    """
    position, engine = _position(position), _engine(engine)
    counts = _counted(tuple(position.seat_facts(s) for s in position.opponents), position.unknown, engine)
    if counts.total == 0:
        raise conflict_error(position)
    return Solution(position, counts)


def solve_alone(position: Position | Mapping[str, Any] | str, seat: int) -> Solution:
    """The quick answer for one opponent from its own table alone (the others ignored).

    Fast, and shown while the joint answer is computed; its holders are ``seat`` and
    ``"surplus"``, which here means "anyone else".
    """
    position = _position(position)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in position.opponents:
        raise InvalidInputError(f"seat must be an opponent, one of {position.opponents}; got {_shown(seat)}")
    counts = _counted((position.seat_facts(seat),), position.unknown, "python")
    if counts.total == 0:
        raise conflict_error(position)
    return Solution(position, counts, alone=seat)


def solve_steps(position: Position | Mapping[str, Any] | str, engine: Engine = "auto") -> Iterator[Solution]:
    """The quick answers first (each opponent's table alone, in seat order), then the joint one.

    For a page that must show something at once: every step is exact for what it uses,
    and :attr:`Solution.label` says what that is.

    >>> from bluffmath.gauner.playout import random_positions
    >>> position, _ = next(random_positions(players=3, seed=2))
    >>> [s.label for s in solve_steps(position)]
    ["seat 1's table alone", "seat 2's table alone", 'all tables']
    """
    position, engine = _position(position), _engine(engine)
    for seat in position.opponents:
        yield solve_alone(position, seat)
    yield solve(position, engine)


def html(solution: Solution) -> str:
    """The answer as HTML: what it is based on, then a heat map per holder (a quick answer:
    only its seat's)."""
    _check(solution)
    holders = solution.holders if solution.alone is None else (solution.alone,)
    return f"<div class='bluffmath-gauner'><p>{escape(_title(solution))}</p>" + "".join(
        grid_html(solution, h) for h in holders) + "</div>"


def grid_html(solution: Solution, holder: Holder) -> str:
    """A 6 x 6 heat map of one holder's chances; certain cells framed, their reason on hover.

    Each cell carries ``data-cell`` and, when unknown, ``data-p`` (the exact fraction), so a
    page or a test can read the exact numbers behind the rounded percentages.
    """
    _check(solution)
    table = solution.table(holder)  # an unknown holder is refused here
    forced = {f.cell: f for f in solution.forced if f.holder == holder}
    head = "".join(f"<th>{x}</th>" for x in GRID.letters)
    rows, words = [], colour_words()
    for colour in GRID.colours:
        cells = "".join(_td(solution, table, forced, f"{colour}-{x}") for x in GRID.letters)
        rows.append(f"<tr><th>{words[colour]}</th>{cells}</tr>")
    name = _("surplus") if holder == "surplus" else _("seat {seat}").format(seat=holder)
    return (f"<table class='bluffmath-heat' data-holder='{holder}' style='display:inline-table;"
            f"margin:0 1em 1em 0;border-collapse:collapse;text-align:center'>"
            f"<caption>{name}</caption><tr><th></th>{head}</tr>{''.join(rows)}</table>")


def _td(solution: Solution, table: dict, forced: dict, cell: str) -> str:
    style = "padding:2px 5px;border:1px solid #ccc;min-width:3em"
    if cell not in table:
        return f"<td data-cell='{cell}' style='{style};background:#eee;color:#595959'>{_mark(solution, table, cell)}</td>"
    p = table[cell]
    title = ""
    if cell in forced:
        style += ";border:2px solid #000;font-weight:bold"
        title = f" title='{escape(forced[cell].reason, quote=True)}'"
    # black text on a shade of at most 0.85: at least 5.15:1 at every p (WCAG AA)
    background = f"rgba(30,100,220,{decimal(p * Fraction(85, 100), 2)})"
    return (f"<td data-cell='{cell}' data-p='{p}'{title} style='{style};background:{background};"
            f"color:#000'>{number(p * 100, 1)}</td>")


def _title(solution: Solution) -> str:
    if solution.alone is None:
        return _("Exact, from all tables at once: {deals} deals fit.").format(deals=solution.deals)
    return _("Quick answer from seat {seat}'s table alone ({hands} hands fit it); "
             "the other tables are not used yet.").format(seat=solution.alone, hands=solution.deals)


def _mark(solution: Solution, table: dict, cell: str) -> str:
    if cell in table:
        return number(table[cell] * 100, 1)
    c = GRID.index(cell)
    if c in solution.position.hand:
        return _("mine")
    return _("laid")


def _check(solution: object) -> None:
    if not isinstance(solution, Solution):
        raise InvalidInputError(f"a report needs a Solution (from solve(position)), got {type(solution).__name__}")


def _position(position: Position | Mapping[str, Any] | str) -> Position:
    return position if isinstance(position, Position) else Position.from_json(position)


ENGINES = ("auto", "python", "numpy")


def _engine(engine: object) -> Engine:
    """``engine`` if it is one of :data:`ENGINES` and can run here."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise InvalidInputError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {_shown(engine)}")
    if engine == "numpy" and not _has_numpy():
        raise InvalidInputError('engine "numpy" needs numpy, which is not installed here; use "auto"')
    return engine


def _cell(cell: str | int) -> int:
    if isinstance(cell, int) and not isinstance(cell, bool) and cell in GRID.cells:
        return cell
    return GRID.index(cell)


def _where(position: Position, cell: int) -> str:
    if cell in position.hand:
        return "in your hand"
    seat = next(s for s, t in enumerate(position.tables) if cell in t.laid)
    return f"laid face up by seat {seat}"
