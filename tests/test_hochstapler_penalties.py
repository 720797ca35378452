"""Doubt or raise (bluffmath.hochstapler.penalties) against brute force and the bots.

The expected side counts every set of the other hands' cards (tests/brute_force.py); a
doubt costs one point when the call is true, a raise one point when it is doubted and
false (docs/reference/rulings.md).
"""

import random
from fractions import Fraction
from itertools import pairwise

import pytest
from brute_force import PLAYER_COUNTS, fits, max_total, probability_at_least, total_counts
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import InvalidInputError
from bluffmath.hochstapler import (
    COLOURS,
    Call,
    CardCountingBot,
    DoubtCall,
    Position,
    Raise,
    SeatView,
    doubt_or_raise,
    doubt_penalty,
    lowest_doubt,
    raise_penalty,
)

OWN_CARDS = [None, *range(8)]
FACE_UP = [(), (0,), (7,), (3, 5)]
probabilities = st.fractions(min_value=0, max_value=1, max_denominator=12)


def true(players, own, call, face_up=()):
    return probability_at_least(total_counts(players, own, face_up), call)


def brute_lowest_doubt(players, own, face_up=(), doubted=Fraction(1)):
    top = max_total(players)
    return min(t for t in range(top + 1)
               if t == top or true(players, own, t, face_up)
               < doubted * (1 - true(players, own, t + 1, face_up)))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_both_penalties_like_brute_force(players):
    for own in OWN_CARDS:
        for face_up in FACE_UP:
            if not fits(own, face_up):
                continue
            for call in range(max_total(players) + 2):
                p = true(players, own, call, face_up)
                assert doubt_penalty(players, own, call, face_up) == p
                assert raise_penalty(players, own, call, face_up) == 1 - p
                assert raise_penalty(players, own, call, face_up, Fraction(1, 3)) == (1 - p) / 3


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_lowest_doubt_like_brute_force(players):
    for own in OWN_CARDS:
        for doubted in (Fraction(1), Fraction(1, 2), Fraction(0)):
            assert lowest_doubt(players, own, doubted=doubted) == brute_lowest_doubt(
                players, own, doubted=doubted)
        if fits(own, (7,)):
            assert lowest_doubt(players, own, (7,)) == brute_lowest_doubt(players, own, (7,))


def test_the_lessons_numbers():
    assert doubt_penalty(4, 4, 13) == Fraction(43, 91)
    assert raise_penalty(4, 7, 14) == Fraction(131, 364)
    assert doubt_or_raise(Fraction(43, 91), Fraction(131, 364)) == "raise"
    assert doubt_or_raise(Fraction(43, 91), raise_penalty(4, 4, 14)) == "doubt"
    assert [lowest_doubt(n, 4) for n in PLAYER_COUNTS] == [10, 13, 16, 18, 21]


def bot_doubts(players, own, call):
    """Does CardCountingBot (never exchanging), raising only in red, doubt ``call`` in red?"""
    hand = {c: own if c == "red" else 0 for c in COLOURS}
    position = Position(players, hand, [Call(0, call, "red")], me=1)
    legal = [*(Raise(t, "red") for t in position.legal_totals()), DoubtCall()]
    view = SeatView(position, position.me, (0,) * players, (), 0)
    bot = CardCountingBot(exchange_gain=Fraction(1))
    return isinstance(bot.choose(view, legal, random.Random(0)), DoubtCall)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_card_counting_bot_doubts_from_lowest_doubt_on(players):
    for own in range(8):
        lowest = lowest_doubt(players, own)
        for call in range(max_total(players) + 1):
            assert bot_doubts(players, own, call) == (call >= lowest), (own, call)


@pytest.mark.parametrize("bias", [Fraction(-1, 5), Fraction(0), Fraction(1, 10), Fraction(1, 2)])
def test_doubt_or_raise_is_the_bots_rule_with_its_bias(bias):
    """The bot doubts when 1 - p_call + bias > p_raise (for 0 < p_call < 1)."""
    for p_call in (Fraction(k, 12) for k in range(1, 12)):
        for p_raise in (Fraction(k, 12) for k in range(13)):
            bot = 1 - p_call + bias > p_raise
            assert (doubt_or_raise(p_call, 1 - p_raise, bias) == "doubt") == bot


@settings(max_examples=60)
@given(st.sampled_from(list(PLAYER_COUNTS)), st.sampled_from(OWN_CARDS), probabilities)
def test_doubting_gets_cheaper_and_raising_dearer_as_the_call_rises(players, own, doubted):
    top = max_total(players)
    doubts = [doubt_penalty(players, own, t) for t in range(top + 2)]
    raises = [raise_penalty(players, own, t, doubted=doubted) for t in range(top + 2)]
    assert all(a >= b for a, b in pairwise(doubts))
    assert all(a <= b for a, b in pairwise(raises))
    assert (doubts[0], doubts[-1], raises[-1]) == (1, 0, doubted)
    lowest = lowest_doubt(players, own, doubted=doubted)
    for call in range(top + 1):  # every call from the lowest doubted one up is doubted
        answer = doubt_or_raise(doubts[call], raises[call + 1] if call < top else None)
        assert (answer == "doubt") == (call >= lowest)


@settings(max_examples=60)
@given(probabilities, probabilities, st.fractions(-1, 1, max_denominator=8),
       st.fractions(0, 1, max_denominator=8))
def test_more_bias_or_a_dearer_raise_never_turns_a_doubt_into_a_raise(doubt, raise_, bias, more):
    if doubt_or_raise(doubt, raise_, bias) == "doubt":
        assert doubt_or_raise(doubt, min(1, raise_ + more), bias) == "doubt"
        assert doubt_or_raise(doubt, raise_, min(1, bias + more)) == "doubt"


@settings(max_examples=40)
@given(st.sampled_from(list(PLAYER_COUNTS)), st.sampled_from(OWN_CARDS), probabilities,
       probabilities)
def test_a_likelier_doubt_of_the_raise_never_lowers_the_lowest_doubt(players, own, d1, d2):
    low, high = sorted((d1, d2))
    assert raise_penalty(players, own, 12, doubted=low) <= raise_penalty(players, own, 12, doubted=high)
    assert lowest_doubt(players, own, doubted=low) >= lowest_doubt(players, own, doubted=high)


@pytest.mark.parametrize(("call", "words"), [
    (lambda: doubt_or_raise(0.5, Fraction(1, 2)), "doubt must be an exact number"),
    (lambda: doubt_or_raise(Fraction(1, 2), Fraction(3, 2)), "raise_ must be an exact number (an int or a Fraction"),
    (lambda: doubt_or_raise(Fraction(1, 2), None, bias=Fraction(-2)), "bias must be an exact number"),
    (lambda: doubt_or_raise(Fraction(1, 2), None, bias=True), "bias must be"),
    (lambda: raise_penalty(4, 7, 14, doubted=0.5), "doubted must be an exact probability"),
    (lambda: raise_penalty(4, 7, -1), "call must be a whole number of at least 0"),
    (lambda: doubt_penalty(9, 7, 14), "players must be a whole number from 3 to 7"),
    (lambda: lowest_doubt(4, 8), "own must be a whole number from 0 to 7"),
    (lambda: lowest_doubt(4, 7, (7,)), "a colour has only 1 card(s) of value 7"),
    (lambda: lowest_doubt(4, 4, doubted=Fraction(2)), "doubted must be an exact probability"),
])
def test_bad_input_says_what_is_allowed(call, words):
    with pytest.raises(InvalidInputError) as error:
        call()
    assert words in str(error.value)
