"""Names that moved to another module, still found at their old place for one release.

An old module keeps a table of the names that left it, each with the module that holds
it now, and a module-level ``__getattr__`` that calls :func:`moved`: the name is imported
from its new module when it is asked for, with a DeprecationWarning that says where to
import it from. Importing the old module warns nothing (pytest imports every module to
collect its doctests); the code that takes a moved name from it is the code to change.

>>> import warnings
>>> from bluffmath.equilibrium import solver
>>> from bluffmath.equilibrium.refine import refined
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     found = solver.refined
>>> found is refined
True
>>> print(seen[0].message)
bluffmath.equilibrium.solver.refined is deprecated: import refined from
bluffmath.equilibrium.refine (the old name goes in the next release)
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any


def moved(module: str, homes: Mapping[str, str] | Sequence[str], name: str) -> Any:
    """``name``, asked of the module ``module``, from the module that holds it now, with a
    DeprecationWarning that names that module; AttributeError if it did not move.
    ``homes`` maps each moved name to its module, or lists the modules the old one's code
    moved to, searched in order (every name it had, its private helpers too; the warning
    names the module that defines the name).

    >>> moved("bluffmath.equilibrium.solver", {}, "refind")
    Traceback (most recent call last):
    ...
    AttributeError: module 'bluffmath.equilibrium.solver' has no attribute 'refind'
    """
    searched = ([homes[name]] if name in homes else []) if isinstance(homes, Mapping) else list(homes)
    for home in searched if not name.startswith("__") else ():
        found = vars(import_module(home))
        if name in found:
            value = found[name]
            where = getattr(value, "__module__", None)
            if isinstance(homes, Mapping) or not (isinstance(where, str) and where.startswith("bluffmath.")):
                where = home
            warnings.warn(f"{module}.{name} is deprecated: import {name} from {where} (the old name goes in the "
                          f"next release)", DeprecationWarning, stacklevel=3)
            return value
    raise AttributeError(f"module {module!r} has no attribute {name!r}")
