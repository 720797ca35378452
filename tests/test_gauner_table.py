"""The Gauner raus! table widget, headless: whole games by clicking, the grids equal to
the solver's answer from my seat's view, refusals shown inline."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bluffmath.gauner import GRID, RandomBot, solve
from bluffmath_widgets.gauner import GaunerTable


def shown(table: GaunerTable, seat: int) -> dict[str, Fraction]:
    """The exact fractions behind one opponent's grid (from the buttons' tooltips)."""
    out = {}
    for cell, button in zip(GRID.cells, table.buttons[seat], strict=True):
        if not button.disabled or "(exact)" in button.tooltip:
            out[GRID.name(cell)] = Fraction(button.tooltip.split(": ")[1].split(" ")[0])
    return out


@pytest.mark.parametrize(("players", "brave"), [(2, False), (3, True), (4, False)])
def test_a_whole_game_by_clicking_the_best_cell(players, brave):
    table = GaunerTable(players=players, seed=players, brave=brave, background=False)
    clicks = 0
    while not table.state.is_terminal:
        assert table.state.current == 0
        expected = solve(table.state.view(0))
        assert table.solution == expected
        assert table.kind == "exact"
        for seat in range(1, players):
            assert shown(table, seat) == expected.table(seat)
        surplus = re.findall(r"data-cell='([a-z]+-[A-F])' data-p='([0-9/]+)'", table.surplus.value)
        assert {cell: Fraction(p) for cell, p in surplus} == expected.table("surplus")
        if not table.state.must_guess and table.state.turn_points >= 2:
            table.stop_button.click()
        else:
            best = expected.best_guesses(1)[0]
            table.cell_button(best.seat, best.cell).click()
        assert table.message.value == ""
        clicks += 1
    assert clicks > 3
    assert "Game over" in table.status.value


def test_refusals_are_shown_and_the_table_goes_on():
    table = GaunerTable(players=2, seed=1, bots=[RandomBot(seed=3)], background=False)
    mine = next(iter(table.state.hidden[0]))
    table.stop_button.click()  # no hit yet
    assert "at least one guess" in table.message.value
    before = table.state
    table.buttons[1][mine].click()  # my own card: allowed, and a miss
    assert table.state != before
    assert table.message.value == ""
    laid = next((c for cards in table.state.laid for c in cards), None)
    if laid is not None:
        table.buttons[1][laid].click()
        assert "already lies face up" in table.message.value


def test_the_quick_answer_comes_first_in_the_background():
    table = GaunerTable(players=4, seed=5)
    table.wait(timeout=60)
    assert table.kind == "exact"
    assert table.solution == solve(table.state.view(0))
    table.new_game.click()
    table.wait(timeout=60)
    assert table.kind == "exact"


def test_save_and_load_by_the_buttons_go_on_with_the_same_game():
    table = GaunerTable(players=2, seed=5, background=False)
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    table.save_button.click()
    saved, state = table.save_text.value, table.state
    assert "\"version\": 2" in saved
    assert "Saved" in table.events.value
    other = GaunerTable(players=3, seed=0, background=False)  # another player count
    other.save_text.value = saved
    other.load_button.click()
    assert other.message.value == ""
    assert other.state == state
    assert sorted(other.buttons) == [1]  # the grids follow the saved game's players
    assert other.seed.value == "5"
    assert other.solution == solve(state.view(0))
    assert "Loaded a saved game: 2 players" in other.events.value


def test_a_bad_save_is_reported_and_the_table_keeps_its_game():
    table = GaunerTable(players=2, seed=5, background=False)
    before = table.state
    table.save_text.value = '{"format": "bluffmath-gauner-raus", "version": 99}'
    table.load_button.click()
    assert "version" in table.message.value
    assert table.state == before
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()  # and it plays on
    assert table.message.value == ""
    assert table.state != before


# --- the seed box and the messages a player reads ---------------------------------------------------

INTERNAL = re.compile(r"actions\[|tables\[|history\[|Ask\(|Call\(|State\b|seat=|Traceback")


def test_the_seed_box_takes_every_seed_the_engine_takes():
    table = GaunerTable(players=2, seed=3, background=False)
    table.seed.value = str(2**64 - 1)
    table.new_game.click()
    assert table.message.value == ""
    assert table.state.seed == 2**64 - 1
    assert "seed 18446744073709551615" in table.events.value
    assert table.state == table.game.new_game(2**64 - 1)


@pytest.mark.parametrize("typed", [str(2**64), "-1", "0_7", "٣", "1e3", "seven", "", "9" * 5000])
def test_a_bad_seed_is_refused_in_words_and_the_table_goes_on(typed):
    table = GaunerTable(players=2, seed=3, background=False)
    before = table.state
    table.seed.value = typed
    table.new_game.click()
    message = table.message.value
    assert "seed" in message
    assert "a bug" not in message
    assert not INTERNAL.search(message)
    assert table.state == before
    table.seed.value = "8"
    table.new_game.click()
    assert table.message.value == ""
    assert table.state.seed == 8


def test_a_tampered_save_is_refused_in_a_players_words():
    table = GaunerTable(players=2, seed=5, background=False)
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    saved = table.save()
    before = table.state
    table.save_text.value = saved.replace('"hit"', '"miss"', 1).replace('"seed": 5', '"seed": 5')
    table.load_button.click()
    message = table.message.value
    assert "This saved game cannot be loaded" in message
    assert "Move 1 of the save" in message
    assert "a bug" not in message
    assert not INTERNAL.search(message)
    assert table.state == before
    table.save_text.value = saved.replace('"seed": 5', '"seed": 6')
    table.load_button.click()
    assert "seed 6 deals it to" in table.message.value
    table.save_text.value = saved
    table.load_button.click()
    assert table.message.value == ""
    assert table.state == before


def test_no_winner_is_shown_before_the_end():
    table = GaunerTable(players=2, seed=5, background=False)
    assert table.state.winners == ()
    assert "Won" not in table.status.value
    assert "Points:" in table.status.value
