"""The lessons as a JupyterLite site (lite/build.py, ``make lite``): built offline, holding
every notebook of notebooks/ a student may see (no solution copies unless asked for), the
bluffmath wheel (with bluffmath_widgets) and ipywidgets,
jupyterlab_widgets and comm at exactly the versions installed here, and the widgets' lab
extension. The site in a real browser: tests/browser/test_lite_site.py.

Needs jupyterlite-core and jupyterlite-pyodide-kernel, and the pinned wheels that
``python lite/build.py fetch`` puts in ``.cache/lite-wheels``; without them the build test
skips with the reason, and in CI a skip is a failure.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from importlib.metadata import distribution, version
from pathlib import Path

import pytest

from scripts import script

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PINNED = {"ipywidgets", "jupyterlab_widgets", "comm", "openskill", "fsrs"}
BUILD_SECONDS = 180  # measured: about 10 s of CPU, 25 s on a busy two-core machine (the bytecode
# of every wheel but bluffmath's is compiled ahead by `lite/build.py fetch`, as make installs)


lite = script("lite_build", ROOT / "lite" / "build.py")


def _offline(command: list[str]) -> list[str]:
    """``command`` in a new network namespace (no network at all) where the system allows it."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n", *command]
    return command


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ``make lite`` builds it (for students), once into a temporary folder, offline."""
    if importlib.util.find_spec("jupyterlite_core") is None:
        pytest.skip("needs jupyterlite-core and jupyterlite-pyodide-kernel (pip install '.[dev]')")
    if not all(any(lite.CACHE.glob(f"{name}-{version(name)}-py3-none-any.whl")) for name in PINNED):
        pytest.skip(f"needs the pinned wheels in {lite.CACHE} (python lite/build.py fetch)")
    if not lite.PYODIDE.is_dir():
        pytest.skip("needs node_modules/pyodide (`npm ci`, as make test runs)")
    output = tmp_path_factory.mktemp("lite") / "site"
    # Any attempt to fetch goes to a closed port even where unshare is not allowed.
    env = {**os.environ, **{k: "http://127.0.0.1:9" for k in ("http_proxy", "https_proxy",
                                                               "HTTP_PROXY", "HTTPS_PROXY")}}
    start = time.monotonic()
    done = subprocess.run(_offline([sys.executable, str(ROOT / "lite" / "build.py"), "build",
                                    "--output", str(output)]),
                          capture_output=True, text=True, env=env, timeout=600, check=False)
    seconds = time.monotonic() - start
    assert done.returncode == 0, done.stderr[-3000:]
    assert seconds < BUILD_SECONDS, f"the build took {seconds:.0f} s"
    return output


def _notebooks() -> list[Path]:
    """Every notebook of the repository a browser can run and a student may see, relative
    to notebooks/ (the class table's starts a server; the solution copies are the teacher's)."""
    return sorted(p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts and p.relative_to(NOTEBOOKS) not in lite.SERVER_ONLY
                  and not p.relative_to(NOTEBOOKS).is_relative_to(lite.SOLUTIONS))


@pytest.mark.slow
def test_the_site_make_lite_builds_holds_no_solutions(site: Path) -> None:
    shipped = {p.relative_to(site / "files") for p in (site / "files").rglob("*.ipynb")}
    assert shipped == set(_notebooks())
    assert not (site / "files" / lite.SOLUTIONS).exists()
    assert any(p.parts[:2] == ("lessons", "student") for p in shipped)
    for folder in (site / "api" / "contents").rglob("all.json"):  # nor any listing of them
        assert "solutions" not in {item["name"] for item in _all_json(folder.parent)["content"]}, folder


def _all_json(folder: Path) -> dict:
    """A folder's listing as the site's contents API serves it to the file browser."""
    return json.loads((folder / "all.json").read_text())


@pytest.mark.slow
def test_every_notebook_is_in_the_site_with_an_install_cell(site: Path) -> None:
    assert len(_notebooks()) >= 8
    for relative in _notebooks():
        original = json.loads((NOTEBOOKS / relative).read_text())
        shipped = json.loads((site / "files" / relative).read_text())
        installs = [c for c in shipped["cells"] if "%pip install" in "".join(c["source"])]
        assert len(installs) == 1, relative
        first_code = next(c for c in shipped["cells"] if c["cell_type"] == "code")
        assert first_code is installs[0]
        source = "".join(installs[0]["source"])
        assert f"bluffmath=={version('bluffmath')}" in source
        assert f"ipywidgets=={version('ipywidgets')}" in source
        assert [c for c in shipped["cells"] if c is not installs[0]] == original["cells"]
        assert shipped["metadata"]["kernelspec"] == lite.SITE_KERNEL, relative  # no "Select Kernel"


def test_the_site_kernel_is_the_one_the_pyodide_kernel_registers() -> None:
    """The name and display name every staged notebook gets are those the installed
    Pyodide kernel extension registers (read from its bundle, not from lite/build.py)."""
    bundle = "".join(p.read_text(encoding="utf-8", errors="replace")
                     for p in (lite.kernel_extension() / "static").glob("*.js"))
    registered = re.findall(r'name:"(\w+)",display_name:"([^"]+)"', bundle)
    assert (lite.SITE_KERNEL["name"], lite.SITE_KERNEL["display_name"]) in registered


@pytest.mark.slow
def test_the_file_browser_lists_the_lessons(site: Path) -> None:
    """The contents API holds every folder of notebooks/ with its notebooks."""
    for folder in {relative.parent for relative in _notebooks()}:
        listing = _all_json(site / "api" / "contents" / folder)
        names = {item["name"] for item in listing["content"] if item["type"] == "notebook"}
        assert names == {p.name for p in _notebooks() if p.parent == folder}, folder


@pytest.mark.slow
def test_the_pinned_wheels_are_in_the_site_and_its_index(site: Path) -> None:
    index = json.loads((site / "pypi" / "all.json").read_text())
    wanted = {name: version(name) for name in (*PINNED, "bluffmath")}
    assert {name.replace("-", "_"): list(entry["releases"]) for name, entry in index.items()} \
        == {name: [v] for name, v in wanted.items()}
    for entry in index.values():
        (release,) = entry["releases"].values()
        (wheel,) = release
        data = (site / "pypi" / wheel["filename"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == wheel["digests"]["sha256"]
    for name in PINNED:  # the very files pip installed here, byte for byte
        (path,) = (site / "pypi").glob(f"{name}-{wanted[name]}-py3-none-any.whl")
        record = {str(f): f.hash for f in distribution(name).files  # the package's own files: here a
                  if f.hash and f.parts[0] == name and f.suffix != ".so"}  # compiled module may stand beside one
        with zipfile.ZipFile(path) as wheel:
            assert record
            for member, digest in record.items():
                got = base64.urlsafe_b64encode(hashlib.sha256(wheel.read(member)).digest())
                assert got.rstrip(b"=").decode() == digest.value, member


@pytest.mark.slow
def test_the_bluffmath_wheel_holds_the_core_and_the_widgets(site: Path) -> None:
    (path,) = (site / "pypi").glob("bluffmath-*.whl")
    with zipfile.ZipFile(path) as wheel:
        names = set(wheel.namelist())
    for package, folder in {"bluffmath": ROOT / "bluffmath", "bluffmath_widgets": ROOT / "widgets"}.items():
        here = {f"{package}/{p.name}" for p in folder.glob("*.py")}
        assert f"{package}/__init__.py" in here
        assert here <= names, sorted(here - names)


@pytest.mark.slow
def test_the_site_has_the_widgets_extension_and_no_pypi_fallback(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert extensions == {"@jupyter-widgets/jupyterlab-manager", lite.KERNEL_EXTENSION}
    manager = site / "extensions" / "@jupyter-widgets" / "jupyterlab-manager"
    shipped = json.loads((manager / "package.json").read_text())["version"]
    with zipfile.ZipFile(next((site / "pypi").glob("jupyterlab_widgets-*.whl"))) as wheel:
        inside = next(n for n in wheel.namelist()
                      if n.endswith("labextensions/@jupyter-widgets/jupyterlab-manager/package.json"))
        assert shipped == json.loads(wheel.read(inside))["version"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pipliteUrls"][0].startswith("./pypi/all.json")
    for entry in config["federated_extensions"]:
        load = site / "extensions" / entry["name"] / entry["load"]
        assert load.is_file(), load


@pytest.mark.slow
def test_the_site_ships_the_pinned_pyodide_and_the_kernels_wheels(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["loadPyodideOptions"]["packages"] == list(lite.START)
    shipped = site / "static" / "pyodide"
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    assert json.loads((shipped / "package.json").read_text())["version"] == pinned
    for name in ("pyodide.mjs", "pyodide.asm.wasm"):
        assert (shipped / name).read_bytes() == (lite.PYODIDE / name).read_bytes(), name
    with zipfile.ZipFile(shipped / "python_stdlib.zip") as ours, \
            zipfile.ZipFile(lite.PYODIDE / "python_stdlib.zip") as pyodides:
        theirs = pyodides.namelist()
        for name in theirs:  # Pyodide's standard library, unchanged, with bytecode added
            assert ours.read(name) == pyodides.read(name), name
        added = set(ours.namelist()) - set(theirs)
        assert "asyncio/base_events.pyc" in added
        assert added <= {name + "c" for name in theirs if name.endswith(".py")}
    lock = json.loads((shipped / "pyodide-lock.json").read_text())["packages"]
    original = json.loads((lite.PYODIDE / "pyodide-lock.json").read_text())["packages"]
    wheels = {p.name for p in shipped.glob("*.whl")}
    for needed in ("ipython", "jedi", "micropip", "sympy", "mpmath", "traitlets", "pygments"):
        assert original[needed]["file_name"] in wheels, needed
    for entry in lock.values():
        if entry["file_name"] in wheels:  # the file shipped, its hash in the lock
            assert hashlib.sha256((shipped / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
    for name, entry in original.items():  # nothing else changed
        assert {**lock[name], "sha256": entry["sha256"]} == entry, name
    # the kernel's own wheels (from its lab extension) and comm, added to the lock
    assert set(lock) - set(original) == {"piplite", "pyodide-kernel", "ipykernel", "comm"}
    for name in lite.START:  # what the kernel loads at start, with all it depends on
        assert lock[name]["file_name"] in wheels, name
        assert {lite._normal(d) for d in lock[name]["depends"]} <= {lite._normal(k) for k in lock}, name
    for wheel in wheels:  # every shipped wheel is named in the lock, with bytecode in it
        assert wheel in {entry["file_name"] for entry in lock.values()}, wheel
        with zipfile.ZipFile(shipped / wheel) as archive:
            assert any(n.endswith(".cpython-314.pyc") for n in archive.namelist()), wheel


def test_the_kernels_wheels_are_the_closure_of_what_it_loads() -> None:
    if not lite.PYODIDE.is_dir():
        pytest.fail("needs node_modules/pyodide (`npm ci`)")
    lock = json.loads((lite.PYODIDE / "pyodide-lock.json").read_text())
    names = {entry["name"].lower().replace("_", "-") for entry in lite.kernel_wheels(lock)}
    assert {"ipython", "jedi", "parso", "micropip", "sympy", "mpmath", "traitlets", "prompt-toolkit"} <= names
    assert "numpy" not in names
    for entry in lite.kernel_wheels(lock):
        assert entry["file_name"].endswith("-none-any.whl"), entry["file_name"]  # pure Python: on PyPI


def test_a_pyodide_other_than_the_pinned_one_is_refused(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"version": "0.1.0"}')
    (tmp_path / "pyodide-lock.json").write_text('{"packages": {}}')
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    with pytest.raises(SystemExit, match=rf"holds Pyodide 0\.1\.0, package\.json pins {pinned}: run `npm ci`"):
        lite.pyodide_lock(tmp_path)


def test_the_install_cell_goes_before_the_first_code_cell() -> None:
    cell = lite.install_cell(["bluffmath==1.2.3"])
    title = {"cell_type": "markdown", "metadata": {}, "source": "# A lesson"}
    code = {"cell_type": "code", "metadata": {}, "source": "1 + 1", "outputs": [],
            "execution_count": None}
    notebook = {"cells": [title, code], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    assert lite.with_install_cell(notebook, cell)["cells"] == [title, cell, code]
    assert lite.with_install_cell({**notebook, "cells": [title]}, cell)["cells"] == [title, cell]
    assert notebook["cells"] == [title, code]  # the original is left alone
    assert cell["source"].endswith("%pip install bluffmath==1.2.3")


def test_a_site_leaves_out_the_solution_copies_unless_asked(tmp_path: Path) -> None:
    notebooks = ROOT / "notebooks"
    cell = lite.install_cell(["bluffmath==1.2.3"])
    every = {p.relative_to(tmp_path / "all")
             for p in lite.stage_notebooks(notebooks, tmp_path / "all", cell, solutions=True)}
    given = {p.relative_to(tmp_path / "class") for p in lite.stage_notebooks(notebooks, tmp_path / "class", cell)}
    solutions = {p.relative_to(notebooks) for p in (notebooks / "lessons" / "solutions").rglob("*.ipynb")}
    assert len(solutions) >= 6
    assert solutions <= every
    assert not lite.SERVER_ONLY & every
    assert all((notebooks / p).is_file() for p in lite.SERVER_ONLY)
    assert given == every - solutions
    assert ({p.relative_to("lessons/student") for p in given if p.is_relative_to("lessons/student")}
            == {p.relative_to("lessons/solutions") for p in solutions})


def test_a_missing_pinned_wheel_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"python lite/build\.py fetch"):
        lite.cached_wheels(tmp_path)


def test_make_lite_builds_for_students_unless_told() -> None:
    """``make lite`` leaves the solutions out; ``LITE_SOLUTIONS=1`` asks for them (``make
    -n``: the commands it would run, none run; the install taken as done)."""
    def build_command(*words: str) -> str:
        done = subprocess.run(["make", "-n", "-o", ".venv/.installed-dev", "lite", *words],
                              capture_output=True, text=True, cwd=ROOT, check=True)
        return next(line for line in done.stdout.splitlines() if "lite/build.py build" in line)
    assert "--solutions" not in build_command()
    assert build_command("LITE_SOLUTIONS=1").endswith(" --solutions")
    assert "--solutions" not in build_command("LITE_SOLUTIONS=")
