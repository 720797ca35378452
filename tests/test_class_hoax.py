"""Hoax at the class table: moves read strictly, every note's posterior and every figure of
the teacher's picture counted again here by brute force, and no message to a student
carrying another seat's card.

The count, :func:`brute_chance`, enumerates every assignment of roles to the seats, each
weighted by how many ordered deals of the deck (two cards a role) give it and by the
likelihood of the claims the seat saw (a holder always claims, a non-holder with
probability 1/4: the stated model), keeping only the assignments the seat's hard facts
allow. The facts are read here from the seat's view of the log, written from the rules,
not from bluffmath's sheet or deduce modules.

The leak check deals the other seats' cards anew (:func:`other_worlds`): a new deal is
kept when the game's moves replay on it and the seat's view is the same; the seat's page,
with the notes made in that world, must not change.
"""

from __future__ import annotations

import io
import itertools
import json
import math
import random
import re
import zipfile
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from bluffmath import hoax as hx
from bluffmath.errors import BluffmathError, IllegalActionError
from bluffmath.hoax.actions import Accuse, Act, Doubt, Fine, Hoax, Pass, Take, Vote
from bluffmath.hoax.events import (
    Challenged,
    Claimed,
    Covered,
    Doubted,
    DuelDoubt,
    Named,
    Showed,
)
from bluffmath.hoax.roles import EDITIONS
from bluffmath.review import review
from bluffmath.schema import Node
from bluffmath_class.errors import MessageError
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.games.hoax_notes import ChallengeNote
from bluffmath_class.markup import esc
from tests.class_server import (
    Player,
    join,
    open_table,
    order,
    picture_showing,
    play_threads,
    random_move,
    served,
    teacher_socket,
    until,
)

RULES = GAMES["hoax"]
BLUFF = Fraction(1, 4)
BOTS = ("deducer", "random", "honest", "bluffer")


def seating(players: int) -> Seating:
    return Seating(tuple(f"P{s}" for s in range(players)))


def play(variant: str, players: int, seed: int, moves: int = 10**6,
         mixed: bool = True) -> tuple[hx.State, list[ChallengeNote]]:
    """A game of the class table's bots and (``mixed``) random moves, with its notes."""
    state = RULES.new_state(players, variant, seed, 0)
    rng, notes = random.Random(seed), []
    for _ in range(moves):
        if state.is_terminal:
            break
        seat = state.to_act
        action = (random_move(state, rng) if mixed and (seat + seed) % 3 == 0 else
                  RULES.bot_move(state, BOTS[(seat + seed) % 4], rng))
        before, state = state, RULES.apply(state, action)
        note = RULES.note(before, action, state)
        if note is not None:
            notes.append(note)
    return state, notes


def positions(state: hx.State) -> list[tuple[hx.State, Any, hx.State]]:
    """(before, action, after) of every move of ``state``'s game, replayed from its deal."""
    now, out = state.game.new_game(), []
    for action in state.actions:
        before, now = now, now.apply(action)
        out.append((before, action, now))
    return out


# --- the brute-force count -----------------------------------------------------------------


def seen_facts(view: hx.View) -> tuple[dict[int, set[str]], dict[int, set[str]], list[tuple[int, str]]]:
    """What ``view`` tells of the cards: roles each seat surely holds, roles it surely does
    not, and the claims (seat, role) of the others."""
    holds: dict[int, set[str]] = {view.seat: {view.card}}
    nots: dict[int, set[str]] = {}
    claims = []
    for e in view.log:
        if (isinstance(e, Showed) and e.buyer == view.seat) or isinstance(e, Covered):
            nots.setdefault(e.seat, set()).add(e.role)
        elif isinstance(e, Challenged) and e.carried and not e.lie:
            holds.setdefault(e.accused, set()).add(e.role)
        elif isinstance(e, Named) and e.accuser == view.seat:
            (holds if e.right else nots).setdefault(e.target, set()).add(e.role)
        elif isinstance(e, DuelDoubt) and e.right:
            holds.setdefault(e.other, set()).add(e.role)
        elif isinstance(e, Claimed) and e.seat != view.seat:
            claims.append((e.seat, e.role))
    return holds, nots, claims


def brute_grid(view: hx.View) -> dict[tuple[int, str], Fraction]:
    """P(each seat holds each role) from ``view``, by enumerating every role assignment."""
    roles = EDITIONS[view.edition].roles
    holds, nots, claims = seen_facts(view)
    said = Counter(claims)
    total = Fraction(0)
    hits: Counter = Counter()
    for deal in itertools.product(roles, repeat=view.players):
        if any(deal[s] not in rs for s, rs in holds.items()) or any(deal[s] in rs for s, rs in nots.items()):
            continue
        count = Counter(deal)
        if max(count.values()) > 2:
            continue
        weight = Fraction(math.prod(math.perm(2, k) for k in count.values()))
        for (s, r), k in said.items():
            if deal[s] != r:
                weight *= BLUFF ** k
        total += weight
        for s, r in enumerate(deal):
            hits[s, r] += weight
    return {(s, r): hits[s, r] / total for s in range(view.players) for r in roles}


def brute_chance(view: hx.View, target: int, role: str) -> Fraction:
    """P(``target`` holds ``role``) from ``view``, by :func:`brute_grid`."""
    return brute_grid(view)[target, role]


def settled(state: hx.State) -> list[dict[str, Any]]:
    """Every challenge (at its "Hoax!") and accusation of the game, from the moves alone,
    with the accuser's brute-force chance and the outcome."""
    found = []
    pending = None
    for before, action, after in positions(state):
        new = after.log[len(before.log):]
        if isinstance(action, Hoax):
            doubt = next(e for e in new if isinstance(e, Doubted))
            pending = {"kind": "challenge", "accuser": doubt.seat, "target": doubt.accused, "role": doubt.role,
                       "chance": brute_chance(before.view(doubt.seat), doubt.accused, doubt.role),
                       "held": before.cards[doubt.accused] == doubt.role}
        for e in new:
            if isinstance(e, Challenged):
                found.append({**pending, "carried": e.carried, "number": len(after.actions)})
        if isinstance(action, Doubt):
            seat = before.to_act
            other = next(e for e in new if isinstance(e, DuelDoubt)).other
            found.append({"kind": "showdown", "accuser": seat, "target": other, "role": action.role,
                          "chance": brute_chance(before.view(seat), other, action.role),
                          "held": before.cards[other] == action.role, "carried": True,
                          "number": len(after.actions)})
        if isinstance(action, Accuse):
            seat = before.to_act
            found.append({"kind": "accusation", "accuser": seat, "target": action.target, "role": action.role,
                          "chance": brute_chance(before.view(seat), action.target, action.role),
                          "held": before.cards[action.target] == action.role, "carried": True,
                          "number": len(after.actions)})
    return found


def as_dicts(notes: list[ChallengeNote]) -> list[dict[str, Any]]:
    return [{"kind": n.kind, "accuser": n.accuser, "target": n.target, "role": n.role, "chance": n.chance,
             "held": n.held, "carried": n.carried, "number": n.number} for n in notes]


# --- moves ----------------------------------------------------------------------------------


def _read(payload: object) -> object:
    return RULES.read_move(Node.of(json.dumps(payload), "a move", MessageError))


def test_every_legal_move_crosses_the_wire_and_back():
    seen = set()
    for variant, players, seed in [("original", 3, 1), ("original", 6, 2), ("german", 4, 3), ("german", 5, 4)]:
        state = RULES.new_state(players, variant, seed, 0)
        rng = random.Random(seed)
        while not state.is_terminal and len(state.actions) < 300:
            for action in state.legal_actions():
                payload = RULES.move_json(action)
                assert json.loads(json.dumps(payload)) == payload
                assert _read(payload) == action
                seen.add(type(action).__name__)
            state = state.apply(random_move(state, rng))
    assert {"Take", "Cover", "Act", "Hoax", "Vote", "Pass", "Accuse", "Pay"} <= seen


@pytest.mark.parametrize(("payload", "said"), [
    ({"kind": "take", "token": True}, "token must be a whole number from 0 to 2; found true"),
    ({"kind": "take", "token": 1.0}, "token must be a whole number from 0 to 2; found 1.0"),
    ({"kind": "take", "token": 3}, "token must be a whole number from 0 to 2; found 3"),
    ({"kind": "vote", "yes": 1}, "yes must be true or false; found 1"),
    ({"kind": "accuse", "target": "2", "role": "King"}, "target must be a whole number from 0 to 7"),
    ({"kind": "accuse", "target": 1, "role": "Kaiser"}, '"Kaiser" is not allowed'),
    ({"kind": "fine", "tokens": []}, "a list of 1 or 2 tokens"),
    ({"kind": "fine", "tokens": [0, 1, 2]}, "tokens"),
    ({"kind": "pay-fine", "judge": 1, "vault": 0}, "vault must be true or false; found 0"),
    ({"kind": "hoax", "role": "King"}, '"hoax" takes the keys kind; found kind, role'),
    ({"kind": "take", "token": 0, "colour": "red"}, 'unknown key "colour"'),
    ({"kind": "act", "role": "King", "does": "tax"}, '"act" takes the keys kind, role, does, token, target'),
    ({"kind": "act", "role": "King", "does": "rule", "token": None, "target": None, "count": 0, "get": None,
      "vault": False}, '"rule" is not allowed'),
    ({"kind": "bluff"}, '"bluff" is not allowed'),
    ({"token": 0}, 'key "kind" missing'),
    ([0], "must be"),
])
def test_a_move_is_read_strictly_naming_the_place(payload, said):
    with pytest.raises(MessageError, match=re.escape(said)):
        _read(payload)


def test_a_move_the_rules_refuse_is_the_engines_error():
    state = RULES.new_state(4, "original", 0, 0)
    with pytest.raises(IllegalActionError, match="is not allowed now"):
        RULES.apply(state, _read({"kind": "hoax"}))


def test_the_variants_are_the_editions_with_their_player_counts():
    assert list(RULES.variants) == ["original", "german"]
    assert RULES.seat_range("original") == range(3, 7)
    assert RULES.seat_range("german") == range(4, 9)
    a, b = RULES.new_state(5, "german", 7, 0), RULES.new_state(5, "german", 7, 3)
    assert a == b
    assert a.game.edition.name == "german"
    assert len({RULES.new_state(5, "german", seed, 0).cards for seed in range(5)}) > 1


def test_the_bots_finish_games_and_saves_replay_through_the_core():
    for variant, players, seed in [("original", 3, 0), ("original", 5, 1), ("german", 4, 2), ("german", 6, 3)]:
        state, _ = play(variant, players, seed)
        assert state.is_terminal
        assert hx.State.from_json(RULES.save(state)) == state
        assert list(RULES.scores(state)) == [int(s == state.winner) for s in range(players)]
        assert RULES.winners(state) == (() if state.winner is None else (state.winner,))
        assert [d.number for d in RULES.decisions(state)] == sorted(
            d.number for s in range(players) for d in review(RULES.save(state), s).decisions)
    with pytest.raises(BluffmathError):
        hx.State.from_json(RULES.save(state).replace('"winner": ', '"winner": 0, "x": '))


# --- the notes' posteriors, counted again -------------------------------------------------------


@pytest.mark.parametrize(("variant", "players", "seed"),
                         [("original", 3, 1), ("original", 3, 2), ("original", 4, 3), ("original", 4, 4),
                          ("german", 4, 5), ("german", 4, 6)])
def test_each_notes_posterior_is_the_brute_force_count_from_the_accusers_view(variant, players, seed):
    found = []
    for k in range(4):
        state, notes = play(variant, players, seed * 10 + k, mixed=k % 2 == 0)
        assert as_dicts(notes) == settled(state)
        found += notes
    assert found, "no challenge or accusation in these games"


def test_a_showdown_doubt_is_noted_and_counted_again():
    state, notes = play("german", 4, 0)
    assert "showdown" in {n.kind for n in notes}
    assert as_dicts(notes) == settled(state)
    seat = next(n.accuser for n in notes if n.kind == "showdown")
    assert "Showdown: doubted" in RULES.end_page(state, seat, seating(4))


def test_a_challenge_note_worked_by_hand():
    # Seat 1 (a Thief) doubts seat 0's King: of the 11 cards it does not hold, 2 are
    # Kings; a King claims for sure, another card with 1/4: 2 / (2 + 9/4) = 8/17.
    state = hx.Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
    for action in [Take(0), Take(1), Take(2), Act("King", "tax"), Hoax()]:
        state = state.apply(action)
    after = state.apply(Vote(False))
    note = RULES.note(state, Vote(False), after)
    assert (note.kind, note.accuser, note.target, note.chance, note.carried) == ("challenge", 1, 0,
                                                                                 Fraction(8, 17), False)
    assert brute_chance(state.view(1), 0, "King") == Fraction(8, 17)


@pytest.mark.parametrize(("variant", "players", "seed"), [("original", 3, 3), ("original", 4, 8), ("german", 4, 9)])
def test_the_sheet_beside_the_table_is_the_brute_force_count(variant, players, seed):
    state, _ = play(variant, players, seed, mixed=False)
    checked = 0
    for number, (_, _, now) in enumerate(positions(state)):
        if number % 4 or now.is_terminal:
            continue
        for seat in range(players):
            odds = RULES.seat_page(now, seat, seating(players), "always", [])["odds"]
            shown = {(int(s), r): Fraction(int(a), int(b))
                     for s, r, a, b in re.findall(r'data-seat="(\d)" data-role="(\w+)" data-p="(\d+)/(\d+)"', odds)}
            grid = brute_grid(now.view(seat))
            assert shown == {k: p for k, p in grid.items() if k[0] != seat}
            checked += 1
    assert checked > 5


# --- the teacher's picture, counted again from the saves --------------------------------------


def expected_figures(saves: list[str]) -> dict[str, Any]:
    """The picture's figures from finished games' saves alone."""
    states = [hx.State.from_json(s) for s in saves]
    every = [n for s in states for n in settled(s)]
    challenges = [n for n in every if n["kind"] == "challenge"]
    accusations = [n for n in every if n["kind"] == "accusation"]
    claims = [(s, e) for s in states for e in s.log if isinstance(e, Claimed)]
    lies = sum(s.cards[e.seat] != e.role for s, e in claims)
    caught = sum(n["carried"] and not n["held"] for n in challenges)
    return {"claims": len(claims), "challenges": len(challenges), "carried": sum(n["carried"] for n in challenges),
            "caught": caught, "accusations": len(accusations),
            "accusations-right": sum(n["held"] for n in accusations), "finished": len(states), "lies": lies,
            "missed": lies - caught, "doubted-lies": sum(not n["held"] for n in challenges),
            "expected-doubted-lies": sum((1 - n["chance"] for n in challenges), Fraction(0)),
            "finished-accusations-right": sum(n["held"] for n in accusations),
            "expected-accusations-right": sum((n["chance"] for n in accusations), Fraction(0)),
            "chances": sorted(n["chance"] for n in every)}


def shown_figures(html: str) -> dict[str, Any]:
    """The figures as the picture carries them."""
    found: dict[str, Any] = {name: int(re.search(rf'data-{name}="(\d+)"', html)[1]) for name in
                             ("claims", "challenges", "carried", "caught", "accusations", "accusations-right",
                              "finished", "lies", "missed", "doubted-lies", "finished-accusations-right")}
    for name in ("expected-doubted-lies", "expected-accusations-right"):
        a, b = re.search(rf'class="{name}" data-p="(\d+)/(\d+)"', html).groups()
        found[name] = Fraction(int(a), int(b))
    table = html[html.index("hx-notes-table"):] if "hx-notes-table" in html else ""
    found["chances"] = sorted(Fraction(int(a), int(b)) for a, b in re.findall(r'data-p="(\d+)/(\d+)"', table))
    return found


@pytest.mark.parametrize(("variant", "players"), [("original", 3), ("original", 4), ("german", 4)])
def test_every_figure_of_the_picture_is_counted_again_from_the_saves(variant, players):
    records = []
    for k in range(4):
        state, notes = play(variant, players, 40 + k, mixed=k % 2 == 0)
        records.append(Record(seating(players), state, notes, "finished", table=k % 2 + 1, game=k // 2 + 1))
    html = RULES.picture(records)
    assert shown_figures(html) == expected_figures([RULES.save(r.state) for r in records])
    assert html.count("<tr><td>T") == sum(len(r.notes) for r in records)


def test_the_live_picture_shows_public_facts_only():
    state, notes = play("original", 4, 3)
    first = notes[0].number
    live_state = positions(state)[first - 1][2]
    html = RULES.picture([Record(seating(4), live_state, notes[:1])])
    assert "at the end" in html
    assert 'class="p"' not in html  # no posterior while the game runs
    assert "data-finished" not in html
    row = html[html.index("hx-notes-table"):]
    if notes[0].kind == "accusation":
        assert "a role, in secret" in row
        assert notes[0].role not in row


# --- what a student is shown: never another seat's card -----------------------------------------


def other_worlds(state: hx.State, seat: int, rng: random.Random, want: int = 2,
                 tries: int = 150) -> list[hx.State]:
    """Up to ``want`` replays of ``state``'s moves on other deals in which ``seat``'s card
    stays and its view is the same; each differs from ``state`` in another seat's card."""
    ed = state.game.edition
    deck = [r for r in ed.roles for _ in range(2)]
    deck.remove(state.cards[seat])
    found, seen = [], {state.cards}
    view = state.view(seat)
    for _ in range(tries):
        others = rng.sample(deck, state.players - 1)
        deal = tuple(state.cards[seat] if s == seat else others.pop() for s in range(state.players))
        if deal in seen:
            continue
        seen.add(deal)
        world = hx.Game(ed.name, state.players, deal=deal, max_turns=state.game.max_turns).new_game()
        try:
            for action in state.actions:
                world = world.apply(action)
        except IllegalActionError:
            continue
        if world.view(seat) == view:
            found.append(world)
            if len(found) == want:
                break
    return found


def world_notes(world: hx.State) -> list[ChallengeNote]:
    """The notes of ``world``'s game, made again move by move."""
    found = (RULES.note(before, action, after) for before, action, after in positions(world))
    return [n for n in found if n is not None]


@pytest.mark.parametrize(("variant", "players", "seed", "odds", "mixed"),
                         [("original", 3, 1, "always", True), ("original", 4, 2, "after-doubt", True),
                          ("german", 4, 3, "always", True), ("original", 5, 4, "never", True),
                          ("original", 4, 2, "always", False), ("german", 4, 2, "after-doubt", False),
                          ("german", 5, 1, "always", False)])
def test_a_seats_page_is_the_same_whatever_card_another_seat_holds(variant, players, seed, odds, mixed):
    state, notes = play(variant, players, seed, mixed=mixed)
    names = seating(players)
    rng = random.Random(seed)
    differs = 0
    for seat in range(players):
        for cut in (len(state.actions) // 2, len(state.actions)):
            now = positions(state)[cut - 1][2]
            page = RULES.seat_page(now, seat, names, odds, [n for n in notes if n.number <= cut])
            for world in other_worlds(now, seat, rng):
                differs += world.cards != now.cards
                assert RULES.seat_page(world, seat, names, odds, world_notes(world)) == page
                assert RULES.table_page(world, names, []) == RULES.table_page(now, names, [])
    assert differs > 0


def test_a_page_that_used_another_card_would_be_caught():
    state, _ = play("original", 4, 2)
    worlds = other_worlds(state, 0, random.Random(0), want=3)
    assert {w.cards for w in worlds} != {state.cards}
    assert len({str(w.cards[1:]) for w in [state, *worlds]}) > 1


def _class_game(seats: int, students: int, odds: str, variant: str, bot: str = "deducer"):
    with served() as (client, app):
        table_id = open_table(client, app, game="hoax", seats=seats, bot=bot, odds=odds, variant=variant,
                              move_seconds=0)
        players = [Player(client, app, join(client, app, f"S{i}"), table_id, seed=7 + i) for i in range(students)]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        play_threads(players, timeout=120)
        table = app.state.room.tables[table_id]
        return table.last, table.seating(), players


def assert_views_hide_other_cards(run: Any, names: Seating, seat: int, messages: list[dict[str, Any]], odds: str,
                                  variant: str, rng: random.Random) -> int:
    """Every view ``seat`` received of ``run`` is the page drawn in worlds where the other
    seats hold other cards (the notes made in that world); the number of views checked."""
    states = [RULES.new_state(len(names.names), variant, run.seed, run.opener)]
    for move in run.moves:
        states.append(RULES.apply(states[-1], RULES.read_move(Node(move.move, "a stored move"))))
    assert states[-1] == run.state
    worlds = other_worlds(run.state, seat, rng)
    replays = []
    for world in worlds:
        now, steps = world.game.new_game(), [world.game.new_game()]
        for action in world.actions:
            now = now.apply(action)
            steps.append(now)
        replays.append((steps, world_notes(world)))
    views = [m for m in messages if m["type"] == "view" and m["game"] == run.id]
    for message in views:
        at = message["at"]
        for steps, notes in [([*states], run.notes), *replays]:
            page = RULES.seat_page(steps[at], seat, names, odds, [n for n in notes if n.number <= at])
            if message["regions"]["end"]:
                page.pop("status"), page.pop("moves")
            assert {k: message["regions"][k] for k in page} == page
    return len(views)


@pytest.mark.parametrize(("seats", "students", "odds", "variant"),
                         [(4, 2, "always", "original"), (3, 2, "after-doubt", "original"),
                          (4, 2, "always", "german")])
def test_every_message_a_student_received_hides_the_other_seats_cards(seats, students, odds, variant):
    run, names, players = _class_game(seats, students, odds, variant)
    assert run.state.is_terminal
    rng = random.Random(2)
    checked = [assert_views_hide_other_cards(run, names, seat, p.messages, odds, variant, rng)
               for seat, p in enumerate(players)]
    assert min(checked) > 5
    assert players[0].messages[-1]["regions"]["end"] == RULES.end_page(run.state, 0, names)
    assert as_dicts(run.notes) == settled(run.state)


def test_the_teacher_sees_the_picture_and_downloads_every_save():
    with served() as (client, app):
        table_id = open_table(client, app, game="hoax", seats=4, bot="random", odds="always",
                              variant="original", move_seconds=0)
        with teacher_socket(client, app) as teacher:
            until(teacher, lambda m: m["type"] == "room")
            order(teacher, type="start", table=table_id)
            until(teacher, lambda m: m["type"] == "room" and "Game 1 is over" in m["regions"]["tables"])
            run = app.state.room.tables[table_id].last
            client.cookies.set("bm_teacher", app.state.room.teacher_key)
            archive = zipfile.ZipFile(io.BytesIO(client.get("/teacher/saves.zip").content))
            save = archive.read(f"table-{table_id}-game-1.json").decode()
            expected = expected_figures([save])
            # the picture is counted in the room's worker, at most once a second: it follows
            message = picture_showing(teacher, shown_figures, expected)
    assert hx.State.from_json(save) == run.state
    picture = message["regions"]["picture"]
    assert "Hoax: the class beside the mathematics" in picture


# --- the pages in the game's words ----------------------------------------------------------------


def test_each_phase_is_said_in_the_games_words_and_every_name_is_escaped():
    names = Seating(("Ann", "<b>Bo</b>", "Cy & Co"))
    state = hx.Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
    for action in [Take(0), Take(1), Take(2), Act("King", "tax")]:
        state = state.apply(action)
    page = RULES.seat_page(state, 1, names, "always", [])
    assert "<b>Bo</b>" not in "".join(page.values())
    assert "&lt;b&gt;Bo&lt;/b&gt; (you)" in page["seats"]
    assert "Hoax! (doubt it)" in page["moves"]
    assert "Accuse Cy &amp; Co: the Wizard" in page["moves"]
    assert "Your card: <b class=\"hx-card\" data-card=\"Thief\">the Thief</b>" in page["hand"]
    assert "Ann as the King: tax" in page["board"]
    other = RULES.seat_page(state, 0, names, "always", [])
    assert other["status"] == '<p class="status">&lt;b&gt;Bo&lt;/b&gt; to doubt the claim or not</p>'
    assert other["moves"] == ""
    assert "Thief" not in "".join(other.values()).replace('data-role="Thief"', "").replace("Thief <b>", "")


def test_the_odds_setting_decides_what_the_student_sees():
    end, every = play("original", 4, 5)
    state = positions(end)[-1][0]  # the last moment of play (at the end the end panel shows the sheet)
    notes = [n for n in every if n.number <= len(state.actions)]
    names = seating(4)
    assert RULES.seat_page(end, 0, names, "always", every)["odds"] == ""
    mine = {s: [n for n in notes if n.accuser == s] for s in range(4)}
    seat = max(mine, key=lambda s: len(mine[s]))
    assert mine[seat]
    pages = {odds: RULES.seat_page(state, seat, names, odds, notes) for odds in ("always", "after-doubt", "never")}
    assert "Your exact sheet" in pages["always"]["odds"]
    assert "Your exact sheet" not in pages["after-doubt"]["odds"]
    assert "Odds are off" in pages["never"]["odds"]
    shown = {odds: page["log"].count("from your seat") for odds, page in pages.items()}
    assert shown == {"always": len(mine[seat]), "after-doubt": len(mine[seat]), "never": 0}


def test_the_end_page_shows_the_review_and_the_exact_sheet():
    state, _ = play("original", 4, 6)
    reviewed = 0
    for seat in range(4):
        end = RULES.end_page(state, seat, seating(4))
        core = review(state, seat)
        assert "Your review" in end
        if core.decisions:
            reviewed += 1
            best = sum(d.is_best for d in core.decisions)
            assert f"{best} of {len(core.decisions)} decisions were a best choice" in end
            assert "seat " not in end.split("Your review")[1].split("Your exact sheet")[0]  # names, not seats
        assert "Your exact sheet" in end
        for s, card in enumerate(state.cards):
            assert f'data-seat="{s}" data-card="{card}"' in end
        view = state.view(seat)
        for s in range(4):
            if s == seat:
                continue
            for role in ("King", "Thief"):
                m = re.search(rf'data-seat="{s}" data-role="{role}" data-p="(\d+)/(\d+)"', end)
                assert Fraction(int(m[1]), int(m[2])) == brute_chance(view, s, role)
    assert reviewed
    assert RULES.decisions(state) == sorted((d for s in range(4) for d in review(state, s).decisions),
                                            key=lambda d: d.number)


def test_the_teachers_table_shows_public_facts_only():
    state, notes = play("original", 4, 7, moves=40)
    names = Seating(("Ann", "Bo", "Cy", "<i>Dee</i>"))
    table = RULES.table_page(state, names, notes)
    assert "&lt;i&gt;Dee&lt;/i&gt;" in table
    assert "<i>" not in table
    assert "Your card" not in table
    assert 'class="p"' not in table


def test_the_first_moves_are_three_tokens_to_take():
    state = RULES.new_state(3, "original", 0, 0)
    page = RULES.seat_page(state, 0, seating(3), "always", [])
    assert page["moves"].count("<button") == 3
    assert [_read(json.loads(m)) for m in re.findall(r"data-send='([^']*)'", page["moves"])] == \
        state.legal_actions()


# --- a Judge's fines, each a button of its own ------------------------------------------------


def _judge(two_left: bool) -> hx.State:
    """The first moment of a seeded random game at which a Judge may fine the actor, with
    two players left (the seeds found by a search, kept here) or more."""
    for variant, seed in ([("original", 47), ("original", 489)] if two_left else
                          [(v, s) for s in range(40) for v in ("original", "german")]):
        state, rng = RULES.new_state(4, variant, seed, 0), random.Random(seed)
        while not state.is_terminal and len(state.actions) < 400:
            if (sum(state.alive) == 2) == two_left and any(isinstance(a, Fine) for a in state.legal_actions()):
                return state
            state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no Judge's chance with {'two' if two_left else 'more'} players left")


def _buttons(html: str) -> list[tuple[str, dict[str, Any]]]:
    return [(re.sub(r"<[^>]+>", "", text), json.loads(payload))
            for payload, text in re.findall(r"<button[^>]*data-send='([^']*)'[^>]*>(.*?)</button>", html)]


def test_a_judges_fines_are_buttons_in_words_after_the_pass():
    state = _judge(two_left=False)
    judge = state.to_act
    moves = RULES.seat_page(state, judge, seating(4), "always", [])["moves"]
    assert "<details" not in moves  # nothing folded
    assert "<summary" not in moves
    shown = _buttons(moves)
    assert shown[0] == ("Pass (no fine)", {"kind": "pass"})
    fines = [tuple(p["tokens"]) for _, p in shown[1:]]
    # docs/reference/rulings.md: a fine of 1 or 2 tokens of the Judge's choice; of 2, the first goes to the
    # Judge and the second to the King who called it illegal, so the order is a choice
    assert sorted(fines) == sorted([(t,) for t in range(3)] + list(itertools.product(range(3), repeat=2)))
    words = dict(zip(fines, (text for text, _ in shown[1:]), strict=True))
    assert len(set(words.values())) == len(words)
    assert words[(1,)] == "Judge: fine 1 grain"
    assert words[(0, 2)] == "Judge: fine 1 gold to you, 1 wine to the King"
    assert words[(2, 0)] == "Judge: fine 1 wine to you, 1 gold to the King"
    assert words[(1, 1)] == "Judge: fine 2 grain: 1 to you, 1 to the King"
    assert {_read(p) for _, p in shown} == set(state.legal_actions())


def _settled(state: hx.State) -> hx.State:
    """The state once the turn's fine is paid, each step taken as the engine lists it first."""
    while state.phase in ("judge", "vicar", "settle", "doubt", "vote", "king"):
        state = state.apply(state.legal_actions()[0])
    return state


def test_with_two_players_left_a_fine_in_either_order_is_one_move_shown_once():
    state = _judge(two_left=True)
    judge = state.to_act
    assert state.ctx.kings[0] == judge  # the only other player called it illegal: the Judge is the King
    for a, b in itertools.combinations(range(3), 2):  # both orders pay the same tokens to the same player
        one, other = _settled(state.apply(Fine((a, b)))), _settled(state.apply(Fine((b, a))))
        assert (one.outside, one.vault, one.alive) == (other.outside, other.vault, other.alive)
    shown = _buttons(RULES.seat_page(state, judge, seating(4), "always", [])["moves"])
    assert shown[0] == ("Pass (no fine)", {"kind": "pass"})
    fines = sorted(tuple(p["tokens"]) for _, p in shown[1:])
    assert fines == sorted([(t,) for t in range(3)] + list(itertools.combinations_with_replacement(range(3), 2)))
    assert len({text for text, _ in shown}) == len(shown)
    assert ("Judge: fine 1 gold and 1 wine, both to you", {"kind": "fine", "tokens": [0, 2]}) in shown


# --- the end page's review, counted again ---------------------------------------------------------


def _counted(before: hx.State, action: Any, seat: int) -> tuple[Fraction, Fraction] | None:
    """A decision's chance of being right and the best of its options, counted by brute
    force from the seat's view (None: a move the review does not value)."""
    view = before.view(seat)
    if before.phase in ("doubt", "vote") and isinstance(action, Hoax | Pass | Vote):
        if before.phase == "doubt":
            claim = next(e for e in reversed(view.log) if isinstance(e, Claimed))
            who, role = claim.seat, claim.role
        else:
            doubted = next(e for e in reversed(view.log) if isinstance(e, Doubted))
            who, role = doubted.accused, doubted.role
        true = brute_chance(view, who, role)
        lie = 1 - true
        chosen = lie if isinstance(action, Hoax) or (isinstance(action, Vote) and action.yes) else true
        return chosen, max(true, lie)
    if isinstance(action, Accuse):
        options = [brute_chance(view, a.target, a.role) for a in before.legal_actions() if isinstance(a, Accuse)]
        return brute_chance(view, action.target, action.role), max(options)
    if isinstance(action, Doubt):
        other = next(s for s, alive in enumerate(before.alive) if alive and s != seat)
        options = [1 - brute_chance(view, other, a.role) for a in before.legal_actions() if isinstance(a, Doubt)]
        return 1 - brute_chance(view, other, action.role), max(options)
    return None


@pytest.mark.parametrize(("variant", "players", "seed"), [("original", 4, 6), ("german", 4, 3)])
def test_the_end_page_reviews_each_decision_by_its_counted_chance_and_shows_nothing_private(variant, players,
                                                                                             seed):
    state, _ = play(variant, players, seed)
    names = Seating(("Ann", "Ben", "Cy", "Dee")[:players])
    reviewed = 0
    for seat in range(players):
        end = RULES.end_page(state, seat, names)
        expected = {}
        for number, (before, action, _) in enumerate(positions(state), 1):
            if before.to_act == seat and (counted := _counted(before, action, seat)) is not None:
                expected[number] = counted
        review = end.split("<h3>Your review</h3>")[1].split("Your exact sheet")[0]
        shown = {}
        for number, item in re.findall(r"<li><b>#(\d+)</b>(.*?)</li>", review):
            values = [Fraction(int(a), int(b)) for a, b in re.findall(r'data-p="(\d+)/(\d+)"', item)]
            chosen = values[0]
            best = chosen if item.endswith("<b>best</b>") else values[1]
            if best != chosen:
                assert values[2] == best - chosen  # the cost
            shown[int(number)] = (chosen, best)
        assert shown == expected
        reviewed += len(shown)
        assert "seat " not in review  # the players' names, not the engine's seat numbers
        hidden = [e for e in state.log if e.seen_by is not None and seat not in e.seen_by]
        for event in hidden:  # another seat's look, or what it was shown: never on this page
            assert esc(event.text(names.names)) not in end
    assert reviewed
