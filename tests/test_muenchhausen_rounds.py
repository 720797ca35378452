"""Münchhausen: every round ends (docs/reference/rulings.md): a full circle of start players with no offer
since the last card was laid ends the round, scored as it stands; random legal play and
every bot table end within the bound :func:`~bluffmath.muenchhausen.rules.turns_bound`."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.muenchhausen.advice import card_chances
from bluffmath.muenchhausen.bots import HonestBot, OddsBot, RandomBot
from bluffmath.muenchhausen.events import Laid, NoOffer, OpenCard, RoundEnded, RoundStarted
from bluffmath.muenchhausen.game import Believe, Game, Pass, Reward, State
from bluffmath.muenchhausen.knowledge import UNIFORM, Knowledge, ModelContradicted
from bluffmath.muenchhausen.rules import turn_actions_bound, turns_bound
from bluffmath.muenchhausen.saves import load_game, save_game


def no_offer_turn(state: State) -> State:
    state = state.name(state.game.values[-1])
    for _ in range(state.players - 1):
        state = state.pass_()
    return state


def test_a_full_circle_of_passes_ends_the_round_scored_as_it_stands():
    game = Game(players=3, rounds=2)
    s = game.new_game().name(4).offer(5).pass_().pass_().lay(8).believe()   # seat 0's pile: 8
    for _ in range(2):
        s = no_offer_turn(s)
    assert (s.round, s.phase, s.start) == (0, "name", 0)        # two turns with no offer: not yet
    s = no_offer_turn(s)                                        # seat 0 again: the circle is full
    ended = [e for e in s.log if isinstance(e, RoundEnded)]
    assert len(ended) == 1
    assert ended[0].circle
    full = sum(range(1, 9))
    assert ended[0].points == (8 - full, -(full - 8), -full)    # own pile minus hand
    assert s.scores == ended[0].points
    assert "a full circle of turns with no offer" in str(ended[0])
    assert (s.round, s.start, s.phase) == (1, 1, "name")        # next round: one seat left
    assert s.hands == (game.values,) * 3
    assert s.piles == ((), (), ())
    assert load_game(save_game(s)) == s


def test_a_card_laid_starts_the_circle_again():
    s = Game(players=3).new_game()
    s = no_offer_turn(no_offer_turn(s))                          # seats 0 and 1: no offer
    s = s.name(3).pass_().offer(4).pass_().pass_().lay(2).doubt()       # seat 2: a lie, doubted
    s = s.reward(None)                                          # a card was laid: count anew
    for _ in range(2):
        s = no_offer_turn(s)
    assert s.phase == "name"
    assert not any(isinstance(e, RoundEnded) for e in s.log)
    s = no_offer_turn(s)
    assert s.is_terminal
    assert s.log[-1].circle


def test_with_no_offer_in_a_whole_circle_nobody_scores_a_card():
    s = Game(players=4).new_game()
    for _ in range(4):
        s = no_offer_turn(s)
    assert s.is_terminal
    assert s.scores == (-36,) * 4
    assert sum(isinstance(e, NoOffer) for e in s.log) == 4


def rounds_of(state: State) -> list[tuple[int, int]]:
    """(turns, rewards declined) of each round: turns from the log, declines by replaying."""
    turns, counted = [], 0
    for event in state.log:
        if isinstance(event, Laid | NoOffer | OpenCard):
            counted += 1
        elif isinstance(event, RoundEnded):
            turns.append(counted)
            counted = 0
    declined, replay = [0] * len(turns), state.game.new_game()
    for action in state.actions:
        if isinstance(action, Reward) and action.card is None:
            declined[replay.round] += 1
        replay = replay.apply(action)
    assert replay == state
    return list(zip(turns, declined, strict=True))


def play(game: Game, choose, limit: int) -> State:
    """Play by ``choose(state)`` but stop after ``limit`` actions (a failure, not a hang)."""
    state = game.new_game()
    for _ in range(limit):
        if state.is_terminal:
            return state
        state = state.apply(choose(state))
    raise AssertionError(f"the game did not end within {limit} actions")


def within_bound(end: State) -> None:
    n = end.players
    assert end.is_terminal
    for turns, declined in rounds_of(end):
        assert turns <= turns_bound(n, declined)
    assert sum(isinstance(e, RoundEnded) for e in end.log) == end.game.rounds


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32), pass_bias=st.sampled_from([0.0, 0.5, 0.9, 1.0]),
       decline=st.sampled_from([0.0, 0.3, 1.0]))
def test_random_legal_play_ends_within_the_bound(players, seed, pass_bias, decline):
    """Any legal move; ``pass_bias`` makes passes likelier (1.0: nobody ever offers, the way
    to play for ever before the ruling), ``decline`` makes declined rewards likelier."""
    rng = random.Random(seed)

    def choose(state: State):
        legal = state.legal_actions()
        if state.phase == "offer" and rng.random() < pass_bias:
            return Pass()
        if state.phase == "reward" and rng.random() < decline:
            return Reward(None)
        return rng.choice(legal)

    game = Game(players, rounds=2)
    # Declined rewards lengthen a round without limit, so the cap here is generous; the
    # assertion below is the bound itself, with the declines counted.
    end = play(game, choose, limit=200 * turns_bound(players) * turn_actions_bound(players))
    within_bound(end)


TABLES = {
    "odds": lambda i: OddsBot(),                          # all name 6: played for ever before
    "honest": lambda i: HonestBot(),                      # nobody ever lies
    "random": lambda i: RandomBot(seed=i),
    "mixed": lambda i: [OddsBot(model=UNIFORM), HonestBot(named=8), RandomBot(seed=i), OddsBot(named=3)][i % 4],
}


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_every_bot_table_ends_within_the_bound(table, players):
    bots = [TABLES[table](i) for i in range(players)]
    game = Game(players, rounds=2)
    bound = 2 * turns_bound(players) * turn_actions_bound(players)  # bots never decline a reward
    end = play(game, lambda s: bots[s.to_act].act(s), limit=bound)
    within_bound(end)
    assert all(d == 0 for _, d in rounds_of(end))


def test_odds_bots_that_all_name_six_finish():
    """Before the ruling this table played for ever: nobody offers on a named 6."""
    bots = [OddsBot() for _ in range(4)]
    end = play(Game(4), lambda s: bots[s.to_act].act(s), limit=turns_bound(4) * turn_actions_bound(4))
    assert end.log[-1].circle


# --- a new round starts fresh knowledge (docs/reference/rulings.md: every hand is known at a round's start) ----

def contradicted_then_a_new_round() -> State:
    """Round 1: seat 1 lies with a 2 on its offer of 5 while holding 5 to 8, and is doubted,
    which the lowest-enough model says cannot happen. Round 2: seat 2 lays on its offer of
    5, and seat 1 (the start player) is to believe or doubt."""
    s = Game(players=3, rounds=2).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt().reward(8)
    for _ in range(3):
        s = no_offer_turn(s)  # a full circle with no offer ends round 1
    assert (s.round, s.start) == (1, 1)
    return s.name(4).offer(5).pass_().pass_().lay(5)


def test_a_contradicted_model_is_forgotten_when_a_new_round_deals_fresh_hands():
    s = contradicted_then_a_new_round()
    first = max(i for i, e in enumerate(s.log) if isinstance(e, RoundStarted))
    with pytest.raises(ModelContradicted):
        Knowledge.from_log(s.log[:first])                    # round 1 contradicts the model
    fresh = Knowledge.from_log(s.log[first:])                # round 2 read alone
    whole = Knowledge.from_log(s.log)                        # round 2 after round 1
    assert (whole.beliefs, whole.pending) == (fresh.beliefs, fresh.pending)
    assert card_chances(whole) == {5: 1}                     # the lowest card of at least 5


def test_the_odds_bot_counts_cards_again_in_a_new_round():
    """A contradicted bot doubts everything; in round 2 the table knows the card is a 5: +5
    believed against -5 doubted."""
    s = contradicted_then_a_new_round()
    assert OddsBot().act(s) == Believe()
    assert OddsBot().act(s.doubt()) is not None  # and plays on
