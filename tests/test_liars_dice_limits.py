"""Liar's dice at its limits (issue 46): every size is counted and refused before any work
starts, the play's state checks its fields, the command line says what it needs and
shows its progress, and ``full_strategy`` checks what it is given.

"Before any work starts" is checked by making the expensive steps fail if they are
reached: listing the whole game's call histories, and making the reduced game's
histories; a refusal must come first. No test here builds a large game."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from bluffmath.equilibrium import Certificate, game_from_spec
from bluffmath.equilibrium.solver import has_solver
from bluffmath.errors import CertificateError, InvalidInputError
from bluffmath.liars_dice import State, full_strategy, game, reduced, table
from bluffmath.liars_dice.game import check_whole_size, liars_dice, whole_nodes
from bluffmath.liars_dice.reduced import (
    check_size,
    least_nodes,
    reduced_liars_dice,
    reduced_nodes,
    walk,
)
from bluffmath.liars_dice.rules import Rules
from bluffmath.limits import MAX_GAME_NODES

STORED = [c for c in table.CELLS if (c[3] == "normal" or c[2] > 1)
          and c not in {(2, 1, 5, "stairs"), (2, 1, 6, "stairs"), (1, 2, 5, "stairs"), (1, 2, 6, "stairs")}]
needs_solver = pytest.mark.skipif(not has_solver(), reason="solve needs scipy and highspy")
HUGE = [(5, 5, 9, "normal"), (5, 5, 9, "stairs"), (2, 2, 6, "normal"), (2, 1, 6, "stairs"), (1, 1, 9, "stairs")]


@pytest.fixture
def no_building(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing the whole game's histories or making a reduced game's history fails: a
    test using this fixture passes only if it is refused before either starts."""
    def built(*args: object, **kwargs: object) -> None:
        raise AssertionError("the game was being built before its size was checked")
    monkeypatch.setattr(game, "public_histories", built)
    monkeypatch.setattr(reduced, "History", built)


# --- 1. the whole game: counted by its formula, refused before it is built -------------
@pytest.mark.parametrize("cell", [(1, 1, 1, "normal"), (2, 1, 2, "normal"), (1, 2, 3, "joker"),
                                  (1, 1, 3, "stairs"), (2, 2, 2, "normal"), (1, 1, 6, "normal")])
def test_the_whole_games_count_is_its_built_size(cell) -> None:
    assert whole_nodes(Rules(*cell)) == liars_dice(*cell).nodes == check_whole_size(Rules(*cell))


def test_a_whole_game_over_the_limit_is_refused_before_it_is_built(no_building) -> None:
    with pytest.raises(InvalidInputError, match=r"the whole game of Liar's dice 2v1, 6 sides, normal has "
                                                r"49,545,091 nodes; bluffmath builds at most 5,000,000 "
                                                r"\(MAX_GAME_NODES\)\. With 2v1 dice in the normal mode, "
                                                r"1 to 5 sides fit; the reduced game"):
        liars_dice(2, 1, 6)
    for cell in HUGE:
        with pytest.raises(InvalidInputError, match="MAX_GAME_NODES"):
            liars_dice(*cell)
    with pytest.raises(InvalidInputError, match="With 5v5 dice in the normal mode, only 1 side fits"):
        liars_dice(5, 5, 9)


# --- 1. the reduced game: a lower bound, an exact count, and a walk with a budget -------
@pytest.mark.parametrize("cell", [(1, 1, 1, "normal"), (2, 1, 3, "normal"), (1, 2, 4, "joker"),
                                  (1, 1, 4, "stairs"), (2, 1, 2, "stairs"), (2, 2, 3, "normal")])
def test_the_reduced_games_count_is_its_built_size(cell) -> None:
    rules = Rules(*cell)
    nodes = reduced_liars_dice(*cell).nodes
    assert least_nodes(rules) <= nodes
    assert reduced_nodes(rules) == check_size(rules) == nodes
    assert reduced_nodes(rules, at_most=nodes - 1) is None


def test_every_stored_cell_fits_well_within_the_limit() -> None:
    """The stored certificates' games, counted (not built): the largest, 1v1 stairs with
    six sides, has 2,729,769 nodes, a little more than half the limit."""
    sizes = {cell: reduced_nodes(Rules(*cell)) for cell in STORED}
    assert None not in sizes.values()
    assert max(sizes.values()) == sizes[1, 1, 6, "stairs"] == 2_729_769 < MAX_GAME_NODES


def test_a_reduced_game_surely_too_large_is_refused_before_anything_is_counted(monkeypatch) -> None:
    """5v5 with nine sides has 1,287 hands a player: the deals times the first calls are
    already far past the limit, so not even the table of which calls hold is made (the
    message's smaller variants that fit are counted)."""
    tabled = reduced.truth

    def truth(rules: Rules) -> object:
        assert rules.sides < 9, "the calls' truth was being tabled"
        return tabled(rules)
    monkeypatch.setattr(reduced, "truth", truth)
    for mode, least in (("normal", "149,073,211"), ("stairs", "160,667,794")):
        with pytest.raises(InvalidInputError, match=f"the reduced game of Liar's dice 5v5, 9 sides, {mode} has at "
                                                    f"least {least} nodes \\(counted from its first calls\\); "
                                                    f"bluffmath builds at most 5,000,000"):
            reduced_liars_dice(5, 5, 9, mode)


@pytest.mark.parametrize("cell", HUGE)
def test_a_reduced_game_over_the_limit_is_refused_before_it_is_walked(no_building, cell) -> None:
    with pytest.raises(InvalidInputError, match=r"the reduced game of .* nodes .*MAX_GAME_NODES\)\. With "):
        reduced_liars_dice(*cell)


def test_the_refusal_says_what_fits() -> None:
    with pytest.raises(InvalidInputError, match=r"2v2, 6 sides, normal has more than 5,000,000 nodes \(counted "
                                                r"before it is built\).* With 2v2 dice in the normal mode, 1 to 4 "
                                                r"sides fit"):
        reduced_liars_dice(2, 2, 6)
    with pytest.raises(InvalidInputError, match="With 2v1 dice in the stairs mode, 2 to 4 sides fit"):
        reduced_liars_dice(2, 1, 6, "stairs")


def test_the_walk_has_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the count before the walk wrong, the walk would still stop at the limit."""
    monkeypatch.setattr(reduced, "check_size", lambda rules: None)
    monkeypatch.setattr(reduced, "MAX_GAME_NODES", 1_000)
    with pytest.raises(InvalidInputError, match=r"more than 1,000 nodes \(the walk passed them after [\d,]+ call "
                                                r"histories\)"):
        walk(Rules(2, 1, 3))


@pytest.mark.parametrize("name", ["liars-dice", "liars-dice-reduced"])
def test_specs_and_certificates_of_huge_games_are_refused_at_once(no_building, name) -> None:
    spec = {"game": name, "d1": 5, "d2": 5, "sides": 9}
    with pytest.raises(InvalidInputError, match=r"a game spec: the .* of Liar's dice 5v5, 9 sides.*MAX_GAME_NODES"):
        game_from_spec(spec)
    text = json.dumps({"format": "bluffmath-equilibrium", "version": 1, "game": spec, "value": "0",
                       "strategies": [{}, {}]})
    with pytest.raises(CertificateError, match=r"a certificate: game: the .* 5v5, 9 sides.*MAX_GAME_NODES"):
        Certificate.from_json(text)


@pytest.mark.parametrize("words", [["5", "5", "9"], ["2", "2", "6"], ["2", "1", "6", "--mode", "stairs"],
                                   ["2", "1", "6", "--whole"], ["5", "5", "9", "--mode", "joker", "--whole"]])
def test_the_command_line_refuses_huge_games_at_once(no_building, capsys, words) -> None:
    from bluffmath.cli import main
    assert main(["liars-dice", "solve", *words]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffmath: error: the ")
    assert "bluffmath builds at most 5,000,000 (MAX_GAME_NODES)" in err


# --- 2. a play's state checks its fields ------------------------------------------------
@pytest.mark.parametrize(("fields", "message"), [
    ((None, ((1,), (2,))), "rules must be a liars_dice Rules"),
    (("1v1", ((1,), (2,))), "rules must be a liars_dice Rules"),
    ((Rules(1, 1, 6), ((7,), (2,))), r"player 1's hand must be a tuple of 1 dice from 1 to 6, got \(7,\)"),
    ((Rules(1, 1, 6), ((1,), (0,))), "player 2's hand must be a tuple of 1 dice from 1 to 6"),
    ((Rules(2, 1, 6), ((1,), (2,))), "player 1's hand must be a tuple of 2 dice"),
    ((Rules(2, 1, 6), ((5, 1), (2,))), "in rising order"),
    ((Rules(1, 1, 6), ((1,),)), "hands must be a pair"),
    ((Rules(1, 1, 6), None), "hands must be a pair"),
    ((Rules(1, 1, 6), ((1,), (2,)), (99,)), r"history must be a tuple of call ranks, each a whole number from 0 "
                                            r"\(the lowest call, 1x1\) to 11 \(2x6\).*got \(99,\)"),
    ((Rules(1, 1, 6), ((1,), (2,)), (-1,)), "history must be a tuple of call ranks"),
    ((Rules(1, 1, 6), ((1,), (2,)), (3, 2)), "higher than the one before"),
    ((Rules(1, 1, 6), ((1,), (2,)), (3, 3)), "higher than the one before"),
    ((Rules(1, 1, 6), ((1,), (2,)), [3]), "history must be a tuple"),
    ((Rules(1, 1, 6), ((1,), (2,)), (True,)), "history must be a tuple"),
    ((Rules(1, 1, 6), ((1,), (2,)), (), True), "doubted must be False before any call"),
    ((Rules(1, 1, 6), ((1,), (2,)), (11,), True), "doubted must be False after the highest call"),
    ((Rules(1, 1, 6), ((1,), (2,)), (1,), 1), "doubted must be True or False"),
])
def test_a_state_checks_its_fields(fields, message) -> None:
    with pytest.raises(InvalidInputError, match=message):
        State(*fields)


def test_a_checked_state_still_plays() -> None:
    state = State(Rules(1, 1, 6), ((3,), (5,)), (2, 4))
    assert state.legal_actions()[:3] == ["liar", "1x6", "2x1"]
    assert state.apply("liar").returns == (-1, 1)  # player 2's 1x5 holds: player 2 holds a five
    assert State(Rules(1, 1, 6), ((3,), (5,)), (11,)).is_terminal


# --- 3. the command line says when it needs the solver extra ------------------------------
@pytest.fixture
def no_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """scipy and highspy cannot be found (as where the solver extra is not installed)."""
    monkeypatch.setitem(__import__("sys").modules, "scipy", None)
    monkeypatch.setitem(__import__("sys").modules, "highspy", None)


def test_refined_without_the_solver_extra_says_so_before_any_work(no_solver, monkeypatch, capsys) -> None:
    from bluffmath.cli import main

    def read(*cell: object) -> None:
        raise AssertionError("the stored certificate was being read and verified")
    monkeypatch.setattr(table, "certificate", read)
    assert main(["liars-dice", "solve", "1", "1", "2", "--refined"]) == 2
    err = capsys.readouterr().err
    assert err == ("bluffmath: error: --refined needs the solver extra (pip install 'bluffmath[solve]': "
                   "scipy, highspy): scipy and highspy are not installed\n")


def test_an_unstored_variant_without_the_solver_extra_is_refused_before_it_is_built(no_solver, no_building,
                                                                                   capsys) -> None:
    from bluffmath.cli import main
    assert main(["liars-dice", "solve", "1", "1", "7"]) == 2
    assert "needs the solver extra (pip install 'bluffmath[solve]'" in capsys.readouterr().err


# --- 4. the table shows its progress, and stops cleanly -------------------------------
CELLS = ((1, 1, 3, "normal"), (1, 1, 2, "joker"), (2, 1, 5, "stairs"))


def test_the_table_shows_each_cell_as_it_is_read(monkeypatch, capsys) -> None:
    from bluffmath.cli import main
    monkeypatch.setattr(table, "CELLS", CELLS)
    monkeypatch.setattr(table, "TWO_AGAINST_TWO", ())
    assert main(["liars-dice", "table"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 4
    lines = err.splitlines()
    assert [line.rpartition(" (")[0] for line in lines] == [
        "bluffmath liars-dice table: 1/3 1v1, 3 sides, normal: verified",
        "bluffmath liars-dice table: 2/3 1v1, 2 sides, joker: verified",
        "bluffmath liars-dice table: 3/3 2v1, 5 sides, stairs: not stored"]
    assert all(line.endswith(" s)") for line in lines)


def test_ctrl_c_stops_the_table_with_a_line(monkeypatch, capsys) -> None:
    from bluffmath.cli import main
    read = table.cell

    def interrupted(*cell: object) -> object:
        if cell[2] == 2:
            raise KeyboardInterrupt
        return read(*cell)
    monkeypatch.setattr(table, "CELLS", CELLS)
    monkeypatch.setattr(table, "TWO_AGAINST_TWO", ())
    monkeypatch.setattr(table, "cell", interrupted)
    assert main(["liars-dice", "table"]) == 130
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[-1] == "bluffmath liars-dice table: stopped after 1 of 3 cells"


# --- 4. a solve says its stages, and Ctrl+C stops it, HiGHS too ------------------------
STAGES = ["building the reduced game of Liar's dice 1v1, 7 sides, normal (114,647 nodes)",
          "the sequence form of Liar's dice 1v1, 7 sides, normal, reduced",
          "the linear program: 23,803 rows, 23,804 columns, by HiGHS's simplex method",
          "the exact plans at HiGHS's basis",
          "both exact best responses, to check the exact plans",
          "solved: the value to player 1 is -5/49"]


@needs_solver
def test_a_solve_says_each_stage_as_it_starts(capsys) -> None:
    from bluffmath.cli import main
    assert main(["liars-dice", "solve", "1", "1", "7"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Liar's dice 1v1, 7 sides, normal: value to player 1 = -5/49")
    lines = err.splitlines()
    assert all(line.startswith("bluffmath liars-dice solve: ") and line.endswith(" s)") for line in lines)
    said = [line.removeprefix("bluffmath liars-dice solve: ").rpartition(" (")[0] for line in lines]
    assert [s.partition(" (")[0] if s.startswith("the exact plans") else s for s in said] == STAGES


@needs_solver
def test_solve_takes_a_progress_function() -> None:
    from bluffmath.equilibrium import kuhn_poker, solve
    said: list[str] = []
    assert solve(kuhn_poker(), progress=said.append).value == F(-1, 18)
    assert said[0] == "the sequence form of Kuhn poker"
    assert said[1].startswith("the linear program: ")
    assert said[1].endswith("by HiGHS's simplex method")
    with pytest.raises(InvalidInputError, match="progress must be a function of one text, or None, got 'loud'"):
        solve(kuhn_poker(), progress="loud")


@needs_solver
def test_a_refinement_says_each_program_with_the_misplays_left() -> None:
    from bluffmath.equilibrium import refined
    said: list[str] = []
    cert = refined(table.certificate(1, 1, 3), progress=said.append)
    assert cert.verify()
    first = [line for line in said if line.startswith("player 1's strategy: program 1, against ")]
    assert len(first) == 1
    assert first[0].endswith(" single misplays not yet punished")
    total = int(first[0].split(" of ")[1].split()[0])
    left = [int(line.split("against ")[1].split()[0]) for line in said if line.startswith("player 1's")]
    assert left[0] == total
    assert left == sorted(left, reverse=True)
    assert any(line.startswith("player 2's strategy: program 1, against ") for line in said)
    with pytest.raises(InvalidInputError, match="progress must be a function of one text, or None, got 3"):
        refined(table.certificate(1, 1, 3), progress=3)


@needs_solver
def test_solve_refined_says_its_programs(capsys) -> None:
    from bluffmath.cli import main
    assert main(["liars-dice", "solve", "1", "1", "3", "--refined"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("bluffmath liars-dice solve: refining both strategies to punish misplays (")
    assert err[1].startswith("bluffmath liars-dice solve: player 1's strategy: program 1, against ")


@needs_solver
@pytest.mark.slow
def test_ctrl_c_stops_a_solve_inside_highs() -> None:
    """Ctrl+C while HiGHS solves the program (one die each, eight sides: seconds in HiGHS)
    ends the command there, before the program is solved (no exact rebuild of its basis
    follows), with a line saying so and the exit status 130."""
    import signal
    import subprocess
    import sys
    import time
    command = [sys.executable, "-m", "bluffmath", "liars-dice", "solve", "1", "1", "8"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = []
    for line in child.stderr:
        seen.append(line)
        if "the linear program" in line:
            break
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    rest = child.stderr.read()
    assert child.wait(timeout=30) == 130, [*seen, rest]
    assert "the exact plans at HiGHS's basis" not in rest
    assert "bluffmath liars-dice solve: stopped (Ctrl+C)" in rest
    assert child.stdout.read() == ""


# --- 5. full_strategy checks its arguments ----------------------------------------------
@pytest.fixture(scope="module")
def small() -> Certificate:
    return table.certificate(2, 1, 3)


def test_full_strategy_takes_a_reduced_strategy(small) -> None:
    whole = full_strategy(Rules(2, 1, 3), small.strategy(1), 1)
    assert {k: v for k, v in whole.items() if k in small.strategy(1)} == small.strategy(1)
    as_ints = {k: {a: int(p) for a, p in mix.items()} for k, mix in small.strategy(1).items()
               if all(p in (0, 1) for p in mix.values())}
    assert as_ints  # exact 0 and 1 may be ints
    assert full_strategy(Rules(2, 1, 3), {**small.strategy(1), **as_ints}, 1) == whole


def test_full_strategy_refuses_what_is_not_a_strategy_of_the_reduced_game(small) -> None:
    rules = Rules(2, 1, 3)
    one = small.strategy(1)
    key = next(k for k, mix in one.items() if len(mix) == 1)
    action = next(iter(one[key]))
    cases = [
        ({**one, key: {action: 1.0}}, "must have an exact probability"),                   # a float
        ({**one, key: {action: F(1, 2)}}, "sum to exactly 1"),
        ({**one, "99:": {action: 1}}, "'99:', which is not one of player 1's information sets"),  # unknown
        ({**one, key: {"9x9": 1}}, "names the action '9x9'"),
        ({k: v for k, v in one.items() if k != "33:"}, "leaves out '33:', which its own choices reach"),
        ("all liars", "a strategy must be a dict"),
    ]
    for strategy, message in cases:
        with pytest.raises(InvalidInputError, match=message):
            full_strategy(rules, strategy, 1)
    with pytest.raises(InvalidInputError, match="player 2's strategy names '11:'"):
        full_strategy(rules, one, 2)  # player 1's as player 2's
    with pytest.raises(InvalidInputError, match="player 1's strategy names '1:1x1'"):
        full_strategy(rules, small.strategy(2), 1)  # player 2's as player 1's


def test_full_strategy_refuses_another_games_strategy() -> None:
    three = table.certificate(1, 1, 3).strategy(1)
    with pytest.raises(InvalidInputError, match=r"leaves out '[\d:x,]+', which its own choices reach"):
        full_strategy(Rules(1, 1, 4), three, 1)
    with pytest.raises(InvalidInputError, match="not one of player 1's information sets"):
        full_strategy(Rules(1, 1, 3, "joker"), three, 1)


def test_full_strategy_checks_its_rules_player_and_size(no_building, small) -> None:
    with pytest.raises(InvalidInputError, match="rules must be a liars_dice Rules"):
        full_strategy((2, 1, 3), small.strategy(1), 1)
    with pytest.raises(InvalidInputError, match="player must be a whole number from 1 to 2"):
        full_strategy(Rules(2, 1, 3), small.strategy(1), 3)
    with pytest.raises(InvalidInputError, match="the whole game of Liar's dice 2v1, 6 sides, normal has 49,545,091"):
        full_strategy(Rules(2, 1, 6), {}, 1)
