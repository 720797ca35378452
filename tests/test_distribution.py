"""The exact Distribution type: probabilities, algebra, immutability, errors."""

from fractions import Fraction
from itertools import pairwise, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import BluffmathError, Distribution, InconsistentEvidenceError, InvalidInputError

weights_st = st.one_of(
    st.integers(0, 30),
    st.fractions(min_value=0, max_value=10, max_denominator=12),
)


@st.composite
def weight_maps(draw):
    """A mapping outcome -> weight with at least one positive weight."""
    weights = draw(st.dictionaries(st.integers(-6, 12), weights_st, min_size=1, max_size=8))
    first = next(iter(weights))
    if not any(weights.values()):
        weights[first] = draw(st.integers(1, 5))
    return weights


def by_definition(weights):
    """Probabilities, mean and variance computed straight from the weights."""
    kept = {x: Fraction(w) for x, w in weights.items() if w}
    total = sum(kept.values())
    p = {x: w / total for x, w in kept.items()}
    mean = sum(x * q for x, q in p.items())
    variance = sum((x - mean) ** 2 * q for x, q in p.items())
    return p, mean, variance


# --- probabilities ---------------------------------------------------------------------


@settings(max_examples=30)
@given(weight_maps())
def test_probabilities_are_fractions_that_sum_to_exactly_one(weights):
    d = Distribution(weights)
    assert sum(d.values()) == 1
    assert all(type(p) is Fraction for p in d.values())
    expected, _, _ = by_definition(weights)
    assert dict(d.items()) == expected


@settings(max_examples=30)
@given(weight_maps(), st.integers(-20, 40))
def test_off_support_outcomes_have_probability_zero(weights, x):
    d = Distribution(weights)
    if x not in {y for y, w in weights.items() if w}:
        assert x not in d
        assert d[x] == 0
        assert type(d[x]) is Fraction
        assert d.weight(x) == 0


def test_zero_weights_are_dropped_and_weights_kept_as_given():
    d = Distribution({"a": 0, "b": 3, "c": Fraction(3, 2)})
    assert list(d) == ["b", "c"]
    assert len(d) == 2
    assert d.weight("b") == 3
    assert d.weight("c") == Fraction(3, 2)
    assert d.total_weight == Fraction(9, 2)
    assert d["b"] == Fraction(2, 3)


@settings(max_examples=30)
@given(weight_maps(), st.integers(-10, 20))
def test_at_least_and_at_most_are_complements(weights, x):
    d = Distribution(weights)
    assert d.at_least(x) + d.at_most(x - 1) == 1
    p, _, _ = by_definition(weights)
    assert d.at_least(x) == sum((q for y, q in p.items() if y >= x), Fraction(0))


@settings(max_examples=60)
@given(st.dictionaries(st.one_of(st.integers(-6, 12), st.fractions(-6, 12, max_denominator=4)), weights_st,
                       min_size=1, max_size=8),
       st.lists(st.one_of(st.integers(-10, 20), st.fractions(-10, 20, max_denominator=6)), max_size=12))
def test_at_least_asked_many_times_is_the_sum_over_the_outcomes(weights, thresholds):
    # at_least reads every threshold off one table built at the first call: each answer,
    # in any order and asked again, is the plain sum of the probabilities at or above it
    weights = weights if any(weights.values()) else {**weights, next(iter(weights)): 1}
    d = Distribution(weights)
    p, _, _ = by_definition(weights)
    for x in [*thresholds, *thresholds, *p]:
        assert d.at_least(x) == sum((q for y, q in p.items() if y >= x), Fraction(0))
        assert type(d.at_least(x)) is Fraction


@settings(max_examples=30)
@given(weight_maps())
def test_at_least_never_rises(weights):
    d = Distribution(weights)
    chances = [d.at_least(x) for x in range(-8, 15)]
    assert all(a >= b for a, b in pairwise(chances))
    assert chances[0] == 1
    assert chances[-1] == 0


@settings(max_examples=30)
@given(weight_maps())
def test_mean_and_variance_match_their_definitions(weights):
    d = Distribution(weights)
    _, mean, variance = by_definition(weights)
    assert d.mean() == mean
    assert d.variance() == variance
    assert type(d.mean()) is Fraction
    assert type(d.variance()) is Fraction


@settings(max_examples=30)
@given(weight_maps(), st.integers(-3, 5))
def test_event_probability_and_weight(weights, cut):
    d = Distribution(weights)
    total = sum(weights.values())
    hits = sum((w for x, w in weights.items() if x % 3 == cut % 3), 0)
    assert d.weight_of(lambda x: x % 3 == cut % 3) == hits
    assert d.P(lambda x: x % 3 == cut % 3) == Fraction(hits) / total


def test_two_dice_known_answers():
    die = Distribution.uniform(range(1, 7))
    two = die + die
    # 36 equally likely rolls: 3 of them make 10, 2 make 11, 1 makes 12.
    assert two.at_least(10) == Fraction(6, 36)
    assert two[7] == Fraction(6, 36)
    assert two.mean() == 7
    assert two.variance() == 2 * Fraction(35, 12)
    assert two.total_weight == 36


def test_uniform_counts_repeats():
    d = Distribution.uniform([0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7])
    assert d[0] == Fraction(3, 15)
    assert d.weight(0) == 3
    assert d.mean() == Fraction(43, 15)


# --- equality and hashing ----------------------------------------------------------------


@settings(max_examples=30)
@given(weight_maps(), st.one_of(st.integers(1, 50), st.fractions(min_value=Fraction(1, 9), max_value=7)))
def test_equality_and_hash_do_not_depend_on_the_weight_scale(weights, scale):
    d = Distribution(weights)
    scaled = Distribution({x: w * scale for x, w in weights.items()})
    assert d == scaled
    assert hash(d) == hash(scaled)
    assert len({d, scaled}) == 1


def test_different_distributions_are_unequal():
    assert Distribution({1: 1, 2: 1}) != Distribution({1: 1, 2: 2})
    assert Distribution({1: 1}) != Distribution({2: 1})
    assert Distribution({1: 1}) != {1: Fraction(1)}


# --- algebra -------------------------------------------------------------------------------


@settings(max_examples=30)
@given(weight_maps(), st.integers(-3, 6))
def test_given_keeps_the_weights_of_what_it_keeps(weights, cut):
    d = Distribution(weights)
    event = lambda x: x >= cut  # noqa: E731
    kept = {x: w for x, w in weights.items() if w and x >= cut}
    if not kept:
        with pytest.raises(InconsistentEvidenceError, match="probability 0"):
            d.given(event)
        return
    conditioned = d.given(event)
    assert {x: conditioned.weight(x) for x in conditioned} == kept
    for x, w in kept.items():
        assert conditioned[x] == Fraction(w) / sum(kept.values())
        # Bayes: P(x | event) = P(x) / P(event)
        assert conditioned[x] == d[x] / d.P(event)


@settings(max_examples=30)
@given(weight_maps(), st.dictionaries(st.integers(-6, 12), weights_st))
def test_reweighted_is_bayes_rule(weights, likelihoods):
    d = Distribution(weights)
    likelihood = lambda x: likelihoods.get(x, 1)  # noqa: E731
    unnormalised = {x: w * likelihood(x) for x, w in weights.items() if w * likelihood(x)}
    if not unnormalised:
        with pytest.raises(InconsistentEvidenceError):
            d.reweighted(likelihood)
        return
    posterior = d.reweighted(likelihood)
    assert {x: posterior.weight(x) for x in posterior} == unnormalised
    total = sum(unnormalised.values())
    assert dict(posterior.items()) == {x: Fraction(w) / total for x, w in unnormalised.items()}


@settings(max_examples=30)
@given(weight_maps())
def test_map_adds_the_weights_of_outcomes_that_meet(weights):
    d = Distribution(weights)
    parity = d.map(lambda x: x % 2)
    expected = {}
    for x, w in weights.items():
        if w:
            expected[x % 2] = expected.get(x % 2, 0) + w
    assert {x: parity.weight(x) for x in parity} == expected
    assert sum(parity.values()) == 1


@settings(max_examples=30)
@given(weight_maps(), weight_maps())
def test_sum_of_independent_outcomes_by_enumeration(a, b):
    total = Distribution(a) + Distribution(b)
    expected = {}
    for (x, w), (y, v) in product(a.items(), b.items()):
        if w * v:
            expected[x + y] = expected.get(x + y, 0) + w * v
    assert {s: total.weight(s) for s in total} == expected
    assert total.mean() == Distribution(a).mean() + Distribution(b).mean()
    assert total.variance() == Distribution(a).variance() + Distribution(b).variance()


@settings(max_examples=30)
@given(weight_maps(), st.integers(-5, 5))
def test_adding_a_constant_shifts(weights, c):
    d = Distribution(weights)
    assert dict((d + c).items()) == {x + c: p for x, p in d.items()}
    assert c + d == d + c
    assert (d + c).mean() == d.mean() + c
    assert (d + c).variance() == d.variance()


def test_adding_something_else_is_a_type_error():
    d = Distribution({1: 1})
    with pytest.raises(TypeError):
        d + 0.5
    with pytest.raises(TypeError):
        d + True


# --- immutability -------------------------------------------------------------------------


def test_a_distribution_cannot_be_changed():
    weights = {1: 2, 2: 2}
    d = Distribution(weights)
    weights[1] = 100  # the caller's dict is not shared
    weights[3] = 5
    assert dict(d.items()) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    with pytest.raises(TypeError):
        d[1] = Fraction(1)  # type: ignore[index]
    with pytest.raises(TypeError):
        del d[1]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        d.total_weight = 7  # type: ignore[misc]
    with pytest.raises(AttributeError):
        d.extra = 1  # type: ignore[attr-defined]
    assert not [name for name in dir(d) if name.startswith(("set", "update", "pop", "clear"))]
    # Every operation returns a new distribution and leaves the old one alone.
    d.given(lambda x: x == 1)
    d.reweighted(lambda x: x)
    d.map(lambda x: -x)
    d + d
    assert dict(d.items()) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert d.weight(1) == 2


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(("weights", "words"), [
    ({1: 0.5}, ["whole numbers or Fractions", "0.5", "float"]),
    ({1: True}, ["whole numbers or Fractions", "True", "bool"]),
    ({1: "3"}, ["whole numbers or Fractions", "'3'", "str"]),
    ({1: -1}, ["must not be negative", "-1"]),
    ({1: Fraction(-1, 2)}, ["must not be negative", "-1/2"]),
])
def test_bad_weights_are_refused_clearly(weights, words):
    with pytest.raises(InvalidInputError) as error:
        Distribution(weights)
    assert isinstance(error.value, BluffmathError)
    assert isinstance(error.value, ValueError)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize("weights", [{}, {1: 0, 2: 0}])
def test_no_positive_weight_is_inconsistent(weights):
    with pytest.raises(InconsistentEvidenceError, match="at least one outcome of positive weight"):
        Distribution(weights)


def test_a_likelihood_in_floats_is_refused():
    with pytest.raises(InvalidInputError, match="float"):
        Distribution({1: 1, 2: 1}).reweighted(lambda x: 0.5)


def test_weights_that_are_not_a_mapping_are_refused_clearly():
    with pytest.raises(InvalidInputError) as error:
        Distribution([1, 2])  # type: ignore[arg-type]
    assert "mapping of outcome to weight" in str(error.value)
    assert "got list" in str(error.value)


def test_uniform_over_a_non_collection_is_refused_clearly():
    with pytest.raises(InvalidInputError) as error:
        Distribution.uniform(5)  # type: ignore[arg-type]
    assert "collection of outcomes" in str(error.value)
    assert "got int" in str(error.value)


def test_html_shows_each_outcome_and_escapes():
    html = Distribution({"<b>": 1, "a&b": 3})._repr_html_()
    assert "&lt;b&gt;" in html
    assert "a&amp;b" in html
    assert "<b>" not in html
    assert "3/4" in html
