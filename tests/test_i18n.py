"""The translation layer (bluffmath.i18n) and its catalogs: the catalogs are made from the
code and fully translated; a translation keeps its message's placeholders; numbers are
written as Babel writes them in each language (English as bluffmath.display always has);
a browser's Accept-Language picks the language it prefers; the language of a block ends
with the block."""

from __future__ import annotations

import importlib.util
import re
import string
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import parse_pattern
from hypothesis import given
from hypothesis import strategies as st

from bluffmath import i18n
from bluffmath.display import decimal, percent
from bluffmath.i18n import LANGUAGES, LanguageError, accepted, language, set_language, speaking

ROOT = Path(__file__).resolve().parents[1]


def _catalogs_script():
    """scripts/catalogs.py, loaded from its file (this folder's own ``scripts`` module would
    shadow the folder's name)."""
    spec = importlib.util.spec_from_file_location("bluffmath_catalogs", ROOT / "scripts" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _catalog(code: str):
    with (ROOT / "bluffmath" / "locale" / code / "LC_MESSAGES" / "bluffmath.po").open("rb") as file:
        return read_po(file, locale=code)


def test_the_catalogs_are_made_from_the_code_and_fully_translated() -> None:
    script = _catalogs_script()
    assert script.stale() == [], "run make catalogs"
    assert list(script.untranslated()) == []
    assert tuple(script.LANGUAGES) == LANGUAGES


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_keeps_its_messages_placeholders(code: str) -> None:
    messages = [m for m in _catalog(code) if m.id]
    assert messages
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*map(_fields, ids))
        for text in filter(None, strings):  # an untranslated entry is the test above's
            # a singular may say "one" for {n}; every other placeholder is kept, none added
            assert _fields(text) <= wanted, (message.id, text)
            assert wanted - _fields(text) <= {"n"}, (message.id, text)


def test_english_translates_every_message_as_itself() -> None:
    for message in _catalog("en"):
        if message.id:
            assert message.string == message.id


def _babel(x: Fraction, places: int, code: str, as_percent: bool) -> str:
    """Babel's own writing of ``x`` rounded (half to even) to ``places`` decimals."""
    locale = Locale.parse(code)
    formats = locale.percent_formats if as_percent else locale.decimal_formats
    pattern = parse_pattern(formats[None].pattern)
    pattern.frac_prec = (places, places)
    scale = 100 if as_percent else 1
    digits = Decimal(round(x * scale * 10**places)).scaleb(-places) / scale
    return pattern.apply(digits, locale)


fractions = st.fractions(min_value=-10**9, max_value=10**9, max_denominator=10**6)


@given(fractions, st.integers(0, 4))
def test_german_numbers_are_babels(x: Fraction, places: int) -> None:
    with speaking("de"):
        assert i18n.number(x, places) == _babel(x, places, "de", as_percent=False)
        assert i18n.percent(x / 10**6, places) == _babel(x / 10**6, places, "de", as_percent=True)


@given(fractions, st.integers(0, 4))
def test_english_numbers_are_the_displays(x: Fraction, places: int) -> None:
    assert i18n.number(x, places) == decimal(x, places)
    if places == 1:
        assert i18n.percent(x / 10**6) == percent(x / 10**6)


def test_numbers_in_words_the_issue_names() -> None:
    with speaking("de"):
        assert i18n.percent(Fraction(762, 1000)) == "76,2\xa0%"
        assert i18n.number(Fraction(1234567, 2)) == "617.283,50"


@given(st.lists(st.tuples(st.sampled_from(["de", "de-AT", "en", "en-GB", "fr", "*", "x-y"]),
                          st.sampled_from(["", ";q=1", ";q=0.9", ";q=0.5", ";q=0", ";q=bad"])), max_size=5))
def test_accept_language_picks_the_best_of_ours(entries: list[tuple[str, str]]) -> None:
    header = ", ".join(tag + q for tag, q in entries)

    def quality(q: str) -> Fraction:
        try:
            return Fraction(q.split("=")[1]) if q else Fraction(1)
        except ValueError:
            return Fraction(0)

    ours = [(quality(q), -i, tag.split("-")[0]) for i, (tag, q) in enumerate(entries)
            if tag.split("-")[0] in LANGUAGES and quality(q) > 0]
    assert accepted(header) == (max(ours)[2] if ours else "en")


def test_a_language_lasts_as_long_as_its_block_and_an_unknown_one_is_refused() -> None:
    assert language() == "en"
    with speaking("de"):
        assert i18n._("Players") == "Spieler"
        with speaking("en"):
            assert i18n._("Players") == "Players"
        assert language() == "de"
    assert language() == "en"
    for bad in ("fr", "DE", "", None, 3):
        with pytest.raises(LanguageError, match="language must be one of en, de"):
            set_language(bad)  # type: ignore[arg-type]
    assert language() == "en"
    with pytest.raises(LanguageError):
        i18n.catalog("xx")


def test_the_embed_scripts_use_only_the_words_their_pages_carry() -> None:
    from bluffmath.embed.site import SCRIPT_WORDS
    static = ROOT / "bluffmath" / "embed" / "static"
    call = re.compile(r'\bt\(\s*((?:"(?:[^"\\]|\\.)*"\s*\+?\s*)+)')
    used = set()
    for script in ("bluffmath-embed.js", "bluffmath-embed-worker.js"):
        for found in call.finditer((static / script).read_text(encoding="utf-8")):
            used.add("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', found.group(1))))
    assert used == set(SCRIPT_WORDS)


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel reads an f-string as one string (Python 3.11): a ``_("...")`` inside one never
    reaches the catalogs, and the page would show English."""
    inside = re.compile(r"""\bf(["']).*\{[^}]*\b(?:_|n_|p_|N_)\(["']""")
    found = [f"{path.relative_to(ROOT)}:{number}" for folder in ("bluffmath", "bluffmath_class", "widgets")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if inside.search(line)]
    assert found == []


def test_no_module_that_translates_binds_the_name_of_its_translation_function() -> None:
    """``for _, x in ...`` in a function makes ``_`` that function's local name, and its
    ``_("...")`` calls then fail (or call a number): a module that imports ``_`` from
    bluffmath.i18n never binds ``_`` outside a comprehension (whose names are its own)."""
    import ast
    found = []
    for folder in ("bluffmath", "bluffmath_class", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imports = any(isinstance(n, ast.ImportFrom) and n.module == "bluffmath.i18n"
                          and any(a.name == "_" and a.asname is None for a in n.names) for n in ast.walk(tree))
            if not imports:
                continue
            own = {id(t) for c in ast.walk(tree) if isinstance(c, ast.comprehension) for t in ast.walk(c.target)}
            found += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(tree)
                      if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) and id(n) not in own]
    assert found == []


def test_the_readme_says_how_to_start_in_german_in_a_line_each_in_english_and_german() -> None:
    """One line in English, one in German (marked ``lang="de"``), each naming the command
    that opens the German lessons, and that command works as written (the Makefile passes
    ``LANG=de`` on to the lessons' start)."""
    import subprocess

    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    english = [line for line in lines if line.startswith("**In German:**")]
    german = [line for line in lines if line.startswith('<span lang="de">**Auf Deutsch:**')]
    assert len(english) == len(german) == 1
    assert "make lab LANG=de" in english[0]
    assert "make lab LANG=de" in german[0]
    dry = subprocess.run(["make", "-n", "-W", ".venv/.installed-jupyter", "lab", "LANG=de"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "scripts/lab.py --lang de student" in dry
