"""What a person sees is readable: every visible text on each notebook page, at 4.5:1 and
at least 12 px (a chart's text as drawn, its picture's scale counted).

Each notebook page (widgets, or text a notebook prints) is served by Voila and drawn by Chromium. For every visible element that
holds text (and every filled input), the page reports its computed colour, the opacity of
it and its ancestors, and the backgrounds below it up to the first opaque one (the white
page if none); the ratio is WCAG's, computed by :func:`tests.test_contrast.contrast`. Normal
text needs 4.5:1; large text (24 px, or 18.66 px and bold) 3:1. An inactive control (a
disabled button drawn faded) is exempt, as WCAG says; a disabled one drawn at full
opacity shows content, and is checked.

A page colour that fails would be listed in :data:`KNOWN_OFFENDERS` (empty: none fails);
the test fails for any failing colour not listed there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_contrast import AA, WHITE, Colour, contrast, over, parse_colour

from .conftest import ROOT

LARGE = 3.0
WAIT = 90_000
PAGES = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

#: (page, text colour, nearest background with its opacity left out) as Chromium computes
#: them, that fail today: none. Fix a failing colour rather than list it here.
KNOWN_OFFENDERS: frozenset[tuple[str, str, str]] = frozenset()

# The page's widgets are drawn (or it has none).
WIDGETS_DRAWN = """() => !document.querySelector('script[type="application/vnd.jupyter.widget-view+json"]')
    || !!document.querySelector('.jupyter-widgets')"""

# Every visible text, its colour, opacity and the backgrounds under it (nearest first).
TEXTS = r"""() => {
    const own = el => [...el.childNodes].filter(n => n.nodeType === 3)
        .map(n => n.textContent).join('').trim();
    const shown = el => {
        const r = el.getBoundingClientRect(), s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
        if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'svg'].includes(el.tagName)) continue;
        const field = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
        const text = field ? (el.tagName === 'SELECT' ? el.selectedOptions[0]?.text ?? '' : el.value ?? '')
                           : own(el);
        if (!text || (field && ['checkbox', 'radio', 'range', 'color'].includes(el.type)) || !shown(el)) continue;
        if (el.closest('svg')) continue;
        const s = getComputedStyle(el);
        let opacity = 1, grounds = [], image = false;
        for (let a = el; a && a.nodeType === 1; a = a.parentElement) {
            const st = getComputedStyle(a);
            opacity *= Number(st.opacity);
            if (st.backgroundImage && st.backgroundImage !== 'none') image = true;
            grounds.push(st.backgroundColor);
            if (/^rgb\(/.test(st.backgroundColor)) break;
        }
        const disabled = el.matches(':disabled') || !!el.closest('[disabled], .mod-disabled');
        out.push({text: text.slice(0, 40), tag: el.tagName.toLowerCase(),
                  cls: (el.className && el.className.baseVal === undefined ? el.className : '').slice(0, 60),
                  colour: s.color, grounds, opacity, image, disabled,
                  size: parseFloat(s.fontSize), weight: Number(s.fontWeight) || 400});
    }
    return out;
}"""


# Every visible text of a chart (SVG), its size as drawn: the font size times the picture's scale.
SVG_TEXTS = r"""() => [...document.querySelectorAll('svg text')].filter(el => {
        const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && el.textContent.trim();
    }).map(el => ({text: el.textContent.trim().slice(0, 40), tag: 'svg text', cls: '',
                   size: parseFloat(getComputedStyle(el).fontSize) * (el.getScreenCTM()?.a ?? 1)}))"""

SMALLEST = 12.0
"""The smallest text, in CSS px, that a page may show."""


def ratio(item: dict) -> float:
    """WCAG's ratio for one text as the page drew it: its colour, faded by the opacities,
    over the backgrounds under it, all on the white page."""
    ground: Colour = WHITE
    for layer in reversed(item["grounds"]):
        ground = over(parse_colour(layer), ground)
    r, g, b, a = parse_colour(item["colour"])
    return contrast((r, g, b, a * item["opacity"]), ground)


def nearest(grounds: list[str]) -> str:
    """The nearest background that is not clear, its opacity left out: ``rgb(r, g, b)``."""
    for layer in grounds:
        r, g, b, a = parse_colour(layer)
        if a > 0:
            return f"rgb({r}, {g}, {b})"
    return "rgb(255, 255, 255)"


def needed(item: dict) -> float:
    large = item["size"] >= 24 or (item["size"] >= 18.66 and item["weight"] >= 700)
    return LARGE if large else AA


def test_the_ratio_reads_layers_and_opacity() -> None:
    plain = {"colour": "rgb(119, 119, 119)", "grounds": ["rgba(0, 0, 0, 0)"], "opacity": 1}
    assert round(ratio(plain), 2) == 4.48
    faded = {**plain, "colour": "rgb(0, 0, 0)", "opacity": 0.5}
    assert round(ratio(faded), 2) == round(contrast((127.5, 127.5, 127.5, 1.0), WHITE), 2)  # type: ignore[arg-type]
    layered = {"colour": "rgb(255, 255, 255)", "grounds": ["rgba(0, 0, 0, 0)", "rgb(0, 0, 0)"], "opacity": 1}
    assert ratio(layered) == pytest.approx(21)
    assert nearest(["rgba(0, 0, 0, 0)", "rgba(30, 100, 220, 0.62)", "rgb(255, 255, 255)"]) == "rgb(30, 100, 220)"
    assert nearest(["rgba(0, 0, 0, 0)"]) == "rgb(255, 255, 255)"
    assert needed({"size": 24, "weight": 400}) == needed({"size": 19, "weight": 700}) == LARGE
    assert needed({"size": 19, "weight": 400}) == AA


@pytest.mark.parametrize("notebook", PAGES)
def test_every_text_on_the_page_is_readable(page, voila: str, notebook: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{voila}/voila/render/{notebook}", timeout=WAIT)
    # Voila removes its spinner once every cell has run (some pages show text, no widget).
    page.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    page.wait_for_function(WIDGETS_DRAWN, timeout=WAIT)
    page.wait_for_timeout(1500)  # let the widgets finish their first drawing
    items = page.evaluate(TEXTS)
    assert len(items) >= 5, f"{notebook}: no text found on the page"
    failing: dict[tuple[str, str, str], list[str]] = {}
    for item in items:
        if item["image"] or (item["disabled"] and item["opacity"] < 1):
            continue  # text on a picture; an inactive control drawn faded (WCAG exempts it)
        found = ratio(item)
        if found < needed(item):
            key = (notebook, item["colour"], nearest(item["grounds"]))
            failing.setdefault(key, []).append(
                f"{found:.2f} <{item['tag']} class='{item['cls']}'> {item['text']!r}")
    new = {k: v[:3] for k, v in failing.items() if k not in KNOWN_OFFENDERS}
    assert not new, f"{notebook}: text below its WCAG AA ratio: {new}"
    small = [f"{item['size']:.1f} px <{item['tag']} class='{item['cls']}'> {item['text']!r}"
             for item in [*items, *page.evaluate(SVG_TEXTS)] if item["size"] < SMALLEST - 0.05]
    assert not small, f"{notebook}: text under {SMALLEST:g} px: {small[:8]}"
    assert not page.errors, page.errors


def test_every_page_is_checked() -> None:
    assert {"02-play-hochstapler.ipynb", "04-play-gauner-raus.ipynb", "05-hoax-sheet.ipynb",
            "06-play-muenchhausen.ipynb"} <= set(PAGES)
    assert all(Path(ROOT / "notebooks" / p).exists() for p in PAGES)
