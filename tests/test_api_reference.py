"""The API reference (docs/reference/api.md) has every module of the core and of the class
table server: a new module without its page would be invisible on the docs site."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The Hoax engine's inside (their docstrings say so): their functions take the engine's
#: State, which they can name only for the type checker (it imports them), so Sphinx could
#: not tell it from the other games' States. Their docstrings are read in the source.
INSIDE = {"bluffmath.hoax.flow", "bluffmath.hoax.moves"}


def _modules(package: str) -> set[str]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        if path.name == "__main__.py" or "__pycache__" in path.parts:
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def test_every_module_has_its_place_in_the_api_reference() -> None:
    documented = set(re.findall(r"^\.\. automodule:: (\S+)$", (ROOT / "docs/reference/api.md").read_text(), re.M))
    modules = _modules("bluffmath") | _modules("bluffmath_class")
    assert "bluffmath.review.habits" in modules
    assert modules >= INSIDE
    assert sorted(modules - documented - INSIDE) == []
    assert sorted(documented - modules) == []
