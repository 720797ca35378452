"""A Hoax game of more than 2,000 moves (tests/long_games.py), reviewed whole: every seat,
the habits, every text. The values are the plain path's, a sheet and its deduction at
each decision (:func:`bluffmath.review.hoax.decide`), decision by decision; the review
reads the game once (one replay, no sheet per decision); and no text holds a number of
more than 60 digits, even where a sum's exact fraction has more than the 4,300 digits
Python refuses to write (the class table's downloads failed on that, issue 42)."""

from __future__ import annotations

import decimal
import json
import re
from fractions import Fraction

import pytest

from bluffmath.display import MAX_EXACT_DIGITS, read_fraction_json
from bluffmath.errors import InvalidInputError
from bluffmath.hoax import BluffModel, State
from bluffmath.hoax.deduce import ConflictError
from bluffmath.hoax.game import Game
from bluffmath.hoax.sheet import Tally, sheet
from bluffmath.review import hoax as hoax_review
from bluffmath.review import review, review_many
from bluffmath.review.hoax import decide, review_seats
from tests.long_games import long_hoax_game

#: Chances of 40 digits (the most a model takes): every claim multiplies the deals by a
#: 40-digit number, so a long game's odds run to hundreds of digits and its sums to
#: thousands.
LONG_MODEL = BluffModel(honest=Fraction(10**39 - 1, 10**39 + 7), bluff=Fraction(10**38 + 3, 10**39 + 9))
FRACTION = re.compile(r"-?(\d{1,60})/(\d{1,60})")
DECIMAL = re.compile(r"-?\d+(\.\d+)?(e[-+]\d+)?")


@pytest.fixture(scope="module")
def game() -> State:
    return long_hoax_game()


@pytest.fixture(scope="module")
def reviews(game):
    return review_seats(game)


def digit_runs(text: str) -> int:
    """The longest run of digits in ``text``."""
    return max((len(run) for run in re.findall(r"\d+", text)), default=0)


NUMBERS = {"chosen_value", "best_value", "cost", "difficulty", "accuracy", "total_cost", "total_luck",
           "expected", "result", "value", "chosen", "best", "chance", "break_even"}


def fraction_fields(data: object) -> list[tuple[str, str]]:
    """Every (key, text) of review JSON that holds a number: the keys in NUMBERS whose
    value is a string (a decision's "best" is a list of options), and every option's value."""
    if isinstance(data, list):
        return [f for v in data for f in fraction_fields(v)]
    if not isinstance(data, dict):
        return []
    found = [(k, v) for k, v in data.items() if k in NUMBERS and isinstance(v, str)]
    found += [(option, v) for option, v in data.get("values", {}).items()]
    return found + [f for v in data.values() if isinstance(v, dict | list) for f in fraction_fields(v)]


def correctly_rounded(x: Fraction) -> Fraction:
    context = decimal.Context(prec=12, rounding=decimal.ROUND_HALF_EVEN, Emax=10**7, Emin=-10**7)
    return Fraction(context.divide(decimal.Decimal(x.numerator), decimal.Decimal(x.denominator)))


def test_the_long_game_is_long_the_same_each_time_and_saves(game) -> None:
    assert len(game.actions) > 2000
    assert not game.is_terminal
    assert long_hoax_game().actions == game.actions
    assert State.from_json(game.to_json()).log == game.log      # the save format is unchanged


def test_every_seat_is_reviewed_as_it_is_alone(game, reviews) -> None:
    assert [r.seat for r in reviews] == list(range(game.players))
    kinds = {d.kind for r in reviews for d in r.decisions}
    assert {"doubt", "vote", "accusation"} <= kinds
    assert sum(len(r.decisions) for r in reviews) > 800
    for seat in (0, 3):
        assert review(game, seat) == reviews[seat]
    assert review(game.to_json(), 5) == reviews[5]          # through the save, as the class table does


def test_every_value_is_the_sheet_and_deduction_at_that_decision(game, reviews) -> None:
    """Every 4th decision of every seat, made again the plain way: the seat's sheet of
    the State before it, deduced (facts read from the whole log, a Case checked)."""
    wanted = {(r.seat, d.number): d for r in reviews for d in r.decisions[::4]}
    now, checked = game.game.new_game(), 0
    for number, action in enumerate(game.actions, 1):
        d = wanted.get((now.to_act, number))
        if d is not None:
            assert decide(now, action, number, BluffModel()) == d
            checked += 1
        now = now.apply(action)
    assert checked == len(wanted) > 200


def test_a_tally_is_the_sheets_counting_at_any_moment(game) -> None:
    """A seat's Tally followed through the game gives deduce(sheet(...))'s odds for every
    player and role, looks bought and accusations included."""
    from bluffmath.hoax.deduce import deduce
    tallies = {seat: Tally.start(game.game.new_game(), seat) for seat in range(game.players)}
    now = game.game.new_game()
    for number, action in enumerate(game.actions, 1):
        now = now.apply(action)
        if number % 250 == 0:
            seat = number // 250 % game.players
            tallies[seat] = tallies[seat].following(now)
            odds = deduce(sheet(now, seat))
            for p in range(game.players):
                for role in game.game.edition.roles:
                    assert tallies[seat].probability(p, role) == odds.probability(p, role)
    with pytest.raises(InvalidInputError, match="follows one game forward"):
        tallies[0].following(game.game.new_game())


def test_the_review_reads_the_game_once(game, monkeypatch) -> None:
    """One replay (one apply per move) and no sheet built at any decision: the work grows
    with the game's length, not with its square."""
    applied, sheets = [], []
    real_apply, real_sheet = State.apply, hoax_review.sheet
    monkeypatch.setattr(State, "apply", lambda self, action: applied.append(1) or real_apply(self, action))
    monkeypatch.setattr(hoax_review, "sheet", lambda *a, **k: sheets.append(1) or real_sheet(*a, **k))
    every = review_seats(game)
    assert len(applied) == len(game.actions)
    assert sheets == []
    assert sum(len(r.decisions) for r in every) > 800


def test_no_text_of_the_review_has_a_long_number(game, reviews) -> None:
    found_decimal = False
    for r in reviews:
        data = r.to_json()
        texts = [r.text(), json.dumps(data), *(d.explanation for d in r.decisions)]
        assert max(map(digit_runs, texts)) <= MAX_EXACT_DIGITS
        for key, value in fraction_fields(data):
            assert FRACTION.fullmatch(value) or DECIMAL.fullmatch(value), (key, value)
        total, exact = read_fraction_json(data["total_cost"])
        if exact:
            assert total == r.total_cost
        else:   # a sum over hundreds of decisions: too long, so a decimal
            found_decimal = True
            assert total == correctly_rounded(r.total_cost)
            assert "(decimal; the exact fraction has" in r.text()
    assert found_decimal


def test_sums_past_4300_digits_are_written(game) -> None:
    """Under a model of 40-digit chances one seat's total cost has more than 4,300 digits
    (``str`` refuses it: what the downloads failed on); the review's JSON and text and the
    habits' are written all the same, the decimals correctly rounded."""
    r = review(game, 0, LONG_MODEL)
    assert r.total_cost.numerator.bit_length() > 4300 * 3.33    # more than 4,300 digits
    with pytest.raises(ValueError, match="4300"):
        str(r.total_cost)
    data = r.to_json()
    assert Fraction(data["total_cost"]) == correctly_rounded(r.total_cost)
    habits = review_many([game], 0, LONG_MODEL)
    for text in (r.text(), json.dumps(data), habits.text(), json.dumps(habits.to_json())):
        assert digit_runs(text) <= MAX_EXACT_DIGITS
    assert habits.total_cost == r.total_cost


def test_habits_over_long_games(game) -> None:
    games = [game, long_hoax_game(seed=1)]
    habits = review_many(games, 2)
    assert habits.total_cost == sum((review(g, 2).total_cost for g in games), Fraction(0))
    data = habits.to_json()
    assert data["decisions"] > 200
    assert data["patterns"]
    assert digit_runs(habits.text() + json.dumps(data)) <= MAX_EXACT_DIGITS
    for pattern, written in zip(habits.patterns, data["patterns"], strict=True):
        value, exact = read_fraction_json(written["cost"])
        assert value == (pattern.cost if exact else correctly_rounded(pattern.cost))


def test_a_review_of_a_game_with_more_facts_than_a_sheet_holds() -> None:
    """A seat's sheet holds at most 2,000 facts (MAX_HOAX_FACTS); the review, which keeps a
    Tally instead, reviews a game with more."""
    long = long_hoax_game(14_000, players=3, edition="original")
    with pytest.raises(InvalidInputError, match="facts holds more than 2,000 items"):
        sheet(long, 0)
    r = review(long, 0)
    assert len(r.decisions) > 2000
    assert digit_runs(r.text()) <= MAX_EXACT_DIGITS


def test_a_model_no_deal_fits_is_refused_as_before(game) -> None:
    """Under a model where nobody bluffs, the game's first lie leaves no deal: the review
    raises deduce's ConflictError, naming the facts that conflict."""
    with pytest.raises(ConflictError, match="no deal of the cards fits these facts together"):
        review_seats(game, BluffModel(Fraction(1), Fraction(0)))


def test_review_seats_checks_its_arguments() -> None:
    with pytest.raises(InvalidInputError, match="needs a Hoax State"):
        review_seats("not a game")
    with pytest.raises(InvalidInputError, match="model must be a BluffModel"):
        review_seats(Game("german", players=4).new_game(), "1/4")
