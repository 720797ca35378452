"""The table of exact values: 1v1, 2v1 and 1v2, sides 1 to 6, in the three modes.

Each cell's certificate is stored with bluffmath (``bluffmath/liars_dice/certificates``):
an equilibrium of the reduced game (:func:`~bluffmath.liars_dice.game.reduced_liars_dice`,
whose value is the whole game's), checked by exact best responses when it is read.
``PUBLISHED`` holds the values of Thomas Ahle's ``snyd`` README, as printed there (floats
turned into fractions by ``limit_denominator``; its stairs mode plays other rules, see
:mod:`bluffmath.liars_dice`).

>>> value(1, 1, 6)
Fraction(-1, 9)
>>> value(2, 1, 4), PUBLISHED[2, 1, 4, "normal"], PUBLISHED[2, 1, 6, "normal"]
(Fraction(345, 1696), '345/1696', '0.275..')
>>> value(1, 1, 1, "joker") is None                 # no face 2 to call
True
"""

from __future__ import annotations

from fractions import Fraction
from importlib.resources import files

from bluffmath.equilibrium import Certificate, stored
from bluffmath.equilibrium.certificate import file_name
from bluffmath.equilibrium.games import certificate_folder
from bluffmath.liars_dice.rules import MODES, Rules

#: Every cell of the table: (d1, d2, sides, mode); joker and stairs need 2 sides.
CELLS = tuple((d1, d2, s, mode) for mode in MODES for d1, d2 in ((1, 1), (2, 1), (1, 2))
              for s in range(1, 7) if mode == "normal" or s > 1)

#: The values in the README of github.com/thomasahle/snyd, as printed ("" where it has none).
PUBLISHED: dict[tuple[int, int, int, str], str] = {}
for (_d1, _d2), _columns in {
    (1, 1): (("1", "0", "-1/9", "-1/8", "-3/35", "-1/9"), ("-", "1", "1/3", "0", "0", "-7/327"),
             ("-", "0", "1/9", "0", "1/25", "0")),
    (2, 1): (("1", "1/4", "1/9", "345/1696", "2128/8375", "0.275.."), ("-", "1", "1/3", "1/4", "34/125", "7/27"),
             ("-", "3/8", "1/27", "1/16", "", "")),
    (1, 2): (("1", "0", "-1/27", "-1/8", "-27/125", ""), ("-", "1", "-1/27", "-1/32", "-3/125", "-5/54"),
             ("-", "-1/4", "-1/27", "1/16", "", "")),
}.items():
    for _mode, _column in zip(MODES, _columns, strict=True):
        for _s, _text in enumerate(_column, start=1):
            PUBLISHED[_d1, _d2, _s, _mode] = _text


def spec(d1: int, d2: int, sides: int, mode: str = "normal") -> dict:
    """The spec of a cell's reduced game, which its stored certificate names."""
    Rules(d1, d2, sides, mode)  # checked
    return {"game": "liars-dice-reduced", "d1": d1, "d2": d2, "sides": sides, "mode": mode}


def _playable(d1: int, d2: int, sides: int, mode: str) -> bool:
    """Whether the variant exists (the joker and stairs modes need 2 sides); bad arguments
    are refused as :class:`Rules` refuses them."""
    Rules(d1, d2, sides)
    if mode not in MODES:
        Rules(d1, d2, sides, mode)  # refused, with the modes named
    return mode == "normal" or sides >= 2


def certificate(d1: int, d2: int, sides: int, mode: str = "normal") -> Certificate | None:
    """The stored certificate of a cell (verified when first read), or None."""
    if not _playable(d1, d2, sides, mode):
        return None
    return stored(spec(d1, d2, sides, mode))


def read(d1: int, d2: int, sides: int, mode: str = "normal") -> Certificate | None:
    """A cell's stored certificate read from its file and verified now, or None: unlike
    :func:`certificate`, it is not kept, so that a caller reading many cells (the
    ``table`` command) gives each one's memory back before the next.

    >>> read(1, 1, 3).value, read(2, 1, 5, "stairs")
    (Fraction(-1, 9), None)
    """
    if not _playable(d1, d2, sides, mode):
        return None
    package, folder = certificate_folder("liars-dice-reduced")
    path = files(package).joinpath(folder, file_name(spec(d1, d2, sides, mode)))
    if not path.is_file():
        return None
    cert = Certificate.from_json(path.read_text(encoding="utf-8"))
    cert.verify()
    return cert


def value(d1: int, d2: int, sides: int, mode: str = "normal") -> Fraction | None:
    """A cell's exact value to player 1, from its stored certificate (None: none stored)."""
    cert = certificate(d1, d2, sides, mode)
    return None if cert is None else cert.value
