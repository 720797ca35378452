"""axe-core in the browser tests: a page's WCAG 2.2 AA violations, as a test reads them.

axe-core comes from the npm registry through the project's own ``package.json`` (``make``
runs ``npm ci``); without it the tests that use it fail (never skip). Each check runs the
rules tagged ``wcag2a``, ``wcag2aa``, ``wcag21a``, ``wcag21aa`` and ``wcag22aa`` and fails on
any critical or serious violation, and on a moderate or minor one that :data:`EXPLAINED`
does not name with its reason (none is left on the pages checked so far).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
#: Moderate or minor violations left, by rule id: why (the statement says the same).
EXPLAINED: dict[str, str] = {}


def violations(page: Any, within: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations of :data:`TAGS` on ``page`` (or inside the ``within`` selector):
    each with its rule id, impact, help and the first few elements it names."""
    assert AXE.is_file(), f"axe-core is not installed ({AXE}): run `npm ci` (make does)"
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")  # not a script tag: the pages' CSP forbids one
    found = page.evaluate("""async ([tags, within]) => {
        const result = await axe.run(within ? document.querySelector(within) : document,
                                     {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': '
                                                                               + n.failureSummary)}));
    }""", [list(TAGS), within])
    return found


def assert_accessible(page: Any, where: str, within: str | None = None) -> None:
    """No critical or serious violation on ``page``, and no other one that is not explained;
    ``where`` names the page in the failure."""
    left = [v for v in violations(page, within) if v["impact"] in ("critical", "serious") or v["id"] not in EXPLAINED]
    assert not left, f"{where}: " + "; ".join(f"{v['id']} ({v['impact']}): {v['help']} - {v['nodes']}" for v in left)
