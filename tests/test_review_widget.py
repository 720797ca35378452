"""The review widget, headless: what it shows equals the core's review, decision by decision."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import pytest

from bluffmath import gauner, hochstapler, muenchhausen
from bluffmath.errors import SaveFileError
from bluffmath.review import review
from bluffmath_widgets.review import COLOURS, HabitsWidget, ReviewWidget


def shown_values(html: str) -> dict[str, Fraction]:
    return {unescape(o): Fraction(p) for o, p in re.findall(r"data-option='([^']*)' data-p='([^']*)'", html)}


def games():
    yield hochstapler.play_game(hochstapler.Game(players=3), [hochstapler.RandomBot()] * 3, seed=3)
    yield gauner.play_game(gauner.Game(players=2), [gauner.RandomBot(seed=1), gauner.SolverBot()], seed=2)
    yield muenchhausen.play_game(muenchhausen.Game(players=3), [muenchhausen.RandomBot(seed=s) for s in range(3)])


@pytest.mark.parametrize("state", list(games()), ids=["hochstapler", "gauner", "muenchhausen"])
def test_the_timeline_and_every_detail_equal_the_core(state) -> None:
    view = ReviewWidget(state, seat=0)
    core = review(state, 0)
    buttons = view.timeline.children
    assert [b.description for b in buttons] == [f"#{d.number} {d.choice}" for d in core.decisions]
    for button, d in zip(buttons, core.decisions, strict=True):
        values = list(d.values.values())
        share = d.cost / (max(values) - min(values)) if d.cost else Fraction(0)
        mark = (None if not share else "blunder" if share >= Fraction(1, 2) else "mistake"
                if share >= Fraction(1, 4) else "inaccuracy" if share >= Fraction(1, 10) else None)
        assert button.style.button_color == COLOURS[mark]
    for name, n in core.marks().items():
        assert f"data-mark='{name}'>{n}<" in view.summary.value
    if core.accuracy is not None:
        assert f"class='accuracy' data-p='{core.accuracy}'" in view.summary.value
    assert f"data-p='{core.total_cost}'" in view.summary.value
    for d in core.costliest(3):
        assert f"#{d.number} <b>" in view.summary.value
    worst = core.costliest(1)[0]
    buttons[core.decisions.index(worst)].click()
    assert view.selected == worst.number
    shown = shown_values(view.detail.value)
    assert all(shown[o] == worst.values[o] for o in shown)
    assert worst.choice in shown
    assert set(worst.best) & set(shown)
    assert f"data-cost='{worst.cost}'" in view.detail.value


def test_changing_the_seat_reviews_that_seat() -> None:
    state = hochstapler.Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
    view = ReviewWidget(hochstapler.save_game(state), seat=0)
    assert [b.description for b in view.timeline.children] == ["#1 raise 6 red"]  # the round model values openings
    view.seat.value = 1
    assert [b.description for b in view.timeline.children] == ["#2 doubt"]
    view.seat.value = 2
    assert view.timeline.children == ()
    assert "no reviewed decision" in view.detail.value


def test_a_missing_decision_is_reported_in_the_widget() -> None:
    state = hochstapler.Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
    view = ReviewWidget(state, seat=0)
    view.select(99)
    assert "no decision #99" in view.message.value
    assert view.selected is None


def test_a_save_that_does_not_load_is_refused() -> None:
    text = hochstapler.save_game(hochstapler.Game(players=3).new_game(seed=4).raise_(6, "red"))
    with pytest.raises(SaveFileError):
        ReviewWidget(text.replace('"seed": 4', '"seed": 5'))


def test_typed_text_is_escaped() -> None:
    state = muenchhausen.Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(8).doubt()
    view = ReviewWidget(state, seat=0)
    view.timeline.children[0].click()
    assert "<script" not in view.detail.value
    assert "seat 1's card lies face down" in unescape(view.detail.value)


def test_the_gauner_table_reviews_its_game() -> None:
    from bluffmath_widgets.gauner import GaunerTable
    table = GaunerTable(players=2, seed=5)
    best = gauner.solve(table.state.view(0)).best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    table.review_button.click()
    table.review_button.click()  # a second review replaces the first
    reviews = [c for c in table.children if isinstance(c, ReviewWidget)]
    assert len(reviews) == 1
    assert reviews[0].review == review(table.state, 0)
    assert reviews[0].review.decisions[0].choice == f"guess {best.cell} at seat {best.seat}"


def test_the_muenchhausen_table_reviews_its_game() -> None:
    from bluffmath_widgets.muenchhausen import MuenchhausenTable
    table = MuenchhausenTable(players=3)
    while not table.state.is_terminal:
        assert table.end_review.layout.display == "none"
        table.moves.value = table.moves.options[-1][1]
        table.play_button.click()
    assert table.end_review.layout.display == "flex"  # at the end, beside the result
    table.end_review.click()
    (view,) = [c for c in table.children if isinstance(c, ReviewWidget)]
    assert view.review == review(table.state, table.me)
    assert view.review.decisions


def test_the_hochstapler_table_reviews_its_game() -> None:
    from test_play_widget import play_to_the_end

    from bluffmath_widgets.hochstapler import HochstaplerTable
    table = HochstaplerTable(players=3, me=0, seed=4, bot_delay=0)
    assert table.end_review.layout.display == "none"
    play_to_the_end(table, check_hidden=False)
    assert table.end_review.layout.display == "flex"  # at the end, beside the result
    table.end_review.click()
    table.review_button.click()  # a second review replaces the first
    (view,) = [c for c in table.children if isinstance(c, ReviewWidget)]
    assert view.review == review(table.state, table.my_seat)
    assert view.review.decisions


def test_the_habits_widget_shows_the_cores_habits_and_takes_a_name() -> None:
    late = hochstapler.CardCountingBot(doubt_bias=Fraction(-1, 3))
    games = [hochstapler.play_game(hochstapler.Game(players=3), [late] + [hochstapler.CardCountingBot()] * 2, seed=s)
             for s in range(5)]
    named = [(g, ["Ada", "Ben", "Cy"]) for g in games]
    from bluffmath.review import review_many
    core = review_many(named, "Ada")
    view = HabitsWidget(named, "Ada")
    shown = re.findall(r"class='habit' data-name='([^']*)' data-cost='([^']*)'", view.summary.value)
    assert [(n, Fraction(c)) for n, c in shown] == [(p.name, p.cost) for p in core.top(3)]
    assert f"data-p='{core.total_cost}'" in view.summary.value
    view.player.value = "Zed"
    assert "no game names the player" in view.message.value
    assert view.summary.value == ""
    view.player.value = "0"
    assert "seat must" not in view.message.value
    assert view.habits is not None
    assert view.habits.player == 0


def test_the_duels_review_shows_the_luck_line_beside_the_cost_line() -> None:
    from bluffmath import duel as dp
    game = dp.Game(deck=(0, 1, 2, 3, 4), deals=6)
    state, rng = game.new_game(seed=2), __import__("random").Random(2)
    bots = [dp.random_bot(game), dp.equilibrium_bot(game)]
    while not state.is_terminal:
        state = state.play(state.to_act, bots[state.to_act].choose(state.view(state.to_act), rng))
    view = ReviewWidget(dp.save_duel(state), seat=0)
    core = review(state, 0)
    chips = re.findall(r"class='luck' data-number='(\d+)' data-p='([^']*)'", view.summary.value)
    assert [(int(n), Fraction(p)) for n, p in chips] == [(x.number, x.value) for x in core.luck]
    assert f"class='total-luck' data-p='{core.total_luck}'" in view.summary.value
    assert f"class='result' data-p='{core.result}'" in view.summary.value
    assert [b.description for b in view.timeline.children] == [f"#{d.number} {d.choice}" for d in core.decisions]
