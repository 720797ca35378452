"""The class table's notebook widget, headless: it starts the server, shows what to give
the class, redraws the tables, and shows what went wrong without raising."""

from __future__ import annotations

import socket
import urllib.parse
import urllib.request

from bluffmath_widgets.class_table import ClassTable


def test_the_widget_starts_the_server_and_shows_the_class_and_its_tables(tmp_path):
    table = ClassTable(database=tmp_path / "c.sqlite3", host="127.0.0.1", port=0)
    table.start()
    try:
        banner = table.server.banner
        assert banner.code in table.address.value
        assert banner.join_url in table.address.value
        assert "No tables yet" in table.tables.value
        room = table.server.app.state.room
        from bluffmath_class.settings import TableSettings
        table.server.call(room.open_tables, TableSettings(seats=3), 1)
        body = urllib.parse.urlencode({"code": banner.code, "name": "<i>Zoe</i>"}).encode()
        urllib.request.urlopen(urllib.request.Request(f"{banner.join_url}/join", body, method="POST"))
        table.refresh()
        assert "&lt;i&gt;Zoe&lt;/i&gt;, Bot 2 (bot), Bot 3 (bot)" in table.tables.value
        assert "waiting" in table.tables.value
    finally:
        table.stop()
    assert table.server is None
    assert not table.start_button.disabled


def test_a_port_in_use_is_shown_and_the_widget_keeps_working(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        table = ClassTable(database=tmp_path / "c.sqlite3", host="127.0.0.1", port=taken.getsockname()[1])
        table.start()
        assert "cannot listen on 127.0.0.1" in table.status.value
        assert table.server is None
    table.port.value = 0
    table.start()
    try:
        assert "running" in table.status.value
    finally:
        table.stop()
