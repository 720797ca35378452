"""Tournaments: the same results on every executor, the table's arithmetic by hand."""

from __future__ import annotations

import io
import logging
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from bluffmath import InvalidInputError
from bluffmath.hochstapler import OpponentModel, RandomBot
from bluffmath.hochstapler.bots import BidReadingBot, CardCountingBot
from bluffmath.hochstapler.tournament import (
    GameRecord,
    TournamentResult,
    confidence_interval,
    deal_seed,
    run_tournament,
    seating,
    text_progress,
)

BOTS = [CardCountingBot(), RandomBot(), CardCountingBot(doubt_bias=Fraction(1, 5)),
        BidReadingBot(model=OpponentModel(bluff=Fraction(1, 4)))]
GAMES = 12


@pytest.fixture(scope="module")
def here() -> TournamentResult:
    """The reference: 12 three-player games between 4 bots, in this process."""
    return run_tournament(BOTS, GAMES, players=3, seed=5, workers=1)


# --- the same results wherever the games are played ----------------------------------------

def test_a_thread_pool_in_small_chunks_gives_the_same_results(here):
    seen = []
    with ThreadPoolExecutor(3) as pool:
        result = run_tournament(BOTS, GAMES, players=3, seed=5, executor=pool, chunk=5,
                                progress=lambda done, total: seen.append((done, total)))
    assert result == here
    assert seen[0] == (0, GAMES)
    assert seen[-1] == (GAMES, GAMES)
    assert len(seen) == 4


def test_a_process_pool_gives_the_same_results(here):
    with ProcessPoolExecutor(2) as pool:
        assert run_tournament(BOTS, GAMES, players=3, seed=5, executor=pool, chunk=1) == here
    assert run_tournament(BOTS, GAMES, players=3, seed=5, workers=2) == here  # its own pool


def test_a_local_dask_cluster_gives_the_same_results(here):
    distributed = pytest.importorskip("distributed")
    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # shutdown chatter
    seen = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        result = run_tournament(BOTS, GAMES, players=3, seed=5, executor=client.get_executor(),
                                chunk=2, progress=lambda done, total: seen.append(done))
        assert set(client.run(lambda: "bluffmath" in __import__("sys").modules).values()) == {True}
    assert result == here
    assert seen == sorted(set(seen))
    assert seen[0] == 0
    assert seen[-1] == GAMES


def test_another_seed_gives_other_games(here):
    other = run_tournament(BOTS, GAMES, players=3, seed=6, workers=1)
    assert other != here
    assert [r.seed for r in other.records] == [deal_seed(6, g) for g in range(GAMES)]


def test_the_multi_deal_variant_plays_on_to_the_target():
    result = run_tournament([CardCountingBot(), RandomBot(), RandomBot()], 4, target=10, workers=1)
    assert result.target == 10
    for record in result.records:
        assert max(record.scores) >= 10
        assert sum(record.scores) % 7 == 0


# --- seats rotated fairly ---------------------------------------------------------------------

def test_every_bot_holds_every_seat_in_turn(here):
    assert [r.seating for r in here.records[:4]] == [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 1)]
    for bot in range(4):  # 4 bots, 3 seats: every 4 games, each bot plays 3, once per seat
        seats = [r.seating.index(bot) for r in here.records[:4] if bot in r.seating]
        assert sorted(seats) == [0, 1, 2]
    assert [s.games for s in here.standings] == [9, 9, 9, 9]
    assert [seating(5, 5, g) for g in (0, 4)] == [(0, 1, 2, 3, 4), (4, 0, 1, 2, 3)]


# --- the results table, by hand ----------------------------------------------------------------

def test_the_table_arithmetic_by_hand():
    records = (
        GameRecord(0, 11, (0, 1, 2), (1, 3, 3)),  # a wins alone
        GameRecord(1, 12, (1, 2, 0), (2, 2, 3)),  # b and c share the win
        GameRecord(2, 13, (2, 0, 1), (2, 2, 3)),  # c and a share the win
        GameRecord(3, 14, (0, 1, 2), (3, 2, 2)),  # b and c share the win
    )
    result = TournamentResult(("a", "b", "c"), 3, None, 0, records)
    a, b, c = result.standings
    assert (a.games, b.games, c.games) == (4, 4, 4)
    assert a.wins == 1 + Fraction(1, 2)
    assert b.wins == 1
    assert c.wins == Fraction(3, 2)
    assert a.wins + b.wins + c.wins == 4
    assert (a.penalty, b.penalty, c.penalty) == (1 + 3 + 2 + 3, 3 + 2 + 3 + 2, 3 + 2 + 2 + 2)
    assert a.mean == Fraction(9, 4)
    assert b.mean == Fraction(10, 4)
    assert c.mean == Fraction(9, 4)
    assert b.win_rate == Fraction(1, 4)
    # b's points 3, 2, 3, 2: mean 5/2, sample variance 1/3, s/√n = 1/√12 = 0.28867513...
    # 1.96 × 0.28867514 = 0.56580327..., so the interval is 1.93419673... to 3.06580327...,
    # rounded outward to 1.9341 and 3.0659.
    assert b.interval == (Fraction(19341, 10000), Fraction(30659, 10000))
    # a: 1, 3, 2, 3, variance 11/12, 1.96 × √(11/48) = 0.93828...; c: 3, 2, 2, 2, s/√n = 1/4.
    assert str(result).splitlines() == [
        "bot  games  wins  win %   mean penalty  95% interval",
        "a    4      1.50  37.5 %  2.25          1.3117 to 3.1883",
        "b    4      1.00  25.0 %  2.50          1.9341 to 3.0659",
        "c    4      1.50  37.5 %  2.25          1.7600 to 2.7400",
    ]


def test_intervals_contain_the_mean_and_are_never_too_narrow(here):
    for standing in here.standings:
        low, high = standing.interval
        assert 0 <= low <= standing.mean <= high
    exact_z = Fraction(1959964, 10**6)  # 1.959964 < the quantile 1.9599639845... rounded up
    for values in ([0, 1, 2, 1], [1, 1, 1, 1, 1, 6], [3, 0], list(range(40))):
        low, high = confidence_interval(values)
        n = len(values)
        mean = Fraction(sum(values), n)
        variance = sum((v - mean) ** 2 for v in values) / Fraction(n - 1)
        half_squared = exact_z**2 * variance / n
        assert (high - mean) ** 2 >= half_squared
        assert low == 0 or (mean - low) ** 2 >= half_squared
        excess = high - mean - Fraction(2, 10**4)  # at most 2/10000 wider than 1.96 s/√n
        assert excess <= 0 or excess**2 <= Fraction(196, 100) ** 2 * variance / n
    assert confidence_interval([4]) is None
    assert confidence_interval([2, 2, 2]) == (2, 2)
    assert confidence_interval([0, 0, 1])[0] == 0  # clipped at 0


def test_the_html_shows_a_table_and_a_chart_with_names_escaped():
    bots = [CardCountingBot(name="<b>Cora</b>"), RandomBot(), RandomBot()]
    result = run_tournament(bots, 3, workers=1)
    html = result._repr_html_()

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags, self.text = [], []

        def handle_starttag(self, tag, attrs):
            self.tags.append(tag)

        def handle_data(self, data):
            self.text.append(data)

    cells = Cells()
    cells.feed(html)
    assert {"table", "svg", "circle", "line"} <= set(cells.tags)
    assert "<b>" not in html
    assert "&lt;b&gt;Cora&lt;/b&gt;" in html
    assert "random #2" in html  # a bot entered twice is told apart
    assert "3 games of 3 players (one deal), seed 0" in html


def test_the_same_bot_entered_twice_gets_two_lines():
    bot = RandomBot()
    result = run_tournament([CardCountingBot(), bot, bot], 3, workers=1)
    assert result.names == ("card counting", "random", "random #2")


# --- progress ---------------------------------------------------------------------------------

def test_progress_counts_up_to_the_total():
    seen = []
    run_tournament([RandomBot()] * 3, 7, workers=1, chunk=3, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(0, 7), (3, 7), (6, 7), (7, 7)]


def test_the_text_progress_bar_goes_to_standard_error(capsys):
    run_tournament([RandomBot()] * 3, 2, workers=1, chunk=1, progress=text_progress())
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.endswith("[##############################] 2/2 games\n")
    out = io.StringIO()
    text_progress(out, width=4)(1, 4)
    assert out.getvalue() == "\r[#...] 1/4 games"


# --- bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": []}, "needs bots: got none"),
    ({"bots": "random"}, "bots must be a list of bots"),
    ({"bots": [RandomBot()] * 2}, "seats 3 to 7 players, and the tournament has 2 bots"),
    ({"bots": [RandomBot()] * 8}, "seats 3 to 7 players, and the tournament has 8 bots"),
    ({"bots": [RandomBot()] * 3, "players": 5}, "needs at least 5 bots, one per seat, got 3"),
    ({"bots": [RandomBot()] * 3, "players": 9}, "players must be a whole number from 3 to 7"),
    ({"games": 0}, "games must be a whole number of at least 1, got 0"),
    ({"games": 2.5}, "games must be a whole number"),
    ({"bots": [RandomBot(), RandomBot(), "smart"]}, r"bots\[2\] must be a bot"),
    ({"bots": [RandomBot(), RandomBot(), CardCountingBot]}, "the class CardCountingBot"),
    ({"executor": "dask"}, "executor must be a concurrent.futures.Executor"),
    ({"executor": ThreadPoolExecutor(1), "workers": 2}, "either an executor or a number of workers"),
    ({"workers": 0}, "workers must be a whole number of at least 1"),
    ({"chunk": 0}, "chunk must be a whole number of at least 1"),
    ({"seed": -1}, "seed must be a whole number of at least 0"),
    ({"target": 0}, "target must be a whole number of at least 1"),
    ({"progress": 5}, "progress must be a function"),
])
def test_bad_input_is_refused_with_a_clear_message(kwargs, message):
    arguments = {"bots": [RandomBot()] * 3, "games": 2, "workers": 1, **kwargs}
    if "executor" in kwargs and "workers" not in kwargs:
        arguments.pop("workers")
    with pytest.raises(InvalidInputError, match=message):
        run_tournament(**arguments)
