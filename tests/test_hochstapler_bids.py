"""Reading the bids (read_bids) against a brute-force Bayes table over physical deals."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from brute_force import (
    PILE_CARDS,
    bayes_table,
    belief,
    max_total,
    normalised,
    ordered_deals,
    probability_at_least,
    total_counts,
    unseen_cards,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import BluffmathError, InconsistentEvidenceError, InvalidInputError
from bluffmath.hochstapler import (
    OpponentModel,
    SpokenCall,
    break_even_bluff,
    call_odds_given_card,
    caller_table,
    read_bids,
    total_distribution,
)

probabilities = st.fractions(min_value=0, max_value=1, max_denominator=10)


@st.composite
def bid_cases(draw):
    """A small deal: players, my card, face-up cards, calls with the face-up cards at the
    time, and an opponent model. Every unknown hand is dealt by permutation in the brute
    force, so at most four unknown hands."""
    players = draw(st.integers(3, 5))
    order = draw(st.permutations(PILE_CARDS))
    own = order[0] if players == 5 or draw(st.booleans()) else None
    face_up = tuple(order[1:1 + draw(st.integers(0, 3))])
    seats = list(range(1, players)) if own is not None else list(range(players))
    calls = []
    for _ in range(draw(st.integers(0, 3))):
        seat = draw(st.sampled_from(seats))
        total = draw(st.integers(0, max_total(players) + 1))
        mask = draw(st.lists(st.booleans(), min_size=len(face_up), max_size=len(face_up)))
        then = tuple(v for v, shown in zip(face_up, mask, strict=True) if shown)
        calls.append((seat, total, then))
    model = (draw(probabilities), draw(probabilities))
    return players, own, face_up, calls, model


def spoken(calls):
    return [SpokenCall(seat, total, then) for seat, total, then in calls]


@settings(max_examples=40)
@given(bid_cases())
def test_posterior_equals_the_brute_force_bayes_table(case):
    players, own, face_up, calls, (threshold, bluff) = case
    model = OpponentModel(threshold=threshold, bluff=bluff)
    table = bayes_table(players, own, face_up, calls, threshold, bluff)
    if not any(table.values()):
        with pytest.raises(InconsistentEvidenceError):
            read_bids(players, own, spoken(calls), face_up, model)
        return
    posterior = read_bids(players, own, spoken(calls), face_up, model)
    assert dict(posterior.items()) == normalised(table)
    assert sum(posterior.values()) == 1


def test_a_worked_example_against_the_bayes_table():
    # 4 players, I hold 2, a 3 lies face up; seat 1 called 14 before the exchange, seat 2
    # called 15 after it, and seat 1 raised to 16 later.
    calls = [(1, 14, ()), (2, 15, (3,)), (1, 16, (3,))]
    threshold, bluff = Fraction(1, 2), Fraction(1, 10)
    posterior = read_bids(4, 2, spoken(calls), (3,), OpponentModel(threshold, bluff))
    assert dict(posterior.items()) == normalised(bayes_table(4, 2, (3,), calls, threshold, bluff))
    assert posterior.at_least(14) > total_distribution(4, 2, (3,)).at_least(14)


@settings(max_examples=40)
@given(bid_cases())
def test_no_calls_is_card_counting_weights_and_all(case):
    players, own, face_up, _, (threshold, bluff) = case
    reading = read_bids(players, own, [], face_up, OpponentModel(threshold, bluff))
    counting = total_distribution(players, own, face_up)
    assert {t: reading.weight(t) for t in reading} == {t: counting.weight(t) for t in counting}
    assert {t: reading.weight(t) for t in reading} == total_counts(players, own, face_up)


@settings(max_examples=30)
@given(bid_cases())
def test_calls_say_nothing_when_everyone_bluffs_freely(case):
    players, own, face_up, calls, (threshold, _) = case
    for model in (OpponentModel(threshold, bluff=1), OpponentModel(threshold=0, bluff=Fraction(1, 10))):
        reading = read_bids(players, own, spoken(calls), face_up, model)
        assert reading == total_distribution(players, own, face_up)


def test_only_the_seven_believes_twelve_at_three_players():
    # By brute force: a caller believes a total of 12 at even odds only holding the 7.
    believers = [v for v in range(8) if belief(3, v, 12, ()) >= Fraction(1, 2)]
    assert believers == [7]
    # Nobody bluffs: seat 1 holds the 7, seat 2 any of the 13 cards left (pile less 2 and 7).
    reading = read_bids(3, 2, [SpokenCall(1, 12, ())], model=OpponentModel(bluff=0))
    rest = list(unseen_cards([2, 7]))
    assert len(rest) == 13
    assert dict(reading.items()) == normalised({2 + 7 + v: rest.count(v) for v in set(rest)})
    assert reading.mean() == 2 + 7 + Fraction(43 - 2 - 7, 13)


def test_an_impossible_belief_without_bluffing_is_inconsistent():
    # Nobody can believe a total above the highest a colour reaches (18 at 3 players).
    with pytest.raises(InconsistentEvidenceError) as error:
        read_bids(3, 2, [SpokenCall(1, 30, ())], model=OpponentModel(bluff=0))
    assert isinstance(error.value, BluffmathError)
    message = str(error.value)
    assert "no deal agrees with these calls" in message
    assert "bluff = 0" in message
    assert "seat 1 called 30" in message


def test_two_callers_who_both_need_the_seven_are_inconsistent():
    # Only a 7 makes 12 believable at 3 players, and there is one 7.
    calls = [SpokenCall(1, 12, ()), SpokenCall(2, 13, ())]
    with pytest.raises(InconsistentEvidenceError, match="seat 1 called 12; seat 2 called 13"):
        read_bids(3, 0, calls, model=OpponentModel(bluff=0))
    assert not any(bayes_table(3, 0, (), [(1, 12, ()), (2, 13, ())], Fraction(1, 2), Fraction(0)).values())


def test_the_default_model():
    model = OpponentModel()
    assert (model.threshold, model.bluff) == (Fraction(1, 2), Fraction(1, 10))
    assert model.likelihood(Fraction(1, 2)) == 1
    assert model.likelihood(Fraction(49, 100)) == Fraction(1, 10)
    assert read_bids(4, 2, [SpokenCall(1, 14, ())]) == read_bids(4, 2, [SpokenCall(1, 14, ())], model=model)


# --- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("field", "value", "words"), [
    ("threshold", 0.5, ["threshold must be an exact probability", "0.5 (float)", "Fraction(1, 10)"]),
    ("bluff", 0.1, ["bluff must be an exact probability", "0.1 (float)"]),
    ("bluff", Fraction(3, 2), ["bluff must be an exact probability", "from 0 to 1", "got 3/2"]),
    ("threshold", -1, ["threshold must be", "got -1"]),
    ("bluff", "1/10", ["bluff must be", "(str)"]),
    ("bluff", True, ["bluff must be", "(bool)"]),
])
def test_bad_opponent_models(field, value, words):
    with pytest.raises(InvalidInputError) as error:
        OpponentModel(**{field: value})
    for word in words:
        assert word in str(error.value)


def test_calls_must_be_spoken_calls():
    with pytest.raises(InvalidInputError, match="each call must be a SpokenCall, got"):
        read_bids(4, 2, [(1, 14, ())])  # type: ignore[list-item]


def test_a_call_cannot_have_seen_cards_that_are_not_face_up():
    with pytest.raises(InvalidInputError) as error:
        read_bids(4, 2, [SpokenCall(1, 10, (3, 3))], face_up=(3,))
    assert "seat 1's call of 10 saw 3 face up" in str(error.value)
    assert "face-up cards are now (3,)" in str(error.value)


def test_more_callers_than_unknown_hands():
    calls = [SpokenCall(seat, 5, ()) for seat in (0, 1, 2, 3)]
    with pytest.raises(InvalidInputError, match="calls come from 4 seats, but only 3 other hands are unknown"):
        read_bids(4, 2, calls)


@pytest.mark.parametrize(("fields", "words"), [
    ((1, -1, ()), ["a call's total must be a whole number from 0 to 34", "-1"]),
    ((1, "14", ()), ["a call's total", "(str)"]),
    ((-1, 14, ()), ["a call's seat must be a whole number", "-1"]),
    ((1.0, 14, ()), ["a call's seat", "(float)"]),
    ((1, 14, [9]), ["a call's face_up", "9"]),
])
def test_a_spoken_call_checks_its_fields(fields, words):
    with pytest.raises(InvalidInputError) as error:
        SpokenCall(*fields)
    for word in words:
        assert word in str(error.value)


def test_an_endless_iterator_of_calls_is_refused():
    from itertools import repeat
    with pytest.raises(InvalidInputError, match="calls holds more than"):
        read_bids(4, 2, repeat(SpokenCall(1, 10, ())))


def test_bad_players_own_and_face_up():
    with pytest.raises(InvalidInputError, match="players must be a whole number from 3 to 7, got 8"):
        read_bids(8, 2, [])
    with pytest.raises(InvalidInputError, match="own must be a whole number from 0 to 7, got 9"):
        read_bids(4, 9, [])
    with pytest.raises(InvalidInputError, match="only 1 card"):
        read_bids(4, 7, [], face_up=(7,))


def test_a_caller_seat_must_be_at_the_table():
    with pytest.raises(InvalidInputError, match="a call's seat must be a whole number from 0 to 6, got 9"):
        SpokenCall(9, 10, ())
    with pytest.raises(InvalidInputError, match="a call's seat must be a whole number from 0 to 3, got 5"):
        read_bids(4, 2, [SpokenCall(5, 10, ())])


def test_calls_that_are_not_a_sequence():
    with pytest.raises(InvalidInputError, match="calls must be a sequence of SpokenCall, got NoneType"):
        read_bids(4, 2, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("then", [None, 5])
def test_a_call_face_up_that_is_not_a_sequence(then):
    with pytest.raises(InvalidInputError, match="a call's face_up must be a sequence of whole numbers from 0 to 7"):
        read_bids(4, 2, [SpokenCall(1, 10, then)])


@pytest.mark.parametrize("calls", [[], [SpokenCall(1, 10, ())]])
def test_a_model_that_is_not_an_opponent_model(calls):
    with pytest.raises(InvalidInputError, match="model must be an OpponentModel, got str"):
        read_bids(4, 2, calls, model="x")  # type: ignore[arg-type]


# --- one call as a Bayes table of the caller's card ------------------------------------------


@st.composite
def one_call(draw):
    """A small deal with one call: players, my card, face-up cards, the call, a model."""
    players = draw(st.integers(3, 4))
    order = draw(st.permutations(PILE_CARDS))
    own = order[0] if draw(st.booleans()) else None
    face_up = tuple(order[1:1 + draw(st.integers(0, 2))])
    call = draw(st.integers(0, max_total(players) + 1))
    return players, own, face_up, call, (draw(probabilities), draw(probabilities))


def caller_posterior(players, own, face_up, call, threshold, bluff):
    """The caller's card by weighing every ordered deal of physical cards to the unknown
    seats (the caller is the first), each by the likelihood of the call."""
    unseen = unseen_cards([*face_up, *([] if own is None else [own])])
    unknown = players if own is None else players - 1
    weights = Counter()
    for values, n in ordered_deals(unseen, unknown).items():
        card = values[0]
        liked = 1 if belief(players, card, call, tuple(sorted(face_up))) >= threshold else bluff
        weights[card] += n * liked
    return weights, sum(n for n in ordered_deals(unseen, unknown).values())


def true_given(players, own, face_up, card, call):
    """P(total >= call) over every set of the other hands' physical cards, the caller's known."""
    unseen = list(unseen_cards([*face_up, *([] if own is None else [own])]))
    unseen.remove(card)
    others = players - 1 - (own is not None)
    hands = list(combinations(unseen, others))
    base = (own or 0) + card
    return Fraction(sum(base + sum(h) >= call for h in hands), len(hands))


@settings(max_examples=40)
@given(one_call())
def test_caller_table_like_weighing_every_deal(case):
    players, own, face_up, call, (threshold, bluff) = case
    model = OpponentModel(threshold, bluff)
    weights, deals = caller_posterior(players, own, face_up, call, threshold, bluff)
    if not any(weights.values()):
        with pytest.raises(InconsistentEvidenceError):
            caller_table(players, own, call, face_up, model)
        return
    table = caller_table(players, own, call, face_up, model)
    unseen = Counter(unseen_cards([*face_up, *([] if own is None else [own])]))
    assert [row.value for row in table.rows] == sorted(unseen)
    for row in table.rows:
        assert row.unseen == unseen[row.value]
        assert row.prior == Fraction(unseen[row.value], sum(unseen.values()))
        assert row.belief == belief(players, row.value, call, tuple(sorted(face_up)))
        assert row.likelihood == (1 if row.belief >= threshold else bluff)
        assert row.product == row.prior * row.likelihood
    assert table.normaliser == Fraction(sum(weights.values()), deals)
    assert {row.value: row.posterior for row in table.rows if row.posterior} == normalised(weights)
    assert sum(row.posterior for row in table.rows) == 1
    assert table.posterior_of(range(8)) == 1


@settings(max_examples=40)
@given(one_call())
def test_call_odds_given_card_like_brute_force_and_the_reading_by_total_probability(case):
    players, own, face_up, call, (threshold, bluff) = case
    unseen = set(unseen_cards([*face_up, *([] if own is None else [own])]))
    for card in sorted(unseen):
        assert call_odds_given_card(players, own, card, call, face_up) == true_given(
            players, own, face_up, card, call)
    brute = bayes_table(players, own, face_up, [(1, call, face_up)],
                        threshold, bluff)
    if not any(brute.values()):
        return
    table = caller_table(players, own, call, face_up, OpponentModel(threshold, bluff))
    reading = sum(row.posterior * call_odds_given_card(players, own, row.value, call, face_up)
                  for row in table.rows)
    assert reading == probability_at_least(brute, call)


@settings(max_examples=30)
@given(one_call())
def test_break_even_bluff_is_where_the_brute_force_reading_tips(case):
    players, own, face_up, call, (threshold, target) = case
    rate = break_even_bluff(players, own, call, face_up, threshold, target)

    def reading(bluff):
        table = bayes_table(players, own, face_up, [(1, call, face_up)], threshold, bluff)
        return probability_at_least(table, call) if any(table.values()) else None

    if rate is not None:
        assert 0 <= rate <= 1
        assert reading(rate) == target
        return
    # No single rate: the reading misses the target at every rate, or it does not depend
    # on the rate at all (nobody, or everybody, believes the call).
    readings = {reading(Fraction(k, 10)) for k in range(1, 11)}
    assert target not in readings | {reading(Fraction(0))} or len(readings) == 1


@pytest.mark.parametrize("players", [3, 4])
def test_every_break_even_bluff_of_one_card_holds_in_the_brute_force(players):
    found = 0
    for own in range(8):
        for call in range(max_total(players) + 1):
            rate = break_even_bluff(players, own, call)
            if rate is not None:
                found += 1
                table = bayes_table(players, own, (), [(1, call, ())], Fraction(1, 2), rate)
                assert probability_at_least(table, call) == Fraction(1, 2), (own, call)
    assert found >= 5


def test_the_lessons_reading_of_fourteen():
    table = caller_table(4, 2, 14)
    assert [str(row.posterior) for row in table.rows] == [
        "3/32", "1/16", "1/32", "1/16", "1/16", "1/16", "5/16", "5/16"]
    assert table.normaliser == Fraction(8, 35)
    assert table.posterior_of((6, 7)) == Fraction(5, 8)
    assert call_odds_given_card(4, 2, 7, 14) == Fraction(47, 78)
    rate = break_even_bluff(4, 2, 14)
    assert rate == Fraction(4, 295)
    said = [SpokenCall(1, 14, ())]
    assert read_bids(4, 2, said, model=OpponentModel(bluff=rate)).at_least(14) == Fraction(1, 2)


def test_break_even_bluff_when_the_reading_cannot_tip():
    assert break_even_bluff(4, 2, 8) is None      # likelier than 1/2 however they bluff
    assert break_even_bluff(4, 2, 25) is None     # nobody believes 25: the call says nothing
    assert break_even_bluff(4, 2, 0) is None      # everybody believes 0


@pytest.mark.parametrize(("call", "words"), [
    (lambda: caller_table(4, 2, -1), "call must be a whole number of at least 0"),
    (lambda: caller_table(4, 2, 14, model=0.1), "model must be an OpponentModel"),
    (lambda: caller_table(4, 7, 14, (7,)), "a colour has only 1 card(s) of value 7"),
    (lambda: caller_table(3, 0, 19, model=OpponentModel(bluff=Fraction(0))),
     "no card of the caller agrees with a call of 19 when nobody bluffs"),
    (lambda: call_odds_given_card(4, 7, 7, 14), "another hand cannot hold a 7"),
    (lambda: call_odds_given_card(4, 2, 8, 14), "card must be a whole number from 0 to 7"),
    (lambda: call_odds_given_card(2, 2, 7, 14), "players must be a whole number from 3 to 7"),
    (lambda: break_even_bluff(4, 2, 14, target=0.5), "target must be an exact probability"),
    (lambda: break_even_bluff(4, 2, 14, threshold=2), "threshold must be an exact probability"),
    (lambda: caller_table(4, 2, 14).posterior_of([9]), "each value in values must be a whole number"),
])
def test_bad_input_to_the_caller_table_says_what_is_allowed(call, words):
    with pytest.raises(BluffmathError) as error:
        call()
    assert words in str(error.value)
