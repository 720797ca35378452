"""Click to updated odds, in a real browser, for every play table.

``python -m benchmarks.latency [--clicks N] [--write]`` serves ``notebooks/`` with Voila
(from the repository root, so ``voila.json`` applies), opens each table's notebook in
headless Chromium (``/usr/bin/chromium`` or ``$BLUFFMATH_CHROMIUM``) driven by Playwright,
and plays whole games by clicking, as a person does, until at least ``clicks`` clicks
(default 30) are timed and the game in progress is over. ``--write`` writes
``benchmarks/LATENCY.md``.

*A click.* Before it, the page is quiet (no change for :data:`QUIET` seconds). Inside the
page, a ``MutationObserver`` watches the page; the clock starts just before the button's
``click()`` and stops at the last change of the burst the click sets off (the burst ends
after :data:`QUIET` seconds without a change, or :data:`TIMEOUT`); on the Hochstapler
table, whose bots move 0.6 s after me, at the change that draws its status, which the
table writes last (:attr:`Table.last_drawn`). So the time is from the click to the page
showing everything the click changed: the odds (the ``data-p`` numbers), the status and
the log, drawn. A click the page did not answer
within :data:`TIMEOUT` stops the run. Each click must also change the table's numbers or
its state (checked; else it is counted apart as "no change").

*Moves.* A seeded ``random.Random`` picks: on the Hochstapler table (4 players, the
notebook's bots), a raise by the lowest legal total (typed in the call box before the
clock starts) or, with a call to beat, a doubt with probability 0.3; on the Münchhausen
table and the Hoax table, any legal move of the dropdown (picked before the clock starts), then
*play*; on the Gauner raus! table, the cell with the highest chance (what a person asks), or *Stop*.
Each game starts with *new game* after the seed is set (where the table has a seed box).

*Adapting.* Each table is a :class:`Table`: its notebook, the CSS class of its root, the
JavaScript that says whether it waits for me or is over, and :func:`next_click` (which
returns the button to click). Elements are found by button text, the ``bm-`` classes the
widgets give, and ``data-`` attributes, never by position in the page.

Reported per table: clicks, games, median, p95 (nearest rank), worst, and the issue's goal;
the 1-minute load average at the start and the end (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "LATENCY.md"
CHROMIUM = os.environ.get("BLUFFMATH_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
QUIET = 0.25  # seconds without a change: the burst a click set off is over
TIMEOUT = 30.0  # seconds: a click not answered by then stops the run
SEED = 2026
WAIT = 180_000


@dataclass(frozen=True)
class Table:
    """One play table as the benchmark drives it."""
    name: str
    notebook: str
    root: str  # CSS selector of the table's root element
    waiting: str  # JS: true when the table waits for my click (my turn, idle)
    over: str  # JS: true when the game is over
    goal_median: float | None
    goal_worst: float | None = None
    #: JS expression for what the table draws last; when set, a click is over as soon as
    #: it changes (needed where bots move soon after my move, in a burst of their own).
    last_drawn: str | None = None
    seed: str = ".bm-seed input"  # the seed box's input, where the table has one


HOCHSTAPLER = Table(
    "Hochstapler", "02-play-hochstapler.ipynb", ".bm-status",
    waiting="() => { const s = document.querySelector('.bm-status'); "
            "return !!s && s.innerText.includes('Your turn'); }",
    over="() => { const s = document.querySelector('.bm-status'); "
         "return !!s && s.innerText.includes('game is over'); }",
    goal_median=0.150,
    last_drawn="document.querySelector('.bm-status')?.dataset.view")  # the status comes last
GAUNER = Table(
    "Gauner raus!", "04-play-gauner-raus.ipynb", ".bm-gauner-table",
    waiting="() => !!document.querySelector('.bm-gauner-table button.bm-gcell[data-ask]:not([disabled])')",
    over="() => { const t = document.querySelector('.bm-gauner-table'); return !!t && "
         "/game over|wins|won/i.test(t.innerText) && "
         "!t.querySelector('button.bm-gcell[data-ask]:not([disabled])'); }",
    goal_median=0.300, goal_worst=1.0)
MUENCHHAUSEN = Table(
    "Münchhausen", "06-play-muenchhausen.ipynb", ".bm-mh-table",
    waiting="() => { const s = document.querySelector('.bm-mh-table .bm-mh-state'); "
            "return !!s && s.dataset.toAct === s.dataset.me && "
            "!!document.querySelector('.bm-mh-table .bm-mh-moves select option'); }",
    over="() => { const s = document.querySelector('.bm-mh-table .bm-mh-state'); "
         "return !!s && s.innerText.includes('game is over'); }",
    goal_median=0.150)
HOAX = Table(
    "Hoax", "07-play-hoax.ipynb", ".bm-hoax-table",
    waiting="() => { const s = document.querySelector('.bm-hoax-table .bm-hoax-state'); "
            "return !!s && s.dataset.mine === '1' && "
            "!!document.querySelector('.bm-hoax-table .bm-hoax-moves select option'); }",
    over="() => { const s = document.querySelector('.bm-hoax-table .bm-hoax-state'); "
         "return !!s && s.innerText.includes('game is over'); }",
    goal_median=None, seed=".bm-hoax-seed input")
TABLES = (HOCHSTAPLER, GAUNER, MUENCHHAUSEN, HOAX)

# The table's numbers and state: a click must change this.
SNAPSHOT = """root => {
    const r = document.querySelector(root)?.closest('.jupyter-widgets') || document.body;
    const top = r.parentElement || r;
    return [...top.querySelectorAll('[data-p], [data-view], [data-moves], .bm-gcell')]
        .map(e => (e.dataset.p || '') + (e.dataset.view || '') + (e.dataset.moves || '') + e.title).join('|');
}"""

# Click ``button`` (found by selector or by its text) and time the burst of changes.
TIMED_CLICK = """async ([root, selector, text, quiet, timeout, marker]) => {
    const drawn = marker ? new Function('return ' + marker) : null;
    const before = drawn ? drawn() : null;
    let done = false;
    const button = selector ? document.querySelector(selector)
        : [...document.querySelectorAll('button')].find(b => b.textContent.trim() === text && !b.disabled);
    if (!button) return {error: 'no button ' + (selector || text)};
    let first = null, last = null;
    const observer = new MutationObserver(() => {
        if (done) return;
        last = performance.now(); first = first ?? last;
        if (drawn && drawn() !== before) done = true;
    });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    const start = performance.now();
    button.click();
    await new Promise(finish => {
        const tick = () => {
            const now = performance.now();
            if (done || (!drawn && last !== null && now - last >= quiet * 1000)
                || now - start >= timeout * 1000) finish();
            else setTimeout(tick, 10);
        };
        setTimeout(tick, 10);
    });
    observer.disconnect();
    if (drawn && !done) last = null;  // what comes last was never drawn: not answered
    return {seconds: last === null ? null : (last - start) / 1000,
            first: first === null ? null : (first - start) / 1000};
}"""

# Wait until nothing in the page has changed for ``quiet`` seconds.
SETTLE = """async quiet => {
    let last = performance.now();
    const observer = new MutationObserver(() => { last = performance.now(); });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    await new Promise(done => { const tick = () => performance.now() - last >= quiet * 1000 ? done()
                                                   : setTimeout(tick, 20); tick(); });
    observer.disconnect();
}"""


def hochstapler_click(page, rng: random.Random) -> tuple[str | None, str | None]:
    """Doubt (with a call to beat, 3 times in 10) or raise by the lowest legal total."""
    from bluffmath import hochstapler as hs

    view = json.loads(page.locator(".bm-status").get_attribute("data-view"))
    history = [{"call": hs.Call, "exchange": hs.Exchange, "doubt": hs.Doubt}[e.pop("event")](**e)
               for e in (dict(e) for e in view["history"])]
    position = hs.Position(players=view["players"], hand=view["hand"], me=view["me"], history=history)
    totals = position.legal_totals()
    if position.call is not None and (not totals or rng.random() < 0.3):
        return None, "doubt"
    field = page.locator(".bm-call-total input")
    field.fill(str(totals.start))
    field.press("Tab")
    return None, "raise"


def muenchhausen_click(page, rng: random.Random) -> tuple[str | None, str | None]:
    """Any legal move, picked in the dropdown before the clock starts; then *play*."""
    select = page.locator(".bm-mh-table .bm-mh-moves select")
    count = select.evaluate("s => s.options.length")
    select.select_option(index=rng.randrange(count))
    return ".bm-mh-table button.bm-mh-play", None


def gauner_click(page, rng: random.Random) -> tuple[str | None, str | None]:
    """The cell with the highest chance (ties: the first), as a person asks."""
    index = page.evaluate("""() => {
        const cells = [...document.querySelectorAll('.bm-gauner-table button.bm-gcell[data-ask]:not([disabled])')];
        const value = p => { const [a, b] = p.split('/').map(Number); return b ? a / b : a; };
        let best = 0;
        cells.forEach((c, i) => { c.dataset.benchIndex = i; if (value(c.dataset.p) > value(cells[best].dataset.p)) best = i; });
        return best;
    }""")
    return f".bm-gauner-table button.bm-gcell[data-bench-index='{index}']", None


def hoax_click(page, rng: random.Random) -> tuple[str | None, str | None]:
    """Any legal move, picked in the dropdown before the clock starts; then *play* (the bots
    answer at once, and the sheet is recomputed from my view)."""
    select = page.locator(".bm-hoax-table .bm-hoax-moves select")
    count = select.evaluate("s => s.options.length")
    select.select_option(index=rng.randrange(count))
    return ".bm-hoax-table button.bm-hoax-play", None


CLICKS = {HOCHSTAPLER: hochstapler_click, GAUNER: gauner_click, MUENCHHAUSEN: muenchhausen_click,
          HOAX: hoax_click}


def new_game(page, seed: int, box: str = ".bm-seed input") -> None:
    """Set the seed box ``box`` (where the table has one) and press *new game*."""
    seed_box = page.locator(box)
    if seed_box.count():
        if not seed_box.first.is_visible():  # in a closed "Setup" section: open it
            page.locator(".jupyter-widget-Collapse-header", has_text="Setup").first.click()
        seed_box.first.fill(str(seed))
        seed_box.first.press("Tab")
    page.evaluate(SETTLE, QUIET)
    button = page.get_by_role("button", name="new game", exact=False)
    if button.count():
        button.first.click()
    page.evaluate(SETTLE, QUIET)


def wait_for(page, table: Table, seconds: float = 120) -> bool:
    """Wait until the table waits for me (True) or the game is over (False)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate(table.over):
            return False
        if page.evaluate(table.waiting):
            page.evaluate(SETTLE, QUIET)
            if page.evaluate(table.waiting):
                return True
        time.sleep(0.1)
    raise TimeoutError(f"{table.name}: neither my turn nor the end after {seconds} s")


def play(page, base: str, table: Table, clicks: int,
         rng: random.Random) -> tuple[list[float], list[float], int, int]:
    """Games until ``clicks`` clicks are timed and the game in progress is over: the
    seconds to the end of each click's redraw, to its first change, the games, and the
    clicks that changed nothing."""
    page.goto(f"{base}/voila/render/{table.notebook}", timeout=WAIT)
    page.wait_for_selector(table.root, timeout=WAIT)
    page.evaluate(SETTLE, 1.0)
    times, firsts, games, unchanged = [], [], 0, 0
    while len(times) < clicks:
        games += 1
        new_game(page, rng.randrange(2**31), table.seed)
        while wait_for(page, table):
            selector, text = CLICKS[table](page, rng)
            page.evaluate(SETTLE, QUIET)
            before = page.evaluate(SNAPSHOT, table.root)
            result = page.evaluate(TIMED_CLICK, [table.root, selector, text, QUIET, TIMEOUT, table.last_drawn])
            if result.get("error") or result["seconds"] is None:
                raise RuntimeError(f"{table.name}: click {len(times) + 1} was not answered: {result}")
            if page.evaluate(SNAPSHOT, table.root) == before:
                unchanged += 1
            else:
                times.append(result["seconds"])
                firsts.append(result["first"])
        if games > 20:
            raise RuntimeError(f"{table.name}: 20 games gave only {len(times)} clicks")
    return times, firsts, games, unchanged


def nearest_rank(values: list[float], q: float) -> float:
    """The ``q`` quantile by nearest rank: the smallest value with ``q`` of all at or below it.

    >>> nearest_rank([0.3, 0.1, 0.2, 0.4], 0.95), nearest_rank([0.3, 0.1, 0.2, 0.4], 0.5)
    (0.4, 0.2)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * q) - 1)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve() -> tuple[subprocess.Popen[bytes], str]:
    """Voila on a free port, started from the root as the README does."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "notebooks"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(base, timeout=5):
                return process, base
        except OSError:
            time.sleep(0.3)
    process.terminate()
    raise TimeoutError("Voila did not start")


def run(clicks: int, tables: tuple[Table, ...] = TABLES) -> tuple[dict[str, tuple], tuple[float, float]]:
    from playwright.sync_api import sync_playwright

    rng = random.Random(SEED)
    load = [os.getloadavg()[0]]
    process, base = serve()
    found = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for table in tables:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                found[table.name] = (table, *play(page, base, table, clicks, random.Random(rng.random())))
                page.close(run_before_unload=True)
                context.close()
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
    load.append(os.getloadavg()[0])
    return found, (load[0], load[1])


def _met(met: bool | None) -> str:
    return "–" if met is None else "yes" if met else "no"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def report(found: dict[str, tuple], load: tuple[float, float], command: str) -> str:
    lines = [
        "# Click to updated odds, in Chromium", "",
        f"Written by `{command}`; see `benchmarks/latency.py`. Voila serving `notebooks/`, headless "
        f"Chromium driven by Playwright, viewport 1280 px, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores shared; 1-minute load average {load[0]:.2f} at the start, "
        f"{load[1]:.2f} at the end (timings on a shared machine are noisy).", "",
        "Each click is timed from the button's `click()` to the last change of the page it set off "
        f"(the burst ends after {ms(QUIET)} without a change; on the Hochstapler table, whose bots "
        "move 0.6 s after me, at the change of its status, which it draws last), in whole games "
        f"whose moves are drawn by `random.Random({SEED})`. The first change (the kernel's first answer reaching the "
        "page) is shown beside it: the rest of each time is the page drawing the widgets' "
        "messages.", "",
        "| table | clicks | games | median | p95 | worst | goal | met | first change: median / worst |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, (table, times, firsts, games, unchanged) in found.items():
        if table.goal_median is None:
            goal, met = "–", None
        else:
            goal = f"median < {ms(table.goal_median)}" + (f", worst < {ms(table.goal_worst)}" if table.goal_worst else "")
            met = median(times) < table.goal_median and (table.goal_worst is None or max(times) < table.goal_worst)
        extra = f" (+{unchanged} without change)" if unchanged else ""
        lines.append(f"| {name} | {len(times)}{extra} | {games} | {ms(median(times))} | "
                     f"{ms(nearest_rank(times, 0.95))} | {ms(max(times))} | {goal} | {_met(met)} | "
                     f"{ms(median(firsts))} / {ms(max(firsts))} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--table", choices=[t.name for t in TABLES], action="append")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    tables = tuple(t for t in TABLES if not args.table or t.name in args.table)
    found, load = run(args.clicks, tables)
    command = "python -m benchmarks.latency" + (f" --clicks {args.clicks}" if args.clicks != 30 else "") + \
        "".join(f" --table '{t}'" for t in args.table or []) + (" --write" if args.write else "")
    text = report(found, load, command)
    print(text)
    if args.write:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
