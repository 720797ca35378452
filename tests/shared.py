"""What the test workers of one run make once and share (a built site, say).

pytest-xdist runs a module's tests on whichever worker is free, so a module-scoped fixture
that builds something is built again by each worker that runs one of its tests, and a
fixture imported into several modules once per module. :func:`once` makes it once per run:
the first worker to ask makes it under a file lock, the others wait and reuse it.
"""

from __future__ import annotations

import fcntl
import os
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this pytest run, which its xdist workers share."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name``, filled by ``make(folder)`` once in this run. If ``make`` failed,
    every later caller fails too, with its error, rather than making it again."""
    root = run_folder(tmp_path_factory)
    folder, done, failed = root / name, root / f"{name}.done", root / f"{name}.failed"
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if failed.exists():
            raise RuntimeError(f"making {name} failed in another worker of this run:\n{failed.read_text()}")
        if not done.exists():
            folder.mkdir()
            try:
                make(folder)
            except BaseException:
                failed.write_text(traceback.format_exc())
                raise
            done.touch()
    return folder
