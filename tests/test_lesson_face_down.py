"""Lesson 7's answer key against brute force: every pair of hidden cards, listed.

Seat 1 starts with the values 1-8 (the rules text) and lays two cards face down: the first
on an offer of 6, the second on an offer of 8. The three card models are written out here
from their definitions (any card alike; honest whenever possible with the lowest card
that is enough; honest whenever possible with any card that is enough, alike; no card
enough: any card alike), each pair of cards is weighed by them, and the score changes
are refereed by the rules engine itself, replaying the lesson's game with those very
cards. No bluffmath counting (``Knowledge``, ``decide``) is used on the expected side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from bluffmath.muenchhausen import State
from bluffmath_widgets.lessons.face_down import KEY, ThreeModels, position
from bluffmath_widgets.muenchhausen import MuenchhausenCompanion

HAND = tuple(range(1, 9))
MODELS = ("uniform", "lowest-enough", "random-enough")
Worlds = dict[tuple[int, int], Fraction]


def lay(model: str, hand: tuple[int, ...], offer: int) -> dict[int, Fraction]:
    """P(card | hand) for a card laid on ``offer``, from the model's definition."""
    enough = [c for c in hand if c >= offer]
    pool = hand if model == "uniform" or not enough else enough
    if model == "lowest-enough" and enough:
        pool = [min(enough)]
    return {c: Fraction(1, len(pool)) for c in pool}


def worlds(model: str, first_offer: int = 6, claim: int = 8) -> Worlds:
    """Every (first card, second card) seat 1 may have laid, with its probability."""
    out: Worlds = {}
    for a, pa in lay(model, HAND, first_offer).items():
        rest = tuple(c for c in HAND if c != a)
        for b, pb in lay(model, rest, claim).items():
            out[a, b] = pa * pb
    return out


def chance(ws: Worlds, event: Callable[[int, int], bool]) -> Fraction:
    return sum((p for w, p in ws.items() if event(*w)), Fraction(0))


def seat_2(state: State) -> int:
    return sum(state.piles[2]) - sum(state.hands[2])


def changes(a: int, b: int) -> tuple[int, int]:
    """Seat 2's score change if it believes, and if it doubts (then lays its highest card
    on its own pile when the rules give it the chance), played on the engine."""
    state = position(cards=(a, b))
    believed = state.believe()
    doubted = state.doubt()
    if doubted.phase == "reward" and doubted.rewarder == 2:
        doubted = doubted.reward(max(doubted.hands[2]))
    return seat_2(believed) - seat_2(state), seat_2(doubted) - seat_2(state)


def expected(ws: Worlds) -> tuple[Fraction, Fraction]:
    believe = sum((p * changes(*w)[0] for w, p in ws.items()), Fraction(0))
    doubt = sum((p * changes(*w)[1] for w, p in ws.items()), Fraction(0))
    return believe, doubt


def test_the_models_weigh_every_world_to_one() -> None:
    for model in MODELS:
        assert sum(worlds(model).values()) == 1
    assert len(worlds("uniform")) == 8 * 7


def test_exercise_1_the_hands_seat_1_can_hold() -> None:
    hands: Counter[tuple[int, ...]] = Counter()
    for (a, b), p in worlds("uniform").items():
        hands[tuple(c for c in HAND if c not in (a, b))] += p
    assert KEY.answer(1) == (len(hands), hands[(1, 2, 3, 4, 5, 6)]) == (28, Fraction(1, 28))
    assert set(hands.values()) == {Fraction(1, 28)}


@pytest.mark.parametrize(("number", "model"), [(2, "uniform"), (3, "random-enough")])
def test_exercises_2_and_3_the_honest_chance(number: int, model: str) -> None:
    assert KEY.answer(number) == chance(worlds(model), lambda a, b: b >= 8)


def test_exercise_4_the_posterior_of_the_first_card() -> None:
    ws = worlds("random-enough")
    honest = chance(ws, lambda a, b: b >= 8)
    assert KEY.answer(4) == chance(ws, lambda a, b: a == 6 and b >= 8) / honest == Fraction(1, 2)


def test_exercise_5_believe_or_doubt_refereed_by_the_engine() -> None:
    assert KEY.answer(5) == expected(worlds("uniform")) == (Fraction(9, 2), Fraction(13))


def test_exercise_6_the_choice_under_each_model() -> None:
    want = []
    for model in MODELS:
        believe, doubt = expected(worlds(model))
        want.append("believe" if believe > doubt else "doubt")
    assert KEY.answer(6) == tuple(want) == ("doubt", "believe", "believe")


@pytest.mark.parametrize(("first_offer", "claim"), [(6, 8), (7, 5), (3, 8)])
def test_the_widget_shows_every_model_as_the_brute_force_does(first_offer: int, claim: int) -> None:
    view = ThreeModels()
    view.first_offer.value, view.claim.value = first_offer, claim
    assert view.message.value == ""
    for model in MODELS:
        ws = worlds(model, first_offer, claim)
        assert f"data-p='{chance(ws, lambda a, b: b >= claim)}'" in view.compare.value
    assert view.state is not None
    assert view.state.offer_value == claim


def test_the_widget_shows_the_chosen_models_counting() -> None:
    view = ThreeModels(detail="uniform")
    assert "the model: uniform" in view.details.value
    assert view.compare.value.count("data-choice='doubt'") == 1
    view.detail.value = "lowest-enough"
    assert "the model: lowest-enough" in view.details.value


def test_the_lessons_companion_agrees_with_the_brute_force() -> None:
    companion = MuenchhausenCompanion(players=3, me=2, model="random-enough")
    companion.record("lay", seat=1, start=0, value=6)
    companion.record("believe", start=0)
    companion.record("lay", seat=1, start=2, value=8)
    assert companion.message.value == ""
    honest = chance(worlds("random-enough"), lambda a, b: b >= 8)
    assert f"class='bm-mhc-honest' data-p='{honest}'" in companion.numbers.value


def test_the_check_marks_wrong_answers_with_hints() -> None:
    assert "ordered pairs" in KEY.check(1, (56, Fraction(1, 56))).message
    assert "still holds its 8" in KEY.check(2, Fraction(1, 7)).message
    assert "lowest-enough" in KEY.check(3, Fraction(1)).message
    assert KEY.check(4, Fraction(1, 3)).message == "not yet: that is the prior: divide the row by the normaliser"
    assert "+8 on the pile" in KEY.check(5, (Fraction(9, 2), Fraction(6))).message
    assert KEY.check(6, ("Doubt ", "believe", "BELIEVE")).right
    assert KEY.check(6, ("believe", "believe", "believe")).status == "wrong"
