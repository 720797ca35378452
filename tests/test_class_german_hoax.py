"""Hoax at the class table in German (issue 44): a whole seeded game of each edition, drawn
at every move for every seat in English and in German (every phase: one's own turn, the
others', claims, reactions, "Hoax!" and its vote, looks, accusations, the showdown, the end
and its review), keeps no sentence of its English rendering (names and numbers aside),
shows the same exact fractions, and says the German edition's words (Die Erben von Hoax:
Baron, Richter, Mönch, Magier, Dieb, Bauer, Händler)."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from bluffmath.hoax.events import Ended
from bluffmath_class.games import GAMES, Seating
from bluffmath_class.jobs import Sketch, Sync, draw, end_panels
from bluffmath_class.mirror import Deal, Store
from bluffmath_class.settings import TableSettings
from tests.class_server import random_game
from tests.german import fractions, page_sentences

RULES = GAMES["hoax"]
#: Words that are the same in both languages: names, the game's and the edition's names,
#: and what is the same word in both ("Gold", a "Trio", "illegal!"; "Showdown" is the
#: German edition's own word).
NAMES = {"Ann", "Ben", "Cy", "Bot 4", "Bot 5", "Hoax", "Die Erben von Hoax", "Deutsch", "English", "bluffmath",
         "BluffModel", "honest", "bluff", "Gold", "gold", "Showdown", "showdown", "Trio", "illegal"}
#: The games played: the edition, the seats and a seed whose random game reaches every
#: phase that edition has (claims, reactions, "Hoax!" and votes, looks, accusations; the
#: German edition's covered roles, showdown and its doubts, a vault).
PLAYED = {"original": (4, 24), "german": (5, 39)}


def sentences(*htmls: str) -> set[str]:
    """The pieces of the pages' text with words in them (names and numbers aside)."""
    return page_sentences(htmls, NAMES)


def numbers(html: str) -> list[str]:
    """The exact numbers a page shows (each chance's fraction), in order."""
    return fractions(html)


@cache
def _game(variant: str) -> tuple[dict[str, Any], ...]:
    """A whole game's moves (random legal ones, seeded) as the database keeps them."""
    seats, seed = PLAYED[variant]
    return tuple(random_game(RULES, seats, variant, seed, seed))


def _seating(seats: int) -> Seating:
    return Seating(("Ann", "Ben", "Cy", "Bot 4", "Bot 5")[:seats], frozenset({3, 4}) & frozenset(range(seats)))


def _sync(variant: str, at: int, ended: str | None = None) -> Sync:
    seats, seed = PLAYED[variant]
    return Sync((1, seed), Deal("hoax", seats, variant, seed, 0), 0, _game(variant)[:at], ended_by=ended)


def _views(variant: str, at: int, language: str, odds: str = "always",
           ended: str | None = None) -> tuple[dict[int, dict[str, Any]], str]:
    """Every seat's message at move ``at`` of the game, drawn in ``language``, and the
    teacher's public page of the table."""
    seats = PLAYED[variant][0]
    settings = TableSettings(game="hoax", seats=seats, bot="deducer", odds=odds, variant=variant)
    sketch = Sketch(1, settings, _seating(seats), "", tuple(range(seats)), _sync(variant, at, ended), 1,
                    clocks=(60,) * seats, language=language)
    drawn = draw(Store(), sketch)
    return {seat: json.loads(text) for seat, text in drawn.views.items()}, drawn.public


def _html(message: dict[str, Any]) -> str:
    return "".join(message["regions"].values())


#: German words every game's pages say somewhere, and those only the German edition's do.
EXPECTED = ("Du bist dran", "Baron", "Richter", "Mönch", "Magier", "Dieb", "Bauer", "Burg", "Getreide", "Wein",
            "„Hoax!“", "stimmt mit", "stimmen mit", "beschuldigt", "Dein exaktes Blatt")
EXPECTED_GERMAN_EDITION = ("Händler", "Showdown: ", "deckt den", "Tresor", "Die Erben von Hoax")


@pytest.mark.parametrize("variant", list(PLAYED))
def test_every_phone_page_of_a_whole_game_keeps_no_english_sentence_and_the_same_numbers(variant: str) -> None:
    moves = _game(variant)
    english_seen, german_seen, said = set(), set(), set()
    expected = EXPECTED + (EXPECTED_GERMAN_EDITION if variant == "german" else ())
    for at in range(len(moves) + 1):
        (english, public_en), (german, public_de) = _views(variant, at, "en"), _views(variant, at, "de")
        for seat in english:
            en, de = _html(english[seat]), _html(german[seat])
            assert numbers(en) == numbers(de), (at, seat)
            assert sentences(en) & sentences(de) == set(), (at, seat, sentences(en) & sentences(de))
            english_seen |= sentences(en)
            german_seen |= sentences(de)
            said |= {word for word in expected if word in de}
        assert sentences(public_en) & sentences(public_de) == set(), (at, sentences(public_en) & sentences(public_de))
    assert english_seen & german_seen == set()
    assert said == set(expected), set(expected) - said


@pytest.mark.parametrize("odds", ["after-doubt", "never"])
def test_the_odds_settings_speak_german(odds: str) -> None:
    at = len(_game("original")) // 2
    english, german = _views("original", at, "en", odds)[0], _views("original", at, "de", odds)[0]
    for seat in english:
        assert sentences(_html(english[seat])) & sentences(_html(german[seat])) == set()
    assert any("Anfechtungen und Beschuldigungen" in _html(m) or "keine Chancen" in _html(m) for m in german.values())


@pytest.mark.parametrize("variant", list(PLAYED))
def test_the_end_and_the_review_speak_german_with_the_same_numbers(variant: str) -> None:
    moves = _game(variant)
    seats = PLAYED[variant][0]
    english, german = (_views(variant, len(moves), code, ended="finished")[0] for code in ("en", "de"))
    owns = {0: frozenset(), 1: None, 2: None}  # seat 0: a bot made every decision for its student
    sync = _sync(variant, len(moves), "finished")
    panels = {code: end_panels(Store(), sync, _seating(seats), owns, code)[0] for code in ("en", "de")}
    for seat in owns:
        en, de = _html(english[seat]) + panels["en"][seat], _html(german[seat]) + panels["de"][seat]
        assert numbers(en) == numbers(de), seat
        assert sentences(en) & sentences(de) == set(), (seat, sentences(en) & sentences(de))
    said = " ".join(panels["de"].values())
    assert "Alle Karten:" in said
    assert "Dein exaktes Blatt bei Spielende:" in said
    assert "gewinnt" in said or "Du gewinnst" in said or "Kein Sieger" in said


def test_the_teacher_ending_a_game_is_said_in_german() -> None:
    at = len(_game("german")) // 2
    public_en = _views("german", at, "en", ended="teacher")[1]
    public_de = _views("german", at, "de", ended="teacher")[1]
    assert "Die Lehrkraft hat das Spiel beendet, bevor jemand gewonnen hat" in public_de
    assert sentences(public_en) & sentences(public_de) == set()


def test_every_way_a_game_ends_is_said_in_german() -> None:
    """The engine keeps how a game ended in English (its data); a page says it in German."""
    from bluffmath.hoax.events import ALL_PASSED
    from bluffmath.i18n import speaking

    hows = [ALL_PASSED, "the last player left", "the Thief was doubted and told the truth",
            "doubted as the Wizard in the showdown, and it is", "no winner after 200 turns: a draw"]
    for how in hows:
        for winner in (None, 1):
            english = Ended(winner, how).text(("Ann", "Ben"))
            with speaking("de"):
                german = Ended(winner, how).text(("Ann", "Ben"))
            assert sentences(english) & sentences(german) == set(), (english, german)
    with speaking("de"):
        assert Ended(1, hows[2]).text(("Ann", "Ben")) == "Ben gewinnt (wurde als Dieb angezweifelt und hat die Wahrheit gesagt)"


def test_the_class_picture_speaks_german_with_the_same_numbers() -> None:
    """The teacher's picture of the class's Hoax (shown on the phones too once a game ends),
    over a finished game of each edition and one still played."""
    from bluffmath.i18n import speaking
    from bluffmath_class.games.base import Record
    from bluffmath_class.games.hoax_notes import replay_notes

    records = []
    for number, variant in enumerate(PLAYED, start=1):
        seats = PLAYED[variant][0]
        state = _sync(variant, len(_game(variant))).game(Store()).state
        records.append(Record(_seating(seats), state, replay_notes(state), "finished", table=1, game=number))
    live = _sync("german", len(_game("german")) // 2).game(Store()).state
    records.append(Record(_seating(5), live, replay_notes(live), None, table=2, game=1))
    english = RULES.picture(records)
    with speaking("de"):
        german = RULES.picture(records)
    assert numbers(english) == numbers(german)
    assert re.findall(r'data-[a-z-]+="(\d+)"', english) == re.findall(r'data-[a-z-]+="(\d+)"', german)
    assert sentences(english) & sentences(german) == set(), sentences(english) & sentences(german)
    for word in ("Behauptungen", "beendeten Spielen", "„Hoax!“ gegen", "beschuldigt", "am Ende"):
        assert word in german, word
