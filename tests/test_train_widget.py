"""The notebook's trainer (bluffmath_widgets.train), driven headless through its widgets:
drills answered as a person answers them (an option chosen, *Answer*, *Next*), every number
drawn compared with :mod:`bluffmath.train`'s own, the attempts in the progress file after a
restart, bad input shown in words with the widget still working, and nothing drawn before an
answer but what the drill's question holds, whatever the cards the seat cannot see."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest

from bluffmath import gauner
from bluffmath import hochstapler as hs
from bluffmath.train import Progress, answer, drills, puzzle_set
from bluffmath_widgets.train import Trainer, question_html
from tests.test_train_leaks import dealing, dealt_anew

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
LATE = hs.CardCountingBot(doubt_bias=Fraction(-1, 4))


class Clock:
    """A clock a test moves on by hand."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def saves(seeds: tuple[int, ...] = (1, 2, 3)) -> list[str]:
    """The notebook's demo: seat 0 doubts less readily than its odds say."""
    return [hs.save_game(hs.play_game(hs.Game(players=3), [LATE, hs.CardCountingBot(), hs.CardCountingBot()],
                                      seed=seed)) for seed in seeds]


def reply(trainer: Trainer, best: bool) -> str:
    """Answer the drill shown as a person does: an option chosen in the list, then *Answer*."""
    drill = trainer.drill
    assert drill is not None
    option = drill.decision.best[0] if best else next(o for o in drill.options if o not in drill.decision.best)
    trainer.options.value = option
    trainer.answer_button.click()
    return option


def values_drawn(html: str) -> dict[str, Fraction]:
    return {unescape(o): Fraction(p) for o, p in re.findall(r"data-option='([^']*)' data-p='([^']*)'", html)}


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


def message(trainer: Trainer) -> str:
    return text_of(trainer.message.value) if trainer.message.layout.display != "none" else ""


def upload(trainer: Trainer, *files: tuple[str, bytes]) -> None:
    trainer.upload.value = tuple({"name": name, "type": "application/json", "size": len(content),
                                  "content": memoryview(content), "last_modified": START} for name, content in files)


def test_answers_are_judged_by_the_core_and_land_in_the_progress_file(tmp_path: Path) -> None:
    path, clock = tmp_path / "train.sqlite", Clock()
    trainer = Trainer(path, saves=saves(), player=0, clock=clock)
    expected = drills(saves(), 0)
    assert [d.id for d in trainer._drills] == [d.id for d in expected]
    assert trainer.drill == expected[0]
    assert "No answer recorded yet" in trainer.report.value
    chosen = []
    for n in range(3):
        chosen.append(reply(trainer, best=n != 1))
        result = answer(trainer.drill, chosen[-1])
        assert trainer.last == result
        assert values_drawn(trainer.result.value) == trainer.drill.decision.values  # every option, exact
        assert f"data-cost='{result.cost}'" in trainer.result.value
        assert text_of(trainer.result.value).startswith(result.text().split("\n")[0])
        assert trainer.options.disabled
        assert trainer.answer_button.disabled
        assert trainer.next_button.layout.display is None
        assert f"data-attempts='{n + 1}'" in trainer.report.value
        clock.now += timedelta(seconds=5)
        trainer.next_button.click()
        assert trainer.drill == expected[n + 1]  # costliest first: nothing is due within seconds
        assert not trainer.options.disabled
        assert trainer.options.value is None
    assert trainer.progress.running_accuracy("0") == [1, Fraction(1, 2), Fraction(2, 3)]
    trainer.progress.close()

    # A restart an hour later: the attempts are there, and the wrong answer comes back first.
    again = Trainer(path, saves=saves(), player=0, clock=Clock(START + timedelta(hours=1)))
    assert again.progress.attempts("0") == 3
    assert again.drill == expected[1]
    report = again.report.value
    assert "data-attempts='3'" in report
    assert report.count("data-chart='accuracy'") == 1
    assert "2/3 (66.7 %) after all 3" in text_of(report)
    assert "Your habits then and now" in report
    for change in again.progress.then_and_now("0"):
        assert change.text() in text_of(report)
    reply(again, best=True)
    again.next_button.click()
    due = again.progress.due("0", START + timedelta(hours=1))
    by_id = {d.id: d for d in expected}
    # a drill due again (FSRS's learning steps are minutes), else one never answered: an
    # answer before the restart counts, so expected[0] and [2] are not offered as new
    assert again.drill == (by_id[due[0]] if due else expected[3])
    again.progress.close()
    with Progress(path) as reopened:
        assert reopened.attempts("0") == 4


def test_the_next_mistake_order_goes_game_by_game() -> None:
    trainer = Trainer(":memory:", saves=saves(), player=0, order="game")
    expected = drills(saves(), 0, order="game")
    seen = [trainer.drill]
    for _ in expected[1:]:
        reply(trainer, best=True)
        trainer.next_button.click()
        seen.append(trainer.drill)
    assert seen == expected
    reply(trainer, best=True)
    trainer.next_button.click()
    assert trainer.drill is None
    assert "Nothing to answer right now" in trainer.question.value
    assert trainer.options.layout.display == trainer.answer_button.layout.display == "none"
    trainer.order.value = "costliest"  # the other order: every drill answered well is still not due
    assert trainer.drill is None
    fresh = Trainer(":memory:", saves=saves(), player=0)  # a file without those answers starts afresh
    assert fresh.drill == drills(saves(), 0)[0]


def test_a_puzzle_set_serves_puzzles_and_moves_the_rating() -> None:
    trainer = Trainer(":memory:", player="Ann", source="gauner", clock=Clock())
    puzzles = puzzle_set("gauner")
    first = trainer.drill
    assert first == puzzles.drill(first.id)
    assert trainer.progress.next_puzzle("Ann", START) == first.id
    reply(trainer, best=True)
    assert trainer.progress.rating("Ann").mu > 1500
    assert "data-chart='rating'" in trainer.report.value
    assert f"{trainer.progress.rating('Ann')} after 1 puzzles" in text_of(trainer.report.value)
    trainer.next_button.click()
    assert trainer.drill is not None
    assert trainer.drill.id != first.id


def test_bad_input_is_said_in_words_and_the_widget_goes_on(tmp_path: Path) -> None:
    trainer = Trainer(tmp_path / "p.sqlite", saves=saves((1,)), player=0)
    drill = trainer.drill
    other = gauner.save_game(gauner.play_game(gauner.Game(players=2), [gauner.SolverBot(), gauner.SolverBot()], seed=1))
    for files, said in [
        ([("broken.json", b'{"format": "bluffmath-hochstapler-game", ')], "broken.json: "),
        ([("latin.json", "é".encode("latin-1"))], "latin.json is not a saved game: it is not UTF-8 text"),
        ([("notes.json", b'{"shopping": ["milk"]}')], "notes.json: this is not a saved game that bluffmath can review"),
        ([("gauner.json", other.encode())], "gauner.json not loaded: review_many reads games of one kind"),
    ]:
        upload(trainer, *files)
        assert said in message(trainer)
        assert trainer.upload.value == ()
        assert trainer.drill == drill
        assert trainer.question.value == question_html(drill.question())
    trainer.options.value = drill.decision.best[0]  # the widget still answers
    trainer.answer_button.click()
    assert message(trainer) == ""
    assert trainer.last is not None
    assert trainer.last.is_best
    upload(trainer, ("two.json", saves((2,))[0].encode()), ("three.json", saves((3,))[0].encode()))
    assert message(trainer) == ""
    assert len(trainer._saves) == 3
    assert [d.id for d in trainer._drills] == [d.id for d in drills(saves(), 0)]

    for typed, said in [("Zed", "to find 'Zed', or give a seat number"), ("7", "seat must be a whole number from 0 to 2"),
                        ("  ", "type your seat number")]:
        trainer.player.value = typed
        assert said in message(trainer)
        assert trainer.drill is None
        assert trainer.question.value == ""
    trainer.player.value = "0"
    assert message(trainer) == ""
    assert trainer.drill is not None
    trainer.options.value = None
    trainer.answer_button.click()
    assert "choose one of the options first" in message(trainer)


def test_a_damaged_progress_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    path.write_text("not a database, but a shopping list\n" * 100)
    with pytest.raises(ValueError, match="not a bluffmath progress file"):
        Trainer(path)


def drawn(trainer: Trainer) -> list[tuple[str, ...]]:
    """What the trainer shows of each of its drills, before and after an answer (the first
    option), but the drills' ids (hashes of the save); before an answer, checked to be the
    drill's own question and nothing more."""
    shown = []
    while (drill := trainer.drill) is not None:
        question = drill.question()
        assert trainer.question.value == question_html(question)
        assert list(trainer.options.options) == question["options"]
        assert trainer.result.value == ""
        before = (trainer.question.value.replace(drill.id, "<id>"), *trainer.options.options, trainer.status.value)
        trainer.options.value = drill.options[0]
        trainer.answer_button.click()
        shown.append((*before, trainer.result.value))
        trainer.next_button.click()
    return shown


@pytest.mark.parametrize("seed", [3, 5])
def test_nothing_drawn_shows_the_cards_the_seat_cannot_see(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    bots = [hs.CardCountingBot(), hs.BidReadingBot(), hs.RandomBot()]
    end = hs.play_game(hs.Game(players=3), bots, seed=seed)
    events = end.events
    calls = next((i for i, e in enumerate(events) if type(e).__name__ != "Call"), len(events))
    original = hs.Game(players=3).replay(seed, end.opener, events[:calls])  # calls alone: nothing shown yet
    rng, checked = random.Random(seed), 0
    for seat in range(3):
        base = drawn(Trainer(":memory:", saves=[original], player=seat, threshold=0, order="game"))
        deal = dealt_anew(hs.game.deal_cards(3, seed, 0), seat, rng)
        with dealing(monkeypatch, 3, seed, deal):
            world = hs.Game(players=3).replay(seed, end.opener, events[:calls])
            assert any(world.hands[c] != original.hands[c] for c in world.hands)
            assert drawn(Trainer(":memory:", saves=[world], player=seat, threshold=0, order="game")) == base
        checked += len(base)
    assert checked >= 3
