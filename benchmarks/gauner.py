"""Gauner raus!: how fast ``solve`` answers the whole table on positions of real games.

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

import math
import random
import sys
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass

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
  default engine (python when the diagrams' product is under 5,000, numpy above), answers
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
