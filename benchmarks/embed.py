"""How soon an embedded calculator answers: the first answer on the screen, a changed
input answered once Python is ready, and whether the page freezes while Python starts;
against the page as it was (Pyodide on the page's thread, the first answer only once Pyodide
has loaded), measured in the same run on the same random inputs.

``python -m benchmarks.embed [--runs 5] [--changes 4] [--write]`` writes every calculator
with ``--pyodide node_modules/pyodide`` into a temporary folder, and beside each a baseline
page (:data:`MAIN_THREAD`: what a competent user would write, and what the page did before
it carried its answer: the same form, Pyodide and the core's wheel loaded on the page's
thread, the answer rendered once Python is ready). It serves the folder from 127.0.0.1 and
opens each page in headless Chromium with every other address blocked (offline), each load
in a fresh browser context (a cold cache). On every page a probe (an init script) watches
each animation frame:

- *first answer*: the frame (``performance.now()`` since the navigation began) in which
  the answer to the form's own values is on the screen, its exact fraction the core's;
- *ready*: Python started in the browser and the first live answer given (this page: the
  written answer checked against it);
- *while loading, the longest frame gap and the longest task*: the longest time between two
  animation frames before ready, and the longest task of the page's thread (the Long Tasks
  API); a page whose thread is busy (Pyodide starting on it) draws no frame and answers no
  key press meanwhile;
- *a changed input*: once ready, the form is given inputs drawn at random (:func:`inputs`,
  seeded; some are refused, as a reader's would be) and a change event; the time to the
  frame that shows the core's answer for them (or its message), checked against the core
  called here.

The calculators and the two pages take turns within each run, so that a busy machine slows
them alike. ``--write`` writes ``benchmarks/EMBED.md``.

>>> summary([3.0, 1.0, 2.0])
(2.0, 1.0, 3.0)
>>> sorted(inputs("hochstapler-odds", random.Random(1)))
['call', 'face_up', 'own', 'players']
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import random
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from string import Template
from typing import Any, ClassVar

from bluffmath.embed.calculators import CALCULATORS, calculate_json
from bluffmath.embed.site import form_html, write_site
from bluffmath.embed.wheel import wheel_name

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
EMBED = Path(__file__).with_name("EMBED.md")
CHROMIUM = os.environ.get("BLUFFMATH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BASELINE = "-main-thread"
"""The suffix of a calculator's baseline page: ``hochstapler-odds-main-thread.html``."""
MAIN_THREAD = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title (Pyodide on the page's thread)</title>
<link rel="stylesheet" href="bluffmath-embed.css">
<script type="module">
const body = document.body;
const form = document.querySelector("form");
const find = (selector) => document.querySelector(selector);
const indexURL = new URL("pyodide/", document.baseURI).href;
const wheel = fetch("$wheel").then((response) => response.arrayBuffer());
const { loadPyodide } = await import(`$${indexURL}pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL });
pyodide.unpackArchive(await wheel, "wheel");
const calculate = pyodide.pyimport("bluffmath.embed.calculators").calculate_json;
const cell = (tag, text) => Object.assign(document.createElement(tag), { textContent: text });
function tableOf(data) {
  const table = document.createElement("table");
  table.append(cell("caption", data.caption));
  const head = table.createTHead().insertRow();
  for (const name of data.header) head.append(cell("th", name));
  const rows = table.createTBody();
  for (const row of data.rows) {
    const line = rows.insertRow();
    row.forEach((text, i) => line.append(cell(i === 0 ? "th" : "td", text)));
  }
  return table;
}
function showSeats() {
  for (const set of form.querySelectorAll("[data-needs-players]")) {
    set.hidden = Number(form.elements.players.value) < Number(set.dataset.needsPlayers);
  }
}
function run() {
  const shown = [...form.elements].filter((e) => e.name && !e.closest("[hidden]"));
  const sent = Object.fromEntries(shown.map((e) => [e.name, e.value]));
  const out = JSON.parse(calculate("$name", JSON.stringify(sent)));
  find(".error").hidden = !out.error;
  find(".error").textContent = out.error ?? "";
  find(".result").hidden = Boolean(out.error);
  if (out.error) return;
  find(".answer .label").textContent = out.answer.label;
  find(".answer .fraction").textContent = out.answer.fraction;
  find(".answer .approx").textContent = `(about $${out.answer.decimal}, $${out.answer.percent})`;
  find(".lines").replaceChildren(...out.lines.map((line) => cell("li", line)));
  find(".tables").replaceChildren(...out.tables.map(tableOf));
  find(".details").textContent = out.details;
}
form.addEventListener("change", (event) => {
  if (event.target.name === "players") showSeats();
  run();
});
form.addEventListener("submit", (event) => { event.preventDefault(); run(); });
showSeats();
run();
find(".status").hidden = true;
window.bluffmathReady = performance.now();
body.dataset.state = "ready";
</script></head>
<body data-state="loading"><main><h1>$title</h1>
$form
<p class="status">loading…</p>
<p class="error" hidden></p>
<section class="result" hidden>
<p class="answer"><span class="label"></span> = <output class="fraction"></output> <span class="approx"></span></p>
<ul class="lines"></ul><div class="tables"></div><pre class="details"></pre>
</section></main></body></html>
""")
"""The baseline page for a calculator ($$name, $$title, $$form, $$wheel)."""
PROBE = """(() => {
  const want = %s;
  const probe = { first: null, maxGap: 0, frames: 0 };
  window.bluffmathProbe = probe;
  let last = null; // the previous frame's time, while the page was loading
  function frame() {
    const now = performance.now(); // not the frame's timestamp: after a busy thread it is stale
    const body = document.body;
    if (last !== null) probe.maxGap = Math.max(probe.maxGap, now - last);
    last = !body || body.dataset.state === "loading" ? now : null;
    probe.frames += 1;
    if (probe.first === null && body) {
      const result = document.querySelector(".result");
      const fraction = document.querySelector(".result .fraction");
      if (result && !result.hidden && fraction.textContent === want) probe.first = now;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  probe.tasks = []; // the page's thread's long tasks (over 50 ms): [start, duration]
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) probe.tasks.push([task.startTime, task.duration]);
  }).observe({ type: "longtask", buffered: true });
})();"""
"""Watches every animation frame: the first in which the answer ``want`` is on the screen,
and the longest gap between two frames while the page is loading; and keeps the page's
long tasks (``probe.tasks``)."""
CHANGE = """async ([values, want]) => {
  const form = document.querySelector("form.bluffmath-form");
  for (const [name, value] of Object.entries(values)) form.elements[name].value = value;
  const start = performance.now();
  form.elements.players.dispatchEvent(new Event("change", { bubbles: true }));
  const result = document.querySelector(".result");
  const error = document.querySelector(".error");
  const answered = () => document.body.dataset.answer !== "computing" && (want.error === undefined
    ? !result.hidden && document.querySelector(".result .fraction").textContent === want.fraction
    : result.hidden && !error.hidden && error.textContent === want.error);
  for (;;) {
    await new Promise(requestAnimationFrame);
    const now = performance.now(); // the frame about to be drawn (its own timestamp may be stale)
    if (answered()) return now - start;
    if (now - start > 60000) return null;
  }
}"""
"""Gives the form ``values``, sends a change event, and returns the milliseconds to the frame
showing ``want`` (``{fraction}`` or ``{error}``): ``null`` after a minute."""
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".whl": "application/zip", ".zip": "application/zip", ".json": "application/json",
         ".html": "text/html", ".css": "text/css"}


class _Quiet(SimpleHTTPRequestHandler):
    """A static file server with the MIME types Pyodide needs, and no log on stderr."""

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    """A server that says nothing when a browser drops a connection (a page closed mid-request)."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1 in a thread; yield the base URL (ends with /)."""
    server = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
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
    """Every calculator with a bundled Pyodide, and beside each its baseline page, in ``folder``."""
    write_site(folder, "all", pyodide)
    return write_baselines(folder)


def write_baselines(folder: Path) -> Path:
    """Beside each calculator of a site written with a bundled Pyodide, its baseline page."""
    for name, calc in CALCULATORS.items():
        page = MAIN_THREAD.substitute(name=name, title=calc.title, form=form_html(calc), wheel=wheel_name())
        (folder / f"{name}{BASELINE}.html").write_text(page, encoding="utf-8")
    return folder


# --- inputs drawn at random, as readers type them (some refused, as readers' are) -----------

def _hochstapler(rng: random.Random) -> dict[str, str]:
    from bluffmath.hochstapler.rules import MAX_PLAYERS, MIN_PLAYERS, VALUES
    return {"players": str(rng.randint(MIN_PLAYERS, MAX_PLAYERS)),
            "own": rng.choice(["", *map(str, VALUES)]),
            "face_up": ",".join(str(rng.choice(VALUES)) for _ in range(rng.randint(0, 4))),
            "call": str(rng.randint(0, 40))}


def _gauner(rng: random.Random) -> dict[str, str]:
    from bluffmath import gauner
    players = rng.randint(2, 4)
    positions = [p for p, _ in gauner.random_positions(players, seed=rng.randrange(1000))]
    position = rng.choice(positions)
    data = position.to_json()
    values = {"players": str(players), "hand": " ".join(data["hand"]),
              "seat": str(rng.randint(1, players - 1)),
              "cell": gauner.GRID.name(rng.choice(position.unknown)) if position.unknown else "red-A"}
    for seat in range(4):
        table = data["tables"][seat] if seat < players else {"numbers": {}, "laid": [], "not_mine": []}
        values[f"numbers{seat}"] = ", ".join(f"{c}={n}" for c, n in table["numbers"].items())
        values[f"laid{seat}"] = " ".join(table["laid"])
        values[f"notmine{seat}"] = " ".join(table["not_mine"])
    return values


def _hoax(rng: random.Random) -> dict[str, str]:
    from bluffmath.hoax import edition
    roles = edition("original").roles
    players = rng.randint(3, 6)
    claims = [f"{rng.randint(1, players - 1)}:{rng.choice(roles)}" for _ in range(rng.randint(0, 4))]
    return {"edition": "original", "players": str(players), "mine": rng.choice(["", *roles]),
            "claims": ", ".join(claims), "silent": "", "not": "", "revealed": "",
            "honest": rng.choice(["1", "9/10", "3/4"]), "bluff": rng.choice(["1/3", "1/5", "1/4"]),
            "player": str(rng.randint(1, players - 1)), "role": rng.choice(roles)}


def _muenchhausen(rng: random.Random) -> dict[str, str]:
    from bluffmath.muenchhausen.rules import MAX_PLAYERS
    before = [rng.choice(["b3", "b5", "r", "d4:6", "d6:2"]) for _ in range(rng.randint(0, 2))]
    return {"players": str(rng.randint(3, MAX_PLAYERS)),
            "model": rng.choice(["uniform", "lowest-enough", "random-enough"]),
            "offer": str(rng.randint(1, 8)), "before": " ".join(before),
            "hand": rng.choice(["1 2 3 4 5 6 7 8", "2 4 6", ""])}


INPUTS = {"hochstapler-odds": _hochstapler, "gauner-grid": _gauner, "hoax-identities": _hoax,
          "muenchhausen-card": _muenchhausen}


def inputs(name: str, rng: random.Random) -> dict[str, str]:
    """Every field of calculator ``name``, drawn at random: menus from their options, text
    as a reader might type it (a Gauner raus! position from a random game)."""
    return INPUTS[name](rng)


def expected(name: str, values: dict[str, str]) -> dict[str, str]:
    """The core's answer for ``values``, as the page shows it: ``{"fraction": "p/q"}`` or
    ``{"error": message}``."""
    out = json.loads(calculate_json(name, json.dumps(values)))
    return {"error": out["error"]} if "error" in out else {"fraction": out["answer"]["fraction"]}


# --- one page, loaded cold --------------------------------------------------------------

@dataclass
class Load:
    """One cold load of a page: milliseconds since the navigation began to the first answer
    on the screen and to ready, the longest frame gap and the longest task of the page's thread
    before ready, and each changed input's milliseconds to its answer."""

    first: float
    ready: float
    gap: float
    task: float = 0.0
    changes: list[float] = field(default_factory=list)


def load(browser: Any, url: str, name: str, changes: Sequence[dict[str, str]] = (),
         timeout: float = 120_000) -> Load:
    """Open ``url`` (calculator ``name``'s page, or its baseline) cold and offline, wait until
    it is ready, then give it each of ``changes`` in turn."""
    context = browser.new_context()
    try:
        base = url.split("/", 3)
        blocked = offline(context, f"{base[0]}//{base[2]}/")
        want = expected(name, CALCULATORS[name].defaults())["fraction"]
        context.add_init_script(script=PROBE % json.dumps(want))
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.body.dataset.state !== 'loading'", timeout=timeout)
        page.wait_for_function("window.bluffmathProbe.first !== null", timeout=10_000)
        state, ready, probe = page.evaluate(
            "[document.body.dataset.state, window.bluffmathReady, window.bluffmathProbe]")
        if state != "ready":
            raise RuntimeError(f"{url} did not start: {page.inner_text('.status')}")
        task = max((d for start, d in probe["tasks"] if start < ready), default=0.0)
        result = Load(float(probe["first"]), float(ready), float(probe["maxGap"]), float(task))
        for values in changes:
            took = page.evaluate(CHANGE, [values, expected(name, values)])
            if took is None:
                raise RuntimeError(f"{url} did not show the core's answer to {values} within a minute")
            result.changes.append(float(took))
        if blocked:
            raise RuntimeError(f"{url} asked for addresses outside 127.0.0.1: {blocked}")
        return result
    finally:
        context.close()


def measure(runs: int, changes: int = 4, names: Sequence[str] = tuple(CALCULATORS),
            seed: int = 34) -> dict[str, dict[str, list[Load]]]:
    """``runs`` cold loads of each calculator's page and of its baseline, each given the same
    ``changes`` random inputs: ``{name: {"page": [...], "baseline": [...]}}``."""
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    results: dict[str, dict[str, list[Load]]] = {name: {"page": [], "baseline": []} for name in names}
    with tempfile.TemporaryDirectory() as folder, serve(write(Path(folder))) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            load(browser, f"{base}{names[0]}.html", names[0])  # untimed: the browser's first start
            for run in range(runs):
                for name in names:
                    drawn = [inputs(name, rng) for _ in range(changes)]
                    pages = [("page", f"{name}.html"), ("baseline", f"{name}{BASELINE}.html")]
                    for which, file in pages if run % 2 == 0 else pages[::-1]:
                        results[name][which].append(load(browser, base + file, name, drawn))
                print(f"  run {run + 1} of {runs}", file=sys.stderr, flush=True)
        finally:
            browser.close()
    return results


def summary(times: Sequence[float]) -> tuple[float, float, float]:
    """Median, best and worst."""
    return statistics.median(times), min(times), max(times)


def _s(ms: float) -> str:
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms"


FIRST_FLOOR, CHANGE_FLOOR = 1000.0, 300.0
"""The floors (ms): the first answer on the screen, and a changed input answered once ready."""


def report(results: dict[str, dict[str, list[Load]]]) -> list[str]:
    """The Markdown table (medians, worst in brackets) and the floors, met or not."""
    lines = ["| calculator | page | first answer on the screen | ready (Python started) "
             "| a changed input answered | while loading: longest frame gap; longest task |",
             "|---|---|---|---|---|---|"]
    firsts, changed = [], []
    for name, pages in results.items():
        for which, label in (("page", "this page"), ("baseline", "baseline: Pyodide on the page's thread")):
            loads = pages[which]
            first, _, first_worst = summary([x.first for x in loads])
            ready, _, ready_worst = summary([x.ready for x in loads])
            gap, _, gap_worst = summary([x.gap for x in loads])
            task, _, task_worst = summary([x.task for x in loads])
            moves = [t for x in loads for t in x.changes]
            move = f"{_s(statistics.median(moves))} ({_s(max(moves))}; {len(moves)} inputs)" if moves else "–"
            lines.append(f"| {name} | {label} | {_s(first)} ({_s(first_worst)}) | {_s(ready)} ({_s(ready_worst)}) "
                         f"| {move} | {_s(gap)} ({_s(gap_worst)}); {_s(task)} ({_s(task_worst)}) |")
            if which == "page":
                firsts += [x.first for x in loads]
                changed += moves
    verdict = lambda ok: "met" if ok else "**not met**"  # noqa: E731
    lines += ["", "- first answer sooner than the baseline's (medians): " + ", ".join(
        f"{name} {_ratio(pages)}" for name, pages in results.items())]
    lines += [f"- first answer on the screen < {_s(FIRST_FLOOR)}: {verdict(max(firsts) < FIRST_FLOOR)} "
              f"(worst {_s(max(firsts))} over {len(firsts)} cold loads)"]
    if changed:
        lines.append(f"- a changed input answered < {_s(CHANGE_FLOOR)} once ready: median "
                     f"{verdict(statistics.median(changed) < CHANGE_FLOOR)} ({_s(statistics.median(changed))}), "
                     f"worst {verdict(max(changed) < CHANGE_FLOOR)} ({_s(max(changed))}) over {len(changed)} inputs")
    return lines


def _ratio(pages: dict[str, list[Load]]) -> str:
    """How many times sooner this page's first answer came than the baseline's (medians)."""
    page, baseline = (statistics.median(x.first for x in pages[w]) for w in ("page", "baseline"))
    return f"{baseline / page:.0f}x"


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
    parser.add_argument("--runs", type=int, default=5, help="cold loads of each page (default 5)")
    parser.add_argument("--changes", type=int, default=4, help="random inputs given to each load (default 4)")
    parser.add_argument("--write", action="store_true", help=f"also write {EMBED.name}")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    results = measure(args.runs, args.changes)
    emit(page_report(
        "Embedded calculators: how soon they answer",
        f"python -m benchmarks.embed --runs {args.runs} --changes {args.changes} --write",
        "Headless Chromium, Pyodide bundled and served from 127.0.0.1, every other address blocked; "
        "each load in a fresh browser context (cold cache). This page: the answer for the form's own "
        "values written into the page, Pyodide in a Web Worker. Baseline: the same form, with Pyodide "
        "and the core loaded on the page's thread and the answer rendered once they are ready (the page "
        "before issue 34). Times in ms since the navigation began (first answer, ready) or since the "
        "change event (a changed input, inputs drawn at random and the same on both pages): medians, "
        "the worst in brackets.",
        load, report(results)), EMBED, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
