"""What every bluffmath widget shares: reading typed card values, exact numbers as HTML,
and a panel that recomputes on every change and shows its errors where the user looks.

Nothing here computes a probability. Text a user typed never reaches the page unescaped.

>>> fraction_html(Fraction(377, 495))
'<b>377/495</b> (76.2 %)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from html import escape

import ipywidgets as w

from bluffmath.display import percent
from bluffmath.errors import BluffmathError

__all__ = ["Panel", "fraction_html", "values_text"]


def values_text(values: Iterable[int] | str) -> str:
    """The text a value field shows for ``values``: ``(0, 7)`` becomes ``"0,7"``."""
    return values if isinstance(values, str) else ",".join(str(v) for v in values)


def fraction_html(p: Fraction) -> str:
    """An exact probability in bold with its rounded percentage: the Fraction is the answer."""
    return f"<b>{p}</b> ({percent(p)})"


class Panel(w.VBox):
    """A VBox that redraws its outputs from the core whenever a watched control changes.

    A :class:`~bluffmath.errors.BluffmathError` (bad input) is shown in :attr:`message`,
    escaped, and the outputs are cleared; the next valid input clears the message again.
    Any other exception is shown there too, marked as a bug, rather than lost in a log.
    The message sits between the ``controls`` and the ``outputs``. Subclasses give
    ``_render()`` (compute everything first, then assign the outputs) and ``_clear()``
    (blank the outputs).
    """

    def __init__(self, controls: Iterable[w.Widget], outputs: Iterable[w.Widget],
                 **kwargs: object) -> None:
        self.message = w.HTML(layout=w.Layout(display="none"))
        self._paused = False
        super().__init__(children=[*controls, self.message, *outputs], **kwargs)

    def _watch(self, controls: Iterable[w.Widget]) -> None:
        for control in controls:
            control.observe(self._on_change, names="value")

    def _on_change(self, change: dict[str, object]) -> None:
        self.refresh()

    @contextmanager
    def _hold(self) -> Iterator[None]:
        """Change several controls, then redraw once."""
        self._paused = True
        try:
            yield
        finally:
            self._paused = False
        self.refresh()

    def refresh(self) -> None:
        """Recompute every output from the controls' current values."""
        if self._paused:
            return
        try:
            self._render()
        except BluffmathError as error:
            self._fail(str(error))
        except Exception as error:  # a bug: show it where the user looks, not in a log
            self._fail(f"unexpected {type(error).__name__} (a bug in bluffmath_widgets, "
                       f"please report it): {error}")
        else:
            self.message.value = ""
            self.message.layout.display = "none"

    def _fail(self, text: str) -> None:
        self._clear()
        self.message.value = (
            '<div class="bluffmath-error" role="alert" style="color: #b00020; '
            f'font-weight: bold;">⚠ {escape(text)}</div>'
        )
        self.message.layout.display = None

    def _render(self) -> None:
        raise NotImplementedError

    def _clear(self) -> None:
        raise NotImplementedError
