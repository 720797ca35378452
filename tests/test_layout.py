"""The core's layout (issue 48): small modules, and imports that go one way.

Every module of ``bluffmath/`` is read as source (``ast``): the imports it makes anywhere,
inside functions too, name the modules it depends on, and no chain of them comes back to
where it started. A deprecated path that still works for a release (a module-level
``__getattr__`` that finds the moved name with ``importlib``) is not an import here: the
name has moved, and nothing in the project takes it from the old place.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "bluffmath"
LONGEST = 460
"""Lines a core module may have: "about 450" (issue 48)."""


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for p in sorted(CORE.rglob("*.py")) if "__pycache__" not in p.parts}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            continue
        out.update(t for t in targets if t in known and t != name)
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_core_module_imports_itself_back_through_others() -> None:
    modules = _modules()
    known = set(modules)
    graph = {name: _imports(name, path, known) for name, path in modules.items()}
    assert graph["bluffmath.equilibrium.refine"] >= {"bluffmath.equilibrium.program"}
    assert _cycles(graph) == []


def test_the_core_imports_nothing_above_it() -> None:
    """Neither the Jupyter front end nor the class server, even inside a function: the server
    adds its command to ``bluffmath`` through an entry point."""
    for name, path in _modules().items():
        source = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(source):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n.startswith(("bluffmath_class", "bluffmath_widgets")) for n in names), name


def test_every_core_module_is_small() -> None:
    long = {name: n for name, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert long == {}
