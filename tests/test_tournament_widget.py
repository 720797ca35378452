"""The tournament panel, headless: it shows exactly what run_tournament returns, for
every game."""

from __future__ import annotations

import pytest

from bluffmath import InvalidInputError, gauner
from bluffmath.hoax import bots as hoax_bots
from bluffmath.hoax import players as hoax_players
from bluffmath.hoax import tournament as hoax_tournament
from bluffmath.hochstapler import CardCountingBot, RandomBot, run_tournament
from bluffmath.muenchhausen import bots as mh_bots
from bluffmath.muenchhausen import tournament as mh_tournament
from bluffmath_widgets.tournament import TournamentPanel


def test_the_panel_shows_the_cores_results_and_the_progress():
    panel = TournamentPanel(players=3, bots=["card counting", "random", "random"], games=9,
                            seed=4, workers=1)
    panel.run.click()
    expected = run_tournament([CardCountingBot(), RandomBot(), RandomBot()], 9, seed=4, workers=1)
    assert panel.result is not None
    assert panel.result.standings == expected.standings
    assert panel.table.value == expected._repr_html_()
    assert (panel.progress.value, panel.progress.max) == (9, 9)
    assert panel.message.layout.display == "none"


def test_only_the_seats_at_the_table_are_shown_and_used():
    panel = TournamentPanel(players=5, games=5, workers=1)
    shown = [d.layout.display != "none" for d in panel.bots]
    assert shown == [True] * 5 + [False] * 2
    panel.players.value = 3
    assert [d.layout.display != "none" for d in panel.bots] == [True] * 3 + [False] * 4
    panel.run.click()
    assert panel.result is not None
    assert len(panel.result.standings) == 3


def test_an_error_shows_inline_and_the_panel_keeps_working(monkeypatch):
    panel = TournamentPanel(players=3, games=3, workers=1)
    panel.run.click()
    before = panel.table.value
    monkeypatch.setattr(panel, "_workers", 0)  # run_tournament refuses 0 workers
    panel.run.click()
    assert "workers" in panel.message.value
    assert panel.message.layout.display is None
    assert panel.table.value == before
    monkeypatch.setattr(panel, "_workers", 1)
    panel.run.click()
    assert panel.message.layout.display == "none"


# --- Gauner raus! ------------------------------------------------------------------------

def test_the_panel_runs_a_gauner_tournament_too():
    panel = TournamentPanel(game="gauner", players=2, bots=["solver", "random"], games=3,
                            seed=2, workers=1)
    assert (panel.players.min, panel.players.max, len(panel.bots)) == (2, 4, 4)
    assert [d.layout.display != "none" for d in panel.bots] == [True, True, False, False]
    assert set(panel.bots[0].options) == {"solver", "random"}
    panel.run.click()
    expected = gauner.run_tournament([gauner.SolverBot(), gauner.RandomBot()], 3, seed=2, workers=1)
    assert panel.result == expected
    assert panel.table.value == expected._repr_html_()
    assert "mean points" in panel.table.value
    assert (panel.progress.value, panel.progress.max) == (3, 3)
    assert panel.message.layout.display == "none"


def test_the_panel_runs_a_muenchhausen_tournament():
    panel = TournamentPanel(game="muenchhausen", players=3, bots=["odds", "honest", "random"], games=4,
                            seed=1, workers=1)
    assert (panel.players.min, panel.players.max, len(panel.bots)) == (2, 8, 8)
    panel.run.click()
    expected = mh_tournament.run_tournament([mh_bots.OddsBot(), mh_bots.HonestBot(), mh_bots.RandomBot()], 4,
                                            seed=1, workers=1)
    assert panel.result == expected
    assert panel.table.value == expected._repr_html_()
    assert (panel.progress.value, panel.progress.max) == (4, 4)


def test_the_panel_runs_a_hoax_tournament_of_the_original_edition():
    panel = TournamentPanel(game="hoax", players=4, bots=["deducer", "honest", "bluffer", "random"], games=4,
                            seed=3, workers=1)
    assert (panel.players.min, panel.players.max) == (3, 6)
    assert set(panel.bots[0].options) == {"deducer", "honest", "bluffer", "random"}
    panel.run.click()
    bots = [hoax_players.DeducerBot(), hoax_players.HonestBot(), hoax_players.BlufferBot(), hoax_bots.RandomBot()]
    expected = hoax_tournament.run_tournament(bots, 4, seed=3, workers=1)
    assert panel.result == expected
    assert "original edition" in panel.table.value
    assert panel.table.value == expected._repr_html_()


@pytest.mark.parametrize(("game", "title"), [("hochstapler", "Rules of Hochstapler"), ("gauner", "Rules of Gauner raus!"),
                                             ("muenchhausen", "Rules of Münchhausen"), ("hoax", "Rules of Hoax")])
def test_the_panel_opens_with_its_games_rules_card(game, title):
    card = TournamentPanel(game=game, workers=1).children[0]
    assert card.get_title(0) == title


def test_an_unknown_game_is_refused():
    with pytest.raises(InvalidInputError, match="game must be one of 'hochstapler', 'gauner', 'muenchhausen', 'hoax'"):
        TournamentPanel(game="skat")
