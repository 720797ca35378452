"""The Münchhausen benchmark's quick mode runs: bluffmath's bots and the plain bots written
with the public functions play the very same games, and every game ends. The plain bots
are checked against the bots they copy move by move. No timing is asserted."""

from __future__ import annotations

import random

from benchmarks import muenchhausen as bench
from bluffmath.muenchhausen.game import Game


def test_the_quick_run_plays_the_same_games_on_both_sides() -> None:
    text, results = bench.run(quick=True, games=2)  # asserts inside: the same games, every one ended
    assert list(results) == list(bench.TABLES)
    for ours, plain in results.values():
        assert len(ours.times.times) == len(plain.times.times) == 2
    assert all(f"| {kind} | 2 |" in text for kind in bench.TABLES)


def test_the_plain_bots_choose_every_move_as_the_bots_do() -> None:
    rng = random.Random(11)
    for _ in range(3):
        players, seats = bench.draw_table(rng, mixed=True)
        ours, plain = [s.ours() for s in seats], [s.plain() for s in seats]
        state = Game(players=players).new_game()
        while not state.is_terminal:
            move = ours[state.to_act].act(state)
            assert plain[state.to_act].act(state) == move, (players, seats, state.actions)
            state = state.apply(move)
