"""Save and load for the Hochstapler table: the game as JSON, in a box or as a file.

A save is the game's seed and every move (:func:`~bluffmath.hochstapler.save_game`); a
load replays it through the engine, so a save that lies cannot load. :class:`Saving` is
mixed into :class:`~bluffmath_widgets.hochstapler.HochstaplerTable`, which gives it the
fields (``save_text``, ``download``, ``upload``, the setup) and ``_start``.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import ipywidgets as w

from bluffmath import hochstapler as hs
from bluffmath.errors import SaveFileError
from bluffmath.i18n import _

from ..disclosure import Disclosure
from .setup import variant_value

__all__ = ["Saving", "saving_box"]


def saving_box(table: Any) -> Disclosure:
    """The closed "Save or load the game" card, its fields set on ``table``."""
    table.save_text = w.Textarea(placeholder=_("press save, or paste a saved game and press load"),
                                 layout=w.Layout(width="100%", max_width="60em", height="6em"))
    table.save_button = w.Button(description=_("save"),
                                 tooltip=_("the game as JSON (it holds every card: no peeking)"))
    table.load_button = w.Button(description=_("load"), tooltip=_("load the game in the box"))
    table.upload = w.FileUpload(accept=".json", multiple=False, description=_("load a file"))
    table.download = w.HTML()
    table.review_button = w.Button(description=_("review this game"),
                                   tooltip=_("the exact cost of each of my decisions"))
    box = w.VBox([w.HBox([table.save_button, table.load_button, table.upload, table.download,
                          table.review_button],
                         layout=w.Layout(align_items="center", flex_flow="row wrap")),
                  table.save_text])
    return Disclosure(_("Save or load the game"), box, layout=w.Layout(max_width="100%"))


class Saving:
    """Save, load, upload: see the module docstring."""

    _state: hs.State
    save_text: w.Textarea
    download: w.HTML
    upload: w.FileUpload
    players: w.Dropdown
    me: w.Dropdown
    seed: w.IntText
    variant: w.Dropdown
    _start: Callable[[hs.State, int], None]
    _reporting: Callable[[], AbstractContextManager[None]]

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
        self.variant.value = variant_value(self.variant, state.game.target)
        self._start(state, me)

    def _on_save(self, button: w.Button) -> None:
        with self._reporting():
            text = self.save()
            self.save_text.value = text
            data = base64.b64encode(text.encode()).decode()
            link, note = _("download the saved game"), _("(it holds every card: no peeking)")
            self.download.value = (
                f'<a download="hochstapler-{self._state.seed}.json" '
                f'href="data:application/json;base64,{data}">{link}</a> <small>{note}</small>')

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        with self._reporting():
            try:
                text = bytes(files[0]["content"]).decode("utf-8")
            except UnicodeDecodeError:
                raise SaveFileError(_("{file} is not a saved game: not UTF-8 text").format(
                    file=files[0].get("name") or _("the file"))) from None
            finally:
                self.upload.value = ()  # so that the same file can be loaded again
            self.load(text)
