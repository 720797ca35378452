"""Lesson 6's answer key against brute force: every ordered deal of the physical cards.

The original Hoax deck is written out from the rules text (two cards each of King, Judge,
Vicar, Wizard, Thief and Peasant), dealt one card to each of four players in every order
(12 · 11 · 10 · 9 = 11,880 deals, all alike), and every answer is a weighted count of the
deals: a fact weighs 1 or 0, a claim the model's honest or bluff chance. No bluffmath
counting is used on the expected side.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import permutations

import pytest

from bluffmath.hoax import deduce
from bluffmath_widgets.lessons.identities import KEY, ClaimWeigher

ROLES = ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant")
DECK = [(role, copy) for role in ROLES for copy in (1, 2)]
DEALS = [tuple(role for role, _ in deal) for deal in permutations(DECK, 4)]
Deal = tuple[str, ...]
Weigh = Callable[[Deal], Fraction]


def claims(role: str, speakers: tuple[int, ...], bluff: Fraction, honest: Fraction = Fraction(1)) -> Weigh:
    """The weight of a deal under claims of ``role``: honest or bluff per speaker."""
    def weigh(deal: Deal) -> Fraction:
        w = Fraction(1)
        for p in speakers:
            w *= honest if deal[p] == role else bluff
        return w
    return weigh


def mine(deal: Deal) -> Fraction:
    return Fraction(deal[0] == "King")


def both(*weighs: Weigh) -> Weigh:
    def weigh(deal: Deal) -> Fraction:
        w = Fraction(1)
        for f in weighs:
            w *= f(deal)
        return w
    return weigh


def probability(event: Callable[[Deal], bool], weigh: Weigh) -> Fraction:
    total = sum(weigh(d) for d in DEALS)
    return sum(weigh(d) for d in DEALS if event(d)) / total


def evidence(weigh: Weigh) -> Fraction:
    """P(the evidence): the weighted share of all deals."""
    return Fraction(sum(weigh(d) for d in DEALS)) / len(DEALS)


WIZARDS = both(mine, claims("Wizard", (1, 2, 3), Fraction(1, 3)))


def test_the_listing_has_every_ordered_deal() -> None:
    assert len(DEALS) == 12 * 11 * 10 * 9


def test_exercise_1_the_prior_after_my_own_card() -> None:
    king = probability(lambda d: d[1] == "King", mine)
    judge = probability(lambda d: d[1] == "Judge", mine)
    assert KEY.answer(1) == (king, judge) == (Fraction(1, 11), Fraction(2, 11))


def test_exercises_2_and_3_one_king_claim() -> None:
    claim = both(mine, claims("King", (1,), Fraction(1, 4)))
    assert KEY.answer(2) == evidence(claim) / evidence(mine) == Fraction(7, 22)
    assert KEY.answer(3) == probability(lambda d: d[1] == "King", claim) == Fraction(2, 7)


def test_exercise_4_a_wizard_claim_among_three_is_a_lie() -> None:
    assert KEY.answer(4) == probability(lambda d: d[1] != "Wizard", WIZARDS)
    assert probability(lambda d: d[1:].count("Wizard") == 3, WIZARDS) == 0


def test_exercise_5_exactly_one_lie() -> None:
    assert KEY.answer(5) == probability(lambda d: d[1:].count("Wizard") == 2, WIZARDS)
    assert probability(lambda d: d[1:].count("Wizard") == 1, WIZARDS) == Fraction(72, 127)


def test_exercise_6_after_a_successful_challenge() -> None:
    challenged = both(WIZARDS, lambda d: Fraction(d[3] != "Wizard"))
    assert KEY.answer(6) == probability(lambda d: d[1] == "Wizard", challenged)
    assert KEY.answer(6) > probability(lambda d: d[1] == "Wizard", WIZARDS)


@pytest.mark.parametrize("bluff", [Fraction(1, 4), Fraction(2, 3)])
def test_the_widget_shows_the_brute_force_answer(bluff: Fraction) -> None:
    view = ClaimWeigher(role="Wizard", claimants=2, bluff=bluff)
    weigh = both(mine, claims("Wizard", (1, 2), bluff))
    assert view.deduction is not None
    assert view.deduction.probability(1, "Wizard") == probability(lambda d: d[1] == "Wizard", weigh)
    assert view.deduction.table(1).normaliser == evidence(weigh)
    view.claimants.value, view.my_role.value = 3, "Wizard"
    weigh = both(lambda d: Fraction(d[0] == "Wizard"), claims("Wizard", (1, 2, 3), bluff))
    lie = probability(lambda d: d[2] != "Wizard", weigh)
    assert view.deduction.lie(2, "Wizard") == lie
    assert f"<td>{lie}</td>" in view.lies.value
    assert "data-player='1'" in view.table.value


def test_the_widget_reports_claims_no_deal_fits() -> None:
    view = ClaimWeigher(role="Wizard", claimants=3, bluff=Fraction(1, 3))
    view.bluff.value = Fraction(0)
    assert view.deduction is None
    assert "no deal of the cards fits" in view.message.value
    view.bluff.value = Fraction(1, 8)
    assert view.message.value == ""
    assert view.deduction == deduce(view.case)


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert "full deck" in KEY.check(1, (Fraction(1, 6), Fraction(1, 6))).message
    assert "core's normaliser" in KEY.check(2, Fraction(7, 132)).message
    assert KEY.check(3, Fraction(4, 9)).message.endswith("only one King is left for player 1")
    assert "claim alone" in KEY.check(4, Fraction(3, 5)).message
    assert KEY.check(5, 0.2).status == "wrong"
    assert KEY.check(6, Fraction(42, 127)).message == "not yet: that is before the challenge"
