"""Münchhausen at the class table in German (issue 44): a whole seeded game of random legal
moves, drawn at every move for every seat in English and in German as the server draws it
(every region of the phones' pages and the teacher's public page), keeps no sentence of its
English rendering (names and numbers aside), shows the same exact numbers, and speaks the
German rules' words (Zahlenwert nennen, bieten, passen, Ablagestapel, glauben, anzweifeln,
Startspieler); so do the two-player game, the end pages, the reviews, the class's picture
and a round the card model cannot explain."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bluffmath import muenchhausen as mh
from bluffmath.i18n import speaking
from bluffmath.muenchhausen.game import Doubt, Lay, Name, Offer, Pass
from bluffmath.schema import Node
from bluffmath_class.errors import MessageError
from bluffmath_class.games import GAMES, Record, Seating
from bluffmath_class.games.muenchhausen_notes import seat_view
from bluffmath_class.games.muenchhausen_page import seat_page
from bluffmath_class.jobs import Sketch, Sync, draw, end_panels
from bluffmath_class.mirror import Deal, Store
from bluffmath_class.settings import TableSettings
from tests.class_server import random_game
from tests.german import fractions, page_sentences

RULES = GAMES["muenchhausen"]
NAMES = ("Ann", "ben", "Bot 3", "Bot 4")
#: Words that are the same in both languages: names.
SAME = {"Münchhausen", *NAMES, "Ben", "Deutsch", "English"}


def sentences(*htmls: str) -> set[str]:
    """The pieces of the pages' text with words in them (names and numbers aside)."""
    return page_sentences(htmls, SAME)


def numbers(html: str) -> list[str]:
    """The exact numbers a page shows (each chance's and each value's fraction), in order."""
    return fractions(html, "pv")


def _game(seed: int, players: int, variant: str) -> list[dict[str, Any]]:
    """A whole game's moves (random legal ones, seeded) as the database keeps them."""
    return random_game(RULES, players, variant, 0, seed)


def _sync(moves: list[dict[str, Any]], players: int, variant: str, ended: str | None = None) -> Sync:
    return Sync((1, 7), Deal("muenchhausen", players, variant, 0, 0), 0, tuple(moves), ended_by=ended)


def _drawn(store: Store, moves: list[dict[str, Any]], players: int, variant: str, language: str,
           odds: str = "always") -> tuple[dict[int, str], str]:
    """Every seat's regions and the teacher's public page, drawn in ``language``."""
    seating = Seating(NAMES[:players], frozenset({players - 1}) if players > 2 else frozenset())
    settings = TableSettings(game="muenchhausen", seats=players, odds=odds, variant=variant, bot="odds")
    sketch = Sketch(1, settings, seating, "", tuple(range(players)), _sync(moves, players, variant), 1,
                    clocks=(60,) * players, language=language)
    drawn = draw(store, sketch)
    views = {seat: "".join(json.loads(text)["regions"].values()) for seat, text in drawn.views.items()}
    return views, drawn.public


def _compare(english: str, german: str, where: object) -> tuple[set[str], set[str]]:
    assert numbers(english) == numbers(german), where
    en, de = sentences(english), sentences(german)
    assert en & de == set(), (where, en & de)
    return en, de


def _whole_game(seed: int, players: int, variant: str, odds: str = "always") -> tuple[set[str], set[str]]:
    """Every page of a whole game, compared move by move: the sentences seen in each language."""
    moves = _game(seed, players, variant)
    stores = {"en": Store(), "de": Store()}
    english_seen, german_seen = set(), set()
    for at in range(len(moves) + 1):
        english, public_en = _drawn(stores["en"], moves[:at], players, variant, "en", odds)
        german, public_de = _drawn(stores["de"], moves[:at], players, variant, "de", odds)
        for where, en, de in [*((seat, english[seat], german[seat]) for seat in english),
                              ("public", public_en, public_de)]:
            found = _compare(en, de, (at, where))
            english_seen |= found[0]
            german_seen |= found[1]
    assert english_seen & german_seen == set()
    return english_seen, german_seen


def test_every_page_of_a_whole_game_of_three_keeps_no_english_sentence_and_the_same_numbers():
    english, german = _whole_game(1, 3, "one-round")
    said = " ".join(german)
    for word in ("Du bist dran", "Nenne einen Zahlenwert", "geboten", "Gebote", "Ablagestapel", "verdeckt",
                 "angezweifelt", "geglaubt", "Startspieler", "vom Platz von", "Erwartete Änderung deiner Punkte",
                 "Kartenmodell", "Runde 1", "beendet", "Das Spiel ist vorbei"):
        assert word in said, word
    assert {"Your turn", "believe or doubt"} <= english


def test_a_two_player_game_lays_its_cards_face_up_in_german():
    german = _whole_game(2, 2, "three-rounds")[1]
    said = " ".join(german)
    for word in ("offen gelegt", "zu zweit wird jede Karte offen gelegt", "Jede Karte", "Alle 3 Runden sind gespielt"):
        assert word in said, word


@pytest.mark.parametrize("odds", ["after-doubt", "never"])
def test_the_other_odds_settings_speak_german(odds):
    german = _whole_game(1, 3, "one-round", odds)[1]
    expected = {"after-doubt": "erscheint nach jedem Zweifel", "never": "keine Chancen"}[odds]
    assert any(expected in s for s in german), expected


def test_the_end_the_review_and_the_picture_speak_german_with_the_same_numbers():
    moves = _game(1, 3, "one-round")
    seating = Seating(NAMES[:3], frozenset({2}))
    sync = _sync(moves, 3, "one-round", "finished")
    owns = {0: None, 1: frozenset(range(1, 20))}  # seat 1: its later moves a bot's
    panels = {code: end_panels(Store(), sync, seating, owns, code)[0] for code in ("en", "de")}
    for seat in owns:
        _compare(panels["en"][seat], panels["de"][seat], seat)
    german = panels["de"][0]
    for word in ("Runde 1", "Deine Auswertung", "erwarteten Änderung deiner Punkte"):
        assert word in german, word
    state, notes = RULES.new_state(3, "one-round", 0, 0), []
    for move in moves:
        action = RULES.read_move(Node.of(json.dumps(move), "a move", MessageError))
        before, state = state, RULES.apply(state, action)
        notes.append(RULES.note(before, action, state))
    records = [Record(seating, state, [n for n in notes if n is not None], "finished", table=1, game=1)]
    pictures = {}
    for code in ("en", "de"):
        with speaking(code):
            pictures[code] = RULES.picture(records)
    _compare(pictures["en"], pictures["de"], "picture")
    assert "Glauben oder anzweifeln, im Vergleich mit der exakten Chance" in pictures["de"]
    assert "angezweifelt" in pictures["de"]


def test_a_round_the_card_model_cannot_explain_says_so_in_german():
    state = mh.Game(players=3).new_game()
    for action in (Name(4), Offer(5), Offer(6), Pass(), Pass(), Lay(2), Doubt()):  # a 2 where 6 is claimed
        state = state.apply(action)
    seating = Seating(NAMES[:3])
    pages = {}
    for code in ("en", "de"):
        with speaking(code):
            pages[code] = seat_page(seat_view(state, 1), [], seating, "always", [], mh.LOWEST_ENOUGH)["odds"]
    assert "could not have been laid" in pages["en"]
    _compare(pages["en"], pages["de"], "contradicted")
    assert "Das Modell erklärt diese Runde nicht" in pages["de"]
    assert "niedrigste passende" in pages["de"]
