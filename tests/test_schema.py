"""The strict JSON reader and the typed walk every JSON form goes through (bluffmath.schema),
and the typed-text and iterable limits (bluffmath.validate, bluffmath.limits). Runs under
Pyodide too: the browser reads the same forms."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from itertools import count

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.limits import MAX_DIGITS, MAX_TEXT, bounded
from bluffmath.schema import Node, read_json
from bluffmath.validate import int_text, parse_whole_numbers, whole_numbers

_KEYS = st.text(max_size=5)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=20)


@given(_JSON)
def test_valid_json_reads_as_json_loads_reads_it(value: object) -> None:
    text = json.dumps(value)
    assert read_json(text, "x") == json.loads(text)


@given(st.dictionaries(_KEYS, st.integers(), min_size=1, max_size=4), st.data())
def test_a_key_given_twice_is_refused_wherever_it_is(obj: dict[str, int], data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(sorted(obj)))
    body = ", ".join(f"{json.dumps(k)}: {v}" for k, v in obj.items())
    text = f'[{{{body}, {json.dumps(key)}: 0}}]'
    with pytest.raises(InvalidInputError, match="appears twice"):
        read_json(text, "x")


@pytest.mark.parametrize(("text", "words"), [
    ("NaN", "NaN is not JSON"), ("[-Infinity]", "-Infinity is not JSON"),
    ("9" * (MAX_DIGITS + 1), f"at most {MAX_DIGITS} digits"),
    ("[" + "1" * 5000 + "]", "one has 5,000"),
    ("1." + "0" * 100, "characters long"),
    ("{", "must be JSON text: Expecting"),
    (" " * (MAX_TEXT + 1), f"at most {MAX_TEXT:,}"),
    (b"\xff", "UTF-8"),
    (12, "must be JSON text, got int"),
])
def test_what_json_loads_lets_through_is_refused(text: object, words: str) -> None:
    with pytest.raises(SaveFileError, match="a save") as error:
        read_json(text, "a save", SaveFileError)
    assert words in str(error.value)


def test_floats_stay_exact_and_are_never_whole_numbers() -> None:
    data = read_json('{"n": 1.0, "m": 1e0}', "x")
    assert data == {"n": Decimal("1.0"), "m": Decimal("1e0")}
    node = Node(data, "a form").fields(["n", "m"])
    for key in "nm":
        with pytest.raises(InvalidInputError, match=f"{key} must be a whole number from 0 to 9; found 1"):
            node[key].integer(0, 9)


def test_paths_name_the_value() -> None:
    root = Node.of('{"tables": [{}, {}, {"numbers": {"red-G": 13}}]}', "a position")
    tables = root.fields(["tables"])["tables"].items(size=3)
    (_key, number), = tables[2].fields(["numbers"])["numbers"].entries()
    with pytest.raises(InvalidInputError) as error:
        number.integer(0, 12)
    assert str(error.value) == ('a position: tables[2].numbers["red-G"] must be a whole number '
                                'from 0 to 12; found 13')


@pytest.mark.parametrize(("key", "hint"), [
    ("fact", ' (did you mean "facts"?)'), ("FACTS", ' (did you mean "facts"?)'),
    ("model", ""), ("zzzz", ""),
])
def test_an_unknown_key_names_the_nearest_allowed_one(key: str, hint: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        Node({key: 1}, "a case").fields(optional=["facts", "names"])
    assert str(error.value) == f'a case: unknown key "{key}"{hint}; allowed: facts, names'


def test_a_missing_key_is_named() -> None:
    with pytest.raises(InvalidInputError, match='key "players" missing'):
        Node({}, "a position").fields(["players"], ["me"])


@pytest.mark.parametrize("value", [True, False, None, "3", [3], Decimal("3"), 3.0, -1, 10])
def test_integer_takes_ints_in_range_only(value: object) -> None:
    with pytest.raises(InvalidInputError, match="must be a whole number from 0 to 9"):
        Node(value, "x", path="n").integer(0, 9)


def test_text_choices_and_near_misses() -> None:
    assert Node("spoke", "x").text(["spoke", "silent"]) == "spoke"
    with pytest.raises(InvalidInputError, match='"Spoke" is not allowed \\(did you mean "spoke"\\?\\)'):
        Node("Spoke", "x", path="kind").text(["spoke", "silent"])
    with pytest.raises(InvalidInputError, match="found 3"):
        Node(3, "x", path="name").text()
    with pytest.raises(InvalidInputError, match="must be text"):
        Node("\ud800", "x", path="name").text()
    with pytest.raises(InvalidInputError, match="at most 1,000 are allowed"):
        Node("a" * 1001, "x", path="name").text()


@pytest.mark.parametrize(("value", "expected"), [
    (0, Fraction(0)), (1, Fraction(1)), ("1/4", Fraction(1, 4)), (" 2/8 ", Fraction(1, 4)),
])
def test_fractions_are_exact(value: object, expected: Fraction) -> None:
    assert Node(value, "x").fraction() == expected


@pytest.mark.parametrize("value", [0.25, "0.25", "1/0", "5/4", "-1/4", True, None, "1/4/2", "¼", "1_0/20"])
def test_inexact_or_out_of_range_fractions_are_refused(value: object) -> None:
    with pytest.raises(InvalidInputError, match="an exact number from 0 to 1"):
        Node(value, "x", path="bluff").fraction()


def test_lists_have_sizes_and_limits() -> None:
    assert [n.value for n in Node([1, 2], "x").items(size=2)] == [1, 2]
    with pytest.raises(InvalidInputError, match="must be a list of 3; found a list"):
        Node([1, 2], "x", path="t").items(size=3)
    with pytest.raises(InvalidInputError, match="has 3 items; at most 2 are allowed"):
        Node([1, 2, 3], "x", path="t").items(limit=2)


@pytest.mark.parametrize("text", ["0_7", "٣", "1e3", "+3", "3.0", "", "--3", "²", "0x10", "9" * 41, " "])
def test_typed_numbers_are_plain_digits(text: str) -> None:
    with pytest.raises(InvalidInputError):
        int_text("seed", text)


@given(st.integers(-(10**40) + 1, 10**40 - 1))
def test_typed_numbers_read_back_what_str_wrote(n: int) -> None:
    assert int_text("n", f" {n} ") == n


@pytest.mark.parametrize("text", ["0_7", "٣,1", "1.5"])
def test_typed_card_values_are_plain_digits(text: str) -> None:
    with pytest.raises(InvalidInputError, match="card values separated by commas"):
        parse_whole_numbers("face-up", text)


def test_an_endless_iterable_is_refused_not_read_forever() -> None:
    with pytest.raises(InvalidInputError, match="holds more than 100,000 items"):
        whole_numbers("face_up", count(), 0, 7)
    with pytest.raises(InvalidInputError, match="holds more than 3 items"):
        bounded("cards", iter(range(10)), 3)
    assert bounded("cards", iter(range(3)), 3) == (0, 1, 2)
