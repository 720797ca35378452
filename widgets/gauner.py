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
>>> panel.position_text.value = '{"game": "gauner-raus"}'
>>> print(panel.message.value)
<div ...>⚠ the position lacks hand, players, tables</div>
>>> panel.solution is None
True
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import ipywidgets as w

from bluffmath.errors import BluffmathError
from bluffmath.gauner import Position, Solution, random_positions, solve_steps
from bluffmath.gauner.report import html

from .common import Panel, _bug

__all__ = ["GaunerSolver", "example_position"]


def example_position() -> Position:
    """A 3-player position from the middle of a game, where the tables inform each other."""
    for i, (position, _) in enumerate(random_positions(players=3, seed=7)):
        if i == 6:
            return position
    raise AssertionError("the example game is shorter than expected")  # pragma: no cover


class GaunerSolver(Panel):
    """Edit a position; see the quick per-table answers at once, then the joint exact one.

    ``background=False`` computes the joint answer before returning (for scripts and
    tests); :meth:`wait` waits for a background computation.
    """

    def __init__(self, position: Position | None = None, background: bool = True) -> None:
        position = position or example_position()
        self.position_text = w.Textarea(
            value=json.dumps(position.to_json(), indent=1), description="position",
            continuous_update=False, layout=w.Layout(width="100%", height="14em"))
        self.status = w.HTML()
        self.joint = w.HTML()
        self.quick = w.HTML()
        self.joint.add_class("bluffmath-joint")
        self.quick.add_class("bluffmath-quick")
        self.solution: Solution | None = None
        self.background = background
        self._run = 0
        self._thread: threading.Thread | None = None
        super().__init__([self.position_text], [self.status, self.joint, self.quick])
        self._watch([self.position_text])
        self.refresh()

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the joint answer of the latest position is shown (or failed)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _render(self) -> None:
        position = Position.from_json(self.position_text.value)
        steps = solve_steps(position)
        quick = [next(steps) for _ in position.opponents]
        self._run += 1
        self.solution = None
        self.joint.value = ""
        self.status.value = "<i>Working out the exact answer from all tables together…</i>"
        self.quick.value = ("<h4>Quick answers: each opponent's own table alone</h4>"
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
