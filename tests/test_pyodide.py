"""The core under Pyodide (Python 3.14, WebAssembly) in Node, offline: every doctest of
every bluffmath module must pass there as it does here, so that the core never drifts
from what a browser can run.

Needs node and the npm package pyodide (``make test`` runs ``npm ci``) and the sympy and
mpmath wheels that ``make test`` downloads to ``.cache/pyodide-wheels``. Without them the
test skips with the reason, and in CI a skip is a failure.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WHEELS = ROOT / ".cache" / "pyodide-wheels"


def _pyodide_run(tmp_path: Path, script: str, *args: str) -> dict:
    """Run one of tests/pyodide/*.mjs on our wheel (+ sympy, mpmath); its last line as JSON."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("needs node and `npm ci` (make test does both where node is installed)")
    extra = sorted(WHEELS.glob("*.whl"))
    if not {w.name.split("-")[0] for w in extra} >= {"sympy", "mpmath"}:
        pytest.skip(f"needs the sympy and mpmath wheels in {WHEELS} (make test fetches them)")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    ours = next(tmp_path.glob("bluffmath-*.whl"))
    done = subprocess.run([node, str(ROOT / "tests" / "pyodide" / script), *args, str(ours), *map(str, extra)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_gauner_solver_under_pyodide_matches_numpy_here(tmp_path: Path) -> None:
    """The pure-Python engine in the browser's Python gives the numpy engine's answers."""
    from bluffmath.gauner import random_positions, solve

    positions = [list(random_positions(players, seed=11))[turn][0] for players, turn in ((2, 3), (3, 6), (4, 9))]
    file = tmp_path / "positions.json"
    file.write_text(json.dumps([p.to_json() for p in positions]))
    report = _pyodide_run(tmp_path, "gauner_solve.mjs", str(file))
    assert report["python"].startswith("3.14")
    assert report["numpy"] is False
    assert report["answers"] == [solve(p, engine="numpy").to_json() for p in positions]


@pytest.mark.slow
def test_every_core_doctest_passes_under_pyodide(tmp_path: Path) -> None:
    report = _pyodide_run(tmp_path, "core_doctests.mjs")
    assert report["python"].startswith("3.14")
    modules = report["modules"]
    needs_numpy = {name for name, counts in modules.items() if counts == "needs numpy"}
    assert needs_numpy == {"bluffmath.gauner.joint_numpy"}, needs_numpy
    modules = {name: counts for name, counts in modules.items() if name not in needs_numpy}
    expected = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                for p in (ROOT / "bluffmath").rglob("*.py")
                if p.stem not in ("__init__", "__main__")}
    assert expected - needs_numpy <= set(modules), f"not tested under Pyodide: {expected - set(modules)}"
    failed = {name: counts for name, counts in modules.items() if counts[1]}
    assert failed == {}, f"doctests failing under Pyodide: {failed}"
    assert sum(attempted for attempted, _ in modules.values()) >= 100
