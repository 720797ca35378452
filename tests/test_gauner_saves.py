"""Gauner raus! saves (``bluffmath.gauner.saves``): a log that loading replays and checks.

A round trip loses nothing, over many bot games of 2-4 players, plain and brave, at the
end and halfway; every single edit of a save (a card of the deal, the seed, a number, an
action, an outcome, the points, the version, the players, the variant) is refused with a
:class:`~bluffmath.errors.SaveFileError` naming where; version-1 saves, written as the
earlier bluffmath wrote them, still load.
"""

from __future__ import annotations

import json

import pytest
from hostile import hostile_values, mutations, outcome

from bluffmath.errors import BluffmathError, SaveFileError
from bluffmath.gauner import (
    GRID,
    HAND_SIZE,
    Game,
    RandomBot,
    SolverBot,
    State,
    load_game,
    play_game,
    save_game,
)
from bluffmath.gauner.game import Ask

GAMES = [(players, brave, seed) for players in (2, 3, 4) for brave in (False, True) for seed in range(6)]


def bot_game(players: int, brave: bool, seed: int) -> State:
    bots = [RandomBot(seed=seed * 10 + s, go_on=0.6) for s in range(players)]
    return play_game(Game(players, brave), bots, seed)


def replay_to(end: State, count: int) -> State:
    """The game ``end`` after its first ``count`` actions, replayed by the engine."""
    state = end.game.new_game(end.seed)
    for action in end.actions[:count]:
        state = state.apply(action)
    return state


@pytest.mark.parametrize(("players", "brave", "seed"), GAMES)
def test_a_round_trip_loses_nothing_at_the_end_and_halfway(players, brave, seed):
    end = bot_game(players, brave, seed)
    assert end.is_terminal
    for state in (end, replay_to(end, len(end.actions) // 2), replay_to(end, 0)):
        text = save_game(state)
        loaded = load_game(text)
        assert loaded == state
        assert loaded.actions == state.actions
        assert loaded.numbers == state.numbers
        assert save_game(loaded) == text
        data = json.loads(text)
        assert data["version"] == 2
        # The log is what happened, independently recounted here:
        hands = [set(map(GRID.index, h)) for h in data["deal"]["hands"]]
        assert all(len(h) == HAND_SIZE[players] for h in hands)
        assert set().union(*hands) | set(map(GRID.index, data["deal"]["surplus"])) == set(GRID.cells)
        assert hands == [h | laid for h, laid in zip(state.hidden, state.laid, strict=True)]
        hits = [a for a in data["actions"] if a[0] == "guess" and a[3] == "hit"]
        assert len(hits) == sum(len(laid) for laid in state.laid)
        for seat, numbers in enumerate(data["numbers"]):  # every number true of the seat's cards
            for cell, n in numbers:
                assert n == len(GRID.cross(GRID.index(cell)) & hands[seat])
        assert data["scores"] == list(state.scores)
        if not state.is_terminal:
            assert data["winners"] == []


def test_solver_games_round_trip_too():
    for players in (2, 3):
        end = play_game(Game(players, brave=True), [SolverBot()] * players, seed=players)
        assert load_game(save_game(end)) == end


def saved(players=3, brave=True, seed=2) -> dict:
    return json.loads(save_game(bot_game(players, brave, seed)))


@pytest.mark.parametrize(("players", "brave"), [(2, True), (3, False), (4, True)])
def test_every_single_edit_of_a_save_is_refused(players, brave):
    data = json.loads(save_game(replay_to(bot_game(players, brave, 1), 30)))
    tried = 0
    for what, edited in mutations(data):
        kind, result = outcome(lambda e=edited: load_game(json.dumps(e)), SaveFileError)
        assert kind == "refused", f"{what}: {kind} {result!r}"
        tried += 1
    assert tried > 300


def refused(data: dict, *words: str) -> str:
    with pytest.raises(SaveFileError) as caught:
        load_game(json.dumps(data))
    for word in words:
        assert word in str(caught.value), f"{word!r} not in {caught.value}"
    return str(caught.value)


def test_an_edited_seed_is_named_by_the_deal():
    data = saved()
    data["seed"] += 1
    refused(data, "deal.hands[", f"seed {data['seed']} deals it to")


def test_an_edited_card_of_the_deal_is_named():
    data = saved()
    hand, surplus = data["deal"]["hands"][1], data["deal"]["surplus"]
    hand[0], surplus[0] = surplus[0], hand[0]
    refused(data, "deal.hands[1]", "seat 1's hand holds", "the surplus")


def test_an_edited_action_is_named_by_its_place():
    data = saved()
    first = next(i for i, a in enumerate(data["actions"]) if a[0] == "guess")
    _seat, cell = data["actions"][first][1:3]
    others = [c for c in GRID.cells if GRID.name(c) != cell]
    data["actions"][first][2] = GRID.name(others[0])
    message = refused(data, f"actions[{first}]")
    assert "hit" in message or "miss" in message or "points" in message or "refuse" in message


def test_an_edited_outcome_is_named():
    data = saved()
    first = next(i for i, a in enumerate(data["actions"]) if a[0] == "guess" and a[3] == "hit")
    data["actions"][first][3] = "miss"
    refused(data, f"actions[{first}]", "the save says this guess missed", "the replay gives a hit")


def test_edited_points_are_named():
    data = saved(brave=False)
    first = next(i for i, a in enumerate(data["actions"]) if a[0] == "guess" and a[3] == "hit")
    data["actions"][first][4] += 1
    refused(data, f"actions[{first}]", "points after this action")


def test_an_edited_number_is_named_with_the_roll_that_writes_it():
    data = saved()
    cell, n = data["numbers"][2][0]
    data["numbers"][2][0] = [cell, n + 1 if n < 10 else n - 1]
    refused(data, "numbers[2][0]", "after the setup the replay writes")


def test_flipping_brave_is_refused():
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        data = saved(players, True, seed)
        data["brave"] = False
        refused(data)


def test_flipping_brave_before_any_point_is_refused_by_the_check():
    data = json.loads(save_game(Game(2, brave=True).new_game(3)))
    data["brave"] = False
    refused(data, "changed after it was saved")


def test_edited_players_are_refused():
    data = saved(players=3)
    data["players"] = 4
    refused(data, "deal.hands must be a list of 4")


@pytest.mark.parametrize(("version", "words"), [
    (True, ["version must be a whole number", "found true"]),
    (2.0, ["version must be a whole number", "found 2.0"]),
    ("2", ["version must be a whole number", 'found "2"']),
    (None, ["version must be a whole number", "found null"]),
    (0, ["version must be a whole number from 1 to 2"]),
    (3, ["this save has version 3", "versions 1 to 2"]),
    (1, ['unknown key "deal"']),
])
def test_versions_are_json_integers_that_this_bluffmath_reads(version, words):
    data = saved()
    data["version"] = version
    refused(data, *words)


def test_the_format_is_checked_first():
    refused({"format": "bluffmath-gauner-rau", "version": 2}, 'did you mean "bluffmath-gauner-raus"')
    refused({"version": 2}, 'key "format" missing')
    refused([], "a JSON object")


# --- version 1, as the earlier bluffmath wrote it ---------------------------------------------------

def old_save(state: State) -> str:
    """The version-1 writer of bluffmath before layout 2 (``git show 97bae9f:bluffmath/gauner/saves.py``)."""
    actions = [["guess", a.seat, GRID.name(a.cell)] if isinstance(a, Ask) else ["stop"] for a in state.actions]
    return json.dumps({"format": "bluffmath-gauner-raus", "version": 1, "players": state.players,
                       "brave": state.game.brave, "seed": state.seed, "actions": actions})


@pytest.mark.parametrize(("players", "brave", "seed"), GAMES[::5])
def test_version_1_saves_still_load_and_are_saved_again_as_version_2(players, brave, seed):
    end = bot_game(players, brave, seed)
    loaded = load_game(old_save(end))
    assert loaded == end
    assert json.loads(save_game(loaded))["version"] == 2


def test_version_1_saves_are_still_replayed_by_the_rules():
    end = bot_game(2, False, 1)
    data = json.loads(old_save(end))
    data["actions"].insert(0, ["stop"])
    refused(data, "actions[0]", "the rules refuse this action", "at least one guess")
    data = json.loads(old_save(end))
    data["actions"].append(["stop"])
    refused(data, f"actions[{len(end.actions)}]", "the game is over")
    data = json.loads(old_save(end))
    data["colour"] = "red"
    refused(data, 'unknown key "colour"')
    data = json.loads(old_save(end))
    data["actions"][0] = ["guess", 1, "red-A", "hit", 1]
    refused(data, "actions[0]", '["guess", seat, cell] or ["stop"]')


# --- the winners (docs/reference/rulings.md: none before the end, a tie shares the win) -----------------------------

def test_no_winner_before_the_end_and_ties_share_the_win():
    ties = 0
    for players, brave, seed in GAMES:
        end = bot_game(players, brave, seed)
        for count in range(len(end.actions)):
            assert replay_to(end, count).winners == ()
        best = max(end.scores)
        assert end.winners == tuple(s for s in range(players) if end.scores[s] == best)
        assert end.winners
        ties += len(end.winners) > 1
    assert ties >= 1, "no tie among these games: the test lost its point"


def test_a_new_game_has_no_winner():
    for players in (2, 3, 4):
        state = Game(players).new_game(0)
        assert state.scores == (0,) * players
        assert state.winners == ()


# --- hostile input ------------------------------------------------------------------------------

@pytest.mark.parametrize("function", [load_game, save_game], ids=lambda f: f.__name__)
def test_hostile_values_end_in_a_bluffmath_error(function):
    for value in hostile_values():
        kind, result = outcome(lambda v=value: function(v))
        assert kind == "refused", f"{value!r}: {kind} {result!r}"
        assert isinstance(result, BluffmathError)


@pytest.mark.parametrize("text", [
    "", "[", "null", "3", '"x"', "{}", '{"format": "bluffmath-gauner-raus"}',
    '{"format": "bluffmath-gauner-raus", "version": 2, "version": 2}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": 1, '
    '"actions": [["guess", 1, "red-A"]], "actions": []}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": 0, "seed": 1, "actions": []}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": -1, "actions": []}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": 18446744073709551616, '
    '"actions": []}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": 1, '
    '"actions": [["guess", 1, "red-G"]]}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": 1, '
    '"actions": [["guess", true, "red-A"]]}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": 1, '
    '"actions": [["guess", 1.0, "red-A"]]}',
    '{"format": "bluffmath-gauner-raus", "version": 1, "players": 2, "brave": false, "seed": 1, '
    '"actions": ' + "[" * 70 + "]" * 70 + "}",
])
def test_malformed_saves_are_refused(text):
    kind, result = outcome(lambda: load_game(text), SaveFileError)
    assert kind == "refused", f"{kind} {result!r}"


def test_the_largest_seed_plays_and_saves():
    state = Game(2).new_game(2**64 - 1)
    assert load_game(save_game(state)) == state
    with pytest.raises(BluffmathError, match="seed must be a whole number from 0 to 18446744073709551615"):
        Game(2).new_game(2**64)
