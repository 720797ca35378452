"""What the German tests share (issue 44): the text a reader sees of a page, and hears (the
attributes a screen reader reads out), and its pieces with words in them, names and
numbers aside, so that a German rendering can be checked for any sentence left from the
English one."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

#: Where a text is cut into pieces: sentence marks, brackets, quotes, arrows and bullets.
BREAKS = r"[.;:!?()\n…“”„→·●▶]|, "


class _Text(HTMLParser):
    def __init__(self, skip: tuple[str, ...]) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip, self._inside = skip, 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._inside += tag in self._skip
        self.texts += [v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v]

    def handle_endtag(self, tag: str) -> None:
        self._inside -= tag in self._skip

    def handle_data(self, data: str) -> None:
        if not self._inside:
            self.texts.append(data)


def texts_of(html: str, skip: tuple[str, ...] = ("script", "style")) -> list[str]:
    """The texts of ``html`` a reader sees or hears (the elements ``skip`` left out)."""
    parser = _Text(skip)
    parser.feed(html)
    return parser.texts


def sentences(texts: Iterable[str], names: Iterable[str] = ()) -> set[str]:
    """The pieces of ``texts`` with words in them: placeholders (``{call}``), formulas
    (``$$...$$``) and ``names`` (the longest first, so that a name inside another goes
    with it) taken out, each piece's spaces made single."""
    names = sorted(names, key=len, reverse=True)
    out = set()
    for text in texts:
        text = re.sub(r"\$\$.*?\$\$", " ", re.sub(r"\{\w+\}", " ", text), flags=re.S)
        for name in names:
            text = text.replace(name, " ")
        for piece in re.split(BREAKS, text):
            piece = " ".join(piece.split())
            if re.search(r"[A-Za-zÄÖÜäöüß]{3}", piece):
                out.add(piece)
    return out


def page_sentences(htmls: Iterable[str], names: Iterable[str] = ()) -> set[str]:
    """:func:`sentences` of pages' HTML: what a reader sees or hears of them, their scripts,
    styles and titles aside."""
    return sentences((t for html in htmls for t in texts_of(html, ("script", "style", "title"))), names)


def fractions(html: str, kinds: str = "p") -> list[str]:
    """The exact numbers a page carries, in order: the values of its ``data-p`` attributes
    (each chance's fraction), or of each ``data-K`` for K in ``kinds``.

    >>> fractions('<b data-p="3/8">37.5 %</b><i data-v="-2">', "pv")
    ['3/8', '-2']
    """
    return re.findall(rf'data-[{kinds}]="([^"]+)"', html)
