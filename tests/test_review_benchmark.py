"""The review benchmark's quick mode runs, its baselines agree with the reviews value for
value (checked inside), and the plain enumeration is an honest baseline: it agrees with
the review on decisions that the benchmark's drawn games may not reach. No timing is
asserted."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from benchmarks import review as bench
from bluffmath.hochstapler import CardCountingBot, Game, play_game
from bluffmath.hochstapler.round_model import round_values
from bluffmath.review import review


def test_the_quick_run_reviews_every_game_both_ways() -> None:
    text = bench.run(quick=True)  # asserts inside: identical values, option by option
    for name in bench.GAMES:
        assert f"| {name} | 1 |" in text
    assert "Habits: `review_many` over 5" in text


def test_the_plain_enumeration_values_an_exchange_and_a_doubt_as_the_review_does() -> None:
    bots = [CardCountingBot(doubt_bias=Fraction(-1, 4)), CardCountingBot(), CardCountingBot()]
    end = play_game(Game(players=3), bots, seed=8)
    plain = bench.plain_hochstapler(end, 0)
    reviewed = [dict(d.values) for d in review(end, 0, "counting").decisions]
    assert plain == reviewed
    assert any(k.startswith("exchange") for values in plain for k in values)
    assert any("doubt" in values for values in plain)


@pytest.mark.parametrize(("players", "own", "face_up"), [(3, 0, ()), (3, 6, (2, 2)), (4, 4, (1,))])
def test_the_plain_round_enumeration_is_the_round_model(players, own, face_up) -> None:
    """The round baseline plays every deal out in its own loop; its tables are the model's."""
    assert bench.plain_round_values(players, own, face_up) == list(round_values(players, own, face_up).values)


def test_the_round_baseline_times_tables_the_review_builds() -> None:
    state = play_game(Game(players=3), [CardCountingBot()] * 3, seed=2)
    tables = bench._tables_of(state, 1)
    assert tables
    assert all(key[0] == 3 for key in tables)
    assert bench.round_tables(state, 1, random.Random(0)) > 0  # checks two tables inside
