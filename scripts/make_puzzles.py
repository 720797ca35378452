"""Make the puzzle sets that ship with bluffmath, from games of the project's bots.

    python scripts/make_puzzles.py [--seed 1] [--count 240] [GAME ...]

For each game (a review's game: hochstapler, gauner, hoax, muenchhausen,
hochstapler-duel; all by default) this plays the game's bots against each other, game
``g`` dealt by :func:`bluffmath.tournament.deal_seed` of the seed and ``g`` (so one seed
makes the same sets every time), reviews every seat of every game, keeps the positions
:func:`bluffmath.train.candidates.found_in` finds (a clear best option, the runner-up's
habit as the skill), and plays on until it has four times ``count`` different positions
from games enough to take at most :data:`~bluffmath.train.candidates.PER_GAME` from each
twice over (or :data:`MOST_GAMES` games). It then takes ``count`` of them, the skills
taking turns (:func:`~bluffmath.train.candidates.balanced`), writes
``bluffmath/train/puzzles/<game>.json``, reads the file back and recomputes every answer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

from bluffmath.tournament import deal_seed
from bluffmath.train.candidates import PER_GAME, Found, balanced, found_in
from bluffmath.train.sets import make_set, read_set

FOLDER = Path(__file__).resolve().parent.parent / "bluffmath" / "train" / "puzzles"
#: The most games played for one set.
MOST_GAMES = 400
#: What each game's generator plays, in words (the set's ``generator`` says it).
BOTS = {
    "hochstapler": "3 to 5 players of CardCountingBot, BidReadingBot, CalledColourBot, RandomBot and "
                   "CardCountingBot(doubt_bias=-1/4), seats rotating",
    "gauner": "2 to 4 players of SolverBot and RandomBot, plain and brave games alternating",
    "hoax": "3 to 6 players (original edition) and 4 to 6 (German) of DeducerBot, BlufferBot, HonestBot and RandomBot",
    "muenchhausen": "2 to 5 players of OddsBot, HonestBot and RandomBot, one round",
    "hochstapler-duel": "matches of 2 or 3 deals between the equilibrium, random and reading bots",
}


def hochstapler_games(seed: int) -> Iterator[tuple[str, int]]:
    from bluffmath import hochstapler as hs
    for g in range(MOST_GAMES):
        players = 3 + g % 3
        panel = [hs.CardCountingBot(), hs.BidReadingBot(), hs.CalledColourBot(), hs.RandomBot(),
                 hs.CardCountingBot(doubt_bias=Fraction(-1, 4))]
        bots = [panel[(g + s) % len(panel)] for s in range(players)]
        yield hs.save_game(hs.play_game(hs.Game(players=players), bots, seed=deal_seed(seed, g))), players


def gauner_games(seed: int) -> Iterator[tuple[str, int]]:
    from bluffmath import gauner
    from bluffmath.gauner.bots import RandomBot, SolverBot
    for g in range(MOST_GAMES):
        players, deal = 2 + g % 3, deal_seed(seed, g)
        panel = [SolverBot(), RandomBot(seed=deal % 1000), SolverBot(name="solver 2"), RandomBot(seed=deal % 997)]
        bots = [panel[(g + s) % len(panel)] for s in range(players)]
        game = gauner.Game(players=players, brave=bool(g % 2))
        yield gauner.save_game(gauner.play_game(game, bots, seed=deal)), players


def hoax_games(seed: int) -> Iterator[tuple[str, int]]:
    from bluffmath import hoax
    from bluffmath.hoax.players import BlufferBot, DeducerBot, HonestBot
    for g in range(MOST_GAMES):
        edition = ("original", "german")[g % 2]
        players, deal = (3 + g % 4) if edition == "original" else (4 + g % 3), deal_seed(seed, g)
        panel = [DeducerBot(seed=deal % 1000), BlufferBot(seed=deal % 997), HonestBot(seed=deal % 991),
                 hoax.RandomBot(seed=deal % 983)]
        bots = [panel[(g + s) % len(panel)] for s in range(players)]
        end = hoax.play(hoax.Game(edition, players=players, seed=deal), bots)
        yield end.to_json(), players


def muenchhausen_games(seed: int) -> Iterator[tuple[str, int]]:
    from bluffmath import muenchhausen as mh
    for g in range(MOST_GAMES):
        players = 2 + g % 4
        panel = [mh.OddsBot(), mh.HonestBot(), mh.RandomBot(seed=deal_seed(seed, g) % 1000)]
        bots = [panel[(g + s) % len(panel)] for s in range(players)]
        yield mh.save_game(mh.play_game(mh.Game(players=players), bots)), players


def duel_games(seed: int) -> Iterator[tuple[str, int]]:
    from bluffmath import duel
    for g in range(MOST_GAMES):
        game, deal = duel.Game(deals=2 + g % 2), deal_seed(seed, g)
        panel = [duel.equilibrium_bot(game), duel.random_bot(game), duel.reading_bot(game)]
        bots = [panel[g % 3], panel[(g + 1 + g // 3) % 3]]
        rng, state = random.Random(deal), game.new_game(seed=deal)
        while not state.is_terminal:
            seat = state.to_act
            state = state.play(seat, bots[seat].choose(state.view(seat), rng))
        yield duel.save_duel(state), 2


GAMES: dict[str, Callable[[int], Iterator[tuple[str, int]]]] = {
    "hochstapler": hochstapler_games, "gauner": gauner_games, "hoax": hoax_games,
    "muenchhausen": muenchhausen_games, "hochstapler-duel": duel_games}


def make(game: str, seed: int, count: int) -> tuple[str, int]:
    """The set of ``game`` as JSON text, and the number of games played."""
    found: list[Found] = []
    positions: set[tuple[object, ...]] = set()
    played = useful = 0
    for save, seats in GAMES[game](seed):
        played += 1
        here = found_in(save, seats, game)
        useful += bool(here)
        positions.update(f.key for f in here)
        found += here
        if len(positions) >= 4 * count and useful * PER_GAME >= 2 * count:
            break
    chosen = balanced(found, count)
    if len(chosen) < count:
        sys.exit(f"{game}: only {len(chosen)} puzzles in {played} games; {count} were asked for")
    order = {id(f): place for place, f in enumerate(found)}
    chosen.sort(key=lambda f: order[id(f)])
    generator = (f"python scripts/make_puzzles.py --seed {seed} --count {count}: {played} games of {BOTS[game]}; "
                 f"skills taking turns")
    return make_set(game, chosen, generator).to_json(), played


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    for game in args.games or GAMES:
        start = time.perf_counter()
        text, played = make(game, args.seed, args.count)
        path = FOLDER / f"{game}.json"
        path.write_text(text, encoding="utf-8")
        made = time.perf_counter()
        puzzles = read_set(path.read_text(encoding="utf-8"), path.name)
        puzzles.verify()
        skills = Counter(p.solution.skill for p in puzzles.puzzles)
        print(f"{game}: {len(puzzles)} puzzles from {played} games ({len(puzzles.saves)} kept), "
              f"{len(text.encode()):,} bytes, made in {made - start:.1f} s, verified in "
              f"{time.perf_counter() - made:.1f} s; skills: {dict(skills)}")


if __name__ == "__main__":
    main()
