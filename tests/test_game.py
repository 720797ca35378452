"""The Hochstapler rules engine, action by action, on seeded deals.

Every expected card, total, taker and score here is worked out by the test from the
cards it reads in ``state.hands`` and ``state.piles`` and from the rules
(shared/rules/hochstapler.md, docs/reference/rulings.md), never taken from the engine's own answers.
"""

import dataclasses
import random
import re
from collections import Counter
from types import MappingProxyType

import pytest
from brute_force import PILE_CARDS, max_total

from bluffmath import IllegalActionError, InvalidInputError
from bluffmath.hochstapler import (
    COLOURS,
    Call,
    Doubt,
    DoubtCall,
    Exchange,
    ExchangeCard,
    Game,
    Position,
    Raise,
)


def other(seat, players):
    """The next seat clockwise."""
    return (seat + 1) % players


def make_doubter_take(state, colour=None):
    """The seat to act calls 0 (always true) and the next seat doubts, so takes ``colour``."""
    colour = colour or state.colours[0]
    return state.raise_(0, colour).doubt()


# --- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 8))
def test_the_deal_gives_one_card_of_each_colour_to_each_seat(players):
    state = Game(players).new_game(seed=11)
    assert state.colours == COLOURS
    for colour in COLOURS:
        assert len(state.hands[colour]) == players
        assert len(state.piles[colour]) == len(PILE_CARDS) - players
        assert sorted(state.hands[colour] + state.piles[colour]) == sorted(PILE_CARDS)
    assert state.to_act == 0
    assert state.call is None
    assert state.history == ()
    assert state.reveals == ()
    assert state.scores == (0,) * players
    assert not state.is_terminal


def test_the_same_seed_deals_the_same_cards_and_other_seeds_differ():
    game = Game(5)
    first, again = game.new_game(seed=42), game.new_game(seed=42)
    assert first == again
    assert dict(first.hands) == dict(again.hands)
    assert dict(first.piles) == dict(again.piles)
    deals = {tuple(tuple(game.new_game(seed=s).hands[c]) for c in COLOURS) for s in range(20)}
    assert len(deals) == 20


def test_the_opener_can_be_chosen_and_must_be_a_seat():
    assert Game(4).new_game(seed=1, opener=3).to_act == 3
    with pytest.raises(InvalidInputError, match="opener must be a whole number from 0 to 3"):
        Game(4).new_game(seed=1, opener=4)
    with pytest.raises(InvalidInputError, match="seed"):
        Game(4).new_game(seed=-1)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 2}, "players must be a whole number from 3 to 7"),
    ({"players": 8}, "players must be a whole number from 3 to 7"),
    ({"players": 4.0}, "players must be a whole number"),
    ({"players": 4, "target": 0}, "target must be a whole number from 1 to 100, got 0"),
        ({"players": 4, "target": 101}, "target must be a whole number from 1 to 100, got 101"),
    ({"players": 4, "target": "10"}, "target must be a whole number"),
])
def test_a_game_refuses_impossible_variants(kwargs, message):
    with pytest.raises(InvalidInputError, match=message):
        Game(**kwargs)


# --- exchange ----------------------------------------------------------------------------


def test_an_exchange_lays_my_card_face_up_and_gives_me_the_top_of_the_pile():
    state = Game(4).new_game(seed=3)
    red, pile = state.hands["red"], state.piles["red"]
    after = state.exchange("red")
    assert after.hands["red"] == (pile[0], red[1], red[2], red[3])
    assert after.piles["red"] == pile[1:]
    assert after.face_up("red") == (red[0],)
    assert after.history == (Exchange(0, "red", red[0]),)
    for colour in COLOURS[1:]:
        assert after.hands[colour] == state.hands[colour]
        assert after.piles[colour] == state.piles[colour]
        assert after.face_up(colour) == ()
    # the cards of the colour still add up to the colour's fifteen
    assert sorted(after.hands["red"] + after.piles["red"] + after.face_up("red")) == sorted(PILE_CARDS)
    # the same seat goes on, and must raise
    assert after.to_act == 0
    assert after.exchanged
    assert state == Game(4).new_game(seed=3), "the old state is unchanged"


def test_face_up_needs_a_colour():
    state = Game(4).new_game(seed=3).exchange("red")
    with pytest.raises(InvalidInputError, match=r"colour must be one of red, orange, .*got 'pink'"):
        state.face_up("pink")
    with pytest.raises(InvalidInputError, match="colour must be one of"):
        state.face_up(["red"])


def test_an_exchange_by_a_later_seat_changes_only_that_seats_card():
    state = Game(5).new_game(seed=8).raise_(6, "green")
    blue, pile = state.hands["blue"], state.piles["blue"]
    after = state.exchange("blue")
    assert after.to_act == 1
    assert after.hands["blue"] == (blue[0], pile[0], blue[2], blue[3], blue[4])
    assert after.piles["blue"] == pile[1:]
    assert after.face_up("blue") == (blue[1],)
    assert after.call == Call(0, 6, "green")


def test_after_an_exchange_i_must_raise():
    state = Game(4).new_game(seed=3).raise_(5, "red").exchange("blue")
    assert not state.can_doubt()
    with pytest.raises(IllegalActionError, match="after an exchange you must raise, not doubt"):
        state.doubt()
    assert not state.can_exchange("red")
    with pytest.raises(IllegalActionError, match="exchanged a card this turn already"):
        state.exchange("red")
    assert state.legal_actions() == [
        Raise(t, c) for c in COLOURS for t in range(6, max_total(4) + 1)
    ]
    raised = state.raise_(6, "blue")
    assert raised.to_act == 2
    assert not raised.exchanged
    assert raised.can_doubt()
    assert raised.can_exchange("red")


def test_face_up_cards_pile_up_in_the_order_laid():
    state = Game(3).new_game(seed=5)
    laid = []
    for total in range(3):
        laid.append(state.hands["yellow"][state.to_act])
        state = state.exchange("yellow").raise_(total, "yellow")
    assert state.face_up("yellow") == tuple(laid)
    assert [e.value for e in state.history if isinstance(e, Exchange)] == laid


def test_an_empty_pile_refuses_an_exchange():
    players = 7
    state = Game(players).new_game(seed=2)
    pile = state.piles["black"]
    assert len(pile) == len(PILE_CARDS) - players
    for total in range(len(pile)):
        state = state.exchange("black").raise_(total, "red")
    assert state.piles["black"] == ()
    assert sorted(state.face_up("black") + state.hands["black"]) == sorted(PILE_CARDS)
    # the cards drawn were the pile's, top first: each seat holds the card it drew last
    assert not state.can_exchange("black")
    with pytest.raises(IllegalActionError, match="the black pile is empty"):
        state.exchange("black")
    assert ExchangeCard("black") not in state.legal_actions()
    assert ExchangeCard("red") in state.legal_actions()


def test_no_exchange_when_no_raise_could_follow():
    top = max_total(5)
    state = Game(5).new_game(seed=4).raise_(top, "purple")
    for colour in COLOURS:
        assert not state.can_exchange(colour)
    with pytest.raises(IllegalActionError, match=f"nothing beats {top}"):
        state.exchange("red")
    assert state.legal_actions() == [DoubtCall()]
    # one below the top, an exchange is fine: the top is still there to call
    assert Game(5).new_game(seed=4).raise_(top - 1, "purple").can_exchange("red")


def test_the_opener_may_exchange_too():
    state = Game(3).new_game(seed=9)
    assert state.call is None
    assert state.can_exchange("green")
    assert state.exchange("green").raise_(0, "red").call == Call(0, 0, "red")


# --- raise -------------------------------------------------------------------------------


def test_an_opening_call_may_be_any_total_from_zero_to_the_highest_reachable():
    top = max_total(4)
    state = Game(4).new_game(seed=1)
    assert state.raise_(0, "red").call == Call(0, 0, "red")
    assert state.raise_(top, "black").call == Call(0, top, "black")
    with pytest.raises(IllegalActionError, match=f"from 0 to {top}.*got -1"):
        state.raise_(-1, "red")
    with pytest.raises(IllegalActionError, match=f"from 0 to {top}.*got {top + 1}"):
        state.raise_(top + 1, "red")


def test_a_raise_must_name_a_strictly_higher_total_in_any_colour():
    state = Game(4).new_game(seed=1).raise_(9, "red")
    assert not state.can_raise(9, "red")
    assert not state.can_raise(9, "blue")
    assert not state.can_raise(3, "blue")
    with pytest.raises(IllegalActionError, match=f"a call to beat 9 names a whole number from 10 to {max_total(4)}"):
        state.raise_(9, "blue")
    after = state.raise_(10, "blue")
    assert after.call == Call(1, 10, "blue")
    assert after.to_act == 2


@pytest.mark.parametrize("total", [True, 5.0, "7", None, [3]])
def test_a_total_must_be_a_whole_number(total):
    state = Game(3).new_game(seed=1)
    assert not state.can_raise(total, "red")
    with pytest.raises(IllegalActionError, match=f"names a whole number from 0 to .*got {re.escape(repr(total))}"):
        state.raise_(total, "red")


@pytest.mark.parametrize("colour", ["pink", "Red", 3, None, ["red"], {"red": 1}])
def test_a_colour_must_be_in_play(colour):
    state = Game(3).new_game(seed=1)
    for can, act in [(state.can_raise, lambda: state.raise_(4, colour)),
                     (state.can_exchange, lambda: state.exchange(colour))]:
        assert not can(*((4, colour) if can == state.can_raise else (colour,)))
        with pytest.raises(IllegalActionError, match="is not in play; the colours in play are red, orange"):
            act()


def test_raises_go_round_clockwise():
    state = Game(3).new_game(seed=1, opener=1)
    seats = []
    for total in range(5):
        seats.append(state.to_act)
        state = state.raise_(total, "green")
    assert seats == [1, 2, 0, 1, 2]
    assert state.to_act == 0
    assert [e.seat for e in state.history] == seats


# --- doubt -------------------------------------------------------------------------------


def reveal_outcome(state):
    """Who takes the colour if the seat to act doubts now, from the cards alone."""
    call = state.call
    total = sum(state.hands[call.colour])
    return total, (state.to_act if total >= call.total else call.seat)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [3, 5, 7])
def test_a_doubt_shows_the_colour_and_the_right_seat_takes_it(players, seed):
    state = Game(players).new_game(seed=seed)
    total = sum(state.hands["blue"])
    # a call of exactly the total is true: the doubter takes blue
    exact = state.raise_(total, "blue")
    after = exact.doubt()
    assert after.reveals[-1].cards == state.hands["blue"]
    assert after.reveals[-1].total == total
    assert after.reveals[-1].taker == 1
    assert after.reveals[-1].doubter == 1
    assert after.reveals[-1].call_was_true
    assert after.scores == tuple(int(seat == 1) for seat in range(players))
    # one more than the total is false: the caller takes blue (if such a call exists)
    if total < max_total(players):
        over = state.raise_(total + 1, "blue").doubt()
        assert over.reveals[-1].taker == 0
        assert not over.reveals[-1].call_was_true
        assert over.scores == tuple(int(seat == 0) for seat in range(players))


def test_a_doubt_after_exchanges_shows_the_cards_held_now():
    state = Game(4).new_game(seed=13).raise_(3, "red").exchange("red").raise_(11, "red")
    assert state.history[-2] == Exchange(1, "red", Game(4).new_game(seed=13).hands["red"][1])
    total, taker = reveal_outcome(state)
    after = state.doubt()
    assert after.reveals[-1].cards == state.hands["red"]
    assert after.reveals[-1].total == total
    assert after.reveals[-1].taker == taker
    assert taker == (2 if total >= 11 else 1)


def test_all_fifteen_cards_of_a_taken_colour_leave_play():
    state = Game(4).new_game(seed=6).exchange("orange").raise_(4, "orange")
    after = state.doubt()
    assert "orange" not in after.colours
    assert "orange" not in after.hands
    assert "orange" not in after.piles
    assert after.face_up("orange") == ()
    assert after.colours == tuple(c for c in COLOURS if c != "orange")
    assert not after.can_raise(5, "orange")
    assert not after.can_exchange("orange")
    with pytest.raises(IllegalActionError, match="'orange' is not in play"):
        after.raise_(5, "orange")
    assert all(a.colour != "orange" for a in after.legal_actions() if not isinstance(a, DoubtCall))


def test_the_doubter_opens_the_next_round():
    state = Game(5).new_game(seed=2, opener=3).raise_(7, "red").raise_(9, "blue")
    assert state.to_act == 0
    after = state.doubt()
    assert after.to_act == 0
    assert after.call is None
    assert after.history[-1] == Doubt(0)
    assert not after.can_doubt()
    with pytest.raises(IllegalActionError, match="there is no call to doubt"):
        after.doubt()
    assert after.raise_(0, "green").call == Call(0, 0, "green")


def test_a_doubt_needs_a_call():
    state = Game(3).new_game(seed=1)
    assert not state.can_doubt()
    assert DoubtCall() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="no call to doubt: open the round with a call"):
        state.doubt()


# --- the end -----------------------------------------------------------------------------


def test_the_game_ends_when_all_seven_colours_are_taken():
    state = Game(3).new_game(seed=4)
    expected = [0, 0, 0]
    for colour in COLOURS:
        assert not state.is_terminal
        # the caller calls one above the colour's real total when it can (a false call),
        # else the exact total (a true one)
        total = sum(state.hands[colour])
        caller, doubter = state.to_act, other(state.to_act, 3)
        call = total + 1 if total < max_total(3) else total
        state = state.raise_(call, colour).doubt()
        expected[caller if call > total else doubter] += 1
    assert state.is_terminal
    assert state.colours == ()
    assert state.scores == tuple(expected)
    assert sum(state.scores) == 7
    assert state.legal_actions() == []
    fewest = min(expected)
    assert state.winners() == tuple(s for s in range(3) if expected[s] == fewest)


def test_nothing_can_be_done_after_the_end():
    state = Game(3).new_game(seed=4)
    while not state.is_terminal:
        state = make_doubter_take(state)
    for can, act in [
        (lambda: state.can_raise(0, "red"), lambda: state.raise_(0, "red")),
        (lambda: state.can_exchange("red"), lambda: state.exchange("red")),
        (state.can_doubt, state.doubt),
    ]:
        assert not can()
        with pytest.raises(IllegalActionError, match="the game is over"):
            act()
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(DoubtCall())


def test_there_are_no_winners_before_the_end():
    with pytest.raises(IllegalActionError, match="the game is not over yet"):
        Game(3).new_game(seed=1).winners()


def test_tied_seats_share_the_win():
    # the seat after the caller takes every colour: seats 1, 2, 0, 1, 2, 0, 1
    state = Game(3).new_game(seed=1)
    while not state.is_terminal:
        state = make_doubter_take(state)
    assert state.scores == (2, 3, 2)
    assert state.winners() == (0, 2)


# --- the multi-deal variant --------------------------------------------------------------


def test_the_multi_deal_variant_deals_again_and_adds_the_points():
    game = Game(3, target=10)
    state = game.new_game(seed=21)
    first_hands = dict(state.hands)
    expected = [0, 0, 0]
    for _ in COLOURS:
        expected[other(state.to_act, 3)] += 1
        last_doubter = other(state.to_act, 3)
        state = make_doubter_take(state)
    # someone has 3 points, nobody 10: a second deal
    assert not state.is_terminal
    assert state.deal == 1
    assert state.history == ()
    assert state.call is None
    assert state.colours == COLOURS
    assert state.to_act == last_doubter
    assert state.scores == tuple(expected)
    assert len(state.reveals) == 7
    assert {r.deal for r in state.reveals} == {0}
    assert dict(state.hands) != first_hands
    for colour in COLOURS:
        assert sorted(state.hands[colour] + state.piles[colour]) == sorted(PILE_CARDS)
    # play on to the end: it ends after the deal in which someone reaches 10
    deal_scores = [tuple(expected)]
    while not state.is_terminal:
        deal = state.deal
        expected[other(state.to_act, 3)] += 1
        state = make_doubter_take(state)
        if state.deal != deal or state.is_terminal:
            deal_scores.append(tuple(expected))
    assert state.scores == tuple(expected)
    assert sum(state.scores) == 7 * (state.deal + 1)
    assert max(deal_scores[-1]) >= 10
    assert all(max(scores) < 10 for scores in deal_scores[:-1])
    assert len(deal_scores) == state.deal + 1


def test_the_last_doubter_of_a_deal_opens_the_next_and_a_new_deal_has_new_cards():
    state = Game(4, target=10).new_game(seed=5, opener=2)
    for _ in range(6):
        state = make_doubter_take(state)
    hands_before = dict(state.hands)
    assert len(hands_before) == 1
    state = state.raise_(0, state.colours[0])
    doubter = state.to_act
    after = state.doubt()
    assert after.deal == 1
    assert after.to_act == doubter
    assert after.reveals[-1].doubter == doubter
    # every seat has a fresh card of every colour, from a fresh shuffle
    assert after.colours == COLOURS
    assert all(len(after.hands[c]) == 4 for c in COLOURS)
    first = Game(4, target=10).new_game(seed=5)
    assert [after.hands[c] for c in COLOURS] != [first.hands[c] for c in COLOURS]
    assert [after.piles[c] for c in COLOURS] != [first.piles[c] for c in COLOURS]


def test_a_low_target_ends_the_game_after_the_first_deal():
    state = Game(3, target=3).new_game(seed=1)
    while not state.is_terminal:
        state = make_doubter_take(state)
    # 7 points among 3 seats: someone has 3 (pigeonhole), so one deal is all
    assert state.deal == 0
    assert max(state.scores) >= 3


# --- what a seat may see -----------------------------------------------------------------


def play_some(state, rng, actions):
    for _ in range(actions):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        doubts = [a for a in legal if isinstance(a, DoubtCall)]
        exchanges = [a for a in legal if isinstance(a, ExchangeCard)]
        if doubts and rng.random() < 0.3:
            action = doubts[0]
        elif exchanges and rng.random() < 0.4:
            action = rng.choice(exchanges)
        else:
            raises = [a for a in legal if isinstance(a, Raise)]
            action = rng.choice(raises[:3] or doubts)
        state = state.apply(action)
    return state


def reshuffle_hidden(state, seat, rng):
    """The same state, except that the cards ``seat`` cannot see (the other hands and the
    piles) are shuffled among themselves, colour by colour."""
    hands, piles = {}, {}
    for colour, cards in state.hands.items():
        hidden = [v for s, v in enumerate(cards) if s != seat] + list(state.piles[colour])
        rng.shuffle(hidden)
        pile_size = len(state.piles[colour])
        hands[colour] = tuple(cards[seat] if s == seat else hidden.pop() for s in range(len(cards)))
        piles[colour] = tuple(hidden[:pile_size])
        assert len(hidden) == pile_size
    return with_cards(state, hands, piles)


def with_cards(state, hands, piles):
    """``state`` with other cards: a state no seed deals, so built past State's own check
    (which replays the state from its seed) through the engine's private step."""
    return state._next(MappingProxyType(hands), MappingProxyType(piles), state.history,
                       state.to_act, state.reveals, state.call, exchanged=state.exchanged)


@pytest.mark.parametrize("seed", range(8))
def test_a_view_holds_my_cards_and_nothing_hidden_of_anyone_else(seed):
    rng = random.Random(seed)
    players = 3 + seed % 5
    state = play_some(Game(players, target=10).new_game(seed=seed), rng, rng.randrange(5, 40))
    assert not state.is_terminal
    for seat in range(players):
        view = state.view(seat)
        assert view.me == seat
        assert dict(view.position.hand) == {c: state.hands[c][seat] for c in state.colours}
        assert view.position.players == players
        assert view.to_act == state.to_act
        assert view.deal == state.deal
        # the public part: the history of the deal (face-up cards) and the reveals
        assert view.position.history == state.history
        assert view.reveals == state.reveals
        for colour in state.colours:
            assert view.position.face_up(colour) == state.face_up(colour)
        assert view.position.call == state.call
        # the engine's fast path agrees with a Position built and checked from scratch
        hand = {c: state.hands[c][seat] for c in state.colours}
        assert view.position == Position(players, hand, state.history, seat)
        # nothing else: with everything this seat cannot see shuffled, the view is the same
        for _ in range(3):
            shuffled = reshuffle_hidden(state, seat, rng)
            assert shuffled.view(seat) == view
            assert repr(shuffled.view(seat)) == repr(view)
        # and no field leads back to the deal
        assert "seed" not in repr(view)
        assert not any("seed" in f.name or "hands" in f.name or "piles" in f.name
                       for f in dataclasses.fields(view))


def test_the_reshuffle_really_moves_hidden_cards():
    # guards the test above against passing vacuously
    rng = random.Random(0)
    state = Game(5).new_game(seed=3)
    moved = reshuffle_hidden(state, 2, rng)
    assert {c: moved.hands[c][2] for c in COLOURS} == {c: state.hands[c][2] for c in COLOURS}
    assert any(moved.hands[c] != state.hands[c] for c in COLOURS)
    for colour in COLOURS:
        assert Counter(moved.hands[colour] + moved.piles[colour]) == Counter(PILE_CARDS)


def test_a_view_shows_face_up_cards_and_reveals():
    state = Game(4).new_game(seed=12).exchange("red").raise_(9, "red")
    laid = Game(4).new_game(seed=12).hands["red"][0]
    view = state.view(2)
    assert view.position.face_up("red") == (laid,)
    after = state.doubt()
    view = after.view(3)
    assert view.reveals == after.reveals
    assert view.reveals[0].cards == state.hands["red"]
    assert "red" not in view.position.colours


@pytest.mark.parametrize("seat", [-1, 4, "0", None])
def test_a_view_needs_a_seat(seat):
    with pytest.raises(InvalidInputError, match="seat must be a whole number from 0 to 3"):
        Game(4).new_game(seed=1).view(seat)


# --- legal actions and apply -------------------------------------------------------------


def universe(players):
    """Every action one might try, legal or not."""
    return ([ExchangeCard(c) for c in COLOURS]
            + [Raise(t, c) for c in COLOURS for t in range(min(max_total(players) + 2, 35))]
            + [DoubtCall()])


def can(state, action):
    if isinstance(action, Raise):
        return state.can_raise(action.total, action.colour)
    if isinstance(action, ExchangeCard):
        return state.can_exchange(action.colour)
    return state.can_doubt()


@pytest.mark.parametrize("seed", range(5))
def test_legal_actions_are_exactly_the_actions_can_allows(seed):
    rng = random.Random(seed)
    players = 3 + seed
    state = Game(players).new_game(seed=seed)
    for _ in range(25):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        assert set(legal) == {a for a in universe(players) if can(state, a)}
        for action in legal:
            state.apply(action)
        for action in set(universe(players)) - set(legal):
            with pytest.raises(IllegalActionError):
                state.apply(action)
        state = play_some(state, rng, 1)


def test_the_legal_actions_at_the_opening():
    state = Game(3).new_game(seed=1)
    top = max_total(3)
    assert state.legal_actions() == (
        [ExchangeCard(c) for c in COLOURS]
        + [Raise(t, c) for c in COLOURS for t in range(0, top + 1)]
    )
    after = state.raise_(4, "red")
    assert after.legal_actions() == (
        [ExchangeCard(c) for c in COLOURS]
        + [Raise(t, c) for c in COLOURS for t in range(5, top + 1)]
        + [DoubtCall()]
    )


def test_apply_does_what_the_named_actions_do():
    state = Game(4).new_game(seed=3)
    assert state.apply(Raise(4, "red")) == state.raise_(4, "red")
    assert state.apply(ExchangeCard("red")) == state.exchange("red")
    called = state.raise_(4, "red")
    assert called.apply(DoubtCall()) == called.doubt()


@pytest.mark.parametrize("action", ["doubt", None, 3, Raise, (4, "red"), Call(0, 4, "red")])
def test_apply_refuses_what_is_not_an_action(action):
    with pytest.raises(IllegalActionError, match="an action is a Raise, an ExchangeCard or a DoubtCall"):
        Game(4).new_game(seed=3).apply(action)


def test_illegal_actions_are_value_errors_that_say_why():
    with pytest.raises(ValueError, match="to beat 9"):
        Game(4).new_game(seed=3).raise_(9, "red").raise_(9, "red")


def test_states_are_unchanged_by_actions():
    state = Game(4).new_game(seed=3)
    before = (dict(state.hands), dict(state.piles), state.history, state.to_act)
    state.exchange("red")
    state.raise_(4, "red")
    assert (dict(state.hands), dict(state.piles), state.history, state.to_act) == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.to_act = 2
    with pytest.raises(TypeError):
        state.hands["red"] = (0, 0, 0, 0)


# --- verify / can / do, side by side -----------------------------------------------------


def over():
    state = Game(3).new_game(seed=4)
    while not state.is_terminal:
        state = make_doubter_take(state)
    return state


def emptied_black():
    state = Game(7).new_game(seed=2)
    for total in range(len(state.piles["black"])):
        state = state.exchange("black").raise_(total, "red")
    return state


ILLEGAL = [
    ("a raise not higher", lambda: Game(4).new_game(seed=1).raise_(9, "red"), "raise", (9, "blue"),
     "a call to beat 9 names a whole number from 10 to 23"),
    ("a raise above the top", lambda: Game(4).new_game(seed=1), "raise", (24, "blue"),
     "from 0 to 23 .the highest total a colour can reach with 4 players., got 24"),
    ("a raise in a taken colour", lambda: make_doubter_take(Game(4).new_game(seed=1), "blue"),
     "raise", (3, "blue"), "'blue' is not in play; the colours in play are red, orange, yellow, green, purple, black"),
    ("a second exchange", lambda: Game(4).new_game(seed=1).exchange("red"), "exchange", ("blue",),
     "you have exchanged a card this turn already; now raise"),
    ("an exchange from an empty pile", emptied_black, "exchange", ("black",),
     "the black pile is empty: nothing to exchange for"),
    ("an exchange that no raise could follow", lambda: Game(4).new_game(seed=1).raise_(23, "red"),
     "exchange", ("red",), "after an exchange you must raise, and nothing beats 23"),
    ("an exchange in a taken colour", lambda: make_doubter_take(Game(4).new_game(seed=1), "blue"),
     "exchange", ("blue",), "'blue' is not in play"),
    ("a doubt with no call", lambda: Game(4).new_game(seed=1), "doubt", (),
     "there is no call to doubt: open the round with a call"),
    ("a doubt after an exchange", lambda: Game(4).new_game(seed=1).raise_(3, "red").exchange("blue"),
     "doubt", (), "after an exchange you must raise, not doubt"),
    ("a raise after the end", over, "raise", (0, "red"), "the game is over"),
    ("an exchange after the end", over, "exchange", ("red",), "the game is over"),
    ("a doubt after the end", over, "doubt", (), "the game is over"),
]
DO = {"raise": "raise_", "exchange": "exchange", "doubt": "doubt"}
ACTION = {"raise": Raise, "exchange": ExchangeCard, "doubt": DoubtCall}


@pytest.mark.parametrize(("build", "kind", "args", "message"), [c[1:] for c in ILLEGAL],
                         ids=[c[0] for c in ILLEGAL])
def test_an_illegal_action_is_refused_the_same_way_by_verify_can_do_and_apply(build, kind, args, message):
    state = build()
    with pytest.raises(IllegalActionError, match=message):
        getattr(state, f"verify_{kind}")(*args)
    assert getattr(state, f"can_{kind}")(*args) is False
    with pytest.raises(IllegalActionError, match=message):
        getattr(state, DO[kind])(*args)
    with pytest.raises(IllegalActionError, match=message):
        state.apply(ACTION[kind](*args))
    assert ACTION[kind](*args) not in state.legal_actions()


LEGAL = [
    ("an opening call", lambda: Game(4).new_game(seed=1), "raise", (0, "red")),
    ("a raise by one", lambda: Game(4).new_game(seed=1).raise_(9, "red"), "raise", (10, "red")),
    ("a call at the top", lambda: Game(4).new_game(seed=1), "raise", (23, "black")),
    ("a raise after an exchange", lambda: Game(4).new_game(seed=1).exchange("red"), "raise", (0, "red")),
    ("an opener's exchange", lambda: Game(4).new_game(seed=1), "exchange", ("purple",)),
    ("an exchange below the top", lambda: Game(4).new_game(seed=1).raise_(22, "red"), "exchange", ("red",)),
    ("a doubt", lambda: Game(4).new_game(seed=1).raise_(9, "red"), "doubt", ()),
]


@pytest.mark.parametrize(("build", "kind", "args"), [c[1:] for c in LEGAL], ids=[c[0] for c in LEGAL])
def test_a_legal_action_passes_verify_can_do_and_apply_alike(build, kind, args):
    state = build()
    assert getattr(state, f"verify_{kind}")(*args) is None
    assert getattr(state, f"can_{kind}")(*args) is True
    after = getattr(state, DO[kind])(*args)
    assert after == state.apply(ACTION[kind](*args))
    assert after != state
    assert ACTION[kind](*args) in state.legal_actions()


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Raise(-1, "red"), "a raise's total must be a whole number from 0 to 34"),
    (lambda: Raise(35, "red"), "from 0 to 34"),
    (lambda: Raise(5.0, "red"), "(float)"),
    (lambda: Raise(5, "pink"), "colour must be one of red"),
    (lambda: ExchangeCard(None), "colour must be one of red"),
])
def test_an_action_object_checks_its_fields(make, words):
    with pytest.raises(InvalidInputError, match=re.escape(words)):
        make()


def test_a_huge_total_is_refused_without_printing_it():
    state = Game(4).new_game(seed=1)
    assert not state.can_raise(10**5000, "red")
    with pytest.raises(IllegalActionError, match="got a huge number"):
        state.raise_(10**5000, "red")
