"""Gauner raus! in Jupyter: the exact chance of every opponent's every card, as heat maps.

:class:`GaunerSolver` takes a position as JSON (the form ``bluffmath gauner solve``
reads). It shows each opponent's quick answer at once, from that opponent's own table
alone and labelled so, and then the exact answer from all tables together, computed in
the background so the page never freezes. Certain cells are framed; hover for the reason.
Every number comes from :mod:`bluffmath.gauner`; this module only draws.

>>> from bluffmath.gauner import random_positions, solve
>>> position, _ = next(random_positions(players=3, seed=2))
>>> panel = GaunerSolver(position, background=False)
>>> panel.solution.deals == solve(position).deals
True
>>> "table alone" in panel.quick.value, "from all tables" in panel.joint.value
(True, True)
>>> panel.position_text.value = '{"game": "gauner-raus", "players": 2, "hand": []}'
>>> print(panel.message.value)
<div ...>⚠ a position: key &quot;tables&quot; missing (needs keys game, players, hand, tables)</div>
>>> panel.solution is None
True
"""

from __future__ import annotations

import difflib
import json
import re
import threading
from collections.abc import Iterator

import ipywidgets as w

from bluffmath.errors import BluffmathError, InvalidInputError
from bluffmath.gauner import Position, Solution, random_positions, solve_steps
from bluffmath.gauner.grid import GRID, HAND_SIZE
from bluffmath.gauner.position import cell_named, cell_words, colour_words, in_words
from bluffmath.gauner.report import html
from bluffmath.i18n import _

from ..common import Panel, _bug
from ..rules import rules_card

__all__ = ["GaunerCompanion", "GaunerSolver", "example_position", "parse_cells", "parse_numbers"]


NAMES = tuple(GRID.name(c) for c in GRID.cells)


def example_position() -> Position:
    """A 3-player position from the middle of a game, where the tables inform each other."""
    for i, (position, _truth) in enumerate(random_positions(players=3, seed=7)):
        if i == 6:
            return position
    raise AssertionError("the example game is shorter than expected")  # pragma: no cover


_LABEL = {"description_width": "initial"}
"""A field's label as wide as its words ("seat 0 wrote" whole, not "seat 0 wr…")."""


def _field(width: str) -> w.Layout:
    """A field ``width`` wide, narrower on a narrow screen (a row of fields wraps)."""
    return w.Layout(width=width, max_width="100%")


class GaunerSolver(Panel):
    """Edit a position; see the quick per-table answers at once, then the joint exact one.

    ``background=False`` computes the joint answer before returning (for scripts and
    tests); :meth:`wait` waits for a background computation.
    """

    def __init__(self, position: Position | None = None, background: bool = True) -> None:
        position = position or example_position()
        self.position_text = w.Textarea(
            value=json.dumps(position.to_json(), indent=1), description=_("position"),
            continuous_update=False, layout=w.Layout(width="100%", height="14em"))
        self._setup([self.position_text], background)
        self.children = (rules_card("gauner"), *self.children)

    def _setup(self, controls: list[w.Widget], background: bool) -> None:
        self.status = w.HTML()
        self.joint = w.HTML()
        self.quick = w.HTML()
        self.joint.add_class("bluffmath-joint")
        self.quick.add_class("bluffmath-quick")
        self.solution: Solution | None = None
        self.background = background
        self._run = 0
        self._thread: threading.Thread | None = None
        super().__init__(controls, [self.status, self.joint, self.quick])
        self._watch(controls)
        self.refresh()

    def position(self) -> Position:
        """The position the controls describe (a clear error if they describe none)."""
        return Position.from_json(self.position_text.value)

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the joint answer of the latest position is shown (or failed)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _render(self) -> None:
        position = self.position()
        steps = solve_steps(position)
        quick = [next(steps) for _seat in position.opponents]
        self._run += 1
        self.solution = None
        self.joint.value = ""
        self.status.value = "<i>" + _("Working out the exact answer from all tables together…") + "</i>"
        self.quick.value = ("<h4>" + _("Quick answers: each opponent's own table alone") + "</h4>"
                            + "".join(html(q) for q in quick))
        if self.background:
            self._thread = threading.Thread(target=self._finish, args=(steps, self._run), daemon=True)
            self._thread.start()
        else:  # errors reach Panel.refresh, which shows them
            self._show(next(steps))

    def _finish(self, steps: Iterator[Solution], run: int) -> None:
        """The joint answer, in the background; a newer position's run wins."""
        try:
            solution = next(steps)
        except BluffmathError as error:
            if run == self._run:
                self._fail(str(error))
            return
        except Exception as error:  # a bug: show it where the user looks
            if run == self._run:
                self._fail(_bug(error))
            return
        if run == self._run:
            self._show(solution)

    def _show(self, solution: Solution) -> None:
        self.solution = solution
        self.status.value = ""
        self.joint.value = html(solution)

    def _clear(self) -> None:
        self.solution = None
        self.status.value = self.joint.value = self.quick.value = ""


def parse_cells(what: str, text: str) -> list[str]:
    """Cells typed as ``"red-A, blue-C"`` (commas or spaces between; case ignored; in
    German also ``rot-A``).

    >>> parse_cells("laid", "Red-A  blue-c")
    ['red-A', 'blue-C']
    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     parse_cells("offen", "Grün-b, rot-A")
    ['green-B', 'red-A']
    """
    parts = text.replace(",", " ").split()
    if len(parts) > len(NAMES):
        raise InvalidInputError(_("{what}: at most {most} cells, got {count}").format(
            what=what, most=len(NAMES), count=len(parts)))
    return [_cell_name(part, what) for part in parts]


def parse_numbers(what: str, text: str) -> dict[str, int]:
    """Numbers typed as ``"blue-C=4, red-A 2"`` (``=``, ``:`` or a space before each number).

    >>> parse_numbers("seat 1's numbers", "blue-C=4, red-a 2")
    {'blue-C': 4, 'red-A': 2}
    >>> parse_numbers("seat 1's numbers", "blue-C=four")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: seat 1's numbers: write each as cell=number, such as blue-C=4; got 'blue-C=four'
    """
    out = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        match = re.fullmatch(r"([^\W\d_]+-[A-Za-z])\s*[=: ]\s*([0-9]{1,3})", item)
        if not match:
            raise InvalidInputError(_("{what}: write each as cell=number, such as blue-C=4; got {typed}").format(
                what=what, typed=_typed(item)))
        cell = _cell_name(match[1], what)
        if cell in out:
            raise InvalidInputError(_("{what}: {cell} is written twice").format(what=what, cell=cell_words(cell)))
        out[cell] = int(match[2])
    return out


def _cell_name(text: str, what: str) -> str:
    """A typed cell with its case mended (``Red-a`` is ``red-A``; in German ``Rot-a`` too),
    or an error in words."""
    colour, _hyphen, letter = text.partition("-")
    name = f"{colour.lower()}-{letter.upper()}"
    if name in NAMES:
        return name
    local = cell_named(name)
    if local is not None:
        return local
    near = difflib.get_close_matches(name, [cell_words(c) for c in GRID.cells], n=1, cutoff=0.6)
    hint = _(" (did you mean {cell}?)").format(cell=near[0]) if near else ""
    raise InvalidInputError(_("{what}: {typed} is not a cell{hint}; a cell is a colour ({colours}), a hyphen "
                              "and a letter A-F, such as red-A").format(
        what=what, typed=_typed(text), hint=hint, colours=", ".join(colour_words().values())))


def _typed(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:40]) + "..."


class GaunerCompanion(GaunerSolver):
    """For a real game: type my cards and each seat's numbers, laid cards and marks as the
    game goes; the answers follow every entry. An entry that contradicts the others is
    reported with the facts that conflict, and the panel keeps working.

    >>> c = GaunerCompanion(players=2, background=False)
    >>> c.status.value, c.message.value
    ('<i>Type your cards to start.</i>', '')
    >>> c.hand.value = "red-A red-B red-C red-D red-E red-F yellow-A yellow-B yellow-C yellow-D yellow-E yellow-F"
    >>> c.numbers[1].value = "green-A=5"
    >>> c.solution.deals
    810810
    >>> c.numbers[1].value = "green-A=5, blue-B=0, purple-C=0, orange-D=0"
    >>> print(c.message.value)
    <div ...>⚠ no deal fits these facts together: ...</div>
    >>> c.numbers[1].value = "green-A=5"      # fixed: the answer is back
    >>> c.message.value, c.solution.deals
    ('', 810810)
    """

    def __init__(self, players: int = 3, me: int = 0, background: bool = True) -> None:
        self.players = w.Dropdown(options=[2, 3, 4], value=players, description=_("players"))
        self.me = w.Dropdown(options=list(range(4)), value=me, description=_("my seat"))
        self.hand = w.Text(description=_("my cards"), placeholder=_("red-A, blue-C, ... (hidden ones)"),
                           continuous_update=False, style=_LABEL, layout=w.Layout(width="100%"))
        self.numbers = [w.Text(description=_("seat {seat} wrote").format(seat=s), placeholder=_("blue-C=4, red-A=2"),
                               continuous_update=False, style=_LABEL, layout=_field("26em"))
                        for s in range(4)]
        self.laid = [w.Text(description=_("seat {seat} laid").format(seat=s), placeholder=_("green-F"),
                            continuous_update=False, style=_LABEL, layout=_field("15em")) for s in range(4)]
        self.marks = [w.Text(description=_("seat {seat}: not mine").format(seat=s), placeholder=_("orange-B"),
                             continuous_update=False, style=_LABEL, layout=_field("17em")) for s in range(4)]
        self._rows = [w.HBox(list(row), layout=w.Layout(flex_flow="row wrap"))
                      for row in zip(self.numbers, self.laid, self.marks, strict=True)]
        for name, fields in (("numbers", self.numbers), ("laid", self.laid), ("not-mine", self.marks)):
            for seat, field in enumerate(fields):
                field.add_class(f"bm-{name}-{seat}")  # for the browser tests and for styling
        self.hand.add_class("bm-hand")
        self._show_rows()
        self.players.observe(lambda _: self._show_rows(), names="value")
        controls = [self.players, self.me, self.hand, *self.numbers, *self.laid, *self.marks]
        self._setup(controls, background)
        self.children = (rules_card("gauner"), w.HBox([self.players, self.me]), self.hand, *self._rows,
                         *self.children[len(controls):])
        self.add_class("bluffmath-companion")

    def _show_rows(self) -> None:
        for seat, row in enumerate(self._rows):
            row.layout.display = None if seat < self.players.value else "none"

    def _render(self) -> None:
        if not self.hand.value.strip():  # nothing typed yet: a hint, not an error
            self._clear()
            self.status.value = "<i>" + _("Type your cards to start.") + "</i>"
            return
        super()._render()

    def position(self) -> Position:
        players = self.players.value
        if self.me.value >= players:
            raise InvalidInputError(_("my seat must be from 0 to {last} with {players} players").format(
                last=players - 1, players=players))
        hand = parse_cells(_("my cards"), self.hand.value)
        if len(hand) + len(parse_cells(_("laid"), self.laid[self.me.value].value)) != HAND_SIZE[players]:
            raise InvalidInputError(_("type all your {count} cards: the hidden ones under 'my cards', the ones "
                                      "laid face up under your seat's 'laid'").format(count=HAND_SIZE[players]))
        tables = [{"numbers": parse_numbers(_("seat {seat}'s numbers").format(seat=s), self.numbers[s].value),
                   "laid": parse_cells(_("seat {seat}'s laid cards").format(seat=s), self.laid[s].value),
                   "not_mine": parse_cells(_("seat {seat}'s marks").format(seat=s), self.marks[s].value)}
                  for s in range(players)]
        try:
            return Position.from_json({"game": "gauner-raus", "players": players, "me": self.me.value,
                                       "hand": hand, "tables": tables})
        except InvalidInputError as error:
            raise InvalidInputError(in_words(str(error), hand=_("my cards"))) from None
