"""The odds table of a whole position, row by row against brute force."""

from fractions import Fraction
from html.parser import HTMLParser

import pytest
from brute_force import (
    bayes_table,
    exchange_counts,
    max_total,
    normalised,
    play_random_deal,
    probability_at_least,
    total_counts,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hochstapler_position import to_events

from bluffmath import InconsistentEvidenceError, InvalidInputError
from bluffmath.hochstapler import (
    COLOURS,
    MAX_TOTAL,
    SYMBOLS,
    Call,
    Doubt,
    Exchange,
    OpponentModel,
    Position,
    odds_table,
)

HAND = {c: 3 for c in COLOURS}


def expected_spoken(deal, colour, me):
    return [s for s in deal["spoken"][colour] if s[0] != me]


def brute_reading(position, colour, spoken, model):
    if not spoken:  # the Bayes table weighs every deal alike: plain counting
        return normalised(total_counts(position.players, position.hand[colour], position.face_up(colour)))
    weights = bayes_table(position.players, position.hand[colour], position.face_up(colour),
                          spoken, model.threshold, model.bluff)
    return normalised(weights)


def at_least(probabilities, total):
    return sum((p for t, p in probabilities.items() if t >= total), Fraction(0))


class Cells(HTMLParser):
    """The text of every header and data cell, leaving out what is inside charts."""

    def __init__(self):
        super().__init__()
        self.rows, self.tags, self.svg = [], [], 0

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append("")
        elif tag == "svg":
            self.svg += 1

    def handle_endtag(self, tag):
        if tag == "svg":
            self.svg -= 1

    def handle_data(self, data):
        if self.rows and self.rows[-1] and not self.svg:
            self.rows[-1][-1] += data


def percent_close(cell, p):
    number, sign = cell.split()
    return sign == "%" and abs(Fraction(number) - 100 * p) <= Fraction(1, 20)


@st.composite
def random_positions(draw):
    """A position from a random legal deal; 3 or 4 players keep the Bayes table small."""
    players = draw(st.integers(3, 4))
    rng = draw(st.randoms(use_true_random=False))
    deal = play_random_deal(rng, players, COLOURS, draw(st.integers(0, 24)))
    me = rng.randrange(players)
    position = Position(players, deal["hands"][me], history=to_events(deal["events"]), me=me)
    model = OpponentModel(draw(st.fractions(0, 1, max_denominator=8)),
                          draw(st.fractions(Fraction(1, 10), 1, max_denominator=10)))
    return deal, position, model


@settings(max_examples=25)
@given(random_positions())
def test_every_row_matches_brute_force(case):
    deal, position, model = case
    table = odds_table(position, model)
    players = position.players
    assert tuple(row.colour for row in table.rows) == position.colours
    for row in table.rows:
        own, face_up = position.hand[row.colour], position.face_up(row.colour)
        assert (row.own, row.face_up) == (own, face_up)
        counts = total_counts(players, own, face_up)
        assert {t: row.counting.weight(t) for t in row.counting} == counts
        reading = brute_reading(position, row.colour, expected_spoken(deal, row.colour, position.me), model)
        assert dict(row.reading.items()) == reading
        if len(face_up) == 15 - players:
            assert row.exchange is None
        else:
            assert dict(row.exchange.items()) == normalised(exchange_counts(players, own, face_up))
        for total in (0, 9, 14, max_total(players)):
            assert table.probability(total, row.colour) == probability_at_least(counts, total)
            assert table.probability(total, row.colour, reading=True) == at_least(reading, total)


@settings(max_examples=25)
@given(random_positions())
def test_current_call_and_best_calls(case):
    deal, position, model = case
    table = odds_table(position, model)
    call = position.call
    if call is None:
        assert table.current is None
        assert table.current_reading is None
        low = 0
    else:
        colour = call.colour
        counts = total_counts(position.players, position.hand[colour], position.face_up(colour))
        assert table.current == probability_at_least(counts, call.total)
        reading = brute_reading(position, colour, expected_spoken(deal, colour, position.me), model)
        assert table.current_reading == at_least(reading, call.total)
        low = call.total + 1
    for use_reading in (False, True):
        expected = []
        for colour in position.colours:  # in the standard order, so ties keep it
            if use_reading:
                spoken = expected_spoken(deal, colour, position.me)
                p = at_least(brute_reading(position, colour, spoken, model), low)
            else:
                p = probability_at_least(
                    total_counts(position.players, position.hand[colour], position.face_up(colour)), low)
            expected.append((Call(position.me, low, colour), p))
        expected.sort(key=lambda item: -item[1])
        if low > MAX_TOTAL[position.players]:  # the call to beat is the highest there is
            expected = []
        assert table.best_calls(7, reading=use_reading) == expected[:7]
        assert table.best_calls(2, reading=use_reading) == expected[:2]
        assert table.best_calls(reading=use_reading) == expected[:3]


def test_a_table_facing_the_highest_call_shows_and_says_only_a_doubt_is_left():
    top = MAX_TOTAL[4]  # the four highest cards of a colour: 7 + 6 + 5 + 5
    assert top == 23
    html = odds_table(Position(players=4, hand=HAND, history=[Call(1, top, "blue")]))._repr_html_()
    assert "No call can beat 23: the only answer is a doubt." in html
    assert "P(≥" not in html
    assert html.count("<tr") == 1 + len(COLOURS)


def test_the_docstring_position_by_brute_force():
    p = Position(players=4, hand=HAND, history=[Call(1, 14, "blue")])
    table = odds_table(p)
    counts = total_counts(4, 3, ())
    assert table.current == probability_at_least(counts, 14)
    reading = normalised(bayes_table(4, 3, (), [(1, 14, ())], Fraction(1, 2), Fraction(1, 10)))
    assert table.current_reading == at_least(reading, 14)
    assert table.current < table.current_reading
    # Every colour looks alike, so the best calls are 15 in the first colours listed.
    best = table.best_calls(2)
    assert best == [(Call(0, 15, "red"), probability_at_least(counts, 15)),
                    (Call(0, 15, "orange"), probability_at_least(counts, 15))]


def test_explain_in_the_table_counts_like_brute_force():
    history = [Call(1, 9, "blue"), Exchange(2, "red", 7), Call(2, 11, "red")]
    p = Position(4, {**HAND, "red": 2}, history=history)
    table = odds_table(p)
    counts = total_counts(4, 2, (7,))
    hits, ways = sum(n for t, n in counts.items() if t >= 12), sum(counts.values())
    text = table.explain(12, "red").text
    assert f"All {ways} sets of 3 are equally likely, and in {hits} of them" in text
    reading = normalised(bayes_table(4, 2, (7,), [(2, 11, (7,))], Fraction(1, 2), Fraction(1, 10)))
    p_reading = at_least(reading, 12)
    assert f"P(total ≥ 12 | calls) = {p_reading}" in table.explain(12, "red", reading=True).text
    assert table.probability(12, "red", reading=True) == p_reading


def test_a_full_face_up_pile_has_no_exchange():
    values = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5)
    history = [event for i, v in enumerate(values)
               for event in (Exchange(i % 3, "red", v), Call(i % 3, i, "green"))]
    p = Position(3, {**HAND, "red": 7}, history=history, me=0)
    row = odds_table(p).row("red")
    assert row.exchange is None
    # The other two hold 5 and 6, in some order.
    assert dict(row.counting.items()) == {7 + 5 + 6: 1}
    assert odds_table(p).row("green").exchange is not None


def test_html_shows_each_colour_and_the_odds():
    history = [Call(1, 9, "blue"), Exchange(2, "red", 7), Call(2, 11, "red"), Exchange(3, "red", 0),
               Call(3, 12, "green")]
    p = Position(4, {**HAND, "red": 2}, history=history)
    table = odds_table(p)
    html = table._repr_html_()
    parsed = Cells()
    parsed.feed(html)
    assert parsed.svg == 0
    header, *rows = parsed.rows
    assert header == ["colour", "my card", "face up", "P(≥ 13)", "reading the bids", "total"]
    assert len(rows) == len(COLOURS)
    for cells, colour in zip(rows, COLOURS, strict=True):
        assert cells[0] == f"{colour} {SYMBOLS[colour]}"
        assert cells[1] == str(p.hand[colour])
        assert cells[2] == " ".join(map(str, p.face_up(colour)))
        for cell, reading in ((cells[3], False), (cells[4], True)):  # the fraction, its percentage beside it
            fraction, shown = cell.split(" ", 1)
            assert Fraction(fraction) == table.probability(13, colour, reading=reading)
            assert percent_close(shown.strip("()"), table.probability(13, colour, reading=reading))
    assert rows[0][2] == "7 0"
    # Tags are the table's and the charts' only: nothing was left unescaped.
    assert set(parsed.tags) <= {"table", "thead", "tbody", "tr", "th", "td", "svg", "rect", "title", "text"}
    assert html.count("<svg") == len(COLOURS)


def test_the_rulebook_symbols():
    assert (SYMBOLS["green"], SYMBOLS["yellow"], SYMBOLS["purple"], SYMBOLS["blue"]) == (
        "diamond", "yacht", "wine", "ring")
    assert len(set(SYMBOLS.values())) == 7


# --- bad input -------------------------------------------------------------------------------------


def test_colours_not_in_play_are_refused():
    p = Position(4, {c: 3 for c in COLOURS if c != "blue"}, history=[Call(1, 9, "blue"), Doubt(2)])
    table = odds_table(p)
    for colour in ("blue", "pink", "Red", None):
        for ask in (lambda c: table.row(c), lambda c: table.probability(10, c),
                    lambda c: table.explain(10, c)):
            with pytest.raises(InvalidInputError) as error:
                ask(colour)
            assert str(error.value) == (
                f"{colour!r} is not in play; the colours in play are red, orange, yellow, green, purple, black")


def test_odds_table_needs_a_position():
    with pytest.raises(InvalidInputError, match="odds_table needs a Position, got dict"):
        odds_table({"players": 4})  # type: ignore[arg-type]


def test_odds_table_with_impossible_calls_and_no_bluffing():
    # 3 players reach at most 18 (7+6+5): a call of 18 needs all three top cards, and
    # without bluffing a caller holding less would not make it
    p = Position(3, HAND, history=[Call(1, 18, "red")])
    if HAND["red"] not in (5, 6, 7):
        with pytest.raises(InconsistentEvidenceError, match="seat 1 called 18"):
            odds_table(p, OpponentModel(bluff=0))


def test_a_call_above_what_the_players_can_reach_is_refused():
    with pytest.raises(InvalidInputError, match=r"from 0 to 18 \(the highest total a colour can reach with 3 players\), got 19"):
        Position(3, HAND, history=[Call(1, 19, "red")])
    with pytest.raises(InvalidInputError, match=r"from 0 to 23 .*4 players\), got 24"):
        odds_table(Position(4, HAND)).probability(24, "red")
    with pytest.raises(InvalidInputError, match="reading must be True or False"):
        odds_table(Position(4, HAND)).probability(12, "red", reading=1)


def test_explain_refuses_a_negative_call():
    with pytest.raises(InvalidInputError, match="call's total must be a whole number from 0 to 23"):
        odds_table(Position(4, HAND)).explain(-1, "red")


def test_probability_refuses_a_negative_call():
    with pytest.raises(InvalidInputError, match="from 0 to 23"):
        odds_table(Position(4, HAND)).probability(-1, "red")


@pytest.mark.parametrize("n", [-1, "2"])
def test_best_calls_refuses_a_bad_count(n):
    with pytest.raises(InvalidInputError, match="n must be"):
        odds_table(Position(4, HAND)).best_calls(n)


def test_odds_table_refuses_a_model_that_is_not_one():
    for history in ([], [Call(1, 9, "blue")]):
        with pytest.raises(InvalidInputError, match="model must be an OpponentModel, got float"):
            odds_table(Position(4, HAND, history=history), model=0.5)  # type: ignore[arg-type]


def test_no_best_call_when_nothing_beats_the_call():
    """With 3 players no colour can pass 18 (7 + 6 + 5): after a call of 18 only a doubt is left."""
    hand = dict.fromkeys(COLOURS, 3)
    table = odds_table(Position(3, hand, history=[Call(1, 18, "red")]))
    assert table.best_calls(3) == []
    assert table.best_calls(3, reading=True) == []
