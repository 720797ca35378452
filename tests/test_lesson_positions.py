"""Every position the Hochstapler, Hoax and Münchhausen lessons show is one the rules allow.

(Lesson 5's Gauner raus! positions are replayed games, checked in test_lesson_deduction.py.)
Hochstapler, from the rules text: a colour has 15 cards, 0,0,0,1,1,2,2,3,3,4,4,5,5,6,7;
each player holds one card of it; a card lies face up beside the pile only after an
exchange, which takes the pile's top card, so the cards seen (mine and the face-up ones)
are part of the colour and at most 15 - players lie face up; a call is a total the cards
can still reach. The core's own reader (``hs.Position``) must accept the lesson 3 table.
Hoax: the deck holds the card I hold, and the lesson's cases have deals that fit.
Münchhausen: lesson 7's game is saved and loaded again, which replays it through the
rules engine and compares every event.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bluffmath import hochstapler as hs
from bluffmath import muenchhausen as mh
from bluffmath.hoax import deduce
from bluffmath_widgets.lessons import doubting, face_down, identities

PILE_CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]


def hochstapler_problems(players: int, own: int | None, face_up: tuple[int, ...], call: int) -> list[str]:
    seen = Counter([*face_up, *([] if own is None else [own])])
    pile = Counter(PILE_CARDS)
    problems = []
    if seen - pile:
        problems.append(f"cards {sorted((seen - pile).elements())} are not left in the colour")
    if len(face_up) > len(PILE_CARDS) - players:
        problems.append(f"{len(face_up)} face-up cards; the pile holds {len(PILE_CARDS) - players}")
    rest = sorted((pile - seen).elements(), reverse=True)
    top = (own or 0) + sum(rest[:players - (own is not None)])
    if not 1 <= call <= top:
        problems.append(f"a call of {call}; the cards reach at most {top}")
    return problems


# (players, my card in the colour, face-up cards, the call) of lessons 1 to 4
HOCHSTAPLER = {
    "lesson 1: five players, a call of 15": (5, None, (), 15),
    "lesson 2: my 3, face-up 0 and 7, a call of 12": (5, 3, (0, 7), 12),
    "lesson 2, exercise 5: a face-up 0": (4, 3, (0,), 12),
    "lesson 2, exercise 5: a face-up 7": (4, 3, (7,), 12),
    "lesson 3: my red 4, a call of 13 red": (4, doubting.HAND["red"], (), 13),
    "lesson 3: a raise to 14 blue": (4, doubting.HAND["blue"], (), 14),
    "lesson 4: my 2, a call of 14": (4, 2, (), 14),
    "lesson 4, going further: a call of 15": (4, 2, (), 15),
}


@pytest.mark.parametrize("position", list(HOCHSTAPLER.values()), ids=list(HOCHSTAPLER))
def test_the_hochstapler_positions_obey_the_rules(position: tuple) -> None:
    assert hochstapler_problems(*position) == []


def test_the_rules_check_finds_what_cannot_happen() -> None:
    assert hochstapler_problems(5, 7, (7,), 12) == ["cards [7] are not left in the colour"]
    assert hochstapler_problems(4, 0, (), 25) == ["a call of 25; the cards reach at most 18"]


def test_lesson_3s_table_is_read_by_the_core() -> None:
    scene = hs.Position(players=4, me=1, hand=doubting.HAND, history=[hs.Call(0, 13, "red")])
    assert scene == doubting.SCENE
    assert len(doubting.HAND) == 7  # one card of each of the 7 colours
    assert all(value in PILE_CARDS for value in doubting.HAND.values())


@pytest.mark.parametrize("case", [identities.mine(), identities.WIZARDS, identities.challenged(),
                                  identities.claims("King", (1,), identities.CHANCES[2])],
                         ids=["mine", "three wizards", "challenged", "one king"])
def test_the_hoax_cases_have_deals_that_fit(case) -> None:
    assert case.players == identities.PLAYERS
    d = deduce(case)
    assert sum(d.probability(1, role) for role in ("King", "Judge", "Vicar", "Wizard", "Thief",
                                                   "Peasant")) == 1


def test_lesson_7s_game_replays_through_the_engine() -> None:
    state = face_down.position()
    assert mh.load_game(mh.save_game(state)) == state
    assert state.phase == "decide"
