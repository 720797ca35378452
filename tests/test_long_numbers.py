"""The rule for writing long exact numbers (bluffmath.display): the exact fraction while
numerator and denominator have at most 60 digits each, else a decimal of 12 significant
digits. The decimals are checked against Python's decimal module, whose division is
correctly rounded, and the sizes against digit counts made here."""

from __future__ import annotations

import decimal
import json
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.display import (
    MAX_EXACT_DIGITS,
    SIGNIFICANT_DIGITS,
    fits,
    fraction_json,
    read_fraction_json,
    rounded,
    written,
    written_about,
)
from bluffmath.display import decimal as places
from bluffmath.errors import InvalidInputError
from bluffmath.review import Decision, Review
from bluffmath.review.decision import fraction_text

# Whole numbers of up to 6,000 digits: far past the 4,300 that str() writes.
huge = st.integers(min_value=1, max_value=10**6000)
small = st.integers(min_value=1, max_value=10**MAX_EXACT_DIGITS - 1)


def size(n: int) -> int:
    """Digits of n, by the decimal module (exact for any int, no str())."""
    return decimal.Decimal(abs(n)).adjusted() + 1


def correctly_rounded(x: Fraction, significant: int = 12) -> decimal.Decimal:
    """x to ``significant`` digits, half to even, by the decimal module."""
    context = decimal.Context(prec=significant, rounding=decimal.ROUND_HALF_EVEN, Emax=10**7, Emin=-10**7)
    return context.divide(decimal.Decimal(x.numerator), decimal.Decimal(x.denominator))


def significant_digits(text: str) -> str:
    """The digits of a decimal's mantissa, leading zeros dropped."""
    mantissa = text.lstrip("-").split("e")[0].replace(".", "")
    return mantissa.lstrip("0")


def test_the_bound_is_sixty_digits_each_side() -> None:
    assert MAX_EXACT_DIGITS == 60
    assert SIGNIFICANT_DIGITS == 12
    top = int("9" * 60)
    assert fits(Fraction(top, top - 1))
    assert fits(-top)
    assert fits(Fraction(1, top))
    assert not fits(Fraction(1, top + 1))
    assert not fits(top + 1)
    assert not fits(Fraction(top + 2, top))


@settings(max_examples=200, deadline=None)
@given(top=huge, bottom=huge, negative=st.booleans())
def test_a_decimal_is_the_correctly_rounded_value(top, bottom, negative) -> None:
    x = Fraction(-top if negative else top, bottom)
    text = rounded(x)
    assert Fraction(text) == Fraction(correctly_rounded(x))
    assert len(significant_digits(text).ljust(12, "0")) == 12  # 12 figures, trailing zeros kept
    assert "/" not in text
    assert len(text) <= 1 + 14 + 9
    assert float(text) == pytest.approx(float(correctly_rounded(x)))


@settings(max_examples=200, deadline=None)
@given(top=small, bottom=small, negative=st.booleans())
def test_a_fraction_that_fits_round_trips_exactly(top, bottom, negative) -> None:
    x = Fraction(-top if negative else top, bottom)
    text = fraction_json(x)
    assert text == f"{x.numerator}/{x.denominator}"
    assert read_fraction_json(text) == (x, True)
    assert json.loads(json.dumps({"cost": text})) == {"cost": text}
    assert Fraction(text) == x
    assert written(x) == str(x)


def test_a_sixty_digit_fraction_round_trips_through_review_json() -> None:
    p = Fraction(10**59 + 7, 10**60 - 11)          # 60 digits each side: written exactly
    d = Decision(1, 0, "doubt", "", {"a": p, "b": Fraction(0)}, "b", "")
    data = json.loads(json.dumps(Review("hoax", 0, "", "chance", (d,)).to_json()))
    assert read_fraction_json(data["decisions"][0]["values"]["a"]) == (p, True)
    assert read_fraction_json(data["total_cost"]) == (p, True)


@settings(max_examples=100, deadline=None)
@given(top=huge, bottom=huge)
def test_a_long_fraction_is_written_as_a_marked_decimal(top, bottom) -> None:
    x = Fraction(top, bottom)
    if fits(x):
        assert written(x) == str(x)
        return
    value, exact = read_fraction_json(fraction_json(x))
    assert not exact
    assert value == Fraction(correctly_rounded(x))
    whole = x.denominator == 1
    digits = size(x.numerator) + (0 if whole else size(x.denominator))
    noun = "number" if whole else "fraction"
    assert written(x) == f"{fraction_json(x)} (decimal; the exact {noun} has {digits:,} digits)"
    assert written_about(x) == written(x)


@pytest.mark.parametrize(("x", "text"), [
    (Fraction(1, 3), "0.333333333333"),
    (Fraction(1, 3_000), "0.000333333333333"),          # from 10**-4: positional
    (Fraction(1, 30_000), "3.33333333333e-5"),          # below: scientific
    (Fraction(10**12 - 1, 7), "142857142857"),
    (Fraction(10**13, 7), "1.42857142857e+12"),
    (Fraction(2 * 10**11 - 1, 2 * 10**11), "0.999999999995"),
    (Fraction(10**12 - 1, 10**12), "0.999999999999"),
    (Fraction(2 * 10**12 - 1, 2 * 10**12), "1.00000000000"),  # half to even rounds up to 1
    (Fraction(-5, 7), "-0.714285714286"),
])
def test_decimals_by_hand(x, text) -> None:
    assert rounded(x) == text


def test_decimal_keeps_its_places_below_sixty_digits_and_rounds_above() -> None:
    assert places(Fraction(10**59, 3), 1) == "3" * 59 + ".3"
    assert places(Fraction(10**61, 3), 1) == "3.33333333333e+60"
    assert places(-(10**5000), 2) == "-1.00000000000e+5000"


def test_a_review_with_numbers_past_what_python_writes() -> None:
    """Values whose fractions have thousands of digits (str() refuses them) are written as
    decimals in the JSON and the text; nothing longer than 60 digits in a row."""
    tiny = Fraction(1, 3**9000)                      # 4,295-digit denominator
    third = Fraction(10**5000 + 1, 3 * 10**5000)
    d = Decision(7, 0, "doubt", "a position", {"doubt": tiny, "pass": third}, "doubt", "")
    r = Review("hoax", 0, "a model", "chance", (d,))
    with pytest.raises(ValueError, match="4300"):
        str(d.cost)                                  # what review.text() wrote before
    data = r.to_json()
    text = r.text() + json.dumps(data)
    assert max(len(run) for run in re.findall(r"\d+", text)) <= MAX_EXACT_DIGITS
    assert data["decisions"][0]["values"]["pass"] == "0.333333333333"
    assert Fraction(data["decisions"][0]["values"]["doubt"]) == Fraction(correctly_rounded(tiny))
    assert "decimal; the exact fraction has" in r.text()
    assert fraction_text(third) == "0.333333333333"


@pytest.mark.parametrize("text", ["1/0", "abc", "", "1" * 500, None, "1/2/3"])
def test_reading_refuses_what_fraction_json_does_not_write(text) -> None:
    with pytest.raises(InvalidInputError, match="as fraction_json writes it"):
        read_fraction_json(text)


def test_rounded_refuses_no_significant_digits() -> None:
    with pytest.raises(InvalidInputError, match="significant must be"):
        rounded(Fraction(1, 3), 0)
