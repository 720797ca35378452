"""The Duel at the class table in German (issue 44): whole seeded matches (random legal
moves) drawn at every move for every seat in English and in German (one's own turn, the
other's, each deal's end with its cards and every move's exact chance, the end and its
review) keep no sentence of their English rendering (names and numbers aside), show the
same exact fractions and points, and say the German words of Hochstapler (ansagen,
anzweifeln) and of the Duel (Durchgang, Gleichgewicht)."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from bluffmath_class.games import GAMES, Seating
from bluffmath_class.jobs import Sketch, Sync, draw, end_panels
from bluffmath_class.mirror import Deal, Store
from bluffmath_class.settings import TableSettings
from tests.class_server import random_game
from tests.german import fractions, page_sentences

RULES = GAMES["duel"]
#: Words that are the same in both languages: names, and what is not a word (the match and
#: the equilibrium's bluffs are "Match" and "Bluff" in German too).
NAMES = {"Ann", "Ben", "Bot 2", "Hochstapler Duel", "Deutsch", "English", "bluffmath", "Match", "bluff"}
#: The matches played: a variant (deck and length) and a seed. The real colour's
#: equilibrium has fractions of a hundred digits: a long one opens to its digits.
PLAYED = {"0-4-10": 3, "colour-1": 2}


def sentences(*htmls: str) -> set[str]:
    """The pieces of the pages' text with words in them (names and numbers aside)."""
    return page_sentences(htmls, NAMES)


def numbers(html: str) -> list[str]:
    """The exact numbers a page shows (each chance's fraction and each amount of points), in order."""
    return fractions(html, "px")


@cache
def _game(variant: str) -> tuple[dict[str, Any], ...]:
    """A whole match's moves (random legal ones, seeded) as the database keeps them."""
    seed = PLAYED[variant]
    return tuple(random_game(RULES, 2, variant, seed, seed))


SEATING = Seating(("Ann", "Ben"))


def _sync(variant: str, at: int, ended: str | None = None) -> Sync:
    seed = PLAYED[variant]
    return Sync((1, seed), Deal("duel", 2, variant, seed, 0), 0, _game(variant)[:at], ended_by=ended)


def _views(variant: str, at: int, language: str, odds: str = "always",
           ended: str | None = None) -> tuple[dict[int, dict[str, Any]], str]:
    """Both seats' messages at move ``at`` of the match, drawn in ``language``, and the
    teacher's public page of the table."""
    settings = TableSettings(game="duel", seats=2, bot="equilibrium", odds=odds, variant=variant)
    sketch = Sketch(1, settings, SEATING, "", (0, 1), _sync(variant, at, ended), 1, clocks=(60, 60),
                    language=language)
    drawn = draw(Store(), sketch)
    return {seat: json.loads(text) for seat, text in drawn.views.items()}, drawn.public


def _html(message: dict[str, Any]) -> str:
    return "".join(message["regions"].values())


#: German words the pages of a match say somewhere.
EXPECTED = ("Du bist dran", "ist dran", "Durchgang", "ansagen", "anzweifeln", "angesagt", "Gleichgewicht",
            "Zu überbieten", "Du eröffnest", "eröffnet", "du hattest", "gewinnt den Durchgang", "Punkte")


@pytest.mark.parametrize("variant", list(PLAYED))
def test_every_phone_page_of_a_whole_match_keeps_no_english_sentence_and_the_same_numbers(variant: str) -> None:
    moves = _game(variant)
    english_seen, german_seen, said = set(), set(), set()
    for at in range(len(moves) + 1):
        (english, public_en), (german, public_de) = _views(variant, at, "en"), _views(variant, at, "de")
        for seat in english:
            en, de = _html(english[seat]), _html(german[seat])
            assert numbers(en) == numbers(de), (at, seat)
            assert sentences(en) & sentences(de) == set(), (at, seat, sentences(en) & sentences(de))
            english_seen |= sentences(en)
            german_seen |= sentences(de)
            said |= {word for word in EXPECTED if word in de + public_de}
        assert numbers(public_en) == numbers(public_de), at
        assert sentences(public_en) & sentences(public_de) == set(), (at, sentences(public_en) & sentences(public_de))
    assert english_seen & german_seen == set()
    assert said == set(EXPECTED), set(EXPECTED) - said


def test_a_long_fraction_opens_to_the_same_digits_with_a_german_percentage() -> None:
    found = r'<details class="p long" data-p="([^"]+)"><summary>([^<]+)</summary>'
    long_en, long_de = [], []
    for at in range(len(_game("colour-1")) + 1):
        english, german = _views("colour-1", at, "en")[0], _views("colour-1", at, "de")[0]
        for seat in english:
            long_en += re.findall(found, _html(english[seat]))
            long_de += re.findall(found, _html(german[seat]))
    assert long_en, "the real colour's equilibrium has long fractions"
    assert [p for p, _pct in long_en] == [p for p, _pct in long_de]
    assert [pct.replace(".", ",") for _p, pct in long_en] == [pct for _p, pct in long_de]


@pytest.mark.parametrize("odds", ["after-doubt", "never"])
def test_the_odds_settings_speak_german(odds: str) -> None:
    at = len(_game("0-4-10")) // 2
    english, german = _views("0-4-10", at, "en", odds)[0], _views("0-4-10", at, "de", odds)[0]
    for seat in english:
        assert sentences(_html(english[seat])) & sentences(_html(german[seat])) == set()
    words = {"after-doubt": "Die Chancen siehst du, wenn ein Durchgang endet", "never": "keine Chancen"}
    assert words[odds] in _html(german[0])


@pytest.mark.parametrize("variant", list(PLAYED))
def test_the_end_and_the_review_speak_german_with_the_same_numbers(variant: str) -> None:
    moves = _game(variant)
    english, german = (_views(variant, len(moves), code, ended="finished")[0] for code in ("en", "de"))
    owns = {0: frozenset(), 1: None}  # seat 0: a bot made every move for its student
    sync = _sync(variant, len(moves), "finished")
    panels = {code: end_panels(Store(), sync, SEATING, owns, code)[0] for code in ("en", "de")}
    for seat in owns:
        en, de = _html(english[seat]) + panels["en"][seat], _html(german[seat]) + panels["de"][seat]
        assert numbers(en) == numbers(de), seat
        assert sentences(en) & sentences(de) == set(), (seat, sentences(en) & sentences(de))
    review = panels["de"][1]
    assert "gegen den Gleichgewichts-Bot" in review
    assert "Durchgang 1, du hast die" in review
    assert "Wie die Auswertung einen Zug bewertet" in review


def test_the_teacher_ending_a_match_is_said_in_german() -> None:
    at = len(_game("0-4-10")) // 2
    public_en, public_de = (_views("0-4-10", at, code, ended="teacher")[1] for code in ("en", "de"))
    assert "Die Lehrkraft hat das Match in Durchgang" in public_de
    assert sentences(public_en) & sentences(public_de) == set()


def test_the_class_picture_speaks_german_with_the_same_numbers() -> None:
    """The teacher's picture of the class's Duel (shown on the phones too once a match ends),
    over both matches: the class's bluffs and doubts, points, what a best reply takes, and
    every situation met, beside the equilibrium."""
    from bluffmath.i18n import speaking
    from bluffmath_class.games.base import Record

    records = [Record(SEATING, _sync(v, len(_game(v))).game(Store()).state, [], "finished", table=1, game=k)
               for k, v in enumerate(PLAYED, start=1)]
    english = RULES.picture(records)
    with speaking("de"):
        german = RULES.picture(records)
    assert numbers(english) == numbers(german)
    assert re.findall(r'data-[a-z-]+="(\d+)"', english) == re.findall(r'data-[a-z-]+="(\d+)"', german)
    assert sentences(english) & sentences(german) == set(), sentences(english) & sentences(german)
    for word in ("Das Duell mit", "hat die Klasse", "Beim Eröffnen", "Jede Lage", "anzweifeln", "ansagen"):
        assert word in german, word
