"""The Gauner raus! baseline: a projected model counter (Ganak, through ``pyganak``) asked
the same questions as :func:`bluffmath.gauner.solve`.

A position becomes a CNF formula with one variable ``x[h, c]`` for each holder ``h`` (every
opponent, then the surplus) and each unknown cell ``c`` ("``c`` is with ``h``"):

- every cell with exactly one holder (one clause, and pairwise at-most-one);
- "not mine" (and every cell that a seat cannot hold) as unit clauses ``-x[seat, c]``;
- each opponent holds exactly its hidden count: ``Σ_c x[seat, c] = hidden`` (a
  totalizer from ``pysat.card.CardEnc``, with auxiliary variables; of the encodings
  tried, sequential counters and modulo totalizers, Ganak was fastest on this one);
- each number: ``Σ x[seat, c]`` over the cross's cells the seat could hold equals the
  number minus the seat's laid cards in the cross (``Constraint.residual``).

The auxiliary variables are projected away (Ganak's sampling set is the ``x``
variables), so the count is the number of deals. The *whole table* is that count plus
one count per (opponent, cell) with the unit clause ``x[seat, c]`` added, each in a fresh
counter (``pyganak.Counter.count`` runs once per instance); cells a seat cannot hold
(marked, or not unknown) need no count (0 by construction), and the surplus's column is
the total minus the opponents' (every cell has exactly one holder).

>>> from bluffmath.gauner import Position, solve
>>> hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...         "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
>>> p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand,
...     "tables": [{"numbers": {"green-A": 2}}, {"numbers": {"green-A": 5}}]})
>>> f = encode(p)
>>> count(f) == solve(p).deals == 810810
True
>>> table = whole_table(p)
>>> table.held == solve(p).counts.held
True
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field

from bluffmath.gauner.joint import Holder
from bluffmath.gauner.position import Position

SURPLUS = "surplus"


@dataclass(frozen=True)
class Formula:
    """A position as CNF: the clauses, the variable of each (holder, cell), and the
    sampling set (the ``x`` variables)."""

    clauses: tuple[tuple[int, ...], ...]
    top: int  # the highest variable number, auxiliaries included
    var: dict[tuple[Holder, int], int]
    unknown: tuple[int, ...]
    opponents: tuple[int, ...]
    allowed: dict[int, frozenset[int]]  # per opponent, the cells it could hold

    @property
    def projection(self) -> list[int]:
        return sorted(self.var.values())

    def queries(self) -> list[tuple[int, int]]:
        """The (opponent, cell) pairs the whole table needs a count for."""
        return [(seat, c) for seat in self.opponents for c in self.unknown
                if c in self.allowed[seat]]


@dataclass(frozen=True)
class Table:
    """The model counter's whole table (or part of it): ``held`` as in
    :class:`bluffmath.gauner.joint.Counts`, the seconds each count took."""

    total: int
    held: dict[Holder, dict[int, int]]
    seconds: tuple[float, ...] = field(default=())  # the total's count first
    counted: int = 0  # counts run (the total's included)
    needed: int = 0  # counts the whole table needs (the total's included)


def encode(position: Position) -> Formula:
    """The CNF formula whose models (projected on ``x``) are the deals that fit ``position``."""
    from pysat.card import CardEnc, EncType

    unknown = position.unknown
    opponents = position.opponents
    holders: list[Holder] = [*opponents, SURPLUS]
    var: dict[tuple[Holder, int], int] = {}
    for h in holders:
        for c in unknown:
            var[h, c] = len(var) + 1
    top = len(var)
    clauses: list[tuple[int, ...]] = []
    for c in unknown:  # exactly one holder
        lits = [var[h, c] for h in holders]
        clauses.append(tuple(lits))
        clauses += [(-a, -b) for i, a in enumerate(lits) for b in lits[i + 1:]]
    allowed: dict[int, frozenset[int]] = {}
    for seat in opponents:
        facts = position.seat_facts(seat)
        allowed[seat] = facts.allowed
        clauses += [(-var[seat, c],) for c in unknown if c not in facts.allowed]
        sums = [([var[seat, c] for c in unknown if c in facts.allowed], facts.hidden)]
        sums += [([var[seat, c] for c in sorted(con.cells)], con.residual)
                 for con in facts.constraints]
        for lits, k in sums:
            if k < 0 or k > len(lits):  # no deal fits: say so in the formula
                clauses += [(var[seat, unknown[0]],), (-var[seat, unknown[0]],)]
                continue
            if not lits:
                continue
            enc = CardEnc.equals(lits=lits, bound=k, top_id=top, encoding=EncType.totalizer)
            clauses += [tuple(cl) for cl in enc.clauses]
            top = max(top, enc.nv)
    return Formula(tuple(clauses), top, var, unknown, opponents, allowed)


def count(formula: Formula, units: Iterable[int] = ()) -> int:
    """Ganak's exact projected count of ``formula`` with the literals ``units`` added."""
    from pyganak import Counter

    counter = Counter()
    counter.new_vars(formula.top)
    counter.add_clauses(formula.clauses)
    for lit in units:
        counter.add_clause([lit])
    counter.set_sampling_set(formula.projection)
    with _quiet():
        return int(counter.count())


@contextmanager
def _quiet() -> Iterator[None]:
    """Send what the C++ side writes to the standard output (Ganak's "c o ..." lines) to
    the null device, so it never lands in the report printed there."""
    sys.stdout.flush()
    saved = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    try:
        yield
    finally:
        _libc_flush()
        os.dup2(saved, 1)
        os.close(saved)


def _libc_flush() -> None:
    with suppress(OSError, AttributeError):  # no C library to ask (not POSIX): nothing to do
        ctypes.CDLL(None).fflush(None)


def timed_count(formula: Formula, units: Sequence[int] = (),
                timeout: float | None = None) -> tuple[int | None, float]:
    """:func:`count` and the seconds it took (setting up the counter included). With a
    ``timeout``, the count runs in a child process, stopped after ``timeout`` seconds:
    then ``(None, timeout)``. The seconds are measured in the process that counts, so
    starting the child is not counted."""
    if timeout is None:
        start = time.perf_counter()
        n = count(formula, units)
        return n, time.perf_counter() - start
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_count_in_child, args=(formula, tuple(units), send),
                            daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(timeout):
            return None, timeout
        try:
            n, took = receive.recv()
        except EOFError:
            raise RuntimeError(f"the model counter's process ended without a count "
                               f"(exit code {child.exitcode})") from None
        return n, took
    finally:
        if child.is_alive():
            child.terminate()
        child.join()
        receive.close()


def _count_in_child(formula: Formula, units: tuple[int, ...], send: object) -> None:
    send.send(timed_count(formula, units))  # type: ignore[attr-defined]
    send.close()  # type: ignore[attr-defined]


def whole_table(position: Position, queries: Sequence[tuple[int, int]] | None = None,
                formula: Formula | None = None) -> Table:
    """The total and the (opponent, cell) counts of ``queries`` (all of them by default),
    each timed; the surplus column is filled in only for a whole table."""
    f = encode(position) if formula is None else formula
    needed = f.queries()
    asked = needed if queries is None else list(queries)
    seconds = []
    start = time.perf_counter()
    total = count(f)
    seconds.append(time.perf_counter() - start)
    held: dict[Holder, dict[int, int]] = {seat: {c: 0 for c in f.unknown} for seat in f.opponents}
    for seat, c in asked:
        start = time.perf_counter()
        held[seat][c] = count(f, [f.var[seat, c]])
        seconds.append(time.perf_counter() - start)
    if queries is None:
        held[SURPLUS] = {c: total - sum(held[s][c] for s in f.opponents) for c in f.unknown}
    return Table(total, held, tuple(seconds), 1 + len(asked), 1 + len(needed))
