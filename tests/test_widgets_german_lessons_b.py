"""Lessons 5 and 6's widgets in German (issue 44): the Gauner raus! positions in words and
on the worksheet, the Hoax claim weigher and its worksheet tables, and the checks' hints,
each rendered in English and in German. No sentence of the English rendering is left in
the German one (names and numbers aside), the numbers and exact fractions are the same in
both, and the German uses the German rules' words. The Bayes table the core draws
(:func:`bluffmath.hoax.bayes_html`) is not these widgets' text and is left out."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from bluffmath.gauner import GRID
from bluffmath.i18n import speaking
from bluffmath_widgets import common
from bluffmath_widgets.lessons import deduction, identities
from tests import german
from tests.german import texts_of

#: The same in both languages: the games' names, the colour orange and its cells, the code's names.
NAMES = {"Gauner raus!", "Hoax", "Fraction", "solve", *(f"orange-{letter}" for letter in GRID.letters), "orange"}

POSITIONS = [deduction.small_position(), deduction.small_position(after_miss=True), deduction.three_players(),
             deduction.full_grid()]


def sentences(texts: list[str]) -> set[str]:
    return german.sentences(texts, NAMES)


def numbers(text: str) -> list[str]:
    """The numbers and fractions of ``text``, in order."""
    return re.findall(r"\d+(?:/\d+)?", text)


def both(render: Callable[[], list[str]]) -> tuple[list[str], list[str]]:
    with speaking("en"):
        english = render()
    with speaking("de"):
        german_texts = render()
    return english, german_texts


def assert_translated(english: list[str], german_texts: list[str]) -> None:
    assert sentences(german_texts), "the German says something"
    assert sentences(english) & sentences(german_texts) == set()
    assert [numbers(t) for t in german_texts] == [numbers(t) for t in english]


def test_a_position_in_words_is_german_with_the_german_colours() -> None:
    english, german_texts = both(lambda: [deduction.position_text(p) for p in POSITIONS])
    assert_translated(english, german_texts)
    said = "\n".join(german_texts)
    for words in ("Du (Platz 0) hast 12 Karten", "Platz 1 hat eingetragen", "offen ausgelegt",
                  "als „nicht meine“ markiert", "rot-F=4", "lila-C", "grün-"):
        assert words in said
    assert not re.search(r"\b(red|yellow|green|blue|purple)-[A-F]", said)
    assert "You (seat 0) hold 12 cards: red-E, red-F" in english[0]


def test_the_worksheets_positions_are_german() -> None:
    english, german_texts = both(lambda: [" ".join(texts_of(f())) for f in deduction.PAPER.values()])
    assert_translated(english, german_texts)
    said = " ".join(german_texts)
    for words in ("Tabelle von Platz 1: 3 verdeckte Karten", "Zeile rot, Spalte F", "meine", "„nicht meine“"):
        assert words in said


def test_exercise_4_takes_a_cells_german_name_in_german_only() -> None:
    with speaking("de"):
        assert deduction.check(4, "rot-D").right
        assert deduction.check(4, " Rot-d ").right
        assert deduction.check(4, "red-D").right
        assert "rot-B nicht" in deduction.check(4, "rot-B").message
    assert not deduction.check(4, "rot-D").right
    assert deduction.check(4, "red-D").right


@pytest.mark.parametrize("key", [deduction.KEY, identities.KEY], ids=["deduction", "identities"])
def test_every_hint_and_every_answers_kind_is_german(key) -> None:
    def messages() -> list[str]:
        out = []
        for number, exercise in key.exercises.items():
            out.append(key.check(number, ...).message)
            out += [key.check(number, mistake).message for mistake in exercise.mistakes()]
        return out

    english, german_texts = both(messages)
    assert len(english) > len(key.exercises)
    assert_translated(english, german_texts)


def _weigher_texts(view: identities.ClaimWeigher) -> list[str]:
    """What the weigher's own controls and outputs say (the core's Bayes table left out)."""
    texts = [view.table.value.split("<table")[0], view.lies.value, view.chart.value]
    texts = [" ".join(texts_of(t)) for t in texts]
    for control in (view.my_role, view.role, view.claimants, view.honest, view.bluff):
        texts.append(control.description)
    texts += [label for label, _value in view.role.options]
    return texts


def test_the_claim_weigher_is_german_with_the_german_editions_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    def render() -> list[str]:
        view = identities.ClaimWeigher(role="Wizard", claimants=3, bluff=Fraction(1, 3))
        seen = _weigher_texts(view)
        view.bluff.value = Fraction(1)
        return seen + _weigher_texts(view)

    def speaking_widgets(code: str) -> list[str]:
        monkeypatch.setattr(common, "_chosen", code)
        with speaking(code):
            return render()

    english, german_texts = speaking_widgets("en"), speaking_widgets("de")
    assert_translated(english, german_texts)
    said = " ".join(german_texts)
    for words in ("Baron", "Richter", "Mönch", "Magier", "Dieb", "Bauer", "Spieler 1",
                  "P(nicht der Magier)", "Bayes-Tabelle von Spieler 1", "keine Verteilung passt"):
        assert words in said
    for fraction in ("42/127", "85/127"):
        assert fraction in said


def test_the_hoax_worksheet_tables_are_german() -> None:
    english, german_texts = both(lambda: [" ".join(texts_of(f())) for f in identities.PAPER.values()])
    assert_translated(english, german_texts)
    said = " ".join(german_texts)
    for words in ("Prior", "Likelihood", "Rolle", "Summe", "Baron", "Magier", "2 Magier", "keiner von beiden"):
        assert words in said
