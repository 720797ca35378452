"""Lesson 5, "Deduction with constraints": its positions and its answer key.

The lesson counts deals by hand on small positions of Gauner raus! late in a game, then
lets the solver count the full grid. Every position is what a seat sees in a real game:
a seed deals the cards and rolls the dice, and the recorded guesses (``SMALL_GAME``,
``THREE_GAME``) are replayed through the rules engine (:class:`bluffmath.gauner.Game`),
which refuses any guess the rules do not allow; the numbers, the cards laid and the
"not mine" marks are the ones the engine writes. ``SMALL`` and ``THREE`` are those views
as the JSON that ``bluffmath gauner solve`` reads; the widget is
:class:`bluffmath_widgets.gauner.GaunerSolver` on these positions.

>>> from bluffmath import gauner
>>> s = gauner.solve(small_position())
>>> s.deals, s.probability(1, "green-A")
(12, Fraction(1, 3))
>>> gauner.solve(small_position(after_miss=True)).probability(1, "red-D")
Fraction(1, 1)
>>> gauner.solve(three_players()).probability(1, "orange-A")
Fraction(7, 11)

What a student reads speaks the language in use: the position in words, the worksheet's
grids, and the check, which takes a cell's name in that language too (German ``rot-D``):

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     print(position_text(small_position()).splitlines()[1])
...     print(check(4, "rot-D").message)
Platz 1 hat eingetragen: rot-D=5, rot-F=4, gelb-C=4, gelb-F=2, blau-E=3, blau-F=2
richtig: red-D
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb
from typing import Any, NamedTuple

from bluffmath import gauner
from bluffmath.gauner import GRID, Game, Position, State
from bluffmath.gauner.position import cell_named, cell_words, colour_words
from bluffmath.i18n import N_, _, n_, p_

from .key import Exercise, Key, Verdict

__all__ = ["AFTER_MISS", "KEY", "PAPER", "SMALL", "SMALL_GAME", "THREE", "THREE_GAME", "RecordedGame",
           "check", "full_grid", "position_text", "small_position", "three_players"]


class RecordedGame(NamedTuple):
    """A game as a log: the players, the seed, and every guess ``(opponent, cell)`` in order."""

    players: int
    seed: int
    guesses: tuple[tuple[int, str], ...]

    def replay(self, upto: int | None = None) -> State:
        """The engine's state after the first ``upto`` guesses (all of them by default).

        >>> SMALL_GAME.replay().current, SMALL_GAME.replay(0).current
        (0, 0)
        """
        state = Game(players=self.players).new_game(self.seed)
        for seat, cell in self.guesses[:upto]:
            state = state.guess(seat, cell)
        return state


SMALL_GAME = RecordedGame(2, 231, (
    (1, "purple-E"), (1, "orange-C"), (1, "orange-B"), (1, "blue-C"),   # seat 0: 3 hits, a miss
    (0, "purple-A"),                                                    # seat 1: a miss
    (1, "yellow-E"), (1, "purple-D"), (1, "blue-D"), (1, "red-C"), (1, "purple-C"),
    (1, "red-A"), (1, "green-B"),                                       # seat 0: 6 hits, a miss
    (0, "green-B"),                                                     # seat 1: a miss
))
"""Two players: seat 0 has found 9 of seat 1's 12 cards in two turns; its third turn starts."""

AFTER_MISS = (1, "red-B")
"""Seat 0's next guess in that game: it misses, and seat 1's turn starts with its roll."""

THREE_GAME = RecordedGame(3, 53, (
    (1, "blue-B"), (1, "green-D"), (2, "purple-F"), (0, "red-B"), (0, "blue-F"),
    (2, "purple-E"), (2, "orange-D"), (2, "yellow-C"), (1, "red-C"), (2, "red-F"), (2, "yellow-F"),
    (2, "purple-C"), (1, "purple-A"), (1, "yellow-B"), (1, "red-D"), (1, "purple-B"), (1, "green-A"),
    (2, "red-B"), (2, "red-E"), (2, "blue-F"), (2, "blue-E"), (0, "orange-E"),
))
"""Three players: seat 0 has found 8 cards of seat 1 and 8 of seat 2; its third turn starts."""


def small_position(after_miss: bool = False) -> Position:
    """Seat 0's view of the two-player game; ``after_miss``: after its guess of red-B missed.

    >>> small_position().hidden(1), len(small_position().unknown)
    (3, 15)
    """
    state = SMALL_GAME.replay()
    return (state.guess(*AFTER_MISS) if after_miss else state).view(0)


def _names(cells: Iterable[int]) -> str:
    """Cells' names in the language in use, in the grid's order: ``red-E, red-F``, or none."""
    return ", ".join(cell_words(c) for c in sorted(cells)) or _("none")


def _holding(position: Position) -> str:
    return n_("You (seat {seat}) hold {n} card: {cards}", "You (seat {seat}) hold {n} cards: {cards}",
              len(position.hand)).format(seat=position.me, n=len(position.hand), cards=_names(position.hand))


def position_text(position: Position) -> str:
    """A position as a player reads it off the table, in words (in the language in use):
    my cards, then each opponent's numbers, cards laid face up and "not mine" marks.

    >>> print(position_text(small_position()).splitlines()[0])
    You (seat 0) hold 12 cards: red-E, red-F, ...
    """
    lines = [_holding(position)]
    for seat, table in enumerate(position.tables):
        if seat == position.me:
            continue
        numbers = ", ".join(f"{cell_words(c)}={n}" for c, n in sorted(table.numbers.items())) or _("none")
        lines += [_("Seat {seat} wrote: {numbers}").format(seat=seat, numbers=numbers),
                  "  " + _("laid face up: {cells}").format(cells=_names(table.laid)),
                  "  " + _("marked not mine: {cells}").format(cells=_names(table.not_mine))]
    return "\n".join(lines)


def position_html(position: Position) -> str:
    """A position for a printed worksheet: my cards, then each opponent's table as a 6x6
    grid (colours by rows, letters by columns) with its numbers, the cards it laid face up
    ("laid"), its "not mine" marks (✗) and my own cards ("mine"), readable in black and white.

    >>> html = position_html(small_position())
    >>> html.count("<table"), "red-F" in html, ">mine<" in html
    (1, True, True)
    """
    from html import escape

    parts = [f"<p>{escape(_holding(position), quote=False)}.</p>"]
    head = "".join(f"<th>{letter}</th>" for letter in GRID.letters)
    colours = colour_words()
    for seat, table in enumerate(position.tables):
        if seat == position.me:
            continue
        rows = "".join(f"<tr><th>{escape(colours[colour])}</th>" + "".join(
            f"<td>{_paper_cell(position, table, GRID.index(f'{colour}-{letter}'))}</td>"
            for letter in GRID.letters) + "</tr>" for colour in GRID.colours)
        hidden = n_("Seat {seat}'s table: {n} hidden card", "Seat {seat}'s table: {n} hidden cards",
                    position.hidden(seat)).format(seat=seat, n=position.hidden(seat))
        parts.append(f'<div class="seat-grid"><p>{escape(hidden, quote=False)}</p>'
                     f'<table class="grid"><tr><th></th>{head}</tr>{rows}</table></div>')
    legend = _('A cell is a row\'s colour and a column\'s letter ({cell}: row {colour}, column {letter}). In it: '
               'the number the seat wrote there; laid: a card of that seat laid face up; ✗: marked "not mine"; '
               "mine: your card; out: laid face up by another seat.").format(
        cell=cell_words("red-F"), colour=colours["red"], letter="F")
    return "".join(parts) + f'<p class="legend">{escape(legend, quote=False)}</p>'


def _paper_cell(position: Position, table: Any, cell: int) -> str:
    said = [str(table.numbers[cell])] if cell in table.numbers else []
    if cell in table.laid:
        said.append(p_("worksheet cell", "laid"))
    elif cell in table.not_mine:
        said.append("✗")
    elif cell in position.hand:
        said.append(p_("worksheet cell", "mine"))
    elif cell in position.laid:
        said.append(p_("worksheet cell", "out"))
    return " ".join(said)


def three_players() -> Position:
    """Seat 0's view of the three-player game: 10 unknown cells, 2 for each opponent, 6 in the box.

    >>> p = three_players()
    >>> len(p.unknown), p.hidden(1), p.hidden(2)
    (10, 2, 2)
    """
    return THREE_GAME.replay().view(0)


SMALL: dict[str, Any] = small_position().to_json()
THREE: dict[str, Any] = three_players().to_json()


def full_grid() -> Position:
    """Seat 0's view of a real two-player game before its first guess (seeded, so fixed).

    >>> p = full_grid()
    >>> len(p.unknown), p.tables[1].numbers == {GRID.index("green-C"): 3,
    ...     GRID.index("purple-E"): 3, GRID.index("orange-B"): 4, GRID.index("orange-D"): 5}
    (24, True)
    """
    position, _deal = next(gauner.random_positions(players=2, seed=1))
    return position


def _residual() -> int:
    facts = small_position().seat_facts(1)
    return next(c.residual for c in facts.constraints if c.cell == GRID.index("red-F"))


def _certain_after_miss() -> str:
    forced = gauner.solve(small_position(after_miss=True)).forced
    (cell,) = [f.cell for f in forced if f.holder == 1 and f.held]
    return cell


def _full() -> tuple[int, Fraction]:
    s = gauner.solve(full_grid())
    return s.deals, s.best_guesses(1)[0].probability


KEY = Key("deduction", [
    Exercise(1, N_("a whole number"), _residual,
             mistakes=lambda: {4: N_("that is the number written; take away the red or F cards "
                                  "seat 1 has already laid face up")}),
    Exercise(2, N_("a whole number"), lambda: gauner.solve(small_position()).deals,
             mistakes=lambda: {comb(13, 3): N_("that is every set of 3 of the 13 unknown cells not "
                                            "marked 'not mine'; keep only the sets that fit every number"),
                               comb(15, 3): N_("that forgets the marks and the numbers")}),
    Exercise(3, N_("a Fraction"), lambda: gauner.solve(small_position()).probability(1, "green-A"),
             mistakes=lambda: {Fraction(3, 15): N_("that is 3 cards among the 15 unknown cells, "
                                                "ignoring the numbers; count the deals that fit them"),
                               Fraction(3, 7): N_("that is 3 cards among the 7 cells not ruled out; "
                                               "count the deals that fit every number")}),
    Exercise(4, N_("a cell's name, such as 'blue-D'"), _certain_after_miss,
             mistakes=lambda: {"red-B": N_("seat 1 has just said it does not hold red-B"),
                               "orange-D": N_("orange-D is impossible, not certain")}),
    Exercise(5, N_("a Fraction"), lambda: gauner.solve(three_players()).probability(1, "orange-A"),
             mistakes=lambda: {gauner.solve_alone(three_players(), 1).probability(
                 1, "orange-A"): N_("that is seat 1's table alone; seat 2's cards cannot be "
                                    "seat 1's too")}),
    Exercise(6, N_("a pair (deals, Fraction)"), _full,
             mistakes=lambda: {(comb(24, 12), Fraction(1, 2)): N_("that ignores every number: "
                                                               "let solve count the deals that fit them")}),
])


def check(number: int, answer: object) -> Verdict:
    """Mark ``answer`` to exercise ``number`` (:meth:`Key.check`); a cell's name may be
    given in the language in use too (German ``"rot-D"`` for ``"red-D"``).

    >>> check(4, "Red-D").right, check(4, "rot-D").right
    (True, False)
    """
    if isinstance(answer, str):
        answer = cell_named(answer.strip()) or answer
    return KEY.check(number, answer)


#: The positions a printed worksheet shows, each before the first exercise that needs it.
PAPER = {1: lambda: position_html(small_position()),
         4: lambda: position_html(small_position(after_miss=True)),
         5: lambda: position_html(three_players()),
         6: lambda: position_html(full_grid())}
