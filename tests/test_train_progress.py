"""The training file (bluffmath.train.progress): it survives closing and reopening, its
ratings are a replay of its attempts, the next puzzle is near the player's level and a
learned one never returns, a wrong drill comes back before a right one, accuracy is exact
by skill and day, and a damaged, foreign or newer file, or bad input, is refused clearly."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.train.progress import FORMAT, Attempt, Item, Progress
from bluffmath.train.rating import START, Rating, replay

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
SKILLS = ("doubt by the odds", "call by the odds", "ask for the certain card")


def _puzzles(n: int = 30) -> list[Item]:
    """Puzzles rated from 1000 to 2000 (by steps), each of a skill in turn."""
    return [Item(f"p{i:03}", SKILLS[i % 3], puzzle=True, rating=Rating(1000.0 + 1000 * i / (n - 1), 200.0))
            for i in range(n)]


def _played(path: Path | str) -> tuple[Progress, list[Attempt]]:
    """A file with puzzles and drills, and a hundred seeded answers by two players."""
    progress = Progress(path)
    progress.add_items([*_puzzles(), *(Item(f"d{i}", SKILLS[i % 3]) for i in range(6))])
    rng = random.Random(5)
    attempts = [Attempt(rng.choice(["ann", "bob"]), rng.choice([f"p{rng.randrange(30):03}", f"d{rng.randrange(6)}"]),
                        T0 + timedelta(hours=7 * k), rng.choice([0, 0, Fraction(1, 3), Fraction(2, 7)]))
                for k in range(100)]
    progress.record(attempts)
    return progress, attempts


def _everything(progress: Progress, now: datetime) -> tuple:
    return tuple((progress.rating(p), progress.rating_series(p), progress.accuracy(p), progress.due(p, now),
                  progress.next_puzzle(p, now, seed=3)) for p in ("ann", "bob", "cy"))


def test_the_file_survives_closing_and_reopening(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    progress, _ = _played(path)
    now = T0 + timedelta(days=40)
    before = _everything(progress, now)
    progress.close()
    with Progress(path) as again:
        assert _everything(again, now) == before
        again.record([Attempt("ann", "p000", now, 0)])  # and it goes on from where it was
    with Progress(path) as third:
        assert len(third.rating_series("ann")) == len(before[0][1]) + 1


def test_the_ratings_are_a_replay_of_the_attempts() -> None:
    progress, attempts = _played(":memory:")
    start = {item.id: item.rating for item in _puzzles()}
    players, _ = replay(((a.player, a.item, a.cost == 0) for a in attempts if a.item.startswith("p")), start)
    assert {p: progress.rating(p) for p in players} == players
    assert progress.rating("cy") == START
    assert progress.rating_series("cy") == [START]
    series = progress.rating_series("ann")
    assert series[0] == START
    assert series[-1] == players["ann"]
    assert len(series) == 1 + sum(a.player == "ann" and a.item.startswith("p") for a in attempts)


def test_the_next_puzzle_is_near_the_players_level() -> None:
    progress = Progress(":memory:")
    progress.add_items(_puzzles())
    assert progress.next_puzzle("ann", T0) in {"p014", "p015"}  # 1483 and 1517 for a player at 1500
    progress.record([Attempt("ann", f"p{i:03}", T0 + timedelta(minutes=i), 0) for i in range(12, 18)])
    strong = progress.rating("ann")
    chosen = progress.next_puzzle("ann", T0 + timedelta(minutes=20))
    rated = {i.id: i.rating.mu for i in _puzzles() if i.id not in {f"p{i:03}" for i in range(12, 18)}}
    assert abs(rated[chosen] - strong.mu) == min(abs(mu - strong.mu) for mu in rated.values())
    assert rated[chosen] > 1600  # six solved: the next is harder


def test_a_failed_puzzle_returns_when_due_and_a_learned_one_never() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item("only", "call by the odds", puzzle=True)])
    progress.record([Attempt("ann", "only", T0, Fraction(1, 2))])
    assert progress.next_puzzle("ann", T0 + timedelta(seconds=30)) is None  # not due yet
    assert progress.next_puzzle("ann", T0 + timedelta(minutes=1)) == "only"
    when = T0 + timedelta(minutes=1)
    for _ in range(3):
        progress.record([Attempt("ann", "only", when, 0)])
        when += timedelta(days=400)
    assert progress.next_puzzle("ann", when + timedelta(days=4000)) is None  # learned
    assert progress.next_puzzle("bob", T0) == "only"  # another player's card is their own


def test_the_next_puzzle_can_be_of_one_skill_and_is_the_same_for_the_same_seed() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item(f"q{i}", SKILLS[i % 3], puzzle=True) for i in range(12)])
    picks = {progress.next_puzzle("ann", T0, seed=s, skill=SKILLS[1]) for s in range(8)}
    assert picks <= {"q1", "q4", "q7", "q10"}
    assert len(picks) > 1
    assert progress.next_puzzle("ann", T0, seed=4) == progress.next_puzzle("ann", T0, seed=4)
    assert progress.next_puzzle("ann", T0, skill="no such skill") is None


def test_a_wrong_drill_comes_back_before_a_right_one() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item("right", "call by the odds"), Item("wrong", "call by the odds"),
                        Item("puzzle", "call by the odds", puzzle=True)])
    progress.record([Attempt("ann", "right", T0, 0), Attempt("ann", "wrong", T0, Fraction(1, 8)),
                     Attempt("ann", "puzzle", T0, Fraction(1, 8))])
    assert progress.due("ann", T0 + timedelta(minutes=2)) == ["wrong"]  # puzzles come by level, not here
    assert progress.due("ann", T0 + timedelta(minutes=10)) == ["wrong", "right"]  # earliest due first
    assert progress.due("bob", T0 + timedelta(days=1)) == []


def test_accuracy_is_exact_by_skill_and_by_the_players_own_day() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item("a", "doubt by the odds"), Item("b", "doubt by the odds"), Item("c", "call by the odds")])
    progress.record([
        Attempt("ann", "a", "2026-03-01T23:30:00-05:00", 0),  # 1 March in New York, 2 March in UTC
        Attempt("ann", "b", "2026-03-01T23:40:00-05:00", Fraction(1, 9)),
        Attempt("ann", "c", "2026-03-01T23:50:00-05:00", 0),
        Attempt("ann", "a", "2026-03-02T10:00:00-05:00", 0),
    ])
    assert progress.accuracy("ann") == {
        "call by the odds": [(date(2026, 3, 1), Fraction(1))],
        "doubt by the odds": [(date(2026, 3, 1), Fraction(1, 2)), (date(2026, 3, 2), Fraction(1))],
    }
    chart = progress.accuracy_chart("ann", "doubt by the odds")
    assert chart.count("<rect") == 2
    assert "2026-03-01: 1/2" in chart
    assert progress.accuracy("cy") == {}
    assert progress.accuracy_chart("ann", "no such skill").count("<rect") == 0


def test_running_accuracy_and_then_and_now_recount_the_answers() -> None:
    """Counted again from the hundred answers themselves, one player at a time."""
    progress, attempts = _played(":memory:")
    skill = {item.id: item.skill for item in [*_puzzles(), *(Item(f"d{i}", SKILLS[i % 3]) for i in range(6))]}
    for player in ("ann", "bob"):
        mine = [a for a in attempts if a.player == player]
        assert progress.attempts(player) == len(mine)
        assert progress.running_accuracy(player) == [
            Fraction(sum(a.cost == 0 for a in mine[:n]), n) for n in range(1, len(mine) + 1)]
        changes = {c.skill: c for c in progress.then_and_now(player)}
        for name in SKILLS:
            solved = [a.cost == 0 for a in mine if skill[a.item] == name]
            half = len(solved) // 2
            assert (changes[name].then, changes[name].now, changes[name].answers) == (
                Fraction(sum(solved[:half]), half), Fraction(sum(solved[half:]), len(solved) - half), len(solved))
    assert (progress.attempts("cy"), progress.running_accuracy("cy"), progress.then_and_now("cy")) == (0, [], [])


def test_the_progress_charts_draw_a_point_an_answer_and_say_it() -> None:
    progress, _attempts = _played(":memory:")
    shares = progress.running_accuracy("ann")
    chart = progress.progress_chart("ann")
    assert chart.count("<circle") == len(shares)
    assert chart.count("<polyline") == 1
    assert f"after answer {len(shares)}: " in chart
    assert 'role="img"' in chart
    ratings = progress.rating_series("ann")
    rated = progress.rating_chart("ann")
    assert rated.count("<circle") == len(ratings) > 1
    assert f"after puzzle {len(ratings) - 1}: {round(ratings[-1].mu)}" in rated
    assert progress.progress_chart("cy").count("<circle") == 0


# --- files that are not ours, or damaged ------------------------------------------------

def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"my notes, not a database\n" * 200)
    with pytest.raises(SaveFileError, match=r"is not a bluffmath progress file .*file is not a database"):
        Progress(path)


def test_another_programs_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE room (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    with pytest.raises(SaveFileError, match=r"SQLite file of another program \(tables: room\)"):
        Progress(path)
    with sqlite3.connect(path) as db:  # a meta table of its own does not make it ours
        db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', 'something else')")
    with pytest.raises(SaveFileError, match="another program"):
        Progress(path)


def test_a_file_of_another_layout_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    Progress(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
    with pytest.raises(SaveFileError, match="progress file of layout 2; this bluffmath reads layout 1"):
        Progress(path)


def test_a_file_missing_a_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    Progress(path).close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE cards")
    with pytest.raises(SaveFileError, match=r"damaged progress file \(missing tables: cards"):
        Progress(path)


def test_a_file_with_damaged_pages_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    _played(path)[0].close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page:3 * page] = bytes(range(256)) * (page // 256)  # a page of noise in the middle
    path.write_bytes(bytes(data))
    with pytest.raises(SaveFileError, match=r"damaged progress file|is not a bluffmath progress file"):
        Progress(path)


def test_a_damaged_card_is_refused_when_read(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    progress = Progress(path)
    progress.add_items([Item("d", "call by the odds")])
    progress.record([Attempt("ann", "d", T0, 0)])
    progress.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE cards SET card = '{\"fsrs\": 7}'")
    with Progress(path) as again, pytest.raises(SaveFileError, match="the card of 'ann' for 'd' is damaged"):
        again.record([Attempt("ann", "d", T0 + timedelta(hours=1), 0)])


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="progress file"):
        Progress(tmp_path)


def test_a_new_file_says_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    Progress(path).close()
    with sqlite3.connect(path) as db:
        assert dict(db.execute("SELECT key, value FROM meta")) == {"format": FORMAT, "schema": "1"}


# --- bad input ----------------------------------------------------------------------------

def test_an_attempt_at_an_unknown_item_is_refused_and_nothing_of_the_batch_is_kept() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item("d", "call by the odds")])
    with pytest.raises(InvalidInputError, match="no drill or puzzle has the id 'nope'; add it with add_items first"):
        progress.record([Attempt("ann", "d", T0, 0), Attempt("ann", "nope", T0, 0)])
    assert progress.accuracy("ann") == {}
    assert progress.due("ann", T0 + timedelta(days=9)) == []


def test_answers_out_of_order_are_refused() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item("d", "call by the odds")])
    progress.record([Attempt("ann", "d", T0, 0)])
    with pytest.raises(InvalidInputError, match="comes before this drill's last answer"):
        progress.record([Attempt("ann", "d", T0 - timedelta(hours=1), 0)])


def test_an_id_names_one_item_for_good() -> None:
    progress = Progress(":memory:")
    progress.add_items([Item("x", "call by the odds", puzzle=True, rating=Rating(1700.0, 100.0))])
    progress.add_items([Item("x", "call by the odds", puzzle=True)])  # known: kept as it is
    assert progress.next_puzzle("ann", T0) == "x"
    with pytest.raises(InvalidInputError, match="'x' is already known as a puzzle of the skill 'call by the odds'"):
        progress.add_items([Item("x", "doubt by the odds", puzzle=True)])
    with pytest.raises(InvalidInputError, match="already known as a puzzle"):
        progress.add_items([Item("x", "call by the odds")])


@pytest.mark.parametrize(("make", "says"), [
    (lambda: Item("", "skill"), "an item's id must be a non-empty text"),
    (lambda: Item("x" * 201, "skill"), "at most 200 characters"),
    (lambda: Item("x", None), "an item's skill must be a non-empty text"),
    (lambda: Item("x", "skill", puzzle=1), "puzzle must be True or False"),
    (lambda: Item("x", "skill", rating=START), "only a puzzle has a starting rating"),
    (lambda: Item("x", "skill", puzzle=True, rating=1500), "only a puzzle has a starting rating, and it must be a Rating"),
    (lambda: Attempt("  ", "x", T0, 0), "a player's name must be a non-empty text"),
    (lambda: Attempt("ann", 7, T0, 0), "an item's id must be a non-empty text"),
    (lambda: Attempt("ann", "x", "2026-03-01 10:00", 0), "must say its time zone"),
    (lambda: Attempt("ann", "x", T0, 0.5), "an answer's cost must be an exact Fraction"),
    (lambda: Progress(":memory:").add_items(["x"]), "add_items takes Item objects"),
    (lambda: Progress(":memory:").record([("ann", "x", T0, 0)]), "record takes Attempt objects"),
    (lambda: Progress(":memory:").rating(""), "a player's name must be a non-empty text"),
    (lambda: Progress(":memory:").due("ann", "now"), "must be ISO 8601 text"),
])
def test_bad_input_is_refused(make, says) -> None:
    with pytest.raises(InvalidInputError, match=says):
        make()
