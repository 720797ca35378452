"""Random playouts of the Hochstapler engine, with invariants checked after every action.

In the spirit of OpenSpiel's random-simulation tests: thousands of games at every player
count, random legal actions, and after each action the test compares the new state with
what the rules say it must be, from its own record of the game (its "shadow": the cards
laid face up, the colours taken, the points). A save replays the whole game when it
loads, so saving and loading after every action would cost the square of a game's length:
every state of every ROUND_TRIP_EVERY-th game makes the round trip, and in the other games
the state after one random action and the last state.

The actions are random but biased so that games end: a doubt with probability 1/4 to
1/2 (by game) when one is legal, an exchange now and then (often, in a quarter of the
games, which empties piles), and mostly low raises (with some uniform ones, which reach
the highest total and so the states where only a doubt is legal).

Size: 2,000 one-deal games for each of 3 to 7 players (10,000) and 20 multi-deal games
for each (100, about 450 deals beyond the first), some 310,000 actions, each followed by a
about 25,000 JSON round trips; about 2 minutes on a 2-core machine. Marked slow. ``make
test-full`` (``--full``) runs that whole; ``make test`` runs the first 500 one-deal games of
each count and the 20 multi-deal games (every rule still reached: exchanges that empty a
pile, calls at the top, both outcomes of a doubt, deals beyond the first).
"""

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from brute_force import PILE_CARDS, max_total

from bluffmath.hochstapler import (
    COLOURS,
    Call,
    Doubt,
    DoubtCall,
    Exchange,
    ExchangeCard,
    Game,
    Raise,
    load_game,
    save_game,
)

GAMES_PER_COUNT = 2_000      # one-deal games for each of 3 to 7 players: 10,000 in all
SAMPLE_GAMES = 500           # ... of which make test plays the first 500 (--full: all)
MULTI_DEAL_PER_COUNT = 20    # games of the multi-deal variant (to 10 points) per count
CHECK_ALL_ACTIONS_EVERY = 10  # in every 10th game, apply every listed action at one state
ROUND_TRIP_EVERY = 20        # every state of every 20th game is saved and loaded
SORTED_PILE = sorted(PILE_CARDS)
TOP = {players: max_total(players) for players in range(3, 8)}


@dataclass
class Shadow:
    """What the test knows of the game in play, kept by the test itself."""

    players: int
    face_up: dict = field(default_factory=lambda: {c: [] for c in COLOURS})
    taken: set = field(default_factory=set)
    scores: list = field(default_factory=list)
    deals: int = 0  # deals completed before the one in play (or just ended)

    def new_deal(self):
        self.face_up = {c: [] for c in COLOURS}
        self.taken = set()


@dataclass
class Tally:
    """What the battery has exercised, so that it can be asserted."""

    games: int = 0
    actions: int = 0
    round_trips: int = 0
    exchanges: int = 0
    empty_piles: int = 0
    calls_at_the_top: int = 0
    doubter_took: int = 0
    caller_took: int = 0
    deals_beyond_the_first: int = 0
    all_actions_checked: int = 0


def choose(rng, state, legal, doubt_rate=1 / 3, exchange_rate=0.15):
    """A random legal action (an element of ``legal``), biased so that games end."""
    last = legal[-1]
    if type(last) is DoubtCall and rng.random() < doubt_rate:
        return last
    exchanges = 0
    while type(legal[exchanges]) is ExchangeCard:
        exchanges += 1
    if exchanges and rng.random() < exchange_rate:
        return legal[rng.randrange(exchanges)]
    raises = len(legal) - exchanges - (type(last) is DoubtCall)
    if not raises:
        return last
    i = exchanges + rng.randrange(raises)
    action = legal[i]
    if rng.random() < 0.9:
        # slide down to one of the three lowest totals of the same colour: the raises of
        # a colour are listed together, by total
        low = 0 if state.call is None else state.call.total + 1
        i -= max(0, action.total - low - rng.randrange(3))
    return legal[i]


def check_cards(state, shadow):
    """All cards accounted for: each colour in play is 15 cards; a seat holds one of each."""
    hands, piles, face_up = state.hands, state.piles, shadow.face_up
    assert set(hands) == set(piles) == set(COLOURS) - shadow.taken
    assert [(len(cards), sorted(cards + piles[c] + tuple(face_up[c]))) for c, cards in hands.items()] == (
        [(shadow.players, SORTED_PILE)] * len(hands))
    assert list(state.scores) == shadow.scores
    assert sum(shadow.scores) == len(state.reveals) == 7 * shadow.deals + len(shadow.taken)


def check_step(before, action, after, shadow, tally):
    """The state after ``action`` is what the rules make of ``before``."""
    players = shadow.players
    seat = before.to_act
    if type(action) is Raise:
        assert after.hands == before.hands
        assert after.piles == before.piles
        assert after.history == (*before.history, Call(seat, action.total, action.colour))
        assert after.call == Call(seat, action.total, action.colour)
        assert after.to_act == (seat + 1) % players
        tally.calls_at_the_top += action.total == TOP[players]
    elif type(action) is ExchangeCard:
        colour = action.colour
        mine, pile = before.hands[colour][seat], before.piles[colour]
        expected = list(before.hands[colour])
        expected[seat] = pile[0]
        assert after.hands[colour] == tuple(expected)
        assert after.piles[colour] == pile[1:]
        assert all(after.hands[c] == before.hands[c] for c in after.hands if c != colour)
        assert after.history == (*before.history, Exchange(seat, colour, mine))
        assert after.to_act == seat
        assert after.call == before.call
        shadow.face_up[colour].append(mine)
        assert after.face_up(colour) == tuple(shadow.face_up[colour])
        tally.exchanges += 1
        tally.empty_piles += not after.piles[colour]
    else:
        call = before.call
        cards = before.hands[call.colour]
        total = sum(cards)
        taker = seat if total >= call.total else call.seat
        # the colour's 15 cards: the hands shown, the pile and the face-up cards
        everything = cards + before.piles[call.colour] + tuple(shadow.face_up[call.colour])
        assert sorted(everything) == SORTED_PILE
        reveal = after.reveals[-1]
        assert (reveal.deal, reveal.call, reveal.doubter, reveal.cards, reveal.taker) == (
            before.deal, call, seat, cards, taker)
        assert after.reveals[:-1] == before.reveals
        assert after.to_act == seat
        assert after.call is None
        shadow.scores[taker] += 1
        shadow.taken.add(call.colour)
        if taker == seat:
            tally.doubter_took += 1
        else:
            tally.caller_took += 1
        if len(shadow.taken) == len(COLOURS):
            # the deal is over: exactly 7 points more
            assert sum(shadow.scores) == 7 * (shadow.deals + 1)
            target = before.game.target
            if target is None or max(shadow.scores) >= target:
                assert after.is_terminal
                assert after.deal == before.deal
            else:
                assert not after.is_terminal
                assert after.deal == before.deal + 1
                assert after.history == ()
                assert after.colours == COLOURS
                shadow.deals += 1
                shadow.new_deal()
                tally.deals_beyond_the_first += 1
        else:
            assert after.history == (*before.history, Doubt(seat))
            assert after.deal == before.deal
    check_cards(after, shadow)


def check_every_listed_action(state, legal):
    """Every listed action applies, and is listed once."""
    assert len(set(legal)) == len(legal)
    for action in legal:
        after = state.apply(action)
        assert after.to_act in range(state.players)
        assert after is not state


def play(game, seed, rng, tally, check_all_at=None, every_round_trip=False):
    players = game.players
    shadow = Shadow(players, scores=[0] * players)
    state = game.new_game(seed=seed, opener=rng.randrange(players))
    check_cards(state, shadow)
    assert load_game(save_game(state)) == state
    # games differ in how readily their players doubt (long rounds reach high calls) and
    # exchange (a quarter of them exchange a lot, and so empty piles)
    doubt_rate = rng.choice((0.25, 0.4, 0.55))
    exchange_rate = rng.choice((0.05, 0.15, 0.15, 0.6))
    step = 0
    trip_at = rng.randrange(30)
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, "a game that is not over has a legal action"
        if step == check_all_at:
            check_every_listed_action(state, legal)
            tally.all_actions_checked += 1
        action = choose(rng, state, legal, doubt_rate, exchange_rate)
        after = state.apply(action)
        check_step(state, action, after, shadow, tally)
        if every_round_trip or step == trip_at or after.is_terminal:
            assert load_game(save_game(after)) == after
            tally.round_trips += 1
        state = after
        step += 1
    assert state.legal_actions() == []
    assert sum(state.scores) == 7 * (state.deal + 1)
    if game.target is not None:
        assert max(state.scores) >= game.target
    fewest = min(state.scores)
    assert state.winners() == tuple(s for s in range(players) if state.scores[s] == fewest)
    tally.games += 1
    tally.actions += step
    return state


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 8))
def test_random_playouts(players, full):
    games = GAMES_PER_COUNT if full else SAMPLE_GAMES
    rng = random.Random(f"playouts/{players}")
    tally = Tally()
    ends = Counter()
    for i in range(games):
        check_all_at = rng.randrange(20) if i % CHECK_ALL_ACTIONS_EVERY == 0 else None
        end = play(Game(players), seed=i, rng=rng, tally=tally, check_all_at=check_all_at,
                   every_round_trip=i % ROUND_TRIP_EVERY == 0)
        ends[end.winners()] += 1
    for i in range(MULTI_DEAL_PER_COUNT):
        end = play(Game(players, target=10), seed=GAMES_PER_COUNT + i, rng=rng, tally=tally)
        assert end.deal >= 1
    assert tally.games == games + MULTI_DEAL_PER_COUNT
    assert games < tally.round_trips < tally.actions
    # the battery reached what it is meant to test
    assert tally.exchanges > games // 2
    assert tally.empty_piles > 0
    assert tally.calls_at_the_top > 0
    assert tally.doubter_took > games // 2
    assert tally.caller_took > games // 2
    assert tally.deals_beyond_the_first >= MULTI_DEAL_PER_COUNT
    assert tally.all_actions_checked > games // CHECK_ALL_ACTIONS_EVERY // 2
    assert len(ends) > 1
    print(f"\n{players} players: {tally}")
