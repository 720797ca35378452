"""The bots' turns at the Hochstapler table: one after another until it is my turn.

With ``bot_delay`` 0 they move at once. Otherwise, in a kernel (JupyterLab, Voila) an
asyncio task moves them ``bot_delay`` apart, and the page shows each move while the
kernel stays free; without an event loop (a script) the table waits between moves.
:class:`BotTurns` is mixed into the table, which gives it the state, the bots and
``refresh``.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.errors import IllegalActionError
from bluffmath.i18n import _, percent, speaking

from .cards import colour_name
from .setup import bot_label

__all__ = ["BotTurns"]


class BotTurns:
    """The bots move after mine: see the module docstring."""

    _state: hs.State
    _me: int
    speaks: str
    _bots: dict[int, Any]
    _bot_classes: dict[str, type]
    _generation: int
    _task: asyncio.Task[None] | None
    _thinking: int | None
    _bot_why: str | None
    bots: list[w.Dropdown]
    bot_delay: w.BoundedFloatText
    download: w.HTML
    refresh: Callable[[], None]
    _reporting: Callable[[], AbstractContextManager[None]]
    _plain_name: Callable[[int], str]

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
        with speaking(self.speaks):  # an asyncio task runs outside the panel's redraws
            self._bot_move_spoken()

    def _bot_move_spoken(self) -> None:
        state = self._state
        seat = state.to_act
        name = self.bots[seat].value
        bot = self._bots.get(seat)
        if bot is None or bot.name != name:
            bot = self._bots[seat] = self._bot_classes[name]()
        # The bot's dice depend only on the game so far: a loaded game plays on alike.
        rng = random.Random(f"bluffmath-play/{state.seed}/{state.deal}/{len(state.reveals)}/"
                            f"{len(state.history)}")
        view, legal = state.view(seat), state.legal_actions()
        action = bot.choose(view, legal, rng)
        try:
            self._state = state.apply(action)
            if action == hs.DoubtCall():  # said until my next move (or the next doubt)
                self._bot_why = _doubt_why(bot, view, list(legal), self._plain_name(seat))
        except IllegalActionError as error:
            raise IllegalActionError(_("the {bot} bot playing {name} chose a move the rules refuse ({action}): "
                                       "{error}").format(bot=bot_label(name), name=self._plain_name(seat),
                                                         action=repr(action), error=error)) from None

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


def _doubt_why(bot: Any, view: hs.SeatView, legal: list[hs.Action], name: str) -> str | None:
    """Why a bot that decides by card chances doubted, in its own exact numbers: the chance
    its count gave the call. Said only of a doubt: everyone then shows the doubted colour, so
    the number gives away no hidden card (a raise's reason would speak of cards still hidden).
    None for a bot that does not decide by such chances."""
    chances = getattr(bot, "chances", None)
    call = view.position.call
    if not callable(chances) or call is None:
        return None
    said = {"total": call.total, "colour": colour_name(call.colour)}
    if not any(isinstance(a, hs.Raise) for a in legal):
        return _("{name} doubted {total} {colour}: no call could beat it").format(name=name, **said)
    p = chances(view, call.colour)[call.total]
    if p == 0:
        return _("{name} doubted {total} {colour}: from the cards it saw, the call could not be true ({bot})").format(
            name=name, **said, bot=bot_label(bot.name))
    return _("{name} doubted {total} {colour}: from the cards it saw, the call was true with P = {p} ({percent}) "
             "by {bot}, "
             "so the doubt was right with P = {q} ({q_percent}), likelier than any raise of its would hold").format(
        name=name, **said, p=p, percent=percent(p), bot=bot_label(bot.name), q=1 - p, q_percent=percent(1 - p))
