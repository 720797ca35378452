"""What the class server benchmarks share: a real server process, a teacher and students
on its sockets, and ``benchmarks/CLASS.md``, whose sections each benchmark rewrites alone.

The server runs as the teacher starts it, ``bluffmath class --host 127.0.0.1 --port P --db
F --bot-seconds 0``, in its own process (:func:`spawn`); every process started here is
killed when the block of :func:`servers` ends, whatever happened in it. A class is seated
through the server's own doors: the teacher's socket opens each game's tables (an order a
game: the teacher's page, like every page, may send 5 messages a second), students join
through the join form (``POST /join``) at the table its list offers them, so each table gets
exactly the students meant for it and its other seats are played by bots, and the teacher
starts every table at once.

A :class:`Student` is one phone: a socket with the seat's cookie, which moves after a
seeded "thinking" pause whenever its view says it is its turn. It picks the move from the
buttons and forms of its ``moves`` region, as a page's tap sends it, in any game (the
engine decides what is legal; nothing here knows the rules): a doubt (with chance
``doubt`` when it may do something else), else any other button or form offered, alike;
a form's fields as the page fills them (an input's value, a number's lowest) or, for a
list or a choice of radio buttons, any of its options. A :class:`Teacher` keeps the
teacher's page open and starts a table's next game when one of its students sees their
review of the game that ended, as a teacher lets the class read it first (or
:data:`REVIEW_WAIT` seconds after one saw the end, if no review came).

>>> choose('<button data-send=\\'{"kind": "doubt"}\\'>Doubt</button>', random.Random(1), 0.3)
{'kind': 'doubt'}
>>> form = ('<form class="call" data-send=\\'{"kind": "call"}\\'><input name="total" value="9" data-int>'
...         '<select name="colour"><option value="blue">blue</option></select></form>')
>>> choose(form, random.Random(1), 0.3)
{'kind': 'call', 'total': 9, 'colour': 'blue'}
>>> print(section("load", "", "## Load\\n", ""), end="")
# The class table server: load and kill -9
<BLANKLINE>
<!-- class_load -->
## Load
<!-- /class_load -->
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection, connect
from websockets.sync.client import connect as connect_sync

from bluffmath_class.games import GAMES
from bluffmath_class.jobs import COUNTING
from bluffmath_class.throttle import BURST, RATE

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "CLASS.md"
TITLE = "# The class table server: load and kill -9"
#: The sections of CLASS.md, in the order the file keeps them.
SECTIONS = ("load", "load_instant", "load_gauner", "load_200", "load_200_think", "restart")
#: What a socket may fail with while the server is down or restarting.
GONE = (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake)
SETTINGS = {"game": "hochstapler", "bot": "counting", "odds": "always", "move_seconds": 0,
            "variant": "one-deal"}

_CODE = re.compile(r"type the code\s+(\d+)")
_KEY = re.compile(r"/teacher\?key=(\S+)")
_TABLE = re.compile(r"Table (\d+)")


# --- the server process --------------------------------------------------------------------


def free_port() -> int:
    """A port nobody listens on now (the system's pick for port 0)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bluffmath_command() -> str:
    """The ``bluffmath`` script beside this Python (the project's virtual environment)."""
    script = Path(sys.executable).with_name("bluffmath")
    return str(script if script.exists() else ROOT / ".venv" / "bin" / "bluffmath")


@dataclass
class Server:
    """One server process: its port, log, and when it was started (``time.monotonic``)."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path
    started: float

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


class Servers:
    """Starts server processes and remembers them, to kill what still runs at the end."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []

    def spawn(self, db: Path, port: int, log: Path) -> Server:
        """Start ``bluffmath class`` on ``db`` and ``port``; output appended to ``log``."""
        command = [bluffmath_command(), "class", "--host", "127.0.0.1", "--port", str(port),
                   "--db", str(db), "--bot-seconds", "0"]
        with log.open("ab") as out:
            started = time.monotonic()
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
                                       env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.started.append(process)
        return Server(process, port, log, started)

    def kill_all(self) -> None:
        """Kill every process started here that still runs, and reap it."""
        for process in self.started:
            if process.poll() is None:
                process.kill()
            process.wait(30)


@contextlib.contextmanager
def servers() -> Iterator[Servers]:
    """A :class:`Servers` whose processes are all killed when the block ends (SIGTERM ends
    the block too, as Ctrl+C does, when this runs in the main thread: only it may catch
    signals)."""
    started = Servers()
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if main else None
    try:
        yield started
    finally:
        started.kill_all()
        if main:
            signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def wait_ready(server: Server, timeout: float = 60.0) -> None:
    """Wait until the server answers ``GET /`` (RuntimeError if it exits or never does)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited ({server.process.returncode}): see {server.log}")
        with contextlib.suppress(OSError):
            status, _ = _request(server, "GET", "/")
            if status == 200:
                return
        time.sleep(0.05)
    raise RuntimeError(f"the server did not answer in {timeout:.0f} s: see {server.log}")


def banner(server: Server) -> tuple[str, str]:
    """The join code and the teacher's key, as the server's banner printed them."""
    text = server.log.read_text("utf-8", "replace")
    code, key = _CODE.findall(text), _KEY.findall(text)
    if not code or not key:
        raise RuntimeError(f"no banner in {server.log}")
    return code[-1], key[-1]


def _request(server: Server, method: str, path: str, body: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body, headers or {})
        response = connection.getresponse()
        response.read()
        return response.status, response
    finally:
        connection.close()


def _cookie(response: http.client.HTTPResponse, name: str) -> str:
    for header in response.headers.get_all("set-cookie") or []:
        key, _, rest = header.partition("=")
        if key.strip() == name:
            return rest.split(";", 1)[0]
    raise RuntimeError(f"no {name} cookie in the answer")


# --- seating a class -------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A seated student: the name, the seat's secret (the cookie) and the table."""

    name: str
    secret: str
    table: int


def teacher_cookie(server: Server, key: str) -> str:
    """``GET /teacher?key=...``: the teacher's cookie value."""
    status, response = _request(server, "GET", f"/teacher?key={urllib.parse.quote(key)}")
    if status != 303:
        raise RuntimeError(f"GET /teacher?key=... answered {status}")
    return _cookie(response, "bm_teacher")


def join(server: Server, code: str, name: str, table: int | None = None) -> str:
    """``POST /join`` (at ``table``, as the form's list chooses it): the seat's secret from
    the ``bm_seat`` cookie."""
    body = urllib.parse.urlencode({"code": code, "name": name, **({"table": str(table)} if table else {})})
    status, response = _request(server, "POST", "/join", body,
                                {"content-type": "application/x-www-form-urlencoded"})
    if status != 303:
        raise RuntimeError(f"{name} could not join: {status}")
    return _cookie(response, "bm_seat")


def order_sync(socket: Any, order: dict[str, Any]) -> dict[str, Any]:
    """Send a teacher's order on a synchronous socket; the notice that answers it."""
    socket.send(json.dumps(order))
    while True:
        reply = json.loads(socket.recv(timeout=30))
        if reply["type"] == "notice":
            return reply
        if reply["type"] == "error":
            raise RuntimeError(f"{order}: {reply['message']}")


def settings(game: str, seats: int) -> dict[str, Any]:
    """The teacher's settings of a table of ``game`` with as many of ``seats`` seats as its
    first variant allows: the game's first bots and variant (Hochstapler: one deal, the
    card-counting bots), odds always shown, no clock for the bots.

    >>> settings("hochstapler", 5)["variant"], settings("duel", 5)["seats"]
    ('one-deal', 2)
    """
    rules = GAMES[game]
    variant = next(iter(rules.variants))
    allowed = rules.seat_range(variant)
    return {**SETTINGS, "game": game, "bot": next(iter(rules.bots)), "variant": variant,
            **(SETTINGS if game == "hochstapler" else {}),
            "seats": min(max(seats, allowed.start), allowed.stop - 1)}


def spread(students: int, seats: list[int]) -> list[int]:
    """``students`` shared over tables of ``seats`` seats as evenly as the seats allow.

    >>> spread(40, [5, 5, 5, 5, 2, 5, 5, 5, 5, 2])
    [5, 5, 5, 5, 2, 4, 4, 4, 4, 2]
    >>> spread(42, [5, 5, 2])
    Traceback (most recent call last):
    ...
    ValueError: 42 students do not fit at tables of 5, 5, 2 seats
    """
    if students > sum(seats):
        raise ValueError(f"{students} students do not fit at tables of {', '.join(map(str, seats))} seats")
    shares = [0] * len(seats)
    while sum(shares) < students:  # a student at each table with a free seat, round after round
        for i, s in enumerate(seats):
            if sum(shares) < students and shares[i] < s:
                shares[i] += 1
    return shares


def seat_class(server: Server, code: str, teacher: str, tables: int, students: int,
               seats: int, games: tuple[str, ...] = ("hochstapler",)) -> list[Seat]:
    """Open ``tables`` tables of ``seats`` seats (the ``t``-th plays ``games[t % len(games)]``,
    as many seats as it allows), seat ``students`` in all over them (:func:`spread`) through
    the join form, each at the table the form's list chooses, and start every table's first
    game (see the module docstring)."""
    seated = []
    plan = [settings(games[t % len(games)], seats) for t in range(tables)]
    shares = spread(students, [p["seats"] for p in plan])
    with connect_sync(f"{server.ws}/teacher/ws", additional_headers={"cookie": f"bm_teacher={teacher}"},
                      max_size=2**24) as socket:
        opened: dict[str, list[int]] = {}
        for game in dict.fromkeys(games):  # one order a game: a teacher's page may send 5 a second
            count = sum(p["game"] == game for p in plan)
            notice = order_sync(socket, {"type": "open", "tables": count, **settings(game, seats)})
            opened[game] = [int(t) for t in re.findall(r"\d+", notice["html"].split("Opened table", 1)[1])][:count]
        for t, (table_settings, share) in enumerate(zip(plan, shares, strict=True)):
            table = opened[table_settings["game"]].pop(0)
            for s in range(share):
                name = f"T{t + 1}S{s + 1}"
                seated.append(Seat(name, join(server, code, name, table), table))
        order_sync(socket, {"type": "start-all"})
    return seated


# --- a student's phone -------------------------------------------------------------------------


class _Offer(HTMLParser):
    """The moves a ``moves`` region offers: each button's ``data-send`` outside a form, and
    each form's ``data-send`` with its fields (name -> the values a tap could give them)."""

    def __init__(self) -> None:
        super().__init__()
        self.moves: list[tuple[dict[str, Any], dict[str, list[Any]]]] = []
        self._form: dict[str, list[Any]] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and "data-send" in a:
            self._form = {}
            self.moves.append((json.loads(a["data-send"]), self._form))
        elif tag == "button" and "data-send" in a and self._form is None:
            self.moves.append((json.loads(a["data-send"]), {}))
        elif self._form is not None and tag == "input" and a.get("name") and a.get("type") != "checkbox":
            value = a.get("value") or a.get("min", "")
            whole = "data-int" in a or a.get("type") == "number"
            self._form.setdefault(a["name"], []).append(int(value) if whole and value.isdigit() else value)
        elif self._form is not None and tag == "select":
            self._select = a.get("name")
            self._form[self._select or ""] = []
        elif self._select is not None and tag == "option" and "disabled" not in a:
            self._form[self._select].append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def choose(moves: str, rng: random.Random, doubt: float) -> dict[str, Any]:
    """A move offered by the ``moves`` region (see the module docstring)."""
    parser = _Offer()
    parser.feed(moves)
    doubts = [m for m in parser.moves if m[0].get("kind") == "doubt"]
    others = [m for m in parser.moves if m[0].get("kind") != "doubt"]
    if not parser.moves:
        raise ValueError("it is my turn, but the moves region offers no move")
    payload, fields = rng.choice(doubts if doubts and (not others or rng.random() < doubt) else others)
    return {**payload, **{name: rng.choice(values) if values else "" for name, values in fields.items()}}


@dataclass
class Board:
    """What every student records, shared: each move's send time, mover and whether it is
    timed (sent while ``timing``), and its table, by the game and the number of moves it
    makes (``at``);
    the round trips of timed moves to the other students (those of moves that ended a
    game apart too) and to the movers' acknowledgements; every move seen; and what went
    wrong."""

    sent: dict[tuple[int, int], tuple[float, str, bool]] = field(default_factory=dict)
    trips: list[float] = field(default_factory=list)
    ending: list[float] = field(default_factory=list)  # the trips of moves that ended a game
    reviews: list[float] = field(default_factory=list)  # from a game's last move to each review
    odds: list[float] = field(default_factory=list)  # from a move to each other view's odds that follow
    counting: int = 0  # views of timed moves to the other students sent with their odds to follow
    acks: list[float] = field(default_factory=list)
    moves: set[tuple[int, int]] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    timing: bool = False
    timed: int = 0  # moves sent while timing
    expected: int = 0  # views of the timed moves due to the other students at their tables
    students: dict[int, int] = field(default_factory=dict)  # students at each table
    tables: dict[tuple[int, int], int] = field(default_factory=dict)  # each move's table
    on_end: Callable[[int, int, bool], None] = lambda table, game, reviewed: None


class Pace:
    """A phone's own pace within the server's budget for a page (:data:`~bluffmath_class.
    throttle.BURST` messages at once, :data:`~bluffmath_class.throttle.RATE` a second): a
    little under it, so that the two clocks never disagree."""

    def __init__(self) -> None:
        self.tokens, self._last = BURST - 2.0, time.monotonic()

    def take(self) -> bool:
        """True if a message may go now (and count it)."""
        now = time.monotonic()
        self.tokens, self._last = min(BURST - 2.0, self.tokens + (now - self._last) * RATE * 0.9), now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Student:
    """A phone: see the module docstring. ``acked`` and ``seen`` are the moves the server
    promised (acknowledged, or shown in a view); ``views`` the arrival times of the first
    view on each connection."""

    def __init__(self, seat: Seat, url: str, rng: random.Random, think: tuple[float, float],
                 board: Board, doubt: float = 0.3) -> None:
        self.seat, self.url, self.rng, self.think, self.board = seat, url, rng, think, board
        self.doubt = doubt
        self.view: dict[str, Any] | None = None
        self.socket: ClientConnection | None = None
        self.acked: set[tuple[int, int]] = set()
        self.seen: dict[int, int] = {}
        self.reviewed: set[int] = set()  # the games whose review this phone has shown
        self.views: list[float] = []
        self.stopping = False
        self._pending: dict[tuple[int, int], float] = {}
        self._planned: set[tuple[int, int, int]] = set()
        self._counting: set[tuple[int, int]] = set()  # positions shown with their odds to follow
        self._bucket = Pace()

    async def play(self, retry: float | None = None) -> None:
        """Play until :meth:`stop`; with ``retry`` (seconds), reconnect whenever the socket
        fails, else let the failure out."""
        while not self.stopping:
            try:
                async with connect(self.url, additional_headers={"cookie": f"bm_seat={self.seat.secret}"},
                                   max_size=2**24, open_timeout=30) as socket:
                    self.socket = socket
                    self._bucket = Pace()  # the server's budget for this socket, kept to
                    await self._listen(socket)
            except GONE:
                if retry is None or self.stopping:
                    raise
            self.socket = None
            if retry is not None and not self.stopping:
                await asyncio.sleep(retry)

    async def stop(self) -> None:
        """Stop playing and close the socket."""
        self.stopping = True
        if self.socket is not None:
            await self.socket.close()

    def unanswered(self) -> int:
        """Moves this phone sent that the server has neither acknowledged nor shown."""
        return sum(1 for game, at in self._pending if at > self.seen.get(game, 0))

    async def _listen(self, socket: ClientConnection) -> None:
        first = True
        async for text in socket:
            now = time.perf_counter()
            message = json.loads(text)
            if message["type"] == "view":
                if first:
                    self.views.append(time.monotonic())
                    first = False
                self._take_view(socket, message, now)
            elif message["type"] == "ack":
                self._take_ack(message, now)
            elif message["type"] == "error":
                self.board.errors.append(f"{self.seat.name}: {message['message']}")
                self._plan(socket, self.view, again=True)

    def _take_ack(self, message: dict[str, Any], now: float) -> None:
        key = (message["game"], message["at"])
        self.acked.add(key)
        sent = self._pending.pop(key, None)
        if sent is not None and self.board.sent[key][2]:
            self.board.acks.append(now - sent)

    def _take_view(self, socket: ClientConnection, message: dict[str, Any], now: float) -> None:
        self.view = message
        game, at = message["game"], message["at"]
        if game is None:
            return
        before = self.seen.get(game, 0)
        for number in range(before + 1, at + 1):
            self.board.moves.add((game, number))
            sent = self.board.sent.get((game, number))
            if sent is not None and sent[1] != self.seat.name and sent[2]:
                self.board.trips.append(now - sent[0])
                if message["regions"]["end"] and number == at:
                    self.board.ending.append(now - sent[0])
        self.seen[game] = max(before, at)
        self._take_odds(message, now)
        end = message["regions"]["end"]
        if end and COUNTING not in end and game not in self.reviewed:
            self.reviewed.add(game)
            sent = self.board.sent.get((game, at))
            if sent is not None and sent[2]:
                self.board.reviews.append(now - sent[0])
        if message["regions"]["end"]:
            self.board.on_end(int(_TABLE.search(message["regions"]["table"])[1]), game, COUNTING not in end)
        self._plan(socket, message)

    def _take_odds(self, message: dict[str, Any], now: float) -> None:
        """A view sent with its odds to follow (``counting``), or the same position's view
        with them: the time from the move to the odds, for another student's timed move."""
        key = (message["game"], message["at"])
        sent = self.board.sent.get(key)
        timed = sent is not None and sent[1] != self.seat.name and sent[2]
        if message.get("counting"):
            self._counting.add(key)
            self.board.counting += timed
        elif key in self._counting:
            self._counting.discard(key)
            if timed:
                self.board.odds.append(now - sent[0])

    def _plan(self, socket: ClientConnection, view: dict[str, Any] | None, again: bool = False) -> None:
        """Move after a pause if ``view`` says it is my turn, once per view and socket (or
        ``again``: the server refused the move)."""
        if view is None or not view["turn"] or self.stopping:
            return
        planned = (id(socket), view["game"], view["at"])
        if again or planned not in self._planned:
            self._planned.add(planned)
            asyncio.get_running_loop().create_task(self._move_later(socket, view["game"], view["at"]))

    async def _move_later(self, socket: ClientConnection, game: int, at: int) -> None:
        await asyncio.sleep(self.rng.uniform(*self.think))
        view = self.view
        if self.stopping or socket is not self.socket or view is None or not view["turn"] \
                or (view["game"], view["at"]) != (game, at):
            return
        while not self._bucket.take():  # a page may send 5 messages a second after 20: a
            await asyncio.sleep(0.02)      # student who moves at once at a fast table waits
        view = self.view
        if self.stopping or socket is not self.socket or view is None or not view["turn"] \
                or (view["game"], view["at"]) != (game, at):
            return
        move = choose(view["regions"]["moves"], self.rng, self.doubt)
        sent = time.perf_counter()
        self.board.sent[(game, at + 1)] = (sent, self.seat.name, self.board.timing)
        self.board.tables[(game, at + 1)] = self.seat.table
        self.board.timed += self.board.timing
        self.board.expected += self.board.timing * (self.board.students.get(self.seat.table, 1) - 1)
        self._pending[(game, at + 1)] = sent
        with contextlib.suppress(*GONE):
            await socket.send(json.dumps({"type": "move", "game": game, "at": at, "move": move}))


#: Seconds the teacher waits for the students' reviews of a game that ended before starting
#: the next one anyway.
REVIEW_WAIT = 5.0


class Teacher:
    """The teacher's page, kept open (and reopened while ``retry``): it starts a table's
    next game when told that a game there ended (:meth:`ended`, once per game), and keeps
    when each room message came and the moves it showed (``rooms``)."""

    def __init__(self, url: str, cookie: str, retry: float = 0.05) -> None:
        self.url, self.cookie, self.retry = url, cookie, retry
        self.started: list[tuple[int, int]] = []
        self.rooms: list[tuple[float, dict[str, list[int]]]] = []
        self.stopping = False
        self._socket: ClientConnection | None = None
        self._connected = asyncio.Event()
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._ended: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
        self._done: set[tuple[int, int]] = set()
        self._waiting: set[tuple[int, int]] = set()  # games seen to end without their review yet

    def ended(self, table: int, game: int, reviewed: bool = True) -> None:
        """A student saw ``game`` of ``table`` end, with their review (``reviewed``) or
        before it (the next game starts after :data:`REVIEW_WAIT` unless a review comes)."""
        if not reviewed:
            if (table, game) not in self._waiting:
                self._waiting.add((table, game))
                asyncio.get_running_loop().call_later(REVIEW_WAIT, self.ended, table, game, True)
            return
        if (table, game) not in self._done:
            self._done.add((table, game))
            self._ended.put_nowait((table, game))

    async def run(self) -> None:
        """Keep the page open and start the next games until :meth:`stop`."""
        reader = asyncio.get_running_loop().create_task(self._read())
        try:
            while not self.stopping:
                table, game = await self._ended.get()
                if not self.stopping:
                    await self._start(table)
                    self.started.append((table, game))
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader

    async def stop(self) -> None:
        """Stop; close the page."""
        self.stopping = True
        self._ended.put_nowait((0, 0))
        if self._socket is not None:
            await self._socket.close()

    async def _read(self) -> None:
        while not self.stopping:
            with contextlib.suppress(*GONE):
                async with connect(self.url, additional_headers={"cookie": f"bm_teacher={self.cookie}"},
                                   max_size=2**24, open_timeout=30) as socket:
                    self._socket = socket
                    self._connected.set()
                    async for text in socket:
                        now = time.perf_counter()
                        message = json.loads(text)
                        if message["type"] == "room":
                            self.rooms.append((now, message["played"]))
                        if message["type"] in ("notice", "error"):
                            self._replies.put_nowait(message)
            self._connected.clear()
            self._socket = None
            await asyncio.sleep(self.retry)

    async def _start(self, table: int) -> None:
        """Start the table's next game; sent again until the server answers (an error that
        it is playing means an earlier try was taken)."""
        while not self.stopping:
            await self._connected.wait()
            socket = self._socket
            if socket is None:
                continue
            while not self._replies.empty():
                self._replies.get_nowait()
            with contextlib.suppress(*GONE):
                await socket.send(json.dumps({"type": "start", "table": table}))
                if await self._reply(socket):
                    return
            await asyncio.sleep(self.retry)

    async def _reply(self, socket: ClientConnection, timeout: float = 10) -> bool:
        """Whether the server answered before the socket closed (or ``timeout`` passed)."""
        reply = asyncio.ensure_future(self._replies.get())
        closed = asyncio.ensure_future(socket.wait_closed())
        done, _ = await asyncio.wait({reply, closed}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        for waiting in (reply, closed):
            waiting.cancel()
        return reply in done


def refreshes(board: Board, rooms: list[tuple[float, dict[str, list[int]]]]) -> list[float]:
    """For each timed student move, from its send to the first room message on the
    teacher's page that shows it (its table's picture and state drawn with the move in).

    >>> board = Board(sent={(7, 3): (1.0, "Ann", True)}, tables={(7, 3): 2})
    >>> refreshes(board, [(1.1, {"2": [7, 2]}), (1.3, {"2": [7, 3]}), (1.5, {"2": [8, 0]})])
    [0.30000000000000004]
    """
    found = []
    for (game, at), (sent, _, timed) in board.sent.items():
        table = str(board.tables[(game, at)])
        shown = next((when for when, played in rooms if when >= sent and table in played
                      and tuple(played[table]) >= (game, at)), None)
        if timed and shown is not None:
            found.append(shown - sent)
    return found


async def shut(students: list[Student], teacher: Teacher, tasks: list[asyncio.Task[Any]]) -> None:
    """Stop the phones and the teacher's page, close their sockets, end their tasks."""
    await asyncio.gather(*(s.stop() for s in students), teacher.stop(), return_exceptions=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


# --- the results file --------------------------------------------------------------------------


def section(name: str, old: str, body: str, intro: str) -> str:
    """``old`` (the whole results file, or only its title) with the section ``name``
    replaced by ``body`` (added if missing); the other sections kept as they were."""
    found = {n: m[1] for n in SECTIONS
             if (m := re.search(rf"<!-- class_{n} -->\n(.*?)<!-- /class_{n} -->\n", old, re.DOTALL))}
    found[name] = body
    parts = [TITLE, "", *([intro] if intro else [])]
    for n in SECTIONS:
        if n in found:
            parts.append(f"<!-- class_{n} -->\n{found[n]}<!-- /class_{n} -->")
    return "\n".join(parts) + "\n"


INTRO = ("Written by `python -m benchmarks.class_load --write` and `python -m benchmarks.class_restart "
         "--write` (each rewrites its own section); see `benchmarks/class_load.py`, "
         "`benchmarks/class_restart.py` and `benchmarks/classroom.py`.\n")


def write_section(name: str, body: str) -> None:
    """Rewrite the section ``name`` of :data:`RESULTS`, keeping the other one."""
    old = RESULTS.read_text("utf-8") if RESULTS.exists() else ""
    RESULTS.write_text(section(name, old, body, INTRO), encoding="utf-8")
    print(f"written to {RESULTS}", file=sys.stderr)


def machine_lines(load: tuple[float, float]) -> list[str]:
    """Where and when: the date, the machine, the software, the load average."""
    import importlib.metadata
    import platform
    import sqlite3

    from benchmarks.report import machine

    versions = ", ".join(f"{p} {importlib.metadata.version(p)}" for p in ("starlette", "uvicorn", "websockets"))
    return [*(line for line in machine() if "caches" not in line and "icepool" not in line),
            f"- Python {platform.python_version()}, {versions}, SQLite {sqlite3.sqlite_version}",
            f"- load average (1 min): {load[0]:.2f} at the start, {load[1]:.2f} at the end, on "
            f"{os.cpu_count()} cores; the server and every client share them"]
