"""Every speed figure in the README comes from a benchmark that `make bench` runs.

The README's "Speed" table names, on each row, the results file that holds its figures
(``benchmarks/NAME.md``). Each results file says which command wrote it ("Written by
`python -m benchmarks... --write`"), and the Makefile's ``bench`` target runs that command.
A figure (a number with a unit: ``0.23 s``, ``9.9x``, ``662 games/s``) in the measured
columns of a row must appear in the row's results file: a figure that no benchmark
reproduces cannot stay.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAKEFILE = ROOT / "Makefile"

FIGURE = re.compile(r"(?<![\d.,])\d[\d,]*(?:\.\d+)?\s?(?:µs|ms|s|x|games/s|MB|GB|%)(?![\w/])")
SOURCE = re.compile(r"benchmarks/[A-Z_]+\.md")
WRITTEN_BY = re.compile(r"Written by `(python -m benchmarks[^`]*)`")
MEASURED = ("bluffmath", "baseline", "ratio")


def speed_table(text: str) -> tuple[list[str], list[list[str]]]:
    """The header and rows (cells stripped) of the first table under ``## Speed``."""
    section = text.split("\n## Speed", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
    return cells[0], [row for row in cells[2:] if row and any(row)]


def figures(cell: str) -> list[str]:
    """The figures of a table cell: numbers with a unit."""
    return [m.group(0) for m in FIGURE.finditer(cell)]


def bench_recipe() -> str:
    """The Makefile's ``bench`` target (its recipe lines)."""
    text = MAKEFILE.read_text(encoding="utf-8")
    return text.split("\nbench:", 1)[1].split("\n\n", 1)[0]


HEADER, ROWS = speed_table(README.read_text(encoding="utf-8"))


def test_the_parser_finds_figures() -> None:
    assert figures("median 0.90 ms, worst 23 ms; 1,2 s / 9.9x / 662 games/s") == [
        "0.90 ms", "23 ms", "1,2 s", "9.9x", "662 games/s"]
    assert figures("Duel(5) 5 cards, x1 s10") == []


def test_the_table_has_its_columns() -> None:
    assert [h.split(" ")[0] for h in HEADER] == ["what", "bluffmath", "baseline", "ratio", "floor", "source"]
    assert len(ROWS) >= 10


@pytest.mark.parametrize("row", ROWS, ids=[f"row{i}" for i in range(len(ROWS))])
def test_every_figure_is_in_its_results_file(row: list[str]) -> None:
    columns = dict(zip((h.split(" ")[0] for h in HEADER), row, strict=True))
    sources = SOURCE.findall(columns["source"])
    assert sources, f"the row {columns['what']!r} names no results file"
    text = "\n".join((ROOT / s).read_text(encoding="utf-8") for s in sources)
    measured = [f for name in MEASURED for f in figures(columns[name])]
    assert measured, f"the row {columns['what']!r} shows no figure"
    missing = [f for f in measured if not found(f, text)]
    assert not missing, f"{columns['what']!r}: {missing} are not in {sources}"


def found(figure: str, text: str) -> bool:
    """``figure`` is in ``text`` as written, or its number is (a whole number, not part of
    another) and its unit is too: a report may put the unit in a column's header."""
    if re.search(r"(?<![\d.,])" + re.escape(figure) + r"(?![\d])", text):
        return True
    number, unit = re.fullmatch(r"([\d,.]+)\s?(.+)", figure).groups()
    return bool(re.search(r"(?<![\d.,])" + re.escape(number) + r"(?![\d])", text)) and unit in text


def test_a_figure_is_found_as_written_or_by_number_and_unit() -> None:
    report = "| table | games/s (one core) |\n| 4 players | 20.0 |\n| median | 0.23 s |"
    assert found("0.23 s", report)
    assert found("20.0 games/s", report)
    assert not found("0.2 s", report)
    assert not found("20.0 ms", report)


@pytest.mark.parametrize("source", sorted({s for row in ROWS for s in SOURCE.findall(row[-1])}))
def test_make_bench_writes_every_results_file(source: str) -> None:
    text = (ROOT / source).read_text(encoding="utf-8")
    command = WRITTEN_BY.search(text)
    assert command, f"{source} does not say which command wrote it"
    assert "$(BIN)/" + command.group(1) in bench_recipe(), f"make bench does not run {command.group(1)!r}"
