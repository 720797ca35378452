"""The equilibrium solver and Liar's dice laid out one job per module: the names that moved
are still found at their old place for one release, with a DeprecationWarning, and the
modules of both packages import one another one way only (imports inside functions
counted too, the old places' lookups of moved names left out)."""

from __future__ import annotations

import ast
import importlib
import warnings
from pathlib import Path

import pytest

import bluffmath.equilibrium
import bluffmath.liars_dice

MOVED = [
    ("bluffmath.equilibrium.solver", "refined", "bluffmath.equilibrium.refine"),
    ("bluffmath.equilibrium.solver", "lp_rows", "bluffmath.equilibrium.program"),
    ("bluffmath.equilibrium.solver", "IPM_FROM", "bluffmath.equilibrium.program"),
    ("bluffmath.equilibrium.solver", "exact_solve", "bluffmath.equilibrium.exact"),
    ("bluffmath.equilibrium.certificate", "game_value", "bluffmath.equilibrium.value"),
    ("bluffmath.equilibrium.certificate", "game_from_spec", "bluffmath.equilibrium.games"),
    ("bluffmath.equilibrium.response", "exploitability", "bluffmath.equilibrium.value"),
    ("bluffmath.liars_dice.game", "reduced_liars_dice", "bluffmath.liars_dice.reduced"),
]


@pytest.mark.parametrize(("old", "name", "home"), MOVED, ids=lambda v: v.rsplit(".", 1)[-1])
def test_a_moved_name_is_found_at_its_old_place_with_a_warning(old: str, name: str, home: str) -> None:
    new = getattr(importlib.import_module(home), name)
    with pytest.warns(DeprecationWarning, match=rf"^{old}\.{name} is deprecated: import {name} from {home} "):
        assert getattr(importlib.import_module(old), name) is new
    scope: dict[str, object] = {}
    with pytest.warns(DeprecationWarning, match=f"import {name} from {home}"):
        exec(f"from {old} import {name} as found", scope)  # the form most code uses
    assert scope["found"] is new


@pytest.mark.parametrize("old", sorted({old for old, _, _ in MOVED}))
def test_a_name_that_never_was_there_is_no_attribute(old: str) -> None:
    with pytest.raises(AttributeError, match=f"module '{old}' has no attribute 'refind'"):
        importlib.import_module(old).refind  # noqa: B018 - the lookup is the test


@pytest.mark.parametrize("package", [bluffmath.equilibrium, bluffmath.liars_dice], ids=lambda p: p.__name__)
def test_every_name_the_packages_export_is_there_without_a_warning(package) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in package.__all__:
            getattr(package, name)


def _imports(package) -> dict[str, set[str]]:
    """Each module of ``package`` (the package itself too, its ``__init__``) and the modules
    of the package it imports, at its top or inside a function (a moved name's lookup,
    ``moved(...)``, imports nothing here)."""
    files = {(package.__name__ if p.stem == "__init__" else f"{package.__name__}.{p.stem}"): p
             for p in Path(package.__file__).parent.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        graph[module] = (found & set(files)) - {module}
    return graph


@pytest.mark.parametrize("package", [bluffmath.equilibrium, bluffmath.liars_dice], ids=lambda p: p.__name__)
def test_the_modules_import_one_another_one_way(package) -> None:
    graph = _imports(package)
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "an import circle: " + " -> ".join((*path[path.index(module):], module))
        if module not in done:
            for other in sorted(graph[module]):
                visit(other, (*path, module))
            done.add(module)
    for module in sorted(graph):
        visit(module, ())
    if package is bluffmath.equilibrium:  # the layers, bottom up
        assert "bluffmath.equilibrium.certificate" not in graph["bluffmath.equilibrium.response"]
        assert "bluffmath.equilibrium.solver" not in graph["bluffmath.equilibrium.certificate"]
        assert "bluffmath.equilibrium.solver" not in graph["bluffmath.equilibrium.refine"]
