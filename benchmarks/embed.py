"""How long an embedded calculator takes to become ready, against a bare page that loads
the same bundled Pyodide, measured in the same run.

``python -m benchmarks.embed [--runs 7] [--write]`` writes every calculator with
``--pyodide node_modules/pyodide`` and a bare page (Pyodide alone, ``1 + 1``) into a
temporary folder, serves it from 127.0.0.1, and opens each page in headless Chromium with
every other address blocked (offline). A run is a cold load: a fresh browser context, so
nothing is cached. "Ready" is ``performance.now()`` (milliseconds since the navigation
began) when the page sets ``data-state="ready"``: for a calculator, Pyodide loaded, the
wheel unpacked, the calculators imported and the first calculation shown. The pages take
turns within each run, so that a busy machine slows them alike; the ratio of the medians
is the calculator's cost over Pyodide's own. A reload in the same context (HTTP cache
warm) is measured too. ``--write`` writes ``benchmarks/EMBED.md``.

>>> summary([3.0, 1.0, 2.0])
(2.0, 1.0, 3.0)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

from bluffmath.embed.calculators import CALCULATORS
from bluffmath.embed.site import write_site

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
EMBED = Path(__file__).with_name("EMBED.md")
CHROMIUM = os.environ.get("BLUFFMATH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BARE = "bare-pyodide"
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title>
<script type="module">
const indexURL = new URL("pyodide/", document.baseURI).href;
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL });
pyodide.runPython("1 + 1");
window.bluffmathReady = performance.now();
document.body.dataset.state = "ready";
</script></head><body data-state="loading"></body></html>
"""
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".whl": "application/zip", ".zip": "application/zip", ".json": "application/json",
         ".html": "text/html", ".css": "text/css"}


class _Quiet(SimpleHTTPRequestHandler):
    """A static file server with the MIME types Pyodide needs, and no log on stderr."""

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1 in a thread; yield the base URL (ends with /)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def offline(context: object, base: str) -> list[str]:
    """Let ``context`` (a Playwright browser context) fetch only from ``base``; every other
    request is aborted and its address kept in the returned list."""
    blocked: list[str] = []

    def route(r: object) -> None:
        url = r.request.url  # type: ignore[attr-defined]
        if url.startswith(base):
            r.continue_()  # type: ignore[attr-defined]
        else:
            blocked.append(url)
            r.abort()  # type: ignore[attr-defined]

    context.route("**/*", route)  # type: ignore[attr-defined]
    return blocked


def write(folder: Path, pyodide: Path = PYODIDE) -> Path:
    """Every calculator with a bundled Pyodide, and the bare page, in ``folder``."""
    write_site(folder, "all", pyodide)
    (folder / f"{BARE}.html").write_text(BARE_PAGE, encoding="utf-8")
    return folder


def load(browser: object, url: str, timeout: float = 120_000) -> tuple[float, float]:
    """Milliseconds until ``url`` is ready, cold (a fresh context) and then reloaded (warm)."""
    context = browser.new_context()  # type: ignore[attr-defined]
    try:
        offline(context, url.split("/", 3)[0] + "//" + url.split("/", 3)[2] + "/")
        page = context.new_page()
        times = []
        for go in (lambda: page.goto(url), lambda: page.reload()):
            go()
            page.wait_for_function("document.body.dataset.state === 'ready'", timeout=timeout)
            times.append(float(page.evaluate("window.bluffmathReady")))
        return times[0], times[1]
    finally:
        context.close()


def measure(runs: int, names: Sequence[str] = (BARE, *CALCULATORS)) -> dict[str, list[tuple[float, float]]]:
    """``runs`` cold loads (and reloads) of each page, the pages taking turns in every run."""
    from playwright.sync_api import sync_playwright

    results: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as folder, serve(write(Path(folder))) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            load(browser, f"{base}{BARE}.html")  # untimed: the first start of the browser's processes
            for run in range(runs):
                for name in names:
                    results[name].append(load(browser, f"{base}{name}.html"))
                print(f"  run {run + 1} of {runs}", file=sys.stderr, flush=True)
        finally:
            browser.close()
    return results


def summary(times: Sequence[float]) -> tuple[float, float, float]:
    """Median, best and worst."""
    return statistics.median(times), min(times), max(times)


def report(results: dict[str, list[tuple[float, float]]]) -> list[str]:
    """The Markdown table: each page's cold and warm ready time, and the ratio to the bare page."""
    bare = statistics.median(cold for cold, _ in results[BARE])
    lines = ["| page | cold: median (best-worst) | reload: median | cold vs bare Pyodide (medians) |",
             "|---|---|---|---|"]
    for name, times in results.items():
        cold, best, worst = summary([c for c, _ in times])
        warm = statistics.median(w for _, w in times)
        ratio = "baseline" if name == BARE else f"{cold / bare:.2f}x ({cold - bare:+.0f} ms)"
        lines.append(f"| {name} | {cold / 1000:.2f} s ({best / 1000:.2f}-{worst / 1000:.2f} s) "
                     f"| {warm / 1000:.2f} s | {ratio} |")
    return lines


def page_report(title: str, command: str, about: str, start_load: float, body: list[str],
                left_out: tuple[str, ...] = ("caches",)) -> str:
    """A browser benchmark's results file: ``title``, the ``command`` that wrote it, what was
    measured (``about``), the machine (without the lines naming ``left_out``) and the load
    from ``start_load`` to now, then ``body``."""
    from benchmarks.report import machine

    loads = (f"- load average (1 min): {start_load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end, "
             f"on {os.cpu_count()} cores (other work slows the pages; the ratios less than the times)")
    module = command.split()[2]
    return "\n".join([f"# {title}", "", f"Written by `{command}`; see `{module.replace('.', '/')}.py`. {about}", "",
                      *(line for line in machine() if not any(word in line for word in left_out)), loads, "",
                      *body, ""])


def emit(text: str, path: Path, write: bool) -> None:
    """Print ``text``, and with ``write`` write it to ``path`` too."""
    print(text)
    if write:
        path.write_text(text, encoding="utf-8")
        print(f"written to {path}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: measure, print the report, and write EMBED.md with ``--write``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.embed", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="cold loads of each page (default 7)")
    parser.add_argument("--write", action="store_true", help=f"also write {EMBED.name}")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    results = measure(args.runs)
    emit(page_report(
        "Embedded calculators: time until ready", f"python -m benchmarks.embed --runs {args.runs} --write",
        "Headless Chromium, Pyodide bundled and served from 127.0.0.1, every other address blocked; "
        "each load in a fresh browser context (cold), then a reload (warm HTTP cache). Ready: "
        "Pyodide started, the wheel unpacked, the calculators imported, the first answer shown.",
        load, report(results)), EMBED, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
