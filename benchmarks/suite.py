"""The benchmarks: what is timed against what, on which queries, and the floors to meet.

Each benchmark times a bluffmath computation (cold: every bluffmath cache emptied before
each repetition; and warm) and a baseline on the same queries in the same run, and first
checks that both give exactly the same answer: a :class:`Disagreement` stops the run, so
a ratio is never reported for code that computes something else.

=======================================  ===============================================
benchmark                                baseline
=======================================  ===============================================
total_distribution vs sympy.stats        ``benchmarks.sympy_stats.density``
total_distribution vs brute force        combinations of the unseen cards
call_odds vs brute force                 combinations of the unseen cards
exchange_distribution vs brute force     the card drawn, then combinations of the rest
read_bids vs brute force                 permutations of the unseen cards over the seats
odds_table vs brute force                all of the above for every colour of a position
5-player card-counting games             the same games by bots that build a full odds
                                         table per decision (``benchmarks.games``)
tournament on 2 processes                the same tournament in one process
Gauner raus! whole table (solve)         ``solve(engine="python")`` on a sample of the
                                         same positions (``benchmarks.gauner``)
Gauner raus! whole table vs model        Ganak (``pyganak``), exact projected #SAT, one
counter                                  count per cell of the table
                                         (``benchmarks.model_counter``)
=======================================  ===============================================

The games rows time a batch of whole games per repetition and report games per second;
their bluffmath side runs in this process, on one core, no pool. The Gauner raus! rows
time many positions once each (best of a few), not one query many times: their "median /
worst" is over positions (see :mod:`benchmarks.gauner`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from benchmarks import brute, games, sympy_stats, timing
from benchmarks.timing import Timing
from bluffmath import hochstapler as hs
from bluffmath.hochstapler import Call, Exchange, Game, OpponentModel, Position
from bluffmath.hochstapler.bots import CardCountingBot, RandomBot
from bluffmath.hochstapler.tournament import run_tournament

SYMPY = "total_distribution vs sympy.stats"
TOTAL = "total_distribution vs brute force"
CALL = "call_odds vs brute force"
EXCHANGE = "exchange_distribution vs brute force"
BIDS = "read_bids vs brute force"
TABLE = "odds_table vs brute force"
GAMES = "5-player card-counting games vs odds-table bots"
TOURNAMENT = "tournament on 2 processes vs 1"
GAUNER = "Gauner raus! whole table: default engine (both engines on a sample)"
GAUNER_COUNTER = "Gauner raus! whole table vs model counter (pyganak)"
BENCHMARKS = (SYMPY, TOTAL, CALL, EXCHANGE, BIDS, TABLE, GAMES, TOURNAMENT, GAUNER,
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

    sympy_queries: tuple[Query, ...]
    total_queries: tuple[Query, ...]
    call_queries: tuple[tuple[int, int | None, tuple[int, ...], int], ...]
    exchange_queries: tuple[tuple[int, int, tuple[int, ...]], ...]
    bids: tuple[tuple[str, Position, str], ...]  # label, position, colour
    tables: tuple[tuple[str, Position], ...]
    fast_repeats: int  # bluffmath calls of well under a millisecond
    slow_repeats: int  # read_bids and odds_table
    baseline_budget: float  # seconds a baseline may be repeated for
    baseline_most: int
    game_batch: int  # 5-player games per timed call
    game_repeats: int
    tournament_games: int  # 5-player games per tournament
    tournament_repeats: int
    gauner: GaunerPlan
    model: OpponentModel = field(default_factory=OpponentModel)


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


# --- the positions: realistic histories ---------------------------------------------
def seven_players() -> Position:
    """7 players, all colours in play; four other seats have called blue (two after a blue
    exchange), one red after a red exchange, one green."""
    hand = {"red": 3, "orange": 0, "yellow": 1, "green": 6, "blue": 5, "purple": 2, "black": 4}
    history = [
        Call(1, 14, "blue"), Exchange(2, "red", 0), Call(2, 16, "red"), Call(3, 17, "blue"),
        Exchange(4, "blue", 0), Call(4, 18, "green"), Call(5, 19, "blue"), Call(6, 20, "blue"),
    ]
    return Position(players=7, me=0, hand=hand, history=history)


def seven_players_all_called() -> Position:
    """7 players; every other seat has called yellow, seat 3 after exchanging a yellow 1."""
    hand = {"red": 2, "orange": 5, "yellow": 4, "green": 0, "blue": 1, "purple": 3, "black": 7}
    history = [
        Call(1, 15, "yellow"), Call(2, 16, "yellow"), Exchange(3, "yellow", 1),
        Call(3, 17, "yellow"), Call(4, 18, "yellow"), Exchange(5, "black", 0),
        Call(5, 19, "yellow"), Call(6, 20, "yellow"),
    ]
    return Position(players=7, me=0, hand=hand, history=history)


def five_players() -> Position:
    """5 players; seats 1 and 3 have called green, seat 2 exchanged a red."""
    hand = {"red": 4, "orange": 1, "yellow": 0, "green": 5, "blue": 2, "purple": 7, "black": 3}
    history = [Call(1, 10, "green"), Exchange(2, "red", 6), Call(2, 12, "red"),
               Call(3, 13, "green"), Call(4, 14, "purple")]
    return Position(players=5, me=0, hand=hand, history=history)


def three_players() -> Position:
    """3 players; seat 1 called blue, seat 2 exchanged a blue and called it."""
    hand = {"red": 4, "orange": 1, "yellow": 0, "green": 5, "blue": 2, "purple": 7, "black": 3}
    history = [Call(1, 8, "blue"), Exchange(2, "blue", 3), Call(2, 9, "blue")]
    return Position(players=3, me=0, hand=hand, history=history)


def four_players() -> Position:
    """4 players; seats 1 and 2 have called orange, seat 3 red."""
    hand = {"red": 6, "orange": 3, "yellow": 0, "green": 5, "blue": 2, "purple": 1, "black": 4}
    history = [Call(1, 9, "orange"), Call(2, 11, "orange"), Call(3, 12, "red")]
    return Position(players=4, me=0, hand=hand, history=history)


FULL = Plan(
    sympy_queries=((3, None, ()), (3, 5, ()), (5, 3, (0, 7)), (5, None, (2,)),
                   (7, 6, (0, 4)), (7, None, ())),
    total_queries=((3, None, ()), (3, 5, ()), (5, 3, (0, 7)), (5, None, (2,)),
                   (7, 6, (0, 4)), (7, None, ())),
    call_queries=((3, 5, (), 10), (5, 3, (0, 7), 14), (7, 6, (0, 4), 20), (7, None, (), 22)),
    exchange_queries=((3, 0, ()), (5, 3, (0, 7)), (7, 6, (0, 4)), (7, 0, (5,))),
    bids=(("5 players, green", five_players(), "green"),
          ("7 players, blue", seven_players(), "blue"),
          ("7 players, yellow", seven_players_all_called(), "yellow")),
    tables=(("5 players", five_players()), ("7 players", seven_players())),
    fast_repeats=200,
    slow_repeats=50,
    baseline_budget=2.0,
    baseline_most=20,
    game_batch=20,
    game_repeats=20,
    tournament_games=400,
    tournament_repeats=3,
    gauner=GaunerPlan(
        games=50, per_stage=2, repeats=2, python_every=10,
        counter_positions=tuple((players, 0, stage) for players in (2, 3, 4)
                                for stage in ("early", "middle", "late")),
        counter_budget=30.0, counter_timeout=60.0,
    ),
)

QUICK = Plan(
    sympy_queries=((3, 5, (0, 0, 1, 2, 3, 4, 6)),),
    total_queries=((3, None, ()), (4, 2, (0,))),
    call_queries=((3, 5, (), 10),),
    exchange_queries=((3, 0, ()),),
    bids=(("4 players, orange", four_players(), "orange"),),
    tables=(("3 players", three_players()),),
    fast_repeats=3,
    slow_repeats=2,
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

RATIO_SYMPY = Floor(SYMPY, "≥ 100x", ratio=100)
RATIO_BIDS = Floor(BIDS, "≥ 20x at 7 players", ratio=20)
TABLE_TIME = Floor(TABLE, "< 20 ms at 7 players", seconds=0.020)
GAMES_RATE = Floor(GAMES, "≥ 100 games/s per core", per_second=100)
GAUNER_TIME = {
    2: Floor(GAUNER, "every position < 0.2 s at 2 players", seconds=0.2),
    3: Floor(GAUNER, "every position < 0.2 s at 3 players", seconds=0.2),
    4: Floor(GAUNER, "median < 0.1 s, every position < 2 s at 4 players", seconds=0.1,
             worst=2.0),
}
GAUNER_RATIO = Floor(GAUNER_COUNTER, "≥ 100x", ratio=100)
GAUNER_MEMORY = 300 * 10**6
"""Peak memory of one ``solve`` (traced by ``tracemalloc``) on every position: < 300 MB."""


# --- describing queries ---------------------------------------------------------------
def describe(players: int, own: int | None, face_up: Sequence[int], call: int | None = None) -> str:
    """A query in words, for the table."""
    parts = [f"{players} players", "own ?" if own is None else f"own {own}"]
    parts.append("face up " + (",".join(map(str, face_up)) if face_up else "–"))
    if call is not None:
        parts.append(f"call {call}")
    return ", ".join(parts)


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


def _measure(benchmark: str, query: str, ours: Callable[[], Any], theirs: Callable[[], Any],
             check: Callable[[Any, Any], None], plan: Plan, *, slow: bool = False,
             baseline: Callable[[Callable[[], Any]], tuple[Timing, Any]] | None = None,
             floor: Floor | None = None, repeats: int | None = None, items: int = 1) -> Row:
    """Time the baseline (its first timed run gives its answer), check that ``ours()``
    gives the same, then time bluffmath cold and warm."""
    _progress(benchmark, query)
    if baseline is None:
        base, answer = timing.within(theirs, plan.baseline_budget, plan.baseline_most)
    else:
        base, answer = baseline(theirs)
    timing.clear_bluffmath_caches()
    check(ours(), answer)
    if repeats is None:
        repeats = plan.slow_repeats if slow else plan.fast_repeats
    cold = timing.cold(ours, repeats)
    warm = timing.warm(ours, repeats)
    return Row(benchmark, query, cold, warm, base, True, floor, items)


def bench_sympy(plan: Plan) -> list[Row]:
    """``total_distribution`` against sympy.stats' conditioned binomials, query by query."""
    rows = []
    sympy_stats.density(3, 7, (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5))  # untimed: sympy's first use

    def once_cold(call: Callable[[], Any]) -> tuple[Timing, Any]:
        return timing.within(call, 0, 1, sympy_stats.cold)

    for players, own, face_up in plan.sympy_queries:
        def check(ours: Any, theirs: dict[int, Any], q: Query = (players, own, face_up)) -> None:
            same(f"total {q} vs sympy.stats", _exact(ours), sympy_stats.as_fractions(theirs))

        rows.append(_measure(
            SYMPY, describe(players, own, face_up),
            lambda q=(players, own, face_up): hs.total_distribution(*q),
            lambda q=(players, own, face_up): sympy_stats.density(*q),
            check, plan, baseline=once_cold, floor=RATIO_SYMPY,
        ))
    return rows


def bench_total(plan: Plan) -> list[Row]:
    """``total_distribution`` against combinations of the unseen cards."""
    rows = []
    for q in plan.total_queries:
        def check(ours: Any, theirs: Any, q: Query = q) -> None:
            same(f"total {q}", _exact(ours), theirs)

        rows.append(_measure(TOTAL, describe(*q), lambda q=q: hs.total_distribution(*q),
                             lambda q=q: brute.total(*q), check, plan))
    return rows


def bench_call(plan: Plan) -> list[Row]:
    """``call_odds`` against counting the combinations that make the call true."""
    rows = []
    for players, own, face_up, call in plan.call_queries:
        q = (players, own, call, face_up)

        def check(ours: Any, theirs: Any, q: tuple[Any, ...] = q) -> None:
            same(f"call_odds {q}", ours, theirs)

        rows.append(_measure(CALL, describe(players, own, face_up, call),
                             lambda q=q: hs.call_odds(*q), lambda q=q: brute.call_odds(*q),
                             check, plan))
    return rows


def bench_exchange(plan: Plan) -> list[Row]:
    """``exchange_distribution`` against enumerating the card drawn and the other hands."""
    rows = []
    for q in plan.exchange_queries:
        def check(ours: Any, theirs: Any, q: tuple[Any, ...] = q) -> None:
            same(f"exchange {q}", _exact(ours), theirs)

        rows.append(_measure(EXCHANGE, describe(*q), lambda q=q: hs.exchange_distribution(*q),
                             lambda q=q: brute.exchange(*q), check, plan))
    return rows


def bench_bids(plan: Plan) -> list[Row]:
    """``read_bids`` against permutations of the unseen cards over the other seats."""
    rows = []
    for label, position, colour in plan.bids:
        q = (position.players, position.hand[colour], position.spoken_calls(colour),
             position.face_up(colour), plan.model)

        def check(ours: Any, theirs: Any, label: str = label) -> None:
            same(f"read_bids {label}", _exact(ours), theirs)

        floor = RATIO_BIDS if position.players == 7 else None
        rows.append(_measure(BIDS, f"{label}: {describe_calls(position, colour)}",
                             lambda q=q: hs.read_bids(*q), lambda q=q: brute.read_bids(*q),
                             check, plan, slow=True, floor=floor))
    return rows


def our_table(position: Position, model: OpponentModel) -> tuple[Any, dict[Any, Fraction]]:
    """bluffmath's table, and from it P(total >= t) for every legal call, both ways."""
    table = hs.odds_table(position, model)
    grid = {(row.colour, t, reading): row.chance(t, reading)
            for row in table.rows for t in position.legal_totals() for reading in (False, True)}
    return table, grid


def brute_table(position: Position, model: OpponentModel) -> tuple[Any, dict[Any, Fraction]]:
    """The brute-force table, and the same grid of every legal call, both ways."""
    rows = brute.odds_table(position, model)
    grid = {(colour, t, reading): sum((p for total, p in row[reading].items() if total >= t),
                                      Fraction(0))
            for colour, row in rows.items() for t in position.legal_totals()
            for reading in (False, True)}
    return rows, grid


def bench_table(plan: Plan) -> list[Row]:
    """``odds_table`` (plus every legal call's odds, both ways) against the same by brute force."""
    rows = []
    for label, position in plan.tables:
        def check(ours: Any, theirs: Any, label: str = label) -> None:
            (table, grid), (brute_rows, brute_grid) = ours, theirs
            same(f"odds_table {label}: colours", [r.colour for r in table.rows], list(brute_rows))
            for row in table.rows:
                swap = None if row.exchange is None else _exact(row.exchange)
                same(f"odds_table {label}: {row.colour}",
                     (_exact(row.counting), _exact(row.reading), swap), brute_rows[row.colour])
            same(f"odds_table {label}: every call", grid, brute_grid)

        spoken = sum(1 for c in position.colours if position.spoken_calls(c))
        query = (f"{label}: {len(position.colours)} colours × {len(position.legal_totals())} "
                 f"legal calls × 2 ways; {len(position.history)} events, calls spoken in "
                 f"{spoken} colours")
        floor = TABLE_TIME if position.players == 7 else None
        rows.append(_measure(TABLE, query,
                             lambda p=position: our_table(p, plan.model),
                             lambda p=position: brute_table(p, plan.model),
                             check, plan, slow=True, floor=floor))
    return rows


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
    process (``workers=1``): the speed-up of the pool, 2x at best."""
    bots = [CardCountingBot(), CardCountingBot(doubt_bias=Fraction(1, 10)), RandomBot(),
            CardCountingBot(), RandomBot()]
    n = plan.tournament_games

    def check(ours: Any, theirs: Any) -> None:
        same("tournament", ours, theirs)

    return [_measure(TOURNAMENT, f"{n} 5-player games, card-counting and random bots, "
                                 "chunks of ≤ 100 games",
                     lambda: run_tournament(bots, n, workers=2),
                     lambda: run_tournament(bots, n, workers=1),
                     check, plan, baseline=_cold_baseline(plan),
                     repeats=plan.tournament_repeats, items=n)]


def bench_gauner(plan: Plan) -> list[Row]:
    """Gauner raus!: ``solve`` on positions of random games, against its python engine and
    against a model counter (:mod:`benchmarks.gauner`)."""
    from benchmarks import gauner

    return gauner.bench(plan.gauner)


ALL = (bench_sympy, bench_total, bench_call, bench_exchange, bench_bids, bench_table,
       bench_games, bench_tournament, bench_gauner)


def run(plan: Plan) -> list[Row]:
    """Every benchmark of ``plan``, in the order of :data:`BENCHMARKS`."""
    rows = []
    for bench in ALL:
        rows.extend(bench(plan))
    return rows
