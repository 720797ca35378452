"""How long a lesson of the JupyterLite site (``make lite``) takes to open: to an idle
kernel, and to its first cells run, against a bare notebook in a JupyterLite site left at
the kernel's defaults, with the same Pyodide, measured in the same run.

``python -m benchmarks.lite [--runs 3] [--write]`` builds two sites into a temporary folder
with lite/build.py: the site as ``make lite`` builds it, and a baseline built with the
kernel's defaults (``fast=False``: the kernel installs its packages one by one at start,
from wheels that hold no bytecode, and Pyodide's standard library is its own zip, sources
only). It serves both from 127.0.0.1 and opens pages in headless Chromium with every other
address blocked (offline), each in a fresh browser context (a cold open: nothing cached):

- ``baseline``: a notebook holding ``1 + 1`` only, in the baseline site;
- ``bare``: the same notebook in the site as built;
- ``lesson-baseline``: a lesson (``LESSON``) in the baseline site;
- ``lesson``: the same lesson in the site as built.

Times are from the navigation's start: "idle" when JupyterLab's status bar first reads
"Idle" (the kernel started), then Run All Cells, and "first cells" when the first two code
cells have run (for a lesson: the install cell, which loads bluffmath, ipywidgets and
sympy, and the lesson's imports). The pages take turns within each run, so that a busy
machine slows them alike. ``--write`` writes ``benchmarks/LITE.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.embed import CHROMIUM, CHROMIUM_ARGS, emit, offline, page_report, serve, summary

ROOT = Path(__file__).resolve().parent.parent
LITE = Path(__file__).with_name("LITE.md")
LESSON = "lessons/solutions/05-gauner-deduction.ipynb"
BARE = "bare.ipynb"
PAGES = ("baseline", "bare", "lesson-baseline", "lesson")
TIMEOUT = 300_000  # ms
IDLE = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => e.textContent.includes('| Idle')) && performance.now()"""
RAN = """(n) => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].slice(0, n);
  return prompts.length === n && prompts.every(p => /\\[\\d+\\]/.test(p.textContent)) && performance.now();
}"""


def _lite_build() -> object:
    """lite/build.py as a module (lite/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def bare_notebook() -> dict:
    """A notebook with one code cell, ``1 + 1``.

    >>> [c["source"] for c in bare_notebook()["cells"]]
    ['1 + 1']
    """
    cell = {"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {},
            "outputs": [], "source": "1 + 1"}
    kernel = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    return {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


def sites(folder: Path) -> dict[str, tuple[Path, str]]:
    """Build the site and the baseline into ``folder``: each page's site and notebook path.
    The bare notebook keeps only ``1 + 1`` (the build puts an install cell first)."""
    lite = _lite_build()
    notebooks = folder / "notebooks"
    (notebooks / Path(LESSON).parent).mkdir(parents=True)
    (notebooks / LESSON).write_bytes((ROOT / "notebooks" / LESSON).read_bytes())
    (notebooks / BARE).write_text(json.dumps(bare_notebook()), encoding="utf-8")
    built = {fast: lite.build(folder / ("site" if fast else "baseline"), notebooks=notebooks, fast=fast,
                              solutions=True)  # LESSON is a solution copy
             for fast in (True, False)}
    for site in built.values():
        (site / "files" / BARE).write_text(json.dumps(bare_notebook()), encoding="utf-8")
    return {"baseline": (built[False], BARE), "bare": (built[True], BARE),
            "lesson-baseline": (built[False], LESSON), "lesson": (built[True], LESSON)}


def open_page(browser: object, base: str, path: str) -> tuple[float, float]:
    """Milliseconds from a cold open of ``path`` to the kernel idle, and to its first
    (at most two) code cells run after Run All Cells."""
    context = browser.new_context(viewport={"width": 1200, "height": 1600})  # type: ignore[attr-defined]
    try:
        blocked = offline(context, base)
        page = context.new_page()
        page.goto(f"{base}lab/index.html?path={path}", timeout=TIMEOUT)
        idle = page.wait_for_function(IDLE, timeout=TIMEOUT, polling=50).json_value()
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        cells = min(2, page.locator(".jp-CodeCell").count())
        ran = page.wait_for_function(RAN, arg=cells, timeout=TIMEOUT, polling=50).json_value()
        if blocked:
            raise RuntimeError(f"{path} asked for addresses outside the site: {blocked[:3]}")
        return float(idle), float(ran)
    finally:
        context.close()


def measure(runs: int) -> dict[str, list[tuple[float, float]]]:
    """``runs`` cold opens of each page, the pages taking turns in every run."""
    from playwright.sync_api import sync_playwright

    results: dict[str, list[tuple[float, float]]] = {name: [] for name in PAGES}
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack, \
            sync_playwright() as playwright:
        pages = sites(Path(folder))
        bases = {site: stack.enter_context(serve(site)) for site, _ in pages.values()}
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            open_page(browser, bases[pages["bare"][0]], BARE)  # untimed: the browser's first start
            for run in range(runs):
                for name in PAGES:
                    site, path = pages[name]
                    results[name].append(open_page(browser, bases[site], path))
                print(f"  run {run + 1} of {runs}", file=sys.stderr, flush=True)
        finally:
            browser.close()
    return results


def _seconds(times: Sequence[float]) -> str:
    median, best, worst = summary(times)
    return f"{median / 1000:.1f} s ({best / 1000:.1f}-{worst / 1000:.1f} s)"


def report(results: dict[str, list[tuple[float, float]]]) -> list[str]:
    """The Markdown table: each page's time to idle and to its first cells run."""
    lines = ["| page | kernel idle: median (best-worst) | first cells run: median (best-worst) "
             "| idle vs the same page at the kernel's defaults (medians) |", "|---|---|---|---|"]
    what = {"baseline": f"`{BARE}` (`1 + 1`), the kernel's defaults (baseline)",
            "bare": f"`{BARE}` (`1 + 1`), the site as built",
            "lesson-baseline": f"lesson `{LESSON}`, the kernel's defaults (baseline)",
            "lesson": f"lesson `{LESSON}`, the site as built"}
    for name, times in results.items():
        idle = statistics.median(i for i, _ in times)
        if name.endswith("baseline"):
            ratio = "baseline"
        else:
            base = statistics.median(i for i, _ in results["baseline" if name == "bare" else f"{name}-baseline"])
            ratio = f"{base / idle:.2f}x faster ({idle - base:+.0f} ms)"
        lines.append(f"| {what[name]} | {_seconds([i for i, _ in times])} | {_seconds([r for _, r in times])} "
                     f"| {ratio} |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: measure, print the report, and write LITE.md with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lite", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold opens of each page (default 3)")
    parser.add_argument("--write", action="store_true", help=f"also write {LITE.name}")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    results = measure(args.runs)
    emit(page_report(
        "JupyterLite: a lesson's time to an idle kernel", f"python -m benchmarks.lite --runs {args.runs} --write",
        "Headless Chromium, the sites served from 127.0.0.1, every other address blocked; each "
        "open in a fresh browser context (cold). Idle: the status bar first reads Idle. First "
        "cells run: after Run All Cells, the first two code cells have run (for the lesson: "
        "bluffmath, ipywidgets and sympy installed from the site, and the lesson's imports). "
        "The baseline is a JupyterLite site with the kernel's defaults and the same Pyodide: its "
        "packages installed one by one at start, no bytecode in the wheels or in the standard library.",
        load, report(results), left_out=("caches", "icepool")), LITE, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
