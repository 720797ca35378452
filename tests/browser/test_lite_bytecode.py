"""The bytecode the JupyterLite site ships (lite/bytecode.py): what the browser's Python
imports instead of compiling each module at each start. Checked here with this Python (the
site's is Pyodide's, compiled by the same code under Node): the compiled form is found and
used, both from an unpacked wheel and from a zip on ``sys.path``, even where the source no
longer matches it (an "unchecked hash" ``.pyc``: an unpacked wheel keeps no file times), and
the wheel's ``RECORD`` lists every file added with its hash.

No browser needed: it lives beside tests/browser/test_lite_site.py, which runs the site.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ROOT

_spec = importlib.util.spec_from_file_location("lite_bytecode", ROOT / "lite" / "bytecode.py")
bytecode = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bytecode)

SOURCE = "VALUE = 'compiled'\n"
RECORD = "toy-1.0.dist-info/RECORD"


def _wheel(folder: Path) -> Path:
    """A toy wheel: a package with a module, a top-level module, a file that does not
    compile (kept as source) and its dist-info."""
    path = folder / "toy-1.0-py3-none-any.whl"
    files = {"toy/__init__.py": "", "toy/mod.py": SOURCE, "toyflat.py": SOURCE,
             "toy/broken.py": "def (:\n", "toy-1.0.dist-info/METADATA": "Name: toy\nVersion: 1.0\n"}
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr(RECORD, "".join(f"{n},,\n" for n in [*files, RECORD]))
    return path


@pytest.fixture
def fresh_imports() -> Iterator[None]:
    """Leave ``sys.path`` and ``sys.modules`` as they were."""
    path, modules = list(sys.path), set(sys.modules)
    try:
        yield
    finally:
        sys.path[:] = path
        for name in set(sys.modules) - modules:
            del sys.modules[name]
        importlib.invalidate_caches()


def test_every_module_gets_its_bytecode_listed_in_record(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    compiled = bytecode.with_bytecode(_wheel(tmp_path), out)
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(compiled) as wheel, zipfile.ZipFile(_wheel(tmp_path)) as original:
        names = set(wheel.namelist())
        for name in original.namelist():  # nothing lost, nothing changed but RECORD
            assert name in names
            assert name == RECORD or wheel.read(name) == original.read(name), name
        assert {f"toy/__pycache__/__init__.{tag}.pyc", f"toy/__pycache__/mod.{tag}.pyc",
                f"__pycache__/toyflat.{tag}.pyc"} == {n for n in names if n.endswith(".pyc")}
        rows = {row.split(",")[0]: row for row in wheel.read(RECORD).decode().splitlines()}
        for name in names - {RECORD}:
            assert name in rows, name
            if name.endswith(".pyc"):
                digest = base64.urlsafe_b64encode(hashlib.sha256(wheel.read(name)).digest())
                assert rows[name] == f"{name},sha256={digest.rstrip(b'=').decode()},{len(wheel.read(name))}"


def test_the_bytecode_of_an_unpacked_wheel_is_what_python_imports(tmp_path: Path, fresh_imports: None) -> None:
    out = tmp_path / "out"
    out.mkdir()
    site = tmp_path / "site"
    with zipfile.ZipFile(bytecode.with_bytecode(_wheel(tmp_path), out)) as wheel:
        wheel.extractall(site)
    (site / "toy" / "mod.py").write_text("VALUE = 'source'\n")  # newer than the .pyc
    sys.path.insert(0, str(site))
    assert importlib.import_module("toy.mod").VALUE == "compiled"


def test_the_bytecode_beside_each_module_of_a_zip_is_what_python_imports(
        tmp_path: Path, fresh_imports: None) -> None:
    library = tmp_path / "library.zip"
    with zipfile.ZipFile(library, "w") as archive:
        archive.writestr("zipped.py", "VALUE = 'compiled'\n")
    out = tmp_path / "out"
    out.mkdir()
    compiled = bytecode.with_bytecode(library, out)
    with zipfile.ZipFile(compiled) as archive:
        assert set(archive.namelist()) == {"zipped.py", "zipped.pyc"}
        pyc = archive.read("zipped.pyc")
    with zipfile.ZipFile(compiled, "w") as archive:  # the source changed, the .pyc kept
        archive.writestr("zipped.py", "VALUE = 'source'\n")
        archive.writestr("zipped.pyc", pyc)
    sys.path.insert(0, str(compiled))
    assert importlib.import_module("zipped").VALUE == "compiled"
