"""The Gauner raus! solver widget, headless: quick answers at once, then the joint one."""

from __future__ import annotations

import json
import re

from bluffmath.gauner import GRID, Position, random_positions, solve, solve_alone
from bluffmath_widgets.gauner import GaunerSolver


def jointly_impossible() -> Position:
    """Three players; seat 1 must hold cells 10-19 and seat 2 cells 19-28: each table fits
    alone, but both need cell 19."""
    mine = list(range(10))
    first, second = set(range(10, 20)), set(range(19, 29))
    unknown = set(GRID.cells) - set(mine)
    return Position.from_json({
        "game": "gauner-raus", "players": 3, "me": 0, "hand": [GRID.name(c) for c in mine],
        "tables": [{}, {"not_mine": [GRID.name(c) for c in sorted(unknown - first)]},
                   {"not_mine": [GRID.name(c) for c in sorted(unknown - second)]}],
    })


def test_background_solve_shows_the_joint_answer_of_the_latest_position():
    positions = [p for p, _ in random_positions(players=4, seed=5)]
    panel = GaunerSolver(positions[3])
    panel.position_text.value = json.dumps(positions[8].to_json())
    panel.wait(timeout=60)
    assert panel.solution is not None
    assert panel.solution.position == positions[8]
    assert panel.solution.deals == solve(positions[8]).deals
    assert f"{panel.solution.deals} deals fit" in panel.joint.value
    for seat in positions[8].opponents:
        quick = solve_alone(positions[8], seat)
        assert f"{quick.deals} hands fit it" in panel.quick.value
    assert panel.status.value == ""
    assert panel.message.value == ""


def test_each_table_fits_alone_but_not_together():
    position = jointly_impossible()
    for seat in position.opponents:
        assert solve_alone(position, seat).deals == 1
    panel = GaunerSolver(position, background=False)
    assert panel.solution is None
    assert "no deal fits these facts together" in panel.message.value
    assert panel.joint.value == ""
    assert panel.quick.value == ""
    panel.position_text.value = json.dumps(next(random_positions(players=3, seed=1))[0].to_json())
    assert panel.solution is not None
    assert panel.message.value == ""


def test_a_joint_conflict_found_in_the_background_is_shown():
    panel = GaunerSolver(jointly_impossible())
    panel.wait(timeout=60)
    assert panel.solution is None
    assert "no deal fits these facts together" in panel.message.value


def test_the_companion_follows_a_real_game_and_survives_a_typo():
    from bluffmath_widgets.gauner import GaunerCompanion

    position = next(random_positions(players=3, seed=4))[0]
    data = position.to_json()
    c = GaunerCompanion(players=2, background=False)
    c.hand.value = "red-A"
    assert "type all your 12 cards" in c.message.value
    c.players.value = 3
    assert [row.layout.display for row in c._rows] == [None, None, None, "none"]
    with c._hold():
        c.hand.value = ", ".join(data["hand"])
        for seat, table in enumerate(data["tables"]):
            c.numbers[seat].value = ", ".join(f"{cell}={n}" for cell, n in table["numbers"].items())
    assert c.position() == position
    assert c.solution == solve(position)
    c.numbers[1].value += ", red-Q=3"
    assert "&#x27;red-Q&#x27; is not a cell" in c.message.value
    assert c.solution is None
    c.numbers[1].value = c.numbers[1].value.replace(", red-Q=3", "")
    assert c.message.value == ""
    assert c.solution == solve(position)


def test_the_companions_messages_name_its_boxes_not_the_json_form():
    from bluffmath_widgets.gauner import GaunerCompanion

    internal = re.compile(r"tables\[|hand\[|numbers\[|history\[|\.laid|\.not_mine|Call\(|Ask\(|seat=|a bug")
    position = next(random_positions(players=3, seed=4))[0]
    data = position.to_json()
    c = GaunerCompanion(players=3, background=False)
    with c._hold():
        c.hand.value = ", ".join(data["hand"])
        for seat, table in enumerate(data["tables"]):
            c.numbers[seat].value = ", ".join(f"{cell}={n}" for cell, n in table["numbers"].items())
    assert c.message.value == ""
    numbers = {box: box.value for box in c.numbers}
    for box, typed, words in [
        (c.numbers[1], "blue-C=12", ["seat 1&#x27;s number at blue-C", "from 0 to 10", "12"]),
        (c.numbers[1], "blue-C=4, blue-C=5", ["blue-C is written twice"]),
        (c.numbers[1], "blue-C=" + "9" * 5000, ["write each as cell=number"]),
        (c.numbers[2], "blue-C=٣", ["write each as cell=number"]),
        (c.laid[2], "pink-A", ["seat 2&#x27;s laid cards", "is not a cell"]),
        (c.laid[1], data["hand"][0], ["in two places", "your hand"]),
        (c.marks[0], data["hand"][0], ["not mine", "your hand"]),
        (c.laid[1], "red-a red-a", ["twice"]),
    ]:
        box.value = typed
        message = c.message.value
        for word in words:
            assert word in message, f"{typed!r}: {word!r} not in {message!r}"
        assert not internal.search(message), message
        assert c.solution is None
        box.value = numbers.get(box, "")
        assert c.message.value == "", typed
        assert c.solution == solve(position)


def test_the_solver_and_the_companion_open_with_the_rules_card():
    from bluffmath_widgets.gauner import GaunerCompanion

    for panel in (GaunerSolver(background=False), GaunerCompanion(players=3, background=False)):
        assert panel.children[0].get_title(0) == "Rules of Gauner raus!"


def test_the_companions_page_never_shows_the_codes_words():
    """What a player reads beside a real game: the answers and a conflict, in words."""
    from bluffmath_widgets.gauner import GaunerCompanion

    internal = re.compile(r"history\[|Call\(|Ask\(|seat=|\w+\[\d+\]|Traceback|a bug")
    position = next(random_positions(players=3, seed=4))[0]
    data = position.to_json()
    c = GaunerCompanion(players=3, background=False)
    with c._hold():
        c.hand.value = ", ".join(data["hand"])
        for seat, table in enumerate(data["tables"]):
            c.numbers[seat].value = ", ".join(f"{cell}={n}" for cell, n in table["numbers"].items())
    shown = " ".join(str(x.value) for x in (c.status, c.joint, c.quick, c.message))
    assert "deals fit" in shown
    assert not internal.search(shown)
    c.numbers[1].value += ", " + next(GRID.name(cell) for cell in GRID.cells
                                      if cell not in position.tables[1].numbers
                                      and len(GRID.cross(cell) & position.hand) >= 2) + "=10"
    assert "no deal fits these facts together" in c.message.value
    assert not internal.search(c.message.value)
