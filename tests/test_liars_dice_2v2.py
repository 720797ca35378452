"""Two dice against two (issue 48): every variant whose reduced game fits is certified and
stored, each certificate checked again here by exact best responses, the docs' table the
benchmark's and the certificates', and the command line answers from a certificate at
once. (The smallest cells are also solved by the independent linear program of
test_liars_dice_values.)"""

from __future__ import annotations

import re
from fractions import Fraction as F
from importlib.resources import files
from pathlib import Path

import pytest

from bluffmath.equilibrium.certificate import file_name
from bluffmath.liars_dice import table
from bluffmath.liars_dice.reduced import reduced_nodes
from bluffmath.liars_dice.rules import Rules
from bluffmath.limits import MAX_GAME_NODES

ROOT = Path(__file__).resolve().parents[1]
ROW = re.compile(r"^\| 2v2 \| (\d) \| (\w+) \| ([-\d/]+|not reached) \|", re.MULTILINE)


def _rows(text: str) -> dict[tuple[int, int, int, str], str]:
    return {(2, 2, int(s), mode): value for s, mode, value in ROW.findall(text)}


MEASURED = _rows((ROOT / "benchmarks" / "LIARS_DICE_2V2.md").read_text(encoding="utf-8"))
STORED = [c for c in table.TWO_AGAINST_TWO if table.value(*c) is not None]


def test_every_variant_is_in_the_benchmarks_table() -> None:
    assert set(MEASURED) == set(table.TWO_AGAINST_TWO)


def test_every_variant_that_fits_and_was_reached_is_stored() -> None:
    """A variant is stored exactly when the benchmark reached it; every one whose reduced game
    is over the limit is not, and the others that fit are listed (a fitting variant not
    reached must say so in the benchmark's table)."""
    folder = files("bluffmath.liars_dice").joinpath("certificates")
    for cell in table.TWO_AGAINST_TWO:
        nodes = reduced_nodes(Rules(*cell))
        stored = folder.joinpath(file_name(table.spec(*cell))).is_file()
        assert stored == (MEASURED[cell] != "not reached"), cell
        if nodes is None:
            assert not stored, cell
    assert {c[2:] for c in STORED} >= {(s, "normal") for s in range(1, 5)} | {(s, "joker") for s in (2, 3, 4)} \
        | {(2, "stairs"), (3, "stairs")}


@pytest.mark.parametrize("cell", STORED)
def test_each_stored_two_against_two_verifies(cell) -> None:
    read = table.cell(*cell)
    assert read.verify()
    assert read.bounds() == (read.value, read.value)
    assert F(MEASURED[cell]) == read.value


def test_the_docs_table_is_the_benchmarks() -> None:
    page = _rows((ROOT / "docs" / "explanation" / "liars-dice.md").read_text(encoding="utf-8"))
    assert page == MEASURED


def test_the_sizes_over_the_limit_are_counted_before_anything_is_built() -> None:
    over = [c for c in table.TWO_AGAINST_TWO if reduced_nodes(Rules(*c)) is None]
    assert (2, 2, 5, "normal") in over
    assert (2, 2, 4, "stairs") in over
    assert all(MEASURED[c] == "not reached" for c in over)
    assert reduced_nodes(Rules(2, 2, 5, "normal"), 10 * MAX_GAME_NODES) == 9_618_411


def test_solve_2_2_4_answers_from_the_stored_certificate_at_once(capsys) -> None:
    from bluffmath.cli import main
    assert main(["liars-dice", "solve", "2", "2", "4"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Liar's dice 2v2, 4 sides, normal: value to player 1 = 7/384 (about 0.0182) "
                          "(stored with bluffmath, verified now)")
    assert err == ""  # nothing solved: a solve says its stages
