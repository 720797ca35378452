"""The sockets against whatever a page might send: malformed JSON, unknown and near-miss
keys, wrong types, moves out of turn, another seat's secret, moves that are not legal.
Every message gets an answer (an error, or an acknowledgement if it happened to be a legal
move), the socket stays open, and the table is always what its own moves make it."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bluffmath.schema import Node
from tests.class_server import (
    join,
    open_table,
    order,
    receive,
    seat_socket,
    served,
    teacher_socket,
    until,
)

KEYS = ["type", "game", "at", "move", "kind", "total", "colour", "seat", "secret", "Type", "moves"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=30), st.sampled_from(["move", "call", "doubt", "exchange", "red", "1/2"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)), max_leaves=12)


@st.composite
def near_moves(draw):
    """A move message with one thing wrong (or none)."""
    move = draw(st.sampled_from([{"kind": "doubt"}, {"kind": "exchange", "colour": "red"},
                                 {"kind": "call", "total": 5, "colour": "blue"}]))
    message = {"type": "move", "game": draw(st.integers(0, 3)), "at": draw(st.integers(0, 3)), "move": move}
    target = draw(st.sampled_from([message, move]))
    key = draw(st.sampled_from([*KEYS, None]))
    if key is not None:
        target[key] = draw(SCALARS)
    return json.dumps(message)


MESSAGES = st.one_of(JSON.map(json.dumps), near_moves(), st.text(max_size=60),
                     st.sampled_from(["", "{", "[]", "null", '{"type": "move"}', "\ud800" * 3]))


def test_no_message_breaks_a_socket_or_the_table(monkeypatch):
    monkeypatch.setattr("bluffmath_class.throttle.RATE", 1e9)  # this test floods on purpose
    with served() as (client, app):
        table_id = open_table(client, app, seats=3)
        ann, ben = join(client, app, "Ann"), join(client, app, "Ben")
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        table = app.state.room.tables[table_id]
        with seat_socket(client, ann) as first, seat_socket(client, ben) as second:
            receive(first), receive(second)

            @settings(max_examples=400, deadline=None, derandomize=True,
                      suppress_health_check=list(HealthCheck))
            @given(message=MESSAGES, seat=st.integers(0, 1))
            def check(message, seat):
                socket = (first, second)[seat]
                socket.send_text(message)
                answer = until(socket, lambda m: m["type"] in ("error", "ack"))
                if answer["type"] == "error":
                    assert answer["message"]
                    assert "bug" not in answer["message"]
                run = table.current or table.last
                replayed = table.rules.new_state(3, "one-deal", run.seed, run.opener)
                for move in run.moves:
                    replayed = table.rules.apply(replayed, table.rules.read_move(Node(move.move, "a move")))
                assert replayed == run.state

            check()
            first.send_text('{"type": "move", "game": 0, "at": 0, "move": {"kind": "doubt"}}')
            assert until(first, lambda m: m["type"] in ("error", "ack"))["type"] == "error"
