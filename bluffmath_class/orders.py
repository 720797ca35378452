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

from bluffmath.i18n import _, n_, speaking

from . import language
from .markup import esc
from .qr import qr_svg
from .settings import CLOCKS


def speak(app: Starlette, code: str) -> None:
    """Make ``code`` the class's language: kept with the class, its tables drawn again in
    it, and the phones that follow the class reloaded (their shells are in the old one)."""
    room, views = app.state.room, app.state.views
    changed = language.set_class(room.db, code)
    views.language = code
    app.state.hub.relanguage(changed)
    if changed:
        views.relanguage()
        for table in list(room.tables.values()):
            views.table_changed(table)


def obey(socket: WebSocket, order: Any) -> str:
    """Carry out a teacher's order; what to tell the teacher, as HTML (in the language in
    use, or in the class's language the order chose)."""
    if not order.language:
        return _obeyed(socket, order)
    speak(socket.app, order.language)
    with speaking(order.language):
        return _obeyed(socket, order)


def _obeyed(socket: WebSocket, order: Any) -> str:
    room = socket.app.state.room
    if order.kind == "open":
        opened = room.open_tables(order.settings, order.count)
        return _p(n_("Opened table {tables}.", "Opened table {tables}.", len(opened)).format(
            tables=", ".join(str(t.id) for t in opened)))
    if order.kind == "start-all":
        started = len(room.start_all())
        return _p(n_("Started {n} game.", "Started {n} games.", started).format(n=started))
    if order.kind == "start":
        return _p(_("Table {table}: game {n} dealt.").format(table=order.table, n=room.start(order.table).number))
    if order.kind == "end":
        return _p(_("Table {table}: game {n} ended.").format(table=order.table, n=room.end(order.table).number))
    if order.kind == "delete":
        room.delete_all()
        socket.app.state.practice.clear()
        return _p(_("The class's data is deleted: every table, game and name. The join code is new."))
    if order.kind == "free":
        name = room.tables[order.table].students[order.seat].name if order.table in room.tables and \
            order.seat in room.tables[order.table].students else ""
        room.free(order.table, order.seat)
        return _p(_("Table {table}, seat {seat} is free: a bot plays it. {name} stays in the class: their phone "
                    "shows the tables to sit down at.").format(table=order.table, seat=order.seat + 1, name=esc(name)))
    return _planned(socket, order) if order.kind.startswith("plan-") or order.kind == "next" else _person(socket, order)


def _p(html: str) -> str:
    return f"<p>{html}</p>"


def _person(socket: WebSocket, order: Any) -> str:
    """A student's order: taken out of the class, their time for a move, a new link to their seat."""
    room = socket.app.state.room
    if order.kind == "remove":
        return _p(_("{name} is no longer in the class.").format(name=esc(room.remove(order.student).name)))
    if order.kind == "clock":
        name = room.set_clock(order.student, order.name).name
        return _p(_("{name} has {clock} for a move now.").format(name=esc(name), clock=_(CLOCKS[order.name][0])))
    link = room.relink(order.table, order.seat)
    name = room.tables[order.table].seating().names[order.seat]
    url = f"{socket.app.state.join_url or _socket_base(socket)}/seat/{link}"
    said = _("For <b>{name}</b>: open this on their phone (it works once, for ten minutes; do not show it to the "
             "class):").format(name=esc(name))
    done = _("Done")
    return (f'<p>{said} <a href="{esc(url)}">{esc(url)}</a></p>'
            f'<div class="qr">{qr_svg(url)}</div><button type="button" data-hide>{done}</button>')


def _planned(socket: WebSocket, order: Any) -> str:
    """An order of the lesson plan."""
    room = socket.app.state.room
    if order.kind == "plan-add":
        room.plan_add(order.activity())
        return _p(_("Added to the lesson plan: {activity}.").format(activity=esc(order.activity().words())))
    if order.kind == "plan-remove":
        room.set_plan(room.plan.without(order.index))
        return _p(_("The activity is out of the lesson plan."))
    if order.kind == "plan-up":
        room.set_plan(room.plan.raised(order.index))
        return _p(_("The lesson plan's order is changed."))
    if order.kind == "plan-save":
        room.save_plan(order.name)
        return _p(_("The lesson plan is kept as <b>{name}</b>.").format(name=esc(order.name)))
    if order.kind == "plan-load":
        room.load_plan(order.name)
        return _p(_("The lesson plan <b>{name}</b> is loaded: Next activity starts its first.").format(
            name=esc(order.name)))
    tables = room.next_activity(order.grouping, order.when, order.groups, order.start)
    waiting = len(room.reserved)
    activity = esc(room.plan.activities[room.activity].words())
    numbers = ", ".join(str(t.id) for t in tables)
    if not waiting:
        return _p(_("The class is at activity {n}: {activity}, tables {tables}.").format(
            n=room.activity + 1, activity=activity, tables=numbers))
    return _p(n_("The class is at activity {number}: {activity}, tables {tables}. {n} student finishes a game "
                 "first, then their seat is ready.", "The class is at activity {number}: {activity}, tables "
                 "{tables}. {n} students finish a game first, then their seat is ready.", waiting).format(
        number=room.activity + 1, activity=activity, tables=numbers, n=waiting))


def _socket_base(socket: WebSocket) -> str:
    return f"http://{socket.headers.get('host', 'localhost')}"
