"""A wheel of the core, written from the installed package's own files: no build tool, no
network. The page unpacks it into Pyodide's site-packages.

It holds the ``bluffmath`` package (its modules and package data, no ``__pycache__``) and a
``.dist-info`` with METADATA, WHEEL and RECORD (sha256 of every file), like any pure-Python
wheel; ``pip install`` takes it. It declares no dependencies: the core's sympy and numpy
are used lazily and never by the calculators. Timestamps are fixed, so the same files give
the same bytes.

>>> import tempfile, zipfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = write_wheel(Path(folder))
...     with zipfile.ZipFile(path) as archive:
...         names = archive.namelist()
>>> path.name == wheel_name(), "bluffmath/hochstapler/counting.py" in names, names[-1] == f"{dist_info()}/RECORD"
(True, True, True)
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

import bluffmath

PACKAGE = Path(bluffmath.__file__).resolve().parent
SUFFIXES = (".py", ".typed", ".html", ".js", ".css", ".json", ".svg", ".mo")
"""The files that go in: modules and the package data pyproject.toml declares."""
DATE = (1980, 1, 1, 0, 0, 0)


def wheel_name(version: str = bluffmath.__version__) -> str:
    """The wheel's file name: pure Python, any platform."""
    return f"bluffmath-{version}-py3-none-any.whl"


def dist_info(version: str = bluffmath.__version__) -> str:
    """The name of the wheel's metadata folder."""
    return f"bluffmath-{version}.dist-info"


def package_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Path in the wheel (``bluffmath/embed/forms.py``) -> file, sorted by path."""
    files = {}
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in SUFFIXES:
            files[f"bluffmath/{path.relative_to(package).as_posix()}"] = path
    return files


def metadata(version: str = bluffmath.__version__) -> dict[str, bytes]:
    """The .dist-info files other than RECORD."""
    return {
        "METADATA": (f"Metadata-Version: 2.1\nName: bluffmath\nVersion: {version}\n"
                     "Summary: Exact probabilities for bluffing and deduction card games.\n"
                     "Requires-Python: >=3.11\nLicense-Expression: MIT\n").encode(),
        "WHEEL": (b"Wheel-Version: 1.0\nGenerator: bluffmath.embed.wheel\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
    }


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, DATE)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def wheel_bytes(package: Path = PACKAGE) -> bytes:
    """The wheel's bytes: the same for the same sources (fixed dates, a fixed order)."""
    info = dist_info()
    entries = {name: path.read_bytes() for name, path in package_files(package).items()}
    entries |= {f"{info}/{name}": data for name, data in metadata().items()}
    record = [_record_line(name, data) for name, data in entries.items()] + [f"{info}/RECORD,,"]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            _add(archive, name, data)
        _add(archive, f"{info}/RECORD", ("\n".join(record) + "\n").encode())
    return buffer.getvalue()


def write_wheel(folder: Path, package: Path = PACKAGE) -> Path:
    """Write the wheel into ``folder`` (which must exist); return its path."""
    path = Path(folder) / wheel_name()
    path.write_bytes(wheel_bytes(package))
    return path
