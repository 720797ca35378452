"""Card counting (total_distribution, call_odds, exchange_distribution) against brute force."""

from collections import Counter
from fractions import Fraction
from itertools import pairwise, product
from math import comb

import pytest
from brute_force import (
    PILE_CARDS,
    PLAYER_COUNTS,
    exchange_counts,
    face_up_multisets,
    fits,
    max_total,
    mean_of,
    normalised,
    probability_at_least,
    total_counts,
    unseen_cards,
    variance_of,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import BluffmathError, InvalidInputError
from bluffmath.hochstapler import (
    COLOURS,
    MAX_TOTAL,
    PILE,
    Position,
    call_odds,
    cards_to_exchange,
    exchange_distribution,
    explain_call,
    explain_exchange,
    explain_reading,
    independent_total,
    read_bids,
    total_distribution,
)

OWN_CARDS = [None, *range(8)]
PILE_SUM = sum(PILE_CARDS)  # 43


@st.composite
def known_cards(draw, players=None, max_face_up=None, own_needed=False):
    """A player count, my card (or None) and face-up cards that one colour's pile can hold."""
    n = draw(st.integers(3, 7)) if players is None else players
    order = draw(st.permutations(PILE_CARDS))
    has_own = own_needed or draw(st.booleans())
    most = 15 - n if max_face_up is None else min(max_face_up, 15 - n)
    m = draw(st.integers(0, most))
    return n, (order[0] if has_own else None), tuple(order[1:1 + m])


def weights_of(d):
    return {t: d.weight(t) for t in d}


# --- every case: all player counts, every own card, every face-up multiset of up to 3 -------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_total_distribution_counts_every_set_like_brute_force(players):
    checked = 0
    for own in OWN_CARDS:
        for i, face_up in enumerate(face_up_multisets(3)):
            if not fits(own, face_up):
                continue
            counts = total_counts(players, own, face_up)
            d = total_distribution(players, own, face_up)
            # The weights are the numbers of equally likely sets of the unknown hands' cards.
            assert weights_of(d) == counts, (players, own, face_up)
            assert sum(d.values()) == 1
            calls = range(max(counts) + 2)
            assert [d.at_least(c) for c in calls] == [probability_at_least(counts, c) for c in calls]
            # call_odds at both ends and at one call that moves with the case.
            for call in (0, i % (max(counts) + 2), max(counts) + 1):
                assert call_odds(players, own, call, face_up) == probability_at_least(counts, call)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_call_odds_for_every_call_with_at_most_one_face_up_card(players):
    for own in OWN_CARDS:
        for face_up in face_up_multisets(1):
            if not fits(own, face_up):
                continue
            counts = total_counts(players, own, face_up)
            for call in range(max_total(players) + 3):
                odds = call_odds(players, own, call, face_up)
                assert type(odds) is Fraction
                assert odds == probability_at_least(counts, call), (players, own, face_up, call)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_exchange_distribution_like_drawing_a_physical_card(players):
    checked = 0
    for own in range(8):
        for face_up in face_up_multisets(3):
            if not fits(own, face_up):
                continue
            swap = exchange_distribution(players, own, face_up)
            assert dict(swap.items()) == normalised(exchange_counts(players, own, face_up))
            checked += 1
    assert checked > 900


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_face_up_cards_the_pile_cannot_hold_are_refused(players):
    refused = 0
    for own in OWN_CARDS:
        for face_up in face_up_multisets(3):
            if fits(own, face_up):
                continue
            with pytest.raises(InvalidInputError) as error:
                total_distribution(players, own, face_up)
            message = str(error.value)
            value = next(v for v, n in Counter([*face_up, *([] if own is None else [own])]).items()
                         if n > PILE_CARDS.count(v))
            assert f"only {PILE_CARDS.count(value)} card(s) of value {value}" in message
            assert "values 0,0,0,1,1,2,2,3,3,4,4,5,5,6,7" in message
            refused += 1
    assert refused > 100


# --- deep face-up piles and properties -----------------------------------------------------------


@settings(max_examples=60)
@given(known_cards())
def test_any_number_of_face_up_cards_like_brute_force(case):
    players, own, face_up = case
    d = total_distribution(players, own, face_up)
    counts = total_counts(players, own, face_up)
    assert weights_of(d) == counts
    assert d.mean() == mean_of(counts)
    assert d.variance() == variance_of(counts)
    if own is not None and len(face_up) < 15 - players:
        swap = exchange_distribution(players, own, face_up)
        assert dict(swap.items()) == normalised(exchange_counts(players, own, face_up))


@settings(max_examples=60)
@given(known_cards())
def test_distribution_sums_to_one_and_odds_fall_as_the_call_rises(case):
    players, own, face_up = case
    d = total_distribution(players, own, face_up)
    assert sum(d.values()) == 1
    odds = [call_odds(players, own, call, face_up) for call in range(0, max_total(players) + 2, 2)]
    assert all(a >= b for a, b in pairwise(odds))
    assert odds[0] == 1
    for x in range(max_total(players) + 2):
        assert d.at_least(x) + d.at_most(x - 1) == 1


@settings(max_examples=60)
@given(known_cards())
def test_mean_and_variance_by_sampling_without_replacement(case):
    """Linearity of expectation and the finite-population variance of a random k-set."""
    players, own, face_up = case
    unseen = unseen_cards([*face_up, *([] if own is None else [own])])
    n, k = len(unseen), players - (own is not None)
    card_mean = Fraction(sum(unseen), n)
    card_variance = Fraction(sum(v * v for v in unseen), n) - card_mean**2
    d = total_distribution(players, own, face_up)
    assert d.mean() == (own or 0) + k * card_mean
    assert d.mean() == (own or 0) + Fraction(k * (PILE_SUM - (own or 0) - sum(face_up)), n)
    expected_variance = k * card_variance * (n - k) / (n - 1) if n > 1 else 0
    assert d.variance() == expected_variance


@settings(max_examples=60)
@given(known_cards(own_needed=True))
def test_exchange_and_keep_have_the_known_means(case):
    players, own, face_up = case
    rest = PILE_SUM - own - sum(face_up)
    n = 15 - 1 - len(face_up)  # the cards I have not seen
    keep = total_distribution(players, own, face_up)
    assert keep.mean() == own + (players - 1) * Fraction(rest, n)
    if len(face_up) < 15 - players:
        swap = exchange_distribution(players, own, face_up)
        # My new card and the other hands are all drawn from the same n unseen cards.
        assert swap.mean() == players * Fraction(rest, n)
        assert sum(swap.values()) == 1


# --- known answers ----------------------------------------------------------------------------


def test_own_three_at_five_players_counts_1001_sets():
    d = total_distribution(players=5, own=3)
    assert d.total_weight == comb(14, 4) == 1001
    # At the lowest the other four hold the three 0s and one of the two 1s.
    assert min(d) == 3 + 1
    assert d.weight(4) == comb(3, 3) * comb(2, 1)
    # At the highest they hold 7, 6 and both 5s: one set.
    assert max(d) == 3 + 7 + 6 + 5 + 5
    assert d.weight(26) == 1


def test_known_totals_at_three_players():
    d = total_distribution(players=3)
    assert d.total_weight == comb(15, 3) == 455
    assert d[0] == Fraction(1, 455)  # the three 0s
    assert d[18] == Fraction(2, 455)  # 7, 6 and either 5
    assert max(d) == 18 == MAX_TOTAL[3]
    assert d.mean() == 3 * Fraction(43, 15)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_mean_without_own_card_is_players_times_43_over_15(players):
    d = total_distribution(players)
    assert d.mean() == players * Fraction(43, 15)
    assert d.total_weight == comb(15, players)
    assert max(d) == MAX_TOTAL[players] == max_total(players)
    # The finite-population variance: the pile's variance is 195/15 - (43/15)^2 = 1076/225.
    assert d.variance() == players * Fraction(1076, 225) * Fraction(15 - players, 14)


def test_pile_matches_the_rules():
    assert sorted(Counter(PILE).elements()) == list(PILE_CARDS)
    assert sum(v * n for v, n in PILE.items()) == 43


def test_a_sure_call_and_an_impossible_one():
    assert call_odds(3, own=7, call=0) == 1
    assert call_odds(7, own=None, call=max_total(7)) == Fraction(comb(2, 2) * comb(2, 2) * comb(2, 1), comb(15, 7))
    assert call_odds(7, own=None, call=max_total(7) + 1) == 0


def test_exchange_when_only_one_card_is_left_in_the_pile():
    # 3 players, 11 cards face up: one card left in the pile, so 12 face-up is the most.
    face_up = (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5)
    swap = exchange_distribution(3, 0, face_up)
    assert dict(swap.items()) == {5 + 6 + 7: 1}
    with pytest.raises(InvalidInputError, match="no card is left in the pile"):
        exchange_distribution(3, 5, (*face_up, 0))


def test_exchanging_a_zero_raises_the_mean():
    keep, swap = total_distribution(4, own=0), exchange_distribution(4, own=0)
    assert keep.mean() == 3 * Fraction(43, 14)
    assert swap.mean() == 4 * Fraction(43, 14)


# --- bad input -------------------------------------------------------------------------------------


BAD_PLAYERS = [2, 8, 0, -3, "5", True, 5.0, None]
# Every public function that takes a player count, with otherwise good arguments.
TAKES_PLAYERS = {
    "total_distribution": lambda n: total_distribution(n, 3),
    "call_odds": lambda n: call_odds(n, 3, 10),
    "exchange_distribution": lambda n: exchange_distribution(n, 3),
    "read_bids": lambda n: read_bids(n, 3, []),
    "explain_call": lambda n: explain_call(n, 3, 10),
    "explain_exchange": lambda n: explain_exchange(n, 3, 10),
    "explain_reading": lambda n: explain_reading(n, 3, [], 10),
    "Position": lambda n: Position(n, {c: 3 for c in COLOURS}),
}


@pytest.mark.parametrize("players", BAD_PLAYERS)
@pytest.mark.parametrize("function", TAKES_PLAYERS)
def test_bad_player_counts(players, function):
    with pytest.raises(BluffmathError) as error:
        TAKES_PLAYERS[function](players)
    assert isinstance(error.value, InvalidInputError)
    assert isinstance(error.value, ValueError)
    message = str(error.value)
    assert "players must be a whole number from 3 to 7" in message
    assert f"got {players!r}" in message or f"got {players}" in message


TAKES_OWN = {
    "total_distribution": lambda own: total_distribution(4, own),
    "call_odds": lambda own: call_odds(4, own, 5),
    "exchange_distribution": lambda own: exchange_distribution(4, own),
    "read_bids": lambda own: read_bids(4, own, []),
    "explain_call": lambda own: explain_call(4, own, 5),
    "explain_exchange": lambda own: explain_exchange(4, own, 5),
    "explain_reading": lambda own: explain_reading(4, own, [], 5),
}


@pytest.mark.parametrize("own", [-1, 8, "3", True, 3.0, Fraction(3)])
@pytest.mark.parametrize("function", TAKES_OWN)
def test_bad_own_cards(own, function):
    with pytest.raises(InvalidInputError, match=r"own must be a whole number from 0 to 7, got"):
        TAKES_OWN[function](own)


def test_exchange_needs_my_card():
    with pytest.raises(InvalidInputError, match="own must be a whole number from 0 to 7, got None"):
        exchange_distribution(4, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("face_up", "words"), [
    ("07", ["face_up must be a sequence of whole numbers from 0 to 7", "'07'"]),
    (None, ["face_up must be a sequence", "None"]),
    (7, ["face_up must be a sequence", "int"]),
    ([8], ["each value in face_up must be a whole number from 0 to 7", "got 8"]),
    ([-1], ["each value in face_up", "got -1"]),
    ([1.0], ["each value in face_up", "float"]),
    ([True], ["each value in face_up", "bool"]),
    ([7, 7], ["only 1 card(s) of value 7", "need 2"]),
    ([0, 0, 0, 0], ["only 3 card(s) of value 0", "need 4"]),
])
def test_bad_face_up_cards(face_up, words):
    with pytest.raises(InvalidInputError) as error:
        total_distribution(4, None, face_up)
    for word in words:
        assert word in str(error.value)


def test_face_up_cards_that_clash_with_my_card_are_named():
    with pytest.raises(InvalidInputError) as error:
        call_odds(5, 6, 10, face_up=(6,))
    assert "face-up cards with your card need 2" in str(error.value)
    assert "only 1 card(s) of value 6" in str(error.value)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_too_many_face_up_cards(players):
    most = 15 - players
    face_up = tuple(sorted(PILE_CARDS)[:most + 1])
    with pytest.raises(InvalidInputError) as error:
        total_distribution(players, None, face_up)
    message = str(error.value)
    assert f"at most {most} cards of a colour can lie face up with {players} players" in message
    assert f"got {most + 1}" in message
    # The most there can be is accepted.
    assert sum(total_distribution(players, None, face_up[:most]).values()) == 1


@pytest.mark.parametrize("call", [-1, 2.5, "12", True, None])
def test_bad_calls(call):
    with pytest.raises(InvalidInputError) as error:
        call_odds(5, 3, call, (0, 7))
    assert "call must be a whole number of at least 0" in str(error.value)


# --- the dice model and the cards worth exchanging -------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_independent_total_counts_every_ordered_draw_with_replacement(players):
    counts = Counter(sum(draw) for draw in product(PILE_CARDS, repeat=players))
    d = independent_total(players)
    assert weights_of(d) == dict(counts)
    assert d.total_weight == 15**players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_independent_total_has_the_dice_moments(players):
    """Independent draws: the mean and the variance of one draw, times the players."""
    one = Counter(PILE_CARDS)
    d = independent_total(players)
    assert d.mean() == players * mean_of(one) == total_distribution(players).mean()
    assert d.variance() == players * variance_of(one)
    assert d.variance() > total_distribution(players).variance()  # a shared pile varies less
    assert (min(d), max(d)) == (0, 7 * players)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_cards_to_exchange_like_drawing_a_physical_card(players):
    for face_up in [(), (0,), (7,), (2, 5)]:
        for call in range(max_total(players) + 2):
            expected = tuple(
                v for v in sorted(set(PILE_CARDS)) if fits(v, face_up)
                and probability_at_least(exchange_counts(players, v, face_up), call)
                > probability_at_least(total_counts(players, v, face_up), call))
            assert cards_to_exchange(players, call, face_up) == expected, (face_up, call)


@settings(max_examples=60)
@given(known_cards(), st.integers(0, 50))
def test_the_cards_to_exchange_are_the_lowest_ones_i_could_hold(case, call):
    """Keeping v gets likelier and exchanging it less likely as v rises, so whenever a
    value is worth exchanging, so is every lower value I could hold."""
    players, _, face_up = case
    if len(face_up) == 15 - players:
        with pytest.raises(InvalidInputError) as error:
            cards_to_exchange(players, call, face_up)
        assert "no card is left in the pile to exchange for" in str(error.value)
        return
    helps = cards_to_exchange(players, call, face_up)
    if helps:
        possible = [v for v in range(8) if fits(v, face_up)]
        assert tuple(v for v in possible if v <= max(helps)) == helps


@pytest.mark.parametrize(("args", "words"), [
    ((2, 12), "players must be a whole number from 3 to 7"),
    ((4, -1), "call must be a whole number of at least 0"),
    ((4, 12, (7, 7)), "a colour has only 1 card(s) of value 7"),
])
def test_cards_to_exchange_bad_input(args, words):
    with pytest.raises(InvalidInputError) as error:
        cards_to_exchange(*args)
    assert words in str(error.value)


@pytest.mark.parametrize("players", [1, 9, 3.0])
def test_independent_total_bad_players(players):
    with pytest.raises(InvalidInputError) as error:
        independent_total(players)
    assert "players must be a whole number from 3 to 7" in str(error.value)
