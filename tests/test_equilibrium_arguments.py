"""Every public entry point of bluffmath.equilibrium checks its arguments (issue 46).

Two parts. First the defects a fuzz harness found, each with the values that showed it:
each must now be a bluffmath error (a ValueError) whose message names the argument and
what is allowed. Then ``ENTRIES_EQUILIBRIUM``, the equilibrium package's section of the
fuzz registry of tests/test_fuzz_api.py (the same :class:`Entry`, the same hostile values
and the same rules), and a test that every public callable of the package is in it.
"""

from __future__ import annotations

import inspect
import itertools
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import pytest
from hostile import time_limit
from test_fuzz_api import Entry, fuzz_tests

import bluffmath.equilibrium as e
from bluffmath.equilibrium import explore, games
from bluffmath.errors import BluffmathError, CertificateError, InvalidInputError

KUHN = e.kuhn_poker()
PENNIES = e.matching_pennies()
CERT = e.stored({"game": "kuhn-poker"})
HALF = {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
NEVER_BLUFF = {"J": {"check": 1}, "Q": {"check": 1}, "K": {"bet": 1},
               "J check bet": {"fold": 1}, "Q check bet": {"call": 1}}
PLAN = e.realisation_plan(KUHN, 1, NEVER_BLUFF)
FIRST = KUHN.root.branches[0][1]  # player 1 holds the Jack
DUEL = "Duel on 0,1,2,3,4"
# values that are not what an argument of an object's kind may be
NOT_AN_OBJECT = [None, True, 0, 2**64, 0.5, Fraction(1, 3), "", "x" * 10_000, [], {}, {"x": 1}, object()]


def refused(call: Callable[[], Any], *words: str, error: type[BluffmathError] = BluffmathError) -> str:
    """The message of the bluffmath error ``call()`` raises; it must name every one of ``words``.
    A call that runs past the fuzz suite's time or memory limit fails (Hang, MemoryError)."""
    with time_limit(), pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


@contextmanager
def own_registry() -> Iterator[None]:
    """The game registry as it is now, given back afterwards: what a test registers stays in it."""
    saved = dict(games._REGISTRY), dict(games._FOLDERS)
    try:
        yield
    finally:
        games._REGISTRY.clear()
        games._REGISTRY.update(saved[0])
        games._FOLDERS.clear()
        games._FOLDERS.update(saved[1])


# --- the defects of issue 46 ------------------------------------------------------------
@pytest.mark.parametrize("cert", [*NOT_AN_OBJECT, KUHN])
def test_refined_refuses_what_is_not_a_certificate(cert: Any) -> None:
    refused(lambda: e.refined(cert), "cert must be a Certificate", error=InvalidInputError)


def test_refined_without_the_solver_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "highspy", None)  # import highspy: ImportError
    refused(lambda: e.refined(CERT), "refined needs the solver extra", "pip install", error=CertificateError)


@pytest.mark.parametrize(("spec", "words"), [
    (None, ["a game spec", "an object naming a game"]),
    ({}, ["a game spec", "an object naming a game"]),
    ({"x": 1}, ["a game spec", "an object naming a game"]),
    ([], ["a game spec", "an object naming a game"]),
    ("kuhn-poker", ["a game spec", "an object naming a game"]),
    ({"game": "kuhn-poker", 1: 2}, ["a game spec", "text keys"]),
    ({"game": 5}, ["a game spec", "game must be one of", '"kuhn-poker"']),
    ({"game": None}, ["a game spec", "game must be one of", '"kuhn-poker"']),
    ({"game": "x" * 10_000}, ["a game spec", "game must be one of", '"kuhn-poker"']),
    ({"game": "kuhn-pokr"}, ["a game spec", 'did you mean "kuhn-poker"']),
    ({"game": "kuhn-poker", "cards": 4}, ["a game spec", 'unknown key "cards"', "allowed: game"]),
    ({"game": "hochstapler-duel", "deck": [0.5, 1]}, ["a game spec", "deck must be a whole number"]),
    ({"game": "hochstapler-duel", "deck": (0, 1, 2)}, ["a game spec", "deck must be a whole number"]),
    ({"game": "hochstapler-duel", "deck": [True]}, ["a game spec", "deck must be a whole number"]),
    ({"game": "liars-dice", "d1": 1, "d2": 1}, ["a game spec", '"sides" missing']),
])
def test_stored_refuses_a_spec_that_is_not_one(spec: Any, words: list[str]) -> None:
    refused(lambda: e.stored(spec), *words, error=InvalidInputError)


@pytest.mark.parametrize("spec", [
    {"game": "hochstapler-duel", "deck": list(range(300))},  # a file name too long for a file system
    {"game": "liars-dice", "d1": 1, "d2": 1, "sides": 2, "mode": "../../../" + "x" * 900},
    {"game": "liars-dice", "d1": 1, "d2": 1, "sides": 2, "mode": "/etc/passwd"},
])
def test_stored_has_no_certificate_of_a_spec_no_file_can_name(spec: dict) -> None:
    assert e.stored(spec) is None


@pytest.mark.parametrize("flag", ["yes", None, 1, 0, 0.0, [], Fraction(1)])
def test_stored_refined_is_true_or_false(flag: Any) -> None:
    refused(lambda: e.stored({"game": "kuhn-poker"}, refined=flag), "refined must be True or False",
            error=InvalidInputError)


GAME_TAKERS = {
    "best_response": lambda g: e.best_response(g, 1, NEVER_BLUFF),
    "exploitability": lambda g: e.exploitability(g, 1, NEVER_BLUFF),
    "exploitability, value given": lambda g: e.exploitability(g, 1, NEVER_BLUFF, Fraction(-1, 18)),
    "realisation_plan": lambda g: e.realisation_plan(g, 1, NEVER_BLUFF),
    "behaviour": lambda g: e.behaviour(g, 1, PLAN),
    "deal": lambda g: e.deal(g, random.Random(1)),
    "game_value": lambda g: e.game_value(g),
    "sequences": lambda g: e.sequences(g, 1),
    "solve": lambda g: e.solve(g),
    "Certificate": lambda g: e.Certificate(g, 0, ({}, {})),
}


@pytest.mark.parametrize("game", [*NOT_AN_OBJECT, CERT, FIRST])
@pytest.mark.parametrize("function", GAME_TAKERS, ids=list(GAME_TAKERS))
def test_a_game_argument_must_be_a_game(function: str, game: Any) -> None:
    refused(lambda: GAME_TAKERS[function](game), "game must be a bluffmath.equilibrium Game", "kuhn_poker()",
            error=InvalidInputError)


@pytest.mark.parametrize(("plan", "words"), [
    ({None: 1.0}, ["plan gives None the chance 1.0 (float)", "exact chances"]),
    ({None: True}, ["plan gives None the chance True (bool)", "exact chances"]),
    ({**PLAN, ("J", "check"): 0.999}, ["plan gives ('J', 'check') the chance 0.999", "exact chances"]),
    ({**PLAN, ("J", "check"): Fraction(3, 2)}, ["plan gives ('J', 'check') the chance 3/2", "from 0 to 1"]),
    ({None: Fraction(1, 2)}, ["plan gives the empty sequence None the chance 1/2", "it is 1"]),
    ({"J": 1}, ["plan names 'J'", "player 1's sequences"]),
    ({("J check", "bet"): 1}, ["plan names ('J check', 'bet')", "player 1's sequences"]),  # player 2's
    ({("J", "raise"): 1}, ["plan names ('J', 'raise')", "player 1's sequences"]),
    ({}, ["plan must be a realisation plan", "at 'J'"]),
    ({None: 1}, ["plan must be a realisation plan", "at 'J'"]),
    ({**PLAN, ("J", "bet"): Fraction(1, 2)}, ["plan must be a realisation plan", "at 'J'", "3/2"]),
    (None, ["plan must be a dict", "exact chances"]),
    ([(None, 1)], ["plan must be a dict", "exact chances"]),
    ("J", ["plan must be a dict", "exact chances"]),
])
def test_behaviour_reads_only_a_realisation_plan(plan: Any, words: list[str]) -> None:
    refused(lambda: e.behaviour(KUHN, 1, plan), *words, error=InvalidInputError)


def test_behaviour_still_inverts_the_realisation_plan() -> None:
    assert e.behaviour(KUHN, 1, PLAN) == {k: {a: Fraction(p) for a, p in mix.items()}
                                          for k, mix in NEVER_BLUFF.items()}


@pytest.mark.parametrize("chances", [
    itertools.count(), itertools.repeat(Fraction(0)), range(10**12), iter(range(10**9)),
])
def test_draw_reads_a_bounded_number_of_chances(chances: Any) -> None:
    refused(lambda: e.draw(random.Random(1), chances), "chances", "at most 100,000", error=InvalidInputError)


@pytest.mark.parametrize("chances", [
    None, 1, Fraction(1), "1", b"\x01", {1: "a"}, {Fraction(1)}, [], [0.5, 0.5], [True], [Fraction(1, 2)],
    [Fraction(3, 2), Fraction(-1, 2)],
])
def test_draw_refuses_what_is_not_a_list_of_exact_chances(chances: Any) -> None:
    refused(lambda: e.draw(random.Random(1), chances), "chances must be a list of exact chances",
            error=InvalidInputError)


RNG_TAKERS = {
    "draw": lambda rng: e.draw(rng, [Fraction(1, 2), Fraction(1, 2)]),
    "deal": lambda rng: e.deal(KUHN, rng),
    "EquilibriumBot.act": lambda rng: e.EquilibriumBot(CERT, 1).act(FIRST, rng),
    "ReadingBot.act": lambda rng: e.ReadingBot(CERT, 1).act(FIRST, rng),
}


@pytest.mark.parametrize("rng", [True, 1, 0.5, "seed", [], {}, random.Random, object()])
@pytest.mark.parametrize("function", RNG_TAKERS, ids=list(RNG_TAKERS))
def test_an_rng_argument_must_draw_numbers(function: str, rng: Any) -> None:
    refused(lambda: RNG_TAKERS[function](rng), "rng must be a random number generator", "random.Random(1)",
            error=InvalidInputError)


def _foreign_decision() -> e.Decision:
    return e.Decision(1, "no such infoset", ("a",), (e.Terminal(0),))


@pytest.mark.parametrize("bot", [lambda: e.EquilibriumBot(CERT, 1), lambda: e.ReadingBot(CERT, 1)])
@pytest.mark.parametrize("node", [_foreign_decision(), e.Decision(1, ["J"], ("check", "bet"), ()),
                                  e.Decision(1, "J", ("check",), ()), None, "J"])
def test_a_bot_plays_only_its_own_games_decisions(bot: Callable[[], Any], node: Any) -> None:
    refused(lambda: bot().act(node, random.Random(1)), "the bot plays player 1's decisions in Kuhn poker",
            error=InvalidInputError)


@pytest.mark.parametrize("infoset", [["J"], {"J": 1}, {1, 2}, None, 5])
def test_an_information_set_is_named_by_text(infoset: Any) -> None:
    refused(lambda: e.Game(e.Decision(1, infoset, ("a",), (e.Terminal(0),))),
            "an information set must be named by text", error=InvalidInputError)


@pytest.mark.parametrize("spec", [0.5, "kuhn-poker", ["kuhn-poker"], {"name": "x"}, {"game": 1},
                                  {"game": "g", "p": 0.5}, {"game": "g", "p": [[1]]}, {"game": "g", 1: 1},
                                  {"game": "g", "p": True}, object()])
def test_a_games_spec_is_json_data_naming_it(spec: Any) -> None:
    refused(lambda: e.Game(e.Terminal(0), spec=spec), "spec must be None or JSON data naming the game",
            error=InvalidInputError)
    refused(lambda: e.Game.assembled(lambda: e.Terminal(0), {}, 1, name="g", spec=spec),
            "spec must be None or JSON data naming the game", error=InvalidInputError)


@pytest.mark.parametrize(("method", "refine"), [(["lp"], False), ("x" * 10_000, False), ("auto", 1),
                                                 ("auto", None)])
def test_solve_says_which_method_and_refine_it_takes(method: Any, refine: Any) -> None:
    message = refused(lambda: e.solve(PENNIES, method, refine), error=InvalidInputError)
    assert ("method must be 'auto', 'lp' or 'oracle'" in message or "refine must be True or False" in message)
    assert len(message) < 200


def test_certificate_strategies_must_be_a_pair() -> None:
    refused(lambda: e.Certificate(PENNIES, 0, [{"hide": HALF}, {"guess": HALF}]),
            "strategies must be a pair", "got [", error=InvalidInputError)


def _circular() -> dict:
    data: dict = {}
    data["game"] = data
    return data


@pytest.mark.parametrize(("data", "words"), [
    ({1: 2}, ['unknown key "1"', "allowed: format, version, game"]),
    ({**CERT.to_data(), "game": {"game": "kuhn-poker", 1: 2}}, ["game", 'unknown key "1"', "allowed: game"]),
    ({**CERT.to_data(), "game": {"game": "kuhn-poker", (1,): 2}}, ["must be JSON data", "text keys"]),
    ({**CERT.to_data(), "value": float("nan")}, ["must be JSON data", "whole numbers"]),
    ({**CERT.to_data(), "value": Fraction(-1, 18)}, ["must be JSON data", "whole numbers"]),
    (_circular(), ["must be JSON data", "Circular"]),
])
def test_a_certificate_given_as_data_is_read_as_its_json(data: dict, words: list[str]) -> None:
    refused(lambda: e.Certificate.from_json(data), "a certificate", *words, error=CertificateError)


# --- a game registered to a builder that cannot be imported -----------------------------
def test_a_game_whose_builder_is_missing_is_refused_where_it_is_used() -> None:
    """``register`` takes "module:function" as text, imported when first used: a module that
    is not there must be a bluffmath error there, not ModuleNotFoundError (stored and a
    certificate's reader; game_from_spec is games.py's, see the report of issue 46)."""
    with own_registry():
        e.register("ghost-game", "bluffmath_no_such_module:build")
        e.register("ghost-function", "bluffmath.equilibrium.examples:no_such_function")
        e.register("not-a-function", "bluffmath.equilibrium.certificate:FORMAT")
        for name in ("ghost-game", "ghost-function", "not-a-function"):
            refused(lambda name=name: e.stored({"game": name}), "a game spec", f"the game {name!r} is registered",
                    "importable function", error=InvalidInputError)
            text = CERT.to_json().replace('"kuhn-poker"', f'"{name}"')
            refused(lambda text=text: e.Certificate.from_json(text), "a certificate: game",
                    f"the game {name!r} is registered", error=CertificateError)


def test_a_games_certificates_in_a_missing_package_are_refused() -> None:
    with own_registry():
        e.register("lost-certificates", "bluffmath.equilibrium.examples:kuhn_poker",
                   certificates="bluffmath_no_such_package:certificates")
        refused(lambda: e.stored({"game": "lost-certificates"}), "the certificates of the game",
                "bluffmath_no_such_package:certificates", error=InvalidInputError)


# --- the strategy explorer's variants ---------------------------------------------------
@pytest.mark.parametrize("name", [None, ["Kuhn poker"], {}, "Kuhn", "x" * 10_000])
def test_variant_names_the_games_it_offers(name: Any) -> None:
    refused(lambda: explore.variant(name), "name must be one of them", "Kuhn poker", error=InvalidInputError)


VARIANT_CALLS = {
    "card": (lambda v, x: v.card(x), "key must be an information set"),
    "history": (lambda v, x: v.history(x), "key must be an information set"),
    "situations player": (lambda v, x: v.situations(x, "2"), "player must be 1 or 2"),
    "situations card": (lambda v, x: v.situations(1, x), "card must be one of 0, 1, 2, 3, 4"),
    "situation_words": (lambda v, x: v.situation_words(1, x), "key must be an information set"),
    "action_words": (lambda v, x: v.action_words(x), "action must be one of the actions"),
    "true_chance key": (lambda v, x: v.true_chance(x, "5"), "key must be an information set"),
    "true_chance action": (lambda v, x: v.true_chance("2:", x), "action must be one of the actions at '2:'"),
    "is_bluff": (lambda v, x: v.is_bluff("2:", x), "action must be one of the actions at '2:'"),
    "reply_keys key": (lambda v, x: v.reply_keys(1, x, "4"), "key must be an information set of player 1"),
    "reply_keys action": (lambda v, x: v.reply_keys(1, "2:", x), "action must be one of the actions at '2:'"),
    "base start": (lambda v, x: v.base(x, 1), "start must be one of the equilibrium"),
    "base player": (lambda v, x: v.base("the equilibrium", x), "player must be 1 or 2"),
}


@pytest.mark.parametrize("value", [None, 0, 3, 1.0, ["2:"], {}, "x" * 10_000, "\ud800"])
@pytest.mark.parametrize("method", VARIANT_CALLS, ids=list(VARIANT_CALLS))
def test_a_variants_methods_check_their_arguments(method: str, value: Any) -> None:
    call, words = VARIANT_CALLS[method]
    refused(lambda: call(explore.variant(DUEL), value), words, error=InvalidInputError)


# --- the fuzz registry's section for bluffmath.equilibrium ------------------------------
def _register(name: Any, target: Any, certificates: Any) -> None:
    with own_registry():
        e.register(name, target, certificates)


def _decision(player: Any, infoset: Any, actions: Any, children: Any) -> e.Game:
    return e.Game(e.Decision(player, infoset, actions, children))


ENTRIES_EQUILIBRIUM = [
    Entry("equilibrium.Game", e.Game, {"root": e.Terminal(1), "name": "g", "spec": {"game": "g"},
                                       "dominated": frozenset()}),
    Entry("equilibrium.Game.infosets_of", lambda player: KUHN.infosets_of(player), {"player": 1}),
    Entry("equilibrium.Chance", lambda branches: e.Game(e.Chance(branches)),
          {"branches": ((Fraction(1, 2), e.Terminal(1)), (Fraction(1, 2), e.Terminal(-1)))}),
    Entry("equilibrium.Decision", _decision,
          {"player": 1, "infoset": "i", "actions": ("a",), "children": (e.Terminal(0),)}),
    Entry("equilibrium.Terminal", lambda payoff: e.Game(e.Terminal(payoff)), {"payoff": Fraction(1, 2)},
          frozenset({"payoff"})),  # an int or a Fraction
    Entry("equilibrium.kuhn_poker", e.kuhn_poker),
    Entry("equilibrium.matching_pennies", e.matching_pennies),
    Entry("equilibrium.sequences", e.sequences, {"game": KUHN, "player": 1}),
    Entry("equilibrium.constraints", e.constraints, {"game": KUHN, "player": 2}),
    Entry("equilibrium.payoff_matrix", e.payoff_matrix, {"game": KUHN}),
    Entry("equilibrium.best_response", e.best_response, {"game": KUHN, "player": 1, "strategy": NEVER_BLUFF}),
    Entry("equilibrium.exploitability", e.exploitability,
          {"game": KUHN, "player": 1, "strategy": NEVER_BLUFF, "value": Fraction(-1, 18)}),
    Entry("equilibrium.realisation_plan", e.realisation_plan, {"game": KUHN, "player": 1, "strategy": NEVER_BLUFF}),
    Entry("equilibrium.behaviour", e.behaviour, {"game": KUHN, "player": 1, "plan": PLAN}),
    Entry("equilibrium.solve", e.solve, {"game": PENNIES, "method": "lp", "refine": True}),
    Entry("equilibrium.refined", e.refined, {"cert": CERT}),
    Entry("equilibrium.Certificate", e.Certificate,
          {"game": PENNIES, "value": Fraction(0), "strategies": ({"hide": HALF}, {"guess": HALF})}),
    Entry("equilibrium.Certificate.from_json", e.Certificate.from_json, {"text": CERT.to_json()}, frozenset({"text"})),
    Entry("equilibrium.Certificate.strategy", lambda player: CERT.strategy(player), {"player": 2}),
    Entry("equilibrium.Certificate.realisation_plan", lambda player: CERT.realisation_plan(player), {"player": 1}),
    Entry("equilibrium.game_value", e.game_value, {"game": KUHN}),
    Entry("equilibrium.stored", e.stored, {"spec": {"game": "kuhn-poker"}, "refined": True}),
    Entry("equilibrium.game_from_spec", e.game_from_spec, {"spec": {"game": "hochstapler-duel", "deck": [0, 1, 2]}}),
    Entry("equilibrium.register", _register,
          {"name": "kuhn-poker", "target": "bluffmath.equilibrium.examples:kuhn_poker", "certificates": None},
          frozenset({"target"})),  # a function, or its place as text
    Entry("equilibrium.draw", e.draw, {"rng": random.Random(1), "chances": [Fraction(1, 3), Fraction(2, 3)]}),
    Entry("equilibrium.deal", e.deal, {"game": KUHN, "rng": random.Random(1)}),
    Entry("equilibrium.EquilibriumBot", e.EquilibriumBot, {"certificate": CERT, "player": 2}),
    Entry("equilibrium.EquilibriumBot.act", lambda node, rng: e.EquilibriumBot(CERT, 1).act(node, rng),
          {"node": FIRST, "rng": random.Random(1)}),
    Entry("equilibrium.ReadingBot", e.ReadingBot, {"certificate": CERT, "player": 1, "prior": 4}),
    Entry("equilibrium.ReadingBot.observe", lambda infoset, action: e.ReadingBot(CERT, 1).observe(infoset, action),
          {"infoset": "Q bet", "action": "call"}),
    Entry("equilibrium.ReadingBot.act", lambda node, rng: e.ReadingBot(CERT, 1).act(node, rng),
          {"node": FIRST, "rng": random.Random(1)}),
    # the strategy explorer (bluffmath.equilibrium.explore)
    Entry("explore.variant", explore.variant, {"name": DUEL}),
    Entry("explore.Variant", explore.Variant, {"name": "mine", "certificate": CERT, "deck": None},
          frozenset({"deck"})),  # None (Kuhn poker) or a tuple of cards
    Entry("explore.Variant.situations", lambda player, card: explore.variant(DUEL).situations(player, card),
          {"player": 1, "card": "2"}),
    Entry("explore.Variant.situation_words", lambda player, key: explore.variant(DUEL).situation_words(player, key),
          {"player": 1, "key": "2:3,4"}),
    Entry("explore.Variant.action_words", lambda action: explore.variant(DUEL).action_words(action),
          {"action": "doubt"}),
    Entry("explore.Variant.is_bluff", lambda key, action: explore.variant(DUEL).is_bluff(key, action),
          {"key": "2:", "action": "6"}),
    Entry("explore.Variant.reply_keys", lambda player, key, action: explore.variant(DUEL).reply_keys(player, key, action),
          {"player": 1, "key": "2:", "action": "4"}),
    Entry("explore.Variant.base", lambda start, player: explore.variant(DUEL).base(start, player),
          {"start": "the equilibrium", "player": 2}),
]


# the fuzz suite's three checks (test_fuzz_api), over this registry
(test_the_baseline_gives_an_answer, test_every_argument_survives_every_hostile_value,
 test_known_bad_arguments_are_refused) = fuzz_tests(ENTRIES_EQUILIBRIUM)


def test_every_public_callable_of_the_equilibrium_package_is_registered() -> None:
    """A new public function or input class of bluffmath.equilibrium (or of its strategy
    explorer) must be added to ENTRIES_EQUILIBRIUM (result types excepted)."""
    results = {"BestResponse", "Infoset"}  # what best_response and Game.infosets hand out
    for module, prefix in ((e, "equilibrium"), (explore, "explore")):
        named = {entry.name.split(".")[1] for entry in ENTRIES_EQUILIBRIUM if entry.name.startswith(prefix + ".")}
        for public in module.__all__:
            obj = getattr(module, public)
            if callable(obj) and not (inspect.isclass(obj) and issubclass(obj, BaseException)):
                assert public in named or public in results, f"{module.__name__}.{public} is not fuzzed"


@pytest.mark.parametrize("target", ["no_such_module_46:build", "bluffmath.equilibrium:no_such_builder", ":",
                                    "bluffmath.equilibrium.certificate:FORMAT"])
def test_a_game_registered_to_nothing_that_builds_is_refused_when_a_spec_names_it(target):
    name = f"broken-{abs(hash(target))}"
    saved = dict(games._REGISTRY)
    try:
        games.register(name, target)
        with pytest.raises(InvalidInputError, match=f"the game '{name}' is registered to"):
            e.game_from_spec({"game": name})
    finally:
        games._REGISTRY.clear()
        games._REGISTRY.update(saved)


def test_a_spec_with_keys_that_are_not_text_is_refused():
    with pytest.raises(InvalidInputError, match="an object naming a game"):
        e.game_from_spec({"game": "kuhn-poker", 1: 2})
