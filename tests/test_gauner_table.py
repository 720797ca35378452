"""The Gauner raus! table widget, headless: whole games by clicking, every opponent's table
on the grid beside my exact chances (equal to the core's, and to a brute-force count late
in a game), the setup controls, reasons in a player's words, the end with every hand
revealed and the replay, one message per grid per click, refusals shown inline."""

from __future__ import annotations

import asyncio
import html
import re
from fractions import Fraction

import ipywidgets as w
import pytest
from gauner_brute import assignments, brute_counts

from bluffmath.gauner import GRID, Game, RandomBot, SolverBot, solve
from bluffmath_widgets.disclosure import Disclosure
from bluffmath_widgets.gauner import GaunerTable
from bluffmath_widgets.gauner.board import OpponentGrid

NAMES = ("You", "Ann", "Ben", "Cleo")
CELL = re.compile(r"<button class='([^']*)' data-cell='([a-z]+-[A-F])'(?: data-p='([0-9/]+)')? title='([^']*)'"
                  r"(?: data-ask='[^']*' onclick=\"[^\"]*\"| disabled)>(.*?)</button>")
STACKED = re.compile(r"<span class='bm-frac'><span>(\d+)</span><span>(\d+)</span></span>")  # num over den


def cells(grid: OpponentGrid) -> dict[str, tuple[str, Fraction | None, str, str]]:
    """Each cell of a drawn grid, read from its HTML: classes, exact chance, tooltip, text."""
    found = {m[2]: (m[1], Fraction(m[3]) if m[3] else None, html.unescape(m[4]),
                    html.unescape(STACKED.sub(r"\1/\2", m[5]).replace("<br>", "\n"))) for m in CELL.finditer(grid.value)}
    assert len(found) == 36
    return found


def check_grids(table: GaunerTable) -> None:
    """Every opponent's grid shows their numbers, laid cards and marks, and my exact chances."""
    state, expected = table.state, solve(table.state.view(0))
    for seat in range(1, state.players):
        shown = cells(table.grids[seat])
        assert f"{NAMES[seat]}'s table" in table.grids[seat].value
        for cell, (_, p, tip, text) in shown.items():
            c = GRID.index(cell)
            number = state.number(seat, cell)
            assert (f"✎{number}" in text) == (number is not None)
            assert tip.startswith(f"{NAMES[seat]}, {cell}: ")
            if c in state.marks[seat]:
                assert p is None
                assert " ".join(text.split()).endswith("✗ not mine")
            elif c in state.laid[seat]:
                assert p is None
                assert "● laid" in text
            elif c in state.hidden[0] or c in state.laid[0]:
                assert p is None
                assert "mine" in text
            elif any(c in laid for laid in state.laid):
                assert p is None
            else:
                assert p == expected.probability(seat, cell)
                assert str(p) in text
                assert "%" in text


@pytest.mark.parametrize(("players", "brave"), [(2, False), (3, True), (4, False)])
def test_a_whole_game_by_clicking_the_best_cell(players, brave):
    table = GaunerTable(players=players, seed=players, brave=brave)
    clicks = 0
    while not table.state.is_terminal:
        assert table.state.current == 0
        expected = solve(table.state.view(0))
        assert table.solution == expected
        check_grids(table)
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
    check_grids(table)  # the tables stay in view at the end, every cell disabled
    assert all("disabled" in c for grid in table.grids.values() for c in grid.cells)


def test_late_in_a_game_the_chances_shown_equal_a_brute_force_count():
    table = GaunerTable(players=3, seed=11)
    checked = 0
    while not table.state.is_terminal:
        position = table.state.view(0)
        if assignments(position) <= 300_000:
            brute = brute_counts(position)
            for seat in position.opponents:
                for cell, (_, p, _, _) in cells(table.grids[seat]).items():
                    if p is not None:
                        assert p == Fraction(brute.held[seat][GRID.index(cell)], brute.deals)
            checked += 1
        best = table.solution.best_guesses(1)[0]
        table.cell_button(best.seat, best.cell).click()
    assert checked >= 1


def test_the_setup_controls_start_the_game_they_describe():
    table = GaunerTable(players=2, seed=1)
    assert [m.layout.display for m in table.bot_menus] == [None, "none", "none"]
    table.players.value = 4
    assert [m.layout.display for m in table.bot_menus] == [None, None, None]
    table.brave.value = True
    table.seed.value = "77"
    table.bot_menus[1].value = "random"
    table.new_game.click()
    assert table.message.value == ""
    assert table.state.players == 4
    assert table.state.game.brave
    assert table.state.seed == 77
    assert sorted(table.grids) == [1, 2, 3]
    assert [type(b) for b in table.bots] == [SolverBot, RandomBot, SolverBot]
    assert [b.name for b in table.bots] == ["Ann", "Ben", "Cleo"]
    replayed = Game(4, brave=True).new_game(77)  # the bots' moves replayed on the same deal
    for action in table.state.actions:
        replayed = replayed.apply(action)
    assert replayed == table.state
    assert "New game (brave variant), seed 77." in html.unescape(table.events.value)
    table.players.value = 3
    table.new_game.click()
    assert sorted(table.grids) == [1, 2]
    assert table.state.players == 3


def test_a_rules_card_is_at_the_top():
    table = GaunerTable(players=2, seed=1)
    cards = [c for c in table.children[:3] if isinstance(c, Disclosure)]
    assert [c.get_title(0) for c in cards] == ["Rules of Gauner raus!"]


def test_reasons_for_certain_cells_use_names_never_seat_numbers():
    table = GaunerTable(players=3, seed=4)
    seen_reasons = 0
    while not table.state.is_terminal:
        forced = [f for f in table.solution.forced if f.holder not in (0,) and f.kind != "mark"]
        text = html.unescape(re.sub("<[^>]+>", " ", table.certain.value))
        for f in forced:
            assert f.cell in text
            seen_reasons += 1
        for seat, grid in table.grids.items():
            for cell, (classes, p, tip, _) in cells(grid).items():
                certain = [f for f in forced if f.holder == seat and f.cell == cell]
                assert ("bm-certain" in classes) == bool(certain) or p is None
                if certain:
                    assert p == (1 if certain[0].held else 0)  # the mark says what the chance says
                    assert "certain:" in tip
        visible = " ".join([text, table.status.value, table.events.value,
                            *(tip for g in table.grids.values() for _, _, tip, _ in cells(g).values())])
        assert not re.search(r"\bseat \d|seat=|history\[|Call\(|Ask\(|\w+\[\d+\]", visible)
        best = table.solution.best_guesses(1)[0]
        table.cell_button(best.seat, best.cell).click()
    assert seen_reasons > 0


def test_a_reason_reads_as_the_issue_asks():
    table = GaunerTable(players=2, seed=2)
    said = re.compile(r"<b>([a-z]+-[A-F])</b> is Ann's: Ann wrote (\d+) at ([a-z]+-[A-F]): \d+ more hidden "
                      r"([a-z]+) or ([A-F]) cards are needed and only \d+ cells can still hold them, so they have")
    while not table.state.is_terminal and not said.search(html.unescape(table.certain.value)):
        best = table.solution.best_guesses(1)[0]
        table.cell_button(best.seat, best.cell).click()
    cell, number, at, colour, letter = said.search(html.unescape(table.certain.value)).groups()
    assert table.state.number(1, at) == int(number)
    assert (colour, letter) == tuple(at.split("-"))
    assert GRID.index(cell) in GRID.cross(GRID.index(at))
    assert GRID.index(cell) in table.state.hidden[1]  # the reason is true of the real deal
    classes, p, tip, text = cells(table.grids[1])[cell]
    assert p == 1
    assert "bm-certain" in classes
    assert text.splitlines()[1] == "✓1"
    assert "certain: Ann wrote" in tip


def test_the_end_reveals_every_hand_and_replays_the_game():
    table = GaunerTable(players=3, seed=6, bots=["random", "solver"])
    while not table.state.is_terminal:
        best = table.solution.best_guesses(1)[0]
        table.cell_button(best.seat, best.cell).click()
    state = table.state
    (end,) = table.ending.children
    assert table.end_review.layout.display == "flex"  # the review, beside the result
    best = max(state.scores)
    winners = [NAMES[s] for s, points in enumerate(state.scores) if points == best]
    assert all(name in end.result.value for name in winners)
    assert ("share the win" in end.result.value) == (len(winners) > 1)
    held = dict(re.findall(r"data-cell='([a-z]+-[A-F])' data-holder='(\w+)'", end.hands.value))
    for seat in range(3):
        for c in state.hidden[seat] | state.laid[seat]:
            assert held[GRID.name(c)] == NAMES[seat]
    assert {GRID.index(c) for c, who in held.items() if who == "box"} == set(state.surplus)
    replay = end.replay
    assert replay.step.max == len(state.actions)
    for k in range(1, len(state.actions) + 1):
        replay.step.value = k
        assert f"Move {k} of {len(state.actions)}" in replay.text.value
        words = html.unescape(replay.text.value)
        mover = re.search(r"</b> (\w+) ", words)[1]
        assert mover in NAMES[:3]
        if mover == "You" and "ask" in words:
            asked = re.search(r"ask (\w+) for ([a-z]+-[A-F])", words)
            assert "Your exact chance was" in words
            assert asked[1] in NAMES[1:3]
    replay.step.value = 1
    replay.next.click()
    assert replay.step.value == 2
    replay.back.click()
    replay.back.click()
    assert replay.step.value == 1


def test_a_click_redraws_each_grid_in_one_message(monkeypatch):
    """A hit redraws each grid in one message (the old table sent four messages per button,
    twice per click: what made it slow in a browser)."""
    table = GaunerTable(players=4, seed=2)
    sent: list[str] = []
    original = w.Widget.send_state

    def counting(self, key=None):
        sent.append(type(self).__name__)
        return original(self, key)

    monkeypatch.setattr(w.Widget, "send_state", counting)
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    assert table.state.must_guess is False  # a hit: my turn goes on
    assert sent.count("OpponentGrid") == 3
    assert len(sent) <= 15


def test_my_miss_is_shown_before_the_bots_play():
    table = GaunerTable(players=2, seed=1)
    seen = []

    class Watching:
        name = "watching"

        def act(self, state):
            seen.append((html.unescape(table.status.value), cells(table.grids[1])))
            return SolverBot("Ann").act(state)

    table.bots = [Watching()]
    mine = next(iter(table.state.hidden[0]))  # my own card: a sure miss
    table.cell_button(1, mine).click()
    assert seen
    status, shown = seen[0]
    assert "Ann's turn" in status
    assert " ".join(shown[GRID.name(mine)][3].split()).endswith("✗ not mine")
    assert table.state.current == 0  # and my turn again once the bots have played


def test_refusals_are_shown_and_the_table_goes_on():
    table = GaunerTable(players=2, seed=1, bots=[RandomBot(seed=3)])
    mine = next(iter(table.state.hidden[0]))
    table.stop_button.click()  # no hit yet
    assert "at least one guess" in table.message.value
    before = table.state
    table.cell_button(1, mine).click()  # my own card: allowed, and a miss
    assert table.state != before
    assert table.message.value == ""
    laid = next((c for cards in table.state.laid for c in cards), None)
    if laid is not None:
        table.cell_button(1, laid).click()
        assert "already lies face up" in table.message.value


@pytest.mark.parametrize("sent", ["0:red-A:1", "1:red-G:2", "3:red-A:3", "1:red-A", "<b>", "1:red-A:" + "9" * 30])
def test_a_malformed_click_is_refused_in_words(sent):
    table = GaunerTable(players=2, seed=1)
    before = table.state
    table.ask_box.value = sent
    assert "a click on a cell names an opponent" in table.message.value
    assert table.state == before
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    assert table.message.value == ""


def test_save_and_load_by_the_buttons_go_on_with_the_same_game():
    table = GaunerTable(players=2, seed=5)
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    table.save_button.click()
    saved, state = table.save_text.value, table.state
    assert "\"version\": 2" in saved
    assert "Saved" in table.events.value
    other = GaunerTable(players=3, seed=0)  # another player count
    other.save_text.value = saved
    other.load_button.click()
    assert other.message.value == ""
    assert other.state == state
    assert sorted(other.grids) == [1]  # the grids follow the saved game's players
    assert other.players.value == 2
    assert other.seed.value == "5"
    assert other.solution == solve(state.view(0))
    assert "Loaded a saved game: 2 players" in other.events.value


def test_a_bad_save_is_reported_and_the_table_keeps_its_game():
    table = GaunerTable(players=2, seed=5)
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
    table = GaunerTable(players=2, seed=3)
    table.seed.value = str(2**64 - 1)
    table.new_game.click()
    assert table.message.value == ""
    assert table.state.seed == 2**64 - 1
    assert "seed 18446744073709551615" in table.events.value
    replayed = table.game.new_game(2**64 - 1)
    for action in table.state.actions:
        replayed = replayed.apply(action)
    assert table.state == replayed


@pytest.mark.parametrize("typed", [str(2**64), "-1", "0_7", "٣", "1e3", "seven", "", "9" * 5000])
def test_a_bad_seed_is_refused_in_words_and_the_table_goes_on(typed):
    table = GaunerTable(players=2, seed=3)
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
    table = GaunerTable(players=2, seed=5)
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    saved = table.save()
    before = table.state
    table.save_text.value = saved.replace('"hit"', '"miss"', 1)
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
    table = GaunerTable(players=2, seed=5)
    assert table.state.winners == ()
    assert "won" not in table.status.value
    assert "Points:" in table.status.value
    assert table.ending.children == ()
    assert table.end_review.layout.display == "none"


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_cell_colour_keeps_the_text_readable():
    """WCAG AA: at least 4.5:1 between a cell's text and each background the table uses."""
    from bluffmath_widgets.gauner import board, ending

    text = re.search(r"\.bm-gcell\{[^}]*?;color:(#[0-9a-f]{6})", board.CSS)[1]
    backgrounds = re.findall(r"background:(#[0-9a-f]{6})", board.CSS)
    assert len(backgrounds) >= 11
    for background in (*backgrounds, *ending._SHADES):
        light, dark = sorted((_luminance(text), _luminance(background)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, background


def test_undo_takes_back_my_guess_and_the_bots_turns_after_it():
    table = GaunerTable(players=3, seed=6, bots=["random", "solver"])
    assert table.undo_button.disabled
    first = table.state
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    assert table.state != first
    table.undo_button.click()
    assert table.message.value == ""
    assert table.state == first
    assert table.state.current == 0
    assert "Undone" in table.events.value
    assert table.undo_button.disabled
    table.cell_button(best.seat, best.cell).click()  # the same guess again: the game goes on as before
    assert table.message.value == ""


def _my_move(table: GaunerTable) -> None:
    """A guess of mine that ends my turn: the likeliest cell, and a stop after a hit."""
    best = table.solution.best_guesses(1)[0]
    table.cell_button(best.seat, best.cell).click()
    if table.state.current == 0 and not table.state.is_terminal:
        table.stop_button.click()


def test_on_a_page_each_bot_move_is_drawn_as_it_happens_and_skip_plays_the_rest():
    """Under a running event loop (a kernel's) the bots move bot_delay apart, each move
    drawn, the kernel free in between; skip plays the rest at once. The moves are the
    engine's, the same as at once."""
    async def play() -> None:
        at_once = GaunerTable(players=3, seed=5, bot_delay=0)
        _my_move(at_once)
        table = GaunerTable(players=3, seed=5, bot_delay=0.05)
        _my_move(table)
        assert table.state.current != 0  # the bots have not moved yet: my move's outcome is shown
        assert table.skip_button.layout.display is None
        seen = set()
        while table.state.current != 0 and not table.state.is_terminal:
            seen.add(len(table._lines))
            await asyncio.sleep(0.01)
        assert len(seen) > 1  # drawn move by move
        assert table.state == at_once.state
        assert table.skip_button.layout.display == "none"
        _my_move(table)
        _my_move(at_once)
        table.skip_button.click()  # the rest at once
        assert table.state == at_once.state
        assert table.skip_button.layout.display == "none"
        await asyncio.sleep(0.2)  # no bot moves on in the background after a skip
        assert table.state == at_once.state

    asyncio.run(play())
