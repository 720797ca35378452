"""The lessons' side of the front end: answer keys, the check, and each lesson's widgets.

One module per lesson in ``notebooks/lessons/``, named after its subject; each holds the
lesson's ``KEY`` (its exercises, answered by the core when checked), ``check`` and the
widgets the lesson shows. :mod:`.key` is what they share.

**The lesson's language.** A lesson's code cells are the same in every language, so the
kernel learns the language from outside the code: when a lesson first imports from here,
the kernel speaks (:func:`bluffmath_widgets.language`) the first of

1. the language of the notebook it runs, when the kernel knows its notebook (Jupyter Server
   gives it the notebook's path in ``JPY_SESSION_NAME``) and that notebook is a lesson's
   copy: ``notebooks/lessons/build.py`` writes ``"bluffmath": {"language": "de"}`` into a
   German copy's metadata (an English copy has none: English);
2. ``BLUFFMATH_LANGUAGE`` in the kernel's environment: ``scripts/lab.py --lang de``
   (``make lab LANG=de``) and the German course's autograder (``grading.py``) set it;
3. else nothing changes: the language already chosen, or the kernel's locale.

>>> notebook_language({"bluffmath": {"generated_from": "notebooks/lessons/01-counting.py", "language": "de"}})
'de'
>>> notebook_language({"bluffmath": {"generated_from": "notebooks/lessons/01-counting.py"}})
'en'
>>> notebook_language({"kernelspec": {}}) is None
True
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from bluffmath.i18n import LANGUAGES

from ..common import language

#: The environment variable that names the lessons' language (``de``, ``en``).
ENVIRONMENT = "BLUFFMATH_LANGUAGE"


def notebook_language(metadata: dict[str, Any]) -> str | None:
    """The language of a lesson's copy, from its notebook ``metadata``; None for a notebook
    that is no lesson's copy (or names a language bluffmath does not speak)."""
    ours = metadata.get("bluffmath")
    if not isinstance(ours, dict) or ("generated_from" not in ours and "language" not in ours):
        return None
    code = ours.get("language", LANGUAGES[0])
    return code if code in LANGUAGES else None


def _running_notebook() -> str | None:
    """The language of the notebook this kernel runs, if Jupyter Server named it."""
    path = os.environ.get("JPY_SESSION_NAME", "")
    if not path.endswith(".ipynb"):
        return None
    try:
        metadata = json.loads(Path(path).read_text(encoding="utf-8")).get("metadata", {})
    except (OSError, ValueError, AttributeError):
        return None
    return notebook_language(metadata) if isinstance(metadata, dict) else None


def lesson_language() -> str | None:
    """The lesson's language, as the module's docstring orders the ways of knowing it;
    None when neither says."""
    found = _running_notebook()
    if found is None and os.environ.get(ENVIRONMENT) in LANGUAGES:
        found = os.environ[ENVIRONMENT]
    return found


if (_found := lesson_language()) is not None:
    language(_found)
