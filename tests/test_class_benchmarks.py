"""The class server's benchmarks run, briefly: every move a student sent reached the other
students, and a kill loses nothing. No timing is asserted: the figures are
``benchmarks/CLASS.md``'s, written by ``make bench``."""

from __future__ import annotations

import pytest

from benchmarks import class_load, class_restart
from bluffmath_class.games import GAMES
from tests.class_server import in_thread

pytestmark = pytest.mark.slow


def test_a_short_load_run_of_every_game_delivers_every_move_to_the_students_and_the_teacher():
    load = in_thread(class_load.measure, 2 * len(GAMES), len(GAMES), 4.0, None, tuple(GAMES))
    assert load.timed > 0
    assert len(load.trips) == load.expected
    assert len(load.pictures) == load.timed
    assert load.errors == []
    assert load.rss[1] >= load.rss[0] > 0


def test_a_kill_loses_no_acknowledged_move():
    restarts, found = in_thread(class_restart.measure, 2)
    assert len(restarts.first) == 2
    assert found.acked > 0
    assert found.lost == []
    assert found.replayed == found.games > 0
