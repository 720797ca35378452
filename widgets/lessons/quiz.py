"""A short quiz per game, for paper (``notebooks/lessons/handouts.py`` prints it).

Each question is text and a function that asks the core for the exact answer when the key
is printed; no answer is stored as a copied number. ``tests/test_handouts.py`` checks every
answer against a brute-force count of its own.

>>> [q.number for q in QUIZZES["gauner"].questions]
[1, 2, 3]
>>> QUIZZES["hochstapler"].questions[0].answer()
43
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bluffmath import gauner, hoax
from bluffmath import hochstapler as hs
from bluffmath.gauner import GRID
from bluffmath.i18n import N_

from .face_down import honest_chance, knowledge
from .face_down import position as face_down_position

__all__ = ["QUIZZES", "Question", "Quiz"]


@dataclass(frozen=True)
class Question:
    """One question: its number, its text (markdown, in English: marked for the catalogs,
    ``_(question.text)`` is it in the language in use) and how the core answers it."""

    number: int
    text: str
    answer: Callable[[], Any]


@dataclass(frozen=True)
class Quiz:
    """A game's quiz: its title and its questions, in order."""

    title: str
    questions: tuple[Question, ...]


def _hochstapler_total(players: int, own: int | None, call: int) -> Fraction:
    return hs.total_distribution(players, own).at_least(call)


def _gauner_green_b() -> Fraction:
    position = gauner.Position.from_json({
        "game": "gauner-raus", "players": 2, "me": 0,
        "hand": [f"{colour}-{letter}" for colour in ("red", "yellow") for letter in "ABCDEF"],
        "tables": [{"numbers": {"green-A": 2}}, {"numbers": {"green-A": 5}}]})
    return gauner.solve(position).probability(1, "green-B")


def _hoax_wizard() -> Fraction:
    case = hoax.Case("original", 4, (hoax.Holds(0, "King", "own card"),))
    return hoax.deduce(case).probability(1, "Wizard")


def _hoax_two_claims() -> Fraction:
    case = hoax.Case("original", 4, (hoax.Holds(0, "Wizard", "own card"),
                                     hoax.Claim(1, "Wizard"), hoax.Claim(2, "Wizard")),
                     hoax.BluffModel(honest=Fraction(1), bluff=Fraction(1, 4)))
    return hoax.deduce(case).probability(1, "Wizard")


QUIZZES: dict[str, Quiz] = {
    "hochstapler": Quiz("Hochstapler", (
        Question(1, N_("A colour's 15 cards are 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7. What do "
                    "they add up to?"), lambda: sum(v * n for v, n in hs.PILE.items())),
        Question(2, N_("Four players each hold one card of the colour. Before anyone looks, what is "
                    "the chance that their four cards add up to **at least 12**? (A fraction.)"),
                 lambda: _hochstapler_total(4, None, 12)),
        Question(3, N_("Same four players; you look at your card: a 5. Now what is the chance that "
                    "the four cards add up to at least 12?"), lambda: _hochstapler_total(4, 5, 12)),
    )),
    "gauner": Quiz("Gauner raus!", (
        Question(1, N_("A number written at a cell counts the cards of that cell's colour or its "
                    "letter. How many cells of the 6 × 6 grid does that cover (the cell's cross)?"),
                 lambda: len(GRID.cross(GRID.index("green-A")))),
        Question(2, N_("Three players get 10 cards each. How many of the 36 cards stay in the box?"),
                 lambda: GRID.surplus(3)),
        Question(3, N_("Two players, each dealt 12 of the 36 cards (12 stay in the box); you hold the 12 "
                    "red and yellow cards. Your opponent wrote 5 at green-A and nothing else is known. "
                    "What is the chance that they hold green-B?"),
                 _gauner_green_b),
    )),
    "hoax": Quiz("Hoax", (
        Question(1, N_("Four players, the original deck (two cards of each of six roles). You hold a "
                    "King. What is the chance that player 1 holds a Wizard?"), _hoax_wizard),
        Question(2, N_("Four players, the original deck; you hold a Wizard. Players 1 and 2 both "
                    "speak as the Wizard. A player who holds the Wizard always does; one who does "
                    "not bluffs so with chance 1/4. What is the chance that player 1 is the Wizard?"),
                 _hoax_two_claims),
    )),
    "muenchhausen": Quiz("Münchhausen", (
        Question(1, N_("Three players; each starts with one card of each value 1 to 8. Seat 1 lays a card "
                    "face down claiming \"at least 6\" (nobody ever sees it), and later a second card "
                    "face down claiming \"at least 8\". If seat 1 lays any card of its hand alike, each "
                    "time, what is the chance that the second card is honest (at least 8)?"),
                 lambda: honest_chance(knowledge(face_down_position(), "uniform"))),
        Question(2, N_("The same game, but the second card claims **at least 7**. If seat 1 again lays any "
                    "card of its hand alike, what is the chance that the second card is honest?"),
                 lambda: honest_chance(knowledge(face_down_position(claim=7), "uniform"))),
    )),
}
"""The quizzes by game: ``hochstapler``, ``gauner``, ``hoax``, ``muenchhausen``."""
