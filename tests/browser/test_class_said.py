"""A screen reader hears each move at the table once: every new line of a student's log, and
every new part of a line that grows (a turn's moves), goes to the page's polite live region
(``#said``, role ``log``) as the views come; what the page opened on is not said again. On
a new turn of the student the focus goes to the turn's first move.

The page is the server's own, served with the network blocked; its socket is answered by the
test with the regions each game's page module draws for seat 0 of a real game that bots play
for every seat (Playwright's ``route_web_socket``).
"""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from typing import Any

import pytest
from playwright.sync_api import expect

from bluffmath.gauner import GRID
from bluffmath_class.games import GAMES, Seating
from tests.browser.class_game import ONE_STUDENT_TABLES, SITE, context, serve_page

pytestmark = pytest.mark.slow
#: The moves of each game sent to the page (enough for several turns of every game).
MOVES = 40
NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve")
#: What a line of the log says that the live region leaves out: the reader's own notes.
UNSAID = {"note", "duel-notes"}


class _Lines(HTMLParser):
    """The log's keyed lines (``li[data-n]``) as a screen reader hears them, oldest first:
    their text without the reader's notes, spaces run together."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[str, list[str]] = {}
        self._stack: list[tuple[str | None, bool]] = []  # per open element: its line, and whether unsaid

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        line = found.get("data-n") if tag == "li" else None
        unsaid = bool(UNSAID & set((found.get("class") or "").split()))
        if line is not None:
            self.lines[line] = []
        self._stack.append((line, unsaid))

    def handle_endtag(self, tag: str) -> None:
        self._stack.pop()

    def handle_data(self, data: str) -> None:
        if any(unsaid for _, unsaid in self._stack):
            return
        line = next((n for n, _ in reversed(self._stack) if n is not None), None)
        if line is not None:
            self.lines[line].append(data)

    def said(self) -> dict[str, str]:
        return {n: " ".join("".join(parts).split()) for n, parts in reversed(self.lines.items())}


def lines_of(log: str) -> dict[str, str]:
    """The log region's lines, oldest first, by key."""
    parser = _Lines()
    parser.feed(log)
    return parser.said()


def news(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """What the rule says is heard between two views: each new line whole, and of a line
    that grew (its text before, less the closing full stop, begins the new one) the part
    added; a line otherwise changed, nothing."""
    heard = []
    for key, text in after.items():
        old = before.get(key)
        if old == text:
            continue
        stem = "" if old is None else old.removesuffix(".")
        if text.startswith(stem):
            heard.append(text[len(stem):].lstrip(";,").strip())
    return heard


def _game(name: str) -> tuple[Any, Seating, list[tuple[Any, Any, int]]]:
    """A game of ``name`` played by its first bot in every seat: the rules, the seating
    and the states in order, each with the move that made it and its mover."""
    rules, settings = GAMES[name], ONE_STUDENT_TABLES[name]
    seats = settings["seats"]
    state = rules.new_state(seats, settings["variant"], 7, 1)
    seating = Seating(NAMES[:seats], frozenset(range(1, seats)))
    played, rng = [(state, None, -1)], random.Random(7)
    while len(played) <= MOVES and rules.to_act(state) is not None:
        seat = rules.to_act(state)
        move = rules.bot_move(state, settings["bot"], rng)
        state = rules.apply(state, move)
        played.append((state, move, seat))
    return rules, seating, played


def _view(rules: Any, seating: Seating, state: Any, at: int) -> dict[str, Any]:
    regions = rules.seat_page(state, 0, seating, "never", [])
    regions.update(table=f"Table 1 · {rules.title} · <b>Ann</b>", end="")
    return {"type": "view", "game": 1, "at": at, "turn": rules.to_act(state) == 0, "regions": regions}


def _node(locator: Any) -> str:
    """An element's first line in the accessibility tree: its role and name, as
    ``button "Call 7 red"`` (Playwright's ARIA snapshot, unquoted)."""
    line = locator.aria_snapshot().splitlines()[0].removeprefix("- ").rstrip(":")
    return line[1:-1].replace("''", "'") if line.startswith("'") else line


def _open(browser, width: int) -> tuple[Any, Any, list[Any]]:
    made, page = context(browser, width)
    sockets: list[Any] = []
    page.route("**/*", serve_page)
    page.route_web_socket(f"{SITE.replace('http', 'ws')}/ws", lambda ws: sockets.append(ws))
    page.goto(f"{SITE}/play")
    expect(page.locator("#link")).to_have_text("connected")
    return made, page, sockets


@pytest.mark.parametrize("game", list(ONE_STUDENT_TABLES))
def test_each_move_is_said_once_through_the_live_region(browser, game):
    rules, seating, played = _game(game)
    made, page, sockets = _open(browser, 390)
    assert page.get_by_role("log", name="What happened at the table").count() == 1
    page.evaluate("""window.heard = []; new MutationObserver((changes) => changes.forEach((c) =>
        c.addedNodes.forEach((n) => window.heard.push(n.textContent)))).observe(
        document.getElementById('said'), {childList: true})""")
    opened = 3  # the page opens in a game already under way: its log so far is not said
    views = [_view(rules, seating, state, at) for at, (state, _, _) in enumerate(played)]
    expected: list[str] = []
    turns_started = 0
    for at in range(opened, len(views)):
        sockets[0].send(json.dumps(views[at]))
        if at > opened:
            expected += news(lines_of(views[at - 1]["regions"]["log"]), lines_of(views[at]["regions"]["log"]))
        if views[at]["turn"] and (at == opened or not views[at - 1]["turn"]):
            turns_started += 1
            expect(page.locator("#moves :is(button, select, input)").first).to_be_focused()
    page.wait_for_function(f"window.heard.length >= {len(expected)}")
    page.wait_for_timeout(200)  # nothing more comes
    heard = page.evaluate("window.heard")
    assert heard == expected
    assert turns_started >= 1  # the seed gives the student a turn within the moves sent
    assert len(heard) >= sum(1 for _, _, seat in played[opened + 1:] if seat != 0) // 2, "moves went unsaid"
    assert all(heard), "an empty line was said"
    assert page.locator("#said p").count() == min(8, len(heard))  # the region keeps the latest few
    assert page.errors == []
    made.close()


def test_a_hochstapler_move_is_said_as_one_line_naming_its_player_and_what_they_did(browser):
    rules, seating, played = _game("hochstapler")
    made, page, sockets = _open(browser, 1280)
    verbs = {"call": "called", "exchange": "exchanged", "doubt": "doubted"}
    for at, (state, move, seat) in enumerate(played):
        sockets[0].send(json.dumps(_view(rules, seating, state, at)))
        if move is None:
            continue
        said = page.locator("#said p").last
        expect(page.locator("#said p")).to_have_count(min(at, 8))
        words = said.text_content()
        assert words.startswith(seating.name(seat, 0)), words
        assert verbs[rules.move_json(move)["kind"]] in words.split()[:3], words
    assert page.errors == []
    made.close()


@pytest.mark.parametrize("game", list(ONE_STUDENT_TABLES))
def test_a_screen_reader_gets_the_turn_and_every_move_by_its_name(browser, game):
    """Through the accessibility tree (the roles and names a screen reader gets): the status
    says it is the student's turn, and each move is a button (or a form's field and button)
    whose name holds what is written on it."""
    rules, seating, played = _game(game)
    state, at = next((s, i) for i, (s, _, _) in enumerate(played) if rules.to_act(s) == 0)
    made, page, sockets = _open(browser, 390)
    sockets[0].send(json.dumps(_view(rules, seating, state, at)))
    expect(page.get_by_role("status")).to_contain_text("turn")
    moves = page.locator("#moves button, #board button[data-send]")
    assert moves.count() >= 1
    for i in range(moves.count()):
        move = moves.nth(i)
        shown = " ".join(move.inner_text().split())
        tree = _node(move)  # button "Call 7 red"
        assert tree.startswith('button "'), tree
        assert all(word in tree for word in shown.split()), (shown, tree)
    fields = page.locator("#moves select")
    for i in range(fields.count()):  # each list of choices has a name a screen reader says
        assert _node(fields.nth(i)).startswith('combobox "'), _node(fields.nth(i))
    assert page.errors == []
    made.close()


def test_a_gauner_grid_is_a_table_whose_cells_have_their_row_column_and_chance(browser):
    rules, seating, played = _game("gauner")
    state, at = next((s, i) for i, (s, _, _) in enumerate(played) if rules.to_act(s) == 0)
    made, page, sockets = _open(browser, 1280)
    regions = rules.seat_page(state, 0, seating, "always", [])
    regions.update(table="Table 1 · Gauner raus! · <b>Ann</b>", end="")
    sockets[0].send(json.dumps({"type": "view", "game": 1, "at": at, "turn": True, "regions": regions}))
    grid = page.get_by_role("table", name="Ben's table")
    expect(grid).to_be_visible()
    assert grid.get_by_role("columnheader").all_inner_texts() == list("ABCDEF")
    assert grid.get_by_role("rowheader").all_inner_texts() == list(GRID.colours)
    asks = grid.get_by_role("button", name="Ask Ben for")
    assert asks.count() >= 1
    name = _node(asks.first)
    cell = asks.first.locator("xpath=ancestor::td").get_attribute("data-cell")
    assert f"Ask Ben for {cell}" in name, name
    assert "%" in name, name  # the chance written on the cell is in its name
    assert page.errors == []
    made.close()
