"""Hoax identities: every posterior equals a brute-force enumeration of the physical deals;
Bayes tables add up; conflicts are minimal; JSON round trips; bad input is refused."""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import IllegalActionError, InvalidInputError
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
from bluffmath.hoax.practice import Practice


def brute(case: Case) -> list[dict[str, Fraction]]:
    """Deal the physical cards (two numbered copies per role) in every order; weigh each deal
    by every fact read literally; normalise."""
    weight: dict[tuple[int, str], Fraction] = {}
    total = Fraction(0)
    for roles, ways in _deals(case.edition.roles, case.players).items():
        w = Fraction(1)
        for f in case.facts:
            held = roles[f.player]
            if isinstance(f, Holds):
                w *= held == f.role
            elif isinstance(f, IsNot):
                w *= held != f.role
            else:
                p = case.model.honest if held == f.role else case.model.bluff_for(f.role)
                w *= p if f.spoke else 1 - p
        w *= ways
        total += w
        for p, role in enumerate(roles):
            weight[p, role] = weight.get((p, role), Fraction(0)) + w
    return [{r: weight.get((p, r), Fraction(0)) / total for r in case.edition.roles} for p in range(case.players)]


@functools.cache
def _deals(roles: tuple[str, ...], players: int) -> Counter[tuple[str, ...]]:
    """Every ordered deal of the physical cards (two numbered copies per role), counted by
    the roles it gives the players."""
    deck = [(role, copy) for role in roles for copy in (0, 1)]
    return Counter(tuple(role for role, _ in cards) for cards in itertools.permutations(deck, players))


def facts_strategy(edition, players):
    player = st.integers(0, players - 1)
    role = st.sampled_from(edition.roles)
    return st.lists(st.one_of(
        st.builds(Holds, player, role, st.sampled_from(["revealed", "accused"])),
        st.builds(IsNot, player, role, st.sampled_from(["bought", "challenge", "covered", "accused"])),
        st.builds(Claim, player, role, st.booleans()),
    ), max_size=6)


models = st.builds(BluffModel, st.fractions(0, 1, max_denominator=6), st.fractions(0, 1, max_denominator=6))


@given(data=st.data(), model=models)
def test_posteriors_equal_brute_force_original_3_players(data, model):
    facts = data.draw(facts_strategy(ORIGINAL, 3))
    _check_against_brute(Case(ORIGINAL, 3, tuple(facts), model))


@given(data=st.data(), model=models)
def test_posteriors_equal_brute_force_german_4_players(data, model):
    facts = data.draw(facts_strategy(GERMAN, 4))
    _check_against_brute(Case(GERMAN, 4, tuple(facts), model))


def _check_against_brute(case: Case) -> None:
    expected = brute(case) if _possible(case) else None
    if expected is None:
        with pytest.raises(ConflictError):
            deduce(case)
        return
    d = deduce(case)
    assert d.grid() == expected
    for p in range(case.players):
        assert sum(d.grid()[p].values()) == 1
        t = d.table(p)
        assert sum(row.unnormalised for row in t.rows) == t.normaliser == d.evidence
        assert all(row.unnormalised == row.prior * row.likelihood for row in t.rows)
        assert all(row.posterior == row.unnormalised / t.normaliser for row in t.rows)
    # every role's cards: the expected number of holders is at most 2
    for role in case.edition.roles:
        assert sum(d.probability(p, role) for p in range(case.players)) <= 2


def _possible(case: Case) -> bool:
    try:
        brute(case)
    except ZeroDivisionError:
        return False
    return True


@pytest.mark.parametrize("players", [4, 5])
def test_claims_of_three_wizards_contain_a_lie(players):
    case = Case(ORIGINAL, players, tuple(Claim(p, "Wizard") for p in (1, 2, 3)),
                BluffModel(Fraction(1), Fraction(1, 3)))
    d = deduce(case)
    # the chance that all three tell the truth is 0: at most two Wizard cards
    assert sum(d.probability(p, "Wizard") for p in (1, 2, 3)) < 2
    assert all(d.lie(p, "Wizard") > 0 for p in (1, 2, 3))
    assert d.grid() == brute(case)


def test_a_known_hand_count():
    """Me the King, player 1 not the Thief, 3 players: 11 cards left for player 1, of
    which 2 Thieves are excluded; 2 of the 9 are Judges."""
    d = deduce(Case(ORIGINAL, 3, (Holds(0, "King", "own card"), IsNot(1, "Thief"))))
    assert d.probability(1, "Judge") == Fraction(2, 9)
    assert d.probability(1, "King") == Fraction(1, 9)
    assert d.hard.total // d.hard.scale == 1 * 9 * 10 * 2  # copies for me, player 1, player 2


def test_the_bayes_table_of_a_claim():
    # 4 players, me the King; player 1 speaks as the King (honest 1, bluff 1/4).
    d = deduce(Case(ORIGINAL, 4, (Holds(0, "King", "own card"), Claim(1, "King"))))
    row = d.table(1).row("King")
    assert row.prior == Fraction(1, 6)
    assert d.probability(1, "King") == Fraction(1, 11) / (Fraction(1, 11) + Fraction(10, 11) * Fraction(1, 4))
    assert row.posterior == Fraction(2, 7)


def test_a_conflict_names_a_minimal_set():
    case = Case(ORIGINAL, 4, (Holds(0, "King", "own card"), Claim(1, "Thief"), Holds(1, "King"),
                              IsNot(2, "Vicar"), Holds(2, "King")))
    with pytest.raises(ConflictError) as caught:
        deduce(case)
    assert set(caught.value.facts) == {Holds(0, "King", "own card"), Holds(1, "King"), Holds(2, "King")}
    assert "player 1 is the King (shown to all)" in str(caught.value)
    for fact in caught.value.facts:  # minimal: drop any one and a deal fits
        deduce(case.keeping([f for f in caught.value.facts if f != fact]))


def test_a_claim_is_impossible_when_nobody_bluffs_and_the_role_is_gone():
    case = Case(ORIGINAL, 4, (Holds(0, "King", "own card"), Holds(2, "King"), Claim(1, "King")),
                BluffModel(Fraction(1), Fraction(0)))
    with pytest.raises(ConflictError, match="spoke as the King"):
        deduce(case)


def test_explain_shows_the_counting():
    d = deduce(Case(ORIGINAL, 4, (Holds(0, "King", "own card"), Claim(1, "King"), Claim(2, "King"))))
    text = d.explain(1, "King")
    assert "11,880 ordered deals" in text
    assert "leaves 1,980 of them; 180 give player 1 the King" in text
    assert text.endswith(f"= {d.probability(1, 'King')}.")


def test_per_role_bluffs():
    model = BluffModel(Fraction(1), {"Wizard": Fraction(1, 2), "King": Fraction(1, 10)})
    case = Case(ORIGINAL, 3, (Claim(1, "Wizard"), Claim(2, "King"), Claim(2, "Thief", spoke=False)), model)
    assert deduce(case).grid() == brute(case)
    assert model.bluff_for("Peasant") == 0


def test_json_round_trip():
    model = BluffModel(Fraction(3, 4), {"Wizard": Fraction(1, 2)})
    case = Case(GERMAN, 5, (Holds(0, "Merchant", "own card"), IsNot(3, "King", "covered"),
                            Claim(2, "Wizard", False), Holds(4, "Thief", "accused")), model,
                ("Ann", "Bo", "Cy", "Di", "Ed"))
    text = case.dumps()
    assert json.loads(text)["version"] == 1
    assert Case.from_json(text) == case
    assert Case.from_json(case.to_json()).to_json() == case.to_json()


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Case("original", 7), "players must be a whole number from 3 to 6"),
    (lambda: Case("german", 4, (Holds(0, "Merchant"),)).adding(Holds(9, "King")), "player must be"),
    (lambda: Case("original", 4, (Holds(0, "Merchant"),)), "role must be one of King"),
    (lambda: Case("klingon", 4), "edition must be one of original, german"),
    (lambda: BluffModel(Fraction(1), 0.25), "not a float"),
    (lambda: BluffModel(Fraction(3, 2)), "honest must be from 0 to 1"),
    (lambda: Case.from_json('{"format": "bluffmath-hoax", "version": 7}'), "version 1"),
    (lambda: Case.from_json("[1"), "must be JSON"),
    (lambda: Case.from_json('{"format": "bluffmath-hoax", "version": 1, "edition": "original", '
                            '"players": 3, "facts": [{"kind": "maybe"}]}'), "kind"),
    (lambda: Case("original", 3, (IsNot(1, "King", "rumour"),)), "how must be one of"),
])
def test_bad_input_says_what_is_allowed(make, message):
    with pytest.raises(InvalidInputError, match=message):
        make()


def test_roles_are_read_in_any_case():
    assert Case("original", 3, (Holds(1, "wizard"),)).facts[0].role == "Wizard"


# --- practice ------------------------------------------------------------------------------

def test_practice_claims_follow_the_truth_and_the_model():
    honest_only = BluffModel(Fraction(1), Fraction(0))
    p = Practice.new("original", 5, honest_only, seed=2)
    for _ in range(6):
        p = p.occasion()
    for f in p.case.facts:
        if isinstance(f, Claim):
            assert f.spoke == (p.truth[f.player] == f.role)
    d = deduce(p.case)
    for q in range(5):  # the sheet never rules out the truth
        assert d.probability(q, p.truth[q]) > 0


def test_practice_actions_and_the_end():
    p = Practice.new("german", 4, seed=5)
    assert sum(isinstance(f, IsNot) and f.how == "covered" for f in p.case.facts) == 3
    bought = p.buy(2)
    assert bought.buys == 2
    assert bought.case.facts[-1].role != p.truth[2]
    with pytest.raises(IllegalActionError, match="has not spoken"):
        p.challenge(1, "King")
    wrong = next(r for r in p.case.edition.roles if r != p.truth[1])
    lost = p.accuse(1, wrong)
    assert lost.over
    assert "you are out" in lost.result
    with pytest.raises(IllegalActionError, match="over"):
        lost.occasion()
    won = p
    for q in (1, 2, 3):
        won = won.accuse(q, p.truth[q])
    assert won.over
    assert won.result == "you found everyone: you win"


def test_practice_challenge_of_a_true_claim_ends_the_game():
    p = Practice.new("original", 4, BluffModel(Fraction(1), Fraction(0)), seed=1)
    while not any(isinstance(f, Claim) and f.spoke for f in p.case.facts):
        p = p.occasion()
    claim = next(f for f in p.case.facts if isinstance(f, Claim) and f.spoke)
    end = p.challenge(claim.player, claim.role)
    assert end.over
    assert "wins" in end.result
    assert end.case.facts[-1] == Holds(claim.player, claim.role, "revealed")


def test_per_role_bluffs_are_read_under_the_decks_names():
    case = Case(ORIGINAL, 3, (Claim(1, "King"),), BluffModel(Fraction(1), {"king": Fraction(1, 2)}))
    assert case.model.bluff_for("King") == Fraction(1, 2)
    assert deduce(case).grid() == brute(case)
