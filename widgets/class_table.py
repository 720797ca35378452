"""The class table server, started and watched from a notebook.

:class:`ClassTable` starts the server in the background (:class:`bluffmath_class.server.
ClassServer`) and shows what to give the class (the address, the join code, its QR code),
the teacher's own page, and every table as it plays, redrawn every two seconds. The
server itself decides everything; this widget only reads its room.

The database, address and port come from the arguments, else from the environment
(``BLUFFMATH_CLASS_DB``, ``BLUFFMATH_CLASS_HOST``, ``BLUFFMATH_CLASS_PORT``), else
``~/bluffmath-class.sqlite3``, ``lan`` (the school network) and 8000. Starting again on the
same database goes on where the class stood.

>>> import tempfile
>>> table = ClassTable(database=tempfile.mkdtemp() + "/c.sqlite3", host="127.0.0.1", port=0)
>>> table.start_button.click()
>>> "Join code" in table.address.value, "<svg" in table.address.value
(True, True)
>>> table.stop_button.click()
>>> table.status.value
'<p>The server has stopped; the database keeps every game.</p>'
"""

from __future__ import annotations

import os
import threading
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from bluffmath.errors import BluffmathError
from bluffmath.i18n import _, language, p_, speaking
from bluffmath_class.qr import qr_svg
from bluffmath_class.results import ended
from bluffmath_class.server import ClassServer

from .common import READABLE_CSS, error_html

__all__ = ["ClassTable"]

#: How often the tables are redrawn, in seconds.
EVERY = 2.0


def _setting(value: Any, name: str, default: Any) -> Any:
    return value if value is not None else os.environ.get(name, default)


class ClassTable(w.VBox):
    """The class server in a notebook: see the module docstring."""

    def __init__(self, database: str | Path | None = None, host: str | None = None,
                 port: int | None = None, bot_seconds: float = 2.0) -> None:
        self.speaks = language()  # the redraws run in a thread of their own: they speak this
        self.database = _setting(database, "BLUFFMATH_CLASS_DB", str(Path.home() / "bluffmath-class.sqlite3"))
        self.host = w.Text(_setting(host, "BLUFFMATH_CLASS_HOST", "lan"), description=_("Listen on"))
        self.port = w.IntText(int(_setting(port, "BLUFFMATH_CLASS_PORT", 8000)), description=_("Port"))
        self.bot_seconds = bot_seconds
        self.start_button = w.Button(description=_("Start the class server"), button_style="success")
        self.stop_button = w.Button(description=_("Stop"), disabled=True)
        self.status = w.HTML("<p>{}</p>".format(_("Not started. {lan} lets phones on this network in; {local} only "
                                                  "this computer.").format(lan="<i>lan</i>", local="<i>127.0.0.1</i>")))
        self.address, self.tables = w.HTML(), w.HTML()
        self.server: ClassServer | None = None
        self._stop = threading.Event()
        self.start_button.on_click(lambda _button: self.start())
        self.stop_button.on_click(lambda _button: self.stop())
        controls = w.HBox([self.host, self.port, self.start_button, self.stop_button],
                          layout=w.Layout(flex_flow="row wrap"))
        style = w.HTML(f"<style>{READABLE_CSS} .bm-class-qr svg {{ width: 180px; height: 180px; }}</style>",
                       layout=w.Layout(display="none"))
        super().__init__([controls, self.status, self.address, self.tables, style])

    def start(self) -> None:
        """Start the server (a wrong address or a port in use is shown, not raised)."""
        with speaking(self.speaks):
            self._start()

    def _start(self) -> None:
        if self.server is not None:
            return
        server = ClassServer(self.database, self.host.value.strip(), self.port.value, self.bot_seconds)
        try:
            server.start()
        except BluffmathError as error:
            self.status.value = error_html(str(error))
            return
        self.server = server
        banner = server.banner
        self.start_button.disabled, self.stop_button.disabled = True, False
        self.status.value = "<p>{}</p>".format(_("The class server is running."))
        join = _("Students open {address}. Join code {code}").format(
            address=f"<b>{escape(banner.join_url)}</b>",
            code=f"<b style='font-size: 1.4em; letter-spacing: 0.1em;'>{escape(banner.code)}</b>")
        page = escape(_("open the teacher's page"))
        teacher = _("Your page, to open tables and start games (keep it to yourself): {link}").format(
            link=f"<a href='{escape(banner.teacher_url)}' target='_blank'>{page}</a>")
        self.address.value = (
            f"<p style='font-size: 1.3em;'>{join}</p>"
            f"<div class='bm-class-qr'>{qr_svg(f'{banner.join_url}/?code={banner.code}')}</div>"
            f"<p>{teacher}</p>")
        self._stop.clear()
        self.refresh()
        threading.Thread(target=self._redraw, name="bluffmath-class-widget", daemon=True).start()

    def stop(self) -> None:
        """Stop the server; every game stays in the database."""
        with speaking(self.speaks):
            self._stopped()

    def _stopped(self) -> None:
        self._stop.set()
        if self.server is not None:
            self.server.stop()
            self.server = None
        self.start_button.disabled, self.stop_button.disabled = False, True
        self.status.value = "<p>{}</p>".format(_("The server has stopped; the database keeps every game."))

    def refresh(self) -> None:
        """Redraw the tables from the server's room, in the language the widget was made in."""
        if self.server is None:
            return
        with speaking(self.speaks):
            self._draw()

    def _draw(self) -> None:
        assert self.server is not None
        rows = "".join(_row(t) for t in self.server.snapshot()["tables"])
        heads = "".join(f"<th>{h}</th>" for h in (p_("class tables", "table"), p_("class tables", "players"),
                                                    p_("class tables", "game"), p_("class tables", "to play"),
                                                    p_("class tables", "points")))
        self.tables.value = (f"<table class='bm-table'><tr>{heads}</tr>{rows}</table>" if rows else
                             "<p>{}</p>".format(_("No tables yet: open them on the teacher's page.")))

    def _redraw(self) -> None:
        while not self._stop.wait(EVERY):
            try:
                self.refresh()
            except Exception as error:  # shown where the teacher looks, not lost in a log
                with speaking(self.speaks):
                    said = _("the tables could not be redrawn: {error}").format(error=error)
                self.status.value = error_html(said)


def _row(table: dict[str, Any]) -> str:
    names = table["names"]
    bot = " " + _("(bot)")
    players = ", ".join(escape(n) + (bot if i in table["bots"] else "") for i, n in enumerate(names))
    game = _("waiting") if table["number"] is None else _("game {number}, {moves} moves").format(
        number=table["number"], moves=table["moves"])
    if table["ended"]:
        game += _(", ended ({why})").format(why=ended(table["ended"]))
    turn = "" if table["to_act"] is None else escape(names[table["to_act"]])
    points = "" if table["scores"] is None else ", ".join(map(str, table["scores"]))
    return (f"<tr><td>{table['table']}</td><td>{players}</td><td>{escape(game)}</td>"
            f"<td>{turn}</td><td>{points}</td></tr>")
