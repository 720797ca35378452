"""Hoax: per-role odds and the conflict search, against enumerating the role assignments.

``python -m benchmarks.hoax [--quick] [--write]``

*Positions.* Drawn by a fixed seed from simulated tables, not chosen: an edition and a
number of players, a fair deal, my own card, up to three bought looks (true ones), and
occasions as the practice table plays them (:mod:`bluffmath.hoax.practice`): at each, a
random role, and every other player speaks as it or keeps silent with the bluffing
model's chances (the model itself drawn from a short list, one chance or one per role),
until the case holds the number of claims of its row. A conflict case adds two players
shown to hold my own role, at random places among the facts.

*Ours.* :func:`bluffmath.hoax.deduce.count` and every player's posterior from it (what
``deduce(case).grid()`` does; a :class:`~bluffmath.hoax.Case` holds at most
``bluffmath.limits.MAX_HOAX_FACTS`` = 2,000 facts, so the counting is called with the facts
directly), and :func:`~bluffmath.hoax.deduce.conflict_error` for the conflicts.

*Baseline: what a competent user writes instead.* Each player's weight for each role,
multiplied fact by fact in Fractions, scaled to whole numbers; then every assignment of
roles to players (``itertools.product``) that uses no role more than twice, weighted by
its number of physical deals (2 for a role held once, 2 for a role held twice) times the
players' weights, summed per player and role. Run only where the assignments number at
most ``MOST_ASSIGNMENTS``. For conflicts: the plain search, a matching of players to cards
for every fact in turn (:func:`plain_conflict`). Both sides must give the same exact
posteriors and the same facts (checked on every case).

Times are the median of ``REPEATS`` calls per case (the baseline within a time budget);
the table gives the median, 95th percentile and worst over the cases of a row. One
process, one core.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from benchmarks.report import machine, ratio
from benchmarks.timing import Timing, repeat, seconds, within
from bluffmath.hoax import GERMAN, ORIGINAL, BluffModel, Case, Claim, Holds, IsNot
from bluffmath.hoax.deduce import Counts, _fits, _zeros, conflict_error, count
from bluffmath.hoax.evidence import Fact

RESULTS = Path(__file__).with_name("HOAX.md")
SEED = 20261202
MOST_ASSIGNMENTS = 50_000
REPEATS = 3
BUDGET = 20.0  # seconds for the baseline's repetitions on one case
MODELS = (
    BluffModel(Fraction(1), Fraction(1, 4)),
    BluffModel(Fraction(9, 10), Fraction(1, 3)),
    BluffModel(Fraction(4, 5), Fraction(1, 10)),
    BluffModel(Fraction(1), {"King": Fraction(1, 3), "Judge": Fraction(1, 4), "Wizard": Fraction(1, 5),
                             "Thief": Fraction(1, 6)}),
    BluffModel(Fraction(5, 6), {"King": Fraction(1, 7), "Vicar": Fraction(2, 9), "Peasant": Fraction(1, 4)}),
)


@dataclass(frozen=True)
class Drawn:
    """One position: the case (its edition, players and model; no facts) and the facts."""

    case: Case
    facts: tuple[Fact, ...]

    @property
    def assignments(self) -> int:
        return len(self.case.edition.roles) ** self.case.players


def draw(rng: random.Random, claims: int, conflict: bool = False) -> Drawn:
    """A position from a simulated table with ``claims`` claims and silences."""
    ed = rng.choice((ORIGINAL, GERMAN))
    players = rng.randrange(ed.players.start, ed.players.stop)
    model = rng.choice(MODELS)
    model = BluffModel(model.honest, model.bluff if isinstance(model.bluff, Fraction)
                       else {r: p for r, p in model.bluff if r in ed.roles})
    deck = [r for r in ed.roles for _ in range(2)]
    rng.shuffle(deck)
    truth = deck[:players]
    facts: list[Fact] = [Holds(0, truth[0], "own card")]
    for _ in range(rng.randrange(4)):
        p = rng.randrange(1, players)
        facts.append(IsNot(p, rng.choice([r for r in ed.roles if r != truth[p]]), "bought"))
    said = 0
    while said < claims:
        role = rng.choice(ed.roles)
        for p in range(1, players):
            if said < claims:
                chance = model.honest if truth[p] == role else model.bluff_for(role)
                facts.append(Claim(p, role, rng.random() < chance))
                said += 1
    if conflict:
        for p in rng.sample(range(1, players), 2):
            facts.insert(rng.randrange(len(facts) + 1), Holds(p, truth[0], "revealed"))
    return Drawn(Case(ed, players, (), model), tuple(facts))


def ours(d: Drawn) -> list[list[Fraction]]:
    """Every player's posterior over the roles, by bluffmath's counting."""
    counts: Counts = count(d.case, d.facts)
    roles = d.case.edition.roles
    return [[Fraction(counts.by[p, r], counts.total) for r in roles] for p in range(d.case.players)]


def enumerate_assignments(d: Drawn) -> list[list[Fraction]]:
    """The baseline: every assignment of roles to players, weighted (see the module)."""
    roles, players, model = d.case.edition.roles, d.case.players, d.case.model
    rows = []
    for p in range(players):
        row = []
        for role in roles:
            w = Fraction(1)
            for f in d.facts:
                if f.player != p:
                    continue
                if isinstance(f, Holds):
                    w *= f.role == role
                elif isinstance(f, IsNot):
                    w *= f.role != role
                else:
                    chance = model.honest if f.role == role else model.bluff_for(f.role)
                    w *= chance if f.spoke else 1 - chance
            row.append(w)
        scale = math.lcm(*(w.denominator for w in row))
        rows.append([w.numerator * (scale // w.denominator) for w in row])
    total = 0
    by = [[0] * len(roles) for _ in range(players)]
    for assignment in itertools.product(range(len(roles)), repeat=players):
        held = [0] * len(roles)
        for r in assignment:
            held[r] += 1
        if max(held) > 2:
            continue
        weight = 2 ** sum(1 for h in held if h)  # the physical deals: 2 ways for a role held once or twice
        for p, r in enumerate(assignment):
            weight *= rows[p][r]
            if not weight:
                break
        if weight:
            total += weight
            for p, r in enumerate(assignment):
                by[p][r] += weight
    return [[Fraction(by[p][r], total) for r in range(len(roles))] for p in range(players)]


def plain_conflict(d: Drawn) -> list[Fact]:
    """The plain conflict search: for every fact in turn, drop it if the others still admit
    no deal (a matching of players to cards each time)."""
    roles = d.case.edition.roles
    ruled = [[0] * len(roles) for _ in range(d.case.players)]
    for fact in d.facts:
        for r in _zeros(d.case.model, roles, fact):
            ruled[fact.player][r] += 1
    kept = []
    for fact in d.facts:
        out = _zeros(d.case.model, roles, fact)
        for r in out:
            ruled[fact.player][r] -= 1
        if out and _fits(ruled, len(roles)):
            for r in out:
                ruled[fact.player][r] += 1
            kept.append(fact)
    return kept


@dataclass(frozen=True)
class Row:
    """One row of the report: what was timed on which sizes, and the medians per case."""

    what: str
    claims: int
    cases: int
    ours: Timing  # each case's median
    theirs: Timing | None
    skipped: int  # cases the baseline was not run on (too many assignments)
    ratios: tuple[float, ...]  # baseline / bluffmath, per case both ran on


def _summary(t: Timing) -> str:
    return f"{seconds(t.median)} / {seconds(t.p95)} / {seconds(t.worst)}"


def odds_row(claims: int, cases: int, rng: random.Random) -> Row:
    mine, theirs, ratios, skipped = [], [], [], 0
    for i in range(cases):
        d = draw(rng, claims)
        print(f"  odds: {claims:,} claims, case {i + 1}/{cases}: {d.case.edition.name}, "
              f"{d.case.players} players", file=sys.stderr, flush=True)
        answer = ours(d)
        mine.append(repeat(lambda d=d: ours(d), REPEATS).median)
        if d.assignments > MOST_ASSIGNMENTS:
            skipped += 1
            continue
        timing, expected = within(lambda d=d: enumerate_assignments(d), BUDGET, REPEATS)
        assert answer == expected, (claims, i)
        theirs.append(timing.median)
        ratios.append(timing.median / mine[-1])
    return Row("per-role odds", claims, cases, Timing(tuple(mine)), Timing(tuple(theirs)) if theirs else None,
               skipped, tuple(ratios))


def conflict_row(claims: int, cases: int, rng: random.Random) -> Row:
    mine, theirs, ratios = [], [], []
    for i in range(cases):
        d = draw(rng, claims, conflict=True)
        print(f"  conflict: {claims:,} claims, case {i + 1}/{cases}", file=sys.stderr, flush=True)
        named = conflict_error(d.case, d.facts).facts
        assert count(d.case, named).total == 0
        mine.append(repeat(lambda d=d: conflict_error(d.case, d.facts), REPEATS).median)
        timing, expected = within(lambda d=d: plain_conflict(d), BUDGET, REPEATS)
        assert list(named) == expected, (claims, i)
        theirs.append(timing.median)
        ratios.append(timing.median / mine[-1])
    return Row("conflict search", claims, cases, Timing(tuple(mine)), Timing(tuple(theirs)), 0, tuple(ratios))


def run(quick: bool) -> tuple[str, list[Row]]:
    rng = random.Random(SEED)
    sizes = (100, 1_000) if quick else (100, 1_000, 10_000)
    cases = 3 if quick else 12
    start = os.getloadavg()[0]
    rows = [odds_row(n, cases, rng) for n in sizes] + [conflict_row(n, cases, rng) for n in sizes]
    load = (start, os.getloadavg()[0])
    table = ["| what | claims | cases | bluffmath: median / p95 / worst | baseline: median / p95 / worst "
             "| baseline / bluffmath, median over cases | per 1,000 claims (bluffmath median) |",
             "|---|---:|---:|---|---|---:|---:|"]
    for row in rows:
        base = "not run" if row.theirs is None else _summary(row.theirs)
        if row.skipped:
            base += f" ({row.cases - row.skipped} of {row.cases} cases; the others have more than " \
                    f"{MOST_ASSIGNMENTS:,} assignments)"
        speed = "-" if not row.ratios else ratio(statistics.median(row.ratios))
        table.append(f"| {row.what} | {row.claims:,} | {row.cases} | {_summary(row.ours)} | {base} | {speed} | "
                     f"{seconds(row.ours.median / row.claims * 1000)} |")
    head = ["# Hoax: per-role odds and the conflict search", "",
            "Written by `python -m benchmarks.hoax" + (" --quick" if quick else "") + " --write`; the method "
            "is in the module's docstring. Every case's posteriors equal the baseline's exactly, and "
            "every conflict names the plain search's facts (checked).", "",
            *machine(load), "",
            f"{'Quick' if quick else 'Full'} run: cases drawn by seed {SEED}; times are each case's median of "
            f"{REPEATS} calls, summarised over the cases of a row.", ""]
    return "\n".join([*head, *table]) + "\n", rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hoax", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 claims, 3 cases each")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    text, _ = run(args.quick)
    print(text)
    if args.write:
        RESULTS.write_text(text)
    print(f"({time.perf_counter() - began:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
