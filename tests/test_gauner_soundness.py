"""The Gauner raus! solver against the truth in 200 simulated games per player count, at
the start of every turn; the checker itself catches a wrong deal; no legal action raises.

``make test`` plays the first quarter of the games (seeds 0 to 49 of each player count:
every kind of table, random, mixed and solver-guided, in both variants, brave and not);
``make test-full`` (``--full``) all 200."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.soundness import battery, bots_for, check_decision
from bluffmath.gauner.game import Game, State
from bluffmath.gauner.saves import load_game, save_game

GAMES = 200
CHUNKS = 4  # so that parallel workers can share the games; make test plays the first


@pytest.mark.slow
@pytest.mark.parametrize("chunk", [0, *(pytest.param(c, marks=pytest.mark.full) for c in range(1, CHUNKS))])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_true_deal_fits_every_answer_at_every_turn(players: int, chunk: int) -> None:
    size = GAMES // CHUNKS
    result = battery(players, range(chunk * size, (chunk + 1) * size))
    assert result.failures == []
    assert result.games == size
    assert result.decisions >= 2 * size  # at least the first turn of two players


def test_a_wrong_deal_is_caught() -> None:
    state = Game(players=3).new_game(seed=4)
    # Swap one of seat 1's cards with a surplus card: the public numbers now lie about it.
    mine = min(state.hidden[1])
    other = next(c for c in sorted(state.surplus) if c // 6 != mine // 6 and c % 6 != mine % 6
                 and any(c in _cross(x) for x, _ in state.numbers[1]))
    hidden = (state.hidden[0], state.hidden[1] - {mine} | {other}, state.hidden[2])
    lie = dataclasses.replace(state, hidden=hidden, surplus=state.surplus - {other} | {mine})
    assert "the true deal is not among the deals counted" in check_decision(lie)
    assert check_decision(state) == []


def _cross(cell: int) -> set[int]:
    return {c for c in range(36) if c // 6 == cell // 6 or c % 6 == cell % 6}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_legal_action_ever_raises(players: int) -> None:
    """Every legal action of every state along a few games is applied; each result is a
    state whose save loads back equal."""
    game = Game(players, brave=players == 3)
    for seed in range(3):
        state = game.new_game(seed)
        bots = bots_for(players, seed * 3)  # random guessers: long games, many states
        while not state.is_terminal:
            for action in state.legal_actions():
                after = state.apply(action)
                assert isinstance(after, State)
                assert after.actions[-1] == action
            assert load_game(save_game(state)) == state
            state = state.apply(bots[state.current].act(state))
        assert state.legal_actions() == []
