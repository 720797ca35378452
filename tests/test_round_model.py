"""The Hochstapler round model against the rules played out deal by deal.

The brute force here deals every set of cards of the called colour to the other seats
(each card its own object, so equal values count as often as they can be dealt), gives
the other colours random cards, and plays the round out: the other seats are real
:class:`CalledColourBot` objects choosing from the legal actions, written out here from
the rules; I raise by one until the call that comes back is at least my stop, then doubt.
My chance of taking the point is counted for every stop, and the model must give the
least of them, exactly, for every call.

``make test`` checks a third of the calls of each case, three players (every third of the
calls the whole takes: 0, 3, 6, ... with a 0 held, 1, 4, 7, ... with a 7), and the openings
of 12 and 17, four players; ``make test-full`` (``--full``) every call of every case.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.bots import CalledColourBot, counting_chances
from bluffmath.hochstapler.game import DoubtCall, Raise, SeatView
from bluffmath.hochstapler.position import Call, Exchange, Position
from bluffmath.hochstapler.round_model import RoundModel, round_values
from bluffmath.hochstapler.rules import COLOURS, MAX_TOTAL, PILE
from tests.binomial import acceptance

COLOUR = "red"


def pile_cards() -> list[int]:
    return [v for v, k in PILE.items() for _ in range(k)]


def other_deals(own: int, face_up: tuple[int, ...], others: int):
    """Every ordered deal of distinct red cards to the other seats, as values."""
    cards = pile_cards()
    for v in (own, *face_up):
        cards.remove(v)
    yield from permutations(cards, others)


def legal(players: int, call: int) -> list:
    top = MAX_TOTAL[players]
    return [DoubtCall(), *(Raise(t, c) for c in COLOURS for t in range(call + 1, top + 1))]


def play_round(players, own, face_up, deal, first, stop, rng, bot=None):
    """Seat 0 (holding ``own``) has called ``first``; play the round out. True if seat 0
    takes the point."""
    top, bot = MAX_TOTAL[players], bot or CalledColourBot()
    red = (own, *deal)
    total = sum(red)
    history = [Exchange(1, COLOUR, v) for v in face_up] + [Call(0, first, COLOUR)]
    others = {seat: {c: rng.choice(pile_cards()) for c in COLOURS} | {COLOUR: red[seat]}
              for seat in range(1, players)}
    call, caller, seat = first, 0, 1
    while True:
        if seat == 0:
            if call >= stop if stop is not None else call >= top:
                return total >= call  # I doubt: I take the point if the call was true
            call, caller = call + 1, 0
            history.append(Call(0, call, COLOUR))
            seat = 1
            continue
        view = SeatView(Position(players, others[seat], tuple(history), seat), seat, (0,) * players, (), 0)
        action = bot.choose(view, legal(players, call) if call < top else [DoubtCall()], rng)
        if action == DoubtCall():
            loser = seat if total >= call else caller
            return loser == 0
        assert action == Raise(call + 1, COLOUR), action  # the policy stays in the colour
        call, caller = call + 1, seat
        history.append(Call(seat, call, COLOUR))
        seat = (seat + 1) % players


def brute_costs(players, own, face_up, first, rng):
    """stop -> my chance of taking the point, over every deal."""
    top = MAX_TOTAL[players]
    stops = [*range(first + players - 1, top + 1, players)]
    if not stops or stops[-1] != top:
        stops.append(None)
    deals = list(other_deals(own, face_up, players - 1))
    return {stop: Fraction(sum(play_round(players, own, face_up, d, first, stop, rng) for d in deals), len(deals))
            for stop in stops}


@pytest.mark.parametrize(("own", "face_up", "step"), [(0, (), 1), (7, (), 1), (3, (), 2), (5, (0, 6), 2), (2, (4,), 3)])
def test_every_call_of_three_players_equals_the_round_played_out(own, face_up, step, full) -> None:
    rng = random.Random(own)
    values = round_values(3, own, face_up)
    if not full:
        step *= 3  # the sample: a third of the calls
    for first in range(own % step, MAX_TOTAL[3] + 1, step):
        costs = brute_costs(3, own, face_up, first, rng)
        least = min(costs.values())
        assert values.value(first) == 1 - least, first
        assert costs[values.stop(first)] == least, first


@pytest.mark.parametrize("first", [pytest.param(5, marks=pytest.mark.full), 12, 17])
def test_calls_of_four_players_equal_the_round_played_out(first) -> None:
    rng = random.Random(first)
    values = round_values(4, 4, (1,))
    costs = brute_costs(4, 4, (1,), first, rng)
    assert values.value(first) == 1 - min(costs.values())
    assert costs[values.stop(first)] == min(costs.values())


def test_a_doubt_bias_is_the_policys() -> None:
    """A bot that doubts more readily makes other values, and the model follows it."""
    rng = random.Random(5)
    bias = Fraction(1, 5)
    model = RoundModel(doubt_bias=bias)
    values = model.values(3, 2, ())
    assert values != round_values(3, 2, ())
    for first in (3, 8, 11):
        deals = list(other_deals(2, (), 2))
        costs = [Fraction(sum(play_round(3, 2, (), d, first, stop, rng, model.policy) for d in deals), len(deals))
                 for stop in (*range(first + 2, MAX_TOTAL[3] + 1, 3), None)]
        assert values.value(first) == 1 - min(costs)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 5), own=st.sampled_from(list(PILE)), first=st.integers(0, 18))
def test_values_are_chances_and_a_call_nobody_can_reach_loses(players, own, first) -> None:
    values = round_values(players, own)
    assert all(0 <= v <= 1 for v in values.values)
    top = MAX_TOTAL[players]
    assert values.value(top) == 0 or own + sum(sorted(pile_cards())[-(players - 1):]) >= top
    best, value = values.best(min(first, top))
    assert value == max(values.values[min(first, top):])
    assert values.value(best) == value


@pytest.mark.parametrize(("bad", "words"), [
    (lambda: round_values(2, 3), "players"),
    (lambda: round_values(4, 8), "own"),
    (lambda: round_values(4, 7, (7,)), "only 1 card"),
    (lambda: round_values(4, 3).value(99), "total"),
    (lambda: RoundModel(doubt_bias="0.1"), "doubt_bias"),
    (lambda: round_values(4, 3, (), 0.1), "doubt_bias"),
])
def test_bad_input_is_refused_with_what_is_allowed(bad, words) -> None:
    with pytest.raises(InvalidInputError, match=words):
        bad()


# --- simulation: real games, through the engine, take the points the model says -----------------

def points_taken(players: int, seeds: list[int], first: int, stop: int | None) -> int:
    """Seat 0 opens ``first`` in red, then raises by one until a call of ``stop``, which it
    doubts; the others are CalledColourBots. Rounds in which seat 0 takes the point."""
    from bluffmath.hochstapler.game import Game
    bot, rng, taken = CalledColourBot(), random.Random(0), 0
    for seed in seeds:
        state = Game(players=players).new_game(seed).raise_(first, COLOUR)
        while not state.reveals:
            if state.to_act == 0:
                call = state.call.total
                state = state.doubt() if (stop is not None and call >= stop) or call == MAX_TOTAL[players] \
                    else state.raise_(call + 1, COLOUR)
            else:
                state = state.apply(bot.choose(state.view(state.to_act), state.legal_actions(), rng))
        taken += state.scores[0]
    return taken


def test_five_player_games_take_the_points_the_model_says_and_its_best_calls_take_fewest() -> None:
    from bluffmath.hochstapler.game import deal_cards
    players, own, n = 5, 4, 600
    seeds = [s for s in range(20000) if deal_cards(players, s, 0)[0][COLOUR][0] == own][:n]
    assert len(seeds) == n
    values = round_values(players, own)
    best, best_value = values.best(0)
    opening = counting_chances(players, own, ()).highest(Fraction(1, 2))  # the card counter's opening
    calls = sorted({best, opening, best + 1, best + 3, 10, 16})
    taken = {}
    for first in calls:
        taken[first] = points_taken(players, seeds, first, values.stop(first))
        low, high = acceptance(n, 1 - values.value(first))
        assert low <= taken[first] <= high, (first, values.value(first), taken[first])
    clearly_worse = [t for t in calls if values.value(t) <= best_value - Fraction(1, 5)]
    assert clearly_worse
    assert all(taken[t] > taken[best] for t in clearly_worse)


# --- the review under the round model --------------------------------------------------------

def exchange_game():
    """A four-player game of card counters in which seat 0 exchanges."""
    from bluffmath.hochstapler.bots import CardCountingBot, play_game
    from bluffmath.hochstapler.game import Game
    from bluffmath.hochstapler.position import Exchange as Swap
    for seed in range(200):
        end = play_game(Game(players=4), [CardCountingBot()] * 4, seed=seed)
        if any(type(e) is Swap and e.seat == 0 for e in end.events):
            return end
    raise AssertionError("no game with an exchange by seat 0")


def test_the_review_values_calls_by_the_round_and_the_luck_of_a_draw_averages_to_nothing() -> None:
    from bluffmath.hochstapler.counting import unseen_pool
    from bluffmath.hochstapler.position import Doubt
    from bluffmath.hochstapler.position import Exchange as Swap
    from bluffmath.review import review
    from bluffmath.review.hochstapler import _turns, round_option_values
    end = exchange_game()
    r = review(end, 0)
    assert "the round" in r.model
    assert r.unit == "probability of not taking this round's penalty point"
    decisions = {d.number: d for d in r.decisions}
    luck = {x.number: x for x in r.luck}
    swaps = 0
    for number, before, event in _turns(end):
        if event.seat != 0:
            continue
        d, position = decisions[number], before.view(0).position
        for colour in position.colours:  # every call is the round table's
            table = round_values(4, position.hand[colour], position.face_up(colour))
            low = 0 if position.call is None else position.call.total + 1
            assert all(d.values[f"raise {t} {colour}"] == table.value(t) for t in range(low, MAX_TOTAL[4] + 1))
        if type(event) is Swap:
            swaps += 1
            after = before.play(event)
            old = position.hand[event.colour]
            pool = unseen_pool(old, position.face_up(event.colour))
            bests = []
            for drawn in (v for v, k in enumerate(pool) for _ in range(k)):  # every unseen card alike
                hand = dict(position.hand) | {event.colour: drawn}
                seen = Position(4, hand, after.view(0).position.history, 0)
                bests.append(max(round_option_values(seen, after, RoundModel()).values()))
            assert sum(bests, Fraction(0)) / len(bests) == d.chosen_value  # the exchange is its average
            assert luck[number].value == decisions[number + 1].best_value - d.chosen_value
        if type(event) is Doubt:
            revealed = before.play(event).reveals[-1]
            assert luck[number].value == (revealed.taker != 0) - d.values["doubt"]
    assert swaps
    assert set(luck) == {n for n, b, e in _turns(end) if e.seat == 0 and type(e) in (Swap, Doubt)}
