"""A bot tournament in a notebook: pick the bots, run, watch the progress bar, read the table.

The widget only collects the choices and draws what
:func:`~bluffmath.hochstapler.run_tournament` returns: the results table (wins, mean
penalty points with exact 95 % intervals) and its chart.

>>> from bluffmath_widgets.tournament import TournamentPanel
>>> panel = TournamentPanel(players=3, games=6, workers=1)
>>> panel.run.click()
>>> panel.progress.value == panel.progress.max == 6, "mean penalty" in panel.table.value
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS

from .common import Panel
from .play import available_bots

__all__ = ["TournamentPanel"]

_WIDE = {"description_width": "initial"}


class TournamentPanel(Panel):
    """Choose ``players`` (3 to 7), one bot per seat, ``games`` and ``seed``; press run.

    Controls: ``players`` (IntSlider), ``bots`` (one Dropdown per seat, the first
    ``players`` are used), ``games`` and ``seed`` (IntText), ``run`` (Button). Outputs:
    ``progress`` (IntProgress, games played), ``table`` (HTML: the results table and
    chart) and ``message`` (what went wrong). ``result`` is the last
    :class:`~bluffmath.hochstapler.TournamentResult`. ``workers`` is passed on to
    :func:`~bluffmath.hochstapler.run_tournament` (None: one process per core).
    """

    def __init__(self, players: int = 4, bots: Sequence[str] | None = None, games: int = 200,
                 seed: int = 0, workers: int | None = None) -> None:
        self._classes = available_bots()
        names = list(self._classes)
        chosen = list(bots or [])
        self.players = w.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                   description="players", continuous_update=False, style=_WIDE)
        self.bots = [
            w.Dropdown(options=names, description=f"seat {seat}", style=_WIDE,
                       value=chosen[seat] if seat < len(chosen) else names[seat % len(names)])
            for seat in range(MAX_PLAYERS)
        ]
        self.games = w.BoundedIntText(value=games, min=1, max=1_000_000, description="games",
                                      style=_WIDE)
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**63, description="seed", style=_WIDE)
        self.run = w.Button(description="run the tournament", button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games played",
                                      style=_WIDE)
        self.table = w.HTML()
        self.result: hs.TournamentResult | None = None
        self._workers = workers
        super().__init__(
            controls=[w.HBox([self.players, self.games, self.seed]),
                      w.GridBox(self.bots, layout=w.Layout(grid_template_columns="repeat(4, 16em)")),
                      self.run],
            outputs=[self.progress, self.table],
        )
        self.players.observe(self._seats, names="value")
        self.run.on_click(self._on_run)
        self._seats()

    def _seats(self, change: object = None) -> None:
        for seat, dropdown in enumerate(self.bots):
            dropdown.layout.display = None if seat < self.players.value else "none"

    def _on_run(self, button: w.Button) -> None:
        self._say(None)
        with self._reporting():
            entrants = [self._classes[d.value]() for d in self.bots[: self.players.value]]
            self.progress.value, self.progress.max = 0, self.games.value
            self.result = hs.run_tournament(entrants, self.games.value, seed=self.seed.value,
                                            workers=self._workers, progress=self._progress)
            self.table.value = self.result._repr_html_()

    def _progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = total, done

    def _render(self) -> None:
        """Nothing to redraw from the controls alone: a tournament runs on the button."""

    def _clear(self) -> None:
        self.table.value = ""
