"""The review benchmark's quick mode runs, its baselines agree with the reviews value for
value (checked inside), and the plain enumeration is an honest baseline: it agrees with
the review on decisions that the benchmark's drawn games may not reach. No timing is
asserted."""

from __future__ import annotations

from fractions import Fraction

from benchmarks import review as bench
from bluffmath.hochstapler import CardCountingBot, Game, play_game
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
    reviewed = [dict(d.values) for d in review(end, 0).decisions]
    assert plain == reviewed
    assert any(k.startswith("exchange") for values in plain for k in values)
    assert any("doubt" in values for values in plain)
