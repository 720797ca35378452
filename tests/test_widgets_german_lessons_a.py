"""The widgets, hints and worksheet tables of lessons 2 to 4 in German (issue 44).

Each widget is driven headless in English and in German through the same steps; every text
it shows (HTML, descriptions, options, placeholders) is collected, and no sentence of the
English rendering may be left in the German one (names and numbers aside), while the exact
fractions shown are the same in both. The answer keys' hints and the worksheets' tables are
compared the same way, and German words the lessons' text refers to must be there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

import bluffmath_widgets
from bluffmath.i18n import _, speaking
from bluffmath_widgets import common
from bluffmath_widgets.lessons import bids, conditioning, doubting
from tests import german
from tests.german import texts_of
from tests.widget_texts import shown

NAMES = {"Ada", "Dora", "Hochstapler"}
Seen = list[tuple[list[str], str]]


def play_conditioning() -> Seen:
    view = conditioning.BeforeAfter(players=5, own=3, face_up="0,7", call=12)
    seen = [shown(view)]
    view.own.value = conditioning.NOT_LOOKED
    seen.append(shown(view))
    view.face_up.value = "0_7"  # not card values: the widget's refusal
    seen.append(shown(view))
    return seen


def play_doubting() -> Seen:
    view = doubting.DoubtOrRaise(players=4, own=4, raise_with=7, call=13)
    seen = [shown(view)]
    view.raise_with.value, view.doubted.value = doubting.SAME_COLOUR, Fraction(1, 2)
    seen.append(shown(view))
    view.call.value = 23  # the highest total of four players: no raise is left
    seen.append(shown(view))
    view.players.value, view.call.value = 3, 30  # no total of three players reaches it
    seen.append(shown(view))
    return seen


def play_bids() -> Seen:
    view = bids.BidReader(players=4, own=2, call=14)
    seen = [shown(view)]
    view.bluff.value, view.call.value = Fraction(0), 17  # nothing fits an honest caller: refused
    seen.append(shown(view))
    return seen


def in_language(code: str, play: Callable[[], Seen], monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], list[str]]:
    """The sentences and the fractions ``play`` shows, with the widgets speaking ``code``."""
    with speaking("en"):
        monkeypatch.setattr(common, "_chosen", None)
        bluffmath_widgets.language(code)
        seen = play()
        monkeypatch.setattr(common, "_chosen", None)
    texts = [t for texts, _html in seen for t in texts]
    return german.sentences(texts, NAMES), [f for _t, html in seen for f in re.findall(r"\b\d+/\d+\b", html)]


@pytest.mark.parametrize(("play", "words"), [
    (play_conditioning, {"deine Karte", "nicht angesehen", "wenn du deine Karte tauschst", "Offen"}),
    (play_doubting, {"anzweifeln", "erhöhen", "der Nächste zweifelt meine Erhöhung an", "in der Hälfte der Fälle",
                     "erwartete Minuspunkte beim Erhöhen = die Schwellenlinie"}),
    (play_bids, {"Bluffrate", "Schwelle", "Prior", "Posterior", "Likelihood", "Platz 1 sagt an"}),
], ids=["conditioning", "doubting", "bids"])
def test_a_lesson_widget_in_german_keeps_no_english_sentence(
        play: Callable[[], Seen], words: set[str], monkeypatch: pytest.MonkeyPatch) -> None:
    english, english_numbers = in_language("en", play, monkeypatch)
    german_text, german_numbers = in_language("de", play, monkeypatch)
    assert english_numbers
    assert english & german_text == set()
    assert german_numbers == english_numbers
    assert words <= german_text


def test_the_refusal_of_a_call_nothing_fits_is_german() -> None:
    with speaking("de"):
        view = bids.BidReader(players=4, own=2, call=17, bluff=Fraction(0))
    view.refresh()  # a redraw later, in whatever language the kernel speaks then: the widget's own
    assert "Keine Austeilung passt zu dieser Ansage, wenn niemand blufft (Bluffrate = 0)" in view.message.value
    assert "Platz 1 hat 17 angesagt" in view.message.value


@pytest.mark.parametrize("module", [conditioning, doubting, bids], ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_the_keys_hints_and_answers_wanted_are_german(module) -> None:
    def hints(code: str) -> tuple[dict, list[str]]:
        with speaking(code):
            return ({n: {answer: _(hint) for answer, hint in e.mistakes().items()}
                     for n, e in module.KEY.exercises.items()},
                    [_(e.wants) for e in module.KEY.exercises.values()])

    english, english_wants = hints("en")
    german_hints, german_wants = hints("de")
    assert {n: set(h) for n, h in german_hints.items()} == {n: set(h) for n, h in english.items()}
    english_text = german.sentences([h for by in english.values() for h in by.values()] + english_wants)
    german_text = german.sentences([h for by in german_hints.values() for h in by.values()] + german_wants)
    assert english_text
    assert english_text & german_text == set()


@pytest.mark.parametrize(("module", "words"), [
    (conditioning, "gleich wahrscheinlichen Auswahlen der anderen drei roten Karten"),
    (doubting, "Deine Hand: Rot 4, Orange 2, Gelb 1"),
    (bids, "Bayes-Tabelle der Karte von Platz 1"),
], ids=["conditioning", "doubting", "bids"])
def test_the_worksheet_tables_are_german_with_the_same_numbers(module, words: str) -> None:
    def sheets(code: str) -> list[str]:
        with speaking(code):
            return [make() for make in module.PAPER.values()]

    english, german_sheets = sheets("en"), sheets("de")
    for before, after in zip(english, german_sheets, strict=True):
        assert sorted(re.findall(r"\d+(?:/\d+)?", before)) == sorted(re.findall(r"\d+(?:/\d+)?", after))
        left = german.sentences(texts_of(before), NAMES) & german.sentences(texts_of(after), NAMES)
        assert left == set()
    assert words in "".join(german_sheets)
