"""Play Hochstapler in Jupyter against bots, with your exact odds beside the table.

:class:`HochstaplerTable` is an :class:`ipywidgets.VBox`: show it as the last line of a
cell, in JupyterLab or on a Voila page. You sit at one seat, bots from
:mod:`bluffmath.hochstapler.bots` at the others, and the rules engine
(:class:`~bluffmath.hochstapler.Game`) referees: a move it refuses shows its message
inside the widget, and nothing else changes. The odds panel is drawn from your seat's
view only (``state.view(me).position``), so it never knows a card you could not see.

Every number on the page comes from :mod:`bluffmath.hochstapler`: this module only reads
the controls, asks the engine and the odds table, and draws the answers. Names that a
user types are escaped before they go into any HTML.

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
"""

from __future__ import annotations

import asyncio
import base64
import inspect
import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.display import bar_chart_svg
from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.explain import Explanation
from bluffmath.hochstapler import bots as bots_module
from bluffmath.hochstapler.game import VARIANT_TARGET
from bluffmath.hochstapler.rules import (
    CARDS_PER_COLOUR,
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_players,
)
from bluffmath.validate import whole_number

from ..common import Panel, fraction_html

__all__ = ["CARD_COLOURS", "DEFAULT_NAMES", "HochstaplerTable", "available_bots", "card_html"]

#: The seats' names until the user types others.
DEFAULT_NAMES = ("Ada", "Bruno", "Clara", "Dieter", "Eva", "Franz", "Greta")
#: Background and text colour of each colour's cards.
CARD_COLOURS: Mapping[str, tuple[str, str]] = {
    "red": ("#c62828", "#fff"), "orange": ("#ef6c00", "#fff"), "yellow": ("#fbc02d", "#000"),
    "green": ("#2e7d32", "#fff"), "blue": ("#1565c0", "#fff"), "purple": ("#6a1b9a", "#fff"),
    "black": ("#212121", "#fff"),
}
_WIDE = {"description_width": "initial"}
_BOX = "border: 1px solid #ccc; border-radius: 6px; padding: 6px 10px; margin: 4px 0;"
_STYLE = ("<style>.bm-table td, .bm-table th { padding: 2px 8px; text-align: left; "
          "vertical-align: top; } .bm-table th { border-bottom: 1px solid #bbb; } "
          ".bm-why { white-space: normal; max-width: 36em; font-size: 0.9em; }</style>")


def available_bots() -> dict[str, type]:
    """The bots a seat can be given, by name, in the order bots.py defines them.

    Every class of :mod:`bluffmath.hochstapler.bots` whose instances, built without
    arguments, have a ``name`` and a ``choose`` method (the protocol ``Bot`` excluded).

    >>> "random" in available_bots()
    True
    """
    found: dict[str, type] = {}
    for cls in vars(bots_module).values():
        if (not inspect.isclass(cls) or cls.__module__ != bots_module.__name__
                or getattr(cls, "_is_protocol", False)
                or not callable(getattr(cls, "choose", None))):
            continue
        try:
            inspect.signature(cls).bind()
        except (TypeError, ValueError):  # needs arguments: not for a dropdown
            continue
        name = getattr(cls(), "name", None)
        if isinstance(name, str) and name:
            found[name] = cls
    return found


def _default_bot(names: Sequence[str]) -> str:
    """The bot a seat gets unless told: the first that plays better than at random."""
    return next((n for n in names if n != hs.RandomBot.name), names[0])


# --- drawing: small pieces of HTML, from what the engine and the odds table return -------

def card_html(colour: str, value: int | None, small: bool = False, kind: str = "mine") -> str:
    """A card as a little styled box: value, colour and symbol. ``value`` None: face down.

    >>> print(card_html("red", 3))
    <span class="bm-card bm-mine" data-colour="red" data-value="3" ...>3<small ...>red<br>clock</small></span>
    """
    background, text = CARD_COLOURS[colour]
    size = "width: 2.2em; height: 3em; font-size: 0.9em;" if small else \
        "width: 3.4em; height: 4.6em; font-size: 1.35em;"
    shown = "?" if value is None else str(value)
    data = "" if value is None else f' data-value="{value}"'
    style = (f"display: inline-flex; flex-direction: column; align-items: center; "
             f"justify-content: center; {size} margin: 2px; border-radius: 6px; "
             f"border: 2px solid #333; background: {background}; color: {text}; "
             f"font-weight: bold; line-height: 1.1; box-shadow: 1px 1px 3px rgba(0,0,0,.35); "
             f"vertical-align: middle;")
    label = "" if small else (f'<small style="font-size: 0.42em; font-weight: normal;">'
                              f"{colour}<br>{hs.SYMBOLS[colour]}</small>")
    return (f'<span class="bm-card bm-{kind}" data-colour="{colour}"{data} '
            f'style="{style}" title="{colour} {hs.SYMBOLS[colour]}">{shown}{label}</span>')


def _call_text(total: int, colour: str) -> str:
    return f"{total} {colour} {hs.SYMBOLS[colour]}"


def _explanation_html(explanation: Explanation) -> str:
    formula = f"<p>$$ {escape(explanation.latex)} $$</p>" if explanation.latex else ""
    return (f'<details class="bm-why"><summary style="cursor: pointer; color: #1f5f8b;">'
            f"why?</summary><p><b>{escape(explanation.title)}.</b> "
            f"{escape(explanation.text)}</p>{formula}</details>")


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
    })


class HochstaplerTable(Panel):
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
    (Dropdowns), ``names`` and ``bots`` (lists of 7 Texts and Dropdowns, one per seat),
    ``seed`` (IntText; the ``reseed`` Button draws a new one), ``variant`` (Dropdown: 0 for
    one deal, or the target) and ``bot_delay`` (BoundedFloatText).

    Moves: ``exchange_colour`` + ``exchange_button``, ``raise_total`` + ``raise_colour`` +
    ``raise_button``, ``doubt_button``; a button is enabled only while that kind of move is
    legal for me, and :meth:`act` does the same from code. Outputs (HTML, ``.value``):
    ``status`` (whose turn it is; its ``data-view`` attribute is my view as JSON, and it is
    drawn last, so a page that reads it sees the rest drawn), ``board`` (my hand as cards,
    the face-up cards beside each colour, the piles, the colours taken), ``history`` (this
    deal), ``scores``, ``reveal`` (the last doubt: every card shown, the total, who takes
    the colour), ``result`` (the end: scores and winners), ``odds_current``, ``odds_best``
    and ``odds_colours`` (HTMLMath: the chance the call to beat is true, the best calls and
    each colour's distribution, by card counting and reading the bids; with
    ``show_counting`` on, each number has its explanation) and ``message`` (what went
    wrong). Save and load: ``save_button`` fills ``save_text`` (Textarea) and ``download``
    with :func:`~bluffmath.hochstapler.save_game`; ``load_button`` loads ``save_text``,
    ``upload`` (FileUpload) a file.

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
        default = _default_bot(bot_names)
        chosen = _per_seat(bots, default)
        for seat, name in chosen.items():
            if name not in self._bot_classes and seat != me:
                raise InvalidInputError(f"no bot is called {name!r}; the bots are "
                                        f"{', '.join(bot_names)}")
        names = DEFAULT_NAMES if names is None else names
        seed = random.randrange(1_000_000) if seed is None else seed
        self._model = hs.OpponentModel() if model is None else model

        # --- setup --------------------------------------------------------------------
        self.players = w.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                                  value=players, description="players", style=_WIDE,
                                  layout=w.Layout(width="9em"))
        self.me = w.Dropdown(options=[(f"seat {i}", i) for i in range(players)], value=me,
                             description="my seat", style=_WIDE, layout=w.Layout(width="11em"))
        self.seed = w.IntText(value=seed, description="seed", style=_WIDE,
                              layout=w.Layout(width="12em"))
        self.reseed = w.Button(description="new seed", tooltip="draw a random seed (a new deal)",
                               layout=w.Layout(width="7em"))
        variants = [("one deal", 0), (f"deals until someone has {VARIANT_TARGET} points",
                                      VARIANT_TARGET)]
        if target not in (None, VARIANT_TARGET):
            variants.append((f"deals until someone has {target} points", target))
        self.variant = w.Dropdown(options=variants, value=target or 0, description="game",
                                  style=_WIDE, layout=w.Layout(width="24em"))
        self.bot_delay = w.BoundedFloatText(value=bot_delay, min=0, max=5, step=0.1,
                                            description="bot delay (s)", style=_WIDE,
                                            layout=w.Layout(width="11em"))
        self.names = [w.Text(value=names[i] if i < len(names) else DEFAULT_NAMES[i],
                             placeholder=f"seat {i}", continuous_update=False,
                             layout=w.Layout(width="12em")) for i in range(MAX_PLAYERS)]
        self.bots = [w.Dropdown(options=bot_names, value=chosen.get(i, default)
                                if chosen.get(i, default) in self._bot_classes else default,
                                layout=w.Layout(width="14em")) for i in range(MAX_PLAYERS)]
        self._seat_rows = [w.HBox([w.Label(f"seat {i}", layout=w.Layout(width="4em")),
                                   self.names[i], self.bots[i]]) for i in range(MAX_PLAYERS)]
        self.new_game = w.Button(description="new game", button_style="primary",
                                 tooltip="deal a new game with the setup (the same seed deals "
                                         "the same cards)")
        setup = w.VBox([
            w.HBox([self.players, self.me, self.variant]),
            w.HBox([self.seed, self.reseed, self.bot_delay]),
            w.HTML("<small>Names and bots change at once; the rest with <b>new game</b>. "
                   "Your seat's bot is you.</small>"),
            *self._seat_rows,
        ])
        self.setup = w.Accordion(children=[setup], titles=("Setup: players, names, bots, seed",),
                                 selected_index=None)

        # --- the table -----------------------------------------------------------------
        self.status = w.HTML()
        self.result = w.HTML()
        self.board = w.HTML()
        self.exchange_colour = w.Dropdown(options=hs.COLOURS, layout=w.Layout(width="8em"))
        self.exchange_button = w.Button(description="exchange", tooltip=(
            "lay your card of this colour face up and draw the top card of its pile; "
            "then you must raise"))
        # The total arrives when typed in full (Enter or leaving the box), never digit by
        # digit: "21" typed fast is 21, not a redraw at 2 (continuous_update=False).
        self.raise_total = w.IntText(value=0, description="call", continuous_update=False,
                                     style=_WIDE, layout=w.Layout(width="8em"))
        self.raise_colour = w.Dropdown(options=hs.COLOURS, layout=w.Layout(width="8em"))
        self.raise_button = w.Button(description="raise", button_style="success",
                                     tooltip="call: this colour's total over all hands is at "
                                             "least this")
        self.doubt_button = w.Button(description="doubt", button_style="danger",
                                     tooltip="doubt the call to beat: everyone shows that colour")
        moves = w.HBox([self.exchange_colour, self.exchange_button,
                        w.HTML("&nbsp;&nbsp;"), self.raise_total, self.raise_colour,
                        self.raise_button, w.HTML("&nbsp;&nbsp;"), self.doubt_button],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.reveal = w.HTML()
        self.history = w.HTML(layout=w.Layout(width="32em"))
        self.scores = w.HTML()

        # --- the odds ------------------------------------------------------------------
        self.show_counting = w.ToggleButton(value=False, description="show the counting",
                                            tooltip="each number with the counting behind it")
        self.odds_current = w.HTMLMath()
        self.odds_best = w.HTMLMath()
        self.odds_colours = w.HTMLMath()
        odds_box = w.VBox([
            w.HBox([w.HTML("<h3 style='margin: 4px 0;'>Your odds</h3>"
                           "<small>&nbsp;from what your seat can see: your cards, the calls "
                           "and the face-up cards</small>"), self.show_counting],
                   layout=w.Layout(align_items="center")),
            self.odds_current, self.odds_best, self.odds_colours,
        ], layout=w.Layout(border="1px solid #ccc", padding="4px 10px", margin="6px 0"))

        # --- save and load ---------------------------------------------------------------
        self.save_text = w.Textarea(placeholder="press save, or paste a saved game and "
                                                "press load", layout=w.Layout(width="60em",
                                                                              height="6em"))
        self.save_button = w.Button(description="save", tooltip="the game as JSON (it holds "
                                                                "every card: no peeking)")
        self.load_button = w.Button(description="load", tooltip="load the game in the box")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="load a file")
        self.download = w.HTML()
        self.review_button = w.Button(description="review this game",
                                      tooltip="the exact cost of each of my decisions")
        saving = w.VBox([w.HBox([self.save_button, self.load_button, self.upload,
                                 self.download, self.review_button], layout=w.Layout(
                                     align_items="center", flex_flow="row wrap")),
                         self.save_text])
        self.saving = w.Accordion(children=[saving], titles=("Save or load the game",),
                                  selected_index=None)

        super().__init__(
            controls=[w.HBox([self.status, self.new_game], layout=w.Layout(
                          justify_content="space-between", align_items="center")),
                      self.setup, self.result, self.board, moves],
            outputs=[self.reveal,
                     w.HBox([self.history, self.scores],
                            layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                     odds_box, self.saving],
        )
        self.odds: hs.OddsTable | None = None
        self._bots: dict[int, Any] = {}
        self._generation = 0
        self._task: asyncio.Task[None] | None = None
        self._thinking: int | None = None
        self._drawn: hs.State | None = None
        for widget, name in ((self.raise_total, "bm-call-total"), (self.seed, "bm-seed"),
                             (self.bot_delay, "bm-bot-delay"), (self.save_text, "bm-save-text")):
            widget.add_class(name)  # for the browser tests and for styling
        self._seats(None)

        self.players.observe(self._seats, names="value")
        self.me.observe(self._seats, names="value")
        self._watch([*self.names, self.show_counting])
        self.raise_total.observe(self._on_total, names="value")
        self.upload.observe(self._on_upload, names="value")
        self.new_game.on_click(self._on_new_game)
        self.reseed.on_click(self._on_reseed)
        self.exchange_button.on_click(
            lambda _: self._move(lambda s: s.exchange(self.exchange_colour.value)))
        self.raise_button.on_click(
            lambda _: self._move(lambda s: s.raise_(self.raise_total.value,
                                                     self.raise_colour.value)))
        self.doubt_button.on_click(lambda _: self._move(lambda s: s.doubt()))
        self.save_button.on_click(self._on_save)
        self.load_button.on_click(lambda _: self._report(lambda: self.load(self.save_text.value)))
        self.review_button.on_click(lambda _: self._report(self._review))

        self._state = self._deal()
        self._me = me
        self._start(self._state, me)

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

    def save(self) -> str:
        """The game as JSON text (:func:`~bluffmath.hochstapler.save_game`)."""
        return hs.save_game(self._state)

    def load(self, text: str) -> None:
        """Continue the game saved in ``text``: I keep my seat (seat 0 if it is gone), the
        names and the bots. SaveFileError if the text is not a sound saved game."""
        state = hs.load_game(text)
        self.players.value = state.players
        me = self.me.value if self.me.value < state.players else 0
        self.me.value = me
        self.seed.value = state.seed
        self.variant.value = _variant_value(self.variant, state.game.target)
        self._start(state, me)

    def _deal(self) -> hs.State:
        target = self.variant.value or None
        return hs.Game(players=self.players.value, target=target).new_game(seed=self.seed.value)

    def _start(self, state: hs.State, me: int) -> None:
        """Show ``state`` with me at seat ``me``; any bot still moving in the last game stops."""
        self._generation += 1
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._thinking = None
        self._state, self._me = state, me
        self._bots = {}
        self.download.value = ""
        self._say(None)
        self._after_move()

    def _on_total(self, change: dict[str, object]) -> None:
        """The total typed changed: the odds rows follow it. Nothing is played (that is the
        raise button's job) and a message shown stays: typing is not a move."""
        if not self._paused:
            with self._reporting():
                self._render()

    def _report(self, work: Callable[[], None]) -> None:
        with self._reporting():
            work()

    def _move(self, move: Callable[[hs.State], hs.State]) -> None:
        """My move, then the bots' until it is my turn again (or the game is over)."""
        with self._reporting():
            state = self._state
            if not state.is_terminal and (state.to_act != self._me or self._thinking is not None):
                raise IllegalActionError(
                    f"it is not your turn: {self._plain_name(state.to_act)} is to act")
            self._state = move(state)  # the engine refuses an illegal move, with its reason
            self._say(None)
            self._after_move()

    def _after_move(self) -> None:
        """Redraw after a move; the bots move next, until it is my turn or the game ends.

        With ``bot_delay`` 0 they move at once. Otherwise, in a kernel (JupyterLab, Voila)
        an asyncio task moves them ``bot_delay`` apart, and the page shows each move while
        the kernel stays free; without an event loop (a script) this waits between moves.
        """
        self.download.value = ""  # a saved game shown is no longer this one
        try:
            if not self._bot_to_move():
                return
            delay = self.bot_delay.value
            try:
                loop = asyncio.get_running_loop() if delay > 0 else None
            except RuntimeError:
                loop = None
            if loop is not None:
                self._thinking = self._state.to_act
                self._task = loop.create_task(self._bots_in_time(self._generation))
                return
            while self._bot_to_move():
                if delay > 0:
                    self._thinking = self._state.to_act
                    self.refresh()
                    time.sleep(delay)
                self._bot_move()
        finally:
            if self._task is None:
                self._thinking = None
            self.refresh()  # then a bot's failure, raised on, is shown

    def _bot_to_move(self) -> bool:
        return not self._state.is_terminal and self._state.to_act != self._me

    def _bot_move(self) -> None:
        state = self._state
        seat = state.to_act
        name = self.bots[seat].value
        bot = self._bots.get(seat)
        if bot is None or bot.name != name:
            bot = self._bots[seat] = self._bot_classes[name]()
        # The bot's dice depend only on the game so far: a loaded game plays on alike.
        rng = random.Random(f"bluffmath-play/{state.seed}/{state.deal}/{len(state.reveals)}/"
                            f"{len(state.history)}")
        action = bot.choose(state.view(seat), state.legal_actions(), rng)
        try:
            self._state = state.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(f"the {name} bot at seat {seat} chose a move the rules "
                                     f"refuse ({action!r}): {error}") from None

    async def _bots_in_time(self, generation: int) -> None:
        """The bots move one by one, ``bot_delay`` apart, while the kernel stays free."""
        failure: Exception | None = None
        try:
            while generation == self._generation and self._bot_to_move():
                self._thinking = self._state.to_act
                self.refresh()
                await asyncio.sleep(self.bot_delay.value)
                if generation != self._generation:
                    return
                try:
                    self._bot_move()
                except Exception as error:  # shown below; the game waits
                    failure = error
                    break
        finally:
            if generation == self._generation:
                self._thinking = None
                self._task = None
                self.refresh()
                if failure is not None:
                    with self._reporting():
                        raise failure

    # --- setup -------------------------------------------------------------------------
    def _seats(self, change: object) -> None:
        players = self.players.value
        me = min(self.me.value, players - 1)
        if len(self.me.options) != players:
            self.me.options = [(f"seat {i}", i) for i in range(players)]
            self.me.value = me
        for seat, row in enumerate(self._seat_rows):
            row.layout.display = None if seat < players else "none"
            self.bots[seat].disabled = seat == self.me.value

    def _on_new_game(self, button: w.Button) -> None:
        self._report(lambda: self._start(self._deal(), self.me.value))

    def _on_reseed(self, button: w.Button) -> None:
        self.seed.value = random.randrange(1_000_000)

    def _on_save(self, button: w.Button) -> None:
        with self._reporting():
            text = self.save()
            self.save_text.value = text
            data = base64.b64encode(text.encode()).decode()
            self.download.value = (
                f'<a download="hochstapler-{self._state.seed}.json" '
                f'href="data:application/json;base64,{data}">download the saved game</a> '
                "<small>(it holds every card: no peeking)</small>")

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        with self._reporting():
            try:
                text = bytes(files[0]["content"]).decode("utf-8")
            except UnicodeDecodeError:
                raise SaveFileError(f"{files[0].get('name', 'the file')} is not a saved "
                                    "game: not UTF-8 text") from None
            finally:
                self.upload.value = ()  # so that the same file can be loaded again
            self.load(text)

    # --- drawing -------------------------------------------------------------------------
    def _plain_name(self, seat: int) -> str:
        return self.names[seat].value.strip() or f"seat {seat}"

    def _name(self, seat: int) -> str:
        """The seat's name as HTML: escaped, marked when it is mine."""
        name = escape(self._plain_name(seat))
        return f"<b>{name}</b> (you)" if seat == self._me else f"<b>{name}</b>"

    def _render(self) -> None:
        state, me = self._state, self._me
        view = state.view(me)
        if state is not self._drawn:  # a new position: offer the lowest legal call
            self._drawn = state
            self._paused = True  # no redraw for this change: the redraw is under way
            try:
                self.raise_total.value = view.position.legal_totals().start
            finally:
                self._paused = False
        status = self._status_html(state, view)
        board = self._board_html(state, view)
        history = self._history_html(view)
        scores = self._scores_html(state, view)
        reveal = self._reveal_html(view.reveals[-1]) if view.reveals else ""
        result = self._result_html(state) if state.is_terminal else ""
        odds = None if state.is_terminal else hs.odds_table(view.position, self._model)
        current, best, colours = self._odds_html(odds)
        self.odds = odds
        self.board.value, self.history.value = board, history
        self.scores.value, self.reveal.value, self.result.value = scores, reveal, result
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
        if state is None or state.is_terminal:
            return
        colours = state.colours
        for field in (self.exchange_colour, self.raise_colour):
            if tuple(field.options) != colours:
                kept = field.value if field.value in colours else colours[0]
                field.options = colours
                field.value = kept

    def _status_html(self, state: hs.State, view: hs.SeatView) -> str:
        deal = "" if state.game.target is None else \
            f"Deal {view.deal + 1} (game to {state.game.target} points) · "
        if state.is_terminal:
            turn = "The game is over."
        elif self._thinking is not None:
            turn = f"{self._name(self._thinking)} is thinking…"
        elif view.to_act == self._me:
            turn = "<b>Your turn</b>: " + (
                "you exchanged, now raise." if state.exchanged else
                "exchange a card, raise or doubt." if state.call is not None else
                "open the round with a call (exchange a card first if you like).")
        else:
            turn = f"{self._name(view.to_act)} is to act."
        return (f'<div class="bm-status" data-view="{escape(_view_json(view))}" '
                f'style="font-size: 1.1em;">{deal}{turn}</div>')

    def _board_html(self, state: hs.State, view: hs.SeatView) -> str:
        position = view.position
        piles = []
        for colour in hs.COLOURS:
            if colour in position.hand:
                face_up = position.face_up(colour)
                left = CARDS_PER_COLOUR - position.players - len(face_up)
                shown = "".join(card_html(colour, v, small=True, kind="face-up") for v in face_up)
                piles.append(
                    f'<div class="bm-colour" data-colour="{colour}" style="text-align: center; '
                    f'min-width: 6em;">{card_html(colour, position.hand[colour])}'
                    f'<div style="font-size: 0.8em;">face up: {shown or "none"}</div>'
                    f'<div style="font-size: 0.8em; color: #555;">pile: {left} left</div></div>')
            else:
                taken = [r for r in view.reveals if r.deal == view.deal and r.call.colour == colour]
                who = f"taken by {self._name(taken[-1].taker)}" if taken else "out of play"
                piles.append(
                    f'<div class="bm-colour bm-taken" data-colour="{colour}" style="text-align: '
                    f'center; min-width: 6em; opacity: 0.45;">'
                    f"{card_html(colour, None, kind='taken')}<div style='font-size: 0.8em;'>{who}</div></div>")
        return (f'{_STYLE}<div class="bm-board" style="display: flex; flex-wrap: wrap; gap: 6px; {_BOX}">'
                f"{''.join(piles)}</div>")

    def _history_html(self, view: hs.SeatView) -> str:
        position = view.position
        reveals = iter([r for r in view.reveals if r.deal == view.deal])
        items = []
        for event in position.history:
            if isinstance(event, hs.Call):
                items.append(f"{self._name(event.seat)} calls "
                             f"<b>{_call_text(event.total, event.colour)}</b>")
            elif isinstance(event, hs.Exchange):
                items.append(f"{self._name(event.seat)} lays "
                             f"{card_html(event.colour, event.value, small=True, kind='face-up')}"
                             f" face up and draws a new {event.colour} card")
            else:
                reveal = next(reveals)
                verdict = "true" if reveal.call_was_true else "false"
                items.append(f"{self._name(event.seat)} doubts: {reveal.call.colour} shows "
                             f"{reveal.total}, the call was {verdict}; "
                             f"{self._name(reveal.taker)} takes {reveal.call.colour}")
        opener = (f"No call yet: {self._name(view.to_act)} opens the deal."
                  if not items else "")
        body = "".join(f"<li>{item}</li>" for item in items)
        return (f'<div class="bm-history" style="{_BOX}"><h4 style="margin: 2px 0;">This deal'
                f"</h4>{opener}<ol style='margin: 2px 0; padding-left: 1.6em;'>{body}</ol></div>")

    def _scores_html(self, state: hs.State, view: hs.SeatView) -> str:
        rows = []
        for seat in range(state.players):
            turn = "▶" if seat == view.to_act and not state.is_terminal else ""
            who = "you" if seat == self._me else escape(self.bots[seat].value) + " bot"
            taken = ", ".join(r.call.colour for r in view.reveals if r.taker == seat)
            rows.append(f'<tr data-seat="{seat}"><td>{turn}</td><td>{seat}</td>'
                        f"<td>{self._name(seat)}</td><td><small>{who}</small></td>"
                        f'<td class="bm-points" style="text-align: center;">{view.scores[seat]}'
                        f"</td><td><small>{escape(taken)}</small></td></tr>")
        return (f'<div class="bm-scores" style="{_BOX}"><h4 style="margin: 2px 0;">Penalty '
                f'points</h4><table class="bm-table" style="border-collapse: collapse;"><tr><th></th>'
                f"<th>seat</th><th>player</th><th></th><th>points</th><th>taken</th></tr>"
                f"{''.join(rows)}</table></div>")

    def _reveal_html(self, reveal: hs.Reveal) -> str:
        call = reveal.call
        shown = "".join(
            f'<span class="bm-shown" data-seat="{seat}" style="display: inline-block; '
            f'text-align: center; margin: 0 4px;">{card_html(call.colour, value, kind="shown")}'
            f"<br><small>{self._name(seat)}</small></span>"
            for seat, value in enumerate(reveal.cards))
        relation = "≥" if reveal.call_was_true else "<"
        verdict = ("the call was true: the doubter" if reveal.call_was_true else
                   "the call was false: the caller")
        return (f'<div class="bm-reveal" style="{_BOX} background: #fafafa;">'
                f"<b>Doubt!</b> {self._name(reveal.doubter)} doubted {self._name(call.seat)}'s "
                f"call of <b>{_call_text(call.total, call.colour)}</b>. Everyone shows "
                f"{call.colour}:<div>{shown}</div>Total <b>{reveal.total}</b> {relation} "
                f"{call.total}: {verdict}, {self._name(reveal.taker)}, takes "
                f"{call.colour} (1 penalty point).</div>")

    def _result_html(self, state: hs.State) -> str:
        winners = state.winners()
        fewest = state.scores[winners[0]]
        names = ", ".join(self._name(seat) for seat in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        mine = ("You win!" if winners == (self._me,) else
                "You share the win!" if self._me in winners else "")
        scores = ", ".join(f"{self._name(seat)} {points}"
                           for seat, points in enumerate(state.scores))
        return (f'<div class="bm-result" style="{_BOX} background: #eef7ee; font-size: 1.1em;">'
                f"<b>Game over.</b> {mine} {names} {verb} with {fewest} penalty point"
                f"{'' if fewest == 1 else 's'}.<br>Final scores: {scores}.</div>")

    def _odds_html(self, odds: hs.OddsTable | None) -> tuple[str, str, str]:
        """The odds panel: the call to beat, the best calls, each colour; all from ``odds``."""
        if odds is None:
            return "<p>The game is over.</p>", "", ""
        why = self.show_counting.value

        def number(p: Any, total: int, colour: str, reading: bool, kind: str) -> str:
            explanation = _explanation_html(odds.explain(total, colour, reading)) if why else ""
            return f'<span class="{kind}">{fraction_html(p)}</span>{explanation}'

        position = odds.position
        call = position.call
        if call is None:
            current = "<p>No call to beat: the round opens with a call of any total.</p>"
        else:
            current = (
                f"<p style='margin: 4px 0;'>The call to beat, "
                f"<b>{_call_text(call.total, call.colour)}</b> by {self._name(call.seat)}, "
                "is true with P =</p>"
                '<table class="bm-current bm-table" style="border-collapse: collapse;"><tr>'
                "<th>by card counting</th><th>reading the bids</th></tr><tr><td>"
                f"{number(odds.current, call.total, call.colour, False, 'bm-current-counting')}"
                "</td><td>"
                f"{number(odds.current_reading, call.total, call.colour, True, 'bm-current-reading')}"
                "</td></tr></table>")
        totals = position.legal_totals()
        if not totals:
            best = f"<p>No call can beat {call.total if call else ''}: doubt it.</p>"
        else:
            rows = []
            pairs = zip(odds.best_calls(3), odds.best_calls(3, reading=True), strict=True)
            for rank, ((a, p), (b, q)) in enumerate(pairs, 1):
                rows.append(
                    f'<tr data-rank="{rank}"><td>{rank}</td>'
                    f'<td class="bm-best-counting-call">{_call_text(a.total, a.colour)}</td>'
                    f"<td>{number(p, a.total, a.colour, False, 'bm-best-counting')}</td>"
                    f'<td class="bm-best-reading-call">{_call_text(b.total, b.colour)}</td>'
                    f"<td>{number(q, b.total, b.colour, True, 'bm-best-reading')}</td></tr>")
            best = ('<h4 style="margin: 4px 0;">Your best calls</h4><table class="bm-best bm-table" '
                    'style="border-collapse: collapse;"><tr><th></th><th>card counting</th>'
                    "<th>P(true)</th><th>reading the bids</th><th>P(true)</th></tr>"
                    f"{''.join(rows)}</table>")
        # Each colour, for the call typed in the move field if it is legal, else the lowest.
        low = self.raise_total.value if self.raise_total.value in totals else totals.start
        rows = []
        for row in odds.rows:
            def chart(d: Any) -> str:
                return bar_chart_svg(list(d.items()), highlight=low, height=36, bar_width=4)

            swap = ("—" if row.exchange is None else
                    f'<span class="bm-exchange">{fraction_html(row.exchange.at_least(low))}</span>')
            rows.append(
                f'<tr data-colour="{row.colour}" style="border-top: 1px solid #eee;">'
                f"<td>{card_html(row.colour, row.own, small=True)} {row.colour}</td>"
                f"<td>{' '.join(map(str, row.face_up)) or '—'}</td>"
                f"<td>{chart(row.counting)}</td><td>{chart(row.reading)}</td>"
                f"<td>{number(row.chance(low), low, row.colour, False, 'bm-counting')}</td>"
                f"<td>{number(row.chance(low, True), low, row.colour, True, 'bm-reading')}</td>"
                f"<td>{swap}</td></tr>")
        colours = (f'<h4 style="margin: 4px 0;">Each colour: the total over all hands, and a '
                   f"call of {low}</h4><small>(type another total in the call field to "
                   "see its chances)</small>"
                   f'<table class="bm-colours bm-table" data-total="{low}" style="border-collapse: '
                   'collapse; white-space: nowrap;"><tr><th>your card</th><th>face up</th>'
                   "<th>total, card counting</th><th>total, reading the bids</th>"
                   f"<th>P(≥ {low}) counting</th><th>P(≥ {low}) reading</th>"
                   f"<th>P(≥ {low}) if you exchange</th></tr>{''.join(rows)}</table>")
        return current, best, colours


def _per_seat(values: Sequence[str] | Mapping[int, str] | None, default: str) -> dict[int, str]:
    if values is None:
        return {}
    if isinstance(values, Mapping):
        return dict(values)
    if isinstance(values, str):
        return dict.fromkeys(range(MAX_PLAYERS), values)
    return dict(enumerate(values))


def _variant_value(field: w.Dropdown, target: int | None) -> int:
    value = target or 0
    if value not in [v for _, v in field.options]:
        field.options = [*field.options, (f"deals until someone has {value} points", value)]
    return value

