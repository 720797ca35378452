"""The class server as a real process, and students on real sockets, for the fault and
browser tests: what a teacher starts with one command, killed and started again at will."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from bluffmath_class.jobs import COUNTING

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SETTINGS = {"game": "hochstapler", "seats": 3, "bot": "counting", "odds": "always",
            "move_seconds": 0, "variant": "one-deal"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Live:
    """A server process on ``database`` and ``port``: its banner's code and teacher's key."""

    database: Path
    port: int
    bot_seconds: int = 0
    process: subprocess.Popen[str] | None = None
    code: str = ""
    key: str = ""
    started: float = 0.0
    log: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server as the README says, and wait until it answers."""
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [str(BIN / "bluffmath"), "class", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", str(self.database), "--bot-seconds", str(self.bot_seconds)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
        lines = []
        for line in self.process.stdout:
            lines.append(line)
            if "teacher?key=" in line:
                break
        text = "".join(lines)
        assert "teacher?key=" in text, text
        self.code = re.search(r"type the code\s+(\d+)", text)[1]
        self.key = re.search(r"teacher\?key=(\S+)", text)[1]
        threading.Thread(target=self._drain, daemon=True).start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base, timeout=2)
                return
            except OSError:
                time.sleep(0.02)
        raise TimeoutError("the class server did not answer in 20 s")

    def _drain(self) -> None:
        """Keep what the server prints (its log) after its first lines, for a failing test."""
        for line in self.process.stdout:
            self.log.append(line)

    def kill(self) -> None:
        """``kill -9``: no goodbye, no flush."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    # --- as the teacher and the students ----------------------------------------------------
    def order(self, **fields: Any) -> dict[str, Any]:
        with connect(f"ws://127.0.0.1:{self.port}/teacher/ws",
                     additional_headers={"Cookie": f"bm_teacher={self.key}"}) as teacher:
            teacher.send(json.dumps(fields))
            while True:
                message = json.loads(teacher.recv(10))
                if message["type"] in ("notice", "error"):
                    return message

    def join(self, name: str) -> str:
        """Seat a student through the form; the seat's secret."""
        body = urllib.parse.urlencode({"code": self.code, "name": name}).encode()
        request = urllib.request.Request(f"{self.base}/join", body, method="POST")

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any) -> None:
                return None

        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(request)
        except urllib.error.HTTPError as answer:
            redirect = answer
        else:
            raise AssertionError("the join form did not redirect")
        if redirect.code != 303:
            raise AssertionError(redirect.read())
        return re.search(r"bm_seat=([^;]+)", redirect.headers["set-cookie"])[1]


_MIN = re.compile(r'name="total"[^>]*min="(\d+)"')
_COLOUR = re.compile(r'<select name="colour"><option value="(\w+)"')


def choose(moves_html: str, rng: Any) -> dict[str, Any] | None:
    """A legal move read off the page's move region, as a student taps: a doubt now and
    then, else the lowest call in the first colour offered."""
    doubt = '{"kind": "doubt"}' in moves_html
    low, colour = _MIN.search(moves_html), _COLOUR.search(moves_html)
    if doubt and (low is None or rng.random() < 0.4):
        return {"kind": "doubt"}
    if low is None or colour is None:
        return None
    return {"kind": "call", "total": int(low[1]), "colour": colour[1]}


@dataclass
class LiveStudent:
    """A student on a real socket who plays until the game ends, reconnecting whenever the
    server goes away; every acknowledgement and view is kept."""

    live: Live
    secret: str
    rng: Any
    think: tuple[float, float] = (0.0, 0.0)
    acks: set[tuple[int, int]] = field(default_factory=set)
    seen: list[dict[str, Any]] = field(default_factory=list)
    reconnects: list[float] = field(default_factory=list)
    done: bool = False

    def play(self, deadline: float) -> None:
        while not self.done and time.monotonic() < deadline:
            try:
                with connect(f"ws://127.0.0.1:{self.live.port}/ws", open_timeout=2,
                             additional_headers={"Cookie": f"bm_seat={self.secret}"}) as socket:
                    self._session(socket, deadline)
            except (ConnectionClosed, OSError, InvalidStatus, TimeoutError):
                time.sleep(0.05)

    def _session(self, socket: Any, deadline: float) -> None:
        first = True
        while time.monotonic() < deadline:
            message = json.loads(socket.recv(30))
            if first:
                self.reconnects.append(time.monotonic())
                first = False
            if message["type"] == "ack":
                self.acks.add((message["game"], message["at"]))
            if message["type"] != "view":
                continue
            self.seen.append(message)
            if message["regions"]["end"] and message["regions"]["end"] != COUNTING:  # the panel is in
                self.done = True
                return
            if message["turn"]:
                time.sleep(self.rng.uniform(*self.think))
                move = choose(message["regions"]["moves"], self.rng)
                if move is not None:
                    socket.send(json.dumps({"type": "move", "game": message["game"],
                                            "at": message["at"], "move": move}))
