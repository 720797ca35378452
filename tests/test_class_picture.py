"""The teacher's picture of the class's Hochstapler: every number equal to one recomputed
here from the games themselves by enumeration (``tests/brute_force.py``), and nothing on it
that a student's hidden card could change."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from bluffmath import hochstapler as hs
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.games.hochstapler_notes import CallNote
from bluffmath_class.games.hochstapler_picture import BINS, bin_of
from tests import brute_force as brute
from tests.class_server import join, open_table, order, other_world, served, teacher_socket, until

RULES = GAMES["hochstapler"]
BOTS = [hs.CardCountingBot(), hs.RandomBot(), hs.BidReadingBot()]


def _record(players: int, seed: int, moves: int = 200, table: int = 1) -> Record:
    state = hs.Game(players=players).new_game(seed)
    rng, notes = random.Random(seed), []
    for _ in range(moves):
        if state.is_terminal:
            break
        action = BOTS[state.to_act % 3].choose(state.view(state.to_act), state.legal_actions(), rng)
        before, state = state, state.apply(action)
        notes.append(RULES.note(before, action, state))
    seating = Seating(tuple(f"P{s}" for s in range(players)))
    return Record(seating, state, [n for n in notes if n is not None], table=table, game=seed)


def _chance(state: hs.State, number: int, seat: int, call: hs.Call) -> Fraction:
    """P(call true) from ``seat`` before move ``number``, by enumeration."""
    before = state.game.replay(state.seed, state.opener, state.events[:number - 1])
    own = before.hands[call.colour][seat]
    return brute.probability_at_least(brute.total_counts(state.players, own, before.face_up(call.colour)), call.total)


def _expected(records: list[Record]) -> dict[str, object]:
    """The picture's figures, recomputed from the games' events alone (one-deal games: the
    k-th doubt is the k-th reveal)."""
    doubts, calls = [], []
    for record in records:
        state = record.state
        assert state.game.target is None
        shown = {r.call.colour: r.total for r in state.reveals}
        reveals = iter(state.reveals)
        for number, event in enumerate(state.events, 1):
            if isinstance(event, hs.Call) and event.colour in shown:
                calls.append((_chance(state, number, event.seat, event), shown[event.colour] >= event.total))
            elif isinstance(event, hs.Doubt):
                reveal = next(reveals)
                doubts.append((_chance(state, number, event.seat, reveal.call), reveal.total >= reveal.call.total))
    bins = [[] for _ in range(BINS)]
    for p, came in calls:
        bins[min(BINS - 1, int(p * 10))].append(came)
    return {"doubts": len(doubts), "right": sum(not t for _, t in doubts),
            "expected": sum((1 - p for p, _ in doubts), Fraction(0)),
            "against": sum(p > Fraction(1, 2) for p, _ in doubts),
            "calls": len(calls), "risky": sum(p < Fraction(1, 2) for p, _ in calls),
            "bins": [(len(b), sum(b)) for b in bins if b]}


def _shown(html: str) -> dict[str, object]:
    number = {name: int(re.search(rf'data-{name}="(\d+)"', html)[1])
              for name in ("doubts", "right", "against", "calls", "risky")}
    a, b = re.search(r'class="expected" data-p="(\d+)/(\d+)"', html).groups()
    rows = re.findall(r"<tr><td>\d+–\d+ %</td><td>(\d+)</td><td>(\d+) \(", html)
    return {**number, "expected": Fraction(int(a), int(b)), "bins": [(int(n), int(c)) for n, c in rows]}


@pytest.mark.parametrize("players", [3, 5, 7])
def test_every_figure_of_the_picture_is_recomputed_by_enumeration(players):
    records = [_record(players, seed, table=seed % 3 + 1) for seed in range(6)]
    assert _shown(RULES.picture(records)) == _expected(records)


def test_the_bins_cover_every_chance_once():
    assert [bin_of(Fraction(k, 20)) for k in range(21)] == [k // 2 for k in range(20)] + [9]


def test_the_picture_shows_nothing_a_hidden_card_could_change():
    rng = random.Random(3)
    for seed in range(15):
        record = _record(4, seed, moves=rng.randint(3, 40))
        picture = RULES.picture([record])
        hidden = {(r.deal, r.call.colour) for r in record.state.reveals}
        twisted = [replace(n, chance=Fraction(rng.randint(0, 9), 9))
                   if isinstance(n, CallNote) and (n.deal, n.call.colour) not in hidden else n
                   for n in record.notes]
        assert RULES.picture([replace(record, notes=twisted)]) == picture
        world = other_world(record.state, -1, rng)
        assert RULES.picture([replace(record, state=world)]) == picture


def test_the_teacher_sees_the_picture_live():
    # the bots wait 30 s before a move, so the test makes seat 1's move itself, unraced
    with served(bot_seconds=30.0) as (client, app):
        table_id = open_table(client, app, seats=3)
        join(client, app, "Ann")
        with teacher_socket(client, app) as teacher:
            until(teacher, lambda m: m["type"] == "room")
            order(teacher, type="start", table=table_id)
            room = app.state.room
            run = room.tables[table_id].current
            client.portal.call(room._play, room.tables[table_id], run, 0, hs.Raise(3, "red"), "student")
            client.portal.call(room._play, room.tables[table_id], run, 1, hs.DoubtCall(), "bot")
            message = until(teacher, lambda m: m["type"] == "room" and 'data-doubts="1"' in m["regions"]["picture"])
    assert "Hochstapler: the class beside the mathematics" in message["regions"]["picture"]
    assert f"table-{table_id}" in message["regions"]


# --- every game's wide tables scroll in a box of their own ----------------------------------------


class _Boxes(HTMLParser):
    """Each table of a page and whether it lies in a scroll box that a keyboard reaches and
    that says what it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[dict[str, str | None]] = []
        self.tables: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "input", "meta", "link"):
            return
        found = dict(attrs)
        if tag == "table":
            self.tables.append(any("scroll-box" in (a.get("class") or "").split() and a.get("tabindex") == "0"
                                   and a.get("role") == "region" and a.get("aria-label") for a in self.open))
        self.open.append(found)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("br", "img", "input", "meta", "link"):
            self.open.pop()


@pytest.mark.parametrize("game", ["hochstapler", "gauner", "hoax", "muenchhausen", "duel"])
def test_every_table_of_a_games_picture_scrolls_in_a_labelled_box_a_keyboard_reaches(game):
    rules = GAMES[game]
    variant = next(iter(rules.variants))
    seats = min(4, rules.seat_range(variant).stop - 1)
    records = []
    for seed in range(3):
        state, rng, notes = rules.new_state(seats, variant, seed, 0), random.Random(seed), []
        while rules.to_act(state) is not None:
            action = rules.bot_move(state, "random", rng)
            before, state = state, rules.apply(state, action)
            if (note := rules.note(before, action, state)) is not None:
                notes.append(note)
        records.append(Record(Seating(tuple(f"P{s}" for s in range(seats))), state, notes, "finished", 1, seed + 1))
    boxes = _Boxes()
    boxes.feed(rules.picture(records))
    assert boxes.tables
    assert all(boxes.tables)
