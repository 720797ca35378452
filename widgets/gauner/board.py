"""One opponent's table as a player sees it, and my chances as a heat map over it.

Each of the 36 cells is a button that asks that opponent for the card. A cell shows, on
separate lines, the number the opponent wrote there (``✎3``), then either my exact chance
that they hold the card (the fraction and its percentage, the background darker as the
chance rises) or what is known: ``●`` laid by them, ``✗ not mine`` marked by them, ``mine``,
or the name of whoever laid it. Certain cells carry ``✓`` or ``✗`` and their reason.

The whole grid is one HTML widget, so a redraw is one message per opponent: the old
table's 36 button widgets per opponent, four property messages each, twice per click, were
what made it slow in a browser (``benchmarks/gauner_table.py``). A cell's button puts
``"seat:cell:count"`` into the table's hidden ask box (:data:`ASK_CLASS`), which the
table observes: the click reaches Python as a change of that box's value.

>>> from bluffmath.gauner import Game, solve
>>> state = Game(players=2).new_game(seed=4)
>>> grid = OpponentGrid(1, ("You", "Ann"))
>>> grid.draw(state, solve(state.view(0)), my_turn=True)
>>> written, number = state.numbers[1][0]            # Ann's first number
>>> f"✎{number}" in grid.cell_html(written)
True
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as w

from bluffmath.gauner import GRID, Forced, Solution, State
from bluffmath.gauner.position import cell_words, colour_words
from bluffmath.i18n import _, n_, percent

__all__ = ["ASK_CLASS", "CSS", "OpponentGrid", "cell_lines", "heat_level"]

ASK_CLASS = "bm-ask"
"""The class of the table's hidden text box that a cell's click writes into."""

_HEAT = ["#ffffff", "#f0f6ff", "#e1ecff", "#d2e3ff", "#c3d9ff", "#b4d0ff",
         "#a5c6ff", "#96bdff", "#87b3ff", "#78aaff", "#6aa1ff"]
"""White to mid blue: black text stays above 7:1 contrast on every level (WCAG AAA)."""

CSS = "<style>" + "".join(f".bm-heat-{i}{{background:{c} !important}}" for i, c in enumerate(_HEAT)) + """
.bm-grid{display:grid;grid-template-columns:auto repeat(6,minmax(3.4em,max-content));gap:2px;
 width:max-content;max-width:100%;font-size:12px}
.bm-grid>b{align-self:center;text-align:center}
.bm-gcell{white-space:nowrap;font:12px/1.2 sans-serif;padding:2px 1px;color:#111111;min-height:4em;
 border:1px solid #889;border-radius:2px;cursor:pointer;text-align:center}
.bm-frac{display:inline-flex;flex-direction:column;vertical-align:middle;line-height:1.1}
.bm-frac>span+span{border-top:1px solid currentColor}
.bm-gcell:disabled{cursor:default;color:#111111}
.bm-known{background:#e4e4e4 !important;color:#222222}
.bm-certain{border:2px solid #111}
.bm-gscroll{overflow-x:auto;max-width:100%}
.bm-gauner-table .widget-html-content{white-space:normal}
.bm-gauner-table table td,.bm-gauner-table table th{padding:1px 3px}
</style>"""
"""The classes the cells use (one <style> for the whole table, sent once)."""


def heat_level(p: Fraction) -> int:
    """The heat-map level, 0 to 10, of a chance ``p`` (rounded to the nearest tenth).

    >>> heat_level(Fraction(0)), heat_level(Fraction(5, 9)), heat_level(Fraction(1))
    (0, 6, 10)
    """
    return int(p * 10 + Fraction(1, 2))


def cell_lines(number: int | None, p: Fraction | None, known: str, mark: str) -> str:
    """A cell's text: the number written there, then the chance (fraction, percentage) or what is known.

    >>> print(cell_lines(3, Fraction(5, 9), "", "✓"))
    ✎3
    ✓5/9
    55.6 %
    >>> cell_lines(None, None, "● laid", "")
    '\\n● laid'
    """
    top = f"✎{number}" if number is not None else ""
    rest = known if p is None else f"{mark}{p}\n{percent(p)}"
    return f"{top}\n{rest}"


def _cell_html(number: int | None, p: Fraction | None, known: str, mark: str) -> str:
    """A cell's text as :func:`cell_lines` says it, its chance's fraction stacked (the
    numerator over the denominator), so that six columns fit a phone's width.

    >>> _cell_html(3, Fraction(5, 9), "", "✓")
    "✎3<br>✓<span class='bm-frac'><span>5</span><span>9</span></span><br>55.6 %"
    >>> _cell_html(None, Fraction(1), "", "✓")
    '<br>✓1<br>100.0 %'
    """
    if p is None or p.denominator == 1:
        return escape(cell_lines(number, p, known, mark)).replace("\n", "<br>")
    top = f"✎{number}" if number is not None else ""
    stacked = f"<span class='bm-frac'><span>{p.numerator}</span><span>{p.denominator}</span></span>"
    return f"{top}<br>{escape(mark)}{stacked}<br>{percent(p)}"


_CLICK = ("var t=this.closest('.bm-gauner-table').querySelector('.%s input');"
          "t.value=this.dataset.ask+':'+Date.now();t.dispatchEvent(new Event('input',{bubbles:true}))") % ASK_CLASS


class OpponentGrid(w.HTML):
    """An opponent's table: their name, then 36 cells, each a button that asks them for the card."""

    def __init__(self, seat: int, names: tuple[str, ...]) -> None:
        self.seat, self.names = seat, names
        self.cells: list[str] = []
        self.tips: list[str] = []
        super().__init__(layout=w.Layout(margin="0 1.2em 0.8em 0", max_width="100%"))
        self.add_class(f"bm-opponent-{seat}")

    def cell_html(self, cell: int) -> str:
        """The button of one cell as drawn last."""
        return self.cells[cell]

    def tip(self, cell: int) -> str:
        """The tooltip of one cell as drawn last: who, which cell, my exact chance or what is known."""
        return self.tips[cell]

    def draw(self, state: State, solution: Solution, my_turn: bool) -> None:
        """Show ``state``'s public record of this seat and my chances from ``solution``."""
        seat = self.seat
        numbers = dict(state.numbers[seat])
        table = solution.table(seat)
        forced = {f.cell: f for f in solution.forced_named(self.names) if f.holder == seat}
        drawn = [self._cell(state, cell, numbers.get(cell),
                            None if cell in state.marks[seat] else table.get(GRID.name(cell)),  # marked: not guessed
                            forced.get(GRID.name(cell)), my_turn) for cell in GRID.cells]
        self.cells, self.tips = [html for html, _tip in drawn], [tip for _html, tip in drawn]
        grid = ["<span></span>", *(f"<b>{x}</b>" for x in GRID.letters)]
        colours = colour_words()
        for row, colour in enumerate(GRID.colours):
            grid += [f"<b>{colours[colour]}</b>", *self.cells[row * 6:(row + 1) * 6]]
        points = state.scores[seat]
        title = "<b>{table}</b> · {cards} · {points}".format(
            table=_("{name}'s table").format(name=self.names[seat]),
            cards=_("{laid} laid, {hidden} hidden").format(laid=len(state.laid[seat]), hidden=len(state.hidden[seat])),
            points=n_("{points} points", "{points} points", points).format(points=points))
        self.value = f"{title}<div class='bm-gscroll'><div class='bm-grid'>{''.join(grid)}</div></div>"

    def _cell(self, state: State, cell: int, number: int | None, p: Fraction | None,
              forced: Forced | None, my_turn: bool) -> tuple[str, str]:
        name, who = GRID.name(cell), self.names[self.seat]
        known = "" if p is not None else self._known(state, cell)
        mark = ("✓" if forced.held else "✗") if forced is not None else ""
        wrote = _("; {who} wrote {number} here").format(who=who, number=number) if number is not None else ""
        if p is None:
            tip = f"{who}, {cell_words(cell)}: {' '.join(known.lstrip('●✗ ').split())}{wrote}"
        else:
            reason = _("; certain: {reason}").format(reason=forced.reason) if forced else ""
            tip = f"{who}, {cell_words(cell)}: {p} ({percent(p)}){wrote}{reason}"
        classes = " ".join(["bm-gcell", "bm-known" if p is None else f"bm-heat-{heat_level(p)}",
                            *(["bm-certain"] if forced else [])])
        data = f"data-cell='{name}'" + (f" data-p='{p}'" if p is not None else "")
        act = (f" data-ask='{self.seat}:{name}' onclick=\"{_CLICK}\"" if p is not None and my_turn
               and not state.is_terminal else " disabled")
        text = _cell_html(number, p, known, mark)
        return f"<button class='{classes}' {data} title='{escape(tip, quote=True)}'{act}>{text}</button>", tip

    def _known(self, state: State, cell: int) -> str:
        """What a known cell is: laid by this seat, marked not mine by it, mine, or laid by another."""
        if cell in state.laid[self.seat]:
            return _("● laid")
        if cell in state.marks[self.seat]:
            return _("✗ not\nmine")
        if cell in state.hidden[0] or cell in state.laid[0]:
            return _("mine")
        holder = next((s for s, cards in enumerate(state.laid) if cell in cards), None)
        return _("{name}'s").format(name=self.names[holder]) if holder is not None else _("known")
