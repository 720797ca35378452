"""The Jupyter front end, headless: set controls' values, click buttons, read the outputs.

Every number a widget shows is checked against bluffmath called directly here, so the
widgets are seen to draw the core's answers and to compute none of their own.
"""

from __future__ import annotations

import json
import re
from html import escape

import ipywidgets as w
import pytest

from bluffmath import BluffmathError, InvalidInputError
from bluffmath import hochstapler as hs
from bluffmath.display import distribution_html, percent
from bluffmath_widgets.hochstapler import (
    EXAMPLE_HAND,
    NO_CALL,
    NOT_COUNTED,
    OddsCalculator,
    PositionOdds,
    parse_history,
)

HOSTILE = '<img src=x onerror="alert(1)">'


def core_error(function, *args):
    """The message of the BluffmathError the core raises for these arguments."""
    with pytest.raises(BluffmathError) as info:
        function(*args)
    return str(info.value)


def descendants(widget):
    """The widget and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def shows_error(panel):
    return panel.message.value != "" and panel.message.layout.display != "none"


def shows_no_error(panel):
    return panel.message.value == "" and panel.message.layout.display == "none"


def scrolled(html):
    """A wide table as the companion shows it: in a box that scrolls sideways on its own."""
    return f'<div style="overflow-x: auto; max-width: 100%;">{html}</div>'


def set_calculator(calc, players, own, face_up, call):
    calc.players.value = players
    calc.own.value = own
    calc.face_up.value = face_up
    calc.call.value = call


# --- OddsCalculator ----------------------------------------------------------------------

def test_calculator_is_a_widget_that_waits_for_finished_input():
    calc = OddsCalculator()
    assert isinstance(calc, w.VBox)
    assert {calc.players, calc.own, calc.face_up, calc.call} <= set(descendants(calc))
    assert not calc.players.continuous_update
    assert not calc.face_up.continuous_update
    assert not calc.call.continuous_update


def test_calculator_starts_with_the_lesson_position():
    calc = OddsCalculator()
    expected = hs.call_odds(players=5, own=3, call=12, face_up=(0, 7))
    assert calc.probability == expected
    assert calc.result.value == f"P(total ≥ 12) = <b>{expected}</b> ({percent(expected)})"
    assert shows_no_error(calc)


@pytest.mark.parametrize(("players", "own", "text", "face_up", "call"), [
    (5, 3, "0,7", (0, 7), 12),
    (3, NOT_COUNTED, "", (), 9),
    (7, 0, "7, 6 5", (7, 6, 5), 20),
    (4, 7, "0 0 0", (0, 0, 0), 14),
    (6, 5, "", (), 31),  # the highest call with 6 players: 7+6+5+5+4+4 = 31
])
def test_calculator_shows_the_cores_answer(players, own, text, face_up, call):
    calc = OddsCalculator()
    set_calculator(calc, players, own, text, call)
    mine = None if own == NOT_COUNTED else own
    expected = hs.call_odds(players, mine, call, face_up)
    assert calc.probability == expected
    assert f"<b>{expected}</b> ({percent(expected)})" in calc.result.value
    d = hs.total_distribution(players, mine, face_up)
    assert calc.chart.value == distribution_html(d, highlight=call)
    assert shows_no_error(calc)


@pytest.mark.parametrize(("players", "call", "top"), [(6, 32, 31), (3, 19, 18), (4, 40, 23)])
def test_a_call_higher_than_any_total_is_refused_in_words(players, call, top):
    # 7+6+5+5+4+4 = 31 with six players, 7+6+5 = 18 with three, 7+6+5+5 = 23 with four
    calc = OddsCalculator()
    set_calculator(calc, players, 3, "", call)
    assert calc.probability is None
    assert f"a call names a total from 0 to {top}" in calc.message.value
    assert f"got {call}" in calc.message.value
    set_calculator(calc, players, 3, "", top)      # the highest call is fine
    assert shows_no_error(calc)
    assert calc.probability == hs.call_odds(players, 3, top)


def test_calculator_constructor_sets_the_controls():
    calc = OddsCalculator(players=4, own=None, face_up=(1, 2), call=10)
    assert (calc.players.value, calc.own.value, calc.face_up.value, calc.call.value) == (
        4, NOT_COUNTED, "1,2", 10)
    assert calc.probability == hs.call_odds(4, None, 10, (1, 2))


def test_keep_against_exchange():
    calc = OddsCalculator(players=5, own=3, face_up="0,7", call=16)
    keep = hs.total_distribution(5, 3, (0, 7)).at_least(16)
    swap = hs.exchange_distribution(5, 3, (0, 7)).at_least(16)
    assert f"<b>{keep}</b>" in calc.exchange.value
    assert f"<b>{swap}</b>" in calc.exchange.value
    assert escape(hs.explain_exchange(5, 3, 16, (0, 7)).text) in calc.exchange.value


def test_no_exchange_without_my_card():
    calc = OddsCalculator(own=None)
    assert "Pick your card" in calc.exchange.value
    assert calc.probability == hs.call_odds(5, None, 12, (0, 7))


def test_an_empty_pile_leaves_the_odds_standing():
    face_up = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5)  # 15 cards - 3 hands: the pile is empty
    calc = OddsCalculator(players=3, own=7, face_up=face_up, call=15)
    assert shows_no_error(calc)
    assert calc.probability == hs.call_odds(3, 7, 15, face_up)
    assert escape(core_error(hs.exchange_distribution, 3, 7, face_up)) in calc.exchange.value


def test_show_the_counting():
    calc = OddsCalculator()
    assert calc.counting.value == ""
    assert calc.counting.layout.display == "none"
    calc.show_counting.value = True
    explanation = hs.explain_call(5, 3, 12, (0, 7))
    assert escape(explanation.text) in calc.counting.value
    assert f"$$ {escape(explanation.latex)} $$" in calc.counting.value
    assert calc.counting.layout.display is None
    calc.call.value = 15                       # the counting follows the input
    assert escape(hs.explain_call(5, 3, 15, (0, 7)).text) in calc.counting.value
    calc.show_counting.value = False
    assert calc.counting.value == ""
    assert calc.counting.layout.display == "none"


@pytest.mark.parametrize(("text", "call"), [
    ("0,0,0,0", 12),        # only three 0s in a colour
    ("3,3", 12),            # with my 3, three 3s: there are two
    ("8", 12),              # no such card
    ("0,1,1,2,2,3,4,4,5,5,6", 12),   # more face up than the pile held
    ("0,7", -1),            # a negative call
])
def test_bad_input_shows_the_cores_message_and_recovery_works(text, call):
    calc = OddsCalculator(players=5, own=3, face_up="0,7", call=12)
    calc.face_up.value, calc.call.value = text, call
    parsed = tuple(int(v) for v in text.split(","))
    assert shows_error(calc)
    assert escape(core_error(hs.call_odds, 5, 3, call, parsed)) in calc.message.value
    assert calc.probability is None
    assert "<b>" not in calc.result.value
    assert calc.chart.value == calc.exchange.value == ""
    calc.face_up.value, calc.call.value = "0,7", 12
    assert shows_no_error(calc)
    assert calc.probability == hs.call_odds(5, 3, 12, (0, 7))


@pytest.mark.parametrize("text", ["abc", "0;7", "1,,x", "3.0"])
def test_text_that_is_not_card_values(text):
    calc = OddsCalculator(players=5, own=3, face_up="0,7", call=12)
    calc.face_up.value = text
    assert shows_error(calc)
    assert escape(repr(text)) in calc.message.value
    assert calc.probability is None
    calc.face_up.value = ""
    assert shows_no_error(calc)
    assert calc.probability == hs.call_odds(5, 3, 12, ())


def html_shown(panel):
    """Everything a panel puts on the page as HTML."""
    return "".join(x.value for x in descendants(panel) if isinstance(x, w.HTML | w.HTMLMath))


def test_typed_text_is_escaped():
    calc = OddsCalculator()
    calc.face_up.value = HOSTILE
    assert shows_error(calc)
    assert "<img" not in html_shown(calc)
    assert "&lt;img" in calc.message.value


def test_an_unexpected_error_is_shown_not_lost(monkeypatch):
    calc = OddsCalculator()

    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr(hs, "call_odds", broken)
    calc.call.value = 13
    assert shows_error(calc)
    assert "unexpected RuntimeError" in calc.message.value
    assert "boom" in calc.message.value
    monkeypatch.undo()
    calc.call.value = 12
    assert shows_no_error(calc)


def test_only_text_crosses_to_the_browser():
    """Fractions travel as text: every widget's state is plain JSON."""
    for panel in (OddsCalculator(), PositionOdds(call=(14, "blue"))):
        for widget in descendants(panel):
            json.dumps(widget.get_state())


# --- PositionOdds ------------------------------------------------------------------------

def documented_position(players, me, hand, face_up, call):
    """The Position PositionOdds's docstring promises: exchanges by the seat after mine,
    colour by colour, then the call to beat by the seat before mine."""
    history = [hs.Exchange((me + 1) % players, colour, v)
               for colour in hs.COLOURS for v in face_up.get(colour, ())]
    if call is not None:
        history.append(hs.Call((me - 1) % players, *call))
    return hs.Position(players=players, hand=hand, history=history, me=me)


HAND = {"red": 3, "orange": 0, "yellow": 1, "green": 6, "blue": 5, "purple": 2, "black": 4}


def test_position_odds_starts_as_the_arguments_say():
    table = PositionOdds()
    assert isinstance(table, w.VBox)
    assert dict(EXAMPLE_HAND) == {c: table.hand[c].value for c in hs.COLOURS}
    expected = hs.odds_table(documented_position(4, 0, EXAMPLE_HAND, {}, None))
    assert table.odds == expected
    assert table.table.value == scrolled(expected._repr_html_())
    assert "No call to beat" in table.current.value
    assert table.call_total.disabled
    assert shows_no_error(table)


@pytest.mark.parametrize(("players", "me", "face_up", "call"), [
    (5, 0, {"red": (0, 7)}, (14, "red")),
    (3, 2, {}, (9, "blue")),
    (7, 4, {"green": (7, 5), "black": (0,), "red": (1, 1)}, (20, "green")),
    (4, 1, {"yellow": (2,)}, None),
])
def test_position_odds_shows_the_cores_answer(players, me, face_up, call):
    table = PositionOdds(players=players, me=me, hand=HAND, face_up=face_up, call=call)
    expected = hs.odds_table(documented_position(players, me, HAND, face_up, call))
    assert table.odds == expected
    assert table.table.value == scrolled(expected._repr_html_())
    for reading in (False, True):
        for best, p in expected.best_calls(3, reading=reading):
            assert f"<td>{best.total} {best.colour} {hs.SYMBOLS[best.colour]}</td>" in table.best.value
            assert f"<b>{p}</b> ({percent(p)})" in table.best.value
    if call is not None:
        assert f"<b>{expected.current}</b>" in table.current.value
        assert f"<b>{expected.current_reading}</b>" in table.current.value
    assert shows_no_error(table)


def test_position_odds_follows_the_controls():
    table = PositionOdds()
    table.players.value = 6
    table.me.value = 5
    table.hand["green"].value = 7
    table.face_up["green"].value = "6, 5"
    table.call_colour.value = "green"
    table.call_total.value = 18
    assert not table.call_total.disabled
    hand = {**EXAMPLE_HAND, "green": 7}
    expected = hs.odds_table(documented_position(6, 5, hand, {"green": (6, 5)}, (18, "green")))
    assert table.odds == expected
    assert table.odds.position.call == hs.Call(4, 18, "green")
    assert f"<b>{expected.current}</b>" in table.current.value


def test_my_seat_follows_the_number_of_players():
    table = PositionOdds(players=7, me=6)
    table.players.value = 3
    assert (table.me.max, table.me.value) == (2, 2)
    assert table.odds.position.me == 2
    assert shows_no_error(table)


def test_position_bad_input_and_recovery():
    table = PositionOdds(hand=HAND, call=(14, "blue"))
    table.face_up["red"].value = "3,3"          # with my red 3, three 3s
    assert shows_error(table)
    position_error = core_error(documented_position, 4, 0, HAND, {"red": (3, 3)}, (14, "blue"))
    assert escape(position_error) in table.message.value
    assert table.odds is None
    assert table.table.value == table.best.value == ""
    table.hand["red"].value = 0                 # fixed by correcting my card instead
    assert shows_no_error(table)
    fixed = {**HAND, "red": 0}
    assert table.odds == hs.odds_table(documented_position(4, 0, fixed, {"red": (3, 3)}, (14, "blue")))
    table.call_total.value = -2
    assert shows_error(table)
    table.call_total.value = 14
    assert shows_no_error(table)
    table.face_up["blue"].value = "five"
    assert shows_error(table)
    assert "blue face up" in table.message.value
    table.face_up["blue"].value = "5"
    assert shows_no_error(table)


def test_position_typed_text_is_escaped():
    table = PositionOdds()
    table.face_up["purple"].value = HOSTILE
    assert shows_error(table)
    assert "<img" not in html_shown(table)
    assert "&lt;img" in table.message.value


def test_new_deal_clears_the_table_and_redraws_once(monkeypatch):
    table = PositionOdds(hand=HAND, face_up={"red": "0,7", "blue": "1"}, call=(14, "red"))
    drawn = []
    real = hs.odds_table
    monkeypatch.setattr(hs, "odds_table", lambda *args: drawn.append(args) or real(*args))
    table.new_deal.click()
    assert len(drawn) == 1
    assert all(field.value == "" for field in table.face_up.values())
    assert table.call_colour.value == NO_CALL
    assert table.odds.position.history == ()
    assert "No call to beat" in table.current.value


def test_position_needs_all_seven_colours():
    with pytest.raises(InvalidInputError, match="each of red"):
        PositionOdds(hand={"red": 3})


# --- PositionOdds with the deal's history typed in (companion mode) ----------------------

@pytest.mark.parametrize(("text", "events"), [
    ("", []),
    ("1:12 red, 2:14 blue", [hs.Call(1, 12, "red"), hs.Call(2, 14, "blue")]),
    ("2:red:3", [hs.Exchange(2, "red", 3)]),
    ("3:doubt", [hs.Doubt(3)]),
    (" 1 : 12 Green Diamonds ;0:10 rings\n3:yacht:0,", [
        hs.Call(1, 12, "green"), hs.Call(0, 10, "blue"), hs.Exchange(3, "yellow", 0)]),
    ("0:9 black car, 1:Doubts", [hs.Call(0, 9, "black"), hs.Doubt(1)]),
])
def test_history_is_read_into_events(text, events):
    assert parse_history(text, players=4) == events


@pytest.mark.parametrize(("text", "says"), [
    ("1 12 red", "history entry 1 ('1 12 red') does not start with a seat and a colon"),
    ("1:12 red, x:12 red", "history entry 2 ('x:12 red') does not start with a seat"),
    ("4:12 red", "the seats are 0 to 3 with 4 players"),
    ("1:12 bleu", "'bleu' is not a colour"),
    ("1:12 red rings", "rings are not red (the red symbol is the clock)"),
    ("1:red:x", "is neither a call, an exchange nor a doubt"),
    ("1:hello", "is neither a call, an exchange nor a doubt"),
])
def test_history_that_cannot_be_read(text, says):
    with pytest.raises(InvalidInputError, match=re.escape(says)):
        parse_history(text, players=4)


def test_bid_reading_uses_the_typed_history():
    text = "1:12 red, 2:blue:3, 2:14 blue"
    table = PositionOdds(players=4, me=0, hand=HAND, history=text)
    events = [hs.Call(1, 12, "red"), hs.Exchange(2, "blue", 3), hs.Call(2, 14, "blue")]
    expected = hs.odds_table(hs.Position(players=4, hand=HAND, history=events, me=0))
    assert table.odds == expected
    assert table.odds.position.spoken_calls("red") == (hs.SpokenCall(1, 12, ()),)
    assert table.odds.position.spoken_calls("blue") == (hs.SpokenCall(2, 14, (3,)),)
    assert f"<b>{expected.current}</b>" in table.current.value
    assert f"<b>{expected.current_reading}</b>" in table.current.value
    assert table.table.value == scrolled(expected._repr_html_())
    assert shows_no_error(table)


def test_a_call_before_its_callers_exchange_says_nothing():
    table = PositionOdds(players=4, me=0, hand=HAND, history="1:12 red, 2:13 blue, 3:14 blue, 0:15 black, 1:red:5, 1:16 blue")
    assert table.odds.position.spoken_calls("red") == ()
    assert table.odds.position.face_up("red") == (5,)


def test_a_typed_doubt_takes_the_colour_out_of_play():
    table = PositionOdds(players=4, me=0, hand=HAND, history="1:12 red, 2:doubt, 2:9 blue")
    position = table.odds.position
    assert "red" not in position.colours
    assert [row.colour for row in table.odds.rows] == [c for c in hs.COLOURS if c != "red"]
    assert position.call == hs.Call(2, 9, "blue")
    hand = {c: v for c, v in HAND.items() if c != "red"}
    events = [hs.Call(1, 12, "red"), hs.Doubt(2), hs.Call(2, 9, "blue")]
    assert table.odds == hs.odds_table(hs.Position(players=4, hand=hand, history=events, me=0))


def test_face_up_fields_history_and_call_to_beat_in_that_order():
    table = PositionOdds(players=4, me=0, hand=HAND, face_up={"red": "0"},
                         history="1:12 red", call=(14, "blue"))
    assert table.odds.position.history == (
        hs.Exchange(1, "red", 0), hs.Call(1, 12, "red"), hs.Call(3, 14, "blue"))


def test_typed_history_bad_entries_and_recovery():
    table = PositionOdds(players=4, me=0, hand=HAND, call=(10, "blue"))
    table.history.value = "1:12 red"              # the call to beat must be higher
    assert shows_error(table)
    assert "a call must name a higher total than 12" in table.message.value
    assert table.odds is None
    table.call_colour.value = NO_CALL             # fixed: the typed call is the one to beat
    assert shows_no_error(table)
    assert table.odds.position.call == hs.Call(1, 12, "red")
    table.history.value = "1:12 red, 2:12 purpel"
    assert shows_error(table)
    assert "history entry 2" in table.message.value
    assert "&#x27;purpel&#x27; is not a colour" in table.message.value
    table.history.value = "1:12 red, 2:doubt, 3:doubt"  # nothing left to doubt
    assert shows_error(table)
    table.history.value = "1:12 red, 2:13 purple"
    assert shows_no_error(table)
    assert table.odds.position.call == hs.Call(2, 13, "purple")
    # the choice names the typed call to beat; no stray "0" shows
    assert table.call_colour.value == NO_CALL
    assert table.call_colour.options[0][0] == "13 purple wines (the deal's last call)"
    assert table.call_total.layout.visibility == "hidden"
    table.history.value = ""
    assert table.call_colour.options[0][0] == NO_CALL
    table.call_colour.value = "blue"
    assert table.call_total.layout.visibility == "visible"
    assert not table.call_total.disabled


@pytest.mark.parametrize(("typed", "words"), [
    ("1:24 red", ["history entry 1 (&#x27;1:24 red&#x27;)", "from 0 to 23", "got 24"]),
    ("1:12 red, 2:9 blue", ["history entry 2 (&#x27;2:9 blue&#x27;)", "higher total than 12"]),
    ("2:doubt", ["history entry 1 (&#x27;2:doubt&#x27;)", "there is no call to doubt"]),
    ("1:red:9", ["the card laid face up", "from 0 to 7", "got 9"]),
    ("1:\u0663 red", ["history entry 1", "neither a call, an exchange nor a doubt"]),
    ("\u0661:3 red", ["does not start with a seat and a colon"]),
    ("1:" + "9" * 5000 + " red", ["at most 40 digits"]),
])
def test_typed_history_errors_speak_of_what_was_typed(typed, words):
    table = PositionOdds(players=4, me=0, hand=HAND)
    table.history.value = typed
    assert shows_error(table)
    for word in words:
        assert word in table.message.value
    for internal in ("Call(", "Exchange(", "Doubt(", "history[", "seat="):
        assert internal not in table.message.value
    table.history.value = "1:12 red"               # and the page works on
    assert shows_no_error(table)


def test_a_face_up_card_that_cannot_be_is_named_as_one():
    table = PositionOdds(players=4, me=0, hand={**HAND, "red": 7}, face_up={"red": "7"})
    assert shows_error(table)
    assert "the face-up cards" in table.message.value
    assert "Exchange(" not in table.message.value


def test_typed_history_is_escaped():
    table = PositionOdds()
    table.history.value = f"1:{HOSTILE}"
    assert shows_error(table)
    assert "<img" not in html_shown(table)
    assert "&lt;img" in table.message.value


def test_new_deal_clears_the_typed_history():
    table = PositionOdds(hand=HAND, history="1:12 red, 2:red:3")
    table.new_deal.click()
    assert table.history.value == ""
    assert table.odds.position.history == ()


# --- issue 17: the companion refuses what the rules forbid, and counts a card once -----------

def test_a_face_up_card_in_the_field_and_in_the_history_is_counted_once():
    table = PositionOdds(players=4, me=0, hand=HAND, face_up={"blue": "3,1"},
                         history="1:12 red, 2:blue:3, 2:13 blue")
    assert shows_no_error(table)
    assert sorted(table.odds.position.face_up("blue")) == [1, 3]
    position = hs.Position(players=4, me=0, hand=HAND, history=[
        hs.Exchange(1, "blue", 1), hs.Call(1, 12, "red"), hs.Exchange(2, "blue", 3),
        hs.Call(2, 13, "blue")])
    assert table.odds == hs.odds_table(position)
    table.face_up["blue"].value = ""               # in the history only: still counted
    assert table.odds.position.face_up("blue") == (3,)


@pytest.mark.parametrize(("players", "total", "top"), [(4, 40, 23), (3, 19, 18), (7, -1, 34)])
def test_a_call_to_beat_beyond_the_deck_is_refused_in_words(players, total, top):
    table = PositionOdds(players=players, me=0, hand=HAND)
    table.call_colour.value = "blue"
    table.call_total.value = total
    assert shows_error(table)
    assert f"the call to beat names a total from 0 to {top}: with {players} players" in table.message.value
    assert f"got {total}" in table.message.value
    assert "up to 7 players" not in table.message.value
    table.call_total.value = top                   # and the page works on
    assert shows_no_error(table)
    assert table.odds.current == hs.odds_table(table.odds.position).probability(top, "blue")


@pytest.mark.parametrize(("typed", "call", "words"), [
    ("1:12 red, 1:13 red", None, ["history entry 2", "nobody raises their own call"]),
    ("1:12 red, 1:doubt", None, ["history entry 2", "nobody doubts their own call"]),
    ("1:blue:3, 1:red:2, 1:12 red", None, ["history entry 2", "one exchange a turn"]),
    ("1:blue:3, 2:doubt", None, ["history entry 2", "seat 1 must raise next"]),
    ("1:12 red, 2:doubt, 3:9 blue", None, ["history entry 3", "seat 2 opens the next round"]),
    ("2:12 red, 3:13 red", (14, "blue"), ["the call to beat", "nobody raises their own call"]),
    ("1:12 red", (12, "blue"), ["the call to beat", "higher total than 12"]),
])
def test_the_companion_refuses_what_no_table_can_play(typed, call, words):
    table = PositionOdds(players=4, me=0, hand=HAND, call=call)
    table.history.value = typed
    assert shows_error(table)
    assert table.odds is None
    for word in words:
        assert word in table.message.value
    for internal in ("Call(", "Exchange(", "Doubt(", "event "):
        assert internal not in table.message.value
    table.call_colour.value = NO_CALL
    table.history.value = "1:12 red, 2:13 blue"    # and the page works on
    assert shows_no_error(table)
    assert table.odds.position.call == hs.Call(2, 13, "blue")


def test_the_companion_speaks_of_players_not_of_python():
    table = PositionOdds(players=4, me=0, hand=HAND, call=(14, "blue"))
    assert "by the player at seat 3" in table.current.value
    table.call_colour.value = NO_CALL
    table.history.value = "2:12 red, 3:13 blue, 0:14 black"
    assert "by you" in table.current.value


def test_the_calculators_have_the_rules_card_on_top():
    for panel in (OddsCalculator(), PositionOdds()):
        assert panel.children[0] is panel.rules
        assert panel.rules.get_title(0) == "Rules of Hochstapler"
