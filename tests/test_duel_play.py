"""The playable Hochstapler Duel (bluffmath.duel), checked against the game
tree the equilibrium solver uses: every path of the tree is a legal sequence of the engine,
at the same information sets, with the same moves, ending with the same payoff; the bots
against the certificates; every move's value against a best reply computed here by walking
the tree; saves read strictly and replayed."""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reading import estimate

from bluffmath import duel as dp
from bluffmath.duel import COLOUR, bot_strategy, deals, duel
from bluffmath.equilibrium import EquilibriumBot, stored
from bluffmath.equilibrium.tree import Chance, Decision, Terminal
from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.hochstapler import RandomBot

SMALL = [(0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4)]


def _pair_of(branch: Decision) -> tuple[int, int]:
    """Player 1's and player 2's card at a deal's first node, read off the infosets."""
    reply = next(c for c in branch.children if isinstance(c, Decision))
    return int(branch.infoset.split(":")[0]), int(reply.infoset.split(":")[0])


def _seeds(deck: tuple[int, ...], opener: int) -> dict[tuple[int, int], int]:
    """A seed dealing each pair (player 1's card, player 2's card) with ``opener`` opening."""
    found: dict[tuple[int, int], int] = {}
    wanted = set(deals(deck))
    seed = 0
    while set(found) != wanted:
        cards = dp.deal_cards(tuple(sorted(deck)), seed, 0)
        found.setdefault((cards[opener], cards[1 - opener]), seed)
        seed += 1
    return found


def _certificate(deck: tuple[int, ...]) -> Any:
    return stored({"game": "hochstapler-duel", "deck": list(deck)})


def _bot_mix(deck: tuple[int, ...], node: Decision, cert: Any = None) -> dict[str, Fraction]:
    """A certificate's mix at ``node`` as EquilibriumBot plays it (the stored one by
    default): its mix, or the first action where it never goes."""
    cert = cert or _certificate(deck)
    return cert.strategy(node.player).get(node.infoset) or {node.actions[0]: Fraction(1)}


def _played(deck: tuple[int, ...]) -> Any:
    """The refined certificate the equilibrium bot plays (it ships for these decks)."""
    return stored({"game": "hochstapler-duel", "deck": list(deck)}, refined=True)


# --- the engine against the tree ------------------------------------------------------------


@pytest.mark.parametrize("deck", SMALL)
@pytest.mark.parametrize("opener", [0, 1])
def test_every_path_of_the_tree_is_a_legal_sequence_of_the_engine_with_the_same_payoff(deck, opener):
    game = dp.Game(deck)
    tree = game.tree.root
    assert tree == duel(deck).root
    seeds = _seeds(deck, opener)
    paths = 0

    def walk(node: Any, state: dp.State) -> None:
        nonlocal paths
        assert state.node is node
        if isinstance(node, Terminal):
            assert state.is_terminal
            assert state.deals[-1].payoff(opener) == node.payoff   # the opener is player 1
            assert state.scores[opener] == node.payoff
            paths += 1
            return
        assert not state.is_terminal
        assert state.player(state.to_act) == node.player
        assert state.infoset == node.infoset
        assert [dp.action_name(a) for a in state.legal_actions()] == list(node.actions)
        for name, child in zip(node.actions, node.children, strict=True):
            walk(child, state.apply(dp.action_of(name)))

    for _, branch in tree.branches:
        walk(branch, game.new_game(seeds[_pair_of(branch)], opener))
    assert paths == sum(1 for _ in _leaves(tree))


def _leaves(node: Any):
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, Terminal):
            yield node
        elif isinstance(node, Chance):
            stack.extend(child for _, child in node.branches)
        else:
            stack.extend(node.children)


@pytest.mark.slow  # builds the real colour's tree: 761,795 nodes
def test_random_paths_of_the_real_colour_meet_the_tree():
    game = dp.Game()
    rng = random.Random(5)
    for seed in range(15):
        state = game.new_game(seed, seed % 2)
        while not state.is_terminal:
            node = state.node
            assert node.infoset == state.infoset
            assert [dp.action_name(a) for a in state.legal_actions()] == list(node.actions)
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.node.payoff == state.deals[-1].payoff(seed % 2)


def test_the_deals_follow_the_trees_chances():
    deck = (0, 1, 2, 3)
    counts = Counter(dp.deal_cards(deck, seed, 0) for seed in range(12_000))
    for pair, p in deals(deck).items():
        assert abs(Fraction(counts[pair], 12_000) - p) < Fraction(2, 100)
    assert set(counts) == set(deals(deck))


def test_a_match_alternates_the_opener_and_adds_the_points():
    game = dp.Game((0, 1, 2, 3, 4), deals=10)
    state, rng = game.new_game(seed=9, opener=1), random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert [d.opener for d in state.deals] == [1, 0] * 5
    assert [d.cards for d in state.deals] == [dp.deal_cards(game.deck, 9, n) for n in range(10)]
    assert state.scores[0] == sum(1 if d.winner == 0 else -1 for d in state.deals)
    assert state.scores[0] + state.scores[1] == 0
    assert state.to_act is None
    assert state.legal_actions() == []


def test_the_highest_call_is_doubted_at_once():
    state = dp.Game((0, 1, 2, 3, 4)).new_game(seed=22)          # seat 0 holds 4, seat 1 holds 3
    end = state.call(7)
    assert end.is_terminal
    assert end.deals[0].forced
    assert end.deals[0].doubter == 1
    assert end.scores == (1, -1)                                 # 4 + 3 reach 7
    assert end.deals[0].events() == ((0, dp.Call(7)),)


@pytest.mark.parametrize(("make", "message"), [
    (lambda s: s.doubt(), "there is no call to doubt: open the deal with a call"),
    (lambda s: s.call(0), "a call names a whole number from 1 to 7 (the sum of the deck's two highest cards), got 0"),
    (lambda s: s.call(3).call(3), "a call to beat 3 names a whole number from 4 to 7"),
    (lambda s: s.call(8), "got 8"),
    (lambda s: s.call(True), "got True"),
    (lambda s: s.call(2).doubt().call(1), "the match is over (all 1 deals are played)"),
    (lambda s: s.play(1, dp.Call(2)), "it is seat 0's turn, not seat 1's"),
    (lambda s: s.apply("doubt"), "an action is a Call or a Doubt, got 'doubt'"),
])
def test_an_illegal_move_says_why(make, message):
    with pytest.raises(IllegalActionError) as caught:
        make(dp.Game((0, 1, 2, 3, 4)).new_game(seed=22))
    assert message in str(caught.value)


def test_can_answers_what_verify_says():
    state = dp.Game((0, 1, 2)).new_game(seed=0)
    assert not state.can_doubt()
    assert state.can_call(1)
    assert not state.can_call(4)
    assert state.call(1).can_doubt()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"deck": (3,)}, "deck must hold at least 2 cards"),
    ({"deals": 0}, "deals must be a whole number from 1 to 100, got 0"),
    ({"deals": True}, "deals must be a whole number from 1 to 100"),
])
def test_a_game_refuses_bad_variants(kwargs, message):
    with pytest.raises(InvalidInputError) as caught:
        dp.Game(**kwargs)
    assert message in str(caught.value)


def test_a_call_object_checks_its_total():
    with pytest.raises(InvalidInputError, match="a call's total must be a whole number from 1 to 13"):
        dp.Call(14)


def test_a_state_built_by_hand_is_checked_by_replaying_it():
    game = dp.Game((0, 1, 2, 3, 4))
    real = game.new_game(seed=22).call(2)
    assert dp.State(game, 22, 0, (), (4, 3), (2,)) == real
    with pytest.raises(InvalidInputError, match="cards is not what the events give"):
        dp.State(game, 22, 0, (), (4, 0), (2,))


# --- what a seat may know -------------------------------------------------------------------


def _random_state(deck: tuple[int, ...], deals_: int, seed: int, moves: int) -> dp.State:
    state, rng = dp.Game(deck, deals_).new_game(seed, seed % 2), random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@given(deck=st.sampled_from([*SMALL, COLOUR]), seed=st.integers(0, 10**9), moves=st.integers(0, 30))
@settings(max_examples=60)
def test_a_view_is_the_same_whatever_the_other_card(deck, seed, moves):
    state = _random_state(deck, 3, seed, moves)
    for seat in (0, 1):
        view = state.view(seat)
        assert view.card == (None if state.is_terminal else state.cards[seat])
        if state.is_terminal:
            continue
        rest = list(state.game.deck)
        rest.remove(state.cards[seat])
        for other in set(rest):
            world = object.__new__(dp.State)
            world.__dict__.update(state.__dict__)
            cards = list(state.cards)
            cards[1 - seat] = other
            world.__dict__["cards"] = tuple(cards)
            assert world.view(seat) == view


# --- the bots ---------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", SMALL)
def test_the_equilibrium_bot_plays_the_certificate_as_equilibrium_bot_does(deck):
    game = dp.Game(deck)
    bot = dp.equilibrium_bot(game)
    seeds = _seeds(deck, 0)
    cert = _played(deck)
    assert cert is not None
    assert cert.value == _certificate(deck).value
    checked = 0

    def walk(node: Any, state: dp.State) -> None:
        nonlocal checked
        if isinstance(node, Terminal):
            return
        view = state.view(state.to_act)
        assert {dp.action_name(a): p for a, p in bot.mix(view).items()} == _bot_mix(deck, node, cert)
        for draw in range(3):
            theirs = EquilibriumBot(cert, node.player).act(node, random.Random(draw))
            assert dp.action_name(bot.choose(view, random.Random(draw))) == theirs
        checked += 1
        for name, child in zip(node.actions, node.children, strict=True):
            walk(child, state.apply(dp.action_of(name)))

    for _, branch in duel(deck).root.branches:
        walk(branch, game.new_game(seeds[_pair_of(branch)], 0))
    assert checked == sum(1 for _ in _decisions(duel(deck).root))


def _decisions(node: Any):
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, Decision):
            yield node
            stack.extend(node.children)
        elif isinstance(node, Chance):
            stack.extend(child for _, child in node.branches)


def test_the_random_bot_is_the_core_random_bots_duel_strategy():
    game = dp.Game((0, 1, 2, 3))
    bot = dp.random_bot(game)
    for player in (1, 2):
        assert bot.strategies[player - 1] == bot_strategy(RandomBot(), player, game.deck)


def test_the_reader_replies_best_to_the_other_seats_moves_in_each_role():
    """A match of 12 deals on 0-4: seat 1 never bluffs (it calls the lowest total its card
    makes at least even money, else doubts); seat 0 is the reader. At each of the reader's
    turns its move is the pure best reply (core's exact best response) to seat 1's moves
    in the deals finished so far, counted here, in the role opposite to the reader's now, mixed
    with 4 imaginary equilibrium moves per information set; and seat 1's predictable play
    is read: against the last reply it expects less than the game's value."""
    from bluffmath.duel import call_chance
    from bluffmath.equilibrium import best_response

    deck = (0, 1, 2, 3, 4)
    game = dp.Game(deck, deals=12)
    cert = _certificate(deck)
    reader = dp.reading_bot(game)
    seen: dict[int, dict[str, dict[str, int]]] = {1: {}, 2: {}}
    state = game.new_game(seed=5)
    done, pending = 0, []
    while state.to_act is not None:
        view = state.view(state.to_act)
        if state.to_act == 0:
            other = 3 - view.player
            reply = best_response(cert.game, other, estimate(cert, other, seen[other])).strategy
            assert reply[view.infoset] == {dp.action_name(reader.choose(view, random.Random(0))): 1}
            action = reader.choose(view, random.Random(0))
        else:
            calls = [a for a in view.legal if a != dp.DOUBT]
            safe = [a for a in calls if call_chance(deck, view.card, a.total) >= Fraction(1, 2)]
            action = safe[0] if safe else (dp.DOUBT if dp.DOUBT in view.legal else calls[0])
            pending.append((view.player, view.infoset, dp.action_name(action)))
        before = len(state.deals)
        state = state.apply(action)
        if len(state.deals) > before:  # a deal is over: the reader counts its moves from now on
            for player, infoset, name in pending:
                seen[player].setdefault(infoset, Counter())[name] += 1
            pending.clear()
            done += 1
    assert done == 12
    for player in (1, 2):
        answer = best_response(cert.game, player, estimate(cert, player, seen[player]))
        mine = answer.value if player == 1 else -answer.value
        assert mine < (cert.value if player == 1 else -cert.value)




def test_a_bot_acts_only_on_its_turn():
    state = dp.Game((0, 1, 2)).new_game(seed=0)
    with pytest.raises(IllegalActionError, match="it is not seat 1's turn"):
        dp.equilibrium_bot(state.game).mix(state.view(1))


def test_a_deck_without_a_shipped_equilibrium_is_named():
    with pytest.raises(InvalidInputError, match="bluffmath ships no equilibrium of the Duel on 0,1,5"):
        dp.equilibrium_bot(dp.Game((0, 1, 5)))


# --- every move's value, by a best reply walked on the tree ------------------------------------


def brute_values(deck: tuple[int, ...], player: int, card: int, calls: tuple[int, ...]) -> dict[str, Fraction]:
    """Each move's expected points at (card, calls) against the equilibrium bot, with the
    best reply after it, by information sets of the tree: the nodes of each set weighted by
    chance and the bot's moves, each later set of the player choosing the move best over
    all its nodes, deepest first."""
    root, sign = duel(deck).root, 1 if player == 1 else -1
    start: list[tuple[Decision, Fraction, Fraction]] = []  # node, weight, chance alone
    for p, branch in root.branches:
        if _pair_of(branch)[player - 1] != card:
            continue
        node, weight = branch, p
        for t in map(str, calls):
            if node.player != player:
                weight *= _bot_mix(deck, node).get(t, 0)
            node = node.children[node.actions.index(t)]
        start.append((node, weight, p))
    if not any(w for _, w, _ in start):  # calls the bot never makes: chance alone
        start = [(n, p, p) for n, _, p in start]
    sets: dict[str, list[tuple[Decision, Fraction]]] = defaultdict(list)

    def collect(node: Any, weight: Fraction) -> None:
        if isinstance(node, Terminal) or not weight:
            return
        if node.player == player:
            sets[node.infoset].append((node, weight))
            for child in node.children:
                collect(child, weight)
        else:
            mix = _bot_mix(deck, node)
            for name, child in zip(node.actions, node.children, strict=True):
                collect(child, weight * mix.get(name, 0))

    for node, weight, _ in start:
        for child in node.children:
            collect(child, weight)
    choice: dict[str, int] = {}

    def value(node: Any) -> Fraction:
        if isinstance(node, Terminal):
            return Fraction(sign * node.payoff)
        if node.player == player:
            return value(node.children[choice[node.infoset]])
        mix = _bot_mix(deck, node)
        return sum((p * value(node.children[node.actions.index(a)]) for a, p in mix.items()), Fraction(0))

    for key in sorted(sets, key=lambda k: -len(k)):
        actions = sets[key][0][0].actions
        totals = [sum((w * value(n.children[i]) for n, w in sets[key]), Fraction(0)) for i in range(len(actions))]
        choice[key] = totals.index(max(totals))
    total = sum((w for _, w, _ in start), Fraction(0))
    actions = start[0][0].actions
    return {a: sum((w * value(n.children[i]) for n, w, _ in start), Fraction(0)) / total
            for i, a in enumerate(actions)}


def _infosets(deck: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
    out = []
    for key, info in duel(deck).infosets.items():
        card, _, said = key.partition(":")
        out.append((info.player, int(card), tuple(int(t) for t in said.split(",")) if said else ()))
    return out


@pytest.mark.parametrize("deck", [(0, 1, 2), (0, 1, 2, 3)])
def test_every_moves_value_is_the_best_reply_walked_on_the_tree(deck):
    game = dp.Game(deck)
    for player, card, calls in _infosets(deck):
        values = dp.move_values(game, player, card, calls)
        assert {dp.action_name(a): v for a, v in values.items()} == brute_values(deck, player, card, calls)


def test_move_values_on_the_lessons_deck_by_the_tree():
    deck, rng = (0, 1, 2, 3, 4), random.Random(8)
    every = _infosets(deck)
    for player, card, calls in rng.sample(every, 60) + [(1, c, ()) for c in deck]:
        values = dp.move_values(dp.Game(deck), player, card, calls)
        assert {dp.action_name(a): v for a, v in values.items()} == brute_values(deck, player, card, calls)


@pytest.mark.parametrize("deck", [*SMALL, pytest.param(COLOUR, marks=pytest.mark.slow)])
def test_the_openers_best_reply_to_the_equilibrium_earns_the_games_value(deck):
    game = dp.Game(deck)
    earned = sum((Fraction(n, len(deck)) * max(dp.move_values(game, 1, card, ()).values())
                  for card, n in Counter(deck).items()), Fraction(0))
    assert earned == _certificate(deck).value


@pytest.mark.parametrize("deck", SMALL)
def test_where_both_play_the_equilibrium_its_moves_are_best_replies(deck):
    cert = _certificate(deck)
    game = dp.Game(deck)
    checked = 0
    for player, card, calls in _infosets(deck):
        mix = cert.strategy(player).get(f"{card}:" + ",".join(map(str, calls)))
        other_reaches = _reached_by_other(cert, player, card, calls, deck)
        if mix is None or not other_reaches:
            continue
        values = {dp.action_name(a): v for a, v in dp.move_values(game, player, card, calls).items()}
        assert all(values[a] == max(values.values()) for a in mix)
        checked += 1
    assert checked >= len(set(deck))   # every opening card at least


def _reached_by_other(cert: Any, player: int, card: int, calls: tuple[int, ...], deck: tuple[int, ...]) -> bool:
    other = cert.strategy(3 - player)
    for a, b in deals(deck):
        theirs = b if player == 1 else a
        if (a if player == 1 else b) != card:
            continue
        p = Fraction(1)
        for i in range(0 if player == 2 else 1, len(calls), 2):
            p *= other.get(f"{theirs}:" + ",".join(map(str, calls[:i])), {}).get(str(calls[i]), 0)
        if p:
            return True
    return False


def test_calls_the_bot_never_makes_are_weighed_by_card_counting():
    deck = (0, 1, 2, 3, 4)
    cert = _certificate(deck)
    assert "2:" in cert.strategy(1)
    assert all("1" not in cert.strategy(1).get(f"{c}:", {}) for c in deck)   # nobody opens 1
    values = dp.move_values(dp.Game(deck), 2, 2, (1,))
    assert {dp.action_name(a): v for a, v in values.items()} == brute_values(deck, 2, 2, (1,))
    assert values[dp.DOUBT] == -1     # 2 + anything reaches 1


@pytest.mark.parametrize(("args", "message"), [
    ((3, 0, ()), "player must be a whole number from 1 to 2"),
    ((1, 9, ()), "card must be one of the deck's values [0, 1, 2, 3, 4], got 9"),
    ((2, 0, (3, 2)), "calls must be rising whole numbers from 1 to 6, got (3, 2)"),
    ((2, 0, (7,)), "calls must be rising whole numbers from 1 to 6"),
    ((2, 0, [3]), "calls must be rising whole numbers"),
])
def test_move_values_refuses_what_cannot_be(args, message):
    with pytest.raises(InvalidInputError) as caught:
        dp.move_values(dp.Game((0, 1, 2, 3, 4)), *args)
    assert message in str(caught.value)


def test_the_review_values_each_of_a_seats_moves_in_the_logs_order():
    state = _random_state((0, 1, 2, 3, 4), 4, 11, 40)
    numbered = list(enumerate(state.events, 1))
    for seat in (0, 1):
        review = dp.review(state, seat)
        mine = [(n, a) for n, (s, a) in numbered if s == seat]
        assert [(d.number, d.choice) for d in review.decisions] == [(n, str(a)) for n, a in mine]
        assert review.unit == dp.UNIT
    first = dp.review(state, state.deals[0].opener).decisions[0]
    card = state.deals[0].cards[state.deals[0].opener]
    assert dict(first.values) == {str(a): v for a, v in dp.move_values(state.game, 1, card, ()).items()}


# --- saves --------------------------------------------------------------------------------------


@given(deck=st.sampled_from([*SMALL, COLOUR]), seed=st.integers(0, 2**62), moves=st.integers(0, 40),
       length=st.sampled_from([1, 3, 10]))
@settings(max_examples=40)
def test_a_save_loads_as_the_same_state(deck, seed, moves, length):
    state = _random_state(deck, length, seed, moves)
    assert dp.load_duel(dp.save_duel(state)) == state


def _save() -> dict[str, Any]:
    state = dp.Game((0, 1, 2, 3, 4), deals=2).new_game(seed=22).call(5).doubt().call(2)
    return json.loads(dp.save_duel(state))


def _edited(change: Any) -> str:
    data = _save()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(colour=1), 'this saved Duel: unknown key "colour"'),
    (lambda d: d.update(version=2), "this file is version 2 of the Duel's save format; this bluffmath reads version 1"),
    (lambda d: d.update(version=True), "this file is version true"),
    (lambda d: d.update(format="bluffmath/hochstapler-game"), "this is not a saved Hochstapler Duel"),
    (lambda d: d.update(seed=1.0), "this saved Duel: seed must be a whole number from 0 to"),
    (lambda d: d.update(opener=True), "this saved Duel: opener must be a whole number from 0 to 1; found true"),
    (lambda d: d["game"].update(deals=0), "this saved Duel: game.deals must be a whole number from 1 to 100"),
    (lambda d: d["game"].update(deck=[5]), "this saved Duel: game.deck: deck must hold at least 2 cards"),
    (lambda d: d["actions"].append(["fold", 0]), 'this saved Duel: actions[3][0]: "fold" is not allowed'),
    (lambda d: d["actions"].append(["call", 1]), 'actions[3] must be ["call", seat, total]'),
    (lambda d: d["actions"][0].__setitem__(2, 9), "action 1 (seat 0: call 9) cannot happen: a call names a whole"),
    (lambda d: d["actions"][0].__setitem__(1, 1), "action 1 (seat 1: call 5) cannot happen: it is seat 0's turn"),
    (lambda d: d["deals"][0].update(cards=[4, 0]),
     "deal 1 is not the one seed 22 deals: the cards are 4,0, but the seed deals 4,3"),
    (lambda d: d["deals"].pop(), "the save holds 1 deals, but the actions reach 2"),
    (lambda d: d.update(to_act=1), "to_act is 1, but after the actions it is seat 0's turn"),
    (lambda d: d.update(to_act=None), "to_act is null, but after the actions it is seat 0's turn"),
    (lambda d: d["actions"][2].__setitem__(2, 3), "the check does not match"),
    (lambda d: d.update(check="0" * 64), "the check does not match"),
])
def test_a_save_is_read_strictly_and_replayed(change, message):
    with pytest.raises(SaveFileError) as caught:
        dp.load_duel(_edited(change))
    assert message in str(caught.value)


def test_a_save_refuses_duplicate_keys_and_other_objects():
    text = dp.save_duel(dp.Game((0, 1, 2)).new_game(seed=1))
    with pytest.raises(SaveFileError):
        dp.load_duel(text.replace('"seed": 1', '"seed": 1, "seed": 2'))
    with pytest.raises(InvalidInputError, match="save_duel saves a Duel State, got str"):
        dp.save_duel("state")


def test_move_values_refuses_the_player_not_to_move():
    with pytest.raises(InvalidInputError, match="after 1 calls it is player 2's move, not player 1's"):
        dp.move_values(dp.Game((0, 1, 2, 3, 4)), 1, 2, (4,))


def test_a_strategy_bot_refuses_a_view_of_another_deck():
    view = dp.Game((0, 1, 2, 3, 4)).new_game(seed=22).view(0)     # holding 4: no such card in 0, 1, 2
    with pytest.raises(InvalidInputError, match="no strategy at 4:: is the view of a game on another deck"):
        dp.equilibrium_bot(dp.Game((0, 1, 2))).mix(view)
