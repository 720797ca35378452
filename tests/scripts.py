"""The project's scripts that are no package's modules (``notebooks/lessons/*.py``,
``lite/build.py``), loaded by the tests as modules, each once under the name it is given
(the name the scripts themselves may look for in ``sys.modules``); and the environment in
which a test runs make."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "notebooks" / "lessons"


def script(name: str, path: Path) -> ModuleType:
    """The script at ``path`` as the module ``name``, loaded on the first call."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def outside_make() -> dict[str, str]:
    """This process's environment without the settings of the make that runs the suite
    (``make test``): a make started with them says which directory it enters and leaves."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
