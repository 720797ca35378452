"""Saved Hochstapler games: a save is the game's log, and loading replays it.

A round trip gives the same state; a save edited anywhere (a card of the deal, the seed,
an action, an observation, the version, the players) is refused, naming the first event
that disagrees; saves of the earlier format (version 1) still load when they can be
replayed and checked.
"""

import copy
import dataclasses
import json
import random
import time

import pytest
from brute_force import PILE_CARDS
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath import InvalidInputError, SaveFileError
from bluffmath.hochstapler import (
    COLOURS,
    BidReadingBot,
    CardCountingBot,
    DoubtCall,
    ExchangeCard,
    Game,
    Raise,
    RandomBot,
    load_game,
    play_game,
    save_game,
)


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
        assert loaded.events == state.events
        assert loaded.scores == state.scores
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.call == state.call
        assert loaded.exchanged == state.exchanged
        assert all(loaded.view(s) == state.view(s) for s in range(state.players))
        assert save_game(loaded) == save_game(state)


BOTS = [RandomBot(), CardCountingBot(), BidReadingBot()]


@pytest.mark.parametrize("players", range(3, 8))
def test_games_between_bots_survive_a_round_trip(players):
    rng = random.Random(players)
    for seed in range(4):
        target = 10 if seed % 2 else None
        bots = [rng.choice(BOTS[:2] if target else BOTS) for _ in range(players)]
        end = play_game(Game(players, target), bots, seed=seed)
        loaded = load_game(save_game(end))
        assert loaded == end
        assert loaded.winners() == end.winners()
        data = json.loads(save_game(end))
        assert len(data["actions"]) == len(end.events)
        assert len(data["deals"]) == end.deal + 1
        assert sum(1 for a in data["actions"] if a[0] == "doubt") == 7 * (end.deal + 1)


def test_a_loaded_game_plays_on_like_the_original():
    state = mid_game()
    loaded = load_game(save_game(state))
    assert loaded.doubt() == state.doubt()
    assert loaded.exchange("black").raise_(9, "black") == state.exchange("black").raise_(9, "black")


def test_a_save_holds_the_log_and_what_the_table_saw():
    state = mid_game()
    data = json.loads(save_game(state))
    assert list(data) == ["format", "version", "game", "seed", "opener", "actions", "deals",
                          "reveals", "to_act", "check"]
    assert data["format"] == "bluffmath-hochstapler-game"
    assert data["version"] == 2
    assert data["game"] == {"players": 4, "target": None}
    assert (data["seed"], data["opener"], data["to_act"]) == (3, 0, 2)
    first = Game(4).new_game(seed=3)
    assert data["deals"] == [{"hands": {c: list(first.hands[c]) for c in COLOURS},
                              "piles": {c: list(first.piles[c]) for c in COLOURS}}]
    red_shown = [first.piles["red"][0], *first.hands["red"][1:]]  # seat 0 drew the top card
    assert data["actions"] == [
        ["exchange", 0, "red", first.hands["red"][0]], ["call", 0, 8, "red"], ["doubt", 1],
        ["exchange", 1, "blue", first.hands["blue"][1]], ["call", 1, 5, "green"],
    ]
    taker = 1 if sum(red_shown) >= 8 else 0
    assert data["reveals"] == [{"deal": 0, "call": ["call", 0, 8, "red"], "doubter": 1,
                                "cards": red_shown, "taker": taker}]
    assert save_game(mid_game()) == save_game(mid_game())


def test_a_save_under_the_formats_former_name_still_loads():
    """Saves written before the formats were named alike ("bluffmath/hochstapler-game")
    load as before: no save is lost to the rename."""
    from bluffmath.review import review

    state = mid_game()
    text = save_game(state).replace('"bluffmath-hochstapler-game"', '"bluffmath/hochstapler-game"')
    assert '"bluffmath/hochstapler-game"' in text
    assert load_game(text) == state
    assert review(text, seat=0) == review(save_game(state), seat=0)


def test_a_multi_deal_save_holds_every_deal_and_every_action():
    end = play_game(Game(3, target=10), [CardCountingBot()] * 3, seed=8)
    assert end.deal >= 1
    data = json.loads(save_game(end))
    for d, deal in enumerate(data["deals"]):
        start = Game(3).new_game(seed=8) if d == 0 else None
        if start is not None:
            assert deal["hands"] == {c: list(start.hands[c]) for c in COLOURS}
        for colour in COLOURS:
            assert sorted(deal["hands"][colour] + deal["piles"][colour]) == sorted(PILE_CARDS)
    assert [r["deal"] for r in data["reveals"]] == [d for d in range(end.deal + 1) for _ in range(7)]


# --- edited saves are refused, naming what disagrees ----------------------------------------


def other_card(cards, i):
    """Change card i to another value, keeping it a card value."""
    cards[i] = (cards[i] + 1) % 8


def swap_pile_cards(d):
    pile = d["deals"][0]["piles"]["black"]
    j = next(j for j in range(1, len(pile)) if pile[j] != pile[0])
    pile[0], pile[j] = pile[j], pile[0]


def wrong_taker(d):
    reveal = d["reveals"][0]
    reveal["taker"] = reveal["call"][1] if reveal["taker"] == reveal["doubter"] else reveal["doubter"]


EDITS = [
    ("a card of the deal", lambda d: other_card(d["deals"][0]["hands"]["green"], 2),
     "the first deal is not the one seed 3 deals: the green cards in the hands"),
    ("two hidden cards swapped", swap_pile_cards,
     "the first deal is not the one seed 3 deals: the black cards in the pile"),
    ("the seed", lambda d: d.update(seed=4), "the first deal is not the one seed 4 deals"),
    ("the players", lambda d: d["game"].update(players=5), r"reveals\[0\].cards must be a list of 5"),
    ("the opener", lambda d: d.update(opener=1),
     r"action 1 \(seat 0 exchanges red .*\) cannot happen: it is seat 1's turn, not seat 0's"),
    ("a call's total", lambda d: d["actions"][1].__setitem__(2, 9),
     r"reveals\[0\] is not what action 3 \(seat 1 doubts\) shows: call doubted: 9 red in the replay, 8 red in the save"),
    ("a call's colour", lambda d: d["actions"][4].__setitem__(3, "black"),
     "the check does not match: the save was edited"),
    ("an exchanged card", lambda d: other_card(d["actions"][3], 3),
     r"action 4 \(seat 1 exchanges blue .*\) cannot happen: seat 1's blue card was"),
    ("a seat", lambda d: d["actions"][2].__setitem__(1, 2),
     r"action 3 \(seat 2 doubts\) cannot happen: it is seat 1's turn, not seat 2's"),
    ("an action removed", lambda d: d["actions"].pop(), "to_act is 2, but after the actions it is seat 1's turn"),
    ("an action added", lambda d: d["actions"].append(["doubt", 2]),
     r"action 6 \(seat 2 doubts\) shows the green cards, but the save holds no reveal for it"),
    ("an illegal action", lambda d: d["actions"].insert(2, ["call", 1, 3, "red"]),
     r"action 3 \(seat 1 calls 3 red\) cannot happen: a call to beat 8 names a whole number from 9"),
    ("a card shown", lambda d: other_card(d["reveals"][0]["cards"], 0),
     r"reveals\[0\] is not what action 3 \(seat 1 doubts\) shows: cards shown: 3,7,0,5 in the replay, 4,7,0,5"),
    ("the taker", wrong_taker, r"reveals\[0\] .*: taker: seat 1 in the replay, seat 0 in the save"),
    ("the doubter", lambda d: d["reveals"][0].update(doubter=2),
     r"reveals\[0\] .*: doubter: seat 1 in the replay, seat 2 in the save"),
    ("a reveal's deal", lambda d: d["reveals"][0].update(deal=1), r"reveals\[0\] .*: deal: 1 in the replay, 2 in the save"),
    ("a reveal removed", lambda d: d["reveals"].pop(), "shows the red cards, but the save holds no reveal"),
    ("a reveal added", lambda d: d["reveals"].append(d["reveals"][0]),
     r"reveals\[1\] shows a doubt that the actions do not make"),
    ("the seat to act", lambda d: d.update(to_act=3), "to_act is 3, but after the actions it is seat 2's turn"),
    ("a deal added", lambda d: d["deals"].append(d["deals"][0]), "the save holds 2 deals, but the actions reach deal 1"),
    ("the deals removed", lambda d: d.update(deals=[]), "the first deal is missing"),
    ("a deal's colour removed", lambda d: d["deals"][0]["piles"].pop("red"), r'deals\[0\].piles: key "red" missing'),
    ("a target in a game that ended", lambda d: d["game"].update(target=10),
     "the check does not match"),
    ("the last call", lambda d: d["actions"][-1].__setitem__(2, 6), "the check does not match"),
    ("the check", lambda d: d.update(check="0" * 16), "the check does not match"),
    ("version 1.0", lambda d: d.update(version=1.0), "this file is version 1.0 of the Hochstapler save format"),
    ("version true", lambda d: d.update(version=True), "this file is version true"),
    ('version "2"', lambda d: d.update(version="2"), 'this file is version "2"'),
    ("version 3", lambda d: d.update(version=3), "this file is version 3 .* reads versions 1 and 2"),
    ("another format", lambda d: d.update(format="bluffmath/gauner-game"), "not a saved Hochstapler game"),
    ("an unknown key", lambda d: d.update(cheat=True), 'unknown key "cheat"'),
    ("a misspelt key", lambda d: d.update(action=d.pop("actions")), r'unknown key "action" \(did you mean "actions"\?\)'),
    ("a seed as text", lambda d: d.update(seed="3"), "seed must be a whole number from 0 to"),
    ("a seed as a float", lambda d: d.update(seed=3.0), "seed must be a whole number from 0 to .*; found 3.0"),
    ("a card as a bool", lambda d: d["deals"][0]["hands"]["red"].__setitem__(0, True),
     r'deals\[0\].hands.red\[0\] must be a whole number from 0 to 7; found true'),
    ("an unknown action", lambda d: d["actions"][0].__setitem__(0, "pass"), r'actions\[0\]\[0\]: "pass" is not allowed'),
]


@pytest.mark.parametrize(("edit", "message"), [(e, m) for _, e, m in EDITS], ids=[n for n, _, _ in EDITS])
def test_an_edited_save_is_refused_naming_what_disagrees(edit, message):
    with pytest.raises(SaveFileError, match=message):
        load_game(edited(mid_game(), edit))


def leaves(data, here=()):
    """Every leaf of a JSON tree, as a path of keys and indices."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*here, key))
    elif isinstance(data, list) and data:
        for i, value in enumerate(data):
            yield from leaves(value, (*here, i))
    else:
        yield here


def containers(data, here=()):
    if isinstance(data, dict):
        yield here
        for key, value in data.items():
            yield from containers(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from containers(value, (*here, i))


def at(data, path):
    for step in path:
        data = data[step]
    return data


def single_edits(data):
    """Each save with one leaf changed (+-1, other text, null), a key removed or added."""
    for path in leaves(data):
        value = at(data, path)
        if isinstance(value, int) and not isinstance(value, bool):
            changes = [value + 1, value - 1]
        elif isinstance(value, str):
            changes = [value + "x", value.upper()]
        else:
            changes = [0]
        for change in changes:
            copied = copy.deepcopy(data)
            at(copied, path[:-1])[path[-1]] = change
            yield path, copied
    for path in containers(data):
        for key in list(at(data, path)):
            copied = copy.deepcopy(data)
            del at(copied, path)[key]
            yield (*path, key), copied
        copied = copy.deepcopy(data)
        at(copied, path)["extra"] = 0
        yield (*path, "extra"), copied


@pytest.mark.parametrize("state", [mid_game(), STATES[-1], STATES[-40], Game(5).new_game(seed=2, opener=3)],
                         ids=["mid-game", "multi-deal end", "multi-deal late", "fresh"])
def test_every_single_edit_of_a_save_is_refused(state):
    data = json.loads(save_game(state))
    edits = list(single_edits(data))
    if len(edits) > 150:  # a long game: a sample
        edits = random.Random(0).sample(edits, 150)
    tried = 0
    for _path, copied in edits:
        with pytest.raises(SaveFileError):
            load_game(json.dumps(copied))
        tried += 1
    assert tried > 50


def test_a_target_is_checked_where_it_ends_the_game():
    end = next(s for s in reversed(STATES) if s.is_terminal and s.game.target)
    top = max(end.scores)
    for target in (top + 1, top + 5):  # the game would have gone on
        with pytest.raises(SaveFileError, match=r"the actions reach deal|missing from the save's deals"):
            load_game(edited(end, lambda d, t=target: d["game"].update(target=t)))
    with pytest.raises(SaveFileError):  # a one-deal game cannot hold a second deal
        load_game(edited(end, lambda d: d["game"].update(target=None)))


# --- version 1 --------------------------------------------------------------------------------

# Written by bluffmath's version-1 writer (git history: hochstapler/saves.py) for mid_game().
V1_MID_GAME = (
    '{"format": "bluffmath/hochstapler-game", "version": 1, "game": {"players": 4, "target": null}, '
    '"seed": 3, "deal": 0, "to_act": 2, "hands": {"orange": [2, 4, 3, 0], "yellow": [1, 5, 0, 0], '
    '"green": [1, 4, 2, 4], "blue": [1, 2, 5, 2], "purple": [4, 3, 0, 6], "black": [3, 2, 7, 2]}, '
    '"piles": {"orange": [2, 3, 5, 1, 1, 4, 0, 6, 5, 7, 0], "yellow": [3, 3, 2, 7, 2, 6, 5, 4, 4, 1, 0], '
    '"green": [0, 3, 3, 5, 7, 0, 1, 5, 2, 6, 0], "blue": [1, 4, 3, 6, 7, 3, 5, 0, 0, 4], '
    '"purple": [4, 7, 2, 2, 1, 5, 1, 3, 5, 0, 0], "black": [0, 6, 0, 5, 4, 0, 1, 5, 3, 1, 4]}, '
    '"history": [["exchange", 0, "red", 6], ["call", 0, 8, "red"], ["doubt", 1], '
    '["exchange", 1, "blue", 0], ["call", 1, 5, "green"]], '
    '"reveals": [{"deal": 0, "call": ["call", 0, 8, "red"], "doubter": 1, "cards": [3, 7, 0, 5], "taker": 1}]}'
)


def v1_text(state):
    """A state in the version-1 layout: a snapshot of the current deal."""
    def event(e):
        if type(e).__name__ == "Call":
            return ["call", e.seat, e.total, e.colour]
        if type(e).__name__ == "Exchange":
            return ["exchange", e.seat, e.colour, e.value]
        return ["doubt", e.seat]
    return json.dumps({
        "format": "bluffmath/hochstapler-game", "version": 1,
        "game": {"players": state.players, "target": state.game.target},
        "seed": state.seed, "deal": state.deal, "to_act": state.to_act,
        "hands": {c: list(v) for c, v in state.hands.items()},
        "piles": {c: list(v) for c, v in state.piles.items()},
        "history": [event(e) for e in state.history],
        "reveals": [{"deal": r.deal, "call": event(r.call), "doubter": r.doubter,
                     "cards": list(r.cards), "taker": r.taker} for r in state.reveals],
    })


def test_a_version_1_save_of_the_old_writer_loads():
    assert v1_text(mid_game()) == V1_MID_GAME
    assert load_game(V1_MID_GAME) == mid_game()
    assert json.loads(save_game(load_game(V1_MID_GAME)))["version"] == 2


def test_version_1_saves_of_a_first_deal_load_and_of_a_later_deal_are_refused():
    loaded = refused = 0
    for state in STATES:
        if state.deal == 0:
            assert load_game(v1_text(state)) == state
            loaded += 1
        else:
            with pytest.raises(SaveFileError, match=f"version-1 save is of deal {state.deal + 1} of a "
                                                    "multi-deal game; version 1 kept only the current"):
                load_game(v1_text(state))
            refused += 1
    assert loaded > 100
    assert refused > 10


V1_EDITS = [
    ("a hand card", lambda d: other_card(d["hands"]["green"], 1), "the green hands are not what seed 3"),
    ("a pile card", lambda d: other_card(d["piles"]["black"], 0), "the black piles are not what seed 3"),
    ("a swap in a pile", lambda d: d["piles"]["black"].reverse(), "the black piles"),
    ("the seed", lambda d: d.update(seed=4), "action 1 .* cannot happen: seat 0's red card was 0, not 6"),
    ("a call", lambda d: d["history"][1].__setitem__(2, 9), r"reveals\[0\] is not what action 3"),
    ("a reveal", lambda d: other_card(d["reveals"][0]["cards"], 0), r"reveals\[0\]"),
    ("to_act", lambda d: d.update(to_act=3), "to_act is 3"),
    ("an unknown colour", lambda d: d["hands"].update(pink=[0, 0, 0, 0]), 'unknown colour "pink"'),
    ("a version 1.0", lambda d: d.update(version=1.0), "version 1.0"),
]


@pytest.mark.parametrize(("edit", "message"), [(e, m) for _, e, m in V1_EDITS], ids=[n for n, _, _ in V1_EDITS])
def test_an_edited_version_1_save_is_refused(edit, message):
    data = json.loads(V1_MID_GAME)
    edit(data)
    with pytest.raises(SaveFileError, match=message):
        load_game(json.dumps(data))


# --- what is not a save ---------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "", "{", "[]", "null", "7", '"a game"', '{"format": 3}',
    save_game(mid_game())[:-20], '{"format": "bluffmath/hochstapler-game"}',
    '{"format": "bluffmath/hochstapler-game", "format": "bluffmath/hochstapler-game", "version": 2}',
    None, 7, ["a"], b"\xff\xfe", '{"format": "bluffmath/hochstapler-game", "version": 2, "seed": NaN}',
    '{"format": "bluffmath/hochstapler-game", "version": 2, "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
    '{"format": "bluffmath/hochstapler-game", "version": 2, "seed": 1' + "0" * 5000 + "}",
])
def test_what_is_not_a_save_is_refused(text):
    with pytest.raises(SaveFileError):
        load_game(text)


def test_too_many_actions_are_refused_before_any_replay():
    data = json.loads(save_game(mid_game()))
    data["actions"] = [["doubt", 0]] * 100_001
    with pytest.raises(SaveFileError, match="100,001 items; at most 100,000"):
        load_game(json.dumps(data))


def test_what_is_not_a_state_cannot_be_saved():
    with pytest.raises(InvalidInputError, match="save_game saves a Hochstapler State, got dict"):
        save_game({"format": "bluffmath/hochstapler-game"})


# --- a State built by hand is checked as a save is ---------------------------------------------


def test_a_state_built_by_hand_must_be_one_its_events_reach():
    state = mid_game()
    assert dataclasses.replace(state) == state
    with pytest.raises(InvalidInputError, match="to_act is not what the game's events give"):
        dataclasses.replace(state, to_act=3)
    with pytest.raises(InvalidInputError, match="hands is not what"):
        dataclasses.replace(state, hands={**state.hands, "blue": (7, 7, 7, 7)})
    with pytest.raises(InvalidInputError, match="seed must be a whole number"):
        dataclasses.replace(state, seed=-1)
    with pytest.raises(InvalidInputError, match="history must be a tuple"):
        dataclasses.replace(state, history=["a call"])
    with pytest.raises(InvalidInputError, match="game must be a Game"):
        dataclasses.replace(state, game="4 players")
    # True == 1: the state keeps the engine's ints, so a save never writes true
    odd = dataclasses.replace(state, to_act=True if state.to_act == 1 else state.to_act)
    assert type(odd.to_act) is int


# --- corruptions generated by hypothesis -------------------------------------------------------

KEYS = ("format", "version", "game", "players", "target", "seed", "opener", "actions", "deals",
        "hands", "piles", "reveals", "to_act", "deal", "call", "doubter", "cards", "taker")
LEAVES = (st.none() | st.booleans() | st.integers(-2, 40) | st.floats(allow_nan=False)
          | st.sampled_from((*COLOURS, *KEYS, "call", "exchange", "doubt", "bluffmath/hochstapler-game"))
          | st.text(max_size=4))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=3), inner, max_size=3),
                      max_leaves=6)


def places(data, here=()):
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from places(value, (*here, i))


SAMPLE = STATES[::9]


@st.composite
def corrupted_saves(draw):
    state = draw(st.sampled_from(SAMPLE))
    data = json.loads(save_game(state))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(places(data))[1:]))
        parent = at(data, where[:-1])
        key = where[-1]
        how = draw(st.sampled_from(["replace", "nudge", "delete", "insert", "swap"]))
        if how == "replace":
            parent[key] = draw(VALUES)
        elif how == "nudge" and isinstance(parent[key], int):
            parent[key] += draw(st.sampled_from([-1, 1]))
        elif how == "delete":
            del parent[key]
        elif how == "insert" and isinstance(parent, list):
            parent.insert(key, draw(VALUES))
        elif how == "insert":
            parent[draw(st.sampled_from(KEYS))] = draw(VALUES)
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
    return state, json.dumps(data)


@settings(max_examples=300, deadline=None)
@given(corrupted_saves())
def test_a_corrupted_save_is_refused_or_is_a_whole_game(case):
    _, text = case
    try:
        loaded = load_game(text)
    except SaveFileError:
        return
    # what loads is a game the engine plays: its own save gives it back
    assert load_game(save_game(loaded)) == loaded
    assert sum(loaded.scores) == len(loaded.reveals)


# --- figures ---------------------------------------------------------------------------------


def test_a_long_game_saves_and_loads_in_well_under_a_second():
    end = play_game(Game(7, target=100), [RandomBot()] * 7, seed=3)
    assert len(end.events) > 2000
    start = time.perf_counter()
    text = save_game(end)
    loaded = load_game(text)
    assert time.perf_counter() - start < 2  # about 0.15 s on one core of a small machine
    assert loaded == end
