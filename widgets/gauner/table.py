"""Play Gauner raus! in Jupyter against bots, with every table in view and my exact chances.

:class:`GaunerTable` seats you ("You") at seat 0 and bots (Ann, Ben, Cleo) at the others;
the rules engine (:class:`bluffmath.gauner.Game`) referees. Above the game: the rules, and
the setup (2-4 players, which bot plays each seat, the brave variant, a seed, a new game).
Each opponent's table shows what they wrote (✎), the cards they laid (●) and their "not
mine" marks (✗), and over the same grid my exact chance of each of their cards, from all
tables together (fraction and percentage, darker when likelier). Click a cell to ask for
the card; after a hit, ask again or stop; the bots then play, each move in the log.
Certain cells are listed with their reason in words. At the end: who won, every hand and
the surplus revealed, and the game replayed move by move.

Headless (a click returns once the new exact answer is drawn):

>>> from bluffmath.gauner import solve
>>> table = GaunerTable(players=2, seed=4)
>>> table.state.current, table.solution == solve(table.state.view(0))
(0, True)
>>> best = table.solution.best_guesses(1)[0]
>>> table.cell_button(best.seat, best.cell).click()     # ask Ann (seat 1) for it
>>> "You ask Ann for" in table.events.value, table.message.value
(True, '')
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.gauner import GRID, Ask, Game, RandomBot, Solution, SolverBot, State, solve
from bluffmath.gauner.position import cell_words, colour_words
from bluffmath.gauner.saves import load_game, save_game
from bluffmath.i18n import N_, _, percent
from bluffmath.limits import MAX_SEED
from bluffmath.validate import int_text

from ..common import Panel, TakeBack, review_at_end, show_at_end
from ..disclosure import Disclosure
from ..rules import rules_card
from .board import ASK_CLASS, CSS, OpponentGrid
from .ending import EndPanel
from .words import move_line, seat_names, with_names

__all__ = ["BOTS", "GaunerTable"]

ME = 0
BOT_STEP = 0.6
"""Seconds between two bot moves on a page: each is seen as it happens ("skip" plays on at once)."""
NAMES = frozenset(GRID.name(c) for c in GRID.cells)
BOTS = {"solver": (N_("solver-guided"), SolverBot), "random": (N_("random"), RandomBot)}
"""The bots a seat can get: the key, the label in the menu (in English; shown in the
language in use), the class."""


class GaunerTable(Panel):
    """A game against bots with every table in view and live exact chances.

    ``bots`` gives each opponent's bot, seat 1 first: a key of :data:`BOTS` (``"solver"``,
    ``"random"``) or a bot object; by default solver-guided bots. Every answer is there when
    a click returns.
    """

    def __init__(self, players: int = 2, seed: int = 0, brave: bool = False,
                 bots: Sequence[object] | None = None, bot_delay: float = BOT_STEP) -> None:
        Game(players, brave).new_game(seed)  # the settings checked before anything is drawn
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, int | float) or not 0 <= bot_delay <= 5:
            raise InvalidInputError(f"bot_delay must be a number of seconds from 0 to 5, got {bot_delay!r:.40}")
        self.bot_delay = bot_delay
        self._generation = 0  # a new game, an undo or a skip stops the bots moving in the background
        self._task: asyncio.Task[None] | None = None  # kept: the loop holds tasks only weakly
        chosen = list(bots) if bots is not None else ["solver"] * (players - 1)
        self.players = w.Dropdown(options=[2, 3, 4], value=players, description=_("players"),
                                  layout=w.Layout(width="11em"))
        self.brave = w.Checkbox(value=brave, description=_("brave variant"), indent=False,
                                layout=w.Layout(width="auto"))
        # Text, not an IntText: a browser's numbers stop at 2**53, and a seed goes to 2**64 - 1.
        self.seed = w.Text(value=str(seed), description=_("seed"), placeholder=_("0 to {max}").format(max=MAX_SEED),
                           layout=w.Layout(width="auto", max_width="22em"))
        self.bot_menus = [self._menu(s, chosen[s - 1] if s <= len(chosen) else "solver") for s in (1, 2, 3)]
        self.new_game = w.Button(description=_("New game"), icon="refresh", button_style="primary")
        self.stop_button = w.Button(description=_("Stop"), tooltip=_("end my turn after a hit"), disabled=True)
        self.skip_button = w.Button(description=_("skip"), tooltip=_("the bots' moves at once"),
                                    layout=w.Layout(display="none"))
        # A cell's click writes "seat:cell:count" here (board.ASK_CLASS); hidden from the player.
        self.ask_box = w.Text(layout=w.Layout(display="none"))
        self.ask_box.add_class(ASK_CLASS)
        self.status = w.HTML()
        self.own = w.HTML()
        self.heading = w.HTML()
        self.boards = w.Box(layout=w.Layout(flex_flow="row wrap", max_width="100%"))
        self.certain = w.HTML()
        self.surplus = w.HTML()
        self.events = w.HTML()
        self.ending = w.VBox()
        self.solution: Solution | None = None
        self._lines: list[str] = []
        self.save_text = w.Textarea(placeholder=_("press save, or paste a saved game and press load"),
                                    layout=w.Layout(width="100%", height="6em"))
        self.save_text.add_class("bm-save-text")
        self.save_button = w.Button(description=_("save"),
                                    tooltip=_("the game as JSON (it holds every card: no peeking)"))
        self.load_button = w.Button(description=_("load"), tooltip=_("load the game in the box"))
        self.review_button = w.Button(description=_("review this game"),
                                      tooltip=_("the exact cost of each of my decisions"))
        self.end_review = review_at_end()
        self.take_back = TakeBack()
        self.undo_button = self.take_back.button
        saving = Disclosure(_("Save or load the game"),
                            w.VBox([_wrap([self.save_button, self.load_button, self.review_button]), self.save_text]))
        setup = [_wrap([self.players, self.brave, self.seed, self.new_game]), _wrap(self.bot_menus)]
        super().__init__([w.HTML(CSS), rules_card("gauner"), *setup],
                         [self.ask_box, _wrap([self.status, self.stop_button, self.undo_button, self.skip_button]),
                          self.own,
                          self.heading, self.boards, self.certain, self.surplus, self.events, self.ending,
                          self.end_review, saving],
                         layout=w.Layout(max_width="100%"))
        self.add_class("bm-gauner-table")
        for control, name in ((self.players, "players"), (self.brave, "brave"), (self.seed, "seed"),
                              (self.new_game, "new-game"), (self.stop_button, "stop"), (self.skip_button, "skip"),
                              (self.status, "gstatus")):
            control.add_class(f"bm-{name}")  # for the browser tests and for styling
        self.players.observe(lambda _: self._show_menus(), names="value")
        self.ask_box.observe(lambda change: self._report(lambda: self._clicked(change["new"])), names="value")
        self.new_game.on_click(lambda _: self._report(self._start))
        self.stop_button.on_click(lambda _: self._report(self._stop))
        self.save_button.on_click(lambda _: self._report(self._save))
        self.load_button.on_click(lambda _: self._report(lambda: self.load(self.save_text.value)))
        self.review_button.on_click(lambda _: self._report(self._review))
        self.end_review.on_click(lambda _: self._report(self._review))
        self.undo_button.on_click(lambda _: self._report(self.undo))
        self.skip_button.on_click(lambda _: self._report(self._skip))
        self._show_menus()
        self._start()

    # --- what a script or a test uses ---------------------------------------------------
    def cell_button(self, seat: int, cell: str | int) -> Cell:
        """The cell ``cell`` of opponent ``seat``'s table, to ``click()`` as on the page."""
        return Cell(self, seat, GRID.index(cell) if isinstance(cell, str) else cell)

    def save(self) -> str:
        """The game as JSON text (:func:`~bluffmath.gauner.saves.save_game`)."""
        return save_game(self.state)

    def load(self, text: str) -> None:
        """Go on with the game saved in ``text`` (any player count or variant); I stay at
        seat 0, and the bots the menus choose take the other seats.
        :class:`~bluffmath.errors.SaveFileError` if the text is not a sound saved game."""
        try:
            state = load_game(text)
        except SaveFileError as error:
            raise SaveFileError(_("This saved game cannot be loaded. {why}").format(why=_sentence(str(error)))) from None
        self.players.value, self.brave.value, self.seed.value = state.players, state.game.brave, str(state.seed)
        loaded = (_("Loaded a saved game: {players} players, brave investigators, seed {seed}, {moves} moves so "
                    "far; you are {name}.") if state.game.brave else
                  _("Loaded a saved game: {players} players, seed {seed}, {moves} moves so far; you are {name}."))
        self._begin(state, loaded.format(players=state.players, seed=state.seed, moves=len(state.actions),
                                         name=seat_names(state.players)[ME]))

    # --- moves -------------------------------------------------------------------------
    def _report(self, work) -> None:
        with self._reporting():
            work()
            self._say(None)

    def _start(self) -> None:
        seed = int_text("the seed", self.seed.value, 0, MAX_SEED)
        game = Game(self.players.value, self.brave.value)
        line = _("New game (brave variant), seed {seed}.") if game.brave else _("New game, seed {seed}.")
        self._begin(game.new_game(seed), line.format(seed=seed))

    def _begin(self, state: State, line: str) -> None:
        self.game, self.state, self.names = state.game, state, seat_names(state.players)
        self.bots = [self._bot(menu.value, seat) for seat, menu in enumerate(self.bot_menus[:state.players - 1], 1)]
        self.grids = {seat: OpponentGrid(seat, self.names) for seat in range(1, state.players)}
        self.boards.children = list(self.grids.values())
        self.ending.children = ()
        self._lines = [line]
        self.take_back.clear()
        self._halt()  # a bot still moving in the last game stops
        self._bots_play()
        self.refresh()

    def _clicked(self, text: str) -> None:
        """A cell's click as the page sends it: ``"seat:cell:count"`` (the count makes each click new)."""
        if not text:
            return
        match = re.fullmatch(r"([1-3]):([a-z]+-[A-F]):[0-9]{1,20}", text)
        if match is None or int(match[1]) not in self.grids or match[2] not in NAMES:
            raise InvalidInputError(_("a click on a cell names an opponent's table and a cell, such as "
                                      "1:red-A:7; reload the page if this keeps happening"))
        self._ask(int(match[1]), GRID.index(match[2]))

    def _ask(self, seat: int, cell: int) -> None:
        if self.state.is_terminal:
            raise IllegalActionError(_("the game is over: start a new one"))
        if self.state.current != ME:
            raise IllegalActionError(_("it is {name}'s turn").format(name=self.names[self.state.current]))
        try:
            self.state.verify_guess(seat, cell)
        except IllegalActionError as error:
            raise IllegalActionError(with_names(str(error), self.names)) from None
        self._mine(Ask(seat, cell))
        self._bots_turns()

    def _stop(self) -> None:
        self.state.verify_stop()
        self._mine(self.state.legal_actions()[-1])
        self._bots_turns()

    def _mine(self, action) -> None:
        """My move, the game before it kept for undo."""
        before = (self.state, len(self._lines))
        self._do(action)
        self.take_back.keep(*before)

    def undo(self) -> None:
        """Take back my last decision and the bots' moves after it (practice);
        IllegalActionError with nothing to undo."""
        self.state, lines = self.take_back.back()
        self._halt()  # a bot still moving in the taken-back line stops
        del self._lines[lines:]
        self._lines.append(_("Undone: your last move and the bots' moves after it are taken back."))
        self.refresh()

    def _bots_turns(self) -> None:
        """After my move: its outcome and the exact chances at once, then the bots' turns.
        On a page (a kernel's event loop runs) each bot move is drawn ``bot_delay`` after the
        last, the kernel free in between, and "skip" plays the rest at once; in a script, or
        with ``bot_delay`` 0, the bots move at once."""
        if self.state.current == ME or self.state.is_terminal:
            self.refresh()
            return
        self.refresh()  # the page shows my move's outcome while the bots think
        try:
            loop = asyncio.get_running_loop() if self.bot_delay > 0 else None
        except RuntimeError:
            loop = None
        if loop is None:
            self._bots_play()
            self.refresh()
            return
        self._generation += 1
        self.skip_button.layout.display = None
        self._task = loop.create_task(self._bots_in_time(self._generation))

    async def _bots_in_time(self, generation: int) -> None:
        """The bots move one by one, ``bot_delay`` apart, each move drawn, until my turn."""
        try:
            while generation == self._generation and self.state.current != ME and not self.state.is_terminal:
                await asyncio.sleep(self.bot_delay)
                if generation != self._generation:
                    return
                with self._reporting():  # a bot's failure is shown; the game waits
                    self._do(self.bots[self.state.current - 1].act(self.state))
                self.refresh()
        finally:
            if generation == self._generation:
                self._halt()
                self.refresh()

    def _skip(self) -> None:
        """The bots' remaining moves at once."""
        self._halt()
        self._bots_play()
        self.refresh()

    def _halt(self) -> None:
        """No bot moves on in the background (a new game, an undo, a skip)."""
        self._generation += 1
        self._task = None
        self.skip_button.layout.display = "none"

    def _do(self, action) -> None:
        before, seat = self.state, self.state.current
        self.state = before.apply(action)
        hit = isinstance(action, Ask) and action.cell in self.state.laid[action.seat]
        self._lines.append(move_line(action, seat, hit, self.names))
        now = self.state.current
        if now != seat and not self.state.is_terminal and len(self.state.numbers[now]) > len(before.numbers[now]):
            cell, number = self.state.numbers[now][-1]
            rolled = (_("{name} roll {cell} and write {number}") if now == ME else
                      _("{name} rolls {cell} and writes {number}"))
            self._lines.append(rolled.format(name=self.names[now], cell=cell_words(cell), number=number))

    def _bots_play(self) -> None:
        while not self.state.is_terminal and self.state.current != ME:
            self._do(self.bots[self.state.current - 1].act(self.state))

    def _save(self) -> None:
        self.save_text.value = self.save()
        self._lines.append(_("Saved: the game is in the box below as JSON."))
        self.events.value = self._log_html()

    def _review(self) -> None:
        """Show the review of my seat's decisions so far below the table (the last one only)."""
        from ..review import ReviewWidget
        self.children = (*[c for c in self.children if not isinstance(c, ReviewWidget)], ReviewWidget(self.state, ME))

    # --- the setup ---------------------------------------------------------------------
    def _menu(self, seat: int, choice: object) -> w.Dropdown:
        options = [(_(label), key) for key, (label, _cls) in BOTS.items()]
        if not _named(choice):
            if isinstance(choice, str):
                raise InvalidInputError(f"a bot is one of {', '.join(map(repr, BOTS))} or a bot object, "
                                        f"got {choice[:40]!r}")
            options.append((getattr(choice, "name", _("your bot")), choice))
        return w.Dropdown(options=options, value=choice, description=seat_names(4)[seat],
                          layout=w.Layout(width="auto", max_width="16em"))

    def _show_menus(self) -> None:
        for seat, menu in enumerate(self.bot_menus, 1):
            menu.layout.display = None if seat < self.players.value else "none"

    def _bot(self, choice: object, seat: int) -> object:
        if _named(choice):
            cls = BOTS[choice][1]
            return cls(self.names[seat]) if cls is SolverBot else cls(self.names[seat], seed=self.state.seed % 2**32 + seat)
        return choice

    # --- drawing -----------------------------------------------------------------------
    def _render(self) -> None:
        state = self.state
        solution = solve(state.view(ME))
        my_turn = state.current == ME and not state.is_terminal
        self.solution = solution
        self.stop_button.disabled = not (my_turn and state.can_stop())
        self.status.value = self._status_html(state)
        self.own.value = self._own_html(state)
        self.events.value = self._log_html()
        for grid in self.grids.values():
            grid.draw(state, solution, my_turn)
        self.ending.children = (EndPanel(state, self.names),) if state.is_terminal else ()
        show_at_end(self.end_review, state.is_terminal)
        self.heading.value = _("<b>Your exact chances, from all tables together</b> ({deals} deals fit everything "
                               "written and laid); ✎ a number the player wrote, ● a card they laid, ✗ their "
                               "“not mine” mark.").format(deals=solution.deals)
        self.certain.value = self._certain_html(solution)
        self.surplus.value = self._surplus_html(solution)

    def _status_html(self, state: State) -> str:
        scores = ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(state.scores))
        if state.is_terminal:
            if state.winners == (ME,):
                return _("<b>Game over: You won.</b> Points: {scores}.").format(scores=escape(scores))
            won = _(" and ").join(self.names[s] for s in state.winners)
            return _("<b>Game over: {won} won.</b> Points: {scores}.").format(won=escape(won), scores=escape(scores))
        extra = (_(" (this turn: {points})").format(points=state.turn_points)
                 if state.game.brave and state.turn_points else "")
        if state.current != ME:
            line = _("<b>{name}'s turn.</b> Points: {scores}{extra}.").format(name=self.names[state.current],
                                                                             scores=escape(scores), extra=extra)
        elif state.must_guess:
            line = _("<b>Your turn: click a card of an opponent's table.</b> Points: {scores}{extra}.")
        else:
            line = _("<b>Your turn: click a card of an opponent's table; a hit: ask again or stop.</b> "
                     "Points: {scores}{extra}.")
        return line.format(scores=escape(scores), extra=extra)

    def _own_html(self, state: State) -> str:
        numbers = dict(state.numbers[ME])
        rows, colours = [], colour_words()
        for colour in GRID.colours:
            cells = []
            for x in GRID.letters:
                c = GRID.index(f"{colour}-{x}")
                mark = "●" if c in state.laid[ME] else "✗" if c in state.marks[ME] else ""
                mine = c in state.hidden[ME] or c in state.laid[ME]
                text = f"✎{numbers[c]}" if c in numbers else ""
                style = "background:#fff3b0;" if mine else ""
                cells.append(f"<td style='{style}border:1px solid #99a;min-width:2.4em;text-align:center'>"
                             f"{text}{mark}</td>")
            rows.append(f"<tr><th>{colours[colour]}</th>{''.join(cells)}</tr>")
        head = "".join(f"<th>{x}</th>" for x in GRID.letters)
        return (_("<b>Your table</b> (your cards shaded yellow)") + "<div class='bm-gscroll'><table class='bluffmath-own'>"
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table></div>")

    def _certain_html(self, solution: Solution) -> str:
        lines = []
        for f in solution.forced_named(self.names):
            if f.kind == "mark" or f.holder == ME:
                continue
            if f.holder == "surplus":
                verdict = (_("<b>{cell}</b> is in the box (surplus): {reason}") if f.held else
                           _("<b>{cell}</b> is not in the box (surplus): {reason}"))
            else:
                verdict = _("<b>{cell}</b> is {name}'s: {reason}") if f.held else _("<b>{cell}</b> is not {name}'s: {reason}")
            name = "" if f.holder == "surplus" else self.names[f.holder]
            lines.append("<li>" + verdict.format(cell=cell_words(f.cell), name=name, reason=escape(f.reason)) + "</li>")
        if not lines:
            return ""
        return ("<b>" + _("Certain cards, and why") + "</b><div style='max-height:14em;overflow-y:auto'>"
                "<ul class='bm-reasons'>"
                + "".join(lines) + "</ul></div>")

    def _surplus_html(self, solution: Solution) -> str:
        table = solution.table("surplus")
        cells = "".join(f"<li data-cell='{c}' data-p='{p}'>{cell_words(c)}: <b>{p}</b> ({percent(p)})</li>"
                        for c, p in table.items())
        summary = _("The box: the chance of each unknown card to be among the {count} face-down surplus cards").format(
            count=GRID.surplus(self.state.players))
        return (f"<details><summary>{summary}</summary><ul class='bm-surplus' style='columns:12em'>{cells}</ul>"
                "</details>")

    def _log_html(self) -> str:
        lines = "".join(f"<li>{escape(line)}</li>" for line in self._lines)
        # column-reverse keeps the box scrolled to its end: the latest move stays in view
        return ("<b>" + _("The game so far") + "</b><div class='bm-log' style='max-height:12em;overflow-y:auto;"
                f"display:flex;flex-direction:column-reverse'><ol>{lines}</ol></div>")

    def _clear(self) -> None:
        self.status.value = ""


class Cell:
    """One cell of an opponent's table: ``click()`` does what clicking it on the page does."""

    def __init__(self, table: GaunerTable, seat: int, cell: int) -> None:
        self.table, self.seat, self.cell = table, seat, cell

    def click(self) -> None:
        self.table.ask_box.value = f"{self.seat}:{GRID.name(self.cell)}:{next(_CLICKS)}"


_CLICKS = itertools.count(1)


def _named(choice: object) -> bool:
    """Whether a bot menu's choice is one of :data:`BOTS` (else it is a bot object)."""
    return isinstance(choice, str) and choice in BOTS


def _wrap(children: Sequence[w.Widget]) -> w.Box:
    """A row that wraps on a narrow screen."""
    return w.Box(list(children), layout=w.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))


def _sentence(message: str) -> str:
    """A save's error as a player reads it: "a save: actions[4]: ..." says which move."""
    message = message.removeprefix("a save: ").removeprefix("a save ")
    match = re.match(r"actions\[(\d+)\]:? ?", message)
    if match:
        message = _("Move {number} of the save: ").format(number=int(match[1]) + 1) + message[match.end():]
    return message[:1].upper() + message[1:]
