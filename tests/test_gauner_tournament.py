"""Gauner raus! tournaments: the shared machinery with Gauner's engine, bots and scoring."""

from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest

from bluffmath import BluffmathError, InvalidInputError, gauner
from bluffmath.gauner import RandomBot, SolverBot
from bluffmath.gauner.bots import play_game
from bluffmath.gauner.game import Game
from bluffmath.gauner.tournament import (
    GameRecord,
    TournamentResult,
    check_bot,
    fresh_bot,
    run_tournament,
)
from bluffmath.hochstapler import CardCountingBot
from bluffmath.tournament import deal_seed, seating

RANDOM = RandomBot()
#: Four entrants, the same RandomBot twice, in two-player games: cheap, and every pairing.
BOTS = [SolverBot(), RANDOM, RandomBot(name="bold", seed=1, go_on=0.9), RANDOM]
GAMES = 8


@pytest.fixture(scope="module")
def here() -> TournamentResult:
    """The reference: 8 two-player games between 4 bots, in this process."""
    return run_tournament(BOTS, GAMES, players=2, seed=3, workers=1)


# --- the same results wherever the games are played ----------------------------------------

def test_two_workers_give_the_same_records_as_one(here):
    assert run_tournament(BOTS, GAMES, players=2, seed=3, workers=2) == here


def test_a_thread_pool_in_small_chunks_gives_the_same_records(here):
    seen = []
    with ThreadPoolExecutor(3) as pool:
        result = run_tournament(BOTS, GAMES, players=2, seed=3, executor=pool, chunk=3,
                                progress=lambda done, total: seen.append((done, total)))
    assert result.records == here.records
    assert result == here
    assert seen[0] == (0, GAMES)
    assert seen[-1] == (GAMES, GAMES)
    assert len(seen) == 4  # 0, then after each of the chunks of 3, 3 and 2 games


def test_a_process_pool_given_gives_the_same_records(here):
    with ProcessPoolExecutor(2) as pool:
        assert run_tournament(BOTS, GAMES, players=2, seed=3, executor=pool, chunk=1) == here


def test_playing_does_not_change_the_bots(here):
    """Each game plays fresh copies, so a second run here (same objects) is the same."""
    assert run_tournament(BOTS, GAMES, players=2, seed=3, workers=1) == here
    assert run_tournament(BOTS, GAMES, players=2, seed=4, workers=1) != here


def test_each_record_replays_from_its_seed_and_seats(here):
    assert [r.seed for r in here.records] == [deal_seed(3, g) for g in range(GAMES)]
    assert [r.seating for r in here.records] == [seating(4, 2, g) for g in range(GAMES)]
    for record in here.records[:4]:
        bots = [fresh_bot(BOTS[b], record.seed, seat) for seat, b in enumerate(record.seating)]
        assert play_game(Game(2), bots, record.seed).scores == record.scores


def test_the_bots_pickle_with_their_random_state():
    bot = RandomBot(seed=5, go_on=0.25)
    bot.act(Game(2).new_game(1))  # draw from its generator first
    copy = pickle.loads(pickle.dumps(bot))
    assert copy == bot
    assert pickle.loads(pickle.dumps(SolverBot(name="s"))) == SolverBot(name="s")
    state = Game(2).new_game(2)
    assert copy.act(state) == bot.act(state)  # the generator came along, mid-stream


def test_a_bot_entered_twice_plays_its_own_random_choices_in_each_seat():
    a, b = fresh_bot(RANDOM, 7, 0), fresh_bot(RANDOM, 7, 1)
    assert (a.name, a.go_on) == (b.name, b.go_on) == (RANDOM.name, RANDOM.go_on)
    assert a.seed != b.seed
    assert fresh_bot(RANDOM, 8, 0).seed != a.seed == fresh_bot(RANDOM, 7, 0).seed
    solver = SolverBot()
    assert fresh_bot(solver, 7, 0) == solver
    assert fresh_bot(solver, 7, 0) is not solver


# --- the solver is the better player -----------------------------------------------------------

@pytest.mark.parametrize(("players", "games"), [(2, 4), (3, 3), (4, 4)])
def test_the_solver_beats_random_bots(players, games):
    bots = [SolverBot()] + [RandomBot(name=f"random {i}", seed=i) for i in range(1, players)]
    result = run_tournament(bots, games, seed=0, workers=1)
    solver, *randoms = result.standings
    assert [s.games for s in result.standings] == [games] * players  # every bot every game
    assert solver.wins > max(r.wins for r in randoms)
    assert solver.mean > max(r.mean for r in randoms)
    assert sum(s.wins for s in result.standings) == games


# --- the results table: more points win, ties share ---------------------------------------------

def test_the_most_points_win_and_ties_share_the_win():
    records = (
        GameRecord(0, 11, (0, 1, 2), (9, 3, 1)),  # a wins alone
        GameRecord(1, 12, (1, 2, 0), (5, 5, 2)),  # b and c share the win
        GameRecord(2, 13, (2, 0, 1), (4, 4, 4)),  # all three share it
        GameRecord(3, 14, (0, 1, 2), (0, 6, 0)),  # b wins alone, with the fewest too
    )
    assert [r.winners for r in records] == [(0,), (0, 1), (0, 1, 2), (1,)]
    result = TournamentResult(("a", "b", "c"), 3, False, 0, records)
    a, b, c = result.standings
    assert a.wins == 1 + Fraction(1, 3)
    assert b.wins == Fraction(1, 2) + Fraction(1, 3) + 1
    assert c.wins == Fraction(1, 2) + Fraction(1, 3)
    assert a.wins + b.wins + c.wins == 4
    assert (a.total, b.total, c.total) == (9 + 2 + 4 + 0, 3 + 5 + 4 + 6, 1 + 5 + 4 + 0)
    assert (a.mean, b.mean, c.mean) == (Fraction(15, 4), Fraction(18, 4), Fraction(10, 4))
    assert str(result).splitlines()[0] == "bot  games  wins  win %   mean points  95% interval"
    assert str(result).splitlines()[2].startswith("b    4      1.83  45.8 %  4.50  ")


def test_the_html_says_more_points_are_better():
    result = run_tournament([SolverBot(name="<i>S</i>"), RandomBot()], 2, workers=1)
    html = result._repr_html_()
    assert "2 games of 2 players (plain rules), seed 0: mean points with 95% intervals " \
           "(more is better)" in html
    assert "<th>mean points</th>" in html
    assert "<svg" in html
    assert "<circle" in html
    assert "<i>" not in html
    assert "&lt;i&gt;S&lt;/i&gt;" in html


# --- the brave-investigator variant ----------------------------------------------------------------

def test_the_brave_variant_plays_its_own_rules():
    bots = [SolverBot(), RandomBot(go_on=0.9)]
    brave = run_tournament(bots, 4, brave=True, seed=0, workers=1)
    plain = run_tournament(bots, 4, seed=0, workers=1)
    assert brave.brave
    assert not plain.brave
    assert brave != plain
    assert "(brave investigators)" in brave._repr_html_()
    for result in (brave, plain):
        for record in result.records:
            seated = [fresh_bot(bots[b], record.seed, s) for s, b in enumerate(record.seating)]
            end = play_game(Game(2, result.brave), seated, record.seed)
            assert end.scores == record.scores
            laid = sum(len(cards) for cards in end.laid)
            # plain: every card laid face up scored; brave: the points of lost turns are gone
            assert sum(end.scores) == laid if not result.brave else sum(end.scores) <= laid


# --- bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": []}, "needs bots: got none"),
    ({"bots": "solver"}, r"bots must be a list of bots, such as \[SolverBot\(\), RandomBot\(\)"),
    ({"bots": [SolverBot()]}, "seats 2 to 4 players, and the tournament has 1 bots"),
    ({"bots": [RandomBot()] * 5}, "seats 2 to 4 players, and the tournament has 5 bots"),
    ({"bots": [RandomBot()] * 5, "players": 5}, "players must be a whole number from 2 to 4, got 5"),
    ({"players": 1}, "players must be a whole number from 2 to 4, got 1"),
    ({"players": 4}, r"needs at least 4 bots, one per seat, got 3; .* \[SolverBot\(\)\] \+ \[RandomBot\(\)\] \* 3"),
    ({"bots": [SolverBot(), RandomBot(), CardCountingBot()]},
     r"bots\[2\] must be a Gauner raus! bot \(an object with a name and an act\(state\) method"),
    ({"bots": [SolverBot(), RandomBot(), "smart"]}, r"bots\[2\] must be a Gauner raus! bot"),
    ({"bots": [SolverBot, RandomBot()]}, "the class SolverBot; call it"),
    ({"brave": "yes"}, "brave must be True or False"),
    ({"games": 0}, "games must be a whole number from 1 to 1000000, got 0"),
    ({"seed": -1}, "seed must be a whole number of at least 0"),
    ({"executor": "dask"}, "executor must be a concurrent.futures.Executor"),
    ({"workers": 0}, "workers must be a whole number of at least 1"),
    ({"chunk": 0}, "chunk must be a whole number of at least 1"),
    ({"progress": 5}, "progress must be a function"),
])
def test_bad_input_is_refused_with_a_clear_message(kwargs, message):
    arguments = {"bots": [SolverBot(), RandomBot(), RandomBot()], "games": 2, "workers": 1, **kwargs}
    if "executor" in kwargs:
        arguments.pop("workers")
    with pytest.raises(InvalidInputError, match=message) as error:
        run_tournament(**arguments)
    assert isinstance(error.value, BluffmathError)


def test_check_bot_accepts_the_gauner_bots_only():
    for bot in (SolverBot(), RandomBot(seed=2)):
        assert check_bot(bot) is bot
    with pytest.raises(InvalidInputError, match=r"such as SolverBot\(\)"):
        check_bot(CardCountingBot())


def test_the_package_exports_the_tournament():
    assert gauner.run_tournament is run_tournament
