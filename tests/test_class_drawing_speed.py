"""The class table's pages and pictures are drawn through caches (each kept value a pure
function of what it is keyed by: a finished deal, a seat's facts, a game's notes, a log
that only grows): here every page and picture of seeded bot games, drawn the way the
workers draw them (after each move, every seat, caches warm from the moves before), is
byte for byte the page drawn with every cache taken out, and the Münchhausen table's
knowledge read on from a kept log is the knowledge read from the whole log."""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from bluffmath import muenchhausen as mh
from bluffmath.errors import InconsistentEvidenceError
from bluffmath.muenchhausen import knowledge as mh_knowledge
from bluffmath_class import markup
from bluffmath_class.games import (
    GAMES,
    Record,
    Seating,
    duel_page,
    duel_picture,
    hoax_page,
    hoax_picture,
    hochstapler_page,
    hochstapler_picture,
    muenchhausen_page,
    muenchhausen_picture,
)
from bluffmath_class.games.muenchhausen import Muenchhausen
from bluffmath_class.mirror import Deal, Game

#: The Duel's core module (``bluffmath.hochstapler`` names its function ``duel`` too).
duel_core = importlib.import_module("bluffmath.duel.strategies")
#: The modules whose caches are taken out to draw the pages again.
CACHED: tuple[ModuleType, ...] = (markup, duel_core, duel_page, duel_picture, hochstapler_page, hochstapler_picture,
                                  muenchhausen_page, muenchhausen_picture, hoax_page, hoax_picture)
#: The games played: kind, seats, variant, bot, seed, at most this many moves.
PLAYED = [
    ("hochstapler", 5, "to-10", "counting", 3, 120),
    ("hochstapler", 3, "one-deal", "reading", 4, 60),
    ("muenchhausen", 4, "one-round", "odds", 0, 120),
    ("muenchhausen", 3, "three-rounds", "random", 1, 120),
    ("muenchhausen", 2, "one-round", "odds", 2, 60),
    ("hoax", 5, "original", "deducer", 0, 80),
    ("hoax", 5, "german", "bluffer", 1, 80),
    ("duel", 2, "0-4-10", "equilibrium", 0, 60),
    ("duel", 2, "0-2-10", "reader", 1, 60),
    ("duel", 2, "colour-10", "random", 2, 10),
]
ODDS = ("always", "after-doubt", "never")


def _uncached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take every cache out: each kept function of :data:`CACHED` is its own undecorated
    body, and Münchhausen's pages read the whole log again for each seat."""
    for module in CACHED:
        kept = [(name, value) for name, value in vars(module).items() if callable(value) and hasattr(value, "__wrapped__")]
        assert kept, f"{module.__name__} keeps nothing: it does not belong in CACHED"
        for name, value in kept:
            monkeypatch.setattr(module, name, inspect.unwrap(value))
    monkeypatch.setattr(muenchhausen_page, "public_knowledge", mh.Knowledge.from_log)


def _moments(kind: str, seats: int, variant: str, bot: str, seed: int, moves: int,
             rules: Any = None) -> Iterator[tuple[Any, Seating, Game]]:
    """Each moment of a seeded bot game, as a worker's copy keeps it (the notes made as the
    worker makes them), and its seating (one bot seat in every other game)."""
    rules = rules or GAMES[kind]
    game = Game(Deal(kind, seats, variant, seed, seed % seats), None)
    game.state = rules.new_state(seats, variant, seed, seed % seats)
    seating = Seating(tuple(f"<i>S{s}</i>" if s == 1 else f"S{s}" for s in range(seats)),
                      frozenset({seats - 1}) if seed % 2 else frozenset())
    rng = random.Random(seed)
    for _ in range(moves):
        if rules.to_act(game.state) is None:
            break
        action = rules.bot_move(game.state, bot, rng)
        before = game.state
        game.state = rules.apply(before, action)
        game.marks.append(rules.note(before, action, game.state))
        yield rules, seating, game


def _drawn(rules: Any, state: Any, seating: Seating, notes: list[Any]) -> list[object]:
    """Every seat's page in every odds setting, live and ended, and the public page."""
    pages: list[object] = [rules.seat_page(state, s, seating, odds, notes, live=live)
                           for s in range(len(seating.names)) for odds in ODDS for live in (True, False)]
    return [*pages, rules.table_page(state, seating, notes), rules.table_page(state, seating, notes, over=True)]


@pytest.mark.parametrize(("kind", "seats", "variant", "bot", "seed", "moves"), PLAYED,
                         ids=[f"{p[0]}-{p[1]}-{p[2]}" for p in PLAYED])
def test_every_page_drawn_through_the_caches_is_the_page_drawn_without(monkeypatch, kind, seats, variant, bot,
                                                                        seed, moves):
    cached, moments = [], []
    for rules, seating, game in _moments(kind, seats, variant, bot, seed, moves):
        cached.append(_drawn(rules, game.state, seating, game.notes))
        moments.append((game.state, game.notes))
    assert len(moments) > 5
    _uncached(monkeypatch)
    for at, (state, notes) in enumerate(moments):
        assert _drawn(rules, state, seating, notes) == cached[at], f"move {at + 1}"


@pytest.mark.parametrize("kind", ["hochstapler", "muenchhausen", "hoax", "duel"])
def test_the_class_picture_counted_on_with_kept_games_is_the_picture_counted_afresh(monkeypatch, kind):
    """The picture is counted again as the games go on (the shares of the games already
    counted kept, an unfinished game's counted again), over several tables (not the real
    colour's Duel: what its best reply takes is counted in seconds, with or without caches)."""
    played = [p for p in PLAYED if p[0] == kind and p[2] != "colour-10"]
    records: list[Record | None] = [None] * len(played)
    cached, shown = [], []
    for i, (_, seats, variant, bot, seed, moves) in enumerate(played):
        for at, (rules, seating, game) in enumerate(_moments(kind, seats, variant, bot, seed, moves)):
            records[i] = Record(seating, game.state, game.notes, None, table=i + 1, game=seed + 1)
            if at % 4 == 3:
                found = [r for r in records if r is not None]
                cached.append(rules.picture(found))
                shown.append(found)
        cached.append(rules.picture([r for r in records if r is not None]))
        shown.append([r for r in records if r is not None])
    assert "<table" in cached[-1]
    _uncached(monkeypatch)
    for at, found in enumerate(shown):
        assert GAMES[kind].picture(found) == cached[at], f"picture {at + 1}"


def test_muenchhausen_pages_under_a_model_the_play_contradicts_are_the_pages_drawn_without_caches(monkeypatch):
    """Under "lowest-enough" a doubted lie contradicts the model: that round's pages say so
    (the kept reading keeps the contradiction) and the next round has numbers again."""
    rules = Muenchhausen(mh.LOWEST_ENOUGH)
    cached, moments = [], []
    for _, seating, game in _moments("muenchhausen", 3, "three-rounds", "random", 5, 150, rules):
        cached.append(_drawn(rules, game.state, seating, game.notes))
        moments.append((seating, game.state, game.notes))
    assert any("mh-contradicted" in page["odds"] for pages in cached for page in pages[:-2])
    _uncached(monkeypatch)
    for at, (seating, state, notes) in enumerate(moments):
        assert _drawn(rules, state, seating, notes) == cached[at], f"move {at + 1}"


@pytest.mark.parametrize("model", [mh.UNIFORM, mh.LOWEST_ENOUGH, mh.RANDOM_ENOUGH])
def test_the_public_knowledge_read_on_from_a_kept_log_is_the_knowledge_of_the_whole_log(model):
    """Every moment of two games read in turn (a kept log a few events behind, or none, or
    another game's), each equal to ``Knowledge.from_log``, or raising as it does."""
    logs = [[g.state.log for _, _, g in _moments("muenchhausen", 4, "three-rounds", bot, seed, 200)]
            for bot, seed in (("random", 7), ("odds", 8))]
    order = [log for pair in zip(*logs, strict=False) for log in pair] + logs[0][::7] + logs[1][::-5]
    for log in order:
        try:
            expected: object = mh.Knowledge.from_log(log, model)
        except InconsistentEvidenceError as error:
            expected = (type(error), str(error))
        try:
            found: object = mh_knowledge.public_knowledge(log, model)
        except InconsistentEvidenceError as error:
            found = (type(error), str(error))
        assert found == expected
    assert len(mh_knowledge._readings._kept) <= mh_knowledge.KEPT_LOGS
