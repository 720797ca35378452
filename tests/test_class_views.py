"""What a seat is shown: never another seat's hidden card, and every number the core's.

The leak check does not look for card values in the text (a 3 is everywhere); it deals
every card the seat cannot see anew, many times, and asks for the very same page. A page
that changed would carry something of the hidden cards. The numbers on the page are
checked against an independent enumeration (``tests/brute_force.py``).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath import hochstapler as hs
from bluffmath_class.games import GAMES, Seating
from bluffmath_class.games.hochstapler_notes import CallNote, DoubtNote
from tests import brute_force as brute
from tests.class_server import (
    Player,
    assert_views_hide_other_cards,
    hidden_differs,
    join,
    open_table,
    order,
    other_world,
    play_threads,
    served,
    teacher_socket,
)

RULES = GAMES["hochstapler"]
BOTS = [hs.CardCountingBot(), hs.RandomBot(), hs.BidReadingBot()]


def _game(players: int, seed: int, moves: int) -> tuple[hs.State, list]:
    """A game of bots stopped after ``moves`` moves, with its notes."""
    state = hs.Game(players=players).new_game(seed)
    rng, notes = random.Random(seed), []
    for _ in range(moves):
        if state.is_terminal:
            break
        bot = BOTS[state.to_act % len(BOTS)]
        action = bot.choose(state.view(state.to_act), state.legal_actions(), rng)
        before, state = state, state.apply(action)
        note = RULES.note(before, action, state)
        if note is not None:
            notes.append(note)
    return state, notes


@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 60),
       odds=st.sampled_from(["always", "after-doubt", "never"]))
def test_a_seats_page_is_the_same_whatever_the_cards_it_cannot_see(players, seed, moves, odds):
    state, notes = _game(players, seed, moves)
    seating = Seating(tuple(f"P{s}" for s in range(players)))
    rng = random.Random(seed)
    for seat in range(players):
        page = RULES.seat_page(state, seat, seating, odds, notes)
        for _ in range(3):
            world = other_world(state, seat, rng)
            assert RULES.seat_page(world, seat, seating, odds, notes) == page
    public = RULES.table_page(state, seating, notes)
    assert RULES.table_page(other_world(state, -1, rng), seating, notes) == public
    doubts_only = [n for n in notes if isinstance(n, DoubtNote)]
    assert RULES.seat_page(state, 0, seating, odds, doubts_only) == RULES.seat_page(state, 0, seating, odds, notes)


def test_the_other_world_really_moves_the_hidden_cards():
    state, _ = _game(5, 3, 4)
    worlds = [other_world(state, 0, random.Random(i)) for i in range(5)]
    assert all(hidden_differs(state, w, 0) for w in worlds)
    assert all(w.hands[c][0] == state.hands[c][0] for w in worlds for c in state.hands)
    assert all(w.view(0) == state.view(0) for w in worlds)


def test_a_page_that_used_a_hidden_card_would_be_caught():
    state, notes = _game(4, 11, 3)
    seating = Seating(("A", "B", "C", "D"))

    def leaky(s: hs.State, seat: int) -> str:  # what a careless page might do
        return RULES.seat_page(s, seat, seating, "always", notes)["board"] + str(s.hands["red"][1])

    worlds = [other_world(state, 0, random.Random(i)) for i in range(8)]
    assert len({leaky(w, 0) for w in worlds}) > 1


def test_every_message_a_student_received_in_whole_games_hides_the_other_seats_cards():
    with served() as (client, app):
        table_id = open_table(client, app, seats=4, odds="always")
        players = [Player(client, app, join(client, app, n), table_id, seed=7 + i)
                   for i, n in enumerate(["Ann", "Ben", "Cy"])]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        play_threads(players)
        table = app.state.room.tables[table_id]
        run, seating = table.last, table.seating()
    rng = random.Random(1)
    checked = [assert_views_hide_other_cards(RULES, run, seating, seat, p.messages, "always", rng)
               for seat, p in enumerate(players)]
    assert min(checked) > 15
    assert players[0].messages[-1]["regions"]["end"] == RULES.end_page(run.state, 0, seating)


# --- the numbers on the page --------------------------------------------------------------------


def _shown(html: str, name: str) -> list[Fraction]:
    """The exact chances inside elements of class ``name``, as the page carries them."""
    found = re.findall(rf'class="{name}"><span class="p" data-p="(\d+)/(\d+)"', html)
    return [Fraction(int(a), int(b)) for a, b in found]


@given(players=st.integers(3, 5), seed=st.integers(0, 10**6), moves=st.integers(1, 12))
def test_the_call_to_beat_shows_the_exact_chance_by_enumeration(players, seed, moves):
    state, _ = _game(players, seed, moves)
    if state.is_terminal or state.call is None:
        return
    seat = state.to_act
    page = RULES.seat_page(state, seat, Seating(tuple("ABCDEFG"[:players])), "always", [])
    call = state.call
    own = state.hands[call.colour][seat]
    counts = brute.total_counts(players, own, state.face_up(call.colour))
    assert _shown(page["odds"], "current") == [brute.probability_at_least(counts, call.total)]


def test_a_doubts_note_is_the_doubters_exact_chance_by_enumeration():
    checked = 0
    for seed in range(40):
        state, notes = _game(4, seed, 80)
        for note in (n for n in notes if isinstance(n, DoubtNote)):
            reveal = next(r for r in state.reveals if r.call == note.call and r.deal == note.deal)
            own = reveal.cards[note.doubter]
            # the face-up cards of that colour at the doubt: public, in the reveal's deal
            face_up = [e.value for e in state.events[:note.number - 1]
                       if isinstance(e, hs.Exchange) and e.colour == note.call.colour]
            counts = brute.total_counts(4, own, face_up)
            assert note.chance == brute.probability_at_least(counts, note.call.total)
            assert note.call_was_true == (sum(reveal.cards) >= note.call.total)
            checked += 1
    assert checked > 100


def test_a_calls_note_is_the_callers_exact_chance_by_enumeration():
    checked = 0
    for seed in range(20):
        state, notes = _game(5, seed, 60)
        events = state.events
        for note in (n for n in notes if isinstance(n, CallNote)):
            before = hs.Game(players=5).replay(seed, 0, events[:note.number - 1])
            own = before.hands[note.call.colour][note.call.seat]
            counts = brute.total_counts(5, own, before.face_up(note.call.colour))
            assert note.chance == brute.probability_at_least(counts, note.call.total)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_the_teacher_ended_offers_no_move_on_any_region(name):
    """Ending a game early leaves its state unfinished; no region of the page of the seat
    that was to move may still offer a move (Gauner raus! draws its asks on the board)."""
    from bluffmath_class.database import Database
    from bluffmath_class.room import Room
    from bluffmath_class.settings import TableSettings
    from bluffmath_class.views import Views

    rules = GAMES[name]
    variant = next(iter(rules.variants))
    seats = rules.seat_range(variant).start
    room = Room(Database(":memory:"))
    [table] = room.open_tables(TableSettings(game=name, seats=seats, bot=next(iter(rules.bots)),
                                             variant=variant), 1)
    for n in range(seats):
        room.join(room.code, f"Student {n + 1}")
    room.start(table.id)
    mover = rules.to_act(table.current.state)
    sends = re.compile(r"data-send='[^']*kind")
    views = Views(room)
    assert sends.search("".join(views.seat(table, mover)["regions"].values()))
    room.end(table.id)
    message = views.seat(table, mover)
    assert not message["turn"]
    assert not sends.search("".join(message["regions"].values()))


def test_a_doubt_in_the_log_speaks_to_the_reader_in_good_english():
    """The caller's and the doubter's seat read "your" on their own pages (never "you's"),
    and the name with "'s" on the others'."""
    from bluffmath_class.games.hochstapler_page import doubt_text
    state = hs.Game(players=3).new_game(seed=4).raise_(6, "red").doubt()   # Ann calls, Ben doubts
    [reveal] = state.reveals
    seating = Seating(("Ann", "Ben", "Cy"))
    note = DoubtNote(2, reveal.deal, reveal.call, reveal.doubter, Fraction(1, 2), reveal.total, reveal.taker)
    caller, doubter, other = (doubt_text(reveal, seating, me, note) for me in (0, 1, 2))
    assert caller.startswith("Ben doubted your ")
    assert "from Ben's seat" in caller
    assert doubter.startswith("you doubted Ann's ")
    assert "from your seat" in doubter
    assert other.startswith("Ben doubted Ann's ")
    assert "you's" not in caller + doubter + other
