"""What an embedded calculator is made of: its form fields, the reading of what a reader
typed, and the answer as JSON for the page.

Everything a page sends is text (the form's values, or the address's query string);
everything it gets back is JSON with every exact number as a string such as ``"377/495"``.
Rounded decimals are made here, from the Fraction, for reading only.

Every word a reader sees is looked up in the language in use (:mod:`bluffmath.i18n`): a
field's label, hint and options are kept in English (marked with ``N_``) and translated
where the page is written; the numbers follow the language too, the fractions stay.

>>> answer("P(total ≥ 12)", Fraction(377, 495))
{'label': 'P(total ≥ 12)', 'fraction': '377/495', 'decimal': '0.762', 'percent': '76.2 %'}
>>> whole({"call": " 12 "}, "call", "the call", 0)
12
>>> whole({"call": "twelve"}, "call", "the call", 0)
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: the call must be a whole number of at least 0, got 'twelve'
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     answer("P(total ≥ 12)", Fraction(377, 495))["percent"], about(Fraction(97, 132), 3)
('76,2\xa0%', '97/132 (etwa 0,735)')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, number, percent

Params = Mapping[str, str]
Result = dict[str, Any]


@dataclass(frozen=True)
class Field:
    """One form control: a ``<select>`` if it has ``options`` (value, text), else a text box.

    ``group`` puts it in a fieldset of that legend; ``needs_players`` hides that fieldset
    while the form's ``players`` is below it (a seat that is not at the table).
    """

    name: str
    label: str
    default: str = ""
    options: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    group: str = ""
    needs_players: int = 0


    def start(self) -> str:
        """The value the form starts with, in the language in use: a text box's default is
        words (``red yellow``, marked with ``N_``), a list's is one of its values."""
        return _(self.default) if self.default and not self.options else self.default


@dataclass(frozen=True)
class Calculator:
    """A calculator: its address name, title, a sentence for the reader, its fields, and
    ``run``, which reads the fields' text, calls the core and returns the answer as JSON."""

    name: str
    title: str
    intro: str
    fields: tuple[Field, ...]
    run: Callable[[Params], Result]

    def defaults(self) -> dict[str, str]:
        """Every field's value when the address gives none, in the language in use: a text
        box's default is words (``red yellow``, marked with ``N_``), a list's is a value."""
        return {f.name: f.start() for f in self.fields}


def text(params: Params, name: str) -> str:
    """The stripped text of one field ('' when it is absent)."""
    value = params.get(name, "")
    if not isinstance(value, str):
        raise InvalidInputError(_("{field} must be text from the form, got {kind}").format(
            field=name, kind=type(value).__name__))
    return value.strip()


def is_number(raw: str) -> bool:
    """Whether ``raw`` is a whole number as a form holds one: ASCII digits, at most 6, and
    an optional minus (not ``"²"``, ``"--3"`` or 5,000 digits, which ``int`` chokes on).

    >>> [is_number(s) for s in ("12", "-3", "²", "--3", "1e3", "9" * 7)]
    [True, True, False, False, False, False]
    """
    return re.fullmatch(r"-?[0-9]{1,6}", raw) is not None


def whole(params: Params, name: str, label: str, low: int, high: int | None = None,
          default: int | None = None) -> int:
    """A whole number typed in a field; ``default`` when it is empty (else it is required).
    ``label`` names the number in an error (English, marked with ``N_``; translated here)."""
    raw = text(params, name)
    if not raw and default is not None:
        return default
    if not is_number(raw):
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        raise InvalidInputError(_wrong_number(label, low, high, repr(shown)))
    value = int(raw)
    if value < low or (high is not None and value > high):
        raise InvalidInputError(_wrong_number(label, low, high, str(value)))
    return value


def _wrong_number(label: str, low: int, high: int | None, got: str) -> str:
    if high is None:
        return _("{label} must be a whole number of at least {low}, got {got}").format(
            label=_(label), low=low, got=got)
    return _("{label} must be a whole number from {low} to {high}, got {got}").format(
        label=_(label), low=low, high=high, got=got)


def items(raw: str) -> list[str]:
    """Entries typed with commas or spaces between them.

    >>> items("1:Wizard, 2:Wizard 3:King"), items("  ")
    (['1:Wizard', '2:Wizard', '3:King'], [])
    """
    return raw.replace(",", " ").split()


def exact(p: Fraction | int) -> str:
    """An exact number as ``"p/q"`` (always with its denominator, so a page can parse it)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def about(x: Fraction | int, places: int = 2) -> str:
    """An exact number for a line of text, with a rounded decimal unless it is whole.

    >>> about(Fraction(14)), about(Fraction(97, 132), 3)
    ('14', '97/132 (about 0.735)')
    """
    x = Fraction(x)
    return str(x) if x.denominator == 1 else _("{fraction} (about {decimal})").format(
        fraction=x, decimal=number(x, places))


def answer(label: str, p: Fraction) -> dict[str, str]:
    """The number a calculator is for: exact, and rounded (from the Fraction) for reading."""
    return {"label": label, "fraction": exact(p), "decimal": number(p, 3), "percent": percent(p)}


def table(caption: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> dict[str, Any]:
    """A table for the page; every cell becomes text, a Fraction as a reader writes it:
    ``"2/11"``, and a certainty as ``"1"`` or ``"0"`` (not ``"1/1"``, ``"0/1"``).

    >>> table("t", ["", "King"], [["player 0", Fraction(1)], ["player 1", Fraction(2, 11)]])["rows"]
    [['player 0', '1'], ['player 1', '2/11']]
    """
    return {"caption": caption, "header": list(header), "rows": [[str(c) for c in row] for row in rows]}


def result(answer: dict[str, str], lines: Sequence[str] = (), tables: Sequence[dict[str, Any]] = (),
           details: str = "") -> Result:
    """A calculator's whole answer: the exact number, lines of text, tables, and a longer
    text (the counting behind the number) the page shows folded."""
    return {"answer": answer, "lines": list(lines), "tables": list(tables), "details": details}


def choices(values: Sequence[object], *, unknown: str | None = None) -> tuple[tuple[str, str], ...]:
    """Options for a select, each value shown as itself (and first an empty ``unknown``).

    >>> choices([3, 4], unknown="?")
    (('', '?'), ('3', '3'), ('4', '4'))
    """
    first = () if unknown is None else (("", unknown),)
    return first + tuple((str(v), str(v)) for v in values)
