"""The review and the drills in German (issue 44): a seeded game of each of the five games,
reviewed and drilled in English and in German. The German leaves no sentence of the English
(names and numbers aside), has exactly the same fractions, and the same structure:
the same decisions, options (kept as the core's data), values, marks and patterns."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from bluffmath import duel as dp
from bluffmath import gauner as gr
from bluffmath import hochstapler as hs
from bluffmath.gauner.bots import play_game as play_gauner
from bluffmath.hoax.bots import RandomBot as HoaxRandomBot
from bluffmath.hoax.bots import play as play_hoax
from bluffmath.hoax.game import Game as HoaxGame
from bluffmath.i18n import speaking
from bluffmath.muenchhausen.bots import OddsBot
from bluffmath.muenchhausen.bots import RandomBot as MhRandomBot
from bluffmath.muenchhausen.bots import play_game as play_muenchhausen
from bluffmath.muenchhausen.game import Game as MhGame
from bluffmath.review import review, review_many
from bluffmath.train import answer, drills, puzzle_set
from tests import german

#: Words the same in both languages: game names, the model's Python names, units of the core.
NAMES = {"hochstapler-duel", "hochstapler", "gauner", "muenchhausen", "hoax", "Hochstapler", "Gauner raus!",
         "Hoax", "Münchhausen", "CalledColourBot", "BluffModel", "OpponentModel", "honest", "bluff",
         "threshold", "uniform", "'uniform'", "orange", "Orange", "Bot", "Showdown"}


def _random_play(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


#: Each game: a seeded finished game and the seat reviewed (a seat that plays at random, so
#: that it makes mistakes to drill).
GAMES: dict[str, Callable[[], tuple[Any, int]]] = {
    "hochstapler": lambda: (hs.play_game(hs.Game(players=3), [hs.RandomBot(), hs.CardCountingBot(),
                                                               hs.CardCountingBot()], seed=5), 0),
    "gauner": lambda: (play_gauner(gr.Game(players=2), [gr.RandomBot(seed=1), gr.SolverBot()], seed=3), 0),
    "muenchhausen": lambda: (play_muenchhausen(MhGame(players=3, rounds=2),
                                               [MhRandomBot(seed=2), OddsBot(), OddsBot()]), 0),
    "hoax": lambda: (play_hoax(HoaxGame("original", players=4), [HoaxRandomBot(seed=s) for s in range(4)],
                               seed=8), 2),
    "hochstapler-duel": lambda: (_random_play(dp.Game((0, 1, 2, 3, 4), deals=4).new_game(seed=2), 4), 0),
}


def fractions(text: str) -> list[str]:
    """Every exact fraction in ``text``, in order."""
    return re.findall(r"(?<![\d.,])-?\d+/\d+\b", text)


def texts(state: Any, seat: int) -> dict[str, Any]:
    """What a player reads of the game's review, its habits and its drills (with an answer
    to each), in the language in use, and the structure beside it."""
    r = review(state, seat)
    found = drills([state], seat, threshold=0)
    answers = [answer(d, d.options[-1]) for d in found]
    habits = review_many([state], seat)
    shown = [r.text(), habits.text(), *(d.text() for d in found), *(a.text() for a in answers)]
    structure = [(d.number, d.choice, dict(d.values), d.mark(), d.kind) for d in r.decisions]
    structure += [(d.id, d.options, d.skill) for d in found]
    structure += [(p.name, p.count, p.cost) for p in habits.patterns]
    return {"shown": shown, "structure": structure, "json": [d.to_json()["values"] for d in r.decisions]}


@pytest.fixture(scope="module", params=list(GAMES))
def both(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any], dict[str, Any]]:
    state, seat = GAMES[request.param]()
    with speaking("en"):
        english = texts(state, seat)
    with speaking("de"):
        german_ = texts(state, seat)
    return request.param, english, german_


def test_each_game_gives_something_to_review_and_drill(both: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    game, english, _german = both
    assert english["structure"], game
    assert len(english["shown"]) > 2, f"{game}: no drill to check"


def test_no_english_sentence_is_left_in_the_german(both: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    game, english, german_ = both
    names = NAMES
    left = german.sentences(english["shown"], names) & german.sentences(german_["shown"], names)
    assert not left, f"{game}: English left in the German: {sorted(left)[:10]}"


def test_the_exact_numbers_and_the_structure_are_the_same(both: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    game, english, german_ = both
    assert english["structure"] == german_["structure"], game
    assert english["json"] == german_["json"], game
    for en, de in zip(english["shown"], german_["shown"], strict=True):
        assert fractions(en) == fractions(de), f"{game}: {en[:80]!r}"


@pytest.mark.parametrize(("game", "words"), [
    ("hochstapler", ["Rückblick für Platz", "Entscheidung", "Minuspunkt", "ansagen", "Warum:"]),
    ("gauner", ["erwartete Punkte", "tippen", "Verteilungen passen zu dem, was du weißt"]),
    ("muenchhausen", ["Runde 1", "Kartenmodell", "Ablagestapel"]),
    ("hoax", ["Chance, mit der verdeckten Karte richtigzuliegen", "du bist Platz 2"]),
])
def test_the_german_says_what_a_german_player_expects(game: str, words: list[str]) -> None:
    state, seat = GAMES[game]()
    with speaking("de"):
        shown = "\n".join(texts(state, seat)["shown"])
    for word in words:
        assert word in shown, f"{game}: {word!r} not in the German"


def test_a_hoax_review_names_the_roles_as_the_german_rules_do() -> None:
    from bluffmath.hoax.actions import Act, Hoax, Take
    state = HoaxGame("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
    state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax")).apply(Hoax())
    with speaking("de"):
        d = review(state, seat=1).decisions[0]
    assert "Platz 0 als Baron anzweifeln" in d.explanation
    assert "die Karte Dieb" in d.position
    assert d.choice == "doubt seat 0 as the King"  # the option stays the core's, as data


def test_a_puzzle_drill_speaks_the_language_it_is_shown_in() -> None:
    puzzles = puzzle_set("hochstapler")
    with speaking("de"):
        german_ = puzzles.drill(0)
    with speaking("en"):
        english = puzzles.drill(0)
    assert german_.position != english.position
    assert "Durchgang" in german_.position
    assert english.position.startswith("deal ")
    assert german_.decision.values == english.decision.values
