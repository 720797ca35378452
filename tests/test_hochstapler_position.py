"""Position: what one seat knows, derived from the public history; invalid histories refused."""

import dataclasses

import pytest
from brute_force import max_total, play_random_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import BluffmathError, InvalidInputError
from bluffmath.hochstapler import COLOURS, Call, Doubt, Exchange, Position, SpokenCall

HAND = {c: 3 for c in COLOURS}


def without(*colours):
    return {c: v for c, v in HAND.items() if c not in colours}


def to_events(events):
    """The simulator's plain tuples as bluffmath events."""
    kinds = {"call": Call, "exchange": Exchange, "doubt": Doubt}
    return [kinds[kind](*rest) for kind, *rest in events]


# --- derived from the history ----------------------------------------------------------------------


def test_face_up_cards_come_from_exchanges_in_the_order_laid():
    p = Position(4, {**HAND, "red": 2}, me=0, history=[
        Call(1, 9, "blue"), Exchange(2, "red", 7), Call(2, 11, "red"),
        Exchange(3, "red", 0), Call(3, 12, "green"),
        Exchange(0, "red", 5), Call(0, 13, "red"),
    ])
    assert p.face_up("red") == (7, 0, 5)
    assert p.face_up("green") == ()
    assert p.call == Call(0, 13, "red")
    assert p.colours == COLOURS
    assert p.hand["red"] == 2


def test_the_call_to_beat_and_the_legal_totals():
    opening = Position(5, HAND)
    assert opening.call is None
    assert opening.legal_totals() == range(0, max_total(5) + 1)
    p = Position(5, HAND, history=[Call(1, 9, "blue"), Call(2, 11, "red")])
    assert p.call == Call(2, 11, "red")
    assert p.legal_totals() == range(12, max_total(5) + 1)


def test_a_doubt_takes_the_colour_out_of_play_and_opens_a_round():
    history = [Call(1, 9, "blue"), Exchange(2, "blue", 6), Call(2, 12, "blue"), Doubt(3)]
    p = Position(4, without("blue"), history=history)
    assert "blue" not in p.colours
    assert p.colours == tuple(c for c in COLOURS if c != "blue")
    assert p.call is None
    assert p.face_up("blue") == ()
    assert p.legal_totals().start == 0
    later = Position(4, without("blue"), history=[*history, Call(3, 4, "red")])
    assert later.call == Call(3, 4, "red")


def test_spoken_calls_leave_out_mine_and_those_made_before_an_exchange():
    history = [
        Call(1, 8, "red"),          # seat 1 exchanges red later: left out
        Call(2, 9, "red"),          # stays
        Call(3, 10, "red"),         # seat 3 exchanges red later: left out
        Call(0, 11, "red"),         # mine: left out
        Exchange(1, "red", 4),
        Call(1, 12, "red"),         # right after seat 1's own exchange: stays, sees the 4
        Exchange(2, "green", 1),    # another colour: seat 2's red calls stay
        Call(2, 13, "red"),
        Exchange(3, "red", 0),
        Call(3, 14, "blue"),
    ]
    p = Position(4, {**HAND, "red": 2}, history=history, me=0)
    assert p.spoken_calls("red") == (
        SpokenCall(2, 9, ()),
        SpokenCall(1, 12, (4,)),
        SpokenCall(2, 13, (4,)),
    )
    assert p.spoken_calls("blue") == (SpokenCall(3, 14, ()),)
    assert p.spoken_calls("green") == ()
    assert p.face_up("red") == (4, 0)
    # Seen from seat 1, seat 0's call counts and seat 1's own do not.
    q = Position(4, {**HAND, "red": 2}, history=history, me=1)
    assert q.spoken_calls("red") == (SpokenCall(2, 9, ()), SpokenCall(0, 11, ()), SpokenCall(2, 13, (4,)))


def test_a_later_exchange_by_the_caller_silences_only_their_calls_in_that_colour():
    history = [Call(1, 8, "red"), Call(2, 9, "blue"), Call(3, 10, "red"),
               Exchange(0, "red", 5), Call(0, 11, "red"), Exchange(1, "red", 6), Call(1, 12, "blue")]
    p = Position(4, HAND, history=history, me=0)
    assert p.spoken_calls("red") == (SpokenCall(3, 10, ()),)
    assert p.spoken_calls("blue") == (SpokenCall(2, 9, ()), SpokenCall(1, 12, ()))
    assert p.face_up("red") == (5, 6)


@settings(max_examples=40)
@given(st.integers(3, 7), st.randoms(use_true_random=False), st.integers(0, 30))
def test_positions_from_random_legal_deals(players, rng, turns):
    deal = play_random_deal(rng, players, COLOURS, turns)
    me = rng.randrange(players)
    p = Position(players, deal["hands"][me], history=to_events(deal["events"]), me=me)
    assert p.colours == tuple(deal["in_play"])
    assert dict(p.hand) == deal["hands"][me]
    assert p.call == (None if deal["call"] is None else Call(*deal["call"]))
    for colour in p.colours:
        assert p.face_up(colour) == tuple(deal["face_up"][colour])
        expected = tuple(SpokenCall(*s) for s in deal["spoken"][colour] if s[0] != me)
        assert p.spoken_calls(colour) == expected


def test_a_position_is_immutable():
    p = Position(4, HAND, history=[Call(1, 9, "blue")])
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.players = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        p.hand["red"] = 7  # type: ignore[index]
    assert isinstance(p.history, tuple)


def test_the_hand_is_copied():
    hand = dict(HAND)
    p = Position(4, hand)
    hand["red"] = 7
    assert p.hand["red"] == 3


# --- invalid histories -----------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "history", "words"), [
    (HAND, [Call(1, 9, "blue"), Call(2, 9, "red")],
     ["event 2 of the history", "a call must name a higher total than 9"]),
    (HAND, [Call(1, 9, "blue"), Call(2, 8, "blue")], ["event 2 of the history", "higher total than 9"]),
    (HAND, [Doubt(1)], ["event 1 of the history", "there is no call to doubt"]),
    (without("blue"), [Call(1, 9, "blue"), Doubt(2), Doubt(2)], ["event 3 of the history", "no call to doubt"]),
    (HAND, [Call(4, 9, "blue")], ["the seat in event 1 of the history", "from 0 to 3", "got 4"]),
    (without("blue"), [Call(1, 9, "blue"), Doubt(2), Call(2, 3, "blue")],
     ["event 3 of the history", "blue has already left play"]),
    (without("blue"), [Call(1, 9, "blue"), Doubt(2), Exchange(2, "blue", 3)],
     ["event 3 of the history", "blue has already left play"]),
    (HAND, ["call 9 red"], ["event 1 of the history", "each event must be a Call, an Exchange or a Doubt"]),
    (HAND, [Call(1, 24, "red")], ["the total in event 1 of the history", "from 0 to 23", "4 players", "got 24"]),
    (HAND, [Exchange(1, "red", 7), Call(1, 3, "red"), Exchange(2, "red", 7)],
     ["only 1 card(s) of value 7", "need 2"]),
])
def test_invalid_histories_are_refused_with_the_reason(hand, history, words):
    with pytest.raises(InvalidInputError) as error:
        Position(4, hand, history=history)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Call(-1, 9, "blue"), ["a call's seat", "from 0 to 6", "got -1"]),
    (lambda: Doubt(True), ["a doubt's seat", "(bool)"]),
    (lambda: Exchange("1", "red", 3), ["an exchange's seat", "(str)"]),
    (lambda: Call(1, 9, "pink"), ["colour must be one of red, orange, yellow, green, blue, purple, black", "'pink'"]),
    (lambda: Exchange(1, "red", 8), ["the card laid face up", "from 0 to 7", "got 8"]),
    (lambda: Call(1, -2, "red"), ["a call's total", "from 0 to 34", "got -2"]),
    (lambda: Call(1, 9.5, "red"), ["a call's total", "(float)"]),
    (lambda: Call(1, 35, "red"), ["a call's total", "from 0 to 34", "got 35"]),
])
def test_events_check_their_fields(make, words):
    with pytest.raises(InvalidInputError) as error:
        make()
    for word in words:
        assert word in str(error.value)


def test_an_endless_history_is_refused_not_looped_on():
    from itertools import repeat
    with pytest.raises(InvalidInputError, match="history holds more than 100,000 items"):
        Position(4, HAND, history=repeat(Call(1, 9, "blue")))


def test_too_many_face_up_cards_in_one_colour():
    # 15 cards, one in each of 3 hands: at most 12 can lie face up.
    values = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)

    def exchanges(players, n):  # each in turn lays a red card and raises in green
        return [event for i, v in enumerate(values[:n])
                for event in (Exchange(i % players, "red", v), Call(i % players, i, "green"))]

    with pytest.raises(InvalidInputError) as error:
        Position(3, {**HAND, "red": 6}, history=exchanges(3, 13))
    assert "at most 12 cards of a colour can lie face up with 3 players" in str(error.value)
    assert "got 13" in str(error.value)
    assert Position(3, {**HAND, "red": 6}, history=exchanges(3, 12)).face_up("red") == values[:12]
    with pytest.raises(InvalidInputError, match="at most 11 cards of a colour can lie face up with 4 players"):
        Position(4, {**HAND, "red": 6}, history=exchanges(4, 12))
    assert Position(4, {**HAND, "red": 6}, history=exchanges(4, 11)).face_up("red") == values[:11]


@pytest.mark.parametrize(("hand", "history", "words"), [
    (without("red"), [], ["hand must hold one card of each colour still in play",
                          "red, orange, yellow, green, blue, purple, black", "got orange"]),
    (HAND, [Call(1, 9, "red"), Doubt(2)],
     ["hand must hold one card of each colour still in play (orange, yellow, green, blue, purple, black)"]),
    ({}, [], ["hand must hold one card", "got none"]),
    ({**HAND, "pink": 3}, [], ["colour must be one of", "'pink'"]),
    ({**HAND, "red": 8}, [], ["your red card must be a whole number from 0 to 7", "got 8"]),
    ({**HAND, "red": "3"}, [], ["your red card", "(str)"]),
    ({**HAND, "red": 7}, [Exchange(1, "red", 7), Call(1, 3, "red")],
     ["only 1 card(s) of value 7", "with your card need 2"]),
    ([3] * 7, [], ["hand must map colour names to card values", "got list"]),
])
def test_hands_that_do_not_fit_are_refused(hand, history, words):
    with pytest.raises(InvalidInputError) as error:
        Position(4, hand, history=history)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize(("players", "me", "words"), [
    (2, 0, ["players must be a whole number from 3 to 7", "got 2"]),
    ("4", 0, ["players must be", "(str)"]),
    (True, 0, ["players must be", "(bool)"]),
    (4.0, 0, ["players must be", "(float)"]),
    (4, 4, ["me must be a whole number from 0 to 3", "got 4"]),
    (4, -1, ["me must be a whole number from 0 to 3"]),
    (4, True, ["me must be", "(bool)"]),
])
def test_bad_players_and_seats(players, me, words):
    with pytest.raises(BluffmathError) as error:
        Position(players, HAND, me=me)
    for word in words:
        assert word in str(error.value)


def test_spoken_calls_and_face_up_need_a_colour():
    p = Position(4, HAND)
    with pytest.raises(InvalidInputError, match="colour must be one of"):
        p.spoken_calls("pink")
    with pytest.raises(InvalidInputError, match="colour must be one of"):
        p.face_up("Red")


# --- turn order is the engine's to check, not the Position's (docs: decisions) -----------------


@pytest.mark.parametrize("history", [
    [Call(1, 5, "red"), Exchange(2, "blue", 5), Doubt(2)],          # doubt after an exchange
    [Exchange(1, "red", 5), Exchange(1, "blue", 5), Call(1, 5, "red")],  # two exchanges
    [Exchange(1, "red", 5), Call(2, 5, "red")],                    # another seat calls
    [Call(1, 5, "red"), Call(1, 6, "red")],                         # a seat raises itself
])
def test_a_position_accepts_a_history_typed_in_out_of_turn(history):
    """A history typed in at a real table may skip turns; the odds only need the cards."""
    calls = [e for e in history if isinstance(e, Call)]
    doubted = {calls[-1].colour} if isinstance(history[-1], Doubt) else set()
    hand = {c: v for c, v in HAND.items() if c not in doubted}
    p = Position(4, hand, history=history)
    assert p.history == tuple(history)


@pytest.mark.parametrize("history", [None, 5])
def test_a_history_that_is_not_a_sequence(history):
    with pytest.raises(InvalidInputError, match="history"):
        Position(4, HAND, history=history)  # type: ignore[arg-type]


def test_an_unhashable_colour():
    with pytest.raises(InvalidInputError, match="colour must be one of"):
        Position(4, HAND, history=[Call(1, 9, ["red"])])  # type: ignore[arg-type]
