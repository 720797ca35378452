"""Münchhausen: the rules checked after every action of random games; what the table
knows equal to a brute-force enumeration of every hidden choice; advice from its own
definition; saves; refusals."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.muenchhausen.advice import card_chances, decide, honest_chance, offers
from bluffmath.muenchhausen.events import (
    Believed,
    Doubted,
    Laid,
    OpenCard,
    Rewarded,
    RoundEnded,
    RoundStarted,
)
from bluffmath.muenchhausen.game import Doubt, Game, Lay, Reward, State
from bluffmath.muenchhausen.knowledge import (
    LOWEST_ENOUGH,
    MODELS,
    RANDOM_ENOUGH,
    UNIFORM,
    CardModel,
    Knowledge,
    ModelContradicted,
)
from bluffmath.muenchhausen.saves import load_game, save_game


def check(state: State) -> None:
    """Every card accounted for, from the raw fields."""
    cards = Counter(c for hand in state.hands for c in hand) + Counter(c for pile in state.piles for c in pile)
    if state.laid is not None:
        cards[state.laid] += 1
    if not state.is_terminal:
        assert cards == Counter({v: state.players for v in state.game.values})
    assert state.is_terminal == (state.to_act is None)


def playout(game: Game, seed: int, model: CardModel | None = None, every_action: bool = False) -> list[State]:
    """A random game; with a model, cards are laid and rewarded as it says (the rest at random)."""
    rng = random.Random(seed)
    state, states = game.new_game(), []
    while not state.is_terminal:
        check(state)
        states.append(state)
        legal = state.legal_actions()
        assert legal
        if every_action:
            for action in legal:
                state.apply(action)  # never raises
        action = _by_model(state, model, rng) if model else None
        state = state.apply(action or rng.choice(legal))
    check(state)
    states.append(state)
    return states


def _by_model(state: State, model: CardModel, rng: random.Random):
    if state.phase == "lay" and not state.game.two_player:
        chances = model.lay_chances(state.hands[state.offerer], state.offer_value)
    elif state.phase == "reward" and state.hands[state.rewarder]:
        chances = model.reward_chances(state.hands[state.rewarder])
    else:
        return None
    card = rng.choices(list(chances), weights=list(chances.values()))[0]
    return Lay(card) if state.phase == "lay" else Reward(card)


@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_keep_every_rule(players):
    for seed in range(6):
        game = Game(players, rounds=2)
        states = playout(game, seed, every_action=seed == 0)
        end = states[-1]
        ends = [e for e in end.log if isinstance(e, RoundEnded)]
        assert len(ends) == 2
        assert tuple(map(sum, zip(*(e.points for e in ends), strict=True))) == end.scores
        for e in ends:  # a hand is empty; own pile minus hand; every card counted
            assert () in e.hands
            assert e.points == tuple(sum(p) - sum(h) for p, h in zip(e.piles, e.hands, strict=True))
            assert sorted(c for row in (*e.piles, *e.hands) for c in row) == sorted(game.values * players)
        assert load_game(save_game(end)) == end


def test_scoring_and_the_next_round():
    game = Game(players=3, rounds=2)
    s = game.new_game()
    # Each start player names 1, its left neighbour offers 1 and lays its highest card, believed.
    # Seat 1 lays on turns 1, 4, ..., 22 and empties its hand first (seats 2 and 0 have laid 7).
    turns = 0
    while s.round == 0:
        if s.phase == "name":
            s = s.name(game.values[0])
        elif s.phase == "offer":
            s = s.offer(1) if s.to_act == (s.start + 1) % 3 and s.can_offer(1) else s.pass_()
        elif s.phase == "lay":
            s = s.lay(max(s.hands[s.offerer]))
        elif s.phase == "decide":
            s = s.believe()
        turns += 1
    ended = next(e for e in s.log if isinstance(e, RoundEnded))
    assert turns == 22 * 6  # name, offer, two passes (the other seat, then the offerer), lay, believe
    assert ended.hands == ((1,), (), (1,))
    # seat 0: seat 1's 36 on its pile, a 1 in hand; seat 1: seat 2's 8..2 = 35; seat 2: seat 0's 35, a 1
    assert ended.points == (36 - 1, 35 - 0, 35 - 1)
    assert s.start == s.first == 1  # the next round starts left of the last round's first start player
    assert s.hands == (game.values,) * 3
    assert s.scores == ended.points


def test_offers_may_equal_but_not_undercut():
    s = Game(players=4).new_game().name(3)
    with pytest.raises(IllegalActionError, match="may equal but not undercut 3"):
        s.offer(2)
    s = s.offer(5).offer(5)  # seat 2 matches seat 1
    with pytest.raises(IllegalActionError, match="undercut 5"):
        s.offer(4)
    s = s.pass_()  # seat 3
    with pytest.raises(IllegalActionError, match="a new offer must beat it"):
        s.offer(5)  # seat 1 again
    s = s.pass_().pass_()  # seats 1 and 2: three passes in a row
    assert s.phase == "choose"
    assert [a.seat for a in s.legal_actions()] == [1, 2]
    with pytest.raises(IllegalActionError, match="choose one of the seats with the highest offer"):
        s.choose(3)
    s = s.choose(2)
    assert (s.phase, s.to_act, s.offer_value) == ("lay", 2, 5)


def test_a_doubted_lie_goes_back_and_the_start_player_lays_a_card():
    s = Game(players=3).new_game().name(6).offer(7).pass_().pass_().lay(2).doubt()
    assert s.hands[1] == (1, 2, 3, 4, 5, 6, 7, 8)
    assert (s.phase, s.to_act) == ("reward", 0)
    s = s.reward(8)
    assert s.piles[0] == (8,)
    assert s.hands[0] == (1, 2, 3, 4, 5, 6, 7)
    assert isinstance(s.log[-1], Rewarded)
    assert s.start == 1


def test_nobody_offers():
    s = Game(players=3).new_game().name(8).pass_().pass_()
    assert (s.start, s.phase) == (1, "name")
    assert str(s.log[-1]) == "nobody offers: seat 0's turn passes"


def test_two_players():
    s = Game(players=2).new_game().name(5)
    assert (s.phase, s.to_act) == ("lay", 1)
    s = s.lay(6)  # above 5: to the start player's pile
    assert s.piles == ((6,), ())
    s = s.name(7).lay(7)  # seat 1 names 7; seat 0 lays a 7, not above: its own pile
    assert s.piles == ((6, 7), ())
    assert isinstance(s.log[-1], OpenCard)


@pytest.mark.parametrize(("make", "message"), [
    (lambda s: s.offer(4), "cannot offer now: seat 0 is to name a value"),
    (lambda s: s.name(9), "the named value must be a card value from 1 to 8"),
    (lambda s: s.name(4).offer(5).pass_().pass_().lay(9), "the card must be a card value"),
    (lambda s: s.name(4).offer(5).pass_().pass_().lay(5).reward(5), "cannot lay a card on one's own pile now"),
])
def test_refusals_say_why(make, message):
    with pytest.raises((IllegalActionError, InvalidInputError), match=message):
        make(Game(players=3).new_game())


def test_values_with_many_players():
    assert Game(players=6).values == (3, 4, 5, 6, 7, 8)
    with pytest.raises(InvalidInputError, match="players must be a whole number from 2 to 8"):
        Game(players=9)


def test_bad_saves():
    with pytest.raises(SaveFileError, match="version must be a whole number from 1 to 2; found 3"):
        load_game('{"format": "bluffmath-muenchhausen", "version": 3}')
    with pytest.raises(SaveFileError, match="is refused"):
        load_game('{"format": "bluffmath-muenchhausen", "version": 1, "players": 3, "rounds": 1, '
                  '"actions": [["offer", 3]]}')


# --- what the table knows: brute force ------------------------------------------------------

def brute(log, model: CardModel):
    """Enumerate every hidden choice along the log (all hands together, with the pending
    face-down card), weight each by the model, keep those the shown cards agree with."""
    worlds: dict[tuple, Fraction] = {}
    for event in log:
        nxt: dict[tuple, Fraction] = {}

        def add(world, p, nxt=nxt):
            nxt[world] = nxt.get(world, Fraction(0)) + p

        if isinstance(event, RoundStarted):
            worlds = {(tuple(event.hands), None): Fraction(1)}
            continue
        for (hands, pending), p in worlds.items():
            if isinstance(event, Laid):
                for c, q in model.lay_chances(hands[event.seat], event.offer).items():
                    add((_take(hands, event.seat, c), c), p * q)
            elif isinstance(event, Believed):
                add((hands, None), p)
            elif isinstance(event, Doubted):
                if pending == event.card:
                    gets = event.start if event.honest else event.seat
                    add((_give(hands, gets, pending), None), p)
            elif isinstance(event, Rewarded):
                for c, q in model.reward_chances(hands[event.seat]).items():
                    add((_take(hands, event.seat, c), pending), p * q)
            elif isinstance(event, OpenCard):
                add((_take(hands, event.seat, event.card), pending), p)
            else:
                add((hands, pending), p)
        worlds = nxt
    total = sum(worlds.values())
    return {w: p / total for w, p in worlds.items()}


def _take(hands, seat, card):
    hand = list(hands[seat])
    hand.remove(card)
    return (*hands[:seat], tuple(hand), *hands[seat + 1:])


def _give(hands, seat, card):
    return (*hands[:seat], tuple(sorted((*hands[seat], card))), *hands[seat + 1:])


def _marginal(worlds, seat):
    out: dict = {}
    for (hands, _), p in worlds.items():
        out[hands[seat]] = out.get(hands[seat], Fraction(0)) + p
    return out


def _hidden(state: State) -> int:
    """How many cards have left hands face down so far (the brute force grows with them)."""
    return sum(isinstance(e, Laid | Rewarded) for e in state.log)


@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), model=st.sampled_from(sorted(MODELS)))
def test_knowledge_equals_brute_force_along_a_game(seed, players, model):
    card_model = MODELS[model]
    states = [s for s in playout(Game(players), seed, card_model) if not s.is_terminal and _hidden(s) <= 6]
    for state in states[:: max(1, len(states) // 10)] + [s for s in states if s.phase == "decide"][-3:]:
        log = state.log
        k = Knowledge.from_log(log, card_model)
        worlds = brute(log, card_model)
        for seat in range(players):
            assert k.beliefs[seat] == _marginal(worlds, seat)
            assert sum(k.beliefs[seat].values()) == 1
        if state.phase == "decide":
            pending = Counter()
            for (_, c), p in worlds.items():
                pending[c] += p
            assert card_chances(k) == {c: p for c, p in sorted(pending.items())}
            assert honest_chance(k) == sum(p for c, p in pending.items() if c >= state.offer_value)
            assert honest_chance(k) > 0 or state.laid < state.offer_value


def test_a_shown_card_the_model_forbids_is_reported():
    state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt()
    with pytest.raises(ModelContradicted, match="could not have laid a 2 on an offer of 5"):
        Knowledge.from_log(state.log, LOWEST_ENOUGH)
    k = Knowledge.from_log(state.log, UNIFORM)  # the uniform model explains anything
    assert k.hands(1) == {(1, 2, 3, 4, 5, 6, 7, 8): 1}


def test_my_own_bluff_never_contradicts_the_model_of_the_others():
    """The card model says how the others choose: seat 1's own 2 on an offer of 5, shown by a
    doubt, contradicts lowest-enough for the table, never for seat 1 itself."""
    state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt()
    mine = Knowledge.from_log(state.log, LOWEST_ENOUGH, me=1, my_hand=state.hands[1])
    assert mine.hands(1) == {state.hands[1]: 1}
    assert mine.model_of(1) == UNIFORM
    assert mine.model_of(0) == LOWEST_ENOUGH
    for seat in (0, 2):  # the others' hands: as the table knows them, under any model alike here
        assert mine.hands(seat) == Knowledge.from_log(state.log, UNIFORM).hands(seat)
    with pytest.raises(ModelContradicted):
        Knowledge.from_log(state.log, LOWEST_ENOUGH, me=0, my_hand=state.hands[0])


def test_my_own_hand_is_known_to_me():
    state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(6).believe()
    k = Knowledge.from_log(state.log, RANDOM_ENOUGH, me=1, my_hand=state.hands[1])
    assert k.hands(1) == {(1, 2, 3, 4, 5, 7, 8): 1}
    public = Knowledge.from_log(state.log, RANDOM_ENOUGH)
    assert public.hands(1) == {h: Fraction(1, 4) for h in [(1, 2, 3, 4, 5, 6, 7), (1, 2, 3, 4, 5, 6, 8),
                                                            (1, 2, 3, 4, 5, 7, 8), (1, 2, 3, 4, 6, 7, 8)]}


# --- advice ---------------------------------------------------------------------------------

def test_decide_from_the_definition():
    state = Game(players=4).new_game().name(3).pass_().offer(6).pass_().pass_().pass_().lay(8)
    k = Knowledge.from_log(state.log, RANDOM_ENOUGH)
    d = decide(k, my_hand=state.hands[0])
    # Seat 2 holds 6, 7, 8: it lays one of them alike. Believe: E[c] = 7. Doubt: it is honest, -7.
    assert (d.honest, d.believe, d.doubt, d.choice) == (1, 7, -7, "believe")
    k = Knowledge.from_log(state.log, UNIFORM)
    d = decide(k, my_hand=state.hands[0])
    assert d.honest == Fraction(3, 8)
    assert d.believe == Fraction(36, 8)
    assert d.doubt == Fraction(-21, 8) + Fraction(5, 8) * 16
    assert d.choice == "doubt"


def test_offer_options():
    state = Game(players=3).new_game()
    k = Knowledge.from_log(state.log, LOWEST_ENOUGH)
    options = {o.value: o for o in offers(k, 1, state.hands[1], state.game.values)}
    assert options[8].backed
    assert options[8].looks_honest == 1  # everyone knows seat 1 still holds its 8
    assert options[8].if_believed == 8
    assert options[8].if_doubted == 8 + 2 * 7  # the 8 to seat 0's hand, then its 7 to its own pile
    assert options[5].if_believed == 5  # the lowest card that is enough


def test_no_card_face_down():
    k = Knowledge.from_log(Game(players=3).new_game().log)
    with pytest.raises(IllegalActionError, match="no card lies face down"):
        honest_chance(k)


def test_doubt_actions_in_playouts_are_consistent_with_knowledge():
    """Along model-following games the knowledge never contradicts the model."""
    for seed in range(10):
        for state in playout(Game(4), seed, LOWEST_ENOUGH):
            if state.phase == "decide":
                k = Knowledge.from_log(state.log, LOWEST_ENOUGH)
                assert card_chances(k).get(state.laid, 0) > 0
                after = state.apply(Doubt())
                Knowledge.from_log(after.log, LOWEST_ENOUGH)


# --- bots and tournaments --------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_bots_play_whole_games_by_the_rules(players):
    from bluffmath.muenchhausen.bots import HonestBot, OddsBot, RandomBot, play_game
    bots = [OddsBot(), HonestBot(), RandomBot(seed=3), OddsBot(model=UNIFORM), HonestBot(named=8),
            RandomBot(seed=4), OddsBot(named=3), HonestBot()][:players]
    end = play_game(Game(players, rounds=2), bots)
    assert end.is_terminal
    assert sum(isinstance(e, RoundEnded) for e in end.log) == 2
    assert load_game(save_game(end)) == end


def test_the_honest_bot_never_lies():
    from bluffmath.muenchhausen.bots import HonestBot, RandomBot
    bots = [HonestBot(), RandomBot(seed=1), HonestBot(named=7), RandomBot(seed=2)]
    state = Game(4, rounds=2).new_game()
    while not state.is_terminal:
        action = bots[state.to_act].act(state)
        if isinstance(action, Lay) and isinstance(bots[state.to_act], HonestBot) \
                and any(c >= state.offer_value for c in state.hands[state.to_act]):
            assert action.card >= state.offer_value
        state = state.apply(action)


def test_the_odds_bot_doubts_by_the_numbers():
    from bluffmath.muenchhausen.bots import OddsBot
    state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(2)
    # Uniform model: a lie is likely and pays 16 when doubted.
    assert isinstance(OddsBot(model=UNIFORM).act(state), Doubt)
    # Honest model: seat 2 holds 6, 7 and 8, so the card is honest: believe.
    from bluffmath.muenchhausen.game import Believe
    assert isinstance(OddsBot(model=RANDOM_ENOUGH).act(state), Believe)


def test_a_tournament_is_the_same_on_any_executor():
    from concurrent.futures import ThreadPoolExecutor

    from bluffmath.muenchhausen.bots import HonestBot, OddsBot, RandomBot
    from bluffmath.muenchhausen.tournament import run_tournament
    bots = [OddsBot(), HonestBot(), RandomBot(seed=5)]
    here = run_tournament(bots, games=6, workers=1, rounds=2)
    with ThreadPoolExecutor(2) as pool:
        there = run_tournament(bots, games=6, executor=pool, chunk=2, rounds=2)
    assert here == there
    assert [s.games for s in here.standings] == [6, 6, 6]
    assert "2 rounds a game" in here._repr_html_()
    with pytest.raises(InvalidInputError, match="a Münchhausen bot"):
        run_tournament(["OddsBot"], games=1)


def test_explain_shows_every_step_of_a_hand():
    state = Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(2).doubt().reward(8)
    k = Knowledge.from_log(state.log, UNIFORM)
    text = k.explain(1)
    assert "seat 1 lays a card face down" in text
    assert "seat 0 doubts: a 2, a lie; seat 1 takes it back" in text
    assert "normalising constant: 1/8" in text  # P(a 2 | the whole hand) under the uniform model
    assert "seat 0 lays a card face down on its own pile" in k.explain(0)
    assert k.explain(2) == "seat 2's hand is what it was dealt: no card has left it unseen"
