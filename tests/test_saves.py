"""Saved games: a round trip gives the same state; a damaged file is refused as a whole."""

import copy
import dataclasses
import json
import random

import pytest
from brute_force import PILE_CARDS, max_total
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import InvalidInputError, SaveFileError
from bluffmath.hochstapler import (
    COLOURS,
    DoubtCall,
    ExchangeCard,
    Game,
    Raise,
    load_game,
    save_game,
)
from bluffmath.hochstapler.saves import check_state


def random_game(game, seed, rng):
    """Every state of one random game, biased so that it ends."""
    state = game.new_game(seed=seed, opener=rng.randrange(game.players))
    states = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        doubts = [a for a in legal if isinstance(a, DoubtCall)]
        exchanges = [a for a in legal if isinstance(a, ExchangeCard)]
        raises = [a for a in legal if isinstance(a, Raise)]
        if doubts and (not raises or rng.random() < 0.35):
            action = doubts[0]
        elif exchanges and rng.random() < 0.3:
            action = rng.choice(exchanges)
        else:
            action = rng.choice(raises[:4])
        state = state.apply(action)
        states.append(state)
    return states


def some_states():
    rng = random.Random(5)
    states = []
    for i, players in enumerate(range(3, 8)):
        states += random_game(Game(players), i, rng)
    states += random_game(Game(3, target=10), 99, rng)
    return states


STATES = some_states()


def mid_game():
    """Four players, red taken after an exchange; blue exchanged, a call in green to beat."""
    state = Game(4).new_game(seed=3).exchange("red").raise_(8, "red").doubt()
    return state.exchange("blue").raise_(5, "green")


def edited(state, edit):
    data = json.loads(save_game(state))
    edit(data)
    return json.dumps(data)


# --- round trips -------------------------------------------------------------------------


def test_every_state_of_random_games_survives_a_round_trip():
    assert len(STATES) > 100
    assert any(s.deal > 0 for s in STATES)
    for state in STATES:
        loaded = load_game(save_game(state))
        assert loaded == state
        assert loaded.scores == state.scores
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.call == state.call
        assert loaded.exchanged == state.exchanged
        assert all(loaded.view(s) == state.view(s) for s in range(state.players))


def test_a_loaded_game_plays_on_like_the_original():
    state = mid_game()
    loaded = load_game(save_game(state))
    assert loaded.doubt() == state.doubt()
    assert loaded.exchange("black").raise_(9, "black") == state.exchange("black").raise_(9, "black")


def test_a_save_names_its_format_and_version_and_is_plain_json():
    data = json.loads(save_game(mid_game()))
    assert data["format"] == "bluffmath/hochstapler-game"
    assert data["version"] == 1
    assert data["game"] == {"players": 4, "target": None}
    assert data["hands"]["blue"] == list(mid_game().hands["blue"])
    assert "red" not in data["hands"]
    state = mid_game()
    first = Game(4).new_game(seed=3)
    assert data["history"] == [
        ["exchange", 0, "red", first.hands["red"][0]], ["call", 0, 8, "red"], ["doubt", 1],
        ["exchange", 1, "blue", first.hands["blue"][1]], ["call", 1, 5, "green"],
    ]
    assert data["reveals"] == [{"deal": 0, "call": ["call", 0, 8, "red"], "doubter": 1,
                                "cards": list(state.reveals[0].cards), "taker": state.reveals[0].taker}]
    assert save_game(mid_game()) == save_game(mid_game())


def test_check_state_accepts_every_state_the_engine_reaches():
    for state in STATES:
        assert check_state(state) is None


# --- damaged files -----------------------------------------------------------------------


def drop(key):
    return lambda d: d.pop(key)


def move_a_card(d):
    d["piles"]["blue"].append(d["hands"]["green"].pop())


def wrong_taker(d):
    reveal = d["reveals"][0]
    caller = reveal["call"][1]
    reveal["taker"] = caller if reveal["taker"] == reveal["doubter"] else reveal["doubter"]


def red_back_in_play(d):
    d["hands"]["red"] = list(PILE_CARDS[:4])
    d["piles"]["red"] = list(PILE_CARDS[4:])


def other_face_up_value(d):
    exchange = d["history"][3]
    assert exchange[:3] == ["exchange", 1, "blue"]
    exchange[3] = 7 if exchange[3] != 7 else 0


DAMAGE = [
    ("another format", lambda d: d.update(format="bluffmath/gauner-game"),
     "not a saved Hochstapler game .its format is not 'bluffmath/hochstapler-game'"),
    ("another version", lambda d: d.update(version=2),
     "version 2 of the Hochstapler save format; this bluffmath reads version 1"),
    ("a version as a bool", lambda d: d.update(version=True), "version True of the Hochstapler save format"),
    ("a version as a float", lambda d: d.update(version=1.0), "version 1.0 of the Hochstapler save format"),
    ("a missing field", drop("piles"), "the field 'piles' is missing"),
    ("a missing game field", lambda d: d["game"].pop("target"), "the field 'target' is missing"),
    ("an unknown field", lambda d: d.update(cheat=True), "unknown field 'cheat'"),
    ("a seed as text", lambda d: d.update(seed="3"), "seed must be a whole number of at least 0, got '3'"),
    ("a negative seed", lambda d: d.update(seed=-3), "seed must be a whole number of at least 0, got -3"),
    ("to_act as a bool", lambda d: d.update(to_act=True), "to_act must be a whole number from 0 to 3, got True"),
    ("a card as a float", lambda d: d["hands"]["blue"].__setitem__(0, 2.0), "blue: .*2.0"),
    ("a card as text", lambda d: d["piles"]["blue"].__setitem__(0, "2"), "blue: .*'2'"),
    ("hands as a list", lambda d: d.update(hands=[]), "hands must be an object"),
    ("history as an object", lambda d: d.update(history={}), "history must be a list"),
    ("an unknown colour", lambda d: d["hands"].update(pink=[0, 0, 0, 0]), "pink"),
    ("an extra card", lambda d: d["hands"]["green"].append(0),
     "green: 5 cards in the hands, one for each of 4 seats"),
    ("an extra pile card", lambda d: d["piles"]["green"].append(0),
     r"green: the cards in the hands, the pile and face up must be the colour's 15 cards"),
    ("a card moved from a hand to another pile", move_a_card, "green: 3 cards in the hands"),
    ("a card value out of range", lambda d: d["piles"]["black"].__setitem__(0, 9),
     "black: the cards must be whole numbers from 0 to 7, got 9"),
    ("a card value changed", lambda d: d["piles"]["black"].__setitem__(0, (d["piles"]["black"][0] + 1) % 8),
     "black: the cards in the hands, the pile and face up must be the colour's 15"),
    ("a colour both in play and taken", red_back_in_play, "red is in play but was taken in deal 0"),
    ("hands and piles of different colours", lambda d: d["piles"].pop("black"),
     "black: the hands hold it but the piles do not"),
    ("a colour missing", lambda d: (d["hands"].pop("black"), d["piles"].pop("black")),
     "black is neither in play nor taken"),
    ("a wrong taker", wrong_taker, r"reveals\[0\]: .*takes red, not seat"),
    ("a reveal's doubter out of range", lambda d: d["reveals"][0].update(doubter=9, taker=9),
     r"reveals\[0\]: doubter must be a whole number from 0 to 3, got 9"),
    ("a reveal's total as a bool", lambda d: d["reveals"][0]["call"].__setitem__(2, True),
     r"reveals\[0\]: .*total must be a whole number"),
    ("a reveal that shows too many cards", lambda d: d["reveals"][0]["cards"].append(0),
     r"reveals\[0\]: .*4 seats"),
    ("a reveal of a deal to come", lambda d: d["reveals"][0].update(deal=1), "deal"),
    ("a call too high", lambda d: d["history"][-1].__setitem__(2, max_total(4) + 1),
     f"from 0 to {max_total(4)}"),
    ("a call out of turn", lambda d: d["history"][-1].__setitem__(1, 3),
     r"history\[4\]: seat 3 acts, but it is seat 1's turn"),
    ("the wrong seat to act", lambda d: d.update(to_act=0), "to_act is 0, but it is seat 2's turn"),
    ("an unknown event", lambda d: d["history"][0].__setitem__(0, "pass"),
     r"history\[0\]: unknown event 'pass' .an event is \[\"call\", seat, total, colour\]"),
    ("an event too short", lambda d: d["history"][1].pop(),
     r'history\[1\]: a call is \["call", seat, total, colour\], got \["call", 0, 8\]'),
    ("an event as an object", lambda d: d["history"].__setitem__(1, {"event": "call"}),
     r"history\[1\] must be an event, .* got an object"),
    ("a doubt without its reveal", lambda d: d.update(reveals=[]),
     r"history\[2\]: seat 1 doubts seat 0's call of 8 red, but the reveals of this deal do not show that doubt"),
    ("a doubt by the wrong seat", lambda d: d["history"].__setitem__(2, ["doubt", 2]),
     r"history\[2\]: seat 2 acts, but it is seat 1's turn"),
    ("a reveal without its doubt", lambda d: d.update(history=d["history"][:2], to_act=1),
     "red was taken in this deal .a reveal says so., but the history shows no doubt of it"),
    ("a deal in a one-deal game", lambda d: d.update(deal=1), "deal is 1, but a game without a target has only deal 0"),
    ("a player count out of range", lambda d: d["game"].update(players=9), "players must be a whole number from 3 to 7"),
    ("a target of zero", lambda d: d["game"].update(target=0), "target must be a whole number of at least 1"),
    ("an exchanged value that does not fit", other_face_up_value,
     "blue: the cards in the hands, the pile and face up must be"),
]


@pytest.mark.parametrize(("damage", "message"), [(e, m) for _, e, m in DAMAGE],
                         ids=[name for name, _, _ in DAMAGE])
def test_a_damaged_file_is_refused_with_a_clear_message(damage, message):
    state = mid_game()
    assert [type(e).__name__ for e in state.history] == ["Exchange", "Call", "Doubt", "Exchange", "Call"]
    with pytest.raises(SaveFileError, match=message):
        load_game(edited(state, damage))


@pytest.mark.parametrize("text", [
    "", "{", "[]", "null", "7", '"a game"', '{"format": 3}',
    save_game(mid_game())[:-20], save_game(mid_game())[: len(save_game(mid_game())) // 2],
    '{"format": "bluffmath/hochstapler-game"}',
])
def test_text_that_is_not_a_whole_save_is_refused(text):
    with pytest.raises(SaveFileError, match=r"^this is not a saved (Hochstapler )?game|^this file is version None"):
        load_game(text)


@pytest.mark.parametrize("text", [None, 7, ["a"], b"\xff\xfe"])
def test_a_save_must_be_text(text):
    with pytest.raises(SaveFileError, match="not a saved game"):
        load_game(text)


def test_deeply_nested_json_is_refused_not_crashed_on():
    deep = '{"format": "bluffmath/hochstapler-game", "version": 1, "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(SaveFileError):
        load_game(deep)


def test_a_multi_deal_game_with_a_wrong_history_of_deals_is_refused():
    rng = random.Random(1)
    states = random_game(Game(3, target=10), 7, rng)
    second = next(s for s in states if s.deal == 1)
    # deal 0 must have ended with all seven colours taken
    with pytest.raises(SaveFileError, match="deal 0 ended with 6 colours taken"):
        load_game(edited(second, lambda d: d["reveals"].pop(0)))
    # a game that should have gone on is not over
    end = states[-1]
    assert end.is_terminal

    def lower_target(d):
        d["game"]["target"] = 1
    with pytest.raises(SaveFileError, match="ended after deal 0"):
        load_game(edited(end, lower_target))

    def raise_target(d):
        d["game"]["target"] = 99
    with pytest.raises(SaveFileError, match="nobody has reached 99"):
        load_game(edited(end, raise_target))
    # the next deal opens with the last doubter of the deal before
    doubter = second.reveals[-1].doubter
    with pytest.raises(SaveFileError, match=f"seat {doubter}'s turn"):
        load_game(edited(second, lambda d: d.update(to_act=(doubter + 1) % 3, history=[])))


def test_a_swap_of_two_hidden_cards_is_still_a_possible_state():
    # a save holds the cards, not a proof of the shuffle: a swap inside a pile is a state
    # that could have happened, so it loads
    state = mid_game()

    def swap(d):
        pile = d["piles"]["black"]
        pile[0], pile[-1] = pile[-1], pile[0]
    loaded = load_game(edited(state, swap))
    assert loaded.piles["black"][0] == state.piles["black"][-1]
    assert loaded.hands == state.hands


def test_check_state_refuses_an_impossible_state_built_in_code():
    state = mid_game()
    with pytest.raises(SaveFileError, match="to_act must be a whole number from 0 to 3, got 7"):
        check_state(dataclasses.replace(state, to_act=7))
    hands = {**state.hands, "blue": (7, 7, 7, 7)}
    with pytest.raises(SaveFileError, match="blue"):
        check_state(dataclasses.replace(state, hands=hands))
    with pytest.raises(SaveFileError, match="not a game state"):
        check_state("a state")


# --- corruptions generated by hypothesis -------------------------------------------------

FIELDS = ("format", "version", "game", "players", "target", "seed", "deal", "to_act", "hands",
          "piles", "history", "reveals", "event", "seat", "total", "colour", "value", "call",
          "doubter", "cards", "taker")
LEAVES = (st.none() | st.booleans() | st.integers(-2, 40) | st.floats(allow_nan=False)
          | st.sampled_from((*COLOURS, *FIELDS, "call", "exchange", "doubt", "bluffmath/hochstapler-game"))
          | st.text(max_size=4))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=3), inner, max_size=3),
                      max_leaves=6)


def paths(data, here=()):
    """Every place in a JSON tree, as a tuple of keys and indices."""
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from paths(value, (*here, i))


@st.composite
def corrupted_saves(draw):
    state = draw(st.sampled_from(STATES))
    data = json.loads(save_game(state))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(paths(data))[1:]))
        parent = data
        for step in where[:-1]:
            parent = parent[step]
        key = where[-1]
        how = draw(st.sampled_from(["replace", "nudge", "delete", "insert", "swap", "rename"]))
        if how == "replace":
            parent[key] = draw(VALUES)
        elif how == "nudge" and isinstance(parent[key], int):
            parent[key] += draw(st.sampled_from([-1, 1]))
        elif how == "delete":
            del parent[key]
        elif how == "insert" and isinstance(parent, list):
            parent.insert(key, draw(VALUES))
        elif how == "insert":
            parent[draw(st.sampled_from(FIELDS))] = draw(VALUES)
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif how == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(FIELDS))] = parent.pop(key)
    return json.dumps(data)


@st.composite
def garbled_text(draw):
    text = save_game(draw(st.sampled_from(STATES)))
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 8)))
    return text[:start] + draw(st.text(alphabet='{}[]",:0123456789-.truenl ', max_size=6)) + text[end:]


def loads_whole_or_refuses(text):
    """A corrupted save loads to a state that passes every check and plays, or is refused
    with SaveFileError; no other exception, and no half-loaded state."""
    try:
        state = load_game(text)
    except SaveFileError as error:
        message = str(error)
    else:
        message = None
    if message is not None:
        assert message.startswith(("the saved game is damaged: ", "this is not a saved",
                                   "this file is version"))
        return
    check_state(state)
    assert load_game(save_game(state)) == state
    assert sum(state.scores) == len(state.reveals)
    for colour in state.colours:
        assert sorted(state.hands[colour] + state.piles[colour] + state.face_up(colour)) == sorted(PILE_CARDS)
    for seat in range(state.players):
        assert dict(state.view(seat).position.hand) == {c: state.hands[c][seat] for c in state.colours}
    legal = state.legal_actions()
    assert bool(legal) != state.is_terminal
    for action in legal[:3] + legal[-3:]:
        state.apply(action)


@settings(max_examples=400)
@given(corrupted_saves())
def test_a_corrupted_save_loads_whole_or_is_refused(text):
    loads_whole_or_refuses(text)


@settings(max_examples=200)
@given(garbled_text())
def test_garbled_text_loads_whole_or_is_refused(text):
    loads_whole_or_refuses(text)


def test_the_corruption_strategies_reach_both_outcomes():
    # guards the properties above: some corruptions load, most are refused
    rng = random.Random(3)
    loaded = refused = 0
    for state in STATES[::7]:
        data = json.loads(save_game(state))
        nudged = copy.deepcopy(data)
        if nudged["piles"] and any(len(p) > 1 for p in nudged["piles"].values()):
            pile = next(p for p in nudged["piles"].values() if len(p) > 1)
            pile.reverse()
            load_game(json.dumps(nudged))
            loaded += 1
        broken = copy.deepcopy(data)
        broken["to_act"] = rng.choice([-1, state.players, "0", None])
        with pytest.raises(SaveFileError):
            load_game(json.dumps(broken))
        refused += 1
    assert loaded > 5
    assert refused > 5


# --- the caches behind save_game and load_game -------------------------------------------


def test_saves_are_the_same_text_however_the_state_was_made():
    for state in STATES[::5]:
        text = save_game(state)
        assert save_game(load_game(text)) == text
        assert save_game(dataclasses.replace(state)) == text


def test_small_caches_that_empty_often_give_the_same_texts(monkeypatch):
    from bluffmath.hochstapler import saves

    texts = [save_game(s) for s in STATES]
    monkeypatch.setattr(saves, "_TEXTS_KEPT", 7)
    for _ in range(2):
        assert [save_game(s) for s in STATES] == texts
        assert all(load_game(t) == s for t, s in zip(texts, STATES, strict=True))


def test_saving_from_several_threads_at_once():
    from concurrent.futures import ThreadPoolExecutor

    expected = [save_game(s) for s in STATES]
    fresh = [dataclasses.replace(s, history=tuple(dataclasses.replace(e) for e in s.history))
             for s in STATES]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(save_game, fresh * 4))
    assert results == expected * 4


def test_a_bool_is_never_written_as_a_number():
    # True == 1, so a cache keyed by value could write a true as 1: it must not
    state = mid_game()
    save_game(state)
    odd = dataclasses.replace(state, to_act=True)
    assert '"to_act": true' in save_game(odd)
    with pytest.raises(SaveFileError, match="to_act must be a whole number from 0 to 3, got True"):
        load_game(save_game(odd))
    colour = next(c for c in state.colours if 1 in state.hands[c])
    cards = tuple(True if v == 1 else v for v in state.hands[colour])
    odd = dataclasses.replace(state, hands={**state.hands, colour: cards})
    assert odd == state
    assert save_game(odd) != save_game(state)
    with pytest.raises(SaveFileError, match=f"{colour}: the cards must be whole numbers from 0 to 7, got True"):
        load_game(save_game(odd))


def test_what_is_not_a_state_cannot_be_saved():
    with pytest.raises(InvalidInputError, match="save_game saves a Hochstapler State, got dict"):
        save_game({"format": "bluffmath/hochstapler-game"})
    odd = dataclasses.replace(mid_game(), history=("a call",))
    with pytest.raises(InvalidInputError, match="this state cannot be saved"):
        save_game(odd)
