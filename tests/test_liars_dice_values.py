"""Liar's dice values, each certified by exact best responses, checked three more ways:
against an independent sequence-form linear program written here from the rules alone
(ordered rolls, no bluffmath game code, scipy's HiGHS in floats), against the normal form
of the tiniest games (every pure strategy), and against the values published by Thomas
Ahle's ``snyd`` (its stairs mode, played by its own rules here, gives its own numbers).

Every stored certificate is re-verified here except the few whose check takes seconds
(``HEAVY``: ``python -m benchmarks.liars_dice --verify`` checks them, and each cell's
reduced equilibrium on the whole game where the whole game can be built)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F
from importlib.resources import files
from itertools import product

import pytest

from bluffmath.equilibrium import Certificate, solve
from bluffmath.equilibrium.certificate import file_name
from bluffmath.equilibrium.solver import has_solver
from bluffmath.liars_dice import table
from bluffmath.liars_dice.game import liars_dice
from bluffmath.liars_dice.reduced import full_strategy, reduced_liars_dice
from bluffmath.liars_dice.rules import Rules

needs_solver = pytest.mark.skipif(not has_solver(), reason="solve and the LP need scipy and highspy")

#: Stored certificates whose check (the reduced game built, both best responses) takes
#: more than about a second here; benchmarks/liars_dice.py --verify checks them.
HEAVY = {(1, 1, 6, "stairs"), (1, 1, 5, "stairs"), (2, 1, 6, "normal"), (1, 2, 6, "normal"),
         (2, 1, 6, "joker"), (1, 2, 6, "joker"), (2, 1, 4, "stairs"), (1, 2, 4, "stairs"),
         (2, 2, 4, "normal"), (2, 2, 4, "joker"), (2, 2, 3, "stairs")}
#: Cells whose whole game is small enough to check the reduced equilibrium on it here.
WHOLE = [c for c in table.CELLS if c[2] <= 4 and c not in HEAVY]


# --- an independent linear program, from the rules alone --------------------------------
def truth(d1: int, d2: int, sides: int, mode: str, snyd: bool = False):
    """The calls (count, face) and whether a call holds for two ordered rolls. ``snyd``:
    its program's own rules (stairs without wild ones; a stair only in rolled order)."""
    faces = range(1 if mode == "normal" else 2, sides + 1)
    top = (d1 + d2) * (2 if mode == "stairs" else 1)
    calls = [(n, f) for n in range(1, top + 1) for f in faces]

    def holds(r1: tuple, r2: tuple, call: tuple) -> bool:
        n, f = call
        shown = 0
        for roll in (r1, r2):
            stair = (roll == tuple(range(1, len(roll) + 1))) if snyd else sorted(roll) == list(range(1, len(roll) + 1))
            if mode == "stairs" and stair:
                shown += len(roll) + 1
            else:
                wild = mode == "joker" or (mode == "stairs" and not snyd)
                shown += Counter(f if (wild and d == 1) else d for d in roll)[f]
        return shown >= n
    return calls, holds


def lp_value(d1: int, d2: int, sides: int, mode: str, snyd: bool = False) -> float:
    """The value by the sequence form (Koller, Megiddo, von Stengel), built here: maximise
    q0 subject to E x = e, x >= 0 and F^T q <= A^T x, over player 1's plan x and player
    2's infoset values q."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    calls, holds = truth(d1, d2, sides, mode, snyd)
    rolls = (list(product(range(1, sides + 1), repeat=d1)), list(product(range(1, sides + 1), repeat=d2)))
    chance = F(1, sides ** (d1 + d2))
    seq1, seq2, info2, info1 = {None: 0}, {None: 0}, {}, set()
    e_rows, a_cells = [[(0, 1)]], {}
    f_cols: dict[int, list[tuple[int, int]]] = {0: [(0, 1)]}  # P2 sequence -> (row of q, coefficient)

    def walk(h: tuple, last1, last2, r1, r2) -> None:
        mover = len(h) % 2
        actions = (["liar"] if h else []) + [c for c in calls if not h or c > h[-1]]
        if mover == 0:
            key = (r1, h)
            if key not in info1:  # first visit: the infoset's row of E
                info1.add(key)
                row = [(seq1[last1], -1)]
                for a in actions:
                    seq1[(r1, (*h, a))] = len(seq1)
                    row.append((seq1[(r1, (*h, a))], 1))
                e_rows.append(row)
        else:
            key = (r2, h)
            if key not in info2:
                info2[key] = 1 + len(info2)
                f_cols.setdefault(seq2[last2], []).append((info2[key], -1))
                for a in actions:
                    seq2[(r2, (*h, a))] = len(seq2)
                    f_cols[seq2[(r2, (*h, a))]] = [(info2[key], 1)]
        for a in actions:
            mine = (r1 if mover == 0 else r2, (*h, a))
            n1, n2 = (mine, last2) if mover == 0 else (last1, mine)
            if a == "liar" or a == calls[-1]:
                call = h[-1] if a == "liar" else a
                caller = (len(h) - 1) % 2 if a == "liar" else mover
                one = 1 if (caller == 0) == holds(r1, r2, call) else -1
                cell = (seq1[n1], seq2[n2])
                a_cells[cell] = a_cells.get(cell, 0) + one * chance
            else:
                walk((*h, a), n1, n2, r1, r2)

    for r1 in rolls[0]:
        for r2 in rolls[1]:
            walk((), None, None, r1, r2)
    n1, nq = len(seq1), 1 + len(info2)
    rows, cols, vals = [], [], []
    for i, row in enumerate(e_rows):
        for j, v in row:
            rows.append(i)
            cols.append(j)
            vals.append(v)
    eq = coo_matrix((vals, (rows, cols)), shape=(len(e_rows), n1 + nq))
    rows, cols, vals = [], [], []
    for j, entries in f_cols.items():
        for q, v in entries:
            rows.append(j)
            cols.append(n1 + q)
            vals.append(v)
    for (i, j), v in a_cells.items():
        rows.append(j)
        cols.append(i)
        vals.append(-float(v))
    ub = coo_matrix((vals, (rows, cols)), shape=(len(seq2), n1 + nq))
    cost = np.zeros(n1 + nq)
    cost[n1] = -1
    done = linprog(cost, A_ub=ub, b_ub=np.zeros(len(seq2)), A_eq=eq, b_eq=[1] + [0] * (len(e_rows) - 1),
                   bounds=[(0, None)] * n1 + [(None, None)] * nq, method="highs")
    assert done.status == 0, done.message
    return -done.fun


INDEPENDENT = [(1, 1, s, "normal") for s in range(1, 5)] + [(1, 1, s, "joker") for s in range(2, 6)] + \
    [(1, 1, s, "stairs") for s in range(2, 4)] + [(d1, d2, s, m) for d1, d2 in ((2, 1), (1, 2))
                                                for s, m in ((1, "normal"), (2, "normal"), (3, "normal"),
                                                             (2, "joker"), (3, "joker"), (2, "stairs"))] + \
    [(2, 2, 2, "normal"), (2, 2, 2, "joker"), (2, 2, 3, "joker"), (2, 2, 2, "stairs"),
     pytest.param((2, 2, 3, "normal"), marks=pytest.mark.slow)]  # two against two: first certified here


@needs_solver
@pytest.mark.parametrize("cell", INDEPENDENT)
def test_an_independent_linear_program_agrees(cell) -> None:
    assert lp_value(*cell) == pytest.approx(float(table.value(*cell)), abs=1e-9)


@needs_solver
@pytest.mark.parametrize(("cell", "published"), [
    ((2, 1, 2, "stairs"), F(3, 8)), ((2, 1, 3, "stairs"), F(1, 27)),
    ((1, 2, 2, "stairs"), F(-1, 4)), ((1, 2, 3, "stairs"), F(-1, 27)), ((1, 1, 3, "stairs"), F(1, 9))])
def test_snyd_stairs_values_come_from_its_own_rules(cell, published) -> None:
    """snyd's stairs mode counts ones as wild only in a stair, and a stair only in the
    order rolled: by those rules the program here gives its published values; by the
    rules of the issue (ones wild, a stair in any order) the certified ones differ."""
    assert lp_value(*cell, snyd=True) == pytest.approx(float(published), abs=1e-9)
    if cell[:2] != (1, 1):
        assert table.value(*cell) != published
    assert table.PUBLISHED[cell] == str(published)


# --- the normal form of the tiniest games ------------------------------------------------
def normal_form_value(game_cell) -> float:
    """The value over every pure strategy of each player (the payoff of each pair by
    walking the tree), by a linear program over the matrix."""
    import numpy as np
    from scipy.optimize import linprog

    from bluffmath.equilibrium import Chance
    g = liars_dice(*game_cell)
    keys = [[k for k, i in g.infosets.items() if i.player == p] for p in (1, 2)]
    pure = [list(product(*(g.infosets[k].actions for k in ks))) for ks in keys]
    assert max(map(len, pure)) <= 300

    def play(node, s1, s2) -> F:
        if isinstance(node, Chance):
            return sum((p * play(child, s1, s2) for p, child in node.branches), F(0))
        if not hasattr(node, "children"):
            return F(node.payoff)
        choice = (s1 if node.player == 1 else s2)[node.infoset]
        return play(node.children[node.actions.index(choice)], s1, s2)

    strategies = [[dict(zip(ks, s, strict=True)) for s in ps] for ks, ps in zip(keys, pure, strict=True)]
    matrix = np.array([[float(play(g.root, a, b)) for b in strategies[1]] for a in strategies[0]])
    m, n = matrix.shape  # max v: x >= 0, sum x = 1, x^T M >= v
    done = linprog(np.r_[np.zeros(m), -1], A_ub=np.c_[-matrix.T, np.ones(n)], b_ub=np.zeros(n),
                   A_eq=np.r_[np.ones(m), 0][None, :], b_eq=[1], bounds=[(0, None)] * m + [(None, None)],
                   method="highs")
    return -done.fun


@needs_solver
@pytest.mark.parametrize("cell", [(1, 1, 1, "normal"), (2, 1, 1, "normal"), (1, 2, 1, "normal"),
                                  (1, 1, 2, "joker"), (2, 1, 2, "joker"), (1, 2, 2, "joker")])
def test_the_tiniest_games_by_pure_strategies(cell) -> None:
    assert normal_form_value(cell) == pytest.approx(float(table.value(*cell)), abs=1e-9)


# --- the published table ----------------------------------------------------------------
def test_the_published_values_agree_but_snyds_stairs() -> None:
    """Every value in snyd's README that its rules share with these agrees (0.275.., of
    2v1 with six sides, is 212027/771552, which snyd's own output file prints, compared in
    benchmarks/LIARS_DICE.md), but one: the README prints -3/35 for one
    five-sided die each, where snyd's own output file (outputs/11_5.normal) prints -3/25."""
    assert table.PUBLISHED[1, 1, 5, "normal"] == "-3/35"
    assert table.value(1, 1, 5, "normal") == F(-3, 25)
    for cell in table.CELLS:
        printed = table.PUBLISHED[cell]
        if printed in ("", "-") or printed.endswith("..") or cell == (1, 1, 5, "normal"):
            continue
        value = table.value(*cell)
        if cell[3] == "stairs" and cell[:2] != (1, 1):
            continue  # other rules: see the test above
        assert value == F(printed), cell


# --- the stored certificates ------------------------------------------------------------
def test_every_cell_but_the_unreached_is_stored() -> None:
    folder = files("bluffmath.liars_dice").joinpath("certificates")
    stored = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    reached = [c for c in table.CELLS if c[3] == "normal" or c[2] > 1]
    missing = [c for c in reached if file_name(table.spec(*c)) not in stored]
    assert missing == [(2, 1, 5, "stairs"), (2, 1, 6, "stairs"), (1, 2, 5, "stairs"), (1, 2, 6, "stairs")]
    two = [c for c in table.TWO_AGAINST_TWO if file_name(table.spec(*c)) in stored]  # test_liars_dice_2v2
    assert len(stored) == len(reached) - len(missing) + len(two)


@pytest.mark.parametrize("cell", [c for c in table.CELLS if c not in HEAVY])
def test_each_stored_certificate_verifies(cell) -> None:
    cert = table.certificate(*cell)
    if (cell[3] != "normal" and cell[2] == 1) or cell in [(2, 1, 5, "stairs"), (1, 2, 5, "stairs"),
                                                          (2, 1, 6, "stairs"), (1, 2, 6, "stairs")]:
        assert cert is None
        return
    assert cert.verify()  # stored() verified it once; this checks again
    assert cert.game.spec == table.spec(*cell)


#: The heavy cells make test verifies: one of each mode, two dice against one and one against
#: two among them; make test-full (--full) verifies every heavy cell.
HEAVY_SAMPLE = {(1, 1, 5, "stairs"), (1, 2, 6, "joker"), (2, 1, 6, "normal")}


@pytest.mark.slow
@pytest.mark.parametrize("cell", [c if c in HEAVY_SAMPLE else pytest.param(c, marks=pytest.mark.full)
                                  for c in sorted(HEAVY)])
def test_each_heavy_stored_certificate_verifies(cell) -> None:
    """The heavy cells too (about 31 CPU seconds in all, 15 of them one die each with six
    sides in the stairs mode, up to 1 GB): read from the file, not through stored()'s
    cache, so that the memory is given back after each."""
    from bluffmath.equilibrium.games import certificate_folder
    package, folder = certificate_folder("liars-dice-reduced")
    text = files(package).joinpath(folder, file_name(table.spec(*cell))).read_text(encoding="utf-8")
    cert = Certificate.from_json(text)
    assert cert.game.spec == table.spec(*cell)
    assert cert.verify()
    printed = table.PUBLISHED[cell]
    if printed and not printed.endswith("..") and (cell[3] != "stairs" or cell[:2] == (1, 1)):
        assert cert.value == F(printed), cell  # snyd's README, where its rules are these


@pytest.mark.parametrize("cell", WHOLE)
def test_each_reduced_equilibrium_is_one_of_the_whole_game(cell) -> None:
    """The stored strategies, answering the left-out actions as the dominance says, are an
    equilibrium of the whole game, by exact best responses on the whole game."""
    cert = table.certificate(*cell)
    if cert is None:
        return
    rules = Rules(*cell)
    whole = Certificate(liars_dice(*cell), cert.value,
                        (full_strategy(rules, cert.strategy(1), 1), full_strategy(rules, cert.strategy(2), 2)))
    assert whole.verify()


@needs_solver
@pytest.mark.parametrize("cell", [(1, 1, 3, "normal"), (2, 1, 3, "normal"), (1, 2, 3, "joker"),
                                  (1, 1, 4, "stairs"), (2, 1, 2, "stairs"), (1, 2, 3, "stairs")])
def test_the_reduced_and_the_whole_game_have_one_value(cell) -> None:
    assert solve(liars_dice(*cell)).value == solve(reduced_liars_dice(*cell)).value == table.value(*cell)


# --- the table in the docs and in the benchmark's results ---------------------------------
def _rows(text: str) -> dict[tuple[int, int, int, str], str]:
    import re
    return {(int(a), int(b), int(s), mode): value for a, b, s, mode, value in re.findall(
        r"^\| (\d)v(\d) \| (\d) \| (\w+) \| ([-\d/]+|not reached) \|", text, re.MULTILINE)}


def test_the_docs_table_shows_the_certified_values() -> None:
    """The docs page's table, the benchmark's results and the stored certificates agree
    (the heavy certificates through the benchmark's results, which solved them)."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    page = {cell: value for cell, value in _rows((root / "docs" / "explanation" / "liars-dice.md")
                                                 .read_text(encoding="utf-8")).items() if cell[:2] != (2, 2)}
    measured = _rows((root / "benchmarks" / "LIARS_DICE.md").read_text(encoding="utf-8"))
    assert set(page) == set(measured) == set(table.CELLS)
    assert page == measured
    for cell, shown in page.items():
        if shown == "not reached":
            assert table.value(*cell) is None
        elif cell not in HEAVY:
            assert F(shown) == table.value(*cell), cell
