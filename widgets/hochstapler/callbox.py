"""The call box: a whole number typed in full, and Enter to make the call.

ipywidgets' IntText sends its value on Enter or on leaving the box, but it does not say
which; the text box does (a ``submit`` message on Enter). :class:`CallBox` is an IntText
drawn by the text box's view, so a page gets both: the number arrives when typed in full,
and :meth:`on_enter` callbacks run on Enter only. What the page sends is read as a whole
number; anything else leaves the value as it was.

>>> box = CallBox(value=3)
>>> calls = []
>>> box.on_enter(lambda: calls.append(box.value))
>>> box.value = "12"          # as the page sends it
>>> box._handle_custom_msg({"event": "submit"}, [])
>>> calls
[12]

A browser sends Enter *before* the number typed (the box's ``submit`` comes on the key, its
value on the ``change`` that follows): in a kernel, Enter waits until the number arrives,
or :data:`ENTER_WAIT` seconds when the number was already there, so that the call is the
one typed, never the one before it.

>>> import asyncio
>>> async def typed_then_enter():
...     box._handle_custom_msg({"event": "submit"}, [])   # Enter first...
...     box.value = "21"                                  # ...then the number typed
...     box._handle_custom_msg({"event": "submit"}, [])   # Enter again, nothing new typed
...     await asyncio.sleep(ENTER_WAIT * 2)
>>> asyncio.run(typed_then_enter())
>>> calls
[12, 21, 21]
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from traitlets import Int, TraitError, Unicode

__all__ = ["ENTER_WAIT", "CallBox"]

#: How long an Enter waits for the number typed before it, in seconds: the page sends them
#: one after the other, so the number comes at once when there is one.
ENTER_WAIT = 0.25


class _Whole(Int):  # type: ignore[type-arg]
    """An int, also from the text the page sends ("12"); other text is refused."""

    def validate(self, obj: Any, value: Any) -> int:
        if isinstance(value, str):
            text = value.strip()
            if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 6:
                raise TraitError(f"{value!r:.20} is not a whole number")
            value = int(text)
        return super().validate(obj, value)


class CallBox(w.IntText):
    """An IntText that the page draws as a text box, so that Enter can be heard."""

    _model_name = Unicode("TextModel").tag(sync=True)
    _view_name = Unicode("TextView").tag(sync=True)
    placeholder = Unicode("").tag(sync=True)
    value = _Whole(0, help="The total typed").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_enter: list[Callable[[], None]] = []
        self._entered: asyncio.TimerHandle | None = None  # an Enter waiting for its number
        self.on_msg(self._handle_custom_msg)
        self.observe(self._arrived, "value")

    def on_enter(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time Enter is pressed in the box (after its value arrived)."""
        self._on_enter.append(callback)

    def _handle_custom_msg(self, content: dict[str, Any], buffers: list[Any]) -> None:
        if content.get("event") != "submit":
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no kernel loop (a script, a test): the value is set already
            self._enter()
            return
        if self._entered is not None:
            self._entered.cancel()
        self._entered = loop.call_later(ENTER_WAIT, self._enter)

    def _arrived(self, _change: object) -> None:
        if self._entered is not None:  # the number typed came after its Enter
            self._entered.cancel()
            self._enter()

    def _enter(self) -> None:
        self._entered = None
        for callback in self._on_enter:
            callback()
