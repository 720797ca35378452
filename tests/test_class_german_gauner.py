"""Gauner raus! at the class table in German (issue 44): a whole seeded game of random legal
moves, drawn at every move for every seat in English and in German as the server draws it
(every region of the phones' pages and the teacher's public page), keeps no sentence of its
English rendering (names and numbers aside), shows the same exact numbers, and says what a
German class reads at the table (würfeln, eintragen, fragen, ein Treffer, daneben, offen,
verdeckt); so do the end pages, the reviews and the class's picture."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bluffmath.i18n import speaking
from bluffmath.schema import Node
from bluffmath_class.errors import MessageError
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.jobs import Sketch, Sync, draw, end_panels
from bluffmath_class.mirror import Deal, Store
from bluffmath_class.settings import TableSettings
from tests.class_server import random_game
from tests.german import fractions, page_sentences

RULES = GAMES["gauner"]
NAMES = ("Ann", "Ben", "Bot 3")
#: Words that are the same in both languages: names, and what is not a word ("orange" is
#: a German colour too, as in the cell "orange-A").
SAME = {"Gauner raus!", *NAMES, "Deutsch", "English", "orange"}


def sentences(*htmls: str) -> set[str]:
    """The pieces of the pages' text with words in them (names and numbers aside)."""
    return page_sentences(htmls, SAME)


def numbers(html: str) -> list[str]:
    """The exact numbers a page shows (each chance's and each value's fraction), in order."""
    return fractions(html, "pv")


#: The deal of every game here (the moves are drawn at random from another seed).
DEAL = 7


def _game(seed: int, players: int, variant: str) -> list[dict[str, Any]]:
    """A whole game's moves (random legal ones, seeded) as the database keeps them."""
    return random_game(RULES, players, variant, DEAL, seed)


def _sync(moves: list[dict[str, Any]], players: int, variant: str, ended: str | None = None) -> Sync:
    return Sync((1, 7), Deal("gauner", players, variant, DEAL, 0), 0, tuple(moves), ended_by=ended)


def _drawn(store: Store, moves: list[dict[str, Any]], players: int, variant: str, language: str,
           odds: str = "always", later: bool = False, ended: str | None = None) -> tuple[dict[int, str], str]:
    """Every seat's regions and the teacher's public page, drawn in ``language``."""
    seating = Seating(NAMES[:players], frozenset({players - 1}))
    settings = TableSettings(game="gauner", seats=players, odds=odds, variant=variant, bot="solver")
    sketch = Sketch(1, settings, seating, "", tuple(range(players)), _sync(moves, players, variant, ended), 1,
                    later=later, clocks=(60,) * players, language=language)
    drawn = draw(store, sketch)
    views = {seat: "".join(json.loads(text)["regions"].values()) for seat, text in drawn.views.items()}
    return views, drawn.public


def _compare(english: str, german: str, where: object) -> tuple[set[str], set[str]]:
    assert numbers(english) == numbers(german), where
    en, de = sentences(english), sentences(german)
    assert en & de == set(), (where, en & de)
    return en, de


@pytest.mark.parametrize(("seed", "players", "variant"), [(5, 2, "plain"), (2, 3, "brave")])
def test_every_page_of_a_whole_game_keeps_no_english_sentence_and_the_same_numbers(seed, players, variant):
    moves = _game(seed, players, variant)
    stores = {"en": Store(), "de": Store()}
    english_seen, german_seen = set(), set()
    for at in range(len(moves) + 1):
        english, public_en = _drawn(stores["en"], moves[:at], players, variant, "en")
        german, public_de = _drawn(stores["de"], moves[:at], players, variant, "de")
        for seat in english:
            en, de = _compare(english[seat], german[seat], (at, seat))
            english_seen |= en
            german_seen |= de
        en, de = _compare(public_en, public_de, (at, "public"))
        english_seen |= en
        german_seen |= de
    assert english_seen & german_seen == set()
    said = " ".join(german_seen)
    for word in ("Du bist dran", "gewürfelt", "eingetragen", "gefragt", "ein Treffer", "daneben", "Dein Tisch",
                 "Verteilungen passen", "Deine besten Tipps", "Offen ausgelegt", "Das Spiel ist vorbei"):
        assert word in said, word
    assert {"Your turn", "ask an opponent for a card"} <= english_seen
    if variant == "brave":
        assert "Variante für mutige Ermittler" in said
        assert any("in diesem Zug" in s for s in german_seen)


@pytest.mark.parametrize("odds", ["after-doubt", "never", "later"])
def test_the_other_odds_settings_speak_german(odds):
    moves = _game(3, 2, "plain")
    setting, later = ("always", True) if odds == "later" else (odds, False)
    for at in (0, 5, 12):
        english, _public = _drawn(Store(), moves[:at], 2, "plain", "en", setting, later)
        german, _public = _drawn(Store(), moves[:at], 2, "plain", "de", setting, later)
        for seat in english:
            _compare(english[seat], german[seat], (odds, at, seat))
    expected = {"after-doubt": "steht im Verlauf", "never": "keine Chancen", "later": "werden gezählt"}[odds]
    assert expected in " ".join(german.values())


def test_the_end_the_review_and_the_picture_speak_german_with_the_same_numbers():
    moves = _game(5, 2, "plain")
    seating = Seating(NAMES[:2], frozenset({1}))
    sync = _sync(moves, 2, "plain", "finished")
    owns = {0: None, 1: frozenset({1, 2, 3})}  # seat 1: most of its moves a bot's
    panels = {code: end_panels(Store(), sync, seating, owns, code)[0] for code in ("en", "de")}
    for seat in owns:
        _compare(panels["en"][seat], panels["de"][seat], seat)
    german = panels["de"][0]
    for word in ("Alle Karten", "Deine nie gefundenen Karten", "Nie ausgeteilt", "Deine Auswertung",
                 "erwarteten Punkten"):
        assert word in german, word
    assert re.search(r"Ben nach [a-zäöüß]+-[A-F] fragen", german)
    state = RULES.new_state(2, "plain", DEAL, 0)
    notes = []
    for move in moves:
        action = _action(move)
        before, state = state, RULES.apply(state, action)
        notes.append(RULES.note(before, action, state))
    records = [Record(seating, state, notes, "finished", table=1, game=1)]
    pictures = {}
    for code in ("en", "de"):
        with speaking(code):
            pictures[code] = RULES.picture(records)
    _compare(pictures["en"], pictures["de"], "picture")
    assert "Tipps im Vergleich mit ihren exakten Chancen" in pictures["de"]


def _action(move: dict[str, Any]) -> Any:
    """A move as the database keeps it, read back (as the server reads a page's move)."""
    return RULES.read_move(Node.of(json.dumps(move), "a move", MessageError))
