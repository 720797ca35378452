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
    ``notebooks/**/*.ipynb`` a student may see (not the lessons' solution copies, unless
    ``--solutions``) with a first code cell that installs the pinned packages from the
    site, runs ``jupyter lite build`` into ``build/lite`` (offline), and copies the Pyodide
    core of ``node_modules/pyodide`` (the version ``package.json`` pins) with those wheels
    into the site's ``static/pyodide``, its lock's sha256 rewritten for the files shipped.

For a fast start (lite/README.md, benchmarks/lite.py): every wheel and Pyodide's standard
library get the bytecode of Pyodide's Python (lite/bytecode.py, run in Pyodide under Node,
cached in ``.cache/lite-wheels/bytecode``), and the kernel loads its packages (``START``) all
at once from the site's Pyodide lock, where the kernel's own wheels are added.

Nothing comes from outside the site: the kernel's ``pyodideUrl`` is the local copy, and
``disablePyPIFallback`` (``lite/jupyter-lite.json``) keeps piplite off PyPI.
"""

from __future__ import annotations

import argparse
import email
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CACHE = ROOT / ".cache" / "lite-wheels"
OUTPUT = ROOT / "build" / "lite"
# Shipped beside bluffmath at the installed versions: ipywidgets, its lab extension's
# Python package (the same version as the extension put in the site), comm, which the
# Pyodide kernel installs at start and Pyodide's own distribution lacks, and the two pure-
# Python libraries bluffmath.train needs (ratings and spaced repetition).
PINNED = ("ipywidgets", "jupyterlab_widgets", "comm", "openskill", "fsrs")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                "python_stdlib.zip", "package.json")
STDLIB = "python_stdlib.zip"
KERNEL_PACKAGES = ("micropip", "jedi", "ipython", "sympy")
"""What the kernel loads from Pyodide's distribution: micropip, jedi and ipython at start
(jupyterlite-pyodide-kernel's worker), sympy for bluffmath; with their dependencies."""
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
"""The kernel's own wheels, shipped in its lab extension (``static/pypi``)."""
START = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
"""What the kernel's worker installs before it is idle, under the names it looks for in
``loadPyodideOptions.packages``: listed there, all load at once from the site's lock
(their dependencies with them) instead of one by one through micropip and piplite. sympy
is not among them: bluffmath's install (the notebooks' first cell) loads it."""
INSTALL_TAG = "jupyterlite-install"


def pins() -> dict[str, str]:
    """The pinned packages and their versions: those installed in this environment."""
    return {name: version(name) for name in PINNED}


def fetch(cache: Path = CACHE, pyodide: Path = PYODIDE) -> list[Path]:
    """Download the pinned wheels, and the kernel's wheels at the Pyodide lock's versions,
    into ``cache`` (the only step that needs the network)."""
    cache.mkdir(parents=True, exist_ok=True)
    wanted = [f"{name}=={v}" for name, v in pins().items()]
    lock = pyodide_lock(pyodide)
    python = ".".join(lock["info"]["python"].split(".")[:2])
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", python,
                    "-d", str(cache), *wanted], check=True)
    kernel = [f"{e['name']}=={e['version']}" for e in kernel_wheels(lock)]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--python-version", python,
                    "-d", str(cache / "pyodide"), *kernel], check=True)
    return [*cached_wheels(cache), *cached_kernel_wheels(lock, cache)]


def cached_wheels(cache: Path = CACHE) -> list[Path]:
    """The pinned wheels in ``cache``, one per package; a clear error if one is missing."""
    found = []
    for name, v in pins().items():
        wheel = next(iter(sorted(cache.glob(f"{name}-{v}-py3-none-any.whl"))), None)  # pure Python only
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


def extension_wheels(extension: Path) -> list[Path]:
    """The kernel's own wheels (``KERNEL_WHEELS``) in its lab extension ``extension``."""
    found = []
    for name in KERNEL_WHEELS:
        wheel = next(iter(sorted((extension / "static" / "pypi").glob(f"{name}-*.whl"))), None)
        if wheel is None:
            raise SystemExit(f"no {name} wheel in {extension}: reinstall jupyterlite-pyodide-kernel")
        found.append(wheel)
    return found


def _metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, unconditional requirements (names) and top-level modules."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(archive.read(f"{info}/METADATA"))
    needs = [re.match(r"[A-Za-z0-9._-]+", r)[0] for r in meta.get_all("Requires-Dist") or [] if ";" not in r]
    top = sorted({n.split("/")[0].removesuffix(".py") for n in names if n.split("/")[0] != info
                  and (n.endswith(".py") or "/" in n)})
    return meta["Name"], meta["Version"], needs, top


def lock_entry(wheel: Path) -> dict:
    """A Pyodide lock entry for a pure-Python ``wheel`` (its sha256 set when shipped)."""
    name, v, needs, top = _metadata(wheel)
    return {"name": name, "version": v, "file_name": wheel.name, "install_dir": "site",
            "package_type": "package", "imports": top, "depends": [_normal(n) for n in needs],
            "sha256": "", "unvendored_tests": False, "shared_library": False}


def ship_pyodide(dest: Path, wheels: list[Path], pyodide: Path = PYODIDE, stdlib: Path | None = None) -> list[Path]:
    """Copy the Pyodide core (its standard library's zip from ``stdlib`` if given) and
    ``wheels`` into ``dest`` with a lock that names each wheel (a new entry for one Pyodide
    lacks) with the sha256 of the file shipped; the files."""
    lock = pyodide_lock(pyodide)
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(stdlib if stdlib and name == STDLIB else pyodide / name, dest / name)
    by_file = {entry["file_name"]: entry for entry in lock["packages"].values()}
    for wheel in wheels:
        if wheel.name not in by_file:
            by_file[wheel.name] = lock["packages"][_normal(wheel.name.split("-")[0])] = lock_entry(wheel)
        shutil.copyfile(wheel, dest / wheel.name)
        by_file[wheel.name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (dest / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return [dest / name for name in (*PYODIDE_CORE, "pyodide-lock.json")] + [dest / w.name for w in wheels]


def compile_into(files: list[Path], dest: Path, pyodide: Path = PYODIDE) -> list[Path]:
    """Write ``files`` (wheels, or Pyodide's standard library zip) into the folder ``dest``
    with the ``.pyc`` files of Pyodide's Python in them (lite/bytecode.py, run in Pyodide
    under Node), so that the browser does not compile them at every start."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("no `node` to compile the wheels with Pyodide: install Node.js (npm ci needs it too)")
    subprocess.run([node, str(LITE / "bytecode.mjs"), str(pyodide.resolve()), str(dest.resolve()),
                    *(str(f.resolve()) for f in files)], check=True)
    return [dest / f.name for f in files]


def bytecode_copies(files: list[Path], cache: Path = CACHE, pyodide: Path = PYODIDE) -> list[Path]:
    """``files`` compiled (``compile_into``), cached in ``cache`` by Pyodide version and sha256."""
    folder = cache / "bytecode" / pinned_pyodide()
    done = {f: folder / hashlib.sha256(f.read_bytes()).hexdigest()[:20] / f.name for f in files}
    missing = [f for f in files if not done[f].is_file()]
    if missing:
        with tempfile.TemporaryDirectory(dir=cache) as work:
            for made, file in zip(compile_into(missing, Path(work), pyodide), missing, strict=True):
                done[file].parent.mkdir(parents=True, exist_ok=True)
                os.replace(made, done[file])  # moved in whole: builds at once never see half a file
    return [done[f] for f in files]


def build_wheel(dest: Path) -> Path:
    """Build the bluffmath wheel (``bluffmath``, ``bluffmath_widgets`` and the class server,
    which the site does not use but the wheel holds) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    # From a copy: a build in the work tree writes build/ and *.egg-info there, where two
    # builds at once (the tests run in parallel) would trip over each other.
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        for name in ("bluffmath", "widgets", "bluffmath_class"):
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


def in_language(cell: dict, notebook: dict) -> dict:
    r"""The install ``cell`` for ``notebook``: a German lesson's copy (its metadata names its
    language, notebooks/lessons/build.py) also tells the kernel the language, since a browser's
    kernel knows neither its notebook nor an environment a server gave it
    (``bluffmath_widgets.lessons`` reads ``BLUFFMATH_LANGUAGE``).

    >>> in_language({"source": "%pip install x"}, {"metadata": {"bluffmath": {"language": "de"}}})["source"]
    '%pip install x\n%env BLUFFMATH_LANGUAGE=de'
    >>> in_language({"source": "%pip install x"}, {"metadata": {}})["source"]
    '%pip install x'
    """
    ours = notebook.get("metadata", {}).get("bluffmath", {})
    code = ours.get("language", "en") if isinstance(ours, dict) else "en"
    return cell if code == "en" else {**cell, "source": f"{cell['source']}\n%env BLUFFMATH_LANGUAGE={code}"}


SOLUTIONS = Path("lessons", "solutions")
"""The lessons' solution copies, under notebooks/: left out of a site unless asked for
(``--solutions``, ``make lite LITE_SOLUTIONS=1``): a site is for students by default."""

SERVER_ONLY = frozenset({Path(*where, name) for where in ((), ("de",)) for name in ("class-table.ipynb", "train.ipynb")})
"""Notebooks that need a computer's own Python, so a site leaves them out: the class table
starts a server, which a browser's Python cannot; training keeps its progress in a file that
must survive a restart, and a browser's Python keeps files only while its tab is open."""


def stage_notebooks(source: Path, dest: Path, cell: dict, solutions: bool = False) -> list[Path]:
    """Copy every ``*.ipynb`` under ``source`` to ``dest`` (same tree), each with ``cell``,
    but those of :data:`SERVER_ONLY` and, unless ``solutions``, the lessons' solution copies."""
    staged = []
    for path in sorted(source.rglob("*.ipynb")):
        relative = path.relative_to(source)
        if (".ipynb_checkpoints" in path.parts or relative in SERVER_ONLY
                or (not solutions and relative.is_relative_to(SOLUTIONS))):
            continue
        target = dest / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = json.loads(path.read_text(encoding="utf-8"))
        notebook = with_site_kernel(with_install_cell(notebook, in_language(cell, notebook)))
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
        staged.append(target)
    return staged


SITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
"""The site's one kernel, as the Pyodide kernel names itself."""


def with_site_kernel(notebook: dict) -> dict:
    """``notebook`` naming the site's kernel: a notebook that names another (``python3``,
    as Jupyter writes it) and no language opens JupyterLite's "Select Kernel" dialog.

    >>> metadata = with_site_kernel({"metadata": {"kernelspec": {"name": "python3"}}})["metadata"]
    >>> metadata["kernelspec"]["name"], metadata["language_info"]
    ('python', {'name': 'python'})
    """
    metadata = {**notebook.get("metadata", {}), "kernelspec": dict(SITE_KERNEL), "language_info": {"name": "python"}}
    return {**notebook, "metadata": metadata}


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


def site_config(stage: Path, fast: bool = True) -> None:
    """Put the site's settings in ``stage``, with the packages the kernel loads at start
    (unless not ``fast``: then the kernel installs them one by one, its default)."""
    shutil.copy(LITE / "jupyter_lite_config.json", stage / "jupyter_lite_config.json")
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]
    if fast:
        kernel["loadPyodideOptions"] = {"packages": list(START)}
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def build(output: Path = OUTPUT, cache: Path = CACHE, notebooks: Path = ROOT / "notebooks",
          solutions: bool = False, fast: bool = True) -> Path:
    """Build the whole site into ``output`` (offline) and return it; the lessons' solution
    copies only with ``solutions`` (a teacher's site). Not ``fast``: the kernel's defaults (wheels
    without bytecode, installed one by one at start), a baseline for benchmarks/lite.py."""
    pinned = cached_wheels(cache)
    stage = output.parent / f"{output.name}-stage"
    for folder in (stage, output):  # only a folder this script built is replaced
        if folder.exists() and any(folder.iterdir()) and not (folder / "jupyter-lite.json").exists():
            raise SystemExit(f"{folder} holds files but no JupyterLite site: choose another --output")
        shutil.rmtree(folder, ignore_errors=True)
    stage.mkdir(parents=True)
    kernel = [*cached_kernel_wheels(pyodide_lock(), cache), *extension_wheels(kernel_extension())]
    site_config(stage, fast)
    ours = build_wheel(stage / "wheels")
    # the version of the wheel just built (an older editable install may report another)
    requirements = [f"bluffmath=={ours.name.split('-')[1]}", f"ipywidgets=={pins()['ipywidgets']}"]
    stage_notebooks(notebooks, stage / "files", install_cell(requirements), solutions)
    stdlib = None
    if fast:  # ours is new at every build: compiled, not cached
        (ours,) = compile_into([ours], stage / "compiled")
        *compiled, stdlib = bytecode_copies([*pinned, *kernel, PYODIDE / STDLIB], cache)
        pinned, kernel = compiled[:len(pinned)], compiled[len(pinned):]
    widgets = next(w for w in pinned if w.name.startswith("jupyterlab_widgets-"))
    lite_build(stage, output, [ours, *pinned], [kernel_extension(), widgets])
    comm = next(w for w in pinned if w.name.startswith("comm-"))
    ship_pyodide(output / "static" / "pyodide", [*kernel, comm], stdlib=stdlib)
    root = output / "index.html"  # its settings stay: the apps' pages read them from here
    config = re.search(r'<script id="jupyter-config-data".*?</script>', root.read_text(encoding="utf-8"), re.S)
    root.write_text(landing_page(stage / "files", config[0] if config else ""), encoding="utf-8")
    return output


def title_of(notebook: Path) -> str:
    """A notebook's title: its first markdown heading, or its file name.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "01-odds.ipynb"
    >>> _ = path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": ["# Lesson 1: Odds\\n", "more"]}]}))
    >>> title_of(path)
    'Lesson 1: Odds'
    """
    for cell in json.loads(notebook.read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return notebook.stem


def landing_page(files: Path, config: str = "") -> str:
    """The site's first page, in place of JupyterLite's redirect: what the site is, and
    every notebook by its title, each a link that opens it in JupyterLab (plain HTML that
    meets WCAG 2.2 AA: tests/browser/test_lite_site.py checks it with axe-core). ``config``:
    JupyterLite's settings element of the page it replaces, which the apps read."""
    def item(path: Path) -> str:
        relative = path.relative_to(files).as_posix()
        return (f'<li><a href="lab/index.html?path={html.escape(relative)}">{html.escape(title_of(path))}</a> '
                f'<span class="file">{html.escape(relative)}</span></li>')

    notebooks = sorted(files.rglob("*.ipynb"))

    def folder(*parts: str) -> list[Path]:
        return [p for p in notebooks if p.relative_to(files).parent.parts == parts]

    groups = [("en", "Lessons", folder("lessons", "student")),
              ("en", "The lessons with their solutions", folder("lessons", "solutions")),
              ("en", "Games, calculators and demos", folder()),
              ("de", "Auf Deutsch: die Lektionen", folder("lessons", "student", "de")),
              ("de", "Auf Deutsch: die Lektionen mit ihren Lösungen", folder("lessons", "solutions", "de")),
              ("de", "Auf Deutsch: Spiele, Rechner und Demos", folder("de"))]
    lists = "".join(f'<h2{"" if lang == "en" else f" lang={lang!r}"}>{name}</h2><ul>{"".join(item(p) for p in found)}</ul>'
                    for lang, name, found in groups if found)
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"{config}<title>bluffmath in the browser</title><style>"
            "body{font:17px/1.5 system-ui,sans-serif;color:#1a1a1a;margin:0 auto;max-width:60em;padding:8px 16px}"
            "a{color:#0b5394}a:focus-visible{outline:3px solid #0b5394;outline-offset:2px}"
            "li{margin:8px 0}.file{color:#4a4a4a;font-size:.9em;display:block}</style></head><body><main>"
            "<h1>bluffmath in the browser</h1>"
            "<p>Exact probabilities for bluffing and deduction card games, in notebooks that run here, in "
            "your browser: Python starts on this page's computer, nothing is sent anywhere. The first "
            "notebook you open takes about half a minute to start.</p>"
            f'{lists}<p><a href="lab/index.html">Every file in JupyterLab</a></p></main></body></html>')


def compile_ahead(cache: Path = CACHE) -> list[Path]:
    """Compile the pinned wheels, the kernel's and Pyodide's standard library into the
    bytecode cache (:func:`bytecode_copies`) once, as ``fetch`` does after downloading: a
    build then compiles only bluffmath's own wheel."""
    kernel = [*cached_kernel_wheels(pyodide_lock(), cache), *extension_wheels(kernel_extension())]
    return bytecode_copies([*cached_wheels(cache), *kernel, PYODIDE / STDLIB], cache)


def main(argv: list[str] | None = None) -> None:
    """``fetch`` the pinned wheels (network) or ``build`` the site (offline)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("fetch", "build"))
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the site's folder")
    parser.add_argument("--cache", type=Path, default=CACHE, help="the pinned wheels' folder")
    parser.add_argument("--solutions", action="store_true",
                        help="put the lessons' solution copies in too (a teacher's site; "
                             "without it the site is for students)")
    args = parser.parse_args(argv)
    if args.step == "fetch":
        print("\n".join(str(w) for w in fetch(args.cache)))
        compile_ahead(args.cache)  # bytecode for the site, once (needs node, as npm ci does)
    else:
        print(f"built {build(args.output.resolve(), args.cache.resolve(), solutions=args.solutions)}")


if __name__ == "__main__":
    main()
