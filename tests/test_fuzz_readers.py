"""Fuzz: every JSON reader (the four games' saves, Gauner raus! positions, Hoax cases, the
embedded calculators' forms) on the corpus of hostile texts (tests/hostile/json_texts.json)
and on random JSON. Each input must be read or refused with the reader's own error, within
the time limit. Runs under Pyodide too."""

from __future__ import annotations

import json

import pytest
from hostile import READERS, corpus, hostile_values, outcome
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffmath.embed.calculators import CALCULATORS, calculate, calculate_json
from bluffmath.errors import BluffmathError

TEXTS = corpus("json_texts")


def _findings(read, error, inputs) -> list[str]:
    found = []
    for text in inputs:
        kind, result = outcome(lambda text=text: read(text), error)
        if kind in ("other", "hang", "memory"):
            found.append(f"{str(text)[:60]!r}: {kind} {type(result).__name__}: {result}")
    return found


@pytest.mark.parametrize("reader", READERS, ids=str)
def test_every_reader_refuses_the_hostile_corpus_with_its_own_error(reader: str) -> None:
    read, error = READERS[reader]
    assert _findings(read, error, TEXTS) == []
    for text in TEXTS:  # none of them is a valid input of any form
        with pytest.raises(error):
            read(text)


@pytest.mark.parametrize("reader", READERS, ids=str)
def test_every_reader_refuses_hostile_python_values(reader: str) -> None:
    read, error = READERS[reader]
    assert _findings(read, error, hostile_values()) == []


_KEYS = st.sampled_from(["format", "version", "players", "game", "seed", "actions", "tables",
                         "facts", "kind", "player", "role", "hand", "me", "edition", "x"])
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(
        ["bluffmath/hochstapler-game", "bluffmath-gauner-raus", "bluffmath-muenchhausen",
         "bluffmath-hoax", "gauner-raus", "red-A", "King", "claim", "original", "red", "", "1/4"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=5),
    max_leaves=25)


@settings(max_examples=200)
@given(_VALUES)
def test_random_json_is_read_or_refused_by_every_reader(value: object) -> None:
    text = json.dumps(value)
    for reader, (read, error) in READERS.items():
        kind, result = outcome(lambda read=read: read(text), error)
        assert kind in ("ok", "refused"), f"{reader}: {kind} {result!r} on {text}"


@pytest.mark.parametrize("name", CALCULATORS)
def test_every_calculator_answers_hostile_forms_with_json(name: str) -> None:
    for text in [*TEXTS, '{"players": ["3"]}', '{"call": "0_7"}', '{"own": "٣"}']:
        kind, result = outcome(lambda text=text: json.loads(calculate_json(name, text)))
        assert kind == "ok", f"{text[:60]!r}: {kind} {result!r}"
        assert set(result) <= {"answer", "lines", "tables", "details", "error"}


@pytest.mark.parametrize("name", CALCULATORS)
def test_every_field_of_every_calculator_survives_hostile_text(name: str) -> None:
    texts = ["", " ", "x", "0_7", "٣", "-1", "99999999", "9" * 5000, "²", "--3", "1e3", "1/0",
             "\ud800", "<b>", "a" * 100_000, "red-A=99", "1:abcd", "d5:99", "b0", ",,,", "9:9:9"]
    found = []
    for field in CALCULATORS[name].fields:
        for text in texts:
            kind, result = outcome(lambda field=field, text=text: calculate(name, {field.name: text}))
            if kind in ("other", "hang", "memory"):
                found.append(f"{field.name}={text[:20]!r}: {kind} {type(result).__name__}: {result}")
    assert found == []


def test_a_misspelt_field_is_refused_not_ignored() -> None:
    with pytest.raises(BluffmathError, match='did you mean "face_up"'):
        calculate("hochstapler-odds", {"faceup": "0,7"})
