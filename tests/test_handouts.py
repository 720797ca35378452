"""The handouts (notebooks/lessons/handouts.py): built from the lessons' sources, checked.

Each worksheet has every exercise of its lesson and none of the answers or the teacher's
text; each answer key has every exercise's exact answer and the "Going further" answers;
no page holds code. The quizzes' answers are counted here again by brute force from the
rules (the piles, the grid, the deck), not taken from bluffmath. How long a page is on
paper is measured by printing it (tests/test_paper.py counts the printed pages: at most
four a worksheet, one a key or quiz); here a word count stands in: a worksheet under 1200
words of prose besides its tables, a key under 330 words (printed for issue 45: worksheets
of three or four pages, now that each prints the position, tables and rules its exercises
need; every key one page).
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import pytest
from test_lesson_face_down import chance, worlds

from bluffmath_widgets.lessons.quiz import QUIZZES
from scripts import script

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
PILE_CARDS = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7]   # one colour, from the rules


handouts = script("lesson_handouts", LESSONS / "handouts.py")
SOURCES = handouts.sources()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    handouts.build(out)
    return out


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.S)))


def no_code(page: str) -> None:
    assert "<pre" not in page
    for statement in ("answer_", "check(", "import ", ">>>", "print("):
        assert statement not in page, statement


def test_every_page_is_built_with_an_index(built: Path) -> None:
    names = {p.name for p in built.iterdir()}
    for source in SOURCES:
        assert {f"{source.stem}-worksheet.html", f"{source.stem}-key.html"} <= names
    for game in ("hochstapler", "gauner", "hoax", "muenchhausen"):
        assert {f"quiz-{game}.html", f"quiz-{game}-key.html"} <= names
    index = (built / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{name}"' in index for name in names - {"index.html"})


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_a_worksheet_has_its_exercises_and_no_answer(built: Path, source: Path) -> None:
    lesson = handouts.read_lesson(source)
    page = (built / f"{source.stem}-worksheet.html").read_text(encoding="utf-8")
    assert "@page { size: A4" in page
    numbers = sorted(lesson.key.exercises)
    assert [int(n) for n in re.findall(r'data-exercise="(\d+)"', page)] == numbers
    for n in numbers:
        assert f"<strong>Exercise {n}.</strong>" in page
    assert 'class="answer"' not in page
    assert "teacher" not in page.lower()
    text = text_of(page)
    for n in numbers:
        answer = lesson.key.answer(n)
        if isinstance(answer, Fraction) and answer.denominator > 1:
            assert handouts.show(answer) not in text, (n, answer)
    if lesson.further_answers:
        assert text_of(handouts.html(lesson.further_answers))[:60] not in text
    no_code(page)
    prose = text_of(re.sub(r"<table\b.*?</table>", "", page, flags=re.S))
    assert len(prose.split()) < 1200


def test_a_worksheet_groups_its_exercises_as_the_lesson_is_taught(built: Path) -> None:
    """Two school lessons get a heading each; extra practice (for home) gets its own."""
    two = (built / "05-gauner-deduction-worksheet.html").read_text(encoding="utf-8")
    assert re.findall(r"<h2>(Exercises[^<]*)</h2>", two) == [
        "Exercises: first school lesson", "Exercises: second school lesson"]
    assert two.index("<h2>Exercises: second") < two.index('data-exercise="3"')
    extra = (built / "06-hoax-bayes-tables-worksheet.html").read_text(encoding="utf-8")
    heading = extra.index("<h2>Extra practice")
    assert extra.index('data-exercise="4"') < heading < extra.index('data-exercise="5"')


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_an_answer_key_has_every_exact_answer(built: Path, source: Path) -> None:
    lesson = handouts.read_lesson(source)
    page = (built / f"{source.stem}-key.html").read_text(encoding="utf-8")
    shown = dict(re.findall(r'<tr data-exercise="(\d+)">.*?<td class="answer">(.*?)</td>', page))
    assert {int(n) for n in shown} == set(lesson.key.exercises)
    for n, answer in shown.items():
        assert lesson.key.check(int(n), _read(answer)).right, (n, answer)
    assert lesson.further_answers
    assert text_of(handouts.html(lesson.further_answers))[:60] in text_of(page)
    no_code(page)
    assert len(text_of(page).split()) < 330


def _read(shown: str) -> object:
    """An answer as the key prints it, read back: ``1/3``, ``(12, 7/13)``, ``red-D``."""
    shown = shown.strip()
    if shown.startswith("("):
        return tuple(_read(part) for part in shown[1:-1].split(", "))
    if re.fullmatch(r"-?\d+(/\d+)?", shown):
        return Fraction(shown)
    return shown


def test_the_paper_form_drops_python_hints_and_prints_tex_as_mathematics() -> None:
    assert handouts.for_paper("How many deals fit? (Use `hands`.)") == "How many deals fit?"
    assert handouts.tex_html(r"\frac{\text{deals with } c}{\text{deals}}") == (
        '<span class="frac"><span>deals with <i>c</i></span><span>deals</span></span>')
    assert handouts.tex_html(r"(x - \text{mean})^2") == "(<i>x</i> − mean)<sup>2</sup>"
    assert handouts.tex_html(r"P_\text{cards}(\text{total} \ge c)") == "<i>P</i><sub>cards</sub>(total ≥ <i>c</i>)"
    assert handouts.for_paper("Give the values `(c, d)` as a tuple, lowest first.") == "Give the values (c, d), lowest first."
    assert handouts.for_paper("A pair of `Fraction`s: give a `Fraction`.") == "A pair of fractions: give a fraction."


@pytest.mark.parametrize("tex", [r"\unknown{x}", r"\frac{1}{", r"x}"])
def test_tex_the_handouts_cannot_print_stops_the_build(tex: str) -> None:
    """A TeX command the converter does not know is an error when the sheets are built,
    never printed as a backslash on paper."""
    with pytest.raises(ValueError, match="TeX"):
        handouts.tex_html(tex)


# --- the quizzes, counted again -------------------------------------------------------

def _at_least(players: int, own: int | None, call: int) -> Fraction:
    pile = list(PILE_CARDS)
    if own is not None:
        pile.remove(own)
    others = players - (own is not None)
    hands = list(combinations(range(len(pile)), others))
    hits = sum(1 for hand in hands if sum(pile[i] for i in hand) + (own or 0) >= call)
    assert len(hands) == comb(len(pile), others)
    return Fraction(hits, len(hands))


def _hoax(mine: str, claimants: tuple[int, ...], role: str, bluff: Fraction) -> Fraction:
    deck = [r for r in ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant") for _ in range(2)]
    deck.remove(mine)
    total = held = Fraction(0)
    for cards in permutations(range(len(deck)), 3):       # players 1, 2, 3, every deal alike
        roles = [deck[i] for i in cards]
        weight = Fraction(1)
        for p in claimants:
            weight *= 1 if roles[p - 1] == role else bluff
        total += weight
        held += weight if roles[0] == role else 0
    return held / total


def _gauner_green_b() -> Fraction:
    """Seat 1 holds 12 of the 24 cells not red or yellow; 5 of them among the 9 green or A."""
    green_or_a = 6 + 3                      # green-A..F, blue-A, purple-A, orange-A
    fits = comb(green_or_a, 5) * comb(24 - green_or_a, 7)
    with_green_b = comb(green_or_a - 1, 4) * comb(24 - green_or_a, 7)
    return Fraction(with_green_b, fits)


EXPECTED = {
    ("hochstapler", 1): sum(PILE_CARDS),
    ("hochstapler", 2): _at_least(4, None, 12),
    ("hochstapler", 3): _at_least(4, 5, 12),
    ("gauner", 1): 6 + 6 - 1,
    ("gauner", 2): 36 - 3 * 10,
    ("gauner", 3): _gauner_green_b(),
    ("hoax", 1): _hoax("King", (), "Wizard", Fraction(1, 4)),
    ("hoax", 2): _hoax("Wizard", (1, 2), "Wizard", Fraction(1, 4)),
    ("muenchhausen", 1): chance(worlds("uniform", 6, 8), lambda a, b: b >= 8),
    ("muenchhausen", 2): chance(worlds("uniform", 6, 7), lambda a, b: b >= 7),
}


@pytest.mark.parametrize("game", sorted(QUIZZES))
def test_each_quiz_answer_is_the_brute_force_count(built: Path, game: str) -> None:
    questions = QUIZZES[game].questions
    assert {(game, q.number) for q in questions} == {k for k in EXPECTED if k[0] == game}
    key = (built / f"quiz-{game}-key.html").read_text(encoding="utf-8")
    sheet = (built / f"quiz-{game}.html").read_text(encoding="utf-8")
    for q in questions:
        expected = EXPECTED[game, q.number]
        assert q.answer() == expected, (game, q.number)
        assert f'data-question="{q.number}"' in sheet
        assert f'<span class="answer">{handouts.show(expected)}</span>' in key
    assert 'class="answer"' not in sheet
    no_code(sheet)
    no_code(key)


@pytest.mark.parametrize("stem", ["01-counting", "05-gauner-deduction", "07-face-down-card"])
def test_the_first_lesson_of_a_game_prints_its_activity_with_cards(built: Path, stem: str) -> None:
    page = (built / f"{stem}-worksheet.html").read_text(encoding="utf-8")
    assert "Before the screen: with cards" in page
    assert "data-activity" in page
    assert "Shuffle" in page or "shuffle" in page


def test_the_builders_examples_run() -> None:
    import doctest

    assert doctest.testmod(handouts).failed == 0


def _code_names(source: Path) -> set[str]:
    """Every name a lesson's code makes or imports (``totals``, ``hands``, ``hs``, ``GRID``)."""
    import jupytext

    names: set[str] = set()
    for cell in jupytext.read(source).cells:
        if cell.cell_type != "code":
            continue
        text = cell.source
        names |= set(re.findall(r"^(\w+)\s*(?:,\s*\w+\s*)*=(?!=)", text, re.M))
        names |= {n for pair in re.findall(r"\bfor\s+(\w+)(?:\s*,\s*(\w+))?\s+in\b", text) for n in pair if n}
        names |= set(re.findall(r"^import (\w+)", text, re.M))
        names |= {n.split(" as ")[-1].strip() for group in re.findall(r"^from \S+ import \(?([^)]*?)\)?$", text,
                                                                      re.M | re.S)
                  for n in group.replace("\n", " ").split(",") if n.strip()}
        names |= set(re.findall(r" as (\w+)$", text, re.M))
    return {n for n in names if len(n) > 1 and not n.startswith("answer_")}


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_handout_stands_alone_on_paper(built: Path, source: Path) -> None:
    """No worksheet or key names one of its lesson's code variables or calls code, and no
    page shows raw TeX (issue 31: lesson 5's sheet asked for `deals` and `gauner.solve(full)`,
    lesson 4's printed `\\beta`, lesson 5's key `\\frac12`)."""
    names = _code_names(source)
    for kind in ("worksheet", "key"):
        page = (built / f"{source.stem}-{kind}.html").read_text(encoding="utf-8")
        text = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
        assert not re.findall(r"\\[A-Za-z]+", text), f"{kind}: raw TeX"
        for code in re.findall(r"<code>(.*?)</code>", text, re.S):
            assert not re.search(r"\w\(|\.\w|\[|=|_", code), f"{kind}: code {code!r}"
            said = set(re.findall(r"\w+", code)) & names
            assert not said, f"{kind}: names the lesson's code {sorted(said)} in {code!r}"


def test_lesson_5s_worksheet_shows_each_position_it_asks_about(built: Path) -> None:
    """The sheet prints the positions in a grid (issue 31: it showed none), each before the
    first exercise about it: every number, laid card and mark of the lesson's positions."""
    from bluffmath.gauner import GRID
    from bluffmath_widgets.lessons import deduction

    page = (built / "05-gauner-deduction-worksheet.html").read_text(encoding="utf-8")
    shown = re.findall(r'<div class="position" data-before="(\d+)">(.*?)<div class="exercise"', page, re.S)
    assert [int(n) for n, _ in shown] == [1, 4, 5, 6]
    positions = [deduction.small_position(), deduction.small_position(after_miss=True),
                 deduction.three_players(), deduction.full_grid()]
    for (_, drawn), position in zip(shown, positions, strict=True):
        grids = re.findall(r'<table class="grid">(.*?)</table>', drawn, re.S)
        assert len(grids) == len(position.opponents)
        for grid, seat in zip(grids, position.opponents, strict=True):
            cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", grid)]
            assert len(cells) == 36
            table = position.tables[seat]
            for index, cell in enumerate(cells):
                colour, letter = GRID.colours[index // 6], GRID.letters[index % 6]
                c = GRID.index(f"{colour}-{letter}")
                assert re.findall(r"\d+", cell) == ([str(table.numbers[c])] if c in table.numbers else [])
                assert ("laid" in cell) == (c in table.laid)
                assert ("✗" in cell) == (c in table.not_mine and c not in table.laid)
                assert ("mine" in cell.split()) == (c in position.hand and c not in table.laid
                                                    and c not in table.not_mine)


# --- the decks, card by card against the rules ------------------------------------------

def _deck(built: Path, game: str, attributes: str) -> list[tuple[str, ...]]:
    page = (built / f"deck-{game}.html").read_text(encoding="utf-8")
    return [found if isinstance(found, tuple) else (found,) for found in re.findall(attributes, page)]


def test_the_hochstapler_deck_is_seven_colours_of_the_rules_pile(built: Path) -> None:
    cards = _deck(built, "hochstapler", r'data-colour="(\w+)" data-value="(\d)"')
    colours = ("red", "orange", "yellow", "green", "blue", "purple", "black")
    assert sorted(cards) == sorted((c, str(v)) for c in colours for v in PILE_CARDS)


def test_the_gauner_deck_has_each_of_the_36_cells_once_and_a_table_sheet(built: Path) -> None:
    cards = [c for (c,) in _deck(built, "gauner", r'data-cell="([\w-]+)"')]
    colours = ("red", "yellow", "green", "blue", "purple", "orange")
    assert sorted(cards) == sorted(f"{c}-{letter}" for c in colours for letter in "ABCDEF")
    page = (built / "deck-gauner.html").read_text(encoding="utf-8")
    assert page.count("<td></td>") >= 36
    assert page.count('class="here"') == 36


def test_the_muenchhausen_deck_is_four_sets_of_one_to_eight(built: Path) -> None:
    cards = _deck(built, "muenchhausen", r'data-set="(\w+)" data-value="(\d)"')
    assert sorted(cards) == sorted((c, str(v)) for c in ("red", "yellow", "green", "blue") for v in range(1, 9))


def test_the_hoax_deck_has_two_of_each_role_and_twenty_of_each_token(built: Path) -> None:
    roles = [r for (r,) in _deck(built, "hoax", r'data-role="(\w+)"')]
    every = ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant", "Merchant")
    assert sorted(roles) == sorted(r for r in every for _ in range(2))
    tokens = [t for (t,) in _deck(built, "hoax", r'data-token="(\w+)"')]
    assert sorted(tokens) == sorted(t for t in ("gold", "grain", "wine") for _ in range(20))


@pytest.mark.parametrize("game", ["hochstapler", "gauner", "muenchhausen", "hoax"])
def test_a_deck_reads_in_black_and_white_and_prints_nine_cards_to_an_a4_page(built: Path, game: str) -> None:
    """Every card names its colour (or role, or token) in words, not by colour alone; a
    sheet holds at most nine cards of 63 x 88 mm."""
    page = (built / f"deck-{game}.html").read_text(encoding="utf-8")
    assert "@page { size: A4" in page
    assert "width: 63mm; height: 88mm" in page
    for sheet in re.findall(r'<div class="sheet">(.*?)</div></div></div>(?=<div class="sheet">|<h1|<div class="chips">|\n)',
                            page, re.S):
        assert sheet.count('class="card"') <= 9
    for card in re.findall(r'<div class="(?:card|chip)" [^>]*>(.*?)</div></div>', page, re.S):
        words = re.findall(r'<div class="word">([^<]+)</div>', card)
        assert words
        assert words[0].strip()
