"""A Voila page draws with no network beyond the laptop that serves it.

Voila's ``lab`` template links Font Awesome from a CDN although Voila's own bundle already
carries it. On a school network that drops packets to the outside, that render-blocking
stylesheet kept the page blank (measured: nothing drawn in 30 s). The repository's
``voila.json`` sends a Content-Security-Policy that allows stylesheets and fonts only from
the server itself, so the browser never asks the CDN and the bundled icons are used.
"""

from __future__ import annotations

import urllib.request

PAGE = "/voila/render/hochstapler-calculator.ipynb"


def test_the_page_draws_when_the_outside_never_answers(browser: object, voila: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    outside: list[str] = []

    def network(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if url.startswith(voila):
            route.continue_()  # type: ignore[attr-defined]
        else:
            outside.append(url)  # a filtered network: no answer ever comes

    page.route("**/*", network)
    page.goto(voila + PAGE, wait_until="commit", timeout=60_000)
    page.wait_for_selector(".widget-button", state="visible", timeout=60_000)
    # load the face first: a check alone races with the font still loading (CI saw it fail)
    icons = page.evaluate("async () => { const face = '900 16px \"Font Awesome 5 Free\"';"
                          " await document.fonts.load(face); return document.fonts.check(face); }")
    context.close()  # type: ignore[attr-defined]
    assert outside == [], f"the page asked {outside}"
    assert icons, "the icons' font (bundled with Voila) is not available"


def test_the_policy_allows_styles_and_fonts_from_the_server_only(voila: str) -> None:
    with urllib.request.urlopen(voila + PAGE, timeout=60) as response:
        policy = response.headers["Content-Security-Policy"]
    rules = dict(rule.strip().split(" ", 1) for rule in policy.split(";"))
    assert rules["style-src"].split() == ["'self'", "'unsafe-inline'"]
    assert rules["font-src"].split() == ["'self'", "data:"]
    assert rules["frame-ancestors"] == "'self'"  # Jupyter's own default kept
