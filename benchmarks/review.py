"""Reviews: a whole game's review, and a player's habits over 100 games, against what a
competent user would write instead.

``python -m benchmarks.review [--quick] [--write]`` writes ``benchmarks/REVIEW.md``.

*Games.* Drawn by a fixed seed, not chosen. Hochstapler at 5 players: each seat a
:class:`~bluffmath.hochstapler.bots.CardCountingBot` with a doubt bias and an opening
threshold drawn at random (so that reviews find costs); Gauner raus! at 4 players: each
seat a :class:`~bluffmath.gauner.bots.SolverBot` or a seeded random guesser; Münchhausen
at 4 players: each seat an :class:`~bluffmath.muenchhausen.bots.OddsBot`, an honest or a
seeded random bot, one round. The reviewed seat is drawn too.

*Ours.* :func:`bluffmath.review.review` of the whole game for that seat (every bluffmath
cache emptied before each review, so no review reuses another's tables or solutions):
Hochstapler under the round model (the default) and one step ahead (``"counting"``).

*Baselines: what a competent user writes instead.*

- Hochstapler, round model: every call of a colour valued by **plain enumeration** of the
  round (:func:`plain_round_values`): every ordered deal of that colour's unseen cards to
  the other seats (``itertools.permutations``), the round played out turn by turn with
  the policy's doubt rule, my penalty counted for every turn at which I might doubt. The
  review needs one such table per colour and card it meets (an exchange's, per card it can
  draw); at five players a table takes the baseline seconds, so it is timed on two tables
  drawn from each game's, with values checked, and scaled to all of that game's tables:
  an **estimate**, marked so.
- Hochstapler, one step: every option of every decision valued by **plain enumeration**:
  each chance counted over every set of the other hands' cards in that colour
  (``itertools.combinations`` of the unseen cards), an exchange's over every card it can
  draw as well (:func:`plain_values`).
- Münchhausen: the public :func:`~bluffmath.review.muenchhausen.option_values` at every
  decision, which reads the table's knowledge again from the whole log
  (:meth:`Knowledge.from_log <bluffmath.muenchhausen.knowledge.Knowledge.from_log>`).
- Gauner raus!: no plain enumeration of the deals is possible at 4 players (the deals that
  fit an early position run to about 10^14), so the baseline is the same review on the
  solver's pure-Python pass (``engine="python"``, what the browser runs).
- Hoax at 6 players (original edition; each seat a deducer or a bluffer bot): every value
  by **plain enumeration**, a Bayes sum over every ordered deal of the other players' cards
  (55,440 at 6 players), each weighed by the sheet's facts and claims (:func:`plain_hoax`).

Both sides' values must be identical, option by option (checked). *Habits*:
:func:`~bluffmath.review.review_many` over 100 five-player Hochstapler games for seat 0;
the baseline's time for the same 100 games is the plain enumeration's mean per game above,
times 100 (an estimate, marked so).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from benchmarks.report import machine, ratio
from benchmarks.timing import Timing, clear_bluffmath_caches, seconds
from bluffmath import gauner, hoax, hochstapler, muenchhausen
from bluffmath.hoax.bots import play as play_hoax
from bluffmath.hoax.evidence import BluffModel, Claim, Holds, IsNot
from bluffmath.hoax.players import BlufferBot, DeducerBot
from bluffmath.hoax.sheet import sheet
from bluffmath.hochstapler import round_model
from bluffmath.hochstapler.bots import counting_chances, doubts_in_colour
from bluffmath.hochstapler.position import Exchange
from bluffmath.hochstapler.rules import MAX_TOTAL, PILE
from bluffmath.review import review, review_many
from bluffmath.review.muenchhausen import option_values as muenchhausen_values

RESULTS = Path(__file__).with_name("REVIEW.md")
SEED = 20261204
CARDS = [v for v, n in sorted(PILE.items()) for _ in range(n)]  # one colour's 15 cards


# --- the games --------------------------------------------------------------------------------

def hochstapler_game(rng: random.Random) -> tuple[Any, int]:
    """A five-player game of card-counting bots with drawn parameters, and a drawn seat."""
    bots = [hochstapler.CardCountingBot(doubt_bias=Fraction(rng.choice((-1, 0, 0, 1)), 4),
                                        open_at=Fraction(rng.choice((1, 2, 3)), 4)) for _ in range(5)]
    return hochstapler.play_game(hochstapler.Game(players=5), bots, seed=rng.randrange(10**6)), rng.randrange(5)


def gauner_game(rng: random.Random) -> tuple[Any, int]:
    """A four-player game of solver bots and random guessers, and a drawn seat."""
    bots = [gauner.SolverBot() if rng.random() < 0.5 else gauner.RandomBot(seed=rng.randrange(1000))
            for _ in range(4)]
    return gauner.play_game(gauner.Game(players=4), bots, seed=rng.randrange(10**6)), rng.randrange(4)


def muenchhausen_game(rng: random.Random) -> tuple[Any, int]:
    """A four-player round of odds, honest and random bots, and a drawn seat."""
    kinds = (lambda: muenchhausen.OddsBot(), lambda: muenchhausen.HonestBot(),
             lambda: muenchhausen.RandomBot(seed=rng.randrange(1000)))
    bots = [rng.choice(kinds)() for _ in range(4)]
    return muenchhausen.play_game(muenchhausen.Game(players=4), bots), rng.randrange(4)


def hoax_game(rng: random.Random) -> tuple[Any, int]:
    """A six-player game of deducer and bluffer bots, and a drawn seat."""
    bots = [DeducerBot(seed=s) if rng.random() < 0.5 else BlufferBot(seed=s) for s in range(6)]
    return play_hoax(hoax.Game("original", players=6, seed=rng.randrange(10**6)), bots), rng.randrange(6)


# --- the baselines ----------------------------------------------------------------------------

def _chance(players: int, own: int, face_up: Sequence[int], total: int) -> Fraction:
    cards = list(CARDS)
    for v in (own, *face_up):
        cards.remove(v)
    hands = list(combinations(cards, players - 1))
    return Fraction(sum(own + sum(h) >= total for h in hands), len(hands))


def plain_values(state: Any) -> dict[str, Fraction]:
    """Every option of the seat to act, one step ahead, by plain enumeration."""
    seat, players = state.to_act, state.players
    top, call = MAX_TOTAL[players], state.call
    low = 0 if call is None else call.total + 1
    own = {c: state.hands[c][seat] for c in state.colours}
    up = {c: [e.value for e in state.history if type(e) is Exchange and e.colour == c] for c in state.colours}
    values: dict[str, Fraction] = {}
    if call is not None and not state.exchanged:
        values["doubt"] = 1 - _chance(players, own[call.colour], up[call.colour], call.total)
    for c in state.colours:
        for t in range(low, top + 1):
            values[f"raise {t} {c}"] = _chance(players, own[c], up[c], t)
    if not state.exchanged:
        for c in state.colours:
            if state.can_exchange(c):
                values[f"exchange {c}"] = _plain_exchange(state, c, own, up, low)
    return values


def _plain_exchange(state: Any, colour: str, own: dict[str, int], up: dict[str, list[int]], low: int) -> Fraction:
    players = state.players
    others = max((_chance(players, own[c], up[c], low) for c in state.colours if c != colour), default=Fraction(0))
    unseen = list(CARDS)
    for v in (own[colour], *up[colour]):
        unseen.remove(v)
    total = Fraction(0)
    for drawn in unseen:
        after = _chance(players, drawn, [*up[colour], own[colour]], low) if low <= MAX_TOTAL[players] else Fraction(0)
        total += max(others, after)
    return total / len(unseen)


def plain_round_values(players: int, own: int, face_up: tuple[int, ...]) -> list[Fraction]:
    """Every call of a colour valued over the rest of the round by plain enumeration: each
    ordered deal of the unseen cards to the others, the round played out."""
    cards = list(CARDS)
    for v in (own, *face_up):
        cards.remove(v)
    top = MAX_TOTAL[players]
    doubts = {(v, u): doubts_in_colour(counting_chances(players, v, face_up), u, top)
              for v in set(cards) for u in range(top + 1)}
    deals = list(permutations(cards, players - 1))
    values = []
    for first in range(top + 1):
        stops = [*range(first + players - 1, top + 1, players)]
        if not stops or stops[-1] != top:
            stops.append(None)
        lost = dict.fromkeys(stops, 0)
        for deal in deals:
            total, end = own + sum(deal), None
            for u in range(first, top + 1):  # I raise on my turns; find the others' first doubt
                seat = (u - first + 1) % players
                if seat and doubts[deal[seat - 1], u]:
                    end = u
                    break
            for stop in stops:
                if stop is not None and (end is None or end > stop):
                    lost[stop] += total >= stop
                elif (end - first) % players == 0:
                    lost[stop] += total < end
        values.append(1 - Fraction(min(lost.values()), len(deals)))
    return values


def round_tables(state: Any, seat: int, rng: random.Random, sample: int = 2) -> float:
    """The round-model baseline for one game: time :func:`plain_round_values` on ``sample``
    of the tables the review needs (each checked against the review's), and scale to all
    of them: the estimated seconds."""
    keys = _tables_of(state, seat)
    spent = 0.0
    for players, own, face_up, bias in (timed := rng.sample(keys, min(sample, len(keys)))):
        took, plain = _timed(lambda p=players, o=own, f=face_up: plain_round_values(p, o, f))
        assert plain == list(round_model._round_values(players, own, face_up, bias).values), "a table differs"
        spent += took
    return spent / len(timed) * len(keys)


def _tables_of(state: Any, seat: int) -> list[tuple[Any, ...]]:
    """The round tables a review of ``seat`` builds, recorded as it builds them."""
    built, inner = [], round_model._round_values
    def record(*key: Any) -> Any:
        built.append(key)
        return inner(*key)
    clear_bluffmath_caches()
    round_model._round_values = record  # type: ignore[assignment]
    try:
        review(state, seat)
    finally:
        round_model._round_values = inner
    return list(dict.fromkeys(built))


def plain_hochstapler(state: Any, seat: int) -> list[dict[str, Fraction]]:
    """The values of every reviewed decision of ``seat``, by plain enumeration."""
    now, found = state.game.new_game(state.seed, state.opener), []
    for event in state.events:
        if event.seat == seat and now.call is not None:
            found.append(plain_values(now))
        now = now.play(event)
    return found


def plain_muenchhausen(state: Any, seat: int) -> list[dict[str, Fraction]]:
    """The values of every reviewed decision, each read again from the whole log."""
    now, found = state.game.new_game(), []
    reviewed = {d.number for d in review(state, seat).decisions}
    for number, action in enumerate(state.actions, 1):
        if number in reviewed:
            found.append(muenchhausen_values(now))
        now = now.apply(action)
    return found


def plain_hoax(state: Any, seat: int) -> list[dict[str, Fraction]]:
    """The values of every reviewed decision, each chance a Bayes sum over every deal."""
    from bluffmath.review.hoax import label
    now, found = state.game.new_game(), []
    reviewed = {d.number: d for d in review(state, seat).decisions}
    for number, action in enumerate(state.actions, 1):
        if number in reviewed:
            posterior = _plain_posterior(sheet(now, seat, BluffModel()))
            options = {}
            for a in now.legal_actions():
                if isinstance(a, hoax.actions.Accuse) and isinstance(action, hoax.actions.Accuse):
                    options[label(now, a)] = posterior[a.target][a.role]
                elif isinstance(a, hoax.actions.Doubt) and isinstance(action, hoax.actions.Doubt):
                    other = next(s for s, alive in enumerate(now.alive) if alive and s != seat)
                    options[label(now, a)] = 1 - posterior[other][a.role]
            if not options:
                claimant, role = _at_stake(now)
                true = posterior[claimant][role]
                yes, no = ("vote yes", "vote no") if now.phase == "vote" else (label(now, hoax.actions.Hoax()),
                                                                                 "let it pass")
                options = {yes: 1 - true, no: true}
            found.append(options)
        now = now.apply(action)
    return found


def _at_stake(state: Any) -> tuple[int, str]:
    if state.phase == "doubt":
        return state.agenda[0][1], state.agenda[0][2]
    doubted = next(e for e in reversed(state.log) if type(e).__name__ == "Doubted")
    return doubted.accused, doubted.role


def _plain_posterior(case: Any) -> list[dict[str, Fraction]]:
    """P(player holds role) for every player and role, summed over every ordered deal."""
    own = next(f for f in case.facts if isinstance(f, Holds) and f.how == "own card")
    deck = [r for r in case.edition.roles for _ in range(2)]
    deck.remove(own.role)
    others = [p for p in range(case.players) if p != own.player]
    sums = [dict.fromkeys(case.edition.roles, Fraction(0)) for _ in range(case.players)]
    total = Fraction(0)
    for cards in permutations(deck, len(others)):
        deal = dict(zip(others, cards, strict=True)) | {own.player: own.role}
        w = Fraction(1)
        for f in case.facts:
            if isinstance(f, Holds):
                w *= deal[f.player] == f.role
            elif isinstance(f, IsNot):
                w *= deal[f.player] != f.role
            elif isinstance(f, Claim):
                p = case.model.honest if deal[f.player] == f.role else case.model.bluff_for(f.role)
                w *= p if f.spoke else 1 - p
            if not w:
                break
        if w:
            total += w
            for player, role in deal.items():
                sums[player][role] += w
    return [{role: x / total for role, x in row.items()} for row in sums]


def python_gauner(state: Any, seat: int) -> list[dict[str, Fraction]]:
    """The review on the solver's pure-Python pass."""
    from bluffmath.review.gauner import review_state
    clear_bluffmath_caches()
    found = review_state(state, seat, solver=lambda p: gauner.solve(p, engine="python"))
    return [dict(d.values) for d in found.decisions]


def ours(state: Any, seat: int, model: Any = None) -> list[dict[str, Fraction]]:
    clear_bluffmath_caches()
    return [dict(d.values) for d in review(state, seat, model).decisions]


def estimated(state: Any, seat: int, rng: random.Random) -> tuple[float, int]:
    """The round baseline's estimated seconds (checked inside) and its decision count."""
    return round_tables(state, seat, rng), len(review(state, seat).decisions)


# --- the run ----------------------------------------------------------------------------------

ROUND = "Hochstapler, 5 players, round model"
GAMES: dict[str, tuple[Callable[[random.Random], tuple[Any, int]], Callable[[Any, int], list[Any]], str]] = {
    "Hochstapler, 5 players, one step": (hochstapler_game, plain_hochstapler, "plain enumeration"),
    "Gauner raus!, 4 players": (gauner_game, python_gauner, "the pure-Python pass"),
    "Münchhausen, 4 players": (muenchhausen_game, plain_muenchhausen, "knowledge read again from the log"),
    "Hoax, 6 players": (hoax_game, plain_hoax, "plain enumeration"),
    ROUND: (hochstapler_game, plain_hochstapler, "plain enumeration of the round (estimate: 2 tables a game "
                                                 "timed, scaled to all)"),
}


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    began = time.perf_counter()
    result = call()
    return time.perf_counter() - began, result


def compare(name: str, n: int, rng: random.Random) -> tuple[Timing, Timing, int]:
    """Review ``n`` drawn games both ways; check every value agrees."""
    make, baseline, _ = GAMES[name]
    model = "counting" if name.endswith("one step") else None
    mine, theirs, decisions = [], [], 0
    for _ in range(n):
        state, seat = make(rng)
        t1, a = _timed(lambda state=state, seat=seat: ours(state, seat, model))
        if name == ROUND:
            t2, count = estimated(state, seat, rng)
        else:
            t2, b = _timed(lambda state=state, seat=seat: baseline(state, seat))
            assert a == b, f"{name}: the baseline's values differ"
            count = len(a)
        mine.append(t1)
        theirs.append(t2)
        decisions += count
    return Timing(tuple(mine)), Timing(tuple(theirs)), decisions


def _summary(t: Timing) -> str:
    return f"{seconds(t.median)} / {seconds(t.p95)} / {seconds(t.worst)}"


def run(quick: bool) -> str:
    rng = random.Random(SEED)
    n, many = (1, 5) if quick else (20, 100)
    start = os.getloadavg()[0]
    lines = ["| game | games | decisions reviewed | bluffmath: s per game, median / p95 / worst | baseline | "
             "baseline: s per game, median / p95 / worst | ratio (medians) |", "|---|---:|---:|---|---|---|---:|"]
    plain_mean = 0.0
    for name, (_, _, words) in GAMES.items():
        print(f"  {name}: {n} games", file=sys.stderr, flush=True)
        mine, theirs, decisions = compare(name, n, rng)
        if name == ROUND:
            plain_mean = sum(theirs.times) / len(theirs.times)
        lines.append(f"| {name} | {n} | {decisions} | {_summary(mine)} | {words} | {_summary(theirs)} | "
                     f"{ratio(theirs.median / mine.median)} |")
    print(f"  habits over {many} games", file=sys.stderr, flush=True)
    games = [hochstapler_game(rng)[0] for _ in range(many)]
    clear_bluffmath_caches()
    took, habits = _timed(lambda: review_many(games, 0))
    top = ", ".join(f"{p.name} ({p.count})" for p in habits.top(3))
    load = (start, os.getloadavg()[0])
    head = ["# Reviews: a whole game, and habits over 100 games", "",
            "Written by `python -m benchmarks.review" + (" --quick" if quick else "") + " --write`; the method "
            "is in the module's docstring. Both sides gave identical values, option by option (checked).", "",
            *machine(load), "", f"{'Quick' if quick else 'Full'} run: games drawn by seed {SEED}. Floors: a "
            "whole game's review under 2 s; habits over 100 games under a minute.", ""]
    tail = ["", f"Habits: `review_many` over {many} five-player Hochstapler games, seat 0: {seconds(took)} "
            f"({len(habits.decisions)} decisions; top patterns: {top}). Plain enumeration of the same games, "
            f"estimated from its mean per game above: {seconds(plain_mean * many)} "
            f"({ratio(plain_mean * many / took)})."]
    return "\n".join([*head, *lines, *tail]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.review", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="1 game a row, habits over 5")
    parser.add_argument("--write", action="store_true", help=f"write the report to {RESULTS.name}")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    text = run(args.quick)
    print(text)
    if args.write:
        RESULTS.write_text(text)
    print(f"({time.perf_counter() - began:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
