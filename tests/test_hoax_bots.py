"""Hoax bots (bluffmath.hoax.players): each policy on hand-built positions, their posterior
against brute force over the deals, and whole games that end."""

from __future__ import annotations

import itertools
import math
import pickle
from fractions import Fraction

import pytest
from test_hoax_rules import thief_with_no_move, thieves_with_no_move

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.actions import Accuse, Act, Buy, Done, Hoax, Pass, Show, Take, Vote
from bluffmath.hoax.bots import RandomBot, play
from bluffmath.hoax.deduce import deduce
from bluffmath.hoax.events import Claimed
from bluffmath.hoax.evidence import BluffModel, Case, Claim, Holds, IsNot
from bluffmath.hoax.game import Game, State
from bluffmath.hoax.players import (
    BlufferBot,
    DeducerBot,
    HonestBot,
    certain,
    facts,
    left_to_show,
    odds,
)
from bluffmath.hoax.roles import COPIES
from bluffmath.hoax.sheet import sheet
from bluffmath.tournament import fresh_bot

MODEL = BluffModel(Fraction(9, 10), Fraction(1, 5))
PEASANT = Act("Peasant", "take")


def auto(state: State) -> State:
    """One quiet move: pass, stop, vote no, or the first legal move."""
    legal = state.legal_actions()
    for quiet in (Pass(), Done(), Vote(False)):
        if quiet in legal:
            return state.apply(quiet)
    return state.apply(legal[0])


def until(state: State, seat: int, phase: str) -> State:
    """Quiet moves until ``seat`` is to move in ``phase``."""
    for _ in range(500):
        if state.to_act == seat and state.phase == phase:
            return state
        state = auto(state)
    raise AssertionError(f"seat {seat} never reached {phase}")


def started(deal: tuple[str, ...], tokens: tuple[int, ...], edition: str = "original") -> State:
    state = Game(edition, players=len(deal), deal=deal).new_game()
    for t in tokens:
        state = state.apply(Take(t))
    return state


def with_trio(third: Act = PEASANT) -> State:
    """Seat 0 (a Peasant) lies as the King and the Judge (nobody doubts) and holds a trio
    at the start of its third turn; seat 3's second claim is ``third``."""
    s = started(("Peasant", "Thief", "Judge", "Wizard"), (0, 1, 1, 1))
    s = until(s.apply(Act("King", "take", token=2)), 1, "turn")  # gold, wine
    for seat in (1, 2, 3):
        s = until(s.apply(Act("Peasant", "take")), (seat + 1) % 4, "turn")
    s = until(s.apply(Act("Judge", "take", token=1)), 1, "turn")  # the trio
    for seat in (1, 2, 3):
        s = until(s.apply(third if seat == 3 else Act("Peasant", "take")), (seat + 1) % 4, "turn")
    return s


def shown_king() -> State:
    """Seat 0 bought a look at seat 2 and was shown "not the King"; then seat 2 claims the
    King (seat 3 is the first to doubt, then seat 0, then seat 1)."""
    s = with_trio().apply(Buy(2))
    assert (s.phase, s.to_act) == ("show", 2)
    s = until(s.apply(Show("King")), 1, "turn")
    s = until(s.apply(Act("Peasant", "take")), 2, "turn")
    return s.apply(Act("King", "tax"))


def test_engine_offers_the_look_at_once_when_a_turn_action_completes_a_trio():
    """RULINGS: "a player who completes a trio at any moment may buy one look with it at
    once". A turn action's effect runs in flow.advance, after do() has compared the trios,
    so the offer never comes (an engine bug, reported; this test fails until it is fixed)."""
    s = started(("Peasant", "Thief", "Judge", "Wizard"), (0, 1, 1, 1))
    s = until(s.apply(Act("King", "take", token=2)), 1, "turn")
    for seat in (1, 2, 3):
        s = until(s.apply(Act("Peasant", "take")), (seat + 1) % 4, "turn")
    s = s.apply(Act("Judge", "take", token=1))
    phases = []
    while s.to_act != 1 or s.phase != "turn":
        phases.append((s.phase, s.to_act, min(s.outside[0])))
        s = auto(s)
    assert min(s.outside[0]) == 1
    assert ("instant", 0, 1) in phases, phases


# --- what a seat knows: the exact posterior against brute force -----------------------------------
def brute(view, model: BluffModel | None) -> list[dict[str, Fraction]]:
    """Every ordered deal of the deck's cards, weighted by every fact, counted one by one
    (``model`` None: the claims left out)."""
    case = Case(view.edition, view.players)
    roles = case.edition.roles
    deck = [r for r in roles for _ in range(COPIES)]
    seen = [f for f in facts(view) if model is not None or not isinstance(f, Claim)]
    totals = {(p, r): Fraction(0) for p in range(view.players) for r in roles}
    whole = Fraction(0)
    for cards in itertools.permutations(range(len(deck)), view.players):
        held = [deck[c] for c in cards]
        w = Fraction(1)
        for f in seen:
            if isinstance(f, Holds):
                w *= held[f.player] == f.role
            elif isinstance(f, IsNot):
                w *= held[f.player] != f.role
            else:
                w *= model.likelihood(f, held[f.player])
            if not w:
                break
        whole += w
        for p, r in enumerate(held):
            totals[p, r] += w
    return [{r: totals[p, r] / whole for r in roles} for p in range(view.players)]


def test_the_posterior_of_a_view_is_the_brute_force_count_at_every_step():
    game = Game("original", players=3, seed=11, max_turns=6)
    state = game.new_game()
    bots = [DeducerBot(seed=1), BlufferBot(seed=2, rate=Fraction(1, 2)), RandomBot(seed=3)]
    checked = 0
    while not state.is_terminal:
        if len(state.actions) % 4 == 0:
            view = state.view(len(state.actions) % 3)
            assert list(odds(view, MODEL)) == brute(view, MODEL)
            assert list(certain(view)) == brute(view, None)
            checked += 1
        state = state.apply(bots[state.to_act].act(state))
    assert checked >= 3


def test_certain_leaves_the_claims_out_and_deduce_agrees():
    state = shown_king()
    view = state.view(0)
    hard = [f for f in facts(view) if not isinstance(f, Claim)]
    assert IsNot(2, "King", "bought") in hard
    assert any(isinstance(f, Claim) for f in facts(view))
    assert list(certain(view)) == deduce(Case("original", 4, hard)).grid()
    assert list(odds(view, MODEL)) == deduce(Case("original", 4, facts(view), MODEL)).grid()
    assert list(odds(view, MODEL)) == deduce(sheet(view, model=MODEL, silences=True)).grid()
    assert certain(view)[2]["King"] == 0 < odds(view, BluffModel(Fraction(1, 2), Fraction(1, 2)))[3]["King"]


# --- the honest bot -----------------------------------------------------------------------------
@pytest.mark.parametrize("role", ["King", "Judge", "Vicar", "Wizard", "Thief", "Peasant"])
def test_the_honest_bot_claims_its_own_role_on_its_turn(role):
    deal = (role, "Peasant" if role != "Peasant" else "King", "Judge" if role != "Judge" else "Vicar")
    state = started(deal, (0, 1, 2))
    for seed in range(20):
        action = HonestBot(seed=seed).act(state)
        assert isinstance(action, Act), action
        assert action.role == role, action


def test_honest_bots_never_claim_a_role_they_do_not_hold_in_whole_games():
    claims = 0
    for seed in range(4):
        end = play(Game("german", players=4, seed=seed, max_turns=25), [HonestBot(seed=s) for s in range(4)])
        for e in end.log:
            if isinstance(e, Claimed):
                claims += 1
                assert e.role == end.cards[e.seat], (seed, str(e))
    assert claims > 50


def test_the_honest_bot_doubts_and_votes_against_a_claim_it_knows_false_and_no_other():
    state = until(shown_king(), 0, "doubt")
    assert HonestBot().act(state) == Hoax()
    assert HonestBot().act(until(shown_king(), 1, "doubt")) == Pass()  # seat 1 saw nothing
    vote = until(shown_king().apply(Hoax()), 0, "vote")  # seat 3 doubts; seat 0 votes
    assert HonestBot().act(vote) == Vote(True)
    assert HonestBot().act(until(vote.apply(Vote(True)), 1, "vote")) == Vote(False)


def test_the_honest_bot_accuses_only_a_card_it_knows():
    state = until(shown_king(), 0, "doubt")
    assert not any(isinstance(HonestBot(seed=s).act(state), Accuse) for s in range(5))
    # three players, seat 0 a Peasant; seat 1 lies as the Peasant and a challenge exposes it
    s = started(("Peasant", "Thief", "Judge"), (0, 1, 2))
    s = until(s.apply(Act("King", "take", token=2)), 1, "turn")
    s = until(s.apply(Act("Peasant", "take")), 2, "doubt").apply(Hoax())  # seat 2 doubts, seat 0 votes
    s = until(s.apply(Vote(True)), 2, "turn")
    assert "Peasant" in s.covered[1]
    s = s.apply(Act("Peasant", "take"))  # seat 2 lies too: seat 0 holds one Peasant, seat 1 is none
    assert certain(s.view(0))[2]["Peasant"] > 0
    assert HonestBot().act(until(s, 0, "doubt")) == Pass()


# --- the bluffer ------------------------------------------------------------------------------
def _binomial_bounds(n: int, p: Fraction, tail: Fraction) -> tuple[int, int]:
    """The widest k-range outside of which Binomial(n, p) has at most ``tail`` on each side."""
    pmf = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    low, acc = 0, Fraction(0)
    while acc + pmf[low] <= tail:
        acc += pmf[low]
        low += 1
    high, acc = n, Fraction(0)
    while acc + pmf[high] <= tail:
        acc += pmf[high]
        high -= 1
    return low, high


@pytest.mark.parametrize("rate", [Fraction(1, 3), Fraction(1, 10)])
def test_the_bluffers_rate_holds_within_an_exact_binomial_bound(rate):
    state = started(("Peasant", "King", "Judge"), (0, 1, 2))
    n = 1200
    bot = BlufferBot(seed=7, rate=rate)
    lies = sum(bot.act(state).role != "Peasant" for _ in range(n))
    low, high = _binomial_bounds(n, rate, Fraction(1, 10**6))
    assert low <= lies <= high, (lies, low, high)
    # the bound is narrow enough to catch a rate half as big or twice as big
    assert not low <= n * rate / 2 <= high
    assert not low <= n * rate * 2 <= high


def test_a_bluffer_at_rate_0_is_honest_and_at_rate_1_always_lies():
    state = started(("Peasant", "King", "Judge"), (0, 1, 2))
    assert all(BlufferBot(seed=s, rate=Fraction(0)).act(state).role == "Peasant" for s in range(30))
    assert all(BlufferBot(seed=s, rate=Fraction(1)).act(state).role != "Peasant" for s in range(30))


# --- the deducer ----------------------------------------------------------------------------------
def test_the_deducer_doubts_a_claim_it_knows_false_whatever_its_threshold():
    state = until(shown_king(), 0, "doubt")
    assert DeducerBot(doubt=Fraction(1), accuse=Fraction(1)).act(state) == Hoax()
    assert DeducerBot(doubt=Fraction(1), accuse=Fraction(1)).act(until(shown_king(), 1, "doubt")) == Pass()


def test_the_deducer_doubts_when_the_lie_passes_its_threshold():
    state = until(shown_king(), 1, "doubt")
    lie = 1 - odds(state.view(1), MODEL)[2]["King"]
    assert 0 < lie < 1
    assert DeducerBot(doubt=lie, accuse=Fraction(1)).act(state) == Hoax()
    assert DeducerBot(doubt=lie + Fraction(1, 10**9), accuse=Fraction(1)).act(state) == Pass()


def test_the_deducer_accuses_exactly_when_a_role_passes_its_threshold():
    state = until(shown_king(), 1, "doubt")
    grid = odds(state.view(1), MODEL)
    best = max(grid[q][r] for q in (0, 2, 3) for r in grid[q])
    assert Fraction(1, 6) < best < 1
    action = DeducerBot(doubt=Fraction(1), accuse=best).act(state)
    assert isinstance(action, Accuse)
    assert grid[action.target][action.role] == best
    assert DeducerBot(doubt=Fraction(1), accuse=best + Fraction(1, 10**9)).act(state) == Pass()


def test_the_deducer_buys_a_look_at_the_most_uncertain_player():
    s = with_trio(Act("Judge", "take", token=2))
    grid = odds(s.view(0), MODEL)
    spread = {t: max(grid[t].values()) for t in (1, 2, 3)}
    action = DeducerBot(accuse=Fraction(1)).act(s)
    assert action == Buy(min(spread, key=spread.get))
    assert spread[action.target] == min(spread.values()) < max(spread.values())
    assert HonestBot().act(s) == Act("Peasant", "take")


def test_a_bot_decides_by_its_view_alone():
    """Two deals that differ only in a card seat 0 cannot see give seat 0 the same choices."""
    a = until(shown_king(), 0, "doubt")
    b = State.__new__(State)
    b.__dict__.update(a.__dict__, cards=(*a.cards[:3], "Vicar"))  # the same moves, another card for seat 3
    assert a.cards != b.cards
    assert a.view(0) == b.view(0)
    for seed in range(5):
        for kind in (HonestBot, BlufferBot, DeducerBot):
            assert kind(seed=seed).act(a) == kind(seed=seed).act(b)


def test_left_to_show_counts_the_roles_still_unshown():
    state = until(shown_king(), 0, "doubt")
    assert left_to_show(state.view(0), 2) == 4  # six roles, the King shown, one is the card
    assert left_to_show(state.view(0), 1) == 5


# --- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("bot", [RandomBot(), HonestBot(), BlufferBot(rate=Fraction(1)), DeducerBot()],
                         ids=lambda b: b.name)
def test_every_bot_passes_when_the_rules_leave_no_other_move_and_plays_to_the_draw(bot):
    """Where bots once failed with IndexError (no legal move), each passes; two such bots
    pass a full round, and the game is a draw."""
    assert bot.act(thief_with_no_move()) == Pass()
    state = thieves_with_no_move()
    while not state.is_terminal:
        state = state.apply(bot.act(state))
    assert (state.is_draw, state.turn) == (True, 14)


@pytest.mark.parametrize(("edition", "players"), [("original", 3), ("original", 6), ("german", 4), ("german", 6)])
def test_every_kind_of_bot_finishes_its_games(edition, players):
    kinds = [DeducerBot, HonestBot, BlufferBot, RandomBot]
    for seed in range(2):
        bots = [kinds[(seed + i) % 4](seed=i) for i in range(players)]
        end = play(Game(edition, players=players, seed=seed, max_turns=30), bots)
        assert end.is_terminal
        assert (end.is_draw or end.winner in range(players))


def test_deducers_alone_end_their_games_before_the_draw():
    for seed in range(3):
        end = play(Game("original", players=4, seed=seed), [DeducerBot(seed=i) for i in range(4)])
        assert end.winner is not None
        assert end.turn < 200


def test_the_same_seed_plays_the_same_game_and_fresh_copies_differ():
    game = Game("original", players=4, seed=2, max_turns=20)
    bots = [BlufferBot(seed=1), DeducerBot(seed=2), HonestBot(seed=3), BlufferBot(seed=4)]
    first = play(game, bots)
    again = play(game, [fresh_bot(b, 0, 0, "x") for b in bots])
    assert play(game, [BlufferBot(seed=1), DeducerBot(seed=2), HonestBot(seed=3), BlufferBot(seed=4)]) == first
    assert isinstance(again, State)
    copy = pickle.loads(pickle.dumps(bots[0]))
    assert copy == bots[0]
    assert copy.rate == Fraction(1, 3)
    assert fresh_bot(bots[0], 5, 0, "x").seed != fresh_bot(bots[0], 5, 1, "x").seed


def test_bad_parameters_are_refused_with_bluffmath_errors():
    for make in (lambda: BlufferBot(rate=0.5), lambda: BlufferBot(rate=Fraction(3, 2)),
                 lambda: DeducerBot(doubt=True), lambda: DeducerBot(model="1/4"), lambda: HonestBot(seed=-1),
                 lambda: HonestBot(name="")):
        with pytest.raises(InvalidInputError):
            make()
    with pytest.raises(InvalidInputError, match="game is not over"):
        HonestBot().act("a state")
    assert issubclass(InvalidInputError, ValueError)


@pytest.mark.parametrize(("edition", "players", "seed"), [("original", 4, 1), ("german", 5, 2)])
def test_the_deducer_with_its_reused_posterior_moves_as_the_plain_one_that_counts_afresh(edition, players, seed):
    """The benchmark's baseline (deduce on a new Case at every decision) and the deducer
    (facts read on, the posterior reused while no fact came) choose every move alike."""
    from benchmarks.hoax_game import PlainDeducerBot

    state = Game(edition, players=players, seed=seed, max_turns=12).new_game()
    ours = [DeducerBot(seed=i) for i in range(players)]
    plain = [PlainDeducerBot(seed=i) for i in range(players)]
    while not state.is_terminal:
        move = ours[state.to_act].act(state)
        assert plain[state.to_act].act(state) == move, len(state.actions)
        state = state.apply(move)
    assert len(state.actions) > 20


def test_the_benchmarks_quick_run_plays_the_same_games_on_both_sides():
    from benchmarks import hoax_game as bench

    text, results = bench.run(quick=True, games=1)  # asserts inside: the same games, every one ended
    assert list(results) == list(bench.TABLES)
    assert all(f"| {edition} | {players} | 1 |" in text for edition, players in bench.TABLES)
    assert "Written by `python -m benchmarks.hoax_game --quick --write`" in text
    assert "load average (1 min)" in text
