"""Luck apart from skill in the Duel's review: every position's value equals an expectimax
written here from the rules (small decks, every card enumerated), the other player's move
is luck with mean exactly 0, the expected result is the certified game value, and the
result minus the expected is exactly the luck minus the cost of the seat's moves."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from bluffmath import duel as dp
from bluffmath.review import review
from tests.binomial import acceptance

DECKS = [(0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4)]


def others(deck, card):
    left = Counter(deck)
    left[card] -= 1
    return {b: Fraction(n, len(deck) - 1) for b, n in left.items() if n}


def brute_value(deck, player, card, calls):
    """Expectimax from the rules: the other plays the equilibrium (as the bot reads it),
    ``player`` plays best; the other's card weighted by the prior and its own calls."""
    other = dp.equilibrium_strategy(deck, 3 - player)
    top = deck[-1] + deck[-2]

    def weights(history):
        w = {}
        for b, p in others(deck, card).items():
            for i in range(len(history)):
                if (i % 2 == 0) != (player == 1):  # the other's call
                    p *= other[f"{b}:" + ",".join(map(str, history[:i]))].get(str(history[i]), 0)
            w[b] = p
        return w if any(w.values()) else others(deck, card)

    def outcome(history, doubter_is_me):
        """My expected points when the last call of ``history`` is doubted, per card b."""
        t = history[-1]
        return lambda b: (1 if (card + b < t) == doubter_is_me else -1)

    def value(history, w):
        """Unnormalised: my value at ``history`` over the other's cards weighted ``w``."""
        my_turn = len(history) % 2 == (0 if player == 1 else 1)
        if my_turn:
            low = history[-1] + 1 if history else 1
            options = []
            if history:
                options.append(sum((x * outcome(history, True)(b) for b, x in w.items()), Fraction(0)))
            for t in range(low, top + 1):
                options.append(value((*history, t), w))
            return max(options)
        if history and history[-1] == top:  # my call of the top is doubted at once
            return sum((x * outcome(history, False)(b) for b, x in w.items()), Fraction(0))
        total = Fraction(0)
        split: dict[int, dict[int, Fraction]] = {}
        for b, x in w.items():
            for name, p in other[f"{b}:" + ",".join(map(str, history))].items():
                if name == "doubt":
                    total += x * p * outcome(history, False)(b)
                else:
                    split.setdefault(int(name), {})[b] = x * p
        return total + sum((value((*history, t), part) for t, part in split.items()), Fraction(0))

    w = weights(calls)
    return value(tuple(calls), w) / sum(w.values())


def histories(deck, depth=4):
    top = deck[-1] + deck[-2]
    found = [()]
    frontier = [()]
    for _ in range(depth):
        frontier = [(*h, t) for h in frontier for t in range((h[-1] + 1 if h else 1), top)]
        found += frontier
    return found


@pytest.mark.parametrize("deck", DECKS[:2])
def test_every_position_value_equals_an_expectimax_from_the_rules(deck) -> None:
    checked = 0
    for player in (1, 2):
        for card in sorted(set(deck)):
            for calls in histories(deck, 3):
                assert dp.position_value(deck, player, card, calls) == brute_value(deck, player, card, calls), \
                    (player, card, calls)
                checked += 1
    assert checked == 2 * len(set(deck)) * len(histories(deck, 3))


@pytest.mark.parametrize("deck", DECKS)
def test_the_others_move_is_luck_with_mean_zero(deck) -> None:
    """Where the other is to move, the value is the average of the values after its every
    move, weighted by how likely the model has each move given what I know."""
    for player in (1, 2):
        strategy = dp.equilibrium_strategy(deck, 3 - player)
        for card in sorted(set(deck)):
            for calls in histories(deck, 3):
                if len(calls) % 2 == (0 if player == 1 else 1):
                    continue  # my turn
                if calls and calls[-1] == deck[-1] + deck[-2]:
                    continue
                w = {}
                for b, p in others(deck, card).items():
                    for i in range(len(calls)):
                        if (i % 2 == 0) != (player == 1):
                            p *= strategy[f"{b}:" + ",".join(map(str, calls[:i]))].get(str(calls[i]), 0)
                    w[b] = p
                if not any(w.values()):
                    continue  # the model never reaches it: its values fall back to card counting
                moves: dict[str, Fraction] = {}
                for b, p in w.items():
                    for name, q in strategy[f"{b}:" + ",".join(map(str, calls))].items():
                        moves[name] = moves.get(name, Fraction(0)) + p * q
                total = sum(moves.values())
                mean = Fraction(0)
                for name, p in moves.items():
                    if name == "doubt":  # the cards shown: my call's outcome given that they doubt
                        shown = sum((x * strategy[f"{b}:" + ",".join(map(str, calls))].get("doubt", 0)
                                     * (1 if card + b >= calls[-1] else -1)) for b, x in w.items())
                        mean += shown / total
                    else:
                        mean += p / total * dp.position_value(deck, player, card, (*calls, int(name)))
                assert mean == dp.position_value(deck, player, card, calls), (player, card, calls)


def match(deck, seed, bots):
    state = dp.Game(deck=deck, deals=8).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        seat = state.to_act
        state = state.play(seat, bots[seat].choose(state.view(seat), rng))
    return state


@pytest.mark.parametrize("deck", DECKS)
def test_result_minus_expected_is_luck_minus_cost_exactly(deck) -> None:
    game = dp.Game(deck=deck)
    bots = [dp.random_bot(game), dp.equilibrium_bot(game)]
    value = dp.certificate(deck).value  # the opener's
    for seed in range(4):
        end = match(deck, seed, bots)
        for seat in (0, 1):
            r = review(end, seat)
            opened = sum(1 for d in end.deals if d.opener == seat)
            assert r.expected == opened * value - (len(end.deals) - opened) * value
            assert r.result == sum(d.payoff(seat) for d in end.deals)
            assert r.result - r.expected == r.total_luck - r.total_cost
            assert sum(1 for x in r.luck if x.event.startswith("deal")) == len(end.deals)
    assert any(x.value for x in r.luck)


def test_a_match_in_play_counts_its_deal_at_its_value_now() -> None:
    deck = (0, 1, 2, 3, 4)
    state = dp.Game(deck=deck).new_game(seed=5)
    state = state.play(state.to_act, dp.Call(2))
    for seat in (0, 1):
        r = review(state, seat)
        assert r.result - r.expected == r.total_luck - r.total_cost
        data = r.to_json()
        assert Fraction(data["total_luck"]) == r.total_luck
        assert "luck" in r.text()


def test_reviews_without_a_whole_game_model_have_no_luck() -> None:
    """One step ahead there is no luck; Hochstapler's round model lists its chance events'
    luck but claims no expected result."""
    from bluffmath.hochstapler import CardCountingBot, Game, play_game
    game = play_game(Game(players=3), [CardCountingBot()] * 3, seed=1)
    r = review(game, 1, "counting")
    assert r.luck == ()
    assert r.expected is None
    assert "luck" not in r.to_json()
    r = review(game, 1)
    assert r.luck
    assert r.expected is None
    assert r.result is None
    assert "expected" not in r.to_json()
    assert "Luck at your turns" in r.text()


# --- simulation: the values the review gives are what play against the equilibrium gives ----------

def simulate(deck, card, first, n, rng):
    """``n`` deals where I open holding ``card`` and call ``first``; the other's card is dealt
    at random from the rest, it plays the equilibrium (drawn with its exact chances) and I
    play a best move by the review's values from then on. Deals won."""
    from bluffmath.equilibrium.bot import draw
    other = dp.equilibrium_strategy(deck, 2)
    rest = list(deck)
    rest.remove(card)
    top = deck[-1] + deck[-2]
    won = 0
    for _ in range(n):
        b = rng.choice(rest)
        calls = (first,)
        while True:
            if calls[-1] == top:  # doubted at once
                won += card + b >= top
                break
            mix = other[f"{b}:" + ",".join(map(str, calls))]
            names = list(mix)
            move = names[draw(rng, [mix[x] for x in names])]
            if move == "doubt":
                won += card + b >= calls[-1]
                break
            calls = (*calls, int(move))
            if calls[-1] == top:  # I must doubt their call of the top
                won += card + b < top
                break
            values = dict(dp.move_values(dp.Game(deck=deck), 1, card, calls))
            best = max(values, key=lambda a: values[a])
            if best == dp.DOUBT:
                won += card + b < calls[-1]
                break
            calls = (*calls, best.total)
    return won


@pytest.mark.parametrize("card", [0, 2, 4])
def test_play_against_the_equilibrium_wins_what_the_review_says(card) -> None:
    """Every opening call's simulated wins fall in the exact binomial region of the value the
    review gives it; so the calls it calls best do at least as well as the others."""
    deck, n = (0, 1, 2, 3, 4), 1000
    rng = random.Random(card)
    values = dp.move_values(dp.Game(deck=deck), 1, card, ())
    results = {}
    for call, value in values.items():
        won = simulate(deck, card, call.total, n, rng)
        low, high = acceptance(n, (1 + value) / 2)
        assert low <= won <= high, (card, call, value, won)
        results[call] = Fraction(2 * won - n, n)
    best = max(values.values())
    worst_of_best = min(results[c] for c, v in values.items() if v == best)
    clearly_worse = [c for c, v in values.items() if v <= best - Fraction(1, 2)]
    assert all(results[c] < worst_of_best for c in clearly_worse)
