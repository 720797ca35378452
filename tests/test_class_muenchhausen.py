"""Münchhausen at the class table: moves read strictly, pages in the game's words, a seat
shown nothing of another seat's face-down cards, and every number on the pages and the
teacher's picture recomputed here from the rules alone.

The leak check deals every hidden choice anew: :func:`other_world` replays the game with
other cards laid face down and laid on piles wherever nobody saw them (a believed card, a
card still face down, a card laid on one's own pile), keeping every public event and the
seat's own moves, and the seat's page must not change. The numbers are counted by
:func:`hand_chances`, a short exact count over the hands a player may hold, written from
the rules and the uniform card model, not from bluffmath's knowledge module.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import muenchhausen as mh
from bluffmath.errors import IllegalActionError
from bluffmath.muenchhausen.events import (
    Doubted,
    Laid,
    OpenCard,
    Rewarded,
    RoundStarted,
)
from bluffmath.muenchhausen.game import Believe, Choose, Doubt, Lay, Name, Offer, Pass, Reward
from bluffmath.schema import Node
from bluffmath_class.errors import MessageError
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.games.muenchhausen import Muenchhausen
from bluffmath_class.games.muenchhausen_notes import DecisionNote
from bluffmath_class.games.muenchhausen_picture import BINS, bin_of
from bluffmath_class.markup import esc
from bluffmath_class.throttle import RATE
from tests.class_server import (
    join,
    open_table,
    order,
    picture_showing,
    play_threads,
    reviewed,
    served,
    teacher_socket,
    until,
)

RULES = GAMES["muenchhausen"]
BOTS = ("odds", "random", "honest")
HALF = Fraction(1, 2)


def play(players: int, seed: int, moves: int = 10**6, rounds: int = 1,
         rules: Muenchhausen = RULES) -> tuple[mh.State, list[DecisionNote]]:
    """A game of the class table's bots (odds, random, honest by seat), stopped after
    ``moves`` moves, with its notes."""
    state = mh.Game(players=players, rounds=rounds).new_game()
    rng, notes = random.Random(seed), []
    for _ in range(moves):
        if state.is_terminal:
            break
        action = rules.bot_move(state, BOTS[(state.to_act + seed) % 3], rng)
        before, state = state, state.apply(action)
        note = rules.note(before, action, state)
        if note is not None:
            notes.append(note)
    return state, notes


def seating(players: int) -> Seating:
    return Seating(tuple(f"P{s}" for s in range(players)))


# --- another world: every hidden choice made anew ------------------------------------------


def _hidden(before: mh.State, action: object, after_action: object, seat: int) -> bool:
    """Whether ``action`` chose a card nobody but its player saw (``seat`` sees its own)."""
    if before.to_act == seat or before.game.two_player:
        return False
    if isinstance(action, Lay):
        return not isinstance(after_action, Doubt)  # believed, or still face down
    return isinstance(action, Reward) and action.card is not None


def other_world(state: mh.State, seat: int, rng: random.Random, budget: int = 3000) -> mh.State:
    """``state`` replayed with the cards ``seat`` did not see chosen anew, so that every
    public event stays the same; ``seat``'s own moves stay. In the round under way every
    such card is chosen at random among the cards its player held (a search that keeps
    each card that is turned over later in hand; past ``budget`` tries it keeps the
    choices). A round that ended showed its piles and hands, so there the cards one player
    laid unseen onto one pile change places (the 7 believed first, the 5 later, become the
    5 first, the 7 later), wherever the rest of the round allows it."""
    actions = state.actions
    original = [state.game.new_game()]
    for action in actions:
        original.append(original[-1].apply(action))
    world, i = original[0], 0
    while i < len(actions):
        end = next(j for j in range(i + 1, len(actions) + 1)
                   if j == len(actions) or original[j].round != original[i].round or original[j].is_terminal)
        ended = original[end].round != original[i].round or original[end].is_terminal
        chosen = (_swapped(world, actions[i:end], state.log, seat, rng) if ended else
                  _searched(world, i, end, actions, original, state.log, seat, rng, budget))
        world = _replay(world, chosen)
        i = end
    return world


def _replay(state: mh.State, actions: tuple) -> mh.State:
    for action in actions:
        state = state.apply(action)
    return state


def _same_log(state: mh.State, actions: list, log: tuple) -> bool:
    """Whether ``actions`` from ``state`` are legal and show exactly ``log``'s events."""
    try:
        after = _replay(state, tuple(actions))
    except IllegalActionError:
        return False
    return after.log == log[:len(after.log)]


def _swapped(start: mh.State, actions: tuple, log: tuple, seat: int, rng: random.Random,
             tries: int = 30) -> tuple:
    """A finished round's actions with unseen cards of one player onto one pile swapped."""
    states = [start]
    for action in actions:
        states.append(states[-1].apply(action))
    groups: dict[tuple[int, int], list[int]] = {}
    for i, action in enumerate(actions):
        after = actions[i + 1] if i + 1 < len(actions) else None
        if _hidden(states[i], action, after, seat):
            player = states[i].to_act
            pile = states[i].start if isinstance(action, Lay) else player
            groups.setdefault((player, pile), []).append(i)
    chosen = list(actions)
    pairs = [(i, j) for group in groups.values() for i in group for j in group if i < j]
    for i, j in rng.sample(pairs, min(tries, len(pairs))):
        if chosen[i] == chosen[j]:
            continue
        trial = list(chosen)
        trial[i], trial[j] = type(chosen[i])(chosen[j].card), type(chosen[j])(chosen[i].card)
        if _same_log(start, trial, log):
            chosen = trial
    return tuple(chosen)


def _searched(start: mh.State, i0: int, end: int, actions: tuple, original: list[mh.State],
              log: tuple, seat: int, rng: random.Random, budget: int) -> tuple:
    """The round under way: a depth-first search over the unseen cards of actions ``i0`` to
    ``end``, each chosen at random; the actions found (past ``budget`` tries: as played)."""
    def options(i: int, state: mh.State) -> list[object]:
        if i == end:
            return []
        action = actions[i]
        after = actions[i + 1] if i + 1 < len(actions) else None
        if not _hidden(state, action, after, seat):
            return [action]
        hand = sorted(set(state.hands[state.to_act]))
        rng.shuffle(hand)
        return [type(action)(c) for c in hand]

    stack = [(i0, start, iter(options(i0, start)), None)]
    tries = 0
    while stack and tries <= budget:
        i, state, choices, _ = stack[-1]
        if i == end:
            return tuple(action for *_, action in stack[1:])
        for action in choices:
            tries += 1
            try:
                after = state.apply(action)
            except IllegalActionError:
                continue
            seen = len(original[i + 1].log)
            if len(after.log) == seen and after.log[len(state.log):] == log[len(state.log):seen]:
                stack.append((i + 1, after, iter(options(i + 1, after)), action))
                break
        else:
            stack.pop()
    return actions[i0:end]


def hidden_differs(state: mh.State, world: mh.State, seat: int) -> bool:
    """True when ``world`` differs from ``state`` in something ``seat`` cannot see."""
    return (any(state.hands[s] != world.hands[s] for s in range(state.players) if s != seat)
            or state.piles != world.piles or state.laid != world.laid or state.actions != world.actions)


def assert_views_hide_other_cards(rules: Any, run: Any, names: Seating, seat: int,
                                  messages: list[dict[str, Any]], odds: str, variant: str,
                                  rng: random.Random) -> int:
    """Every view ``seat`` received of ``run`` is the page drawn in worlds where every card
    the seat did not see was chosen anew; the number of views checked."""
    states = [rules.new_state(len(names.names), variant, run.seed, run.opener)]
    for move in run.moves:
        states.append(rules.apply(states[-1], rules.read_move(Node(move.move, "a stored move"))))
    assert states[-1] == run.state
    views = [m for m in messages if m["type"] == "view" and m["game"] == run.id]
    for message in views:
        state = states[message["at"]]
        notes = [n for n in run.notes if n.number <= message["at"]]
        for _ in range(2):
            world = other_world(state, seat, rng)
            assert world.view(seat) == state.view(seat)
            page = rules.seat_page(world, seat, names, odds, notes)
            if message["regions"]["end"]:  # the server's own words for a game that ended
                page.pop("status"), page.pop("moves")
            assert {k: message["regions"][k] for k in page} == page
    return len(views)


# --- an independent count: the hands a player may hold ---------------------------------------


def hand_chances(log: tuple, seat: int) -> dict[tuple[int, ...], Fraction]:
    """P(``seat`` holds each hand) after ``log``, as the whole table knows it, under the
    uniform card model (every card of a hand alike), counted from the rules: a card laid
    face down mixes the hands it may come from; a card turned over keeps the hands that
    could have laid it, each weighted by its chance of laying it."""
    hands: dict[tuple[int, ...], Fraction] = {}
    laid: dict[tuple[int, ...], Fraction] = {}  # the hands before the card now face down
    for event in log:
        if isinstance(event, RoundStarted):
            hands, laid = {event.hands[seat]: Fraction(1)}, {}
        elif isinstance(event, Laid) and event.seat == seat:
            laid, hands = hands, _unseen(hands)
        elif isinstance(event, Rewarded) and event.seat == seat:
            hands = _unseen(hands)
        elif isinstance(event, Doubted) and event.seat == seat:
            hands = _shown(laid, event.card, keep=not event.honest)
        elif isinstance(event, Doubted) and event.start == seat and event.honest:
            hands = {tuple(sorted((*h, event.card))): p for h, p in hands.items()}
        elif isinstance(event, OpenCard) and event.seat == seat:
            hands = {_less(h, event.card): p for h, p in hands.items()}
    return hands


def laid_chances(log: tuple) -> dict[int, Fraction]:
    """P(the card now face down is each value), by :func:`hand_chances` before it was laid."""
    at = max(i for i, e in enumerate(log) if isinstance(e, Laid))  # equal events recur: by place
    before = hand_chances(log[:at], log[at].seat)
    cards: dict[int, Fraction] = {}
    for hand, p in before.items():
        for c, n in Counter(hand).items():
            cards[c] = cards.get(c, Fraction(0)) + p * Fraction(n, len(hand))
    return cards


def _less(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


def _unseen(hands: dict) -> dict:
    after: dict = {}
    for hand, p in hands.items():
        for c, n in Counter(hand).items():
            rest = _less(hand, c)
            after[rest] = after.get(rest, Fraction(0)) + p * Fraction(n, len(hand))
    return after


def _shown(before: dict, card: int, keep: bool) -> dict:
    weights = {h: p * Fraction(h.count(card), len(h)) for h, p in before.items() if card in h}
    total = sum(weights.values())
    return {(h if keep else _less(h, card)): w / total for h, w in weights.items()}


def honest_by_counting(log: tuple) -> Fraction:
    """P(the card now face down reaches its offer), by :func:`laid_chances`."""
    offer = next(e for e in reversed(log) if isinstance(e, Laid)).offer
    return sum((p for c, p in laid_chances(log).items() if c >= offer), Fraction(0))


# --- moves ----------------------------------------------------------------------------------


def _read(payload: object) -> object:
    return RULES.read_move(Node.of(json.dumps(payload), "a move", MessageError))


def test_every_legal_move_crosses_the_wire_and_back():
    seen = set()
    for players in (2, 3, 6):
        state = mh.Game(players=players).new_game()
        rng = random.Random(players)
        while not state.is_terminal:
            for action in state.legal_actions():
                assert _read(RULES.move_json(action)) == action
                seen.add(type(action))
            state = state.apply(rng.choice(state.legal_actions()[:4]))
    assert seen == {Name, Offer, Pass, Choose, Lay, Believe, Doubt, Reward}


@pytest.mark.parametrize(("payload", "said"), [
    ({"kind": "offer", "value": True}, "value must be a whole number from 1 to 8; found true"),
    ({"kind": "offer", "value": 6.0}, "value must be a whole number from 1 to 8; found 6.0"),
    ({"kind": "name", "value": 9}, "value must be a whole number from 1 to 8; found 9"),
    ({"kind": "choose", "seat": "2"}, "seat must be a whole number from 0 to 7"),
    ({"kind": "reward", "card": False}, "card must be a whole number from 1 to 8; found false"),
    ({"kind": "lay", "card": 7, "colour": "red"}, 'unknown key "colour"'),
    ({"kind": "lay", "value": 7}, '"lay" takes the keys kind, card; found kind, value'),
    ({"kind": "reward"}, '"reward" takes the keys kind, card; found kind'),
    ({"kind": "believe", "card": 3}, '"believe" takes the keys kind; found kind, card'),
    ({"kind": "bluff"}, '"bluff" is not allowed'),
    ({"value": 3}, 'key "kind" missing'),
])
def test_a_move_is_read_strictly_naming_the_place(payload, said):
    with pytest.raises(MessageError, match=re.escape(said)):
        _read(payload)


def test_a_move_the_rules_refuse_is_the_engines_error():
    state = RULES.new_state(3, "one-round", 0, 0)
    with pytest.raises(IllegalActionError, match="cannot offer now: seat 0 is to name a value"):
        RULES.apply(state, _read({"kind": "offer", "value": 5}))


def test_a_new_game_ignores_the_seed_and_the_opener_and_plays_its_variant():
    games = {RULES.new_state(4, variant, seed, opener) for variant in RULES.variants
             for seed, opener in [(0, 0), (99, 3)]}
    assert {(s.game.rounds, s.start, s.to_act) for s in games} == {(1, 0, 0), (3, 0, 0), (4, 0, 0)}
    assert list(RULES.seat_range("three-rounds")) == list(range(2, 9))
    assert RULES.new_state(6, "round-each", 1, 1).game.rounds == 6


def test_the_bots_finish_games_and_the_random_bot_follows_its_rng():
    for players, bot in [(2, "odds"), (4, "honest"), (8, "random")]:
        state = RULES.new_state(players, "one-round", 0, 0)
        rng = random.Random(players)
        while RULES.to_act(state) is not None:
            state = RULES.apply(state, RULES.bot_move(state, bot, rng))
        assert len(RULES.scores(state)) == players
        assert set(RULES.winners(state)) == {s for s, p in enumerate(state.scores) if p == max(state.scores)}
        assert mh.load_game(RULES.save(state)) == state
    state = RULES.new_state(4, "one-round", 0, 0).name(5)
    assert RULES.bot_move(state, "random", random.Random(3)) == RULES.bot_move(state, "random", random.Random(3))


# --- what a seat is shown: never a card it did not see -----------------------------------------


def notes_of(state: mh.State, rules: Muenchhausen = RULES) -> list[DecisionNote]:
    """The notes of ``state``'s game, made again move by move."""
    now, notes = state.game.new_game(), []
    for action in state.actions:
        before, now = now, now.apply(action)
        note = rules.note(before, action, now)
        if note is not None:
            notes.append(note)
    return notes


@settings(max_examples=30)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), moves=st.integers(0, 400),
       rounds=st.integers(1, 2), odds=st.sampled_from(["always", "after-doubt", "never"]))
def test_a_seats_page_is_the_same_whatever_it_did_not_see(players, seed, moves, rounds, odds):
    state, notes = play(players, seed, moves, rounds)
    names = seating(players)
    rng = random.Random(seed)
    for seat in range(players):
        page = RULES.seat_page(state, seat, names, odds, notes)
        for _ in range(2):
            world = other_world(state, seat, rng)
            assert world.view(seat) == state.view(seat)
            assert RULES.seat_page(world, seat, names, odds, notes) == page
    public = other_world(state, -1, rng)
    assert notes_of(public) == notes
    assert RULES.table_page(public, names, notes) == RULES.table_page(state, names, notes)
    assert RULES.picture([Record(names, public, notes)]) == RULES.picture([Record(names, state, notes)])


@pytest.mark.parametrize(("players", "seed", "moves", "rounds"),
                         [(3, 1, 60, 1), (4, 2, 10**6, 1), (5, 3, 300, 2), (8, 4, 150, 1), (6, 7, 10**6, 1)])
def test_the_other_world_really_chooses_the_hidden_cards_anew(players, seed, moves, rounds):
    state, _ = play(players, seed, moves, rounds)
    for seat in range(players):
        worlds = [other_world(state, seat, random.Random(i)) for i in range(4)]
        assert all(w.view(seat) == state.view(seat) for w in worlds)
        assert all(w.log == state.log for w in worlds)
        assert any(hidden_differs(state, w, seat) for w in worlds)


def test_a_page_that_used_a_hidden_card_would_be_caught():
    state, notes = play(4, 2, 60)
    names = seating(4)

    def leaky(world: mh.State) -> str:  # what a careless page might do
        return RULES.seat_page(world, 0, names, "always", notes)["board"] + str(world.piles[0])

    assert len({leaky(other_world(state, 0, random.Random(i))) for i in range(8)}) > 1


@dataclass
class Student:
    """A student in a thread: a random legal move (seeded, passing half the time it may
    offer, taking the reward mostly) whenever it is its turn; keeps every message."""

    client: Any
    app: Any
    secret: str
    table: int
    seed: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)

    def play(self, games: int = 1) -> None:
        from tests.class_server import seat_socket

        rng = random.Random(self.seed)
        table = self.app.state.room.tables[self.table]
        with seat_socket(self.client, self.secret) as socket:
            sent = None
            while True:
                message = json.loads(socket.receive_text())
                self.messages.append(message)
                if message["type"] == "error" and "slow down" in message["message"]:  # too fast: again
                    time.sleep(1 / RATE)
                    socket.send_text(sent)
                if message["type"] != "view":
                    continue
                if reviewed(message) and len(table.runs) >= games:
                    return
                run = table.current
                if message["turn"] and run is not None and run.at == message["at"]:
                    move = table.rules.move_json(pick(run.state, rng))
                    sent = json.dumps({"type": "move", "game": message["game"], "at": message["at"],
                                       "move": move})
                    socket.send_text(sent)


def pick(state: mh.State, rng: random.Random) -> object:
    """A student's move among the legal ones."""
    legal = state.legal_actions()
    if state.phase == "offer" and rng.random() < 0.5:
        return Pass()
    if state.phase == "reward" and len(legal) > 1 and rng.random() < 0.9:
        legal = legal[1:]
    return rng.choice(legal)


def _class_game(seats: int, students: int, odds: str, variant: str, bot: str = "odds"):
    """A whole game over the sockets: the run, the seating and each student's messages."""
    with served() as (client, app):
        table_id = open_table(client, app, game="muenchhausen", seats=seats, bot=bot, odds=odds,
                              variant=variant, move_seconds=0)
        players = [Student(client, app, join(client, app, f"S{i}"), table_id, seed=5 + i) for i in range(students)]
        with teacher_socket(client, app) as teacher:
            order(teacher, type="start", table=table_id)
        play_threads(players, timeout=240)
        table = app.state.room.tables[table_id]
        return table.last, table.seating(), players


@pytest.mark.parametrize(("seats", "students", "odds", "variant"),
                         [(4, 3, "always", "one-round"), (3, 2, "after-doubt", "one-round"),
                          (2, 2, "always", "one-round")])
def test_every_message_a_student_received_in_whole_games_hides_the_other_seats_cards(seats, students, odds, variant):
    run, names, players = _class_game(seats, students, odds, variant)
    assert run.state.is_terminal
    rng = random.Random(1)
    checked = [assert_views_hide_other_cards(RULES, run, names, seat, p.messages, odds, variant, rng)
               for seat, p in enumerate(players)]
    assert min(checked) > 15
    assert players[0].messages[-1]["regions"]["end"] == RULES.end_page(run.state, 0, names)
    assert run.notes == notes_of(run.state)


# --- every number on the pages, counted again ------------------------------------------------


def positions(state: mh.State) -> list[tuple[int, mh.State, object]]:
    """Every move of ``state``'s game: its number (1 is the first), the state before, the move."""
    now, found = state.game.new_game(), []
    for number, action in enumerate(state.actions, 1):
        found.append((number, now, action))
        now = now.apply(action)
    return found


def _games(rounds: int = 1) -> list[mh.State]:
    return [play(players, seed, rounds=rounds)[0] for players in (3, 4, 6, 8) for seed in range(2)]


def _looks(log: tuple, seat: int, offer: int) -> Fraction:
    """P(a card laid by ``seat`` on ``offer`` is honest), as the table counts its hand."""
    return sum((p * Fraction(sum(c >= offer for c in h), len(h)) for h, p in hand_chances(log, seat).items()),
               Fraction(0))


def _card_chances(log: tuple, seat: int) -> dict[int, Fraction]:
    """P(a card ``seat`` lays now is each value), as the table counts its hand."""
    cards: dict[int, Fraction] = {}
    for hand, p in hand_chances(log, seat).items():
        for c, n in Counter(hand).items():
            cards[c] = cards.get(c, Fraction(0)) + p * Fraction(n, len(hand))
    return cards


def _believe_doubt(cards: dict[int, Fraction], offer: int, hand: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    """The start player's expected change of points: believed, the card lands on their pile;
    doubted, an honest card goes into their hand, a lie lets them lay their highest card."""
    believe = sum((p * c for c, p in cards.items()), Fraction(0))
    doubt = sum((p * (-c if c >= offer else 2 * max(hand)) for c, p in cards.items()), Fraction(0))
    return believe, doubt


def _lay_worth(hand: tuple[int, ...], c: int, offer: int, believed: bool) -> Fraction:
    """My change of points laying ``c`` on ``offer``: believed, it leaves my hand; doubted
    and honest, it leaves and I lay my highest remaining card on my pile; a lie comes back."""
    if believed:
        return Fraction(c)
    if c < offer:
        return Fraction(0)
    rest = _less(hand, c)
    return Fraction(c + (2 * max(rest) if rest else 0))


def _numbers(html: str, kind: str) -> list[Fraction]:
    """The exact numbers inside elements of class ``kind``, in order."""
    found = re.findall(rf'class="{kind}"><span class="(?:p|pts)" data-(?:p|v)="(-?\d+)/(\d+)"', html)
    return [Fraction(int(a), int(b)) for a, b in found]


def test_each_notes_chance_is_counted_from_the_rules_and_is_the_same_from_every_seat():
    checked = 0
    for state in _games(rounds=2):
        notes = iter(notes_of(state))
        for number, before, action in positions(state):
            if isinstance(action, Believe | Doubt):
                note = next(notes)
                assert note.number == number
                assert note.chance == honest_by_counting(before.log)
                assert note.chance == mh.honest_chance(mh.Knowledge.from_log(before.log, mh.UNIFORM))
                assert (note.decider, note.offerer, note.offer) == (before.start, before.offerer, before.offer_value)
                assert note.card == (before.laid if isinstance(action, Doubt) else None)
                checked += 1
    assert checked > 150


def test_the_believe_or_doubt_page_shows_the_counted_chances_and_expected_points():
    checked = 0
    for state in _games():
        for _, before, _ in positions(state):
            if before.phase != "decide":
                continue
            names = seating(before.players)
            cards = laid_chances(before.log)
            decider = RULES.seat_page(before, before.start, names, "always", [])["odds"]
            watcher = RULES.seat_page(before, before.offerer, names, "always", [])["odds"]
            assert _numbers(decider, "honest") == _numbers(watcher, "honest") == [honest_by_counting(before.log)]
            shown = re.findall(r'data-value="(\d)">\d</span> <span class="p" data-p="(\d+)/(\d+)"', decider)
            assert {int(c): Fraction(int(a), int(b)) for c, a, b in shown} == cards
            believe, doubt = _believe_doubt(cards, before.offer_value, before.hands[before.start])
            assert _numbers(decider, "believe") == [believe]
            assert _numbers(decider, "doubt") == [doubt]
            assert (believe > doubt) == ('data-choice="believe"' in decider)
            checked += 1
    assert checked > 60


def test_each_offers_risk_and_gain_is_counted():
    checked = 0
    for state in _games():
        for _, before, _ in positions(state):
            if before.phase != "offer":
                continue
            seat, hand = before.to_act, before.hands[before.to_act]
            odds = RULES.seat_page(before, seat, seating(before.players), "always", [])["odds"]
            for item in re.findall(r'<li data-offer="(\d)">(.*?)</li>', odds):
                v, html = int(item[0]), item[1]
                assert _numbers(html, "looks") == [_looks(before.log, seat, v)]
                assert _numbers(html, "believed") == [max(_lay_worth(hand, c, v, True) for c in hand)]
                assert _numbers(html, "doubted") == [max(_lay_worth(hand, c, v, False) for c in hand)]
                checked += 1
            assert len(re.findall(r"<li data-offer", odds)) == sum(isinstance(a, Offer) for a in before.legal_actions())
    assert checked > 500


def test_laying_and_choosing_show_the_counted_numbers():
    lays = chooses = 0
    for state in _games():
        for _, before, _ in positions(state):
            names = seating(before.players)
            if before.phase == "lay":
                seat, hand, offer = before.offerer, before.hands[before.offerer], before.offer_value
                odds = RULES.seat_page(before, seat, names, "always", [])["odds"]
                assert _numbers(odds, "looks") == [_looks(before.log, seat, offer)]
                for c, html in re.findall(r'<li data-card="(\d)">(.*?)</li>', odds):
                    shown = [Fraction(int(a), int(b)) for a, b in re.findall(r'data-v="(-?\d+)/(\d+)"', html)]
                    assert shown == [_lay_worth(hand, int(c), offer, True), _lay_worth(hand, int(c), offer, False)]
                lays += 1
            elif before.phase == "choose":
                offer = before.highest
                odds = RULES.seat_page(before, before.start, names, "always", [])["odds"]
                for s, html in re.findall(r'<li data-seat="(\d)">(.*?)</li>', odds):
                    cards = _card_chances(before.log, int(s))
                    shown = [Fraction(int(a), int(b)) for a, b in re.findall(r'data-[pv]="(-?\d+)/(\d+)"', html)]
                    assert shown == [sum((p for c, p in cards.items() if c >= offer), Fraction(0)),
                                     *_believe_doubt(cards, offer, before.hands[before.start])]
                chooses += 1
    assert lays > 60
    assert chooses > 5


def test_with_two_players_every_card_is_in_view_and_each_lays_worth_is_shown():
    state, _ = play(2, 0)
    checked = 0
    for _, before, _ in positions(state):
        page = RULES.seat_page(before, 0, seating(2), "always", [])
        other = re.search(r'<span class="mh-open">(.*?)</span></p>', page["board"])
        assert tuple(int(c) for c in re.findall(r'data-value="(\d)"', other[1])) == before.hands[1]
        if before.phase == "lay" and before.to_act == 0:
            shown = [Fraction(int(a), int(b)) for a, b in re.findall(r'data-v="(-?\d+)/(\d+)"', page["odds"])]
            assert shown == [Fraction(c if c > before.named else 2 * c) for c in sorted(set(before.hands[0]))]
            assert all(f"Lay {c} <small>→ " in page["moves"] for c in before.hands[0])
            checked += 1
    assert checked > 3


# --- the review at the end, counted again ------------------------------------------------------


def review_by_counting(state: mh.State, seat: int) -> dict[int, tuple[Fraction, Fraction]]:
    """Each decision of ``seat`` (by number): the value of its choice and the best value,
    one turn ahead as the review counts (module :mod:`bluffmath.review.muenchhausen`)."""
    found = {}
    for number, before, action in positions(state):
        if before.to_act != seat or before.phase in ("name", "offer"):
            continue  # naming and bidding are not valued
        values = _options(before)
        found[number] = (values[action], max(values.values()))
    return found


def _options(before: mh.State) -> dict[object, Fraction]:
    seat, log = before.to_act, before.log
    hand = before.hands[seat]
    if before.phase == "decide":
        believe, doubt = _believe_doubt(laid_chances(log), before.offer_value, hand)
        return {Believe(): believe, Doubt(): doubt}
    if before.phase == "choose":
        return {a: max(_believe_doubt(_card_chances(log, a.seat), before.highest, hand))
                for a in before.legal_actions()}
    if before.phase == "reward":
        return {a: Fraction(0 if a.card is None else 2 * a.card) for a in before.legal_actions()}
    if before.game.two_player:
        return {a: Fraction(a.card if a.card > before.named else 2 * a.card) for a in before.legal_actions()}

    believed = _looks(log, seat, before.offer_value) >= HALF  # the "lay" phase
    return {a: _lay_worth(hand, a.card, before.offer_value, believed) for a in before.legal_actions()}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_end_page_shows_each_decisions_value_counted_again(players):
    state, _ = play(players, 11)
    for seat in range(players):
        end = RULES.end_page(state, seat, seating(players))
        shown = {}
        for number, html in re.findall(r"<li><b>#(\d+)</b>(.*?)</li>", end):
            values = [Fraction(int(a), int(b)) for a, b in re.findall(r'data-v="(-?\d+)/(\d+)"', html)]
            shown[int(number)] = (values[0], values[0] if "<b>best</b>" in html else values[1])
        assert shown == review_by_counting(state, seat)
        assert [int(p) for p in re.findall(r"<td>(-?\d+)</td><td>(?:winner|joint winner|draw)?</td></tr>", end)] == \
            sorted(state.scores, reverse=True)


# --- the teacher's picture, counted again from the saves ------------------------------------------


def _records(players: int, games: int = 4) -> list[Record]:
    found = []
    for seed in range(games):
        state, notes = play(players, 20 + seed)
        found.append(Record(seating(players), state, notes, table=seed % 2 + 1, game=seed // 2 + 1))
    return found


def expected_figures(saves: list[str]) -> dict[str, object]:
    """The picture's figures from the saves alone: each believe and doubt with its chance
    counted from the log before it."""
    decided = []
    for text in saves:
        state = mh.load_game(text)
        for _, before, action in positions(state):
            if isinstance(action, Believe | Doubt):
                lie = isinstance(action, Doubt) and before.laid < before.offer_value
                decided.append((honest_by_counting(before.log), isinstance(action, Doubt), lie))
    doubts = [(p, lie) for p, doubted, lie in decided if doubted]
    believes = [p for p, doubted, _ in decided if not doubted]
    bins = [[] for _ in range(BINS)]
    for p, doubted, lie in decided:
        bins[min(BINS - 1, int(p * 10))].append((p, doubted, lie))
    return {"valued": len(decided), "believed": len(believes), "doubted": len(doubts),
            "right": sum(lie for _, lie in doubts), "expected": sum((1 - p for p, _ in doubts), Fraction(0)),
            "expected-lies": sum((1 - p for p in believes), Fraction(0)),
            "doubted-honest": sum(p > HALF for p, _ in doubts), "believed-lie": sum(p < HALF for p in believes),
            "bins": [(sum(not d for _, d, _ in b), sum(d for _, d, _ in b), sum(lie for *_, lie in b),
                      sum((1 - p for p, d, _ in b if d), Fraction(0))) for b in bins if b]}


def shown_figures(html: str) -> dict[str, object]:
    """The figures as the picture carries them."""
    found: dict[str, object] = {name: int(re.search(rf'data-{name}="(\d+)"', html)[1]) for name in
                                ("valued", "believed", "doubted", "right", "doubted-honest", "believed-lie")}
    for name in ("expected", "expected-lies"):
        a, b = re.search(rf'class="{name}" data-p="(\d+)/(\d+)"', html).groups()
        found[name] = Fraction(int(a), int(b))
    rows_ = re.findall(r'<tr><td>\d+–\d+ %</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)[^<]*</td>'
                       r'<td><span class="bin-expected" data-p="(\d+)/(\d+)"', html)
    found["bins"] = [(int(b), int(d), int(r), Fraction(int(x), int(y))) for b, d, r, x, y in rows_]
    return found


@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_figure_of_the_picture_is_counted_again_from_the_saves(players):
    records = _records(players)
    html = RULES.picture(records)
    assert shown_figures(html) == expected_figures([RULES.save(r.state) for r in records])
    assert "uniform" in html
    assert html.count("<tr><td>T") == sum(len(r.notes) for r in records)


def test_the_bins_cover_every_chance_once():
    assert [bin_of(Fraction(k, 20)) for k in range(21)] == [k // 2 for k in range(20)] + [9]


def test_the_picture_of_no_decision_and_of_two_players_says_so():
    state, notes = play(2, 1)
    assert notes == []
    assert "No card laid face down has been believed or doubted yet" in RULES.picture([Record(seating(2), state, notes)])


def test_the_teacher_sees_the_picture_live_and_downloads_every_save():
    import io
    import zipfile

    with served() as (client, app):
        table_id = open_table(client, app, game="muenchhausen", seats=3, bot="random", odds="always",
                              variant="three-rounds", move_seconds=0)
        with teacher_socket(client, app) as teacher:
            until(teacher, lambda m: m["type"] == "room")
            order(teacher, type="start", table=table_id)
            until(teacher, lambda m: m["type"] == "room" and "Game 1 is over" in m["regions"]["tables"])
            run = app.state.room.tables[table_id].last
            client.cookies.set("bm_teacher", app.state.room.teacher_key)
            archive = zipfile.ZipFile(io.BytesIO(client.get("/teacher/saves.zip").content))
            save = archive.read(f"table-{table_id}-game-1.json").decode()
            moves = client.get("/teacher/moves.csv").text.splitlines()
            expected = expected_figures([save])
            # the picture is counted in the room's worker, at most once a second: it follows
            message = picture_showing(teacher, shown_figures, expected)
    assert mh.load_game(save) == run.state
    assert run.state.game.rounds == 3
    picture = message["regions"]["picture"]
    assert "Münchhausen: the class beside the mathematics" in picture
    valued = [line for line in moves[1:] if line.endswith(RULES.unit)]
    assert len(valued) == sum(len(review_by_counting(run.state, s)) for s in range(3))


# --- a card model that the game contradicts ----------------------------------------------------


def _contradicted() -> mh.State:
    """Seat 1 offers 5 and lays a 2, though it holds 5 to 8: the card model
    "lowest-enough" (honest whenever possible) cannot explain that card once it is shown,
    to seats 0 and 2 (seat 1's own cards are never under the model: its own decisions
    keep their chances). Seat 2 then decides on seat 0's 6."""
    return (mh.Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt()
            .reward(8).name(3).pass_().offer(6).pass_().pass_().lay(7)
            .believe().name(3).offer(6).pass_().pass_().lay(6))


def test_a_card_the_model_cannot_explain_leaves_its_round_without_numbers_in_honest_words():
    rules = Muenchhausen(mh.LOWEST_ENOUGH)
    state = _contradicted()
    with pytest.raises(mh.ModelContradicted):
        mh.Knowledge.from_log(state.log, mh.LOWEST_ENOUGH)
    page = rules.seat_page(state, 1, seating(3), "always", [])
    assert "could not have been laid if a player is honest whenever possible" in page["odds"]
    assert 'class="honest"' not in page["odds"]
    note = rules.note(state, Believe(), state.believe())
    assert note.chance is None
    notes = notes_of(state.believe(), rules)  # the doubt that showed the lie had its chance
    assert [(n.decider, n.chance) for n in notes] == [(0, Fraction(1)), (1, Fraction(1)), (2, None)]
    html = rules.picture([Record(seating(3), state.believe(), notes)])
    assert re.search(r'data-unvalued="1"', html)
    assert "no number" in html
    assert "lowest-enough" in html
    end = rules.end_page(state.believe(), 1, seating(3))  # the review values what it can
    assert "Your review" in end


# --- the pages in the game's words -------------------------------------------------------------


def test_each_phase_is_said_in_the_games_words_and_every_name_is_escaped():
    names = Seating(("Ann", "<b>Ben</b>", "Cy & Co"))
    state = mh.Game(players=3).new_game()
    said = {}
    for action in [Name(4), Offer(6), Offer(6), Pass(), Pass(), Choose(2), Lay(3), Doubt(), Reward(8)]:
        page = RULES.seat_page(state, state.to_act, names, "always", [])
        said.setdefault(state.phase, (page["status"], page["moves"]))
        assert "<b>Ben</b>" not in "".join(page.values())
        state = state.apply(action)
    assert said["name"][0] == '<p class="status mine">Your turn: name a value</p>'
    assert said["offer"][0].endswith("Your turn: offer or pass</p>")
    assert "Offer 6" in said["offer"][1]
    assert '{"kind": "pass"}' in said["offer"][1]
    assert "Take Cy &amp; Co's offer" in said["choose"][1]
    assert "Lay 3 <small>a lie</small>" in said["lay"][1]
    assert "Lay 8 <small>honest</small>" in said["lay"][1]
    assert "Doubt: turn it over" in said["decide"][1]
    assert said["reward"][0].endswith("Your turn: lay a card on your own pile, or none</p>")
    assert '{"kind": "reward", "card": null}' in said["reward"][1]
    other = RULES.seat_page(state, 0, names, "always", [])
    assert other["status"] == '<p class="status">&lt;b&gt;Ben&lt;/b&gt; to name a value</p>'
    assert other["log"] == (
        '<ol class="log mh-log" reversed><li data-n="0.0">You named 4; &lt;b&gt;Ben&lt;/b&gt; offered 6; Cy &amp; Co offered 6; '
        "you took Cy &amp; Co's offer; Cy &amp; Co laid a card face down claiming at least 6; you doubted: a "
        '<span class="mh-card" data-value="3">3</span>, a lie; Cy &amp; Co took it back; you laid a card face down '
        "on your own pile.</li></ol>")
    assert other["moves"] == ""


def test_the_odds_setting_decides_which_chances_the_log_shows():
    state, notes = play(4, 3, 120)
    names = seating(4)
    doubts = sum(n.doubted for n in notes)
    believes = len(notes) - doubts
    assert doubts > 0
    assert believes > 0
    logs = {odds: RULES.seat_page(state, 0, names, odds, notes)["log"] for odds in ("always", "after-doubt", "never")}
    shown = {odds: log.count("P(honest) from") for odds, log in logs.items()}
    assert shown == {"always": len(notes), "after-doubt": doubts, "never": 0}
    assert "Odds are off" in RULES.seat_page(state, 0, names, "never", notes)["odds"]


def test_the_log_keeps_the_latest_turns_of_the_round_and_every_round_end():
    state, notes = play(6, 2, rounds=2)  # 32 turns in the second round
    log = RULES.seat_page(state, 0, seating(6), "always", notes)["log"]
    assert log.count("ended</b>") == 2
    assert log.count("<li") == 1 + 1 + 30 + 1
    assert "earlier turns of this round" in log
    assert "the piles counted face up" in log


def test_the_teachers_table_shows_public_facts_and_an_ended_game_keeps_the_points_so_far():
    state, notes = play(4, 5, 90)
    names = Seating(("Ann", "Ben", "Cy", "<i>Dee</i>"))
    table = RULES.table_page(state, names, notes)
    assert "&lt;i&gt;Dee&lt;/i&gt;" in table
    assert "<i>" not in table
    assert table.count("P(honest) from") == min(6, len(notes))
    assert not state.is_terminal
    assert table.startswith(f"<p><b>{esc(names.names[state.to_act])} to ")
    assert f"Points: {', '.join(f'{esc(n)} 0' for n in names.names)}" in table
    end = RULES.end_page(state, 0, names)
    assert "The teacher ended the game" in end
    assert "Your review" in end


def test_a_bidder_whose_offer_cannot_rise_is_told_to_pass():
    state = mh.Game(players=3).new_game().name(4).offer(8).offer(8)
    page = RULES.seat_page(state, 1, seating(3), "always", [])
    assert "No offer is possible now: pass." in page["odds"]
    assert page["moves"].count("<button") == 1
