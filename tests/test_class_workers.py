"""The class server's workers: processes with their own copies of the games, drawing what
the server's process would draw; a worker that dies is replaced; workers never outlive the
server; and a student or an address cannot open sockets without end."""

from __future__ import annotations

import json
import os
import random
import signal
import time

import psutil
import pytest
from starlette.websockets import WebSocketDisconnect

from bluffmath_class.games import GAMES
from bluffmath_class.jobs import Sketch, Sync, draw
from bluffmath_class.mirror import Deal, OutOfStep, Store
from bluffmath_class.settings import TableSettings
from bluffmath_class.workers import BrokenProcessPool, Lanes
from tests.class_live import Live, free_port
from tests.class_server import (
    Player,
    join,
    open_table,
    order,
    play_threads,
    seat_socket,
    served,
    teacher_socket,
)


def _pid(store: Store) -> int:
    return os.getpid()


def _sketch(game: str, seed: int, moves: int) -> tuple[Sketch, object]:
    """A table of ``game`` after ``moves`` bot moves: its sketch for every seat, and the state."""
    rules = GAMES[game]
    variant = next(iter(rules.variants))
    seats = min(4, rules.seat_range(variant).stop - 1)
    state, rng, played = rules.new_state(seats, variant, seed, 0), random.Random(seed), []
    for _ in range(moves):
        if rules.to_act(state) is None:
            break
        action = rules.bot_move(state, next(iter(rules.bots)), rng)
        played.append(rules.move_json(action))
        state = rules.apply(state, action)
    settings = TableSettings(game, seats, next(iter(rules.bots)), "always", 0, variant)
    from bluffmath_class.games import Seating
    seating = Seating(tuple(f"P{s}" for s in range(seats)))
    sync = Sync((1, seed), Deal(game, seats, variant, seed, 0), 0, tuple(played))
    return Sketch(1, settings, seating, "", tuple(range(seats)), sync, 1), state


@pytest.mark.parametrize("game", list(GAMES))
def test_a_worker_process_draws_exactly_what_the_server_would(game):
    """The same sketch drawn in a worker process (its own copy of the game, replayed from
    the moves) and here: the same pages, byte for byte, and the same notes."""
    sketch, state = _sketch(game, seed=11, moves=25)
    lanes = Lanes(processes=True, tables=1)
    try:
        there = lanes.table(1).call(draw, sketch).result(60)
    finally:
        lanes.shutdown()
    here = draw(Store(), sketch)
    assert there.views == here.views
    assert there.public == here.public
    assert there.notes == here.notes
    rules = GAMES[game]
    page = json.loads(here.views[0])
    assert page["at"] == len(sketch.sync.moves)
    assert page["regions"]["hand"] == rules.seat_page(state, 0, sketch.seating, "always", list(filter(None, here.notes)))["hand"]


def test_a_copy_out_of_step_says_so_and_a_dead_worker_is_replaced():
    sketch, _ = _sketch("hochstapler", seed=3, moves=6)
    lanes = Lanes(processes=True, tables=1)
    lane = lanes.table(1)
    try:
        lane.call(draw, sketch).result(60)
        later = Sync(sketch.sync.key, sketch.sync.deal, 9, ())       # moves from 9 on: this copy has 6
        with pytest.raises(OutOfStep, match="this copy has 6 moves"):
            lane.call(draw, Sketch(1, sketch.settings, sketch.seating, "", (0,), later, 2)).result(60)
        first = lane.call(_pid).result(60)
        gone = psutil.Process(first)
        os.kill(first, signal.SIGKILL)
        gone.wait(10)
        generation = lane.generation
        try:
            second = lane.call(_pid).result(60)
        except BrokenProcessPool:  # the pool learnt of the death with this job: the next finds a new worker
            second = lane.call(_pid).result(60)
        assert second != first
        assert lane.generation == generation + 1                      # the copies are known to be gone
        assert lane.call(draw, sketch).result(60).views               # and sent again from move 1
    finally:
        lanes.shutdown()


def test_a_whole_game_through_worker_processes():
    """Students play a whole game against a server whose workers are processes, as the
    command line runs it: every view comes, and the end page holds each student's review."""
    with served(processes=True) as (client, app):
        table_id = open_table(client, app, seats=3)
        players = [Player(client, app, join(client, app, n), table_id, seed=i) for i, n in enumerate(["Ann", "Ben"])]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        play_threads(players)
        run = app.state.room.tables[table_id].last
        for player in players:
            assert player.errors == []
            last = player.messages[-1]
            assert last["at"] == run.at
            assert "Your review" in last["regions"]["end"]


def test_a_student_may_open_four_pages_and_an_address_sixty_four_sockets(monkeypatch):
    with served() as (client, app):
        open_table(client, app, seats=3)
        secret = join(client, app, "Ann")
        sockets = [seat_socket(client, secret) for _ in range(4)]
        opened = [s.__enter__() for s in sockets]
        try:
            for socket in opened:
                assert json.loads(socket.receive_text())["type"] == "view"
            with pytest.raises(WebSocketDisconnect) as refused, seat_socket(client, secret) as fifth:
                fifth.receive_text()
            assert refused.value.code == 1008
            assert "4 pages" in refused.value.reason
        finally:
            for socket in sockets:
                socket.__exit__(None, None, None)
        monkeypatch.setattr("bluffmath_class.connections.MAX_PER_ADDRESS", 2)
        with seat_socket(client, secret) as one, teacher_socket(client, app) as two:
            one.receive_text()
            two.receive_text()
            with pytest.raises(WebSocketDisconnect) as refused, teacher_socket(client, app) as third:
                third.receive_text()
            assert "too many pages are open from this device" in refused.value.reason


def test_the_workers_end_with_a_server_killed_mid_game(tmp_path):
    """``kill -9`` of the server: its workers and their fork server end too, within a few
    seconds, so that a crash never leaves processes running on the teacher's laptop."""
    live = Live(tmp_path / "class.sqlite3", free_port())
    live.start()
    try:
        live.order(type="open", tables=1, game="hochstapler", seats=3, bot="counting", odds="always",
                   move_seconds=0, variant="one-deal")
        deadline = time.monotonic() + 30
        workers: list[psutil.Process] = []
        while time.monotonic() < deadline and len(workers) < 3:
            workers = psutil.Process(live.process.pid).children(recursive=True)
            time.sleep(0.1)
        assert len(workers) >= 3                                 # the fork server and the workers
        live.kill()
        _, alive = psutil.wait_procs(workers, timeout=10)
        assert alive == []
    finally:
        live.stop()
