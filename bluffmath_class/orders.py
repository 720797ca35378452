"""The teacher's orders, carried out (:func:`obey`), and the class's language chosen with
them (:func:`speak`): what the teacher's page is told back, as HTML.

The orders are read strictly first (:func:`~bluffmath_class.protocol.read_order`); a
change of the class's language redraws every table in it and reloads every phone that
follows the class (a phone switched to its own language keeps it).
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.websockets import WebSocket

from . import language
from .markup import esc
from .qr import qr_svg
from .settings import CLOCKS


def speak(app: Starlette, code: str) -> None:
    """Make ``code`` the class's language: kept with the class, its tables drawn again in
    it, and the phones that follow the class reloaded (their shells are in the old one)."""
    room, views = app.state.room, app.state.views
    if not language.set_class(room.db, code):
        return
    views.language = code
    app.state.hub.relanguage()
    for table in list(room.tables.values()):
        views.table_changed(table)


def obey(socket: WebSocket, order: Any) -> str:
    """Carry out a teacher's order; what to tell the teacher, as HTML."""
    room = socket.app.state.room
    if order.language:
        speak(socket.app, order.language)
    if order.kind == "open":
        opened = room.open_tables(order.settings, order.count)
        return f"<p>Opened table {', '.join(str(t.id) for t in opened)}.</p>"
    if order.kind == "start-all":
        started = room.start_all()
        return f"<p>Started {len(started)} {'game' if len(started) == 1 else 'games'}.</p>"
    if order.kind == "start":
        return f"<p>Table {order.table}: game {room.start(order.table).number} dealt.</p>"
    if order.kind == "end":
        return f"<p>Table {order.table}: game {room.end(order.table).number} ended.</p>"
    if order.kind == "delete":
        room.delete_all()
        socket.app.state.practice.clear()
        return "<p>The class's data is deleted: every table, game and name. The join code is new.</p>"
    if order.kind == "free":
        name = room.tables[order.table].students[order.seat].name if order.table in room.tables and \
            order.seat in room.tables[order.table].students else ""
        room.free(order.table, order.seat)
        return (f"<p>Table {order.table}, seat {order.seat + 1} is free: a bot plays it. {esc(name)} stays in "
                "the class: their phone shows the tables to sit down at.</p>")
    if order.kind == "remove":
        return f"<p>{esc(room.remove(order.student).name)} is no longer in the class.</p>"
    if order.kind == "clock":
        name = room.set_clock(order.student, order.name).name
        return f"<p>{esc(name)} has {CLOCKS[order.name][0]} for a move now.</p>"
    if order.kind == "plan-add":
        room.plan_add(order.activity())
        return f"<p>Added to the lesson plan: {esc(order.activity().words())}.</p>"
    if order.kind == "plan-remove":
        room.set_plan(room.plan.without(order.index))
        return "<p>The activity is out of the lesson plan.</p>"
    if order.kind == "plan-up":
        room.set_plan(room.plan.raised(order.index))
        return "<p>The lesson plan's order is changed.</p>"
    if order.kind == "plan-save":
        room.save_plan(order.name)
        return f"<p>The lesson plan is kept as <b>{esc(order.name)}</b>.</p>"
    if order.kind == "plan-load":
        room.load_plan(order.name)
        return f"<p>The lesson plan <b>{esc(order.name)}</b> is loaded: Next activity starts its first.</p>"
    if order.kind == "next":
        tables = room.next_activity(order.grouping, order.when, order.groups, order.start)
        waiting = len(room.reserved)
        later = (f" {waiting} {'student finishes' if waiting == 1 else 'students finish'} a game first, then "
                 "their seat is ready." if waiting else "")
        return (f"<p>The class is at activity {room.activity + 1}: {esc(room.plan.activities[room.activity].words())}, "
                f"tables {', '.join(str(t.id) for t in tables)}.{later}</p>")
    link = room.relink(order.table, order.seat)
    name = room.tables[order.table].seating().names[order.seat]
    url = f"{socket.app.state.join_url or _socket_base(socket)}/seat/{link}"
    return (f"<p>For <b>{esc(name)}</b>: open this on their phone (it works once, for ten minutes; "
            f"do not show it to the class): <a href=\"{esc(url)}\">{esc(url)}</a></p>"
            f'<div class="qr">{qr_svg(url)}</div><button type="button" data-hide>Done</button>')


def _socket_base(socket: WebSocket) -> str:
    return f"http://{socket.headers.get('host', 'localhost')}"
