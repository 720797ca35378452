"""The core's texts a German page or widget shows (issue 44): a Gauner raus! solution's heat
maps, the engines' refusals, the Münchhausen log and its counting, and the refusals of typed
input. Each is made in English and in German: no English sentence is left in the German
(names and JSON keys aside), the numbers are the same, and the German words of the games'
rules appear."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from bluffmath.errors import BluffmathError
from bluffmath.gauner import solve, solve_alone
from bluffmath.gauner.game import Game as GaunerGame
from bluffmath.gauner.position import Position
from bluffmath.gauner.saves import load_game
from bluffmath.gauner.solve import html
from bluffmath.hochstapler import OpponentModel, SpokenCall, read_bids
from bluffmath.hochstapler.rules import check_total
from bluffmath.i18n import speaking
from bluffmath.muenchhausen.events import (
    Believed,
    Chose,
    Doubted,
    Laid,
    Named,
    NoOffer,
    Offered,
    OpenCard,
    Passed,
    Rewarded,
    RoundEnded,
    RoundStarted,
)
from bluffmath.muenchhausen.game import Game as MuenchhausenGame
from bluffmath.muenchhausen.game import State
from bluffmath.muenchhausen.knowledge import RANDOM_ENOUGH, Knowledge
from bluffmath.validate import int_text
from tests.german import sentences, texts_of

#: Words the same in both languages: the JSON keys and the save's format, a colour.
SAME = {"game", "players", "hand", "tables", "format", "bluffmath-gauner-raus", "orange"}


def both(make: Callable[[], str]) -> tuple[str, str]:
    """``make()`` in English and in German."""
    with speaking("en"):
        english = make()
    with speaking("de"):
        deutsch = make()
    return english, deutsch


def refusal(act: Callable[[], object]) -> Callable[[], str]:
    """A maker of the message ``act`` is refused with."""
    def message() -> str:
        with pytest.raises(BluffmathError) as error:
            act()
        return str(error.value)
    return message


def numbers(text: str) -> list[str]:
    """The whole numbers and fractions of ``text``, in order."""
    return re.findall(r"\d+(?:/\d+)?", text)


def assert_german(english: str, deutsch: str, words: set[str], same_numbers: bool = True) -> None:
    """No piece of ``english`` with words left in ``deutsch``, the same numbers, and
    every one of ``words`` in the German."""
    left = sentences([english], SAME) & sentences([deutsch], SAME)
    assert left == set(), sorted(left)
    assert english != deutsch
    if same_numbers:
        assert numbers(deutsch) == numbers(english)
    assert {word for word in words if word not in deutsch} == set(), deutsch


# --- Gauner raus!: the solution's heat maps --------------------------------------------

def _position() -> Position:
    state = GaunerGame(players=3).new_game(seed=4)
    return state.guess(1, min(state.hidden[1])).view(0)


def test_the_joint_answer_s_heat_maps_speak_german() -> None:
    english, deutsch = both(lambda: html(solve(_position())))
    texts = both(lambda: " | ".join(texts_of(html(solve(_position())))))
    assert_german(*texts, {"Exakt", "aus allen Tischen zugleich", "Verteilungen passen", "Platz 1", "Platz 2",
                           "Rest", "rot", "gelb", "grün", "blau", "lila", "meine", "offen"}, same_numbers=False)
    # the exact chances behind the cells are the same, their percentages written with a comma
    assert re.findall(r"data-p='([^']+)'", deutsch) == re.findall(r"data-p='([^']+)'", english)
    cells = [re.findall(r">(\d+[.,]\d)</td>", text) for text in (english, deutsch)]
    assert cells[0]
    assert all("." in c for c in cells[0])
    assert all("," in c for c in cells[1])
    assert [c.replace(".", ",") for c in cells[0]] == cells[1]
    deals = str(solve(_position()).deals)
    assert f"{deals} deals fit" in english
    assert f"{deals} Verteilungen passen" in deutsch


def test_a_quick_answer_says_in_german_whose_table_it_uses() -> None:
    english, deutsch = both(lambda: " | ".join(texts_of(html(solve_alone(_position(), 2)))))
    assert_german(english, deutsch, {"Schnelle Antwort", "Tisch von Platz 2", "Hände passen dazu",
                                     "noch nicht berücksichtigt"}, same_numbers=False)
    assert "Quick answer from seat 2's table alone" in english


# --- Gauner raus!: the engine's refusals -----------------------------------------------

def _gauner_refusals() -> list[Callable[[], str]]:
    state = GaunerGame(players=3).new_game(seed=4)
    me, hit = state.current, min(state.hidden[1])
    after_hit = state.guess(1, hit)
    target = next(s for s in range(3) if s not in (me, (me + 1) % 3))
    miss = next(c for c in range(36) if c not in state.hidden[target] and state.can_guess(target, c))
    after_miss = state.guess(target, miss)
    return [refusal(lambda: state.guess(me, 0)), refusal(state.stop), refusal(lambda: after_hit.guess(2, hit)),
            refusal(lambda: after_miss.guess(target, miss))]


@pytest.mark.parametrize(("which", "words"), [
    (0, {"Platz 0 fragt gerade selbst", "nenne einen Gegner"}),
    (1, {"mindestens eine Frage", "nach einem Treffer"}),
    (2, {"liegt schon offen"}),
    (3, {"schon als „nicht meine“ markiert"}),
])
def test_the_gauner_engine_refuses_in_german(which: int, words: set[str]) -> None:
    assert_german(*both(_gauner_refusals()[which]), words)


# --- Münchhausen: the engine's refusals, the log and its counting --------------------------

def _muenchhausen_refusals() -> list[Callable[[], str]]:
    three, four = MuenchhausenGame(players=3).new_game(), MuenchhausenGame(players=4).new_game()
    doubted = three.name(4).offer(5).pass_().pass_().lay(8).doubt()  # honest: seat 1 may lay on its pile
    tied = four.name(4).offer(5).offer(5).pass_().pass_().pass_()  # seats 1 and 2 offered 5
    return [refusal(three.pass_), refusal(lambda: three.name(4).offer(2)),
            refusal(lambda: four.name(4).offer(5).pass_().offer(5).offer(5)),
            refusal(lambda: tied.choose(3)), refusal(lambda: doubted.reward(8)),
            refusal(lambda: three.name(4).offer(5).pass_().pass_().lay(9)), refusal(lambda: _played(3, 1).pass_())]


@pytest.mark.parametrize(("which", "words"), [
    (0, {"jetzt nicht möglich", "passen", "Platz 0 soll einen Zahlenwert nennen"}),
    (1, {"ein Gebot darf 4", "nicht unterschreiten", "Höchstgebot"}),
    (2, {"Platz 1 hat schon 5 geboten", "ein neues Gebot muss höher sein"}),
    (3, {"wähle einen der Plätze mit dem Höchstgebot"}),
    (4, {"Platz 1 hat keine 8 auf der Hand"}),
    (5, {"die Karte muss ein Kartenwert von 1 bis 8 sein"}),
    (6, {"das Spiel ist vorbei"}),
])
def test_the_muenchhausen_engine_refuses_in_german(which: int, words: set[str]) -> None:
    assert_german(*both(_muenchhausen_refusals()[which]), words)


def _played(players: int, seed: int) -> State:
    """A whole game of random legal moves."""
    rng, state = random.Random(seed), MuenchhausenGame(players=players, rounds=1).new_game()
    while state.legal_actions():
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_event_of_a_log_speaks_german(players: int, seed: int) -> None:
    log = _played(players, seed).log
    english, deutsch = both(lambda: "\n".join(map(str, log)))
    words = {"Runde 1", "Platz 0", "ist Startspieler", "endet", "Punkte"}
    words |= {"offen", "Ablagestapel"} if players == 2 else {"nennt", "Ablagestapel"}
    assert_german(english, deutsch, words)
    assert len(english.splitlines()) == len(deutsch.splitlines()) == len(log)


def test_each_kind_of_event_speaks_german() -> None:
    events = [RoundStarted(0, 1, ((1, 2, 3),) * 3), Named(1, 4), Offered(2, 5), Passed(0), NoOffer(1), Chose(1, 2),
              Laid(2, 1, 5), Believed(2, 1, 5), Doubted(2, 1, 5, 7), Doubted(2, 1, 5, 3), Rewarded(2),
              OpenCard(1, 0, 4, 6), OpenCard(1, 0, 4, 2), RoundEnded(0, (3, -2, 0), (), (), circle=True),
              RoundEnded(1, (1, 2), (), ())]
    for event in events:
        assert_german(*both(lambda event=event: str(event)), {"Platz"} if not isinstance(event, RoundEnded)
                      else {"Runde", "endet", "Punkte"})
    german = dict(zip(map(type, events), both(lambda: [str(e) for e in events])[1], strict=False))
    assert "verdeckt auf den Ablagestapel von Platz 1: „mindestens 5“" in german[Laid]
    assert "glaubt" in german[Believed]
    assert "eigenen Ablagestapel" in german[Rewarded]


def test_the_counting_behind_a_seat_s_hands_speaks_german() -> None:
    state = MuenchhausenGame(players=3).new_game().name(4).offer(5).pass_().pass_().lay(8).doubt()
    english, deutsch = both(lambda: Knowledge.from_log(state.log, RANDOM_ENOUGH).explain(1))
    assert_german(english, deutsch, {"Hand davor", "Hand danach", "P(Karte | Hand)", "a priori", "Likelihood",
                                     "a posteriori", "Normierungskonstante: 1/4", "zweifelt an", "ehrlich"})
    # the columns stay under their headings: each row's last number ends where its heading ends
    table = [line for line in deutsch.splitlines() if line.startswith("  ")]
    head = next(line for line in table if "a posteriori" in line)
    row = table[table.index(head) + 1]
    assert len(row) == len(head)
    assert row.endswith(" 1")


def test_a_hand_nothing_has_left_says_so_in_german() -> None:
    state = MuenchhausenGame(players=3).new_game()
    assert_german(*both(lambda: Knowledge.from_log(state.log, RANDOM_ENOUGH).explain(2)),
                  {"die Hand von Platz 2", "ungesehen verlassen"})


# --- the refusals of typed input -------------------------------------------------------

@pytest.mark.parametrize(("make", "words"), [
    (refusal(lambda: check_total("a call's total", 28, players=5)),
     {"die Summe einer Ansage muss eine ganze Zahl von 0 bis 27 sein", "mit 5 Spielern"}),
    (refusal(lambda: check_total("a raise's total", 10**13)),
     {"die Summe einer Erhöhung", "mit bis zu 7 Spielern", "eine Zahl mit 14 Ziffern"}),
    (refusal(lambda: read_bids(3, 0, [SpokenCall(1, 12, ()), SpokenCall(2, 13, ())], model=OpponentModel(bluff=0))),
     {"keine Verteilung passt", "Platz 1 hat 12 angesagt", "Platz 2 hat 13 angesagt"}),
    (refusal(lambda: int_text("seed", "1e3")), {"in Ziffern geschriebene ganze Zahl", "etwa 12"}),
    (refusal(lambda: int_text("players", "x", 3, 7)), {"von 3 bis 7 sein"}),
    (refusal(lambda: int_text("players", "x", 3)), {"von mindestens 3 sein"}),
    (refusal(lambda: int_text("seed", "9" * 5000)), {"höchstens", "Ziffern haben"}),
    (refusal(lambda: Position.from_json('{"game": "gauner-raus", "players": 2, "me": 0, "hand": []}')),
     {"eine Stellung", "Schlüssel \"tables\" fehlt", "nötig sind die Schlüssel"}),
    (refusal(lambda: Position.from_json('{"game": "gauner-raus", "players": 2, "me": 0}')),
     {"Schlüssel \"hand\", \"tables\" fehlen"}),
    (refusal(lambda: Position.from_json('{"game": "gauner-raus", "players": 2, "me": 0, "hand": [], "tabels": []}')),
     {"unbekannter Schlüssel", "meintest du \"tables\"", "erlaubt"}),
    (refusal(lambda: Position.from_json('{"game": "gauner-raus", "players": true, "me": 0, "hand": [], '
                                        '"tables": []}')), {"muss eine ganze Zahl von", "gefunden: true"}),
    (refusal(lambda: load_game('{"players": 3}')), {"ein gespeichertes Spiel", "Schlüssel \"format\" fehlt",
                                                    "kein gespeichertes Spiel im Format"}),
])
def test_refusals_of_typed_input_speak_german(make: Callable[[], str], words: set[str]) -> None:
    english, deutsch = both(make)
    assert_german(english, deutsch, words, same_numbers="Ziffern haben" not in words)


def test_a_huge_count_of_digits_is_grouped_as_each_language_groups_it() -> None:
    english, deutsch = both(refusal(lambda: int_text("seed", "9" * 5000)))
    assert english.endswith("got 5,000")
    assert deutsch.endswith("nicht 5.000")


def test_english_stays_as_it_was() -> None:
    """The English words, written out here (not read from the code): the catalogs changed
    nothing in them."""
    with speaking("en"):
        assert refusal(lambda: check_total("call", 28, players=5))() == (
            "call must be a whole number from 0 to 27 (the highest total a colour can reach with 5 players), got 28")
        assert refusal(lambda: Position.from_json('{"game": "gauner-raus", "players": 2, "me": 0, "hand": []}'))() \
            == 'a position: key "tables" missing (needs keys game, players, hand, tables)'
        assert refusal(lambda: load_game('{"players": 3}'))() == (
            'a save: key "format" missing: this is not a bluffmath-gauner-raus save')
