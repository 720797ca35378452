"""The benchmarks: what is timed against what, on which queries, and the floors to meet.

Each benchmark times a bluffmath computation (cold: every bluffmath cache emptied before
each repetition; and warm) and a baseline on the same queries in the same run, and first
checks that both give exactly the same answer: a :class:`Disagreement` stops the run, so
a ratio is never reported for code that computes something else.

=======================================  ===============================================
benchmark                                baseline
=======================================  ===============================================
a colour's total vs plain enumeration    ``itertools.combinations`` of the unseen cards
                                         (:mod:`benchmarks.plain`, its code in its
                                         docstring)
a colour's total vs icepool              ``Deck(...).deal(hands).sum()``
                                         (:mod:`benchmarks.icepool_total`)
call_odds vs plain enumeration           the same, counting the sets that reach the call
exchange_distribution vs plain           the card drawn, then combinations of the rest
read_bids vs enumerating the callers'    ``itertools.permutations`` of the unseen cards
cards                                    over the callers only, combinations for the
                                         silent hands
odds_table vs plain enumeration          all of the above for every colour
5-player card-counting games             the same games by bots that build a full odds
                                         table per decision (``benchmarks.games``)
tournament on 2 processes                the same tournament in one process
Gauner raus! whole table (solve)         ``solve(engine="python")`` on a sample of the
                                         same positions (``benchmarks.gauner``)
Gauner raus! whole table vs model        Ganak (``pyganak``), exact projected #SAT, one
counter                                  count per cell of the table
                                         (``benchmarks.model_counter``)
=======================================  ===============================================

The Hochstapler rows (all but the games, the tournament and Gauner raus!) run on
queries and positions drawn at random, by fixed seeds, from simulated games
(:mod:`benchmarks.positions`), one row per number of players; their "median / p95 /
worst" are over those queries, each timed several times (the median kept).
The games rows time a batch of whole games per repetition and report games per second;
their bluffmath side runs in this process, on one core, no pool. The Gauner raus! rows
time many positions once each (best of a few), not one query many times: their "median /
worst" is over positions (see :mod:`benchmarks.gauner`).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from benchmarks import games, icepool_total, plain, positions, timing
from benchmarks.timing import Timing
from bluffmath import hochstapler as hs
from bluffmath.hochstapler import Game, OpponentModel, Position
from bluffmath.hochstapler.bots import CardCountingBot, RandomBot
from bluffmath.hochstapler.rules import CARDS_PER_COLOUR
from bluffmath.hochstapler.tournament import run_tournament

TOTAL = "a colour's total vs plain enumeration"
ICEPOOL = "a colour's total vs icepool"
CALL = "call_odds vs plain enumeration"
EXCHANGE = "exchange_distribution vs plain enumeration"
BIDS = "read_bids vs enumerating the callers' cards"
TABLE = "odds_table vs plain enumeration"
GAMES = "5-player card-counting games vs odds-table bots"
TOURNAMENT = "tournament on 2 processes vs 1"
GAUNER = "Gauner raus! whole table: default engine (both engines on a sample)"
GAUNER_COUNTER = "Gauner raus! whole table vs model counter (pyganak)"
BENCHMARKS = (TOTAL, ICEPOOL, CALL, EXCHANGE, BIDS, TABLE, GAMES, TOURNAMENT, GAUNER,
              GAUNER_COUNTER)

Query = tuple[int, int | None, tuple[int, ...]]  # players, own card, face-up cards


class Disagreement(AssertionError):
    """bluffmath and a baseline gave different answers to the same query."""


def same(what: str, ours: object, theirs: object) -> None:
    """Raise :class:`Disagreement` unless ``ours == theirs`` (a real check, kept under -O)."""
    if ours != theirs:
        raise Disagreement(f"{what}: bluffmath gave {ours!r}, the baseline {theirs!r}")


@dataclass(frozen=True)
class Floor:
    """A floor from the issue: bluffmath at least ``ratio`` times faster than the baseline,
    at most ``seconds`` per call, or at least ``per_second`` items (games) a second
    (median and worst, cold). With ``worst`` too, ``seconds`` bounds the median only and
    ``worst`` bounds the worst."""

    benchmark: str
    text: str
    ratio: float | None = None
    seconds: float | None = None
    per_second: float | None = None
    worst: float | None = None

    def verdict(self, ours: Timing, ratio: float, items: int = 1) -> tuple[bool, str]:
        """Whether the floor is met, and how to say it in the table."""
        if self.worst is not None:
            assert self.seconds is not None
            median_ok, worst_ok = ours.median < self.seconds, ours.worst < self.worst
            if median_ok and worst_ok:
                return True, "yes (median and worst)"
            if median_ok:
                return False, "median only (worst is over)"
            return False, "worst only (median is over)" if worst_ok else "**no**"
        if self.ratio is not None:
            met = ratio >= self.ratio
            return met, "yes" if met else "**no**"
        if self.per_second is not None:
            if items / ours.worst >= self.per_second:
                return True, "yes (median and worst)"
            if items / ours.median >= self.per_second:
                return False, "median only (worst is under)"
            return False, "**no**"
        assert self.seconds is not None
        if ours.worst < self.seconds:
            return True, "yes (median and worst)"
        if ours.median < self.seconds:
            return False, "median only (worst is over)"
        return False, "**no**"


@dataclass(frozen=True)
class Row:
    """One benchmark on one query: both sides' timings, and the checks."""

    benchmark: str
    query: str
    ours: Timing  # cold
    warm: Timing
    baseline: Timing
    agreed: bool
    floor: Floor | None = None
    items: int = 1  # games per call, for the games rows
    text: tuple[str, str, str, str] | None = None
    """Ready-made cells (bluffmath cold, warm, baseline, ratio) for rows whose timings are
    over many positions rather than repetitions of one query (the Gauner raus! rows)."""
    peak: int | None = None  # the most memory one call traced (bytes), where measured
    data: Any = field(default=None, compare=False, repr=False)
    """What a row's report section needs beyond the timings (the Gauner raus! rows: the
    positions measured)."""

    @property
    def rate(self) -> float:
        """Items (games) per second, cold median."""
        return self.items / self.ours.median

    @property
    def ratio(self) -> float:
        """How many times faster bluffmath is (cold medians)."""
        return self.baseline.median / self.ours.median

    @property
    def met(self) -> bool | None:
        """Whether the floor is met; None without a floor."""
        return None if self.floor is None else self.floor.verdict(self.ours, self.ratio, self.items)[0]

    @property
    def verdict(self) -> str:
        """The "met?" cell."""
        return "–" if self.floor is None else self.floor.verdict(self.ours, self.ratio, self.items)[1]


@dataclass(frozen=True)
class Plan:
    """The queries and repetitions of one run (see :data:`FULL` and :data:`QUICK`)."""

    player_counts: tuple[int, ...]  # a row per number of players in the Hochstapler rows
    games: int  # simulated games per number of players, whose positions are drawn from
    queries: int  # card-counting queries per number of players (totals, calls, exchanges)
    query_repeats: int  # timed calls of each side per query (the median is kept)
    icepool_queries: int  # of those, the ones also asked of icepool
    bids: int  # colours with spoken calls per number of players, half of them crowded
    tables: int  # positions per number of players for the odds table, drawn at random
    crowded_tables: int  # and positions with calls from most seats in one colour
    table_repeats: int  # cold calls per position (the median is kept)
    table_baseline: int  # positions per number of players also built by plain enumeration
    baseline_budget: float  # seconds a slow baseline may be repeated for, per query
    baseline_most: int
    game_batch: int  # 5-player games per timed call
    game_repeats: int
    tournament_games: int  # 5-player games per tournament
    tournament_repeats: int
    gauner: GaunerPlan
    model: OpponentModel = field(default_factory=OpponentModel)
    seed: int = 2026  # draws the queries and positions from the simulated games


@dataclass(frozen=True)
class GaunerPlan:
    """The Gauner raus! positions and how they are timed (see :mod:`benchmarks.gauner`)."""

    games: int  # random games per player count (seeds 0, 1, ...)
    per_stage: int  # positions per stage (early, middle, late third) per game, besides the first
    repeats: int  # timed calls per position (the best is kept)
    python_every: int  # the python engine on every n-th position of each player count
    counter_positions: tuple[tuple[int, int, str], ...]  # players, seed, stage
    counter_budget: float | None  # seconds of counts per position; None: the whole table
    counter_timeout: float | None  # seconds a single count may take; None: no limit
    counter_least: int = 3  # counts run per position even over the budget (total included)


FULL = Plan(
    player_counts=(3, 4, 5, 6, 7),
    games=30,
    queries=120,
    query_repeats=15,
    icepool_queries=30,
    bids=10,
    tables=150,
    crowded_tables=50,
    table_repeats=3,
    table_baseline=3,
    baseline_budget=2.0,
    baseline_most=5,
    game_batch=20,
    game_repeats=20,
    tournament_games=2000,
    tournament_repeats=3,
    gauner=GaunerPlan(
        games=50, per_stage=2, repeats=2, python_every=10,
        counter_positions=tuple((players, 0, stage) for players in (2, 3, 4)
                                for stage in ("early", "middle", "late")),
        counter_budget=30.0, counter_timeout=60.0,
    ),
)

QUICK = Plan(
    player_counts=(3, 4),
    games=1,
    queries=3,
    query_repeats=2,
    icepool_queries=1,
    bids=2,
    tables=2,
    crowded_tables=1,
    table_repeats=1,
    table_baseline=1,
    baseline_budget=0.05,
    baseline_most=2,
    game_batch=2,
    game_repeats=1,
    tournament_games=4,
    tournament_repeats=1,
    gauner=GaunerPlan(
        games=2, per_stage=1, repeats=1, python_every=3,
        counter_positions=((2, 1, "late"), (3, 0, "late")),
        counter_budget=None, counter_timeout=None,
    ),
)

TOTAL_PACE = Floor(TOTAL, "≥ 1x (medians) at every number of players", ratio=1)
RATIO_BIDS = Floor(BIDS, "≥ 20x at 7 players", ratio=20)
TABLE_TIME = Floor(TABLE, "every position < 20 ms", seconds=0.020)
GAMES_RATE = Floor(GAMES, "≥ 100 games/s per core", per_second=100)
GAUNER_TIME = {n: Floor(GAUNER, f"every position < 0.25 s at {n} players", seconds=0.25) for n in (2, 3, 4)}
GAUNER_RATIO = Floor(GAUNER_COUNTER, "≥ 100x", ratio=100)
GAUNER_MEMORY = 300 * 10**6
"""Peak memory of one ``solve`` (traced by ``tracemalloc``) on every position: < 300 MB."""


# --- the positions: drawn from simulated games -----------------------------------------
def drawn(plan: Plan, players: int) -> list[Position]:
    """Every position of ``plan.games`` simulated games of ``players`` (cached per plan)."""
    key = (plan.games, players)
    if key not in _POSITIONS:
        _POSITIONS[key] = positions.positions(players, plan.games)
    return _POSITIONS[key]


_POSITIONS: dict[tuple[int, int], list[Position]] = {}


def crowd(players: int) -> int:
    """The callers in one colour that make a position crowded: all but one of the others."""
    return players - 2


def describe_calls(position: Position, colour: str) -> str:
    """The spoken calls of ``colour`` in words."""
    spoken = position.spoken_calls(colour)
    calls = "; ".join(f"seat {c.seat} {c.total}" for c in spoken)
    face_up = ",".join(map(str, position.face_up(colour))) or "–"
    return (f"own {position.hand[colour]}, face up {face_up}, "
            f"{len({c.seat for c in spoken})} seats called: {calls}")


def _progress(benchmark: str, query: str) -> None:
    print(f"  {benchmark}: {query}", file=sys.stderr, flush=True)


# --- the benchmarks -------------------------------------------------------------------
def _exact(d: Any) -> dict[int, Fraction]:
    """A bluffmath distribution as ``{total: Fraction}``, to compare with a baseline's."""
    return dict(d.items())


def _shares(ways: Any) -> dict[int, Fraction]:
    """A baseline's numbers of ways (``{total: ways}``) as ``{total: Fraction}``."""
    whole = sum(ways.values())
    return {t: Fraction(n, whole) for t, n in sorted(ways.items()) if n}


def _spread(t: Timing, what: str) -> str:
    """Median, p95 and worst of a timing over queries or positions."""
    return (f"median {timing.seconds(t.median)} / p95 {timing.seconds(t.p95)} / worst "
            f"{timing.seconds(t.worst)} ({t.repeats} {what})")


def _over(benchmark: str, query: str, ours: Timing, warm: Timing, theirs: Timing,
          floor: Floor | None, what: str, base_what: str | None = None) -> Row:
    """A row over many queries: each side's per-query times, and the ratios."""
    pairs = list(zip(ours.times, theirs.times, strict=True)) if base_what is None else []
    per_query = sorted(b / a for a, b in pairs)
    speedup = f"{report_ratio(theirs.median / ours.median)} (medians)"
    if per_query:
        slower = sum(r < 1 for r in per_query)
        speedup += (f"; per query {report_ratio(per_query[len(per_query) // 2])} median, "
                    f"{report_ratio(per_query[0])} lowest; bluffmath slower on {slower} of "
                    f"{len(per_query)}")
    text = (_spread(ours, what), timing.seconds(warm.median),
            _spread(theirs, base_what or what), speedup)
    return Row(benchmark, query, ours, warm, theirs, True, floor, text=text)


def report_ratio(x: float) -> str:
    """A speed-up for people (as :func:`benchmarks.report.ratio`)."""
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


def _paired(benchmark: str, query: str, queries: Sequence[Any], ours: Callable[..., Any],
            theirs: Callable[..., Any], check: Callable[[Any, Any], None], plan: Plan,
            floor: Floor | None = None, repeats: int | None = None) -> Row:
    """Time both sides on every query in turn (the median of ``repeats`` calls each, or
    of a fifth as many, at least 3, where the baseline takes over a millisecond), after
    checking that they agree; bluffmath cold."""
    _progress(benchmark, query)
    mine, other, warm = [], [], []
    for q in queries:
        timing.clear_bluffmath_caches()
        first, answer = timing.within(lambda q=q: theirs(*q), 0, 1)
        check(ours(*q), answer)
        times = plan.query_repeats if repeats is None else repeats
        if first.median > 1e-3:
            times = min(times, max(3, times // 5))
        a, b = timing.paired(lambda q=q: ours(*q), lambda q=q: theirs(*q), times)
        mine.append(a)
        other.append(b)
        warm.append(timing.warm(lambda q=q: ours(*q), 2).median)
    return _over(benchmark, query, Timing(tuple(mine)), Timing(tuple(warm)),
                 Timing(tuple(other)), floor, "queries")


def total_queries(plan: Plan, players: int) -> list[positions.Query]:
    """``plan.queries`` colours of positions drawn at random, as (players, own, face up)."""
    every = positions.colour_queries(drawn(plan, players))
    return random.Random(f"{plan.seed}/total/{players}").sample(every, min(plan.queries, len(every)))


def bench_total(plan: Plan) -> list[Row]:
    """``total_distribution`` against plain enumeration, on random queries."""
    rows = []
    for players in plan.player_counts:
        queries = total_queries(plan, players)

        def check(ours: Any, theirs: Any) -> None:
            same("a colour's total", _exact(ours), _shares(theirs))

        rows.append(_paired(TOTAL, f"{players} players: {len(queries)} colours of random "
                                   f"positions of {plan.games} simulated games",
                            queries, hs.total_distribution, plain.total, check, plan,
                            floor=TOTAL_PACE))
    return rows


def bench_icepool(plan: Plan) -> list[Row]:
    """``total_distribution`` against icepool's deal-and-sum, on some of the same queries."""
    rows = []
    library = (f"icepool {icepool_total.VERSION}" if icepool_total.AVAILABLE
               else "icepool not installed: plain enumeration in its place")
    for players in plan.player_counts:
        queries = total_queries(plan, players)[:plan.icepool_queries]

        def check(ours: Any, theirs: Any) -> None:
            same("a colour's total vs icepool", _exact(ours), _shares(theirs))

        rows.append(_paired(ICEPOOL, f"{players} players: {len(queries)} of the same "
                                     f"queries; {library}",
                            queries, hs.total_distribution, icepool_total.total, check, plan,
                            repeats=max(1, plan.query_repeats // 5)))
    return rows


def bench_call(plan: Plan) -> list[Row]:
    """``call_odds`` against plain enumeration: the lowest call the position allows."""
    rows = []
    for players in plan.player_counts:
        queries = []
        for own_players, own, face_up in total_queries(plan, players):
            queries.append((own_players, own, _lowest_call(plan, players, own, face_up), face_up))

        def theirs(players: int, own: int | None, call: int, face_up: Any) -> Fraction:
            ways = plain.total(players, own, face_up)
            return Fraction(sum(n for t, n in ways.items() if t >= call), sum(ways.values()))

        def check(ours: Any, base: Any) -> None:
            same("call_odds", ours, base)

        rows.append(_paired(CALL, f"{players} players: {len(queries)} colours of random "
                                  "positions, each at the lowest legal call",
                            queries, hs.call_odds, theirs, check, plan))
    return rows


def _lowest_call(plan: Plan, players: int, own: int | None, face_up: tuple[int, ...]) -> int:
    """A call to ask about: the median total (a call about as likely true as not)."""
    ways = plain.total(players, own, face_up)
    half, seen = sum(ways.values()) / 2, 0
    for t in sorted(ways):
        seen += ways[t]
        if seen >= half:
            return t
    raise AssertionError("a distribution without a median")  # pragma: no cover


def bench_exchange(plan: Plan) -> list[Row]:
    """``exchange_distribution`` against enumerating the card drawn and the other hands."""
    rows = []
    for players in plan.player_counts:
        queries = [q for q in total_queries(plan, players)
                   if len(q[2]) < CARDS_PER_COLOUR - players - 1]

        def check(ours: Any, theirs: Any) -> None:
            same("exchange", _exact(ours), _shares(theirs))

        rows.append(_paired(EXCHANGE, f"{players} players: {len(queries)} colours of random "
                                      "positions (those with a card left to draw)",
                            queries, hs.exchange_distribution, plain.exchange, check, plan))
    return rows


def bids_queries(plan: Plan, players: int) -> list[tuple[Position, str]]:
    """Colours with spoken calls: half drawn from every such colour of the simulated
    positions, half from the crowded ones (calls from all but one of the other seats)."""
    every = [(p, c) for p in drawn(plan, players) for c in p.colours if p.spoken_calls(c)]
    many = [(p, c) for p, c in every
            if len({call.seat for call in p.spoken_calls(c)}) >= crowd(players)]
    rng = random.Random(f"{plan.seed}/bids/{players}")
    half = plan.bids // 2
    return rng.sample(every, min(plan.bids - half, len(every))) + rng.sample(many, min(half, len(many)))


def bench_bids(plan: Plan) -> list[Row]:
    """``read_bids`` against enumerating the callers' cards (and the silent hands' sets)."""
    rows = []
    model = plan.model
    for players in plan.player_counts:
        chosen = bids_queries(plan, players)
        queries = [(players, p.hand[c], p.spoken_calls(c), p.face_up(c)) for p, c in chosen]
        _progress(BIDS, f"{players} players, {len(queries)} colours")
        mine, other, warm = [], [], []
        for q in queries:
            base, answer = timing.within(
                lambda q=q: plain.read_bids(*q, model.threshold, model.bluff),
                plan.baseline_budget, plan.baseline_most)
            timing.clear_bluffmath_caches()
            same(f"read_bids {q}", _exact(hs.read_bids(*q, model=model)), _shares(answer))
            mine.append(timing.cold(lambda q=q: hs.read_bids(*q, model=model),
                                    plan.query_repeats).median)
            warm.append(timing.warm(lambda q=q: hs.read_bids(*q, model=model), 2).median)
            other.append(base.median)
        seats = sorted(len({c.seat for c in q[2]}) for q in queries)
        query = (f"{players} players: {len(queries)} colours with spoken calls from random "
                 f"positions, half of them crowded; {seats[0]}-{seats[-1]} seats called")
        floor = RATIO_BIDS if players == 7 else None
        rows.append(_over(BIDS, query, Timing(tuple(mine)), Timing(tuple(warm)),
                          Timing(tuple(other)), floor, "queries"))
    return rows


def our_table(position: Position, model: OpponentModel) -> tuple[Any, dict[Any, Fraction]]:
    """bluffmath's table, and from it P(total >= t) for every legal call, both ways."""
    table = hs.odds_table(position, model)
    grid = {(row.colour, t, reading): row.chance(t, reading)
            for row in table.rows for t in position.legal_totals() for reading in (False, True)}
    return table, grid


def plain_table(position: Position, model: OpponentModel) -> dict[str, tuple[Any, Any, Any]]:
    """The odds table by plain enumeration: each colour's (counting, reading, exchange)
    numbers of ways; a colour without spoken calls reuses its counting as its reading
    (which favours the baseline)."""
    players = position.players
    rows = {}
    for colour in position.colours:
        own, face_up = position.hand[colour], position.face_up(colour)
        spoken = position.spoken_calls(colour)
        counting = plain.total(players, own, face_up)
        reading = (plain.read_bids(players, own, spoken, face_up, model.threshold, model.bluff)
                   if spoken else counting)
        can_exchange = len(face_up) < CARDS_PER_COLOUR - players
        rows[colour] = (counting, reading,
                        plain.exchange(players, own, face_up) if can_exchange else None)
    return rows


def table_positions(plan: Plan, players: int) -> list[Position]:
    """``plan.tables`` positions drawn at random, then ``plan.crowded_tables`` crowded ones."""
    every = drawn(plan, players)
    rng = random.Random(f"{plan.seed}/tables/{players}")
    many = positions.crowded(every, crowd(players))
    return (rng.sample(every, min(plan.tables, len(every)))
            + rng.sample(many, min(plan.crowded_tables, len(many))))


def bench_table(plan: Plan) -> list[Row]:
    """``odds_table`` (plus every legal call's odds, both ways) on random positions; plain
    enumeration of the same on the first few of them."""
    rows = []
    model = plan.model
    for players in plan.player_counts:
        chosen = table_positions(plan, players)
        _progress(TABLE, f"{players} players, {len(chosen)} positions")
        mine, warm, other = [], [], []
        for i, position in enumerate(chosen):
            if i < plan.table_baseline:
                base, answer = timing.within(lambda p=position: plain_table(p, model),
                                             plan.baseline_budget, 1)
                timing.clear_bluffmath_caches()
                _check_table(position, our_table(position, model), answer)
                other.append(base.median)
            mine.append(timing.cold(lambda p=position: our_table(p, model),
                                    plan.table_repeats).median)
            warm.append(timing.warm(lambda p=position: our_table(p, model), 1).median)
        query = (f"{players} players: {len(chosen)} positions of {plan.games} simulated games "
                 f"({plan.tables} at random, {plan.crowded_tables} with ≥ {crowd(players)} "
                 f"callers in one colour); plain enumeration on {len(other)} of them")
        rows.append(_over(TABLE, query, Timing(tuple(mine)), Timing(tuple(warm)),
                          Timing(tuple(other)), TABLE_TIME, "positions",
                          f"positions, the first {len(other)}"))
    return rows


def _check_table(position: Position, ours: Any, theirs: dict[str, Any]) -> None:
    table, grid = ours
    same("odds_table: colours", [r.colour for r in table.rows], list(theirs))
    for row in table.rows:
        counting, reading, swap = theirs[row.colour]
        same(f"odds_table: {row.colour}",
             (_exact(row.counting), _exact(row.reading),
              None if row.exchange is None else _exact(row.exchange)),
             (_shares(counting), _shares(reading), None if swap is None else _shares(swap)))
    for (colour, t, reading), p in grid.items():
        d = theirs[colour][1 if reading else 0]
        same(f"odds_table: {colour} ≥ {t}", p,
             Fraction(sum(n for s, n in d.items() if s >= t), sum(d.values())))


def _measure(benchmark: str, query: str, ours: Callable[[], Any], theirs: Callable[[], Any],
             check: Callable[[Any, Any], None], plan: Plan, *,
             baseline: Callable[[Callable[[], Any]], tuple[Timing, Any]],
             floor: Floor | None = None, repeats: int, items: int = 1) -> Row:
    """Time the baseline (its first timed run gives its answer), check that ``ours()``
    gives the same, then time bluffmath cold and warm."""
    _progress(benchmark, query)
    base, answer = baseline(theirs)
    timing.clear_bluffmath_caches()
    check(ours(), answer)
    cold = timing.cold(ours, repeats)
    warm = timing.warm(ours, repeats)
    return Row(benchmark, query, cold, warm, base, True, floor, items)


def _cold_baseline(plan: Plan) -> Callable[[Callable[[], Any]], tuple[Timing, Any]]:
    """Time a baseline cold too, where it shares bluffmath's caches."""
    def run(call: Callable[[], Any]) -> tuple[Timing, Any]:
        return timing.within(call, plan.baseline_budget, plan.baseline_most,
                             timing.clear_bluffmath_caches)
    return run


def bench_games(plan: Plan) -> list[Row]:
    """5-player games of card-counting bots, in this process, against the same games by
    bots that build a full odds table per decision (:mod:`benchmarks.games`)."""
    game, seeds = Game(players=5), range(plan.game_batch)

    def check(ours: Any, theirs: Any) -> None:
        same("card-counting games (reveals and scores)", ours, theirs)

    return [_measure(GAMES, f"{plan.game_batch} games per call, seeds 0-{plan.game_batch - 1}, "
                            "one core, no pool",
                     lambda: games.card_counting_games(game, seeds),
                     lambda: games.table_bot_games(game, seeds),
                     check, plan, baseline=_cold_baseline(plan), floor=GAMES_RATE,
                     repeats=plan.game_repeats, items=plan.game_batch)]


def bench_tournament(plan: Plan) -> list[Row]:
    """``run_tournament`` on a pool of 2 processes against the same tournament in this
    process (``workers=1``), timed in turn so that both see the same load: the speed-up
    of the pool, at best the number of cores free for it (at most 2)."""
    bots = [CardCountingBot(), CardCountingBot(doubt_bias=Fraction(1, 10)), RandomBot(),
            CardCountingBot(), RandomBot()]
    n = plan.tournament_games
    _progress(TOURNAMENT, f"{n} games")
    before = _load()
    timing.clear_bluffmath_caches()
    same("tournament", run_tournament(bots, n, workers=2), run_tournament(bots, n, workers=1))
    pool, alone = [], []
    for _ in range(plan.tournament_repeats):
        pool.append(timing.repeat(lambda: run_tournament(bots, n, workers=2), 1,
                                  timing.clear_bluffmath_caches).median)
        alone.append(timing.repeat(lambda: run_tournament(bots, n, workers=1), 1,
                                   timing.clear_bluffmath_caches).median)
    query = (f"{n} 5-player games, card-counting and random bots, chunks of ≤ 100 games, "
             f"the two timed in turn; this machine: {os.cpu_count()} logical cores, load "
             f"average (1 min) {before:.2f} before, {_load():.2f} after")
    ours = Timing(tuple(pool))
    return [Row(TOURNAMENT, query, ours, ours, Timing(tuple(alone)), True, None, n)]


def _load() -> float:
    """The 1-minute load average (NaN where the system does not say)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def bench_gauner(plan: Plan) -> list[Row]:
    """Gauner raus!: ``solve`` on positions of random games, against its python engine and
    against a model counter (:mod:`benchmarks.gauner`)."""
    from benchmarks import gauner

    return gauner.bench(plan.gauner)


ALL = (bench_total, bench_icepool, bench_call, bench_exchange, bench_bids, bench_table,
       bench_games, bench_tournament, bench_gauner)


def run(plan: Plan) -> list[Row]:
    """Every benchmark of ``plan``, in the order of :data:`BENCHMARKS`."""
    rows = []
    for bench in ALL:
        rows.extend(bench(plan))
    return rows
