"""Play Gauner raus! in Jupyter against bots, with the exact chance of every card.

:class:`GaunerTable` seats you at seat 0 and bots at the other seats; the rules engine
(:class:`bluffmath.gauner.Game`) referees. Your own table shows your numbers, your cards,
the cells you have marked "not mine" (✗) and your cards laid face up (●). For every
opponent a 6 x 6 grid of buttons shows the chance of each card from your seat's view
only: first each opponent's own table alone (labelled "quick"), then the exact answer
from all tables together, computed in the background. Click a cell to ask that opponent
for it; after a hit, ask again or stop. The bots then play their turns, each line in the
log. Certain cells are marked ✓ or ✗; hover over a cell for its exact fraction and reason.

Driven headless (``background=False``: the exact answer is there before the call returns):

>>> from bluffmath.gauner import solve
>>> table = GaunerTable(players=2, seed=4, background=False)
>>> table.kind, table.state.current
('exact', 0)
>>> best = table.solution.best_guesses(1)[0]
>>> table.cell_button(best.seat, best.cell).click()     # ask seat 1 for it
>>> table.events.value.count("asks")  >= 1, table.message.value
(True, '')
>>> table.solution == solve(table.state.view(0)) or table.state.is_terminal
True
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bluffmath.display import decimal
from bluffmath.errors import IllegalActionError, SaveFileError
from bluffmath.gauner import GRID, Game, Solution, SolverBot, State, solve_steps
from bluffmath.gauner.game import Ask
from bluffmath.gauner.report import grid_html
from bluffmath.gauner.saves import load_game, save_game
from bluffmath.limits import MAX_SEED
from bluffmath.validate import int_text

from ..common import Panel, _bug

__all__ = ["GaunerTable"]

ME = 0


class GaunerTable(Panel):
    """A game against bots (by default solver-guided ones) with live exact chances."""

    def __init__(self, players: int = 2, seed: int = 0, brave: bool = False,
                 bots: Sequence[object] | None = None, background: bool = True) -> None:
        self.game = Game(players, brave)
        self.bots = list(bots) if bots is not None else [SolverBot(f"solver {s}") for s in range(1, players)]
        self.background = background
        self.game.new_game(seed)  # the seed checked before anything is drawn
        # Text, not an IntText: a browser's numbers stop at 2**53, and a seed goes to 2**64 - 1.
        self.seed = w.Text(value=str(seed), description="seed", placeholder=f"0 to {MAX_SEED}",
                           layout=w.Layout(width="22em"))
        self.new_game = w.Button(description="New game", icon="refresh")
        self.stop_button = w.Button(description="Stop", tooltip="end my turn after a hit", disabled=True)
        self.status = w.HTML()
        self.own = w.HTML()
        self.heading = w.HTML()
        self.boards = w.HBox()
        self._boards(players)
        self.surplus = w.HTML()
        self.events = w.HTML()
        self.solution: Solution | None = None
        self.kind = ""
        self._lines: list[str] = []
        self._run = 0
        self._thread: threading.Thread | None = None
        self.save_text = w.Textarea(placeholder="press save, or paste a saved game and press load",
                                    layout=w.Layout(width="60em", height="6em"))
        self.save_text.add_class("bm-save-text")
        self.save_button = w.Button(description="save", tooltip="the game as JSON (it holds every card: no peeking)")
        self.load_button = w.Button(description="load", tooltip="load the game in the box")
        self.review_button = w.Button(description="review this game", tooltip="the exact cost of each of my decisions")
        saving = w.Accordion(children=[w.VBox([w.HBox([self.save_button, self.load_button, self.review_button]),
                                               self.save_text])],
                             titles=("Save or load the game",), selected_index=None)
        super().__init__([w.HBox([self.seed, self.new_game, self.stop_button])],
                         [self.status, self.own, self.heading, self.boards, self.surplus, self.events, saving])
        self.new_game.on_click(lambda _: self._report(self._start))
        self.stop_button.on_click(lambda _: self._report(self._stop))
        self.save_button.on_click(lambda _: self._report(self._save))
        self.load_button.on_click(lambda _: self._report(lambda: self.load(self.save_text.value)))
        self.review_button.on_click(lambda _: self._report(self._review))
        self._start()

    # --- what a script or a test uses ---------------------------------------------------
    def cell_button(self, seat: int, cell: str) -> w.Button:
        """The button of ``cell`` in opponent ``seat``'s grid."""
        return self.buttons[seat][GRID.index(cell)]

    def save(self) -> str:
        """The game as JSON text (:func:`~bluffmath.gauner.saves.save_game`)."""
        return save_game(self.state)

    def load(self, text: str) -> None:
        """Go on with the game saved in ``text`` (any player count or variant); I stay at
        seat 0 and solver-guided bots take the other seats if the player count changes.
        :class:`~bluffmath.errors.SaveFileError` if the text is not a sound saved game."""
        try:
            state = load_game(text)
        except SaveFileError as error:
            raise SaveFileError(f"This saved game cannot be loaded. {_sentence(str(error))}") from None
        if state.players != self.game.players:
            self.bots = [SolverBot(f"solver {s}") for s in range(1, state.players)]
            self._boards(state.players)
        self.game, self.state = state.game, state
        self.seed.value = str(state.seed)
        variant = ", brave investigators" if state.game.brave else ""
        self._lines = [f"Loaded a saved game: {state.players} players{variant}, seed {state.seed}, "
                       f"{len(state.actions)} actions so far; you are seat {ME}."]
        self._bots_play()
        self.refresh()

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the exact answer for the current position is shown."""
        if self._thread is not None:
            self._thread.join(timeout)

    # --- moves -------------------------------------------------------------------------
    def _report(self, work) -> None:
        with self._reporting():
            work()
            self._say(None)

    def _save(self) -> None:
        self.save_text.value = self.save()
        self._lines.append("Saved: the game is in the box below as JSON.")
        self.events.value = "<br>".join(escape(line) for line in self._lines[-14:])

    def _review(self) -> None:
        """Show the review of my seat's decisions so far below the table (the last one only)."""
        from ..review import ReviewWidget
        self.children = (*[c for c in self.children if not isinstance(c, ReviewWidget)], ReviewWidget(self.state, ME))

    def _start(self) -> None:
        seed = int_text("the seed", self.seed.value, 0, MAX_SEED)
        self.state = self.game.new_game(seed)
        self._lines = [f"New game, seed {seed}: you are seat {ME}."]
        self._bots_play()
        self.refresh()

    def _ask(self, seat: int, cell: int) -> None:
        if self.state.is_terminal:
            raise IllegalActionError("the game is over: start a new one")
        if self.state.current != ME:
            raise IllegalActionError(f"it is seat {self.state.current}'s turn")
        self._do(Ask(seat, cell))
        self._bots_play()
        self.refresh()

    def _stop(self) -> None:
        self.state.verify_stop()
        self._do(self.state.legal_actions()[-1])
        self._bots_play()
        self.refresh()

    def _do(self, action) -> None:
        before, seat = self.state, self.state.current
        self.state = before.apply(action)
        if isinstance(action, Ask):
            hit = action.cell in self.state.laid[action.seat]
            self._lines.append(f"seat {seat} asks seat {action.seat} for {GRID.name(action.cell)}: "
                               f"{'a hit' if hit else 'a miss'}")
        else:
            self._lines.append(f"seat {seat} stops")
        if self.state.current != seat and not self.state.is_terminal:
            number = self.state.numbers[self.state.current][-1] if self.state.numbers[self.state.current] else None
            if number and len(self.state.numbers[self.state.current]) > len(before.numbers[self.state.current]):
                self._lines.append(f"seat {self.state.current} rolls {GRID.name(number[0])} and writes "
                                   f"{number[1]}")

    def _bots_play(self) -> None:
        while not self.state.is_terminal and self.state.current != ME:
            self._do(self.bots[self.state.current - 1].act(self.state))

    # --- drawing -----------------------------------------------------------------------
    def _boards(self, players: int) -> None:
        """A grid of buttons for every opponent."""
        self.buttons = {seat: self._buttons(seat) for seat in range(1, players)}
        self.grids = {seat: _labelled(buttons) for seat, buttons in self.buttons.items()}
        self.boards.children = [w.VBox([w.HTML(f"<b>seat {s}</b>"), g]) for s, g in self.grids.items()]

    def _buttons(self, seat: int) -> list[w.Button]:
        buttons = []
        for cell in GRID.cells:
            b = w.Button(layout=w.Layout(width="3.6em", height="2.2em", padding="0"))
            b.add_class("bluffmath-cell")
            b.on_click(lambda _, s=seat, c=cell: self._report(lambda: self._ask(s, c)))
            buttons.append(b)
        return buttons

    def _render(self) -> None:
        state = self.state
        self.stop_button.disabled = not (state.current == ME and state.can_stop())
        self.status.value = self._status_html(state)
        self.own.value = self._own_html(state)
        self.events.value = "<br>".join(escape(line) for line in self._lines[-14:])
        self._run += 1
        steps = solve_steps(state.view(ME))
        for seat in range(1, state.players):
            self._draw(next(steps), seat, "quick")
        if self.background:
            self._thread = threading.Thread(target=self._finish, args=(steps, self._run), daemon=True)
            self._thread.start()
        else:
            self._show(next(steps))

    def _finish(self, steps, run: int) -> None:
        try:
            solution = next(steps)
        except Exception as error:  # shown where the user looks, never lost in a thread
            if run == self._run:
                self._say(str(error) if isinstance(error, ValueError) else _bug(error))
            return
        if run == self._run:
            self._show(solution)

    def _show(self, solution: Solution) -> None:
        self.solution = solution
        for seat in range(1, self.state.players):
            self._draw(solution, seat, "exact")
        self.surplus.value = (f"<i>The surplus ({GRID.surplus(self.state.players)} cards, face down "
                              f"in the box): the chance of each unknown card to lie there.</i><br>"
                              + grid_html(solution, "surplus"))

    def _draw(self, solution: Solution, seat: int, kind: str) -> None:
        self.kind = kind
        self.heading.value = (
            "<b>Exact chances from all tables together</b> "
            f"({solution.deals} deals fit)" if kind == "exact" else
            "<b>Quick chances: each opponent's own table alone</b> (the exact answer follows)")
        table = solution.table(seat)
        forced = {f.cell: f for f in solution.forced if f.holder == seat} if kind == "exact" else {}
        for cell, button in zip(GRID.cells, self.buttons[seat], strict=True):
            name = GRID.name(cell)
            if name not in table:
                button.description, button.tooltip = self._known(cell), f"{name}: {self._known(cell)}"
                button.style.button_color = "#e8e8e8"
                button.disabled = True
                continue
            p = table[name]
            mark = "✓" if name in forced and forced[name].held else "✗" if name in forced else ""
            button.description = f"{mark}{decimal(p * 100, 0)}"
            reason = f"; certain: {forced[name].reason}" if name in forced else ""
            button.tooltip = f"seat {seat}, {name}: {p} ({kind}){reason}"
            button.style.button_color = f"rgba(30,100,220,{decimal(p, 2)})"
            button.disabled = self.state.is_terminal or self.state.current != ME

    def _known(self, cell: int) -> str:
        if cell in self.state.hidden[ME] or cell in self.state.laid[ME]:
            return "mine"
        return "laid"

    def _status_html(self, state: State) -> str:
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(state.scores))
        if state.is_terminal:
            won = " and ".join(f"seat {s}" for s in state.winners)
            return f"<b>Game over.</b> Points: {scores}. Won: {won}."
        turn = "Your turn: click a cell of an opponent" if state.current == ME else f"Seat {state.current}'s turn"
        extra = f" (this turn: {state.turn_points})" if state.game.brave and state.turn_points else ""
        again = "; a hit: ask again or stop" if state.current == ME and not state.must_guess else ""
        return f"<b>{turn}{again}.</b> Points: {scores}{extra}."

    def _own_html(self, state: State) -> str:
        numbers = dict(state.numbers[ME])
        rows = []
        for colour in GRID.colours:
            cells = []
            for x in GRID.letters:
                c = GRID.index(f"{colour}-{x}")
                mark = "●" if c in state.laid[ME] else "✗" if c in state.marks[ME] else ""
                mine = c in state.hidden[ME] or c in state.laid[ME]
                text = f"{numbers[c]}" if c in numbers else ""
                style = "background:#fff3b0;" if mine else ""
                cells.append(f"<td style='{style}border:1px solid #ccc;width:2.4em;text-align:center'>"
                             f"{text}{mark}</td>")
            rows.append(f"<tr><th>{colour}</th>{''.join(cells)}</tr>")
        head = "".join(f"<th>{x}</th>" for x in GRID.letters)
        return (f"<b>Your table</b> (your cards shaded)<table class='bluffmath-own'>"
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table>")

    def _clear(self) -> None:
        self.status.value = ""


def _labelled(buttons: list[w.Button]) -> w.GridBox:
    """The 36 buttons in a grid with the letters above and the colours beside."""
    children: list[w.Widget] = [w.Label(""), *(w.Label(x) for x in GRID.letters)]
    width = len(GRID.letters)
    for row, colour in enumerate(GRID.colours):
        children += [w.Label(colour), *buttons[row * width:(row + 1) * width]]
    return w.GridBox(children, layout=w.Layout(grid_template_columns="4.5em repeat(6, 3.7em)", grid_gap="2px"))


def _sentence(message: str) -> str:
    """A save's error as a player reads it: "a save: actions[4]: ..." says which move."""
    message = message.removeprefix("a save: ").removeprefix("a save ")
    match = re.match(r"actions\[(\d+)\]:? ?", message)
    if match:
        message = f"Move {int(match[1]) + 1} of the save: " + message[match.end():]
    return message[:1].upper() + message[1:]
