"""The review of a game: every number against a brute-force recomputation written here
from the rules, a best-playing bot's game at zero cost, a deliberately bad choice at its
exact cost, invariants, and refusals."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest
from gauner_brute import joined_counts
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import gauner, hochstapler, muenchhausen
from bluffmath.errors import InvalidInputError, ReviewError, SaveFileError
from bluffmath.hochstapler.bots import CardCountingBot, RandomBot
from bluffmath.hochstapler.game import DoubtCall, ExchangeCard, Game, Raise
from bluffmath.hochstapler.position import Exchange
from bluffmath.hochstapler.rules import MAX_TOTAL, PILE
from bluffmath.muenchhausen.events import (
    Believed,
    Doubted,
    Laid,
    OpenCard,
    Rewarded,
    RoundStarted,
)
from bluffmath.muenchhausen.game import Believe, Choose, Doubt, Lay, Reward
from bluffmath.review import Decision, review
from bluffmath.review.muenchhausen import option_values as muenchhausen_option_values

# --- Hochstapler: brute force over the unseen cards, one by one ------------------------------

CARDS = [v for v, n in sorted(PILE.items()) for _ in range(n)]  # one colour's 15 cards


def unseen(own: int, face_up: list[int]) -> list[int]:
    cards = list(CARDS)
    for v in [own, *face_up]:
        cards.remove(v)
    return cards


def chance(players: int, own: int, face_up: list[int], total: int) -> Fraction:
    """P(own + the other hands' cards >= total), every set of the others' cards alike."""
    hands = list(combinations(unseen(own, face_up), players - 1))
    return Fraction(sum(own + sum(h) >= total for h in hands), len(hands))


def brute_values(state: hochstapler.State) -> dict[str, Fraction]:
    """Every option of the seat to act, valued one step ahead by enumeration."""
    seat, players = state.to_act, state.players
    top = MAX_TOTAL[players]
    call = state.call
    low = 0 if call is None else call.total + 1
    own = {c: state.hands[c][seat] for c in state.colours}
    up = {c: [e.value for e in state.history if type(e) is Exchange and e.colour == c] for c in state.colours}
    exchanged = bool(state.history) and type(state.history[-1]) is Exchange
    values = {}
    if call is not None and not exchanged:
        values["doubt"] = 1 - chance(players, own[call.colour], up[call.colour], call.total)
    if not exchanged and (call is None or call.total < top):
        for c in state.colours:
            if state.piles[c]:
                others = max((chance(players, own[o], up[o], low) for o in state.colours if o != c),
                             default=Fraction(0))
                pool = unseen(own[c], up[c])
                values[f"exchange {c}"] = sum(
                    (max(others, chance(players, drawn, [*up[c], own[c]], low)) for drawn in pool),
                    Fraction(0)) / len(pool)
    for c in state.colours:
        for t in range(low, top + 1):
            values[f"raise {t} {c}"] = chance(players, own[c], up[c], t)
    return values


def action_of(option: str):
    words = option.split()
    if words[0] == "doubt":
        return DoubtCall()
    if words[0] == "exchange":
        return ExchangeCard(words[1])
    return Raise(int(words[1]), words[2])


def best_game(seed: int, me: int = 0) -> hochstapler.State:
    """A 3-player game where seat ``me`` takes a best option by :func:`brute_values` and the
    others play CardCountingBot."""
    state = Game(players=3).new_game(seed=seed)
    other = CardCountingBot()
    while not state.is_terminal:
        if state.to_act == me:
            values = brute_values(state)
            top = max(values.values())
            choice = next(o for o, v in values.items() if v == top)
            state = state.apply(action_of(choice))
        else:
            state = state.apply(other.choose(state.view(state.to_act), state.legal_actions(), random.Random(0)))
    return state


def test_hochstapler_every_value_equals_brute_force() -> None:
    end = hochstapler.play_game(Game(players=3), [RandomBot(), CardCountingBot(), RandomBot()], seed=2)
    checked, answers, now = 0, 0, Game(players=3).new_game(seed=2)
    for event in end.events:  # every action with a call to beat is a decision
        answers += now.call is not None
        now = now.play(event)
    for seat in range(3):
        r = review(hochstapler.save_game(end), seat, "counting")
        now = Game(players=3).new_game(seed=2)
        by_number = {d.number: d for d in r.decisions}
        for number, event in enumerate(end.events, 1):
            if number in by_number:
                assert dict(by_number[number].values) == brute_values(now)
                checked += 1
            elif event.seat == seat:
                assert now.call is None  # only an opening (or the exchange before it) is not valued
            now = now.play(event)
    assert checked == answers


@pytest.mark.parametrize("seed", [1, 5])
def test_hochstapler_a_best_playing_seat_costs_nothing(seed: int) -> None:
    end = best_game(seed)
    r = review(end, 0, "counting")
    assert r.decisions
    assert all(d.cost == 0 for d in r.decisions)
    assert r.total_cost == 0
    assert r.costliest() == []


def test_hochstapler_an_opening_is_not_valued_but_a_bad_answer_costs_its_exact_chance() -> None:
    state = Game(players=3).new_game(seed=4).raise_(2, "red")
    own = state.hands["red"][1]
    bad = state.raise_(15, "red")
    assert review(bad, 0, "counting").decisions == ()  # the opening: 0 would always be best one step ahead
    d = review(bad, 1, "counting").decisions[0]
    # the best answer is worth what brute force says; 15 in red is true in these many cases:
    hands = list(combinations(unseen(own, []), 2))
    true = sum(own + sum(h) >= 15 for h in hands)
    assert d.choice == "raise 15 red"
    assert d.cost == max(brute_values(state).values()) - Fraction(true, len(hands))
    assert "raise 15 red" not in d.best


def test_hochstapler_bid_reading_is_stated_and_reads_the_calls() -> None:
    state = Game(players=3).new_game(seed=4).raise_(12, "red")
    after = state.doubt()
    counting = review(after, 1, "counting").decisions[0]
    reading = review(after, 1, hochstapler.OpponentModel()).decisions[0]
    assert "reading the bids" in review(after, 1, hochstapler.OpponentModel()).model
    assert "card counting" in review(after, 1, "counting").model
    own = state.hands["red"][1]
    expected = hochstapler.read_bids(3, own, [hochstapler.SpokenCall(0, 12, ())]).at_least(12)
    assert reading.values["doubt"] == 1 - expected
    assert counting.values["doubt"] == 1 - chance(3, own, [], 12)


# --- Gauner raus!: counts from the rules alone (tests/gauner_brute.py) ---------------------------


def test_gauner_values_equal_brute_force_counts() -> None:
    end = gauner.play_game(gauner.Game(players=2), [gauner.SolverBot(), gauner.RandomBot(seed=4)], seed=3)
    r = review(gauner.save_game(end), 0)
    now = gauner.Game(players=2).new_game(seed=3)
    by_number = {d.number: d for d in r.decisions}
    checked = 0
    for number, action in enumerate(end.actions, 1):
        if number in by_number and number > 4:  # the first guesses have too many deals to count here
            counts = joined_counts(now.view(0))
            expected = {}
            for a in now.legal_actions():
                if isinstance(a, gauner.Ask):
                    hits = counts.held[a.seat].get(a.cell, 0)
                    expected[f"guess {gauner.GRID.name(a.cell)} at seat {a.seat}"] = Fraction(hits, counts.deals)
                else:
                    expected["stop"] = Fraction(0)
            assert dict(by_number[number].values) == expected
            checked += 1
        now = now.apply(action)
    assert checked >= 3


@pytest.mark.parametrize("brave", [False, True])
def test_gauner_a_guess_answer_is_luck_of_mean_zero(brave: bool) -> None:
    """Each guess's answer gets a luck: what it scored under the model (1, or k + 1 in the brave
    variant, for a hit; 0 for a miss), read here from the cards the seat's guesses laid face
    up, minus the guess's value; averaged over the fitting deals (the brute counts) it is 0."""
    game = gauner.Game(players=2, brave=brave)
    end = gauner.play_game(game, [gauner.SolverBot(), gauner.RandomBot(seed=4)], seed=3)
    r = review(end, 0)
    luck = {x.number: x for x in r.luck}
    now, guesses = game.new_game(seed=3), 0
    for number, action in enumerate(end.actions, 1):
        if now.current == 0 and isinstance(action, gauner.Ask):
            after = now.apply(action)
            hit = action.cell in after.laid[action.seat] and action.cell not in now.laid[action.seat]
            d = next(x for x in r.decisions if x.number == number)
            scale = now.turn_points + 1 if brave else 1
            assert luck[number].value == scale * hit - d.chosen_value
            assert ("a hit" in luck[number].event) == hit
            if number > 4:  # small enough to count: the average over the fitting deals is 0
                counts = joined_counts(now.view(0))
                hits = counts.held[action.seat].get(action.cell, 0)
                assert scale * Fraction(hits, counts.deals) == d.chosen_value
            guesses += 1
        now = now.apply(action)
    assert guesses == len(luck) > 2
    assert r.expected is None


def test_gauner_brave_values_follow_the_stop_rule() -> None:
    end = gauner.play_game(gauner.Game(players=2, brave=True), [gauner.SolverBot(), gauner.SolverBot()], seed=7)
    r = review(end, 1)
    now = gauner.Game(players=2, brave=True).new_game(seed=7)
    by_number = {d.number: d for d in r.decisions}
    stops = 0
    for number, action in enumerate(end.actions, 1):
        d = by_number.get(number)
        if d is not None and not now.must_guess and len(gauner.solve(now.view(1)).unknown) <= 14:
            counts = joined_counts(now.view(1))
            k = now.turn_points
            assert d.values["stop"] == k
            best = max(Fraction(n, counts.deals) for n in counts.held[0].values())
            assert d.best_value == max(Fraction(k), best * (k + 1))
            stops += 1
        now = now.apply(action)
    assert r.total_cost == 0  # SolverBot plays the same rule
    assert stops >= 1


@pytest.mark.parametrize(("players", "brave"), [(2, False), (3, True), (4, False)])
def test_gauner_solver_bot_costs_nothing(players: int, brave: bool) -> None:
    end = gauner.play_game(gauner.Game(players, brave), [gauner.SolverBot()] * players, seed=11)
    for seat in range(players):
        assert review(end, seat).total_cost == 0


def test_gauner_a_wrong_guess_costs_the_difference() -> None:
    state = gauner.Game(players=2).new_game(seed=3)
    for _ in range(6):  # a few turns of solver play, so the deals can be counted here
        state = state.apply(gauner.SolverBot().act(state))
    while state.current != 0:
        state = state.apply(gauner.SolverBot().act(state))
    counts = joined_counts(state.view(0))
    chances = {c: Fraction(n, counts.deals) for c, n in counts.held[1].items()}
    worst = min(chances, key=lambda c: (chances[c], c))
    bad = state.guess(1, worst)
    d = review(bad, 0).decisions[-1]
    assert d.choice == f"guess {gauner.GRID.name(worst)} at seat 1"
    assert d.cost == max(chances.values()) - chances[worst]


# --- Münchhausen: every hidden choice enumerated, under the uniform card model ----------------


def worlds(log) -> list[dict[tuple, Fraction]]:
    """For each seat: (hand, its face-down card or None) -> probability, this round, every
    hidden card chosen alike from its hand (the uniform model); a shown card conditions.
    Each seat chooses from its own hand only, so the seats are enumerated one by one."""
    seats: list[dict[tuple, Fraction]] = []
    for event in log:
        if isinstance(event, RoundStarted):
            seats = [{(tuple(h), None): Fraction(1)} for h in event.hands]
        elif isinstance(event, Laid | Rewarded):
            new: dict[tuple, Fraction] = {}
            for (hand, pending), p in seats[event.seat].items():
                for i, card in enumerate(hand):
                    key = (hand[:i] + hand[i + 1:], card if isinstance(event, Laid) else pending)
                    new[key] = new.get(key, Fraction(0)) + p / len(hand)
            seats[event.seat] = new
        elif isinstance(event, Believed):
            seats[event.seat] = _summed(((hand, None), p) for (hand, _), p in seats[event.seat].items())
        elif isinstance(event, Doubted):
            kept = {k: p for k, p in seats[event.seat].items() if k[1] == event.card}
            total = sum(kept.values())
            seats[event.seat] = {(hand, None): p / total for (hand, _), p in kept.items()}
            gets = event.start if event.card >= event.offer else event.seat
            seats[gets] = {(tuple(sorted((*hand, event.card))), pending): p
                           for (hand, pending), p in seats[gets].items()}
        elif isinstance(event, OpenCard):
            seats[event.seat] = _summed(((tuple(c for i, c in enumerate(hand) if i != hand.index(event.card)),
                                          pending), p) for (hand, pending), p in seats[event.seat].items())
    assert all(sum(table.values()) == 1 for table in seats)
    return seats


def _summed(items) -> dict:
    out: dict = {}
    for key, p in items:
        out[key] = out.get(key, Fraction(0)) + p
    return out


def pending_card(seats: list, offerer: int) -> dict[int, Fraction]:
    return _summed((pending, p) for (_, pending), p in seats[offerer].items())


def brute_doubt(cards: dict[int, Fraction], hand: tuple, offer: int) -> dict[str, Fraction]:
    believe = sum((p * c for c, p in cards.items()), Fraction(0))
    doubt = sum((p * (-c if c >= offer else 2 * max(hand)) for c, p in cards.items()), Fraction(0))
    return {"believe": believe, "doubt": doubt}


def honest_looking(seats: list, seat: int, offer: int) -> bool:
    """The table's chance that a card laid by ``seat`` (any of its cards alike) reaches ``offer``."""
    p = sum((q * Fraction(sum(c >= offer for c in hand), len(hand)) for (hand, _), q in seats[seat].items()),
            Fraction(0))
    return p >= Fraction(1, 2)


def lay_change(hand: tuple, card: int, offer: int, believed: bool) -> Fraction:
    rest = list(hand)
    rest.remove(card)
    if believed:
        return Fraction(card)
    return Fraction(card + 2 * max(rest, default=0)) if card >= offer else Fraction(0)


def brute_muenchhausen(state: muenchhausen.State) -> dict[str, Fraction]:
    seat, hand = state.to_act, state.hands[state.to_act]
    table = worlds(state.log)
    if state.phase == "decide":
        return brute_doubt(pending_card(table, state.offerer), hand, state.offer_value)
    if state.phase == "reward":
        return {"lay nothing on your pile": Fraction(0), **{f"lay {c} on your pile": Fraction(2 * c)
                                                            for c in sorted(set(hand))}}
    if state.phase == "lay" and state.players == 2:
        return {f"lay {c}": Fraction(c if c > state.named else 2 * c) for c in sorted(set(hand))}
    if state.phase == "lay":
        believed = honest_looking(table, seat, state.offer_value)
        return {f"lay {c}": lay_change(hand, c, state.offer_value, believed) for c in sorted(set(hand))}
    if state.phase == "choose":
        out = {}
        for a in state.legal_actions():
            offer = max(v for s, v in state.offers if s == a.seat)
            after = worlds((*state.log, Laid(a.seat, state.start, offer)))
            out[f"take seat {a.seat}'s offer"] = max(brute_doubt(pending_card(after, a.seat), hand, offer).values())
        return out
    raise AssertionError(f"the {state.phase!r} phase is not valued")


@pytest.mark.parametrize("players", [2, 3])
def test_muenchhausen_every_value_equals_brute_force(players: int) -> None:
    bots = [muenchhausen.OddsBot(), muenchhausen.RandomBot(seed=3), muenchhausen.HonestBot()][:players]
    end = muenchhausen.play_game(muenchhausen.Game(players=players), bots)
    checked = 0
    for seat in range(players):
        by_number = {d.number: d for d in review(muenchhausen.save_game(end), seat).decisions}
        now = muenchhausen.Game(players=players).new_game()
        for number, action in enumerate(end.actions, 1):
            if number in by_number:
                assert dict(by_number[number].values) == brute_muenchhausen(now), number
                checked += 1
            now = now.apply(action)
    assert checked > 10


def best_muenchhausen(players: int, me: int) -> muenchhausen.State:
    state = muenchhausen.Game(players=players).new_game()
    others = muenchhausen.OddsBot()
    while not state.is_terminal:
        if state.to_act == me and state.phase not in ("name", "offer"):
            values = brute_muenchhausen(state)
            top = max(values.values())
            choice = next(o for o, v in values.items() if v == top)
            state = state.apply(_m_action(state, choice))
        else:
            state = state.apply(others.act(state))
    return state


def _m_action(state: muenchhausen.State, option: str):
    words = option.split()
    return {"lay": lambda: Reward(None if words[1] == "nothing" else int(words[1]))
            if state.phase == "reward" else Lay(int(words[1])),
            "take": lambda: Choose(int(words[2][:-2])),
            "believe": Believe, "doubt": Doubt}[words[0]]()


@pytest.mark.parametrize("players", [2, 3])
def test_muenchhausen_a_best_playing_seat_costs_nothing(players: int) -> None:
    end = best_muenchhausen(players, me=1)
    r = review(end, 1)
    assert len(r.decisions) > 5
    assert r.total_cost == 0


def test_muenchhausen_bidding_is_not_valued() -> None:
    """Offers and passes are left out of the review (as naming is), and refused by
    option_values: one step ahead cannot say what a bid is worth against the others' bids."""
    end = muenchhausen.play_game(muenchhausen.Game(players=4), [muenchhausen.OddsBot() for _ in range(4)])
    for seat in range(4):
        kinds = {d.kind for d in review(end, seat).decisions}
        assert kinds, seat
        assert not kinds & {"name", "offer"}, kinds
    bidding = muenchhausen.Game(players=3).new_game().name(4).offer(5)
    with pytest.raises(InvalidInputError, match="'offer' phase"):
        muenchhausen_option_values(bidding)


def test_muenchhausen_a_bad_believe_costs_its_exact_difference() -> None:
    # seat 2 lays a card on an offer of 6 from 1..8; the start player's view: each card alike
    state = muenchhausen.Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
    d = review(state.believe(), 0).decisions[-1]
    believe = Fraction(sum(range(1, 9)), 8)                      # the card stays on my pile
    doubt = Fraction(-(6 + 7 + 8) + 5 * 2 * 8, 8)                # honest: -card; a lie: +16
    assert (d.values["believe"], d.values["doubt"]) == (believe, doubt)
    assert d.choice == "believe"
    assert d.cost == doubt - believe


def test_muenchhausen_a_model_the_game_contradicts_values_nothing_after_it_in_its_round() -> None:
    # lowest-enough says seat 1 lays its 5 on an offer of 5; the doubt shows an 8
    state = muenchhausen.Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(8).doubt()
    state = state.reward(7).name(4).pass_().offer(5).pass_().pass_().lay(5)
    everything = review(state, 0)
    assert everything.decisions[-1].choice == "lay 5"
    last = len(state.actions)
    partial = review(state, 0, "lowest-enough")
    assert [d.number for d in partial.decisions] == [d.number for d in everything.decisions if d.number < 7]
    assert partial.decisions, "the decisions before the card was shown are valued"
    assert f"Actions {last} are not valued" in partial.model


def test_muenchhausen_a_new_round_is_valued_again_after_a_contradicted_one() -> None:
    """The next round deals every hand afresh: the card model may hold again (docs/reference/rulings.md)."""
    from bluffmath.muenchhausen.events import RoundStarted

    for seed in range(60):
        game = muenchhausen.Game(players=3, rounds=2)
        state = muenchhausen.play_game(game, [muenchhausen.RandomBot(seed=seed * 3 + i) for i in range(3)])
        starts = [i for i, e in enumerate(state.log) if isinstance(e, RoundStarted)]
        try:
            muenchhausen.Knowledge.from_log(state.log[:starts[1]], "lowest-enough")
        except muenchhausen.ModelContradicted:
            r = review(state, 0, "lowest-enough")
            second = next(n for n, before in enumerate(_states(state), 1) if before.round == 1)
            assert any(d.number >= second for d in r.decisions), seed
            assert "are not valued" in r.model
            return
    pytest.fail("no seed gave a first round that contradicts lowest-enough")


def _states(state):
    """The state before each action of the game that led to ``state``."""
    now = state.game.new_game()
    for action in state.actions:
        yield now
        now = now.apply(action)


# --- invariants ---------------------------------------------------------------------------------


def _check(decision: Decision) -> None:
    assert decision.cost >= 0
    assert (decision.cost == 0) == (decision.choice in decision.best)
    assert decision.best_value == max(decision.values.values())
    assert all(decision.values[b] == decision.best_value for b in decision.best)


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5), seat=st.integers(0, 4))
def test_hochstapler_invariants(seed: int, players: int, seat: int) -> None:
    end = hochstapler.play_game(Game(players=players), [RandomBot()] * players, seed=seed)
    r = review(end, seat % players)
    for d in r.decisions:
        _check(d)
        assert all(0 <= v <= 1 for v in d.values.values())
    assert r.total_cost == sum(d.cost for d in r.decisions)


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), brave=st.booleans())
def test_gauner_invariants(seed: int, brave: bool) -> None:
    bots = [gauner.RandomBot(seed=seed), gauner.RandomBot(seed=seed + 1)]
    end = gauner.play_game(gauner.Game(players=2, brave=brave), bots, seed=seed)
    for d in review(end, 0).decisions:
        _check(d)
        assert all(v >= 0 for v in d.values.values())


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_muenchhausen_invariants(seed: int, players: int) -> None:
    bots = [muenchhausen.RandomBot(seed=seed + s) for s in range(players)]
    end = muenchhausen.play_game(muenchhausen.Game(players=players), bots)
    for seat in range(players):
        for d in review(end, seat).decisions:
            _check(d)


# --- refusals ------------------------------------------------------------------------------------


def test_a_seat_not_at_the_table_is_refused() -> None:
    text = hochstapler.save_game(Game(players=3).new_game(seed=1).raise_(3, "red"))
    for seat, found in ((3, "got 3"), (-1, "got -1"), (True, r"got True \(bool\)"), (1.0, r"got 1.0 \(float\)")):
        with pytest.raises(InvalidInputError, match=f"seat must be a whole number from 0 to 2, {found}"):
            review(text, seat)


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "a saved game"),
    ("[1, 2]", "not a saved game that bluffmath can review: it is"),
    ('{"format": "chess"}', "its \"format\" is 'chess'"),
    ("{}", "it has no \"format\""),
])
def test_what_is_not_a_save_is_refused(text: str, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        review(text, 0)


def test_not_text_is_refused() -> None:
    with pytest.raises(SaveFileError, match="a review needs a saved game"):
        review(12, 0)


def test_a_tampered_save_is_refused() -> None:
    text = hochstapler.save_game(Game(players=3).new_game(seed=4).raise_(6, "red").doubt())
    data = json.loads(text)
    data["actions"][0][2] = 7
    with pytest.raises(SaveFileError, match=r"edited|not what"):
        review(json.dumps(data), 0)
    g = gauner.save_game(gauner.play_game(gauner.Game(players=2), [gauner.SolverBot()] * 2, seed=1))
    with pytest.raises(SaveFileError, match="replay gives a hit"):
        review(g.replace('"hit"', '"miss"', 1), 0)
    m = muenchhausen.save_game(muenchhausen.Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(8))
    with pytest.raises(SaveFileError):
        review(m.replace('["lay", 8]', '["lay", 7]'), 0)


def test_a_hoax_sheet_is_no_game_to_review() -> None:
    from bluffmath.hoax import Case, Claim
    sheet = json.dumps(Case("original", 4, (Claim(1, "Wizard"),)).to_json())
    with pytest.raises(ReviewError, match="a Hoax sheet records evidence, not decisions"):
        review(sheet, 0)


def test_gauner_takes_no_model() -> None:
    end = gauner.Game(players=2).new_game(seed=1)
    with pytest.raises(InvalidInputError, match="leave model out"):
        review(end, 0, "uniform")


def test_json_and_text_agree_with_the_decisions() -> None:
    r = review(Game(players=3).new_game(seed=4).raise_(2, "red").raise_(15, "red").doubt(), 1)
    data = r.to_json()
    assert json.loads(json.dumps(data)) == data
    d = r.decisions[0]
    assert data["decisions"][0]["cost"] == f"{d.cost.numerator}/{d.cost.denominator}"
    assert data["total_cost"] == data["decisions"][0]["cost"]
    assert "total cost" in r.text()
    assert d.choice in r.text()
