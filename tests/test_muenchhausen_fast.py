"""Münchhausen's fast paths equal the simple ones: the bots' whole-number table knows what
a replay of the whole log knows (and gives up where the replay finds this round
contradicting the model), and what a brute force over every hidden choice finds; the bots
play the very games of plain bots that replay the log with the public functions; sums over
one denominator equal sums of Fractions; the unchecked offer numbers equal the checked
``offers``; the engine's legal offers equal those ``can_offer`` allows."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from test_muenchhausen import _hidden, _marginal, brute, playout

from benchmarks import muenchhausen as bench
from bluffmath.muenchhausen.advice import card_chances, decide, offer_numbers, offers
from bluffmath.muenchhausen.events import Doubted, RoundStarted
from bluffmath.muenchhausen.game import Game, State
from bluffmath.muenchhausen.knowledge import MODELS, Knowledge, ModelContradicted, totals
from bluffmath.muenchhausen.weights import Table, Tracker


def replay(log, model) -> Knowledge | None:
    try:
        return Knowledge.from_log(log, model)
    except ModelContradicted:
        return None


def same(table: Table, k: Knowledge) -> None:
    """The whole-number table says what the knowledge says, exactly."""
    assert [table.beliefs(seat) for seat in range(k.players)] == list(k.beliefs)
    assert table.pending == k.pending
    if k.pending is not None:
        total = sum(table.cards.values())
        assert {c: Fraction(w, total) for c, w in sorted(table.cards.items()) if w} == card_chances(k)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), lay=st.sampled_from(sorted(MODELS)),
       model=st.sampled_from(sorted(MODELS)), rounds=st.integers(1, 3))
def test_a_tracker_knows_what_a_replay_of_the_whole_log_knows(seed, players, lay, model, rounds):
    """Cards laid by one model, read by another (so that some shown cards contradict it,
    until the next round starts fresh)."""
    states = playout(Game(players, rounds), seed, MODELS[lay])
    growing, fresh = Tracker(MODELS[model]), Tracker(MODELS[model])
    for i, state in enumerate(states):
        got = growing.table(state.log)  # at every state; compared with a replay at some
        if i % 7 and i != len(states) - 1 and not isinstance(state.log[-1], RoundStarted | Doubted):
            continue
        expected = replay(state.log, MODELS[model])
        assert (got is None) == (expected is None)
        if got is not None:
            same(got, expected)
        if i % 35 == 0:  # a log that does not continue the last one is read from its start
            again = fresh.table(state.log)
            assert (again is None) == (expected is None)
            assert again is None or [again.beliefs(s) for s in range(players)] == list(expected.beliefs)


def this_round(state: State) -> State:
    """``state`` with only this round's log: the brute force reads no more."""
    start = max(i for i, e in enumerate(state.log) if isinstance(e, RoundStarted))
    return replace(state, log=state.log[start:])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), model=st.sampled_from(sorted(MODELS)))
def test_the_whole_number_table_equals_a_brute_force_over_every_hidden_choice(seed, players, model):
    """On small cases (at most five cards gone face down this round), every seat's hands
    and the face-down card equal a brute force over every hidden choice of the table."""
    card_model = MODELS[model]
    table, seen = Table(card_model), 0
    for i, state in enumerate(playout(Game(players, 2), seed, card_model)):
        if state.is_terminal or _hidden(this_round(state)) > 5 or (i % 4 and state.phase != "decide"):
            continue
        for event in state.log[seen:]:
            table.see(event)
        seen = len(state.log)
        worlds = brute(this_round(state).log, card_model)
        for s in range(players):
            assert table.beliefs(s) == _marginal(worlds, s)
        pending: dict[int, Fraction] = {}
        for (_, c), p in worlds.items():
            if c is not None:
                pending[c] = pending.get(c, Fraction(0)) + p
        total = sum(table.cards.values()) if state.phase == "decide" else 1
        assert {c: Fraction(w, total) for c, w in table.cards.items() if w} == (
            pending if state.phase == "decide" else {})


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_the_fast_bots_play_the_games_of_the_plain_bots(seed, players):
    """Odds bots under every card model, honest and random bots (whose lies contradict the
    honest models), two rounds: every move equals the move of the plain bot that reads the
    whole log with Knowledge.from_log at every move (the benchmark's baseline)."""
    rng = random.Random(seed)
    _, seats = bench.draw_table(rng, rng.random() < 0.5, players)
    ours, plain = [s.ours() for s in seats], [s.plain() for s in seats]
    state = Game(players, rounds=2).new_game()
    while not state.is_terminal:
        move = ours[state.to_act].act(state)
        assert plain[state.to_act].act(state) == move, (seats, state.actions)
        state = state.apply(move)


chances = st.fractions(0, 1, max_denominator=60)


@given(st.lists(st.tuples(st.integers(0, 4), chances, chances), min_size=1, max_size=30))
def test_sums_over_one_denominator_equal_sums_of_fractions(terms):
    expected: dict[int, Fraction] = {}
    for key, p, q in terms:
        expected[key] = expected.get(key, Fraction(0)) + p * q
    assert totals(terms) == expected
    assert list(totals(terms)) == list(expected)  # keys in order of first appearance


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), model=st.sampled_from(sorted(MODELS)))
def test_the_bots_offer_numbers_and_decisions_equal_the_checked_functions(seed, players, model):
    card_model = MODELS[model]
    for state in playout(Game(players), seed, card_model)[::3]:
        if state.phase == "offer":
            k = Knowledge.from_log(state.log, card_model)
            hand, seat = state.hands[state.to_act], state.to_act
            legal = state._offerable()
            assert legal == [v for v in state.game.values if state.can_offer(v)]
            fast = offer_numbers(k, seat, hand, legal, card_model)
            assert fast == [(o.value, o.looks_honest, o.if_believed, o.if_doubted)
                            for o in offers(k, seat, hand, legal, card_model)]
        if state.phase == "decide":
            k = Knowledge.from_log(state.log, card_model)
            d = decide(k, state.hands[state.start])
            chances_of = {}
            for _, prob, card, q, _ in k.laid.rows:
                chances_of[card] = chances_of.get(card, Fraction(0)) + prob * q
            best = max(state.hands[state.start])
            assert d.believe == sum(q * c for c, q in chances_of.items())
            assert d.doubt == sum(q * (-c if c >= state.offer_value else 2 * best) for c, q in chances_of.items())
            assert d.honest == sum(q for c, q in chances_of.items() if c >= state.offer_value)
