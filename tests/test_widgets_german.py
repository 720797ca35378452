"""The Hochstapler widgets in German (issue 44): the calculator, the companion and a whole
seeded game at the table, driven headless in both languages. Every text the widgets show
(HTML, descriptions, options, button labels, tooltips, placeholders) is collected; no
sentence of the English rendering is left in the German one, names and numbers aside and
the core's explanations (:data:`CORE_ENGLISH`, still English), and the exact fractions
shown are the same in both. ``bluffmath_widgets.language`` takes its default from the
kernel's locale and refuses a language bluffmath does not speak."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import bluffmath_widgets
from bluffmath import hochstapler as hs
from bluffmath.i18n import LanguageError, speaking
from bluffmath_widgets import common
from bluffmath_widgets.hochstapler import (
    DEFAULT_NAMES,
    NO_CALL,
    NOT_COUNTED,
    HochstaplerTable,
    OddsCalculator,
    PositionOdds,
)
from tests import german
from tests.widget_texts import shown

#: Words the same in both languages: the players' names, the games' names, formats.
NAMES = {*DEFAULT_NAMES, "bluffmath_widgets", "Hochstapler", "Gauner raus!", "Hoax", "Münchhausen", "JSON", "UTF-8",
         "orange", "Ring"}


def sentences(texts: list[str]) -> set[str]:
    """The pieces of text with words in them (names and numbers aside)."""
    return german.sentences(texts, NAMES)


def fractions(html: str) -> list[str]:
    return re.findall(r"\b\d+/\d+\b", html)


def in_language(code: str, play: Callable[[], list[tuple[list[str], str]]],
                monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], list[str]]:
    """The sentences and the fractions ``play`` shows, with the widgets speaking ``code``."""
    with speaking("en"):  # whatever language() sets, the tests after this one speak English
        monkeypatch.setattr(common, "_chosen", None)
        bluffmath_widgets.language(code)
        seen = play()
        monkeypatch.setattr(common, "_chosen", None)
    return sentences([t for texts, _html in seen for t in texts]), [f for _t, html in seen for f in fractions(html)]


def compare(play: Callable[[], list[tuple[list[str], str]]], monkeypatch: pytest.MonkeyPatch,
            allowed: set[str] = frozenset()) -> None:
    english, english_numbers = in_language("en", play, monkeypatch)
    german, german_numbers = in_language("de", play, monkeypatch)
    assert german
    assert english_numbers
    assert (english & german) - allowed == set()
    assert german_numbers == english_numbers


def play_calculator() -> list[tuple[list[str], str]]:
    calc = OddsCalculator(players=5, own=3, face_up="0,7", call=12)
    seen = [shown(calc)]
    calc.show_counting.value = True
    seen.append(shown(calc))
    calc.call.value = 40  # too high: the widget's refusal
    seen.append(shown(calc))
    calc.call.value = 12
    calc.face_up.value = "0,0,0,0"  # the core's refusal
    seen.append(shown(calc))
    calc.face_up.value = "0,7"
    calc.own.value = NOT_COUNTED
    seen.append(shown(calc))
    return seen


def play_companion() -> list[tuple[list[str], str]]:
    companion = PositionOdds(players=4, call=(14, "blue"))
    seen = [shown(companion)]
    companion.call_colour.value = NO_CALL
    companion.history.value = "1:12 red, 2:blue:3, 2:14 blue"
    seen.append(shown(companion))
    companion.history.value = "1:12 pink"  # not a colour: the widget's refusal
    seen.append(shown(companion))
    return seen


def play_table() -> list[tuple[list[str], str]]:
    """A seeded game of four, to the end: I play the card-counting bot's moves, with an
    exchange now and then; then save."""
    table = HochstaplerTable(players=4, me=1, seed=5, bot_delay=0)
    seen, mine, rng = [shown(table)], hs.CardCountingBot(), random.Random(5)
    while not table.state.is_terminal:
        state = table.state
        legal = state.legal_actions()
        exchanges = [a for a in legal if isinstance(a, hs.ExchangeCard)]
        action = exchanges[0] if exchanges and len(state.history) % 4 == 1 else mine.choose(
            state.view(table.my_seat), legal, rng)
        table.act(action)
        assert table.message.value == ""
        seen.append(shown(table))
    table.save_button.click()
    seen.append(shown(table))
    return seen


def test_the_calculator_in_german_keeps_no_english_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_calculator, monkeypatch, set())


def test_the_companion_in_german_keeps_no_english_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """Allowed: what the player typed, quoted back."""
    compare(play_companion, monkeypatch, sentences(["'1:12 pink'"]))


def test_a_whole_game_at_the_table_in_german_keeps_no_english_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_table, monkeypatch, {"bar chart"})


def test_moves_are_said_with_the_german_rules_words(monkeypatch: pytest.MonkeyPatch) -> None:
    with speaking("en"):
        monkeypatch.setattr(common, "_chosen", "de")
        table = HochstaplerTable(players=3, seed=1, bots="random", bot_delay=0)
        assert (table.raise_button.description, table.doubt_button.description,
                table.exchange_button.description) == ("erhöhen", "anzweifeln", "tauschen")
        table.raise_total.value, table.raise_colour.value = 5, "red"
        table.raise_button.click()
        assert "Ada (du)</b>" not in table.history.value  # the name is bold, "(du)" after it
        assert "<b>Ada</b> (du) sagt <b>5 rote Uhren</b> an" in table.history.value
        table.raise_total.value = 99
        table.raise_button.click()  # the engine's refusal, shown; a second click: not my turn
        assert table.message.layout.display != "none"


def test_the_default_language_is_the_kernels_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_chosen", None)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert bluffmath_widgets.language() == "de"
    with speaking("en"):
        assert OddsCalculator().players.description == "Spieler"
    monkeypatch.setenv("LC_MESSAGES", "en_GB.UTF-8")
    assert bluffmath_widgets.language() == "en"
    for locale in ("C.UTF-8", "fr_FR.UTF-8", ""):
        monkeypatch.setenv("LC_MESSAGES", locale)
        monkeypatch.setenv("LANG", locale)
        assert bluffmath_widgets.language() == "en"


def test_a_language_bluffmath_does_not_speak_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_chosen", "de")
    with speaking("en"):
        for code in ("fr", "DE", 7, ""):
            with pytest.raises(LanguageError, match="Die Sprache muss eine von en, de sein"):
                bluffmath_widgets.language(code)
        assert bluffmath_widgets.language() == "de"
        monkeypatch.setattr(common, "_chosen", "en")
        with pytest.raises(LanguageError, match="The language must be one of en, de, not 'fr'"):
            bluffmath_widgets.language("fr")
