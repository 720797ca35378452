"""Münchhausen: games per second with card-counting bots, against a plain implementation.

``python -m benchmarks.muenchhausen [--quick] [--write]``

*Tables.* Drawn by a fixed seed, not chosen: the number of players (4, or 2 to 8) and,
for each seat, a bot. "card-counting": every seat an
:class:`~bluffmath.muenchhausen.bots.OddsBot` with a card model and a named value drawn at
random; "mixed": each seat an odds bot, an :class:`~bluffmath.muenchhausen.bots.HonestBot`
or a seeded :class:`~bluffmath.muenchhausen.bots.RandomBot`. A game is one round.

*Ours.* :func:`~bluffmath.muenchhausen.bots.play_game` with the bots as they are: what the
table knows is kept up to date event by event, once per card model, as whole-number
weights (:mod:`bluffmath.muenchhausen.weights`), and a new round starts it fresh.

*Baseline: what a competent user writes instead.* The same policies written with the
public functions only (:class:`PlainOddsBot`, :class:`PlainHonestBot`): at every move the
bot reads the whole public log again with
:meth:`Knowledge.from_log <bluffmath.muenchhausen.knowledge.Knowledge.from_log>` (exact
Fractions) and asks
:func:`~bluffmath.muenchhausen.advice.offers` and
:func:`~bluffmath.muenchhausen.advice.decide`. Both sides must play the very same games
(every action and every score, checked), and every game must end (checked).

Each game is timed on its own (wall clock); the table gives the median, 95th percentile
and worst seconds per game, and games per second of processor time of this one process
(one core), which other processes on the machine disturb less than the wall clock.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from benchmarks.report import machine, ratio
from benchmarks.timing import Timing, seconds
from bluffmath.muenchhausen.advice import decide, honest_chance, offers
from bluffmath.muenchhausen.bots import HonestBot, OddsBot, RandomBot, play_game
from bluffmath.muenchhausen.events import Laid
from bluffmath.muenchhausen.game import (
    Action,
    Believe,
    Doubt,
    Game,
    Lay,
    Name,
    Offer,
    Pass,
    Reward,
    State,
)
from bluffmath.muenchhausen.knowledge import (
    LOWEST_ENOUGH,
    MODELS,
    CardModel,
    Knowledge,
    ModelContradicted,
)

RESULTS = Path(__file__).with_name("MUENCHHAUSEN.md")
SEED = 20261202


def _known(state: State, model: CardModel, hand: tuple[int, ...] | None) -> Knowledge | None:
    """The whole log read again, checked, with my hand if given; None if it contradicts the model."""
    try:
        return Knowledge.from_log(state.log, model, None if hand is None else state.to_act, hand)
    except ModelContradicted:
        return None


@dataclass
class PlainOddsBot:
    """The odds bot's policy through the public functions (see the module)."""

    model: CardModel = LOWEST_ENOUGH
    named: int = 6
    name: str = field(default="plain odds")

    def act(self, state: State) -> Action:
        hand, _ = state.view(state.to_act)
        if state.phase == "name":
            return Name(min(max(self.named, state.game.values[0]), state.game.values[-1]))
        if state.phase == "offer":
            return self._offer(state, hand)
        if state.phase == "choose":
            return max(state.legal_actions(), key=lambda a: self._worth(state, a.seat, hand))
        if state.phase == "lay":
            if state.game.two_player:
                return Lay(max((c for c in hand if c <= state.named), default=min(hand)))
            return Lay(max(hand))
        if state.phase == "decide":
            k = _known(state, self.model, hand)
            return Doubt() if k is None or decide(k, hand).choice == "doubt" else Believe()
        return Reward(max(hand))

    def _offer(self, state: State, hand: tuple[int, ...]) -> Action:
        seat = state.to_act
        if state.offers and state.offers[-1][0] == seat and state.highest == state.offers[-1][1]:
            return Pass()
        k = _known(state, self.model, hand)
        legal = [a.value for a in state.legal_actions() if isinstance(a, Offer)]
        if k is None or not legal:
            return Pass()
        best, gain = None, Fraction(0)
        for option in offers(k, seat, hand, legal, self.model):
            value = option.if_believed if option.looks_honest >= Fraction(1, 2) else option.if_doubted
            if value > gain:
                best, gain = option.value, value
        return Offer(best) if best is not None else Pass()

    def _worth(self, state: State, seat: int, hand: tuple[int, ...]) -> Fraction:
        k = _known(state, self.model, hand)
        if k is None:
            return Fraction(0)
        offer = max(v for s, v in state.offers if s == seat)
        d = decide(k.after(Laid(seat, state.start, offer)), hand)
        return max(d.believe, d.doubt)


@dataclass
class PlainHonestBot:
    """The honest bot's policy through the public functions."""

    named: int = 5
    name: str = field(default="plain honest")

    def act(self, state: State) -> Action:
        hand, _ = state.view(state.to_act)
        if state.phase == "name":
            return Name(min(max(self.named, state.game.values[0]), state.game.values[-1]))
        if state.phase == "offer":
            return Offer(max(hand)) if state.can_offer(max(hand)) else Pass()
        if state.phase == "choose":
            return state.legal_actions()[0]
        if state.phase == "lay":
            need = state.named + 1 if state.game.two_player else state.offer_value
            return Lay(min((c for c in hand if c >= need), default=min(hand)))
        if state.phase == "decide":
            k = _known(state, LOWEST_ENOUGH, None)
            return Doubt() if k is not None and honest_chance(k) == 0 else Believe()
        return Reward(max(hand))


@dataclass(frozen=True)
class Seat:
    """A seat's bot, as drawn: ``kind`` ("odds", "honest", "random") and its parameters."""

    kind: str
    model: str = "lowest-enough"
    named: int = 6
    seed: int = 0

    def ours(self) -> object:
        if self.kind == "odds":
            return OddsBot(model=MODELS[self.model], named=self.named)
        if self.kind == "honest":
            return HonestBot(named=self.named)
        return RandomBot(seed=self.seed)

    def plain(self) -> object:
        if self.kind == "odds":
            return PlainOddsBot(MODELS[self.model], self.named)
        if self.kind == "honest":
            return PlainHonestBot(self.named)
        return RandomBot(seed=self.seed)  # no knowledge: the same bot on both sides


TABLES = {  # the kind of table: mixed bots or only odds bots; the number of players (None: 2 to 8)
    "card-counting, 4 players": (False, 4),
    "card-counting, 2-8 players": (False, None),
    "mixed, 2-8 players": (True, None),
}


def draw_table(rng: random.Random, mixed: bool, players: int | None = None) -> tuple[int, tuple[Seat, ...]]:
    """A number of players (unless given) and a bot for every seat (see the module)."""
    players = players or rng.randrange(2, 9)
    seats = []
    for _ in range(players):
        kind = rng.choice(("odds", "honest", "random")) if mixed else "odds"
        seats.append(Seat(kind, rng.choice(sorted(MODELS)), rng.randrange(1, 9), rng.randrange(2**32)))
    return players, tuple(seats)


def _play(players: int, bots: list[object]) -> tuple[float, float, State]:
    wall, cpu = time.perf_counter(), time.process_time()
    end = play_game(Game(players=players, rounds=1), bots)
    return time.perf_counter() - wall, time.process_time() - cpu, end


@dataclass(frozen=True)
class Side:
    """One side's games: each game's wall-clock seconds, and the processor seconds in all."""

    times: Timing
    cpu: float

    @property
    def rate(self) -> float:
        return len(self.times.times) / self.cpu


def run_table(kind: str, games: int, rng: random.Random) -> tuple[Side, Side, int]:
    """Play ``games`` drawn tables of ``kind`` with both sides; check they agree and end."""
    tables = [draw_table(rng, *TABLES[kind]) for _ in range(games)]
    sides = []
    ends: list[list[tuple[object, ...]]] = []
    actions = 0
    for make in (Seat.ours, Seat.plain):
        walls, cpu, outcome = [], 0.0, []
        for players, seats in tables:
            wall, used, end = _play(players, [make(s) for s in seats])
            assert end.is_terminal, (kind, players, seats)
            walls.append(wall)
            cpu += used
            outcome.append((end.actions, end.scores))
            actions += len(end.actions) if make is Seat.ours else 0
        sides.append(Side(Timing(tuple(walls)), cpu))
        ends.append(outcome)
    assert ends[0] == ends[1], f"{kind}: the plain bots played other games"
    return sides[0], sides[1], actions


def _summary(t: Timing) -> str:
    return f"{seconds(t.median)} / {seconds(t.p95)} / {seconds(t.worst)}"


def run(quick: bool, games: int | None = None) -> tuple[str, dict[str, tuple[Side, Side]]]:
    rng = random.Random(SEED)
    games = games or (3 if quick else 40)
    start = os.getloadavg()[0]
    results = {}
    lines = ["| table | games | actions per game | bluffmath: s per game, median / p95 / worst | bluffmath: "
             "games/s (one core) | plain: s per game, median / p95 / worst | plain: games/s | ratio |",
             "|---|---:|---:|---|---:|---|---:|---:|"]
    for kind in TABLES:
        print(f"  {kind}: {games} games", file=sys.stderr, flush=True)
        ours, plain, actions = run_table(kind, games, rng)
        results[kind] = (ours, plain)
        lines.append(f"| {kind} | {games} | {actions / games:.0f} | {_summary(ours.times)} | {ours.rate:.1f} | "
                     f"{_summary(plain.times)} | {plain.rate:.2f} | {ratio(ours.rate / plain.rate)} |")
    load = (start, os.getloadavg()[0])
    head = ["# Münchhausen: games per second with card-counting bots", "",
            "Written by `python -m benchmarks.muenchhausen" + (" --quick" if quick else "") + " --write`; the "
            "method is in the module's docstring. Both sides played the very same games, action for "
            "action, and every game ended (checked).", "",
            *machine(load), "",
            f"{'Quick' if quick else 'Full'} run: tables drawn by seed {SEED}, one round a game. "
            "Floor: 50 games/s on one core for the card-counting tables.", ""]
    return "\n".join([*head, *lines]) + "\n", results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.muenchhausen",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 games a table")
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
