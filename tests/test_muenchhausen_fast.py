"""Münchhausen's fast paths equal the simple ones: a tracker fed a growing log knows what a
replay of the whole log knows (and gives up where the replay finds the model contradicted);
sums over one denominator equal sums of Fractions; the bots' unchecked offer numbers equal
the checked ``offers``; the engine's legal offers equal those ``can_offer`` allows."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from test_muenchhausen import playout

from bluffmath.muenchhausen.advice import decide, offer_numbers, offers
from bluffmath.muenchhausen.bots import Tracker
from bluffmath.muenchhausen.game import Game
from bluffmath.muenchhausen.knowledge import MODELS, Knowledge, ModelContradicted, totals


def replay(log, model) -> Knowledge | None:
    try:
        return Knowledge.from_log(log, model)
    except ModelContradicted:
        return None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), lay=st.sampled_from(sorted(MODELS)),
       model=st.sampled_from(sorted(MODELS)), rounds=st.integers(1, 2))
def test_a_tracker_knows_what_a_replay_of_the_whole_log_knows(seed, players, lay, model, rounds):
    """Cards laid by one model, read by another (so that some shown cards contradict it)."""
    states = playout(Game(players, rounds), seed, MODELS[lay])
    growing, fresh = Tracker(MODELS[model]), Tracker(MODELS[model])
    contradicted = False
    for i, state in enumerate(states):
        got = growing.knowledge(state.log)  # at every state; compared with a replay at some
        if i % 5 and i != len(states) - 1:
            continue
        expected = None if contradicted else replay(state.log, MODELS[model])
        contradicted = expected is None
        assert (got is None) == contradicted
        if got is not None:
            assert (got.beliefs, got.pending, got.steps) == (expected.beliefs, expected.pending, expected.steps)
        if i % 35 == 0:  # a log that does not continue the last one is read from its start
            again = fresh.knowledge(state.log)
            assert (again is None) == contradicted
            assert again is None or again.beliefs == expected.beliefs


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
