"""Gauner raus! at the class table: moves read strictly, every note's chance and every
chance a page shows counted again here from the rules (tests/gauner_brute.py, which
imports none of bluffmath's counting), every figure of the teacher's picture counted again
from the saves, and no message to a student carrying another seat's hidden card.

The leak check deals the other seats' hidden cards anew (:func:`other_worlds`): cards of
two other holders (another seat or the surplus) are swapped, step by step, and a new deal
is kept when the game's moves replay on it and the seat's view is the same at the end
(then it is the same at every step: cards only leave the hidden ones, numbers and marks
only grow). The seat's page, with the notes made in that world, must not change.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import threading
import time
import zipfile
from dataclasses import replace
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from bluffmath import gauner
from bluffmath.errors import IllegalActionError
from bluffmath.gauner import GRID, Ask, Stop
from bluffmath.review.gauner import review_state
from bluffmath.schema import Node
from bluffmath_class.errors import MessageError
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.games.gauner_notes import MoveNote, replay_notes
from bluffmath_class.games.gauner_page import COUNTING_ODDS
from bluffmath_class.games.gauner_picture import LISTED
from bluffmath_class.settings import TableSettings
from tests.class_server import (
    Player,
    join,
    open_direct,
    open_table,
    order,
    picture_showing,
    play_threads,
    random_move,
    receive,
    seat_socket,
    served,
    teacher_socket,
    until,
)
from tests.gauner_brute import TooMany, joined_counts, seat_hands, unknown_cells

RULES = GAMES["gauner"]
#: The branches the brute-force search of one seat's hands may visit (past it, a position is skipped).
LIMIT = 200_000


def seating(players: int, bots: frozenset[int] = frozenset()) -> Seating:
    return Seating(tuple(f"P{s}" for s in range(players)), bots)


def play(players: int, seed: int, brave: bool = False, moves: int = 10**6) -> tuple[gauner.State, list[MoveNote]]:
    """A game of the class table's bots (solver and random seats in turn), with its notes."""
    state = RULES.new_state(players, "brave" if brave else "plain", seed, 0)
    rng, notes = random.Random(seed), []
    for _ in range(moves):
        if state.is_terminal:
            break
        bot = "solver" if (state.current + seed) % 2 else "random"
        action = RULES.bot_move(state, bot, rng)
        before, state = state, RULES.apply(state, action)
        notes.append(RULES.note(before, action, state))
    return state, notes


def positions(state: gauner.State) -> list[gauner.State]:
    """Every state of ``state``'s game, from the deal (index = moves played)."""
    now = state.game.new_game(state.seed)
    found = [now]
    for action in state.actions:
        now = now.apply(action)
        found.append(now)
    return found


# --- the brute-force count -----------------------------------------------------------------


def brute_table(position: gauner.Position) -> dict[tuple[int, int], Fraction] | None:
    """P(opponent holds cell) for every opponent and unknown cell, counted from the rules
    (None when one seat's hands are too many to list quickly)."""
    seats = [s for s in range(position.players) if s != position.me]
    try:
        hands = [seat_hands(position, s, LIMIT) for s in seats]
    except TooMany:
        return None
    counts = joined_counts(position, hands)
    return {(s, c): Fraction(counts.held[s][c], counts.deals) for s in seats for c in unknown_cells(position)}


def core_table(position: gauner.Position) -> dict[tuple[int, int], Fraction]:
    """P(opponent holds cell) for every opponent and unknown cell: the core's solve, asked
    directly (the class table's notes and pages are not used)."""
    found = gauner.solve(position)
    return {(s, GRID.index(c)): p for s in found.position.opponents for c, p in found.table(s).items()}


def brute_note(before: gauner.State, action: object, count: Any = brute_table) -> dict[str, Any] | None:
    """A move's note as the test counts it (``count``: by brute force, or the core's solve):
    the chance, the best chance, the certain cards."""
    table = count(before.view(before.current))
    if table is None:
        return None
    chance = table.get((action.seat, action.cell), Fraction(0)) if isinstance(action, Ask) else None
    return {"chance": chance, "best": max(table.values()),
            "certain": frozenset(k for k, p in table.items() if p == 1)}


# --- moves ----------------------------------------------------------------------------------


def _read(payload: object) -> object:
    return RULES.read_move(Node.of(json.dumps(payload), "a move", MessageError))


def test_every_legal_move_crosses_the_wire_and_back():
    state, _ = play(3, 1, moves=12)
    for now in positions(state)[::3]:
        for action in now.legal_actions():
            payload = RULES.move_json(action)
            assert json.loads(json.dumps(payload)) == payload
            assert _read(payload) == action
    assert _read({"kind": "stop"}) == Stop()


@pytest.mark.parametrize(("payload", "said"), [
    ({"kind": "guess", "seat": True, "cell": "red-A"}, "seat must be a whole number from 0 to 3; found true"),
    ({"kind": "guess", "seat": 1.0, "cell": "red-A"}, "seat must be a whole number from 0 to 3; found 1.0"),
    ({"kind": "guess", "seat": 4, "cell": "red-A"}, "seat must be a whole number from 0 to 3; found 4"),
    ({"kind": "guess", "seat": 1, "cell": "red-G"}, '"red-G" is not allowed (did you mean "red-F"?); allowed: a cell such as'),
    ({"kind": "guess", "seat": 1, "cell": 0}, 'cell must be a cell such as "red-A"'),
    ({"kind": "guess", "seat": 1}, '"guess" takes the keys kind, seat, cell; found kind, seat'),
    ({"kind": "stop", "cell": "red-A"}, '"stop" takes the keys kind; found kind, cell'),
    ({"kind": "guess", "seat": 1, "cell": "red-A", "colour": "red"}, 'unknown key "colour"'),
    ({"kind": "doubt"}, '"doubt" is not allowed'),
    ({"seat": 1}, 'key "kind" missing'),
    ([1], "must be"),
])
def test_a_move_is_read_strictly_naming_the_place(payload, said):
    with pytest.raises(MessageError, match=re.escape(said)):
        _read(payload)


def test_a_move_the_rules_refuse_is_the_engines_error():
    state = RULES.new_state(3, "plain", 0, 0)
    with pytest.raises(IllegalActionError, match="stopping is allowed after a hit"):
        RULES.apply(state, _read({"kind": "stop"}))
    with pytest.raises(IllegalActionError, match="name an opponent"):
        RULES.apply(state, _read({"kind": "guess", "seat": 0, "cell": "red-A"}))


def test_the_variants_and_the_bots_play_whole_games_that_replay_through_the_core():
    assert list(RULES.variants) == ["plain", "brave"]
    assert RULES.seat_range("brave") == range(2, 5)
    assert RULES.new_state(3, "plain", 7, 0) == RULES.new_state(3, "plain", 7, 2)
    for players, seed, brave in [(2, 0, False), (3, 1, True), (4, 2, False)]:
        state, notes = play(players, seed, brave)
        assert state.is_terminal
        assert state.game.brave is brave
        assert RULES.to_act(state) is None
        assert gauner.load_game(RULES.save(state)) == state
        assert RULES.winners(state) == state.winners
        assert list(RULES.scores(state)) == list(state.scores)
        assert len(notes) == len(state.actions) == len(RULES.decisions(state))
        assert replay_notes(state) == notes


# --- the notes' chances, counted again -------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "brave"), [(2, 1, False), (2, 2, True), (2, 5, False), (3, 3, False)])
def test_each_notes_chance_is_the_brute_force_count_from_the_movers_view(players, seed, brave):
    state, notes = play(players, seed, brave)
    checked = 0
    for before, action, note in zip(positions(state), state.actions, notes, strict=False):
        assert (note.seat, note.number) == (before.current, len(before.actions) + 1)
        assert note.target == (action.seat if isinstance(action, Ask) else None)
        assert note.hit == (isinstance(action, Ask) and action.cell in before.hidden[action.seat])
        expected = brute_note(before, action)
        if expected is None:
            continue
        assert {"chance": note.chance, "best": note.best, "certain": note.certain} == expected
        checked += 1
    assert checked > len(notes) // 2


def test_a_note_worked_by_hand():
    # Two players; I hold every red and yellow card; seat 1 wrote 5 at green-A. Five of its
    # 12 cards lie among the 9 unknown green or A cells, its other 7 among the other 15: so
    # green-B is 5/9, blue-B 7/15 (the example of bluffmath.gauner, as a State).
    mine = frozenset(range(12))
    cross = [c for c in GRID.cross(GRID.index("green-A")) if c not in mine]
    rest = [c for c in GRID.cells if c not in mine and c not in cross]
    state = gauner.State(gauner.Game(players=2), 0, (mine, frozenset(cross[:5] + rest[:7])),
                         frozenset(cross[5:] + rest[7:]), numbers=(((12, 2),), ((12, 5),)))
    for cell, chance in [("green-B", Fraction(comb(8, 4), comb(9, 5))), ("blue-B", Fraction(comb(14, 6), comb(15, 7)))]:
        action = Ask(1, GRID.index(cell))
        note = RULES.note(state, action, state.apply(action))
        assert note.chance == chance
        assert (note.best, note.certain) == (Fraction(5, 9), frozenset())


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 6)])
def test_the_chances_on_a_seats_page_are_the_brute_force_count(players, seed):
    state, _ = play(players, seed)
    checked = 0
    for now in positions(state)[::4]:
        if now.is_terminal:
            continue
        for seat in range(players):
            table = brute_table(now.view(seat))
            if table is None:
                continue
            board = RULES.seat_page(now, seat, seating(players), "always", [])["board"]
            shown = {(int(s), GRID.index(c)): Fraction(int(a), int(b)) for s, c, a, b in
                     re.findall(r'data-seat="(\d)" data-cell="([a-z]+-[A-F])" data-p="(\d+)/(\d+)"', board)}
            marked = {(s, c) for s in range(players) for c in now.marks[s]}
            assert shown == {k: p for k, p in table.items() if k not in marked}
            checked += 1
    assert checked > 5


# --- the teacher's picture, counted again from the saves --------------------------------------


def expected_figures(saves: list[str], bots: frozenset[int] = frozenset()) -> dict[str, Any]:
    """The picture's figures from finished games' saves alone, each chance the core's own
    (its solve of the mover's position, replayed here; the notes' chances are checked
    against the brute force above)."""
    found: dict[str, Any] = dict.fromkeys(("guesses", "hits", "stops", "valued", "valued-hits", "sure",
                                           "sure-moments", "below-best", "at-once", "next-turn", "later",
                                           "never"), 0)
    found["expected-hits"], found["chances"] = Fraction(0), []
    for text in saves:
        state = gauner.load_game(text)
        turn, seen, asked = 0, {}, {}
        for before, action in zip(positions(state), state.actions, strict=False):
            seat = before.current
            hit = isinstance(action, Ask) and action.cell in before.hidden[action.seat]
            if seat not in bots:
                n = brute_note(before, action, core_table)
                for target, cell in n["certain"]:
                    seen.setdefault((seat, target, cell), turn)
                found["sure-moments"] += bool(n["certain"])
                if isinstance(action, Ask):
                    asked.setdefault((seat, action.seat, action.cell), turn)
                    found["guesses"] += 1
                    found["hits"] += hit
                    found["expected-hits"] += n["chance"]
                    found["sure"] += n["chance"] == 1
                    found["below-best"] += n["chance"] < n["best"]
                    found["chances"].append(n["chance"])
                else:
                    found["stops"] += 1
            turn += not hit
        for key, first in seen.items():
            late = None if key not in asked else (asked[key] - first) // state.players
            name = {None: "never", 0: "at-once", 1: "next-turn"}.get(late, "later")
            found[name] += 1
    found["valued"], found["valued-hits"] = found["guesses"], found["hits"]
    found["chances"] = found["chances"][-LISTED:]  # the list shows the latest guesses
    return found


def shown_figures(html: str) -> dict[str, Any]:
    """The figures as the picture carries them."""
    found: dict[str, Any] = {name: int(re.search(rf'data-{name}="(\d+)"', html)[1]) for name in
                             ("guesses", "hits", "stops", "valued", "valued-hits", "sure", "sure-moments",
                              "below-best", "at-once", "next-turn", "later", "never")}
    a, b = re.search(r'class="expected-hits" data-p="(\d+)/(\d+)"', html).groups()
    found["expected-hits"] = Fraction(int(a), int(b))
    table = html[html.index("gn-guesses-table"):]
    found["chances"] = [Fraction(int(a), int(b)) for a, b in re.findall(r'data-p="(\d+)/(\d+)"', table)][::-1]
    return found


def test_every_figure_of_the_picture_is_counted_again_from_the_saves():
    records = []
    for k, (seed, brave) in enumerate([(11, False), (12, True), (13, False)]):
        state, notes = play(2, seed, brave)
        records.append(Record(seating(2), state, notes, "finished", table=1, game=k + 1))
    html = RULES.picture(records)
    assert shown_figures(html) == expected_figures([RULES.save(r.state) for r in records])
    guesses = sum(isinstance(a, Ask) for r in records for a in r.state.actions)
    assert guesses > LISTED
    assert html.count("<tr><td>T") == LISTED
    assert f"and {guesses - LISTED} earlier guesses" in html


def test_a_bots_seat_is_left_out_of_the_picture():
    state, notes = play(2, 14)
    html = RULES.picture([Record(seating(2, frozenset({1})), state, notes, "finished")])
    assert shown_figures(html) == expected_figures([RULES.save(state)], bots=frozenset({1}))


def test_the_live_picture_shows_public_facts_only():
    state, notes = play(3, 15, moves=9)
    html = RULES.picture([Record(seating(3), state, notes)])
    assert "The chances show when a game is over" in html
    assert "data-p=" not in html
    assert "data-finished" not in html
    guesses = sum(isinstance(a, Ask) for a in state.actions)
    assert f'data-guesses="{guesses}"' in html


# --- what a student is shown: never another seat's hidden card ------------------------------------


def _swap(state: gauner.State, seat: int, rng: random.Random) -> gauner.State:
    """``state``'s deal with one card of two holders other than ``seat`` swapped (the
    surplus is holder -1); the moves are not replayed here."""
    holders = [s for s in range(state.players) if s != seat and state.hidden[s]] + [-1]
    a, b = rng.sample(holders, 2)
    cards = {h: state.surplus if h == -1 else state.hidden[h] for h in (a, b)}
    x, y = rng.choice(sorted(cards[a])), rng.choice(sorted(cards[b]))
    moved = {a: cards[a] - {x} | {y}, b: cards[b] - {y} | {x}}
    hidden = tuple(moved.get(s, h) for s, h in enumerate(state.hidden))
    return replace(state, hidden=hidden, surplus=moved.get(-1, state.surplus))


def true_numbers(state: gauner.State) -> bool:
    """Whether every number written is true of the deal (the rules' count, written out here;
    the setup's numbers were written before a swap) and no "not mine" mark hides a card."""
    for seat in range(state.players):
        dealt = [c for c in GRID.cells if c in state.hidden[seat] or c in state.laid[seat]]
        for at, n in state.numbers[seat]:
            if n != sum(GRID.colour(c) == GRID.colour(at) or GRID.letter(c) == GRID.letter(at) for c in dealt):
                return False
        if state.marks[seat] & state.hidden[seat]:
            return False
    return True


def _replayed(deal: gauner.State, actions: tuple) -> list[gauner.State] | None:
    """The game's moves replayed from ``deal`` (None if the rules refuse one)."""
    steps = [deal]
    try:
        for action in actions:
            steps.append(steps[-1].apply(action))
    except IllegalActionError:
        return None
    return steps


def notes_of(steps: list[gauner.State]) -> list[MoveNote]:
    """The notes of a game's steps (every state from the deal), made again."""
    return [RULES.note(b, a, c) for b, a, c in zip(steps[:-1], steps[-1].actions, steps[1:], strict=True)]


def other_worlds(state: gauner.State, seat: int, rng: random.Random, want: int = 2,
                 tries: int = 400) -> list[list[gauner.State]]:
    """Up to ``want`` replays of ``state``'s game (every step) on other deals in which
    ``seat``'s cards stay and its view is the same; each differs in another holder's cards."""
    start, found, seen = state.game.new_game(state.seed), [], {(state.hidden, state.surplus)}
    hidden_now = state.hidden
    deal = start
    for _ in range(tries):
        candidate = _swap(deal, seat, rng)
        steps = _replayed(candidate, state.actions)
        if steps is None or not true_numbers(steps[-1]) or steps[-1].view(seat) != state.view(seat):
            continue
        deal = candidate
        if (steps[-1].hidden, steps[-1].surplus) not in seen and steps[-1].hidden != hidden_now:
            seen.add((steps[-1].hidden, steps[-1].surplus))
            found.append(steps)
            if len(found) == want:
                break
    return found


@pytest.mark.parametrize(("players", "seed", "odds", "cut"),
                         [(2, 1, "always", 8), (3, 2, "always", 10), (3, 3, "after-doubt", 14),
                          (4, 4, "never", 10), (2, 5, "always", 20)])
def test_a_seats_page_is_the_same_whatever_cards_the_other_seats_hold(players, seed, odds, cut):
    state, notes = play(players, seed, moves=cut or 10**6)
    names = seating(players)
    rng = random.Random(seed)
    differs = 0
    for seat in range(players):
        page = RULES.seat_page(state, seat, names, odds, notes)
        for steps in other_worlds(state, seat, rng):
            world = steps[-1]
            differs += 1
            assert RULES.seat_page(world, seat, names, odds, notes_of(steps)) == page
            assert RULES.table_page(world, names, notes_of(steps)) == RULES.table_page(state, names, notes)
    assert differs > 0


def test_a_page_that_used_another_seats_cards_would_be_caught():
    state, _ = play(3, 2, moves=10)
    [steps, *_] = other_worlds(state, 0, random.Random(0), want=1)
    world = steps[-1]
    assert world.hidden[1:] != state.hidden[1:] or world.surplus != state.surplus
    assert world.view(0) == state.view(0)


def _class_game(players: int, students: int, odds: str, variant: str = "plain", bot: str = "solver",
                seed: int | None = None):
    """A whole game at a class table (dealt from ``seed``: the same game every run)."""
    from unittest import mock
    dealt = mock.patch("bluffmath_class.room.secrets.randbits", return_value=seed) if seed is not None \
        else contextlib.nullcontext()
    with served() as (client, app), dealt:
        table_id = open_table(client, app, game="gauner", seats=players, bot=bot, odds=odds, variant=variant,
                              move_seconds=0)
        seated = [Player(client, app, join(client, app, f"S{i}"), table_id, seed=3 + i) for i in range(students)]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        play_threads(seated, timeout=120)
        table = app.state.room.tables[table_id]
        return table.last, table.seating(), seated


def assert_views_hide_other_cards(run: Any, names: Seating, seat: int, messages: list[dict[str, Any]], odds: str,
                                  rng: random.Random) -> int:
    """Every view ``seat`` received of ``run`` is the page drawn in worlds where the other
    holders hold other cards (the notes made in that world); the number of views checked."""
    states = positions(run.state)
    assert states[-1] == run.state
    assert len(states) == run.at + 1
    views = [m for m in messages if m["type"] == "view" and m["game"] == run.id]
    cuts = sorted({run.at // 3, 2 * run.at // 3, run.at})
    worlds = [(run.at, states)] + [(cut, steps) for cut in cuts for steps in other_worlds(states[cut], seat, rng)]
    assert len(worlds) > 1, "no other deal fits what the seat saw"
    for cut, steps in worlds:
        notes = notes_of(steps)
        for message in (m for m in views if m["at"] <= cut):
            at = message["at"]
            page = RULES.seat_page(steps[at], seat, names, "later" if message.get("counting") else odds, notes[:at])
            if message["regions"]["end"]:
                page.pop("status"), page.pop("moves")
            assert {k: message["regions"][k] for k in page} == page
    return len(views)


@pytest.mark.parametrize(("players", "students", "odds", "variant", "seed"),
                         [(3, 2, "always", "plain", 11), (2, 1, "after-doubt", "brave", 12)])
def test_every_message_a_student_received_hides_the_other_seats_cards(players, students, odds, variant, seed):
    """Over a whole class game, dealt from a fixed seed (a random deal can leave a seat too
    few other deals that fit what it saw for the check to try)."""
    run, names, seated = _class_game(players, students, odds, variant, seed=seed)
    assert run.state.is_terminal
    rng = random.Random(2)
    checked = [assert_views_hide_other_cards(run, names, seat, p.messages, odds, rng)
               for seat, p in enumerate(seated)]
    assert min(checked) > 3
    assert seated[0].messages[-1]["regions"]["end"] == RULES.end_page(run.state, 0, names)
    assert run.notes == replay_notes(run.state)


def _views_at(socket: Any, at: int, counted: bool = True) -> list[dict[str, Any]]:
    """A seat's views until the one of move ``at`` with its odds counted (or, with ``counted``
    False, the first of it); every view received on the way."""
    seen = []
    while True:
        message = receive(socket)
        if message["type"] == "view" and message["game"] is not None:
            seen.append(message)
            if message["at"] == at and (not counted or not message.get("counting")):
                return seen


@pytest.mark.timeout(120)
def test_a_seats_odds_follow_its_page_and_a_table_that_moved_on_drops_them():
    """The page goes out at once without the odds (they take a joint solve), then again with
    them; the odds of a position the table has left are never sent."""
    with served() as (client, app):
        table_id = open_table(client, app, game="gauner", seats=2, bot="solver", odds="always", variant="plain")
        secrets = [join(client, app, name) for name in ("Ann", "Ben")]
        with seat_socket(client, secrets[0]) as ann, seat_socket(client, secrets[1]) as ben, \
                teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
            run = app.state.room.tables[table_id].current
            names = app.state.room.tables[table_id].seating()
            for seat, socket in enumerate((ann, ben)):
                first, *_, counted = _views_at(socket, 0)
                assert first["counting"]
                assert first["regions"]["odds"] == COUNTING_ODDS
                assert "data-p=" not in first["regions"]["board"] + first["regions"]["moves"]
                assert "counting" not in counted
                page = RULES.seat_page(run.state, seat, names, "always", [])
                assert {k: counted["regions"][k] for k in page} == page
                assert "data-p=" in counted["regions"]["board"]
                same = ("status", "hand", "seats", "log", "table")
                assert {k: first["regions"][k] for k in same} == {k: counted["regions"][k] for k in same}
            gate = threading.Event()  # the odds lane is held up while the table plays three moves
            app.state.lanes.odds_of(table_id).call(lambda store: gate.wait(60))
            rng = random.Random(5)
            for at in range(3):
                mover = (ann, ben)[RULES.to_act(run.state)]
                mover.send_text(json.dumps({"type": "move", "game": run.id, "at": at,
                                            "move": RULES.move_json(random_move(run.state, rng))}))
                for socket in (ann, ben):
                    assert _views_at(socket, at + 1, counted=False)[-1]["counting"]
            gate.set()
            for socket in (ann, ben):
                seen = _views_at(socket, 3)
                assert [m["at"] for m in seen if not m.get("counting")] == [3]


def test_a_student_who_does_not_move_is_played_by_the_bot_and_the_bots_fill_empty_seats():
    with served() as (client, app):
        room = app.state.room
        table_id = open_direct(client, app, TableSettings(game="gauner", seats=3, bot="solver", odds="always",
                                                          move_seconds=1, variant="brave"))
        join(client, app, "Ann")
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
            table = room.tables[table_id]
            deadline = time.monotonic() + 30
            while table.current is not None:  # Ann's clock runs out once, then the bot plays her seat
                assert time.monotonic() < deadline
                time.sleep(0.05)
    run = table.last
    assert run.state.is_terminal
    assert run.state.game.brave
    assert {m.by for m in run.moves if m.seat == 0} == {"timeout"}
    assert {m.by for m in run.moves if m.seat != 0} == {"bot"}
    assert run.notes == replay_notes(run.state)


def test_the_teacher_sees_the_picture_and_downloads_every_save():
    with served() as (client, app):
        table_id = open_table(client, app, game="gauner", seats=2, bot="random", odds="always",
                              variant="plain", move_seconds=0)
        secret = join(client, app, "Ann")
        room = app.state.room
        with teacher_socket(client, app) as teacher:
            until(teacher, lambda m: m["type"] == "room")
            order(teacher, type="start", table=table_id)
            ann = Player(client, app, secret, table_id, seed=5)
            play_threads([ann])
            until(teacher, lambda m: m["type"] == "room" and "Game 1 is over" in m["regions"]["tables"])
            run = room.tables[table_id].last
            client.cookies.set("bm_teacher", room.teacher_key)
            archive = zipfile.ZipFile(io.BytesIO(client.get("/teacher/saves.zip").content))
            save = archive.read(f"table-{table_id}-game-1.json").decode()
            moves = client.get("/teacher/moves.csv").text
            expected = expected_figures([save], bots=frozenset({1}))
            # the picture is counted in the room's worker, at most once a second: it follows
            message = picture_showing(teacher, shown_figures, expected)
    assert gauner.load_game(save) == run.state
    picture = message["regions"]["picture"]
    assert "Gauner raus!: the class beside the mathematics" in picture
    assert moves.count("\n") > len(run.state.actions)


# --- the pages in the game's words ----------------------------------------------------------------


def test_each_turn_is_said_in_the_games_words_and_every_name_is_escaped():
    names = Seating(("Ann", "<b>Bo</b>", "Cy & Co"))
    state = gauner.Game(players=3).new_game(seed=4)
    cell = sorted(state.hidden[1])[0]
    state = state.guess(1, cell)
    page = RULES.seat_page(state, 0, names, "always", [])
    assert "<b>Bo</b>" not in "".join(page.values())
    assert page["status"] == '<p class="status mine">Your turn: a hit! Ask again, or stop</p>'
    assert f"asked &lt;b&gt;Bo&lt;/b&gt; for <span class=\"chip c-{GRID.colour(cell)}\"" in page["log"]
    assert "Stop: your points are kept" in page["moves"]
    assert "Ask Cy &amp; Co for" in page["moves"]
    other = RULES.seat_page(state, 1, names, "always", [])
    assert other["status"] == '<p class="status">Ann to guess again or stop</p>'
    assert other["moves"] == ""
    assert "data-send" not in other["board"]
    offered = {json.dumps(json.loads(m), sort_keys=True) for m in re.findall(r"data-send='([^']*)'", page["moves"])}
    assert offered == {'{"kind": "stop"}', '{"kind": "guess", "seat": 1}', '{"kind": "guess", "seat": 2}'}
    forms = re.findall(r'"seat": (\d)}\'>(.*?)</form>', page["moves"])
    asked = {(int(s), c) for s, options in forms for c in re.findall(r'<option value="([a-z]+-[A-F])"', options)}
    assert asked == {(a.seat, GRID.name(a.cell)) for a in state.legal_actions() if isinstance(a, Ask)}


def test_the_odds_setting_decides_what_the_student_sees():
    state, notes = play(3, 7, moves=16)
    seat = max(range(3), key=lambda s: sum(n.seat == s and n.guess for n in notes))
    mine = sum(n.seat == seat and n.guess for n in notes)
    names = seating(3)
    pages = {odds: RULES.seat_page(state, seat, names, odds, notes) for odds in ("always", "after-doubt", "never")}
    assert "deals fit everything you know" in pages["always"]["odds"]
    assert "data-p=" in pages["always"]["board"]
    for odds in ("after-doubt", "never"):
        assert "data-p=" not in pages[odds]["board"] + pages[odds]["moves"] + pages[odds]["odds"]
    assert "Odds are off" in pages["never"]["odds"]
    shown = {odds: page["log"].count("your chance") for odds, page in pages.items()}
    assert shown == {"always": mine, "after-doubt": mine, "never": 0}


def test_the_end_page_shows_every_card_and_the_review():
    state, _ = play(2, 8, brave=True)
    for seat in range(2):
        end = RULES.end_page(state, seat, seating(2))
        winner = max(range(2), key=lambda s: state.scores[s])
        said = ("A draw" if state.scores[0] == state.scores[1] else "You win" if winner == seat else f"P{winner} wins")
        assert f"<h2>{said}" in end
        assert "Your review" in end
        for cell in state.surplus:
            assert f'data-cell="{GRID.name(cell)}"' in end
        decisions = review_state(state, seat).decisions
        assert f"of {len(decisions)} decisions were a best choice" in end


def test_the_teachers_table_shows_public_facts_only():
    state, notes = play(3, 9, moves=20)
    names = Seating(("Ann", "Bo", "<i>Cy</i>"))
    table = RULES.table_page(state, names, notes)
    assert "&lt;i&gt;Cy&lt;/i&gt;" in table
    assert "<i>" not in table
    assert "data-p=" not in table
    assert "hidden cards" not in table
    hidden = {GRID.name(c) for h in state.hidden for c in h} | {GRID.name(c) for c in state.surplus}
    asked = {GRID.name(a.cell) for a in state.actions if isinstance(a, Ask)}
    rolled = {GRID.name(c) for seat in state.numbers for c, _ in seat}
    assert not (set(re.findall(r'data-cell="([a-z]+-[A-F])"', table)) & hidden) - asked - rolled
