"""axe-core in the browser tests: a page's WCAG 2.2 AA violations, as a test reads them.

axe-core comes from the npm registry through the project's own ``package.json`` (``make``
runs ``npm ci``); without it the tests that use it fail (never skip). Each check runs the
rules tagged ``wcag2a``, ``wcag2aa``, ``wcag21a``, ``wcag21aa`` and ``wcag22aa`` and fails on
every violation, but for the barriers :data:`OPEN` names (each with why it is still there
and what will mend it): a new violation, or an old one on another element, fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
#: Barriers still open (issue 43), by axe rule and a piece of the elements' HTML: why.
OPEN: dict[tuple[str, str], str] = {
    ("aria-input-field-name", "noUi-handle"):
        "ipywidgets 8.1.9 (the newest) draws a slider's handle (noUiSlider) with no name: the "
        "slider's description is a label the handle does not point to. To mend: a name on the "
        "handle from the front end, or a labelled number box instead of the slider.",
    # JupyterLab's own interface, as JupyterLite 0.8 ships it (the lessons' site): upstream.
    # To mend: upstream fixes, or the lessons under Voila's plain pages (which pass).
    ("aria-allowed-attr", "<jp-button"):
        "JupyterLab's toolbar buttons (the Jupyter toolkit's jp-button) carry aria-pressed on an "
        "element without a button role.",
    ("aria-input-field-name", 'class="cm-content'):
        "JupyterLab's cell editors (CodeMirror 6) are text boxes without a name.",
    ("aria-required-children", 'role="feed"'):
        "JupyterLab's list of cells is a feed whose cells are not articles.",
    ("button-name", "jp-collapseHeadingButton"):
        "JupyterLab's button that folds a heading's cells has no name.",
    ("link-name", '/tree" target="_blank" rel="noopener noreferrer" class="lm-Widget'):
        "JupyterLab's logo, a link to the file browser, has no name (the lessons' first page "
        "has named links to every notebook).",
    ("scrollable-region-focusable", 'id="rendered_cells"'):
        "Voilà's own page (its template's cell container) scrolls and cannot take the focus "
        "when a notebook's output is taller than the window. To mend: a Voilà template of the "
        "project's own.",
}


def violations(page: Any, within: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations of :data:`TAGS` on ``page`` (or inside the ``within`` selector):
    each with its rule id, impact, help and every element it names (selector and HTML)."""
    assert AXE.is_file(), f"axe-core is not installed ({AXE}): run `npm ci` (make does)"
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")  # not a script tag: the pages' CSP forbids one
    return page.evaluate("""async ([tags, within]) => {
        const result = await axe.run(within ? document.querySelector(within) : document,
                                     {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html, summary: n.failureSummary}))}));
    }""", [list(TAGS), within])


def _open(rule: str, node: dict[str, str]) -> bool:
    return any(rule == r and piece in node["html"] for r, piece in OPEN)


def barriers_of(page: Any, where: str, within: str | None = None) -> list[str]:
    """Each violation on ``page`` but the open barriers (:data:`OPEN`), in words that begin
    with ``where``."""
    left = [(v, [n for n in v["nodes"] if not _open(v["id"], n)]) for v in violations(page, within)]
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']} - "
            + "; ".join(f"{n['target']}: {n['summary']}" for n in nodes[:3]) for v, nodes in left if nodes]


def assert_accessible(page: Any, where: str, within: str | None = None) -> None:
    """No violation on ``page`` but the open barriers (:data:`OPEN`); ``where`` names the
    page in the failure."""
    said = barriers_of(page, where, within)
    assert not said, " | ".join(said)
