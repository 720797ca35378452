"""Hochstapler's class picture in German (issue 44): the picture the teacher's page, the
projector and the phones after a game show (:mod:`bluffmath_class.games.hochstapler_picture`),
drawn over seeded games in English and in German, keeps no sentence of its English rendering
(names and numbers aside), shows the same exact numbers and counts, and says what a German
class reads (anzweifeln, Ansage, zu Recht, wahr geworden)."""

from __future__ import annotations

import random
import re

import pytest

from bluffmath.i18n import speaking
from bluffmath_class.games import GAMES, Record, Seating
from tests.class_server import random_move
from tests.german import sentences as german_sentences
from tests.german import texts_of

RULES = GAMES["hochstapler"]
SEATING = Seating(("Ann", "Ben", "Cy", "Di"))
#: Words the same in both languages: the students' names, and "orange" (a German colour too).
NAMES = {"Ann", "Ben", "Cy", "Di", "orange"}


def _record(seed: int, moves: int | None = None, table: int = 1) -> Record:
    """A game of random legal moves (seeded), with its notes; ``moves``: stop after so many."""
    rng, state, notes = random.Random(seed), RULES.new_state(4, "one-deal", seed, 0), []
    while RULES.to_act(state) is not None and (moves is None or len(notes) < moves):
        action = random_move(state, rng)
        before, state = state, RULES.apply(state, action)
        notes.append(RULES.note(before, action, state))
    return Record(SEATING, state, notes, "finished" if moves is None else None, table=table, game=seed)


#: The rooms drawn: none yet, a game's first call (no doubt, no colour shown), one whole
#: game, and several games at two tables.
ROOMS = {
    "empty": lambda: [],
    "first call": lambda: [_record(3, moves=1)],
    "one game": lambda: [_record(7)],
    "many games": lambda: [_record(seed, table=1 + seed % 2) for seed in range(5)],
}


def pictures(room: str) -> dict[str, str]:
    """The room's picture in English and in German."""
    records = ROOMS[room]()
    drawn = {}
    for code in ("en", "de"):
        with speaking(code):
            drawn[code] = RULES.picture(records)
    return drawn


def sentences(html: str) -> set[str]:
    return german_sentences(texts_of(html), NAMES)


def numbers(html: str) -> list[str]:
    """What the picture counts: every data attribute's value (counts, exact chances), and
    the fractions it writes, in order."""
    return re.findall(r'data-[\w-]+="([^"]+)"', html) + re.findall(r"(?<![\d.,])\d+/\d+\b", html)


@pytest.mark.parametrize("room", list(ROOMS))
def test_no_english_sentence_is_left_and_the_numbers_are_the_same(room: str) -> None:
    drawn = pictures(room)
    english, german = drawn["en"], drawn["de"]
    assert sentences(english), room
    assert sentences(english) & sentences(german) == set(), sentences(english) & sentences(german)
    assert numbers(english) == numbers(german), room


def test_a_whole_room_says_what_a_german_class_reads() -> None:
    german = pictures("many games")["de"]
    assert re.search(r'data-doubts="\d+"', german), "the games have doubts"
    for word in ("Anzweifeln", "angezweifelt", "zu Recht", "Ansagen und ihre Chancen", "wahr geworden",
                 "Tisch, Spiel", "P(wahr)"):
        assert word in german, word
    assert re.search(r"\d+,\d&nbsp;%", german), "a chance's percentage with a decimal comma"


def test_an_empty_room_and_a_first_call_say_so_in_german() -> None:
    assert "Noch wurde nichts angezweifelt" in pictures("empty")["de"]
    assert "Noch liegt die Farbe keiner Ansage offen" in pictures("first call")["de"]


def test_the_bars_widths_stay_css_in_german() -> None:
    german = pictures("many games")["de"]
    widths = re.findall(r'style="(?:width|left): ([^"]*)"', german)
    assert widths
    assert all(re.fullmatch(r"\d+\.\d%", w) for w in widths), widths


def test_each_language_is_drawn_in_its_own_words_after_the_other() -> None:
    records = ROOMS["one game"]()
    with speaking("de"):
        RULES.picture(records)
    english = RULES.picture(records)
    with speaking("de"):
        german = RULES.picture(records)
    assert re.search(r">(right|wrong)<", english), "the game has a doubt"
    assert not re.search(r"zu (Recht|Unrecht)", english)
    assert not re.search(r">(right|wrong)<", german)
    assert re.search(r">zu (Recht|Unrecht)<", german)
