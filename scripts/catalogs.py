"""Make the translation catalogs from the code (``make catalogs``), or check them.

    python scripts/catalogs.py [--check]

With Babel, as ``pybabel extract``, ``update`` and ``compile`` would, in one step:

1. **extract** every message marked with ``_()``, ``n_()``, ``p_()`` or ``N_()`` (see
   :mod:`bluffmath.i18n`) in ``bluffmath/``, ``bluffmath_class/``, ``widgets/`` and the lessons'
   tools (``notebooks/lessons/``: handouts, decks, grading) into the
   template ``bluffmath/locale/bluffmath.pot`` (with the file each comes from, not its line,
   so that an edit elsewhere in a file changes no catalog);
2. **update** each language's catalog, ``bluffmath/locale/<code>/LC_MESSAGES/bluffmath.po``:
   a new message is added untranslated, a message gone from the code is dropped; English's
   translations are its messages;
3. **numbers**: ``bluffmath/locale/<code>/numbers.json``, the language's decimal and group
   signs and its percent pattern from Babel's CLDR data, which :func:`bluffmath.i18n.number`
   follows without Babel (the browser's Python has none);
4. **compile** each catalog to ``bluffmath.mo``, which the package ships.

``--check`` writes nothing: it exits 1 and says what is out of date if any of these files
would change, or if a catalog has a message untranslated or fuzzy (the test suite runs it).
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.numbers import parse_pattern

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "bluffmath" / "locale"
TEMPLATE = LOCALES / "bluffmath.pot"
SOURCES = ("bluffmath", "bluffmath_class", "widgets", "notebooks/lessons")
LANGUAGES = ("en", "de")
KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "N_": None}
#: The catalogs' dates: fixed, so that making them again changes nothing that did not change.
DATE = datetime(2026, 12, 6, tzinfo=UTC)


def extracted() -> Catalog:
    """The template: every marked message of the sources, with the files it is in."""
    template = Catalog(project="bluffmath", version="", copyright_holder="The bluffmath developers",
                       creation_date=DATE, revision_date=DATE, fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(ROOT / source, [("**.py", "python")], keywords=KEYWORDS,
                                 comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
        for filename, _line, message, comments, context in found:
            where = f"{source}/{Path(filename).as_posix()}"
            known = template.get(message, context)
            if known is not None:
                known.locations = sorted({*known.locations, (where, None)})
            else:
                template.add(message, None, [(where, None)], auto_comments=comments, context=context)
    return template


def updated(template: Catalog, code: str) -> Catalog:
    """``code``'s catalog after the template: its translations kept, new messages empty."""
    path = po_path(code)
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=code)
    else:
        catalog = Catalog(locale=code, project="bluffmath", version="", copyright_holder="The bluffmath developers",
                          last_translator="The bluffmath developers", language_team="The bluffmath developers")
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=True)
    catalog.obsolete.clear()
    catalog.creation_date = catalog.revision_date = DATE
    catalog.fuzzy = False
    if code == LANGUAGES[0]:
        for message in catalog:
            if message.id:
                message.string = message.id
    return catalog


#: English's numbers: the forms bluffmath.display has always written (76.2 %, 1543.125), which
#: every English page and test reads; the other languages' come from CLDR.
ENGLISH_NUMBERS = {"decimal": ".", "group": "", "minus": "-", "grouping": 3, "percent_prefix": "",
                   "percent_suffix": " %"}


def numbers(code: str) -> dict[str, object]:
    """The signs and patterns :func:`bluffmath.i18n.number` writes numbers with, from CLDR."""
    if code == LANGUAGES[0]:
        return ENGLISH_NUMBERS
    locale = Locale.parse(code)
    symbols = locale.number_symbols["latn"]
    decimal = parse_pattern(locale.decimal_formats[None].pattern)
    percent = parse_pattern(locale.percent_formats[None].pattern)
    return {"decimal": symbols["decimal"], "group": symbols["group"], "minus": symbols["minusSign"],
            "grouping": decimal.grouping[0],
            "percent_prefix": percent.prefix[0].replace("%", symbols["percentSign"]),
            "percent_suffix": percent.suffix[0].replace("%", symbols["percentSign"])}


def po_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / "bluffmath.po"


def _po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def _mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def files() -> dict[Path, bytes]:
    """Every file this script writes, with its contents."""
    template = extracted()
    made = {TEMPLATE: _po(template)}
    for code in LANGUAGES:
        catalog = updated(template, code)
        made[po_path(code)] = _po(catalog)
        made[po_path(code).with_suffix(".mo")] = _mo(catalog)
        made[LOCALES / code / "numbers.json"] = (json.dumps(numbers(code), ensure_ascii=False, indent=1)
                                                 + "\n").encode()
    return made


def untranslated() -> Iterator[str]:
    """The messages a catalog lacks a translation of, or marks fuzzy."""
    for code in LANGUAGES:
        with po_path(code).open("rb") as file:
            catalog = read_po(file, locale=code)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                yield f"{code}: {message.id!r}" + (" (fuzzy)" if message.fuzzy else " (untranslated)")


def stale() -> list[str]:
    """The files that making the catalogs would change."""
    return [str(path.relative_to(ROOT)) for path, data in files().items()
            if not path.exists() or path.read_bytes() != data]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if anything is out of date")
    args = parser.parse_args(argv)
    if args.check:
        problems = [f"out of date (run make catalogs): {name}" for name in stale()]
        problems += [] if problems else list(untranslated())
        print("\n".join(problems) or "the catalogs are up to date and translated", file=sys.stderr)
        return 1 if problems else 0
    for path, data in files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    missing = list(untranslated())
    print(f"{len(missing)} messages to translate" + "".join(f"\n  {m}" for m in missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
