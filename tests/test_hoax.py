"""Hoax identities: every posterior equals a brute-force enumeration of the physical deals;
Bayes tables add up; conflicts are minimal; JSON round trips; bad input is refused."""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections import Counter
from dataclasses import replace
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
from bluffmath.limits import MAX_SEED


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


# --- strict JSON ---------------------------------------------------------------------------

GOOD = {"format": "bluffmath-hoax", "version": 1, "edition": "original", "players": 4,
        "names": ["Ann", "Bo", "Cy", "Di"], "model": {"honest": "1", "bluff": "1/4"},
        "facts": [{"kind": "holds", "player": 0, "role": "King", "how": "own card"},
                  {"kind": "claim", "player": 1, "role": "Wizard", "spoke": True},
                  {"kind": "not", "player": 2, "role": "Thief", "how": "bought"},
                  {"kind": "claim", "player": 3, "role": "Wizard", "spoke": False}]}


def edited(change) -> str:
    data = json.loads(json.dumps(GOOD))
    change(data)
    return json.dumps(data)


def test_the_good_case_reads():
    case = Case.from_json(json.dumps(GOOD))
    assert case.facts[3] == Claim(3, "Wizard", False)
    assert case.names == ("Ann", "Bo", "Cy", "Di")


@pytest.mark.parametrize(("text", "message"), [
    (edited(lambda d: d.__setitem__("fact", d.pop("facts"))), 'unknown key "fact" (did you mean "facts"?)'),
    (edited(lambda d: d["facts"][3].__setitem__("Spoke", d["facts"][3].pop("spoke"))),
     'facts[3]: unknown key "Spoke" (did you mean "spoke"?)'),
    (edited(lambda d: d["facts"][1].__setitem__("kind", "Spoke")), 'facts[1].kind: "Spoke" is not allowed'),
    (edited(lambda d: d["facts"][1].__setitem__("kind", "Claim")), '(did you mean "claim"?)'),
    (edited(lambda d: d["facts"][1].__setitem__("kind", ["claim"])), "facts[1].kind must be one of"),
    (edited(lambda d: d["facts"][1].__setitem__("role", "abcd")), 'facts[1].role: "abcd" is not allowed'),
    (edited(lambda d: d["facts"][1].__setitem__("role", "WIZARD")), '(did you mean "Wizard"?)'),
    (edited(lambda d: d["facts"][1].__setitem__("role", "Merchant")), "(the original deck)"),
    (edited(lambda d: d["facts"][1].__setitem__("how", "bought")), 'facts[1]: unknown key "how"'),
    (edited(lambda d: d["facts"][2].__setitem__("how", "Bought")), '(did you mean "bought"?)'),
    (edited(lambda d: d["facts"][1].__setitem__("spoke", 1)), "facts[1].spoke must be true or false; found 1"),
    (edited(lambda d: d["facts"][1].__setitem__("player", True)), "facts[1].player must be a whole number"),
    (edited(lambda d: d["facts"][1].__setitem__("player", 4)), "from 0 to 3; found 4"),
    (edited(lambda d: d["facts"][1].pop("kind")), 'facts[1]: key "kind" missing'),
    (edited(lambda d: d["facts"].__setitem__(1, ["claim", 1, "King"])), "facts[1] must be an object"),
    (edited(lambda d: d.__setitem__("facts", {"kind": "claim"})), "facts must be a list"),
    (edited(lambda d: d.__setitem__("names", [1, 2, 3, 4])), "names[0] must be a name"),
    (edited(lambda d: d.__setitem__("names", ["Ann", "ann ", "Cy", "Di"])), "names[1]: \"ann \" is another"),
    (edited(lambda d: d.__setitem__("names", ["Ann", " ", "Cy", "Di"])), "names[1] must be a name"),
    (edited(lambda d: d.__setitem__("names", ["Ann", "B\no", "Cy", "Di"])), "without control characters"),
    (edited(lambda d: d.__setitem__("names", ["Ann", "Bo", "Cy"])), "one name per player: 4 names; found 3"),
    (edited(lambda d: d.__setitem__("version", True)), "version must be the whole number 1; found true"),
    (edited(lambda d: d.__setitem__("version", "1")), 'found "1"'),
    (json.dumps(GOOD).replace('"version": 1', '"version": 1.0'), "found 1.0"),
    (json.dumps(GOOD).replace('"players": 4', '"players": 4.0'), "players must be a whole number from 3 to 6; found 4.0"),
    (json.dumps(GOOD).replace('"players": 4', '"players": 4, "players": 5'), '"players" appears twice'),
    (json.dumps(GOOD).replace('"bluff": "1/4"', '"bluff": 0.25'), "model.bluff must be an exact number"),
    (edited(lambda d: d["model"].__setitem__("bluff", {"abcd": "1/2"})), '"abcd" is not allowed'),
    (edited(lambda d: d["model"].__setitem__("bluff", {"king": "1/2"})), '(did you mean "King"?)'),
    (edited(lambda d: d["model"].__setitem__("bluf", "1/2")), 'model: unknown key "bluf" (did you mean "bluff"?)'),
    (edited(lambda d: d["model"].__setitem__("honest", "3/2")), "model.honest must be an exact number from 0 to 1"),
    (edited(lambda d: d.__setitem__("edition", "Original")), '(did you mean "original"?)'),
    (edited(lambda d: d.__setitem__("format", "bluffmath-gauner")), 'found "format": "bluffmath-gauner"'),
    ("[1, 2]", 'a Hoax case is a JSON object with "format": "bluffmath-hoax"; found [1, 2]'),
    (edited(lambda d: d.__setitem__("facts", [d["facts"][1]] * 2001)), "has 2,001 items; at most 2,000"),
])
def test_every_misspelt_or_wrong_field_is_refused_with_its_path(text, message):
    with pytest.raises(InvalidInputError) as caught:
        Case.from_json(text)
    assert message in str(caught.value)
    assert str(caught.value).startswith("a Hoax case")


def test_names_model_and_facts_may_be_left_out_with_documented_defaults():
    bare = Case.from_json({"format": "bluffmath-hoax", "version": 1, "edition": "german", "players": 4,
                           "facts": [{"kind": "holds", "player": 0, "role": "Merchant"},
                                     {"kind": "not", "player": 1, "role": "King"},
                                     {"kind": "claim", "player": 2, "role": "Thief"}]})
    assert bare == Case("german", 4, (Holds(0, "Merchant", "revealed"), IsNot(1, "King", "bought"),
                                      Claim(2, "Thief", True)), BluffModel(Fraction(1), Fraction(1, 4)))
    assert bare.names == ("player 0", "player 1", "player 2", "player 3")
    assert Case.from_json({"format": "bluffmath-hoax", "version": 1, "edition": "original", "players": 3}).facts == ()


@given(st.data())
def test_a_written_case_reads_back_identical(data):
    ed = data.draw(st.sampled_from([ORIGINAL, GERMAN]))
    players = data.draw(st.integers(ed.players.start, ed.players.stop - 1))
    names = data.draw(st.lists(st.text(st.characters(categories=["L", "N", "P", "Zs"]), min_size=1, max_size=6)
                               .filter(str.strip), min_size=players, max_size=players,
                               unique_by=lambda n: n.strip().casefold()))
    case = Case(ed, players, tuple(data.draw(facts_strategy(ed, players))), data.draw(models), tuple(names))
    assert Case.from_json(case.dumps()) == case


# --- the Python API ------------------------------------------------------------------------

class Hostile:
    def __repr__(self):
        raise RuntimeError("no repr")


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Holds(None, "King"), "player must be a whole number from 0 to 7, got None"),
    (lambda: Holds(True, "King"), "got True (bool)"),
    (lambda: Holds(1.0, "King"), "got 1.0 (float)"),
    (lambda: Holds(10 ** 5000, "King"), "got a number of 5,001 digits"),
    (lambda: Holds(0, "abcd"), "role must be one of King"),
    (lambda: Holds(0, "Wizzard"), "(did you mean 'Wizard'?)"),
    (lambda: Holds(0, ["King"]), "got ['King']"),
    (lambda: Holds(0, "King", "bought"), "how must be one of own card, revealed, accused"),
    (lambda: IsNot(0, "King", None), "how must be one of bought"),
    (lambda: Claim(0, "King", 1), "spoke must be True or False, got 1"),
    (lambda: Claim(-1, "King"), "got -1"),
    (lambda: BluffModel(0.5), "not a float"),
    (lambda: BluffModel(True), "not a float), got True"),
    (lambda: BluffModel(1, "1e-99999999"), "got '1e-99999999'"),
    (lambda: BluffModel(1, "1/0"), "divided by 0"),
    (lambda: BluffModel(1, "٣/4"), "exact probability"),
    (lambda: BluffModel(1, Fraction(1, 10 ** 50)), "at most 40 digits below the line"),
    (lambda: BluffModel(1, 10 ** 5000), "must be from 0 to 1, got a number of many digits"),
    (lambda: BluffModel(1, {"abcd": "1/2"}), "each role in bluff must be one of"),
    (lambda: BluffModel(1, {"King": "1/2", "king": "1/3"}), "bluff names the King twice"),
    (lambda: BluffModel(1, {"King": 0.5}), "bluff[King] must be an exact probability"),
    (lambda: BluffModel(1, dict.fromkeys(range(8), 0)), "bluff holds more than 7 items"),
    (lambda: BluffModel().likelihood("King", "King"), "claim must be a Claim"),
    (lambda: BluffModel().likelihood(Claim(1, "King"), 3), "held must be one of"),
    (lambda: BluffModel().bluff_for(None), "role must be one of"),
    (lambda: Case(None, 4), "edition must be one of original, german, got None"),
    (lambda: Case("Orignal", 4), "(did you mean 'original'?)"),
    (lambda: Case("original", True), "players must be a whole number from 3 to 6, got True (bool)"),
    (lambda: Case("original", 4, Holds(0, "King")), "facts must be a list"),
    (lambda: Case("original", 4, "King"), "facts must be a list"),
    (lambda: Case("original", 4, [None]), "facts[0]: a fact must be a Holds, IsNot or Claim, got None"),
    (lambda: Case("original", 4, [Hostile()]), "got a Hostile"),
    (lambda: Case("original", 4, [Claim(1, "King"), Holds(5, "King")]), "facts[1]: player must be a whole number from 0 to 3"),
    (lambda: Case("original", 4, itertools.count()), "facts holds more than 2,000 items"),
    (lambda: Case("original", 4, (), {"honest": 1}), "model must be a BluffModel"),
    (lambda: Case("original", 4, (), BluffModel(1, {"Merchant": 1})), "the original deck"),
    (lambda: Case("original", 3, (), BluffModel(), "abc"), "names must be one per player: 3 names"),
    (lambda: Case("original", 3, (), BluffModel(), ("a", "b")), "got 2 names"),
    (lambda: Case("original", 3, (), BluffModel(), ("a", "b", 3)), "each name must be text"),
    (lambda: Case("original", 3, (), BluffModel(), ("a", "B", "b ")), "'B' and 'b ' are the same name"),
    (lambda: Case("original", 3, (), BluffModel(), ("a", "b", "\ud800")), "each name must be text"),
    (lambda: Case("original", 3, (), BluffModel(), itertools.repeat("a")), "names holds more than 8 items"),
    (lambda: Case("original", 3).said(Claim(5, "King")), "player must be a whole number from 0 to 2"),
    (lambda: Case("original", 3).said("Bo spoke"), "a fact must be"),
    (lambda: Case("original", 3).keeping(itertools.count()), "facts holds more than 2,000"),
    (lambda: Case.from_json(None), 'found None'),
    (lambda: Case.from_json(10 ** 5000), "found a number of 5,001 digits"),
    (lambda: deduce({"players": 4}), "deduce needs a Case"),
    (lambda: deduce(None), "deduce needs a Case"),
])
def test_hostile_arguments_get_bluffmath_errors(make, message):
    with pytest.raises(InvalidInputError) as caught:
        make()
    assert message in str(caught.value)


D = deduce(Case("original", 4, (Holds(0, "King", "own card"), Claim(1, "Wizard"))))


def repr_id(value: object) -> str:
    return "huge" if isinstance(value, int) and value > 10 ** 100 else repr(value)


@pytest.mark.parametrize("bad_player", [None, True, 1.0, -1, 4, 10 ** 5000, "1", "²", [1]], ids=repr_id)
@pytest.mark.parametrize("method", ["probability", "lie", "accusation_succeeds", "challenge_exposes", "explain"])
def test_deduction_methods_check_the_player(method, bad_player):
    with pytest.raises(InvalidInputError, match="player must be a whole number from 0 to 3"):
        getattr(D, method)(bad_player, "King")


@pytest.mark.parametrize("bad_role", [None, "", "abcd", "Merchant", 3, ["King"], "K ing"])
@pytest.mark.parametrize("method", ["probability", "lie", "accusation_succeeds", "explain"])
def test_deduction_methods_check_the_role(method, bad_role):
    with pytest.raises(InvalidInputError, match="role must be one of King"):
        getattr(D, method)(1, bad_role)


def test_tables_rows_and_reports_check_their_arguments():
    from bluffmath.hoax import report
    from bluffmath.hoax.deduce import Deduction
    with pytest.raises(InvalidInputError, match="player must be"):
        D.table(True)
    with pytest.raises(InvalidInputError, match="role must be one of"):
        D.table(1).row("Merchant")
    assert D.table(1).row("wizard").role == "Wizard"
    for render in (report.text, report.sheet_html, report.bayes_html):
        with pytest.raises(InvalidInputError, match="needs a"):
            render({"players": []})
    with pytest.raises(InvalidInputError, match="needs a Deduction"):
        report.explain(None, 1, "King")
    with pytest.raises(InvalidInputError, match="a Deduction is made by deduce"):
        Deduction(D.case, {"total": 1})
    assert D.explain(1, " wizard ") == report.explain(D, 1, "Wizard")


# --- limits --------------------------------------------------------------------------------

def test_the_fact_limit_is_enforced_before_any_work():
    from bluffmath.limits import MAX_HOAX_FACTS
    claims = [Claim(1 + i % 3, "King", i % 2 == 0) for i in range(MAX_HOAX_FACTS)]
    full = Case("original", 4, claims, BluffModel(Fraction(9, 10)))
    with pytest.raises(InvalidInputError, match="at most 2,000 facts"):
        full.adding(Claim(1, "King"))
    with pytest.raises(InvalidInputError, match="facts holds more than 2,000 items"):
        Case("original", 4, [*claims, Claim(1, "King")])
    with pytest.raises(InvalidInputError, match="at most 2,000 are allowed"):
        Case.from_json({**full.to_json(), "facts": full.to_json()["facts"] * 2})


def test_a_conflict_at_the_limit_is_minimal():
    import random
    rng = random.Random(7)
    noise = [Claim(rng.randrange(1, 6), rng.choice(ORIGINAL.roles), rng.random() < 0.5) for _ in range(1000)]
    noise += [IsNot(rng.randrange(1, 6), rng.choice(["Thief", "Peasant"]), "bought") for _ in range(997)]
    case = Case("original", 6, (Holds(0, "King", "own card"), *noise, Holds(4, "King"), Holds(5, "King")),
                BluffModel(Fraction(9, 10), Fraction(1, 4)))
    with pytest.raises(ConflictError) as caught:  # its speed: python -m benchmarks.hoax
        deduce(case)
    assert set(caught.value.facts) == {Holds(0, "King", "own card"), Holds(4, "King"), Holds(5, "King")}


@given(data=st.data(), model=st.builds(BluffModel, st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]),
                                       st.sampled_from([Fraction(0), Fraction(1, 3), Fraction(1)])))
def test_the_conflict_search_agrees_with_counting_deals(data, model):
    from bluffmath.hoax.deduce import _fits, _zeros, count
    ed = data.draw(st.sampled_from([ORIGINAL, GERMAN]))
    players = data.draw(st.integers(ed.players.start, ed.players.stop - 1))
    case = Case(ed, players, tuple(data.draw(facts_strategy(ed, players))), model)
    ruled = [[0] * len(ed.roles) for _ in range(players)]
    for fact in case.facts:
        for r in _zeros(model, ed.roles, fact):
            ruled[fact.player][r] += 1
    assert _fits(ruled, len(ed.roles)) == (count(case, case.facts).total > 0)
    try:
        deduce(case)
    except ConflictError as error:  # minimal: drop any one fact and some deal fits
        for fact in error.facts:
            deduce(case.keeping([f for f in error.facts if f != fact]))


# --- practice: what a bought look shows (docs/reference/rulings.md, "Hoax: the full game") ----------------

@given(seed=st.integers(0, MAX_SEED), players=st.integers(4, 8), data=st.data())
def test_a_bought_look_shows_a_role_the_player_is_not_never_a_covered_or_shown_one(seed, players, data):
    p = Practice.new("german", players, seed=seed, buys=99)
    target = data.draw(st.integers(1, players - 1))
    public = {f.role for f in p.case.facts if isinstance(f, IsNot) and f.player == target}  # covered
    if data.draw(st.booleans()):  # a lie exposed by a challenge covers the role in public too
        lie = next(r for r in GERMAN.roles if r != p.truth[target] and r not in public)
        p = replace(p, case=p.case.adding(Claim(target, lie))).challenge(target, lie)
        assert p.case.facts[-1] == IsNot(target, lie, "challenge")
        public.add(lie)
    shown_before: set[str] = set()
    left = len(GERMAN.roles) - 1 - len(public)
    for _ in range(left):
        before = p
        p = p.buy(target)
        look = p.look
        assert look == p.case.facts[-1] == IsNot(target, look.role, "bought")
        assert look.role != p.truth[target]
        assert look.role not in public | shown_before
        assert p.news == f"player {target} shows you a role they are not: the {look.role}"
        assert p.buys == before.buys - 1
        shown_before.add(look.role)
    nothing = p.buy(target)  # nothing left to show: the purchase comes back, nothing is shown
    assert nothing.case == p.case
    assert nothing.buys == p.buys
    assert nothing.look is None
    assert nothing.news == f"player {target} has nothing left to show you: your purchase comes back"
    assert deduce(p.case).probability(target, p.truth[target]) == 1  # everything else was ruled out


def test_the_news_of_each_practice_action():
    p = Practice.new("original", 4, BluffModel(Fraction(1), Fraction(0)), seed=3)
    q = p.occasion()
    spoke = [f"player {f.player}" for f in q.case.facts[1:] if f.spoke]
    role = q.case.facts[-1].role
    assert q.news == (f"an occasion for the {role}: " +
                      (", ".join(spoke) + f" spoke as the {role}" if spoke else f"nobody spoke as the {role}"))
    assert q.look is None
    looked = q.buy(1)
    assert looked.look is not None
    assert looked.occasion().look is None
    right = q.accuse(2, q.truth[2])
    assert right.news == f"right: player 2 is the {q.truth[2]} and leaves the game"
    assert right.look is None


_FRESH = Practice.new()


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Practice.new("original", 7), "players must be a whole number from 3 to 6"),
    (lambda: Practice.new("original", True), "got True (bool)"),
    (lambda: Practice.new("original", 4, {"honest": 1}), "model must be a BluffModel or None"),
    (lambda: Practice.new("original", 4, None, -1), "seed must be a whole number from 0 to"),
    (lambda: Practice.new("original", 4, None, MAX_SEED + 1), "seed must be a whole number from 0 to"),
    (lambda: Practice.new("original", 4, None, 1.5), "got 1.5 (float)"),
    (lambda: Practice.new("original", 4, None, 0, 100), "buys must be a whole number from 0 to 99"),
    (lambda: Practice.new().buy(0), "player must be a whole number from 1 to 3"),
    (lambda: Practice.new().buy(None), "player must be a whole number from 1 to 3"),
    (lambda: Practice.new().accuse(1, "abcd"), "role must be one of"),
    (lambda: Practice.new().challenge(1, None), "role must be one of"),
    (lambda: Practice(None, ("King",) * 4, 0), "case must be a Case"),
    (lambda: Practice(Practice.new().case, ("King",) * 4, 0), "truth must be a deal"),
    (lambda: Practice(Practice.new().case, itertools.count(), 0), "truth holds more than 4 items"),
    (lambda: Practice(Practice.new().case, Practice.new().truth, 0, out={0}), "each player out must be"),
    (lambda: Practice(Practice.new().case, Practice.new().truth, 0, over=1), "over must be True or False"),
    (lambda: Practice(_FRESH.case.adding(Holds(1, next(r for r in ORIGINAL.roles if r != _FRESH.truth[1]))),
                      _FRESH.truth, 0), "contradicts the truth"),
])
def test_practice_arguments_are_checked(make, message):
    with pytest.raises(InvalidInputError) as caught:
        make()
    assert message in str(caught.value)


def test_the_printed_sheet_writes_impossible_as_0_and_certain_as_a_tick():
    """A blank cell reads as "not filled in"; an impossible role is a 0 (I hold the King:
    with the original deck's two Kings, nobody else holds both)."""
    from bluffmath.hoax import report

    case = Case("original", 3, (Holds(0, "King", "own card"), Holds(1, "King", "revealed")))
    html = report.sheet_html(deduce(case))
    assert re.search(r"data-player='2' data-role='King' data-p='0'[^>]*>0</td>", html)
    assert re.search(r"data-player='1' data-role='King' data-p='1'[^>]*>✓</td>", html)
    assert "></td>" not in html
