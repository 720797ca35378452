"""Build the lessons as a static JupyterLite site, with bluffmath and ipywidgets pinned.

Two steps, so that the build itself never needs the network:

``python lite/build.py fetch``
    downloads the wheels of ipywidgets, jupyterlab_widgets and comm at exactly the versions
    installed here into ``.cache/lite-wheels``, and the pure-Python wheels the kernel loads
    from Pyodide's distribution (ipython, jedi, micropip, sympy and what they need), at the
    versions ``node_modules/pyodide/pyodide-lock.json`` names, into
    ``.cache/lite-wheels/pyodide`` (``make`` does this when it installs, after ``npm ci``).
``python lite/build.py build``
    builds the bluffmath wheel (with ``bluffmath_widgets``) from this repository, copies every
    ``notebooks/**/*.ipynb`` with a first code cell that installs the pinned packages from the
    site, runs ``jupyter lite build`` into ``build/lite`` (offline), and copies the Pyodide
    core of ``node_modules/pyodide`` (the version ``package.json`` pins) with those wheels
    into the site's ``static/pyodide``, its lock's sha256 rewritten for the files shipped.

Nothing comes from outside the site: the kernel's ``pyodideUrl`` is the local copy, and
``disablePyPIFallback`` (``lite/jupyter-lite.json``) keeps piplite off PyPI.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = ROOT / ".cache" / "lite-wheels"
OUTPUT = ROOT / "build" / "lite"
# Shipped beside bluffmath at the installed versions: ipywidgets, its lab extension's
# Python package (the same version as the extension put in the site), and comm, which the
# Pyodide kernel installs at start and Pyodide's own distribution lacks.
PINNED = ("ipywidgets", "jupyterlab_widgets", "comm")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                "python_stdlib.zip", "package.json")
KERNEL_PACKAGES = ("micropip", "jedi", "ipython", "sympy")
"""What the kernel loads from Pyodide's distribution: micropip, jedi and ipython at start
(jupyterlite-pyodide-kernel's worker), sympy for bluffmath; with their dependencies."""
INSTALL_TAG = "jupyterlite-install"


def pins() -> dict[str, str]:
    """The pinned packages and their versions: those installed in this environment."""
    return {name: version(name) for name in PINNED}


def fetch(cache: Path = CACHE, pyodide: Path = PYODIDE) -> list[Path]:
    """Download the pinned wheels, and the kernel's wheels at the Pyodide lock's versions,
    into ``cache`` (the only step that needs the network)."""
    cache.mkdir(parents=True, exist_ok=True)
    wanted = [f"{name}=={v}" for name, v in pins().items()]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "-d", str(cache), *wanted], check=True)
    lock = pyodide_lock(pyodide)
    python = ".".join(lock["info"]["python"].split(".")[:2])
    kernel = [f"{e['name']}=={e['version']}" for e in kernel_wheels(lock)]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--python-version", python,
                    "-d", str(cache / "pyodide"), *kernel], check=True)
    return [*cached_wheels(cache), *cached_kernel_wheels(lock, cache)]


def cached_wheels(cache: Path = CACHE) -> list[Path]:
    """The pinned wheels in ``cache``, one per package; a clear error if one is missing."""
    found = []
    for name, v in pins().items():
        wheel = next(iter(sorted(cache.glob(f"{name}-{v}-*.whl"))), None)
        if wheel is None:
            raise SystemExit(f"no {name}-{v} wheel in {cache}: run `python lite/build.py fetch`")
        found.append(wheel)
    return found


def pinned_pyodide() -> str:
    """The Pyodide version ``package.json`` pins: the one source of truth for it."""
    return str(json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["pyodide"])


def pyodide_lock(pyodide: Path = PYODIDE) -> dict:
    """The lock file of the npm Pyodide package in ``pyodide``, checked to be the pinned version."""
    pinned = pinned_pyodide()
    try:
        found = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"no Pyodide package in {pyodide} ({error}): run `npm ci`") from error
    if found != pinned:
        raise SystemExit(f"{pyodide} holds Pyodide {found}, package.json pins {pinned}: run `npm ci`")
    return lock


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_wheels(lock: dict, roots: tuple[str, ...] = KERNEL_PACKAGES) -> list[dict]:
    """The lock's entries of ``roots`` and everything they depend on, by name.

    >>> lock = {"packages": {"a": {"name": "a", "depends": ["B_c"]}, "b-c": {"name": "B_c", "depends": []},
    ...                      "d": {"name": "d", "depends": []}}}
    >>> [e["name"] for e in kernel_wheels(lock, ("a",))]
    ['a', 'B_c']
    """
    packages, seen, todo = lock["packages"], {}, list(roots)
    while todo:
        name = _normal(todo.pop())
        if name not in seen:
            seen[name] = packages[name]
            todo += packages[name]["depends"]
    return [seen[name] for name in sorted(seen)]


def cached_kernel_wheels(lock: dict, cache: Path = CACHE) -> list[Path]:
    """The kernel's wheels in ``cache / "pyodide"``, named as the lock names them."""
    found = []
    for entry in kernel_wheels(lock):
        wheel = cache / "pyodide" / entry["file_name"]
        if not wheel.is_file():
            raise SystemExit(f"no {entry['file_name']} in {cache / 'pyodide'}: run `python lite/build.py fetch`")
        found.append(wheel)
    return found


def ship_pyodide(dest: Path, pyodide: Path = PYODIDE, cache: Path = CACHE) -> list[Path]:
    """Copy the Pyodide core and the kernel's wheels into ``dest`` with a lock whose sha256
    are those of the files shipped (PyPI's wheels, not Pyodide's rebuilt ones); the files."""
    lock = pyodide_lock(pyodide)
    wheels = cached_kernel_wheels(lock, cache)
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(pyodide / name, dest / name)
    by_file = {entry["file_name"]: entry for entry in lock["packages"].values()}
    for wheel in wheels:
        shutil.copyfile(wheel, dest / wheel.name)
        by_file[wheel.name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (dest / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return [dest / name for name in (*PYODIDE_CORE, "pyodide-lock.json")] + [dest / w.name for w in wheels]


def build_wheel(dest: Path) -> Path:
    """Build the bluffmath wheel (``bluffmath`` and ``bluffmath_widgets``) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    # From a copy: a build in the work tree writes build/ and *.egg-info there, where two
    # builds at once (the tests run in parallel) would trip over each other.
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        for name in ("bluffmath", "widgets"):
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
                        "--no-build-isolation", "-w", str(dest), str(source)], check=True)
    return next(dest.glob("bluffmath-*.whl"))


def install_cell(requirements: list[str]) -> dict:
    """The code cell put first in every notebook of the site: install from the site itself."""
    source = ("# In the browser (JupyterLite): bluffmath and ipywidgets from this site,\n"
              "# at the versions it was built with.\n"
              f"%pip install {' '.join(requirements)}")
    return {"cell_type": "code", "execution_count": None, "id": "jupyterlite-install",
            "metadata": {"tags": [INSTALL_TAG]}, "outputs": [], "source": source}


def with_install_cell(notebook: dict, cell: dict) -> dict:
    """The notebook with ``cell`` before its first code cell (a title may stay on top)."""
    cells = notebook["cells"]
    first = next((i for i, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
    return {**notebook, "cells": [*cells[:first], cell, *cells[first:]]}


SOLUTIONS = Path("lessons", "solutions")
"""The lessons' solution copies, under notebooks/ (left out of a site for students)."""


def stage_notebooks(source: Path, dest: Path, cell: dict, students: bool = False) -> list[Path]:
    """Copy every ``*.ipynb`` under ``source`` to ``dest`` (same tree), each with ``cell``;
    for ``students``, without the lessons' solution copies."""
    staged = []
    for path in sorted(source.rglob("*.ipynb")):
        relative = path.relative_to(source)
        if ".ipynb_checkpoints" in path.parts or (students and relative.is_relative_to(SOLUTIONS)):
            continue
        target = dest / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = with_install_cell(json.loads(path.read_text(encoding="utf-8")), cell)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
        staged.append(target)
    return staged


def kernel_extension() -> Path:
    """The Pyodide kernel's lab extension as installed here (jupyterlite-pyodide-kernel)."""
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("labextensions"):
        if (Path(folder) / KERNEL_EXTENSION / "package.json").is_file():
            return Path(folder) / KERNEL_EXTENSION
    raise SystemExit(f"{KERNEL_EXTENSION} is not installed: pip install jupyterlite-pyodide-kernel")


def lite_build(stage: Path, output: Path, wheels: list[Path], extensions: list[Path]) -> None:
    """Run ``jupyter lite build`` on the staged folder (config, contents) into ``output``."""
    listed = json.dumps([str(p) for p in extensions])
    subprocess.run([sys.executable, "-m", "jupyterlite_core", "build",
                    "--lite-dir", str(stage), "--output-dir", str(output),
                    "--contents", str(stage / "files"),
                    f"--LiteBuildConfig.federated_extensions={listed}",
                    *(f"--piplite-wheels={w}" for w in wheels)],
                   check=True, cwd=stage)


def build(output: Path = OUTPUT, cache: Path = CACHE, notebooks: Path = ROOT / "notebooks",
          students: bool = False) -> Path:
    """Build the whole site into ``output`` (offline) and return it; for ``students``,
    without the lessons' solution copies."""
    pinned = cached_wheels(cache)
    stage = output.parent / f"{output.name}-stage"
    for folder in (stage, output):  # only a folder this script built is replaced
        if folder.exists() and any(folder.iterdir()) and not (folder / "jupyter-lite.json").exists():
            raise SystemExit(f"{folder} holds files but no JupyterLite site: choose another --output")
        shutil.rmtree(folder, ignore_errors=True)
    stage.mkdir(parents=True)
    pyodide_lock()  # the right Pyodide is there, before the long steps
    for config in ("jupyter_lite_config.json", "jupyter-lite.json"):
        shutil.copy(LITE / config, stage / config)
    ours = build_wheel(stage / "wheels")
    # the version of the wheel just built (an older editable install may report another)
    requirements = [f"bluffmath=={ours.name.split('-')[1]}", f"ipywidgets=={pins()['ipywidgets']}"]
    stage_notebooks(notebooks, stage / "files", install_cell(requirements), students)
    widgets = next(w for w in pinned if w.name.startswith("jupyterlab_widgets-"))
    lite_build(stage, output, [ours, *pinned], [kernel_extension(), widgets])
    ship_pyodide(output / "static" / "pyodide", cache=cache)
    return output


def main(argv: list[str] | None = None) -> None:
    """``fetch`` the pinned wheels (network) or ``build`` the site (offline)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("fetch", "build"))
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the site's folder")
    parser.add_argument("--cache", type=Path, default=CACHE, help="the pinned wheels' folder")
    parser.add_argument("--students", action="store_true",
                        help="leave the lessons' solution copies out (a site to give a class)")
    args = parser.parse_args(argv)
    if args.step == "fetch":
        print("\n".join(str(w) for w in fetch(args.cache)))
    else:
        print(f"built {build(args.output.resolve(), args.cache.resolve(), students=args.students)}")


if __name__ == "__main__":
    main()
