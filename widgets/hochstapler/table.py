"""Play Hochstapler in Jupyter against bots, with your exact odds beside the table.

:class:`HochstaplerTable` is an :class:`ipywidgets.VBox`: show it as the last line of a
cell, in JupyterLab or on a Voila page. You sit at one seat, bots from
:mod:`bluffmath.hochstapler.bots` at the others, and the rules engine
(:class:`~bluffmath.hochstapler.Game`) referees: a move it refuses shows its message
inside the widget, and nothing else changes. The odds panel is drawn from your seat's
view only (``state.view(me).position``), so it never knows a card you could not see.

Every number on the page comes from :mod:`bluffmath.hochstapler`: this module only reads
the controls, asks the engine and the odds table, and draws the answers (the panels'
HTML is in :mod:`.panels` and :mod:`.odds_panel`). Names that a user types are escaped
before they go into any HTML, and a player is called by their name everywhere.

Driven headless, as a test or a script does (``bot_delay=0``: the bots move at once):

>>> from bluffmath_widgets.hochstapler import HochstaplerTable
>>> table = HochstaplerTable(players=3, seed=1, bots=["random", "random", "random"],
...                          bot_delay=0)
>>> table.state.to_act, table.my_seat
(0, 0)
>>> table.raise_total.value, table.raise_colour.value = 30, "red"   # too high
>>> table.raise_button.click()
>>> print(table.message.value)
<div ...>⚠ a call names a whole number from 0 to 18 (...), got 30</div>
>>> table.raise_total.value = 8
>>> table.raise_button.click()                 # then both bots move
>>> table.message.value, table.state.to_act, table.state.history[0]
('', 0, Call(seat=0, total=8, colour='red'))
>>> table.odds == hs.odds_table(table.state.view(0).position)
True
>>> table.undo_button.click()                  # practice: take the call back
>>> table.state.history
()
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.hochstapler.rules import check_players
from bluffmath.i18n import _, speaking
from bluffmath.validate import whole_number

from ..common import Panel, language, review_at_end, show_at_end
from ..rules import rules_card
from .bot_turns import BotTurns
from .cards import CARD_COLOURS, card_html, colour_name
from .controls import build_setup, build_table, wrap
from .odds_panel import advice_html, best_html, colours_html, current_html
from .panels import board_html, log_html, result_html, reveals_html, scores_html
from .saving import Saving, saving_box
from .setup import DEFAULT_NAMES, available_bots, bot_label, default_bot, per_seat

__all__ = ["CARD_COLOURS", "DEFAULT_NAMES", "HochstaplerTable", "available_bots", "card_html"]



def _event_json(event: hs.Call | hs.Exchange | hs.Doubt) -> dict[str, Any]:
    if isinstance(event, hs.Call):
        return {"event": "call", "seat": event.seat, "total": event.total, "colour": event.colour}
    if isinstance(event, hs.Exchange):
        return {"event": "exchange", "seat": event.seat, "colour": event.colour,
                "value": event.value}
    return {"event": "doubt", "seat": event.seat}


def _view_json(view: hs.SeatView) -> str:
    """What my seat knows, as JSON for the page (``data-view``): nothing hidden from me."""
    position = view.position
    return json.dumps({
        "players": position.players, "me": position.me, "deal": view.deal,
        "to_act": view.to_act, "scores": list(view.scores), "hand": dict(position.hand),
        "history": [_event_json(e) for e in position.history],
        "reveals": [{"colour": r.call.colour, "total": r.total, "taker": r.taker}
                    for r in view.reveals],
    })


class HochstaplerTable(Panel, Saving, BotTurns):
    """A whole game of Hochstapler against bots, with my exact odds; see the module docstring.

    Arguments are the setup's first values: ``players`` (3 to 7), ``me`` (my seat),
    ``names`` (one per seat; default :data:`DEFAULT_NAMES`), ``bots`` (the bot's name for
    each seat, or one name for all; mine is ignored; see :func:`available_bots`), ``seed``
    (the deal; None: a random one, shown in the seed field), ``target`` (None: one deal;
    10: the rules' multi-deal variant), ``bot_delay`` (seconds between the bots' moves; 0
    moves them at once) and ``model`` (the :class:`~bluffmath.hochstapler.OpponentModel` for reading the
    bids). The first game is dealt at once (seat 0 opens).

    Setup controls (``.value``; ``players``, ``me``, ``seed`` and ``variant`` take effect
    with the ``new_game`` Button, names and bots at once): ``players`` and ``me``
    (Dropdowns; ``me`` lists the players' names), ``names`` and ``bots`` (lists of 7 Texts
    and Dropdowns, one per seat), ``seed`` (IntText; the ``reseed`` Button draws a new one),
    ``variant`` (Dropdown: 0 for one deal, or the target) and ``bot_delay`` (BoundedFloatText).

    Moves: ``exchange_colour`` + ``exchange_button``, ``raise_total`` (a :class:`CallBox`:
    Enter in it makes the call) + ``raise_colour`` + ``raise_button``, ``doubt_button``; a
    button is enabled only while that kind of move is legal for me, and :meth:`act` does the
    same from code. ``undo_button`` (and :meth:`undo`) takes back my last decision and the
    bots' moves after it. The call box keeps what I typed while the call to beat stays (an
    exchange); a new call to beat offers the lowest call that beats it.

    Outputs (HTML, ``.value``): ``status`` (whose turn it is; its ``data-view`` attribute is
    my view as JSON, and it is drawn last, so a page that reads it sees the rest drawn),
    ``board`` (my hand as cards, the face-up cards beside each colour, the piles, the colours
    taken), ``history`` (this deal), ``scores``, ``reveal`` (every doubt of the game, newest
    first: the call, the doubter, every card shown, the total, who took the colour),
    ``result`` (the end: scores and winners), ``odds_current``, ``odds_best`` and
    ``odds_colours`` (HTMLMath: the chance the call to beat is true and the advice, the best
    calls (when opening: each colour's highest call that holds at least half the time) and
    each colour's distribution, by card counting and reading the bids; with
    ``show_counting`` on, each number has its explanation) and ``message`` (what went
    wrong). Save and load: ``save_button`` fills ``save_text`` (Textarea) and ``download``
    with :func:`~bluffmath.hochstapler.save_game`; ``load_button`` loads ``save_text``,
    ``upload`` (FileUpload) a file. ``rules`` is the closed card with the rules.

    ``state`` is the game's :class:`~bluffmath.hochstapler.State`, ``my_seat`` the seat I
    play in it, ``odds`` the :class:`~bluffmath.hochstapler.OddsTable` shown (None at the
    end).
    """

    def __init__(self, players: int = 4, me: int = 0, names: Sequence[str] | None = None,
                 bots: Sequence[str] | Mapping[int, str] | None = None, seed: int | None = None,
                 target: int | None = None, bot_delay: float = 0.6,
                 model: hs.OpponentModel | None = None) -> None:
        players = check_players(players)
        whole_number("me", me, 0, players - 1)
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, int | float) or not (
                0 <= bot_delay <= 5):
            raise InvalidInputError(f"bot_delay must be a number of seconds from 0 to 5, "
                                    f"got {bot_delay!r}")
        self._bot_classes = available_bots()
        bot_names = list(self._bot_classes)
        if not bot_names:
            raise InvalidInputError("bluffmath.hochstapler.bots offers no bot to play against")
        default = default_bot(bot_names)
        chosen = per_seat(bots, default)
        for seat, name in chosen.items():
            if name not in self._bot_classes and seat != me:
                raise InvalidInputError(f"no bot is called {name!r}; the bots are "
                                        f"{', '.join(bot_names)}")
        names = DEFAULT_NAMES if names is None else names
        seed = random.randrange(1_000_000) if seed is None else seed
        self._model = hs.OpponentModel() if model is None else model
        with speaking(language()):
            self._build(players, me, names, seed, target, bot_delay, chosen, default)

    def _build(self, players: int, me: int, names: Sequence[str], seed: int, target: int | None,
               bot_delay: float, chosen: dict[int, str], default: str) -> None:
        """The controls and the first game, in the language the table speaks."""
        build_setup(self, players, me, names, seed, target, bot_delay, chosen, default)
        build_table(self)
        self.rules = rules_card("hochstapler")
        self.end_review = review_at_end()
        super().__init__(
            controls=[self.rules,
                      w.HBox([self.status, self.new_game], layout=w.Layout(
                          justify_content="space-between", align_items="center",
                          flex_flow="row wrap")),
                      self.setup, self.result, self.end_review, self.board, self.moves],
            outputs=[self.reveal,
                     w.HBox([self.history, self.scores], layout=wrap()),
                     self.odds_box, saving_box(self)],
        )
        self.odds: hs.OddsTable | None = None
        self._bots: dict[int, Any] = {}
        self._generation = 0
        self._task: asyncio.Task[None] | None = None
        self._thinking: int | None = None
        self._bot_why: str | None = None  # the last bot's move, why, in its own numbers
        self._drawn: hs.State | None = None
        self._offered: tuple[int, hs.Call | None] | None = None
        self._undo: list[hs.State] = []
        for widget, name in ((self.raise_total, "bm-call-total"), (self.seed, "bm-seed"),
                             (self.bot_delay, "bm-bot-delay"), (self.save_text, "bm-save-text")):
            widget.add_class(name)  # for the browser tests and for styling
        self._seats(None)
        self._wire()
        self._state = self._deal()
        self._me = me
        self._start(self._state, me)

    def _wire(self) -> None:
        self.players.observe(self._seats, names="value")
        self.me.observe(self._seats, names="value")
        for field in self.names:
            field.observe(self._seats, names="value")
        self._watch([*self.names, self.show_counting])
        self.raise_total.observe(self._on_total, names="value")
        self.raise_total.on_enter(lambda: self._move(self._my_raise))
        self.upload.observe(self._on_upload, names="value")
        self.new_game.on_click(self._on_new_game)
        self.reseed.on_click(self._on_reseed)
        self.exchange_button.on_click(
            lambda _: self._move(lambda s: s.exchange(self.exchange_colour.value)))
        self.raise_button.on_click(lambda _: self._move(self._my_raise))
        self.doubt_button.on_click(lambda _: self._move(lambda s: s.doubt()))
        self.undo_button.on_click(lambda _: self._report(self.undo))
        self.save_button.on_click(self._on_save)
        self.load_button.on_click(lambda _: self._report(lambda: self.load(self.save_text.value)))
        self.review_button.on_click(lambda _: self._report(self._review))
        self.end_review.on_click(lambda _: self._report(self._review))

    # --- the game ------------------------------------------------------------------------
    @property
    def state(self) -> hs.State:
        """The game as it stands (a new :class:`~bluffmath.hochstapler.State` each move)."""
        return self._state

    @property
    def my_seat(self) -> int:
        """The seat I play in the game shown (``me`` may have changed for the next game)."""
        return self._me

    def _review(self) -> None:
        """Show the review of my seat's decisions so far below the table (the last one only)."""
        from ..review import ReviewWidget
        self.children = (*[c for c in self.children if not isinstance(c, ReviewWidget)],
                         ReviewWidget(self._state, self._me))

    def act(self, action: hs.Action) -> None:
        """Play my ``action`` (Raise, ExchangeCard or DoubtCall) as its button does: a move
        the engine refuses is shown in :attr:`message` and changes nothing."""
        self._move(lambda s: s.apply(action))

    def undo(self) -> None:
        """Take back my last decision and the bots' moves after it (a practice game: the
        states are kept, the engine's are immutable). IllegalActionError with nothing to undo."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: you have not moved in this game yet")
        self._generation += 1  # a bot still moving in the taken-back line stops
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._thinking = self._bot_why = None
        self._state = self._undo.pop()
        self._say(None)
        self._after_move()

    def _deal(self) -> hs.State:
        names = [self._plain_name(seat).casefold() for seat in range(self.players.value)]
        twice = next((self._plain_name(s) for s, n in enumerate(names) if names.count(n) > 1), None)
        if twice is not None:
            raise InvalidInputError(_("two players are called “{name}”: give each player a different name").format(
                name=twice))
        target = self.variant.value or None
        return hs.Game(players=self.players.value, target=target).new_game(seed=self.seed.value)

    def _start(self, state: hs.State, me: int) -> None:
        """Show ``state`` with me at seat ``me``; any bot still moving in the last game stops."""
        self._generation += 1
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._thinking = self._bot_why = None
        self._state, self._me = state, me
        self._bots = {}
        self._undo = []
        self.download.value = ""
        self._say(None)
        self._after_move()

    def _on_total(self, change: dict[str, object]) -> None:
        """The total typed changed: the odds rows follow it. Nothing is played (that is the
        raise button's job, or Enter's) and a message shown stays: typing is not a move."""
        if not self._paused:
            with self._reporting():
                self._render()

    def _report(self, work: Callable[[], None]) -> None:
        with self._reporting():
            work()

    def _my_raise(self, state: hs.State) -> hs.State:
        return state.raise_(self.raise_total.value, self.raise_colour.value)

    def _move(self, move: Callable[[hs.State], hs.State]) -> None:
        """My move, then the bots' until it is my turn again (or the game is over)."""
        with self._reporting():
            state = self._state
            if not state.is_terminal and (state.to_act != self._me or self._thinking is not None):
                raise IllegalActionError(_("it is not your turn: {name} is to act").format(
                    name=self._plain_name(state.to_act)))
            self._state = move(state)  # the engine refuses an illegal move, with its reason
            self._undo.append(state)
            self._bot_why = None
            self._say(None)
            self._after_move()

    # --- setup -------------------------------------------------------------------------
    def _seats(self, change: object) -> None:
        players = self.players.value
        me = min(self.me.value, players - 1)
        options = [(self._plain_name(i), i) for i in range(players)]
        if list(self.me.options) != options:
            self.me.options = options
            self.me.value = me
        for seat, row in enumerate(self._seat_rows):
            row.layout.display = None if seat < players else "none"
            self.bots[seat].disabled = seat == self.me.value

    def _on_new_game(self, button: w.Button) -> None:
        self._report(lambda: self._start(self._deal(), self.me.value))

    def _on_reseed(self, button: w.Button) -> None:
        self.seed.value = random.randrange(1_000_000)

    # --- drawing -------------------------------------------------------------------------
    def _plain_name(self, seat: int) -> str:
        """The seat's name as typed, or its default name when the field is left empty."""
        return self.names[seat].value.strip() or DEFAULT_NAMES[seat]

    def _name(self, seat: int) -> str:
        """The seat's name as HTML: escaped, marked when it is mine."""
        name = escape(self._plain_name(seat))
        return _("{name} (you)").format(name=f"<b>{name}</b>") if seat == self._me else f"<b>{name}</b>"

    def _kind(self, seat: int) -> str:
        return _("you") if seat == self._me else _("{bot} bot").format(bot=escape(bot_label(self.bots[seat].value)))

    def _offer(self, view: hs.SeatView) -> None:
        """A new call to beat offers the lowest call that beats it; an exchange keeps the box."""
        offered = (len(view.reveals), view.position.call)
        totals = view.position.legal_totals()
        if offered != self._offered or self.raise_total.value not in totals:
            self._paused = True  # no redraw for this change: the redraw is under way
            try:
                self.raise_total.value = totals.start
            finally:
                self._paused = False
        self._offered = offered

    def _render(self) -> None:
        state, me = self._state, self._me
        view = state.view(me)
        if state is not self._drawn:
            self._drawn = state
            self._offer(view)
        odds = None if state.is_terminal else hs.odds_table(view.position, self._model)
        current, best, colours = self._odds_html(odds, state.exchanged)
        status = self._status_html(state, view)
        self.odds = odds
        self.board.value = board_html(view, self._name)
        self.history.value = log_html(view, self._name)
        self.scores.value = scores_html(state, view, self._name, self._kind)
        self.reveal.value = reveals_html(view, self._name)
        self.result.value = result_html(state, me, self._name) if state.is_terminal else ""
        show_at_end(self.end_review, state.is_terminal)
        self.odds_current.value, self.odds_best.value, self.odds_colours.value = (
            current, best, colours)
        self._enable(state)
        self.status.value = status  # last: "Your turn" on the page means all is drawn

    def _clear(self) -> None:
        self.odds = None
        self.odds_current.value = self.odds_best.value = self.odds_colours.value = ""
        self._enable(None)

    def _enable(self, state: hs.State | None) -> None:
        """Enable the moves that are legal for me now; the move fields follow the state."""
        mine = (state is not None and not state.is_terminal and state.to_act == self._me
                and self._thinking is None)
        legal = state.legal_actions() if mine and state is not None else []
        self.exchange_button.disabled = not any(isinstance(a, hs.ExchangeCard) for a in legal)
        self.raise_button.disabled = not any(isinstance(a, hs.Raise) for a in legal)
        self.doubt_button.disabled = not any(isinstance(a, hs.DoubtCall) for a in legal)
        self.undo_button.disabled = not self._undo or self._thinking is not None
        if state is None or state.is_terminal:
            return
        colours = state.colours
        options = tuple((colour_name(c), c) for c in colours)
        for field in (self.exchange_colour, self.raise_colour):
            if tuple(map(tuple, field.options)) != options:
                kept = field.value if field.value in colours else colours[0]
                field.options = options
                field.value = kept

    def _status_html(self, state: hs.State, view: hs.SeatView) -> str:
        deal = "" if state.game.target is None else _("Deal {deal} (game to {target} points)").format(
            deal=view.deal + 1, target=state.game.target) + " · "
        if state.is_terminal:
            turn = _("The game is over.")
        elif self._thinking is not None:
            turn = _("{name} is thinking…").format(name=self._name(self._thinking))
        elif view.to_act == self._me:
            turn = (_("<b>Your turn</b>: you exchanged, now raise.") if state.exchanged else
                    _("<b>Your turn</b>: exchange a card, raise or doubt.") if state.call is not None else
                    _("<b>Your turn</b>: open the round with a call (exchange a card first if you like)."))
        else:
            turn = _("{name} is to act.").format(name=self._name(view.to_act))
        why = "" if self._bot_why is None else (
            '<div class="bm-bot-why" style="font-size: 0.9em; color: #333;">'
            + _("Why? {reason}").format(reason=escape(self._bot_why)) + "</div>")
        return (f'<div class="bm-status" data-view="{escape(_view_json(view))}" '
                f'style="font-size: 1.1em;">{deal}{turn}{why}</div>')

    def _odds_html(self, odds: hs.OddsTable | None, exchanged: bool) -> tuple[str, str, str]:
        """The odds panel: the call to beat and the advice, the best calls, each colour."""
        if odds is None:
            return "<p>" + _("The game is over.") + "</p>", "", ""
        why = self.show_counting.value
        totals = odds.position.legal_totals()
        openings = hs.colour_openings(odds) if odds.position.call is None else None
        current = current_html(odds, self._name, why)
        if totals:
            current += advice_html(odds, self._name, exchanged, openings)
        # Each colour, for the call typed in the call box if it is legal, else the lowest.
        low = self.raise_total.value if self.raise_total.value in totals else totals.start
        if not totals:  # the call to beat is the highest there is: show that call's chances
            low = odds.position.call.total if odds.position.call else 0
        return current, best_html(odds, why, openings), colours_html(odds, low, why)
