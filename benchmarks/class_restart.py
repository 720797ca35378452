"""The class table server killed with ``kill -9`` in the middle of play, again and again:
how soon the students' phones have their table back, and whether any move the server
promised was lost.

``python -m benchmarks.class_restart [--kills 20] [--mix hochstapler,gauner,...] [--write]``
starts the server (``bluffmath class ... --bot-seconds 0``) on a new database in a temporary
folder, opens a table for each game of the mix (by default the load benchmark's four:
Hochstapler, Gauner raus!, Hoax and Münchhausen) through the teacher's socket, seats up to 3
students at each through the join form (a bot plays the other seats) and starts them. The students
(:class:`benchmarks.classroom.Student`, WebSocket clients in this process) play fast (0.05-
0.3 s of thought), and every phone reconnects every 50 ms while its socket is down, as the
page does; the teacher's page too, which starts a table's next game when one ends. After a
random 0.1-1.5 s of play (``random.Random(2026)``) the server gets ``SIGKILL``, and a new
process is started at once on the same database and port; the play goes on once every
phone has its view back, until the next kill.

*Resume time*: from just before the new process is started (``Popen``: it has to start
Python, import, bind, replay every game from the file) to the first phone receiving its
table's view on a new socket (the issue's floor: under 2 s), and to the last of them.

*Nothing promised is lost.* A move is promised once the server acknowledged it to its
mover, or showed it to anyone in a view (a view's ``at`` promises every move up to it).
After the last kill, the file is read with :class:`bluffmath_class.database.Database`:
every game's moves must be numbered 1, 2, ... without a gap, every acknowledged move must
be there and be a student's, and every game must hold at least the moves shown; then the
room is rebuilt from the file as a restart does (``Room(Database(path))``), and every
game's save (``table.rules.save(run.state)``) must load through the core's own loader
(:func:`bluffmath.review.load`) and give the same state. Moves that were in flight at
a kill (sent, neither acknowledged nor shown) are counted: those the server may drop, and
the phone sends them again when its turn comes back. ``--write`` rewrites the restart
section of ``benchmarks/CLASS.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import classroom
from benchmarks.class_load import MIX
from benchmarks.classroom import Board, Seat, Server, Servers, Student, Teacher
from bluffmath.review import load
from bluffmath.schema import Node
from bluffmath_class.database import Database, GameRow, MoveRow
from bluffmath_class.games import GAMES
from bluffmath_class.room import Room
from bluffmath_class.settings import TableSettings

SEED = 2026
STUDENTS, SEATS = 3, 4
THINK = (0.05, 0.3)
RETRY = 0.05
PLAY = (0.1, 1.5)  # seconds of play before each kill
FLOOR = 2.0
#: Ended games of Gauner raus! on the file before the class plays (the issue's room).
ENDED = 20
BACK = 30.0  # seconds: a phone without its view by then stops the run


@dataclass
class Restarts:
    """What the kills measured: per kill, seconds from the new process's start to the first
    and to the last phone's view, and the moves in flight at the kill; the moves the server
    promised (acknowledged, and the highest ``at`` shown per game)."""

    first: list[float] = field(default_factory=list)
    last: list[float] = field(default_factory=list)
    in_flight: list[int] = field(default_factory=list)
    acked: set[tuple[int, int]] = field(default_factory=set)
    shown: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


@dataclass
class Check:
    """What the file held after the last kill."""

    games: int = 0
    moves: int = 0
    acked: int = 0
    shown: int = 0
    lost: list[str] = field(default_factory=list)
    replayed: int = 0
    unmarked: int = 0  # games over by their moves whose end the file does not record


# --- the kills --------------------------------------------------------------------------------


async def kill_and_restart(started: Servers, server: Server, db: Path, students: list[Student],
                           restarts: Restarts) -> Server:
    """``kill -9`` the server, start a new one on the same file and port, wait for every
    phone's view; the new server."""
    before = [len(s.views) for s in students]
    server.process.kill()
    await asyncio.to_thread(server.process.wait)
    restarts.in_flight.append(sum(s.unanswered() for s in students))
    server = started.spawn(db, server.port, server.log)
    deadline = time.monotonic() + BACK
    while any(len(s.views) <= n for s, n in zip(students, before, strict=True)):
        if time.monotonic() > deadline or server.process.poll() is not None:
            raise RuntimeError(f"the phones did not get their views back: see {server.log}")
        await asyncio.sleep(0.01)
    back = [s.views[n] - server.started for s, n in zip(students, before, strict=True)]
    restarts.first.append(min(back))
    restarts.last.append(max(back))
    return server


async def drive(started: Servers, server: Server, db: Path, seats: list[Seat], cookie: str,
                kills: int) -> tuple[Server, Restarts]:
    """Play, kill and restart ``kills`` times (see the module docstring)."""
    board, teacher, restarts = Board(), Teacher(f"{server.ws}/teacher/ws", cookie, RETRY), Restarts()
    board.on_end = teacher.ended
    rng = random.Random(SEED)
    students = [Student(s, f"{server.ws}/ws", random.Random(rng.random()), THINK, board) for s in seats]
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(s.play(RETRY)) for s in students] + [loop.create_task(teacher.run())]
    try:
        while any(not s.views for s in students):
            await asyncio.sleep(0.01)
        for kill in range(kills):
            await asyncio.sleep(rng.uniform(*PLAY))
            server = await kill_and_restart(started, server, db, students, restarts)
            print(f"  kill {kill + 1} of {kills}: first view after {restarts.first[-1]:.2f} s",
                  file=sys.stderr, flush=True)
        await asyncio.sleep(rng.uniform(*PLAY))
        server.process.kill()  # the last kill: whatever the file holds now is what is checked
        await asyncio.to_thread(server.process.wait)
    finally:
        await classroom.shut(students, teacher, tasks)
    for student in students:
        restarts.acked |= student.acked
        for game, at in student.seen.items():
            restarts.shown[game] = max(at, restarts.shown.get(game, 0))
    restarts.errors = board.errors
    return server, restarts


# --- the check ----------------------------------------------------------------------------------


def check(path: Path, restarts: Restarts) -> Check:
    """Read the file after the last kill (see the module docstring)."""
    db, found = Database(path), Check()
    try:
        stored = {game.id: (game, db.moves(game.id)) for game in db.games()}
    finally:
        db.close()
    found.games, found.moves = len(stored), sum(len(moves) for _, moves in stored.values())
    for game, (_, moves) in stored.items():
        if [m.number for m in moves] != list(range(1, len(moves) + 1)):
            found.lost.append(f"game {game}: the moves are not numbered 1 to {len(moves)}")
    for game, at in sorted(restarts.acked):
        moves = stored.get(game, (None, []))[1]
        found.acked += 1
        if at > len(moves) or moves[at - 1].by != "student":
            found.lost.append(f"game {game}, move {at}: acknowledged, not in the file as a student's")
    for game, at in sorted(restarts.shown.items()):
        found.shown += at
        if at > len(stored.get(game, (None, []))[1]):
            found.lost.append(f"game {game}: {at} moves shown, {len(stored.get(game, (None, []))[1])} in the file")
    replay(path, stored, found)
    return found


def replay(path: Path, stored: dict[int, tuple[GameRow, list[MoveRow]]], found: Check) -> None:
    """Rebuild the room from the file; every game's save must load and give its state."""
    db = Database(path)
    try:
        room = Room(db)
        for table in room.tables.values():
            for run in table.runs:
                if load(table.rules.save(run.state)) != run.state or run.at != len(stored[run.id][1]):
                    found.lost.append(f"table {table.id}, game {run.number}: the save does not replay")
                    continue
                found.replayed += 1
                found.unmarked += run.ended_by == "finished" and stored[run.id][0].ended_by is None
    finally:
        db.close()


def earlier_games(path: Path, games: int, seed: int = SEED) -> None:
    """``games`` games of Gauner raus! at four seats played to their end by the solver bots
    on a table of their own in the class file ``path``, as an earlier activity leaves them:
    each restart replays them too."""
    room = Room(Database(path))
    rules = GAMES["gauner"]
    [table] = room.open_tables(TableSettings.read(Node(classroom.settings("gauner", 4), "settings")), 1)
    rng = random.Random(seed)
    for _ in range(games):
        run = room.start(table.id)
        while run.ended_by is None:
            room._play(table, run, rules.to_act(run.state), rules.bot_move(run.state, "solver", rng), "bot")
    room.db.close()


def measure(kills: int, mix: tuple[str, ...] = MIX, ended: int = 0) -> tuple[Restarts, Check]:
    """A class on a new file (``ended`` ended games of Gauner raus! on it first, and a
    table for each game of ``mix``), ``kills`` kills, then the file checked."""
    with tempfile.TemporaryDirectory(prefix="bluffmath-class-") as folder, classroom.servers() as started:
        db, log = Path(folder) / "class.sqlite3", Path(folder) / "server.log"
        if ended:
            earlier_games(db, ended)
        server = started.spawn(db, classroom.free_port(), log)
        classroom.wait_ready(server)
        code, key = classroom.banner(server)
        cookie = classroom.teacher_cookie(server, key)
        seats = classroom.seat_class(server, code, cookie, len(mix), STUDENTS * len(mix), SEATS, mix)
        _, restarts = asyncio.run(drive(started, server, db, seats, cookie, kills))
        started.kill_all()
        return restarts, check(db, restarts)


# --- the report ---------------------------------------------------------------------------------


def seconds(value: float) -> str:
    """Seconds for people.

    >>> seconds(0.4567), seconds(1.5)
    ('0.457 s', '1.50 s')
    """
    return f"{value:.3f} s" if value < 1 else f"{value:.2f} s"


def report(restarts: Restarts, found: Check, kills: int, loads: tuple[float, float], command: str,
           mix: tuple[str, ...] = MIX, ended: int = 0) -> str:
    """The restart section of CLASS.md."""
    ok = max(restarts.first) < FLOOR
    lost = len(found.lost)
    return "\n".join([
        f"## Restart: kill -9, {kills} times in play", "",
        f"Written by `{command}`; see `benchmarks/class_restart.py` for how it is measured. One "
        f"server process at a time on 127.0.0.1, a table for each of {', '.join(mix)} (up to {SEATS} seats, "
        f"{STUDENTS} students at each and bots in the other seats, `--bot-seconds 0`), students thinking "
        f"{THINK[0]}-{THINK[1]} s, "
        f"phones reconnecting every {RETRY * 1000:.0f} ms; `SIGKILL` after {PLAY[0]}-{PLAY[1]} s of "
        f"play (`random.Random({SEED})`), a new process at once on the same file and port"
        + (f"; the file holds {ended} ended games of Gauner raus! at four seats from an earlier activity, "
           "which every restart replays too" if ended else "") + ".", "",
        *classroom.machine_lines(loads), "",
        "| from the new process's start | kills | median | max | floor | met |",
        "|---|---|---|---|---|---|",
        f"| to the first phone's view | {len(restarts.first)} | {seconds(statistics.median(restarts.first))} "
        f"| {seconds(max(restarts.first))} | < {FLOOR:.0f} s | {'yes' if ok else '**no**'} |",
        f"| to every phone's view | {len(restarts.last)} "
        f"| {seconds(statistics.median(restarts.last))} | {seconds(max(restarts.last))} | – | – |", "",
        f"- acknowledged moves checked: {found.acked:,}; moves shown in views checked: {found.shown:,} "
        f"(in {len(restarts.shown)} games); **lost: {lost}**"
        + (f" ({'; '.join(found.lost[:5])})" if lost else ""),
        f"- the file after the last kill: {found.games} games, {found.moves:,} moves; the room rebuilt "
        f"from it, and {found.replayed} of {found.games} games' saves load with the core's `load` and give "
        "the same state",
        f"- moves in flight at a kill (sent, neither acknowledged nor shown; the phone sends them "
        f"again): {sum(restarts.in_flight)} at {sum(n > 0 for n in restarts.in_flight)} of "
        f"{len(restarts.in_flight)} kills",
        f"- games over by their moves whose end the file does not record: {found.unmarked}; "
        f"errors from the server: {len(restarts.errors)}"
        + (f" ({'; '.join(restarts.errors[:3])})" if restarts.errors else ""), ""])


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: measure, print the section, rewrite it in CLASS.md with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.class_restart",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=20, help="kill -9 this many times (default 20)")
    parser.add_argument("--mix", default=",".join(MIX), help=f"a table for each of these games (default {','.join(MIX)})")
    parser.add_argument("--ended", type=int, default=ENDED,
                        help=f"games of Gauner raus! ended on the file before the class plays (default {ENDED})")
    parser.add_argument("--write", action="store_true", help="rewrite the restart section of benchmarks/CLASS.md")
    args = parser.parse_args(argv)
    if args.kills < 1:
        parser.error("--kills must be at least 1")
    mix = tuple(args.mix.split(","))
    start_load = os.getloadavg()[0]
    restarts, found = measure(args.kills, mix, args.ended)
    command = ("python -m benchmarks.class_restart" + (f" --kills {args.kills}" if args.kills != 20 else "")
               + (f" --mix {args.mix}" if mix != MIX else "")
               + (f" --ended {args.ended}" if args.ended != ENDED else "") + " --write")
    text = report(restarts, found, args.kills, (start_load, os.getloadavg()[0]), command, mix, args.ended)
    print(text)
    if args.write:
        classroom.write_section("restart", text)
    return 1 if found.lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
