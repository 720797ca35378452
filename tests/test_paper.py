"""Paper that stands alone (issue 45): every worksheet, answer key and quiz, printed.

The handouts are built into a temporary folder and printed to PDF by Chromium (in one
browser session; a test checks that ``handouts.py --pdf``, which a teacher runs, prints
the same text); pypdf reads each PDF's text back, page by page, and the text is checked
for what a reader with no computer cannot use:

- code: names with underscores, calls such as ``solve(``, dotted names, CamelCase class
  names, ``answer_``, ``check(``, ``import``, backticks;
- TeX that was not printed as mathematics: ``$``, a backslash command, ``^``, ``_{``;
- programming words: tuple, list of, dict, function, return, variable, docstring,
  "raises" an error, index, loop, string, and Fraction, True, False or None with a
  capital in the middle of a sentence;
- a table, row or column the sheet speaks of but does not print: a quoted column or row
  name must be a header cell of a table on that sheet (and printed apart from the
  reference), "this table" or "the table below" needs a table (below it), a word "row"
  or "column" any table at all;
- a chance above 1;
- a table cut at the margin, and a sheet longer than its pages (four for a worksheet,
  one for a key or a quiz).

Each check is tried first on the sentences issue 45 found on paper (it must catch them)
and on plain mathematics (it must let it pass). Then the sheets the issue names are read
for what they must print: lesson 3's position, the numbers of sheet 04's exercise 6,
sheet 06's claims, model, challenge and tables, sheet 08's payoffs, each counted again
here by brute force where it is a number.

Printing the 24 pages takes about 5 seconds in one session (20 to 40 with a Chromium
process a page, as ``handouts.py --pdf`` does; measured on 2 shared cores), the whole
module about 15; it fails, never skips, when there is no Chromium.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from html import unescape
from itertools import combinations, permutations
from pathlib import Path

import pytest
from test_handouts import handouts  # the lessons' handouts.py, loaded once

from bluffmath_widgets.lessons.quiz import QUIZZES

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
PILE_CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]   # one colour, from the rules
#: Where Chromium is found when it is not on the PATH (Debian's package, KNOWN.md).
CHROMIUM = ("chromium", "chromium-browser", "/usr/bin/chromium")


SOURCES = handouts.sources()
SHEETS = [*(f"{s.stem}-{kind}" for s in SOURCES for kind in ("worksheet", "key")),
          *(f"quiz-{game}{tail}" for game in QUIZZES for tail in ("", "-key"))]


# --- what the checks look for -------------------------------------------------------------

CODE = {
    "a name with an underscore": r"\b\w*(?:[A-Za-z0-9]_|_[A-Za-z0-9])\w*",
    "a call": r"\b[a-z][a-z0-9_]+\(",
    "a dotted name": r"\b[a-z_]{2,}\.[a-z_]{2,}\b",
    "a CamelCase name": r"\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b",
    "code": r"answer_|\bcheck\(|\bimport\b|>>>|==|!=|\*\*|`",
}
TEX = {"a dollar": r"\$", "a backslash": r"\\", "a caret": r"\^", "a TeX subscript": r"_\{"}
WORDS = {
    "tuple": r"\btuples?\b", "list of": r"\blists? of\b", "dict": r"\bdicts?\b",
    "function": r"\bfunctions?\b", "return": r"\breturn(s|ed|ing)?\b", "variable": r"\bvariables?\b",
    "docstring": r"\bdocstrings?\b", "raises an error": r"\braises? (an? )?((?-i:[A-Z]\w+)|errors?|exceptions?)\b",
    "index": r"\bind(ex|exes|ices)\b", "loop": r"\bloops?\b", "string": r"\bstrings?\b",
}
#: Words that are code when they are capitalised in the middle of a sentence.
CAPITALISED = r"\b(Fractions?|True|False|None)\b"
QUOTED = re.compile(r'\b(column|row)s?\s+"([^"]+)"|"([^"]+)"\s+(column|row)s?\b')
NAMED_COLUMN = re.compile(r"\bthe (\w+) column\b", re.I)
ROWS_BY_VALUE = re.compile(r"\brows? (\w) = ((?:\d+,\s*)+(?:and\s*)?\d+|\d+\s*(?:\.\.\.|…|to)\s*\d+)")
POINTING = re.compile(r"\b(this table|these tables|the (\w+ )?tables? (above|below))\b", re.I)
TABLE_WORD = re.compile(r"\b(columns?|rows?)\b", re.I)


@dataclass(frozen=True, repr=False)
class Sheet:
    """One printed handout: its name, each PDF page's text, and the HTML it was printed from."""

    name: str
    pages: tuple[str, ...]
    html: str

    @property
    def text(self) -> str:
        return " ".join(self.pages)

    def __repr__(self) -> str:
        return f"<{self.name}: {len(self.pages)} pages>"


def normal(text: str) -> str:
    """Text as a reader sees it: ligatures (ﬁ) as letters, quotes straight, spaces single."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "\u2009": " ", "\u2003": " "}))
    return re.sub(r"\s+", " ", text).strip()


def code_names(text: str) -> list[str]:
    """What reads as code in ``text`` (a page's text), each with what kind of code it is.

    >>> code_names("P_cards(total ≥ c) - P_dice(total ≥ c)")
    ['a name with an underscore: P_cards', 'a name with an underscore: P_dice']
    >>> code_names("P(total ≥ 12 | your card = v), C(n, k), Var(X), E[penalty]; Name: ____")
    []
    """
    text = normal(text)
    return [f"{kind}: {m[0]}" for kind, pattern in CODE.items() for m in re.finditer(pattern, text)]


def tex_leftovers(text: str) -> list[str]:
    r"""TeX that reached the page as TeX.

    >>> tex_leftovers(r"(x - mean)^2 and $\frac{1}{2}$")
    ['a dollar: $', 'a dollar: $', 'a backslash: \\', 'a caret: ^']
    """
    text = normal(text)
    return [f"{kind}: {m[0]}" for kind, pattern in TEX.items() for m in re.finditer(pattern, text)]


def programming_words(text: str) -> list[str]:
    """Words of programming, and code's capitals in the middle of a sentence.

    >>> programming_words("Give a tuple of five totals, as a Fraction. Fraction is fine here.")
    ['tuple', 'Fraction']
    >>> programming_words("Seat 3 raises to 15; a call is true or false.")
    []
    """
    text = normal(text)
    found = [word for word, pattern in WORDS.items() if re.search(pattern, text, re.I)]
    for m in re.finditer(CAPITALISED, text):
        if re.search(r"[a-z,;(]\s*$", text[:m.start()]):
            found.append(m[0])
    return found


def table_names(html: str) -> tuple[set[str], set[str], int]:
    """The column names (header cells), the row names (a row's first cell) and the number
    of tables of a page's HTML."""
    columns: set[str] = set()
    rows: set[str] = set()
    tables = re.findall(r"<table\b.*?</table>", html, re.S)
    for table in tables:
        for row in re.findall(r"<tr\b.*?</tr>", table, re.S):
            cells = re.findall(r"<(t[hd])\b[^>]*>(.*?)</t[hd]>", row, re.S)
            names = [normal(unescape(re.sub(r"<[^>]+>", "", body))) for _, body in cells]
            columns |= {name for (kind, _), name in zip(cells, names, strict=True) if kind == "th"}
            if names:
                rows.add(names[0])
    return columns, rows, len(tables)


def _flat_html(html: str) -> str:
    """A page's HTML as text, each table a marker ``⟦table⟧``."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    html = re.sub(r"<table\b.*?</table>", " ⟦table⟧ ", html, flags=re.S)
    return normal(unescape(re.sub(r"<[^>]+>", " ", html)))


def unprinted_tables(text: str, html: str) -> list[str]:
    """Each table, row or column that ``text`` (a page's printed text) speaks of and the
    page (``html``) does not print.

    >>> unprinted_tables('The column "prior × likelihood" is P(role and the claim).', "<p></p>")
    ['column "prior × likelihood": no such header', 'a column or row, and no table']
    >>> for wrong in unprinted_tables('Fill in this table (rows k = 0, 1, 2, 3).', "<p></p>"):
    ...     print(wrong)
    rows k = 0, 1, 2, 3: no row 0
    rows k = 0, 1, 2, 3: no row 1
    rows k = 0, 1, 2, 3: no row 2
    rows k = 0, 1, 2, 3: no row 3
    this table: no table
    a column or row, and no table
    """
    text = normal(text)
    columns, rows, tables = table_names(html)
    wrong: list[str] = []
    for m in QUOTED.finditer(text):
        kind, name = (m[1], m[2]) if m[1] else (m[4], m[3])
        names = columns if kind == "column" else rows | columns
        if normal(name) not in names:
            wrong.append(f'{kind} "{name}": no such header')
        elif text.count(f'"{name}"') >= text.count(name):
            wrong.append(f'{kind} "{name}": named, but not printed as a header')
    for m in NAMED_COLUMN.finditer(text):
        if not any(m[1].lower() in column.lower().split() for column in columns):
            wrong.append(f"the {m[1]} column: no such header")
    for m in ROWS_BY_VALUE.finditer(text):
        values = re.findall(r"\d+", m[2])
        wrong += [f"{m[0]}: no row {v}" for v in values if not any(re.search(rf"(^|\D){v}(\D|$)", r) for r in rows)]
    flat = _flat_html(html)
    for m in POINTING.finditer(text):
        phrase = m[0].lower()
        if not tables:
            wrong.append(f"{m[0]}: no table")
        elif "above" in phrase or "below" in phrase:
            for at in [found.start() for found in re.finditer(re.escape(m[0]), flat, re.I)]:
                before, after = "⟦table⟧" in flat[:at], "⟦table⟧" in flat[at:]
                if not (before if "above" in phrase else after):
                    wrong.append(f"{m[0]}: there is no table {'above' if 'above' in phrase else 'below'} it")
    if TABLE_WORD.search(text) and not tables:
        wrong.append("a column or row, and no table")
    return wrong


def chances_above_one(text: str, html: str = "") -> list[str]:
    """Chances above 1: a percentage over 100, a fraction over 1 said to be a chance or a
    probability or written ``P(...) = a/b``, or in a table's column of chances.

    >>> chances_above_one("the chance is 461/364, P(call) = 7/3, 120 %; the mean is 43/3")
    ['461/364', '7/3', '120 %']
    """
    text = normal(text)
    wrong = [f"{a}/{b}" for pattern in (r"\b(?:chance|probability)\b[^.;:!?]{0,60}?(?<![\d/])(\d+)/(\d+)\b",
                                         r"\bP\([^()]*\)\s*=\s*(\d+)/(\d+)\b")
             for a, b in re.findall(pattern, text, re.I) if int(a) > int(b)]
    wrong += [f"{p} %" for p in re.findall(r"(\d+(?:\.\d+)?) ?%", text) if float(p) > 100]
    for table in re.findall(r"<table\b.*?</table>", html, re.S):
        rows = [[normal(unescape(re.sub(r"<[^>]+>", "", c))) for c in re.findall(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", r, re.S)]
                for r in re.findall(r"<tr\b.*?</tr>", table, re.S)]
        if not rows:
            continue
        for column, name in enumerate(rows[0]):
            if re.search(r"\b(chance|probability|prior|posterior|likelihood)\b|\bP\(", name, re.I):
                wrong += [f"{name}: {row[column]}" for row in rows[1:] if column < len(row)
                          and re.fullmatch(r"\d+/\d+", row[column]) and Fraction(row[column]) > 1]
    return wrong


# --- the checks catch what issue 45 found, and let mathematics pass ----------------------

FOUND_IN_ISSUE_45 = {
    "worksheet 01": "Find the call c where P_cards(total ≥ c) - P_dice(total ≥ c) is largest",
    "worksheet 01, exercise 5": "of P(X = x) (x - mean)^2",
    "worksheet 03": "(bluffmath's CardCountingBot does: read its docstring.)",
    "key 07": "bluffmath raises ModelContradicted: no hand seat 1 may hold",
    "worksheets 02, 03, 04, 07": "Give a tuple of five totals.",
    "Fraction, 37 times": "give (c, difference) with the difference as a Fraction",
    "raw TeX": r"is $\frac{1}{2}$ and $x_{i}$",
}


@pytest.mark.parametrize("where", FOUND_IN_ISSUE_45)
def test_the_checks_catch_what_issue_45_found_on_paper(where: str) -> None:
    said = FOUND_IN_ISSUE_45[where]
    assert code_names(said) or tex_leftovers(said) or programming_words(said), said


@pytest.mark.parametrize("said", [
    'The column "prior × likelihood" is P(role and the claim).',
    'The row "3 Wizards" has prior 0: no deal.',
    "Exercise 5. Fill in this table (rows k = 0, 1, 2, 3).",
    "The sum of the column prior × likelihood is the normalising constant.",
])
def test_the_table_check_catches_what_worksheets_06_and_07_spoke_of(said: str) -> None:
    assert unprinted_tables(said, "<p>no table</p>")


def test_the_table_check_passes_a_table_that_is_printed() -> None:
    html = ('<p>x</p><table><tr><th>k</th><th>prior</th><th>prior × likelihood</th></tr>'
            '<tr><th>3 Wizards</th><td>0</td><td class="blank"></td></tr>'
            '<tr><td>0 Wizards</td><td></td><td></td></tr><tr><td>1 Wizard</td><td></td><td></td></tr>'
            '<tr><td>2 Wizards</td><td></td><td></td></tr></table><p>Fill in the table above.</p>')
    text = ('k prior prior × likelihood 3 Wizards 0 The column "prior × likelihood" and the row '
            '"3 Wizards". Fill in the table above (rows k = 0, 1, 2, 3); the prior column.')
    assert unprinted_tables(text, html) == []
    assert unprinted_tables(text.replace("above", "below"), html.replace("above", "below"))


def test_the_chance_check_reads_a_table_column_of_chances() -> None:
    html = ("<table><tr><th>t</th><th>P(T) + P(T + 1)</th><th>chance</th></tr>"
            "<tr><td>12</td><td>461/364</td><td>1/2</td></tr></table>")
    assert chances_above_one("", html) == ["P(T) + P(T + 1): 461/364"]


def test_the_checks_examples_run() -> None:
    import doctest

    assert doctest.testmod(sys.modules[__name__]).failed == 0


# --- the printed sheets --------------------------------------------------------------------

def _chromium() -> str:
    found = next((path for name in CHROMIUM if (path := shutil.which(name))), None)
    if found is None:
        pytest.fail("printing the handouts needs Chromium (apt-get install chromium); "
                    "without it no sheet can be checked as paper")
    return found


def print_in_one_session(pages: list[Path], chromium: str) -> list[Path]:
    """Print each page to PDF beside it, as ``handouts.print_pdf`` does, but in one
    browser session (Playwright driving the same Chromium): 24 pages in about 5 seconds
    instead of 20 to 40 with a process a page. Without Playwright, ``handouts.print_pdf``."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return handouts.print_pdf(pages, chromium)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        try:
            tab = browser.new_page()
            for path in pages:
                tab.goto(path.as_uri())
                tab.pdf(path=str(path.with_suffix(".pdf")), prefer_css_page_size=True)
                written.append(path.with_suffix(".pdf"))
        finally:
            browser.close()
    return written


def read_pdf(pdf: Path) -> Sheet:
    from pypdf import PdfReader

    return Sheet(pdf.stem, tuple(page.extract_text() for page in PdfReader(pdf).pages),
                 pdf.with_suffix(".html").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every worksheet, answer key and quiz as the HTML pages ``handouts.py`` writes."""
    out = tmp_path_factory.mktemp("paper")
    return [p for p in handouts.build(out) if not p.name.startswith("deck-")]


@pytest.fixture(scope="module")
def printed(built: list[Path]) -> dict[str, Sheet]:
    """Every worksheet, answer key and quiz, printed to PDF and read back."""
    chromium = _chromium()
    start = time.perf_counter()
    pdfs = print_in_one_session(built, chromium)
    print(f"\nprinted {len(pdfs)} handouts in {time.perf_counter() - start:.1f} s")
    return {pdf.stem: read_pdf(pdf) for pdf in pdfs}


def test_handouts_pdf_prints_what_the_session_prints(built: list[Path], printed: dict[str, Sheet],
                                                     tmp_path: Path) -> None:
    """``handouts.py --pdf`` (a Chromium process a page, as a teacher prints) gives the
    same text, page by page, as the session these tests print with."""
    page = next(p for p in built if p.name == "03-doubt-or-raise-worksheet.html")
    copy = tmp_path / page.name
    copy.write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    (pdf,) = handouts.print_pdf([copy], _chromium())
    assert [normal(t) for t in read_pdf(pdf).pages] == [normal(t) for t in printed[page.stem].pages]


def test_every_worksheet_key_and_quiz_is_printed(printed: dict[str, Sheet]) -> None:
    assert sorted(printed) == sorted(SHEETS)
    for sheet in printed.values():
        assert sheet.pages
        assert all(page.strip() for page in sheet.pages), f"{sheet.name}: an empty page"


@pytest.mark.parametrize("name", SHEETS)
def test_a_worksheet_prints_on_at_most_four_pages_and_a_key_or_quiz_on_one(printed: dict[str, Sheet],
                                                                           name: str) -> None:
    assert len(printed[name].pages) <= (4 if name.endswith("-worksheet") else 1)


def _each_page(sheet: Sheet, check: object) -> list[str]:
    return [f"page {n}: {found}" for n, page in enumerate(sheet.pages, 1) for found in check(page)]  # type: ignore[operator]


@pytest.mark.parametrize("name", SHEETS)
def test_no_sheet_prints_code(printed: dict[str, Sheet], name: str) -> None:
    assert _each_page(printed[name], code_names) == []


@pytest.mark.parametrize("name", SHEETS)
def test_no_sheet_prints_tex(printed: dict[str, Sheet], name: str) -> None:
    assert _each_page(printed[name], tex_leftovers) == []


@pytest.mark.parametrize("name", SHEETS)
def test_no_sheet_speaks_of_programming(printed: dict[str, Sheet], name: str) -> None:
    assert _each_page(printed[name], programming_words) == []


@pytest.mark.parametrize("name", SHEETS)
def test_every_table_row_and_column_a_sheet_speaks_of_is_printed(printed: dict[str, Sheet], name: str) -> None:
    sheet = printed[name]
    assert unprinted_tables(sheet.text, sheet.html) == []


@pytest.mark.parametrize("name", SHEETS)
def test_no_sheet_shows_a_chance_above_one(printed: dict[str, Sheet], name: str) -> None:
    sheet = printed[name]
    assert chances_above_one(sheet.text, sheet.html) == []


@pytest.mark.parametrize("name", SHEETS)
def test_every_table_prints_whole_on_the_page(printed: dict[str, Sheet], name: str) -> None:
    """Each row of each table reaches the PDF in full: a table wider than the page loses its
    last columns at the margin (lesson 3's table of five table sizes did)."""
    sheet = printed[name]
    text = normal(sheet.text)
    for table in re.findall(r"<table\b.*?</table>", sheet.html, re.S):
        for row in re.findall(r"<tr\b.*?</tr>", table, re.S):
            cells = [normal(unescape(re.sub(r"<[^>]+>", "", c)))
                     for c in re.findall(r"<td\b[^>]*>(.*?)</td>", row, re.S)]
            said = " ".join(c for c in cells if c)
            assert said in text, f"{name}: a row not printed whole: {said!r}"


def test_without_chromium_the_paper_tests_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="Chromium"):
        _chromium()


# --- the sheets issue 45 named, read for what they must print ---------------------------

def _before(sheet: Sheet, marker: str) -> str:
    text = normal(sheet.text)
    assert marker in text, f"{sheet.name}: {marker!r} is not printed"
    return text[:text.index(marker)]


def _between(sheet: Sheet, start: str, end: str) -> str:
    text = normal(sheet.text)
    return text[text.index(start):text.index(end)]


def _rows(table: str) -> list[list[str]]:
    return [[normal(unescape(re.sub(r"<[^>]+>", "", c))) for c in re.findall(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", r, re.S)]
            for r in re.findall(r"<tr\b.*?</tr>", table, re.S)]


def _table_after(sheet: Sheet, marker: str) -> list[list[str]]:
    """The first table printed after ``marker`` in the sheet's HTML, as rows of cell texts."""
    html = sheet.html[sheet.html.index(marker):]
    table = re.search(r"<table\b.*?</table>", html, re.S)
    assert table, f"{sheet.name}: no table after {marker!r}"
    return _rows(table[0])


def _tables_shown_for(sheet: Sheet, number: int) -> list[list[list[str]]]:
    """The tables a key module's ``PAPER`` prints for exercise ``number``."""
    start = sheet.html.find(f'<div class="position" data-before="{number}">')
    assert start >= 0, f"{sheet.name}: nothing printed for exercise {number}"
    shown = sheet.html[start:sheet.html.index('<div class="ask">', start)]
    return [_rows(table) for table in re.findall(r"<table\b.*?</table>", shown, re.S)]


def _sets_reaching(pile: list[int], others: int, own: int, call: int) -> int:
    return sum(1 for hand in combinations(pile, others) if own + sum(hand) >= call)


def _without(*cards: int) -> list[int]:
    pile = list(PILE_CARDS)
    for card in cards:
        pile.remove(card)
    return pile


def test_lesson_3s_sheet_prints_its_position_and_the_counts_it_needs(printed: dict[str, Sheet]) -> None:
    """Four players, Ada's 13 in red, your hand with the blue 7: before exercise 1, with
    the counts of the other three cards for each card you may hold, counted again here."""
    sheet = printed["03-doubt-or-raise-worksheet"]
    before = _before(sheet, "Exercise 1.")
    assert "Four players" in before
    assert "Ada" in before
    assert re.search(r'"13 red"', before)
    for colour, value in {"red": 4, "orange": 2, "yellow": 1, "green": 3, "blue": 7, "purple": 0,
                          "black": 5}.items():
        assert f"{colour} {value}" in before, (colour, value)
    table = _table_after(sheet, 'data-before="1"')
    calls = [int(c) for c in table[0][1:]]
    assert {13, 14} <= set(calls)
    for row in table[1:]:
        own = int(row[0])
        for call, count in zip(calls, row[1:], strict=True):
            assert int(count) == _sets_reaching(_without(own), 3, own, call), (own, call)


def test_lesson_3s_sheet_counts_every_table_size_for_exercise_5(printed: dict[str, Sheet]) -> None:
    from bluffmath_widgets.lessons.doubting import KEY

    sheet = printed["03-doubt-or-raise-worksheet"]
    reach: dict[int, dict[int, int]] = {}
    total: dict[int, int] = {}
    for table in _tables_shown_for(sheet, 5):
        calls = [int(c) for c in table[0][1:-1]]
        for row in table[1:]:
            players = int(row[0].split()[0])
            total[players] = int(row[-1])
            reach.setdefault(players, {}).update(zip(calls, map(int, row[1:-1]), strict=True))
    assert sorted(reach) == [3, 4, 5, 6, 7]
    lowest = []
    for players, counts in reach.items():
        assert total[players] == len(list(combinations(_without(4), players - 1)))
        for call, count in counts.items():
            assert count == _sets_reaching(_without(4), players - 1, 4, call), (players, call)
        lowest.append(next(t for t in sorted(counts)[:-1] if counts[t] + counts[t + 1] < total[players]))
    assert tuple(lowest) == KEY.answer(5)   # the printed counts are enough to answer


def test_sheet_04s_exercise_6_gives_a_b_c_and_d(printed: dict[str, Sheet]) -> None:
    """A, B, C, D of (A + βB)/(C + βD), defined and given, counted again from the cards; with
    them the student finds the key's β."""
    from bluffmath_widgets.lessons.bids import KEY

    sheet = printed["04-reading-bids-worksheet"]
    text = _between(sheet, "Exercise 5.", "Exercise 6.")
    unseen = _without(2)
    prior = {x: Fraction(n, 14) for x, n in Counter(unseen).items()}
    true = {x: Fraction(_sets_reaching(_without(2, x), 2, 2 + x, 14), 78) for x in prior}
    sums = {"A": sum(prior[x] * true[x] for x in (6, 7)), "C": prior[6] + prior[7],
            "B": sum(prior[x] * true[x] for x in prior if x < 6), "D": sum(prior[x] for x in prior if x < 6)}
    for letter, value in sums.items():
        assert re.search(rf"\b{letter} = {value.numerator}/{value.denominator}\b", text), (letter, value)
    a, b, c, d = sums["A"], sums["B"], sums["C"], sums["D"]
    assert (c - 2 * a) / (2 * b - d) == KEY.answer(6)


def test_sheet_06_states_the_claims_the_model_and_the_challenge(printed: dict[str, Sheet]) -> None:
    sheet = printed["06-hoax-bayes-tables-worksheet"]
    before_4 = _between(sheet, "Exercise 3.", "Exercise 4.")
    assert before_4.count("As the Wizard") or "Players 1, 2 and 3" in before_4
    assert "bluff 1/3" in before_4
    before_6 = _between(sheet, "Exercise 5.", "Exercise 6.")
    assert re.search(r'"Hoax!" on player 3', before_6)
    before_1 = _before(sheet, "Exercise 1.")
    assert "two each of six roles" in before_1


def test_sheet_06s_tables_are_printed_with_room_to_fill_in(printed: dict[str, Sheet]) -> None:
    sheet = printed["06-hoax-bayes-tables-worksheet"]
    claim = _table_after(sheet, 'data-before="2"')
    assert claim[0][:5] == ["role", "prior", "likelihood", "prior × likelihood", "posterior"]
    assert [row[0] for row in claim[1:7]] == ["King", "Judge", "Vicar", "Wizard", "Thief", "Peasant"]
    assert all(cell == "" for row in claim[1:] for cell in row[3:])
    lies = _table_after(sheet, 'data-before="5"')
    assert [row[0] for row in lies[1:]] == ["0 Wizards", "1 Wizard", "2 Wizards", "3 Wizards"]
    deals = Counter(sum(role == "Wizard" for role in deal)
                    for deal in permutations([r for r in ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant")
                                              for _ in range(2)][1:], 3))
    assert [int(row[1]) for row in lies[1:]] == [deals[k] for k in range(4)]
    assert all(cell == "" for row in lies[1:] for cell in row[-2:])


def test_sheet_07s_bayes_table_is_printed_with_room_to_fill_in(printed: dict[str, Sheet]) -> None:
    sheet = printed["07-face-down-card-worksheet"]
    table = _table_after(sheet, 'data-exercise="3"')
    assert {"posterior", "prior × likelihood"} <= set(table[0])
    assert len(table) == 4
    assert all(row[-1] == "" for row in table[1:])


def test_sheet_08s_exercise_1_prints_its_payoffs(printed: dict[str, Sheet]) -> None:
    """The payoffs of matching pennies on the worksheet, before exercise 1, not only in the
    extra practice."""
    sheet = printed["08-why-bluff-worksheet"]
    before = _before(sheet, "Exercise 1.")
    assert "Extra practice" not in before
    table = _table_after(sheet, "<h2>Exercises")
    assert table[0][1:] == ["heads", "tails"]
    assert [row[1:] for row in table[1:]] == [["−1", "+1"], ["+1", "−1"]]
