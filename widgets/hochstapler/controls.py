"""The Hochstapler table's controls: the setup (players, names, bots, seed, variant) and the
table (the moves, the panels, the odds box), built onto the table as its attributes.

Only layout lives here: every control wraps (``flex_flow="row wrap"``) and none is wider
than the page, so the table reads at 390 px as at 1280 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.hochstapler.game import VARIANT_TARGET
from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS
from bluffmath.i18n import _

from ..disclosure import Disclosure
from .callbox import CallBox
from .cards import colour_name
from .setup import DEFAULT_NAMES, bot_label

__all__ = ["build_setup", "build_table", "wrap"]

_WIDE = {"description_width": "initial"}


def wrap() -> w.Layout:
    """A new layout for a row that wraps on a narrow page (each box needs its own)."""
    return w.Layout(flex_flow="row wrap", align_items="center", max_width="100%")


def _button(colour: str) -> w.ButtonStyle:
    """White text on ``colour``, at least 4.5:1 (ipywidgets' own button colours are not)."""
    return w.ButtonStyle(button_color=colour, text_color="white")


def _first_name(names: Sequence[str], seat: int) -> str:
    return (names[seat].strip() if seat < len(names) else "") or DEFAULT_NAMES[seat]


def build_setup(self: Any, players: int, me: int, names: Sequence[str], seed: int,
                 target: int | None, bot_delay: float, chosen: dict[int, str],
                 default: str) -> None:
    self.players = w.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                              value=players, description=_("players"), style=_WIDE,
                              layout=w.Layout(width="9em"))
    self.names = [w.Text(value=names[i] if i < len(names) else DEFAULT_NAMES[i],
                         placeholder=DEFAULT_NAMES[i], continuous_update=False,
                         layout=w.Layout(width="10em")) for i in range(MAX_PLAYERS)]
    self.me = w.Dropdown(options=[(_first_name(names, i), i) for i in range(players)],
                         value=me, description=_("I play"), style=_WIDE,
                         layout=w.Layout(width="12em"))
    self.seed = w.IntText(value=seed, description=_("seed"), style=_WIDE,
                          layout=w.Layout(width="12em"))
    self.reseed = w.Button(description=_("new seed"), tooltip=_("draw a random seed (a new deal)"),
                           layout=w.Layout(width="7em"))
    until = _("deals until someone has {n} points")
    variants = [(_("one deal"), 0), (until.format(n=VARIANT_TARGET), VARIANT_TARGET)]
    if target not in (None, VARIANT_TARGET):
        variants.append((until.format(n=target), target))
    self.variant = w.Dropdown(options=variants, value=target or 0, description=_("game"),
                              style=_WIDE, layout=w.Layout(width="20em", max_width="100%"))
    self.bot_delay = w.BoundedFloatText(value=bot_delay, min=0, max=5, step=0.1,
                                        description=_("bot delay (s)"), style=_WIDE,
                                        layout=w.Layout(width="11em"))
    bot_names = list(self._bot_classes)
    self.bots = [w.Dropdown(options=[(bot_label(n), n) for n in bot_names], value=chosen.get(i, default)
                            if chosen.get(i, default) in self._bot_classes else default,
                            layout=w.Layout(width="12em")) for i in range(MAX_PLAYERS)]
    self._seat_rows = [w.HBox([w.Label(_("seat {seat}").format(seat=i), layout=w.Layout(width="4em")),
                               self.names[i], self.bots[i]], layout=wrap())
                       for i in range(MAX_PLAYERS)]
    self.new_game = w.Button(description=_("new game"), style=_button("#1565c0"),
                             tooltip=_("deal a new game with the setup (the same seed deals the same cards)"))
    setup = w.VBox([
        w.HBox([self.players, self.me, self.variant], layout=wrap()),
        w.HBox([self.seed, self.reseed, self.bot_delay], layout=wrap()),
        w.HTML("<small>" + _("Names and bots change at once; the rest with <b>new game</b>. "
                             "Your seat's bot is you.") + "</small>"),
        *self._seat_rows,
    ])
    self.setup = Disclosure(_("Setup: players, names, bots, seed"), setup, layout=w.Layout(max_width="100%"))

def build_table(self: Any) -> None:
    self.status = w.HTML()
    self.result = w.HTML()
    self.board = w.HTML(layout=w.Layout(max_width="100%"))
    colours = [(colour_name(c), c) for c in hs.COLOURS]
    self.exchange_colour = w.Dropdown(options=colours, description=_("colour"), style=_WIDE,
                                      layout=w.Layout(width="11em"))
    self.exchange_button = w.Button(description=_("exchange"), tooltip=_(
        "lay your card of this colour face up and draw the top card of its pile; then you must raise"))
    # The total arrives when typed in full (Enter or leaving the box), never digit by
    # digit: "21" typed fast is 21, not a redraw at 2 (continuous_update=False).
    self.raise_total = CallBox(value=0, description=_("call"), continuous_update=False,
                               style=_WIDE, layout=w.Layout(width="7em"))
    self.raise_colour = w.Dropdown(options=colours, description=_("colour"), style=_WIDE,
                                   layout=w.Layout(width="11em"))
    self.raise_button = w.Button(description=_("raise"), style=_button("#2e7d32"), tooltip=_(
        "call: this colour's total over all hands is at least this (Enter in the call box does it too)"))
    self.doubt_button = w.Button(description=_("doubt"), style=_button("#c62828"),
                                 tooltip=_("doubt the call to beat: everyone shows that colour"))
    self.undo_button = w.Button(description=_("undo"), tooltip=_(
        "practice: take back your last decision and the bots' moves after it"))
    self.moves = w.HBox([
        w.HBox([self.exchange_colour, self.exchange_button], layout=wrap()),
        w.HBox([self.raise_total, self.raise_colour, self.raise_button], layout=wrap()),
        w.HBox([self.doubt_button, self.undo_button], layout=wrap()),
    ], layout=w.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))
    self.reveal = w.HTML(layout=w.Layout(max_width="100%"))
    self.history = w.HTML(layout=w.Layout(width="32em", max_width="100%"))
    self.scores = w.HTML(layout=w.Layout(max_width="100%"))
    self.show_counting = w.ToggleButton(value=False, description=_("show the counting"),
                                        tooltip=_("each number with the counting behind it"))
    self.odds_current = w.HTMLMath(layout=w.Layout(max_width="100%"))
    self.odds_best = w.HTMLMath(layout=w.Layout(max_width="100%"))
    self.odds_colours = w.HTMLMath(layout=w.Layout(max_width="100%"))
    self.odds_box = w.VBox([
        w.HBox([w.HTML("<h3 style='margin: 4px 0;'>" + _("Your odds") + "</h3><small>"
                       + _("from what you can see: your cards, the calls and the face-up cards") + "</small>"),
                self.show_counting], layout=wrap()),
        self.odds_current, self.odds_best, self.odds_colours,
    ], layout=w.Layout(border="1px solid #ccc", padding="4px 10px", margin="6px 0",
                       max_width="100%"))

