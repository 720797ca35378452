"""The widgets of Gauner raus!, Hoax and Münchhausen in German (issue 44): each built headless
in both languages and played through its states (a seeded game to its end at each table,
its refusals of bad input, its save), every text it shows collected (HTML, tooltips and
aria labels inside it, descriptions, options, button labels, placeholders). No sentence of
the English rendering is left in the German one, names and numbers aside and the core's
sentences still English (:data:`CORE_ENGLISH`, named by the module that writes them), the
exact fractions shown are the same in both, and the German words of each game's rules
appear."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import bluffmath_widgets
from bluffmath.gauner import Position
from bluffmath.hoax import Claim, Holds
from bluffmath.i18n import speaking
from bluffmath_widgets import common
from bluffmath_widgets.gauner import GaunerCompanion, GaunerSolver, GaunerTable
from bluffmath_widgets.hoax import HoaxPractice, HoaxSheet, HoaxTable
from bluffmath_widgets.muenchhausen import MuenchhausenCompanion, MuenchhausenTable
from tests import german
from tests.test_widgets_german import fractions, shown

Seen = list[tuple[list[str], str]]

#: Words the same in both languages: the players' names, the games' names, formats.
NAMES = {"Ann", "Ben", "Cleo", "orange", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Gauner raus!", "Hoax",
         "Münchhausen", "JSON", "OddsBot", "Die Erben von Hoax"}

#: The core's words these widgets show that stay as they are in German, as patterns (a whole
#: piece of text must match), named by the core module that writes them: not sentences, but
#: keys a player types and names.
CORE_ENGLISH: dict[str, tuple[str, ...]] = {
    # Position.from_json's refusal names the JSON's keys as they are typed
    "bluffmath/gauner/position.py": ("players", "hand", "tables"),
    # a bot's name
    "bluffmath/muenchhausen/bots.py": ("odds",),
}


def core_english(piece: str) -> bool:
    """Whether ``piece`` is one of the core's sentences still English (:data:`CORE_ENGLISH`)."""
    return any(re.fullmatch(pattern, piece) for patterns in CORE_ENGLISH.values() for pattern in patterns)


def sentences(texts: list[str]) -> set[str]:
    return german.sentences(texts, NAMES)


def in_language(code: str, play: Callable[[], Seen], monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], list[str]]:
    """The sentences and the fractions ``play`` shows, with the widgets speaking ``code``."""
    with speaking("en"):  # whatever language() sets, the tests after this one speak English
        monkeypatch.setattr(common, "_chosen", None)
        bluffmath_widgets.language(code)
        seen = play()
        monkeypatch.setattr(common, "_chosen", None)
    return sentences([t for texts, _html in seen for t in texts]), [f for _t, html in seen for f in fractions(html)]


def compare(play: Callable[[], Seen], monkeypatch: pytest.MonkeyPatch, expected: set[str],
            allowed: set[str] = frozenset()) -> None:
    """``play`` in English and in German: no English sentence left (but ``allowed`` and the
    core's), the same fractions, and every word of ``expected`` in the German."""
    english, english_numbers = in_language("en", play, monkeypatch)
    deutsch, deutsch_numbers = in_language("de", play, monkeypatch)
    assert english_numbers
    assert deutsch_numbers == english_numbers
    left = {piece for piece in (english & deutsch) - allowed if not core_english(piece)}
    assert left == set(), sorted(left)
    text = " ".join(deutsch)
    assert {word for word in expected if word not in text} == set()


# --- Gauner raus! -----------------------------------------------------------------------

def play_gauner_solver() -> Seen:
    solver = GaunerSolver(background=False)
    seen = [shown(solver)]
    solver.position_text.value = '{"game": "gauner-raus", "players": 2, "hand": []}'  # the core's refusal
    seen.append(shown(solver))
    companion = GaunerCompanion(players=2, background=False)
    seen.append(shown(companion))
    companion.hand.value = ("red-A red-B red-C red-D red-E red-F yellow-A yellow-B yellow-C yellow-D "
                            "yellow-E yellow-F")
    companion.numbers[1].value = "green-A=5"
    seen.append(shown(companion))
    for bad in ("green-A=5, green-a 4", "red-G=2", "green-A=five"):  # the widget's refusals
        companion.numbers[1].value = bad
        seen.append(shown(companion))
    companion.numbers[1].value = "green-A=5"
    companion.me.value = 3  # no seat 3 with two players
    seen.append(shown(companion))
    return seen


def play_gauner_table(players: int, seed: int, brave: bool) -> Callable[[], Seen]:
    def play() -> Seen:
        table = GaunerTable(players=players, seed=seed, brave=brave, bot_delay=0)
        rng = random.Random(seed)
        seen = [shown(table)]
        while not table.state.is_terminal:
            assert table.state.current == 0
            if table.state.can_stop() and rng.random() < 0.3:
                table.stop_button.click()
            else:
                best = table.solution.best_guesses(1)[0]
                table.cell_button(best.seat, best.cell).click()
            assert table.message.value == "", table.message.value
            seen.append(shown(table))
        end = table.ending.children[0]
        for _step in range(3):
            end.replay.next.click()
            seen.append(shown(end))
        table.cell_button(1, 0).click()  # the game is over: refused
        table.save_button.click()
        seen.append(shown(table))
        table.save_text.value = '{"game": "gauner-raus"}'  # not a save: refused
        table.load_button.click()
        seen.append(shown(table))
        return seen
    return play


def test_the_gauner_solver_and_companion_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_gauner_solver, monkeypatch, {"Stellung", "meine Karten", "Platz 1 schrieb", "grün-A", "kein Feld"},
            sentences(["'red-G'", "'green-A=five'"]))


@pytest.mark.parametrize(("players", "seed", "brave"), [(3, 4, False), (2, 1, True)])
def test_a_whole_game_of_gauner_in_german(monkeypatch: pytest.MonkeyPatch, players: int, seed: int,
                                          brave: bool) -> None:
    compare(play_gauner_table(players, seed, brave), monkeypatch,
            {"Tisch von", "Spiel vorbei", "Du fragst", "Zug 1 von", "Schachtel", "offen", "rot"})


def test_gauner_cells_are_named_and_typed_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_chosen", "de")
    with speaking("de"):
        companion = GaunerCompanion(players=2, background=False)
        companion.hand.value = "rot-A rot-B rot-C rot-D rot-E rot-F gelb-A gelb-B gelb-C gelb-D gelb-E Gelb-f"
        companion.numbers[1].value = "grün-A=5"
        assert companion.message.value == ""
        assert companion.solution is not None
        assert companion.solution.position == Position.from_json(
            {"game": "gauner-raus", "players": 2, "me": 0,
             "hand": [f"{c}-{x}" for c in ("red", "yellow") for x in "ABCDEF"],
             "tables": [{}, {"numbers": {"green-A": 5}}]})
        companion.numbers[1].value = "grün-G=5"
        assert "ist kein Feld" in companion.message.value
        assert "rot, gelb, grün, blau, lila, orange" in (
            companion.message.value)


# --- Hoax ---------------------------------------------------------------------------------

def play_hoax_sheet() -> Seen:
    sheet = HoaxSheet(players=4, my_role="Wizard", names=["Ann", "Bo", "Cy", "Di"])
    seen = [shown(sheet)]
    sheet.record(Claim(1, "Wizard"))
    sheet.record(Claim(2, "Wizard", spoke=False))
    sheet.kind.value, sheet.player.value, sheet.role.value = "is (revealed)", 3, "Wizard"
    sheet.add_button.click()  # a second Wizard beside mine: no deal fits
    seen.append(shown(sheet))
    sheet.detail_player.value, sheet.detail_role.value = 1, "King"
    sheet.bluff.value = "King=1/2, King=1/3"  # the widget's refusal
    seen.append(shown(sheet))
    sheet.bluff.value = "1/4"
    sheet.players.value = 3  # a fact about player 3 is set aside
    sheet.record(Holds(1, "Thief", "revealed"))
    sheet.players.value = 4
    seen.append(shown(sheet))
    sheet.undo()
    sheet.undo()
    sheet.undo()
    sheet.undo_button.click()  # nothing left to undo
    seen.append(shown(sheet))
    return seen


def play_hoax_practice() -> Seen:
    game = HoaxPractice(seed=3)
    seen = [shown(game)]
    game.occasion_button.click()
    seen.append(shown(game))
    game.target.value = 1
    game.buy_button.click()
    seen.append(shown(game))
    game.occasion_button.click()
    seen.append(shown(game))
    game.role.value = "Peasant" if game.practice.truth[1] != "Peasant" else "King"
    game.accuse_button.click()  # wrong: I am out, every card shown
    seen.append(shown(game))
    return seen


def play_hoax_table(edition: str, players: int, seed: int) -> Callable[[], Seen]:
    def play() -> Seen:
        table = HoaxTable(edition, players=players, seed=seed, honest="3/4", silences=True)
        rng, seen = random.Random(seed), [shown(table)]
        while not table.state.is_terminal:
            assert len(seen) < 400, "the game did not end"
            table.moves.value = rng.choice(table.moves.options)[1]
            table.play_button.click()
            assert table.message.value == "", table.message.value
            seen.append(shown(table))
        table.play_button.click()  # the game is over: refused
        table.honest.value = "2"  # a model the core refuses
        seen.append(shown(table))
        return seen
    return play


def test_the_hoax_sheet_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_hoax_sheet, monkeypatch, {"Magier", "sprach als", "Tatsachen", "gelogen", "Ausgabe"})


def test_hoax_practice_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_hoax_practice, monkeypatch, {"Gelegenheit", "Du bist Spieler 0", "Wer wer war", "Spieler 1"})


@pytest.mark.parametrize(("edition", "players", "seed"), [("original", 4, 2), ("german", 5, 7)])
def test_a_whole_game_of_hoax_in_german(monkeypatch: pytest.MonkeyPatch, edition: str, players: int,
                                        seed: int) -> None:
    compare(play_hoax_table(edition, players, seed), monkeypatch,
            {"Deine Karte", "Burg", "Tresor", "Gold", "Getreide", "Wein", "Dein Blatt", "Alle Karten"})


# --- Münchhausen ------------------------------------------------------------------------

def play_muenchhausen_table() -> Seen:
    table = MuenchhausenTable(players=3, rounds=2)
    rng, seen = random.Random(4), [shown(table)]
    while not table.state.is_terminal:
        assert len(seen) < 400, "the game did not end"
        table.moves.value = rng.choice(table.moves.options)[1]
        table.play_button.click()
        assert table.message.value == "", table.message.value
        seen.append(shown(table))
        if len(seen) == 4:
            table.model.value = "uniform"
    table.play_button.click()  # the game is over: refused
    seen.append(shown(table))
    return seen


def play_muenchhausen_companion() -> Seen:
    c = MuenchhausenCompanion(players=4, me=0)
    seen = [shown(c)]
    c.record("lay", seat=1, start=0, value=6)
    seen.append(shown(c))
    c.record("believe", start=2)  # not seat 2's pile: refused
    seen.append(shown(c))
    c.model.value = "uniform"
    c.record("doubt", start=0, card=7)
    c.record("reward", seat=1)
    c.record("lay", seat=0, start=2, value=3, card=4)
    seen.append(shown(c))
    c.record("open", seat=1, start=0, value=4, card=6)  # only with two players: refused
    c.record("doubt", start=2, card=5)  # I laid a 4: refused
    seen.append(shown(c))
    c.record("believe", start=2)
    c.round_button.click()
    c.undo_button.click()
    seen.append(shown(c))
    c.player_count.value = 2
    c.record("open", seat=1, start=0, value=4, card=6)
    seen.append(shown(c))
    return seen


def test_a_whole_game_of_muenchhausen_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_muenchhausen_table, monkeypatch, {"Ablagestapel", "Platz 1", "Deine Hand", "Kartenmodell"})


def test_the_muenchhausen_companion_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    compare(play_muenchhausen_companion, monkeypatch, {"Startspieler Y", "ehrlich", "glauben", "Verlauf"})
