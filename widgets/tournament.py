"""A bot tournament in a notebook: pick the bots, run, watch the progress bar, read the table.

The widget only collects the choices and draws what the game's ``run_tournament``
returns (:func:`bluffmath.hochstapler.run_tournament`, :func:`bluffmath.gauner.run_tournament`,
:func:`bluffmath.muenchhausen.tournament.run_tournament` or
:func:`bluffmath.hoax.tournament.run_tournament`, the original edition): the results table
(wins, mean points with exact 95 % intervals) and its chart.

>>> from bluffmath_widgets.tournament import TournamentPanel
>>> panel = TournamentPanel(players=3, games=6, workers=1)
>>> panel.run.click()
>>> panel.progress.value == panel.progress.max == 6, "mean penalty" in panel.table.value
(True, True)
>>> gauner = TournamentPanel(game="gauner", players=2, games=2, workers=1)
>>> gauner.run.click()
>>> [d.value for d in gauner.bots[:2]], "mean points" in gauner.table.value
(['solver', 'random'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from bluffmath import gauner as gr
from bluffmath import hochstapler as hs
from bluffmath.errors import InvalidInputError
from bluffmath.gauner import tournament as gauner_tournament
from bluffmath.hoax import bots as hoax_bots
from bluffmath.hoax import players as hoax_players
from bluffmath.hoax import tournament as hoax_tournament
from bluffmath.hoax.roles import ORIGINAL
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS
from bluffmath.i18n import _, p_
from bluffmath.muenchhausen import bots as mh_bots
from bluffmath.muenchhausen import rules as mh_rules
from bluffmath.muenchhausen import tournament as mh_tournament
from bluffmath.tournament import bot_words

from .common import Panel
from .hochstapler.table import available_bots
from .rules import rules_card

__all__ = ["TournamentPanel"]

_WIDE = {"description_width": "initial"}


def _bot_options(names: Sequence[str]) -> list[str] | list[tuple[str, str]]:
    """A seat's dropdown: each bot by its name in the language in use, its value the name
    (the names themselves where they read the same)."""
    labelled = [(bot_words(name), name) for name in names]
    return list(names) if all(label == name for label, name in labelled) else labelled


@dataclass(frozen=True)
class _Game:
    """What the panel needs to know of a game: its bots by name, its seats, its runner."""

    bots: Callable[[], dict[str, type]]
    fewest: int
    most: int
    run: Callable[..., Any]


def _gauner_bots() -> dict[str, type]:
    return {bot.name: type(bot) for bot in (gr.SolverBot(), gr.RandomBot())}


def _by_name(*kinds: type) -> Callable[[], dict[str, type]]:
    return lambda: {kind().name: kind for kind in kinds}


_GAMES = {
    "hochstapler": _Game(available_bots, MIN_PLAYERS, MAX_PLAYERS, hs.run_tournament),
    "gauner": _Game(_gauner_bots, gauner_tournament.MIN_PLAYERS, gauner_tournament.MAX_PLAYERS,
                    gr.run_tournament),
    "muenchhausen": _Game(_by_name(mh_bots.OddsBot, mh_bots.HonestBot, mh_bots.RandomBot),
                          mh_rules.MIN_PLAYERS, mh_rules.MAX_PLAYERS, mh_tournament.run_tournament),
    "hoax": _Game(_by_name(hoax_players.DeducerBot, hoax_players.HonestBot, hoax_players.BlufferBot,
                           hoax_bots.RandomBot),
                  ORIGINAL.players.start, ORIGINAL.players.stop - 1, hoax_tournament.run_tournament),
}


class TournamentPanel(Panel):
    """Choose ``players`` (3 to 7; 2 to 4 in Gauner raus!, 2 to 8 in Münchhausen, 3 to 6 in
    Hoax), one bot per seat, ``games`` and ``seed``; press run. ``game`` is
    ``"hochstapler"``, ``"gauner"`` (Gauner raus!), ``"muenchhausen"`` or ``"hoax"``.

    Controls: ``players`` (IntSlider), ``bots`` (one Dropdown per seat, the first
    ``players`` are used), ``games`` and ``seed`` (IntText), ``run`` (Button). Outputs:
    ``progress`` (IntProgress, games played), ``table`` (HTML: the results table and
    chart) and ``message`` (what went wrong). ``result`` is the last
    :class:`~bluffmath.hochstapler.TournamentResult` (or
    :class:`~bluffmath.gauner.tournament.TournamentResult`). ``workers`` is passed on to
    the game's ``run_tournament`` (None: one process per core).
    """

    def __init__(self, players: int = 4, bots: Sequence[str] | None = None, games: int = 200,
                 seed: int = 0, workers: int | None = None, game: str = "hochstapler") -> None:
        if game not in _GAMES:
            raise InvalidInputError(f"game must be one of {', '.join(map(repr, _GAMES))}, got {game!r}")
        self._game = _GAMES[game]
        self._classes = self._game.bots()
        names = list(self._classes)
        chosen = list(bots or [])
        self.players = w.IntSlider(value=players, min=self._game.fewest, max=self._game.most,
                                   description=_("players"), continuous_update=False, style=_WIDE)
        self.bots = [
            w.Dropdown(options=_bot_options(names), description=_("seat {seat}").format(seat=seat), style=_WIDE,
                       layout=w.Layout(width="100%"),  # its grid cell, not 300 px over the next
                       value=chosen[seat] if seat < len(chosen) else names[seat % len(names)])
            for seat in range(self._game.most)
        ]
        self.games = w.BoundedIntText(value=games, min=1, max=1_000_000, description=p_("results table", "games"),
                                      style=_WIDE)
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**63, description=_("seed"), style=_WIDE)
        self.run = w.Button(description=_("run the tournament"), button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=1, description=_("games played"),
                                      style=_WIDE)
        self.table = w.HTML()
        self.result: object | None = None  # the game's TournamentResult
        self._workers = workers
        super().__init__(
            controls=[rules_card(game),
                      w.HBox([self.players, self.games, self.seed], layout=w.Layout(flex_flow="row wrap")),
                      w.GridBox(self.bots, layout=w.Layout(
                          grid_template_columns="repeat(auto-fill, minmax(14em, 1fr))")),
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
            self.result = self._game.run(entrants, self.games.value, seed=self.seed.value,
                                         workers=self._workers, progress=self._progress)
            self.table.value = self.result._repr_html_()

    def _progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = total, done

    def _render(self) -> None:
        """Nothing to redraw from the controls alone: a tournament runs on the button."""

    def _clear(self) -> None:
        self.table.value = ""
