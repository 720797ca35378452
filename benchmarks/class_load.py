"""The class table server under a class's load: how long a student's move takes to reach
the other students at the table and the teacher's picture, over real sockets, and what
durability costs.

``python -m benchmarks.class_load [--students 40] [--tables 10] [--seconds 90] [--games N]
[--mix hochstapler,gauner,hoax,muenchhausen] [--write]`` starts one server process
(``bluffmath class ... --bot-seconds 0``) on a new database in a temporary folder, opens
``tables`` tables through the teacher's socket, the games of ``--mix`` in turn (table 1
the first game, table 2 the second, ...), each with 5 seats or as many as its game allows,
and seats ``students / tables`` students at each through the join form (the other seats
are played by the server's bots, at once). Every student is a WebSocket client of the
``websockets`` library, all in this one asyncio process
(:class:`benchmarks.classroom.Student`); each "thinks" a random 0.3-1.5 s (seeded) before
each move, and then taps a move its page offers (a doubt 3 times in 10 when it may do
something else, else any other move offered). The teacher's page stays open (it gets the
room, picture included, at most 4 times a second) and starts a table's next game when one
of its students sees their review of the game that ended (or 5 s after one saw the end, if
no review came). Timing starts once every student has its first view,
and ends after ``seconds`` (or ``games`` ended games); then nobody moves, and the answers
to moves already sent are awaited for 2 s.

*Round trip*: for each student move, from just before the mover's ``send`` to each OTHER
student at the table receiving the view whose ``at`` includes that move (one sample per
other student; the clients and their clock are in one process). *Ack*: the mover's own
acknowledgement, which the server sends once the move is committed to SQLite (the issue's
floor is for the round trip, on loopback: :func:`floor_of`).
*Review*: from the send of a game's last move to each student's view whose end panel holds
their review (the end shows at once with "Counting your review…"; the review follows).
*Picture*: from the send to the first room message on the teacher's socket whose
``played`` shows the move (its table's state and the class picture redrawn with it; the
floor: within 1 s, every timed move).
Percentiles are by nearest rank. A view that never came is counted as missing. Moves per
second counts every move at every table (bots' too); the server's resident memory (RSS,
psutil) is sampled every 0.25 s: at the start of timing, its peak, and at the end; its
CPU time over the timed window is shown as a share of one core.

*The cost of durability.* The server commits each move with ``synchronous=FULL`` before
it answers; the server cannot be run relaxed without editing it, so the cost is measured
apart, in the same run, after the load: 1,000 ``Database.add_move`` calls on a file
database as shipped (WAL, ``synchronous=FULL``, ``BEGIN IMMEDIATE`` ... ``COMMIT``)
against what a competent user would write instead, a plain ``sqlite3`` connection doing
the same ``INSERT`` with a commit per move and ``PRAGMA synchronous=OFF``; and, to tell
the sync from the wrapper, the same plain connection with ``synchronous=FULL``. Each call
is timed alone, the three taking turns move by move. ``--write`` rewrites the load section
of ``benchmarks/CLASS.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from benchmarks import classroom
from benchmarks.classroom import Board, Seat, Server, Student, Teacher
from benchmarks.latency import nearest_rank
from bluffmath_class.database import Database
from bluffmath_class.games import GAMES

SEED = 2026
SEATS = 5
THINK = (0.3, 1.5)
GRACE = 2.0  # seconds to wait for the answers to the last moves
FLOOR_PICTURE = 1.0
#: The games the tables play, in turn: table 1 the first, table 2 the second, ...
MIX = ("hochstapler", "gauner", "hoax", "muenchhausen", "duel")
WRITES = 1000


@dataclass
class Load:
    """What one load run measured (times in seconds, memory in bytes)."""

    trips: list[float]
    ending: list[float]
    reviews: list[float]
    pictures: list[float]
    acks: list[float]
    timed: int
    expected: int
    moves: int
    seconds: float
    games: int
    rss: tuple[int, int, int]
    cpu: float
    client_cpu: float
    errors: list[str]
    workers_cpu: float = 0.0
    workers_rss: int = 0
    think: tuple[float, float] = THINK
    odds: list[float] = field(default_factory=list)
    counting: int = 0

    def per_move(self, share: float) -> float:
        """CPU seconds a move from a share of a core over the timed window."""
        return share * self.seconds / self.moves if self.moves else float("nan")


class Sampler:
    """A process's resident memory every ``every`` seconds, and its CPU time; and of its
    worker processes (every process it started, and theirs)."""

    def __init__(self, pid: int, every: float = 0.25) -> None:
        self.process, self.every = psutil.Process(pid), every
        self.samples: list[int] = []
        self._workers: dict[int, psutil.Process] = {}

    def rss(self) -> int:
        value = self.process.memory_info().rss
        self.samples.append(value)
        return value

    def cpu(self) -> float:
        times = self.process.cpu_times()
        return times.user + times.system

    def workers(self) -> list[psutil.Process]:
        """The server's worker processes (kept once seen, so a CPU count never drops)."""
        with contextlib.suppress(psutil.Error):
            for child in self.process.children(recursive=True):
                self._workers.setdefault(child.pid, child)
        return list(self._workers.values())

    def workers_cpu(self) -> float:
        total = 0.0
        for worker in self.workers():
            with contextlib.suppress(psutil.Error):
                times = worker.cpu_times()
                total += times.user + times.system
        return total

    def workers_rss(self) -> int:
        total = 0
        for worker in self.workers():
            with contextlib.suppress(psutil.Error):
                total += worker.memory_info().rss
        return total

    async def run(self) -> None:
        while True:
            self.rss()
            await asyncio.sleep(self.every)


# --- the load ---------------------------------------------------------------------------------


async def drive(server: Server, seats: list[Seat], cookie: str, seconds: float,
                games: int | None, think: tuple[float, float] = THINK) -> Load:
    """Play the class against ``server`` (see the module docstring)."""
    board, teacher = Board(), Teacher(f"{server.ws}/teacher/ws", cookie)
    for seat in seats:
        board.students[seat.table] = board.students.get(seat.table, 0) + 1
    board.on_end = teacher.ended
    rng = random.Random(SEED)
    students = [Student(s, f"{server.ws}/ws", random.Random(rng.random()), think, board) for s in seats]
    sampler = Sampler(server.process.pid)
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(s.play()) for s in students] + [loop.create_task(teacher.run()),
                                                               loop.create_task(sampler.run())]
    try:
        await _until(lambda: all(s.views for s in students), 30, tasks)
        start, cpu, client = time.perf_counter(), sampler.cpu(), time.process_time()
        workers = sampler.workers_cpu()
        rss_start, moves, ended = sampler.rss(), len(board.moves), len(teacher.started)
        board.timing = True
        await _until(lambda: games is not None and len(teacher.started) - ended >= games, seconds, tasks)
        board.timing = False
        elapsed = time.perf_counter() - start
        cpu, client = (sampler.cpu() - cpu) / elapsed, (time.process_time() - client) / elapsed
        workers = (sampler.workers_cpu() - workers) / elapsed
        workers_rss = sampler.workers_rss()
        moves, ended = len(board.moves) - moves, len(teacher.started) - ended
        for student in students:
            student.stopping = True
        await asyncio.sleep(GRACE)
        rss = (rss_start, max(sampler.samples), sampler.rss())
    finally:
        await classroom.shut(students, teacher, tasks)
    return Load(board.trips, board.ending, board.reviews, classroom.refreshes(board, teacher.rooms), board.acks, board.timed,
                board.expected, moves, elapsed, ended, rss, cpu, client, board.errors, workers, workers_rss, think,
                board.odds, board.counting)


async def _until(done: Callable[[], bool], seconds: float, tasks: list[asyncio.Task[None]]) -> None:
    """Wait until ``done()`` or ``seconds`` pass; a task that failed stops the run."""
    deadline = time.perf_counter() + seconds
    while not done() and time.perf_counter() < deadline:
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError("a client failed") from task.exception()
        await asyncio.sleep(0.05)


def measure(students: int, tables: int, seconds: float, games: int | None, mix: tuple[str, ...],
            think: tuple[float, float] = THINK) -> Load:
    """A server on a new database, the class seated, the load played; the server killed."""
    with tempfile.TemporaryDirectory(prefix="bluffmath-class-") as folder, classroom.servers() as started:
        server = started.spawn(Path(folder) / "class.sqlite3", classroom.free_port(), Path(folder) / "server.log")
        classroom.wait_ready(server)
        code, key = classroom.banner(server)
        cookie = classroom.teacher_cookie(server, key)
        seats = classroom.seat_class(server, code, cookie, tables, students, SEATS, mix)
        load = asyncio.run(drive(server, seats, cookie, seconds, games, think))
        if server.process.poll() is not None:
            raise RuntimeError(f"the server died during the run: see {server.log}")
        return load


# --- the cost of durability -----------------------------------------------------------------------


INSERT = "INSERT INTO moves (game_id, number, seat, move, by, time) VALUES (?, ?, ?, ?, ?, ?)"
MOVE = {"kind": "call", "total": 12, "colour": "red"}


def _game(path: Path) -> tuple[Database, int]:
    """A class database at ``path`` with one table and one game."""
    db = Database(path)
    table = db.add_table(classroom.settings("hochstapler", SEATS))
    return db, db.add_game(table, 1, 7, 0)


@contextlib.contextmanager
def shipped_writer(path: Path) -> Iterator[Callable[[int], None]]:
    """Write move ``n`` with ``Database.add_move``, as the server does."""
    db, game = _game(path)
    try:
        yield lambda n: db.add_move(game, n, n % SEATS, MOVE, "student")
    finally:
        db.close()


@contextlib.contextmanager
def plain_writer(path: Path, synchronous: str) -> Iterator[Callable[[int], None]]:
    """Write move ``n`` with the same ``INSERT`` on a plain ``sqlite3`` connection, a
    commit per move."""
    db, game = _game(path)
    db.close()
    plain = sqlite3.connect(path)
    plain.execute(f"PRAGMA synchronous={synchronous}")

    def write(n: int) -> None:
        plain.execute(INSERT, (game, n, n % SEATS, json.dumps(MOVE), "student", time.time()))
        plain.commit()

    try:
        yield write
    finally:
        plain.close()


def _timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def durability(count: int = WRITES) -> dict[str, list[float]]:
    """``count`` moves written each way, on files in a temporary folder of this disk; the
    ways take turns move by move, so that the disk's moods fall on all of them alike."""
    with tempfile.TemporaryDirectory(prefix="bluffmath-sqlite-") as folder, contextlib.ExitStack() as stack:
        where = Path(folder)
        writers = {
            "`Database.add_move` as shipped (WAL, synchronous=FULL)": shipped_writer(where / "a.sqlite3"),
            "plain `sqlite3`, same INSERT, commit each, synchronous=OFF": plain_writer(where / "b.sqlite3", "OFF"),
            "plain `sqlite3`, same INSERT, commit each, synchronous=FULL": plain_writer(where / "c.sqlite3", "FULL"),
        }
        write = {what: stack.enter_context(writer) for what, writer in writers.items()}
        times: dict[str, list[float]] = {what: [] for what in write}
        for n in range(1, count + 1):
            for what, one in write.items():
                times[what].append(_timed(lambda one=one, n=n: one(n)))
        return times


# --- the report ---------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    """Milliseconds for people.

    >>> ms(0.0123), ms(0.00004)
    ('12.3 ms', '0.04 ms')
    """
    return f"{seconds * 1000:.1f} ms" if seconds >= 0.001 else f"{seconds * 1000:.2f} ms"


def _row(what: str, times: Sequence[float], floor: str, met: str) -> str:
    if not times:
        return f"| {what} | 0 | – | – | – | – | {floor} | no samples |"
    return (f"| {what} | {len(times):,} | {ms(statistics.median(times))} | {ms(nearest_rank(times, 0.95))} "
            f"| {ms(nearest_rank(times, 0.99))} | {ms(max(times))} | {floor} | {met} |")


@dataclass(frozen=True)
class Floor:
    """The floor for the round trip (seconds): a median under ``median`` (None: no floor on
    the median) and a p95 under ``p95``."""

    median: float | None
    p95: float

    def met(self, trips: Sequence[float]) -> bool:
        """Whether ``trips`` keep under the floor."""
        return bool(trips) and nearest_rank(trips, 0.95) < self.p95 \
            and (self.median is None or statistics.median(trips) < self.median)

    def words(self) -> str:
        """The floor, as the table shows it."""
        return ", ".join([*([f"median < {ms(self.median)}"] if self.median is not None else []), f"p95 < {ms(self.p95)}"])


def floor_of(students: int, mix: tuple[str, ...], think: tuple[float, float]) -> Floor:
    """Issue 42's floor for the round trip: with students thinking, median under 100 ms and
    p95 under 250 ms; moving the moment their turn comes, p95 under 100 ms for 40 students
    and every game, under 150 ms for Gauner raus! alone, under 250 ms for 200 students.

    >>> floor_of(40, MIX, (0.0, 0.0)).words(), floor_of(40, ("gauner",), (0.0, 0.0)).words()
    ('p95 < 100.0 ms', 'p95 < 150.0 ms')
    """
    if think != (0.0, 0.0):
        return Floor(0.100, 0.250)
    if mix == ("gauner",):
        return Floor(None, 0.150)
    return Floor(None, 0.250 if students > 40 else 0.100)


def pictured(load: Load) -> bool:
    """The issue's floor for the teacher's picture: every timed move shown within 1 s."""
    return bool(load.pictures) and max(load.pictures) <= FLOOR_PICTURE and len(load.pictures) == load.timed


def load_lines(load: Load, floor: Floor) -> list[str]:
    """The load's table and figures."""
    mb = [f"{value / 2**20:.0f} MB" for value in load.rss]
    return [
        "| from a student's send | samples | median | p95 | p99 | max | floor | met |",
        "|---|---|---|---|---|---|---|---|",
        _row("to each other student's view of the move", load.trips,
             floor.words(), "yes" if floor.met(load.trips) else "**no**"),
        _row("of which the moves that ended a game (the result at once; each seat's review follows)",
             load.ending, "–", "–"),
        _row("to each student's review of the game it ended (the end page's second drawing)", load.reviews,
             "–", "–"),
        *([_row("to each other student's odds of the position it left, where they follow the view (Gauner "
                "raus!'s joint solves)", load.odds, "–", "–")] if load.counting else []),
        _row("to the mover's ack (after the commit)", load.acks, "–", "–"),
        _row("to the teacher's page showing it (the picture and the table redrawn)", load.pictures,
             f"within {FLOOR_PICTURE:.0f} s", "yes" if pictured(load) else "**no**"), "",
        f"- timed: {load.seconds:.1f} s; {load.timed:,} student moves ({load.timed / load.seconds:.1f}/s), "
        f"{load.moves:,} moves in all with the bots' ({load.moves / load.seconds:.1f}/s), "
        f"{load.games} games ended and restarted by the teacher",
        *([f"- odds: of the {load.counting:,} views sent with their odds to follow, {len(load.odds):,} were "
           "followed by them; the others' table moved on first (the odds of a position left are never "
           "counted)"] if load.counting else []),
        f"- views missing (a move some other student never saw within {GRACE:.0f} s): "
        f"{load.expected - len(load.trips):,} of {load.expected:,}; errors from the server: "
        f"{len(load.errors)}{': ' + '; '.join(load.errors[:3]) if load.errors else ''}",
        f"- server's resident memory: {mb[0]} at the start of timing, {mb[1]} at its peak, {mb[2]} at the end",
        f"- CPU over the timed window: the server's process (its event loop) {load.cpu:.0%} of one core, its "
        f"worker processes {load.workers_cpu:.0%} of one core in all, the clients (one process) "
        f"{load.client_cpu:.0%}; workers' resident memory at the end {load.workers_rss / 2**20:.0f} MB",
        f"- **CPU a move** (every move, bots' too): the server's process {ms(load.per_move(load.cpu))}, so one "
        f"core sustains about {1 / load.per_move(load.cpu):,.0f} moves a second on the event loop; with the "
        f"workers' {ms(load.per_move(load.workers_cpu))}, {ms(load.per_move(load.cpu + load.workers_cpu))} in all",
    ]


def durability_lines(writes: dict[str, list[float]]) -> list[str]:
    """The durability table: each way's time per move."""
    lines = ["| one move written | calls | median | p95 | max | total |", "|---|---|---|---|---|---|"]
    for what, times in writes.items():
        lines.append(f"| {what} | {len(times):,} | {ms(statistics.median(times))} "
                     f"| {ms(nearest_rank(times, 0.95))} | {ms(max(times))} | {sum(times):.2f} s |")
    return lines


def thinking(think: tuple[float, float]) -> str:
    """How the students think, in words.

    >>> thinking((0.0, 0.0)), thinking((0.3, 1.5))
    ('moving the moment their turn comes', 'thinking 0.3-1.5 s before each move')
    """
    return "moving the moment their turn comes" if think == (0, 0) else f"thinking {think[0]}-{think[1]} s before each move"


def report(load: Load, writes: dict[str, list[float]] | None, students: int, tables: int, mix: tuple[str, ...],
           loads: tuple[float, float], command: str) -> str:
    """A load section of CLASS.md (with the cost of durability, if measured)."""
    head = [
        f"## Load: {students} students at {tables} tables, {thinking(load.think).split(' before')[0]}", "",
        f"Written by `{command}`; see `benchmarks/class_load.py` for how it is measured. One server "
        f"(its process and its workers) on 127.0.0.1; the tables play {', '.join(GAMES[g].title for g in mix)} "
        f"in turn, each with up to {SEATS} seats as its game allows, {students} students shared over them as "
        "evenly as the seats allow, bots in the other seats (`--bot-seconds 0`), odds shown always; students "
        f"{thinking(load.think)} (`random.Random({SEED})`), the teacher's page open; all "
        "clients in one asyncio process on the same machine.", "",
        *classroom.machine_lines(loads), "", *load_lines(load, floor_of(students, mix, load.think)), ""]
    if writes is None:
        return "\n".join(head)
    shipped, relaxed = (statistics.median(t) for t in list(writes.values())[:2])
    return "\n".join([*head,
        "### The cost of durability", "",
        f"{WRITES:,} moves written one by one to a file database on this machine's disk, each timed "
        "alone, the three ways taking turns move by move, in the same run after the load:", "", *durability_lines(writes), "",
        f"A move's durable write takes {ms(shipped)} (median) as shipped, {ms(relaxed)} with "
        f"`synchronous=OFF`: {ms(shipped - relaxed)} of the round trip's median "
        f"{ms(statistics.median(load.trips)) if load.trips else '–'} is the sync to disk "
        "(the mover's ack waits for it; the other students' views follow it). The sync costs what "
        "this machine's disk takes to flush; measure on the class's own laptop, whose disk may be slower.", ""])


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: measure, print the section, rewrite it in CLASS.md with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.class_load", description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=40, help="students in all (default 40)")
    parser.add_argument("--tables", type=int, default=10, help="tables of 5 seats (default 10)")
    parser.add_argument("--seconds", type=float, default=90, help="timed seconds (default 90)")
    parser.add_argument("--games", type=int, default=None, help="stop sooner, after this many games ended")
    parser.add_argument("--mix", default=",".join(MIX),
                        help=f"the games the tables play in turn (default {','.join(MIX)})")
    parser.add_argument("--think", default=f"{THINK[0]}-{THINK[1]}",
                        help="seconds a student thinks before each move, MIN-MAX, or 0: at once (default 0.3-1.5)")
    parser.add_argument("--section", default="load", choices=classroom.SECTIONS[:-1],
                        help="the section of benchmarks/CLASS.md to rewrite (default load, which also measures "
                             "the cost of durability)")
    parser.add_argument("--write", action="store_true", help="rewrite the section of benchmarks/CLASS.md")
    args = parser.parse_args(argv)
    think = (0.0, 0.0) if args.think == "0" else tuple(float(x) for x in args.think.split("-"))
    if len(think) != 2 or not 0 <= think[0] <= think[1]:
        parser.error("--think takes MIN-MAX seconds (0.3-1.5) or 0")
    start_load = os.getloadavg()[0]
    mix = tuple(args.mix.split(","))
    if not set(mix) <= set(GAMES):
        parser.error(f"--mix takes games from {', '.join(GAMES)}")
    load = measure(args.students, args.tables, args.seconds, args.games, mix, think)
    writes = durability() if args.section == "load" else None
    command = ("python -m benchmarks.class_load" + (f" --students {args.students}" if args.students != 40 else "")
               + (f" --tables {args.tables}" if args.tables != 10 else "")
               + (f" --seconds {args.seconds:g}" if args.seconds != 90 else "")
               + (f" --games {args.games}" if args.games else "")
               + (f" --mix {args.mix}" if mix != MIX else "")
               + (f" --think {args.think}" if think != THINK else "")
               + (f" --section {args.section}" if args.section != "load" else "") + " --write")
    text = report(load, writes, args.students, args.tables, mix, (start_load, os.getloadavg()[0]), command)
    print(text)
    if args.write:
        classroom.write_section(args.section, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
