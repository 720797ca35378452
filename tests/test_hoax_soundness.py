"""Soundness of the live sheet: at every step of simulated games, every player's true card
has positive probability in every other player's exact posterior, under what was seen alone
(the truthful evidence) and under the deducer's bluffing model; and the posterior of a
view is the one deduce gives for the same facts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.hoax.bots import RandomBot
from bluffmath.hoax.deduce import deduce
from bluffmath.hoax.evidence import BluffModel, Case
from bluffmath.hoax.game import Game
from bluffmath.hoax.players import BlufferBot, DeducerBot, HonestBot, certain, facts, odds

MODEL = BluffModel(Fraction(9, 10), Fraction(1, 5))
KINDS = (RandomBot, BlufferBot, DeducerBot, HonestBot)


def check_game(edition: str, players: int, seed: int, every: int) -> int:
    """Play one game; at every ``every``-th step check every seat's sheet. The steps checked."""
    game = Game(edition, players=players, seed=seed, max_turns=12)
    state = game.new_game()
    bots = [KINDS[(seed + i) % len(KINDS)](seed=i) for i in range(players)]
    steps = 0
    while not state.is_terminal:
        if len(state.actions) % every == 0:
            steps += 1
            for seat in range(players):
                view = state.view(seat)
                for grid in (certain(view), odds(view, MODEL)):
                    for other in range(players):
                        assert grid[other][state.cards[other]] > 0, (seed, seat, other, len(state.actions))
                        assert sum(grid[other].values()) == 1
        state = state.apply(bots[state.to_act].act(state))
    return steps


@pytest.mark.parametrize(("edition", "players"), [("original", 3), ("original", 5), ("german", 4), ("german", 6)])
def test_every_true_card_stays_possible_in_every_sheet(edition, players):
    assert sum(check_game(edition, players, seed, 4 if players < 6 else 9) for seed in range(3)) > 6


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([("original", 4), ("german", 4)]), st.integers(0, 10**6))
def test_property_true_cards_stay_possible(table, seed):
    check_game(*table, seed, 6)


def test_the_sheet_of_a_view_is_what_deduce_gives_for_its_facts():
    game = Game("german", players=5, seed=9, max_turns=10)
    state = game.new_game()
    bots = [DeducerBot(seed=i) if i % 2 else BlufferBot(seed=i) for i in range(5)]
    checked = 0
    while not state.is_terminal:
        if len(state.actions) % 7 == 0:
            view = state.view(len(state.actions) % 5)
            assert list(odds(view, MODEL)) == deduce(Case("german", 5, facts(view), MODEL)).grid()
            checked += 1
        state = state.apply(bots[state.to_act].act(state))
    assert checked >= 3
