"""The Duel as its own package, bluffmath.duel: its public names, and the old paths
(bluffmath.hochstapler.duel, bluffmath.hochstapler.duel_play, and the names duel,
bot_strategy and bot_exploitability of bluffmath.hochstapler) giving the very same objects
with a DeprecationWarning that names the new module, for one release."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import bluffmath.duel as duel_package
import bluffmath.hochstapler as hs

ROOT = Path(__file__).resolve().parent.parent

#: The public names of bluffmath.duel, by the module that defines them.
NEW = {
    "tree": ["COLOUR", "check_deck", "deals", "dominated_actions", "duel", "highest_call"],
    "actions": ["DOUBT", "Action", "Call", "Doubt", "action_name", "action_of"],
    "engine": ["MAX_DEALS", "Deal", "DuelView", "Game", "State", "deal_cards"],
    "strategies": ["bot_exploitability", "bot_strategy", "call_chance", "certificate", "equilibrium_strategy",
                   "played_strategy"],
    "bots": ["ReaderBot", "StrategyBot", "equilibrium_bot", "random_bot", "reading_bot"],
    "values": ["MODEL", "UNIT", "bluff_spots", "luck", "move_values", "position_value", "review"],
    "saves": ["SaveRecord", "load_duel", "read_save", "replay_save", "save_duel"],
}
#: Every public name of the old modules, with the module of bluffmath.duel it is in now.
OLD_DUEL = {"COLOUR": "tree", "check_deck": "tree", "highest_call": "tree", "deals": "tree", "duel": "tree",
            "dominated_actions": "tree", "call_chance": "strategies", "bot_strategy": "strategies",
            "bot_exploitability": "strategies"}
OLD_DUEL_PLAY = {
    **{name: module for module, names in NEW.items() if module != "tree" for name in names
       if name not in OLD_DUEL},
    "FORMAT": "saves", "FORMERLY": "saves", "VERSION": "saves",
}
OLD = [("bluffmath.hochstapler.duel", name, home) for name, home in OLD_DUEL.items()] + \
      [("bluffmath.hochstapler.duel_play", name, home) for name, home in OLD_DUEL_PLAY.items()]


def test_the_package_exports_its_public_names_from_the_modules_that_define_them() -> None:
    assert sorted(duel_package.__all__) == sorted(n for names in NEW.values() for n in names)
    for module, names in NEW.items():
        home = importlib.import_module(f"bluffmath.duel.{module}")
        for name in names:
            value = getattr(duel_package, name)
            assert value is vars(home)[name], (module, name)
            if callable(value):
                assert value.__module__ == home.__name__, (module, name)


def test_the_package_docstring_says_what_is_where() -> None:
    for module in NEW:
        assert f":mod:`~bluffmath.duel.{module}`" in duel_package.__doc__


@pytest.mark.parametrize(("old", "name", "home"), OLD, ids=[f"{o.rsplit('.', 1)[1]}.{n}" for o, n, _ in OLD])
def test_an_old_name_is_the_same_object_and_warns_naming_its_new_module(old: str, name: str, home: str) -> None:
    module = importlib.import_module(old)
    new = vars(importlib.import_module(f"bluffmath.duel.{home}"))[name]
    with pytest.warns(DeprecationWarning, match=rf"^{old}\.{name} is deprecated: import {name} from bluffmath\."):
        assert getattr(module, name) is new


@pytest.mark.parametrize("name", ["duel", "bot_strategy", "bot_exploitability"])
def test_the_duel_names_of_bluffmath_hochstapler_are_the_same_objects_and_warn(name: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"^bluffmath\.hochstapler\.{name} is deprecated: "
                                                rf"import {name} from bluffmath\.duel "):
        assert getattr(hs, name) is getattr(duel_package, name)


def test_from_import_of_an_old_name_warns_and_gives_the_new_object() -> None:
    with pytest.warns(DeprecationWarning, match="bluffmath.duel.engine"):
        from bluffmath.hochstapler.duel_play import Game
    assert Game is duel_package.Game
    with pytest.warns(DeprecationWarning, match="bluffmath.duel"):
        from bluffmath.hochstapler import duel
    assert duel is duel_package.duel


def test_the_old_module_never_hides_the_function_of_the_same_name() -> None:
    """``bluffmath.hochstapler.duel`` is the function, as before, though a module of that
    name is imported: the package loads it first and keeps its own name free."""
    importlib.import_module("bluffmath.hochstapler.duel")
    assert "duel" not in vars(hs)
    with pytest.warns(DeprecationWarning, match="import duel from bluffmath.duel"):
        assert hs.duel is duel_package.duel


def test_the_old_modules_keep_their_private_helpers_for_one_release() -> None:
    old = importlib.import_module("bluffmath.hochstapler.duel")
    with pytest.warns(DeprecationWarning, match="bluffmath.duel.tree"):
        assert old._tree is importlib.import_module("bluffmath.duel.tree")._tree
    with pytest.warns(DeprecationWarning, match="import IllegalActionError from bluffmath.errors"):
        assert importlib.import_module("bluffmath.hochstapler.duel_play").IllegalActionError.__name__ == \
            "IllegalActionError"


@pytest.mark.parametrize("module", [hs, importlib.import_module("bluffmath.hochstapler.duel"),
                                    importlib.import_module("bluffmath.hochstapler.duel_play")])
def test_a_name_that_never_was_is_an_attribute_error_without_a_warning(module: object) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
            module.no_such_name  # noqa: B018
        assert not hasattr(module, "__wrapped__")


def test_a_save_is_what_it_was() -> None:
    state = duel_package.Game(deck=(0, 1, 2)).new_game(seed=1).call(1)
    data = json.loads(duel_package.save_duel(state))
    assert (data["format"], data["version"]) == ("bluffmath-hochstapler-duel", 1)
    assert duel_package.load_duel(json.dumps(data)) == state


IMPORTS = """
import json, sys, warnings
warnings.filterwarnings("error", message=".*duel")  # a warning of the Duel's move is an error
import bluffmath.hochstapler
first = sorted(m for m in sys.modules if m == "bluffmath.duel" or m.startswith("bluffmath.duel."))
import bluffmath.hochstapler.duel, bluffmath.hochstapler.duel_play
second = sorted(m for m in sys.modules if m == "bluffmath.duel" or m.startswith("bluffmath.duel."))
warnings.simplefilter("ignore")
from bluffmath.hochstapler.duel import call_chance
from bluffmath.hochstapler import duel
import bluffmath.duel
print(json.dumps([first, second, duel is bluffmath.duel.duel]))
"""


def test_importing_hochstapler_or_the_old_modules_imports_no_duel_and_warns_nothing() -> None:
    """In a fresh interpreter: ``import bluffmath.hochstapler`` (and of the old modules)
    neither imports bluffmath.duel (which imports bluffmath.hochstapler's modules: no
    cycle) nor warns; taking a name does."""
    run = subprocess.run([sys.executable, "-c", IMPORTS], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == [[], [], True]
