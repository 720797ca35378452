"""Gauner raus! table: from a click on a cell to the new exact answer on the page, in Chromium.

``python -m benchmarks.gauner_table [--quick] [--write]`` plays whole seeded games in the
table served by Voila and driven by Playwright (headless Chromium at ``/usr/bin/chromium``,
or ``$BLUFFMATH_CHROMIUM``), in the same run for two tables:

- **now**: :class:`bluffmath_widgets.gauner.GaunerTable` as it is;
- **before**: the table as it was at commit ``3a650a8`` (read from git into a temporary
  folder: each of 36 buttons per opponent got four separate property messages, twice per
  click, a quick answer from each table alone, then the exact one from a thread).

*Games.* For 2, 3 and 4 players, ``games`` games (``--quick``: one) whose seeds are drawn
by ``random.Random(17)`` from 0 to 2**32 - 1 (drawn, not chosen). Solver-guided bots sit at
the other seats. I (seat 0) always ask for the best guess (the core's most likely cell),
so both tables play the very same game, position by position.

*A click.* The clock starts before Playwright clicks the cell. Two times are taken:
*answer*, when the page shows the exact answer for the position my move left, and *turn*,
when it shows the position of my next turn (the bots' turns in between included; after a
hit they are the same). A page shows a position when every opponent cell's tooltip (the
exact fraction) equals what the same table draws headless in this process (at the end of
a game: when the end panel, or "Game over.", is on the page). The table now draws my
move's outcome before the bots play; the table before drew nothing until my next turn, so
its *answer* is its *turn*. Headless,
both tables' exact answers are compared with ``solve`` of my seat's view, and with each
other, at every click: a mismatch stops the benchmark.

Reported: per table and player count, the number of clicks, median, p95 (nearest rank) and
worst of both times; the ratio of the medians; the 1-minute load average at the start and
the end.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from benchmarks.report import ratio
from benchmarks.timing import Timing, seconds

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "GAUNER_TABLE.md"
BEFORE = "3a650a8"
COMMAND = "python -m benchmarks.gauner_table --write"
CHROMIUM = os.environ.get("BLUFFMATH_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# Every opponent cell's tooltip on the page, in order (the table now).
NOW_TITLES = "() => [...document.querySelectorAll('button.bm-gcell')].map(b => b.title)"
NOW_SHOWS = "exp => { const t = [...document.querySelectorAll('button.bm-gcell')].map(b => b.title);" \
            " return t.length === exp.length && t.every((x, i) => x === exp[i]); }"
# Either of two lists of tooltips (my move's outcome, or already my next turn).
NOW_SHOWS_EITHER = "([a, b]) => { const t = [...document.querySelectorAll('button.bm-gcell')]" \
                   ".map(x => x.title); const same = e => t.length === e.length && " \
                   "t.every((x, i) => x === e[i]); return same(a) || same(b); }"
# The table before: every exact tooltip expected is on the page (the quick ones come first).
BEFORE_SHOWS = "exp => { const t = new Set([...document.querySelectorAll('button.bluffmath-cell')]" \
               ".map(b => b.title.split(';')[0])); return exp.every(e => t.has(e)); }"


@dataclass(frozen=True)
class Game:
    players: int
    seed: int


def games(per_count: int) -> list[Game]:
    """``per_count`` games per player count, seeds drawn by a fixed seed."""
    rng = random.Random(17)
    return [Game(players, rng.randrange(2**32)) for players in (2, 3, 4) for _ in range(per_count)]


def _before_module(folder: Path) -> None:
    """The table as it was at :data:`BEFORE`, importable as ``before_table``."""
    text = subprocess.run(["git", "show", f"{BEFORE}:widgets/gauner/table.py"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    (folder / "before_table.py").write_text(text.replace("from ..common import", "from bluffmath_widgets.common import"))


def _notebook(path: Path, code: str) -> None:
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


def _code(kind: str, game: Game, folder: Path) -> str:
    if kind == "now":
        return f"from bluffmath_widgets.gauner import GaunerTable\nGaunerTable(players={game.players}, seed={game.seed})"
    return (f"import sys\nsys.path.insert(0, {str(folder)!r})\nfrom before_table import GaunerTable\n"
            f"GaunerTable(players={game.players}, seed={game.seed})")


def _mirror(kind: str, game: Game):
    if kind == "now":
        from bluffmath_widgets.gauner import GaunerTable
        return GaunerTable(players=game.players, seed=game.seed)
    from before_table import GaunerTable  # type: ignore[import-not-found]
    return GaunerTable(players=game.players, seed=game.seed, background=False)


def _expected(kind: str, mirror) -> list[str]:
    if kind == "now":
        return [grid.tip(c) for _, grid in sorted(mirror.grids.items()) for c in range(36)]
    return [f"seat {s}, {n}: {p} (exact)" for s in range(1, mirror.state.players)
            for n, p in mirror.solution.table(s).items()]


def _wait(page, kind: str, mirror, limit: float = 120_000) -> None:
    """Wait until the page shows what ``mirror`` shows; on a time-out, say what differs."""
    from playwright.sync_api import TimeoutError as Timeout
    if mirror.state.is_terminal:
        selector = ".bm-end" if kind == "now" else "text=Game over."
        page.wait_for_selector(selector, timeout=limit)
        return
    expected = _expected(kind, mirror)
    try:
        page.wait_for_function(NOW_SHOWS if kind == "now" else BEFORE_SHOWS, arg=expected,
                               timeout=limit, polling=10)
    except Timeout:
        shown = page.evaluate(NOW_TITLES) if kind == "now" else []
        differ = next(((a, b) for a, b in zip(shown, expected, strict=False) if a != b), None)
        raise AssertionError(f"{kind}, {mirror.state.players} players, seed {mirror.state.seed}, "
                             f"{len(mirror.state.actions)} moves: the page did not come to show the "
                             f"answer in {limit / 1000:.0f} s ({len(shown)} cells shown; first "
                             f"difference: {differ})") from None


def _outcome_tips(mirror, action) -> list[str] | None:
    """The tooltips the table now draws right after my ``action`` when it ends my turn."""
    from bluffmath.gauner import solve
    from bluffmath_widgets.gauner.board import OpponentGrid
    after = mirror.state.apply(action)
    if after.current == 0 or after.is_terminal:
        return None
    solution = solve(after.view(0))
    tips = []
    for seat in range(1, after.players):
        grid = OpponentGrid(seat, mirror.names)
        grid.draw(after, solution, my_turn=False)
        tips += grid.tips
    return tips


def play(page, base: str, kind: str, game: Game, answers: list) -> tuple[list[float], list[float]]:
    """Play ``game`` in the page to the end; each click's seconds to the answer and to my turn."""
    from bluffmath.gauner import GRID, Ask, solve
    mirror = _mirror(kind, game)
    page.goto(f"{base}/voila/render/{kind}-{game.players}-{game.seed}.ipynb", timeout=300_000)
    _wait(page, kind, mirror, limit=300_000)
    cells = "button.bm-gcell" if kind == "now" else "button.bluffmath-cell"
    times, turns, step = [], [], 0
    while not mirror.state.is_terminal:
        solution = mirror.solution
        if solution != solve(mirror.state.view(0)):
            raise AssertionError(f"{kind}: the table's answer is not the core's (game {game})")
        if len(answers) <= step:
            answers.append(solution)
        elif answers[step] != solution:
            raise AssertionError(f"the two tables disagree at click {step + 1} of game {game}")
        best = solution.best_guesses(1)[0]
        index = (best.seat - 1) * len(GRID.cells) + GRID.index(best.cell)
        outcome = _outcome_tips(mirror, Ask(best.seat, GRID.index(best.cell))) if kind == "now" else None
        mirror.cell_button(best.seat, best.cell).click()  # what the page must come to show, first
        final = _expected(kind, mirror) if kind == "now" else []  # the grids stay drawn at the end
        start = time.perf_counter()
        page.locator(cells).nth(index).click()
        if outcome is not None:  # whichever comes first: my move's outcome, or my next turn
            page.wait_for_function(NOW_SHOWS_EITHER, arg=[outcome, final], timeout=120_000, polling=10)
            answered = time.perf_counter() - start
        _wait(page, kind, mirror)
        turn = time.perf_counter() - start
        times.append(answered if outcome is not None else turn)
        turns.append(turn)
        step += 1
    return times, turns


def run(quick: bool) -> tuple[dict[tuple[str, int, str], Timing], tuple[str, str], int]:
    """Time every click of every game in both tables; the timings, the load averages, the games."""
    from playwright.sync_api import sync_playwright
    chosen = games(1 if quick else 2)
    folder = Path(tempfile.mkdtemp(prefix="gauner-table-"))
    _before_module(folder)
    sys.path.insert(0, str(folder))
    for game in chosen:
        for kind in ("now", "before"):
            _notebook(folder / f"{kind}-{game.players}-{game.seed}.ipynb", _code(kind, game, folder))
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                               "--Voila.ip=127.0.0.1", str(folder)], cwd=folder,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    clicks: dict[tuple[str, int, str], list[float]] = {}
    load = [_load()]
    try:
        _wait_for(base)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game in chosen:
                answers: list = []
                for kind in ("now", "before"):
                    page = browser.new_page(viewport={"width": 1280, "height": 1600})
                    answer, turn = play(page, base, kind, game, answers)
                    clicks.setdefault((kind, game.players, "answer"), []).extend(answer)
                    clicks.setdefault((kind, game.players, "turn"), []).extend(turn)
                    page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    load.append(_load())
    return {key: Timing(tuple(times)) for key, times in clicks.items()}, (load[0], load[1]), len(chosen)


def markdown(timings: dict[tuple[str, int, str], Timing], load: tuple[str, str], count: int, quick: bool) -> str:
    lines = [
        "# Gauner raus! table: click to the exact answer in Chromium", "",
        f"Written by `{COMMAND}`{' (--quick)' if quick else ''}. Python {platform.python_version()}, "
        f"{os.cpu_count()} cores shared with other work; 1-minute load average {load[0]} at the start, "
        f"{load[1]} at the end. {count} seeded games (seeds drawn by `random.Random(17)`), played to "
        f"the end in both tables in the same run, the best guess clicked each time; viewport 1280 px. "
        f"*now*: the table as it is; *before*: the table at commit `{BEFORE}`. *answer*: from the click "
        f"to the page showing every opponent's exact chances for the position my move left (or the "
        f"end); *turn*: to the position of my next turn, the bots' turns included (the table before "
        f"showed nothing in between: its answer is its turn).", "",
        "| players | table | clicks | answer: median | p95 | worst | turn: median | p95 | worst "
        "| answer median, before / now |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for players in (2, 3, 4):
        for kind in ("now", "before"):
            answer, turn = timings[(kind, players, "answer")], timings[(kind, players, "turn")]
            speedup = (f"{timings[('before', players, 'answer')].median / answer.median:.1f}x"
                       if kind == "now" else "")
            lines.append(f"| {players} | {kind} | {answer.repeats} | {seconds(answer.median)} | "
                         f"{seconds(answer.p95)} | {seconds(answer.worst)} | {seconds(turn.median)} | "
                         f"{seconds(turn.p95)} | {seconds(turn.worst)} | {speedup} |")
    lines.append("")
    for measure in ("answer", "turn"):
        every = {kind: Timing(tuple(x for (k, _, m), t in timings.items() if k == kind and m == measure
                                    for x in t.times)) for kind in ("now", "before")}
        lines.append(f"All clicks, {measure}: " + "; ".join(
            f"{kind} median {seconds(t.median)}, p95 {seconds(t.p95)}, worst {seconds(t.worst)} "
            f"({t.repeats} clicks)" for kind, t in every.items())
                     + f"; before / now: {ratio(every['before'].median / every['now'].median)} (medians), "
                     f"{ratio(every['before'].worst / every['now'].worst)} (worst).")
    lines += ["", "Both tables showed the same exact answers as `solve` of my seat's view at every click.", ""]
    return "\n".join(lines)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, limit: float = 120) -> None:
    deadline = time.monotonic() + limit
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def _load() -> str:
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.gauner_table", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game per player count")
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    timings, load, count = run(args.quick)
    report = markdown(timings, load, count, args.quick)
    print(report)
    if args.write:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
