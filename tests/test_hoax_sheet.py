"""The live sheet: a seat's view of a game as the Case the exact posterior takes; checked
fact by fact, against brute-force enumeration of the deals, and for soundness (every
player's true card keeps a positive probability in every other player's posterior)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Buy,
    Cover,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pardon,
    Pass,
    Show,
    Take,
    Vote,
)
from bluffmath.hoax.deduce import deduce
from bluffmath.hoax.evidence import BluffModel, Claim, Holds, IsNot
from bluffmath.hoax.game import Game, State
from bluffmath.hoax.roles import COPIES
from bluffmath.hoax.sheet import sheet

TRUTHFUL = BluffModel(1, Fraction(1, 4))


def started(deal, edition="original", **game) -> State:
    state = Game(edition, players=len(deal), deal=deal, **game).new_game()
    while state.phase in ("take", "cover"):
        state = state.apply(state.legal_actions()[0])
    return state


def test_own_card_claims_and_a_look_only_the_buyer_sees():
    s = started(("King", "Thief", "Wizard"))
    s = replace(s, outside=((1, 1, 1), (0, 0, 0), (0, 0, 0)), castle=(19, 19, 19))
    s = s.apply(Buy(1)).apply(Show("Peasant"))
    assert sheet(s, 0).facts == (Holds(0, "King", "own card"), IsNot(1, "Peasant", "bought"))
    assert sheet(s, 2).facts == (Holds(2, "Wizard", "own card"),)
    assert sheet(s, 1).facts == (Holds(1, "Thief", "own card"),)      # facts about oneself are left out


def test_claims_silences_and_a_lie_found_out():
    s = started(("Peasant", "King", "Judge", "Vicar"))
    s = s.apply(Act("King", "take", token=0)).apply(Hoax()).apply(Vote(True)).apply(Vote(True))
    s = s.apply(Act("King", "take", token=0))                          # seat 1 as the King, truly
    s = s.apply(Pass()).apply(Pass()).apply(Pass())                    # no doubt
    s = s.apply(Pass()).apply(Pass()).apply(Pass())                    # the King round: all silent
    assert sheet(s, 2).facts == (Holds(2, "Judge", "own card"), Claim(0, "King"), IsNot(0, "King", "challenge"),
                                 Claim(1, "King"))
    silent = sheet(s, 2, silences=True).facts
    assert silent[-2:] == (Claim(1, "King"), Claim(3, "King", spoke=False))   # seat 0's King is covered


def test_german_covers_and_a_truthful_accused():
    s = Game("german", players=4, deal=("Peasant", "King", "Judge", "Merchant")).new_game()
    for t in range(4):
        s = s.apply(Take(t % 3))
    s = s.apply(Cover("King")).apply(Cover("Thief")).apply(Cover("Wizard")).apply(Cover("Vicar"))
    assert sheet(s, 0).facts[1:] == (IsNot(1, "Thief", "covered"), IsNot(2, "Wizard", "covered"),
                                     IsNot(3, "Vicar", "covered"))
    end = s.apply(Act("Peasant", "take")).apply(Hoax()).apply(Vote(True)).apply(Vote(True))
    assert end.winner == 0
    assert sheet(end, 3).facts[-1] == Holds(0, "Peasant", "revealed")


def test_an_accusation_tells_only_the_accuser():
    s = started(("Peasant", "King", "Judge", "Vicar"), accuse_on_turn=True)
    s = s.apply(Accuse(2, "Thief"))                                    # wrong: seat 0 leaves
    assert sheet(s, 0).facts[-1] == IsNot(2, "Thief", "accused")
    assert sheet(s, 1).facts == (Holds(1, "King", "own card"),)
    right = started(("Peasant", "King", "Judge", "Vicar"), accuse_on_turn=True).apply(Accuse(3, "Vicar"))
    assert sheet(right, 0).facts[-1] == Holds(3, "Vicar", "accused")
    assert deduce(sheet(right, 0)).probability(3, "Vicar") == 1


def test_reactions_are_claims():
    s = started(("Peasant", "King", "Judge", "Vicar"))
    s = s.apply(Act("Peasant", "take")).apply(Pass()).apply(Pass()).apply(Pass())
    s = s.apply(Illegal()).apply(Pass()).apply(Pass()).apply(Pass())
    s = s.apply(Fine((0,))).apply(Pass()).apply(Pass()).apply(Pass())
    s = s.apply(Pardon(1)).apply(Pass()).apply(Pass()).apply(Pass())  # seat 1, first asked in the Vicar round
    s = s.apply(Immune())
    claims = [f for f in sheet(s, 3).facts if isinstance(f, Claim)]
    assert claims == [Claim(0, "Peasant"), Claim(1, "King"), Claim(2, "Judge"), Claim(1, "Vicar"), Claim(0, "Wizard")]


def test_sheet_refuses_bad_arguments():
    s = started(("Peasant", "King", "Judge"))
    with pytest.raises(InvalidInputError, match="name the seat"):
        sheet(s)
    with pytest.raises(InvalidInputError, match="seat must be a whole number from 0 to 2"):
        sheet(s, 3)
    with pytest.raises(InvalidInputError, match="silences must be True or False"):
        sheet(s, 0, silences=1)
    with pytest.raises(InvalidInputError, match="a Hoax State and a seat"):
        sheet("state", 0)


# --- brute force: every deal of the other cards, weighed from the raw game --------------------
def _claims(state: State) -> list[tuple[int, str]]:
    """(seat, role) of every claim, read from the moves replayed (not from the log)."""
    out, replay = [], state.game.new_game()
    roles = {Illegal: "King", Fine: "Judge", Pardon: "Vicar", Immune: "Wizard"}
    for action in state.actions:
        if isinstance(action, Act):
            out.append((replay.to_act, action.role))
        elif type(action) in roles:
            out.append((replay.to_act, roles[type(action)]))
        replay = replay.apply(action)
    return out


def brute(state: State, seat: int, model: BluffModel) -> dict[tuple[int, str], Fraction]:
    """P(player p holds role r) for ``seat``, by enumerating the other players' cards."""
    ed, n = state.game.edition, state.players
    deck = Counter({r: COPIES for r in ed.roles})
    deck[state.cards[seat]] -= 1
    cards = sorted(deck.elements())
    claims = _claims(state)
    weights: Counter = Counter()
    for others in set(itertools.permutations(cards, n - 1)):
        deal = [*list(others[:seat]), state.cards[seat], *list(others[seat:])]
        if any(deal[p] == r for p, r in (*_nots(state, seat),)):
            continue
        w = Fraction(1)
        for p, r in claims:
            if p != seat:
                w *= model.honest if deal[p] == r else model.bluff_for(r)
        # each multiset order is counted once per distinct permutation; weigh by ways
        ways = 1
        left = Counter(deck)
        for p in range(n):
            if p != seat:
                ways *= left[deal[p]]
                left[deal[p]] -= 1
        for p in range(n):
            weights[(p, deal[p])] += w * ways
    total = sum(w for (p, _), w in weights.items() if p == seat)
    return {key: w / total for key, w in weights.items()}


def _nots(state: State, seat: int):
    """What ``seat`` saw ruled out, from the state's fields: covers (public) and looks
    shown to it."""
    yield from ((p, r) for p in range(state.players) for r in state.covered[p] if p != seat)
    yield from ((p, r) for p, b, r in state.shown if b == seat)


@pytest.mark.parametrize("edition", ["original", "german"])
def test_sheet_posterior_equals_brute_force(edition):
    players = 3 if edition == "original" else 4
    checked = 0
    for seed in range(12):
        rng, state = random.Random(seed), Game(edition, players=players, seed=seed, accuse_on_turn=True).new_game()
        while not state.is_terminal and checked < 400:
            state = state.apply(rng.choice(state.legal_actions()))
            if state.is_terminal or state.turn % 2 or not all(state.alive):
                continue
            seat = rng.randrange(players)
            exact = brute(state, seat, TRUTHFUL)
            d = deduce(sheet(state, seat, TRUTHFUL))
            for p in range(players):
                for r in state.game.edition.roles:
                    assert d.probability(p, r) == exact.get((p, r), 0), (seed, p, r)
            checked += 1
    assert checked > 20


# --- soundness ------------------------------------------------------------------------------
def _sound(state: State, model: BluffModel, silences: bool, memo: dict) -> None:
    for seat in range(state.players):
        case = sheet(state, seat, model, silences=silences)
        if case.facts in memo:
            continue
        memo[case.facts] = True
        d = deduce(case)
        for p in range(state.players):
            assert d.probability(p, state.cards[p]) > 0, (seat, p, state.cards[p])


@pytest.mark.parametrize(("model", "silences"), [
    (TRUTHFUL, False), (BluffModel(1, 1), False), (BluffModel(Fraction(3, 4), Fraction(1, 4)), True)])
def test_soundness_every_true_card_stays_possible(model, silences):
    for edition, sizes in (("original", (3, 4, 5, 6)), ("german", (4, 5, 6))):
        for seed in range(8):
            players = sizes[seed % len(sizes)]
            rng, state, memo = random.Random(seed), Game(edition, players=players, seed=seed).new_game(), {}
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
                _sound(state, model, silences, memo)


def test_unsound_models_fail_somewhere():
    """``bluff = 0`` with random players (who lie), and silences under ``honest = 1``, give a
    true card probability 0 (or no deal at all) in some game: the conditions are needed."""
    for model, silences in ((BluffModel(1, 0), False), (BluffModel(1, Fraction(1, 4)), True)):
        failed = False
        for seed in range(40):
            rng, state = random.Random(seed), Game("original", players=4, seed=seed).new_game()
            while not state.is_terminal and not failed:
                state = state.apply(rng.choice(state.legal_actions()))
                try:
                    _sound(state, model, silences, {})
                except (AssertionError, InconsistentEvidenceError):
                    failed = True
            if failed:
                break
        assert failed, model
