"""Every JSON the core reads (saves, positions, Hoax cases, a calculator's form) refuses
text nested too deep before parsing it, with the reader's own error: in the browser a
parser's recursion would exhaust WebAssembly's stack and kill the page (this module runs
under Pyodide too, tests/test_pyodide.py)."""

from __future__ import annotations

import json

import pytest
from hostile import READERS
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.embed.calculators import calculate_json
from bluffmath.errors import InvalidInputError
from bluffmath.limits import MAX_JSON_DEPTH
from bluffmath.schema import nesting as _depth
from bluffmath.schema import read_json as json_data


def nested(depth: int) -> str:
    return '{"format": "x", "version": 1, "x": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("reader", READERS, ids=str)
def test_deep_nesting_is_refused_unread_by_every_reader(reader: str) -> None:
    load, error = READERS[reader]
    with pytest.raises(error, match=f"nested at most {MAX_JSON_DEPTH} deep; this is nested 100001 deep"):
        load(nested(100_000))


@pytest.mark.parametrize("reader", READERS, ids=str)
def test_broken_text_is_refused_with_the_readers_error(reader: str) -> None:
    load, error = READERS[reader]
    with pytest.raises(error, match="must be JSON text"):
        load('{"format": [1,')


def test_the_calculators_answer_deep_nesting_with_an_error_message() -> None:
    answer = json.loads(calculate_json("hochstapler-odds", "[" * 10_000 + "]" * 10_000))
    assert "nested at most" in answer["error"]


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"a": "[" * 1000, "b": 'x"]]{{', "c": [[["\\"]]]})
    assert json_data(text, "x") == json.loads(text)
    at_limit = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert json_data(at_limit, "x") == json.loads(at_limit)
    with pytest.raises(InvalidInputError, match="nested 65 deep"):
        json_data("[" + at_limit + "]", "x")


def _nesting(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(_nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_nesting, value.values()), default=0)
    return 0


_TRICKY = st.text(alphabet='[]{}"\\ab', max_size=6)
_JSON = st.recursive(st.none() | st.integers() | _TRICKY,
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TRICKY, inner, max_size=3),
                     max_leaves=12)


@given(_JSON)
def test_the_depth_counted_is_the_true_nesting(value: object) -> None:
    """Brackets, quotes and backslashes inside strings never count (json.dumps escapes them)."""
    text = json.dumps(value)
    if _nesting(value) <= MAX_JSON_DEPTH:
        assert json_data(text, "x") == value
    assert _depth(text) == _nesting(value)
