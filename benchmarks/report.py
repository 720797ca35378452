"""The Markdown report: the machine, the results table, the floors, where the time goes.

>>> ratio(1234.5), ratio(3.21)
('1,234x', '3.21x')
"""

from __future__ import annotations

import cProfile
import datetime
import importlib.metadata
import os
import platform
import pstats
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import gauner, icepool_total, timing
from benchmarks.suite import (
    BENCHMARKS,
    GAMES_RATE,
    GAUNER,
    GAUNER_COUNTER,
    GAUNER_RATIO,
    GAUNER_TIME,
    RATIO_BIDS,
    TABLE_TIME,
    TOTAL_PACE,
    Row,
)
from benchmarks.timing import seconds


def ratio(x: float) -> str:
    """A speed-up for people."""
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


def cpu_model() -> str:
    """The processor's name where the system says it (Linux), else the platform's guess."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine(load: tuple[float, float] | None = None) -> list[str]:
    """The lines that say where and when the figures were taken; ``load`` is the 1-minute
    load average at the start and the end of the run."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return [
        f"- date: {now}",
        f"- machine: {cpu_model()}, {os.cpu_count()} logical cores, {platform.platform()}",
        f"- Python {platform.python_version()} ({platform.python_implementation()}), "
        f"icepool {icepool_total.VERSION}",
        f"- caches emptied for a cold call: {', '.join(timing.bluffmath_caches()) or 'none'}",
    ] + ([] if load is None else [
        f"- load average (1 min): {load[0]:.2f} at the start, {load[1]:.2f} at the end "
        f"(above 0 means other processes shared the {os.cpu_count()} cores, slowing both "
        "sides; the ratios suffer less than the absolute times)",
    ])


def table(rows: Sequence[Row]) -> list[str]:
    """The results as a Markdown table, one row per benchmark and query."""
    lines = [
        "| benchmark | query | bluffmath cold: median / worst | bluffmath warm: median "
        "| baseline: median (runs) | ratio (cold medians) | floor | met? |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        if row.text is not None:
            ours, warm, baseline, speedup = row.text
            lines.append(f"| {row.benchmark} | {row.query} | {ours} | {warm} | {baseline} "
                         f"| {speedup} | {row.floor.text if row.floor else '–'} "
                         f"| {row.verdict} |")
            continue
        lines.append(
            f"| {row.benchmark} | {row.query} "
            f"| {_time(row.ours.median, row.items)} / {_time(row.ours.worst, row.items)} "
            f"({row.ours.repeats} runs) "
            f"| {_time(row.warm.median, row.items)} "
            f"| {_time(row.baseline.median, row.items)} ({row.baseline.repeats}) "
            f"| {ratio(row.ratio)} | {row.floor.text if row.floor else '–'} | {row.verdict} |"
        )
    return lines


def rate(per_second: float) -> str:
    """Games per second for people."""
    return f"{per_second:,.0f}" if per_second >= 100 else f"{per_second:.3g}"


def _time(t: float, items: int) -> str:
    """A call's time; for a batch of games, per game and as games per second.

    >>> _time(0.5, 1), _time(0.5, 50)
    ('500 ms', '10 ms/game = 100 games/s')
    """
    if items == 1:
        return seconds(t)
    return f"{seconds(t / items)}/game = {rate(items / t)} games/s"


def floors(rows: Sequence[Row]) -> list[str]:
    """One line per floor of the issue: met or not, on which queries."""
    lines = []
    for floor in (TOTAL_PACE, RATIO_BIDS, TABLE_TIME, GAMES_RATE, *GAUNER_TIME.values(),
                  GAUNER_RATIO):
        held = [row for row in rows if row.floor is floor]
        if not held:
            lines.append(f"- {floor.benchmark}, {floor.text}: not measured in this run")
            continue
        verdict = "**met**" if all(row.met for row in held) else "**not met**"
        if floor.per_second is not None:
            detail = "; ".join(f"median {rate(row.items / row.ours.median)} games/s, worst "
                               f"{rate(row.items / row.ours.worst)}, best "
                               f"{rate(row.items / row.ours.best)} (batches of {row.items} "
                               f"games, cold), {ratio(row.ratio)} the baseline's speed"
                               for row in held)
        elif floor.seconds is not None:
            detail = "; ".join(f"{row.query.split(':')[0]}: median {seconds(row.ours.median)}, "
                               f"worst {seconds(row.ours.worst)}, best {seconds(row.ours.best)}"
                               for row in held)
        else:
            detail = "; ".join(f"{row.query.split(':')[0]}: "
                               f"{ratio(row.ratio) if row.text is None else row.text[3]}"
                               for row in held)
        lines.append(f"- {floor.benchmark}, {floor.text}: {verdict} ({detail})")
    if any(row.benchmark == GAUNER for row in rows):
        lines += gauner.floors(rows)
    return lines


NOTES = """\
- Every row first checks that both sides give exactly the same answer (the whole
  distribution as Fractions; for the odds table every colour's three distributions and
  P(total ≥ t) for every legal call both ways); a difference stops the run.
- The Hochstapler rows run on what play meets, not on chosen positions: 30 games per
  number of players, each seat a random, card-counting or bid-reading bot (the mix drawn
  from the game's seed), the position of the seat to act at every decision
  (`benchmarks/positions.py`); queries and positions are drawn from those by fixed
  seeds. A *crowded* position has spoken calls from all but one of the other seats in
  one colour; the bid-reading and odds-table rows draw some of those on purpose.
- *cold*: every bluffmath cache is emptied before each call; *warm*: after one untimed
  call. Times are wall clock (`time.perf_counter`), garbage collector on. On the
  card-counting rows each query is timed 15 times per side (3 where the baseline takes
  over a millisecond), bluffmath and the baseline in turn (so both see the same load),
  and its median kept; "median / p95 / worst" are
  then over the queries, the ratio is of the two medians, and "per query" gives the
  median and the lowest of the per-query ratios. Slow baselines (the bids, the odds
  table) run once or a few times per query within a time budget.
- The baseline is what a competent user would write: plain `itertools`
  (`benchmarks/plain.py`, its whole code in its docstring): a colour's total by
  `combinations` of the physical unseen cards; an exchange by the card drawn times the
  combinations of the rest; the bid-reading posterior by `permutations` of the unseen
  cards over the *callers only*, each deal weighted by the callers' likelihoods (their
  beliefs counted by enumeration too), times the `combinations` of the silent hands'
  cards. Both sides return numbers of ways; they are turned into Fractions, untimed, for
  the check. icepool (`benchmarks/icepool_total.py`): `Deck(unseen).deal(hands).sum()`.
  sympy.stats, an earlier baseline that nobody would use for this, is now only an
  oracle in the tests (`benchmarks/sympy_stats.py`).
- The odds-table rows time `odds_table(position)` plus reading off P(total ≥ t) for every
  legal call in every colour, by counting and by reading the bids; the median of 3 cold
  calls per position. Plain enumeration builds the same on the first positions drawn.
- The games rows time a batch of whole 5-player games (seeds 0, 1, ...) per repetition,
  cold (bluffmath's caches, the bots' odds tables among them, emptied before each batch)
  and report the time per game and games per second. bluffmath's side is `play_game`
  with `CardCountingBot`s, in this process (one core, no pool). The baseline
  (`benchmarks/games.py`) plays the same games with the same policy, but each decision
  builds the position's whole `odds_table` (every colour's counting, bid-reading and
  exchange distributions) and the engine's full list of legal actions; both sides must
  give the same reveals and scores in every game.
- The tournament row times `run_tournament(..., workers=2)` (a pool of 2 processes,
  started and shut down within the timed call) against `workers=1` (in this process),
  in turn, both cold; the two results must be equal. Its ratio is the pool's speed-up:
  at best the number of cores free for it, so the row says the machine's core count and
  the load average around the measurement (a load of 1 on 2 cores leaves about one
  free). It has no warm case: each pool starts afresh."""


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def profile(call: Callable[[], object], repeats: int, top: int = 12) -> list[str]:
    """Where a cold ``call`` spends its time: the functions of most cumulative time, as a
    Markdown table (shares of the profiled total; the profiler's own overhead inflates
    small, frequent calls)."""
    profiler = cProfile.Profile()
    for _ in range(repeats):
        timing.clear_bluffmath_caches()
        profiler.enable()
        call()
        profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    whole = sum(tt for _, _, tt, _, _ in stats.values())
    entries = sorted(stats.items(), key=lambda item: -item[1][3])

    def name(key: tuple[str, int, str]) -> str:
        path, line, function = key
        if "bluffmath" in path:
            path = "bluffmath" + path.rsplit("bluffmath", 1)[1]
        elif path == "~":
            return function
        else:
            path = Path(path).name
        return f"`{path}:{line}({function})`"

    lines = ["| function | calls per run | cumulative | own |", "|---|---|---|---|"]
    for key, (_, calls, own, cumulative, _) in entries:
        if len(lines) - 2 >= top:
            break
        if "bluffmath" not in key[0] and key[0] != "~":
            continue  # the benchmark's own frames and the standard library
        lines.append(f"| {name(key)} | {calls / repeats:g} | {cumulative / whole:.0%} "
                     f"| {own / whole:.0%} |")
    busiest = max(stats.items(), key=lambda item: item[1][2])
    key, (_, calls, own, _, callers) = busiest
    split = ", ".join(f"{c[1] / repeats:g} from {name(k)}" for k, c in callers.items())
    lines.append("")
    lines.append(f"Most own time: {name(key)}, {own / whole:.0%} of the total, "
                 f"{calls / repeats:g} calls per run ({split}).")
    return lines


def markdown(rows: Sequence[Row], quick: bool, extra: Sequence[str] = (),
             load: tuple[float, float] | None = None) -> str:
    """The whole report."""
    missing = [b for b in BENCHMARKS if not any(row.benchmark == b for row in rows)]
    title = "# bluffmath benchmarks" + (" (quick mode: tiny queries, few repeats)" if quick else "")
    lines = [title, "", "Written by `python -m benchmarks`; see `benchmarks/__init__.py`.", ""]
    lines += machine(load)
    if any(row.benchmark in (GAUNER, GAUNER_COUNTER) for row in rows):
        lines.append(f"- for Gauner raus!: numpy {_version('numpy')}, pyganak "
                     f"{_version('pyganak')}, python-sat {_version('python-sat')}")
    lines += ["", "## Results", "", *table(rows)]
    lines += ["", "## Floors", "", *floors(rows)]
    if missing:
        lines.append(f"- benchmarks missing from this run: {', '.join(missing)}")
    if not quick:  # its tables only in a full run: the quick report has one table
        lines += gauner.section(rows)
    lines += ["", "## How it is measured", "", NOTES]
    if any(row.benchmark in (GAUNER, GAUNER_COUNTER) for row in rows):
        lines.append(gauner.NOTES)
    lines += list(extra)
    return "\n".join(lines) + "\n"
