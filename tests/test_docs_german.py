"""The course's German pages on the documentation site (issue 44), read from their sources.

docs/de/kurs.md offers every German student copy for download (the site runs only the
English copies), each under the title its copy's first heading gives; docs/conf.py stages
the German copies where those links find them and not among the pages; the German pages
keep no sentence of their English counterparts (names and numbers aside), and the
prerequisites page's exact numbers and Python examples are the English page's. The built
site itself is checked by tests/test_docs.py (every page built, no warning).
"""

from __future__ import annotations

import doctest
import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.german import sentences, texts_of

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GERMAN = DOCS / "de"
STUDENT = ROOT / "notebooks" / "lessons" / "student"
#: The German student copies, which kurs.md offers.
COPIES = sorted((STUDENT / "de").glob("*.ipynb"))
#: Each German page with the English page it is the counterpart of.
PAIRS = {"kurs.md": "lessons/index.md", "voraussetzungen.md": "lessons/prerequisites.md"}
#: Words that are the same in both languages.
NAMES = {"Hochstapler", "Gauner raus!", "Hoax", "Münchhausen", "Kuhn", "Python", "Fraction",
         "Jupyter", "Shift+Enter", "Prior", "Likelihood", "Posterior"}
#: A download role, with its link text and its target.
DOWNLOAD = re.compile(r"\{download\}`([^`<]*)<([^`>]+)>`")


def _page(name: str) -> str:
    return (GERMAN / name).read_text(encoding="utf-8")


def _title(copy: Path) -> tuple[int, str]:
    """The lesson's number and title, from the first heading of its German copy."""
    import nbformat

    notebook = nbformat.read(copy, as_version=4)
    first = next(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    found = re.match(r"# Lektion (\d+): (.+)", first)
    assert found, f"{copy.name} does not begin with '# Lektion N: ...'"
    return int(found[1]), found[2].strip()


def _visible(markdown: str) -> list[str]:
    """The texts a reader of the rendered page sees: code, formulas and link targets out."""
    from markdown_it import MarkdownIt

    markdown = re.sub(r"```.*?```|\$\$.*?\$\$|\$[^$\n]*\$", " ", markdown, flags=re.S)
    markdown = DOWNLOAD.sub(r"\1", markdown)
    html = MarkdownIt("commonmark").enable("table").render(markdown)
    return texts_of(html, skip=("script", "style", "code", "pre"))


def test_the_german_lessons_are_there() -> None:
    assert [_title(copy)[0] for copy in COPIES] == list(range(9))


def test_every_german_lesson_is_a_download_on_the_course_page() -> None:
    page = _page("kurs.md")
    targets = [(GERMAN / target).resolve() for _text, target in DOWNLOAD.findall(page)]
    assert sorted(targets) == [copy.resolve() for copy in COPIES]
    rows = [line for line in page.splitlines() if line.startswith("| ")]
    for copy in COPIES:
        number, title = _title(copy)
        if number == 0:
            assert title in " ".join(page.split())
            assert f"student/de/{copy.name}>" in page
            continue
        row = [line for line in rows if line.startswith(f"| {number}. {title} |")]
        assert len(row) == 1, f"kurs.md has no row for lesson {number}, {title!r}"
        assert f"<../../notebooks/lessons/student/de/{copy.name}>`" in row[0]
        assert f"](../lessons/notebooks/{copy.name})" in row[0], "the English run page is not linked"


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_the_pages_links_find_their_targets(name: str) -> None:
    """A link to an English lesson's run page goes where the site stages its copy
    (docs/lessons/notebooks/, from the English student copies); any other, to its file."""
    for target in re.findall(r"\]\(([^)#]+)", _page(name)):
        if target.startswith("http"):
            continue
        if target.startswith("../lessons/notebooks/"):
            assert (STUDENT / Path(target).name).is_file(), target
        else:
            assert (GERMAN / target).is_file(), f"{name} links {target}, which is not there"


def test_the_site_stages_the_german_copies_outside_its_pages() -> None:
    spec = importlib.util.spec_from_file_location("docs_conf", DOCS / "conf.py")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    staged = conf._sources()
    for copy in COPIES:
        assert staged.get(copy.relative_to(ROOT)) == copy, f"{copy.name} is not staged for download"
    read = [relative for relative, source in staged.items() if source in COPIES
            and relative.parts[0] == "docs"]
    assert read == [], f"Sphinx would read German copies as pages: {read}"


def test_the_german_pages_are_in_the_toctree_and_the_list() -> None:
    index = _page("index.md")
    toctree = index.split("```{toctree}")[1]
    for page in sorted(GERMAN.glob("*.md")):
        if page.name != "index.md":
            assert f"\n{page.stem}\n" in toctree, f"{page.name} is not in docs/de/index.md's toctree"
            assert f"]({page.name})" in index, f"docs/de/index.md's list does not link {page.name}"


@pytest.mark.parametrize(("german", "english"), sorted(PAIRS.items()))
def test_no_english_sentence_is_left(german: str, english: str) -> None:
    english_sentences = sentences(_visible((DOCS / english).read_text(encoding="utf-8")), NAMES)
    german_sentences = sentences(_visible(_page(german)), NAMES)
    assert len(english_sentences) > 20
    assert len(german_sentences) > 20
    assert english_sentences & german_sentences == set()


def _fractions(markdown: str) -> Counter[str]:
    """The exact fractions a page writes, as formulas or in its Python examples."""
    found = re.findall(r"\\frac\{(\d+)\}\{(\d+)\}|Fraction\((\d+), (\d+)\)", markdown)
    return Counter("/".join(part for part in parts if part) for parts in found)


def test_the_prerequisites_numbers_and_examples_are_the_english_ones() -> None:
    english = (DOCS / PAIRS["voraussetzungen.md"]).read_text(encoding="utf-8")
    german = _page("voraussetzungen.md")
    assert _fractions(german) == _fractions(english)
    assert sum(_fractions(german).values()) > 20
    parser = doctest.DocTestParser()
    wants = [[example.want for example in parser.get_examples(text)] for text in (english, german)]
    assert wants[0] == wants[1]
    assert len(wants[0]) >= 8
    for decimal in ("46{,}7", "11{,}4", "2{,}87"):
        assert decimal in german, "a German decimal has a decimal comma"
