"""A save's seal: a SHA-256 of its content, so that an edit the replay cannot see is refused.

A save is a log that loading replays through the rules engine, refusing any action the
rules forbid and any recorded deal or observation the replay does not produce. Some edits
still replay into another legal game (a named value changed from 4 to 5, say); the seal
catches those: ``"check"`` holds the SHA-256 of the save's other keys written canonically
(sorted keys, no spaces, ASCII). Loading replays first, so that a lie is named by its first
event, then compares the seal.

>>> sealed = seal({"format": "x", "version": 2, "actions": [["name", 4]]})
>>> sealed["check"][:12]
'd011781cac11'
>>> verify(sealed, "a save") is None
True
>>> verify({**sealed, "actions": [["name", 5]]}, "a save")
Traceback (most recent call last):
...
bluffmath.errors.SaveFileError: a save was changed after it was saved: its content does not match its check (...)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from bluffmath.errors import SaveFileError

KEY = "check"


def digest(data: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of ``data`` without its ``check`` key, written canonically."""
    content = {k: v for k, v in data.items() if k != KEY}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=repr)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def seal(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with its ``check`` added (last)."""
    return {**{k: v for k, v in data.items() if k != KEY}, KEY: digest(data)}


def verify(data: Mapping[str, Any], what: str) -> None:
    """Raise :class:`SaveFileError` unless ``data["check"]`` is the digest of the rest."""
    if data.get(KEY) != digest(data):
        raise SaveFileError(f"{what} was changed after it was saved: its content does not match "
                            f"its check (the SHA-256 of the rest)")
