"""The end of a game of Gauner raus!: who won, every hand and the surplus revealed, and
the game replayed move by move (with my exact chance at each of my guesses).

>>> from bluffmath.gauner import Game, SolverBot, play_game
>>> end = play_game(Game(players=2), [SolverBot(), SolverBot()], seed=3)
>>> panel = EndPanel(end, ("You", "Ann"))
>>> panel.result.value.startswith("<b>Game over.")
True
>>> panel.replay.step.max == len(end.actions), panel.replay.step.value
(True, 1)
>>> panel.replay.next.click()
>>> panel.replay.step.value
2
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from bluffmath.gauner import GRID, Ask, Solution, State, solve
from bluffmath.gauner.position import cell_words, colour_words
from bluffmath.i18n import _, percent

from .words import move_line

__all__ = ["EndPanel", "Replay", "holders_html", "result_html"]

_SHADES = ("#fff3b0", "#d8ecd0", "#f6d5e0", "#d9e1f7")
"""A pale background per seat (dark text on each stays above 10:1 contrast)."""


def result_html(state: State, names: tuple[str, ...]) -> str:
    """Who won and everyone's points."""
    winners = list(state.winners)
    if len(winners) == 1:
        won = _("You won") if winners[0] == 0 else _("{name} won").format(name=names[winners[0]])
    else:
        won = _("{names} share the win").format(names=_(" and ").join(names[s] for s in winners))
    points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(state.scores))
    out = next(s for s, cards in enumerate(state.hidden) if not cards)
    found = (_("Your last hidden card was found") if out == 0 else
             _("{name}'s last hidden card was found").format(name=names[out]))
    return _("<b>Game over. {won}.</b> {found}. Points: {points}.").format(
        won=escape(won), found=escape(found), points=escape(points))


def holders_html(state: State, names: tuple[str, ...]) -> str:
    """Every card and who held it (the surplus: "box"); ● marks a card laid face up."""
    dealt = {c: s for s, cards in enumerate(state.hidden) for c in cards}
    dealt |= {c: s for s, cards in enumerate(state.laid) for c in cards}
    laid = frozenset().union(*state.laid)
    rows, colours = [], colour_words()
    for row, colour in enumerate(GRID.colours):
        cells = []
        for cell in range(row * 6, row * 6 + 6):
            seat = dealt.get(cell)
            holder, shade = (names[seat], _SHADES[seat]) if seat is not None else ("box", "#ffffff")
            who = holder if seat is not None else _("box")
            dot = "●" if cell in laid else ""
            cells.append(f"<td class='bm-held' data-cell='{GRID.name(cell)}' data-holder='{escape(holder)}' "
                         f"style='background:{shade};border:1px solid #99a;text-align:center'>"
                         f"{escape(who)}{dot}</td>")
        rows.append(f"<tr><th>{colours[colour]}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th>{x}</th>" for x in GRID.letters)
    hands = "".join(f"<li><b>{escape(names[s])}</b>: {_cards(state.hidden[s] | state.laid[s])}</li>"
                    for s in range(state.players))
    return (f"<div class='bm-gscroll'><table class='bm-holders'><tr><th></th>{head}</tr>{''.join(rows)}"
            f"</table></div><ul>{hands}<li><b>" + _("the box (surplus)") + f"</b>: {_cards(state.surplus)}</li></ul>")


def _cards(cards: frozenset[int]) -> str:
    return ", ".join(cell_words(c) for c in sorted(cards))


class Replay(w.VBox):
    """The game's moves one at a time: a slider, back and forward buttons, and the move in words."""

    def __init__(self, end: State, names: tuple[str, ...]) -> None:
        self.names = names
        self.states = [end.game.new_game(end.seed)]
        for action in end.actions:
            self.states.append(self.states[-1].apply(action))
        self.step = w.IntSlider(value=1, min=1, max=max(1, len(end.actions)), description=_("move"),
                                continuous_update=False, style={"description_width": "3em"},
                                layout=w.Layout(width="15em"))
        self.back = w.Button(description="◀", tooltip=_("the move before"), layout=w.Layout(width="3em"))
        self.next = w.Button(description="▶", tooltip=_("the next move"), layout=w.Layout(width="3em"))
        self.text = w.HTML()
        self.back.on_click(lambda _: self._go(-1))
        self.next.on_click(lambda _: self._go(1))
        self.step.observe(lambda _: self._show(), names="value")
        row = w.HBox([self.back, self.step, self.next], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.text])
        self._show()

    def _go(self, by: int) -> None:
        self.step.value = min(self.step.max, max(self.step.min, self.step.value + by))

    def _show(self) -> None:
        k = self.step.value
        if len(self.states) == 1:
            self.text.value = "<i>" + _("No move was made.") + "</i>"
            return
        before, after = self.states[k - 1], self.states[k]
        action = after.actions[k - 1]
        hit = isinstance(action, Ask) and action.cell in after.laid[action.seat]
        line = move_line(action, before.current, hit, self.names)
        chance = ""
        if isinstance(action, Ask) and before.current == 0:
            p = _solution(before).probability(action.seat, action.cell)
            chance = _(" Your exact chance was <b>{p}</b> ({percent}).").format(p=p, percent=percent(p))
        points = ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(after.scores))
        self.text.value = _("<b>Move {k} of {n}:</b> {line}.{chance}<br>Points after it: {points}.").format(
            k=k, n=len(self.states) - 1, line=escape(line), chance=chance, points=escape(points))


def _solution(state: State) -> Solution:
    return solve(state.view(0))


class EndPanel(w.VBox):
    """The result, every hand and the surplus revealed, and the replay."""

    def __init__(self, end: State, names: tuple[str, ...]) -> None:
        self.result = w.HTML(result_html(end, names))
        self.hands = w.HTML("<b>" + _("Every hand, and the surplus, revealed") + "</b>" + holders_html(end, names))
        self.replay = Replay(end, names)
        super().__init__([self.result, self.hands, w.HTML("<b>" + _("The game again, move by move") + "</b>"),
                          self.replay])
        self.add_class("bm-end")
