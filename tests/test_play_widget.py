"""The Hochstapler table, headless: whole games played by setting values and clicking.

After each of my moves the odds panel is checked against bluffmath called here on my
seat's view, and the page is checked to show nothing of the other seats' hidden cards:
the same view with those cards dealt differently must draw exactly the same page.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import threading
from datetime import UTC, datetime
from fractions import Fraction
from html import escape, unescape
from types import MappingProxyType

import ipywidgets as w
import pytest
from brute_force import max_total, probability_at_least, total_counts

from bluffmath import BluffmathError
from bluffmath import hochstapler as hs
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler import bots as bots_module
from bluffmath_widgets.common import error_html, fraction_html
from bluffmath_widgets.hochstapler import DEFAULT_NAMES, HochstaplerTable, available_bots

HOSTILE = '<img src=x onerror="alert(1)">'


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def html_shown(table):
    """Everything the table puts on the page as HTML."""
    return "".join(x.value for x in descendants(table) if isinstance(x, w.HTML | w.HTMLMath))


def core_error(function, *args):
    with pytest.raises(BluffmathError) as info:
        function(*args)
    return str(info.value)


def shows_error(table, text=None):
    shown = table.message.value != "" and table.message.layout.display != "none"
    return shown and (text is None or table.message.value == error_html(text))


def shows_no_error(table):
    return table.message.value == "" and table.message.layout.display == "none"


def row(html, attribute, value):
    """The HTML of the table row marked ``attribute="value"``."""
    match = re.search(rf'<tr {attribute}="{value}"[^>]*>(.*?)</tr>', html, re.S)
    assert match, f"no row {attribute}={value!r}"
    return match[1]


def number(html, kind):
    """The fraction shown in the span of class ``kind`` (the first one)."""
    match = re.search(rf'<span class="{kind}">(.*?)</span>', html, re.S)
    assert match, f"no number {kind!r} in {html[:200]!r}"
    return match[1]


# --- what the odds panel must show -------------------------------------------------------

def check_odds(table):
    """The odds panel shows exactly the core's numbers for my seat's view."""
    state, me = table.state, table.my_seat
    position = state.view(me).position
    expected = hs.odds_table(position)
    assert table.odds == expected
    call = position.call
    if call is None:
        assert "No call to beat" in table.odds_current.value
    else:
        assert number(table.odds_current.value, "bm-current-counting") == fraction_html(expected.current)
        assert number(table.odds_current.value, "bm-current-reading") == fraction_html(
            expected.current_reading)
        assert f"{call.total} {call.colour} {hs.SYMBOLS[call.colour]}" in table.odds_current.value
    totals = position.legal_totals()
    if call is None:
        check_openings(table, expected)
    elif totals:
        pairs = zip(expected.best_calls(3), expected.best_calls(3, reading=True), strict=True)
        for rank, ((a, p), (b, q)) in enumerate(pairs, 1):
            html = row(table.odds_best.value, "data-rank", rank)
            assert f"{a.total} {a.colour} {hs.SYMBOLS[a.colour]}" in html
            assert f"{b.total} {b.colour} {hs.SYMBOLS[b.colour]}" in html
            assert number(html, "bm-best-counting") == fraction_html(p)
            assert number(html, "bm-best-reading") == fraction_html(q)
    else:
        assert "doubt it" in table.odds_best.value
    low = (table.raise_total.value if table.raise_total.value in totals else totals.start) \
        if totals else call.total
    check_colour_rows(table, expected, low)
    return expected


def check_colour_rows(table, expected, total):
    assert f"a call of {total}<" in table.odds_colours.value
    assert [c for c in hs.COLOURS if f'<tr data-colour="{c}"' in table.odds_colours.value] == list(
        expected.position.colours)
    for colour_odds in expected.rows:
        html = row(table.odds_colours.value, "data-colour", colour_odds.colour)
        assert number(html, "bm-counting") == fraction_html(expected.probability(total, colour_odds.colour))
        assert number(html, "bm-reading") == fraction_html(
            expected.probability(total, colour_odds.colour, reading=True))
        if colour_odds.exchange is None:
            assert "bm-exchange" not in html
        else:
            assert number(html, "bm-exchange") == fraction_html(colour_odds.exchange.at_least(total))


def brute_opening(position, colour):
    """The highest call in ``colour`` that holds at least half the time, and its chance, by
    enumerating every deal of the unseen cards (tests/brute_force.py), not by the core."""
    counts = total_counts(position.players, position.hand[colour], position.face_up(colour))
    chances = {t: probability_at_least(counts, t) for t in range(max_total(position.players) + 1)}
    total = max(t for t, p in chances.items() if p >= Fraction(1, 2))
    return total, chances[total]


def check_openings(table, expected):
    """Opening a round: each colour's highest call holding at least half the time, and the
    advice is the highest of those (ties: the likelier, then the colour listed first)."""
    position = expected.position
    best = None
    for colour in position.colours:
        total, p = brute_opening(position, colour)
        html = row(table.odds_best.value, "data-colour", colour)
        assert f"{total} {colour} {hs.SYMBOLS[colour]}" in html
        assert number(html, "bm-opening") == fraction_html(p)
        if best is None or (total, p) > best[:2]:
            best = (total, p, colour)
    total, p, colour = best
    assert total > 0
    advice = re.search(r'<p class="bm-advice" data-total="(\d+)" data-colour="(\w+)">(.*?)</p>',
                       table.odds_current.value, re.S)
    assert advice, table.odds_current.value
    assert (int(advice[1]), advice[2]) == (total, colour)
    assert fraction_html(p) in advice[3]
    assert "100 %" not in table.odds_best.value


# --- what the page must not show -----------------------------------------------------------

CARD = re.compile(r'<span class="bm-card bm-([a-z-]+)" data-colour="(\w+)" data-value="(\d)"')
SHOWN = re.compile(r'<span class="bm-shown" data-seat="(\d)"[^>]*><span class="bm-card bm-shown" '
                   r'data-colour="(\w+)" data-value="(\d)"')


def check_cards_shown(table):
    """Every card drawn face up is mine, lies face up, or was shown by a doubt."""
    view = table.state.view(table.my_seat)
    html = html_shown(table)
    face_up = {(e.colour, e.value) for e in view.position.history if isinstance(e, hs.Exchange)}
    for kind, colour, value in CARD.findall(html):
        if kind == "mine":
            assert view.position.hand[colour] == int(value)
        elif kind == "face-up":
            assert (colour, int(value)) in face_up
        else:
            assert kind == "shown"
    for seat, colour, value in SHOWN.findall(html):
        assert any(r.call.colour == colour and r.cards[int(seat)] == int(value)
                   for r in view.reveals)
    data = json.loads(unescape(re.search(r'data-view="([^"]*)"', table.status.value)[1]))
    assert data["hand"] == dict(view.position.hand)
    assert (data["players"], data["me"], data["to_act"]) == (view.position.players, view.me,
                                                             view.to_act)
    assert len(data["history"]) == len(view.position.history)


def deal_hidden_cards_anew(state, me):
    """The same game for my seat, with every card I cannot see dealt differently."""
    hands, piles = {}, {}
    for colour, cards in state.hands.items():
        others = [seat for seat in range(state.players) if seat != me]
        hidden = [cards[seat] for seat in others] + list(state.piles[colour])
        hidden = hidden[1:] + hidden[:1]  # rotated: hands take pile cards and each other's
        new = list(cards)
        for seat, card in zip(others, hidden, strict=False):
            new[seat] = card
        hands[colour], piles[colour] = tuple(new), tuple(hidden[len(others):])
    # a state no seed deals, so built past State's check through the engine's private step
    other = state._next(MappingProxyType(hands), MappingProxyType(piles), state.history,
                        state.to_act, state.reveals, state.call, exchanged=state.exchanged)
    assert other.view(me) == state.view(me)
    return other


def check_nothing_hidden_is_shown(table):
    """The page is drawn from my view alone: other hidden cards draw the same page."""
    check_cards_shown(table)
    state, before = table.state, html_shown(table)
    other = deal_hidden_cards_anew(state, table.my_seat)
    if other == state:
        return
    why = table._bot_why  # the last bot's doubt, said in numbers of the colour it showed
    table._start(other, table.my_seat)
    table._bot_why = why
    table.refresh()
    assert table.state == other
    assert html_shown(table) == before
    table._start(state, table.my_seat)
    table._bot_why = why
    table.refresh()
    assert table.state == state


# --- playing by clicking ---------------------------------------------------------------------

def legal_kinds(state):
    return {type(a) for a in state.legal_actions()}


def check_buttons(table):
    state = table.state
    mine = not state.is_terminal and state.to_act == table.my_seat
    kinds = legal_kinds(state) if mine else set()
    assert table.exchange_button.disabled == (hs.ExchangeCard not in kinds)
    assert table.raise_button.disabled == (hs.Raise not in kinds)
    assert table.doubt_button.disabled == (hs.DoubtCall not in kinds)


def my_move(table, turn):
    """Click one legal move, chosen by the turn number: exchange, raise or doubt."""
    state = table.state
    kinds = legal_kinds(state)
    if turn % 5 == 0 and hs.ExchangeCard in kinds:
        table.exchange_colour.value = next(c for c in state.colours if state.can_exchange(c))
        table.exchange_button.click()
        return "exchange"
    if hs.Raise in kinds and (turn % 3 != 2 or hs.DoubtCall not in kinds):
        best, _ = table.odds.best_calls(1, reading=turn % 2 == 1)[0]
        table.raise_colour.value = best.colour
        assert table.raise_total.value == best.total  # the lowest legal call is offered
        table.raise_button.click()
        return "raise"
    table.doubt_button.click()
    return "doubt"


def play_to_the_end(table, check_hidden=True, limit=400):
    moves = []
    while not table.state.is_terminal:
        assert len(moves) < limit, "the game does not end"
        assert table.state.to_act == table.my_seat, "the bots stopped before my turn"
        assert shows_no_error(table)
        check_buttons(table)
        check_odds(table)
        if check_hidden:
            check_nothing_hidden_is_shown(table)
        before = table.state
        moves.append(my_move(table, len(moves)))
        assert table.state != before
        assert shows_no_error(table), table.message.value
    return moves


def check_the_end(table):
    state = table.state
    assert state.is_terminal
    winners = state.winners()
    assert "Game over" in table.result.value
    for seat in winners:
        assert escape(table.names[seat].value) in table.result.value
    assert ("share the win" if len(winners) > 1 else "wins") in table.result.value
    for seat, points in enumerate(state.scores):
        assert f"{escape(table.names[seat].value)}</b>{' (you)' if seat == table.my_seat else ''} {points}" in table.result.value
        assert re.search(rf'<tr data-seat="{seat}">.*?<td class="bm-points"[^>]*>{points}</td>',
                         table.scores.value, re.S)
    assert table.odds is None
    assert "The game is over" in table.status.value
    check_buttons(table)


@pytest.mark.parametrize(("players", "me", "seed", "target"), [
    (3, 0, 1, None),
    (4, 2, 7, None),
    (5, 4, 3, None),
    (7, 3, 11, None),
    (3, 1, 5, 10),
])
def test_a_whole_game_by_clicking(players, me, seed, target):
    table = HochstaplerTable(players=players, me=me, seed=seed, target=target, bot_delay=0)
    assert (table.state.game, table.state.seed, table.my_seat) == (hs.Game(players, target), seed, me)
    moves = play_to_the_end(table, check_hidden=players <= 5)
    assert {"raise", "doubt"} <= set(moves)
    check_the_end(table)
    assert sum(table.state.scores) >= 7
    if target is not None:
        assert max(table.state.scores) >= target
        assert table.state.deal >= 1


def test_every_kind_of_bot_plays():
    names = list(available_bots())
    players = max(3, len(names) + 1)
    bots = [names[(seat - 1) % len(names)] for seat in range(players)]
    table = HochstaplerTable(players=players, me=0, seed=2, bots=bots, bot_delay=0)
    for seat in range(1, players):
        assert table.bots[seat].value == bots[seat]
        assert f"{bots[seat]} bot" in row(table.scores.value, "data-seat", seat)
    play_to_the_end(table, check_hidden=False)
    check_the_end(table)


def test_the_bots_come_from_the_core():
    found = available_bots()
    assert found["random"] is hs.RandomBot
    for name, cls in found.items():
        assert cls.__module__ == bots_module.__name__
        assert cls().name == name
    for extra in ("CardCountingBot", "BidReadingBot"):
        if hasattr(bots_module, extra):
            assert getattr(bots_module, extra) in found.values()


def test_the_table_starts_as_the_arguments_say():
    table = HochstaplerTable(players=5, me=2, seed=42, bot_delay=0)
    assert isinstance(table, w.VBox)
    assert table.state.players == 5
    assert table.state.seed == 42
    assert table.my_seat == 2
    assert table.state.to_act == 2  # seats 0 and 1 have moved
    assert table.state.history[0].seat == 0 or table.state.reveals
    assert [n.value for n in table.names] == list(DEFAULT_NAMES)
    assert table.bots[2].disabled
    assert not table.bots[0].disabled
    assert [r.layout.display for r in table._seat_rows] == [None] * 5 + ["none"] * 2
    assert {table.players, table.me, table.seed, table.variant, table.new_game,
            table.raise_button, table.doubt_button, table.exchange_button} <= set(descendants(table))
    assert "<b>Your turn</b>" in table.status.value
    check_odds(table)


def test_a_random_seed_is_shown_and_replays():
    table = HochstaplerTable(bot_delay=0)
    seed = table.seed.value
    assert table.state.seed == seed
    first = table.state
    table.new_game.click()
    assert table.state == first  # the same seed deals the same game
    table.reseed.click()
    table.seed.value = seed + 1
    table.new_game.click()
    assert table.state.seed == seed + 1


def test_new_game_takes_the_setup():
    table = HochstaplerTable(players=4, me=0, seed=1, bot_delay=0)
    table.players.value = 6
    assert [o[1] for o in table.me.options] == list(range(6))
    table.me.value = 5
    table.seed.value = 9
    table.variant.value = 10
    assert table.state.players == 4  # nothing changes before "new game"
    table.new_game.click()
    assert (table.state.players, table.state.seed, table.state.game.target) == (6, 9, 10)
    assert table.my_seat == 5
    assert table.state.to_act == 5
    assert table.bots[5].disabled
    assert "Deal 1 (game to 10 points)" in table.status.value
    table.players.value = 3
    assert table.me.value == 2
    assert [o[1] for o in table.me.options] == [0, 1, 2]
    check_odds(table)


def test_the_odds_follow_the_call_typed():
    table = HochstaplerTable(players=5, me=0, seed=4, bot_delay=0)
    table.raise_total.value = 9
    table.raise_button.click()
    expected = check_odds(table)
    low = expected.position.legal_totals().start
    assert table.raise_total.value == low
    for total in (low + 2, low + 5):
        table.raise_total.value = total
        check_colour_rows(table, expected, total)
        assert f"P(≥ {total})<br>counting" in table.odds_colours.value
    table.raise_total.value = 99  # not a legal call: the rows show the lowest again
    check_colour_rows(table, expected, low)


def test_show_the_counting():
    table = HochstaplerTable(players=4, me=1, seed=3, bot_delay=0)
    odds = table.odds
    call = odds.position.call
    assert 'class="bm-why"' not in html_shown(table)
    table.show_counting.value = True
    for reading in (False, True):
        text = escape(odds.explain(call.total, call.colour, reading).text)
        assert text in table.odds_current.value
        best, _ = odds.best_calls(1, reading=reading)[0]
        assert escape(odds.explain(best.total, best.colour, reading).text) in table.odds_best.value
        for colour in odds.position.colours:
            low = odds.position.legal_totals().start
            assert escape(odds.explain(low, colour, reading).text) in row(
                table.odds_colours.value, "data-colour", colour)
    assert "$$" in table.odds_current.value
    table.show_counting.value = False
    assert 'class="bm-why"' not in html_shown(table)


# --- errors, escaping, saving ------------------------------------------------------------------

def test_illegal_moves_show_the_engines_message_and_the_game_goes_on():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    start = table.state
    table.doubt_button.click()                     # nothing to doubt yet (disabled, too)
    assert table.doubt_button.disabled
    assert shows_error(table, core_error(start.doubt))
    assert table.state == start
    table.raise_total.value = 40                   # above the highest total
    table.raise_button.click()
    assert shows_error(table, core_error(start.raise_, 40, "red"))
    assert table.state == start
    table.raise_total.value = -1
    table.raise_button.click()
    assert shows_error(table, core_error(start.raise_, -1, "red"))
    table.exchange_colour.value = "blue"
    table.exchange_button.click()                  # legal: now I must raise
    assert shows_no_error(table)
    assert table.exchange_button.disabled
    assert table.doubt_button.disabled
    assert not table.raise_button.disabled
    after_exchange = table.state
    table.exchange_button.click()
    assert shows_error(table, core_error(after_exchange.exchange, "red"))
    table.doubt_button.click()
    assert shows_error(table, core_error(after_exchange.doubt))
    assert table.state == after_exchange
    check_odds(table)
    table.raise_total.value = 10
    table.raise_button.click()                     # fixed: the message goes, the bots move
    assert shows_no_error(table)
    assert table.state.history[:2] == (hs.Exchange(0, "blue", start.hands["blue"][0]),
                                       hs.Call(0, 10, "red"))
    assert table.state.to_act == 0
    check_odds(table)


def test_a_colour_out_of_play_and_the_end_of_the_game():
    table = HochstaplerTable(players=3, me=0, seed=6, bot_delay=0)
    while not table.state.reveals:
        my_move(table, 2)
    out = table.state.reveals[0].call.colour
    assert out not in table.raise_colour.options
    table.act(hs.Raise(table.raise_total.value, out))
    assert shows_error(table, core_error(table.state.raise_, table.raise_total.value, out))
    my_move(table, 1)
    assert shows_no_error(table)
    play_to_the_end(table, check_hidden=False)
    end = table.state
    table.doubt_button.click()
    assert shows_error(table, "the game is over")
    assert table.state == end
    table.new_game.click()                         # and a new game starts cleanly
    assert shows_no_error(table)
    assert not table.state.is_terminal
    assert table.result.value == ""


def test_typed_names_are_escaped():
    script = '"><script>alert(2)</script>'
    table = HochstaplerTable(players=3, me=0, seed=1, bots="random", bot_delay=0,
                             names=[HOSTILE, "Tom & Jerry", "Eve"])
    table.names[2].value = script                   # typed during the game
    play_to_the_end(table, check_hidden=False)
    html = html_shown(table)
    assert "<img" not in html
    assert "<script" not in html
    for name in (HOSTILE, "Tom & Jerry", script):
        assert escape(name) in table.result.value
        assert escape(name) in table.scores.value
        assert escape(name) in table.reveal.value
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</b> (you)" in table.result.value


def test_an_empty_name_is_the_default_name():
    table = HochstaplerTable(players=3, me=1, seed=1, bot_delay=0, names=["Xavier", "Yvonne", "Zoe"])
    table.names[0].value = "   "
    assert f"<b>{DEFAULT_NAMES[0]}</b>" in table.scores.value
    assert table.me.options[0] == (DEFAULT_NAMES[0], 0)


def test_save_and_load_round_trip():
    table = HochstaplerTable(players=4, me=1, seed=12, bot_delay=0)
    my_move(table, 1)
    saved_state = table.state
    assert "download" not in table.download.value
    table.save_button.click()
    assert table.save_text.value == hs.save_game(saved_state) == table.save()
    link = re.search(r'href="data:application/json;base64,([^"]+)"', table.download.value)
    assert base64.b64decode(link[1]).decode() == table.save_text.value
    my_move(table, 1)                              # play on; the link is stale and goes
    assert table.download.value == ""

    other = HochstaplerTable(players=3, me=2, seed=99, bot_delay=0, names=["A", "B", "C"])
    other.me.value = 1
    other.save_text.value = hs.save_game(saved_state)
    other.load_button.click()
    assert shows_no_error(other)
    assert other.state == saved_state
    assert (other.players.value, other.my_seat, other.seed.value) == (4, 1, 12)
    check_odds(other)
    assert other.history.value.count("<li>") == len(saved_state.history)
    play_to_the_end(other, check_hidden=False)
    check_the_end(other)


@pytest.mark.parametrize("text", [
    "",
    "{not json",
    '{"format": "bluffmath/hochstapler-game", "version": 99}',
    '{"format": "something else"}',
    "<img src=x>",
])
def test_a_damaged_save_shows_the_error_and_the_game_goes_on(text):
    table = HochstaplerTable(players=4, me=0, seed=5, bot_delay=0)
    state = table.state
    table.save_text.value = text
    table.load_button.click()
    assert shows_error(table, core_error(hs.load_game, text))
    assert "<img" not in table.message.value
    assert table.state == state
    my_move(table, 1)
    assert shows_no_error(table)


def test_a_save_with_a_wrong_card_is_refused():
    table = HochstaplerTable(players=4, me=0, seed=5, bot_delay=0)
    data = json.loads(table.save())
    red = data["deals"][0]["hands"]["red"]
    red[1] = 7 if red[1] != 7 else 6
    table.save_text.value = json.dumps(data)
    table.load_button.click()
    assert shows_error(table)
    assert "not the one seed 5 deals" in table.message.value


def upload(table, content, name="game.json"):
    table.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                           "content": memoryview(content),
                           "last_modified": datetime(2025, 1, 1, tzinfo=UTC)},)


def test_load_a_file():
    source = HochstaplerTable(players=5, me=0, seed=21, bot_delay=0)
    my_move(source, 1)
    table = HochstaplerTable(players=5, me=0, seed=1, bot_delay=0)
    upload(table, source.save().encode())
    assert shows_no_error(table)
    assert table.state == source.state
    assert table.upload.value == ()
    upload(table, b"\xff\xfe not text")
    assert shows_error(table)
    assert "not UTF-8" in table.message.value
    upload(table, b'{"format": 1}')
    assert shows_error(table, core_error(hs.load_game, '{"format": 1}'))
    assert table.state == source.state


def test_only_text_crosses_to_the_browser():
    table = HochstaplerTable(players=4, me=0, seed=5, bot_delay=0)
    table.show_counting.value = True
    my_move(table, 1)
    table.save_button.click()
    for widget in descendants(table):
        json.dumps(widget.get_state())


# --- the bots' pace, and a bot that fails --------------------------------------------------------

def in_a_fresh_thread(work):
    """Run ``work()`` in a new thread, which has no event loop of its own (the browser
    tests' Playwright keeps one marked as running in the main thread)."""
    outcome = {}

    def run():
        try:
            outcome["value"] = work()
        except BaseException as error:  # handed back to the test
            outcome["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive(), "the work did not finish"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def test_the_bots_wait_between_moves_without_an_event_loop():
    table = in_a_fresh_thread(lambda: HochstaplerTable(players=3, me=2, seed=3, bot_delay=0.01))
    assert table.state.to_act == 2
    assert len([e for e in table.state.history if isinstance(e, hs.Call)]) >= 1
    assert "thinking" not in table.status.value


def test_the_bots_move_in_an_asyncio_task():
    """In a kernel the bots move in a task, one by one, and the kernel stays free."""
    async def play():
        table = HochstaplerTable(players=4, me=3, seed=3, bot_delay=0.01)
        assert table.state.to_act == 0
        assert table._task is not None
        assert "thinking" in table.status.value
        assert table.raise_button.disabled
        table.raise_button.click()                  # not my turn yet
        assert shows_error(table)
        assert "not your turn" in table.message.value
        statuses = set()
        for _ in range(500):
            if table._task is None:
                break
            statuses.add(table.status.value)
            await asyncio.sleep(0.005)
        assert table.state.to_act == 3
        assert table._task is None
        assert len(statuses) >= 2                    # each bot's move was drawn
        assert "<b>Your turn</b>" in table.status.value
        check_odds(table)
        my_move(table, 1)
        old = table._task
        assert old is not None
        table.new_game.click()                       # a new game stops the old bots
        await asyncio.sleep(0)
        assert old.cancelled() or old.done()
        for _ in range(500):
            if table._task is None:
                break
            await asyncio.sleep(0.005)
        # The new game, from its start: as the bots play it without a pause.
        assert table.state == HochstaplerTable(players=4, me=3, seed=3, bot_delay=0).state
        check_odds(table)
    in_a_fresh_thread(lambda: asyncio.run(play()))


class _BrokenBot:
    name = "broken"

    def choose(self, view, legal, rng):
        raise RuntimeError("boom")


class _CheatingBot:
    name = "cheating"

    def choose(self, view, legal, rng):
        return hs.Raise(0, "red")


@pytest.mark.parametrize(("bot", "shown"), [
    (_BrokenBot, "unexpected RuntimeError (a bug in bluffmath_widgets, please report it): boom"),
    (_CheatingBot, "the cheating bot playing Bruno chose a move the rules refuse"),
])
def test_a_failing_bot_is_shown_and_the_table_keeps_working(monkeypatch, bot, shown):
    monkeypatch.setattr(bot, "__module__", bots_module.__name__)
    monkeypatch.setattr(bots_module, bot.__name__, bot, raising=False)
    table = HochstaplerTable(players=3, me=0, seed=1, bots=["random", bot.name, "random"],
                             bot_delay=0)
    table.raise_total.value = 5
    table.raise_button.click()
    assert shows_error(table)
    assert escape(shown) in table.message.value
    assert table.state.history == (hs.Call(0, 5, "red"),)   # my move stands
    assert "calls <b>5 red" in table.history.value
    table.bots[1].value = "random"
    table.new_game.click()
    assert shows_no_error(table)
    play_to_the_end(table, check_hidden=False)


def test_a_bad_seed_shows_the_engines_message():
    table = HochstaplerTable(players=3, me=0, seed=1, bot_delay=0)
    state = table.state
    table.seed.value = -1
    table.new_game.click()
    assert shows_error(table, core_error(hs.Game(3).new_game, -1))
    assert table.state == state
    table.seed.value = 2
    table.new_game.click()
    assert shows_no_error(table)
    assert table.state.seed == 2


@pytest.mark.parametrize(("arguments", "says"), [
    ({"players": 8}, "players must be a whole number from 3 to 7"),
    ({"players": 3, "me": 3}, "me must be a whole number from 0 to 2"),
    ({"bot_delay": -1}, "bot_delay must be a number of seconds from 0 to 5"),
    ({"seed": -5}, "seed must be a whole number"),
])
def test_bad_arguments_are_refused(arguments, says):
    with pytest.raises(BluffmathError, match=re.escape(says)):
        HochstaplerTable(**arguments)


def test_an_unknown_bot_is_refused():
    with pytest.raises(BluffmathError, match="no bot is called 'genius'"):
        HochstaplerTable(players=3, bots=["random", "genius", "random"])



# --- the raise box: typing is not a move ---------------------------------------------------------

def test_the_raise_box_sends_the_total_only_when_typed_in_full():
    # "21" typed fast must reach the kernel as 21, never as a 2 that is drawn (and acted
    # on) while the 1 is still being typed: the box sends its value on Enter or on leaving
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    assert table.raise_total.continuous_update is False


def test_typing_a_total_keeps_the_message_and_plays_nothing():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    start = table.state
    table.raise_total.value = 40                   # above the highest total: refused
    table.raise_button.click()
    refused = core_error(start.raise_, 40, "red")
    assert shows_error(table, refused)
    for typed in (2, 21, 2):                       # the box changes, as typing does
        table.raise_total.value = typed
        assert table.state == start                # nothing is played by typing
        assert shows_error(table, refused)         # the message is not wiped by the redraw
    table.raise_total.value = 21
    table.raise_button.click()                     # the raise plays what the box holds
    assert shows_no_error(table)
    assert table.state.history[0] == hs.Call(0, 21, "red")


def test_the_odds_rows_follow_the_total_typed_without_a_message():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    table.raise_total.value = 14
    assert shows_no_error(table)
    assert table.state.history == ()
    red = row(table.odds_colours.value, "data-colour", "red")
    expected = table.odds.row("red").chance(14)
    assert f"{expected.numerator}" in red


# --- what issue 17 asks of the table -------------------------------------------------------------

REVEAL = re.compile(r'<div class="bm-reveal" data-doubt="(\d+)" data-colour="(\w+)" '
                    r'data-total="(\d+)" data-taker="(\d)"[^>]*>(.*?)\(1 penalty point\)\.</div>', re.S)


def check_every_doubt_is_shown(table):
    """The reveal panel shows every doubt of the game, newest first, each with every hand's
    card of that colour, the total and the taker by name."""
    reveals = table.state.reveals
    shown = REVEAL.findall(table.reveal.value)
    assert [int(n) for n, *_ in shown] == list(range(len(reveals), 0, -1))
    for (_, colour, total, taker, html), reveal in zip(shown, reversed(reveals), strict=True):
        assert (colour, int(total), int(taker)) == (reveal.call.colour, sum(reveal.cards), reveal.taker)
        cards = [(int(s), c, int(v)) for s, c, v in SHOWN.findall(html)]
        assert cards == [(seat, colour, value) for seat, value in enumerate(reveal.cards)]
        assert f"{escape(table._plain_name(reveal.doubter))}</b>" in html
        assert f"call of <b>{reveal.call.total} {colour}" in html


@pytest.mark.parametrize(("players", "seed", "target"), [(3, 5, None), (4, 2, 10)])
def test_the_reveal_panel_keeps_every_doubt_of_the_game(players, seed, target):
    table = HochstaplerTable(players=players, me=0, seed=seed, target=target, bot_delay=0)
    assert table.reveal.value == ""
    turn = 0
    while not table.state.is_terminal:
        check_every_doubt_is_shown(table)
        my_move(table, turn)
        turn += 1
    check_every_doubt_is_shown(table)
    assert len(table.state.reveals) >= 7


def test_undo_takes_back_my_decision_and_the_bots_moves_after_it():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    assert table.undo_button.disabled
    table.undo_button.click()
    assert shows_error(table, "nothing to undo: you have not moved in this game yet")
    kept = [table.state]
    table.exchange_colour.value = "blue"
    table.exchange_button.click()                  # my decision: an exchange ...
    kept.append(table.state)
    table.raise_total.value = 10
    table.raise_button.click()                     # ... then a raise, and the bots move
    assert len(table.state.history) > 2
    assert not table.undo_button.disabled
    table.undo_button.click()                      # back to just after my exchange
    assert shows_no_error(table)
    assert table.state == kept[1]
    assert table.state.exchanged
    check_odds(table)
    check_buttons(table)
    table.undo()                                   # and to the deal as dealt
    assert table.state == kept[0]
    assert table.undo_button.disabled
    play_to_the_end(table, check_hidden=False)     # undo works at the end of a game too
    end = table.state
    table.undo_button.click()
    assert not table.state.is_terminal
    assert table.state.to_act == table.my_seat
    assert table.result.value == ""
    assert table.state.events == end.events[:len(table.state.events)]
    table.new_game.click()                          # a new game has nothing to undo
    assert table.undo_button.disabled


def test_enter_in_the_call_box_makes_the_call():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    assert table.raise_total.get_state()["_view_name"] == "TextView"  # it sends Enter
    table.raise_colour.value = "green"
    table.raise_total.value = "11"                 # as the page sends it
    table.raise_total._handle_custom_msg({"event": "submit"}, [])
    assert table.state.history[0] == hs.Call(0, 11, "green")
    assert table.state.to_act == 0                 # the bots have answered
    with pytest.raises(Exception, match="not a whole number"):
        table.raise_total.value = "eleven"


def test_the_call_box_keeps_its_value_after_an_exchange():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    table.raise_total.value = 9
    table.raise_button.click()
    low = table.state.view(0).position.legal_totals().start
    assert table.raise_total.value == low          # a new call to beat: the lowest raise
    table.raise_total.value = low + 3
    colour = next(c for c in table.state.colours if table.state.can_exchange(c))
    table.exchange_colour.value = colour
    table.exchange_button.click()
    assert table.state.exchanged
    assert table.raise_total.value == low + 3      # the same call to beat: what I typed stays
    check_odds(table)


def test_each_face_up_card_is_counted_once():
    table = HochstaplerTable(players=4, me=0, seed=8, bot_delay=0)
    table.exchange_colour.value = "blue"
    table.exchange_button.click()
    table.raise_total.value = 10
    table.raise_button.click()
    state = table.state
    for colour in state.colours:
        board = re.search(rf'<div class="bm-colour" data-colour="{colour}" data-pile="(\d+)"',
                          table.board.value)
        assert int(board[1]) == len(state.piles[colour])
        assert table.odds.row(colour).face_up == state.face_up(colour)
    laid = [e for e in state.history if isinstance(e, hs.Exchange) and e.colour == "blue"]
    face_up_cards = re.findall(r'bm-face-up" data-colour="blue"', table.board.value)
    assert len(face_up_cards) == len(laid)


def test_one_name_per_seat_everywhere():
    names = ["Ann", "Ben", "Cat", "Dan"]
    table = HochstaplerTable(players=4, me=1, seed=3, bot_delay=0, names=names)
    assert [label for label, _ in table.me.options] == names
    turn = 0
    while not table.state.is_terminal:
        html = html_shown(table)
        assert not re.search(r"seat \d", html), re.search(r".{80}seat \d.{20}", html)
        assert not re.search(r"<td>\d</td>", table.scores.value)  # no seat numbers
        assert "<th>seat</th>" not in html
        my_move(table, turn)
        turn += 1
    assert not re.search(r"seat \d", html_shown(table))
    table.names[2].value = "Cleo"
    assert [label for label, _ in table.me.options] == ["Ann", "Ben", "Cleo", "Dan"]
    assert "<b>Cleo</b>" in table.scores.value
    assert "<b>Cleo</b>" in table.result.value


def test_a_rules_card_sits_at_the_top():
    table = HochstaplerTable(players=3, seed=1, bot_delay=0)
    assert table.children[0] is table.rules
    assert table.rules.get_title(0) == "Rules of Hochstapler"
    assert table.rules.selected_index is None


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_the_advice_facing_a_call_reads_the_numbers_shown(seed):
    table = HochstaplerTable(players=5, me=2, seed=seed, bot_delay=0)
    odds = table.odds
    current = odds.current
    (_, p), = odds.best_calls(1)
    advice = re.search(r'<p class="bm-advice" data-move="(\w+)"', table.odds_current.value)
    assert advice[1] == ("doubt" if 1 - current > p else "raise")
    assert fraction_html(1 - current if advice[1] == "doubt" else p) in table.odds_current.value


def test_a_name_typed_twice_is_refused_and_the_game_goes_on():
    table = HochstaplerTable(players=3, me=0, seed=1, bot_delay=0, names=["Ann", "Bo", "Cy"])
    before = table.state
    table.names[2].value = " ann "
    table.new_game.click()
    assert shows_error(table), table.message.value
    assert "two players are called “Ann”" in table.message.value
    assert table.state is before
    table.names[2].value = "Cyd"
    table.new_game.click()
    assert shows_no_error(table), table.message.value
    assert table.state is not before
    with pytest.raises(InvalidInputError, match="give each player a different name"):
        HochstaplerTable(players=3, names=["Ann", "Ann", "Cy"], bot_delay=0)


def test_the_status_says_why_a_bot_doubted_in_its_own_numbers():
    """After a bot's doubt the status gives its card-counting chance of the call, counted
    again here from the cards that bot saw (no bot code), until my next move; no doubt, no why."""
    counted = 0
    for seed in range(12):
        table = HochstaplerTable(players=4, seed=seed, bot_delay=0, bots={s: "card counting" for s in (1, 2, 3)})
        before = table._state
        table.act(hs.Raise(12, "red"))
        state = before.apply(hs.Raise(12, "red"))
        bot, last = bots_module.CardCountingBot(), None
        while state.to_act != 0 and not state.is_terminal:  # the bots' moves, played again
            view, legal = state.view(state.to_act), state.legal_actions()
            action = bot.choose(view, legal, None)
            last = (state.to_act, view) if action == hs.DoubtCall() else last
            state = state.apply(action)
        shown = re.search(r'<div class="bm-bot-why"[^>]*>Why\? (.*?)</div>', table.status.value)
        if last is None:
            assert shown is None
            continue
        seat, view = last
        call = view.position.call
        p = probability_at_least(total_counts(view.position.players, view.position.hand[call.colour],
                                              view.position.face_up(call.colour)), call.total)
        assert shown is not None
        assert unescape(shown.group(1)).startswith(
            f"{DEFAULT_NAMES[seat]} doubted {call.total} {call.colour}: from the cards it saw, the call was "
            f"true with P = {p} (")
        counted += 1
        table.undo()
        assert "bm-bot-why" not in table.status.value  # taken back: no bot has moved since
    assert counted
