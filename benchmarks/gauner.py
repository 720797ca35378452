"""Gauner raus!: how fast ``solve`` answers the whole table on positions of real games.

``python -m benchmarks.gauner [--quick] [--write] [--pyodide]`` times the three engines
side by side (:func:`engines`) and writes ``benchmarks/GAUNER.md`` with ``--write``; with
``--pyodide``, the positions slowest for the python pass are solved again under Pyodide, in
Node and in headless Chromium (:func:`under_pyodide`). :func:`bench` makes the rows of the suite's report
(``python -m benchmarks``).

*Engines side by side.* For 2, 3 and 4 players, the positions below (``games`` games,
``per_stage`` drawn from each third), and a *stress set*: the first two positions (the
least constrained, where the joint pass is largest) of ``stress`` more games (seeds from
1000). On every position, ``solve`` with the default engine, with ``engine="python"``
(the pure-Python pass, what runs under Pyodide) and with ``engine="numpy"``, each cold
(caches emptied), best of ``repeats``; the three answers must be identical (every count,
exact ints) and count the true deal possible. Reported per player count: median, p95
(nearest rank) and worst over positions for each engine, and the ratio python / default
position by position.

*Positions.* For 2, 3 and 4 players, ``plan.games`` random games
(``random_positions(players, seed)`` for seeds 0, 1, ...: seat 0's position before every
guess, beside the true deal). A game's positions are split into thirds by their index:
early, middle, late. From every game the benchmark takes its first position (the least
constrained: the setup rolls and the first turn's roll, nothing guessed yet) and
``plan.per_stage`` more positions drawn (seeded) from each third.

*Timing.* ``solve(position)`` with its default engine ("auto": the python engine when the
diagrams' product is small, numpy when it is large), which counts every deal and every
holder's every unknown cell (the whole table), cold (bluffmath's caches emptied),
``plan.repeats`` times; the best is kept. Then once more, untimed, under ``tracemalloc``
for the peak memory of the call (numpy's arrays are traced too). Each answer is checked
against the true deal (every card really held is counted possible). Both engines
(``engine="numpy"`` and ``engine="python"``) are timed the same way on every
``plan.python_every``-th position, and must give exactly the same counts.

*Model counter.* On a few positions (one game per player count, its early, middle and
late position: index ``len // 6``, ``len // 2``, ``5 * len // 6``), Ganak (``pyganak``,
exact projected #SAT; :mod:`benchmarks.model_counter`) counts the same whole table: the
total, then one count per (opponent, cell) the opponent could hold, in a seeded random
order. A count is cut off after ``plan.counter_timeout`` seconds (in a child process;
its time then counts as the timeout: a lower bound). Counts stop once
``plan.counter_budget`` seconds are spent; the table's time is then the mean count's
time times the counts the table needs (an extrapolation, said so in the report). Every
count Ganak finished must equal bluffmath's.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import model_counter, timing
from benchmarks.suite import (
    GAUNER,
    GAUNER_COUNTER,
    GAUNER_MEMORY,
    GAUNER_RATIO,
    GAUNER_TIME,
    GaunerPlan,
    Row,
    same,
)
from benchmarks.timing import Timing, seconds
from bluffmath.gauner import Deal, Position, random_positions, solve
from bluffmath.gauner.joint import Counts

PLAYERS = (2, 3, 4)
STAGES = ("first", "early", "middle", "late")


@dataclass(frozen=True)
class Sample:
    """One position of one random game, where it stands in that game, and the true deal."""

    players: int
    seed: int
    index: int
    length: int  # positions in the game
    stage: str  # "first", "early", "middle" or "late"
    position: Position
    deal: Deal

    @property
    def recipe(self) -> str:
        """How to get the position back."""
        return f"`list(random_positions({self.players}, {self.seed}))[{self.index}][0]`"

    @property
    def numbers(self) -> int:
        """Numbers written in the opponents' tables."""
        return sum(len(self.position.tables[s].numbers) for s in self.position.opponents)


@dataclass(frozen=True)
class Measured:
    """One position timed: the best of the default engine's calls, its peak traced memory,
    its deals, and (on the sample) each engine's best."""

    sample: Sample
    seconds: float
    peak: int
    deals: int
    python: float | None = None
    slowest: float = 0.0  # the slowest of the default engine's calls
    numpy: float | None = None


@dataclass(frozen=True)
class Counted:
    """One position against the model counter."""

    sample: Sample
    ours: Timing  # solve(position), default engine, cold
    python: float  # solve(engine="python"), one cold call
    deals: int
    count_seconds: tuple[float, ...]  # each count Ganak ran, the total's first
    timed_out: int  # of those, cut off at the timeout (their time is the timeout)
    needed: int  # counts the whole table needs (the total's included)
    variables: int
    clauses: int

    @property
    def complete(self) -> bool:
        return len(self.count_seconds) == self.needed

    @property
    def estimate(self) -> float:
        """The model counter's seconds for the whole table (extrapolated when incomplete)."""
        spent = sum(self.count_seconds)
        return spent if self.complete else spent / len(self.count_seconds) * self.needed

    @property
    def ratio(self) -> float:
        return self.estimate / self.ours.median


def stage_of(index: int, length: int) -> str:
    """The third of the game a position falls in (the first position: ``"first"``)."""
    if index == 0:
        return "first"
    return "early" if 3 * index < length else "middle" if 3 * index < 2 * length else "late"


def sample_positions(players: int, games: int, per_stage: int) -> list[Sample]:
    """Every game's first position and ``per_stage`` drawn from each third."""
    samples = []
    for seed in range(games):
        game = list(random_positions(players, seed))
        rng = random.Random(1000 * players + seed)
        chosen = [0]
        for stage in STAGES[1:]:
            indices = [i for i in range(1, len(game)) if stage_of(i, len(game)) == stage]
            chosen += sorted(rng.sample(indices, min(per_stage, len(indices))))
        for i in chosen:
            position, deal = game[i]
            samples.append(Sample(players, seed, i, len(game), stage_of(i, len(game)),
                                  position, deal))
    return samples


def pick(players: int, seed: int, stage: str) -> Sample:
    """The model counter's position of a game: early, middle or late (see the module)."""
    game = list(random_positions(players, seed))
    index = {"first": 0, "early": len(game) // 6, "middle": len(game) // 2,
             "late": 5 * len(game) // 6}[stage]
    position, deal = game[index]
    return Sample(players, seed, index, len(game), stage, position, deal)


def _timed(position: Position, engine: str, repeats: int) -> tuple[Timing, Counts]:
    result = []

    def call() -> None:
        result.append(solve(position, engine=engine))  # type: ignore[arg-type]

    took = timing.repeat(call, repeats, timing.clear_bluffmath_caches)
    return took, result[-1].counts


def peak_memory(position: Position) -> int:
    """The most memory ``solve(position)`` holds at once (tracemalloc)."""
    timing.clear_bluffmath_caches()
    was = tracemalloc.is_tracing()
    if not was:
        tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    try:
        solve(position)
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        if not was:
            tracemalloc.stop()


def check_truth(sample: Sample, counts: Counts) -> None:
    """The true deal must be among the deals counted: every card where it really is possible."""
    deal = sample.deal
    wrong = [(h, c) for h, cells in counts.held.items() for c in cells
             if deal.holds(h, c) and cells[c] == 0]
    same(f"the true deal of {sample.recipe} counted possible", wrong, [])


def measure(sample: Sample, repeats: int, python: bool) -> Measured:
    """Time ``solve`` (default engine; and each engine when asked) on one position, with the
    checks."""
    took, counts = _timed(sample.position, "auto", repeats)
    check_truth(sample, counts)
    python_best = numpy_best = None
    if python:
        python_took, python_counts = _timed(sample.position, "python", repeats)
        numpy_took, numpy_counts = _timed(sample.position, "numpy", repeats)
        same(f"python vs default engine on {sample.recipe}", python_counts, counts)
        same(f"numpy vs default engine on {sample.recipe}", numpy_counts, counts)
        python_best, numpy_best = python_took.best, numpy_took.best
    return Measured(sample, took.best, peak_memory(sample.position), counts.total, python_best,
                    took.worst, numpy_best)


def against_counter(sample: Sample, plan: GaunerPlan) -> Counted:
    """Ganak on the whole table of one position (or as much as the budget allows), each
    count it finishes checked against bluffmath's."""
    ours, counts = _timed(sample.position, "auto", max(plan.repeats, 1))
    python, _ = _timed(sample.position, "python", 1)
    formula = model_counter.encode(sample.position)
    queries = formula.queries()
    random.Random(0).shuffle(queries)
    asked: list[tuple[int, int] | None] = [None, *queries]  # None: the total
    spent: list[float] = []
    timed_out = 0
    for query in asked:
        if (plan.counter_budget is not None and sum(spent) >= plan.counter_budget
                and len(spent) >= plan.counter_least):
            break
        units = () if query is None else (formula.var[query],)
        n, took = model_counter.timed_count(formula, units, plan.counter_timeout)
        spent.append(took)
        if n is None:
            timed_out += 1
            continue
        ours_n = counts.total if query is None else counts.held[query[0]][query[1]]
        what = "deals" if query is None else f"seat {query[0]} holds cell {query[1]}"
        same(f"{sample.recipe}: {what} (model counter)", ours_n, n)
    return Counted(sample, ours, python.best, counts.total, tuple(spent), timed_out,
                   len(asked), formula.top, len(formula.clauses))


def p95(times: Sequence[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(times)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def megabytes(n: int) -> str:
    return f"{n / 1e6:.3g} MB"


def _progress(what: str) -> None:
    print(f"  {what} ({time.strftime('%H:%M:%S')})", file=sys.stderr, flush=True)


def bench(plan: GaunerPlan) -> list[Row]:
    """One row per player count (every sampled position), then one per model-counter position."""
    rows = []
    for engine in ("numpy", "python"):  # untimed: imports and first use of numpy
        solve(pick(2, 0, "early").position, engine=engine)  # type: ignore[arg-type]
    for players in PLAYERS:
        samples = sample_positions(players, plan.games, plan.per_stage)
        _progress(f"{GAUNER}: {players} players, {len(samples)} positions")
        measured = [measure(s, plan.repeats, i % plan.python_every == 0)
                    for i, s in enumerate(samples)]
        rows.append(times_row(players, measured, plan))
    for players, seed, stage in plan.counter_positions:
        sample = pick(players, seed, stage)
        _progress(f"{GAUNER_COUNTER}: {players} players, seed {seed}, {stage} "
                  f"(position {sample.index})")
        rows.append(counter_row(against_counter(sample, plan)))
    return rows


def times_row(players: int, measured: Sequence[Measured], plan: GaunerPlan) -> Row:
    """The row of one player count: the default engine over every position, each engine on
    the sample."""
    ours = Timing(tuple(m.seconds for m in measured))
    sampled = [m for m in measured if m.python is not None]
    numpy_sample = Timing(tuple(m.numpy for m in sampled if m.numpy is not None))
    python = Timing(tuple(m.python for m in sampled if m.python is not None))
    peak = max(m.peak for m in measured)
    slowest = max(m.slowest for m in measured)
    games = len({m.sample.seed for m in measured})
    query = (f"{players} players: {len(measured)} positions of {games} random games (each "
             f"game's first, {plan.per_stage} early, {plan.per_stage} middle, "
             f"{plan.per_stage} late); python engine on one in {plan.python_every} "
             f"({len(sampled)})")
    text = (
        f"median {seconds(ours.median)} / p95 {seconds(p95(ours.times))} / worst "
        f"{seconds(ours.worst)} ({len(measured)} positions, best of {plan.repeats} each"
        f"{'' if plan.repeats == 1 else f', slowest single call {seconds(slowest)}'}; "
        f"peak memory {megabytes(peak)})",
        "– (no cache)",
        f"python engine: median {seconds(python.median)} / worst {seconds(python.worst)} "
        f"({len(sampled)} positions; numpy on them: median {seconds(numpy_sample.median)} "
        f"/ worst {seconds(numpy_sample.worst)})",
        f"python / numpy: {_ratio(python.median / numpy_sample.median)} (medians), "
        f"{_ratio(sum(python.times) / sum(numpy_sample.times))} (sums)",
    )
    return Row(GAUNER, query, ours, numpy_sample, python, True, GAUNER_TIME[players],
               text=text, peak=peak, data=tuple(measured))


def counter_row(counted: Counted) -> Row:
    """The row of one position against the model counter."""
    s = counted.sample
    estimate = Timing((counted.estimate,))
    done = len(counted.count_seconds)
    how = ("all of them" if counted.complete
           else f"{done} run (random), extrapolated ×{counted.needed}/{done}")
    cut = f", {counted.timed_out} cut off at the timeout" if counted.timed_out else ""
    query = (f"{s.players} players, {s.stage}: seed {s.seed}, position {s.index} of "
             f"{s.length}; {len(s.position.unknown)} unknown cells, {counted.deals:,} "
             f"deal{'' if counted.deals == 1 else 's'}; "
             f"{counted.needed} counts")
    bound = "≥ " if counted.timed_out else ""
    text = (
        f"{seconds(counted.ours.median)} ({counted.ours.repeats} runs)",
        "– (no cache)",
        f"{bound}{seconds(counted.estimate)} ({how}{cut}; "
        f"{seconds(sum(counted.count_seconds) / done)} per count)",
        f"{bound}{_ratio(counted.ratio)}",
    )
    return Row(GAUNER_COUNTER, query, counted.ours, counted.ours, estimate, True,
               GAUNER_RATIO, text=text, data=counted)


def _ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


# --- the report's section ---------------------------------------------------------------
def floors(rows: Sequence[Row]) -> list[str]:
    """The memory floor's line (the time and ratio floors are the suite's)."""
    held = [row for row in rows if row.benchmark == GAUNER and row.peak is not None]
    if not held:
        return [f"- {GAUNER}, peak memory < 300 MB on every position: not measured in this run"]
    met = all(row.peak is not None and row.peak < GAUNER_MEMORY for row in held)
    detail = "; ".join(f"{row.query.split(':')[0]}: {megabytes(row.peak or 0)}" for row in held)
    return [f"- {GAUNER}, peak memory < 300 MB on every position: "
            f"{'**met**' if met else '**not met**'} (worst: {detail})"]


def section(rows: Sequence[Row], slowest: int = 5) -> list[str]:
    """The Gauner raus! section: stages, slowest positions, engines, the model counter."""
    timed = [row for row in rows if row.benchmark == GAUNER]
    counted = [row.data for row in rows if row.benchmark == GAUNER_COUNTER]
    if not timed and not counted:
        return []
    lines = ["", "## Gauner raus!: the whole table of `solve` by stage of the game", "",
             "| players | stage | positions | median | p95 | worst | slowest single call "
             "| peak memory (worst) | deals (median) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in timed:
        measured: tuple[Measured, ...] = row.data
        players = measured[0].sample.players
        for stage in (*STAGES, "all"):
            group = [m for m in measured if stage in ("all", m.sample.stage)]
            if not group:
                continue
            times = [m.seconds for m in group]
            deals = sorted(m.deals for m in group)[len(group) // 2]
            lines.append(f"| {players} | {stage} | {len(group)} | "
                         f"{seconds(Timing(tuple(times)).median)} | {seconds(p95(times))} | "
                         f"{seconds(max(times))} | {seconds(max(m.slowest for m in group))} "
                         f"| {megabytes(max(m.peak for m in group))} "
                         f"| {deals:,} |")
    lines += ["", f"### The {slowest} slowest positions per player count (default engine)", "",
              "| position | stage | unknown cells | numbers | deals | default | python | peak memory |",
              "|---|---|---|---|---|---|---|---|"]
    for row in timed:
        for m in sorted(row.data, key=lambda m: -m.seconds)[:slowest]:
            s = m.sample
            lines.append(f"| {s.recipe} | {s.stage} | {len(s.position.unknown)} | "
                         f"{s.numbers} | {m.deals:,} | {seconds(m.seconds)} | "
                         f"{'–' if m.python is None else seconds(m.python)} | "
                         f"{megabytes(m.peak)} |")
    lines += ["", "### numpy against python engine, same positions", "",
              "| players | positions | numpy: median / worst | python: median / worst "
              "| python / numpy (medians) | python / numpy (sums) | python / numpy (range) "
              "| python faster on |",
              "|---|---|---|---|---|---|---|---|"]
    for row in timed:
        pairs = [(m.numpy, m.python) for m in row.data if m.python is not None and m.numpy is not None]
        numpy_t, python_t = Timing(tuple(a for a, _ in pairs)), Timing(tuple(b for _, b in pairs))
        faster = sum(1 for a, b in pairs if b < a)
        each = [b / a for a, b in pairs]
        lines.append(f"| {row.data[0].sample.players} | {len(pairs)} | "
                     f"{seconds(numpy_t.median)} / {seconds(numpy_t.worst)} | "
                     f"{seconds(python_t.median)} / {seconds(python_t.worst)} | "
                     f"{_ratio(python_t.median / numpy_t.median)} | "
                     f"{_ratio(sum(python_t.times) / sum(numpy_t.times))} | "
                     f"{_ratio(min(each))}-{_ratio(max(each))} | {faster} of {len(pairs)} |")
    if counted:
        lines += ["", "### Against the model counter (Ganak), position by position", "",
                  "| position | stage | unknown cells | deals | CNF vars / clauses | default "
                  "| python | counts run / needed (cut off) | Ganak per count | Ganak, whole "
                  "table | ratio to default | ratio to python |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for c in counted:
            s = c.sample
            bound = "≥ " if c.timed_out else ""
            est = "" if c.complete else " (extrapolated)"
            lines.append(
                f"| {s.recipe} | {s.stage} | {len(s.position.unknown)} | {c.deals:,} | "
                f"{c.variables} / {c.clauses} | {seconds(c.ours.median)} | "
                f"{seconds(c.python)} | {len(c.count_seconds)} / {c.needed} ({c.timed_out}) | "
                f"{seconds(sum(c.count_seconds) / len(c.count_seconds))} | "
                f"{bound}{seconds(c.estimate)}{est} | {bound}{_ratio(c.ratio)} | "
                f"{bound}{_ratio(c.estimate / c.python)} |")
    return lines


NOTES = """\
- Gauner raus! rows: positions from `random_positions` (seat 0's view before every guess
  of a random game, `benchmarks/gauner.py`), each game's first position (the least
  constrained) and a seeded draw from each third of the game. `solve(position)`, with its
  default engine (python when the diagrams' product is under 30,000, numpy above), answers
  the whole table (the number of deals and, for every opponent
  and the surplus, the deals that put each unknown cell there); each position is timed
  cold, best of the runs given (the slowest single call is shown too), and checked
  against the true deal; its peak memory is `tracemalloc`'s peak over one more, untimed
  call (numpy's arrays are traced). Median, p95 (nearest rank) and worst are over
  positions. Both engines, forced, run on every n-th position and must give the same
  counts.
- The model counter (`benchmarks/model_counter.py`) is Ganak through `pyganak`, exact
  projected #SAT: one variable per (holder, unknown cell), exactly one holder per cell,
  "not mine" as unit clauses, each opponent's hidden count and each number's residual
  as `pysat.card` totalizer equalities, counted projected on the cell variables. The
  whole table is the total plus one count per (opponent, cell the opponent could hold)
  with that cell's unit clause; the surplus's column is their difference. Building the
  CNF is not timed (which favours the baseline). Counts run in a seeded random order
  until the budget is spent; when they stop short, the table's time is the mean count's
  time times the counts needed (marked "extrapolated"); a count cut off at the timeout
  counts as the timeout and makes the figure a lower bound ("≥"). Every count Ganak
  finished equals bluffmath's, or the run stops."""


# --- the engines side by side (python -m benchmarks.gauner) ----------------------------
RESULTS = Path(__file__).with_name("GAUNER.md")
ENGINES = ("auto", "python", "numpy")
DEFAULT_FLOOR = 0.25
"""Seconds the default engine may take on any position (issue 22)."""
PYTHON_FACTOR = 5
"""The python pass within this factor of the default's floor on any position (issue 22)."""
PYTHON_EARLY = 2.0
"""Seconds the python pass may take on a 4-player position of the first third (issue 22)."""


@dataclass(frozen=True)
class EnginePlan:
    """How many games and positions, and how many timed calls each."""

    games: int
    per_stage: int
    stress: int  # games whose first two positions make the stress set
    repeats: int


FULL = EnginePlan(games=20, per_stage=2, stress=40, repeats=3)
QUICK = EnginePlan(games=2, per_stage=1, stress=2, repeats=1)


@dataclass(frozen=True)
class Engines:
    """One position, each engine's best time (``auto``, ``python``, ``numpy``)."""

    sample: Sample
    times: dict[str, float]
    deals: int


def stress_positions(players: int, games: int) -> list[Sample]:
    """The first two positions of ``games`` games, seeds 1000, 1001, ..."""
    samples = []
    for seed in range(1000, 1000 + games):
        game = list(random_positions(players, seed))
        samples += [Sample(players, seed, i, len(game), stage_of(i, len(game)), *game[i]) for i in (0, 1)]
    return samples


def engines(sample: Sample, repeats: int) -> Engines:
    """Every engine on one position, timed cold; their answers must be identical."""
    times, answers = {}, {}
    for engine in ENGINES:
        took, answers[engine] = _timed(sample.position, engine, repeats)
        times[engine] = took.best
    check_truth(sample, answers["auto"])
    for engine in ENGINES[1:]:
        same(f"{engine} vs default engine on {sample.recipe}", answers[engine], answers["auto"])
    return Engines(sample, times, answers["auto"].total)


def run(plan: EnginePlan) -> dict[tuple[int, str], list[Engines]]:
    """Every position of every set ("games", "stress") for every player count, measured."""
    for engine in ("numpy", "python"):  # untimed: imports and first use of numpy
        solve(pick(2, 0, "early").position, engine=engine)  # type: ignore[arg-type]
    measured = {}
    for players in PLAYERS:
        for name, samples in (("games", sample_positions(players, plan.games, plan.per_stage)),
                              ("stress", stress_positions(players, plan.stress))):
            _progress(f"engines: {players} players, {name}, {len(samples)} positions")
            measured[players, name] = [engines(s, plan.repeats) for s in samples]
    return measured


def markdown(measured: dict[tuple[int, str], list[Engines]], plan: EnginePlan, load: tuple[str, str],
             flags: str = "--write") -> str:
    """The report: one row per player count and set, the slowest positions, the floors."""
    import numpy

    quick = plan == QUICK
    lines = [
        "# Gauner raus!: the three engines of `solve`, side by side", "",
        f"Written by `python -m benchmarks.gauner{' --quick' if quick else ''} {flags}` "
        f"({'quick' if quick else 'full'} run); see `benchmarks/gauner.py`. Python {platform.python_version()}, numpy "
        f"{numpy.__version__}, {os.cpu_count()} cores, one process. 1-minute load average "
        f"{load[0]} at the start, {load[1]} at the end (the machine is shared: compare "
        "engines within a row, measured in the same run).", "",
        f"Positions: for each player count, {plan.games} random games (seeds 0-{plan.games - 1}): "
        f"each game's first position and {plan.per_stage} drawn (seeded) from each third; the "
        f"stress set: the first two positions (the least constrained) of {plan.stress} more "
        "games (seeds from 1000). Each position: `solve` with the default engine, with "
        "`engine=\"python\"` (the pure-Python pass, what Pyodide runs) and with "
        f"`engine=\"numpy\"`, cold, best of {plan.repeats}; the three answers are identical "
        "(every count, exact ints; the run stops otherwise) and count the true deal possible.", "",
        "| players | set | positions | default: median / p95 / worst | python: median / p95 / worst "
        "| numpy: median / p95 / worst | python / default: median / worst | answers equal |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (players, name), rows in measured.items():
        cells = [_spread([m.times[e] for m in rows]) for e in ENGINES]
        ratios = [m.times["python"] / m.times["auto"] for m in rows]
        lines.append(f"| {players} | {name} | {len(rows)} | {' | '.join(cells)} | "
                     f"{_ratio(Timing(tuple(ratios)).median)} / {_ratio(max(ratios))} | yes |")
    every = [(name, m) for (_, name), rows in measured.items() for m in rows]
    for engine, title in (("python", "python pass"), ("auto", "default engine")):
        lines += ["", f"## The slowest positions ({title})", "",
                  "| position | set | stage | unknown cells | deals | default | python | numpy |",
                  "|---|---|---|---|---|---|---|---|"]
        for name, m in sorted(every, key=lambda nm, e=engine: -nm[1].times[e])[:6]:
            s = m.sample
            lines.append(f"| {s.recipe} | {name} | {s.stage} | {len(s.position.unknown)} | {m.deals:,} | "
                         + " | ".join(seconds(m.times[e]) for e in ENGINES) + " |")
    lines += ["", "## Floors (issue 22)", "", *floor_lines(measured), ""]
    return "\n".join(lines)


def floor_lines(measured: dict[tuple[int, str], list[Engines]]) -> list[str]:
    """Each floor of issue 22, met or not, with the figure that decides it."""
    every = [m for rows in measured.values() for m in rows]
    default = max(m.times["auto"] for m in every)
    python = max(m.times["python"] for m in every)
    early = [m.times["python"] for (players, _), rows in measured.items() for m in rows
             if players == 4 and m.sample.stage in ("first", "early")]
    checks = [
        (f"default engine < {seconds(DEFAULT_FLOOR)} on every position", default < DEFAULT_FLOOR,
         f"worst {seconds(default)}"),
        (f"python pass < {PYTHON_FACTOR} x {seconds(DEFAULT_FLOOR)} on every position",
         python < PYTHON_FACTOR * DEFAULT_FLOOR, f"worst {seconds(python)}"),
        (f"python pass < {seconds(PYTHON_EARLY)} on 4-player first and early positions",
         bool(early) and max(early) < PYTHON_EARLY, f"worst {seconds(max(early, default=0))}"),
    ]
    return [f"- {what}: **{'met' if met else 'not met'}** ({figure})" for what, met, figure in checks]


def _spread(times: Sequence[float]) -> str:
    return f"{seconds(Timing(tuple(times)).median)} / {seconds(p95(times))} / {seconds(max(times))}"


def _load() -> str:
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "unknown"


# --- the python pass under Pyodide (WebAssembly), in Node and in Chromium ---------------
SOLVE = """
import importlib.util, json, sys, time
from bluffmath.gauner import solve
rows = []
for p in json.loads(positions_text):
    times = []
    for _ in range(%d):
        start = time.perf_counter()
        answer = solve(p)
        times.append(time.perf_counter() - start)
    rows.append([min(times), answer.to_json()])
json.dumps({"python": sys.version.split()[0], "numpy": importlib.util.find_spec("numpy") is not None, "rows": rows})
"""
NODE_SCRIPT = """\
import { loadPyodide } from "%s";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
for (const wheel of process.argv.slice(3)) py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.globals.set("positions_text", readFileSync(process.argv[2], "utf8"));
console.log(py.runPython(`%s`));
"""
CHROMIUM_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gauner raus! under Pyodide</title>
<script type="module">
const indexURL = new URL("pyodide/", document.baseURI).href;
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const py = await loadPyodide({ indexURL });
for (const name of %s) py.unpackArchive(new Uint8Array(await (await fetch(name)).arrayBuffer()), "wheel");
py.globals.set("positions_text", await (await fetch("positions.json")).text());
window.bluffmathResult = py.runPython(`%s`);
document.body.dataset.state = "ready";
</script></head><body data-state="loading"></body></html>
"""


def _in_node(folder: Path, wheels: list[Path], repeats: int) -> dict:
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    (folder / "solve.mjs").write_text(NODE_SCRIPT % ((PYODIDE / "pyodide.mjs").as_uri(), SOLVE % repeats))
    done = subprocess.run([node, str(folder / "solve.mjs"), str(folder / "positions.json"), *map(str, wheels)],
                          capture_output=True, text=True, timeout=1800, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _in_chromium(folder: Path, wheels: list[Path], repeats: int) -> dict:
    """The same run in a page of headless Chromium, Pyodide and the wheels served from
    127.0.0.1 with every other address blocked (:mod:`benchmarks.embed`'s server)."""
    import json
    import shutil

    from playwright.sync_api import sync_playwright

    from benchmarks.embed import CHROMIUM, CHROMIUM_ARGS, offline, serve

    shutil.copytree(PYODIDE, folder / "pyodide")
    names = [shutil.copy(w, folder / w.name) and w.name for w in wheels if w.parent != folder] + \
        [w.name for w in wheels if w.parent == folder]
    (folder / "solve.html").write_text(CHROMIUM_PAGE % (json.dumps(names), SOLVE % repeats), encoding="utf-8")
    with serve(folder) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            blocked = offline(context, base)
            page = context.new_page()
            page.goto(f"{base}solve.html")
            page.wait_for_function("document.body.dataset.state === 'ready'", timeout=1_800_000)
            assert not blocked, blocked
            return json.loads(page.evaluate("window.bluffmathResult"))
        finally:
            browser.close()


PYODIDE = Path(__file__).resolve().parents[1] / "node_modules" / "pyodide"


def under_pyodide(measured: dict[tuple[int, str], list[Engines]], repeats: int, most: int = 8) -> list[str]:
    """The ``most`` positions slowest for the python pass here, solved under Pyodide in Node
    and in Chromium (no numpy there: the python pass), best of ``repeats``; each answer must
    equal this process's. Needs node, the npm package pyodide (``npm ci``) and Chromium."""
    import json
    import shutil
    import tempfile

    from bluffmath.embed.wheel import write_wheel

    root = Path(__file__).resolve().parents[1]
    if shutil.which("node") is None or not (PYODIDE / "pyodide.mjs").is_file():
        return ["", "## Under Pyodide", "", "Not measured: needs node and `npm ci` (the npm package pyodide)."]
    every = sorted((m for rows in measured.values() for m in rows), key=lambda m: -m.times["python"])[:most]
    load = _load()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "positions.json").write_text(json.dumps([m.sample.position.to_json() for m in every]))
        extra = sorted((root / ".cache" / "pyodide-wheels").glob("*.whl"))  # sympy, mpmath (make test)
        wheels = [write_wheel(folder), *extra]
        node = _in_node(folder, wheels, repeats)
        chromium = _in_chromium(folder, wheels, repeats)
    lines = ["", "## The python pass under Pyodide", "",
             f"The {len(every)} positions above that are slowest for the python pass, solved by "
             f"`solve(position)` under Pyodide {node['python']} (WebAssembly, numpy "
             f"{'present' if node['numpy'] or chromium['numpy'] else 'absent'}: the pure-Python pass) in Node "
             f"and in headless Chromium (a page served from 127.0.0.1, every other address blocked), best of "
             f"{repeats}; each answer equals the numpy engine's here (checked). 1-minute load average {load} "
             "at the start.", "",
             "| position | set | Pyodide in Node | Pyodide in Chromium | python pass here | Chromium / here |",
             "|---|---|---|---|---|---|"]
    names = {id(m): name for (_, name), rows in measured.items() for m in rows}
    for m, there, page in zip(every, node["rows"], chromium["rows"], strict=True):
        truth = solve(m.sample.position, engine="numpy").to_json()
        same(f"Pyodide (Node) vs here on {m.sample.recipe}", there[1], truth)
        same(f"Pyodide (Chromium) vs here on {m.sample.recipe}", page[1], truth)
        lines.append(f"| {m.sample.recipe} | {names[id(m)]} | {seconds(there[0])} | {seconds(page[0])} | "
                     f"{seconds(m.times['python'])} | {_ratio(page[0] / m.times['python'])} |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.gauner", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few positions (what the tests run)")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    parser.add_argument("--pyodide", action="store_true", help="also the slowest positions under Pyodide (Node and Chromium)")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    start = _load()
    measured = run(plan)
    report = markdown(measured, plan, (start, _load()), "--write --pyodide" if args.pyodide else "--write")
    if args.pyodide:
        report += "\n".join(under_pyodide(measured, plan.repeats)) + "\n"
    print(report, end="")
    if args.write:
        RESULTS.write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
