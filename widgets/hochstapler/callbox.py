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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from traitlets import Int, TraitError, Unicode

__all__ = ["CallBox"]


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
        self.on_msg(self._handle_custom_msg)

    def on_enter(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time Enter is pressed in the box (after its value arrived)."""
        self._on_enter.append(callback)

    def _handle_custom_msg(self, content: dict[str, Any], buffers: list[Any]) -> None:
        if content.get("event") == "submit":
            for callback in self._on_enter:
                callback()
