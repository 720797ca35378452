"""The class table server as an ASGI application (Starlette): pages, sockets, downloads.

============================  =====================================================  =======
``GET /``                     the join form (a student of the class goes on)         anyone
``POST /join``                code, name, table: a seat, the phone's secret          anyone
``GET /play``                 the student's table                                    a student
``WS /ws``                    the seat's view after every change; the seat's moves   a student
``GET /seat/{link}``          a one-time link back to a seat (a phone that lost it)  anyone
``GET /teacher?key=...``      the teacher's key into a cookie                        teacher
``GET /teacher``              the room: every table live, new tables, downloads      teacher
``GET /teacher/table/{n}``    one table alone, in large type, for the projector      teacher
``GET /teacher/summary``      the class summary, to print                            teacher
``GET /teacher/moves.csv``    every move with its exact value                        teacher
``GET /teacher/habits.csv``   each student's costliest habits, with examples         teacher
``WS /teacher/ws``            the room after every change; the teacher's orders      teacher
``GET /teacher/results.csv``  every seat of every game                               teacher
``GET /teacher/saves.zip``    every game's save                                      teacher
``/practice...``              a student's drills, and the teacher's drill set        both
============================  =====================================================  =======

The practice pages (a student's own mistakes, the teacher's drill set) are
:mod:`bluffmath_class.practice`'s.

Every message is read strictly (:mod:`bluffmath_class.protocol`); a socket's origin must
be the server's own; a page may send :data:`~bluffmath_class.throttle.BURST` messages at
once and :data:`~bluffmath_class.throttle.RATE` a second; a student may have
:data:`~bluffmath_class.connections.MAX_PER_STUDENT` pages open and an address
:data:`~bluffmath_class.connections.MAX_PER_ADDRESS` sockets. The work that costs is done
in worker processes (:mod:`bluffmath_class.workers`), the event loop only checks, writes
and passes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import logging
import zipfile
from collections.abc import AsyncIterator, Callable
from datetime import date
from itertools import product
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from bluffmath.errors import BluffmathError
from bluffmath.i18n import _, n_, speaking
from bluffmath.i18n import language as language_in_use

from . import jobs, language, pages, practice
from .auth import SEAT_COOKIE, TEACHER_COOKIE, cookie_options, same_origin, same_secret
from .connections import Connection, Hub
from .database import Database
from .errors import JoinError, MessageError, WrongCodeError
from .live_habits import LiveHabits
from .orders import obey
from .protocol import MAX_MESSAGE, MoreTime, Sit, read_order, read_student
from .results import file_name, games_of, habits_header, moves_header, results_csv, results_header
from .room import Room
from .teacher_page import picture_html
from .throttle import JoinThrottle
from .views import Views
from .workers import Lanes

log = logging.getLogger("bluffmath.class")
STATIC = Path(__file__).parent / "static"
#: Seconds after a restart before the class picture and habits are counted again over the
#: games that had ended (the phones' tables are drawn first).
START_GRACE = 3.0
#: The longest join form a page may post, in bytes.
MAX_FORM = 2048
#: Sent with every page: scripts and connections from this server only.
HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self' "
     b"'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-store")]


def create_app(database: str | Path, join_url: str | None = None, bot_seconds: float = 1.5,
               processes: bool = True) -> Starlette:
    """The server's application on the class database ``database`` (made if need be).

    ``join_url`` is the address students open (``http://192.168.1.20:8000``); by default the
    address the teacher's page was opened at. ``bot_seconds``: how long a bot waits before it
    plays an empty seat, so that students can follow the table. ``processes``: the workers
    are processes (False: threads of this process, for tests in one process).
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lanes = Lanes(processes)
        lanes.start()  # the workers start while the room is read from the file
        db = Database(database)
        room = Room(db, bot_seconds)
        views = Views(room, app.state.join_url or "", lanes=lanes)
        habits = LiveHabits(room, views)
        views.habits = habits.region
        app.state.room, app.state.views, app.state.lanes = room, views, lanes
        app.state.practice = practice.Practice(room, views, lanes, database)
        app.state.hub = Hub(room, views)
        app.state.throttle = JoinThrottle()
        room.think = views.think
        if any(r.ended_by for t in room.tables.values() for r in t.runs):  # a restart: the phones first
            views.hold(START_GRACE)
            habits.hold(START_GRACE)
        room.resume()
        try:
            yield
        finally:
            room.stop()
            habits.stop()
            lanes.shutdown()
            app.state.practice.close()
            db.close()

    routes = [
        Route("/", join_form), Route("/join", join, methods=["POST"]), Route("/play", play),
        Route("/seat/{link}", seat_link), Route("/teacher", teacher),
        Route("/teacher/table/{table:int}", teacher_table), Route("/teacher/summary", summary),
        Route("/teacher/results.csv", download_results), Route("/teacher/moves.csv", download_moves),
        Route("/teacher/habits.csv", download_habits),
        Route("/teacher/saves.zip", download_saves),
        *practice.routes(), *language.routes(),
        WebSocketRoute("/ws", student_socket), WebSocketRoute("/teacher/ws", teacher_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.join_url = join_url
    app.add_middleware(language.Speaking)
    app.add_middleware(SecurityHeaders)
    return app


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _room(request: Request | WebSocket) -> Room:
    return request.app.state.room


# --- students -----------------------------------------------------------------------------------


async def join_form(request: Request) -> Response:
    """The join form, the code filled in from a QR code's address (or the page the student
    left); a student of the class goes on to their table."""
    room = _room(request)
    if room.student_of(request.cookies.get(SEAT_COOKIE)):
        return RedirectResponse("/play", 303)
    return HTMLResponse(pages.join_page(request.query_params.get("code", "")[:12], tables=_tables(room)))


def _tables(room: Room) -> list[tuple[int, str]]:
    """The tables a student may choose on the join form: the activity's, with a free seat."""
    return [(t.id, n_("Table {table}: {game}, {n} free", "Table {table}: {game}, {n} free",
                      len(room.open_seats(t))).format(table=t.id, game=_(t.rules.title), n=len(room.open_seats(t))))
            for t in room.current_tables() if room.open_seats(t)]


async def join(request: Request) -> Response:
    """Seat a student: the code is checked (a wrong one is answered slowly), the name too."""
    if not same_origin(request.headers.get("origin"), request.headers.get("host")):
        return HTMLResponse(pages.message_page(_("Refused"), _("This form must be sent from this server's own page.")), 403)
    throttle, address = request.app.state.throttle, request.client.host if request.client else "?"
    wait = throttle.refused(address)
    if wait is not None:
        minutes = int(wait // 60) + 1
        return HTMLResponse(pages.join_page(error=n_("Too many wrong codes from this device: try again in {n} minute.",
                                                     "Too many wrong codes from this device: try again in {n} minutes.",
                                                     minutes).format(n=minutes)), 429)
    room = _room(request)
    try:
        form = await _form(request)
        table = _table_field(form.get("table", ""))
    except JoinError as error:
        return HTMLResponse(pages.join_page(error=str(error), tables=_tables(room)), 400)
    except ClientDisconnect:  # the phone left before its form was sent: nobody to answer
        log.debug("a join form from %s ended before it was sent", address)
        return Response(status_code=400)
    try:
        secret, _table, _seat = room.join(form.get("code", ""), form.get("name", ""), table)
    except WrongCodeError as error:
        await asyncio.sleep(throttle.wrong(address))
        return HTMLResponse(pages.join_page(error=str(error), name=form.get("name", ""), tables=_tables(room)), 403)
    except JoinError as error:
        return HTMLResponse(pages.join_page(form.get("code", ""), str(error), tables=_tables(room)), 400)
    throttle.right(address)
    response = RedirectResponse("/play", 303)
    response.set_cookie(SEAT_COOKIE, secret, **cookie_options())
    return response


async def _form(request: Request) -> dict[str, str]:
    """The join form's fields, strictly: at most :data:`MAX_FORM` bytes, known fields once."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            raise JoinError(_("the form is longer than {n} bytes: type a shorter name").format(n=MAX_FORM))
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=4)
    except (UnicodeDecodeError, ValueError):
        raise JoinError(_("the form could not be read: send it again from the join page")) from None
    fields: dict[str, str] = {}
    for key, value in pairs:
        if key not in ("code", "name", "table") or key in fields:
            raise JoinError(_("the form has an unknown or repeated field “{field}”: send it from the join page").format(
                field=key[:20]))
        fields[key] = value
    return fields


def _table_field(text: str) -> int | None:
    """The join form's table: empty (where the lesson wants the student) or a table's number."""
    if not text:
        return None
    if not text.isdigit() or len(text) > 4:
        raise JoinError(_("choose a table from the list, or “Any free seat”"))
    return int(text)


async def play(request: Request) -> Response:
    """The student's table, for a student of the class."""
    if not _room(request).student_of(request.cookies.get(SEAT_COOKIE)):
        return RedirectResponse("/", 303)
    return HTMLResponse(pages.play_page())


async def seat_link(request: Request) -> Response:
    """A one-time link back to a seat, made by the teacher."""
    secret = _room(request).use_link(request.path_params["link"])
    if secret is None:
        return HTMLResponse(pages.message_page(_("This link does not work"), _(
            "It was used already or is more than ten minutes old: ask your teacher for a new one.")), 404)
    response = RedirectResponse("/play", 303)
    response.set_cookie(SEAT_COOKIE, secret, **cookie_options())
    return response


async def student_socket(socket: WebSocket) -> None:
    """A student's socket: the view of their seat after every change (wherever the lesson
    moves them); their moves, and where they sit down."""
    room, hub = socket.app.state.room, socket.app.state.hub
    student = room.student_of(socket.cookies.get(SEAT_COOKIE))
    address = socket.client.host if socket.client else "?"
    if not same_origin(socket.headers.get("origin"), socket.headers.get("host")) or student is None:
        await socket.close(1008)
        return
    refused = hub.full(address, student)
    if refused is not None:
        await socket.close(1008, refused)
        return
    await socket.accept()
    connection = hub.add_student(socket, student, address, language.own(socket.cookies.get(language.COOKIE)))

    def take(text: str) -> None:
        if room.students.get(student.id) != student:
            raise MessageError(_("this phone is no longer in the class: join again with the class's code"))
        place = room.place_of(student.id)
        message = read_student(text, None if place is None else place[0].rules)
        if isinstance(message, Sit):
            room.sit(student, message.table)
            return
        table, seat = place
        if isinstance(message, MoreTime):
            connection.send({"type": "clock", "seconds": room.more_time(table, seat)})
            return
        room.move(table, seat, message, lambda run: connection.send({"type": "ack", "game": run.id, "at": run.at}))

    await _serve(socket, connection, take)


async def _serve(socket: WebSocket, connection: Connection,
                 take: Callable[[str], dict[str, Any] | None]) -> None:
    """Read the page's text messages within its budget until it goes; ``take`` each and send
    back what it returns, if anything. A message that cannot be taken gets an error back, and the socket
    goes on."""
    speaks = socket.app.state.hub.language_of
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            with speaking(speaks(connection)):
                if not connection.bucket.take():
                    if connection.bucket.flooding:
                        connection.send({"type": "error", "message": _("Too many messages: disconnected.")})
                        return
                    connection.send({"type": "error", "message": _("Too many messages: slow down.")})
                    continue
                answer = _answer(message.get("text"), take)
            if answer is not None:
                connection.send(answer)
    finally:
        socket.app.state.hub.remove(connection)
        connection.close()
        await connection.finish()


def _answer(text: str | None, take: Callable[[str], dict[str, Any] | None]) -> dict[str, Any] | None:
    if text is None or len(text) > MAX_MESSAGE:
        return {"type": "error", "message": _("a message is JSON text of at most {n} characters").format(n=f"{MAX_MESSAGE:,}")}
    try:
        return take(text)
    except BluffmathError as error:
        return {"type": "error", "message": str(error)}
    except Exception:  # a bug: the table goes on, the log says what
        log.exception("a message could not be taken: %.200r", text)
        return {"type": "error", "message": _("The server could not take that message (a bug in bluffmath); the table "
                                              "goes on.")}


# --- the teacher ------------------------------------------------------------------------------


def _is_teacher(request: Request | WebSocket) -> bool:
    return same_secret(request.cookies.get(TEACHER_COOKIE), _room(request).teacher_key)


def _not_teacher() -> Response:
    return HTMLResponse(pages.message_page(
        _("This page is the teacher's"), _("Open the teacher's address that the server printed when it "
                                           "started (it holds the teacher's key).")), 403)


async def teacher(request: Request) -> Response:
    """The teacher's room; ``?key=`` puts the teacher's key into a cookie."""
    key = request.query_params.get("key")
    if key is not None:
        if not same_secret(key, _room(request).teacher_key):
            return _not_teacher()
        response = RedirectResponse("/teacher", 303)
        response.set_cookie(TEACHER_COOKIE, key, **cookie_options())
        return response
    if not _is_teacher(request):
        return _not_teacher()
    chosen = language.teachers(_room(request).db, request.headers.get("accept-language"))
    return HTMLResponse(pages.teacher_page(request.query_params.get("view") == "projector", chosen))


async def teacher_table(request: Request) -> Response:
    """One table alone, in large type, for the projector."""
    if not _is_teacher(request):
        return _not_teacher()
    table_id = request.path_params["table"]
    if table_id not in _room(request).tables:
        return HTMLResponse(pages.message_page(_("No such table"), _("There is no table {table}.").format(
            table=table_id), "/teacher"), 404)
    return HTMLResponse(pages.table_view(table_id))


async def summary(request: Request) -> Response:
    """The class summary to print, sent in parts as the downloads' worker makes them."""
    if not _is_teacher(request):
        return _not_teacher()
    views, lanes, pairs = request.app.state.views, request.app.state.lanes, _games(request)
    lane, spoken = lanes.downloads, language_in_use()

    async def parts() -> AsyncIterator[str]:
        kinds = await views.ask(lanes.room, jobs.picture_part, pairs, spoken) if pairs else {}
        with speaking(spoken):
            head, middle, tail = pages.summary_parts(pages.summary_title(date.today()), picture_html(kinds))
        yield head
        yield await views.ask(lane, jobs.habits_of_class, [p for p in pairs if p[1].ended_by], True, spoken)
        yield middle
        rows = [row for chunk in _chunks(pairs) for row in await views.ask(lane, jobs.results_part, chunk, spoken)]
        with speaking(spoken):
            yield pages.results_table(results_header(), rows) + tail
    return StreamingResponse(parts(), media_type="text/html; charset=utf-8", headers={"content-language": spoken})


async def teacher_socket(socket: WebSocket) -> None:
    """The teacher's socket: the room after every change; the teacher's orders."""
    hub = socket.app.state.hub
    address = socket.client.host if socket.client else "?"
    if not same_origin(socket.headers.get("origin"), socket.headers.get("host")) or not _is_teacher(socket):
        await socket.close(1008)
        return
    refused = hub.full(address)
    if refused is not None:
        await socket.close(1008, refused)
        return
    await socket.accept()
    spoken = language.teachers(socket.app.state.room.db, socket.headers.get("accept-language"))
    await _serve(socket, hub.add_teacher(socket, address, spoken),
                 lambda text: {"type": "notice", "html": obey(socket, read_order(text))})


#: Games a download's worker is asked about at a time (the file goes out as they come).
CHUNK = 8
#: The CSVs of the ZIP: each file's name, its columns and the job that makes its rows.
CSVS = (("results.csv", results_header, jobs.results_part), ("moves.csv", moves_header, jobs.moves_part),
        ("habits.csv", habits_header, jobs.habits_part))


def _games(request: Request) -> list[tuple[Any, Any]]:
    """Every game of the room now (its table and its run), on the loop."""
    return [(t, r) for t in list(_room(request).tables.values()) for r in list(t.runs)]


def _chunks(pairs: list[Any]) -> list[list[Any]]:
    return [pairs[i:i + CHUNK] for i in range(0, len(pairs), CHUNK)]


def _csv_text(rows: list[list[object]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _attachment(body: AsyncIterator[Any], kind: str, name: str) -> StreamingResponse:
    """A download named ``name`` (:func:`~bluffmath_class.results.file_name`: its language
    in it), in the language in use (``Content-Language``)."""
    return StreamingResponse(body, media_type=kind, headers={"content-disposition": f'attachment; filename="{name}"',
                                                             "content-language": language_in_use()})


async def _rows(request: Request, names: Callable[[], list[str]], job: Callable[..., Any], spoken: str,
                ended: bool = False) -> AsyncIterator[str]:
    """A CSV's header (the columns ``names()`` says, in ``spoken``), then its rows a few
    games at a time, made in the downloads' worker, their words in ``spoken``."""
    views, lane = request.app.state.views, request.app.state.lanes.downloads
    pairs = [p for p in _games(request) if p[1].ended_by or not ended]
    with speaking(spoken):
        yield _csv_text([names()])
    for chunk in _chunks(pairs) if job is not jobs.habits_part else [pairs]:
        yield _csv_text(await views.ask(lane, job, chunk, spoken))


async def download_results(request: Request) -> Response:
    """Every seat of every game, as CSV (made on the loop: it reviews nothing, so it never
    waits behind a download that does)."""
    if not _is_teacher(request):
        return _not_teacher()
    return Response(results_csv(games_of(_room(request))), media_type="text/csv; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{file_name("class-results.csv")}"',
                             "content-language": language_in_use()})


async def download_moves(request: Request) -> Response:
    """Every move of every game with its exact value, as CSV."""
    if not _is_teacher(request):
        return _not_teacher()
    return _attachment(_rows(request, moves_header, jobs.moves_part, language_in_use()), "text/csv; charset=utf-8",
                       file_name("class-moves.csv"))


async def download_habits(request: Request) -> Response:
    """Each student's habits in each game, as CSV."""
    if not _is_teacher(request):
        return _not_teacher()
    return _attachment(_rows(request, habits_header, jobs.habits_part, language_in_use()), "text/csv; charset=utf-8",
                       file_name("class-habits.csv"))


async def download_saves(request: Request) -> Response:
    """Every game's save, and the other downloads' CSVs, as a ZIP made as it goes out: in
    English, as ``bluffmath review`` reads them (``results.csv``), and in the class's
    language if it is another (``results.de.csv``)."""
    if not _is_teacher(request):
        return _not_teacher()
    spoken = language_in_use()

    async def archive() -> AsyncIterator[bytes]:
        sink = _Sink()
        with zipfile.ZipFile(sink, "w", zipfile.ZIP_DEFLATED) as out:
            views, lane = request.app.state.views, request.app.state.lanes.downloads
            for chunk in _chunks(_games(request)):
                for name, text in await views.ask(lane, jobs.saves_part, chunk):
                    out.writestr(name, text)
                yield sink.take()
            for code, (name, names, job) in product(dict.fromkeys(("en", spoken)), CSVS):
                with out.open(file_name(name, code), "w", force_zip64=True) as file:
                    async for text in _rows(request, names, job, code):
                        file.write(text.encode("utf-8"))
                        yield sink.take()
        yield sink.take()
    return _attachment(archive(), "application/zip", file_name("class-games.zip"))


class _Sink(io.RawIOBase):
    """Where a ZIP is written as it is made: what was written since it was last taken."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self._parts.append(bytes(data))
        return len(data)

    def take(self) -> bytes:
        """What was written since the last take."""
        data, self._parts = b"".join(self._parts), []
        return data
