"""Explanations: the numbers in the words agree with brute force; the formula is real (sympy)."""

import re
from fractions import Fraction
from math import comb

import pytest
import sympy
from brute_force import (
    PILE_CARDS,
    VALUES,
    bayes_table,
    belief,
    exchange_counts,
    fits,
    mean_of,
    normalised,
    total_counts,
    unseen_cards,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.parsing.latex import parse_latex
from test_hochstapler_bids import bid_cases, spoken

from bluffmath import InvalidInputError
from bluffmath.explain import Explanation
from bluffmath.hochstapler import (
    OpponentModel,
    SpokenCall,
    explain_call,
    explain_exchange,
    explain_reading,
)
from bluffmath.hochstapler.explain import _counting_latex


@st.composite
def call_cases(draw, max_face_up=3):
    players = draw(st.integers(3, 7))
    order = draw(st.permutations(PILE_CARDS))
    own = order[0] if draw(st.booleans()) else None
    face_up = tuple(order[1:1 + draw(st.integers(0, max_face_up))])
    call = draw(st.integers(0, 36))
    return players, own, face_up, call


def counted(players, own, face_up, call):
    counts = total_counts(players, own, face_up)
    return sum(n for t, n in counts.items() if t >= call), sum(counts.values())


# --- explain_call: the words ------------------------------------------------------------------------


@settings(max_examples=60)
@given(call_cases())
def test_explain_call_text_counts_like_brute_force(case):
    players, own, face_up, call = case
    hits, ways = counted(players, own, face_up, call)
    unseen = unseen_cards([*face_up, *([] if own is None else [own])])
    k = players - (own is not None)
    text = explain_call(players, own, call, face_up).text
    held = re.search(r"hold (\d+) of the (\d+) cards you have not seen \(values ([\d,]+)\)", text)
    assert held is not None, text
    assert (int(held[1]), int(held[2])) == (k, len(unseen))
    assert tuple(map(int, held[3].split(","))) == unseen
    counts = re.search(r"All (\d+) sets of (\d+) are equally likely, and in (\d+) of them", text)
    assert counts is not None, text
    assert (int(counts[1]), int(counts[2]), int(counts[3])) == (ways, k, hits)
    assert ways == comb(len(unseen), k)
    p = re.search(r"P = (\d+)/(\d+)(?: = (\d+)(?:/(\d+))?)? \(", text)
    assert (int(p[1]), int(p[2])) == (hits, ways)
    reduced = Fraction(hits, ways)
    if (reduced.numerator, reduced.denominator) == (hits, ways):
        assert p[3] is None
    else:
        assert Fraction(int(p[3]), int(p[4] or 1)) == reduced
    assert f"at least {max(call - (own or 0), 0)}, so that the total reaches {call}" in text
    if own is not None:
        assert text.startswith(f"You hold {own} in this colour.")
    if face_up:
        assert f"Face up lie {', '.join(map(str, face_up))}." in text


def test_explain_call_worked_example():
    # I hold 3 of 5 players: the others hold 4 of the 14 cards I have not seen.
    e = explain_call(5, own=3, call=12)
    hits, ways = counted(5, 3, (), 12)
    assert ways == comb(14, 4) == 1001
    assert f"in {hits} of them the other hands add up to at least 9" in e.text
    assert f"P = {hits}/1001 = {Fraction(hits, 1001)}" in e.text
    assert e.title == "P(total ≥ 12)"
    assert str(e).startswith("P(total ≥ 12): You hold 3")
    assert "$$" in e._repr_markdown_()
    assert e.latex in e._repr_markdown_()


def test_explanation_without_a_formula():
    e = Explanation("A coin", "Of 2 sides, 1 is heads.")
    assert e._repr_markdown_() == "**A coin.** Of 2 sides, 1 is heads."


# --- explain_call: the formula, checked symbolically -----------------------------------------------

x, y = sympy.symbols("x y")


FACTOR = r"\\left\(x(?: y(?:\^\{(\d+)\})?)? \+ 1\\right\)(?:\^\{(\d+)\})?"
FORMULA = (
    r"P = \\frac\{\\sum_\{s \\ge (?P<need>\d+)\} \\left\[x\^\{(?P<k>\d+)\} y\^\{s\}\\right\] "
    r"(?P<product>.+)\}\{\{\\binom\{(?P<n>\d+)\}\{(?P<choose>\d+)\}\}\} = "
    r"\\frac\{(?P<hits>\d+)\}\{(?P<ways>\d+)\}(?: = (?P<reduced>.+))?"
)


def parse_formula(latex):
    """Read the generating function, the binomial and the fractions back out of the LaTeX.

    The product must be nothing but factors (x y^{v} + 1)^{m}; each becomes a sympy factor.
    """
    match = re.fullmatch(FORMULA, latex)
    assert match is not None, latex
    product = match["product"]
    assert re.fullmatch(f"{FACTOR}(?: {FACTOR})*", product), product
    expression = sympy.Integer(1)
    for factor in re.finditer(FACTOR, product):
        v = 0 if " y" not in factor[0] else int(factor[1] or 1)
        expression *= (x * y**v + 1) ** int(factor[2] or 1)
    reduced = match["reduced"]
    if reduced is not None:
        fraction = re.fullmatch(r"\\frac\{(\d+)\}\{(\d+)\}|(\d+)", reduced)
        assert fraction is not None, reduced
        reduced = Fraction(int(fraction[1] or fraction[3]), int(fraction[2] or 1))
    return {
        "need": int(match["need"]), "k": int(match["k"]), "product": expression,
        "binomial": (int(match["n"]), int(match["choose"])), "hits": int(match["hits"]),
        "ways": int(match["ways"]), "reduced": reduced, "factors": product,
    }


def coefficients(product, k):
    """Sum -> coefficient of x^k y^sum in the expanded product."""
    poly = sympy.Poly(sympy.expand(product), x, y)
    return {int(j): int(c) for (i, j), c in poly.terms() if i == k}


@settings(max_examples=12)
@given(call_cases(max_face_up=6))
def test_counting_latex_is_the_generating_function(case):
    players, own, face_up, call = case
    formula = parse_formula(explain_call(players, own, call, face_up).latex)
    unseen = unseen_cards([*face_up, *([] if own is None else [own])])
    k = players - (own is not None)
    # The product is prod_v (1 + x y^v)^(m_v) over the unseen cards, and nothing else.
    expected = sympy.Mul(*[(1 + x * y**v) ** unseen.count(v) for v in VALUES])
    assert sympy.expand(formula["product"] - expected) == 0
    # Its coefficients of x^k count the k-card sets by their sum, as listing them does.
    by_sum = coefficients(formula["product"], k)
    base = own or 0
    assert {base + s: n for s, n in by_sum.items()} == total_counts(players, own, face_up)
    hits, ways = counted(players, own, face_up, call)
    assert formula["k"] == k
    assert formula["need"] == max(call - base, 0)
    assert sum(n for s, n in by_sum.items() if s >= formula["need"]) == hits == formula["hits"]
    assert formula["binomial"] == (len(unseen), k)
    assert comb(len(unseen), k) == ways == formula["ways"]
    if Fraction(hits, ways).denominator == ways:
        assert formula["reduced"] is None
    else:
        assert formula["reduced"] == Fraction(hits, ways)


def test_counting_latex_by_hand():
    # Pool: three 0s and two 1s; sets of two: C(3,2)=3 sum 0, 3*2=6 sum 1, 1 sum 2.
    latex = _counting_latex((3, 2, 0, 0, 0, 0, 0, 0), 2, 1, 7, 10)
    formula = parse_formula(latex)
    assert coefficients(formula["product"], 2) == {0: 3, 1: 6, 2: 1}
    assert formula["binomial"] == (5, 2)
    assert (formula["hits"], formula["ways"], formula["reduced"]) == (7, 10, None)
    # sympy's own LaTeX parser reads the same product, factor by factor.
    factors = [parse_latex(f[0], backend="lark") for f in re.finditer(FACTOR, formula["factors"])]
    assert sympy.expand(sympy.Mul(*factors) - (1 + x) ** 3 * (1 + x * y) ** 2) == 0
    assert parse_latex(r"\binom{5}{2}", backend="lark") == comb(5, 2)
    # A fraction that reduces is shown reduced too.
    assert parse_formula(_counting_latex((3, 2, 0, 0, 0, 0, 0, 0), 2, 1, 6, 10))["reduced"] == Fraction(3, 5)


# --- explain_exchange and explain_reading -----------------------------------------------------------


@settings(max_examples=30)
@given(call_cases())
def test_explain_exchange_numbers(case):
    players, own, face_up, call = case
    own = 0 if own is None else own
    if not fits(own, face_up):
        return
    keep, swap = total_counts(players, own, face_up), exchange_counts(players, own, face_up)
    text = explain_exchange(players, own, call, face_up).text
    p_keep = sum((p for t, p in normalised(keep).items() if t >= call), Fraction(0))
    p_swap = sum((p for t, p in normalised(swap).items() if t >= call), Fraction(0))
    assert f"If you keep your {own}, the total averages {mean_of(keep)}" in text
    assert f"reaches {call} with P = {p_keep} (" in text
    assert f"the total averages {mean_of(swap)}" in text
    assert f"reaches {call} with P = {p_swap} (" in text


def test_explain_exchange_rounds_the_mean_to_a_decimal():
    text = explain_exchange(4, 2, 10).text
    assert mean_of(total_counts(4, 2, ())) == Fraction(151, 14)
    assert "averages 151/14 (about 10.79)" in text


def test_explain_reading_numbers():
    calls = [(1, 14, ()), (2, 15, (3,)), (1, 16, (3,))]
    model = OpponentModel(Fraction(1, 2), Fraction(1, 10))
    e = explain_reading(4, 2, [SpokenCall(*c) for c in calls], 14, (3,), model)
    reading = normalised(bayes_table(4, 2, (3,), calls, model.threshold, model.bluff))
    p = sum((q for t, q in reading.items() if t >= 14), Fraction(0))
    hits, ways = counted(4, 2, (3,), 14)
    assert f"P(total ≥ 14 | calls) = {p} (" in e.text
    assert f"against {Fraction(hits, ways)} (" in e.text
    # Seat 1 believes a call only holding a card that makes every one of its calls believable.
    unseen = set(unseen_cards([2, 3]))
    for seat in (1, 2):
        said = [(total, then) for s, total, then in calls if s == seat]
        believed = [v for v in sorted(unseen)
                    if all(belief(4, v, total, then) >= model.threshold for total, then in said)]
        shown = ", ".join(map(str, believed)) or "no card at all"
        totals = ", ".join(str(total) for total, _ in said)
        assert f"Seat {seat} called {totals}; by card counting they would believe that " \
               f"(chance at least 1/2) holding {shown}," in e.text
    assert parse_latex(e.latex.rsplit("= ", 1)[1], backend="lark") == sympy.Rational(p.numerator, p.denominator)


@settings(max_examples=15)
@given(bid_cases(), st.integers(0, 30))
def test_explain_reading_probability_like_the_bayes_table(case, call):
    players, own, face_up, calls, (threshold, bluff) = case
    table = bayes_table(players, own, face_up, calls, threshold, bluff)
    if not any(table.values()):
        return  # read_bids' own tests check the error
    model = OpponentModel(threshold, bluff)
    text = explain_reading(players, own, spoken(calls), call, face_up, model).text
    p = sum((q for t, q in normalised(table).items() if t >= call), Fraction(0))
    assert f"P(total ≥ {call} | calls) = {p} (" in text
    hits, ways = counted(players, own, face_up, call)
    assert f"against {Fraction(hits, ways)} (" in text
    for seat in dict.fromkeys(seat for seat, _, _ in calls):
        assert f"Seat {seat} called " in text


def test_explain_reading_without_calls_reads_cleanly():
    text = explain_reading(4, 2, [], 14).text
    assert text == text.strip()


# --- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "words"), [
    ((9, 3, 10), ["players must be a whole number from 3 to 7", "got 9"]),
    (("4", 3, 10), ["players must be", "(str)"]),
    ((4, 8, 10), ["own must be a whole number from 0 to 7", "got 8"]),
    ((4, 3.0, 10), ["own must be", "(float)"]),
    ((4, 3, -1), ["call must be a whole number of at least 0", "got -1"]),
    ((4, 3, True), ["call must be", "(bool)"]),
    ((4, 7, 10, (7,)), ["only 1 card(s) of value 7", "with your card"]),
    ((4, 3, 10, (0,) * 12), ["at most 11 cards of a colour can lie face up with 4 players"]),
])
def test_explain_call_bad_input(args, words):
    with pytest.raises(InvalidInputError) as error:
        explain_call(*args)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize(("args", "words"), [
    ((9, 3, 10), ["players must be a whole number from 3 to 7"]),
    ((4, None, 10), ["own must be a whole number from 0 to 7", "None"]),
    ((4, 7, 10, (7,)), ["only 1 card(s) of value 7"]),
])
def test_explain_exchange_bad_input(args, words):
    with pytest.raises(InvalidInputError) as error:
        explain_exchange(*args)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize("call", [-1, "10"])
def test_explain_exchange_refuses_a_bad_call(call):
    with pytest.raises(InvalidInputError, match="call must be a whole number of at least 0"):
        explain_exchange(4, 2, call)


def test_explain_reading_refuses_a_negative_call():
    with pytest.raises(InvalidInputError, match="call must be a whole number of at least 0"):
        explain_reading(4, 2, [], -3)


def test_explain_reading_bad_input():
    with pytest.raises(InvalidInputError, match="players must be a whole number from 3 to 7"):
        explain_reading(2, 2, [], 10)
    with pytest.raises(InvalidInputError, match="each call must be a SpokenCall"):
        explain_reading(4, 2, [(1, 10, ())], 10)  # type: ignore[list-item]


def test_the_reading_text_names_the_cards_a_caller_believes_even_when_bluffs_cost_nothing():
    """bluff = 1 gives every card weight 1, but only a 7 makes 12 likely at 3 players
    (own 7: the other two cards need 5 or more in 54 of the 91 pairs, more than half)."""
    model = OpponentModel(bluff=Fraction(1))
    text = explain_reading(3, 2, [SpokenCall(1, 12, ())], 12, (), model).text
    assert "holding 7, so" in text
