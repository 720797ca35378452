"""The documentation site offline, in Chromium: MathJax and the widget manager come from
the site itself (issue 21). The site is built here as ``make docs`` builds it (the same
fixture as tests/test_docs.py), and served from 127.0.0.1 with every other address
blocked. It lives with the browser tests so that it shares their one Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_docs import site  # noqa: F401 (the built site)

MATH = "span.math, div.math"


@pytest.mark.slow
def test_the_site_renders_formulas_and_widgets_offline(site: Path, browser: object) -> None:  # noqa: F811
    """The built site in Chromium, served from 127.0.0.1 with every other address blocked:
    every formula of the Gauner raus! explanation is typeset by the bundled MathJax, and
    lesson 5's widgets are drawn by the bundled ipywidgets HTML manager."""
    from benchmarks.embed import offline, serve

    with serve(site) as base:
        context = browser.new_context()  # type: ignore[attr-defined]
        blocked = offline(context, base)
        errors: list[str] = []
        try:
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{base}explanation/gauner.html")
            formulas = page.locator(MATH).count()
            assert formulas >= 20
            page.wait_for_function(f"n => document.querySelectorAll('{MATH} mjx-container').length === n",
                                   arg=formulas, timeout=60_000)
            assert "\\frac" not in page.locator(MATH).first.inner_text()  # rendered, not raw TeX
            page.goto(f"{base}lessons/notebooks/05-gauner-deduction.html")
            assert page.locator("script[type='application/vnd.jupyter.widget-view+json']").count() >= 1
            drawn = ("() => [...document.querySelectorAll('.jupyter-widgets')]"
                     ".filter(e => e.offsetHeight > 0).length")
            page.wait_for_function(f"({drawn})() >= 3", timeout=60_000)  # drawn, with a size
            assert page.locator(".jupyter-widgets.widget-textarea textarea").count() >= 1
            assert page.locator(".jupyter-widgets.widget-html table").count() >= 1  # the solver's grid
        finally:
            context.close()
    assert blocked == [], f"the site asked for addresses outside localhost: {blocked[:5]}"
    assert errors == []
