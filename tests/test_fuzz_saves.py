"""Fuzz: saves that cannot lie, the same test for every game that saves.

For games played by bots (each game's own tests add hand-made ones): a round trip loses
nothing; every single edit of a save (tests/hostile.py ``mutations``: each leaf changed,
each key removed, an unknown key added) is refused with a SaveFileError; and an edit of
what the replay recomputes (the seed, the deal, an observation) is refused by the replay
itself even when the seal is recomputed to match, so the seal is a last guard, not the
only one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hostile import mutations, outcome

from bluffmath import gauner, muenchhausen, seal
from bluffmath import hochstapler as hs
from bluffmath.errors import SaveFileError


@dataclass(frozen=True)
class Saves:
    """A game's save and load functions, some finished or unfinished games, and the keys
    whose every value the replay recomputes."""

    save: Callable[[Any], str]
    load: Callable[[str], Any]
    games: Callable[[], list[Any]]
    observed: tuple[str, ...]


def _hochstapler() -> list[hs.State]:
    bots = [hs.CardCountingBot(), hs.RandomBot(), hs.BidReadingBot()]
    done = hs.play_game(hs.Game(3, target=2), bots, seed=11)
    return [done, hs.Game(4).new_game(seed=2).exchange("red").raise_(7, "red").raise_(8, "blue")]


def _gauner() -> list[gauner.State]:
    return [gauner.play_game(gauner.Game(players, brave=players == 3),
                             [gauner.RandomBot(seed=s) for s in range(players)], seed=players)
            for players in (2, 3)]


def _muenchhausen() -> list[muenchhausen.State]:
    bots = [muenchhausen.RandomBot("a", 1), muenchhausen.HonestBot("b"), muenchhausen.RandomBot("c", 3)]
    return [muenchhausen.play_game(muenchhausen.Game(3), bots)]


GAMES = {
    "hochstapler": Saves(hs.save_game, hs.load_game, _hochstapler, ("seed", "deals", "reveals", "to_act")),
    "gauner": Saves(gauner.save_game, gauner.load_game, _gauner, ("seed", "deal", "numbers", "scores", "winners")),
    "muenchhausen": Saves(muenchhausen.save_game, muenchhausen.load_game, _muenchhausen, ("observations",)),
}
MOST = 400  # edits tried per save, drawn by a fixed seed from all of them


def _edits(data: dict[str, Any]) -> list[tuple[str, Any]]:
    edits = list(mutations(data))
    random.Random(0).shuffle(edits)
    return edits[:MOST]


@pytest.mark.parametrize("game", GAMES)
def test_a_round_trip_loses_nothing(game: str) -> None:
    kind = GAMES[game]
    for state in kind.games():
        assert kind.load(kind.save(state)) == state


@pytest.mark.parametrize("game", GAMES)
def test_every_single_edit_is_refused(game: str) -> None:
    kind = GAMES[game]
    findings = []
    for state in kind.games():
        data = json.loads(kind.save(state))
        for what, edited in _edits(data):
            result, error = outcome(lambda edited=edited: kind.load(json.dumps(edited)), SaveFileError)
            if result != "refused":
                findings.append(f"{what}: {result} {error!r:.120}")
    assert findings == []


@pytest.mark.parametrize("game", GAMES)
def test_an_edit_the_replay_recomputes_is_refused_with_a_fresh_seal(game: str) -> None:
    kind = GAMES[game]
    findings, tried = [], 0
    for state in kind.games():
        data = json.loads(kind.save(state))
        for what, edited in _edits(data):
            if what.split(":")[0].split(" ")[0].split(".")[0].split("[")[0] not in kind.observed:
                continue
            if not isinstance(edited, dict) or "check" not in edited:
                continue
            tried += 1
            resealed = seal.seal(edited)
            result, error = outcome(lambda resealed=resealed: kind.load(json.dumps(resealed)), SaveFileError)
            if result != "refused":
                findings.append(f"{what}: {result}")
            elif "changed after it was saved" in str(error) or "check does not match" in str(error):
                findings.append(f"{what}: only the seal noticed")
    assert findings == []
    assert tried >= 20
