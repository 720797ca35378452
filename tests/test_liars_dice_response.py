"""Best responses on the call histories (bluffmath.liars_dice.response) and the stored
cells read with them (table.cell): the same bounds as the generic check on the reduced
game built whole, on every stored equilibrium and on random strategies; every kind of
strategy that is not one of the reduced game's refused; and a stored cell read at once,
with no game built."""

from __future__ import annotations

import json
from fractions import Fraction as F
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_liars_dice_values import HEAVY, HEAVY_SAMPLE

from bluffmath.equilibrium import Certificate, best_response
from bluffmath.equilibrium.certificate import file_name
from bluffmath.errors import CertificateError, InvalidInputError
from bluffmath.liars_dice import reduced as reduced_module
from bluffmath.liars_dice import table
from bluffmath.liars_dice.reduced import reduced_liars_dice
from bluffmath.liars_dice.response import bounds
from bluffmath.liars_dice.rules import Rules

STORED = [c for c in table.CELLS + table.TWO_AGAINST_TWO if table.value(*c) is not None]


def _text(cell: tuple) -> str:
    return files("bluffmath.liars_dice").joinpath("certificates", file_name(table.spec(*cell))).read_text("utf-8")


def _from_file(cell: tuple) -> Certificate:
    """A cell's certificate read by the generic reader, which builds the reduced game."""
    return Certificate.from_json(_text(cell))


@pytest.mark.parametrize("cell", [c for c in STORED if c not in HEAVY])
def test_the_bounds_are_the_generic_checks(cell) -> None:
    """Both best responses equal the generic ones (the game built, sequence form)."""
    cert = _from_file(cell)
    assert table.cell(*cell).bounds() == cert.bounds() == (cert.value, cert.value)


@pytest.mark.slow
@pytest.mark.parametrize("cell", [c if c in HEAVY_SAMPLE else pytest.param(c, marks=pytest.mark.full)
                                  for c in sorted(HEAVY)])
def test_the_bounds_are_the_generic_checks_on_the_heavy_cells(cell) -> None:
    cert = _from_file(cell)
    assert table.cell(*cell).bounds() == cert.bounds() == (cert.value, cert.value)


@pytest.mark.parametrize("cell", STORED)
def test_every_stored_cell_verifies_at_once(cell) -> None:
    read = table.cell(*cell)
    assert read.verify()
    assert read.value == table.value(*cell) == F(json.loads(_text(cell))["value"])
    assert read.bounds() == (read.value, read.value)


SMALL = [Rules(1, 1, 2), Rules(1, 1, 3), Rules(2, 1, 2), Rules(1, 2, 2), Rules(1, 1, 3, "joker"),
         Rules(1, 1, 3, "stairs"), Rules(1, 2, 2, "stairs")]


@st.composite
def strategies(draw: st.DrawFn, rules: Rules, player: int) -> dict:
    """A random strategy of ``player`` in the reduced game, at every information set
    (weights 0 to 3, not all 0: many actions never played, many sets never reached)."""
    out = {}
    for key, info in reduced_liars_dice(*rules.dice, rules.sides, rules.mode).infosets.items():
        if info.player == player:
            weights = draw(st.lists(st.integers(0, 3), min_size=len(info.actions), max_size=len(info.actions))
                           .filter(any))
            out[key] = {a: F(w, sum(weights)) for a, w in zip(info.actions, weights, strict=True) if w}
    return out


@given(st.sampled_from(SMALL).flatmap(lambda r: st.tuples(st.just(r), strategies(r, 1), strategies(r, 2))))
def test_the_bounds_of_random_strategies_are_the_generic_best_responses(case) -> None:
    rules, one, two = case
    reduced = reduced_liars_dice(*rules.dice, rules.sides, rules.mode)
    low, high = bounds(rules, (one, two))
    assert low == best_response(reduced, 1, one).value
    assert high == best_response(reduced, 2, two).value
    assert low <= high


# --- strategies that are not the reduced game's ---------------------------------------
RULES = Rules(1, 1, 3)


@pytest.fixture(scope="module")
def pair() -> tuple[dict, dict]:
    return table.cell(1, 1, 3).strategy(1), table.cell(1, 1, 3).strategy(2)


def test_a_strategy_that_leaves_out_a_reached_mix_is_refused(pair) -> None:
    one, two = pair
    with pytest.raises(CertificateError, match=r"player 1's strategy has no mix at '2:', which its own choices "
                                               r"reach; the actions there are 1x1, 1x2, 1x3, 2x1, 2x2"):
        bounds(RULES, ({k: v for k, v in one.items() if k != "2:"}, two))


@pytest.mark.parametrize(("change", "message"), [
    ({"2:": {"9x9": 1}}, r"player 1's strategy at '2:' must be a mix of 1x1, 1x2, 1x3, 2x1, 2x2"),
    ({"2:": {"1x3": 1.0}}, "must give exact probabilities from 0 to 1 that sum to 1"),
    ({"2:": {"1x3": F(1, 2)}}, "that sum to 1"),
    ({"2:": {"1x3": F(3, 2), "1x2": F(-1, 2)}}, "exact probabilities from 0 to 1"),
    ({"2:": {"1x3": True}}, "exact probabilities"),
    ({"2:": ["1x3"]}, "must be a mix of"),
    ({"9:": {"1x3": 1}}, r"names '9:', which is not one of player 1's information sets in the reduced game"),
    ({"2:1x1": {"liar": 1}}, r"names '2:1x1', which is not one of player 1's"),      # player 2's set
    ({"2:1x3,2x1": {"2x2": 1}}, r"at '2:1x3,2x1' must be a mix of liar, got"),        # a dominated action
    ({"2:2x2,2x3": {"liar": 1}}, r"names '2:2x2,2x3'"),                                # after the highest call
    ({"2:1x2,1x1": {"liar": 1}}, r"names '2:1x2,1x1'"),                                # calls not rising
    ({3: {"1x3": 1}}, r"names 3, which is not"),
])
def test_a_mix_that_is_not_one_of_the_game_is_refused(pair, change, message) -> None:
    one, two = pair
    with pytest.raises(CertificateError, match=message):
        bounds(RULES, ({**one, **change}, two))


def test_another_players_or_games_strategy_is_refused(pair) -> None:
    one, two = pair
    with pytest.raises(CertificateError, match="player 1's strategy has no mix at '1:'"):
        bounds(RULES, (two, two))
    with pytest.raises(CertificateError, match="not one of player 1's information sets in the reduced game of "
                                               "Liar's dice 1v1, 3 sides, joker"):
        bounds(Rules(1, 1, 3, "joker"), (one, table.cell(1, 1, 3, "joker").strategy(2)))


@pytest.mark.parametrize(("rules", "strategies", "error", "message"), [
    ((1, 1, 3), ({}, {}), InvalidInputError, "rules must be a liars_dice Rules"),
    (RULES, [{}, {}], CertificateError, "strategies must be a pair"),
    (RULES, ({},), CertificateError, "strategies must be a pair"),
    (RULES, ("all liars", {}), CertificateError, "player 1's strategy must be a dict"),
])
def test_arguments_that_are_no_rules_or_pair_are_refused(rules, strategies, error, message) -> None:
    with pytest.raises(error, match=message):
        bounds(rules, strategies)


# --- the stored cells, read at once ---------------------------------------------------
def test_a_cell_is_read_without_building_its_game(monkeypatch) -> None:
    def refused(*args: object) -> None:
        raise AssertionError("a game was built")
    monkeypatch.setattr(reduced_module, "reduced_liars_dice", refused)
    monkeypatch.setattr(table, "_READ", {})
    read = table.cell(1, 1, 6, "stairs")  # 2.7 million nodes if built
    assert read.value == 0
    assert read.verify()
    assert read.strategy(1)["6:"] == {"1x6": 1}
    assert table.cell(1, 1, 6, "stairs") is read  # kept
    assert table.cell(2, 1, 5, "stairs") is None  # not stored


def test_a_cell_gives_the_generic_certificate_built_once() -> None:
    read = table.cell(1, 1, 3)
    cert = table.certificate(1, 1, 3)
    assert cert is read.certificate
    assert cert.verify()
    assert cert.game.spec == table.spec(1, 1, 3)
    assert cert.strategies == read.strategies


def test_a_claim_that_does_not_hold_is_refused(pair) -> None:
    with pytest.raises(CertificateError, match=r"the certificate of Liar's dice 1v1, 3 sides, normal does not "
                                               r"hold: it claims the value 0, player 1's strategy guarantees -1/9"):
        table.Cell(RULES, F(0), pair).verify()


@pytest.mark.parametrize(("args", "message"), [
    (((1, 1, 3), F(0), ({}, {})), "rules must be a liars_dice Rules"),
    ((RULES, 0.0, ({}, {})), "value must be an exact number"),
    ((RULES, True, ({}, {})), "value must be an exact number"),
    ((RULES, F(0), [{}, {}]), "strategies must be a pair"),
])
def test_a_cell_checks_what_it_is_given(args, message) -> None:
    with pytest.raises(InvalidInputError, match=message):
        table.Cell(*args)


def _tampered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change) -> None:
    """The stored file of 1v1 with three sides, changed by ``change`` (on its data), read
    from a copy of the certificates' folder."""
    source = files("bluffmath.liars_dice").joinpath("certificates")
    name = file_name(table.spec(1, 1, 3))
    data = json.loads(source.joinpath(name).read_text("utf-8"))
    change(data)
    (tmp_path / "certificates").mkdir()
    (tmp_path / "certificates" / name).write_text(json.dumps(data), "utf-8")
    monkeypatch.setattr(table, "files", lambda package: tmp_path)
    monkeypatch.setattr(table, "_READ", {})


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(value="1/9"), "does not hold: it claims the value 1/9, player 1's strategy guarantees -1/9"),
    (lambda d: d["strategies"][0].update({"3:": {"1x3": "1/2"}}), "strategy at '3:' must give exact probabilities"),
    (lambda d: d["strategies"][0].update({"3:": {"1x3": 0.5}}),
     r'1-1-normal-3.json: strategies\[0\]\["3:"\]\["1x3"\] must be an exact probability'),
    (lambda d: d["strategies"].pop(), "strategies must be a list of 2"),
    (lambda d: d["game"].update(sides=4), "game must be the spec of Liar's dice 1v1, 3 sides, normal's reduced game"),
    (lambda d: d.update(extra=1), 'unknown key "extra"'),
])
def test_a_changed_stored_file_is_refused(tmp_path, monkeypatch, change, message) -> None:
    _tampered(tmp_path, monkeypatch, change)
    with pytest.raises(CertificateError, match=message):
        table.cell(1, 1, 3)
