"""The study widgets in German (issue 44): the review, the habits, the trainer, the bot
tournament, the strategy explorer, the Duel match and the class table server, each driven
headless in English and in German. Every text they show (HTML, descriptions, options,
button labels, tooltips, placeholders) is collected; no sentence of the English rendering is
left in the German one (names, numbers and addresses aside), and the exact fractions shown are
the same in both."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as w
import pytest

from bluffmath import hochstapler as hs
from bluffmath.i18n import speaking
from bluffmath_widgets.class_table import ClassTable
from bluffmath_widgets.equilibrium import DuelMatch, StrategyExplorer
from bluffmath_widgets.review import HabitsWidget, ReviewWidget
from bluffmath_widgets.tournament import TournamentPanel
from bluffmath_widgets.train import Trainer
from tests import german
from tests.widget_texts import shown

#: Words the same in both languages: names of games, formats, bots, the seed's digits.
NAMES = {"Hochstapler", "Gauner raus!", "Hoax", "Münchhausen", "JSON", "UTF-8", "hochstapler", "Port", "Bot",
         "lan", "orange", "Orange", "CalledColourBot", "Showdown", "bluffmath", "hoax", ":memory:"}
#: Pieces that are no English prose: the class server's address (a URL).
ADDRESSES = (r"http\S*", r"127\.0\.0\.1\S*")


def fractions(html: str) -> list[str]:
    """The exact fractions in ``html``, in order (not dates, not decimals)."""
    return re.findall(r"(?<![\d.,/-])-?\d+/\d+\b(?!/)", html)


def _game() -> hs.State:
    return hs.play_game(hs.Game(players=3), [hs.RandomBot(), hs.CardCountingBot(), hs.CardCountingBot()], seed=5)


def _review() -> list[w.Widget]:
    view = ReviewWidget(_game(), seat=0)
    views = [view]
    for number in [d.number for d in view.review.decisions][:3]:
        view.select(number)
        views.append(w.HTML(view.detail.value))
    return views


def _habits() -> list[w.Widget]:
    late = hs.CardCountingBot(doubt_bias=Fraction(-1, 4))
    games = [hs.play_game(hs.Game(players=3), [late, hs.CardCountingBot(), hs.CardCountingBot()], seed=s)
             for s in range(3)]
    return [HabitsWidget(games, 0)]


def _trainer() -> list[w.Widget]:
    trainer = Trainer(":memory:", saves=[hs.save_game(_game())], player=0, threshold=0)
    seen: list[w.Widget] = [w.HTML(trainer.report.value)]
    for _turn in range(2):
        trainer.options.value = trainer.drill.options[-1]
        trainer.answer_button.click()
        seen.append(w.HTML(trainer.result.value + trainer.report.value + trainer.status.value))
        trainer.next_button.click()
    trainer.source.value = "hoax"
    return [*seen, trainer]


def _tournament() -> list[w.Widget]:
    panel = TournamentPanel(players=3, games=4, workers=1)
    panel.run.click()
    return [panel]


def _explorer() -> list[w.Widget]:
    duel = StrategyExplorer(variant="Duel on 0,1,2,3,4", seat=1, card="2")
    kuhn = StrategyExplorer(variant="Kuhn poker", seat=2, card="J")
    kuhn.sliders["bet"].value = Fraction(0)
    return [duel, kuhn]


def _match() -> list[w.Widget]:
    match = DuelMatch(deck="0,1,2,3,4", seat=1, seed=7)
    match.choice.value = "4"
    match.play.click()
    reader = DuelMatch(deck="0,1,2", seat=2, seed=3, opponent="reader")
    return [match, reader]


def _class_table() -> list[w.Widget]:
    table = ClassTable(database=tempfile.mkdtemp() + "/c.sqlite3", host="127.0.0.1", port=0)
    seen = [w.HTML(table.status.value)]
    table.start_button.click()
    seen.append(w.HTML(table.status.value + table.address.value + table.tables.value))
    table.stop_button.click()
    return [*seen, table]


WIDGETS: dict[str, Callable[[], list[w.Widget]]] = {
    "review": _review, "habits": _habits, "trainer": _trainer, "tournament": _tournament,
    "explorer": _explorer, "match": _match, "class table": _class_table,
}


def in_language(code: str, make: Callable[[], list[w.Widget]]) -> tuple[list[str], list[str]]:
    """The texts and the fractions the widgets ``make`` makes show, made in ``code``."""
    with speaking(code):
        widgets = make()
    texts, fractions_ = [], []
    for widget in widgets:
        t, html = shown(widget)
        texts += t
        fractions_ += fractions(html)
    return texts, fractions_


@pytest.fixture(scope="module", params=list(WIDGETS))
def both(request: pytest.FixtureRequest) -> tuple[str, tuple[list[str], list[str]], tuple[list[str], list[str]]]:
    return request.param, in_language("en", WIDGETS[request.param]), in_language("de", WIDGETS[request.param])


def test_no_english_sentence_is_left_in_the_german(both: tuple[str, tuple[list[str], list[str]],
                                                               tuple[list[str], list[str]]]) -> None:
    name, (english, _fractions_en), (german_, _fractions_de) = both
    left = german.sentences(english, NAMES) & german.sentences(german_, NAMES)
    left = {piece for piece in left if not any(re.fullmatch(p, piece) for p in ADDRESSES)}
    assert not left, f"{name}: English left in the German: {sorted(left)[:12]}"


def test_the_exact_numbers_are_the_same(both: tuple[str, tuple[list[str], list[str]],
                                                    tuple[list[str], list[str]]]) -> None:
    name, (_english, fractions_en), (_german, fractions_de) = both
    assert fractions_en == fractions_de, name


@pytest.mark.parametrize(("name", "words"), [
    ("review", ["Rückblick für", "Genauigkeit", "Möglichkeit", "das Modell", "ansagen"]),
    ("habits", ["Kosten insgesamt", "Zum Beispiel", "zweifelt zu spät an", "Gewinnschwelle"]),
    ("trainer", ["Dein Fortschritt", "Warum:", "Diese Übung trainiert", "Antworten", "Hoax-Rätsel"]),
    ("tournament", ["Turnier starten", "mittlere Minuspunkte", "weniger ist besser"]),
    ("explorer", ["Deine Strategie", "Ausnutzbarkeit", "Kuhn-Poker", "du eröffnest"]),
    ("match", ["Deine Karte", "Gleichgewichts-Bot", "Der Leser hat"]),
    ("class table", ["Klassenserver", "Klassencode", "Seite der Lehrkraft"]),
])
def test_the_german_says_what_a_german_player_expects(name: str, words: list[str]) -> None:
    texts, _fractions = in_language("de", WIDGETS[name])
    joined = "\n".join(texts)
    for word in words:
        assert word in joined, f"{name}: {word!r} not in the German"
