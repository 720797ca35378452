"""Languages: the words a player reads, in English or in German, through gettext catalogs.

Every sentence a page shows a player is written in English in the code, marked for
translation, and looked up in the catalog of the language in use; nothing is put together
from English pieces. The catalogs are made with Babel (``make catalogs``:
``pybabel extract``, ``update`` and ``compile``, ``scripts/catalogs.py``) and ship with
the package in ``bluffmath/locale/<language>/LC_MESSAGES/bluffmath.mo``, read here by the
standard library's :mod:`gettext`, so the core stays pure Python in the browser.

==========================================  =============================================
``_(message)``                              the message in the language in use
``n_(singular, plural, n)``                 the plural form for ``n`` (the catalog's rule)
``p_(context, message)``                    a message whose meaning needs a context
``N_(message)``                             marks a message for the catalogs, unchanged
``language()``, ``set_language(code)``      the language in use (``"en"`` by default)
``speaking(code)``                          a ``with`` block in another language
``accepted(header)``                        the best of ours for an Accept-Language header
``percent(p)``, ``number(x, places)``       numbers as the language writes them
==========================================  =============================================

The language in use is a :class:`contextvars.ContextVar`: a server answering many players
at once sets it per request (``with speaking(code):``), and a notebook sets it once.
Numbers follow the language by Babel's data (CLDR), which ``make catalogs`` writes beside
each catalog (``numbers.json``: the browser's Python has no Babel; a test checks every
form against Babel's own formatting): a decimal comma and a space before the percent sign
in German; fractions stay ``377/495`` in every language. English keeps the forms
:mod:`bluffmath.display` has always written (``76.2 %``, no group sign).

>>> with speaking("de"):
...     _("Players"), percent(Fraction(381, 500)), n_("one set", "{n} sets", 3).format(n=3)
('Spieler', '76,2\\xa0%', '3 Mengen')
>>> _("Players"), percent(Fraction(381, 500)), n_("one set", "{n} sets", 1).format(n=1)
('Players', '76.2 %', 'one set')
>>> accepted("fr-CH, de;q=0.9, en;q=0.8")
'de'

Adding a language is adding one catalog (``docs/how-to/translate.md``): its code in
:data:`LANGUAGES`, then ``make catalogs`` and the translations.
"""

from __future__ import annotations

import contextlib
import gettext
import json
from collections.abc import Iterator
from contextvars import ContextVar
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from bluffmath.errors import InvalidInputError

#: The languages shipped, the first the default (the code's own).
LANGUAGES = ("en", "de")
#: The catalogs' name (gettext's domain).
DOMAIN = "bluffmath"
#: Where the compiled catalogs are: ``<language>/LC_MESSAGES/bluffmath.mo``.
LOCALES = Path(__file__).with_name("locale")
#: The names of the languages, each in its own words (for a language switch).
NAMES = {"en": "English", "de": "Deutsch"}

_language: ContextVar[str] = ContextVar("bluffmath_language", default=LANGUAGES[0])


class LanguageError(InvalidInputError):
    """A language bluffmath does not speak."""


def checked(code: object) -> str:
    """``code`` if it is one of :data:`LANGUAGES`; LanguageError otherwise.

    >>> checked("fr")
    Traceback (most recent call last):
    ...
    bluffmath.i18n.LanguageError: language must be one of en, de, got 'fr'
    """
    if not isinstance(code, str) or code not in LANGUAGES:
        raise LanguageError(f"language must be one of {', '.join(LANGUAGES)}, got {str(code)[:20]!r}")
    return code


def language() -> str:
    """The language in use."""
    return _language.get()


def set_language(code: str) -> None:
    """Speak ``code`` from now on (in this context: a notebook's kernel, a thread)."""
    _language.set(checked(code))


@contextlib.contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block, and the language before it after."""
    token = _language.set(checked(code))
    try:
        yield code
    finally:
        _language.reset(token)


def accepted(header: str | None) -> str:
    """The language of :data:`LANGUAGES` a browser's ``Accept-Language`` header prefers
    (by its q-values, then its order; ``de-AT`` counts as ``de``), else the default.

    >>> accepted("de-AT,de;q=0.9"), accepted(None), accepted("en;q=0.2, de;q=0")
    ('de', 'en', 'en')
    """
    best, best_q = LANGUAGES[0], Fraction(0)
    for part in (header or "")[:1000].split(","):
        tag, _sep, rest = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        q = _quality(rest)
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


def _quality(parameters: str) -> Fraction:
    """The q-value of one entry's parameters (1 when none is given, 0 when it is unreadable)."""
    for parameter in parameters.split(";"):
        name, _sep, value = parameter.strip().partition("=")
        if name.strip() == "q":
            try:
                return min(Fraction(1), max(Fraction(0), Fraction(value.strip())))
            except (ValueError, ZeroDivisionError):
                return Fraction(0)
    return Fraction(1)


@cache
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (a :class:`gettext.GNUTranslations`)."""
    with (LOCALES / checked(code) / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
        return gettext.GNUTranslations(file)


def _(message: str) -> str:
    """``message`` in the language in use."""
    return catalog(language()).gettext(message)


def n_(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language in use (the text;
    the caller fills in ``n``)."""
    return catalog(language()).ngettext(singular, plural, n)


def p_(context: str, message: str) -> str:
    """``message`` in the language in use, where ``context`` tells its sense apart (a
    colour's name, a button's label)."""
    return catalog(language()).pgettext(context, message)


def N_(message: str) -> str:
    """``message`` unchanged: marks a message kept in a constant for the catalogs; it is
    translated where it is shown, by :func:`_`."""
    return message


def percent(p: Fraction | int, places: int = 1) -> str:
    """``p`` as a percentage rounded exactly (half to even) to ``places`` decimals, as the
    language in use writes it (German: ``76,2 %``, with a no-break space)."""
    signs = _signs(language())
    return signs["percent_prefix"] + _localized(Fraction(p) * 100, places) + signs["percent_suffix"]


def number(x: Fraction | int, places: int = 2) -> str:
    """``x`` rounded exactly (half to even) to ``places`` decimals, as the language in use
    writes it; every digit is written, so this is for numbers of a person's size.

    >>> with speaking("de"):
    ...     number(Fraction(12345, 8), 3), number(Fraction(-1, 3))
    ('1.543,125', '-0,33')
    >>> number(Fraction(12345, 8), 3)
    '1543.125'
    """
    return _localized(Fraction(x), places)


@cache
def _signs(code: str) -> dict[str, Any]:
    """The language's signs and patterns (``numbers.json``: for English the forms of
    :mod:`bluffmath.display`, for the others Babel's CLDR data)."""
    return json.loads((LOCALES / checked(code) / "numbers.json").read_text(encoding="utf-8"))


def _localized(x: Fraction, places: int) -> str:
    """``x`` rounded to ``places`` decimals with the language's decimal sign, its group
    sign every ``grouping`` digits and its minus (the percent sign is the caller's)."""
    signs = _signs(language())
    scaled = round(x * 10**places)
    digits = str(abs(scaled)).rjust(places + 1, "0")
    whole, fraction = (digits[:-places], digits[-places:]) if places else (digits, "")
    size = signs["grouping"]
    groups = [whole[max(0, end - size):end] for end in range(len(whole), 0, -size)][::-1]
    body = signs["group"].join(groups) + (signs["decimal"] + fraction if places else "")
    return (signs["minus"] if scaled < 0 else "") + body
