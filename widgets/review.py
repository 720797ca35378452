"""Review a game: the timeline of one seat's decisions, each coloured by what it cost.

Every number comes from :func:`bluffmath.review.review`; this widget only lays it out.
The timeline holds one button per decision: green when the choice was among the best,
amber when it cost up to a third of the seat's costliest decision, red above that. A
click opens the position as the seat saw it, every option's exact value (the best first,
the choice marked) and the explanation; the summary names the three costliest decisions
and the total cost, with the model the values rest on.

>>> from bluffmath.hochstapler import Game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
>>> view = ReviewWidget(state, seat=1)
>>> [(b.description, b.style.button_color) for b in view.timeline.children]
[('#2 doubt', '#e57373')]
>>> view.timeline.children[0].click()
>>> view.selected, "62/91" in view.detail.value
(2, True)
>>> view.seat.value = 0
>>> view.review.seat, len(view.timeline.children)
(0, 1)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from bluffmath.display import decimal
from bluffmath.errors import InvalidInputError
from bluffmath.review import Decision, Review, load, review

from .common import Panel

__all__ = ["ReviewWidget", "colour"]

BEST, SMALL, LARGE = "#81c784", "#ffd54f", "#e57373"
_CELL = "border-top: 1px solid #ddd; padding: 2px 8px 2px 0; text-align: left"
_SHOWN = 12  # options listed in a decision's table (the choice always among them)


def colour(decision: Decision, costliest: Decision | None) -> str:
    """A decision's colour on the timeline: green at no cost, amber up to a third of the
    costliest decision's cost, red above.

    >>> from fractions import Fraction
    >>> d = Decision(1, 0, "doubt", "", {"doubt": Fraction(1, 4), "raise 1 red": Fraction(1)}, "doubt", "")
    >>> colour(d, d) == LARGE
    True
    """
    if decision.is_best or costliest is None:
        return BEST
    return SMALL if 3 * decision.cost <= costliest.cost else LARGE


class ReviewWidget(Panel):
    """The review of one seat's decisions in ``save`` (a saved game's JSON text, or a
    game's State), under ``model`` (see :func:`bluffmath.review.review`)."""

    def __init__(self, save: Any, seat: int = 0, model: Any = None) -> None:
        self._state = save if not isinstance(save, str | bytes) else load(save)
        self._model = model
        players = self._state.players
        self.seat = w.Dropdown(options=[(f"seat {s}", s) for s in range(players)], value=seat,
                               description="review", layout=w.Layout(width="12em"))
        self.timeline = w.Box(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.detail = w.HTML()
        self.summary = w.HTML()
        self.review: Review | None = None
        self.selected: int | None = None
        super().__init__([self.seat], [self.summary, self.timeline, self.detail],
                         layout=w.Layout(max_width="100%"))
        self._watch([self.seat])
        self.refresh()

    def _render(self) -> None:
        result = review(self._state, self.seat.value, self._model)
        top = next(iter(result.costliest(1)), None)
        buttons = []
        for d in result.decisions:
            button = w.Button(description=f"#{d.number} {d.choice}", tooltip=_tip(d),
                              layout=w.Layout(width="auto", margin="2px"))
            button.style.button_color = colour(d, top)
            button.on_click(lambda _, number=d.number: self.select(number))
            buttons.append(button)
        self.review, self.selected = result, None
        self.summary.value = _summary(result)
        self.timeline.children = buttons
        self.detail.value = ("<i>click a decision to see its position and every option's value</i>"
                             if result.decisions else "<i>this seat made no reviewed decision</i>")

    def _clear(self) -> None:
        self.review, self.selected = None, None
        self.summary.value = self.detail.value = ""
        self.timeline.children = []

    def select(self, number: int) -> None:
        """Open decision ``number`` (its action's number in the game)."""
        with self._reporting():
            assert self.review is not None
            decision = next((d for d in self.review.decisions if d.number == number), None)
            if decision is None:
                numbers = ", ".join(str(d.number) for d in self.review.decisions)
                raise InvalidInputError(f"no decision #{number}; this seat's are {numbers}")
            self.selected = number
            self.detail.value = _detail(decision, self.review.unit)


def _tip(d: Decision) -> str:
    return "a best choice" if d.is_best else f"cost {d.cost} (about {decimal(d.cost, 3)})"


def _summary(r: Review) -> str:
    costly = "".join(f"<li>#{d.number} <b>{escape(d.choice)}</b>: cost <span class='cost' data-p='{d.cost}'>"
                     f"{d.cost}</span> (about {decimal(d.cost, 3)}); best: {escape(', '.join(d.best[:3]))}</li>"
                     for d in r.costliest(3))
    return (f"<div class='review-summary'><b>Seat {r.seat}</b>: {len(r.decisions)} decisions, total cost "
            f"<span class='total' data-p='{r.total_cost}'><b>{r.total_cost}</b></span> "
            f"(about {decimal(r.total_cost, 3)}) in {escape(r.unit)}."
            f"{'<ol>' + costly + '</ol>' if costly else ' Every decision was among the best.'}"
            f"<details><summary>the model</summary>{escape(r.model)}</details></div>")


def _detail(d: Decision, unit: str) -> str:
    ranked = sorted(d.values.items(), key=lambda item: -item[1])
    shown = ranked[:_SHOWN] + [item for item in ranked[_SHOWN:] if item[0] == d.choice]
    rows = "".join(
        f"<tr class='option' data-option='{escape(o)}' data-p='{v}'>"
        f"<td style='{_CELL}'>{'▶ ' if o == d.choice else ''}{escape(o)}</td>"
        f"<td style='{_CELL}'><b>{v}</b></td><td style='{_CELL}'>{decimal(v, 3)}</td></tr>"
        for o, v in shown)
    more = len(ranked) - len(shown)
    return (f"<div class='review-decision' data-number='{d.number}' data-cost='{d.cost}'>"
            f"<p><b>#{d.number}</b> {escape(d.position)}</p>"
            f"<p>choice: <b>{escape(d.choice)}</b>; cost <b>{d.cost}</b> in {escape(unit)}</p>"
            f"<div style='max-width: 100%; overflow-x: auto'><table style='border-collapse: collapse'>"
            f"<tr><th style='{_CELL}'>option</th><th style='{_CELL}'>value</th><th style='{_CELL}'>about</th></tr>"
            f"{rows}</table></div>{f'<p>({more} more options, each worth no more)</p>' if more else ''}"
            f"<p>{escape(d.explanation)}</p></div>")
