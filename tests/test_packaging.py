"""Packaging: the wheel holds every module, and the three packages import the same way
from a wheel and from the editable install; the core imports nothing from Jupyter (nor
the class server); the ``bluffmath`` command is installed.

The front end lives in ``widgets/`` and is imported as ``bluffmath_widgets``
(``package-dir`` in pyproject.toml); the class table server is ``bluffmath_class/``.
pyproject.toml lists the packages explicitly, so a new module or subpackage that the list
misses would work in the editable install and be missing from the wheel: the wheel tests
below catch that.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Import name -> folder in the repository.
PACKAGES = {"bluffmath": ROOT / "bluffmath", "bluffmath_widgets": ROOT / "widgets",
            "bluffmath_class": ROOT / "bluffmath_class"}
# Files a package may need at run time besides its modules.
DATA_SUFFIXES = {".typed", ".js", ".css", ".html", ".json", ".svg"}
JUPYTER = ("ipywidgets", "IPython", "ipykernel", "traitlets", "matplotlib", "nbformat",
           "bluffmath_class", "starlette", "uvicorn")
NOT_IN_HOCHSTAPLER = ("sympy", "scipy", "numpy")


def source_files(import_name: str) -> dict[str, Path]:
    """Path in a wheel (``bluffmath_widgets/common.py``) -> file in the repository."""
    folder = PACKAGES[import_name]
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and (
            path.suffix == ".py" or path.suffix in DATA_SUFFIXES
        ):
            files[f"{import_name}/{path.relative_to(folder).as_posix()}"] = path
    return files


def module_names() -> list[str]:
    """Every importable module of the packages (``__main__`` runs the CLI, so not it)."""
    names = []
    for import_name in PACKAGES:
        for wheel_path in source_files(import_name):
            if not wheel_path.endswith(".py"):
                continue
            parts = wheel_path.removesuffix(".py").split("/")
            if parts[-1] == "__main__":
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


def run_python(code: str, *args: str, cwd: Path) -> str:
    """Run ``code`` in a fresh, isolated interpreter of this venv (``-I``: no current
    folder, no PYTHONPATH on sys.path) and return what it prints."""
    run = subprocess.run([sys.executable, "-I", "-c", code, *args], capture_output=True,
                         text=True, cwd=cwd, check=False)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    return run.stdout


IMPORT_ALL = """
import importlib, json, sys
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
print(json.dumps({name: importlib.import_module(name).__file__ for name in sys.argv[2:]}))
"""


def test_the_module_list_is_complete() -> None:
    names = module_names()
    gauner = ["bots", "conflicts", "diagram", "game", "grid", "guessing", "joint", "joint_numpy",
              "playout", "position", "reasons", "report", "saves", "solve", "tournament"]
    hoax = ["deduce", "evidence", "practice", "report", "roles"]
    muenchhausen = ["advice", "bots", "events", "game", "knowledge", "rules", "saves", "tournament", "weights"]
    embed = ["calculators", "forms", "gauner_grid", "hoax_identities", "hochstapler_odds",
             "muenchhausen_card", "site", "wheel"]
    lessons = ["bids", "conditioning", "counting", "deduction", "doubting", "face_down",
               "identities", "key", "why_bluff"]
    for expected in ["bluffmath", "bluffmath.hochstapler", "bluffmath.hochstapler.counting",
                     "bluffmath.gauner", *(f"bluffmath.gauner.{m}" for m in gauner),
                     "bluffmath.hoax", *(f"bluffmath.hoax.{m}" for m in hoax),
                     "bluffmath.muenchhausen", *(f"bluffmath.muenchhausen.{m}" for m in muenchhausen),
                     "bluffmath.embed", *(f"bluffmath.embed.{m}" for m in embed),
                     "bluffmath_widgets", "bluffmath_widgets.equilibrium",
                     *(f"bluffmath_widgets.lessons.{m}" for m in lessons)]:
        assert expected in names
    assert "bluffmath.__main__" not in names


# --- the wheel --------------------------------------------------------------------------

def _can_build_without_isolation() -> bool:
    """The venv's setuptools reads pyproject.toml's ``license = "MIT"`` from 77 on."""
    try:
        return int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        return False


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the repository (building in place would write build/
    and *.egg-info into the work tree).

    With the venv's setuptools if it is new enough (offline); otherwise pip builds in an
    isolated environment with the setuptools that ``[build-system]`` asks for, from the
    package index.
    """
    source = tmp_path_factory.mktemp("source") / "bluffmath"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "_build",
        ".pytest_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints", "node_modules",
    ))
    out = tmp_path_factory.mktemp("wheel")
    isolation = ["--no-build-isolation"] if _can_build_without_isolation() else []
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "--quiet",
         "--wheel-dir", str(out), str(source)],
        capture_output=True, text=True, cwd=out, check=False,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert build.returncode == 0, f"building the wheel failed:\n{build.stdout}\n{build.stderr}"
    wheels = list(out.glob("bluffmath-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def installed_wheel(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a folder of its own, as a plain install would lay it out."""
    target = tmp_path_factory.mktemp("target")
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--no-index",
         "--target", str(target), str(wheel)],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert install.returncode == 0, f"{install.stdout}\n{install.stderr}"
    return target


@pytest.mark.slow
def test_wheel_holds_every_module_and_py_typed(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    expected = {k: v for name in PACKAGES for k, v in source_files(name).items()}
    assert "bluffmath/py.typed" in expected, "bluffmath/py.typed is missing from the repository"
    missing = sorted(set(expected) - names)
    assert not missing, (
        f"the wheel lacks {missing}: add the package to [tool.setuptools] packages "
        f"(or the file to package-data) in pyproject.toml"
    )
    packaged = {n for n in names if n.split("/")[0] in PACKAGES and not n.endswith("/")}
    strays = []
    for name in sorted(packaged):
        import_name, rest = name.split("/", 1)
        if not (PACKAGES[import_name] / rest).is_file():
            strays.append(name)
    assert not strays, f"the wheel holds files that are not in the repository: {strays}"


@pytest.mark.slow
def test_wheel_holds_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        top = {name.split("/")[0] for name in archive.namelist()}
    dist_info = {t for t in top if t.endswith(".dist-info")}
    assert len(dist_info) == 1
    assert top - dist_info == set(PACKAGES)


@pytest.mark.slow
def test_wheel_declares_the_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        [entry_points] = [n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = archive.read(entry_points).decode()
    assert "[console_scripts]" in text
    assert "bluffmath = bluffmath.cli:main" in text


@pytest.mark.slow
def test_everything_imports_from_the_wheel(installed_wheel: Path, tmp_path: Path) -> None:
    names = module_names()
    files = json.loads(run_python(IMPORT_ALL, str(installed_wheel), *names, cwd=tmp_path))
    assert set(files) == set(names)
    for name, file in files.items():
        assert Path(file).is_relative_to(installed_wheel), (
            f"{name} was imported from {file}, not from the installed wheel in {installed_wheel}"
        )
    assert Path(files["bluffmath_widgets"]) == installed_wheel / "bluffmath_widgets" / "__init__.py"


# --- the editable install -------------------------------------------------------------

def test_everything_imports_from_the_editable_install(tmp_path: Path) -> None:
    names = module_names()
    files = json.loads(run_python(IMPORT_ALL, "", *names, cwd=tmp_path))
    for name, file in files.items():
        folder = PACKAGES[name.split(".")[0]]
        assert Path(file).is_relative_to(folder), (
            f"{name} was imported from {file}, not from {folder}: is the venv's editable "
            f"install (pip install -e .) from this checkout?"
        )
    assert Path(files["bluffmath_widgets"]) == ROOT / "widgets" / "__init__.py"


# --- what the core imports --------------------------------------------------------------

def test_the_core_imports_nothing_from_jupyter(tmp_path: Path) -> None:
    code = """
import json, pkgutil, sys
import bluffmath
for module in pkgutil.walk_packages(bluffmath.__path__, "bluffmath."):
    if not module.name.endswith(".__main__"):
        __import__(module.name)
print(json.dumps(sorted(sys.modules)))
"""
    modules = json.loads(run_python(code, cwd=tmp_path))
    assert "bluffmath.hochstapler.table" in modules
    assert "bluffmath.cli" in modules
    jupyter = [m for m in modules
               if m.startswith("jupyter") or m.split(".")[0] in JUPYTER]
    assert not jupyter, f"importing the core imports Jupyter modules or the class server: {jupyter}"


def test_hochstapler_does_not_import_sympy_scipy_or_numpy(tmp_path: Path) -> None:
    code = "import json, sys, bluffmath.hochstapler; print(json.dumps(sorted(sys.modules)))"
    modules = json.loads(run_python(code, cwd=tmp_path))
    heavy = [m for m in modules if m.split(".")[0] in NOT_IN_HOCHSTAPLER]
    assert not heavy, f"import bluffmath.hochstapler imports {heavy}; import them lazily"


# --- the command ---------------------------------------------------------------------

def test_the_bluffmath_command_is_installed(tmp_path: Path) -> None:
    script = Path(sysconfig.get_path("scripts")) / ("bluffmath.exe" if os.name == "nt" else "bluffmath")
    assert script.is_file(), f"{script} is missing: is the project installed (pip install -e .)?"
    run = subprocess.run([str(script), "--help"], capture_output=True, text=True,
                         cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr
    assert "usage: bluffmath" in run.stdout
    assert "hochstapler" in run.stdout


def _configured_packages() -> set[str]:
    """The ``packages`` list of pyproject.toml's ``[tool.setuptools]``."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def test_every_folder_with_shipped_files_is_a_listed_package() -> None:
    """A folder of data files only (``bluffmath/embed/static``) that ``packages`` misses
    makes setuptools print a screenful of "Package would be ignored" warnings at every
    install (issue 31); listing each such folder keeps the install quiet."""
    listed = _configured_packages()
    folders = set()
    for import_name in PACKAGES:
        for wheel_path in source_files(import_name):
            folders.add(".".join(wheel_path.split("/")[:-1]))
    assert folders - listed == set(), "add these to [tool.setuptools] packages"


def _extra(name: str) -> list[str]:
    """The requirement names of an extra, its ``bluffmath[...]`` extras unfolded."""
    import re
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    names = []
    for requirement in extras[name]:
        inner = re.fullmatch(r"bluffmath\[(\w+)\]", requirement)
        names += _extra(inner[1]) if inner else [re.split(r"[<>=;\[ ]", requirement)[0]]
    return names


def test_the_teachers_install_is_small_and_drives_the_teachers_targets() -> None:
    """``make handouts`` and ``make course`` install the teach extra only: what
    handouts.py and grading.py import, without the developer's browser, docs or Lite."""
    teach = {name.lower() for name in _extra("teach")}
    assert {"jupytext", "markdown-it-py", "nbformat", "nbgrader", "ipywidgets"} <= teach
    assert not teach & {"playwright", "sphinx", "voila", "jupyterlite-core", "pytest"}
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("handouts", "course", "grade"):
        assert f"\n{target}: $(VENV)/.installed-teach\n" in makefile
    assert "pip install --quiet -e '.[teach]'" in makefile
