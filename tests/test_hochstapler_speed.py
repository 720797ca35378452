"""The fast paths of the Hochstapler counting against enumeration of physical cards.

The packed generating function (``ways_by_sum``), the quick card check (``known_cards``),
the one-pass deal of callers and silent hands (``deal_weights``) and the trusted
``Distribution.counted`` each give exactly what listing the cards gives. No timing is
asserted here: speed is measured by ``python -m benchmarks``.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from math import lcm

import pytest
from brute_force import PILE_CARDS, bayes_table, normalised
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.distribution import Distribution
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hochstapler import OpponentModel, SpokenCall, read_bids
from bluffmath.hochstapler.bids import _whole_likelihoods, caller_likelihoods, deal_weights
from bluffmath.hochstapler.counting import known_cards, unseen_pool, ways_by_sum
from bluffmath.hochstapler.rules import check_known_cards

CARD_COUNTS = (3, 2, 2, 2, 2, 2, 1, 1)  # cards of each value in a colour, from the rules


def cards_of(pool):
    """The physical cards of a pool (value -> number of cards), one entry per card."""
    return [value for value, n in enumerate(pool) for _ in range(n)]


pools = st.tuples(*(st.integers(0, n) for n in CARD_COUNTS))


@settings(max_examples=200)
@given(pools, st.integers(0, 7))
def test_ways_by_sum_counts_the_sets_of_cards(pool, k):
    cards = cards_of(pool)
    expected = Counter(map(sum, combinations(cards, k)))
    assert ways_by_sum.__wrapped__(pool, k) == dict(sorted(expected.items()))


def test_ways_by_sum_of_the_whole_pile():
    # every 7 of the 15 cards: C(15, 7) sets; the top total 7+6+5+5+4+4+3 = 34 in 2 ways
    # (either 3), the lowest 0+0+0+1+1+2+2 = 6 in one
    ways = ways_by_sum(CARD_COUNTS, 7)
    assert sum(ways.values()) == 6435
    assert (min(ways), ways[6], max(ways), ways[34]) == (6, 1, 34, 2)
    assert ways_by_sum(CARD_COUNTS, 0) == {0: 1}
    assert ways_by_sum(CARD_COUNTS, 15) == {43: 1}


values = st.one_of(st.integers(-2, 9), st.booleans(), st.just(2.0), st.just("3"))


@settings(max_examples=300)
@given(st.integers(3, 7), st.one_of(st.none(), values),
       st.one_of(st.lists(values, max_size=13), st.lists(values, max_size=13).map(tuple)))
def test_known_cards_accepts_and_refuses_what_check_known_cards_does(players, own, face_up):
    try:
        expected, message = check_known_cards(players, own, face_up), None
    except InvalidInputError as error:
        expected, message = None, str(error)
    if message is not None:
        with pytest.raises(InvalidInputError) as raised:
            known_cards(players, own, face_up)
        assert str(raised.value) == message
        return
    checked, pool = known_cards(players, own, face_up)
    assert checked == expected
    assert type(checked) is tuple
    left = Counter(PILE_CARDS) - Counter([*expected, *([] if own is None else [own])])
    assert pool == tuple(left[v] for v in range(8)) == unseen_pool(own, expected)


likelihood_rows = st.lists(st.integers(0, 3), min_size=8, max_size=8)


@settings(max_examples=150)
@given(st.tuples(*(st.integers(0, min(n, 2)) for n in CARD_COUNTS)),
       st.lists(st.one_of(likelihood_rows, st.integers(1, 3).map(lambda w: [w] * 8)),
                max_size=3),
       st.integers(0, 2))
def test_deal_weights_like_dealing_physical_cards(pool, likelihoods, rest):
    cards = cards_of(pool)
    if len(cards) < len(likelihoods) + rest:
        return
    expected: Counter[int] = Counter()
    for dealt in permutations(range(len(cards)), len(likelihoods)):
        weight = 1
        for row, i in zip(likelihoods, dealt, strict=True):
            weight *= row[cards[i]]
        if weight:
            left = [card for i, card in enumerate(cards) if i not in dealt]
            for silent in combinations(left, rest):
                expected[sum(cards[i] for i in dealt) + sum(silent)] += weight
    got = deal_weights(pool, likelihoods, rest)
    if not any(expected.values()):
        assert got == {}
        return
    assert list(got) == sorted(got)
    assert all(w > 0 for w in got.values())
    # the weights may differ by one factor (a caller whose likelihood is the same for every
    # card counts as a silent hand), the probabilities not at all
    assert normalised(got) == normalised(+expected)


@st.composite
def crowded_tables(draw):
    """5 to 7 players, most of the other seats calling one colour, many cards face up (so
    that enumerating every deal stays quick)."""
    players = draw(st.integers(5, 7))
    order = draw(st.permutations(PILE_CARDS))
    own = order[0]
    face_up = tuple(order[1:1 + draw(st.integers(6, 15 - players))])
    seats = draw(st.lists(st.integers(1, players - 1), min_size=1, max_size=players - 1,
                          unique=True))
    calls = []
    for seat in seats:
        for _ in range(draw(st.integers(1, 2))):
            then = tuple(v for v in face_up if draw(st.booleans()))
            calls.append(SpokenCall(seat, draw(st.integers(0, 30)), then))
    bluff = draw(st.sampled_from([Fraction(0), Fraction(1, 10), Fraction(2, 3)]))
    return players, own, face_up, calls, OpponentModel(Fraction(1, 2), bluff)


@settings(max_examples=40, deadline=None)
@given(crowded_tables())
def test_read_bids_with_many_callers_like_the_brute_force_bayes_table(case):
    players, own, face_up, calls, model = case
    expected = bayes_table(players, own, face_up, [(c.seat, c.total, c.face_up) for c in calls],
                           model.threshold, model.bluff)
    if not any(expected.values()):
        with pytest.raises(InconsistentEvidenceError):
            read_bids(players, own, calls, face_up, model)
        return
    assert dict(read_bids(players, own, calls, face_up, model).items()) == normalised(expected)


@settings(max_examples=150)
@given(st.integers(3, 7), st.permutations(PILE_CARDS), st.integers(0, 8),
       st.lists(st.tuples(st.integers(0, 34), st.integers(0, 8)), min_size=1, max_size=4),
       st.sampled_from([Fraction(0), Fraction(1, 10), Fraction(2, 3), Fraction(1)]),
       st.sampled_from([Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1)]))
def test_whole_likelihoods_are_the_fractions_times_their_least_common_denominator(
        players, order, shown, calls, bluff, threshold):
    # read_bids weighs each caller's card in ints; they must be caller_likelihoods'
    # Fractions, each times the least common multiple of their denominators
    own, face_up = order[0], tuple(order[1:1 + min(shown, 15 - players)])
    pool = unseen_pool(own, face_up)
    spoken = [SpokenCall(1, total, face_up[:seen]) for total, seen in calls]
    model = OpponentModel(threshold, bluff)
    fractions = caller_likelihoods(players, pool, spoken, model)
    scale = lcm(*(x.denominator for x in fractions))
    assert _whole_likelihoods(players, pool, spoken, model) == tuple(int(x * scale) for x in fractions)


@given(st.dictionaries(st.integers(-5, 40), st.integers(1, 10**30), min_size=1))
def test_a_counted_distribution_is_the_checked_one(weights):
    ordered = dict(sorted(weights.items()))
    counted, checked = Distribution._counted(ordered), Distribution(weights)
    assert counted == checked
    assert list(counted) == list(checked)
    assert counted.total_weight == checked.total_weight
    assert all(counted.weight(x) == checked.weight(x) for x in weights)
