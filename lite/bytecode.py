"""Add compiled bytecode to pure-Python wheels, for the Python that runs this module.

Run inside Pyodide (``lite/bytecode.mjs`` does, under Node) it writes the ``.pyc`` files
of Pyodide's own Python into each wheel, so that the browser imports them instead of
compiling every module at every start: the kernel's start imports about 400 modules
(IPython, jedi, prompt_toolkit, ...), and compiling them in WebAssembly takes seconds.

The ``.pyc`` files are "unchecked hash" ones (PEP 552): Python uses them without
comparing the source's modification time, which an unpacked wheel does not keep; the
sources stay in the wheel, for tracebacks. Each file goes in ``__pycache__`` with the
interpreter's cache tag, and the wheel's ``RECORD`` lists it with its hash.

The standard library's zip (Pyodide's ``python_stdlib.zip``, which holds sources only, so
that the 200 modules Pyodide imports as it starts are compiled at every start) gets the
same treatment, with each ``.pyc`` beside its module, where ``zipimport`` looks.

``python bytecode.py OUT FILE...`` writes each compiled wheel or zip, same name, into ``OUT``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import sysconfig
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path, PurePosixPath

EPOCH = (1980, 1, 1, 0, 0, 0)
"""The time stamp of every file added, so that a wheel compiled twice is the same file."""


def pyc_name(member: str, tag: str | None = None) -> str:
    """Where the compiled form of the wheel member ``member`` goes.

    >>> pyc_name("pkg/sub/mod.py", "cpython-314")
    'pkg/sub/__pycache__/mod.cpython-314.pyc'
    >>> pyc_name("top.py", "cpython-314")
    '__pycache__/top.cpython-314.pyc'
    """
    path = PurePosixPath(member)
    name = f"{path.stem}.{tag or sys.implementation.cache_tag}.pyc"
    return str(path.parent / "__pycache__" / name) if str(path.parent) != "." else f"__pycache__/{name}"


def compiled(source: bytes, filename: str) -> bytes | None:
    """The unchecked-hash ``.pyc`` of one module's ``source``, its code named ``filename``;
    None if it does not compile (a test file written for another Python, say: it is left as
    source).

    >>> pyc = compiled(b"x = 1", "m.py")
    >>> pyc[4:8] == (0b01).to_bytes(4, "little"), len(pyc) > 16  # hash-based, unchecked
    (True, True)
    >>> compiled(b"x = ", "m.py") is None
    True
    """
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def record_line(name: str, data: bytes) -> str:
    """A ``RECORD`` row: the file, its urlsafe sha256 without padding, its size.

    >>> record_line("a.py", b"")
    'a.py,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0'
    """
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def stdlib_zip() -> str:
    """Where the running Python's standard library zip is (``/lib/python314.zip`` in Pyodide)."""
    return next((p for p in sys.path if p.endswith(".zip")), f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")


def with_bytecode(archive: Path, dest: Path) -> Path:
    """Write ``archive`` (a wheel, or the standard library's zip) into the folder ``dest``
    with a ``.pyc`` for every module: in ``__pycache__`` and listed in ``RECORD`` for a
    wheel, beside the module for the zip."""
    target, wheel = dest / archive.name, archive.suffix == ".whl"
    root = Path(sysconfig.get_paths()["purelib"]) if wheel else Path(stdlib_zip())
    added: list[str] = []
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        record = next((i for i in source.infolist() if i.filename.endswith(".dist-info/RECORD")), None)
        for info in source.infolist():
            if info is record:
                continue
            data = source.read(info)
            out.writestr(info, data)
            pyc = compiled(data, str(root / info.filename)) if info.filename.endswith(".py") else None
            if pyc is not None:
                name = pyc_name(info.filename) if wheel else info.filename + "c"
                out.writestr(zipfile.ZipInfo(name, EPOCH), pyc, zipfile.ZIP_DEFLATED)
                added.append(record_line(name, pyc))
        if record is not None:
            rows = source.read(record).decode("utf-8").splitlines()
            out.writestr(record, "\n".join([*rows, *added]) + "\n")
    return target


def main(argv: list[str]) -> None:
    """Compile every wheel or zip of ``argv[1:]`` into the folder ``argv[0]``."""
    dest = Path(argv[0])
    dest.mkdir(parents=True, exist_ok=True)
    for archive in argv[1:]:
        with_bytecode(Path(archive), dest)


if __name__ == "__main__":
    main(sys.argv[1:])
