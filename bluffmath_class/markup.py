"""The few pieces of HTML every page of the class server is drawn with.

Names are the only text a person types, and every one passes through :func:`esc` on its
way into a page; numbers come from the core and are shown exactly, with a percentage for
reading. A button carries the move it sends as JSON in ``data-send``; the page's one
script sends it as it is and never builds a move of its own.

>>> from fractions import Fraction
>>> chance(Fraction(377, 495))
'<span class="p" data-p="377/495"><b>377/495</b> 76.2&nbsp;%</span>'
>>> button("Doubt", {"kind": "doubt"})
'<button type="button" data-send=\\'{"kind": "doubt"}\\'>Doubt</button>'
>>> esc('<b onclick="x">Ann</b>')
'&lt;b onclick=&quot;x&quot;&gt;Ann&lt;/b&gt;'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache, wraps
from html import escape
from typing import Any

from bluffmath.display import fraction_json, written
from bluffmath.i18n import _, language, n_, percent
from bluffmath.review import Review

__all__ = ["button", "chance", "esc", "form", "own_only", "review_list", "rows", "tag"]


def esc(text: object) -> str:
    """``text`` safe inside HTML text and attribute values (quotes too)."""
    return escape(str(text), quote=True)


def _chance(p: Fraction) -> str:
    shown = percent(p).replace(" ", "&nbsp;").replace("\xa0", "&nbsp;")
    return f'<span class="p" data-p="{fraction_json(p)}"><b>{written(p)}</b> {shown}</span>'


_kept_chance = lru_cache(maxsize=4096, typed=True)(lambda p, spoken: _chance(p))


@wraps(_chance, assigned=(), updated=())  # unwrapped: drawn without the cache
def chance(p: Fraction) -> str:
    """An exact probability, the fraction first, with its rounded percentage as the language
    in use writes it (kept for each language: the pages show the same chances again at every
    move, and many on every seat's page)."""
    return _kept_chance(p, language())


def tag(name: str, html: str, attrs: str = "") -> str:
    """``html`` (ready: escaped where need be) in an element ``name`` with ``attrs``.

    >>> tag("p", "Your turn", ' class="status mine"')
    '<p class="status mine">Your turn</p>'
    """
    return f"<{name}{attrs}>{html}</{name}>"


def _data(payload: Mapping[str, Any]) -> str:
    return esc(json.dumps(payload, ensure_ascii=False)).replace("&quot;", '"')


def button(label: str, payload: Mapping[str, Any], kind: str = "") -> str:
    """A button that sends ``payload`` (a move, or a teacher's order) when pressed."""
    css = f' class="{kind}"' if kind else ""
    return f"<button type=\"button\"{css} data-send='{_data(payload)}'>{label}</button>"


def form(payload: Mapping[str, Any], fields: str, submit: str, kind: str = "", more: str = "") -> str:
    """A form whose named fields are sent with ``payload`` when it is submitted; a field
    marked ``data-int`` is sent as a whole number, a checkbox as true or false; ``more``:
    other submit buttons (one with ``data-type`` sends that type instead)."""
    css = f' class="{kind}"' if kind else ""
    return (f"<form{css} data-send='{_data(payload)}'>{fields}"
            f'<button type="submit">{submit}</button>{more}</form>')


def rows(cells: Iterable[Iterable[str]], header: Iterable[str] = (), kind: str = "") -> str:
    """A table from cells of ready HTML (already escaped)."""
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells)
    css = f' class="{kind}"' if kind else ""
    return f"<table{css}>{f'<tr>{head}</tr>' if head else ''}{body}</table>"


def own_only(review: Review, own: frozenset[int] | None) -> tuple[Review, str]:
    """``review`` with only the decisions of the moves in ``own`` (the student's own: None,
    every decision of the seat), and the words that say how many a bot made for the
    student while they were away (left out), or nothing.

    >>> from bluffmath.review import Decision
    >>> ds = tuple(Decision(n, 0, "doubt", "", {"doubt": Fraction(1, 2)}, "doubt", "") for n in (1, 4))
    >>> mine, said = own_only(Review("hochstapler", 0, "", "", ds), frozenset({4}))
    >>> [d.number for d in mine.decisions], said
    ([4], '<p class="small">1 decision a bot made for you while you were away is left out.</p>')
    """
    if own is None:
        return review, ""
    kept = tuple(d for d in review.decisions if d.number in own)
    apart = len(review.decisions) - len(kept)
    if not apart:
        return review, ""
    words = n_("{n} decision a bot made for you while you were away is left out.",
               "{n} decisions a bot made for you while you were away are left out.", apart).format(n=apart)
    return replace(review, decisions=kept), tag("p", words, ' class="small"')


def review_list(review: Review, summary: str, said: Callable[[str], str] = esc,
                value: Callable[[Fraction], str] = chance, cost: Callable[[Fraction], str] | None = None,
                label: str = "", own: frozenset[int] | None = None) -> str:
    """A seat's review: how many decisions were a best choice (``summary`` ends the sentence
    "3 of 7 decisions were ..."), the model in words, and each decision's choice (``said``
    puts an option in words) with its exact value (``label`` before it), else the best
    choices, their value and what the choice cost; only the student's ``own`` moves'
    decisions (:func:`own_only`)."""
    review, apart = own_only(review, own)
    cost = cost or value
    items = "".join(
        f"<li><b>#{d.number}</b> {said(d.choice)}: {label}{value(d.chosen_value)}"
        + (" " + tag("b", _("best")) if d.is_best else
           _("; best: {options} ({value}); cost {cost}").format(options=", ".join(map(said, d.best[:2])),
                                                                 value=value(d.best_value), cost=cost(d.cost)))
        + "</li>" for d in review.decisions)
    best = sum(d.is_best for d in review.decisions)
    head = _("{best} of {n} decisions were {summary}").format(best=best, n=len(review.decisions), summary=summary)
    how = _("How the review values a decision")
    return (tag("h3", _("Your review")) + f"<p>{head}</p>{apart}"
            f'<details><summary>{how}</summary><p class="small">'
            f'{esc(review.model)}</p></details><ul class="odds-list review">{items}</ul>')
