"""No page of the documentation site scrolls sideways at 390 px or at 1280 px (issue 34):
every HTML page of the built site, in one Chromium context, served from 127.0.0.1 with every
other address blocked. A wide table or code block may scroll in its own box only."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.axe import barriers_of
from tests.test_docs import site  # noqa: F401 (the built site, built once per session)

WIDEST = """() => {
    const width = document.documentElement.clientWidth;
    let worst = null, right = width;
    for (const e of document.querySelectorAll('body *')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= right) continue;
        let inner = false;
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX;
            if (o === 'auto' || o === 'scroll' || o === 'hidden') { inner = true; break; }
        }
        if (!inner) { right = r.right; worst = e; }
    }
    return {scroll: document.scrollingElement.scrollWidth, width,
            widest: worst ? `${worst.tagName.toLowerCase()}.${worst.className} `
                + `(right edge ${Math.round(right)} px): ${worst.textContent.slice(0, 60)}` : null};
}"""


@pytest.mark.slow
def test_no_page_scrolls_sideways(site: Path, browser: object) -> None:  # noqa: F811
    from benchmarks.embed import offline, serve

    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")
                   if "_static" not in p.parts and "_sources" not in p.parts)
    assert len(pages) >= 10
    wide: list[str] = []
    barriers: list[str] = []
    with serve(site) as base:
        context = browser.new_context()  # type: ignore[attr-defined]
        blocked = offline(context, base)
        try:
            page = context.new_page()
            for width in (390, 1280):
                page.set_viewport_size({"width": width, "height": 800})
                for name in pages:
                    page.goto(f"{base}{name}", wait_until="load")
                    found = page.evaluate(WIDEST)
                    barriers.extend(barriers_of(page, f"{name} at {width} px"))
                    if found["scroll"] > width:
                        wide.append(f"{name} at {width} px: {found['scroll']} px wide, "
                                    f"widest {found['widest']}")
        finally:
            context.close()
    assert blocked == [], f"the site asked for addresses outside localhost: {blocked[:5]}"
    assert wide == [], "\n".join(wide)
    assert barriers == [], "\n".join(barriers[:20])
