"""A drill never shows another seat's hidden cards: the class table's leak check, on drills.

As for the class table's pages (tests/test_class_views.py), the check does not look for
card values in the text (a 3 is everywhere): it deals every card the seat could not see
anew, many ways, replays the same moves, and asks for the very same drill (its JSON, its
text and its answers' text; only the id, a hash of the save, may change). The saves of
those worlds differ, so a drill that showed anything of the save would be caught.

The worlds: Hoax and Münchhausen replay the game on other deals or other unseen choices
(the class tests' ``other_worlds`` and ``other_world``); Gauner raus! swaps cards between
the other holders (its class test's ``other_worlds``), the engine dealing that deal for the
game's seed; Hochstapler deals every card but the seat's own anew, the engine dealing that
deal for the seed; the Duel finds other seeds that deal the seat the same card.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bluffmath import duel, gauner, hoax
from bluffmath import hochstapler as hs
from bluffmath import muenchhausen as mh
from bluffmath.review import review
from bluffmath.train import Drill, answer, drills
from tests.test_class_gauner import other_worlds as gauner_worlds
from tests.test_class_gauner import play as play_gauner
from tests.test_class_hoax import other_worlds as hoax_worlds
from tests.test_class_muenchhausen import other_world as muenchhausen_world


def shown(drill: Drill) -> tuple[Any, ...]:
    """Everything a drill shows, before and after an answer, but its id."""
    data = {k: v for k, v in drill.to_json().items() if k != "id"}
    return data, drill.text().replace(drill.id, "<id>"), [answer(drill, o).text() for o in drill.options]


def drill_at(game: Any, seat: int, number: int) -> Drill | None:
    """The drill of ``seat``'s decision ``number`` in ``game`` (None: no real decision)."""
    return next((d for d in drills(game, seat, threshold=0) if d.number == number), None)


def assert_same(base: Drill, other: Drill | None) -> None:
    assert other is not None
    assert shown(other) == shown(base)
    assert other.id != base.id  # the worlds' saves differ: a drill showing the save would differ too


def spread_decisions(state: Any, seat: int, most: int) -> list[int]:
    """The first ``most`` decisions of ``seat`` in ``state``'s game with a spread."""
    return [d.number for d in review(state, seat).decisions if d.difficulty][:most]


# --- Hochstapler: every card but the seat's own dealt anew ----------------------------------------

def dealt_anew(deal: tuple[Any, Any], seat: int, rng: random.Random) -> tuple[dict[str, tuple[int, ...]], ...]:
    """``deal`` (hands, piles) with every card ``seat`` cannot see shuffled, colour by colour."""
    hands, piles = {}, {}
    for colour, cards in deal[0].items():
        hidden = [c for s, c in enumerate(cards) if s != seat] + list(deal[1][colour])
        rng.shuffle(hidden)
        others = iter(hidden)
        hands[colour] = tuple(c if s == seat else next(others) for s, c in enumerate(cards))
        piles[colour] = tuple(others)
    return hands, piles


@contextmanager
def dealing(monkeypatch: pytest.MonkeyPatch, players: int, seed: int, deal: tuple[Any, Any]) -> Iterator[None]:
    """The engine (and its saves) dealing ``deal`` as the first deal of ``seed``."""
    real = hs.game.deal_cards

    def fake(p: int, s: int, d: int) -> Any:
        return deal if (p, s, d) == (players, seed, 0) else real(p, s, d)

    with monkeypatch.context() as patch:
        for name, module in list(sys.modules.items()):
            if name.startswith("bluffmath.hochstapler") and vars(module).get("deal_cards") is real:
                patch.setattr(module, "deal_cards", fake)
        yield


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_hochstapler_drill_is_the_same_whatever_the_cards_the_seat_cannot_see(seed, monkeypatch) -> None:
    bots = [hs.CardCountingBot(), hs.BidReadingBot(), hs.RandomBot()]
    end = hs.play_game(hs.Game(players=3), bots, seed=seed)
    events = end.events
    calls = next((i for i, e in enumerate(events) if type(e).__name__ != "Call"), len(events))
    rng, checked = random.Random(seed), 0
    for number in range(1, min(calls + 1, len(events)) + 1):  # every move made after calls alone
        seat = events[number - 1].seat
        original = hs.Game(players=3).replay(seed, end.opener, events[:number])
        base = drill_at(original, seat, number)
        if base is None:
            continue
        for _ in range(2):
            deal = dealt_anew(hs.game.deal_cards(3, seed, 0), seat, rng)
            with dealing(monkeypatch, 3, seed, deal):
                world = hs.Game(players=3).replay(seed, end.opener, events[:number])
                assert world.view(seat).position == original.view(seat).position or number == calls + 1
                assert any(world.hands[c] != original.hands[c] for c in world.hands)
                assert_same(base, drill_at(world, seat, number))
        checked += 1
    assert checked


# --- the Duel: other seeds that deal the seat the same card ----------------------------------------

@pytest.mark.parametrize("seed", [1, 4, 7])
def test_a_duel_drill_is_the_same_whatever_card_the_other_seat_holds(seed) -> None:
    game = duel.Game(deals=2)
    rng = random.Random(seed)
    bots = [duel.random_bot(game), duel.equilibrium_bot(game)]
    state = game.new_game(seed=seed)
    while not state.is_terminal:
        state = state.play(state.to_act, bots[state.to_act].choose(state.view(state.to_act), rng))
    events = state.events
    doubt = next(i for i, (_, a) in enumerate(events) if isinstance(a, duel.Doubt))
    checked = 0
    for number in range(1, doubt + 2):  # the first deal's moves
        seat = events[number - 1][0]
        base = drill_at(game.replay(seed, 0, events[:number]), seat, number)
        if base is None:
            continue
        mine, theirs = duel.deal_cards(game.deck, seed, 0)[seat], duel.deal_cards(game.deck, seed, 0)[1 - seat]
        others = [s for s in range(1, 400) if duel.deal_cards(game.deck, s, 0)[seat] == mine
                  and duel.deal_cards(game.deck, s, 0)[1 - seat] != theirs][:2]
        assert others
        for other in others:
            assert_same(base, drill_at(game.replay(other, 0, events[:number]), seat, number))
        checked += 1
    assert checked


# --- Gauner raus!: cards swapped between the other holders --------------------------------------

@contextmanager
def starting(monkeypatch: pytest.MonkeyPatch, seed: int, start: gauner.State) -> Iterator[None]:
    """The engine dealing ``start`` (a swapped deal, set up) for ``seed``."""
    real: Callable[..., gauner.State] = gauner.Game.new_game

    def fake(self: gauner.Game, s: int = 0) -> gauner.State:
        return start if s == seed else real(self, s)

    with monkeypatch.context() as patch:
        patch.setattr(gauner.Game, "new_game", fake)
        yield


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 4)])
def test_a_gauner_drill_is_the_same_whatever_cards_the_other_holders_hold(players, seed, monkeypatch) -> None:
    end, _ = play_gauner(players, seed)
    rng, checked = random.Random(seed), 0
    for seat in range(players):
        for number in spread_decisions(end, seat, 2):
            state = gauner.Game(players, end.game.brave).new_game(seed)
            for action in end.actions[:number]:
                state = state.apply(action)
            base = drill_at(state, seat, number)
            for steps in gauner_worlds(state, seat, rng):
                with starting(monkeypatch, seed, steps[0]):
                    assert_same(base, drill_at(steps[-1], seat, number))
                checked += 1
    assert checked


# --- Hoax and Münchhausen: the game replayed on other deals, other unseen cards -------------------

@pytest.mark.parametrize(("edition", "players", "seed"), [("original", 4, 3), ("original", 5, 8), ("german", 5, 2)])
def test_a_hoax_drill_is_the_same_whatever_roles_the_others_hold(edition, players, seed) -> None:
    from bluffmath.hoax.players import BlufferBot, DeducerBot, HonestBot
    panel = [DeducerBot(seed=seed), BlufferBot(seed=seed), HonestBot(seed=seed), hoax.RandomBot(seed=seed)]
    end = hoax.play(hoax.Game(edition, players=players, seed=seed), [panel[s % 4] for s in range(players)])
    rng, checked = random.Random(seed), 0
    for seat in range(players):
        for number in spread_decisions(end, seat, 2):
            state = end.game.new_game()
            for action in end.actions[:number]:
                state = state.apply(action)
            base = drill_at(state, seat, number)
            for world in hoax_worlds(state, seat, rng):
                assert_same(base, drill_at(world, seat, number))
                checked += 1
    assert checked


@pytest.mark.parametrize("players", [3, 4, 5])  # two players lay nothing unseen
def test_a_muenchhausen_drill_is_the_same_whatever_the_others_laid_unseen(players) -> None:
    panel = [mh.OddsBot(), mh.RandomBot(seed=players), mh.HonestBot()]
    end = mh.play_game(mh.Game(players=players), [panel[s % 3] for s in range(players)])
    rng, checked = random.Random(players), 0
    for seat in range(players):
        for number in spread_decisions(end, seat, 3):
            state = end.game.new_game()
            for action in end.actions[:number]:
                state = state.apply(action)
            base = drill_at(state, seat, number)
            for _ in range(3):
                world = muenchhausen_world(state, seat, rng)
                if world.actions != state.actions or world.piles != state.piles:
                    assert_same(base, drill_at(world, seat, number))
                    checked += 1
    assert checked
