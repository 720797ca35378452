"""Gauner raus! positions (``bluffmath.gauner.position``): the JSON form read and written
back unchanged, and every kind of malformed input refused with a message that says what
is wrong and what is allowed.

Malformed input is an :class:`~bluffmath.errors.InvalidInputError` (a ``ValueError``);
a well-formed position that no deal fits is a different error, tested in
``test_gauner_reasons.py``. Messages are checked by fragments, so rewording the rest of a
message does not break these tests.
"""

from __future__ import annotations

import copy
import json

import pytest

from bluffmath.errors import BluffmathError, InconsistentEvidenceError, InvalidInputError
from bluffmath.gauner import GRID, HAND_SIZE, Position, Table, random_positions, solve

# --- the JSON form, there and back --------------------------------------------------------

GAMES = [(players, seed, me) for players in (2, 3, 4) for seed in range(4) for me in (0, players - 1)]


@pytest.mark.parametrize(("players", "seed", "me"), GAMES)
def test_every_position_of_a_game_survives_the_round_trip(players, seed, me):
    positions = [p for p, _ in random_positions(players, seed, me=me)]
    assert len(positions) > 5
    for p in positions:
        data = p.to_json()
        assert Position.from_json(data) == p
        assert Position.from_json(p.dumps()) == p
        assert Position.from_json(json.dumps(data, indent=2)) == p
        assert json.loads(p.dumps()) == data
        # Written back, the text is the same: the JSON form is canonical.
        assert Position.from_json(p.dumps()).dumps() == p.dumps()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_json_form_is_plain_and_sorted(players):
    *_, (p, _) = random_positions(players, seed=7)  # the last position: laid cards and marks
    data = json.loads(p.dumps())
    assert list(data) == ["game", "players", "me", "hand", "tables"]
    assert (data["game"], data["players"], data["me"]) == ("gauner-raus", players, 0)
    assert len(data["tables"]) == players
    assert any(t["laid"] for t in data["tables"])
    assert any(t["not_mine"] for t in data["tables"])

    def in_grid_order(names):
        return [GRID.index(n) for n in names] == sorted(GRID.index(n) for n in names)

    assert in_grid_order(data["hand"])
    for seat, table in enumerate(data["tables"]):
        assert list(table) == ["numbers", "laid", "not_mine"]
        assert in_grid_order(table["numbers"])
        assert in_grid_order(table["laid"])
        assert in_grid_order(table["not_mine"])
        assert all(isinstance(n, int) and 0 <= n <= HAND_SIZE[players] for n in table["numbers"].values())
        assert {GRID.index(c): n for c, n in table["numbers"].items()} == dict(p.tables[seat].numbers)


def test_leaving_out_me_and_the_empty_parts_of_a_table():
    data = base()
    del data["me"]
    data["tables"][2] = {}
    p = Position.from_json(data)
    assert p.me == 0
    assert p.tables[2] == Table()
    assert p.to_json()["tables"][2] == {"numbers": {}, "laid": [], "not_mine": []}
    assert Position.from_json(p.to_json()) == p


def test_the_position_read_is_the_one_written():
    p = Position.from_json(base())
    assert p.players == 3
    assert p.me == 0
    assert p.hand == frozenset(GRID.index(c) for c in base()["hand"])
    assert p.tables[0].laid == {GRID.index("yellow-D")}
    assert p.tables[1].numbers == {GRID.index("blue-C"): 4}
    assert p.tables[2].not_mine == {GRID.index("green-F"), GRID.index("yellow-D")}
    assert p.hidden(0) == 9
    assert p.hidden(1) == 9
    assert p.hidden(2) == 10
    assert len(p.unknown) == 36 - 9 - 2
    solve(p)  # the base position is well formed and true of some deal


# --- malformed input ----------------------------------------------------------------------

def base() -> dict:
    """A well-formed 3-player position (10 cards each) that the mutations below break.

    I hold the red row and yellow-A to yellow-C, and have laid yellow-D; seat 1 has laid
    green-F. My numbers are true: green-A counts red-A and yellow-A; red-C counts the
    red row and yellow-C.
    """
    return {
        "game": "gauner-raus", "players": 3, "me": 0,
        "hand": ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F", "yellow-A", "yellow-B", "yellow-C"],
        "tables": [
            {"numbers": {"green-A": 2, "red-C": 7}, "laid": ["yellow-D"], "not_mine": ["green-F"]},
            {"numbers": {"blue-C": 4}, "laid": ["green-F"], "not_mine": ["orange-B", "yellow-D"]},
            {"numbers": {"blue-C": 2, "purple-E": 5}, "not_mine": ["green-F", "yellow-D"]},
        ],
    }


def changed(**changes):
    """``base()`` with top-level keys replaced (``drop=`` names keys to delete)."""
    data = base()
    for key in changes.pop("drop", ()):
        del data[key]
    data.update(changes)
    return data


def table(seat, **changes):
    """``base()`` with some keys of one seat's table replaced."""
    data = base()
    data["tables"][seat].update(changes)
    return data


NOT_A_CELL = ["is not a cell", "red, yellow, green, blue, purple, orange", "A-F", '"red-A"']
NUMBER_1 = 'tables[1].numbers["blue-C"]'
MALFORMED = [
    # unknown cell names, wherever they stand: the path, the cell found, a near miss, what is allowed
    ("a colour that is not one", changed(hand=[*base()["hand"][:-1], "pink-C"]),
     ["hand[8]", '"pink-C"', *NOT_A_CELL]),
    ("a letter that is not one", table(1, numbers={"red-G": 1}),
     ['tables[1].numbers["red-G"]', '"red-G"', 'did you mean "red-F"', *NOT_A_CELL]),
    ("capitals", table(1, laid=["Green-F"]), ["tables[1].laid[0]", '"Green-F"', 'did you mean "green-F"', *NOT_A_CELL]),
    ("no hyphen", table(2, not_mine=["green F"]), ["tables[2].not_mine[0]", '"green F"', *NOT_A_CELL]),
    ("a cell number", table(2, not_mine=[17]), ["tables[2].not_mine[0]", "found 17", "a cell", '"red-A"']),
    # a card in two places
    ("in my hand and laid by an opponent", table(1, laid=["green-F", "red-B"]),
     ["tables[1].laid", "red-B", "two places", "your hand", "seat 1's laid"]),
    ("laid by two opponents", table(2, laid=["green-F"]),
     ["tables[2].laid", "green-F", "two places", "seat 1", "seat 2"]),
    ("in my hand and laid by me", table(0, laid=["yellow-D", "red-A"]),
     ["red-A", "two places", "your hand", "seat 0"]),
    ("twice in my hand", changed(hand=[*base()["hand"][:-1], "red-A"]),
     ["hand[8]", "red-A", "twice", "hand[0]"]),
    ("twice in one seat's marks", table(1, not_mine=["orange-B", "orange-B"]),
     ["tables[1].not_mine[1]", "orange-B", "twice"]),
    # numbers out of range
    ("a number above any cross", table(1, numbers={"blue-C": 12}), [NUMBER_1, "from 0 to 10", "12"]),
    ("a number above the hand size", table(2, numbers={"purple-E": 11}),
     ['tables[2].numbers["purple-E"]', "found 11", "from 0 to 10"]),
    ("a negative number", table(1, numbers={"blue-C": -1}), [NUMBER_1, "from 0 to", "-1"]),
    ("a number as text", table(1, numbers={"blue-C": "4"}), [NUMBER_1, "whole number", 'found "4"']),
    ("a number as a float", table(1, numbers={"blue-C": 4.0}), [NUMBER_1, "whole number", "found 4.0"]),
    ("a number as true", table(1, numbers={"blue-C": True}), [NUMBER_1, "whole number", "found true"]),
    ("too many laid cards", table(2, laid=[f"{c}-{x}" for c in ("blue", "purple") for x in "ABCDEF"][:11]),
     ["tables[2].laid", "seat 2", "11 laid cards", "10", "3 players"]),
    # positions no game can reach
    ("more marks than cards a seat lacks", table(2, not_mine=[c for c in [f"{a}-{x}" for a in (
        "red", "yellow", "green", "blue", "purple") for x in "ABCDEF"] if c != "yellow-D"][:27]),
     ["tables[2].not_mine", "27", "at most 26"]),
    # the tables
    ("a table too few", changed(tables=base()["tables"][:2]), ["tables", "holds 2", "one table per player (3)"]),
    ("a table too many", changed(tables=[*base()["tables"], {}]), ["tables", "holds 4", "one table per player (3)"]),
    ("tables not a list", changed(tables={"0": {}}), ["tables must be a list of 3", "found an object"]),
    ("a table not an object", changed(tables=[base()["tables"][0], [], {}]),
     ["tables[1] must be an object", "numbers, laid, not_mine"]),
    ("numbers not an object", table(1, numbers=[4]),
     ["tables[1].numbers must be an object", "mapping cells to numbers", '"blue-C": 4']),
    ("laid not a list", table(1, laid="green-F"), ["tables[1].laid must be a list", 'found "green-F"']),
    # my hand and my own table
    ("a card short", changed(hand=base()["hand"][:-1]),
     ["hand:", "your hidden cards (8)", "laid cards (1)", "10", "3 players"]),
    ("a card too many", changed(hand=[*base()["hand"], "orange-F"]),
     ["your hidden cards (10)", "laid cards (1)", "10"]),
    ("laid on top of a full hand", table(0, laid=["yellow-D", "yellow-E"]),
     ["your hidden cards (9)", "laid cards (2)", "must make 10"]),
    ("my own number wrong", table(0, numbers={"green-A": 3, "red-C": 7}),
     ['tables[0].numbers["green-A"]', "your number at green-A is 3", "give 2"]),
    ("my own number forgets my laid card", table(0, numbers={"yellow-E": 4}),
     ["your number at yellow-E is 4", "give 5"]),
    ("my table marks my own card", table(0, not_mine=["green-F", "red-E"]),
     ["tables[0].not_mine", "red-E", "not mine", "your hand"]),
    # the envelope
    ("another game", changed(game="hochstapler"), ["game:", '"hochstapler" is not allowed', "gauner-raus"]),
    ("a misspelt game", changed(game="gauner_raus"), ['did you mean "gauner-raus"']),
    ("no game", changed(drop=["game"]), ['key "game" missing']),
    ("no hand", changed(drop=["hand"]), ['key "hand" missing']),
    ("five players", changed(players=5), ["players", "from 2 to 4", "5"]),
    ("one player", changed(players=1), ["players", "from 2 to 4", "1"]),
    ("players as text", changed(players="3"), ["players", "from 2 to 4", '"3"']),
    ("players as true", changed(players=True), ["players", "from 2 to 4", "found true"]),
    ("players as 3.0", changed(players=3.0), ["players", "from 2 to 4", "found 3.0"]),
    ("me out of range", changed(me=3), ["me must be a whole number from 0 to 2", "3"]),
    ("me negative", changed(me=-1), ["me must be a whole number from 0 to 2", "-1"]),
    ("an unknown key", changed(colour="red"), ['unknown key "colour"', "allowed", "hand", "tables"]),
    ("a misspelt key", changed(tabels=[], drop=["tables"]), ['unknown key "tabels"', 'did you mean "tables"']),
    ("an unknown key in a table", table(2, notmine=["red-A"]),
     ["tables[2]", 'unknown key "notmine"', 'did you mean "not_mine"', "allowed", "numbers"]),
]


@pytest.mark.parametrize(("data", "words"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_malformed_input_says_what_is_wrong(data, words):
    for given in (data, json.dumps(data)):
        with pytest.raises(InvalidInputError) as caught:
            Position.from_json(given)
        message = str(caught.value)
        for word in words:
            assert word in message, f"{word!r} not in {message!r}"
        assert "\n" not in message
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, BluffmathError)
    assert not isinstance(caught.value, InconsistentEvidenceError)
    with pytest.raises(InvalidInputError):  # solve() reads JSON the same way
        solve(data)


@pytest.mark.parametrize(("text", "words"), [
    ("{", ["a position must be JSON", "line 1 column 2"]),
    ("", ["a position must be JSON"]),
    ("players: 3", ["a position must be JSON"]),
    ('{"game": "gauner-raus",}', ["a position must be JSON"]),
    ("[1, 2]", ["a position must be a JSON object", "found a list"]),
    ('"gauner-raus"', ["a position must be a JSON object", 'found "gauner-raus"']),
    ("3", ["a position must be a JSON object", "found 3"]),
    ('{"game": "gauner-raus", "game": "gauner-raus"}', ['"game" appears twice']),
])
def test_text_that_is_not_a_json_object(text, words):
    with pytest.raises(InvalidInputError) as caught:
        Position.from_json(text)
    for word in words:
        assert word in str(caught.value)


HAND_2 = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
          "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]


@pytest.mark.parametrize(("players", "number"), [(4, 9), (3, 11), (2, 13)])
def test_a_number_above_the_hand_size(players, number):
    data = {"game": "gauner-raus", "players": players, "me": 0, "hand": HAND_2[:HAND_SIZE[players]],
            "tables": [{}] * (players - 1) + [{"numbers": {"green-A": number}}]}
    with pytest.raises(InvalidInputError, match=str(number)):
        Position.from_json(data)
    data["tables"][-1]["numbers"]["green-A"] = min(11, HAND_SIZE[players])  # the most a cross can count
    Position.from_json(data)


def test_a_number_above_any_cross_with_two_players():
    data = {"game": "gauner-raus", "players": 2, "me": 0, "hand": HAND_2,
            "tables": [{}, {"numbers": {"green-A": 12}}]}
    with pytest.raises(InvalidInputError, match="12"):
        Position.from_json(data)


def test_the_base_position_breaks_only_where_it_was_changed():
    # Every mutation above starts from a valid position: its error is that mutation's.
    Position.from_json(base())
    Position.from_json(json.dumps(base()))
    data = copy.deepcopy(base())
    data["tables"][1]["not_mine"].append("red-A")  # an opponent's mark on my card is harmless
    Position.from_json(data)


def test_building_a_position_directly_is_checked_too():
    p = Position.from_json(base())
    with pytest.raises(InvalidInputError, match="players must be a whole number from 2 to 4, got 5"):
        Position(5, 0, p.hand, p.tables)
    with pytest.raises(InvalidInputError, match="me must be a whole number from 0 to 2, got 3"):
        Position(3, 3, p.hand, p.tables)
    with pytest.raises(InvalidInputError, match=r"one table per player \(3\), got 2"):
        Position(3, 0, p.hand, p.tables[:2])
    with pytest.raises(InvalidInputError, match=r"your hidden cards \(8\)"):
        Position(3, 0, p.hand - {0}, p.tables)


@pytest.mark.parametrize("where", ["hand", "number", "laid", "mark"])
def test_building_a_position_directly_refuses_cells_off_the_grid(where):
    p = Position.from_json(base())
    hand, tables = set(p.hand), list(p.tables)
    if where == "hand":
        hand = (hand - {GRID.index("yellow-B")}) | {99}  # yellow-B: in none of my crosses
    elif where == "number":
        tables[1] = Table({40: 3}, tables[1].laid, tables[1].not_mine)
    elif where == "laid":
        tables[2] = Table(tables[2].numbers, frozenset({-1}), tables[2].not_mine)
    else:
        tables[2] = Table(tables[2].numbers, tables[2].laid, frozenset({36}))
    with pytest.raises(InvalidInputError):
        Position(3, 0, frozenset(hand), tuple(tables))


# --- every single edit of a real position: read as written, or refused naming where ------------------

@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_single_edit_is_read_as_written_or_refused_with_its_path(players, seed):
    from hostile import mutations, outcome

    *_, (p, _) = random_positions(players, seed)
    data = p.to_json()
    accepted = refused = 0
    for what, edited in mutations(data):
        kind, result = outcome(lambda e=edited: Position.from_json(json.dumps(e)), InvalidInputError)
        assert kind in ("ok", "refused"), f"{what}: {kind} {result!r}"
        if kind == "refused":
            assert str(result).startswith("a position"), what
            refused += 1
        else:  # accepted: exactly what the edit says (an opponent's number or mark changed, a part left out)
            assert Position.from_json(result.to_json()) == result
            for key in ("players", "me", "hand"):
                assert result.to_json()[key] == edited.get(key, 0 if key == "me" else None), what
            accepted += 1
    assert refused > 50
    assert accepted > 0


def test_two_seats_cannot_both_have_laid_every_card():
    hand = [GRID.name(c) for c in range(12)]
    data = {"game": "gauner-raus", "players": 2, "me": 0, "hand": [], "tables": [
        {"laid": hand}, {"laid": [GRID.name(c) for c in range(12, 24)], "not_mine": hand}]}
    with pytest.raises(InvalidInputError, match="have both laid all their cards"):
        Position.from_json(data)


def test_python_data_is_read_exactly_as_json_text():
    data = base()
    data["tables"][1]["numbers"]["blue-C"] = 4.0
    with pytest.raises(InvalidInputError, match=r'tables\[1\]\.numbers\["blue-C"\].*found 4\.0'):
        Position.from_json(data)
    data["tables"][1]["numbers"] = {"blue-C": {1, 2}}
    with pytest.raises(InvalidInputError, match="JSON data"):
        Position.from_json(data)
    with pytest.raises(InvalidInputError, match="JSON text or a mapping"):
        Position.from_json(None)
