"""Helpers for the class server's tests: the app in-process (Starlette's TestClient), a
teacher and students on its sockets, and a world with other hidden cards for the leak
checks. Nothing here decides a rule: moves are chosen among the engine's legal actions.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from starlette.testclient import TestClient

from bluffmath import hochstapler as hs
from bluffmath_class.app import create_app
from bluffmath_class.jobs import COUNTING
from bluffmath_class.settings import TableSettings

SETTINGS = {"game": "hochstapler", "seats": 4, "bot": "counting", "odds": "always",
            "move_seconds": 0, "variant": "one-deal"}


def reviewed(message: dict[str, Any]) -> bool:
    """Whether a view shows its seat's end panel: the result and the review (an ended game
    shows at once, with "Counting your review…", and again once the panel is counted)."""
    end = message["regions"]["end"]
    return bool(end) and end != COUNTING


@contextmanager
def served(database: str = ":memory:", bot_seconds: float = 0.0,
           processes: bool = False) -> Iterator[tuple[TestClient, Any]]:
    """The app on ``database``, running (lifespan and all) for the block: (client, app);
    its workers are threads of this process unless ``processes`` (as ``bluffmath class``
    runs them)."""
    app = create_app(database, bot_seconds=bot_seconds, processes=processes)
    with TestClient(app) as client:
        yield client, app


def join(client: TestClient, app: Any, name: str, code: str | None = None) -> str:
    """Seat a student through the join form; the seat's secret (the client keeps no cookie)."""
    response = client.post("/join", data={"code": code or app.state.room.code, "name": name},
                           follow_redirects=False)
    assert response.status_code == 303, response.text
    secret = response.cookies["bm_seat"]
    client.cookies.clear()
    return secret


def seat_socket(client: TestClient, secret: str, **headers: str) -> Any:
    """A student's socket (a context manager)."""
    return client.websocket_connect("/ws", headers={"cookie": f"bm_seat={secret}", **headers})


def teacher_socket(client: TestClient, app: Any) -> Any:
    """The teacher's socket (a context manager)."""
    return client.websocket_connect("/teacher/ws", headers={"cookie": f"bm_teacher={app.state.room.teacher_key}"})


def order(socket: Any, **fields: Any) -> dict[str, Any]:
    """Send a teacher's order; the notice that answers it (room updates are skipped)."""
    socket.send_text(json.dumps(fields))
    while True:
        message = receive(socket)
        if message["type"] in ("notice", "error"):
            return message


def open_table(client: TestClient, app: Any, **settings: Any) -> int:
    """Open one table through the teacher's socket; its id."""
    with teacher_socket(client, app) as teacher:
        notice = order(teacher, type="open", tables=1, **{**SETTINGS, **settings})
    assert notice["type"] == "notice", notice
    return max(app.state.room.tables)


def open_direct(client: TestClient, app: Any, settings: TableSettings) -> int:
    """Open a table with settings the form would refuse (a test's short clock)."""
    [table] = client.portal.call(app.state.room.open_tables, settings, 1)
    return table.id


#: The teacher's page as each socket has heard it: the server sends only the regions that
#: changed, and the page keeps the others.
_PAGES: dict[int, dict[str, str]] = {}


def receive(socket: Any) -> dict[str, Any]:
    """The next message of a socket, as data; a room message with every region the page
    shows now (those it changed, and the others as last heard), and the changed ones' names
    as ``changed``."""
    message = json.loads(socket.receive_text())
    if message["type"] == "room":
        page = _PAGES.setdefault(id(socket), {})
        page.update(message["regions"])
        message["changed"] = sorted(message["regions"])
        message["regions"] = dict(page)
    return message


def until(socket: Any, test: Any) -> dict[str, Any]:
    """Messages until one passes ``test``; that one."""
    while True:
        message = receive(socket)
        if test(message):
            return message


@dataclass
class Player:
    """A student in a thread: plays a random legal move (seeded) whenever it is its turn,
    and keeps every message it received."""

    client: TestClient
    app: Any
    secret: str
    table: int
    seed: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    acks: list[tuple[int, int]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    pending: str | None = None
    moved: set[tuple[int, int]] = field(default_factory=set)  # each (game, at) moved at once

    def play(self, games: int = 1) -> None:
        """Play until ``games`` games of the table have ended."""
        rng = random.Random(self.seed)
        table = self.app.state.room.tables[self.table]
        with seat_socket(self.client, self.secret) as socket:
            while True:
                text = socket.receive_text()
                self.texts.append(text)
                message = json.loads(text)
                self.messages.append(message)
                if message["type"] == "ack":
                    self.acks.append((message["game"], message["at"]))
                elif message["type"] == "error":
                    self.errors.append(message["message"])
                    if "slow down" in message["message"]:
                        self._again(socket)
                elif message["type"] == "view":
                    if reviewed(message) and len(table.runs) >= games:
                        return
                    if message["turn"]:
                        self._move(socket, message, table, rng)

    def _move(self, socket: Any, message: dict[str, Any], table: Any, rng: random.Random) -> None:
        run = table.current
        if run is None or run.at != message["at"] or (message["game"], message["at"]) in self.moved:
            return  # the view is already old (the next one follows), or drawn again with its odds
        self.moved.add((message["game"], message["at"]))
        self.pending = json.dumps({"type": "move", "game": message["game"], "at": message["at"],
                                   "move": table.rules.move_json(random_move(run.state, rng))})
        socket.send_text(self.pending)

    def _again(self, socket: Any) -> None:
        """Send the last move again after the server's "slow down" (it kept nothing)."""
        if self.pending is not None:
            time.sleep(0.25)
            socket.send_text(self.pending)


def random_move(state: Any, rng: random.Random) -> Any:
    """A random legal move of any game: a kind of move first, then one of that kind (so a
    long list of raises does not drown the doubt)."""
    legal = state.legal_actions()
    kinds = sorted({type(a).__name__ for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if type(a).__name__ == kind])


def random_game(rules: Any, players: int, variant: str, deal: int, seed: int) -> list[dict[str, Any]]:
    """A whole game's moves, random legal ones drawn from ``seed`` (:func:`random_move`), as
    the database keeps them; the cards dealt by ``deal``."""
    rng, state = random.Random(seed), rules.new_state(players, variant, deal, 0)
    moves = []
    while rules.to_act(state) is not None:
        action = random_move(state, rng)
        moves.append(rules.move_json(action))
        state = rules.apply(state, action)
    return moves


def in_thread(function: Any, *args: Any) -> Any:
    """``function(*args)`` in a thread of its own: an ``asyncio.run`` inside it never meets
    an event loop another test left running here (Playwright's sync API keeps one)."""
    result: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(function(*args))
        except BaseException as error:  # raised again below, in the test's thread
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]


def play_threads(players: list[Player], games: int = 1, timeout: float = 120) -> None:
    """Run every player in its own thread until their table's games are over."""
    errors: list[BaseException] = []

    def run(player: Player) -> None:
        try:
            player.play(games)
        except BaseException as error:  # reported below, with the player
            errors.append(error)

    threads = [threading.Thread(target=run, args=(p,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not errors, errors
    assert not any(t.is_alive() for t in threads), "a player did not finish in time"


# --- a world with other hidden cards -----------------------------------------------------------


def other_world(state: hs.State, seat: int, rng: random.Random) -> hs.State:
    """``state`` with every card ``seat`` cannot see dealt anew: per colour in play, the other
    seats' cards and the pile shuffled together. Public facts (face-up cards, reveals, calls)
    and ``seat``'s own cards stay; a page drawn from what ``seat`` may see cannot change."""
    hands, piles = {}, {}
    for colour, cards in state.hands.items():
        hidden = [c for s, c in enumerate(cards) if s != seat] + list(state.piles[colour])
        rng.shuffle(hidden)
        others = iter(hidden)
        hands[colour] = tuple(c if s == seat else next(others) for s, c in enumerate(cards))
        piles[colour] = tuple(others)
    world = object.__new__(hs.State)
    world.__dict__.update(state.__dict__)
    world.__dict__.update(hands=MappingProxyType(hands), piles=MappingProxyType(piles))
    return world


def hidden_differs(state: hs.State, world: hs.State, seat: int) -> bool:
    """True when the other world really differs in what ``seat`` cannot see."""
    return any(state.hands[c] != world.hands[c] or state.piles[c] != world.piles[c] for c in state.hands)


def assert_views_hide_other_cards(rules: Any, run: Any, seating: Any, seat: int,
                                  messages: list[dict[str, Any]], odds: str, rng: random.Random) -> int:
    """Check every view ``seat`` received of ``run``: each is the page drawn in worlds where
    every card the seat cannot see was dealt anew. Returns the number of views checked."""
    from bluffmath.schema import Node

    states = [rules.new_state(len(seating.names), "one-deal", run.seed, run.opener)]
    for move in run.moves:
        states.append(rules.apply(states[-1], rules.read_move(Node(move.move, "a stored move"))))
    assert states[-1] == run.state
    views = [m for m in messages if m["type"] == "view" and m["game"] == run.id]
    for message in views:
        state = states[message["at"]]
        notes = [n for n in run.notes if n.number <= message["at"]]
        for _ in range(2):
            mode = "later" if message.get("counting") else odds  # a view whose odds follow
            page = rules.seat_page(other_world(state, seat, rng), seat, seating, mode, notes)
            if message["regions"]["end"]:  # the server's own words for a game that ended
                page.pop("status"), page.pop("moves")
            assert {k: message["regions"][k] for k in page} == page
    return len(views)


def played_by(moves_csv: str) -> list[str]:
    """The ``played by`` column of a moves CSV, move by move."""
    import csv
    import io
    return [row["played by"] for row in csv.DictReader(io.StringIO(moves_csv))]


def picture_showing(teacher: Any, figures: Any, expected: Any, seconds: float = 60) -> dict[str, Any]:
    """The teacher's first room message whose class picture shows ``expected``'s figures as
    ``figures(html)`` reads them (the picture is counted in a worker at most once a second,
    so it follows the game's end); after ``seconds`` with none, the last picture's figures
    are compared with ``expected``, so that the test fails with the difference."""
    last: list[str] = []

    def showing(message: dict[str, Any]) -> bool:
        if message["type"] != "room" or "Counting" in message["regions"]["picture"]:
            return False
        last[:] = [message["regions"]["picture"]]
        try:
            return figures(last[0]) == expected
        except (TypeError, ValueError, AttributeError):  # a picture counted before the end lacks some
            return False
    waiting = ThreadPoolExecutor(1)
    try:
        return waiting.submit(until, teacher, showing).result(seconds)
    except FutureTimeout:
        assert last, f"no class picture came in {seconds} s"
        assert figures(last[0]) == expected
        raise
    finally:
        waiting.shutdown(wait=False)


def count_valuings(monkeypatch: Any) -> list[int]:
    """Count every valuing of a Hochstapler game's decisions (the list gets each valued
    state's number of events); the live habits count at once after a game ends."""
    from bluffmath_class.games.hochstapler import Hochstapler
    valued: list[int] = []
    decisions = Hochstapler.decisions

    def counted(self: Any, state: Any) -> Any:
        valued.append(len(state.events))
        return decisions(self, state)
    monkeypatch.setattr(Hochstapler, "decisions", counted)
    monkeypatch.setattr("bluffmath_class.live_habits.HABITS_AFTER", 0.0)
    return valued
