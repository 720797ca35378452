"""Running the class table server: from the command line (``bluffmath class``), or in the
background of a notebook (:class:`ClassServer`).

The server listens only on the address it is given: ``127.0.0.1`` (this computer only, the
default), ``lan`` (this computer's address on the school network or a phone's hotspot,
found by asking the system which address it would use to reach the network), or any
address of the machine (``0.0.0.0``: every network it is on).
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn

from bluffmath.errors import InvalidInputError
from bluffmath.schema import Node

from .app import create_app
from .database import Database
from .lesson import Plan
from .qr import qr_text
from .room import Room, keys

#: Frames larger than this close a socket at once (a page's message is at most 4 KB).
MAX_FRAME = 64 * 1024


def lan_address() -> str | None:
    """This computer's address on its network, or None when it is on none (no packet is
    sent: a UDP socket is only pointed at a private address)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (``lan``: see the module docstring), or
    a clear error."""
    if host == "lan":
        found = lan_address()
        if found is None:
            raise InvalidInputError("this computer is on no network: join the school's network or "
                                    "a phone's hotspot, or use --host 127.0.0.1 to try the server alone")
        host = found
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise InvalidInputError(f"cannot listen on {host} port {port}: {error.strerror} (another "
                                "server there? try --port with another number)") from None
    listener.listen(128)
    listener.set_inheritable(True)
    return listener


def address_of(listener: socket.socket) -> str:
    """The address pages open for a listening socket (``0.0.0.0``: the network address)."""
    host, port = listener.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = lan_address() or "127.0.0.1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


@dataclass(frozen=True)
class Banner:
    """What the teacher is told at the start: where students go, the code, the teacher's page."""

    join_url: str
    code: str
    teacher_url: str

    def text(self, qr: bool = True) -> str:
        """The banner as the command line prints it, with the QR code of the join address."""
        lines = [f"Students open   {self.join_url}   and type the code   {self.code}"]
        if qr:
            lines += ["(or scan this QR code, which holds the address and the code)",
                      qr_text(f"{self.join_url}/?code={self.code}")]
        lines += [f"Your page (keep it to yourself: it holds your key):  {self.teacher_url}",
                  "Stop with Ctrl+C; start again with the same --db to go on where the class stood."]
        return "\n".join(lines)


def banner(database: str | Path, join_url: str, plan: Plan | None = None) -> Banner:
    """The banner for a class database (its code and key are made the first time; a lesson
    ``plan`` is offered to it, :meth:`~bluffmath_class.room.Room.offer_plan`)."""
    db = Database(database)
    try:
        code, key = keys(db)
        if plan is not None:
            Room(db).offer_plan(plan)
    finally:
        db.close()
    return Banner(join_url, code, f"{join_url}/teacher?key={key}")


def _server(app: Any) -> uvicorn.Server:
    config = uvicorn.Config(app, ws_max_size=MAX_FRAME, log_level="warning", lifespan="on",
                            ws_ping_interval=20, ws_ping_timeout=20, timeout_graceful_shutdown=3)
    return uvicorn.Server(config)


def serve(database: str | Path, host: str = "127.0.0.1", port: int = 8000, bot_seconds: float = 1.5,
          say: Callable[[str], None] = print, plan: str | None = None) -> None:
    """Serve the class on ``host`` and ``port`` until Ctrl+C (the command line's server);
    ``plan``: a lesson plan as JSON text (:meth:`~bluffmath_class.room.Room.offer_plan`),
    read strictly before anything starts."""
    lesson = None if plan is None else Plan.read(Node.of(plan, "the lesson plan"))
    listener = bind(host, port)
    join_url = address_of(listener)
    say(banner(database, join_url, lesson).text())
    server = _server(create_app(database, join_url, bot_seconds))
    server.run(sockets=[listener])


class ClassServer:
    """The server in a background thread, for a notebook: ``start()``, ``stop()``, and the
    room's state for a widget (``snapshot()``).

    >>> import tempfile, urllib.request
    >>> server = ClassServer(tempfile.mkdtemp() + "/class.sqlite3", host="127.0.0.1", port=0)
    >>> server.start()
    >>> urllib.request.urlopen(server.banner.join_url).status
    200
    >>> server.snapshot()["tables"]
    []
    >>> server.stop()
    """

    def __init__(self, database: str | Path, host: str = "127.0.0.1", port: int = 8000,
                 bot_seconds: float = 1.5) -> None:
        self.database, self.host, self.port, self.bot_seconds = database, host, port, bot_seconds
        self.banner: Banner | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.app: Any = None

    def start(self) -> None:
        """Bind, then serve in a thread; returns once the server answers."""
        listener = bind(self.host, self.port)
        join_url = address_of(listener)
        self.banner = banner(self.database, join_url)
        self.app = create_app(self.database, join_url, self.bot_seconds)
        self._server = _server(self.app)
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.call_soon(ready.set)
            self._loop.run_until_complete(self._server.serve(sockets=[listener]))

        self._thread = threading.Thread(target=run, name="bluffmath-class", daemon=True)
        self._thread.start()
        ready.wait(10)
        for _ in range(200):
            if self._server.started:
                return
            threading.Event().wait(0.05)
        raise RuntimeError("the class server did not start in 10 s")

    def stop(self) -> None:
        """Stop serving (every game is in the database already)."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(10)

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` run on the server's event loop (the room is the loop's alone)."""
        assert self._loop is not None, "start the server first"

        async def run() -> Any:
            return function(*args)

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def snapshot(self) -> dict[str, Any]:
        """The room now, as plain data: each table's game, seats and scores."""
        return self.call(self._snapshot)

    def _snapshot(self) -> dict[str, Any]:
        room = self.app.state.room
        tables = []
        for table in room.tables.values():
            run = table.last
            seating = table.seating()
            tables.append({
                "table": table.id, "game": table.rules.title, "names": list(seating.names),
                "bots": sorted(seating.bots), "number": None if run is None else run.number,
                "moves": 0 if run is None else run.at,
                "to_act": None if run is None or run.ended_by else table.rules.to_act(run.state),
                "scores": None if run is None else list(table.rules.scores(run.state)),
                "ended": None if run is None else run.ended_by})
        return {"code": room.code, "tables": tables}


