"""Hoax: many whole random games, every rule checked after every move, and their speed.

``python -m benchmarks.hoax_games [--games 10000] [--write]``

*Games.* For each edition, ``--games`` games (default 10,000) between
:class:`~bluffmath.hoax.bots.RandomBot` players, the player count going round the
edition's range (3-6 original, 4-8 German) and the seeds 0, 1, 2, ... (not chosen); in
the original edition every seventh game uses the variant sheet (accusation as a turn
action).

*Checks after every move* (from the raw state, not from the engine's own bookkeeping):
castle plus every holding (outside and vault trios) is 20 of each type and nothing is
negative; no claim of a role the claimant has covered; every legal move list is
non-empty and without repeats, and a turn offers a pass alone exactly when the rules leave
the seat nothing else (:func:`no_move`); each game ends (a winner, or a draw said so); the
save (:mod:`bluffmath.hoax.saves`) of each finished game replays to the very same state.
Any failure stops the run with the seed.

*Speed.* Each game is timed on its own, checks and save excluded (wall clock): median,
95th percentile and worst seconds per game, and games per second of this process's
processor time (one core) at 4 and 6 players. There is no other Hoax engine to compare
with: the figures say what a random game costs, for the bots and tournaments built on it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from benchmarks.report import machine
from bluffmath.hoax.actions import Pass
from bluffmath.hoax.events import Claimed, Covered, Passed
from bluffmath.hoax.game import Game, State
from bluffmath.hoax.saves import from_json, to_json

SIZES = {"original": (3, 4, 5, 6), "german": (4, 5, 6, 7, 8)}
OUT = Path(__file__).with_name("HOAX_GAMES.md")


def check(before: State, after: State) -> None:
    for t in range(3):
        assert after.castle[t] + sum(o[t] for o in after.outside) + sum(after.vault) == 20, "tokens not conserved"
        assert after.castle[t] >= 0, "a negative count"
        assert min(o[t] for o in after.outside) >= 0, "a negative count"
    assert min(after.vault) >= 0
    covered = [set(c) for c in before.covered]
    for e in after.log[len(before.log):]:
        if isinstance(e, Claimed):
            assert e.role not in covered[e.seat], "a covered role claimed"
        elif isinstance(e, Covered):
            covered[e.seat].add(e.role)


def no_move(state: State) -> bool:
    """Whether the rules leave the seat whose turn it is nothing to do (``docs/reference/rulings.md``, read
    from the raw state): no accusation on turn (the original edition without the variant
    sheet), no trio outside or in the vault to buy a look with, every role covered but the
    Thief, and the Thief covered too or nothing to steal at any other player still in."""
    p, game = state.to_act, state.game
    if game.accusation_on_turn or min(state.outside[p]) or state.vault[p]:
        return False
    if set(game.edition.roles) - state.covered[p] - {"Thief"}:
        return False
    rich = [q for q in range(state.players) if q != p and state.alive[q] and (sum(state.outside[q]) or state.vault[q])]
    return "Thief" in state.covered[p] or not rich


def check_turn(state: State, legal: list) -> None:
    """A turn offers a pass alone exactly when the rules leave the seat nothing else."""
    if state.phase == "turn":
        assert (legal == [Pass()]) == no_move(state), "a pass offered with another move, or no move at all"


def game_of(edition: str, i: int) -> Game:
    sizes = SIZES[edition]
    return Game(edition, players=sizes[i % len(sizes)], seed=i, accuse_on_turn=edition == "original" and i % 7 == 3)


def run(edition: str, games: int, first: int = 0) -> dict:
    actions, draws, passes = 0, 0, 0
    times, cpu = {n: [] for n in SIZES[edition]}, {n: 0.0 for n in SIZES[edition]}
    for i in range(first, first + games):
        game, rng = game_of(edition, i), random.Random(i)
        state, spent, spent_cpu = game.new_game(), 0.0, 0.0
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal, f"seed {i}: no legal move"
            assert len(set(legal)) == len(legal), f"seed {i}: a move listed twice"
            check_turn(state, legal)
            t, c = time.perf_counter(), time.process_time()
            after = state.apply(rng.choice(legal))
            spent += time.perf_counter() - t
            spent_cpu += time.process_time() - c
            check(state, after)
            state = after
        assert state.winner is not None or "draw" in state.how, f"seed {i}: no outcome"
        assert from_json(to_json(state)) == state, f"seed {i}: the save does not replay"
        actions += len(state.actions)
        draws += state.is_draw
        passes += sum(isinstance(e, Passed) for e in state.log)
        times[game.players].append(spent)
        cpu[game.players] += spent_cpu
    return {"edition": edition, "games": games, "first": first, "actions": actions, "draws": draws,
            "passes": passes, "times": times, "cpu": cpu}


def report(results: list[dict], load: tuple[float, float], total: float) -> str:
    lines = ["# Hoax: random games with every rule checked", "", "Written by `python -m benchmarks.hoax_games "
             f"--games {results[0]['games']} --write`.", "", f"Seeds {results[0]['first']} to "
             f"{results[0]['first'] + results[0]['games'] - 1}.", "", *machine(load),
             f"- the whole run: {total:.1f} s (wall clock)",
             "", "| edition | games | moves | draws | turns passed | all rules held | save replays |",
             "|---|---:|---:|---:|---:|---|---|"]
    for r in results:
        lines.append(f"| {r['edition']} | {r['games']:,} | {r['actions']:,} | {r['draws']:,} | {r['passes']:,} | "
                     "yes | yes |")
    lines += ["", "| edition | players | games | median s/game | p95 | worst | games/s (one core, CPU time) |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        for n, ts in r["times"].items():
            if ts:
                q = statistics.quantiles(ts, n=20)[-1] if len(ts) > 1 else ts[0]
                rate = len(ts) / r["cpu"][n] if r["cpu"][n] else float("inf")
                lines.append(f"| {r['edition']} | {n} | {len(ts):,} | {statistics.median(ts):.4f} | {q:.4f} | "
                             f"{max(ts):.4f} | {rate:,.0f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per edition (default 10,000)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0): split a long run")
    parser.add_argument("--edition", choices=[*SIZES, "both"], default="both",
                        help="one edition per process keeps each run short (default both)")
    parser.add_argument("--write", action="store_true", help="write HOAX_GAMES.md (or HOAX_GAMES_<edition>.md)")
    args = parser.parse_args(argv)
    editions = list(SIZES) if args.edition == "both" else [args.edition]
    start_load, start = os.getloadavg()[0], time.perf_counter()
    results = [run(edition, args.games, args.first) for edition in editions]
    text = report(results, (start_load, os.getloadavg()[0]), time.perf_counter() - start)
    if args.first or args.edition != "both":
        text = text.replace(f"--games {args.games} --write`",
                            f"--games {args.games} --first {args.first} --edition {args.edition} --write`")
    print(text)
    if args.write:
        part = "" if args.edition == "both" else f"_{args.edition}" + (f"_{args.first}" if args.first else "")
        out = OUT.with_name(f"HOAX_GAMES{part}.md")
        out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
