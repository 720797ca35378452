"""Every notebook page reads on a phone: at 390 px (and 1280 px) no control, number or
label lies outside the window, none is cut short by an ellipsis, and the page never scrolls
sideways; no field or menu is drawn over another control's label.

A wide table may scroll inside its own box (``overflow-x: auto``, not a widget's box: every
ipywidgets box has it); text in such a box is checked where the box begins, so a box that
starts off screen is caught. A control (a field, a menu, a button) is never left to a box. Each page is
drawn by Chromium from Voila as a person opens it (its first state). The tables' states
after moves are the business of each table's own browser test.

``make test`` opens each page once, at 390 px, and then widens the window to 1280 px and
checks again; ``make test-full`` (``--full``) also opens each page afresh at 1280 px.
"""

from __future__ import annotations

import pytest

from .axe import assert_accessible
from .conftest import ROOT

WAIT = 90_000
PAGES = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

# What a person reads or uses and cannot: each visible text or control outside the window
# (a box that scrolls sideways: its own left edge must be inside), and each label an
# ellipsis cuts. Returns their descriptions.
OUT_OF_SIGHT = r"""() => {
    const vw = window.innerWidth, found = [];
    // a box of the page's own that scrolls sideways (a wide table's), not a widget box
    // (ipywidgets give every box overflow: auto, which would hide whatever spills out)
    const scrolls = el => { for (let a = el.parentElement; a; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if ((o === 'auto' || o === 'scroll') && !a.classList.contains('lm-Widget')) return a; } return null; };
    const own = el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const name = el => `<${el.tagName.toLowerCase()} class='${String(el.className).slice(0, 40)}'> `
        + JSON.stringify((el.innerText || el.value || '').trim().slice(0, 30));
    for (const el of document.querySelectorAll('.jupyter-widgets *, .jp-OutputArea-output *')) {
        const r = el.getBoundingClientRect(), s = getComputedStyle(el);
        if (!r.width || !r.height || s.visibility === 'hidden') continue;
        const control = ['INPUT', 'SELECT', 'BUTTON', 'TEXTAREA'].includes(el.tagName);
        if (!control && !own(el)) continue;
        if (el.closest('svg, .bm-why, details:not([open]) > :not(summary)')) continue;
        const box = control ? null : scrolls(el);  // a control is never left to a scroll box
        const [left, right] = box ? [box.getBoundingClientRect().left, box.getBoundingClientRect().left + 1]
                                  : [r.left, r.right];
        if (left < -0.5 || right > vw + 0.5) found.push('outside: ' + name(el));
        if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) found.push('cut: ' + name(el));
    }
    // a field or menu drawn over another control's label (a 300 px menu in a narrower cell)
    const labels = [...document.querySelectorAll('.widget-label')].filter(l => l.getBoundingClientRect().width);
    for (const control of document.querySelectorAll('.jupyter-widgets select, .jupyter-widgets input[type=text]')) {
        const a = control.getBoundingClientRect(); if (!a.width) continue;
        for (const label of labels) {
            const b = label.getBoundingClientRect();
            if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
                found.push('over the label ' + JSON.stringify(label.innerText));
        }
    }
    if (document.scrollingElement.scrollWidth > vw) found.push(`the page is ${document.scrollingElement.scrollWidth} px wide`);
    return found;
}"""


# Two animation frames: the page has drawn what a change of the window's size moved.
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.mark.parametrize("width", [390, pytest.param(1280, marks=pytest.mark.full)])
@pytest.mark.parametrize("notebook", PAGES)
def test_nothing_lies_outside_the_window(page, voila: str, notebook: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{voila}/voila/render/{notebook}", timeout=WAIT)
    page.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    page.wait_for_timeout(1500)  # let the widgets finish their first drawing
    found = page.evaluate(OUT_OF_SIGHT)
    assert found == [], f"{notebook} at {width} px: {found[:10]}"
    assert_accessible(page, f"{notebook} at {width} px")
    if width == 390:  # the same page in a window widened to 1280 px
        page.set_viewport_size({"width": 1280, "height": 900})
        page.evaluate(FRAMES)
        found = page.evaluate(OUT_OF_SIGHT)
        assert found == [], f"{notebook} opened at 390 px, then at 1280 px: {found[:10]}"
        assert_accessible(page, f"{notebook} opened at 390 px, then at 1280 px")
