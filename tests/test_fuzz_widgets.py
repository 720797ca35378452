"""Fuzz: every text box of every widget, headless, as a player types into it. Each hostile
entry must be answered inline in the widget (a bluffmath error's message) or taken; the
widget must never show "a bug", never raise out of the callback, never hang, and must work
again once the entry is put back."""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest
from hostile import outcome

WIDGETS = {
    "hochstapler.OddsCalculator": {}, "hochstapler.PositionOdds": {},
    "hochstapler.HochstaplerTable": {}, "gauner.GaunerSolver": {}, "gauner.GaunerTable": {},
    "hoax.HoaxSheet": {}, "hoax.HoaxPractice": {}, "hoax.HoaxTable": {},
    "muenchhausen.MuenchhausenTable": {},
}  # the Münchhausen companion has menus and buttons only: nothing to type
TYPED = ["", " ", "x", "0_7", "٣", "-1", "99", "9" * 5000, "²", "1e3", "1/0", "1.5", "\ud800",
         "<b>bold</b>", "a" * 20_000, "red-A=99", "1:abcd", "{", '{"format": 1}', "[" * 5000, ",,,",
         "None", "null", "true"]
BUG = "a bug in bluffmath"
# Words of the code, not of the table: a message a player reads never has them.
INTERNAL = re.compile(r"\w+\[\d+\]|\b[A-Z]\w+\(\w+=|\bseat=|\bState\b|Traceback|\bNode\b")


def _make(name: str) -> w.Widget:
    module, cls = name.rsplit(".", 1)
    return getattr(importlib.import_module(f"bluffmath_widgets.{module}"), cls)(**WIDGETS[name])


def _all(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def _text_boxes(widget: w.Widget) -> list[w.Widget]:
    return [c for c in _all(widget) if isinstance(c, w.Text | w.Textarea | w.Combobox)]


def _buttons_beside(widget: w.Widget, box: w.Widget) -> list[w.Button]:
    """The buttons in the same row or box as ``box``: the ones that act on what it holds."""
    for parent in _all(widget):
        if box in getattr(parent, "children", ()):
            return [c for c in _all(parent) if isinstance(c, w.Button)]
    return []


def _shown(widget: w.Widget) -> str:
    return " ".join(str(c.value) for c in _all(widget) if isinstance(c, w.HTML | w.HTMLMath | w.Label))


def _messages(widget: w.Widget) -> str:
    """The alerts the widget shows (the error areas), as text."""
    return " ".join(html.unescape(re.sub("<[^>]+>", "", str(c.value))) for c in _all(widget)
                    if isinstance(c, w.HTML) and "role=\"alert\"" in str(c.value))


@pytest.mark.parametrize("name", WIDGETS)
def test_every_text_box_answers_hostile_entries_inline(name: str) -> None:
    widget = _make(name)
    boxes = _text_boxes(widget)
    assert boxes, f"{name} has no text box"
    findings = []
    for i, box in enumerate(boxes):
        before = box.value
        for text in TYPED:
            def type_and_press(box: w.Widget = box, text: str = text) -> None:
                box.value = text
                for button in _buttons_beside(widget, box):
                    button.click()
            kind, result = outcome(type_and_press, seconds=30)
            if kind != "ok":
                findings.append(f"box {i} ({box.description or box.placeholder!r}) = {text[:20]!r}: "
                                f"{kind} {type(result).__name__}: {result}")
            elif BUG in _messages(widget):
                findings.append(f"box {i} ({box.description or box.placeholder!r}) = {text[:20]!r}: "
                                f"shows a bug")
            elif (words := INTERNAL.search(_messages(widget))) is not None:
                findings.append(f"box {i} ({box.description or box.placeholder!r}) = {text[:20]!r}: "
                                f"says {words[0]!r}: {_messages(widget)[:200]}")
        outcome(lambda box=box, before=before: setattr(box, "value", before))
    assert findings == []
    assert BUG not in _messages(widget)
