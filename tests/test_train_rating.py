"""Ratings of players and puzzles (bluffmath.train.rating): they move the right way after
wins and losses, the library computes its authors' reference values, our scale is its
defaults times 60, a replay of the attempts gives the ratings, the next puzzle is the
nearest with a seeded tie-break, and bad input is refused."""

from __future__ import annotations

import math

import pytest
from openskill.models import BradleyTerryFull

from bluffmath.errors import InvalidInputError
from bluffmath.train.rating import SCALE, START, Rating, nearest, rate, replay


def test_a_win_raises_the_player_and_lowers_the_puzzle_and_a_loss_the_other_way() -> None:
    player, puzzle = Rating(1600.0, 200.0), Rating(1550.0, 150.0)
    won, beaten = rate(player, puzzle, solved=True)
    lost, stood = rate(player, puzzle, solved=False)
    assert won.mu > player.mu > lost.mu
    assert beaten.mu < puzzle.mu < stood.mu
    assert won.sigma < player.sigma
    assert lost.sigma < player.sigma


def test_beating_a_stronger_puzzle_is_worth_more_than_a_weaker_one() -> None:
    strong, weak = Rating(1800.0, 100.0), Rating(1200.0, 100.0)
    assert rate(START, strong, True)[0].mu - START.mu > rate(START, weak, True)[0].mu - START.mu
    assert START.mu - rate(START, weak, False)[0].mu > START.mu - rate(START, strong, False)[0].mu


def test_the_library_gives_its_own_reference_values() -> None:
    """openskill.py's tests/models/data/bradleyterryfull.json, case "normal": a player of
    the data's model against a team of two, no ranks given (the first team wins)."""
    model = BradleyTerryFull(16.03354781649136, 12.429396412128556)
    [[one], [two, three]] = model.rate([[model.rating()], [model.rating(), model.rating()]])
    assert (one.mu, one.sigma) == pytest.approx((20.686574848684717, 12.190916868103495), rel=1e-4)
    for p in (two, three):
        assert (p.mu, p.sigma) == pytest.approx((11.380520784298003, 12.090638819927161), rel=1e-4)


def test_our_scale_is_the_library_defaults_times_sixty() -> None:
    model = BradleyTerryFull()
    [[a], [b]] = model.rate([[model.rating()], [model.rating(mu=30.0, sigma=4.0)]], ranks=[1, 2])
    ours = rate(Rating(25.0 * SCALE, 25 / 3 * SCALE), Rating(30.0 * SCALE, 4.0 * SCALE), solved=True)
    assert (ours[0].mu, ours[0].sigma) == pytest.approx((a.mu * SCALE, a.sigma * SCALE))
    assert (ours[1].mu, ours[1].sigma) == pytest.approx((b.mu * SCALE, b.sigma * SCALE))
    assert (START.mu, START.sigma) == (1500.0, 500.0)


def test_one_game_is_weng_and_lins_algorithm_1_in_closed_form() -> None:
    """Two players, Bradley-Terry full pairing (Weng and Lin 2011, Algorithm 1), worked by
    hand: sigma grows by tau first, then mu moves by sigma^2/c (s - p), and sigma shrinks by
    the factor sqrt(1 - gamma sigma^2/c^2 p (1 - p)) with gamma = sigma/c."""
    player, puzzle = Rating(1620.0, 310.0), Rating(1480.0, 90.0)
    tau, beta = 5.0, 250.0
    s1, s2 = math.hypot(player.sigma, tau), math.hypot(puzzle.sigma, tau)
    c = math.sqrt(s1**2 + s2**2 + 2 * beta**2)
    p = 1 / (1 + math.exp((puzzle.mu - player.mu) / c))  # the player's expected score
    mu = player.mu + s1**2 / c * (0 - p)
    sigma = s1 * math.sqrt(max(1 - (s1 / c) * s1**2 / c**2 * p * (1 - p), 0.0001))
    after, _ = rate(player, puzzle, solved=False)
    assert (after.mu, after.sigma) == pytest.approx((mu, sigma), rel=1e-12)


def test_a_replay_of_the_attempts_is_the_ratings_one_by_one() -> None:
    attempts = [("ann", "p1", True), ("bob", "p1", False), ("ann", "p2", False), ("bob", "p2", True)]
    players, puzzles = replay(attempts, puzzles={"p2": Rating(1700.0, 200.0)})
    ann, p1 = rate(START, START, True)
    bob, p1 = rate(START, p1, False)
    ann, p2 = rate(ann, Rating(1700.0, 200.0), False)
    bob, p2 = rate(bob, p2, True)
    assert players == {"ann": ann, "bob": bob}
    assert puzzles == {"p1": p1, "p2": p2}


def test_the_next_puzzle_is_the_nearest_and_ties_are_drawn_by_the_seed() -> None:
    level = Rating(1610.0, 100.0)
    assert nearest(level, {"a": Rating(1400.0, 50.0), "b": Rating(1650.0, 50.0), "c": Rating(1580.0, 50.0)}) == "c"
    tied = {f"p{i}": START for i in range(20)}
    picks = {nearest(START, tied, seed) for seed in range(10)}
    assert len(picks) > 1  # the seed draws among equals
    assert all(nearest(START, tied, seed) == nearest(START, dict(reversed(tied.items())), seed) for seed in range(10))
    assert nearest(START, {}) is None


def test_a_rating_is_shown_in_whole_points() -> None:
    assert str(Rating(1499.6, 72.4)) == "1500 ± 72"


@pytest.mark.parametrize(("mu", "sigma", "says"), [
    (math.nan, 100.0, "mu must be a finite number"),
    (1500.0, math.inf, "sigma must be a finite number"),
    ("1500", 100.0, "mu must be a finite number"),
    (True, 100.0, "mu must be a finite number"),
    (1500.0, 0.0, "sigma must be above 0"),
])
def test_a_bad_rating_is_refused(mu, sigma, says) -> None:
    with pytest.raises(InvalidInputError, match=says):
        Rating(mu, sigma)


def test_solved_must_be_true_or_false() -> None:
    with pytest.raises(InvalidInputError, match="solved must be True or False, got 1"):
        rate(START, START, 1)  # type: ignore[arg-type]
