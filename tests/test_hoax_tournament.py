"""Hoax tournaments: the shared machinery with Hoax's engine, bots and scoring (a win 1, a draw 0 for all)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.game import Game
from bluffmath.hoax.players import BlufferBot, DeducerBot, HonestBot
from bluffmath.hoax.tournament import GameRecord, TournamentResult, play_seated, run_tournament
from bluffmath.tournament import deal_seed, fresh_bot, seating

BOTS = [DeducerBot(), RandomBot(), BlufferBot(rate=Fraction(1, 2)), RandomBot(seed=1), HonestBot()]
GAMES = 7
TURNS = 15


@pytest.fixture(scope="module")
def here() -> TournamentResult:
    """The reference: 7 four-player games between 5 bots, in this process."""
    return run_tournament(BOTS, GAMES, players=4, max_turns=TURNS, seed=3, workers=1)


def test_a_thread_pool_in_small_chunks_gives_the_same_records(here):
    seen = []
    with ThreadPoolExecutor(3) as pool:
        result = run_tournament(BOTS, GAMES, players=4, max_turns=TURNS, seed=3, executor=pool, chunk=3,
                                progress=lambda done, total: seen.append((done, total)))
    assert result == here
    assert seen[0] == (0, GAMES)
    assert seen[-1] == (GAMES, GAMES)
    assert len(seen) == 4  # 0, then after the chunks of 3, 3 and 1 games


def test_a_process_pool_and_two_workers_give_the_same_records(here):
    with ProcessPoolExecutor(2) as pool:
        assert run_tournament(BOTS, GAMES, players=4, max_turns=TURNS, seed=3, executor=pool, chunk=1) == here
    assert run_tournament(BOTS, GAMES, players=4, max_turns=TURNS, seed=3, workers=2, chunk=2) == here


def test_another_seed_plays_other_games(here):
    assert run_tournament(BOTS, GAMES, players=4, max_turns=TURNS, seed=4, workers=1) != here


def test_each_record_replays_from_its_seed_and_seats(here):
    assert [r.seed for r in here.records] == [deal_seed(3, g) for g in range(GAMES)]
    assert [r.seating for r in here.records] == [seating(5, 4, g) for g in range(GAMES)]
    game = Game("original", 4, max_turns=TURNS)
    for record in here.records[:3]:
        bots = [fresh_bot(BOTS[b], record.seed, seat, "bluffmath-hoax-bot") for seat, b in enumerate(record.seating)]
        end = play(game, bots, seed=record.seed)
        assert record.scores == tuple(int(seat == end.winner) for seat in range(4))
        assert play_seated(game, [BOTS[b] for b in record.seating], record.seed) == record.scores


def test_scores_are_one_win_or_a_draw(here):
    for record in here.records:
        assert sum(record.scores) in (0, 1)
        assert set(record.scores) <= {0, 1}
    assert sum(s.wins for s in here.standings) == GAMES - here.draws
    assert [s.games for s in here.standings] == [sum(b in r.seating for r in here.records) for b in range(5)]


def test_a_draw_has_no_winners_and_a_win_is_one_point():
    records = (GameRecord(0, 11, (0, 1, 2), (0, 1, 0)), GameRecord(1, 12, (1, 2, 0), (0, 0, 0)),
               GameRecord(2, 13, (2, 0, 1), (1, 0, 0)))
    assert [r.winners for r in records] == [(1,), (), (0,)]
    result = TournamentResult(("a", "b", "c"), 3, "original", 50, 0, records)
    a, b, c = result.standings
    assert (a.wins, b.wins, c.wins) == (0, 1, 1)  # game 2: seat 0 wins, and bot c sits there
    assert (a.mean, b.mean, c.mean) == (0, Fraction(1, 3), Fraction(1, 3))
    assert result.draws == 1


def test_the_results_are_shaped_as_the_other_games(here):
    rows = here.rows()
    assert rows[0] == ["bot", "games", "wins", "win %", "win share", "95% interval"]
    assert [r[0] for r in rows[1:]] == ["deducer", "random", "bluffer", "random #2", "honest"]
    text = str(here)
    assert text.splitlines()[0].split() == ["bot", "games", "wins", "win", "%", "win", "share", "95%", "interval"]
    html = here._repr_html_()
    assert "bluffmath-tournament" in html
    assert "<svg" in str(here.chart())
    assert "original edition; a draw, scoring 0 for all, after 15 turns" in html
    assert "more is better" in html


def test_the_german_edition_seats_four_to_eight():
    result = run_tournament([DeducerBot(), RandomBot(), RandomBot(seed=2), RandomBot(seed=3)], 2,
                            edition="german", max_turns=10, workers=1)
    assert result.edition == "german"
    assert result.players == 4
    with pytest.raises(InvalidInputError, match="4 to 8"):
        run_tournament([RandomBot()] * 3, 1, edition="german", workers=1)


@pytest.mark.parametrize(("args", "kw", "words"), [
    (([RandomBot()] * 3, 0), {}, "games"),
    (([RandomBot()] * 3, 1), {"edition": "swiss"}, "edition"),
    (([RandomBot()] * 3, 1), {"max_turns": 0}, "max_turns"),
    (([RandomBot()] * 3, 1, 7), {}, "players"),
    ((["RandomBot"] * 3, 1), {}, "Hoax bot"),
    (([RandomBot()] * 2, 1), {}, "3 to 6"),
])
def test_bad_arguments_are_refused(args, kw, words):
    with pytest.raises(InvalidInputError, match=words):
        run_tournament(*args, workers=1, **kw)


def test_the_deducer_wins_more_than_random_bots():
    result = run_tournament([DeducerBot(), RandomBot(), RandomBot(seed=1), RandomBot(seed=2)], 40, workers=1)
    deducer, *randoms = result.standings
    assert deducer.wins > 2 * max(r.wins for r in randoms)
    assert deducer.interval[0] > max(r.interval[1] for r in randoms)  # the 95% intervals do not meet
