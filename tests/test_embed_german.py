"""The embedded calculators in German (issue 44): every word of a German page comes from
the catalogs (no sentence of the English page is left in it, names and numbers aside), the
exact numbers are the same in both languages, and the site holds both."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from bluffmath.embed import site
from bluffmath.embed.calculators import CALCULATORS, calculate
from tests.german import sentences, texts_of

#: Words that are the same in both languages: names, and the colour orange.
NAMES = {"bluffmath", "Pyodide", "Python", "HTTP", "Hochstapler", "Gauner raus!", "Hoax", "Münchhausen",
         "Die Erben von Hoax", "Deutsch", "English", "orange"}


def _sentences(texts: list[str]) -> set[str]:
    return sentences(texts, NAMES)


def _strings(value: object) -> list[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _page_texts(name: str, language: str) -> list[str]:
    html = site.page_html(CALCULATORS[name], "pyodide/", language)
    scripts = dict(re.findall(r'<script type="application/json" id="([^"]+)"[^>]*>(.*?)</script>', html, re.S))
    words = json.loads(scripts["bluffmath-words"])
    written = json.loads(scripts["bluffmath-written"])
    return texts_of(html) + list(words.values()) + _strings(written)


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_a_german_page_keeps_no_english_sentence(name: str) -> None:
    english, german = _sentences(_page_texts(name, "en")), _sentences(_page_texts(name, "de"))
    assert german, "the German page has no text"
    assert english & german == set()


def _fractions(result: dict) -> list[str]:
    """Every exact number of an answer: the fraction, and each table cell that is one."""
    cells = [c for t in result["tables"] for row in t["rows"] for c in row if re.fullmatch(r"-?\d+(/\d+)?", c)]
    return [result["answer"]["fraction"], *cells]


BAD = {"hochstapler-odds": [{"players": "9"}, {"face_up": "0,0,0,0"}, {"call": "x"}, {"face_up": "0_7"}],
       "gauner-grid": [{"players": "7"}, {"hand": "red"}, {"numbers0": "green-A"}, {"cell": "pink-Z"}],
       "hoax-identities": [{"players": "2"}, {"claims": "1 Wizard"}, {"bluff": "2"}, {"role": "Pope"}],
       "muenchhausen-card": [{"players": "1"}, {"before": "x"}, {"offer": "99"}, {"hand": "9"}]}


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_the_numbers_are_the_same_in_both_languages_and_refusals_are_german(name: str) -> None:
    english, german = calculate(name, {}, "en"), calculate(name, {}, "de")
    assert _fractions(english) == _fractions(german)
    assert Fraction(german["answer"]["fraction"]) == Fraction(english["answer"]["fraction"])
    assert english["answer"]["decimal"].replace(".", ",") == german["answer"]["decimal"]
    for form in BAD[name]:
        from bluffmath.errors import BluffmathError
        with pytest.raises(BluffmathError) as in_english:
            calculate(name, form, "en")
        with pytest.raises(BluffmathError) as in_german:
            calculate(name, form, "de")
        assert _sentences([str(in_english.value)]) & _sentences([str(in_german.value)]) == set(), form


def test_the_site_holds_both_languages_and_the_index_pages_link_each_other(tmp_path) -> None:
    written, _ = site.write_site(tmp_path, "all", languages=("en", "de"))
    names = {p.name for p in written}
    for name in CALCULATORS:
        assert {f"{name}.html", f"{name}.de.html"} <= names
        german = (tmp_path / f"{name}.de.html").read_text(encoding="utf-8")
        assert '<html lang="de">' in german
    assert 'href="index.de.html" hreflang="de"' in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'href="index.html" hreflang="en"' in (tmp_path / "index.de.html").read_text(encoding="utf-8")
    assert 'href="hochstapler-odds.de.html"' in (tmp_path / "index.de.html").read_text(encoding="utf-8")
