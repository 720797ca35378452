"""The bots: always legal, policies as documented, odds computed independently here."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bluffmath import InvalidInputError
from bluffmath.hochstapler import (
    COLOURS,
    MAX_TOTAL,
    Call,
    DoubtCall,
    ExchangeCard,
    Game,
    OpponentModel,
    Position,
    Raise,
    RandomBot,
    SeatView,
    exchange_distribution,
    play_game,
    read_bids,
    total_distribution,
)
from bluffmath.hochstapler.bots import (
    BidReadingBot,
    CardCountingBot,
    Chances,
    check_bot,
    counting_chances,
)

ODDS_BOTS = [
    CardCountingBot(),
    CardCountingBot(doubt_bias=Fraction(-1, 5), open_at=Fraction(9, 10)),
    CardCountingBot(doubt_bias=Fraction(1, 4), exchange_gain=Fraction(1), open_at=Fraction(0)),
    BidReadingBot(),
    BidReadingBot(model=OpponentModel(bluff=Fraction(0))),  # calls can contradict it
]


# --- positions to ask the bots about ---------------------------------------------------------

def wild_playout(game: Game, seed: int, limit: int = 120):
    """The states of a game played by a wild random policy: exchanges, small and huge
    raises, doubts, all legal; so the bots meet positions their own play never makes."""
    rng = random.Random(f"wild/{seed}")
    state = game.new_game(seed, opener=seed % game.players)
    states = []
    while not state.is_terminal and len(states) < limit:
        states.append(state)
        legal = state.legal_actions()
        exchanges = [a for a in legal if isinstance(a, ExchangeCard)]
        raises = [a for a in legal if isinstance(a, Raise)]
        roll = rng.random()
        if exchanges and roll < 0.3:
            action = rng.choice(exchanges)
        elif raises and roll < 0.75:
            low = min(a.total for a in raises)
            action = rng.choice([a for a in raises if a.total <= low + 3])
        elif DoubtCall() in legal and roll < 0.9:
            action = DoubtCall()
        else:
            action = rng.choice(legal)
        state = state.apply(action)
    return states


def chances_by_counting(position: Position, colour: str, total: int) -> Fraction:
    """P(colour's total >= total), from total_distribution: no bot code involved."""
    return total_distribution(position.players, position.hand[colour],
                              position.face_up(colour)).at_least(total)


def view_of(position: Position) -> SeatView:
    return SeatView(position, position.me, (0,) * position.players, (), 0)


def rules_legal(position: Position, exchanged: bool = False):
    """The legal actions of the seat to act (``position.me``), written from the rules; every
    pile is taken to hold cards."""
    call = position.call
    top = MAX_TOTAL[position.players]
    actions = []
    if not exchanged and (call is None or call.total < top):
        actions += [ExchangeCard(c) for c in position.colours]
    actions += [Raise(t, c) for c in position.colours for t in position.legal_totals()]
    if call is not None and not exchanged:
        actions.append(DoubtCall())
    return actions


ALL_THREES = {c: 3 for c in COLOURS}


# --- legal, always --------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("target", [None, 10])
def test_bots_choose_only_legal_actions_in_whole_games(players, target):
    game = Game(players, target)
    lineups = [
        [CardCountingBot()] * players,
        [ODDS_BOTS[(i + players) % len(ODDS_BOTS)] if i < 2 else RandomBot() for i in range(players)],
    ]
    for n, bots in enumerate(lineups):
        for seed in range(2 if n == 0 else 1):
            rng = random.Random(seed)
            state = game.new_game(seed)
            turns = 0
            while not state.is_terminal:
                seat = state.to_act
                legal = state.legal_actions()
                action = bots[seat].choose(state.view(seat), legal, rng)
                assert action in legal, (bots[seat].name, action)
                state = state.apply(action)
                turns += 1
            assert sum(state.scores) % 7 == 0
            assert turns >= 7
            if target is not None:
                assert max(state.scores) >= target


@pytest.mark.parametrize("players", range(3, 8))
def test_bots_never_fail_on_wild_positions(players):
    """Every odds bot, at every state of wild games, for the seat to act: a legal action."""
    game = Game(players, target=10)
    for seed in range(3):
        for i, state in enumerate(wild_playout(game, seed)):
            legal = state.legal_actions()
            view = state.view(state.to_act)
            for bot in ODDS_BOTS if i % 4 == 0 else ODDS_BOTS[:3]:
                action = bot.choose(view, legal, random.Random(0))
                assert action in legal, (bot.name, action)


def test_play_game_is_reproducible_and_ends():
    bots = [CardCountingBot(), BidReadingBot(), RandomBot(), CardCountingBot()]
    a = play_game(Game(4), bots, seed=11)
    b = play_game(Game(4), bots, seed=11)
    assert a == b
    assert a.is_terminal
    assert sum(a.scores) == 7
    assert play_game(Game(4), bots, seed=12).reveals != a.reveals


# --- the card-counting policy, checked against total_distribution ----------------------------

def test_doubts_a_call_that_cannot_be_true():
    # 3 players, my red is 0: red reaches at most 0 + 7 + 6 = 13, so 14 cannot be true.
    position = Position(3, {**ALL_THREES, "red": 0}, history=[Call(2, 14, "red")], me=0)
    assert chances_by_counting(position, "red", 14) == 0
    for bot in (CardCountingBot(), CardCountingBot(doubt_bias=Fraction(-1)), BidReadingBot()):
        assert bot.choose(view_of(position), rules_legal(position), random.Random(0)) == DoubtCall()


def test_never_doubts_a_call_that_must_be_true():
    # My red 7 makes "at least 7 red" certain; even a bot biased to doubt raises instead.
    position = Position(4, {**ALL_THREES, "red": 7}, history=[Call(3, 7, "red")], me=0)
    assert chances_by_counting(position, "red", 7) == 1
    for bot in (CardCountingBot(), CardCountingBot(doubt_bias=Fraction(1)), BidReadingBot()):
        action = bot.choose(view_of(position), rules_legal(position), random.Random(0))
        assert action != DoubtCall()


def test_doubts_a_call_it_cannot_beat():
    top = MAX_TOTAL[5]
    position = Position(5, {**ALL_THREES, "red": 7}, history=[Call(4, top, "red")], me=0)
    assert CardCountingBot().choose(view_of(position), [DoubtCall()], random.Random(0)) == DoubtCall()


def answers(players: int, seeds: range):
    """States in which the seat to act answers a call and may doubt."""
    for seed in seeds:
        for state in wild_playout(Game(players), seed):
            if state.can_doubt() and state.call.total < MAX_TOTAL[players]:
                yield state


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_raise_is_the_likeliest_legal_raise_and_the_doubt_follows_the_rule(players):
    bot = CardCountingBot(exchange_gain=Fraction(1))  # never exchanges: raise or doubt
    raises = doubts = 0
    for state in answers(players, range(4)):
        view = state.view(state.to_act)
        position = view.position
        legal = state.legal_actions()
        odds = {(a.total, a.colour): chances_by_counting(position, a.colour, a.total)
                for a in legal if isinstance(a, Raise)}
        best = max(odds.values())
        call = position.call
        p_call = chances_by_counting(position, call.colour, call.total)
        action = bot.choose(view, legal, random.Random(0))
        if action == DoubtCall():
            doubts += 1
            assert p_call == 0 or (p_call < 1 and 1 - p_call > best)
        else:
            raises += 1
            assert isinstance(action, Raise)
            assert odds[action.total, action.colour] == best
            assert action.total == call.total + 1  # the lowest legal total
            assert p_call == 1 or 1 - p_call <= best
            # ties go to the colour listed first
            first = next(c for c in position.colours if odds[action.total, c] == best)
            assert action.colour == first
    assert raises
    assert doubts


@pytest.mark.parametrize("players", [4, 6])
def test_it_exchanges_when_the_exchange_makes_a_likelier_raise(players):
    bot = CardCountingBot()
    exchanged = kept = 0
    for state in answers(players, range(6)):
        view = state.view(state.to_act)
        position = view.position
        low = state.call.total + 1
        keep = max(chances_by_counting(position, c, low) for c in position.colours)
        swaps = {c: exchange_distribution(players, position.hand[c], position.face_up(c)).at_least(low)
                 for c in position.colours if state.can_exchange(c)}
        action = bot.choose(view, state.legal_actions(), random.Random(0))
        if isinstance(action, ExchangeCard):
            exchanged += 1
            assert swaps[action.colour] == max(swaps.values()) > keep
            # and then it must raise, and does, with the new card
            after = state.apply(action)
            follow = bot.choose(after.view(after.to_act), after.legal_actions(), random.Random(0))
            assert isinstance(follow, Raise)
            assert follow.total == low
        elif isinstance(action, Raise):
            kept += 1
            assert all(p <= keep for p in swaps.values())
    assert exchanged
    assert kept


def test_exchange_gain_one_means_never_exchange():
    bot = CardCountingBot(exchange_gain=Fraction(1))
    for state in answers(4, range(6)):
        action = bot.choose(state.view(state.to_act), state.legal_actions(), random.Random(0))
        assert not isinstance(action, ExchangeCard)


@pytest.mark.parametrize("open_at", [Fraction(1, 2), Fraction(9, 10), Fraction(1, 10)])
def test_the_opening_call_is_the_highest_believed_total(open_at):
    bot = CardCountingBot(open_at=open_at)
    for seed in range(6):
        state = Game(5).new_game(seed, opener=seed % 5)
        view = state.view(state.to_act)
        position = view.position
        believed = {c: max(t for t in range(MAX_TOTAL[5] + 1)
                           if chances_by_counting(position, c, t) >= open_at)
                    for c in position.colours}
        top = max(believed.values())
        likeliest = max(chances_by_counting(position, c, top) for c in COLOURS if believed[c] == top)
        action = bot.choose(view, state.legal_actions(), random.Random(0))
        assert action.total == top
        assert chances_by_counting(position, action.colour, top) == likeliest


def test_a_doubt_bias_makes_doubts_likelier():
    cautious, bold = CardCountingBot(doubt_bias=Fraction(-1, 3)), CardCountingBot(doubt_bias=Fraction(1, 3))
    plain = CardCountingBot()
    counts = {"cautious": 0, "plain": 0, "bold": 0}
    for state in answers(5, range(5)):
        view, legal = state.view(state.to_act), state.legal_actions()
        for label, bot in (("cautious", cautious), ("plain", plain), ("bold", bold)):
            counts[label] += bot.choose(view, legal, random.Random(0)) == DoubtCall()
    assert counts["cautious"] < counts["plain"] < counts["bold"]


def test_the_bots_tables_are_total_distributions():
    for players, own, face_up in [(3, None, ()), (5, 3, (0, 7)), (7, 0, (0, 0, 5)), (4, 7, ())]:
        d = total_distribution(players, own, face_up)
        chances = counting_chances(players, own, tuple(sorted(face_up)))
        assert isinstance(chances, Chances)
        assert len(chances) == MAX_TOTAL[players] + 2
        assert list(chances) == [d.at_least(t) for t in range(MAX_TOTAL[players] + 2)]
        for p in (Fraction(0), Fraction(1, 3), Fraction(1)):
            assert chances.highest(p) == max(t for t in range(len(chances)) if chances[t] >= p)


# --- the bid-reading policy ---------------------------------------------------------------------

def test_bid_reading_believes_a_call_that_card_counting_doubts():
    state = Game(4).new_game(seed=1).raise_(13, "red")
    view, legal = state.view(1), state.legal_actions()
    position = view.position
    counting = chances_by_counting(position, "red", 13)
    reading = read_bids(4, position.hand["red"], position.spoken_calls("red")).at_least(13)
    assert counting < Fraction(1, 2) < reading
    assert CardCountingBot().choose(view, legal, random.Random(0)) == DoubtCall()
    assert BidReadingBot().choose(view, legal, random.Random(0)) == Raise(14, "red")
    # A model in which calls say nothing reads nothing into the call: it doubts too.
    deaf = BidReadingBot(model=OpponentModel(bluff=Fraction(1)))
    assert deaf.choose(view, legal, random.Random(0)) == DoubtCall()


def test_bid_reading_odds_are_read_bids():
    bot = BidReadingBot()
    for state in answers(5, range(2)):
        view = state.view(state.to_act)
        position = view.position
        for colour in position.colours:
            calls = position.spoken_calls(colour)
            d = read_bids(5, position.hand[colour], calls, position.face_up(colour))
            assert list(bot.chances(view, colour)) == [d.at_least(t) for t in range(MAX_TOTAL[5] + 2)]


def test_when_calls_say_nothing_bid_reading_plays_card_counting():
    deaf = BidReadingBot(model=OpponentModel(bluff=Fraction(1)))
    plain = CardCountingBot()
    for n, state in enumerate(answers(5, range(3))):
        if n % 3 == 0:
            view, legal = state.view(state.to_act), state.legal_actions()
            assert deaf.choose(view, legal, None) == plain.choose(view, legal, None)


def test_bid_reading_falls_back_on_counting_when_the_calls_contradict_the_model():
    # Nobody bluffs, and seat 1 called 18, the most 3 players can reach (7 + 6 + 5): no
    # card gives it a chance of 1/2, so no deal agrees with the call.
    position = Position(3, {**ALL_THREES, "red": 7}, me=0, history=[Call(1, 18, "red")])
    honest = BidReadingBot(model=OpponentModel(bluff=Fraction(0)))
    view = view_of(position)
    assert list(honest.chances(view, "red")) == list(CardCountingBot().chances(view, "red"))
    assert honest.choose(view, rules_legal(position), random.Random(0)) in rules_legal(position)


# --- parameters, names, bad input ---------------------------------------------------------------

def test_names_say_what_differs_from_the_defaults():
    assert CardCountingBot().name == "card counting"
    assert BidReadingBot().name == "bid reading"
    assert RandomBot().name == RandomBot.name == "random"
    assert CardCountingBot(doubt_bias=Fraction(1, 10)).name == "card counting (doubt_bias=1/10)"
    assert (BidReadingBot(open_at=Fraction(3, 4), model=OpponentModel(bluff=Fraction(1, 5))).name
            == "bid reading (open_at=3/4, threshold=1/2, bluff=1/5)")
    assert CardCountingBot(name="Cora").name == "Cora"
    assert CardCountingBot() == CardCountingBot(name="other")  # the name is a label only


@pytest.mark.parametrize(("make", "message"), [
    (lambda: CardCountingBot(doubt_bias=0.1), "doubt_bias must be an exact number"),
    (lambda: CardCountingBot(doubt_bias=Fraction(-3, 2)), "from -1 to 1, got -3/2"),
    (lambda: CardCountingBot(exchange_gain=-1), "exchange_gain must be .* from 0 to 1, got -1"),
    (lambda: CardCountingBot(open_at=True), "open_at must be an exact number"),
    (lambda: CardCountingBot(name=7), "name must be text"),
    (lambda: BidReadingBot(model="cautious"), "model must be an OpponentModel"),
])
def test_bad_parameters_are_refused(make, message):
    with pytest.raises(InvalidInputError, match=message):
        make()


def test_play_game_refuses_bad_bots():
    with pytest.raises(InvalidInputError, match="needs 3 bots, got 2"):
        play_game(Game(3), [RandomBot()] * 2)
    with pytest.raises(InvalidInputError, match=r"bots\[1\] must be a bot .*got 'random'"):
        play_game(Game(3), [RandomBot(), "random", RandomBot()])
    with pytest.raises(InvalidInputError, match="the class CardCountingBot; call it"):
        play_game(Game(3), [CardCountingBot] * 3)
    with pytest.raises(InvalidInputError, match="play_game needs a Game"):
        play_game(3, [RandomBot()] * 3)
    with pytest.raises(InvalidInputError, match="bots must be a sequence"):
        play_game(Game(3), "abc")
    assert check_bot(RandomBot()) == RandomBot()


def test_a_bot_given_no_action_says_so():
    position = Position(3, ALL_THREES, history=[Call(1, 5, "red")])
    with pytest.raises(InvalidInputError, match="neither a raise nor a doubt"):
        CardCountingBot().choose(view_of(position), [], random.Random(0))


def test_bots_cope_with_an_empty_pile_and_many_face_up_cards():
    # 3 players: everyone exchanges red and calls one more, until the red pile is empty.
    state = Game(3).new_game(seed=4)
    while state.can_exchange("red"):
        state = state.exchange("red")
        state = state.raise_(0 if state.call is None else state.call.total + 1, "red")
    assert not state.piles["red"]
    assert len(state.face_up("red")) == 12
    legal = state.legal_actions()
    assert ExchangeCard("red") not in legal
    for bot in ODDS_BOTS:
        view = state.view(state.to_act)
        assert bot.choose(view, legal, random.Random(0)) in legal
    # everything about red is known now: its total is certain
    position = state.view(state.to_act).position
    total = sum(state.hands["red"])
    assert chances_by_counting(position, "red", total) == 1
    assert chances_by_counting(position, "red", total + 1) == 0


def test_random_bot_doubts_when_nothing_else_is_legal_and_says_so_when_nothing_is():
    position = Position(3, ALL_THREES, history=[Call(1, MAX_TOTAL[3], "red")])
    assert RandomBot().choose(view_of(position), [DoubtCall()], random.Random(0)) == DoubtCall()
    with pytest.raises(InvalidInputError, match="neither a raise nor a doubt"):
        RandomBot().choose(view_of(position), [], random.Random(0))
