"""Hoax's fast paths equal the simple ones: a player's weights from claims counted and
raised to powers equal the product fact by fact; the counts of many repeated claims equal
an enumeration of the deals; the conflict search that skips facts other facts cover names
the same facts as the search that tries every fact."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hoax import brute

from bluffmath.hoax import (
    GERMAN,
    ORIGINAL,
    BluffModel,
    Case,
    Claim,
    ConflictError,
    Holds,
    IsNot,
    deduce,
)
from bluffmath.hoax.deduce import _factors, _fits, _zeros, count

chances = st.fractions(0, 1, max_denominator=12)
models = st.one_of(
    st.builds(BluffModel, chances, chances),
    st.builds(BluffModel, chances, st.dictionaries(st.sampled_from(GERMAN.roles), chances, max_size=7)),
)


def facts_of(players: int, roles: tuple[str, ...], size: int):
    player, role = st.integers(0, players - 1), st.sampled_from(roles)
    return st.lists(st.one_of(
        st.builds(Claim, player, role, st.booleans()),  # mostly claims, often repeated
        st.builds(Claim, player, role, st.booleans()),
        st.builds(Claim, player, role, st.booleans()),
        st.builds(Holds, player, role, st.sampled_from(["revealed", "accused"])),
        st.builds(IsNot, player, role, st.sampled_from(["bought", "challenge", "covered", "accused"])),
    ), max_size=size)


def fact_by_fact(model: BluffModel, roles: tuple[str, ...], facts) -> list[Fraction]:
    """Each role's weight: the product over the facts, one at a time, read literally."""
    out = []
    for role in roles:
        w = Fraction(1)
        for f in facts:
            if isinstance(f, Holds):
                w *= f.role == role
            elif isinstance(f, IsNot):
                w *= f.role != role
            else:
                p = model.honest if f.role == role else model.bluff_for(f.role)
                w *= p if f.spoke else 1 - p
        out.append(w)
    return out


@given(model=models, facts=facts_of(1, GERMAN.roles, 60))
def test_weights_from_counted_claims_equal_the_product_fact_by_fact(model, facts):
    assert _factors(model, GERMAN.roles, facts) == fact_by_fact(model, GERMAN.roles, facts)


@settings(max_examples=40, deadline=None)
@given(model=models, data=st.data())
def test_many_repeated_claims_equal_the_enumeration_of_deals(model, data):
    model = BluffModel(model.honest, model.bluff if isinstance(model.bluff, Fraction) else
                       {r: p for r, p in model.bluff if r in ORIGINAL.roles})
    facts = data.draw(facts_of(3, ORIGINAL.roles, 40))
    case = Case(ORIGINAL, 3, tuple(facts), model)
    try:
        expected = brute(case)
    except ZeroDivisionError:  # no deal fits
        with pytest.raises(ConflictError):
            deduce(case)
        return
    assert deduce(case).grid() == expected


def conflict_trying_every_fact(case: Case) -> list:
    """The conflict search without shortcuts: drop each fact in turn if the rest still
    admit no deal (a matching for every fact)."""
    roles = case.edition.roles
    ruled = [[0] * len(roles) for _ in range(case.players)]
    for fact in case.facts:
        for r in _zeros(case.model, roles, fact):
            ruled[fact.player][r] += 1
    kept = []
    for fact in case.facts:
        out = _zeros(case.model, roles, fact)
        for r in out:
            ruled[fact.player][r] -= 1
        if out and _fits(ruled, len(roles)):
            for r in out:
                ruled[fact.player][r] += 1
            kept.append(fact)
    return kept


@settings(max_examples=150, deadline=None)
@given(data=st.data(), model=st.builds(BluffModel, st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]),
                                       st.sampled_from([Fraction(0), Fraction(1, 3), Fraction(1)])))
def test_the_conflict_search_names_the_facts_the_plain_search_names(data, model):
    ed = data.draw(st.sampled_from([ORIGINAL, GERMAN]))
    players = data.draw(st.integers(ed.players.start, ed.players.stop - 1))
    case = Case(ed, players, tuple(data.draw(facts_of(players, ed.roles, 30))), model)
    if count(case, case.facts).total:
        return
    with pytest.raises(ConflictError) as caught:
        deduce(case)
    assert list(caught.value.facts) == conflict_trying_every_fact(case)


def test_a_conflict_among_many_facts_names_the_plain_searchs_facts():
    import random
    rng = random.Random(3)
    noise = [Claim(rng.randrange(1, 8), rng.choice(GERMAN.roles), rng.random() < 0.5) for _ in range(1500)]
    noise += [IsNot(rng.randrange(1, 8), rng.choice(GERMAN.roles[2:]), "bought") for _ in range(400)]
    case = Case(GERMAN, 8, (Holds(0, "Judge", "own card"), *noise, Holds(3, "Judge"), Holds(6, "Judge")),
                BluffModel(Fraction(1), Fraction(1, 5)))
    with pytest.raises(ConflictError) as caught:
        deduce(case)
    assert list(caught.value.facts) == conflict_trying_every_fact(case)
    named = caught.value.facts
    assert count(case, named).total == 0
    assert all(count(case, [f for f in named if f is not left_out]).total for left_out in named)


def test_answers_longer_than_python_writes_an_int_still_print() -> None:
    """40-digit chances over 600 claims give posteriors of about 46,000 digits: more than
    the 4,300 that ``str(int)`` writes. The JSON, the explanation and the tables still
    come out, and they read back to the exact numbers."""
    import sys

    from bluffmath.hoax.report import bayes_html, sheet_html

    model = BluffModel(honest=Fraction(10**39 - 1, 10**39 + 7), bluff=Fraction(10**38 + 3, 10**39 + 9))
    claims = tuple(Claim(p, r) for p, r in zip([1, 2, 3] * 200, ["Wizard", "King", "Judge"] * 200, strict=True))
    d = deduce(Case("original", 4, claims, model))
    written = d.to_json()["players"][1]["King"]
    assert len(written) > 2 * 4300
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert Fraction(written) == d.probability(1, "King")
    finally:
        sys.set_int_max_str_digits(limit)
    assert written in d.explain(1, "King")
    assert written in bayes_html(d.table(1))
    assert f"data-p='{written}'" in sheet_html(d)
