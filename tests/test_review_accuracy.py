"""A review's accuracy and marks (issue 32): each decision weighed by its difficulty, the
spread of its options' values; marks by the share of that spread given up. The formulas
are the docs' (docs/explanation/review.md), computed here again option by option."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import InvalidInputError
from bluffmath.review import Decision, Review, Thresholds

values = st.fractions(min_value=-5, max_value=5, max_denominator=12)


@st.composite
def decisions(draw: st.DrawFn, number: int = 1) -> Decision:
    options = draw(st.lists(values, min_size=1, max_size=5))
    names = [f"option {i}" for i in range(len(options))]
    choice = draw(st.sampled_from(names))
    return Decision(number, 0, "call", "", dict(zip(names, options, strict=True)), choice, "")


@given(st.lists(decisions(), min_size=1, max_size=8))
def test_accuracy_is_the_difficulty_weighted_mean_of_each_decisions_share_kept(found: list[Decision]) -> None:
    review = Review("hochstapler", 0, "a model", "probability", tuple(found))
    spreads = [max(d.values.values()) - min(d.values.values()) for d in found]
    kept = [(d.values[d.choice] - min(d.values.values())) for d in found]
    if sum(spreads) == 0:
        assert review.accuracy is None
        return
    assert review.accuracy == sum(kept, Fraction(0)) / sum(spreads, Fraction(0))
    assert 0 <= review.accuracy <= 1
    assert (review.accuracy == 1) == all(d.values[d.choice] == max(d.values.values()) for d in found)
    for d, spread, k in zip(found, spreads, kept, strict=True):
        assert d.difficulty == spread
        assert d.accuracy == (k / spread if spread else None)


@given(decisions())
def test_a_mark_follows_the_share_given_up(d: Decision) -> None:
    given_up = (max(d.values.values()) - d.values[d.choice]) / d.difficulty if d.difficulty else 0
    expected = (None if given_up == 0 else "blunder" if given_up >= Fraction(1, 2) else
                "mistake" if given_up >= Fraction(1, 4) else "inaccuracy" if given_up >= Fraction(1, 10) else None)
    assert d.mark() == expected
    strict = Thresholds(Fraction(1, 100), Fraction(1, 100), Fraction(1, 100))
    assert d.mark(strict) == (None if given_up == 0 else "blunder" if given_up >= Fraction(1, 100) else None)


def test_marks_are_counted_and_shown() -> None:
    best = Decision(1, 0, "call", "", {"a": Fraction(1), "b": Fraction(0)}, "a", "")
    worst = Decision(2, 0, "call", "", {"a": Fraction(1), "b": Fraction(0)}, "b", "")
    slight = Decision(3, 0, "call", "", {"a": Fraction(1), "b": Fraction(4, 5), "c": Fraction(0)}, "b", "")
    review = Review("hochstapler", 0, "a model", "probability", (best, worst, slight))
    assert review.marks() == {"inaccuracy": 1, "mistake": 0, "blunder": 1}  # b gave up 1/5 of its spread
    assert review.marks(Thresholds(inaccuracy=Fraction(1, 4))) == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert review.accuracy == 1 - Fraction(1 + Fraction(1, 5), 3) == Fraction(3, 5)
    assert "accuracy 60.0% (1 inaccuracy, 1 blunder)" in review.text()
    data = review.to_json()
    assert data["accuracy"] == "3/5"
    assert data["marks"] == {"inaccuracy": 1, "mistake": 0, "blunder": 1}
    assert [x["mark"] for x in data["decisions"]] == [None, "blunder", "inaccuracy"]


@pytest.mark.parametrize("shares", [(0, 1, 1), (Fraction(1, 2), Fraction(1, 4), 1), (1, 1, 2), (0.1, 0.25, 0.5)])
def test_thresholds_are_checked(shares) -> None:
    with pytest.raises(InvalidInputError, match="thresholds must be Fractions above 0 and at most 1"):
        Thresholds(*(Fraction(x) if isinstance(x, int) else x for x in shares))
